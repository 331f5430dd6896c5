/* tests/cudametal/fake_cuda.c — a CPU stand-in for the CUDA driver (libcuda.so.1) with
 * just the calls cudametal makes, so that cudametal's own logic (shared events, waits
 * across queues, completed handlers, blits, no-copy buffers, errors) runs without a GPU
 * (tests/cudametal/test_events.c). It is not CUDA: kernels are not run (a launch is a
 * no-op, or fails when FAKE_CUDA_LAUNCH_FAILS is set: CUDA_ERROR_ILLEGAL_ADDRESS), device
 * memory is host memory. Each stream is a worker thread running its operations in order;
 * stream memory waits poll, as the GPU's front end does; an event's completion is the
 * worker reaching its record. A host function (cuLaunchHostFunc) runs on the worker and
 * must not call this driver (as CUDA's rule). Calls are counted per name and thread
 * (fake_cuda_thread_calls): what one launch issues, a functional test of the launch path
 * (tests/cudametal/test_launch_calls.c). */
#include <cuda.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

/* The calls counted, per thread. */
enum {
  CALL_LAUNCH,
  CALL_EVENT_RECORD,
  CALL_EVENT_QUERY,
  CALL_EVENT_CREATE,
  CALL_WRITE_VALUE,
  CALL_WAIT_VALUE,
  CALL_WAIT_EVENT,
  CALL_HOST_FUNC,
  CALL_KINDS
};
static const char *const call_names[CALL_KINDS] = {
    "cuLaunchKernel",       "cuEventRecord",       "cuEventQuery",      "cuEventCreate",
    "cuStreamWriteValue64", "cuStreamWaitValue64", "cuStreamWaitEvent", "cuLaunchHostFunc"};
static _Thread_local long thread_calls[CALL_KINDS];
/* How many times the calling thread called the driver function `name` (one of
 * call_names; -1 for another name). */
EXPORT long fake_cuda_thread_calls(const char *name) {
  for (int i = 0; i < CALL_KINDS; i++)
    if (!strcmp(name, call_names[i])) return thread_calls[i];
  return -1;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

struct CUevent_st {
  pthread_mutex_t lock;
  pthread_cond_t done;
  uint64_t recorded, completed;
  double time;
};
enum {
  OP_RECORD,
  OP_WAIT_EVENT,
  OP_WRITE64,
  OP_WAIT64,
  OP_COPY,
  OP_SET,
  OP_HOST,
  OP_LAUNCH,
  OP_COPY3D
};
struct op {
  int kind;
  CUevent event;
  uint64_t generation, value;
  void *dst;
  const void *src;
  size_t size;
  CUhostFn fn;
  void *data;
  struct op *next;
};
struct CUstream_st {
  pthread_mutex_t lock;
  pthread_cond_t work;
  struct op *head, *tail;
  pthread_t thread;
};

static CUresult copy3d(const CUDA_MEMCPY3D *c);
static void *worker(void *arg) {
  CUstream s = arg;
  for (;;) {
    pthread_mutex_lock(&s->lock);
    while (!s->head)
      pthread_cond_wait(&s->work, &s->lock);
    struct op *o = s->head;
    pthread_mutex_unlock(&s->lock);
    switch (o->kind) {
    case OP_RECORD:
      pthread_mutex_lock(&o->event->lock);
      if (o->generation > o->event->completed) o->event->completed = o->generation;
      o->event->time = now_ms();
      pthread_cond_broadcast(&o->event->done);
      pthread_mutex_unlock(&o->event->lock);
      break;
    case OP_WAIT_EVENT:
      pthread_mutex_lock(&o->event->lock);
      while (o->event->completed < o->generation)
        pthread_cond_wait(&o->event->done, &o->event->lock);
      pthread_mutex_unlock(&o->event->lock);
      break;
    case OP_WRITE64: __atomic_store_n((uint64_t *)o->dst, o->value, __ATOMIC_SEQ_CST); break;
    case OP_WAIT64:
      while ((int64_t)(__atomic_load_n((uint64_t *)o->dst, __ATOMIC_SEQ_CST) - o->value) < 0)
        usleep(50);
      break;
    case OP_COPY: memmove(o->dst, o->src, o->size); break;
    case OP_SET: memset(o->dst, (int)o->value, o->size); break;
    case OP_HOST: o->fn(o->data); break;
    case OP_LAUNCH: break;
    case OP_COPY3D:
      copy3d(o->data);
      free(o->data);
      break;
    }
    pthread_mutex_lock(&s->lock);
    s->head = o->next;
    if (!s->head) s->tail = NULL;
    pthread_mutex_unlock(&s->lock);
    free(o);
  }
  return NULL;
}

static struct CUstream_st *null_stream;
static pthread_mutex_t null_lock = PTHREAD_MUTEX_INITIALIZER;

static CUstream stream_new(void) {
  CUstream s = calloc(1, sizeof *s);
  pthread_mutex_init(&s->lock, NULL);
  pthread_cond_init(&s->work, NULL);
  pthread_create(&s->thread, NULL, worker, s);
  pthread_detach(s->thread);
  return s;
}
static CUresult push(CUstream s, struct op o) {
  if (!s) {
    pthread_mutex_lock(&null_lock);
    if (!null_stream) null_stream = stream_new();
    pthread_mutex_unlock(&null_lock);
    s = null_stream;
  }
  struct op *copy = malloc(sizeof *copy);
  *copy = o;
  copy->next = NULL;
  pthread_mutex_lock(&s->lock);
  if (s->tail)
    s->tail->next = copy;
  else
    s->head = copy;
  s->tail = copy;
  pthread_cond_signal(&s->work);
  pthread_mutex_unlock(&s->lock);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuInit(unsigned flags) {
  (void)flags;
  return getenv("FAKE_CUDA_NO_DEVICE") ? CUDA_ERROR_NO_DEVICE : CUDA_SUCCESS;
}
EXPORT CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  *d = ordinal;
  return ordinal == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}
EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) {
  (void)d;
  *c = (CUcontext)(uintptr_t)0x1000;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuDevicePrimaryCtxRelease(CUdevice d) {
  (void)d;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuCtxSetCurrent(CUcontext c) {
  (void)c;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
  (void)d;
  strncpy(name, "fake CUDA device", (size_t)len);
  return CUDA_SUCCESS;
}
EXPORT CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d) {
  (void)d;
  switch (a) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *v = 9; break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *v = 0; break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *v = 4; break;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y: *v = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z: *v = 64; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *v = 49152; break;
  case CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS:
    *v = !getenv("FAKE_CUDA_NO_MEMOPS");
    break;
  default: *v = 0;
  }
  return CUDA_SUCCESS;
}
EXPORT CUresult cuDeviceTotalMem(size_t *bytes, CUdevice d) {
  (void)d;
  *bytes = (size_t)4 << 30;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuGetErrorString(CUresult r, const char **s) {
  *s = r == CUDA_ERROR_ILLEGAL_ADDRESS ? "an illegal memory access was encountered"
                                       : "fake CUDA error";
  return CUDA_SUCCESS;
}

/* ---- memory ---- */
static void *aligned(size_t size) {
  void *p = NULL;
  return posix_memalign(&p, 4096, size ? size : 1) ? NULL : p;
}
EXPORT CUresult cuMemAlloc(CUdeviceptr *p, size_t size) {
  *p = (CUdeviceptr)(uintptr_t)aligned(size);
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
EXPORT CUresult cuMemAllocManaged(CUdeviceptr *p, size_t size, unsigned flags) {
  (void)flags; /* never calls another cu* by name: libanchor exports them too (-Bsymbolic) */
  *p = (CUdeviceptr)(uintptr_t)aligned(size);
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
EXPORT CUresult cuMemFree(CUdeviceptr p) {
  free((void *)(uintptr_t)p);
  return CUDA_SUCCESS;
}
EXPORT CUresult cuMemHostAlloc(void **p, size_t size, unsigned flags) {
  (void)flags;
  *p = aligned(size);
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
EXPORT CUresult cuMemHostGetDevicePointer(CUdeviceptr *d, void *p, unsigned flags) {
  (void)flags;
  *d = (CUdeviceptr)(uintptr_t)p;
  return CUDA_SUCCESS;
}
static atomic_int registrations;
EXPORT CUresult cuMemHostRegister(void *p, size_t size, unsigned flags) {
  (void)p, (void)size;
  if (!(flags & CU_MEMHOSTREGISTER_DEVICEMAP)) return CUDA_ERROR_INVALID_VALUE;
  atomic_fetch_add(&registrations, 1);
  return CUDA_SUCCESS;
}
EXPORT CUresult cuMemHostUnregister(void *p) {
  (void)p;
  atomic_fetch_sub(&registrations, 1);
  return CUDA_SUCCESS;
}
/* The test's view of live host registrations (dlsym'd). */
EXPORT int fake_cuda_registrations(void) {
  return atomic_load(&registrations);
}
EXPORT CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t size, CUstream s) {
  return push(s, (struct op){.kind = OP_COPY,
                             .dst = (void *)(uintptr_t)dst,
                             .src = (const void *)(uintptr_t)src,
                             .size = size});
}
EXPORT CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char v, size_t n, CUstream s) {
  return push(s, (struct op){.kind = OP_SET, .dst = (void *)(uintptr_t)dst, .value = v, .size = n});
}

/* ---- streams, events, memory operations ---- */
EXPORT CUresult cuStreamCreate(CUstream *s, unsigned flags) {
  (void)flags;
  *s = stream_new();
  return CUDA_SUCCESS;
}
EXPORT CUresult cuStreamDestroy(CUstream s) {
  (void)s; /* the worker lives on (a test process is short) */
  return CUDA_SUCCESS;
}
static atomic_int events_created, event_waits;
EXPORT int fake_cuda_events_created(void) { /* cuEventCreate calls so far */
  return atomic_load(&events_created);
}
EXPORT int fake_cuda_event_waits(void) { /* cuStreamWaitEvent calls so far */
  return atomic_load(&event_waits);
}
EXPORT CUresult cuEventCreate(CUevent *e, unsigned flags) {
  (void)flags;
  thread_calls[CALL_EVENT_CREATE]++;
  atomic_fetch_add(&events_created, 1);
  *e = calloc(1, sizeof **e);
  pthread_mutex_init(&(*e)->lock, NULL);
  pthread_cond_init(&(*e)->done, NULL);
  return CUDA_SUCCESS;
}
EXPORT CUresult cuEventDestroy(CUevent e) {
  (void)e; /* a queued operation may still name it: kept */
  return CUDA_SUCCESS;
}
EXPORT CUresult cuEventRecord(CUevent e, CUstream s) {
  thread_calls[CALL_EVENT_RECORD]++;
  pthread_mutex_lock(&e->lock);
  uint64_t g = ++e->recorded;
  pthread_mutex_unlock(&e->lock);
  return push(s, (struct op){.kind = OP_RECORD, .event = e, .generation = g});
}
EXPORT CUresult cuEventQuery(CUevent e) {
  thread_calls[CALL_EVENT_QUERY]++;
  pthread_mutex_lock(&e->lock);
  bool done = e->completed >= e->recorded;
  pthread_mutex_unlock(&e->lock);
  return done ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}
EXPORT CUresult cuEventSynchronize(CUevent e) {
  pthread_mutex_lock(&e->lock);
  uint64_t g = e->recorded;
  while (e->completed < g)
    pthread_cond_wait(&e->done, &e->lock);
  pthread_mutex_unlock(&e->lock);
  return CUDA_SUCCESS;
}
EXPORT CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b) {
  *ms = (float)(b->time - a->time);
  return CUDA_SUCCESS;
}
EXPORT CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned flags) {
  (void)flags;
  thread_calls[CALL_WAIT_EVENT]++;
  atomic_fetch_add(&event_waits, 1);
  pthread_mutex_lock(&e->lock);
  uint64_t g = e->recorded;
  pthread_mutex_unlock(&e->lock);
  return push(s, (struct op){.kind = OP_WAIT_EVENT, .event = e, .generation = g});
}
static atomic_int memory_waits;
EXPORT int fake_cuda_memory_waits(void) { /* cuStreamWaitValue64 calls so far */
  return atomic_load(&memory_waits);
}
EXPORT CUresult cuStreamWriteValue64(CUstream s, CUdeviceptr addr, cuuint64_t v, unsigned flags) {
  (void)flags;
  thread_calls[CALL_WRITE_VALUE]++;
  return push(s, (struct op){.kind = OP_WRITE64, .dst = (void *)(uintptr_t)addr, .value = v});
}
EXPORT CUresult cuStreamWaitValue64(CUstream s, CUdeviceptr addr, cuuint64_t v, unsigned flags) {
  if (flags != CU_STREAM_WAIT_VALUE_GEQ) return CUDA_ERROR_NOT_SUPPORTED;
  thread_calls[CALL_WAIT_VALUE]++;
  atomic_fetch_add(&memory_waits, 1);
  return push(s, (struct op){.kind = OP_WAIT64, .dst = (void *)(uintptr_t)addr, .value = v});
}
EXPORT CUresult cuLaunchHostFunc(CUstream s, CUhostFn fn, void *data) {
  thread_calls[CALL_HOST_FUNC]++;
  return push(s, (struct op){.kind = OP_HOST, .fn = fn, .data = data});
}

/* ---- CUDA arrays, mipmapped arrays, surface objects, 3D copies (textures) ----
 * An array is host memory, texels packed row after row, layer (or z-slice) after layer;
 * a surface object is its array's address; copies run on the CPU (cuMemcpy3DAsync in
 * stream order). Kernels never touch them here (they are not run). */
struct CUarray_st {
  size_t width, height, depth, element; /* height, depth >= 1 (layers for layered arrays) */
  unsigned flags;
  unsigned char *data;
};
struct CUmipmappedArray_st {
  CUarray level[16];
  unsigned count;
};
static atomic_int arrays_live, surfaces_live;
EXPORT int fake_cuda_arrays(void) { /* CUDA arrays created and not yet destroyed */
  return atomic_load(&arrays_live);
}
EXPORT int fake_cuda_surfaces(void) { /* surface objects created and not yet destroyed */
  return atomic_load(&surfaces_live);
}
static size_t format_bytes(CUarray_format f) {
  switch (f) {
  case CU_AD_FORMAT_UNSIGNED_INT8:
  case CU_AD_FORMAT_SIGNED_INT8: return 1;
  case CU_AD_FORMAT_UNSIGNED_INT16:
  case CU_AD_FORMAT_SIGNED_INT16:
  case CU_AD_FORMAT_HALF: return 2;
  case CU_AD_FORMAT_UNSIGNED_INT32:
  case CU_AD_FORMAT_SIGNED_INT32:
  case CU_AD_FORMAT_FLOAT: return 4;
  default: return 0;
  }
}
static CUresult array_new(CUarray *out, const CUDA_ARRAY3D_DESCRIPTOR *d, size_t w, size_t h,
                          size_t z) {
  size_t element = format_bytes(d->Format) * d->NumChannels;
  if (!element || !w || (d->NumChannels != 1 && d->NumChannels != 2 && d->NumChannels != 4))
    return CUDA_ERROR_INVALID_VALUE;
  CUarray a = calloc(1, sizeof *a);
  a->width = w, a->height = h ? h : 1, a->depth = z ? z : 1, a->element = element;
  a->flags = d->Flags;
  a->data = calloc(a->width * a->height * a->depth, element);
  atomic_fetch_add(&arrays_live, 1);
  *out = a;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuArray3DCreate(CUarray *out, const CUDA_ARRAY3D_DESCRIPTOR *d) {
  return array_new(out, d, d->Width, d->Height, d->Depth);
}
EXPORT CUresult cuArrayDestroy(CUarray a) {
  if (!a) return CUDA_ERROR_INVALID_VALUE;
  free(a->data);
  free(a);
  atomic_fetch_sub(&arrays_live, 1);
  return CUDA_SUCCESS;
}
EXPORT CUresult cuMipmappedArrayCreate(CUmipmappedArray *out, const CUDA_ARRAY3D_DESCRIPTOR *d,
                                       unsigned levels) {
  if (!levels || levels > 16) return CUDA_ERROR_INVALID_VALUE;
  CUmipmappedArray m = calloc(1, sizeof *m);
  bool layered = d->Flags & CUDA_ARRAY3D_LAYERED;
  for (unsigned l = 0; l < levels; l++) {
    size_t w = d->Width >> l, h = d->Height >> l, z = layered ? d->Depth : d->Depth >> l;
    CUresult r = array_new(&m->level[l], d, w ? w : 1, d->Height ? (h ? h : 1) : 0,
                           d->Depth ? (z ? z : 1) : 0);
    if (r != CUDA_SUCCESS) return r;
    m->count = l + 1;
  }
  *out = m;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuMipmappedArrayGetLevel(CUarray *out, CUmipmappedArray m, unsigned level) {
  if (!m || level >= m->count) return CUDA_ERROR_INVALID_VALUE;
  *out = m->level[level];
  return CUDA_SUCCESS;
}
EXPORT CUresult cuMipmappedArrayDestroy(CUmipmappedArray m) {
  if (!m) return CUDA_ERROR_INVALID_VALUE;
  for (unsigned l = 0; l < m->count; l++)
    cuArrayDestroy(m->level[l]);
  free(m);
  return CUDA_SUCCESS;
}
EXPORT CUresult cuSurfObjectCreate(CUsurfObject *out, const CUDA_RESOURCE_DESC *d) {
  if (d->resType != CU_RESOURCE_TYPE_ARRAY || !d->res.array.hArray ||
      !(d->res.array.hArray->flags & CUDA_ARRAY3D_SURFACE_LDST))
    return CUDA_ERROR_INVALID_VALUE;
  atomic_fetch_add(&surfaces_live, 1);
  *out = (CUsurfObject)(uintptr_t)d->res.array.hArray;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuSurfObjectDestroy(CUsurfObject s) {
  (void)s;
  atomic_fetch_sub(&surfaces_live, 1);
  return CUDA_SUCCESS;
}
/* The address of row y of z-slice z of one side of a copy; NULL when outside an array. */
static unsigned char *side_row(CUmemorytype type, const void *host, CUdeviceptr device,
                               CUarray array, size_t pitch, size_t height, size_t x, size_t y,
                               size_t z, size_t width) {
  if (type == CU_MEMORYTYPE_ARRAY) {
    if (!array || x + width > array->width * array->element || y >= array->height ||
        z >= array->depth)
      return NULL;
    return array->data + ((z * array->height + y) * array->width) * array->element + x;
  }
  unsigned char *base = type == CU_MEMORYTYPE_HOST ? (unsigned char *)(uintptr_t)host
                                                   : (unsigned char *)(uintptr_t)device;
  return base + (z * height + y) * pitch + x;
}
static CUresult copy3d(const CUDA_MEMCPY3D *c) {
  for (size_t z = 0; z < c->Depth; z++)
    for (size_t y = 0; y < c->Height; y++) {
      const unsigned char *from =
          side_row(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray, c->srcPitch,
                   c->srcHeight, c->srcXInBytes, c->srcY + y, c->srcZ + z, c->WidthInBytes);
      unsigned char *to =
          side_row(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray, c->dstPitch,
                   c->dstHeight, c->dstXInBytes, c->dstY + y, c->dstZ + z, c->WidthInBytes);
      if (!from || !to) return CUDA_ERROR_INVALID_VALUE;
      memmove(to, from, c->WidthInBytes);
    }
  return CUDA_SUCCESS;
}
EXPORT CUresult cuMemcpy3D(const CUDA_MEMCPY3D *c) {
  return copy3d(c);
}
EXPORT CUresult cuMemcpy3DAsync(const CUDA_MEMCPY3D *c, CUstream s) {
  CUDA_MEMCPY3D *copy = malloc(sizeof *copy);
  *copy = *c;
  return push(s, (struct op){.kind = OP_COPY3D, .data = copy});
}

/* ---- modules, kernels ---- */
EXPORT CUresult cuModuleLoadData(CUmodule *m, const void *image) {
  (void)image;
  *m = (CUmodule)(uintptr_t)0x2000;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuModuleUnload(CUmodule m) {
  (void)m;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  (void)m, (void)name;
  *f = (CUfunction)(uintptr_t)0x3000;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuFuncGetAttribute(int *v, CUfunction_attribute a, CUfunction f) {
  (void)f;
  *v = a == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? 1024 : 0;
  return CUDA_SUCCESS;
}
EXPORT CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, CUfunction f, int threads,
                                                            size_t smem) {
  (void)f, (void)smem;
  *blocks = threads > 0 ? 2048 / threads : 0;
  return CUDA_SUCCESS;
}
static atomic_long last_param_bytes;
EXPORT long fake_cuda_last_param_bytes(void) { /* CU_LAUNCH_PARAM_BUFFER_SIZE's, last launch */
  return atomic_load(&last_param_bytes);
}
EXPORT CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                               unsigned by, unsigned bz, unsigned smem, CUstream s, void **params,
                               void **extra) {
  (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)smem, (void)params,
      (void)extra;
  thread_calls[CALL_LAUNCH]++;
  for (int i = 0; extra && extra[i] != CU_LAUNCH_PARAM_END; i += 2)
    if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE)
      atomic_store(&last_param_bytes, *(size_t *)extra[i + 1]);
  if (getenv("FAKE_CUDA_LAUNCH_FAILS")) return CUDA_ERROR_ILLEGAL_ADDRESS;
  return push(s, (struct op){.kind = OP_LAUNCH});
}

/* NVIDIA's NVRTC dlopens libcuda.so.1 (this library, by its soname, once cudametal loaded
 * it) and asks for cuGetExportTable: refused, as a driver without the table would. */
EXPORT CUresult cuGetExportTable(const void **table, const CUuuid *id) {
  (void)id;
  *table = NULL;
  return CUDA_ERROR_NOT_SUPPORTED;
}
