/* anchor/math/f64_exp.h — part of anchor/math_functions.h: double-precision exponentials,
 * logarithms, powers, roots and hyperbolic functions (devlib/f64_exp.cu). Bounds: CUDA's
 * documented maximum ulp error (CUDA Math API, double precision, default flags) over
 * the whole range (measured against MPFR by tests/math). */
#ifndef ANCHOR_MATH_F64_EXP_H
#define ANCHOR_MATH_F64_EXP_H
#pragma GCC system_header

/* Each: CUDA's maximum ulp error over the whole range; Anchor's within 0.51 ulp of the exact
 * value (a double-double approximation rounded once; devlib/f64_exp.cu).
 * NaN in, NaN out; overflow to +-inf and underflow to +-0 as the correctly rounded result. */
ANCHOR_DEVLIB double __anchor_exp(double x);   /* 1 ulp; exp(-inf) = +0 */
ANCHOR_DEVLIB double __anchor_exp2(double x);  /* 1 ulp; 2^n exact */
ANCHOR_DEVLIB double __anchor_exp10(double x); /* 1 ulp */
ANCHOR_DEVLIB double __anchor_expm1(double x); /* 1 ulp; expm1(-0) = -0, expm1(-inf) = -1 */
ANCHOR_DEVLIB double __anchor_log(double x);   /* 1 ulp; log(+-0) = -inf, log(x < 0) = NaN */
ANCHOR_DEVLIB double __anchor_log2(double x);  /* 1 ulp; log2(2^n) = n */
ANCHOR_DEVLIB double __anchor_log10(double x); /* 1 ulp */
ANCHOR_DEVLIB double __anchor_log1p(double x); /* 1 ulp; log1p(-1) = -inf, log1p(-0) = -0 */
/* 2 ulp; C99 Annex F: pow(x, +-0) = pow(1, y) = 1 (NaN too), pow(-1, +-inf)
 * = 1, pow(x < 0, non-integer y) = NaN, signed zeros and infinities for odd integer y. */
ANCHOR_DEVLIB double __anchor_pow(double x, double y);
ANCHOR_DEVLIB double __anchor_cbrt(double x);  /* 1 ulp; odd */
ANCHOR_DEVLIB double __anchor_rcbrt(double x); /* 1 ulp; rcbrt(+-0) = +-inf, rcbrt(+-inf) = +-0 */
ANCHOR_DEVLIB double __anchor_sinh(double x);  /* 2 ulp; odd */
ANCHOR_DEVLIB double __anchor_cosh(double x);  /* 1 ulp */
ANCHOR_DEVLIB double __anchor_tanh(double x);  /* 1 ulp; odd */
ANCHOR_DEVLIB double __anchor_asinh(double x); /* 3 ulp; odd */
ANCHOR_DEVLIB double __anchor_acosh(double x); /* 3 ulp; NaN below 1, acosh(1) = +0 */
ANCHOR_DEVLIB double __anchor_atanh(double x); /* 2 ulp; odd, atanh(+-1) = +-inf, NaN beyond */

ANCHOR_MATH double exp(double x) {
  return __anchor_exp(x);
}
ANCHOR_MATH double exp2(double x) {
  return __anchor_exp2(x);
}
ANCHOR_MATH double exp10(double x) {
  return __anchor_exp10(x);
}
ANCHOR_MATH double expm1(double x) {
  return __anchor_expm1(x);
}
ANCHOR_MATH double log(double x) {
  return __anchor_log(x);
}
ANCHOR_MATH double log2(double x) {
  return __anchor_log2(x);
}
ANCHOR_MATH double log10(double x) {
  return __anchor_log10(x);
}
ANCHOR_MATH double log1p(double x) {
  return __anchor_log1p(x);
}
ANCHOR_MATH double pow(double x, double y) {
  return __anchor_pow(x, y);
}
ANCHOR_MATH double cbrt(double x) {
  return __anchor_cbrt(x);
}
ANCHOR_MATH double rcbrt(double x) {
  return __anchor_rcbrt(x);
}
ANCHOR_MATH double sinh(double x) {
  return __anchor_sinh(x);
}
ANCHOR_MATH double cosh(double x) {
  return __anchor_cosh(x);
}
ANCHOR_MATH double tanh(double x) {
  return __anchor_tanh(x);
}
ANCHOR_MATH double asinh(double x) {
  return __anchor_asinh(x);
}
ANCHOR_MATH double acosh(double x) {
  return __anchor_acosh(x);
}
ANCHOR_MATH double atanh(double x) {
  return __anchor_atanh(x);
}
/* pow(double, int): nvcc's overload, here as pow(x, (double)n) (exact conversion),
 * so that pow(x, 2) on a double is no ambiguity in device code. */
ANCHOR_MATH double pow(double x, int n) {
  return __anchor_pow(x, (double)n);
}

/* Integer arguments, as <cmath>'s integral overloads: converted to double (libstdc++'s own
 * call __builtin_exp and the like, which have no device implementation). */
template <bool B, class T> struct __anchor_f64exp_if {};
template <class T> struct __anchor_f64exp_if<true, T> {
  typedef T type;
};
#define ANCHOR_F64EXP_INT(T) typename __anchor_f64exp_if<__is_integral(T), double>::type
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) exp(T x) {
  return __anchor_exp((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) exp2(T x) {
  return __anchor_exp2((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) exp10(T x) {
  return __anchor_exp10((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) expm1(T x) {
  return __anchor_expm1((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) log(T x) {
  return __anchor_log((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) log2(T x) {
  return __anchor_log2((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) log10(T x) {
  return __anchor_log10((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) log1p(T x) {
  return __anchor_log1p((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) cbrt(T x) {
  return __anchor_cbrt((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) rcbrt(T x) {
  return __anchor_rcbrt((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) sinh(T x) {
  return __anchor_sinh((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) cosh(T x) {
  return __anchor_cosh((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) tanh(T x) {
  return __anchor_tanh((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) asinh(T x) {
  return __anchor_asinh((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) acosh(T x) {
  return __anchor_acosh((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64EXP_INT(T) atanh(T x) {
  return __anchor_atanh((double)x);
}
#undef ANCHOR_F64EXP_INT

namespace std {
using ::acosh;
using ::asinh;
using ::atanh;
using ::cbrt;
using ::cosh;
using ::exp;
using ::exp2;
using ::expm1;
using ::log;
using ::log10;
using ::log1p;
using ::log2;
using ::pow;
using ::sinh;
using ::tanh;
} // namespace std

#endif
