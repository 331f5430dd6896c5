/* runtime/cuda_stream.c — the runtime API's streams, events and host
 * functions. Streams and events are the core's handles (core_stream.c): one
 * in-order queue serves every stream, so synchronising a stream waits for
 * all work. cudaErrorNotReady is an answer, not a failure: rt_leave does not
 * record it. */
#include "core.h"

/* ---- streams ------------------------------------------------------------------------ */

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags) {
  if (!pStream || (flags & ~(unsigned)cudaStreamNonBlocking))
    return rt_record(cudaErrorInvalidValue);
  rt_enter();
  return rt_leave(rt_stream_create(flags, pStream));
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream) {
  return cudaStreamCreateWithFlags(pStream, 0);
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority) {
  (void)priority; /* the range is [0, 0]: every priority means the same */
  return cudaStreamCreateWithFlags(pStream, flags);
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
  if (e == cudaSuccess && rt_device_current()) e = rt_wait_all();
  rt_services_flush(); /* device printf's output, as CUDA flushes it here */
  return rt_leave(e);
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
  rt_enter();
  cudaError_t e =
      rt_stream_valid(stream) ? rt_capture_sync(stream) : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess) e = rt_sticky_error();
  if (e == cudaSuccess && rt_device_current() && !rt_all_completed()) e = cudaErrorNotReady;
  if (e == cudaSuccess) e = rt_sticky_error(); /* retiring may have found a failure */
  return rt_leave(e);
}

/* ---- events ---------------------------------------------------------------------------- */

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
  const unsigned known = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if (!event || (flags & ~known)) return rt_record(cudaErrorInvalidValue);
  if (flags & cudaEventInterprocess) return rt_record(cudaErrorNotSupported);
  rt_enter();
  return rt_leave(rt_event_create(flags, event));
}

cudaError_t cudaEventCreate(cudaEvent_t *event) {
  return cudaEventCreateWithFlags(event, 0);
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  rt_enter();
  return rt_leave(rt_event_destroy(event) ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  rt_enter();
  rt_device *d = NULL;
  cudaError_t e = rt_event_valid(event) && rt_stream_valid(stream) ? rt_sticky_error()
                                                                   : cudaErrorInvalidResourceHandle;
  bool captured = false;
  if (e == cudaSuccess) { /* in a capture: the event marks the capture's point (fork/join) */
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeEventRecord};
    node.eventRecord.event = event;
    e = rt_capture_node(stream, &node, &captured);
  }
  if (e == cudaSuccess && !captured) e = rt_device_ready(&d);
  if (e == cudaSuccess && !captured) e = rt_event_record(d, event);
  return rt_leave(e);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  rt_enter();
  cudaError_t e = rt_event_valid(event) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && rt_capture_event_captured(event)) e = cudaErrorCapturedEvent;
  if (e == cudaSuccess) rt_event_wait(event);
  if (e == cudaSuccess) e = rt_sticky_error();
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
  bool valid = rt_stream_valid(stream) && rt_event_valid(event), captured = false;
  cudaError_t e = cudaSuccess;
  if (valid && flags == 0) { /* a captured event: the stream joins its capture */
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeWaitEvent};
    node.eventWait.event = event;
    e = rt_capture_node(stream, &node, &captured);
  }
  rt_leave_unrecorded(cudaSuccess);
  if (!valid) return rt_record(cudaErrorInvalidResourceHandle);
  if (flags != 0) return rt_record(cudaErrorInvalidValue);
  return rt_record(e); /* one in-order queue: the event's work comes first anyway */
}

/* Waits for all work queued so far; the host function then runs in order,
 * outside the lock (it may call the runtime). */
static cudaError_t rt_drain_for_host_function(cudaStream_t stream) {
  rt_enter();
  cudaError_t e = rt_stream_valid(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && rt_device_current()) rt_wait_all();
  rt_services_flush(); /* CUDA flushes device printf before a stream callback */
  return rt_leave_unrecorded(e);
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
  if (!fn) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeHost};
  node.host = (struct cudaHostNodeParamsV2){fn, userData};
  bool captured = false;
  rt_enter(); /* in a capture: a host node */
  cudaError_t e = rt_stream_valid(stream) ? rt_capture_node(stream, &node, &captured) : cudaSuccess;
  rt_leave_unrecorded(e);
  if (e != cudaSuccess || captured) return rt_record(e);
  e = rt_sticky_error();
  if (e == cudaSuccess) e = rt_drain_for_host_function(stream);
  if (e == cudaSuccess && rt_sticky_error() == cudaSuccess) fn(userData);
  return rt_record(e == cudaSuccess ? rt_sticky_error() : e);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags) {
  if (!callback || flags != 0) return rt_record(cudaErrorInvalidValue);
  rt_enter(); /* not capturable (cudaLaunchHostFunc is): refused in a capture */
  cudaError_t e = rt_stream_valid(stream) ? rt_capture_sync(stream) : cudaSuccess;
  rt_leave_unrecorded(e);
  if (e == cudaSuccess) e = rt_drain_for_host_function(stream);
  if (e != cudaSuccess) return rt_record(e);
  callback(stream, rt_sticky_error(), userData); /* CUDA passes the stream's status */
  return cudaSuccess;
}
