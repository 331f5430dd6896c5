// devlib/f64_fast.cu — double-float ("double-word") arithmetic for anchorcc
// --fp64=fast (compiler/retype_fp64.c makes every double a pair of floats
// hi + lo, hi = rn(hi + lo), and calls these for +, -, *, /, sqrt and fma).
// Contracts: include/anchor/math/f64_fast.h. Only exact operations: float
// add/sub/mul, fmaf, comparisons, bit casts, and the library's correctly
// rounded __anchor_sqrtf and __anchor_fdiv_rn.
//
// The algorithms are the classical error-free transforms (Knuth's TwoSum,
// Dekker's Fast2Sum, the fma-based TwoProd) composed as in Joldes, Muller,
// Popescu, "Tight and rigorous error bounds for basic building blocks of
// double-word arithmetic", ACM TOMS 44(2), 2017, which proves the bounds
// quoted in the header: addition is its Algorithm 6 (AccurateDWPlusDW),
// multiplication its Algorithm 12 (DWTimesDW3), division its Algorithm 17
// (DWDivDW2, with the fma form of the DW x FP product). The square root is
// one Newton correction of the float root; tests/e2e/fp64_modes.cu measures
// every operation against binary64.
//
// Special values: where the float result of the hi parts is infinite, NaN
// or zero, that is the result (lo = 0), so infinities, NaNs and the signs of
// zeros are those of IEEE float arithmetic, not the NaNs the transforms
// would make of them.

// The pair as the 64 bits the backend unpacks: hi low, lo high.
static __device__ __forceinline__ unsigned long long pack(float hi, float lo) {
  return (unsigned long long)__builtin_bit_cast(unsigned int, hi) |
         (unsigned long long)__builtin_bit_cast(unsigned int, lo) << 32;
}

// s + e = a + b exactly, s = rn(a + b) (TwoSum, any a, b).
static __device__ __forceinline__ void two_sum(float a, float b, float &s, float &e) {
  s = a + b;
  float bb = s - a;
  e = (a - (s - bb)) + (b - bb);
}

// s + e = a + b exactly, s = rn(a + b), for |a| >= |b| or a = 0 (Fast2Sum).
static __device__ __forceinline__ void fast_two_sum(float a, float b, float &s, float &e) {
  s = a + b;
  e = b - (s - a);
}

// The result pair z, or the float value f of the hi parts when that is
// infinite, NaN or zero (then z is meaningless or has lost the zero's sign).
static __device__ __forceinline__ unsigned long long finish(float f, float zh, float zl) {
  bool special = !(__builtin_fabsf(f) < __builtin_inff()) || f == 0.0f;
  return special ? pack(f, 0.0f) : pack(zh, zl);
}

extern "C" __device__ unsigned long long __anchor_dd_add(float ah, float al, float bh, float bl) {
  float sh, sl, th, tl, vh, vl, zh, zl;
  two_sum(ah, bh, sh, sl);
  two_sum(al, bl, th, tl);
  fast_two_sum(sh, sl + th, vh, vl);
  fast_two_sum(vh, tl + vl, zh, zl);
  // An exact zero sum is +0, as rounding to nearest gives, except -0 + -0
  // (then sh, the float sum of the hi parts, is -0: IEEE's sign rules).
  if (zh == 0.0f) zh = sh == 0.0f ? sh : 0.0f, zl = 0.0f;
  // Overflow in the last step: infinity, not inf - inf in lo.
  if (!(__builtin_fabsf(zh) < __builtin_inff())) zl = 0.0f;
  // Infinite or NaN hi parts: the float sum's infinity or NaN.
  return __builtin_fabsf(sh) < __builtin_inff() ? pack(zh, zl) : pack(sh, 0.0f);
}

extern "C" __device__ unsigned long long __anchor_dd_mul(float ah, float al, float bh, float bl) {
  float ch = ah * bh;
  float cl1 = __builtin_fmaf(ah, bh, -ch); // ch + cl1 = ah * bh exactly
  float tl0 = al * bl;
  float tl1 = __builtin_fmaf(ah, bl, tl0);
  float cl2 = __builtin_fmaf(al, bh, tl1);
  float cl3 = cl1 + cl2, zh, zl;
  fast_two_sum(ch, cl3, zh, zl);
  if (!(__builtin_fabsf(zh) < __builtin_inff())) zl = 0.0f;
  return finish(ch, zh, zl);
}

extern "C" __device__ unsigned long long __anchor_dd_div(float ah, float al, float bh, float bl) {
  float th = __anchor_fdiv_rn(ah, bh);
  // r = b * th as a pair (DW x FP with fma: ch + cl1 = bh * th exactly)
  float ch = bh * th;
  float cl1 = __builtin_fmaf(bh, th, -ch);
  float cl3 = __builtin_fmaf(bl, th, cl1), rh, rl;
  fast_two_sum(ch, cl3, rh, rl);
  // a - r, its leading part exactly (TwoSum), then the correction th + tl
  float ph, pl;
  two_sum(ah, -rh, ph, pl);
  float dh = pl - rl;
  float dl = dh + al;
  float d = ph + dl;
  float tl = __anchor_fdiv_rn(d, bh), zh, zl;
  fast_two_sum(th, tl, zh, zl);
  if (!(__builtin_fabsf(zh) < __builtin_inff())) zl = 0.0f;
  return finish(th, zh, zl);
}

extern "C" __device__ unsigned long long __anchor_dd_sqrt(float ah, float al) {
  float s = __anchor_sqrtf(ah);
  // s^2 = ph + pl exactly; the residual a - s^2, whose leading part ah - ph
  // is exact (s^2 is within a few ulps of ah), divided by 2s corrects s.
  float ph = s * s;
  float pl = __builtin_fmaf(s, s, -ph);
  float r = ((ah - ph) - pl) + al;
  float t = __anchor_fdiv_rn(r, s + s), zh, zl;
  fast_two_sum(s, t, zh, zl);
  // sqrt of 0, -0, +inf, a negative number or NaN: sqrtf's (lo = 0)
  bool special = !(ah > 0.0f) || !(ah < __builtin_inff());
  return special ? pack(s, 0.0f) : pack(zh, zl);
}

extern "C" __device__ unsigned long long __anchor_dd_fma(float ah, float al, float bh, float bl,
                                                         float ch, float cl) {
  unsigned long long m = __anchor_dd_mul(ah, al, bh, bl);
  float mh = __builtin_bit_cast(float, (unsigned int)m);
  float ml = __builtin_bit_cast(float, (unsigned int)(m >> 32));
  return __anchor_dd_add(mh, ml, ch, cl);
}

// The pair of binary64 d (given as its bits), for every load and argument
// under --fp64=fast: with d = s * 1.m * 2^E and E in float's normal range
// [-126, 127], hi_t = d with its significand cut to 24 bits (exact, a float)
// and the 29 bits below as a float (rounded: within 2^-25 of them, so the
// pair is within 2^-48 of d, as rn(d) + rn(d - rn(d)) is), then Fast2Sum
// normalises. Zeros exactly; other exponents (subnormal or beyond float's
// range, infinities, NaNs) through binary64: hi = rn(d), lo = rn(d - hi).
extern "C" __device__ unsigned long long __anchor_dd_from_bits(unsigned long long b) {
  unsigned int e = (unsigned int)(b >> 52) & 0x7ffu;
  unsigned int sign = (unsigned int)(b >> 32) & 0x80000000u;
  if (e - (1023u - 126u) <= 253u) {       // E = e - 1023 in [-126, 127]
    unsigned int fe = e - (1023u - 127u); // float's biased exponent of 2^E
    unsigned long long m = b & 0xfffffffffffffull;
    float hi_t = __builtin_bit_cast(float, sign | fe << 23 | (unsigned int)(m >> 29));
    float scale = __builtin_bit_cast(float, sign | fe << 23); // +-2^E
    float rest = (float)(int)(m & 0x1fffffffull) * 0x1p-52f * scale;
    float hi, lo;
    fast_two_sum(hi_t, rest, hi, lo);
    if (!(__builtin_fabsf(hi) < __builtin_inff())) lo = 0.0f; // rounded up past FLT_MAX
    return pack(hi, lo);
  }
  if ((b << 1) == 0) return pack(__builtin_bit_cast(float, sign), 0.0f);
  double d = __builtin_bit_cast(double, b);
  float hi = (float)d;
  float lo = __builtin_fabsf(hi) < __builtin_inff() ? (float)(d - (double)hi) : 0.0f;
  return pack(hi, lo);
}
