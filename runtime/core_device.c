/* runtime/core_device.c — the one Metal device as CUDA device 0: the
 * process-wide lock and the enter/leave helper every API call goes through;
 * lazy creation of the device, its command queue and the memory arena. This
 * file is the one place that knows the device is a singleton.
 *
 * The arena (docs/design.md, "Memory model") is one shared-storage buffer of
 * recommendedMaxWorkingSetSize bytes capped by maxBufferLength. Where Metal
 * refuses that size the request is halved until it succeeds (down to
 * RT_ARENA_MIN), so a machine that reports optimistic limits still works.
 * The environment variable ANCHOR_ARENA_SIZE sets the size instead (e.g.
 * "4G"): for a Mac where a buffer that large would be committed eagerly, or
 * to test what happens when device memory runs out. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_mtl.h"

enum { RT_ARENA_MIN = 256u << 20, RT_MARKER_BYTES = 16 };

static pthread_mutex_t rt_mutex = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local bool rt_lock_mine; /* this thread holds rt_mutex */
static _Thread_local void *rt_pool;     /* this thread's pool, opened by rt_enter */
static _Thread_local bool rt_host_fn;   /* this thread runs a host function */
static rt_device rt_state;
static bool rt_ready;

/* ---- the lock and entering/leaving ------------------------------------------------- */

void rt_lock(void) {
  assert(!rt_lock_mine && "rt_lock is not recursive");
  pthread_mutex_lock(&rt_mutex);
  rt_lock_mine = true;
}

void rt_unlock(void) {
  assert(rt_lock_mine && "rt_unlock without rt_lock");
  rt_lock_mine = false;
  pthread_mutex_unlock(&rt_mutex);
}

bool rt_lock_held(void) {
  return rt_lock_mine;
}

void rt_enter(void) {
  rt_lock();
  assert(!rt_pool && "rt_enter inside rt_enter");
  rt_pool = mtl_autorelease_push();
}

void rt_host_function_begin(void) {
  rt_host_fn = true;
}
void rt_host_function_end(void) {
  rt_host_fn = false;
}
bool rt_in_host_function(void) {
  return rt_host_fn;
}

/* Set by the runtime API's way in (rt_enter_device), taken by the driver
 * API's context stack: the runtime makes the primary context current on a
 * thread that has none (core_context.c). */
static _Thread_local bool rt_runtime_entered;

bool rt_device_take_runtime_entry(void) {
  bool entered = rt_runtime_entered;
  rt_runtime_entered = false;
  return entered;
}

cudaError_t rt_enter_device(rt_device **device_out) {
  assert(device_out);
  rt_enter();
  rt_runtime_entered = true;
  if (rt_host_fn) return cudaErrorNotPermitted; /* CUDA forbids it; it could deadlock */
  cudaError_t e = rt_sticky_error();
  return e != cudaSuccess ? e : rt_device_ready(device_out);
}

cudaError_t rt_leave_unrecorded(cudaError_t e) {
  assert(rt_lock_held());
  void *pool = rt_pool;
  rt_pool = NULL;
  mtl_autorelease_pop(pool);
  rt_unlock();
  return e;
}

cudaError_t rt_leave(cudaError_t e) {
  rt_leave_unrecorded(e);
  return e == cudaErrorNotReady ? e : rt_record(e);
}

/* ---- the arena ---------------------------------------------------------------------- */

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
static cudaError_t rt_arena_size(rt_device *d, uint64_t *size, bool *exact) {
  uint64_t max = mtl_device_max_buffer_length(d->device);
  *size = mtl_device_recommended_max_working_set_size(d->device);
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
static cudaError_t rt_create_arena(rt_device *d) {
  uint64_t size;
  bool exact;
  cudaError_t e = rt_arena_size(d, &size, &exact);
  if (e != cudaSuccess) return e;
  if (exact) d->arena_buffer = mtl_new_buffer(d->device, size, MTL_RESOURCE_STORAGE_MODE_SHARED);
  for (; !exact && size >= RT_ARENA_MIN; size = size / 2 / RT_ARENA_ALIGN * RT_ARENA_ALIGN) {
    d->arena_buffer = mtl_new_buffer(d->device, size, MTL_RESOURCE_STORAGE_MODE_SHARED);
    if (d->arena_buffer) break;
  }
  if (!d->arena_buffer) return cudaErrorInitializationError;
  d->arena_base = mtl_buffer_contents(d->arena_buffer);
  d->arena_gpu_address = mtl_buffer_gpu_address(d->arena_buffer);
  if (!rt_arena_init(&d->arena, mtl_buffer_length(d->arena_buffer))) {
    mtl_release(d->arena_buffer);
    d->arena_buffer = NULL;
    return cudaErrorMemoryAllocation;
  }
  return cudaSuccess;
}

/* ---- the device ----------------------------------------------------------------------- */

/* The Metal device alone, kept across resets. */
static cudaError_t rt_metal_device(mtl_id *out) {
  static mtl_id device;
  if (!device) device = mtl_create_system_default_device();
  *out = device;
  return device ? cudaSuccess : cudaErrorNoDevice;
}

cudaError_t rt_device_exists(void) {
  assert(rt_lock_held());
  mtl_id device;
  return rt_metal_device(&device);
}

rt_device *rt_device_current(void) {
  assert(rt_lock_held());
  return rt_ready ? &rt_state : NULL;
}

/* Called once per device generation when the device becomes ready
 * (core_module.c: places __managed__ variables; a pointer, so this file
 * stays below the module registry). */
static void (*rt_ready_hook)(rt_device *device);

cudaError_t rt_device_ready(rt_device **device_out) {
  assert(rt_lock_held() && device_out);
  if (rt_ready) {
    *device_out = &rt_state;
    return cudaSuccess;
  }
  rt_device *d = &rt_state;
  cudaError_t e = rt_metal_device(&d->device);
  if (e != cudaSuccess) return e;
  d->queue = mtl_new_command_queue(d->device);
  if (!d->queue) return cudaErrorInitializationError;
  e = rt_create_arena(d);
  if (e == cudaSuccess) {
    d->marker_buffer =
        mtl_new_buffer(d->device, RT_MARKER_BYTES, MTL_RESOURCE_STORAGE_MODE_PRIVATE);
    if (!d->marker_buffer) e = cudaErrorInitializationError;
  }
  if (e != cudaSuccess) {
    if (d->arena_buffer) rt_arena_destroy(&d->arena);
    mtl_release(d->arena_buffer);
    mtl_release(d->queue);
    d->arena_buffer = d->queue = NULL;
    return e;
  }
  rt_ready = true;
  *device_out = d;
  if (rt_ready_hook) rt_ready_hook(d);
  return cudaSuccess;
}

void rt_device_set_ready_hook(void (*hook)(rt_device *device)) {
  assert(rt_lock_held());
  rt_ready_hook = hook;
}

void rt_device_memory(rt_device *device, size_t *free_out, size_t *total_out) {
  assert(rt_lock_held() && device == &rt_state && rt_ready);
  *total_out = device->arena.capacity;
  *free_out = device->arena.capacity - device->arena.used;
}

void rt_device_destroy(void) {
  assert(rt_lock_held());
  if (!rt_ready) return;
  mtl_release(rt_state.arena_buffer);
  mtl_release(rt_state.marker_buffer);
  mtl_release(rt_state.queue);
  rt_arena_destroy(&rt_state.arena);
  mtl_id device = rt_state.device;
  uint64_t generation = rt_state.generation + 1;
  memset(&rt_state, 0, sizeof rt_state);
  rt_state.device = device;
  rt_state.generation = generation;
  rt_ready = false;
}
