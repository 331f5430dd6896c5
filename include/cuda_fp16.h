/* cuda_fp16.h — CUDA's half-precision types and functions: __half, __half2,
 * conversions, arithmetic, comparisons and their C++ operators, usable on
 * the host and the device.
 *
 * Written for Anchor from the CUDA Math API documentation ("Half Precision
 * Intrinsics"). A __half holds an IEEE binary16 value in clang's _Float16,
 * which the device side turns into MSL `half` and the host computes
 * correctly rounded; conversions from float round to nearest even. As in
 * CUDA, mixing __half and float in one operator is ambiguous (convert with
 * __float2half or __half2float). Only the round-to-nearest conversions are
 * provided; the _rz/_rd/_ru variants and the saturating and inexact math
 * functions (hsqrt, hexp, ...) are not (see docs/runtime.md). C++ only. */
#ifndef ANCHOR_CUDA_FP16_H
#define ANCHOR_CUDA_FP16_H

#ifdef __cplusplus

#include "anchor/qualifiers.h"
#include "anchor/vector_types.h"

#define ANCHOR_FP16 static __host__ __device__ __inline__ __attribute__((always_inline, nodebug))

/* Raw bit patterns, as CUDA names them. */
struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};

struct __align__(2) __half {
  _Float16 __x;
  __half() = default;
  __host__ __device__ __half(const __half_raw &r) : __x(__builtin_bit_cast(_Float16, r.x)) {}
  __host__ __device__ __half(float f) : __x((_Float16)f) {}
  __host__ __device__ __half(double d) : __x((_Float16)d) {}
  __host__ __device__ __half(int i) : __x((_Float16)(float)i) {}
  __host__ __device__ __half(unsigned int i) : __x((_Float16)(float)i) {}
  __host__ __device__ __half(short i) : __x((_Float16)(float)i) {}
  __host__ __device__ __half(unsigned short i) : __x((_Float16)(float)i) {}
  __host__ __device__ operator float() const { return (float)__x; }
  __host__ __device__ operator __half_raw() const {
    __half_raw r = {__builtin_bit_cast(unsigned short, __x)};
    return r;
  }
};

struct __align__(4) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __host__ __device__ __half2(const __half2_raw &r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
};

typedef __half half;
typedef __half2 half2;

/* ---- conversions ------------------------------------------------------------------------- */
ANCHOR_FP16 __half __float2half(float f) {
  return __half(f);
}
ANCHOR_FP16 __half __float2half_rn(float f) {
  return __half(f);
}
ANCHOR_FP16 float __half2float(__half h) {
  return (float)h.__x;
}
/* One rounding from double (device code has no double: host use only). */
ANCHOR_FP16 __half __double2half(double d) {
  return __half(d);
}
ANCHOR_FP16 __half __int2half_rn(int i) {
  return __half((float)i);
}
ANCHOR_FP16 __half __uint2half_rn(unsigned int i) {
  return __half((float)i);
}
ANCHOR_FP16 __half __short2half_rn(short i) {
  return __half((float)i);
}
ANCHOR_FP16 __half __ushort2half_rn(unsigned short i) {
  return __half((float)i);
}
/* Toward zero, as C casts do; NaN gives 0 and out-of-range values saturate
 * (binary16's finite range fits every int and unsigned: only the
 * infinities and NaN need care). */
ANCHOR_FP16 int __half2int_rz(__half h) {
  float f = (float)h.__x;
  return f != f ? 0 : f > 65504.0f ? 2147483647 : f < -65504.0f ? (int)0x80000000u : (int)f;
}
ANCHOR_FP16 unsigned int __half2uint_rz(__half h) {
  float f = (float)h.__x;
  return f != f || f <= 0.0f ? 0u : f > 65504.0f ? 0xffffffffu : (unsigned int)f;
}
ANCHOR_FP16 short __half2short_rz(__half h) {
  float f = (float)h.__x;
  return f != f ? 0 : f >= 32767.0f ? 32767 : f <= -32768.0f ? -32768 : (short)f;
}
ANCHOR_FP16 unsigned short __half2ushort_rz(__half h) {
  float f = (float)h.__x;
  return f != f || f <= 0.0f ? 0 : f >= 65535.0f ? 65535 : (unsigned short)f;
}
ANCHOR_FP16 unsigned short __half_as_ushort(__half h) {
  return __builtin_bit_cast(unsigned short, h.__x);
}
ANCHOR_FP16 short __half_as_short(__half h) {
  return __builtin_bit_cast(short, h.__x);
}
ANCHOR_FP16 __half __ushort_as_half(unsigned short u) {
  return __half(__half_raw{u});
}
ANCHOR_FP16 __half __short_as_half(short s) {
  return __half(__half_raw{(unsigned short)s});
}

ANCHOR_FP16 __half2 __halves2half2(__half a, __half b) {
  return __half2(a, b);
}
ANCHOR_FP16 __half2 make_half2(__half a, __half b) {
  return __half2(a, b);
}
ANCHOR_FP16 __half2 __half2half2(__half a) {
  return __half2(a, a);
}
ANCHOR_FP16 __half2 __float2half2_rn(float f) {
  return __half2(__half(f), __half(f));
}
ANCHOR_FP16 __half2 __floats2half2_rn(float a, float b) {
  return __half2(__half(a), __half(b));
}
ANCHOR_FP16 __half2 __float22half2_rn(float2 f) {
  return __half2(__half(f.x), __half(f.y));
}
ANCHOR_FP16 float2 __half22float2(__half2 h) {
  return make_float2((float)h.x.__x, (float)h.y.__x);
}
ANCHOR_FP16 float __low2float(__half2 h) {
  return (float)h.x.__x;
}
ANCHOR_FP16 float __high2float(__half2 h) {
  return (float)h.y.__x;
}
ANCHOR_FP16 __half __low2half(__half2 h) {
  return h.x;
}
ANCHOR_FP16 __half __high2half(__half2 h) {
  return h.y;
}
ANCHOR_FP16 __half2 __low2half2(__half2 h) {
  return __half2(h.x, h.x);
}
ANCHOR_FP16 __half2 __high2half2(__half2 h) {
  return __half2(h.y, h.y);
}
ANCHOR_FP16 __half2 __lows2half2(__half2 a, __half2 b) {
  return __half2(a.x, b.x);
}
ANCHOR_FP16 __half2 __highs2half2(__half2 a, __half2 b) {
  return __half2(a.y, b.y);
}
ANCHOR_FP16 __half2 __lowhigh2highlow(__half2 h) {
  return __half2(h.y, h.x);
}

/* ---- arithmetic (each operation correctly rounded to binary16) ---------------------- */
ANCHOR_FP16 __half anchor_half(_Float16 v) {
  __half h;
  h.__x = v;
  return h;
}
ANCHOR_FP16 __half __hadd(__half a, __half b) {
  return anchor_half(a.__x + b.__x);
}
ANCHOR_FP16 __half __hsub(__half a, __half b) {
  return anchor_half(a.__x - b.__x);
}
ANCHOR_FP16 __half __hmul(__half a, __half b) {
  return anchor_half(a.__x * b.__x);
}
ANCHOR_FP16 __half __hdiv(__half a, __half b) {
  return anchor_half(a.__x / b.__x);
}
ANCHOR_FP16 __half __hneg(__half a) {
  return anchor_half(-a.__x);
}
ANCHOR_FP16 __half __habs(__half a) {
  return __ushort_as_half(__half_as_ushort(a) & 0x7fffu);
}
/* One rounding of a*b + c to binary16. The device has a native half fma.
 * On the host a double fma is exact whenever the result is finite (the
 * operands' bits then span at most 53 places), so converting its result is
 * the single correct rounding. */
ANCHOR_FP16 __half __hfma(__half a, __half b, __half c) {
#ifdef __CUDA_ARCH__
  return anchor_half(__builtin_fmaf16(a.__x, b.__x, c.__x));
#else
  return anchor_half((_Float16)__builtin_fma((double)a.__x, (double)b.__x, (double)c.__x));
#endif
}
ANCHOR_FP16 __half __hmax(__half a, __half b) {
  return __half(__builtin_fmaxf((float)a.__x, (float)b.__x));
}
ANCHOR_FP16 __half __hmin(__half a, __half b) {
  return __half(__builtin_fminf((float)a.__x, (float)b.__x));
}

ANCHOR_FP16 __half2 __hadd2(__half2 a, __half2 b) {
  return __half2(__hadd(a.x, b.x), __hadd(a.y, b.y));
}
ANCHOR_FP16 __half2 __hsub2(__half2 a, __half2 b) {
  return __half2(__hsub(a.x, b.x), __hsub(a.y, b.y));
}
ANCHOR_FP16 __half2 __hmul2(__half2 a, __half2 b) {
  return __half2(__hmul(a.x, b.x), __hmul(a.y, b.y));
}
ANCHOR_FP16 __half2 __h2div(__half2 a, __half2 b) {
  return __half2(__hdiv(a.x, b.x), __hdiv(a.y, b.y));
}
ANCHOR_FP16 __half2 __hneg2(__half2 a) {
  return __half2(__hneg(a.x), __hneg(a.y));
}
ANCHOR_FP16 __half2 __habs2(__half2 a) {
  return __half2(__habs(a.x), __habs(a.y));
}
ANCHOR_FP16 __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
ANCHOR_FP16 __half2 __hmax2(__half2 a, __half2 b) {
  return __half2(__hmax(a.x, b.x), __hmax(a.y, b.y));
}
ANCHOR_FP16 __half2 __hmin2(__half2 a, __half2 b) {
  return __half2(__hmin(a.x, b.x), __hmin(a.y, b.y));
}

/* ---- comparisons (ordered: false when either is NaN; __hne too, as CUDA's) ---------- */
ANCHOR_FP16 bool __heq(__half a, __half b) {
  return a.__x == b.__x;
}
ANCHOR_FP16 bool __hne(__half a, __half b) {
  return a.__x < b.__x || a.__x > b.__x;
}
ANCHOR_FP16 bool __hlt(__half a, __half b) {
  return a.__x < b.__x;
}
ANCHOR_FP16 bool __hle(__half a, __half b) {
  return a.__x <= b.__x;
}
ANCHOR_FP16 bool __hgt(__half a, __half b) {
  return a.__x > b.__x;
}
ANCHOR_FP16 bool __hge(__half a, __half b) {
  return a.__x >= b.__x;
}
ANCHOR_FP16 bool __hisnan(__half a) {
  return a.__x != a.__x;
}
/* -1 for -infinity, 1 for +infinity, 0 otherwise. */
ANCHOR_FP16 int __hisinf(__half a) {
  unsigned short bits = __half_as_ushort(a);
  return bits == 0x7c00u ? 1 : bits == 0xfc00u ? -1 : 0;
}
ANCHOR_FP16 bool __hbeq2(__half2 a, __half2 b) {
  return __heq(a.x, b.x) && __heq(a.y, b.y);
}
ANCHOR_FP16 bool __hblt2(__half2 a, __half2 b) {
  return __hlt(a.x, b.x) && __hlt(a.y, b.y);
}

/* ---- C++ operators ------------------------------------------------------------------------ */
ANCHOR_FP16 __half operator+(const __half &a, const __half &b) {
  return __hadd(a, b);
}
ANCHOR_FP16 __half operator-(const __half &a, const __half &b) {
  return __hsub(a, b);
}
ANCHOR_FP16 __half operator*(const __half &a, const __half &b) {
  return __hmul(a, b);
}
ANCHOR_FP16 __half operator/(const __half &a, const __half &b) {
  return __hdiv(a, b);
}
ANCHOR_FP16 __half operator-(const __half &a) {
  return __hneg(a);
}
ANCHOR_FP16 __half operator+(const __half &a) {
  return a;
}
ANCHOR_FP16 __half &operator+=(__half &a, const __half &b) {
  return a = __hadd(a, b);
}
ANCHOR_FP16 __half &operator-=(__half &a, const __half &b) {
  return a = __hsub(a, b);
}
ANCHOR_FP16 __half &operator*=(__half &a, const __half &b) {
  return a = __hmul(a, b);
}
ANCHOR_FP16 __half &operator/=(__half &a, const __half &b) {
  return a = __hdiv(a, b);
}
ANCHOR_FP16 bool operator==(const __half &a, const __half &b) {
  return __heq(a, b);
}
ANCHOR_FP16 bool operator!=(const __half &a, const __half &b) {
  return !__heq(a, b);
} /* unordered */
ANCHOR_FP16 bool operator<(const __half &a, const __half &b) {
  return __hlt(a, b);
}
ANCHOR_FP16 bool operator<=(const __half &a, const __half &b) {
  return __hle(a, b);
}
ANCHOR_FP16 bool operator>(const __half &a, const __half &b) {
  return __hgt(a, b);
}
ANCHOR_FP16 bool operator>=(const __half &a, const __half &b) {
  return __hge(a, b);
}

ANCHOR_FP16 __half2 operator+(const __half2 &a, const __half2 &b) {
  return __hadd2(a, b);
}
ANCHOR_FP16 __half2 operator-(const __half2 &a, const __half2 &b) {
  return __hsub2(a, b);
}
ANCHOR_FP16 __half2 operator*(const __half2 &a, const __half2 &b) {
  return __hmul2(a, b);
}
ANCHOR_FP16 __half2 operator/(const __half2 &a, const __half2 &b) {
  return __h2div(a, b);
}
ANCHOR_FP16 __half2 operator-(const __half2 &a) {
  return __hneg2(a);
}
ANCHOR_FP16 __half2 &operator+=(__half2 &a, const __half2 &b) {
  return a = __hadd2(a, b);
}
ANCHOR_FP16 __half2 &operator*=(__half2 &a, const __half2 &b) {
  return a = __hmul2(a, b);
}
ANCHOR_FP16 bool operator==(const __half2 &a, const __half2 &b) {
  return __hbeq2(a, b);
}

#undef ANCHOR_FP16

#endif /* __cplusplus */
#endif
