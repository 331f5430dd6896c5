/* cuComplex.h — CUDA's single- and double-precision complex numbers for host
 * and device code: cuFloatComplex (float2), cuDoubleComplex (double2),
 * cuComplex; make_*, real and imaginary parts, conjugate, +, -, *, /, |z|,
 * fused multiply-add, and the conversions between the two.
 *
 * Written for Anchor from CUDA's documented interface. Multiplication and the
 * fused multiply-add use the textbook formula (contracted into fma as nvcc
 * contracts, under --fmad=true). Division is Smith's algorithm (the larger
 * part of the divisor divides the smaller), so that |w|^2 is never formed:
 * it neither overflows nor loses the quotient for divisors near the format's
 * limits. |z| scales by the larger part: max * sqrt(1 + (min/max)^2), with
 * hypot's special values (an infinite part gives +inf even beside a NaN).
 * tests/e2e/math_complex.cu measures every function against a long double
 * reference, with what nvcc's cuComplex.h gives on the H200. */
#ifndef ANCHOR_CUCOMPLEX_H
#define ANCHOR_CUCOMPLEX_H
#pragma GCC system_header
#define CU_COMPLEX_H_ /* NVIDIA's guard */

#include <math.h>

#include "vector_types.h"

#if defined(__cplusplus)
#define ANCHOR_CPLX static __inline__ __host__ __device__
#else
#define ANCHOR_CPLX static __inline__
#endif

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

/* ---- single precision ----------------------------------------------------------- */
ANCHOR_CPLX float cuCrealf(cuFloatComplex x) {
  return x.x;
}
ANCHOR_CPLX float cuCimagf(cuFloatComplex x) {
  return x.y;
}
ANCHOR_CPLX cuFloatComplex make_cuFloatComplex(float r, float i) {
  cuFloatComplex z;
  z.x = r, z.y = i;
  return z;
}
ANCHOR_CPLX cuFloatComplex cuConjf(cuFloatComplex x) {
  return make_cuFloatComplex(x.x, -x.y);
}
ANCHOR_CPLX cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x + y.x, x.y + y.y);
}
ANCHOR_CPLX cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x - y.x, x.y - y.y);
}
ANCHOR_CPLX cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
ANCHOR_CPLX cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) {
  if (fabsf(y.x) >= fabsf(y.y)) {
    float r = y.y / y.x, d = y.x + y.y * r;
    return make_cuFloatComplex((x.x + x.y * r) / d, (x.y - x.x * r) / d);
  }
  float r = y.x / y.y, d = y.y + y.x * r;
  return make_cuFloatComplex((x.x * r + x.y) / d, (x.y * r - x.x) / d);
}
ANCHOR_CPLX float cuCabsf(cuFloatComplex x) {
  float a = fabsf(x.x), b = fabsf(x.y);
  if (a == __builtin_huge_valf() || b == __builtin_huge_valf()) return __builtin_huge_valf();
  if (a != a || b != b) return a + b; /* NaN */
  float v = a > b ? a : b, w = a > b ? b : a;
  if (v == 0.0f) return 0.0f;
  float q = w / v;
  return v * sqrtf(1.0f + q * q);
}
/* x * y + d */
ANCHOR_CPLX cuFloatComplex cuCfmaf(cuFloatComplex x, cuFloatComplex y, cuFloatComplex d) {
  float re = x.x * y.x + d.x, im = x.x * y.y + d.y;
  return make_cuFloatComplex(re - x.y * y.y, im + x.y * y.x);
}

/* ---- double precision ----------------------------------------------------------- */
ANCHOR_CPLX double cuCreal(cuDoubleComplex x) {
  return x.x;
}
ANCHOR_CPLX double cuCimag(cuDoubleComplex x) {
  return x.y;
}
ANCHOR_CPLX cuDoubleComplex make_cuDoubleComplex(double r, double i) {
  cuDoubleComplex z;
  z.x = r, z.y = i;
  return z;
}
ANCHOR_CPLX cuDoubleComplex cuConj(cuDoubleComplex x) {
  return make_cuDoubleComplex(x.x, -x.y);
}
ANCHOR_CPLX cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x + y.x, x.y + y.y);
}
ANCHOR_CPLX cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x - y.x, x.y - y.y);
}
ANCHOR_CPLX cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
ANCHOR_CPLX cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) {
  if (fabs(y.x) >= fabs(y.y)) {
    double r = y.y / y.x, d = y.x + y.y * r;
    return make_cuDoubleComplex((x.x + x.y * r) / d, (x.y - x.x * r) / d);
  }
  double r = y.x / y.y, d = y.y + y.x * r;
  return make_cuDoubleComplex((x.x * r + x.y) / d, (x.y * r - x.x) / d);
}
ANCHOR_CPLX double cuCabs(cuDoubleComplex x) {
  double a = fabs(x.x), b = fabs(x.y);
  if (a == __builtin_huge_val() || b == __builtin_huge_val()) return __builtin_huge_val();
  if (a != a || b != b) return a + b; /* NaN */
  double v = a > b ? a : b, w = a > b ? b : a;
  if (v == 0.0) return 0.0;
  double q = w / v;
  return v * sqrt(1.0 + q * q);
}
/* x * y + d */
ANCHOR_CPLX cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d) {
  double re = x.x * y.x + d.x, im = x.x * y.y + d.y;
  return make_cuDoubleComplex(re - x.y * y.y, im + x.y * y.x);
}

/* ---- both ------------------------------------------------------------------------ */
ANCHOR_CPLX cuComplex make_cuComplex(float x, float y) {
  return make_cuFloatComplex(x, y);
}
ANCHOR_CPLX cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex((double)c.x, (double)c.y);
}
ANCHOR_CPLX cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)c.x, (float)c.y);
}

#undef ANCHOR_CPLX
#endif
