/* anchor/fp16_common.h — what cuda_fp16.h and cuda_bf16.h share (internal: included by
 * both, not by user code): the rounding-mode names, one-rounding helpers (double to a
 * float rounded to odd, the exact a*b + c of two 16-bit values rounded to odd), the
 * saturating float-to-integer conversions, and the macros that give a 16-bit type and
 * its 2-wide pair the same shape of API: per-lane forms of the scalar functions, the
 * __hxx2 / __hxx2_mask / __hbxx2 comparison forms, the C++ operators, the class's
 * integer conversions, __hcmadd and the warp shuffles. Each macro takes the type names
 * and the few type-specific functions it needs, so both headers expand the same code
 * for their own types. Written for Anchor from the CUDA Math API documentation. C++ only. */
#ifndef ANCHOR_FP16_COMMON_H
#define ANCHOR_FP16_COMMON_H
#pragma GCC system_header

#ifdef __cplusplus

#include "anchor/qualifiers.h"
#include "anchor/vector_types.h"

#define ANCHOR_F16 static __host__ __device__ __inline__ __attribute__((always_inline, nodebug))
#define ANCHOR_F16_DEV static __device__ __inline__ __attribute__((always_inline, nodebug))

/* m: 0 to nearest even, 1 toward zero, 2 toward +inf, 3 toward -inf. */
enum { anchor_rn = 0, anchor_rz = 1, anchor_ru = 2, anchor_rd = 3 };

/* d rounded to float toward zero with the last bit set when inexact (round to odd): rounding
 * that float again to a format of at most 22 significant bits, in any mode, gives d rounded
 * once (float has at least 2 more bits). The one conversion of a double that every target
 * has (the device's double is Anchor's software binary64). */
ANCHOR_F16 float anchor_f64_to_f32_odd(double d) {
  float f = (float)d;
  unsigned int u = __builtin_bit_cast(unsigned int, f);
  double ad = d < 0 ? -d : d;
  double af = f < 0 ? -(double)f : (double)f;
  if (f == f && (double)f != d && !(u & 1u)) u += ad > af ? 1u : 0xffffffffu;
  return __builtin_bit_cast(float, u);
}

/* x*y + z rounded to float to odd, for x, y, z 16-bit values (binary16 or bfloat16) given
 * as floats: their float product is exact (22 or 16 bits; for bfloat16 down to 2^-133),
 * TwoSum gives the sum's exact error, and a nonzero error sets the last bit of an even
 * sum. Rounding the result once more to the 16-bit format (24 >= 11 + 2 bits) rounds the
 * exact x*y + z once. */
ANCHOR_F16 float anchor_fma_odd_f32(float x, float y, float z) {
#pragma clang fp contract(off)
  float p = x * y, s = p + z;
  float bp = s - z, bz = s - bp;
  float e = (p - bp) + (z - bz);
  unsigned int u = __builtin_bit_cast(unsigned int, s);
  if (s == s && e != 0.0f && __builtin_fabsf(s) <= 3.4028235e38f && !(u & 1u))
    u += (e > 0.0f) == (s > 0.0f) ? 1u : 0xffffffffu;
  return __builtin_bit_cast(float, u);
}

/* Float (already an integer value) to integers, saturating as PTX cvt: NaN gives 0 for the
 * types up to 32 bits and 0x8000000000000000 for the 64-bit ones. */
ANCHOR_F16 int anchor_f2i_sat(float r) {
  return r != r               ? 0
         : r >= 2147483648.0f ? 2147483647
         : r < -2147483648.0f ? (int)0x80000000u
                              : (int)r;
}
ANCHOR_F16 unsigned int anchor_f2u_sat(float r) {
  return r != r || r <= 0.0f ? 0u : r >= 4294967296.0f ? 0xffffffffu : (unsigned int)r;
}
ANCHOR_F16 short anchor_f2s_sat(float r) {
  return r != r ? 0 : r >= 32767.0f ? 32767 : r <= -32768.0f ? -32768 : (short)r;
}
ANCHOR_F16 unsigned short anchor_f2us_sat(float r) {
  return r != r || r <= 0.0f ? 0 : r >= 65535.0f ? 65535 : (unsigned short)r;
}
ANCHOR_F16 signed char anchor_f2c_sat(float r) {
  return r != r ? 0 : r >= 127.0f ? 127 : r <= -128.0f ? -128 : (signed char)r;
}
ANCHOR_F16 unsigned char anchor_f2uc_sat(float r) {
  return r != r || r <= 0.0f ? 0 : r >= 255.0f ? 255 : (unsigned char)r;
}
ANCHOR_F16 long long anchor_f2ll_sat(float r) {
  return r != r || r < -9223372036854775808.0f ? (long long)0x8000000000000000ull
         : r >= 9223372036854775808.0f         ? 0x7fffffffffffffffll
                                               : (long long)r;
}
ANCHOR_F16 unsigned long long anchor_f2ull_sat(float r) {
  return r != r                         ? 0x8000000000000000ull
         : r <= 0.0f                    ? 0ull
         : r >= 18446744073709551616.0f ? 0xffffffffffffffffull
                                        : (unsigned long long)r;
}
ANCHOR_F16 float anchor_round_mode(float f, int m) {
  return m == anchor_rn   ? __builtin_rintf(f)
         : m == anchor_rz ? __builtin_truncf(f)
         : m == anchor_ru ? __builtin_ceilf(f)
                          : __builtin_floorf(f);
}

/* 1/sqrt(x) in double, for the math functions' double path (device: Anchor's binary64). */
#ifdef __CUDA_ARCH__
ANCHOR_F16 double anchor_h_rsqrt_d(double x) {
  return 1.0 / __anchor_dsqrt_rn(x);
}
#else
ANCHOR_F16 double anchor_h_rsqrt_d(double x) {
  return 1.0 / __builtin_sqrt(x);
}
#endif

/* ---- the shape of the 2-wide API ----------------------------------------------------------
 * T2 is the pair type (members x, y). Each form applies the scalar function lane by lane. */
#define ANCHOR_F16_LANES1(T2, name, one)                                                           \
  ANCHOR_F16 T2 name(T2 a) {                                                                       \
    return T2(one(a.x), one(a.y));                                                                 \
  }
#define ANCHOR_F16_LANES2(T2, name, one)                                                           \
  ANCHOR_F16 T2 name(T2 a, T2 b) {                                                                 \
    return T2(one(a.x, b.x), one(a.y, b.y));                                                       \
  }
#define ANCHOR_F16_LANES3(T2, name, one)                                                           \
  ANCHOR_F16 T2 name(T2 a, T2 b, T2 c) {                                                           \
    return T2(one(a.x, b.x, c.x), one(a.y, b.y, c.y));                                             \
  }
/* The comparison op's pair forms: per lane 1.0 or 0.0 (__hxx2; one: the bits of 1.0), 0xffff
 * or 0 (__hxx2_mask, low lane in the low bits), both lanes true (__hbxx2). mk(bits) makes a
 * scalar from its bits. */
#define ANCHOR_F16_CMP2(T2, op, mk, one)                                                           \
  ANCHOR_F16 T2 __h##op##2(T2 a, T2 b) {                                                           \
    return T2(mk(__h##op(a.x, b.x) ? one : 0u), mk(__h##op(a.y, b.y) ? one : 0u));                 \
  }                                                                                                \
  ANCHOR_F16 unsigned int __h##op##2_mask(T2 a, T2 b) {                                            \
    return (__h##op(a.x, b.x) ? 0xffffu : 0u) | (__h##op(a.y, b.y) ? 0xffff0000u : 0u);            \
  }                                                                                                \
  ANCHOR_F16 bool __hb##op##2(T2 a, T2 b) {                                                        \
    return __h##op(a.x, b.x) && __h##op(a.y, b.y);                                                 \
  }
#define ANCHOR_F16_CMP2_ALL(T2, mk, one)                                                           \
  ANCHOR_F16_CMP2(T2, eq, mk, one)                                                                 \
  ANCHOR_F16_CMP2(T2, ne, mk, one)                                                                 \
  ANCHOR_F16_CMP2(T2, lt, mk, one)                                                                 \
  ANCHOR_F16_CMP2(T2, le, mk, one)                                                                 \
  ANCHOR_F16_CMP2(T2, gt, mk, one)                                                                 \
  ANCHOR_F16_CMP2(T2, ge, mk, one)                                                                 \
  ANCHOR_F16_CMP2(T2, equ, mk, one)                                                                \
  ANCHOR_F16_CMP2(T2, neu, mk, one)                                                                \
  ANCHOR_F16_CMP2(T2, ltu, mk, one)                                                                \
  ANCHOR_F16_CMP2(T2, leu, mk, one)                                                                \
  ANCHOR_F16_CMP2(T2, gtu, mk, one)                                                                \
  ANCHOR_F16_CMP2(T2, geu, mk, one)
/* The 2-wide math functions. */
#define ANCHOR_F16_MATH2_ALL(T2)                                                                   \
  ANCHOR_F16_LANES1(T2, h2exp, hexp)                                                               \
  ANCHOR_F16_LANES1(T2, h2exp2, hexp2)                                                             \
  ANCHOR_F16_LANES1(T2, h2exp10, hexp10)                                                           \
  ANCHOR_F16_LANES1(T2, h2log, hlog)                                                               \
  ANCHOR_F16_LANES1(T2, h2log2, hlog2)                                                             \
  ANCHOR_F16_LANES1(T2, h2log10, hlog10)                                                           \
  ANCHOR_F16_LANES1(T2, h2sin, hsin)                                                               \
  ANCHOR_F16_LANES1(T2, h2cos, hcos)                                                               \
  ANCHOR_F16_LANES1(T2, h2tanh, htanh)                                                             \
  ANCHOR_F16_LANES1(T2, h2tanh_approx, htanh_approx)                                               \
  ANCHOR_F16_LANES1(T2, h2rsqrt, hrsqrt)                                                           \
  ANCHOR_F16_LANES1(T2, h2sqrt, hsqrt)                                                             \
  ANCHOR_F16_LANES1(T2, h2rcp, hrcp)                                                               \
  ANCHOR_F16_LANES1(T2, h2ceil, hceil)                                                             \
  ANCHOR_F16_LANES1(T2, h2floor, hfloor)                                                           \
  ANCHOR_F16_LANES1(T2, h2trunc, htrunc)                                                           \
  ANCHOR_F16_LANES1(T2, h2rint, hrint)
/* Complex multiply-accumulate a*b + c of (x + i y) pairs, as CUDA documents it: real
 * fma(-a.y, b.y, fma(a.x, b.x, c.x)), imaginary fma(a.y, b.x, fma(a.x, b.y, c.y)), each
 * fma rounded once. */
#define ANCHOR_F16_HCMADD(T2)                                                                      \
  ANCHOR_F16 T2 __hcmadd(T2 a, T2 b, T2 c) {                                                       \
    return T2(__hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x)),                                     \
              __hfma(a.y, b.x, __hfma(a.x, b.y, c.y)));                                            \
  }

/* ---- C++ operators (T scalar, T2 pair) ----------------------------------------------------
 * As CUDA's: arithmetic in round-to-nearest-even, ++/-- add or subtract 1, the scalar
 * comparisons ordered but != (unordered), the pair comparisons true when both lanes are
 * (__hbxx2; != is __hbneu2). one: the scalar 1.0. */
#define ANCHOR_F16_OPS(T, add, sub, mul, div, neg, eq, ne, lt, le, gt, ge, one)                    \
  ANCHOR_F16 T operator+(const T &a, const T &b) {                                                 \
    return add(a, b);                                                                              \
  }                                                                                                \
  ANCHOR_F16 T operator-(const T &a, const T &b) {                                                 \
    return sub(a, b);                                                                              \
  }                                                                                                \
  ANCHOR_F16 T operator*(const T &a, const T &b) {                                                 \
    return mul(a, b);                                                                              \
  }                                                                                                \
  ANCHOR_F16 T operator/(const T &a, const T &b) {                                                 \
    return div(a, b);                                                                              \
  }                                                                                                \
  ANCHOR_F16 T operator-(const T &a) {                                                             \
    return neg(a);                                                                                 \
  }                                                                                                \
  ANCHOR_F16 T operator+(const T &a) {                                                             \
    return a;                                                                                      \
  }                                                                                                \
  ANCHOR_F16 T &operator+=(T &a, const T &b) {                                                     \
    return a = add(a, b);                                                                          \
  }                                                                                                \
  ANCHOR_F16 T &operator-=(T &a, const T &b) {                                                     \
    return a = sub(a, b);                                                                          \
  }                                                                                                \
  ANCHOR_F16 T &operator*=(T &a, const T &b) {                                                     \
    return a = mul(a, b);                                                                          \
  }                                                                                                \
  ANCHOR_F16 T &operator/=(T &a, const T &b) {                                                     \
    return a = div(a, b);                                                                          \
  }                                                                                                \
  ANCHOR_F16 T &operator++(T &a) {                                                                 \
    return a = add(a, one);                                                                        \
  }                                                                                                \
  ANCHOR_F16 T &operator--(T &a) {                                                                 \
    return a = sub(a, one);                                                                        \
  }                                                                                                \
  ANCHOR_F16 T operator++(T &a, int) {                                                             \
    T r = a;                                                                                       \
    a = add(a, one);                                                                               \
    return r;                                                                                      \
  }                                                                                                \
  ANCHOR_F16 T operator--(T &a, int) {                                                             \
    T r = a;                                                                                       \
    a = sub(a, one);                                                                               \
    return r;                                                                                      \
  }                                                                                                \
  ANCHOR_F16 bool operator==(const T &a, const T &b) {                                             \
    return eq(a, b);                                                                               \
  }                                                                                                \
  ANCHOR_F16 bool operator!=(const T &a, const T &b) {                                             \
    return ne(a, b);                                                                               \
  }                                                                                                \
  ANCHOR_F16 bool operator<(const T &a, const T &b) {                                              \
    return lt(a, b);                                                                               \
  }                                                                                                \
  ANCHOR_F16 bool operator<=(const T &a, const T &b) {                                             \
    return le(a, b);                                                                               \
  }                                                                                                \
  ANCHOR_F16 bool operator>(const T &a, const T &b) {                                              \
    return gt(a, b);                                                                               \
  }                                                                                                \
  ANCHOR_F16 bool operator>=(const T &a, const T &b) {                                             \
    return ge(a, b);                                                                               \
  }

/* ---- the class's integer conversions ------------------------------------------------------
 * Declared in the class by ANCHOR_F16_CLASS_CONVERSIONS, defined after the conversion
 * functions by ANCHOR_F16_DEFINE_CONVERSIONS (n: the functions' infix, half or bfloat16):
 * toward zero (__xxx2int_rz and friends, saturating; long as long long where it is 64
 * bits), bool: nonzero bits but the sign (NaN is true). Construction from long and
 * unsigned long: as from long long and unsigned long long. */
#define ANCHOR_F16_CLASS_CONVERSIONS()                                                             \
  __host__ __device__ operator signed char() const;                                                \
  __host__ __device__ operator unsigned char() const;                                              \
  __host__ __device__ operator char() const;                                                       \
  __host__ __device__ operator short() const;                                                      \
  __host__ __device__ operator unsigned short() const;                                             \
  __host__ __device__ operator int() const;                                                        \
  __host__ __device__ operator unsigned int() const;                                               \
  __host__ __device__ operator long() const;                                                       \
  __host__ __device__ operator unsigned long() const;                                              \
  __host__ __device__ operator long long() const;                                                  \
  __host__ __device__ operator unsigned long long() const;                                         \
  __host__ __device__ operator bool() const {                                                      \
    return (__x & 0x7fffu) != 0;                                                                   \
  }
#define ANCHOR_F16_DEFINE_CONVERSIONS(T, n)                                                        \
  __host__ __device__ inline T::operator signed char() const {                                     \
    return __##n##2char_rz(*this);                                                                 \
  }                                                                                                \
  __host__ __device__ inline T::operator unsigned char() const {                                   \
    return __##n##2uchar_rz(*this);                                                                \
  }                                                                                                \
  __host__ __device__ inline T::operator char() const {                                            \
    return (char)__##n##2char_rz(*this);                                                           \
  }                                                                                                \
  __host__ __device__ inline T::operator short() const {                                           \
    return __##n##2short_rz(*this);                                                                \
  }                                                                                                \
  __host__ __device__ inline T::operator unsigned short() const {                                  \
    return __##n##2ushort_rz(*this);                                                               \
  }                                                                                                \
  __host__ __device__ inline T::operator int() const {                                             \
    return __##n##2int_rz(*this);                                                                  \
  }                                                                                                \
  __host__ __device__ inline T::operator unsigned int() const {                                    \
    return __##n##2uint_rz(*this);                                                                 \
  }                                                                                                \
  __host__ __device__ inline T::operator long() const {                                            \
    return sizeof(long) == 8 ? (long)__##n##2ll_rz(*this) : (long)__##n##2int_rz(*this);           \
  }                                                                                                \
  __host__ __device__ inline T::operator unsigned long() const {                                   \
    return sizeof(long) == 8 ? (unsigned long)__##n##2ull_rz(*this)                                \
                             : (unsigned long)__##n##2uint_rz(*this);                              \
  }                                                                                                \
  __host__ __device__ inline T::operator long long() const {                                       \
    return __##n##2ll_rz(*this);                                                                   \
  }                                                                                                \
  __host__ __device__ inline T::operator unsigned long long() const {                              \
    return __##n##2ull_rz(*this);                                                                  \
  }

/* ---- warp shuffles (device): the 16-bit value in the low half of a 32-bit word, the pair
 * as one word, over the 32-bit shuffles of anchor/device_functions.h. */
#define ANCHOR_F16_SHFL_OP(T, op, arg_type, to, from)                                              \
  ANCHOR_F16_DEV T op(unsigned mask, T var, arg_type arg, int width = 32) {                        \
    return from(op(mask, (unsigned int)to(var), arg, width));                                      \
  }
#define ANCHOR_F16_SHFL(T, to, from)                                                               \
  ANCHOR_F16_SHFL_OP(T, __shfl_sync, int, to, from)                                                \
  ANCHOR_F16_SHFL_OP(T, __shfl_up_sync, unsigned int, to, from)                                    \
  ANCHOR_F16_SHFL_OP(T, __shfl_down_sync, unsigned int, to, from)                                  \
  ANCHOR_F16_SHFL_OP(T, __shfl_xor_sync, int, to, from)

#endif /* __cplusplus */
#endif
