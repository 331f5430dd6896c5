/* anchor/math_functions.h — the CUDA math functions that Anchor's device
 * library implements (devlib/, docs/devlib.md). One header per family under
 * anchor/math/, each pairing with the devlib source of the same name: the
 * declarations of the library's own functions (ANCHOR_DEVLIB: extern "C"
 * __device__, reserved names __anchor_*; anchor-msl links devlib.bc when a
 * module calls one), each with its contract, and CUDA's names as __device__
 * overloads calling them (ANCHOR_MATH), the way clang's CUDA headers wrap
 * NVIDIA's libdevice.
 *
 * Written for Anchor from the CUDA Math API documentation. Host code keeps
 * libm's functions: the overloads are __device__ only, and clang picks
 * between host and device functions of one signature by the caller's target
 * (CUDA overloading on target attributes). The double and float overloads of
 * <cmath>'s names are declared here and pulled into namespace std, so that
 * device calls on double are not ambiguous between libstdc++'s float and long
 * double overloads.
 *
 * Functions not declared here are not implemented yet: calling one from
 * device code stays clang's error (a host function called from device code)
 * at the user's line. Included by cuda_runtime.h for CUDA C++ compilations,
 * before the C library's <math.h>. The family headers are parts of this one
 * and are not meant to be included alone. */
#ifndef ANCHOR_MATH_FUNCTIONS_H
#define ANCHOR_MATH_FUNCTIONS_H
#pragma GCC system_header

#if defined(__CUDA__) && defined(__cplusplus)

#include "qualifiers.h"

/* The device library's functions: pure, thread-safe. const: they read no
 * memory and have no side effects, so unused calls go away and repeated ones
 * are shared before the library is linked. */
#define ANCHOR_DEVLIB extern "C" __device__ __attribute__((const))
/* CUDA's names. nodebug: once inlined, the code carries the caller's source
 * location. */
#define ANCHOR_MATH static __device__ __inline__ __attribute__((always_inline, nodebug))

#include "math/basic.h"
#include "math/f32_bessel.h"
#include "math/f32_exp.h"
#include "math/f32_special.h"
#include "math/f32_trig.h"
#include "math/f64_bessel.h"
#include "math/f64_exp.h"
#include "math/f64_fast.h"
#include "math/f64_special.h"
#include "math/f64_trig.h"
#include "math/gamma.h"
#include "math/integer.h"
#include "math/rounding.h"
#include "math/sqrt_div.h"

#undef ANCHOR_MATH
#undef ANCHOR_DEVLIB

#endif /* __CUDA__ && __cplusplus */
#endif
