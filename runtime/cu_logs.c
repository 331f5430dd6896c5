/* runtime/cu_logs.c — the driver API's error log management (cuLogs*) over
 * logs.c: every error a driver function returns through the core is a line
 * "[time][thread][CUDA][E] Returning code (CUDA_ERROR_NAME) from cuFunction"
 * (some preceded by a line explaining it), kept, dumped and passed to
 * callbacks (the message without the bracketed header) as CUDA 13's driver
 * does (an H100, 2026-12-07: tests/runtime/cuda/driver_issue9_codes.cpp).
 * The log works before cuInit, as CUDA's does (it is for diagnosing that
 * too). Flags are reserved: 0. */
#include <stdio.h>
#include <stdlib.h>

#include "cu_internal.h"

typedef struct {
  CUlogsCallback fn;
  void *data;
} rt_cu_log_callback;

static void rt_cu_log_call(void *context, rt_log_level level, char *message, size_t length) {
  rt_cu_log_callback *c = context;
  c->fn(c->data, (CUlogLevel)level, message, length);
}

/* The errors of the cuLogs* calls themselves are logged too, as CUDA does. */
static CUresult rt_cu_log_result(CUresult r, const char *function) {
  if (r != CUDA_SUCCESS) rt_log_error(function, (int)r);
  return r;
}

CUresult cuLogsRegisterCallback(CUlogsCallback callbackFunc, void *userData,
                                CUlogsCallbackHandle *callback_out) {
  if (!callbackFunc) return rt_cu_log_result(CUDA_ERROR_INVALID_VALUE, __func__);
  rt_cu_log_callback *c = malloc(sizeof *c);
  if (!c) return CUDA_ERROR_OUT_OF_MEMORY;
  *c = (rt_cu_log_callback){callbackFunc, userData};
  void *handle = rt_log_register(rt_cu_log_call, c);
  if (!handle) {
    free(c);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  if (callback_out) *callback_out = (CUlogsCallbackHandle)handle; /* optional, as documented */
  return CUDA_SUCCESS;
}

CUresult cuLogsUnregisterCallback(CUlogsCallbackHandle callback) {
  void *context = NULL;
  if (!callback || !rt_log_unregister((void *)callback, &context))
    return rt_cu_log_result(CUDA_ERROR_INVALID_VALUE, __func__);
  free(context);
  return CUDA_SUCCESS;
}

CUresult cuLogsCurrent(CUlogIterator *iterator_out, unsigned int flags) {
  if (!iterator_out || flags) return rt_cu_log_result(CUDA_ERROR_INVALID_VALUE, __func__);
  *iterator_out = rt_log_current();
  return CUDA_SUCCESS;
}

CUresult cuLogsDumpToFile(CUlogIterator *iterator, const char *pathToFile, unsigned int flags) {
  if (!pathToFile || flags) return rt_cu_log_result(CUDA_ERROR_INVALID_VALUE, __func__);
  cudaError_t e = rt_log_dump_file(iterator, pathToFile);
  if (e == cudaErrorInvalidValue) {
    char message[512];
    snprintf(message, sizeof message, "Unable to open file at %s for dumping logs", pathToFile);
    rt_log_message(message);
  }
  return rt_cu_log_result(rt_cu_result(e), __func__);
}

CUresult cuLogsDumpToMemory(CUlogIterator *iterator, char *buffer, size_t *size,
                            unsigned int flags) {
  if (!buffer || !size || flags) return rt_cu_log_result(CUDA_ERROR_INVALID_VALUE, __func__);
  cudaError_t e = rt_log_dump(iterator, buffer, size);
  if (e == cudaErrorInvalidValue)
    rt_log_message("Provided buffer is not large enough to write any logs to");
  return rt_cu_log_result(rt_cu_result(e), __func__);
}
