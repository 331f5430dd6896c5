/* runtime/cu_unsupported.c — the driver API functions that Anchor declares
 * but does not implement yet: each returns CUDA_ERROR_NOT_SUPPORTED, never a
 * silent success (the driver API has no last error). The list (with each
 * function's CUDA signature) is anchor/unsupported_driver.h; why each is
 * missing is docs/runtime.md, "Declared, not supported". */
#include "cu_internal.h"

/* Before cuInit, CUDA_ERROR_NOT_INITIALIZED, as every driver function. */
#define ANCHOR_DEFINE_UNSUPPORTED(name, params, args)                                              \
  CUresult name params {                                                                           \
    RT_CU_CHECK_INIT();                                                                            \
    return CUDA_ERROR_NOT_SUPPORTED;                                                               \
  }
/* The parameters are named by the list and unused here. */
#pragma GCC diagnostic ignored "-Wunused-parameter"
ANCHOR_UNSUPPORTED_DRIVER(ANCHOR_DEFINE_UNSUPPORTED)
