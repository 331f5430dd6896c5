/* level3.c — cuBLAS's level-3 calls besides GEMM, in S, D, C, Z: symm, hemm, syrk, herk,
 * syrkx, herkx, trmm, trsm, launching level3.cu's kernels.
 *
 * Rules, as cuBLAS documents them: a NULL handle is NOT_INITIALIZED; INVALID_VALUE for
 * m, n or k < 0, a side, fill mode, operation or diagonal type out of its enum (syrk takes
 * N or T, herk N or C; for real types C means T; syrkx, herkx as syrk, herk), lda < max(1, rows of
 * A) (m for side left, n for side right), ldb or ldc < max(1, m) (syrk/herk: ldc < max(1, n)), a
 * NULL alpha or beta. Nothing runs when m or n is 0. trmm is out of place (C = alpha op(A) B); with
 * C == B it runs through a temporary copy of B. trsm does not test for singularity. geam: lda <
 * max(1, op(A) = A ? m : n), ldb likewise, ldc < max(1, m); C may be A or B only where that operand
 * is N with ldc (else INVALID_VALUE). dgmm: lda, ldc < max(1, m).
 * NVIDIA's cuBLAS 13.1 (H100, 2026-12-07) returned SUCCESS for cublasCherkx with CUBLAS_OP_T
 * and cublasCsyrkx with CUBLAS_OP_C, which its documentation does not allow: Anchor takes
 * them too, herkx's T as C and syrkx's C as T (a guess at what NVIDIA computes then; not
 * compared with NVIDIA's values). */
#include "cublas_internal.h"

static int max1(int a) {
  return a > 1 ? a : 1;
}
static int bad_side(cublasSideMode_t s) {
  return s != CUBLAS_SIDE_LEFT && s != CUBLAS_SIDE_RIGHT;
}
static int bad_uplo(cublasFillMode_t u) {
  return u != CUBLAS_FILL_MODE_LOWER && u != CUBLAS_FILL_MODE_UPPER;
}
static int bad_op(cublasOperation_t op) {
  return op != CUBLAS_OP_N && op != CUBLAS_OP_T && op != CUBLAS_OP_C;
}
static int bad_diag(cublasDiagType_t d) {
  return d != CUBLAS_DIAG_NON_UNIT && d != CUBLAS_DIAG_UNIT;
}
static int is_real(cublas_type t) {
  return t == CUBLAS_TYPE_S || t == CUBLAS_TYPE_D;
}

static cublasStatus_t symm(cublasHandle_t h, cublas_type t, void *kernel, cublasSideMode_t side,
                           cublasFillMode_t uplo, int m, int n, const void *alpha, const void *A,
                           int lda, const void *B, int ldb, const void *beta, void *C, int ldc) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_side(side) || bad_uplo(uplo) || m < 0 || n < 0 ||
      lda < max1(side == CUBLAS_SIDE_LEFT ? m : n) || ldb < max1(m) || ldc < max1(m) || !alpha ||
      !beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a, b;
  cublas_scalar_from(h, alpha, cublas_type_size[t], &a);
  cublas_scalar_from(h, beta, cublas_type_size[t], &b);
  int s = side, u = uplo;
  void *args[] = {&s,   &u, &m,   &n,      a.value,   &a.device, &A,
                  &lda, &B, &ldb, b.value, &b.device, &C,        &ldc};
  return cublas_launch(h, kernel, cublas_blocks_for((long long)m * n), 1, 1, 256, args);
}

/* syrk and syrkx (hermitian 0, scalars of the element type), herk (1, real scalars) and
 * herkx (2: complex alpha, real beta); syrk and herk pass A as B. */
static cublasStatus_t syrk(cublasHandle_t h, cublas_type t, int hermitian, cublasFillMode_t uplo,
                           cublasOperation_t trans, int n, int k, const void *alpha, const void *A,
                           int lda, const void *B, int ldb, const void *beta, void *C, int ldc) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  int trans_ok = trans == CUBLAS_OP_N ||
                 (hermitian ? trans == CUBLAS_OP_C
                            : trans == CUBLAS_OP_T || (is_real(t) && trans == CUBLAS_OP_C));
  int rows = trans == CUBLAS_OP_N ? n : k;
  if (bad_uplo(uplo) || !trans_ok || n < 0 || k < 0 || lda < max1(rows) || ldb < max1(rows) ||
      ldc < max1(n) || !alpha || !beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a, b;
  cublas_scalar_from(h, alpha, hermitian == 1 ? cublas_real_size[t] : cublas_type_size[t], &a);
  cublas_scalar_from(h, beta, hermitian ? cublas_real_size[t] : cublas_type_size[t], &b);
  int u = uplo, tr = trans == CUBLAS_OP_N ? 0 : 1;
  void *args[] = {&u,   &tr, &n,   &k,      a.value,   &a.device, &A,
                  &lda, &B,  &ldb, b.value, &b.device, &C,        &ldc};
  void *kernel = hermitian == 2   ? cublas_herkx_kernels[t]
                 : hermitian == 1 ? cublas_herk_kernels[t]
                                  : cublas_syrk_kernels[t];
  return cublas_launch(h, kernel, cublas_blocks_for((long long)n * n), 1, 1, 256, args);
}

/* syr2k (hermitian 0) and her2k (1: real beta). */
static cublasStatus_t syr2k(cublasHandle_t h, cublas_type t, int hermitian, cublasFillMode_t uplo,
                            cublasOperation_t trans, int n, int k, const void *alpha, const void *A,
                            int lda, const void *B, int ldb, const void *beta, void *C, int ldc) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  int trans_ok = trans == CUBLAS_OP_N ||
                 (hermitian ? trans == CUBLAS_OP_C
                            : trans == CUBLAS_OP_T || (is_real(t) && trans == CUBLAS_OP_C));
  int rows = trans == CUBLAS_OP_N ? n : k;
  if (bad_uplo(uplo) || !trans_ok || n < 0 || k < 0 || lda < max1(rows) || ldb < max1(rows) ||
      ldc < max1(n) || !alpha || !beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a, b;
  cublas_scalar_from(h, alpha, cublas_type_size[t], &a);
  cublas_scalar_from(h, beta, hermitian ? cublas_real_size[t] : cublas_type_size[t], &b);
  int u = uplo, tr = trans == CUBLAS_OP_N ? 0 : 1;
  void *args[] = {&u,   &tr, &n,   &k,      a.value,   &a.device, &A,
                  &lda, &B,  &ldb, b.value, &b.device, &C,        &ldc};
  void *kernel = hermitian ? cublas_her2k_kernels[t] : cublas_syr2k_kernels[t];
  return cublas_launch(h, kernel, cublas_blocks_for((long long)n * n), 1, 1, 256, args);
}

static cublasStatus_t check_triangular(cublasHandle_t h, cublasSideMode_t side,
                                       cublasFillMode_t uplo, cublasOperation_t trans,
                                       cublasDiagType_t diag, int m, int n, const void *alpha,
                                       int lda, int ldb) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_side(side) || bad_uplo(uplo) || bad_op(trans) || bad_diag(diag) || m < 0 || n < 0 ||
      lda < max1(side == CUBLAS_SIDE_LEFT ? m : n) || ldb < max1(m) || !alpha)
    return CUBLAS_STATUS_INVALID_VALUE;
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t trmm(cublasHandle_t h, cublas_type t, cublasSideMode_t side,
                           cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag,
                           int m, int n, const void *alpha, const void *A, int lda, const void *B,
                           int ldb, void *C, int ldc) {
  cublasStatus_t st = check_triangular(h, side, uplo, trans, diag, m, n, alpha, lda, ldb);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  if (ldc < max1(m)) return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a;
  cublas_scalar_from(h, alpha, cublas_type_size[t], &a);
  void *copy = NULL;
  size_t elem = (size_t)cublas_type_size[t];
  if (B == C) { /* in place: every element of C reads a whole row or column of B */
    if (cudaMalloc(&copy, (size_t)ldb * (size_t)n * elem) != cudaSuccess)
      return CUBLAS_STATUS_ALLOC_FAILED;
    if (cudaMemcpyAsync(copy, B, (size_t)ldb * (size_t)(n - 1) * elem + (size_t)m * elem,
                        cudaMemcpyDeviceToDevice, h->stream) != cudaSuccess) {
      cudaFree(copy);
      return CUBLAS_STATUS_EXECUTION_FAILED;
    }
    B = copy;
  }
  int s = side, u = uplo, tr = trans, d = diag;
  void *args[] = {&s, &u, &tr, &d, &m, &n, a.value, &a.device, &A, &lda, &B, &ldb, &C, &ldc};
  st = cublas_launch(h, cublas_trmm_kernels[t], cublas_blocks_for((long long)m * n), 1, 1, 256,
                     args);
  if (copy) {
    if (cudaStreamSynchronize(h->stream) != cudaSuccess) st = CUBLAS_STATUS_EXECUTION_FAILED;
    cudaFree(copy);
  }
  return st;
}

/* trsm, and trsmBatched when Aarray is not NULL (batch matrices in grid y, 65535 at a time). */
static cublasStatus_t trsm(cublasHandle_t h, cublas_type t, cublasSideMode_t side,
                           cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag,
                           int m, int n, const void *alpha, const void *A,
                           const void *const *Aarray, int lda, void *B, void *const *Barray,
                           int ldb, int batch) {
  cublasStatus_t st = check_triangular(h, side, uplo, trans, diag, m, n, alpha, lda, ldb);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  if (batch < 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0 || batch == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a;
  cublas_scalar_from(h, alpha, cublas_type_size[t], &a);
  int s = side, u = uplo, tr = trans, d = diag;
  unsigned rhs = (unsigned)(side == CUBLAS_SIDE_LEFT ? n : m);
  for (int batch0 = 0; batch0 < batch; batch0 += 65535) {
    int count = batch - batch0 < 65535 ? batch - batch0 : 65535;
    void *args[] = {&s, &u,      &tr,  &d, &m,      &n,   a.value, &a.device,
                    &A, &Aarray, &lda, &B, &Barray, &ldb, &batch0};
    st = cublas_launch(h, cublas_trsm_kernels[t], (rhs + 63) / 64, (unsigned)count, 1, 64, args);
    if (st != CUBLAS_STATUS_SUCCESS) return st;
  }
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t geam(cublasHandle_t h, cublas_type t, cublasOperation_t transa,
                           cublasOperation_t transb, int m, int n, const void *alpha, const void *A,
                           int lda, const void *beta, const void *B, int ldb, void *C, int ldc) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_op(transa) || bad_op(transb) || m < 0 || n < 0 ||
      lda < max1(transa == CUBLAS_OP_N ? m : n) || ldb < max1(transb == CUBLAS_OP_N ? m : n) ||
      ldc < max1(m) || !alpha || !beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  /* in place only through an operand that is not transposed and has C's leading dimension */
  if ((C == A && (transa != CUBLAS_OP_N || lda != ldc)) ||
      (C == B && (transb != CUBLAS_OP_N || ldb != ldc)))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a, b;
  cublas_scalar_from(h, alpha, cublas_type_size[t], &a);
  cublas_scalar_from(h, beta, cublas_type_size[t], &b);
  int ta = transa, tb = transb;
  void *args[] = {&ta,  &tb,     &m,        &n, a.value, &a.device, &A,
                  &lda, b.value, &b.device, &B, &ldb,    &C,        &ldc};
  return cublas_launch(h, cublas_geam_kernels[t], cublas_blocks_for((long long)m * n), 1, 1, 256,
                       args);
}

static cublasStatus_t dgmm(cublasHandle_t h, cublas_type t, cublasSideMode_t side, int m, int n,
                           const void *A, int lda, const void *x, int incx, void *C, int ldc) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (bad_side(side) || m < 0 || n < 0 || lda < max1(m) || ldc < max1(m))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  int s = side;
  void *args[] = {&s, &m, &n, &A, &lda, &x, &incx, &C, &ldc};
  return cublas_launch(h, cublas_dgmm_kernels[t], cublas_blocks_for((long long)m * n), 1, 1, 256,
                       args);
}

#define LEVEL3_TYPED(P, T, TYPE)                                                                   \
  cublasStatus_t cublas##P##symm_v2(                                                               \
      cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,                \
      const T *alpha, const T *A, int lda, const T *B, int ldb, const T *beta, T *C, int ldc) {    \
    return symm(h, TYPE, cublas_symm_kernels[TYPE], side, uplo, m, n, alpha, A, lda, B, ldb, beta, \
                C, ldc);                                                                           \
  }                                                                                                \
  cublasStatus_t cublas##P##syrk_v2(cublasHandle_t h, cublasFillMode_t uplo,                       \
                                    cublasOperation_t trans, int n, int k, const T *alpha,         \
                                    const T *A, int lda, const T *beta, T *C, int ldc) {           \
    return syrk(h, TYPE, 0, uplo, trans, n, k, alpha, A, lda, A, lda, beta, C, ldc);               \
  }                                                                                                \
  cublasStatus_t cublas##P##trmm_v2(cublasHandle_t h, cublasSideMode_t side,                       \
                                    cublasFillMode_t uplo, cublasOperation_t trans,                \
                                    cublasDiagType_t diag, int m, int n, const T *alpha,           \
                                    const T *A, int lda, const T *B, int ldb, T *C, int ldc) {     \
    return trmm(h, TYPE, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, C, ldc);            \
  }                                                                                                \
  cublasStatus_t cublas##P##trsm_v2(                                                               \
      cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans,     \
      cublasDiagType_t diag, int m, int n, const T *alpha, const T *A, int lda, T *B, int ldb) {   \
    return trsm(h, TYPE, side, uplo, trans, diag, m, n, alpha, A, NULL, lda, B, NULL, ldb, 1);     \
  }                                                                                                \
  cublasStatus_t cublas##P##syrkx(                                                                 \
      cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,              \
      const T *alpha, const T *A, int lda, const T *B, int ldb, const T *beta, T *C, int ldc) {    \
    if (trans == CUBLAS_OP_C) trans = CUBLAS_OP_T; /* see the header comment */                    \
    return syrk(h, TYPE, 0, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);               \
  }
LEVEL3_TYPED(S, float, CUBLAS_TYPE_S)
LEVEL3_TYPED(D, double, CUBLAS_TYPE_D)
LEVEL3_TYPED(C, cuComplex, CUBLAS_TYPE_C)
LEVEL3_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z)

#define HERMITIAN_TYPED(P, T, R, TYPE)                                                             \
  cublasStatus_t cublas##P##hemm_v2(                                                               \
      cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,                \
      const T *alpha, const T *A, int lda, const T *B, int ldb, const T *beta, T *C, int ldc) {    \
    return symm(h, TYPE, cublas_hemm_kernels[TYPE], side, uplo, m, n, alpha, A, lda, B, ldb, beta, \
                C, ldc);                                                                           \
  }                                                                                                \
  cublasStatus_t cublas##P##herk_v2(cublasHandle_t h, cublasFillMode_t uplo,                       \
                                    cublasOperation_t trans, int n, int k, const R *alpha,         \
                                    const T *A, int lda, const R *beta, T *C, int ldc) {           \
    return syrk(h, TYPE, 1, uplo, trans, n, k, alpha, A, lda, A, lda, beta, C, ldc);               \
  }                                                                                                \
  cublasStatus_t cublas##P##herkx(                                                                 \
      cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,              \
      const T *alpha, const T *A, int lda, const T *B, int ldb, const R *beta, T *C, int ldc) {    \
    if (trans == CUBLAS_OP_T) trans = CUBLAS_OP_C; /* see the header comment */                    \
    return syrk(h, TYPE, 2, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);               \
  }
HERMITIAN_TYPED(C, cuComplex, float, CUBLAS_TYPE_C)
HERMITIAN_TYPED(Z, cuDoubleComplex, double, CUBLAS_TYPE_Z)

#define GEAM_DGMM_TYPED(P, T, TYPE)                                                                \
  cublasStatus_t cublas##P##geam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,     \
                                 int m, int n, const T *alpha, const T *A, int lda, const T *beta, \
                                 const T *B, int ldb, T *C, int ldc) {                             \
    return geam(h, TYPE, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);                       \
  }                                                                                                \
  cublasStatus_t cublas##P##dgmm(cublasHandle_t h, cublasSideMode_t mode, int m, int n,            \
                                 const T *A, int lda, const T *x, int incx, T *C, int ldc) {       \
    return dgmm(h, TYPE, mode, m, n, A, lda, x, incx, C, ldc);                                     \
  }
GEAM_DGMM_TYPED(S, float, CUBLAS_TYPE_S)
GEAM_DGMM_TYPED(D, double, CUBLAS_TYPE_D)
GEAM_DGMM_TYPED(C, cuComplex, CUBLAS_TYPE_C)
GEAM_DGMM_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z)

#define TRSM_BATCHED(P, T, TYPE)                                                                   \
  cublasStatus_t cublas##P##trsmBatched(                                                           \
      cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans,     \
      cublasDiagType_t diag, int m, int n, const T *alpha, const T *const A[], int lda,            \
      T *const B[], int ldb, int batchCount) {                                                     \
    if (!A || !B) return h ? CUBLAS_STATUS_INVALID_VALUE : CUBLAS_STATUS_NOT_INITIALIZED;          \
    return trsm(h, TYPE, side, uplo, trans, diag, m, n, alpha, NULL, (const void *const *)A, lda,  \
                NULL, (void *const *)B, ldb, batchCount);                                          \
  }
TRSM_BATCHED(S, float, CUBLAS_TYPE_S)
TRSM_BATCHED(D, double, CUBLAS_TYPE_D)
TRSM_BATCHED(C, cuComplex, CUBLAS_TYPE_C)
TRSM_BATCHED(Z, cuDoubleComplex, CUBLAS_TYPE_Z)

#define SYR2K_TYPED(P, T, TYPE)                                                                    \
  cublasStatus_t cublas##P##syr2k_v2(                                                              \
      cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,              \
      const T *alpha, const T *A, int lda, const T *B, int ldb, const T *beta, T *C, int ldc) {    \
    return syr2k(h, TYPE, 0, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);              \
  }
SYR2K_TYPED(S, float, CUBLAS_TYPE_S)
SYR2K_TYPED(D, double, CUBLAS_TYPE_D)
SYR2K_TYPED(C, cuComplex, CUBLAS_TYPE_C)
SYR2K_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z)
cublasStatus_t cublasCher2k_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
                               int n, int k, const cuComplex *alpha, const cuComplex *A, int lda,
                               const cuComplex *B, int ldb, const float *beta, cuComplex *C,
                               int ldc) {
  return syr2k(h, CUBLAS_TYPE_C, 1, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasZher2k_v2(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,
                               int n, int k, const cuDoubleComplex *alpha, const cuDoubleComplex *A,
                               int lda, const cuDoubleComplex *B, int ldb, const double *beta,
                               cuDoubleComplex *C, int ldc) {
  return syr2k(h, CUBLAS_TYPE_Z, 1, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
