/* runtime/core_nvtx.c — NVTX ranges and marks as Metal debug groups and
 * signposts (docs/runtime.md "NVTX"): the ranges open now, and the command
 * buffers that show them while a Metal capture runs.
 *
 * A push/pop range belongs to a host thread (a per-thread stack, by domain);
 * a start/end range to the process (a list in start order, its own mutex);
 * either spans many of Anchor's command buffers, in several queues, while
 * Metal wants a debug group pushed and popped inside one command buffer. So
 * every command buffer begun while a capture runs (rt_stream_begin) opens
 * one debug group per open range — the process's start/end ranges outermost,
 * then the beginning thread's push/pop stack — and pops them just before it
 * is committed (rt_stream_commit); a mark becomes a signpost, in an encoder
 * of its own, at the start of the next command buffer its thread begins.
 * With no capture running a command buffer costs one isCapturing message,
 * and only in a process that made NVTX calls (rt_nvtx_open's first check);
 * marks made then are dropped. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core_mtl.h"

typedef struct {
  const void *domain; /* push/pop ranges: their domain (NULL the default one) */
  char *name;
  uint64_t id; /* start/end ranges */
} rt_nvtx_range;

typedef struct {
  rt_nvtx_range *items;
  size_t count, allocated;
} rt_nvtx_list;

static atomic_bool rt_nvtx_used;                    /* a tool call was made: command buffers look */
static _Thread_local rt_nvtx_list rt_thread_ranges; /* push/pop, innermost last */
static _Thread_local rt_nvtx_list rt_thread_marks;  /* signposts for the next command buffer */
static pthread_mutex_t rt_process_mutex = PTHREAD_MUTEX_INITIALIZER;
static rt_nvtx_list rt_process_ranges; /* start/end, in start order (rt_process_mutex) */
static uint64_t rt_next_id = 1;        /* (rt_process_mutex) */

/* Command buffers begun with groups pushed, and how many (lock held): popped at commit.
 * A command buffer dropped uncommitted (an encoding error) leaves its entry until it is
 * overwritten, the oldest first. */
enum { RT_NVTX_OPEN = 64 };
static struct {
  mtl_id command_buffer;
  size_t groups;
} rt_open[RT_NVTX_OPEN];
static size_t rt_open_next, rt_open_live; /* the next slot to take; slots in use */

static bool rt_list_add(rt_nvtx_list *l, const void *domain, const char *name, uint64_t id) {
  if (l->count == l->allocated) {
    size_t grown = l->allocated ? l->allocated * 2 : 8;
    rt_nvtx_range *items = realloc(l->items, grown * sizeof *items);
    if (!items) return false;
    l->items = items;
    l->allocated = grown;
  }
  char *copy = strdup(name ? name : "");
  if (!copy) return false;
  l->items[l->count++] = (rt_nvtx_range){domain, copy, id};
  return true;
}

static void rt_list_remove(rt_nvtx_list *l, size_t i) {
  free(l->items[i].name);
  memmove(&l->items[i], &l->items[i + 1], (l->count - i - 1) * sizeof *l->items);
  l->count--;
}

static mtl_id rt_capture_manager(void) {
  static _Atomic(mtl_id) manager;
  mtl_id m = atomic_load(&manager);
  if (!m) {
    m = mtl_capture_manager_shared(); /* a singleton: never released */
    atomic_store(&manager, m);
  }
  return m;
}

static bool rt_capturing(void) {
  return mtl_capture_manager_is_capturing(rt_capture_manager());
}

void rt_nvtx_enable(void) {
  atomic_store(&rt_nvtx_used, true);
}

static size_t rt_domain_depth(const void *domain) {
  size_t depth = 0;
  for (size_t i = 0; i < rt_thread_ranges.count; i++)
    depth += rt_thread_ranges.items[i].domain == domain;
  return depth;
}

int rt_nvtx_push(const void *domain, const char *name) {
  size_t level = rt_domain_depth(domain);
  return rt_list_add(&rt_thread_ranges, domain, name, 0) ? (int)level : -1;
}

int rt_nvtx_pop(const void *domain) {
  for (size_t i = rt_thread_ranges.count; i-- > 0;)
    if (rt_thread_ranges.items[i].domain == domain) {
      rt_list_remove(&rt_thread_ranges, i);
      return (int)rt_domain_depth(domain);
    }
  return -1; /* NVTX: a pop without a push is an error, returned as a negative level */
}

uint64_t rt_nvtx_start(const char *name) {
  pthread_mutex_lock(&rt_process_mutex);
  uint64_t id = rt_next_id++;
  if (!rt_list_add(&rt_process_ranges, NULL, name, id)) id = 0;
  pthread_mutex_unlock(&rt_process_mutex);
  return id;
}

void rt_nvtx_end(uint64_t id) {
  pthread_mutex_lock(&rt_process_mutex);
  for (size_t i = 0; i < rt_process_ranges.count; i++)
    if (rt_process_ranges.items[i].id == id) {
      rt_list_remove(&rt_process_ranges, i);
      break;
    }
  pthread_mutex_unlock(&rt_process_mutex);
}

void rt_nvtx_mark(const char *name) {
  if (rt_capturing()) (void)rt_list_add(&rt_thread_marks, NULL, name, 0);
}

void rt_nvtx_open(mtl_id command_buffer) {
  assert(rt_lock_held() && command_buffer);
  if (!atomic_load_explicit(&rt_nvtx_used, memory_order_relaxed)) return;
  for (size_t i = 0; rt_open_live && i < RT_NVTX_OPEN; i++) /* a dropped one's address, reused */
    if (rt_open[i].command_buffer == command_buffer) {
      rt_open[i].command_buffer = NULL;
      rt_open_live--;
    }
  if (!rt_capturing()) return;
  size_t groups = 0;
  pthread_mutex_lock(&rt_process_mutex);
  for (size_t i = 0; i < rt_process_ranges.count; i++, groups++)
    mtl_command_buffer_push_debug_group(command_buffer, rt_process_ranges.items[i].name);
  pthread_mutex_unlock(&rt_process_mutex);
  for (size_t i = 0; i < rt_thread_ranges.count; i++, groups++)
    mtl_command_buffer_push_debug_group(command_buffer, rt_thread_ranges.items[i].name);
  if (rt_thread_marks.count) { /* signposts belong to encoders: one of their own */
    mtl_id encoder = mtl_command_buffer_blit_encoder(command_buffer);
    for (size_t i = 0; i < rt_thread_marks.count; i++)
      mtl_encoder_insert_debug_signpost(encoder, rt_thread_marks.items[i].name);
    mtl_encoder_end_encoding(encoder);
    while (rt_thread_marks.count)
      rt_list_remove(&rt_thread_marks, rt_thread_marks.count - 1);
  }
  if (!groups) return;
  if (!rt_open[rt_open_next].command_buffer) rt_open_live++; /* else the oldest is dropped */
  rt_open[rt_open_next].command_buffer = command_buffer;     /* not retained: only compared */
  rt_open[rt_open_next].groups = groups;
  rt_open_next = (rt_open_next + 1) % RT_NVTX_OPEN;
}

void rt_nvtx_close(mtl_id command_buffer) {
  assert(rt_lock_held() && command_buffer);
  for (size_t i = 0; rt_open_live && i < RT_NVTX_OPEN; i++)
    if (rt_open[i].command_buffer == command_buffer) {
      for (size_t g = 0; g < rt_open[i].groups; g++)
        mtl_command_buffer_pop_debug_group(command_buffer);
      rt_open[i].command_buffer = NULL;
      rt_open[i].groups = 0;
      rt_open_live--;
      return;
    }
}
