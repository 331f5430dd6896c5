// host_openmp.hip — hipcc -fopenmp: OpenMP in the host code of a HIP program
// (clang's OpenMP runtime, libomp, at the link), as HIP projects use it to
// compute their CPU reference in parallel; the device side is unaffected.
#include <hip/hip_runtime.h>
#include <omp.h>

#include <cstdio>
#include <vector>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 16;
  std::vector<float> x(n), y(n), expect(n);
  int threads_seen = 0;
#pragma omp parallel
  {
#pragma omp single
    threads_seen = omp_get_num_threads();
#pragma omp for
    for (int i = 0; i < n; ++i) {
      x[i] = static_cast<float>(i % 101);
      y[i] = static_cast<float>(i % 7);
      expect[i] = 3.0f * x[i] + y[i];
    }
  }
  float *dx = nullptr, *dy = nullptr;
  if (hipMalloc(&dx, n * sizeof(float)) != hipSuccess || hipMalloc(&dy, n * sizeof(float)) != hipSuccess) return 1;
  if (hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice) != hipSuccess ||
      hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice) != hipSuccess)
    return 1;
  hipLaunchKernelGGL(saxpy, dim3((n + 255) / 256), dim3(256), 0, 0, n, 3.0f, dx, dy);
  if (hipMemcpy(y.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost) != hipSuccess) return 1;
  long bad = 0;
#pragma omp parallel for reduction(+ : bad)
  for (int i = 0; i < n; ++i) bad += y[i] != expect[i];
  if (hipFree(dx) != hipSuccess || hipFree(dy) != hipSuccess) return 1;
  std::printf("OpenMP threads: %d (at least 1), %ld mismatches\n%s\n", threads_seen, bad,
              bad == 0 && threads_seen >= 1 ? "PASS" : "FAIL");
  return bad == 0 && threads_seen >= 1 ? 0 : 1;
}
