// devlib/gen/f32_bessel_coeffs.c — the polynomial coefficients and constants of
// devlib/f32_bessel.cu (float Bessel functions), computed with MPFR. Not run at build
// time; to regenerate:
//   cc -O2 devlib/gen/f32_bessel_coeffs.c -o /tmp/f32_bessel_coeffs -lmpfr -lgmp -lm &&
//   /tmp/f32_bessel_coeffs
// and paste its output (C initialisers) into devlib/f32_bessel.cu.
//
// Every kernel g is interpolated on its interval [a, b] at the n + 1 Chebyshev nodes (a
// polynomial close to the minimax one): the Chebyshev coefficients by discrete cosine
// sums at PREC bits, then the polynomial expanded in powers of the device's variable
// v = s - c (s the kernel's argument, c its expansion point: a zero of the function, given
// as the float pair hi + lo, or the middle of the interval) and each coefficient rounded
// to float. The comment printed above each table gives the maximum error over 1000
// points of [a, b] of the float polynomial evaluated exactly, relative to the function
// the device computes from it (for the tables around a zero: relative to f = v g; for
// Y0S and Y1S, which change sign, absolute: the device adds them to a larger term).
// Arguments (all optional): which kernels ("jysp i": J, Y, the small-x Y parts, the
// Hankel amplitudes, I), then the degrees (J/Y tables; P/Q or I small; I large).
//
// The kernels (x the Bessel function's argument):
//   J0, J1, Y0, Y1 on [k, k + 1), k = 0..7 (Y0 from 3/4, Y1 from 1): f(x) itself, or,
//     where a zero z of f lies in the interval or within 1/2 of it, g = f(x) / (x - z),
//     so that f = v g keeps its relative accuracy through (and near) the zero
//     (v = (x - hi) - lo on the device).
//   Y0S: Y0(x) - (2/pi) log(x) J0(x), an even entire function, in s = x^2 on [0, 9/16].
//   Y1S: (Y1(x) - (2/pi) (log(x) J1(x) - 1/x)) / x, even entire, in s = x^2 on [0, 1].
//   P0, Q0, P1, Q1: the Hankel forms' amplitudes for x >= 8, in s = 64/x^2 on (0, 1]:
//     with theta = x - pi/4 (order 0) or x - 3pi/4 (order 1),
//     J = sqrt(2/(pi x)) (P cos theta - Q sin theta), Y = sqrt(2/(pi x)) (P sin theta +
//     Q cos theta), so P = sqrt(pi x/2) (J cos theta + Y sin theta), Q = sqrt(pi x/2)
//     (Y cos theta - J sin theta); Q is fitted as x Q (even in 1/x).
//   I0S: I0(x) in s = x^2 on [0, 64]; I1S: I1(x)/x in s = x^2 on [0, 64].
//   I0L, I1L: e^16 sqrt(x) e^-x I(x) in s = 8/x on (0, 1] (x >= 8; the device multiplies
//     by e^(x - 16), x - 16 exact, and 1/sqrt(x)).
// I0 and I1 have no MPFR function: the power series sum_k (x/2)^(2k+n) / (k! (k+n)!) at
// PREC bits (all terms positive, summed until they fall below 2^-PREC of the sum).
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PREC 200
#define MAXN 24
enum { J0, J1, Y0, Y1, Y0S, Y1S, P0, Q0, P1, Q1, I0S, I1S, I0L, I1L };

static void bessel_i(mpfr_t r, int n, const mpfr_t x) { // I_n(x), n = 0 or 1
  mpfr_t h, q, t, s;
  mpfr_inits2(PREC + 32, h, q, t, s, (mpfr_ptr)0);
  if (mpfr_cmp_ui(x, 200) > 0) { // e^x / sqrt(2 pi x) sum_k prod_j ((2j-1)^2 - 4n^2) / (j 8 x)
    mpfr_set_ui(t, 1, MPFR_RNDN), mpfr_set_ui(s, 1, MPFR_RNDN);
    for (long k = 1; k < 400; k++) {
      mpfr_mul_si(t, t, (2 * k - 1) * (2 * k - 1) - 4 * n * n, MPFR_RNDN);
      mpfr_div_ui(t, t, (unsigned long)(8 * k), MPFR_RNDN), mpfr_div(t, t, x, MPFR_RNDN);
      mpfr_add(s, s, t, MPFR_RNDN);
      if (mpfr_zero_p(t) || mpfr_get_exp(t) < mpfr_get_exp(s) - PREC - 8) break;
    }
    mpfr_const_pi(h, MPFR_RNDN), mpfr_mul(h, h, x, MPFR_RNDN), mpfr_mul_2ui(h, h, 1, MPFR_RNDN);
    mpfr_sqrt(h, h, MPFR_RNDN), mpfr_div(s, s, h, MPFR_RNDN);
    mpfr_exp(h, x, MPFR_RNDN), mpfr_mul(r, s, h, MPFR_RNDN);
    mpfr_clears(h, q, t, s, (mpfr_ptr)0);
    return;
  }
  mpfr_div_2ui(h, x, 1, MPFR_RNDN);
  mpfr_sqr(q, h, MPFR_RNDN);
  if (n)
    mpfr_set(t, h, MPFR_RNDN);
  else
    mpfr_set_ui(t, 1, MPFR_RNDN);
  mpfr_set(s, t, MPFR_RNDN);
  for (long k = 1; k < 100000; k++) {
    mpfr_mul(t, t, q, MPFR_RNDN), mpfr_div_ui(t, t, (unsigned long)(k * (k + n)), MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
    if (mpfr_zero_p(t) || mpfr_get_exp(t) < mpfr_get_exp(s) - PREC - 8) break;
  }
  mpfr_set(r, s, MPFR_RNDN);
  mpfr_clears(h, q, t, s, (mpfr_ptr)0);
}

// f(x) for f = J0, J1, Y0, Y1.
static void bessel(mpfr_t r, int f, const mpfr_t x) {
  switch (f) {
  case J0: mpfr_j0(r, x, MPFR_RNDN); break;
  case J1: mpfr_j1(r, x, MPFR_RNDN); break;
  case Y0: mpfr_y0(r, x, MPFR_RNDN); break;
  default: mpfr_y1(r, x, MPFR_RNDN); break;
  }
}

// The zero of f in [a, b] (a sign change), by bisection at PREC bits.
static void zero_of(mpfr_t z, int f, double a, double b) {
  mpfr_t lo, hi, v;
  mpfr_inits2(PREC, lo, hi, v, (mpfr_ptr)0);
  mpfr_set_d(lo, a, MPFR_RNDN), mpfr_set_d(hi, b, MPFR_RNDN);
  bessel(v, f, lo);
  int slo = mpfr_sgn(v);
  for (int i = 0; i < PREC + 4; i++) {
    mpfr_add(z, lo, hi, MPFR_RNDN), mpfr_div_2ui(z, z, 1, MPFR_RNDN);
    bessel(v, f, z);
    if (mpfr_sgn(v) == slo)
      mpfr_set(lo, z, MPFR_RNDN);
    else
      mpfr_set(hi, z, MPFR_RNDN);
  }
  mpfr_clears(lo, hi, v, (mpfr_ptr)0);
}

static mpfr_t zero; // the current kernel's zero (exact: hi + lo of the float pair)
static int has_zero;
static int pad; // unit intervals: rows of n + 2 coefficients of f (see unit_intervals)

// The kernel k at s; *scale (for the error relative to what the device computes): the
// factor the device multiplies g by (v for zero kernels, else 1).
static void kernel(mpfr_t g, int k, const mpfr_t s) {
  mpfr_t x, t, u, c, sn, cs;
  mpfr_inits2(PREC, x, t, u, c, sn, cs, (mpfr_ptr)0);
  switch (k) {
  case J0:
  case J1:
  case Y0:
  case Y1:
    bessel(g, k, s);
    if (has_zero) mpfr_sub(t, s, zero, MPFR_RNDN), mpfr_div(g, g, t, MPFR_RNDN);
    break;
  case Y0S: // Y0(x) - (2/pi) log(x) J0(x)
    mpfr_sqrt(x, s, MPFR_RNDN);
    mpfr_y0(g, x, MPFR_RNDN), mpfr_j0(t, x, MPFR_RNDN), mpfr_log(u, x, MPFR_RNDN);
    mpfr_mul(t, t, u, MPFR_RNDN), mpfr_const_pi(c, MPFR_RNDN), mpfr_div(t, t, c, MPFR_RNDN);
    mpfr_mul_2ui(t, t, 1, MPFR_RNDN), mpfr_sub(g, g, t, MPFR_RNDN);
    break;
  case Y1S: // (Y1(x) - (2/pi) (log(x) J1(x) - 1/x)) / x
    mpfr_sqrt(x, s, MPFR_RNDN);
    mpfr_y1(g, x, MPFR_RNDN), mpfr_j1(t, x, MPFR_RNDN), mpfr_log(u, x, MPFR_RNDN);
    mpfr_mul(t, t, u, MPFR_RNDN), mpfr_ui_div(u, 1, x, MPFR_RNDN), mpfr_sub(t, t, u, MPFR_RNDN);
    mpfr_const_pi(c, MPFR_RNDN), mpfr_div(t, t, c, MPFR_RNDN), mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
    mpfr_sub(g, g, t, MPFR_RNDN), mpfr_div(g, g, x, MPFR_RNDN);
    break;
  case P0:
  case Q0:
  case P1:
  case Q1: { // x = 8 / sqrt(s)
    int order1 = k == P1 || k == Q1;
    mpfr_sqrt(x, s, MPFR_RNDN), mpfr_ui_div(x, 8, x, MPFR_RNDN);
    mpfr_const_pi(c, MPFR_RNDN), mpfr_div_2ui(c, c, 2, MPFR_RNDN);
    if (order1) mpfr_mul_ui(c, c, 3, MPFR_RNDN);
    mpfr_sub(t, x, c, MPFR_RNDN), mpfr_sin_cos(sn, cs, t, MPFR_RNDN); // theta
    if (order1)
      mpfr_j1(t, x, MPFR_RNDN), mpfr_y1(u, x, MPFR_RNDN);
    else
      mpfr_j0(t, x, MPFR_RNDN), mpfr_y0(u, x, MPFR_RNDN);
    if (k == P0 || k == P1) { // J cos + Y sin
      mpfr_mul(g, t, cs, MPFR_RNDN), mpfr_fma(g, u, sn, g, MPFR_RNDN);
    } else { // Y cos - J sin, times x
      mpfr_mul(g, u, cs, MPFR_RNDN), mpfr_mul(t, t, sn, MPFR_RNDN), mpfr_sub(g, g, t, MPFR_RNDN);
      mpfr_mul(g, g, x, MPFR_RNDN);
    }
    mpfr_const_pi(c, MPFR_RNDN), mpfr_mul(c, c, x, MPFR_RNDN), mpfr_div_2ui(c, c, 1, MPFR_RNDN);
    mpfr_sqrt(c, c, MPFR_RNDN), mpfr_mul(g, g, c, MPFR_RNDN);
    break;
  }
  case I0S: mpfr_sqrt(x, s, MPFR_RNDN), bessel_i(g, 0, x); break;
  case I1S: mpfr_sqrt(x, s, MPFR_RNDN), bessel_i(g, 1, x), mpfr_div(g, g, x, MPFR_RNDN); break;
  case I0L:
  case I1L: // e^16 sqrt(x) e^-x I(x), x = 8 / s
    mpfr_ui_div(x, 8, s, MPFR_RNDN), bessel_i(g, k == I1L, x);
    mpfr_set_ui(t, 16, MPFR_RNDN), mpfr_sub(t, t, x, MPFR_RNDN), mpfr_exp(t, t, MPFR_RNDN);
    mpfr_mul(g, g, t, MPFR_RNDN), mpfr_sqrt(t, x, MPFR_RNDN), mpfr_mul(g, g, t, MPFR_RNDN);
    break;
  }
  mpfr_clears(x, t, u, c, sn, cs, (mpfr_ptr)0);
}

// Fits kernel k on [a, b] with degree n in v = s - c; c = the zero (has_zero) or cmid.
static void fit(const char *name, int k, double a, double b, double cmid, int n) {
  mpfr_t s, g, t, ch[MAXN + 1], mono[MAXN + 1], tk[MAXN + 1], tk1[MAXN + 1], tk2[MAXN + 1], pi, hw,
      mid, e, v, p, u0, u1, c;
  mpfr_inits2(PREC, s, g, t, pi, hw, mid, e, v, p, u0, u1, c, (mpfr_ptr)0);
  for (int i = 0; i <= MAXN; i++) {
    mpfr_inits2(PREC, ch[i], mono[i], tk[i], tk1[i], tk2[i], (mpfr_ptr)0);
    mpfr_set_ui(ch[i], 0, MPFR_RNDN), mpfr_set_ui(mono[i], 0, MPFR_RNDN);
  }
  if (has_zero)
    mpfr_set(c, zero, MPFR_RNDN);
  else
    mpfr_set_d(c, cmid, MPFR_RNDN);
  mpfr_const_pi(pi, MPFR_RNDN);
  mpfr_set_d(hw, (b - a) / 2, MPFR_RNDN), mpfr_set_d(mid, (a + b) / 2, MPFR_RNDN);
  const int N = n + 1;
  for (int j = 0; j < N; j++) { // nodes cos(pi (j + 1/2) / N)
    mpfr_t th;
    mpfr_init2(th, PREC);
    mpfr_mul_d(th, pi, j + 0.5, MPFR_RNDN), mpfr_div_ui(th, th, N, MPFR_RNDN);
    mpfr_cos(t, th, MPFR_RNDN), mpfr_fma(s, t, hw, mid, MPFR_RNDN);
    kernel(g, k, s);
    for (int i = 0; i < N; i++) {
      mpfr_mul_ui(t, th, i, MPFR_RNDN), mpfr_cos(t, t, MPFR_RNDN), mpfr_mul(t, t, g, MPFR_RNDN);
      mpfr_add(ch[i], ch[i], t, MPFR_RNDN);
    }
    mpfr_clear(th);
  }
  for (int i = 0; i < N; i++)
    mpfr_mul_d(ch[i], ch[i], (i ? 2.0 : 1.0) / N, MPFR_RNDN);
  // T_i(u), u = (s - mid) / hw = u0 + u1 v, as polynomials in v (T_{i+1} = 2 u T_i - T_{i-1}).
  mpfr_sub(u0, c, mid, MPFR_RNDN), mpfr_div(u0, u0, hw, MPFR_RNDN);
  mpfr_ui_div(u1, 1, hw, MPFR_RNDN);
  for (int i = 0; i <= MAXN; i++)
    mpfr_set_ui(tk2[i], 0, MPFR_RNDN), mpfr_set_ui(tk1[i], 0, MPFR_RNDN);
  mpfr_set_ui(tk2[0], 1, MPFR_RNDN);
  mpfr_set(tk1[0], u0, MPFR_RNDN), mpfr_set(tk1[1], u1, MPFR_RNDN);
  for (int j = 0; j <= MAXN; j++)
    mpfr_fma(mono[j], ch[0], tk2[j], mono[j], MPFR_RNDN);
  if (N > 1)
    for (int j = 0; j <= MAXN; j++)
      mpfr_fma(mono[j], ch[1], tk1[j], mono[j], MPFR_RNDN);
  for (int i = 2; i < N; i++) {
    for (int j = 0; j <= MAXN; j++) {
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
  for (int i = 0; i <= 1000; i++) {
    double sd = a + (b - a) * i / 1000.0;
    if (i == 0 && a == 0) sd = (b - a) * 1e-7; // not 0 itself (the limit)
    mpfr_set_d(s, sd, MPFR_RNDN);
    kernel(g, k, s);
    mpfr_sub(v, s, c, MPFR_RNDN);
    mpfr_set_flt(p, cf[n], MPFR_RNDN);
    for (int j = n - 1; j >= 0; j--)
      mpfr_mul(p, p, v, MPFR_RNDN), mpfr_add_d(p, p, cf[j], MPFR_RNDN);
    mpfr_sub(e, p, g, MPFR_RNDN);
    if (k != Y0S && k != Y1S) mpfr_div(e, e, g, MPFR_RNDN); // Y0S, Y1S: absolute
    double ed = fabs(mpfr_get_d(e, MPFR_RNDN));
    if (ed > maxe) maxe = ed;
  }
  printf("    // %s: [%g, %g], degree %d, v = s - ", name, a, b, n);
  if (has_zero) {
    float hi = mpfr_get_flt(zero, MPFR_RNDN);
    mpfr_sub_d(t, zero, hi, MPFR_RNDN);
    printf("%a - %a (a zero)", hi, mpfr_get_flt(t, MPFR_RNDN));
  } else {
    printf("%g", cmid);
  }
  printf(": 2^%.1f\n    {", log2(maxe));
  if (pad && has_zero) printf("0, "); // f = v g: the coefficients of f, degree n + 1
  for (int j = 0; j <= n; j++)
    printf("%af%s", cf[j], j < n ? ", " : pad && !has_zero ? ", 0},\n" : "},\n");
  for (int i = 0; i <= MAXN; i++)
    mpfr_clears(ch[i], mono[i], tk[i], tk1[i], tk2[i], (mpfr_ptr)0);
  mpfr_clears(s, g, t, pi, hw, mid, e, v, p, u0, u1, c, (mpfr_ptr)0);
}

// The unit intervals [k, k + 1) of f = J0, J1, Y0, Y1 (from `from`), degree n; each
// interval with a sign change within 1/2 of it around that zero. Every row has n + 2
// coefficients of f in v: g's with a leading 0 (f = v g) or f's with a trailing 0, so
// that the device evaluates each interval alike. Also prints the expansion points.
static void unit_intervals(const char *name, int f, double from, int n) {
  float chi[8], clo[8];
  printf("  // %s on [k, k + 1), k = 0..7 (from %g)\n", name, from);
  for (int k = 0; k < 8; k++) {
    chi[k] = (float)(k + 0.5), clo[k] = 0;
    double a = k < from ? from : k, b = k + 1;
    if (b <= from) { // unused interval: zeros
      printf("    // unused\n    {0");
      for (int j = 0; j <= n; j++)
        printf(", 0");
      printf("},\n");
      chi[k] = 0;
      continue;
    }
    mpfr_t fa, fb, x;
    mpfr_inits2(PREC, fa, fb, x, (mpfr_ptr)0);
    // a zero within 1/2 of the interval: the expansion point
    double za = a - 0.5 < from ? (a > from ? from : a) : a - 0.5, zb = b + 0.5;
    mpfr_set_d(x, za == 0 ? 1e-30 : za, MPFR_RNDN), bessel(fa, f, x);
    mpfr_set_d(x, zb, MPFR_RNDN), bessel(fb, f, x);
    has_zero = mpfr_sgn(fa) != mpfr_sgn(fb) || (a == 0 && f == J1);
    if (has_zero) {
      if (a == 0 && f == J1)
        mpfr_set_ui(zero, 0, MPFR_RNDN), chi[k] = 0;
      else {
        zero_of(x, f, za, zb);
        // the device's centre: hi + lo, both floats
        float hi = mpfr_get_flt(x, MPFR_RNDN);
        mpfr_sub_d(fa, x, hi, MPFR_RNDN);
        float lo = mpfr_get_flt(fa, MPFR_RNDN);
        mpfr_set_flt(zero, hi, MPFR_RNDN), mpfr_add_d(zero, zero, lo, MPFR_RNDN);
        chi[k] = hi, clo[k] = lo;
        mpfr_sub(fa, x, zero, MPFR_RNDN);
        printf("    // zero %.20g, float pair error %.3g\n", mpfr_get_d(x, MPFR_RNDN),
               mpfr_get_d(fa, MPFR_RNDN));
      }
    }
    char label[64];
    snprintf(label, sizeof label, "%s[%d]", name, k);
    pad = 1, fit(label, f, a, b, k + 0.5, n), pad = 0;
    has_zero = 0;
    mpfr_clears(fa, fb, x, (mpfr_ptr)0);
  }
  printf("  // %s's expansion points {hi, lo}\n ", name);
  for (int k = 0; k < 8; k++)
    printf(" {%af, %af},", chi[k], clo[k]);
  printf("\n");
}

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : "";
  mpfr_init2(zero, PREC);
  int deg = argc > 2 ? atoi(argv[2]) : 9;
  if (!*only || strchr(only, 'j')) {
    unit_intervals("J0", J0, 0, deg);
    unit_intervals("J1", J1, 0, deg);
  }
  if (!*only || strchr(only, 'y')) {
    unit_intervals("Y0", Y0, 0.75, deg);
    unit_intervals("Y1", Y1, 1, deg);
  }
  if (!*only || strchr(only, 's')) {
    fit("Y0S", Y0S, 0, 0.5625, 0, 6);
    fit("Y1S", Y1S, 0, 1, 0, 6);
  }
  if (!*only || strchr(only, 'p')) {
    int d = argc > 3 ? atoi(argv[3]) : 4;
    fit("P0", P0, 0, 1, 0, d);
    fit("Q0", Q0, 0, 1, 0, d);
    fit("P1", P1, 0, 1, 0, d);
    fit("Q1", Q1, 0, 1, 0, d);
  }
  if (!*only || strchr(only, 'i')) {
    int d = argc > 3 ? atoi(argv[3]) : 10;
    fit("I0S", I0S, 0, 64, 0, d);
    fit("I1S", I1S, 0, 64, 0, d);
    int dl = argc > 4 ? atoi(argv[4]) : 6;
    fit("I0L", I0L, 0, 1, 0.5, dl);
    fit("I1L", I1L, 0, 1, 0.5, dl);
  }
  mpfr_clear(zero);
  return 0;
}
