/* lt_order.c — cuBLASLt's matrix orders (cublasLtOrder_t) on the host: which orders a
 * layout may have and the smallest leading dimension of each, for cublasLtMatmul (lt.c,
 * lt_int8.c) and cublasLtMatrixTransform (lt_transform.c). The element offsets are
 * lt_order.cuh's (the kernels'). NVIDIA's documented rules (cublasLt.h):
 *   COL          ld >= rows
 *   ROW          ld >= cols
 *   COL32        tiles of 32 columns, rows of 32 elements one after another in a tile;
 *                ld (to the next 32-column tile) >= 32 rows
 *   COL4_4R2_8C  tiles of 32 columns x 8 rows; ld >= 32 * 8 * ceil(rows / 8)
 *   COL32_2R_4R4 tiles of 32 columns x 32 rows; ld >= 32 * 32 * ceil(rows / 32)
 * Another order value is NOT_SUPPORTED; a leading dimension below the order's least
 * (or below 1) is INVALID_VALUE. */
#include <cublasLt.h>

#include "cublas_internal.h"

int cublas_lt_order_tiled(int order) {
  return order == CUBLASLT_ORDER_COL32 || order == CUBLASLT_ORDER_COL4_4R2_8C ||
         order == CUBLASLT_ORDER_COL32_2R_4R4;
}

cublasStatus_t cublas_lt_order_check(int order, uint64_t rows, uint64_t cols, int64_t ld) {
  uint64_t need;
  switch (order) {
  case CUBLASLT_ORDER_COL: need = rows; break;
  case CUBLASLT_ORDER_ROW: need = cols; break;
  case CUBLASLT_ORDER_COL32: need = 32 * rows; break;
  case CUBLASLT_ORDER_COL4_4R2_8C: need = 32 * 8 * ((rows + 7) / 8); break;
  case CUBLASLT_ORDER_COL32_2R_4R4: need = 32 * 32 * ((rows + 31) / 32); break;
  default: return CUBLAS_STATUS_NOT_SUPPORTED;
  }
  if (rows > 0x7fffffff || cols > 0x7fffffff) return CUBLAS_STATUS_NOT_SUPPORTED;
  if (ld < 1 || (uint64_t)ld < need) return CUBLAS_STATUS_INVALID_VALUE;
  return CUBLAS_STATUS_SUCCESS;
}
