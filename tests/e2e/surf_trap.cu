// surf_trap.cu — a surface access out of range with cudaBoundaryModeTrap (the default)
// stops the kernel and fails the launch (CUDA: "the kernel traps"); the error is sticky.
// Anchor reports cudaErrorLaunchFailure, as for __trap(). Unsure which error CUDA reports
// (cudaErrorLaunchFailure or cudaErrorIllegalAddress): the program prints it for the H200
// run and accepts either. In range, the same kernel runs. Prints PASS, or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

__global__ void poke(cudaSurfaceObject_t s, int x, int *done) {
  surf2Dwrite(1.0f, s, x * 4, 0); // cudaBoundaryModeTrap
  atomicAdd(done, 1);
}

int main(void) {
  cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaArray_t a = 0;
  if (cudaMallocArray(&a, &d, 16, 4, cudaArraySurfaceLoadStore) != cudaSuccess)
    return printf("FAIL: cudaMallocArray\n"), 1;
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  if (cudaCreateSurfaceObject(&s, &r) != cudaSuccess)
    return printf("FAIL: cudaCreateSurfaceObject\n"), 1;
  int *done;
  cudaMallocManaged(&done, sizeof *done);
  *done = 0;
  poke<<<1, 1>>>(s, 15, done); // in range
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess || *done != 1)
    return printf("FAIL: in-range write: %s, done %d\n", cudaGetErrorString(e), *done), 1;
  poke<<<1, 1>>>(s, 16, done); // one texel past the end
  e = cudaDeviceSynchronize();
  printf("out-of-range surf2Dwrite with cudaBoundaryModeTrap: %s (%s)\n", cudaGetErrorName(e),
         cudaGetErrorString(e));
  if (e != cudaErrorLaunchFailure && e != cudaErrorIllegalAddress)
    return printf("FAIL: expected the launch to fail\n"), 1;
  if (cudaMemset(done, 0, 4) == cudaSuccess) return printf("FAIL: the error is not sticky\n"), 1;
  printf("passed: trap on an out-of-range surface write\n");
  printf("PASS\n");
  return 0;
}
