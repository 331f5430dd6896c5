// A unit of e2e rdc (see rdc_common.h): kernels using what rdc_lib.cu defines.
#include "rdc_common.h"

static __device__ int rdc_private = 7;  // rdc_lib.cu has its own rdc_private (1000)
static __device__ int rdc_helper(int x) { return x * rdc_private; }

__global__ void rdc_use(int *out, float *fout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // rdc_table was written by rdc_fill, a kernel of another unit
  out[i] = rdc_poly(i) + rdc_table[i] + rdc_unsized[i % 4] + rdc_twice(rdc_scale) +
           rdc_helper(1) + rdc_square(2);
  fout[i] = rdc_coeffs[i % 4] * (float)i;
}

__global__ void rdc_read_private(int *out) { *out = rdc_private; }

extern __shared__ int rdc_dynamic_here[];
__global__ void rdc_rotate(int *out) {
  int i = threadIdx.x;
  int v = rdc_neighbour(i);
  __syncthreads();
  out[i] = v + rdc_dynamic_here[i];  // rdc_neighbour stored 3 * i there
}

int rdc_kernels_static_value() {
  int *d, h = -1;
  cudaMalloc(&d, sizeof(int));
  rdc_read_private<<<1, 1>>>(d);
  cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d);
  // The host names it too, after the kernel above was compiled (clang then
  // gives the variable a unit-unique name the kernel must reach as well).
  int s = -1;
  if (cudaMemcpyFromSymbol(&s, rdc_private, sizeof s) != cudaSuccess || s != h) return -2;
  return h;
}
