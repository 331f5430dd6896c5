// cublas_gemm.cu — SGEMM and DGEMM throughput through cuBLAS (square, N/N, alpha 1,
// beta 0): GFLOP/s = 2 n^3 / time, the median of several timed runs after a warm-up
// (which also compiles the kernels on Anchor). A benchmark, never a test: it asserts
// nothing about time. Build and run:
//   anchorcc -O2 bench/cublas_gemm.cu -lcublas -o cublas_gemm && ./cublas_gemm   (softmetal / Metal)
//   nvcc -O2 -arch=sm_90 bench/cublas_gemm.cu -lcublas -o cublas_gemm_nv && ./cublas_gemm_nv
// Optional arguments: the sizes for SGEMM, then "d" and the sizes for DGEMM.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>

template <class T>
static cublasStatus_t gemm(cublasHandle_t h, int n, const T *one, const T *A, const T *B, const T *zero, T *C);
template <>
cublasStatus_t gemm<float>(cublasHandle_t h, int n, const float *one, const float *A, const float *B,
                           const float *zero, float *C) {
  return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, one, A, n, B, n, zero, C, n);
}
template <>
cublasStatus_t gemm<double>(cublasHandle_t h, int n, const double *one, const double *A, const double *B,
                            const double *zero, double *C) {
  return cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, one, A, n, B, n, zero, C, n);
}

template <class T> static void run(cublasHandle_t h, const char *name, int n, int runs) {
  size_t bytes = (size_t)n * n * sizeof(T);
  std::vector<T> host((size_t)n * n);
  for (size_t i = 0; i < host.size(); i++)
    host[i] = (T)((i * 7919 % 1000) / 1000.0 - 0.5);
  T *A, *B, *C, one = 1, zero = 0;
  cudaMalloc(&A, bytes), cudaMalloc(&B, bytes), cudaMalloc(&C, bytes);
  cudaMemcpy(A, host.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(B, host.data(), bytes, cudaMemcpyHostToDevice);
  cudaEvent_t start, stop;
  cudaEventCreate(&start), cudaEventCreate(&stop);
  if (gemm<T>(h, n, &one, A, B, &zero, C) != CUBLAS_STATUS_SUCCESS) { // warm-up
    printf("%s n=%d: gemm failed\n", name, n);
    return;
  }
  cudaDeviceSynchronize();
  std::vector<float> ms(runs);
  for (int r = 0; r < runs; r++) {
    cudaEventRecord(start);
    gemm<T>(h, n, &one, A, B, &zero, C);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms[r], start, stop);
  }
  std::sort(ms.begin(), ms.end());
  double t = ms[runs / 2] / 1e3;
  printf("%s n=%5d  %10.3f ms  %10.2f GFLOP/s\n", name, n, t * 1e3, 2.0 * n * n * (double)n / t / 1e9);
  cudaFree(A), cudaFree(B), cudaFree(C);
  cudaEventDestroy(start), cudaEventDestroy(stop);
}

int main(int argc, char **argv) {
  std::vector<int> s_sizes, d_sizes;
  bool doubles = false;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "d") == 0)
      doubles = true;
    else
      (doubles ? d_sizes : s_sizes).push_back(atoi(argv[i]));
  }
  if (argc == 1)
    s_sizes = {128, 256, 512}, d_sizes = {64, 128};
  cublasHandle_t h;
  if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) {
    printf("cublasCreate failed\n");
    return 1;
  }
  for (int n : s_sizes)
    run<float>(h, "SGEMM", n, 5);
  for (int n : d_sizes)
    run<double>(h, "DGEMM", n, 3);
  cublasDestroy(h);
  return 0;
}
