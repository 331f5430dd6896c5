/* xt.c — cuBLASXt (include/cublasXt.h, docs/cublas.md "cuBLASXt"): level-3 routines on
 * matrices anywhere in memory (host or device), tiled in blockDim x blockDim blocks. Each
 * tile of the result is assigned round robin to one of the selected devices; its operand
 * tiles are copied there (cudaMemcpy2D, cudaMemcpyDefault: host or device sources alike),
 * computed by this library's own cuBLAS routines on that device's handle — the diagonal
 * tiles by the routine itself (syrk, symm, trsm ...), the others by gemm — and copied
 * back. Every call is blocking, as NVIDIA's. No work runs on the CPU: the CPU routine and
 * ratio of the hybrid mode are recorded and documented as not used (see SetCpuRatio). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cublasXt.h>

#include "cublas_internal.h"

#define XT_MAX_DEVICES 16
#define XT_DEFAULT_BLOCK_DIM 1024

struct cublasXtContext {
  int ndevices; /* 0 until cublasXtDeviceSelect */
  int devices[XT_MAX_DEVICES];
  cublasHandle_t handles[XT_MAX_DEVICES];
  int block_dim;
  cublasXtPinnedMemMode_t pinning;
  void *cpu_routine[CUBLASXT_ROUTINE_MAX][4];
  float cpu_ratio[CUBLASXT_ROUTINE_MAX][4];
};

/* ---- helpers ---- */

static void release_devices(cublasXtHandle_t xt) {
  int current;
  if (cudaGetDevice(&current) != cudaSuccess) current = -1;
  for (int i = 0; i < xt->ndevices; i++) {
    cudaSetDevice(xt->devices[i]);
    cublasDestroy_v2(xt->handles[i]);
  }
  if (current >= 0) cudaSetDevice(current);
  xt->ndevices = 0;
}

cublasStatus_t cublasXtCreate(cublasXtHandle_t *handle) {
  if (!handle) return CUBLAS_STATUS_INVALID_VALUE;
  struct cublasXtContext *xt = calloc(1, sizeof *xt);
  if (!xt) return CUBLAS_STATUS_ALLOC_FAILED;
  xt->block_dim = XT_DEFAULT_BLOCK_DIM;
  xt->pinning = CUBLASXT_PINNING_DISABLED;
  *handle = xt;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtDestroy(cublasXtHandle_t handle) {
  if (!handle) return CUBLAS_STATUS_NOT_INITIALIZED;
  release_devices(handle);
  free(handle);
  return CUBLAS_STATUS_SUCCESS;
}

/* One board per device (Anchor's devices are separate GPUs). */
cublasStatus_t cublasXtGetNumBoards(int nbDevices, int deviceId[], int *nbBoards) {
  (void)deviceId;
  if (!nbBoards || nbDevices < 0) return CUBLAS_STATUS_INVALID_VALUE;
  *nbBoards = nbDevices;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtMaxBoards(int *nbGpuBoards) {
  if (!nbGpuBoards) return CUBLAS_STATUS_INVALID_VALUE;
  *nbGpuBoards = XT_MAX_DEVICES;
  return CUBLAS_STATUS_SUCCESS;
}

/* Every id must name an existing device, once; a cuBLAS handle is created on each. A
 * second call replaces the selection. */
cublasStatus_t cublasXtDeviceSelect(cublasXtHandle_t handle, int nbDevices, int deviceId[]) {
  if (!handle) return CUBLAS_STATUS_NOT_INITIALIZED;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) count = 0;
  if (nbDevices <= 0 || nbDevices > XT_MAX_DEVICES || !deviceId) return CUBLAS_STATUS_INVALID_VALUE;
  for (int i = 0; i < nbDevices; i++) {
    if (deviceId[i] < 0 || deviceId[i] >= count) return CUBLAS_STATUS_INVALID_VALUE;
    for (int j = 0; j < i; j++)
      if (deviceId[j] == deviceId[i]) return CUBLAS_STATUS_INVALID_VALUE;
  }
  release_devices(handle);
  int current;
  if (cudaGetDevice(&current) != cudaSuccess) return CUBLAS_STATUS_NOT_INITIALIZED;
  cublasStatus_t st = CUBLAS_STATUS_SUCCESS;
  for (int i = 0; i < nbDevices && st == CUBLAS_STATUS_SUCCESS; i++) {
    if (cudaSetDevice(deviceId[i]) != cudaSuccess) {
      st = CUBLAS_STATUS_INVALID_VALUE;
      break;
    }
    st = cublasCreate_v2(&handle->handles[i]);
    if (st == CUBLAS_STATUS_SUCCESS) {
      handle->devices[i] = deviceId[i];
      handle->ndevices = i + 1;
    } else if (st != CUBLAS_STATUS_ALLOC_FAILED) {
      st = CUBLAS_STATUS_INVALID_VALUE;
    }
  }
  cudaSetDevice(current);
  if (st != CUBLAS_STATUS_SUCCESS) release_devices(handle);
  return st;
}

cublasStatus_t cublasXtSetBlockDim(cublasXtHandle_t handle, int blockDim) {
  if (!handle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (blockDim <= 0) return CUBLAS_STATUS_INVALID_VALUE;
  handle->block_dim = blockDim;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetBlockDim(cublasXtHandle_t handle, int *blockDim) {
  if (!handle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!blockDim) return CUBLAS_STATUS_INVALID_VALUE;
  *blockDim = handle->block_dim;
  return CUBLAS_STATUS_SUCCESS;
}

/* Pinning mode: recorded. Anchor's copies from pageable and pinned memory take the same
 * path, so enabling it changes nothing but what GetPinningMemMode answers. */
cublasStatus_t cublasXtSetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t mode) {
  if (!handle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode != CUBLASXT_PINNING_DISABLED && mode != CUBLASXT_PINNING_ENABLED)
    return CUBLAS_STATUS_INVALID_VALUE;
  handle->pinning = mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t *mode) {
  if (!handle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!mode) return CUBLAS_STATUS_INVALID_VALUE;
  *mode = handle->pinning;
  return CUBLAS_STATUS_SUCCESS;
}

/* The hybrid mode exists for gemm only (NVIDIA: NOT_SUPPORTED for the other routines,
 * INVALID_VALUE for an operation or type out of range). The routine and ratio are
 * recorded; Anchor computes every tile on the GPU whatever the ratio (a ratio of 0, the
 * default, is NVIDIA's own all-GPU case; a nonzero one is a permission to offload that
 * Anchor does not use). A ratio outside [0, 1] is INVALID_VALUE. */
static cublasStatus_t cpu_args(cublasXtHandle_t handle, cublasXtBlasOp_t op, cublasXtOpType_t t) {
  if (!handle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if ((unsigned)op >= CUBLASXT_ROUTINE_MAX || (unsigned)t > CUBLASXT_DOUBLECOMPLEX)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (op != CUBLASXT_GEMM) return CUBLAS_STATUS_NOT_SUPPORTED;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetCpuRoutine(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp,
                                     cublasXtOpType_t type, void *blasFunctor) {
  cublasStatus_t st = cpu_args(handle, blasOp, type);
  if (st == CUBLAS_STATUS_SUCCESS) handle->cpu_routine[blasOp][type] = blasFunctor;
  return st;
}

cublasStatus_t cublasXtSetCpuRatio(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp,
                                   cublasXtOpType_t type, float ratio) {
  cublasStatus_t st = cpu_args(handle, blasOp, type);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  if (!(ratio >= 0 && ratio <= 1)) return CUBLAS_STATUS_INVALID_VALUE;
  handle->cpu_ratio[blasOp][type] = ratio;
  return CUBLAS_STATUS_SUCCESS;
}

/* ---- one call's state: its type, the tile buffers on each device ---- */

enum { TA, TB, TC, TILES };

typedef struct {
  cublasXtHandle_t xt;
  cublas_type type;
  size_t es; /* element bytes */
  int bd;
  void *buf[XT_MAX_DEVICES][TILES];
  int current; /* the caller's device, restored at the end */
  int dev;     /* index of the device of the tile being computed */
} xt_call;

static cublasStatus_t call_begin(xt_call *c, cublasXtHandle_t xt, cublas_type type) {
  memset(c, 0, sizeof *c);
  if (!xt) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (xt->ndevices == 0) return CUBLAS_STATUS_NOT_INITIALIZED;
  c->xt = xt;
  c->type = type;
  c->es = (size_t)cublas_type_size[type];
  c->bd = xt->block_dim;
  if (cudaGetDevice(&c->current) != cudaSuccess) return CUBLAS_STATUS_NOT_INITIALIZED;
  return CUBLAS_STATUS_SUCCESS;
}

/* Allocates each device's three tile buffers of rows x cols elements at most. */
static cublasStatus_t call_alloc(xt_call *c, size_t rows, size_t cols) {
  size_t r = rows < (size_t)c->bd ? rows : (size_t)c->bd;
  size_t k = cols < (size_t)c->bd ? cols : (size_t)c->bd;
  size_t bytes = (r > k ? r : k) * (r > k ? r : k) * c->es;
  if (bytes == 0) bytes = c->es;
  for (int d = 0; d < c->xt->ndevices; d++) {
    if (cudaSetDevice(c->xt->devices[d]) != cudaSuccess) return CUBLAS_STATUS_EXECUTION_FAILED;
    for (int t = 0; t < TILES; t++)
      if (cudaMalloc(&c->buf[d][t], bytes) != cudaSuccess) return CUBLAS_STATUS_ALLOC_FAILED;
  }
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t call_end(xt_call *c, cublasStatus_t st) {
  if (!c->xt) return st;
  for (int d = 0; d < c->xt->ndevices; d++) {
    cudaSetDevice(c->xt->devices[d]);
    if (st == CUBLAS_STATUS_SUCCESS && cudaDeviceSynchronize() != cudaSuccess)
      st = CUBLAS_STATUS_EXECUTION_FAILED;
    for (int t = 0; t < TILES; t++)
      if (c->buf[d][t]) cudaFree(c->buf[d][t]);
  }
  cudaSetDevice(c->current);
  return st;
}

/* The device of result tile number `tile` (round robin); makes it current. */
static cublasHandle_t use_device(xt_call *c, size_t tile) {
  c->dev = (int)(tile % (size_t)c->xt->ndevices);
  cudaSetDevice(c->xt->devices[c->dev]);
  return c->xt->handles[c->dev];
}

static void *tile_buf(xt_call *c, int which) {
  return c->buf[c->dev][which];
}

/* Copies rows x cols elements at (r0, c0) of a column-major matrix (ld) into a dense
 * device tile (leading dimension rows), or back. */
static cublasStatus_t put(xt_call *c, void *tile, const void *M, size_t ld, size_t r0, size_t c0,
                          size_t rows, size_t cols) {
  if (rows == 0 || cols == 0) return CUBLAS_STATUS_SUCCESS;
  const char *src = (const char *)M + (r0 + c0 * ld) * c->es;
  return cudaMemcpy2D(tile, rows * c->es, src, ld * c->es, rows * c->es, cols, cudaMemcpyDefault) ==
                 cudaSuccess
             ? CUBLAS_STATUS_SUCCESS
             : CUBLAS_STATUS_MAPPING_ERROR;
}
static cublasStatus_t get(xt_call *c, void *M, size_t ld, size_t r0, size_t c0, size_t rows,
                          size_t cols, const void *tile) {
  if (rows == 0 || cols == 0) return CUBLAS_STATUS_SUCCESS;
  char *dst = (char *)M + (r0 + c0 * ld) * c->es;
  return cudaMemcpy2D(dst, ld * c->es, tile, rows * c->es, rows * c->es, cols, cudaMemcpyDefault) ==
                 cudaSuccess
             ? CUBLAS_STATUS_SUCCESS
             : CUBLAS_STATUS_MAPPING_ERROR;
}

/* The rows x cols tile at (r0, c0) of op(M), op(M) = M, M^T or M^H: the tile of M stored
 * there (transposed for T and C), as gemm then takes it with the same op. */
static cublasStatus_t put_op(xt_call *c, void *tile, cublasOperation_t op, const void *M, size_t ld,
                             size_t r0, size_t c0, size_t rows, size_t cols) {
  if (op == CUBLAS_OP_N) return put(c, tile, M, ld, r0, c0, rows, cols);
  return put(c, tile, M, ld, c0, r0, cols, rows);
}

/* Scalars of each type: one and minus one; a real scalar as the complex one. */
static void scalar_real(cublas_type t, double v, unsigned char out[16]) {
  memset(out, 0, 16);
  if (t == CUBLAS_TYPE_S || t == CUBLAS_TYPE_C) {
    float f = (float)v;
    memcpy(out, &f, sizeof f);
  } else {
    memcpy(out, &v, sizeof v);
  }
}
/* The complex conjugate of a scalar of type t (a copy for real types). */
static void scalar_conj(cublas_type t, const void *v, unsigned char out[16]) {
  memcpy(out, v, (size_t)cublas_type_size[t]);
  if (t == CUBLAS_TYPE_C) {
    float f[2];
    memcpy(f, out, 8);
    f[1] = -f[1];
    memcpy(out, f, 8);
  } else if (t == CUBLAS_TYPE_Z) {
    double d[2];
    memcpy(d, out, 16);
    d[1] = -d[1];
    memcpy(out, d, 16);
  }
}

/* ---- the typed cuBLAS routines behind one signature ---- */

static cublasStatus_t gemm(cublasHandle_t h, cublas_type t, cublasOperation_t ta,
                           cublasOperation_t tb, int m, int n, int k, const void *alpha,
                           const void *A, int lda, const void *B, int ldb, const void *beta,
                           void *C, int ldc) {
  switch (t) {
  case CUBLAS_TYPE_S:
    return cublasSgemm_v2(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  case CUBLAS_TYPE_D:
    return cublasDgemm_v2(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  case CUBLAS_TYPE_C:
    return cublasCgemm_v2(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  default: return cublasZgemm_v2(h, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  }
}

/* The rank-k family on one diagonal tile: kind 0 syrk, 1 herk, 2 syrkx, 3 herkx, 4 syr2k,
 * 5 her2k. */
enum { K_SYRK, K_HERK, K_SYRKX, K_HERKX, K_SYR2K, K_HER2K };
static cublasStatus_t rankk(cublasHandle_t h, cublas_type t, int kind, cublasFillMode_t uplo,
                            cublasOperation_t tr, int n, int k, const void *alpha, const void *A,
                            int lda, const void *B, int ldb, const void *beta, void *C, int ldc) {
#define RK(P, T)                                                                                   \
  switch (kind) {                                                                                  \
  case K_SYRK: return cublas##P##syrk_v2(h, uplo, tr, n, k, alpha, A, lda, beta, C, ldc);          \
  case K_SYRKX: return cublas##P##syrkx(h, uplo, tr, n, k, alpha, A, lda, B, ldb, beta, C, ldc);   \
  default: return cublas##P##syr2k_v2(h, uplo, tr, n, k, alpha, A, lda, B, ldb, beta, C, ldc);     \
  }
#define HK(P, T, R)                                                                                \
  switch (kind) {                                                                                  \
  case K_HERK: return cublas##P##herk_v2(h, uplo, tr, n, k, alpha, A, lda, beta, C, ldc);          \
  case K_HERKX: return cublas##P##herkx(h, uplo, tr, n, k, alpha, A, lda, B, ldb, beta, C, ldc);   \
  case K_HER2K:                                                                                    \
      return cublas##P##her2k_v2(h, uplo, tr, n, k, alpha, A, lda, B, ldb, beta, C, ldc);          \
  default: RK(P, T)                                                                                \
  }
  switch (t) {
  case CUBLAS_TYPE_S: RK(S, float)
  case CUBLAS_TYPE_D: RK(D, double)
  case CUBLAS_TYPE_C: HK(C, cuComplex, float)
  default: HK(Z, cuDoubleComplex, double)
  }
#undef RK
#undef HK
}

static cublasStatus_t symm(cublasHandle_t h, cublas_type t, int herm, cublasSideMode_t side,
                           cublasFillMode_t uplo, int m, int n, const void *alpha, const void *A,
                           int lda, const void *B, int ldb, const void *beta, void *C, int ldc) {
  switch (t) {
  case CUBLAS_TYPE_S:
    return cublasSsymm_v2(h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
  case CUBLAS_TYPE_D:
    return cublasDsymm_v2(h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
  case CUBLAS_TYPE_C:
    return herm ? cublasChemm_v2(h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc)
                : cublasCsymm_v2(h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
  default:
    return herm ? cublasZhemm_v2(h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc)
                : cublasZsymm_v2(h, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc);
  }
}

static cublasStatus_t trsm(cublasHandle_t h, cublas_type t, cublasSideMode_t side,
                           cublasFillMode_t uplo, cublasOperation_t tr, cublasDiagType_t diag,
                           int m, int n, const void *alpha, const void *A, int lda, void *B,
                           int ldb) {
  switch (t) {
  case CUBLAS_TYPE_S: return cublasStrsm_v2(h, side, uplo, tr, diag, m, n, alpha, A, lda, B, ldb);
  case CUBLAS_TYPE_D: return cublasDtrsm_v2(h, side, uplo, tr, diag, m, n, alpha, A, lda, B, ldb);
  case CUBLAS_TYPE_C: return cublasCtrsm_v2(h, side, uplo, tr, diag, m, n, alpha, A, lda, B, ldb);
  default: return cublasZtrsm_v2(h, side, uplo, tr, diag, m, n, alpha, A, lda, B, ldb);
  }
}

static cublasStatus_t trmm(cublasHandle_t h, cublas_type t, cublasSideMode_t side,
                           cublasFillMode_t uplo, cublasOperation_t tr, cublasDiagType_t diag,
                           int m, int n, const void *alpha, const void *A, int lda, const void *B,
                           int ldb, void *C, int ldc) {
  switch (t) {
  case CUBLAS_TYPE_S:
    return cublasStrmm_v2(h, side, uplo, tr, diag, m, n, alpha, A, lda, B, ldb, C, ldc);
  case CUBLAS_TYPE_D:
    return cublasDtrmm_v2(h, side, uplo, tr, diag, m, n, alpha, A, lda, B, ldb, C, ldc);
  case CUBLAS_TYPE_C:
    return cublasCtrmm_v2(h, side, uplo, tr, diag, m, n, alpha, A, lda, B, ldb, C, ldc);
  default: return cublasZtrmm_v2(h, side, uplo, tr, diag, m, n, alpha, A, lda, B, ldb, C, ldc);
  }
}

#define TRY(x)                                                                                     \
  do {                                                                                             \
    cublasStatus_t st_ = (x);                                                                      \
    if (st_ != CUBLAS_STATUS_SUCCESS) return st_;                                                  \
  } while (0)

static size_t blocks(size_t n, int bd) {
  return n == 0 ? 0 : (n + (size_t)bd - 1) / (size_t)bd;
}
static size_t span(size_t n, int bd, size_t i) {
  size_t r = n - i * (size_t)bd;
  return r < (size_t)bd ? r : (size_t)bd;
}
static int valid_op(cublasOperation_t op) {
  return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}
static int valid_fill(cublasFillMode_t f) {
  return f == CUBLAS_FILL_MODE_LOWER || f == CUBLAS_FILL_MODE_UPPER;
}
static int valid_side(cublasSideMode_t s) {
  return s == CUBLAS_SIDE_LEFT || s == CUBLAS_SIDE_RIGHT;
}
static size_t at_least_1(size_t v) {
  return v < 1 ? 1 : v;
}

/* ---- gemm: C tile (I, J) = sum over L of op(A)_IL op(B)_LJ, accumulated on the device
 * (beta for the first L, then 1) ---- */
static cublasStatus_t xt_gemm_body(xt_call *c, cublasOperation_t ta, cublasOperation_t tb, size_t m,
                                   size_t n, size_t k, const void *alpha, const void *A, size_t lda,
                                   const void *B, size_t ldb, const void *beta, void *C,
                                   size_t ldc) {
  unsigned char one[16];
  scalar_real(c->type, 1, one);
  TRY(call_alloc(c, m > n ? m : n, k));
  size_t bi = blocks(m, c->bd), bj = blocks(n, c->bd), bl = blocks(k, c->bd);
  for (size_t j = 0, tile = 0; j < bj; j++)
    for (size_t i = 0; i < bi; i++, tile++) {
      cublasHandle_t h = use_device(c, tile);
      size_t mi = span(m, c->bd, i), nj = span(n, c->bd, j);
      void *tC = tile_buf(c, TC);
      TRY(put(c, tC, C, ldc, i * c->bd, j * c->bd, mi, nj));
      for (size_t l = 0; l < (bl ? bl : 1); l++) {
        size_t kl = bl ? span(k, c->bd, l) : 0;
        void *tA = tile_buf(c, TA), *tB = tile_buf(c, TB);
        TRY(put_op(c, tA, ta, A, lda, i * c->bd, l * c->bd, mi, kl));
        TRY(put_op(c, tB, tb, B, ldb, l * c->bd, j * c->bd, kl, nj));
        int ldA = (int)(ta == CUBLAS_OP_N ? mi : at_least_1(kl));
        int ldB = (int)(tb == CUBLAS_OP_N ? at_least_1(kl) : nj);
        TRY(gemm(h, c->type, ta, tb, (int)mi, (int)nj, (int)kl, alpha, tA, ldA, tB, ldB,
                 l == 0 ? beta : one, tC, (int)mi));
      }
      TRY(get(c, C, ldc, i * c->bd, j * c->bd, mi, nj, tC));
    }
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t xt_gemm(cublasXtHandle_t handle, cublas_type t, cublasOperation_t ta,
                              cublasOperation_t tb, size_t m, size_t n, size_t k, const void *alpha,
                              const void *A, size_t lda, const void *B, size_t ldb,
                              const void *beta, void *C, size_t ldc) {
  xt_call c;
  TRY(call_begin(&c, handle, t));
  if (!valid_op(ta) || !valid_op(tb) || lda < at_least_1(ta == CUBLAS_OP_N ? m : k) ||
      ldb < at_least_1(tb == CUBLAS_OP_N ? k : n) || ldc < at_least_1(m) || !alpha || !beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return call_end(&c, xt_gemm_body(&c, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}

/* ---- the rank-k family: the tiles of C's uplo triangle; diagonal tiles by the routine on
 * the tile, the others by gemm (two for the 2k forms), k in blocks accumulated ---- */
static cublasStatus_t xt_rankk_body(xt_call *c, int kind, cublasFillMode_t uplo,
                                    cublasOperation_t tr, size_t n, size_t k, const void *alpha,
                                    const void *A, size_t lda, const void *B, size_t ldb,
                                    const void *beta, void *C, size_t ldc) {
  cublas_type t = c->type;
  int herm = kind == K_HERK || kind == K_HERKX || kind == K_HER2K;
  /* The gemm operations of the off-diagonal tiles: op(A)_I op(B)_J^T (^H when hermitian). */
  cublasOperation_t back = herm ? CUBLAS_OP_C : CUBLAS_OP_T;
  cublasOperation_t ga = tr == CUBLAS_OP_N ? CUBLAS_OP_N : back;
  cublasOperation_t gb = tr == CUBLAS_OP_N ? back : CUBLAS_OP_N;
  /* herk's and the hermitian forms' real scalars as complex for gemm; her2k's second
   * product takes conj(alpha); syr2k's alpha. */
  unsigned char one_r[16], one[16], ga_alpha[16], gbeta[16], alpha2[16];
  scalar_real(t, 1, one);
  memcpy(one_r, one, 16);
  if (kind == K_HERK) {
    double a = t == CUBLAS_TYPE_C ? *(const float *)alpha : *(const double *)alpha;
    scalar_real(t, a, ga_alpha);
  } else {
    memcpy(ga_alpha, alpha, (size_t)cublas_type_size[t]);
  }
  if (herm) {
    double b = t == CUBLAS_TYPE_C ? *(const float *)beta : *(const double *)beta;
    scalar_real(t, b, gbeta);
  } else {
    memcpy(gbeta, beta, (size_t)cublas_type_size[t]);
  }
  if (kind == K_HER2K)
    scalar_conj(t, alpha, alpha2);
  else
    memcpy(alpha2, alpha, (size_t)cublas_type_size[t]);
  /* herk's and her2k's, herkx's real beta for their own diagonal call: one as real */
  if (herm) scalar_real(t == CUBLAS_TYPE_C ? CUBLAS_TYPE_S : CUBLAS_TYPE_D, 1, one_r);
  const void *Bm = kind == K_SYRK || kind == K_HERK ? A : B;
  size_t ldbm = kind == K_SYRK || kind == K_HERK ? lda : ldb;
  TRY(call_alloc(c, n, k));
  size_t bn = blocks(n, c->bd), bl = blocks(k, c->bd), tile = 0;
  for (size_t j = 0; j < bn; j++)
    for (size_t i = 0; i < bn; i++) {
      if (uplo == CUBLAS_FILL_MODE_LOWER ? i < j : i > j) continue;
      cublasHandle_t h = use_device(c, tile++);
      size_t ni = span(n, c->bd, i), nj = span(n, c->bd, j);
      void *tA = tile_buf(c, TA), *tB = tile_buf(c, TB), *tC = tile_buf(c, TC);
      TRY(put(c, tC, C, ldc, i * c->bd, j * c->bd, ni, nj));
      for (size_t l = 0; l < (bl ? bl : 1); l++) {
        size_t kl = bl ? span(k, c->bd, l) : 0;
        /* op(A) rows i, op(B) rows j (tiles of op(X) = X for N, X^T for T/C, k columns) */
        cublasOperation_t opx = tr == CUBLAS_OP_N ? CUBLAS_OP_N : CUBLAS_OP_T;
        int ld_i = (int)(tr == CUBLAS_OP_N ? ni : at_least_1(kl));
        int ld_j = (int)(tr == CUBLAS_OP_N ? nj : at_least_1(kl));
        const void *b_first = l == 0 ? (i == j ? beta : gbeta) : (i == j && herm ? one_r : one);
        if (i == j) {
          TRY(put_op(c, tA, opx, A, lda, i * c->bd, l * c->bd, ni, kl));
          if (kind != K_SYRK && kind != K_HERK)
            TRY(put_op(c, tB, opx, B, ldb, j * c->bd, l * c->bd, nj, kl));
          TRY(rankk(h, t, kind, uplo, tr, (int)ni, (int)kl, alpha, tA, ld_i, tB, ld_j, b_first, tC,
                    (int)ni));
          continue;
        }
        /* C_ij += alpha op(A)_i op(B)_j^T */
        TRY(put_op(c, tA, opx, A, lda, i * c->bd, l * c->bd, ni, kl));
        TRY(put_op(c, tB, opx, Bm, ldbm, j * c->bd, l * c->bd, nj, kl));
        TRY(gemm(h, t, ga, gb, (int)ni, (int)nj, (int)kl, ga_alpha, tA, ld_i, tB, ld_j, b_first, tC,
                 (int)ni));
        if (kind == K_SYR2K || kind == K_HER2K) {
          /* + alpha2 op(B)_i op(A)_j^T */
          TRY(put_op(c, tA, opx, B, ldb, i * c->bd, l * c->bd, ni, kl));
          TRY(put_op(c, tB, opx, A, lda, j * c->bd, l * c->bd, nj, kl));
          TRY(gemm(h, t, ga, gb, (int)ni, (int)nj, (int)kl, alpha2, tA, ld_i, tB, ld_j, one, tC,
                   (int)ni));
        }
      }
      TRY(get(c, C, ldc, i * c->bd, j * c->bd, ni, nj, tC));
    }
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t xt_rankk(cublasXtHandle_t handle, cublas_type t, int kind,
                               cublasFillMode_t uplo, cublasOperation_t tr, size_t n, size_t k,
                               const void *alpha, const void *A, size_t lda, const void *B,
                               size_t ldb, const void *beta, void *C, size_t ldc) {
  xt_call c;
  TRY(call_begin(&c, handle, t));
  int herm = kind == K_HERK || kind == K_HERKX || kind == K_HER2K;
  int real = t == CUBLAS_TYPE_S || t == CUBLAS_TYPE_D;
  /* syrk takes N or T (and C for real types, meaning T), the hermitian forms N or C */
  if (!valid_fill(uplo) || !valid_op(tr) ||
      (!real && (herm ? tr == CUBLAS_OP_T : tr == CUBLAS_OP_C)))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (real && tr == CUBLAS_OP_C) tr = CUBLAS_OP_T;
  size_t rows = tr == CUBLAS_OP_N ? n : k;
  int two = kind != K_SYRK && kind != K_HERK;
  if (lda < at_least_1(rows) || (two && ldb < at_least_1(rows)) || ldc < at_least_1(n) || !alpha ||
      !beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (n == 0) return CUBLAS_STATUS_SUCCESS;
  return call_end(&c, xt_rankk_body(&c, kind, uplo, tr, n, k, alpha, A, lda, B, ldb, beta, C, ldc));
}

/* ---- symm, hemm, spmm: C tile (I, J) = sum over L of A_IL B_LJ (left) or B_IL A_LJ
 * (right). A tile in the stored triangle is copied as it is; one in the other triangle is
 * its mirror, transposed (conjugated for hemm) by gemm's op; a diagonal tile goes to
 * symm/hemm with uplo. A packed AP (spmm) is copied column by column. ---- */

/* Copies the tile (r0, c0, rows x cols) of the stored triangle of a symmetric matrix: from
 * A (ld) or, when AP, from the packed triangle of order n. For a diagonal tile only the
 * stored triangle's elements are meaningful. */
static cublasStatus_t put_sym(xt_call *c, void *tile, const void *A, size_t lda, const void *AP,
                              size_t n, cublasFillMode_t uplo, size_t r0, size_t c0, size_t rows,
                              size_t cols) {
  if (!AP) return put(c, tile, A, lda, r0, c0, rows, cols);
  for (size_t j = 0; j < cols; j++) {
    size_t col = c0 + j, lo = r0, hi = r0 + rows; /* rows [lo, hi) of this column */
    size_t first, off;
    if (uplo == CUBLAS_FILL_MODE_UPPER) {
      if (hi > col + 1) hi = col + 1; /* rows 0..col stored */
      first = col * (col + 1) / 2;    /* element (0, col) */
      off = first + lo;
    } else {
      if (lo < col) lo = col;                /* rows col..n-1 stored */
      first = col * n - col * (col - 1) / 2; /* element (col, col) */
      off = first + (lo - col);
    }
    if (lo >= hi) continue;
    if (cudaMemcpy((char *)tile + (j * rows + (lo - r0)) * c->es, (const char *)AP + off * c->es,
                   (hi - lo) * c->es, cudaMemcpyDefault) != cudaSuccess)
      return CUBLAS_STATUS_MAPPING_ERROR;
  }
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t xt_symm_body(xt_call *c, int herm, cublasSideMode_t side,
                                   cublasFillMode_t uplo, size_t m, size_t n, const void *alpha,
                                   const void *A, size_t lda, const void *AP, const void *B,
                                   size_t ldb, const void *beta, void *C, size_t ldc) {
  cublas_type t = c->type;
  unsigned char one[16];
  scalar_real(t, 1, one);
  size_t na = side == CUBLAS_SIDE_LEFT ? m : n; /* A's order */
  TRY(call_alloc(c, m > n ? m : n, na));
  size_t bi = blocks(m, c->bd), bj = blocks(n, c->bd), bl = blocks(na, c->bd), tile = 0;
  cublasOperation_t mirror = herm ? CUBLAS_OP_C : CUBLAS_OP_T;
  for (size_t j = 0; j < bj; j++)
    for (size_t i = 0; i < bi; i++) {
      cublasHandle_t h = use_device(c, tile++);
      size_t mi = span(m, c->bd, i), nj = span(n, c->bd, j);
      void *tA = tile_buf(c, TA), *tB = tile_buf(c, TB), *tC = tile_buf(c, TC);
      TRY(put(c, tC, C, ldc, i * c->bd, j * c->bd, mi, nj));
      for (size_t l = 0; l < bl; l++) {
        size_t kl = span(na, c->bd, l);
        const void *b = l == 0 ? beta : one;
        /* A's tile (p, q): (i, l) on the left, (l, j) on the right */
        size_t p = side == CUBLAS_SIDE_LEFT ? i : l, q = side == CUBLAS_SIDE_LEFT ? l : j;
        size_t rp = span(na, c->bd, p), cq = span(na, c->bd, q);
        int stored = uplo == CUBLAS_FILL_MODE_LOWER ? p >= q : p <= q;
        cublasOperation_t opa = CUBLAS_OP_N;
        if (stored) {
          TRY(put_sym(c, tA, A, lda, AP, na, uplo, p * c->bd, q * c->bd, rp, cq));
        } else {
          TRY(put_sym(c, tA, A, lda, AP, na, uplo, q * c->bd, p * c->bd, cq, rp));
          opa = mirror;
        }
        int ldA = (int)(stored ? rp : cq);
        if (side == CUBLAS_SIDE_LEFT) {
          TRY(put(c, tB, B, ldb, l * c->bd, j * c->bd, kl, nj));
          if (p == q)
            TRY(symm(h, t, herm, side, uplo, (int)mi, (int)nj, alpha, tA, ldA, tB, (int)kl, b, tC,
                     (int)mi));
          else
            TRY(gemm(h, t, opa, CUBLAS_OP_N, (int)mi, (int)nj, (int)kl, alpha, tA, ldA, tB, (int)kl,
                     b, tC, (int)mi));
        } else {
          TRY(put(c, tB, B, ldb, i * c->bd, l * c->bd, mi, kl));
          if (p == q)
            TRY(symm(h, t, herm, side, uplo, (int)mi, (int)nj, alpha, tA, ldA, tB, (int)mi, b, tC,
                     (int)mi));
          else
            TRY(gemm(h, t, CUBLAS_OP_N, opa, (int)mi, (int)nj, (int)kl, alpha, tB, (int)mi, tA, ldA,
                     b, tC, (int)mi));
        }
      }
      TRY(get(c, C, ldc, i * c->bd, j * c->bd, mi, nj, tC));
    }
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t xt_symm(cublasXtHandle_t handle, cublas_type t, int herm,
                              cublasSideMode_t side, cublasFillMode_t uplo, size_t m, size_t n,
                              const void *alpha, const void *A, size_t lda, const void *AP,
                              const void *B, size_t ldb, const void *beta, void *C, size_t ldc) {
  xt_call c;
  TRY(call_begin(&c, handle, t));
  size_t na = side == CUBLAS_SIDE_LEFT ? m : n;
  if (!valid_side(side) || !valid_fill(uplo) || (!AP && lda < at_least_1(na)) ||
      ldb < at_least_1(m) || ldc < at_least_1(m) || !alpha || !beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (AP) { /* NVIDIA: spmm's AP must be host memory */
    struct cudaPointerAttributes attr;
    if (cudaPointerGetAttributes(&attr, AP) == cudaSuccess && attr.type == cudaMemoryTypeDevice)
      return CUBLAS_STATUS_NOT_SUPPORTED;
    cudaGetLastError();
  }
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return call_end(
      &c, xt_symm_body(&c, herm, side, uplo, m, n, alpha, A, lda, AP, B, ldb, beta, C, ldc));
}

/* Whether op(A) is lower triangular. */
static int op_lower(cublasFillMode_t uplo, cublasOperation_t tr) {
  return (uplo == CUBLAS_FILL_MODE_LOWER) == (tr == CUBLAS_OP_N);
}

/* The tile (p, q) of op(A) for gemm: stored tile and gemm's op. */
static cublasStatus_t put_tri(xt_call *c, void *tile, cublasOperation_t tr, const void *A,
                              size_t lda, size_t na, size_t p, size_t q, int *ld) {
  size_t rp = span(na, c->bd, p), cq = span(na, c->bd, q);
  *ld = (int)(tr == CUBLAS_OP_N ? rp : cq);
  return put_op(c, tile, tr, A, lda, p * c->bd, q * c->bd, rp, cq);
}

/* ---- trsm: block substitution. Left: row block I of X solves op(A)_II X_I = alpha B_I -
 * sum op(A)_IL X_L over the blocks L already solved (ascending I when op(A) is lower,
 * descending when upper); right: column block J likewise. B is overwritten in place, so
 * the solved blocks are read back from it. ---- */
static cublasStatus_t xt_trsm_body(xt_call *c, cublasSideMode_t side, cublasFillMode_t uplo,
                                   cublasOperation_t tr, cublasDiagType_t diag, size_t m, size_t n,
                                   const void *alpha, const void *A, size_t lda, void *B,
                                   size_t ldb) {
  cublas_type t = c->type;
  unsigned char one[16], minus_one[16];
  scalar_real(t, 1, one);
  scalar_real(t, -1, minus_one);
  int left = side == CUBLAS_SIDE_LEFT, lower = op_lower(uplo, tr);
  size_t na = left ? m : n;
  TRY(call_alloc(c, m > n ? m : n, na));
  size_t bi = blocks(m, c->bd), bj = blocks(n, c->bd), bs = blocks(na, c->bd), tile = 0;
  /* the order of the solved dimension: forward for op(A) lower on the left, upper on the
   * right */
  int forward = left ? lower : !lower;
  for (size_t s = 0; s < bs; s++) {
    size_t blk = forward ? s : bs - 1 - s; /* the block being solved */
    size_t other_n = left ? bj : bi;
    for (size_t o = 0; o < other_n; o++) {
      size_t i = left ? blk : o, j = left ? o : blk;
      cublasHandle_t h = use_device(c, tile++);
      size_t mi = span(m, c->bd, i), nj = span(n, c->bd, j);
      void *tA = tile_buf(c, TA), *tB = tile_buf(c, TB), *tC = tile_buf(c, TC);
      TRY(put(c, tC, B, ldb, i * c->bd, j * c->bd, mi, nj));
      const void *diag_alpha = alpha;
      for (size_t s2 = 0; s2 < s; s2++) {
        size_t l = forward ? s2 : bs - 1 - s2; /* a solved block */
        int ld;
        const void *b = s2 == 0 ? alpha : one;
        if (left) { /* C_ij = -op(A)_il X_lj + ... */
          size_t kl = span(m, c->bd, l);
          TRY(put_tri(c, tA, tr, A, lda, na, i, l, &ld));
          TRY(put(c, tB, B, ldb, l * c->bd, j * c->bd, kl, nj));
          TRY(gemm(h, t, tr, CUBLAS_OP_N, (int)mi, (int)nj, (int)kl, minus_one, tA, ld, tB, (int)kl,
                   b, tC, (int)mi));
        } else { /* C_ij = -X_il op(A)_lj + ... */
          size_t kl = span(n, c->bd, l);
          TRY(put_tri(c, tA, tr, A, lda, na, l, j, &ld));
          TRY(put(c, tB, B, ldb, i * c->bd, l * c->bd, mi, kl));
          TRY(gemm(h, t, CUBLAS_OP_N, tr, (int)mi, (int)nj, (int)kl, minus_one, tB, (int)mi, tA, ld,
                   b, tC, (int)mi));
        }
        diag_alpha = one;
      }
      int ld;
      TRY(put_tri(c, tA, CUBLAS_OP_N, A, lda, na, blk, blk, &ld));
      TRY(trsm(h, t, side, uplo, tr, diag, (int)mi, (int)nj, diag_alpha, tA, ld, tC, (int)mi));
      TRY(get(c, B, ldb, i * c->bd, j * c->bd, mi, nj, tC));
    }
  }
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t check_tri(cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t tr,
                                cublasDiagType_t diag, size_t m, size_t n, const void *alpha,
                                size_t lda, size_t ldb) {
  size_t na = side == CUBLAS_SIDE_LEFT ? m : n;
  if (!valid_side(side) || !valid_fill(uplo) || !valid_op(tr) ||
      (diag != CUBLAS_DIAG_NON_UNIT && diag != CUBLAS_DIAG_UNIT) || lda < at_least_1(na) ||
      ldb < at_least_1(m) || !alpha)
    return CUBLAS_STATUS_INVALID_VALUE;
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t xt_trsm(cublasXtHandle_t handle, cublas_type t, cublasSideMode_t side,
                              cublasFillMode_t uplo, cublasOperation_t tr, cublasDiagType_t diag,
                              size_t m, size_t n, const void *alpha, const void *A, size_t lda,
                              void *B, size_t ldb) {
  xt_call c;
  TRY(call_begin(&c, handle, t));
  TRY(check_tri(side, uplo, tr, diag, m, n, alpha, lda, ldb));
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return call_end(&c, xt_trsm_body(&c, side, uplo, tr, diag, m, n, alpha, A, lda, B, ldb));
}

/* ---- trmm: C tile (I, J) = alpha (op(A)_II B_IJ + sum op(A)_IL B_LJ over the other
 * blocks of op(A)'s triangle) on the left, B_IL op(A)_LJ on the right. Blocks are computed
 * in the order that leaves every B block unread once its C block is written, so C may be
 * B (in place) ---- */
static cublasStatus_t xt_trmm_body(xt_call *c, cublasSideMode_t side, cublasFillMode_t uplo,
                                   cublasOperation_t tr, cublasDiagType_t diag, size_t m, size_t n,
                                   const void *alpha, const void *A, size_t lda, const void *B,
                                   size_t ldb, void *C, size_t ldc) {
  cublas_type t = c->type;
  unsigned char one[16];
  scalar_real(t, 1, one);
  int left = side == CUBLAS_SIDE_LEFT, lower = op_lower(uplo, tr);
  size_t na = left ? m : n;
  TRY(call_alloc(c, m > n ? m : n, na));
  size_t bi = blocks(m, c->bd), bj = blocks(n, c->bd), bs = blocks(na, c->bd), tile = 0;
  /* left, op(A) lower: C_i reads B_l for l <= i: go down from the last block; upper: up.
   * right, op(A) lower: C_j reads B_l for l >= j: go up from the first; upper: down. */
  int descending = left ? lower : !lower;
  for (size_t s = 0; s < bs; s++) {
    size_t blk = descending ? bs - 1 - s : s;
    size_t other_n = left ? bj : bi;
    for (size_t o = 0; o < other_n; o++) {
      size_t i = left ? blk : o, j = left ? o : blk;
      cublasHandle_t h = use_device(c, tile++);
      size_t mi = span(m, c->bd, i), nj = span(n, c->bd, j);
      void *tA = tile_buf(c, TA), *tB = tile_buf(c, TB), *tC = tile_buf(c, TC);
      int ld;
      TRY(put_tri(c, tA, CUBLAS_OP_N, A, lda, na, blk, blk, &ld));
      TRY(put(c, tB, B, ldb, i * c->bd, j * c->bd, mi, nj));
      TRY(trmm(h, t, side, uplo, tr, diag, (int)mi, (int)nj, alpha, tA, ld, tB, (int)mi, tC,
               (int)mi));
      for (size_t l = 0; l < bs; l++) {
        /* the blocks of op(A)'s triangle other than the diagonal: left (i, l), right (l, j) */
        if (l == blk || (left ? (lower ? l > blk : l < blk) : (lower ? l < blk : l > blk)))
          continue;
        size_t kl = span(na, c->bd, l);
        if (left) {
          TRY(put_tri(c, tA, tr, A, lda, na, i, l, &ld));
          TRY(put(c, tB, B, ldb, l * c->bd, j * c->bd, kl, nj));
          TRY(gemm(h, t, tr, CUBLAS_OP_N, (int)mi, (int)nj, (int)kl, alpha, tA, ld, tB, (int)kl,
                   one, tC, (int)mi));
        } else {
          TRY(put_tri(c, tA, tr, A, lda, na, l, j, &ld));
          TRY(put(c, tB, B, ldb, i * c->bd, l * c->bd, mi, kl));
          TRY(gemm(h, t, CUBLAS_OP_N, tr, (int)mi, (int)nj, (int)kl, alpha, tB, (int)mi, tA, ld,
                   one, tC, (int)mi));
        }
      }
      TRY(get(c, C, ldc, i * c->bd, j * c->bd, mi, nj, tC));
    }
  }
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t xt_trmm(cublasXtHandle_t handle, cublas_type t, cublasSideMode_t side,
                              cublasFillMode_t uplo, cublasOperation_t tr, cublasDiagType_t diag,
                              size_t m, size_t n, const void *alpha, const void *A, size_t lda,
                              const void *B, size_t ldb, void *C, size_t ldc) {
  xt_call c;
  TRY(call_begin(&c, handle, t));
  TRY(check_tri(side, uplo, tr, diag, m, n, alpha, lda, ldb));
  if (ldc < at_least_1(m) || (C == B && ldc != ldb)) return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0) return CUBLAS_STATUS_SUCCESS;
  return call_end(&c, xt_trmm_body(&c, side, uplo, tr, diag, m, n, alpha, A, lda, B, ldb, C, ldc));
}

/* ---- the entry points: one shape macro per signature, one line per routine and type ---- */
#define XT_GEMM(P, T, TY)                                                                          \
  cublasStatus_t cublasXt##P##gemm(cublasXtHandle_t handle, cublasOperation_t transa,              \
                                   cublasOperation_t transb, size_t m, size_t n, size_t k,         \
                                   const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, \
                                   const T *beta, T *C, size_t ldc) {                              \
    return xt_gemm(handle, TY, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);      \
  }
/* syrk, herk: scalars of R (the real type for herk) */
#define XT_RANKK(NAME, T, R, TY, KIND)                                                             \
  cublasStatus_t cublasXt##NAME(cublasXtHandle_t handle, cublasFillMode_t uplo,                    \
                                cublasOperation_t trans, size_t n, size_t k, const R *alpha,       \
                                const T *A, size_t lda, const R *beta, T *C, size_t ldc) {         \
    return xt_rankk(handle, TY, KIND, uplo, trans, n, k, alpha, A, lda, NULL, 0, beta, C, ldc);    \
  }
/* syrkx, syr2k, herkx, her2k: beta of R (the real type for the hermitian forms) */
#define XT_RANKK2(NAME, T, R, TY, KIND)                                                            \
  cublasStatus_t cublasXt##NAME(cublasXtHandle_t handle, cublasFillMode_t uplo,                    \
                                cublasOperation_t trans, size_t n, size_t k, const T *alpha,       \
                                const T *A, size_t lda, const T *B, size_t ldb, const R *beta,     \
                                T *C, size_t ldc) {                                                \
    return xt_rankk(handle, TY, KIND, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);     \
  }
/* symm (HERM 0), hemm (1) */
#define XT_SYMM(NAME, T, TY, HERM)                                                                 \
  cublasStatus_t cublasXt##NAME(cublasXtHandle_t handle, cublasSideMode_t side,                    \
                                cublasFillMode_t uplo, size_t m, size_t n, const T *alpha,         \
                                const T *A, size_t lda, const T *B, size_t ldb, const T *beta,     \
                                T *C, size_t ldc) {                                                \
    return xt_symm(handle, TY, HERM, side, uplo, m, n, alpha, A, lda, NULL, B, ldb, beta, C, ldc); \
  }
#define XT_SPMM(P, T, TY)                                                                          \
  cublasStatus_t cublasXt##P##spmm(                                                                \
      cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, size_t m, size_t n,   \
      const T *alpha, const T *AP, const T *B, size_t ldb, const T *beta, T *C, size_t ldc) {      \
    if (!AP && handle) return CUBLAS_STATUS_INVALID_VALUE;                                         \
    return xt_symm(handle, TY, 0, side, uplo, m, n, alpha, NULL, 0, AP, B, ldb, beta, C, ldc);     \
  }
#define XT_TRSM(P, T, TY)                                                                          \
  cublasStatus_t cublasXt##P##trsm(cublasXtHandle_t handle, cublasSideMode_t side,                 \
                                   cublasFillMode_t uplo, cublasOperation_t trans,                 \
                                   cublasDiagType_t diag, size_t m, size_t n, const T *alpha,      \
                                   const T *A, size_t lda, T *B, size_t ldb) {                     \
    return xt_trsm(handle, TY, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb);              \
  }
#define XT_TRMM(P, T, TY)                                                                          \
  cublasStatus_t cublasXt##P##trmm(                                                                \
      cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,                       \
      cublasOperation_t trans, cublasDiagType_t diag, size_t m, size_t n, const T *alpha,          \
      const T *A, size_t lda, const T *B, size_t ldb, T *C, size_t ldc) {                          \
    return xt_trmm(handle, TY, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, C, ldc);      \
  }
/* the routines of every type */
#define XT_TYPED(P, T, TY)                                                                         \
  XT_GEMM(P, T, TY)                                                                                \
  XT_RANKK(P##syrk, T, T, TY, K_SYRK)                                                              \
  XT_RANKK2(P##syrkx, T, T, TY, K_SYRKX)                                                           \
  XT_RANKK2(P##syr2k, T, T, TY, K_SYR2K)                                                           \
  XT_SYMM(P##symm, T, TY, 0)                                                                       \
  XT_SPMM(P, T, TY)                                                                                \
  XT_TRSM(P, T, TY)                                                                                \
  XT_TRMM(P, T, TY)
XT_TYPED(S, float, CUBLAS_TYPE_S)
XT_TYPED(D, double, CUBLAS_TYPE_D)
XT_TYPED(C, cuComplex, CUBLAS_TYPE_C)
XT_TYPED(Z, cuDoubleComplex, CUBLAS_TYPE_Z)
XT_RANKK(Cherk, cuComplex, float, CUBLAS_TYPE_C, K_HERK)
XT_RANKK(Zherk, cuDoubleComplex, double, CUBLAS_TYPE_Z, K_HERK)
XT_RANKK2(Cherkx, cuComplex, float, CUBLAS_TYPE_C, K_HERKX)
XT_RANKK2(Zherkx, cuDoubleComplex, double, CUBLAS_TYPE_Z, K_HERKX)
XT_RANKK2(Cher2k, cuComplex, float, CUBLAS_TYPE_C, K_HER2K)
XT_RANKK2(Zher2k, cuDoubleComplex, double, CUBLAS_TYPE_Z, K_HER2K)
XT_SYMM(Chemm, cuComplex, CUBLAS_TYPE_C, 1)
XT_SYMM(Zhemm, cuDoubleComplex, CUBLAS_TYPE_Z, 1)
