// wide.cu — the _64 entry points (int64_t sizes and increments, CUDA 12) of the GEMM family,
// gemv and level 1 against their int forms: the same inputs through both, results within
// (k + 2) eps of the terms' size (Anchor's run the same kernels, bit for bit; NVIDIA's may
// pick others), negative increments; the error codes of bad 64-bit arguments. (The banded,
// packed, syrkx and herkx _64 forms are in banded.cu and syrkx.cu.)
#include "cublas_test.h"

template <class T>
static void near(const char *what, const std::vector<T> &got, const std::vector<T> &want,
                 double bound) {
  expect_close(what, got, want, std::vector<double>(got.size(), bound));
}

static void test_gemm(cublasHandle_t h) {
  int m = 37, n = 29, k = 23, lda = 40, ldb = 25, ldc = 41, batch = 3;
  long long sa = (long long)lda * k, sb = (long long)ldb * n, sc = (long long)ldc * n;
  std::vector<float> A = random_vector<float>(sa * batch), B = random_vector<float>(sb * batch),
                     C = random_vector<float>(sc * batch);
  float al = 0.75f, be = -0.5f;
  float *dA = to_device(A), *dB = to_device(B), *c1 = to_device(C), *c2 = to_device(C);
  double bound = (k + 2) * eps<float>() * (2 * k + 1);
  CHECK_BLAS(
      cublasSgemm_64(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, dA, lda, dB, ldb, &be, c1, ldc));
  CHECK_BLAS(
      cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, dA, lda, dB, ldb, &be, c2, ldc));
  near("Sgemm_64", to_host(c1, C.size()), to_host(c2, C.size()), bound);
  CHECK_BLAS(cublasSgemmStridedBatched_64(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, dA, lda, sa,
                                          dB, ldb, sb, &be, c1, ldc, sc, batch));
  CHECK_BLAS(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, dA, lda, sa, dB,
                                       ldb, sb, &be, c2, ldc, sc, batch));
  near("SgemmStridedBatched_64", to_host(c1, C.size()), to_host(c2, C.size()), 4 * bound);
  const float *pa[3] = {dA, dA + sa, dA + 2 * sa}, *pb[3] = {dB, dB + sb, dB + 2 * sb};
  float *pc1[3] = {c1, c1 + sc, c1 + 2 * sc}, *pc2[3] = {c2, c2 + sc, c2 + 2 * sc};
  const float **dpa, **dpb;
  float **dpc1, **dpc2;
  CHECK_CUDA(cudaMalloc(&dpa, sizeof pa));
  CHECK_CUDA(cudaMalloc(&dpb, sizeof pb));
  CHECK_CUDA(cudaMalloc(&dpc1, sizeof pc1));
  CHECK_CUDA(cudaMalloc(&dpc2, sizeof pc2));
  CHECK_CUDA(cudaMemcpy(dpa, pa, sizeof pa, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dpb, pb, sizeof pb, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dpc1, pc1, sizeof pc1, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dpc2, pc2, sizeof pc2, cudaMemcpyHostToDevice));
  CHECK_BLAS(cublasSgemmBatched_64(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, dpa, lda, dpb, ldb,
                                   &be, dpc1, ldc, batch));
  CHECK_BLAS(cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &al, dpa, lda, dpb, ldb, &be,
                                dpc2, ldc, batch));
  near("SgemmBatched_64", to_host(c1, C.size()), to_host(c2, C.size()), 16 * bound);
  CHECK_BLAS(cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_T, m, m, k, &al, dA, CUDA_R_32F, lda, dA,
                             CUDA_R_32F, lda, &be, c1, CUDA_R_32F, ldc, CUBLAS_COMPUTE_32F,
                             CUBLAS_GEMM_DEFAULT));
  CHECK_BLAS(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_T, m, m, k, &al, dA, CUDA_R_32F, lda, dA,
                          CUDA_R_32F, lda, &be, c2, CUDA_R_32F, ldc, CUBLAS_COMPUTE_32F,
                          CUBLAS_GEMM_DEFAULT));
  near("GemmEx_64", to_host(c1, C.size()), to_host(c2, C.size()), 16 * bound);
  // double complex
  std::vector<cuDoubleComplex> zA = random_vector<cuDoubleComplex>(9 * 7),
                               zC = random_vector<cuDoubleComplex>(9 * 9);
  cuDoubleComplex za = make_cuDoubleComplex(0.5, -1), zb = make_cuDoubleComplex(0, 0.25);
  cuDoubleComplex *dzA = to_device(zA), *z1 = to_device(zC), *z2 = to_device(zC);
  CHECK_BLAS(cublasZgemm_64(h, CUBLAS_OP_N, CUBLAS_OP_C, 9, 9, 7, &za, dzA, 9, dzA, 9, &zb, z1, 9));
  CHECK_BLAS(cublasZgemm(h, CUBLAS_OP_N, CUBLAS_OP_C, 9, 9, 7, &za, dzA, 9, dzA, 9, &zb, z2, 9));
  near("Zgemm_64", to_host(z1, zC.size()), to_host(z2, zC.size()), 2 * 9 * eps<double>() * 40);
  cudaFree(dA), cudaFree(dB), cudaFree(c1), cudaFree(c2), cudaFree(dzA), cudaFree(z1), cudaFree(z2);
  cudaFree(dpa), cudaFree(dpb), cudaFree(dpc1), cudaFree(dpc2);
}

static void test_level12(cublasHandle_t h) {
  int m = 31, n = 27, lda = 33;
  std::vector<cuComplex> A = random_vector<cuComplex>((size_t)lda * n),
                         x = random_vector<cuComplex>(1 + 2 * (m - 1)),
                         y = random_vector<cuComplex>(1 + 3 * (m - 1));
  cuComplex al = make_cuComplex(0.5f, 0.25f), be = make_cuComplex(-1, 0.5f);
  cuComplex *dA = to_device(A), *dx = to_device(x), *y1 = to_device(y), *y2 = to_device(y);
  CHECK_BLAS(cublasCgemv_64(h, CUBLAS_OP_C, m, n, &al, dA, lda, dx, -2, &be, y1, 3));
  CHECK_BLAS(cublasCgemv(h, CUBLAS_OP_C, m, n, &al, dA, lda, dx, -2, &be, y2, 3));
  near("Cgemv_64", to_host(y1, y.size()), to_host(y2, y.size()),
       2 * (m + 2) * eps<float>() * 8 * m);
  CHECK_BLAS(cublasCaxpy_64(h, m, &al, dx, -2, y1, 3));
  CHECK_BLAS(cublasCaxpy(h, m, &al, dx, -2, y2, 3));
  near("Caxpy_64", to_host(y1, y.size()), to_host(y2, y.size()), 2 * 4 * eps<float>() * 8 * m);
  CHECK_BLAS(cublasCscal_64(h, m, &al, y1, 3));
  CHECK_BLAS(cublasCscal(h, m, &al, y2, 3));
  CHECK_BLAS(cublasCswap_64(h, m, y1, 3, dx, -2));
  CHECK_BLAS(cublasCswap(h, m, dx, -2, y1, 3)); // swapped back: x and y1 as before
  CHECK_BLAS(cublasCcopy_64(h, m, y1, 3, y2, 3));
  expect_equal("Ccopy_64 / Cswap_64", to_host(y1, y.size()), to_host(y2, y.size()));
  expect_equal("Cswap_64 twice", to_host(dx, x.size()), x);
  cuComplex d1, d2;
  CHECK_BLAS(cublasCdotc_64(h, m, dx, -2, y1, 3, &d1));
  CHECK_BLAS(cublasCdotc(h, m, dx, -2, y1, 3, &d2));
  near("Cdotc_64", std::vector<cuComplex>{d1}, std::vector<cuComplex>{d2},
       2 * (m + 2) * eps<float>() * 8 * m * m);
  float r1, r2;
  CHECK_BLAS(cublasScnrm2_64(h, m, dx, -2, &r1));
  CHECK_BLAS(cublasScnrm2(h, m, dx, -2, &r2));
  near("Scnrm2_64", std::vector<float>{r1}, std::vector<float>{r2}, 2 * m * eps<float>() * r2);
  CHECK_BLAS(cublasScasum_64(h, m, dx, 2, &r1));
  CHECK_BLAS(cublasScasum(h, m, dx, 2, &r2));
  near("Scasum_64", std::vector<float>{r1}, std::vector<float>{r2}, 2 * m * eps<float>() * r2);
  cudaFree(dA), cudaFree(dx), cudaFree(y1), cudaFree(y2);
}

static void test_errors(cublasHandle_t h) {
  float *d, one = 1;
  CHECK_CUDA(cudaMalloc(&d, 4096));
  const cublasOperation_t N = CUBLAS_OP_N;
  EXPECT_STATUS(cublasSgemm_64(nullptr, N, N, 4, 4, 4, &one, d, 4, d, 4, &one, d, 4),
                CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(cublasSgemm_64(h, N, N, 4, 4, 4, &one, d, 3, d, 4, &one, d, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSgemm_64(h, N, N, -1, 4, 4, &one, d, 4, d, 4, &one, d, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSgemm_64(h, N, N, 4, 4, -(1LL << 40), &one, d, 4, d, 4, &one, d, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(
      cublasSgemmStridedBatched_64(h, N, N, 4, 4, 4, &one, d, 4, 16, d, 4, 16, &one, d, 4, 16, -1),
      CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSgemm_64(h, N, N, 0, 4, 4, &one, d, 4, d, 4, &one, d, 4),
                CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasSaxpy_64(h, 0, &one, d, 1, d, 1), CUBLAS_STATUS_SUCCESS);
  cudaFree(d);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  test_gemm(h);
  test_level12(h);
  test_errors(h);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas wide");
}
