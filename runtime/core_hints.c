/* runtime/core_hints.c — what cudaMemAdvise and cudaMemPrefetchAsync were
 * told about managed memory, per page, for cudaMemRangeGetAttribute(s).
 *
 * Unified memory is one memory on Apple GPUs: the hints move nothing. They
 * are recorded so that the range queries report what CUDA would: the advice
 * in force and the last prefetch destination of every page (host pages,
 * sysconf(_SC_PAGESIZE)) of an allocation, kept from the first hint until
 * the allocation is freed (rt_hints_forget) or the device reset. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core.h"

typedef struct {
  bool read_mostly;
  unsigned char accessed_by;                    /* bit 0: device 0, bit 1: the host */
  struct cudaMemLocation preferred, prefetched; /* type Invalid: none */
} rt_page_hints;

typedef struct {
  uintptr_t base; /* the allocation's start and page count */
  size_t pages;
  rt_page_hints *page;
} rt_hint_set;

static struct {
  rt_hint_set *sets;
  size_t count, allocated;
} rt_hints;

static size_t rt_page(void) {
  return (size_t)sysconf(_SC_PAGESIZE);
}

/* The set of the allocation at base (size bytes), created if create. */
static rt_hint_set *rt_hint_set_of(uintptr_t base, size_t size, bool create) {
  for (size_t i = 0; i < rt_hints.count; i++)
    if (rt_hints.sets[i].base == base) return &rt_hints.sets[i];
  if (!create) return NULL;
  if (rt_hints.count == rt_hints.allocated) {
    size_t grown = rt_hints.allocated ? rt_hints.allocated * 2 : 8;
    rt_hint_set *sets = realloc(rt_hints.sets, grown * sizeof *sets);
    if (!sets) return NULL;
    rt_hints.sets = sets;
    rt_hints.allocated = grown;
  }
  size_t pages = (size + rt_page() - 1) / rt_page();
  rt_page_hints *page = calloc(pages, sizeof *page);
  if (!page) return NULL;
  rt_hints.sets[rt_hints.count] = (rt_hint_set){base, pages, page};
  return &rt_hints.sets[rt_hints.count++];
}

/* The pages of set that [p, p + count) touches. */
static void rt_page_span(const rt_hint_set *set, const void *p, size_t count, size_t *first,
                         size_t *end) {
  uintptr_t at = (uintptr_t)p - set->base;
  *first = at / rt_page();
  *end = (at + count + rt_page() - 1) / rt_page();
  if (*end > set->pages) *end = set->pages;
}

static bool rt_is_host(struct cudaMemLocation where) {
  return where.type == cudaMemLocationTypeHost || where.type == cudaMemLocationTypeHostNuma ||
         where.type == cudaMemLocationTypeHostNumaCurrent;
}

cudaError_t rt_hints_record(const void *base, size_t size, const void *p, size_t count, int advice,
                            struct cudaMemLocation where) {
  assert(rt_lock_held());
  rt_hint_set *set = rt_hint_set_of((uintptr_t)base, size, true);
  if (!set) return cudaErrorMemoryAllocation;
  size_t first, end;
  rt_page_span(set, p, count, &first, &end);
  unsigned char bit = rt_is_host(where) ? 2 : 1;
  for (size_t i = first; i < end; i++) {
    rt_page_hints *h = &set->page[i];
    switch (advice) {
    case cudaMemAdviseSetReadMostly: h->read_mostly = true; break;
    case cudaMemAdviseUnsetReadMostly: h->read_mostly = false; break;
    case cudaMemAdviseSetPreferredLocation: h->preferred = where; break;
    case cudaMemAdviseUnsetPreferredLocation:
      h->preferred = (struct cudaMemLocation){cudaMemLocationTypeInvalid, 0};
      break;
    case cudaMemAdviseSetAccessedBy: h->accessed_by |= bit; break;
    case cudaMemAdviseUnsetAccessedBy: h->accessed_by &= (unsigned char)~bit; break;
    default: h->prefetched = where; break; /* RT_HINT_PREFETCH */
    }
  }
  return cudaSuccess;
}

/* A location as the int attributes give it: a device ordinal,
 * cudaCpuDeviceId for the host, cudaInvalidDeviceId for none. */
static int rt_location_ordinal(struct cudaMemLocation where) {
  if (where.type == cudaMemLocationTypeDevice) return where.id;
  return rt_is_host(where) ? cudaCpuDeviceId : cudaInvalidDeviceId;
}

static bool rt_same_location(struct cudaMemLocation a, struct cudaMemLocation b) {
  return a.type == b.type && (a.type == cudaMemLocationTypeInvalid || a.id == b.id);
}

cudaError_t rt_hints_query(const void *base, size_t size, const void *p, size_t count,
                           enum cudaMemRangeAttribute attribute, void *data, size_t data_size) {
  assert(rt_lock_held() && data);
  bool accessed_by = attribute == cudaMemRangeAttributeAccessedBy;
  if (accessed_by ? data_size == 0 || data_size % sizeof(int) : data_size != sizeof(int))
    return cudaErrorInvalidValue;
  const rt_hint_set *set = rt_hint_set_of((uintptr_t)base, size, false);
  rt_page_hints none = {false, 0, {cudaMemLocationTypeInvalid, 0}, {cudaMemLocationTypeInvalid, 0}};
  size_t first = 0, end = 1;
  if (set) rt_page_span(set, p, count, &first, &end);
  const rt_page_hints *pages = set ? set->page : &none;
  /* what every page of the range agrees on */
  rt_page_hints all = pages[first];
  for (size_t i = first + 1; i < end; i++) {
    all.read_mostly = all.read_mostly && pages[i].read_mostly;
    all.accessed_by &= pages[i].accessed_by;
    if (!rt_same_location(all.preferred, pages[i].preferred)) all.preferred = none.preferred;
    if (!rt_same_location(all.prefetched, pages[i].prefetched)) all.prefetched = none.prefetched;
  }
  int *out = data;
  switch (attribute) {
  case cudaMemRangeAttributeReadMostly: *out = all.read_mostly; break;
  case cudaMemRangeAttributePreferredLocation: *out = rt_location_ordinal(all.preferred); break;
  case cudaMemRangeAttributeLastPrefetchLocation: *out = rt_location_ordinal(all.prefetched); break;
  case cudaMemRangeAttributePreferredLocationType: *out = (int)all.preferred.type; break;
  case cudaMemRangeAttributePreferredLocationId: *out = all.preferred.id; break;
  case cudaMemRangeAttributeLastPrefetchLocationType: *out = (int)all.prefetched.type; break;
  case cudaMemRangeAttributeLastPrefetchLocationId: *out = all.prefetched.id; break;
  case cudaMemRangeAttributeAccessedBy: {
    size_t n = data_size / sizeof(int), k = 0;
    if ((all.accessed_by & 1) && k < n) out[k++] = 0;
    if ((all.accessed_by & 2) && k < n) out[k++] = cudaCpuDeviceId;
    while (k < n)
      out[k++] = cudaInvalidDeviceId;
    break;
  }
  default: return cudaErrorInvalidValue;
  }
  return cudaSuccess;
}

void rt_hints_forget(const void *base) {
  assert(rt_lock_held());
  rt_hint_set *set = rt_hint_set_of((uintptr_t)base, 0, false);
  if (!set) return;
  free(set->page);
  *set = rt_hints.sets[--rt_hints.count];
}

void rt_hints_reset(void) {
  assert(rt_lock_held());
  for (size_t i = 0; i < rt_hints.count; i++)
    free(rt_hints.sets[i].page);
  free(rt_hints.sets);
  memset(&rt_hints, 0, sizeof rt_hints);
}
