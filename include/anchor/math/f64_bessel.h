/* anchor/math/f64_bessel.h — part of anchor/math_functions.h: double-precision Bessel
 * functions (devlib/f64_bessel.cu): of the first kind j0, j1, jn, of the second kind y0, y1,
 * yn, the regular modified cyl_bessel_i0, cyl_bessel_i1.
 *
 * Bounds: CUDA's (CUDA C++ Programming Guide, Mathematical Functions, double precision),
 * measured against MPFR by tests/math. Special values as CUDA documents them: NaN in, NaN
 * out; j0(+-inf) = +0, j1(+-0) = +-0, j1(+-inf) = +-0; y0, y1, yn of +-0 are -inf, of
 * x < 0 NaN, of +inf +0; jn(n, +-inf) = +0; jn and yn of n < 0 are NaN (CUDA's
 * documented behaviour, not the reflection formula); J_n(-x) = (-1)^n J_n(x);
 * cyl_bessel_i0(+-inf) = +inf, cyl_bessel_i1(+-inf) = +-inf, both overflow to inf past
 * |x| = 713.98. */
#ifndef ANCHOR_MATH_F64_BESSEL_H
#define ANCHOR_MATH_F64_BESSEL_H
#pragma GCC system_header

/* 7 ulp for |x| < 8, else absolute error 5e-12 (CUDA's bounds); measured 2 ulp (j0, j1,
 * y0), 3 (y1) below 8, about 1e-16 absolute beyond. */
ANCHOR_DEVLIB double __anchor_j0(double x);
ANCHOR_DEVLIB double __anchor_j1(double x);
ANCHOR_DEVLIB double __anchor_y0(double x);
ANCHOR_DEVLIB double __anchor_y1(double x);
/* Absolute error 5e-12 (CUDA: documented for n = 128; yn: for x > 1.5 n); measured below
 * 1e-15 absolute (jn also within 13 ulp for n <= 20). */
ANCHOR_DEVLIB double __anchor_jn(int n, double x);
ANCHOR_DEVLIB double __anchor_yn(int n, double x);
/* 6 ulp; measured 3 (|x| < 8) and 4 ulp. */
ANCHOR_DEVLIB double __anchor_cyl_bessel_i0(double x);
ANCHOR_DEVLIB double __anchor_cyl_bessel_i1(double x);

ANCHOR_MATH double j0(double x) {
  return __anchor_j0(x);
}
ANCHOR_MATH double j1(double x) {
  return __anchor_j1(x);
}
ANCHOR_MATH double jn(int n, double x) {
  return __anchor_jn(n, x);
}
ANCHOR_MATH double y0(double x) {
  return __anchor_y0(x);
}
ANCHOR_MATH double y1(double x) {
  return __anchor_y1(x);
}
ANCHOR_MATH double yn(int n, double x) {
  return __anchor_yn(n, x);
}
ANCHOR_MATH double cyl_bessel_i0(double x) {
  return __anchor_cyl_bessel_i0(x);
}
ANCHOR_MATH double cyl_bessel_i1(double x) {
  return __anchor_cyl_bessel_i1(x);
}

#endif
