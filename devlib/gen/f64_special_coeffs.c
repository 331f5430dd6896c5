/* devlib/gen/f64_special_coeffs.c — the polynomial coefficients of devlib/f64_special.cu
 * (the double error functions and their inverses), computed with MPFR. Not run at build
 * time. Each fit is the Chebyshev interpolant of degree n at the n+1 Chebyshev nodes of
 * [a, b], computed at 320 bits, written in the monomial basis of t = (x - m) / h
 * (m = (a+b)/2, h = (b-a)/2, t in [-1, 1]) and rounded to double; the program prints the
 * coefficients (lowest degree first) as C and the maximum relative error of the rounded
 * polynomial (evaluated exactly) against the function at NCHECK points. erf_p is printed
 * as erf(x)/x; devlib/f64_special.cu keeps its constant term minus 1 (exact). An argument
 * selects the fits whose names contain it (the erfinv ones take minutes: bisection).
 *
 *   cc -O2 -std=c17 devlib/gen/f64_special_coeffs.c -lmpfr -lgmp -lm -o /tmp/coeffs && /tmp/coeffs
 */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <string.h>

#define PREC 320
#define NCHECK 300
typedef void (*fn)(mpfr_t y, const mpfr_t x);

/* erf(sqrt(t)) / sqrt(t) (t > 0) */
static void f_erf(mpfr_t y, const mpfr_t t) {
  mpfr_t s;
  mpfr_init2(s, PREC);
  mpfr_sqrt(s, t, MPFR_RNDN);
  mpfr_erf(y, s, MPFR_RNDN);
  mpfr_div(y, y, s, MPFR_RNDN);
  mpfr_clear(s);
}
/* erfcx(x) = exp(x^2) erfc(x) */
static void f_erfcx(mpfr_t y, const mpfr_t x) {
  mpfr_t s;
  mpfr_init2(s, PREC);
  mpfr_sqr(s, x, MPFR_RNDN);
  mpfr_exp(s, s, MPFR_RNDN);
  mpfr_erfc(y, x, MPFR_RNDN);
  mpfr_mul(y, y, s, MPFR_RNDN);
  mpfr_clear(s);
}
/* x erfcx(x) as a function of u = 1/x^2 */
static void f_erfcx_asym(mpfr_t y, const mpfr_t u) {
  mpfr_t x;
  mpfr_init2(x, PREC);
  mpfr_rec_sqrt(x, u, MPFR_RNDN);
  f_erfcx(y, x);
  mpfr_mul(y, y, x, MPFR_RNDN);
  mpfr_clear(x);
}
/* erfinv by bisection and Newton at PREC bits; y in (0, 1) */
static void mp_erfinv(mpfr_t x, const mpfr_t y) {
  mpfr_t lo, hi, m, e;
  mpfr_inits2(PREC, lo, hi, m, e, (mpfr_ptr)0);
  mpfr_set_d(lo, 0, MPFR_RNDN), mpfr_set_d(hi, 30, MPFR_RNDN);
  for (int i = 0; i < PREC + 10; i++) {
    mpfr_add(m, lo, hi, MPFR_RNDN), mpfr_div_2ui(m, m, 1, MPFR_RNDN);
    mpfr_erf(e, m, MPFR_RNDN);
    if (mpfr_cmp(e, y) < 0)
      mpfr_set(lo, m, MPFR_RNDN);
    else
      mpfr_set(hi, m, MPFR_RNDN);
  }
  mpfr_set(x, lo, MPFR_RNDN);
  mpfr_clears(lo, hi, m, e, (mpfr_ptr)0);
}
/* erfinv(y)/y as a function of w = -log(1 - y^2) */
static void f_erfinv_w(mpfr_t r, const mpfr_t w) {
  mpfr_t y;
  mpfr_init2(y, PREC);
  mpfr_neg(y, w, MPFR_RNDN);
  mpfr_expm1(y, y, MPFR_RNDN);
  mpfr_neg(y, y, MPFR_RNDN);
  mpfr_sqrt(y, y, MPFR_RNDN);
  mp_erfinv(r, y);
  mpfr_div(r, r, y, MPFR_RNDN);
  mpfr_clear(y);
}
/* erfinv(y) as a function of s = sqrt(w); erfcinv through erfc for small 1-y */
static void f_erfinv_s(mpfr_t r, const mpfr_t s) {
  mpfr_t w, q, lo, hi, m, e;
  mpfr_inits2(PREC * 4, w, q, lo, hi, m, e, (mpfr_ptr)0);
  mpfr_sqr(w, s, MPFR_RNDN);
  /* 1 - y^2 = e^-w = q (2 - q), q = 1 - y = 1 - sqrt(1 - e^-w) */
  mpfr_neg(w, w, MPFR_RNDN);
  mpfr_exp(w, w, MPFR_RNDN);
  mpfr_ui_sub(q, 1, w, MPFR_RNDN);
  mpfr_sqrt(q, q, MPFR_RNDN);
  mpfr_ui_sub(q, 1, q, MPFR_RNDN);
  mpfr_set_d(lo, 0, MPFR_RNDN), mpfr_set_d(hi, 40, MPFR_RNDN);
  for (int i = 0; i < PREC + 10; i++) {
    mpfr_add(m, lo, hi, MPFR_RNDN), mpfr_div_2ui(m, m, 1, MPFR_RNDN);
    mpfr_erfc(e, m, MPFR_RNDN);
    if (mpfr_cmp(e, q) > 0)
      mpfr_set(lo, m, MPFR_RNDN);
    else
      mpfr_set(hi, m, MPFR_RNDN);
  }
  mpfr_set(r, lo, MPFR_RNDN);
  mpfr_clears(w, q, lo, hi, m, e, (mpfr_ptr)0);
}
/* Chebyshev interpolation -> monomial coefficients in t, rounded to double */
static void fit(const char *name, fn f, double a, double b, int n) {
  mpfr_t c[64], fx[64], x, th, tmp, p[64], q[64], r[64];
  mpfr_inits2(PREC, x, th, tmp, (mpfr_ptr)0);
  for (int i = 0; i <= n; i++)
    mpfr_inits2(PREC, c[i], fx[i], p[i], q[i], r[i], (mpfr_ptr)0);
  for (int k = 0; k <= n; k++) { /* nodes */
    mpfr_const_pi(th, MPFR_RNDN);
    mpfr_mul_ui(th, th, 2 * k + 1, MPFR_RNDN);
    mpfr_div_ui(th, th, 2 * (n + 1), MPFR_RNDN);
    mpfr_cos(tmp, th, MPFR_RNDN);
    mpfr_mul_d(x, tmp, (b - a) / 2, MPFR_RNDN);
    mpfr_add_d(x, x, (a + b) / 2, MPFR_RNDN);
    mpfr_set_prec(fx[k], PREC);
    f(fx[k], x);
    mpfr_prec_round(fx[k], PREC, MPFR_RNDN);
  }
  for (int j = 0; j <= n; j++) { /* c_j = 2/(n+1) sum f(x_k) T_j(t_k) */
    mpfr_set_zero(c[j], 1);
    for (int k = 0; k <= n; k++) {
      mpfr_const_pi(th, MPFR_RNDN);
      mpfr_mul_ui(th, th, (unsigned long)j * (2 * k + 1), MPFR_RNDN);
      mpfr_div_ui(th, th, 2 * (n + 1), MPFR_RNDN);
      mpfr_cos(tmp, th, MPFR_RNDN);
      mpfr_mul(tmp, tmp, fx[k], MPFR_RNDN);
      mpfr_add(c[j], c[j], tmp, MPFR_RNDN);
    }
    mpfr_mul_d(c[j], c[j], 2.0 / (n + 1), MPFR_RNDN);
  }
  mpfr_div_2ui(c[0], c[0], 1, MPFR_RNDN);
  /* monomial: T_0 = 1, T_1 = t, T_{k+1} = 2t T_k - T_{k-1}; p = T_{k-1}, q = T_k */
  for (int i = 0; i <= n; i++)
    mpfr_set_zero(r[i], 1), mpfr_set_zero(p[i], 1), mpfr_set_zero(q[i], 1);
  mpfr_set_ui(p[0], 1, MPFR_RNDN);
  mpfr_set(r[0], c[0], MPFR_RNDN);
  if (n >= 1) mpfr_set_ui(q[1], 1, MPFR_RNDN);
  for (int k = 1; k <= n; k++) {
    for (int i = 0; i <= n; i++)
      mpfr_fma(r[i], c[k], q[i], r[i], MPFR_RNDN);
    /* next = 2t q - p */
    for (int i = n; i >= 0; i--) {
      mpfr_mul_2ui(tmp, i ? q[i - 1] : tmp, 1, MPFR_RNDN);
      if (!i) mpfr_set_zero(tmp, 1);
      mpfr_sub(tmp, tmp, p[i], MPFR_RNDN);
      mpfr_set(p[i], q[i], MPFR_RNDN);
      mpfr_set(q[i], tmp, MPFR_RNDN);
    }
  }
  double cd[64];
  for (int i = 0; i <= n; i++)
    cd[i] = mpfr_get_d(r[i], MPFR_RNDN);
  /* error of the rounded polynomial */
  double maxrel = 0;
  for (int k = 1; k < NCHECK; k++) {
    double tt = -1 + 2.0 * k / NCHECK;
    mpfr_set_d(x, tt * (b - a) / 2 + (a + b) / 2, MPFR_RNDN);
    mpfr_set_prec(fx[0], PREC);
    f(fx[0], x);
    mpfr_prec_round(fx[0], PREC, MPFR_RNDN);
    mpfr_set_d(th, cd[n], MPFR_RNDN);
    for (int i = n - 1; i >= 0; i--) {
      mpfr_mul_d(th, th, tt, MPFR_RNDN);
      mpfr_add_d(th, th, cd[i], MPFR_RNDN);
    }
    mpfr_sub(th, th, fx[0], MPFR_RNDN);
    mpfr_div(th, th, fx[0], MPFR_RNDN);
    double e = fabs(mpfr_get_d(th, MPFR_RNDN));
    if (e > maxrel) maxrel = e;
  }
  printf("/* %s on [%g, %g], degree %d: max relative error %.3g (2^%.1f) */\n", name, a, b, n,
         maxrel, log2(maxrel));
  printf("#define %s_M %a\n#define %s_H %a\n", name, (a + b) / 2, name, (b - a) / 2);
  printf("static __device__ __inline__ double %s(double t) {\n  double p = %a;\n", name, cd[n]);
  for (int i = n - 1; i >= 0; i--)
    printf("  p = __builtin_fma(p, t, %a);\n", cd[i]);
  printf("  return p;\n}\n");
  mpfr_clears(x, th, tmp, (mpfr_ptr)0);
  for (int i = 0; i <= n; i++)
    mpfr_clears(c[i], fx[i], p[i], q[i], r[i], (mpfr_ptr)0);
}

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : "";
#define FIT(name, f, a, b, n)                                                                      \
  if (!*only || strstr(#name, only)) fit(#name, f, a, b, n)
  FIT(erf_p, f_erf, 0, 1, 14);
  FIT(erfcx_pz, f_erfcx, 0, 0.5, 16);
  FIT(erfcx_p0, f_erfcx, 0.5, 1, 16);
  FIT(erfcx_p1, f_erfcx, 1, 2, 18);
  FIT(erfcx_p2, f_erfcx, 2, 4, 20);
  FIT(erfcx_a1, f_erfcx_asym, 1.0 / 64, 1.0 / 16, 16);
  FIT(erfcx_a2, f_erfcx_asym, 0, 1.0 / 64, 16);
  FIT(erfinv_w, f_erfinv_w, 0, 6.25, 14);
  FIT(erfinv_s1, f_erfinv_s, 2.5, 6, 14);
  FIT(erfinv_s2, f_erfinv_s, 6, 27.5, 14);
  return 0;
}
