/* devlib/gen/f64_bessel_coeffs.c — the tables and polynomial coefficients of
 * devlib/f64_bessel.cu (double Bessel functions j0, j1, y0, y1 and the modified
 * cyl_bessel_i0, cyl_bessel_i1), computed with MPFR. Not run at build time.
 *
 * Every fit is the Chebyshev interpolant of degree n at the n+1 Chebyshev nodes of [a, b],
 * computed at PREC bits, rewritten in the monomial basis of s = (y - m) * scale (m, scale
 * exact doubles chosen by the caller: the variable the device code forms exactly) and
 * rounded to double. The program checks the rounded polynomial (evaluated exactly)
 * against the function at NCHECK points and prints the maximum relative error, then the
 * coefficients as C (lowest degree first).
 *
 * Functions fitted (x the Bessel argument):
 * - j0v(v) = J0(sqrt v), j1v(v) = J1(sqrt v)/sqrt v on v = x^2 in [0, 9/16];
 * - s0v(v) = Y0(x) - (2/pi) log(x) J0(x), s1v(v) = (Y1(x) - (2/pi)(log(x) J1(x) - 1/x))/x
 *   (entire functions of v = x^2) on [0, 9/16];
 * - on each interval [0.75 + k/4, 1 + k/4), k = 0..28: G(x) = f(x)/(x - z), z the zero
 *   of f nearest to the interval (J1: 0 for the first ones), in s = 8 (x - m), m the
 *   midpoint (|s| <= 1);
 * - for x >= 8, the Hankel amplitudes P_nu(x), x Q_nu(x) (nu = 0, 1) as functions of
 *   u = 64/x^2 in [0, 1]: H^(1)_nu(x) = sqrt(2/(pi x)) (P + i Q) e^(i(x - (2nu+1)pi/4)),
 *   from MPFR's J and Y: P = sqrt(pi x/2)(J cos th + Y sin th), Q = sqrt(pi x/2)(Y cos th -
 *   J sin th);
 * - i0v(v) = I0(sqrt v), i1v(v) = I1(sqrt v)/sqrt v on v in [0, 64]; for x >= 8,
 *   sqrt(x) e^-x I0(x) and sqrt(x) e^-x I1(x) as functions of u = 8/x, on [0, 1/2] (i0a,
 *   i1a, in s = 4 (u - 1/4)) and [1/2, 1] (i0b, i1b, s = 4 (u - 3/4)) (I0 and I1 by their
 *   power series at PREC bits: all terms positive).
 *
 *   cc -O2 -std=c17 devlib/gen/f64_bessel_coeffs.c -lmpfr -lgmp -lm -o /tmp/bc && /tmp/bc
 *
 * An argument selects the fits whose names contain it.
 */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <string.h>

#define PREC 384
#define NCHECK 400
typedef void (*fn)(mpfr_t y, const mpfr_t x);

/* ---- the functions ---------------------------------------------------------------- */
static int order; /* 0 or 1 */
static int kind;  /* 0: J, 1: Y */
static mpfr_t zero_z;

static void bessel(mpfr_t r, const mpfr_t x, int k, int nu) {
  if (k == 0)
    nu ? mpfr_j1(r, x, MPFR_RNDN) : mpfr_j0(r, x, MPFR_RNDN);
  else
    nu ? mpfr_y1(r, x, MPFR_RNDN) : mpfr_y0(r, x, MPFR_RNDN);
}
/* I_nu(x) by its power series sum (x/2)^(2k+nu) / (k! (k+nu)!) */
static void bessel_i(mpfr_t r, const mpfr_t x, int nu) {
  mpfr_t term, q, s;
  mpfr_inits2(PREC + 64, term, q, s, (mpfr_ptr)0);
  mpfr_div_2ui(q, x, 1, MPFR_RNDN);
  if (nu)
    mpfr_set(term, q, MPFR_RNDN);
  else
    mpfr_set_ui(term, 1, MPFR_RNDN);
  mpfr_sqr(q, q, MPFR_RNDN);
  mpfr_set(s, term, MPFR_RNDN);
  for (unsigned long k = 1;; k++) {
    mpfr_mul(term, term, q, MPFR_RNDN);
    mpfr_div_ui(term, term, k * (k + nu), MPFR_RNDN);
    mpfr_add(s, s, term, MPFR_RNDN);
    if (mpfr_cmp_d(q, (double)(k * k)) < 0 && mpfr_get_exp(term) < mpfr_get_exp(s) - PREC - 20)
      break;
  }
  mpfr_set(r, s, MPFR_RNDN);
  mpfr_clears(term, q, s, (mpfr_ptr)0);
}
static void f_jv(mpfr_t r, const mpfr_t v) { /* J0(sqrt v) or J1(sqrt v)/sqrt v */
  mpfr_t x;
  mpfr_init2(x, PREC);
  mpfr_sqrt(x, v, MPFR_RNDN);
  bessel(r, x, 0, order);
  if (order) mpfr_div(r, r, x, MPFR_RNDN);
  mpfr_clear(x);
}
static void f_sv(mpfr_t r, const mpfr_t v) { /* the entire part of Y0, Y1 */
  mpfr_t x, l, j, t;
  mpfr_inits2(PREC, x, l, j, t, (mpfr_ptr)0);
  mpfr_sqrt(x, v, MPFR_RNDN);
  mpfr_log(l, x, MPFR_RNDN);
  bessel(j, x, 0, order);
  mpfr_mul(l, l, j, MPFR_RNDN);
  if (order) mpfr_ui_div(t, 1, x, MPFR_RNDN), mpfr_sub(l, l, t, MPFR_RNDN);
  mpfr_const_pi(t, MPFR_RNDN);
  mpfr_ui_div(t, 2, t, MPFR_RNDN);
  mpfr_mul(l, l, t, MPFR_RNDN);
  bessel(r, x, 1, order);
  mpfr_sub(r, r, l, MPFR_RNDN);
  if (order) mpfr_div(r, r, x, MPFR_RNDN);
  mpfr_clears(x, l, j, t, (mpfr_ptr)0);
}
static void f_g(mpfr_t r, const mpfr_t x) { /* f(x) / (x - z) */
  mpfr_t d;
  mpfr_init2(d, PREC);
  bessel(r, x, kind, order);
  mpfr_sub(d, x, zero_z, MPFR_RNDN);
  mpfr_div(r, r, d, MPFR_RNDN);
  mpfr_clear(d);
}
/* P (which 0) or x Q (which 1) of order `order` at x = 8/sqrt(u) */
static int which;
static void f_pq(mpfr_t r, const mpfr_t u) {
  mpfr_t x, th, j, y, c, s, t;
  mpfr_inits2(PREC, x, th, j, y, c, s, t, (mpfr_ptr)0);
  mpfr_rec_sqrt(x, u, MPFR_RNDN);
  mpfr_mul_ui(x, x, 8, MPFR_RNDN);
  mpfr_const_pi(th, MPFR_RNDN);
  mpfr_mul_ui(th, th, 2 * order + 1, MPFR_RNDN);
  mpfr_div_ui(th, th, 4, MPFR_RNDN);
  mpfr_sub(th, x, th, MPFR_RNDN);
  mpfr_sin_cos(s, c, th, MPFR_RNDN);
  bessel(j, x, 0, order);
  bessel(y, x, 1, order);
  if (which == 0) {
    mpfr_mul(r, j, c, MPFR_RNDN), mpfr_mul(t, y, s, MPFR_RNDN), mpfr_add(r, r, t, MPFR_RNDN);
  } else {
    mpfr_mul(r, y, c, MPFR_RNDN), mpfr_mul(t, j, s, MPFR_RNDN), mpfr_sub(r, r, t, MPFR_RNDN);
    mpfr_mul(r, r, x, MPFR_RNDN);
  }
  mpfr_const_pi(t, MPFR_RNDN);
  mpfr_mul(t, t, x, MPFR_RNDN);
  mpfr_div_2ui(t, t, 1, MPFR_RNDN);
  mpfr_sqrt(t, t, MPFR_RNDN);
  mpfr_mul(r, r, t, MPFR_RNDN);
  mpfr_clears(x, th, j, y, c, s, t, (mpfr_ptr)0);
}
static void f_iv(mpfr_t r, const mpfr_t v) { /* I0(sqrt v) or I1(sqrt v)/sqrt v */
  mpfr_t x;
  mpfr_init2(x, PREC);
  mpfr_sqrt(x, v, MPFR_RNDN);
  bessel_i(r, x, order);
  if (order) mpfr_div(r, r, x, MPFR_RNDN);
  mpfr_clear(x);
}
static void f_ia(mpfr_t r, const mpfr_t u) { /* sqrt(x) e^-x I(x), x = 8/u */
  mpfr_t x, e;
  mpfr_inits2(PREC, x, e, (mpfr_ptr)0);
  mpfr_ui_div(x, 8, u, MPFR_RNDN);
  bessel_i(r, x, order);
  mpfr_neg(e, x, MPFR_RNDN);
  mpfr_exp(e, e, MPFR_RNDN);
  mpfr_mul(r, r, e, MPFR_RNDN);
  mpfr_sqrt(e, x, MPFR_RNDN);
  mpfr_mul(r, r, e, MPFR_RNDN);
  mpfr_clears(x, e, (mpfr_ptr)0);
}

/* ---- Chebyshev interpolation, monomials in s = (y - m) * scale ------------------- */
static double worst;
static void fit(double *cd, fn f, double a, double b, int n, double m, double scale) {
  mpfr_t c[64], fx[64], y, th, tmp, p[64], q[64], r[64], alpha, beta;
  mpfr_inits2(PREC, y, th, tmp, alpha, beta, (mpfr_ptr)0);
  for (int i = 0; i <= n; i++)
    mpfr_inits2(PREC, c[i], fx[i], p[i], q[i], r[i], (mpfr_ptr)0);
  for (int k = 0; k <= n; k++) {
    mpfr_const_pi(th, MPFR_RNDN);
    mpfr_mul_ui(th, th, 2 * k + 1, MPFR_RNDN);
    mpfr_div_ui(th, th, 2 * (n + 1), MPFR_RNDN);
    mpfr_cos(tmp, th, MPFR_RNDN);
    mpfr_mul_d(y, tmp, (b - a) / 2, MPFR_RNDN);
    mpfr_add_d(y, y, (a + b) / 2, MPFR_RNDN);
    f(fx[k], y);
  }
  for (int j = 0; j <= n; j++) {
    mpfr_set_zero(c[j], 1);
    for (int k = 0; k <= n; k++) {
      mpfr_const_pi(th, MPFR_RNDN);
      mpfr_mul_ui(th, th, (unsigned long)j * (2 * k + 1), MPFR_RNDN);
      mpfr_div_ui(th, th, 2 * (n + 1), MPFR_RNDN);
      mpfr_cos(tmp, th, MPFR_RNDN);
      mpfr_mul(tmp, tmp, fx[k], MPFR_RNDN);
      mpfr_add(c[j], c[j], tmp, MPFR_RNDN);
    }
    mpfr_mul_ui(c[j], c[j], 2, MPFR_RNDN);
    mpfr_div_ui(c[j], c[j], n + 1, MPFR_RNDN);
  }
  mpfr_div_2ui(c[0], c[0], 1, MPFR_RNDN);
  /* monomials in t = (y - (a+b)/2) / ((b-a)/2): r = sum c_k T_k(t) */
  for (int i = 0; i <= n; i++)
    mpfr_set_zero(r[i], 1), mpfr_set_zero(p[i], 1), mpfr_set_zero(q[i], 1);
  mpfr_set_ui(p[0], 1, MPFR_RNDN);
  mpfr_set(r[0], c[0], MPFR_RNDN);
  if (n >= 1) mpfr_set_ui(q[1], 1, MPFR_RNDN);
  for (int k = 1; k <= n; k++) {
    for (int i = 0; i <= n; i++)
      mpfr_fma(r[i], c[k], q[i], r[i], MPFR_RNDN);
    for (int i = n; i >= 0; i--) { /* T_{k+1} = 2 t T_k - T_{k-1} */
      if (i)
        mpfr_mul_2ui(tmp, q[i - 1], 1, MPFR_RNDN);
      else
        mpfr_set_zero(tmp, 1);
      mpfr_sub(tmp, tmp, p[i], MPFR_RNDN);
      mpfr_set(p[i], q[i], MPFR_RNDN);
      mpfr_set(q[i], tmp, MPFR_RNDN);
    }
  }
  /* t = alpha s + beta: y = s/scale + m, t = (y - mid)/h */
  mpfr_set_d(alpha, 1.0 / scale, MPFR_RNDN);
  mpfr_div_d(alpha, alpha, (b - a) / 2, MPFR_RNDN);
  mpfr_set_d(beta, m, MPFR_RNDN);
  mpfr_sub_d(beta, beta, (a + b) / 2, MPFR_RNDN);
  mpfr_div_d(beta, beta, (b - a) / 2, MPFR_RNDN);
  /* R(s) = sum r_i (alpha s + beta)^i by Horner on polynomials: acc = acc (alpha s + beta) + r_i */
  for (int i = 0; i <= n; i++)
    mpfr_set_zero(p[i], 1);
  for (int i = n; i >= 0; i--) {
    for (int k = n; k >= 0; k--) { /* q = p (alpha s + beta) */
      mpfr_mul(q[k], p[k], beta, MPFR_RNDN);
      if (k) mpfr_fma(q[k], p[k - 1], alpha, q[k], MPFR_RNDN);
    }
    for (int k = 0; k <= n; k++)
      mpfr_set(p[k], q[k], MPFR_RNDN);
    mpfr_add(p[0], p[0], r[i], MPFR_RNDN);
  }
  for (int i = 0; i <= n; i++)
    cd[i] = mpfr_get_d(p[i], MPFR_RNDN);
  double maxrel = 0;
  for (int k = 0; k <= NCHECK; k++) {
    double yy = a + (b - a) * k / NCHECK;
    if (k == 0) yy = a + (b - a) * 1e-6;
    if (k == NCHECK) yy = b - (b - a) * 1e-6;
    mpfr_set_d(y, yy, MPFR_RNDN);
    f(fx[0], y);
    mpfr_set_d(tmp, yy, MPFR_RNDN);
    mpfr_sub_d(tmp, tmp, m, MPFR_RNDN);
    mpfr_mul_d(tmp, tmp, scale, MPFR_RNDN);
    mpfr_set_d(th, cd[n], MPFR_RNDN);
    for (int i = n - 1; i >= 0; i--) {
      mpfr_mul(th, th, tmp, MPFR_RNDN);
      mpfr_add_d(th, th, cd[i], MPFR_RNDN);
    }
    mpfr_sub(th, th, fx[0], MPFR_RNDN);
    mpfr_div(th, th, fx[0], MPFR_RNDN);
    double e = fabs(mpfr_get_d(th, MPFR_RNDN));
    if (e > maxrel) maxrel = e;
  }
  if (maxrel > worst) worst = maxrel;
  printf("  /* [%g, %g], degree %d: max relative error %.3g (2^%.1f) */\n", a, b, n, maxrel,
         log2(maxrel));
  mpfr_clears(y, th, tmp, alpha, beta, (mpfr_ptr)0);
  for (int i = 0; i <= n; i++)
    mpfr_clears(c[i], fx[i], p[i], q[i], r[i], (mpfr_ptr)0);
}

static void print_poly(const char *name, const double *cd, int n) {
  printf("static __device__ __forceinline__ double %s(double s) {\n  double p = %a;\n", name,
         cd[n]);
  for (int i = n - 1; i >= 0; i--)
    printf("  p = __builtin_fma(p, s, %a);\n", cd[i]);
  printf("  return p;\n}\n");
}
static void one(const char *name, fn f, double a, double b, int n, double m, double scale) {
  double cd[64];
  printf("/* %s */\n", name);
  fit(cd, f, a, b, n, m, scale);
  print_poly(name, cd, n);
}

/* zeros of J0, J1, Y0, Y1 below 11 (approximate; refined by Newton at PREC bits) */
static const double zeros[4][5] = {
    {2.404825557695773, 5.520078110286311, 8.653727912911013, 0, 0},
    {0.0, 3.831705970207512, 7.015586669815619, 10.17346813506272, 0},
    {0.8935769662791675, 3.957678419314858, 7.086051060301773, 10.22234504349642, 0},
    {2.197141326031017, 5.429681040794135, 8.596005868331169, 0, 0}};
static const int nzeros[4] = {3, 4, 4, 3};

/* refine a zero of (kind, order) by Newton: f' = -J1 (J0), J0 - J1/x (J1), alike for Y */
static void refine(mpfr_t z, double guess) {
  mpfr_set_d(z, guess, MPFR_RNDN);
  if (guess == 0) return;
  mpfr_t f, d, t;
  mpfr_inits2(PREC, f, d, t, (mpfr_ptr)0);
  for (int i = 0; i < 12; i++) {
    bessel(f, z, kind, order);
    if (order == 0) {
      bessel(d, z, kind, 1);
      mpfr_neg(d, d, MPFR_RNDN);
    } else {
      bessel(d, z, kind, 0);
      mpfr_div(t, f, z, MPFR_RNDN);
      mpfr_sub(d, d, t, MPFR_RNDN);
    }
    mpfr_div(f, f, d, MPFR_RNDN);
    mpfr_sub(z, z, f, MPFR_RNDN);
  }
  mpfr_clears(f, d, t, (mpfr_ptr)0);
}

static void intervals(const char *name, int k_, int nu, int n) {
  kind = k_, order = nu;
  int idx = 2 * k_ + nu;
  mpfr_t zs[5];
  for (int i = 0; i < nzeros[idx]; i++) {
    mpfr_init2(zs[i], PREC);
    refine(zs[i], zeros[idx][i]);
  }
  printf(
      "/* %s: x in [0.75 + k/4, 1 + k/4), k = 0..28: f(x) = (x - zh[k] - zl[k]) G_k(s), s = 8 (x "
      "- (0.875 + k/4)) */\n",
      name);
  double zh[29], zl[29], cd[29][64];
  worst = 0;
  for (int k = 0; k < 29; k++) {
    double a = 0.75 + k * 0.25, b = a + 0.25, m = a + 0.125;
    int best = 0;
    double bd = 1e9;
    for (int i = 0; i < nzeros[idx]; i++) {
      double z = zeros[idx][i];
      double dist = z < a ? a - z : z > b ? z - b : 0;
      if (dist < bd) bd = dist, best = i;
    }
    mpfr_init2(zero_z, PREC);
    mpfr_set(zero_z, zs[best], MPFR_RNDN);
    zh[k] = mpfr_get_d(zero_z, MPFR_RNDN);
    mpfr_sub_d(zero_z, zero_z, zh[k], MPFR_RNDN);
    zl[k] = mpfr_get_d(zero_z, MPFR_RNDN);
    mpfr_set(zero_z, zs[best], MPFR_RNDN);
    fit(cd[k], f_g, a, b, n, m, 8.0);
    mpfr_clear(zero_z);
  }
  printf("  /* worst %.3g (2^%.1f) */\n", worst, log2(worst));
  printf("static __device__ const double %s_z[58] = {\n", name);
  for (int k = 0; k < 29; k++)
    printf("    %a, %a,\n", zh[k], zl[k]);
  printf("};\nstatic __device__ const double %s_c[%d] = {\n", name, 29 * (n + 1));
  for (int k = 0; k < 29; k++) {
    printf("   ");
    for (int i = 0; i <= n; i++)
      printf(" %a,", cd[k][i]);
    printf("\n");
  }
  printf("};\n");
  for (int i = 0; i < nzeros[idx]; i++)
    mpfr_clear(zs[i]);
}

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : "";
#define WANT(name) (!*only || strstr(name, only))
  if (WANT("j0v")) order = 0, one("j0v", f_jv, 0, 0.5625, 8, 0, 1);
  if (WANT("j1v")) order = 1, one("j1v", f_jv, 0, 0.5625, 8, 0, 1);
  if (WANT("s0v")) order = 0, one("s0v", f_sv, 0, 0.5625, 10, 0, 1);
  if (WANT("s1v")) order = 1, one("s1v", f_sv, 0, 0.5625, 10, 0, 1);
  if (WANT("j0i")) intervals("j0i", 0, 0, 11);
  if (WANT("j1i")) intervals("j1i", 0, 1, 11);
  if (WANT("y0i")) intervals("y0i", 1, 0, 14);
  if (WANT("y1i")) intervals("y1i", 1, 1, 14);
  if (WANT("p0u")) order = 0, which = 0, one("p0u", f_pq, 0, 1, 12, 0, 1);
  if (WANT("q0u")) order = 0, which = 1, one("q0u", f_pq, 0, 1, 12, 0, 1);
  if (WANT("p1u")) order = 1, which = 0, one("p1u", f_pq, 0, 1, 12, 0, 1);
  if (WANT("q1u")) order = 1, which = 1, one("q1u", f_pq, 0, 1, 12, 0, 1);
  if (WANT("i0v")) order = 0, one("i0v", f_iv, 0, 64, 20, 0, 1);
  if (WANT("i1v")) order = 1, one("i1v", f_iv, 0, 64, 20, 0, 1);
  if (WANT("i0a")) order = 0, one("i0a", f_ia, 0, 0.5, 13, 0.25, 4);
  if (WANT("i1a")) order = 1, one("i1a", f_ia, 0, 0.5, 13, 0.25, 4);
  if (WANT("i0b")) order = 0, one("i0b", f_ia, 0.5, 1, 14, 0.75, 4);
  if (WANT("i1b")) order = 1, one("i1b", f_ia, 0.5, 1, 14, 0.75, 4);
  return 0;
}
