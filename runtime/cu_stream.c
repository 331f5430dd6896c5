/* runtime/cu_stream.c — the driver API's streams, events and host functions
 * over the core's handles (core_stream.c): a CUstream is a cudaStream_t, a
 * CUevent a cudaEvent_t, so both APIs share them, as in CUDA. */
#include "cu_internal.h"

static cudaEvent_t rt_cu_event(CUevent e) {
  return (cudaEvent_t)(void *)e;
}

CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!phStream || (Flags & ~(unsigned)CU_STREAM_NON_BLOCKING)))
    r = CUDA_ERROR_INVALID_VALUE;
  cudaStream_t s = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_stream_create(Flags, &s));
  if (r == CUDA_SUCCESS) *phStream = (CUstream)(void *)s;
  return rt_cu_leave(r);
}

CUresult cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags, int priority) {
  (void)priority; /* the range is [0, 0]: every priority means the same */
  return cuStreamCreate(phStream, flags);
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
    if (e == cudaSuccess && rt_device_current()) e = rt_wait_all();
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
    if (e == cudaSuccess && rt_device_current() && !rt_all_completed()) e = cudaErrorNotReady;
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
  return rt_cu_leave(r); /* one in-order queue: the event's work comes first anyway */
}

/* Waits for the work queued so far; the function then runs in order,
 * outside the lock (it may call the API). */
CUresult cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void *userData) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !fn) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_sticky_error());
  if (r == CUDA_SUCCESS && rt_device_current()) r = rt_cu_result(rt_wait_all());
  if (r == CUDA_SUCCESS) rt_services_flush();
  rt_cu_leave(r);
  if (r == CUDA_SUCCESS) fn(userData);
  return r;
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
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_event_record(d, rt_cu_event(hEvent)));
  return rt_cu_leave(r);
}

CUresult cuEventSynchronize(CUevent hEvent) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !rt_event_valid(rt_cu_event(hEvent))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) {
    rt_event_wait(rt_cu_event(hEvent));
    r = rt_cu_result(rt_sticky_error());
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

CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd) {
  CUresult r = rt_cu_enter_context();
  cudaEvent_t start = rt_cu_event(hStart), end = rt_cu_event(hEnd);
  if (r == CUDA_SUCCESS && !pMilliseconds) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS &&
      (!rt_event_valid(start) || !rt_event_valid(end) || !rt_event_recorded(start) ||
       !rt_event_recorded(end) || !rt_event_timed(start) || !rt_event_timed(end)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && (!rt_event_done(start) || !rt_event_done(end))) r = CUDA_ERROR_NOT_READY;
  if (r == CUDA_SUCCESS) *pMilliseconds = rt_event_elapsed_ms(start, end);
  return rt_cu_leave(r);
}

/* ---- more of streams ---------------------------------------------------------------- */

/* As cudaStreamAddCallback: after the work before it, with the stream's
 * status, outside the lock. */
CUresult cuStreamAddCallback(CUstream hStream, CUstreamCallback callback, void *userData,
                             unsigned int flags) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!callback || flags != 0)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && rt_device_current()) rt_wait_all();
  if (r == CUDA_SUCCESS) rt_services_flush();
  CUresult status = rt_cu_result(rt_sticky_error());
  rt_cu_leave(r);
  if (r == CUDA_SUCCESS) callback(hStream, status, userData);
  return r;
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

/* The priority range is [0, 0]. */
CUresult cuStreamGetPriority(CUstream hStream, int *priority) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !priority) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) *priority = 0;
  return rt_cu_leave(r);
}

/* CU_EVENT_RECORD_EXTERNAL matters only inside graphs: a plain record. */
CUresult cuEventRecordWithFlags(CUevent hEvent, CUstream hStream, unsigned int flags) {
  if (flags & ~(unsigned)CU_EVENT_RECORD_EXTERNAL)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return cuEventRecord(hEvent, hStream);
}
