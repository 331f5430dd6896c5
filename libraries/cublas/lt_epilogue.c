/* lt_epilogue.c — cuBLASLt's AUX and gradient epilogues (cublasLtMatmul with RELU_AUX,
 * RELU_AUX_BIAS, GELU_AUX, GELU_AUX_BIAS, DRELU, DRELU_BGRAD, DGELU, DGELU_BGRAD, BGRADA,
 * BGRADB; lt.c checks the rest of the call and runs the GEMM), on lt_epilogue.cu's kernels.
 * NVIDIA's rules (cublasLt.h): the aux buffer (EPILOGUE_AUX_POINTER, _LD, _BATCH_STRIDE) is
 * the ReLU bit-mask (1 bit per element, ld and batch stride in elements, multiples of 128)
 * for RELU_AUX(_BIAS) and DRELU(_BGRAD), or the GELU input (EPILOGUE_AUX_DATA_TYPE unset or
 * D's type; ld and stride multiples of 8) for GELU_AUX(_BIAS) and DGELU(_BGRAD); ld at least
 * D's rows. The BGRAD epilogues write the bias gradient to BIAS_POINTER (D's type,
 * BIAS_BATCH_STRIDE apart): the sums of D's rows (DRELU_BGRAD, DGELU_BGRAD: of the gradient
 * stored in D), of op(A)'s rows over k (BGRADA, length D's rows) or of op(B)'s columns over k
 * (BGRADB, length D's columns). Anchor runs them on D of COL order (ROW: NOT_SUPPORTED).
 * INVALID_VALUE: no aux pointer, an aux ld or stride that breaks the rules, an aux type
 * other than D's, no bias pointer for a BGRAD epilogue. */
#include <cublasLt.h>

#include "cublas_internal.h"

#define LT_THREADS 256

extern void *cublas_lt_aux_kernels[], *cublas_lt_bgrad_kernels[],
    *cublas_lt_bgrad_operand_kernels[];

int cublas_lt_aux_epilogue(unsigned epilogue) {
  switch (epilogue) {
  case CUBLASLT_EPILOGUE_RELU_AUX:
  case CUBLASLT_EPILOGUE_RELU_AUX_BIAS:
  case CUBLASLT_EPILOGUE_GELU_AUX:
  case CUBLASLT_EPILOGUE_GELU_AUX_BIAS:
  case CUBLASLT_EPILOGUE_DRELU:
  case CUBLASLT_EPILOGUE_DRELU_BGRAD:
  case CUBLASLT_EPILOGUE_DGELU:
  case CUBLASLT_EPILOGUE_DGELU_BGRAD:
  case CUBLASLT_EPILOGUE_BGRADA:
  case CUBLASLT_EPILOGUE_BGRADB: return 1;
  }
  return 0;
}

cublasStatus_t cublas_lt_aux_check(const cublas_lt_aux *e, int aux_type, int dtype, int dorder,
                                   uint64_t rows, int batch) {
  if (dorder != CUBLASLT_ORDER_COL) return CUBLAS_STATUS_NOT_SUPPORTED;
  unsigned ep = (unsigned)e->epilogue;
  if ((ep & 16) || ep == CUBLASLT_EPILOGUE_BGRADA || ep == CUBLASLT_EPILOGUE_BGRADB) {
    if (!e->bias) return CUBLAS_STATUS_INVALID_VALUE;
  }
  if (!(ep & 128)) return CUBLAS_STATUS_SUCCESS; /* BGRADA, BGRADB: no aux */
  int mask = ep & (2 | 8);                       /* the ReLU bit-mask */
  long long unit = mask ? 128 : 8;
  if (!e->aux || e->aux_ld < 0 || (uint64_t)e->aux_ld < rows || e->aux_ld % unit != 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (batch > 1 && e->aux_stride % unit != 0) return CUBLAS_STATUS_INVALID_VALUE;
  if (!mask && aux_type != -1 && aux_type != dtype) return CUBLAS_STATUS_INVALID_VALUE;
  return CUBLAS_STATUS_SUCCESS;
}

/* One kernel over the batches, grid-stride over `elements`. */
static cublasStatus_t launch(cublasHandle_t h, const void *kernel, long long elements, int batch,
                             void **args, int *batch0) {
  unsigned grid = cublas_blocks_for(elements < 1 ? 1 : elements);
  return cublas_launch_batches(h, kernel, grid, 1, batch, LT_THREADS, args, batch0);
}

cublasStatus_t cublas_lt_aux_run(cublasHandle_t h, const cublas_lt_aux *e, int rows, int cols,
                                 int batch, const void *src, long long src_cs, long long src_stride,
                                 int wide, void *D, long long ldd, long long d_stride) {
  int ep = e->epilogue, batch0 = 0;
  long long aux_ld = e->aux_ld, aux_stride = e->aux_stride, bias_stride = e->bias_stride;
  const void *bias = (ep & 4) ? e->bias : NULL;
  void *aux = e->aux;
  void *args[] = {&rows,        &cols, &src,      &src_cs,     &src_stride,
                  &D,           &ldd,  &d_stride, &ep,         (void *)&bias,
                  &bias_stride, &aux,  &aux_ld,   &aux_stride, &batch0};
  int index = wide ? 4 + e->dtype : e->dtype;
  cublasStatus_t st = launch(h, cublas_lt_aux_kernels[index], ((rows + 7) / 8) * (long long)cols,
                             batch, args, &batch0);
  if (st != CUBLAS_STATUS_SUCCESS || !(ep & 16)) return st;
  void *grad = e->bias;
  void *gargs[] = {&rows, &cols, &D, &ldd, &d_stride, &grad, &bias_stride, &batch0};
  return launch(h, cublas_lt_bgrad_kernels[e->dtype], rows, batch, gargs, &batch0);
}

cublasStatus_t cublas_lt_bgrad_operand(cublasHandle_t h, const cublas_lt_aux *e, int kernel,
                                       int len, int k, const void *X, long long rs, long long ks,
                                       long long stride, int batch) {
  int batch0 = 0;
  long long bias_stride = e->bias_stride;
  void *grad = e->bias;
  void *args[] = {&len, &k, (void *)&X, &rs, &ks, &stride, &grad, &bias_stride, &batch0};
  return launch(h, cublas_lt_bgrad_operand_kernels[kernel], len, batch, args, &batch0);
}
