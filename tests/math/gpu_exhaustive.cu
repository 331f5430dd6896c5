// gpu_exhaustive.cu — the exhaustive accuracy run of issue 7: every one of the 2^32 float
// bit patterns through each unary float function of the harness's table
// (tests/math/math_accuracy.cu, included below for its table, references, bounds and
// checks), on the device in chunked launches, compared on the host by several threads
// against a fast exact reference (below) that falls back to the table's MPFR reference
// wherever it cannot decide. Same line per function as the harness (name, inputs, max
// ulp, bound, PASS/FAIL), then an indented line with the time and how many inputs the
// fast reference decided.
//
//   gpu_exhaustive [--threads N] [--chunk LOG2] [--bits FIRST COUNT] [--deadline T]
//                  [--ref-out FILE | --ref-in FILE] [--zero-copy] [NAME...]
//   gpu_exhaustive --list                    the rows a run without NAME measures (marked
//                                            "mpfr" where MPFR decides most inputs)
//   gpu_exhaustive --check-ref [--scale N] [--bits FIRST COUNT] [NAME...]
//   gpu_exhaustive --time-ref STRIDE [NAME...]   the host's time per function (see there)
//
// No NAME: every unary float row of the table, less the duplicates (a row whose device
// expression, reference and bound equal an earlier row's, or a RANGE row inside such a
// row: `--list` says which). A RANGE row is measured over every float in [lo, hi] only.
// --deadline T (seconds since the epoch): stop when it has passed, the function being
// measured then printed with the inputs done and PARTIAL. --ref-out FILE: also write the
// correctly rounded results into FILE (16 GiB, sparse; one function per run), --ref-in
// FILE: read them from there instead of computing them (the second build of a pair: the
// host's reference is most of a run's time). --zero-copy: the kernels write into
// registered host memory (see exh_measure). --check-ref: no device; for
// each row with a fast reference, every input of the CTest input sets (build_inputs at
// --scale, default 1) plus 65536 random bit patterns (or the --bits range), the fast
// reference's correctly rounded value against MPFR's, and its exactness where that matters
// (infinite and zero results) (CTest math.fast_ref).
// Valid CUDA for nvcc as for anchorcc (C++17): `nvcc -O2 -std=c++17 gpu_exhaustive.cu
// -lmpfr -lgmp -lpthread` gives CUDA's own errors. tests/math/gpu_exhaustive.sh packs and
// runs it on a GPU machine; docs/testing.md ("Exhaustive runs") has the results.
#define MATH_ACCURACY_NO_MAIN
#include "math_accuracy.cu"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <thread>

// ---- The fast exact reference --------------------------------------------------------
// A float result is decided from an OPEN interval (lo, hi) of doubles known to contain the
// exact value y, when no "boundary" lies strictly inside: no float and no midpoint of two
// consecutive floats (in the subnormal range: multiples of 2^-150; above the largest
// float, 2^128 - 2^103 and 2^128). Proof that the result is then MPFR's: every real in
// (lo, hi), y included, lies strictly between the same two consecutive boundaries b < b',
// so it is not itself a float (MPFR's ternary value is nonzero: `exact` is false, as MPFR's
// would be) and it rounds, to nearest and in each directed mode, to the same float: the
// float at b or b' that the mode picks for every point of (b, b'). Exponents: the grid of
// boundaries is uniform (spacing h = half an ulp) inside each binade [2^e, 2^(e+1)) and
// both binade ends are boundaries, so the boundary just at or below lo, floor(lo / h) h
// with h taken from lo's binade, and the next one up, are b and b' if and only if the next
// one up is >= hi. All products and quotients by h are exact (powers of two, no underflow
// of doubles above 2^-1074 / 2^-150). Overflow: above 2^128 every real rounds alike (inf, or
// the largest float towards zero), as MPFR's overflow with the harness's exponent range does.
//
// Where the interval comes from (fast_refs below, per reference of the table):
// - a double evaluation v of glibc's function with a relative error bound rel: (v - d,
//   v + d), d = |v| (rel + 2^-50) (the extra 2^-50 covers the rounding of v +- d). glibc
//   2.36 lists at most 9 ulp for these double functions on x86_64 (libm-test-ulps:
//   tgamma 9, erfc 5, cbrt 4, lgamma 4, the others 1-3); rel = 2^-44 (256 ulp) leaves
//   a factor of 28 to spare. NaN from the double function is a NaN result (a domain
//   error: MPFR's NaN); infinities, zeros and double subnormals go to MPFR unless the
//   function says overflow or underflow below;
// - near the points where y approaches a boundary too closely for any margin (y -> x,
//   y -> 1, y -> 1/2, y -> +-1 for tiny or huge x), one-sided intervals from the Taylor
//   series' sign and size: e.g. sin x in (x (1 - 2^-40), x) for 0 < x < 2^-20 (x - sin x <
//   x^3/6 < 2^-41 x), exp x in (1, 1 + 2^-29) for 0 < x < 2^-31, tanh x in (1 - 2^-50, 1)
//   for x > 20 (1 - tanh x < 2 e^-40); each with its bound in the code;
// - the functions the harness defines itself: I0, I1 by their series in double (positive
//   terms: relative error below 3 K 2^-53 for K terms, K < 1000, stopped when a term is
//   below 2^-60 of the sum while the terms halve: rel 2^-40); the inverses erfinv, erfcinv,
//   normcdfinv by the harness's double Newton solutions u (f32special_erfinv_d ...), then
//   CHECKED: erf or erfc (monotonic, within 2^-46 relatively: glibc's 1 and 5 ulp) at u -+
//   2^-40 u must bracket the argument with that margin, else MPFR;
// - exact values: fabs, floor, ceil, trunc, rint, round, logb in double are the exact
//   result (their MPFR exactness: the rounding functions report "inexact" when x is not an
//   integer, fabs and logb never); sinpi, cospi at integers and half-integers; lgamma at
//   negative integers (+inf, a pole).
// Everything else, and every undecided input (about 2^-18 of them with rel 2^-44), goes to
// the row's MPFR reference, as in math_accuracy. MPFR only: the Bessel functions J, Y of
// every order (glibc documents no bound near their zeros) except their tiny arguments.
enum fast_kind { FR_MPFR, FR_INTERVAL, FR_EXACT, FR_EXACT_INEXACT, FR_NAN };
struct fast_result {
  int kind;
  double lo, hi; // FR_INTERVAL: y in (lo, hi); FR_EXACT*: y = lo
};
typedef fast_result (*fast_fn)(double x);

static const double fr_rel = 0x1p-44;
static fast_result fr_mpfr() {
  return fast_result{FR_MPFR, 0, 0};
}
static fast_result fr_nan() {
  return fast_result{FR_NAN, 0, 0};
}
static fast_result fr_exact(double v) {
  return fast_result{FR_EXACT, v, v};
}
static fast_result fr_in(double lo, double hi) {
  return fast_result{FR_INTERVAL, lo, hi};
}
// v within rel |v| of y (see above).
static fast_result fr_approx(double v, double rel) {
  if (v != v) return fr_nan();
  if (!(fabs(v) >= 0x1p-1000 && fabs(v) <= 0x1p1000)) return fr_mpfr();
  double d = fabs(v) * (rel + 0x1p-50);
  return fr_in(v - d, v + d);
}
// |y| beyond every float (2^1000 < |y|), or below half the smallest one (|y| < 2^-1000).
static fast_result fr_over(int neg) {
  return neg ? fr_in(-0x1p1020, -0x1p1000) : fr_in(0x1p1000, 0x1p1020);
}
static fast_result fr_under(int neg) {
  return neg ? fr_in(-0x1p-1000, -0x1p-1074) : fr_in(0x1p-1074, 0x1p-1000);
}
// y = c (1 + t) with 0 < t < 2^-41 (side +1) or -2^-41 < t < 0 (side -1): (c, c (1 +- 2^-40)).
static fast_result fr_beside(double c, int side) {
  double e = c * (side > 0 ? 0x1p-40 : -0x1p-40);
  return c + e < c ? fr_in(c + e, c) : fr_in(c, c + e);
}
// y = c + s with 0 < s < 2^-29 (side +1) or -2^-29 < s < 0 (side -1), c = 1/2, 1 or 2.
static fast_result fr_near(double c, int side) {
  return side > 0 ? fr_in(c, c + 0x1p-29) : fr_in(c - 0x1p-29, c);
}
static fast_result fr_glibc(double v) {
  return fr_approx(v, fr_rel);
}

// Exact functions. fabs: MPFR exact; the rounding functions: MPFR's ternary is nonzero
// when x is not an integer.
static fast_result fr_fabs(double x) {
  return fr_exact(fabs(x));
}
static fast_result fr_rounding(double x, double v) {
  return fast_result{v == x ? FR_EXACT : FR_EXACT_INEXACT, v, v};
}
static fast_result fr_floor(double x) {
  return fr_rounding(x, floor(x));
}
static fast_result fr_ceil(double x) {
  return fr_rounding(x, ceil(x));
}
static fast_result fr_trunc(double x) {
  return fr_rounding(x, trunc(x));
}
static fast_result fr_rint(double x) {
  return fr_rounding(x, nearbyint(x));
}
static fast_result fr_round(double x) {
  return fr_rounding(x, round(x));
}
static fast_result fr_logb(double x) {
  return fr_exact(logb(x));
}
// Correctly rounded double operations: rel 2^-53 each.
static fast_result fr_sqrt(double x) {
  return fr_approx(sqrt(x), 0x1p-52);
}
static fast_result fr_rsqrt(double x) {
  return fr_approx(1 / sqrt(x), 0x1p-51);
}
static fast_result fr_recip(double x) {
  return fr_approx(1 / x, 0x1p-52);
}
// Exponentials: overflow and underflow are the double's infinity and zero (no exact ones
// for finite nonzero x); tiny x: y - 1 has x's sign and |y - 1| < 2.31 |x| * 1.01.
static fast_result fr_expish(double x, double v) {
  if (fabs(x) < 0x1p-31) return fr_near(1, x > 0 ? 1 : -1);
  if (v != v) return fr_nan();
  if (v == INFINITY) return fr_over(0);
  if (v == 0) return fr_under(0);
  return fr_glibc(v);
}
static fast_result fr_exp(double x) {
  return fr_expish(x, exp(x));
}
static fast_result fr_exp2(double x) {
  return fr_expish(x, exp2(x));
}
static fast_result fr_exp10(double x) {
  return fr_expish(x, exp10(x));
}
// expm1 x = x + x^2/2 + ...: |x| < 2^-42: (expm1 x - x) / x in (0, 2^-42) for x > 0, in
// (-2^-43, 0) for x < 0; x < -40: y in (-1, -1 + e^-40); overflow as exp.
static fast_result fr_expm1(double x) {
  if (fabs(x) < 0x1p-42) return fr_beside(x, x > 0 ? 1 : -1);
  if (x < -40) return fr_in(-1, -1 + 0x1p-50);
  double v = expm1(x);
  return v == INFINITY ? fr_over(0) : fr_glibc(v);
}
// log1p x = x - x^2/2 + ...: y < x, (x - y) / |x| < 2^-42 for |x| < 2^-41.
static fast_result fr_log1p(double x) {
  if (fabs(x) < 0x1p-41) return x > 0 ? fr_beside(x, -1) : fr_beside(x, 1);
  return fr_glibc(log1p(x));
}
static fast_result fr_log(double x) {
  return fr_glibc(log(x));
}
static fast_result fr_log2(double x) {
  return fr_glibc(log2(x));
}
static fast_result fr_log10(double x) {
  return fr_glibc(log10(x));
}
static fast_result fr_cbrt(double x) {
  return fr_glibc(cbrt(x));
}
static fast_result fr_rcbrt(double x) {
  return fr_approx(1 / cbrt(x), fr_rel + 0x1p-52);
}
// Odd functions with y = x (1 + t), |t| < x^2/3 < 2^-41 for |x| < 2^-20: side +1 where
// |y| > |x| (tan, asin, sinh, atanh), -1 where |y| < |x| (sin, atan, tanh, asinh).
static fast_result fr_odd(double x, int side, double v) {
  if (fabs(x) < 0x1p-20) return fr_beside(x, side);
  return fr_glibc(v);
}
static fast_result fr_sin(double x) {
  return fr_odd(x, -1, sin(x));
}
static fast_result fr_tan(double x) {
  return fr_odd(x, 1, tan(x));
}
static fast_result fr_asin(double x) {
  return fr_odd(x, 1, asin(x));
}
static fast_result fr_atan(double x) {
  return fr_odd(x, -1, atan(x));
}
static fast_result fr_asinh(double x) {
  return fr_odd(x, -1, asinh(x));
}
static fast_result fr_atanh(double x) {
  return fr_odd(x, 1, atanh(x));
}
static fast_result fr_sinh(double x) {
  double v = sinh(x);
  return fabs(v) == INFINITY ? fr_over(x < 0) : fr_odd(x, 1, v);
}
// tanh: 1 - |tanh x| = 2 / (e^(2|x|) + 1) < 2 e^-40 < 2^-56 for |x| > 20.
static fast_result fr_tanh(double x) {
  if (fabs(x) > 20) return x > 0 ? fr_near(1, -1) : fr_near(-1, 1);
  return fr_odd(x, -1, tanh(x));
}
// cos x in (1 - 2^-29, 1) for |x| < 2^-15 (1 - cos x < x^2/2 < 2^-31); cosh: (1, 1 + 2^-29).
static fast_result fr_cos(double x) {
  return fabs(x) < 0x1p-15 ? fr_near(1, -1) : fr_glibc(cos(x));
}
static fast_result fr_cosh(double x) {
  if (fabs(x) < 0x1p-15) return fr_near(1, 1);
  double v = cosh(x);
  return v == INFINITY ? fr_over(0) : fr_glibc(v);
}
static fast_result fr_acos(double x) {
  return fr_glibc(acos(x));
}
static fast_result fr_acosh(double x) {
  return fr_glibc(acosh(x));
}
// sinpi, cospi: x = 2k + r exactly (x is a float), |r| <= 1; the argument of sin is pi s with
// s in [-1/2, 1/2] exact (a reflection 1 - |r| or 1/2 - |r| of a float's multiple of
// 2^-26 or more), so pi s carries only its rounding (2^-53 relatively), and sin's
// relative error from it is below that (t cos t / sin t <= 1). Integers and half-integers
// are exact.
static double fr_pi_reduce(double x) {
  return x - 2 * nearbyint(x / 2);
} // in [-1, 1], exact
static fast_result fr_sinpi(double x) {
  double r = fr_pi_reduce(x), a = fabs(r);
  if (a == 0 || a == 1) return fr_exact(copysign(0.0, x));
  if (a == 0.5) return fr_exact(r > 0 ? 1 : -1);
  double s = a > 0.5 ? 1 - a : a; // sin(pi a) = sin(pi (1 - a))
  return fr_approx(copysign(sin(M_PI * s), r), fr_rel);
}
static fast_result fr_cospi(double x) {
  double r = fr_pi_reduce(x), a = fabs(r);
  if (a == 0) return fr_exact(1);
  if (a == 1) return fr_exact(-1);
  if (a == 0.5) return fr_exact(0);
  if (a < 0x1p-17) return fr_near(1, -1); // 1 - cos(pi a) < (pi a)^2 / 2 < 2^-29
  if (a <= 0.25) return fr_approx(cos(M_PI * a), fr_rel);
  return fr_approx(sin(M_PI * (0.5 - a)), fr_rel); // 0.5 - a exact: a >= 1/4 is a multiple of 2^-26
}
// erf: 1 - |erf x| < 2^-54 for |x| >= 6; erfc: y in (1 - 2^-29, 1) for 0 < x < 2^-31 (erfc x
// = 1 - erf x, erf x < 1.13 x), 2 - erfc x < 2^-54 for x <= -6, erfc x < 2^-1000 for x > 27.
static fast_result fr_erf(double x) {
  if (fabs(x) >= 6) return x > 0 ? fr_near(1, -1) : fr_near(-1, 1);
  return fr_glibc(erf(x));
}
static fast_result fr_erfc(double x) {
  if (fabs(x) < 0x1p-31) return fr_near(1, x > 0 ? -1 : 1);
  if (x <= -6) return fr_near(2, -1);
  if (x > 27) return fr_under(0);
  return fr_glibc(erfc(x));
}
// erfcx: the harness's double evaluation f32special_erfcx_d (e^(x^2) erfc x, x^2 exact, up to
// 26; the asymptotic series beyond, truncated below 2^-70): within exp's and erfc's errors
// and a few roundings; below -26 beyond every float; tiny x as erfc.
static fast_result fr_erfcx(double x) {
  if (fabs(x) < 0x1p-31) return fr_near(1, x > 0 ? -1 : 1);
  if (x < -26) return fr_over(0);
  return fr_glibc(f32special_erfcx_d(x));
}
// normcdf x = erfc(z) / 2, z = -x / sqrt 2 (two roundings: 2^-52 relatively); erfc's
// relative sensitivity to z is 2 z^2 at most for z > 1 (and below 2 for |z| <= 1), hence
// rel + (4 z^2 + 8) 2^-52. x > 9: 1 - y < 2^-62; tiny x: y - 1/2 = 0.399 x (1 + ...).
static fast_result fr_normcdf(double x) {
  if (fabs(x) < 0x1p-31) return fr_near(0.5, x > 0 ? 1 : -1);
  if (x > 9) return fr_near(1, -1);
  double z = -x / 1.4142135623730951;
  double v = erfc(z) / 2;
  if (v == 0) return fr_under(0);
  return fr_approx(v, fr_rel + (4 * z * z + 8) * 0x1p-52);
}
// The inverses: u from the harness's Newton solvers; y in (u - d, u + d), d = 2^-40 |u|,
// if erf (arg <= 1/2) or erfc (q <= 1/2) at u -+ d brackets the argument by more than
// their errors (2^-46 relatively; both monotonic). erfinv(y) for 0 < y < 1, erfcinv(q) for
// 0 < q < 1 (positive results).
static bool fr_bracket_erf(double u, double y) { // erf(u) = y, y <= 1/2
  double d = u * 0x1p-40, e = 0x1p-46;
  return erf(u - d) * (1 + e) < y && erf(u + d) * (1 - e) > y;
}
static bool fr_bracket_erfc(double u, double q) { // erfc(u) = q, q <= 1/2
  double d = u * 0x1p-40, e = 0x1p-46;
  return erfc(u - d) * (1 - e) > q && erfc(u + d) * (1 + e) < q;
}
static fast_result fr_erfcinv_pos(double q, double scale) { // scale * erfcinv(q), 0 < q < 1
  double u = f32special_erfcinv_d(q);
  if (!(u > 0) || !(q <= 0.5 ? fr_bracket_erfc(u, q) : fr_bracket_erf(u, 1 - q))) return fr_mpfr();
  double lo = u * (1 - 0x1p-40) * scale, hi = u * (1 + 0x1p-40) * scale;
  double w = fabs(hi - lo) * 0x1p-10; // the products' roundings (scale: sqrt 2 in double)
  return lo < hi ? fr_in(lo - w, hi + w) : fr_in(hi - w, lo + w);
}
static fast_result fr_erfinv(double y) {
  if (!(fabs(y) <= 1)) return fr_nan();
  if (fabs(y) == 1) return fr_mpfr();
  double a = fabs(y);
  fast_result r;
  if (a <= 0.5) {
    double u = f32special_erfinv_d(a);
    if (!(u > 0) || !fr_bracket_erf(u, a)) return fr_mpfr();
    r = fr_in(u * (1 - 0x1p-40), u * (1 + 0x1p-40));
  } else {
    r = fr_erfcinv_pos(1 - a, 1); // 1 - a exact
  }
  if (r.kind == FR_INTERVAL && y < 0) r = fr_in(-r.hi, -r.lo);
  return r;
}
// erfcinv(q) = -erfcinv(2 - q) above 1 (2 - q exact); normcdfinv(p) = -sqrt 2 erfcinv(2 p).
static fast_result fr_erfcinv_scaled(double q, double scale) {
  if (!(q >= 0 && q <= 2)) return fr_nan();
  if (q == 0 || q == 1 || q == 2) return fr_mpfr();
  if (q < 1) return fr_erfcinv_pos(q, scale);
  return fr_erfcinv_pos(2 - q, -scale);
}
static fast_result fr_erfcinv(double q) {
  return fr_erfcinv_scaled(q, 1);
}
static fast_result fr_normcdfinv(double p) {
  return fr_erfcinv_scaled(2 * p, -1.4142135623730951);
}
// lgamma: glibc's where |lgamma| >= 1/2 (away from its zeros: near 1, 2 and each negative
// root MPFR decides), rel 2^-40; negative integers are poles (+inf, exact).
static fast_result fr_lgamma(double x) {
  if (x < 0 && x == floor(x)) return fr_exact(INFINITY);
  double v = lgamma(x);
  if (!(fabs(v) >= 0.5)) return fr_mpfr();
  return fr_approx(v, 0x1p-40);
}
// tgamma: glibc's (9 ulp); overflow for x > 0; negative integers NaN; underflow (x < -185):
// the double's signed zero, |y| < 2^-1000 then.
static fast_result fr_tgamma(double x) {
  double v = tgamma(x);
  if (v != v) return fr_nan();
  if (v == INFINITY && x > 1) return fr_over(0);
  if (v == 0 && x < -185) return fr_under(signbit(v) != 0);
  return fr_glibc(v);
}
// I0, I1 (ref_bessel32_i): the series in double, |x| <= 200 (beyond: +-inf exactly, as the
// reference); rel 2^-40 (see above). Tiny x: I0 in (1, 1 + 2^-29) for |x| < 2^-14, I1 =
// x/2 (1 + x^2/8 + ...) for |x| < 2^-20.
static fast_result fr_bessel_i(double x, int n) {
  if (fabs(x) > 200) return fr_exact(n && x < 0 ? -INFINITY : INFINITY);
  if (n == 0 && fabs(x) < 0x1p-14) return fr_near(1, 1);
  if (n == 1 && fabs(x) < 0x1p-20) return fr_beside(x / 2, 1);
  double h = fabs(x) / 2, q = h * h, t = n ? h : 1, s = t;
  int k = 1;
  for (; k < 1000; k++) {
    double ratio = q / ((double)k * (k + n));
    t *= ratio, s += t;
    if (ratio < 0.5 && t < s * 0x1p-60) break;
  }
  if (k >= 1000) return fr_mpfr();
  return fr_approx(n && x < 0 ? -s : s, 0x1p-40);
}
static fast_result fr_i0(double x) {
  return fr_bessel_i(x, 0);
}
static fast_result fr_i1(double x) {
  return fr_bessel_i(x, 1);
}
// J0 = 1 - x^2/4 + ...: (1 - 2^-29, 1) for |x| < 2^-14; J1 = x/2 (1 - x^2/8 + ...); else MPFR.
static fast_result fr_j0(double x) {
  return fabs(x) < 0x1p-14 ? fr_near(1, -1) : fr_mpfr();
}
static fast_result fr_j1(double x) {
  return fabs(x) < 0x1p-20 ? fr_beside(x / 2, -1) : fr_mpfr();
}
static fast_result fr_nan_always(double) {
  return fr_nan();
} // jn, yn of n < 0 (CUDA: NaN)

// The table's references with a fast counterpart, by their text in the table.
struct fast_entry {
  const char *ref;
  fast_fn fn;
};
static const fast_entry fast_refs[] = {
    {"mpfr_abs(r, a, d)", fr_fabs},
    {"mpfr_floor(r, a)", fr_floor},
    {"mpfr_ceil(r, a)", fr_ceil},
    {"mpfr_trunc(r, a)", fr_trunc},
    {"mpfr_rint(r, a, MPFR_RNDN)", fr_rint},
    {"mpfr_round(r, a)", fr_round},
    {"ref_basic_logb(r, a)", fr_logb},
    {"mpfr_sqrt(r, a, d)", fr_sqrt},
    {"ref_rsqrt(r, a, d)", fr_rsqrt},
    {"mpfr_ui_div(r, 1, a, d)", fr_recip},
    {"mpfr_exp(r, a, d)", fr_exp},
    {"mpfr_exp2(r, a, d)", fr_exp2},
    {"mpfr_exp10(r, a, d)", fr_exp10},
    {"mpfr_expm1(r, a, d)", fr_expm1},
    {"mpfr_log(r, a, d)", fr_log},
    {"mpfr_log2(r, a, d)", fr_log2},
    {"mpfr_log10(r, a, d)", fr_log10},
    {"mpfr_log1p(r, a, d)", fr_log1p},
    {"mpfr_cbrt(r, a, d)", fr_cbrt},
    {"mpfr_rootn_si(r, a, -3, d)", fr_rcbrt},
    {"mpfr_sinh(r, a, d)", fr_sinh},
    {"mpfr_cosh(r, a, d)", fr_cosh},
    {"mpfr_tanh(r, a, d)", fr_tanh},
    {"mpfr_asinh(r, a, d)", fr_asinh},
    {"mpfr_acosh(r, a, d)", fr_acosh},
    {"mpfr_atanh(r, a, d)", fr_atanh},
    {"mpfr_sin(r, a, d)", fr_sin},
    {"mpfr_cos(r, a, d)", fr_cos},
    {"mpfr_tan(r, a, d)", fr_tan},
    {"mpfr_sinpi(r, a, d)", fr_sinpi},
    {"mpfr_cospi(r, a, d)", fr_cospi},
    {"mpfr_asin(r, a, d)", fr_asin},
    {"mpfr_acos(r, a, d)", fr_acos},
    {"mpfr_atan(r, a, d)", fr_atan},
    {"mpfr_erf(r, a, d)", fr_erf},
    {"mpfr_erfc(r, a, d)", fr_erfc},
    {"ref_f32special_erfcx(r, a, d)", fr_erfcx},
    {"ref_f32special_normcdf(r, a, d)", fr_normcdf},
    {"ref_f32special_erfinv(r, a, d)", fr_erfinv},
    {"ref_f32special_erfcinv(r, a, d)", fr_erfcinv},
    {"ref_f32special_normcdfinv(r, a, d)", fr_normcdfinv},
    {"ref_gamma_lgamma(r, a, d)", fr_lgamma},
    {"mpfr_gamma(r, a, d)", fr_tgamma},
    {"ref_bessel32_i(r, 0, a, d)", fr_i0},
    {"ref_bessel32_i(r, 1, a, d)", fr_i1},
    {"mpfr_j0(r, a, d)", fr_j0},
    {"ref_bessel32_j1(r, a, d)", fr_j1},
    {"ref_bessel32_jn(r, -3, a, d)", fr_nan_always},
    {"ref_bessel32_yn(r, -3, a, d)", fr_nan_always},
};

static fast_fn fast_ref_of(const char *ref) {
  for (const fast_entry &e : fast_refs)
    if (!strcmp(e.ref, ref)) return e.fn;
  return NULL;
}

// The float that every real in (lo, hi), 0 <= lo < hi, rounds to (up: away from zero,
// else to nearest or towards zero), if no boundary lies strictly inside (see above).
static bool fr_decide_pos(double lo, double hi, int rnd, float *w) {
  if (!(lo >= 0 && lo < hi)) return false;
  if (lo >= 0x1p128) { // beyond 2^128: inf, or the largest float towards zero
    *w = rnd == MPFR_RNDZ ? FLT_MAX : INFINITY;
    return true;
  }
  // lo in [2^e, 2^(e+1)) (a double subnormal or zero: e below -126, all the same here);
  // h = 2^(max(e, -126) - 24) and 1/h from their bits (no libm calls: this is the hot path)
  uint64_t lb;
  memcpy(&lb, &lo, sizeof lb);
  int e = (int)((lb >> 52) & 0x7ff) - 1023;
  const int eh = (e < -126 ? -126 : e) - 24; // -150 .. 103
  const uint64_t hb = (uint64_t)(eh + 1023) << 52, ib = (uint64_t)(1023 - eh) << 52;
  double h, inv_h;
  memcpy(&h, &hb, sizeof h), memcpy(&inv_h, &ib, sizeof inv_h);
  const double idx = floor(lo * inv_h);      // < 2^26
  if ((idx + 1) * h < hi) return false;      // a boundary strictly inside
  const bool even = ((int64_t)idx & 1) == 0; // b = idx h is a float; else a midpoint
  double below = even ? idx * h : (idx - 1) * h, above = even ? (idx + 2) * h : (idx + 1) * h;
  double pick = rnd == MPFR_RNDN ? (even ? below : above) : rnd == MPFR_RNDZ ? below : above;
  *w = (float)pick; // exact, or 2^128 -> inf
  return true;
}

// The correctly rounded float of a fast result in mode rnd and its exactness as MPFR
// reports it; false if undecided.
static bool fr_decide(const fast_result &r, mpfr_rnd_t rnd, float *w, bool *exact) {
  switch (r.kind) {
  case FR_NAN: *w = NAN, *exact = true; return true;
  case FR_EXACT:
  case FR_EXACT_INEXACT:
    *w = (float)r.lo, *exact = r.kind == FR_EXACT; // every exact result here is a float
    return (double)*w == r.lo;
  case FR_INTERVAL: {
    *exact = false;
    bool neg = r.hi <= 0;
    if (!neg && r.lo < 0) return false; // zero inside
    // in magnitude: RNDN stays, towards zero is RNDZ, away from zero is RNDU
    int m = rnd == MPFR_RNDN            ? MPFR_RNDN
            : rnd == MPFR_RNDZ          ? MPFR_RNDZ
            : (rnd == MPFR_RNDU) != neg ? MPFR_RNDU
                                        : MPFR_RNDZ;
    if (!fr_decide_pos(neg ? -r.hi : r.lo, neg ? -r.lo : r.hi, m, w)) return false;
    if (neg) *w = -*w;
    return true;
  }
  default: return false;
  }
}

// ---- The rows ----------------------------------------------------------------------
struct exh_row {
  function_info info;
  const char *expr, *ref_text;
  ref_fn ref;
  long double (*bound)(float, float, float, float);
  void (*launch)(uint32_t first, uint32_t n, float *out); // on the device, into out[0..n)
};

template <class Op> __global__ void exh_kernel(uint32_t first, uint32_t n, float *out) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = __uint_as_float(first + i);
    out[i] = Op()(x, x, x);
  }
}
template <class Op> static void exh_launch(uint32_t first, uint32_t n, float *out) {
  exh_kernel<Op><<<(n + 255) / 256, 256>>>(first, n, out);
}

// Only the unary float rows get a kernel (the others' launch stays NULL and their device
// code is never instantiated).
template <class T, int arity, class Op> struct exh_pick {
  static constexpr void (*launch)(uint32_t, uint32_t, float *) = NULL;
};
template <class Op> struct exh_pick<float, 1, Op> {
  static constexpr void (*launch)(uint32_t, uint32_t, float *) = exh_launch<Op>;
};
template <class T>
static long double (*exh_bound(long double (*b)(T, T, T, T)))(float, float, float, float) {
  if constexpr (sizeof(T) == 4)
    return b;
  else
    return NULL;
}

#define EXH_ROW(id, T, arity, expr, ref, bound, lo, hi, flags)                                     \
  {{#id, #T, arity, #bound, lo, hi, flags}, #expr, #ref, ref_##id, exh_bound<T>(bound_##id),       \
   exh_pick<T, arity, op_##id>::launch},
static const exh_row exh_table[] = {MATH_FUNCTIONS(EXH_ROW)};
#undef EXH_ROW

static const exh_row *exh_find(const char *id) {
  for (const exh_row &r : exh_table)
    if (!strcmp(r.info.id, id)) return &r;
  return NULL;
}

// An earlier row that makes `row` redundant in a run over every row: the same device
// expression, reference and bound over all floats (a RANGE row: over a superset).
static const exh_row *exh_covered_by(const exh_row &row) {
  for (const exh_row &r : exh_table) {
    if (&r == &row) return NULL;
    if (r.launch && !(r.info.flags & RANGE) && !strcmp(r.expr, row.expr) &&
        !strcmp(r.ref_text, row.ref_text) && !strcmp(r.info.bound, row.info.bound) &&
        (r.info.flags & ~RANGE) == (row.info.flags & ~RANGE))
      return &r;
  }
  return NULL;
}

// The bit patterns a row measures: all 2^32, or for a RANGE row those of the floats in
// [(float)lo, (float)hi] (the harness's own test of RANGE inputs): one run of patterns
// among the positive ones (values increase with the pattern) and one among the negative
// ones (values decrease), found by bisection; intersected with [first, first + count).
struct pattern_run {
  uint64_t first, count;
};
static float exh_float(uint64_t u) {
  return from_bits<float>((uint32_t)u);
}
static int exh_runs(const function_info &f, uint64_t first, uint64_t count, pattern_run *out) {
  pattern_run runs[2];
  int n = 0;
  if (!(f.flags & RANGE)) {
    runs[n++] = {0, 1ull << 32};
  } else {
    const float lo = (float)f.lo, hi = (float)f.hi;
    for (int neg = 0; neg < 2; neg++) {
      // patterns base .. base + 0x7f800000 (+-0 to +-inf), monotonic in value
      uint64_t base = neg ? 0x80000000u : 0, top = 0x7f800000u;
      auto in_lo = [&](uint64_t k) { return exh_float(base + k) >= lo; }; // true from a point (pos)
      auto in_hi = [&](uint64_t k) { return exh_float(base + k) <= hi; };
      // positive: in_lo is false then true, in_hi true then false; negative: the reverse
      auto first_true = [&](auto pred,
                            bool rising) { // the first k in [0, top+1) where pred == rising
        uint64_t a = 0, b = top + 1;
        while (a < b) {
          uint64_t m = (a + b) / 2;
          if (pred(m) == rising)
            b = m;
          else
            a = m + 1;
        }
        return a;
      };
      uint64_t s, e; // [s, e)
      if (!neg)
        s = first_true(in_lo, true), e = first_true(in_hi, false);
      else
        s = first_true(in_hi, true), e = first_true(in_lo, false);
      if (s < e) runs[n++] = {base + s, e - s};
    }
  }
  int m = 0;
  for (int i = 0; i < n; i++) {
    uint64_t a = runs[i].first > first ? runs[i].first : first;
    uint64_t b = runs[i].first + runs[i].count < first + count ? runs[i].first + runs[i].count
                                                               : first + count;
    if (a < b) out[m++] = {a, b - a};
  }
  return m;
}

// ---- The measurement ---------------------------------------------------------------
struct exh_worker {
  findings<float> found;
  long long fast = 0, mpfr = 0;
};

// A reference shared between two runs of one function (--ref-out, --ref-in: CUDA's build
// computes it, Anchor's reads it): one word per bit pattern, the correctly rounded float's
// bits, except an inexact zero or infinity (the only results whose exactness matters,
// special_mismatch), stored as 0x7f900000 | (infinite << 1) | sign, and a NaN as 0x7fc00000.
static uint32_t exh_ref_encode(float want, bool exact) {
  if (isnan(want)) return 0x7fc00000u;
  if ((isinf(want) || want == 0) && !exact)
    return 0x7f900000u | (isinf(want) ? 2u : 0u) | (signbit(want) ? 1u : 0u);
  return bits_of(want);
}
static float exh_ref_decode(uint32_t v, bool *exact) {
  *exact = (v & 0xfff00000u) != 0x7f900000u;
  if (*exact) return from_bits<float>(v);
  float m = v & 2 ? INFINITY : 0.0f;
  return v & 1 ? -m : m;
}

// Compares out[0..n) (the device's results at the inputs xs[0..n), or at the patterns
// first..first+n when xs is NULL) into w; with ref_map, the reference is read from it
// (ref_read) or also written into it (indexed by the pattern).
static void exh_compare_list(const exh_row &row, fast_fn fast, const float *xs, const float *out,
                             size_t n, exh_worker *w, uint64_t first = 0, uint32_t *ref_map = NULL,
                             bool ref_read = false) {
  reference<float> cr(rounding_of(row.info.flags));
  const mpfr_rnd_t rnd = rounding_of(row.info.flags);
  for (size_t i = 0; i < n; i++) {
    const float a = xs ? xs[i] : exh_float(first + i);
    float want;
    bool exact;
    if (ref_read) {
      want = exh_ref_decode(ref_map[first + i], &exact);
      w->fast++;
    } else {
      fast_result r = fast && isfinite(a) && a != 0 ? fast(a) : fr_mpfr();
      if (r.kind != FR_MPFR && fr_decide(r, rnd, &want, &exact)) {
        w->fast++;
      } else {
        want = cr(row.ref, a, a, a, &exact);
        w->mpfr++;
      }
      if (ref_map) ref_map[first + i] = exh_ref_encode(want, exact);
    }
    // the same bits (or NaN for NaN): no error and no mismatch whatever the bound, which
    // add_one would find more slowly
    const float y = out ? out[i] : want; // NULL: --time-ref's stand-in, a right result
    if (bits_of(y) == bits_of(want) || (isnan(y) && isnan(want)))
      w->found.inputs++;
    else
      w->found.add_one(row.info, row.bound, a, a, a, y, want, exact);
  }
}
static void exh_compare(const exh_row &row, fast_fn fast, uint64_t first, const float *out,
                        size_t n, exh_worker *w, uint32_t *ref_map, bool ref_read) {
  exh_compare_list(row, fast, NULL, out, n, w, first, ref_map, ref_read);
}

// The shared reference file, mapped (2^32 words, sparse: only the row's patterns are
// touched); NULL (after a message) if it cannot be.
static uint32_t *exh_ref_map(const char *path, bool read) {
  const size_t bytes = sizeof(uint32_t) << 32;
  int fd = open(path, read ? O_RDONLY : O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || (!read && ftruncate(fd, (off_t)bytes) != 0)) {
    printf("FAIL: %s: %s\n", path, strerror(errno));
    if (fd >= 0) close(fd);
    return NULL;
  }
  void *p = mmap(NULL, bytes, read ? PROT_READ : PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) {
    printf("FAIL: mmap %s: %s\n", path, strerror(errno));
    return NULL;
  }
  return (uint32_t *)p;
}

// Merges b into a: sums, the larger maximum (ties: the smaller pattern, the harness's
// order), the first mismatch by pattern.
static void exh_merge(findings<float> &a, const findings<float> &b) {
  if (b.max_err > a.max_err ||
      (b.max_err == a.max_err && b.max_err > 0 && bits_of(b.worst[0]) < bits_of(a.worst[0])))
    memcpy(a.worst, b.worst, sizeof a.worst), a.max_err = b.max_err;
  if (b.mismatches && (!a.mismatches || bits_of(b.first[0]) < bits_of(a.first[0])))
    memcpy(a.first, b.first, sizeof a.first), a.why = b.why;
  a.mismatches += b.mismatches, a.inputs += b.inputs;
}

static double exh_now() {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static bool exh_check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess;
}

// One row over its patterns in [first, first + count): chunks of `chunk` patterns
// launched one after the other; the host compares chunk k on `threads` threads while the
// device computes and copies chunk k + 1. Returns 1 on PASS.
static int exh_measure(const exh_row &row, uint64_t first, uint64_t count, int threads,
                       uint64_t chunk, double deadline, const char *ref_path, bool ref_read,
                       bool zero_copy) {
  const double t0 = exh_now();
  uint32_t *ref_map = NULL;
  if (ref_path && !(ref_map = exh_ref_map(ref_path, ref_read))) return 0;
  pattern_run runs[2];
  const int nruns = exh_runs(row.info, first, count, runs);
  fast_fn fast = fast_ref_of(row.ref_text);
  std::vector<exh_worker> workers(threads);
  // Two page-aligned host buffers; with zero_copy, registered (cudaHostRegisterMapped) so
  // that the kernel writes its results straight into them over the bus (no managed-memory
  // migration and no copy: cudametal's device memory is managed), else one device buffer
  // and cudaMemcpy. The line says which.
  float *host[2], *mapped[2] = {NULL, NULL}, *dev = NULL;
  const size_t bytes = (chunk * sizeof(float) + 4095) / 4096 * 4096;
  host[0] = (float *)aligned_alloc(4096, bytes), host[1] = (float *)aligned_alloc(4096, bytes);
  if (!host[0] || !host[1]) return printf("FAIL: out of memory\n"), 0;
  int registered = 0;
  for (; zero_copy && registered < 2; registered++)
    if (cudaHostRegister(host[registered], bytes, cudaHostRegisterMapped) != cudaSuccess ||
        cudaHostGetDevicePointer((void **)&mapped[registered], host[registered], 0) != cudaSuccess)
      break;
  const bool zc = registered == 2;
  if (zero_copy && !zc) {
    printf("    (cudaHostRegister failed: %s; results copied instead)\n",
           cudaGetErrorString(cudaGetLastError()));
    for (int j = 0; j < registered; j++)
      cudaHostUnregister(host[j]);
  }
  if (!zc && !exh_check(cudaMalloc((void **)&dev, chunk * sizeof(float)), "cudaMalloc")) return 0;
  std::vector<std::thread> busy;
  auto join = [&] {
    for (std::thread &t : busy)
      t.join();
    busy.clear();
  };
  double device_s = 0;
  bool ok = true, partial = false;
  int k = 0;
  for (int ri = 0; ri < nruns && ok && !partial; ri++) {
    for (uint64_t u = runs[ri].first; u < runs[ri].first + runs[ri].count; u += chunk, k++) {
      if (deadline > 0 && exh_now() > deadline) {
        partial = true;
        break;
      }
      const uint64_t end = runs[ri].first + runs[ri].count;
      const uint32_t n = (uint32_t)(u + chunk < end ? chunk : end - u);
      float *buf = host[k & 1]; // chunk k - 2's buffer: its threads were joined
      const double d0 = exh_now();
      row.launch((uint32_t)u, n, zc ? mapped[k & 1] : dev);
      ok = exh_check(cudaGetLastError(), "launch") &&
           exh_check(cudaDeviceSynchronize(), "kernel") &&
           (zc || exh_check(cudaMemcpy(buf, dev, n * sizeof(float), cudaMemcpyDeviceToHost),
                            "cudaMemcpy"));
      device_s += exh_now() - d0;
      join(); // chunk k - 1
      if (!ok) break;
      const uint64_t per = (n + threads - 1) / threads;
      for (int t = 0; t < threads; t++) {
        const uint64_t s = t * per, e2 = s + per < n ? s + per : n;
        if (s < e2)
          busy.emplace_back(exh_compare, std::cref(row), fast, u + s, buf + s, (size_t)(e2 - s),
                            &workers[t], ref_map, ref_read);
      }
    }
  }
  join();
  if (dev) cudaFree(dev);
  for (int j = 0; zc && j < 2; j++)
    cudaHostUnregister(host[j]);
  free(host[0]), free(host[1]);
  if (ref_map) munmap(ref_map, sizeof(uint32_t) << 32);
  if (!ok) return 0;
  findings<float> all;
  long long nfast = 0, nmpfr = 0;
  for (exh_worker &w : workers)
    exh_merge(all, w.found), nfast += w.fast, nmpfr += w.mpfr;
  reference<float> cr(rounding_of(row.info.flags));
  if (partial) { // the line of a cut run: never a PASS
    printf("%-12s %-6s inputs %10lld  max_ulp %-8.3Lg bound %-4s PARTIAL\n", row.info.id,
           row.info.type, all.inputs, all.max_err, row.info.bound);
  } else {
    all.print(row.info, row.ref, cr);
  }
  printf("    exhaustive: %.1f s (device %s %.1f s), %d threads; %s %lld, MPFR %lld\n",
         exh_now() - t0, zc ? "writing to host memory" : "and copies", device_s, threads,
         ref_read ? "reference read" : "fast reference", nfast, nmpfr);
  fflush(stdout);
  return !partial && all.pass();
}

// ---- --check-ref: the fast reference against MPFR ------------------------------------
static int exh_check_ref(const exh_row &row, int scale, uint64_t bits_first, uint64_t bits_count) {
  fast_fn fast = fast_ref_of(row.ref_text);
  if (!fast) {
    printf("%-12s no fast reference (MPFR only)\n", row.info.id);
    return 1;
  }
  std::vector<float> xs;
  if (bits_count) {
    for (uint64_t u = bits_first; u < bits_first + bits_count; u++)
      xs.push_back(exh_float(u));
  } else {
    std::vector<float> args[3];
    build_inputs<float>(row.info, scale, args);
    xs = args[0];
    rng r{seed_of(row.info.id) ^ 0x5eed};
    for (int i = 0; i < 65536; i++)
      xs.push_back(from_bits<float>((uint32_t)r.next()));
  }
  const mpfr_rnd_t rnd = rounding_of(row.info.flags);
  reference<float> cr(rnd);
  long long decided = 0, wrong = 0;
  for (float a : xs) {
    if (!isfinite(a) || a == 0) continue; // always MPFR's
    float w;
    bool exact, mexact;
    fast_result r = fast(a);
    if (r.kind == FR_MPFR || !fr_decide(r, rnd, &w, &exact)) continue;
    decided++;
    float m = cr(row.ref, a, a, a, &mexact);
    // exactness matters only for an infinite or zero result (special_mismatch)
    const bool same_exact = exact == mexact || !(isinf(m) || m == 0);
    if ((isnan(m) && isnan(w)) || (bits_of(m) == bits_of(w) && same_exact)) continue;
    if (!wrong++) {
      printf("    %s(", row.info.id);
      print_value(a);
      printf("): fast ");
      print_value(w);
      printf(" (%s), MPFR ", exact ? "exact" : "inexact");
      print_value(m);
      printf(" (%s)\n", mexact ? "exact" : "inexact");
    }
  }
  printf("%-12s float  inputs %10zu  fast-decided %10lld  differ %lld  %s\n", row.info.id,
         xs.size(), decided, wrong, wrong ? "FAIL" : "PASS");
  fflush(stdout);
  return wrong == 0;
}

// --time-ref STRIDE: no device; the host's side of a run (reference and checks, one
// thread) over every STRIDE-th pattern, the device's results taken to be the correctly
// rounded ones (the common case);
// prints the estimated seconds of one thread for all 2^32 patterns (the runs' planning).
static void exh_time_ref(const exh_row &row, uint64_t stride) {
  fast_fn fast = fast_ref_of(row.ref_text);
  std::vector<float> xs;
  pattern_run runs[2];
  const int nruns = exh_runs(row.info, 0, 1ull << 32, runs);
  uint64_t total = 0;
  for (int ri = 0; ri < nruns; ri++) {
    total += runs[ri].count;
    for (uint64_t u = runs[ri].first; u < runs[ri].first + runs[ri].count; u += stride)
      xs.push_back(exh_float(u));
  }
  exh_worker w;
  struct timespec t0, t1; // this thread's CPU time: the machine may be shared
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
  exh_compare_list(row, fast, xs.data(), NULL, xs.size(), &w);
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
  const double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
  const long long n = w.fast + w.mpfr;
  printf("%-16s patterns %10llu  sample %8lld  mpfr %6.3f%%  %6.1f ns/input  all: %6.0f s of "
         "one thread\n",
         row.info.id, (unsigned long long)total, n, 100.0 * w.mpfr / (n ? n : 1),
         1e9 * secs / (n ? n : 1), secs / (n ? n : 1) * (double)total);
  fflush(stdout);
}

int main(int argc, char **argv) {
  int threads = (int)std::thread::hardware_concurrency(), chunk_log2 = 26, scale = 1, first = 1;
  bool list = false, check_ref = false;
  uint64_t time_stride = 0;
  const char *ref_path = NULL;
  bool ref_read = false, zero_copy = false;
  uint64_t bits_first = 0, bits_count = 1ull << 32;
  double deadline = 0;
  if (threads < 1) threads = 1;
  for (;;) {
    if (first + 1 < argc && !strcmp(argv[first], "--threads")) {
      threads = atoi(argv[first + 1]), first += 2;
    } else if (first + 1 < argc && !strcmp(argv[first], "--chunk")) {
      chunk_log2 = atoi(argv[first + 1]), first += 2;
    } else if (first + 1 < argc && !strcmp(argv[first], "--scale")) {
      scale = atoi(argv[first + 1]), first += 2;
    } else if (first + 1 < argc && !strcmp(argv[first], "--deadline")) {
      deadline = atof(argv[first + 1]), first += 2;
    } else if (first + 2 < argc && !strcmp(argv[first], "--bits")) {
      bits_first = strtoull(argv[first + 1], NULL, 0);
      bits_count = strtoull(argv[first + 2], NULL, 0), first += 3;
    } else if (first + 1 < argc && !strcmp(argv[first], "--time-ref")) {
      time_stride = strtoull(argv[first + 1], NULL, 0), first += 2;
    } else if (first + 1 < argc &&
               (!strcmp(argv[first], "--ref-out") || !strcmp(argv[first], "--ref-in"))) {
      ref_read = !strcmp(argv[first], "--ref-in"), ref_path = argv[first + 1], first += 2;
    } else if (first < argc && !strcmp(argv[first], "--zero-copy")) {
      zero_copy = true, first++;
    } else if (first < argc && !strcmp(argv[first], "--list")) {
      list = true, first++;
    } else if (first < argc && !strcmp(argv[first], "--check-ref")) {
      check_ref = true, first++;
    } else {
      break;
    }
  }
  if (threads < 1 || scale < 1 || chunk_log2 < 8 || chunk_log2 > 30 ||
      bits_first + bits_count > (1ull << 32) || (first < argc && argv[first][0] == '-')) {
    fprintf(stderr,
            "usage: %s [--threads N] [--chunk LOG2] [--bits FIRST COUNT] [--deadline T]\n"
            "          [--ref-out FILE | --ref-in FILE] [--zero-copy] [NAME...]\n"
            "       %s --list | --check-ref [--scale N] [--bits FIRST COUNT] [NAME...]\n",
            argv[0], argv[0]);
    return 2;
  }
  if (check_ref && bits_count == (1ull << 32)) bits_count = 0; // default: the CTest input sets
  std::vector<const exh_row *> rows;
  for (int i = first; i < argc; i++) {
    const exh_row *r = exh_find(argv[i]);
    if (!r || !r->launch) {
      printf("FAIL: %s is not a unary float row of the table\n", argv[i]);
      return 2;
    }
  }
  for (const exh_row &r : exh_table) // named rows in the table's order, as math_accuracy
    for (int i = first; i < argc; i++)
      if (!strcmp(argv[i], r.info.id)) {
        rows.push_back(&r);
        break;
      }
  if (rows.empty())
    for (const exh_row &r : exh_table) {
      if (!r.launch) continue;
      const exh_row *c = exh_covered_by(r);
      // "mpfr": MPFR decides most inputs (the Bessel functions J, Y): hours of CPU
      const fast_fn fast = fast_ref_of(r.ref_text);
      const bool slow = !fast || fast == fr_j0 || fast == fr_j1;
      if (list)
        printf("%-16s %s%s\n", r.info.id,
               c      ? "covered by "
               : slow ? "mpfr"
                      : "",
               c ? c->info.id : "");
      if (!c) rows.push_back(&r);
    }
  if (list) return 0;
  if (ref_path && rows.size() != 1) {
    printf("FAIL: --ref-out and --ref-in take one function\n");
    return 2;
  }
  if (time_stride) {
    for (const exh_row *r : rows)
      exh_time_ref(*r, time_stride);
    return 0;
  }
  int failed = 0;
  for (const exh_row *r : rows)
    if (!(check_ref ? exh_check_ref(*r, scale, bits_first, bits_count)
                    : exh_measure(*r, bits_first, bits_count, threads, 1ull << chunk_log2, deadline,
                                  ref_path, ref_read, zero_copy)))
      failed++;
  if (failed) {
    printf("FAIL: %d of %zu functions\n", failed, rows.size());
    return 1;
  }
  printf("PASS\n");
  return 0;
}
