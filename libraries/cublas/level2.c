/* level2.c — cuBLAS's level-2 calls (matrix-vector) in S, D, C, Z: gemv, ger/geru/gerc,
 * symv, hemv, trsv, launching level2.cu's kernels; and gemvBatched/StridedBatched's
 * mixed-precision forms (HSH, HSS, TST, TSS: float scalars and sums, 16-bit A and x).
 *
 * Rules, as cuBLAS documents them: a NULL handle is NOT_INITIALIZED; INVALID_VALUE for
 * m or n < 0, incx or incy == 0, lda < max(1, rows of A), an operation, fill mode or
 * diagonal type out of its enum, a NULL alpha or beta (syr, trmv: the same for n, incx,
 * lda). Nothing runs when m or n is 0;
 * increments may be negative (level1.c). trsv does not test for singularity (BLAS). */
#include "cublas_internal.h"

static const cublas_gemv_batch no_batch = {NULL, NULL, NULL, 0, 0, 0, 0};

static int max1(int a) {
  return a > 1 ? a : 1;
}
static int bad_op(cublasOperation_t op) {
  return op != CUBLAS_OP_N && op != CUBLAS_OP_T && op != CUBLAS_OP_C;
}
static int bad_uplo(cublasFillMode_t uplo) {
  return uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER;
}

/* gemv, gemvBatched (batch->A set) and gemvStridedBatched; batches in grid y. */
static cublasStatus_t gemv(cublasHandle_t h, void *kernel, int scalar_size, cublasOperation_t op,
                           int m, int n, const void *alpha, const void *A, int lda, const void *x,
                           int incx, const void *beta, void *y, int incy, cublas_gemv_batch batch,
                           int count) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  /* NVIDIA's gemv checks lda only (an H100: SUCCESS for m or n < 0 and for incx or incy 0,
   * INVALID_VALUE for lda < m): m or n < 0 and incy 0 do nothing; incx 0 reads x[0] for
   * every element. An unknown op stays INVALID_VALUE here (NVIDIA's: SUCCESS, doing what it
   * does not say), as do NULL scalars. */
  if (bad_op(op) || lda < max1(m) || !alpha || !beta || count < 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (m <= 0 || n <= 0 || incy == 0 || count == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a, b;
  cublas_scalar_from(h, alpha, scalar_size, &a);
  cublas_scalar_from(h, beta, scalar_size, &b);
  int o = op, rows = op == CUBLAS_OP_N ? m : n;
  for (batch.first = 0; batch.first < count; batch.first += 65535) {
    unsigned chunk = (unsigned)(count - batch.first < 65535 ? count - batch.first : 65535);
    void *args[] = {&o, &m,    &n,      a.value,   &a.device, &A,    &lda,
                    &x, &incx, b.value, &b.device, &y,        &incy, &batch};
    cublasStatus_t st = cublas_launch(h, kernel, cublas_blocks_for(rows), chunk, 1, 256, args);
    if (st != CUBLAS_STATUS_SUCCESS) return st;
  }
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t ger(cublasHandle_t h, cublas_type t, void *kernel, int m, int n,
                          const void *alpha, const void *x, int incx, const void *y, int incy,
                          void *A, int lda) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || incx == 0 || incy == 0 || lda < max1(m) || !alpha)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a;
  cublas_scalar_from(h, alpha, cublas_type_size[t], &a);
  void *args[] = {&m, &n, a.value, &a.device, &x, &incx, &y, &incy, &A, &lda};
  return cublas_launch(h, kernel, cublas_blocks_for((long long)m * n), 1, 1, 256, args);
}

static cublasStatus_t symv(cublasHandle_t h, cublas_type t, void *kernel, cublasFillMode_t uplo,
                           int n, const void *alpha, const void *A, int lda, const void *x,
                           int incx, const void *beta, void *y, int incy) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_uplo(uplo) || n < 0 || lda < max1(n) || incx == 0 || incy == 0 || !alpha || !beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a, b;
  cublas_scalar_from(h, alpha, cublas_type_size[t], &a);
  cublas_scalar_from(h, beta, cublas_type_size[t], &b);
  int u = uplo;
  void *args[] = {&u, &n, a.value, &a.device, &A, &lda, &x, &incx, b.value, &b.device, &y, &incy};
  return cublas_launch(h, kernel, cublas_blocks_for(n), 1, 1, 256, args);
}

static cublasStatus_t trsv(cublasHandle_t h, cublas_type t, cublasFillMode_t uplo,
                           cublasOperation_t op, cublasDiagType_t diag, int n, const void *A,
                           int lda, void *x, int incx) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_uplo(uplo) || bad_op(op) || (diag != CUBLAS_DIAG_NON_UNIT && diag != CUBLAS_DIAG_UNIT) ||
      n < 0 || lda < max1(n) || incx == 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  int u = uplo, o = op, d = diag;
  void *args[] = {&u, &o, &d, &n, &A, &lda, &x, &incx};
  return cublas_launch(h, cublas_trsv_kernels[t], 1, 1, 1, 256, args);
}

/* syr, her (y NULL) and syr2, her2: kernel from the tables, alpha of alpha_size bytes. */
static cublasStatus_t syr(cublasHandle_t h, void *kernel, int alpha_size, cublasFillMode_t uplo,
                          int n, const void *alpha, const void *x, int incx, const void *y,
                          int incy, void *A, int lda) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_uplo(uplo) || n < 0 || incx == 0 || (y && incy == 0) || lda < max1(n) || !alpha)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a;
  cublas_scalar_from(h, alpha, alpha_size, &a);
  int u = uplo;
  void *args[] = {&u, &n, a.value, &a.device, &x, &incx, &y, &incy, &A, &lda};
  return cublas_launch(h, kernel, cublas_blocks_for((long long)n * n), 1, 1, 256, args);
}

/* trmv reads all of x for every element: x is first copied (in BLAS order, by the copy
 * kernel) into a temporary buffer; the call waits to free it. */
static cublasStatus_t trmv(cublasHandle_t h, cublas_type t, cublasFillMode_t uplo,
                           cublasOperation_t op, cublasDiagType_t diag, int n, const void *A,
                           int lda, void *x, int incx) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_uplo(uplo) || bad_op(op) || (diag != CUBLAS_DIAG_NON_UNIT && diag != CUBLAS_DIAG_UNIT) ||
      n < 0 || lda < max1(n) || incx == 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  void *copy;
  if (cudaMalloc(&copy, (size_t)n * (size_t)cublas_type_size[t]) != cudaSuccess)
    return CUBLAS_STATUS_ALLOC_FAILED;
  int one = 1, u = uplo, o = op, d = diag;
  void *copy_args[] = {&n, &x, &incx, &copy, &one};
  void *args[] = {&u, &o, &d, &n, &A, &lda, &copy, &x, &incx};
  cublasStatus_t st =
      cublas_launch(h, cublas_copy_kernels[t], cublas_blocks_for(n), 1, 1, 256, copy_args);
  if (st == CUBLAS_STATUS_SUCCESS)
    st = cublas_launch(h, cublas_trmv_kernels[t], cublas_blocks_for(n), 1, 1, 256, args);
  if (cudaStreamSynchronize(h->stream) != cudaSuccess) st = CUBLAS_STATUS_EXECUTION_FAILED;
  cudaFree(copy);
  return st;
}

#define LEVEL2_TYPED(P, T, TYPE)                                                                   \
  cublasStatus_t cublas##P##gemv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n,       \
                                    const T *alpha, const T *A, int lda, const T *x, int incx,     \
                                    const T *beta, T *y, int incy) {                               \
    return gemv(h, cublas_gemv_kernels[TYPE], cublas_type_size[TYPE], trans, m, n, alpha, A, lda,  \
                x, incx, beta, y, incy, no_batch, 1);                                              \
  }                                                                                                \
  cublasStatus_t cublas##P##symv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,                \
                                    const T *alpha, const T *A, int lda, const T *x, int incx,     \
                                    const T *beta, T *y, int incy) {                               \
    return symv(h, TYPE, cublas_symv_kernels[TYPE], uplo, n, alpha, A, lda, x, incx, beta, y,      \
                incy);                                                                             \
  }                                                                                                \
  cublasStatus_t cublas##P##trsv_v2(cublasHandle_t h, cublasFillMode_t uplo,                       \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,         \
                                    const T *A, int lda, T *x, int incx) {                         \
    return trsv(h, TYPE, uplo, trans, diag, n, A, lda, x, incx);                                   \
  }
LEVEL2_TYPED(S, float, CUBLAS_TYPE_S)
LEVEL2_TYPED(D, double, CUBLAS_TYPE_D)
LEVEL2_TYPED(C, cuComplex, CUBLAS_TYPE_C)
LEVEL2_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z)

#define GER(NAME, T, TYPE, TABLE)                                                                  \
  cublasStatus_t NAME(cublasHandle_t h, int m, int n, const T *alpha, const T *x, int incx,        \
                      const T *y, int incy, T *A, int lda) {                                       \
    return ger(h, TYPE, TABLE[TYPE], m, n, alpha, x, incx, y, incy, A, lda);                       \
  }
GER(cublasSger_v2, float, CUBLAS_TYPE_S, cublas_ger_kernels)
GER(cublasDger_v2, double, CUBLAS_TYPE_D, cublas_ger_kernels)
GER(cublasCgeru_v2, cuComplex, CUBLAS_TYPE_C, cublas_ger_kernels)
GER(cublasZgeru_v2, cuDoubleComplex, CUBLAS_TYPE_Z, cublas_ger_kernels)
GER(cublasCgerc_v2, cuComplex, CUBLAS_TYPE_C, cublas_gerc_kernels)
GER(cublasZgerc_v2, cuDoubleComplex, CUBLAS_TYPE_Z, cublas_gerc_kernels)

cublasStatus_t cublasChemv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,
                              const cuComplex *alpha, const cuComplex *A, int lda,
                              const cuComplex *x, int incx, const cuComplex *beta, cuComplex *y,
                              int incy) {
  return symv(h, CUBLAS_TYPE_C, cublas_hemv_kernels[CUBLAS_TYPE_C], uplo, n, alpha, A, lda, x, incx,
              beta, y, incy);
}
cublasStatus_t cublasZhemv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,
                              const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                              const cuDoubleComplex *x, int incx, const cuDoubleComplex *beta,
                              cuDoubleComplex *y, int incy) {
  return symv(h, CUBLAS_TYPE_Z, cublas_hemv_kernels[CUBLAS_TYPE_Z], uplo, n, alpha, A, lda, x, incx,
              beta, y, incy);
}

#define SYR_TRMV_TYPED(P, T, TYPE)                                                                 \
  cublasStatus_t cublas##P##syr_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const T *alpha, \
                                   const T *x, int incx, T *A, int lda) {                          \
    return syr(h, cublas_syr_kernels[TYPE], (int)sizeof(T), uplo, n, alpha, x, incx, NULL, 1, A,   \
               lda);                                                                               \
  }                                                                                                \
  cublasStatus_t cublas##P##trmv_v2(cublasHandle_t h, cublasFillMode_t uplo,                       \
                                    cublasOperation_t trans, cublasDiagType_t diag, int n,         \
                                    const T *A, int lda, T *x, int incx) {                         \
    return trmv(h, TYPE, uplo, trans, diag, n, A, lda, x, incx);                                   \
  }
SYR_TRMV_TYPED(S, float, CUBLAS_TYPE_S)
SYR_TRMV_TYPED(D, double, CUBLAS_TYPE_D)
SYR_TRMV_TYPED(C, cuComplex, CUBLAS_TYPE_C)
SYR_TRMV_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z)

/* gemvBatched and gemvStridedBatched: scalars S, A and x of E, y of Y, run by KERNEL; the
 * typed forms (S = E = Y) and the mixed-precision ones (alpha, beta and the sum float). */
#define GEMV_BATCHED(P, S, E, Y, KERNEL)                                                           \
  cublasStatus_t cublas##P##gemvBatched(cublasHandle_t h, cublasOperation_t trans, int m, int n,   \
                                        const S *alpha, const E *const Aarray[], int lda,          \
                                        const E *const xarray[], int incx, const S *beta,          \
                                        Y *const yarray[], int incy, int batchCount) {             \
    cublas_gemv_batch batch = {(const void *const *)Aarray,                                        \
                               (const void *const *)xarray,                                        \
                               (void *const *)yarray,                                              \
                               0,                                                                  \
                               0,                                                                  \
                               0,                                                                  \
                               0};                                                                 \
    if (h && (!Aarray || !xarray || !yarray)) return CUBLAS_STATUS_INVALID_VALUE;                  \
    return gemv(h, KERNEL, (int)sizeof(S), trans, m, n, alpha, NULL, lda, NULL, incx, beta, NULL,  \
                incy, batch, batchCount);                                                          \
  }                                                                                                \
  cublasStatus_t cublas##P##gemvStridedBatched(                                                    \
      cublasHandle_t h, cublasOperation_t trans, int m, int n, const S *alpha, const E *A,         \
      int lda, long long strideA, const E *x, int incx, long long stridex, const S *beta, Y *y,    \
      int incy, long long stridey, int batchCount) {                                               \
    cublas_gemv_batch batch = {NULL, NULL, NULL, strideA, stridex, stridey, 0};                    \
    return gemv(h, KERNEL, (int)sizeof(S), trans, m, n, alpha, A, lda, x, incx, beta, y, incy,     \
                batch, batchCount);                                                                \
  }
GEMV_BATCHED(S, float, float, float, cublas_gemv_kernels[CUBLAS_TYPE_S])
GEMV_BATCHED(D, double, double, double, cublas_gemv_kernels[CUBLAS_TYPE_D])
GEMV_BATCHED(C, cuComplex, cuComplex, cuComplex, cublas_gemv_kernels[CUBLAS_TYPE_C])
GEMV_BATCHED(Z, cuDoubleComplex, cuDoubleComplex, cuDoubleComplex,
             cublas_gemv_kernels[CUBLAS_TYPE_Z])
GEMV_BATCHED(HSH, float, __half, __half, cublas_gemv16_kernels[CUBLAS_GEMV_HSH])
GEMV_BATCHED(HSS, float, __half, float, cublas_gemv16_kernels[CUBLAS_GEMV_HSS])
GEMV_BATCHED(TST, float, __nv_bfloat16, __nv_bfloat16, cublas_gemv16_kernels[CUBLAS_GEMV_TST])
GEMV_BATCHED(TSS, float, __nv_bfloat16, float, cublas_gemv16_kernels[CUBLAS_GEMV_TSS])

#define SYR2_TYPED(P, T, TYPE)                                                                     \
  cublasStatus_t cublas##P##syr2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,                \
                                    const T *alpha, const T *x, int incx, const T *y, int incy,    \
                                    T *A, int lda) {                                               \
    return syr(h, cublas_syr2_kernels[TYPE], (int)sizeof(T), uplo, n, alpha, x, incx, y, incy, A,  \
               lda);                                                                               \
  }
SYR2_TYPED(S, float, CUBLAS_TYPE_S)
SYR2_TYPED(D, double, CUBLAS_TYPE_D)
SYR2_TYPED(C, cuComplex, CUBLAS_TYPE_C)
SYR2_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z)

#define HER_TYPED(P, T, R, TYPE)                                                                   \
  cublasStatus_t cublas##P##her_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const R *alpha, \
                                   const T *x, int incx, T *A, int lda) {                          \
    return syr(h, cublas_her_kernels[TYPE], (int)sizeof(R), uplo, n, alpha, x, incx, NULL, 1, A,   \
               lda);                                                                               \
  }                                                                                                \
  cublasStatus_t cublas##P##her2_v2(cublasHandle_t h, cublasFillMode_t uplo, int n,                \
                                    const T *alpha, const T *x, int incx, const T *y, int incy,    \
                                    T *A, int lda) {                                               \
    return syr(h, cublas_her2_kernels[TYPE], (int)sizeof(T), uplo, n, alpha, x, incx, y, incy, A,  \
               lda);                                                                               \
  }
HER_TYPED(C, cuComplex, float, CUBLAS_TYPE_C)
HER_TYPED(Z, cuDoubleComplex, double, CUBLAS_TYPE_Z)
