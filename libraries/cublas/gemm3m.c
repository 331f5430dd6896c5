/* gemm3m.c — cublasCgemm3m, cublasZgemm3m, cublasCgemm3mBatched,
 * cublasCgemm3mStridedBatched and cublasCgemm3mEx: the complex GEMM by Gauss's three real
 * products (gemm3m.cu). Each operand op(A), op(B) is split into real planes (Re, Im,
 * Re + Im) in a temporary on the handle's stream (cudaMallocAsync), three real GEMMs of
 * the planes (cublas_gemm_run, the S or D kernel, batched by stride) give T1 = Re Re,
 * T2 = Im Im, T3 = (Re + Im)(Re + Im), and C = alpha (T1 - T2 + i (T3 - T1 - T2)) + beta C.
 * The arguments are checked as cublas<t>gemm's (cublas_gemm_check); Cgemm3mEx takes A and
 * B of CUDA_C_32F or CUDA_C_8I (the same type) and C of CUDA_C_32F, as NVIDIA documents;
 * any other combination is CUBLAS_STATUS_NOT_SUPPORTED. */
#include "cublas_internal.h"

#define GEMM3M_MAX_GRID_Y 65535

enum { SPLIT_C, SPLIT_Z, SPLIT_C8I };

static cublasStatus_t split(cublasHandle_t h, int kind, cublasOperation_t op, int rows, int cols,
                            const void *M, const void *const *array, int ld, long long stride,
                            int batch, void *out) {
  int o = op;
  for (int batch0 = 0; batch0 < batch; batch0 += GEMM3M_MAX_GRID_Y) {
    int count = batch - batch0 < GEMM3M_MAX_GRID_Y ? batch - batch0 : GEMM3M_MAX_GRID_Y;
    void *args[] = {&o, &rows, &cols, &M, &array, &ld, &stride, &batch0, &out};
    cublasStatus_t st =
        cublas_launch(h, cublas_gemm3m_split_kernels[kind],
                      cublas_blocks_for((long long)rows * cols), (unsigned)count, 1, 256, args);
    if (st != CUBLAS_STATUS_SUCCESS) return st;
  }
  return CUBLAS_STATUS_SUCCESS;
}

/* Every form after its types were resolved: t is CUBLAS_TYPE_C or CUBLAS_TYPE_Z (C's and
 * the scalars' type), split_kind the kernel that reads A and B. */
static cublasStatus_t gemm3m(cublasHandle_t h, cublas_type t, int split_kind,
                             cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                             int k, const void *alpha, const void *A, const void *const *Aarray,
                             int lda, long long strideA, const void *B, const void *const *Barray,
                             int ldb, long long strideB, const void *beta, void *C,
                             void *const *Carray, int ldc, long long strideC, int batch) {
  cublas_gemm_problem p = {.variant = t == CUBLAS_TYPE_C ? CUBLAS_GEMM_C : CUBLAS_GEMM_Z,
                           .scalar_size = cublas_type_size[t],
                           .transa = transa,
                           .transb = transb,
                           .m = m,
                           .n = n,
                           .k = k,
                           .alpha = alpha,
                           .beta = beta,
                           .lda = lda,
                           .ldb = ldb,
                           .ldc = ldc,
                           .batch_count = batch};
  cublasStatus_t st = cublas_gemm_check(h, &p);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  if ((!A && !Aarray) || (!B && !Barray) || (!C && !Carray)) return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0 || batch == 0) return CUBLAS_STATUS_SUCCESS;
  size_t rs = (size_t)cublas_real_size[t];
  long long pa = (long long)m * k, pb = (long long)k * n, pc = (long long)m * n;
  size_t bytes = (size_t)batch * 3 * (size_t)(pa + pb + pc) * rs;
  char *work;
  if (cudaMallocAsync((void **)&work, bytes, h->stream) != cudaSuccess)
    return CUBLAS_STATUS_ALLOC_FAILED;
  char *wa = work, *wb = wa + (size_t)batch * 3 * (size_t)pa * rs,
       *wt = wb + (size_t)batch * 3 * (size_t)pb * rs;
  st = split(h, split_kind, transa, m, k, A, Aarray, lda, strideA, batch, wa);
  if (st == CUBLAS_STATUS_SUCCESS)
    st = split(h, split_kind, transb, k, n, B, Barray, ldb, strideB, batch, wb);
  /* the real products with host scalars 1 and 0, whatever the caller's pointer mode */
  struct cublasContext host_mode = *h;
  host_mode.pointer_mode = CUBLAS_POINTER_MODE_HOST;
  double one_d = 1, zero_d = 0;
  float one_f = 1, zero_f = 0;
  for (int plane = 0; plane < 3 && st == CUBLAS_STATUS_SUCCESS; plane++) {
    cublas_gemm_problem r = {
        .variant = t == CUBLAS_TYPE_C ? CUBLAS_GEMM_S : CUBLAS_GEMM_D,
        .scalar_size = (int)rs,
        .transa = CUBLAS_OP_N,
        .transb = CUBLAS_OP_N,
        .m = m,
        .n = n,
        .k = k,
        .alpha = t == CUBLAS_TYPE_C ? (const void *)&one_f : (const void *)&one_d,
        .beta = t == CUBLAS_TYPE_C ? (const void *)&zero_f : (const void *)&zero_d,
        .A = wa + (size_t)plane * (size_t)pa * rs,
        .lda = m,
        .strideA = 3 * pa,
        .B = wb + (size_t)plane * (size_t)pb * rs,
        .ldb = k > 1 ? k : 1,
        .strideB = 3 * pb,
        .C = wt + (size_t)plane * (size_t)pc * rs,
        .ldc = m,
        .strideC = 3 * pc,
        .batch_count = batch};
    st = cublas_gemm_run(&host_mode, &r);
  }
  cublas_scalar a, b;
  cublas_scalar_from(h, alpha, cublas_type_size[t], &a);
  cublas_scalar_from(h, beta, cublas_type_size[t], &b);
  for (int batch0 = 0; batch0 < batch && st == CUBLAS_STATUS_SUCCESS; batch0 += GEMM3M_MAX_GRID_Y) {
    int count = batch - batch0 < GEMM3M_MAX_GRID_Y ? batch - batch0 : GEMM3M_MAX_GRID_Y;
    void *args[] = {&m,  &n, a.value, &a.device, b.value,  &b.device,
                    &wt, &C, &Carray, &ldc,      &strideC, &batch0};
    st = cublas_launch(h, cublas_gemm3m_combine_kernels[t == CUBLAS_TYPE_C ? 0 : 1],
                       cublas_blocks_for(pc), (unsigned)count, 1, 256, args);
  }
  cudaFreeAsync(work, h->stream);
  return st;
}

cublasStatus_t cublasCgemm3m(cublasHandle_t handle, cublasOperation_t transa,
                             cublasOperation_t transb, int m, int n, int k, const cuComplex *alpha,
                             const cuComplex *A, int lda, const cuComplex *B, int ldb,
                             const cuComplex *beta, cuComplex *C, int ldc) {
  return gemm3m(handle, CUBLAS_TYPE_C, SPLIT_C, transa, transb, m, n, k, alpha, A, NULL, lda, 0, B,
                NULL, ldb, 0, beta, C, NULL, ldc, 0, 1);
}

cublasStatus_t cublasZgemm3m(cublasHandle_t handle, cublasOperation_t transa,
                             cublasOperation_t transb, int m, int n, int k,
                             const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                             const cuDoubleComplex *B, int ldb, const cuDoubleComplex *beta,
                             cuDoubleComplex *C, int ldc) {
  return gemm3m(handle, CUBLAS_TYPE_Z, SPLIT_Z, transa, transb, m, n, k, alpha, A, NULL, lda, 0, B,
                NULL, ldb, 0, beta, C, NULL, ldc, 0, 1);
}

cublasStatus_t cublasCgemm3mBatched(cublasHandle_t handle, cublasOperation_t transa,
                                    cublasOperation_t transb, int m, int n, int k,
                                    const cuComplex *alpha, const cuComplex *const Aarray[],
                                    int lda, const cuComplex *const Barray[], int ldb,
                                    const cuComplex *beta, cuComplex *const Carray[], int ldc,
                                    int batchCount) {
  return gemm3m(handle, CUBLAS_TYPE_C, SPLIT_C, transa, transb, m, n, k, alpha, NULL,
                (const void *const *)Aarray, lda, 0, NULL, (const void *const *)Barray, ldb, 0,
                beta, NULL, (void *const *)Carray, ldc, 0, batchCount);
}

cublasStatus_t cublasCgemm3mStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                           cublasOperation_t transb, int m, int n, int k,
                                           const cuComplex *alpha, const cuComplex *A, int lda,
                                           long long int strideA, const cuComplex *B, int ldb,
                                           long long int strideB, const cuComplex *beta,
                                           cuComplex *C, int ldc, long long int strideC,
                                           int batchCount) {
  return gemm3m(handle, CUBLAS_TYPE_C, SPLIT_C, transa, transb, m, n, k, alpha, A, NULL, lda,
                strideA, B, NULL, ldb, strideB, beta, C, NULL, ldc, strideC, batchCount);
}

cublasStatus_t cublasCgemm3mEx(cublasHandle_t handle, cublasOperation_t transa,
                               cublasOperation_t transb, int m, int n, int k,
                               const cuComplex *alpha, const void *A, cudaDataType Atype, int lda,
                               const void *B, cudaDataType Btype, int ldb, const cuComplex *beta,
                               void *C, cudaDataType Ctype, int ldc) {
  if (!handle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (Atype != Btype || Ctype != CUDA_C_32F || (Atype != CUDA_C_32F && Atype != CUDA_C_8I))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  return gemm3m(handle, CUBLAS_TYPE_C, Atype == CUDA_C_8I ? SPLIT_C8I : SPLIT_C, transa, transb, m,
                n, k, alpha, A, NULL, lda, 0, B, NULL, ldb, 0, beta, C, NULL, ldc, 0, 1);
}
