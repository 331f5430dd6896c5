/* support.c — what every cuBLAS call shares: element sizes, scalars in either pointer
 * mode, kernel launches on the handle's stream, and reduction results delivered to host
 * or device memory. */
#include <limits.h>
#include <string.h>

#include "cublas_internal.h"

const int cublas_type_size[4] = {4, 8, 8, 16};
const int cublas_real_size[4] = {4, 8, 4, 8};

void cublas_scalar_from(cublasHandle_t handle, const void *pointer, int size, cublas_scalar *out) {
  memset(out, 0, sizeof *out);
  if (handle->pointer_mode == CUBLAS_POINTER_MODE_DEVICE)
    out->device = pointer;
  else
    memcpy(out->value, pointer, (size_t)size);
}

int cublas_scalar_is(const cublas_scalar *s, int size, cublas_type type, double value) {
  if (s->device) return 0;
  double re, im = 0;
  switch (type) {
  case CUBLAS_TYPE_S:
  case CUBLAS_TYPE_C: {
    float f[2] = {0, 0};
    memcpy(f, s->value, (size_t)size);
    re = f[0], im = f[1];
    break;
  }
  default: {
    double d[2] = {0, 0};
    memcpy(d, s->value, (size_t)size);
    re = d[0], im = d[1];
  }
  }
  return re == value && im == 0;
}

cublasStatus_t cublas_launch(cublasHandle_t handle, const void *kernel, unsigned grid_x,
                             unsigned grid_y, unsigned grid_z, unsigned block, void **args) {
  dim3 grid = {grid_x, grid_y, grid_z}, threads = {block, 1, 1};
  cudaError_t err = cudaLaunchKernel(kernel, grid, threads, args, 0, handle->stream);
  return err == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_EXECUTION_FAILED;
}

cublasStatus_t cublas_launch_batches(cublasHandle_t handle, const void *kernel, unsigned grid_x,
                                     unsigned grid_y, int batch, unsigned block, void **args,
                                     int *batch0) {
  enum { MAX_GRID_Z = 65535 };
  for (*batch0 = 0; *batch0 < batch; *batch0 += MAX_GRID_Z) {
    int count = batch - *batch0 < MAX_GRID_Z ? batch - *batch0 : MAX_GRID_Z;
    cublasStatus_t st = cublas_launch(handle, kernel, grid_x, grid_y, (unsigned)count, block, args);
    if (st != CUBLAS_STATUS_SUCCESS) return st;
  }
  return CUBLAS_STATUS_SUCCESS;
}

unsigned cublas_blocks_for(long long n) {
  long long blocks = (n + 255) / 256;
  return (unsigned)(blocks < 1 ? 1 : blocks > 1024 ? 1024 : blocks);
}

void *cublas_result_target(cublasHandle_t handle, void *result) {
  if (handle->pointer_mode == CUBLAS_POINTER_MODE_DEVICE) return result;
  return (char *)handle->scratch + CUBLAS_SCRATCH_RESULT;
}

cublasStatus_t cublas_finish_result(cublasHandle_t handle, void *result, int size) {
  if (handle->pointer_mode == CUBLAS_POINTER_MODE_DEVICE) return CUBLAS_STATUS_SUCCESS;
  cudaError_t err = cudaMemcpyAsync(result, (char *)handle->scratch + CUBLAS_SCRATCH_RESULT,
                                    (size_t)size, cudaMemcpyDeviceToHost, handle->stream);
  if (err == cudaSuccess) err = cudaStreamSynchronize(handle->stream);
  return err == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_EXECUTION_FAILED;
}

cublasStatus_t cublas_zero_result(cublasHandle_t handle, void *result, int size) {
  if (handle->pointer_mode == CUBLAS_POINTER_MODE_DEVICE)
    return cudaMemsetAsync(result, 0, (size_t)size, handle->stream) == cudaSuccess
               ? CUBLAS_STATUS_SUCCESS
               : CUBLAS_STATUS_EXECUTION_FAILED;
  memset(result, 0, (size_t)size);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublas_narrow_args_64(int nsizes, const int64_t *sizes, int *sizes_out, int nincs,
                                     const int64_t *incs, int *incs_out) {
  for (int i = 0; i < nsizes; i++) {
    if (sizes[i] > INT_MAX) return CUBLAS_STATUS_NOT_SUPPORTED;
    sizes_out[i] = sizes[i] < 0 ? -1 : (int)sizes[i];
  }
  for (int i = 0; i < nincs; i++) {
    if (incs[i] > INT_MAX || incs[i] < -INT_MAX) return CUBLAS_STATUS_NOT_SUPPORTED;
    incs_out[i] = (int)incs[i];
  }
  return CUBLAS_STATUS_SUCCESS;
}
