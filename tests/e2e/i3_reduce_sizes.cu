// i3_reduce_sizes.cu — end-to-end test of a shared-memory tree reduction with one
// barrier per level, as a kernel template instantiated for block sizes 1, 32, 64, 128,
// 256, 512 and 1024 (the number of levels, hence of barriers in the loop, differs per
// size), each on n = 100,003 elements (not a multiple of any block size) and on n = 5.
// Each block sums 2*B elements (two loads per thread, the second often out of range);
// a second launch of the same kernel reduces the block sums until one value is left.
// 64-bit sums of values up to 2^31 are exact; every partial result of the first pass
// and the final sum are compared with the CPU. Prints PASS or FAIL: <details>.
//
// Validated with nvcc -O2 -arch=sm_90 (CUDA 13.0, V13.0.88) on an NVIDIA H200 (driver
// 580.159.04), 2026-11-29 17:47 and 17:49 UTC: PASS (tests/e2e/i3_device_run.sh; log in
// tests/e2e/observed/h200-i3.log); compute-sanitizer racecheck and synccheck: 0 hazards,
// 0 errors (observed/h200-i3-sanitizer.log).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

template <int B> __global__ void reduce(const long long *in, long long *out, int n) {
  __shared__ long long part[B];
  int t = threadIdx.x, i = blockIdx.x * 2 * B + t;
  long long v = i < n ? in[i] : 0;
  if (i + B < n)
    v += in[i + B];
  part[t] = v;
  __syncthreads();
  for (int s = B / 2; s > 0; s >>= 1) {
    if (t < s)
      part[t] += part[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = part[0];
}

static int check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(err));
    return 1;
  }
  return 0;
}

// Sums d_in[0..n) with blocks of B threads, checking the first pass's block sums.
template <int B> static int run(const long long *h_in, const long long *d_in, int n) {
  int blocks = (n + 2 * B - 1) / (2 * B);
  long long *d_a = NULL, *d_b = NULL, total = 0;
  long long *h = (long long *)malloc(blocks * sizeof(long long));
  int bad = check(cudaMalloc(&d_a, blocks * sizeof(long long)), "cudaMalloc a") ||
            check(cudaMalloc(&d_b, blocks * sizeof(long long)), "cudaMalloc b");
  if (!bad) {
    reduce<B><<<blocks, B>>>(d_in, d_a, n);
    bad = check(cudaGetLastError(), "first pass") ||
          check(cudaMemcpy(h, d_a, blocks * sizeof(long long), cudaMemcpyDeviceToHost), "copy");
  }
  for (int b = 0; b < blocks && !bad; b++) {
    long long want = 0;
    for (int i = b * 2 * B; i < (b + 1) * 2 * B && i < n; i++)
      want += h_in[i];
    if (h[b] != want) {
      printf("FAIL: B=%d n=%d block %d sum %lld, expected %lld\n", B, n, b, h[b], want);
      bad = 1;
    }
  }
  for (int m = blocks; m > 1 && !bad;) { // reduce the block sums until one is left
    int next = (m + 2 * B - 1) / (2 * B);
    reduce<B><<<next, B>>>(d_a, d_b, m);
    bad = check(cudaGetLastError(), "next pass");
    long long *swap = d_a;
    d_a = d_b;
    d_b = swap;
    m = next;
  }
  if (!bad)
    bad = check(cudaMemcpy(&total, d_a, sizeof total, cudaMemcpyDeviceToHost), "copy total");
  long long want = 0;
  for (int i = 0; i < n; i++)
    want += h_in[i];
  if (!bad && total != want) {
    printf("FAIL: B=%d n=%d total %lld, expected %lld\n", B, n, total, want);
    bad = 1;
  }
  if (!bad)
    printf("B=%4d n=%6d: %d blocks, total %lld\n", B, n, blocks, total);
  cudaFree(d_a);
  cudaFree(d_b);
  free(h);
  return bad;
}

template <int B> static int both(const long long *h_in, const long long *d_in, int n) {
  return run<B>(h_in, d_in, n) || run<B>(h_in, d_in, 5);
}

int main(void) {
  enum { N = 100003 };
  static long long in[N];
  unsigned s = 99;
  for (int i = 0; i < N; i++) {
    s = s * 1664525u + 1013904223u;
    in[i] = (long long)(s >> 1) - (i % 3 == 0 ? 1LL << 30 : 0);
  }
  long long *d_in = NULL;
  if (check(cudaMalloc(&d_in, sizeof in), "cudaMalloc in") ||
      check(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice), "copy in"))
    return 1;
  if (both<1>(in, d_in, N) || both<32>(in, d_in, N) || both<64>(in, d_in, N) ||
      both<128>(in, d_in, N) || both<256>(in, d_in, N) || both<512>(in, d_in, N) ||
      both<1024>(in, d_in, N))
    return 1;
  cudaFree(d_in);
  printf("PASS\n");
  return 0;
}
