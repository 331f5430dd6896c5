/* runtime/cu_internal.h — what the driver API's files (cu_*.c) share: the
 * way into the core and the mapping of the core's codes to CUresult.
 * Static inline, so no API file calls another (scripts/check_layering.sh). */
#ifndef ANCHOR_CU_INTERNAL_H
#define ANCHOR_CU_INTERNAL_H

#include "core.h"
#include "cuda.h"

/* The core speaks cudaError_t; the numbers are the driver's for every code
 * both APIs have (CUDA numbers them alike). The runtime-only codes the core
 * can return map to the driver code CUDA's driver gives in their place. */
static inline CUresult rt_cu_result(cudaError_t e) {
  switch (e) {
  case cudaErrorInvalidDeviceFunction: return CUDA_ERROR_INVALID_HANDLE;
  case cudaErrorInvalidPitchValue:
  case cudaErrorInvalidMemcpyDirection:
  case cudaErrorInvalidConfiguration:
  case cudaErrorInvalidSymbol:
  case cudaErrorInvalidDevicePointer: return CUDA_ERROR_INVALID_VALUE;
  default: return (CUresult)e;
  }
}

/* The lock, cuInit, a current context (lock held on return either way: leave
 * with rt_cu_leave). */
static inline CUresult rt_cu_enter_context(void) {
  rt_enter();
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!rt_context_current()) return CUDA_ERROR_INVALID_CONTEXT;
  return CUDA_SUCCESS;
}

/* The lock and cuInit, without a context (graphs, virtual address ranges
 * and physical handles belong to no context). Leave with rt_cu_leave. */
static inline CUresult rt_cu_enter_initialised(void) {
  rt_enter();
  return rt_context_initialised() ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED;
}

/* The same, then the sticky error and the device. */
static inline CUresult rt_cu_enter_device(rt_device **device) {
  CUresult r = rt_cu_enter_context();
  if (r != CUDA_SUCCESS) return r;
  cudaError_t e = rt_sticky_error();
  if (e == cudaSuccess) e = rt_device_ready(device);
  return rt_cu_result(e);
}

/* Leaves the core; an error is logged (logs.c, cuLogs*) with the name of the
 * driver function it leaves: the macro's __func__, or in a helper the
 * exported function that called it (rt_log_function_at; none when unsure).
 * CUDA_ERROR_NOT_READY is an answer, not an error. Always inlined, so the
 * return address is the enclosing function's. */
static inline __attribute__((always_inline)) CUresult rt_cu_leave_from(CUresult r,
                                                                       const char *function) {
  rt_leave_unrecorded(cudaSuccess);
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_NOT_READY) {
    if (function[0] != 'c' || function[1] != 'u')
      function = rt_log_function_at(__builtin_return_address(0));
    rt_log_error(function, (int)r);
  }
  return r;
}
#define rt_cu_leave(r) rt_cu_leave_from((r), __func__)

/* The driver's streams and events are the runtime's handles. */
static inline cudaStream_t rt_cu_stream(CUstream s) {
  return (cudaStream_t)(void *)s;
}

/* One stream memory operation of the driver's form as the core's (cuStreamBatchMemOp,
 * batch-memop graph nodes): the flags CUDA defines checked, the word's address kept
 * (its cpu is the caller's to find: rt_memop_target). A flush of remote writes
 * (CU_STREAM_WAIT_VALUE_FLUSH, CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES) needs
 * CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES, 0 here: CUDA_ERROR_NOT_SUPPORTED. */
static inline CUresult rt_cu_memop_decode(const CUstreamBatchMemOpParams *p, rt_memop *out) {
  const unsigned conditions = CU_STREAM_WAIT_VALUE_NOR; /* GEQ 0, EQ 1, AND 2, NOR 3 */
  bool wide = p->operation == CU_STREAM_MEM_OP_WAIT_VALUE_64 ||
              p->operation == CU_STREAM_MEM_OP_WRITE_VALUE_64;
  switch (p->operation) {
  case CU_STREAM_MEM_OP_WAIT_VALUE_32:
  case CU_STREAM_MEM_OP_WAIT_VALUE_64:
    if (p->waitValue.flags & CU_STREAM_WAIT_VALUE_FLUSH) return CUDA_ERROR_NOT_SUPPORTED;
    if (p->waitValue.flags & ~conditions) return CUDA_ERROR_INVALID_VALUE;
    *out = (rt_memop){.kind = RT_MEMOP_WAIT,
                      .condition = (rt_memop_condition)p->waitValue.flags,
                      .size = wide ? 8 : 4,
                      .value = wide ? p->waitValue.value64 : p->waitValue.value,
                      .address = (const void *)(uintptr_t)p->waitValue.address};
    return CUDA_SUCCESS;
  case CU_STREAM_MEM_OP_WRITE_VALUE_32:
  case CU_STREAM_MEM_OP_WRITE_VALUE_64:
    /* CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER "is not supported in the v2 API" */
    if (p->writeValue.flags != 0) return CUDA_ERROR_INVALID_VALUE;
    *out = (rt_memop){.kind = RT_MEMOP_WRITE,
                      .size = wide ? 8 : 4,
                      .value = wide ? p->writeValue.value64 : p->writeValue.value,
                      .address = (const void *)(uintptr_t)p->writeValue.address};
    return CUDA_SUCCESS;
  case CU_STREAM_MEM_OP_BARRIER:
    if (p->memoryBarrier.flags > CU_STREAM_MEMORY_BARRIER_TYPE_GPU) return CUDA_ERROR_INVALID_VALUE;
    *out = (rt_memop){.kind = RT_MEMOP_BARRIER};
    return CUDA_SUCCESS;
  case CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES: return CUDA_ERROR_NOT_SUPPORTED;
  default: return CUDA_ERROR_INVALID_VALUE;
  }
}

#define RT_CU_CHECK_INIT()                                                                         \
  do {                                                                                             \
    if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;                              \
  } while (0)

#endif
