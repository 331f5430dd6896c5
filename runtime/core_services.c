/* runtime/core_services.c — the device services: memory in the arena that
 * device code reaches through words of the context buffer (common/abi.h,
 * AC_ABI_CONTEXT_LOCKS ...), for what Metal has no instruction or API for,
 * and their host side (docs/runtime.md, "Device services"):
 *
 *   the lock table   AC_ABI_LOCK_WORDS 32-bit words, zero, that the device
 *                    library's atomics without a Metal instruction (64-bit,
 *                    ...) take by address and always give back before the
 *                    kernel ends, unless it stops on a page fault or a
 *                    timeout inside a critical section: core_submit.c
 *                    clears the table after every failed launch (as it
 *                    reads the status block, by its context word);
 *   the status block AC_ABI_STATUS_BYTES zeroed bytes where device code
 *                    reports to the host: a thread's failure (a trap, an
 *                    assert; core_submit.c turns it into the sticky error)
 *                    and the clock counter;
 *   the printf FIFO  cudaLimitPrintfFifoSize bytes of records that
 *                    devlib/printf.cu writes and rt_services_flush prints
 *                    (printf_format.c formats them) at CUDA's flush points;
 *   the device heap  cudaLimitMallocHeapSize bytes that devlib/heap.cu
 *                    manages (malloc/free/new/delete in kernels);
 *   the grid words   AC_ABI_GRID_WORDS zeroed 32-bit words, one per
 *                    launch in turn: its grid barrier
 *                    (grid_group::sync, include/cooperative_groups.h), which
 *                    leaves the word's low bits 0 after each sync; a launch
 *                    that stops mid-way leaves them dirty, and core_submit.c
 *                    zeroes the words with the lock table after a failure.
 *
 * All are created on the first launch of a device generation (a reset
 * frees the arena and with it the services) and stay for the generation's
 * life; the context also carries the host's clock (AC_ABI_CONTEXT_TIME). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core_mtl.h"

/* The limits, process-wide, and the device generation + 1 in which a kernel
 * used each (0: none). CUDA 13.0 on the H200 (2026-12-01): the defaults are
 * 8650752 bytes (8.25 MiB) of FIFO and 8 MiB of heap, and a smaller value
 * set reads back as 512 KiB (8192 set) and 4 MiB (2 MiB set): Anchor takes
 * them as minimums (rt_services_set_limit); the FIFO and heap are that big. */
enum {
  RT_PRINTF_DEFAULT = 8650752,
  RT_HEAP_DEFAULT = 8 << 20,
  RT_PRINTF_MINIMUM = 512 << 10,
  RT_HEAP_MINIMUM = 4 << 20
};
static size_t rt_printf_bytes = RT_PRINTF_DEFAULT, rt_heap_bytes = RT_HEAP_DEFAULT;
static uint64_t rt_printf_used, rt_heap_used;

/* A zeroed service block of size bytes; its CUDA address into *address. */
static cudaError_t rt_service_block(rt_device *s, size_t size, uint64_t *address) {
  void *p = NULL;
  cudaError_t e = rt_memory_alloc(s, size, RT_BLOCK_SERVICE, &p);
  if (e != cudaSuccess) return e;
  memset(p, 0, size); /* no kernel has seen it yet */
  *address = (uint64_t)(uintptr_t)p;
  return cudaSuccess;
}

static cudaError_t rt_printf_fifo(rt_device *s) {
  size_t bytes =
      rt_printf_bytes < AC_ABI_PRINTF_HEADER_BYTES ? AC_ABI_PRINTF_HEADER_BYTES : rt_printf_bytes;
  cudaError_t e = rt_service_block(s, bytes, &s->services[AC_ABI_CONTEXT_PRINTF]);
  if (e != cudaSuccess) return e;
  uint32_t *words = (uint32_t *)(uintptr_t)s->services[AC_ABI_CONTEXT_PRINTF];
  size_t capacity = (bytes - AC_ABI_PRINTF_HEADER_BYTES) & ~(size_t)7;
  words[AC_ABI_PRINTF_CAPACITY] =
      capacity > AC_ABI_PRINTF_MAX_CAPACITY ? AC_ABI_PRINTF_MAX_CAPACITY : (uint32_t)capacity;
  return cudaSuccess;
}

static cudaError_t rt_heap(rt_device *s) {
  size_t bytes = rt_heap_bytes < 16 ? 16 : rt_heap_bytes;
  cudaError_t e = rt_service_block(s, bytes, &s->services[AC_ABI_CONTEXT_HEAP]);
  if (e != cudaSuccess) return e;
  uint64_t size = bytes;
  memcpy((unsigned char *)(uintptr_t)s->services[AC_ABI_CONTEXT_HEAP] + AC_ABI_HEAP_SIZE_OFFSET,
         &size, sizeof size);
  return cudaSuccess;
}

/* Says once per service (its context word) that it has no room. */
static void rt_services_no_room(unsigned word, const char *what, size_t bytes, const char *effect) {
  static bool said[AC_ABI_CONTEXT_FIXED];
  if (said[word]) return;
  said[word] = true;
  fprintf(stderr, "anchor: no room in device memory for %s (%zu bytes): %s\n", what, bytes, effect);
}

/* The next launch's grid word, by turn. */
static uint32_t rt_grid_turn;

cudaError_t rt_services_context(rt_device *s, uint64_t *context) {
  assert(rt_lock_held() && s && context);
  cudaError_t e = cudaSuccess;
  if (!s->services[AC_ABI_CONTEXT_LOCKS])
    e = rt_service_block(s, AC_ABI_LOCK_WORDS * sizeof(uint32_t),
                         &s->services[AC_ABI_CONTEXT_LOCKS]);
  if (e == cudaSuccess && !s->services[AC_ABI_CONTEXT_STATUS])
    e = rt_service_block(s, AC_ABI_STATUS_BYTES, &s->services[AC_ABI_CONTEXT_STATUS]);
  if (e == cudaSuccess && !s->services[AC_ABI_CONTEXT_GRID])
    e = rt_service_block(s, AC_ABI_GRID_WORDS * sizeof(uint32_t),
                         &s->services[AC_ABI_CONTEXT_GRID]);
  if (e != cudaSuccess) return e;
  /* Without room for these, a launch still runs: printf's output is dropped
   * and malloc returns NULL (said once on stderr); the next launch tries
   * again. */
  if (!s->services[AC_ABI_CONTEXT_PRINTF] && rt_printf_fifo(s) != cudaSuccess)
    rt_services_no_room(AC_ABI_CONTEXT_PRINTF, "the printf FIFO", rt_printf_bytes,
                        "device printf's output is dropped");
  if (!s->services[AC_ABI_CONTEXT_HEAP] && rt_heap(s) != cudaSuccess)
    rt_services_no_room(AC_ABI_CONTEXT_HEAP, "the device heap", rt_heap_bytes,
                        "device malloc returns NULL");
  for (unsigned w = AC_ABI_CONTEXT_DELTA + 1; w < AC_ABI_CONTEXT_FIXED; w++)
    context[w] = s->services[w];
  /* Every launch has a grid word: CUDA 13 synchronises a grid in an ordinary launch too
   * (an H100, 2026-12-06: grid.sync() of a grid that fits succeeded, is_valid() true). */
  context[AC_ABI_CONTEXT_GRID] =
      s->services[AC_ABI_CONTEXT_GRID] + (rt_grid_turn++ % AC_ABI_GRID_WORDS) * sizeof(uint32_t);
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  context[AC_ABI_CONTEXT_TIME] = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
  return cudaSuccess;
}

/* ---- printf: draining the FIFO -------------------------------------------------- */

/* The header of the record that starts `at` bytes into the ring's stream (a
 * multiple of 8) when one is there, complete, within `end` and tagged with
 * that start; its size and stream. */
static bool rt_printf_record(const unsigned char *ring, uint32_t capacity, uint32_t at,
                             uint32_t end, uint32_t *size, uint32_t *stream) {
  uint32_t tag;
  memcpy(size, ring + at % capacity, 4);
  memcpy(&tag, ring + at % capacity + 4, 4);
  *stream = tag & 3u;
  return *size >= 8 && *size % 8 == 0 && *size <= end - at &&
         tag >> 2 == AC_ABI_PRINTF_TAG(at, 0u) >> 2 &&
         (*stream == AC_ABI_PRINTF_STDOUT || *stream == AC_ABI_PRINTF_STDERR);
}

/* Prints the ring's records (common/abi.h: the FIFO is a ring). Records that
 * started more than `capacity` bytes before the head have been overwritten,
 * as CUDA's older output is: printing starts at the first record found by
 * its tag in the last `capacity` bytes, then follows the sizes. */
void rt_services_flush(void) {
  assert(rt_lock_held());
  rt_device *s = rt_device_current();
  if (!s || !s->services[AC_ABI_CONTEXT_PRINTF] || !rt_all_completed()) return;
  uint32_t *words = (uint32_t *)(uintptr_t)s->services[AC_ABI_CONTEXT_PRINTF];
  uint32_t head = words[AC_ABI_PRINTF_HEAD], capacity = words[AC_ABI_PRINTF_CAPACITY];
  if (head == 0) return;
  rt_printf_used = s->generation + 1;
  unsigned char *ring = (unsigned char *)words + AC_ABI_PRINTF_HEADER_BYTES;
  uint32_t at = head > capacity ? (head - capacity + 7u) & ~7u : 0, size, stream;
  while (head - at >= 8 && !rt_printf_record(ring, capacity, at, head, &size, &stream))
    at += 8; /* inside a record whose start was overwritten */
  FILE *last = NULL;
  unsigned char *copy = NULL;
  while (head - at >= 8 && rt_printf_record(ring, capacity, at, head, &size, &stream)) {
    FILE *out = stream == AC_ABI_PRINTF_STDERR ? stderr : stdout;
    if (last && out != last) fflush(last); /* each stream's records in device order */
    last = out;
    const unsigned char *record = ring + at % capacity;
    if (at % capacity + size > capacity) { /* it wraps: copied out whole */
      unsigned char *bigger = realloc(copy, size);
      if (!bigger) break;
      copy = bigger;
      uint32_t first = capacity - at % capacity;
      memcpy(copy, record, first);
      memcpy(copy + first, ring, size - first);
      record = copy;
    }
    size_t length;
    char *text = rt_printf_format(record + 8, size - 8, &length);
    if (text) fwrite(text, 1, length, out);
    free(text);
    at += size;
  }
  free(copy);
  fflush(stdout);
  fflush(stderr);
  memset(ring, 0, head < capacity ? head : capacity);
  words[AC_ABI_PRINTF_HEAD] = 0;
}

/* ---- limits ----------------------------------------------------------------------- */

/* The device's other limits, one record for the runtime and the driver API
 * (cudaDeviceSetLimit's stack size is what cuCtxGetLimit reports): the stack
 * size is recorded (Metal sizes a thread's stack itself), the L2 fetch
 * granularity is recorded within CUDA's maximum, the persisting L2 size is 0
 * (no L2 set-aside on Apple GPUs). */
enum { RT_STACK_DEFAULT = 1024, RT_L2_FETCH_DEFAULT = 64, RT_L2_FETCH_MAX = 128 };
static size_t rt_stack_bytes = RT_STACK_DEFAULT, rt_l2_fetch_bytes = RT_L2_FETCH_DEFAULT;

void rt_services_reset_limits(void) {
  assert(rt_lock_held());
  rt_printf_bytes = RT_PRINTF_DEFAULT;
  rt_heap_bytes = RT_HEAP_DEFAULT;
  rt_stack_bytes = RT_STACK_DEFAULT;
  rt_l2_fetch_bytes = RT_L2_FETCH_DEFAULT;
}

bool rt_limit_kept(enum cudaLimit limit) {
  return limit == cudaLimitStackSize || limit == cudaLimitPrintfFifoSize ||
         limit == cudaLimitMallocHeapSize || limit == cudaLimitMaxL2FetchGranularity ||
         limit == cudaLimitPersistingL2CacheSize; /* not the device runtime's */
}

size_t rt_services_limit(enum cudaLimit limit) {
  assert(rt_lock_held() && (limit == cudaLimitPrintfFifoSize || limit == cudaLimitMallocHeapSize));
  return limit == cudaLimitPrintfFifoSize ? rt_printf_bytes : rt_heap_bytes;
}

cudaError_t rt_services_set_limit(enum cudaLimit limit, size_t value) {
  assert(rt_lock_held() && (limit == cudaLimitPrintfFifoSize || limit == cudaLimitMallocHeapSize));
  rt_device *s = rt_device_current();
  unsigned word = limit == cudaLimitPrintfFifoSize ? AC_ABI_CONTEXT_PRINTF : AC_ABI_CONTEXT_HEAP;
  if (s && s->services[word]) {
    cudaError_t e = rt_wait_all();
    if (e != cudaSuccess) return e;
    uint64_t *used = limit == cudaLimitPrintfFifoSize ? &rt_printf_used : &rt_heap_used;
    const uint32_t *fifo = (uint32_t *)(uintptr_t)s->services[word];
    if (limit == cudaLimitPrintfFifoSize && (fifo[AC_ABI_PRINTF_HEAD] || fifo[AC_ABI_PRINTF_USED]))
      *used = s->generation + 1;
    if (limit == cudaLimitMallocHeapSize &&
        *(uint32_t *)((unsigned char *)(uintptr_t)s->services[word] + AC_ABI_HEAP_USED_OFFSET))
      *used = s->generation + 1;
    if (*used == s->generation + 1) return cudaErrorInvalidValue; /* CUDA's rule */
    /* no kernel used it: the next launch creates it with the new size */
    e = rt_memory_free(s, (void *)(uintptr_t)s->services[word], RT_BLOCK_SERVICE, RT_BLOCK_SERVICE);
    if (e != cudaSuccess) return e;
    s->services[word] = 0;
  }
  if (limit == cudaLimitPrintfFifoSize)
    rt_printf_bytes = value < RT_PRINTF_MINIMUM ? RT_PRINTF_MINIMUM : value;
  else
    rt_heap_bytes = value < RT_HEAP_MINIMUM ? RT_HEAP_MINIMUM : value;
  return cudaSuccess;
}

size_t rt_limit_get(enum cudaLimit limit) {
  assert(rt_lock_held() && rt_limit_kept(limit));
  switch (limit) {
  case cudaLimitStackSize: return rt_stack_bytes;
  case cudaLimitMaxL2FetchGranularity: return rt_l2_fetch_bytes;
  case cudaLimitPersistingL2CacheSize: return 0;
  default: return rt_services_limit(limit);
  }
}

cudaError_t rt_limit_set(enum cudaLimit limit, size_t value) {
  assert(rt_lock_held() && rt_limit_kept(limit));
  switch (limit) {
  case cudaLimitStackSize: rt_stack_bytes = value; return cudaSuccess;
  case cudaLimitMaxL2FetchGranularity:
    rt_l2_fetch_bytes = value < RT_L2_FETCH_MAX ? value : RT_L2_FETCH_MAX;
    return cudaSuccess;
  case cudaLimitPersistingL2CacheSize: return cudaSuccess; /* clamped to 0 */
  default: return rt_services_set_limit(limit, value);     /* the device services' sizes */
  }
}
