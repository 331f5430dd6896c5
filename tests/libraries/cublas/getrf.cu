// getrf.cu — cublas<t>getrfBatched, getrsBatched and getriBatched in S, D, C, Z against
// OpenBLAS's LAPACK (<t>getrf_, <t>getrs_, called through their Fortran names; for complex
// getrf a reference LU with NVIDIA's pivot rule, below): the same pivots, L and U within the error of Gaussian elimination, solutions of
// op(A) X = B for N, T and C, inverses; no pivoting (NULL pivot array) checked by the
// residual; info for an exactly singular matrix; the host info of getrs for bad
// arguments. Bound: |LU - LU_ref| <= 8 n eps max|LU_ref| (random matrices of order <= 24:
// growth stays small); solutions and inverses within 64 n eps max|X_ref| (cond(A) of a
// random matrix of that order is below 10^3 with these seeds; printed for the record).
#include "cublas_test.h"
#include <complex>

extern "C" {
void sgetrf_(const int *, const int *, float *, const int *, int *, int *);
void dgetrf_(const int *, const int *, double *, const int *, int *, int *);
void sgetrs_(const char *, const int *, const int *, const float *, const int *, const int *,
             float *, const int *, int *, size_t);
void dgetrs_(const char *, const int *, const int *, const double *, const int *, const int *,
             double *, const int *, int *, size_t);
void cgetrs_(const char *, const int *, const int *, const cuComplex *, const int *, const int *,
             cuComplex *, const int *, int *, size_t);
void zgetrs_(const char *, const int *, const int *, const cuDoubleComplex *, const int *,
             const int *, cuDoubleComplex *, const int *, int *, size_t);
}
static void ref_getrf(int n, float *a, int lda, int *piv, int *info) {
  sgetrf_(&n, &n, a, &lda, piv, info);
}
static void ref_getrf(int n, double *a, int lda, int *piv, int *info) {
  dgetrf_(&n, &n, a, &lda, piv, info);
}
// Complex: NVIDIA's cuBLAS pivots on the largest |z| (observed on an H100,
// record/pivot_probe.cu), where LAPACK's cgetrf/zgetrf use |Re| + |Im|; so the reference is
// an unblocked right-looking LU with that rule (the first row on ties), in the precision of
// the data.
template <class C, class R> static void lu_modulus(int n, C *data, int lda, int *piv, int *info) {
  std::complex<R> *a = reinterpret_cast<std::complex<R> *>(data);
  *info = 0;
  for (int j = 0; j < n; j++) {
    int p = j;
    for (int i = j + 1; i < n; i++)
      if (std::abs(a[i + j * lda]) > std::abs(a[p + j * lda])) p = i;
    piv[j] = p + 1;
    if (a[p + j * lda] == std::complex<R>(0)) {
      if (!*info) *info = j + 1;
      continue;
    }
    if (p != j)
      for (int c = 0; c < n; c++)
        std::swap(a[j + c * lda], a[p + c * lda]);
    for (int i = j + 1; i < n; i++)
      a[i + j * lda] /= a[j + j * lda];
    for (int c = j + 1; c < n; c++)
      for (int i = j + 1; i < n; i++)
        a[i + c * lda] -= a[i + j * lda] * a[j + c * lda];
  }
}
static void ref_getrf(int n, cuComplex *a, int lda, int *piv, int *info) {
  lu_modulus<cuComplex, float>(n, a, lda, piv, info);
}
static void ref_getrf(int n, cuDoubleComplex *a, int lda, int *piv, int *info) {
  lu_modulus<cuDoubleComplex, double>(n, a, lda, piv, info);
}
#define REF_GETRS(P, T)                                                                            \
  static void ref_getrs(char t, int n, int nrhs, const T *a, int lda, const int *piv, T *b,        \
                        int ldb) {                                                                 \
    int info;                                                                                      \
    P##getrs_(&t, &n, &nrhs, a, &lda, piv, b, &ldb, &info, 1);                                     \
  }
REF_GETRS(s, float)
REF_GETRS(d, double)
REF_GETRS(c, cuComplex)
REF_GETRS(z, cuDoubleComplex)

#define T_GETRF(P, T)                                                                              \
  static cublasStatus_t t_getrf(cublasHandle_t h, int n, T **A, int lda, int *piv, int *info,      \
                                int b) {                                                           \
    return cublas##P##getrfBatched(h, n, A, lda, piv, info, b);                                    \
  }                                                                                                \
  static cublasStatus_t t_getrs(cublasHandle_t h, cublasOperation_t t, int n, int nrhs, T **A,     \
                                int lda, const int *piv, T **B, int ldb, int *info, int b) {       \
    return cublas##P##getrsBatched(h, t, n, nrhs, A, lda, piv, B, ldb, info, b);                   \
  }                                                                                                \
  static cublasStatus_t t_getri(cublasHandle_t h, int n, T **A, int lda, const int *piv, T **C,    \
                                int ldc, int *info, int b) {                                       \
    return cublas##P##getriBatched(h, n, A, lda, piv, C, ldc, info, b);                            \
  }
T_GETRF(S, float)
T_GETRF(D, double)
T_GETRF(C, cuComplex)
T_GETRF(Z, cuDoubleComplex)

// batch matrices of n x cols with leading dimension ld, one allocation each, and the
// device array of their pointers
template <class T> struct batch_of {
  std::vector<T *> ptrs;
  T **dptrs = nullptr;
  batch_of(const std::vector<std::vector<T>> &host) {
    for (auto &m : host)
      ptrs.push_back(to_device(m));
    dptrs = to_device(ptrs);
  }
  std::vector<T> get(int b, size_t size) { return to_host(ptrs[b], size); }
  ~batch_of() {
    for (auto p : ptrs)
      cudaFree(p);
    cudaFree(dptrs);
  }
};

template <class T> static double max_abs(const std::vector<T> &v) {
  double m = 0;
  for (auto &e : v)
    m = std::max(m, abs_of(e));
  return m;
}

template <class T> static void test_type(cublasHandle_t h, int n, int batch) {
  const double f = sizeof(T) == 2 * sizeof(typename elem<T>::real) ? 2 : 1;
  const int lda = n + 2, ldb = n + 1, nrhs = 5;
  char what[128];
  std::vector<std::vector<T>> A(batch), B(batch);
  for (int b = 0; b < batch; b++)
    A[b] = random_vector<T>((size_t)lda * n), B[b] = random_vector<T>((size_t)ldb * nrhs);
  batch_of<T> dA(A), dB(B);
  int *dpiv, *dinfo;
  CHECK_CUDA(cudaMalloc(&dpiv, n * batch * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dinfo, batch * sizeof(int)));
  CHECK_BLAS(t_getrf(h, n, dA.dptrs, lda, dpiv, dinfo, batch));
  std::vector<int> piv = to_host(dpiv, n * batch), info = to_host(dinfo, batch);
  std::vector<std::vector<T>> LU(batch);
  std::vector<std::vector<int>> ref_piv(batch, std::vector<int>(n));
  for (int b = 0; b < batch; b++) {
    LU[b] = A[b];
    int ref_info;
    ref_getrf(n, LU[b].data(), lda, ref_piv[b].data(), &ref_info);
    if (info[b] != ref_info || memcmp(&piv[b * n], ref_piv[b].data(), n * sizeof(int)) != 0) {
      printf("FAIL %sgetrfBatched[%d]: info %d (want %d) or pivots differ\n", elem<T>::name(), b,
             info[b], ref_info);
      failures++;
    }
    snprintf(what, sizeof what, "%sgetrfBatched n=%d [%d]", elem<T>::name(), n, b);
    expect_close(what, dA.get(b, A[b].size()), LU[b],
                 std::vector<double>(LU[b].size(), 8 * f * n * eps<T>() * max_abs(LU[b])));
  }
  // getrs with the device factors, every operation
  for (auto op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) {
    batch_of<T> dX(B);
    int hinfo = -99;
    CHECK_BLAS(t_getrs(h, op, n, nrhs, dA.dptrs, lda, dpiv, dX.dptrs, ldb, &hinfo, batch));
    if (hinfo != 0) {
      printf("FAIL getrsBatched info %d\n", hinfo);
      failures++;
    }
    for (int b = 0; b < batch; b++) {
      std::vector<T> want = B[b];
      ref_getrs(op == CUBLAS_OP_N   ? 'N'
                : op == CUBLAS_OP_T ? 'T'
                                    : 'C',
                n, nrhs, LU[b].data(), lda, ref_piv[b].data(), want.data(), ldb);
      snprintf(what, sizeof what, "%sgetrsBatched %s n=%d [%d]", elem<T>::name(),
               op == CUBLAS_OP_N   ? "N"
               : op == CUBLAS_OP_T ? "T"
                                   : "C",
               n, b);
      expect_close(what, dX.get(b, want.size()), want,
                   std::vector<double>(want.size(), 64 * f * n * eps<T>() * max_abs(want)));
    }
  }
  // getri: C = inv(A) must be A's inverse: LAPACK's getrs on the identity
  {
    std::vector<std::vector<T>> C(batch, std::vector<T>((size_t)lda * n));
    batch_of<T> dC(C);
    CHECK_BLAS(t_getri(h, n, dA.dptrs, lda, dpiv, dC.dptrs, lda, dinfo, batch));
    std::vector<int> inv_info = to_host(dinfo, batch);
    for (int b = 0; b < batch; b++) {
      std::vector<T> want((size_t)lda * n, T());
      for (int i = 0; i < n; i++) // the identity: real part 1 on the diagonal
        *(typename elem<T>::real *)&want[i + (size_t)i * lda] = 1;
      ref_getrs('N', n, n, LU[b].data(), lda, ref_piv[b].data(), want.data(), lda);
      std::vector<T> got = dC.get(b, want.size());
      for (int j = 0; j < n; j++) // rows beyond n of C: not compared
        for (int i = n; i < lda; i++)
          got[i + (size_t)j * lda] = want[i + (size_t)j * lda];
      snprintf(what, sizeof what, "%sgetriBatched n=%d [%d]", elem<T>::name(), n, b);
      expect_close(what, got, want,
                   std::vector<double>(want.size(), 64 * f * n * eps<T>() * max_abs(want)));
      if (inv_info[b] != 0) {
        printf("FAIL %sgetriBatched info %d\n", elem<T>::name(), inv_info[b]);
        failures++;
      }
    }
  }
  cudaFree(dpiv), cudaFree(dinfo);
}

// No pivoting (NULL pivot array) on a diagonally dominant matrix: L U reproduces A.
static void test_no_pivoting(cublasHandle_t h) {
  const int n = 9;
  std::vector<double> A = random_vector<double>(n * n);
  for (int i = 0; i < n; i++)
    A[i + i * n] += 2 * n;
  batch_of<double> dA(std::vector<std::vector<double>>{A});
  int *dinfo;
  CHECK_CUDA(cudaMalloc(&dinfo, sizeof(int)));
  CHECK_BLAS(cublasDgetrfBatched(h, n, dA.dptrs, n, nullptr, dinfo, 1));
  std::vector<double> lu = dA.get(0, n * n), prod(n * n, 0.0);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      for (int p = 0; p <= std::min(i, j); p++)
        prod[i + j * n] += (p == i ? 1.0 : lu[i + p * n]) * lu[p + j * n];
  expect_close("DgetrfBatched without pivoting: L U = A", prod, A,
               std::vector<double>(n * n, 64 * n * 1.11e-16 * 3 * n));
  int info = to_host(dinfo, 1)[0];
  if (info != 0) {
    printf("FAIL DgetrfBatched without pivoting: info %d\n", info);
    failures++;
  }
  cudaFree(dinfo);
}

// An exactly singular matrix (column 3 is zero): info = 4, as LAPACK's.
static void test_singular(cublasHandle_t h) {
  const int n = 6;
  std::vector<float> A = random_vector<float>(n * n);
  for (int i = 0; i < n; i++)
    A[i + 3 * n] = 0;
  batch_of<float> dA(std::vector<std::vector<float>>{A, random_vector<float>(n * n)});
  int *dinfo, *dpiv;
  CHECK_CUDA(cudaMalloc(&dinfo, 2 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dpiv, 2 * n * sizeof(int)));
  CHECK_BLAS(cublasSgetrfBatched(h, n, dA.dptrs, n, dpiv, dinfo, 2));
  std::vector<int> info = to_host(dinfo, 2);
  int ref_piv[n], ref_info;
  ref_getrf(n, A.data(), n, ref_piv, &ref_info);
  if (info[0] != ref_info || info[0] != 4 || info[1] != 0) {
    printf("FAIL SgetrfBatched singular: info %d %d, LAPACK %d\n", info[0], info[1], ref_info);
    failures++;
  }
  // bad arguments of getrs: the host info names the first
  int hinfo = 0;
  EXPECT_STATUS(
      cublasSgetrsBatched(h, CUBLAS_OP_N, n, -1, dA.dptrs, n, dpiv, dA.dptrs, n, &hinfo, 2),
      CUBLAS_STATUS_INVALID_VALUE);
  // info = -(the parameter's position without the handle), as NVIDIA's (H100)
  if (hinfo != -3) {
    printf("FAIL SgetrsBatched nrhs < 0: info %d, want -3\n", hinfo);
    failures++;
  }
  EXPECT_STATUS(
      cublasSgetrsBatched(h, CUBLAS_OP_N, n, 1, dA.dptrs, n, dpiv, dA.dptrs, n - 1, &hinfo, 2),
      CUBLAS_STATUS_INVALID_VALUE);
  if (hinfo != -8) {
    printf("FAIL SgetrsBatched ldb < n: info %d, want -8\n", hinfo);
    failures++;
  }
  EXPECT_STATUS(cublasSgetrfBatched(h, n, dA.dptrs, n - 1, dpiv, dinfo, 2),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSgetriBatched(h, n, dA.dptrs, n, dpiv, dA.dptrs, n, dinfo, -1),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSgetrfBatched(nullptr, n, dA.dptrs, n, dpiv, dinfo, 2),
                CUBLAS_STATUS_NOT_INITIALIZED);
  cudaFree(dinfo), cudaFree(dpiv);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  test_type<float>(h, 24, 3);
  test_type<double>(h, 9, 2);
  test_type<cuComplex>(h, 13, 2);
  test_type<cuDoubleComplex>(h, 6, 2);
  test_no_pivoting(h);
  test_singular(h);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas getrf");
}
