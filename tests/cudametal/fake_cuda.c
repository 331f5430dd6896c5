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
enum { OP_RECORD, OP_WAIT_EVENT, OP_WRITE64, OP_WAIT64, OP_COPY, OP_SET, OP_HOST, OP_LAUNCH };
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
