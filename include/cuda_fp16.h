/* cuda_fp16.h — CUDA's half-precision types and functions: __half, __half2,
 * conversions in every rounding mode, arithmetic (_rn, _sat, relu, _nan forms),
 * ordered and unordered comparisons (and the __half2 masks), the half math
 * functions and the C++ operators, usable on the host and the device.
 *
 * Written for Anchor from the CUDA Math API documentation ("Half Precision
 * Intrinsics"). A __half holds its IEEE binary16 bits (unsigned short, as
 * CUDA's); operations compute on clang's _Float16 (MSL `half` on the device;
 * + - * natively, / and sqrt through float, fma through float rounded to odd),
 * each correctly rounded. Directed-rounding conversions step the nearest-even
 * result; double converts through a float rounded to odd (one rounding). The
 * math functions compute in float with Anchor's library and round once, the
 * double library deciding near rounding boundaries: for every one of the
 * 65536 inputs the result is libm's double result rounded once, i.e. the
 * correctly rounded one (tests/e2e/math_half.cu). As in
 * CUDA, mixing __half and float in one operator is ambiguous (convert with
 * __float2half or __half2float). C++ only. */
#ifndef ANCHOR_CUDA_FP16_H
#define ANCHOR_CUDA_FP16_H
#pragma GCC system_header
#define __CUDA_FP16_H__ /* NVIDIA's guard */

#ifdef __cplusplus

#include "anchor/fp16_common.h"

#define ANCHOR_FP16 ANCHOR_F16

struct __nv_bfloat16; /* cuda_bf16.h: the explicit conversion between the two */

/* Raw bit patterns, as CUDA names them. */
struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};

#ifdef __CUDA_NO_HALF_CONVERSIONS__
#define ANCHOR_FP16_F16_EXPLICIT explicit
#else
#define ANCHOR_FP16_F16_EXPLICIT
#endif
struct __align__(2) __half {
  /* The bits, as CUDA keeps them (values computed as _Float16 in between). */
  unsigned short __x;
  __half() = default;
  __host__ __device__ __half(const __half_raw &r) : __x(r.x) {}
  /* Anchor's own: the value as clang's _Float16 (explicit where CUDA's conversions are
   * switched off, so that floats do not convert through it). */
  ANCHOR_FP16_F16_EXPLICIT __host__ __device__ __half(_Float16 v)
      : __x(__builtin_bit_cast(unsigned short, v)) {}
#ifndef __CUDA_NO_HALF_CONVERSIONS__ /* as CUDA's: the conversions can be switched off */
  __host__ __device__ __half(float f) : __half((_Float16)f) {}
  __host__ __device__ __half(double d) : __half((_Float16)anchor_f64_to_f32_odd(d)) {}
  __host__ __device__ __half(int i) : __half((_Float16)(float)i) {}
  __host__ __device__ __half(unsigned int i) : __half((_Float16)(float)i) {}
  __host__ __device__ __half(short i) : __half((_Float16)(float)i) {}
  __host__ __device__ __half(unsigned short i) : __half((_Float16)(float)i) {}
  /* Exact in float below 2^24; beyond, every result is an infinity. */
  __host__ __device__ __half(long long i) : __half((_Float16)(float)i) {}
  __host__ __device__ __half(unsigned long long i) : __half((_Float16)(float)i) {}
  __host__ __device__ __half(long i) : __half((_Float16)(float)i) {}
  __host__ __device__ __half(unsigned long i) : __half((_Float16)(float)i) {}
  explicit __host__ __device__ __half(const __nv_bfloat16 b); /* in cuda_bf16.h */
  __host__ __device__ operator float() const { return (float)__v(); }
  ANCHOR_F16_CLASS_CONVERSIONS()
#endif
  __host__ __device__ _Float16 __v() const { return __builtin_bit_cast(_Float16, __x); }
  __host__ __device__ operator __half_raw() const {
    __half_raw r = {__x};
    return r;
  }
};

struct __align__(4) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __host__ __device__ __half2(const __half2_raw &r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  __host__ __device__ operator __half2_raw() const {
    __half2_raw r = {x.__x, y.__x};
    return r;
  }
};

#undef ANCHOR_FP16_F16_EXPLICIT

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
  return (float)h.__v();
}
/* One rounding from double, to nearest even (through a float rounded to odd). */
ANCHOR_FP16 __half __double2half(double d) {
  return __half(anchor_f64_to_f32_odd(d));
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
  float f = (float)h.__v();
  return f != f ? 0 : f > 65504.0f ? 2147483647 : f < -65504.0f ? (int)0x80000000u : (int)f;
}
ANCHOR_FP16 unsigned int __half2uint_rz(__half h) {
  float f = (float)h.__v();
  return f != f || f <= 0.0f ? 0u : f > 65504.0f ? 0xffffffffu : (unsigned int)f;
}
ANCHOR_FP16 short __half2short_rz(__half h) {
  float f = (float)h.__v();
  return f != f ? 0 : f >= 32767.0f ? 32767 : f <= -32768.0f ? -32768 : (short)f;
}
ANCHOR_FP16 unsigned short __half2ushort_rz(__half h) {
  float f = (float)h.__v();
  return f != f || f <= 0.0f ? 0 : f >= 65535.0f ? 65535 : (unsigned short)f;
}
ANCHOR_FP16 unsigned short __half_as_ushort(__half h) {
  return h.__x;
}
ANCHOR_FP16 short __half_as_short(__half h) {
  return __builtin_bit_cast(short, h.__v());
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
  return make_float2((float)h.x.__v(), (float)h.y.__v());
}
ANCHOR_FP16 float __low2float(__half2 h) {
  return (float)h.x.__v();
}
ANCHOR_FP16 float __high2float(__half2 h) {
  return (float)h.y.__v();
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
  return __half(v);
}
ANCHOR_FP16 __half __hadd(__half a, __half b) {
  return anchor_half(a.__v() + b.__v());
}
ANCHOR_FP16 __half __hsub(__half a, __half b) {
  return anchor_half(a.__v() - b.__v());
}
ANCHOR_FP16 __half __hmul(__half a, __half b) {
  return anchor_half(a.__v() * b.__v());
}
ANCHOR_FP16 __half __hdiv(__half a, __half b) {
  return anchor_half(a.__v() / b.__v());
}
ANCHOR_FP16 __half __hneg(__half a) {
  return anchor_half(-a.__v());
}
ANCHOR_FP16 __half __habs(__half a) {
  return __ushort_as_half(__half_as_ushort(a) & 0x7fffu);
}
/* One rounding of a*b + c to binary16. On the device: the float product of two binary16
 * values is exact (22 bits, at least 2^-48), TwoSum makes the sum exact, the float sum is
 * rounded to odd and then to binary16 (24 >= 11 + 2 bits): one rounding (Metal's half fma
 * is not relied on). On the host a double fma is exact whenever the result is finite (the
 * operands' bits then span at most 53 places), so converting its result is the single
 * correct rounding. */
ANCHOR_FP16 __half __hfma(__half a, __half b, __half c) {
#ifdef __CUDA_ARCH__
  return __half(anchor_fma_odd_f32((float)a.__v(), (float)b.__v(), (float)c.__v()));
#else
  return anchor_half((_Float16)__builtin_fma((double)a.__v(), (double)b.__v(), (double)c.__v()));
#endif
}
/* CUDA's: a NaN operand gives the other one, two NaNs the canonical NaN (0x7fff) and
 * +0 > -0. */
ANCHOR_FP16 __half __hmax(__half a, __half b) {
  unsigned short ua = a.__x, ub = b.__x;
  if (a.__v() != a.__v()) return b.__v() != b.__v() ? __half(__half_raw{0x7fffu}) : b;
  if (b.__v() != b.__v() || a.__v() > b.__v()) return a;
  if (a.__v() == b.__v()) return __half(__half_raw{(unsigned short)(ua & ub)}); /* +0 wins */
  return b;
}
ANCHOR_FP16 __half __hmin(__half a, __half b) {
  unsigned short ua = a.__x, ub = b.__x;
  if (a.__v() != a.__v()) return b.__v() != b.__v() ? __half(__half_raw{0x7fffu}) : b;
  if (b.__v() != b.__v() || a.__v() < b.__v()) return a;
  if (a.__v() == b.__v()) return __half(__half_raw{(unsigned short)(ua | ub)}); /* -0 wins */
  return b;
}

ANCHOR_F16_LANES2(__half2, __hadd2, __hadd)
ANCHOR_F16_LANES2(__half2, __hsub2, __hsub)
ANCHOR_F16_LANES2(__half2, __hmul2, __hmul)
ANCHOR_F16_LANES2(__half2, __h2div, __hdiv)
ANCHOR_F16_LANES1(__half2, __hneg2, __hneg)
ANCHOR_F16_LANES1(__half2, __habs2, __habs)
ANCHOR_F16_LANES3(__half2, __hfma2, __hfma)
ANCHOR_F16_LANES2(__half2, __hmax2, __hmax)
ANCHOR_F16_LANES2(__half2, __hmin2, __hmin)
ANCHOR_F16_HCMADD(__half2)

/* ---- comparisons (ordered: false when either is NaN; __hne too, as CUDA's) ---------- */
ANCHOR_FP16 bool __heq(__half a, __half b) {
  return a.__v() == b.__v();
}
ANCHOR_FP16 bool __hne(__half a, __half b) {
  return a.__v() < b.__v() || a.__v() > b.__v();
}
ANCHOR_FP16 bool __hlt(__half a, __half b) {
  return a.__v() < b.__v();
}
ANCHOR_FP16 bool __hle(__half a, __half b) {
  return a.__v() <= b.__v();
}
ANCHOR_FP16 bool __hgt(__half a, __half b) {
  return a.__v() > b.__v();
}
ANCHOR_FP16 bool __hge(__half a, __half b) {
  return a.__v() >= b.__v();
}
ANCHOR_FP16 bool __hisnan(__half a) {
  return a.__v() != a.__v();
}
/* -1 for -infinity, 1 for +infinity, 0 otherwise. */
ANCHOR_FP16 int __hisinf(__half a) {
  unsigned short bits = __half_as_ushort(a);
  return bits == 0x7c00u ? 1 : bits == 0xfc00u ? -1 : 0;
}

/* ---- rounding modes (anchor_rn ... anchor_rd: anchor/fp16_common.h) ------------------------ */

/* f in mode m: the nearest-even result, moved one binary16 step when it lies on the wrong
 * side of f (steps in the bit pattern: magnitude +1 or -1; inf - 1 is the largest finite). */
/* f's place in the order of the floats, as an integer (-0 and +0 alike). The comparisons
 * below are on it, not on floats, so that under -ftz=true a float subnormal still rounds
 * to the nearest half in the mode, as nvcc's cvt.r*.f16.f32 (no .ftz) does. */
ANCHOR_FP16 int anchor_float_order(float f) {
  int k = __builtin_bit_cast(int, f);
  return k < 0 ? (int)(0x80000000u - (unsigned int)k) : k;
}
ANCHOR_FP16 __half anchor_float2half_mode(float f, int m) {
  __half h = __half(f);
  int kf = anchor_float_order(f), kb = anchor_float_order((float)h.__v());
  unsigned short b = __half_as_ushort(h);
  if (m == anchor_rn || f != f || kb == kf) return h;
  int up = m == anchor_ru || (m == anchor_rz && kf < 0);
  if (up ? kb > kf : kb < kf) return h;
  /* back is beyond f in the mode's direction: one step back toward f */
  b = (unsigned short)((b & 0x8000u) ? (up ? b - 1 : b + 1) : (up ? b + 1 : b - 1));
  return __ushort_as_half(b);
}
ANCHOR_FP16 __half __float2half_rz(float f) {
  return anchor_float2half_mode(f, anchor_rz);
}
ANCHOR_FP16 __half __float2half_ru(float f) {
  return anchor_float2half_mode(f, anchor_ru);
}
ANCHOR_FP16 __half __float2half_rd(float f) {
  return anchor_float2half_mode(f, anchor_rd);
}

/* Integers: through float, exact below 2^24; above, every mode's result is the overflow
 * value (inf, or the largest finite toward zero), which the rounded float keeps. */
#define ANCHOR_FP16_FROM_INT(T, n)                                                                 \
  ANCHOR_FP16 __half __##n##2half_rz(T i) {                                                        \
    return anchor_float2half_mode((float)i, anchor_rz);                                            \
  }                                                                                                \
  ANCHOR_FP16 __half __##n##2half_ru(T i) {                                                        \
    return anchor_float2half_mode((float)i, anchor_ru);                                            \
  }                                                                                                \
  ANCHOR_FP16 __half __##n##2half_rd(T i) {                                                        \
    return anchor_float2half_mode((float)i, anchor_rd);                                            \
  }
ANCHOR_FP16_FROM_INT(int, int)
ANCHOR_FP16_FROM_INT(unsigned int, uint)
ANCHOR_FP16_FROM_INT(short, short)
ANCHOR_FP16_FROM_INT(unsigned short, ushort)
ANCHOR_FP16_FROM_INT(long long, ll)
ANCHOR_FP16_FROM_INT(unsigned long long, ull)
#undef ANCHOR_FP16_FROM_INT
ANCHOR_FP16 __half __ll2half_rn(long long i) {
  return __half((float)i);
}
ANCHOR_FP16 __half __ull2half_rn(unsigned long long i) {
  return __half((float)i);
}

#define ANCHOR_FP16_TO_INT_MODE(T, n, sat, md, m)                                                  \
  ANCHOR_FP16 T __half2##n##_##md(__half h) {                                                      \
    return sat(anchor_round_mode((float)h.__v(), m));                                              \
  }
#define ANCHOR_FP16_TO_INT(T, n, sat)                                                              \
  ANCHOR_FP16_TO_INT_MODE(T, n, sat, rn, anchor_rn)                                                \
  ANCHOR_FP16_TO_INT_MODE(T, n, sat, ru, anchor_ru)                                                \
  ANCHOR_FP16_TO_INT_MODE(T, n, sat, rd, anchor_rd)
ANCHOR_FP16_TO_INT(int, int, anchor_f2i_sat)
ANCHOR_FP16_TO_INT(unsigned int, uint, anchor_f2u_sat)
ANCHOR_FP16_TO_INT(short, short, anchor_f2s_sat)
ANCHOR_FP16_TO_INT(unsigned short, ushort, anchor_f2us_sat)
ANCHOR_FP16_TO_INT(long long, ll, anchor_f2ll_sat)
ANCHOR_FP16_TO_INT(unsigned long long, ull, anchor_f2ull_sat)
ANCHOR_FP16_TO_INT_MODE(long long, ll, anchor_f2ll_sat, rz, anchor_rz)
ANCHOR_FP16_TO_INT_MODE(unsigned long long, ull, anchor_f2ull_sat, rz, anchor_rz)
ANCHOR_FP16_TO_INT_MODE(signed char, char, anchor_f2c_sat, rz, anchor_rz)
ANCHOR_FP16_TO_INT_MODE(unsigned char, uchar, anchor_f2uc_sat, rz, anchor_rz)
#undef ANCHOR_FP16_TO_INT
#undef ANCHOR_FP16_TO_INT_MODE

/* ---- more arithmetic --------------------------------------------------------------------- */
/* The _rn forms are never contracted into an fma with a neighbouring operation. */
ANCHOR_FP16 __half __hadd_rn(__half a, __half b) {
#pragma clang fp contract(off)
  return anchor_half(a.__v() + b.__v());
}
ANCHOR_FP16 __half __hsub_rn(__half a, __half b) {
#pragma clang fp contract(off)
  return anchor_half(a.__v() - b.__v());
}
ANCHOR_FP16 __half __hmul_rn(__half a, __half b) {
#pragma clang fp contract(off)
  return anchor_half(a.__v() * b.__v());
}
/* _sat: clamped to [0, 1]; a NaN or -0 result gives +0 (the H200: __hmul_sat(0x0001,
 * 0x9e3e) = 0x0000, as mul.sat.f16 gives it). */
ANCHOR_FP16 __half anchor_hsat(__half r) {
  return r.__v() > (_Float16)1.0f   ? anchor_half((_Float16)1.0f)
         : r.__v() > (_Float16)0.0f ? r
                                    : anchor_half((_Float16)0.0f);
}
ANCHOR_FP16 __half __hadd_sat(__half a, __half b) {
  return anchor_hsat(__hadd(a, b));
}
ANCHOR_FP16 __half __hsub_sat(__half a, __half b) {
  return anchor_hsat(__hsub(a, b));
}
ANCHOR_FP16 __half __hmul_sat(__half a, __half b) {
  return anchor_hsat(__hmul(a, b));
}
ANCHOR_FP16 __half __hfma_sat(__half a, __half b, __half c) {
  return anchor_hsat(__hfma(a, b, c));
}
/* Negative results give +0, a NaN the canonical NaN. */
ANCHOR_FP16 __half __hfma_relu(__half a, __half b, __half c) {
  __half r = __hfma(a, b, c);
  return r.__v() != r.__v()         ? __ushort_as_half(0x7fffu)
         : r.__v() < (_Float16)0.0f ? anchor_half((_Float16)0.0f)
                                    : r;
}
/* Either operand NaN: the canonical NaN; else as __hmax/__hmin. */
ANCHOR_FP16 __half __hmax_nan(__half a, __half b) {
  return a.__v() != a.__v() || b.__v() != b.__v() ? __ushort_as_half(0x7fffu) : __hmax(a, b);
}
ANCHOR_FP16 __half __hmin_nan(__half a, __half b) {
  return a.__v() != a.__v() || b.__v() != b.__v() ? __ushort_as_half(0x7fffu) : __hmin(a, b);
}
ANCHOR_F16_LANES2(__half2, __hadd2_rn, __hadd_rn)
ANCHOR_F16_LANES2(__half2, __hsub2_rn, __hsub_rn)
ANCHOR_F16_LANES2(__half2, __hmul2_rn, __hmul_rn)
ANCHOR_F16_LANES2(__half2, __hadd2_sat, __hadd_sat)
ANCHOR_F16_LANES2(__half2, __hsub2_sat, __hsub_sat)
ANCHOR_F16_LANES2(__half2, __hmul2_sat, __hmul_sat)
ANCHOR_F16_LANES2(__half2, __hmax2_nan, __hmax_nan)
ANCHOR_F16_LANES2(__half2, __hmin2_nan, __hmin_nan)
ANCHOR_F16_LANES3(__half2, __hfma2_sat, __hfma_sat)
ANCHOR_F16_LANES3(__half2, __hfma2_relu, __hfma_relu)

/* ---- more comparisons ---------------------------------------------------------------------
 * Unordered (u): true when either operand is NaN. */
ANCHOR_FP16 bool __hequ(__half a, __half b) {
  return !(a.__v() < b.__v() || a.__v() > b.__v());
}
ANCHOR_FP16 bool __hneu(__half a, __half b) {
  return !(a.__v() == b.__v());
}
ANCHOR_FP16 bool __hltu(__half a, __half b) {
  return !(a.__v() >= b.__v());
}
ANCHOR_FP16 bool __hleu(__half a, __half b) {
  return !(a.__v() > b.__v());
}
ANCHOR_FP16 bool __hgtu(__half a, __half b) {
  return !(a.__v() <= b.__v());
}
ANCHOR_FP16 bool __hgeu(__half a, __half b) {
  return !(a.__v() < b.__v());
}
/* __half2 forms (anchor/fp16_common.h): __hxx2, __hxx2_mask, __hbxx2. */
ANCHOR_F16_CMP2_ALL(__half2, __ushort_as_half, 0x3c00u)
ANCHOR_FP16 __half2 __hisnan2(__half2 a) {
  return __half2(__ushort_as_half(__hisnan(a.x) ? 0x3c00u : 0u),
                 __ushort_as_half(__hisnan(a.y) ? 0x3c00u : 0u));
}

/* ---- math functions -----------------------------------------------------------------------
 * Computed in float with Anchor's float library and rounded once to binary16; where the
 * float result lies within 2^-10 of a binary16 spacing from a rounding boundary (a
 * midpoint), the double library decides, so that the result is the correctly rounded one.
 * The host computes in double (libm) and rounds once. hsqrt and hrcp: the correctly rounded
 * float result rounded to binary16 is correctly rounded (24 >= 2 * 11 + 2 bits). */
ANCHOR_FP16 int anchor_h_near_mid(float r) {
  float a = __builtin_fabsf(r);
  if (!(a < 65536.0f)) return 0; /* inf, NaN: exact; beyond: overflows anyway */
  int e = (int)((__builtin_bit_cast(unsigned int, a) >> 23) & 0xffu) - 127;
  int k = 10 - (e < -14 ? -14 : e); /* a * 2^k: units of the binary16 spacing */
  float s = a * __builtin_bit_cast(float, (unsigned int)(k + 127) << 23);
  float frac = s - __builtin_truncf(s) - 0.5f;
  return __builtin_fabsf(frac) <= 0x1p-10f;
}
#ifdef __CUDA_ARCH__
#define ANCHOR_FP16_MATH(name, ff, df, hostf)                                                      \
  ANCHOR_FP16 __half name(__half a) {                                                              \
    float x = (float)a.__v(), r = ff(x);                                                           \
    return anchor_h_near_mid(r) ? __half(anchor_f64_to_f32_odd(df((double)x))) : __half(r);        \
  }
#else
#define ANCHOR_FP16_MATH(name, ff, df, hostf)                                                      \
  ANCHOR_FP16 __half name(__half a) {                                                              \
    return __half(anchor_f64_to_f32_odd(hostf((double)a.__v())));                                  \
  }
#endif
#ifdef __CUDA_ARCH__
#define ANCHOR_FP16_SQRTF __anchor_sqrtf
#define ANCHOR_FP16_RCPF __anchor_frcp_rn
#else
#define ANCHOR_FP16_SQRTF __builtin_sqrtf
#define ANCHOR_FP16_RCPF 1.0f /
#endif
ANCHOR_FP16_MATH(hexp, __anchor_expf, __anchor_exp, __builtin_exp)
ANCHOR_FP16_MATH(hexp2, __anchor_exp2f, __anchor_exp2, __builtin_exp2)
ANCHOR_FP16_MATH(hexp10, __anchor_exp10f, __anchor_exp10, __builtin_exp10)
ANCHOR_FP16_MATH(hlog, __anchor_logf, __anchor_log, __builtin_log)
ANCHOR_FP16_MATH(hlog2, __anchor_log2f, __anchor_log2, __builtin_log2)
ANCHOR_FP16_MATH(hlog10, __anchor_log10f, __anchor_log10, __builtin_log10)
ANCHOR_FP16_MATH(hsin, __anchor_sinf, __anchor_sin, __builtin_sin)
ANCHOR_FP16_MATH(hcos, __anchor_cosf, __anchor_cos, __builtin_cos)
ANCHOR_FP16_MATH(htanh, __anchor_tanhf, __anchor_tanh, __builtin_tanh)
ANCHOR_FP16_MATH(hrsqrt, __anchor_rsqrtf, anchor_h_rsqrt_d, anchor_h_rsqrt_d)
#undef ANCHOR_FP16_MATH
ANCHOR_FP16 __half hsqrt(__half a) {
  return __half(ANCHOR_FP16_SQRTF((float)a.__v()));
}
ANCHOR_FP16 __half hrcp(__half a) {
  return __half(ANCHOR_FP16_RCPF((float)a.__v()));
}
#undef ANCHOR_FP16_SQRTF
#undef ANCHOR_FP16_RCPF
ANCHOR_FP16 __half hceil(__half a) {
  return __half(__builtin_ceilf((float)a.__v()));
}
ANCHOR_FP16 __half hfloor(__half a) {
  return __half(__builtin_floorf((float)a.__v()));
}
ANCHOR_FP16 __half htrunc(__half a) {
  return __half(__builtin_truncf((float)a.__v()));
}
ANCHOR_FP16 __half hrint(__half a) {
  return __half(__builtin_rintf((float)a.__v()));
}
/* CUDA's approximate tanh (the hardware's tanh.approx.f16 on sm_75 and later): here the
 * correctly rounded one, within any bound the approximation has. */
ANCHOR_FP16 __half htanh_approx(__half a) {
  return htanh(a);
}
ANCHOR_F16_MATH2_ALL(__half2)

/* ---- C++ operators and the class's integer conversions --------------------------------- */
#ifndef __CUDA_NO_HALF_OPERATORS__
ANCHOR_F16_OPS(__half, __hadd, __hsub, __hmul, __hdiv, __hneg, __heq, __hneu, __hlt, __hle, __hgt,
               __hge, __ushort_as_half(0x3c00u))
#endif
#ifndef __CUDA_NO_HALF2_OPERATORS__
ANCHOR_F16_OPS(__half2, __hadd2, __hsub2, __hmul2, __h2div, __hneg2, __hbeq2, __hbneu2, __hblt2,
               __hble2, __hbgt2, __hbge2, __half2half2(__ushort_as_half(0x3c00u)))
#endif
#ifndef __CUDA_NO_HALF_CONVERSIONS__
ANCHOR_F16_DEFINE_CONVERSIONS(__half, half)
#endif

/* ---- CUDA's named constants ---------------------------------------------------------------- */
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00u)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffu)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001u)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffu)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000u)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00u)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000u)

/* ---- warp shuffles ------------------------------------------------------------------------ */
ANCHOR_FP16 unsigned int anchor_half2_bits(__half2 h) {
  return (unsigned int)h.x.__x | (unsigned int)h.y.__x << 16;
}
ANCHOR_FP16 __half anchor_half_from_word(unsigned int w) {
  return __ushort_as_half((unsigned short)w);
}
ANCHOR_FP16 __half2 anchor_half2_from_word(unsigned int w) {
  return __half2(__ushort_as_half((unsigned short)w), __ushort_as_half((unsigned short)(w >> 16)));
}
ANCHOR_F16_SHFL(__half, __half_as_ushort, anchor_half_from_word)
ANCHOR_F16_SHFL(__half2, anchor_half2_bits, anchor_half2_from_word)

/* ---- atomicAdd (anchor/atomic_functions.h; CUDA: __half2 from compute capability 6.x, __half
 * from 7.x): relaxed, round-to-nearest-even adds; __half2's halves each atomic (one word) ---- */
#ifdef __CUDA__
#include "anchor/atomic_functions.h"
ANCHOR_ATOMIC __half atomicAdd(__half *address, __half value) {
  return __half(__atomic_fetch_add((_Float16 *)&address->__x, value.__v(), __ATOMIC_RELAXED));
}
ANCHOR_ATOMIC __half2 atomicAdd(__half2 *address, __half2 value) {
  return anchor_half2_from_word(
      __anchor_atomic_add_f16x2((unsigned int *)address, anchor_half2_bits(value)));
}
#endif

#undef ANCHOR_FP16

#endif /* __cplusplus */
#endif
