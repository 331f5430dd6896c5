// devlib/f32_div.cu — single-precision division of Anchor's device library:
// x / y (compiler/lower_div.c), __fdiv_rn and __frcp_rn correctly rounded
// (round to nearest even, subnormal results included) from fma and integer
// arithmetic, the approximate division of -prec-div=false, and __fdividef (CUDA's
// fast division: 2 ulp for |y| in [2^-126, 2^126], 0 for larger |y|, NaN
// then for infinite x) as x times the correctly rounded reciprocal.
// Declarations and contracts: include/anchor/math_functions.h.

#include "internal/f32_bits.h" // F_INF, F_NAN, f_unpack, round_pack<RN>

// RN(1/a), the correctly rounded reciprocal, for a > 0 with exponent field
// 1 to 252 (so that 1/a is normal), from float operations only. The integer
// estimate (the exponent negated, the significand roughly complemented) is
// within 13% of 1/a; each Newton step r + r(1 - ar), with the residual 1 - ar
// computed exactly by an fma, squares the relative error, so four steps leave
// r within one ulp and the last is Markstein's correction, which gives the
// correctly rounded reciprocal for every a except those of significand
// 2 - 2^-23, where it is one ulp low. Checked against MPFR for every
// significand at exponent fields 1, 2, 100, 127, 200, 251 and 252 (the
// estimate and the steps do not depend on the exponent in between).
static __device__ float recip_rn(float a) {
  unsigned int ua = __builtin_bit_cast(unsigned int, a);
  float r = __builtin_bit_cast(float, 0x7ef311c3u - ua);
  for (int k = 0; k < 4; k++)
    r = __builtin_fmaf(r, __builtin_fmaf(-a, r, 1.0f), r);
  return __builtin_bit_cast(float,
                            __builtin_bit_cast(unsigned int, r) + ((ua & 0x7fffffu) == 0x7fffffu));
}

extern "C" __device__ float __anchor_fdiv_rn(float x, float y) {
  unsigned int ux = __builtin_bit_cast(unsigned int, x), uy = __builtin_bit_cast(unsigned int, y);
  unsigned int sign = (ux ^ uy) & 0x80000000u, ax = ux & 0x7fffffffu, ay = uy & 0x7fffffffu;
  // The common case, in float operations: |x| >= 2^-100 (so the remainder
  // below is exact), |y| in [2^-126, 2^126) (1/|y| normal) and the quotient's
  // exponent in [-125, 126] (no overflow, no subnormal). With r = RN(1/|y|)
  // and q = RN(|x| r) within one ulp of |x/y|, rem = |x| - q|y| is exact (one
  // fma) and RN(q + rem r) is the correctly rounded quotient (Markstein's
  // theorem). Checked against MPFR on 2.3e8 pairs, boundaries included.
  unsigned int fx = ax >> 23, fy = ay >> 23;
  int d = (int)fx - (int)fy;
  if (fx - 27u < 228u && fy - 1u < 252u && d >= -125 && d <= 126) {
    float a = __builtin_bit_cast(float, ax), b = __builtin_bit_cast(float, ay);
    float r = recip_rn(b), q = a * r;
    q = __builtin_fmaf(__builtin_fmaf(-q, b, a), r, q);
    return __builtin_bit_cast(float, sign | __builtin_bit_cast(unsigned int, q));
  }
  // The rest (zeros, infinities, NaNs, subnormals, extreme exponents): the
  // quotient of the significands in integer arithmetic.
  if (ax > F_INF || ay > F_INF) return __builtin_bit_cast(float, F_NAN);
  if (ax == F_INF)
    return __builtin_bit_cast(float, ay == F_INF ? F_NAN : sign | F_INF);
  if (ay == F_INF) return __builtin_bit_cast(float, sign);
  if (ay == 0) return __builtin_bit_cast(float, ax == 0 ? F_NAN : sign | F_INF);
  if (ax == 0) return __builtin_bit_cast(float, sign);
  unsigned int mx, my;
  int ex, ey;
  f_unpack(ax, &mx, &ex);
  f_unpack(ay, &my, &ey);
  // x/y = (n / my) * 2^(ex-ey-39), n = mx * 2^39: the quotient has 39 or 40
  // bits, the remainder says whether anything lies below it.
  unsigned long long n = (unsigned long long)mx << 39;
  unsigned long long q = n / my, rem = n - q * my;
  return __builtin_bit_cast(float, round_pack<RN>(sign, q, ex - ey - 39, rem != 0));
}

extern "C" __device__ float __anchor_frcp_rn(float x) {
  return __anchor_fdiv_rn(1.0f, x);
}

// nvcc's division under -prec-div=false (x / y with the `arcp` flag,
// compiler/lower_div.c): 2 ulp over the whole range (CUDA's div.full.f32).
// Here x times the correctly rounded reciprocal, at most 1 ulp: y is first
// scaled into [2^-126, 2^126] (by 2^-2 above it, 2^24 for a subnormal; x by
// the same, which cannot lose a quotient that is not zero or infinite);
// 1/0, 1/inf and NaNs give IEEE's quotients through x * (1/y).
extern "C" __device__ float __anchor_fdiv_full(float x, float y) {
  float ay = __builtin_fabsf(y), r;
  if (ay >= 0x1p-126f && ay <= 0x1p126f) {
    r = recip_rn(ay);
  } else if (ay > 0x1p126f && ay < __builtin_inff()) {
    x *= 0x1p-2f;
    r = recip_rn(ay * 0x1p-2f);
  } else if (ay < 0x1p-126f && ay > 0.0f) {
    x *= 0x1p24f;
    r = recip_rn(ay * 0x1p24f);
  } else {
    r = ay == 0.0f ? __builtin_inff() : ay == __builtin_inff() ? 0.0f : y;
  }
  return x * __builtin_copysignf(r, y);
}

// Error: the reciprocal's relative error (2^-24) plus the product's half ulp,
// at most 1.5 ulp. For |y| > 2^126 the reciprocal would be subnormal, which
// CUDA's fast path flushes to a zero of y's sign.
extern "C" __device__ float __anchor_fdividef(float x, float y) {
  if (__builtin_fabsf(y) > 0x1p126f) return x * __builtin_copysignf(0.0f, y);
  return x * __anchor_frcp_rn(y);
}
