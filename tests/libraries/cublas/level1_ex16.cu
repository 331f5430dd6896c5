// level1_ex16.cu — the level-1 Ex forms on 16F and 16BF vectors with 32F execution
// (cublasAxpyEx, ScalEx with a 32F alpha; DotEx and Nrm2Ex with the result of the
// vectors' type; RotEx with c and s of it) against a double-precision host reference of
// the same 16-bit inputs: odd n over several blocks, negative and non-unit increments,
// device pointer mode, bf16 values near 1e30 whose squares overflow float (Nrm2Ex must
// scale), and mismatched types (NOT_SUPPORTED). Bounds, u the unit roundoff of the 16-bit
// type (2^-11 for 16F, 2^-8 for 16BF): element-wise results within 2u of the terms'
// magnitudes (one rounding to 16 bits, NVIDIA's may round twice); dot and nrm2 within
// u |result| + (n + 2) 2^-24 (sum of |terms|) — float sums, one final rounding.
#include "cublas_test.h"
#include <cuda_bf16.h>
#include <cuda_fp16.h>

static float wid(__half v) {
  return __half2float(v);
}
static float wid(__nv_bfloat16 v) {
  return __bfloat162float(v);
}
template <class H> static H nar(float v);
template <> __half nar<__half>(float v) {
  return __float2half_rn(v);
}
template <> __nv_bfloat16 nar<__nv_bfloat16>(float v) {
  return __float2bfloat16_rn(v);
}
template <class H> static cudaDataType dt() {
  return sizeof(H) == 2 && std::is_same<H, __half>::value ? CUDA_R_16F : CUDA_R_16BF;
}
template <class H> static double unit() {
  return std::is_same<H, __half>::value ? 1.0 / 2048 : 1.0 / 256;
}
template <class H> static const char *nm() {
  return std::is_same<H, __half>::value ? "16F" : "16BF";
}
static long long at(long long i, int n, int inc) {
  return inc >= 0 ? i * inc : (n - 1 - i) * (long long)(-inc);
}

template <class H> static std::vector<H> rand16(size_t n, double scale) {
  std::vector<H> v(n);
  for (auto &e : v)
    e = nar<H>((float)(uniform() * scale));
  return v;
}
template <class H> static H *dev(const std::vector<H> &v) {
  H *d;
  CHECK_CUDA(cudaMalloc(&d, v.size() * sizeof(H) + 16));
  CHECK_CUDA(cudaMemcpy(d, v.data(), v.size() * sizeof(H), cudaMemcpyHostToDevice));
  return d;
}
template <class H> static std::vector<H> host(const H *d, size_t n) {
  std::vector<H> v(n);
  CHECK_CUDA(cudaMemcpy(v.data(), d, n * sizeof(H), cudaMemcpyDeviceToHost));
  return v;
}
static void near(const char *what, double got, double want, double bound) {
  if (!(std::fabs(got - want) <= bound)) {
    printf("FAIL %s: got %.9g want %.9g bound %.3g\n", what, got, want, bound);
    failures++;
  }
}

template <class H> static void test16(cublasHandle_t h) {
  const int n = 1237; // several reduction blocks' worth, odd
  const double u = unit<H>();
  cudaDataType t = dt<H>();
  char what[64];
  { // AxpyEx, incx 2, incy -1
    std::vector<H> x = rand16<H>(2 * n, 1), y = rand16<H>(n, 1);
    H *dx = dev(x), *dy = dev(y);
    float alpha = 1.375f;
    CHECK_BLAS(cublasAxpyEx(h, n, &alpha, CUDA_R_32F, dx, t, 2, dy, t, -1, CUDA_R_32F));
    std::vector<H> got = host(dy, n);
    int bad = 0;
    for (int i = 0; i < n && bad < 3; i++) {
      long long ix = at(i, n, 2), iy = at(i, n, -1);
      double ax = (double)alpha * wid(x[ix]), want = ax + wid(y[iy]);
      if (!(std::fabs(wid(got[iy]) - want) <= 2 * u * (std::fabs(ax) + std::fabs(wid(y[iy])))))
        printf("FAIL AxpyEx %s [%d]: got %g want %g\n", nm<H>(), i, wid(got[iy]), want), bad++;
    }
    failures += bad != 0;
    cudaFree(dx), cudaFree(dy);
  }
  { // ScalEx, incx 3
    std::vector<H> x = rand16<H>(3 * n, 1);
    H *dx = dev(x);
    float alpha = -0.6875f;
    CHECK_BLAS(cublasScalEx(h, n, &alpha, CUDA_R_32F, dx, t, 3, CUDA_R_32F));
    std::vector<H> got = host(dx, 3 * n);
    int bad = 0;
    for (int i = 0; i < 3 * n && bad < 3; i++) {
      double want = i % 3 ? wid(x[i]) : (double)alpha * wid(x[i]);
      if (!(std::fabs(wid(got[i]) - want) <= 2 * u * std::fabs(want)))
        printf("FAIL ScalEx %s [%d]: got %g want %g\n", nm<H>(), i, wid(got[i]), want), bad++;
    }
    failures += bad != 0;
    cudaFree(dx);
  }
  { // RotEx, incx -2, incy 1, c and s of the vectors' type
    std::vector<H> x = rand16<H>(2 * n, 1), y = rand16<H>(n, 1);
    H *dx = dev(x), *dy = dev(y);
    H c = nar<H>(0.6f), s = nar<H>(0.8f);
    CHECK_BLAS(cublasRotEx(h, n, dx, t, -2, dy, t, 1, &c, &s, t, CUDA_R_32F));
    std::vector<H> gx = host(dx, 2 * n), gy = host(dy, n);
    int bad = 0;
    double cv = wid(c), sv = wid(s);
    for (int i = 0; i < n && bad < 3; i++) {
      long long ix = at(i, n, -2), iy = i;
      double xv = wid(x[ix]), yv = wid(y[iy]),
             b = 2 * u * (std::fabs(cv * xv) + std::fabs(sv * yv));
      if (!(std::fabs(wid(gx[ix]) - (cv * xv + sv * yv)) <= b) ||
          !(std::fabs(wid(gy[iy]) - (cv * yv - sv * xv)) <= b))
        printf("FAIL RotEx %s [%d]\n", nm<H>(), i), bad++;
    }
    failures += bad != 0;
    cudaFree(dx), cudaFree(dy);
  }
  { // DotEx, incx 1, incy -3; host result, then device result
    std::vector<H> x = rand16<H>(n, 1), y = rand16<H>(3 * n, 1);
    H *dx = dev(x), *dy = dev(y);
    double want = 0, mag = 0;
    for (int i = 0; i < n; i++) {
      double p = (double)wid(x[i]) * wid(y[at(i, n, -3)]);
      want += p, mag += std::fabs(p);
    }
    H r;
    CHECK_BLAS(cublasDotEx(h, n, dx, t, 1, dy, t, -3, &r, t, CUDA_R_32F));
    snprintf(what, sizeof what, "DotEx %s", nm<H>());
    near(what, wid(r), want, u * std::fabs(want) + (n + 2) * 5.96e-8 * mag);
    H *dr;
    CHECK_CUDA(cudaMalloc(&dr, sizeof(H)));
    CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
    CHECK_BLAS(cublasDotEx(h, n, dx, t, 1, dy, t, -3, dr, t, CUDA_R_32F));
    CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
    snprintf(what, sizeof what, "DotEx %s device result", nm<H>());
    near(what, wid(host(dr, 1)[0]), want, u * std::fabs(want) + (n + 2) * 5.96e-8 * mag);
    cudaFree(dx), cudaFree(dy), cudaFree(dr);
  }
  { // Nrm2Ex, incx 2; for bf16 also values near 1e30 (squares beyond float's range)
    for (int big = 0; big < (std::is_same<H, __half>::value ? 1 : 2); big++) {
      double scale = big ? 1e30 : 1;
      std::vector<H> x = rand16<H>(2 * n, scale);
      H *dx = dev(x);
      double ss = 0;
      for (int i = 0; i < n; i++)
        ss += (double)wid(x[2 * i]) * wid(x[2 * i]);
      double want = std::sqrt(ss);
      H r;
      CHECK_BLAS(cublasNrm2Ex(h, n, dx, t, 2, &r, t, CUDA_R_32F));
      snprintf(what, sizeof what, "Nrm2Ex %s%s", nm<H>(), big ? " near 1e30" : "");
      near(what, wid(r), want, u * want + 2 * (n + 2) * 5.96e-8 * want);
      cudaFree(dx);
    }
  }
  { // n = 0 results are 0; mismatched types are NOT_SUPPORTED
    H r = nar<H>(5), *d = dev(rand16<H>(8, 1));
    CHECK_BLAS(cublasNrm2Ex(h, 0, d, t, 1, &r, t, CUDA_R_32F));
    if (wid(r) != 0) printf("FAIL Nrm2Ex %s n = 0: %g\n", nm<H>(), wid(r)), failures++;
    cudaDataType other = t == CUDA_R_16F ? CUDA_R_16BF : CUDA_R_16F;
    float a = 1;
    EXPECT_STATUS(cublasAxpyEx(h, 4, &a, CUDA_R_32F, d, t, 1, d + 4, other, 1, CUDA_R_32F),
                  CUBLAS_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(cublasDotEx(h, 4, d, t, 1, d, other, 1, &r, t, CUDA_R_32F),
                  CUBLAS_STATUS_NOT_SUPPORTED);
    cudaFree(d);
  }
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  test16<__half>(h);
  test16<__nv_bfloat16>(h);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas level1_ex16");
}
