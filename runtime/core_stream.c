/* runtime/core_stream.c — CUDA streams and events over one in-order queue.
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
#include <assert.h>
#include <stdlib.h>

#include "core_mtl.h"

enum { RT_MARKER_FILL_BYTES = 4 };

struct CUstream_st {
  unsigned flags;
};

struct CUevent_st {
  unsigned flags;
  mtl_id marker; /* the command buffer of the last record, retained */
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

/* A zeroed object of size bytes, live in h; NULL when out of host memory. */
static void *rt_handles_new(rt_handles *h, size_t size) {
  void *item = calloc(1, size);
  if (item && !rt_handles_add(h, item)) {
    free(item);
    item = NULL;
  }
  return item;
}

/* ---- streams ------------------------------------------------------------------------ */

bool rt_stream_valid(cudaStream_t stream) {
  assert(rt_lock_held());
  return stream == NULL || stream == cudaStreamLegacy || stream == cudaStreamPerThread ||
         rt_handles_has(&rt_streams, stream);
}

cudaError_t rt_stream_create(unsigned flags, cudaStream_t *out) {
  assert(rt_lock_held() && out);
  cudaStream_t stream = rt_handles_new(&rt_streams, sizeof *stream);
  if (!stream) return cudaErrorMemoryAllocation;
  stream->flags = flags;
  *out = stream;
  return cudaSuccess;
}

bool rt_stream_destroy(cudaStream_t stream) {
  assert(rt_lock_held());
  if (!stream || !rt_handles_remove(&rt_streams, stream)) return false;
  free(stream);
  return true;
}

unsigned rt_stream_flags(cudaStream_t stream) {
  assert(rt_lock_held());
  return rt_handles_has(&rt_streams, stream) ? stream->flags : 0;
}

/* ---- events ---------------------------------------------------------------------------- */

cudaError_t rt_event_create(unsigned flags, cudaEvent_t *out) {
  assert(rt_lock_held() && out);
  cudaEvent_t event = rt_handles_new(&rt_events, sizeof *event);
  if (!event) return cudaErrorMemoryAllocation;
  event->flags = flags;
  *out = event;
  return cudaSuccess;
}

bool rt_event_destroy(cudaEvent_t event) {
  assert(rt_lock_held());
  if (!event || !rt_handles_remove(&rt_events, event)) return false;
  mtl_release(event->marker);
  free(event);
  return true;
}

bool rt_event_valid(cudaEvent_t event) {
  assert(rt_lock_held());
  return rt_handles_has(&rt_events, event);
}

cudaError_t rt_event_record(rt_device *d, cudaEvent_t event) {
  assert(rt_lock_held() && d && rt_event_valid(event));
  mtl_id marker = mtl_queue_command_buffer(d->queue);
  mtl_id blit = marker ? mtl_command_buffer_blit_encoder(marker) : NULL;
  if (!blit) return cudaErrorLaunchFailure;
  mtl_blit_fill_buffer(blit, d->marker_buffer, (mtl_range){0, RT_MARKER_FILL_BYTES}, 0);
  mtl_encoder_end_encoding(blit);
  mtl_retain(marker);
  mtl_command_buffer_commit(marker);
  mtl_release(event->marker);
  event->marker = marker;
  return cudaSuccess;
}

bool rt_event_recorded(cudaEvent_t event) {
  assert(rt_lock_held() && rt_event_valid(event));
  return event->marker != NULL;
}

bool rt_event_done(cudaEvent_t event) {
  assert(rt_lock_held() && rt_event_valid(event) && event->marker);
  return rt_submit_finished(event->marker);
}

void rt_event_wait(cudaEvent_t event) {
  assert(rt_lock_held() && rt_event_valid(event));
  mtl_id marker = event->marker;
  if (!marker) return;
  mtl_retain(marker); /* the event may be destroyed while we wait */
  rt_unlock();        /* waiting without the lock: other threads may go on */
  mtl_command_buffer_wait_until_completed(marker);
  mtl_release(marker);
  rt_lock();
  rt_all_completed(); /* retire what finished, noting failures */
}

bool rt_event_timed(cudaEvent_t event) {
  assert(rt_lock_held() && rt_event_valid(event));
  return !(event->flags & cudaEventDisableTiming);
}

float rt_event_elapsed_ms(cudaEvent_t start, cudaEvent_t end) {
  assert(rt_event_done(start) && rt_event_done(end));
  return (float)((mtl_command_buffer_gpu_end_time(end->marker) -
                  mtl_command_buffer_gpu_end_time(start->marker)) *
                 1000.0);
}
