// banded.cu — cuBLAS's banded and packed level 2 in S, D, C, Z against OpenBLAS: gbmv
// (N, T, C; kl, ku zero, small and beyond m or n), sbmv/hbmv and spmv/hpmv (both triangles,
// k 0, small and beyond n), tbmv/tbsv and tpmv/tpsv (both triangles, every operation, unit and
// non-unit diagonal), spr/hpr and spr2/hpr2; positive and negative increments, leading
// dimensions above kl + ku + 1, alpha == 0, beta == 0 (y full of NaN is overwritten), device
// pointer mode, the _64 entry points (the same results), error codes. Bounds: an inner
// product of L terms within (L + 2) eps (|alpha| max|A| sum|x| + |beta||y_i|) per part,
// doubled for complex; updates within 8 eps (|alpha x_i y_j| + |a_ij|); the solves of
// diagonally dominant triangles within 64 n eps max|x|. Band arrays have rows beyond kl + ku
// + 1 full of NaN: reading them would show.
#include "cublas_test.h"

// OpenBLAS by type (complex scalars by pointer; hpr's alpha is real, by value).
#define REF_ALL(p, T)                                                                              \
  static void ref_tbmv(cublasFillMode_t u, cublasOperation_t o, cublasDiagType_t d, int n, int k,  \
                       const T *A, int lda, T *x, int ix) {                                        \
    cblas_##p##tbmv(CblasColMajor, cuplo(u), cop(o), cdiag(d), n, k, A, lda, x, ix);               \
  }                                                                                                \
  static void ref_tbsv(cublasFillMode_t u, cublasOperation_t o, cublasDiagType_t d, int n, int k,  \
                       const T *A, int lda, T *x, int ix) {                                        \
    cblas_##p##tbsv(CblasColMajor, cuplo(u), cop(o), cdiag(d), n, k, A, lda, x, ix);               \
  }                                                                                                \
  static void ref_tpmv(cublasFillMode_t u, cublasOperation_t o, cublasDiagType_t d, int n,         \
                       const T *A, T *x, int ix) {                                                 \
    cblas_##p##tpmv(CblasColMajor, cuplo(u), cop(o), cdiag(d), n, A, x, ix);                       \
  }                                                                                                \
  static void ref_tpsv(cublasFillMode_t u, cublasOperation_t o, cublasDiagType_t d, int n,         \
                       const T *A, T *x, int ix) {                                                 \
    cblas_##p##tpsv(CblasColMajor, cuplo(u), cop(o), cdiag(d), n, A, x, ix);                       \
  }
REF_ALL(s, float)
REF_ALL(d, double)
REF_ALL(c, cuComplex)
REF_ALL(z, cuDoubleComplex)
#define REF_REAL(p, T)                                                                             \
  static void ref_gbmv(cublasOperation_t o, int m, int n, int kl, int ku, T al, const T *A,        \
                       int lda, const T *x, int ix, T be, T *y, int iy) {                          \
    cblas_##p##gbmv(CblasColMajor, cop(o), m, n, kl, ku, al, A, lda, x, ix, be, y, iy);            \
  }                                                                                                \
  static void ref_sbmv(cublasFillMode_t u, int n, int k, T al, const T *A, int lda, const T *x,    \
                       int ix, T be, T *y, int iy) {                                               \
    cblas_##p##sbmv(CblasColMajor, cuplo(u), n, k, al, A, lda, x, ix, be, y, iy);                  \
  }                                                                                                \
  static void ref_spmv(cublasFillMode_t u, int n, T al, const T *A, const T *x, int ix, T be,      \
                       T *y, int iy) {                                                             \
    cblas_##p##spmv(CblasColMajor, cuplo(u), n, al, A, x, ix, be, y, iy);                          \
  }                                                                                                \
  static void ref_spr(cublasFillMode_t u, int n, T al, const T *x, int ix, T *A) {                 \
    cblas_##p##spr(CblasColMajor, cuplo(u), n, al, x, ix, A);                                      \
  }                                                                                                \
  static void ref_spr2(cublasFillMode_t u, int n, T al, const T *x, int ix, const T *y, int iy,    \
                       T *A) {                                                                     \
    cblas_##p##spr2(CblasColMajor, cuplo(u), n, al, x, ix, y, iy, A);                              \
  }
REF_REAL(s, float)
REF_REAL(d, double)
#define REF_CPLX(p, T, R)                                                                          \
  static void ref_gbmv(cublasOperation_t o, int m, int n, int kl, int ku, T al, const T *A,        \
                       int lda, const T *x, int ix, T be, T *y, int iy) {                          \
    cblas_##p##gbmv(CblasColMajor, cop(o), m, n, kl, ku, &al, A, lda, x, ix, &be, y, iy);          \
  }                                                                                                \
  static void ref_sbmv(cublasFillMode_t u, int n, int k, T al, const T *A, int lda, const T *x,    \
                       int ix, T be, T *y, int iy) {                                               \
    cblas_##p##hbmv(CblasColMajor, cuplo(u), n, k, &al, A, lda, x, ix, &be, y, iy);                \
  }                                                                                                \
  static void ref_spmv(cublasFillMode_t u, int n, T al, const T *A, const T *x, int ix, T be,      \
                       T *y, int iy) {                                                             \
    cblas_##p##hpmv(CblasColMajor, cuplo(u), n, &al, A, x, ix, &be, y, iy);                        \
  }                                                                                                \
  static void ref_spr(cublasFillMode_t u, int n, R al, const T *x, int ix, T *A) {                 \
    cblas_##p##hpr(CblasColMajor, cuplo(u), n, al, x, ix, A);                                      \
  }                                                                                                \
  static void ref_spr2(cublasFillMode_t u, int n, T al, const T *x, int ix, const T *y, int iy,    \
                       T *A) {                                                                     \
    cblas_##p##hpr2(CblasColMajor, cuplo(u), n, &al, x, ix, y, iy, A);                             \
  }
REF_CPLX(c, cuComplex, float)
REF_CPLX(z, cuDoubleComplex, double)

// cuBLAS by type: the int entry points, or (wide) the _64 ones.
#define T_ALL(P, SB, SP, SPR, SPR2, T, R)                                                          \
  static cublasStatus_t t_gbmv(cublasHandle_t h, bool wide, cublasOperation_t o, int m, int n,     \
                               int kl, int ku, const T *al, const T *A, int lda, const T *x,       \
                               int ix, const T *be, T *y, int iy) {                                \
    return wide ? cublas##P##gbmv_64(h, o, m, n, kl, ku, al, A, lda, x, ix, be, y, iy)             \
                : cublas##P##gbmv(h, o, m, n, kl, ku, al, A, lda, x, ix, be, y, iy);               \
  }                                                                                                \
  static cublasStatus_t t_tbmv(cublasHandle_t h, bool wide, cublasFillMode_t u,                    \
                               cublasOperation_t o, cublasDiagType_t d, int n, int k, const T *A,  \
                               int lda, T *x, int ix) {                                            \
    return wide ? cublas##P##tbmv_64(h, u, o, d, n, k, A, lda, x, ix)                              \
                : cublas##P##tbmv(h, u, o, d, n, k, A, lda, x, ix);                                \
  }                                                                                                \
  static cublasStatus_t t_tbsv(cublasHandle_t h, bool wide, cublasFillMode_t u,                    \
                               cublasOperation_t o, cublasDiagType_t d, int n, int k, const T *A,  \
                               int lda, T *x, int ix) {                                            \
    return wide ? cublas##P##tbsv_64(h, u, o, d, n, k, A, lda, x, ix)                              \
                : cublas##P##tbsv(h, u, o, d, n, k, A, lda, x, ix);                                \
  }                                                                                                \
  static cublasStatus_t t_tpmv(cublasHandle_t h, bool wide, cublasFillMode_t u,                    \
                               cublasOperation_t o, cublasDiagType_t d, int n, const T *A, T *x,   \
                               int ix) {                                                           \
    return wide ? cublas##P##tpmv_64(h, u, o, d, n, A, x, ix)                                      \
                : cublas##P##tpmv(h, u, o, d, n, A, x, ix);                                        \
  }                                                                                                \
  static cublasStatus_t t_tpsv(cublasHandle_t h, bool wide, cublasFillMode_t u,                    \
                               cublasOperation_t o, cublasDiagType_t d, int n, const T *A, T *x,   \
                               int ix) {                                                           \
    return wide ? cublas##P##tpsv_64(h, u, o, d, n, A, x, ix)                                      \
                : cublas##P##tpsv(h, u, o, d, n, A, x, ix);                                        \
  }                                                                                                \
  static cublasStatus_t t_sbmv(cublasHandle_t h, bool wide, cublasFillMode_t u, int n, int k,      \
                               const T *al, const T *A, int lda, const T *x, int ix, const T *be,  \
                               T *y, int iy) {                                                     \
    return wide ? cublas##P##SB##_64(h, u, n, k, al, A, lda, x, ix, be, y, iy)                     \
                : cublas##P##SB(h, u, n, k, al, A, lda, x, ix, be, y, iy);                         \
  }                                                                                                \
  static cublasStatus_t t_spmv(cublasHandle_t h, bool wide, cublasFillMode_t u, int n,             \
                               const T *al, const T *A, const T *x, int ix, const T *be, T *y,     \
                               int iy) {                                                           \
    return wide ? cublas##P##SP##_64(h, u, n, al, A, x, ix, be, y, iy)                             \
                : cublas##P##SP(h, u, n, al, A, x, ix, be, y, iy);                                 \
  }                                                                                                \
  static cublasStatus_t t_spr(cublasHandle_t h, bool wide, cublasFillMode_t u, int n, const R *al, \
                              const T *x, int ix, T *A) {                                          \
    return wide ? cublas##P##SPR##_64(h, u, n, al, x, ix, A)                                       \
                : cublas##P##SPR(h, u, n, al, x, ix, A);                                           \
  }                                                                                                \
  static cublasStatus_t t_spr2(cublasHandle_t h, bool wide, cublasFillMode_t u, int n,             \
                               const T *al, const T *x, int ix, const T *y, int iy, T *A) {        \
    return wide ? cublas##P##SPR2##_64(h, u, n, al, x, ix, y, iy, A)                               \
                : cublas##P##SPR2(h, u, n, al, x, ix, y, iy, A);                                   \
  }
T_ALL(S, sbmv, spmv, spr, spr2, float, float)
T_ALL(D, sbmv, spmv, spr, spr2, double, double)
T_ALL(C, hbmv, hpmv, hpr, hpr2, cuComplex, float)
T_ALL(Z, hbmv, hpmv, hpr, hpr2, cuDoubleComplex, double)

static size_t span(int n, int inc) {
  return 1 + (size_t)(n - 1) * (size_t)std::abs(inc);
}
static const char *opn(cublasOperation_t o) {
  return o == CUBLAS_OP_N ? "N" : o == CUBLAS_OP_T ? "T" : "C";
}
template <class T> static double max_abs(const std::vector<T> &v) {
  double m = 0;
  for (auto &e : v)
    if (!std::isnan(elem<T>::re(e))) m = std::max(m, abs_of(e));
  return m;
}
template <class T> static double sum_abs(const std::vector<T> &v) {
  double s = 0;
  for (auto &e : v)
    s += abs_of(e);
  return s;
}
template <class T> static T nan_value() {
  T v;
  memset(&v, 0xff, sizeof v); // a NaN in every part
  return v;
}
// Adds d to the real part of v.
template <class T> static void add_real(T &v, double d) {
  *(typename elem<T>::real *)&v += (typename elem<T>::real)d;
}
// A band array: lda x n, random in rows < rows, NaN below (never to be read).
template <class T> static std::vector<T> band_array(int rows, int lda, int n) {
  std::vector<T> A((size_t)lda * n, nan_value<T>());
  for (int j = 0; j < n; j++)
    for (int i = 0; i < rows; i++)
      A[i + (size_t)j * lda] = elem<T>::random();
  return A;
}

static const cublasOperation_t ops[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
static const cublasFillMode_t uplos[] = {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER};
static const cublasDiagType_t diags[] = {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT};
static const int incs[][2] = {{1, 1}, {-2, 3}};

// y = alpha op(A) x + beta y for gbmv (kind 0), sbmv/hbmv (1), spmv/hpmv (2), checked
// against OpenBLAS; beta_zero: y is NaN and beta 0.
template <class T>
static void check_mv(cublasHandle_t h, int kind, bool wide, cublasOperation_t op,
                     cublasFillMode_t u, int m, int n, int kl, int ku, int lda, int ix, int iy,
                     bool alpha_zero, bool beta_zero) {
  const double f = sizeof(T) == sizeof(typename elem<T>::real) ? 1 : 2;
  int lx = op == CUBLAS_OP_N ? n : m, ly = op == CUBLAS_OP_N ? m : n;
  std::vector<T> A = kind == 2 ? random_vector<T>((size_t)n * (n + 1) / 2)
                               : band_array<T>(kind == 0 ? kl + ku + 1 : kl + 1, lda, n);
  std::vector<T> x = random_vector<T>(span(lx, ix)), y = random_vector<T>(span(ly, iy));
  T al = elem<T>::random(), be = elem<T>::random();
  if (alpha_zero) memset(&al, 0, sizeof al);
  if (beta_zero) {
    memset(&be, 0, sizeof be);
    for (auto &e : y)
      e = nan_value<T>();
  }
  T *dA = to_device(A), *dx = to_device(x), *dy = to_device(y);
  std::vector<T> want = y;
  if (beta_zero) memset(want.data(), 0, want.size() * sizeof(T)); // BLAS: y not read
  if (kind == 0) {
    CHECK_BLAS(t_gbmv(h, wide, op, m, n, kl, ku, &al, dA, lda, dx, ix, &be, dy, iy));
    ref_gbmv(op, m, n, kl, ku, al, A.data(), lda, x.data(), ix, be, want.data(), iy);
  } else if (kind == 1) {
    CHECK_BLAS(t_sbmv(h, wide, u, n, kl, &al, dA, lda, dx, ix, &be, dy, iy));
    ref_sbmv(u, n, kl, al, A.data(), lda, x.data(), ix, be, want.data(), iy);
  } else {
    CHECK_BLAS(t_spmv(h, wide, u, n, &al, dA, dx, ix, &be, dy, iy));
    ref_spmv(u, n, al, A.data(), x.data(), ix, be, want.data(), iy);
  }
  std::vector<double> bound(y.size());
  double ax = max_abs(A) * sum_abs(x);
  for (size_t i = 0; i < y.size(); i++)
    bound[i] =
        f * (lx + 2) * eps<T>() * (abs_of(al) * ax + (beta_zero ? 0 : abs_of(be) * abs_of(y[i])));
  char what[160];
  snprintf(what, sizeof what, "%s%s%s %s %s m %d n %d kl %d ku %d inc %d %d%s%s", elem<T>::name(),
           kind == 0   ? "gbmv"
           : kind == 1 ? "sbmv"
                       : "spmv",
           wide ? "_64" : "", opn(op), u ? "upper" : "lower", m, n, kl, ku, ix, iy,
           alpha_zero ? " alpha 0" : "", beta_zero ? " beta 0" : "");
  expect_close(what, to_host(dy, y.size()), want, bound);
  cudaFree(dA), cudaFree(dx), cudaFree(dy);
}

// tbmv, tbsv (packed false) and tpmv, tpsv (true) on a diagonally dominant triangle.
template <class T>
static void check_triangular(cublasHandle_t h, bool packed, bool solve, bool wide,
                             cublasFillMode_t u, cublasOperation_t op, cublasDiagType_t d, int n,
                             int k, int inc) {
  const double f = sizeof(T) == sizeof(typename elem<T>::real) ? 1 : 2;
  int lda = k + 3, width = packed ? n - 1 : std::min(k, n - 1);
  std::vector<T> A =
      packed ? random_vector<T>((size_t)n * (n + 1) / 2) : band_array<T>(k + 1, lda, n);
  if (d == CUBLAS_DIAG_UNIT) // a unit diagonal: off-diagonal parts below 1 / (2 (width + 1))
    for (auto &e : A)
      if (!std::isnan(elem<T>::re(e))) {
        auto *parts = (typename elem<T>::real *)&e;
        for (size_t p = 0; p < sizeof(T) / sizeof(*parts); p++)
          parts[p] /= (typename elem<T>::real)(2 * (width + 1));
      }
  for (int j = 0; j < n; j++) { // |a_jj| >= 2 (width + 1): dominant rows and columns
    size_t at = packed ? (u == CUBLAS_FILL_MODE_UPPER ? j + (size_t)j * (j + 1) / 2
                                                      : j + (size_t)j * (2 * n - j - 1) / 2)
                       : (u == CUBLAS_FILL_MODE_UPPER ? k : 0) + (size_t)j * lda;
    add_real(A[at], 2.0 * (width + 1));
  }
  std::vector<T> x = random_vector<T>(span(n, inc));
  T *dA = to_device(A), *dx = to_device(x);
  std::vector<T> want = x;
  if (packed && solve) {
    CHECK_BLAS(t_tpsv(h, wide, u, op, d, n, dA, dx, inc));
    ref_tpsv(u, op, d, n, A.data(), want.data(), inc);
  } else if (packed) {
    CHECK_BLAS(t_tpmv(h, wide, u, op, d, n, dA, dx, inc));
    ref_tpmv(u, op, d, n, A.data(), want.data(), inc);
  } else if (solve) {
    CHECK_BLAS(t_tbsv(h, wide, u, op, d, n, k, dA, lda, dx, inc));
    ref_tbsv(u, op, d, n, k, A.data(), lda, want.data(), inc);
  } else {
    CHECK_BLAS(t_tbmv(h, wide, u, op, d, n, k, dA, lda, dx, inc));
    ref_tbmv(u, op, d, n, k, A.data(), lda, want.data(), inc);
  }
  double b = solve ? 64 * f * n * eps<T>() * max_abs(want)
                   : f * (n + 2) * eps<T>() * max_abs(A) * sum_abs(x);
  std::vector<double> bound(x.size(), b);
  char what[160];
  snprintf(what, sizeof what, "%st%s%s%s %s %s %s n %d k %d inc %d", elem<T>::name(),
           packed ? "p" : "b", solve ? "sv" : "mv", wide ? "_64" : "", u ? "upper" : "lower",
           opn(op), d ? "unit" : "non-unit", n, k, inc);
  expect_close(what, to_host(dx, x.size()), want, bound);
  cudaFree(dA), cudaFree(dx);
}

// spr/hpr (two false) and spr2/hpr2 on a packed triangle.
template <class T>
static void check_spr(cublasHandle_t h, bool two, bool wide, cublasFillMode_t u, int n, int ix,
                      int iy) {
  typedef typename elem<T>::real R;
  const bool cplx = sizeof(T) != sizeof(R);
  const double f = cplx ? 2 : 1;
  std::vector<T> A = random_vector<T>((size_t)n * (n + 1) / 2);
  if (cplx) // the diagonal of a hermitian matrix is real: the input's too
    for (int j = 0; j < n; j++) {
      size_t at = u == CUBLAS_FILL_MODE_UPPER ? j + (size_t)j * (j + 1) / 2
                                              : j + (size_t)j * (2 * n - j - 1) / 2;
      ((R *)&A[at])[1] = 0;
    }
  std::vector<T> x = random_vector<T>(span(n, ix)), y = random_vector<T>(span(n, iy));
  T al = elem<T>::random();
  R ar = (R)uniform();
  T *dA = to_device(A), *dx = to_device(x), *dy = to_device(y);
  std::vector<T> want = A;
  if (two) {
    CHECK_BLAS(t_spr2(h, wide, u, n, &al, dx, ix, dy, iy, dA));
    ref_spr2(u, n, al, x.data(), ix, y.data(), iy, want.data());
  } else {
    CHECK_BLAS(t_spr(h, wide, u, n, &ar, dx, ix, dA));
    ref_spr(u, n, ar, x.data(), ix, want.data());
  }
  std::vector<double> bound(A.size());
  for (size_t i = 0; i < A.size(); i++)
    bound[i] =
        f * 8 * eps<T>() * ((two ? 2 * abs_of(al) : std::fabs((double)ar)) * 2 + abs_of(A[i]));
  char what[160];
  snprintf(what, sizeof what, "%s%s%s %s n %d inc %d %d", elem<T>::name(),
           cplx ? (two ? "hpr2" : "hpr") : (two ? "spr2" : "spr"), wide ? "_64" : "",
           u ? "upper" : "lower", n, ix, iy);
  expect_close(what, to_host(dA, A.size()), want, bound);
  cudaFree(dA), cudaFree(dx), cudaFree(dy);
}

template <class T> static void test_type(cublasHandle_t h, int m, int n) {
  // gbmv: bands none, narrow, one-sided, wider than the matrix
  const int bands[][2] = {{0, 0}, {2, 3}, {4, 0}, {0, 1}, {m + 2, 1}, {1, n + 3}};
  for (auto &b : bands)
    for (auto op : ops)
      for (auto &inc : incs)
        check_mv<T>(h, 0, false, op, CUBLAS_FILL_MODE_LOWER, m, n, b[0], b[1], b[0] + b[1] + 3,
                    inc[0], inc[1], false, false);
  check_mv<T>(h, 0, false, CUBLAS_OP_N, CUBLAS_FILL_MODE_LOWER, m, n, 2, 1, 4, 1, 1, false, true);
  check_mv<T>(h, 0, false, CUBLAS_OP_T, CUBLAS_FILL_MODE_LOWER, m, n, 2, 1, 4, 1, 1, true, false);
  check_mv<T>(h, 0, true, CUBLAS_OP_C, CUBLAS_FILL_MODE_LOWER, m, n, 3, 2, 7, -1, 2, false, false);
  // sbmv / hbmv (k in kl), spmv / hpmv
  const int ks[] = {0, 3, n + 2};
  for (auto u : uplos) {
    for (int k : ks)
      for (auto &inc : incs)
        check_mv<T>(h, 1, false, CUBLAS_OP_N, u, n, n, k, 0, k + 2, inc[0], inc[1], false, false);
    check_mv<T>(h, 1, true, CUBLAS_OP_N, u, n, n, 2, 0, 3, 1, 1, false, true);
    for (auto &inc : incs)
      check_mv<T>(h, 2, false, CUBLAS_OP_N, u, n, n, 0, 0, 1, inc[0], inc[1], false, false);
    check_mv<T>(h, 2, true, CUBLAS_OP_N, u, n, n, 0, 0, 1, 2, -1, true, false);
    check_mv<T>(h, 2, false, CUBLAS_OP_N, u, n, n, 0, 0, 1, 1, 1, false, true);
  }
  // tbmv, tbsv (each band width with each operation, over the 12 cases), tpmv, tpsv
  int cases = 0;
  for (auto u : uplos)
    for (auto op : ops)
      for (auto d : diags) {
        int inc = op == CUBLAS_OP_T ? -2 : 1;
        check_triangular<T>(h, false, false, false, u, op, d, n, ks[cases % 3], inc);
        check_triangular<T>(h, false, true, false, u, op, d, n, ks[(cases + 1) % 3], -inc);
        cases++;
        check_triangular<T>(h, true, false, false, u, op, d, n, 0, inc);
        check_triangular<T>(h, true, true, false, u, op, d, n, 0, -inc);
      }
  check_triangular<T>(h, false, false, true, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T,
                      CUBLAS_DIAG_NON_UNIT, n, 2, 1);
  check_triangular<T>(h, false, true, true, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C,
                      CUBLAS_DIAG_NON_UNIT, n, 2, -1);
  check_triangular<T>(h, true, false, true, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT,
                      n, 0, 2);
  check_triangular<T>(h, true, true, true, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N,
                      CUBLAS_DIAG_NON_UNIT, n, 0, 1);
  // spr/hpr, spr2/hpr2
  for (auto u : uplos)
    for (auto &inc : incs) {
      check_spr<T>(h, false, false, u, n, inc[0], inc[1]);
      check_spr<T>(h, true, false, u, n, inc[1], inc[0]);
    }
  check_spr<T>(h, false, true, CUBLAS_FILL_MODE_UPPER, n, 1, 1);
  check_spr<T>(h, true, true, CUBLAS_FILL_MODE_LOWER, n, -1, 2);
}

// Device pointer mode: alpha and beta read by the kernels (gbmv, hpr, spr2).
static void test_device_scalars(cublasHandle_t h) {
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  int m = 19, n = 23, kl = 3, ku = 2, lda = 8;
  std::vector<float> A = band_array<float>(kl + ku + 1, lda, n), x = random_vector<float>(n),
                     y = random_vector<float>(m), s = {0.75f, -1.25f};
  float *dA = to_device(A), *dx = to_device(x), *dy = to_device(y), *ds = to_device(s);
  CHECK_BLAS(cublasSgbmv(h, CUBLAS_OP_N, m, n, kl, ku, ds, dA, lda, dx, 1, ds + 1, dy, 1));
  std::vector<float> want = y;
  ref_gbmv(CUBLAS_OP_N, m, n, kl, ku, s[0], A.data(), lda, x.data(), 1, s[1], want.data(), 1);
  std::vector<double> bound(m, (n + 2) * eps<float>() * (0.75 * max_abs(A) * sum_abs(x) + 1.25));
  expect_close("Sgbmv device scalars", to_host(dy, m), want, bound);
  std::vector<cuComplex> P = random_vector<cuComplex>((size_t)n * (n + 1) / 2),
                         cx = random_vector<cuComplex>(n);
  for (int j = 0; j < n; j++)
    P[j + (size_t)j * (j + 1) / 2].y = 0;
  cuComplex *dP = to_device(P), *dcx = to_device(cx);
  CHECK_BLAS(cublasChpr(h, CUBLAS_FILL_MODE_UPPER, n, ds, dcx, 1, dP));
  std::vector<cuComplex> wantP = P;
  ref_spr(CUBLAS_FILL_MODE_UPPER, n, s[0], cx.data(), 1, wantP.data());
  std::vector<double> pb(P.size());
  for (size_t i = 0; i < P.size(); i++)
    pb[i] = 16 * eps<float>() * (2 + abs_of(P[i]));
  expect_close("Chpr device scalars", to_host(dP, P.size()), wantP, pb);
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  cudaFree(dA), cudaFree(dx), cudaFree(dy), cudaFree(ds), cudaFree(dP), cudaFree(dcx);
}

// The error codes NVIDIA documents for these calls (docs/cublas.md), int and _64 forms.
static void test_errors(cublasHandle_t h) {
  float *d, one = 1;
  CHECK_CUDA(cudaMalloc(&d, 4096));
  const cublasStatus_t BAD = CUBLAS_STATUS_INVALID_VALUE;
  const cublasFillMode_t L = CUBLAS_FILL_MODE_LOWER;
  const cublasOperation_t N = CUBLAS_OP_N;
  const cublasDiagType_t U = CUBLAS_DIAG_NON_UNIT;
  EXPECT_STATUS(cublasSgbmv(nullptr, N, 4, 4, 1, 1, &one, d, 3, d, 1, &one, d, 1),
                CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(cublasSgbmv(h, N, 4, 4, 1, 1, &one, d, 2, d, 1, &one, d, 1), BAD); // lda < 3
  EXPECT_STATUS(cublasSgbmv(h, N, 4, 4, -1, 1, &one, d, 3, d, 1, &one, d, 1), BAD);
  EXPECT_STATUS(cublasSgbmv(h, N, 4, 4, 1, -1, &one, d, 3, d, 1, &one, d, 1), BAD);
  EXPECT_STATUS(cublasSgbmv(h, N, -1, 4, 1, 1, &one, d, 3, d, 1, &one, d, 1), BAD);
  EXPECT_STATUS(cublasSgbmv(h, N, 4, 4, 1, 1, &one, d, 3, d, 0, &one, d, 1), BAD);
  EXPECT_STATUS(cublasSgbmv(h, N, 4, 4, 1, 1, &one, d, 3, d, 1, &one, d, 0), BAD);
  EXPECT_STATUS(cublasSgbmv(h, (cublasOperation_t)7, 4, 4, 1, 1, &one, d, 3, d, 1, &one, d, 1),
                BAD);
  EXPECT_STATUS(cublasSgbmv_64(h, N, 4, 4, 1, 1, &one, d, 2, d, 1, &one, d, 1), BAD);
  EXPECT_STATUS(cublasSgbmv(h, N, 0, 4, 1, 1, &one, d, 3, d, 1, &one, d, 1), CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasSsbmv(h, L, 4, 2, &one, d, 2, d, 1, &one, d, 1), BAD); // lda < k + 1
  EXPECT_STATUS(cublasSsbmv(h, L, 4, -1, &one, d, 2, d, 1, &one, d, 1), BAD);
  EXPECT_STATUS(cublasSsbmv(h, (cublasFillMode_t)9, 4, 1, &one, d, 2, d, 1, &one, d, 1), BAD);
  EXPECT_STATUS(cublasSsbmv_64(h, L, -4, 1, &one, d, 2, d, 1, &one, d, 1), BAD);
  EXPECT_STATUS(cublasSspmv(h, L, 4, &one, d, d, 0, &one, d, 1), BAD);
  EXPECT_STATUS(cublasSspmv(h, L, -1, &one, d, d, 1, &one, d, 1), BAD);
  EXPECT_STATUS(cublasStbmv(h, L, N, U, 4, 2, d, 2, d, 1), BAD);
  EXPECT_STATUS(cublasStbmv(h, L, N, (cublasDiagType_t)4, 4, 1, d, 2, d, 1), BAD);
  EXPECT_STATUS(cublasStbsv(h, L, N, U, 4, 1, d, 2, d, 0), BAD);
  EXPECT_STATUS(cublasStbsv(h, L, N, U, 4, -1, d, 2, d, 1), BAD);
  EXPECT_STATUS(cublasStbsv_64(h, L, N, U, 4, 1, d, 1, d, 1), BAD);
  EXPECT_STATUS(cublasStpmv(h, L, (cublasOperation_t)5, U, 4, d, d, 1), BAD);
  EXPECT_STATUS(cublasStpsv(h, L, N, U, -2, d, d, 1), BAD);
  EXPECT_STATUS(cublasStpsv(h, L, N, U, 0, d, d, 1), CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(cublasSspr(h, L, 4, &one, d, 0, d), BAD);
  EXPECT_STATUS(cublasSspr(h, L, -1, &one, d, 1, d), BAD);
  EXPECT_STATUS(cublasSspr2(h, L, 4, &one, d, 1, d, 0, d), BAD);
  EXPECT_STATUS(cublasSspr2_64(h, (cublasFillMode_t)3, 4, &one, d, 1, d, 1, d), BAD);
  EXPECT_STATUS(cublasChpr(nullptr, L, 4, &one, (cuComplex *)d, 1, (cuComplex *)d),
                CUBLAS_STATUS_NOT_INITIALIZED);
  cudaFree(d);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  test_type<float>(h, 37, 29);
  test_type<double>(h, 11, 9);
  test_type<cuComplex>(h, 21, 17);
  test_type<cuDoubleComplex>(h, 8, 7);
  test_device_scalars(h);
  test_errors(h);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas banded");
}
