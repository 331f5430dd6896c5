// vectorAdd.cu — Anchor's README sample: C = A + B on the GPU, checked against the CPU.
//
// Build and run with Anchor (Metal on macOS, softmetal elsewhere), or with nvcc:
//     anchorcc -O2 vectorAdd.cu -o vectorAdd && ./vectorAdd
//     nvcc     -O2 vectorAdd.cu -o vectorAdd && ./vectorAdd
// Prints PASS and exits 0 when every element matches, else FAIL: <details> and exits 1.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

// One thread per element; the last block may be partly outside the array.
__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

// Reports a failed CUDA call and says whether it failed.
static int failed(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  const int n = 50000;
  const size_t bytes = n * sizeof(float);
  float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
  if (!a || !b || !c) {
    printf("FAIL: out of host memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++) {
    a[i] = (float)(i % 1000) * 0.5f;
    b[i] = (float)(n - i) * 0.25f;
  }

  float *da = NULL, *db = NULL, *dc = NULL;
  if (failed(cudaMalloc((void **)&da, bytes), "cudaMalloc a") ||
      failed(cudaMalloc((void **)&db, bytes), "cudaMalloc b") ||
      failed(cudaMalloc((void **)&dc, bytes), "cudaMalloc c") ||
      failed(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice), "copy a to device") ||
      failed(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice), "copy b to device"))
    return 1;

  int threads = 256;
  int blocks = (n + threads - 1) / threads;
  vectorAdd<<<blocks, threads>>>(da, db, dc, n);
  if (failed(cudaGetLastError(), "launch") ||
      failed(cudaDeviceSynchronize(), "kernel") ||
      failed(cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost), "copy c to host"))
    return 1;

  // a[i] + b[i] is one correctly rounded addition on both sides: compare exactly.
  for (int i = 0; i < n; i++) {
    float want = a[i] + b[i];
    if (c[i] != want) {
      printf("FAIL: c[%d] = %.9g, expected %.9g\n", i, c[i], want);
      return 1;
    }
  }
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  free(a);
  free(b);
  free(c);
  printf("vectorAdd: %d elements, %d blocks of %d threads\nPASS\n", n, blocks, threads);
  return 0;
}
