// devlib/f64_exp.cu — double-precision exponentials, logarithms, powers, cube roots and
// hyperbolic functions of Anchor's device library: exp, exp2, exp10, expm1, log, log2,
// log10, log1p, pow, cbrt, rcbrt, sinh, cosh, tanh, asinh, acosh, atanh. Declarations
// and contracts: include/anchor/math/f64_exp.h.
//
// double is Anchor's software binary64 (compiler/lower_fp64.c): every +, -, *, /, fma
// and sqrt below is correctly rounded, and costs tens of integer operations in MSL, so
// the code builds powers of two from bits, multiplies by constants instead of dividing
// and keeps the polynomials short. No tables: every constant is an immediate.
//
// Two kernels carry everything, both in double-double arithmetic (an unevaluated sum
// hi + lo of two doubles, formed with error-free transforms: Fast2Sum, TwoSum and the
// exact product residue fma(a, b, -a*b)), so that most results are the correctly
// rounded value of an approximation within about 2^-60 relative, rounded once:
//   - exp: x = k ln2 + r, |r| <= ln2/2 (Cody–Waite: ln2 as a 42-bit head, so k*head is
//     exact, and a tail), e^r - 1 = r + r^2/2 + r^3/3! + r^4 P(r), P the Taylor
//     polynomial of degree 10 (truncation below 2^-61 relative), the first three terms
//     in double-double; 2^k from its bits, a subnormal result rounded once;
//   - log: x = 2^e m, m in [sqrt(1/2), sqrt(2)], log m = 2 atanh(s), s = (m-1)/(m+1),
//     |s| <= 3 - 2 sqrt(2) < 0.1716, the series 2s + 2s^3/3 + s^5 R(s^2) to s^23
//     (truncation below 2^-65 relative) with 2s + 2s^3/3 in double-double (for pow
//     2s^5/5 too) and s itself as a double-double (one division).
// Measured (MPFR, 300,000 random inputs per range): every function within 0.507 ulp of
// the exact value; the correctly rounded result for all but at most 0.05% of them.
// The constants and Taylor coefficients come from devlib/gen/f64_exp_coeffs.c (MPFR).

// ---- Constants (devlib/gen/f64_exp_coeffs.c) -----------------------------------------
#define LN2_HI 0x1.62e42fefa38p-1     // ln 2, 42-bit head: k * LN2_HI exact for |k| < 2^11
#define LN2_LO 0x1.ef35793c7673p-45   //   and the rest
#define LN2_D 0x1.62e42fefa39efp-1    // ln 2 rounded
#define LN2_DLO 0x1.abc9e3b39803fp-56 //   and the rest
#define LG2_HI 0x1.34413509f78p-2     // log10 2, 42-bit head
#define LG2_LO 0x1.fef311f12b358p-46  //   and the rest
#define LOG2E 0x1.71547652b82fep+0    // log2 e
#define LOG2E_LO 0x1.777d0ffda0d24p-56
#define LN10 0x1.26bb1bbb55516p+1 // ln 10
#define LN10_LO -0x1.f48ad494ea3e9p-53
#define LOG2_10 0x1.a934f0979a371p+1 // log2 10
#define LOG10E 0x1.bcb7b1526e50ep-2  // log10 e
#define LOG10E_LO 0x1.95355baaafad3p-57
#define TWO_THIRDS 0x1.5555555555555p-1
#define TWO_THIRDS_LO 0x1.5555555555555p-55
#define THIRD 0x1.5555555555555p-2
#define SQRT2_BITS 0x3ff6a09e667f3bcdull // sqrt(2) rounded
#define SHIFT 0x1.8p52                   // x + SHIFT - SHIFT = rint(x) for |x| < 2^51
// 1/n!
#define E3 0x1.5555555555555p-3
#define E3_LO 0x1.5555555555555p-57
#define E4 0x1.5555555555555p-5
#define E5 0x1.1111111111111p-7
#define E6 0x1.6c16c16c16c17p-10
#define E7 0x1.a01a01a01a01ap-13
#define E8 0x1.a01a01a01a01ap-16
#define E9 0x1.71de3a556c734p-19
#define E10 0x1.27e4fb7789f5cp-22
#define E11 0x1.ae64567f544e4p-26
#define E12 0x1.1eed8eff8d898p-29
#define E13 0x1.6124613a86d09p-33
#define E14 0x1.93974a8c07c9dp-37
// 2/(2k+1)
#define A5 0x1.999999999999ap-2
#define A5_LO -0x1.999999999999ap-56
#define A7 0x1.2492492492492p-2
#define A9 0x1.c71c71c71c71cp-3
#define A11 0x1.745d1745d1746p-3
#define A13 0x1.3b13b13b13b14p-3
#define A15 0x1.1111111111111p-3
#define A17 0x1.e1e1e1e1e1e1ep-4
#define A19 0x1.af286bca1af28p-4
#define A21 0x1.8618618618618p-4
#define A23 0x1.642c8590b2164p-4

#define INF __builtin_inf()
#define NAN_D __builtin_nan("")

typedef unsigned long long u64;

static __device__ u64 bits(double x) {
  return __builtin_bit_cast(u64, x);
}
static __device__ double from_bits(u64 u) {
  return __builtin_bit_cast(double, u);
}
// 2^k for -1022 <= k <= 1023, from its bits.
static __device__ double pow2(int k) {
  return from_bits((u64)(k + 1023) << 52);
}
static __device__ double with_sign(double r, u64 sign) {
  return from_bits(bits(r) ^ sign);
}

// ---- exp -----------------------------------------------------------------------------
// e^(rh + rl) - 1 as *mh + *ml (|*ml| <= ulp(*mh)/2), for |rh| <= 0.35
// and |rl| <= ulp(rh): r + r^2/2 + r^3/3! + r^4 P(r), P Taylor's 1/4! .. 1/14! (the next
// term is below 2^-61 of the result); r + r^2/2 + r^3/3! in double-double (r^2/2 exact),
// r^4 P (below 2^-10 of the result) in double; rl enters as rl (1 + r + r^2/2). Within about
// 2^-61 relative.
static __device__ void expm1_core(double rh, double rl, double *mh, double *ml) {
  double rr = rh * rh, rre = __builtin_fma(rh, rh, -rr);
  double hh = 0.5 * rr, hl = 0.5 * rre;
  double c = rr * rh, ce = __builtin_fma(rr, rh, -c) + rre * rh; // r^3
  double t = c * E3, te = __builtin_fma(c, E3, -t) + (ce * E3 + c * E3_LO);
  double p = __builtin_fma(E14, rh, E13);
  p = __builtin_fma(p, rh, E12);
  p = __builtin_fma(p, rh, E11);
  p = __builtin_fma(p, rh, E10);
  p = __builtin_fma(p, rh, E9);
  p = __builtin_fma(p, rh, E8);
  p = __builtin_fma(p, rh, E7);
  p = __builtin_fma(p, rh, E6);
  p = __builtin_fma(p, rh, E5);
  p = __builtin_fma(p, rh, E4);
  double q = c * rh * p; // r^4 (1/4! + ..), below 2^-10 of the result
  double s = rh + hh;    // Fast2Sum: |hh| <= 0.18 |rh|
  double e = hh - (s - rh);
  double s2 = s + t; // Fast2Sum: |t| <= 0.03 |s|
  double e2 = t - (s2 - s);
  double l = (e + e2) + (hl + (te + (q + rl * (1.0 + s))));
  *mh = s2 + l; // Fast2Sum: normalise
  *ml = l - (*mh - s2);
}

// e^(rh + rl) as *th + *tl, |*tl| <= 2^-52 |*th|.
static __device__ void exp_core(double rh, double rl, double *th, double *tl) {
  double mh, ml;
  expm1_core(rh, rl, &mh, &ml);
  double t = 1.0 + mh; // Fast2Sum: |mh| < 0.42
  *th = t;
  *tl = (mh - (t - 1.0)) + ml;
}

// k = rint(x log2 e) and x - k ln2 = *rh + *rl, for |x| < 1100. |r| <= ln2/2 + 2^-40.
static __device__ int exp_reduce(double x, double *rh, double *rl) {
  double t = x * LOG2E + SHIFT;
  double kd = t - SHIFT;
  int k = (int)(long long)(bits(t) - bits(SHIFT));
  double a = x - kd * LN2_HI; // exact: k*LN2_HI is, and Sterbenz's lemma
  double b = -(kd * LN2_LO);
  double s = a + b; // TwoSum
  double bb = s - a;
  *rh = s;
  *rl = (a - (s - bb)) + (b - bb);
  return k;
}

// (hi + lo) * 2^k rounded once, hi in [0.7, 1.5], |lo| <= 2^-50 hi, k in [-1080, 1030]:
// overflow to infinity; a subnormal result is rounded once, from the integer significand
// of hi + lo at the subnormal grid 2^-1074, the error of hi + lo deciding the ties.
static __device__ double scale_dd(double hi, double lo, int k) {
  if (k >= -1020 && k <= 1020) return (hi + lo) * pow2(k);
  if (k > 0) return (hi + lo) * pow2(k - 600) * 0x1p600;
  double h = hi + lo, r = lo - (h - hi); // Fast2Sum: h + r = hi + lo
  u64 u = bits(h);
  int d = -1074 - ((int)(u >> 52) - 1023 - 52 + k); // bits of h below 2^-1074
  if (d <= 0) return h * pow2(k);                   // normal: exact
  if (d > 63) d = 63;
  u64 m = (u & 0x000fffffffffffffull) | (1ull << 52);
  u64 q = m >> d, rem = m & ((1ull << d) - 1), half = 1ull << (d - 1);
  bool up = rem > half || (rem == half && (r > 0.0 || (r == 0.0 && (q & 1))));
  return from_bits(q + up); // q + 1 = 2^52 is the smallest normal's bits
}

extern "C" __device__ double __anchor_exp(double x) {
  if (!(x <= 709.8)) return x + INF; // +inf beyond log(DBL_MAX); NaN
  if (x < -745.2) return 0.0;        // below half the smallest subnormal
  double rh, rl, th, tl;
  int k = exp_reduce(x, &rh, &rl);
  exp_core(rh, rl, &th, &tl);
  return scale_dd(th, tl, k);
}

extern "C" __device__ double __anchor_exp2(double x) {
  if (!(x <= 1024.0)) return x + INF;
  if (x < -1076.0) return 0.0;
  double t = x + SHIFT;
  double kd = t - SHIFT;
  int k = (int)(long long)(bits(t) - bits(SHIFT));
  double r = x - kd; // exact, |r| <= 1/2
  double rh = r * LN2_D;
  double rl = __builtin_fma(r, LN2_D, -rh) + r * LN2_DLO;
  double th, tl;
  exp_core(rh, rl, &th, &tl);
  return scale_dd(th, tl, k);
}

extern "C" __device__ double __anchor_exp10(double x) {
  if (!(x <= 308.3)) return x + INF;
  if (x < -323.7) return 0.0;
  double t = x * LOG2_10 + SHIFT;
  double kd = t - SHIFT;
  int k = (int)(long long)(bits(t) - bits(SHIFT));
  // x ln10 = ph + pl exactly to 2^-106 |x ln10|; r = x ln10 - k ln2.
  double ph = x * LN10;
  double pl = __builtin_fma(x, LN10, -ph) + x * LN10_LO;
  double a = ph - kd * LN2_HI; // exact (Sterbenz)
  double b = pl - kd * LN2_LO;
  double s = a + b; // TwoSum
  double bb = s - a;
  double rh = s, rl = (a - (s - bb)) + (b - bb);
  double th, tl;
  exp_core(rh, rl, &th, &tl);
  return scale_dd(th, tl, k);
}

extern "C" __device__ double __anchor_expm1(double x) {
  if (!(x <= 709.8)) return x + INF;
  if (x < -40.0) return -1.0;                // e^x < 2^-57: -1 + e^x rounds to -1
  if (__builtin_fabs(x) < 0x1p-54) return x; // x + x^2/2 rounds to x (and keeps -0)
  double rh, rl, mh, ml;
  int k = exp_reduce(x, &rh, &rl);
  expm1_core(rh, rl, &mh, &ml);
  if (k == 0) return mh + ml;
  double th = 1.0 + mh, tl = (mh - (th - 1.0)) + ml; // e^r
  if (k > 1020) return scale_dd(th, tl, k);          // the -1 is far below an ulp
  double s = pow2(k);
  th *= s, tl *= s;
  double d = th - 1.0; // TwoSum(th, -1)
  double bb = d - th;
  double e = (th - (d - bb)) + (-1.0 - bb);
  return d + (e + tl);
}

// e^|x| = (*th + *tl) 2^k for the hyperbolic functions (|x| <= 711).
static __device__ int exp_abs(double ax, double *th, double *tl) {
  double rh, rl;
  int k = exp_reduce(ax, &rh, &rl);
  exp_core(rh, rl, th, tl);
  return k;
}

// 1/(h + l) as *rh + *rl (to about 2^-104 relative).
static __device__ void recip_dd(double h, double l, double *rh, double *rl) {
  double r = 1.0 / h;
  *rh = r;
  *rl = r * (__builtin_fma(-r, h, 1.0) - r * l);
}

// sinh: |x| < 0.35: x + x^3/3! + x^5 (1/5! + .. + x^8/13!) (the next term below 2^-61
// of the result), x + x^3/3! in double-double; up to 2^56 e^|x| ~ |x| < 39:
// (e^|x| - e^-|x|)/2 in double-double; beyond, e^|x|/2 (e^-|x| is below 2^-110 of it),
// the 1/2 folded into the scale so that e^|x| may overflow where sinh does not.
extern "C" __device__ double __anchor_sinh(double x) {
  double ax = __builtin_fabs(x);
  u64 sign = bits(x) & 0x8000000000000000ull;
  if (ax < 0x1p-28) return x;         // x + x^3/6 rounds to x
  if (!(ax <= 711.0)) return x * INF; // +-inf, NaN
  double r;
  if (ax < 0.35) {
    double z = x * x, ze = __builtin_fma(x, x, -z);
    double c = z * x, ce = __builtin_fma(z, x, -c) + ze * x; // x^3
    double p = __builtin_fma(E13, z, E11);
    p = __builtin_fma(p, z, E9);
    p = __builtin_fma(p, z, E7);
    p = __builtin_fma(p, z, E5);
    double t = c * E3, te = __builtin_fma(c, E3, -t) + (ce * E3 + c * E3_LO);
    double h = x + t; // Fast2Sum: |t| < 0.03 |x|
    return h + ((t - (h - x)) + (te + c * z * p));
  }
  double th, tl;
  int k = exp_abs(ax, &th, &tl);
  if (k >= 56) {
    r = scale_dd(th, tl, k - 1);
  } else {
    double s = pow2(k);
    th *= s, tl *= s;
    double qh, ql;
    recip_dd(th, tl, &qh, &ql);
    double d = th - qh; // TwoSum
    double bb = d - th;
    double e = (th - (d - bb)) + (-qh - bb);
    r = 0.5 * (d + (e + (tl - ql)));
  }
  return with_sign(r, sign);
}

// cosh: (e^|x| + e^-|x|)/2 in double-double; e^|x|/2 beyond |x| ~ 39.
extern "C" __device__ double __anchor_cosh(double x) {
  double ax = __builtin_fabs(x);
  if (!(ax <= 711.0)) return ax + INF; // +inf, NaN
  double th, tl;
  int k = exp_abs(ax, &th, &tl);
  if (k >= 56) return scale_dd(th, tl, k - 1);
  double s = pow2(k);
  th *= s, tl *= s;
  double qh, ql;
  recip_dd(th, tl, &qh, &ql);
  double d = th + qh; // TwoSum
  double bb = d - th;
  double e = (th - (d - bb)) + (qh - bb);
  return 0.5 * (d + (e + (tl + ql)));
}

// tanh: N/(N + 2), N = e^(2|x|) - 1 in double-double (|x| >= 2^-27 keeps N's
// relative error near 2^-80); +-1 from |x| >= 22 (1 - tanh < 2^-62).
extern "C" __device__ double __anchor_tanh(double x) {
  double ax = __builtin_fabs(x);
  u64 sign = bits(x) & 0x8000000000000000ull;
  if (ax < 0x1p-27) return x; // x - x^3/3 rounds to x
  if (!(ax < 22.0)) return ax > 1.0 ? with_sign(1.0, sign) : x + x;
  double rh, rl, mh, ml;
  int k = exp_reduce(ax + ax, &rh, &rl);
  expm1_core(rh, rl, &mh, &ml);
  double s = pow2(k);
  double th = 1.0 + mh, tl = (mh - (th - 1.0)) + ml;
  th *= s, tl *= s;
  double nh = th - 1.0; // TwoSum(th, -1): N
  double bb = nh - th;
  double nl = ((th - (nh - bb)) + (-1.0 - bb)) + tl;
  double dh = nh + 2.0; // TwoSum(nh, 2): N + 2
  bb = dh - nh;
  double dl = ((nh - (dh - bb)) + (2.0 - bb)) + nl;
  double inv = 1.0 / dh;
  double qh = nh * inv;
  double ql = (__builtin_fma(-qh, dh, nh) + (nl - qh * dl)) * inv;
  return with_sign(qh + ql, sign);
}

// ---- log -----------------------------------------------------------------------------
// 2 atanh(sh + sl) = *h + *l for |sh| <= 0.1716, |sl| <= ulp(sh): 2s + (2/3)s^3 in
// double-double, s^5 (2/5 + 2/7 s^2 + .. + 2/23 s^18) in double (below 2^-12 of the
// result, so its rounding errors stay below 2^-63 of it). WIDE (for pow, whose result
// magnifies the logarithm's error by up to 745): (2/5)s^5 in double-double as well, the
// rest below 2^-19 of the result, so within about 2^-68.
template <bool WIDE = false>
static __device__ void atanh2_series(double sh, double sl, double *h, double *l) {
  double z = sh * sh, ze = __builtin_fma(sh, sh, -z);
  double c = z * sh, ce = __builtin_fma(z, sh, -c) + ze * sh; // sh^3
  double t = c * TWO_THIRDS;
  double te = __builtin_fma(c, TWO_THIRDS, -t) + (ce * TWO_THIRDS + c * TWO_THIRDS_LO);
  te += 2.0 * z * sl; // (2/3) 3 s^2 sl
  double p = __builtin_fma(A23, z, A21);
  p = __builtin_fma(p, z, A19);
  p = __builtin_fma(p, z, A17);
  p = __builtin_fma(p, z, A15);
  p = __builtin_fma(p, z, A13);
  p = __builtin_fma(p, z, A11);
  p = __builtin_fma(p, z, A9);
  double H = sh + sh;
  double S = H + t; // Fast2Sum: |t| < 0.01 |H|
  double e = t - (S - H);
  if (WIDE) {
    double c5 = c * z, c5e = __builtin_fma(c, z, -c5) + (ce * z + c * ze); // sh^5
    double u = c5 * A5, ue = __builtin_fma(c5, A5, -u) + (c5e * A5 + c5 * A5_LO);
    ue += 2.0 * z * z * sl;                       // (2/5) 5 s^4 sl
    double t7 = c5 * z * __builtin_fma(p, z, A7); // s^7 (2/7 + ..)
    double S2 = S + u;                            // Fast2Sum: |u| < 0.02 |S|
    e += u - (S2 - S);
    *h = S2;
    *l = e + ((te + ue) + (2.0 * sl + t7));
    return;
  }
  p = __builtin_fma(p, z, A7);
  p = __builtin_fma(p, z, A5);
  double t5 = z * z * sh * p;
  *h = S;
  *l = e + (te + (2.0 * sl + t5));
}

// s = g/(2 + g) = *sh + *sl for g = f + c, f in [sqrt(1/2) - 1, sqrt(2) - 1], |c| <= 2^-53
// with |c| <= |f| or f = 0 (LO: c may be nonzero), so that log(1 + g) = 2 atanh(s): one
// division, the exact remainder fma(-s, d, g), and 1/(2 + g) = (1 - s)/2.
template <bool LO> static __device__ void log1p_s(double f, double c, double *sh, double *sl) {
  double g = f, gc = 0.0;
  if (LO) g = f + c, gc = c - (g - f); // Fast2Sum
  double dh = 2.0 + g;
  double dl = g - (dh - 2.0); // Fast2Sum: |g| < 2
  if (LO) dl += gc;
  double s = g / dh;
  double rho = __builtin_fma(-s, dh, g) - s * dl;
  if (LO) rho += gc;
  *sh = s;
  *sl = rho * (0.5 - 0.5 * s);
}

// log(1 + f + c) = *h + *l (f, c as for log1p_s).
template <bool LO, bool WIDE = false>
static __device__ void log1p_core(double f, double c, double *h, double *l) {
  double sh, sl;
  log1p_s<LO>(f, c, &sh, &sl);
  atanh2_series<WIDE>(sh, sl, h, l);
}

// ah + al = 2^e (1 + *f + *c), returning e; ah positive and normal, |al| <= ulp(ah)/2
// (LO: al may be nonzero). m = ah 2^-e in [sqrt(1/2), sqrt(2)] from the bits, *f = m - 1
// (exact); *c = al 2^-e, kept for |e| <= 1000 (beyond, al/ah < 2^-52 against a
// logarithm above 693: far below its ulp).
template <bool LO> static __device__ int log_parts(double ah, double al, double *f, double *c) {
  u64 u = bits(ah);
  int e = (int)(u >> 52) - 1023;
  u64 mb = (u & 0x000fffffffffffffull) | 0x3ff0000000000000ull;
  if (mb > SQRT2_BITS) mb -= 1ull << 52, e += 1;
  *f = from_bits(mb) - 1.0;
  *c = LO ? al * ((e >= -1000 && e <= 1000) ? pow2(-e) : 0.0) : 0.0;
  return e;
}

// log(ah + al) = e ln2 + (*h + *l), returning e (ah, al as for log_parts).
template <bool LO, bool WIDE = false>
static __device__ int log_reduce(double ah, double al, double *h, double *l) {
  double f, c;
  int e = log_parts<LO>(ah, al, &f, &c);
  log1p_core<LO, WIDE>(f, c, h, l);
  return e;
}

// e ln2 + (h + l) rounded (|h| <= 0.35).
static __device__ double log_combine(int e, double h, double l) {
  double ed = (double)e;
  double a = ed * LN2_HI; // exact
  double s = a + h;       // Fast2Sum: |a| >= 0.69 > |h|, or a = 0
  return s + ((h - (s - a)) + (l + ed * LN2_LO));
}

// x positive normal: x itself, e = 0; positive subnormal: x 2^54, e = -54; anything
// else (0, negative, inf, NaN): returns false and sets *special to log's result there.
static __device__ bool log_arg(double *x, int *e, double *special) {
  u64 u = bits(*x);
  *e = 0;
  if (u - 0x0010000000000000ull < 0x7fe0000000000000ull) return true;
  double v = *x;
  if (v != v)
    *special = v + v;
  else if (v == 0.0)
    *special = -INF;
  else if (v < 0.0)
    *special = NAN_D;
  else if (v == INF)
    *special = INF;
  else {
    *x = v * 0x1p54, *e = -54; // subnormal
    return true;
  }
  return false;
}

extern "C" __device__ double __anchor_log(double x) {
  double special, h, l;
  int e0;
  if (!log_arg(&x, &e0, &special)) return special;
  int e = log_reduce<false>(x, 0.0, &h, &l);
  return log_combine(e + e0, h, l);
}

extern "C" __device__ double __anchor_log2(double x) {
  double special, h, l;
  int e0;
  if (!log_arg(&x, &e0, &special)) return special;
  double ed = (double)(log_reduce<false>(x, 0.0, &h, &l) + e0);
  double ph = h * LOG2E;
  double pl = __builtin_fma(h, LOG2E, -ph) + (h * LOG2E_LO + l * LOG2E);
  double s = ed + ph; // Fast2Sum: |ph| <= 1/2 <= |ed|, or ed = 0
  return s + ((ph - (s - ed)) + pl);
}

extern "C" __device__ double __anchor_log10(double x) {
  double special, h, l;
  int e0;
  if (!log_arg(&x, &e0, &special)) return special;
  double ed = (double)(log_reduce<false>(x, 0.0, &h, &l) + e0);
  double ph = h * LOG10E;
  double pl = __builtin_fma(h, LOG10E, -ph) + (h * LOG10E_LO + l * LOG10E);
  double a = ed * LG2_HI; // exact
  double s = a + ph;      // Fast2Sum: |ph| <= 0.16 < 0.30 <= |a|, or a = 0
  return s + ((ph - (s - a)) + (pl + ed * LG2_LO));
}

// 1 + uh + ul = 2^e (1 + *f + *c) as for log_parts, returning e, for uh > -1, |ul| <=
// ulp(uh)/2: uh itself where it is in log1p_s's range, else 1 + uh as a double-double.
static __device__ int log1p_parts(double uh, double ul, double *f, double *c) {
  if (uh >= -0.2928 && uh <= 0.4142) {
    *f = uh, *c = ul;
    return 0;
  }
  double ah = 1.0 + uh; // TwoSum
  double bb = ah - 1.0;
  double al = ((1.0 - (ah - bb)) + (uh - bb)) + ul;
  double t = ah + al; // Fast2Sum: renormalise
  return log_parts<true>(t, al - (t - ah), f, c);
}

// log(1 + uh + ul) rounded (uh, ul as for log1p_parts).
static __device__ double log1p_dd(double uh, double ul) {
  double f, c, h, l;
  int e = log1p_parts(uh, ul, &f, &c);
  log1p_core<true>(f, c, &h, &l);
  return log_combine(e, h, l);
}

extern "C" __device__ double __anchor_log1p(double x) {
  if (__builtin_fabs(x) < 0x1p-54) return x; // x - x^2/2 rounds to x (and keeps -0)
  if (!(x > -1.0)) return x == -1.0 ? -INF : x < -1.0 ? NAN_D : x + x;
  if (x == INF) return x;
  return log1p_dd(x, 0.0);
}

// ---- pow -----------------------------------------------------------------------------
// 0: y not an integer, 1: an odd integer, 2: an even one (y finite, nonzero).
static __device__ int integer_class(double y) {
  u64 u = bits(y);
  int ex = (int)((u >> 52) & 0x7ff) - 1023;
  if (ex < 0) return 0;
  if (ex > 52) return 2;
  u64 frac = (1ull << (52 - ex)) - 1; // the fraction bits (none for ex = 52)
  if (u & frac) return 0;
  return ((u >> (52 - ex)) & 1) ? 1 : 2;
}

// |x|^y = e^(y log|x|): log|x| = lh + ll to about 2^-68 relative (the WIDE series),
// y log|x| = ph + pl, so that e^(ph + pl) is within about 2^-58 relative (|ph| <= 745)
// before its one rounding. C99 Annex F's special cases first.
extern "C" __device__ double __anchor_pow(double x, double y) {
  if (y == 0.0 || x == 1.0) return 1.0; // even for a NaN
  double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
  if (x != x || y != y) return x + y;
  if (ay == INF) {
    if (ax == 1.0) return 1.0; // (-1)^+-inf
    return (ax > 1.0) == (y > 0.0) ? INF : 0.0;
  }
  int yc = integer_class(y);
  u64 sign = (bits(x) >> 63 && yc == 1) ? 0x8000000000000000ull : 0;
  if (ax == 0.0 || ax == INF) {
    bool big = (ax == 0.0) == (y < 0.0); // 0^-y, inf^y: infinite
    return with_sign(big ? INF : 0.0, sign);
  }
  if (x < 0.0 && yc == 0) return NAN_D;
  int e0 = 0;
  if (ax < 0x1p-1022) ax *= 0x1p54, e0 = -54;
  double h, l;
  double ed = (double)(log_reduce<false, true>(ax, 0.0, &h, &l) + e0);
  double a = ed * LN2_HI; // exact
  double s = a + h;       // Fast2Sum
  double sl = (h - (s - a)) + (l + ed * LN2_LO);
  double lh = s + sl; // Fast2Sum: normalise
  double ll = sl - (lh - s);
  double ph = y * lh;
  double pl = __builtin_fma(y, lh, -ph) + y * ll;
  double r;
  if (ph > 709.8)
    r = INF;
  else if (ph < -745.2)
    r = 0.0;
  else {
    double t = ph * LOG2E + SHIFT;
    double kd = t - SHIFT;
    int k = (int)(long long)(bits(t) - bits(SHIFT));
    double ra = ph - kd * LN2_HI; // exact (Sterbenz)
    double rb = pl - kd * LN2_LO;
    double rs = ra + rb; // TwoSum
    double bb = rs - ra;
    double rl = (ra - (rs - bb)) + (rb - bb);
    double th, tl;
    exp_core(rs, rl, &th, &tl);
    r = scale_dd(th, tl, k);
  }
  return with_sign(r, sign);
}

// ---- cube roots ----------------------------------------------------------------------
// |x| = a 2^(3q), a in [1, 8) (subnormals scaled by 2^54 first); y ~ a^(-1/3) from the
// bits (the exponent divided by 3, within 3.7%) and four steps of Newton's iteration for
// a^(-1/3), y += y (1 - a y^3)/3 (quadratic, division-free): within 2^-51. Returns q.
static __device__ int cbrt_reduce(u64 ua, double *a, double *y) {
  int adj = 0;
  if (ua < 0x0010000000000000ull) ua = bits(from_bits(ua) * 0x1p54), adj = -18;
  int ee = (int)(ua >> 52) - 1023 + 3075; // > 0
  int q = ee / 3, rm = ee - 3 * q;
  q -= 1025;
  u64 ab = (ua & 0x000fffffffffffffull) | ((u64)(1023 + rm) << 52);
  *a = from_bits(ab);
  // a^(-1/3) ~ 2^(-log2(a)/3) with log2 read linearly from the bits.
  double r = from_bits((0x3ff0000000000000ull / 3) * 4 - ab / 3 - 0x0001000000000000ull);
  for (int i = 0; i < 4; i++) {
    double r3 = r * r * r;
    r = __builtin_fma(r * __builtin_fma(-*a, r3, 1.0), THIRD, r);
  }
  *y = r;
  return q + adj;
}

// cbrt: c = a y^2 (within 2^-50), then one Newton step on its exact residual a - c^3
// (c^3 as a double-double): c + (a - c^3) y^2/3, within 2^-90 before its rounding.
extern "C" __device__ double __anchor_cbrt(double x) {
  u64 u = bits(x), sign = u & 0x8000000000000000ull, ua = u ^ sign;
  if (ua == 0 || ua >= 0x7ff0000000000000ull) return x + x; // +-0, +-inf, NaN
  double a, y;
  int q = cbrt_reduce(ua, &a, &y);
  double c = a * y * y;
  double c2 = c * c, c2e = __builtin_fma(c, c, -c2);
  double c3 = c2 * c, c3e = __builtin_fma(c2, c, -c3) + c2e * c;
  double rho = (a - c3) - c3e; // a - c3 exact (Sterbenz)
  double r = __builtin_fma(rho * (y * y), THIRD, c);
  return with_sign(r * pow2(q), sign);
}

// rcbrt: y + y (1 - a y^3)/3 with 1 - a y^3 from a double-double a y^3.
extern "C" __device__ double __anchor_rcbrt(double x) {
  u64 u = bits(x), sign = u & 0x8000000000000000ull, ua = u ^ sign;
  if (ua == 0) return with_sign(INF, sign);
  if (ua == 0x7ff0000000000000ull) return with_sign(0.0, sign);
  if (ua > 0x7ff0000000000000ull) return x + x;
  double a, y;
  int q = cbrt_reduce(ua, &a, &y);
  double y2 = y * y, y2e = __builtin_fma(y, y, -y2);
  double y3 = y2 * y, y3e = __builtin_fma(y2, y, -y3) + y2e * y;
  double p = a * y3, pe = __builtin_fma(a, y3, -p) + a * y3e;
  double rho = (1.0 - p) - pe; // 1 - p exact (Sterbenz)
  double r = __builtin_fma(y * rho, THIRD, y);
  return with_sign(r * pow2(-q), sign);
}

// ---- inverse hyperbolic --------------------------------------------------------------
// sqrt(wh + wl) as *sh + *sl (wh positive normal, |wl| <= ulp(wh)): the correctly rounded
// sqrt(wh) and one Newton correction from its exact remainder wh - sh^2.
static __device__ void sqrt_dd(double wh, double wl, double *sh, double *sl) {
  double r = __builtin_sqrt(wh);
  *sh = r;
  *sl = (__builtin_fma(-r, r, wh) + wl) / (r + r);
}

// asinh |x| = log(|x| + sqrt(x^2 + 1)), with x^2 + 1 and its square root as double-doubles;
// below |x| = 0.35, log1p(|x| + x^2/(1 + sqrt(1 + x^2))) (no cancellation), that argument
// as a double-double too; log(2|x|) from |x| > 2^28 (the neglected 1/(4x^2) is below
// 2^-58).
extern "C" __device__ double __anchor_asinh(double x) {
  double ax = __builtin_fabs(x);
  u64 sign = bits(x) & 0x8000000000000000ull;
  if (ax < 0x1p-28) return x; // x - x^3/6 rounds to x
  if (!(ax < INF)) return x + x;
  double f, c, h, l;
  int e = 0;
  if (ax > 0x1p28) {
    e = log_parts<false>(ax, 0.0, &f, &c) + 1;
  } else {
    double p = ax * ax, pe = __builtin_fma(ax, ax, -p);
    double wh = p + 1.0; // TwoSum: x^2 + 1
    double bb = wh - p;
    double wl = ((p - (wh - bb)) + (1.0 - bb)) + pe;
    double sh, sl;
    sqrt_dd(wh, wl, &sh, &sl);
    if (ax < 0.35) {
      double dh = sh + 1.0; // Fast2Sum: sh >= 1
      double dl = (1.0 - (dh - sh)) + sl;
      double inv = 1.0 / dh;
      double th = p * inv; // x^2/(1 + sqrt(1 + x^2))
      double tl = (__builtin_fma(-th, dh, p) + (pe - th * dl)) * inv;
      double uh = ax + th; // Fast2Sum: th < ax
      double ul = (th - (uh - ax)) + tl;
      f = uh + ul; // Fast2Sum: renormalise; f < sqrt(2) - 1
      c = ul - (f - uh);
    } else {
      double ah = sh + ax; // Fast2Sum: ax < sh
      double al = (ax - (ah - sh)) + sl;
      double a = ah + al; // Fast2Sum: renormalise
      e = log_parts<true>(a, al - (a - ah), &f, &c);
    }
  }
  log1p_core<true>(f, c, &h, &l);
  return with_sign(log_combine(e, h, l), sign);
}

// acosh: for x in [1, 2], log1p(t + sqrt(2t + t^2)), t = x - 1 exact; up to 2^28,
// log(x + sqrt(x^2 - 1)); the radicands and their square roots as double-doubles;
// beyond, log(2x) (the neglected 1/(4x^2) is below 2^-58).
extern "C" __device__ double __anchor_acosh(double x) {
  if (!(x >= 1.0)) return x != x ? x + x : NAN_D;
  if (x == INF) return x;
  double f, c, h, l, sh, sl;
  int e;
  if (x > 0x1p28) {
    e = log_parts<false>(x, 0.0, &f, &c) + 1;
  } else if (x <= 2.0) {
    double t = x - 1.0;
    double q = t * t, qe = __builtin_fma(t, t, -q);
    double wh = (t + t) + q; // Fast2Sum: t^2 <= 2t
    double wl = (q - (wh - (t + t))) + qe;
    if (wh == 0.0) return 0.0; // acosh(1) = +0
    sqrt_dd(wh, wl, &sh, &sl);
    double uh = sh + t; // Fast2Sum: t <= sh
    double ul = (t - (uh - sh)) + sl;
    double u = uh + ul; // Fast2Sum: renormalise
    e = log1p_parts(u, ul - (u - uh), &f, &c);
  } else {
    double p = x * x, pe = __builtin_fma(x, x, -p);
    double wh = p - 1.0; // Fast2Sum: p > 4
    double wl = ((p - wh) - 1.0) + pe;
    sqrt_dd(wh, wl, &sh, &sl);
    double ah = x + sh; // Fast2Sum: sh < x
    double al = (sh - (ah - x)) + sl;
    double a = ah + al; // Fast2Sum: renormalise
    e = log_parts<true>(a, al - (a - ah), &f, &c);
  }
  log1p_core<true>(f, c, &h, &l);
  return log_combine(e, h, l);
}

// atanh: |x| < 0.17: the series itself (s = |x|); else log((1 + |x|)/(1 - |x|))/2, the
// quotient as a double-double.
extern "C" __device__ double __anchor_atanh(double x) {
  double ax = __builtin_fabs(x);
  u64 sign = bits(x) & 0x8000000000000000ull;
  if (ax < 0x1p-27) return x; // x + x^3/3 rounds to x
  if (!(ax < 1.0)) return ax == 1.0 ? with_sign(INF, sign) : ax > 1.0 ? NAN_D : x + x;
  double sh = ax, sl = 0.0, h, l;
  int e = 0;
  if (ax >= 0.17) {
    double nh = 1.0 + ax, nl = ax - (nh - 1.0); // Fast2Sum
    double dh = 1.0 - ax, dl = (1.0 - dh) - ax; // Fast2Sum
    double inv = 1.0 / dh;
    double qh = nh * inv;
    double ql = (__builtin_fma(-qh, dh, nh) + (nl - qh * dl)) * inv;
    double q = qh + ql; // Fast2Sum: renormalise
    double f, c;
    e = log_parts<true>(q, ql - (q - qh), &f, &c);
    log1p_s<true>(f, c, &sh, &sl);
  }
  atanh2_series(sh, sl, &h, &l); // 2 atanh(s)
  return with_sign(0.5 * log_combine(e, h, l), sign);
}
