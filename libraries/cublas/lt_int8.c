/* lt_int8.c — cuBLASLt's 8-bit integer matmul (cublasLtMatmul with A and B CUDA_R_8I and
 * compute CUBLAS_COMPUTE_32I or _32I_PEDANTIC; lt.c checks the rest of the call and hands the
 * problem here): D = alpha op(A) op(B) + beta C with exact 32-bit integer sums, then
 *   scale 32I, C/D 32I: alpha acc + beta C in 32-bit integers (wrapping, as the hardware's);
 *   scale 32F, C/D 8I:  alpha acc + beta C in float, rounded to nearest (ties to even) and
 *                       saturated to [-128, 127].
 * These are the two combinations NVIDIA's type table lists for 8I inputs. Orders (lt_order.c):
 * COL and ROW for every matrix with any operation, or NVIDIA's IMMA layout: A COL32, B
 * COL4_4R2_8C or COL32_2R_4R4, C and D COL32, A not transposed and B transposed (op T); any
 * other mix is NOT_SUPPORTED. The kernel (lt_int8.cu) reads every matrix through its order's
 * element offsets, one thread per element of D in 16 x 16 blocks (the algorithm's tile,
 * lt_algo.c). */
#include <string.h>

#include <cublasLt.h>

#include "cublas_internal.h"

#define LT_I8_TILE 16
#define LT_MAX_GRID 65535

extern void *cublas_lt_int8_kernels[];

cublasStatus_t cublas_lt_int8_check(int scale, int ctype, int dtype, int transa, int transb,
                                    int aorder, int border, int corder, int dorder, int *d8) {
  if (ctype != dtype) return CUBLAS_STATUS_NOT_SUPPORTED;
  if (scale == CUDA_R_32I && dtype == CUDA_R_32I)
    *d8 = 0;
  else if (scale == CUDA_R_32F && dtype == CUDA_R_8I)
    *d8 = 1;
  else
    return CUBLAS_STATUS_NOT_SUPPORTED;
  int tiled = cublas_lt_order_tiled(aorder) || cublas_lt_order_tiled(border) ||
              cublas_lt_order_tiled(corder) || cublas_lt_order_tiled(dorder);
  if (!tiled) return CUBLAS_STATUS_SUCCESS;
  if (aorder != CUBLASLT_ORDER_COL32 || corder != CUBLASLT_ORDER_COL32 ||
      dorder != CUBLASLT_ORDER_COL32 ||
      (border != CUBLASLT_ORDER_COL4_4R2_8C && border != CUBLASLT_ORDER_COL32_2R_4R4))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (transa != CUBLAS_OP_N || transb != CUBLAS_OP_T) return CUBLAS_STATUS_NOT_SUPPORTED;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublas_lt_int8_run(cublasHandle_t handle, const cublas_lt_int8_problem *p) {
  if (p->m == 0 || p->n == 0) return CUBLAS_STATUS_SUCCESS;
  int m = p->m, n = p->n, k = p->k, ta = p->transa, tb = p->transb, batch0 = 0;
  /* scalars: 4 bytes either way (int or float); a host beta of 0 leaves C unread */
  int alpha = 0, beta = 0, read_c = 1;
  const void *alpha_dev = NULL, *beta_dev = NULL;
  if (p->device_scalars) {
    alpha_dev = p->alpha, beta_dev = p->beta;
  } else {
    memcpy(&alpha, p->alpha, 4), memcpy(&beta, p->beta, 4);
    read_c = p->d8 ? !cublas_lt_host_zero(p->beta, 4) : beta != 0;
  }
  if (read_c && !p->c.p) return CUBLAS_STATUS_INVALID_VALUE;
  const void *A = p->a.p, *B = p->b.p, *C = read_c ? p->c.p : NULL;
  void *D = (void *)p->d.p;
  long long lda = p->a.ld, ldb = p->b.ld, ldc = p->c.ld, ldd = p->d.ld;
  long long sa = p->a.stride, sb = p->b.stride, sc = p->c.stride, sd = p->d.stride;
  int ao = p->a.order, bo = p->b.order, co = p->c.order, dor = p->d.order;
  void *args[] = {&m,   &n,   &k,  &A,     &ao,   &lda,       &ta,       &sa,    &B,
                  &bo,  &ldb, &tb, &sb,    &C,    &co,        &ldc,      &sc,    &D,
                  &dor, &ldd, &sd, &alpha, &beta, &alpha_dev, &beta_dev, &batch0};
  unsigned gx = (unsigned)((m + LT_I8_TILE - 1) / LT_I8_TILE);
  long long by = (n + LT_I8_TILE - 1) / LT_I8_TILE;
  unsigned gy = (unsigned)(by > LT_MAX_GRID ? LT_MAX_GRID : by);
  return cublas_launch_batches(handle, cublas_lt_int8_kernels[p->d8], gx, gy, p->batch_count,
                               LT_I8_TILE * LT_I8_TILE, args, &batch0);
}
