/* curand_kernels.cu — libcurand's device generation (docs/curand.md): one GPU thread per
 * stream of the generator, each writing its share of a curandGenerate* call
 * (curand_generate.h, the same code the host generators run). Compiled by anchorcc into
 * MSL; curand_host.c launches it through the table below. Written for Anchor. */
#include "curand_generate.h"

__global__ void anchor_curand_generate_kernel(struct anchor_curand_job job) {
  unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < job.streams) anchor_curand_generate_stream(&job, t);
}

extern "C" {
const void *curand_kernels[] = {(const void *)anchor_curand_generate_kernel};
}
