/* anchor/atomic_functions.h — CUDA's atomic functions (atomicAdd ... atomicXor, their _block
 * and _system variants) and CUDA 12.8's __nv_atomic_* builtins, for device code; included by
 * anchor/device_functions.h. Written for Anchor from the CUDA C++ Programming Guide ("Atomic
 * Functions", "__nv_atomic builtins"); where nvcc rejects a use, clang rejects it here too.
 *
 * Everything is a clang __atomic builtin on the object's own type, so the IR says what the
 * program does (atomicrmw, cmpxchg, atomic load/store with their orderings) and the backend
 * decides how Metal does it (docs/compiler.md "Atomics"): relaxed 32-bit operations are MSL
 * atomics; 8/16-bit ones CAS loops on the containing 32-bit word, 64-bit ones critical
 * sections under the lock table (lower_atomics_wide.c, devlib/atomics.cu); an ordering
 * stronger than relaxed, a relaxed operation between fences (lower_atomics_order.c). CUDA's
 * atomic* functions are relaxed. Scopes (_block, _system, __NV_THREAD_SCOPE_*) change
 * nothing: every atomic is device-wide, at least as strong as each scope needs (Metal has no
 * system scope; Anchor's host reads memory only after a kernel completes).
 *
 * The __half/__nv_bfloat16/__half2/__nv_bfloat162 atomicAdd overloads are in cuda_fp16.h/
 * cuda_bf16.h (CUDA's place for them); the paired ones call the device library (declared
 * below). float2/float4 adds are float adds per element (CUDA makes them atomic per element
 * only). */
#ifndef ANCHOR_ATOMIC_FUNCTIONS_H
#define ANCHOR_ATOMIC_FUNCTIONS_H
#pragma GCC system_header

#if defined(__CUDA__) && defined(__cplusplus)

#include "qualifiers.h"
#include "vector_types.h"

/* nodebug: inlined, their instructions carry the caller's location, so the backend's
 * errors (an atomic on a local variable) name the user's line. */
#define ANCHOR_ATOMIC static __device__ __inline__ __attribute__((always_inline, nodebug))

/* ---- the device library's atomics (devlib/atomics.cu) ----------------------------------- */
/* On generic pointers into global or shared memory (the backend rejects local memory),
 * each relaxed and returning the old value. lower_atomics_wide.c calls the rmw/cas/load/
 * store functions for the IR's 8-, 16- and 64-bit atomics: rmw's op is the operation,
 * numbered as LLVM's atomicrmw operations (llvm-c/Core.h LLVMAtomicRMWBinOp, the enum
 * below), plus ANCHOR_ATOMIC_HALF or ANCHOR_ATOMIC_BFLOAT for 16-bit floating-point
 * operations on binary16 or bfloat16 bits; the 64-bit floating-point operations are on
 * binary64 bits. */
enum anchor_atomic_op {
  ANCHOR_ATOMIC_XCHG,
  ANCHOR_ATOMIC_ADD,
  ANCHOR_ATOMIC_SUB,
  ANCHOR_ATOMIC_AND,
  ANCHOR_ATOMIC_NAND,
  ANCHOR_ATOMIC_OR,
  ANCHOR_ATOMIC_XOR,
  ANCHOR_ATOMIC_MAX, /* signed */
  ANCHOR_ATOMIC_MIN,
  ANCHOR_ATOMIC_UMAX,
  ANCHOR_ATOMIC_UMIN,
  ANCHOR_ATOMIC_FADD,
  ANCHOR_ATOMIC_FSUB,
  ANCHOR_ATOMIC_FMAX, /* fmax/fmin: a NaN operand loses */
  ANCHOR_ATOMIC_FMIN,
  ANCHOR_ATOMIC_UINC_WRAP, /* old >= v ? 0 : old + 1 (atomicInc) */
  ANCHOR_ATOMIC_UDEC_WRAP, /* old == 0 || old > v ? v : old - 1 (atomicDec) */
  ANCHOR_ATOMIC_HALF = 0x100,
  ANCHOR_ATOMIC_BFLOAT = 0x200
};
#define ANCHOR_ATOMIC_DEVLIB extern "C" __device__
/* 8 and 16 bits: compare-and-swap loops on the aligned 32-bit word holding the value, which
 * change only its bytes (lock-free). */
ANCHOR_ATOMIC_DEVLIB unsigned char __anchor_atomic_rmw8(void *p, unsigned char v, int op);
ANCHOR_ATOMIC_DEVLIB unsigned char __anchor_atomic_cas8(void *p, unsigned char cmp,
                                                        unsigned char v);
ANCHOR_ATOMIC_DEVLIB unsigned char __anchor_atomic_load8(void *p);
ANCHOR_ATOMIC_DEVLIB void __anchor_atomic_store8(void *p, unsigned char v);
ANCHOR_ATOMIC_DEVLIB unsigned short __anchor_atomic_rmw16(void *p, unsigned short v, int op);
ANCHOR_ATOMIC_DEVLIB unsigned short __anchor_atomic_cas16(void *p, unsigned short cmp,
                                                          unsigned short v);
ANCHOR_ATOMIC_DEVLIB unsigned short __anchor_atomic_load16(void *p);
ANCHOR_ATOMIC_DEVLIB void __anchor_atomic_store16(void *p, unsigned short v);
/* 64 bits (8-byte aligned): a critical section under one of the AC_ABI_LOCK_WORDS locks of
 * the context's lock table (the address's hash, the block's too for shared memory); the
 * value's two words read and written with 32-bit atomics between fences (MSL 3.2). */
ANCHOR_ATOMIC_DEVLIB unsigned long long __anchor_atomic_rmw64(void *p, unsigned long long v,
                                                              int op);
ANCHOR_ATOMIC_DEVLIB unsigned long long __anchor_atomic_cas64(void *p, unsigned long long cmp,
                                                              unsigned long long v);
ANCHOR_ATOMIC_DEVLIB unsigned long long __anchor_atomic_load64(void *p);
ANCHOR_ATOMIC_DEVLIB void __anchor_atomic_store64(void *p, unsigned long long v);
/* 128-bit loads and stores (16-byte aligned; CUDA's 16-byte __nv_atomic_load/store): the
 * same, under the lock of the first 8 bytes, the four words by 32-bit atomics. */
ANCHOR_ATOMIC_DEVLIB unsigned __int128 __anchor_atomic_load128(void *p);
ANCHOR_ATOMIC_DEVLIB void __anchor_atomic_store128(void *p, unsigned __int128 v);
/* One atomic add on a 32-bit word holding two binary16 / bfloat16 values (the low half the
 * first element), each added in round-to-nearest-even; returns the old word. */
ANCHOR_ATOMIC_DEVLIB unsigned int __anchor_atomic_add_f16x2(unsigned int *address,
                                                            unsigned int value);
ANCHOR_ATOMIC_DEVLIB unsigned int __anchor_atomic_add_bf16x2(unsigned int *address,
                                                             unsigned int value);
#undef ANCHOR_ATOMIC_DEVLIB

/* ---- CUDA's atomic functions ------------------------------------------------------------ */
#define ANCHOR_RELAXED __ATOMIC_RELAXED
#define ANCHOR_ATOMIC_RMW(name, builtin, T)                                                        \
  ANCHOR_ATOMIC T name(T *address, T value) {                                                      \
    return builtin(address, value, ANCHOR_RELAXED);                                                \
  }                                                                                                \
  ANCHOR_ATOMIC T name##_block(T *address, T value) {                                              \
    return builtin(address, value, ANCHOR_RELAXED);                                                \
  }                                                                                                \
  ANCHOR_ATOMIC T name##_system(T *address, T value) {                                             \
    return builtin(address, value, ANCHOR_RELAXED);                                                \
  }
ANCHOR_ATOMIC_RMW(atomicAdd, __atomic_fetch_add, int)
ANCHOR_ATOMIC_RMW(atomicAdd, __atomic_fetch_add, unsigned int)
ANCHOR_ATOMIC_RMW(atomicAdd, __atomic_fetch_add, unsigned long long)
ANCHOR_ATOMIC_RMW(atomicAdd, __atomic_fetch_add, float)
ANCHOR_ATOMIC_RMW(atomicAdd, __atomic_fetch_add, double)
ANCHOR_ATOMIC_RMW(atomicSub, __atomic_fetch_sub, int)
ANCHOR_ATOMIC_RMW(atomicSub, __atomic_fetch_sub, unsigned int)
ANCHOR_ATOMIC_RMW(atomicExch, __atomic_exchange_n, int)
ANCHOR_ATOMIC_RMW(atomicExch, __atomic_exchange_n, unsigned int)
ANCHOR_ATOMIC_RMW(atomicExch, __atomic_exchange_n, unsigned long long)
ANCHOR_ATOMIC_RMW(atomicMin, __atomic_fetch_min, int)
ANCHOR_ATOMIC_RMW(atomicMin, __atomic_fetch_min, unsigned int)
ANCHOR_ATOMIC_RMW(atomicMin, __atomic_fetch_min, long long)
ANCHOR_ATOMIC_RMW(atomicMin, __atomic_fetch_min, unsigned long long)
ANCHOR_ATOMIC_RMW(atomicMax, __atomic_fetch_max, int)
ANCHOR_ATOMIC_RMW(atomicMax, __atomic_fetch_max, unsigned int)
ANCHOR_ATOMIC_RMW(atomicMax, __atomic_fetch_max, long long)
ANCHOR_ATOMIC_RMW(atomicMax, __atomic_fetch_max, unsigned long long)
ANCHOR_ATOMIC_RMW(atomicAnd, __atomic_fetch_and, int)
ANCHOR_ATOMIC_RMW(atomicAnd, __atomic_fetch_and, unsigned int)
ANCHOR_ATOMIC_RMW(atomicAnd, __atomic_fetch_and, long long)
ANCHOR_ATOMIC_RMW(atomicAnd, __atomic_fetch_and, unsigned long long)
ANCHOR_ATOMIC_RMW(atomicOr, __atomic_fetch_or, int)
ANCHOR_ATOMIC_RMW(atomicOr, __atomic_fetch_or, unsigned int)
ANCHOR_ATOMIC_RMW(atomicOr, __atomic_fetch_or, long long)
ANCHOR_ATOMIC_RMW(atomicOr, __atomic_fetch_or, unsigned long long)
ANCHOR_ATOMIC_RMW(atomicXor, __atomic_fetch_xor, int)
ANCHOR_ATOMIC_RMW(atomicXor, __atomic_fetch_xor, unsigned int)
ANCHOR_ATOMIC_RMW(atomicXor, __atomic_fetch_xor, long long)
ANCHOR_ATOMIC_RMW(atomicXor, __atomic_fetch_xor, unsigned long long)
#undef ANCHOR_ATOMIC_RMW

/* A function with its _block and _system variants, which are the same operation. */
#define ANCHOR_ATOMIC_SCOPES(R, name, params, args)                                                \
  ANCHOR_ATOMIC R name##_block params {                                                            \
    return name args;                                                                              \
  }                                                                                                \
  ANCHOR_ATOMIC R name##_system params {                                                           \
    return name args;                                                                              \
  }

/* atomicExch on a float: exchanged as its bits. */
ANCHOR_ATOMIC float atomicExch(float *address, float value) {
  return __builtin_bit_cast(float, __atomic_exchange_n((unsigned int *)address,
                                                       __builtin_bit_cast(unsigned int, value),
                                                       ANCHOR_RELAXED));
}
ANCHOR_ATOMIC_SCOPES(float, atomicExch, (float *address, float value), (address, value))

/* Compare-and-swap: stores value if *address == compare; returns the old value. */
#define ANCHOR_ATOMIC_CAS(T)                                                                       \
  ANCHOR_ATOMIC T atomicCAS(T *address, T compare, T value) {                                      \
    __atomic_compare_exchange_n(address, &compare, value, false, ANCHOR_RELAXED, ANCHOR_RELAXED);  \
    return compare;                                                                                \
  }
#define ANCHOR_ATOMIC_CAS_SCOPES(T)                                                                \
  ANCHOR_ATOMIC_CAS(T)                                                                             \
  ANCHOR_ATOMIC_SCOPES(T, atomicCAS, (T * address, T compare, T value), (address, compare, value))
ANCHOR_ATOMIC_CAS(unsigned short int) /* CUDA: compute capability 7.x; no _block/_system */
ANCHOR_ATOMIC_CAS_SCOPES(int)
ANCHOR_ATOMIC_CAS_SCOPES(unsigned int)
ANCHOR_ATOMIC_CAS_SCOPES(unsigned long long)
#undef ANCHOR_ATOMIC_CAS_SCOPES
#undef ANCHOR_ATOMIC_CAS

/* atomicInc: old >= limit ? 0 : old + 1; atomicDec: old == 0 || old > limit ? limit :
 * old - 1 (LLVM's uinc_wrap/udec_wrap, what NVVM's builtins are). */
ANCHOR_ATOMIC unsigned int atomicInc(unsigned int *address, unsigned int limit) {
  return __nvvm_atom_inc_gen_ui(address, limit);
}
ANCHOR_ATOMIC unsigned int atomicDec(unsigned int *address, unsigned int limit) {
  return __nvvm_atom_dec_gen_ui(address, limit);
}
ANCHOR_ATOMIC_SCOPES(unsigned int, atomicInc, (unsigned int *address, unsigned int limit),
                     (address, limit))
ANCHOR_ATOMIC_SCOPES(unsigned int, atomicDec, (unsigned int *address, unsigned int limit),
                     (address, limit))

/* float2/float4 (CUDA: compute capability 9.x, global memory): each element added
 * atomically on its own, not the vector as one access; returns the old elements. */
ANCHOR_ATOMIC float2 atomicAdd(float2 *address, float2 value) {
  float2 old;
  old.x = atomicAdd(&address->x, value.x);
  old.y = atomicAdd(&address->y, value.y);
  return old;
}
ANCHOR_ATOMIC float4 atomicAdd(float4 *address, float4 value) {
  float4 old;
  old.x = atomicAdd(&address->x, value.x);
  old.y = atomicAdd(&address->y, value.y);
  old.z = atomicAdd(&address->z, value.z);
  old.w = atomicAdd(&address->w, value.w);
  return old;
}
ANCHOR_ATOMIC_SCOPES(float2, atomicAdd, (float2 * address, float2 value), (address, value))
ANCHOR_ATOMIC_SCOPES(float4, atomicAdd, (float4 * address, float4 value), (address, value))

/* ---- __nv_atomic_* (CUDA 12.8) ------------------------------------------------------------ */
/* Orders and scopes as nvcc numbers them (the orders are C++'s, clang's __ATOMIC_*). */
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

/* nvcc requires the order and the scope to be integer constants and rejects what makes no
 * sense for the operation: the macros pass them as template arguments (a variable is
 * clang's "not a constant expression" at the user's line) and the templates check them.
 * The scope is optional and ignored (see the top of this file). */
namespace anchor_nv_atomic {
constexpr int scope(int s = __NV_THREAD_SCOPE_SYSTEM) {
  return s;
}
template <int S> struct check_scope {
  static_assert(S >= __NV_THREAD_SCOPE_THREAD && S <= __NV_THREAD_SCOPE_SYSTEM,
                "__nv_atomic: the scope must be a __NV_THREAD_SCOPE_* value");
  static constexpr int value = S;
};
template <int O> struct check_order {
  static_assert(O >= __NV_ATOMIC_RELAXED && O <= __NV_ATOMIC_SEQ_CST,
                "__nv_atomic: the memory order must be a __NV_ATOMIC_* value");
  static constexpr int value = O;
};
/* 16-byte exchange and compare-exchange: compute capability 9.x (Anchor compiles for
 * __CUDA_ARCH__ 750, as nvcc -arch=sm_75 would reject them). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
constexpr bool has_128_bit_exchange = false;
#else
constexpr bool has_128_bit_exchange = true;
#endif
template <class T> constexpr bool arithmetic_size() {
  return sizeof(T) == 4 || sizeof(T) == 8;
}
template <class T> constexpr bool is_floating() {
  return __is_floating_point(T);
}
/* A compare-exchange's failure order may not release (C++): nvcc accepts release and
 * acq_rel there and means relaxed and acquire. */
constexpr int failure_order(int o) {
  return o == __NV_ATOMIC_RELEASE   ? __NV_ATOMIC_RELAXED
         : o == __NV_ATOMIC_ACQ_REL ? __NV_ATOMIC_ACQUIRE
                                    : o;
}

template <int O, int S, class T> ANCHOR_ATOMIC T load_n(T *p) {
  static_assert(
      !is_floating<T>(),
      "non-generic nv atomic load, store, cas and exchange are valid only on integral types");
  static_assert(O != __NV_ATOMIC_RELEASE && O != __NV_ATOMIC_ACQ_REL,
                "atomic load's memory order cannot be release or acq_rel");
  return __atomic_load_n(p, O);
}
/* 16-byte types: clang warns that they are not lock-free (they take the device library's
 * lock, as CUDA's headers promise nothing else); nvcc says nothing. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Watomic-alignment"
template <int O, int S, class T> ANCHOR_ATOMIC void load(T *p, T *ret) {
  static_assert(O != __NV_ATOMIC_RELEASE && O != __NV_ATOMIC_ACQ_REL,
                "atomic load's memory order cannot be release or acq_rel");
  __atomic_load(p, ret, O);
}
template <int O, int S, class T, class V> ANCHOR_ATOMIC void store_n(T *p, V v) {
  static_assert(
      !is_floating<T>(),
      "non-generic nv atomic load, store, cas and exchange are valid only on integral types");
  static_assert(O == __NV_ATOMIC_RELAXED || O == __NV_ATOMIC_RELEASE || O == __NV_ATOMIC_SEQ_CST,
                "atomic store's memory order cannot be consume, acquire or acq_rel");
  __atomic_store_n(p, (T)v, O);
}
template <int O, int S, class T> ANCHOR_ATOMIC void store(T *p, T *v) {
  static_assert(O == __NV_ATOMIC_RELAXED || O == __NV_ATOMIC_RELEASE || O == __NV_ATOMIC_SEQ_CST,
                "atomic store's memory order cannot be consume, acquire or acq_rel");
  __atomic_store(p, v, O);
}
#pragma clang diagnostic pop
template <int O, int S, class T, class V> ANCHOR_ATOMIC T exchange_n(T *p, V v) {
  static_assert(sizeof(T) != 16 || has_128_bit_exchange,
                "128-bit atomic exchange or compare-and-exchange is supported on architecture "
                "sm_90 or above");
  static_assert(
      !is_floating<T>(),
      "non-generic nv atomic load, store, cas and exchange are valid only on integral types");
  static_assert(sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16,
                "atomic exchange is valid only on objects of size 4, 8 or 16 bytes");
  return __atomic_exchange_n(p, (T)v, O);
}
template <int O, int S, class T> ANCHOR_ATOMIC void exchange(T *p, T *v, T *ret) {
  static_assert(sizeof(T) != 16 || has_128_bit_exchange,
                "128-bit atomic exchange or compare-and-exchange is supported on architecture "
                "sm_90 or above");
  static_assert(sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16,
                "atomic exchange is valid only on objects of size 4, 8 or 16 bytes");
  __atomic_exchange(p, v, ret, O);
}
template <int O, int F, int S, class T, class V>
ANCHOR_ATOMIC bool compare_exchange_n(T *p, T *expected, V desired, bool weak) {
  static_assert(sizeof(T) != 16 || has_128_bit_exchange,
                "128-bit atomic exchange or compare-and-exchange is supported on architecture "
                "sm_90 or above");
  static_assert(
      !is_floating<T>(),
      "non-generic nv atomic load, store, cas and exchange are valid only on integral types");
  static_assert(sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16,
                "atomic compare-exchange is valid only on objects of size 2, 4, 8 or 16 bytes");
  (void)weak; /* never fails spuriously: a strong compare-exchange is a valid weak one */
  return __atomic_compare_exchange_n(p, expected, (T)desired, false, O, failure_order(F));
}
template <int O, int F, int S, class T>
ANCHOR_ATOMIC bool compare_exchange(T *p, T *expected, T *desired, bool weak) {
  static_assert(sizeof(T) != 16 || has_128_bit_exchange,
                "128-bit atomic exchange or compare-and-exchange is supported on architecture "
                "sm_90 or above");
  static_assert(sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16,
                "atomic compare-exchange is valid only on objects of size 2, 4, 8 or 16 bytes");
  (void)weak;
  return __atomic_compare_exchange(p, expected, desired, false, O, failure_order(F));
}
#define ANCHOR_NV_FETCH(op, arith, logical, minmax)                                                \
  template <int O, int S, class T, class V> ANCHOR_ATOMIC T fetch_##op(T *p, V v) {                \
    static_assert(arithmetic_size<T>(), "atomic operations and, or, xor, add, sub, min and max "   \
                                        "are valid only on objects of size 4, or 8");              \
    static_assert(!(logical) || !is_floating<T>(),                                                 \
                  "For a logical atomic operation, the first argument cannot be any "              \
                  "floating-point types");                                                         \
    static_assert(!(arith) || is_floating<T>() || sizeof(T) != 8 || (T) - 1 > (T)0,                \
                  "atomic operations add and sub are not valid on signed integer of size 8");      \
    static_assert(!(minmax) || !is_floating<T>(),                                                  \
                  "atomic operations min and max are not supported on any floating-point "         \
                  "types");                                                                        \
    return __atomic_fetch_##op(p, (T)v, O);                                                        \
  }
ANCHOR_NV_FETCH(add, 1, 0, 0)
ANCHOR_NV_FETCH(sub, 1, 0, 0)
ANCHOR_NV_FETCH(and, 0, 1, 0)
ANCHOR_NV_FETCH(or, 0, 1, 0)
ANCHOR_NV_FETCH(xor, 0, 1, 0)
ANCHOR_NV_FETCH(min, 0, 0, 1)
ANCHOR_NV_FETCH(max, 0, 0, 1)
#undef ANCHOR_NV_FETCH
template <int O, int S> ANCHOR_ATOMIC void thread_fence() {
  __atomic_thread_fence(O);
}
} // namespace anchor_nv_atomic

#define ANCHOR_NV_O(o) ::anchor_nv_atomic::check_order<(o)>::value
#define ANCHOR_NV_S(...)                                                                           \
  ::anchor_nv_atomic::check_scope<::anchor_nv_atomic::scope(__VA_ARGS__)>::value
#define __nv_atomic_load_n(p, o, ...)                                                              \
  ::anchor_nv_atomic::load_n<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p)
#define __nv_atomic_load(p, ret, o, ...)                                                           \
  ::anchor_nv_atomic::load<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, ret)
#define __nv_atomic_store_n(p, v, o, ...)                                                          \
  ::anchor_nv_atomic::store_n<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v)
#define __nv_atomic_store(p, v, o, ...)                                                            \
  ::anchor_nv_atomic::store<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v)
#define __nv_atomic_exchange_n(p, v, o, ...)                                                       \
  ::anchor_nv_atomic::exchange_n<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v)
#define __nv_atomic_exchange(p, v, ret, o, ...)                                                    \
  ::anchor_nv_atomic::exchange<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v, ret)
#define __nv_atomic_compare_exchange_n(p, expected, desired, weak, o, f, ...)                      \
  ::anchor_nv_atomic::compare_exchange_n<ANCHOR_NV_O(o), ANCHOR_NV_O(f),                           \
                                         ANCHOR_NV_S(__VA_ARGS__)>(p, expected, desired, weak)
#define __nv_atomic_compare_exchange(p, expected, desired, weak, o, f, ...)                        \
  ::anchor_nv_atomic::compare_exchange<ANCHOR_NV_O(o), ANCHOR_NV_O(f), ANCHOR_NV_S(__VA_ARGS__)>(  \
      p, expected, desired, weak)
#define __nv_atomic_fetch_add(p, v, o, ...)                                                        \
  ::anchor_nv_atomic::fetch_add<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v)
#define __nv_atomic_fetch_sub(p, v, o, ...)                                                        \
  ::anchor_nv_atomic::fetch_sub<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v)
#define __nv_atomic_fetch_and(p, v, o, ...)                                                        \
  ::anchor_nv_atomic::fetch_and<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v)
#define __nv_atomic_fetch_or(p, v, o, ...)                                                         \
  ::anchor_nv_atomic::fetch_or<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v)
#define __nv_atomic_fetch_xor(p, v, o, ...)                                                        \
  ::anchor_nv_atomic::fetch_xor<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v)
#define __nv_atomic_fetch_min(p, v, o, ...)                                                        \
  ::anchor_nv_atomic::fetch_min<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v)
#define __nv_atomic_fetch_max(p, v, o, ...)                                                        \
  ::anchor_nv_atomic::fetch_max<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>(p, v)
#define __nv_atomic_thread_fence(o, ...)                                                           \
  ::anchor_nv_atomic::thread_fence<ANCHOR_NV_O(o), ANCHOR_NV_S(__VA_ARGS__)>()

#undef ANCHOR_ATOMIC_SCOPES
#undef ANCHOR_RELAXED
/* ANCHOR_ATOMIC stays defined: cuda_fp16.h and cuda_bf16.h use it. */

#endif /* __CUDA__ && __cplusplus */
#endif
