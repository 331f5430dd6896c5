/* test_tables.c — libcufft's constant tables (libraries/cufft/factor.c) against MPFR:
 * the twiddles exp(-2 pi i k / n) and Bluestein's chirp exp(-pi i k^2 / n) are the
 * correctly rounded cosines and sines, in float always and in double but for rare
 * double roundings (long double -> double; each then 1 ulp off, counted and bounded);
 * Bluestein's transformed kernel agrees with a direct DFT in long double. CTest
 * cufft.tables. */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>

#include "cufft_internal.h"

static int failures;

/* Correctly rounded cos and -sin of pi * num / den (num reduced modulo 2 den exactly),
 * MPFR's cospi/sinpi at 256 bits: exact where the value is 0 or +-1. */
static void exact_root(long long num, long long den, double *re, double *im, float *fre,
                       float *fim) {
  mpfr_t a, s, c;
  mpfr_inits2(256, a, s, c, (mpfr_ptr)0);
  mpfr_set_si(a, num % (2 * den), MPFR_RNDN);
  mpfr_div_si(a, a, den, MPFR_RNDN);
  mpfr_cospi(c, a, MPFR_RNDN);
  mpfr_sinpi(s, a, MPFR_RNDN);
  mpfr_neg(s, s, MPFR_RNDN);
  *re = mpfr_get_d(c, MPFR_RNDN), *im = mpfr_get_d(s, MPFR_RNDN);
  *fre = mpfr_get_flt(c, MPFR_RNDN), *fim = mpfr_get_flt(s, MPFR_RNDN);
  mpfr_clears(a, s, c, (mpfr_ptr)0);
}

static int ulps_apart(double a, double b) {
  if (a == b) return 0; /* also +0 and -0: no negative zeros is checked apart */
  return fabs(a - b) <= fabs(nextafter(b, a) - b) ? 1 : 2;
}

/* The table of count values (twiddles: angle 2 pi k / n; chirp: pi k^2 / n). */
static void check_table(const char *what, long long n, long long count, int chirp) {
  double *d = malloc(16 * (size_t)count);
  float *f = malloc(8 * (size_t)count);
  if (chirp) {
    cufft_fill_chirp(n, 1, d);
    cufft_fill_chirp(n, 0, f);
  } else {
    cufft_fill_roots(n, 1, d);
    cufft_fill_roots(n, 0, f);
  }
  long long off_double = 0, off_float = 0, far = 0;
  for (long long k = 0; k < count; k++) {
    double re, im;
    float fre, fim;
    if (chirp)
      exact_root((k * k) % (2 * n), n, &re, &im, &fre, &fim);
    else
      exact_root(2 * k, n, &re, &im, &fre, &fim);
    int ud = ulps_apart(d[2 * k], re) + ulps_apart(d[2 * k + 1], im);
    off_double += ud > 0;
    off_float += f[2 * k] != fre || f[2 * k + 1] != fim;
    far += ulps_apart(d[2 * k], re) > 1 || ulps_apart(d[2 * k + 1], im) > 1;
  }
  /* Double rounding (64 -> 53 bits) misses the nearest double about once in 2^10-2^11
   * values; allow 1 in 256, each at most 1 ulp. */
  int ok = off_float == 0 && far == 0 && off_double * 256 <= count;
  printf("%-10s n=%-7lld %lld values: float not correctly rounded %lld, double %lld (1 ulp), "
         "more than 1 ulp %lld%s\n",
         what, n, count, off_float, off_double, far, ok ? "" : "  FAIL");
  failures += !ok;
  free(d), free(f);
}

/* Bluestein's kernel: (1/m) DFT_m(b), b[k] = exp(pi i k^2 / n) for |k| < n. */
static void check_kernel(long long n, long long m) {
  double *h = malloc(16 * (size_t)m);
  if (cufft_fill_bluestein_kernel(n, m, 1, h) != 0) {
    printf("FAIL: no memory\n");
    failures++;
    return;
  }
  long double num = 0, den = 0;
  const long double pi = 3.141592653589793238462643383279502884L;
  for (long long j = 0; j < m; j++) {
    long double re = 0, im = 0;
    for (long long k = -(n - 1); k < n; k++) {
      long long kk = ((k % m) + m) % m;
      long double b = pi * (long double)((k * k) % (2 * n)) / n; /* angle of b[k] */
      long double w = -2 * pi * (long double)((j * kk) % m) / m; /* DFT root */
      re += cosl(b + w), im += sinl(b + w);
    }
    re /= m, im /= m;
    num += (h[2 * j] - re) * (h[2 * j] - re) + (h[2 * j + 1] - im) * (h[2 * j + 1] - im);
    den += re * re + im * im;
  }
  double err = (double)sqrtl(num / den);
  int ok = err < 4e-16;
  printf("kernel     n=%-7lld m=%lld: relative RMS error %.2e%s\n", n, m, err, ok ? "" : "  FAIL");
  failures += !ok;
  free(h);
}

int main(void) {
  const long long lengths[] = {1, 2, 3, 8, 12, 40, 97, 1000, 1024, 4096, 12288, 65536, 30030};
  for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++)
    check_table("twiddles", lengths[i], lengths[i], 0);
  const long long primes[] = {37, 97, 1009, 4099};
  for (size_t i = 0; i < sizeof primes / sizeof *primes; i++)
    check_table("chirp", primes[i], primes[i], 1);
  check_kernel(37, 128);
  check_kernel(97, 256);
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
