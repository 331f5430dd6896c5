/* anchor/math/basic.h — part of anchor/math_functions.h: the exact float and double functions
 * (devlib/basic.cu): absolute values, min/max, rounding to integral values, fma, copysign,
 * remainders, exponent manipulation, nextafter, fdim, modf, nan and the conversions to
 * integers; float and double, CUDA's C names and <cmath>'s float and double overloads (pulled
 * into namespace std). All exact: the result is the mathematical one, or it correctly rounded
 * (round to nearest even) where it is not representable; CUDA documents 0 ulp for each.
 * Those that are one LLVM intrinsic the backend lowers exactly (llvm.floor.f32 -> MSL floor,
 * llvm.floor.f64 -> software binary64, ...) are written here; the others are the library's. */
#ifndef ANCHOR_MATH_BASIC_H
#define ANCHOR_MATH_BASIC_H
#pragma GCC system_header

/* ---- the library's functions (devlib/basic.cu) ---------------------------------------------- */
/* x - n*y with n = trunc(x/y) (fmod) or the integer nearest x/y, ties to even (remainder,
 * remquo), exact, with x's sign for a zero result; NaN for x infinite or NaN, y zero or NaN;
 * x for an infinite y. remquo stores the low 3 bits of |n| with n's sign, as nvcc's code
 * does (CUDA documents "agrees in the low 3 bits"; glibc keeps 31); 0 for a NaN result. */
ANCHOR_DEVLIB float __anchor_fmodf(float x, float y);
ANCHOR_DEVLIB double __anchor_fmod(double x, double y);
ANCHOR_DEVLIB float __anchor_remainderf(float x, float y);
ANCHOR_DEVLIB double __anchor_remainder(double x, double y);
extern "C" __device__ float __anchor_remquof(float x, float y, int *quo);
extern "C" __device__ double __anchor_remquo(double x, double y, int *quo);
/* x = f * 2^e, |f| in [0.5, 1); zeros, infinities, NaN: f = x, e = 0. */
extern "C" __device__ float __anchor_frexpf(float x, int *e);
extern "C" __device__ double __anchor_frexp(double x, int *e);
/* x * 2^n correctly rounded (overflow: infinity; subnormal results rounded to nearest even). */
ANCHOR_DEVLIB float __anchor_ldexpf(float x, int n);
ANCHOR_DEVLIB double __anchor_ldexp(double x, int n);
ANCHOR_DEVLIB float __anchor_scalblnf(float x, long n);
ANCHOR_DEVLIB double __anchor_scalbln(double x, long n);
/* The unbiased exponent (subnormals normalised): INT_MIN for zero and NaN, INT_MAX for
 * infinities (ilogb; FP_ILOGB0 = FP_ILOGBNAN = INT_MIN as glibc's); as a float or double,
 * -inf for zeros and +inf for infinities (logb). */
ANCHOR_DEVLIB int __anchor_ilogbf(float x);
ANCHOR_DEVLIB int __anchor_ilogb(double x);
ANCHOR_DEVLIB float __anchor_logbf(float x);
ANCHOR_DEVLIB double __anchor_logb(double x);
/* The neighbour of x towards y; y when x == y; NaN when either is NaN. */
ANCHOR_DEVLIB float __anchor_nextafterf(float x, float y);
ANCHOR_DEVLIB double __anchor_nextafter(double x, double y);
/* x - y (correctly rounded) when x > y, +0 otherwise, NaN when either is NaN. */
ANCHOR_DEVLIB float __anchor_fdimf(float x, float y);
ANCHOR_DEVLIB double __anchor_fdim(double x, double y);
/* The fractional part with x's sign (±0 for ±inf), the integral part stored (trunc(x)). */
extern "C" __device__ float __anchor_modff(float x, float *ip);
extern "C" __device__ double __anchor_modf(double x, double *ip);
/* A quiet NaN whose payload is the tag as glibc's nan() reads it (strtoull, base 0). */
extern "C" __device__ __attribute__((pure)) float __anchor_nanf(const char *tag);
extern "C" __device__ __attribute__((pure)) double __anchor_nan(const char *tag);
/* rint (to nearest even) or round (half away from zero), then the exact conversion; out of
 * range (CUDA: undefined) as nvcc's code on the H200: saturated, NaN -> INT64_MIN. */
ANCHOR_DEVLIB long long __anchor_llrintf(float x);
ANCHOR_DEVLIB long long __anchor_llrint(double x);
ANCHOR_DEVLIB long long __anchor_llroundf(float x);
ANCHOR_DEVLIB long long __anchor_llround(double x);

/* ---- min / max on floating point (CUDA's overloads, __host__ __device__): fmin/fmax
 * semantics, a NaN operand yields the other ---------------------------------------------------- */
#define ANCHOR_MATH_HD static __host__ __device__ __inline__ __attribute__((always_inline, nodebug))
ANCHOR_MATH_HD float min(float a, float b) {
  return __builtin_fminf(a, b);
}
ANCHOR_MATH_HD float max(float a, float b) {
  return __builtin_fmaxf(a, b);
}
ANCHOR_MATH_HD double min(double a, double b) {
  return __builtin_fmin(a, b);
}
ANCHOR_MATH_HD double max(double a, double b) {
  return __builtin_fmax(a, b);
}
ANCHOR_MATH_HD double min(float a, double b) {
  return __builtin_fmin(a, b);
}
ANCHOR_MATH_HD double max(float a, double b) {
  return __builtin_fmax(a, b);
}
ANCHOR_MATH_HD double min(double a, float b) {
  return __builtin_fmin(a, b);
}
ANCHOR_MATH_HD double max(double a, float b) {
  return __builtin_fmax(a, b);
}
#undef ANCHOR_MATH_HD

/* ---- one LLVM intrinsic each (exact in MSL for float, software binary64 for double) ----------
 * ANCHOR_MATH_1(name, builtin): name##f(float), name(float), name(double). */
#define ANCHOR_MATH_1(name, builtin)                                                               \
  ANCHOR_MATH float name##f(float x) {                                                             \
    return builtin##f(x);                                                                          \
  }                                                                                                \
  ANCHOR_MATH float name(float x) {                                                                \
    return builtin##f(x);                                                                          \
  }                                                                                                \
  ANCHOR_MATH double name(double x) {                                                              \
    return builtin(x);                                                                             \
  }
#define ANCHOR_MATH_2(name, builtin)                                                               \
  ANCHOR_MATH float name##f(float x, float y) {                                                    \
    return builtin##f(x, y);                                                                       \
  }                                                                                                \
  ANCHOR_MATH float name(float x, float y) {                                                       \
    return builtin##f(x, y);                                                                       \
  }                                                                                                \
  ANCHOR_MATH double name(double x, double y) {                                                    \
    return builtin(x, y);                                                                          \
  }
ANCHOR_MATH_1(fabs, __builtin_fabs)
ANCHOR_MATH_1(floor, __builtin_floor)
ANCHOR_MATH_1(ceil, __builtin_ceil)
ANCHOR_MATH_1(trunc, __builtin_trunc)
ANCHOR_MATH_1(rint, __builtin_rint)
ANCHOR_MATH_1(nearbyint, __builtin_nearbyint)
ANCHOR_MATH_1(round, __builtin_round) /* halfway cases away from zero */
ANCHOR_MATH_2(fmin, __builtin_fmin)   /* a NaN operand yields the other */
ANCHOR_MATH_2(fmax, __builtin_fmax)
ANCHOR_MATH_2(copysign, __builtin_copysign)

/* fma is exact (one rounding): llvm.fma.f64 (software binary64) and llvm.fma.f32. */
ANCHOR_MATH float fmaf(float a, float b, float c) {
  return __builtin_fmaf(a, b, c);
}
ANCHOR_MATH float fma(float a, float b, float c) {
  return __builtin_fmaf(a, b, c);
}
ANCHOR_MATH double fma(double a, double b, double c) {
  return __builtin_fma(a, b, c);
}

/* ---- the library's, under CUDA's names ------------------------------------------------------ */
ANCHOR_MATH_2(fmod, __anchor_fmod)
ANCHOR_MATH_2(remainder, __anchor_remainder)
ANCHOR_MATH_2(nextafter, __anchor_nextafter)
ANCHOR_MATH_2(fdim, __anchor_fdim)
ANCHOR_MATH_1(logb, __anchor_logb)
#undef ANCHOR_MATH_1
#undef ANCHOR_MATH_2

ANCHOR_MATH float remquof(float x, float y, int *quo) {
  return __anchor_remquof(x, y, quo);
}
ANCHOR_MATH float remquo(float x, float y, int *quo) {
  return __anchor_remquof(x, y, quo);
}
ANCHOR_MATH double remquo(double x, double y, int *quo) {
  return __anchor_remquo(x, y, quo);
}
ANCHOR_MATH float frexpf(float x, int *e) {
  return __anchor_frexpf(x, e);
}
ANCHOR_MATH float frexp(float x, int *e) {
  return __anchor_frexpf(x, e);
}
ANCHOR_MATH double frexp(double x, int *e) {
  return __anchor_frexp(x, e);
}
ANCHOR_MATH float modff(float x, float *ip) {
  return __anchor_modff(x, ip);
}
ANCHOR_MATH float modf(float x, float *ip) {
  return __anchor_modff(x, ip);
}
ANCHOR_MATH double modf(double x, double *ip) {
  return __anchor_modf(x, ip);
}
/* ldexp, scalbn (radix 2: the same) and scalbln. */
#define ANCHOR_MATH_SCALE(name, N, f32, f64)                                                       \
  ANCHOR_MATH float name##f(float x, N n) {                                                        \
    return f32(x, n);                                                                              \
  }                                                                                                \
  ANCHOR_MATH float name(float x, N n) {                                                           \
    return f32(x, n);                                                                              \
  }                                                                                                \
  ANCHOR_MATH double name(double x, N n) {                                                         \
    return f64(x, n);                                                                              \
  }
ANCHOR_MATH_SCALE(ldexp, int, __anchor_ldexpf, __anchor_ldexp)
ANCHOR_MATH_SCALE(scalbn, int, __anchor_ldexpf, __anchor_ldexp)
ANCHOR_MATH_SCALE(scalbln, long, __anchor_scalblnf, __anchor_scalbln)
#undef ANCHOR_MATH_SCALE
/* Integer results: ilogb, and the conversions (long is 64 bits, as long long). */
#define ANCHOR_MATH_TO_INT(name, R, f32, f64)                                                      \
  ANCHOR_MATH R name##f(float x) {                                                                 \
    return (R)f32(x);                                                                              \
  }                                                                                                \
  ANCHOR_MATH R name(float x) {                                                                    \
    return (R)f32(x);                                                                              \
  }                                                                                                \
  ANCHOR_MATH R name(double x) {                                                                   \
    return (R)f64(x);                                                                              \
  }
ANCHOR_MATH_TO_INT(ilogb, int, __anchor_ilogbf, __anchor_ilogb)
ANCHOR_MATH_TO_INT(lrint, long, __anchor_llrintf, __anchor_llrint)
ANCHOR_MATH_TO_INT(llrint, long long, __anchor_llrintf, __anchor_llrint)
ANCHOR_MATH_TO_INT(lround, long, __anchor_llroundf, __anchor_llround)
ANCHOR_MATH_TO_INT(llround, long long, __anchor_llroundf, __anchor_llround)
#undef ANCHOR_MATH_TO_INT
/* <cmath>'s forms for an integer argument (converted to double): libstdc++'s are constexpr
 * templates calling builtins that become libm calls or LLVM intrinsics Metal lacks (ilogb,
 * llvm.lrint, ...); these device ones win in device code. nvcc accepts them only with
 * --expt-relaxed-constexpr. */
template <class T, class R> struct __anchor_if_integer {};
#define ANCHOR_INTEGER(T)                                                                          \
  template <class R> struct __anchor_if_integer<T, R> {                                            \
    typedef R type;                                                                                \
  };
ANCHOR_INTEGER(bool)
ANCHOR_INTEGER(char)
ANCHOR_INTEGER(signed char)
ANCHOR_INTEGER(unsigned char)
ANCHOR_INTEGER(wchar_t)
ANCHOR_INTEGER(char16_t)
ANCHOR_INTEGER(char32_t)
ANCHOR_INTEGER(short)
ANCHOR_INTEGER(unsigned short)
ANCHOR_INTEGER(int)
ANCHOR_INTEGER(unsigned int)
ANCHOR_INTEGER(long)
ANCHOR_INTEGER(unsigned long)
ANCHOR_INTEGER(long long)
ANCHOR_INTEGER(unsigned long long)
#undef ANCHOR_INTEGER
#define ANCHOR_MATH_INTEGER_1(R, name)                                                             \
  template <class T> ANCHOR_MATH typename __anchor_if_integer<T, R>::type name(T x) {              \
    return name((double)x);                                                                        \
  }
ANCHOR_MATH_INTEGER_1(int, ilogb)
ANCHOR_MATH_INTEGER_1(double, logb)
ANCHOR_MATH_INTEGER_1(long, lrint)
ANCHOR_MATH_INTEGER_1(long long, llrint)
ANCHOR_MATH_INTEGER_1(long, lround)
ANCHOR_MATH_INTEGER_1(long long, llround)
#undef ANCHOR_MATH_INTEGER_1
template <class T> ANCHOR_MATH typename __anchor_if_integer<T, double>::type frexp(T x, int *e) {
  return frexp((double)x, e);
}
template <class T> ANCHOR_MATH typename __anchor_if_integer<T, double>::type ldexp(T x, int n) {
  return ldexp((double)x, n);
}
template <class T> ANCHOR_MATH typename __anchor_if_integer<T, double>::type scalbn(T x, int n) {
  return scalbn((double)x, n);
}
template <class T> ANCHOR_MATH typename __anchor_if_integer<T, double>::type scalbln(T x, long n) {
  return scalbln((double)x, n);
}

ANCHOR_MATH float nanf(const char *tag) {
  return __anchor_nanf(tag);
}
ANCHOR_MATH double nan(const char *tag) {
  return __anchor_nan(tag);
}

/* CUDA's (and glibc's) classification helpers: non-zero when true. */
ANCHOR_MATH int __isnanf(float x) {
  return __builtin_isnan(x);
}
ANCHOR_MATH int __isnan(double x) {
  return __builtin_isnan(x);
}
ANCHOR_MATH int __isinff(float x) {
  return __builtin_isinf(x);
}
ANCHOR_MATH int __isinf(double x) {
  return __builtin_isinf(x);
}
ANCHOR_MATH int __finitef(float x) {
  return __builtin_isfinite(x);
}
ANCHOR_MATH int __finite(double x) {
  return __builtin_isfinite(x);
}
ANCHOR_MATH int __signbitf(float x) {
  return __builtin_signbit(x);
}
ANCHOR_MATH int __signbit(double x) {
  return __builtin_signbit(x);
}

/* std::abs and ::abs beside device_functions.h's abs(int): without the long and long long
 * overloads a device call of std::abs(long) would convert to abs(int) (libstdc++'s are host
 * functions) and lose the high bits. */
ANCHOR_MATH long abs(long x) {
  return __builtin_labs(x);
}
ANCHOR_MATH long long abs(long long x) {
  return __builtin_llabs(x);
}
ANCHOR_MATH float abs(float x) {
  return __builtin_fabsf(x);
}
ANCHOR_MATH double abs(double x) {
  return __builtin_fabs(x);
}

namespace std {
using ::abs;
using ::ceil;
using ::ceilf;
using ::copysign;
using ::copysignf;
using ::fabs;
using ::fabsf;
using ::fdim;
using ::fdimf;
using ::floor;
using ::floorf;
using ::fma;
using ::fmaf;
using ::fmax;
using ::fmaxf;
using ::fmin;
using ::fminf;
using ::fmod;
using ::fmodf;
using ::frexp;
using ::frexpf;
using ::ilogb;
using ::ilogbf;
using ::ldexp;
using ::ldexpf;
using ::llrint;
using ::llrintf;
using ::llround;
using ::llroundf;
using ::logb;
using ::logbf;
using ::lrint;
using ::lrintf;
using ::lround;
using ::lroundf;
using ::modf;
using ::modff;
using ::nan;
using ::nanf;
using ::nearbyint;
using ::nearbyintf;
using ::nextafter;
using ::nextafterf;
using ::remainder;
using ::remainderf;
using ::remquo;
using ::remquof;
using ::rint;
using ::rintf;
using ::round;
using ::roundf;
using ::scalbln;
using ::scalblnf;
using ::scalbn;
using ::scalbnf;
using ::trunc;
using ::truncf;
} // namespace std

#endif
