/* lt_fp8.c — cuBLASLt's fp8 matmul (cublasLtMatmul with A or B CUDA_R_8F_E4M3 or
 * CUDA_R_8F_E5M2; lt.c checks the rest and hands the problem here): D = scale_D (alpha
 * scale_A scale_B op(A) op(B) + beta scale_C C) with A_SCALE_POINTER ... D_SCALE_POINTER
 * (device floats; NULL is 1) and AMAX_D_POINTER (max |x| before scale_D), on lt_fp8.cu's
 * kernel. NVIDIA's documented rules (cuBLASLt's fp8 table): compute CUBLAS_COMPUTE_32F,
 * scale CUDA_R_32F; A and B E4M3 or E5M2, not both E5M2; C/D 16BF/16BF, 16BF/E4M3,
 * 16F/16F, 16F/E4M3, 32F/32F, and with an E5M2 input also 16BF/E5M2 and 16F/E5M2; op(A) = A^T
 * and op(B) = B (the "TN" layout); COL order; no epilogue. Anything else NOT_SUPPORTED. */
#include <string.h>

#include <cublasLt.h>

#include "cublas_internal.h"

#define LT_F8_TILE 16
#define LT_MAX_GRID 65535

extern void *cublas_lt_fp8_kernels[];

int cublas_lt_fp8_type(int t) {
  return t == CUDA_R_8F_E4M3 || t == CUDA_R_8F_E5M2;
}

cublasStatus_t cublas_lt_fp8_check(int compute, int scale, int atype, int btype, int ctype,
                                   int dtype, int transa, int transb, int all_col, int epilogue,
                                   int *kernel) {
  if (compute != CUBLAS_COMPUTE_32F || scale != CUDA_R_32F) return CUBLAS_STATUS_NOT_SUPPORTED;
  if (!cublas_lt_fp8_type(atype) || !cublas_lt_fp8_type(btype) ||
      (atype == CUDA_R_8F_E5M2 && btype == CUDA_R_8F_E5M2))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  int e5_in = atype == CUDA_R_8F_E5M2 || btype == CUDA_R_8F_E5M2;
  int d8 = dtype == CUDA_R_8F_E4M3 || (e5_in && dtype == CUDA_R_8F_E5M2);
  if (ctype == CUDA_R_16BF && (dtype == CUDA_R_16BF || d8))
    *kernel = d8 ? 1 : 0;
  else if (ctype == CUDA_R_16F && (dtype == CUDA_R_16F || d8))
    *kernel = d8 ? 3 : 2;
  else if (ctype == CUDA_R_32F && dtype == CUDA_R_32F)
    *kernel = 4;
  else
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (transa != CUBLAS_OP_T || transb != CUBLAS_OP_N || !all_col ||
      epilogue != CUBLASLT_EPILOGUE_DEFAULT)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublas_lt_fp8_run(cublasHandle_t handle, const cublas_lt_fp8_problem *p) {
  if (p->m == 0 || p->n == 0) return CUBLAS_STATUS_SUCCESS;
  if (p->amax && cudaMemsetAsync(p->amax, 0, sizeof(float), handle->stream) != cudaSuccess)
    return CUBLAS_STATUS_EXECUTION_FAILED;
  int m = p->m, n = p->n, k = p->k, batch0 = 0;
  float alpha = 0, beta = 0;
  int read_c = 1;
  const void *alpha_dev = NULL, *beta_dev = NULL;
  if (p->device_scalars) {
    alpha_dev = p->alpha, beta_dev = p->beta;
  } else {
    memcpy(&alpha, p->alpha, 4), memcpy(&beta, p->beta, 4);
    read_c = beta != 0;
  }
  if (read_c && !p->c.p) return CUBLAS_STATUS_INVALID_VALUE;
  const void *A = p->a.p, *B = p->b.p, *C = read_c ? p->c.p : NULL;
  void *D = (void *)p->d.p;
  long long lda = p->a.ld, ldb = p->b.ld, ldc = p->c.ld, ldd = p->d.ld;
  long long sa = p->a.stride, sb = p->b.stride, sc = p->c.stride, sd = p->d.stride;
  int ae5 = p->a_e5, be5 = p->b_e5, de5 = p->d_e5;
  const void *scales[4] = {p->scale_a, p->scale_b, p->scale_c, p->scale_d};
  void *amax = p->amax;
  void *args[] = {&m,        &n,         &k,         &A,         &ae5,       &lda,  &sa,
                  &B,        &be5,       &ldb,       &sb,        &C,         &ldc,  &sc,
                  &D,        &de5,       &ldd,       &sd,        &alpha,     &beta, &alpha_dev,
                  &beta_dev, &scales[0], &scales[1], &scales[2], &scales[3], &amax, &batch0};
  unsigned gx = (unsigned)((m + LT_F8_TILE - 1) / LT_F8_TILE);
  long long by = (n + LT_F8_TILE - 1) / LT_F8_TILE;
  unsigned gy = (unsigned)(by > LT_MAX_GRID ? LT_MAX_GRID : by);
  return cublas_launch_batches(handle, cublas_lt_fp8_kernels[p->kernel], gx, gy, p->batch_count,
                               LT_F8_TILE * LT_F8_TILE, args, &batch0);
}
