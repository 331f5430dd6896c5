// devlib/warp.cu — the warp match and reduce functions: __match_any_sync/__match_all_sync
// (PTX match.sync) and __reduce_*_sync (PTX redux.sync), one implementation for both:
// include/anchor/warp_functions.h's CUDA functions and compiler/ptx_sync.c's inline PTX call
// these (the PTX ones are linked after lower_asm). Written from the CUDA C++ Programming
// Guide ("Warp Match Functions", "Warp Reduce Functions") and the PTX ISA. Values move by
// full-mask shuffles and ballots (Metal SIMD-group functions over the active lanes, which
// the backend lowers); only the taking-part lanes' values are used. Declarations:
// include/anchor/warp_functions.h.

/* The lanes of mask that take part: __syncwarp(mask) checks the mask (the caller named,
 * every existing lane named running with it), then the active lanes it names. */
static __device__ unsigned warp_members(unsigned mask) {
  __syncwarp(mask);
  return mask & __activemask();
}

/* The members whose value (two 32-bit words; match.sync compares bits) equals the
 * caller's: each round takes the lowest member left, finds the members equal to it and
 * removes them, so there are as many rounds as distinct values (1 to 32). The rounds are
 * the same for all members (left is), so the lanes stay together. */
static __device__ unsigned match(unsigned members, unsigned lo, unsigned hi) {
  unsigned left = members, same = 0, lane = __nvvm_read_ptx_sreg_laneid();
  while (left) {
    int leader = __builtin_ctz(left);
    unsigned leader_lo = __shfl_sync(0xffffffffu, lo, leader);
    unsigned leader_hi = __shfl_sync(0xffffffffu, hi, leader);
    unsigned equal = __ballot_sync(0xffffffffu, lo == leader_lo && hi == leader_hi) & left;
    if ((equal >> lane) & 1u) same = equal;
    left &= ~equal;
  }
  return same;
}

/* match.sync.any: the members with the caller's value (lo, hi: its two words; hi 0 for a
 * 32-bit value). */
extern "C" __device__ unsigned __anchor_match_any_sync(unsigned mask, unsigned lo, unsigned hi) {
  return match(warp_members(mask), lo, hi);
}

/* match.sync.all: the members when every member has the caller's value, else 0 (the predicate is
 * whether the result is not 0: a member mask is never 0). */
extern "C" __device__ unsigned __anchor_match_all_sync(unsigned mask, unsigned lo, unsigned hi) {
  unsigned members = warp_members(mask);
  /* the mask's lanes that exist and run, as match.all.sync on the H200 (16-lane partial
   * warp, mask 0xffffffff: 0x0000ffff; nvcc 13.0, 2026-12-01) */
  return match(members, lo, hi) == members ? members : 0u;
}

/* redux.sync: the operation over the taking-part lanes' values (exact in any order for
 * these integer operations; add wraps). A whole warp combines by butterfly (5 shuffles),
 * other members lane by lane (32 shuffles; a caller the mask does not name, which CUDA
 * leaves undefined, gets the members' result without its own value). */
#define ANCHOR_REDUCE(name, T, expr)                                                               \
  extern "C" __device__ T name(unsigned mask, T value) {                                           \
    unsigned members = warp_members(mask);                                                         \
    T acc = value;                                                                                 \
    if (members == 0xffffffffu) {                                                                  \
      for (int d = 16; d > 0; d /= 2) {                                                            \
        T x = __shfl_xor_sync(0xffffffffu, acc, d);                                                \
        acc = (expr);                                                                              \
      }                                                                                            \
    } else {                                                                                       \
      unsigned lane = __nvvm_read_ptx_sreg_laneid();                                               \
      bool have = (members >> lane) & 1u; /* acc holds a member's value */                         \
      for (unsigned k = 0; k < 32u; k++) {                                                         \
        T x = __shfl_sync(0xffffffffu, value, (int)k);                                             \
        if (((members >> k) & 1u) && k != lane) {                                                  \
          acc = have ? (expr) : x;                                                                 \
          have = true;                                                                             \
        }                                                                                          \
      }                                                                                            \
    }                                                                                              \
    return acc;                                                                                    \
  }
ANCHOR_REDUCE(__anchor_reduce_add_sync, unsigned, acc + x)
ANCHOR_REDUCE(__anchor_reduce_min_sync, int, x < acc ? x : acc)
ANCHOR_REDUCE(__anchor_reduce_umin_sync, unsigned, x < acc ? x : acc)
ANCHOR_REDUCE(__anchor_reduce_max_sync, int, x > acc ? x : acc)
ANCHOR_REDUCE(__anchor_reduce_umax_sync, unsigned, x > acc ? x : acc)
ANCHOR_REDUCE(__anchor_reduce_and_sync, unsigned, acc &x)
ANCHOR_REDUCE(__anchor_reduce_or_sync, unsigned, acc | x)
ANCHOR_REDUCE(__anchor_reduce_xor_sync, unsigned, acc ^ x)
#undef ANCHOR_REDUCE
