/* lt.c — cuBLASLt's basics (libcublasLt, include/cublasLt.h): the handle, matmul
 * descriptors, matrix layouts, preferences, the heuristic (Anchor's one algorithm) and
 * cublasLtMatmul: D = epilogue(alpha op(A) op(B) + beta C) on libcublas's GEMM kernels
 * through the same internal entry as cublasGemmEx (cublas_gemm_run, gemm.c, with GemmEx's
 * type table cublas_gemm_ex_variant), plus lt.cu's copy of C into D (when C and D are
 * different matrices and C is read) and its epilogue kernel (bias, ReLU, GELU).
 *
 * Types (A/B -> C/D, compute, scale): 32F -> 32F (32F compute types), 16F -> 16F (16F or
 * 32F compute), 16F -> 32F, 16BF -> 16BF and 16BF -> 32F (32F compute), 64F -> 64F (64F
 * compute); the scale type must be the compute type's (16F, 32F, 64F); 8I A/B with 32I
 * compute go to lt_int8.c (its types and orders, the tiled ones included), fp8 A or B to
 * lt_fp8.c (its types, the TN layout, the scale and amax pointers). Anything else is
 * CUBLAS_STATUS_NOT_SUPPORTED, as are the tiled orders elsewhere, C and D of different
 * orders, pointer modes other than HOST and DEVICE, epilogues other than DEFAULT, RELU,
 * BIAS, RELU_BIAS, GELU, GELU_BIAS (lt.cu) and the AUX and gradient ones (lt_epilogue.c),
 * a bias type other than D's, pointer-array batches and planar complex. INVALID_VALUE: a NULL
 * descriptor, layout or scalar, shapes that do not agree (A: op(A) is D.rows x k, B: op(B) is k x
 * D.cols, C as D), a leading dimension below the rows (COL) or columns (ROW), batch counts that
 * differ from D's or are < 1, a bias epilogue without a bias pointer. */
#include <stdlib.h>
#include <string.h>

#include <cublasLt.h>

#include "cublas_internal.h"

#define LT_THREADS 256

extern void *cublas_lt_copy_kernels[], *cublas_lt_epilogue_kernels[],
    *cublas_lt_epilogue_wide_kernels[], *cublas_lt_widen_kernels[];

struct cublasLtContext {
  cublasHandle_t blas; /* its device, and the GEMM entry's handle (stream set per call) */
};

/* The descriptors as Anchor keeps them inside NVIDIA's opaque storage. */
typedef struct {
  uint32_t magic;
  uint32_t type;
  int32_t order;
  int32_t batch_count;
  uint64_t rows, cols;
  int64_t ld, stride, plane_offset;
  uint32_t batch_mode;
} lt_layout;
typedef struct {
  uint32_t magic;
  int32_t compute, scale, pointer_mode, transa, transb, transc, fill_mode;
  uint32_t epilogue;
  int32_t bias_type, sm_count;
  int8_t fast_accum;
  const void *bias;
  int64_t bias_stride;
  void *aux; /* the AUX and gradient epilogues' buffer (lt_epilogue.c) */
  int64_t aux_ld, aux_stride;
  int32_t aux_type;
  const void *scale_a, *scale_b, *scale_c, *scale_d; /* fp8 (lt_fp8.c) */
  void *amax_d;
} lt_desc;
typedef struct {
  uint32_t magic;
  uint32_t search_mode, reduction_mask, align[4];
  uint64_t max_workspace, impl_mask;
  float max_waves;
} lt_pref;
_Static_assert(sizeof(lt_layout) <= sizeof(cublasLtMatrixLayoutOpaque_t), "layout fits");
_Static_assert(sizeof(lt_desc) <= sizeof(cublasLtMatmulDescOpaque_t), "desc fits");
_Static_assert(sizeof(lt_pref) <= sizeof(cublasLtMatmulPreferenceOpaque_t), "pref fits");
#define LT_LAYOUT_MAGIC 0x4c744c61u
#define LT_DESC_MAGIC 0x4c744d64u
#define LT_PREF_MAGIC 0x4c745072u

/* ---- handle and library facts --------------------------------------------------- */
cublasStatus_t cublasLtCreate(cublasLtHandle_t *lightHandle) {
  if (!lightHandle) return CUBLAS_STATUS_INVALID_VALUE;
  struct cublasLtContext *h = calloc(1, sizeof *h);
  if (!h) return CUBLAS_STATUS_ALLOC_FAILED;
  cublasStatus_t st = cublasCreate_v2(&h->blas);
  if (st != CUBLAS_STATUS_SUCCESS) {
    free(h);
    return st;
  }
  *lightHandle = h;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtDestroy(cublasLtHandle_t lightHandle) {
  if (!lightHandle) return CUBLAS_STATUS_NOT_INITIALIZED;
  cublasStatus_t st = cublasDestroy_v2(lightHandle->blas);
  free(lightHandle);
  return st;
}

const char *cublasLtGetStatusName(cublasStatus_t status) {
  return cublasGetStatusName(status);
}
const char *cublasLtGetStatusString(cublasStatus_t status) {
  return cublasGetStatusString(status);
}
size_t cublasLtGetVersion(void) {
  return CUBLAS_VERSION;
}
size_t cublasLtGetCudartVersion(void) {
  return cublasGetCudartVersion();
}
cublasStatus_t cublasLtGetProperty(libraryPropertyType type, int *value) {
  return cublasGetProperty(type, value);
}
/* Anchor's heuristic keeps no cache: capacity 0, any capacity accepted. */
cublasStatus_t cublasLtHeuristicsCacheGetCapacity(size_t *capacity) {
  if (!capacity) return CUBLAS_STATUS_INVALID_VALUE;
  *capacity = 0;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtHeuristicsCacheSetCapacity(size_t capacity) {
  (void)capacity;
  return CUBLAS_STATUS_SUCCESS;
}
/* No host code of Anchor's cuBLASLt depends on the CPU's instruction set: the mask is kept
 * and returned, as the call's contract asks. */
static unsigned cpu_mask;
unsigned cublasLtDisableCpuInstructionsSetMask(unsigned mask) {
  unsigned old = cpu_mask;
  cpu_mask = mask;
  return old;
}

/* ---- attributes: one copy routine for all three descriptor kinds ---------------- */
/* Sets (set != 0) or gets the attribute stored at `field` (size bytes). NVIDIA's rule:
 * a set needs exactly the attribute's size; a get with sizeInBytes 0 and sizeWritten
 * gives the size, a buffer too small (or NULL) is INVALID_VALUE. */
static cublasStatus_t attr_copy(int set, void *field, size_t size, void *buf, size_t sizeInBytes,
                                size_t *sizeWritten) {
  if (set) {
    if (!buf || sizeInBytes != size) return CUBLAS_STATUS_INVALID_VALUE;
    memcpy(field, buf, size);
    return CUBLAS_STATUS_SUCCESS;
  }
  if (sizeInBytes == 0 && sizeWritten) {
    *sizeWritten = size;
    return CUBLAS_STATUS_SUCCESS;
  }
  if (!buf || sizeInBytes < size) return CUBLAS_STATUS_INVALID_VALUE;
  memcpy(buf, field, size);
  if (sizeWritten) *sizeWritten = size;
  return CUBLAS_STATUS_SUCCESS;
}

/* ---- matrix layouts --------------------------------------------------------------- */
cublasStatus_t cublasLtMatrixLayoutInit_internal(cublasLtMatrixLayout_t matLayout, size_t size,
                                                 cudaDataType type, uint64_t rows, uint64_t cols,
                                                 int64_t ld) {
  if (!matLayout || size < sizeof(lt_layout)) return CUBLAS_STATUS_INVALID_VALUE;
  lt_layout l = {LT_LAYOUT_MAGIC, (uint32_t)type, CUBLASLT_ORDER_COL, 1, rows, cols, ld, 0, 0, 0};
  memset(matLayout, 0, sizeof *matLayout);
  memcpy(matLayout, &l, sizeof l);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *matLayout, cudaDataType type,
                                          uint64_t rows, uint64_t cols, int64_t ld) {
  if (!matLayout) return CUBLAS_STATUS_INVALID_VALUE;
  cublasLtMatrixLayout_t l = malloc(sizeof *l);
  if (!l) return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatrixLayoutInit_internal(l, sizeof *l, type, rows, cols, ld);
  *matLayout = l;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout) {
  free(matLayout);
  return CUBLAS_STATUS_SUCCESS;
}

static lt_layout *layout_of(cublasLtMatrixLayout_t l) {
  return l && ((lt_layout *)l)->magic == LT_LAYOUT_MAGIC ? (lt_layout *)l : NULL;
}

static cublasStatus_t layout_attr(int set, cublasLtMatrixLayout_t matLayout,
                                  cublasLtMatrixLayoutAttribute_t attr, void *buf, size_t size,
                                  size_t *written) {
  lt_layout *l = layout_of(matLayout);
  if (!l) return CUBLAS_STATUS_INVALID_VALUE;
  switch (attr) {
  case CUBLASLT_MATRIX_LAYOUT_TYPE: return attr_copy(set, &l->type, 4, buf, size, written);
  case CUBLASLT_MATRIX_LAYOUT_ORDER: return attr_copy(set, &l->order, 4, buf, size, written);
  case CUBLASLT_MATRIX_LAYOUT_ROWS: return attr_copy(set, &l->rows, 8, buf, size, written);
  case CUBLASLT_MATRIX_LAYOUT_COLS: return attr_copy(set, &l->cols, 8, buf, size, written);
  case CUBLASLT_MATRIX_LAYOUT_LD: return attr_copy(set, &l->ld, 8, buf, size, written);
  case CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT:
    return attr_copy(set, &l->batch_count, 4, buf, size, written);
  case CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET:
    return attr_copy(set, &l->stride, 8, buf, size, written);
  case CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET:
    return attr_copy(set, &l->plane_offset, 8, buf, size, written);
  case CUBLASLT_MATRIX_LAYOUT_BATCH_MODE:
    return attr_copy(set, &l->batch_mode, 4, buf, size, written);
  }
  return CUBLAS_STATUS_INVALID_VALUE;
}

cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t matLayout,
                                                cublasLtMatrixLayoutAttribute_t attr,
                                                const void *buf, size_t sizeInBytes) {
  return layout_attr(1, matLayout, attr, (void *)buf, sizeInBytes, NULL);
}
cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t matLayout,
                                                cublasLtMatrixLayoutAttribute_t attr, void *buf,
                                                size_t sizeInBytes, size_t *sizeWritten) {
  return layout_attr(0, matLayout, attr, buf, sizeInBytes, sizeWritten);
}

/* ---- matmul descriptors ------------------------------------------------------------ */
cublasStatus_t cublasLtMatmulDescInit_internal(cublasLtMatmulDesc_t matmulDesc, size_t size,
                                               cublasComputeType_t computeType,
                                               cudaDataType_t scaleType) {
  if (!matmulDesc || size < sizeof(lt_desc)) return CUBLAS_STATUS_INVALID_VALUE;
  lt_desc d;
  memset(&d, 0, sizeof d);
  d.magic = LT_DESC_MAGIC;
  d.compute = (int32_t)computeType;
  d.scale = (int32_t)scaleType;
  d.pointer_mode = CUBLASLT_POINTER_MODE_HOST;
  d.transa = d.transb = d.transc = CUBLAS_OP_N;
  d.fill_mode = CUBLAS_FILL_MODE_FULL;
  d.epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  d.bias_type = -1; /* D's type */
  d.aux_type = -1;  /* D's type */
  memset(matmulDesc, 0, sizeof *matmulDesc);
  memcpy(matmulDesc, &d, sizeof d);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *matmulDesc,
                                        cublasComputeType_t computeType, cudaDataType_t scaleType) {
  if (!matmulDesc) return CUBLAS_STATUS_INVALID_VALUE;
  cublasLtMatmulDesc_t d = malloc(sizeof *d);
  if (!d) return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatmulDescInit_internal(d, sizeof *d, computeType, scaleType);
  *matmulDesc = d;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t matmulDesc) {
  free(matmulDesc);
  return CUBLAS_STATUS_SUCCESS;
}

static lt_desc *desc_of(cublasLtMatmulDesc_t d) {
  return d && ((lt_desc *)d)->magic == LT_DESC_MAGIC ? (lt_desc *)d : NULL;
}

/* The attributes Anchor keeps; the others (scale modes, the aux scale and amax pointers,
 * emulation) belong to features Anchor does not implement: NOT_SUPPORTED. */
static cublasStatus_t desc_attr(int set, cublasLtMatmulDesc_t matmulDesc,
                                cublasLtMatmulDescAttributes_t attr, void *buf, size_t size,
                                size_t *written) {
  lt_desc *d = desc_of(matmulDesc);
  if (!d) return CUBLAS_STATUS_INVALID_VALUE;
  switch (attr) {
  case CUBLASLT_MATMUL_DESC_COMPUTE_TYPE: return attr_copy(set, &d->compute, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_SCALE_TYPE: return attr_copy(set, &d->scale, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_POINTER_MODE:
    return attr_copy(set, &d->pointer_mode, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_TRANSA: return attr_copy(set, &d->transa, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_TRANSB: return attr_copy(set, &d->transb, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_TRANSC: return attr_copy(set, &d->transc, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_FILL_MODE: return attr_copy(set, &d->fill_mode, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE: return attr_copy(set, &d->epilogue, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_BIAS_POINTER:
    return attr_copy(set, (void *)&d->bias, sizeof(void *), buf, size, written);
  case CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE:
    return attr_copy(set, &d->bias_stride, 8, buf, size, written);
  case CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE:
    return attr_copy(set, &d->bias_type, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER:
    return attr_copy(set, (void *)&d->aux, sizeof(void *), buf, size, written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD:
    return attr_copy(set, &d->aux_ld, 8, buf, size, written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE:
    return attr_copy(set, &d->aux_stride, 8, buf, size, written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE:
    return attr_copy(set, &d->aux_type, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_A_SCALE_POINTER:
    return attr_copy(set, (void *)&d->scale_a, sizeof(void *), buf, size, written);
  case CUBLASLT_MATMUL_DESC_B_SCALE_POINTER:
    return attr_copy(set, (void *)&d->scale_b, sizeof(void *), buf, size, written);
  case CUBLASLT_MATMUL_DESC_C_SCALE_POINTER:
    return attr_copy(set, (void *)&d->scale_c, sizeof(void *), buf, size, written);
  case CUBLASLT_MATMUL_DESC_D_SCALE_POINTER:
    return attr_copy(set, (void *)&d->scale_d, sizeof(void *), buf, size, written);
  case CUBLASLT_MATMUL_DESC_AMAX_D_POINTER:
    return attr_copy(set, (void *)&d->amax_d, sizeof(void *), buf, size, written);
  case CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET:
    return attr_copy(set, &d->sm_count, 4, buf, size, written);
  case CUBLASLT_MATMUL_DESC_FAST_ACCUM:
    return attr_copy(set, &d->fast_accum, 1, buf, size, written);
  default: return CUBLAS_STATUS_NOT_SUPPORTED;
  }
}

cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t matmulDesc,
                                              cublasLtMatmulDescAttributes_t attr, const void *buf,
                                              size_t sizeInBytes) {
  return desc_attr(1, matmulDesc, attr, (void *)buf, sizeInBytes, NULL);
}
cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t matmulDesc,
                                              cublasLtMatmulDescAttributes_t attr, void *buf,
                                              size_t sizeInBytes, size_t *sizeWritten) {
  return desc_attr(0, matmulDesc, attr, buf, sizeInBytes, sizeWritten);
}

/* ---- preferences --------------------------------------------------------------------- */
cublasStatus_t cublasLtMatmulPreferenceInit_internal(cublasLtMatmulPreference_t pref, size_t size) {
  if (!pref || size < sizeof(lt_pref)) return CUBLAS_STATUS_INVALID_VALUE;
  lt_pref p;
  memset(&p, 0, sizeof p);
  p.magic = LT_PREF_MAGIC;
  p.search_mode = CUBLASLT_SEARCH_BEST_FIT;
  p.reduction_mask = 0xffffffffu;
  for (int i = 0; i < 4; i++)
    p.align[i] = 256;
  p.impl_mask = ~(uint64_t)0;
  memset(pref, 0, sizeof *pref);
  memcpy(pref, &p, sizeof p);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *pref) {
  if (!pref) return CUBLAS_STATUS_INVALID_VALUE;
  cublasLtMatmulPreference_t p = malloc(sizeof *p);
  if (!p) return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatmulPreferenceInit_internal(p, sizeof *p);
  *pref = p;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref) {
  free(pref);
  return CUBLAS_STATUS_SUCCESS;
}

static lt_pref *pref_of(cublasLtMatmulPreference_t p) {
  return p && ((lt_pref *)p)->magic == LT_PREF_MAGIC ? (lt_pref *)p : NULL;
}

static cublasStatus_t pref_attr(int set, cublasLtMatmulPreference_t pref,
                                cublasLtMatmulPreferenceAttributes_t attr, void *buf, size_t size,
                                size_t *written) {
  lt_pref *p = pref_of(pref);
  if (!p) return CUBLAS_STATUS_INVALID_VALUE;
  switch (attr) {
  case CUBLASLT_MATMUL_PREF_SEARCH_MODE:
    return attr_copy(set, &p->search_mode, 4, buf, size, written);
  case CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES:
    return attr_copy(set, &p->max_workspace, 8, buf, size, written);
  case CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK:
    return attr_copy(set, &p->reduction_mask, 4, buf, size, written);
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES:
    return attr_copy(set, &p->align[attr - CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES], 4, buf,
                     size, written);
  case CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT:
    return attr_copy(set, &p->max_waves, 4, buf, size, written);
  case CUBLASLT_MATMUL_PREF_IMPL_MASK: return attr_copy(set, &p->impl_mask, 8, buf, size, written);
  }
  return CUBLAS_STATUS_INVALID_VALUE;
}

cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t pref,
                                                    cublasLtMatmulPreferenceAttributes_t attr,
                                                    const void *buf, size_t sizeInBytes) {
  return pref_attr(1, pref, attr, (void *)buf, sizeInBytes, NULL);
}
cublasStatus_t cublasLtMatmulPreferenceGetAttribute(cublasLtMatmulPreference_t pref,
                                                    cublasLtMatmulPreferenceAttributes_t attr,
                                                    void *buf, size_t sizeInBytes,
                                                    size_t *sizeWritten) {
  return pref_attr(0, pref, attr, buf, sizeInBytes, sizeWritten);
}

/* ---- the matmul plan -------------------------------------------------------------- */
/* A matmul checked and turned into one GEMM on column-major views plus the extra steps:
 * a ROW-order matrix r x c with ld is the COL-order matrix c x r (its transpose), so a
 * ROW-order operand flips its op (N <-> T; for real types C is T), and a ROW-order D is
 * computed as D^T = op(B)^T op(A)^T. */
typedef struct {
  cublas_gemm_problem gemm;
  int dtype;        /* lt.cu's epilogue table index: 16F, 16BF, 32F, 64F */
  int dsize;        /* bytes of a D element */
  int copy_c;       /* C must be copied into D first */
  int rows, cols;   /* D's */
  long long rs, cs; /* D's element steps (row, column) */
  long long c_rs, c_cs;
  int swapped;  /* D is ROW order: the GEMM's first operand is B */
  int epilogue; /* 0: none; else lt.cu's bits (4 bias, 2 ReLU, 32 GELU) */
  const void *bias;
  long long bias_stride;
  const void *C;
  long long strideC;
  int int8;     /* an 8-bit integer matmul: i8 instead of gemm (lt_int8.c) */
  int aux_mode; /* an AUX or gradient epilogue (lt_epilogue.c): aux instead of lt.cu's */
  cublas_lt_aux aux;
  int fp8; /* an fp8 matmul: f8 instead of gemm (lt_fp8.c) */
  cublas_lt_fp8_problem f8;
  int bgrad_kernel; /* BGRADA/BGRADB: lt_epilogue.cu's operand kernel, else -1 */
  int bgrad_len, bgrad_from_b;
  long long bgrad_rs, bgrad_ks;
  cublas_lt_int8_problem i8;
} lt_plan;

static int dtype_index(uint32_t t, int *size) {
  switch (t) {
  case CUDA_R_16F: *size = 2; return 0;
  case CUDA_R_16BF: *size = 2; return 1;
  case CUDA_R_32F: *size = 4; return 2;
  case CUDA_R_64F: *size = 8; return 3;
  }
  return -1;
}

static int flip(int op) {
  return op == CUBLAS_OP_N ? CUBLAS_OP_T : CUBLAS_OP_N;
}

static int fits_int(uint64_t v) {
  return v <= 0x7fffffff;
}

/* The checks of one layout: its order, its leading dimension, its sizes in int range. */
static cublasStatus_t layout_check(const lt_layout *l) {
  if (l->plane_offset != 0 || l->batch_mode != CUBLASLT_BATCH_MODE_STRIDED)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  cublasStatus_t st = cublas_lt_order_check(l->order, l->rows, l->cols, l->ld);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  if (l->batch_count < 1) return CUBLAS_STATUS_INVALID_VALUE;
  if (!fits_int((uint64_t)l->ld) && !cublas_lt_order_tiled(l->order))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  return CUBLAS_STATUS_SUCCESS;
}

/* The shapes: op(A) is D.rows x k, op(B) k x D.cols, C as D (INVALID_VALUE), C in D's
 * order (NOT_SUPPORTED), batch counts all D's (INVALID_VALUE). */
static cublasStatus_t shapes_check(const lt_desc *d, const lt_layout *a, const lt_layout *b,
                                   const lt_layout *c, const lt_layout *dl) {
  uint64_t m = dl->rows, n = dl->cols;
  uint64_t k = d->transa == CUBLAS_OP_N ? a->cols : a->rows;
  if ((d->transa == CUBLAS_OP_N ? a->rows : a->cols) != m) return CUBLAS_STATUS_INVALID_VALUE;
  if ((d->transb == CUBLAS_OP_N ? b->rows : b->cols) != k ||
      (d->transb == CUBLAS_OP_N ? b->cols : b->rows) != n)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (c->rows != m || c->cols != n) return CUBLAS_STATUS_INVALID_VALUE;
  if (c->order != dl->order) return CUBLAS_STATUS_NOT_SUPPORTED;
  int batch = dl->batch_count;
  if (a->batch_count != batch || b->batch_count != batch || c->batch_count != batch)
    return CUBLAS_STATUS_INVALID_VALUE;
  return CUBLAS_STATUS_SUCCESS;
}

static cublas_lt_matrix matrix_of(const lt_layout *l) {
  cublas_lt_matrix x = {NULL, l->order, l->ld, l->stride};
  return x;
}

/* An 8-bit integer matmul (lt_int8.c): its types and orders, no epilogue, the shapes. */
static cublasStatus_t plan_int8(const lt_desc *d, const lt_layout *a, const lt_layout *b,
                                const lt_layout *c, const lt_layout *dl, lt_plan *plan) {
  int d8 = 0;
  cublasStatus_t st = cublas_lt_int8_check(d->scale, (int)c->type, (int)dl->type, d->transa,
                                           d->transb, a->order, b->order, c->order, dl->order, &d8);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  if (d->epilogue != CUBLASLT_EPILOGUE_DEFAULT) return CUBLAS_STATUS_NOT_SUPPORTED;
  if ((st = shapes_check(d, a, b, c, dl))) return st;
  memset(plan, 0, sizeof *plan);
  cublas_lt_int8_problem *p = &plan->i8;
  plan->int8 = 1;
  p->m = (int)dl->rows, p->n = (int)dl->cols;
  p->k = (int)(d->transa == CUBLAS_OP_N ? a->cols : a->rows);
  p->batch_count = dl->batch_count;
  p->transa = d->transa != CUBLAS_OP_N, p->transb = d->transb != CUBLAS_OP_N;
  p->d8 = d8;
  p->a = matrix_of(a), p->b = matrix_of(b), p->c = matrix_of(c), p->d = matrix_of(dl);
  p->device_scalars = d->pointer_mode == CUBLASLT_POINTER_MODE_DEVICE;
  plan->rows = p->m, plan->cols = p->n;
  return CUBLAS_STATUS_SUCCESS;
}

/* An fp8 matmul (lt_fp8.c): its types, ops and orders, the shapes. */
static cublasStatus_t plan_fp8(const lt_desc *d, const lt_layout *a, const lt_layout *b,
                               const lt_layout *c, const lt_layout *dl, lt_plan *plan) {
  int kernel = 0;
  int all_col = a->order == CUBLASLT_ORDER_COL && b->order == CUBLASLT_ORDER_COL &&
                c->order == CUBLASLT_ORDER_COL && dl->order == CUBLASLT_ORDER_COL;
  cublasStatus_t st =
      cublas_lt_fp8_check(d->compute, d->scale, (int)a->type, (int)b->type, (int)c->type,
                          (int)dl->type, d->transa, d->transb, all_col, (int)d->epilogue, &kernel);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  if ((st = shapes_check(d, a, b, c, dl))) return st;
  memset(plan, 0, sizeof *plan);
  cublas_lt_fp8_problem *p = &plan->f8;
  plan->fp8 = 1;
  p->m = (int)dl->rows, p->n = (int)dl->cols, p->k = (int)a->rows; /* op(A) = A^T */
  p->batch_count = dl->batch_count;
  p->kernel = kernel;
  p->a_e5 = a->type == CUDA_R_8F_E5M2, p->b_e5 = b->type == CUDA_R_8F_E5M2;
  p->d_e5 = dl->type == CUDA_R_8F_E5M2;
  p->a = matrix_of(a), p->b = matrix_of(b), p->c = matrix_of(c), p->d = matrix_of(dl);
  p->device_scalars = d->pointer_mode == CUBLASLT_POINTER_MODE_DEVICE;
  p->scale_a = d->scale_a, p->scale_b = d->scale_b, p->scale_c = d->scale_c;
  p->scale_d = d->scale_d, p->amax = d->amax_d;
  plan->rows = p->m, plan->cols = p->n;
  return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t plan_matmul(cublasLtHandle_t h, cublasLtMatmulDesc_t desc,
                                  cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
                                  cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
                                  lt_plan *plan) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  const lt_desc *d = desc_of(desc);
  const lt_layout *a = layout_of(Adesc), *b = layout_of(Bdesc), *c = layout_of(Cdesc),
                  *dl = layout_of(Ddesc);
  if (!d || !a || !b || !c || !dl) return CUBLAS_STATUS_INVALID_VALUE;
  cublasStatus_t st;
  if ((st = layout_check(a)) || (st = layout_check(b)) || (st = layout_check(c)) ||
      (st = layout_check(dl)))
    return st;
  if (d->transa < CUBLAS_OP_N || d->transa > CUBLAS_OP_C || d->transb < CUBLAS_OP_N ||
      d->transb > CUBLAS_OP_C)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (d->transc != CUBLAS_OP_N || d->fill_mode != CUBLAS_FILL_MODE_FULL)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (d->pointer_mode != CUBLASLT_POINTER_MODE_HOST &&
      d->pointer_mode != CUBLASLT_POINTER_MODE_DEVICE)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (cublas_lt_fp8_type((int)a->type) || cublas_lt_fp8_type((int)b->type))
    return plan_fp8(d, a, b, c, dl, plan);
  if (a->type != b->type) return CUBLAS_STATUS_NOT_SUPPORTED;
  if (a->type == CUDA_R_8I &&
      (d->compute == CUBLAS_COMPUTE_32I || d->compute == CUBLAS_COMPUTE_32I_PEDANTIC))
    return plan_int8(d, a, b, c, dl, plan);
  /* types: GemmEx's table, restricted to the real types cuBLASLt's basics cover */
  if (c->type != dl->type || cublas_lt_order_tiled(a->order) || cublas_lt_order_tiled(b->order) ||
      cublas_lt_order_tiled(c->order) || cublas_lt_order_tiled(dl->order))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  int scalar_size = 0;
  int variant = cublas_gemm_ex_variant((cudaDataType)a->type, (cudaDataType)dl->type,
                                       (cublasComputeType_t)d->compute, &scalar_size);
  int dsize, dtype = dtype_index(dl->type, &dsize);
  if (variant < 0 || dtype < 0 || variant == CUBLAS_GEMM_I8_S_S) return CUBLAS_STATUS_NOT_SUPPORTED;
  cudaDataType want_scale = variant == CUBLAS_GEMM_H   ? CUDA_R_16F
                            : variant == CUBLAS_GEMM_D ? CUDA_R_64F
                                                       : CUDA_R_32F;
  if (d->scale != (int32_t)want_scale) return CUBLAS_STATUS_NOT_SUPPORTED;
  /* the epilogue */
  int epi;
  switch (d->epilogue) {
  case CUBLASLT_EPILOGUE_DEFAULT: epi = 0; break;
  case CUBLASLT_EPILOGUE_RELU:
  case CUBLASLT_EPILOGUE_BIAS:
  case CUBLASLT_EPILOGUE_RELU_BIAS:
  case CUBLASLT_EPILOGUE_GELU:
  case CUBLASLT_EPILOGUE_GELU_BIAS: epi = (int)d->epilogue; break;
  default:
    if (!cublas_lt_aux_epilogue(d->epilogue)) return CUBLAS_STATUS_NOT_SUPPORTED;
    epi = (int)d->epilogue;
  }
  cublas_lt_aux aux = {epi,           dtype,           d->aux,        d->aux_ld,
                       d->aux_stride, (void *)d->bias, d->bias_stride};
  if ((epi & (4 | 16 | 256 | 512)) && d->bias_type != -1 && d->bias_type != (int32_t)dl->type)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if ((epi & 4) && !d->bias) return CUBLAS_STATUS_INVALID_VALUE;
  int aux_mode = cublas_lt_aux_epilogue((unsigned)epi);
  if (aux_mode && (st = cublas_lt_aux_check(&aux, d->aux_type, (int)dl->type, dl->order, dl->rows,
                                            dl->batch_count)))
    return st;
  if ((st = shapes_check(d, a, b, c, dl))) return st;
  uint64_t m = dl->rows, n = dl->cols;
  uint64_t k = d->transa == CUBLAS_OP_N ? a->cols : a->rows;
  int batch = dl->batch_count;

  memset(plan, 0, sizeof *plan);
  cublas_gemm_problem *p = &plan->gemm;
  p->variant = (cublas_gemm_variant)variant;
  p->scalar_size = scalar_size;
  p->batch_count = batch;
  int opa = d->transa == CUBLAS_OP_C ? CUBLAS_OP_T : d->transa;
  int opb = d->transb == CUBLAS_OP_C ? CUBLAS_OP_T : d->transb;
  if (a->order == CUBLASLT_ORDER_ROW) opa = flip(opa);
  if (b->order == CUBLASLT_ORDER_ROW) opb = flip(opb);
  p->k = (int)k;
  p->ldc = (int)dl->ld;
  p->strideC = dl->stride;
  if (dl->order == CUBLASLT_ORDER_COL) { /* D = op(A) op(B) */
    p->m = (int)m, p->n = (int)n;
    p->transa = (cublasOperation_t)opa, p->transb = (cublasOperation_t)opb;
    p->lda = (int)a->ld, p->strideA = a->stride;
    p->ldb = (int)b->ld, p->strideB = b->stride;
    plan->rs = 1, plan->cs = dl->ld, plan->c_rs = 1, plan->c_cs = c->ld;
  } else { /* D^T = op(B)^T op(A)^T: B first, A second, both ops flipped */
    p->m = (int)n, p->n = (int)m;
    p->transa = (cublasOperation_t)flip(opb), p->transb = (cublasOperation_t)flip(opa);
    p->lda = (int)b->ld, p->strideA = b->stride;
    p->ldb = (int)a->ld, p->strideB = a->stride;
    plan->rs = dl->ld, plan->cs = 1, plan->c_rs = c->ld, plan->c_cs = 1;
    plan->swapped = 1;
  }
  plan->dtype = dtype;
  plan->dsize = dsize;
  plan->rows = (int)m, plan->cols = (int)n;
  plan->epilogue = epi;
  plan->aux = aux;
  plan->bgrad_kernel = -1;
  if (epi == CUBLASLT_EPILOGUE_BGRADA || epi == CUBLASLT_EPILOGUE_BGRADB) {
    /* no pointwise epilogue: sums of op(A)'s rows or op(B)'s columns over k */
    static const int kernel_of[CUBLAS_GEMM_VARIANTS] = {
        [CUBLAS_GEMM_H] = 0,       [CUBLAS_GEMM_H_H_S] = 0,  [CUBLAS_GEMM_H_S_S] = 1,
        [CUBLAS_GEMM_BF_BF_S] = 2, [CUBLAS_GEMM_BF_S_S] = 3, [CUBLAS_GEMM_S] = 4,
        [CUBLAS_GEMM_D] = 5};
    int from_b = epi == CUBLASLT_EPILOGUE_BGRADB;
    const lt_layout *x = from_b ? b : a;
    /* along the bias (op(A)'s rows, op(B)'s columns) and along k, in x's storage */
    int t = (from_b ? d->transb : d->transa) != CUBLAS_OP_N;
    int along_rows = from_b ? t : !t; /* the bias runs along x's stored rows */
    long long row_step = x->order == CUBLASLT_ORDER_COL ? 1 : x->ld;
    long long col_step = x->order == CUBLASLT_ORDER_COL ? x->ld : 1;
    plan->bgrad_kernel = kernel_of[variant];
    plan->bgrad_from_b = from_b;
    plan->bgrad_len = (int)(from_b ? n : m);
    plan->bgrad_rs = along_rows ? row_step : col_step;
    plan->bgrad_ks = along_rows ? col_step : row_step;
    plan->epilogue = 0;
  } else {
    plan->aux_mode = aux_mode;
  }
  plan->bias = d->bias;
  plan->bias_stride = d->bias_stride;
  plan->strideC = c->stride;
  /* the GEMM's own checks (leading dimensions of the column-major views) */
  p->alpha = p->beta = "";
  struct cublasContext ctx = *h->blas;
  return cublas_gemm_check(&ctx, p);
}

/* Runs lt.cu's copy or epilogue kernel over D's batches. */
static cublasStatus_t lt_batches(cublasHandle_t blas, const void *kernel, int batch, void **args,
                                 int *batch0, long long elements) {
  long long blocks = (elements + LT_THREADS - 1) / LT_THREADS;
  unsigned grid = (unsigned)(blocks < 1 ? 1 : blocks > 1024 ? 1024 : blocks);
  return cublas_launch_batches(blas, kernel, grid, 1, batch, LT_THREADS, args, batch0);
}

int cublas_lt_host_zero(const void *beta, int size) {
  if (size == 2) { /* half: +0 or -0 */
    unsigned short bits;
    memcpy(&bits, beta, 2);
    return (bits & 0x7fff) == 0;
  }
  if (size == 4) {
    float f;
    memcpy(&f, beta, 4);
    return f == 0;
  }
  double v;
  memcpy(&v, beta, 8);
  return v == 0;
}

/* ---- the heuristic and AlgoCheck: Anchor has one algorithm for every supported problem
 * (lt_algo.c) ---- */
/* Whether an algorithm (AlgoInit's or the heuristic's) fits a checked problem. */
static cublasStatus_t algo_fits(const cublasLtMatmulAlgo_t *algo, cublasLtMatmulDesc_t desc,
                                cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
                                cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc) {
  const lt_desc *d = desc_of(desc);
  return cublas_lt_algo_check(algo, d->compute, d->scale, (int)layout_of(Adesc)->type,
                              (int)layout_of(Bdesc)->type, (int)layout_of(Cdesc)->type,
                              (int)layout_of(Ddesc)->type);
}

/* The one result of the heuristic and AlgoCheck: no workspace, one wave. */
static void fill_result(cublasLtMatmulHeuristicResult_t *r, const cublasLtMatmulAlgo_t *algo) {
  cublasLtMatmulAlgo_t copy = *algo; /* algo may point to r->algo */
  memset(r, 0, sizeof *r);
  r->algo = copy;
  r->workspaceSize = 0;
  r->state = CUBLAS_STATUS_SUCCESS;
  r->wavesCount = 1.0f;
}

static cublasStatus_t matmul(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc,
                             const void *alpha, const void *A, cublasLtMatrixLayout_t Adesc,
                             const void *B, cublasLtMatrixLayout_t Bdesc, const void *beta,
                             const void *C, cublasLtMatrixLayout_t Cdesc, void *D,
                             cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t *algo,
                             void *workspace, size_t workspaceSizeInBytes, cudaStream_t stream) {
  (void)workspace, (void)workspaceSizeInBytes; /* no workspace */
  lt_plan plan;
  cublasStatus_t st = plan_matmul(lightHandle, computeDesc, Adesc, Bdesc, Cdesc, Ddesc, &plan);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  if (algo && (st = algo_fits(algo, computeDesc, Adesc, Bdesc, Cdesc, Ddesc))) return st;
  if (!alpha || !beta) return CUBLAS_STATUS_INVALID_VALUE;
  if (plan.rows == 0 || plan.cols == 0) return CUBLAS_STATUS_SUCCESS;
  if (plan.fp8) { /* lt_fp8.c */
    struct cublasContext ctx = *lightHandle->blas;
    ctx.stream = stream;
    plan.f8.a.p = A, plan.f8.b.p = B, plan.f8.c.p = C, plan.f8.d.p = D;
    plan.f8.alpha = alpha, plan.f8.beta = beta;
    return cublas_lt_fp8_run(&ctx, &plan.f8);
  }
  if (plan.int8) { /* lt_int8.c: C read unless beta is a host zero */
    struct cublasContext ctx = *lightHandle->blas;
    ctx.stream = stream;
    plan.i8.a.p = A, plan.i8.b.p = B, plan.i8.c.p = C, plan.i8.d.p = D;
    plan.i8.alpha = alpha, plan.i8.beta = beta;
    return cublas_lt_int8_run(&ctx, &plan.i8);
  }
  /* a copy of the handle with this call's stream and pointer mode: calls on one
   * cublasLt handle from several threads never share mutable state */
  struct cublasContext ctx = *lightHandle->blas;
  ctx.stream = stream;
  ctx.pointer_mode = ((const lt_desc *)computeDesc)->pointer_mode == CUBLASLT_POINTER_MODE_DEVICE
                         ? CUBLAS_POINTER_MODE_DEVICE
                         : CUBLAS_POINTER_MODE_HOST;
  int beta_zero = ctx.pointer_mode == CUBLAS_POINTER_MODE_HOST &&
                  cublas_lt_host_zero(beta, plan.gemm.scalar_size);
  const lt_layout *dl = layout_of(Ddesc), *cl = layout_of(Cdesc);
  if (!beta_zero && !C) return CUBLAS_STATUS_INVALID_VALUE;
  int in_place = C == D && cl->ld == dl->ld && cl->stride == dl->stride;
  int batch = plan.gemm.batch_count, rows = plan.rows, cols = plan.cols, batch0 = 0;
  long long elements = (long long)rows * cols;
  long long drs = plan.rs, dcs = plan.cs, dstride = dl->stride;
  plan.gemm.alpha = alpha;
  plan.gemm.beta = beta;
  plan.gemm.A = plan.swapped ? B : A;
  plan.gemm.B = plan.swapped ? A : B;
  int wide = plan.epilogue &&
             (plan.gemm.variant == CUBLAS_GEMM_H_H_S || plan.gemm.variant == CUBLAS_GEMM_BF_BF_S);
  if (wide) {
    /* 16F/16BF D with float compute and an epilogue: the GEMM writes float into a buffer
     * (laid out as the GEMM's C, ld = its rows), C widened into it first; the epilogue
     * then rounds each element to D once, as NVIDIA's fused epilogue */
    float *tmp = NULL;
    long long t_rs = plan.swapped ? cols : 1, t_cs = plan.swapped ? 1 : rows, t_stride = elements;
    if (cudaMallocAsync((void **)&tmp, (size_t)elements * (size_t)batch * sizeof(float), stream) !=
        cudaSuccess)
      return CUBLAS_STATUS_ALLOC_FAILED;
    st = CUBLAS_STATUS_SUCCESS;
    if (!beta_zero) {
      void *args[] = {&rows, &cols, (void *)&C, &plan.c_rs, &plan.c_cs, &plan.strideC,
                      &tmp,  &t_rs, &t_cs,      &t_stride,  &batch0};
      st = lt_batches(&ctx, cublas_lt_widen_kernels[plan.dtype], batch, args, &batch0, elements);
    }
    if (st == CUBLAS_STATUS_SUCCESS) {
      plan.gemm.variant =
          plan.gemm.variant == CUBLAS_GEMM_H_H_S ? CUBLAS_GEMM_H_S_S : CUBLAS_GEMM_BF_S_S;
      plan.gemm.C = tmp;
      plan.gemm.ldc = plan.gemm.m;
      plan.gemm.strideC = elements;
      st = cublas_gemm_run(&ctx, &plan.gemm);
    }
    if (st == CUBLAS_STATUS_SUCCESS && plan.aux_mode)
      st = cublas_lt_aux_run(&ctx, &plan.aux, rows, cols, batch, tmp, t_cs, t_stride, 1, D, dcs,
                             dstride);
    else if (st == CUBLAS_STATUS_SUCCESS) {
      void *args[] = {&rows,
                      &cols,
                      &tmp,
                      &t_rs,
                      &t_cs,
                      &t_stride,
                      &D,
                      &drs,
                      &dcs,
                      &dstride,
                      &plan.epilogue,
                      (void *)&plan.bias,
                      &plan.bias_stride,
                      &batch0};
      st = lt_batches(&ctx, cublas_lt_epilogue_wide_kernels[plan.dtype], batch, args, &batch0,
                      elements);
    }
    cudaFreeAsync(tmp, stream);
    return st;
  }
  if (!beta_zero && !in_place) { /* D = C, then D = alpha op(A) op(B) + beta D */
    static const int size_index[9] = {0, 0, 0, 0, 1, 0, 0, 0, 2};
    void *args[] = {&rows, &cols, (void *)&C, &plan.c_rs, &plan.c_cs, &plan.strideC,
                    &D,    &drs,  &dcs,       &dstride,   &batch0};
    st = lt_batches(&ctx, cublas_lt_copy_kernels[size_index[plan.dsize]], batch, args, &batch0,
                    elements);
    if (st != CUBLAS_STATUS_SUCCESS) return st;
  }
  plan.gemm.C = D;
  st = cublas_gemm_run(&ctx, &plan.gemm);
  if (st == CUBLAS_STATUS_SUCCESS && plan.bgrad_kernel >= 0) {
    const lt_layout *x = layout_of(plan.bgrad_from_b ? Bdesc : Adesc);
    st = cublas_lt_bgrad_operand(&ctx, &plan.aux, plan.bgrad_kernel, plan.bgrad_len, plan.gemm.k,
                                 plan.bgrad_from_b ? B : A, plan.bgrad_rs, plan.bgrad_ks, x->stride,
                                 batch);
  }
  if (st != CUBLAS_STATUS_SUCCESS || !plan.epilogue) return st;
  if (plan.aux_mode)
    return cublas_lt_aux_run(&ctx, &plan.aux, rows, cols, batch, D, dcs, dstride, 0, D, dcs,
                             dstride);
  void *args[] = {&rows,
                  &cols,
                  &D,
                  &drs,
                  &dcs,
                  &dstride,
                  &D,
                  &drs,
                  &dcs,
                  &dstride,
                  &plan.epilogue,
                  (void *)&plan.bias,
                  &plan.bias_stride,
                  &batch0};
  return lt_batches(&ctx, cublas_lt_epilogue_kernels[plan.dtype], batch, args, &batch0, elements);
}

cublasStatus_t cublasLtMatmulAlgoCheck(cublasLtHandle_t lightHandle,
                                       cublasLtMatmulDesc_t operationDesc,
                                       cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
                                       cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
                                       const cublasLtMatmulAlgo_t *algo,
                                       cublasLtMatmulHeuristicResult_t *result) {
  if (!lightHandle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!algo || !result) return CUBLAS_STATUS_INVALID_VALUE;
  lt_plan plan;
  cublasStatus_t st = plan_matmul(lightHandle, operationDesc, Adesc, Bdesc, Cdesc, Ddesc, &plan);
  if (st == CUBLAS_STATUS_SUCCESS) st = algo_fits(algo, operationDesc, Adesc, Bdesc, Cdesc, Ddesc);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  fill_result(result, algo);
  return CUBLAS_STATUS_SUCCESS;
}

/* The entry point: logs its arguments (trace, level 2) and a failure (lt_log.c). */
cublasStatus_t cublasLtMatmul(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc,
                              const void *alpha, const void *A, cublasLtMatrixLayout_t Adesc,
                              const void *B, cublasLtMatrixLayout_t Bdesc, const void *beta,
                              const void *C, cublasLtMatrixLayout_t Cdesc, void *D,
                              cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t *algo,
                              void *workspace, size_t workspaceSizeInBytes, cudaStream_t stream) {
  static const char name[] = "cublasLtMatmul";
  cublas_lt_log(2, name,
                "lightHandle=%p computeDesc=%p alpha=%p A=%p Adesc=%p B=%p Bdesc=%p beta=%p C=%p "
                "Cdesc=%p D=%p Ddesc=%p algo=%p workspace=%p workspaceSizeInBytes=%zu stream=%p",
                (void *)lightHandle, (void *)computeDesc, alpha, A, (void *)Adesc, B, (void *)Bdesc,
                beta, C, (void *)Cdesc, D, (void *)Ddesc, (const void *)algo, workspace,
                workspaceSizeInBytes, (void *)stream);
  return cublas_lt_log_status(name, matmul(lightHandle, computeDesc, alpha, A, Adesc, B, Bdesc,
                                           beta, C, Cdesc, D, Ddesc, algo, workspace,
                                           workspaceSizeInBytes, stream));
}

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc, cublasLtMatrixLayout_t Adesc,
    cublasLtMatrixLayout_t Bdesc, cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
    cublasLtMatmulPreference_t preference, int requestedAlgoCount,
    cublasLtMatmulHeuristicResult_t heuristicResultsArray[], int *returnAlgoCount) {
  if (!lightHandle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!pref_of(preference) || requestedAlgoCount < 1 || !heuristicResultsArray || !returnAlgoCount)
    return CUBLAS_STATUS_INVALID_VALUE;
  *returnAlgoCount = 0;
  lt_plan plan;
  cublasStatus_t st = plan_matmul(lightHandle, operationDesc, Adesc, Bdesc, Cdesc, Ddesc, &plan);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  const lt_desc *d = desc_of(operationDesc);
  cublasLtMatmulAlgo_t algo;
  st = cublasLtMatmulAlgoInit(
      lightHandle, (cublasComputeType_t)d->compute, (cudaDataType_t)d->scale,
      (cudaDataType_t)layout_of(Adesc)->type, (cudaDataType_t)layout_of(Bdesc)->type,
      (cudaDataType_t)layout_of(Cdesc)->type, (cudaDataType_t)layout_of(Ddesc)->type, 0, &algo);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  fill_result(&heuristicResultsArray[0], &algo);
  *returnAlgoCount = 1;
  return CUBLAS_STATUS_SUCCESS;
}
