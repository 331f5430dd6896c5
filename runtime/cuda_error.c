/* runtime/cuda_error.c — the runtime API's error functions: names and texts
 * of codes, cudaPeekAtLastError and cudaGetLastError. The rules (per-thread
 * last error, process-wide sticky error) are the core's (error.c). An
 * unknown code gives "unrecognized error code" from both text functions, as
 * CUDA's do. Pure C: needs no device. */
#include "core.h"

static const char rt_unrecognized[] = "unrecognized error code";

const char *cudaGetErrorName(cudaError_t error) {
  const char *name = rt_error_name(error);
  return name ? name : rt_unrecognized;
}

const char *cudaGetErrorString(cudaError_t error) {
  const char *text = rt_error_text(error);
  return text ? text : rt_unrecognized;
}

/* A sticky error hides the last error and is never cleared by reading it. */
cudaError_t cudaPeekAtLastError(void) {
  return rt_last_error_report(false);
}

cudaError_t cudaGetLastError(void) {
  return rt_last_error_report(true);
}
