/* tests/runtime/headers/plain.c — the runtime API from a plain C17 (and,
 * compiled as C++, a plain C++) file with no CUDA compiler involved, under
 * -Wall -Wextra -Werror -pedantic. */
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>

int main(void) {
  void *p = NULL;
  struct cudaDeviceProp prop;
  dim3 grid = {1, 2, 3};
  float4 v = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  cudaStream_t stream = 0;
  cudaEvent_t event;
  cudaError_t e = cudaMalloc(&p, 64);
  if (e == cudaSuccess) e = cudaMemcpyAsync(p, &v, sizeof v, cudaMemcpyHostToDevice, stream);
  cudaEventCreate(&event);
  cudaGetDeviceProperties(&prop, 0);
  printf("%s %s %d %u %f\n", cudaGetErrorName(e), cudaGetErrorString(e), prop.warpSize, grid.z,
         v.w);
  return cuInit(0) == CUDA_SUCCESS && cudaFree(p) == cudaSuccess ? 0 : 1;
}
