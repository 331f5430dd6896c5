// extended_lambda.cu — __device__ lambdas passed to kernel templates, as with nvcc's
// --extended-lambda: a lambda capturing by value, one capturing a struct and a device
// pointer, a lambda calling a __device__ function, and a __host__ __device__ lambda used
// on both sides. Built with `-O2 --extended-lambda` (tests/e2e/CMakeLists.txt). Every
// element is checked against the CPU; prints PASS or FAIL: <details>.
//
// Observed on a real GPU (2026-11-29 18:01 UTC, NVIDIA H200, driver 580.159.04, CUDA
// 13.0.88, nvcc -O2 --extended-lambda -arch=sm_90): PASS.
#include <cstdio>

struct Affine { int scale, shift; };

__device__ int square(int x) { return x * x; }

template <class F> __global__ void apply(int *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(i);
}

static int check(const int *got, int n, const char *what, int (*want)(int, const void *),
                 const void *ctx) {
  for (int i = 0; i < n; i++)
    if (got[i] != want(i, ctx)) {
      printf("FAIL: %s: out[%d] = %d, want %d\n", what, i, got[i], want(i, ctx));
      return 1;
    }
  return 0;
}

int main() {
  const int n = 1003;
  int *d, *table, h[n], host_table[16];
  cudaMalloc(&d, n * sizeof(int));
  cudaMalloc(&table, sizeof host_table);
  for (int i = 0; i < 16; i++) host_table[i] = 7 * i - 20;
  cudaMemcpy(table, host_table, sizeof host_table, cudaMemcpyHostToDevice);
  int failures = 0;

  int k = 3;
  apply<<<(n + 127) / 128, 128>>>(d, n, [=] __device__(int i) { return i * k + 1; });
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  failures += check(h, n, "by value", [](int i, const void *) { return i * 3 + 1; }, nullptr);

  Affine a = {-5, 11};
  apply<<<(n + 63) / 64, 64>>>(d, n, [=] __device__(int i) { return a.scale * table[i % 16] + a.shift; });
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  failures += check(h, n, "struct and pointer",
                    [](int i, const void *t) { return -5 * ((const int *)t)[i % 16] + 11; },
                    host_table);

  apply<<<(n + 255) / 256, 256>>>(d, n, [] __device__(int i) { return square(i % 100) - i; });
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  failures += check(h, n, "device function", [](int i, const void *) { return (i % 100) * (i % 100) - i; },
                    nullptr);

  auto both = [] __host__ __device__(int i) { return (i ^ 0x55) + (i >> 2); };
  apply<<<(n + 31) / 32, 32>>>(d, n, both);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n && !failures; i++)
    if (h[i] != both(i)) {
      printf("FAIL: host-device lambda: out[%d] = %d, want %d\n", i, h[i], both(i));
      failures++;
    }

  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorName(e));
    return 1;
  }
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
