// cg_large_tiles.cu — end-to-end test of cooperative groups' tiles of more than one warp:
// tiled_partition<64>, <128>, <256> of blocks of 256 and 512 threads and the dynamic
// tiled_partition(block, 128): thread_rank, num_threads, size, meta_group_rank,
// meta_group_size, shfl (unsigned, double), any, all, cg::reduce (plus, greater, less),
// and sync() as a barrier of the tile's warps only (each round every
// thread writes shared memory, syncs its tile and reads what threads of other warps of its
// tile wrote; rounds repeat, so the barrier is reused). Tiles of different sizes live side
// by side. The block comes from this_thread_block(block_tile_memory), the form CUDA needs
// for large tiles before sm_80 (accepted, and not needed, from sm_80). The dynamic
// tiled_partition(block, n) takes only n <= 32 (a power of two): CUDA 13 calls __trap()
// for tiled_partition(block, 128), which fails the launch (observed on the H200 with nvcc
// 13.0, 2026-12-01: "unspecified launch failure"); the test's last launch checks that.
// Values the CPU computes. Prints PASS or FAIL: <details>.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

namespace cg = cooperative_groups;

enum { ROUNDS = 4, RESULTS = 4 + 3 * ROUNDS + 2 };

template <unsigned N>
__device__ unsigned rounds(const cg::thread_block_tile<N> &t, unsigned *s, unsigned salt) {
  unsigned rank = (unsigned)t.thread_rank(), base = (unsigned)t.meta_group_rank() * N, acc = 0;
  for (unsigned r = 0; r < ROUNDS; r++) {
    s[base + rank] = (base + rank) * 7u + r * 1000u + salt;
    t.sync();
    unsigned have = blockDim.x - base < N ? blockDim.x - base : N; // the tile's threads
    acc = acc * 31u + s[base + (rank + 37u * (r + 1u)) % have]; // mostly another warp's
    t.sync(); // before the next round overwrites
  }
  return acc;
}

__global__ void tiles(unsigned *out) {
  __shared__ unsigned s64[512], s128[512], s256[512], sdyn[512];
  __shared__ cg::block_tile_memory<512> scratch;
  cg::thread_block b = cg::this_thread_block(scratch);
  unsigned rank = b.thread_rank();
  unsigned *o = out + ((size_t)blockIdx.x * b.size() + rank) * RESULTS;
  cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(b);
  cg::thread_block_tile<128> t128 = cg::tiled_partition<128>(b);
  cg::thread_block_tile<256> t256 = cg::tiled_partition<256>(b);
  o[0] = (unsigned)t64.thread_rank() * 1000u + (unsigned)t64.meta_group_rank() * 10u +
         (unsigned)t64.meta_group_size();
  o[1] = (unsigned)t128.thread_rank() * 1000u + (unsigned)t128.meta_group_rank() * 10u +
         (unsigned)t128.meta_group_size();
  o[2] = (unsigned)t256.thread_rank() * 1000u + (unsigned)t256.meta_group_rank() * 10u +
         (unsigned)t256.meta_group_size();
  o[3] = (unsigned)(t64.num_threads() + t128.size() + t256.num_threads());
  for (unsigned r = 0; r < ROUNDS; r++)
    o[4 + r] = 0;
  unsigned a = rounds(t64, s64, 1u), c = rounds(t128, s128, 2u), d = rounds(t256, s256, 3u);
  o[4] = a, o[5] = c, o[6] = d;
  // The dynamic form, 32 threads a tile (its largest size).
  cg::thread_group g = cg::tiled_partition(b, 32);
  unsigned grank = (unsigned)g.thread_rank(), gbase = rank - grank, acc = 0;
  for (unsigned r = 0; r < ROUNDS; r++) {
    sdyn[rank] = rank * 5u + r * 100u;
    g.sync();
    acc = acc * 31u + sdyn[gbase + (grank + 7u + r) % 32u];
    g.sync();
  }
  o[7] = acc;
  o[8] = grank * 1000u + (unsigned)g.size();
  // shfl on a tile of more than 32 threads is a broadcast: CUDA 13's header implements it
  // with one source warp that the others wait for, so the source rank must be the same in
  // the whole tile (a rank that varies within the tile hung the H200, nvcc 13.0,
  // 2026-12-01); tile-dependent sources, uniform within each tile.
  o[9] = t64.shfl(rank * 3u, (int)(t64.meta_group_rank() * 7 + 5) % 64);
  o[10] = (unsigned)(t128.shfl((double)rank * 0.5, 127 - (int)t128.meta_group_rank()) * 2.0);
  o[11] = (unsigned)(t128.any(rank == 200) * 10 + t128.all(rank < 1000) * 100 +
                     t64.all(rank % 64 != 63));
  o[12] = cg::reduce(t64, rank, cg::plus<unsigned>());
  o[13] = (unsigned)cg::reduce(t256, (int)(rank * 7 % 13), cg::greater<int>()) * 1000u +
          (unsigned)cg::reduce(t128, (int)(rank * 11 % 17) - 5, cg::less<int>()) + 100u;
  for (int k = 14; k < RESULTS; k++)
    o[k] = 0;
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

static unsigned host_rounds(unsigned threads, unsigned n, unsigned rank, unsigned salt) {
  unsigned trank = rank % n, base = rank - trank, acc = 0;
  unsigned have = threads - base < n ? threads - base : n;
  for (unsigned r = 0; r < ROUNDS; r++)
    acc = acc * 31u + ((base + (trank + 37u * (r + 1u)) % have) * 7u + r * 1000u + salt);
  return acc;
}

static int run(unsigned threads, unsigned blocks) {
  size_t n = (size_t)threads * blocks * RESULTS;
  unsigned *out = (unsigned *)malloc(n * sizeof(unsigned)), *dout;
  if (check(cudaMalloc((void **)&dout, n * sizeof(unsigned)), "cudaMalloc"))
    return 1;
  tiles<<<blocks, threads>>>(dout);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "tiles") ||
      check(cudaMemcpy(out, dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  int bad = 0;
  for (unsigned blk = 0; blk < blocks && !bad; blk++)
    for (unsigned t = 0; t < threads && !bad; t++) {
      unsigned want[RESULTS] = {0};
      static const unsigned sizes[3] = {64, 128, 256};
      for (int k = 0; k < 3; k++)
        want[k] = t % sizes[k] * 1000u + t / sizes[k] * 10u + (threads + sizes[k] - 1) / sizes[k];
      want[3] = 64 + 128 + 256;
      want[4] = host_rounds(threads, 64, t, 1u);
      want[5] = host_rounds(threads, 128, t, 2u);
      want[6] = host_rounds(threads, 256, t, 3u);
      unsigned acc = 0, grank = t % 32, gbase = t - grank;
      for (unsigned r = 0; r < ROUNDS; r++)
        acc = acc * 31u + ((gbase + (grank + 7u + r) % 32u) * 5u + r * 100u);
      want[7] = acc;
      want[8] = grank * 1000u + 32u;
      want[9] = (t - t % 64 + (t / 64 * 7 + 5) % 64) * 3u;
      want[10] = t - t % 128 + 127 - t / 128;
      want[11] = (t - t % 128 <= 200 && 200 < t - t % 128 + 128 ? 10u : 0u) + 100u + 0u;
      unsigned sum = 0, base64 = t - t % 64, base128 = t - t % 128, base256 = t - t % 256;
      int mx = -1, mn = 1000;
      for (unsigned k = 0; k < 64; k++)
        sum += base64 + k;
      for (unsigned k = 0; k < 256; k++)
        mx = (int)((base256 + k) * 7 % 13) > mx ? (int)((base256 + k) * 7 % 13) : mx;
      for (unsigned k = 0; k < 128; k++)
        mn = (int)((base128 + k) * 11 % 17) - 5 < mn ? (int)((base128 + k) * 11 % 17) - 5 : mn;
      want[12] = sum;
      want[13] = (unsigned)mx * 1000u + (unsigned)mn + 100u;
      const unsigned *got = out + ((size_t)blk * threads + t) * RESULTS;
      for (int k = 0; k < RESULTS; k++)
        if (got[k] != want[k]) {
          printf("FAIL: %u threads, block %u, thread %u: result %d = %u, expected %u\n", threads,
                 blk, t, k, got[k], want[k]);
          bad = 1;
          break;
        }
    }
  cudaFree(dout);
  free(out);
  return bad;
}

// A dynamic partition of more than 32 threads: CUDA 13's tiled_partition(block, 128)
// calls __trap(), so the launch fails with cudaErrorLaunchFailure (observed on the H200
// with nvcc 13.0, 2026-12-01). The error is sticky: this is the program's last launch.
__global__ void dynamic_128(unsigned *out) {
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 128);
  out[threadIdx.x] = (unsigned)g.thread_rank();
}

int main(void) {
  if (run(256, 3) || run(512, 2))
    return 1;
  unsigned *dout;
  if (check(cudaMalloc((void **)&dout, 256 * sizeof(unsigned)), "cudaMalloc"))
    return 1;
  dynamic_128<<<1, 256>>>(dout);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaErrorLaunchFailure) {
    printf("FAIL: tiled_partition(block, 128): %s (%s), expected cudaErrorLaunchFailure\n",
           cudaGetErrorString(err), cudaGetErrorName(err));
    return 1;
  }
  printf("PASS\n");
  return 0;
}
