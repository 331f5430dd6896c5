/* runtime/core_host.c — registered host memory (cudaHostRegister): the
 * caller's pages wrapped in a no-copy Metal buffer, reachable by kernels.
 *
 * The host keeps its own pointer. The device sees the pages at the buffer's
 * gpuAddress, which is not the arena's, so a registration's device pointer
 * (cudaHostGetDevicePointer) is chosen so that the kernels' one translation
 * lands there: device = gpuAddress + (host - page start) - delta, with delta
 * the arena's (gpuAddress - contents, docs/design.md "Memory model"). The
 * device range therefore never overlaps the arena's CUDA addresses (the two
 * GPU ranges are disjoint), and the host pointer is not a device pointer
 * (cudaDevAttrCanUseHostPointerForRegisteredMem is 0). Copies given either
 * pointer reach the same bytes (rt_host_to_cpu). Every dispatch makes every
 * registration resident (useResource), as the arena is.
 *
 * Registrations belong to the device generation: a reset forgets them and
 * gives their pages back to the program unchanged. */
#include <assert.h>
#include <stdlib.h>
#include <unistd.h>

#include "core_mtl.h"

typedef struct {
  unsigned char *host; /* the caller's pointer */
  size_t size;
  unsigned flags;
  unsigned char *pages; /* host rounded down to a page */
  uint64_t device;      /* the CUDA device pointer of host */
  mtl_id buffer;        /* no-copy, over [pages, pages + rounded length) */
} rt_registration;

static struct {
  rt_registration *items;
  size_t count, allocated;
} rt_host;

static bool rt_overlaps(uintptr_t a, size_t a_size, uintptr_t b, size_t b_size) {
  return a < b + b_size && b < a + a_size;
}

/* The registration whose host range (or, by_device, device range) contains
 * [p, p + size); index or -1. */
static long rt_host_index(const void *p, size_t size, bool by_device) {
  uintptr_t at = (uintptr_t)p;
  for (size_t i = 0; i < rt_host.count; i++) {
    const rt_registration *r = &rt_host.items[i];
    uintptr_t base = by_device ? (uintptr_t)r->device : (uintptr_t)r->host;
    if (at >= base && at - base < r->size && size <= r->size - (at - base)) return (long)i;
  }
  return -1;
}

cudaError_t rt_host_register(rt_device *d, void *p, size_t size, unsigned flags) {
  assert(rt_lock_held() && d && p && size);
  for (size_t i = 0; i < rt_host.count; i++)
    if (rt_overlaps((uintptr_t)p, size, (uintptr_t)rt_host.items[i].host, rt_host.items[i].size))
      return cudaErrorHostMemoryAlreadyRegistered;
  if (rt_host.count == rt_host.allocated) {
    size_t grown = rt_host.allocated ? rt_host.allocated * 2 : 8;
    rt_registration *items = realloc(rt_host.items, grown * sizeof *items);
    if (!items) return cudaErrorMemoryAllocation;
    rt_host.items = items;
    rt_host.allocated = grown;
  }
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t start = (uintptr_t)p / page * page;
  uintptr_t end = ((uintptr_t)p + size + page - 1) / page * page;
  mtl_id buffer = mtl_new_buffer_no_copy(d->device, (void *)start, end - start,
                                         MTL_RESOURCE_STORAGE_MODE_SHARED);
  if (!buffer) return cudaErrorMemoryAllocation; /* Metal refused to wrap the pages */
  uint64_t delta = d->arena_gpu_address - (uint64_t)(uintptr_t)d->arena_base;
  rt_registration r = {p, size, flags, (unsigned char *)start, 0, buffer};
  r.device = mtl_buffer_gpu_address(buffer) + ((uintptr_t)p - start) - delta; /* mod 2^64 */
  rt_host.items[rt_host.count++] = r;
  return cudaSuccess;
}

static void rt_host_release(rt_registration *r) {
  mtl_release(r->buffer); /* softmetal gives the pages back private, same bytes */
}

cudaError_t rt_host_unregister(void *p) {
  assert(rt_lock_held());
  long i = rt_host_index(p, 0, false);
  if (i < 0) return cudaErrorHostMemoryNotRegistered;
  /* H200, CUDA 13, 2026-12-01: a pointer inside a registration, not its
   * start, is cudaErrorInvalidValue */
  if (rt_host.items[i].host != p) return cudaErrorInvalidValue;
  cudaError_t e = rt_wait_all(); /* no kernel still uses the pages */
  rt_host_release(&rt_host.items[i]);
  rt_host.items[i] = rt_host.items[--rt_host.count];
  return e;
}

bool rt_host_find(const void *p, size_t size, rt_host_range *out) {
  assert(rt_lock_held() && out);
  long i = rt_host_index(p, size, false);
  bool by_device = i < 0;
  if (by_device) i = rt_host_index(p, size, true);
  if (i < 0) return false;
  const rt_registration *r = &rt_host.items[i];
  *out = (rt_host_range){r->host, (void *)(uintptr_t)r->device, r->size, r->flags, by_device};
  return true;
}

void *rt_host_to_cpu(const void *p) {
  assert(rt_lock_held());
  long i = rt_host_index(p, 0, true);
  if (i < 0) return (void *)p;
  const rt_registration *r = &rt_host.items[i];
  return r->host + ((uintptr_t)p - (uintptr_t)r->device);
}

void rt_host_use_resources(mtl_id encoder) {
  assert(rt_lock_held());
  for (size_t i = 0; i < rt_host.count; i++)
    mtl_compute_use_resource(encoder, rt_host.items[i].buffer,
                             MTL_RESOURCE_USAGE_READ | MTL_RESOURCE_USAGE_WRITE);
}

void rt_host_reset(void) {
  assert(rt_lock_held());
  for (size_t i = 0; i < rt_host.count; i++)
    rt_host_release(&rt_host.items[i]);
  free(rt_host.items);
  rt_host.items = NULL;
  rt_host.count = rt_host.allocated = 0;
}
