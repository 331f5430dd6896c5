// level1_ex.cu — cuBLAS's level-1 Ex forms (cublasAxpyEx, DotEx, DotcEx, Nrm2Ex, AsumEx,
// ScalEx, IamaxEx, IaminEx, CopyEx, SwapEx, RotEx, RotgEx, RotmEx, RotmgEx) against the typed
// routines they stand for (themselves checked against OpenBLAS in cublas.level1): the same
// inputs through both, results within 4 (n + 2) eps of each other's size (cuBLAS may run other
// kernels for the Ex forms; Anchor's run the same, bit for bit), negative increments, device
// pointer mode; mismatched types are CUBLAS_STATUS_NOT_SUPPORTED. The 16F and 16BF forms are
// checked by level1_ex16.cu; here one AxpyEx on 16F prints its status.
#include "cublas_test.h"

template <class T> static cudaDataType dtype();
template <> cudaDataType dtype<float>() {
  return CUDA_R_32F;
}
template <> cudaDataType dtype<double>() {
  return CUDA_R_64F;
}
template <> cudaDataType dtype<cuComplex>() {
  return CUDA_C_32F;
}
template <> cudaDataType dtype<cuDoubleComplex>() {
  return CUDA_C_64F;
}

#define TYPED(P, p, T, R)                                                                          \
  static cublasStatus_t t_axpy(cublasHandle_t h, int n, const T *a, const T *x, int ix, T *y,      \
                               int iy) {                                                           \
    return cublas##P##axpy(h, n, a, x, ix, y, iy);                                                 \
  }                                                                                                \
  static cublasStatus_t t_scal(cublasHandle_t h, int n, const T *a, T *x, int ix) {                \
    return cublas##P##scal(h, n, a, x, ix);                                                        \
  }                                                                                                \
  static cublasStatus_t t_amax(cublasHandle_t h, bool mn, int n, const T *x, int ix, int *r) {     \
    return mn ? cublasI##p##amin(h, n, x, ix, r) : cublasI##p##amax(h, n, x, ix, r);               \
  }                                                                                                \
  static cublasStatus_t t_copy(cublasHandle_t h, bool sw, int n, T *x, int ix, T *y, int iy) {     \
    return sw ? cublas##P##swap(h, n, x, ix, y, iy) : cublas##P##copy(h, n, x, ix, y, iy);         \
  }
TYPED(S, s, float, float)
TYPED(D, d, double, double)
TYPED(C, c, cuComplex, float)
TYPED(Z, z, cuDoubleComplex, double)
static cublasStatus_t t_dot(cublasHandle_t h, bool, int n, const float *x, int ix, const float *y,
                            int iy, float *r) {
  return cublasSdot(h, n, x, ix, y, iy, r);
}
static cublasStatus_t t_dot(cublasHandle_t h, bool, int n, const double *x, int ix, const double *y,
                            int iy, double *r) {
  return cublasDdot(h, n, x, ix, y, iy, r);
}
static cublasStatus_t t_dot(cublasHandle_t h, bool c, int n, const cuComplex *x, int ix,
                            const cuComplex *y, int iy, cuComplex *r) {
  return c ? cublasCdotc(h, n, x, ix, y, iy, r) : cublasCdotu(h, n, x, ix, y, iy, r);
}
static cublasStatus_t t_dot(cublasHandle_t h, bool c, int n, const cuDoubleComplex *x, int ix,
                            const cuDoubleComplex *y, int iy, cuDoubleComplex *r) {
  return c ? cublasZdotc(h, n, x, ix, y, iy, r) : cublasZdotu(h, n, x, ix, y, iy, r);
}
static cublasStatus_t t_norm(cublasHandle_t h, bool as, int n, const float *x, int ix, float *r) {
  return as ? cublasSasum(h, n, x, ix, r) : cublasSnrm2(h, n, x, ix, r);
}
static cublasStatus_t t_norm(cublasHandle_t h, bool as, int n, const double *x, int ix, double *r) {
  return as ? cublasDasum(h, n, x, ix, r) : cublasDnrm2(h, n, x, ix, r);
}
static cublasStatus_t t_norm(cublasHandle_t h, bool as, int n, const cuComplex *x, int ix,
                             float *r) {
  return as ? cublasScasum(h, n, x, ix, r) : cublasScnrm2(h, n, x, ix, r);
}
static cublasStatus_t t_norm(cublasHandle_t h, bool as, int n, const cuDoubleComplex *x, int ix,
                             double *r) {
  return as ? cublasDzasum(h, n, x, ix, r) : cublasDznrm2(h, n, x, ix, r);
}

static size_t span(int n, int inc) {
  return 1 + (size_t)(n - 1) * (size_t)std::abs(inc);
}
template <class T> static double max_abs(const std::vector<T> &v) {
  double m = 0;
  for (auto &e : v)
    m = std::max(m, abs_of(e));
  return m;
}
// got (Ex) against want (typed): within 4 (n + 2) eps scale per part.
template <class T>
static void expect_near(const char *what, const std::vector<T> &got, const std::vector<T> &want,
                        int n, double scale) {
  std::vector<double> bound(got.size(), 4 * (n + 2) * eps<T>() * scale);
  char w[128];
  snprintf(w, sizeof w, "%s%s", elem<T>::name(), what);
  expect_close(w, got, want, bound);
}

template <class T> static void test_type(cublasHandle_t h, int n) {
  typedef typename elem<T>::real R;
  const cudaDataType t = dtype<T>(), rt = dtype<R>();
  const bool cplx = sizeof(T) != sizeof(R);
  const int ix = -2, iy = 3;
  std::vector<T> x = random_vector<T>(span(n, ix)), y = random_vector<T>(span(n, iy));
  T a = elem<T>::random();
  // axpy
  {
    T *dx = to_device(x), *d1 = to_device(y), *d2 = to_device(y);
    CHECK_BLAS(cublasAxpyEx(h, n, &a, t, dx, t, ix, d1, t, iy, t));
    CHECK_BLAS(t_axpy(h, n, &a, dx, ix, d2, iy));
    expect_near("AxpyEx", to_host(d1, y.size()), to_host(d2, y.size()), 1, 4);
    cudaFree(dx), cudaFree(d1), cudaFree(d2);
  }
  // scal (and Csscal/Zdscal as a real alpha)
  {
    T *d1 = to_device(x), *d2 = to_device(x);
    CHECK_BLAS(cublasScalEx(h, n, &a, t, d1, t, ix, t));
    CHECK_BLAS(t_scal(h, n, &a, d2, ix));
    expect_near("ScalEx", to_host(d1, x.size()), to_host(d2, x.size()), 1, 4);
    if (cplx) { // a real alpha with a complex x: NOT_SUPPORTED under NVIDIA's cuBLAS 13.1 (H100,
                // 2026-12-07; C32F x, 32F alpha), though Csscal/Zdscal do this
      R ar = (R)0.625;
      T *d3 = to_device(x);
      EXPECT_STATUS(cublasScalEx(h, n, &ar, rt, d3, t, ix, t), CUBLAS_STATUS_NOT_SUPPORTED);
      cudaFree(d3);
    }
    cudaFree(d1), cudaFree(d2);
  }
  // dot, dotc
  for (int c = 0; c <= (cplx ? 1 : 0); c++) {
    T *dx = to_device(x), *dy = to_device(y);
    T r1, r2;
    if (c)
      CHECK_BLAS(cublasDotcEx(h, n, dx, t, ix, dy, t, iy, &r1, t, t));
    else
      CHECK_BLAS(cublasDotEx(h, n, dx, t, ix, dy, t, iy, &r1, t, t));
    CHECK_BLAS(t_dot(h, c, n, dx, ix, dy, iy, &r2));
    expect_near(c ? "DotcEx" : "DotEx", std::vector<T>{r1}, std::vector<T>{r2}, n, 2);
    cudaFree(dx), cudaFree(dy);
  }
  // nrm2, asum: results of the real type
  for (int as = 0; as <= 1; as++) {
    T *dx = to_device(x);
    R r1, r2;
    if (as)
      CHECK_BLAS(cublasAsumEx(h, n, dx, t, ix, &r1, rt, rt));
    else
      CHECK_BLAS(cublasNrm2Ex(h, n, dx, t, ix, &r1, rt, rt));
    CHECK_BLAS(t_norm(h, as, n, dx, ix, &r2));
    expect_near(as ? "AsumEx" : "Nrm2Ex", std::vector<R>{r1}, std::vector<R>{r2}, n, r2);
    cudaFree(dx);
  }
  // amax, amin: the same index
  for (int mn = 0; mn <= 1; mn++) {
    T *dx = to_device(x);
    int r1 = -1, r2 = -2;
    if (mn)
      CHECK_BLAS(cublasIaminEx(h, n, dx, t, ix, &r1));
    else
      CHECK_BLAS(cublasIamaxEx(h, n, dx, t, ix, &r1));
    CHECK_BLAS(t_amax(h, mn, n, dx, ix, &r2));
    if (r1 != r2) {
      printf("FAIL %sI%sEx: %d, typed %d\n", elem<T>::name(), mn ? "amin" : "amax", r1, r2);
      failures++;
    }
    cudaFree(dx);
  }
  // copy, swap: bit for bit
  for (int sw = 0; sw <= 1; sw++) {
    T *x1 = to_device(x), *y1 = to_device(y), *x2 = to_device(x), *y2 = to_device(y);
    if (sw)
      CHECK_BLAS(cublasSwapEx(h, n, x1, t, ix, y1, t, iy));
    else
      CHECK_BLAS(cublasCopyEx(h, n, x1, t, ix, y1, t, iy));
    CHECK_BLAS(t_copy(h, sw, n, x2, ix, y2, iy));
    expect_equal(sw ? "SwapEx x" : "CopyEx x", to_host(x1, x.size()), to_host(x2, x.size()));
    expect_equal(sw ? "SwapEx y" : "CopyEx y", to_host(y1, y.size()), to_host(y2, y.size()));
    cudaFree(x1), cudaFree(y1), cudaFree(x2), cudaFree(y2);
  }
  // mismatched types
  T *d = to_device(x);
  EXPECT_STATUS(
      cublasAxpyEx(h, n, &a, t, d, t, 1, d, t == CUDA_R_32F ? CUDA_R_64F : CUDA_R_32F, 1, t),
      CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_STATUS(cublasCopyEx(h, n, d, t, 1, d, t == CUDA_C_64F ? CUDA_C_32F : CUDA_C_64F, 1),
                CUBLAS_STATUS_NOT_SUPPORTED);
  cudaFree(d);
}

// rot (srot, csrot, crot), rotg, rotm, rotmg through the Ex forms.
static void test_rot(cublasHandle_t h, int n) {
  std::vector<float> x = random_vector<float>(n), y = random_vector<float>(n);
  float c = 0.6f, s = 0.8f;
  float *x1 = to_device(x), *y1 = to_device(y), *x2 = to_device(x), *y2 = to_device(y);
  CHECK_BLAS(
      cublasRotEx(h, n, x1, CUDA_R_32F, 1, y1, CUDA_R_32F, -1, &c, &s, CUDA_R_32F, CUDA_R_32F));
  CHECK_BLAS(cublasSrot(h, n, x2, 1, y2, -1, &c, &s));
  expect_near("RotEx x", to_host(x1, n), to_host(x2, n), 1, 2);
  expect_near("RotEx y", to_host(y1, n), to_host(y2, n), 1, 2);
  std::vector<cuComplex> cx = random_vector<cuComplex>(span(n, 2)),
                         cy = random_vector<cuComplex>(n);
  cuComplex cs = make_cuComplex(0.48f, 0.64f);
  for (int complex_s = 0; complex_s <= 1; complex_s++) {
    cuComplex *a1 = to_device(cx), *b1 = to_device(cy), *a2 = to_device(cx), *b2 = to_device(cy);
    if (complex_s) {
      CHECK_BLAS(
          cublasRotEx(h, n, a1, CUDA_C_32F, 2, b1, CUDA_C_32F, 1, &c, &cs, CUDA_C_32F, CUDA_C_32F));
      CHECK_BLAS(cublasCrot(h, n, a2, 2, b2, 1, &c, &cs));
    } else {
      CHECK_BLAS(
          cublasRotEx(h, n, a1, CUDA_C_32F, 2, b1, CUDA_C_32F, 1, &c, &s, CUDA_R_32F, CUDA_C_32F));
      CHECK_BLAS(cublasCsrot(h, n, a2, 2, b2, 1, &c, &s));
    }
    expect_near(complex_s ? "RotEx crot x" : "RotEx csrot x", to_host(a1, cx.size()),
                to_host(a2, cx.size()), 1, 2);
    expect_near(complex_s ? "RotEx crot y" : "RotEx csrot y", to_host(b1, n), to_host(b2, n), 1, 2);
    cudaFree(a1), cudaFree(b1), cudaFree(a2), cudaFree(b2);
  }
  // rotg (host scalars)
  float ga = 3, gb = 4, gc, gs, ha = 3, hb = 4, hc, hs;
  CHECK_BLAS(cublasRotgEx(h, &ga, &gb, CUDA_R_32F, &gc, &gs, CUDA_R_32F, CUDA_R_32F));
  CHECK_BLAS(cublasSrotg(h, &ha, &hb, &hc, &hs));
  expect_near("RotgEx", std::vector<float>{ga, gb, gc, gs}, std::vector<float>{ha, hb, hc, hs}, 1,
              5);
  // rotm, rotmg (double)
  std::vector<double> dx = random_vector<double>(n), dy = random_vector<double>(n);
  double param[5] = {-1, 0.5, -0.25, 0.75, 1.5};
  double *p1 = to_device(dx), *q1 = to_device(dy), *p2 = to_device(dx), *q2 = to_device(dy);
  CHECK_BLAS(
      cublasRotmEx(h, n, p1, CUDA_R_64F, 1, q1, CUDA_R_64F, 1, param, CUDA_R_64F, CUDA_R_64F));
  CHECK_BLAS(cublasDrotm(h, n, p2, 1, q2, 1, param));
  expect_near("RotmEx x", to_host(p1, n), to_host(p2, n), 1, 4);
  expect_near("RotmEx y", to_host(q1, n), to_host(q2, n), 1, 4);
  double d1 = 2, d2 = 3, x1v = 0.5, y1v = 0.75, pa[5], e1 = 2, e2 = 3, x2v = 0.5, pb[5];
  CHECK_BLAS(cublasRotmgEx(h, &d1, CUDA_R_64F, &d2, CUDA_R_64F, &x1v, CUDA_R_64F, &y1v, CUDA_R_64F,
                           pa, CUDA_R_64F, CUDA_R_64F));
  CHECK_BLAS(cublasDrotmg(h, &e1, &e2, &x2v, &y1v, pb));
  expect_near("RotmgEx", std::vector<double>{d1, d2, x1v, pa[0], pa[1], pa[2], pa[3], pa[4]},
              std::vector<double>{e1, e2, x2v, pb[0], pb[1], pb[2], pb[3], pb[4]}, 1, 8);
  cudaFree(x1), cudaFree(y1), cudaFree(x2), cudaFree(y2);
  cudaFree(p1), cudaFree(q1), cudaFree(p2), cudaFree(q2);
}

// Device pointer mode: DotEx's result and AxpyEx's alpha in device memory.
static void test_device_mode(cublasHandle_t h, int n) {
  std::vector<float> x = random_vector<float>(n), y = random_vector<float>(n), a = {1.25f};
  float *dx = to_device(x), *dy = to_device(y), *da = to_device(a), *dr, r1, r2;
  CHECK_CUDA(cudaMalloc(&dr, sizeof(float)));
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  CHECK_BLAS(cublasDotEx(h, n, dx, CUDA_R_32F, 1, dy, CUDA_R_32F, 1, dr, CUDA_R_32F, CUDA_R_32F));
  CHECK_CUDA(cudaMemcpy(&r1, dr, sizeof r1, cudaMemcpyDeviceToHost));
  CHECK_BLAS(cublasAxpyEx(h, n, da, CUDA_R_32F, dx, CUDA_R_32F, 1, dy, CUDA_R_32F, 1, CUDA_R_32F));
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  CHECK_BLAS(cublasSdot(h, n, dx, 1, dx, 1, &r2)); // unrelated call: the handle still works
  float want = (float)cblas_sdot(n, x.data(), 1, y.data(), 1);
  expect_near("DotEx device", std::vector<float>{r1}, std::vector<float>{want}, n, (float)n);
  std::vector<float> wy = y;
  cblas_saxpy(n, 1.25f, x.data(), 1, wy.data(), 1);
  expect_near("AxpyEx device", to_host(dy, n), wy, 1, 4);
  cudaFree(dx), cudaFree(dy), cudaFree(da), cudaFree(dr);
}

static void test_errors(cublasHandle_t h) {
  float *d, one = 1;
  CHECK_CUDA(cudaMalloc(&d, 4096));
  EXPECT_STATUS(
      cublasAxpyEx(nullptr, 4, &one, CUDA_R_32F, d, CUDA_R_32F, 1, d, CUDA_R_32F, 1, CUDA_R_32F),
      CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(
      cublasDotcEx(h, 4, d, CUDA_R_32F, 1, d, CUDA_R_32F, 1, d + 8, CUDA_R_32F, CUDA_R_32F),
      CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_STATUS(cublasRotmEx(h, 4, d, CUDA_C_32F, 1, d, CUDA_C_32F, 1, d, CUDA_C_32F, CUDA_C_32F),
                CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_STATUS(cublasNrm2Ex(h, 4, d, CUDA_R_32F, 1, d + 8, CUDA_R_64F, CUDA_R_64F),
                CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_STATUS(cublasIamaxEx(h, 4, d, CUDA_R_8I, 1, (int *)d), CUBLAS_STATUS_NOT_SUPPORTED);
  // 16F x, y with 32F alpha and execution (checked in level1_ex16.cu): printed
  float a = 1;
  printf("cublasAxpyEx(16F x, y; 32F alpha, execution) -> %s\n",
         cublasGetStatusName(cublasAxpyEx(h, 4, &a, CUDA_R_32F, d, CUDA_R_16F, 1, d + 8, CUDA_R_16F,
                                          1, CUDA_R_32F)));
  cudaFree(d);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  test_type<float>(h, 77);
  test_type<double>(h, 13);
  test_type<cuComplex>(h, 41);
  test_type<cuDoubleComplex>(h, 9);
  test_rot(h, 23);
  test_device_mode(h, 57);
  test_errors(h);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas level1_ex");
}
