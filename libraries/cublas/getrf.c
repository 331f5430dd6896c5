/* getrf.c — cuBLAS's batched LU calls in S, D, C, Z: getrfBatched, getrsBatched,
 * getriBatched, launching getrf.cu's kernels (one block per matrix).
 *
 * Rules, as cuBLAS documents them: a NULL handle is NOT_INITIALIZED; INVALID_VALUE for
 * n < 0, lda (ldb, ldc) < max(1, n), batchSize < 0 (getrs also nrhs < 0 and an operation
 * out of its enum, reporting the position of the first bad argument as -i in the host
 * int *info, 0 when all are valid). getrf's infoArray (device) gets, per matrix, 0 or the
 * 1-based index of the first exactly zero pivot (the factorization goes on, as LAPACK's);
 * getri's infoArray the first zero on U's diagonal. A NULL pivot array means no pivoting. */
#include "cublas_internal.h"

#define GETRF_THREADS 128

static int max1(int a) {
  return a > 1 ? a : 1;
}

static cublasStatus_t getrf(cublasHandle_t h, cublas_type t, int n, void *const *A, int lda,
                            int *pivots, int *info, int batch) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (n < 0 || lda < max1(n) || batch < 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (batch == 0) return CUBLAS_STATUS_SUCCESS;
  void *args[] = {&n, &A, &lda, &pivots, &info};
  return cublas_launch(h, cublas_getrf_kernels[t], (unsigned)batch, 1, 1, GETRF_THREADS, args);
}

static cublasStatus_t getrs(cublasHandle_t h, cublas_type t, cublasOperation_t trans, int n,
                            int nrhs, const void *const *A, int lda, const int *pivots,
                            void *const *B, int ldb, int *info, int batch) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  /* info = -i for the i-th parameter counted without the handle, as NVIDIA's (an H100 gave
   * -3 for nrhs < 0 and -8 for ldb < n) */
  int bad = trans != CUBLAS_OP_N && trans != CUBLAS_OP_T && trans != CUBLAS_OP_C ? 1
            : n < 0                                                              ? 2
            : nrhs < 0                                                           ? 3
            : lda < max1(n)                                                      ? 5
            : ldb < max1(n)                                                      ? 8
            : batch < 0                                                          ? 10
                                                                                 : 0;
  if (info) *info = -bad;
  if (bad) return CUBLAS_STATUS_INVALID_VALUE;
  if (n == 0 || nrhs == 0 || batch == 0) return CUBLAS_STATUS_SUCCESS;
  int op = trans, identity = 0;
  int *no_info = NULL;
  void *args[] = {&op, &n, &nrhs, &A, &lda, &pivots, &B, &ldb, &identity, &no_info};
  return cublas_launch(h, cublas_getrs_kernels[t], (unsigned)batch, 1, 1, GETRF_THREADS, args);
}

static cublasStatus_t getri(cublasHandle_t h, cublas_type t, int n, const void *const *A, int lda,
                            const int *pivots, void *const *C, int ldc, int *info, int batch) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (n < 0 || lda < max1(n) || ldc < max1(n) || batch < 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (batch == 0) return CUBLAS_STATUS_SUCCESS;
  int op = 0, identity = 1;
  void *args[] = {&op, &n, &n, &A, &lda, &pivots, &C, &ldc, &identity, &info};
  return cublas_launch(h, cublas_getrs_kernels[t], (unsigned)batch, 1, 1, GETRF_THREADS, args);
}

#define GETRF_TYPED(P, T, TYPE)                                                                    \
  cublasStatus_t cublas##P##getrfBatched(cublasHandle_t h, int n, T *const A[], int lda, int *P_,  \
                                         int *info, int batchSize) {                               \
    return getrf(h, TYPE, n, (void *const *)A, lda, P_, info, batchSize);                          \
  }                                                                                                \
  cublasStatus_t cublas##P##getrsBatched(cublasHandle_t h, cublasOperation_t trans, int n,         \
                                         int nrhs, const T *const A[], int lda, const int *pivots, \
                                         T *const B[], int ldb, int *info, int batchSize) {        \
    return getrs(h, TYPE, trans, n, nrhs, (const void *const *)A, lda, pivots, (void *const *)B,   \
                 ldb, info, batchSize);                                                            \
  }                                                                                                \
  cublasStatus_t cublas##P##getriBatched(cublasHandle_t h, int n, const T *const A[], int lda,     \
                                         const int *pivots, T *const C[], int ldc, int *info,      \
                                         int batchSize) {                                          \
    return getri(h, TYPE, n, (const void *const *)A, lda, pivots, (void *const *)C, ldc, info,     \
                 batchSize);                                                                       \
  }
GETRF_TYPED(S, float, CUBLAS_TYPE_S)
GETRF_TYPED(D, double, CUBLAS_TYPE_D)
GETRF_TYPED(C, cuComplex, CUBLAS_TYPE_C)
GETRF_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z)
