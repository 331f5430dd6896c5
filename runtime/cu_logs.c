/* runtime/cu_logs.c — the driver API's error log management (cuLogs*) over
 * logs.c: every error a driver function returns through the core is a line
 * "[time][thread][CUDA][E] Returning code (text) from cuFunction" (CUDA
 * writes the code's name where Anchor writes its text), kept, dumped and
 * passed to callbacks as CUDA documents. Flags are reserved: 0. */
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
  if (r != CUDA_SUCCESS) rt_log_error(function, (int)r, rt_error_text((cudaError_t)r));
  return r;
}

CUresult cuLogsRegisterCallback(CUlogsCallback callbackFunc, void *userData,
                                CUlogsCallbackHandle *callback_out) {
  RT_CU_CHECK_INIT();
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
  RT_CU_CHECK_INIT();
  void *context = NULL;
  if (!callback || !rt_log_unregister((void *)callback, &context))
    return rt_cu_log_result(CUDA_ERROR_INVALID_VALUE, __func__);
  free(context);
  return CUDA_SUCCESS;
}

CUresult cuLogsCurrent(CUlogIterator *iterator_out, unsigned int flags) {
  RT_CU_CHECK_INIT();
  if (!iterator_out || flags) return rt_cu_log_result(CUDA_ERROR_INVALID_VALUE, __func__);
  *iterator_out = rt_log_current();
  return CUDA_SUCCESS;
}

CUresult cuLogsDumpToFile(CUlogIterator *iterator, const char *pathToFile, unsigned int flags) {
  RT_CU_CHECK_INIT();
  if (!pathToFile || flags) return rt_cu_log_result(CUDA_ERROR_INVALID_VALUE, __func__);
  return rt_cu_log_result(rt_cu_result(rt_log_dump_file(iterator, pathToFile)), __func__);
}

CUresult cuLogsDumpToMemory(CUlogIterator *iterator, char *buffer, size_t *size,
                            unsigned int flags) {
  RT_CU_CHECK_INIT();
  if (!buffer || !size || flags) return rt_cu_log_result(CUDA_ERROR_INVALID_VALUE, __func__);
  return rt_cu_log_result(rt_cu_result(rt_log_dump(iterator, buffer, size)), __func__);
}
