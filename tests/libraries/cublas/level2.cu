// level2.cu — cuBLAS level 2 in S, D, C, Z against OpenBLAS (syr, syr2, her, her2, trmv below):
// gemv (N, T, C; positive and negative increments; beta == 0 never reads y), ger/geru/gerc, symv
// and hemv (both triangles), trsv (both triangles, every operation, unit and non-unit diagonal),
// error codes. Bounds: an inner product of length L within (L + 2) eps (|alpha| (|A||x|)_i +
// |beta||y_i|) per part, doubled for complex; ger within 4 eps (|alpha x y| + |A|);
// trsv on diagonally dominant matrices (condition number below 3) within 8 n eps max|x|.
#include "cublas_test.h"

// OpenBLAS by type. Real scalars are passed by value, complex by pointer.
static void ref_gemv(cublasOperation_t o, int m, int n, float al, const float *A, int lda,
                     const float *x, int ix, float be, float *y, int iy) {
  cblas_sgemv(CblasColMajor, cop(o), m, n, al, A, lda, x, ix, be, y, iy);
}
static void ref_gemv(cublasOperation_t o, int m, int n, double al, const double *A, int lda,
                     const double *x, int ix, double be, double *y, int iy) {
  cblas_dgemv(CblasColMajor, cop(o), m, n, al, A, lda, x, ix, be, y, iy);
}
static void ref_gemv(cublasOperation_t o, int m, int n, cuComplex al, const cuComplex *A, int lda,
                     const cuComplex *x, int ix, cuComplex be, cuComplex *y, int iy) {
  cblas_cgemv(CblasColMajor, cop(o), m, n, &al, A, lda, x, ix, &be, y, iy);
}
static void ref_gemv(cublasOperation_t o, int m, int n, cuDoubleComplex al,
                     const cuDoubleComplex *A, int lda, const cuDoubleComplex *x, int ix,
                     cuDoubleComplex be, cuDoubleComplex *y, int iy) {
  cblas_zgemv(CblasColMajor, cop(o), m, n, &al, A, lda, x, ix, &be, y, iy);
}
static void ref_ger(bool, int m, int n, float al, const float *x, int ix, const float *y, int iy,
                    float *A, int lda) {
  cblas_sger(CblasColMajor, m, n, al, x, ix, y, iy, A, lda);
}
static void ref_ger(bool, int m, int n, double al, const double *x, int ix, const double *y, int iy,
                    double *A, int lda) {
  cblas_dger(CblasColMajor, m, n, al, x, ix, y, iy, A, lda);
}
static void ref_ger(bool c, int m, int n, cuComplex al, const cuComplex *x, int ix,
                    const cuComplex *y, int iy, cuComplex *A, int lda) {
  (c ? cblas_cgerc : cblas_cgeru)(CblasColMajor, m, n, &al, x, ix, y, iy, A, lda);
}
static void ref_ger(bool c, int m, int n, cuDoubleComplex al, const cuDoubleComplex *x, int ix,
                    const cuDoubleComplex *y, int iy, cuDoubleComplex *A, int lda) {
  (c ? cblas_zgerc : cblas_zgeru)(CblasColMajor, m, n, &al, x, ix, y, iy, A, lda);
}
// symv for real types, hemv for complex ones (OpenBLAS's cblas has no csymv)
static void ref_symv(cublasFillMode_t u, int n, float al, const float *A, int lda, const float *x,
                     int ix, float be, float *y, int iy) {
  cblas_ssymv(CblasColMajor, cuplo(u), n, al, A, lda, x, ix, be, y, iy);
}
static void ref_symv(cublasFillMode_t u, int n, double al, const double *A, int lda,
                     const double *x, int ix, double be, double *y, int iy) {
  cblas_dsymv(CblasColMajor, cuplo(u), n, al, A, lda, x, ix, be, y, iy);
}
static void ref_symv(cublasFillMode_t u, int n, cuComplex al, const cuComplex *A, int lda,
                     const cuComplex *x, int ix, cuComplex be, cuComplex *y, int iy) {
  cblas_chemv(CblasColMajor, cuplo(u), n, &al, A, lda, x, ix, &be, y, iy);
}
static void ref_symv(cublasFillMode_t u, int n, cuDoubleComplex al, const cuDoubleComplex *A,
                     int lda, const cuDoubleComplex *x, int ix, cuDoubleComplex be,
                     cuDoubleComplex *y, int iy) {
  cblas_zhemv(CblasColMajor, cuplo(u), n, &al, A, lda, x, ix, &be, y, iy);
}
#define REF_TRSV(P, T)                                                                             \
  static void ref_trsv(cublasFillMode_t u, cublasOperation_t o, cublasDiagType_t d, int n,         \
                       const T *A, int lda, T *x, int ix) {                                        \
    cblas_##P##trsv(CblasColMajor, cuplo(u), cop(o), cdiag(d), n, A, lda, x, ix);                  \
  }
REF_TRSV(s, float)
REF_TRSV(d, double)
REF_TRSV(c, cuComplex)
REF_TRSV(z, cuDoubleComplex)

// cuBLAS by type
#define T_LEVEL2(P, T)                                                                             \
  static cublasStatus_t t_gemv(cublasHandle_t h, cublasOperation_t o, int m, int n, const T *al,   \
                               const T *A, int lda, const T *x, int ix, const T *be, T *y,         \
                               int iy) {                                                           \
    return cublas##P##gemv(h, o, m, n, al, A, lda, x, ix, be, y, iy);                              \
  }                                                                                                \
  static cublasStatus_t t_trsv(cublasHandle_t h, cublasFillMode_t u, cublasOperation_t o,          \
                               cublasDiagType_t d, int n, const T *A, int lda, T *x, int ix) {     \
    return cublas##P##trsv(h, u, o, d, n, A, lda, x, ix);                                          \
  }
T_LEVEL2(S, float)
T_LEVEL2(D, double)
T_LEVEL2(C, cuComplex)
T_LEVEL2(Z, cuDoubleComplex)
static cublasStatus_t t_ger(cublasHandle_t h, bool, int m, int n, const float *al, const float *x,
                            int ix, const float *y, int iy, float *A, int lda) {
  return cublasSger(h, m, n, al, x, ix, y, iy, A, lda);
}
static cublasStatus_t t_ger(cublasHandle_t h, bool, int m, int n, const double *al, const double *x,
                            int ix, const double *y, int iy, double *A, int lda) {
  return cublasDger(h, m, n, al, x, ix, y, iy, A, lda);
}
static cublasStatus_t t_ger(cublasHandle_t h, bool c, int m, int n, const cuComplex *al,
                            const cuComplex *x, int ix, const cuComplex *y, int iy, cuComplex *A,
                            int lda) {
  return (c ? cublasCgerc : cublasCgeru)(h, m, n, al, x, ix, y, iy, A, lda);
}
static cublasStatus_t t_ger(cublasHandle_t h, bool c, int m, int n, const cuDoubleComplex *al,
                            const cuDoubleComplex *x, int ix, const cuDoubleComplex *y, int iy,
                            cuDoubleComplex *A, int lda) {
  return (c ? cublasZgerc : cublasZgeru)(h, m, n, al, x, ix, y, iy, A, lda);
}
static cublasStatus_t t_symv(cublasHandle_t h, cublasFillMode_t u, int n, const float *al,
                             const float *A, int lda, const float *x, int ix, const float *be,
                             float *y, int iy) {
  return cublasSsymv(h, u, n, al, A, lda, x, ix, be, y, iy);
}
static cublasStatus_t t_symv(cublasHandle_t h, cublasFillMode_t u, int n, const double *al,
                             const double *A, int lda, const double *x, int ix, const double *be,
                             double *y, int iy) {
  return cublasDsymv(h, u, n, al, A, lda, x, ix, be, y, iy);
}
static cublasStatus_t t_symv(cublasHandle_t h, cublasFillMode_t u, int n, const cuComplex *al,
                             const cuComplex *A, int lda, const cuComplex *x, int ix,
                             const cuComplex *be, cuComplex *y, int iy) {
  return cublasChemv(h, u, n, al, A, lda, x, ix, be, y, iy);
}
static cublasStatus_t t_symv(cublasHandle_t h, cublasFillMode_t u, int n, const cuDoubleComplex *al,
                             const cuDoubleComplex *A, int lda, const cuDoubleComplex *x, int ix,
                             const cuDoubleComplex *be, cuDoubleComplex *y, int iy) {
  return cublasZhemv(h, u, n, al, A, lda, x, ix, be, y, iy);
}

static size_t span(int n, int inc) {
  return 1 + (size_t)(n - 1) * (size_t)std::abs(inc);
}
static const char *opn(cublasOperation_t o) {
  return o == CUBLAS_OP_N ? "N" : o == CUBLAS_OP_T ? "T" : "C";
}

template <class T> static void test_type(cublasHandle_t h, int m, int n) {
  const bool cplx = sizeof(T) != sizeof(typename elem<T>::real);
  const double f = cplx ? 2 : 1;
  char what[128];
  int lda = m + 3;
  std::vector<T> A = random_vector<T>((size_t)lda * n);
  T *dA = to_device(A);
  // gemv
  const cublasOperation_t ops[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
  const int incs[][2] = {{1, 1}, {-2, 3}};
  for (auto op : ops)
    for (auto &inc : incs) {
      int lx = op == CUBLAS_OP_N ? n : m, ly = op == CUBLAS_OP_N ? m : n;
      std::vector<T> x = random_vector<T>(span(lx, inc[0])), y = random_vector<T>(span(ly, inc[1]));
      T al = elem<T>::random(), be = elem<T>::random();
      T *dx = to_device(x), *dy = to_device(y);
      CHECK_BLAS(t_gemv(h, op, m, n, &al, dA, lda, dx, inc[0], &be, dy, inc[1]));
      std::vector<T> want = y;
      ref_gemv(op, m, n, al, A.data(), lda, x.data(), inc[0], be, want.data(), inc[1]);
      std::vector<double> bound(y.size());
      for (size_t i = 0; i < y.size(); i++) // |A| <= sqrt 2, |x| <= sqrt 2 per element
        bound[i] = f * (lx + 2) * eps<T>() * (abs_of(al) * 2 * lx + abs_of(be) * abs_of(y[i]));
      snprintf(what, sizeof what, "%sgemv %s inc %d %d", elem<T>::name(), opn(op), inc[0], inc[1]);
      expect_close(what, to_host(dy, y.size()), want, bound);
      cudaFree(dx), cudaFree(dy);
    }
  // ger / geru / gerc
  for (int c = 0; c <= (cplx ? 1 : 0); c++) {
    std::vector<T> x = random_vector<T>(span(m, 2)), y = random_vector<T>(span(n, -1));
    T al = elem<T>::random();
    T *dx = to_device(x), *dy = to_device(y), *dB = to_device(A);
    CHECK_BLAS(t_ger(h, c, m, n, &al, dx, 2, dy, -1, dB, lda));
    std::vector<T> want = A;
    ref_ger(c, m, n, al, x.data(), 2, y.data(), -1, want.data(), lda);
    std::vector<double> bound(A.size());
    for (size_t i = 0; i < A.size(); i++)
      bound[i] = f * 4 * eps<T>() * (abs_of(al) * 2 + abs_of(A[i]));
    snprintf(what, sizeof what, "%sger%s", elem<T>::name(), cplx ? (c ? "c" : "u") : "");
    expect_close(what, to_host(dB, A.size()), want, bound);
    cudaFree(dx), cudaFree(dy), cudaFree(dB);
  }
  // symv (real) / hemv (complex) on the leading n x n block (n <= m)
  const cublasFillMode_t uplos[] = {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER};
  for (auto u : uplos) {
    std::vector<T> x = random_vector<T>(span(n, -1)), y = random_vector<T>(span(n, 2));
    T al = elem<T>::random(), be = elem<T>::random();
    T *dx = to_device(x), *dy = to_device(y);
    CHECK_BLAS(t_symv(h, u, n, &al, dA, lda, dx, -1, &be, dy, 2));
    std::vector<T> want = y;
    ref_symv(u, n, al, A.data(), lda, x.data(), -1, be, want.data(), 2);
    std::vector<double> bound(y.size());
    for (size_t i = 0; i < y.size(); i++)
      bound[i] = f * (n + 2) * eps<T>() * (abs_of(al) * 2 * n + abs_of(be) * abs_of(y[i]));
    snprintf(what, sizeof what, "%s%s %s", elem<T>::name(), cplx ? "hemv" : "symv",
             u ? "upper" : "lower");
    expect_close(what, to_host(dy, y.size()), want, bound);
    cudaFree(dx), cudaFree(dy);
  }
  // trsv: a diagonally dominant triangle (|a_ii| >= 2n, off-diagonal parts <= 1)
  std::vector<T> tri = A;
  for (int i = 0; i < n; i++)
    tri[i + (size_t)i * lda] = elem<T>::random(),
                        *(typename elem<T>::real *)&tri[i + (size_t)i * lda] += 2 * n;
  T *dT = to_device(tri);
  const cublasDiagType_t diags[] = {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT};
  for (auto u : uplos)
    for (auto op : ops)
      for (auto d : diags) {
        if (d == CUBLAS_DIAG_UNIT && n > 8)
          continue; // unit triangles of size n grow like 2^n: a small one suffices
        int inc = op == CUBLAS_OP_T ? -2 : 1;
        std::vector<T> x = random_vector<T>(span(n, inc));
        T *dx = to_device(x);
        CHECK_BLAS(t_trsv(h, u, op, d, n, dT, lda, dx, inc));
        std::vector<T> want = x;
        ref_trsv(u, op, d, n, tri.data(), lda, want.data(), inc);
        double mx = 0;
        for (auto &v : want)
          mx = std::max(mx, abs_of(v));
        std::vector<double> bound(x.size(), 8 * f * n * eps<T>() * mx);
        snprintf(what, sizeof what, "%strsv %s %s %s", elem<T>::name(), u ? "upper" : "lower",
                 opn(op), d ? "unit" : "non-unit");
        expect_close(what, to_host(dx, x.size()), want, bound);
        cudaFree(dx);
      }
  // small unit-diagonal case
  {
    int k = 7;
    for (auto u : uplos) {
      std::vector<T> x = random_vector<T>(k);
      T *dx = to_device(x);
      CHECK_BLAS(t_trsv(h, u, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, k, dA, lda, dx, 1));
      std::vector<T> want = x;
      ref_trsv(u, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, k, A.data(), lda, want.data(), 1);
      double mx = 0;
      for (auto &v : want)
        mx = std::max(mx, abs_of(v));
      std::vector<double> bound(x.size(), 64 * f * k * eps<T>() * mx);
      snprintf(what, sizeof what, "%strsv %s N unit n=%d", elem<T>::name(), u ? "upper" : "lower",
               k);
      expect_close(what, to_host(dx, x.size()), want, bound);
      cudaFree(dx);
    }
  }
  cudaFree(dA), cudaFree(dT);
}

#define T_SYR_TRMV(P, p, T)                                                                        \
  static cublasStatus_t t_syr(cublasHandle_t h, cublasFillMode_t u, int n, const T *al,            \
                              const T *x, int ix, T *A, int lda) {                                 \
    return cublas##P##syr(h, u, n, al, x, ix, A, lda);                                             \
  }                                                                                                \
  static cublasStatus_t t_trmv(cublasHandle_t h, cublasFillMode_t u, cublasOperation_t o,          \
                               cublasDiagType_t d, int n, const T *A, int lda, T *x, int ix) {     \
    return cublas##P##trmv(h, u, o, d, n, A, lda, x, ix);                                          \
  }                                                                                                \
  static void ref_trmv(cublasFillMode_t u, cublasOperation_t o, cublasDiagType_t d, int n,         \
                       const T *A, int lda, T *x, int ix) {                                        \
    cblas_##p##trmv(CblasColMajor, cuplo(u), cop(o), cdiag(d), n, A, lda, x, ix);                  \
  }
T_SYR_TRMV(S, s, float)
T_SYR_TRMV(D, d, double)
T_SYR_TRMV(C, c, cuComplex)
T_SYR_TRMV(Z, z, cuDoubleComplex)

// syr (reference in double: OpenBLAS's cblas has no csyr) and trmv (cblas_<t>trmv), with
// negative increments: within 4 eps (|alpha x_i x_j| + |a_ij|) and (n + 2) eps n max|a||x|.
template <class T> static void test_syr_trmv(cublasHandle_t h, int n) {
  const double f = sizeof(T) == 2 * sizeof(typename elem<T>::real) ? 2 : 1;
  const int lda = n + 1;
  char what[96];
  std::vector<T> A = random_vector<T>((size_t)lda * n);
  for (auto u : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
    std::vector<T> x = random_vector<T>(span(n, -2));
    T al = elem<T>::random(), *dA = to_device(A), *dx = to_device(x);
    CHECK_BLAS(t_syr(h, u, n, &al, dx, -2, dA, lda));
    std::vector<T> want = A;
    std::vector<double> bound(A.size(), 0.0);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        if (u == CUBLAS_FILL_MODE_UPPER ? i > j : i < j) continue;
        std::complex<double> xi(elem<T>::re(x[(n - 1 - i) * 2]), elem<T>::im(x[(n - 1 - i) * 2])),
            xj(elem<T>::re(x[(n - 1 - j) * 2]), elem<T>::im(x[(n - 1 - j) * 2])),
            a(elem<T>::re(A[i + (size_t)j * lda]), elem<T>::im(A[i + (size_t)j * lda])),
            al_(elem<T>::re(al), elem<T>::im(al));
        std::complex<double> v = a + al_ * xi * xj;
        typename elem<T>::real parts[2] = {(typename elem<T>::real)v.real(),
                                           (typename elem<T>::real)v.imag()};
        memcpy(&want[i + (size_t)j * lda], parts, sizeof(T));
        bound[i + (size_t)j * lda] = 4 * f * eps<T>() * (std::abs(al_ * xi * xj) + std::abs(a));
      }
    snprintf(what, sizeof what, "%ssyr %s", elem<T>::name(), u ? "upper" : "lower");
    expect_close(what, to_host(dA, A.size()), want, bound);
    cudaFree(dA), cudaFree(dx);
  }
  T *dA = to_device(A);
  for (auto u : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
    for (auto o : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
      for (auto d : {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT}) {
        int inc = o == CUBLAS_OP_N ? 1 : -3;
        std::vector<T> x = random_vector<T>(span(n, inc));
        T *dx = to_device(x);
        CHECK_BLAS(t_trmv(h, u, o, d, n, dA, lda, dx, inc));
        std::vector<T> want = x;
        ref_trmv(u, o, d, n, A.data(), lda, want.data(), inc);
        std::vector<double> bound(x.size(), f * (n + 2) * eps<T>() * 2 * n);
        snprintf(what, sizeof what, "%strmv %s %s %s", elem<T>::name(), u ? "upper" : "lower",
                 opn(o), d ? "unit" : "non-unit");
        expect_close(what, to_host(dx, x.size()), want, bound);
        cudaFree(dx);
      }
  cudaFree(dA);
}

// gemvBatched (pointer arrays in reverse order) and gemvStridedBatched against cblas gemv
// per problem; bound as gemv's.
template <class T>
static void
test_gemv_batched(cublasHandle_t h, int m, int n, cublasOperation_t op,
                  cublasStatus_t (*batched)(cublasHandle_t, cublasOperation_t, int, int, const T *,
                                            const T *const[], int, const T *const[], int, const T *,
                                            T *const[], int, int),
                  cublasStatus_t (*strided)(cublasHandle_t, cublasOperation_t, int, int, const T *,
                                            const T *, int, long long, const T *, int, long long,
                                            const T *, T *, int, long long, int)) {
  const int batch = 3, lda = m + 1, lx = op == CUBLAS_OP_N ? n : m, ly = op == CUBLAS_OP_N ? m : n;
  const long long sa = (long long)lda * n + 5, sx = 2 * lx + 1, sy = ly + 3;
  const double f = sizeof(T) == 2 * sizeof(typename elem<T>::real) ? 2 : 1;
  std::vector<T> A = random_vector<T>(sa * batch), x = random_vector<T>(sx * batch),
                 y = random_vector<T>(sy * batch);
  T al = elem<T>::random(), be = elem<T>::random();
  std::vector<T> want = y;
  for (int b = 0; b < batch; b++)
    ref_gemv(op, m, n, al, A.data() + b * sa, lda, x.data() + b * sx, 2, be, want.data() + b * sy,
             1);
  std::vector<double> bound(y.size());
  for (size_t i = 0; i < y.size(); i++)
    bound[i] = f * (lx + 2) * eps<T>() * (abs_of(al) * 2 * lx + abs_of(be) * abs_of(y[i]));
  for (int form = 0; form < 2; form++) {
    T *dA = to_device(A), *dx = to_device(x), *dy = to_device(y);
    if (form == 0) {
      std::vector<T *> pa(batch), px(batch), py(batch);
      for (int b = 0; b < batch; b++)
        pa[batch - 1 - b] = dA + b * sa, px[batch - 1 - b] = dx + b * sx,
                       py[batch - 1 - b] = dy + b * sy;
      T **dpa = to_device(pa), **dpx = to_device(px), **dpy = to_device(py);
      CHECK_BLAS(batched(h, op, m, n, &al, (const T *const *)dpa, lda, (const T *const *)dpx, 2,
                         &be, dpy, 1, batch));
      CHECK_CUDA(cudaDeviceSynchronize());
      cudaFree(dpa), cudaFree(dpx), cudaFree(dpy);
    } else {
      CHECK_BLAS(strided(h, op, m, n, &al, dA, lda, sa, dx, 2, sx, &be, dy, 1, sy, batch));
    }
    char what[64];
    snprintf(what, sizeof what, "%sgemv%s %s", elem<T>::name(), form ? "StridedBatched" : "Batched",
             opn(op));
    expect_close(what, to_host(dy, y.size()), want, bound);
    cudaFree(dA), cudaFree(dx), cudaFree(dy);
  }
}

// syr2 against a double-precision reference (BLAS has no complex syr2), her and her2 (cblas),
// both triangles, a negative increment: within 6 eps (|alpha| |x||y| 2 + |a|) per part.
template <class T> static std::complex<double> zv(T v) {
  return std::complex<double>(elem<T>::re(v), elem<T>::im(v));
}
template <class T>
static void test_syr2(cublasHandle_t h, int n,
                      cublasStatus_t (*syr2)(cublasHandle_t, cublasFillMode_t, int, const T *,
                                             const T *, int, const T *, int, T *, int)) {
  const double f = sizeof(T) == 2 * sizeof(typename elem<T>::real) ? 2 : 1;
  const int lda = n + 2;
  std::vector<T> A = random_vector<T>((size_t)lda * n);
  for (auto u : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
    std::vector<T> x = random_vector<T>(span(n, 1)), y = random_vector<T>(span(n, -2));
    T al = elem<T>::random(), *dA = to_device(A), *dx = to_device(x), *dy = to_device(y);
    CHECK_BLAS(syr2(h, u, n, &al, dx, 1, dy, -2, dA, lda));
    std::vector<T> want = A;
    std::vector<double> bound(A.size(), 0.0);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        if (u == CUBLAS_FILL_MODE_UPPER ? i > j : i < j) continue;
        std::complex<double> v =
            zv(A[i + (size_t)j * lda]) +
            zv(al) * (zv(x[i]) * zv(y[(n - 1 - j) * 2]) + zv(y[(n - 1 - i) * 2]) * zv(x[j]));
        typename elem<T>::real parts[2] = {(typename elem<T>::real)v.real(),
                                           (typename elem<T>::real)v.imag()};
        memcpy(&want[i + (size_t)j * lda], parts, sizeof(T));
        bound[i + (size_t)j * lda] =
            6 * f * eps<T>() * (abs_of(al) * 4 + abs_of(A[i + (size_t)j * lda]));
      }
    char what[64];
    snprintf(what, sizeof what, "%ssyr2 %s", elem<T>::name(), u ? "upper" : "lower");
    expect_close(what, to_host(dA, A.size()), want, bound);
    cudaFree(dA), cudaFree(dx), cudaFree(dy);
  }
}

template <class T, class R>
static void test_her(cublasHandle_t h, int n,
                     cublasStatus_t (*her)(cublasHandle_t, cublasFillMode_t, int, const R *,
                                           const T *, int, T *, int),
                     cublasStatus_t (*her2)(cublasHandle_t, cublasFillMode_t, int, const T *,
                                            const T *, int, const T *, int, T *, int),
                     void (*ref_her)(CBLAS_ORDER, CBLAS_UPLO, blasint, R, const void *, blasint,
                                     void *, blasint),
                     void (*ref_her2)(CBLAS_ORDER, CBLAS_UPLO, blasint, const void *, const void *,
                                      blasint, const void *, blasint, void *, blasint)) {
  const int lda = n + 1;
  std::vector<T> A = random_vector<T>((size_t)lda * n);
  for (auto u : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
    std::vector<T> x = random_vector<T>(span(n, -1)), y = random_vector<T>(span(n, 2));
    R ral = (R)uniform();
    T al = elem<T>::random(), *dA = to_device(A), *dA2 = to_device(A), *dx = to_device(x),
      *dy = to_device(y);
    CHECK_BLAS(her(h, u, n, &ral, dx, -1, dA, lda));
    CHECK_BLAS(her2(h, u, n, &al, dx, -1, dy, 2, dA2, lda));
    std::vector<T> want = A, want2 = A;
    ref_her(CblasColMajor, cuplo(u), n, ral, x.data(), -1, want.data(), lda);
    ref_her2(CblasColMajor, cuplo(u), n, &al, x.data(), -1, y.data(), 2, want2.data(), lda);
    std::vector<double> bound(A.size());
    for (size_t i = 0; i < A.size(); i++)
      bound[i] = 12 * eps<T>() * (abs_of(al) * 4 + 2 + abs_of(A[i]));
    char what[64];
    snprintf(what, sizeof what, "%sher %s", elem<T>::name(), u ? "upper" : "lower");
    expect_close(what, to_host(dA, A.size()), want, bound);
    snprintf(what, sizeof what, "%sher2 %s", elem<T>::name(), u ? "upper" : "lower");
    expect_close(what, to_host(dA2, A.size()), want2, bound);
    cudaFree(dA), cudaFree(dA2), cudaFree(dx), cudaFree(dy);
  }
}

static void test_errors(cublasHandle_t h) {
  float *d, one = 1;
  CHECK_CUDA(cudaMalloc(&d, 4096));
  EXPECT_STATUS(cublasSgemv(nullptr, CUBLAS_OP_N, 4, 4, &one, d, 4, d, 1, &one, d, 1),
                CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 3, d, 1, &one, d, 1),
                CUBLAS_STATUS_INVALID_VALUE);
  // NVIDIA's gemv checks lda only (H100, record/pivot_probe.cu): incx 0, incy 0, m or n < 0
  // are SUCCESS
  EXPECT_STATUS(cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 4, d, 0, &one, d, 1),
                CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 4, d, 1, &one, d, 0),
                CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasSgemv(h, CUBLAS_OP_N, -1, 4, &one, d, 4, d, 1, &one, d, 1),
                CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasSgemv(h, CUBLAS_OP_N, 4, -1, &one, d, 4, d, 1, &one, d, 1),
                CUBLAS_STATUS_SUCCESS);
  {
    // incx 0: every element of x is x[0]; y = A * (x0, x0, x0) + y
    float hA[6] = {1, 2, 3, 4, 5, 6}, hx = 2, hy[2] = {1, -1}, out[2];
    CHECK_CUDA(cudaMemcpy(d, hA, sizeof hA, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d + 8, &hx, sizeof hx, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d + 16, hy, sizeof hy, cudaMemcpyHostToDevice));
    EXPECT_STATUS(cublasSgemv(h, CUBLAS_OP_N, 2, 3, &one, d, 2, d + 8, 0, &one, d + 16, 1),
                  CUBLAS_STATUS_SUCCESS);
    CHECK_CUDA(cudaMemcpy(out, d + 16, sizeof out, cudaMemcpyDeviceToHost));
    if (out[0] != 1 + 2 * (1 + 3 + 5) || out[1] != -1 + 2 * (2 + 4 + 6)) {
      printf("FAIL sgemv incx 0: %g %g, want 19 23\n", out[0], out[1]);
      failures++;
    }
  }
  EXPECT_STATUS(cublasSger(h, 4, 4, &one, d, 1, d, 0, d, 4), CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(cublasSsymv(h, (cublasFillMode_t)5, 4, &one, d, 4, d, 1, &one, d, 1),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(
      cublasStrsv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, (cublasDiagType_t)3, 4, d, 4, d, 1),
      CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(
      cublasStrsv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 4, d, 2, d, 1),
      CUBLAS_STATUS_INVALID_VALUE);
  // beta == 0: y full of NaN is overwritten
  std::vector<float> nan_y(4, NAN), ones(16, 1.0f);
  CHECK_CUDA(cudaMemcpy(d, ones.data(), 16 * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d + 64, nan_y.data(), 4 * sizeof(float), cudaMemcpyHostToDevice));
  float zero = 0;
  CHECK_BLAS(cublasSgemv(h, CUBLAS_OP_N, 4, 4, &one, d, 4, d, 1, &zero, d + 64, 1));
  expect_equal("Sgemv beta=0 with NaN in y", to_host(d + 64, 4), std::vector<float>(4, 4.0f));
  cudaFree(d);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  test_type<float>(h, 75, 61);
  test_type<double>(h, 23, 17);
  test_type<cuComplex>(h, 41, 33);
  test_type<cuDoubleComplex>(h, 13, 11);
  test_syr_trmv<float>(h, 37);
  test_syr_trmv<double>(h, 11);
  test_syr_trmv<cuComplex>(h, 19);
  test_syr_trmv<cuDoubleComplex>(h, 7);
  test_gemv_batched<float>(h, 29, 17, CUBLAS_OP_T, cublasSgemvBatched, cublasSgemvStridedBatched);
  test_gemv_batched<cuDoubleComplex>(h, 6, 5, CUBLAS_OP_C, cublasZgemvBatched,
                                     cublasZgemvStridedBatched);
  test_syr2<float>(h, 31, cublasSsyr2);
  test_syr2<double>(h, 9, cublasDsyr2);
  test_syr2<cuComplex>(h, 17, cublasCsyr2);
  test_syr2<cuDoubleComplex>(h, 6, cublasZsyr2);
  test_her<cuComplex, float>(h, 19, cublasCher, cublasCher2, cblas_cher, cblas_cher2);
  test_her<cuDoubleComplex, double>(h, 7, cublasZher, cublasZher2, cblas_zher, cblas_zher2);
  test_errors(h);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas level2");
}
