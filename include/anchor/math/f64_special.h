/* anchor/math/f64_special.h — part of anchor/math_functions.h: double-precision special
 * functions (devlib/f64_special.cu): the error functions, their inverses, the normal
 * distribution, the gamma function. Bounds: CUDA's documented maximum ulp error (CUDA
 * Math API, double precision, default flags) over the whole range (measured against MPFR
 * by tests/math). NaN in, NaN out. */
#ifndef ANCHOR_MATH_F64_SPECIAL_H
#define ANCHOR_MATH_F64_SPECIAL_H
#pragma GCC system_header

/* Error functions. */
ANCHOR_DEVLIB double __anchor_erf(double x);     /* 2 ulp; odd, erf(+-inf) = +-1 */
ANCHOR_DEVLIB double __anchor_erfc(double x);    /* 5 ulp; erfc(-inf) = 2, erfc(+inf) = +0 */
ANCHOR_DEVLIB double __anchor_erfcx(double x);   /* 4 ulp; e^(x^2) erfc(x): +inf below -26.63 */
ANCHOR_DEVLIB double __anchor_normcdf(double x); /* 5 ulp; erfc(-x/sqrt(2))/2 */
/* Inverses: erfinv(+-1) = +-inf, erfcinv(0) = +inf, erfcinv(2) = -inf, normcdfinv(0) = -inf,
 * normcdfinv(1) = +inf, NaN outside. */
ANCHOR_DEVLIB double __anchor_erfinv(double y);     /* 5 ulp */
ANCHOR_DEVLIB double __anchor_erfcinv(double y);    /* 6 ulp */
ANCHOR_DEVLIB double __anchor_normcdfinv(double y); /* 8 ulp */

ANCHOR_MATH double erf(double x) {
  return __anchor_erf(x);
}
ANCHOR_MATH double erfc(double x) {
  return __anchor_erfc(x);
}
ANCHOR_MATH double erfcx(double x) {
  return __anchor_erfcx(x);
}
ANCHOR_MATH double normcdf(double x) {
  return __anchor_normcdf(x);
}
ANCHOR_MATH double erfinv(double y) {
  return __anchor_erfinv(y);
}
ANCHOR_MATH double erfcinv(double y) {
  return __anchor_erfcinv(y);
}
ANCHOR_MATH double normcdfinv(double y) {
  return __anchor_normcdfinv(y);
}

/* Integer arguments, as <cmath>'s integral overloads: converted to double. */
template <bool B, class T> struct __anchor_f64special_if {};
template <class T> struct __anchor_f64special_if<true, T> {
  typedef T type;
};
#define ANCHOR_F64SPECIAL_INT(T) typename __anchor_f64special_if<__is_integral(T), double>::type
template <class T> ANCHOR_MATH ANCHOR_F64SPECIAL_INT(T) erf(T x) {
  return __anchor_erf((double)x);
}
template <class T> ANCHOR_MATH ANCHOR_F64SPECIAL_INT(T) erfc(T x) {
  return __anchor_erfc((double)x);
}
/*SPECIAL64_MORE_INT*/
#undef ANCHOR_F64SPECIAL_INT

namespace std {
using ::erf;
using ::erfc;
/*SPECIAL64_MORE_STD*/
} // namespace std

#endif
