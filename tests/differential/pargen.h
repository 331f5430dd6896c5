// pargen.h — the fixed part of every program tests/differential/pargen writes: the
// per-thread state, the helpers shared by the kernel and the host reference
// (__host__ __device__, one definition for both sides), the host's simulation of the
// warp operations, and the check. Valid for anchorcc and nvcc.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define PG __host__ __device__ __forceinline__

// A thread's variables: unsigned (no signed overflow anywhere) and float.
struct St {
  unsigned r[8];
  float f[4];
  unsigned long long q[2];
};

// What a thread knows about itself and the memory it may use.
struct Ctx {
  unsigned tid, lane, warp, nl, wm, gtid, bid, nt;
  const unsigned *in, *idx; // read-only inputs
  unsigned *gacc;           // global atomic accumulators
  unsigned *sacc;           // the block's __shared__ atomic accumulators
  const unsigned *sh;       // the block's __shared__ exchange array (read-only in segments)
  const unsigned *gs;       // the block's part of the global exchange array (likewise)
};

#define PG_NIN 1024u // elements of in[] and idx[]
#define PG_NACC 8u   // atomic accumulators (global and shared), slot k uses operation k

// Lanes of warp `warp` in a block of nt threads, and the mask naming them.
PG unsigned pg_lanes(unsigned nt, unsigned warp) {
  unsigned left = nt - warp * 32u;
  return left < 32u ? left : 32u;
}
PG unsigned pg_mask(unsigned nl) {
  return nl == 32u ? 0xffffffffu : (1u << nl) - 1u;
}

PG unsigned pg_div(unsigned a, unsigned b) {
  return a / (b | 1u);
}
PG unsigned pg_mod(unsigned a, unsigned b) {
  return a % (b | 1u);
}
PG unsigned pg_shl(unsigned a, unsigned b) {
  return a << (b & 31u);
}
PG unsigned long long pg_div64(unsigned long long a, unsigned b) {
  return a / ((unsigned long long)b | 1u);
}
PG unsigned long long pg_mod64(unsigned long long a, unsigned b) {
  return a % ((unsigned long long)b | 1u);
}
PG unsigned pg_lshr(unsigned a, unsigned b) {
  return a >> (b & 31u);
}
PG unsigned pg_ashr(unsigned a, unsigned b) {
  return (unsigned)((int)a >> (b & 31u));
}
PG unsigned pg_slt(unsigned a, unsigned b) {
  return (int)a < (int)b;
}
PG unsigned pg_umin(unsigned a, unsigned b) {
  return a < b ? a : b;
}
PG unsigned pg_smax(unsigned a, unsigned b) {
  return (int)a > (int)b ? a : b;
}
PG unsigned pg_popc(unsigned a) {
#ifdef __CUDA_ARCH__
  return (unsigned)__popc(a);
#else
  return (unsigned)__builtin_popcount(a);
#endif
}

// Float operations that round once, the same on both sides (never contracted).
PG float pg_fadd(float a, float b) {
#ifdef __CUDA_ARCH__
  return __fadd_rn(a, b);
#else
  return a + b;
#endif
}
PG float pg_fsub(float a, float b) {
#ifdef __CUDA_ARCH__
  return __fsub_rn(a, b);
#else
  return a - b;
#endif
}
PG float pg_fmul(float a, float b) {
#ifdef __CUDA_ARCH__
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}
PG float pg_fma(float a, float b, float c) {
  return fmaf(a, b, c);
}
PG float pg_u2f(unsigned a) {
  return (float)(int)(a & 0xfffffu) - 4096.0f;
}
PG unsigned pg_f2u(float f) {
  return (f > -2.0e9f && f < 2.0e9f) ? (unsigned)(int)f : 7u;
}
PG unsigned pg_fbits(float f) {
  if (f != f) return 0x7fc00000u; // one NaN
  unsigned u;
  memcpy(&u, &f, 4);
  return u;
}

// Atomic operation k on *p, the old value unused (the final value is order-independent).
PG void pg_atomic(unsigned k, unsigned *p, unsigned v) {
#ifdef __CUDA_ARCH__
  switch (k) {
  case 0: atomicAdd(p, v); break;
  case 1: atomicMin(p, v); break;
  case 2: atomicMax(p, v); break;
  case 3: atomicAnd(p, v); break;
  case 4: atomicOr(p, v); break;
  case 5: atomicXor(p, v); break;
  case 6: atomicMin((int *)p, (int)v); break;
  default: atomicMax((int *)p, (int)v); break;
  }
#else
  switch (k) {
  case 0: *p += v; break;
  case 1: *p = *p < v ? *p : v; break;
  case 2: *p = *p > v ? *p : v; break;
  case 3: *p &= v; break;
  case 4: *p |= v; break;
  case 5: *p ^= v; break;
  case 6: *p = (int)*p < (int)v ? *p : v; break;
  default: *p = (int)*p > (int)v ? *p : v; break;
  }
#endif
}

// Shuffles. kind 0 idx (arg: source lane), 1 up, 2 down (arg: delta), 3 xor (arg: mask
// below the width). The lane a shuffle reads, by CUDA's rules for `width`; a lane >= nl
// does not exist in a partial warp: the value read is undefined and the program keeps
// its own value instead (pg_shfl_keep).
PG unsigned pg_src(unsigned kind, unsigned lane, unsigned w, unsigned arg) {
  unsigned base = lane & ~(w - 1u), in = lane & (w - 1u);
  switch (kind) {
  case 0: return base + (arg & (w - 1u));
  case 1: return in >= arg ? lane - arg : lane;
  case 2: return in + arg < w ? lane + arg : lane;
  default: return lane ^ arg;
  }
}
PG unsigned pg_shfl_keep(unsigned kind, const Ctx &c, unsigned w, unsigned arg, unsigned x,
                         unsigned t) {
  return pg_src(kind, c.lane, w, arg) < c.nl ? t : x;
}

// The host's warp: the value a shuffle gives lane `lane` from the lanes' values x[].
static inline unsigned sim_shfl(unsigned kind, const unsigned *x, unsigned lane, unsigned w,
                                unsigned arg) {
  unsigned s = pg_src(kind, lane, w, arg);
  return s < 32u ? x[s] : x[lane];
}
static inline unsigned sim_ballot(const unsigned *p, unsigned nl) {
  unsigned b = 0;
  for (unsigned l = 0; l < nl; l++)
    if (p[l]) b |= 1u << l;
  return b;
}

// Inputs: the same pseudo-random values on both sides.
static inline void pg_fill(unsigned *in, unsigned *idx, unsigned long long seed) {
  unsigned long long x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (unsigned i = 0; i < PG_NIN; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    unsigned v = (unsigned)(x >> 33);
    in[i] = (i % 5 == 0) ? v % 17u : (i % 7 == 0) ? 0u - v % 9u : v;
    idx[i] = (unsigned)(x >> 13) % PG_NIN;
  }
}
static inline unsigned pg_acc_init(unsigned k) {
  static const unsigned init[8] = {5u, 0xffffffffu, 0u,          0xffffffffu,
                                   0u, 0x5a5a5a5au, 0x7fffffffu, 0x80000000u};
  return init[k];
}

#define PG_CHECK(call)                                                                             \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL: %s: %s\n", #call, cudaGetErrorString(e_));                                     \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

// Compare the device's words with the reference: print the first difference and
// a checksum of the reference; 0 on PASS.
static inline int pg_compare(const char *what, const unsigned *dev, const unsigned *ref, size_t n,
                             unsigned *sum) {
  for (size_t i = 0; i < n; i++) {
    *sum = (*sum ^ ref[i]) * 16777619u;
    if (dev[i] != ref[i]) {
      printf("FAIL: %s[%zu] = 0x%08x, reference 0x%08x\n", what, i, dev[i], ref[i]);
      return 1;
    }
  }
  return 0;
}
