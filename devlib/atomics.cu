// devlib/atomics.cu — the atomics Metal has no instruction for: 8- and 16-bit operations
// as compare-and-swap loops on the aligned 32-bit word that holds them, 64-bit ones
// (integers, doubles, pointers) as critical sections under a lock of the launch's lock
// table, and the paired half/bfloat16 adds. compiler/lower_atomics_wide.c calls them for
// the IR's atomics of those widths, cuda_fp16.h/cuda_bf16.h for __half2/__nv_bfloat162;
// contracts and the op numbering: include/anchor/atomic_functions.h; the design and its
// cost: docs/devlib.md "Atomics".
//
// Every function here is nodebug: inlined into the user's kernel, its instructions carry
// the user's atomic's source location, so a backend error (an atomic on local memory)
// names the user's line.
#include <cuda_bf16.h>

#include "anchor/device_context.h"

#define DEVLIB extern "C" __device__ __attribute__((nodebug))
#define HELPER static __device__ __forceinline__ __attribute__((nodebug))
#define RELAXED __ATOMIC_RELAXED

// The location p names, as the backend represents generic pointers: a CUDA (device)
// address, or a space tag in the top byte and the offset in that space (compiler/atomics.c;
// an error for local and parameter memory). Its low bits are the address's alignment.
extern "C" __device__ __attribute__((const)) unsigned long long
anchor_atomic_address(const void *p);

enum { LOCK_BITS = 12 }; // 1 << LOCK_BITS == AC_ABI_LOCK_WORDS (common/abi.h)

// ---- operations on values -------------------------------------------------------------------

HELPER unsigned long long apply64(unsigned long long o, unsigned long long v, int op) {
  double a = __builtin_bit_cast(double, o), b = __builtin_bit_cast(double, v);
  switch (op) {
  case ANCHOR_ATOMIC_XCHG: return v;
  case ANCHOR_ATOMIC_ADD: return o + v;
  case ANCHOR_ATOMIC_SUB: return o - v;
  case ANCHOR_ATOMIC_AND: return o & v;
  case ANCHOR_ATOMIC_NAND: return ~(o & v);
  case ANCHOR_ATOMIC_OR: return o | v;
  case ANCHOR_ATOMIC_XOR: return o ^ v;
  case ANCHOR_ATOMIC_MAX: return (long long)o > (long long)v ? o : v;
  case ANCHOR_ATOMIC_MIN: return (long long)o < (long long)v ? o : v;
  case ANCHOR_ATOMIC_UMAX: return o > v ? o : v;
  case ANCHOR_ATOMIC_UMIN: return o < v ? o : v;
  case ANCHOR_ATOMIC_FADD: return __builtin_bit_cast(unsigned long long, a + b);
  case ANCHOR_ATOMIC_FSUB: return __builtin_bit_cast(unsigned long long, a - b);
  case ANCHOR_ATOMIC_FMAX: return __builtin_bit_cast(unsigned long long, __builtin_fmax(a, b));
  case ANCHOR_ATOMIC_FMIN: return __builtin_bit_cast(unsigned long long, __builtin_fmin(a, b));
  case ANCHOR_ATOMIC_UINC_WRAP: return o >= v ? 0 : o + 1;
  case ANCHOR_ATOMIC_UDEC_WRAP: return o == 0 || o > v ? v : o - 1;
  default: return o; // lower_atomics_wide.c passes only the operations above
  }
}

// 16-bit floating-point operations: binary16 arithmetic rounds to binary16 (Metal's half
// is IEEE's); bfloat16 computes in float and rounds once (cuda_bf16.h: exact for + -).
HELPER unsigned half_op(unsigned o, unsigned v, int op) {
  __half a = __ushort_as_half((unsigned short)o), b = __ushort_as_half((unsigned short)v);
  switch (op) {
  case ANCHOR_ATOMIC_FADD: return __half_as_ushort(__hadd(a, b));
  case ANCHOR_ATOMIC_FSUB: return __half_as_ushort(__hsub(a, b));
  case ANCHOR_ATOMIC_FMAX: return __half_as_ushort(__hmax(a, b));
  case ANCHOR_ATOMIC_FMIN: return __half_as_ushort(__hmin(a, b));
  default: return v; // exchange
  }
}

HELPER unsigned bfloat_op(unsigned o, unsigned v, int op) {
  __nv_bfloat16 a = __ushort_as_bfloat16((unsigned short)o);
  __nv_bfloat16 b = __ushort_as_bfloat16((unsigned short)v);
  switch (op) {
  case ANCHOR_ATOMIC_FADD: return __bfloat16_as_ushort(__hadd(a, b));
  case ANCHOR_ATOMIC_FSUB: return __bfloat16_as_ushort(__hsub(a, b));
  case ANCHOR_ATOMIC_FMAX: return __bfloat16_as_ushort(__hmax(a, b));
  case ANCHOR_ATOMIC_FMIN: return __bfloat16_as_ushort(__hmin(a, b));
  default: return v;
  }
}

// An 8- or 16-bit value (bits 8 or 16, zero-extended in o and v): the new value.
HELPER unsigned apply_small(unsigned o, unsigned v, int op, unsigned bits) {
  if (op & ANCHOR_ATOMIC_HALF) return half_op(o, v, op & 0xff);
  if (op & ANCHOR_ATOMIC_BFLOAT) return bfloat_op(o, v, op & 0xff);
  unsigned mask = (1u << bits) - 1u, top = 32u - bits;
  int so = (int)(o << top) >> top, sv = (int)(v << top) >> top; // sign-extended
  switch (op) {
  case ANCHOR_ATOMIC_MAX: return so > sv ? o : v;
  case ANCHOR_ATOMIC_MIN: return so < sv ? o : v;
  case ANCHOR_ATOMIC_UINC_WRAP: return o >= v ? 0 : (o + 1) & mask;
  case ANCHOR_ATOMIC_UDEC_WRAP: return o == 0 || o > v ? v : o - 1;
  default: return (unsigned)apply64(o, v, op) & mask; // the others are the same in 64 bits
  }
}

// ---- 8 and 16 bits: CAS loops on the containing word -----------------------------------

// The aligned word holding p's value, and the value's shift in it.
HELPER unsigned *word_of(void *p, unsigned *shift) {
  unsigned offset = (unsigned)anchor_atomic_address(p) & 3u;
  *shift = offset * 8u;
  return (unsigned *)((char *)p - offset);
}

// The new value from the old one, or (compare failed) nothing to store: then the old
// value is returned as read by one atomic load of the word. `cmp` < 0: no comparison.
// The loop is lock-free: each round some lane's compare-and-swap succeeds.
HELPER unsigned small_rmw(void *p, unsigned bits, unsigned v, int op, long long cmp) {
  unsigned shift, *word = word_of(p, &shift), mask = ((1u << bits) - 1u) << shift;
  unsigned old = __atomic_load_n(word, RELAXED);
  for (;;) {
    unsigned part = (old & mask) >> shift;
    if (cmp >= 0 && part != (unsigned)cmp) return part;
    unsigned next = cmp >= 0 ? v : apply_small(part, v, op, bits);
    unsigned desired = (old & ~mask) | ((next << shift) & mask);
    if (desired == old || __atomic_compare_exchange_n(word, &old, desired, false, RELAXED, RELAXED))
      return part;
  }
}

HELPER unsigned small_load(void *p, unsigned bits) {
  unsigned shift, *word = word_of(p, &shift);
  return (__atomic_load_n(word, RELAXED) >> shift) & ((1u << bits) - 1u);
}

DEVLIB unsigned char __anchor_atomic_rmw8(void *p, unsigned char v, int op) {
  return (unsigned char)small_rmw(p, 8, v, op, -1);
}
DEVLIB unsigned char __anchor_atomic_cas8(void *p, unsigned char cmp, unsigned char v) {
  return (unsigned char)small_rmw(p, 8, v, ANCHOR_ATOMIC_XCHG, cmp);
}
DEVLIB unsigned char __anchor_atomic_load8(void *p) {
  return (unsigned char)small_load(p, 8);
}
DEVLIB void __anchor_atomic_store8(void *p, unsigned char v) {
  small_rmw(p, 8, v, ANCHOR_ATOMIC_XCHG, -1);
}
DEVLIB unsigned short __anchor_atomic_rmw16(void *p, unsigned short v, int op) {
  return (unsigned short)small_rmw(p, 16, v, op, -1);
}
DEVLIB unsigned short __anchor_atomic_cas16(void *p, unsigned short cmp, unsigned short v) {
  return (unsigned short)small_rmw(p, 16, v, ANCHOR_ATOMIC_XCHG, cmp);
}
DEVLIB unsigned short __anchor_atomic_load16(void *p) {
  return (unsigned short)small_load(p, 16);
}
DEVLIB void __anchor_atomic_store16(void *p, unsigned short v) {
  small_rmw(p, 16, v, ANCHOR_ATOMIC_XCHG, -1);
}

// Both halves of one word, in one compare-and-swap.
HELPER unsigned pair_add(unsigned *word, unsigned v, int kind) {
  unsigned old = __atomic_load_n(word, RELAXED);
  for (;;) {
    unsigned lo = apply_small(old & 0xffffu, v & 0xffffu, kind | ANCHOR_ATOMIC_FADD, 16);
    unsigned hi = apply_small(old >> 16, v >> 16, kind | ANCHOR_ATOMIC_FADD, 16);
    if (__atomic_compare_exchange_n(word, &old, lo | hi << 16, false, RELAXED, RELAXED)) return old;
  }
}
DEVLIB unsigned int __anchor_atomic_add_f16x2(unsigned int *address, unsigned int value) {
  return pair_add(address, value, ANCHOR_ATOMIC_HALF);
}
DEVLIB unsigned int __anchor_atomic_add_bf16x2(unsigned int *address, unsigned int value) {
  return pair_add(address, value, ANCHOR_ATOMIC_BFLOAT);
}

// ---- 64 bits: critical sections under the lock table ----------------------------------

// The lock of p's 8-byte location: Fibonacci hashing of the address, in which shared memory
// (a tag in the top byte: see anchor_atomic_address) also counts the block, since the same
// shared offset in two blocks is two locations. Locations that share a lock only wait for
// each other.
HELPER unsigned *lock_of(void *p) {
  unsigned long long key = anchor_atomic_address(p);
  if (key >> 56) {
    unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    key ^= (unsigned long long)block << 24;
  }
  key >>= 3;
  unsigned h = ((unsigned)key ^ (unsigned)(key >> 32)) * 0x9e3779b1u;
  return (unsigned *)__anchor_context_locks() + (h >> (32 - LOCK_BITS));
}

HELPER unsigned long long load_words(void *p) {
  unsigned *w = (unsigned *)p;
  return (unsigned long long)__atomic_load_n(w + 1, RELAXED) << 32 | __atomic_load_n(w, RELAXED);
}

HELPER void store_words(void *p, unsigned long long v) {
  unsigned *w = (unsigned *)p;
  __atomic_store_n(w, (unsigned)v, RELAXED);
  __atomic_store_n(w + 1, (unsigned)(v >> 32), RELAXED);
}

// Runs SECTION holding p's lock. The lanes of a SIMD-group run in lockstep on Apple GPUs: a
// lane spinning on a lock that another lane of its group holds never lets that lane go on
// to release it. So the lane that takes the lock does its whole critical section and
// releases it within the same iteration, and only then leaves the loop; `done` is volatile
// so that no optimiser turns this into "spin until locked, then the section after the loop"
// (which deadlocks). The fences order the section's accesses after the lock is taken and
// before it is released (MSL 3.2's atomic_thread_fence: modules using these need 3.2).
#define LOCKED(p, SECTION)                                                                         \
  do {                                                                                             \
    unsigned *lock = lock_of(p);                                                                   \
    volatile bool done = false;                                                                    \
    while (!done) {                                                                                \
      unsigned unlocked = 0u;                                                                      \
      if (__atomic_compare_exchange_n(lock, &unlocked, 1u, false, RELAXED, RELAXED)) {             \
        __atomic_thread_fence(__ATOMIC_SEQ_CST);                                                   \
        SECTION;                                                                                   \
        __atomic_thread_fence(__ATOMIC_SEQ_CST);                                                   \
        __atomic_store_n(lock, 0u, RELAXED);                                                       \
        done = true;                                                                               \
      }                                                                                            \
    }                                                                                              \
  } while (0)

DEVLIB unsigned long long __anchor_atomic_rmw64(void *p, unsigned long long v, int op) {
  unsigned long long old = 0;
  LOCKED(p, {
    old = load_words(p);
    unsigned long long next = apply64(old, v, op);
    if (next != old) store_words(p, next);
  });
  return old;
}

DEVLIB unsigned long long __anchor_atomic_cas64(void *p, unsigned long long cmp,
                                                unsigned long long v) {
  unsigned long long old = 0;
  LOCKED(p, {
    old = load_words(p);
    if (old == cmp) store_words(p, v);
  });
  return old;
}

DEVLIB unsigned long long __anchor_atomic_load64(void *p) {
  unsigned long long old = 0;
  LOCKED(p, old = load_words(p));
  return old;
}

DEVLIB void __anchor_atomic_store64(void *p, unsigned long long v) {
  LOCKED(p, store_words(p, v));
}

// ---- 128 bits: loads and stores under the lock table too ---------------------------
// CUDA's 16-byte __nv_atomic_load/__nv_atomic_store have no Metal instruction either; the
// lock is that of the object's first 8 bytes (a 64-bit atomic on its upper half takes
// another lock: mixing sizes on one object is not atomic here). 16-byte exchange and
// compare-exchange need compute capability 9.x, which Anchor's sm_75 does not offer
// (include/anchor/atomic_functions.h), so there are none here.

typedef unsigned __int128 u128;

HELPER u128 load_words128(void *p) {
  return (u128)load_words((unsigned long long *)p + 1) << 64 | load_words(p);
}

HELPER void store_words128(void *p, u128 v) {
  store_words(p, (unsigned long long)v);
  store_words((unsigned long long *)p + 1, (unsigned long long)(v >> 64));
}

DEVLIB u128 __anchor_atomic_load128(void *p) {
  u128 old = 0;
  LOCKED(p, old = load_words128(p));
  return old;
}

DEVLIB void __anchor_atomic_store128(void *p, u128 v) {
  LOCKED(p, store_words128(p, v));
}
