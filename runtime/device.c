/* runtime/device.c — the one Metal device as CUDA device 0: lazy creation of
 * the device, its command queue and the memory arena; the list of command
 * buffers in flight and how their failures become CUDA's sticky errors;
 * device queries, synchronisation and reset.
 *
 * The arena (docs/design.md, "Memory model") is one shared-storage buffer of
 * recommendedMaxWorkingSetSize bytes capped by maxBufferLength. Where Metal
 * refuses that size the request is halved until it succeeds (down to
 * RT_ARENA_MIN), so a machine that reports optimistic limits still works.
 * The environment variable ANCHOR_ARENA_SIZE sets the size instead (e.g.
 * "4G"): for a Mac where a buffer that large would be committed eagerly, or
 * to test what happens when device memory runs out. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_profiler_api.h"
#include "rt.h"

enum { RT_ARENA_MIN = 256u << 20 };

static pthread_mutex_t rt_mutex = PTHREAD_MUTEX_INITIALIZER;
static rt_device_state rt_state;
static bool rt_ready;
static int rt_current_device;    /* per process; only 0 exists */
static unsigned rt_device_flags; /* as given to cudaSetDeviceFlags */

typedef struct {
  mtl_id command_buffer, companion;
} rt_in_flight;

static rt_in_flight *rt_flight;
static size_t rt_flight_count, rt_flight_allocated;

void rt_lock(void) {
  pthread_mutex_lock(&rt_mutex);
}
void rt_unlock(void) {
  pthread_mutex_unlock(&rt_mutex);
}

rt_device_state *rt_device_current(void) {
  return rt_ready ? &rt_state : NULL;
}

/* ANCHOR_ARENA_SIZE: bytes, with an optional K, M or G suffix (powers of
 * 1024). Returns false for anything else, or for less than 1 MiB. */
static bool rt_parse_size(const char *text, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long value = strtoull(text, &end, 10);
  if (errno || end == text || *text == '-') return false;
  unsigned shift = 0;
  if (*end == 'K' || *end == 'k')
    shift = 10, end++;
  else if (*end == 'M' || *end == 'm')
    shift = 20, end++;
  else if (*end == 'G' || *end == 'g')
    shift = 30, end++;
  if (*end || value > (UINT64_MAX >> shift) || (value << shift) < (1u << 20)) return false;
  *out = value << shift;
  return true;
}

/* The arena's size: as large as the device recommends and Metal allows,
 * or what ANCHOR_ARENA_SIZE asks for (within what Metal allows). */
static cudaError_t rt_arena_size(rt_device_state *s, uint64_t *size, bool *exact) {
  uint64_t max = mtl_device_max_buffer_length(s->device);
  *size = mtl_device_recommended_max_working_set_size(s->device);
  *exact = false;
  const char *wanted = getenv("ANCHOR_ARENA_SIZE");
  if (wanted) {
    if (!rt_parse_size(wanted, size)) {
      fprintf(stderr,
              "anchor: ANCHOR_ARENA_SIZE=%s is not a size of at least 1M "
              "(bytes, or a number with K, M or G)\n",
              wanted);
      return cudaErrorInitializationError;
    }
    *exact = true;
  }
  if (*size > max) *size = max;
  *size = *size / RT_ARENA_ALIGN * RT_ARENA_ALIGN;
  return cudaSuccess;
}

/* The arena: one shared buffer; halved until Metal accepts it unless the
 * user chose its size. */
static cudaError_t rt_create_arena(rt_device_state *s) {
  uint64_t size;
  bool exact;
  cudaError_t e = rt_arena_size(s, &size, &exact);
  if (e != cudaSuccess) return e;
  if (exact) s->arena_buffer = mtl_new_buffer(s->device, size, MTL_RESOURCE_STORAGE_MODE_SHARED);
  for (; !exact && size >= RT_ARENA_MIN; size = size / 2 / RT_ARENA_ALIGN * RT_ARENA_ALIGN) {
    s->arena_buffer = mtl_new_buffer(s->device, size, MTL_RESOURCE_STORAGE_MODE_SHARED);
    if (s->arena_buffer) break;
  }
  if (!s->arena_buffer) return cudaErrorInitializationError;
  s->arena_base = mtl_buffer_contents(s->arena_buffer);
  s->arena_gpu_address = mtl_buffer_gpu_address(s->arena_buffer);
  if (!rt_arena_init(&s->arena, mtl_buffer_length(s->arena_buffer))) {
    mtl_release(s->arena_buffer);
    s->arena_buffer = NULL;
    return cudaErrorMemoryAllocation;
  }
  return cudaSuccess;
}

/* The Metal device alone, kept across cudaDeviceReset. */
static cudaError_t rt_metal_device(mtl_id *out) {
  static mtl_id device;
  if (!device) device = mtl_create_system_default_device();
  *out = device;
  return device ? cudaSuccess : cudaErrorNoDevice;
}

cudaError_t rt_device_ready(rt_device_state **state_out) {
  if (rt_ready) {
    *state_out = &rt_state;
    return cudaSuccess;
  }
  rt_device_state *s = &rt_state;
  cudaError_t e = rt_metal_device(&s->device);
  if (e != cudaSuccess) return e;
  s->queue = mtl_new_command_queue(s->device);
  if (!s->queue) return cudaErrorInitializationError;
  e = rt_create_arena(s);
  if (e == cudaSuccess) {
    s->marker_buffer = mtl_new_buffer(s->device, 16, MTL_RESOURCE_STORAGE_MODE_PRIVATE);
    if (!s->marker_buffer) e = cudaErrorInitializationError;
  }
  if (e != cudaSuccess) {
    if (s->arena_buffer) rt_arena_destroy(&s->arena);
    mtl_release(s->arena_buffer);
    mtl_release(s->queue);
    s->arena_buffer = s->queue = NULL;
    return e;
  }
  rt_ready = true;
  *state_out = s;
  return cudaSuccess;
}

/* ---- command buffers in flight ------------------------------------------------- */

/* CUDA's reading of a failed command buffer. Metal's MTLCommandBufferError
 * codes: 2 timeout, 3 page fault; everything else is "unspecified". */
static cudaError_t rt_command_buffer_failure(mtl_id command_buffer) {
  mtl_id error = mtl_command_buffer_error(command_buffer);
  long code = error ? mtl_error_code(error) : 0;
  cudaError_t e = code == 3   ? cudaErrorIllegalAddress
                  : code == 2 ? cudaErrorLaunchTimeout
                              : cudaErrorLaunchFailure;
  if (rt_sticky_error() == cudaSuccess) /* report the first failure only */
    fprintf(stderr, "anchor: a kernel failed on the device (%s): %s\n", cudaGetErrorName(e),
            error ? mtl_error_description(error) : "no error description");
  return e;
}

/* Releases entry i after completion, turning an error into the sticky one. */
static void rt_retire(size_t i) {
  mtl_id command_buffer = rt_flight[i].command_buffer;
  if (mtl_command_buffer_status(command_buffer) == MTL_COMMAND_BUFFER_STATUS_ERROR)
    rt_set_sticky_error(rt_command_buffer_failure(command_buffer));
  mtl_release(command_buffer);
  mtl_release(rt_flight[i].companion);
}

static bool rt_finished(mtl_id command_buffer) {
  long status = mtl_command_buffer_status(command_buffer);
  return status == MTL_COMMAND_BUFFER_STATUS_COMPLETED || status == MTL_COMMAND_BUFFER_STATUS_ERROR;
}

/* Retires the finished prefix of the list (the queue completes in order). */
static void rt_retire_finished(void) {
  size_t done = 0;
  while (done < rt_flight_count && rt_finished(rt_flight[done].command_buffer))
    rt_retire(done++);
  if (done == 0) return;
  memmove(rt_flight, rt_flight + done, (rt_flight_count - done) * sizeof *rt_flight);
  rt_flight_count -= done;
}

void rt_track_command_buffer(mtl_id command_buffer, mtl_id companion) {
  rt_retire_finished();
  if (rt_flight_count == rt_flight_allocated) {
    size_t grown = rt_flight_allocated ? rt_flight_allocated * 2 : 64;
    rt_in_flight *list = realloc(rt_flight, grown * sizeof *list);
    if (!list) { /* cannot track it: wait for it instead */
      mtl_command_buffer_wait_until_completed(command_buffer);
      if (mtl_command_buffer_status(command_buffer) == MTL_COMMAND_BUFFER_STATUS_ERROR)
        rt_set_sticky_error(rt_command_buffer_failure(command_buffer));
      return;
    }
    rt_flight = list;
    rt_flight_allocated = grown;
  }
  mtl_retain(command_buffer);
  mtl_retain(companion);
  rt_flight[rt_flight_count++] = (rt_in_flight){command_buffer, companion};
}

cudaError_t rt_wait_all(void) {
  for (size_t i = 0; i < rt_flight_count; i++) {
    mtl_command_buffer_wait_until_completed(rt_flight[i].command_buffer);
    rt_retire(i);
  }
  rt_flight_count = 0;
  return rt_sticky_error();
}

bool rt_all_completed(void) {
  rt_retire_finished();
  return rt_flight_count == 0;
}

/* ---- public: devices ----------------------------------------------------------- */

cudaError_t cudaDeviceSynchronize(void) {
  rt_lock();
  cudaError_t e = rt_ready ? rt_wait_all() : rt_sticky_error();
  rt_unlock();
  return rt_record(e);
}

/* Destroys the arena (every allocation), the queue and loaded modules, and
 * clears the sticky error; the next call starts afresh, as in CUDA. */
cudaError_t cudaDeviceReset(void) {
  rt_lock();
  if (rt_ready) {
    void *pool = mtl_autorelease_push();
    rt_wait_all();
    rt_module_unload_all();
    mtl_release(rt_state.arena_buffer);
    mtl_release(rt_state.marker_buffer);
    mtl_release(rt_state.queue);
    rt_arena_destroy(&rt_state.arena);
    mtl_autorelease_pop(pool);
    mtl_id device = rt_state.device;
    uint64_t generation = rt_state.generation + 1;
    memset(&rt_state, 0, sizeof rt_state);
    rt_state.device = device;
    rt_state.generation = generation;
    rt_ready = false;
  }
  rt_clear_sticky_error();
  rt_unlock();
  return cudaSuccess;
}

cudaError_t cudaGetDeviceCount(int *count) {
  if (!count) return rt_record(cudaErrorInvalidValue);
  rt_lock();
  mtl_id device;
  cudaError_t e = rt_metal_device(&device);
  rt_unlock();
  *count = e == cudaSuccess ? 1 : 0;
  return rt_record(e);
}

cudaError_t cudaGetDevice(int *device) {
  if (!device) return rt_record(cudaErrorInvalidValue);
  *device = rt_current_device;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int device) {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) return e;
  if (device < 0 || device >= count) return rt_record(cudaErrorInvalidDevice);
  rt_current_device = device;
  return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  /* Scheduling flags choose how the host waits; Metal decides that itself. */
  const unsigned known = cudaDeviceScheduleSpin | cudaDeviceScheduleYield |
                         cudaDeviceScheduleBlockingSync | cudaDeviceMapHost |
                         cudaDeviceLmemResizeToMax;
  if (flags & ~known) return rt_record(cudaErrorInvalidValue);
  rt_device_flags = flags;
  return cudaSuccess;
}

static enum cudaFuncCache rt_cache_config = cudaFuncCachePreferNone;

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config) {
  /* A preference in CUDA too; Apple GPUs have no L1/shared split to set. */
  if ((unsigned)config > cudaFuncCachePreferEqual) return rt_record(cudaErrorInvalidValue);
  rt_cache_config = config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *config) {
  if (!config) return rt_record(cudaErrorInvalidValue);
  *config = rt_cache_config;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *version) {
  if (!version) return rt_record(cudaErrorInvalidValue);
  *version = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *version) {
  if (!version) return rt_record(cudaErrorInvalidValue);
  *version = CUDART_VERSION; /* libanchor is runtime and driver at once */
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes) {
  if (!free_bytes || !total_bytes) return rt_record(cudaErrorInvalidValue);
  rt_lock();
  rt_device_state *s;
  cudaError_t e = rt_sticky_error();
  if (e == cudaSuccess) e = rt_device_ready(&s);
  if (e == cudaSuccess) {
    *total_bytes = s->arena.capacity;
    *free_bytes = s->arena.capacity - s->arena.used;
  }
  rt_unlock();
  return rt_record(e);
}

/* ---- public: flags, limits, peers ------------------------------------------------- */

static size_t rt_limits[3] = {1024, 1 << 20, 8 << 20}; /* CUDA's defaults */

cudaError_t cudaGetDeviceFlags(unsigned int *flags) {
  if (!flags) return rt_record(cudaErrorInvalidValue);
  *flags = rt_device_flags;
  return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop) {
  if (!device || !prop) return rt_record(cudaErrorInvalidValue);
  *device = 0; /* the only one */
  return cudaSuccess;
}

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice) {
  if (!canAccessPeer) return rt_record(cudaErrorInvalidValue);
  if (device != 0 || peerDevice != 0) return rt_record(cudaErrorInvalidDevice);
  *canAccessPeer = 0; /* a device is not its own peer */
  return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit) {
  if (!value) return rt_record(cudaErrorInvalidValue);
  if ((unsigned)limit > cudaLimitMallocHeapSize) return rt_record(cudaErrorUnsupportedLimit);
  rt_lock();
  *value = rt_limits[limit];
  rt_unlock();
  return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) {
  if ((unsigned)limit > cudaLimitMallocHeapSize) return rt_record(cudaErrorUnsupportedLimit);
  rt_lock();
  rt_limits[limit] = value;
  rt_unlock();
  return cudaSuccess;
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  /* One queue, no priorities: CUDA reports [0, 0] for such a device. */
  if (leastPriority) *leastPriority = 0;
  if (greatestPriority) *greatestPriority = 0;
  return cudaSuccess;
}

cudaError_t cudaProfilerStart(void) {
  return cudaSuccess;
}
cudaError_t cudaProfilerStop(void) {
  return cudaSuccess;
}
