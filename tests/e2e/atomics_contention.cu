// atomics_contention.cu — end-to-end test of atomics under heavy contention, all exact:
//  1. a million threads (4096 blocks of 256) on one address each: a 32-bit counter, a 64-bit
//     counter starting below 2^32 (its adds carry into the high word), a double sum of
//     integers (exact in binary64), and 64-bit olds that must be a permutation;
//  2. mixed traffic on neighbouring words: a 64-bit counter between two 32-bit counters and
//     next to a 16-bit pair updated by atomicCAS loops, all exact at the end;
//  3. shared memory: per block a 64-bit counter and a double sum in __shared__ (the same
//     shared address in every block is a different location), then added to global ones.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long u64;

enum { BLOCKS = 4096, THREADS = 256, N = BLOCKS * THREADS };
static const u64 START64 = 0xffff0000ull;

struct Neighbours {
  unsigned before;
  unsigned pad; // keeps `big` 8-byte aligned between the 32-bit counters
  u64 big;
  unsigned after;
  unsigned short lo, hi; // one 32-bit word: each half its own counter
};

struct Totals {
  unsigned c32;
  u64 c64;
  double dsum;
  u64 shared64;
  double shared_dsum;
  unsigned blocks_ok;
};

// A 16-bit counter by CAS loop (CUDA's unsigned short atomicCAS).
__device__ void add16(unsigned short *p, unsigned short v) {
  unsigned short old = *(volatile unsigned short *)p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, (unsigned short)(assumed + v));
  } while (old != assumed);
}

__global__ void contend(Totals *t, Neighbours *nb, u64 *olds) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&t->c32, 1u);
  olds[i] = atomicAdd(&t->c64, 1ull);
  atomicAdd(&t->dsum, (double)(i & 1023));
  // neighbours: every thread hits the 64-bit counter; the 32-bit and 16-bit ones by parity
  atomicAdd(&nb->big, 3ull);
  if (i & 1)
    atomicAdd(&nb->before, 1u);
  else
    atomicAdd(&nb->after, 2u);
  if ((i & 63) == 0) add16(&nb->lo, 1);
  if ((i & 63) == 1) add16(&nb->hi, 3);
}

__global__ void contend_shared(Totals *t) {
  __shared__ u64 count;
  __shared__ double sum;
  if (threadIdx.x == 0) count = 0, sum = 0.0;
  __syncthreads();
  atomicAdd(&count, (u64)blockIdx.x + 1);
  atomicAdd(&sum, (double)threadIdx.x);
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(&t->shared64, count);
    atomicAdd(&t->shared_dsum, sum);
    if (count == (u64)THREADS * (blockIdx.x + 1) && sum == THREADS * (THREADS - 1) / 2.0)
      atomicAdd(&t->blocks_ok, 1u);
  }
}

static int cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 1;
  printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return 0;
}

int main(void) {
  Totals *t;
  Neighbours *nb;
  u64 *olds;
  if (!cuda_ok(cudaMallocManaged(&t, sizeof *t), "cudaMallocManaged") ||
      !cuda_ok(cudaMallocManaged(&nb, sizeof *nb), "cudaMallocManaged") ||
      !cuda_ok(cudaMallocManaged(&olds, N * sizeof(u64)), "cudaMallocManaged"))
    return 1;
  memset(t, 0, sizeof *t);
  memset(nb, 0, sizeof *nb);
  t->c64 = START64;
  nb->big = 0xfffffffffff00000ull; // wraps past 2^64 during the test
  contend<<<BLOCKS, THREADS>>>(t, nb, olds);
  contend_shared<<<BLOCKS, THREADS>>>(t);
  if (!cuda_ok(cudaDeviceSynchronize(), "kernels")) return 1;

  int failures = 0;
  double dsum = 0;
  for (unsigned i = 0; i < N; i++)
    dsum += (double)(i & 1023);
  u64 shared64 = 0;
  for (u64 b = 0; b < BLOCKS; b++)
    shared64 += THREADS * (b + 1);
  double shared_dsum = BLOCKS * (THREADS * (THREADS - 1) / 2.0);
  printf("c32 %u c64 0x%llx dsum %.17g shared64 %llu shared_dsum %.17g blocks_ok %u\n", t->c32,
         t->c64, t->dsum, t->shared64, t->shared_dsum, t->blocks_ok);
  printf("neighbours: before %u big 0x%llx after %u lo %u hi %u\n", nb->before, nb->big,
         nb->after, nb->lo, nb->hi);
  if (t->c32 != N || t->c64 != START64 + N || t->dsum != dsum || t->shared64 != shared64 ||
      t->shared_dsum != shared_dsum || t->blocks_ok != BLOCKS) {
    printf("FAIL: totals (expected c32 %u c64 0x%llx dsum %.17g shared64 %llu shared_dsum "
           "%.17g blocks_ok %u)\n",
           (unsigned)N, START64 + N, dsum, shared64, shared_dsum, (unsigned)BLOCKS);
    failures++;
  }
  if (nb->before != N / 2 || nb->after != N || nb->big != 0xfffffffffff00000ull + 3ull * N ||
      nb->lo != N / 64 || nb->hi != 3 * (N / 64) ||
      nb->pad != 0) {
    printf("FAIL: neighbours (expected before %u big 0x%llx after %u lo %u hi %u)\n",
           (unsigned)N / 2, 0xfffffffffff00000ull + 3ull * N, (unsigned)N,
           (unsigned)N / 64, 3u * (N / 64));
    failures++;
  }
  unsigned char *seen = (unsigned char *)calloc(N, 1);
  for (unsigned i = 0; i < N; i++) {
    u64 k = olds[i] - START64;
    if (k >= N || seen[k]++) {
      printf("FAIL: 64-bit old value %llu (thread %u) out of range or repeated\n", olds[i], i);
      failures++;
      break;
    }
  }
  free(seen);
  if (failures) return 1;
  printf("OK: %d threads, exact 32-bit, 64-bit, double and 16-bit totals, global and shared\n",
         (int)N);
  printf("PASS\n");
  return 0;
}
