/* anchor/math/f32_exp.h — part of anchor/math_functions.h: single-precision exponentials,
 * logarithms, powers, roots and hyperbolic functions (devlib/f32_exp.cu). Bounds: CUDA's
 * (CUDA C++ Programming Guide, Mathematical Functions appendix), full range, default
 * flags; Anchor's measured errors: tests/math/math_accuracy.cu. Special values as CUDA
 * documents them (NaN in, NaN out). Under -use_fast_math (__ANCHOR_FAST_MATH__) expf, exp10f,
 * logf, log2f, log10f and powf (and their float C++ overloads) are the fast intrinsics,
 * as nvcc maps them. pow(float, int) is not declared: with libstdc++ (C++11 and later)
 * it is std::pow's promoting template, pow(double, double), as under nvcc. */
#ifndef ANCHOR_MATH_F32_EXP_H
#define ANCHOR_MATH_F32_EXP_H
#pragma GCC system_header

ANCHOR_DEVLIB float __anchor_expf(float x);   /* CUDA: 2 ulp */
ANCHOR_DEVLIB float __anchor_exp2f(float x);  /* CUDA: 2 ulp */
ANCHOR_DEVLIB float __anchor_exp10f(float x); /* CUDA: 2 ulp */
ANCHOR_DEVLIB float __anchor_expm1f(float x); /* CUDA: 1 ulp */
ANCHOR_DEVLIB float __anchor_logf(float x);   /* CUDA: 1 ulp; log(+-0) = -inf, log(x < 0) = NaN */
ANCHOR_DEVLIB float __anchor_log2f(float x);  /* CUDA: 1 ulp; log2(2^k) = k */
ANCHOR_DEVLIB float __anchor_log10f(float x); /* CUDA: 2 ulp */
ANCHOR_DEVLIB float __anchor_log1pf(float x); /* CUDA: 1 ulp; log1p(-1) = -inf, x < -1: NaN */
ANCHOR_DEVLIB float __anchor_powf(float x, float y); /* CUDA: 4 ulp; C99 Annex F special cases */
ANCHOR_DEVLIB float __anchor_cbrtf(float x);         /* CUDA: 1 ulp */
ANCHOR_DEVLIB float __anchor_rcbrtf(float x);        /* CUDA: 1 ulp; rcbrt(+-0) = +-inf */
ANCHOR_DEVLIB float __anchor_sinhf(float x);         /* CUDA: 3 ulp */
ANCHOR_DEVLIB float __anchor_coshf(float x);         /* CUDA: 2 ulp */
ANCHOR_DEVLIB float __anchor_tanhf(float x);         /* CUDA: 2 ulp */
ANCHOR_DEVLIB float __anchor_asinhf(float x);        /* CUDA: 3 ulp */
ANCHOR_DEVLIB float __anchor_acoshf(float x);        /* CUDA: 4 ulp; x < 1: NaN */
ANCHOR_DEVLIB float __anchor_atanhf(float x);   /* CUDA: 3 ulp; atanh(+-1) = +-inf, |x| > 1: NaN */
ANCHOR_DEVLIB float __anchor___expf(float x);   /* CUDA: 2 + floor(|1.173 x|) ulp */
ANCHOR_DEVLIB float __anchor___exp10f(float x); /* CUDA: 2 + floor(|2.97 x|) ulp */
ANCHOR_DEVLIB float __anchor___logf(float x);  /* CUDA: absolute 2^-21.41 on [0.5, 2], else 3 ulp */
ANCHOR_DEVLIB float __anchor___log2f(float x); /* CUDA: absolute 2^-22 on [0.5, 2], else 2 ulp */
ANCHOR_DEVLIB float __anchor___log10f(float x); /* CUDA: absolute 2^-24 on [0.5, 2], else 3 ulp */
ANCHOR_DEVLIB float __anchor___powf(float x, float y); /* CUDA: exp2f(y * __log2f(x)), fast forms */

ANCHOR_MATH float expf(float x) {
#ifdef __ANCHOR_FAST_MATH__
  return __anchor___expf(x);
#else
  return __anchor_expf(x);
#endif
}
ANCHOR_MATH float exp2f(float x) {
  return __anchor_exp2f(x);
}
ANCHOR_MATH float exp10f(float x) {
#ifdef __ANCHOR_FAST_MATH__
  return __anchor___exp10f(x);
#else
  return __anchor_exp10f(x);
#endif
}
ANCHOR_MATH float expm1f(float x) {
  return __anchor_expm1f(x);
}
ANCHOR_MATH float logf(float x) {
#ifdef __ANCHOR_FAST_MATH__
  return __anchor___logf(x);
#else
  return __anchor_logf(x);
#endif
}
ANCHOR_MATH float log2f(float x) {
#ifdef __ANCHOR_FAST_MATH__
  return __anchor___log2f(x);
#else
  return __anchor_log2f(x);
#endif
}
ANCHOR_MATH float log10f(float x) {
#ifdef __ANCHOR_FAST_MATH__
  return __anchor___log10f(x);
#else
  return __anchor_log10f(x);
#endif
}
ANCHOR_MATH float log1pf(float x) {
  return __anchor_log1pf(x);
}
ANCHOR_MATH float powf(float x, float y) {
#ifdef __ANCHOR_FAST_MATH__
  return __anchor___powf(x, y);
#else
  return __anchor_powf(x, y);
#endif
}
ANCHOR_MATH float cbrtf(float x) {
  return __anchor_cbrtf(x);
}
ANCHOR_MATH float rcbrtf(float x) {
  return __anchor_rcbrtf(x);
}
ANCHOR_MATH float sinhf(float x) {
  return __anchor_sinhf(x);
}
ANCHOR_MATH float coshf(float x) {
  return __anchor_coshf(x);
}
ANCHOR_MATH float tanhf(float x) {
  return __anchor_tanhf(x);
}
ANCHOR_MATH float asinhf(float x) {
  return __anchor_asinhf(x);
}
ANCHOR_MATH float acoshf(float x) {
  return __anchor_acoshf(x);
}
ANCHOR_MATH float atanhf(float x) {
  return __anchor_atanhf(x);
}
ANCHOR_MATH float __expf(float x) {
  return __anchor___expf(x);
}
ANCHOR_MATH float __exp10f(float x) {
  return __anchor___exp10f(x);
}
ANCHOR_MATH float __logf(float x) {
  return __anchor___logf(x);
}
ANCHOR_MATH float __log2f(float x) {
  return __anchor___log2f(x);
}
ANCHOR_MATH float __log10f(float x) {
  return __anchor___log10f(x);
}
ANCHOR_MATH float __powf(float x, float y) {
  return __anchor___powf(x, y);
}

/* The float overloads of <cmath>'s names (libstdc++ has them too), through CUDA's
 * names (so -use_fast_math maps them as well). */
ANCHOR_MATH float exp(float x) {
  return expf(x);
}
ANCHOR_MATH float exp2(float x) {
  return exp2f(x);
}
ANCHOR_MATH float expm1(float x) {
  return expm1f(x);
}
ANCHOR_MATH float log(float x) {
  return logf(x);
}
ANCHOR_MATH float log2(float x) {
  return log2f(x);
}
ANCHOR_MATH float log10(float x) {
  return log10f(x);
}
ANCHOR_MATH float log1p(float x) {
  return log1pf(x);
}
ANCHOR_MATH float cbrt(float x) {
  return cbrtf(x);
}
ANCHOR_MATH float sinh(float x) {
  return sinhf(x);
}
ANCHOR_MATH float cosh(float x) {
  return coshf(x);
}
ANCHOR_MATH float tanh(float x) {
  return tanhf(x);
}
ANCHOR_MATH float asinh(float x) {
  return asinhf(x);
}
ANCHOR_MATH float acosh(float x) {
  return acoshf(x);
}
ANCHOR_MATH float atanh(float x) {
  return atanhf(x);
}
ANCHOR_MATH float pow(float x, float y) {
  return powf(x, y);
}

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
