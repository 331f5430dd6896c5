/* anchor/math/f32_special.h — part of anchor/math_functions.h: single-precision special
 * functions (devlib/f32_special.cu): the error functions and their inverses.
 *
 * Bounds are CUDA's (CUDA C++ Programming Guide, Mathematical Functions appendix, default
 * flags), over the full range; the harness (tests/math/math_accuracy.cu) measures Anchor's
 * errors against MPFR. Errors below: CUDA's bound; Anchor's measured maximum. Special
 * values as CUDA's: NaN for a NaN, erf(+-0) = +-0, erf(+-inf) = +-1, erfc(-inf) = 2,
 * erfc(inf) = +0, erfcx(-inf) = +inf, erfcx(inf) = +0, normcdf(-inf) = +0,
 * normcdf(inf) = 1; the inverses give +-inf at the ends of their domains and NaN outside.
 * CUDA's float C++ overloads (erf(float), std::erf, erfcx(float), normcdf(float), ...)
 * are here too. */
#ifndef ANCHOR_MATH_F32_SPECIAL_H
#define ANCHOR_MATH_F32_SPECIAL_H
#pragma GCC system_header

ANCHOR_DEVLIB float __anchor_erff(float x);        /* 2 ulp */
ANCHOR_DEVLIB float __anchor_erfcf(float x);       /* 4 ulp */
ANCHOR_DEVLIB float __anchor_erfcxf(float x);      /* 4 ulp */
ANCHOR_DEVLIB float __anchor_normcdff(float x);    /* 5 ulp */
ANCHOR_DEVLIB float __anchor_erfinvf(float x);     /* 2 ulp; erfinv(+-1) = +-inf */
ANCHOR_DEVLIB float __anchor_erfcinvf(float x);    /* 4 ulp; erfcinv(0) = inf, (2) = -inf */
ANCHOR_DEVLIB float __anchor_normcdfinvf(float x); /* 5 ulp; (0) = -inf, (1) = inf */

ANCHOR_MATH float erff(float x) {
  return __anchor_erff(x);
}
ANCHOR_MATH float erfcf(float x) {
  return __anchor_erfcf(x);
}
ANCHOR_MATH float erfcxf(float x) {
  return __anchor_erfcxf(x);
}
ANCHOR_MATH float normcdff(float x) {
  return __anchor_normcdff(x);
}
ANCHOR_MATH float erfinvf(float x) {
  return __anchor_erfinvf(x);
}
ANCHOR_MATH float erfcinvf(float x) {
  return __anchor_erfcinvf(x);
}
ANCHOR_MATH float normcdfinvf(float x) {
  return __anchor_normcdfinvf(x);
}
/* The C++ float overloads (libstdc++'s <cmath> and CUDA's math_functions.hpp). */
ANCHOR_MATH float erf(float x) {
  return erff(x);
}
ANCHOR_MATH float erfc(float x) {
  return erfcf(x);
}
ANCHOR_MATH float erfcx(float x) {
  return erfcxf(x);
}
ANCHOR_MATH float normcdf(float x) {
  return normcdff(x);
}
ANCHOR_MATH float erfinv(float x) {
  return erfinvf(x);
}
ANCHOR_MATH float erfcinv(float x) {
  return erfcinvf(x);
}
ANCHOR_MATH float normcdfinv(float x) {
  return normcdfinvf(x);
}

namespace std {
using ::erf;
using ::erfc;
} // namespace std

#endif
