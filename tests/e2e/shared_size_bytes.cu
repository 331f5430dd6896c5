// shared_size_bytes.cu — cudaFuncGetAttributes' sharedSizeBytes is CUDA's count of a
// kernel's static __shared__ bytes: the variables in declaration order, each at its own
// alignment, no padding at the end (rounded up to 16 only where dynamic shared memory
// follows), whatever layout Anchor's Metal code uses (16-byte units, its
// __syncthreads_count counter). The numbers are ptxas's ("-Xptxas -v": "N bytes smem",
// nvcc 13, sm_90), which CUDA reports (tests/e2e/shared_spill_h200.sh: forty 41040,
// reverse_count 48 on an H100). Each kernel also moves values through its variables,
// checked on the host. Prints PASS or FAIL.
#include <cstdio>

#define USE(v)                                                                                     \
  v = o[threadIdx.x];                                                                              \
  __syncthreads();                                                                                 \
  o[threadIdx.x + 64] = v;                                                                         \
  __syncthreads();

__global__ void ordered(int *o) { // 32 + 8 + 4 = 44
  __shared__ int hist[8];
  __shared__ unsigned long long total;
  __shared__ float ftotal;
  hist[threadIdx.x & 7] = o[threadIdx.x];
  USE(total) USE(ftotal) o[threadIdx.x + 128] = hist[threadIdx.x & 7];
}
__global__ void reordered(int *o) { // 4, 8 at 8, 32 at 16: 48
  __shared__ float ftotal;
  __shared__ unsigned long long total;
  __shared__ int hist[8];
  hist[threadIdx.x & 7] = o[threadIdx.x];
  USE(total) USE(ftotal) o[threadIdx.x + 128] = hist[threadIdx.x & 7];
}
__global__ void chars_double(int *o) { // 1, 8 at 8, 1 at 16: 17
  __shared__ char c1;
  __shared__ double d;
  __shared__ char c2;
  USE(c1) USE(d) USE(c2)
}
__global__ void chars_int(int *o) { // 1, 4 at 4, 1 at 8: 9
  __shared__ char c1;
  __shared__ int x;
  __shared__ char c2;
  USE(c1) USE(x) USE(c2)
}
__global__ void counted(int *o) { // 4 (the __syncthreads_count counter is Anchor's)
  __shared__ int x;
  USE(x)
  o[threadIdx.x + 128] = __syncthreads_count(o[threadIdx.x] & 1);
}

static int failures = 0;
static void check(const char *name, const void *fn, void (*launch)(int *), size_t want) {
  cudaFuncAttributes a;
  cudaError_t e = cudaFuncGetAttributes(&a, fn);
  printf("%s: sharedSizeBytes %zu (CUDA %zu), maxDynamicSharedSizeBytes %d\n", name,
         a.sharedSizeBytes, want, a.maxDynamicSharedSizeBytes);
  if (e != cudaSuccess || a.sharedSizeBytes != want ||
      a.maxDynamicSharedSizeBytes != (int)(49152 - want))
    failures++;
  int h[192], *d;
  for (int i = 0; i < 64; i++)
    h[i] = (i % 40) * 3 + 1; // fits a char
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  launch(d);
  e = cudaDeviceSynchronize();
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  // each USE leaves the last variable's value: thread t's own store raced by all 64 threads,
  // so only that some thread's value arrived (the same in every lane) is checked
  int v = h[64];
  bool ok = e == cudaSuccess;
  for (int t = 0; t < 64; t++)
    ok = ok && h[64 + t] == v && (v - 1) % 3 == 0 && v >= 1 && v <= 118;
  if (!ok) {
    printf("%s: wrong values (%s)\n", name, cudaGetErrorString(e));
    failures++;
  }
}

int main() {
  check("ordered", (const void *)ordered, [](int *d) { ordered<<<1, 64>>>(d); }, 44);
  check("reordered", (const void *)reordered, [](int *d) { reordered<<<1, 64>>>(d); }, 48);
  check("chars_double", (const void *)chars_double, [](int *d) { chars_double<<<1, 64>>>(d); }, 17);
  check("chars_int", (const void *)chars_int, [](int *d) { chars_int<<<1, 64>>>(d); }, 9);
  check("counted", (const void *)counted, [](int *d) { counted<<<1, 64>>>(d); }, 4);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
