/* softmetal/command.c — command queues, command buffers and encoders.
 *
 * Encoders record commands into their command buffer; Metal's validation
 * rules are checked as commands are encoded, and a violation is recorded as an
 * error command (and printed on stderr, as the validation layer does): when
 * the command buffer executes, it stops there and ends in status Error with an
 * NSError saying what was wrong. Each queue has one executor thread that runs
 * its committed command buffers in commit order; dispatches go to the worker
 * pool (pool.c).
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  uint64_t width, height, depth;
} sm_size;
typedef struct {
  uint64_t location, length;
} sm_range;

enum {
  STATUS_NOT_ENQUEUED,
  STATUS_ENQUEUED,
  STATUS_COMMITTED,
  STATUS_SCHEDULED,
  STATUS_COMPLETED,
  STATUS_ERROR
};

enum command_kind { COMMAND_DISPATCH, COMMAND_COPY, COMMAND_FILL, COMMAND_ERROR };

struct command {
  enum command_kind kind;
  struct command *next;
  struct sm_pipeline *pipeline;               /* retained (dispatch) */
  struct sm_buffer *buffers[SM_BUFFER_SLOTS]; /* retained bindings */
  void *bytes[SM_BUFFER_SLOTS];               /* owned setBytes copies */
  struct sm_dispatch dispatch;
  struct sm_buffer **resident; /* retained; bound + useResource'd */
  struct sm_buffer *src, *dst; /* retained (copy: src->dst; fill: dst) */
  uint64_t src_offset, dst_offset, size;
  uint8_t value;
  char *error; /* error command's description */
};

struct queue_worker; /* executor thread state, freed by the thread itself */

struct sm_queue {
  struct sm_object base;
  struct queue_worker *worker;
};

struct sm_command_buffer {
  struct sm_object base;
  struct sm_queue *queue; /* retained */
  struct command *head, *tail;
  id active_encoder; /* not retained; set while an encoder is open */
  pthread_mutex_t lock;
  pthread_cond_t changed;
  long status;
  id error; /* owned NSError once in status Error */
  double start, end;
  struct sm_command_buffer *next_committed;
};

struct binding {
  struct sm_buffer *buffer; /* not retained: the command retains at dispatch */
  uint64_t offset;
  void *bytes; /* owned copy, when set with setBytes */
  uint64_t bytes_length;
};

struct sm_encoder {
  struct sm_object base;
  struct sm_command_buffer *cmdbuf; /* retained */
  struct sm_pipeline *pipeline;     /* not retained */
  struct binding bindings[SM_BUFFER_SLOTS];
  uint64_t threadgroup_lengths[SM_BUFFER_SLOTS];
  struct sm_buffer **used; /* useResource: (not retained), for later dispatches */
  int used_count, used_capacity;
  bool ended;
};

/* ---- commands ------------------------------------------------------------------ */
static void command_free(struct command *c) {
  sm_release(c->pipeline);
  for (int i = 0; i < SM_BUFFER_SLOTS; i++) {
    sm_release(c->buffers[i]);
    free(c->bytes[i]);
  }
  for (int i = 0; i < c->dispatch.resident_count; i++)
    sm_release(c->resident[i]);
  free(c->resident);
  sm_release(c->src);
  sm_release(c->dst);
  free(c->error);
  free(c);
}

static struct command *append_command(struct sm_command_buffer *cb, enum command_kind kind) {
  struct command *c = calloc(1, sizeof *c);
  if (!c) abort();
  c->kind = kind;
  if (cb->tail)
    cb->tail->next = c;
  else
    cb->head = c;
  cb->tail = c;
  return c;
}

/* Records a validation failure: printed now, reported when the buffer runs. */
static void record_error(struct sm_command_buffer *cb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void record_error(struct sm_command_buffer *cb, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *text = sm_strdup_vprintf(fmt, ap);
  va_end(ap);
  fprintf(stderr, "softmetal: validation error: %s\n", text ? text : "?");
  struct command *c = append_command(cb, COMMAND_ERROR);
  c->error = text;
}

/* ---- executor -------------------------------------------------------------------- */
struct queue_worker {
  pthread_mutex_t lock;
  pthread_cond_t wake;
  struct sm_command_buffer *first, *last;
  bool started, stop;
};

static void set_status(struct sm_command_buffer *cb, long status) {
  pthread_mutex_lock(&cb->lock);
  cb->status = status;
  pthread_cond_broadcast(&cb->changed);
  pthread_mutex_unlock(&cb->lock);
}

/* Runs one command; returns NULL or a malloc'd error (code in *code). */
static char *execute_command(struct command *c, long *code) {
  *code = SM_CMDBUF_ERROR_INTERNAL;
  switch (c->kind) {
  case COMMAND_ERROR: return strdup(c->error ? c->error : "validation error");
  case COMMAND_COPY:
    memmove(c->dst->cpu + c->dst_offset, c->src->cpu + c->src_offset, c->size);
    return NULL;
  case COMMAND_FILL: memset(c->dst->cpu + c->dst_offset, c->value, c->size); return NULL;
  case COMMAND_DISPATCH:
    if (sm_trace()) {
      const struct sm_dispatch *d = &c->dispatch;
      fprintf(stderr, "softmetal: dispatch %s: %u x %u x %u groups of %u x %u x %u threads%s\n",
              d->kernel->name, d->groups[0], d->groups[1], d->groups[2], d->threads[0],
              d->threads[1], d->threads[2], d->kernel->uses_barriers ? " (fibers)" : "");
    }
    sm_pool_run(&c->dispatch);
    *code = c->dispatch.error_code;
    return c->dispatch.error;
  }
  return NULL;
}

static void execute(struct sm_command_buffer *cb) {
  cb->start = sm_now_seconds();
  set_status(cb, STATUS_SCHEDULED);
  char *error = NULL;
  long code = 0;
  for (struct command *c = cb->head; c && !error; c = c->next)
    error = execute_command(c, &code);
  for (struct command *c = cb->head, *next; c; c = next)
    next = c->next, command_free(c);
  cb->head = cb->tail = NULL;
  cb->end = sm_now_seconds();
  if (error) {
    cb->error = sm_error_new("MTLCommandBufferErrorDomain", code, "%s", error);
    free(error);
  }
  set_status(cb, error ? STATUS_ERROR : STATUS_COMPLETED);
}

static void *queue_main(void *arg) {
  struct queue_worker *w = arg;
  pthread_mutex_lock(&w->lock);
  for (;;) {
    while (!w->first && !w->stop)
      pthread_cond_wait(&w->wake, &w->lock);
    if (!w->first) break; /* stopped and drained */
    struct sm_command_buffer *cb = w->first;
    w->first = cb->next_committed;
    if (!w->first) w->last = NULL;
    pthread_mutex_unlock(&w->lock);
    execute(cb);
    sm_release(cb); /* the queue's reference; may release the queue itself */
    pthread_mutex_lock(&w->lock);
  }
  pthread_mutex_unlock(&w->lock);
  pthread_mutex_destroy(&w->lock);
  pthread_cond_destroy(&w->wake);
  free(w);
  sm_pool_thread_exit();
  return NULL;
}

/* Queues cb (retained) behind earlier commits; starts the executor on first use. */
static void enqueue(struct queue_worker *w, struct sm_command_buffer *cb) {
  pthread_mutex_lock(&w->lock);
  sm_retain(cb);
  if (w->last)
    w->last->next_committed = cb;
  else
    w->first = cb;
  w->last = cb;
  if (!w->started) {
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attr, queue_main, w) != 0) {
      fprintf(stderr, "softmetal: cannot start a queue executor thread\n");
      abort(); /* no error channel in -commit */
    }
    pthread_attr_destroy(&attr);
    w->started = true;
  }
  pthread_cond_signal(&w->wake);
  pthread_mutex_unlock(&w->lock);
}

/* ---- MTLCommandQueue ---------------------------------------------------------------- */
static void queue_destroy(struct sm_object *o) {
  struct queue_worker *w = ((struct sm_queue *)o)->worker;
  pthread_mutex_lock(&w->lock);
  bool started = w->started;
  w->stop = true;
  pthread_cond_signal(&w->wake);
  pthread_mutex_unlock(&w->lock);
  if (!started) {
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->wake);
    free(w);
  }
}

id sm_device_new_command_queue(id self, SEL cmd) {
  (void)self, (void)cmd;
  struct sm_queue *q = sm_object_new(sm_class.queue, sizeof *q, queue_destroy);
  q->worker = calloc(1, sizeof *q->worker);
  if (!q->worker) abort();
  pthread_mutex_init(&q->worker->lock, NULL);
  pthread_cond_init(&q->worker->wake, NULL);
  return (id)q;
}

static void cmdbuf_destroy(struct sm_object *o) {
  struct sm_command_buffer *cb = (struct sm_command_buffer *)o;
  for (struct command *c = cb->head, *next; c; c = next)
    next = c->next, command_free(c);
  sm_release(cb->error);
  sm_release(cb->queue);
  pthread_mutex_destroy(&cb->lock);
  pthread_cond_destroy(&cb->changed);
}

static id queue_command_buffer(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = sm_object_new(sm_class.command_buffer, sizeof *cb, cmdbuf_destroy);
  cb->queue = sm_retain(self);
  pthread_mutex_init(&cb->lock, NULL);
  pthread_cond_init(&cb->changed, NULL);
  return sm_autorelease(cb);
}

/* ---- MTLCommandBuffer ----------------------------------------------------------------- */
static void encoder_destroy(struct sm_object *o) {
  struct sm_encoder *e = (struct sm_encoder *)o;
  for (int i = 0; i < SM_BUFFER_SLOTS; i++)
    free(e->bindings[i].bytes);
  free(e->used);
  if (e->cmdbuf->active_encoder == (id)e) e->cmdbuf->active_encoder = nil;
  sm_release(e->cmdbuf);
}

static id new_encoder(id self, Class cls, const char *what) {
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  if (cb->status != STATUS_NOT_ENQUEUED)
    record_error(cb, "-[MTLCommandBuffer %s]: command buffer was already committed", what);
  else if (cb->active_encoder)
    record_error(cb, "-[MTLCommandBuffer %s]: previous encoder has not called endEncoding", what);
  struct sm_encoder *e = sm_object_new(cls, sizeof *e, encoder_destroy);
  e->cmdbuf = sm_retain(cb);
  cb->active_encoder = (id)e;
  return sm_autorelease(e);
}

static id cmdbuf_compute_encoder(id self, SEL cmd) {
  (void)cmd;
  return new_encoder(self, sm_class.compute_encoder, "computeCommandEncoder");
}
static id cmdbuf_blit_encoder(id self, SEL cmd) {
  (void)cmd;
  return new_encoder(self, sm_class.blit_encoder, "blitCommandEncoder");
}

static void cmdbuf_commit(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  if (cb->status != STATUS_NOT_ENQUEUED) {
    fprintf(stderr, "softmetal: validation error: -[MTLCommandBuffer commit]: already committed\n");
    return;
  }
  if (cb->active_encoder)
    record_error(cb, "-[MTLCommandBuffer commit]: commit command buffer with an encoder that "
                     "has not called endEncoding");
  set_status(cb, STATUS_COMMITTED);
  enqueue(cb->queue->worker, cb);
}

static void cmdbuf_wait(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  pthread_mutex_lock(&cb->lock);
  if (cb->status >= STATUS_COMMITTED)
    while (cb->status < STATUS_COMPLETED)
      pthread_cond_wait(&cb->changed, &cb->lock);
  pthread_mutex_unlock(&cb->lock);
}

static long cmdbuf_status(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  pthread_mutex_lock(&cb->lock);
  long s = cb->status;
  pthread_mutex_unlock(&cb->lock);
  return s;
}

static id cmdbuf_error(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  return cmdbuf_status(self, cmd) == STATUS_ERROR ? cb->error : nil; /* property: borrowed */
}
static double cmdbuf_start(id self, SEL cmd) {
  (void)cmd;
  return cmdbuf_status(self, cmd) >= STATUS_COMPLETED ? ((struct sm_command_buffer *)self)->start
                                                      : 0;
}
static double cmdbuf_end(id self, SEL cmd) {
  (void)cmd;
  return cmdbuf_status(self, cmd) >= STATUS_COMPLETED ? ((struct sm_command_buffer *)self)->end : 0;
}

/* ---- MTLComputeCommandEncoder ------------------------------------------------------------ */
static bool encoder_usable(struct sm_encoder *e, const char *what) {
  if (!e->ended) return true;
  record_error(e->cmdbuf, "-[MTLComputeCommandEncoder %s]: encoder has already ended", what);
  return false;
}

static bool check_index(struct sm_encoder *e, uint64_t index, const char *what) {
  if (index <= SM_MAX_BUFFER_INDEX) return true;
  record_error(e->cmdbuf, "-[MTLComputeCommandEncoder %s]: index(%lu) must be < 31", what,
               (unsigned long)index);
  return false;
}

static void encoder_set_pipeline(id self, SEL cmd, id pipeline) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  if (encoder_usable(e, "setComputePipelineState:")) e->pipeline = (struct sm_pipeline *)pipeline;
}

static void clear_binding(struct binding *b) {
  free(b->bytes);
  *b = (struct binding){0};
}

static void encoder_set_buffer(id self, SEL cmd, id buffer, unsigned long offset,
                               unsigned long index) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "setBuffer:offset:atIndex:";
  if (!encoder_usable(e, what) || !check_index(e, index, what)) return;
  struct sm_buffer *b = (struct sm_buffer *)buffer;
  if (b && offset > b->length) {
    record_error(e->cmdbuf,
                 "-[MTLComputeCommandEncoder %s]: offset(%lu) must be <= buffer "
                 "length(%lu)",
                 what, offset, (unsigned long)b->length);
    return;
  }
  clear_binding(&e->bindings[index]);
  e->bindings[index].buffer = b;
  e->bindings[index].offset = offset;
}

static void encoder_set_bytes(id self, SEL cmd, const void *bytes, unsigned long length,
                              unsigned long index) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "setBytes:length:atIndex:";
  if (!encoder_usable(e, what) || !check_index(e, index, what)) return;
  if (length > SM_MAX_SET_BYTES) {
    record_error(e->cmdbuf,
                 "-[MTLComputeCommandEncoder %s]: length(%lu) must be < 4096 "
                 "(use a MTLBuffer for larger data)",
                 what, length);
    return;
  }
  clear_binding(&e->bindings[index]);
  /* At least 16 bytes so that a zero-length binding still has an address. */
  e->bindings[index].bytes = calloc(1, length < 16 ? 16 : length);
  if (!e->bindings[index].bytes) abort();
  if (length) memcpy(e->bindings[index].bytes, bytes, length);
  e->bindings[index].bytes_length = length;
}

static void encoder_set_tg_length(id self, SEL cmd, unsigned long length, unsigned long index) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "setThreadgroupMemoryLength:atIndex:";
  if (!encoder_usable(e, what) || !check_index(e, index, what)) return;
  if (length % 16) {
    record_error(e->cmdbuf,
                 "-[MTLComputeCommandEncoder %s]: length(%lu) must be a multiple of 16 "
                 "bytes",
                 what, length);
    return;
  }
  if (length > SM_MAX_THREADGROUP_MEMORY) {
    record_error(e->cmdbuf, "-[MTLComputeCommandEncoder %s]: length(%lu) must be <= %d", what,
                 length, SM_MAX_THREADGROUP_MEMORY);
    return;
  }
  e->threadgroup_lengths[index] = length;
}

static void encoder_use_resource(id self, SEL cmd, id resource, unsigned long usage) {
  (void)cmd, (void)usage;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "useResource:usage:";
  if (!encoder_usable(e, what)) return;
  if (!resource || object_getClass(resource) != sm_class.buffer) {
    record_error(e->cmdbuf,
                 "-[MTLComputeCommandEncoder %s]: softmetal supports only buffers "
                 "as resources",
                 what);
    return;
  }
  if (e->used_count == e->used_capacity) {
    e->used_capacity = e->used_capacity ? e->used_capacity * 2 : 8;
    e->used = realloc(e->used, (size_t)e->used_capacity * sizeof *e->used);
    if (!e->used) abort();
  }
  e->used[e->used_count++] = (struct sm_buffer *)resource;
}

/* The dispatch's residency set: every bound buffer and every used resource. */
static void collect_resident(struct sm_encoder *e, struct command *c) {
  int n = 0;
  c->resident = calloc((size_t)(SM_BUFFER_SLOTS + e->used_count), sizeof *c->resident);
  if (!c->resident) abort();
  for (int i = 0; i < SM_BUFFER_SLOTS; i++)
    if (e->bindings[i].buffer) c->resident[n++] = sm_retain(e->bindings[i].buffer);
  for (int i = 0; i < e->used_count; i++)
    c->resident[n++] = sm_retain(e->used[i]);
  c->dispatch.resident = c->resident;
  c->dispatch.resident_count = n;
}

/* Checks Metal's dispatch rules; returns false after recording an error. */
static bool validate_dispatch(struct sm_encoder *e, sm_size tpg) {
  const char *what = "-[MTLComputeCommandEncoder dispatchThreadgroups:threadsPerThreadgroup:]";
  struct sm_pipeline *p = e->pipeline;
  if (!p) {
    record_error(e->cmdbuf, "%s: no compute pipeline state is set", what);
    return false;
  }
  uint64_t total = tpg.width * tpg.height * tpg.depth;
  if (tpg.width > SM_MAX_THREADS_PER_GROUP || tpg.height > SM_MAX_THREADS_PER_GROUP ||
      tpg.depth > SM_MAX_THREADS_PER_GROUP || total > p->max_threads) {
    record_error(e->cmdbuf,
                 "%s: threadsPerThreadgroup (%lu x %lu x %lu = %lu) must be <= %lu "
                 "(maxTotalThreadsPerThreadgroup)",
                 what, (unsigned long)tpg.width, (unsigned long)tpg.height,
                 (unsigned long)tpg.depth, (unsigned long)total, (unsigned long)p->max_threads);
    return false;
  }
  const struct sm_kernel *k = p->function->kernel;
  uint64_t tg = (k->static_threadgroup_bytes + 15) / 16 * 16;
  for (int i = 0; i < SM_BUFFER_SLOTS; i++) {
    if (k->threadgroup_mask & (1u << i)) tg += e->threadgroup_lengths[i];
    if ((k->buffer_mask & (1u << i)) && !e->bindings[i].buffer && !e->bindings[i].bytes) {
      record_error(e->cmdbuf, "%s: missing buffer binding at index %d for kernel %s", what, i,
                   k->name);
      return false;
    }
  }
  if (tg > SM_MAX_THREADGROUP_MEMORY) {
    record_error(e->cmdbuf,
                 "%s: threadgroup memory (static %lu + dynamic = %lu bytes) must be "
                 "<= %d",
                 what, (unsigned long)k->static_threadgroup_bytes, (unsigned long)tg,
                 SM_MAX_THREADGROUP_MEMORY);
    return false;
  }
  return true;
}

static void encoder_dispatch(id self, SEL cmd, sm_size groups, sm_size tpg) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  if (!encoder_usable(e, "dispatchThreadgroups:threadsPerThreadgroup:")) return;
  if (!validate_dispatch(e, tpg)) return;
  if (!groups.width || !groups.height || !groups.depth || !tpg.width || !tpg.height || !tpg.depth)
    return; /* an empty dispatch does nothing, as in Metal */
  struct command *c = append_command(e->cmdbuf, COMMAND_DISPATCH);
  struct sm_dispatch *d = &c->dispatch;
  c->pipeline = sm_retain(e->pipeline);
  d->kernel = e->pipeline->function->kernel;
  d->groups[0] = (unsigned)groups.width, d->groups[1] = (unsigned)groups.height;
  d->groups[2] = (unsigned)groups.depth;
  d->threads[0] = (unsigned)tpg.width, d->threads[1] = (unsigned)tpg.height;
  d->threads[2] = (unsigned)tpg.depth;
  for (int i = 0; i < SM_BUFFER_SLOTS; i++) {
    struct binding *b = &e->bindings[i];
    d->dynamic_threadgroup[i] = e->threadgroup_lengths[i];
    if (b->bytes) {
      c->bytes[i] = malloc(b->bytes_length < 16 ? 16 : b->bytes_length);
      if (!c->bytes[i]) abort();
      memcpy(c->bytes[i], b->bytes, b->bytes_length < 16 ? 16 : b->bytes_length);
      d->buffers[i] = c->bytes[i];
    } else if (b->buffer) {
      c->buffers[i] = sm_retain(b->buffer);
      d->buffers[i] = b->buffer->gpu + b->offset; /* kernels see the GPU view */
    }
  }
  collect_resident(e, c);
}

static void encoder_end(id self, SEL cmd) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  e->ended = true;
  if (e->cmdbuf->active_encoder == self) e->cmdbuf->active_encoder = nil;
}

/* ---- MTLBlitCommandEncoder ------------------------------------------------------------------ */
/* A blit range must lie in its buffer, and on macOS offsets and sizes must be
 * multiples of 4 (copyFromBuffer:... and fillBuffer:range:value:). */
static bool blit_range_ok(struct sm_encoder *e, struct sm_buffer *b, uint64_t offset, uint64_t size,
                          const char *what) {
  if (offset % 4 || size % 4) {
    record_error(e->cmdbuf,
                 "-[MTLBlitCommandEncoder %s]: offset (%lu) and size (%lu) must be "
                 "multiples of 4 on macOS",
                 what, (unsigned long)offset, (unsigned long)size);
    return false;
  }
  if (b && offset <= b->length && size <= b->length - offset) return true;
  record_error(e->cmdbuf,
               "-[MTLBlitCommandEncoder %s]: range [%lu, +%lu) is outside the buffer "
               "(length %lu)",
               what, (unsigned long)offset, (unsigned long)size,
               (unsigned long)(b ? b->length : 0));
  return false;
}

static void blit_copy(id self, SEL cmd, id src, unsigned long src_offset, id dst,
                      unsigned long dst_offset, unsigned long size) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:";
  struct sm_buffer *s = (struct sm_buffer *)src, *d = (struct sm_buffer *)dst;
  if (!encoder_usable(e, what) || !blit_range_ok(e, s, src_offset, size, what) ||
      !blit_range_ok(e, d, dst_offset, size, what))
    return;
  struct command *c = append_command(e->cmdbuf, COMMAND_COPY);
  c->src = sm_retain(s), c->dst = sm_retain(d);
  c->src_offset = src_offset, c->dst_offset = dst_offset, c->size = size;
}

static void blit_fill(id self, SEL cmd, id buffer, sm_range range, uint8_t value) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "fillBuffer:range:value:";
  struct sm_buffer *b = (struct sm_buffer *)buffer;
  if (!encoder_usable(e, what) || !blit_range_ok(e, b, range.location, range.length, what)) return;
  struct command *c = append_command(e->cmdbuf, COMMAND_FILL);
  c->dst = sm_retain(b);
  c->dst_offset = range.location, c->size = range.length, c->value = value;
}

void sm_command_register(void) {
  Class q = objc_allocateClassPair(sm_class.object, "SoftMetalCommandQueue", 0);
  sm_add_method(q, "commandBuffer", queue_command_buffer, "@@:");
  objc_registerClassPair(q);
  sm_class.queue = q;

  Class cb = objc_allocateClassPair(sm_class.object, "SoftMetalCommandBuffer", 0);
  sm_add_method(cb, "computeCommandEncoder", cmdbuf_compute_encoder, "@@:");
  sm_add_method(cb, "blitCommandEncoder", cmdbuf_blit_encoder, "@@:");
  sm_add_method(cb, "commit", cmdbuf_commit, "v@:");
  sm_add_method(cb, "waitUntilCompleted", cmdbuf_wait, "v@:");
  sm_add_method(cb, "status", cmdbuf_status, "Q@:");
  sm_add_method(cb, "error", cmdbuf_error, "@@:");
  sm_add_method(cb, "GPUStartTime", cmdbuf_start, "d@:");
  sm_add_method(cb, "GPUEndTime", cmdbuf_end, "d@:");
  objc_registerClassPair(cb);
  sm_class.command_buffer = cb;

  Class ce = objc_allocateClassPair(sm_class.object, "SoftMetalComputeCommandEncoder", 0);
  sm_add_method(ce, "setComputePipelineState:", encoder_set_pipeline, "v@:@");
  sm_add_method(ce, "setBuffer:offset:atIndex:", encoder_set_buffer, "v@:@QQ");
  sm_add_method(ce, "setBytes:length:atIndex:", encoder_set_bytes, "v@:^vQQ");
  sm_add_method(ce, "setThreadgroupMemoryLength:atIndex:", encoder_set_tg_length, "v@:QQ");
  sm_add_method(ce, "useResource:usage:", encoder_use_resource, "v@:@Q");
  sm_add_method(ce, "dispatchThreadgroups:threadsPerThreadgroup:", encoder_dispatch,
                "v@:{?=QQQ}{?=QQQ}");
  sm_add_method(ce, "endEncoding", encoder_end, "v@:");
  objc_registerClassPair(ce);
  sm_class.compute_encoder = ce;

  Class be = objc_allocateClassPair(sm_class.object, "SoftMetalBlitCommandEncoder", 0);
  sm_add_method(be, "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", blit_copy,
                "v@:@Q@QQ");
  sm_add_method(be, "fillBuffer:range:value:", blit_fill, "v@:@{?=QQ}C");
  sm_add_method(be, "endEncoding", encoder_end, "v@:");
  objc_registerClassPair(be);
  sm_class.blit_encoder = be;
}
