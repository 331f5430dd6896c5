/* anchor/math/f32_trig.h — part of anchor/math_functions.h: single-precision trigonometric
 * functions and their inverses, hypot and the norms (devlib/f32_trig.cu).
 *
 * Bounds are CUDA's (CUDA Math API, default flags) for every argument CUDA allows: sinf,
 * cosf, tanf, sincosf over every finite float (Payne–Hanek above 2^17). Anchor's own
 * analysed bounds are in devlib/f32_trig.cu; the harness (tests/math/math_accuracy.cu)
 * measures them against MPFR. Errors below: CUDA's bound; Anchor's measured maximum. Special
 * values as CUDA's: NaN for a NaN (and for infinities in the trigonometric functions),
 * signed zeros kept by the odd functions, hypot/norms +inf for an infinite operand even
 * beside a NaN (0 for the reciprocal forms). Under -use_fast_math (__ANCHOR_FAST_MATH__)
 * sinf, cosf, tanf, sincosf are the fast intrinsics, as nvcc maps them. */
#ifndef ANCHOR_MATH_F32_TRIG_H
#define ANCHOR_MATH_F32_TRIG_H
#pragma GCC system_header

ANCHOR_DEVLIB float __anchor_sinf(float x); /* 2 ulp; Anchor: 0.72 */
ANCHOR_DEVLIB float __anchor_cosf(float x); /* 2 ulp; Anchor: 0.74 */
ANCHOR_DEVLIB float __anchor_tanf(float x); /* 4 ulp; Anchor: 0.86 */
/* sinf(x) in the low 32 bits, cosf(x) in the high 32 bits: the same bits as
 * __anchor_sinf and __anchor_cosf. */
ANCHOR_DEVLIB unsigned long long __anchor_sincosf(float x);
ANCHOR_DEVLIB float __anchor_sinpif(float x); /* 1 ulp (0.75); sinpi(+-n) = +-0 */
ANCHOR_DEVLIB float __anchor_cospif(float x); /* 1 ulp (0.74); cospi(n + 1/2) = +0 */
/* sinpif(x) low, cospif(x) high 32 bits. */
ANCHOR_DEVLIB unsigned long long __anchor_sincospif(float x);
/* The fast intrinsics: absolute error 2^-21.41 for |x| <= pi, unbounded beyond (finite
 * for finite x; Anchor: within 2^-24 on [-pi, pi]). __tanf = __sinf * (1/__cosf), the
 * quotient within 1 ulp: for |x| <= pi its absolute error is at most
 * 2^-20.9 (1 + tan(x)^2) plus 1 ulp (the errors of __sinf and __cosf through the
 * quotient). */
ANCHOR_DEVLIB float __anchor___sinf(float x);
ANCHOR_DEVLIB float __anchor___cosf(float x);
ANCHOR_DEVLIB float __anchor___tanf(float x);
ANCHOR_DEVLIB unsigned long long __anchor___sincosf(float x);     /* __sinf low, __cosf high */
ANCHOR_DEVLIB float __anchor_asinf(float x);                      /* 2 ulp; Anchor: 0.62 */
ANCHOR_DEVLIB float __anchor_acosf(float x);                      /* 2 ulp; Anchor: 0.61 */
ANCHOR_DEVLIB float __anchor_atanf(float x);                      /* 2 ulp; Anchor: 0.71 */
ANCHOR_DEVLIB float __anchor_atan2f(float y, float x);            /* 3 ulp; Anchor: 0.99 */
ANCHOR_DEVLIB float __anchor_hypotf(float x, float y);            /* 3 ulp; Anchor: 0.85 */
ANCHOR_DEVLIB float __anchor_rhypotf(float x, float y);           /* 2 ulp; Anchor: 0.98 */
ANCHOR_DEVLIB float __anchor_norm3df(float a, float b, float c);  /* 2 ulp; Anchor: 0.84 */
ANCHOR_DEVLIB float __anchor_rnorm3df(float a, float b, float c); /* 2 ulp; Anchor: 0.99 */
ANCHOR_DEVLIB float __anchor_norm4df(float a, float b, float c, float d);  /* 2 ulp; Anchor: 0.83 */
ANCHOR_DEVLIB float __anchor_rnorm4df(float a, float b, float c, float d); /* 2 ulp; Anchor: 0.97 */
/* The steps of normf/rnormf (4 and 3 ulp; Anchor: 0.78 and 0.95 measured, under 1 for
 * any dim), which read memory and so are loops here over these pure functions: m = the
 * largest magnitude (inf if any is infinite, else NaN if any is a NaN; start from 0),
 * then acc = the double-float sum of the squares scaled by m's exponent (start from 0),
 * then the result from acc and m. */
ANCHOR_DEVLIB float __anchor_norm_max_f32(float m, float v);
ANCHOR_DEVLIB unsigned long long __anchor_norm_acc_f32(unsigned long long acc, float v, float m);
ANCHOR_DEVLIB float __anchor_normf_finish(unsigned long long acc, float m);
ANCHOR_DEVLIB float __anchor_rnormf_finish(unsigned long long acc, float m);

/* Under -use_fast_math nvcc maps sinf, cosf, tanf, sincosf (and the float overloads of
 * sin, cos, tan) to the fast intrinsics. */
#ifdef __ANCHOR_FAST_MATH__
#define ANCHOR_F32_TRIG(name) __anchor___##name
#else
#define ANCHOR_F32_TRIG(name) __anchor_##name
#endif

ANCHOR_MATH float sinf(float x) {
  return ANCHOR_F32_TRIG(sinf)(x);
}
ANCHOR_MATH float cosf(float x) {
  return ANCHOR_F32_TRIG(cosf)(x);
}
ANCHOR_MATH float tanf(float x) {
  return ANCHOR_F32_TRIG(tanf)(x);
}
ANCHOR_MATH void sincosf(float x, float *s, float *c) {
  unsigned long long v = ANCHOR_F32_TRIG(sincosf)(x);
  *s = __builtin_bit_cast(float, (unsigned int)v);
  *c = __builtin_bit_cast(float, (unsigned int)(v >> 32));
}
ANCHOR_MATH float sin(float x) {
  return ANCHOR_F32_TRIG(sinf)(x);
}
ANCHOR_MATH float cos(float x) {
  return ANCHOR_F32_TRIG(cosf)(x);
}
ANCHOR_MATH float tan(float x) {
  return ANCHOR_F32_TRIG(tanf)(x);
}
#undef ANCHOR_F32_TRIG

ANCHOR_MATH float sinpif(float x) {
  return __anchor_sinpif(x);
}
ANCHOR_MATH float cospif(float x) {
  return __anchor_cospif(x);
}
ANCHOR_MATH void sincospif(float x, float *s, float *c) {
  unsigned long long v = __anchor_sincospif(x);
  *s = __builtin_bit_cast(float, (unsigned int)v);
  *c = __builtin_bit_cast(float, (unsigned int)(v >> 32));
}
ANCHOR_MATH float __sinf(float x) {
  return __anchor___sinf(x);
}
ANCHOR_MATH float __cosf(float x) {
  return __anchor___cosf(x);
}
ANCHOR_MATH float __tanf(float x) {
  return __anchor___tanf(x);
}
ANCHOR_MATH void __sincosf(float x, float *s, float *c) {
  unsigned long long v = __anchor___sincosf(x);
  *s = __builtin_bit_cast(float, (unsigned int)v);
  *c = __builtin_bit_cast(float, (unsigned int)(v >> 32));
}
ANCHOR_MATH float asinf(float x) {
  return __anchor_asinf(x);
}
ANCHOR_MATH float acosf(float x) {
  return __anchor_acosf(x);
}
ANCHOR_MATH float atanf(float x) {
  return __anchor_atanf(x);
}
ANCHOR_MATH float atan2f(float y, float x) {
  return __anchor_atan2f(y, x);
}
ANCHOR_MATH float asin(float x) {
  return __anchor_asinf(x);
}
ANCHOR_MATH float acos(float x) {
  return __anchor_acosf(x);
}
ANCHOR_MATH float atan(float x) {
  return __anchor_atanf(x);
}
ANCHOR_MATH float atan2(float y, float x) {
  return __anchor_atan2f(y, x);
}
ANCHOR_MATH float hypotf(float x, float y) {
  return __anchor_hypotf(x, y);
}
ANCHOR_MATH float hypot(float x, float y) {
  return __anchor_hypotf(x, y);
}
/* C++17's three-operand std::hypot on floats. */
ANCHOR_MATH float hypot(float x, float y, float z) {
  return __anchor_norm3df(x, y, z);
}
ANCHOR_MATH float rhypotf(float x, float y) {
  return __anchor_rhypotf(x, y);
}
ANCHOR_MATH float norm3df(float a, float b, float c) {
  return __anchor_norm3df(a, b, c);
}
ANCHOR_MATH float rnorm3df(float a, float b, float c) {
  return __anchor_rnorm3df(a, b, c);
}
ANCHOR_MATH float norm4df(float a, float b, float c, float d) {
  return __anchor_norm4df(a, b, c, d);
}
ANCHOR_MATH float rnorm4df(float a, float b, float c, float d) {
  return __anchor_rnorm4df(a, b, c, d);
}
ANCHOR_MATH float normf(int dim, const float *p) {
  float m = 0.0f;
  for (int i = 0; i < dim; i++)
    m = __anchor_norm_max_f32(m, p[i]);
  unsigned long long acc = 0;
  for (int i = 0; i < dim; i++)
    acc = __anchor_norm_acc_f32(acc, p[i], m);
  return __anchor_normf_finish(acc, m);
}
ANCHOR_MATH float rnormf(int dim, const float *p) {
  float m = 0.0f;
  for (int i = 0; i < dim; i++)
    m = __anchor_norm_max_f32(m, p[i]);
  unsigned long long acc = 0;
  for (int i = 0; i < dim; i++)
    acc = __anchor_norm_acc_f32(acc, p[i], m);
  return __anchor_rnormf_finish(acc, m);
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
