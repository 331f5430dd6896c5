// level3.cu — cuBLAS level 3 besides GEMM, in S, D, C, Z against OpenBLAS: symm and hemm
// (both sides and triangles), syrk and herk (both triangles, N and T/C; the other triangle
// untouched), trmm (every side, triangle, operation and diagonal; out of place and in
// place), trsm (every combination, device alpha once), trsmBatched, syr2k and her2k, geam
// and dgmm, error codes.
// Bounds: inner products of length L within (L + 2) eps (|alpha| L max|a||b| + |beta||c|)
// per part, doubled for complex; trsm on triangles with diagonal >= 1 and off-diagonal
// parts <= 1/size (condition number below 3) within 16 size eps max|X|.
#include "cublas_test.h"

// real scalars by value, complex by pointer: wrap in a helper that takes pointers
#define REF_REAL(P, T)                                                                             \
  static void ref_symm(cublasSideMode_t s, cublasFillMode_t u, int m, int n, T al, const T *A,     \
                       int lda, const T *B, int ldb, T be, T *C, int ldc) {                        \
    cblas_##P##symm(CblasColMajor, cside(s), cuplo(u), m, n, al, A, lda, B, ldb, be, C, ldc);      \
  }                                                                                                \
  static void ref_syrk(cublasFillMode_t u, cublasOperation_t t, int n, int k, T al, const T *A,    \
                       int lda, T be, T *C, int ldc) {                                             \
    cblas_##P##syrk(CblasColMajor, cuplo(u), cop(t), n, k, al, A, lda, be, C, ldc);                \
  }                                                                                                \
  static void ref_trmm(cublasSideMode_t s, cublasFillMode_t u, cublasOperation_t t,                \
                       cublasDiagType_t d, int m, int n, T al, const T *A, int lda, T *B,          \
                       int ldb) {                                                                  \
    cblas_##P##trmm(CblasColMajor, cside(s), cuplo(u), cop(t), cdiag(d), m, n, al, A, lda, B,      \
                    ldb);                                                                          \
  }                                                                                                \
  static void ref_trsm(cublasSideMode_t s, cublasFillMode_t u, cublasOperation_t t,                \
                       cublasDiagType_t d, int m, int n, T al, const T *A, int lda, T *B,          \
                       int ldb) {                                                                  \
    cblas_##P##trsm(CblasColMajor, cside(s), cuplo(u), cop(t), cdiag(d), m, n, al, A, lda, B,      \
                    ldb);                                                                          \
  }
#define REF_COMPLEX(P, T)                                                                          \
  static void ref_symm(cublasSideMode_t s, cublasFillMode_t u, int m, int n, T al, const T *A,     \
                       int lda, const T *B, int ldb, T be, T *C, int ldc) {                        \
    cblas_##P##symm(CblasColMajor, cside(s), cuplo(u), m, n, &al, A, lda, B, ldb, &be, C, ldc);    \
  }                                                                                                \
  static void ref_syrk(cublasFillMode_t u, cublasOperation_t t, int n, int k, T al, const T *A,    \
                       int lda, T be, T *C, int ldc) {                                             \
    cblas_##P##syrk(CblasColMajor, cuplo(u), cop(t), n, k, &al, A, lda, &be, C, ldc);              \
  }                                                                                                \
  static void ref_trmm(cublasSideMode_t s, cublasFillMode_t u, cublasOperation_t t,                \
                       cublasDiagType_t d, int m, int n, T al, const T *A, int lda, T *B,          \
                       int ldb) {                                                                  \
    cblas_##P##trmm(CblasColMajor, cside(s), cuplo(u), cop(t), cdiag(d), m, n, &al, A, lda, B,     \
                    ldb);                                                                          \
  }                                                                                                \
  static void ref_trsm(cublasSideMode_t s, cublasFillMode_t u, cublasOperation_t t,                \
                       cublasDiagType_t d, int m, int n, T al, const T *A, int lda, T *B,          \
                       int ldb) {                                                                  \
    cblas_##P##trsm(CblasColMajor, cside(s), cuplo(u), cop(t), cdiag(d), m, n, &al, A, lda, B,     \
                    ldb);                                                                          \
  }
REF_REAL(s, float)
REF_REAL(d, double)
REF_COMPLEX(c, cuComplex)
REF_COMPLEX(z, cuDoubleComplex)

#define T_LEVEL3(P, T)                                                                             \
  static cublasStatus_t t_symm(cublasHandle_t h, cublasSideMode_t s, cublasFillMode_t u, int m,    \
                               int n, const T *al, const T *A, int lda, const T *B, int ldb,       \
                               const T *be, T *C, int ldc) {                                       \
    return cublas##P##symm(h, s, u, m, n, al, A, lda, B, ldb, be, C, ldc);                         \
  }                                                                                                \
  static cublasStatus_t t_syrk(cublasHandle_t h, cublasFillMode_t u, cublasOperation_t t, int n,   \
                               int k, const T *al, const T *A, int lda, const T *be, T *C,         \
                               int ldc) {                                                          \
    return cublas##P##syrk(h, u, t, n, k, al, A, lda, be, C, ldc);                                 \
  }                                                                                                \
  static cublasStatus_t t_trmm(cublasHandle_t h, cublasSideMode_t s, cublasFillMode_t u,           \
                               cublasOperation_t t, cublasDiagType_t d, int m, int n, const T *al, \
                               const T *A, int lda, const T *B, int ldb, T *C, int ldc) {          \
    return cublas##P##trmm(h, s, u, t, d, m, n, al, A, lda, B, ldb, C, ldc);                       \
  }                                                                                                \
  static cublasStatus_t t_trsm(cublasHandle_t h, cublasSideMode_t s, cublasFillMode_t u,           \
                               cublasOperation_t t, cublasDiagType_t d, int m, int n, const T *al, \
                               const T *A, int lda, T *B, int ldb) {                               \
    return cublas##P##trsm(h, s, u, t, d, m, n, al, A, lda, B, ldb);                               \
  }
T_LEVEL3(S, float)
T_LEVEL3(D, double)
T_LEVEL3(C, cuComplex)
T_LEVEL3(Z, cuDoubleComplex)

static const char *opn(cublasOperation_t o) {
  return o == CUBLAS_OP_N ? "N" : o == CUBLAS_OP_T ? "T" : "C";
}

template <class T> static void test_type(cublasHandle_t h, int m, int n, int k) {
  typedef typename elem<T>::real R;
  const bool cplx = sizeof(T) != sizeof(R);
  const double f = cplx ? 2 : 1;
  const int s_max = std::max(m, n), ld = s_max + 2;
  char what[160];
  std::vector<T> A = random_vector<T>((size_t)ld * s_max), B = random_vector<T>((size_t)ld * s_max),
                 C = random_vector<T>((size_t)ld * s_max);
  T *dA = to_device(A), *dB = to_device(B), *dC = to_device(C);
  const cublasSideMode_t sides[] = {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT};
  const cublasFillMode_t uplos[] = {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER};
  const cublasOperation_t ops[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
  const cublasDiagType_t diags[] = {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT};
  auto reset_c = [&]() {
    CHECK_CUDA(cudaMemcpy(dC, C.data(), C.size() * sizeof(T), cudaMemcpyHostToDevice));
  };
  auto bound_for = [&](int len, T al, T be) {
    std::vector<double> b(C.size());
    for (size_t i = 0; i < C.size(); i++)
      b[i] = f * (len + 2) * eps<T>() * (abs_of(al) * 2 * len + abs_of(be) * abs_of(C[i]));
    return b;
  };
  // symm (real and complex symmetric)
  for (auto s : sides)
    for (auto u : uplos) {
      T al = elem<T>::random(), be = elem<T>::random();
      reset_c();
      CHECK_BLAS(t_symm(h, s, u, m, n, &al, dA, ld, dB, ld, &be, dC, ld));
      std::vector<T> want = C;
      ref_symm(s, u, m, n, al, A.data(), ld, B.data(), ld, be, want.data(), ld);
      snprintf(what, sizeof what, "%ssymm %s %s", elem<T>::name(), s ? "right" : "left",
               u ? "upper" : "lower");
      expect_close(what, to_host(dC, C.size()), want, bound_for(s ? n : m, al, be));
    }
  // syrk
  for (auto u : uplos)
    for (auto t : {CUBLAS_OP_N, CUBLAS_OP_T}) {
      T al = elem<T>::random(), be = elem<T>::random();
      reset_c();
      CHECK_BLAS(t_syrk(h, u, t, n, k, &al, dA, ld, &be, dC, ld));
      std::vector<T> want = C;
      ref_syrk(u, t, n, k, al, A.data(), ld, be, want.data(), ld);
      snprintf(what, sizeof what, "%ssyrk %s %s", elem<T>::name(), u ? "upper" : "lower", opn(t));
      expect_close(what, to_host(dC, C.size()), want, bound_for(k, al, be));
    }
  // trmm, out of place and (once per side) in place
  for (auto s : sides)
    for (auto u : uplos)
      for (auto t : ops)
        for (auto d : diags) {
          T al = elem<T>::random();
          reset_c();
          CHECK_BLAS(t_trmm(h, s, u, t, d, m, n, &al, dA, ld, dB, ld, dC, ld));
          std::vector<T> want = B;
          ref_trmm(s, u, t, d, m, n, al, A.data(), ld, want.data(), ld);
          for (int j = 0; j < s_max; j++) // C outside m x n keeps its values
            for (int i = 0; i < ld; i++)
              if (i >= m || j >= n) want[i + (size_t)j * ld] = C[i + (size_t)j * ld];
          snprintf(what, sizeof what, "%strmm %s %s %s %s", elem<T>::name(), s ? "right" : "left",
                   u ? "upper" : "lower", opn(t), d ? "unit" : "non-unit");
          std::vector<double> bound = bound_for(s ? n : m, al, T());
          for (int j = 0; j < s_max; j++)
            for (int i = 0; i < ld; i++)
              if (i >= m || j >= n) bound[i + (size_t)j * ld] = 0;
          expect_close(what, to_host(dC, C.size()), want, bound);
          if (u == CUBLAS_FILL_MODE_UPPER && t == CUBLAS_OP_T && d == CUBLAS_DIAG_NON_UNIT) {
            T *dB2 = to_device(B);
            CHECK_BLAS(t_trmm(h, s, u, t, d, m, n, &al, dA, ld, dB2, ld, dB2, ld));
            std::vector<T> want2 = B;
            ref_trmm(s, u, t, d, m, n, al, A.data(), ld, want2.data(), ld);
            snprintf(what, sizeof what, "%strmm in place %s", elem<T>::name(),
                     s ? "right" : "left");
            expect_close(what, to_host(dB2, B.size()), want2, bound_for(s ? n : m, al, T()));
            cudaFree(dB2);
          }
        }
  // trsm on a well-conditioned triangle
  std::vector<T> tri = A;
  for (int j = 0; j < s_max; j++)
    for (int i = 0; i < s_max; i++) {
      std::complex<double> z(elem<T>::re(A[i + (size_t)j * ld]),
                             elem<T>::im(A[i + (size_t)j * ld]));
      z = i == j ? z * 0.5 + 2.0 : z / (double)s_max;
      T v;
      R parts[2] = {(R)z.real(), (R)z.imag()};
      memcpy(&v, parts, sizeof(T));
      tri[i + (size_t)j * ld] = v;
    }
  T *dT = to_device(tri);
  int count = 0;
  for (auto s : sides)
    for (auto u : uplos)
      for (auto t : ops)
        for (auto d : diags) {
          T al = elem<T>::random();
          T *dX = to_device(B), *dal = to_device(std::vector<T>{al});
          bool device_alpha = count++ == 5;
          if (device_alpha) CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
          CHECK_BLAS(t_trsm(h, s, u, t, d, m, n, device_alpha ? dal : &al, dT, ld, dX, ld));
          CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
          std::vector<T> want = B;
          ref_trsm(s, u, t, d, m, n, al, tri.data(), ld, want.data(), ld);
          double mx = 0;
          for (auto &v : want)
            mx = std::max(mx, abs_of(v));
          std::vector<double> bound(B.size(), 16 * f * s_max * eps<T>() * mx);
          snprintf(what, sizeof what, "%strsm %s %s %s %s%s", elem<T>::name(), s ? "right" : "left",
                   u ? "upper" : "lower", opn(t), d ? "unit" : "non-unit",
                   device_alpha ? " device alpha" : "");
          expect_close(what, to_host(dX, B.size()), want, bound);
          cudaFree(dX), cudaFree(dal);
        }
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dT);
}

// hemm and herk (C, Z) against cblas_chemm / cblas_cherk.
template <class T, class R>
static void test_hermitian(
    cublasHandle_t h, int m, int n, int k,
    cublasStatus_t (*hemm)(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, int, int, const T *,
                           const T *, int, const T *, int, const T *, T *, int),
    cublasStatus_t (*herk)(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int, const R *,
                           const T *, int, const R *, T *, int),
    void (*ref_hemm)(CBLAS_ORDER, CBLAS_SIDE, CBLAS_UPLO, blasint, blasint, const void *,
                     const void *, blasint, const void *, blasint, const void *, void *, blasint),
    void (*ref_herk)(CBLAS_ORDER, CBLAS_UPLO, CBLAS_TRANSPOSE, blasint, blasint, R, const void *,
                     blasint, R, void *, blasint)) {
  const int s_max = std::max(m, n), ld = s_max + 1;
  std::vector<T> A = random_vector<T>((size_t)ld * s_max), B = random_vector<T>((size_t)ld * s_max),
                 C = random_vector<T>((size_t)ld * s_max);
  T *dA = to_device(A), *dB = to_device(B), *dC = to_device(C);
  char what[128];
  for (auto s : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
    for (auto u : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
      T al = elem<T>::random(), be = elem<T>::random();
      CHECK_CUDA(cudaMemcpy(dC, C.data(), C.size() * sizeof(T), cudaMemcpyHostToDevice));
      CHECK_BLAS(hemm(h, s, u, m, n, &al, dA, ld, dB, ld, &be, dC, ld));
      std::vector<T> want = C;
      ref_hemm(CblasColMajor, cside(s), cuplo(u), m, n, &al, A.data(), ld, B.data(), ld, &be,
               want.data(), ld);
      int len = s ? n : m;
      std::vector<double> bound(C.size());
      for (size_t i = 0; i < C.size(); i++)
        bound[i] = 2 * (len + 2) * eps<T>() * (abs_of(al) * 2 * len + abs_of(be) * abs_of(C[i]));
      snprintf(what, sizeof what, "%shemm %s %s", elem<T>::name(), s ? "right" : "left",
               u ? "upper" : "lower");
      expect_close(what, to_host(dC, C.size()), want, bound);
    }
  for (auto u : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
    for (auto t : {CUBLAS_OP_N, CUBLAS_OP_C}) {
      R al = (R)uniform(), be = (R)uniform();
      CHECK_CUDA(cudaMemcpy(dC, C.data(), C.size() * sizeof(T), cudaMemcpyHostToDevice));
      CHECK_BLAS(herk(h, u, t, n, k, &al, dA, ld, &be, dC, ld));
      std::vector<T> want = C;
      ref_herk(CblasColMajor, cuplo(u), cop(t), n, k, al, A.data(), ld, be, want.data(), ld);
      std::vector<double> bound(C.size());
      for (size_t i = 0; i < C.size(); i++)
        bound[i] = 2 * (k + 2) * eps<T>() * (std::fabs(al) * 2 * k + std::fabs(be) * abs_of(C[i]));
      snprintf(what, sizeof what, "%sherk %s %s", elem<T>::name(), u ? "upper" : "lower", opn(t));
      expect_close(what, to_host(dC, C.size()), want, bound);
    }
  cudaFree(dA), cudaFree(dB), cudaFree(dC);
}

static void test_errors(cublasHandle_t h) {
  float *d, one = 1;
  CHECK_CUDA(cudaMalloc(&d, 4096));
  const cublasSideMode_t L = CUBLAS_SIDE_LEFT;
  const cublasFillMode_t U = CUBLAS_FILL_MODE_UPPER;
  EXPECT_STATUS(cublasStrsm(nullptr, L, U, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 4, 4, &one, d, 4, d, 4),
                CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(cublasStrsm(h, L, U, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 4, 4, &one, d, 3, d, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(
      cublasStrsm(h, CUBLAS_SIDE_RIGHT, U, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 8, 4, &one, d, 4, d, 7),
      CUBLAS_STATUS_INVALID_VALUE); // ldb < m
  EXPECT_STATUS(
      cublasStrmm(h, L, U, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 4, 4, &one, d, 4, d, 4, d + 64, 3),
      CUBLAS_STATUS_INVALID_VALUE); // ldc < m
  EXPECT_STATUS(cublasSsymm(h, (cublasSideMode_t)2, U, 4, 4, &one, d, 4, d, 4, &one, d, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSsyrk(h, U, CUBLAS_OP_T, 4, 8, &one, d, 4, &one, d, 4),
                CUBLAS_STATUS_INVALID_VALUE); // lda < k
  EXPECT_STATUS(cublasSsyrk(h, U, CUBLAS_OP_N, -1, 8, &one, d, 4, &one, d, 4),
                CUBLAS_STATUS_INVALID_VALUE);
  cudaFree(d);
}

#define T_GEAM(P, T)                                                                               \
  static cublasStatus_t t_geam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,       \
                               int m, int n, const T *al, const T *A, int lda, const T *be,        \
                               const T *B, int ldb, T *C, int ldc) {                               \
    return cublas##P##geam(h, ta, tb, m, n, al, A, lda, be, B, ldb, C, ldc);                       \
  }                                                                                                \
  static cublasStatus_t t_dgmm(cublasHandle_t h, cublasSideMode_t s, int m, int n, const T *A,     \
                               int lda, const T *x, int incx, T *C, int ldc) {                     \
    return cublas##P##dgmm(h, s, m, n, A, lda, x, incx, C, ldc);                                   \
  }
T_GEAM(S, float)
T_GEAM(D, double)
T_GEAM(C, cuComplex)
T_GEAM(Z, cuDoubleComplex)

template <class T> static std::complex<double> zc(T v) {
  return std::complex<double>(elem<T>::re(v), elem<T>::im(v));
}
template <class T> static T from_z(std::complex<double> z) {
  T v;
  typename elem<T>::real parts[2] = {(typename elem<T>::real)z.real(),
                                     (typename elem<T>::real)z.imag()};
  memcpy(&v, parts, sizeof(T));
  return v;
}

// geam (every transpose pair, in place through A, beta == 0 not reading B) and dgmm (both
// sides, a negative increment) against a double-precision reference: within 3 eps per part.
template <class T> static void test_geam_dgmm(cublasHandle_t h, int m, int n) {
  const int ld = std::max(m, n) + 2;
  std::vector<T> A = random_vector<T>((size_t)ld * ld), B = random_vector<T>((size_t)ld * ld),
                 C = random_vector<T>((size_t)ld * ld), x = random_vector<T>(2 * ld);
  T *dA = to_device(A), *dB = to_device(B), *dC = to_device(C), *dx = to_device(x);
  char what[96];
  auto op_of = [&](const std::vector<T> &M, cublasOperation_t op, int i, int j) {
    std::complex<double> v =
        op == CUBLAS_OP_N ? zc(M[i + (size_t)j * ld]) : zc(M[j + (size_t)i * ld]);
    return op == CUBLAS_OP_C ? std::conj(v) : v;
  };
  for (auto ta : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
    for (auto tb : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) {
      T al = elem<T>::random(), be = elem<T>::random();
      CHECK_CUDA(cudaMemcpy(dC, C.data(), C.size() * sizeof(T), cudaMemcpyHostToDevice));
      CHECK_BLAS(t_geam(h, ta, tb, m, n, &al, dA, ld, &be, dB, ld, dC, ld));
      std::vector<T> want = C;
      std::vector<double> bound(C.size(), 0.0);
      for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
          want[i + (size_t)j * ld] =
              from_z<T>(zc(al) * op_of(A, ta, i, j) + zc(be) * op_of(B, tb, i, j));
          bound[i + (size_t)j * ld] = 6 * eps<T>() * (abs_of(al) + abs_of(be)) * 1.5;
        }
      snprintf(what, sizeof what, "%sgeam %c%c", elem<T>::name(), "NTC"[ta], "NTC"[tb]);
      expect_close(what, to_host(dC, C.size()), want, bound);
    }
  { // in place C = A, beta = 0 with NaN in B
    std::vector<T> nan_b(B.size(), from_z<T>(std::complex<double>(NAN, NAN)));
    T *dN = to_device(nan_b), *dA2 = to_device(A), al = elem<T>::random(), be = from_z<T>(0.0);
    CHECK_BLAS(t_geam(h, CUBLAS_OP_N, CUBLAS_OP_T, m, n, &al, dA2, ld, &be, dN, ld, dA2, ld));
    std::vector<T> want = A;
    std::vector<double> bound(A.size(), 0.0);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++)
        want[i + (size_t)j * ld] = from_z<T>(zc(al) * zc(A[i + (size_t)j * ld])),
                             bound[i + (size_t)j * ld] = 4 * eps<T>() * abs_of(al) * 1.5;
    snprintf(what, sizeof what, "%sgeam in place, beta = 0, NaN in B", elem<T>::name());
    expect_close(what, to_host(dA2, A.size()), want, bound);
    cudaFree(dN), cudaFree(dA2);
  }
  for (auto s : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT}) {
    int incx = s == CUBLAS_SIDE_LEFT ? 1 : -2, len = s == CUBLAS_SIDE_LEFT ? m : n;
    CHECK_CUDA(cudaMemcpy(dC, C.data(), C.size() * sizeof(T), cudaMemcpyHostToDevice));
    CHECK_BLAS(t_dgmm(h, s, m, n, dA, ld, dx, incx, dC, ld));
    std::vector<T> want = C;
    std::vector<double> bound(C.size(), 0.0);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        int k = s == CUBLAS_SIDE_LEFT ? i : j;
        size_t px = incx > 0 ? (size_t)k * incx : (size_t)(len - 1 - k) * -incx;
        want[i + (size_t)j * ld] = from_z<T>(zc(A[i + (size_t)j * ld]) * zc(x[px]));
        bound[i + (size_t)j * ld] = 4 * eps<T>() * 2;
      }
    snprintf(what, sizeof what, "%sdgmm %s", elem<T>::name(),
             s == CUBLAS_SIDE_LEFT ? "left" : "right");
    expect_close(what, to_host(dC, C.size()), want, bound);
  }
  EXPECT_STATUS(t_geam(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &A[0], dA, ld, &A[0], dB, ld, dA, ld),
                CUBLAS_STATUS_INVALID_VALUE); // in place through a transposed operand
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dx);
}

// trsmBatched: 3 systems from arrays of pointers (in reverse order), right side, upper,
// transposed, against cblas_<t>trsm on each; bound as trsm's.
template <class T>
static void test_trsm_batched(cublasHandle_t h, int m, int n,
                              cublasStatus_t (*batched)(cublasHandle_t, cublasSideMode_t,
                                                        cublasFillMode_t, cublasOperation_t,
                                                        cublasDiagType_t, int, int, const T *,
                                                        const T *const[], int, T *const[], int,
                                                        int)) {
  const int batch = 3, lda = n + 1, ldb = m + 2;
  std::vector<std::vector<T>> A(batch), B(batch);
  std::vector<T *> dA(batch), dB(batch);
  for (int b = 0; b < batch; b++) {
    A[b] = random_vector<T>((size_t)lda * n), B[b] = random_vector<T>((size_t)ldb * n);
    for (int j = 0; j < n; j++) // well conditioned: diagonal about 2, the rest <= 1/n
      for (int i = 0; i < n; i++) {
        typename elem<T>::real *p = (typename elem<T>::real *)&A[b][i + (size_t)j * lda];
        for (int part = 0; part < (int)(sizeof(T) / sizeof(*p)); part++)
          p[part] = i == j ? (part ? p[part] * 0.5f : p[part] * 0.5f + 2) : p[part] / n;
      }
    dA[batch - 1 - b] = to_device(A[b]), dB[batch - 1 - b] = to_device(B[b]);
  }
  T **dpa = to_device(dA), **dpb = to_device(dB), al = elem<T>::random();
  CHECK_BLAS(batched(h, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T,
                     CUBLAS_DIAG_NON_UNIT, m, n, &al, (const T *const *)dpa, lda, dpb, ldb, batch));
  for (int b = 0; b < batch; b++) {
    std::vector<T> want = B[b];
    ref_trsm(CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, m, n, al,
             A[b].data(), lda, want.data(), ldb);
    double mx = 0;
    for (auto &v : want)
      mx = std::max(mx, abs_of(v));
    char what[64];
    snprintf(what, sizeof what, "%strsmBatched [%d]", elem<T>::name(), b);
    expect_close(what, to_host(dB[batch - 1 - b], want.size()), want,
                 std::vector<double>(want.size(), 32 * n * eps<T>() * mx));
    cudaFree(dA[batch - 1 - b]), cudaFree(dB[batch - 1 - b]);
  }
  cudaFree(dpa), cudaFree(dpb);
}

// syr2k (S D C Z) and her2k (C Z) against cblas_<t>syr2k / cblas_<t>her2k, both triangles,
// N and T (her2k: C); bound: 2 (k + 2) eps (|alpha| 2 k max|a||b| + |beta||c|), doubled
// for complex.
static void ref_syr2k(cublasFillMode_t u, cublasOperation_t t, int n, int k, float al,
                      const float *A, int lda, const float *B, int ldb, float be, float *C,
                      int ldc) {
  cblas_ssyr2k(CblasColMajor, cuplo(u), cop(t), n, k, al, A, lda, B, ldb, be, C, ldc);
}
static void ref_syr2k(cublasFillMode_t u, cublasOperation_t t, int n, int k, double al,
                      const double *A, int lda, const double *B, int ldb, double be, double *C,
                      int ldc) {
  cblas_dsyr2k(CblasColMajor, cuplo(u), cop(t), n, k, al, A, lda, B, ldb, be, C, ldc);
}
static void ref_syr2k(cublasFillMode_t u, cublasOperation_t t, int n, int k, cuComplex al,
                      const cuComplex *A, int lda, const cuComplex *B, int ldb, cuComplex be,
                      cuComplex *C, int ldc) {
  cblas_csyr2k(CblasColMajor, cuplo(u), cop(t), n, k, &al, A, lda, B, ldb, &be, C, ldc);
}
static void ref_syr2k(cublasFillMode_t u, cublasOperation_t t, int n, int k, cuDoubleComplex al,
                      const cuDoubleComplex *A, int lda, const cuDoubleComplex *B, int ldb,
                      cuDoubleComplex be, cuDoubleComplex *C, int ldc) {
  cblas_zsyr2k(CblasColMajor, cuplo(u), cop(t), n, k, &al, A, lda, B, ldb, &be, C, ldc);
}
#define T_SYR2K(P, T)                                                                              \
  static cublasStatus_t t_syr2k(cublasHandle_t h, cublasFillMode_t u, cublasOperation_t t, int n,  \
                                int k, const T *al, const T *A, int lda, const T *B, int ldb,      \
                                const T *be, T *C, int ldc) {                                      \
    return cublas##P##syr2k(h, u, t, n, k, al, A, lda, B, ldb, be, C, ldc);                        \
  }
T_SYR2K(S, float)
T_SYR2K(D, double)
T_SYR2K(C, cuComplex)
T_SYR2K(Z, cuDoubleComplex)

template <class T> static void test_syr2k(cublasHandle_t h, int n, int k) {
  const double f = sizeof(T) == 2 * sizeof(typename elem<T>::real) ? 2 : 1;
  const int ld = std::max(n, k) + 2;
  std::vector<T> A = random_vector<T>((size_t)ld * ld), B = random_vector<T>((size_t)ld * ld),
                 C = random_vector<T>((size_t)ld * ld);
  T *dA = to_device(A), *dB = to_device(B);
  for (auto u : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
    for (auto t : {CUBLAS_OP_N, CUBLAS_OP_T}) {
      T al = elem<T>::random(), be = elem<T>::random(), *dC = to_device(C);
      CHECK_BLAS(t_syr2k(h, u, t, n, k, &al, dA, ld, dB, ld, &be, dC, ld));
      std::vector<T> want = C;
      ref_syr2k(u, t, n, k, al, A.data(), ld, B.data(), ld, be, want.data(), ld);
      std::vector<double> bound(C.size());
      for (size_t i = 0; i < C.size(); i++)
        bound[i] = 2 * f * (k + 2) * eps<T>() * (abs_of(al) * 4 * k + abs_of(be) * abs_of(C[i]));
      char what[64];
      snprintf(what, sizeof what, "%ssyr2k %s %s", elem<T>::name(), u ? "upper" : "lower",
               t ? "T" : "N");
      expect_close(what, to_host(dC, C.size()), want, bound);
      cudaFree(dC);
    }
  cudaFree(dA), cudaFree(dB);
}

template <class T, class R>
static void
test_her2k(cublasHandle_t h, int n, int k,
           cublasStatus_t (*her2k)(cublasHandle_t, cublasFillMode_t, cublasOperation_t, int, int,
                                   const T *, const T *, int, const T *, int, const R *, T *, int),
           void (*ref)(CBLAS_ORDER, CBLAS_UPLO, CBLAS_TRANSPOSE, blasint, blasint, const void *,
                       const void *, blasint, const void *, blasint, R, void *, blasint)) {
  const int ld = std::max(n, k) + 1;
  std::vector<T> A = random_vector<T>((size_t)ld * ld), B = random_vector<T>((size_t)ld * ld),
                 C = random_vector<T>((size_t)ld * ld);
  T *dA = to_device(A), *dB = to_device(B);
  for (auto u : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
    for (auto t : {CUBLAS_OP_N, CUBLAS_OP_C}) {
      T al = elem<T>::random(), *dC = to_device(C);
      R be = (R)uniform();
      CHECK_BLAS(her2k(h, u, t, n, k, &al, dA, ld, dB, ld, &be, dC, ld));
      std::vector<T> want = C;
      ref(CblasColMajor, cuplo(u), cop(t), n, k, &al, A.data(), ld, B.data(), ld, be, want.data(),
          ld);
      std::vector<double> bound(C.size());
      for (size_t i = 0; i < C.size(); i++)
        bound[i] = 4 * (k + 2) * eps<T>() * (abs_of(al) * 4 * k + std::fabs(be) * abs_of(C[i]));
      char what[64];
      snprintf(what, sizeof what, "%sher2k %s %s", elem<T>::name(), u ? "upper" : "lower",
               t ? "C" : "N");
      expect_close(what, to_host(dC, C.size()), want, bound);
      cudaFree(dC);
    }
  cudaFree(dA), cudaFree(dB);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  test_type<float>(h, 37, 29, 23);
  test_type<double>(h, 11, 9, 7);
  test_type<cuComplex>(h, 17, 13, 11);
  test_type<cuDoubleComplex>(h, 7, 6, 5);
  test_hermitian<cuComplex, float>(h, 15, 12, 9, cublasChemm, cublasCherk, cblas_chemm,
                                   cblas_cherk);
  test_hermitian<cuDoubleComplex, double>(h, 6, 7, 5, cublasZhemm, cublasZherk, cblas_zhemm,
                                          cblas_zherk);
  test_geam_dgmm<float>(h, 23, 17);
  test_geam_dgmm<double>(h, 9, 8);
  test_geam_dgmm<cuComplex>(h, 11, 14);
  test_geam_dgmm<cuDoubleComplex>(h, 5, 7);
  test_trsm_batched<float>(h, 21, 13, cublasStrsmBatched);
  test_trsm_batched<cuDoubleComplex>(h, 5, 6, cublasZtrsmBatched);
  test_syr2k<float>(h, 27, 19);
  test_syr2k<double>(h, 9, 7);
  test_syr2k<cuComplex>(h, 13, 11);
  test_syr2k<cuDoubleComplex>(h, 6, 5);
  test_her2k<cuComplex, float>(h, 14, 9, cublasCher2k, cblas_cher2k);
  test_her2k<cuDoubleComplex, double>(h, 5, 6, cublasZher2k, cblas_zher2k);
  test_errors(h);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas level3");
}
