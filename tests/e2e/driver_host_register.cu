// driver_host_register.cu — issue 9: the driver API's host registration
// (cuMemHostRegister / cuMemHostGetDevicePointer / cuMemHostUnregister) with a
// kernel writing the registered malloc'd pages through the device pointer
// (zero-copy), and the codes of bad calls. Builds with nvcc (-lcuda) too.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__global__ void add_index(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += i;
}

static int failures;
static void expect(const char *what, CUresult got, CUresult want) {
  const char *g = "?", *w = "?";
  cuGetErrorName(got, &g);
  cuGetErrorName(want, &w);
  printf("%s -> %s\n", what, g);
  if (got != want) {
    printf("FAIL: %s: expected %s\n", what, w);
    failures++;
  }
}

int main(void) {
  const int n = 3000;
  expect("cuInit", cuInit(0), CUDA_SUCCESS);
  cudaFree(0); /* the runtime makes the primary context current */
  int *host = NULL;
  if (posix_memalign((void **)&host, 4096, n * sizeof(int))) return 1;
  for (int i = 0; i < n; i++)
    host[i] = 7;
  expect("cuMemHostRegister(DEVICEMAP)",
         cuMemHostRegister(host, n * sizeof(int), CU_MEMHOSTREGISTER_DEVICEMAP), CUDA_SUCCESS);
  expect("cuMemHostRegister again", cuMemHostRegister(host, n * sizeof(int), 0),
         CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
  CUdeviceptr dptr = 0;
  expect("cuMemHostGetDevicePointer", cuMemHostGetDevicePointer(&dptr, host, 0), CUDA_SUCCESS);
  add_index<<<(n + 255) / 256, 256>>>((int *)(uintptr_t)dptr, n);
  expect("cuCtxSynchronize", cuCtxSynchronize(), CUDA_SUCCESS);
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (host[i] != 7 + i) bad++;
  printf("zero-copy values wrong: %d of %d\n", bad, n);
  if (bad) failures++;
  expect("cuMemHostUnregister", cuMemHostUnregister(host), CUDA_SUCCESS);
  expect("cuMemHostUnregister again", cuMemHostUnregister(host),
         CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
  expect("cuMemHostRegister(NULL)", cuMemHostRegister(NULL, 4096, 0), CUDA_ERROR_INVALID_VALUE);
  expect("cuMemHostRegister(size 0)", cuMemHostRegister(host, 0, 0), CUDA_ERROR_INVALID_VALUE);
  expect("cuMemHostRegister(bad flags)", cuMemHostRegister(host, 4096, 0x100),
         CUDA_ERROR_INVALID_VALUE);
  free(host);
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures ? 1 : 0;
}
