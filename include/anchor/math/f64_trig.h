/* anchor/math/f64_trig.h — part of anchor/math_functions.h: double-precision trigonometric
 * functions and their inverses, and the Euclidean norms (devlib/f64_trig.cu).
 *
 * Bounds: CUDA's (CUDA C++ Programming Guide, Mathematical Functions, double
 * precision), over the full range, every finite double included (huge
 * arguments of sin, cos, tan are reduced with 1216 bits of 2/pi). Special
 * values as C99 Annex F / IEEE 754 (what CUDA documents): NaN in, NaN out;
 * f(+-0) = +-0 for the odd functions; sin, cos, tan of +-inf, asin and acos
 * outside [-1, 1] are NaN. */
#ifndef ANCHOR_MATH_F64_TRIG_H
#define ANCHOR_MATH_F64_TRIG_H
#pragma GCC system_header

ANCHOR_DEVLIB double __anchor_sin(double x);   /* 2 ulp */
ANCHOR_DEVLIB double __anchor_cos(double x);   /* 2 ulp; cos(+-0) = 1 */
ANCHOR_DEVLIB double __anchor_tan(double x);   /* 2 ulp */
ANCHOR_DEVLIB double __anchor_sinpi(double x); /* 2 ulp; sinpi(n) = +-0 with n's sign */
ANCHOR_DEVLIB double __anchor_cospi(double x); /* 2 ulp; cospi(n + 1/2) = +0 */
ANCHOR_DEVLIB double __anchor_asin(double x);  /* 2 ulp */
ANCHOR_DEVLIB double __anchor_acos(double x);  /* 2 ulp; acos(1) = +0 */
ANCHOR_DEVLIB double __anchor_atan(double x);  /* 2 ulp; atan(+-inf) = +-pi/2 */
/* 2 ulp; atan2(+-0, +0) = +-0, atan2(+-0, -0) = +-pi, atan2(+-inf, +-inf) = +-pi/4, +-3pi/4. */
ANCHOR_DEVLIB double __anchor_atan2(double y, double x);
/* sin(x), cos(x) into *s, *c (and sinpi, cospi): one reduction, the same bits as the
 * single functions. Not const (they write memory). */
extern "C" __device__ void __anchor_sincos(double x, double *s, double *c);
extern "C" __device__ void __anchor_sincospi(double x, double *s, double *c);
/* sqrt(x^2 + y^2) without undue overflow or underflow: 2 ulp; +inf if an argument is
 * infinite (even with a NaN). */
ANCHOR_DEVLIB double __anchor_hypot(double x, double y);
/* 1/sqrt(x^2 + y^2): 1 ulp; +0 if an argument is infinite, +inf for two zeros. */
ANCHOR_DEVLIB double __anchor_rhypot(double x, double y);
ANCHOR_DEVLIB double __anchor_norm3d(double a, double b, double c);            /* 2 ulp */
ANCHOR_DEVLIB double __anchor_rnorm3d(double a, double b, double c);           /* 1 ulp */
ANCHOR_DEVLIB double __anchor_norm4d(double a, double b, double c, double d);  /* 2 ulp */
ANCHOR_DEVLIB double __anchor_rnorm4d(double a, double b, double c, double d); /* 1 ulp */
/* sqrt(p[0]^2 + ... + p[dim-1]^2): 2 ulp (rnorm: its reciprocal, 1 ulp); reads p[0 .. dim-1]
 * (pure, not const: they read memory); dim <= 0 is the empty sum (norm 0, rnorm +inf). */
extern "C" __device__ __attribute__((pure)) double __anchor_norm(int dim, const double *p);
extern "C" __device__ __attribute__((pure)) double __anchor_rnorm(int dim, const double *p);

ANCHOR_MATH double sin(double x) {
  return __anchor_sin(x);
}
ANCHOR_MATH double cos(double x) {
  return __anchor_cos(x);
}
ANCHOR_MATH double tan(double x) {
  return __anchor_tan(x);
}
ANCHOR_MATH void sincos(double x, double *s, double *c) {
  __anchor_sincos(x, s, c);
}
ANCHOR_MATH double sinpi(double x) {
  return __anchor_sinpi(x);
}
ANCHOR_MATH double cospi(double x) {
  return __anchor_cospi(x);
}
ANCHOR_MATH void sincospi(double x, double *s, double *c) {
  __anchor_sincospi(x, s, c);
}
ANCHOR_MATH double asin(double x) {
  return __anchor_asin(x);
}
ANCHOR_MATH double acos(double x) {
  return __anchor_acos(x);
}
ANCHOR_MATH double atan(double x) {
  return __anchor_atan(x);
}
ANCHOR_MATH double atan2(double y, double x) {
  return __anchor_atan2(y, x);
}
ANCHOR_MATH double hypot(double x, double y) {
  return __anchor_hypot(x, y);
}
ANCHOR_MATH double rhypot(double x, double y) {
  return __anchor_rhypot(x, y);
}
ANCHOR_MATH double norm3d(double a, double b, double c) {
  return __anchor_norm3d(a, b, c);
}
ANCHOR_MATH double rnorm3d(double a, double b, double c) {
  return __anchor_rnorm3d(a, b, c);
}
ANCHOR_MATH double norm4d(double a, double b, double c, double d) {
  return __anchor_norm4d(a, b, c, d);
}
ANCHOR_MATH double rnorm4d(double a, double b, double c, double d) {
  return __anchor_rnorm4d(a, b, c, d);
}
ANCHOR_MATH double norm(int dim, const double *p) {
  return __anchor_norm(dim, p);
}
ANCHOR_MATH double rnorm(int dim, const double *p) {
  return __anchor_rnorm(dim, p);
}

namespace std {
using ::acos;
using ::asin;
using ::atan;
using ::atan2;
using ::cos;
using ::hypot;
using ::sin;
using ::tan;
} // namespace std

#endif
