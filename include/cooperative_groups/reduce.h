/* cooperative_groups/reduce.h — cg::reduce over a thread_block_tile<N> or a
 * coalesced_group with the function objects cg::plus, cg::less (the minimum),
 * cg::greater (the maximum), cg::bit_and, cg::bit_or, cg::bit_xor or any associative and
 * commutative binary function of the value type. Written for Anchor from the CUDA C++
 * Programming Guide ("Cooperative Groups", "Group Collectives"). A tile combines by
 * butterfly (log2 N shuffles; over 32 threads, each warp's result through threadgroup
 * memory); a coalesced group combines its members' values in rank
 * order (32 shuffles). Floating-point sums therefore may round differently from an
 * NVIDIA GPU's order, as CUDA leaves the order unspecified. */
#ifndef ANCHOR_CG_REDUCE_H
#define ANCHOR_CG_REDUCE_H

#include "../cooperative_groups.h"
#include "functional.h"

#if defined(__CUDA__) && defined(__cplusplus)

namespace cooperative_groups {

template <class T, unsigned N, class Parent, class Op>
__device__ __inline__ T reduce(const thread_block_tile<N, Parent> &g, T value, Op op) {
  if constexpr (N > 32u) {
    return g.__anchor_reduce(value, op);
  } else {
    for (unsigned d = N / 2; d > 0; d /= 2)
      value = op(value, g.shfl_xor(value, d));
    return value;
  }
}

template <class T, class Op>
__device__ __inline__ T reduce(const coalesced_group &g, T value, Op op) {
  unsigned mask = g.__anchor_mask();
  __syncwarp(mask);
  T acc = value;
  bool first = true;
  for (int k = 0; k < 32; k++) {
    T x = __shfl_sync(0xffffffffu, value, k); /* every active lane's value; members used */
    if ((mask >> k) & 1u) {
      acc = first ? x : op(acc, x);
      first = false;
    }
  }
  return acc;
}

} // namespace cooperative_groups

#endif /* __CUDA__ && __cplusplus */
#endif
