/* factor.c — libcufft's host arithmetic (docs/cufft.md, "Algorithms"): how a length
 * splits into Stockham passes, and the tables the kernels read — twiddles, Bluestein's
 * chirp and its transformed kernel — computed in long double and rounded once to the
 * plan's precision. No CUDA here. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cufft_internal.h"

static const long double half_pi = 1.570796326794896619231321691639751442L;

/* exp(-2 pi i k / n) for 0 <= k < n, in long double. The angle is reduced exactly with
 * integers: 4k = q n + r puts it in quadrant q at (pi/2) r/n, and a remainder past the
 * half quadrant is taken from the other end, so sinl and cosl only see [0, pi/4] and
 * the argument carries one rounding of 2^-64. */
static void root_long(long long k, long long n, long double *re, long double *im) {
  unsigned __int128 k4 = (unsigned __int128)k * 4;
  long long q = (long long)(k4 / (unsigned __int128)n);
  long long r = (long long)(k4 - (unsigned __int128)q * (unsigned __int128)n);
  long double c, s; /* cos and sin of (pi/2) r/n */
  if (2 * (unsigned __int128)r <= (unsigned __int128)n) {
    long double a = half_pi * (long double)r / (long double)n;
    c = cosl(a), s = sinl(a);
  } else {
    long double a = half_pi * (long double)(n - r) / (long double)n;
    c = sinl(a), s = cosl(a);
  }
  long double cos_t, sin_t; /* of 2 pi k / n = q pi/2 + (pi/2) r/n */
  switch (q & 3) {
  case 0: cos_t = c, sin_t = s; break;
  case 1: cos_t = -s, sin_t = c; break;
  case 2: cos_t = -c, sin_t = -s; break;
  default: cos_t = s, sin_t = -c; break;
  }
  *re = cos_t + 0.0L; /* + 0: no negative zeros */
  *im = -sin_t + 0.0L;
}

static void store(void *table, int precision, long long k, long double re, long double im) {
  if (precision) {
    ((double *)table)[2 * k] = (double)re;
    ((double *)table)[2 * k + 1] = (double)im;
  } else {
    ((float *)table)[2 * k] = (float)re;
    ((float *)table)[2 * k + 1] = (float)im;
  }
}

/* Calls put(k, exp(-2 pi i k / n)) for every k < limit (limit <= n). When 8 divides n,
 * only the first octant calls sinl/cosl: the other values are those octant values with
 * parts swapped and negated, exactly what root_long computes for them (the same reduced
 * angle), eight times faster. */
typedef struct root_sink {
  void (*put)(struct root_sink *sink, long long k, long double re, long double im);
  void *table;
  int precision;
} root_sink;

static void put_rotations(root_sink *sink, long long n, long long limit, long long k,
                          long double re, long double im) {
  const long long quarter = n / 4;
  long double values[4][2] = {{re, im}, {im, -re}, {-re, -im}, {-im, re}}; /* + q pi/2 */
  for (int q = 0; q < 4; q++)
    if (k + q * quarter < limit)
      sink->put(sink, k + q * quarter, values[q][0] + 0.0L, values[q][1] + 0.0L);
}

static void fill_roots_with(long long n, long long limit, root_sink *sink) {
  if (n % 8 != 0) {
    for (long long k = 0; k < limit; k++) {
      long double re, im;
      root_long(k, n, &re, &im);
      sink->put(sink, k, re, im);
    }
    return;
  }
  for (long long k = 0; k <= n / 8; k++) {
    long double re, im;
    root_long(k, n, &re, &im);
    put_rotations(sink, n, limit, k, re, im);
    if (k > 0 && k < n / 8) /* pi/2 - angle: cos and sin swap */
      put_rotations(sink, n, limit, n / 4 - k, -im, -re);
  }
}

static void put_rounded(root_sink *sink, long long k, long double re, long double im) {
  store(sink->table, sink->precision, k, re, im);
}

static void put_long(root_sink *sink, long long k, long double re, long double im) {
  long double *w = sink->table;
  w[2 * k] = re, w[2 * k + 1] = im;
}

void cufft_fill_roots(long long n, int precision, void *table) {
  root_sink sink = {put_rounded, table, precision};
  fill_roots_with(n, n, &sink);
}

/* exp(-pi i k^2 / n) = exp(-2 pi i (k^2 mod 2n) / 2n). */
static void chirp_long(long long k, long long n, long double *re, long double *im) {
  unsigned __int128 kk = (unsigned __int128)k * (unsigned __int128)k;
  long long e = (long long)(kk % (unsigned __int128)(2 * n));
  root_long(e, 2 * n, re, im);
}

void cufft_fill_chirp(long long n, int precision, void *table) {
  for (long long k = 0; k < n; k++) {
    long double re, im;
    chirp_long(k, n, &re, &im);
    store(table, precision, k, re, im);
  }
}

int cufft_fill_bluestein_kernel(long long n, long long m, int precision, void *table) {
  long double *b = calloc((size_t)m * 2, sizeof(long double));
  long double *w = malloc((size_t)(m / 2 + 1) * 2 * sizeof(long double));
  if (!b || !w) {
    free(b), free(w);
    return -1;
  }
  for (long long k = 0; k < n; k++) { /* b[k] = b[m - k] = conj(chirp[k]) */
    long double re, im;
    chirp_long(k, n, &re, &im);
    b[2 * k] = re, b[2 * k + 1] = -im;
    if (k) {
      b[2 * (m - k)] = re, b[2 * (m - k) + 1] = -im;
    }
  }
  root_sink sink = {put_long, w, 0};
  fill_roots_with(m, m / 2, &sink);
  /* In-place radix-2 decimation in time: bit reversal, then log2 m stages. */
  for (long long i = 1, j = 0; i < m; i++) {
    long long bit = m >> 1;
    for (; j & bit; bit >>= 1)
      j ^= bit;
    j ^= bit;
    if (i < j) {
      long double t0 = b[2 * i], t1 = b[2 * i + 1];
      b[2 * i] = b[2 * j], b[2 * i + 1] = b[2 * j + 1];
      b[2 * j] = t0, b[2 * j + 1] = t1;
    }
  }
  for (long long len = 2; len <= m; len *= 2) {
    long long step = m / len;
    for (long long s = 0; s < m; s += len)
      for (long long k = 0; k < len / 2; k++) {
        long double wr = w[2 * k * step], wi = w[2 * k * step + 1];
        long double *u = &b[2 * (s + k)], *v = &b[2 * (s + k + len / 2)];
        long double tr = v[0] * wr - v[1] * wi, ti = v[0] * wi + v[1] * wr;
        v[0] = u[0] - tr, v[1] = u[1] - ti;
        u[0] += tr, u[1] += ti;
      }
  }
  for (long long k = 0; k < m; k++)
    store(table, precision, k, b[2 * k] / (long double)m, b[2 * k + 1] / (long double)m);
  free(b);
  free(w);
  return 0;
}

/* Radices for n in pass order: 8 while 8 divides, then a 4 or a 2, then 3, 5, 7 and the
 * primes up to CUFFT_GENERAL_RADIX_MAX. Returns the count, or -1 when a larger prime
 * divides n. */
static int choose_radices(long long n, int *radix) {
  int count = 0;
  while (n % 8 == 0)
    radix[count++] = 8, n /= 8;
  if (n % 4 == 0) radix[count++] = 4, n /= 4;
  if (n % 2 == 0) radix[count++] = 2, n /= 2;
  for (int p = 3; p <= CUFFT_GENERAL_RADIX_MAX && n > 1; p += 2)
    while (n % p == 0)
      radix[count++] = p, n /= p;
  return n == 1 ? count : -1;
}

void cufft_factor_length(long long n, cufft_length_plan *lp) {
  memset(lp, 0, sizeof *lp);
  lp->n = n;
  int count = choose_radices(n, lp->radix);
  if (count >= 0) {
    lp->passes = count;
    return;
  }
  lp->bluestein = 1;
  lp->m = 1;
  while (lp->m < 2 * n - 1)
    lp->m *= 2;
  lp->m_passes = choose_radices(lp->m, lp->m_radix);
}
