/* runtime/cu_stream.c — the driver API's streams, events and host functions
 * over the core's handles (core_stream.c): a CUstream is a cudaStream_t, a
 * CUevent a cudaEvent_t, so both APIs share them, as in CUDA. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cu_internal.h"

static cudaEvent_t rt_cu_event(CUevent e) {
  return (cudaEvent_t)(void *)e;
}

/* The priority is clamped to [RT_STREAM_PRIORITY_GREATEST, LEAST] by the core. */
CUresult cuStreamCreateWithPriority(CUstream *phStream, unsigned int Flags, int Priority) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!phStream || (Flags & ~(unsigned)CU_STREAM_NON_BLOCKING)))
    r = CUDA_ERROR_INVALID_VALUE;
  cudaStream_t s = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_stream_create(Flags, Priority, &s));
  if (r == CUDA_SUCCESS) *phStream = (CUstream)(void *)s;
  return rt_cu_leave(r);
}

CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags) {
  return cuStreamCreateWithPriority(phStream, Flags, RT_STREAM_PRIORITY_LEAST);
}

CUresult cuStreamDestroy(CUstream hStream) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS &&
      (!hStream || hStream == CU_STREAM_LEGACY || hStream == CU_STREAM_PER_THREAD ||
       !rt_stream_destroy(rt_cu_stream(hStream))))
    r = CUDA_ERROR_INVALID_HANDLE;
  return rt_cu_leave(r);
}

CUresult cuStreamSynchronize(CUstream hStream) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) {
    cudaError_t e = rt_sticky_error();
    if (e == cudaSuccess) e = rt_stream_synchronize(rt_cu_stream(hStream));
    rt_services_flush();
    r = rt_cu_result(e);
  }
  return rt_cu_leave(r);
}

CUresult cuStreamQuery(CUstream hStream) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) {
    cudaError_t e = rt_sticky_error();
    if (e == cudaSuccess && !rt_stream_idle(rt_cu_stream(hStream))) e = cudaErrorNotReady;
    if (e == cudaSuccess) e = rt_sticky_error();
    r = rt_cu_result(e);
  }
  return rt_cu_leave(r);
}

CUresult cuStreamWaitEvent(CUstream hStream, CUevent hEvent, unsigned int Flags) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS &&
      (!rt_stream_valid(rt_cu_stream(hStream)) || !rt_event_valid(rt_cu_event(hEvent))))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && Flags & ~(unsigned)CU_EVENT_WAIT_EXTERNAL) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && (Flags & CU_EVENT_WAIT_EXTERNAL)) { /* as cuEventRecordWithFlags' */
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeWaitEvent};
    node.eventWait.event = rt_cu_event(hEvent);
    return rt_cu_leave(rt_cu_result(rt_capture_external(rt_cu_stream(hStream), &node)));
  }
  bool captured = false; /* a captured event: the stream joins its capture */
  if (r == CUDA_SUCCESS) {
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeWaitEvent};
    node.eventWait.event = rt_cu_event(hEvent);
    r = rt_cu_result(rt_capture_node(rt_cu_stream(hStream), &node, &captured));
  }
  if (captured) return rt_cu_leave(r);
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_sticky_error());
  rt_device *d = NULL;
  if (r == CUDA_SUCCESS && rt_event_recorded(rt_cu_event(hEvent)))
    r = rt_cu_result(rt_device_ready(&d));
  if (r == CUDA_SUCCESS && d)
    r = rt_cu_result(rt_stream_wait_event(d, rt_cu_stream(hStream), rt_cu_event(hEvent)));
  return rt_cu_leave(r); /* a GPU-side wait, as cudaStreamWaitEvent */
}

/* fn or callback in stream order, on the core's host-function path
 * (core_stream.c), as cudaLaunchHostFunc / cudaStreamAddCallback. A
 * CUstreamCallback has a cudaStreamCallback_t's shape (a CUstream is a
 * cudaStream_t; CUresult and cudaError_t are both C enums of the same
 * width, and the statuses a callback sees have one number in both). */
static CUresult rt_cu_host_function(CUstream hStream, CUhostFn fn, CUstreamCallback callback,
                                    void *userData) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  bool captured = false;
  if (r == CUDA_SUCCESS && fn) { /* in a capture: a host node */
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeHost};
    node.host = (struct cudaHostNodeParamsV2){fn, userData};
    r = rt_cu_result(rt_capture_node(rt_cu_stream(hStream), &node, &captured));
  } else if (r == CUDA_SUCCESS) { /* a callback is not capturable: refused in a capture */
    r = rt_cu_result(rt_capture_sync(rt_cu_stream(hStream)));
  }
  if (r == CUDA_SUCCESS && !captured)
    r = rt_cu_result(rt_stream_host_function(
        d, rt_cu_stream(hStream), fn, (cudaStreamCallback_t)(void (*)(void))callback, userData));
  return rt_cu_leave(r);
}

CUresult cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void *userData) {
  if (!fn) return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_host_function(hStream, fn, NULL, userData);
}

/* ---- events ---------------------------------------------------------------------- */

CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags) {
  const unsigned known = CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING | CU_EVENT_INTERPROCESS;
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!phEvent || (Flags & ~known))) r = CUDA_ERROR_INVALID_VALUE;
  /* CUDA: an interprocess event must also disable timing. */
  if (r == CUDA_SUCCESS && (Flags & CU_EVENT_INTERPROCESS))
    r = Flags & CU_EVENT_DISABLE_TIMING ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_INVALID_VALUE;
  cudaEvent_t e = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_event_create(Flags, &e));
  if (r == CUDA_SUCCESS) *phEvent = (CUevent)(void *)e;
  return rt_cu_leave(r);
}

CUresult cuEventDestroy(CUevent hEvent) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !rt_event_destroy(rt_cu_event(hEvent))) r = CUDA_ERROR_INVALID_HANDLE;
  return rt_cu_leave(r);
}

CUresult cuEventRecord(CUevent hEvent, CUstream hStream) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS &&
      (!rt_event_valid(rt_cu_event(hEvent)) || !rt_stream_valid(rt_cu_stream(hStream))))
    r = CUDA_ERROR_INVALID_HANDLE;
  bool captured = false; /* in a capture: the event marks the capture's point (fork/join) */
  if (r == CUDA_SUCCESS) {
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeEventRecord};
    node.eventRecord.event = rt_cu_event(hEvent);
    r = rt_cu_result(rt_capture_node(rt_cu_stream(hStream), &node, &captured));
  }
  if (r == CUDA_SUCCESS && !captured)
    r = rt_cu_result(rt_event_record(d, rt_cu_event(hEvent), rt_cu_stream(hStream)));
  return rt_cu_leave(r);
}

CUresult cuEventSynchronize(CUevent hEvent) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !rt_event_valid(rt_cu_event(hEvent))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) {
    r = rt_cu_result(rt_event_wait(rt_cu_event(hEvent)));
    rt_services_flush();
  }
  return rt_cu_leave(r);
}

CUresult cuEventQuery(CUevent hEvent) {
  CUresult r = rt_cu_enter_context();
  cudaEvent_t e = rt_cu_event(hEvent);
  if (r == CUDA_SUCCESS && !rt_event_valid(e)) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_sticky_error());
  if (r == CUDA_SUCCESS && rt_event_recorded(e) && !rt_event_done(e)) r = CUDA_ERROR_NOT_READY;
  return rt_cu_leave(r);
}

/* The events are checked before the output (H100, CUDA 13, 2026-12-06:
 * cuEventElapsedTime(NULL, e, e) of a CU_EVENT_DISABLE_TIMING event is
 * CUDA_ERROR_INVALID_HANDLE). */
CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd) {
  CUresult r = rt_cu_enter_context();
  cudaEvent_t start = rt_cu_event(hStart), end = rt_cu_event(hEnd);
  if (r == CUDA_SUCCESS &&
      (!rt_event_valid(start) || !rt_event_valid(end) || !rt_event_recorded(start) ||
       !rt_event_recorded(end) || !rt_event_timed(start) || !rt_event_timed(end)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && !pMilliseconds) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && (!rt_event_done(start) || !rt_event_done(end))) r = CUDA_ERROR_NOT_READY;
  if (r == CUDA_SUCCESS) *pMilliseconds = rt_event_elapsed_ms(start, end);
  return rt_cu_leave(r);
}

/* ---- more of streams ---------------------------------------------------------------- */

/* As cudaStreamAddCallback: after the work before it, with the stream's status. */
CUresult cuStreamAddCallback(CUstream hStream, CUstreamCallback callback, void *userData,
                             unsigned int flags) {
  if (!callback || flags != 0)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_host_function(hStream, NULL, callback, userData);
}

/* Every stream belongs to the one device's contexts alike: the calling
 * thread's current context (the primary one when none is). */
CUresult cuStreamGetCtx(CUstream hStream, CUcontext *pctx) {
  RT_CU_CHECK_INIT();
  if (!pctx) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  CUresult r = rt_stream_valid(rt_cu_stream(hStream)) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
  rt_ctx *c = rt_context_current();
  if (r == CUDA_SUCCESS) *pctx = (CUcontext)(void *)(c ? c : rt_context_primary());
  return rt_cu_leave(r);
}

/* The stream queries: a valid stream and somewhere to put the answer. */
static CUresult rt_cu_stream_query(CUstream hStream, const void *out) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !out) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  return r;
}

CUresult cuStreamGetPriority(CUstream hStream, int *priority) {
  CUresult r = rt_cu_stream_query(hStream, priority);
  if (r == CUDA_SUCCESS) *priority = rt_stream_priority(rt_cu_stream(hStream));
  return rt_cu_leave(r);
}

CUresult cuStreamGetFlags(CUstream hStream, unsigned int *flags) {
  CUresult r = rt_cu_stream_query(hStream, flags);
  if (r == CUDA_SUCCESS) *flags = rt_stream_flags(rt_cu_stream(hStream));
  return rt_cu_leave(r);
}

CUresult cuStreamGetId(CUstream hStream, unsigned long long *streamId) {
  CUresult r = rt_cu_stream_query(hStream, streamId);
  if (r == CUDA_SUCCESS) *streamId = rt_stream_id(rt_cu_stream(hStream));
  return rt_cu_leave(r);
}

/* CU_EVENT_RECORD_EXTERNAL: an event-record node of a stream capture (begun
 * with cudaStreamBeginCapture); CUDA_ERROR_ILLEGAL_STATE outside capture. */
CUresult cuEventRecordWithFlags(CUevent hEvent, CUstream hStream, unsigned int flags) {
  if (flags & ~(unsigned)CU_EVENT_RECORD_EXTERNAL)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  if (!(flags & CU_EVENT_RECORD_EXTERNAL)) return cuEventRecord(hEvent, hStream);
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS &&
      (!rt_event_valid(rt_cu_event(hEvent)) || !rt_stream_valid(rt_cu_stream(hStream))))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) {
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeEventRecord};
    node.eventRecord.event = rt_cu_event(hEvent);
    r = rt_cu_result(rt_capture_external(rt_cu_stream(hStream), &node));
  }
  return rt_cu_leave(r);
}

/* ---- stream memory operations (core_memops.c) ------------------------------------- */

/* The flags of an operation CUDA defines (its form's flags field), or -1. */
static long long rt_cu_memop_flags(const CUstreamBatchMemOpParams *p) {
  switch (p->operation) {
  case CU_STREAM_MEM_OP_WAIT_VALUE_32:
  case CU_STREAM_MEM_OP_WAIT_VALUE_64: return p->waitValue.flags;
  case CU_STREAM_MEM_OP_WRITE_VALUE_32:
  case CU_STREAM_MEM_OP_WRITE_VALUE_64: return p->writeValue.flags;
  case CU_STREAM_MEM_OP_BARRIER: return p->memoryBarrier.flags;
  default: return -1;
  }
}

/* Operation index of the driver's form as the core's (cu_internal.h), its word
 * checked (aligned, in an allocation or registered host memory). What is wrong is
 * logged first, in CUDA 13's words (an H100, 2026-12-07): "Index 0: Invalid flags
 * 0x1", "Index 0: Hardware does not support flushing remote writes", "Index 0:
 * Address 0x7f350be00002 not aligned", "Batch memory address 0x00007f350be01000 is
 * not valid". */
static CUresult rt_cu_memop(rt_device *d, const CUstreamBatchMemOpParams *p, unsigned index,
                            rt_memop *out) {
  char why[128] = "";
  CUresult r = rt_cu_memop_decode(p, out);
  long long flags = rt_cu_memop_flags(p);
  if (r == CUDA_ERROR_NOT_SUPPORTED) {
    snprintf(why, sizeof why, "Index %u: Hardware does not support flushing remote writes", index);
  } else if (r == CUDA_ERROR_INVALID_VALUE && flags >= 0) {
    snprintf(why, sizeof why, "Index %u: Invalid flags 0x%llx", index, flags);
  } else if (r == CUDA_SUCCESS && out->kind != RT_MEMOP_BARRIER) {
    unsigned long long address = (unsigned long long)(uintptr_t)out->address;
    if (address % out->size) {
      r = CUDA_ERROR_INVALID_VALUE;
      snprintf(why, sizeof why, "Index %u: Address 0x%llx not aligned", index, address);
    } else {
      r = rt_cu_result(rt_memop_target(d, out->address, out->size, &out->cpu));
      if (r == CUDA_ERROR_INVALID_VALUE)
        snprintf(why, sizeof why, "Batch memory address 0x%016llx is not valid", address);
    }
  }
  if (why[0]) rt_log_message(why);
  return r;
}

/* In the stream's order, performed by the host (core_memops.c). In a stream
 * capture: a batch-memop node of the operations (CU_GRAPH_NODE_TYPE_BATCH_MEM_OP),
 * performed in order each time the graph runs. */
static CUresult rt_cu_batch_memop(CUstream stream, unsigned int count,
                                  CUstreamBatchMemOpParams *paramArray, unsigned int flags,
                                  const char *function) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && (flags != 0 || (count && !paramArray))) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(stream))) r = CUDA_ERROR_INVALID_HANDLE;
  rt_memop *ops = NULL;
  if (r == CUDA_SUCCESS && count && !(ops = malloc(count * sizeof *ops)))
    r = CUDA_ERROR_OUT_OF_MEMORY;
  for (unsigned i = 0; r == CUDA_SUCCESS && i < count; i++)
    r = rt_cu_memop(d, &paramArray[i], i, &ops[i]);
  bool captured = false;
  if (r == CUDA_SUCCESS) {
    struct cudaGraphNodeParams node = {.type = (enum cudaGraphNodeType)RT_GRAPH_NODE_MEM_OP};
    *rt_graph_memop_params(&node) =
        (rt_memop_node){ops, count, paramArray, count * sizeof *paramArray, flags};
    r = count ? rt_cu_result(rt_capture_node(rt_cu_stream(stream), &node, &captured))
              : CUDA_SUCCESS;
  }
  if (r == CUDA_SUCCESS && !captured)
    r = rt_cu_result(rt_stream_memops(d, rt_cu_stream(stream), ops, count));
  free(ops);
  return rt_cu_leave_from(r, function); /* the log names the function called, as CUDA's */
}

CUresult cuStreamBatchMemOp_v2(CUstream stream, unsigned int count,
                               CUstreamBatchMemOpParams *paramArray, unsigned int flags) {
  return rt_cu_batch_memop(stream, count, paramArray, flags, "cuStreamBatchMemOp_v2");
}

static CUresult rt_cu_memop_one(CUstream stream, CUstreamBatchMemOpType operation, CUdeviceptr addr,
                                cuuint64_t value, unsigned int flags, const char *function) {
  CUstreamBatchMemOpParams p = {.operation = operation};
  if (operation == CU_STREAM_MEM_OP_WAIT_VALUE_32 || operation == CU_STREAM_MEM_OP_WAIT_VALUE_64)
    p.waitValue =
        (struct CUstreamMemOpWaitValueParams_st){operation, addr, {.value64 = value}, flags, 0};
  else
    p.writeValue =
        (struct CUstreamMemOpWriteValueParams_st){operation, addr, {.value64 = value}, flags, 0};
  return rt_cu_batch_memop(stream, 1, &p, 0, function);
}

CUresult cuStreamWaitValue32_v2(CUstream stream, CUdeviceptr addr, cuuint32_t value,
                                unsigned int flags) {
  return rt_cu_memop_one(stream, CU_STREAM_MEM_OP_WAIT_VALUE_32, addr, value, flags,
                         "cuStreamWaitValue32_v2");
}
CUresult cuStreamWaitValue64_v2(CUstream stream, CUdeviceptr addr, cuuint64_t value,
                                unsigned int flags) {
  return rt_cu_memop_one(stream, CU_STREAM_MEM_OP_WAIT_VALUE_64, addr, value, flags,
                         "cuStreamWaitValue64_v2");
}
CUresult cuStreamWriteValue32_v2(CUstream stream, CUdeviceptr addr, cuuint32_t value,
                                 unsigned int flags) {
  return rt_cu_memop_one(stream, CU_STREAM_MEM_OP_WRITE_VALUE_32, addr, value, flags,
                         "cuStreamWriteValue32_v2");
}
CUresult cuStreamWriteValue64_v2(CUstream stream, CUdeviceptr addr, cuuint64_t value,
                                 unsigned int flags) {
  return rt_cu_memop_one(stream, CU_STREAM_MEM_OP_WRITE_VALUE_64, addr, value, flags,
                         "cuStreamWriteValue64_v2");
}

/* ---- more stream queries (issue 9) ---------------------------------------------------- */

CUresult cuStreamGetDevice(CUstream hStream, CUdevice *device) {
  CUresult r = rt_cu_stream_query(hStream, device);
  if (r == CUDA_SUCCESS) *device = 0;
  return rt_cu_leave(r);
}

/* The stream's context as cuStreamGetCtx gives it; no stream has a green
 * context (they are not supported), so *pGreenCtx is NULL. */
CUresult cuStreamGetCtx_v2(CUstream hStream, CUcontext *pCtx, CUgreenCtx *pGreenCtx) {
  CUresult r = rt_cu_stream_query(hStream, pCtx);
  if (r == CUDA_SUCCESS && !pGreenCtx) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    rt_ctx *c = rt_context_current();
    *pCtx = (CUcontext)(void *)(c ? c : rt_context_primary());
    *pGreenCtx = NULL;
  }
  return rt_cu_leave(r);
}

/* No stream belongs to a green context (they are not supported): NULL. */
CUresult cuStreamGetGreenCtx(CUstream hStream, CUgreenCtx *phCtx) {
  CUresult r = rt_cu_stream_query(hStream, phCtx);
  if (r == CUDA_SUCCESS) *phCtx = NULL;
  return rt_cu_leave(r);
}
