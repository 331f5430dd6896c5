/* level1_16.c — the level-1 Ex forms' 16-bit combinations (level1_ex.c dispatches here):
 * AxpyEx and ScalEx (alpha 32F, x and y 16F or 16BF), DotEx/DotcEx (x, y and the result
 * 16F or 16BF), Nrm2Ex (x and the result 16F or 16BF), RotEx (x, y, c and s 16F or 16BF),
 * every one with 32F execution (level1_16.cu). The argument rules are the typed
 * routines' (level1.c): n <= 0 does nothing (reductions give 0); scal and nrm2 do nothing
 * / give 0 for incx <= 0; the others take negative increments; NULL scalars or results
 * are INVALID_VALUE. */
#include "cublas_internal.h"

static unsigned reduce_blocks16(int n) {
  int blocks = (n + CUBLAS_REDUCE_THREADS - 1) / CUBLAS_REDUCE_THREADS;
  return (unsigned)(blocks > CUBLAS_REDUCE_BLOCKS ? CUBLAS_REDUCE_BLOCKS : blocks);
}

int cublas_ex16_index(cudaDataType t) {
  return t == CUDA_R_16F ? 0 : t == CUDA_R_16BF ? 1 : -1;
}

cublasStatus_t cublas_ex16_axpy(cublasHandle_t h, int v, int n, const void *alpha, const void *x,
                                int incx, void *y, int incy) {
  if (!alpha) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a;
  cublas_scalar_from(h, alpha, 4, &a);
  void *args[] = {&n, a.value, &a.device, &x, &incx, &y, &incy};
  return cublas_launch(h, cublas_axpy16_kernels[v], cublas_blocks_for(n), 1, 1, 256, args);
}

cublasStatus_t cublas_ex16_scal(cublasHandle_t h, int v, int n, const void *alpha, void *x,
                                int incx) {
  if (!alpha) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0 || incx <= 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a;
  cublas_scalar_from(h, alpha, 4, &a);
  void *args[] = {&n, a.value, &a.device, &x, &incx};
  return cublas_launch(h, cublas_scal16_kernels[v], cublas_blocks_for(n), 1, 1, 256, args);
}

cublasStatus_t cublas_ex16_rot(cublasHandle_t h, int v, int n, void *x, int incx, void *y, int incy,
                               const void *c, const void *s) {
  if (!c || !s) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar cs, ss;
  cublas_scalar_from(h, c, 2, &cs);
  cublas_scalar_from(h, s, 2, &ss);
  void *args[] = {&n, &x, &incx, &y, &incy, cs.value, &cs.device, ss.value, &ss.device};
  return cublas_launch(h, cublas_rot16_kernels[v], cublas_blocks_for(n), 1, 1, 256, args);
}

/* dot (nrm2 0) or nrm2 (1): partials into the handle's scratch, the final kernel rounds the
 * result to the 16-bit type where the pointer mode says. */
static cublasStatus_t reduce16(cublasHandle_t h, int v, int nrm2, int n, const void *x, int incx,
                               const void *y, int incy, void *result) {
  if (!result) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0 || (nrm2 && incx <= 0)) return cublas_zero_result(h, result, 2);
  unsigned blocks = reduce_blocks16(n);
  void *partials = h->scratch, *target = cublas_result_target(h, result);
  cublasStatus_t st;
  if (nrm2) {
    void *args[] = {&n, &x, &incx, &partials};
    st = cublas_launch(h, cublas_nrm216_partial_kernels[v], blocks, 1, 1, CUBLAS_REDUCE_THREADS,
                       args);
  } else {
    void *args[] = {&n, &x, &incx, &y, &incy, &partials};
    st = cublas_launch(h, cublas_dot16_partial_kernels[v], blocks, 1, 1, CUBLAS_REDUCE_THREADS,
                       args);
  }
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  int parts = (int)blocks;
  void *args[] = {&parts, &partials, &target};
  st = cublas_launch(h, nrm2 ? cublas_nrm216_final_kernels[v] : cublas_sum16_final_kernels[v], 1, 1,
                     1, CUBLAS_REDUCE_THREADS, args);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  return cublas_finish_result(h, result, 2);
}

cublasStatus_t cublas_ex16_dot(cublasHandle_t h, int v, int n, const void *x, int incx,
                               const void *y, int incy, void *result) {
  return reduce16(h, v, 0, n, x, incx, y, incy, result);
}

cublasStatus_t cublas_ex16_nrm2(cublasHandle_t h, int v, int n, const void *x, int incx,
                                void *result) {
  return reduce16(h, v, 1, n, x, incx, NULL, 0, result);
}
