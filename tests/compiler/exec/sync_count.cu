// __syncthreads_count/_and/_or (llvm.nvvm.barrier0.popc/and/or): block-wide
// predicate reductions, several in a row and inside a loop. The host counts
// directly.
// EXEC: 1000 4 96
__device__ int pattern(int j) { return ((j * 37) % 101) - 50; }

__global__ void test_kernel(int *out, int n) {
  unsigned t = threadIdx.x, b = blockIdx.x, N = blockDim.x;
  int v = pattern(b * N + t), r = 0;
#ifdef __CUDA_ARCH__
  for (int k = 0; k < 3; k++) {
    r += __nvvm_bar0_popc(v > k * 10) * 10000;
    r += __nvvm_bar0_and(v > -50 + k) * 100;
    r += __nvvm_bar0_or(v == 49 - k);
  }
#else
  for (int k = 0; k < 3; k++) {
    int count = 0, all = 1, any = 0;
    for (unsigned u = 0; u < N; u++) {
      int w = pattern(b * N + u);
      count += w > k * 10;
      all &= w > -50 + k;
      any |= w == 49 - k;
    }
    r += count * 10000 + all * 100 + any;
  }
#endif
  out[b * N + t] = r;
}
