/* qr.c — cuBLAS's batched matinv, geqrf and gels in S, D, C, Z, launching qr.cu's kernels
 * (one block per matrix).
 *
 * Rules, as NVIDIA documents them: a NULL handle is NOT_INITIALIZED.
 * - matinvBatched: INVALID_VALUE for n < 0 or n > 32, lda or lda_inv < max(1, n),
 *   batchSize < 0; info (device, one per matrix): 0, or the first zero pivot (1-based).
 * - geqrfBatched: INVALID_VALUE for m < 0, n < 0, lda < max(1, m), batchSize < 0, with the
 *   host info = -i for the first invalid argument's position counted without the handle
 *   (m -1, n -2, lda -4, batchSize -7; getrs's numbering), 0 when all are valid.
 * - gelsBatched: INVALID_VALUE for m, n or nrhs < 0, lda < max(1, m), ldc < max(1, m),
 *   batchSize < 0 (info = -2, -3, -2, -6, -8, -11: nrhs < 0 is -2 as NVIDIA's cuBLAS 13.1
 *   answered on an H100, 2026-12-07; the others are the argument's position without the
 *   handle, not checked against NVIDIA); NOT_SUPPORTED for m < n or an operation other than
 *   CUBLAS_OP_N, with info 0 (NVIDIA's answer in the same run). devInfoArray
 *   (device, one per matrix): 0, or the index of a zero on R's diagonal (A not of full
 *   rank; C then holds Q^H C, not the solution). */
#include "cublas_internal.h"

#define QR_THREADS 64

extern void *cublas_geqrf_kernels[], *cublas_gels_kernels[], *cublas_matinv_kernels[];

static int max1(int a) {
  return a > 1 ? a : 1;
}

static cublasStatus_t matinv(cublasHandle_t h, cublas_type t, int n, const void *const *A, int lda,
                             void *const *Ainv, int lda_inv, int *info, int batch) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (n < 0 || n > 32 || lda < max1(n) || lda_inv < max1(n) || batch < 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (batch == 0) return CUBLAS_STATUS_SUCCESS;
  void *args[] = {&n, &A, &lda, &Ainv, &lda_inv, &info};
  return cublas_launch(h, cublas_matinv_kernels[t], (unsigned)batch, 1, 1, QR_THREADS, args);
}

static cublasStatus_t geqrf(cublasHandle_t h, cublas_type t, int m, int n, void *const *A, int lda,
                            void *const *tau, int *info, int batch) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  int bad = m < 0 ? 1 : n < 0 ? 2 : lda < max1(m) ? 4 : batch < 0 ? 7 : 0;
  if (info) *info = -bad;
  if (bad) return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0 || batch == 0) return CUBLAS_STATUS_SUCCESS;
  void *args[] = {&m, &n, &A, &lda, &tau};
  return cublas_launch(h, cublas_geqrf_kernels[t], (unsigned)batch, 1, 1, QR_THREADS, args);
}

static cublasStatus_t gels(cublasHandle_t h, cublas_type t, cublasOperation_t trans, int m, int n,
                           int nrhs, void *const *A, int lda, void *const *C, int ldc, int *info,
                           int *dev_info, int batch) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  int bad = m < 0           ? 2
            : n < 0         ? 3
            : nrhs < 0      ? 2 /* NVIDIA's cuBLAS 13.1 (H100, 2026-12-07) */
            : lda < max1(m) ? 6
            : ldc < max1(m) ? 8
            : batch < 0     ? 11
                            : 0;
  if (info) *info = -bad;
  if (bad) return CUBLAS_STATUS_INVALID_VALUE;
  if (trans != CUBLAS_OP_N || m < n) {
    if (info) *info = 0; /* NVIDIA's cuBLAS 13.1 (H100, 2026-12-07) */
    return CUBLAS_STATUS_NOT_SUPPORTED;
  }
  if (batch == 0) return CUBLAS_STATUS_SUCCESS;
  void *args[] = {&m, &n, &nrhs, &A, &lda, &C, &ldc, &dev_info};
  return cublas_launch(h, cublas_gels_kernels[t], (unsigned)batch, 1, 1, QR_THREADS, args);
}

#define QR_TYPED(P, T, TYPE)                                                                       \
  cublasStatus_t cublas##P##matinvBatched(cublasHandle_t h, int n, const T *const A[], int lda,    \
                                          T *const Ainv[], int lda_inv, int *info,                 \
                                          int batchSize) {                                         \
    return matinv(h, TYPE, n, (const void *const *)A, lda, (void *const *)Ainv, lda_inv, info,     \
                  batchSize);                                                                      \
  }                                                                                                \
  cublasStatus_t cublas##P##geqrfBatched(cublasHandle_t h, int m, int n, T *const Aarray[],        \
                                         int lda, T *const TauArray[], int *info, int batchSize) { \
    return geqrf(h, TYPE, m, n, (void *const *)Aarray, lda, (void *const *)TauArray, info,         \
                 batchSize);                                                                       \
  }                                                                                                \
  cublasStatus_t cublas##P##gelsBatched(cublasHandle_t h, cublasOperation_t trans, int m, int n,   \
                                        int nrhs, T *const Aarray[], int lda, T *const Carray[],   \
                                        int ldc, int *info, int *devInfoArray, int batchSize) {    \
    return gels(h, TYPE, trans, m, n, nrhs, (void *const *)Aarray, lda, (void *const *)Carray,     \
                ldc, info, devInfoArray, batchSize);                                               \
  }
QR_TYPED(S, float, CUBLAS_TYPE_S)
QR_TYPED(D, double, CUBLAS_TYPE_D)
QR_TYPED(C, cuComplex, CUBLAS_TYPE_C)
QR_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z)
