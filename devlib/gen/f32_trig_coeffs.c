// devlib/gen/f32_trig_coeffs.c — the polynomial coefficients of devlib/f32_trig.cu,
// computed with MPFR. Not run at build time; to regenerate:
//   cc -O2 devlib/gen/f32_trig_coeffs.c -o /tmp/f32_trig_coeffs -lmpfr -lgmp -lm &&
//   /tmp/f32_trig_coeffs
// For each kernel g(z) (z = r^2, a function smooth on [0, zmax]), the polynomial of
// degree n-1 interpolating g at the n Chebyshev nodes of [0, zmax] (near the minimax
// polynomial), solved in 256-bit arithmetic, each coefficient then rounded to float. Printed:
// the float coefficients (hex and decimal) and the maximum error, over 20000 points of
// the interval, of r + r^3 g(z) (resp. 1 - z/2 + z^2 g(z)) relative to the function,
// with the float coefficients and exact arithmetic.
// It also prints the float nearest a multiple of pi/2 (smallest reduced argument of
// sinf/cosf/tanf) per binade, from the 128-bit window of 2/pi that the Payne–Hanek
// reduction of devlib/f32_trig.cu reads (every float of [1/2, 2^128): 2^30 products): the
// bounds the reduction's error analysis uses (|r| > 2^-27.8 below 2^17, > 2^-29.3 for
// every float) and the hardest inputs of tests/e2e/math_f32_trig.cu.
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define PREC 256
enum { SIN, COS, ATAN, ASIN };

// g(z) for kernel k at z > 0: the part of the function the polynomial approximates.
static void kernel(mpfr_t g, int k, const mpfr_t z) {
  mpfr_t r, f, t;
  mpfr_inits2(PREC, r, f, t, (mpfr_ptr)0);
  mpfr_sqrt(r, z, MPFR_RNDN);
  switch (k) {
  case SIN: // (sin r - r) / r^3
    mpfr_sin(f, r, MPFR_RNDN), mpfr_sub(f, f, r, MPFR_RNDN);
    mpfr_mul(t, z, r, MPFR_RNDN), mpfr_div(g, f, t, MPFR_RNDN);
    break;
  case COS: // (cos r - 1 + z/2) / z^2
    mpfr_cos(f, r, MPFR_RNDN), mpfr_sub_ui(f, f, 1, MPFR_RNDN);
    mpfr_div_2ui(t, z, 1, MPFR_RNDN), mpfr_add(f, f, t, MPFR_RNDN);
    mpfr_sqr(t, z, MPFR_RNDN), mpfr_div(g, f, t, MPFR_RNDN);
    break;
  case ATAN: // (atan r - r) / r^3
    mpfr_atan(f, r, MPFR_RNDN), mpfr_sub(f, f, r, MPFR_RNDN);
    mpfr_mul(t, z, r, MPFR_RNDN), mpfr_div(g, f, t, MPFR_RNDN);
    break;
  case ASIN: // (asin r - r) / r^3
    mpfr_asin(f, r, MPFR_RNDN), mpfr_sub(f, f, r, MPFR_RNDN);
    mpfr_mul(t, z, r, MPFR_RNDN), mpfr_div(g, f, t, MPFR_RNDN);
    break;
  }
  mpfr_clears(r, f, t, (mpfr_ptr)0);
}

// The whole function at r (for the error measurement) from g's polynomial value p.
static void whole(mpfr_t out, int k, const mpfr_t z, const mpfr_t p, int exact) {
  mpfr_t r, t;
  mpfr_inits2(PREC, r, t, (mpfr_ptr)0);
  mpfr_sqrt(r, z, MPFR_RNDN);
  if (exact) {
    if (k == SIN) mpfr_sin(out, r, MPFR_RNDN);
    if (k == COS) mpfr_cos(out, r, MPFR_RNDN);
    if (k == ATAN) mpfr_atan(out, r, MPFR_RNDN);
    if (k == ASIN) mpfr_asin(out, r, MPFR_RNDN);
  } else if (k == COS) {
    mpfr_sqr(t, z, MPFR_RNDN), mpfr_mul(t, t, p, MPFR_RNDN);
    mpfr_div_2ui(out, z, 1, MPFR_RNDN), mpfr_ui_sub(out, 1, out, MPFR_RNDN);
    mpfr_add(out, out, t, MPFR_RNDN);
  } else {
    mpfr_mul(t, z, r, MPFR_RNDN), mpfr_mul(t, t, p, MPFR_RNDN);
    mpfr_add(out, r, t, MPFR_RNDN);
  }
  mpfr_clears(r, t, (mpfr_ptr)0);
}

// Solves the n x n system a c = b (Gaussian elimination with partial pivoting).
static void solve(int n, mpfr_t *a, mpfr_t *b, mpfr_t *c) {
  mpfr_t f, t;
  mpfr_inits2(PREC, f, t, (mpfr_ptr)0);
  for (int i = 0; i < n; i++) {
    int p = i;
    for (int j = i + 1; j < n; j++)
      if (mpfr_cmpabs(a[j * n + i], a[p * n + i]) > 0) p = j;
    for (int j = 0; j < n; j++)
      mpfr_swap(a[i * n + j], a[p * n + j]);
    mpfr_swap(b[i], b[p]);
    for (int j = i + 1; j < n; j++) {
      mpfr_div(f, a[j * n + i], a[i * n + i], MPFR_RNDN);
      for (int l = i; l < n; l++)
        mpfr_mul(t, f, a[i * n + l], MPFR_RNDN), mpfr_sub(a[j * n + l], a[j * n + l], t, MPFR_RNDN);
      mpfr_mul(t, f, b[i], MPFR_RNDN), mpfr_sub(b[j], b[j], t, MPFR_RNDN);
    }
  }
  for (int i = n - 1; i >= 0; i--) {
    mpfr_set(c[i], b[i], MPFR_RNDN);
    for (int l = i + 1; l < n; l++)
      mpfr_mul(t, a[i * n + l], c[l], MPFR_RNDN), mpfr_sub(c[i], c[i], t, MPFR_RNDN);
    mpfr_div(c[i], c[i], a[i * n + i], MPFR_RNDN);
  }
  mpfr_clears(f, t, (mpfr_ptr)0);
}

static void fit(const char *name, int k, double zmax, int n) {
  mpfr_t a[32 * 32], b[32], c[32], z, t, pi;
  float cf[32];
  mpfr_inits2(PREC, z, t, pi, (mpfr_ptr)0);
  for (int i = 0; i < n * n; i++)
    mpfr_init2(a[i], PREC);
  for (int i = 0; i < n; i++)
    mpfr_init2(b[i], PREC), mpfr_init2(c[i], PREC);
  mpfr_const_pi(pi, MPFR_RNDN);
  for (int i = 0; i < n; i++) { // Chebyshev node i of [0, zmax]
    mpfr_mul_ui(t, pi, 2 * i + 1, MPFR_RNDN), mpfr_div_ui(t, t, 2 * n, MPFR_RNDN);
    mpfr_cos(t, t, MPFR_RNDN), mpfr_add_ui(t, t, 1, MPFR_RNDN);
    mpfr_mul_d(z, t, zmax / 2, MPFR_RNDN);
    kernel(b[i], k, z);
    mpfr_set_ui(t, 1, MPFR_RNDN);
    for (int j = 0; j < n; j++)
      mpfr_set(a[i * n + j], t, MPFR_RNDN), mpfr_mul(t, t, z, MPFR_RNDN);
  }
  solve(n, a, b, c);
  for (int j = 0; j < n; j++)
    cf[j] = mpfr_get_flt(c[j], MPFR_RNDN);
  double worst = 0;
  for (int i = 1; i <= 20000; i++) {
    mpfr_t p, w, e;
    mpfr_inits2(PREC, p, w, e, (mpfr_ptr)0);
    mpfr_set_d(z, zmax * i / 20000, MPFR_RNDN);
    mpfr_set_ui(p, 0, MPFR_RNDN);
    for (int j = n - 1; j >= 0; j--)
      mpfr_mul(p, p, z, MPFR_RNDN), mpfr_add_d(p, p, cf[j], MPFR_RNDN);
    whole(w, k, z, p, 0), whole(e, k, z, p, 1);
    mpfr_sub(w, w, e, MPFR_RNDN), mpfr_div(w, w, e, MPFR_RNDN);
    double d = mpfr_get_d(w, MPFR_RNDN);
    if (d < 0) d = -d;
    if (d > worst) worst = d;
    mpfr_clears(p, w, e, (mpfr_ptr)0);
  }
  printf("%s: z in [0, %g], %d coefficients, max relative error 2^%.2f\n", name, zmax, n,
         worst > 0 ? __builtin_log2(worst) : -999.0);
  for (int j = 0; j < n; j++)
    printf("  %a, // %.9g\n", cf[j], cf[j]);
}

// The bits of 2/pi behind a zero word, as devlib/f32_trig.cu's table.
static const uint32_t two_over_pi_bits[10] = {0x00000000u, 0xa2f9836eu, 0x4e441529u, 0xfc2757d1u,
                                              0xf534ddc0u, 0xdb629599u, 0x3c439041u, 0xfe5163abu,
                                              0xdebbc561u, 0xb7246e3au};

// For each binade of floats x >= 1/2: the smallest |x - k pi/2| over its 2^23 floats
// (the window W of 128 bits from bit e-1 on: x 2/pi = m W 2^-126 mod 4, its fraction the
// low 126 bits of m W).
static void hardest_reductions(void) {
  double overall = 1;
  for (int field = 126; field <= 254; field++) {
    int e = field - 150, g = e + 30, idx = g >> 5, shift = g & 31;
    unsigned __int128 w = 0;
    for (int j = 0; j < 4; j++) {
      uint64_t two = ((uint64_t)two_over_pi_bits[idx + j] << 32) | two_over_pi_bits[idx + j + 1];
      w = (w << 32) | ((two >> (32 - shift)) & 0xffffffffu);
    }
    double best = 1;
    uint32_t best_m = 0;
    for (uint32_t m = 0x800000u; m < 0x1000000u; m++) {
      int64_t f = (int64_t)(uint64_t)((w * m) >> 62); // the fraction, signed, 2^-64 units
      double d = fabs((double)f) * 0x1p-64 * 1.5707963267948966;
      if (d < best) best = d, best_m = m;
    }
    if (best < overall) overall = best;
    printf("binade 2^%d: smallest reduced argument 2^%.2f at %a\n", e + 23, log2(best),
           ldexp(best_m, e));
  }
  printf("every float >= 1/2: smallest reduced argument 2^%.2f\n", log2(overall));
}

int main(int argc, char **argv) {
  (void)argc, (void)argv;
  fit("sin", SIN, 0.64, 4);
  fit("cos", COS, 0.64, 4);
  // |r| <= 0.8 covers the reduced arguments of sinf/cosf (pi/4 plus the slack of a
  // rounded quotient) and of sinpif/cospif (pi/4).
  fit("atan", ATAN, 0.25, 7); // atan on [0, 1/2] (above 1/2, atan(1/2) + atan((2t-1)/(2+t)))
  fit("asin", ASIN, 0.25, 6); // asin on [0, 1/2]
  hardest_reductions();
  return 0;
}
