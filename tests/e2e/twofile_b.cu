// twofile_b.cu — second half of the two-file end-to-end test (see twofile_a.cu): a
// kernel whose `static __device__ transform` has the same name as twofile_a.cu's but
// computes something else, and a host function that launches that kernel.
#include <cuda_runtime.h>
#include <stdio.h>

static __device__ int transform(int x) { return (x ^ 0x5555) - 77; }

__global__ void kernel_b(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = transform(in[i]);
}

// The host's copy of this file's transform, for twofile_a.cu's reference.
int transform_b_on_host(int x) { return (x ^ 0x5555) - 77; }

// Launches kernel_b from this file; returns 0, or 1 after printing FAIL on an error.
int launch_b(const int *in, int *out, int n) {
  kernel_b<<<(n + 127) / 128, 128>>>(in, out, n);
  cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: launch_b: %s (%s)\n", cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}
