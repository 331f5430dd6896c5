// level1.cu — cuBLAS level 1 (scal, axpy, copy, swap, rot, dot/dotu/dotc, nrm2, asum,
// amax, amin; rotg, rotm, rotmg) in S, D, C, Z against OpenBLAS, with positive, strided and
// negative increments, host and device pointer modes, a non-default stream, and the quick returns.
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

// rotg, rotm, rotmg against OpenBLAS: rotg's r, z, c, s within 4 eps (relative; a
// reference may compute sqrt(a^2 + b^2) with or without scaling); rotm's results within 4
// eps of the terms; rotmg's flag exactly, its H and d1, d2, x1 within 8 eps relative.
static bool near(double got, double want, double eps_rel) {
  return std::fabs(got - want) <= eps_rel * std::max(std::fabs(want), 1e-300) || got == want;
}
static void test_rotations(cublasHandle_t h) {
  const double pairs[][2] = {{3, 4}, {-4, 3}, {0.5, -1e-3},   {0, 2},
                             {2, 0}, {0, 0},  {-1e-20, 7e-21}};
  for (auto &p : pairs) {
    float a = (float)p[0], b = (float)p[1], c, s, ra = a, rb = b, rc, rs;
    double da = p[0], db = p[1], dc, ds, rda = da, rdb = db, rdc, rds;
    CHECK_BLAS(cublasSrotg(h, &a, &b, &c, &s));
    cblas_srotg(&ra, &rb, &rc, &rs);
    CHECK_BLAS(cublasDrotg(h, &da, &db, &dc, &ds));
    cblas_drotg(&rda, &rdb, &rdc, &rds);
    if (!near(a, ra, 4 * 6e-8) || !near(b, rb, 4 * 6e-8) || !near(c, rc, 4 * 6e-8) ||
        !near(s, rs, 4 * 6e-8) || !near(da, rda, 4e-16) || !near(db, rdb, 4e-16) ||
        !near(dc, rdc, 4e-16) || !near(ds, rds, 4e-16)) {
      printf("FAIL rotg(%g, %g): S r=%g z=%g c=%g s=%g (want %g %g %g %g); D r=%g z=%g c=%g s=%g "
             "(want %g %g %g %g)\n",
             p[0], p[1], a, b, c, s, ra, rb, rc, rs, da, db, dc, ds, rda, rdb, rdc, rds);
      failures++;
    }
    cuComplex ca = make_cuComplex((float)p[0], (float)p[1]),
              cb = make_cuComplex((float)p[1], -0.5f), cs, rca = ca, rcb = cb, rcs;
    float cc, rcc;
    CHECK_BLAS(cublasCrotg(h, &ca, &cb, &cc, &cs));
    cblas_crotg(&rca, &rcb, &rcc, &rcs);
    if (!near(cc, rcc, 2.4e-7) || !close(ca, rca, 2.4e-7 * abs_of(rca)) ||
        !close(cs, rcs, 2.4e-7)) {
      printf(
          "FAIL crotg(%g%+gi, %g%+gi): c=%g s=(%g,%g) r=(%g,%g), want c=%g s=(%g,%g) r=(%g,%g)\n",
          p[0], p[1], p[1], -0.5, cc, cs.x, cs.y, ca.x, ca.y, rcc, rcs.x, rcs.y, rca.x, rca.y);
      failures++;
    }
  }
  // zrotg with device pointers
  {
    cuDoubleComplex za = make_cuDoubleComplex(1.5, -2), zb = make_cuDoubleComplex(0.25, 3), zs,
                    rza = za, rzb = zb, rzs;
    double zc, rzc;
    cblas_zrotg(&rza, &rzb, &rzc, &rzs);
    cuDoubleComplex *dv = to_device(std::vector<cuDoubleComplex>{za, zb, za});
    double *dc;
    CHECK_CUDA(cudaMalloc(&dc, sizeof(double)));
    CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
    CHECK_BLAS(cublasZrotg(h, dv, dv + 1, dc, dv + 2));
    CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
    std::vector<cuDoubleComplex> got = to_host(dv, 3);
    zc = to_host(dc, 1)[0], za = got[0], zs = got[2];
    if (!near(zc, rzc, 4.4e-16) || !close(za, rza, 4.4e-16 * abs_of(rza)) ||
        !close(zs, rzs, 4.4e-16)) {
      printf("FAIL zrotg, device pointer mode: c=%.17g want %.17g\n", zc, rzc);
      failures++;
    }
    cudaFree(dv), cudaFree(dc);
  }
  // rotm with each flag
  const int n = 57;
  for (float flag : {-1.0f, 0.0f, 1.0f, -2.0f}) {
    float param[5] = {flag, 0.75f, -0.5f, 1.25f, 2.0f};
    std::vector<float> x = random_vector<float>(2 * n), y = random_vector<float>(n), wx = x, wy = y;
    float *dx = to_device(x), *dy = to_device(y);
    CHECK_BLAS(cublasSrotm(h, n, dx, 2, dy, -1, param));
    cblas_srotm(n, wx.data(), 2, wy.data(), -1, param);
    std::vector<double> bx(x.size(), 4 * 6e-8 * 4), by(y.size(), 4 * 6e-8 * 4);
    char what[64];
    snprintf(what, sizeof what, "Srotm flag %g (x)", flag);
    expect_close(what, to_host(dx, x.size()), wx, bx);
    snprintf(what, sizeof what, "Srotm flag %g (y)", flag);
    expect_close(what, to_host(dy, y.size()), wy, by);
    cudaFree(dx), cudaFree(dy);
  }
  {
    double param[5] = {-1, 0.75, -0.5, 1.25, 2};
    std::vector<double> x = random_vector<double>(n), y = random_vector<double>(n), wx = x, wy = y;
    double *dx = to_device(x), *dy = to_device(y),
           *dp = to_device(std::vector<double>(param, param + 5));
    CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
    CHECK_BLAS(cublasDrotm(h, n, dx, 1, dy, 1, dp));
    CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
    cblas_drotm(n, wx.data(), 1, wy.data(), 1, param);
    expect_close("Drotm, device param (x)", to_host(dx, n), wx, std::vector<double>(n, 1e-15));
    expect_close("Drotm, device param (y)", to_host(dy, n), wy, std::vector<double>(n, 1e-15));
    cudaFree(dx), cudaFree(dy), cudaFree(dp);
  }
  // rotmg: both branches (|q1| > |q2| and not), the rescaling loops, d1 < 0, y1 = 0
  const double cases[][4] = {{2, 3, 1.5, 0.5},  {1, 1, 0.1, 2},   {1e-9, 2, 3, 1},
                             {1e9, 1e-9, 1, 1}, {-1, 2, 1, 1},    {1, 2, 3, 0},
                             {4, 1e8, 1e-3, 2}, {0.3, 0.7, -2, 5}};
  for (auto &cs : cases) {
    float d1 = (float)cs[0], d2 = (float)cs[1], x1 = (float)cs[2], y1 = (float)cs[3],
          param[5] = {0, 0, 0, 0, 0};
    float rd1 = d1, rd2 = d2, rx1 = x1, rparam[5] = {0, 0, 0, 0, 0};
    CHECK_BLAS(cublasSrotmg(h, &d1, &d2, &x1, &y1, param));
    cblas_srotmg(&rd1, &rd2, &rx1, y1, rparam);
    bool ok =
        param[0] == rparam[0] && near(d1, rd1, 5e-7) && near(d2, rd2, 5e-7) && near(x1, rx1, 5e-7);
    for (int i = 1; i < 5 && ok && rparam[0] != -2; i++)
      if ((rparam[0] == 0 && (i == 1 || i == 4)) || (rparam[0] == 1 && (i == 2 || i == 3)))
        continue; // entries the flag implies are not written
      else
        ok &= near(param[i], rparam[i], 5e-7);
    double dd1 = cs[0], dd2 = cs[1], dx1 = cs[2], dy1 = cs[3], dparam[5] = {0, 0, 0, 0, 0};
    double rdd1 = dd1, rdd2 = dd2, rdx1 = dx1, rdparam[5] = {0, 0, 0, 0, 0};
    CHECK_BLAS(cublasDrotmg(h, &dd1, &dd2, &dx1, &dy1, dparam));
    cblas_drotmg(&rdd1, &rdd2, &rdx1, dy1, rdparam);
    ok &= dparam[0] == rdparam[0] && near(dd1, rdd1, 1e-15) && near(dd2, rdd2, 1e-15) &&
          near(dx1, rdx1, 1e-15);
    if (!ok) {
      printf("FAIL rotmg(%g, %g, %g, %g): S flag %g d1 %g d2 %g x1 %g h %g %g %g %g, want flag %g "
             "d1 %g d2 %g x1 %g h %g "
             "%g %g %g; D flag %g want %g\n",
             cs[0], cs[1], cs[2], cs[3], param[0], d1, d2, x1, param[1], param[2], param[3],
             param[4], rparam[0], rd1, rd2, rx1, rparam[1], rparam[2], rparam[3], rparam[4],
             dparam[0], rdparam[0]);
      failures++;
    }
  }
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
  test_rotations(h);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas level1");
}
