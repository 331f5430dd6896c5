/* cudametal/metal.c — the Metal classes libanchor uses, over the CUDA driver API.
 *
 * Objects have softmetal's object layout (isa, reference count, destroy hook) and
 * subclass its NSObject, so softmetal's retain/release/autorelease pools manage them:
 * cudametal is loaded into a process where softmetal registered the root classes
 * (metal/mtl.c dlopens it when ANCHOR_METAL=cudametal). Errors are CudaMetalError
 * objects (localizedDescription, code, domain).
 *
 *   device           cuDevice 0's primary context; properties from cuDeviceGetAttribute
 *   buffer           cuMemAllocManaged (shared storage: contents == gpuAddress), cuMemAlloc
 *                    (private: contents NULL)
 *   library          translate.c + NVRTC (compile.c) -> cuModuleLoadData
 *   function         a kernel name of a library
 *   pipeline         cuModuleGetFunction; limits from cuFuncGetAttribute
 *   queue            a CUstream (non-blocking)
 *   command buffer   recorded commands, replayed on the queue's stream at commit between
 *                    two CUDA events (GPUStartTime/GPUEndTime), completion = the end event
 *   encoders         dispatch -> cuLaunchKernel with one struct cm_args by value; copy ->
 *                    cuMemcpyAsync; fill -> cuMemsetD8Async
 * Every method makes the primary context current on the calling thread first.
 */
#include "cm.h"

#include <cuda.h>
#include <objc/runtime.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CM_EXPORT __attribute__((visibility("default")))

_Static_assert(sizeof(struct cm_args) == 8576, "the prelude's cm_args");

/* softmetal's struct sm_object (softmetal/sm.h): the layout its NSObject manages. */
struct cm_object {
  Class isa;
  atomic_long refs;
  void (*destroy)(struct cm_object *self);
};

static void *cm_new(Class cls, size_t size, void (*destroy)(struct cm_object *)) {
  struct cm_object *o = calloc(1, size);
  if (!o) {
    fprintf(stderr, "cudametal: out of memory allocating %zu bytes\n", size);
    abort();
  }
  o->isa = cls;
  atomic_init(&o->refs, 1);
  o->destroy = destroy;
  return o;
}
/* An IMP as a plain function pointer, cast at each call to the method's exact
 * prototype (as metal/mtl.c does). */
typedef void (*imp_fn)(void);
static imp_fn method(id obj, SEL sel) {
  return (imp_fn)class_getMethodImplementation(object_getClass(obj), sel);
}
/* Messages to softmetal's NSObject methods. */
static id send0(id obj, const char *selector) {
  if (!obj) return nil;
  SEL sel = sel_registerName(selector);
  return ((id(*)(id, SEL))method(obj, sel))(obj, sel);
}
static void cm_retain(void *o) {
  if (o) send0((id)o, "retain");
}
static void cm_release(void *o) {
  if (!o) return;
  SEL sel = sel_registerName("release");
  ((void (*)(id, SEL))method((id)o, sel))((id)o, sel);
}
static id cm_autorelease(void *o) {
  return send0((id)o, "autorelease");
}
/* An autoreleased NSString (softmetal's). */
static id cm_string(const char *utf8) {
  id cls = (id)objc_getClass("NSString");
  SEL sel = sel_registerName("stringWithUTF8String:");
  return ((id(*)(id, SEL, const char *))method(cls, sel))(cls, sel, utf8);
}

static Class error_class, device_class, buffer_class, library_class, function_class, pipeline_class,
    queue_class, cmdbuf_class, compute_class, blit_class;

/* ---- errors ---- */
struct cm_error {
  struct cm_object base;
  long code;
  char *domain, *text;
};
static void error_destroy(struct cm_object *o) {
  struct cm_error *e = (struct cm_error *)o;
  free(e->domain);
  free(e->text);
}
static id error_new(const char *domain, long code, const char *text) { /* +1 */
  struct cm_error *e = cm_new(error_class, sizeof *e, error_destroy);
  e->code = code;
  e->domain = strdup(domain);
  e->text = strdup(text ? text : "");
  return (id)e;
}
static id error_description(id self, SEL cmd) {
  (void)cmd;
  return cm_string(((struct cm_error *)self)->text);
}
static long error_code(id self, SEL cmd) {
  (void)cmd;
  return ((struct cm_error *)self)->code;
}
static id error_domain(id self, SEL cmd) {
  (void)cmd;
  return cm_string(((struct cm_error *)self)->domain);
}

/* ---- device ---- */
struct cm_device {
  struct cm_object base;
  CUdevice dev;
  CUcontext ctx;
  char name[256];
  int arch, sms, max_threads, max_block[3], smem;
  size_t total_mem;
  CUevent epoch_event; /* recorded once: GPU times are relative to it */
  double epoch_seconds;
};
static struct cm_device *the_device;

static void set_current(void) {
  if (the_device) cuCtxSetCurrent(the_device->ctx);
}
static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static const char *cu_error_text(CUresult r) {
  const char *s = NULL;
  cuGetErrorString(r, &s);
  return s ? s : "unknown CUDA error";
}

/* The device (+1), or NULL with the reason on stderr. One per process. */
CM_EXPORT id cudametal_create_device(void) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock(&lock);
  if (!the_device) {
    CUresult r = cuInit(0);
    CUdevice dev = 0;
    CUcontext ctx = NULL;
    if (r == CUDA_SUCCESS) r = cuDeviceGet(&dev, 0);
    if (r == CUDA_SUCCESS) r = cuDevicePrimaryCtxRetain(&ctx, dev);
    if (r != CUDA_SUCCESS) {
      fprintf(stderr, "cudametal: no CUDA device: %s\n", cu_error_text(r));
    } else {
      struct cm_device *d = cm_new(device_class, sizeof *d, NULL);
      d->dev = dev;
      d->ctx = ctx;
      cuCtxSetCurrent(ctx);
      char name[200] = "";
      cuDeviceGetName(name, sizeof name, dev);
      snprintf(d->name, sizeof d->name, "cudametal (%s)", name);
      int major = 0, minor = 0;
      cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
      cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
      d->arch = major * 10 + minor;
      cuDeviceGetAttribute(&d->sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
      cuDeviceGetAttribute(&d->max_threads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, dev);
      cuDeviceGetAttribute(&d->max_block[0], CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, dev);
      cuDeviceGetAttribute(&d->max_block[1], CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, dev);
      cuDeviceGetAttribute(&d->max_block[2], CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, dev);
      cuDeviceGetAttribute(&d->smem, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, dev);
      cuDeviceTotalMem(&d->total_mem, dev);
      cuEventCreate(&d->epoch_event, CU_EVENT_DEFAULT);
      cuEventRecord(d->epoch_event, NULL);
      cuEventSynchronize(d->epoch_event);
      d->epoch_seconds = now_seconds();
      the_device = d;
    }
  }
  if (the_device) cm_retain(the_device);
  pthread_mutex_unlock(&lock);
  return (id)the_device;
}

static id device_name(id self, SEL cmd) {
  (void)cmd;
  return cm_string(((struct cm_device *)self)->name);
}
typedef struct {
  uint64_t width, height, depth;
} cm_size;
static cm_size device_max_threads_per_threadgroup(id self, SEL cmd) {
  (void)cmd;
  struct cm_device *d = (struct cm_device *)self;
  /* Metal's limits (common/target.h's 1024 and 32 KiB) bound what Anchor asks. */
  cm_size s = {(uint64_t)d->max_block[0], (uint64_t)d->max_block[1], (uint64_t)d->max_block[2]};
  return s;
}
static unsigned long device_max_tg_memory(id self, SEL cmd) {
  (void)cmd;
  int smem = ((struct cm_device *)self)->smem;
  return smem < 32768 ? (unsigned long)smem : 32768ul; /* Metal's 32 KiB */
}
static unsigned long device_max_buffer_length(id self, SEL cmd) {
  (void)cmd;
  return ((struct cm_device *)self)->total_mem / 4 * 3;
}
static unsigned char device_unified(id self, SEL cmd) {
  (void)self, (void)cmd;
  return 1; /* managed memory: the CPU reaches every shared buffer */
}
static unsigned long device_registry_id(id self, SEL cmd) {
  (void)cmd;
  return 0x10000ul + (unsigned long)((struct cm_device *)self)->dev;
}
static unsigned long device_core_count(id self, SEL cmd) {
  (void)cmd;
  return (unsigned long)((struct cm_device *)self)->sms;
}

/* ---- buffers ---- */
struct cm_buffer {
  struct cm_object base;
  CUdeviceptr ptr;
  uint64_t length;
  bool host_visible;
};
static void buffer_destroy(struct cm_object *o) {
  set_current();
  cuMemFree(((struct cm_buffer *)o)->ptr);
}
static id device_new_buffer(id self, SEL cmd, unsigned long length, unsigned long options) {
  (void)cmd;
  if (!length || length > device_max_buffer_length(self, cmd)) return nil;
  set_current();
  CUdeviceptr p = 0;
  bool shared = ((options >> 4) & 0xF) != 2; /* MTLStorageModePrivate = 2 */
  CUresult r =
      shared ? cuMemAllocManaged(&p, length, CU_MEM_ATTACH_GLOBAL) : cuMemAlloc(&p, length);
  if (r != CUDA_SUCCESS) return nil;
  struct cm_buffer *b = cm_new(buffer_class, sizeof *b, buffer_destroy);
  b->ptr = p;
  b->length = length;
  b->host_visible = shared;
  return (id)b;
}
static void *buffer_contents(id self, SEL cmd) {
  (void)cmd;
  struct cm_buffer *b = (struct cm_buffer *)self;
  return b->host_visible ? (void *)(uintptr_t)b->ptr : NULL;
}
static unsigned long buffer_gpu_address(id self, SEL cmd) {
  (void)cmd;
  return (unsigned long)((struct cm_buffer *)self)->ptr;
}
static unsigned long buffer_length(id self, SEL cmd) {
  (void)cmd;
  return ((struct cm_buffer *)self)->length;
}

/* ---- libraries, functions, pipelines ---- */
struct cm_library {
  struct cm_object base;
  CUmodule module;
  struct cm_translation t;
};
static void library_destroy(struct cm_object *o) {
  struct cm_library *l = (struct cm_library *)o;
  set_current();
  if (l->module) cuModuleUnload(l->module);
  cm_translation_free(&l->t);
}
struct cm_function {
  struct cm_object base;
  struct cm_library *library; /* retained */
  const struct cm_kernel_info *info;
};
static void function_destroy(struct cm_object *o) {
  cm_release(((struct cm_function *)o)->library);
}
struct cm_pipeline {
  struct cm_object base;
  struct cm_function *function; /* retained */
  CUfunction func;
  unsigned max_threads, static_smem;
};
static void pipeline_destroy(struct cm_object *o) {
  cm_release(((struct cm_pipeline *)o)->function);
}

static unsigned long send_u64(id obj, const char *selector) {
  if (!obj) return 0;
  SEL sel = sel_registerName(selector);
  return ((unsigned long (*)(id, SEL))method(obj, sel))(obj, sel);
}
static const char *send_utf8(id string) {
  if (!string) return NULL;
  SEL sel = sel_registerName("UTF8String");
  return ((const char *(*)(id, SEL))method(string, sel))(string, sel);
}

static id device_new_library(id self, SEL cmd, id source, id options, id *error) {
  (void)cmd;
  struct cm_device *d = (struct cm_device *)self;
  if (error) *error = nil;
  const char *msl = send_utf8(source);
  uint64_t version = options ? send_u64(options, "languageVersion") : 0;
  bool fast = false;
  if (options) {
    SEL sel = sel_registerName("fastMathEnabled");
    fast = ((unsigned char (*)(id, SEL))method(options, sel))(options, sel) != 0;
  }
  int metal_version = (int)(version >> 16) * 100 + (int)(version & 0xFFFF) * 10;
  if (!version) metal_version = 310;
  struct cm_library *l = cm_new(library_class, sizeof *l, library_destroy);
  char *diag = msl ? cm_translate(msl, &l->t) : strdup("no source");
  char *log = NULL;
  void *cubin = NULL;
  size_t size = 0;
  if (!diag) {
    cubin = cm_nvrtc_compile(l->t.source, d->arch, metal_version, fast, &size, &log);
    if (!cubin) diag = log, log = NULL;
  }
  if (!diag) {
    set_current();
    CUresult r = cuModuleLoadData(&l->module, cubin);
    if (r != CUDA_SUCCESS) {
      diag = malloc(256);
      if (diag) snprintf(diag, 256, "cudametal: cuModuleLoadData: %s", cu_error_text(r));
    }
  }
  free(cubin);
  free(log);
  if (diag) {
    if (error) *error = cm_autorelease(error_new("MTLLibraryErrorDomain", 3, diag));
    free(diag);
    cm_release(l);
    return nil;
  }
  return (id)l;
}
static id library_new_function(id self, SEL cmd, id name) {
  (void)cmd;
  struct cm_library *l = (struct cm_library *)self;
  const char *n = send_utf8(name);
  for (int i = 0; n && i < l->t.kernel_count; i++)
    if (!strcmp(l->t.kernels[i].name, n)) {
      struct cm_function *f = cm_new(function_class, sizeof *f, function_destroy);
      cm_retain(l);
      f->library = l;
      f->info = &l->t.kernels[i];
      return (id)f;
    }
  return nil;
}
static id function_name(id self, SEL cmd) {
  (void)cmd;
  return cm_string(((struct cm_function *)self)->info->name);
}
static id device_new_pipeline(id self, SEL cmd, id function, id *error) {
  (void)self, (void)cmd;
  if (error) *error = nil;
  struct cm_function *f = (struct cm_function *)function;
  if (!f) return nil;
  set_current();
  CUfunction func;
  CUresult r = cuModuleGetFunction(&func, f->library->module, f->info->name);
  int max_threads = 0, smem = 0;
  if (r == CUDA_SUCCESS)
    r = cuFuncGetAttribute(&max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, func);
  if (r == CUDA_SUCCESS) r = cuFuncGetAttribute(&smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, func);
  if (r != CUDA_SUCCESS) {
    if (error) *error = cm_autorelease(error_new("CompilerError", 1, cu_error_text(r)));
    return nil;
  }
  struct cm_pipeline *p = cm_new(pipeline_class, sizeof *p, pipeline_destroy);
  cm_retain(f);
  p->function = f;
  p->func = func;
  p->max_threads = (unsigned)(max_threads < 1024 ? max_threads : 1024);
  if (f->info->max_threads && f->info->max_threads < p->max_threads)
    p->max_threads = f->info->max_threads;
  p->static_smem = (unsigned)smem;
  return (id)p;
}
static unsigned long pipeline_max_threads(id self, SEL cmd) {
  (void)cmd;
  return ((struct cm_pipeline *)self)->max_threads;
}
static unsigned long pipeline_width(id self, SEL cmd) {
  (void)self, (void)cmd;
  return 32;
}
static unsigned long pipeline_static_smem(id self, SEL cmd) {
  (void)cmd;
  return ((struct cm_pipeline *)self)->static_smem;
}

/* ---- queues ---- */
struct cm_queue {
  struct cm_object base;
  CUstream stream;
};
static void queue_destroy(struct cm_object *o) {
  set_current();
  cuStreamDestroy(((struct cm_queue *)o)->stream);
}
static id device_new_queue(id self, SEL cmd) {
  (void)self, (void)cmd;
  set_current();
  CUstream s;
  if (cuStreamCreate(&s, CU_STREAM_NON_BLOCKING) != CUDA_SUCCESS) return nil;
  struct cm_queue *q = cm_new(queue_class, sizeof *q, queue_destroy);
  q->stream = s;
  return (id)q;
}

/* ---- command buffers: recorded commands ---- */
enum { CMD_DISPATCH, CMD_COPY, CMD_FILL, CMD_INVALID };
struct cm_command {
  int kind;
  struct cm_pipeline *pipeline; /* retained */
  unsigned grid[3], block[3], dyn_smem;
  struct cm_args *args; /* dispatch: malloc'd */
  CUdeviceptr dst, src;
  uint64_t size;
  unsigned char value;
  char *message; /* CMD_INVALID */
};
struct cm_cmdbuf {
  struct cm_object base;
  struct cm_queue *queue; /* retained */
  struct cm_command *commands;
  int count, capacity;
  id *retained; /* buffers kept alive until completion */
  int retained_count, retained_capacity;
  CUevent start, end;
  long status;
  id error; /* +1 */
  bool committed;
};
static void cmdbuf_destroy(struct cm_object *o) {
  struct cm_cmdbuf *c = (struct cm_cmdbuf *)o;
  set_current();
  if (c->committed) cuEventSynchronize(c->end);
  for (int i = 0; i < c->count; i++) {
    cm_release(c->commands[i].pipeline);
    free(c->commands[i].args);
    free(c->commands[i].message);
  }
  free(c->commands);
  for (int i = 0; i < c->retained_count; i++)
    cm_release(c->retained[i]);
  free(c->retained);
  if (c->start) cuEventDestroy(c->start);
  if (c->end) cuEventDestroy(c->end);
  cm_release(c->error);
  cm_release(c->queue);
}
static void cmdbuf_keep(struct cm_cmdbuf *c, id obj) {
  if (!obj) return;
  if (c->retained_count == c->retained_capacity) {
    c->retained_capacity = c->retained_capacity ? c->retained_capacity * 2 : 8;
    c->retained = realloc(c->retained, (size_t)c->retained_capacity * sizeof *c->retained);
    if (!c->retained) abort();
  }
  cm_retain(obj);
  c->retained[c->retained_count++] = obj;
}
static struct cm_command *cmdbuf_push(struct cm_cmdbuf *c, int kind) {
  if (c->count == c->capacity) {
    c->capacity = c->capacity ? c->capacity * 2 : 4;
    c->commands = realloc(c->commands, (size_t)c->capacity * sizeof *c->commands);
    if (!c->commands) abort();
  }
  struct cm_command *k = &c->commands[c->count++];
  memset(k, 0, sizeof *k);
  k->kind = kind;
  return k;
}
static id queue_command_buffer(id self, SEL cmd) {
  (void)cmd;
  struct cm_cmdbuf *c = cm_new(cmdbuf_class, sizeof *c, cmdbuf_destroy);
  cm_retain(self);
  c->queue = (struct cm_queue *)self;
  c->status = 0; /* NotEnqueued */
  return cm_autorelease(c);
}

/* ---- encoders ---- */
struct cm_encoder {
  struct cm_object base;
  struct cm_cmdbuf *cmdbuf; /* retained */
  struct cm_pipeline *pipeline;
  struct cm_args args;
  uint32_t bound;    /* buffer indices set */
  size_t bytes_used; /* in args.bytes */
  uint64_t tg_length[CM_MAX_THREADGROUPS + 1];
  bool ended;
};
static void encoder_destroy(struct cm_object *o) {
  cm_release(((struct cm_encoder *)o)->cmdbuf);
}
static id cmdbuf_encoder(id self, Class cls) {
  struct cm_encoder *e = cm_new(cls, sizeof *e, encoder_destroy);
  cm_retain(self);
  e->cmdbuf = (struct cm_cmdbuf *)self;
  return cm_autorelease(e);
}
static id cmdbuf_compute_encoder(id self, SEL cmd) {
  (void)cmd;
  return cmdbuf_encoder(self, compute_class);
}
static id cmdbuf_blit_encoder(id self, SEL cmd) {
  (void)cmd;
  return cmdbuf_encoder(self, blit_class);
}
static void encoder_end(id self, SEL cmd) {
  (void)cmd;
  ((struct cm_encoder *)self)->ended = true;
}
static void compute_set_pipeline(id self, SEL cmd, id pipeline) {
  (void)cmd;
  struct cm_encoder *e = (struct cm_encoder *)self;
  e->pipeline = (struct cm_pipeline *)pipeline;
  cmdbuf_keep(e->cmdbuf, pipeline);
}
static void compute_set_buffer(id self, SEL cmd, id buffer, unsigned long offset,
                               unsigned long index) {
  (void)cmd;
  struct cm_encoder *e = (struct cm_encoder *)self;
  if (index > CM_MAX_BUFFERS) return;
  e->args.buffer[index] = buffer ? ((struct cm_buffer *)buffer)->ptr + offset : 0;
  e->bound |= 1u << index;
  cmdbuf_keep(e->cmdbuf, buffer);
}
static void compute_set_bytes(id self, SEL cmd, const void *bytes, unsigned long length,
                              unsigned long index) {
  (void)cmd;
  struct cm_encoder *e = (struct cm_encoder *)self;
  if (index > CM_MAX_BUFFERS) return;
  size_t at = (e->bytes_used + 15) & ~(size_t)15;
  if (at + length > CM_BYTES_MAX) {
    struct cm_command *k = cmdbuf_push(e->cmdbuf, CMD_INVALID);
    k->message = strdup("cudametal: the setBytes: of one dispatch exceed 8 KiB");
    return;
  }
  memcpy(e->args.bytes + at, bytes, length);
  e->bytes_used = at + length;
  e->args.buffer[index] = CM_BYTES_FLAG | at;
  e->bound |= 1u << index;
}
static void compute_set_tg_length(id self, SEL cmd, unsigned long length, unsigned long index) {
  (void)cmd;
  struct cm_encoder *e = (struct cm_encoder *)self;
  if (index <= CM_MAX_THREADGROUPS) e->tg_length[index] = length;
}
static void compute_use_resource(id self, SEL cmd, id resource, unsigned long usage) {
  (void)cmd, (void)usage;
  cmdbuf_keep(((struct cm_encoder *)self)->cmdbuf, resource);
}
static void compute_dispatch(id self, SEL cmd, cm_size groups, cm_size threads) {
  (void)cmd;
  struct cm_encoder *e = (struct cm_encoder *)self;
  struct cm_pipeline *p = e->pipeline;
  const char *invalid = NULL;
  uint64_t total = threads.width * threads.height * threads.depth;
  if (!p)
    invalid = "dispatch without a compute pipeline state";
  else if (total == 0 || total > p->max_threads)
    invalid = "threads per threadgroup exceed the pipeline's maxTotalThreadsPerThreadgroup";
  else if ((p->function->info->buffer_mask & ~e->bound) != 0)
    invalid = "a buffer argument the kernel uses is not bound";
  if (invalid) {
    struct cm_command *k = cmdbuf_push(e->cmdbuf, CMD_INVALID);
    k->message = strdup(invalid);
    return;
  }
  if (!groups.width || !groups.height || !groups.depth) return; /* Metal: nothing to do */
  struct cm_command *k = cmdbuf_push(e->cmdbuf, CMD_DISPATCH);
  cm_retain(p);
  k->pipeline = p;
  k->grid[0] = (unsigned)groups.width, k->grid[1] = (unsigned)groups.height;
  k->grid[2] = (unsigned)groups.depth;
  k->block[0] = (unsigned)threads.width, k->block[1] = (unsigned)threads.height;
  k->block[2] = (unsigned)threads.depth;
  uint32_t offset = 0;
  for (int i = 0; i <= CM_MAX_THREADGROUPS; i++) {
    e->args.tg_offset[i] = offset;
    offset += (uint32_t)((e->tg_length[i] + 15) & ~15ull);
  }
  k->dyn_smem = offset;
  k->args = malloc(sizeof *k->args);
  if (!k->args) abort();
  memcpy(k->args, &e->args, sizeof *k->args);
}
static void blit_copy(id self, SEL cmd, id src, unsigned long src_offset, id dst,
                      unsigned long dst_offset, unsigned long size) {
  (void)cmd;
  struct cm_encoder *e = (struct cm_encoder *)self;
  if (!src || !dst || src_offset + size > ((struct cm_buffer *)src)->length ||
      dst_offset + size > ((struct cm_buffer *)dst)->length) {
    cmdbuf_push(e->cmdbuf, CMD_INVALID)->message = strdup("copy out of a buffer's bounds");
    return;
  }
  struct cm_command *k = cmdbuf_push(e->cmdbuf, CMD_COPY);
  k->src = ((struct cm_buffer *)src)->ptr + src_offset;
  k->dst = ((struct cm_buffer *)dst)->ptr + dst_offset;
  k->size = size;
  cmdbuf_keep(e->cmdbuf, src);
  cmdbuf_keep(e->cmdbuf, dst);
}
typedef struct {
  uint64_t location, length;
} cm_range;
static void blit_fill(id self, SEL cmd, id buffer, cm_range range, unsigned char value) {
  (void)cmd;
  struct cm_encoder *e = (struct cm_encoder *)self;
  if (!buffer || range.location + range.length > ((struct cm_buffer *)buffer)->length) {
    cmdbuf_push(e->cmdbuf, CMD_INVALID)->message = strdup("fill out of the buffer's bounds");
    return;
  }
  struct cm_command *k = cmdbuf_push(e->cmdbuf, CMD_FILL);
  k->dst = ((struct cm_buffer *)buffer)->ptr + range.location;
  k->size = range.length;
  k->value = value;
  cmdbuf_keep(e->cmdbuf, buffer);
}

/* ---- commit, completion, errors ---- */
/* MTLCommandBufferError: Internal 1, PageFault 3, InvalidResource 9. */
static long metal_error_code(CUresult r) {
  switch (r) {
  case CUDA_ERROR_ILLEGAL_ADDRESS:
  case CUDA_ERROR_MISALIGNED_ADDRESS:
  case CUDA_ERROR_INVALID_ADDRESS_SPACE: return 3;
  default: return 1;
  }
}
static void cmdbuf_fail(struct cm_cmdbuf *c, long code, const char *text) {
  if (c->error) return;
  c->status = 5; /* MTLCommandBufferStatusError */
  c->error = error_new("MTLCommandBufferErrorDomain", code, text);
}
static void cmdbuf_commit(id self, SEL cmd) {
  (void)cmd;
  struct cm_cmdbuf *c = (struct cm_cmdbuf *)self;
  if (c->committed) return;
  c->committed = true;
  c->status = 2; /* Committed */
  set_current();
  CUstream s = c->queue->stream;
  CUresult r = cuEventCreate(&c->start, CU_EVENT_DEFAULT);
  if (r == CUDA_SUCCESS) r = cuEventCreate(&c->end, CU_EVENT_DEFAULT);
  if (r == CUDA_SUCCESS) r = cuEventRecord(c->start, s);
  for (int i = 0; i < c->count && r == CUDA_SUCCESS; i++) {
    struct cm_command *k = &c->commands[i];
    if (k->kind == CMD_INVALID) {
      cmdbuf_fail(c, 9, k->message);
      break;
    }
    if (k->kind == CMD_COPY) r = cuMemcpyAsync(k->dst, k->src, k->size, s);
    if (k->kind == CMD_FILL) r = cuMemsetD8Async(k->dst, k->value, k->size, s);
    if (k->kind == CMD_DISPATCH) {
      size_t size = sizeof *k->args;
      void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, k->args, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                       CU_LAUNCH_PARAM_END};
      r = cuLaunchKernel(k->pipeline->func, k->grid[0], k->grid[1], k->grid[2], k->block[0],
                         k->block[1], k->block[2], k->dyn_smem, s, NULL, extra);
    }
  }
  if (r == CUDA_SUCCESS) r = cuEventRecord(c->end, s);
  if (r != CUDA_SUCCESS) {
    char text[256];
    snprintf(text, sizeof text, "cudametal: %s", cu_error_text(r));
    cmdbuf_fail(c, metal_error_code(r), text);
    if (!c->end || cuEventRecord(c->end, s) != CUDA_SUCCESS) c->committed = false;
  }
}
static void cmdbuf_check(struct cm_cmdbuf *c, bool wait) {
  if (!c->committed || c->status >= 4) return;
  set_current();
  CUresult r = wait ? cuEventSynchronize(c->end) : cuEventQuery(c->end);
  if (r == CUDA_ERROR_NOT_READY) return;
  if (r != CUDA_SUCCESS) {
    char text[256];
    snprintf(text, sizeof text, "cudametal: %s", cu_error_text(r));
    cmdbuf_fail(c, metal_error_code(r), text);
  } else if (!c->error) {
    c->status = 4; /* Completed */
  }
}
static void cmdbuf_wait(id self, SEL cmd) {
  (void)cmd;
  cmdbuf_check((struct cm_cmdbuf *)self, true);
}
static unsigned long cmdbuf_status(id self, SEL cmd) {
  (void)cmd;
  struct cm_cmdbuf *c = (struct cm_cmdbuf *)self;
  cmdbuf_check(c, false);
  if (c->error) c->status = 5;
  return (unsigned long)c->status;
}
static id cmdbuf_error(id self, SEL cmd) {
  (void)cmd;
  struct cm_cmdbuf *c = (struct cm_cmdbuf *)self;
  cmdbuf_check(c, false);
  return c->error;
}
static double cmdbuf_time(struct cm_cmdbuf *c, CUevent e) {
  cmdbuf_check(c, false);
  if (c->status != 4 || !e || !the_device) return 0.0;
  float ms = 0.0f;
  if (cuEventElapsedTime(&ms, the_device->epoch_event, e) != CUDA_SUCCESS) return 0.0;
  return the_device->epoch_seconds + (double)ms * 1e-3;
}
static double cmdbuf_start_time(id self, SEL cmd) {
  (void)cmd;
  return cmdbuf_time((struct cm_cmdbuf *)self, ((struct cm_cmdbuf *)self)->start);
}
static double cmdbuf_end_time(id self, SEL cmd) {
  (void)cmd;
  return cmdbuf_time((struct cm_cmdbuf *)self, ((struct cm_cmdbuf *)self)->end);
}

/* ---- registration, at load time (after softmetal registered NSObject) ---- */
static Class class_new(const char *name) {
  Class root = objc_getClass("NSObject");
  Class cls = objc_allocateClassPair(root, name, 0);
  if (!cls) {
    fprintf(stderr, "cudametal: cannot register class %s\n", name);
    abort();
  }
  return cls;
}
static void add(Class cls, const char *selector, void *imp, const char *types) {
  class_addMethod(cls, sel_registerName(selector), (IMP)imp, types);
}

__attribute__((constructor)) static void cudametal_register(void) {
  if (!objc_getClass("NSObject")) {
    fprintf(stderr, "cudametal: softmetal's NSObject is not registered; load softmetal first\n");
    return;
  }
  error_class = class_new("CudaMetalError");
  add(error_class, "localizedDescription", error_description, "@@:");
  add(error_class, "code", error_code, "q@:");
  add(error_class, "domain", error_domain, "@@:");
  device_class = class_new("CudaMetalDevice");
  add(device_class, "name", device_name, "@@:");
  add(device_class, "maxThreadsPerThreadgroup", device_max_threads_per_threadgroup,
      "{MTLSize=QQQ}@:");
  add(device_class, "maxThreadgroupMemoryLength", device_max_tg_memory, "Q@:");
  add(device_class, "maxBufferLength", device_max_buffer_length, "Q@:");
  add(device_class, "recommendedMaxWorkingSetSize", device_max_buffer_length, "Q@:");
  add(device_class, "hasUnifiedMemory", device_unified, "C@:");
  add(device_class, "registryID", device_registry_id, "Q@:");
  add(device_class, "gpuCoreCount", device_core_count, "Q@:");
  add(device_class, "newCommandQueue", device_new_queue, "@@:");
  add(device_class, "newBufferWithLength:options:", device_new_buffer, "@@:QQ");
  add(device_class, "newLibraryWithSource:options:error:", device_new_library, "@@:@@^@");
  add(device_class, "newComputePipelineStateWithFunction:error:", device_new_pipeline, "@@:@^@");
  buffer_class = class_new("CudaMetalBuffer");
  add(buffer_class, "contents", buffer_contents, "^v@:");
  add(buffer_class, "gpuAddress", buffer_gpu_address, "Q@:");
  add(buffer_class, "length", buffer_length, "Q@:");
  library_class = class_new("CudaMetalLibrary");
  add(library_class, "newFunctionWithName:", library_new_function, "@@:@");
  function_class = class_new("CudaMetalFunction");
  add(function_class, "name", function_name, "@@:");
  pipeline_class = class_new("CudaMetalComputePipelineState");
  add(pipeline_class, "maxTotalThreadsPerThreadgroup", pipeline_max_threads, "Q@:");
  add(pipeline_class, "threadExecutionWidth", pipeline_width, "Q@:");
  add(pipeline_class, "staticThreadgroupMemoryLength", pipeline_static_smem, "Q@:");
  queue_class = class_new("CudaMetalCommandQueue");
  add(queue_class, "commandBuffer", queue_command_buffer, "@@:");
  cmdbuf_class = class_new("CudaMetalCommandBuffer");
  add(cmdbuf_class, "computeCommandEncoder", cmdbuf_compute_encoder, "@@:");
  add(cmdbuf_class, "blitCommandEncoder", cmdbuf_blit_encoder, "@@:");
  add(cmdbuf_class, "commit", cmdbuf_commit, "v@:");
  add(cmdbuf_class, "waitUntilCompleted", cmdbuf_wait, "v@:");
  add(cmdbuf_class, "status", cmdbuf_status, "Q@:");
  add(cmdbuf_class, "error", cmdbuf_error, "@@:");
  add(cmdbuf_class, "GPUStartTime", cmdbuf_start_time, "d@:");
  add(cmdbuf_class, "GPUEndTime", cmdbuf_end_time, "d@:");
  compute_class = class_new("CudaMetalComputeCommandEncoder");
  add(compute_class, "setComputePipelineState:", compute_set_pipeline, "v@:@");
  add(compute_class, "setBuffer:offset:atIndex:", compute_set_buffer, "v@:@QQ");
  add(compute_class, "setBytes:length:atIndex:", compute_set_bytes, "v@:^vQQ");
  add(compute_class, "setThreadgroupMemoryLength:atIndex:", compute_set_tg_length, "v@:QQ");
  add(compute_class, "useResource:usage:", compute_use_resource, "v@:@Q");
  add(compute_class, "dispatchThreadgroups:threadsPerThreadgroup:", compute_dispatch,
      "v@:{MTLSize=QQQ}{MTLSize=QQQ}");
  add(compute_class, "endEncoding", encoder_end, "v@:");
  blit_class = class_new("CudaMetalBlitCommandEncoder");
  add(blit_class, "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", blit_copy,
      "v@:@Q@QQ");
  add(blit_class, "fillBuffer:range:value:", blit_fill, "v@:@{_NSRange=QQ}C");
  add(blit_class, "endEncoding", encoder_end, "v@:");
  Class all[] = {error_class,    device_class, buffer_class, library_class, function_class,
                 pipeline_class, queue_class,  cmdbuf_class, compute_class, blit_class};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    objc_registerClassPair(all[i]);
}
