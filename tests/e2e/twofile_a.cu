// twofile_a.cu — first half of a two-file end-to-end test (with twofile_b.cu), built
// by separate compilation: anchorcc -c twofile_a.cu; anchorcc -c twofile_b.cu; then
// anchorcc twofile_a.o twofile_b.o. Each file has a kernel and a `static __device__`
// helper named `transform` that does something different in each file, so the two
// device modules must stay apart. This file holds main; it launches its own kernel,
// the other file's kernel directly (declared here, defined there), and the other
// file's kernel through a host function of that file. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

static __device__ int transform(int x) { return x * 3 + 1; }

__global__ void kernel_a(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = transform(in[i]);
}

// Defined in twofile_b.cu.
__global__ void kernel_b(const int *in, int *out, int n);
int launch_b(const int *in, int *out, int n);
int transform_b_on_host(int x);

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  const int n = 777;
  size_t bytes = n * sizeof(int);
  int *in = (int *)malloc(bytes), *oa = (int *)malloc(bytes), *ob = (int *)malloc(bytes),
      *oc = (int *)malloc(bytes);
  for (int i = 0; i < n; i++)
    in[i] = i * 13 - 4000;
  int *din, *da, *db, *dc;
  if (check(cudaMalloc((void **)&din, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&da, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&db, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&dc, bytes), "cudaMalloc") ||
      check(cudaMemcpy(din, in, bytes, cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  kernel_a<<<(n + 63) / 64, 64>>>(din, da, n);
  if (check(cudaGetLastError(), "kernel_a launch"))
    return 1;
  kernel_b<<<(n + 31) / 32, 32>>>(din, db, n);
  if (check(cudaGetLastError(), "kernel_b launch from twofile_a.cu"))
    return 1;
  if (launch_b(din, dc, n))
    return 1;
  if (check(cudaDeviceSynchronize(), "kernels") ||
      check(cudaMemcpy(oa, da, bytes, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(ob, db, bytes, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(oc, dc, bytes, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int i = 0; i < n; i++) {
    int wa = in[i] * 3 + 1, wb = transform_b_on_host(in[i]);
    if (oa[i] != wa || ob[i] != wb || oc[i] != wb) {
      printf("FAIL: element %d: kernel_a %d (want %d), kernel_b %d and %d (want %d)\n", i, oa[i],
             wa, ob[i], oc[i], wb);
      return 1;
    }
  }
  cudaFree(din);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  free(in);
  free(oa);
  free(ob);
  free(oc);
  printf("PASS\n");
  return 0;
}
