/* cublasLt.h — Anchor's cuBLASLt (libcublasLt, `-lcublasLt`; docs/cublas.md "cuBLASLt"):
 * the matmul API of NVIDIA's cuBLASLt, written from NVIDIA's documentation. Enum values
 * and the sizes of the opaque structures are NVIDIA's (they are the ABI). What Anchor
 * implements is docs/cublas.md's table; the rest of the enums are declared so that code
 * written for NVIDIA's header compiles, and values Anchor does not implement give
 * CUBLAS_STATUS_NOT_SUPPORTED at the call that would need them. C17 and C++. */
#ifndef ANCHOR_CUBLASLT_H
#define ANCHOR_CUBLASLT_H

#include <cublas_api.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cublasLtContext *cublasLtHandle_t;

cublasStatus_t cublasLtCreate(cublasLtHandle_t *lightHandle);
cublasStatus_t cublasLtDestroy(cublasLtHandle_t lightHandle);
const char *cublasLtGetStatusName(cublasStatus_t status);
const char *cublasLtGetStatusString(cublasStatus_t status);
size_t cublasLtGetVersion(void);
size_t cublasLtGetCudartVersion(void);
cublasStatus_t cublasLtGetProperty(libraryPropertyType type, int *value);
cublasStatus_t cublasLtHeuristicsCacheGetCapacity(size_t *capacity);
cublasStatus_t cublasLtHeuristicsCacheSetCapacity(size_t capacity);
unsigned cublasLtDisableCpuInstructionsSetMask(unsigned mask);

/* Storage the caller may own (cublasLt*Init); the Create functions allocate one. */
typedef struct {
  uint64_t data[8];
} cublasLtMatrixLayoutOpaque_t;
typedef cublasLtMatrixLayoutOpaque_t *cublasLtMatrixLayout_t;

/* An algorithm as cublasLtMatmulAlgoGetHeuristic returns it (plain data). */
typedef struct {
  uint64_t data[8];
} cublasLtMatmulAlgo_t;

typedef struct {
  uint64_t data[32];
} cublasLtMatmulDescOpaque_t;
typedef cublasLtMatmulDescOpaque_t *cublasLtMatmulDesc_t;

typedef struct {
  uint64_t data[8];
} cublasLtMatmulPreferenceOpaque_t;
typedef cublasLtMatmulPreferenceOpaque_t *cublasLtMatmulPreference_t;

/* Where alpha and beta live (CUBLASLT_MATMUL_DESC_POINTER_MODE). */
typedef enum {
  CUBLASLT_POINTER_MODE_HOST = CUBLAS_POINTER_MODE_HOST,
  CUBLASLT_POINTER_MODE_DEVICE = CUBLAS_POINTER_MODE_DEVICE,
  CUBLASLT_POINTER_MODE_DEVICE_VECTOR = 2,
  CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO = 3,
  CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST = 4
} cublasLtPointerMode_t;

typedef enum {
  CUBLASLT_POINTER_MODE_MASK_HOST = 1,
  CUBLASLT_POINTER_MODE_MASK_DEVICE = 2,
  CUBLASLT_POINTER_MODE_MASK_DEVICE_VECTOR = 4,
  CUBLASLT_POINTER_MODE_MASK_ALPHA_DEVICE_VECTOR_BETA_ZERO = 8,
  CUBLASLT_POINTER_MODE_MASK_ALPHA_DEVICE_VECTOR_BETA_HOST = 16
} cublasLtPointerModeMask_t;

/* D = epilogue(alpha op(A) op(B) + beta C). */
cublasStatus_t cublasLtMatmul(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc,
                              const void *alpha, const void *A, cublasLtMatrixLayout_t Adesc,
                              const void *B, cublasLtMatrixLayout_t Bdesc, const void *beta,
                              const void *C, cublasLtMatrixLayout_t Cdesc, void *D,
                              cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t *algo,
                              void *workspace, size_t workspaceSizeInBytes, cudaStream_t stream);

/* Element order of a matrix (CUBLASLT_MATRIX_LAYOUT_ORDER). */
typedef enum {
  CUBLASLT_ORDER_COL = 0,
  CUBLASLT_ORDER_ROW = 1,
  CUBLASLT_ORDER_COL32 = 2,
  CUBLASLT_ORDER_COL4_4R2_8C = 3,
  CUBLASLT_ORDER_COL32_2R_4R4 = 4
} cublasLtOrder_t;

typedef enum {
  CUBLASLT_BATCH_MODE_STRIDED = 0,
  CUBLASLT_BATCH_MODE_POINTER_ARRAY = 1
} cublasLtBatchMode_t;

/* Matrix layout attributes (their C types in the comments). */
typedef enum {
  CUBLASLT_MATRIX_LAYOUT_TYPE = 0,                 /* uint32_t (cudaDataType) */
  CUBLASLT_MATRIX_LAYOUT_ORDER = 1,                /* int32_t, default CUBLASLT_ORDER_COL */
  CUBLASLT_MATRIX_LAYOUT_ROWS = 2,                 /* uint64_t */
  CUBLASLT_MATRIX_LAYOUT_COLS = 3,                 /* uint64_t */
  CUBLASLT_MATRIX_LAYOUT_LD = 4,                   /* int64_t */
  CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5,          /* int32_t, default 1 */
  CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6, /* int64_t (elements), default 0 */
  CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET = 7,         /* int64_t, default 0 */
  CUBLASLT_MATRIX_LAYOUT_BATCH_MODE = 8            /* uint32_t, default STRIDED */
} cublasLtMatrixLayoutAttribute_t;

cublasStatus_t cublasLtMatrixLayoutInit_internal(cublasLtMatrixLayout_t matLayout, size_t size,
                                                 cudaDataType type, uint64_t rows, uint64_t cols,
                                                 int64_t ld);
static inline cublasStatus_t cublasLtMatrixLayoutInit(cublasLtMatrixLayout_t matLayout,
                                                      cudaDataType type, uint64_t rows,
                                                      uint64_t cols, int64_t ld) {
  return cublasLtMatrixLayoutInit_internal(matLayout, sizeof(*matLayout), type, rows, cols, ld);
}
cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *matLayout, cudaDataType type,
                                          uint64_t rows, uint64_t cols, int64_t ld);
cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout);
cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t matLayout,
                                                cublasLtMatrixLayoutAttribute_t attr,
                                                const void *buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t matLayout,
                                                cublasLtMatrixLayoutAttribute_t attr, void *buf,
                                                size_t sizeInBytes, size_t *sizeWritten);

/* Matmul descriptor attributes (their C types in the comments). */
typedef enum {
  CUBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0,               /* int32_t (cublasComputeType_t) */
  CUBLASLT_MATMUL_DESC_SCALE_TYPE = 1,                 /* int32_t (cudaDataType) */
  CUBLASLT_MATMUL_DESC_POINTER_MODE = 2,               /* int32_t (cublasLtPointerMode_t) */
  CUBLASLT_MATMUL_DESC_TRANSA = 3,                     /* int32_t (cublasOperation_t) */
  CUBLASLT_MATMUL_DESC_TRANSB = 4,                     /* int32_t */
  CUBLASLT_MATMUL_DESC_TRANSC = 5,                     /* int32_t */
  CUBLASLT_MATMUL_DESC_FILL_MODE = 6,                  /* int32_t (cublasFillMode_t) */
  CUBLASLT_MATMUL_DESC_EPILOGUE = 7,                   /* uint32_t (cublasLtEpilogue_t) */
  CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8,               /* void * (device) */
  CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE = 10,         /* int64_t (elements) */
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 11,      /* void * */
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 12,           /* int64_t */
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 13, /* int64_t */
  CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE = 14, /* int64_t */
  CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET = 15,           /* int32_t */
  CUBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17,           /* const void * */
  CUBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18,
  CUBLASLT_MATMUL_DESC_C_SCALE_POINTER = 19,
  CUBLASLT_MATMUL_DESC_D_SCALE_POINTER = 20,
  CUBLASLT_MATMUL_DESC_AMAX_D_POINTER = 21,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE = 22, /* int32_t */
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER = 23,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_AMAX_POINTER = 24,
  CUBLASLT_MATMUL_DESC_FAST_ACCUM = 25,     /* int8_t */
  CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26, /* int32_t (cudaDataType), default: D's type */
  CUBLASLT_MATMUL_DESC_A_SCALE_MODE = 31,   /* int32_t */
  CUBLASLT_MATMUL_DESC_B_SCALE_MODE = 32,
  CUBLASLT_MATMUL_DESC_C_SCALE_MODE = 33,
  CUBLASLT_MATMUL_DESC_D_SCALE_MODE = 34,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_MODE = 35,
  CUBLASLT_MATMUL_DESC_D_OUT_SCALE_POINTER = 36,
  CUBLASLT_MATMUL_DESC_D_OUT_SCALE_MODE = 37,
  CUBLASLT_MATMUL_DESC_EMULATION_DESCRIPTOR = 38
} cublasLtMatmulDescAttributes_t;

cublasStatus_t cublasLtMatmulDescInit_internal(cublasLtMatmulDesc_t matmulDesc, size_t size,
                                               cublasComputeType_t computeType,
                                               cudaDataType_t scaleType);
static inline cublasStatus_t cublasLtMatmulDescInit(cublasLtMatmulDesc_t matmulDesc,
                                                    cublasComputeType_t computeType,
                                                    cudaDataType_t scaleType) {
  return cublasLtMatmulDescInit_internal(matmulDesc, sizeof(*matmulDesc), computeType, scaleType);
}
cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *matmulDesc,
                                        cublasComputeType_t computeType, cudaDataType_t scaleType);
cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t matmulDesc);
cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t matmulDesc,
                                              cublasLtMatmulDescAttributes_t attr, const void *buf,
                                              size_t sizeInBytes);
cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t matmulDesc,
                                              cublasLtMatmulDescAttributes_t attr, void *buf,
                                              size_t sizeInBytes, size_t *sizeWritten);

/* What is applied to alpha op(A) op(B) + beta C before it is stored in D. Anchor
 * implements DEFAULT, RELU, BIAS, RELU_BIAS, GELU, GELU_BIAS. */
typedef enum {
  CUBLASLT_EPILOGUE_DEFAULT = 1,
  CUBLASLT_EPILOGUE_RELU = 2,
  CUBLASLT_EPILOGUE_RELU_AUX = (CUBLASLT_EPILOGUE_RELU | 128),
  CUBLASLT_EPILOGUE_BIAS = 4,
  CUBLASLT_EPILOGUE_RELU_BIAS = (CUBLASLT_EPILOGUE_RELU | CUBLASLT_EPILOGUE_BIAS),
  CUBLASLT_EPILOGUE_RELU_AUX_BIAS = (CUBLASLT_EPILOGUE_RELU_AUX | CUBLASLT_EPILOGUE_BIAS),
  CUBLASLT_EPILOGUE_DRELU = 8 | 128,
  CUBLASLT_EPILOGUE_DRELU_BGRAD = CUBLASLT_EPILOGUE_DRELU | 16,
  CUBLASLT_EPILOGUE_GELU = 32,
  CUBLASLT_EPILOGUE_GELU_AUX = (CUBLASLT_EPILOGUE_GELU | 128),
  CUBLASLT_EPILOGUE_GELU_BIAS = (CUBLASLT_EPILOGUE_GELU | CUBLASLT_EPILOGUE_BIAS),
  CUBLASLT_EPILOGUE_GELU_AUX_BIAS = (CUBLASLT_EPILOGUE_GELU_AUX | CUBLASLT_EPILOGUE_BIAS),
  CUBLASLT_EPILOGUE_DGELU = 64 | 128,
  CUBLASLT_EPILOGUE_DGELU_BGRAD = CUBLASLT_EPILOGUE_DGELU | 16,
  CUBLASLT_EPILOGUE_BGRADA = 256,
  CUBLASLT_EPILOGUE_BGRADB = 512
} cublasLtEpilogue_t;

typedef enum {
  CUBLASLT_SEARCH_BEST_FIT = 0,
  CUBLASLT_SEARCH_LIMITED_BY_ALGO_ID = 1
} cublasLtMatmulSearch_t;

/* Matmul preference attributes (their C types in the comments). */
typedef enum {
  CUBLASLT_MATMUL_PREF_SEARCH_MODE = 0,           /* uint32_t */
  CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,   /* uint64_t, default 0 */
  CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK = 3, /* uint32_t */
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES = 5, /* uint32_t, default 256 */
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES = 6,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES = 7,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES = 8,
  CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT = 9, /* float */
  CUBLASLT_MATMUL_PREF_IMPL_MASK = 12       /* uint64_t */
} cublasLtMatmulPreferenceAttributes_t;

cublasStatus_t cublasLtMatmulPreferenceInit_internal(cublasLtMatmulPreference_t pref, size_t size);
static inline cublasStatus_t cublasLtMatmulPreferenceInit(cublasLtMatmulPreference_t pref) {
  return cublasLtMatmulPreferenceInit_internal(pref, sizeof(*pref));
}
cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *pref);
cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref);
cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t pref,
                                                    cublasLtMatmulPreferenceAttributes_t attr,
                                                    const void *buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatmulPreferenceGetAttribute(cublasLtMatmulPreference_t pref,
                                                    cublasLtMatmulPreferenceAttributes_t attr,
                                                    void *buf, size_t sizeInBytes,
                                                    size_t *sizeWritten);

typedef struct {
  cublasLtMatmulAlgo_t algo;
  size_t workspaceSize; /* bytes the algorithm needs */
  cublasStatus_t state; /* SUCCESS: the other fields are valid */
  float wavesCount;
  int reserved[4];
} cublasLtMatmulHeuristicResult_t;

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc, cublasLtMatrixLayout_t Adesc,
    cublasLtMatrixLayout_t Bdesc, cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
    cublasLtMatmulPreference_t preference, int requestedAlgoCount,
    cublasLtMatmulHeuristicResult_t heuristicResultsArray[], int *returnAlgoCount);

/* ---- algorithms (libraries/cublas/lt_algo.c; docs/cublas.md "cuBLASLt algorithms") ----
 * Anchor has one algorithm, id 0: the GEMM kernel cublas_gemm_select picks for the problem
 * (the simdgroup_matrix kernel, 64x32 tiles, for float compute; the tiled kernel, 64x64,
 * otherwise; lt_int8.cu's, 16x16, for 8-bit integers), no split-k, no reduction, no
 * workspace. */
typedef enum {
  CUBLASLT_MATMUL_TILE_UNDEFINED = 0,
  CUBLASLT_MATMUL_TILE_16x16 = 5,
  CUBLASLT_MATMUL_TILE_64x32 = 13,
  CUBLASLT_MATMUL_TILE_64x64 = 15
} cublasLtMatmulTile_t; /* the values Anchor's kernels use (NVIDIA's list is longer) */

typedef enum { CUBLASLT_MATMUL_STAGES_UNDEFINED = 0 } cublasLtMatmulStages_t;
typedef enum { CUBLASLT_CLUSTER_SHAPE_AUTO = 0 } cublasLtClusterShape_t;
typedef enum { CUBLASLT_MATMUL_INNER_SHAPE_UNDEFINED = 0 } cublasLtMatmulInnerShape_t;

typedef enum {
  CUBLASLT_REDUCTION_SCHEME_NONE = 0,
  CUBLASLT_REDUCTION_SCHEME_INPLACE = 1,
  CUBLASLT_REDUCTION_SCHEME_COMPUTE_TYPE = 2,
  CUBLASLT_REDUCTION_SCHEME_OUTPUT_TYPE = 4,
  CUBLASLT_REDUCTION_SCHEME_MASK = 0x7
} cublasLtReductionScheme_t;

/* Capabilities of an algorithm (their C types in the comments). */
typedef enum {
  CUBLASLT_ALGO_CAP_SPLITK_SUPPORT = 0,                   /* int32_t */
  CUBLASLT_ALGO_CAP_REDUCTION_SCHEME_MASK = 1,            /* uint32_t */
  CUBLASLT_ALGO_CAP_CTA_SWIZZLING_SUPPORT = 2,            /* uint32_t */
  CUBLASLT_ALGO_CAP_STRIDED_BATCH_SUPPORT = 3,            /* int32_t */
  CUBLASLT_ALGO_CAP_OUT_OF_PLACE_RESULT_SUPPORT = 4,      /* int32_t */
  CUBLASLT_ALGO_CAP_UPLO_SUPPORT = 5,                     /* int32_t */
  CUBLASLT_ALGO_CAP_TILE_IDS = 6,                         /* uint32_t array */
  CUBLASLT_ALGO_CAP_CUSTOM_OPTION_MAX = 7,                /* int32_t */
  CUBLASLT_ALGO_CAP_CUSTOM_MEMORY_ORDER = 10,             /* int32_t */
  CUBLASLT_ALGO_CAP_POINTER_MODE_MASK = 11,               /* uint32_t */
  CUBLASLT_ALGO_CAP_EPILOGUE_MASK = 12,                   /* uint32_t */
  CUBLASLT_ALGO_CAP_STAGES_IDS = 13,                      /* uint32_t array */
  CUBLASLT_ALGO_CAP_LD_NEGATIVE = 14,                     /* int32_t */
  CUBLASLT_ALGO_CAP_NUMERICAL_IMPL_FLAGS = 15,            /* uint64_t */
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_A_BYTES = 16,           /* uint32_t */
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_B_BYTES = 17,           /* uint32_t */
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_C_BYTES = 18,           /* uint32_t */
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_D_BYTES = 19,           /* uint32_t */
  CUBLASLT_ALGO_CAP_POINTER_ARRAY_BATCH_SUPPORT = 21,     /* int32_t */
  CUBLASLT_ALGO_CAP_FLOATING_POINT_EMULATION_SUPPORT = 22 /* int32_t */
} cublasLtMatmulAlgoCapAttributes_t;

/* An algorithm's configuration (their C types in the comments). */
typedef enum {
  CUBLASLT_ALGO_CONFIG_ID = 0,               /* int32_t, read only (cublasLtMatmulAlgoInit) */
  CUBLASLT_ALGO_CONFIG_TILE_ID = 1,          /* uint32_t */
  CUBLASLT_ALGO_CONFIG_SPLITK_NUM = 2,       /* int32_t, default 1 */
  CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME = 3, /* uint32_t */
  CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING = 4,    /* uint32_t */
  CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION = 5,    /* uint32_t */
  CUBLASLT_ALGO_CONFIG_STAGES_ID = 6,        /* uint32_t */
  CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID = 7,   /* uint16_t */
  CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID = 8  /* uint16_t */
} cublasLtMatmulAlgoConfigAttributes_t;

cublasStatus_t cublasLtMatmulAlgoGetIds(cublasLtHandle_t lightHandle,
                                        cublasComputeType_t computeType, cudaDataType_t scaleType,
                                        cudaDataType_t Atype, cudaDataType_t Btype,
                                        cudaDataType_t Ctype, cudaDataType_t Dtype,
                                        int requestedAlgoCount, int algoIdsArray[],
                                        int *returnAlgoCount);
cublasStatus_t cublasLtMatmulAlgoInit(cublasLtHandle_t lightHandle, cublasComputeType_t computeType,
                                      cudaDataType_t scaleType, cudaDataType_t Atype,
                                      cudaDataType_t Btype, cudaDataType_t Ctype,
                                      cudaDataType_t Dtype, int algoId, cublasLtMatmulAlgo_t *algo);
cublasStatus_t cublasLtMatmulAlgoCheck(cublasLtHandle_t lightHandle,
                                       cublasLtMatmulDesc_t operationDesc,
                                       cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
                                       cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
                                       const cublasLtMatmulAlgo_t *algo,
                                       cublasLtMatmulHeuristicResult_t *result);
cublasStatus_t cublasLtMatmulAlgoCapGetAttribute(const cublasLtMatmulAlgo_t *algo,
                                                 cublasLtMatmulAlgoCapAttributes_t attr, void *buf,
                                                 size_t sizeInBytes, size_t *sizeWritten);
cublasStatus_t cublasLtMatmulAlgoConfigSetAttribute(cublasLtMatmulAlgo_t *algo,
                                                    cublasLtMatmulAlgoConfigAttributes_t attr,
                                                    const void *buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatmulAlgoConfigGetAttribute(const cublasLtMatmulAlgo_t *algo,
                                                    cublasLtMatmulAlgoConfigAttributes_t attr,
                                                    void *buf, size_t sizeInBytes,
                                                    size_t *sizeWritten);

/* ---- matrix transform (libraries/cublas/lt_transform.c): C = alpha op(A) + beta op(B) ---- */
typedef struct {
  uint64_t data[8];
} cublasLtMatrixTransformDescOpaque_t;
typedef cublasLtMatrixTransformDescOpaque_t *cublasLtMatrixTransformDesc_t;

typedef enum {
  CUBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE = 0,   /* int32_t (cudaDataType) */
  CUBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE = 1, /* int32_t, default HOST */
  CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA = 2,       /* int32_t, default N */
  CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSB = 3        /* int32_t, default N */
} cublasLtMatrixTransformDescAttributes_t;

cublasStatus_t cublasLtMatrixTransformDescInit_internal(cublasLtMatrixTransformDesc_t transformDesc,
                                                        size_t size, cudaDataType scaleType);
static inline cublasStatus_t
cublasLtMatrixTransformDescInit(cublasLtMatrixTransformDesc_t transformDesc,
                                cudaDataType scaleType) {
  return cublasLtMatrixTransformDescInit_internal(transformDesc, sizeof(*transformDesc), scaleType);
}
cublasStatus_t cublasLtMatrixTransformDescCreate(cublasLtMatrixTransformDesc_t *transformDesc,
                                                 cudaDataType scaleType);
cublasStatus_t cublasLtMatrixTransformDescDestroy(cublasLtMatrixTransformDesc_t transformDesc);
cublasStatus_t cublasLtMatrixTransformDescSetAttribute(cublasLtMatrixTransformDesc_t transformDesc,
                                                       cublasLtMatrixTransformDescAttributes_t attr,
                                                       const void *buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatrixTransformDescGetAttribute(cublasLtMatrixTransformDesc_t transformDesc,
                                                       cublasLtMatrixTransformDescAttributes_t attr,
                                                       void *buf, size_t sizeInBytes,
                                                       size_t *sizeWritten);
cublasStatus_t cublasLtMatrixTransform(cublasLtHandle_t lightHandle,
                                       cublasLtMatrixTransformDesc_t transformDesc,
                                       const void *alpha, const void *A,
                                       cublasLtMatrixLayout_t Adesc, const void *beta,
                                       const void *B, cublasLtMatrixLayout_t Bdesc, void *C,
                                       cublasLtMatrixLayout_t Cdesc, cudaStream_t stream);

/* ---- the logger (libraries/cublas/lt_log.c): levels 0 off, 1 errors, 2 performance trace,
 * 3 performance hints, 4 heuristics trace, 5 API trace (each with the levels below) ---- */
typedef void (*cublasLtLoggerCallback_t)(int logLevel, const char *functionName,
                                         const char *message);
cublasStatus_t cublasLtLoggerSetCallback(cublasLtLoggerCallback_t callback);
cublasStatus_t cublasLtLoggerSetFile(FILE *file);
cublasStatus_t cublasLtLoggerOpenFile(const char *logFile);
cublasStatus_t cublasLtLoggerSetLevel(int level);
cublasStatus_t cublasLtLoggerSetMask(int mask);
cublasStatus_t cublasLtLoggerForceDisable(void);

#ifdef __cplusplus
}
#endif

#endif
