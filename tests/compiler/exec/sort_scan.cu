// Block-wide bitonic sort and an exclusive Blelloch scan in shared memory:
// barriers inside nested loops whose trip counts are uniform per block. The
// host computes the results directly (sorting / prefix sums).
// EXEC: 1000 4 128
__global__ void test_kernel(int *out, int n) {
  unsigned t = threadIdx.x, b = blockIdx.x, N = blockDim.x;
#ifdef __CUDA_ARCH__
  __shared__ int keys[128];
  __shared__ int scan[128];
  keys[t] = out[b * N + t];
  scan[t] = out[b * N + t] & 15;
  __syncthreads();
  for (unsigned k = 2; k <= N; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned partner = t ^ j;
      if (partner > t) {
        bool up = (t & k) == 0;
        int a = keys[t], c = keys[partner];
        if ((a > c) == up) { keys[t] = c; keys[partner] = a; }
      }
      __syncthreads();
    }
  }
  unsigned offset = 1;
  for (unsigned d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      unsigned ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      scan[bi] += scan[ai];
    }
    offset <<= 1;
  }
  if (t == 0) scan[N - 1] = 0;
  for (unsigned d = 1; d < N; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      unsigned ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      int x = scan[ai];
      scan[ai] = scan[bi];
      scan[bi] += x;
    }
  }
  __syncthreads();
  out[b * N + t] = keys[t];
  out[2048 + b * N + t] = scan[t];
#else
  // inputs come from the starting pattern (out changes as threads run)
  int sorted[128], rank = 0, prefix = 0;
  for (unsigned k = 0; k < N; k++) sorted[k] = ((int)(b * N + k) * 37) % 101 - 50;
  for (unsigned k = 1; k < N; k++)  // insertion sort
    for (unsigned m = k; m > 0 && sorted[m - 1] > sorted[m]; m--) {
      int x = sorted[m]; sorted[m] = sorted[m - 1]; sorted[m - 1] = x;
    }
  for (unsigned k = 0; k < t; k++) prefix += (((int)(b * N + k) * 37) % 101 - 50) & 15;
  (void)rank;
  out[b * N + t] = sorted[t];
  out[2048 + b * N + t] = prefix;
#endif
}
