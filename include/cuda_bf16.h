/* cuda_bf16.h — CUDA's bfloat16 types and functions: __nv_bfloat16, __nv_bfloat162,
 * conversions in every rounding mode, arithmetic, comparisons, math functions and the C++
 * operators, usable on the host and the device.
 *
 * Written for Anchor from the CUDA Math API documentation ("Bfloat16 Precision
 * Intrinsics"). A __nv_bfloat16 holds its bits (unsigned short); every operation computes
 * in float and rounds once to bfloat16, as CUDA does on sm_80 and later: + - * / and sqrt
 * in float rounded to nearest even are the correctly rounded bfloat16 results (24 >= 2 * 8
 * + 2 bits); fma rounds the exact float sum to odd first. Math functions: as cuda_fp16.h's
 * (float library, the double library near rounding boundaries). NaN results are the
 * canonical 0x7fff. Includes cuda_fp16.h (for its helpers). C++ only. */
#ifndef ANCHOR_CUDA_BF16_H
#define ANCHOR_CUDA_BF16_H
#pragma GCC system_header
#define __CUDA_BF16_H__ /* NVIDIA's guard */

#ifdef __cplusplus

#include "cuda_fp16.h"

#define ANCHOR_BF16 ANCHOR_F16

/* float bits to bfloat16 bits in mode m (anchor_rn ... anchor_rd), integer arithmetic only. */
ANCHOR_BF16 unsigned short anchor_f2bf_bits(float f, int m) {
  unsigned int u = __builtin_bit_cast(unsigned int, f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fffu;
  unsigned int rest = u & 0xffffu, neg = u >> 31;
  unsigned int inc = m == anchor_rn   ? (rest > 0x8000u || (rest == 0x8000u && (u & 0x10000u)))
                     : m == anchor_rz ? 0u
                     : m == anchor_ru ? (rest != 0u && !neg)
                                      : (rest != 0u && neg);
  return (unsigned short)((u >> 16) + inc);
}

/* ---- under -ftz=true: through the device library (devlib/bf16.cu) ------------------------
 * nvcc (sm_80 and later) computes bfloat16 arithmetic, fma, min/max, comparisons, rounding,
 * the math functions and the conversions in bfloat16 instructions (add.bf16, fma.rn.bf16,
 * setp.lt.bf16, cvt.rpi.bf16.bf16, cvt.rn.bf16.f64, ...) or in float ones without .ftz
 * (sqrt.approx.f32, ex2.approx.f32, div.approx.f32, ...): -ftz=true keeps their bfloat16
 * subnormals, which are float subnormals (bfloat16 has float's exponent range);
 * docs/devlib.md has the table. Anchor computes them in float, which compiler/lower_ftz.c
 * would flush. So under -ftz=true each such function of device code calls its
 * __anchor_bf16_* twin of the device library instead: the same function on the 16-bit
 * patterns, compiled without -ftz; lower_ftz.c flushes only float arguments and results of
 * the library's calls and never its code, and linked and inlined it computes what the
 * function computes without -ftz. The test is __nvvm_reflect("__CUDA_FTZ"), which clang
 * folds at the start of its pipeline to the module's nvvm-reflect-ftz flag (1 under
 * -ftz=true): without -ftz the code is exactly the function's own. The host has no ftz. */
#ifdef __CUDA_ARCH__
#define ANCHOR_BF16_LIB extern "C" __device__ __attribute__((const))
#define ANCHOR_BF16_LIB1(name)                                                                     \
  ANCHOR_BF16_LIB unsigned short __anchor_bf16_##name(unsigned short a);
#define ANCHOR_BF16_LIB2(name)                                                                     \
  ANCHOR_BF16_LIB unsigned short __anchor_bf16_##name(unsigned short a, unsigned short b);
#define ANCHOR_BF16_LIB3(name)                                                                     \
  ANCHOR_BF16_LIB unsigned short __anchor_bf16_##name(unsigned short a, unsigned short b,          \
                                                      unsigned short c);
#define ANCHOR_BF16_LIBCMP(name)                                                                   \
  ANCHOR_BF16_LIB bool __anchor_bf16_##name(unsigned short a, unsigned short b);
ANCHOR_BF16_LIB2(add) /* __hadd, and so on: the function of that name on the bits */
ANCHOR_BF16_LIB2(sub)
ANCHOR_BF16_LIB2(mul)
ANCHOR_BF16_LIB2(div)
ANCHOR_BF16_LIB3(fma)
ANCHOR_BF16_LIB1(sat)  /* clamped to [+0, 1], NaN to +0 (the _sat forms) */
ANCHOR_BF16_LIB1(relu) /* negative to +0, NaN canonical (__hfma_relu) */
ANCHOR_BF16_LIB2(max)
ANCHOR_BF16_LIB2(min)
ANCHOR_BF16_LIB2(max_nan)
ANCHOR_BF16_LIB2(min_nan)
ANCHOR_BF16_LIBCMP(eq)
ANCHOR_BF16_LIBCMP(ne)
ANCHOR_BF16_LIBCMP(lt)
ANCHOR_BF16_LIBCMP(le)
ANCHOR_BF16_LIBCMP(gt)
ANCHOR_BF16_LIBCMP(ge)
ANCHOR_BF16_LIBCMP(equ)
ANCHOR_BF16_LIBCMP(neu)
ANCHOR_BF16_LIBCMP(ltu)
ANCHOR_BF16_LIBCMP(leu)
ANCHOR_BF16_LIBCMP(gtu)
ANCHOR_BF16_LIBCMP(geu)
ANCHOR_BF16_LIB1(exp) /* hexp, and so on */
ANCHOR_BF16_LIB1(exp2)
ANCHOR_BF16_LIB1(exp10)
ANCHOR_BF16_LIB1(log)
ANCHOR_BF16_LIB1(log2)
ANCHOR_BF16_LIB1(log10)
ANCHOR_BF16_LIB1(sin)
ANCHOR_BF16_LIB1(cos)
ANCHOR_BF16_LIB1(tanh)
ANCHOR_BF16_LIB1(rsqrt)
ANCHOR_BF16_LIB1(sqrt)
ANCHOR_BF16_LIB1(rcp)
/* a's value rounded to an integral float in mode m (anchor_rn ... anchor_rd): the
 * rounding functions and the conversions to integers */
ANCHOR_BF16_LIB float __anchor_bf16_round(unsigned short a, int m);
ANCHOR_BF16_LIB unsigned short __anchor_bf16_from_f64(double d); /* __double2bfloat16 */
#undef ANCHOR_BF16_LIB1
#undef ANCHOR_BF16_LIB2
#undef ANCHOR_BF16_LIB3
#undef ANCHOR_BF16_LIBCMP
#undef ANCHOR_BF16_LIB
/* In a function's body, first: under -ftz=true, return expr (its library twin's call). */
#define ANCHOR_BF16_FTZ_VIA(expr)                                                                  \
  if (__nvvm_reflect("__CUDA_FTZ")) return expr;
#else
#define ANCHOR_BF16_FTZ_VIA(expr)
#endif

/* d rounded once to bfloat16 (to odd at float's precision first). */
ANCHOR_BF16 unsigned short anchor_bf16_from_f64(double d) {
  ANCHOR_BF16_FTZ_VIA(__anchor_bf16_from_f64(d))
  return anchor_f2bf_bits(anchor_f64_to_f32_odd(d), anchor_rn);
}
/* The value of the bits a rounded to an integral float in mode m. */
ANCHOR_BF16 float anchor_bf16_round(unsigned short a, int m) {
  ANCHOR_BF16_FTZ_VIA(__anchor_bf16_round(a, m))
  return anchor_round_mode(__builtin_bit_cast(float, (unsigned int)a << 16), m);
}

struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x, y;
};

struct __align__(2) __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
#ifndef __CUDA_NO_BFLOAT16_CONVERSIONS__ /* as CUDA's: the conversions can be switched off */
  __host__ __device__ __nv_bfloat16(float f) : __x(anchor_f2bf_bits(f, anchor_rn)) {}
  __host__ __device__ __nv_bfloat16(double d) : __x(anchor_bf16_from_f64(d)) {}
  __host__ __device__ __nv_bfloat16(int i) : __nv_bfloat16((double)i) {}
  __host__ __device__ __nv_bfloat16(unsigned int i) : __nv_bfloat16((double)i) {}
  __host__ __device__ __nv_bfloat16(short i) : __nv_bfloat16((float)i) {}
  __host__ __device__ __nv_bfloat16(unsigned short i) : __nv_bfloat16((float)i) {}
  /* Rounded once (an integer rounded to odd at 24 bits first): below. */
  __host__ __device__ __nv_bfloat16(long long i);
  __host__ __device__ __nv_bfloat16(unsigned long long i);
  __host__ __device__ __nv_bfloat16(long i);
  __host__ __device__ __nv_bfloat16(unsigned long i);
  /* A binary16 value is exact in float: one rounding. */
  explicit __host__ __device__ __nv_bfloat16(const __half h)
      : __x(anchor_f2bf_bits(__half2float(h), anchor_rn)) {}
  __host__ __device__ operator float() const { return __f(); }
  ANCHOR_F16_CLASS_CONVERSIONS()
#endif
  __host__ __device__ float __f() const {
    return __builtin_bit_cast(float, (unsigned int)__x << 16);
  }
  __host__ __device__ operator __nv_bfloat16_raw() const {
    __nv_bfloat16_raw r = {__x};
    return r;
  }
};
/* bfloat16 to binary16: exact in float, then one rounding (declared in cuda_fp16.h). */
#ifndef __CUDA_NO_HALF_CONVERSIONS__
__host__ __device__ inline __half::__half(const __nv_bfloat16 b) : __half(b.__f()) {}
#endif

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r)
      : x(__nv_bfloat16_raw{r.x}), y(__nv_bfloat16_raw{r.y}) {}
  __host__ __device__ operator __nv_bfloat162_raw() const {
    __nv_bfloat162_raw r = {x.__x, y.__x};
    return r;
  }
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

ANCHOR_BF16 __nv_bfloat16 anchor_bf(unsigned short bits) {
  return __nv_bfloat16(__nv_bfloat16_raw{bits});
}

/* ---- conversions ------------------------------------------------------------------------- */
ANCHOR_BF16 float __bfloat162float(__nv_bfloat16 h) {
  return h.__f();
}
ANCHOR_BF16 __nv_bfloat16 __float2bfloat16(float f) {
  return anchor_bf(anchor_f2bf_bits(f, anchor_rn));
}
ANCHOR_BF16 __nv_bfloat16 __float2bfloat16_rn(float f) {
  return anchor_bf(anchor_f2bf_bits(f, anchor_rn));
}
ANCHOR_BF16 __nv_bfloat16 __float2bfloat16_rz(float f) {
  return anchor_bf(anchor_f2bf_bits(f, anchor_rz));
}
ANCHOR_BF16 __nv_bfloat16 __float2bfloat16_ru(float f) {
  return anchor_bf(anchor_f2bf_bits(f, anchor_ru));
}
ANCHOR_BF16 __nv_bfloat16 __float2bfloat16_rd(float f) {
  return anchor_bf(anchor_f2bf_bits(f, anchor_rd));
}
ANCHOR_BF16 __nv_bfloat16 __double2bfloat16(double d) {
  return anchor_bf(anchor_bf16_from_f64(d));
}
/* Integers: an integer rounded to odd at 24 bits, then in the mode (integer arithmetic). */
ANCHOR_BF16 float anchor_u64_to_f32_odd(unsigned long long m, int neg) {
  if (m == 0) return 0.0f;
  int n = __builtin_clzll(m);
  unsigned long long t = m << n; /* leading 1 at bit 63 */
  unsigned int sig = (unsigned int)(t >> 40) | ((t & 0xffffffffffull) != 0);
  unsigned int bits = ((unsigned int)(63 - n + 126) << 23) + sig;
  return __builtin_bit_cast(float, bits | (neg ? 0x80000000u : 0u));
}
#define ANCHOR_BF16_FROM_INT(T, n, neg, mag)                                                       \
  ANCHOR_BF16 __nv_bfloat16 __##n##2bfloat16_rn(T i) {                                             \
    return anchor_bf(anchor_f2bf_bits(anchor_u64_to_f32_odd(mag, neg), anchor_rn));                \
  }                                                                                                \
  ANCHOR_BF16 __nv_bfloat16 __##n##2bfloat16_rz(T i) {                                             \
    return anchor_bf(anchor_f2bf_bits(anchor_u64_to_f32_odd(mag, neg), anchor_rz));                \
  }                                                                                                \
  ANCHOR_BF16 __nv_bfloat16 __##n##2bfloat16_ru(T i) {                                             \
    return anchor_bf(anchor_f2bf_bits(anchor_u64_to_f32_odd(mag, neg), anchor_ru));                \
  }                                                                                                \
  ANCHOR_BF16 __nv_bfloat16 __##n##2bfloat16_rd(T i) {                                             \
    return anchor_bf(anchor_f2bf_bits(anchor_u64_to_f32_odd(mag, neg), anchor_rd));                \
  }
ANCHOR_BF16_FROM_INT(int, int, i < 0,
                     i < 0 ? 0ull - (unsigned long long)(long long)i : (unsigned long long)i)
ANCHOR_BF16_FROM_INT(unsigned int, uint, 0, (unsigned long long)i)
ANCHOR_BF16_FROM_INT(short, short, i < 0,
                     i < 0 ? 0ull - (unsigned long long)(long long)i : (unsigned long long)i)
ANCHOR_BF16_FROM_INT(unsigned short, ushort, 0, (unsigned long long)i)
ANCHOR_BF16_FROM_INT(long long, ll, i < 0,
                     i < 0 ? 0ull - (unsigned long long)i : (unsigned long long)i)
ANCHOR_BF16_FROM_INT(unsigned long long, ull, 0, i)
#undef ANCHOR_BF16_FROM_INT
#ifndef __CUDA_NO_BFLOAT16_CONVERSIONS__
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(long long i)
    : __x(__ll2bfloat16_rn(i).__x) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(unsigned long long i)
    : __x(__ull2bfloat16_rn(i).__x) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(long i)
    : __x(__ll2bfloat16_rn((long long)i).__x) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(unsigned long i)
    : __x(__ull2bfloat16_rn((unsigned long long)i).__x) {}
#endif
#define ANCHOR_BF16_TO_INT_MODE(T, n, sat, md, m)                                                  \
  ANCHOR_BF16 T __bfloat162##n##_##md(__nv_bfloat16 h) {                                           \
    return sat(anchor_bf16_round(h.__x, m));                                                       \
  }
#define ANCHOR_BF16_TO_INT(T, n, sat)                                                              \
  ANCHOR_BF16_TO_INT_MODE(T, n, sat, rn, anchor_rn)                                                \
  ANCHOR_BF16_TO_INT_MODE(T, n, sat, rz, anchor_rz)                                                \
  ANCHOR_BF16_TO_INT_MODE(T, n, sat, ru, anchor_ru)                                                \
  ANCHOR_BF16_TO_INT_MODE(T, n, sat, rd, anchor_rd)
ANCHOR_BF16_TO_INT(int, int, anchor_f2i_sat)
ANCHOR_BF16_TO_INT(unsigned int, uint, anchor_f2u_sat)
ANCHOR_BF16_TO_INT(short, short, anchor_f2s_sat)
ANCHOR_BF16_TO_INT(unsigned short, ushort, anchor_f2us_sat)
ANCHOR_BF16_TO_INT(long long, ll, anchor_f2ll_sat)
ANCHOR_BF16_TO_INT(unsigned long long, ull, anchor_f2ull_sat)
ANCHOR_BF16_TO_INT_MODE(signed char, char, anchor_f2c_sat, rz, anchor_rz)
ANCHOR_BF16_TO_INT_MODE(unsigned char, uchar, anchor_f2uc_sat, rz, anchor_rz)
#undef ANCHOR_BF16_TO_INT
#undef ANCHOR_BF16_TO_INT_MODE
ANCHOR_BF16 unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) {
  return h.__x;
}
ANCHOR_BF16 short __bfloat16_as_short(__nv_bfloat16 h) {
  return (short)h.__x;
}
ANCHOR_BF16 __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) {
  return anchor_bf(u);
}
ANCHOR_BF16 __nv_bfloat16 __short_as_bfloat16(short s) {
  return anchor_bf((unsigned short)s);
}
ANCHOR_BF16 __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __nv_bfloat162(a, b);
}
ANCHOR_BF16 __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __nv_bfloat162(a, b);
}
ANCHOR_BF16 __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) {
  return __nv_bfloat162(a, a);
}
ANCHOR_BF16 __nv_bfloat162 __float2bfloat162_rn(float f) {
  return __nv_bfloat162(__float2bfloat16(f), __float2bfloat16(f));
}
ANCHOR_BF16 __nv_bfloat162 __floats2bfloat162_rn(float a, float b) {
  return __nv_bfloat162(__float2bfloat16(a), __float2bfloat16(b));
}
ANCHOR_BF16 __nv_bfloat162 __float22bfloat162_rn(float2 f) {
  return __nv_bfloat162(__float2bfloat16(f.x), __float2bfloat16(f.y));
}
ANCHOR_BF16 float2 __bfloat1622float2(__nv_bfloat162 h) {
  return make_float2(h.x.__f(), h.y.__f());
}
ANCHOR_BF16 float __low2float(__nv_bfloat162 h) {
  return h.x.__f();
}
ANCHOR_BF16 float __high2float(__nv_bfloat162 h) {
  return h.y.__f();
}
ANCHOR_BF16 __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) {
  return h.x;
}
ANCHOR_BF16 __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) {
  return h.y;
}
ANCHOR_BF16 __nv_bfloat162 __low2bfloat162(__nv_bfloat162 h) {
  return __nv_bfloat162(h.x, h.x);
}
ANCHOR_BF16 __nv_bfloat162 __high2bfloat162(__nv_bfloat162 h) {
  return __nv_bfloat162(h.y, h.y);
}
ANCHOR_BF16 __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __nv_bfloat162(a.x, b.x);
}
ANCHOR_BF16 __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __nv_bfloat162(a.y, b.y);
}
ANCHOR_BF16 __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 h) {
  return __nv_bfloat162(h.y, h.x);
}

/* ---- arithmetic -------------------------------------------------------------------------- */
#ifdef __CUDA_ARCH__
#define ANCHOR_BF16_DIVF(x, y) __anchor_fdiv_rn(x, y)
#define ANCHOR_BF16_SQRTF(x) __anchor_sqrtf(x)
#else
#define ANCHOR_BF16_DIVF(x, y) ((x) / (y))
#define ANCHOR_BF16_SQRTF(x) __builtin_sqrtf(x)
#endif
ANCHOR_BF16 __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_add(a.__x, b.__x)))
  return __float2bfloat16(a.__f() + b.__f());
}
ANCHOR_BF16 __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_sub(a.__x, b.__x)))
  return __float2bfloat16(a.__f() - b.__f());
}
ANCHOR_BF16 __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_mul(a.__x, b.__x)))
  return __float2bfloat16(a.__f() * b.__f());
}
ANCHOR_BF16 __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_div(a.__x, b.__x)))
  return __float2bfloat16(ANCHOR_BF16_DIVF(a.__f(), b.__f()));
}
/* One rounding of a*b + c. The float product of two bfloat16 values is exact (16 bits)
 * when it is finite and above 2^-134 in magnitude (or an exact zero): then the sum is made
 * exact by TwoSum and rounded to odd, then to bfloat16. Otherwise (a product that
 * overflows float, where c can still bring the sum back into range, or one too small for
 * float's subnormals; infinities and NaNs) the same in double, where every such product is
 * exact (|a*b| < 2^256, > 2^-267): the double sum and its TwoSum error rounded to a float
 * to odd, then to bfloat16. */
ANCHOR_BF16 float anchor_bf_fma_odd_f64(float x, float y, float z) {
#pragma clang fp contract(off)
  double p = (double)x * (double)y, zd = z, s = p + zd;
  double bp = s - zd, bz = s - bp, e = (p - bp) + (zd - bz);
  float f = anchor_f64_to_f32_odd(s); /* s's own rounding, to odd */
  unsigned int u = __builtin_bit_cast(unsigned int, f);
  /* s a float exactly but the sum not: odd toward the error (s == s: e is a number) */
  if ((double)f == s && e == e && e != 0.0 && !(u & 1u))
    u += (e > 0.0) == (f > 0.0f) ? 1u : 0xffffffffu;
  return __builtin_bit_cast(float, u);
}
ANCHOR_BF16 __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_fma(a.__x, b.__x, c.__x)))
  float x = a.__f(), y = b.__f(), z = c.__f(), ap = __builtin_fabsf(x * y);
  float r = (ap > 0x1p-134f && ap <= 3.4028235e38f) || x == 0.0f || y == 0.0f
                ? anchor_fma_odd_f32(x, y, z)
                : anchor_bf_fma_odd_f64(x, y, z);
  return anchor_bf(anchor_f2bf_bits(r, anchor_rn));
}
ANCHOR_BF16 __nv_bfloat16 __hneg(__nv_bfloat16 a) {
  return anchor_bf(a.__x ^ 0x8000u);
}
ANCHOR_BF16 __nv_bfloat16 __habs(__nv_bfloat16 a) {
  return anchor_bf(a.__x & 0x7fffu);
}
ANCHOR_BF16 __nv_bfloat16 __hadd_rn(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hadd(a, b);
}
ANCHOR_BF16 __nv_bfloat16 __hsub_rn(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hsub(a, b);
}
ANCHOR_BF16 __nv_bfloat16 __hmul_rn(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __hmul(a, b);
}
ANCHOR_BF16 __nv_bfloat16 anchor_bsat(__nv_bfloat16 r) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_sat(r.__x)))
  float f = r.__f();
  return f > 1.0f ? anchor_bf(0x3f80u) : f > 0.0f ? r : anchor_bf(0); /* NaN, -0: +0 */
}
ANCHOR_BF16 __nv_bfloat16 __hadd_sat(__nv_bfloat16 a, __nv_bfloat16 b) {
  return anchor_bsat(__hadd(a, b));
}
ANCHOR_BF16 __nv_bfloat16 __hsub_sat(__nv_bfloat16 a, __nv_bfloat16 b) {
  return anchor_bsat(__hsub(a, b));
}
ANCHOR_BF16 __nv_bfloat16 __hmul_sat(__nv_bfloat16 a, __nv_bfloat16 b) {
  return anchor_bsat(__hmul(a, b));
}
ANCHOR_BF16 __nv_bfloat16 __hfma_sat(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {
  return anchor_bsat(__hfma(a, b, c));
}
ANCHOR_BF16 __nv_bfloat16 anchor_brelu(__nv_bfloat16 r) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_relu(r.__x)))
  float f = r.__f();
  return f != f ? anchor_bf(0x7fffu) : f < 0.0f ? anchor_bf(0) : r;
}
ANCHOR_BF16 __nv_bfloat16 __hfma_relu(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {
  return anchor_brelu(__hfma(a, b, c));
}
ANCHOR_BF16 __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_max(a.__x, b.__x)))
  float x = a.__f(), y = b.__f();
  if (x != x) return y != y ? anchor_bf(0x7fffu) : b;
  if (y != y || x > y) return a;
  if (x == y) return anchor_bf(a.__x & b.__x);
  return b;
}
ANCHOR_BF16 __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_min(a.__x, b.__x)))
  float x = a.__f(), y = b.__f();
  if (x != x) return y != y ? anchor_bf(0x7fffu) : b;
  if (y != y || x < y) return a;
  if (x == y) return anchor_bf(a.__x | b.__x);
  return b;
}
ANCHOR_BF16 __nv_bfloat16 __hmax_nan(__nv_bfloat16 a, __nv_bfloat16 b) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_max_nan(a.__x, b.__x)))
  return a.__f() != a.__f() || b.__f() != b.__f() ? anchor_bf(0x7fffu) : __hmax(a, b);
}
ANCHOR_BF16 __nv_bfloat16 __hmin_nan(__nv_bfloat16 a, __nv_bfloat16 b) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_min_nan(a.__x, b.__x)))
  return a.__f() != a.__f() || b.__f() != b.__f() ? anchor_bf(0x7fffu) : __hmin(a, b);
}
ANCHOR_F16_LANES2(__nv_bfloat162, __hadd2, __hadd)
ANCHOR_F16_LANES2(__nv_bfloat162, __hsub2, __hsub)
ANCHOR_F16_LANES2(__nv_bfloat162, __hmul2, __hmul)
ANCHOR_F16_LANES2(__nv_bfloat162, __h2div, __hdiv)
ANCHOR_F16_LANES2(__nv_bfloat162, __hadd2_rn, __hadd)
ANCHOR_F16_LANES2(__nv_bfloat162, __hsub2_rn, __hsub)
ANCHOR_F16_LANES2(__nv_bfloat162, __hmul2_rn, __hmul)
ANCHOR_F16_LANES2(__nv_bfloat162, __hadd2_sat, __hadd_sat)
ANCHOR_F16_LANES2(__nv_bfloat162, __hsub2_sat, __hsub_sat)
ANCHOR_F16_LANES2(__nv_bfloat162, __hmul2_sat, __hmul_sat)
ANCHOR_F16_LANES2(__nv_bfloat162, __hmax2, __hmax)
ANCHOR_F16_LANES2(__nv_bfloat162, __hmin2, __hmin)
ANCHOR_F16_LANES2(__nv_bfloat162, __hmax2_nan, __hmax_nan)
ANCHOR_F16_LANES2(__nv_bfloat162, __hmin2_nan, __hmin_nan)
ANCHOR_F16_LANES3(__nv_bfloat162, __hfma2, __hfma)
ANCHOR_F16_LANES3(__nv_bfloat162, __hfma2_sat, __hfma_sat)
ANCHOR_F16_LANES3(__nv_bfloat162, __hfma2_relu, __hfma_relu)
ANCHOR_F16_LANES1(__nv_bfloat162, __hneg2, __hneg)
ANCHOR_F16_LANES1(__nv_bfloat162, __habs2, __habs)
ANCHOR_F16_HCMADD(__nv_bfloat162)

/* ---- comparisons (ordered, and unordered: u) ---------------------------------------------- */
#define ANCHOR_BF16_CMP(op, expr)                                                                  \
  ANCHOR_BF16 bool __h##op(__nv_bfloat16 a, __nv_bfloat16 b) {                                     \
    ANCHOR_BF16_FTZ_VIA(__anchor_bf16_##op(a.__x, b.__x))                                          \
    float x = a.__f(), y = b.__f();                                                                \
    return expr;                                                                                   \
  }
ANCHOR_BF16_CMP(eq, x == y)
ANCHOR_BF16_CMP(ne, x<y || x> y)
ANCHOR_BF16_CMP(lt, x < y)
ANCHOR_BF16_CMP(le, x <= y)
ANCHOR_BF16_CMP(gt, x > y)
ANCHOR_BF16_CMP(ge, x >= y)
ANCHOR_BF16_CMP(equ, !(x < y || x > y))
ANCHOR_BF16_CMP(neu, !(x == y))
ANCHOR_BF16_CMP(ltu, !(x >= y))
ANCHOR_BF16_CMP(leu, !(x > y))
ANCHOR_BF16_CMP(gtu, !(x <= y))
ANCHOR_BF16_CMP(geu, !(x < y))
#undef ANCHOR_BF16_CMP
/* __nv_bfloat162 forms (anchor/fp16_common.h): __hxx2, __hxx2_mask, __hbxx2. */
ANCHOR_F16_CMP2_ALL(__nv_bfloat162, anchor_bf, 0x3f80u)
ANCHOR_BF16 bool __hisnan(__nv_bfloat16 a) {
  return (a.__x & 0x7fffu) > 0x7f80u;
}
ANCHOR_BF16 __nv_bfloat162 __hisnan2(__nv_bfloat162 a) {
  return __nv_bfloat162(anchor_bf(__hisnan(a.x) ? 0x3f80u : 0u),
                        anchor_bf(__hisnan(a.y) ? 0x3f80u : 0u));
}
ANCHOR_BF16 int __hisinf(__nv_bfloat16 a) {
  return a.__x == 0x7f80u ? 1 : a.__x == 0xff80u ? -1 : 0;
}

/* ---- math functions (see cuda_fp16.h) ------------------------------------------------------ */
/* Within 2^-10 of a bfloat16 spacing from a midpoint (bfloat16 keeps 8 bits, float 24). */
ANCHOR_BF16 int anchor_bf_near_mid(float r) {
  unsigned int u = __builtin_bit_cast(unsigned int, r) & 0x7fffffffu;
  if (u >= 0x7f800000u) return 0;
  unsigned int rest = u & 0xffffu; /* the bits below bfloat16's, 2^16 per spacing */
  int d = (int)rest - 0x8000;
  return (d < 0 ? -d : d) <= 64;
}
#ifdef __CUDA_ARCH__
#define ANCHOR_BF16_MATH(name, ff, df, hostf)                                                      \
  ANCHOR_BF16 __nv_bfloat16 h##name(__nv_bfloat16 a) {                                             \
    ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_##name(a.__x)))                                    \
    float x = a.__f(), r = ff(x);                                                                  \
    return anchor_bf_near_mid(r) ? __double2bfloat16(df((double)x)) : __float2bfloat16(r);         \
  }
#else
#define ANCHOR_BF16_MATH(name, ff, df, hostf)                                                      \
  ANCHOR_BF16 __nv_bfloat16 h##name(__nv_bfloat16 a) {                                             \
    return __double2bfloat16(hostf((double)a.__f()));                                              \
  }
#endif
ANCHOR_BF16_MATH(exp, __anchor_expf, __anchor_exp, __builtin_exp)
ANCHOR_BF16_MATH(exp2, __anchor_exp2f, __anchor_exp2, __builtin_exp2)
ANCHOR_BF16_MATH(exp10, __anchor_exp10f, __anchor_exp10, __builtin_exp10)
ANCHOR_BF16_MATH(log, __anchor_logf, __anchor_log, __builtin_log)
ANCHOR_BF16_MATH(log2, __anchor_log2f, __anchor_log2, __builtin_log2)
ANCHOR_BF16_MATH(log10, __anchor_log10f, __anchor_log10, __builtin_log10)
ANCHOR_BF16_MATH(sin, __anchor_sinf, __anchor_sin, __builtin_sin)
ANCHOR_BF16_MATH(cos, __anchor_cosf, __anchor_cos, __builtin_cos)
ANCHOR_BF16_MATH(tanh, __anchor_tanhf, __anchor_tanh, __builtin_tanh)
ANCHOR_BF16_MATH(rsqrt, __anchor_rsqrtf, anchor_h_rsqrt_d, anchor_h_rsqrt_d)
#undef ANCHOR_BF16_MATH
ANCHOR_BF16 __nv_bfloat16 hsqrt(__nv_bfloat16 a) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_sqrt(a.__x)))
  return __float2bfloat16(ANCHOR_BF16_SQRTF(a.__f()));
}
ANCHOR_BF16 __nv_bfloat16 hrcp(__nv_bfloat16 a) {
  ANCHOR_BF16_FTZ_VIA(anchor_bf(__anchor_bf16_rcp(a.__x)))
  return __float2bfloat16(ANCHOR_BF16_DIVF(1.0f, a.__f()));
}
#undef ANCHOR_BF16_DIVF
#undef ANCHOR_BF16_SQRTF
ANCHOR_BF16 __nv_bfloat16 hceil(__nv_bfloat16 a) {
  return __float2bfloat16(anchor_bf16_round(a.__x, anchor_ru));
}
ANCHOR_BF16 __nv_bfloat16 hfloor(__nv_bfloat16 a) {
  return __float2bfloat16(anchor_bf16_round(a.__x, anchor_rd));
}
ANCHOR_BF16 __nv_bfloat16 htrunc(__nv_bfloat16 a) {
  return __float2bfloat16(anchor_bf16_round(a.__x, anchor_rz));
}
ANCHOR_BF16 __nv_bfloat16 hrint(__nv_bfloat16 a) {
  return __float2bfloat16(anchor_bf16_round(a.__x, anchor_rn));
}
/* As cuda_fp16.h's: the correctly rounded tanh. */
ANCHOR_BF16 __nv_bfloat16 htanh_approx(__nv_bfloat16 a) {
  return htanh(a);
}
ANCHOR_F16_MATH2_ALL(__nv_bfloat162)

/* ---- C++ operators and the class's integer conversions --------------------------------- */
#ifndef __CUDA_NO_BFLOAT16_OPERATORS__
ANCHOR_F16_OPS(__nv_bfloat16, __hadd, __hsub, __hmul, __hdiv, __hneg, __heq, __hneu, __hlt, __hle,
               __hgt, __hge, anchor_bf(0x3f80u))
#endif
#ifndef __CUDA_NO_BFLOAT162_OPERATORS__
ANCHOR_F16_OPS(__nv_bfloat162, __hadd2, __hsub2, __hmul2, __h2div, __hneg2, __hbeq2, __hbneu2,
               __hblt2, __hble2, __hbgt2, __hbge2, __bfloat162bfloat162(anchor_bf(0x3f80u)))
#endif
#ifndef __CUDA_NO_BFLOAT16_CONVERSIONS__
ANCHOR_F16_DEFINE_CONVERSIONS(__nv_bfloat16, bfloat16)
#endif

/* ---- CUDA's named constants ---------------------------------------------------------------- */
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80u)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fu)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001u)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffu)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000u)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80u)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000u)

/* ---- warp shuffles ------------------------------------------------------------------------ */
ANCHOR_BF16 unsigned int anchor_bf162_bits(__nv_bfloat162 h) {
  return (unsigned int)h.x.__x | (unsigned int)h.y.__x << 16;
}
ANCHOR_BF16 __nv_bfloat16 anchor_bf_from_word(unsigned int w) {
  return anchor_bf((unsigned short)w);
}
ANCHOR_BF16 __nv_bfloat162 anchor_bf162_from_word(unsigned int w) {
  return __nv_bfloat162(anchor_bf((unsigned short)w), anchor_bf((unsigned short)(w >> 16)));
}
ANCHOR_F16_SHFL(__nv_bfloat16, __bfloat16_as_ushort, anchor_bf_from_word)
ANCHOR_F16_SHFL(__nv_bfloat162, anchor_bf162_bits, anchor_bf162_from_word)

/* ---- atomicAdd (anchor/atomic_functions.h; CUDA: compute capability 8.x): relaxed,
 * round-to-nearest-even adds; __nv_bfloat162's halves each atomic (one word) ------------- */
#ifdef __CUDA__
#include "anchor/atomic_functions.h"
ANCHOR_ATOMIC __nv_bfloat16 atomicAdd(__nv_bfloat16 *address, __nv_bfloat16 value) {
  return anchor_bf(__builtin_bit_cast(
      unsigned short, __atomic_fetch_add((__bf16 *)&address->__x,
                                         __builtin_bit_cast(__bf16, value.__x), __ATOMIC_RELAXED)));
}
ANCHOR_ATOMIC __nv_bfloat162 atomicAdd(__nv_bfloat162 *address, __nv_bfloat162 value) {
  return anchor_bf162_from_word(
      __anchor_atomic_add_bf16x2((unsigned int *)address, anchor_bf162_bits(value)));
}
#endif

#undef ANCHOR_BF16_FTZ_VIA
#undef ANCHOR_BF16

#endif /* __cplusplus */
#endif
