/* wide.c — the _64 entry points (CUDA 12's int64_t sizes and increments) of the GEMM family
 * (gemm, gemmBatched, gemmStridedBatched in S, D, C, Z, H; GemmEx), gemv, and the level-1
 * axpy, scal, copy, swap, dot/dotu/dotc, nrm2, asum. Each narrows its 64-bit arguments
 * (cublas_narrow_64: a NULL handle NOT_INITIALIZED; a negative size becomes -1 so the int
 * routine rejects it as it rejects any negative size; a size above INT_MAX or an increment
 * beyond +-INT_MAX, which the kernels cannot index, CUBLAS_STATUS_NOT_SUPPORTED) and calls
 * the int routine, which checks and runs everything else. The banded and packed level 2
 * (banded.c) and syrkx/herkx (level3.c) have theirs next to their int forms. */
#include "cublas_internal.h"

#define GEMM_64(P, V, T)                                                                           \
  cublasStatus_t cublas##P##gemm##V##_64(                                                          \
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,        \
      int64_t n, int64_t k, const T *alpha, const T *A, int64_t lda, const T *B, int64_t ldb,      \
      const T *beta, T *C, int64_t ldc) {                                                          \
    int64_t size_in[] = {m, n, k, lda, ldb, ldc}, inc_in[] = {1}; /* (none) */                     \
    int s[6], i[1];                                                                                \
    cublasStatus_t st = cublas_narrow_64(handle, 6, size_in, s, 0, inc_in, i);                     \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return cublas##P##gemm##V(handle, transa, transb, s[0], s[1], s[2], alpha, A, s[3], B, s[4],   \
                              beta, C, s[5]);                                                      \
  }

#define GEMM_BATCHED_64(P, T)                                                                      \
  cublasStatus_t cublas##P##gemmBatched_64(                                                        \
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,        \
      int64_t n, int64_t k, const T *alpha, const T *const *Aarray, int64_t lda,                   \
      const T *const *Barray, int64_t ldb, const T *beta, T *const *Carray, int64_t ldc,           \
      int64_t batchCount) {                                                                        \
    int64_t size_in[] = {m, n, k, lda, ldb, ldc, batchCount}, inc_in[] = {1}; /* (none) */         \
    int s[7], i[1];                                                                                \
    cublasStatus_t st = cublas_narrow_64(handle, 7, size_in, s, 0, inc_in, i);                     \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return cublas##P##gemmBatched(handle, transa, transb, s[0], s[1], s[2], alpha, Aarray, s[3],   \
                                  Barray, s[4], beta, Carray, s[5], s[6]);                         \
  }

#define GEMM_STRIDED_64(P, T)                                                                      \
  cublasStatus_t cublas##P##gemmStridedBatched_64(                                                 \
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,        \
      int64_t n, int64_t k, const T *alpha, const T *A, int64_t lda, long long strideA,            \
      const T *B, int64_t ldb, long long strideB, const T *beta, T *C, int64_t ldc,                \
      long long strideC, int64_t batchCount) {                                                     \
    int64_t size_in[] = {m, n, k, lda, ldb, ldc, batchCount}, inc_in[] = {1}; /* (none) */         \
    int s[7], i[1];                                                                                \
    cublasStatus_t st = cublas_narrow_64(handle, 7, size_in, s, 0, inc_in, i);                     \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return cublas##P##gemmStridedBatched(handle, transa, transb, s[0], s[1], s[2], alpha, A, s[3], \
                                         strideA, B, s[4], strideB, beta, C, s[5], strideC, s[6]); \
  }

#define GEMV_64(P, T)                                                                              \
  cublasStatus_t cublas##P##gemv_v2_64(                                                            \
      cublasHandle_t handle, cublasOperation_t trans, int64_t m, int64_t n, const T *alpha,        \
      const T *A, int64_t lda, const T *x, int64_t incx, const T *beta, T *y, int64_t incy) {      \
    int64_t size_in[] = {m, n, lda}, inc_in[] = {incx, incy};                                      \
    int s[3], i[2];                                                                                \
    cublasStatus_t st = cublas_narrow_64(handle, 3, size_in, s, 2, inc_in, i);                     \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return cublas##P##gemv_v2(handle, trans, s[0], s[1], alpha, A, s[2], x, i[0], beta, y, i[1]);  \
  }

#define AXPY_64(P, T)                                                                              \
  cublasStatus_t cublas##P##axpy_v2_64(cublasHandle_t handle, int64_t n, const T *alpha,           \
                                       const T *x, int64_t incx, T *y, int64_t incy) {             \
    int64_t size_in[] = {n}, inc_in[] = {incx, incy};                                              \
    int s[1], i[2];                                                                                \
    cublasStatus_t st = cublas_narrow_64(handle, 1, size_in, s, 2, inc_in, i);                     \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return cublas##P##axpy_v2(handle, s[0], alpha, x, i[0], y, i[1]);                              \
  }

#define SCAL_64(P, T)                                                                              \
  cublasStatus_t cublas##P##scal_v2_64(cublasHandle_t handle, int64_t n, const T *alpha, T *x,     \
                                       int64_t incx) {                                             \
    int64_t size_in[] = {n}, inc_in[] = {incx};                                                    \
    int s[1], i[1];                                                                                \
    cublasStatus_t st = cublas_narrow_64(handle, 1, size_in, s, 1, inc_in, i);                     \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return cublas##P##scal_v2(handle, s[0], alpha, x, i[0]);                                       \
  }

#define COPY_64(P, T)                                                                              \
  cublasStatus_t cublas##P##copy_v2_64(cublasHandle_t handle, int64_t n, const T *x, int64_t incx, \
                                       T *y, int64_t incy) {                                       \
    int64_t size_in[] = {n}, inc_in[] = {incx, incy};                                              \
    int s[1], i[2];                                                                                \
    cublasStatus_t st = cublas_narrow_64(handle, 1, size_in, s, 2, inc_in, i);                     \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return cublas##P##copy_v2(handle, s[0], x, i[0], y, i[1]);                                     \
  }

#define SWAP_64(P, T)                                                                              \
  cublasStatus_t cublas##P##swap_v2_64(cublasHandle_t handle, int64_t n, T *x, int64_t incx, T *y, \
                                       int64_t incy) {                                             \
    int64_t size_in[] = {n}, inc_in[] = {incx, incy};                                              \
    int s[1], i[2];                                                                                \
    cublasStatus_t st = cublas_narrow_64(handle, 1, size_in, s, 2, inc_in, i);                     \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return cublas##P##swap_v2(handle, s[0], x, i[0], y, i[1]);                                     \
  }

#define DOT_64(P, T)                                                                               \
  cublasStatus_t cublas##P##_v2_64(cublasHandle_t handle, int64_t n, const T *x, int64_t incx,     \
                                   const T *y, int64_t incy, T *result) {                          \
    int64_t size_in[] = {n}, inc_in[] = {incx, incy};                                              \
    int s[1], i[2];                                                                                \
    cublasStatus_t st = cublas_narrow_64(handle, 1, size_in, s, 2, inc_in, i);                     \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return cublas##P##_v2(handle, s[0], x, i[0], y, i[1], result);                                 \
  }

#define NORM_64(P, T, R)                                                                           \
  cublasStatus_t cublas##P##_v2_64(cublasHandle_t handle, int64_t n, const T *x, int64_t incx,     \
                                   R *result) {                                                    \
    int64_t size_in[] = {n}, inc_in[] = {incx};                                                    \
    int s[1], i[1];                                                                                \
    cublasStatus_t st = cublas_narrow_64(handle, 1, size_in, s, 1, inc_in, i);                     \
    if (st != CUBLAS_STATUS_SUCCESS) return st;                                                    \
    return cublas##P##_v2(handle, s[0], x, i[0], result);                                          \
  }

GEMM_64(S, _v2, float)
GEMM_64(D, _v2, double)
GEMM_64(C, _v2, cuComplex)
GEMM_64(Z, _v2, cuDoubleComplex)
GEMM_64(H, , __half)
GEMM_BATCHED_64(S, float)
GEMM_BATCHED_64(D, double)
GEMM_BATCHED_64(C, cuComplex)
GEMM_BATCHED_64(Z, cuDoubleComplex)
GEMM_BATCHED_64(H, __half)
GEMM_STRIDED_64(S, float)
GEMM_STRIDED_64(D, double)
GEMM_STRIDED_64(C, cuComplex)
GEMM_STRIDED_64(Z, cuDoubleComplex)
GEMM_STRIDED_64(H, __half)
GEMV_64(S, float)
GEMV_64(D, double)
GEMV_64(C, cuComplex)
GEMV_64(Z, cuDoubleComplex)
AXPY_64(S, float)
AXPY_64(D, double)
AXPY_64(C, cuComplex)
AXPY_64(Z, cuDoubleComplex)
SCAL_64(S, float)
SCAL_64(D, double)
SCAL_64(C, cuComplex)
SCAL_64(Z, cuDoubleComplex)
COPY_64(S, float)
COPY_64(D, double)
COPY_64(C, cuComplex)
COPY_64(Z, cuDoubleComplex)
SWAP_64(S, float)
SWAP_64(D, double)
SWAP_64(C, cuComplex)
SWAP_64(Z, cuDoubleComplex)
DOT_64(Sdot, float)
DOT_64(Ddot, double)
DOT_64(Cdotu, cuComplex)
DOT_64(Cdotc, cuComplex)
DOT_64(Zdotu, cuDoubleComplex)
DOT_64(Zdotc, cuDoubleComplex)
NORM_64(Snrm2, float, float)
NORM_64(Dnrm2, double, double)
NORM_64(Scnrm2, cuComplex, float)
NORM_64(Dznrm2, cuDoubleComplex, double)
NORM_64(Sasum, float, float)
NORM_64(Dasum, double, double)
NORM_64(Scasum, cuComplex, float)
NORM_64(Dzasum, cuDoubleComplex, double)

cublasStatus_t cublasGemmEx_64(cublasHandle_t handle, cublasOperation_t transa,
                               cublasOperation_t transb, int64_t m, int64_t n, int64_t k,
                               const void *alpha, const void *A, cudaDataType Atype, int64_t lda,
                               const void *B, cudaDataType Btype, int64_t ldb, const void *beta,
                               void *C, cudaDataType Ctype, int64_t ldc,
                               cublasComputeType_t computeType, cublasGemmAlgo_t algo) {
  int64_t size_in[] = {m, n, k, lda, ldb, ldc}, inc_in[] = {1}; /* (none) */
  int s[6], i[1];
  cublasStatus_t st = cublas_narrow_64(handle, 6, size_in, s, 0, inc_in, i);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  return cublasGemmEx(handle, transa, transb, s[0], s[1], s[2], alpha, A, Atype, s[3], B, Btype,
                      s[4], beta, C, Ctype, s[5], computeType, algo);
}
