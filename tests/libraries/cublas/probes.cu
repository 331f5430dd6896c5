// probes.cu — the behaviours cuBLAS's documentation leaves open, each with the answer
// Anchor chose (docs/cublas.md, "Not checked against NVIDIA yet"): the program checks
// Anchor's choice and prints what it got. h200.sh runs it against NVIDIA's cuBLAS too:
// a FAIL there names a case where cuBLAS differs, with its value, to settle Anchor on.
#include "cublas_test.h"
#include <cuda_fp16.h>

static void expect_int(const char *what, long got, long want) {
  printf("probe %-58s -> %ld (Anchor: %ld)\n", what, got, want);
  if (got != want) failures++;
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  float host[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, *d, one = 1;
  CHECK_CUDA(cudaMalloc(&d, 4096));
  expect_int("cublasSetVector n = -1: status", cublasSetVector(-1, 4, host, 1, d, 1),
             CUBLAS_STATUS_MAPPING_ERROR); // NVIDIA's, H100
  expect_int("cublasSetMatrix lda (3) < rows (4): status", cublasSetMatrix(4, 2, 4, host, 3, d, 4),
             CUBLAS_STATUS_MAPPING_ERROR);
  expect_int("cublasGemmEx Atype 16F, Btype 32F: status",
             cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, d, CUDA_R_16F, 4, d,
                          CUDA_R_32F, 4, &one, d, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F,
                          CUBLAS_GEMM_DEFAULT),
             CUBLAS_STATUS_NOT_SUPPORTED);
  expect_int("cublasSgemm transa CUBLAS_OP_CONJG: status",
             cublasSgemm(h, CUBLAS_OP_CONJG, CUBLAS_OP_N, 4, 4, 4, &one, d, 4, d, 4, &one, d, 4),
             CUBLAS_STATUS_INVALID_VALUE);
  expect_int("cublasSetWorkspace(d + 1 float, 1024): status", cublasSetWorkspace(h, d + 1, 1024),
             CUBLAS_STATUS_SUCCESS); // NVIDIA's, H100
  expect_int("cublasSnrm2 result NULL: status", cublasSnrm2(h, 4, d, 1, nullptr),
             CUBLAS_STATUS_INVALID_VALUE);
  // amax / amin with a NaN
  float with_nan[5] = {1, NAN, 3, -2, 0.5f};
  CHECK_CUDA(cudaMemcpy(d, with_nan, sizeof with_nan, cudaMemcpyHostToDevice));
  int idx = -1;
  CHECK_BLAS(cublasIsamax(h, 5, d, 1, &idx));
  expect_int("cublasIsamax {1, NaN, 3, -2, 0.5}", idx, 3);
  CHECK_BLAS(cublasIsamin(h, 5, d, 1, &idx));
  expect_int("cublasIsamin {1, NaN, 3, -2, 0.5}", idx, 5);
  // ties: the first index
  float ties[4] = {-3, 3, 1, -3};
  CHECK_CUDA(cudaMemcpy(d, ties, sizeof ties, cudaMemcpyHostToDevice));
  CHECK_BLAS(cublasIsamax(h, 4, d, 1, &idx));
  expect_int("cublasIsamax {-3, 3, 1, -3} (ties)", idx, 1);
  // getrsBatched with a NULL pivot array after getrf without pivoting: solves A x = b
  float A[4] = {4, 1, 2, 3}, b[2] = {10, 11}; // A = [4 2; 1 3] (column-major)
  float *dA, *dB, **dpa, **dpb;
  int *dinfo, hinfo = -1;
  CHECK_CUDA(cudaMalloc(&dA, sizeof A));
  CHECK_CUDA(cudaMalloc(&dB, sizeof b));
  CHECK_CUDA(cudaMalloc(&dinfo, sizeof(int)));
  CHECK_CUDA(cudaMemcpy(dA, A, sizeof A, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dB, b, sizeof b, cudaMemcpyHostToDevice));
  dpa = to_device(std::vector<float *>{dA});
  dpb = to_device(std::vector<float *>{dB});
  CHECK_BLAS(cublasSgetrfBatched(h, 2, dpa, 2, nullptr, dinfo, 1));
  cublasStatus_t st = cublasSgetrsBatched(h, CUBLAS_OP_N, 2, 1, dpa, 2, nullptr, dpb, 2, &hinfo, 1);
  expect_int("cublasSgetrsBatched with devIpiv NULL: status", st, CUBLAS_STATUS_SUCCESS);
  std::vector<float> x = to_host(dB, 2);
  // A x = b: 4 x0 + 2 x1 = 10, x0 + 3 x1 = 11 -> x0 = 0.8, x1 = 3.4
  printf("probe %-58s -> %g %g (exact 0.8 3.4)\n", "its solution", x[0], x[1]);
  if (st == CUBLAS_STATUS_SUCCESS &&
      (std::fabs(x[0] - 0.8f) > 1e-6f || std::fabs(x[1] - 3.4f) > 1e-6f))
    failures++;
  cudaFree(dA), cudaFree(dB), cudaFree(dinfo), cudaFree(dpa), cudaFree(dpb), cudaFree(d);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas probes");
}
