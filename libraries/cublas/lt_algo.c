/* lt_algo.c — cuBLASLt's algorithm objects (cublasLtMatmulAlgoGetIds, AlgoInit,
 * AlgoCapGetAttribute, AlgoConfigGet/SetAttribute; AlgoCheck is in lt.c, next to the matmul
 * checks it runs). Anchor has one algorithm, id 0 (LT_ALGO_ID): cublasLtMatmul's path
 * through cublas_gemm_run, whose kernel cublas_gemm_select picks for the types — the
 * simdgroup_matrix kernel (64x32 tiles of D) where it applies (float compute), else the tiled
 * kernel (64x64) — or for 8-bit integers and fp8 lt_int8.c's and lt_fp8.c's (16x16); one pass
 * over k (no split-k, no reduction scheme, no workspace).
 *
 * cublasLtMatmulAlgo_t (NVIDIA's 8 x uint64_t, plain data the caller copies) holds:
 * data[0] a tag and the id, data[1] the tile of the types it was initialized for, data[2..4]
 * the configuration: tile, split-k, reduction scheme, swizzling, custom option, stages,
 * inner shape, cluster shape. A set stores any value (as NVIDIA's); cublas_lt_algo_check tells
 * whether an algorithm fits a problem's types and is configured as Anchor runs it
 * (AlgoCheck, cublasLtMatmul). */
#include <string.h>

#include <cublasLt.h>

#include "cublas_internal.h"

#define LT_ALGO_TAG 0x416e6c41u /* in data[0]'s upper half: initialized by AlgoInit */

typedef struct {
  uint32_t tag, id;
  uint32_t tile;     /* the tile of the types it was initialized for */
  uint32_t cfg_tile; /* the configuration ... */
  int32_t splitk;
  uint32_t reduction, swizzle, custom, stages;
  uint16_t inner, cluster;
} lt_algo;
_Static_assert(sizeof(lt_algo) <= sizeof(cublasLtMatmulAlgo_t), "algo fits");

static const lt_algo *algo_of(const cublasLtMatmulAlgo_t *a) {
  return a && ((const lt_algo *)a)->tag == LT_ALGO_TAG ? (const lt_algo *)a : NULL;
}

/* The tile of Anchor's kernel for these types, or 0 when cublasLtMatmul does not run them
 * (its type rules: GemmEx's table, real types, C and D alike, the compute type's scale). */
static uint32_t tile_for(cublasComputeType_t compute, cudaDataType_t scale, cudaDataType_t a,
                         cudaDataType_t b, cudaDataType_t c, cudaDataType_t d) {
  if (a == CUDA_R_8I && b == CUDA_R_8I &&
      (compute == CUBLAS_COMPUTE_32I || compute == CUBLAS_COMPUTE_32I_PEDANTIC)) {
    int d8; /* lt_int8.c's kernel: 16 x 16 blocks of D */
    return cublas_lt_int8_check(scale, c, d, CUBLAS_OP_N, CUBLAS_OP_N, CUBLASLT_ORDER_COL,
                                CUBLASLT_ORDER_COL, CUBLASLT_ORDER_COL, CUBLASLT_ORDER_COL,
                                &d8) == CUBLAS_STATUS_SUCCESS
               ? CUBLASLT_MATMUL_TILE_16x16
               : 0;
  }
  if (cublas_lt_fp8_type(a) || cublas_lt_fp8_type(b)) {
    int kernel; /* lt_fp8.c's kernel: 16 x 16 blocks of D; its TN layout */
    return cublas_lt_fp8_check(compute, scale, a, b, c, d, CUBLAS_OP_T, CUBLAS_OP_N, 1,
                               CUBLASLT_EPILOGUE_DEFAULT, &kernel) == CUBLAS_STATUS_SUCCESS
               ? CUBLASLT_MATMUL_TILE_16x16
               : 0;
  }
  int size = 0;
  int variant = cublas_gemm_ex_variant(a, d, compute, &size);
  if (a != b || c != d || variant < 0) return 0;
  if (d != CUDA_R_16F && d != CUDA_R_16BF && d != CUDA_R_32F && d != CUDA_R_64F) return 0;
  if (variant == CUBLAS_GEMM_I8_S_S) return 0;
  cudaDataType_t want = variant == CUBLAS_GEMM_H   ? CUDA_R_16F
                        : variant == CUBLAS_GEMM_D ? CUDA_R_64F
                                                   : CUDA_R_32F;
  if (scale != want) return 0;
  return cublas_gemm_simdgroup_kernels[variant] ? CUBLASLT_MATMUL_TILE_64x32
                                                : CUBLASLT_MATMUL_TILE_64x64;
}

cublasStatus_t cublasLtMatmulAlgoGetIds(cublasLtHandle_t lightHandle,
                                        cublasComputeType_t computeType, cudaDataType_t scaleType,
                                        cudaDataType_t Atype, cudaDataType_t Btype,
                                        cudaDataType_t Ctype, cudaDataType_t Dtype,
                                        int requestedAlgoCount, int algoIdsArray[],
                                        int *returnAlgoCount) {
  if (!lightHandle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (requestedAlgoCount <= 0 || !algoIdsArray || !returnAlgoCount)
    return CUBLAS_STATUS_INVALID_VALUE;
  *returnAlgoCount = 0;
  if (tile_for(computeType, scaleType, Atype, Btype, Ctype, Dtype)) {
    algoIdsArray[0] = 0;
    *returnAlgoCount = 1;
  }
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulAlgoInit(cublasLtHandle_t lightHandle, cublasComputeType_t computeType,
                                      cudaDataType_t scaleType, cudaDataType_t Atype,
                                      cudaDataType_t Btype, cudaDataType_t Ctype,
                                      cudaDataType_t Dtype, int algoId,
                                      cublasLtMatmulAlgo_t *algo) {
  if (!lightHandle) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!algo || algoId != 0) return CUBLAS_STATUS_INVALID_VALUE;
  uint32_t tile = tile_for(computeType, scaleType, Atype, Btype, Ctype, Dtype);
  if (!tile) return CUBLAS_STATUS_NOT_SUPPORTED;
  lt_algo a;
  memset(&a, 0, sizeof a);
  a.tag = LT_ALGO_TAG, a.id = (uint32_t)algoId, a.tile = tile;
  a.cfg_tile = CUBLASLT_MATMUL_TILE_UNDEFINED; /* NVIDIA's default: the algorithm picks */
  a.splitk = 1;
  a.reduction = CUBLASLT_REDUCTION_SCHEME_NONE;
  memset(algo, 0, sizeof *algo);
  memcpy(algo, &a, sizeof a);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublas_lt_algo_check(const void *algo, int compute, int scale, int atype, int btype,
                                    int ctype, int dtype) {
  const lt_algo *a = algo_of(algo);
  if (!a) return CUBLAS_STATUS_INVALID_VALUE;
  if (tile_for((cublasComputeType_t)compute, (cudaDataType_t)scale, (cudaDataType_t)atype,
               (cudaDataType_t)btype, (cudaDataType_t)ctype, (cudaDataType_t)dtype) != a->tile)
    return CUBLAS_STATUS_INVALID_VALUE; /* initialized for other types */
  if (a->cfg_tile != CUBLASLT_MATMUL_TILE_UNDEFINED && a->cfg_tile != a->tile)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (a->splitk > 1 || a->reduction != CUBLASLT_REDUCTION_SCHEME_NONE || a->swizzle || a->custom ||
      a->stages || a->inner || a->cluster)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  return CUBLAS_STATUS_SUCCESS;
}

/* Copies an attribute value out as NVIDIA's getters do (size 0 with sizeWritten: the size). */
static cublasStatus_t give(const void *value, size_t size, void *buf, size_t sizeInBytes,
                           size_t *sizeWritten) {
  if (sizeInBytes == 0 && sizeWritten) {
    *sizeWritten = size;
    return CUBLAS_STATUS_SUCCESS;
  }
  if (!buf || sizeInBytes < size) return CUBLAS_STATUS_INVALID_VALUE;
  memcpy(buf, value, size);
  if (sizeWritten) *sizeWritten = size;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulAlgoCapGetAttribute(const cublasLtMatmulAlgo_t *algo,
                                                 cublasLtMatmulAlgoCapAttributes_t attr, void *buf,
                                                 size_t sizeInBytes, size_t *sizeWritten) {
  const lt_algo *a = algo_of(algo);
  if (!a) return CUBLAS_STATUS_INVALID_VALUE;
  int32_t i32 = 0;
  uint32_t u32 = 0;
  uint64_t u64 = 0;
  switch (attr) {
  case CUBLASLT_ALGO_CAP_SPLITK_SUPPORT: /* one pass over k */
  case CUBLASLT_ALGO_CAP_CTA_SWIZZLING_SUPPORT:
  case CUBLASLT_ALGO_CAP_UPLO_SUPPORT:
  case CUBLASLT_ALGO_CAP_CUSTOM_OPTION_MAX:
  case CUBLASLT_ALGO_CAP_CUSTOM_MEMORY_ORDER:
  case CUBLASLT_ALGO_CAP_LD_NEGATIVE:
  case CUBLASLT_ALGO_CAP_POINTER_ARRAY_BATCH_SUPPORT:
  case CUBLASLT_ALGO_CAP_FLOATING_POINT_EMULATION_SUPPORT:
    return give(attr == CUBLASLT_ALGO_CAP_CTA_SWIZZLING_SUPPORT ? (void *)&u32 : (void *)&i32, 4,
                buf, sizeInBytes, sizeWritten);
  case CUBLASLT_ALGO_CAP_STRIDED_BATCH_SUPPORT:
  case CUBLASLT_ALGO_CAP_OUT_OF_PLACE_RESULT_SUPPORT: /* D may differ from C */
    i32 = 1;
    return give(&i32, 4, buf, sizeInBytes, sizeWritten);
  case CUBLASLT_ALGO_CAP_REDUCTION_SCHEME_MASK:
    u32 = CUBLASLT_REDUCTION_SCHEME_NONE;
    return give(&u32, 4, buf, sizeInBytes, sizeWritten);
  case CUBLASLT_ALGO_CAP_TILE_IDS: return give(&a->tile, 4, buf, sizeInBytes, sizeWritten);
  case CUBLASLT_ALGO_CAP_STAGES_IDS: /* none: one element, UNDEFINED, as NVIDIA documents */
    u32 = CUBLASLT_MATMUL_STAGES_UNDEFINED;
    return give(&u32, 4, buf, sizeInBytes, sizeWritten);
  case CUBLASLT_ALGO_CAP_POINTER_MODE_MASK:
    u32 = CUBLASLT_POINTER_MODE_MASK_HOST | CUBLASLT_POINTER_MODE_MASK_DEVICE;
    return give(&u32, 4, buf, sizeInBytes, sizeWritten);
  case CUBLASLT_ALGO_CAP_EPILOGUE_MASK:
    u32 = CUBLASLT_EPILOGUE_DEFAULT | CUBLASLT_EPILOGUE_RELU | CUBLASLT_EPILOGUE_BIAS |
          CUBLASLT_EPILOGUE_GELU | CUBLASLT_EPILOGUE_RELU_AUX | CUBLASLT_EPILOGUE_DRELU_BGRAD |
          CUBLASLT_EPILOGUE_DGELU | CUBLASLT_EPILOGUE_BGRADA | CUBLASLT_EPILOGUE_BGRADB;
    return give(&u32, 4, buf, sizeInBytes, sizeWritten);
  case CUBLASLT_ALGO_CAP_NUMERICAL_IMPL_FLAGS: /* not described: no flags */
    return give(&u64, 8, buf, sizeInBytes, sizeWritten);
  case CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_A_BYTES:
  case CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_B_BYTES:
  case CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_C_BYTES:
  case CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_D_BYTES: /* any element-aligned address */
    u32 = 1;
    return give(&u32, 4, buf, sizeInBytes, sizeWritten);
  }
  return CUBLAS_STATUS_INVALID_VALUE;
}

/* The configuration field of an attribute and its size (NULL: none). */
static void *config_field(lt_algo *a, cublasLtMatmulAlgoConfigAttributes_t attr, size_t *size) {
  *size = 4;
  switch (attr) {
  case CUBLASLT_ALGO_CONFIG_ID: return &a->id;
  case CUBLASLT_ALGO_CONFIG_TILE_ID: return &a->cfg_tile;
  case CUBLASLT_ALGO_CONFIG_SPLITK_NUM: return &a->splitk;
  case CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME: return &a->reduction;
  case CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING: return &a->swizzle;
  case CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION: return &a->custom;
  case CUBLASLT_ALGO_CONFIG_STAGES_ID: return &a->stages;
  case CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID: *size = 2; return &a->inner;
  case CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID: *size = 2; return &a->cluster;
  }
  return NULL;
}

cublasStatus_t cublasLtMatmulAlgoConfigSetAttribute(cublasLtMatmulAlgo_t *algo,
                                                    cublasLtMatmulAlgoConfigAttributes_t attr,
                                                    const void *buf, size_t sizeInBytes) {
  if (!algo_of(algo) || !buf) return CUBLAS_STATUS_INVALID_VALUE;
  size_t size;
  void *field = config_field((lt_algo *)algo, attr, &size);
  /* the id is read only (AlgoInit sets it) */
  if (!field || attr == CUBLASLT_ALGO_CONFIG_ID || sizeInBytes != size)
    return CUBLAS_STATUS_INVALID_VALUE;
  memcpy(field, buf, size);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulAlgoConfigGetAttribute(const cublasLtMatmulAlgo_t *algo,
                                                    cublasLtMatmulAlgoConfigAttributes_t attr,
                                                    void *buf, size_t sizeInBytes,
                                                    size_t *sizeWritten) {
  const lt_algo *a = algo_of(algo);
  if (!a) return CUBLAS_STATUS_INVALID_VALUE;
  lt_algo copy = *a;
  size_t size;
  void *field = config_field(&copy, attr, &size);
  if (!field) return CUBLAS_STATUS_INVALID_VALUE;
  return give(field, size, buf, sizeInBytes, sizeWritten);
}
