// warp_sync_reduce.cu — the classic warp-synchronous reduction: a shared-memory tree with
// __syncthreads() down to 64 values, then the last warp finishes on `volatile` shared
// memory without __syncwarp (each step reads what its warp-mates wrote in the step
// before). Hardware runs the warp's 32 lanes in lockstep, so block sums are exact;
// a machine that runs lane 0's six steps before lane 1's first gets them wrong.
// Integer data: the expected sums are exact. Prints PASS or FAIL.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { BLOCK = 256, BLOCKS = 64 };

__device__ void warp_reduce(volatile int *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

__global__ void block_sums(const int *in, int *out) {
  __shared__ int s[BLOCK];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  for (unsigned half = BLOCK / 2; half > 32; half /= 2) {
    if (tid < half) s[tid] += s[tid + half];
    __syncthreads();
  }
  if (tid < 32) warp_reduce(s, tid);
  if (tid == 0) out[blockIdx.x] = s[0];
}

// A barrier-free kernel: one warp per block sums 64 values entirely warp-synchronously.
__global__ void warp_only_sums(const int *in, int *out) {
  __shared__ int s[64];
  unsigned tid = threadIdx.x; // 32 threads
  volatile int *v = s;
  v[tid] = in[blockIdx.x * 64 + tid];
  v[tid + 32] = in[blockIdx.x * 64 + tid + 32];
  v[tid] += v[tid + 32];
  v[tid] += v[tid + 16];
  v[tid] += v[tid + 8];
  v[tid] += v[tid + 4];
  v[tid] += v[tid + 2];
  v[tid] += v[tid + 1];
  if (tid == 0) out[blockIdx.x] = v[0];
}

static int check(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 0;
  printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return 1;
}

int main(void) {
  const int n = BLOCK * BLOCKS;
  int *h = (int *)malloc(n * sizeof(int)), sums[BLOCKS];
  for (int i = 0; i < n; i++) h[i] = (int)((i * 2654435761u) >> 20) % 1000 - 500;
  int *d_in, *d_out;
  if (check(cudaMalloc(&d_in, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc(&d_out, BLOCKS * sizeof(int)), "cudaMalloc") ||
      check(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy"))
    return 1;
  int bad = 0;
  block_sums<<<BLOCKS, BLOCK>>>(d_in, d_out);
  if (check(cudaDeviceSynchronize(), "block_sums") ||
      check(cudaMemcpy(sums, d_out, sizeof sums, cudaMemcpyDeviceToHost), "cudaMemcpy"))
    return 1;
  for (int b = 0; b < BLOCKS; b++) {
    int want = 0;
    for (int i = 0; i < BLOCK; i++) want += h[b * BLOCK + i];
    if (sums[b] != want && bad++ < 5) printf("block_sums[%d] = %d, want %d\n", b, sums[b], want);
  }
  const int blocks2 = n / 64;
  int *sums2 = (int *)malloc(blocks2 * sizeof(int));
  int *d_out2;
  if (check(cudaMalloc(&d_out2, blocks2 * sizeof(int)), "cudaMalloc")) return 1;
  warp_only_sums<<<blocks2, 32>>>(d_in, d_out2);
  if (check(cudaDeviceSynchronize(), "warp_only_sums") ||
      check(cudaMemcpy(sums2, d_out2, blocks2 * sizeof(int), cudaMemcpyDeviceToHost),
            "cudaMemcpy"))
    return 1;
  for (int b = 0; b < blocks2; b++) {
    int want = 0;
    for (int i = 0; i < 64; i++) want += h[b * 64 + i];
    if (sums2[b] != want && bad++ < 10)
      printf("warp_only_sums[%d] = %d, want %d\n", b, sums2[b], want);
  }
  if (bad) {
    printf("FAIL: %d wrong sums\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
