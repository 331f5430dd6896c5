/* runtime/core_submit.c — submission and completion: the command buffers in
 * flight, waiting for them, and how their failures become CUDA's sticky
 * error.
 *
 * Every committed command buffer (launch, blit) is tracked here until it
 * completes; when one has, the status block of the device services tells
 * whether a thread trapped or failed an assert (core_services.c). Each stream has its own
 * queue (core_stream.c), so the list completes in no particular order: retiring looks at
 * every entry. Waiting never holds the lock (a host function, or another thread, may need
 * it meanwhile); each entry has a sequence number so that a wait covers what was tracked
 * when it began, not what other threads add while it sleeps. */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_mtl.h"

typedef struct {
  mtl_id command_buffer, companion;
  uint64_t sequence; /* order of tracking */
} rt_in_flight;

static rt_in_flight *rt_flight;
static size_t rt_flight_count, rt_flight_allocated;
/* Held (inside the runtime's lock) while the list changes, so that
 * rt_submit_failure_now can read it from a host function's thread. */
static pthread_mutex_t rt_flight_mutex = PTHREAD_MUTEX_INITIALIZER;
static uint64_t rt_flight_sequence;

/* Metal's MTLCommandBufferError codes that CUDA has a name for. */
enum { RT_MTL_ERROR_TIMEOUT = 2, RT_MTL_ERROR_PAGE_FAULT = 3 };

/* CUDA's reading of a failed command buffer; everything but a timeout or a
 * page fault is "unspecified". */
cudaError_t rt_submit_error_of(mtl_id command_buffer) {
  if (mtl_command_buffer_status(command_buffer) != MTL_COMMAND_BUFFER_STATUS_ERROR)
    return cudaSuccess;
  mtl_id error = mtl_command_buffer_error(command_buffer);
  long code = error ? mtl_error_code(error) : 0;
  return code == RT_MTL_ERROR_PAGE_FAULT ? cudaErrorIllegalAddress
         : code == RT_MTL_ERROR_TIMEOUT  ? cudaErrorLaunchTimeout
                                         : cudaErrorLaunchFailure;
}

static cudaError_t rt_command_buffer_failure(mtl_id command_buffer) {
  mtl_id error = mtl_command_buffer_error(command_buffer);
  cudaError_t e = rt_submit_error_of(command_buffer);
  if (rt_sticky_error() == cudaSuccess) /* report the first failure only */
    fprintf(stderr, "anchor: a kernel failed on the device (%s): %s\n", rt_error_name(e),
            error ? mtl_error_description(error) : "no error description");
  return e;
}

/* A thread's failure that device code reported in the status block
 * (common/abi.h AC_ABI_STATUS_FAILURE: a __trap() or a failed assert(),
 * devlib/printf.cu; a warp mask that does not name its caller,
 * compiler/intrinsics.c): CUDA's cudaErrorLaunchFailure, cudaErrorAssert or
 * cudaErrorIllegalInstruction. The block lives until the next reset, and so
 * does the failure, like the sticky error it becomes. */
static void rt_note_device_failure(void) {
  rt_device *d = rt_device_current();
  if (!d || !d->services[AC_ABI_CONTEXT_STATUS]) return;
  const volatile uint32_t *status =
      (const volatile uint32_t *)(uintptr_t)d->services[AC_ABI_CONTEXT_STATUS];
  uint32_t failure = status[AC_ABI_STATUS_FAILURE];
  if (!failure) return;
  if (failure == AC_ABI_FAILURE_WARP_MASK && rt_sticky_error() == cudaSuccess)
    fprintf(stderr, "anchor: a warp operation's member mask does not name the calling lane "
                    "(undefined in CUDA): cudaErrorIllegalInstruction\n");
  rt_set_sticky_error(failure == AC_ABI_FAILURE_ASSERT      ? cudaErrorAssert
                      : failure == AC_ABI_FAILURE_WARP_MASK ? cudaErrorIllegalInstruction
                                                            : cudaErrorLaunchFailure);
}

/* Zeroes the words of a service block (relaxed stores: a kernel in flight
 * may be reading them). */
static void rt_clear_words(uint64_t address, unsigned count) {
  uint32_t *words = (uint32_t *)(uintptr_t)address;
  for (unsigned k = 0; words && k < count; k++)
    __atomic_store_n(&words[k], 0u, __ATOMIC_RELAXED);
}

/* Zeroes the lock table (core_services.c made it; context word
 * AC_ABI_CONTEXT_LOCKS) and the grid words (AC_ABI_CONTEXT_GRID: a
 * cooperative launch that stopped between a grid barrier's arrivals leaves
 * its word dirty) after a failed launch. */
static void rt_clear_locks(void) {
  rt_device *d = rt_device_current();
  if (!d) return;
  rt_clear_words(d->services[AC_ABI_CONTEXT_LOCKS], AC_ABI_LOCK_WORDS);
  rt_clear_words(d->services[AC_ABI_CONTEXT_GRID], AC_ABI_GRID_WORDS);
}

/* A failed command buffer (page fault, timeout, ...) or a failure device code
 * reported becomes the sticky error; then the lock table is cleared
 * (rt_clear_locks), since a kernel that stopped mid-way may hold a
 * lock that the command buffers still in flight would wait for forever. A
 * trap or a failed assert cannot stop a thread holding a lock (the device
 * library's critical sections call neither), a page fault inside one can. */
static void rt_note_failure(mtl_id command_buffer) {
  if (mtl_command_buffer_status(command_buffer) == MTL_COMMAND_BUFFER_STATUS_ERROR)
    rt_set_sticky_error(rt_command_buffer_failure(command_buffer));
  rt_note_device_failure();
  if (rt_sticky_error() != cudaSuccess) rt_clear_locks();
}

/* Releases entry i after completion, turning an error into the sticky one. */
static void rt_retire(size_t i) {
  assert(i < rt_flight_count && rt_submit_finished(rt_flight[i].command_buffer));
  rt_note_failure(rt_flight[i].command_buffer);
  mtl_release(rt_flight[i].command_buffer);
  mtl_release(rt_flight[i].companion);
}

bool rt_submit_finished(mtl_id command_buffer) {
  long status = mtl_command_buffer_status(command_buffer);
  return status == MTL_COMMAND_BUFFER_STATUS_COMPLETED || status == MTL_COMMAND_BUFFER_STATUS_ERROR;
}

/* Retires every finished entry, keeping the others in order. */
static void rt_retire_finished(void) {
  pthread_mutex_lock(&rt_flight_mutex);
  size_t kept = 0;
  for (size_t i = 0; i < rt_flight_count; i++)
    if (rt_submit_finished(rt_flight[i].command_buffer))
      rt_retire(i); /* a failure becomes sticky before its entry goes */
    else
      rt_flight[kept++] = rt_flight[i];
  rt_flight_count = kept;
  pthread_mutex_unlock(&rt_flight_mutex);
}

cudaError_t rt_submit_failure_now(void) {
  pthread_mutex_lock(&rt_flight_mutex);
  cudaError_t e = rt_sticky_error();
  for (size_t i = 0; i < rt_flight_count && e == cudaSuccess; i++)
    e = rt_submit_error_of(rt_flight[i].command_buffer);
  pthread_mutex_unlock(&rt_flight_mutex);
  return e;
}

void rt_submit_track(mtl_id command_buffer, mtl_id companion) {
  assert(rt_lock_held() && command_buffer);
  rt_retire_finished();
  pthread_mutex_lock(&rt_flight_mutex);
  if (rt_flight_count == rt_flight_allocated) {
    size_t grown = rt_flight_allocated ? rt_flight_allocated * 2 : 64;
    rt_in_flight *list = realloc(rt_flight, grown * sizeof *list);
    if (!list) { /* cannot track it: wait for it instead */
      pthread_mutex_unlock(&rt_flight_mutex);
      mtl_command_buffer_wait_until_completed(command_buffer);
      rt_note_failure(command_buffer);
      return;
    }
    rt_flight = list;
    rt_flight_allocated = grown;
  }
  mtl_retain(command_buffer);
  mtl_retain(companion);
  rt_flight[rt_flight_count++] = (rt_in_flight){command_buffer, companion, ++rt_flight_sequence};
  pthread_mutex_unlock(&rt_flight_mutex);
}

/* Waits for command_buffer without the lock (lock held on entry and return). */
static void rt_wait_unlocked(mtl_id command_buffer) {
  mtl_retain(command_buffer); /* its entry may be retired meanwhile */
  rt_unlock();
  mtl_command_buffer_wait_until_completed(command_buffer);
  rt_lock();
  mtl_release(command_buffer);
}

cudaError_t rt_wait_all(void) {
  assert(rt_lock_held());
  if (rt_in_host_function()) return cudaErrorNotPermitted;
  uint64_t last = rt_flight_sequence;
  for (;;) {
    rt_retire_finished();
    mtl_id pending = NULL;
    for (size_t i = 0; i < rt_flight_count && !pending; i++)
      if (rt_flight[i].sequence <= last) pending = rt_flight[i].command_buffer;
    if (!pending) break;
    rt_wait_unlocked(pending);
  }
  return rt_sticky_error();
}

cudaError_t rt_submit_wait(mtl_id command_buffer) {
  assert(rt_lock_held());
  if (rt_in_host_function()) return cudaErrorNotPermitted;
  if (command_buffer) rt_wait_unlocked(command_buffer);
  rt_retire_finished();
  return rt_sticky_error();
}

bool rt_all_completed(void) {
  assert(rt_lock_held());
  rt_retire_finished();
  return rt_flight_count == 0;
}
