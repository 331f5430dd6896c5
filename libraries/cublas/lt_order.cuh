/* lt_order.cuh — where element (r, c) of a matrix lies in each of cuBLASLt's orders
 * (cublasLtOrder_t's values; lt_order.c checks the leading dimensions). Shared by the
 * transform's kernel (lt_transform.cu) and the 8-bit matmul's (lt_int8.cu).
 *   0 COL          c ld + r
 *   1 ROW          r ld + c
 *   2 COL32        tile c / 32 at (c / 32) ld; in it row r's 32 elements at 32 r
 *   3 COL4_4R2_8C  tile c / 32 at (c / 32) ld, then a 256-element block per 8 rows;
 *                  in a block the even rows' 128 elements, then the odd rows'; in each half
 *                  an inner tile of 4 rows x 4 columns (16 elements, row by row) per 4
 *                  columns, left to right
 *   4 COL32_2R_4R4 tile c / 32 at (c / 32) ld, then a 1024-element block per 32 rows;
 *                  in a block row r (r < 32) at (((r % 8) / 2 * 4 + r / 8) * 2 + r % 2) 32,
 *                  NVIDIA's formula (cublasLt.h) */
#ifndef LT_ORDER_CUH
#define LT_ORDER_CUH

__device__ inline long long lt_offset(int order, long long ld, long long r, long long c) {
  switch (order) {
  case 0: return c * ld + r;
  case 1: return r * ld + c;
  case 2: return (c >> 5) * ld + (r << 5) + (c & 31);
  case 3:
    return (c >> 5) * ld + (r >> 3) * 256 + (r & 1) * 128 + ((c & 31) >> 2) * 16 +
           ((r & 7) >> 1) * 4 + (c & 3);
  default: {
    long long rr = r & 31;
    return (c >> 5) * ld + (r >> 5) * 1024 +
           ((((rr & 7) >> 1) * 4 + (rr >> 3)) * 2 + (rr & 1)) * 32 + (c & 31);
  }
  }
}

#endif
