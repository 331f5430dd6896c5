/* runtime/core_submit.c — submission and completion: the command buffers in
 * flight, waiting for them, and how their failures become CUDA's sticky
 * error.
 *
 * Every committed command buffer (launch, blit) is tracked here until it
 * completes; when one has, the status block of the device services tells
 * whether a thread trapped or failed an assert (core_services.c). Each stream has its own
 * queue (core_stream.c), and the list is kept per queue, in commit order: a queue's
 * command buffers complete in the order they were committed (Metal runs a queue's
 * command buffers in commit order, and libanchor makes each one wait for the stream's
 * previous one; softmetal's executor and cudametal's stream do the same), so retiring
 * stops at a queue's first unfinished command buffer. Asking every one in flight at every
 * launch (a cuEventQuery each on cudametal) made a burst of launches O(n²) while the
 * device was behind (issue 12). Waiting never holds the lock (a host function, or another
 * thread, may need it meanwhile); each entry has a sequence number so that a wait covers
 * what was tracked when it began, not what other threads add while it sleeps. */
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

/* One queue's command buffers in flight, oldest first: a ring of `allocated`
 * entries from `head`. The queue is only a key, compared and never used (its
 * command buffers keep it alive while they are here); a list left empty stays,
 * ring and all, for the next launch, or for another queue when a new one needs
 * a list, so that a launch allocates nothing here. */
typedef struct {
  mtl_id queue;
  rt_in_flight *items;
  size_t head, count, allocated;
} rt_flight_queue;

static rt_flight_queue *rt_flight;
static size_t rt_flight_queues, rt_flight_queues_allocated;
/* Held (inside the runtime's lock) while the lists change, so that
 * rt_submit_failure_now can read them from a host function's thread. */
static pthread_mutex_t rt_flight_mutex = PTHREAD_MUTEX_INITIALIZER;
static uint64_t rt_flight_sequence;

static rt_in_flight *rt_flight_at(const rt_flight_queue *q, size_t i) {
  return &q->items[(q->head + i) % q->allocated];
}

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
 * compiler/intrinsics.c; a block without a slot of the overflow area,
 * compiler/smem_spill.c): CUDA's cudaErrorLaunchFailure, cudaErrorAssert or
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
  if (failure == AC_ABI_FAILURE_SPILL_SLOT && rt_sticky_error() == cudaSuccess)
    fprintf(stderr, "anchor: a block found no free slot in the overflow area of its __shared__ "
                    "data (more blocks were resident at once than the device's bound, "
                    "docs/runtime.md): cudaErrorLaunchFailure\n");
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

/* Releases an entry after completion, turning an error into the sticky one. */
static void rt_retire(rt_in_flight *entry) {
  assert(rt_submit_finished(entry->command_buffer));
  rt_note_failure(entry->command_buffer);
  mtl_release(entry->command_buffer);
  mtl_release(entry->companion);
}

bool rt_submit_finished(mtl_id command_buffer) {
  long status = mtl_command_buffer_status(command_buffer);
  return status == MTL_COMMAND_BUFFER_STATUS_COMPLETED || status == MTL_COMMAND_BUFFER_STATUS_ERROR;
}

/* Retires each queue's finished command buffers from its oldest on, up to its
 * first unfinished one (its later ones cannot have finished before it; an
 * entry repeats a command buffer tracked with another companion, and its
 * status is asked once). */
static void rt_retire_finished(void) {
  pthread_mutex_lock(&rt_flight_mutex);
  for (size_t k = 0; k < rt_flight_queues; k++) {
    rt_flight_queue *q = &rt_flight[k];
    mtl_id finished = NULL;
    while (q->count) {
      rt_in_flight *oldest = rt_flight_at(q, 0);
      if (oldest->command_buffer != finished) {
        if (!rt_submit_finished(oldest->command_buffer)) break;
        finished = oldest->command_buffer;
      }
      rt_retire(oldest); /* a failure becomes sticky before its entry goes */
      q->head = (q->head + 1) % q->allocated;
      q->count--;
    }
  }
  pthread_mutex_unlock(&rt_flight_mutex);
}

cudaError_t rt_submit_failure_now(void) {
  pthread_mutex_lock(&rt_flight_mutex);
  cudaError_t e = rt_sticky_error();
  for (size_t k = 0; k < rt_flight_queues && e == cudaSuccess; k++)
    for (size_t i = 0; i < rt_flight[k].count && e == cudaSuccess; i++)
      e = rt_submit_error_of(rt_flight_at(&rt_flight[k], i)->command_buffer);
  pthread_mutex_unlock(&rt_flight_mutex);
  return e;
}

/* The in-flight list of queue: its own, else an empty one, else a new one
 * (NULL: out of memory). */
static rt_flight_queue *rt_flight_queue_of(mtl_id queue) {
  rt_flight_queue *empty = NULL;
  for (size_t k = 0; k < rt_flight_queues; k++) {
    if (rt_flight[k].queue == queue) return &rt_flight[k];
    if (!rt_flight[k].count && !empty) empty = &rt_flight[k];
  }
  if (empty) {
    empty->queue = queue;
    return empty;
  }
  if (rt_flight_queues == rt_flight_queues_allocated) {
    size_t grown = rt_flight_queues_allocated ? rt_flight_queues_allocated * 2 : 8;
    rt_flight_queue *list = realloc(rt_flight, grown * sizeof *list);
    if (!list) return NULL;
    rt_flight = list;
    rt_flight_queues_allocated = grown;
  }
  rt_flight[rt_flight_queues] = (rt_flight_queue){queue, NULL, 0, 0, 0};
  return &rt_flight[rt_flight_queues++];
}

/* Room for one more entry in q's ring (false: out of memory). */
static bool rt_flight_room(rt_flight_queue *q) {
  if (q->count < q->allocated) return true;
  size_t grown = q->allocated ? q->allocated * 2 : 64;
  rt_in_flight *items = malloc(grown * sizeof *items);
  if (!items) return false;
  for (size_t i = 0; i < q->count; i++) /* unrolled from head, oldest first */
    items[i] = *rt_flight_at(q, i);
  free(q->items);
  q->items = items;
  q->head = 0;
  q->allocated = grown;
  return true;
}

void rt_submit_track(mtl_id queue, mtl_id command_buffer, mtl_id companion) {
  assert(rt_lock_held() && queue && command_buffer);
  rt_retire_finished();
  pthread_mutex_lock(&rt_flight_mutex);
  rt_flight_queue *q = rt_flight_queue_of(queue);
  if (!q || !rt_flight_room(q)) { /* cannot track it: wait for it instead */
    pthread_mutex_unlock(&rt_flight_mutex);
    mtl_command_buffer_wait_until_completed(command_buffer);
    rt_note_failure(command_buffer);
    return;
  }
  mtl_retain(command_buffer);
  mtl_retain(companion);
  *rt_flight_at(q, q->count++) = (rt_in_flight){command_buffer, companion, ++rt_flight_sequence};
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
    mtl_id pending = NULL; /* a queue's oldest is its first tracked */
    for (size_t k = 0; k < rt_flight_queues && !pending; k++)
      if (rt_flight[k].count && rt_flight_at(&rt_flight[k], 0)->sequence <= last)
        pending = rt_flight_at(&rt_flight[k], 0)->command_buffer;
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
  for (size_t k = 0; k < rt_flight_queues; k++)
    if (rt_flight[k].count) return false;
  return true;
}
