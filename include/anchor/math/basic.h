/* anchor/math/basic.h — part of anchor/math_functions.h: the exact float and double functions
 * (devlib/basic.cu). */
#ifndef ANCHOR_MATH_BASIC_H
#define ANCHOR_MATH_BASIC_H

/* fabs is exact: llvm.fabs.f64, lowered by the backend's software binary64. */
ANCHOR_MATH double fabs(double x) {
  return __builtin_fabs(x);
}
/* fma is exact (one rounding): llvm.fma.f64 (software binary64) and llvm.fma.f32. */
ANCHOR_MATH double fma(double a, double b, double c) {
  return __builtin_fma(a, b, c);
}
ANCHOR_MATH float fma(float a, float b, float c) {
  return __builtin_fmaf(a, b, c);
}

namespace std {
using ::fabs;
using ::fma;
} // namespace std

#endif
