/* cublasXt.h — cuBLAS's cuBLASXt API (docs/cublas.md "cuBLASXt"): level-3 routines on
 * matrices in host (or device) memory, tiled in blockDim x blockDim blocks that are
 * copied to the selected devices and computed there by cuBLAS; every call is blocking.
 * In libcublas, as NVIDIA's. Written for Anchor from NVIDIA's cuBLAS documentation; C17
 * and C++. */
#ifndef ANCHOR_CUBLAS_XT_H
#define ANCHOR_CUBLAS_XT_H
#pragma GCC system_header
#define CUBLAS_XT_H_ /* NVIDIA's guard */

#include <stddef.h>

#include "cuComplex.h"
#include "cublas_v2.h"
#include "driver_types.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cublasXtContext;
typedef struct cublasXtContext *cublasXtHandle_t;

typedef enum {
  CUBLASXT_PINNING_DISABLED = 0,
  CUBLASXT_PINNING_ENABLED = 1
} cublasXtPinnedMemMode_t;
typedef cublasXtPinnedMemMode_t cublasXtPinningMemMode_t; /* the documentation's name */

typedef enum {
  CUBLASXT_FLOAT = 0,
  CUBLASXT_DOUBLE = 1,
  CUBLASXT_COMPLEX = 2,
  CUBLASXT_DOUBLECOMPLEX = 3
} cublasXtOpType_t;

typedef enum {
  CUBLASXT_GEMM = 0,
  CUBLASXT_SYRK = 1,
  CUBLASXT_HERK = 2,
  CUBLASXT_SYMM = 3,
  CUBLASXT_HEMM = 4,
  CUBLASXT_TRSM = 5,
  CUBLASXT_SYR2K = 6,
  CUBLASXT_HER2K = 7,
  CUBLASXT_SPMM = 8,
  CUBLASXT_SYRKX = 9,
  CUBLASXT_HERKX = 10,
  CUBLASXT_TRMM = 11,
  CUBLASXT_ROUTINE_MAX = 12
} cublasXtBlasOp_t;

cublasStatus_t CUBLASWINAPI cublasXtCreate(cublasXtHandle_t *handle);
cublasStatus_t CUBLASWINAPI cublasXtDestroy(cublasXtHandle_t handle);
cublasStatus_t CUBLASWINAPI cublasXtGetNumBoards(int nbDevices, int deviceId[], int *nbBoards);
cublasStatus_t CUBLASWINAPI cublasXtMaxBoards(int *nbGpuBoards);
/* The devices that compute the following calls' tiles, round robin. */
cublasStatus_t CUBLASWINAPI cublasXtDeviceSelect(cublasXtHandle_t handle, int nbDevices,
                                                 int deviceId[]);
cublasStatus_t CUBLASWINAPI cublasXtSetBlockDim(cublasXtHandle_t handle, int blockDim);
cublasStatus_t CUBLASWINAPI cublasXtGetBlockDim(cublasXtHandle_t handle, int *blockDim);
cublasStatus_t CUBLASWINAPI cublasXtGetPinningMemMode(cublasXtHandle_t handle,
                                                      cublasXtPinnedMemMode_t *mode);
cublasStatus_t CUBLASWINAPI cublasXtSetPinningMemMode(cublasXtHandle_t handle,
                                                      cublasXtPinnedMemMode_t mode);
/* Hybrid CPU computation: a CPU routine and the share of C it computes (default 0). */
cublasStatus_t CUBLASWINAPI cublasXtSetCpuRoutine(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp,
                                                  cublasXtOpType_t type, void *blasFunctor);
cublasStatus_t CUBLASWINAPI cublasXtSetCpuRatio(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp,
                                                cublasXtOpType_t type, float ratio);

#define ANCHOR_CUBLASXT_TYPED(P, T, R)                                                             \
  cublasStatus_t CUBLASWINAPI cublasXt##P##gemm(                                                   \
      cublasXtHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, size_t m,       \
      size_t n, size_t k, const T *alpha, const T *A, size_t lda, const T *B, size_t ldb,          \
      const T *beta, T *C, size_t ldc);                                                            \
  cublasStatus_t CUBLASWINAPI cublasXt##P##syrk(                                                   \
      cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, \
      const T *alpha, const T *A, size_t lda, const T *beta, T *C, size_t ldc);                    \
  cublasStatus_t CUBLASWINAPI cublasXt##P##syr2k(                                                  \
      cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, \
      const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C,         \
      size_t ldc);                                                                                 \
  cublasStatus_t CUBLASWINAPI cublasXt##P##syrkx(                                                  \
      cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, \
      const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C,         \
      size_t ldc);                                                                                 \
  cublasStatus_t CUBLASWINAPI cublasXt##P##symm(                                                   \
      cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, size_t m, size_t n,   \
      const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C,         \
      size_t ldc);                                                                                 \
  cublasStatus_t CUBLASWINAPI cublasXt##P##trsm(                                                   \
      cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,                       \
      cublasOperation_t trans, cublasDiagType_t diag, size_t m, size_t n, const T *alpha,          \
      const T *A, size_t lda, T *B, size_t ldb);                                                   \
  cublasStatus_t CUBLASWINAPI cublasXt##P##trmm(                                                   \
      cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,                       \
      cublasOperation_t trans, cublasDiagType_t diag, size_t m, size_t n, const T *alpha,          \
      const T *A, size_t lda, const T *B, size_t ldb, T *C, size_t ldc);                           \
  cublasStatus_t CUBLASWINAPI cublasXt##P##spmm(                                                   \
      cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, size_t m, size_t n,   \
      const T *alpha, const T *AP, const T *B, size_t ldb, const T *beta, T *C, size_t ldc);
ANCHOR_CUBLASXT_TYPED(S, float, float)
ANCHOR_CUBLASXT_TYPED(D, double, double)
ANCHOR_CUBLASXT_TYPED(C, cuComplex, float)
ANCHOR_CUBLASXT_TYPED(Z, cuDoubleComplex, double)
#undef ANCHOR_CUBLASXT_TYPED

/* herk, her2k, herkx, hemm: C, Z; herk's alpha and beta and her2k's, herkx's beta real. */
#define ANCHOR_CUBLASXT_HERM(P, T, R)                                                              \
  cublasStatus_t CUBLASWINAPI cublasXt##P##herk(                                                   \
      cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, \
      const R *alpha, const T *A, size_t lda, const R *beta, T *C, size_t ldc);                    \
  cublasStatus_t CUBLASWINAPI cublasXt##P##her2k(                                                  \
      cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, \
      const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const R *beta, T *C,         \
      size_t ldc);                                                                                 \
  cublasStatus_t CUBLASWINAPI cublasXt##P##herkx(                                                  \
      cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, \
      const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const R *beta, T *C,         \
      size_t ldc);                                                                                 \
  cublasStatus_t CUBLASWINAPI cublasXt##P##hemm(                                                   \
      cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, size_t m, size_t n,   \
      const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C,         \
      size_t ldc);
ANCHOR_CUBLASXT_HERM(C, cuComplex, float)
ANCHOR_CUBLASXT_HERM(Z, cuDoubleComplex, double)
#undef ANCHOR_CUBLASXT_HERM

#ifdef __cplusplus
}
#endif

#endif
