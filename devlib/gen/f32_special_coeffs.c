// devlib/gen/f32_special_coeffs.c — the polynomial coefficients of devlib/f32_special.cu,
// computed with MPFR. Not run at build time; to regenerate:
//   cc -O2 devlib/gen/f32_special_coeffs.c -o /tmp/f32_special_coeffs -lmpfr -lgmp -lm &&
//   /tmp/f32_special_coeffs
// For each kernel g on [a, b]: the polynomial of degree n interpolating g at the n + 1
// Chebyshev nodes of [a, b] (near the minimax polynomial), its Chebyshev coefficients by
// the discrete cosine sums in 256-bit arithmetic, converted to powers of v = x - c (c the
// given expansion point), each coefficient then rounded to float. Printed: the float
// coefficients (constant term first) and the maximum error, over 800 points of [a, b],
// relative to g (for erfcinv: to x + g), with the float coefficients and exact arithmetic.
// erfinv has no MPFR function: it is solved from mpfr_erf / mpfr_erfc by bisection
// (200 steps at 256 bits).
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>

#define PREC 160
#define MAXN 40
enum { ERF_SMALL, ERFCX_T, ERFINV_C, ERFINV_T };

// r with erfc(r) = z (0 < z < 1), by bisection on [0, 12].
static void erfcinv_m(mpfr_t r, const mpfr_t z) {
  mpfr_t lo, hi, f;
  mpfr_inits2(PREC, lo, hi, f, (mpfr_ptr)0);
  mpfr_set_ui(lo, 0, MPFR_RNDN), mpfr_set_ui(hi, 12, MPFR_RNDN);
  for (int i = 0; i < 120; i++) {
    mpfr_add(r, lo, hi, MPFR_RNDN), mpfr_div_2ui(r, r, 1, MPFR_RNDN);
    mpfr_erfc(f, r, MPFR_RNDN);
    if (mpfr_cmp(f, z) > 0)
      mpfr_set(lo, r, MPFR_RNDN);
    else
      mpfr_set(hi, r, MPFR_RNDN);
  }
  mpfr_clears(lo, hi, f, (mpfr_ptr)0);
}

// r with erf(r) = y (0 < y < 0.8), by bisection on [0, 2].
static void erfinv_m(mpfr_t r, const mpfr_t y) {
  mpfr_t lo, hi, f;
  mpfr_inits2(PREC, lo, hi, f, (mpfr_ptr)0);
  mpfr_set_ui(lo, 0, MPFR_RNDN), mpfr_set_ui(hi, 2, MPFR_RNDN);

  mpfr_set_ui(hi, 2, MPFR_RNDN);
  for (int i = 0; i < 120; i++) {
    mpfr_add(r, lo, hi, MPFR_RNDN), mpfr_div_2ui(r, r, 1, MPFR_RNDN);
    mpfr_erf(f, r, MPFR_RNDN);
    if (mpfr_cmp(f, y) < 0)
      mpfr_set(lo, r, MPFR_RNDN);
    else
      mpfr_set(hi, r, MPFR_RNDN);
  }
  mpfr_clears(lo, hi, f, (mpfr_ptr)0);
}

// The kernels, at x in the fitted interval.
static void kernel(mpfr_t g, int k, const mpfr_t x) {
  mpfr_t r, t, u;
  mpfr_inits2(PREC, r, t, u, (mpfr_ptr)0);
  switch (k) {
  case ERF_SMALL: // erf(r) / r, r = sqrt(x)
    mpfr_sqrt(r, x, MPFR_RNDN), mpfr_erf(t, r, MPFR_RNDN), mpfr_div(g, t, r, MPFR_RNDN);
    break;
  case ERFCX_T: // erfcx(y) (1 + 2 y), y = 2 (1 + x) / (1 - x)
    mpfr_add_ui(t, x, 1, MPFR_RNDN), mpfr_ui_sub(u, 1, x, MPFR_RNDN);
    mpfr_div(r, t, u, MPFR_RNDN), mpfr_mul_2ui(r, r, 1, MPFR_RNDN);
    mpfr_sqr(t, r, MPFR_RNDN), mpfr_exp(t, t, MPFR_RNDN);
    mpfr_erfc(u, r, MPFR_RNDN), mpfr_mul(t, t, u, MPFR_RNDN);
    mpfr_mul_2ui(u, r, 1, MPFR_RNDN), mpfr_add_ui(u, u, 1, MPFR_RNDN);
    mpfr_mul(g, t, u, MPFR_RNDN);
    break;
  case ERFINV_C: // erfinv(y) / y, y = sqrt(x)
    mpfr_sqrt(r, x, MPFR_RNDN), erfinv_m(u, r), mpfr_div(g, u, r, MPFR_RNDN);
    break;
  case ERFINV_T: // erfcinv(z) - x, z (2 - z) = exp(-x^2): z = e / (1 + sqrt(1 - e))
    mpfr_sqr(t, x, MPFR_RNDN), mpfr_neg(t, t, MPFR_RNDN), mpfr_exp(t, t, MPFR_RNDN);
    mpfr_ui_sub(u, 1, t, MPFR_RNDN), mpfr_sqrt(u, u, MPFR_RNDN), mpfr_add_ui(u, u, 1, MPFR_RNDN);
    mpfr_div(t, t, u, MPFR_RNDN);
    erfcinv_m(g, t), mpfr_sub(g, g, x, MPFR_RNDN);
    break;
  }
  mpfr_clears(r, t, u, (mpfr_ptr)0);
}

static void fit(const char *name, int k, double a, double b, double c, int n) {
  mpfr_t x, g, s, ch[MAXN + 1], mono[MAXN + 1], tk[MAXN + 1], tk1[MAXN + 1], tk2[MAXN + 1], pi, hw,
      mid, e, v, p;
  mpfr_inits2(PREC, x, g, s, pi, hw, mid, e, v, p, (mpfr_ptr)0);
  for (int i = 0; i <= MAXN; i++) {
    mpfr_inits2(PREC, ch[i], mono[i], tk[i], tk1[i], tk2[i], (mpfr_ptr)0);
    mpfr_set_ui(ch[i], 0, MPFR_RNDN), mpfr_set_ui(mono[i], 0, MPFR_RNDN);
  }
  mpfr_const_pi(pi, MPFR_RNDN);
  mpfr_set_d(hw, (b - a) / 2, MPFR_RNDN), mpfr_set_d(mid, (a + b) / 2, MPFR_RNDN);
  int N = n + 1;
  for (int j = 0; j < N; j++) { // node theta_j = pi (j + 1/2) / N
    mpfr_t th, cj;
    mpfr_inits2(PREC, th, cj, (mpfr_ptr)0);
    mpfr_mul_d(th, pi, j + 0.5, MPFR_RNDN), mpfr_div_ui(th, th, N, MPFR_RNDN);
    mpfr_cos(cj, th, MPFR_RNDN);
    mpfr_fma(x, cj, hw, mid, MPFR_RNDN);
    kernel(g, k, x);
    for (int i = 0; i < N; i++) {
      mpfr_mul_ui(s, th, i, MPFR_RNDN), mpfr_cos(s, s, MPFR_RNDN), mpfr_mul(s, s, g, MPFR_RNDN);
      mpfr_add(ch[i], ch[i], s, MPFR_RNDN);
    }
    mpfr_clears(th, cj, (mpfr_ptr)0);
  }
  for (int i = 0; i < N; i++)
    mpfr_mul_d(ch[i], ch[i], (i ? 2.0 : 1.0) / N, MPFR_RNDN);
  // sum ch[i] T_i(u), u = (x - mid) / hw = (v + c - mid) / hw, as a polynomial in v:
  // T_i as polynomials in v by the recurrence T_{i+1} = 2 u T_i - T_{i-1}.
  mpfr_t u0, u1; // u = u0 + u1 v
  mpfr_inits2(PREC, u0, u1, (mpfr_ptr)0);
  mpfr_set_d(u0, c, MPFR_RNDN), mpfr_sub(u0, u0, mid, MPFR_RNDN), mpfr_div(u0, u0, hw, MPFR_RNDN);
  mpfr_ui_div(u1, 1, hw, MPFR_RNDN);
  for (int i = 0; i <= MAXN; i++)
    mpfr_set_ui(tk2[i], 0, MPFR_RNDN), mpfr_set_ui(tk1[i], 0, MPFR_RNDN);
  mpfr_set_ui(tk2[0], 1, MPFR_RNDN);                                // T_0
  mpfr_set(tk1[0], u0, MPFR_RNDN), mpfr_set(tk1[1], u1, MPFR_RNDN); // T_1
  for (int j = 0; j <= MAXN; j++)
    mpfr_fma(mono[j], ch[0], tk2[j], mono[j], MPFR_RNDN);
  if (N > 1)
    for (int j = 0; j <= MAXN; j++)
      mpfr_fma(mono[j], ch[1], tk1[j], mono[j], MPFR_RNDN);
  for (int i = 2; i < N; i++) {
    for (int j = 0; j <= MAXN; j++) { // tk = 2 (u0 + u1 v) tk1 - tk2
      mpfr_mul(tk[j], tk1[j], u0, MPFR_RNDN);
      if (j) mpfr_fma(tk[j], tk1[j - 1], u1, tk[j], MPFR_RNDN);
      mpfr_mul_2ui(tk[j], tk[j], 1, MPFR_RNDN), mpfr_sub(tk[j], tk[j], tk2[j], MPFR_RNDN);
    }
    for (int j = 0; j <= MAXN; j++) {
      mpfr_fma(mono[j], ch[i], tk[j], mono[j], MPFR_RNDN);
      mpfr_set(tk2[j], tk1[j], MPFR_RNDN), mpfr_set(tk1[j], tk[j], MPFR_RNDN);
    }
  }
  float cf[MAXN + 1];
  for (int j = 0; j <= n; j++)
    cf[j] = mpfr_get_flt(mono[j], MPFR_RNDN);
  double maxe = 0;
  for (int i = 0; i <= 800; i++) {
    mpfr_set_d(x, a + (b - a) * i / 800.0, MPFR_RNDN);
    if (i == 0) mpfr_set_d(x, a + (b - a) * 1e-6, MPFR_RNDN); // not 0 itself: the limit
    kernel(g, k, x);
    mpfr_set_d(v, c, MPFR_RNDN), mpfr_sub(v, x, v, MPFR_RNDN);
    mpfr_set_flt(p, cf[n], MPFR_RNDN);
    for (int j = n - 1; j >= 0; j--) {
      mpfr_mul(p, p, v, MPFR_RNDN);
      mpfr_add_d(p, p, cf[j], MPFR_RNDN);
    }
    mpfr_sub(e, p, g, MPFR_RNDN);
    if (k == ERFINV_T) mpfr_add(g, g, x, MPFR_RNDN); // relative to erfcinv(z) = x + g
    mpfr_div(e, e, g, MPFR_RNDN);
    double ed = fabs(mpfr_get_d(e, MPFR_RNDN));
    if (ed > maxe) maxe = ed;
  }
  printf("// %s: [%g, %g], v = x - %g, degree %d: max relative error 2^%.1f\n", name, a, b, c, n,
         log2(maxe));
  for (int j = 0; j <= n; j++)
    printf("%a%s", cf[j], j < n ? "f, " : "f\n");
  for (int i = 0; i <= MAXN; i++)
    mpfr_clears(ch[i], mono[i], tk[i], tk1[i], tk2[i], (mpfr_ptr)0);
  mpfr_clears(x, g, s, pi, hw, mid, e, v, p, u0, u1, (mpfr_ptr)0);
}

// No argument: every kernel; "e": the erf/erfc kernels; "i": the erfinv kernels.
int main(int argc, char **argv) {
  int all = argc < 2;
  if (all || argv[1][0] == 'e') {
    fit("ERF_SMALL (erf(r)/r, x = r^2)", ERF_SMALL, 0, 1, 0, 8);
    fit("ERFCX_T (erfcx(y)(1+2y), y = 2(1+x)/(1-x))", ERFCX_T, -1, 1, 0, 14);
  }
  if (all || argv[1][0] == 'i') fit("ERFINV_C (erfinv(r)/r, x = r^2)", ERFINV_C, 0, 0.5625, 0, 10);
  if (all || argv[1][0] == 'i') {
    fit("ERFINV_T1 (erfcinv(z) - x, x = sqrt(-log(z(2-z))))", ERFINV_T, 0.53, 2.25, 1.4, 10);
    fit("ERFINV_T2", ERFINV_T, 2.25, 4.0, 3.1, 8);
    fit("ERFINV_T3", ERFINV_T, 4.0, 10.25, 7.1, 12);
  }
  return 0;
}
