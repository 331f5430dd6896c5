// gemm_ex.cu — cublasGemmEx, cublasGemmBatchedEx, cublasGemmStridedBatchedEx and
// cublasHgemm over the type combinations cuBLAS documents (16F, 16BF, 8I, 32F, C32F,
// 64F inputs; compute types 16F, 32F, 32F_FAST_TF32, 32I, 64F), against OpenBLAS's
// cblas_dgemm / cblas_zgemm of the same (exactly converted) inputs; and NOT_SUPPORTED for
// a combination cuBLAS does not list.
// Bound: (k + 2) u_compute (|alpha| (|A||B|)_ij + |beta| |C_ij|) + u_out |C_ref_ij|, where
// u_compute is the unit roundoff of the compute type (the accumulation) and u_out that of
// C's storage type (the final rounding); exact for 8I -> 32I.
#include "cublas_test.h"
#include <cuda_bf16.h>
#include <cuda_fp16.h>

static double to_double(__half v) {
  return (double)__half2float(v);
}
static double to_double(__nv_bfloat16 v) {
  return (double)__bfloat162float(v);
}
static double to_double(signed char v) {
  return v;
}
static double to_double(int v) {
  return v;
}
static double to_double(float v) {
  return v;
}
static double to_double(double v) {
  return v;
}
template <class S> static S from_double(double v);
template <> __half from_double<__half>(double v) {
  return __float2half((float)v);
}
template <> __nv_bfloat16 from_double<__nv_bfloat16>(double v) {
  return __float2bfloat16((float)v);
}
template <> signed char from_double<signed char>(double v) {
  return (signed char)v;
}
template <> int from_double<int>(double v) {
  return (int)v;
}
template <> float from_double<float>(double v) {
  return (float)v;
}
template <> double from_double<double>(double v) {
  return v;
}

static CBLAS_TRANSPOSE cblas_op(cublasOperation_t op) {
  return op == CUBLAS_OP_N ? CblasNoTrans : CblasTrans;
}

// One real GemmEx problem: A, B of type TAB, C of type TC, scalars of type TS. mode 0:
// GemmEx, 1: GemmBatchedEx, 2: GemmStridedBatchedEx, 3: cublasHgemm.
template <class TAB, class TC, class TS>
static void ex_case(const char *name, cudaDataType ab_type, cudaDataType c_type,
                    cublasComputeType_t compute, double u_compute, double u_out, cublasHandle_t h,
                    cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, int batch,
                    int mode, bool integer) {
  int rows_a = ta == CUBLAS_OP_N ? m : k, cols_a = ta == CUBLAS_OP_N ? k : m;
  int rows_b = tb == CUBLAS_OP_N ? k : n, cols_b = tb == CUBLAS_OP_N ? n : k;
  int lda = rows_a + 4, ldb = rows_b + 8, ldc = m + 4;
  size_t sa = (size_t)lda * cols_a, sb = (size_t)ldb * cols_b, sc = (size_t)ldc * n;
  std::vector<double> A(sa * batch), B(sb * batch), C(sc * batch);
  std::vector<TAB> hA(A.size()), hB(B.size());
  std::vector<TC> hC(C.size());
  // values exactly representable in the storage types (integers for 8I / 32I)
  for (size_t i = 0; i < A.size(); i++)
    hA[i] = from_double<TAB>(integer ? std::floor(uniform() * 128) : uniform()),
    A[i] = to_double(hA[i]);
  for (size_t i = 0; i < B.size(); i++)
    hB[i] = from_double<TAB>(integer ? std::floor(uniform() * 128) : uniform()),
    B[i] = to_double(hB[i]);
  for (size_t i = 0; i < C.size(); i++)
    hC[i] = from_double<TC>(integer ? std::floor(uniform() * 1000) : uniform()),
    C[i] = to_double(hC[i]);
  double alpha = integer ? 2 : 0.75, beta = integer ? -1 : -0.5;
  TS al = from_double<TS>(alpha), be = from_double<TS>(beta);
  TAB *dA = to_device(hA), *dB = to_device(hB);
  TC *dC = to_device(hC);
  if (mode == 0) {
    CHECK_BLAS(cublasGemmEx(h, ta, tb, m, n, k, &al, dA, ab_type, lda, dB, ab_type, ldb, &be, dC,
                            c_type, ldc, compute, CUBLAS_GEMM_DEFAULT));
  } else if (mode == 1) {
    std::vector<void *> pa(batch), pb(batch), pc(batch);
    for (int b = 0; b < batch; b++)
      pa[b] = dA + b * sa, pb[b] = dB + b * sb, pc[b] = dC + b * sc;
    void **dpa = to_device(pa), **dpb = to_device(pb), **dpc = to_device(pc);
    CHECK_BLAS(cublasGemmBatchedEx(h, ta, tb, m, n, k, &al, dpa, ab_type, lda, dpb, ab_type, ldb,
                                   &be, dpc, c_type, ldc, batch, compute, CUBLAS_GEMM_DEFAULT));
    CHECK_CUDA(cudaDeviceSynchronize());
    cudaFree(dpa), cudaFree(dpb), cudaFree(dpc);
  } else if (mode == 2) {
    CHECK_BLAS(cublasGemmStridedBatchedEx(h, ta, tb, m, n, k, &al, dA, ab_type, lda, sa, dB,
                                          ab_type, ldb, sb, &be, dC, c_type, ldc, sc, batch,
                                          compute, CUBLAS_GEMM_DEFAULT));
  } else {
    CHECK_BLAS(cublasHgemm(h, ta, tb, m, n, k, (const __half *)&al, (const __half *)dA, lda,
                           (const __half *)dB, ldb, (const __half *)&be, (__half *)dC, ldc));
  }
  std::vector<TC> got = to_host(dC, hC.size());
  std::vector<double> gotd(got.size()), want = C, bound(C.size(), 0.0);
  for (size_t i = 0; i < got.size(); i++)
    gotd[i] = to_double(got[i]);
  std::vector<double> absA(A.size()), absB(B.size());
  for (size_t i = 0; i < A.size(); i++)
    absA[i] = std::fabs(A[i]);
  for (size_t i = 0; i < B.size(); i++)
    absB[i] = std::fabs(B[i]);
  for (int b = 0; b < batch; b++) {
    cblas_dgemm(CblasColMajor, cblas_op(ta), cblas_op(tb), m, n, k, alpha, A.data() + b * sa, lda,
                B.data() + b * sb, ldb, beta, want.data() + b * sc, ldc);
    std::vector<double> s(sc, 0.0);
    cblas_dgemm(CblasColMajor, cblas_op(ta), cblas_op(tb), m, n, k, 1.0, absA.data() + b * sa, lda,
                absB.data() + b * sb, ldb, 0.0, s.data(), ldc);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        size_t e = b * sc + i + (size_t)j * ldc;
        bound[e] =
            (k + 2) * u_compute *
                (std::fabs(alpha) * s[i + (size_t)j * ldc] + std::fabs(beta) * std::fabs(C[e])) +
            u_out * std::fabs(want[e]);
      }
  }
  char what[160];
  snprintf(what, sizeof what, "%s %s%s m=%d n=%d k=%d batch=%d", name,
           ta == CUBLAS_OP_N ? "N" : "T", tb == CUBLAS_OP_N ? "N" : "T", m, n, k, batch);
  expect_close(what, gotd, want, bound);
  cudaFree(dA), cudaFree(dB), cudaFree(dC);
}

// Complex GemmEx (C32F with compute 32F, C64F with 64F) against cblas_zgemm.
template <class T>
static void ex_complex_case(const char *name, cudaDataType type, cublasComputeType_t compute,
                            cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                            int n, int k) {
  int rows_a = ta == CUBLAS_OP_N ? m : k, cols_a = ta == CUBLAS_OP_N ? k : m;
  int rows_b = tb == CUBLAS_OP_N ? k : n, cols_b = tb == CUBLAS_OP_N ? n : k;
  int lda = rows_a + 1, ldb = rows_b + 2, ldc = m + 3;
  std::vector<T> hA = random_vector<T>((size_t)lda * cols_a),
                 hB = random_vector<T>((size_t)ldb * cols_b),
                 hC = random_vector<T>((size_t)ldc * n);
  T al = elem<T>::random(), be = elem<T>::random();
  T *dA = to_device(hA), *dB = to_device(hB), *dC = to_device(hC);
  CHECK_BLAS(cublasGemmEx(h, ta, tb, m, n, k, &al, dA, type, lda, dB, type, ldb, &be, dC, type, ldc,
                          compute, CUBLAS_GEMM_DEFAULT));
  std::vector<T> got = to_host(dC, hC.size());
  auto widen = [](const std::vector<T> &v) {
    std::vector<cuDoubleComplex> w(v.size());
    for (size_t i = 0; i < v.size(); i++)
      w[i] = make_cuDoubleComplex(elem<T>::re(v[i]), elem<T>::im(v[i]));
    return w;
  };
  std::vector<cuDoubleComplex> A = widen(hA), B = widen(hB), want = widen(hC), gotd = widen(got);
  cuDoubleComplex alpha = make_cuDoubleComplex(elem<T>::re(al), elem<T>::im(al)),
                  beta = make_cuDoubleComplex(elem<T>::re(be), elem<T>::im(be));
  CBLAS_TRANSPOSE cta = ta == CUBLAS_OP_N   ? CblasNoTrans
                        : ta == CUBLAS_OP_T ? CblasTrans
                                            : CblasConjTrans;
  CBLAS_TRANSPOSE ctb = tb == CUBLAS_OP_N   ? CblasNoTrans
                        : tb == CUBLAS_OP_T ? CblasTrans
                                            : CblasConjTrans;
  cblas_zgemm(CblasColMajor, cta, ctb, m, n, k, &alpha, A.data(), lda, B.data(), ldb, &beta,
              want.data(), ldc);
  // |a| <= sqrt 2 for parts in [-1, 1): a loose, uniform bound per element
  std::vector<double> bound(want.size(), 0.0);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      bound[i + (size_t)j * ldc] = 2 * (k + 2) * eps<T>() * (abs_of(al) * 2 * k + abs_of(be) * 1.5);
  char what[160];
  snprintf(what, sizeof what, "%s m=%d n=%d k=%d", name, m, n, k);
  expect_close(what, gotd, want, bound);
  cudaFree(dA), cudaFree(dB), cudaFree(dC);
}

int main() {
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  const double u16 = 1.0 / 2048, ubf = 1.0 / 256, u32 = 1.0 / (1 << 24),
               u64 = 1.0 / 9007199254740992.0, utf32 = 1.0 / 1024;
  const cublasOperation_t N = CUBLAS_OP_N, T = CUBLAS_OP_T;
  ex_case<__half, __half, __half>("Hgemm", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_16F, u16, u16, h,
                                  N, T, 33, 21, 19, 1, 3, false);
  ex_case<__half, __half, __half>("GemmEx 16F/16F compute 16F", CUDA_R_16F, CUDA_R_16F,
                                  CUBLAS_COMPUTE_16F, u16, u16, h, T, N, 17, 30, 24, 1, 0, false);
  ex_case<__half, __half, float>("GemmEx 16F/16F compute 32F", CUDA_R_16F, CUDA_R_16F,
                                 CUBLAS_COMPUTE_32F, u32, u16, h, N, N, 45, 23, 37, 1, 0, false);
  ex_case<__half, float, float>("GemmEx 16F/32F compute 32F", CUDA_R_16F, CUDA_R_32F,
                                CUBLAS_COMPUTE_32F, u32, u32, h, T, T, 29, 31, 40, 1, 0, false);
  ex_case<__nv_bfloat16, __nv_bfloat16, float>("GemmEx 16BF/16BF compute 32F", CUDA_R_16BF,
                                               CUDA_R_16BF, CUBLAS_COMPUTE_32F, u32, ubf, h, N, T,
                                               35, 19, 27, 1, 0, false);
  ex_case<__nv_bfloat16, float, float>("GemmEx 16BF/32F compute 32F", CUDA_R_16BF, CUDA_R_32F,
                                       CUBLAS_COMPUTE_32F, u32, u32, h, T, N, 21, 22, 23, 1, 0,
                                       false);
  // several 64x64 tiles of the simdgroup_matrix kernel in both directions, ragged edges
  ex_case<__nv_bfloat16, float, float>("GemmEx 16BF/32F compute 32F, several tiles", CUDA_R_16BF,
                                       CUDA_R_32F, CUBLAS_COMPUTE_32F, u32, u32, h, T, T, 70, 131,
                                       41, 1, 0, false);
  // 8I: sizes, leading dimensions multiples of 4 and op(A) = T, op(B) = N, which every
  // cuBLAS version accepts
  ex_case<signed char, int, int>("GemmEx 8I/32I compute 32I", CUDA_R_8I, CUDA_R_32I,
                                 CUBLAS_COMPUTE_32I, 0, 0, h, T, N, 36, 20, 44, 1, 0, true);
  ex_case<signed char, float, float>("GemmEx 8I/32F compute 32F", CUDA_R_8I, CUDA_R_32F,
                                     CUBLAS_COMPUTE_32F, u32, u32, h, T, N, 24, 28, 32, 1, 0, true);
  ex_case<float, float, float>("GemmEx 32F compute 32F_FAST_TF32", CUDA_R_32F, CUDA_R_32F,
                               CUBLAS_COMPUTE_32F_FAST_TF32, utf32, u32, h, N, N, 41, 39, 43, 1, 0,
                               false);
  ex_case<float, float, float>("GemmEx 32F compute 32F_FAST_16F", CUDA_R_32F, CUDA_R_32F,
                               CUBLAS_COMPUTE_32F_FAST_16F, u16, u32, h, T, N, 26, 25, 24, 1, 0,
                               false);
  ex_case<double, double, double>("GemmEx 64F compute 64F", CUDA_R_64F, CUDA_R_64F,
                                  CUBLAS_COMPUTE_64F, u64, u64, h, N, T, 11, 9, 13, 1, 0, false);
  ex_case<__half, float, float>("GemmStridedBatchedEx 16F/32F", CUDA_R_16F, CUDA_R_32F,
                                CUBLAS_COMPUTE_32F, u32, u32, h, N, N, 19, 18, 17, 3, 2, false);
  ex_case<float, float, float>("GemmBatchedEx 32F", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, u32,
                               u32, h, T, T, 23, 16, 21, 3, 1, false);
  ex_complex_case<cuComplex>("GemmEx C32F compute 32F", CUDA_C_32F, CUBLAS_COMPUTE_32F, h,
                             CUBLAS_OP_C, N, 25, 19, 22);
  ex_complex_case<cuDoubleComplex>("GemmEx C64F compute 64F", CUDA_C_64F, CUBLAS_COMPUTE_64F, h, N,
                                   CUBLAS_OP_T, 8, 7, 9);

  // combinations cuBLAS does not list
  float *d, one = 1;
  CHECK_CUDA(cudaMalloc(&d, 4096));
  EXPECT_STATUS(cublasGemmEx(h, N, N, 4, 4, 4, &one, d, CUDA_R_32F, 4, d, CUDA_R_32F, 4, &one, d,
                             CUDA_R_16F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_STATUS(cublasGemmEx(h, N, N, 4, 4, 4, &one, d, CUDA_R_64F, 4, d, CUDA_R_64F, 4, &one, d,
                             CUDA_R_64F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_STATUS(cublasGemmEx(h, N, N, 4, 4, 4, &one, d, CUDA_R_32F, 3, d, CUDA_R_32F, 4, &one, d,
                             CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                CUBLAS_STATUS_INVALID_VALUE);
  cudaFree(d);
  CHECK_BLAS(cublasDestroy(h));
  return finish("cublas gemm_ex");
}
