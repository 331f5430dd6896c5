// devlib/f32_trig.cu — single-precision trigonometric functions of Anchor's device
// library and their inverses, hypot and the norms: sinf, cosf, tanf, sincosf (every
// finite argument: Cody–Waite reduction below 2^17, Payne–Hanek with the bits of 2/pi in
// 32-bit integer words above), sinpif, cospif, sincospif, the fast intrinsics __sinf,
// __cosf, __tanf, __sincosf, asinf, acosf, atanf, atan2f, hypotf, rhypotf, norm3df,
// rnorm3df, norm4df, rnorm4df and the helpers of normf/rnormf. Only operations Metal
// defines exactly: float add/sub/mul, fma, comparisons, bit casts, rintf/floorf, integer
// arithmetic, and the library's correctly rounded __anchor_sqrtf and __anchor_frsqrt_rn
// (divisions by reciprocal estimates and remainders, no integer division). Declarations
// and contracts:
// include/anchor/math/f32_trig.h.
//
// Error analyses below are in units of the final result's ulp; every function's bound is
// also measured by tests/math/math_accuracy.cu against MPFR.

#define F32_NAN 0x7fffffffu // CUDA's canonical NaN
#define F32_INF 0x7f800000u

static __device__ __forceinline__ unsigned int bits_of(float x) {
  return __builtin_bit_cast(unsigned int, x);
}
static __device__ __forceinline__ float float_of(unsigned int u) {
  return __builtin_bit_cast(float, u);
}
static __device__ __forceinline__ float with_sign(float x, unsigned int sign) {
  return float_of(bits_of(x) ^ sign);
}
static __device__ __forceinline__ float pow2(int e) { // 2^e, e in [-126, 127]
  return float_of((unsigned int)(e + 127) << 23);
}

// 1/d to within 2^-22 relative for |d| in [2^-125, 2^125]: the exponent-negating bit
// estimate (relative error under 1/8; for negative d the subtraction, modulo 2^32, keeps
// the sign bit) and three Newton steps (multiplies and fmas).
static __device__ __forceinline__ float approx_recip(float d) {
  float y = float_of(0x7ef311c3u - bits_of(d));
  y = y * __builtin_fmaf(-d, y, 2.0f);
  y = y * __builtin_fmaf(-d, y, 2.0f);
  return y * __builtin_fmaf(-d, y, 2.0f);
}

// n/d within 1 ulp (for d in [2^-125, 2^125] and a quotient in the normal range): n times
// the approximate reciprocal, corrected once by its remainder (fma). No integer division:
// the library's correctly rounded __anchor_fdiv_rn divides 64-bit integers, slow on GPUs.
// *y receives the reciprocal, for the caller's own remainder terms.
static __device__ __forceinline__ float quotient(float n, float d, float *y) {
  *y = approx_recip(d);
  float q0 = n * *y;
  float q = __builtin_fmaf(__builtin_fmaf(-q0, d, n), *y, q0);
  return q0 == 0.0f ? q0 : q; // a zero keeps its sign (+0 + -0 would be +0)
}

// pi/2 = PIO2_1 + PIO2_2 + PIO2_3 + O(2^-100), pi = PI_1 + PI_2 + O(2^-72): the floats
// nearest pi/2 and its successive remainders (MPFR, devlib/gen/f32_trig_coeffs.c's
// constants).
#define PIO2_1 0x1.921fb6p+0f
#define PIO2_2 -0x1.777a5cp-25f
#define PIO2_3 -0x1.ee59dap-50f
#define PI_1 0x1.921fb6p+1f
#define PI_2 -0x1.777a5cp-24f
#define TWO_OVER_PI 0x1.45f306p-1f

// ---- Kernels on a reduced argument r = h + l, |h| <= 0.8, |l| <= 2^-23 |h| ----------
// Minimax-like polynomials (devlib/gen/f32_trig_coeffs.c): sin r = r + r^3 S(r^2) with
// relative error 2^-28.1, cos r = 1 - r^2/2 + r^4 C(r^2) with 2^-30.4, on |r| <= 0.8.

// sin(h + l) = sin h + l cos h + O(l^2): h plus a tail of at most 0.11 |h| computed
// in float (its rounding errors are below 0.1 ulp of the result), l times
// 1 - h^2/2 ~ cos h. One final rounding: under 0.7 ulp in all. sin_parts gives the
// unrounded pair (h, *tail).
static __device__ __forceinline__ float sin_parts(float h, float l, float *tail) {
  float z = h * h;
  float p = __builtin_fmaf(
      __builtin_fmaf(__builtin_fmaf(0x1.6d969ep-19f, z, -0x1.a0132cp-13f), z, 0x1.11110ep-7f), z,
      -0x1.555556p-3f);
  *tail = __builtin_fmaf(h * z, p, __builtin_fmaf(-0.5f * z, l, l));
  return h;
}
static __device__ __forceinline__ float sin_kernel(float h, float l) {
  float tail, hi = sin_parts(h, l, &tail);
  return hi + tail;
}

// cos(h + l) = cos h - l sin h + O(l^2). 1 - h^2/2 is formed exactly as w + e (h^2 with
// its fma error, w = 1 - h^2/2 rounded and its error by Fast2Sum, |1| >= h^2/2); the
// rest is small (r^4 C <= 0.017) and l h ~ l sin h. One final rounding: under 0.6 ulp.
// cos_parts gives the unrounded pair (w, *tail).
static __device__ __forceinline__ float cos_parts(float h, float l, float *tail) {
  float z = h * h, ze = __builtin_fmaf(h, h, -z);
  float hz = 0.5f * z, w = 1.0f - hz, e = (1.0f - w) - hz;
  float p = __builtin_fmaf(
      __builtin_fmaf(__builtin_fmaf(-0x1.2509fcp-22f, z, 0x1.a01572p-16f), z, -0x1.6c16cp-10f), z,
      0x1.555556p-5f);
  *tail = __builtin_fmaf(z * z, p, __builtin_fmaf(-h, l, __builtin_fmaf(-0.5f, ze, e)));
  return w;
}
static __device__ __forceinline__ float cos_kernel(float h, float l) {
  float tail, hi = cos_parts(h, l, &tail);
  return hi + tail;
}

// ---- Argument reduction: |x| = q pi/2 + h + l, |h + l| <= pi/4 (+ 0.004) -------------

// The bits of 2/pi after the binary point, 32 per word, most significant first, behind a
// zero word (bits 2^31 .. 2^0 of the integer part): word j holds bits 32(j-1)+1 .. 32j.
static __device__ const unsigned int two_over_pi_bits[10] = {
    0x00000000u, 0xa2f9836eu, 0x4e441529u, 0xfc2757d1u, 0xf534ddc0u,
    0xdb629599u, 0x3c439041u, 0xfe5163abu, 0xdebbc561u, 0xb7246e3au};

#define REDUCE_FAST_LIMIT 0x1p17f

// Cody–Waite for |x| < 2^17: k = rint(x 2/pi) < 2^16.4. k PIO2_1 has at most 41 bits and
// x - k PIO2_1 (one fma) is a multiple of 2^-24 below 1 in magnitude, so exact; the
// products with PIO2_2 and PIO2_3 are added as an unevaluated sum (the first exactly,
// by its fma error and 2Sum). Error of h + l: k (ulp(PIO2_3)/2 + |PIO2_3| 2^-24) <
// 2^-55, against |r| > 2^-29 for every float in the range (its nearest multiple of
// pi/2; the smallest is 2^-27.8, devlib/gen/f32_trig_coeffs.c): relative 2^-26 at
// worst, well below the result's ulp.
static __device__ __forceinline__ int reduce_fast(float ax, float *h, float *l) {
  float k = __builtin_rintf(ax * TWO_OVER_PI);
  float r1 = __builtin_fmaf(-k, PIO2_1, ax);
  float t = k * PIO2_2, te = __builtin_fmaf(k, PIO2_2, -t);
  float s = r1 - t, bb = s - r1, err = (r1 - (s - bb)) + (-t - bb); // 2Sum
  float lo = err - __builtin_fmaf(k, PIO2_3, te);
  float hi = s + lo;
  *h = hi;
  *l = lo - (hi - s);
  return (int)k;
}

// Payne–Hanek for finite |x| >= 2^17: |x| = m 2^e (m < 2^24 an integer, e >= -6). Bits
// of 2/pi of weight 2^-i with i <= e - 2 add multiples of 4 to x 2/pi: only the 128
// bits i = e-1 .. e+126 are read (a window W), and x 2/pi = m W 2^-126 (mod 4) with an
// error below m 2^-126 < 2^-102 quadrants. Of the product's low 128 bits (four 32-bit
// limbs), the top two are the quadrant mod 4 and the next 64 the fraction, rounded to the
// nearest quadrant as a signed 64-bit number f (|f| <= 2^63), r = f 2^-64 pi/2. Every
// float has |r| > 2^-29.3 (devlib/gen/f32_trig_coeffs.c searches them all), so f has at
// least 34 significant bits and their truncation costs at most 2^-33 relative. f's top
// 48 bits are split into two 24-bit floats exactly and multiplied by pi/2 as a
// double-float: relative error of h + l below 2^-33, far below the result's ulp.
static __device__ int reduce_payne_hanek(float ax, float *h, float *l) {
  unsigned int u = bits_of(ax);
  unsigned long long m = (u & 0x7fffffu) | 0x800000u;
  int e = (int)(u >> 23) - 150;
  int g = e + 30; // position of bit i = e-1 in the table's bit string (bit 0: word 0's top)
  int idx = g >> 5, shift = g & 31;
  unsigned long long w[4];
  for (int j = 0; j < 4; j++) {
    unsigned long long two =
        ((unsigned long long)two_over_pi_bits[idx + j] << 32) | two_over_pi_bits[idx + j + 1];
    w[j] = (two >> (32 - shift)) & 0xffffffffull;
  }
  unsigned long long a = w[3] * m;
  unsigned long long l0 = a & 0xffffffffull;
  a = w[2] * m + (a >> 32);
  unsigned long long l1 = a & 0xffffffffull;
  a = w[1] * m + (a >> 32);
  unsigned long long l2 = a & 0xffffffffull;
  a = w[0] * m + (a >> 32);
  unsigned long long l3 = a & 0xffffffffull;
  (void)l0;
  int q = (int)(l3 >> 30);
  unsigned long long f = ((l3 & 0x3fffffffull) << 34) | (l2 << 2) | (l1 >> 30);
  q += (int)(f >> 63); // round to the nearest quadrant: f becomes f - 2^64
  unsigned long long mag = (f >> 63) ? (~f + 1) : f;
  unsigned int neg = (unsigned int)(f >> 63) << 31;
  int nz = __builtin_clzll(mag | 1);
  mag <<= nz;
  float fh = (float)(unsigned int)(mag >> 40) * pow2(-24 - nz);
  float fl = (float)(unsigned int)((mag >> 16) & 0xffffffu) * pow2(-48 - nz);
  float rh = fh * PIO2_1;
  float re = __builtin_fmaf(fh, PIO2_1, -rh) + __builtin_fmaf(fh, PIO2_2, fl * PIO2_1);
  float hi = rh + re;
  *h = with_sign(hi, neg);
  *l = with_sign(re - (hi - rh), neg);
  return q;
}

// q (mod 4) and r = h + l for finite ax = |x|.
static __device__ __forceinline__ int reduce(float ax, float *h, float *l) {
  if (ax < REDUCE_FAST_LIMIT) return reduce_fast(ax, h, l);
  return reduce_payne_hanek(ax, h, l);
}

// sin and cos of |x| from its quadrant q and reduced argument: both kernels, selected.
static __device__ __forceinline__ void sincos_quadrant(int q, float h, float l, float *s,
                                                       float *c) {
  float sk = sin_kernel(h, l), ck = cos_kernel(h, l);
  float sv = (q & 1) ? ck : sk, cv = (q & 1) ? sk : ck;
  *s = (q & 2) ? -sv : sv;
  *c = ((q + 1) & 2) ? -cv : cv;
}

// Both results for any x (NaN for infinities and NaNs): sin's sign is x's.
static __device__ __forceinline__ void sincos_full(float x, float *s, float *c) {
  unsigned int ux = bits_of(x), sign = ux & 0x80000000u;
  float ax = float_of(ux & 0x7fffffffu);
  if (!(ax < __builtin_bit_cast(float, F32_INF))) {
    *s = *c = float_of(F32_NAN);
    return;
  }
  float h, l;
  int q = reduce(ax, &h, &l);
  sincos_quadrant(q, h, l, s, c);
  *s = with_sign(*s, sign);
}

// Error: under 0.7 ulp (kernels, reduction relative error < 2^-26).
extern "C" __device__ float __anchor_sinf(float x) {
  float s, c;
  sincos_full(x, &s, &c);
  return s;
}

extern "C" __device__ float __anchor_cosf(float x) {
  float s, c;
  sincos_full(x, &s, &c);
  return c;
}

// sin/cos (even quadrants) or -cos/sin (odd), from the kernels' unrounded pairs
// (normalised): the approximate quotient of the high parts corrected by the remainder of
// both pairs
// (n - q d, with fma, plus the low parts) times the reciprocal. The divisor is in
// [2^-30, 1] (|r| > 2^-29.3 for every float). Under 0.7 ulp.
extern "C" __device__ float __anchor_tanf(float x) {
  unsigned int ux = bits_of(x), sign = ux & 0x80000000u;
  float ax = float_of(ux & 0x7fffffffu);
  if (!(ax < __builtin_bit_cast(float, F32_INF))) return float_of(F32_NAN);
  float h, l;
  int q = reduce(ax, &h, &l);
  float sl, sh = sin_parts(h, l, &sl), cl, ch = cos_parts(h, l, &cl);
  float nh = (q & 1) ? -ch : sh, nl = (q & 1) ? -cl : sl;
  float dh = (q & 1) ? sh : ch, dl = (q & 1) ? sl : cl;
  float n1 = nh + nl, d1 = dh + dl; // normalised pairs (Fast2Sum: the tails are smaller)
  nl = nl - (n1 - nh), dl = dl - (d1 - dh), nh = n1, dh = d1;
  float y = approx_recip(dh);
  float q0 = nh * y;
  float r = __builtin_fmaf(-q0, dh, nh) + __builtin_fmaf(-q0, dl, nl);
  return with_sign(__builtin_fmaf(r, y, q0), sign);
}

// sinf(x) in the low 32 bits, cosf(x) in the high 32 bits (the same bits as __anchor_sinf
// and __anchor_cosf): one reduction for both.
extern "C" __device__ unsigned long long __anchor_sincosf(float x) {
  float s, c;
  sincos_full(x, &s, &c);
  return (unsigned long long)bits_of(c) << 32 | bits_of(s);
}

// ---- sinpif, cospif, sincospif --------------------------------------------------------

// |x| = k/2 + f with k = rint(2|x|), |f| <= 1/4 (exact: f is a multiple of ulp(x)/2
// smaller than 2^-2), q = k mod 4 (exact in float); from 2^24 on every float is an even
// integer, the same as 0. r = pi f as a double-float (fma error of f PI_1 plus f PI_2);
// the kernels then give under 0.7 ulp. Below 2^-32, sin(pi x) = pi x (1 + O(2^-60)): the
// product of the double-float pi is formed at x 2^64 (its low part would otherwise fall
// below the subnormals) and scaled back with one rounding. -0 from a negated zero kernel
// becomes +0 (IEEE 754's sinPi(n) = +0 for n > 0 and cosPi(n + 1/2) = +0), then sinpi
// takes x's sign.
static __device__ __forceinline__ void sincospi_full(float x, float *s, float *c) {
  unsigned int ux = bits_of(x), sign = ux & 0x80000000u;
  float ax = float_of(ux & 0x7fffffffu);
  if (!(ax < __builtin_bit_cast(float, F32_INF))) {
    *s = *c = float_of(F32_NAN);
    return;
  }
  if (ax < 0x1p-32f) {
    float xs = ax * 0x1p64f, h = xs * PI_1;
    float l = __builtin_fmaf(xs, PI_1, -h) + xs * PI_2;
    *s = with_sign((h + l) * 0x1p-64f, sign);
    *c = 1.0f;
    return;
  }
  if (ax >= 0x1p24f) ax = 0.0f;
  float k = __builtin_rintf(2.0f * ax);
  float f = __builtin_fmaf(-0.5f, k, ax);
  int q = (int)(k - 4.0f * __builtin_floorf(k * 0.25f));
  float h = f * PI_1, l = __builtin_fmaf(f, PI_1, -h) + f * PI_2;
  float sv, cv;
  sincos_quadrant(q, h, l, &sv, &cv);
  *s = with_sign(sv + 0.0f, sign);
  *c = cv + 0.0f;
}

extern "C" __device__ float __anchor_sinpif(float x) {
  float s, c;
  sincospi_full(x, &s, &c);
  return s;
}

extern "C" __device__ float __anchor_cospif(float x) {
  float s, c;
  sincospi_full(x, &s, &c);
  return c;
}

extern "C" __device__ unsigned long long __anchor_sincospif(float x) {
  float s, c;
  sincospi_full(x, &s, &c);
  return (unsigned long long)bits_of(c) << 32 | bits_of(s);
}

// ---- The fast intrinsics ----------------------------------------------------------------
// CUDA: absolute error 2^-21.41 on [-pi, pi], unbounded outside. Below 2^17 Cody–Waite
// with two constants in float (exact first step as in reduce_fast; the rounding of
// k PIO2_2 and the missing k PIO2_3 cost k 2^-48 absolute: 2^-47 on [-pi, pi], 2^-32 at
// 2^17), then the same kernels: on [-pi, pi] within 2^-24 absolute. From 2^17 on the
// Payne–Hanek path, so no finite x is far off (an untaken branch on the common path).
static __device__ __forceinline__ void fast_sincos(float x, float *s, float *c) {
  unsigned int ux = bits_of(x), sign = ux & 0x80000000u;
  float ax = float_of(ux & 0x7fffffffu), h, l;
  int q;
  if (ax < REDUCE_FAST_LIMIT) {
    float k = __builtin_rintf(ax * TWO_OVER_PI);
    float r = __builtin_fmaf(-k, PIO2_1, ax), t = -k * PIO2_2;
    h = r + t;
    l = t - (h - r);
    q = (int)k;
  } else if (ax < __builtin_bit_cast(float, F32_INF)) {
    q = reduce_payne_hanek(ax, &h, &l);
  } else {
    *s = *c = float_of(F32_NAN);
    return;
  }
  sincos_quadrant(q, h, l, s, c);
  *s = with_sign(*s, sign);
}

extern "C" __device__ float __anchor___sinf(float x) {
  float s, c;
  fast_sincos(x, &s, &c);
  return s;
}

extern "C" __device__ float __anchor___cosf(float x) {
  float s, c;
  fast_sincos(x, &s, &c);
  return c;
}

// __sinf(x) * (1/__cosf(x)) as CUDA defines it; the quotient within 1 ulp (a cosine
// below 2^-125 in magnitude, which no float argument reaches, would be off range).
extern "C" __device__ float __anchor___tanf(float x) {
  float s, c, y;
  fast_sincos(x, &s, &c);
  return quotient(s, c, &y);
}

extern "C" __device__ unsigned long long __anchor___sincosf(float x) {
  float s, c;
  fast_sincos(x, &s, &c);
  return (unsigned long long)bits_of(c) << 32 | bits_of(s);
}

// ---- Inverse functions ----------------------------------------------------------------

// atan(u + ul) - u for u in [0, 1/2], |ul| <= 2^-22 u: u^3 A(u^2) (relative error
// 2^-28.3, devlib/gen/f32_trig_coeffs.c) plus ul/(1 + u^2), approximated by ul (1 - u^2)
// (relative error of that term under 0.06). The caller adds u.
static __device__ __forceinline__ float atan_tail(float u, float ul) {
  float z = u * u;
  float p = -0x1.0c35bep-5f;
  p = __builtin_fmaf(p, z, 0x1.121368p-4f);
  p = __builtin_fmaf(p, z, -0x1.6ddf9ep-4f);
  p = __builtin_fmaf(p, z, 0x1.c690dep-4f);
  p = __builtin_fmaf(p, z, -0x1.248f72p-3f);
  p = __builtin_fmaf(p, z, 0x1.99998ep-3f);
  p = __builtin_fmaf(p, z, -0x1.555556p-2f);
  return __builtin_fmaf(u * z, p, __builtin_fmaf(-z, ul, ul));
}

// atan(1/2) = ATAN_HALF_1 + ATAN_HALF_2 + O(2^-54) (MPFR).
#define ATAN_HALF_1 0x1.dac67p-2f
#define ATAN_HALF_2 0x1.586ed4p-28f

// atan(t + tl) as hi + *lo for t in [0, 1] (a little beyond is harmless), |tl| <= 2^-22 t.
// Above 1/2, atan(t) = atan(1/2) + atan(v) with v = (2t - 1)/(2 + t) in (0, 1/3]: 2t - 1
// exact, 2 + t as a Fast2Sum pair, v an approximate quotient and its low part the
// remainder of the exact operands (tl included) times the reciprocal. Selected, not
// branched: both reductions are short. hi = atan(1/2) (or 0) + v by Fast2Sum; the
// polynomial's tail and the constants' low parts go to *lo. Under 0.6 ulp once rounded.
static __device__ __forceinline__ float atan_core(float t, float tl, float *lo) {
  float num = __builtin_fmaf(2.0f, t, -1.0f);
  float dh = 2.0f + t, dl = (2.0f - dh) + t;
  float y, v = quotient(num, dh, &y);
  float vl = (__builtin_fmaf(-v, dh, num) + (2.0f * tl - v * (dl + tl))) * y;
  int big = t > 0.5f;
  float u = big ? v : t, ul = big ? vl : tl;
  float c1 = big ? ATAN_HALF_1 : 0.0f, c2 = big ? ATAN_HALF_2 : 0.0f;
  float s = c1 + u, e = (c1 - s) + u;
  *lo = e + (c2 + atan_tail(u, ul));
  return s;
}

// asin(t + tl) - t for t in [0, 1/2]: t^3 B(t^2) (relative error 2^-28.4) plus
// tl/sqrt(1 - t^2) ~ tl (1 + t^2/2).
static __device__ __forceinline__ float asin_tail(float t, float tl) {
  float z = t * t;
  float p = 0x1.13fed4p-5f;
  p = __builtin_fmaf(p, z, 0x1.18f91ep-6f);
  p = __builtin_fmaf(p, z, 0x1.fd8da2p-6f);
  p = __builtin_fmaf(p, z, 0x1.6d5bbap-5f);
  p = __builtin_fmaf(p, z, 0x1.33343p-4f);
  p = __builtin_fmaf(p, z, 0x1.555554p-3f);
  return __builtin_fmaf(t * z, p, __builtin_fmaf(0.5f * z, tl, tl));
}

// c - v as hi + lo for c = PIO2_1 or PI_1 and 0 <= v <= c (Fast2Sum).
static __device__ __forceinline__ float minus_from(float c, float v, float *lo) {
  float s = c - v;
  *lo = (c - s) - v;
  return s;
}

// |x| <= 1: atan_core (under 0.6 ulp). |x| > 1: pi/2 - atan(1/|x|) with 1/|x| as an
// approximate quotient q plus its remainder (1 - q|x|, by fma) times the reciprocal
// (together within 2^-44); pi/2 - q by Fast2Sum, then one rounding: under 0.7 ulp. From
// 2^100 on the result is pi/2 rounded.
extern "C" __device__ float __anchor_atanf(float x) {
  unsigned int ux = bits_of(x), sign = ux & 0x80000000u;
  float ax = float_of(ux & 0x7fffffffu);
  float lo, hi;
  if (ax <= 1.0f) {
    hi = atan_core(ax, 0.0f, &lo);
    return with_sign(hi + lo, sign);
  }
  if (!(ax < 0x1p100f)) return ax == ax ? with_sign(PIO2_1, sign) : float_of(F32_NAN);
  float y, q = quotient(1.0f, ax, &y);
  float ql = __builtin_fmaf(-q, ax, 1.0f) * y;
  hi = atan_core(q, ql, &lo);
  float err, s = minus_from(PIO2_1, hi, &err);
  return with_sign(s + (err + (PIO2_2 - lo)), sign);
}

// atan2(y, x) from t = min/max (|x|, |y|) in [0, 1], both scaled exactly by a power of two
// that brings the divisor to [1, 2) (two multiplies; the dividend may round only when the
// quotient is below 2^-126, costing half a subnormal ulp): an approximate quotient plus
// its remainder (fma) times the reciprocal, atan_core of them, reflected about pi/4
// (pi/2 - a) when |y| > |x| and about pi/2 (pi - a) when x's sign bit is set, each
// reflection a Fast2Sum with the constant's low part added to the low part; one final
// rounding, y's sign. Under 1 ulp. Zeros and infinities are replaced by operands of the
// same angle (0 and 1; 1 and 1 for two infinities), as C's atan2 defines.
extern "C" __device__ float __anchor_atan2f(float y, float x) {
  unsigned int uy = bits_of(y), ux = bits_of(x);
  unsigned int sy = uy & 0x80000000u, sx = ux & 0x80000000u;
  float ay = float_of(uy & 0x7fffffffu), ax = float_of(ux & 0x7fffffffu);
  if (ay != ay || ax != ax) return float_of(F32_NAN);
  const float inf = float_of(F32_INF);
  if (ay == inf || ax == inf) {
    ay = ay == inf ? 1.0f : 0.0f;
    ax = ax == inf ? 1.0f : 0.0f;
  }
  if (ax == 0.0f && ay == 0.0f) ax = 1.0f;
  int swap = ay > ax;
  float num = swap ? ax : ay, den = swap ? ay : ax;
  // den = m 2^e with m in [1, 2) (subnormals: e from the leading bit): scale by 2^-e.
  unsigned int db = bits_of(den);
  int e = db >> 23 ? (int)(db >> 23) - 127 : -118 - __builtin_clz(db);
  int half = -e >> 1; // both factors normal: -e in [-127, 149]
  float f1 = pow2(half), f2 = pow2(-e - half);
  num = num * f1 * f2, den = den * f1 * f2;
  float r, t = quotient(num, den, &r);
  float tl = __builtin_fmaf(-t, den, num) * r;
  float lo, hi = atan_core(t, tl, &lo);
  if (swap) {
    float err, s = minus_from(PIO2_1, hi, &err);
    hi = s, lo = err + (PIO2_2 - lo);
  }
  if (sx) {
    float err, s = minus_from(PI_1, hi, &err);
    hi = s, lo = err + (PI_2 - lo);
  }
  return with_sign(hi + lo, sy);
}

// For |x| > 1/2: t + tl = sqrt((1 - |x|)/2) (the halving and 1 - |x| exact), t the
// correctly rounded root and tl = (z - t^2)/(2t) with the fma residual and an
// approximate 1/t (the inverse square root bit estimate and one Newton step, 2^-9).
static __device__ __forceinline__ float half_root(float ax, float *tl) {
  float z = (1.0f - ax) * 0.5f;
  float t = __anchor_sqrtf(z);
  float y = float_of(0x5f3759dfu - (bits_of(z) >> 1));
  y = y * __builtin_fmaf(-0.5f * z, y * y, 1.5f);
  *tl = __builtin_fmaf(-t, t, z) * (0.5f * y);
  return t;
}

// |x| <= 1/2: x + asin_tail (under 0.6 ulp). Else pi/2 - 2 asin(sqrt((1 - |x|)/2)), the
// subtraction by Fast2Sum (2t <= 1 < pi/2): under 0.8 ulp. NaN beyond 1 (the root's).
extern "C" __device__ float __anchor_asinf(float x) {
  unsigned int ux = bits_of(x), sign = ux & 0x80000000u;
  float ax = float_of(ux & 0x7fffffffu);
  if (ax <= 0.5f) return with_sign(ax + asin_tail(ax, 0.0f), sign);
  float tl, t = half_root(ax, &tl);
  float lo, hi = minus_from(PIO2_1, 2.0f * t, &lo);
  return with_sign(hi + (lo + (PIO2_2 - 2.0f * asin_tail(t, tl))), sign);
}

// |x| <= 1/2: pi/2 - asin x (Fast2Sum, |x| < pi/2). x > 1/2: 2 asin(sqrt((1 - x)/2)).
// x < -1/2: pi - 2 asin(sqrt((1 + x)/2)) (Fast2Sum). Under 0.8 ulp.
extern "C" __device__ float __anchor_acosf(float x) {
  unsigned int ux = bits_of(x);
  float ax = float_of(ux & 0x7fffffffu);
  if (ax <= 0.5f) {
    float at = with_sign(asin_tail(ax, 0.0f), ux & 0x80000000u);
    float lo, hi = minus_from(PIO2_1, x, &lo);
    return hi + (lo + (PIO2_2 - at));
  }
  float tl, t = half_root(ax, &tl);
  float tail = asin_tail(t, tl);
  if (!(ux >> 31)) return 2.0f * (t + tail);
  float lo, hi = minus_from(PI_1, 2.0f * t, &lo);
  return hi + (lo + (PI_2 - 2.0f * tail));
}

// ---- hypot and the norms ----------------------------------------------------------------
// The operands are scaled by 2^s (exact for the largest; s from its exponent, so that it
// lands in [2^-23, 4)); the sum of their squares is kept as a double-float (each square
// exact by fma, added by 2Sum), rounded once (0.5 ulp relative), and its root (or inverse
// root, both correctly rounded) is scaled back by 2^-s (2^s): under 1 ulp. An infinite
// operand gives +inf (0 for the reciprocal forms) even beside a NaN, as C's hypot.

// The scale exponent s for a largest magnitude m (finite bits).
static __device__ __forceinline__ int norm_scale(unsigned int m) {
  int s = 127 - (int)(m >> 23);
  return s < -126 ? -126 : s > 126 ? 126 : s;
}

// hi + lo += v^2.
static __device__ __forceinline__ void add_square(float *hi, float *lo, float v) {
  float p = v * v, pe = __builtin_fmaf(v, v, -p);
  float s = *hi + p, bb = s - *hi, err = (*hi - (s - bb)) + (p - bb);
  *hi = s;
  *lo = *lo + (err + pe);
}

// The largest magnitude's bits of n values, infinity if any is infinite, else a NaN's
// bits if any is a NaN (the integer order of non-negative floats' bits, NaNs above inf).
static __device__ __forceinline__ unsigned int norm_max_bits(unsigned int m, float v) {
  unsigned int a = bits_of(v) & 0x7fffffffu;
  if (m == F32_INF || a == F32_INF) return F32_INF;
  return a > m ? a : m;
}

// sqrt (reciprocal = 0) or 1/sqrt (reciprocal = 1) of the sum of squares of v[0..n-1].
static __device__ __forceinline__ float norm_n(const float *v, int n, int reciprocal) {
  unsigned int m = 0;
  for (int i = 0; i < n; i++)
    m = norm_max_bits(m, v[i]);
  if (m == F32_INF) return reciprocal ? 0.0f : float_of(F32_INF);
  if (m > F32_INF) return float_of(F32_NAN);
  if (m == 0) return reciprocal ? float_of(F32_INF) : 0.0f;
  int s = norm_scale(m);
  float scale = pow2(s), hi = 0.0f, lo = 0.0f;
  for (int i = 0; i < n; i++)
    add_square(&hi, &lo, v[i] * scale);
  float sum = hi + lo;
  return reciprocal ? __anchor_frsqrt_rn(sum) * scale : __anchor_sqrtf(sum) * pow2(-s);
}

extern "C" __device__ float __anchor_hypotf(float x, float y) {
  float v[2] = {x, y};
  return norm_n(v, 2, 0);
}
extern "C" __device__ float __anchor_rhypotf(float x, float y) {
  float v[2] = {x, y};
  return norm_n(v, 2, 1);
}
extern "C" __device__ float __anchor_norm3df(float a, float b, float c) {
  float v[3] = {a, b, c};
  return norm_n(v, 3, 0);
}
extern "C" __device__ float __anchor_rnorm3df(float a, float b, float c) {
  float v[3] = {a, b, c};
  return norm_n(v, 3, 1);
}
extern "C" __device__ float __anchor_norm4df(float a, float b, float c, float d) {
  float v[4] = {a, b, c, d};
  return norm_n(v, 4, 0);
}
extern "C" __device__ float __anchor_rnorm4df(float a, float b, float c, float d) {
  float v[4] = {a, b, c, d};
  return norm_n(v, 4, 1);
}

// normf/rnormf over memory: the header's loops call these pure steps (the library's
// functions read no memory). Pass 1: m = __anchor_norm_max_f32(m, p[i]) from m = 0
// (bits as a float). Pass 2: acc = __anchor_norm_acc_f32(acc, p[i], m) from acc = 0 (the
// double-float sum of the scaled squares, hi in the low 32 bits). Then the result.
extern "C" __device__ float __anchor_norm_max_f32(float m, float v) {
  return float_of(norm_max_bits(bits_of(m), v));
}
extern "C" __device__ unsigned long long __anchor_norm_acc_f32(unsigned long long acc, float v,
                                                               float m) {
  float hi = float_of((unsigned int)acc), lo = float_of((unsigned int)(acc >> 32));
  unsigned int mb = bits_of(m);
  if (mb - 1 < F32_INF - 1) add_square(&hi, &lo, v * pow2(norm_scale(mb)));
  return (unsigned long long)bits_of(lo) << 32 | bits_of(hi);
}
static __device__ __forceinline__ float norm_finish(unsigned long long acc, float m,
                                                    int reciprocal) {
  unsigned int mb = bits_of(m);
  if (mb == F32_INF) return reciprocal ? 0.0f : float_of(F32_INF);
  if (mb > F32_INF) return float_of(F32_NAN);
  if (mb == 0) return reciprocal ? float_of(F32_INF) : 0.0f;
  int s = norm_scale(mb);
  float sum = float_of((unsigned int)acc) + float_of((unsigned int)(acc >> 32));
  return reciprocal ? __anchor_frsqrt_rn(sum) * pow2(s) : __anchor_sqrtf(sum) * pow2(-s);
}
extern "C" __device__ float __anchor_normf_finish(unsigned long long acc, float m) {
  return norm_finish(acc, m, 0);
}
extern "C" __device__ float __anchor_rnormf_finish(unsigned long long acc, float m) {
  return norm_finish(acc, m, 1);
}
