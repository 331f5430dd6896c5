/* runtime/core_vmm.c — CUDA's virtual memory management as far as one arena
 * allows (docs/runtime.md, "Virtual memory management").
 *
 * Every CUDA pointer is an address in the one arena buffer (docs/design.md),
 * and before Metal 4's placement sparse buffers Metal cannot put other
 * memory behind a range of a buffer. So:
 * - a reservation (cuMemAddressReserve) is an arena block of its own kind
 *   (RT_BLOCK_VIRTUAL): its addresses are real, contiguous and resident, so
 *   kernels see one range across the chunks mapped into it;
 * - a physical allocation (cuMemCreate) is a handle with a size (counted
 *   against the arena's capacity) and, while unmapped, a host copy of its
 *   contents;
 * - a mapping (cuMemMap) gives a handle the arena pages of the range it is
 *   mapped at: its contents are copied in there, and copied out again when
 *   it is unmapped, so data follows a handle to a new address as in CUDA (at
 *   the cost of a copy). A handle mapped at two addresses at once would need
 *   two addresses for the same memory: refused (cudaErrorNotSupported);
 * - access flags are recorded per mapping; the GPU is not prevented from
 *   reading an unmapped part of a reservation (one buffer is resident).
 * All functions: lock held. Handles are looked up among the live ones. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

typedef struct rt_vmm_handle {
  struct rt_vmm_handle *next;
  size_t size;
  rt_vmm_props props;
  unsigned refs;        /* cuMemCreate's and cuMemRetainAllocationHandle's */
  void *mapped_at;      /* where it is mapped, NULL when it is not */
  unsigned char *saved; /* its contents while unmapped (NULL: never written) */
} rt_vmm_handle;

typedef struct rt_vmm_mapping {
  struct rt_vmm_mapping *next;
  uintptr_t start;
  size_t size;
  rt_vmm_handle *handle;
  unsigned access; /* RT_VMM_ACCESS_* */
} rt_vmm_mapping;

typedef struct rt_vmm_range {
  struct rt_vmm_range *next;
  uintptr_t start; /* aligned as asked */
  size_t size;
  void *block; /* the arena block's start (rt_memory_free) */
  rt_vmm_mapping *mappings;
} rt_vmm_range;

static rt_vmm_handle *rt_vmm_handles;
static rt_vmm_range *rt_vmm_ranges;
static uint64_t rt_vmm_physical; /* bytes of live handles */

static rt_vmm_handle *rt_vmm_handle_find(uint64_t value) {
  for (rt_vmm_handle *h = rt_vmm_handles; h; h = h->next)
    if ((uint64_t)(uintptr_t)h == value) return h;
  return NULL;
}

/* The reservation holding [p, p + size) (size 0: p alone), or NULL. */
static rt_vmm_range *rt_vmm_range_of(uintptr_t p, size_t size) {
  for (rt_vmm_range *r = rt_vmm_ranges; r; r = r->next)
    if (p >= r->start && p - r->start < r->size && size <= r->size - (p - r->start)) return r;
  return NULL;
}

static rt_vmm_mapping *rt_vmm_mapping_at(const rt_vmm_range *r, uintptr_t p) {
  for (rt_vmm_mapping *m = r->mappings; m; m = m->next)
    if (p >= m->start && p - m->start < m->size) return m;
  return NULL;
}

static void rt_vmm_handle_drop(rt_vmm_handle *h) {
  if (h->refs || h->mapped_at) return;
  for (rt_vmm_handle **at = &rt_vmm_handles; *at; at = &(*at)->next)
    if (*at == h) {
      *at = h->next;
      break;
    }
  rt_vmm_physical -= h->size;
  free(h->saved);
  free(h);
}

cudaError_t rt_vmm_reserve(rt_device *device, size_t size, size_t alignment, void **out) {
  assert(rt_lock_held() && device && out && size > 0);
  if (alignment < RT_ARENA_ALIGN) alignment = RT_ARENA_ALIGN;
  if (size > SIZE_MAX - alignment) return cudaErrorMemoryAllocation;
  rt_vmm_range *r = calloc(1, sizeof *r);
  if (!r) return cudaErrorMemoryAllocation;
  cudaError_t e =
      rt_memory_alloc(device, size + alignment - RT_ARENA_ALIGN, RT_BLOCK_VIRTUAL, &r->block);
  if (e != cudaSuccess) {
    free(r);
    return e;
  }
  r->start = ((uintptr_t)r->block + alignment - 1) / alignment * alignment;
  r->size = size;
  r->next = rt_vmm_ranges;
  rt_vmm_ranges = r;
  *out = (void *)r->start;
  return cudaSuccess;
}

cudaError_t rt_vmm_release_range(rt_device *device, void *p, size_t size) {
  assert(rt_lock_held() && device);
  for (rt_vmm_range **at = &rt_vmm_ranges; *at; at = &(*at)->next) {
    rt_vmm_range *r = *at;
    if (r->start != (uintptr_t)p || r->size != size) continue;
    if (r->mappings) return cudaErrorInvalidValue; /* still mapped */
    *at = r->next;
    cudaError_t e = rt_memory_free(device, r->block, RT_BLOCK_VIRTUAL, RT_BLOCK_VIRTUAL);
    free(r);
    return e;
  }
  return cudaErrorInvalidValue;
}

cudaError_t rt_vmm_create(rt_device *device, size_t size, const rt_vmm_props *props,
                          uint64_t *out) {
  assert(rt_lock_held() && device && props && out && size > 0);
  size_t free_bytes, total;
  rt_device_memory(device, &free_bytes, &total);
  if (size > total - rt_vmm_physical) return cudaErrorMemoryAllocation;
  rt_vmm_handle *h = calloc(1, sizeof *h);
  if (!h) return cudaErrorMemoryAllocation;
  h->size = size;
  h->props = *props;
  h->refs = 1;
  h->next = rt_vmm_handles;
  rt_vmm_handles = h;
  rt_vmm_physical += size;
  *out = (uint64_t)(uintptr_t)h;
  return cudaSuccess;
}

cudaError_t rt_vmm_release(uint64_t handle) {
  assert(rt_lock_held());
  rt_vmm_handle *h = rt_vmm_handle_find(handle);
  if (!h || h->refs == 0) return cudaErrorInvalidValue;
  h->refs--;
  rt_vmm_handle_drop(h);
  return cudaSuccess;
}

cudaError_t rt_vmm_map(void *p, size_t size, uint64_t handle) {
  assert(rt_lock_held() && size > 0);
  rt_vmm_handle *h = rt_vmm_handle_find(handle);
  if (!h || h->refs == 0 || size > h->size) return cudaErrorInvalidValue;
  uintptr_t start = (uintptr_t)p;
  rt_vmm_range *r = rt_vmm_range_of(start, size);
  if (!r) return cudaErrorInvalidValue; /* not inside one reservation */
  for (rt_vmm_mapping *m = r->mappings; m; m = m->next)
    if (start < m->start + m->size && m->start < start + size)
      return cudaErrorInvalidValue;               /* over a mapped range */
  if (h->mapped_at) return cudaErrorNotSupported; /* the same memory at two addresses */
  rt_vmm_mapping *m = calloc(1, sizeof *m);
  if (!m) return cudaErrorMemoryAllocation;
  *m = (rt_vmm_mapping){r->mappings, start, size, h, RT_VMM_ACCESS_NONE};
  r->mappings = m;
  h->mapped_at = p;
  if (h->saved) memcpy(p, h->saved, size); /* the device was waited for by the caller */
  return cudaSuccess;
}

/* Removes m from r and gives its handle its contents back. */
static cudaError_t rt_vmm_unmap_one(rt_vmm_range *r, rt_vmm_mapping *m) {
  rt_vmm_handle *h = m->handle;
  if (h->refs) { /* someone may map it again: keep what it holds */
    if (!h->saved) h->saved = malloc(h->size);
    if (!h->saved) return cudaErrorMemoryAllocation;
    memcpy(h->saved, (const void *)m->start, m->size);
  }
  for (rt_vmm_mapping **at = &r->mappings; *at; at = &(*at)->next)
    if (*at == m) {
      *at = m->next;
      break;
    }
  h->mapped_at = NULL;
  free(m);
  rt_vmm_handle_drop(h);
  return cudaSuccess;
}

cudaError_t rt_vmm_unmap(void *p, size_t size) {
  assert(rt_lock_held());
  uintptr_t start = (uintptr_t)p;
  rt_vmm_range *r = rt_vmm_range_of(start, size);
  if (!r || size == 0) return cudaErrorInvalidValue;
  /* every mapping the range touches lies wholly inside it, and it touches one */
  bool any = false;
  for (rt_vmm_mapping *m = r->mappings; m; m = m->next) {
    bool touches = start < m->start + m->size && m->start < start + size;
    if (touches && (m->start < start || m->start + m->size > start + size))
      return cudaErrorInvalidValue;
    any |= touches;
  }
  if (!any) return cudaErrorInvalidValue;
  cudaError_t e = cudaSuccess;
  for (rt_vmm_mapping *m = r->mappings, *next; m && e == cudaSuccess; m = next) {
    next = m->next;
    if (m->start >= start && m->start + m->size <= start + size) e = rt_vmm_unmap_one(r, m);
  }
  return e;
}

cudaError_t rt_vmm_set_access(void *p, size_t size, unsigned access) {
  assert(rt_lock_held());
  uintptr_t start = (uintptr_t)p;
  rt_vmm_range *r = rt_vmm_range_of(start, size);
  if (!r || size == 0) return cudaErrorInvalidValue;
  for (uintptr_t at = start; at < start + size;) { /* fully mapped */
    const rt_vmm_mapping *m = rt_vmm_mapping_at(r, at);
    if (!m) return cudaErrorInvalidValue;
    at = m->start + m->size;
  }
  for (rt_vmm_mapping *m = r->mappings; m; m = m->next)
    if (start < m->start + m->size && m->start < start + size) m->access = access;
  return cudaSuccess;
}

cudaError_t rt_vmm_get_access(const void *p, unsigned *access) {
  assert(rt_lock_held() && access);
  rt_vmm_range *r = rt_vmm_range_of((uintptr_t)p, 0);
  const rt_vmm_mapping *m = r ? rt_vmm_mapping_at(r, (uintptr_t)p) : NULL;
  if (!m) return cudaErrorInvalidValue;
  *access = m->access;
  return cudaSuccess;
}

cudaError_t rt_vmm_retain(const void *p, uint64_t *handle) {
  assert(rt_lock_held() && handle);
  rt_vmm_range *r = rt_vmm_range_of((uintptr_t)p, 0);
  const rt_vmm_mapping *m = r ? rt_vmm_mapping_at(r, (uintptr_t)p) : NULL;
  if (!m) return cudaErrorInvalidValue;
  m->handle->refs++;
  *handle = (uint64_t)(uintptr_t)m->handle;
  return cudaSuccess;
}

cudaError_t rt_vmm_handle_props(uint64_t handle, size_t *size, rt_vmm_props *props) {
  assert(rt_lock_held());
  const rt_vmm_handle *h = rt_vmm_handle_find(handle);
  if (!h || h->refs == 0) return cudaErrorInvalidValue;
  if (size) *size = h->size;
  if (props) *props = h->props;
  return cudaSuccess;
}

void rt_vmm_reset(void) {
  assert(rt_lock_held());
  while (rt_vmm_ranges) {
    rt_vmm_range *r = rt_vmm_ranges;
    rt_vmm_ranges = r->next;
    while (r->mappings) {
      rt_vmm_mapping *m = r->mappings;
      r->mappings = m->next;
      free(m);
    }
    free(r);
  }
  while (rt_vmm_handles) {
    rt_vmm_handle *h = rt_vmm_handles;
    rt_vmm_handles = h->next;
    free(h->saved);
    free(h);
  }
  rt_vmm_physical = 0;
}
