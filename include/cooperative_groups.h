/* cooperative_groups.h — CUDA's Cooperative Groups for Anchor: thread_block,
 * thread_block_tile<N> (N = 1, 2, 4, ..., 1024) from tiled_partition<N>, the dynamic
 * tiled_partition(group, n), coalesced_threads(), labeled_partition, binary_partition,
 * cg::sync, invoke_one/invoke_one_broadcast, this_cluster() (a cluster of one block),
 * this_grid() (grid_group), over Anchor's warp
 * functions (anchor/warp_functions.h). Collectives: <cooperative_groups/reduce.h>,
 * <cooperative_groups/scan.h>, <cooperative_groups/memcpy_async.h>.
 *
 * Written for Anchor from the CUDA C++ Programming Guide's "Cooperative Groups" chapter.
 * A warp is a SIMD-group of 32 lanes whose lanes run in lockstep (docs/compiler.md,
 * "Warps"): a tile's operations use its member mask (the tile's aligned lanes), a
 * coalesced group's the mask of the lanes that were active when it was made.
 *
 * grid_group::sync() works in a cooperative launch (below; it needs MSL 3.2 for its
 * fences). Not supported, as a compile-time error naming the construct: this_multi_grid()
 * (removed from CUDA 13). Tiles of more than 32 threads need MSL 3.2
 * (their barrier's fences). A tile whose
 * lanes do not all exist (a block size not a multiple of the tile size) gives defined
 * results only for operations that read no missing lane. */
#ifndef ANCHOR_COOPERATIVE_GROUPS_H
#define ANCHOR_COOPERATIVE_GROUPS_H
#pragma GCC system_header

#if defined(__CUDA__) && defined(__cplusplus)

#include "anchor/device_context.h"
#include "vector_types.h"

#define ANCHOR_CG __device__ __inline__ __attribute__((always_inline, nodebug))
#define ANCHOR_CG_STATIC static __device__ __inline__ __attribute__((always_inline, nodebug))

namespace cooperative_groups {

namespace __anchor {
template <class T> struct dependent_false {
  static constexpr bool value = false;
};
/* The calling thread's linear index in its block, its lane and the lanes below it. */
ANCHOR_CG unsigned block_rank_of_thread() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
ANCHOR_CG unsigned lane() {
  return block_rank_of_thread() % 32u;
}
ANCHOR_CG unsigned lanes_below() {
  return (1u << lane()) - 1u;
}
/* The lane of the rank-th (from 0) set bit of mask; 32 when there is none. */
ANCHOR_CG unsigned nth_lane(unsigned mask, unsigned rank) {
  for (unsigned k = 0; k < 32u; k++)
    if ((mask >> k) & 1u) {
      if (rank == 0) return k;
      rank--;
    }
  return 32u;
}
/* The bits of x at the lanes of mask, packed in lane order (bit i: the i-th lane of mask). */
ANCHOR_CG unsigned pack(unsigned x, unsigned mask) {
  unsigned r = 0, bit = 0;
  for (unsigned k = 0; k < 32u; k++)
    if ((mask >> k) & 1u) r |= ((x >> k) & 1u) << bit++;
  return r;
}
/* The aligned tile of n (a power of two <= 32) lanes holding the caller. */
ANCHOR_CG unsigned tile_mask(unsigned n) {
  return n >= 32u ? 0xffffffffu : ((1u << n) - 1u) << (lane() & ~(n - 1u));
}
enum group_kind { kind_block, kind_tile, kind_coalesced };

/* Tiles of more than 32 threads (64 ... 1024: whole warps of one block). Their barrier:
 * per tile, an arrival count and a generation in threadgroup memory (words<N>: one set per
 * tile size), zeroed by the partition, which is a block
 * barrier. A warp arrives with one atomic; the last one resets the count and advances the
 * generation, the others wait for that with a shuffle in the loop (on softmetal, where
 * lanes are fibers, a SIMD-group function is where a waiting warp lets the others run).
 * Fences (MSL 3.2) order the tile's memory accesses around it. */
template <class T, unsigned N> ANCHOR_CG T *large_tile_slots() {
  __shared__ T slots[1024]; /* one per thread of a block */
  return slots;
}
template <class T, unsigned N> ANCHOR_CG T *large_tile_partials() {
  __shared__ T partials[1024 / 32]; /* one per warp of a block */
  return partials;
}
template <unsigned N> ANCHOR_CG unsigned *large_tile_words() {
  __shared__ unsigned words[2 * 1024 / 64];
  return words;
}
/* Zeroes the words of the tiles of n threads within [first, first + count) threads of the
 * block, between two barriers of the parent (sync_parent): the first so that no thread
 * still waits in an earlier barrier of these words (it would miss the generation it
 * waits for), the second so that every thread sees the zeros. */
template <class Sync>
ANCHOR_CG void large_tile_reset(unsigned *words, unsigned n, unsigned first, unsigned count,
                                Sync sync_parent) {
  sync_parent();
  unsigned r = block_rank_of_thread();
  if (r >= first && r - first < 2u * (count / n)) words[2u * (first / n) + (r - first)] = 0;
  sync_parent();
}
ANCHOR_CG void large_tile_sync(unsigned *words, unsigned n, unsigned tile) {
  unsigned *count = words + 2 * tile, *generation = count + 1;
  __syncwarp();
  __threadfence_block();
  unsigned seen = 0;
  if (lane() == 0) {
    seen = atomicAdd(generation, 0u);
    /* The warps of the tile that exist (a last tile may be cut by the block's end). */
    unsigned left = blockDim.x * blockDim.y * blockDim.z - tile * n;
    unsigned warps = ((left < n ? left : n) + 31u) / 32u;
    if (atomicAdd(count, 1u) == warps - 1u) {
      atomicExch(count, 0u);
      __threadfence_block();
      atomicAdd(generation, 1u);
    }
  }
  seen = __shfl_sync(0xffffffffu, seen, 0);
  while (__shfl_sync(0xffffffffu, lane() == 0 ? atomicAdd(generation, 0u) : seen, 0) == seen) {
  }
  __threadfence_block();
}
} // namespace __anchor

/* ---- thread_group: any group, known at run time --------------------------------------- */
class thread_group {
protected:
  unsigned kind_, mask_, size_, meta_rank_, meta_size_;
  ANCHOR_CG thread_group(unsigned kind, unsigned mask, unsigned size, unsigned meta_rank,
                         unsigned meta_size)
      : kind_(kind), mask_(mask), size_(size), meta_rank_(meta_rank), meta_size_(meta_size) {}
  friend ANCHOR_CG thread_group tiled_partition(const thread_group &parent, unsigned tile_size);

public:
  ANCHOR_CG unsigned long long size() const {
    return kind_ == __anchor::kind_coalesced ? (unsigned)__popc(mask_) : size_;
  }
  ANCHOR_CG unsigned long long num_threads() const { return size(); }
  ANCHOR_CG unsigned long long thread_rank() const {
    if (kind_ == __anchor::kind_block) return __anchor::block_rank_of_thread();
    if (kind_ == __anchor::kind_tile) return __anchor::block_rank_of_thread() & (size_ - 1u);
    return (unsigned)__popc(mask_ & __anchor::lanes_below());
  }
  ANCHOR_CG void sync() const {
    if (kind_ == __anchor::kind_block)
      __syncthreads();
    else
      __syncwarp(mask_);
  }
  ANCHOR_CG bool is_valid() const { return true; }
};

/* ---- thread_block ------------------------------------------------------------------------ */
class thread_block : public thread_group {
  ANCHOR_CG thread_block()
      : thread_group(__anchor::kind_block, 0xffffffffu, blockDim.x * blockDim.y * blockDim.z, 0,
                     1) {}
  friend ANCHOR_CG thread_block this_thread_block();

public:
  ANCHOR_CG_STATIC void sync() { __syncthreads(); }
  ANCHOR_CG_STATIC unsigned thread_rank() { return __anchor::block_rank_of_thread(); }
  ANCHOR_CG_STATIC dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  ANCHOR_CG_STATIC dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  ANCHOR_CG_STATIC dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  ANCHOR_CG_STATIC dim3 group_dim() { return dim_threads(); }
  ANCHOR_CG_STATIC unsigned num_threads() { return blockDim.x * blockDim.y * blockDim.z; }
  ANCHOR_CG_STATIC unsigned size() { return num_threads(); }
  ANCHOR_CG_STATIC bool is_valid() { return true; }
};
ANCHOR_CG thread_block this_thread_block() {
  return thread_block();
}
/* ---- cluster_group: a thread-block cluster of one block ------------------------------------
 * Metal has no thread-block clusters (cudaDevAttrClusterLaunch is 0). A kernel launched
 * without a cluster, or with one of 1x1x1 (__cluster_dims__(1, 1, 1)), is on CUDA a grid
 * of clusters of one block each: this_cluster() answers for that cluster. Its barrier is
 * the block's, its shared memory the block's (map_shared_rank of rank 0 is the address
 * itself, query_shared_rank 0). __cluster_dims__ of more than one block is a compile-time
 * error (anchor/qualifiers.h). Written from the Programming Guide ("Cluster Group"). */
class cluster_group : public thread_group {
  ANCHOR_CG cluster_group()
      : thread_group(__anchor::kind_block, 0xffffffffu, blockDim.x * blockDim.y * blockDim.z, 0,
                     1) {}
  friend ANCHOR_CG cluster_group this_cluster();

public:
  struct arrival_token {};
  ANCHOR_CG_STATIC void sync() { __syncthreads(); }
  /* arrive then wait: the block barrier, at the wait (an arrival alone orders nothing
   * that the wait does not). */
  ANCHOR_CG_STATIC arrival_token barrier_arrive() { return arrival_token(); }
  ANCHOR_CG_STATIC void barrier_wait() { __syncthreads(); }
  ANCHOR_CG_STATIC void barrier_wait(arrival_token &&) { __syncthreads(); }
  ANCHOR_CG_STATIC unsigned query_shared_rank(const void *) { return 0u; }
  /* The address of the same variable in the shared memory of block rank (only 0 exists). */
  template <class T> ANCHOR_CG_STATIC T *map_shared_rank(T *addr, int) { return addr; }
  ANCHOR_CG_STATIC dim3 block_index() { return dim3(0, 0, 0); }
  ANCHOR_CG_STATIC unsigned block_rank() { return 0u; }
  ANCHOR_CG_STATIC dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  ANCHOR_CG_STATIC unsigned thread_rank() { return __anchor::block_rank_of_thread(); }
  ANCHOR_CG_STATIC dim3 dim_blocks() { return dim3(1, 1, 1); }
  ANCHOR_CG_STATIC unsigned num_blocks() { return 1u; }
  ANCHOR_CG_STATIC dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  ANCHOR_CG_STATIC unsigned num_threads() { return blockDim.x * blockDim.y * blockDim.z; }
  ANCHOR_CG_STATIC unsigned size() { return num_threads(); }
};
ANCHOR_CG cluster_group this_cluster() {
  return cluster_group();
}

/* block_tile_memory<MaxBlockSize>: the shared scratch that CUDA's tiles of more than 32
 * threads need before sm_80 (this_thread_block(scratch)); from sm_80 CUDA uses reserved
 * shared memory and the struct is empty. Anchor's large tiles keep their own threadgroup
 * memory (large_tile_words and friends), so it is empty here too and accepted so that
 * code written for every target compiles. */
template <unsigned MaxBlockSize = 1024> struct block_tile_memory {};
template <unsigned MaxBlockSize>
ANCHOR_CG thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) {
  return this_thread_block();
}

/* ---- thread_block_tile<N>: an aligned group of N lanes of one warp ------------------------ */
template <unsigned N, class Parent = void> class thread_block_tile;

template <unsigned N, bool Large = (N > 32u)> class __anchor_tile_base;

/* Tiles of 1 to 32 lanes: the warp functions under the tile's member mask. */
template <unsigned N> class __anchor_tile_base<N, false> : public thread_group {

protected:
  ANCHOR_CG __anchor_tile_base(unsigned meta_rank, unsigned meta_size)
      : thread_group(__anchor::kind_tile, __anchor::tile_mask(N), N, meta_rank, meta_size) {}
  /* The member mask: a constant for a whole warp (which the backend does not check). */
  ANCHOR_CG unsigned member_mask() const { return N == 32 ? 0xffffffffu : __anchor::tile_mask(N); }
  ANCHOR_CG unsigned base() const { return __anchor::lane() & ~(N - 1u); }

public:
  static constexpr unsigned long long numThreads = N;
  ANCHOR_CG void sync() const { __syncwarp(member_mask()); }
  ANCHOR_CG unsigned long long num_threads() const { return N; }
  ANCHOR_CG unsigned long long size() const { return N; }
  ANCHOR_CG unsigned long long thread_rank() const { return __anchor::lane() & (N - 1u); }
  ANCHOR_CG unsigned long long meta_group_rank() const { return meta_rank_; }
  ANCHOR_CG unsigned long long meta_group_size() const { return meta_size_; }
  template <class T> ANCHOR_CG T shfl(T var, int src_rank) const {
    return __shfl_sync(member_mask(), var, src_rank, N);
  }
  template <class T> ANCHOR_CG T shfl_up(T var, unsigned delta) const {
    return __shfl_up_sync(member_mask(), var, delta, N);
  }
  template <class T> ANCHOR_CG T shfl_down(T var, unsigned delta) const {
    return __shfl_down_sync(member_mask(), var, delta, N);
  }
  template <class T> ANCHOR_CG T shfl_xor(T var, unsigned lane_mask) const {
    return __shfl_xor_sync(member_mask(), var, (int)lane_mask, N);
  }
  ANCHOR_CG int any(int predicate) const { return __any_sync(member_mask(), predicate); }
  ANCHOR_CG int all(int predicate) const { return __all_sync(member_mask(), predicate); }
  /* Bit i: the thread of rank i. */
  ANCHOR_CG unsigned ballot(int predicate) const {
    return __ballot_sync(member_mask(), predicate) >> base();
  }
  template <class T> ANCHOR_CG unsigned match_any(T value) const {
    return __match_any_sync(member_mask(), value) >> base();
  }
  template <class T> ANCHOR_CG unsigned match_all(T value, int &pred) const {
    return __match_all_sync(member_mask(), value, &pred) >> base();
  }
  /* The lanes of the warp this tile's members are (for partitions of a tile). */
  ANCHOR_CG unsigned __anchor_mask() const { return __anchor::tile_mask(N); }
};

/* Tiles of 64 to 1024 threads (whole warps): sync, ranks and sizes; shfl, any, all and
 * cg::reduce through threadgroup memory between two tile barriers (shfl: 1024 values of
 * its type per tile size, reduce: 32; only in kernels that use them). */
template <unsigned N> class __anchor_tile_base<N, true> : public thread_group {
protected:
  ANCHOR_CG __anchor_tile_base(unsigned meta_rank, unsigned meta_size)
      : thread_group(__anchor::kind_tile, 0xffffffffu, N, meta_rank, meta_size) {}

public:
  static constexpr unsigned long long numThreads = N;
  /* The tile's words by its index in the block (a tile of a tile has another meta rank). */
  ANCHOR_CG void sync() const {
    __anchor::large_tile_sync(__anchor::large_tile_words<N>(), N,
                              __anchor::block_rank_of_thread() / N);
  }
  ANCHOR_CG unsigned long long num_threads() const { return N; }
  ANCHOR_CG unsigned long long size() const { return N; }
  ANCHOR_CG unsigned long long thread_rank() const {
    return __anchor::block_rank_of_thread() & (N - 1u);
  }
  ANCHOR_CG unsigned long long meta_group_rank() const { return meta_rank_; }
  ANCHOR_CG unsigned long long meta_group_size() const { return meta_size_; }
  template <class T> ANCHOR_CG T shfl(T var, int src_rank) const {
    T *slots = __anchor::large_tile_slots<T, N>();
    unsigned rank = __anchor::block_rank_of_thread();
    slots[rank] = var;
    sync();
    T r = slots[(rank & ~(N - 1u)) + ((unsigned)src_rank & (N - 1u))];
    sync();
    return r;
  }
  /* op over the tile's values: a butterfly in each warp, then the warps' results in
   * order (every thread combines them). */
  template <class T, class Op> ANCHOR_CG T __anchor_reduce(T value, Op op) const {
    for (int d = 16; d > 0; d /= 2)
      value = op(value, __shfl_xor_sync(0xffffffffu, value, d));
    T *slots = __anchor::large_tile_partials<T, N>();
    unsigned rank = __anchor::block_rank_of_thread(), first = (rank & ~(N - 1u)) / 32u;
    unsigned left = blockDim.x * blockDim.y * blockDim.z - first * 32u;
    unsigned warps = ((left < N ? left : N) + 31u) / 32u;
    if (__anchor::lane() == 0) slots[rank / 32u] = value;
    sync();
    T acc = slots[first];
    for (unsigned k = 1; k < warps; k++)
      acc = op(acc, slots[first + k]);
    sync();
    return acc;
  }
  ANCHOR_CG int any(int predicate) const {
    return (int)__anchor_reduce(predicate != 0 ? 1u : 0u,
                                [](unsigned a, unsigned b) { return a | b; });
  }
  ANCHOR_CG int all(int predicate) const {
    return (int)__anchor_reduce(predicate != 0 ? 1u : 0u,
                                [](unsigned a, unsigned b) { return a & b; });
  }
};

template <unsigned N> class thread_block_tile<N, void> : public __anchor_tile_base<N> {
  static_assert(N >= 1 && N <= 1024 && (N & (N - 1)) == 0,
                "Anchor: thread_block_tile<N> needs N a power of two from 1 to 1024");

protected:
  ANCHOR_CG thread_block_tile(unsigned meta_rank, unsigned meta_size)
      : __anchor_tile_base<N>(meta_rank, meta_size) {}
};

template <unsigned N, class Parent> class thread_block_tile : public thread_block_tile<N, void> {
  ANCHOR_CG thread_block_tile(unsigned meta_rank, unsigned meta_size)
      : thread_block_tile<N, void>(meta_rank, meta_size) {}
  template <unsigned M, class P>
  friend ANCHOR_CG thread_block_tile<M, P> tiled_partition(const P &);
};

namespace __anchor {
/* Whether Parent is a thread_block_tile of more than 32 threads (a tile's tiles of more
 * than 32 threads are whole warps of it, aligned in the block as the tile is). */
template <class Parent> struct is_large_tile {
  static constexpr bool value = false;
};
template <unsigned M, class P> struct is_large_tile<thread_block_tile<M, P>> {
  static constexpr bool value = M > 32u;
};
} // namespace __anchor

/* tiled_partition<N>(parent): a block's tiles count from its thread 0, a tile's tiles
 * from the tile's rank 0. Tiles of more than 32 threads: of a thread_block, or of a
 * larger tile (CUDA's header, too, wants N smaller than a parent tile); their barrier
 * words are zeroed here, between two barriers of the parent (the block, or the parent
 * tile: a partition of one tile does not wait for the block's other threads). */
template <unsigned N, class Parent>
ANCHOR_CG thread_block_tile<N, Parent> tiled_partition(const Parent &parent) {
  static_assert(N <= 32u || __is_same(Parent, thread_block) ||
                    __anchor::is_large_tile<Parent>::value,
                "Anchor: tiles of more than 32 threads are partitions of a thread_block or "
                "of a tile of more than 32 threads");
  unsigned rank = (unsigned)parent.thread_rank(), size = (unsigned)parent.num_threads();
  if constexpr (N > 32u && __is_same(Parent, thread_block)) {
    __anchor::large_tile_reset(__anchor::large_tile_words<N>(), N, 0u, 1024u,
                               [] { __syncthreads(); });
  } else if constexpr (N > 32u) {
    static_assert(N < Parent::numThreads,
                  "tiled_partition<N> of a tile needs N smaller than the tile (as in CUDA)");
    unsigned first = __anchor::block_rank_of_thread() - rank;
    __anchor::large_tile_reset(__anchor::large_tile_words<N>(), N, first,
                               (unsigned)Parent::numThreads, [&] { parent.sync(); });
  }
  return thread_block_tile<N, Parent>(rank / N, (size + N - 1u) / N);
}

/* ---- coalesced_group: the lanes active where it was made, by rank ---------------------- */
class coalesced_group : public thread_group {
  ANCHOR_CG explicit coalesced_group(unsigned mask, unsigned meta_rank = 0, unsigned meta_size = 1)
      : thread_group(__anchor::kind_coalesced, mask, 0, meta_rank, meta_size) {}
  friend ANCHOR_CG coalesced_group coalesced_threads();
  friend ANCHOR_CG coalesced_group __anchor_coalesced(unsigned mask, unsigned meta_rank,
                                                      unsigned meta_size);
  ANCHOR_CG unsigned lane_of(unsigned rank) const { return __anchor::nth_lane(mask_, rank); }

public:
  ANCHOR_CG unsigned long long num_threads() const { return (unsigned)__popc(mask_); }
  ANCHOR_CG unsigned long long size() const { return num_threads(); }
  ANCHOR_CG unsigned long long thread_rank() const {
    return (unsigned)__popc(mask_ & __anchor::lanes_below());
  }
  ANCHOR_CG unsigned long long meta_group_rank() const { return meta_rank_; }
  ANCHOR_CG unsigned long long meta_group_size() const { return meta_size_; }
  ANCHOR_CG void sync() const { __syncwarp(mask_); }
  template <class T> ANCHOR_CG T shfl(T var, unsigned src_rank) const {
    unsigned src = lane_of(src_rank);
    return __shfl_sync(mask_, var, (int)(src < 32u ? src : __anchor::lane()));
  }
  /* Ranks below 0 or from size() on read the caller's own value, as tiles do. */
  template <class T> ANCHOR_CG T shfl_up(T var, unsigned delta) const {
    unsigned rank = (unsigned)thread_rank();
    return __shfl_sync(mask_, var, (int)(rank >= delta ? lane_of(rank - delta) : __anchor::lane()));
  }
  template <class T> ANCHOR_CG T shfl_down(T var, unsigned delta) const {
    unsigned src = lane_of((unsigned)thread_rank() + delta);
    return __shfl_sync(mask_, var, (int)(src < 32u ? src : __anchor::lane()));
  }
  ANCHOR_CG int any(int predicate) const { return __any_sync(mask_, predicate); }
  ANCHOR_CG int all(int predicate) const { return __all_sync(mask_, predicate); }
  /* Bit i: the thread of rank i. */
  ANCHOR_CG unsigned ballot(int predicate) const {
    return __anchor::pack(__ballot_sync(mask_, predicate), mask_);
  }
  template <class T> ANCHOR_CG unsigned match_any(T value) const {
    return __anchor::pack(__match_any_sync(mask_, value), mask_);
  }
  template <class T> ANCHOR_CG unsigned match_all(T value, int &pred) const {
    return __anchor::pack(__match_all_sync(mask_, value, &pred), mask_);
  }
  ANCHOR_CG unsigned __anchor_mask() const { return mask_; }
};
ANCHOR_CG coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}
ANCHOR_CG coalesced_group __anchor_coalesced(unsigned mask, unsigned meta_rank = 0,
                                             unsigned meta_size = 1) {
  return coalesced_group(mask, meta_rank, meta_size);
}

/* ---- dynamic partitions ------------------------------------------------------------------- */
/* tiled_partition(parent, n): n a power of two from 1 to 32. Of a thread_block or a tile:
 * the aligned tiles of n lanes; of a coalesced group: its ranks by n (ranks k*n ...
 * k*n+n-1 form group k), a coalesced group again. Any other n fails the launch as in
 * CUDA 13, whose _get_tiled_threads calls __trap() for n = 0, n > 32 or n not a power of
 * two (tiles of more than 32 threads only as tiled_partition<N>): on the H200 with nvcc
 * 13.0, tiled_partition(block, 128) gave cudaErrorLaunchFailure (2026-12-01). */
ANCHOR_CG void __anchor_check_tile_size(unsigned tile_size) {
  if (tile_size == 0u || tile_size > 32u || (tile_size & (tile_size - 1u)) != 0u)
    __builtin_trap(); /* __trap() */
}
ANCHOR_CG thread_group tiled_partition(const thread_group &parent, unsigned tile_size) {
  __anchor_check_tile_size(tile_size);
  unsigned rank = (unsigned)parent.thread_rank(), size = (unsigned)parent.num_threads();
  if (parent.kind_ == __anchor::kind_coalesced) {
    unsigned first = rank / tile_size * tile_size, mask = 0;
    for (unsigned r = first; r < first + tile_size && r < size; r++)
      mask |= 1u << __anchor::nth_lane(parent.mask_, r);
    return thread_group(__anchor::kind_coalesced, mask, 0, rank / tile_size,
                        (size + tile_size - 1u) / tile_size);
  }
  return thread_group(__anchor::kind_tile, __anchor::tile_mask(tile_size), tile_size,
                      rank / tile_size, (size + tile_size - 1u) / tile_size);
}
ANCHOR_CG coalesced_group tiled_partition(const coalesced_group &parent, unsigned tile_size) {
  __anchor_check_tile_size(tile_size);
  unsigned mask = parent.__anchor_mask(), rank = (unsigned)parent.thread_rank();
  unsigned size = (unsigned)parent.num_threads(), first = rank / tile_size * tile_size, part = 0;
  for (unsigned r = first; r < first + tile_size && r < size; r++)
    part |= 1u << __anchor::nth_lane(mask, r);
  return __anchor_coalesced(part, rank / tile_size, (size + tile_size - 1u) / tile_size);
}

/* The threads of g with the same label (labeled_partition) or predicate
 * (binary_partition), as a coalesced group. */
template <class Group> ANCHOR_CG coalesced_group labeled_partition(const Group &g, int label) {
  return __anchor_coalesced(__match_any_sync(g.__anchor_mask(), label));
}
template <class Group> ANCHOR_CG coalesced_group binary_partition(const Group &g, bool pred) {
  unsigned mask = g.__anchor_mask(), yes = __ballot_sync(mask, pred);
  return __anchor_coalesced(pred ? yes : mask & ~yes);
}

template <class Group> ANCHOR_CG void sync(const Group &g) {
  g.sync();
}

/* invoke_one(g, fn, args...): the thread of rank 0 calls fn; invoke_one_broadcast also
 * gives its result to every thread of g (moved as 32-bit words: any trivially copyable
 * type). g: a thread_block_tile or a coalesced_group. */
template <class Group, class Fn, class... Args>
ANCHOR_CG void invoke_one(const Group &g, Fn &&fn, Args &&...args) {
  if (g.thread_rank() == 0) fn(static_cast<Args &&>(args)...);
  g.sync();
}
template <class Group, class Fn, class... Args>
ANCHOR_CG auto invoke_one_broadcast(const Group &g, Fn &&fn, Args &&...args)
    -> decltype(fn(static_cast<Args &&>(args)...)) {
  typedef decltype(fn(static_cast<Args &&>(args)...)) R;
  static_assert(__is_trivially_copyable(R), "invoke_one_broadcast needs a trivially copyable "
                                            "result");
  enum { words = (sizeof(R) + 3) / 4 };
  unsigned bits[words] = {};
  if (g.thread_rank() == 0) {
    R r = fn(static_cast<Args &&>(args)...);
    __builtin_memcpy(bits, &r, sizeof(R));
  }
  for (int k = 0; k < words; k++)
    bits[k] = g.shfl(bits[k], 0);
  R r;
  __builtin_memcpy(&r, bits, sizeof(R));
  return r;
}

/* ---- grid_group -------------------------------------------------------------------------- */
/* The grid barrier of a cooperative launch (cudaLaunchCooperativeKernel, cudaLaunchKernelEx
 * with cudaLaunchAttributeCooperative, cuLaunchCooperativeKernel): one 32-bit word in device
 * memory per launch (the context's AC_ABI_CONTEXT_GRID word, common/abi.h; 0 in any other
 * launch). One thread per block arrives, after a block barrier, with one atomic add: block 0
 * adds 2^31 - (blocks - 1), every other block 1, so the word's bit 31 flips exactly when the
 * last block arrives and its low bits are back to 0 for the next sync. A block's arriving
 * thread then spins (device atomics) until bit 31 differs from what it saw when arriving, and
 * a block barrier releases the others. This needs every block of the grid resident at once:
 * Metal promises no forward progress between threadgroups, so the runtime accepts a
 * cooperative launch only up to the co-resident capacity the occupancy API reports
 * (cudaErrorCooperativeLaunchTooLarge above it; docs/runtime.md "Cooperative launches").
 * Fences (MSL 3.2, as __threadfence) order each thread's memory accesses around it. */
namespace __anchor {
ANCHOR_CG unsigned *grid_barrier_word() {
  return (unsigned *)__anchor_context_grid();
}
ANCHOR_CG bool grid_arriving_thread() {
  return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}
/* The word's value before the block's arrival (meaningful in the arriving thread). */
ANCHOR_CG unsigned grid_arrive(unsigned *word) {
  __threadfence();
  __syncthreads();
  unsigned token = 0;
  if (grid_arriving_thread()) {
    unsigned blocks = gridDim.x * gridDim.y * gridDim.z;
    bool first = blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0;
    token = atomicAdd(word, first ? 0x80000000u - (blocks - 1u) : 1u);
  }
  return token;
}
ANCHOR_CG void grid_wait(unsigned token, unsigned *word) {
  if (grid_arriving_thread()) {
    while (((atomicAdd(word, 0u) ^ token) & 0x80000000u) == 0) {
    }
  }
  __syncthreads();
  __threadfence();
}
} // namespace __anchor

class grid_group {
  ANCHOR_CG grid_group() {}
  friend ANCHOR_CG grid_group this_grid();

public:
  /* Whether the grid can synchronize: every launch has a grid-barrier word (CUDA 13 on an
   * H100, 2026-12-06: is_valid() true in an ordinary launch too); 0 only if the runtime
   * had no room for the words, and then sync() traps rather than hang. */
  ANCHOR_CG bool is_valid() const { return __anchor_context_grid() != 0; }
  /* Every thread of the grid must call it. In an ordinary launch it synchronises as in a
   * cooperative one (as CUDA 13 does), but only a cooperative launch guarantees that every
   * block is resident: a grid beyond the capacity hangs as on a GPU (the watchdog ends it
   * on softmetal). */
  ANCHOR_CG void sync() const {
    if (!is_valid()) __trap();
    unsigned *word = __anchor::grid_barrier_word();
    __anchor::grid_wait(__anchor::grid_arrive(word), word);
  }
  /* The split barrier (CUDA 12 and later): arrive, do other work, wait. */
  typedef unsigned int arrival_token;
  ANCHOR_CG arrival_token barrier_arrive() const {
    if (!is_valid()) __trap();
    return __anchor::grid_arrive(__anchor::grid_barrier_word());
  }
  ANCHOR_CG void barrier_wait(arrival_token &&token) const {
    __anchor::grid_wait(token, __anchor::grid_barrier_word());
  }
  ANCHOR_CG_STATIC unsigned long long num_blocks() {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  ANCHOR_CG_STATIC unsigned long long block_rank() {
    return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  }
  ANCHOR_CG_STATIC unsigned long long num_threads() {
    return num_blocks() * (blockDim.x * blockDim.y * blockDim.z);
  }
  ANCHOR_CG_STATIC unsigned long long size() { return num_threads(); }
  ANCHOR_CG_STATIC unsigned long long thread_rank() {
    return block_rank() * (blockDim.x * blockDim.y * blockDim.z) + __anchor::block_rank_of_thread();
  }
  ANCHOR_CG_STATIC dim3 dim_blocks() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  ANCHOR_CG_STATIC dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  ANCHOR_CG_STATIC dim3 group_dim() { return dim_blocks(); }
  ANCHOR_CG_STATIC dim3 dim_threads() {
    return dim3(gridDim.x * blockDim.x, gridDim.y * blockDim.y, gridDim.z * blockDim.z);
  }
  ANCHOR_CG_STATIC dim3 thread_index() {
    return dim3(blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y * blockDim.y + threadIdx.y,
                blockIdx.z * blockDim.z + threadIdx.z);
  }
};
ANCHOR_CG grid_group this_grid() {
  return grid_group();
}
template <class Unused = void> ANCHOR_CG void this_multi_grid() {
  static_assert(__anchor::dependent_false<Unused>::value,
                "Anchor: this_multi_grid() (multi-device cooperative launch) is not supported "
                "(CUDA 13 removed it)");
}

} // namespace cooperative_groups

#undef ANCHOR_CG
#undef ANCHOR_CG_STATIC

#endif /* __CUDA__ && __cplusplus */
#endif
