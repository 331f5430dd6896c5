/* cooperative_groups/reduce.h — cg::reduce over a thread_block_tile<N> or a
 * coalesced_group with the function objects cg::plus, cg::less (the minimum),
 * cg::greater (the maximum), cg::bit_and, cg::bit_or, cg::bit_xor or any associative and
 * commutative binary function of the value type. Written for Anchor from the CUDA C++
 * Programming Guide ("Cooperative Groups", "Group Collectives"). A tile combines by
 * butterfly (log2 N shuffles; over 32 threads, each warp's result through threadgroup
 * memory); a coalesced group combines its members' values in rank
 * order (32 shuffles). Floating-point sums therefore may round differently from an
 * NVIDIA GPU's order, as CUDA leaves the order unspecified. reduce_store_async and
 * reduce_update_async: the reduction, then rank 0 stores to or updates the destination. */
#ifndef ANCHOR_CG_REDUCE_H
#define ANCHOR_CG_REDUCE_H
#pragma GCC system_header

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

namespace __anchor {
/* How reduce_update_async combines the group's result r into dst (a cuda::atomic or
 * cuda::atomic_ref, which libcu++ supplies; any type with their members works): the
 * fetch_ member CUDA's header picks for its function objects, a compare-exchange loop for
 * any other function. (CUDA's header asks for relaxed order; the members' default,
 * seq_cst, is at least as strong.) */
template <class Op> struct atomic_update_op {
  template <class Atomic, class T>
  __device__ __inline__ static void apply(Atomic &dst, const T &r, Op &op) {
    T seen = dst.load();
    while (!dst.compare_exchange_weak(seen, op(seen, r))) {
    }
  }
};
#define ANCHOR_CG_UPDATE(fn, member)                                                               \
  template <class V> struct atomic_update_op<fn<V>> {                                              \
    template <class Atomic, class T>                                                               \
    __device__ __inline__ static void apply(Atomic &dst, const T &r, fn<V> &) {                    \
      dst.member(r);                                                                               \
    }                                                                                              \
  };
ANCHOR_CG_UPDATE(plus, fetch_add)
ANCHOR_CG_UPDATE(less, fetch_min)
ANCHOR_CG_UPDATE(greater, fetch_max)
ANCHOR_CG_UPDATE(bit_and, fetch_and)
ANCHOR_CG_UPDATE(bit_or, fetch_or)
ANCHOR_CG_UPDATE(bit_xor, fetch_xor)
#undef ANCHOR_CG_UPDATE
template <class T> struct strip {
  typedef T type;
};
template <class T> struct strip<T &> {
  typedef T type;
};
template <class T> struct strip<const T> {
  typedef T type;
};
template <class T> struct strip<const T &> {
  typedef T type;
};
} // namespace __anchor

/* reduce_store_async / reduce_update_async (CUDA 12): cg::reduce, then the group's thread
 * of rank 0 stores the result to dst (a pointer, or an atomic: its store) or combines it
 * into the atomic dst with op (fetch_add for cg::plus, fetch_min for cg::less, ...).
 * "async": the result may be seen by the group's other threads only after a barrier, as
 * in CUDA; Anchor's is done when the call returns. */
template <class Group, class T, class V, class Op>
__device__ __inline__ void reduce_store_async(const Group &g, T *dst, V &&value, Op &&op) {
  T r = reduce(g, (T)value, op);
  if (g.thread_rank() == 0) *dst = r;
}
template <class Group, class Atomic, class V, class Op>
__device__ __inline__ void reduce_store_async(const Group &g, Atomic &&dst, V &&value, Op &&op) {
  typedef typename __anchor::strip<decltype(dst.load())>::type T;
  T r = reduce(g, (T)value, op);
  if (g.thread_rank() == 0) dst.store(r);
}
template <class Group, class Atomic, class V, class Op>
__device__ __inline__ void reduce_update_async(const Group &g, Atomic &&dst, V &&value, Op &&op) {
  typedef typename __anchor::strip<decltype(dst.load())>::type T;
  typedef typename __anchor::strip<Op>::type O;
  O fn = op;
  T r = reduce(g, (T)value, fn);
  if (g.thread_rank() == 0) __anchor::atomic_update_op<O>::apply(dst, r, fn);
}

} // namespace cooperative_groups

#endif /* __CUDA__ && __cplusplus */
#endif
