// gemm.cu — cuBLAS GEMM: cublas<t>gemm (S, D, C, Z), gemmBatched and gemmStridedBatched
// against OpenBLAS's cblas_<t>gemm, over every transpose pair, odd sizes that are not
// multiples of the kernel's tiles, leading dimensions larger than the rows, host and
// device scalars, a user stream; the BLAS special cases (beta == 0 never reads C, alpha
// == 0 never reads A or B); and the argument errors cuBLAS documents.
// Bound: |C - C_ref| <= (k + 2) eps (|alpha| (|A||B|)_ij + |beta| |C_ij|) per part (the
// classical error bound of an inner product of length k in any order, plus the two
// scalings), doubled for complex products.
#include "cublas_test.h"

static void ref_gemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, float alpha,
                     const float *A, int lda, const float *B, int ldb, float beta, float *C,
                     int ldc) {
  cblas_sgemm(CblasColMajor, cop(ta), cop(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
static void ref_gemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, double alpha,
                     const double *A, int lda, const double *B, int ldb, double beta, double *C,
                     int ldc) {
  cblas_dgemm(CblasColMajor, cop(ta), cop(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
static void ref_gemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                     cuComplex alpha, const cuComplex *A, int lda, const cuComplex *B, int ldb,
                     cuComplex beta, cuComplex *C, int ldc) {
  cblas_cgemm(CblasColMajor, cop(ta), cop(tb), m, n, k, &alpha, A, lda, B, ldb, &beta, C, ldc);
}
static void ref_gemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                     cuDoubleComplex alpha, const cuDoubleComplex *A, int lda,
                     const cuDoubleComplex *B, int ldb, cuDoubleComplex beta, cuDoubleComplex *C,
                     int ldc) {
  cblas_zgemm(CblasColMajor, cop(ta), cop(tb), m, n, k, &alpha, A, lda, B, ldb, &beta, C, ldc);
}

#define GEMM_OVERLOADS(P, T)                                                                       \
  static cublasStatus_t t_gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,       \
                               int m, int n, int k, const T *al, const T *A, int lda, const T *B,  \
                               int ldb, const T *be, T *C, int ldc) {                              \
    return cublas##P##gemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc);                    \
  }                                                                                                \
  static cublasStatus_t t_gemm_batched(                                                            \
      cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,           \
      const T *al, T **A, int lda, T **B, int ldb, const T *be, T **C, int ldc, int count) {       \
    return cublas##P##gemmBatched(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc, count);      \
  }                                                                                                \
  static cublasStatus_t t_gemm_strided(                                                            \
      cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,           \
      const T *al, const T *A, int lda, long long sa, const T *B, int ldb, long long sb,           \
      const T *be, T *C, int ldc, long long sc, int count) {                                       \
    return cublas##P##gemmStridedBatched(h, ta, tb, m, n, k, al, A, lda, sa, B, ldb, sb, be, C,    \
                                         ldc, sc, count);                                          \
  }
GEMM_OVERLOADS(S, float)
GEMM_OVERLOADS(D, double)
GEMM_OVERLOADS(C, cuComplex)
GEMM_OVERLOADS(Z, cuDoubleComplex)

static const char *op_name(cublasOperation_t op) {
  return op == CUBLAS_OP_N ? "N" : op == CUBLAS_OP_T ? "T" : "C";
}

// Per-element bound of C = alpha op(A) op(B) + beta C (see the top of the file).
template <class T>
static std::vector<double> gemm_bound(cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                                      int k, T alpha, const std::vector<T> &A, int lda,
                                      const std::vector<T> &B, int ldb, T beta,
                                      const std::vector<T> &C, int ldc) {
  std::vector<double> bound(C.size(), 0.0);
  const double factor =
      (k + 2) * eps<T>() * (sizeof(T) == 2 * sizeof(typename elem<T>::real) ? 2 : 1);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int p = 0; p < k; p++) {
        T a = ta == CUBLAS_OP_N ? A[i + (size_t)p * lda] : A[p + (size_t)i * lda];
        T b = tb == CUBLAS_OP_N ? B[p + (size_t)j * ldb] : B[j + (size_t)p * ldb];
        s += abs_of(a) * abs_of(b);
      }
      bound[i + (size_t)j * ldc] =
          factor * (abs_of(alpha) * s + abs_of(beta) * abs_of(C[i + (size_t)j * ldc]));
    }
  return bound;
}

// One problem: batch_count matrices, run as one gemm per batch (mode 0), gemmBatched
// (mode 1) or gemmStridedBatched (mode 2); scalars from host or device memory.
template <class T>
static void gemm_case(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                      int k, int pad, int batch_count, int mode, bool device_scalars) {
  int rows_a = ta == CUBLAS_OP_N ? m : k, cols_a = ta == CUBLAS_OP_N ? k : m;
  int rows_b = tb == CUBLAS_OP_N ? k : n, cols_b = tb == CUBLAS_OP_N ? n : k;
  int lda = rows_a + pad, ldb = rows_b + pad + 1, ldc = m + pad;
  size_t sa = (size_t)lda * cols_a, sb = (size_t)ldb * cols_b, sc = (size_t)ldc * n;
  std::vector<T> A = random_vector<T>(sa * batch_count), B = random_vector<T>(sb * batch_count),
                 C = random_vector<T>(sc * batch_count);
  T alpha = elem<T>::random(), beta = elem<T>::random();
  T *dA = to_device(A), *dB = to_device(B), *dC = to_device(C),
    *dal = to_device(std::vector<T>{alpha}), *dbe = to_device(std::vector<T>{beta});
  const T *pal = &alpha, *pbe = &beta;
  if (device_scalars) {
    CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
    pal = dal, pbe = dbe;
  }
  if (mode == 0) {
    for (int b = 0; b < batch_count; b++)
      CHECK_BLAS(t_gemm(h, ta, tb, m, n, k, pal, dA + b * sa, lda, dB + b * sb, ldb, pbe,
                        dC + b * sc, ldc));
  } else if (mode == 1) {
    std::vector<T *> pa(batch_count), pb(batch_count), pc(batch_count);
    for (int b = 0; b < batch_count; b++) // the arrays in reverse order: each batch finds its own
      pa[b] = dA + (batch_count - 1 - b) * sa, pb[b] = dB + (batch_count - 1 - b) * sb,
      pc[b] = dC + (batch_count - 1 - b) * sc;
    T **dpa = to_device(pa), **dpb = to_device(pb), **dpc = to_device(pc);
    CHECK_BLAS(
        t_gemm_batched(h, ta, tb, m, n, k, pal, dpa, lda, dpb, ldb, pbe, dpc, ldc, batch_count));
    CHECK_CUDA(cudaDeviceSynchronize());
    cudaFree(dpa), cudaFree(dpb), cudaFree(dpc);
  } else {
    CHECK_BLAS(t_gemm_strided(h, ta, tb, m, n, k, pal, dA, lda, sa, dB, ldb, sb, pbe, dC, ldc, sc,
                              batch_count));
  }
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  std::vector<T> got = to_host(dC, C.size()), want = C;
  std::vector<double> bound(C.size(), 0.0);
  for (int b = 0; b < batch_count; b++) {
    std::vector<T> Ab(A.begin() + b * sa, A.begin() + (b + 1) * sa),
        Bb(B.begin() + b * sb, B.begin() + (b + 1) * sb),
        Cb(C.begin() + b * sc, C.begin() + (b + 1) * sc);
    std::vector<double> bb = gemm_bound(ta, tb, m, n, k, alpha, Ab, lda, Bb, ldb, beta, Cb, ldc);
    std::copy(bb.begin(), bb.end(), bound.begin() + b * sc);
    ref_gemm(ta, tb, m, n, k, alpha, Ab.data(), lda, Bb.data(), ldb, beta, want.data() + b * sc,
             ldc);
  }
  char what[128];
  snprintf(what, sizeof what, "%sgemm%s %s%s m=%d n=%d k=%d batch=%d%s", elem<T>::name(),
           mode == 1   ? "Batched"
           : mode == 2 ? "StridedBatched"
                       : "",
           op_name(ta), op_name(tb), m, n, k, batch_count, device_scalars ? " device scalars" : "");
  expect_close(what, got, want,
               bound); // the padding rows (i >= m) must be untouched: bound 0 there
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dal), cudaFree(dbe);
}

template <class T> static void all_transposes(cublasHandle_t h, int m, int n, int k) {
  const cublasOperation_t ops[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
  for (auto ta : ops)
    for (auto tb : ops)
      gemm_case<T>(h, ta, tb, m, n, k, 3, 1, 0, false);
}

// beta == 0: C full of NaN is overwritten, not read; alpha == 0: A and B full of NaN
// are not read (C = beta C).
static void test_special_scalars(cublasHandle_t h) {
  const int m = 33, n = 17, k = 9;
  std::vector<float> A = random_vector<float>(m * k), B = random_vector<float>(k * n),
                     C(m * n, NAN);
  float *dA = to_device(A), *dB = to_device(B), *dC = to_device(C), one = 1, zero = 0, two = 2;
  CHECK_BLAS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dA, m, dB, k, &zero, dC, m));
  std::vector<float> want(m * n, 0.0f), got = to_host(dC, m * n);
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1, A.data(), m, B.data(), k, 0,
              want.data(), m);
  std::vector<double> bound =
      gemm_bound(CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, 1.0f, A, m, B, k, 0.0f, want, m);
  expect_close("Sgemm beta=0 with NaN in C", got, want, bound);

  std::vector<float> nan_a(m * k, NAN), c0 = random_vector<float>(m * n);
  CHECK_CUDA(cudaMemcpy(dA, nan_a.data(), m * k * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dB, nan_a.data(), k * n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dC, c0.data(), m * n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_BLAS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &zero, dA, m, dB, k, &two, dC, m));
  got = to_host(dC, m * n);
  for (auto &v : c0)
    v *= 2;
  expect_equal("Sgemm alpha=0 with NaN in A and B", got, c0);
  cudaFree(dA), cudaFree(dB), cudaFree(dC);
}

static void test_errors(cublasHandle_t h) {
  float *d, one = 1;
  CHECK_CUDA(cudaMalloc(&d, 4096));
  EXPECT_STATUS(
      cublasSgemm(nullptr, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, d, 4, d, 4, &one, d, 4),
      CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, -1, 4, 4, &one, d, 4, d, 4, &one, d, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, -1, &one, d, 4, d, 4, &one, d, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 4, 4, &one, d, 7, d, 4, &one, d, 8),
                CUBLAS_STATUS_INVALID_VALUE); // lda < m
  EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, 8, 4, 5, &one, d, 4, d, 5, &one, d, 8),
                CUBLAS_STATUS_INVALID_VALUE); // op(A) = A^T: lda < k
  EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, 8, 6, 5, &one, d, 8, d, 5, &one, d, 8),
                CUBLAS_STATUS_INVALID_VALUE); // op(B) = B^T: ldb < n
  EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 4, 4, &one, d, 8, d, 4, &one, d, 7),
                CUBLAS_STATUS_INVALID_VALUE); // ldc < m
  EXPECT_STATUS(
      cublasSgemm(h, (cublasOperation_t)7, CUBLAS_OP_N, 4, 4, 4, &one, d, 4, d, 4, &one, d, 4),
      CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, d, 4, 16, d,
                                          4, 16, &one, d, 4, 16, -1),
                CUBLAS_STATUS_INVALID_VALUE);
  // empty problems succeed and touch nothing
  CHECK_BLAS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 0, 4, 4, &one, d, 1, d, 4, &one, d, 1));
  CHECK_BLAS(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, d, 4, 16, d, 4,
                                       16, &one, d, 4, 16, 0));
  cudaFree(d);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));
  CHECK_BLAS(cublasSetStream(h, s));
  all_transposes<float>(h, 67, 45, 71);
  all_transposes<cuComplex>(h, 37, 29, 45);
  all_transposes<double>(h, 19, 13, 21);
  all_transposes<cuDoubleComplex>(h, 9, 11, 7);
  gemm_case<float>(h, CUBLAS_OP_N, CUBLAS_OP_N, 130, 70, 33, 2, 1, 0, true);
  gemm_case<float>(h, CUBLAS_OP_T, CUBLAS_OP_N, 31, 40, 27, 1, 3, 1, false);
  gemm_case<float>(h, CUBLAS_OP_N, CUBLAS_OP_T, 31, 40, 27, 0, 4, 2, true);
  // whole 64x64 tiles of the simdgroup_matrix kernel and a k of several 16-deep stages;
  // then k below one 8-step, and m, n below one 8x8 tile
  gemm_case<float>(h, CUBLAS_OP_N, CUBLAS_OP_N, 128, 64, 80, 0, 2, 2, false);
  gemm_case<float>(h, CUBLAS_OP_T, CUBLAS_OP_T, 70, 9, 5, 1, 1, 0, false);
  gemm_case<float>(h, CUBLAS_OP_C, CUBLAS_OP_N, 3, 5, 131, 2, 1, 0, true);
  gemm_case<double>(h, CUBLAS_OP_T, CUBLAS_OP_T, 9, 12, 10, 1, 3, 1, true);
  gemm_case<cuComplex>(h, CUBLAS_OP_C, CUBLAS_OP_N, 21, 18, 16, 2, 2, 2, false);
  gemm_case<cuDoubleComplex>(h, CUBLAS_OP_N, CUBLAS_OP_C, 7, 6, 5, 1, 2, 1, false);
  test_special_scalars(h);
  test_errors(h);
  CHECK_BLAS(cublasDestroy(h));
  CHECK_CUDA(cudaStreamDestroy(s));
  return finish("cublas gemm");
}
