// A unit of e2e rdc (see rdc_common.h): the definitions the other units use.
#include "rdc_common.h"

__device__ int rdc_table[RDC_N];
__device__ int rdc_unsized[4] = {11, 22, 33, 44};
__managed__ int rdc_scale = 5;
__constant__ float rdc_coeffs[4] = {1.0f, 2.0f, 3.0f, 4.0f};

// The same name as a static variable of rdc_kernels.cu: each unit keeps its own.
static __device__ int rdc_private = 1000;
static __device__ int rdc_helper(int x) { return x + rdc_private; }

__device__ int rdc_poly(int x) { return 3 * rdc_square(x) - rdc_twice(x) + 7; }

__global__ void rdc_fill(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) rdc_table[i] = rdc_helper(i) - rdc_private + rdc_scale * i;  // i + scale*i
}

// Dynamic shared memory under another name in rdc_kernels.cu: the same bytes.
extern __shared__ int rdc_dynamic[];
__device__ int rdc_neighbour(int i) {
  rdc_dynamic[i] = 3 * i;
  __syncthreads();
  return rdc_dynamic[(i + 1) % blockDim.x];
}

int rdc_lib_static_value() {
  int v = -1;
  if (cudaMemcpyFromSymbol(&v, rdc_private, sizeof v) != cudaSuccess) return -2;
  return v;
}
