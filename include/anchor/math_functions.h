/* anchor/math_functions.h — the CUDA math functions that Anchor's device
 * library implements (devlib/, docs/devlib.md): the declarations of the
 * library's own functions (extern "C" __device__, reserved names
 * __anchor_*; anchor-msl links devlib.bc when a module calls one) and the
 * CUDA names as __device__ overloads calling them, the way clang's CUDA
 * headers wrap NVIDIA's libdevice.
 *
 * Written for Anchor from the CUDA Math API documentation. Host code keeps
 * libm's functions: the overloads here are __device__ only, and clang picks
 * between host and device functions of one signature by the caller's target
 * (CUDA overloading on target attributes). sqrt, fabs and fma on double (and
 * fma on float), and std::sqrt/std::fabs/std::fma, are declared here so that
 * device calls on double are
 * no longer ambiguous between libstdc++'s float and long double overloads.
 *
 * Functions not listed here are not implemented yet: calling one from device
 * code stays clang's error (a host function called from device code) at the
 * user's line. Included by cuda_runtime.h for CUDA C++ compilations, before
 * the C library's <math.h>. */
#ifndef ANCHOR_MATH_FUNCTIONS_H
#define ANCHOR_MATH_FUNCTIONS_H

#if defined(__CUDA__) && defined(__cplusplus)

#include "qualifiers.h"

/* ---- the device library (devlib/, CUDA C++): pure functions, thread-safe ---------------- */
/* const: they read no memory and have no side effects, so unused calls go away
 * and repeated ones are shared before the library is linked. */
#define ANCHOR_DEVLIB extern "C" __device__ __attribute__((const))
ANCHOR_DEVLIB float __anchor_sqrtf(float x);             /* correctly rounded */
ANCHOR_DEVLIB double __anchor_sqrt(double x);            /* correctly rounded (software fp64) */
ANCHOR_DEVLIB float __anchor_rsqrtf(float x);            /* CUDA: 2 ulp; Anchor: 0 */
ANCHOR_DEVLIB float __anchor_frsqrt_rn(float x);         /* correctly rounded */
ANCHOR_DEVLIB float __anchor_frcp_rn(float x);           /* correctly rounded */
ANCHOR_DEVLIB float __anchor_fdiv_rn(float x, float y);  /* correctly rounded */
ANCHOR_DEVLIB float __anchor_fdividef(float x, float y); /* 2 ulp, |y| in [2^-126, 2^126] */
ANCHOR_DEVLIB unsigned int __anchor_brev(unsigned int x);
ANCHOR_DEVLIB unsigned long long __anchor_brevll(unsigned long long x);
ANCHOR_DEVLIB unsigned int __anchor_byte_perm(unsigned int x, unsigned int y, unsigned int s);
#undef ANCHOR_DEVLIB

/* ---- CUDA's names ---------------------------------------------------------------- */
/* nodebug: once inlined, the code carries the caller's source location. */
#define ANCHOR_MATH static __device__ __inline__ __attribute__((always_inline, nodebug))

ANCHOR_MATH float sqrtf(float x) {
  return __anchor_sqrtf(x);
}
ANCHOR_MATH float sqrt(float x) {
  return __anchor_sqrtf(x);
}
ANCHOR_MATH double sqrt(double x) {
  return __anchor_sqrt(x);
}
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

/* ---- integer intrinsics ------------------------------------------------------------ */
/* The bits of x in reverse order. */
ANCHOR_MATH unsigned int __brev(unsigned int x) {
  return __anchor_brev(x);
}
ANCHOR_MATH unsigned long long __brevll(unsigned long long x) {
  return __anchor_brevll(x);
}
/* Byte n of the result is byte s<4n+2:4n> of the 8 bytes y:x (x<7:0> is byte 0,
 * y<31:24> byte 7); the other bits of s are ignored. */
ANCHOR_MATH unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  return __anchor_byte_perm(x, y, s);
}
#undef ANCHOR_MATH

/* std::sqrt, std::fabs and std::fma in device code: the overloads above join
 * namespace std (libstdc++'s <cmath>, included later, adds its own). */
namespace std {
using ::fabs;
using ::fma;
using ::sqrt;
} // namespace std

#endif /* __CUDA__ && __cplusplus */
#endif
