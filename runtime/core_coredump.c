/* runtime/core_coredump.c — the GPU core-dump settings of cuCoredump{Get,Set}Attribute{,Global}:
 * the process's values and each context's own, kept as the bytes the API file
 * checked (the attributes' types and defaults are the API's, cu_process.c).
 * Anchor writes no GPU core dumps (docs/runtime.md): the settings are kept and
 * read back. All: lock held. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

typedef struct rt_coredump_entry {
  struct rt_coredump_entry *next;
  const rt_ctx *ctx; /* NULL: the process's */
  unsigned set;      /* bit i: setting i has a value here */
  size_t size[RT_COREDUMP_SETTINGS];
  unsigned char value[RT_COREDUMP_SETTINGS][RT_COREDUMP_VALUE_MAX];
} rt_coredump_entry;

static rt_coredump_entry *rt_coredumps;

static rt_coredump_entry *rt_coredump_find(const rt_ctx *ctx) {
  for (rt_coredump_entry *e = rt_coredumps; e; e = e->next)
    if (e->ctx == ctx) return e;
  return NULL;
}

bool rt_coredump_get(const rt_ctx *ctx, unsigned setting, void *value, size_t *size) {
  assert(rt_lock_held() && setting < RT_COREDUMP_SETTINGS && size);
  const rt_coredump_entry *e = ctx ? rt_coredump_find(ctx) : NULL;
  if (!e || !(e->set & 1u << setting)) e = rt_coredump_find(NULL);
  if (!e || !(e->set & 1u << setting)) return false;
  if (value) memcpy(value, e->value[setting], e->size[setting] < *size ? e->size[setting] : *size);
  *size = e->size[setting];
  return true;
}

cudaError_t rt_coredump_put(const rt_ctx *ctx, unsigned setting, const void *value, size_t size) {
  assert(rt_lock_held() && setting < RT_COREDUMP_SETTINGS && size <= RT_COREDUMP_VALUE_MAX);
  rt_coredump_entry *e = rt_coredump_find(ctx);
  if (!e) {
    e = calloc(1, sizeof *e);
    if (!e) return cudaErrorMemoryAllocation;
    e->ctx = ctx;
    e->next = rt_coredumps;
    rt_coredumps = e;
  }
  memcpy(e->value[setting], value, size);
  e->size[setting] = size;
  e->set |= 1u << setting;
  return cudaSuccess;
}

void rt_coredump_forget(const rt_ctx *ctx) {
  assert(rt_lock_held() && ctx);
  for (rt_coredump_entry **p = &rt_coredumps; *p; p = &(*p)->next)
    if ((*p)->ctx == ctx) {
      rt_coredump_entry *e = *p;
      *p = e->next;
      free(e);
      return;
    }
}
