// __shared__ and extern __shared__ memory with barriers: a tree reduction
// per block and a block-wide reversal. The host reference (no barriers on
// the CPU) computes the same results directly.
// EXEC: 1000 4 128
extern __shared__ int scratch[];

__global__ void test_kernel(int *out, int n) {
  unsigned t = threadIdx.x, b = blockIdx.x, i = b * blockDim.x + t;
#ifdef __CUDA_ARCH__
  __shared__ int sum[128];
  sum[t] = out[i];
  scratch[t] = out[i] * 3;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) sum[t] += sum[t + s];
    __syncthreads();
  }
  int reversed = scratch[blockDim.x - 1 - t];
  __syncthreads();
  out[i] = reversed + (t == 0 ? sum[0] : 0);
#else
  // out changes thread by thread on the host: read the inputs from the
  // pattern msl_run and the host harness both start from.
  int reversed = (((int)(b * blockDim.x + blockDim.x - 1 - t) * 37) % 101 - 50) * 3;
  int total = 0;
  for (unsigned k = 0; t == 0 && k < blockDim.x; k++) total += ((int)(b * blockDim.x + k) * 37) % 101 - 50;
  out[i] = reversed + total;
#endif
}
