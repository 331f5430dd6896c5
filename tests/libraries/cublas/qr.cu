// qr.cu — cublas<t>matinvBatched, geqrfBatched and gelsBatched in S, D, C, Z against
// OpenBLAS's LAPACK (<t>geqrf_, <t>gels_, <t>gesv_ through their Fortran names), batches
// of two with leading dimensions above the rows:
// - geqrf: R and tau as LAPACK's (the same Householder convention), within
//   64 m eps max|A|; and A = QR with Q rebuilt from the reflectors, Q^H Q = I, within
//   16 m eps (max|A| for A, 1 for Q^H Q);
// - gels (m >= n): X (C's first n rows) as LAPACK's gels within 256 m eps max|X|; devInfo
//   of a matrix with a zero column;
// - matinv (n <= 32): the inverse as LAPACK's gesv on the identity within 64 n eps
//   max|inv|; info of an exactly singular matrix;
// - bad arguments: matinv n > 32, geqrf lda < m (host info -4), gels m < n and trans T
//   (NOT_SUPPORTED). Random matrices of these orders are well conditioned with this seed.
#include "cublas_test.h"
#include <complex>

extern "C" {
void sgeqrf_(const int *, const int *, float *, const int *, float *, float *, const int *, int *);
void dgeqrf_(const int *, const int *, double *, const int *, double *, double *, const int *,
             int *);
void cgeqrf_(const int *, const int *, cuComplex *, const int *, cuComplex *, cuComplex *,
             const int *, int *);
void zgeqrf_(const int *, const int *, cuDoubleComplex *, const int *, cuDoubleComplex *,
             cuDoubleComplex *, const int *, int *);
void sgels_(const char *, const int *, const int *, const int *, float *, const int *, float *,
            const int *, float *, const int *, int *, size_t);
void dgels_(const char *, const int *, const int *, const int *, double *, const int *, double *,
            const int *, double *, const int *, int *, size_t);
void cgels_(const char *, const int *, const int *, const int *, cuComplex *, const int *,
            cuComplex *, const int *, cuComplex *, const int *, int *, size_t);
void zgels_(const char *, const int *, const int *, const int *, cuDoubleComplex *, const int *,
            cuDoubleComplex *, const int *, cuDoubleComplex *, const int *, int *, size_t);
void sgesv_(const int *, const int *, float *, const int *, int *, float *, const int *, int *);
void dgesv_(const int *, const int *, double *, const int *, int *, double *, const int *, int *);
void cgesv_(const int *, const int *, cuComplex *, const int *, int *, cuComplex *, const int *,
            int *);
void zgesv_(const int *, const int *, cuDoubleComplex *, const int *, int *, cuDoubleComplex *,
            const int *, int *);
}

// LAPACK and cuBLAS per type.
#define LAPACK(T, P, p)                                                                            \
  static void ref_geqrf(int m, int n, T *a, int lda, T *tau) {                                     \
    int lwork = 64 * n + 64, info;                                                                 \
    std::vector<T> work(lwork);                                                                    \
    p##geqrf_(&m, &n, a, &lda, tau, work.data(), &lwork, &info);                                   \
  }                                                                                                \
  static void ref_gels(int m, int n, int nrhs, T *a, int lda, T *c, int ldc) {                     \
    int lwork = 64 * (m + n + nrhs), info;                                                         \
    std::vector<T> work(lwork);                                                                    \
    p##gels_("N", &m, &n, &nrhs, a, &lda, c, &ldc, work.data(), &lwork, &info, 1);                 \
  }                                                                                                \
  static void ref_gesv(int n, T *a, int lda, T *b, int ldb) {                                      \
    std::vector<int> piv(n);                                                                       \
    int info;                                                                                      \
    p##gesv_(&n, &n, a, &lda, piv.data(), b, &ldb, &info);                                         \
  }                                                                                                \
  static cublasStatus_t geqrf(cublasHandle_t h, int m, int n, T *const A[], int lda,               \
                              T *const tau[], int *info, int batch) {                              \
    return cublas##P##geqrfBatched(h, m, n, A, lda, tau, info, batch);                             \
  }                                                                                                \
  static cublasStatus_t gels(cublasHandle_t h, cublasOperation_t t, int m, int n, int nrhs,        \
                             T *const A[], int lda, T *const C[], int ldc, int *info,              \
                             int *dev_info, int batch) {                                           \
    return cublas##P##gelsBatched(h, t, m, n, nrhs, A, lda, C, ldc, info, dev_info, batch);        \
  }                                                                                                \
  static cublasStatus_t matinv(cublasHandle_t h, int n, const T *const A[], int lda,               \
                               T *const Ainv[], int lda_inv, int *info, int batch) {               \
    return cublas##P##matinvBatched(h, n, A, lda, Ainv, lda_inv, info, batch);                     \
  }
LAPACK(float, S, s)
LAPACK(double, D, d)
LAPACK(cuComplex, C, c)
LAPACK(cuDoubleComplex, Z, z)

typedef std::complex<double> cd;
template <class T> static cd z(T v) {
  return cd(elem<T>::re(v), elem<T>::im(v));
}

// Device copies of `batch` matrices (each a separate allocation) and their pointer array.
template <class T> struct batch_of {
  std::vector<T *> ptrs;
  T **array;
  batch_of(const std::vector<std::vector<T>> &h) {
    for (auto &m : h)
      ptrs.push_back(to_device(m));
    array = to_device(ptrs);
  }
  std::vector<T> get(int i, size_t n) { return to_host(ptrs[i], n); }
  ~batch_of() {
    for (auto p : ptrs)
      cudaFree(p);
    cudaFree(array);
  }
};

template <class T> static T one_of() {
  T v = T();
  reinterpret_cast<typename elem<T>::real *>(&v)[0] = 1;
  return v;
}
static void report(const char *what, const char *type, double err, double bound) {
  if (!(err <= bound)) {
    printf("FAIL %s %s: error %.3g > bound %.3g\n", type, what, err, bound);
    failures++;
  }
}

template <class T> static void test_geqrf(cublasHandle_t h, int m, int n) {
  const char *name = elem<T>::name();
  const int batch = 2, lda = m + 3, kmin = m < n ? m : n;
  std::vector<std::vector<T>> A(batch), tau(batch, std::vector<T>(kmin));
  for (auto &a : A)
    a = random_vector<T>((size_t)lda * n);
  batch_of<T> dA(A), dtau(tau);
  int info = 99;
  CHECK_BLAS(geqrf(h, m, n, dA.array, lda, dtau.array, &info, batch));
  CHECK_CUDA(cudaDeviceSynchronize());
  if (info != 0) printf("FAIL %s geqrf info %d\n", name, info), failures++;
  for (int b = 0; b < batch; b++) {
    std::vector<T> got = dA.get(b, A[b].size()), got_tau = dtau.get(b, kmin);
    std::vector<T> ref = A[b], ref_tau(kmin);
    ref_geqrf(m, n, ref.data(), lda, ref_tau.data());
    double amax = 0, err = 0, err_tau = 0;
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        amax = std::max(amax, std::abs(z(A[b][i + j * lda])));
        err = std::max(err, std::abs(z(got[i + j * lda]) - z(ref[i + j * lda])));
      }
    for (int j = 0; j < kmin; j++)
      err_tau = std::max(err_tau, std::abs(z(got_tau[j]) - z(ref_tau[j])));
    report("geqrf R and reflectors vs LAPACK", name, err, 64 * m * eps<T>() * amax);
    report("geqrf tau vs LAPACK", name, err_tau, 64 * m * eps<T>());
    // Q = H_0 H_1 ... H_{k-1} applied to the identity (m x m), in double
    std::vector<cd> Q((size_t)m * m, 0);
    for (int i = 0; i < m; i++)
      Q[i + i * m] = 1;
    for (int j = kmin - 1; j >= 0; j--) {
      std::vector<cd> v(m, 0);
      v[j] = 1;
      for (int i = j + 1; i < m; i++)
        v[i] = z(got[i + j * lda]);
      cd t = z(got_tau[j]);
      for (int c = 0; c < m; c++) { // Q = H_j Q, H_j = I - tau v v^H
        cd w = 0;
        for (int i = j; i < m; i++)
          w += std::conj(v[i]) * Q[i + c * m];
        for (int i = j; i < m; i++)
          Q[i + c * m] -= t * v[i] * w;
      }
    }
    double err_qr = 0, err_orth = 0;
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        cd s = 0;
        for (int l = 0; l <= std::min(j, kmin - 1); l++)
          s += Q[i + l * m] * z(got[l + j * lda]);
        err_qr = std::max(err_qr, std::abs(s - z(A[b][i + j * lda])));
      }
    for (int j = 0; j < m; j++)
      for (int i = 0; i < m; i++) {
        cd s = 0;
        for (int l = 0; l < m; l++)
          s += std::conj(Q[l + i * m]) * Q[l + j * m];
        err_orth = std::max(err_orth, std::abs(s - (i == j ? 1.0 : 0.0)));
      }
    report("geqrf A = QR", name, err_qr, 16 * m * eps<T>() * amax);
    report("geqrf Q^H Q = I", name, err_orth, 16 * m * eps<T>());
  }
}

template <class T> static void test_gels(cublasHandle_t h, int m, int n, int nrhs) {
  const char *name = elem<T>::name();
  const int batch = 2, lda = m + 2, ldc = m + 1;
  std::vector<std::vector<T>> A(batch), C(batch);
  for (int b = 0; b < batch; b++)
    A[b] = random_vector<T>((size_t)lda * n), C[b] = random_vector<T>((size_t)ldc * nrhs);
  // the second matrix of the second batch is not of full rank: column 2 (1-based 3) zero
  std::vector<std::vector<T>> A2 = A;
  for (int i = 0; i < m; i++)
    A2[1][i + 2 * lda] = T();
  batch_of<T> dA(A), dC(C), dA2(A2), dC2(C);
  int info = 99, *dinfo;
  CHECK_CUDA(cudaMalloc(&dinfo, batch * sizeof(int)));
  CHECK_BLAS(gels(h, CUBLAS_OP_N, m, n, nrhs, dA.array, lda, dC.array, ldc, &info, dinfo, batch));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<int> dev_info = to_host(dinfo, batch);
  if (info != 0 || dev_info[0] || dev_info[1])
    printf("FAIL %s gels info %d devInfo %d %d\n", name, info, dev_info[0], dev_info[1]), failures++;
  for (int b = 0; b < batch; b++) {
    std::vector<T> got = dC.get(b, C[b].size()), a = A[b], ref = C[b];
    ref_gels(m, n, nrhs, a.data(), lda, ref.data(), ldc);
    double xmax = 0, err = 0;
    for (int j = 0; j < nrhs; j++)
      for (int i = 0; i < n; i++) {
        xmax = std::max(xmax, std::abs(z(ref[i + j * ldc])));
        err = std::max(err, std::abs(z(got[i + j * ldc]) - z(ref[i + j * ldc])));
      }
    report("gels X vs LAPACK", name, err, 256 * m * eps<T>() * xmax);
  }
  CHECK_BLAS(gels(h, CUBLAS_OP_N, m, n, nrhs, dA2.array, lda, dC2.array, ldc, &info, dinfo, batch));
  dev_info = to_host(dinfo, batch);
  if (dev_info[0] != 0 || dev_info[1] != 3)
    printf("FAIL %s gels devInfo of a rank-deficient matrix: %d %d, want 0 3\n", name,
           dev_info[0], dev_info[1]),
        failures++;
  cudaFree(dinfo);
}

template <class T> static void test_matinv(cublasHandle_t h, int n) {
  const char *name = elem<T>::name();
  const int batch = 3, lda = n + 2, ldi = n + 1;
  std::vector<std::vector<T>> A(batch), Inv(batch, std::vector<T>((size_t)ldi * n));
  for (auto &a : A)
    a = random_vector<T>((size_t)lda * n);
  for (int i = 0; i < n; i++) // the third is singular: column 4 (1-based 5) is zero
    A[2][i + 4 * lda] = T();
  batch_of<T> dA(A), dInv(Inv);
  int *dinfo;
  CHECK_CUDA(cudaMalloc(&dinfo, batch * sizeof(int)));
  CHECK_BLAS(matinv(h, n, (const T *const *)dA.array, lda, dInv.array, ldi, dinfo, batch));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<int> info = to_host(dinfo, batch);
  if (info[0] || info[1] || info[2] != 5)
    printf("FAIL %s matinv info %d %d %d, want 0 0 5\n", name, info[0], info[1], info[2]),
        failures++;
  for (int b = 0; b < 2; b++) {
    std::vector<T> got = dInv.get(b, Inv[b].size()), a = A[b], ref((size_t)n * n);
    for (int i = 0; i < n; i++)
      ref[i + i * n] = one_of<T>();
    ref_gesv(n, a.data(), lda, ref.data(), n);
    double xmax = 0, err = 0;
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        xmax = std::max(xmax, std::abs(z(ref[i + j * n])));
        err = std::max(err, std::abs(z(got[i + j * ldi]) - z(ref[i + j * n])));
      }
    report("matinv vs LAPACK gesv", name, err, 64 * n * eps<T>() * xmax);
  }
  cudaFree(dinfo);
}

template <class T> static void bad_arguments(cublasHandle_t h) {
  T **none = nullptr;
  int info = 0;
  EXPECT_STATUS(matinv(h, 33, (const T *const *)none, 33, none, 33, nullptr, 1),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(geqrf(h, 5, 4, none, 4, none, &info, 1), CUBLAS_STATUS_INVALID_VALUE);
  if (info != -4) printf("FAIL geqrf lda < m: info %d, want -4\n", info), failures++;
  EXPECT_STATUS(gels(h, CUBLAS_OP_N, 3, 4, 1, none, 3, none, 3, &info, nullptr, 1),
                CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_STATUS(gels(h, CUBLAS_OP_T, 5, 4, 1, none, 5, none, 5, &info, nullptr, 1),
                CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_STATUS(gels(h, CUBLAS_OP_N, 5, 4, -1, none, 5, none, 5, &info, nullptr, 1),
                CUBLAS_STATUS_INVALID_VALUE);
  // NVIDIA's cuBLAS 13.1 gives -2 here (H100, 2026-12-07), not nrhs's position -4
  if (info != -2) printf("FAIL gels nrhs < 0: info %d, want -2\n", info), failures++;
  // NOT_SUPPORTED (m < n, trans T): info 0 under NVIDIA's cuBLAS 13.1 (H100, 2026-12-07)
  info = 0;
  (void)gels(h, CUBLAS_OP_N, 3, 4, 1, none, 3, none, 3, &info, nullptr, 1);
  if (info != 0) printf("FAIL gels m < n: info %d, want 0\n", info), failures++;
  info = 0;
  (void)gels(h, CUBLAS_OP_T, 5, 4, 1, none, 5, none, 5, &info, nullptr, 1);
  if (info != 0) printf("FAIL gels trans T: info %d, want 0\n", info), failures++;
  // printed for the next GPU run: does NVIDIA write 0 or leave info as it was?
  info = 7;
  (void)gels(h, CUBLAS_OP_N, 3, 4, 1, none, 3, none, 3, &info, nullptr, 1);
  printf("probe: %s gelsBatched m < n, info 7 before: info %d\n", elem<T>::name(), info);
}

template <class T> static void all(cublasHandle_t h, bool small) {
  test_geqrf<T>(h, small ? 9 : 21, small ? 6 : 14);
  test_geqrf<T>(h, small ? 5 : 8, small ? 7 : 12); // m < n
  test_gels<T>(h, small ? 9 : 23, small ? 5 : 11, 3);
  test_matinv<T>(h, small ? 7 : 17);
  test_matinv<T>(h, 32);
  bad_arguments<T>(h);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  all<float>(h, false);
  all<cuComplex>(h, false);
  all<double>(h, true);
  all<cuDoubleComplex>(h, true);
  CHECK_BLAS(cublasDestroy(h));
  return finish("qr");
}
