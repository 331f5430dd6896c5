// tests/runtime/cuda/block_votes.cu — __syncthreads_count/_and/_or from
// Anchor's headers: each block counts, ANDs and ORs predicates of its
// threads; compared with the host. Prints PASS or FAIL lines.
#include <cstdio>
#include <cuda_runtime.h>

enum { BLOCKS = 6, THREADS = 96 };

__device__ int predicate(int block, int thread, int round) {
  return round == 0 ? (thread * 7 + block) % 5 == 0    // some
         : round == 1 ? thread >= 0                      // all
                      : block == 3 && thread == THREADS - 1; // one, in one block
}

__global__ void votes(int *out) {
  for (int round = 0; round < 3; round++) {
    int p = predicate(blockIdx.x, threadIdx.x, round);
    int count = __syncthreads_count(p);
    int all = __syncthreads_and(p);
    int any = __syncthreads_or(p);
    if (threadIdx.x == 0) {
      int *o = out + (blockIdx.x * 3 + round) * 3;
      o[0] = count;
      o[1] = all != 0;
      o[2] = any != 0;
    }
  }
}

int main() {
  int *d, got[BLOCKS * 3 * 3];
  cudaMalloc(&d, sizeof got);
  votes<<<BLOCKS, THREADS>>>(d);
  cudaMemcpy(got, d, sizeof got, cudaMemcpyDeviceToHost);
  int failures = cudaGetLastError() != cudaSuccess;
  for (int b = 0; b < BLOCKS; b++)
    for (int round = 0; round < 3; round++) {
      int count = 0;
      for (int t = 0; t < THREADS; t++) {
        int p = round == 0 ? (t * 7 + b) % 5 == 0 : round == 1 ? 1 : b == 3 && t == THREADS - 1;
        count += p;
      }
      int *g = got + (b * 3 + round) * 3;
      if (g[0] != count || g[1] != (count == THREADS) || g[2] != (count > 0)) {
        printf("FAIL: block %d round %d: got %d/%d/%d, expected %d/%d/%d\n", b, round, g[0], g[1], g[2],
               count, count == THREADS, count > 0);
        failures++;
      }
    }
  if (!failures) printf("PASS\n");
  return failures ? 1 : 0;
}
