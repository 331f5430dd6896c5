/* cooperative_groups/scan.h — cg::inclusive_scan and cg::exclusive_scan over a
 * thread_block_tile<N> or a coalesced_group, with cg::plus by default or any associative
 * binary function (op(earlier, later)). Written for Anchor from the CUDA C++ Programming
 * Guide ("Cooperative Groups", "Group Collectives"). Hillis-Steele over shfl_up: log2 N
 * steps for a tile, 5 for a coalesced group (by rank). The exclusive scan is the
 * inclusive one moved up by one rank; rank 0 gets T() (CUDA leaves its value undefined
 * for operators other than plus). */
#ifndef ANCHOR_CG_SCAN_H
#define ANCHOR_CG_SCAN_H
#pragma GCC system_header

#include "../cooperative_groups.h"
#include "functional.h"

#if defined(__CUDA__) && defined(__cplusplus)

namespace cooperative_groups {

template <class Group, class T, class Op>
__device__ __inline__ T inclusive_scan(const Group &g, T value, Op op) {
  unsigned rank = (unsigned)g.thread_rank(), size = (unsigned)g.num_threads();
  for (unsigned d = 1; d < 32u; d *= 2) {
    T x = g.shfl_up(value, d);
    if (rank >= d) value = op(x, value);
    if (d * 2 >= size) break;
  }
  return value;
}
template <class Group, class T> __device__ __inline__ T inclusive_scan(const Group &g, T value) {
  return inclusive_scan(g, value, plus<T>());
}
template <class Group, class T, class Op>
__device__ __inline__ T exclusive_scan(const Group &g, T value, Op op) {
  T x = g.shfl_up(inclusive_scan(g, value, op), 1);
  return g.thread_rank() == 0 ? T() : x;
}
template <class Group, class T> __device__ __inline__ T exclusive_scan(const Group &g, T value) {
  return exclusive_scan(g, value, plus<T>());
}

} // namespace cooperative_groups

#endif /* __CUDA__ && __cplusplus */
#endif
