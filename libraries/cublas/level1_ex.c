/* level1_ex.c — cuBLAS's level-1 Ex forms (cublasAxpyEx, DotEx, DotcEx, Nrm2Ex, ScalEx,
 * AsumEx, IamaxEx, IaminEx, CopyEx, SwapEx, RotEx, RotgEx, RotmEx, RotmgEx): the data and
 * execution types given as cudaDataType. Each combination Anchor runs is the one of a typed
 * routine (level1.c), which runs it: the vector, scalar and result types one BLAS type
 * (32F, 64F, C32F, C64F) and the execution type that type, or, where cuBLAS's typed
 * routines mix them, a complex vector with real scalars or results (Csscal, Csrot, Scnrm2,
 * Scasum ...; not ScalEx, see there). 16F and 16BF vectors with 32F execution (AxpyEx, ScalEx with
 * a 32F alpha; DotEx, Nrm2Ex with the result of the vectors' type; RotEx with c, s of it) run in
 * level1_16.c. Any other combination is CUBLAS_STATUS_NOT_SUPPORTED. A NULL handle is
 * NOT_INITIALIZED before the types are looked at. */
#include "cublas_internal.h"

/* The BLAS type of a cudaDataType, -1 for any other. */
static int blas_type(cudaDataType t) {
  switch (t) {
  case CUDA_R_32F: return CUBLAS_TYPE_S;
  case CUDA_R_64F: return CUBLAS_TYPE_D;
  case CUDA_C_32F: return CUBLAS_TYPE_C;
  case CUDA_C_64F: return CUBLAS_TYPE_Z;
  default: return -1;
  }
}
/* The real type of a BLAS type's parts (S for C, D for Z). */
static int real_of(int t) {
  return t == CUBLAS_TYPE_C ? CUBLAS_TYPE_S : t == CUBLAS_TYPE_Z ? CUBLAS_TYPE_D : t;
}

/* The type all of a call's types agree on, or -1. */
static int same_type(cudaDataType a, cudaDataType b, cudaDataType exec) {
  int t = blas_type(a);
  return t >= 0 && a == b && a == exec ? t : -1;
}

cublasStatus_t cublasAxpyEx(cublasHandle_t h, int n, const void *alpha, cudaDataType alphaType,
                            const void *x, cudaDataType xType, int incx, void *y,
                            cudaDataType yType, int incy, cudaDataType executiontype) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (xType != yType) return CUBLAS_STATUS_NOT_SUPPORTED;
  if (cublas_ex16_index(xType) >= 0) /* 16F, 16BF vectors: alpha and execution 32F */
    return alphaType == CUDA_R_32F && executiontype == CUDA_R_32F
               ? cublas_ex16_axpy(h, cublas_ex16_index(xType), n, alpha, x, incx, y, incy)
               : CUBLAS_STATUS_NOT_SUPPORTED;
  switch (same_type(alphaType, xType, executiontype)) {
  case CUBLAS_TYPE_S: return cublasSaxpy_v2(h, n, alpha, x, incx, y, incy);
  case CUBLAS_TYPE_D: return cublasDaxpy_v2(h, n, alpha, x, incx, y, incy);
  case CUBLAS_TYPE_C: return cublasCaxpy_v2(h, n, alpha, x, incx, y, incy);
  case CUBLAS_TYPE_Z: return cublasZaxpy_v2(h, n, alpha, x, incx, y, incy);
  default: return CUBLAS_STATUS_NOT_SUPPORTED;
  }
}

/* DotEx (conjugate 0) and DotcEx (1, complex types only). */
static cublasStatus_t dot_ex(cublasHandle_t h, int conjugate, int n, const void *x,
                             cudaDataType xType, int incx, const void *y, cudaDataType yType,
                             int incy, void *result, cudaDataType resultType,
                             cudaDataType executionType) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (xType != yType) return CUBLAS_STATUS_NOT_SUPPORTED;
  if (cublas_ex16_index(xType) >= 0) /* 16F, 16BF: the result of x's type, execution 32F */
    return !conjugate && resultType == xType && executionType == CUDA_R_32F
               ? cublas_ex16_dot(h, cublas_ex16_index(xType), n, x, incx, y, incy, result)
               : CUBLAS_STATUS_NOT_SUPPORTED;
  switch (same_type(xType, resultType, executionType)) {
  case CUBLAS_TYPE_S:
    return conjugate ? CUBLAS_STATUS_NOT_SUPPORTED : cublasSdot_v2(h, n, x, incx, y, incy, result);
  case CUBLAS_TYPE_D:
    return conjugate ? CUBLAS_STATUS_NOT_SUPPORTED : cublasDdot_v2(h, n, x, incx, y, incy, result);
  case CUBLAS_TYPE_C:
    return conjugate ? cublasCdotc_v2(h, n, x, incx, y, incy, result)
                     : cublasCdotu_v2(h, n, x, incx, y, incy, result);
  case CUBLAS_TYPE_Z:
    return conjugate ? cublasZdotc_v2(h, n, x, incx, y, incy, result)
                     : cublasZdotu_v2(h, n, x, incx, y, incy, result);
  default: return CUBLAS_STATUS_NOT_SUPPORTED;
  }
}
cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
                           const void *y, cudaDataType yType, int incy, void *result,
                           cudaDataType resultType, cudaDataType executionType) {
  return dot_ex(h, 0, n, x, xType, incx, y, yType, incy, result, resultType, executionType);
}
cublasStatus_t cublasDotcEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
                            const void *y, cudaDataType yType, int incy, void *result,
                            cudaDataType resultType, cudaDataType executionType) {
  return dot_ex(h, 1, n, x, xType, incx, y, yType, incy, result, resultType, executionType);
}

/* Nrm2Ex (asum 0) and AsumEx (1): real results of the vector's real type, executed in it. */
static cublasStatus_t norm_ex(cublasHandle_t h, int asum, int n, const void *x, cudaDataType xType,
                              int incx, void *result, cudaDataType resultType,
                              cudaDataType executionType) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!asum && cublas_ex16_index(xType) >= 0) /* 16F, 16BF: result of x's type, 32F */
    return resultType == xType && executionType == CUDA_R_32F
               ? cublas_ex16_nrm2(h, cublas_ex16_index(xType), n, x, incx, result)
               : CUBLAS_STATUS_NOT_SUPPORTED;
  int t = blas_type(xType);
  if (t < 0 || blas_type(resultType) != real_of(t) || blas_type(executionType) != real_of(t))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  switch (t) {
  case CUBLAS_TYPE_S:
    return asum ? cublasSasum_v2(h, n, x, incx, result) : cublasSnrm2_v2(h, n, x, incx, result);
  case CUBLAS_TYPE_D:
    return asum ? cublasDasum_v2(h, n, x, incx, result) : cublasDnrm2_v2(h, n, x, incx, result);
  case CUBLAS_TYPE_C:
    return asum ? cublasScasum_v2(h, n, x, incx, result) : cublasScnrm2_v2(h, n, x, incx, result);
  default:
    return asum ? cublasDzasum_v2(h, n, x, incx, result) : cublasDznrm2_v2(h, n, x, incx, result);
  }
}
cublasStatus_t cublasNrm2Ex(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
                            void *result, cudaDataType resultType, cudaDataType executionType) {
  return norm_ex(h, 0, n, x, xType, incx, result, resultType, executionType);
}
cublasStatus_t cublasAsumEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
                            void *result, cudaDataType resultType, cudaDataType executiontype) {
  return norm_ex(h, 1, n, x, xType, incx, result, resultType, executiontype);
}

/* ScalEx: alpha of x's type (sscal ... zscal), executed in x's type. A real alpha with a
 * complex x (what Csscal, Zdscal do) is NOT_SUPPORTED, as NVIDIA's cuBLAS 13.1 answered
 * for a 32F alpha with a C32F x on an H100 (2026-12-07). */
cublasStatus_t cublasScalEx(cublasHandle_t h, int n, const void *alpha, cudaDataType alphaType,
                            void *x, cudaDataType xType, int incx, cudaDataType executionType) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (cublas_ex16_index(xType) >= 0) /* 16F, 16BF: alpha and execution 32F */
    return alphaType == CUDA_R_32F && executionType == CUDA_R_32F
               ? cublas_ex16_scal(h, cublas_ex16_index(xType), n, alpha, x, incx)
               : CUBLAS_STATUS_NOT_SUPPORTED;
  int t = blas_type(xType), a = blas_type(alphaType);
  if (t < 0 || executionType != xType || a != t) return CUBLAS_STATUS_NOT_SUPPORTED;
  switch (t) {
  case CUBLAS_TYPE_S: return cublasSscal_v2(h, n, alpha, x, incx);
  case CUBLAS_TYPE_D: return cublasDscal_v2(h, n, alpha, x, incx);
  case CUBLAS_TYPE_C: return cublasCscal_v2(h, n, alpha, x, incx);
  default: return cublasZscal_v2(h, n, alpha, x, incx);
  }
}

/* IamaxEx (min 0) and IaminEx (1). */
static cublasStatus_t iamax_ex(cublasHandle_t h, int min, int n, const void *x, cudaDataType xType,
                               int incx, int *result) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  switch (blas_type(xType)) {
  case CUBLAS_TYPE_S:
    return min ? cublasIsamin_v2(h, n, x, incx, result) : cublasIsamax_v2(h, n, x, incx, result);
  case CUBLAS_TYPE_D:
    return min ? cublasIdamin_v2(h, n, x, incx, result) : cublasIdamax_v2(h, n, x, incx, result);
  case CUBLAS_TYPE_C:
    return min ? cublasIcamin_v2(h, n, x, incx, result) : cublasIcamax_v2(h, n, x, incx, result);
  case CUBLAS_TYPE_Z:
    return min ? cublasIzamin_v2(h, n, x, incx, result) : cublasIzamax_v2(h, n, x, incx, result);
  default: return CUBLAS_STATUS_NOT_SUPPORTED;
  }
}
cublasStatus_t cublasIamaxEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
                             int *result) {
  return iamax_ex(h, 0, n, x, xType, incx, result);
}
cublasStatus_t cublasIaminEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
                             int *result) {
  return iamax_ex(h, 1, n, x, xType, incx, result);
}

/* CopyEx (swap 0) and SwapEx (1): x and y of one type. */
static cublasStatus_t copy_ex(cublasHandle_t h, int swap, int n, void *x, cudaDataType xType,
                              int incx, void *y, cudaDataType yType, int incy) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (xType != yType) return CUBLAS_STATUS_NOT_SUPPORTED;
  switch (blas_type(xType)) {
  case CUBLAS_TYPE_S:
    return swap ? cublasSswap_v2(h, n, x, incx, y, incy) : cublasScopy_v2(h, n, x, incx, y, incy);
  case CUBLAS_TYPE_D:
    return swap ? cublasDswap_v2(h, n, x, incx, y, incy) : cublasDcopy_v2(h, n, x, incx, y, incy);
  case CUBLAS_TYPE_C:
    return swap ? cublasCswap_v2(h, n, x, incx, y, incy) : cublasCcopy_v2(h, n, x, incx, y, incy);
  case CUBLAS_TYPE_Z:
    return swap ? cublasZswap_v2(h, n, x, incx, y, incy) : cublasZcopy_v2(h, n, x, incx, y, incy);
  default: return CUBLAS_STATUS_NOT_SUPPORTED;
  }
}
cublasStatus_t cublasCopyEx(cublasHandle_t h, int n, const void *x, cudaDataType xType, int incx,
                            void *y, cudaDataType yType, int incy) {
  return copy_ex(h, 0, n, (void *)x, xType, incx, y, yType, incy);
}
cublasStatus_t cublasSwapEx(cublasHandle_t h, int n, void *x, cudaDataType xType, int incx, void *y,
                            cudaDataType yType, int incy) {
  return copy_ex(h, 1, n, x, xType, incx, y, yType, incy);
}

/* RotEx: c (always real) and s of csType: srot, drot (real x), csrot, zdrot (complex x,
 * real s) and crot, zrot (complex x and s: csType is then the complex type); executed in
 * x's type. */
cublasStatus_t cublasRotEx(cublasHandle_t h, int n, void *x, cudaDataType xType, int incx, void *y,
                           cudaDataType yType, int incy, const void *c, const void *s,
                           cudaDataType csType, cudaDataType executiontype) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (cublas_ex16_index(xType) >= 0) /* 16F, 16BF: c and s of x's type, execution 32F */
    return yType == xType && csType == xType && executiontype == CUDA_R_32F
               ? cublas_ex16_rot(h, cublas_ex16_index(xType), n, x, incx, y, incy, c, s)
               : CUBLAS_STATUS_NOT_SUPPORTED;
  int t = blas_type(xType), cs = blas_type(csType);
  if (t < 0 || xType != yType || executiontype != xType || (cs != t && cs != real_of(t)))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  switch (t) {
  case CUBLAS_TYPE_S: return cublasSrot_v2(h, n, x, incx, y, incy, c, s);
  case CUBLAS_TYPE_D: return cublasDrot_v2(h, n, x, incx, y, incy, c, s);
  case CUBLAS_TYPE_C:
    return cs == t ? cublasCrot_v2(h, n, x, incx, y, incy, c, s)
                   : cublasCsrot_v2(h, n, x, incx, y, incy, c, s);
  default:
    return cs == t ? cublasZrot_v2(h, n, x, incx, y, incy, c, s)
                   : cublasZdrot_v2(h, n, x, incx, y, incy, c, s);
  }
}

/* RotgEx: a, b of abType, c real and s of csType (the real type for real a, b; the
 * complex type for complex ones), executed in abType. */
cublasStatus_t cublasRotgEx(cublasHandle_t h, void *a, void *b, cudaDataType abType, void *c,
                            void *s, cudaDataType csType, cudaDataType executiontype) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  int t = blas_type(abType);
  if (t < 0 || executiontype != abType || csType != abType) return CUBLAS_STATUS_NOT_SUPPORTED;
  switch (t) {
  case CUBLAS_TYPE_S: return cublasSrotg_v2(h, a, b, c, s);
  case CUBLAS_TYPE_D: return cublasDrotg_v2(h, a, b, c, s);
  case CUBLAS_TYPE_C: return cublasCrotg_v2(h, a, b, c, s);
  default: return cublasZrotg_v2(h, a, b, c, s);
  }
}

/* RotmEx and RotmgEx: real types only (srotm, drotm, srotmg, drotmg). */
cublasStatus_t cublasRotmEx(cublasHandle_t h, int n, void *x, cudaDataType xType, int incx, void *y,
                            cudaDataType yType, int incy, const void *param, cudaDataType paramType,
                            cudaDataType executiontype) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (xType != yType) return CUBLAS_STATUS_NOT_SUPPORTED;
  switch (same_type(xType, paramType, executiontype)) {
  case CUBLAS_TYPE_S: return cublasSrotm_v2(h, n, x, incx, y, incy, param);
  case CUBLAS_TYPE_D: return cublasDrotm_v2(h, n, x, incx, y, incy, param);
  default: return CUBLAS_STATUS_NOT_SUPPORTED;
  }
}
cublasStatus_t cublasRotmgEx(cublasHandle_t h, void *d1, cudaDataType d1Type, void *d2,
                             cudaDataType d2Type, void *x1, cudaDataType x1Type, const void *y1,
                             cudaDataType y1Type, void *param, cudaDataType paramType,
                             cudaDataType executiontype) {
  if (!h) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (d1Type != d2Type || d1Type != x1Type || d1Type != y1Type) return CUBLAS_STATUS_NOT_SUPPORTED;
  switch (same_type(d1Type, paramType, executiontype)) {
  case CUBLAS_TYPE_S: return cublasSrotmg_v2(h, d1, d2, x1, y1, param);
  case CUBLAS_TYPE_D: return cublasDrotmg_v2(h, d1, d2, x1, y1, param);
  default: return CUBLAS_STATUS_NOT_SUPPORTED;
  }
}
