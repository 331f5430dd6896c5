// gemv16.cu — cuBLAS's mixed-precision batched gemv: cublasHSHgemvBatched, HSS, TST, TSS
// (A and x __half or __nv_bfloat16, y of that type or float, alpha and beta float) and their
// StridedBatched and _64 forms, against a double-precision host reference of the same 16-bit
// inputs: every operation (N, T, C), odd sizes, lda > m, increments 2 and -1/3, batches of 3
// (pointer arrays in reverse order; strides with gaps that must stay untouched), host and
// device pointer modes, beta == 0 with NaN in y (never read), alpha == 0 with NaN in A (never
// read), batchCount 0 and m 0 (nothing written), the error codes (NULL handle, lda < m,
// batchCount < 0), and a _64 leading dimension above INT_MAX on a 1x1 problem (NVIDIA's runs
// it, Anchor's answers NOT_SUPPORTED with y untouched). Bound, u the unit roundoff of y's type
// (2^-11 16F, 2^-8 16BF, 2^-24 float): 2 u |want| + 2 (cols + 2) 2^-24 (|alpha| sum |a x| +
// |beta y|) — a float sum of exactly widened products, one final rounding to y's type.
#include "cublas_test.h"
#include <climits>
#include <cstdint>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <type_traits>

static double wid(__half v) {
  return __half2float(v);
}
static double wid(__nv_bfloat16 v) {
  return __bfloat162float(v);
}
static double wid(float v) {
  return v;
}
template <class H> static H nar(double v);
template <> __half nar<__half>(double v) {
  return __float2half_rn((float)v);
}
template <> __nv_bfloat16 nar<__nv_bfloat16>(double v) {
  return __float2bfloat16_rn((float)v);
}
template <> float nar<float>(double v) {
  return (float)v;
}
template <class Y> static double unit() {
  return std::is_same<Y, __half>::value          ? 1.0 / 2048
         : std::is_same<Y, __nv_bfloat16>::value ? 1.0 / 256
                                                 : 1.0 / 16777216;
}

// The four entry points of one combination (E: A and x, Y: y).
template <class E, class Y> struct Forms {
  const char *name;
  cublasStatus_t (*batched)(cublasHandle_t, cublasOperation_t, int, int, const float *,
                            const E *const[], int, const E *const[], int, const float *, Y *const[],
                            int, int);
  cublasStatus_t (*strided)(cublasHandle_t, cublasOperation_t, int, int, const float *, const E *,
                            int, long long, const E *, int, long long, const float *, Y *, int,
                            long long, int);
  cublasStatus_t (*batched64)(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *,
                              const E *const[], int64_t, const E *const[], int64_t, const float *,
                              Y *const[], int64_t, int64_t);
  cublasStatus_t (*strided64)(cublasHandle_t, cublasOperation_t, int64_t, int64_t, const float *,
                              const E *, int64_t, long long, const E *, int64_t, long long,
                              const float *, Y *, int64_t, long long, int64_t);
};

template <class H> static std::vector<H> rand16(size_t n) {
  std::vector<H> v(n);
  for (auto &e : v)
    e = nar<H>(uniform());
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
static long long at(long long i, int n, int inc) {
  return inc >= 0 ? i * inc : (n - 1 - i) * (long long)(-inc);
}
static const char *opname(cublasOperation_t op) {
  return op == CUBLAS_OP_N ? "N" : op == CUBLAS_OP_T ? "T" : "C";
}

// Compares all of y (gaps included: they keep their start values) with the reference.
template <class Y>
static void compare(const char *what, const std::vector<Y> &got, const std::vector<double> &want,
                    const std::vector<double> &bound) {
  int bad = 0;
  for (size_t i = 0; i < got.size(); i++)
    if (!(std::fabs(wid(got[i]) - want[i]) <= bound[i]) && bad++ < 3)
      printf("FAIL %s [%zu]: got %.9g want %.9g bound %.3g\n", what, i, wid(got[i]), want[i],
             bound[i]);
  if (bad) failures++;
}

// One call of form f (0 Batched, 1 StridedBatched, 2 Batched_64, 3 StridedBatched_64) on a
// batch of 3 problems, scalars in host or device memory.
template <class E, class Y>
static void run(cublasHandle_t h, const Forms<E, Y> &F, int f, cublasOperation_t op, int m, int n,
                int incx, int incy, bool device_scalars, float al, float be) {
  const int batch = 3, lda = m + 2, cols = op == CUBLAS_OP_N ? n : m,
            rows = op == CUBLAS_OP_N ? m : n;
  const long long sa = (long long)lda * n + 3, sx = (long long)(cols - 1) * std::abs(incx) + 5,
                  sy = (long long)(rows - 1) * std::abs(incy) + 4;
  std::vector<E> A = rand16<E>(sa * batch), x = rand16<E>(sx * batch);
  std::vector<Y> y = rand16<Y>(sy * batch);
  std::vector<double> want(y.size()), bound(y.size(), 0.0);
  for (size_t i = 0; i < y.size(); i++)
    want[i] = wid(y[i]);
  for (int b = 0; b < batch; b++)
    for (int r = 0; r < rows; r++) {
      double sum = 0, mag = 0;
      for (int c = 0; c < cols; c++) {
        double a = op == CUBLAS_OP_N ? wid(A[b * sa + r + (long long)c * lda])
                                     : wid(A[b * sa + c + (long long)r * lda]);
        double t = a * wid(x[b * sx + at(c, cols, incx)]);
        sum += t, mag += std::fabs(t);
      }
      long long iy = b * sy + at(r, rows, incy);
      double w = al * sum + be * want[iy];
      bound[iy] = 2 * unit<Y>() * std::fabs(w) +
                  2.0 * (cols + 2) / 16777216 * (std::fabs(al) * mag + std::fabs(be * want[iy]));
      want[iy] = w;
    }
  E *dA = dev(A), *dx = dev(x);
  Y *dy = dev(y);
  float *ds = dev(std::vector<float>{al, be});
  const float *pal = device_scalars ? ds : &al, *pbe = device_scalars ? ds + 1 : &be;
  if (device_scalars) CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  if (f == 0 || f == 2) {
    std::vector<const E *> pa(batch), px(batch);
    std::vector<Y *> py(batch);
    for (int b = 0; b < batch; b++) // reverse order: problem b is array entry batch - 1 - b
      pa[batch - 1 - b] = dA + b * sa, px[batch - 1 - b] = dx + b * sx,
                     py[batch - 1 - b] = dy + b * sy;
    const E **dpa = dev(pa), **dpx = dev(px);
    Y **dpy = dev(py);
    if (f == 0)
      CHECK_BLAS(F.batched(h, op, m, n, pal, dpa, lda, dpx, incx, pbe, dpy, incy, batch));
    else
      CHECK_BLAS(F.batched64(h, op, m, n, pal, dpa, lda, dpx, incx, pbe, dpy, incy, batch));
    CHECK_CUDA(cudaDeviceSynchronize());
    cudaFree(dpa), cudaFree(dpx), cudaFree(dpy);
  } else if (f == 1) {
    CHECK_BLAS(F.strided(h, op, m, n, pal, dA, lda, sa, dx, incx, sx, pbe, dy, incy, sy, batch));
  } else {
    CHECK_BLAS(F.strided64(h, op, m, n, pal, dA, lda, sa, dx, incx, sx, pbe, dy, incy, sy, batch));
  }
  CHECK_BLAS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST));
  static const char *const form[] = {"Batched", "StridedBatched", "Batched_64",
                                     "StridedBatched_64"};
  char what[128];
  snprintf(what, sizeof what, "%sgemv%s %s %dx%d inc %d %d %s", F.name, form[f], opname(op), m, n,
           incx, incy, device_scalars ? "device scalars" : "host scalars");
  compare(what, host(dy, y.size()), want, bound);
  cudaFree(dA), cudaFree(dx), cudaFree(dy), cudaFree(ds);
}

// beta == 0 with NaN in y, alpha == 0 with NaN in A, batchCount 0 and m 0, the error codes,
// and a _64 lda above INT_MAX.
template <class E, class Y> static void special(cublasHandle_t h, const Forms<E, Y> &F) {
  const int m = 3, n = 2;
  std::vector<E> A(16, nar<E>(1.0)), x(8, nar<E>(0.5)), Anan(16, nar<E>(NAN));
  std::vector<Y> ynan(8, nar<Y>(NAN)), y2(8, nar<Y>(2.0));
  E *dA = dev(A), *dx = dev(x), *dAnan = dev(Anan);
  Y *dy = dev(ynan);
  float one = 1, zero = 0, half = 0.5f;
  char what[96];
  // beta == 0: y = A x = 1 everywhere (n = 2 terms of 0.5), NaN never read
  CHECK_BLAS(F.strided(h, CUBLAS_OP_N, m, n, &one, dA, m, 0, dx, 1, 0, &zero, dy, 1, 4, 2));
  std::vector<Y> got = host(dy, 8);
  for (int i = 0; i < 8; i++) {
    double w = (i % 4) < m ? 1.0 : NAN;
    if ((i % 4) < m ? wid(got[i]) != w : !std::isnan(wid(got[i])))
      printf("FAIL %sgemvStridedBatched beta=0, NaN in y [%d]: %g want %g\n", F.name, i,
             wid(got[i]), w),
          failures++;
  }
  // alpha == 0: y = beta y = 1, A (NaN) never read
  CHECK_CUDA(cudaMemcpy(dy, y2.data(), 8 * sizeof(Y), cudaMemcpyHostToDevice));
  CHECK_BLAS(F.strided(h, CUBLAS_OP_T, m, n, &zero, dAnan, m, 0, dx, 1, 0, &half, dy, 1, 4, 2));
  got = host(dy, 8);
  for (int i = 0; i < 8; i++) {
    double w = (i % 4) < n ? 1.0 : 2.0;
    if (wid(got[i]) != w)
      printf("FAIL %sgemvStridedBatched alpha=0, NaN in A [%d]: %g want %g\n", F.name, i,
             wid(got[i]), w),
          failures++;
  }
  // nothing happens for batchCount 0 or m 0
  CHECK_CUDA(cudaMemcpy(dy, y2.data(), 8 * sizeof(Y), cudaMemcpyHostToDevice));
  snprintf(what, sizeof what, "%sgemvStridedBatched", F.name);
  EXPECT_STATUS(F.strided(h, CUBLAS_OP_N, m, n, &one, dA, m, 0, dx, 1, 0, &zero, dy, 1, 4, 0),
                CUBLAS_STATUS_SUCCESS);
  EXPECT_STATUS(F.strided(h, CUBLAS_OP_N, 0, n, &one, dA, 1, 0, dx, 1, 0, &zero, dy, 1, 4, 2),
                CUBLAS_STATUS_SUCCESS);
  got = host(dy, 8);
  for (int i = 0; i < 8; i++)
    if (wid(got[i]) != 2.0)
      printf("FAIL %s batchCount 0 / m 0 wrote y[%d] = %g\n", what, i, wid(got[i])), failures++;
  // error codes: NULL handle, lda < m (gemv's one size check), batchCount < 0
  EXPECT_STATUS(F.strided(nullptr, CUBLAS_OP_N, m, n, &one, dA, m, 0, dx, 1, 0, &one, dy, 1, 4, 1),
                CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(F.strided(h, CUBLAS_OP_N, m, n, &one, dA, m - 1, 0, dx, 1, 0, &one, dy, 1, 4, 1),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(F.strided(h, CUBLAS_OP_N, m, n, &one, dA, m, 0, dx, 1, 0, &one, dy, 1, 4, -1),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(
      F.strided64(nullptr, CUBLAS_OP_N, m, n, &one, dA, m, 0, dx, 1, 0, &one, dy, 1, 4, 1),
      CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_STATUS(F.strided64(h, CUBLAS_OP_T, m, n, &one, dA, m - 1, 0, dx, 1, 0, &one, dy, 1, 4, 1),
                CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_STATUS(F.strided64(h, CUBLAS_OP_N, m, n, &one, dA, m, 0, dx, 1, 0, &one, dy, 1, 4, -1),
                CUBLAS_STATUS_INVALID_VALUE);
  {
    const E **dpa = dev(std::vector<const E *>{dA});
    const E **dpx = dev(std::vector<const E *>{dx});
    Y **dpy = dev(std::vector<Y *>{dy});
    EXPECT_STATUS(F.batched(nullptr, CUBLAS_OP_N, m, n, &one, dpa, m, dpx, 1, &one, dpy, 1, 1),
                  CUBLAS_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(F.batched(h, CUBLAS_OP_N, m, n, &one, dpa, m - 1, dpx, 1, &one, dpy, 1, 1),
                  CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(F.batched64(h, CUBLAS_OP_N, m, n, &one, dpa, m - 1, dpx, 1, &one, dpy, 1, 1),
                  CUBLAS_STATUS_INVALID_VALUE);
    // lda above INT_MAX on a 1x1 problem: y = 1 * 0.5 + 0 (NVIDIA's) or NOT_SUPPORTED and y
    // untouched (Anchor's 32-bit kernels)
    CHECK_CUDA(cudaMemcpy(dy, y2.data(), 8 * sizeof(Y), cudaMemcpyHostToDevice));
    const int64_t big = (int64_t)INT_MAX + 2;
    cublasStatus_t st = F.batched64(h, CUBLAS_OP_N, 1, 1, &one, dpa, big, dpx, 1, &zero, dpy, 1, 1);
    double v = wid(host(dy, 1)[0]);
    if (st == CUBLAS_STATUS_SUCCESS ? v != 0.5 : st != CUBLAS_STATUS_NOT_SUPPORTED || v != 2.0)
      printf("FAIL %sgemvBatched_64 lda > INT_MAX: %s, y %g\n", F.name, cublasGetStatusName(st), v),
          failures++;
    else
      printf("%sgemvBatched_64 with lda > INT_MAX: %s\n", F.name, cublasGetStatusName(st));
    cudaFree(dpa), cudaFree(dpx), cudaFree(dpy);
  }
  cudaFree(dA), cudaFree(dx), cudaFree(dAnan), cudaFree(dy);
}

template <class E, class Y> static void test(cublasHandle_t h, const Forms<E, Y> &F) {
  const cublasOperation_t ops[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
  for (int f = 0; f < 4; f++)
    for (int o = 0; o < 3; o++) {
      bool device = (f + o) % 2 == 1;
      run(h, F, f, ops[o], 37, 23, 2, o == 1 ? -1 : 3, device, 0.75f, -0.5f);
    }
  run(h, F, 1, CUBLAS_OP_N, 300, 129, 1, 1, false, 1.25f, 0.0f); // several blocks of rows
  run(h, F, 0, CUBLAS_OP_T, 5, 300, -2, 1, true, -1.0f, 1.0f);   // long sums
  special(h, F);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  test(h, Forms<__half, __half>{"HSH", cublasHSHgemvBatched, cublasHSHgemvStridedBatched,
                                cublasHSHgemvBatched_64, cublasHSHgemvStridedBatched_64});
  test(h, Forms<__half, float>{"HSS", cublasHSSgemvBatched, cublasHSSgemvStridedBatched,
                               cublasHSSgemvBatched_64, cublasHSSgemvStridedBatched_64});
  test(h, Forms<__nv_bfloat16, __nv_bfloat16>{"TST", cublasTSTgemvBatched,
                                              cublasTSTgemvStridedBatched, cublasTSTgemvBatched_64,
                                              cublasTSTgemvStridedBatched_64});
  test(h, Forms<__nv_bfloat16, float>{"TSS", cublasTSSgemvBatched, cublasTSSgemvStridedBatched,
                                      cublasTSSgemvBatched_64, cublasTSSgemvStridedBatched_64});
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas gemv16");
}
