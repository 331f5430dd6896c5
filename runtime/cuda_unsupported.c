/* runtime/cuda_unsupported.c — the runtime API functions that Anchor declares
 * but does not implement: each records cudaErrorNotSupported as the calling
 * thread's last error and returns it, never a silent success. The list (with
 * each function's CUDA signature) is anchor/unsupported_runtime.h; why each is
 * missing is docs/runtime.md, "Declared, not supported". Touches no state. */
#include "core.h"

#define ANCHOR_DEFINE_UNSUPPORTED(name, params, args)                                              \
  cudaError_t name params {                                                                        \
    return rt_record(cudaErrorNotSupported);                                                       \
  }
/* The parameters are named by the list and unused here. */
#pragma GCC diagnostic ignored "-Wunused-parameter"
ANCHOR_UNSUPPORTED_RUNTIME(ANCHOR_DEFINE_UNSUPPORTED)
