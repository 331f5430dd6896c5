/* level1.c — cuBLAS's level-1 calls (vectors) in S, D, C, Z: scal, axpy, copy, swap, rot,
 * dot/dotu/dotc, nrm2, asum, amax, amin, launching level1.cu's kernels.
 *
 * Rules, as in cuBLAS and the reference BLAS: n <= 0 does nothing (reductions return 0);
 * scal, nrm2, asum, amax and amin do nothing / return 0 when incx <= 0; the others take
 * negative increments (element i of x is x[(n-1-i)|incx|]); a NULL handle is
 * CUBLAS_STATUS_NOT_INITIALIZED, a NULL scalar or result pointer INVALID_VALUE. */
#include "cublas_internal.h"

#define CHECK_HANDLE(handle)                                                                       \
  do {                                                                                             \
    if (!(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;                                           \
  } while (0)

static unsigned reduce_blocks(int n) {
  int blocks = (n + CUBLAS_REDUCE_THREADS - 1) / CUBLAS_REDUCE_THREADS;
  return (unsigned)(blocks > CUBLAS_REDUCE_BLOCKS ? CUBLAS_REDUCE_BLOCKS : blocks);
}

/* scal with a scalar of alpha_size bytes (the element's, or the real part's for csscal and
 * zdscal, whose kernels come from cublas_scal_real_kernels). */
static cublasStatus_t scal(cublasHandle_t h, cublas_type t, void **table, int alpha_size, int n,
                           const void *alpha, void *x, int incx) {
  CHECK_HANDLE(h);
  if (!alpha) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0 || incx <= 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a;
  cublas_scalar_from(h, alpha, alpha_size, &a);
  void *args[] = {&n, a.value, &a.device, &x, &incx};
  return cublas_launch(h, table[t], cublas_blocks_for(n), 1, 1, 256, args);
}

static cublasStatus_t axpy(cublasHandle_t h, cublas_type t, int n, const void *alpha, const void *x,
                           int incx, void *y, int incy) {
  CHECK_HANDLE(h);
  if (!alpha) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar a;
  cublas_scalar_from(h, alpha, cublas_type_size[t], &a);
  if (cublas_scalar_is(&a, cublas_type_size[t], t, 0.0)) return CUBLAS_STATUS_SUCCESS;
  void *args[] = {&n, a.value, &a.device, &x, &incx, &y, &incy};
  return cublas_launch(h, cublas_axpy_kernels[t], cublas_blocks_for(n), 1, 1, 256, args);
}

static cublasStatus_t copy_or_swap(cublasHandle_t h, void *kernel, int n, const void *x, int incx,
                                   void *y, int incy) {
  CHECK_HANDLE(h);
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;
  void *args[] = {&n, &x, &incx, &y, &incy};
  return cublas_launch(h, kernel, cublas_blocks_for(n), 1, 1, 256, args);
}

/* rot with c real and s of s_size bytes (complex for crot/zrot, real otherwise). */
static cublasStatus_t rot(cublasHandle_t h, cublas_type t, void *kernel, int s_size, int n, void *x,
                          int incx, void *y, int incy, const void *c, const void *s) {
  CHECK_HANDLE(h);
  if (!c || !s) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar cs, ss;
  cublas_scalar_from(h, c, cublas_real_size[t], &cs);
  cublas_scalar_from(h, s, s_size, &ss);
  void *args[] = {&n, &x, &incx, &y, &incy, cs.value, &cs.device, ss.value, &ss.device};
  return cublas_launch(h, kernel, cublas_blocks_for(n), 1, 1, 256, args);
}

/* Runs a partial kernel (args given) over `blocks` blocks into the scratch buffer, then
 * the final kernel (parts, partials, target) into the result. */
static cublasStatus_t reduce(cublasHandle_t h, void *partial, void **partial_args, unsigned blocks,
                             void *final, void *result, int result_size) {
  cublasStatus_t st = cublas_launch(h, partial, blocks, 1, 1, CUBLAS_REDUCE_THREADS, partial_args);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  int parts = (int)blocks;
  void *target = cublas_result_target(h, result);
  void *final_args[] = {&parts, &h->scratch, &target};
  st = cublas_launch(h, final, 1, 1, 1, CUBLAS_REDUCE_THREADS, final_args);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  return cublas_finish_result(h, result, result_size);
}

static cublasStatus_t dot(cublasHandle_t h, cublas_type t, int conjugate, int n, const void *x,
                          int incx, const void *y, int incy, void *result) {
  CHECK_HANDLE(h);
  if (!result) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0) return cublas_zero_result(h, result, cublas_type_size[t]);
  unsigned blocks = reduce_blocks(n);
  void *args[] = {&n, &x, &incx, &y, &incy, &h->scratch};
  void *partial = conjugate ? cublas_dotc_partial_kernels[t] : cublas_dot_partial_kernels[t];
  return reduce(h, partial, args, blocks, cublas_sum_final_kernels[t], result, cublas_type_size[t]);
}

/* The real type of t, for tables indexed by S/D. */
static cublas_type real_of(cublas_type t) {
  return t == CUBLAS_TYPE_S || t == CUBLAS_TYPE_C ? CUBLAS_TYPE_S : CUBLAS_TYPE_D;
}

static cublasStatus_t real_reduction(cublasHandle_t h, cublas_type t, void **partials,
                                     void **finals, int n, const void *x, int incx, void *result) {
  CHECK_HANDLE(h);
  if (!result) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0 || incx <= 0) return cublas_zero_result(h, result, cublas_real_size[t]);
  unsigned blocks = reduce_blocks(n);
  void *args[] = {&n, &x, &incx, &h->scratch};
  return reduce(h, partials[t], args, blocks, finals[real_of(t)], result, cublas_real_size[t]);
}

static cublasStatus_t index_reduction(cublasHandle_t h, cublas_type t, int is_min, int n,
                                      const void *x, int incx, int *result) {
  CHECK_HANDLE(h);
  if (!result) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0 || incx <= 0) return cublas_zero_result(h, result, (int)sizeof(int));
  unsigned blocks = reduce_blocks(n);
  void *indices = (char *)h->scratch + CUBLAS_REDUCE_BLOCKS * 8;
  void *args[] = {&n, &x, &incx, &h->scratch, &indices};
  void *partial = is_min ? cublas_amin_partial_kernels[t] : cublas_amax_partial_kernels[t];
  void *final =
      is_min ? cublas_amin_final_kernels[real_of(t)] : cublas_amax_final_kernels[real_of(t)];
  cublasStatus_t st = cublas_launch(h, partial, blocks, 1, 1, CUBLAS_REDUCE_THREADS, args);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  int parts = (int)blocks;
  void *target = cublas_result_target(h, result);
  void *final_args[] = {&parts, &h->scratch, &indices, &target};
  st = cublas_launch(h, final, 1, 1, 1, CUBLAS_REDUCE_THREADS, final_args);
  if (st != CUBLAS_STATUS_SUCCESS) return st;
  return cublas_finish_result(h, result, (int)sizeof(int));
}

/* Host pointer mode: the scalars of rotg/rotmg go through the handle's scratch (kernels
 * read device memory only), staged in and out around the kernel; the call waits. */
typedef struct {
  void *host;
  int size;
  int in, out; /* copied to the device before, back to the host after the kernel */
} staged;

static cublasStatus_t run_staged(cublasHandle_t h, const void *kernel, staged *v, int count) {
  void *dev[5], *args[5];
  size_t offset = 0;
  int device_mode = h->pointer_mode == CUBLAS_POINTER_MODE_DEVICE;
  for (int i = 0; i < count; i++) {
    dev[i] = device_mode ? v[i].host : (char *)h->scratch + offset;
    offset += 16 * (size_t)(v[i].size > 16 ? 3 : 1); /* rotmg's param: 5 values */
    args[i] = &dev[i];
    if (!device_mode && v[i].in &&
        cudaMemcpyAsync(dev[i], v[i].host, (size_t)v[i].size, cudaMemcpyHostToDevice, h->stream) !=
            cudaSuccess)
      return CUBLAS_STATUS_EXECUTION_FAILED;
  }
  cublasStatus_t st = cublas_launch(h, kernel, 1, 1, 1, 1, args);
  if (st != CUBLAS_STATUS_SUCCESS || device_mode) return st;
  for (int i = 0; i < count; i++)
    if (v[i].out && cudaMemcpyAsync(v[i].host, dev[i], (size_t)v[i].size, cudaMemcpyDeviceToHost,
                                    h->stream) != cudaSuccess)
      return CUBLAS_STATUS_EXECUTION_FAILED;
  return cudaStreamSynchronize(h->stream) == cudaSuccess ? CUBLAS_STATUS_SUCCESS
                                                         : CUBLAS_STATUS_EXECUTION_FAILED;
}

static cublasStatus_t rotg(cublasHandle_t h, cublas_type t, void *a, void *b, void *c, void *s) {
  CHECK_HANDLE(h);
  if (!a || !b || !c || !s) return CUBLAS_STATUS_INVALID_VALUE;
  staged v[4] = {{a, cublas_type_size[t], 1, 1},
                 {b, cublas_type_size[t], 1, 1},
                 {c, cublas_real_size[t], 0, 1},
                 {s, cublas_type_size[t], 0, 1}};
  return run_staged(h, cublas_rotg_kernels[t], v, 4);
}

/* rotm: param is 5 values of the real type t (S or D) in host or device memory. */
static cublasStatus_t rotm(cublasHandle_t h, cublas_type t, int n, void *x, int incx, void *y,
                           int incy, const void *param) {
  CHECK_HANDLE(h);
  if (!param) return CUBLAS_STATUS_INVALID_VALUE;
  if (n <= 0) return CUBLAS_STATUS_SUCCESS;
  cublas_scalar p[5]; /* host mode: the five values; device mode: the kernel reads param */
  int size = cublas_real_size[t];
  for (int i = 0; i < 5; i++)
    cublas_scalar_from(h, (const char *)param + i * size, size, &p[i]);
  const void *device = h->pointer_mode == CUBLAS_POINTER_MODE_DEVICE ? param : NULL;
  void *args[] = {&n,         &x,         &incx,      &y,         &incy,  p[0].value,
                  p[1].value, p[2].value, p[3].value, p[4].value, &device};
  return cublas_launch(h, cublas_rotm_kernels[t], cublas_blocks_for(n), 1, 1, 256, args);
}

static cublasStatus_t rotmg(cublasHandle_t h, cublas_type t, void *d1, void *d2, void *x1,
                            const void *y1, void *param) {
  CHECK_HANDLE(h);
  if (!d1 || !d2 || !x1 || !y1 || !param) return CUBLAS_STATUS_INVALID_VALUE;
  int size = cublas_real_size[t];
  staged v[5] = {{d1, size, 1, 1},
                 {d2, size, 1, 1},
                 {x1, size, 1, 1},
                 {(void *)y1, size, 1, 0},
                 {param, 5 * size, 0, 1}};
  return run_staged(h, cublas_rotmg_kernels[t], v, 5);
}

/* ---- the public entry points ------------------------------------------------------ */
#define LEVEL1_TYPED(P, p, T, R, TYPE)                                                             \
  cublasStatus_t cublas##P##scal_v2(cublasHandle_t h, int n, const T *alpha, T *x, int incx) {     \
    return scal(h, TYPE, cublas_scal_kernels, (int)sizeof(T), n, alpha, x, incx);                  \
  }                                                                                                \
  cublasStatus_t cublas##P##axpy_v2(cublasHandle_t h, int n, const T *alpha, const T *x, int incx, \
                                    T *y, int incy) {                                              \
    return axpy(h, TYPE, n, alpha, x, incx, y, incy);                                              \
  }                                                                                                \
  cublasStatus_t cublas##P##copy_v2(cublasHandle_t h, int n, const T *x, int incx, T *y,           \
                                    int incy) {                                                    \
    return copy_or_swap(h, cublas_copy_kernels[TYPE], n, x, incx, y, incy);                        \
  }                                                                                                \
  cublasStatus_t cublas##P##swap_v2(cublasHandle_t h, int n, T *x, int incx, T *y, int incy) {     \
    return copy_or_swap(h, cublas_swap_kernels[TYPE], n, x, incx, y, incy);                        \
  }                                                                                                \
  cublasStatus_t cublas##P##rot_v2(cublasHandle_t h, int n, T *x, int incx, T *y, int incy,        \
                                   const R *c, const T *s) {                                       \
    return rot(h, TYPE, cublas_rot_kernels[TYPE], (int)sizeof(T), n, x, incx, y, incy, c, s);      \
  }                                                                                                \
  cublasStatus_t cublasI##p##amax_v2(cublasHandle_t h, int n, const T *x, int incx, int *result) { \
    return index_reduction(h, TYPE, 0, n, x, incx, result);                                        \
  }                                                                                                \
  cublasStatus_t cublasI##p##amin_v2(cublasHandle_t h, int n, const T *x, int incx, int *result) { \
    return index_reduction(h, TYPE, 1, n, x, incx, result);                                        \
  }

LEVEL1_TYPED(S, s, float, float, CUBLAS_TYPE_S)
LEVEL1_TYPED(D, d, double, double, CUBLAS_TYPE_D)
LEVEL1_TYPED(C, c, cuComplex, float, CUBLAS_TYPE_C)
LEVEL1_TYPED(Z, z, cuDoubleComplex, double, CUBLAS_TYPE_Z)

cublasStatus_t cublasCsscal_v2(cublasHandle_t h, int n, const float *alpha, cuComplex *x,
                               int incx) {
  return scal(h, CUBLAS_TYPE_C, cublas_scal_real_kernels, (int)sizeof(float), n, alpha, x, incx);
}
cublasStatus_t cublasZdscal_v2(cublasHandle_t h, int n, const double *alpha, cuDoubleComplex *x,
                               int incx) {
  return scal(h, CUBLAS_TYPE_Z, cublas_scal_real_kernels, (int)sizeof(double), n, alpha, x, incx);
}
cublasStatus_t cublasCsrot_v2(cublasHandle_t h, int n, cuComplex *x, int incx, cuComplex *y,
                              int incy, const float *c, const float *s) {
  return rot(h, CUBLAS_TYPE_C, cublas_rot_real_kernels[CUBLAS_TYPE_C], (int)sizeof(float), n, x,
             incx, y, incy, c, s);
}
cublasStatus_t cublasZdrot_v2(cublasHandle_t h, int n, cuDoubleComplex *x, int incx,
                              cuDoubleComplex *y, int incy, const double *c, const double *s) {
  return rot(h, CUBLAS_TYPE_Z, cublas_rot_real_kernels[CUBLAS_TYPE_Z], (int)sizeof(double), n, x,
             incx, y, incy, c, s);
}

cublasStatus_t cublasSdot_v2(cublasHandle_t h, int n, const float *x, int incx, const float *y,
                             int incy, float *result) {
  return dot(h, CUBLAS_TYPE_S, 0, n, x, incx, y, incy, result);
}
cublasStatus_t cublasDdot_v2(cublasHandle_t h, int n, const double *x, int incx, const double *y,
                             int incy, double *result) {
  return dot(h, CUBLAS_TYPE_D, 0, n, x, incx, y, incy, result);
}
cublasStatus_t cublasCdotu_v2(cublasHandle_t h, int n, const cuComplex *x, int incx,
                              const cuComplex *y, int incy, cuComplex *result) {
  return dot(h, CUBLAS_TYPE_C, 0, n, x, incx, y, incy, result);
}
cublasStatus_t cublasCdotc_v2(cublasHandle_t h, int n, const cuComplex *x, int incx,
                              const cuComplex *y, int incy, cuComplex *result) {
  return dot(h, CUBLAS_TYPE_C, 1, n, x, incx, y, incy, result);
}
cublasStatus_t cublasZdotu_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx,
                              const cuDoubleComplex *y, int incy, cuDoubleComplex *result) {
  return dot(h, CUBLAS_TYPE_Z, 0, n, x, incx, y, incy, result);
}
cublasStatus_t cublasZdotc_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx,
                              const cuDoubleComplex *y, int incy, cuDoubleComplex *result) {
  return dot(h, CUBLAS_TYPE_Z, 1, n, x, incx, y, incy, result);
}

#define REAL_REDUCTION(NAME, T, R, TYPE, PARTIALS, FINALS)                                         \
  cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, R *result) {                  \
    return real_reduction(h, TYPE, PARTIALS, FINALS, n, x, incx, result);                          \
  }
REAL_REDUCTION(cublasSnrm2_v2, float, float, CUBLAS_TYPE_S, cublas_nrm2_partial_kernels,
               cublas_nrm2_final_kernels)
REAL_REDUCTION(cublasDnrm2_v2, double, double, CUBLAS_TYPE_D, cublas_nrm2_partial_kernels,
               cublas_nrm2_final_kernels)
REAL_REDUCTION(cublasScnrm2_v2, cuComplex, float, CUBLAS_TYPE_C, cublas_nrm2_partial_kernels,
               cublas_nrm2_final_kernels)
REAL_REDUCTION(cublasDznrm2_v2, cuDoubleComplex, double, CUBLAS_TYPE_Z, cublas_nrm2_partial_kernels,
               cublas_nrm2_final_kernels)
REAL_REDUCTION(cublasSasum_v2, float, float, CUBLAS_TYPE_S, cublas_asum_partial_kernels,
               cublas_sum_final_kernels)
REAL_REDUCTION(cublasDasum_v2, double, double, CUBLAS_TYPE_D, cublas_asum_partial_kernels,
               cublas_sum_final_kernels)
REAL_REDUCTION(cublasScasum_v2, cuComplex, float, CUBLAS_TYPE_C, cublas_asum_partial_kernels,
               cublas_sum_final_kernels)
REAL_REDUCTION(cublasDzasum_v2, cuDoubleComplex, double, CUBLAS_TYPE_Z, cublas_asum_partial_kernels,
               cublas_sum_final_kernels)

cublasStatus_t cublasSrotg_v2(cublasHandle_t h, float *a, float *b, float *c, float *s) {
  return rotg(h, CUBLAS_TYPE_S, a, b, c, s);
}
cublasStatus_t cublasDrotg_v2(cublasHandle_t h, double *a, double *b, double *c, double *s) {
  return rotg(h, CUBLAS_TYPE_D, a, b, c, s);
}
cublasStatus_t cublasCrotg_v2(cublasHandle_t h, cuComplex *a, cuComplex *b, float *c,
                              cuComplex *s) {
  return rotg(h, CUBLAS_TYPE_C, a, b, c, s);
}
cublasStatus_t cublasZrotg_v2(cublasHandle_t h, cuDoubleComplex *a, cuDoubleComplex *b, double *c,
                              cuDoubleComplex *s) {
  return rotg(h, CUBLAS_TYPE_Z, a, b, c, s);
}
cublasStatus_t cublasSrotm_v2(cublasHandle_t h, int n, float *x, int incx, float *y, int incy,
                              const float *param) {
  return rotm(h, CUBLAS_TYPE_S, n, x, incx, y, incy, param);
}
cublasStatus_t cublasDrotm_v2(cublasHandle_t h, int n, double *x, int incx, double *y, int incy,
                              const double *param) {
  return rotm(h, CUBLAS_TYPE_D, n, x, incx, y, incy, param);
}
cublasStatus_t cublasSrotmg_v2(cublasHandle_t h, float *d1, float *d2, float *x1, const float *y1,
                               float *param) {
  return rotmg(h, CUBLAS_TYPE_S, d1, d2, x1, y1, param);
}
cublasStatus_t cublasDrotmg_v2(cublasHandle_t h, double *d1, double *d2, double *x1,
                               const double *y1, double *param) {
  return rotmg(h, CUBLAS_TYPE_D, d1, d2, x1, y1, param);
}
