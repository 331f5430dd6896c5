// The device side of the Csmith differential test (tests/differential/run_seed.sh):
// the generated program CSMITH_PROGRAM (a path, given with -D) is compiled as CUDA with
// every file-scope `static` variable and function made `__device__` and its `main` made
// a `__device__` function run by ONE GPU thread; the host prints the checksum as the
// host build of the same program does ("checksum = %X").
#include <cuda_runtime.h>
#include <stdio.h>

#include "csmith.h"

// Csmith's C++ is C++03: constant initialisers such as 0xF1E4269A6445ECA0LL for an
// int64_t narrow, an error in C++11 and later.
#pragma clang diagnostic ignored "-Wc++11-narrowing"
#pragma clang diagnostic ignored "-Weverything" // its many harmless warnings
#define static static __device__
#define main static csmith_main // becomes `int static __device__ csmith_main(void)`
#pragma clang force_cuda_host_device begin // struct members (operator=) Csmith writes
#include CSMITH_PROGRAM
#pragma clang force_cuda_host_device end
#undef main
#undef static

__global__ void csmith_kernel(void) { csmith_main(); }

int main(void) {
  csmith_kernel<<<1, 1>>>();
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("device error: %s\n", cudaGetErrorName(e));
    return 2;
  }
  uint32_t crc = 0;
  int done = 0;
  if (cudaMemcpyFromSymbol(&crc, csmith_checksum, sizeof crc) != cudaSuccess ||
      cudaMemcpyFromSymbol(&done, csmith_done, sizeof done) != cudaSuccess || !done) {
    printf("device error: no checksum\n");
    return 2;
  }
  printf("checksum = %X\n", crc);
  return 0;
}
