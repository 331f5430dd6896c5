/* softmetal/compute_encoder.c — MTLComputeCommandEncoder.
 *
 * Bindings (buffers, setBytes copies, threadgroup lengths) and useResource:
 * buffers are held in the encoder; each dispatch checks Metal's rules and
 * records a command (command.c) that owns a snapshot of them: the buffers'
 * GPU views, copied bytes and the residency set.
 */
#include "sm.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  uint64_t width, height, depth;
} sm_size;

static Class compute_encoder_class;

struct binding {
  struct sm_buffer *buffer; /* not retained: the command retains at dispatch */
  uint64_t offset;
  void *bytes; /* owned copy, when set with setBytes */
  uint64_t bytes_length;
};

struct compute_encoder {
  struct sm_encoder encoder;
  struct sm_pipeline *pipeline; /* not retained */
  struct binding bindings[AC_MAX_BUFFER_SLOTS];
  uint64_t threadgroup_lengths[AC_MAX_BUFFER_SLOTS];
  struct sm_buffer **used; /* useResource: (not retained), for later dispatches */
  int used_count, used_capacity;
  id *used_textures; /* useResource: textures (not retained): dispatches retain them */
  int used_texture_count, used_texture_capacity;
};

/* setBytes copies are at least 16 bytes, so a zero-length binding still has an address. */
static uint64_t bytes_size(uint64_t length) {
  return length < 16 ? 16 : length;
}

static void compute_encoder_destroy(struct sm_encoder *base) {
  struct compute_encoder *e = (struct compute_encoder *)base;
  for (int i = 0; i < AC_MAX_BUFFER_SLOTS; i++)
    free(e->bindings[i].bytes);
  free(e->used);
  free(e->used_textures);
}

id sm_compute_encoder_new(struct sm_command_buffer *cb) {
  return sm_encoder_new(compute_encoder_class, sizeof(struct compute_encoder), cb,
                        compute_encoder_destroy);
}

/* Records a validation error on the encoder's command buffer. */
#define fail(e, ...) sm_command_record_error(&(e)->encoder.cmdbuf->commands, __VA_ARGS__)

static bool usable(struct compute_encoder *e, const char *what) {
  return sm_encoder_usable(&e->encoder, what);
}

static bool check_index(struct compute_encoder *e, uint64_t index, const char *what) {
  if (index < AC_MAX_BUFFER_SLOTS) return true;
  fail(e, "-[MTLComputeCommandEncoder %s]: index(%lu) must be < %d", what, (unsigned long)index,
       AC_MAX_BUFFER_SLOTS);
  return false;
}

/* ---- state ---------------------------------------------------------------------------------- */
static void encoder_set_pipeline(id self, SEL cmd, id pipeline) {
  (void)cmd;
  struct compute_encoder *e = (struct compute_encoder *)self;
  if (usable(e, "setComputePipelineState:")) e->pipeline = (struct sm_pipeline *)pipeline;
}

static void clear_binding(struct binding *b) {
  free(b->bytes);
  *b = (struct binding){0};
}

static void encoder_set_buffer(id self, SEL cmd, id buffer, unsigned long offset,
                               unsigned long index) {
  (void)cmd;
  struct compute_encoder *e = (struct compute_encoder *)self;
  const char *what = "setBuffer:offset:atIndex:";
  if (!usable(e, what) || !check_index(e, index, what)) return;
  struct sm_buffer *b = (struct sm_buffer *)buffer;
  if (b && offset > b->length) {
    fail(e, "-[MTLComputeCommandEncoder %s]: offset(%lu) must be <= buffer length(%lu)", what,
         offset, (unsigned long)b->length);
    return;
  }
  clear_binding(&e->bindings[index]);
  e->bindings[index].buffer = b;
  e->bindings[index].offset = offset;
}

static void encoder_set_bytes(id self, SEL cmd, const void *bytes, unsigned long length,
                              unsigned long index) {
  (void)cmd;
  struct compute_encoder *e = (struct compute_encoder *)self;
  const char *what = "setBytes:length:atIndex:";
  if (!usable(e, what) || !check_index(e, index, what)) return;
  if (length >= AC_SET_BYTES_LIMIT) {
    fail(e,
         "-[MTLComputeCommandEncoder %s]: length(%lu) must be < %d "
         "(use a MTLBuffer for larger data)",
         what, length, AC_SET_BYTES_LIMIT);
    return;
  }
  clear_binding(&e->bindings[index]);
  e->bindings[index].bytes = calloc(1, bytes_size(length));
  if (!e->bindings[index].bytes) abort();
  if (length) memcpy(e->bindings[index].bytes, bytes, length);
  e->bindings[index].bytes_length = length;
}

static void encoder_set_tg_length(id self, SEL cmd, unsigned long length, unsigned long index) {
  (void)cmd;
  struct compute_encoder *e = (struct compute_encoder *)self;
  const char *what = "setThreadgroupMemoryLength:atIndex:";
  if (!usable(e, what) || !check_index(e, index, what)) return;
  if (length % AC_THREADGROUP_MEMORY_GRANULE) {
    fail(e, "-[MTLComputeCommandEncoder %s]: length(%lu) must be a multiple of %d bytes", what,
         length, AC_THREADGROUP_MEMORY_GRANULE);
    return;
  }
  if (length > AC_MAX_THREADGROUP_MEMORY) {
    fail(e, "-[MTLComputeCommandEncoder %s]: length(%lu) must be <= %d", what, length,
         AC_MAX_THREADGROUP_MEMORY);
    return;
  }
  e->threadgroup_lengths[index] = length;
}

static void encoder_use_resource(id self, SEL cmd, id resource, unsigned long usage) {
  (void)cmd, (void)usage;
  struct compute_encoder *e = (struct compute_encoder *)self;
  const char *what = "useResource:usage:";
  if (!usable(e, what)) return;
  struct sm_buffer *b = sm_buffer_from(resource);
  struct sm_texture *t = sm_texture_from(resource);
  if (t) b = t->storage; /* a texture is resident with the buffer holding its texels */
  if (!b) {
    fail(e,
         "-[MTLComputeCommandEncoder %s]: softmetal supports only buffers and textures as "
         "resources",
         what);
    return;
  }
  if (e->used_count == e->used_capacity) {
    e->used_capacity = e->used_capacity ? e->used_capacity * 2 : 8;
    e->used = realloc(e->used, (size_t)e->used_capacity * sizeof *e->used);
    if (!e->used) abort();
  }
  e->used[e->used_count++] = b;
  if (t) { /* a command buffer keeps the textures it uses alive until it completes, as Metal's */
    if (e->used_texture_count == e->used_texture_capacity) {
      e->used_texture_capacity = e->used_texture_capacity ? e->used_texture_capacity * 2 : 8;
      e->used_textures =
          realloc(e->used_textures, (size_t)e->used_texture_capacity * sizeof *e->used_textures);
      if (!e->used_textures) abort();
    }
    e->used_textures[e->used_texture_count++] = resource;
  }
}

/* ---- dispatch ------------------------------------------------------------------------------- */
/* The dispatch's residency set: every bound buffer and every used resource. */
static void collect_resident(struct compute_encoder *e, struct sm_command *c) {
  int n = 0;
  c->resident = calloc((size_t)(AC_MAX_BUFFER_SLOTS + e->used_count), sizeof *c->resident);
  if (!c->resident) abort();
  for (int i = 0; i < AC_MAX_BUFFER_SLOTS; i++)
    if (e->bindings[i].buffer) c->resident[n++] = sm_retain(e->bindings[i].buffer);
  for (int i = 0; i < e->used_count; i++)
    c->resident[n++] = sm_retain(e->used[i]);
  if (e->used_texture_count) {
    c->retained = calloc((size_t)e->used_texture_count, sizeof *c->retained);
    if (!c->retained) abort();
    for (int i = 0; i < e->used_texture_count; i++)
      c->retained[i] = sm_retain(e->used_textures[i]);
    c->retained_count = e->used_texture_count;
  }
  c->dispatch.resident = c->resident;
  c->dispatch.resident_count = n;
}

/* Checks Metal's dispatch rules; returns false after recording an error. */
static bool validate_dispatch(struct compute_encoder *e, sm_size tpg) {
  const char *what = "-[MTLComputeCommandEncoder dispatchThreadgroups:threadsPerThreadgroup:]";
  struct sm_pipeline *p = e->pipeline;
  if (!p) {
    fail(e, "%s: no compute pipeline state is set", what);
    return false;
  }
  uint64_t total = tpg.width * tpg.height * tpg.depth;
  if (tpg.width > AC_MAX_THREADS_PER_THREADGROUP || tpg.height > AC_MAX_THREADS_PER_THREADGROUP ||
      tpg.depth > AC_MAX_THREADS_PER_THREADGROUP || total > p->max_threads) {
    fail(e,
         "%s: threadsPerThreadgroup (%lu x %lu x %lu = %lu) must be <= %lu "
         "(maxTotalThreadsPerThreadgroup)",
         what, (unsigned long)tpg.width, (unsigned long)tpg.height, (unsigned long)tpg.depth,
         (unsigned long)total, (unsigned long)p->max_threads);
    return false;
  }
  const struct sm_kernel *k = p->function->kernel;
  uint64_t tg = sm_kernel_static_threadgroup_span(k);
  for (int i = 0; i < AC_MAX_BUFFER_SLOTS; i++) {
    if (k->threadgroup_mask & (1u << i)) tg += e->threadgroup_lengths[i];
    if ((k->buffer_mask & (1u << i)) && !e->bindings[i].buffer && !e->bindings[i].bytes) {
      fail(e, "%s: missing buffer binding at index %d for kernel %s", what, i, k->name);
      return false;
    }
  }
  if (tg > AC_MAX_THREADGROUP_MEMORY) {
    fail(e, "%s: threadgroup memory (static %lu + dynamic = %lu bytes) must be <= %d", what,
         (unsigned long)k->static_threadgroup_bytes, (unsigned long)tg, AC_MAX_THREADGROUP_MEMORY);
    return false;
  }
  return true;
}

/* Snapshots the bindings into d: copies of setBytes data (owned by c) and
 * buffers' GPU views (retained by c). */
static void bind_arguments(struct compute_encoder *e, struct sm_command *c) {
  struct sm_dispatch *d = &c->dispatch;
  for (int i = 0; i < AC_MAX_BUFFER_SLOTS; i++) {
    struct binding *b = &e->bindings[i];
    d->dynamic_threadgroup[i] = e->threadgroup_lengths[i];
    if (b->bytes) {
      c->bytes[i] = malloc(bytes_size(b->bytes_length));
      if (!c->bytes[i]) abort();
      memcpy(c->bytes[i], b->bytes, bytes_size(b->bytes_length));
      d->buffers[i] = c->bytes[i];
    } else if (b->buffer) {
      assert(b->offset <= b->buffer->length); /* checked by setBuffer */
      c->buffers[i] = sm_retain(b->buffer);
      d->buffers[i] = b->buffer->gpu + b->offset; /* kernels see the GPU view */
    }
  }
}

static void encoder_dispatch(id self, SEL cmd, sm_size groups, sm_size tpg) {
  (void)cmd;
  struct compute_encoder *e = (struct compute_encoder *)self;
  if (!usable(e, "dispatchThreadgroups:threadsPerThreadgroup:")) return;
  if (!validate_dispatch(e, tpg)) return;
  if (!groups.width || !groups.height || !groups.depth || !tpg.width || !tpg.height || !tpg.depth)
    return; /* an empty dispatch does nothing, as in Metal */
  assert(e->pipeline->function && e->pipeline->function->kernel); /* validated */
  struct sm_command *c = sm_command_append(&e->encoder.cmdbuf->commands, SM_COMMAND_DISPATCH);
  struct sm_dispatch *d = &c->dispatch;
  c->pipeline = sm_retain(e->pipeline);
  d->kernel = e->pipeline->function->kernel;
  d->groups[0] = (unsigned)groups.width, d->groups[1] = (unsigned)groups.height;
  d->groups[2] = (unsigned)groups.depth;
  d->threads[0] = (unsigned)tpg.width, d->threads[1] = (unsigned)tpg.height;
  d->threads[2] = (unsigned)tpg.depth;
  bind_arguments(e, c);
  collect_resident(e, c);
}

void sm_compute_encoder_register(void) {
  Class ce = sm_class_new(sm_encoder_class, "SoftMetalComputeCommandEncoder");
  sm_add_method(ce, "setComputePipelineState:", encoder_set_pipeline, "v@:@");
  sm_add_method(ce, "setBuffer:offset:atIndex:", encoder_set_buffer, "v@:@QQ");
  sm_add_method(ce, "setBytes:length:atIndex:", encoder_set_bytes, "v@:^vQQ");
  sm_add_method(ce, "setThreadgroupMemoryLength:atIndex:", encoder_set_tg_length, "v@:QQ");
  sm_add_method(ce, "useResource:usage:", encoder_use_resource, "v@:@Q");
  sm_add_method(ce, "dispatchThreadgroups:threadsPerThreadgroup:", encoder_dispatch,
                "v@:{?=QQQ}{?=QQQ}");
  objc_registerClassPair(ce);
  compute_encoder_class = ce;
}
