/* anchor/device_functions.h — the exact (correctly rounded by definition)
 * device functions of CUDA that map one-to-one onto LLVM intrinsics Anchor's
 * Metal backend translates: integer min/max and absolute values,
 * __saturatef, type punning, __ldg and the cache-hint loads/stores, the atomic functions
 * (anchor/atomic_functions.h), and device-side memcpy/memset. The integer intrinsics (__popc,
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
#pragma GCC system_header

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

/* ---- graphs: a conditional node's value (docs/runtime.md, "Graphs") ----------------------- */
/* A conditional handle is the CUDA address of its 4-byte cell in device
 * memory; the runtime reads the cell once the work before the conditional
 * node has completed. */
ANCHOR_DEV void cudaGraphSetConditional(unsigned long long handle, unsigned int value) {
  *(volatile unsigned int *)(size_t)handle = value;
}

/* ---- warp-level functions: anchor/warp_functions.h ---------------------------------------- */
#include "warp_functions.h"

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

/* ---- loads and stores with cache hints (CUDA Programming Guide, "Load Functions Using
 * Cache Hints" and "Store Functions Using Cache Hints"): Metal has no cache operators, so
 * each is an ordinary access, but for __ldcv ("fetch again", ld.cv): a volatile load, so
 * that it is never merged with an earlier load of the same place. Written for every T, a
 * superset of CUDA's overloads (its scalar, vector, half and bfloat16 types). ---------- */
template <class T> ANCHOR_DEV T __ldcg(const T *p) {
  return *p;
}
template <class T> ANCHOR_DEV T __ldca(const T *p) {
  return *p;
}
template <class T> ANCHOR_DEV T __ldcs(const T *p) {
  return *p;
}
template <class T> ANCHOR_DEV T __ldlu(const T *p) {
  return *p;
}
/* Volatile in 32-bit words when the size allows (CUDA's types are aligned to their
 * element, which is at least 4 bytes for every type of such a size), else in bytes. */
template <class T> ANCHOR_DEV T __ldcv(const T *p) {
  T r;
  if (sizeof(T) % 4 == 0) {
    const volatile unsigned int *from = (const volatile unsigned int *)p;
    unsigned int *to = (unsigned int *)&r;
    for (unsigned k = 0; k < sizeof(T) / 4; k++)
      to[k] = from[k];
  } else {
    const volatile unsigned char *from = (const volatile unsigned char *)p;
    unsigned char *to = (unsigned char *)&r;
    for (unsigned k = 0; k < sizeof(T); k++)
      to[k] = from[k];
  }
  return r;
}
template <class T> ANCHOR_DEV void __stwb(T *p, T value) {
  *p = value;
}
template <class T> ANCHOR_DEV void __stcg(T *p, T value) {
  *p = value;
}
template <class T> ANCHOR_DEV void __stcs(T *p, T value) {
  *p = value;
}
template <class T> ANCHOR_DEV void __stwt(T *p, T value) {
  *p = value;
}

/* ---- state-space addresses for inline PTX (CUDA Programming Guide, "Address Space
 * Conversion Functions"): the PTX address of a generic pointer. In inline asm an
 * operand computed so is an address into the pointer's own memory (compiler/lower_asm.c
 * follows it back to the pointer); any other integer use of a __shared__ address is the
 * backend's error (shared memory has no integer addresses on Metal). ------------------ */
ANCHOR_DEV size_t __cvta_generic_to_shared(const void *p) {
  return (size_t)(__attribute__((address_space(3))) const void *)p;
}
ANCHOR_DEV size_t __cvta_generic_to_global(const void *p) {
  return (size_t)p; /* a global address is its generic address */
}

/* ---- which state space a generic pointer points into (CUDA Programming Guide,
 * "Address Space Predicate Functions"; PTX isspacep): the backend answers from its
 * address-space analysis, or tests a generic pointer's space at run time
 * (compiler/intrinsics.c, emit_isspacep). ------------------------------------------- */
ANCHOR_DEV unsigned int __isGlobal(const void *p) {
  return __nvvm_isspacep_global(p);
}
ANCHOR_DEV unsigned int __isShared(const void *p) {
  return __nvvm_isspacep_shared(p);
}
ANCHOR_DEV unsigned int __isConstant(const void *p) {
  return __nvvm_isspacep_const(p);
}
ANCHOR_DEV unsigned int __isLocal(const void *p) {
  return __nvvm_isspacep_local(p);
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
