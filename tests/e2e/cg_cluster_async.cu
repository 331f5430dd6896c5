// cg_cluster_async.cu — end-to-end test of cooperative groups' cluster_group (a kernel
// with __cluster_dims__(1, 1, 1) and one without: on CUDA each block is then a cluster of
// one; Metal has no larger clusters), reduce_store_async / reduce_update_async (CUDA 12)
// over tiles of 16, 32 and 64 threads, and the forms of memcpy_async with an aligned size
// and with element counts (layout form, min of the two counts). Values the CPU computes.
// cudaDevAttrClusterLaunch is printed, not checked (0 under Anchor, 1 on an H100/H200).
// reduce_update_async needs an atomic: cuda::atomic_ref from libcu++ where <cuda/atomic>
// exists (nvcc: CUDA's own libcu++), else a stand-in with the same members. Debian's
// libcu++ 1.8.1 (what anchorcc finds) compares signed fetch_min/fetch_max as unsigned
// (atom.min/max.u32 for every type, on NVIDIA's hardware too: docs/devlib.md "libcu++"),
// and the greater/less reductions below see negative values: with it, the stand-in.
// Prints PASS or FAIL: <details>.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

namespace cg = cooperative_groups;

#if __has_include(<cuda/atomic>)
#include <cuda/std/version>
#endif
#if __has_include(<cuda/atomic>) &&                                                              \
    !(defined(_LIBCUDACXX_CUDA_API_VERSION) && _LIBCUDACXX_CUDA_API_VERSION < 1009000)
#include <cuda/atomic>
#include <cuda/barrier>
typedef cuda::atomic_ref<int, cuda::thread_scope_device> atomic_int_ref;
template <size_t N> using aligned_size = cuda::aligned_size_t<N>;
#else
struct atomic_int_ref { // the members reduce_update_async uses, over CUDA's atomics
  int *p;
  __device__ explicit atomic_int_ref(int &x) : p(&x) {}
  __device__ int load() const { return atomicAdd(p, 0); }
  __device__ void store(int v) const { atomicExch(p, v); }
  __device__ int fetch_add(int v) const { return atomicAdd(p, v); }
  __device__ int fetch_min(int v) const { return atomicMin(p, v); }
  __device__ int fetch_max(int v) const { return atomicMax(p, v); }
  __device__ int fetch_and(int v) const { return atomicAnd(p, v); }
  __device__ int fetch_or(int v) const { return atomicOr(p, v); }
  __device__ int fetch_xor(int v) const { return atomicXor(p, v); }
  __device__ bool compare_exchange_weak(int &expected, int desired) const {
    int seen = atomicCAS(p, expected, desired);
    bool ok = seen == expected;
    expected = seen;
    return ok;
  }
};
template <size_t N> struct aligned_size { // cuda::aligned_size_t's shape
  size_t value;
  __host__ __device__ explicit aligned_size(size_t v) : value(v) {}
  __host__ __device__ operator size_t() const { return value; }
};
#endif

enum { THREADS = 128, BLOCKS = 3, CLUSTER_RESULTS = 10 };

template <class Cluster> __device__ void cluster_values(Cluster c, unsigned *o) {
  __shared__ unsigned s[THREADS], after[THREADS];
  unsigned t = threadIdx.x;
  s[t] = t * 3u + blockIdx.x;
  c.sync();
  o[0] = *c.map_shared_rank(&s[THREADS - 1 - t], 0);
  o[1] = c.query_shared_rank(&s[t]);
  o[2] = c.block_rank() * 100u + c.num_blocks();
  dim3 bi = c.block_index(), db = c.dim_blocks(), ti = c.thread_index(), dt = c.dim_threads();
  o[3] = bi.x + bi.y * 10u + bi.z * 100u + db.x * 1000u + db.y * 10000u + db.z * 100000u;
  o[4] = ti.x + ti.y * 1000u + ti.z * 100000u;
  o[5] = dt.x + dt.y * 1000u + dt.z * 100000u;
  o[6] = c.thread_rank() * 1000u + c.num_threads();
  o[7] = (unsigned)c.size() + 1000000u;
  auto token = c.barrier_arrive(); // after the reads of s above: s is not written again
  after[t] = s[t] + 1000u;          // between arrive and wait, read by others after the wait
  c.barrier_wait(static_cast<decltype(token) &&>(token));
  o[8] = after[(t + 1) % THREADS];
  c.sync();
  o[9] = 0;
}

__global__ void __cluster_dims__(1, 1, 1) with_dims(unsigned *out) {
  cluster_values(cg::this_cluster(), out + ((size_t)blockIdx.x * THREADS + threadIdx.x) * CLUSTER_RESULTS);
}
__global__ void without_dims(unsigned *out) {
  cluster_values(cg::this_cluster(), out + ((size_t)blockIdx.x * THREADS + threadIdx.x) * CLUSTER_RESULTS);
}

// Per block: stores[0..7] tile-16 sums, [8..11] tile-32 maxima, [12..13] tile-64 minima;
// updates: a sum, a max, a min, an xor and a product (no fetch_ member: CAS) over all
// threads of all blocks.
__global__ void reductions(int *stores, int *updates) {
  cg::thread_block b = cg::this_thread_block();
  int t = (int)b.thread_rank(), v = (t * 37 + (int)blockIdx.x * 11) % 101 - 20;
  int *s = stores + blockIdx.x * 14;
  auto t16 = cg::tiled_partition<16>(b);
  auto t32 = cg::tiled_partition<32>(b);
  auto t64 = cg::tiled_partition<64>(b);
  cg::reduce_store_async(t16, s + t16.meta_group_rank(), v, cg::plus<int>());
  cg::reduce_store_async(t32, s + 8 + t32.meta_group_rank(), v, cg::greater<int>());
  cg::reduce_store_async(t64, s + 12 + t64.meta_group_rank(), v, cg::less<int>());
  cg::reduce_update_async(t32, atomic_int_ref(updates[0]), v, cg::plus<int>());
  cg::reduce_update_async(t64, atomic_int_ref(updates[1]), v, cg::greater<int>());
  cg::reduce_update_async(t16, atomic_int_ref(updates[2]), v, cg::less<int>());
  cg::reduce_update_async(t32, atomic_int_ref(updates[3]), v, cg::bit_xor<int>());
  cg::reduce_update_async(t16, atomic_int_ref(updates[4]), (v & 1) ? 3 : 1,
                          [](int a, int c) { return a * c; });
}

// memcpy_async of 4-byte-aligned words with an aligned size, then the layout form with
// counts 100 (destination) and 77 (source): 77 elements copied, the rest untouched.
__global__ void copies(const unsigned *src, unsigned *out) {
  __shared__ unsigned a[256], c[128];
  cg::thread_block b = cg::this_thread_block();
  for (unsigned k = b.thread_rank(); k < 128; k += b.size())
    c[k] = 0xdeadu;
  b.sync();
  cg::memcpy_async(b, a, src, aligned_size<16>(256 * sizeof(unsigned)));
  cg::memcpy_async(b, c, (size_t)100, src + 3, (size_t)77);
  cg::wait(b);
  for (unsigned k = b.thread_rank(); k < 256; k += b.size())
    out[k] = a[k];
  for (unsigned k = b.thread_rank(); k < 128; k += b.size())
    out[256 + k] = c[k];
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

static int cluster_case(void (*kernel)(unsigned *), const char *name) {
  size_t n = (size_t)BLOCKS * THREADS * CLUSTER_RESULTS;
  unsigned *dout, *out = (unsigned *)malloc(n * sizeof(unsigned));
  if (check(cudaMalloc((void **)&dout, n * sizeof(unsigned)), "cudaMalloc"))
    return 1;
  kernel<<<BLOCKS, THREADS>>>(dout);
  if (check(cudaGetLastError(), name) || check(cudaDeviceSynchronize(), name) ||
      check(cudaMemcpy(out, dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  int bad = 0;
  for (unsigned blk = 0; blk < BLOCKS && !bad; blk++)
    for (unsigned t = 0; t < THREADS && !bad; t++) {
      unsigned want[CLUSTER_RESULTS] = {(THREADS - 1 - t) * 3u + blk, 0, 1, 111000u, t, THREADS +
                                        1000u + 100000u, t * 1000u + THREADS, THREADS + 1000000u,
                                        ((t + 1) % THREADS) * 3u + blk + 1000u, 0};
      const unsigned *got = out + ((size_t)blk * THREADS + t) * CLUSTER_RESULTS;
      for (int k = 0; k < CLUSTER_RESULTS; k++)
        if (got[k] != want[k]) {
          printf("FAIL: %s: block %u thread %u: value %d = %u, expected %u\n", name, blk, t, k,
                 got[k], want[k]);
          bad = 1;
          break;
        }
    }
  cudaFree(dout);
  free(out);
  return bad;
}

static int reduction_case(void) {
  int *dstores, *dupdates, stores[BLOCKS * 14], updates[5] = {0, -1000, 1000, 0, 1};
  if (check(cudaMalloc((void **)&dstores, sizeof stores), "cudaMalloc") ||
      check(cudaMalloc((void **)&dupdates, sizeof updates), "cudaMalloc") ||
      check(cudaMemcpy(dupdates, updates, sizeof updates, cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  reductions<<<BLOCKS, THREADS>>>(dstores, dupdates);
  if (check(cudaGetLastError(), "reductions") || check(cudaDeviceSynchronize(), "reductions") ||
      check(cudaMemcpy(stores, dstores, sizeof stores, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(updates, dupdates, sizeof updates, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  int want_updates[5] = {0, -1000, 1000, 0, 1};
  for (int blk = 0; blk < BLOCKS; blk++) {
    int want[14];
    for (int k = 0; k < 8; k++)
      want[k] = 0;
    for (int k = 8; k < 12; k++)
      want[k] = -1000;
    for (int k = 12; k < 14; k++)
      want[k] = 1000;
    for (int t = 0; t < THREADS; t++) {
      int v = (t * 37 + blk * 11) % 101 - 20;
      want[t / 16] += v;
      want[8 + t / 32] = v > want[8 + t / 32] ? v : want[8 + t / 32];
      want[12 + t / 64] = v < want[12 + t / 64] ? v : want[12 + t / 64];
      want_updates[0] += v;
      want_updates[1] = v > want_updates[1] ? v : want_updates[1];
      want_updates[2] = v < want_updates[2] ? v : want_updates[2];
      want_updates[3] ^= v;
      want_updates[4] *= (v & 1) ? 3 : 1;
    }
    for (int k = 0; k < 14; k++)
      if (stores[blk * 14 + k] != want[k]) {
        printf("FAIL: reduce_store_async: block %d value %d = %d, expected %d\n", blk, k,
               stores[blk * 14 + k], want[k]);
        return 1;
      }
  }
  for (int k = 0; k < 5; k++)
    if (updates[k] != want_updates[k]) {
      printf("FAIL: reduce_update_async: value %d = %d, expected %d\n", k, updates[k],
             want_updates[k]);
      return 1;
    }
  cudaFree(dstores);
  cudaFree(dupdates);
  return 0;
}

static int copy_case(void) {
  unsigned src[256], out[384], *dsrc, *dout;
  for (int k = 0; k < 256; k++)
    src[k] = (unsigned)k * 2654435761u;
  if (check(cudaMalloc((void **)&dsrc, sizeof src), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, sizeof out), "cudaMalloc") ||
      check(cudaMemcpy(dsrc, src, sizeof src, cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  copies<<<1, 96>>>(dsrc, dout);
  if (check(cudaGetLastError(), "copies") || check(cudaDeviceSynchronize(), "copies") ||
      check(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int k = 0; k < 384; k++) {
    unsigned want = k < 256 ? src[k] : k - 256 < 77 ? src[k - 256 + 3] : 0xdeadu;
    if (out[k] != want) {
      printf("FAIL: memcpy_async: word %d = %u, expected %u\n", k, out[k], want);
      return 1;
    }
  }
  cudaFree(dsrc);
  cudaFree(dout);
  return 0;
}

int main(void) {
  int cluster_launch = -1;
  cudaDeviceGetAttribute(&cluster_launch, cudaDevAttrClusterLaunch, 0);
  printf("cudaDevAttrClusterLaunch = %d\n", cluster_launch);
  if (cluster_case(with_dims, "__cluster_dims__(1,1,1)") || cluster_case(without_dims, "no cluster") ||
      reduction_case() || copy_case())
    return 1;
  printf("PASS\n");
  return 0;
}
