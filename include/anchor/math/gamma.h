/* anchor/math/gamma.h — part of anchor/math_functions.h: the gamma functions, float
 * (devlib/f32_gamma.cu) and double (devlib/f64_gamma.cu): lgammaf, tgammaf, lgamma,
 * tgamma, CUDA's float C++ overloads lgamma(float), tgamma(float) and the std:: names.
 *
 * Bounds: CUDA's (CUDA C++ Programming Guide, Mathematical Functions appendix, default
 * flags); Anchor's errors measured against MPFR by tests/math/math_accuracy.cu. lgamma is
 * log|Gamma(x)|: relative accuracy also next to its roots 1 and 2 (CUDA states no bound in
 * the intervals below, where lgamma has its negative roots). Special values as C99 and
 * CUDA: NaN in, NaN out; lgamma(+-0), lgamma(+-inf) and lgamma of a negative integer are
 * +inf; tgamma(+-0) = +-inf, tgamma(+inf) = +inf, tgamma(-inf) and tgamma of a negative
 * integer NaN; tgamma overflows past 35.0401 (float) and 171.6244 (double) and underflows
 * to a zero of Gamma's sign for large negative non-integers. Anchor's errors: the harness's
 * maxima (steps from the correctly rounded result, --scale 4, softmetal). */
#ifndef ANCHOR_MATH_GAMMA_H
#define ANCHOR_MATH_GAMMA_H
#pragma GCC system_header

/* CUDA: 6 ulp outside [-10.001, -2.264] (no bound inside); Anchor: 3 (2 away from 1, 2). */
ANCHOR_DEVLIB float __anchor_lgammaf(float x);
/* CUDA: 5 ulp; Anchor: 1. */
ANCHOR_DEVLIB float __anchor_tgammaf(float x);
/* CUDA: 4 ulp outside [-11.0001, -2.2637] (no bound inside); Anchor: 3. */
ANCHOR_DEVLIB double __anchor_lgamma(double x);
/* CUDA: 10 ulp; Anchor: 6. */
ANCHOR_DEVLIB double __anchor_tgamma(double x);

ANCHOR_MATH float lgammaf(float x) {
  return __anchor_lgammaf(x);
}
ANCHOR_MATH float tgammaf(float x) {
  return __anchor_tgammaf(x);
}
ANCHOR_MATH double lgamma(double x) {
  return __anchor_lgamma(x);
}
ANCHOR_MATH double tgamma(double x) {
  return __anchor_tgamma(x);
}
/* The C++ float overloads (libstdc++'s <cmath> and CUDA's math_functions.hpp). */
ANCHOR_MATH float lgamma(float x) {
  return lgammaf(x);
}
ANCHOR_MATH float tgamma(float x) {
  return tgammaf(x);
}

namespace std {
using ::lgamma;
using ::tgamma;
} // namespace std

#endif
