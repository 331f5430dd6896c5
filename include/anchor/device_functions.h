/* anchor/device_functions.h — the exact (correctly rounded by definition)
 * device functions of CUDA that map one-to-one onto LLVM intrinsics Anchor's
 * Metal backend translates: integer min/max and absolute values,
 * __saturatef, type punning, __ldg, the atomic functions (anchor/atomic_functions.h),
 * and device-side memcpy/memset. The integer intrinsics (__popc,
 * __clz, __mul24, ...) are anchor/math/integer.h's; the floating-point
 * min/max, absolute values, rounding to integral values, fma and copysign
 * anchor/math/basic.h's.
 *
 * Written for Anchor from the CUDA Math API and C++ Programming Guide
 * documentation. Functions whose results depend on an implementation's
 * accuracy (sqrtf, expf, sinf, ... and the __ fast intrinsics) are not here:
 * they belong to Anchor's own device library (ARCHITECTURE.md decision 8,
 * docs/devlib.md), whose CUDA names anchor/math_functions.h declares; one it
 * lacks is clang's error (a host function called from device code).
 *
 * Host and device overloads of one name coexist through clang's overloading
 * on CUDA target attributes: device code gets these, host code keeps libm's
 * and libc's. min/max are __host__ __device__ as in CUDA. Only for CUDA C++
 * compilations (included by cuda_runtime.h). */
#ifndef ANCHOR_DEVICE_FUNCTIONS_H
#define ANCHOR_DEVICE_FUNCTIONS_H

#if defined(__CUDA__) && defined(__cplusplus)

#include <stddef.h>

#include "qualifiers.h"

/* nodebug: once inlined, their instructions carry the caller's source
 * location, so the backend's errors (e.g. a 64-bit atomic) name the user's
 * line instead of this header's. */
#define ANCHOR_DEV static __device__ __inline__ __attribute__((always_inline, nodebug))
#define ANCHOR_HOSTDEV static __host__ __device__ __inline__ __attribute__((always_inline, nodebug))

/* ---- min / max (CUDA's overload set; mixed signedness goes unsigned) ---------- */
#define ANCHOR_MINMAX(T, U, R)                                                                     \
  ANCHOR_HOSTDEV R min(T a, U b) {                                                                 \
    return (R)a < (R)b ? (R)a : (R)b;                                                              \
  }                                                                                                \
  ANCHOR_HOSTDEV R max(T a, U b) {                                                                 \
    return (R)a > (R)b ? (R)a : (R)b;                                                              \
  }
ANCHOR_MINMAX(int, int, int)
ANCHOR_MINMAX(unsigned int, unsigned int, unsigned int)
ANCHOR_MINMAX(int, unsigned int, unsigned int)
ANCHOR_MINMAX(unsigned int, int, unsigned int)
ANCHOR_MINMAX(long, long, long)
ANCHOR_MINMAX(unsigned long, unsigned long, unsigned long)
ANCHOR_MINMAX(long, unsigned long, unsigned long)
ANCHOR_MINMAX(unsigned long, long, unsigned long)
ANCHOR_MINMAX(long long, long long, long long)
ANCHOR_MINMAX(unsigned long long, unsigned long long, unsigned long long)
ANCHOR_MINMAX(long long, unsigned long long, unsigned long long)
ANCHOR_MINMAX(unsigned long long, long long, unsigned long long)
#undef ANCHOR_MINMAX

ANCHOR_HOSTDEV unsigned int umin(unsigned int a, unsigned int b) {
  return min(a, b);
}
ANCHOR_HOSTDEV unsigned int umax(unsigned int a, unsigned int b) {
  return max(a, b);
}
ANCHOR_HOSTDEV long long llmin(long long a, long long b) {
  return min(a, b);
}
ANCHOR_HOSTDEV long long llmax(long long a, long long b) {
  return max(a, b);
}
ANCHOR_HOSTDEV unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return min(a, b);
}
ANCHOR_HOSTDEV unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return max(a, b);
}

/* ---- saturation -------------------------------------------------------------------------- */
/* Clamped to [+0.0, 1.0]; NaN and -0.0 give +0.0. */
ANCHOR_DEV float __saturatef(float x) {
  return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;
}

/* ---- integer absolute values ---------------------------------------------------------- */
ANCHOR_DEV int abs(int x) {
  return __builtin_abs(x);
}
ANCHOR_DEV long labs(long x) {
  return __builtin_labs(x);
}
ANCHOR_DEV long long llabs(long long x) {
  return __builtin_llabs(x);
}

/* ---- type punning ----------------------------------------------------------------------- */
ANCHOR_DEV int __float_as_int(float x) {
  return __builtin_bit_cast(int, x);
}
ANCHOR_DEV unsigned int __float_as_uint(float x) {
  return __builtin_bit_cast(unsigned int, x);
}
ANCHOR_DEV float __int_as_float(int x) {
  return __builtin_bit_cast(float, x);
}
ANCHOR_DEV float __uint_as_float(unsigned int x) {
  return __builtin_bit_cast(float, x);
}

/* ---- atomics: anchor/atomic_functions.h ------------------------------------------- */
#include "atomic_functions.h"

/* ---- block-wide votes: a barrier that also counts, ANDs or ORs a predicate ------------- */
ANCHOR_DEV int __syncthreads_count(int predicate) {
  return __nvvm_bar0_popc(predicate);
}
ANCHOR_DEV int __syncthreads_and(int predicate) {
  return __nvvm_bar0_and(predicate);
}
ANCHOR_DEV int __syncthreads_or(int predicate) {
  return __nvvm_bar0_or(predicate);
}

/* ---- warp-level functions ------------------------------------------------------------------ */
/* CUDA's *_sync warp functions over the NVVM builtins (PTX shfl.sync /
 * vote.sync / bar.warp.sync). A width w < 32 splits the warp into segments
 * of w lanes; the builtin's last operand encodes it as (32 - w) << 8 plus the
 * lane clamp. Metal's SIMD-groups of 32 are CUDA's warps (decision 6); the
 * backend decides which masks it can honour. */
#define ANCHOR_SHFL_CLAMP(width) (((32 - (width)) << 8) | 0x1f)
#define ANCHOR_SHFL(T, suffix)                                                                     \
  ANCHOR_DEV T __shfl_sync(unsigned mask, T var, int lane, int width = 32) {                       \
    return __nvvm_shfl_sync_idx_##suffix(mask, var, lane, ANCHOR_SHFL_CLAMP(width));               \
  }                                                                                                \
  ANCHOR_DEV T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32) {              \
    return __nvvm_shfl_sync_up_##suffix(mask, var, (int)delta, (32 - width) << 8);                 \
  }                                                                                                \
  ANCHOR_DEV T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32) {            \
    return __nvvm_shfl_sync_down_##suffix(mask, var, (int)delta, ANCHOR_SHFL_CLAMP(width));        \
  }                                                                                                \
  ANCHOR_DEV T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32) {              \
    return __nvvm_shfl_sync_bfly_##suffix(mask, var, lane_mask, ANCHOR_SHFL_CLAMP(width));         \
  }
ANCHOR_SHFL(int, i32)
ANCHOR_SHFL(float, f32)
#undef ANCHOR_SHFL

/* Other 32- and 64-bit types move as one or two 32-bit words. */
#define ANCHOR_SHFL_32(T, op, arg_type)                                                            \
  ANCHOR_DEV T op(unsigned mask, T var, arg_type arg, int width = 32) {                            \
    return __builtin_bit_cast(T, op(mask, __builtin_bit_cast(int, var), arg, width));              \
  }
#define ANCHOR_SHFL_64(T, op, arg_type)                                                            \
  ANCHOR_DEV T op(unsigned mask, T var, arg_type arg, int width = 32) {                            \
    unsigned long long bits = __builtin_bit_cast(unsigned long long, var);                         \
    int lo = op(mask, (int)(unsigned)bits, arg, width);                                            \
    int hi = op(mask, (int)(unsigned)(bits >> 32), arg, width);                                    \
    return __builtin_bit_cast(T, (unsigned long long)(unsigned)lo |                                \
                                     (unsigned long long)(unsigned)hi << 32);                      \
  }
#define ANCHOR_SHFL_ALL(T, size)                                                                   \
  ANCHOR_SHFL_##size(T, __shfl_sync, int) ANCHOR_SHFL_##size(T, __shfl_up_sync, unsigned)          \
      ANCHOR_SHFL_##size(T, __shfl_down_sync, unsigned)                                            \
          ANCHOR_SHFL_##size(T, __shfl_xor_sync, int)
ANCHOR_SHFL_ALL(unsigned int, 32)
ANCHOR_SHFL_ALL(long long, 64)
ANCHOR_SHFL_ALL(unsigned long long, 64)
ANCHOR_SHFL_ALL(double, 64)
#undef ANCHOR_SHFL_ALL
#undef ANCHOR_SHFL_32
#undef ANCHOR_SHFL_64
#undef ANCHOR_SHFL_CLAMP

ANCHOR_DEV unsigned __ballot_sync(unsigned mask, int predicate) {
  return __nvvm_vote_ballot_sync(mask, predicate != 0);
}
ANCHOR_DEV int __all_sync(unsigned mask, int predicate) {
  return __nvvm_vote_all_sync(mask, predicate != 0);
}
ANCHOR_DEV int __any_sync(unsigned mask, int predicate) {
  return __nvvm_vote_any_sync(mask, predicate != 0);
}
ANCHOR_DEV int __uni_sync(unsigned mask, int predicate) {
  return __nvvm_vote_uni_sync(mask, predicate != 0);
}
ANCHOR_DEV unsigned __activemask(void) {
  return __nvvm_activemask();
}
ANCHOR_DEV void __syncwarp(unsigned mask = 0xffffffffu) {
  __nvvm_bar_warp_sync(mask);
}

/* ---- fences ------------------------------------------------------------------------------ */
/* Declared so that a program using one gets the backend's error at its own
 * line (memory fences are not supported yet: MSL 3.1 has none for device
 * memory across threadgroups). */
ANCHOR_DEV void __threadfence_block(void) {
  __nvvm_membar_cta();
}
ANCHOR_DEV void __threadfence(void) {
  __nvvm_membar_gl();
}
ANCHOR_DEV void __threadfence_system(void) {
  __nvvm_membar_sys();
}

/* ---- loads through the read-only path: on Metal an ordinary load -------------------- */
template <class T> ANCHOR_DEV T __ldg(const T *p) {
  return *p;
}

#undef ANCHOR_DEV
#undef ANCHOR_HOSTDEV

/* ---- memcpy / memset in device code (CUDA provides both; the backend turns the
 * builtins into loops over bytes or words) ---------------------------------------- */
static __device__ __inline__ __attribute__((always_inline, nodebug)) void *
memcpy(void *dst, const void *src, size_t n) {
  return __builtin_memcpy(dst, src, n);
}
static __device__ __inline__ __attribute__((always_inline, nodebug)) void *
memset(void *dst, int value, size_t n) {
  return __builtin_memset(dst, value, n);
}

#endif /* __CUDA__ && __cplusplus */
#endif
