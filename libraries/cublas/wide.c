/* wide.c — the _64 entry points (CUDA 12's int64_t sizes and increments) of the GEMM family
 * (gemm, gemmBatched, gemmStridedBatched in S, D, C, Z, H; GemmEx; gemm3m: Cgemm3m, Zgemm3m,
 * Cgemm3mBatched, Cgemm3mStridedBatched, Cgemm3mEx), gemv, and the level-1 axpy, scal, copy,
 * swap, dot/dotu/dotc, nrm2, asum. Each is one line of the tables below: a shape macro per
 * signature over W64 (cublas_internal.h, the mechanism wide_more.c shares), which narrows the
 * 64-bit arguments (a NULL handle NOT_INITIALIZED; a negative size becomes -1 so the int
 * routine rejects it as it rejects any negative size; a size above INT_MAX or an increment
 * beyond +-INT_MAX, which the kernels cannot index, CUBLAS_STATUS_NOT_SUPPORTED) and calls
 * the int routine, which checks and runs everything else. The banded and packed level 2
 * (banded.c) have theirs next to their int forms. */
#include "cublas_internal.h"

/* ---- shapes: one per signature ---- */
#define GEMM(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,       \
       int64_t n, int64_t k, const T *alpha, const T *A, int64_t lda, const T *B, int64_t ldb,     \
       const T *beta, T *C, int64_t ldc),                                                          \
      (m, n, k, lda, ldb, ldc), (),                                                                \
      (handle, transa, transb, s[0], s[1], s[2], alpha, A, s[3], B, s[4], beta, C, s[5]))
#define GEMM_BATCHED(F, T)                                                                         \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,       \
       int64_t n, int64_t k, const T *alpha, const T *const *Aarray, int64_t lda,                  \
       const T *const *Barray, int64_t ldb, const T *beta, T *const *Carray, int64_t ldc,          \
       int64_t batchCount),                                                                        \
      (m, n, k, lda, ldb, ldc, batchCount), (),                                                    \
      (handle, transa, transb, s[0], s[1], s[2], alpha, Aarray, s[3], Barray, s[4], beta, Carray,  \
       s[5], s[6]))
#define GEMM_STRIDED(F, T)                                                                         \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,       \
       int64_t n, int64_t k, const T *alpha, const T *A, int64_t lda, long long strideA,           \
       const T *B, int64_t ldb, long long strideB, const T *beta, T *C, int64_t ldc,               \
       long long strideC, int64_t batchCount),                                                     \
      (m, n, k, lda, ldb, ldc, batchCount), (),                                                    \
      (handle, transa, transb, s[0], s[1], s[2], alpha, A, s[3], strideA, B, s[4], strideB, beta,  \
       C, s[5], strideC, s[6]))
#define GEMV(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasOperation_t trans, int64_t m, int64_t n, const T *alpha,       \
       const T *A, int64_t lda, const T *x, int64_t incx, const T *beta, T *y, int64_t incy),      \
      (m, n, lda), (incx, incy),                                                                   \
      (handle, trans, s[0], s[1], alpha, A, s[2], x, i[0], beta, y, i[1]))
#define AXPY(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, int64_t n, const T *alpha, const T *x, int64_t incx, T *y,           \
       int64_t incy),                                                                              \
      (n), (incx, incy), (handle, s[0], alpha, x, i[0], y, i[1]))
#define SCAL(F, T)                                                                                 \
  W64(F, (cublasHandle_t handle, int64_t n, const T *alpha, T *x, int64_t incx), (n), (incx),      \
      (handle, s[0], alpha, x, i[0]))
/* copy (X const) and swap (X empty) */
#define COPY(F, T, X)                                                                              \
  W64(F, (cublasHandle_t handle, int64_t n, X T *x, int64_t incx, T *y, int64_t incy), (n),        \
      (incx, incy), (handle, s[0], x, i[0], y, i[1]))
#define DOT(F, T)                                                                                  \
  W64(F,                                                                                           \
      (cublasHandle_t handle, int64_t n, const T *x, int64_t incx, const T *y, int64_t incy,       \
       T *result),                                                                                 \
      (n), (incx, incy), (handle, s[0], x, i[0], y, i[1], result))
#define NORM(F, T, R)                                                                              \
  W64(F, (cublasHandle_t handle, int64_t n, const T *x, int64_t incx, R *result), (n), (incx),     \
      (handle, s[0], x, i[0], result))

/* ---- the tables ---- */
W64_SDCZ(GEMM, gemm_v2)
GEMM(cublasHgemm, __half)
GEMM(cublasCgemm3m, cuComplex)
GEMM(cublasZgemm3m, cuDoubleComplex)
W64_SDCZ(GEMM_BATCHED, gemmBatched)
GEMM_BATCHED(cublasHgemmBatched, __half)
GEMM_BATCHED(cublasCgemm3mBatched, cuComplex)
W64_SDCZ(GEMM_STRIDED, gemmStridedBatched)
GEMM_STRIDED(cublasHgemmStridedBatched, __half)
GEMM_STRIDED(cublasCgemm3mStridedBatched, cuComplex)
W64_SDCZ(GEMV, gemv_v2)
W64_SDCZ(AXPY, axpy_v2)
W64_SDCZ(SCAL, scal_v2)
COPY(cublasScopy_v2, float, const)
COPY(cublasDcopy_v2, double, const)
COPY(cublasCcopy_v2, cuComplex, const)
COPY(cublasZcopy_v2, cuDoubleComplex, const)
COPY(cublasSswap_v2, float, )
COPY(cublasDswap_v2, double, )
COPY(cublasCswap_v2, cuComplex, )
COPY(cublasZswap_v2, cuDoubleComplex, )
DOT(cublasSdot_v2, float)
DOT(cublasDdot_v2, double)
DOT(cublasCdotu_v2, cuComplex)
DOT(cublasCdotc_v2, cuComplex)
DOT(cublasZdotu_v2, cuDoubleComplex)
DOT(cublasZdotc_v2, cuDoubleComplex)
NORM(cublasSnrm2_v2, float, float)
NORM(cublasDnrm2_v2, double, double)
NORM(cublasScnrm2_v2, cuComplex, float)
NORM(cublasDznrm2_v2, cuDoubleComplex, double)
NORM(cublasSasum_v2, float, float)
NORM(cublasDasum_v2, double, double)
NORM(cublasScasum_v2, cuComplex, float)
NORM(cublasDzasum_v2, cuDoubleComplex, double)

/* ---- the untyped (Ex) GEMMs ---- */
W64(cublasGemmEx,
    (cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,
     int64_t n, int64_t k, const void *alpha, const void *A, cudaDataType Atype, int64_t lda,
     const void *B, cudaDataType Btype, int64_t ldb, const void *beta, void *C, cudaDataType Ctype,
     int64_t ldc, cublasComputeType_t computeType, cublasGemmAlgo_t algo),
    (m, n, k, lda, ldb, ldc), (),
    (handle, transa, transb, s[0], s[1], s[2], alpha, A, Atype, s[3], B, Btype, s[4], beta, C,
     Ctype, s[5], computeType, algo))
W64(cublasCgemm3mEx,
    (cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,
     int64_t n, int64_t k, const cuComplex *alpha, const void *A, cudaDataType Atype, int64_t lda,
     const void *B, cudaDataType Btype, int64_t ldb, const cuComplex *beta, void *C,
     cudaDataType Ctype, int64_t ldc),
    (m, n, k, lda, ldb, ldc), (),
    (handle, transa, transb, s[0], s[1], s[2], alpha, A, Atype, s[3], B, Btype, s[4], beta, C,
     Ctype, s[5]))
