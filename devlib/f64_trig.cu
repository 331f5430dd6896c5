// devlib/f64_trig.cu — double-precision trigonometric functions, their
// inverses, and the Euclidean norms (hypot, norm3d, norm4d, norm and their
// reciprocals) of Anchor's device library. Declarations and contracts:
// include/anchor/math/f64_trig.h.
//
// double is Anchor's software binary64 (compiler/lower_fp64.c): +, -, *, /,
// sqrt and fma are correctly rounded, so the error-free transforms below
// (two-sum, fma products, fma division residuals) hold exactly as in IEEE 754;
// every other operation is integer arithmetic, comparison or bit casts.
//
// Constants: devlib/gen/f64_trig_coeffs.c (MPFR) printed every one of them
// (pi/2 in three parts, 2/pi's bits, atan(j/8), the Taylor coefficients).
//
// How the bounds are met (CUDA: 2 ulp; 1 ulp for the reciprocal norms):
// - sin, cos, tan, sincos: x = k pi/2 + r, |r| <= pi/4 (slightly more), r
//   kept as a double-double rh + rl with relative error below 2^-70
//   (Cody-Waite with a 159-bit pi/2 for |x| < 2^20; Payne-Hanek in integer
//   arithmetic with a 192-bit window of 2/pi otherwise: every finite double).
//   Taylor polynomials to r^17 (sin) and r^18 (cos), truncation below 2^-62
//   relative; the lower order terms and rl are added as corrections to the
//   leading term, so all that is left is the final rounding (0.5 ulp) and
//   rounding errors of the corrections (< 0.25 ulp): measured 0.69 (sin),
//   0.71 (cos). tan = sin/cos (or -cos/sin) as a double-double quotient with
//   an fma residual correction: measured 0.80 ulp.
// - sinpi, cospi, sincospi: x = k/2 + f exactly, |f| <= 1/4; r = pi f as a
//   double-double; the same polynomials: measured 0.70 ulp (pi x for tiny
//   x, scaled so that no bit is lost below the subnormals).
// - atan, atan2, asin, acos: everything is atan(t) for a double-double
//   t in [0, 1] (t = |x|, 1/|x|, min/max, |x|/sqrt(1-x^2) or its inverse,
//   with its fma residual), then C + s atan(t) with C in {0, pi/2, pi} as
//   double-doubles. atan(t) = atan(j/8) + atan(u), u = (t - j/8)/(1 + t j/8)
//   (|u| <= 1/16) as a double-double, Taylor to u^15 (truncation 2^-68):
//   measured 0.50 ulp (atan, atan2, asin), 0.62 (acos).
// - hypot, norm3d, norm4d, norm: the sum of squares as a double-double
//   (fma products, two-sum) after scaling by a power of two; one rounding to
//   a double, one correctly rounded sqrt: below 1 ulp (measured 0.84). The
//   reciprocals: 1/sqrt of the double-double sum, then one Newton step on the
//   double-double residual: measured 0.74 ulp (double rounding of subnormal
//   results included).
// ("measured": the largest error against MPFR over 200,000 inputs per
// function, fractions of an ulp; the harness, tests/math, counts whole steps.)
//
// The tables (2/pi, atan(j/8)) are __device__ const arrays: the backend puts
// them with the module's globals (device memory).

// ---- Constants (devlib/gen/f64_trig_coeffs.c) ------------------------------------
#define P1 0x1.921fb54442d18p+0 // pi/2 = P1 + P2 + P3 + O(2^-160)
#define P2 0x1.1a62633145c07p-54
#define P3 -0x1.f1976b7ed8fbcp-110
#define PI_H 0x1.921fb54442d18p+1 // pi = PI_H + PI_L
#define PI_L 0x1.1a62633145c07p-53
#define PI_2_H 0x1.921fb54442d18p+0 // pi/2 = PI_2_H + PI_2_L
#define PI_2_L 0x1.1a62633145c07p-54

// 2/pi: word w >= 1 holds its bits 64(w-1)+1 .. 64w after the binary point;
// word 0 (zero) lets a window begin before the binary point.
static __device__ const unsigned long long two_over_pi[20] = {
    0x0000000000000000ull, 0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull,
    0xfe5163abdebbc561ull, 0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull,
    0xe88235f52ebb4484ull, 0xe99c7026b45f7e41ull, 0x3991d639835339f4ull, 0x9c845f8bbdf9283bull,
    0x1ff897ffde05980full, 0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull,
    0x7527bac7ebe5f17bull, 0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull, 0x56033046fc7b6babull};

// atan(j/8) = atan_hi[j] + atan_lo[j], j = 0..8.
static __device__ const double atan_hi[9] = {0x0p+0,
                                             0x1.fd5ba9aac2f6ep-4,
                                             0x1.f5b75f92c80ddp-3,
                                             0x1.6f61941e4def1p-2,
                                             0x1.dac670561bb4fp-2,
                                             0x1.1e00babdefeb4p-1,
                                             0x1.4978fa3269ee1p-1,
                                             0x1.700a7c5784634p-1,
                                             0x1.921fb54442d18p-1};
static __device__ const double atan_lo[9] = {0x0p+0,
                                             -0x1.cd37686760c17p-59,
                                             0x1.8ab6e3cf7afbdp-57,
                                             -0x1.c63aae6f6e918p-56,
                                             0x1.a2b7f222f65e2p-56,
                                             -0x1.928df287a668fp-58,
                                             0x1.2419a87f2a458p-56,
                                             -0x1.8c34d25aadef6p-56,
                                             0x1.1a62633145c07p-55};

static __device__ __forceinline__ double dbits(unsigned long long u) {
  return __builtin_bit_cast(double, u);
}
static __device__ __forceinline__ unsigned long long ubits(double x) {
  return __builtin_bit_cast(unsigned long long, x);
}

// ---- Argument reduction for sin, cos, tan -------------------------------------------
// The high 64 bits of the 128-bit product a * b.
static __device__ __forceinline__ unsigned long long mul_hi64(unsigned long long a,
                                                              unsigned long long b) {
  unsigned long long al = a & 0xffffffffull, ah = a >> 32, bl = b & 0xffffffffull, bh = b >> 32;
  unsigned long long ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  unsigned long long mid = (ll >> 32) + (lh & 0xffffffffull) + (hl & 0xffffffffull);
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

// Payne-Hanek for |x| >= 2^20 (any finite double; NaN for inf and NaN):
// x * 2/pi = q + f (mod 4), q an integer, |f| <= 1/2, r = f pi/2 = *rh + *rl.
// x = m 2^e (m < 2^53 an integer, e >= -32). Bits of 2/pi of weight 2^-i with
// i <= e - 2 contribute multiples of 4 to m 2^e 2/pi, so the 192 bits from
// i = e - 1 on form W, and (m W mod 2^192) 2^-190 is x 2/pi mod 4 but for
// less than m 2^-190 < 2^-137 (the bits after the window). The smallest |f|
// over all doubles is above 2^-62 (|r| > 2^-61), so the 128 bits of |f| kept
// after its leading zeros give r to 2^-120 relative.
static __device__ int reduce_huge(double x, double *rh, double *rl) {
  unsigned long long u = ubits(x) & 0x7fffffffffffffffull;
  int ex = (int)(u >> 52);
  if (ex == 0x7ff) {
    *rh = x - x, *rl = 0.0;
    return 0;
  }
  unsigned long long m = (u & 0xfffffffffffffull) | (1ull << 52);
  int s = ex - 1075 + 62; // window start: bit i = e - 1, word (i + 63) / 64
  int q = s >> 6, sh = s & 63;
  unsigned long long t0 = two_over_pi[q], t1 = two_over_pi[q + 1], t2 = two_over_pi[q + 2],
                     t3 = two_over_pi[q + 3];
  unsigned long long w0 = t0, w1 = t1, w2 = t2;
  if (sh) {
    w0 = (t0 << sh) | (t1 >> (64 - sh));
    w1 = (t1 << sh) | (t2 >> (64 - sh));
    w2 = (t2 << sh) | (t3 >> (64 - sh));
  }
  // The low 192 bits of m * (w0:w1:w2).
  unsigned long long f2 = m * w2, h2 = mul_hi64(m, w2);
  unsigned long long l1 = m * w1, h1 = mul_hi64(m, w1);
  unsigned long long f1 = l1 + h2;
  unsigned long long f0 = m * w0 + h1 + (f1 < l1);
  // Round to the nearest quadrant: f0's top two bits are x 2/pi mod 4.
  unsigned long long k = (f0 + (1ull << 61)) >> 62;
  f0 -= k << 62; // the signed fraction (f0:f1:f2) 2^-190, in [-1/2, 1/2)
  int neg = (long long)f0 < 0;
  if (neg) { // negate the 192-bit number
    f2 = ~f2 + 1;
    f1 = ~f1 + (f2 == 0);
    f0 = ~f0 + (f2 == 0 && f1 == 0);
  }
  int extra = 0;
  if (f0 == 0) {
    f0 = f1, f1 = f2, f2 = 0, extra = 64;
  }
  int lz = __builtin_clzll(f0); // f0 != 0: |r| > 2^-61 for every double
  unsigned long long hi64 = (f0 << lz) | ((f1 >> 1) >> (63 - lz));
  unsigned long long lo64 = (f1 << lz) | ((f2 >> 1) >> (63 - lz));
  // |f| = hi64 2^(-62-lz-extra) + lo64 2^(-126-lz-extra)
  double hi = (double)(hi64 >> 11) * dbits((unsigned long long)(1023 - 51 - lz - extra) << 52);
  double lo = (double)((hi64 << 53) | (lo64 >> 11)) *
              dbits((unsigned long long)(1023 - 115 - lz - extra) << 52);
  double ph = hi * PI_2_H;
  double pl = __builtin_fma(hi, PI_2_H, -ph) + (hi * PI_2_L + lo * PI_2_H);
  double h = ph + pl;
  double l = pl - (h - ph);
  if (neg) h = -h, l = -l;
  if (ubits(x) >> 63) h = -h, l = -l, k = 0 - k;
  *rh = h, *rl = l;
  return (int)(k & 3);
}

// x = k pi/2 + *rh + *rl, the quadrant k mod 4 returned; |rh| <= pi/4 + 2^-30.
// |x| < 2^20: Cody-Waite. k < 2^20; k P1 is a multiple of 2^-52 as x is (or
// k = 0, or |x| < 1 and k = 1 with both multiples of 2^-53), so x - k P1 is
// exact; k P2 is split exactly by fma and subtracted by two-sum; k P3 and the
// truncation of pi/2 (k 2^-160) are below 2^-138 absolute, against
// |r| > 2^-61 for every double.
static __device__ __forceinline__ int reduce(double x, double *rh, double *rl) {
  double ax = __builtin_fabs(x);
  if (ax <= 0x1.921fb54442d18p-1) { // |x| <= pi/4: nothing to reduce
    *rh = x, *rl = 0.0;
    return 0;
  }
  if (!(ax < 0x1p20)) return reduce_huge(x, rh, rl);
  double k = __builtin_rint(x * 0x1.45f306dc9c883p-1); // x 2/pi
  double r1 = __builtin_fma(-k, P1, x);
  double p = k * P2, pe = __builtin_fma(k, P2, -p);
  double s = r1 - p, bb = s - r1;
  double e = (r1 - (s - bb)) + (-p - bb); // two-sum: s + e = r1 - p
  double l = (e - pe) - k * P3;
  double h = s + l;
  *rh = h, *rl = l - (h - s);
  return (int)(long long)k & 3;
}

// ---- The polynomials on |r| <= pi/4 ---------------------------------------------------
// sin(rh + rl) = sh + sl: sh = rh, sl = rh z P(z) + rl (1 - z/2), z = rh^2.
static __device__ __forceinline__ double sin_tail(double rh, double rl) {
  double z = rh * rh;
  double p = -0x1.ae7f3e733b81fp-41 + z * 0x1.952c77030ad4ap-49;
  p = 0x1.6124613a86d09p-33 + z * p;
  p = -0x1.ae64567f544e4p-26 + z * p;
  p = 0x1.71de3a556c734p-19 + z * p;
  p = -0x1.a01a01a01a01ap-13 + z * p;
  p = 0x1.1111111111111p-7 + z * p;
  p = -0x1.5555555555555p-3 + z * p;
  return __builtin_fma(z, __builtin_fma(rh, p, -0.5 * rl), rl);
}
// cos(rh + rl) = ch + cl: ch = 1 - z/2 rounded, cl the rest: the rounding
// error of ch, -zl/2 (z's own: z + zl = rh^2 exactly), z^2 Q(z), -rh rl.
static __device__ __forceinline__ double cos_parts(double rh, double rl, double *cl) {
  double z = rh * rh, zl = __builtin_fma(rh, rh, -z);
  double q = 0x1.ae7f3e733b81fp-45 + z * -0x1.6827863b97d97p-53;
  q = -0x1.93974a8c07c9dp-37 + z * q;
  q = 0x1.1eed8eff8d898p-29 + z * q;
  q = -0x1.27e4fb7789f5cp-22 + z * q;
  q = 0x1.a01a01a01a01ap-16 + z * q;
  q = -0x1.6c16c16c16c17p-10 + z * q;
  q = 0x1.5555555555555p-5 + z * q;
  double hz = 0.5 * z, w = 1.0 - hz;
  double err = (1.0 - w) - hz;
  *cl = err + (z * z * q - __builtin_fma(0.5, zl, rh * rl));
  return w;
}
static __device__ __forceinline__ double sin_r(double rh, double rl) {
  return rh + sin_tail(rh, rl);
}
static __device__ __forceinline__ double cos_r(double rh, double rl) {
  double cl, ch = cos_parts(rh, rl, &cl);
  return ch + cl;
}
// sin or cos of k pi/2 + r by the quadrant k mod 4 (cos: k + 1).
static __device__ __forceinline__ double sin_quadrant(int k, double rh, double rl) {
  double v = (k & 1) ? cos_r(rh, rl) : sin_r(rh, rl);
  return (k & 2) ? -v : v;
}
// tan(k pi/2 + r): n/d = sin r / cos r (k even) or -cos r / sin r (k odd),
// each a double-double (d renormalised); the quotient q + (n - q d)/d with
// the fma residual.
static __device__ __forceinline__ double tan_quadrant(int k, double rh, double rl) {
  double sl = sin_tail(rh, rl), cl, ch = cos_parts(rh, rl, &cl);
  double nh = rh, nl = sl, dh = ch, dl = cl;
  if (k & 1) nh = -ch, nl = -cl, dh = rh, dl = sl;
  // |nl| <= |nh| / 8, |dl| <= |dh| / 8: fast two-sums renormalise both, so
  // that 1/dh is 1/d to 2^-53 and the correction e is only the quotient's
  // last bits (its own rounding errors then stay far below the last place).
  double d = dh + dl, n = nh + nl;
  dl -= d - dh, dh = d;
  nl -= n - nh, nh = n;
  double rd = 1.0 / dh, q = nh * rd;
  double e = (__builtin_fma(-q, dh, nh) + nl - q * dl) * rd;
  return q + e;
}

extern "C" __device__ double __anchor_sin(double x) {
  if (__builtin_fabs(x) < 0x1p-27) return x; // x^3/6 < ulp(x)/4
  double rh, rl;
  int k = reduce(x, &rh, &rl);
  return sin_quadrant(k, rh, rl);
}
extern "C" __device__ double __anchor_cos(double x) {
  if (__builtin_fabs(x) < 0x1p-27) return 1.0; // x^2/2 < 2^-55
  double rh, rl;
  int k = reduce(x, &rh, &rl);
  return sin_quadrant(k + 1, rh, rl);
}
extern "C" __device__ double __anchor_tan(double x) {
  if (__builtin_fabs(x) < 0x1p-27) return x; // x^3/3 < ulp(x)/4
  double rh, rl;
  int k = reduce(x, &rh, &rl);
  return tan_quadrant(k, rh, rl);
}

// sin and cos of one argument with one reduction and both polynomials (not
// const: it writes *sp and *cp; once inlined, the stores are the caller's).
// The same operations as __anchor_sin and __anchor_cos: the same bits.
static __device__ __forceinline__ void sincos_quadrant(int k, double rh, double rl, double *sp,
                                                       double *cp) {
  double sr = sin_r(rh, rl), cr = cos_r(rh, rl);
  double s = (k & 1) ? cr : sr, c = (k & 1) ? sr : cr;
  *sp = (k & 2) ? -s : s;
  *cp = ((k + 1) & 2) ? -c : c;
}
extern "C" __device__ void __anchor_sincos(double x, double *sp, double *cp) {
  if (__builtin_fabs(x) < 0x1p-27) {
    *sp = x, *cp = 1.0;
    return;
  }
  double rh, rl;
  int k = reduce(x, &rh, &rl);
  sincos_quadrant(k, rh, rl, sp, cp);
}

// ---- sinpi, cospi ------------------------------------------------------------------
// x = k/2 + f exactly (|f| <= 1/4; |x| >= 2^53 is an even integer: f = 0,
// k = 0), pi f = *rh + *rl. Returns k mod 4, or -1 for inf and NaN (*rh NaN).
static __device__ __forceinline__ int reduce_pi(double x, double *rh, double *rl, double *f) {
  double ax = __builtin_fabs(x);
  if (!(ax < 0x1p53)) {
    *rh = *rl = *f = ax == __builtin_inf() || x != x ? x - x : 0.0;
    return 0;
  }
  double k = __builtin_rint(2.0 * x);
  double r = x - 0.5 * k; // exact: x and k/2 are within 1/4
  double h = r * PI_H;
  *rl = __builtin_fma(r, PI_H, -h) + r * PI_L;
  *rh = h, *f = r;
  return (int)(long long)k & 3;
}
// sinpi(x) = pi x for |x| < 2^-1000 (the cubic term is far below the last
// bit), formed 2^100 higher so that its double-double is exact, then scaled
// back: one rounding, or two for subnormal results (0.5 ulp and a trifle).
static __device__ __forceinline__ double sinpi_tiny(double x) {
  double y = x * 0x1p100, p = y * PI_H;
  double pl = __builtin_fma(y, PI_H, -p) + y * PI_L;
  return __builtin_copysign((p + pl) * 0x1p-100, x);
}
extern "C" __device__ double __anchor_sinpi(double x) {
  if (__builtin_fabs(x) < 0x1p-1000) return sinpi_tiny(x);
  double rh, rl, f;
  int k = reduce_pi(x, &rh, &rl, &f);
  if (f == 0.0 && !(k & 1)) return __builtin_copysign(0.0, x); // sinpi(n) = +-0, x's sign
  return sin_quadrant(k, rh, rl);
}
extern "C" __device__ double __anchor_cospi(double x) {
  double rh, rl, f;
  int k = reduce_pi(x, &rh, &rl, &f);
  if (f == 0.0 && (k & 1)) return 0.0; // cospi(n + 1/2) = +0
  return sin_quadrant(k + 1, rh, rl);
}

extern "C" __device__ void __anchor_sincospi(double x, double *sp, double *cp) {
  double rh, rl, f;
  int k = reduce_pi(x, &rh, &rl, &f);
  sincos_quadrant(k, rh, rl, sp, cp);
  if (f == 0.0) {
    if (k & 1)
      *cp = 0.0;
    else
      *sp = __builtin_copysign(0.0, x);
  }
  if (__builtin_fabs(x) < 0x1p-1000) *sp = sinpi_tiny(x);
}

// ---- Inverse functions -------------------------------------------------------------
// atan(th + tl) = *vh + *vl for th in [0, 1], |tl| <= 2^-50 th. j = the
// nearest of 0..8 to 8 th (by the bits of th: comparisons of non-negative
// doubles as integers), c = j/8; u = (t - c)/(1 + t c) as uh + ul:
// t - c is exact (c/2 <= th <= 2c for j >= 1), 1 + t c a double-double,
// the quotient corrected by its fma residual. |u| <= 1/16.
static __device__ __forceinline__ void atan_core(double th, double tl, double *vh, double *vl) {
  unsigned long long b = ubits(th);
  int j = (b >= 0x3fb0000000000000ull) + (b >= 0x3fc8000000000000ull) + // 1/16, 3/16
          (b >= 0x3fd4000000000000ull) + (b >= 0x3fdc000000000000ull) + // 5/16, 7/16
          (b >= 0x3fe2000000000000ull) + (b >= 0x3fe6000000000000ull) + // 9/16, 11/16
          (b >= 0x3fea000000000000ull) + (b >= 0x3fee000000000000ull);  // 13/16, 15/16
  double c = (double)j * 0.125;
  double nh = th - c;
  double p = th * c, pe = __builtin_fma(th, c, -p);
  double dh = 1.0 + p;
  double dl = ((1.0 - dh) + p) + (pe + tl * c);
  double rd = 1.0 / dh;
  double uh = nh * rd;
  double ul = (__builtin_fma(-uh, dh, nh) + tl - uh * dl) * rd;
  double z = uh * uh;
  double q = 0x1.3b13b13b13b14p-4 + z * -0x1.1111111111111p-4;
  q = -0x1.745d1745d1746p-4 + z * q;
  q = 0x1.c71c71c71c71cp-4 + z * q;
  q = -0x1.2492492492492p-3 + z * q;
  q = 0x1.999999999999ap-3 + z * q;
  q = -0x1.5555555555555p-2 + z * q;
  double ah = atan_hi[j];
  double s = ah + uh; // |ah| >= |uh| or ah = 0: fast two-sum
  double e = uh - (s - ah);
  *vh = s;
  *vl = e + (atan_lo[j] + ul + uh * z * q);
}

// C + s v for C = c pi/2 (c = 0, 1, 2), s = +-1, v = vh + vl in [0, pi/4].
static __device__ __forceinline__ double atan_finish(int c, int neg, double vh, double vl) {
  double ch = c == 0 ? 0.0 : c == 1 ? PI_2_H : PI_H;
  double cl = c == 0 ? 0.0 : c == 1 ? PI_2_L : PI_L;
  if (neg) vh = -vh, vl = -vl;
  double s = ch + vh; // |ch| >= |vh| or ch = 0
  double e = (ch - s) + vh;
  return s + (e + (cl + vl));
}

extern "C" __device__ double __anchor_atan(double x) {
  if (x != x) return x + x;
  double ax = __builtin_fabs(x), th = ax, tl = 0.0, vh, vl;
  int inv = ax > 1.0;
  if (inv) { // atan(x) = pi/2 - atan(1/x); 1/x below 2^-60 leaves pi/2
    th = ax < 0x1p60 ? 1.0 / ax : 0.0;
    tl = ax < 0x1p60 ? __builtin_fma(-th, ax, 1.0) * th : 0.0;
  }
  atan_core(th, tl, &vh, &vl);
  return __builtin_copysign(atan_finish(inv, inv, vh, vl), x);
}

extern "C" __device__ double __anchor_atan2(double y, double x) {
  if (x != x || y != y) return x + y;
  double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
  int swap = ay > ax;
  double a = swap ? ax : ay, b = swap ? ay : ax; // a <= b
  if (b == __builtin_inf()) {
    a = a == b ? 1.0 : 0.0, b = 1.0;
  } else if (b == 0.0) {
    b = 1.0;
  } else if (b > 0x1p1000) { // 1/b stays normal; a/b lost to scaling underflows anyway
    a *= 0x1p-200, b *= 0x1p-200;
  } else if (b < 0x1p-1000) {
    a *= 0x1p200, b *= 0x1p200;
  }
  double rb = 1.0 / b, th = a * rb;
  double tl = __builtin_fma(-th, b, a) * rb;
  if (th < 0x1p-900) th = a / b, tl = 0.0; // the residual may be below the subnormals
  double vh, vl;
  atan_core(th, tl, &vh, &vl);
  int neg = __builtin_signbit(x) != 0;
  // atan2 = atan(t), pi/2 - atan(t), pi - atan(t), pi/2 + atan(t)
  int c = swap ? 1 : neg ? 2 : 0;
  return __builtin_copysign(atan_finish(c, swap != neg, vh, vl), y);
}

// sqrt(1 - x^2) = *sh + *sl for |x| <= 1: 1 - x^2 exactly as wh + wl
// (x^2 = p + pe by fma; 1 - p by fast two-sum), its square root corrected
// by the fma residual.
// *res is the residual (1 - x^2) - sh^2; sl = res / (2 sh).
static __device__ __forceinline__ double sqrt_1mx2(double ax, double *res) {
  double p = ax * ax, pe = __builtin_fma(ax, ax, -p);
  double wh = 1.0 - p;
  double wl = ((1.0 - wh) - p) - pe;
  double sh = __builtin_sqrt(wh);
  *res = __builtin_fma(-sh, sh, wh) + wl;
  return sh;
}

// asin(x) = atan(|x| / s) (|x| <= 1/sqrt 2) or pi/2 - atan(s / |x|), s =
// sqrt(1 - x^2); acos(x) = pi/2 -+ the first, or atan(s/|x|), pi - atan(s/|x|).
static __device__ __forceinline__ int asin_core(double x, double *vh, double *vl) {
  double ax = __builtin_fabs(x), res, sh = sqrt_1mx2(ax, &res);
  double th, tl;
  int big = ax > 0x1.6a09e667f3bccp-1;
  if (!big) { // sh >= 1/sqrt 2
    double rs = 1.0 / sh, sl = res * 0.5 * rs;
    th = ax * rs;
    tl = (__builtin_fma(-th, sh, ax) - th * sl) * rs;
  } else {
    double sl = sh > 0.0 ? res * (0.5 / sh) : 0.0, rb = 1.0 / ax;
    th = sh * rb;
    tl = (__builtin_fma(-th, ax, sh) + sl) * rb;
  }
  atan_core(th, tl, vh, vl);
  return big;
}
extern "C" __device__ double __anchor_asin(double x) {
  if (!(__builtin_fabs(x) <= 1.0)) return x != x ? x + x : __builtin_nan("");
  double vh, vl;
  int big = asin_core(x, &vh, &vl);
  return __builtin_copysign(atan_finish(big, big, vh, vl), x);
}
extern "C" __device__ double __anchor_acos(double x) {
  if (!(__builtin_fabs(x) <= 1.0)) return x != x ? x + x : __builtin_nan("");
  double vh, vl;
  int big = asin_core(x, &vh, &vl), neg = __builtin_signbit(x) != 0;
  if (!big) return atan_finish(1, !neg, vh, vl); // pi/2 - asin(x)
  return atan_finish(neg ? 2 : 0, neg, vh, vl);
}

// ---- Norms -------------------------------------------------------------------------
// The scale 2^-600 (largest |v| above 2^500) or 2^600 (below 2^-500), else
// 1: the scaled squares neither overflow nor lose bits that matter (a
// square that underflows is below 2^-200 of the largest one).
static __device__ __forceinline__ double norm_scale(double m, double *inverse) {
  *inverse = m > 0x1p500 ? 0x1p600 : m < 0x1p-500 ? 0x1p-600 : 1.0;
  return m > 0x1p500 ? 0x1p-600 : m < 0x1p-500 ? 0x1p600 : 1.0;
}
// *h + *l += v^2 (double-double; v^2 split by fma, added by two-sum).
static __device__ __forceinline__ void add_square(double v, double *h, double *l) {
  double p = v * v, pe = __builtin_fma(v, v, -p);
  double s = *h + p, bb = s - *h;
  double e = (*h - (s - bb)) + (p - bb);
  *h = s, *l += e + pe;
}
// sqrt(h + l): one rounding of the sum, one correctly rounded sqrt.
static __device__ __forceinline__ double sqrt_dd(double h, double l) {
  return __builtin_sqrt(h + l);
}
// 1/sqrt(h + l), h > 0: y = 1/sqrt(h) (two roundings), then y + y e/2 with
// e = 1 - (h + l) y^2 from exact products (fma).
static __device__ __forceinline__ double rsqrt_dd(double h, double l) {
  double y = 1.0 / __builtin_sqrt(h);
  double t = y * y, te = __builtin_fma(y, y, -t);
  double e = __builtin_fma(-h, t, 1.0) - (h * te + l * t);
  return __builtin_fma(0.5 * y, e, y);
}
// The scaled sum of squares of p[0 .. dim-1] as *h + *l (*sc the scale, *isc
// its inverse), in two passes over p: the largest magnitude and the special
// values, then the sum. Returns 1 if a coordinate is infinite (even with a
// NaN), 2 for a NaN (*sum is NaN), else 0. dim <= 0 is the empty sum, 0.
static __device__ __forceinline__ int norm_array(int dim, const double *p, double *h, double *l,
                                                 double *sc, double *isc, double *sum) {
  double m = 0.0, s = 0.0;
  int any_inf = 0;
  for (int i = 0; i < dim; i++) {
    double a = __builtin_fabs(p[i]);
    s += a; // may overflow: only its NaN-ness is used
    any_inf |= a == __builtin_inf();
    m = a > m ? a : m;
  }
  *sum = s;
  if (any_inf || s != s) return any_inf ? 1 : 2;
  *sc = norm_scale(m, isc);
  *h = 0.0, *l = 0.0;
  for (int i = 0; i < dim; i++)
    add_square(p[i] * *sc, h, l);
  return 0;
}
static __device__ __forceinline__ double norm_of(int dim, const double *p) {
  double h, l, sc, isc, sum;
  int special = norm_array(dim, p, &h, &l, &sc, &isc, &sum);
  if (special) return special == 1 ? __builtin_inf() : sum;
  return sqrt_dd(h, l) * isc;
}
static __device__ __forceinline__ double rnorm_of(int dim, const double *p) {
  double h, l, sc, isc, sum;
  int special = norm_array(dim, p, &h, &l, &sc, &isc, &sum);
  if (special) return special == 1 ? 0.0 : sum;
  if (h == 0.0) return __builtin_inf();
  return rsqrt_dd(h, l) * sc;
}

extern "C" __device__ double __anchor_hypot(double x, double y) {
  double v[2] = {x, y};
  return norm_of(2, v);
}
extern "C" __device__ double __anchor_rhypot(double x, double y) {
  double v[2] = {x, y};
  return rnorm_of(2, v);
}
extern "C" __device__ double __anchor_norm3d(double a, double b, double c) {
  double v[3] = {a, b, c};
  return norm_of(3, v);
}
extern "C" __device__ double __anchor_rnorm3d(double a, double b, double c) {
  double v[3] = {a, b, c};
  return rnorm_of(3, v);
}
extern "C" __device__ double __anchor_norm4d(double a, double b, double c, double d) {
  double v[4] = {a, b, c, d};
  return norm_of(4, v);
}
extern "C" __device__ double __anchor_rnorm4d(double a, double b, double c, double d) {
  double v[4] = {a, b, c, d};
  return rnorm_of(4, v);
}
extern "C" __device__ double __anchor_norm(int dim, const double *p) {
  return norm_of(dim, p);
}
extern "C" __device__ double __anchor_rnorm(int dim, const double *p) {
  return rnorm_of(dim, p);
}
