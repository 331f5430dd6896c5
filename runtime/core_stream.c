/* runtime/core_stream.c — CUDA streams and events on Metal queues.
 *
 * Each stream is a Metal command queue of its own (created at its first
 * work; the legacy stream uses the device's queue) and a shared event, its
 * timeline: every command buffer committed to the stream signals the
 * stream's next tick at its end (rt_stream_commit), so "all work of stream s
 * so far" is "s's timeline >= s's tick", something any command buffer can
 * wait for GPU-side (encodeWaitForEvent:value:). rt_stream_begin is the one
 * enqueue point. It encodes a wait for the stream's own last tick (Metal may
 * overlap a queue's command buffers that share no tracked resource, so the
 * stream's order is made explicit), then the waits of CUDA's legacy-stream
 * semantics:
 *   - work on the legacy stream (0, cudaStreamLegacy) waits for every
 *     blocking stream's work since the legacy stream last waited for it
 *     (per-thread default streams are blocking; so is a destroyed stream's
 *     work still pending);
 *   - work on a blocking stream waits for the legacy stream's work queued
 *     since that stream last waited for it;
 *   - cudaStreamNonBlocking streams wait for neither.
 * cudaStreamWaitEvent commits an empty command buffer on the stream that
 * waits for the event's stream's timeline at the event's tick. An event
 * record is a marker command buffer on the stream (a 4-byte blit into a
 * private scratch buffer, so the GPU really executes it). Its timestamp is
 * the GPUEndTime of the stream's previous command buffer, or the marker's
 * own when later (an idle stream).
 * A host function is a command buffer whose completed handler runs the
 * function and then sets a per-stream gate event, followed by an empty
 * command buffer waiting for the gate: the stream's later work (and its
 * synchronisation) waits until the function has returned. */
#include <assert.h>
#include <stdlib.h>

#include "core_mtl.h"

enum { RT_MARKER_FILL_BYTES = 4 };

typedef struct {
  mtl_id event; /* retained */
  uint64_t value;
} rt_point;

struct CUstream_st {
  const rt_ctx *owner; /* the created context it was made in, or NULL */
  unsigned flags;
  int priority;
  unsigned long long id;
  bool per_thread; /* a thread's default stream (cudaStreamPerThread) */
  mtl_id queue;    /* own queue; NULL for the legacy stream (the device's) */
  mtl_id timeline; /* shared event: tick signalled at each command buffer's end */
  uint64_t tick;   /* signalled by the last committed command buffer */
  uint64_t waited; /* blocking stream: legacy tick it waits for already;
                      legacy stream: unused */
  uint64_t seen;   /* blocking stream: own tick the legacy stream waits for */
  mtl_id last;     /* the last committed command buffer, retained */
  mtl_id gate;     /* shared event host functions set on return */
  uint64_t gate_tick;
  bool context_waits; /* made after a cuCtxWaitEvent of its context: its first
                         command buffer waits for what that context waits for */
};

struct CUevent_st {
  const rt_ctx *owner; /* the created context it was made in, or NULL */
  unsigned flags;
  mtl_id marker;   /* the command buffer of the last record, retained */
  mtl_id previous; /* the stream's command buffer before it, retained; may be NULL */
  rt_point point;  /* the recording stream's timeline at the marker */
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

/* ---- the default streams ------------------------------------------------------------ */

static struct CUstream_st rt_legacy = {.id = 1};
static unsigned long long rt_next_id = 2;
/* This thread's default stream (created at first use, live in rt_streams,
 * never destroyed: the legacy stream may still have to wait for it). */
static _Thread_local cudaStream_t rt_per_thread;
/* Destroyed blocking streams' work the legacy stream has not waited for. */
static rt_point *rt_orphans;
static size_t rt_orphan_count;

static bool rt_is_legacy(cudaStream_t stream) {
  return stream == NULL || stream == cudaStreamLegacy;
}

static cudaStream_t rt_new_stream(unsigned flags, int priority) {
  cudaStream_t s = rt_handles_new(&rt_streams, sizeof *s);
  if (!s) return NULL;
  s->flags = flags;
  s->priority = priority;
  s->id = rt_next_id++;
  return s;
}

/* The stream object of a valid handle; NULL only when this thread's
 * per-thread stream cannot be created (out of host memory). */
static cudaStream_t rt_resolve(cudaStream_t stream) {
  if (rt_is_legacy(stream)) return &rt_legacy;
  if (stream != cudaStreamPerThread) return stream;
  if (!rt_per_thread) {
    rt_per_thread = rt_new_stream(0, RT_STREAM_PRIORITY_LEAST);
    if (rt_per_thread) rt_per_thread->per_thread = true;
  }
  return rt_per_thread;
}

static bool rt_blocking(cudaStream_t s) {
  return s != &rt_legacy && !(s->flags & cudaStreamNonBlocking);
}

/* ---- streams ------------------------------------------------------------------------ */

cudaStream_t rt_stream_ptsz(cudaStream_t stream) {
  return stream ? stream : cudaStreamPerThread;
}

bool rt_stream_valid(cudaStream_t stream) {
  assert(rt_lock_held());
  return rt_is_legacy(stream) || stream == cudaStreamPerThread ||
         rt_handles_has(&rt_streams, stream);
}

/* What each context's streams wait for (cuCtxWaitEvent): a point per context and
 * timeline, the latest; a stream made later in the context waits for them. */
typedef struct {
  const rt_ctx *owner;
  rt_point point; /* event retained */
} rt_context_wait;
static rt_context_wait *rt_context_waits;
static size_t rt_context_wait_count;

cudaError_t rt_stream_create(unsigned flags, int priority, cudaStream_t *out) {
  assert(rt_lock_held() && out);
  if (priority < RT_STREAM_PRIORITY_GREATEST) priority = RT_STREAM_PRIORITY_GREATEST;
  if (priority > RT_STREAM_PRIORITY_LEAST) priority = RT_STREAM_PRIORITY_LEAST;
  cudaStream_t stream = rt_new_stream(flags, priority);
  if (!stream) return cudaErrorMemoryAllocation;
  stream->owner = rt_context_owner();
  for (size_t i = 0; i < rt_context_wait_count; i++)
    if (rt_context_waits[i].owner == stream->owner) stream->context_waits = true;
  *out = stream;
  return cudaSuccess;
}

bool rt_stream_destroy(cudaStream_t stream) {
  assert(rt_lock_held());
  if (rt_is_legacy(stream) || stream == cudaStreamPerThread ||
      !rt_handles_has(&rt_streams, stream) || stream->per_thread)
    return false;
  rt_handles_remove(&rt_streams, stream);
  if (rt_blocking(stream) && stream->tick > stream->seen) {
    rt_point *grown = realloc(rt_orphans, (rt_orphan_count + 1) * sizeof *grown);
    if (grown) { /* out of memory: the legacy stream just does not wait for it */
      rt_orphans = grown;
      mtl_retain(stream->timeline);
      rt_orphans[rt_orphan_count++] = (rt_point){stream->timeline, stream->tick};
    }
  }
  /* Command buffers in flight keep their queue and events alive. */
  mtl_release(stream->queue);
  mtl_release(stream->timeline);
  mtl_release(stream->gate);
  mtl_release(stream->last);
  rt_handle_retire(stream); /* a destroyed handle stays unknown a while (retire.c) */
  return true;
}

unsigned rt_stream_flags(cudaStream_t stream) {
  assert(rt_lock_held() && rt_stream_valid(stream));
  cudaStream_t s = rt_resolve(stream);
  return s ? s->flags : 0;
}

int rt_stream_priority(cudaStream_t stream) {
  assert(rt_lock_held() && rt_stream_valid(stream));
  cudaStream_t s = rt_resolve(stream);
  return s ? s->priority : RT_STREAM_PRIORITY_LEAST;
}

unsigned long long rt_stream_id(cudaStream_t stream) {
  assert(rt_lock_held() && rt_stream_valid(stream));
  cudaStream_t s = rt_resolve(stream);
  return s ? s->id : 0;
}

/* Encodes a wait for point into command_buffer. */
static void rt_wait_for(mtl_id command_buffer, mtl_id event, uint64_t value) {
  mtl_command_buffer_encode_wait_for_event(command_buffer, event, value);
}

cudaError_t rt_stream_begin(rt_device *d, cudaStream_t stream, mtl_id *out) {
  assert(rt_lock_held() && d && rt_stream_valid(stream) && out);
  *out = NULL;
  cudaStream_t s = rt_resolve(stream);
  if (!s) return cudaErrorMemoryAllocation;
  if (s != &rt_legacy && !s->queue) s->queue = mtl_new_command_queue(d->device);
  if (!s->timeline) s->timeline = mtl_new_shared_event(d->device);
  mtl_id queue = s == &rt_legacy ? d->queue : s->queue;
  mtl_id command_buffer = queue && s->timeline ? mtl_queue_command_buffer(queue) : NULL;
  if (!command_buffer) return cudaErrorLaunchFailure;
  rt_nvtx_open(command_buffer); /* NVTX ranges as debug groups, while a capture runs */
  /* The stream's own order, GPU-side: Metal may overlap a queue's command
   * buffers that share no tracked resource (an event's marker and a kernel). */
  if (s->tick) rt_wait_for(command_buffer, s->timeline, s->tick);
  if (s == &rt_legacy) {
    for (size_t i = 0; i < rt_streams.count; i++) {
      cudaStream_t x = rt_streams.items[i];
      if (rt_blocking(x) && x->tick > x->seen) rt_wait_for(command_buffer, x->timeline, x->tick);
    }
    for (size_t i = 0; i < rt_orphan_count; i++)
      rt_wait_for(command_buffer, rt_orphans[i].event, rt_orphans[i].value);
  } else if (rt_blocking(s) && rt_legacy.tick > s->waited) {
    rt_wait_for(command_buffer, rt_legacy.timeline, rt_legacy.tick);
  }
  for (size_t i = 0; s->context_waits && i < rt_context_wait_count; i++)
    if (rt_context_waits[i].owner == s->owner)
      rt_wait_for(command_buffer, rt_context_waits[i].point.event, rt_context_waits[i].point.value);
  *out = command_buffer;
  return cudaSuccess;
}

void rt_stream_commit(rt_device *d, cudaStream_t stream, mtl_id command_buffer, mtl_id companion) {
  assert(rt_lock_held() && d && rt_stream_valid(stream) && command_buffer);
  cudaStream_t s = rt_resolve(stream);
  assert(s && s->timeline); /* rt_stream_begin made both */
  /* What rt_stream_begin waited for is waited for from now on (nothing was
   * committed in between: the lock is held from begin to commit). */
  if (s == &rt_legacy) {
    for (size_t i = 0; i < rt_streams.count; i++) {
      cudaStream_t x = rt_streams.items[i];
      if (rt_blocking(x)) x->seen = x->tick;
    }
    for (size_t i = 0; i < rt_orphan_count; i++)
      mtl_release(rt_orphans[i].event); /* the encoded wait retains it */
    rt_orphan_count = 0;
  } else if (rt_blocking(s)) {
    s->waited = rt_legacy.tick;
  }
  s->context_waits = false; /* from now on its own order carries them */
  mtl_command_buffer_encode_signal_event(command_buffer, s->timeline, ++s->tick);
  rt_nvtx_close(command_buffer);
  mtl_command_buffer_commit(command_buffer);
  rt_submit_track(s == &rt_legacy ? d->queue : s->queue, command_buffer, companion);
  mtl_retain(command_buffer);
  mtl_release(s->last);
  s->last = command_buffer;
}

void rt_stream_track(rt_device *d, cudaStream_t stream, mtl_id command_buffer, mtl_id companion) {
  assert(rt_lock_held() && d && rt_stream_valid(stream) && command_buffer);
  cudaStream_t s = rt_resolve(stream);
  assert(s && s->last == command_buffer); /* rt_stream_commit's, just now */
  rt_submit_track(s == &rt_legacy ? d->queue : s->queue, command_buffer, companion);
}

cudaError_t rt_stream_synchronize(cudaStream_t stream) {
  assert(rt_lock_held() && rt_stream_valid(stream));
  cudaStream_t s = rt_resolve(stream);
  if (!s || !s->last) return rt_submit_wait(NULL);
  mtl_id last = s->last;
  mtl_retain(last); /* the stream may be destroyed while we wait */
  cudaError_t e = rt_submit_wait(last);
  mtl_release(last);
  return e;
}

/* The host's side of a blocking call on stream: the legacy stream waits for
 * the whole device, as before; another stream for its own work and the
 * legacy stream's (for a non-blocking stream more order than CUDA promises,
 * which programs that set memory up with cudaMemset before a copy on their
 * own stream rely on). Other streams' work is not waited for: a per-thread
 * stream's cudaMemcpy does not wait for another thread's kernel. */
cudaError_t rt_stream_host_wait(rt_device *d, cudaStream_t stream) {
  assert(rt_lock_held() && d && rt_stream_valid(stream));
  (void)d;
  if (rt_is_legacy(stream)) return rt_wait_all();
  cudaError_t e = rt_stream_synchronize(NULL);
  return e == cudaSuccess ? rt_stream_synchronize(stream) : e;
}

bool rt_stream_idle(cudaStream_t stream) {
  assert(rt_lock_held() && rt_stream_valid(stream));
  cudaStream_t s = rt_resolve(stream);
  rt_submit_wait(NULL); /* retire what finished, noting failures */
  return !s || !s->last || rt_submit_finished(s->last);
}

cudaError_t rt_stream_wait_event(rt_device *d, cudaStream_t stream, cudaEvent_t event) {
  assert(rt_lock_held() && rt_stream_valid(stream) && rt_event_valid(event));
  if (!event->marker) return cudaSuccess; /* never recorded: nothing to wait for */
  mtl_id command_buffer;
  cudaError_t e = rt_stream_begin(d, stream, &command_buffer);
  if (e != cudaSuccess) return e;
  rt_wait_for(command_buffer, event->point.event, event->point.value);
  rt_stream_commit(d, stream, command_buffer, NULL);
  return cudaSuccess;
}

uint64_t rt_stream_position(cudaStream_t stream) {
  assert(rt_lock_held() && rt_stream_valid(stream));
  cudaStream_t s = rt_resolve(stream);
  return s ? s->tick : 0;
}

cudaError_t rt_stream_wait_streams(rt_device *d, cudaStream_t stream, const cudaStream_t *waited,
                                   const uint64_t *positions, size_t count) {
  assert(rt_lock_held() && rt_stream_valid(stream) && (waited || !count));
  mtl_id command_buffer;
  cudaError_t e = rt_stream_begin(d, stream, &command_buffer);
  if (e != cudaSuccess) return e;
  for (size_t i = 0; i < count; i++) {
    assert(rt_stream_valid(waited[i]));
    cudaStream_t w = rt_resolve(waited[i]);
    if (w && w->timeline && positions[i]) rt_wait_for(command_buffer, w->timeline, positions[i]);
  }
  rt_stream_commit(d, stream, command_buffer, NULL);
  return cudaSuccess;
}

/* ---- host functions -------------------------------------------------------------------- */

typedef struct {
  cudaHostFn_t fn;
  cudaStreamCallback_t callback;
  void *data;
  cudaStream_t stream; /* as the caller named it, for callback */
  mtl_id gate;         /* retained */
  uint64_t value;
  mtl_id previous; /* the stream's command buffer before, retained; may be NULL */
} rt_host_call;

/* The completed handler of the command buffer before a host function: runs
 * it, then opens the gate the stream's later work waits for. */
static void rt_run_host_function(void *context, mtl_id command_buffer) {
  rt_host_call *call = context;
  /* The stream's status: a failure not yet retired (so not yet sticky) counts. */
  cudaError_t status = rt_submit_failure_now();
  if (status == cudaSuccess && call->previous) status = rt_submit_error_of(call->previous);
  if (status == cudaSuccess) status = rt_submit_error_of(command_buffer);
  rt_host_function_begin();
  if (call->callback)
    call->callback(call->stream, status, call->data);
  else if (status == cudaSuccess)
    call->fn(call->data);
  rt_host_function_end();
  mtl_shared_event_set_signaled_value(call->gate, call->value);
  mtl_release(call->gate);
  mtl_release(call->previous);
  free(call);
}

cudaError_t rt_stream_host_function(rt_device *d, cudaStream_t stream, cudaHostFn_t fn,
                                    cudaStreamCallback_t callback, void *data) {
  assert(rt_lock_held() && d && rt_stream_valid(stream) && (fn || callback));
  cudaStream_t s = rt_resolve(stream);
  if (!s) return cudaErrorMemoryAllocation;
  if (!s->gate) s->gate = mtl_new_shared_event(d->device);
  rt_host_call *call = malloc(sizeof *call);
  mtl_id before = NULL, after = NULL;
  cudaError_t e = !call      ? cudaErrorMemoryAllocation
                  : !s->gate ? cudaErrorLaunchFailure
                             : rt_stream_begin(d, stream, &before);
  if (e != cudaSuccess) {
    free(call);
    return e;
  }
  mtl_retain(s->gate);
  mtl_retain(s->last);
  uint64_t value = ++s->gate_tick;
  *call = (rt_host_call){fn, callback, data, stream, s->gate, value, s->last};
  mtl_command_buffer_add_completed_handler(before, rt_run_host_function, call);
  rt_stream_commit(d, stream, before, NULL); /* call is the handler's from here on */
  e = rt_stream_begin(d, stream, &after);
  if (e != cudaSuccess) return e; /* the function still runs; later work does not wait */
  rt_wait_for(after, s->gate, value);
  rt_stream_commit(d, stream, after, NULL);
  return cudaSuccess;
}

/* ---- events ---------------------------------------------------------------------------- */

cudaError_t rt_event_create(unsigned flags, cudaEvent_t *out) {
  assert(rt_lock_held() && out);
  cudaEvent_t event = rt_handles_new(&rt_events, sizeof *event);
  if (!event) return cudaErrorMemoryAllocation;
  event->owner = rt_context_owner();
  event->flags = flags;
  *out = event;
  return cudaSuccess;
}

static void rt_event_forget(cudaEvent_t event) {
  mtl_release(event->marker);
  mtl_release(event->previous);
  mtl_release(event->point.event);
  event->marker = event->previous = event->point.event = NULL;
}

bool rt_event_destroy(cudaEvent_t event) {
  assert(rt_lock_held());
  if (!event || !rt_handles_remove(&rt_events, event)) return false;
  rt_event_forget(event);
  rt_handle_retire(event);
  return true;
}

bool rt_event_valid(cudaEvent_t event) {
  assert(rt_lock_held());
  return rt_handles_has(&rt_events, event);
}

cudaError_t rt_event_record(rt_device *d, cudaEvent_t event, cudaStream_t stream) {
  assert(rt_lock_held() && d && rt_event_valid(event) && rt_stream_valid(stream));
  mtl_id marker;
  cudaError_t e = rt_stream_begin(d, stream, &marker);
  if (e != cudaSuccess) return e;
  mtl_id blit = mtl_command_buffer_blit_encoder(marker);
  if (!blit) return cudaErrorLaunchFailure;
  mtl_blit_fill_buffer(blit, d->marker_buffer, (mtl_range){0, RT_MARKER_FILL_BYTES}, 0);
  mtl_encoder_end_encoding(blit);
  cudaStream_t s = rt_resolve(stream);
  mtl_id previous = s->last;
  mtl_retain(previous);
  rt_stream_commit(d, stream, marker, NULL);
  rt_event_forget(event);
  mtl_retain(marker);
  mtl_retain(s->timeline);
  event->marker = marker;
  event->previous = previous;
  event->point = (rt_point){s->timeline, s->tick};
  return cudaSuccess;
}

bool rt_event_recorded(cudaEvent_t event) {
  assert(rt_lock_held() && rt_event_valid(event));
  return event->marker != NULL;
}

bool rt_event_done(cudaEvent_t event) {
  assert(rt_lock_held() && rt_event_valid(event) && event->marker);
  return rt_submit_finished(event->marker) &&
         (!event->previous || rt_submit_finished(event->previous));
}

cudaError_t rt_event_wait(cudaEvent_t event) {
  assert(rt_lock_held() && rt_event_valid(event));
  if (!event->marker) return rt_submit_wait(NULL);
  mtl_id marker = event->marker, previous = event->previous;
  mtl_retain(marker); /* the event may be destroyed or recorded again while we wait */
  mtl_retain(previous);
  cudaError_t e = rt_submit_wait(previous);
  if (e != cudaErrorNotPermitted) e = rt_submit_wait(marker);
  mtl_release(marker);
  mtl_release(previous);
  return e;
}

bool rt_event_timed(cudaEvent_t event) {
  assert(rt_lock_held() && rt_event_valid(event));
  return !(event->flags & cudaEventDisableTiming);
}

/* The event's timestamp in seconds (see the top of the file). */
static double rt_event_time(cudaEvent_t event) {
  double t = mtl_command_buffer_gpu_end_time(event->marker);
  if (event->previous) {
    double before = mtl_command_buffer_gpu_end_time(event->previous);
    if (before > t) t = before;
  }
  return t;
}

float rt_event_elapsed_ms(cudaEvent_t start, cudaEvent_t end) {
  assert(rt_event_done(start) && rt_event_done(end));
  return (float)((rt_event_time(end) - rt_event_time(start)) * 1000.0);
}

/* ---- context-wide events (cuCtxRecordEvent, cuCtxWaitEvent) --------------------------- */

size_t rt_stream_context_streams(const rt_ctx *owner, cudaStream_t *out, size_t max) {
  assert(rt_lock_held() && (out || !max));
  size_t n = 0;
  if (n < max) out[n] = NULL; /* the legacy stream, every context's */
  n++;
  for (size_t i = 0; i < rt_streams.count; i++) {
    cudaStream_t s = rt_streams.items[i];
    if (!s->per_thread && s->owner != owner) continue;
    if (n < max) out[n] = s;
    n++;
  }
  return n;
}

cudaError_t rt_stream_context_wait(const rt_ctx *owner, cudaEvent_t event) {
  assert(rt_lock_held() && rt_event_valid(event));
  if (!event->marker) return cudaSuccess; /* never recorded: nothing to wait for */
  for (size_t i = 0; i < rt_context_wait_count; i++) {
    rt_context_wait *w = &rt_context_waits[i];
    if (w->owner == owner && w->point.event == event->point.event) {
      if (w->point.value < event->point.value) w->point.value = event->point.value;
      return cudaSuccess;
    }
  }
  rt_context_wait *grown = realloc(rt_context_waits, (rt_context_wait_count + 1) * sizeof *grown);
  if (!grown) return cudaErrorMemoryAllocation;
  rt_context_waits = grown;
  mtl_retain(event->point.event);
  rt_context_waits[rt_context_wait_count++] = (rt_context_wait){owner, event->point};
  return cudaSuccess;
}

/* The records of rt_event_record_streams: a queue and timeline of their own,
 * so that no stream's order changes. */
static struct CUstream_st rt_marks;

cudaError_t rt_event_record_streams(rt_device *d, cudaEvent_t event, const cudaStream_t *streams,
                                    size_t count) {
  assert(rt_lock_held() && d && rt_event_valid(event) && (streams || !count));
  if (!rt_marks.queue) rt_marks.queue = mtl_new_command_queue(d->device);
  if (!rt_marks.timeline) rt_marks.timeline = mtl_new_shared_event(d->device);
  mtl_id marker =
      rt_marks.queue && rt_marks.timeline ? mtl_queue_command_buffer(rt_marks.queue) : NULL;
  if (!marker) return cudaErrorLaunchFailure;
  for (size_t i = 0; i < count; i++) {
    assert(rt_stream_valid(streams[i]));
    cudaStream_t s = rt_resolve(streams[i]);
    if (s && s->timeline && s->tick) rt_wait_for(marker, s->timeline, s->tick);
  }
  mtl_id blit = mtl_command_buffer_blit_encoder(marker);
  if (!blit) return cudaErrorLaunchFailure;
  mtl_blit_fill_buffer(blit, d->marker_buffer, (mtl_range){0, RT_MARKER_FILL_BYTES}, 0);
  mtl_encoder_end_encoding(blit);
  mtl_command_buffer_encode_signal_event(marker, rt_marks.timeline, ++rt_marks.tick);
  mtl_command_buffer_commit(marker);
  rt_submit_track(rt_marks.queue, marker, NULL);
  rt_event_forget(event);
  mtl_retain(marker);
  mtl_retain(rt_marks.timeline);
  event->marker = marker;
  event->previous = NULL; /* the marker waited for every stream's work: its end is the time */
  event->point = (rt_point){rt_marks.timeline, rt_marks.tick};
  return cudaSuccess;
}

/* ---- a destroyed context's ------------------------------------------------------------ */

void rt_stream_destroy_owned(const rt_ctx *owner) {
  assert(rt_lock_held() && owner);
  for (size_t i = rt_context_wait_count; i-- > 0;)
    if (rt_context_waits[i].owner == owner) {
      mtl_release(rt_context_waits[i].point.event);
      rt_context_waits[i] = rt_context_waits[--rt_context_wait_count];
    }
  for (size_t i = rt_streams.count; i-- > 0;) { /* destroying swaps the last one in */
    cudaStream_t s = rt_streams.items[i];
    if (s->owner == owner) rt_stream_destroy(s);
  }
  for (size_t i = rt_events.count; i-- > 0;) {
    cudaEvent_t e = rt_events.items[i];
    if (e->owner == owner) rt_event_destroy(e);
  }
}
