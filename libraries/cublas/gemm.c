/* gemm.c — cuBLAS's GEMM family: cublas<t>gemm (S, D, C, Z, H), <t>gemmBatched,
 * <t>gemmStridedBatched, cublasGemmEx, cublasGemmBatchedEx, cublasGemmStridedBatchedEx.
 * All of them become one cublas_gemm_problem, checked by cublas_gemm_check and run by
 * cublas_gemm_run; cublas_gemm_select chooses its kernel: gemm_simdgroup.cu's
 * simdgroup_matrix kernel for float compute, gemm.cu's tiled kernel for the rest.
 *
 * Rules, as cuBLAS documents them: INVALID_VALUE when m, n, k or batchCount < 0, a
 * transpose is not N, T or C, lda < max(1, m) for op(A) = A (else max(1, k)), ldb <
 * max(1, k) for op(B) = B (else max(1, n)), ldc < max(1, m), or alpha or beta is NULL;
 * NOT_SUPPORTED for a type combination of GemmEx cuBLAS does not list. Nothing runs when
 * m, n or batchCount is 0, nor (host scalars) when alpha or k is 0 and beta is 1. */
#include <string.h>

#include "cublas_internal.h"

/* The C tile of a block (rows, columns) and its threads, for each kernel (gemm.cu's
 * GEMM_BM/BN/THREADS, gemm_simdgroup.cu's GEMM_SG_BM/BN/THREADS). */
#define GEMM_TILE 64
#define GEMM_THREADS 256
#define GEMM_SG_TILE_M 64
#define GEMM_SG_TILE_N 32
#define GEMM_SG_THREADS 128
#define GEMM_MAX_GRID_Z 65535

static int max1(int a) {
  return a > 1 ? a : 1;
}

cublasStatus_t cublas_gemm_check(cublasHandle_t handle, const cublas_gemm_problem *p) {
  if (!handle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (p->transa < CUBLAS_OP_N || p->transa > CUBLAS_OP_C || p->transb < CUBLAS_OP_N ||
      p->transb > CUBLAS_OP_C)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (p->m < 0 || p->n < 0 || p->k < 0 || p->batch_count < 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (p->lda < max1(p->transa == CUBLAS_OP_N ? p->m : p->k) ||
      p->ldb < max1(p->transb == CUBLAS_OP_N ? p->k : p->n) || p->ldc < max1(p->m))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (!p->alpha || !p->beta) return CUBLAS_STATUS_INVALID_VALUE;
  return CUBLAS_STATUS_SUCCESS;
}

/* Whether a host scalar of the variant's compute type is `value` (0 or 1). */
static int host_scalar_is(const cublas_scalar *s, cublas_gemm_variant v, int value) {
  if (s->device) return 0;
  switch (v) {
  case CUBLAS_GEMM_D:
  case CUBLAS_GEMM_Z: {
    double d[2] = {0, 0};
    memcpy(d, s->value, v == CUBLAS_GEMM_Z ? 16 : 8);
    return d[0] == value && d[1] == 0;
  }
  case CUBLAS_GEMM_H: {
    unsigned short bits;
    memcpy(&bits, s->value, 2);
    return value == 0 ? (bits & 0x7fff) == 0 : bits == 0x3c00;
  }
  case CUBLAS_GEMM_I8_I_I: {
    int i;
    memcpy(&i, s->value, 4);
    return i == value;
  }
  default: {
    float f[2] = {0, 0};
    memcpy(f, s->value, v == CUBLAS_GEMM_C || v == CUBLAS_GEMM_CI8_C_C ? 8 : 4);
    return f[0] == value && f[1] == 0;
  }
  }
}

/* The kernel for a problem, its C tile (rows, columns) and threads per block.
 *
 * - Float compute with float, 16F, 16BF or 8I inputs (S, and GemmEx's 32F compute types
 *   with 16F/16BF/8I/32F inputs): the simdgroup_matrix kernel, every size, transpose,
 *   leading dimension and batch form. Its inputs widen exactly to float, its products are
 *   full float products (simdgroup_float8x8, never tf32) and each C element is one float
 *   sum of its k products in k order, so it meets the tiled kernel's bound
 *   (k + 2) u (|alpha| (|A||B|)_ij + |beta| |C_ij|); on softmetal (one fma per product) its
 *   results are the tiled kernel's, bit for bit.
 * - Everything else stays on the tiled kernel, because MSL's simdgroup_matrix has no
 *   form for it: double (D, Z: Anchor's software binary64; Metal has no double), complex
 *   (C, Z, C8I -> C32F: complex products need the real and imaginary parts crossed, not
 *   one real 8x8 product), integer compute (8I -> 32I: exact integer sums, which a float
 *   accumulator is not), and H with 16F compute (simdgroup_half8x8 would accumulate each
 *   8-step at a precision Apple does not document, where cuBLAS's 16F compute rounds
 *   every multiply-add to half as the tiled kernel does). */
static const void *cublas_gemm_select(const cublas_gemm_problem *p, unsigned *tile_m,
                                      unsigned *tile_n, unsigned *threads) {
  if (cublas_gemm_simdgroup_kernels[p->variant]) {
    *tile_m = GEMM_SG_TILE_M;
    *tile_n = GEMM_SG_TILE_N;
    *threads = GEMM_SG_THREADS;
    return cublas_gemm_simdgroup_kernels[p->variant];
  }
  *tile_m = *tile_n = GEMM_TILE;
  *threads = GEMM_THREADS;
  return cublas_gemm_kernels[p->variant];
}

cublasStatus_t cublas_gemm_run(cublasHandle_t handle, const cublas_gemm_problem *p) {
  if (p->m == 0 || p->n == 0 || p->batch_count == 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar alpha, beta;
  cublas_scalar_from(handle, p->alpha, p->scalar_size, &alpha);
  cublas_scalar_from(handle, p->beta, p->scalar_size, &beta);
  if ((p->k == 0 || host_scalar_is(&alpha, p->variant, 0)) && host_scalar_is(&beta, p->variant, 1))
    return CUBLAS_STATUS_SUCCESS;
  unsigned tile_m, tile_n, threads;
  const void *kernel = cublas_gemm_select(p, &tile_m, &tile_n, &threads);
  int transa = p->transa, transb = p->transb;
  unsigned grid_x = ((unsigned)p->m + tile_m - 1) / tile_m,
           grid_y = ((unsigned)p->n + tile_n - 1) / tile_n;
  if (grid_y > 65535) return CUBLAS_STATUS_NOT_SUPPORTED;
  int m = p->m, n = p->n, k = p->k, lda = p->lda, ldb = p->ldb, ldc = p->ldc;
  long long sa = p->strideA, sb = p->strideB, sc = p->strideC;
  const void *A = p->A, *B = p->B, *const *Aarray = p->Aarray, *const *Barray = p->Barray;
  void *C = p->C, *const *Carray = p->Carray;
  for (int batch0 = 0; batch0 < p->batch_count; batch0 += GEMM_MAX_GRID_Z) {
    int count =
        p->batch_count - batch0 < GEMM_MAX_GRID_Z ? p->batch_count - batch0 : GEMM_MAX_GRID_Z;
    void *args[] = {&transa,       &transb, &m,      &n,         &k,           alpha.value,
                    &alpha.device, &A,      &Aarray, &lda,       &sa,          &B,
                    &Barray,       &ldb,    &sb,     beta.value, &beta.device, &C,
                    &Carray,       &ldc,    &sc,     &batch0};
    cublasStatus_t st =
        cublas_launch(handle, kernel, grid_x, grid_y, (unsigned)count, threads, args);
    if (st != CUBLAS_STATUS_SUCCESS) return st;
  }
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t gemm(cublasHandle_t handle, cublas_gemm_problem *p) {
  cublasStatus_t st = cublas_gemm_check(handle, p);
  return st != CUBLAS_STATUS_SUCCESS ? st : cublas_gemm_run(handle, p);
}

/* ---- cublas<t>gemm, <t>gemmBatched, <t>gemmStridedBatched -------------------------- */
/* SIZE: bytes of T (C sees __half only as an incomplete type) */
#define GEMM_TYPED(P, NAME, T, SIZE, VARIANT)                                                      \
  cublasStatus_t NAME(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,  \
                      int k, const T *alpha, const T *A, int lda, const T *B, int ldb,             \
                      const T *beta, T *C, int ldc) {                                              \
    cublas_gemm_problem p = {VARIANT, SIZE, ta, tb,   m,   n, k, alpha, beta, A, NULL,             \
                             lda,     0,    B,  NULL, ldb, 0, C, NULL,  ldc,  0, 1};               \
    return gemm(h, &p);                                                                            \
  }                                                                                                \
  cublasStatus_t cublas##P##gemmBatched(                                                           \
      cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,           \
      const T *alpha, const T *const Aarray[], int lda, const T *const Barray[], int ldb,          \
      const T *beta, T *const Carray[], int ldc, int batchCount) {                                 \
    cublas_gemm_problem p = {VARIANT,                                                              \
                             SIZE,                                                                 \
                             ta,                                                                   \
                             tb,                                                                   \
                             m,                                                                    \
                             n,                                                                    \
                             k,                                                                    \
                             alpha,                                                                \
                             beta,                                                                 \
                             NULL,                                                                 \
                             (const void *const *)Aarray,                                          \
                             lda,                                                                  \
                             0,                                                                    \
                             NULL,                                                                 \
                             (const void *const *)Barray,                                          \
                             ldb,                                                                  \
                             0,                                                                    \
                             NULL,                                                                 \
                             (void *const *)Carray,                                                \
                             ldc,                                                                  \
                             0,                                                                    \
                             batchCount};                                                          \
    return gemm(h, &p);                                                                            \
  }                                                                                                \
  cublasStatus_t cublas##P##gemmStridedBatched(                                                    \
      cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,           \
      const T *alpha, const T *A, int lda, long long strideA, const T *B, int ldb,                 \
      long long strideB, const T *beta, T *C, int ldc, long long strideC, int batchCount) {        \
    cublas_gemm_problem p = {VARIANT, SIZE, ta,   tb,  m,       n,         k,    alpha,            \
                             beta,    A,    NULL, lda, strideA, B,         NULL, ldb,              \
                             strideB, C,    NULL, ldc, strideC, batchCount};                       \
    return gemm(h, &p);                                                                            \
  }

GEMM_TYPED(S, cublasSgemm_v2, float, 4, CUBLAS_GEMM_S)
GEMM_TYPED(D, cublasDgemm_v2, double, 8, CUBLAS_GEMM_D)
GEMM_TYPED(C, cublasCgemm_v2, cuComplex, 8, CUBLAS_GEMM_C)
GEMM_TYPED(Z, cublasZgemm_v2, cuDoubleComplex, 16, CUBLAS_GEMM_Z)
GEMM_TYPED(H, cublasHgemm, __half, 2, CUBLAS_GEMM_H)

/* ---- the Ex forms --------------------------------------------------------------- */
/* The variant and scale-type size of a GemmEx type combination; -1 when cuBLAS does not
 * list it (CUBLAS_STATUS_NOT_SUPPORTED). The FAST_* and PEDANTIC compute types compute
 * in full precision of their base type, which they allow. */
static int ex_variant(cudaDataType ab, cudaDataType c, cublasComputeType_t compute,
                      int *scalar_size) {
  switch (compute) {
  case CUBLAS_COMPUTE_16F:
  case CUBLAS_COMPUTE_16F_PEDANTIC:
    *scalar_size = 2;
    return ab == CUDA_R_16F && c == CUDA_R_16F ? CUBLAS_GEMM_H : -1;
  case CUBLAS_COMPUTE_32I:
  case CUBLAS_COMPUTE_32I_PEDANTIC:
    *scalar_size = 4;
    return ab == CUDA_R_8I && c == CUDA_R_32I ? CUBLAS_GEMM_I8_I_I : -1;
  case CUBLAS_COMPUTE_32F:
  case CUBLAS_COMPUTE_32F_PEDANTIC:
    *scalar_size = 4;
    if (ab == CUDA_R_16F && c == CUDA_R_16F) return CUBLAS_GEMM_H_H_S;
    if (ab == CUDA_R_16F && c == CUDA_R_32F) return CUBLAS_GEMM_H_S_S;
    if (ab == CUDA_R_16BF && c == CUDA_R_16BF) return CUBLAS_GEMM_BF_BF_S;
    if (ab == CUDA_R_16BF && c == CUDA_R_32F) return CUBLAS_GEMM_BF_S_S;
    if (ab == CUDA_R_8I && c == CUDA_R_32F) return CUBLAS_GEMM_I8_S_S;
    if (ab == CUDA_R_32F && c == CUDA_R_32F) return CUBLAS_GEMM_S;
    *scalar_size = 8;
    if (ab == CUDA_C_8I && c == CUDA_C_32F) return CUBLAS_GEMM_CI8_C_C;
    if (ab == CUDA_C_32F && c == CUDA_C_32F) return CUBLAS_GEMM_C;
    return -1;
  case CUBLAS_COMPUTE_32F_FAST_16F:
  case CUBLAS_COMPUTE_32F_FAST_16BF:
  case CUBLAS_COMPUTE_32F_FAST_TF32:
  case CUBLAS_COMPUTE_32F_EMULATED_16BFX9:
    *scalar_size = ab == CUDA_C_32F ? 8 : 4;
    if (ab == CUDA_R_32F && c == CUDA_R_32F) return CUBLAS_GEMM_S;
    return ab == CUDA_C_32F && c == CUDA_C_32F ? CUBLAS_GEMM_C : -1;
  case CUBLAS_COMPUTE_64F:
  case CUBLAS_COMPUTE_64F_PEDANTIC:
  case CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT:
    *scalar_size = ab == CUDA_C_64F ? 16 : 8;
    if (ab == CUDA_R_64F && c == CUDA_R_64F) return CUBLAS_GEMM_D;
    return ab == CUDA_C_64F && c == CUDA_C_64F ? CUBLAS_GEMM_Z : -1;
  }
  return -1;
}

static cublasStatus_t gemm_ex(cublasHandle_t h, cublas_gemm_problem *p, cudaDataType Atype,
                              cudaDataType Btype, cudaDataType Ctype,
                              cublasComputeType_t computeType) {
  cublasStatus_t st = cublas_gemm_check(h, p);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  int variant = Atype == Btype ? ex_variant(Atype, Ctype, computeType, &p->scalar_size) : -1;
  if (variant < 0) return CUBLAS_STATUS_NOT_SUPPORTED;
  p->variant = (cublas_gemm_variant)variant;
  return cublas_gemm_run(h, p);
}

cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                            int n, int k, const void *alpha, const void *A, cudaDataType Atype,
                            int lda, const void *B, cudaDataType Btype, int ldb, const void *beta,
                            void *C, cudaDataType Ctype, int ldc, cublasComputeType_t computeType,
                            cublasGemmAlgo_t algo) {
  (void)algo;
  cublas_gemm_problem p = {0,   0, ta, tb,   m,   n, k, alpha, beta, A, NULL,
                           lda, 0, B,  NULL, ldb, 0, C, NULL,  ldc,  0, 1};
  return gemm_ex(h, &p, Atype, Btype, Ctype, computeType);
}

cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                   int m, int n, int k, const void *alpha,
                                   const void *const Aarray[], cudaDataType Atype, int lda,
                                   const void *const Barray[], cudaDataType Btype, int ldb,
                                   const void *beta, void *const Carray[], cudaDataType Ctype,
                                   int ldc, int batchCount, cublasComputeType_t computeType,
                                   cublasGemmAlgo_t algo) {
  (void)algo;
  cublas_gemm_problem p = {0,   0, ta,   tb,     m,   n, k,    alpha,  beta, NULL, Aarray,
                           lda, 0, NULL, Barray, ldb, 0, NULL, Carray, ldc,  0,    batchCount};
  return gemm_ex(h, &p, Atype, Btype, Ctype, computeType);
}

cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t ta,
                                          cublasOperation_t tb, int m, int n, int k,
                                          const void *alpha, const void *A, cudaDataType Atype,
                                          int lda, long long strideA, const void *B,
                                          cudaDataType Btype, int ldb, long long strideB,
                                          const void *beta, void *C, cudaDataType Ctype, int ldc,
                                          long long strideC, int batchCount,
                                          cublasComputeType_t computeType, cublasGemmAlgo_t algo) {
  (void)algo;
  cublas_gemm_problem p = {0,       0, ta,   tb,  m,       n,         k,    alpha,
                           beta,    A, NULL, lda, strideA, B,         NULL, ldb,
                           strideB, C, NULL, ldc, strideC, batchCount};
  return gemm_ex(h, &p, Atype, Btype, Ctype, computeType);
}

int cublas_gemm_ex_variant(cudaDataType ab, cudaDataType c, cublasComputeType_t compute,
                           int *scalar_size) {
  return ex_variant(ab, c, compute, scalar_size);
}
