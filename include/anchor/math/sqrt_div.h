/* anchor/math/sqrt_div.h — part of anchor/math_functions.h: square roots and division, correctly
 * rounded, and the fast reciprocal forms (devlib/f32_sqrt.cu, f32_div.cu,
 * f64.cu). */
#ifndef ANCHOR_MATH_SQRT_DIV_H
#define ANCHOR_MATH_SQRT_DIV_H
#pragma GCC system_header

ANCHOR_DEVLIB float __anchor_sqrtf(float x);            /* correctly rounded */
ANCHOR_DEVLIB double __anchor_sqrt(double x);           /* correctly rounded (software fp64) */
ANCHOR_DEVLIB float __anchor_rsqrtf(float x);           /* CUDA: 2 ulp; Anchor: 0 */
ANCHOR_DEVLIB float __anchor_frsqrt_rn(float x);        /* correctly rounded */
ANCHOR_DEVLIB float __anchor_frcp_rn(float x);          /* correctly rounded */
ANCHOR_DEVLIB float __anchor_fdiv_rn(float x, float y); /* correctly rounded: also x / y */
/* x / y under -prec-div=false (compiler/lower_div.c): 2 ulp, full range */
ANCHOR_DEVLIB float __anchor_fdiv_full(float x, float y);
ANCHOR_DEVLIB float __anchor_fdividef(float x, float y); /* 2 ulp, |y| in [2^-126, 2^126] */

ANCHOR_MATH float sqrtf(float x) {
  return __anchor_sqrtf(x);
}
ANCHOR_MATH float sqrt(float x) {
  return __anchor_sqrtf(x);
}
ANCHOR_MATH double sqrt(double x) {
  return __anchor_sqrt(x);
}
ANCHOR_MATH float __fsqrt_rn(float x) {
  return __anchor_sqrtf(x);
}
ANCHOR_MATH float rsqrtf(float x) {
  return __anchor_rsqrtf(x);
}
ANCHOR_MATH float __frsqrt_rn(float x) {
  return __anchor_frsqrt_rn(x);
}
ANCHOR_MATH float __frcp_rn(float x) {
  return __anchor_frcp_rn(x);
}
ANCHOR_MATH float __fdiv_rn(float x, float y) {
  return __anchor_fdiv_rn(x, y);
}
ANCHOR_MATH float __fdividef(float x, float y) {
  return __anchor_fdividef(x, y);
}

namespace std {
using ::sqrt;
} // namespace std

#endif
