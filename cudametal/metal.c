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
 *   texture          a CUDA array with a surface object per level (texture.c), a buffer's
 *                    memory, or a view of another; gpuResourceID: its descriptor's address
 *   sampler state    its values in managed memory; gpuResourceID: their address
 *   library          translate.c + NVRTC (compile.c) -> cuModuleLoadData
 *   function         a kernel name of a library
 *   pipeline         cuModuleGetFunction; limits from cuFuncGetAttribute
 *   queue            a CUstream (non-blocking)
 *   command buffer   recorded commands, replayed on the queue's stream at commit between
 *                    two CUDA events (GPUStartTime/GPUEndTime), completion = the end event
 *   encoders         dispatch -> cuLaunchKernel with one struct cm_args by value; copy ->
 *                    cuMemcpyAsync; fill -> cuMemsetD8Async; texture copies ->
 *                    cuMemcpy3DAsync
 *   shared event     a value in pinned host-mapped memory: cuStreamWriteValue64 /
 *                    cuStreamWaitEvent or cuStreamWaitValue64 (see "shared events")
 *   handlers         run by cudametal's completion thread, after the status is final
 *   no-copy buffer   cuMemHostRegister (DEVICEMAP) of the caller's pages
 * Every CUDA call goes through driver.h's pointers into NVIDIA's libcuda.so.1.
 * Every method makes the primary context current on the calling thread first.
 */
#include "driver.h" /* first: <cuda.h> before cm.h (its CUDA declarations) */

#include "cm.h"

#include <objc/runtime.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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
/* Messages to softmetal's NSObject methods, several per launch: their selectors are
 * looked up once (cudametal_register), since sel_registerName hashes the name under the
 * GNU runtime's lock (~0.2 us here). */
static SEL sel_retain, sel_release, sel_autorelease;
static void cm_retain(void *o) {
  if (o) ((id(*)(id, SEL))method((id)o, sel_retain))((id)o, sel_retain);
}
static void cm_release(void *o) {
  if (o) ((void (*)(id, SEL))method((id)o, sel_release))((id)o, sel_release);
}
static id cm_autorelease(void *o) {
  return o ? ((id(*)(id, SEL))method((id)o, sel_autorelease))((id)o, sel_autorelease) : nil;
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
  int arch, sms, max_threads, max_block[3], smem, watchdog;
  size_t total_mem;
  CUevent epoch_event; /* recorded once: GPU times are relative to it */
  double epoch_seconds;
};
static struct cm_device *the_device;
static void pending_stop(void); /* the completion thread's, at exit */

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

/* CUDAMETAL_TRACE=1: one stderr line per commit and per completion. */
static bool trace(void) {
  static int on = -1;
  if (on < 0) {
    const char *v = getenv("CUDAMETAL_TRACE");
    on = v && *v && strcmp(v, "0") != 0;
  }
  return on;
}
/* The device (+1), or NULL with the reason on stderr. One per process. */
CM_EXPORT id cudametal_create_device(void) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock(&lock);
  const char *unloaded = the_device ? NULL : cm_driver_load();
  if (unloaded) fprintf(stderr, "cudametal: no CUDA device: %s\n", unloaded);
  if (!the_device && !unloaded) {
    CUresult r = cuInit(0);
    CUdevice dev = 0;
    CUcontext ctx = NULL;
    if (r == CUDA_SUCCESS) r = cuDeviceGet(&dev, 0);
    if (r == CUDA_SUCCESS) r = cuDevicePrimaryCtxRetain(&ctx, dev);
    int mem_ops = 0; /* shared events need 64-bit stream memory operations */
    if (r == CUDA_SUCCESS)
      cuDeviceGetAttribute(&mem_ops, CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, dev);
    if (r != CUDA_SUCCESS) {
      fprintf(stderr, "cudametal: no CUDA device: %s\n", cu_error_text(r));
    } else if (!mem_ops) {
      fprintf(stderr, "cudametal: no usable CUDA device: device 0 lacks 64-bit stream memory "
                      "operations (CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS is 0), "
                      "which MTLSharedEvent needs\n");
      cuDevicePrimaryCtxRelease(dev);
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
      cuDeviceGetAttribute(&d->watchdog, CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT, dev);
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
      atexit(pending_stop);
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
/* Not Metal's (mtl_device_has_kernel_watchdog): the GPU's own answer. */
static unsigned long device_kernel_watchdog(id self, SEL cmd) {
  (void)cmd;
  return ((struct cm_device *)self)->watchdog != 0;
}

/* ---- buffers ---- */
struct cm_buffer {
  struct cm_object base;
  CUdeviceptr ptr;
  uint64_t length;
  bool host_visible;
  void *host; /* a no-copy buffer's memory (registered with CUDA), else NULL */
};
static void buffer_destroy(struct cm_object *o) {
  struct cm_buffer *b = (struct cm_buffer *)o;
  set_current();
  if (b->host)
    cuMemHostUnregister(b->host);
  else
    cuMemFree(b->ptr);
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
/* newBufferWithBytesNoCopy:length:options:deallocator: (the CUDA runtime's registered
 * host memory): the caller's pages, page-locked and mapped by cuMemHostRegister
 * (DEVICEMAP); contents is the caller's pointer, gpuAddress its device alias (the same
 * address under UVA). A deallocator is not supported (libanchor passes none); memory
 * CUDA will not register (managed memory, an overlap with another registration) is nil. */
static id device_new_buffer_no_copy(id self, SEL cmd, void *pointer, unsigned long length,
                                    unsigned long options, id deallocator) {
  (void)self, (void)cmd, (void)options;
  long page = sysconf(_SC_PAGESIZE);
  if (!pointer || !length || deallocator || (uintptr_t)pointer % (uintptr_t)page ||
      length % (unsigned long)page) {
    fprintf(stderr, "cudametal: newBufferWithBytesNoCopy: %s\n",
            deallocator ? "a deallocator is not supported" : "pointer or length not page-aligned");
    return nil;
  }
  set_current();
  CUdeviceptr gpu = 0;
  CUresult r = cuMemHostRegister(pointer, length, CU_MEMHOSTREGISTER_DEVICEMAP);
  if (r == CUDA_SUCCESS) {
    r = cuMemHostGetDevicePointer(&gpu, pointer, 0);
    if (r != CUDA_SUCCESS) cuMemHostUnregister(pointer);
  }
  if (r != CUDA_SUCCESS) {
    if (trace()) fprintf(stderr, "cudametal: cuMemHostRegister: %s\n", cu_error_text(r));
    return nil;
  }
  struct cm_buffer *b = cm_new(buffer_class, sizeof *b, buffer_destroy);
  b->ptr = gpu;
  b->length = length;
  b->host_visible = true;
  b->host = pointer;
  return (id)b;
}
static void *buffer_contents(id self, SEL cmd) {
  (void)cmd;
  struct cm_buffer *b = (struct cm_buffer *)self;
  return b->host ? b->host : b->host_visible ? (void *)(uintptr_t)b->ptr : NULL;
}
static unsigned long buffer_gpu_address(id self, SEL cmd) {
  (void)cmd;
  return (unsigned long)((struct cm_buffer *)self)->ptr;
}
static unsigned long buffer_length(id self, SEL cmd) {
  (void)cmd;
  return ((struct cm_buffer *)self)->length;
}

/* ---- textures and samplers (docs/cudametal.md "Textures") ----
 * A texture owns a CUDA array with a surface object per mip level (texture.c), or shares a
 * buffer's memory (newTextureWithDescriptor:offset:bytesPerRow:), or is a view of another
 * texture (its parent, retained: the same array, from a first level and slice, in another
 * pixel format or type). Each has a descriptor (struct cm_texture_desc) in managed memory
 * (a slot of texture.c's) whose device address is its gpuResourceID; a sampler state's is its
 * values (struct cm_sampler_desc). The prelude reads both wherever a kernel finds the IDs. Metal's
 * rules are checked as softmetal checks them: an invalid descriptor or view gives nil and a line on
 * stderr; a misused replaceRegion/getBytes does nothing (and says why); an invalid blit fails its
 * command buffer (code 9). */
static unsigned long send_u64(id obj, const char *selector);
static Class texture_class, sampler_class;
struct cm_texture {
  struct cm_object base;
  struct cm_texture *parent; /* retained (views) */
  struct cm_buffer *buffer;  /* retained (textures over a buffer) */
  struct cm_storage own;     /* a texture's own CUDA storage (not views, not buffers') */
  const struct cm_storage *storage;
  const struct cm_pixel_format *pf;
  uint64_t type, format, width, height, depth, array_length, levels, slices, usage, storage_mode;
  uint64_t level0, slice0; /* in the storage */
  uint64_t buffer_offset, bytes_per_row;
  struct cm_texture_desc *desc; /* managed memory: the gpuResourceID */
};
struct cm_sampler_state {
  struct cm_object base;
  struct cm_sampler_desc *desc; /* managed memory */
  bool argument_buffers;
};
typedef struct {
  uint64_t impl;
} cm_resource_id;
typedef struct {
  uint64_t location, length;
} cm_range;
typedef struct {
  uint64_t x, y, z;
} cm_origin;
typedef struct {
  cm_origin origin;
  cm_size size;
} cm_region;

static void texture_invalid(const char *what, const char *why) {
  fprintf(stderr, "cudametal: validation error: %s: %s\n", what, why);
}
static uint64_t level_dim(uint64_t d, uint64_t l) {
  d >>= l;
  return d ? d : 1;
}
static bool is_cube(uint64_t type) {
  return type == CM_MTL_TEXTURE_CUBE || type == CM_MTL_TEXTURE_CUBE_ARRAY;
}
static void texture_destroy(struct cm_object *o) {
  struct cm_texture *t = (struct cm_texture *)o;
  set_current();
  cm_desc_give(t->desc);
  cm_storage_destroy(&t->own);
  cm_release(t->parent);
  cm_release(t->buffer);
}
/* The descriptor of t (its fields set); false when managed memory is refused. */
static bool texture_publish(struct cm_texture *t) {
  struct cm_texture_desc *d = cm_desc_take();
  if (!d) return false;
  d->type = (uint32_t)t->type, d->format = (uint32_t)t->format;
  d->width = (uint32_t)t->width, d->height = (uint32_t)t->height, d->depth = (uint32_t)t->depth;
  d->slices = (uint32_t)t->slices, d->levels = (uint32_t)t->levels;
  d->bpp = t->pf->bytes, d->usage = (uint32_t)t->usage;
  if (t->buffer) {
    d->store = CM_STORE_LINEAR;
    d->linear = t->buffer->ptr + t->buffer_offset;
    d->row_pitch = t->bytes_per_row;
  } else {
    d->store = t->storage->store;
    d->slice0 = (uint32_t)t->slice0;
    for (uint64_t l = 0; l < t->levels; l++)
      d->surface[l] = t->storage->surface[t->level0 + l];
  }
  t->desc = d;
  return true;
}
static uint64_t full_mip_count(uint64_t w, uint64_t h, uint64_t d) {
  uint64_t m = w > h ? w : h, n = 1;
  if (d > m) m = d;
  while (m > 1)
    m >>= 1, n++;
  return n;
}
/* A descriptor's values (softmetal's MTLTextureDescriptor, read through its selectors). */
struct texture_request {
  uint64_t type, format, width, height, depth, array_length, levels, sample_count, usage,
      storage_mode;
};
static struct texture_request texture_request_of(id descriptor) {
  struct texture_request q;
  q.type = send_u64(descriptor, "textureType");
  q.format = send_u64(descriptor, "pixelFormat");
  q.width = send_u64(descriptor, "width");
  q.height = send_u64(descriptor, "height");
  q.depth = send_u64(descriptor, "depth");
  q.array_length = send_u64(descriptor, "arrayLength");
  q.levels = send_u64(descriptor, "mipmapLevelCount");
  q.sample_count = send_u64(descriptor, "sampleCount");
  q.usage = send_u64(descriptor, "usage");
  q.storage_mode = send_u64(descriptor, "storageMode");
  return q;
}
/* Metal's rules and the device's limits (CUDA's layered arrays: 2048 layers; 16 levels);
 * NULL or why not. */
static const char *check_request(const struct texture_request *q,
                                 const struct cm_pixel_format *pf) {
  if (!pf) return "unsupported pixel format";
  if (!q->width || !q->height || !q->depth || !q->array_length || !q->levels)
    return "width, height, depth, arrayLength and mipmapLevelCount must be >= 1";
  if (q->sample_count > 1) return "multisample textures are not supported by cudametal";
  if (q->storage_mode == 3) return "memoryless storage is for render targets only";
  uint64_t max = q->type == CM_MTL_TEXTURE_3D ? 2048 : 16384;
  if (q->width > max || q->height > max || q->depth > 2048 || q->array_length > 2048 ||
      q->array_length * (is_cube(q->type) ? 6 : 1) > 2048)
    return "dimensions exceed the device's limits (16384; 3D: 2048; layers: 2048)";
  switch (q->type) {
  case CM_MTL_TEXTURE_1D:
  case CM_MTL_TEXTURE_1D_ARRAY:
    if (q->height != 1 || q->depth != 1) return "1D textures have height and depth 1";
    break;
  case CM_MTL_TEXTURE_2D:
  case CM_MTL_TEXTURE_2D_ARRAY:
    if (q->depth != 1) return "2D textures have depth 1";
    break;
  case CM_MTL_TEXTURE_CUBE:
  case CM_MTL_TEXTURE_CUBE_ARRAY:
    if (q->width != q->height || q->depth != 1) return "cube textures are square, depth 1";
    break;
  case CM_MTL_TEXTURE_3D: break;
  case CM_MTL_TEXTURE_BUFFER:
    if (q->height != 1 || q->depth != 1 || q->levels != 1)
      return "texture buffers have height, depth and mipmapLevelCount 1";
    break;
  default: return "unsupported texture type";
  }
  bool arrayed = q->type == CM_MTL_TEXTURE_1D_ARRAY || q->type == CM_MTL_TEXTURE_2D_ARRAY ||
                 q->type == CM_MTL_TEXTURE_CUBE_ARRAY;
  if (!arrayed && q->array_length != 1) return "arrayLength must be 1 for this texture type";
  if (q->levels > CM_TEX_LEVELS ||
      q->levels > full_mip_count(q->width, q->type == CM_MTL_TEXTURE_1D ? 1 : q->height,
                                 q->type == CM_MTL_TEXTURE_3D ? q->depth : 1))
    return "mipmapLevelCount exceeds the levels of the texture's size";
  return NULL;
}
static struct cm_texture *texture_alloc(const struct texture_request *q,
                                        const struct cm_pixel_format *pf) {
  struct cm_texture *t = cm_new(texture_class, sizeof *t, texture_destroy);
  t->type = q->type, t->format = q->format, t->pf = pf;
  t->width = q->width, t->height = q->height, t->depth = q->depth;
  t->array_length = q->array_length, t->levels = q->levels;
  t->slices = q->array_length * (is_cube(q->type) ? 6 : 1);
  t->usage = q->usage, t->storage_mode = q->storage_mode;
  return t;
}
static id device_new_texture(id self, SEL cmd, id descriptor) {
  (void)self, (void)cmd;
  const char *what = "-[MTLDevice newTextureWithDescriptor:]";
  if (!descriptor) return nil;
  struct texture_request q = texture_request_of(descriptor);
  const struct cm_pixel_format *pf = cm_pixel_format(q.format);
  const char *why = check_request(&q, pf);
  if (!why && q.type == CM_MTL_TEXTURE_BUFFER)
    why = "texture buffers are made with -[MTLBuffer newTextureWithDescriptor:offset:bytesPerRow:]";
  if (why) {
    texture_invalid(what, why);
    return nil;
  }
  set_current();
  struct cm_texture *t = texture_alloc(&q, pf);
  CUresult r = cm_storage_create(&t->own, q.type, pf, (uint32_t)q.width, (uint32_t)q.height,
                                 (uint32_t)q.depth, (uint32_t)t->slices, (uint32_t)q.levels);
  if (r != CUDA_SUCCESS) {
    fprintf(stderr, "cudametal: %s: CUDA array: %s\n", what, cu_error_text(r));
    cm_release(t);
    return nil;
  }
  t->storage = &t->own;
  if (!texture_publish(t)) {
    cm_release(t);
    return nil;
  }
  return (id)t;
}
/* minimumLinearTextureAlignmentForPixelFormat: / minimumTextureBufferAlignmentForPixelFormat:
 * 16 bytes, as softmetal: a texture over a buffer is read by plain loads (no CUDA texture
 * object is bound to the memory, so CUDA's 512-byte textureAlignment does not apply). */
enum { LINEAR_ALIGNMENT = 16 };
static unsigned long device_linear_alignment(id self, SEL cmd, unsigned long format) {
  (void)self, (void)cmd, (void)format;
  return LINEAR_ALIGNMENT;
}
static unsigned long device_argument_buffers_support(id self, SEL cmd) {
  (void)self, (void)cmd;
  return 1; /* MTLArgumentBuffersTier2: resource IDs in any memory */
}
static id buffer_new_texture(id self, SEL cmd, id descriptor, unsigned long offset,
                             unsigned long bytes_per_row) {
  (void)cmd;
  const char *what = "-[MTLBuffer newTextureWithDescriptor:offset:bytesPerRow:]";
  struct cm_buffer *b = (struct cm_buffer *)self;
  if (!descriptor) return nil;
  struct texture_request q = texture_request_of(descriptor);
  const struct cm_pixel_format *pf = cm_pixel_format(q.format);
  const char *why = check_request(&q, pf);
  if (!why && q.type != CM_MTL_TEXTURE_2D && q.type != CM_MTL_TEXTURE_BUFFER)
    why = "a texture over a buffer must be of type 2D or TextureBuffer";
  if (!why && (q.levels != 1 || q.array_length != 1))
    why = "a texture over a buffer has one mip level and one slice";
  if (!why && offset % LINEAR_ALIGNMENT)
    why = "offset must be a multiple of the device's minimum linear texture alignment (16)";
  uint64_t row = q.width * (pf ? pf->bytes : 0);
  if (q.type == CM_MTL_TEXTURE_BUFFER) bytes_per_row = row;
  if (!why && bytes_per_row % LINEAR_ALIGNMENT && q.type == CM_MTL_TEXTURE_2D)
    why = "bytesPerRow must be a multiple of the minimum linear texture alignment (16)";
  if (!why && bytes_per_row < row) why = "bytesPerRow must be >= width x bytes per pixel";
  uint64_t span = bytes_per_row * (q.height - 1) + row;
  if (!why && (offset > b->length || span > b->length - offset))
    why = "the texture does not fit in the buffer from offset";
  if (why) {
    texture_invalid(what, why);
    return nil;
  }
  set_current();
  struct cm_texture *t = texture_alloc(&q, pf);
  cm_retain(b);
  t->buffer = b;
  t->buffer_offset = offset, t->bytes_per_row = bytes_per_row;
  if (!texture_publish(t)) {
    cm_release(t);
    return nil;
  }
  return (id)t;
}

/* Metal's view rules (softmetal's): the same format or its sRGB twin always, another of
 * the same size with PixelFormatView usage; the types of Metal's table of view types. */
static bool srgb_twins(const struct cm_pixel_format *a, const struct cm_pixel_format *b) {
  return (a->kind == CM_PF_SRGB && b->kind == CM_PF_UNORM && b->value == a->value - 1) ||
         (b->kind == CM_PF_SRGB && a->kind == CM_PF_UNORM && a->value == b->value - 1);
}
static bool view_type_ok(uint64_t from, uint64_t to) {
  switch (from) {
  case CM_MTL_TEXTURE_1D:
  case CM_MTL_TEXTURE_1D_ARRAY: return to == CM_MTL_TEXTURE_1D || to == CM_MTL_TEXTURE_1D_ARRAY;
  case CM_MTL_TEXTURE_2D:
  case CM_MTL_TEXTURE_2D_ARRAY:
    return to == CM_MTL_TEXTURE_2D || to == CM_MTL_TEXTURE_2D_ARRAY ||
           (from == CM_MTL_TEXTURE_2D_ARRAY && is_cube(to));
  case CM_MTL_TEXTURE_CUBE:
  case CM_MTL_TEXTURE_CUBE_ARRAY:
    return to == CM_MTL_TEXTURE_2D || to == CM_MTL_TEXTURE_2D_ARRAY || is_cube(to);
  case CM_MTL_TEXTURE_3D: return to == CM_MTL_TEXTURE_3D;
  case CM_MTL_TEXTURE_BUFFER: return to == CM_MTL_TEXTURE_BUFFER;
  }
  return false;
}
enum { MTL_TEXTURE_USAGE_PIXEL_FORMAT_VIEW = 0x10 };
static id new_view(struct cm_texture *p, uint64_t format, uint64_t type, uint64_t level0,
                   uint64_t nlevels, uint64_t slice0, uint64_t nslices, const char *what) {
  const struct cm_pixel_format *pf = cm_pixel_format(format);
  const char *why = NULL;
  if (!pf)
    why = "unsupported pixel format";
  else if (format != p->format && !srgb_twins(pf, p->pf)) {
    if (!(p->usage & MTL_TEXTURE_USAGE_PIXEL_FORMAT_VIEW))
      why = "the texture's usage lacks MTLTextureUsagePixelFormatView (needed for any format "
            "other than the sRGB twin)";
    else if (pf->bytes != p->pf->bytes)
      why = "the view's pixel format has another size per pixel than the texture's";
  }
  if (!why && !view_type_ok(p->type, type)) why = "the texture cannot be viewed as that type";
  if (!why && (!nlevels || level0 >= p->levels || nlevels > p->levels - level0))
    why = "the level range is outside the texture's levels";
  if (!why && (!nslices || slice0 >= p->slices || nslices > p->slices - slice0))
    why = "the slice range is outside the texture's slices";
  if (!why &&
      (type == CM_MTL_TEXTURE_1D || type == CM_MTL_TEXTURE_2D || type == CM_MTL_TEXTURE_3D ||
       type == CM_MTL_TEXTURE_BUFFER) &&
      nslices != 1)
    why = "a view of this type has exactly one slice";
  if (!why && type == CM_MTL_TEXTURE_CUBE && nslices != 6) why = "a cube view has exactly 6 slices";
  if (!why && type == CM_MTL_TEXTURE_CUBE_ARRAY && nslices % 6)
    why = "a cube array view has a multiple of 6 slices";
  if (why) {
    texture_invalid(what, why);
    return nil;
  }
  set_current();
  struct cm_texture *t = cm_new(texture_class, sizeof *t, texture_destroy);
  t->type = type, t->format = format, t->pf = pf;
  t->width = level_dim(p->width, level0), t->height = level_dim(p->height, level0);
  t->depth = level_dim(p->depth, level0);
  t->slices = nslices, t->levels = nlevels;
  t->array_length = is_cube(type) ? nslices / 6 : nslices;
  t->usage = p->usage, t->storage_mode = p->storage_mode;
  cm_retain(p);
  t->parent = p;
  t->storage = p->storage;
  t->level0 = p->level0 + level0, t->slice0 = p->slice0 + slice0;
  if (p->buffer) cm_retain(p->buffer);
  t->buffer = p->buffer, t->buffer_offset = p->buffer_offset, t->bytes_per_row = p->bytes_per_row;
  if (!texture_publish(t)) {
    cm_release(t);
    return nil;
  }
  return (id)t;
}
static id texture_new_view(id self, SEL cmd, unsigned long format) {
  (void)cmd;
  struct cm_texture *p = (struct cm_texture *)self;
  return new_view(p, format, p->type, 0, p->levels, 0, p->slices,
                  "-[MTLTexture newTextureViewWithPixelFormat:]");
}
static id texture_new_view_full(id self, SEL cmd, unsigned long format, unsigned long type,
                                cm_range levels, cm_range slices) {
  (void)cmd;
  return new_view((struct cm_texture *)self, format, type, levels.location, levels.length,
                  slices.location, slices.length,
                  "-[MTLTexture newTextureViewWithPixelFormat:textureType:levels:slices:]");
}

/* A region of level/slice of t: NULL when inside it, else why not. */
static const char *check_region(const struct cm_texture *t, const cm_region *r, uint64_t level,
                                uint64_t slice) {
  if (level >= t->levels) return "mipmap level out of range";
  if (slice >= t->slices) return "slice out of range";
  uint64_t w = level_dim(t->width, level), h = level_dim(t->height, level),
           d = level_dim(t->depth, level);
  if (t->type == CM_MTL_TEXTURE_1D || t->type == CM_MTL_TEXTURE_1D_ARRAY ||
      t->type == CM_MTL_TEXTURE_BUFFER)
    h = 1;
  if (t->type != CM_MTL_TEXTURE_3D) d = 1;
  if (r->origin.x > w || r->size.width > w - r->origin.x || r->origin.y > h ||
      r->size.height > h - r->origin.y || r->origin.z > d || r->size.depth > d - r->origin.z)
    return "the region is outside the level's dimensions";
  return NULL;
}
/* The copy side of texel `origin` of level/slice of t. */
static struct cm_copy_side texture_side(const struct cm_texture *t, uint64_t level, uint64_t slice,
                                        cm_origin origin) {
  struct cm_copy_side s = {0};
  s.x_bytes = origin.x * t->pf->bytes, s.y = origin.y;
  if (t->buffer) {
    s.kind = CM_SIDE_DEVICE;
    s.device = t->buffer->ptr + t->buffer_offset;
    s.pitch = t->bytes_per_row;
    return s;
  }
  s.kind = CM_SIDE_ARRAY;
  s.array = t->storage->array[t->level0 + level];
  s.z = t->storage->store == CM_STORE_3D ? origin.z
        : t->storage->store == CM_STORE_1D_LAYERED || t->storage->store == CM_STORE_2D_LAYERED
            ? t->slice0 + slice
            : 0;
  return s;
}
/* replaceRegion / getBytes: Metal's checks, then the copy, synchronous (CPU access). */
static void cpu_access(struct cm_texture *t, cm_region r, uint64_t level, uint64_t slice,
                       void *bytes, uint64_t bpr, uint64_t bpi, bool to_texture, const char *what) {
  const char *why = check_region(t, &r, level, slice);
  if (!why && t->storage_mode == 2) why = "the texture's storage mode is Private";
  if (!why && bpr < r.size.width * t->pf->bytes) why = "bytesPerRow < region width x pixel size";
  if (!why && r.size.depth > 1 && bpi < bpr * r.size.height)
    why = "bytesPerImage < bytesPerRow x region height";
  if (!why && !bytes) why = "bytes is NULL";
  if (why) {
    texture_invalid(what, why);
    return;
  }
  set_current();
  struct cm_copy_side tex = texture_side(t, level, slice, r.origin);
  struct cm_copy_side host = {.kind = CM_SIDE_HOST, .host = bytes, .pitch = bpr, .image = bpi};
  for (uint64_t z = 0; z < r.size.depth && r.size.width && r.size.height; z++) {
    CUDA_MEMCPY3D c;
    cm_copy_describe(&c, to_texture ? &host : &tex, to_texture ? &tex : &host,
                     r.size.width * t->pf->bytes, r.size.height, z);
    CUresult e = cuMemcpy3D(&c);
    if (e != CUDA_SUCCESS) {
      fprintf(stderr, "cudametal: %s: cuMemcpy3D: %s\n", what, cu_error_text(e));
      return;
    }
  }
}
static void texture_replace(id self, SEL cmd, cm_region r, unsigned long level, unsigned long slice,
                            const void *bytes, unsigned long bpr, unsigned long bpi) {
  (void)cmd;
  cpu_access((struct cm_texture *)self, r, level, slice, (void *)bytes, bpr, bpi, true,
             "-[MTLTexture replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:]");
}
static void texture_replace_2d(id self, SEL cmd, cm_region r, unsigned long level,
                               const void *bytes, unsigned long bpr) {
  (void)cmd;
  cpu_access((struct cm_texture *)self, r, level, 0, (void *)bytes, bpr, 0, true,
             "-[MTLTexture replaceRegion:mipmapLevel:withBytes:bytesPerRow:]");
}
static void texture_get(id self, SEL cmd, void *bytes, unsigned long bpr, unsigned long bpi,
                        cm_region r, unsigned long level, unsigned long slice) {
  (void)cmd;
  cpu_access((struct cm_texture *)self, r, level, slice, bytes, bpr, bpi, false,
             "-[MTLTexture getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:]");
}
static void texture_get_2d(id self, SEL cmd, void *bytes, unsigned long bpr, cm_region r,
                           unsigned long level) {
  (void)cmd;
  cpu_access((struct cm_texture *)self, r, level, 0, bytes, bpr, 0, false,
             "-[MTLTexture getBytes:bytesPerRow:fromRegion:mipmapLevel:]");
}
#define TEXTURE_PROPERTY(name, field)                                                              \
  static unsigned long texture_##name(id self, SEL cmd) {                                          \
    (void)cmd;                                                                                     \
    return ((struct cm_texture *)self)->field;                                                     \
  }
TEXTURE_PROPERTY(type, type)
TEXTURE_PROPERTY(format, format)
TEXTURE_PROPERTY(width, width)
TEXTURE_PROPERTY(height, height)
TEXTURE_PROPERTY(depth, depth)
TEXTURE_PROPERTY(levels, levels)
TEXTURE_PROPERTY(array_length, array_length)
TEXTURE_PROPERTY(usage, usage)
TEXTURE_PROPERTY(storage_mode, storage_mode)
TEXTURE_PROPERTY(buffer_offset, buffer_offset)
TEXTURE_PROPERTY(buffer_bytes_per_row, bytes_per_row)
#undef TEXTURE_PROPERTY
static unsigned long texture_sample_count(id self, SEL cmd) {
  (void)self, (void)cmd;
  return 1;
}
static id texture_parent(id self, SEL cmd) {
  (void)cmd;
  return (id)((struct cm_texture *)self)->parent;
}
static id texture_buffer(id self, SEL cmd) {
  (void)cmd;
  return (id)((struct cm_texture *)self)->buffer;
}
static cm_resource_id texture_resource_id(id self, SEL cmd) {
  (void)cmd;
  return (cm_resource_id){(uint64_t)(uintptr_t)((struct cm_texture *)self)->desc};
}

static void sampler_destroy(struct cm_object *o) {
  struct cm_sampler_state *s = (struct cm_sampler_state *)o;
  set_current();
  cm_desc_give(s->desc);
}
static bool send_bool(id obj, const char *selector) {
  SEL sel = sel_registerName(selector);
  return ((unsigned char (*)(id, SEL))method(obj, sel))(obj, sel) != 0;
}
static float send_float(id obj, const char *selector) {
  SEL sel = sel_registerName(selector);
  return ((float (*)(id, SEL))method(obj, sel))(obj, sel);
}
static id device_new_sampler(id self, SEL cmd, id descriptor) {
  (void)self, (void)cmd;
  if (!descriptor) return nil;
  struct cm_sampler_desc d = {0};
  d.min_filter = (uint32_t)send_u64(descriptor, "minFilter");
  d.mag_filter = (uint32_t)send_u64(descriptor, "magFilter");
  d.mip_filter = (uint32_t)send_u64(descriptor, "mipFilter");
  d.address[0] = (uint32_t)send_u64(descriptor, "sAddressMode");
  d.address[1] = (uint32_t)send_u64(descriptor, "tAddressMode");
  d.address[2] = (uint32_t)send_u64(descriptor, "rAddressMode");
  d.border_color = (uint32_t)send_u64(descriptor, "borderColor");
  d.max_anisotropy = (uint32_t)send_u64(descriptor, "maxAnisotropy");
  d.compare = (uint32_t)send_u64(descriptor, "compareFunction");
  d.normalized = send_bool(descriptor, "normalizedCoordinates");
  d.lod_min = send_float(descriptor, "lodMinClamp");
  d.lod_max = send_float(descriptor, "lodMaxClamp");
  const char *why = NULL;
  if (d.min_filter > 1 || d.mag_filter > 1 || d.mip_filter > 2)
    why = "invalid filter";
  else if (d.address[0] > 5 || d.address[1] > 5 || d.address[2] > 5)
    why = "invalid address mode";
  else if (d.border_color > 2)
    why = "invalid border colour";
  else if (d.max_anisotropy < 1 || d.max_anisotropy > 16)
    why = "maxAnisotropy must be in [1, 16]";
  else if (d.compare > 7)
    why = "invalid compare function";
  else if (!(d.lod_min >= 0.0f) || !(d.lod_max >= d.lod_min))
    why = "lodMinClamp must be >= 0 and <= lodMaxClamp";
  if (why) {
    texture_invalid("-[MTLDevice newSamplerStateWithDescriptor:]", why);
    return nil;
  }
  set_current();
  struct cm_sampler_desc *slot = cm_desc_take();
  if (!slot) return nil;
  struct cm_sampler_state *s = cm_new(sampler_class, sizeof *s, sampler_destroy);
  s->desc = slot;
  *s->desc = d;
  s->argument_buffers = send_bool(descriptor, "supportArgumentBuffers");
  return (id)s;
}
/* As on Metal, valid only for a sampler made with supportArgumentBuffers = YES. */
static cm_resource_id sampler_resource_id(id self, SEL cmd) {
  (void)cmd;
  struct cm_sampler_state *s = (struct cm_sampler_state *)self;
  if (!s->argument_buffers) {
    texture_invalid("-[MTLSamplerState gpuResourceID]",
                    "the sampler was not made with supportArgumentBuffers = YES; its ID is 0");
    return (cm_resource_id){0};
  }
  return (cm_resource_id){(uint64_t)(uintptr_t)s->desc};
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
  bool bad_target;
  const char *ptx_target = cm_ptx_target(&bad_target);
  if (!diag && bad_target)
    diag = strdup("cudametal: CUDAMETAL_PTX_TARGET must be sm_<digits>, e.g. sm_60");
  if (!diag) {
    /* CUDAMETAL_PTX_TARGET: PTX for the lowest target NVRTC has, retargeted, JIT-compiled
     * by the driver (an experiment: docs/cudametal.md "Warp convergence"). */
    cubin = cm_nvrtc_compile(l->t.source, ptx_target ? -CM_PTX_BASE_ARCH : d->arch, metal_version,
                             fast, &size, &log);
    if (!cubin) diag = log, log = NULL;
  }
  if (!diag && ptx_target) {
    char *ptx = cm_ptx_retarget(cubin, ptx_target, &size);
    free(cubin);
    cubin = ptx;
    if (!ptx)
      diag = strdup("cudametal: NVRTC's PTX has no .target directive to rewrite");
    else if (trace())
      fprintf(stderr, "cudametal: library JIT-compiled from PTX for %s\n", ptx_target);
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
/* Not Metal's (mtl_pipeline_resident_threadgroups): the GPU's multiprocessors times
 * how many blocks of x * y * z threads of the function CUDA keeps resident on one
 * (the occupancy API, without dynamic shared memory: more would only lower it);
 * 0 when CUDA does not answer. */
static unsigned long pipeline_resident_threadgroups(id self, SEL cmd, unsigned long x,
                                                    unsigned long y, unsigned long z) {
  (void)cmd;
  struct cm_pipeline *p = (struct cm_pipeline *)self;
  if (!x || !y || !z || x * y * z > 1024) return 0;
  set_current();
  int blocks = 0;
  if (cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, p->func, (int)(x * y * z), 0) !=
          CUDA_SUCCESS ||
      blocks < 0)
    return 0;
  return (unsigned long)blocks * (unsigned long)(the_device ? the_device->sms : 0);
}
static unsigned long pipeline_static_smem(id self, SEL cmd) {
  (void)cmd;
  return ((struct cm_pipeline *)self)->static_smem;
}

/* ---- queues ---- */
struct cm_queue {
  struct cm_object base;
  CUstream stream;
  uint64_t id; /* unique in the process (a CUstream handle may be reused) */
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
  static _Atomic uint64_t queue_ids;
  q->stream = s;
  q->id = ++queue_ids;
  return (id)q;
}

/* ---- marks: CUDA events that say a stream has passed a point ---- */
/* A mark is a timed CUDA event with a reference count: a command buffer's start and end,
 * and a shared event's signal (libanchor's timeline signal is the last command of its
 * command buffers, so the signal's mark is the command buffer's end: one cuEventRecord
 * for both). A mark whose references are gone has completed (or was never recorded) and
 * is kept for another (at most MARK_POOL: libanchor commits a command buffer per launch,
 * which would otherwise create and destroy events per launch); a broken one (a CUDA
 * error may have left it recorded but never completed) is destroyed instead. */
struct cm_mark {
  CUevent event;
  atomic_int refs;
  atomic_bool broken;
};
enum { MARK_POOL = 256 };
static struct {
  pthread_mutex_t lock;
  struct cm_mark *marks[MARK_POOL];
  int count;
} mark_pool = {PTHREAD_MUTEX_INITIALIZER, {0}, 0};
static CUresult mark_take(struct cm_mark **out) { /* +1 */
  pthread_mutex_lock(&mark_pool.lock);
  struct cm_mark *m = mark_pool.count ? mark_pool.marks[--mark_pool.count] : NULL;
  pthread_mutex_unlock(&mark_pool.lock);
  if (!m) {
    m = calloc(1, sizeof *m);
    if (!m) abort();
    CUresult r = cuEventCreate(&m->event, CU_EVENT_DEFAULT);
    if (r != CUDA_SUCCESS) {
      free(m);
      *out = NULL;
      return r;
    }
  }
  atomic_store(&m->refs, 1);
  atomic_store(&m->broken, false);
  *out = m;
  return CUDA_SUCCESS;
}
static struct cm_mark *mark_retain(struct cm_mark *m) {
  if (m) atomic_fetch_add(&m->refs, 1);
  return m;
}
static void mark_release(struct cm_mark *m) {
  if (!m || atomic_fetch_sub(&m->refs, 1) != 1) return;
  bool kept = false;
  if (!atomic_load(&m->broken)) {
    pthread_mutex_lock(&mark_pool.lock);
    kept = mark_pool.count < MARK_POOL;
    if (kept) mark_pool.marks[mark_pool.count++] = m;
    pthread_mutex_unlock(&mark_pool.lock);
  }
  if (!kept) {
    cuEventDestroy(m->event);
    free(m);
  }
}

/* ---- shared events ---- */
/* MTLSharedEvent: a 64-bit value in pinned, device-mapped host memory (a slot of a
 * cuMemHostAlloc page), so the CPU sets it directly (setSignaledValue:) and streams can
 * wait for it (cuStreamWaitValue64, CU_STREAM_WAIT_VALUE_GEQ: a cyclic >=, which is
 * Metal's >= for values below 2^63), plus the signals committed and not yet known to be
 * reached, oldest first, each with the mark the stream passes once it is (`pending`).
 * CUDA warns that memory waits are invisible to its scheduler (a waiting stream may hold
 * a hardware queue the signalling one needs), so a wait for a value that a committed
 * signal reaches is a cuStreamWaitEvent on that signal's mark, and none at all when the
 * signal was committed on the waiting queue (one stream runs in order: libanchor's wait
 * for a stream's own previous command buffer, at every launch) or is known reached. Only
 * a wait for a value nothing committed reaches yet (a later commit, or the CPU:
 * libanchor's host-function gates) polls memory, with cuStreamWaitValue64; from then on
 * (`memory`) every GPU signal of the event also writes the value with
 * cuStreamWriteValue64 (after the stream's earlier work, with a memory barrier). Before
 * that no one polls the memory, so a signal is its mark alone: libanchor's stream
 * timelines, signalled at every launch and waited for only once committed, never write
 * it. The CPU's view (`latest`, signaledValue) is the last value written: its own
 * setSignaledValue: (which writes the memory too), or a signal whose mark has completed
 * since, taken in commit order (Metal lets a value go down). */
struct cm_signal {
  uint64_t value;
  uint64_t queue;       /* the queue (cm_queue.id) it was committed on */
  struct cm_mark *mark; /* +1; completes once value is signalled */
};
struct cm_event {
  struct cm_object base;
  uint64_t *value; /* host address */
  CUdeviceptr gpu; /* the same slot's device address */
  pthread_mutex_t lock;
  bool memory;               /* a memory wait was issued: GPU signals write the memory too */
  bool rising;               /* every signal committed was >= the one before (libanchor's) */
  uint64_t latest;           /* the last value written that the CPU knows of */
  struct cm_signal *pending; /* a ring of `capacity` from `first`, commit order */
  size_t first, count, capacity;
};
static struct cm_signal *signal_at(struct cm_event *e, size_t i) {
  return &e->pending[(e->first + i) % e->capacity];
}
/* Drops the oldest pending signals whose marks have completed, each becoming latest
 * (e->lock held). One query when the oldest has not: its queue's later ones have not
 * either (another queue's may have, and wait their turn). */
static void event_drop_oldest(struct cm_event *e) { /* reached: its value is the latest */
  struct cm_signal *oldest = signal_at(e, 0);
  e->latest = oldest->value;
  mark_release(oldest->mark);
  e->first = (e->first + 1) % e->capacity;
  e->count--;
}
static void event_prune(struct cm_event *e) {
  while (e->count && cuEventQuery(signal_at(e, 0)->mark->event) == CUDA_SUCCESS)
    event_drop_oldest(e);
}
/* After a command buffer whose end mark `done` completed: drops the oldest pending signals
 * it marked (no query), then, when many are left (signals marked otherwise, or another
 * queue's first), queries as event_prune does (e->lock held). */
enum { EVENT_PENDING_QUERY = 64 };
static void event_prune_done(struct cm_event *e, struct cm_mark *done) {
  while (e->count && signal_at(e, 0)->mark == done)
    event_drop_oldest(e);
  if (e->count > EVENT_PENDING_QUERY) event_prune(e);
}
static void event_push(struct cm_event *e, uint64_t value, uint64_t queue, struct cm_mark *mark) {
  if (e->count == e->capacity) {
    size_t grown = e->capacity ? e->capacity * 2 : 16;
    struct cm_signal *ring = malloc(grown * sizeof *ring);
    if (!ring) abort();
    for (size_t i = 0; i < e->count; i++)
      ring[i] = *signal_at(e, i);
    free(e->pending);
    e->pending = ring;
    e->first = 0;
    e->capacity = grown;
  }
  if (e->count && value < signal_at(e, e->count - 1)->value) e->rising = false;
  *signal_at(e, e->count++) = (struct cm_signal){value, queue, mark_retain(mark)};
}
static pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;
static void **free_slots; /* host addresses of free slots */
static size_t free_count, free_capacity;
enum { EVENT_SLOT = 64, EVENT_PAGE = 4096 };
static uint64_t *slot_take(void) { /* NULL when pinned memory is refused */
  pthread_mutex_lock(&slot_lock);
  if (!free_count) {
    void *page = NULL;
    size_t n = EVENT_PAGE / EVENT_SLOT;
    if (free_capacity < n) {
      free_slots = realloc(free_slots, n * sizeof *free_slots);
      if (!free_slots) abort();
      free_capacity = n;
    }
    if (cuMemHostAlloc(&page, EVENT_PAGE, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE) ==
        CUDA_SUCCESS) { /* pages are never given back: a few per process */
      memset(page, 0, EVENT_PAGE);
      for (size_t i = 0; i < n; i++)
        free_slots[free_count++] = (char *)page + (n - 1 - i) * EVENT_SLOT;
    }
  }
  uint64_t *slot = free_count ? free_slots[--free_count] : NULL;
  pthread_mutex_unlock(&slot_lock);
  return slot;
}
static void slot_give(uint64_t *slot) {
  pthread_mutex_lock(&slot_lock);
  if (free_count == free_capacity) {
    free_capacity *= 2;
    free_slots = realloc(free_slots, free_capacity * sizeof *free_slots);
    if (!free_slots) abort();
  }
  free_slots[free_count++] = slot;
  pthread_mutex_unlock(&slot_lock);
}
static Class event_class;
static void event_destroy(struct cm_object *o) {
  struct cm_event *e = (struct cm_event *)o;
  set_current();
  for (size_t i = 0; i < e->count; i++)
    mark_release(signal_at(e, i)->mark);
  free(e->pending);
  slot_give(e->value);
  pthread_mutex_destroy(&e->lock);
}
static id device_new_event(id self, SEL cmd) {
  (void)self, (void)cmd;
  set_current();
  uint64_t *slot = slot_take();
  CUdeviceptr gpu = 0;
  if (!slot || cuMemHostGetDevicePointer(&gpu, slot, 0) != CUDA_SUCCESS) {
    fprintf(stderr, "cudametal: newSharedEvent: no pinned host memory for the event\n");
    if (slot) slot_give(slot);
    return nil;
  }
  struct cm_event *e = cm_new(event_class, sizeof *e, event_destroy);
  __atomic_store_n(slot, 0, __ATOMIC_SEQ_CST);
  e->value = slot;
  e->gpu = gpu;
  e->rising = true;
  pthread_mutex_init(&e->lock, NULL);
  return (id)e;
}
static unsigned long event_signaled_value(id self, SEL cmd) {
  (void)cmd;
  struct cm_event *e = (struct cm_event *)self;
  set_current();
  pthread_mutex_lock(&e->lock);
  event_prune(e);
  uint64_t value = e->latest;
  pthread_mutex_unlock(&e->lock);
  return value;
}
/* A write from the CPU: setSignaledValue:, or a GPU signal CUDA refused (so that its
 * waiters do not hang). */
static void event_store(struct cm_event *e, uint64_t value) {
  set_current();
  pthread_mutex_lock(&e->lock);
  event_prune(e); /* signals reached before this write do not override it */
  __atomic_store_n(e->value, value, __ATOMIC_SEQ_CST);
  e->latest = value;
  pthread_mutex_unlock(&e->lock);
}
static void event_set_signaled_value(id self, SEL cmd, unsigned long value) {
  (void)cmd;
  event_store((struct cm_event *)self, value);
}
/* At commit: the signal of `value` on q's stream, passed once `mark` (+1 taken here, or
 * NULL: one is recorded now) has completed. */
static CUresult event_signal(struct cm_event *e, uint64_t value, struct cm_queue *q,
                             struct cm_mark *mark) {
  CUstream s = q->stream;
  CUresult r = CUDA_SUCCESS;
  pthread_mutex_lock(&e->lock);
  if (e->memory) r = cuStreamWriteValue64(s, e->gpu, value, CU_STREAM_WRITE_VALUE_DEFAULT);
  struct cm_mark *own = NULL;
  if (r == CUDA_SUCCESS && !mark) {
    r = mark_take(&own);
    if (r == CUDA_SUCCESS) r = cuEventRecord(own->event, s);
    mark = own;
  }
  if (r == CUDA_SUCCESS) event_push(e, value, q->id, mark);
  if (own && r != CUDA_SUCCESS) atomic_store(&own->broken, true);
  mark_release(own);
  pthread_mutex_unlock(&e->lock);
  return r;
}
/* At commit: stream s waits until the value is >= value. */
static CUresult event_wait(struct cm_event *e, uint64_t value, struct cm_queue *q) {
  CUstream s = q->stream;
  pthread_mutex_lock(&e->lock);
  CUresult r = CUDA_SUCCESS;
  /* The earliest committed signal that reaches value: from the newest back while rising
   * (a stream's wait for its own last tick looks at one), else all of them. */
  struct cm_signal *earliest = NULL;
  for (size_t i = e->count; i-- > 0;) {
    struct cm_signal *p = signal_at(e, i);
    if (p->value >= value)
      earliest = p;
    else if (e->rising)
      break;
  }
  bool found = e->latest >= value || earliest; /* reached, or committed */
  if (e->latest < value && earliest && earliest->queue != q->id)
    r = cuStreamWaitEvent(s, earliest->mark->event, 0); /* completed or not */
  if (!found) {
    e->memory = true; /* the signal to come writes memory: under e->lock, so none is missed */
    r = cuStreamWaitValue64(s, e->gpu, value, CU_STREAM_WAIT_VALUE_GEQ);
  }
  pthread_mutex_unlock(&e->lock);
  return r;
}

/* ---- command buffers: recorded commands ---- */
enum { CMD_DISPATCH, CMD_COPY, CMD_FILL, CMD_INVALID, CMD_SIGNAL, CMD_WAIT, CMD_COPY3D };
struct cm_command {
  int kind;
  struct cm_pipeline *pipeline; /* retained */
  unsigned grid[3], block[3], dyn_smem;
  struct cm_args *args; /* dispatch: malloc'd (sizeof, args_size of it set) */
  size_t args_size;
  CUdeviceptr dst, src;
  uint64_t size;
  unsigned char value;
  char *message;          /* CMD_INVALID */
  struct cm_event *event; /* CMD_SIGNAL, CMD_WAIT: retained */
  uint64_t event_value;
  CUDA_MEMCPY3D *copies; /* CMD_COPY3D: malloc'd, copy_count of them */
  int copy_count;
};
/* The block ABI's literal (as metal/mtl.c builds it without blocks, and as clang's
 * blocks are): invoke(block, command buffer); descriptor->size bytes are copied. */
struct cm_block {
  void *isa;
  int flags, reserved;
  void (*invoke)(struct cm_block *self, id command_buffer);
  const struct {
    unsigned long reserved, size;
  } *descriptor;
};
struct cm_cmdbuf {
  struct cm_object base;
  struct cm_queue *queue; /* retained */
  struct cm_command *commands;
  int count, capacity;
  id *retained; /* buffers kept alive until completion */
  int retained_count, retained_capacity;
  struct cm_block **handlers; /* copies, run in order on the completion thread */
  int handler_count;
  struct cm_mark *start, *end; /* +1 each; end also marks trailing event signals */
  pthread_mutex_t lock;        /* status, error, finished: the completion thread and callers */
  long status;
  id error; /* +1; reported once finished */
  bool committed, end_recorded, finished;
};
static void cmdbuf_destroy(struct cm_object *o) {
  struct cm_cmdbuf *c = (struct cm_cmdbuf *)o;
  set_current();
  bool done = !c->end_recorded || c->finished;
  if (!done) done = cuEventSynchronize(c->end->event) == CUDA_SUCCESS;
  for (int i = 0; i < c->count; i++) {
    cm_release(c->commands[i].pipeline);
    cm_release(c->commands[i].event);
    free(c->commands[i].args);
    free(c->commands[i].message);
    free(c->commands[i].copies);
  }
  free(c->commands);
  for (int i = 0; i < c->handler_count; i++) /* never committed */
    free(c->handlers[i]);
  free(c->handlers);
  for (int i = 0; i < c->retained_count; i++)
    cm_release(c->retained[i]);
  free(c->retained);
  /* Marks of a failed command buffer are not reused (a CUDA error may have left them
   * recorded but never completed); a shared event may still hold its end. */
  bool reuse = c->end_recorded && done && !c->error;
  if (!reuse && c->start) atomic_store(&c->start->broken, true);
  if (!reuse && c->end) atomic_store(&c->end->broken, true);
  mark_release(c->start);
  mark_release(c->end);
  cm_release(c->error);
  cm_release(c->queue);
  pthread_mutex_destroy(&c->lock);
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
  pthread_mutex_init(&c->lock, NULL);
  return cm_autorelease(c);
}
/* encodeSignalEvent:value: / encodeWaitForEvent:value:, in order among the encoders'
 * commands (Metal's rule: before commit). */
static void cmdbuf_encode_event(id self, id event, unsigned long value, int kind) {
  struct cm_cmdbuf *c = (struct cm_cmdbuf *)self;
  if (c->committed || !event || object_getClass(event) != event_class) {
    fprintf(stderr, "cudametal: validation error: encode%sEvent: %s\n",
            kind == CMD_SIGNAL ? "Signal" : "WaitFor",
            c->committed ? "command buffer was already committed" : "not a shared event");
    if (!c->committed)
      cmdbuf_push(c, CMD_INVALID)->message = strdup("encoding an event that is not a shared event");
    return;
  }
  struct cm_command *k = cmdbuf_push(c, kind);
  cm_retain(event);
  k->event = (struct cm_event *)event;
  k->event_value = value;
}
static void cmdbuf_signal_event(id self, SEL cmd, id event, unsigned long value) {
  (void)cmd;
  cmdbuf_encode_event(self, event, value, CMD_SIGNAL);
}
static void cmdbuf_wait_event(id self, SEL cmd, id event, unsigned long value) {
  (void)cmd;
  cmdbuf_encode_event(self, event, value, CMD_WAIT);
}
/* addCompletedHandler: before commit; the block is copied (no object captures). */
static void cmdbuf_add_completed_handler(id self, SEL cmd, struct cm_block *block) {
  (void)cmd;
  struct cm_cmdbuf *c = (struct cm_cmdbuf *)self;
  if (!block || c->committed) {
    fprintf(stderr, "cudametal: validation error: addCompletedHandler: %s\n",
            block ? "command buffer was already committed" : "block is nil");
    return;
  }
  size_t size = block->descriptor ? block->descriptor->size : sizeof *block;
  if (size < sizeof *block) size = sizeof *block;
  struct cm_block *copy = malloc(size);
  struct cm_block **handlers =
      realloc(c->handlers, (size_t)(c->handler_count + 1) * sizeof *handlers);
  if (!copy || !handlers) abort();
  memcpy(copy, block, size);
  c->handlers = handlers;
  c->handlers[c->handler_count++] = copy;
}

/* ---- encoders ---- */
/* A compute encoder's argument table is a struct cm_args of its own from the first
 * set...: call until a dispatch, which hands it to the dispatch command as is (no copy);
 * a later set...: or dispatch starts the next one from the used part of the last
 * (copy on write). So one dispatch per encoder, libanchor's way, costs one allocation
 * and no copy of the 8.5 KiB table, and a blit encoder has none. */
struct cm_encoder {
  struct cm_object base;
  struct cm_cmdbuf *cmdbuf; /* retained */
  struct cm_pipeline *pipeline;
  struct cm_args *args;             /* being set, malloc'd; NULL: none yet */
  const struct cm_args *dispatched; /* the last dispatch's (its command owns it), or NULL */
  uint32_t bound;                   /* buffer indices set */
  size_t bytes_used;                /* in args->bytes */
  uint64_t tg_length[CM_MAX_THREADGROUPS + 1];
  bool ended;
};
/* The bytes of a cm_args that an encoder has set: the tables, then bytes_used. */
static size_t args_used(size_t bytes_used) {
  return offsetof(struct cm_args, bytes) + bytes_used;
}
static struct cm_args *encoder_args(struct cm_encoder *e) {
  if (e->args) return e->args;
  e->args = malloc(sizeof *e->args);
  if (!e->args) abort();
  if (e->dispatched)
    memcpy(e->args, e->dispatched, args_used(e->bytes_used));
  else
    memset(e->args, 0, offsetof(struct cm_args, bytes));
  return e->args;
}
static void encoder_destroy(struct cm_object *o) {
  free(((struct cm_encoder *)o)->args);
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
  encoder_args(e)->buffer[index] = buffer ? ((struct cm_buffer *)buffer)->ptr + offset : 0;
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
  struct cm_args *args = encoder_args(e);
  memcpy(args->bytes + at, bytes, length);
  e->bytes_used = at + length;
  args->buffer[index] = CM_BYTES_FLAG | at;
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
  struct cm_args *args = encoder_args(e);
  uint32_t offset = 0;
  for (int i = 0; i <= CM_MAX_THREADGROUPS; i++) {
    args->tg_offset[i] = offset;
    offset += (uint32_t)((e->tg_length[i] + 15) & ~15ull);
  }
  k->dyn_smem = offset;
  k->args = args; /* the command's from now on; the next set...: copies it */
  k->args_size = args_used(e->bytes_used);
  e->dispatched = args;
  e->args = NULL;
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

/* Texture blits: cuMemcpy3DAsync on the queue's stream, one per z-slice of the region
 * (cm_copy_describe); Metal's checks, as softmetal's, else the command buffer fails with
 * code 9 (InvalidResource). The textures and the buffer are kept until completion. */
static void blit_copies(struct cm_encoder *e, const struct cm_copy_side *src,
                        const struct cm_copy_side *dst, uint64_t width_bytes, cm_size size) {
  if (!size.width || !size.height || !size.depth) return;
  struct cm_command *k = cmdbuf_push(e->cmdbuf, CMD_COPY3D);
  k->copies = malloc(size.depth * sizeof *k->copies);
  if (!k->copies) abort();
  for (uint64_t z = 0; z < size.depth; z++)
    cm_copy_describe(&k->copies[z], src, dst, width_bytes, size.height, z);
  k->copy_count = (int)size.depth;
}
static void blit_invalid(struct cm_encoder *e, const char *what, const char *why) {
  char text[512];
  snprintf(text, sizeof text, "-[MTLBlitCommandEncoder %s]: %s", what, why);
  cmdbuf_push(e->cmdbuf, CMD_INVALID)->message = strdup(text);
}
/* A buffer side of a texture copy: NULL when the bytes are inside the buffer, else why. */
static const char *check_linear(const struct cm_buffer *b, const struct cm_texture *t,
                                uint64_t offset, uint64_t bpr, uint64_t bpi, cm_size size) {
  if (!b) return "the buffer is nil";
  if (!size.width || !size.height || !size.depth) return NULL;
  uint64_t row = size.width * t->pf->bytes;
  if (bpr < row) return "bytesPerRow < region width x pixel size";
  if (size.depth > 1 && bpi < bpr * size.height) return "bytesPerImage < bytesPerRow x height";
  uint64_t end = offset + (size.depth - 1) * bpi + (size.height - 1) * bpr + row;
  if (end > b->length || end < offset) return "the region's bytes run past the buffer's end";
  return NULL;
}
/* Buffer to texture (to_texture) or texture to buffer: one region, the buffer side
 * linear with its rows and images. */
static void blit_buffer_texture(struct cm_encoder *e, const char *what, id buffer,
                                unsigned long offset, unsigned long bpr, unsigned long bpi,
                                cm_size size, id texture, unsigned long slice, unsigned long level,
                                cm_origin origin, bool to_texture) {
  struct cm_texture *t = (struct cm_texture *)texture;
  struct cm_buffer *b = (struct cm_buffer *)buffer;
  cm_region r = {origin, size};
  const char *why = !t ? "the texture is nil" : check_region(t, &r, level, slice);
  if (!why) why = check_linear(b, t, offset, bpr, bpi, size);
  if (why) {
    blit_invalid(e, what, why);
    return;
  }
  struct cm_copy_side linear = {
      .kind = CM_SIDE_DEVICE, .device = b->ptr + offset, .pitch = bpr, .image = bpi};
  struct cm_copy_side pixels = texture_side(t, level, slice, origin);
  blit_copies(e, to_texture ? &linear : &pixels, to_texture ? &pixels : &linear,
              size.width * t->pf->bytes, size);
  cmdbuf_keep(e->cmdbuf, buffer);
  cmdbuf_keep(e->cmdbuf, texture);
}
static void blit_buffer_to_texture(id self, SEL cmd, id buffer, unsigned long offset,
                                   unsigned long bpr, unsigned long bpi, cm_size size, id texture,
                                   unsigned long slice, unsigned long level, cm_origin origin) {
  (void)cmd;
  blit_buffer_texture((struct cm_encoder *)self,
                      "copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:"
                      "sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:",
                      buffer, offset, bpr, bpi, size, texture, slice, level, origin, true);
}
static void blit_texture_to_buffer(id self, SEL cmd, id texture, unsigned long slice,
                                   unsigned long level, cm_origin origin, cm_size size, id buffer,
                                   unsigned long offset, unsigned long bpr, unsigned long bpi) {
  (void)cmd;
  blit_buffer_texture((struct cm_encoder *)self,
                      "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:"
                      "destinationOffset:destinationBytesPerRow:destinationBytesPerImage:",
                      buffer, offset, bpr, bpi, size, texture, slice, level, origin, false);
}
/* Texture to texture: the same pixel format (or its sRGB twin), both regions inside. */
static void blit_texture_to_texture(id self, SEL cmd, id src, unsigned long src_slice,
                                    unsigned long src_level, cm_origin src_origin, cm_size size,
                                    id dst, unsigned long dst_slice, unsigned long dst_level,
                                    cm_origin dst_origin) {
  (void)cmd;
  struct cm_encoder *e = (struct cm_encoder *)self;
  const char *what = "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toTexture:"
                     "destinationSlice:destinationLevel:destinationOrigin:";
  struct cm_texture *s = (struct cm_texture *)src, *d = (struct cm_texture *)dst;
  cm_region rs = {src_origin, size}, rd = {dst_origin, size};
  const char *why = !s || !d ? "a texture is nil" : NULL;
  if (!why && s->format != d->format && !srgb_twins(s->pf, d->pf))
    why = "the textures' pixel formats must be the same";
  if (!why) why = check_region(s, &rs, src_level, src_slice);
  if (!why) why = check_region(d, &rd, dst_level, dst_slice);
  if (why) {
    blit_invalid(e, what, why);
    return;
  }
  struct cm_copy_side a = texture_side(s, src_level, src_slice, src_origin);
  struct cm_copy_side b = texture_side(d, dst_level, dst_slice, dst_origin);
  blit_copies(e, &a, &b, size.width * s->pf->bytes, size);
  cmdbuf_keep(e->cmdbuf, src);
  cmdbuf_keep(e->cmdbuf, dst);
}
/* copyFromTexture:toTexture: every level and slice; the textures must have the same
 * format, type, dimensions, levels and slices (Metal's rule for this form). */
static void blit_whole_texture(id self, SEL cmd, id src, id dst) {
  struct cm_texture *s = (struct cm_texture *)src, *d = (struct cm_texture *)dst;
  if (!s || !d || s->width != d->width || s->height != d->height || s->depth != d->depth ||
      s->levels != d->levels || s->slices != d->slices || s->type != d->type) {
    blit_invalid((struct cm_encoder *)self, "copyFromTexture:toTexture:",
                 "the textures must have the same type, dimensions, levels and slices");
    return;
  }
  for (uint64_t slice = 0; slice < s->slices; slice++)
    for (uint64_t l = 0; l < s->levels; l++) {
      cm_size size = {level_dim(s->width, l), level_dim(s->height, l),
                      s->type == CM_MTL_TEXTURE_3D ? level_dim(s->depth, l) : 1};
      if (s->type == CM_MTL_TEXTURE_1D || s->type == CM_MTL_TEXTURE_1D_ARRAY ||
          s->type == CM_MTL_TEXTURE_BUFFER)
        size.height = 1;
      blit_texture_to_texture(self, cmd, src, slice, l, (cm_origin){0, 0, 0}, size, dst, slice, l,
                              (cm_origin){0, 0, 0});
    }
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
/* The first failure becomes the command buffer's error (reported once it has finished).
 * c->lock held, or the committing thread before the completion thread knows c. */
static void cmdbuf_fail(struct cm_cmdbuf *c, long code, const char *text) {
  if (c->error) return;
  c->error = error_new("MTLCommandBufferErrorDomain", code, text);
  if (trace())
    fprintf(stderr, "cudametal: command buffer %p: error %ld: %s\n", (void *)c, code, text);
}
static void cmdbuf_fail_cuda(struct cm_cmdbuf *c, const char *what, CUresult r) {
  char text[256];
  snprintf(text, sizeof text, "cudametal: %s: %s", what, cu_error_text(r));
  cmdbuf_fail(c, metal_error_code(r), text);
}

/* The completion thread: every committed command buffer (retained by commit) until its
 * end event has completed; then its status and error are final, its completed handlers
 * run in the order they were added, and it is released. Handlers run here, never in a
 * cuLaunchHostFunc callback, because libanchor's call Metal (and so CUDA) and CUDA
 * forbids CUDA calls there. The thread polls cuEventQuery (a wait on one command buffer
 * could wait for a value that another one's handler sets), sleeping between rounds from
 * 5 us up to 1 ms; a command buffer with handlers also wakes it with a cuLaunchHostFunc
 * after its end event (that callback only signals a condition variable; it does not run
 * after a CUDA error, the polling still does). */
static struct {
  pthread_mutex_t lock;
  pthread_cond_t wake;
  struct cm_cmdbuf **items;
  size_t count, capacity;
  bool started, woken;
  bool stopping, parked; /* process exit: the thread stops calling CUDA before CUDA goes */
} pending = {
    PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0, 0, false, false, false, false};

/* atexit (registered after cuInit, so it runs before the driver's own teardown): parks the
 * completion thread outside any CUDA call, waiting at most 200 ms for it. Handlers of
 * command buffers still in flight at exit do not run (as when a process exits on Metal). */
static void pending_stop(void) {
  pthread_mutex_lock(&pending.lock);
  pending.stopping = true;
  pthread_cond_broadcast(&pending.wake);
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_nsec += 200000000;
  if (until.tv_nsec >= 1000000000) until.tv_sec++, until.tv_nsec -= 1000000000;
  while (pending.started && !pending.parked)
    if (pthread_cond_timedwait(&pending.wake, &pending.lock, &until) != 0) break;
  pthread_mutex_unlock(&pending.lock);
}

static void CUDA_CB pending_wake(void *unused) {
  (void)unused;
  pthread_mutex_lock(&pending.lock);
  pending.woken = true;
  pthread_cond_signal(&pending.wake);
  pthread_mutex_unlock(&pending.lock);
}

/* Makes status final once the end event has completed (wait: sleeps until then). */
static void cmdbuf_check(struct cm_cmdbuf *c, bool wait) {
  pthread_mutex_lock(&c->lock);
  bool open = c->committed && !c->finished;
  bool recorded = c->end_recorded;
  pthread_mutex_unlock(&c->lock);
  if (!open) return;
  CUresult r = CUDA_SUCCESS;
  if (recorded) {
    set_current();
    r = wait ? cuEventSynchronize(c->end->event) : cuEventQuery(c->end->event);
    if (r == CUDA_ERROR_NOT_READY) return;
  }
  pthread_mutex_lock(&c->lock);
  if (!c->finished) {
    if (r != CUDA_SUCCESS) cmdbuf_fail_cuda(c, "completion", r);
    c->status = c->error ? 5 : 4; /* MTLCommandBufferStatusError / Completed */
    c->finished = true;
  }
  pthread_mutex_unlock(&c->lock);
}

static void cmdbuf_complete(struct cm_cmdbuf *c) { /* on the completion thread */
  for (int i = 0; i < c->count; i++) /* its signals are reached: off the pending lists */
    if (c->commands[i].kind == CMD_SIGNAL) {
      struct cm_event *e = c->commands[i].event;
      pthread_mutex_lock(&e->lock);
      event_prune_done(e, c->end);
      pthread_mutex_unlock(&e->lock);
    }
  if (trace())
    fprintf(stderr, "cudametal: command buffer %p completed: status %ld, %d handler(s)\n",
            (void *)c, c->status, c->handler_count);
  for (int i = 0; i < c->handler_count; i++) {
    c->handlers[i]->invoke(c->handlers[i], (id)c);
    free(c->handlers[i]);
  }
  free(c->handlers);
  c->handlers = NULL;
  c->handler_count = 0;
  cm_release(c); /* commit's reference */
}

static void *completion_thread(void *unused) {
  (void)unused;
  set_current();
  long sleep_ns = 5000;
  struct cm_cmdbuf **round = NULL;
  size_t round_capacity = 0;
  for (;;) {
    pthread_mutex_lock(&pending.lock);
    while (!pending.count && !pending.stopping)
      pthread_cond_wait(&pending.wake, &pending.lock);
    if (pending.stopping) { /* never calls CUDA again */
      pending.parked = true;
      pthread_cond_broadcast(&pending.wake);
      for (;;)
        pthread_cond_wait(&pending.wake, &pending.lock);
    }
    size_t n = pending.count;
    if (round_capacity < n) {
      round_capacity = n * 2;
      round = realloc(round, round_capacity * sizeof *round);
      if (!round) abort();
    }
    memcpy(round, pending.items, n * sizeof *round);
    pending.woken = false;
    pthread_mutex_unlock(&pending.lock);
    size_t done = 0, blocked_count = 0;
    struct cm_queue *blocked[16];    /* queues with an unfinished command buffer this round */
    for (size_t i = 0; i < n; i++) { /* CUDA calls outside pending.lock */
      /* A queue's command buffers finish in commit order (one stream): after an
       * unfinished one, its later ones need no query (10,000 launches in flight). */
      bool skip = false;
      for (size_t j = 0; j < blocked_count && !skip; j++)
        skip = blocked[j] == round[i]->queue;
      if (skip) continue;
      cmdbuf_check(round[i], false);
      pthread_mutex_lock(&round[i]->lock);
      bool finished = round[i]->finished;
      pthread_mutex_unlock(&round[i]->lock);
      if (finished)
        round[done++] = round[i];
      else if (blocked_count < sizeof blocked / sizeof *blocked)
        blocked[blocked_count++] = round[i]->queue;
    }
    if (done) {
      /* round[0, done) is a subsequence of pending.items[0, n) (commits since append) */
      pthread_mutex_lock(&pending.lock);
      size_t kept = 0, j = 0;
      for (size_t i = 0; i < pending.count; i++)
        if (i < n && j < done && pending.items[i] == round[j])
          j++;
        else
          pending.items[kept++] = pending.items[i];
      pending.count = kept;
      pthread_mutex_unlock(&pending.lock);
      for (size_t i = 0; i < done; i++) /* in commit order */
        cmdbuf_complete(round[i]);
      sleep_ns = 5000;
      continue;
    }
    pthread_mutex_lock(&pending.lock);
    if (!pending.woken) {
      struct timespec until;
      clock_gettime(CLOCK_REALTIME, &until);
      until.tv_nsec += sleep_ns;
      if (until.tv_nsec >= 1000000000) until.tv_sec++, until.tv_nsec -= 1000000000;
      pthread_cond_timedwait(&pending.wake, &pending.lock, &until);
    }
    pthread_mutex_unlock(&pending.lock);
    sleep_ns = sleep_ns * 2 > 1000000 ? 1000000 : sleep_ns * 2;
  }
  return NULL;
}

static void pending_add(struct cm_cmdbuf *c) { /* c retained by the caller for the thread */
  pthread_mutex_lock(&pending.lock);
  if (!pending.started) {
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attr, completion_thread, NULL) != 0) {
      fprintf(stderr, "cudametal: cannot start the completion thread\n");
      abort();
    }
    pthread_attr_destroy(&attr);
    pending.started = true;
  }
  if (pending.count == pending.capacity) {
    pending.capacity = pending.capacity ? pending.capacity * 2 : 64;
    pending.items = realloc(pending.items, pending.capacity * sizeof *pending.items);
    if (!pending.items) abort();
  }
  pending.items[pending.count++] = c;
  /* The thread sleeps without a limit only on an empty list; otherwise it is polling
   * and finds c in its next round (a wake per commit cost a futex call per launch). A
   * command buffer with handlers wakes it once done (cuLaunchHostFunc, commit). */
  if (pending.count == 1) {
    pending.woken = true;
    pthread_cond_signal(&pending.wake);
  }
  pthread_mutex_unlock(&pending.lock);
}

/* CUDAMETAL_PARAM_BYTES (an experiment, off by default; docs/cudametal.md "The launch
 * path"): `used` gives cuLaunchKernel only the set part of a dispatch's struct cm_args
 * (the tables and the setBytes: copies, rounded up to 16 bytes) instead of all 8576
 * bytes, which CUDA does not document for a parameter buffer shorter than the kernel's
 * parameter (the kernel reads only the set part); unset or `all`: the whole struct.
 * Another value: 0, and dispatches fail naming it. */
static size_t param_bytes_mode(void) { /* 1: used, 2: all, 0: bad */
  static atomic_int mode;
  int m = atomic_load(&mode);
  if (!m) {
    const char *v = getenv("CUDAMETAL_PARAM_BYTES");
    m = !v || !*v || !strcmp(v, "all") ? 2 : !strcmp(v, "used") ? 1 : 3;
    atomic_store(&mode, m);
  }
  return m == 3 ? 0 : (size_t)m;
}

/* One command on stream s (c's queue's); a signal is marked by `mark` (NULL: its own). */
static void cmdbuf_issue(struct cm_cmdbuf *c, struct cm_command *k, CUstream s,
                         struct cm_mark *mark) {
  if (c->error && k->kind != CMD_SIGNAL) return;
  CUresult r = CUDA_SUCCESS;
  switch (k->kind) {
  case CMD_INVALID: cmdbuf_fail(c, 9, k->message); break;
  case CMD_COPY: r = cuMemcpyAsync(k->dst, k->src, k->size, s); break;
  case CMD_FILL: r = cuMemsetD8Async(k->dst, k->value, k->size, s); break;
  case CMD_COPY3D:
    for (int i = 0; i < k->copy_count && r == CUDA_SUCCESS; i++)
      r = cuMemcpy3DAsync(&k->copies[i], s);
    break;
  case CMD_SIGNAL: r = event_signal(k->event, k->event_value, c->queue, mark); break;
  case CMD_WAIT: r = event_wait(k->event, k->event_value, c->queue); break;
  case CMD_DISPATCH: {
    /* The driver copies the parameter (the whole struct, or with CUDAMETAL_PARAM_BYTES=used
     * the args_size bytes set, which are all the kernel reads). */
    size_t mode = param_bytes_mode();
    if (!mode) {
      cmdbuf_fail(c, 1, "cudametal: CUDAMETAL_PARAM_BYTES must be `used` or `all`");
      break;
    }
    size_t size = mode == 1 ? (k->args_size + 15) & ~(size_t)15 : sizeof *k->args;
    void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, k->args, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                     CU_LAUNCH_PARAM_END};
    r = cuLaunchKernel(k->pipeline->func, k->grid[0], k->grid[1], k->grid[2], k->block[0],
                       k->block[1], k->block[2], k->dyn_smem, s, NULL, extra);
    break;
  }
  }
  if (r != CUDA_SUCCESS) {
    cmdbuf_fail_cuda(c, k->kind == CMD_DISPATCH ? "cuLaunchKernel" : "command", r);
    if (k->kind == CMD_SIGNAL) /* a waiter must not hang: the CPU sets the value */
      event_store(k->event, k->event_value);
  }
}

/* Issues the commands on the queue's stream between the start and end marks. Event
 * signals after the last other command (libanchor's timeline signal) are marked by the
 * end mark: recorded once for both. After a failure the rest is skipped except event
 * signals, so that waiters never hang (as softmetal does); CUDA's own errors after a
 * kernel fault are sticky anyway. */
static void cmdbuf_commit(id self, SEL cmd) {
  (void)cmd;
  struct cm_cmdbuf *c = (struct cm_cmdbuf *)self;
  if (c->committed) {
    fprintf(stderr, "cudametal: validation error: commit: already committed\n");
    return;
  }
  c->committed = true;
  c->status = 2; /* Committed */
  set_current();
  CUstream s = c->queue->stream;
  int trailing = c->count; /* the first of the trailing signals */
  while (trailing > 0 && c->commands[trailing - 1].kind == CMD_SIGNAL)
    trailing--;
  CUresult r = mark_take(&c->start);
  if (r == CUDA_SUCCESS) r = mark_take(&c->end);
  if (r == CUDA_SUCCESS) r = cuEventRecord(c->start->event, s);
  if (r != CUDA_SUCCESS) cmdbuf_fail_cuda(c, "commit", r);
  for (int i = 0; i < trailing; i++)
    cmdbuf_issue(c, &c->commands[i], s, NULL);
  c->end_recorded = c->end && cuEventRecord(c->end->event, s) == CUDA_SUCCESS;
  for (int i = trailing; i < c->count; i++)
    cmdbuf_issue(c, &c->commands[i], s, c->end_recorded ? c->end : NULL);
  if (trace())
    fprintf(stderr, "cudametal: command buffer %p committed on stream %p: %d command(s)%s\n",
            (void *)c, (void *)s, c->count, c->error ? " (failed)" : "");
  if (c->handler_count && c->end_recorded) cuLaunchHostFunc(s, pending_wake, NULL);
  cm_retain(c); /* the completion thread's */
  pending_add(c);
}
static void cmdbuf_wait(id self, SEL cmd) {
  (void)cmd;
  cmdbuf_check((struct cm_cmdbuf *)self, true);
}
static unsigned long cmdbuf_status(id self, SEL cmd) {
  (void)cmd;
  struct cm_cmdbuf *c = (struct cm_cmdbuf *)self;
  cmdbuf_check(c, false);
  pthread_mutex_lock(&c->lock);
  long status = c->status;
  pthread_mutex_unlock(&c->lock);
  return (unsigned long)status;
}
static id cmdbuf_error(id self, SEL cmd) { /* borrowed; nil until finished */
  return cmdbuf_status(self, cmd) == 5 ? ((struct cm_cmdbuf *)self)->error : nil;
}
static double cmdbuf_time(struct cm_cmdbuf *c, CUevent e) {
  if (cmdbuf_status((id)c, NULL) != 4 || !e || !the_device) return 0.0;
  float ms = 0.0f;
  if (cuEventElapsedTime(&ms, the_device->epoch_event, e) != CUDA_SUCCESS) return 0.0;
  return the_device->epoch_seconds + (double)ms * 1e-3;
}
static double cmdbuf_start_time(id self, SEL cmd) {
  (void)cmd;
  struct cm_mark *start = ((struct cm_cmdbuf *)self)->start;
  return cmdbuf_time((struct cm_cmdbuf *)self, start ? start->event : NULL);
}
static double cmdbuf_end_time(id self, SEL cmd) {
  (void)cmd;
  struct cm_mark *end = ((struct cm_cmdbuf *)self)->end;
  return cmdbuf_time((struct cm_cmdbuf *)self, end ? end->event : NULL);
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
  sel_retain = sel_registerName("retain");
  sel_release = sel_registerName("release");
  sel_autorelease = sel_registerName("autorelease");
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
  add(device_class, "kernelWatchdog", device_kernel_watchdog, "Q@:");
  add(device_class, "newCommandQueue", device_new_queue, "@@:");
  add(device_class, "newBufferWithLength:options:", device_new_buffer, "@@:QQ");
  add(device_class,
      "newBufferWithBytesNoCopy:length:options:deallocator:", device_new_buffer_no_copy,
      "@@:^vQQ@");
  add(device_class, "newSharedEvent", device_new_event, "@@:");
  add(device_class, "newLibraryWithSource:options:error:", device_new_library, "@@:@@^@");
  add(device_class, "newComputePipelineStateWithFunction:error:", device_new_pipeline, "@@:@^@");
  add(device_class, "newTextureWithDescriptor:", device_new_texture, "@@:@");
  add(device_class, "newSamplerStateWithDescriptor:", device_new_sampler, "@@:@");
  add(device_class, "argumentBuffersSupport", device_argument_buffers_support, "Q@:");
  add(device_class, "minimumLinearTextureAlignmentForPixelFormat:", device_linear_alignment,
      "Q@:Q");
  add(device_class, "minimumTextureBufferAlignmentForPixelFormat:", device_linear_alignment,
      "Q@:Q");
  buffer_class = class_new("CudaMetalBuffer");
  add(buffer_class, "contents", buffer_contents, "^v@:");
  add(buffer_class, "gpuAddress", buffer_gpu_address, "Q@:");
  add(buffer_class, "length", buffer_length, "Q@:");
  add(buffer_class, "newTextureWithDescriptor:offset:bytesPerRow:", buffer_new_texture, "@@:@QQ");
  texture_class = class_new("CudaMetalTexture");
  add(texture_class, "textureType", texture_type, "Q@:");
  add(texture_class, "pixelFormat", texture_format, "Q@:");
  add(texture_class, "width", texture_width, "Q@:");
  add(texture_class, "height", texture_height, "Q@:");
  add(texture_class, "depth", texture_depth, "Q@:");
  add(texture_class, "mipmapLevelCount", texture_levels, "Q@:");
  add(texture_class, "arrayLength", texture_array_length, "Q@:");
  add(texture_class, "sampleCount", texture_sample_count, "Q@:");
  add(texture_class, "usage", texture_usage, "Q@:");
  add(texture_class, "storageMode", texture_storage_mode, "Q@:");
  add(texture_class, "bufferOffset", texture_buffer_offset, "Q@:");
  add(texture_class, "bufferBytesPerRow", texture_buffer_bytes_per_row, "Q@:");
  add(texture_class, "parentTexture", texture_parent, "@@:");
  add(texture_class, "buffer", texture_buffer, "@@:");
  add(texture_class, "gpuResourceID", texture_resource_id, "{MTLResourceID=Q}@:");
  add(texture_class, "newTextureViewWithPixelFormat:", texture_new_view, "@@:Q");
  add(texture_class,
      "newTextureViewWithPixelFormat:textureType:levels:slices:", texture_new_view_full,
      "@@:QQ{_NSRange=QQ}{_NSRange=QQ}");
  add(texture_class,
      "replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:", texture_replace,
      "v@:{?={?=QQQ}{?=QQQ}}QQr^vQQ");
  add(texture_class, "replaceRegion:mipmapLevel:withBytes:bytesPerRow:", texture_replace_2d,
      "v@:{?={?=QQQ}{?=QQQ}}Qr^vQ");
  add(texture_class,
      "getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:", texture_get,
      "v@:^vQQ{?={?=QQQ}{?=QQQ}}QQ");
  add(texture_class, "getBytes:bytesPerRow:fromRegion:mipmapLevel:", texture_get_2d,
      "v@:^vQ{?={?=QQQ}{?=QQQ}}Q");
  sampler_class = class_new("CudaMetalSamplerState");
  add(sampler_class, "gpuResourceID", sampler_resource_id, "{MTLResourceID=Q}@:");
  library_class = class_new("CudaMetalLibrary");
  add(library_class, "newFunctionWithName:", library_new_function, "@@:@");
  function_class = class_new("CudaMetalFunction");
  add(function_class, "name", function_name, "@@:");
  pipeline_class = class_new("CudaMetalComputePipelineState");
  add(pipeline_class, "maxTotalThreadsPerThreadgroup", pipeline_max_threads, "Q@:");
  add(pipeline_class, "threadExecutionWidth", pipeline_width, "Q@:");
  add(pipeline_class, "staticThreadgroupMemoryLength", pipeline_static_smem, "Q@:");
  add(pipeline_class, "anchorResidentThreadgroups:height:depth:", pipeline_resident_threadgroups,
      "Q@:QQQ");
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
  add(cmdbuf_class, "encodeSignalEvent:value:", cmdbuf_signal_event, "v@:@Q");
  add(cmdbuf_class, "encodeWaitForEvent:value:", cmdbuf_wait_event, "v@:@Q");
  add(cmdbuf_class, "addCompletedHandler:", cmdbuf_add_completed_handler, "v@:@?");
  event_class = class_new("CudaMetalSharedEvent");
  add(event_class, "signaledValue", event_signaled_value, "Q@:");
  add(event_class, "setSignaledValue:", event_set_signaled_value, "v@:Q");
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
  add(blit_class,
      "copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:toTexture:"
      "destinationSlice:destinationLevel:destinationOrigin:",
      blit_buffer_to_texture, "v@:@QQQ{MTLSize=QQQ}@QQ{MTLOrigin=QQQ}");
  add(blit_class,
      "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:"
      "destinationOffset:destinationBytesPerRow:destinationBytesPerImage:",
      blit_texture_to_buffer, "v@:@QQ{MTLOrigin=QQQ}{MTLSize=QQQ}@QQQ");
  add(blit_class,
      "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toTexture:"
      "destinationSlice:destinationLevel:destinationOrigin:",
      blit_texture_to_texture, "v@:@QQ{MTLOrigin=QQQ}{MTLSize=QQQ}@QQ{MTLOrigin=QQQ}");
  add(blit_class, "copyFromTexture:toTexture:", blit_whole_texture, "v@:@@");
  add(blit_class, "endEncoding", encoder_end, "v@:");
  Class all[] = {error_class,    device_class,  buffer_class, library_class, function_class,
                 pipeline_class, queue_class,   cmdbuf_class, compute_class, blit_class,
                 event_class,    texture_class, sampler_class};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    objc_registerClassPair(all[i]);
}
