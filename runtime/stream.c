/* runtime/stream.c — CUDA streams and events over one in-order Metal queue.
 *
 * All work goes to the device's single command queue, which executes
 * command buffers in commit order. That is a valid CUDA implementation of
 * any number of streams (streams may be serialised; nothing may run early),
 * so a stream is only a handle to validate, and synchronising a stream waits
 * for everything. An event records a point in the queue by committing a
 * command buffer whose only work is a 4-byte blit into a private scratch
 * buffer: it completes when all work committed before it has, and its
 * GPUEndTime timestamps that moment for cudaEventElapsedTime (the blit makes
 * sure the GPU really executes it, so the timestamps are meaningful). */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

struct CUstream_st {
  unsigned flags;
};

struct CUevent_st {
  unsigned flags;
  mtl_id marker; /* the empty command buffer of the last record, retained */
};

/* Live handles, so that a stale or foreign handle is an error, not a crash. */
typedef struct {
  void **items;
  size_t count, allocated;
} rt_handles;

static rt_handles rt_streams, rt_events;

static bool rt_handles_add(rt_handles *h, void *item) {
  if (h->count == h->allocated) {
    size_t grown = h->allocated ? h->allocated * 2 : 16;
    void **items = realloc(h->items, grown * sizeof *items);
    if (!items) return false;
    h->items = items;
    h->allocated = grown;
  }
  h->items[h->count++] = item;
  return true;
}

static bool rt_handles_has(const rt_handles *h, const void *item) {
  for (size_t i = 0; i < h->count; i++)
    if (h->items[i] == item) return true;
  return false;
}

static bool rt_handles_remove(rt_handles *h, const void *item) {
  for (size_t i = 0; i < h->count; i++)
    if (h->items[i] == item) {
      h->items[i] = h->items[--h->count];
      return true;
    }
  return false;
}

bool rt_stream_valid(cudaStream_t stream) {
  return stream == NULL || stream == cudaStreamLegacy || stream == cudaStreamPerThread ||
         rt_handles_has(&rt_streams, stream);
}

/* ---- streams ------------------------------------------------------------------------ */

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags) {
  if (!pStream || (flags & ~(unsigned)cudaStreamNonBlocking))
    return rt_record(cudaErrorInvalidValue);
  cudaStream_t stream = calloc(1, sizeof *stream);
  if (!stream) return rt_record(cudaErrorMemoryAllocation);
  stream->flags = flags;
  rt_lock();
  bool added = rt_handles_add(&rt_streams, stream);
  rt_unlock();
  if (!added) {
    free(stream);
    return rt_record(cudaErrorMemoryAllocation);
  }
  *pStream = stream;
  return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream) {
  return cudaStreamCreateWithFlags(pStream, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  rt_lock();
  bool removed = stream && rt_handles_remove(&rt_streams, stream);
  rt_unlock();
  if (!removed) return rt_record(cudaErrorInvalidResourceHandle);
  free(stream); /* its work stays queued and completes, as in CUDA */
  return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  rt_lock();
  cudaError_t e = rt_stream_valid(stream) ? rt_sticky_error() : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && rt_device_current()) e = rt_wait_all();
  rt_unlock();
  return rt_record(e);
}

/* cudaErrorNotReady is an answer, not a failure: it is not recorded. */
cudaError_t cudaStreamQuery(cudaStream_t stream) {
  rt_lock();
  cudaError_t e = rt_stream_valid(stream) ? rt_sticky_error() : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && rt_device_current() && !rt_all_completed()) e = cudaErrorNotReady;
  if (e == cudaSuccess) e = rt_sticky_error(); /* retiring may have found a failure */
  rt_unlock();
  return e == cudaErrorNotReady ? e : rt_record(e);
}

/* ---- events ---------------------------------------------------------------------------- */

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
  const unsigned known = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if (!event || (flags & ~known)) return rt_record(cudaErrorInvalidValue);
  if (flags & cudaEventInterprocess) return rt_record(cudaErrorNotSupported);
  cudaEvent_t e = calloc(1, sizeof *e);
  if (!e) return rt_record(cudaErrorMemoryAllocation);
  e->flags = flags;
  rt_lock();
  bool added = rt_handles_add(&rt_events, e);
  rt_unlock();
  if (!added) {
    free(e);
    return rt_record(cudaErrorMemoryAllocation);
  }
  *event = e;
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event) {
  return cudaEventCreateWithFlags(event, 0);
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  rt_lock();
  bool removed = event && rt_handles_remove(&rt_events, event);
  rt_unlock();
  if (!removed) return rt_record(cudaErrorInvalidResourceHandle);
  mtl_release(event->marker);
  free(event);
  return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  rt_lock();
  rt_device_state *s = NULL;
  cudaError_t e = rt_handles_has(&rt_events, event) && rt_stream_valid(stream)
                      ? rt_sticky_error()
                      : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess) e = rt_device_ready(&s);
  if (e == cudaSuccess) {
    void *pool = mtl_autorelease_push();
    mtl_id marker = mtl_queue_command_buffer(s->queue);
    mtl_id blit = marker ? mtl_command_buffer_blit_encoder(marker) : NULL;
    if (!blit)
      e = cudaErrorLaunchFailure;
    else {
      mtl_blit_fill_buffer(blit, s->marker_buffer, (mtl_range){0, 4}, 0);
      mtl_encoder_end_encoding(blit);
      mtl_retain(marker);
      mtl_command_buffer_commit(marker);
      mtl_release(event->marker);
      event->marker = marker;
    }
    mtl_autorelease_pop(pool);
  }
  rt_unlock();
  return rt_record(e);
}

static bool rt_event_done(cudaEvent_t event) {
  long status = mtl_command_buffer_status(event->marker);
  return status == MTL_COMMAND_BUFFER_STATUS_COMPLETED || status == MTL_COMMAND_BUFFER_STATUS_ERROR;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  rt_lock();
  cudaError_t e = rt_handles_has(&rt_events, event) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  mtl_id marker = e == cudaSuccess ? event->marker : NULL;
  mtl_retain(marker);
  rt_unlock();
  if (marker) { /* waiting without the lock: other threads may go on */
    mtl_command_buffer_wait_until_completed(marker);
    mtl_release(marker);
    rt_lock();
    rt_all_completed(); /* retire what finished, noting failures */
    rt_unlock();
  }
  if (e == cudaSuccess) e = rt_sticky_error();
  return rt_record(e);
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  rt_lock();
  cudaError_t e =
      rt_handles_has(&rt_events, event) ? rt_sticky_error() : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && event->marker && !rt_event_done(event)) e = cudaErrorNotReady;
  rt_unlock();
  return e == cudaErrorNotReady ? e : rt_record(e);
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
  if (!ms) return rt_record(cudaErrorInvalidValue);
  rt_lock();
  cudaError_t e = cudaSuccess;
  if (!rt_handles_has(&rt_events, start) || !rt_handles_has(&rt_events, end) || !start->marker ||
      !end->marker || ((start->flags | end->flags) & cudaEventDisableTiming))
    e = cudaErrorInvalidResourceHandle;
  else if (!rt_event_done(start) || !rt_event_done(end))
    e = cudaErrorNotReady;
  else
    *ms = (float)((mtl_command_buffer_gpu_end_time(end->marker) -
                   mtl_command_buffer_gpu_end_time(start->marker)) *
                  1000.0);
  rt_unlock();
  return e == cudaErrorNotReady ? e : rt_record(e);
}

/* ---- ordering and host functions ------------------------------------------------- */

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority) {
  (void)priority; /* the range is [0, 0]: every priority means the same */
  return cudaStreamCreateWithFlags(pStream, flags);
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  rt_lock();
  bool valid = rt_stream_valid(stream) && rt_handles_has(&rt_events, event);
  rt_unlock();
  if (!valid) return rt_record(cudaErrorInvalidResourceHandle);
  if (flags != 0) return rt_record(cudaErrorInvalidValue);
  return cudaSuccess; /* one in-order queue: the event's work comes first anyway */
}

/* Waits for all work queued so far; the host function then runs in order. */
static cudaError_t rt_drain_for_host_function(cudaStream_t stream) {
  rt_lock();
  cudaError_t e = rt_stream_valid(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && rt_device_current()) rt_wait_all();
  rt_unlock();
  return e;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
  if (!fn) return rt_record(cudaErrorInvalidValue);
  cudaError_t e = rt_sticky_error();
  if (e == cudaSuccess) e = rt_drain_for_host_function(stream);
  if (e == cudaSuccess && rt_sticky_error() == cudaSuccess) fn(userData);
  return rt_record(e == cudaSuccess ? rt_sticky_error() : e);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags) {
  if (!callback || flags != 0) return rt_record(cudaErrorInvalidValue);
  cudaError_t e = rt_drain_for_host_function(stream);
  if (e != cudaSuccess) return rt_record(e);
  callback(stream, rt_sticky_error(), userData); /* CUDA passes the stream's status */
  return cudaSuccess;
}
