/* banded.c — cuBLAS's banded and packed level-2 calls in S, D, C, Z: gbmv, sbmv/hbmv,
 * spmv/hpmv, tbmv/tpmv, tbsv/tpsv, spr/hpr, spr2/hpr2, each with its _64 form (CUDA 12's
 * 64-bit integer arguments), launching banded.cu's kernels.
 *
 * One body per routine takes int64_t arguments: the int entry points and the _64 ones both
 * call it, so both check alike. Rules, as cuBLAS documents them: a NULL handle is
 * NOT_INITIALIZED; INVALID_VALUE for m, n, kl, ku or k < 0, lda < kl + ku + 1 (gbmv) or
 * k + 1 (sbmv, hbmv, tbmv, tbsv), incx or incy == 0, an operation, fill mode or diagonal
 * type out of its enum, a NULL alpha or beta. Nothing runs when m or n is 0. Increments
 * may be negative (level1.c). tbsv and tpsv do not test for singularity (BLAS). The
 * kernels index with 32-bit integers: a _64 call whose sizes, bands, leading dimension
 * or increments do not fit in an int is CUBLAS_STATUS_NOT_SUPPORTED. */
#include <limits.h>

#include "cublas_internal.h"

static int bad_op(cublasOperation_t op) {
  return op != CUBLAS_OP_N && op != CUBLAS_OP_T && op != CUBLAS_OP_C;
}
static int bad_uplo(cublasFillMode_t uplo) {
  return uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER;
}
static int bad_diag(cublasDiagType_t diag) {
  return diag != CUBLAS_DIAG_NON_UNIT && diag != CUBLAS_DIAG_UNIT;
}
static int too_big(int64_t v) {
  return v > INT_MAX || v < -INT_MAX;
}

/* The band (or packed triangle) of a symmetric/triangular matrix of order n in uplo. */
static cublas_band band_of(cublasFillMode_t uplo, int packed, int64_t n, int64_t k, int64_t lda) {
  cublas_band b = {packed, (int)n, (int)lda, 0, 0};
  if (packed) k = n > 0 ? n - 1 : 0;
  if (uplo == CUBLAS_FILL_MODE_UPPER)
    b.ku = (int)k;
  else
    b.kl = (int)k;
  return b;
}

/* y = alpha op(A) x + beta y over a band: kind 0 gbmv, 1 sbmv/spmv, 2 hbmv/hpmv. */
static cublasStatus_t band_mv(cublasHandle_t h, cublas_type t, int kind, cublasOperation_t op,
                              int64_t m, int64_t n, cublas_band band, const void *alpha,
                              const void *A, const void *x, int64_t incx, const void *beta, void *y,
                              int64_t incy) {
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a, b;
  cublas_scalar_from(h, alpha, cublas_type_size[t], &a);
  cublas_scalar_from(h, beta, cublas_type_size[t], &b);
  int k = kind, o = op, mi = (int)m, ni = (int)n, ix = (int)incx, iy = (int)incy;
  void *args[] = {&k, &o, &mi, &ni,     &band,     a.value, &a.device,
                  &A, &x, &ix, b.value, &b.device, &y,      &iy};
  return cublas_launch(h, cublas_band_mv_kernels[t], cublas_blocks_for(op == CUBLAS_OP_N ? m : n),
                       1, 1, 256, args);
}

static cublasStatus_t gbmv(cublasHandle_t h, cublas_type t, cublasOperation_t op, int64_t m,
                           int64_t n, int64_t kl, int64_t ku, const void *alpha, const void *A,
                           int64_t lda, const void *x, int64_t incx, const void *beta, void *y,
                           int64_t incy) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_op(op) || m < 0 || n < 0 || kl < 0 || ku < 0 || lda < kl + ku + 1 || incx == 0 ||
      incy == 0 || !alpha || !beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (too_big(m) || too_big(n) || too_big(lda) || too_big(incx) || too_big(incy))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  cublas_band band = {0, (int)n, (int)lda, (int)kl, (int)ku};
  return band_mv(h, t, 0, op, m, n, band, alpha, A, x, incx, beta, y, incy);
}

/* sbmv/hbmv (packed 0, band of k) and spmv/hpmv (packed 1). */
static cublasStatus_t sbmv(cublasHandle_t h, cublas_type t, int kind, int packed,
                           cublasFillMode_t uplo, int64_t n, int64_t k, const void *alpha,
                           const void *A, int64_t lda, const void *x, int64_t incx,
                           const void *beta, void *y, int64_t incy) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_uplo(uplo) || n < 0 || k < 0 || (!packed && lda < k + 1) || incx == 0 || incy == 0 ||
      !alpha || !beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (too_big(n) || too_big(lda) || too_big(incx) || too_big(incy))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  return band_mv(h, t, kind, CUBLAS_OP_N, n, n, band_of(uplo, packed, n, k, lda), alpha, A, x, incx,
                 beta, y, incy);
}

/* tbmv (packed 0) and tpmv (1): x = op(A) x. Every element reads the old x of its band:
 * x is first copied (in BLAS order, by the copy kernel) into a temporary buffer; the call
 * waits to free it (cuBLAS's tbmv/tpmv also use scratch memory: ALLOC_FAILED). */
static cublasStatus_t tbmv(cublasHandle_t h, cublas_type t, int packed, cublasFillMode_t uplo,
                           cublasOperation_t op, cublasDiagType_t diag, int64_t n, int64_t k,
                           const void *A, int64_t lda, void *x, int64_t incx) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_uplo(uplo) || bad_op(op) || bad_diag(diag) || n < 0 || k < 0 ||
      (!packed && lda < k + 1) || incx == 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (too_big(n) || too_big(lda) || too_big(incx)) return CUBLAS_STATUS_NOT_SUPPORTED;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  void *copy;
  if (cudaMalloc(&copy, (size_t)n * (size_t)cublas_type_size[t]) != cudaSuccess)
    return CUBLAS_STATUS_ALLOC_FAILED;
  cublas_band band = band_of(uplo, packed, n, k, lda);
  int one = 1, o = op, d = diag, ni = (int)n, ix = (int)incx;
  void *copy_args[] = {&ni, &x, &ix, &copy, &one};
  void *args[] = {&o, &d, &ni, &band, &A, &copy, &x, &ix};
  cublasStatus_t st =
      cublas_launch(h, cublas_copy_kernels[t], cublas_blocks_for(n), 1, 1, 256, copy_args);
  if (st == CUBLAS_STATUS_SUCCESS)
    st = cublas_launch(h, cublas_band_tmv_kernels[t], cublas_blocks_for(n), 1, 1, 256, args);
  if (cudaStreamSynchronize(h->stream) != cudaSuccess) st = CUBLAS_STATUS_EXECUTION_FAILED;
  cudaFree(copy);
  return st;
}

/* tbsv (packed 0) and tpsv (1): solves op(A) x = b in place, one block. */
static cublasStatus_t tbsv(cublasHandle_t h, cublas_type t, int packed, cublasFillMode_t uplo,
                           cublasOperation_t op, cublasDiagType_t diag, int64_t n, int64_t k,
                           const void *A, int64_t lda, void *x, int64_t incx) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_uplo(uplo) || bad_op(op) || bad_diag(diag) || n < 0 || k < 0 ||
      (!packed && lda < k + 1) || incx == 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (too_big(n) || too_big(lda) || too_big(incx)) return CUBLAS_STATUS_NOT_SUPPORTED;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_band band = band_of(uplo, packed, n, k, lda);
  int o = op, d = diag, ni = (int)n, ix = (int)incx;
  void *args[] = {&o, &d, &ni, &band, &A, &x, &ix};
  return cublas_launch(h, cublas_band_tsv_kernels[t], 1, 1, 1, 256, args);
}

/* spr, hpr (y NULL) and spr2, hpr2 on a packed triangle; alpha of alpha_size bytes. */
static cublasStatus_t spr(cublasHandle_t h, void *kernel, int alpha_size, cublasFillMode_t uplo,
                          int64_t n, const void *alpha, const void *x, int64_t incx, const void *y,
                          int64_t incy, void *AP) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_uplo(uplo) || n < 0 || incx == 0 || (y && incy == 0) || !alpha)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (too_big(n) || too_big(incx) || too_big(incy)) return CUBLAS_STATUS_NOT_SUPPORTED;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a;
  cublas_scalar_from(h, alpha, alpha_size, &a);
  cublas_band band = band_of(uplo, 1, n, 0, 1);
  int ni = (int)n, ix = (int)incx, iy = (int)incy;
  void *args[] = {&ni, &band, a.value, &a.device, &x, &ix, &y, &iy, &AP};
  return cublas_launch(h, kernel, cublas_blocks_for(n * n), 1, 1, 256, args);
}

/* The entry points: NAME (int) and NAME_64 (int64_t) for each routine and type; I is the
 * integer type of the size arguments. */
#define BANDED_TYPED(P, T, TYPE, NAME, I)                                                          \
  cublasStatus_t cublas##P##gbmv_v2##NAME(cublasHandle_t h, cublasOperation_t trans, I m, I n,     \
                                          I kl, I ku, const T *alpha, const T *A, I lda,           \
                                          const T *x, I incx, const T *beta, T *y, I incy) {       \
    return gbmv(h, TYPE, trans, m, n, kl, ku, alpha, A, lda, x, incx, beta, y, incy);              \
  }                                                                                                \
  cublasStatus_t cublas##P##tbmv_v2##NAME(cublasHandle_t h, cublasFillMode_t uplo,                 \
                                          cublasOperation_t trans, cublasDiagType_t diag, I n,     \
                                          I k, const T *A, I lda, T *x, I incx) {                  \
    return tbmv(h, TYPE, 0, uplo, trans, diag, n, k, A, lda, x, incx);                             \
  }                                                                                                \
  cublasStatus_t cublas##P##tpmv_v2##NAME(cublasHandle_t h, cublasFillMode_t uplo,                 \
                                          cublasOperation_t trans, cublasDiagType_t diag, I n,     \
                                          const T *AP, T *x, I incx) {                             \
    return tbmv(h, TYPE, 1, uplo, trans, diag, n, 0, AP, 1, x, incx);                              \
  }                                                                                                \
  cublasStatus_t cublas##P##tbsv_v2##NAME(cublasHandle_t h, cublasFillMode_t uplo,                 \
                                          cublasOperation_t trans, cublasDiagType_t diag, I n,     \
                                          I k, const T *A, I lda, T *x, I incx) {                  \
    return tbsv(h, TYPE, 0, uplo, trans, diag, n, k, A, lda, x, incx);                             \
  }                                                                                                \
  cublasStatus_t cublas##P##tpsv_v2##NAME(cublasHandle_t h, cublasFillMode_t uplo,                 \
                                          cublasOperation_t trans, cublasDiagType_t diag, I n,     \
                                          const T *AP, T *x, I incx) {                             \
    return tbsv(h, TYPE, 1, uplo, trans, diag, n, 0, AP, 1, x, incx);                              \
  }
BANDED_TYPED(S, float, CUBLAS_TYPE_S, , int)
BANDED_TYPED(D, double, CUBLAS_TYPE_D, , int)
BANDED_TYPED(C, cuComplex, CUBLAS_TYPE_C, , int)
BANDED_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z, , int)
BANDED_TYPED(S, float, CUBLAS_TYPE_S, _64, int64_t)
BANDED_TYPED(D, double, CUBLAS_TYPE_D, _64, int64_t)
BANDED_TYPED(C, cuComplex, CUBLAS_TYPE_C, _64, int64_t)
BANDED_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z, _64, int64_t)

/* sbmv, spmv, spr, spr2 (S, D); hbmv, hpmv, hpr, hpr2 (C, Z; hpr's alpha is real). */
#define SYMMETRIC_TYPED(P, SB, SP, SPR, SPR2, T, R, TYPE, KIND, NAME, I)                           \
  cublasStatus_t cublas##P##SB##_v2##NAME(cublasHandle_t h, cublasFillMode_t uplo, I n, I k,       \
                                          const T *alpha, const T *A, I lda, const T *x, I incx,   \
                                          const T *beta, T *y, I incy) {                           \
    return sbmv(h, TYPE, KIND, 0, uplo, n, k, alpha, A, lda, x, incx, beta, y, incy);              \
  }                                                                                                \
  cublasStatus_t cublas##P##SP##_v2##NAME(cublasHandle_t h, cublasFillMode_t uplo, I n,            \
                                          const T *alpha, const T *AP, const T *x, I incx,         \
                                          const T *beta, T *y, I incy) {                           \
    return sbmv(h, TYPE, KIND, 1, uplo, n, 0, alpha, AP, 1, x, incx, beta, y, incy);               \
  }                                                                                                \
  cublasStatus_t cublas##P##SPR##_v2##NAME(cublasHandle_t h, cublasFillMode_t uplo, I n,           \
                                           const R *alpha, const T *x, I incx, T *AP) {            \
    return spr(h, cublas_##SPR##_kernels[TYPE], (int)sizeof(R), uplo, n, alpha, x, incx, NULL, 1,  \
               AP);                                                                                \
  }                                                                                                \
  cublasStatus_t cublas##P##SPR2##_v2##NAME(cublasHandle_t h, cublasFillMode_t uplo, I n,          \
                                            const T *alpha, const T *x, I incx, const T *y,        \
                                            I incy, T *AP) {                                       \
    return spr(h, cublas_##SPR2##_kernels[TYPE], (int)sizeof(T), uplo, n, alpha, x, incx, y, incy, \
               AP);                                                                                \
  }
SYMMETRIC_TYPED(S, sbmv, spmv, spr, spr2, float, float, CUBLAS_TYPE_S, 1, , int)
SYMMETRIC_TYPED(D, sbmv, spmv, spr, spr2, double, double, CUBLAS_TYPE_D, 1, , int)
SYMMETRIC_TYPED(C, hbmv, hpmv, hpr, hpr2, cuComplex, float, CUBLAS_TYPE_C, 2, , int)
SYMMETRIC_TYPED(Z, hbmv, hpmv, hpr, hpr2, cuDoubleComplex, double, CUBLAS_TYPE_Z, 2, , int)
SYMMETRIC_TYPED(S, sbmv, spmv, spr, spr2, float, float, CUBLAS_TYPE_S, 1, _64, int64_t)
SYMMETRIC_TYPED(D, sbmv, spmv, spr, spr2, double, double, CUBLAS_TYPE_D, 1, _64, int64_t)
SYMMETRIC_TYPED(C, hbmv, hpmv, hpr, hpr2, cuComplex, float, CUBLAS_TYPE_C, 2, _64, int64_t)
SYMMETRIC_TYPED(Z, hbmv, hpmv, hpr, hpr2, cuDoubleComplex, double, CUBLAS_TYPE_Z, 2, _64, int64_t)
