// ptx_named_barriers.cu — inline PTX named barriers: bar.sync/barrier.sync with a thread
// count, bar.arrive (producer/consumer: 4 producer warps fill a shared buffer and arrive,
// 4 consumer warps sync on it and read, two barriers alternating for 8 rounds), disjoint
// subsets of warps on different barriers at once (2 warps on barrier 3, 6 on barrier 4,
// each exchanging data only within its subset), a barrier other than 0 without a count
// (the whole block), ids and counts in registers, and bar.red.{popc,and,or} with and
// without a count. Every value is checked against the CPU. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { THREADS = 256, ROUNDS = 8, BLOCKS = 3, RESULTS = 8 };

__device__ void bar_sync(unsigned id, unsigned count) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}

__global__ void barriers(unsigned *out) {
  __shared__ unsigned buffer[128], subset[THREADS], whole[THREADS];
  unsigned t = threadIdx.x, *o = out + ((size_t)blockIdx.x * THREADS + t) * RESULTS;
  // producer/consumer: barrier 1 "full", barrier 2 "empty", 256 threads each
  unsigned sum = 0;
  for (unsigned r = 0; r < ROUNDS; r++) {
    if (t < 128) {
      if (r > 0) asm volatile("bar.sync 2, 256;" ::: "memory"); // wait until consumed
      buffer[t] = r * 1000u + t + blockIdx.x * 7u;
      asm volatile("bar.arrive 1, 256;" ::: "memory");
    } else {
      asm volatile("barrier.sync 1, 256;" ::: "memory");
      sum += buffer[(t - 128 + 37u * r) % 128u];
      if (r + 1 < ROUNDS) asm volatile("bar.arrive 2, 256;" ::: "memory");
    }
  }
  o[0] = sum;
  // subsets: warps 0-1 on barrier 3 (64 threads), warps 2-7 on barrier 4 (192 threads)
  subset[t] = t * 3u + blockIdx.x;
  unsigned got;
  if (t < 64) {
    asm volatile("bar.sync 3, 64;" ::: "memory");
    got = subset[(t + 32u) % 64u];
  } else {
    bar_sync(4u, 192u);
    got = subset[64u + (t - 64u + 96u) % 192u];
  }
  o[1] = got;
  __syncthreads();
  // barrier 5 without a count: the whole block
  whole[t] = t ^ 0x55u;
  asm volatile("bar.sync 5;" ::: "memory");
  o[2] = whole[THREADS - 1 - t];
  // reductions: counted on barrier 6 among warps 0-3, uncounted on barrier 7
  unsigned pop = 0, all = 0, any = 0;
  if (t < 128) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; bar.red.popc.u32 %0, 6, 128, p; }"
                 : "=r"(pop)
                 : "r"((unsigned)(t % 3 == 0 ? 1 : 0)));
  }
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; bar.red.and.pred q, 7, p; selp.u32 %0, 1, 0, q; }"
               : "=r"(all)
               : "r"((unsigned)(t < THREADS ? 1 : 0)));
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; barrier.red.or.pred q, 7, 256, p; selp.u32 %0, 1, 0, q; }"
               : "=r"(any)
               : "r"((unsigned)(t == 200 + blockIdx.x ? 1 : 0)));
  unsigned none;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; bar.red.and.pred q, 0, p; selp.u32 %0, 1, 0, q; }"
               : "=r"(none)
               : "r"((unsigned)(t != 17 ? 1 : 0)));
  o[3] = pop;
  o[4] = all * 10u + any * 100u + none;
  // a register id that is 0 and a count of the whole block (software, not barrier 0)
  whole[t] = t + 1000u;
  bar_sync(0u, THREADS);
  o[5] = whole[(t + 128u) % THREADS];
  o[6] = 0;
  o[7] = 0;
}

int main(void) {
  size_t n = (size_t)BLOCKS * THREADS * RESULTS;
  unsigned *dout, *out = (unsigned *)malloc(n * sizeof(unsigned));
  cudaMalloc((void **)&dout, n * sizeof(unsigned));
  barriers<<<BLOCKS, THREADS>>>(dout);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: launch: %s (%s)\n", cudaGetErrorString(e), cudaGetErrorName(e));
    return 1;
  }
  cudaMemcpy(out, dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (unsigned b = 0; b < BLOCKS && !bad; b++)
    for (unsigned t = 0; t < THREADS && !bad; t++) {
      unsigned want[RESULTS] = {0};
      if (t >= 128)
        for (unsigned r = 0; r < ROUNDS; r++)
          want[0] += r * 1000u + (t - 128 + 37u * r) % 128u + b * 7u;
      want[1] = t < 64 ? ((t + 32u) % 64u) * 3u + b : (64u + (t - 64u + 96u) % 192u) * 3u + b;
      want[2] = (THREADS - 1 - t) ^ 0x55u;
      unsigned pops = 0;
      for (unsigned k = 0; k < 128; k++)
        pops += k % 3 == 0;
      want[3] = t < 128 ? pops : 0;
      want[4] = 10u + 100u + 0u;
      want[5] = (t + 128u) % THREADS + 1000u;
      const unsigned *got = out + ((size_t)b * THREADS + t) * RESULTS;
      for (int k = 0; k < RESULTS; k++)
        if (got[k] != want[k]) {
          printf("FAIL: block %u thread %u: value %d = %u, expected %u\n", b, t, k, got[k],
                 want[k]);
          bad = 1;
          break;
        }
    }
  if (bad)
    return 1;
  printf("PASS\n");
  return 0;
}
