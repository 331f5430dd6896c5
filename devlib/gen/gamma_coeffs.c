// devlib/gen/gamma_coeffs.c — the polynomial coefficients of devlib/f32_gamma.cu and
// devlib/f64_gamma.cu (lgamma, tgamma), computed with MPFR. Not run at build time; to
// regenerate:
//   cc -O2 devlib/gen/gamma_coeffs.c -o /tmp/gamma_coeffs -lmpfr -lgmp -lm && /tmp/gamma_coeffs
// For each kernel g on [a, b]: the polynomial of degree n interpolating g at the n + 1
// Chebyshev nodes of [a, b] (near the minimax polynomial), its Chebyshev coefficients by
// the discrete cosine sums in 160-bit arithmetic, converted to powers of v = x - c, each
// coefficient then rounded to float (f32) or double (f64). Printed: the coefficients
// (constant term first) and the maximum error relative to g over 800 points of [a, b],
// with the rounded coefficients and exact arithmetic. (The fitting code is the one of
// devlib/gen/f32_special_coeffs.c.)
//   LG1: log(Gamma(1 + t)) / t       (lgamma near its root 1)
//   LG2: log(Gamma(2 + t)) / t       (lgamma near its root 2, and the reduction's base)
//   G2:  (Gamma(2 + t) - 1) / t      (tgamma's base: Gamma(2 + t) = 1 + t G2(t))
//   ST:  s(x) x, v = 1 / x^2, where s(x) = log(Gamma(x)) - ((x - 1/2) log(x) - x + log(2 pi) / 2)
//        (Stirling's remainder, lgamma for large x: s(x) = x^-1 ST(x^-2))
//   SE:  sqrt(2 pi) exp(s(x)), v = 1 / x (tgamma for large x)
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>

#define PREC 160
#define MAXN 40
enum { LG1, LG2, G2, ST, SE };

// Stirling's remainder s(x) (above) at x.
static void stirling_rem(mpfr_t s, const mpfr_t x) {
  mpfr_t t, u;
  mpfr_inits2(PREC, t, u, (mpfr_ptr)0);
  mpfr_lngamma(s, x, MPFR_RNDN);
  mpfr_log(t, x, MPFR_RNDN), mpfr_sub_d(u, x, 0.5, MPFR_RNDN), mpfr_mul(t, t, u, MPFR_RNDN);
  mpfr_sub(t, t, x, MPFR_RNDN), mpfr_sub(s, s, t, MPFR_RNDN);
  mpfr_const_pi(t, MPFR_RNDN), mpfr_mul_2ui(t, t, 1, MPFR_RNDN), mpfr_log(t, t, MPFR_RNDN);
  mpfr_div_2ui(t, t, 1, MPFR_RNDN), mpfr_sub(s, s, t, MPFR_RNDN);
  mpfr_clears(t, u, (mpfr_ptr)0);
}

// The kernels, at x in the fitted interval.
static void kernel(mpfr_t g, int k, const mpfr_t x) {
  mpfr_t r, t, u;
  mpfr_init2(r, PREC);
  mpfr_inits2(4 * PREC, t, u, (mpfr_ptr)0); // 2 + t and Gamma(2 + t) - 1 exact next to 0
  switch (k) {
  case LG1:
  case LG2:
    mpfr_add_ui(t, x, k == LG1 ? 1 : 2, MPFR_RNDN), mpfr_lngamma(u, t, MPFR_RNDN);
    mpfr_div(g, u, x, MPFR_RNDN);
    break;
  case G2:
    mpfr_add_ui(t, x, 2, MPFR_RNDN), mpfr_gamma(u, t, MPFR_RNDN), mpfr_sub_ui(u, u, 1, MPFR_RNDN);
    mpfr_div(g, u, x, MPFR_RNDN);
    break;
  case ST: // x = v = 1 / y^2
    mpfr_rec_sqrt(r, x, MPFR_RNDN), stirling_rem(u, r), mpfr_mul(g, u, r, MPFR_RNDN);
    break;
  case SE: // x = v = 1 / y
    mpfr_ui_div(r, 1, x, MPFR_RNDN), stirling_rem(u, r), mpfr_exp(u, u, MPFR_RNDN);
    mpfr_const_pi(t, MPFR_RNDN), mpfr_mul_2ui(t, t, 1, MPFR_RNDN), mpfr_sqrt(t, t, MPFR_RNDN);
    mpfr_mul(g, u, t, MPFR_RNDN);
    break;
  }
  mpfr_clears(r, t, u, (mpfr_ptr)0);
}

static void fit(const char *name, int k, double a, double b, double c, int n, int dbl) {
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
  double cf[MAXN + 1];
  for (int j = 0; j <= n; j++)
    cf[j] = dbl ? mpfr_get_d(mono[j], MPFR_RNDN) : (double)mpfr_get_flt(mono[j], MPFR_RNDN);
  double maxe = 0;
  for (int i = 0; i <= 800; i++) {
    mpfr_set_d(x, a + (b - a) * i / 800.0, MPFR_RNDN);
    if (i == 0) mpfr_set_d(x, a + (b - a) * 1e-6, MPFR_RNDN); // not 0 itself: the limit
    kernel(g, k, x);
    mpfr_set_d(v, c, MPFR_RNDN), mpfr_sub(v, x, v, MPFR_RNDN);
    mpfr_set_d(p, cf[n], MPFR_RNDN);
    for (int j = n - 1; j >= 0; j--) {
      mpfr_mul(p, p, v, MPFR_RNDN);
      mpfr_add_d(p, p, cf[j], MPFR_RNDN);
    }
    mpfr_sub(e, p, g, MPFR_RNDN);
    mpfr_div(e, e, g, MPFR_RNDN);
    double ed = fabs(mpfr_get_d(e, MPFR_RNDN));
    if (ed > maxe) maxe = ed;
  }
  printf("// %s: [%g, %g], v = x - %g, degree %d: max relative error 2^%.1f\n", name, a, b, c, n,
         log2(maxe));
  for (int j = 0; j <= n; j++)
    printf("%a%s%s", cf[j], dbl ? "" : "f", j < n ? ", " : "\n");
  for (int i = 0; i <= MAXN; i++)
    mpfr_clears(ch[i], mono[i], tk[i], tk1[i], tk2[i], (mpfr_ptr)0);
  mpfr_clears(x, g, s, pi, hw, mid, e, v, p, u0, u1, (mpfr_ptr)0);
}

// Argument: "f" the float kernels, "d" the double kernels, "x K a b n" one fit of
// kernel K (0..4) on [a, b] of degree n in double (for choosing degrees).
int main(int argc, char **argv) {
  int all = argc < 2;
  if (argc == 6 && argv[1][0] == 'x') {
    fit("trial", atoi(argv[2]), atof(argv[3]), atof(argv[4]), 0, atoi(argv[5]), 1);
    return 0;
  }
  if (all || argv[1][0] == 'f') {
    printf("// float\n");
    fit("LG1", LG1, -0.25, 0.5, 0, 11, 0);
    fit("LG2", LG2, -0.5, 0.5, 0, 10, 0);
    fit("G2", G2, -0.5, 0.5, 0, 10, 0);
    fit("ST (x >= 10)", ST, 0, 0.01, 0, 2, 0);
  }
  if (all || argv[1][0] == 'd') {
    printf("// double\n");
    fit("LG1", LG1, -0.25, 0.5, 0, 24, 1);
    fit("LG2", LG2, -0.5, 0.5, 0, 20, 1);
    fit("G2", G2, -0.5, 0.5, 0, 20, 1);
    fit("ST (x >= 10)", ST, 0, 0.01, 0, 7, 1);
    fit("SE (x >= 12)", SE, 0, 1.0 / 12, 0, 8, 1);
  }
  return 0;
}
