/* wide_more.c — the remaining _64 entry points (CUDA 12's int64_t sizes, increments and batch
 * counts) that NVIDIA's cublas_api.h declares for routines Anchor has: I?amax/I?amin (int64_t
 * results), rot, rotm, Csscal/Zdscal, the level-1 Ex forms, ger/geru/gerc, symv/hemv,
 * trsv/trmv, syr/syr2/her/her2, gemvBatched/StridedBatched (the mixed-precision HSH, HSS, TST
 * and TSS forms too), symm/hemm, syrk/herk, syr2k/her2k, syrkx/herkx, trmm, trsm,
 * trsmBatched, geam, dgmm, GemmBatchedEx/GemmStridedBatchedEx and Set/GetVector/Matrix(Async).
 * Each is one line of the tables at the end: a shape macro (one per signature) over W64 /
 * W64_DEFINE (cublas_internal.h, the mechanism wide.c shares) — narrow the sizes and
 * increments (a NULL handle NOT_INITIALIZED; a negative size -1, which the int routine
 * rejects; a size above INT_MAX or an increment beyond +-INT_MAX CUBLAS_STATUS_NOT_SUPPORTED)
 * and call the int routine, which checks and runs the rest. */
#include <string.h>

#include "cublas_internal.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "wide_more.c widens int results in place: it assumes a little-endian target"
#endif

/* The int64_t result of I?amax_64/I?amin_64: the int routine writes an int into its first
 * four bytes (host memory, or device memory by its kernel); the index is never negative, so
 * the upper four bytes become 0 — on the host after the call, in device memory by a memset
 * ordered after the kernel on the handle's stream. */
static cublasStatus_t widen_index(cublasHandle_t handle, int64_t *result, cublasStatus_t st) {
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  if (handle->pointer_mode == CUBLAS_POINTER_MODE_DEVICE)
    return cudaMemsetAsync((char *)result + sizeof(int), 0, sizeof(int), handle->stream) ==
                   cudaSuccess
               ? CUBLAS_STATUS_SUCCESS
               : CUBLAS_STATUS_EXECUTION_FAILED;
  int v;
  memcpy(&v, result, sizeof v);
  *result = v;
  return CUBLAS_STATUS_SUCCESS;
}

/* ---- shapes: one per signature ---- */
#define IAMAX(F, T)                                                                                \
  W64_DEFINE(F, (cublasHandle_t handle, int64_t n, const T *x, int64_t incx, int64_t *result),     \
             !handle, (n), (incx),                                                                 \
             widen_index(handle, result, F(handle, s[0], x, i[0], (int *)result)))
#define IAMAX_EX(F)                                                                                \
  W64_DEFINE(F,                                                                                    \
             (cublasHandle_t handle, int64_t n, const void *x, cudaDataType xType, int64_t incx,   \
              int64_t *result),                                                                    \
             !handle, (n), (incx),                                                                 \
             widen_index(handle, result, F(handle, s[0], x, xType, i[0], (int *)result)))
#define ROT(F, T, R, S)                                                                            \
  W64(F,                                                                                           \
      (cublasHandle_t handle, int64_t n, T *x, int64_t incx, T *y, int64_t incy, const R *c,       \
       const S *s_),                                                                               \
      (n), (incx, incy), (handle, s[0], x, i[0], y, i[1], c, s_))
#define ROTM(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, int64_t n, T *x, int64_t incx, T *y, int64_t incy, const T *param),  \
      (n), (incx, incy), (handle, s[0], x, i[0], y, i[1], param))
#define SCAL_REAL(F, T, R)                                                                         \
  W64(F, (cublasHandle_t handle, int64_t n, const R *alpha, T *x, int64_t incx), (n), (incx),      \
      (handle, s[0], alpha, x, i[0]))
#define GER(F, T)                                                                                  \
  W64(F,                                                                                           \
      (cublasHandle_t handle, int64_t m, int64_t n, const T *alpha, const T *x, int64_t incx,      \
       const T *y, int64_t incy, T *A, int64_t lda),                                               \
      (m, n, lda), (incx, incy), (handle, s[0], s[1], alpha, x, i[0], y, i[1], A, s[2]))
#define SYMV(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasFillMode_t uplo, int64_t n, const T *alpha, const T *A,        \
       int64_t lda, const T *x, int64_t incx, const T *beta, T *y, int64_t incy),                  \
      (n, lda), (incx, incy), (handle, uplo, s[0], alpha, A, s[1], x, i[0], beta, y, i[1]))
#define TRXV(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,                      \
       cublasDiagType_t diag, int64_t n, const T *A, int64_t lda, T *x, int64_t incx),             \
      (n, lda), (incx), (handle, uplo, trans, diag, s[0], A, s[1], x, i[0]))
#define SYR(F, T, R)                                                                               \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasFillMode_t uplo, int64_t n, const R *alpha, const T *x,        \
       int64_t incx, T *A, int64_t lda),                                                           \
      (n, lda), (incx), (handle, uplo, s[0], alpha, x, i[0], A, s[1]))
#define SYR2(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasFillMode_t uplo, int64_t n, const T *alpha, const T *x,        \
       int64_t incx, const T *y, int64_t incy, T *A, int64_t lda),                                 \
      (n, lda), (incx, incy), (handle, uplo, s[0], alpha, x, i[0], y, i[1], A, s[1]))
/* S: the scalars' type, E: A's and x's, Y: y's (the mixed-precision forms: float, 16-bit) */
#define GEMV_BATCHED(F, S, E, Y)                                                                   \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasOperation_t trans, int64_t m, int64_t n, const S *alpha,       \
       const E *const Aarray[], int64_t lda, const E *const xarray[], int64_t incx, const S *beta, \
       Y *const yarray[], int64_t incy, int64_t batchCount),                                       \
      (m, n, lda, batchCount), (incx, incy),                                                       \
      (handle, trans, s[0], s[1], alpha, Aarray, s[2], xarray, i[0], beta, yarray, i[1], s[3]))
#define GEMV_STRIDED(F, S, E, Y)                                                                   \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasOperation_t trans, int64_t m, int64_t n, const S *alpha,       \
       const E *A, int64_t lda, long long int strideA, const E *x, int64_t incx,                   \
       long long int stridex, const S *beta, Y *y, int64_t incy, long long int stridey,            \
       int64_t batchCount),                                                                        \
      (m, n, lda, batchCount), (incx, incy),                                                       \
      (handle, trans, s[0], s[1], alpha, A, s[2], strideA, x, i[0], stridex, beta, y, i[1],        \
       stridey, s[3]))
#define SYMM(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, int64_t m, int64_t n,  \
       const T *alpha, const T *A, int64_t lda, const T *B, int64_t ldb, const T *beta, T *C,      \
       int64_t ldc),                                                                               \
      (m, n, lda, ldb, ldc), (),                                                                   \
      (handle, side, uplo, s[0], s[1], alpha, A, s[2], B, s[3], beta, C, s[4]))
#define SYRK(F, T, R)                                                                              \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, int64_t n,           \
       int64_t k, const R *alpha, const T *A, int64_t lda, const R *beta, T *C, int64_t ldc),      \
      (n, k, lda, ldc), (), (handle, uplo, trans, s[0], s[1], alpha, A, s[2], beta, C, s[3]))
#define SYR2K(F, T, R)                                                                             \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, int64_t n,           \
       int64_t k, const T *alpha, const T *A, int64_t lda, const T *B, int64_t ldb, const R *beta, \
       T *C, int64_t ldc),                                                                         \
      (n, k, lda, ldb, ldc), (),                                                                   \
      (handle, uplo, trans, s[0], s[1], alpha, A, s[2], B, s[3], beta, C, s[4]))
#define TRMM(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,                        \
       cublasOperation_t trans, cublasDiagType_t diag, int64_t m, int64_t n, const T *alpha,       \
       const T *A, int64_t lda, const T *B, int64_t ldb, T *C, int64_t ldc),                       \
      (m, n, lda, ldb, ldc), (),                                                                   \
      (handle, side, uplo, trans, diag, s[0], s[1], alpha, A, s[2], B, s[3], C, s[4]))
#define TRSM(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,                        \
       cublasOperation_t trans, cublasDiagType_t diag, int64_t m, int64_t n, const T *alpha,       \
       const T *A, int64_t lda, T *B, int64_t ldb),                                                \
      (m, n, lda, ldb), (),                                                                        \
      (handle, side, uplo, trans, diag, s[0], s[1], alpha, A, s[2], B, s[3]))
#define TRSM_BATCHED(F, T)                                                                         \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,                        \
       cublasOperation_t trans, cublasDiagType_t diag, int64_t m, int64_t n, const T *alpha,       \
       const T *const A[], int64_t lda, T *const B[], int64_t ldb, int64_t batchCount),            \
      (m, n, lda, ldb, batchCount), (),                                                            \
      (handle, side, uplo, trans, diag, s[0], s[1], alpha, A, s[2], B, s[3], s[4]))
#define GEAM(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,       \
       int64_t n, const T *alpha, const T *A, int64_t lda, const T *beta, const T *B, int64_t ldb, \
       T *C, int64_t ldc),                                                                         \
      (m, n, lda, ldb, ldc), (),                                                                   \
      (handle, transa, transb, s[0], s[1], alpha, A, s[2], beta, B, s[3], C, s[4]))
#define DGMM(F, T)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, cublasSideMode_t mode, int64_t m, int64_t n, const T *A,             \
       int64_t lda, const T *x, int64_t incx, T *C, int64_t ldc),                                  \
      (m, n, lda, ldc), (incx), (handle, mode, s[0], s[1], A, s[2], x, i[0], C, s[3]))

/* ---- the tables ---- */
IAMAX(cublasIsamax_v2, float)
IAMAX(cublasIdamax_v2, double)
IAMAX(cublasIcamax_v2, cuComplex)
IAMAX(cublasIzamax_v2, cuDoubleComplex)
IAMAX(cublasIsamin_v2, float)
IAMAX(cublasIdamin_v2, double)
IAMAX(cublasIcamin_v2, cuComplex)
IAMAX(cublasIzamin_v2, cuDoubleComplex)
IAMAX_EX(cublasIamaxEx)
IAMAX_EX(cublasIaminEx)
ROT(cublasSrot_v2, float, float, float)
ROT(cublasDrot_v2, double, double, double)
ROT(cublasCrot_v2, cuComplex, float, cuComplex)
ROT(cublasCsrot_v2, cuComplex, float, float)
ROT(cublasZrot_v2, cuDoubleComplex, double, cuDoubleComplex)
ROT(cublasZdrot_v2, cuDoubleComplex, double, double)
ROTM(cublasSrotm_v2, float)
ROTM(cublasDrotm_v2, double)
SCAL_REAL(cublasCsscal_v2, cuComplex, float)
SCAL_REAL(cublasZdscal_v2, cuDoubleComplex, double)

GER(cublasSger_v2, float)
GER(cublasDger_v2, double)
GER(cublasCgeru_v2, cuComplex)
GER(cublasCgerc_v2, cuComplex)
GER(cublasZgeru_v2, cuDoubleComplex)
GER(cublasZgerc_v2, cuDoubleComplex)
W64_SDCZ(SYMV, symv_v2)
SYMV(cublasChemv_v2, cuComplex)
SYMV(cublasZhemv_v2, cuDoubleComplex)
W64_SDCZ(TRXV, trsv_v2)
W64_SDCZ(TRXV, trmv_v2)
SYR(cublasSsyr_v2, float, float)
SYR(cublasDsyr_v2, double, double)
SYR(cublasCsyr_v2, cuComplex, cuComplex)
SYR(cublasZsyr_v2, cuDoubleComplex, cuDoubleComplex)
SYR(cublasCher_v2, cuComplex, float)
SYR(cublasZher_v2, cuDoubleComplex, double)
W64_SDCZ(SYR2, syr2_v2)
SYR2(cublasCher2_v2, cuComplex)
SYR2(cublasZher2_v2, cuDoubleComplex)
GEMV_BATCHED(cublasSgemvBatched, float, float, float)
GEMV_BATCHED(cublasDgemvBatched, double, double, double)
GEMV_BATCHED(cublasCgemvBatched, cuComplex, cuComplex, cuComplex)
GEMV_BATCHED(cublasZgemvBatched, cuDoubleComplex, cuDoubleComplex, cuDoubleComplex)
GEMV_STRIDED(cublasSgemvStridedBatched, float, float, float)
GEMV_STRIDED(cublasDgemvStridedBatched, double, double, double)
GEMV_STRIDED(cublasCgemvStridedBatched, cuComplex, cuComplex, cuComplex)
GEMV_STRIDED(cublasZgemvStridedBatched, cuDoubleComplex, cuDoubleComplex, cuDoubleComplex)
GEMV_BATCHED(cublasHSHgemvBatched, float, __half, __half)
GEMV_BATCHED(cublasHSSgemvBatched, float, __half, float)
GEMV_BATCHED(cublasTSTgemvBatched, float, __nv_bfloat16, __nv_bfloat16)
GEMV_BATCHED(cublasTSSgemvBatched, float, __nv_bfloat16, float)
GEMV_STRIDED(cublasHSHgemvStridedBatched, float, __half, __half)
GEMV_STRIDED(cublasHSSgemvStridedBatched, float, __half, float)
GEMV_STRIDED(cublasTSTgemvStridedBatched, float, __nv_bfloat16, __nv_bfloat16)
GEMV_STRIDED(cublasTSSgemvStridedBatched, float, __nv_bfloat16, float)

W64_SDCZ(SYMM, symm_v2)
SYMM(cublasChemm_v2, cuComplex)
SYMM(cublasZhemm_v2, cuDoubleComplex)
SYRK(cublasSsyrk_v2, float, float)
SYRK(cublasDsyrk_v2, double, double)
SYRK(cublasCsyrk_v2, cuComplex, cuComplex)
SYRK(cublasZsyrk_v2, cuDoubleComplex, cuDoubleComplex)
SYRK(cublasCherk_v2, cuComplex, float)
SYRK(cublasZherk_v2, cuDoubleComplex, double)
SYR2K(cublasSsyr2k_v2, float, float)
SYR2K(cublasDsyr2k_v2, double, double)
SYR2K(cublasCsyr2k_v2, cuComplex, cuComplex)
SYR2K(cublasZsyr2k_v2, cuDoubleComplex, cuDoubleComplex)
SYR2K(cublasCher2k_v2, cuComplex, float)
SYR2K(cublasZher2k_v2, cuDoubleComplex, double)
SYR2K(cublasSsyrkx, float, float) /* syrkx and herkx take syr2k's arguments */
SYR2K(cublasDsyrkx, double, double)
SYR2K(cublasCsyrkx, cuComplex, cuComplex)
SYR2K(cublasZsyrkx, cuDoubleComplex, cuDoubleComplex)
SYR2K(cublasCherkx, cuComplex, float)
SYR2K(cublasZherkx, cuDoubleComplex, double)
W64_SDCZ(TRMM, trmm_v2)
W64_SDCZ(TRSM, trsm_v2)
W64_SDCZ(TRSM_BATCHED, trsmBatched)
W64_SDCZ(GEAM, geam)
W64_SDCZ(DGMM, dgmm)

/* ---- level-1 Ex forms ---- */
W64(cublasAxpyEx,
    (cublasHandle_t handle, int64_t n, const void *alpha, cudaDataType alphaType, const void *x,
     cudaDataType xType, int64_t incx, void *y, cudaDataType yType, int64_t incy,
     cudaDataType executiontype),
    (n), (incx, incy),
    (handle, s[0], alpha, alphaType, x, xType, i[0], y, yType, i[1], executiontype))
#define DOT_EX(F)                                                                                  \
  W64(F,                                                                                           \
      (cublasHandle_t handle, int64_t n, const void *x, cudaDataType xType, int64_t incx,          \
       const void *y, cudaDataType yType, int64_t incy, void *result, cudaDataType resultType,     \
       cudaDataType executionType),                                                                \
      (n), (incx, incy),                                                                           \
      (handle, s[0], x, xType, i[0], y, yType, i[1], result, resultType, executionType))
DOT_EX(cublasDotEx)
DOT_EX(cublasDotcEx)
#define NORM_EX(F)                                                                                 \
  W64(F,                                                                                           \
      (cublasHandle_t handle, int64_t n, const void *x, cudaDataType xType, int64_t incx,          \
       void *result, cudaDataType resultType, cudaDataType executionType),                         \
      (n), (incx), (handle, s[0], x, xType, i[0], result, resultType, executionType))
NORM_EX(cublasNrm2Ex)
NORM_EX(cublasAsumEx)
W64(cublasScalEx,
    (cublasHandle_t handle, int64_t n, const void *alpha, cudaDataType alphaType, void *x,
     cudaDataType xType, int64_t incx, cudaDataType executionType),
    (n), (incx), (handle, s[0], alpha, alphaType, x, xType, i[0], executionType))
W64(cublasCopyEx,
    (cublasHandle_t handle, int64_t n, const void *x, cudaDataType xType, int64_t incx, void *y,
     cudaDataType yType, int64_t incy),
    (n), (incx, incy), (handle, s[0], x, xType, i[0], y, yType, i[1]))
W64(cublasSwapEx,
    (cublasHandle_t handle, int64_t n, void *x, cudaDataType xType, int64_t incx, void *y,
     cudaDataType yType, int64_t incy),
    (n), (incx, incy), (handle, s[0], x, xType, i[0], y, yType, i[1]))
W64(cublasRotEx,
    (cublasHandle_t handle, int64_t n, void *x, cudaDataType xType, int64_t incx, void *y,
     cudaDataType yType, int64_t incy, const void *c, const void *s_, cudaDataType csType,
     cudaDataType executiontype),
    (n), (incx, incy), (handle, s[0], x, xType, i[0], y, yType, i[1], c, s_, csType, executiontype))
W64(cublasRotmEx,
    (cublasHandle_t handle, int64_t n, void *x, cudaDataType xType, int64_t incx, void *y,
     cudaDataType yType, int64_t incy, const void *param, cudaDataType paramType,
     cudaDataType executiontype),
    (n), (incx, incy),
    (handle, s[0], x, xType, i[0], y, yType, i[1], param, paramType, executiontype))

/* ---- batched GemmEx ---- */
W64(cublasGemmBatchedEx,
    (cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,
     int64_t n, int64_t k, const void *alpha, const void *const Aarray[], cudaDataType Atype,
     int64_t lda, const void *const Barray[], cudaDataType Btype, int64_t ldb, const void *beta,
     void *const Carray[], cudaDataType Ctype, int64_t ldc, int64_t batchCount,
     cublasComputeType_t computeType, cublasGemmAlgo_t algo),
    (m, n, k, lda, ldb, ldc, batchCount), (),
    (handle, transa, transb, s[0], s[1], s[2], alpha, Aarray, Atype, s[3], Barray, Btype, s[4],
     beta, Carray, Ctype, s[5], s[6], computeType, algo))
W64(cublasGemmStridedBatchedEx,
    (cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int64_t m,
     int64_t n, int64_t k, const void *alpha, const void *A, cudaDataType Atype, int64_t lda,
     long long int strideA, const void *B, cudaDataType Btype, int64_t ldb, long long int strideB,
     const void *beta, void *C, cudaDataType Ctype, int64_t ldc, long long int strideC,
     int64_t batchCount, cublasComputeType_t computeType, cublasGemmAlgo_t algo),
    (m, n, k, lda, ldb, ldc, batchCount), (),
    (handle, transa, transb, s[0], s[1], s[2], alpha, A, Atype, s[3], strideA, B, Btype, s[4],
     strideB, beta, C, Ctype, s[5], strideC, s[6], computeType, algo))

/* ---- transfers (no handle): elemSize narrows as a size, incx/incy as increments; EXTRA is
 * the Async forms' stream ---- */
#define VECTOR_COPY(F, EXTRA_PARAMS, EXTRA_ARGS)                                                   \
  W64_DEFINE(F,                                                                                    \
             (int64_t n, int64_t elemSize, const void *x, int64_t incx, void *y,                   \
              int64_t incy W64_LIST EXTRA_PARAMS),                                                 \
             0, (n, elemSize), (incx, incy), F(s[0], s[1], x, i[0], y, i[1] W64_LIST EXTRA_ARGS))
#define MATRIX_COPY(F, EXTRA_PARAMS, EXTRA_ARGS)                                                   \
  W64_DEFINE(F,                                                                                    \
             (int64_t rows, int64_t cols, int64_t elemSize, const void *A, int64_t lda, void *B,   \
              int64_t ldb W64_LIST EXTRA_PARAMS),                                                  \
             0, (rows, cols, elemSize, lda, ldb), (),                                              \
             F(s[0], s[1], s[2], A, s[3], B, s[4] W64_LIST EXTRA_ARGS))
VECTOR_COPY(cublasSetVector, (), ())
VECTOR_COPY(cublasGetVector, (), ())
VECTOR_COPY(cublasSetVectorAsync, (, cudaStream_t stream), (, stream))
VECTOR_COPY(cublasGetVectorAsync, (, cudaStream_t stream), (, stream))
MATRIX_COPY(cublasSetMatrix, (), ())
MATRIX_COPY(cublasGetMatrix, (), ())
MATRIX_COPY(cublasSetMatrixAsync, (, cudaStream_t stream), (, stream))
MATRIX_COPY(cublasGetMatrixAsync, (, cudaStream_t stream), (, stream))
