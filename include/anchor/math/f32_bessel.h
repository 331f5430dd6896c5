/* anchor/math/f32_bessel.h — part of anchor/math_functions.h: single-precision Bessel
 * functions (devlib/f32_bessel.cu): j0f, j1f, jnf, y0f, y1f, ynf, cyl_bessel_i0f,
 * cyl_bessel_i1f.
 *
 * Bounds are CUDA's (CUDA C++ Programming Guide, Mathematical Functions appendix, default
 * flags), over the full range; the harness (tests/math/math_accuracy.cu) measures Anchor's
 * errors against MPFR. Errors below: CUDA's bound; Anchor's measured maximum (the harness
 * at --scale 4 and tests/e2e/math_f32_bessel.cu, softmetal). Special values as CUDA
 * documents them: NaN for a NaN; j0(+-inf) = +0, j1(+-0) = +-0, j1(+-inf) = +-0; y0, y1,
 * yn: -inf at +-0, NaN for x < 0, +0 at +inf; jn and yn: NaN for n < 0 (CUDA's rule, not
 * the reflection J_-n = (-1)^n J_n of the mathematics), jn(n, +-inf) = +0 (-0 at -inf for
 * odd n), jn(n, -0) = -0 for odd n; i0(+-inf) = +inf, i1(+-0) = +-0, i1(+-inf) = +-inf. */
#ifndef ANCHOR_MATH_F32_BESSEL_H
#define ANCHOR_MATH_F32_BESSEL_H
#pragma GCC system_header

/* CUDA: 9 ulp for |x| < 8, else absolute 2.2e-6. Anchor: 2, 2, 3, 2 ulp; absolute 4.9e-8 */
ANCHOR_DEVLIB float __anchor_j0f(float x);
ANCHOR_DEVLIB float __anchor_j1f(float x);
ANCHOR_DEVLIB float __anchor_y0f(float x);
ANCHOR_DEVLIB float __anchor_y1f(float x);
/* CUDA: absolute 2.2e-6 (stated for n = 128). Anchor: 2.4e-7 for n up to 1000 */
ANCHOR_DEVLIB float __anchor_jnf(int n, float x);
/* CUDA: ceil(2 + 2.5 n) ulp for |x| < n, else absolute 2.2e-6. Anchor: 64 ulp (n up to
 * 1000), absolute 2.7e-7 */
ANCHOR_DEVLIB float __anchor_ynf(int n, float x);
ANCHOR_DEVLIB float __anchor_cyl_bessel_i0f(float x); /* CUDA: 6 ulp. Anchor: 3 */
ANCHOR_DEVLIB float __anchor_cyl_bessel_i1f(float x); /* CUDA: 6 ulp. Anchor: 3 */

ANCHOR_MATH float j0f(float x) {
  return __anchor_j0f(x);
}
ANCHOR_MATH float j1f(float x) {
  return __anchor_j1f(x);
}
ANCHOR_MATH float jnf(int n, float x) {
  return __anchor_jnf(n, x);
}
ANCHOR_MATH float y0f(float x) {
  return __anchor_y0f(x);
}
ANCHOR_MATH float y1f(float x) {
  return __anchor_y1f(x);
}
ANCHOR_MATH float ynf(int n, float x) {
  return __anchor_ynf(n, x);
}
ANCHOR_MATH float cyl_bessel_i0f(float x) {
  return __anchor_cyl_bessel_i0f(x);
}
ANCHOR_MATH float cyl_bessel_i1f(float x) {
  return __anchor_cyl_bessel_i1f(x);
}

#endif
