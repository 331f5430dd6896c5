// level1.cu — cuBLAS level 1 (scal, axpy, copy, swap, rot, dot/dotu/dotc, nrm2, asum,
// amax, amin) in S, D, C, Z against OpenBLAS, with positive, strided and negative
// increments, host and device pointer modes, a non-default stream, and the quick returns.
// Bounds: copies, swaps and real scalings are exact (one rounding, as OpenBLAS);
// element-wise operations with a product and a sum within 2 eps (|a x| + |y|) per part
// (fma or not); sums of n terms within n eps sum|terms| (the classical bound of any
// summation order, cuBLAS's blocked order included); nrm2 within 2 n eps ||x||; indices
// exact (random data has no ties).
#include "cublas_test.h"

// ---- OpenBLAS by type ----
static void ref_scal(int n, float a, float *x, int inc) {
  cblas_sscal(n, a, x, inc);
}
static void ref_scal(int n, double a, double *x, int inc) {
  cblas_dscal(n, a, x, inc);
}
static void ref_scal(int n, cuComplex a, cuComplex *x, int inc) {
  cblas_cscal(n, &a, x, inc);
}
static void ref_scal(int n, cuDoubleComplex a, cuDoubleComplex *x, int inc) {
  cblas_zscal(n, &a, x, inc);
}
static void ref_axpy(int n, float a, const float *x, int ix, float *y, int iy) {
  cblas_saxpy(n, a, x, ix, y, iy);
}
static void ref_axpy(int n, double a, const double *x, int ix, double *y, int iy) {
  cblas_daxpy(n, a, x, ix, y, iy);
}
static void ref_axpy(int n, cuComplex a, const cuComplex *x, int ix, cuComplex *y, int iy) {
  cblas_caxpy(n, &a, x, ix, y, iy);
}
static void ref_axpy(int n, cuDoubleComplex a, const cuDoubleComplex *x, int ix, cuDoubleComplex *y,
                     int iy) {
  cblas_zaxpy(n, &a, x, ix, y, iy);
}
static float ref_dot(int n, const float *x, int ix, const float *y, int iy, bool) {
  return cblas_sdot(n, x, ix, y, iy);
}
static double ref_dot(int n, const double *x, int ix, const double *y, int iy, bool) {
  return cblas_ddot(n, x, ix, y, iy);
}
static cuComplex ref_dot(int n, const cuComplex *x, int ix, const cuComplex *y, int iy, bool c) {
  cuComplex r;
  (c ? cblas_cdotc_sub : cblas_cdotu_sub)(n, x, ix, y, iy, &r);
  return r;
}
static cuDoubleComplex ref_dot(int n, const cuDoubleComplex *x, int ix, const cuDoubleComplex *y,
                               int iy, bool c) {
  cuDoubleComplex r;
  (c ? cblas_zdotc_sub : cblas_zdotu_sub)(n, x, ix, y, iy, &r);
  return r;
}
static double ref_nrm2(int n, const float *x, int i) {
  return cblas_snrm2(n, x, i);
}
static double ref_nrm2(int n, const double *x, int i) {
  return cblas_dnrm2(n, x, i);
}
static double ref_nrm2(int n, const cuComplex *x, int i) {
  return cblas_scnrm2(n, x, i);
}
static double ref_nrm2(int n, const cuDoubleComplex *x, int i) {
  return cblas_dznrm2(n, x, i);
}
static double ref_asum(int n, const float *x, int i) {
  return cblas_sasum(n, x, i);
}
static double ref_asum(int n, const double *x, int i) {
  return cblas_dasum(n, x, i);
}
static double ref_asum(int n, const cuComplex *x, int i) {
  return cblas_scasum(n, x, i);
}
static double ref_asum(int n, const cuDoubleComplex *x, int i) {
  return cblas_dzasum(n, x, i);
}
static int ref_iamax(int n, const float *x, int i, bool mn) {
  return 1 + (int)(mn ? cblas_isamin : cblas_isamax)(n, x, i);
}
static int ref_iamax(int n, const double *x, int i, bool mn) {
  return 1 + (int)(mn ? cblas_idamin : cblas_idamax)(n, x, i);
}
static int ref_iamax(int n, const cuComplex *x, int i, bool mn) {
  return 1 + (int)(mn ? cblas_icamin : cblas_icamax)(n, x, i);
}
static int ref_iamax(int n, const cuDoubleComplex *x, int i, bool mn) {
  return 1 + (int)(mn ? cblas_izamin : cblas_izamax)(n, x, i);
}

// ---- cuBLAS by type ----
static cublasStatus_t t_scal(cublasHandle_t h, int n, const float *a, float *x, int i) {
  return cublasSscal(h, n, a, x, i);
}
static cublasStatus_t t_scal(cublasHandle_t h, int n, const double *a, double *x, int i) {
  return cublasDscal(h, n, a, x, i);
}
static cublasStatus_t t_scal(cublasHandle_t h, int n, const cuComplex *a, cuComplex *x, int i) {
  return cublasCscal(h, n, a, x, i);
}
static cublasStatus_t t_scal(cublasHandle_t h, int n, const cuDoubleComplex *a, cuDoubleComplex *x,
                             int i) {
  return cublasZscal(h, n, a, x, i);
}
#define T_XY(NAME, OP)                                                                             \
  static cublasStatus_t NAME(cublasHandle_t h, int n, const float *x, int ix, float *y, int iy) {  \
    return cublasS##OP(h, n, (float *)x, ix, y, iy);                                               \
  }                                                                                                \
  static cublasStatus_t NAME(cublasHandle_t h, int n, const double *x, int ix, double *y,          \
                             int iy) {                                                             \
    return cublasD##OP(h, n, (double *)x, ix, y, iy);                                              \
  }                                                                                                \
  static cublasStatus_t NAME(cublasHandle_t h, int n, const cuComplex *x, int ix, cuComplex *y,    \
                             int iy) {                                                             \
    return cublasC##OP(h, n, (cuComplex *)x, ix, y, iy);                                           \
  }                                                                                                \
  static cublasStatus_t NAME(cublasHandle_t h, int n, const cuDoubleComplex *x, int ix,            \
                             cuDoubleComplex *y, int iy) {                                         \
    return cublasZ##OP(h, n, (cuDoubleComplex *)x, ix, y, iy);                                     \
  }
T_XY(t_copy, copy)
T_XY(t_swap, swap)
static cublasStatus_t t_axpy(cublasHandle_t h, int n, const float *a, const float *x, int ix,
                             float *y, int iy) {
  return cublasSaxpy(h, n, a, x, ix, y, iy);
}
static cublasStatus_t t_axpy(cublasHandle_t h, int n, const double *a, const double *x, int ix,
                             double *y, int iy) {
  return cublasDaxpy(h, n, a, x, ix, y, iy);
}
static cublasStatus_t t_axpy(cublasHandle_t h, int n, const cuComplex *a, const cuComplex *x,
                             int ix, cuComplex *y, int iy) {
  return cublasCaxpy(h, n, a, x, ix, y, iy);
}
static cublasStatus_t t_axpy(cublasHandle_t h, int n, const cuDoubleComplex *a,
                             const cuDoubleComplex *x, int ix, cuDoubleComplex *y, int iy) {
  return cublasZaxpy(h, n, a, x, ix, y, iy);
}
static cublasStatus_t t_dot(cublasHandle_t h, int n, const float *x, int ix, const float *y, int iy,
                            float *r, bool) {
  return cublasSdot(h, n, x, ix, y, iy, r);
}
static cublasStatus_t t_dot(cublasHandle_t h, int n, const double *x, int ix, const double *y,
                            int iy, double *r, bool) {
  return cublasDdot(h, n, x, ix, y, iy, r);
}
static cublasStatus_t t_dot(cublasHandle_t h, int n, const cuComplex *x, int ix, const cuComplex *y,
                            int iy, cuComplex *r, bool c) {
  return (c ? cublasCdotc : cublasCdotu)(h, n, x, ix, y, iy, r);
}
static cublasStatus_t t_dot(cublasHandle_t h, int n, const cuDoubleComplex *x, int ix,
                            const cuDoubleComplex *y, int iy, cuDoubleComplex *r, bool c) {
  return (c ? cublasZdotc : cublasZdotu)(h, n, x, ix, y, iy, r);
}
static cublasStatus_t t_nrm2(cublasHandle_t h, int n, const float *x, int i, float *r) {
  return cublasSnrm2(h, n, x, i, r);
}
static cublasStatus_t t_nrm2(cublasHandle_t h, int n, const double *x, int i, double *r) {
  return cublasDnrm2(h, n, x, i, r);
}
static cublasStatus_t t_nrm2(cublasHandle_t h, int n, const cuComplex *x, int i, float *r) {
  return cublasScnrm2(h, n, x, i, r);
}
static cublasStatus_t t_nrm2(cublasHandle_t h, int n, const cuDoubleComplex *x, int i, double *r) {
  return cublasDznrm2(h, n, x, i, r);
}
static cublasStatus_t t_asum(cublasHandle_t h, int n, const float *x, int i, float *r) {
  return cublasSasum(h, n, x, i, r);
}
static cublasStatus_t t_asum(cublasHandle_t h, int n, const double *x, int i, double *r) {
  return cublasDasum(h, n, x, i, r);
}
static cublasStatus_t t_asum(cublasHandle_t h, int n, const cuComplex *x, int i, float *r) {
  return cublasScasum(h, n, x, i, r);
}
static cublasStatus_t t_asum(cublasHandle_t h, int n, const cuDoubleComplex *x, int i, double *r) {
  return cublasDzasum(h, n, x, i, r);
}
static cublasStatus_t t_iamax(cublasHandle_t h, int n, const float *x, int i, int *r, bool mn) {
  return (mn ? cublasIsamin : cublasIsamax)(h, n, x, i, r);
}
static cublasStatus_t t_iamax(cublasHandle_t h, int n, const double *x, int i, int *r, bool mn) {
  return (mn ? cublasIdamin : cublasIdamax)(h, n, x, i, r);
}
static cublasStatus_t t_iamax(cublasHandle_t h, int n, const cuComplex *x, int i, int *r, bool mn) {
  return (mn ? cublasIcamin : cublasIcamax)(h, n, x, i, r);
}
static cublasStatus_t t_iamax(cublasHandle_t h, int n, const cuDoubleComplex *x, int i, int *r,
                              bool mn) {
  return (mn ? cublasIzamin : cublasIzamax)(h, n, x, i, r);
}
static cublasStatus_t t_rot(cublasHandle_t h, int n, float *x, int ix, float *y, int iy,
                            const float *c, const float *s) {
  return cublasSrot(h, n, x, ix, y, iy, c, s);
}
static cublasStatus_t t_rot(cublasHandle_t h, int n, double *x, int ix, double *y, int iy,
                            const double *c, const double *s) {
  return cublasDrot(h, n, x, ix, y, iy, c, s);
}
static cublasStatus_t t_rot(cublasHandle_t h, int n, cuComplex *x, int ix, cuComplex *y, int iy,
                            const float *c, const cuComplex *s) {
  return cublasCrot(h, n, x, ix, y, iy, c, s);
}
static cublasStatus_t t_rot(cublasHandle_t h, int n, cuDoubleComplex *x, int ix, cuDoubleComplex *y,
                            int iy, const double *c, const cuDoubleComplex *s) {
  return cublasZrot(h, n, x, ix, y, iy, c, s);
}

static std::complex<double> cx(double re, double im) {
  return std::complex<double>(re, im);
}
template <class T> static std::complex<double> cx(T v) {
  return cx(elem<T>::re(v), elem<T>::im(v));
}
template <class T> static T from_cx(std::complex<double> z);
template <> float from_cx<float>(std::complex<double> z) {
  return (float)z.real();
}
template <> double from_cx<double>(std::complex<double> z) {
  return z.real();
}
template <> cuComplex from_cx<cuComplex>(std::complex<double> z) {
  return make_cuComplex((float)z.real(), (float)z.imag());
}
template <> cuDoubleComplex from_cx<cuDoubleComplex>(std::complex<double> z) {
  return make_cuDoubleComplex(z.real(), z.imag());
}

static size_t span(int n, int inc) {
  return 1 + (size_t)(n - 1) * (size_t)std::abs(inc);
}

template <class T> static void test_type(cublasHandle_t h, int n) {
  typedef typename elem<T>::real R;
  const bool is_complex = sizeof(T) != sizeof(R);
  const int incs[][2] = {{1, 1}, {2, -3}, {-1, 2}};
  char what[128];
  for (auto &inc : incs) {
    int ix = inc[0], iy = inc[1];
    std::vector<T> x = random_vector<T>(span(n, ix)), y = random_vector<T>(span(n, iy));
    T *dx = to_device(x), *dy = to_device(y);
    std::vector<double> exact_bound(y.size(), 0.0);

    // copy: exact
    {
      std::vector<T> want = y;
      for (int i = 0; i < n; i++)
        want[(iy > 0 ? i : n - 1 - i) * std::abs(iy)] = x[(ix > 0 ? i : n - 1 - i) * std::abs(ix)];
      CHECK_BLAS(t_copy(h, n, dx, ix, dy, iy));
      snprintf(what, sizeof what, "%scopy inc %d %d", elem<T>::name(), ix, iy);
      expect_equal(what, to_host(dy, y.size()), want);
      CHECK_CUDA(cudaMemcpy(dy, y.data(), y.size() * sizeof(T), cudaMemcpyHostToDevice));
    }
    // swap: exact, both vectors
    {
      CHECK_BLAS(t_swap(h, n, dx, ix, dy, iy));
      std::vector<T> gx = to_host(dx, x.size()), gy = to_host(dy, y.size());
      bool ok = true;
      for (int i = 0; i < n; i++) {
        size_t px = (ix > 0 ? i : n - 1 - i) * std::abs(ix),
               py = (iy > 0 ? i : n - 1 - i) * std::abs(iy);
        ok &= memcmp(&gx[px], &y[py], sizeof(T)) == 0 && memcmp(&gy[py], &x[px], sizeof(T)) == 0;
      }
      if (!ok) {
        printf("FAIL %sswap inc %d %d\n", elem<T>::name(), ix, iy);
        failures++;
      }
      CHECK_CUDA(cudaMemcpy(dx, x.data(), x.size() * sizeof(T), cudaMemcpyHostToDevice));
      CHECK_CUDA(cudaMemcpy(dy, y.data(), y.size() * sizeof(T), cudaMemcpyHostToDevice));
    }
    // axpy (host alpha)
    {
      T alpha = elem<T>::random();
      std::vector<T> want = y;
      ref_axpy(n, alpha, x.data(), ix, want.data(), iy);
      std::vector<double> bound(y.size());
      for (size_t i = 0; i < y.size(); i++)
        bound[i] = 4 * eps<T>() * (abs_of(alpha) * 2 + abs_of(y[i]));
      CHECK_BLAS(t_axpy(h, n, &alpha, dx, ix, dy, iy));
      snprintf(what, sizeof what, "%saxpy inc %d %d", elem<T>::name(), ix, iy);
      expect_close(what, to_host(dy, y.size()), want, bound);
      CHECK_CUDA(cudaMemcpy(dy, y.data(), y.size() * sizeof(T), cudaMemcpyHostToDevice));
    }
    // rot with a random rotation (c, s), s complex for C and Z: reference in double
    {
      double angle = uniform() * 3;
      R c = (R)std::cos(angle);
      T s = from_cx<T>(std::polar(std::sin(angle), is_complex ? uniform() : 0.0));
      std::vector<T> wx = x, wy = y;
      std::vector<double> bx(x.size(), 0.0), by(y.size(), 0.0);
      for (int i = 0; i < n; i++) {
        size_t px = (ix > 0 ? i : n - 1 - i) * std::abs(ix),
               py = (iy > 0 ? i : n - 1 - i) * std::abs(iy);
        std::complex<double> xv = cx(x[px]), yv = cx(y[py]), sv = cx(s);
        wx[px] = from_cx<T>((double)c * xv + sv * yv);
        wy[py] = from_cx<T>((double)c * yv - std::conj(sv) * xv);
        bx[px] = by[py] = 6 * eps<T>() * (std::abs(xv) + std::abs(yv));
      }
      CHECK_BLAS(t_rot(h, n, dx, ix, dy, iy, &c, &s));
      snprintf(what, sizeof what, "%srot inc %d %d (x)", elem<T>::name(), ix, iy);
      expect_close(what, to_host(dx, x.size()), wx, bx);
      snprintf(what, sizeof what, "%srot inc %d %d (y)", elem<T>::name(), ix, iy);
      expect_close(what, to_host(dy, y.size()), wy, by);
      CHECK_CUDA(cudaMemcpy(dx, x.data(), x.size() * sizeof(T), cudaMemcpyHostToDevice));
      CHECK_CUDA(cudaMemcpy(dy, y.data(), y.size() * sizeof(T), cudaMemcpyHostToDevice));
    }
    // dot, dotu / dotc
    for (int conjugate = 0; conjugate <= (is_complex ? 1 : 0); conjugate++) {
      T want = ref_dot(n, x.data(), ix, y.data(), iy, conjugate), got;
      double sum_abs = 0;
      for (int i = 0; i < n; i++)
        sum_abs += abs_of(x[(ix > 0 ? i : n - 1 - i) * std::abs(ix)]) *
                   abs_of(y[(iy > 0 ? i : n - 1 - i) * std::abs(iy)]);
      CHECK_BLAS(t_dot(h, n, dx, ix, dy, iy, &got, conjugate));
      snprintf(what, sizeof what, "%sdot%s inc %d %d", elem<T>::name(), conjugate ? "c" : "", ix,
               iy);
      expect_close(what, std::vector<T>{got}, std::vector<T>{want},
                   std::vector<double>{2 * n * eps<T>() * sum_abs});
    }
    if (ix > 0) {
      // scal (x, host alpha): real scaling is one rounding, exact vs OpenBLAS
      T alpha = elem<T>::random();
      std::vector<T> want = x;
      ref_scal(n, alpha, want.data(), ix);
      CHECK_BLAS(t_scal(h, n, &alpha, dx, ix));
      std::vector<double> bound(x.size());
      for (size_t i = 0; i < x.size(); i++)
        bound[i] = is_complex ? 4 * eps<T>() * abs_of(alpha) * abs_of(x[i]) : 0.0;
      snprintf(what, sizeof what, "%sscal inc %d", elem<T>::name(), ix);
      expect_close(what, to_host(dx, x.size()), want, bound);
      CHECK_CUDA(cudaMemcpy(dx, x.data(), x.size() * sizeof(T), cudaMemcpyHostToDevice));
      // nrm2, asum, amax, amin
      R nrm, asum;
      CHECK_BLAS(t_nrm2(h, n, dx, ix, &nrm));
      double want_nrm = ref_nrm2(n, x.data(), ix);
      if (!(std::fabs(nrm - want_nrm) <= 2 * n * eps<T>() * want_nrm)) {
        printf("FAIL %snrm2 inc %d: got %.17g want %.17g\n", elem<T>::name(), ix, (double)nrm,
               want_nrm);
        failures++;
      }
      CHECK_BLAS(t_asum(h, n, dx, ix, &asum));
      double want_asum = ref_asum(n, x.data(), ix);
      if (!(std::fabs(asum - want_asum) <= n * eps<T>() * want_asum)) {
        printf("FAIL %sasum inc %d: got %.17g want %.17g\n", elem<T>::name(), ix, (double)asum,
               want_asum);
        failures++;
      }
      for (int mn = 0; mn <= 1; mn++) {
        int got;
        CHECK_BLAS(t_iamax(h, n, dx, ix, &got, mn));
        int want_i = ref_iamax(n, x.data(), ix, mn);
        if (got != want_i) {
          printf("FAIL I%s%s inc %d: got %d want %d\n", elem<T>::name(), mn ? "amin" : "amax", ix,
                 got, want_i);
          failures++;
        }
      }
    }
    CHECK_CUDA(cudaFree(dx));
    CHECK_CUDA(cudaFree(dy));
  }
}

// Device pointer mode: alpha from device memory, results written to device memory, on a
// stream of the user's.
template <class T> static void test_device_mode(cublasHandle_t h, int n) {
  typedef typename elem<T>::real R;
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));
  CHECK_BLAS(cublasSetStream(h, stream));
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  std::vector<T> x = random_vector<T>(n), y = random_vector<T>(n);
  T alpha = elem<T>::random();
  T *dx = to_device(x), *dy = to_device(y), *dalpha = to_device(std::vector<T>{alpha}), *ddot;
  R *dnrm;
  int *didx;
  CHECK_CUDA(cudaMalloc(&ddot, sizeof(T)));
  CHECK_CUDA(cudaMalloc(&dnrm, sizeof(R)));
  CHECK_CUDA(cudaMalloc(&didx, sizeof(int)));
  CHECK_BLAS(t_axpy(h, n, dalpha, dx, 1, dy, 1));
  CHECK_BLAS(t_dot(h, n, dx, 1, dy, 1, ddot, false));
  CHECK_BLAS(t_nrm2(h, n, dy, 1, dnrm));
  CHECK_BLAS(t_iamax(h, n, dy, 1, didx, false));
  CHECK_CUDA(cudaStreamSynchronize(stream));
  std::vector<T> want_y = y;
  ref_axpy(n, alpha, x.data(), 1, want_y.data(), 1);
  T want_dot = ref_dot(n, x.data(), 1, want_y.data(), 1, false);
  T got_dot = to_host(ddot, 1)[0];
  double sum_abs = 0;
  for (int i = 0; i < n; i++)
    sum_abs += abs_of(x[i]) * (abs_of(y[i]) + 2 * abs_of(alpha));
  char what[64];
  snprintf(what, sizeof what, "%sdot, device pointer mode", elem<T>::name());
  expect_close(what, std::vector<T>{got_dot}, std::vector<T>{want_dot},
               std::vector<double>{4 * n * eps<T>() * sum_abs});
  double want_nrm = ref_nrm2(n, want_y.data(), 1);
  R got_nrm = to_host(dnrm, 1)[0];
  if (!(std::fabs(got_nrm - want_nrm) <= 4 * n * eps<T>() * want_nrm)) {
    printf("FAIL %snrm2, device pointer mode: got %.17g want %.17g\n", elem<T>::name(),
           (double)got_nrm, want_nrm);
    failures++;
  }
  int got_idx = to_host(didx, 1)[0], want_idx = ref_iamax(n, want_y.data(), 1, false);
  if (got_idx != want_idx) {
    printf("FAIL I%samax, device pointer mode: got %d want %d\n", elem<T>::name(), got_idx,
           want_idx);
    failures++;
  }
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  CHECK_BLAS(cublasSetStream(h, 0));
  cudaFree(dx), cudaFree(dy), cudaFree(dalpha), cudaFree(ddot), cudaFree(dnrm), cudaFree(didx);
  CHECK_CUDA(cudaStreamDestroy(stream));
}

// Quick returns and what they leave: n <= 0 gives 0 / index 0; incx <= 0 for the
// reductions too; scal with incx <= 0 changes nothing.
static void test_edges(cublasHandle_t h) {
  std::vector<float> x = random_vector<float>(8);
  float *dx = to_device(x), r = -1, two = 2;
  int idx = -1;
  CHECK_BLAS(cublasSnrm2(h, 0, dx, 1, &r));
  if (r != 0) {
    printf("FAIL Snrm2 n=0 gave %g\n", r);
    failures++;
  }
  CHECK_BLAS(cublasIsamax(h, 8, dx, 0, &idx));
  if (idx != 0) {
    printf("FAIL Isamax incx=0 gave %d\n", idx);
    failures++;
  }
  r = -1;
  CHECK_BLAS(cublasSasum(h, 8, dx, -1, &r));
  if (r != 0) {
    printf("FAIL Sasum incx=-1 gave %g\n", r);
    failures++;
  }
  CHECK_BLAS(cublasSscal(h, 8, &two, dx, -1));
  expect_equal("Sscal incx=-1 leaves x", to_host(dx, 8), x);
  EXPECT_STATUS(cublasSscal(nullptr, 8, &two, dx, 1), CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(cublasSdot(nullptr, 8, dx, 1, dx, 1, &r), CUBLAS_STATUS_NOT_INITIALIZED);
  cudaFree(dx);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  test_type<float>(h, 1001);
  test_type<double>(h, 67);
  test_type<cuComplex>(h, 333);
  test_type<cuDoubleComplex>(h, 41);
  test_device_mode<float>(h, 777);
  test_device_mode<cuDoubleComplex>(h, 29);
  test_edges(h);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas level1");
}
