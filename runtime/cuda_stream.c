/* runtime/cuda_stream.c — the runtime API's streams, events and host
 * functions over the core's streams (core_stream.c: a Metal queue per
 * stream, GPU-side waits between them). cudaErrorNotReady is an answer, not
 * a failure: rt_leave does not record it.
 *
 * The _ptsz entry points are what a program compiled for the per-thread
 * default stream calls (anchorcc --default-stream per-thread, which defines
 * CUDA_API_PER_THREAD_DEFAULT_STREAM; cuda_runtime_api.h maps the names):
 * each is its plain function with stream 0 meaning cudaStreamPerThread. */
#include "core.h"

/* ---- streams ------------------------------------------------------------------------ */

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority) {
  if (!pStream || (flags & ~(unsigned)cudaStreamNonBlocking))
    return rt_record(cudaErrorInvalidValue);
  rt_enter();
  return rt_leave(rt_stream_create(flags, priority, pStream));
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags) {
  return cudaStreamCreateWithPriority(pStream, flags, RT_STREAM_PRIORITY_LEAST);
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream) {
  return cudaStreamCreateWithFlags(pStream, cudaStreamDefault);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  rt_enter();
  if (stream) rt_capture_forget_stream(stream); /* a capturing stream leaves its capture */
  return rt_leave(rt_stream_destroy(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  rt_enter();
  cudaError_t e =
      rt_stream_valid(stream) ? rt_capture_sync(stream) : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess) e = rt_sticky_error();
  if (e == cudaSuccess) e = rt_stream_synchronize(stream);
  rt_services_flush(); /* device printf's output, as CUDA flushes it here */
  return rt_leave(e);
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
  rt_enter();
  cudaError_t e =
      rt_stream_valid(stream) ? rt_capture_sync(stream) : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess) e = rt_sticky_error();
  if (e == cudaSuccess && !rt_stream_idle(stream)) e = cudaErrorNotReady;
  if (e == cudaSuccess) e = rt_sticky_error(); /* retiring may have found a failure */
  return rt_leave(e);
}

/* The queries: a valid stream and somewhere to put the answer. */
static cudaError_t rt_stream_check(cudaStream_t stream, const void *out) {
  if (!out) return cudaErrorInvalidValue;
  return rt_stream_valid(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
}

cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags) {
  rt_enter();
  cudaError_t e = rt_stream_check(hStream, flags);
  if (e == cudaSuccess) *flags = rt_stream_flags(hStream);
  return rt_leave(e);
}

cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int *priority) {
  rt_enter();
  cudaError_t e = rt_stream_check(hStream, priority);
  if (e == cudaSuccess) *priority = rt_stream_priority(hStream);
  return rt_leave(e);
}

cudaError_t cudaStreamGetId(cudaStream_t hStream, unsigned long long *streamId) {
  rt_enter();
  cudaError_t e = rt_stream_check(hStream, streamId);
  if (e == cudaSuccess) *streamId = rt_stream_id(hStream);
  return rt_leave(e);
}

cudaError_t cudaStreamGetDevice(cudaStream_t hStream, int *device) {
  rt_enter();
  cudaError_t e = rt_stream_check(hStream, device);
  if (e == cudaSuccess) *device = 0; /* the one device */
  return rt_leave(e);
}

/* ---- events ---------------------------------------------------------------------------- */

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
  const unsigned known = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if (!event || (flags & ~known)) return rt_record(cudaErrorInvalidValue);
  /* CUDA: an interprocess event must not keep time. It is an ordinary event
   * here; its IPC handle (cudaIpcGetEventHandle) is what is not supported. */
  if ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming))
    return rt_record(cudaErrorInvalidValue);
  rt_enter();
  return rt_leave(rt_event_create(flags, event));
}

cudaError_t cudaEventCreate(cudaEvent_t *event) {
  return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  rt_enter();
  return rt_leave(rt_event_destroy(event) ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
  if (flags & ~(unsigned)cudaEventRecordExternal) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  rt_device *d = NULL;
  cudaError_t e = rt_event_valid(event) && rt_stream_valid(stream) ? rt_sticky_error()
                                                                   : cudaErrorInvalidResourceHandle;
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeEventRecord};
  node.eventRecord.event = event;
  /* cudaEventRecordExternal: an event-record node of the capture;
   * cudaErrorIllegalState outside capture (H200, CUDA 13, 2026-12-01). */
  if (e == cudaSuccess && (flags & cudaEventRecordExternal))
    return rt_leave(rt_capture_external(stream, &node));
  bool captured = false; /* in a capture: the event marks the capture's point (fork/join) */
  if (e == cudaSuccess) e = rt_capture_node(stream, &node, &captured);
  if (e == cudaSuccess && !captured) e = rt_device_ready(&d);
  if (e == cudaSuccess && !captured) e = rt_event_record(d, event, stream);
  return rt_leave(e);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return cudaEventRecordWithFlags(event, stream, cudaEventRecordDefault);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  rt_enter();
  cudaError_t e = rt_event_valid(event) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  /* an event last recorded in a capture: cudaErrorInvalidValue (H200, CUDA 13, 2026-12-01;
   * cudaEventQuery gives cudaErrorCapturedEvent) */
  if (e == cudaSuccess && rt_capture_event_captured(event)) e = cudaErrorInvalidValue;
  if (e == cudaSuccess) e = rt_event_wait(event);
  rt_services_flush(); /* device printf's output (when nothing else runs) */
  return rt_leave(e);
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  rt_enter();
  cudaError_t e = rt_event_valid(event) ? rt_sticky_error() : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && rt_capture_event_captured(event)) e = cudaErrorCapturedEvent;
  if (e == cudaSuccess && rt_event_recorded(event) && !rt_event_done(event)) e = cudaErrorNotReady;
  return rt_leave(e);
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
  if (!ms) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = cudaSuccess;
  if (!rt_event_valid(start) || !rt_event_valid(end) || !rt_event_recorded(start) ||
      !rt_event_recorded(end) || !rt_event_timed(start) || !rt_event_timed(end))
    e = cudaErrorInvalidResourceHandle;
  else if (!rt_event_done(start) || !rt_event_done(end))
    e = cudaErrorNotReady;
  else
    *ms = rt_event_elapsed_ms(start, end);
  return rt_leave(e);
}

/* ---- ordering and host functions ------------------------------------------------- */

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  rt_enter();
  cudaError_t e = rt_stream_valid(stream) && rt_event_valid(event) ? cudaSuccess
                                                                   : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && (flags & ~(unsigned)cudaEventWaitExternal)) e = cudaErrorInvalidValue;
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeWaitEvent};
  node.eventWait.event = event;
  /* cudaEventWaitExternal: an event-wait node of the capture; outside
   * capture cudaErrorIllegalState, as cudaEventRecordExternal's. */
  if (e == cudaSuccess && (flags & cudaEventWaitExternal))
    return rt_leave(rt_capture_external(stream, &node));
  bool captured = false; /* a captured event: the stream joins its capture */
  if (e == cudaSuccess) e = rt_capture_node(stream, &node, &captured);
  if (captured) return rt_leave(e);
  if (e == cudaSuccess) e = rt_sticky_error();
  rt_device *d = NULL;
  if (e == cudaSuccess && rt_event_recorded(event)) e = rt_device_ready(&d);
  if (e == cudaSuccess && d) e = rt_stream_wait_event(d, stream, event);
  return rt_leave(e);
}

/* Enqueues fn or callback on stream (core_stream.c runs it in order). */
static cudaError_t rt_host_function(cudaStream_t stream, cudaHostFn_t fn,
                                    cudaStreamCallback_t callback, void *data) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  bool captured = false;
  if (e == cudaSuccess && fn) { /* in a capture: a host node */
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeHost};
    node.host = (struct cudaHostNodeParamsV2){fn, data};
    e = rt_capture_node(stream, &node, &captured);
  } else if (e == cudaSuccess) { /* a callback is not capturable: refused in a capture */
    e = rt_capture_sync(stream);
  }
  if (e == cudaSuccess && !captured) e = rt_stream_host_function(d, stream, fn, callback, data);
  return rt_leave(e);
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
  if (!fn) return rt_record(cudaErrorInvalidValue);
  return rt_host_function(stream, fn, NULL, userData);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags) {
  if (!callback || flags != 0) return rt_record(cudaErrorInvalidValue);
  return rt_host_function(stream, NULL, callback, userData);
}

/* ---- the per-thread default stream's entry points ----------------------------------- */

cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t stream) {
  return cudaStreamSynchronize(rt_stream_ptsz(stream));
}
cudaError_t cudaStreamQuery_ptsz(cudaStream_t stream) {
  return cudaStreamQuery(rt_stream_ptsz(stream));
}
cudaError_t cudaStreamGetFlags_ptsz(cudaStream_t hStream, unsigned int *flags) {
  return cudaStreamGetFlags(rt_stream_ptsz(hStream), flags);
}
cudaError_t cudaStreamGetPriority_ptsz(cudaStream_t hStream, int *priority) {
  return cudaStreamGetPriority(rt_stream_ptsz(hStream), priority);
}
cudaError_t cudaStreamGetId_ptsz(cudaStream_t hStream, unsigned long long *streamId) {
  return cudaStreamGetId(rt_stream_ptsz(hStream), streamId);
}
cudaError_t cudaStreamGetDevice_ptsz(cudaStream_t hStream, int *device) {
  return cudaStreamGetDevice(rt_stream_ptsz(hStream), device);
}
cudaError_t cudaEventRecord_ptsz(cudaEvent_t event, cudaStream_t stream) {
  return cudaEventRecord(event, rt_stream_ptsz(stream));
}
cudaError_t cudaEventRecordWithFlags_ptsz(cudaEvent_t event, cudaStream_t stream,
                                          unsigned int flags) {
  return cudaEventRecordWithFlags(event, rt_stream_ptsz(stream), flags);
}
cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  return cudaStreamWaitEvent(rt_stream_ptsz(stream), event, flags);
}
cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
  return cudaLaunchHostFunc(rt_stream_ptsz(stream), fn, userData);
}
cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t stream, cudaStreamCallback_t callback,
                                       void *userData, unsigned int flags) {
  return cudaStreamAddCallback(rt_stream_ptsz(stream), callback, userData, flags);
}
