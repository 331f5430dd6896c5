/* runtime/core_pool.c — memory pools (cudaMemPool_t) behind stream-ordered
 * allocation (cudaMallocAsync / cudaFreeAsync / cudaMallocFromPoolAsync).
 *
 * A pool is a set of arena blocks it holds: in use by the program, or freed
 * and kept for reuse. cudaFreeAsync only marks its block free in the pool;
 * a later allocation from the pool reuses the smallest free block that fits
 * (best fit) before asking the arena for a new one. Reuse is stream-ordered
 * because every command goes to the one device queue in order: work queued
 * after the free runs after the work queued before it. Free blocks beyond the
 * pool's release threshold go back to the arena when the device is idle
 * (nothing in flight, so no kernel can still use them): at the next pool
 * call (attribute queries included, so after a synchronisation the numbers
 * are CUDA's) or cudaMemPoolTrimTo, which waits. Reserved = bytes of every block
 * held (as the arena rounds them, to RT_ARENA_ALIGN), used = bytes the
 * allocations in use asked for (H200, CUDA 13: two of 400000 bytes are 800000).
 *
 * Each place (core.h: device, host, managed with a preferred location) has a
 * default pool (created on first use) and a current one; pools made by
 * cudaMemPoolCreate are live until destroyed or reset. A pool's blocks are
 * arena blocks of its place's kind (device, host or managed memory). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core_mtl.h"

typedef struct {
  void *p;
  uint64_t size;      /* as the arena rounds it */
  uint64_t requested; /* what the allocation using it asked for */
  bool in_use;
  cudaStream_t freed_on; /* the stream of the last cudaFreeAsync (NULL: the legacy stream) */
} rt_pool_block;

/* Stream-ordered reuse: a block freed on a stream serves that stream's next
 * allocations at once (its earlier work comes first in the same stream); it
 * serves another stream only once the freeing stream has finished everything
 * queued so far (a freeing stream since destroyed: once the device is idle),
 * so no kernel still using it can see it handed out again. */
static bool rt_pool_reusable(const rt_pool_block *b, cudaStream_t stream) {
  if (b->freed_on == stream) return true;
  return rt_stream_valid(b->freed_on) ? rt_stream_idle(b->freed_on) : rt_all_completed();
}

struct CUmemPoolHandle_st {
  rt_pool_attributes a;
  rt_pool_place place;
  rt_pool_block *blocks;
  size_t count, allocated;
  bool destroyed; /* cudaMemPoolDestroy'd with blocks still in use: gone when they are */
  struct CUmemPoolHandle_st *next; /* live pools */
};

static struct {
  cudaMemPool_t live;                     /* list of every pool, the defaults included */
  cudaMemPool_t fallback[RT_POOL_PLACES]; /* each place's default pool, or NULL */
  cudaMemPool_t current[RT_POOL_PLACES];  /* cudaMemSetMemPool's, or NULL for the default */
} rt_pools;

static rt_block_kind rt_pool_kind(const struct CUmemPoolHandle_st *pool) {
  return pool->place == RT_POOL_DEVICE ? RT_BLOCK_DEVICE
         : pool->place == RT_POOL_HOST ? RT_BLOCK_HOST
                                       : RT_BLOCK_MANAGED;
}

static cudaMemPool_t rt_pool_new(rt_pool_place place) {
  assert(place < RT_POOL_PLACES);
  cudaMemPool_t pool = calloc(1, sizeof *pool);
  if (!pool) return NULL;
  pool->place = place;
  pool->a.reuse_follow_event_dependencies = 1;
  pool->a.reuse_allow_opportunistic = 1;
  pool->a.reuse_allow_internal_dependencies = 1;
  pool->next = rt_pools.live;
  rt_pools.live = pool;
  return pool;
}

cudaError_t rt_pool_default(rt_pool_place place, cudaMemPool_t *out) {
  assert(rt_lock_held() && out && place < RT_POOL_PLACES);
  if (!rt_pools.fallback[place]) rt_pools.fallback[place] = rt_pool_new(place);
  *out = rt_pools.fallback[place];
  return *out ? cudaSuccess : cudaErrorMemoryAllocation;
}

cudaError_t rt_pool_current(rt_pool_place place, cudaMemPool_t *out) {
  assert(rt_lock_held() && out && place < RT_POOL_PLACES);
  if (rt_pools.current[place]) {
    *out = rt_pools.current[place];
    return cudaSuccess;
  }
  return rt_pool_default(place, out);
}

void rt_pool_set_current(rt_pool_place place, cudaMemPool_t pool) {
  assert(rt_lock_held() && rt_pool_valid(pool) && place < RT_POOL_PLACES);
  rt_pools.current[place] = pool == rt_pools.fallback[place] ? NULL : pool;
}

cudaError_t rt_pool_place_for(int location_type, int location_id, int allocation_type,
                              rt_pool_place *out) {
  bool managed = allocation_type == cudaMemAllocationTypeManaged;
  if (!managed && allocation_type != cudaMemAllocationTypePinned) return cudaErrorInvalidValue;
  switch (location_type) {
  case cudaMemLocationTypeDevice:
    if (location_id != 0) return cudaErrorInvalidDevice;
    *out = managed ? RT_POOL_MANAGED_DEVICE : RT_POOL_DEVICE;
    return cudaSuccess;
  case cudaMemLocationTypeHost:
  case cudaMemLocationTypeHostNumaCurrent:
    *out = managed ? RT_POOL_MANAGED_HOST : RT_POOL_HOST;
    return cudaSuccess;
  case cudaMemLocationTypeHostNuma: /* one NUMA node: 0 */
    if (location_id != 0) return cudaErrorInvalidValue;
    *out = managed ? RT_POOL_MANAGED_HOST : RT_POOL_HOST;
    return cudaSuccess;
  case cudaMemLocationTypeNone:
    if (!managed) return cudaErrorInvalidValue;
    *out = RT_POOL_MANAGED_NONE;
    return cudaSuccess;
  default: return cudaErrorInvalidValue;
  }
}

cudaError_t rt_pool_set_device_pool(cudaMemPool_t pool) {
  assert(rt_lock_held());
  if (!rt_pool_valid(pool) ||
      (pool->place != RT_POOL_DEVICE && pool->place != RT_POOL_MANAGED_DEVICE))
    return cudaErrorInvalidValue;
  rt_pool_set_current(RT_POOL_DEVICE, pool);
  return cudaSuccess;
}

rt_pool_place rt_pool_place_of(cudaMemPool_t pool) {
  assert(rt_lock_held() && rt_pool_valid(pool));
  return pool->place;
}

bool rt_pool_valid(cudaMemPool_t pool) {
  assert(rt_lock_held());
  for (cudaMemPool_t p = rt_pools.live; p; p = p->next)
    if (p == pool) return !p->destroyed;
  return false;
}

cudaError_t rt_pool_create(rt_pool_place place, cudaMemPool_t *out) {
  assert(rt_lock_held() && out);
  *out = rt_pool_new(place);
  return *out ? cudaSuccess : cudaErrorMemoryAllocation;
}

/* Gives free block i back to the arena (device idle). */
static void rt_pool_release(rt_device *d, cudaMemPool_t pool, size_t i) {
  assert(!pool->blocks[i].in_use);
  rt_block_kind kind = rt_pool_kind(pool);
  rt_memory_free(d, pool->blocks[i].p, kind, kind); /* idle: no wait */
  pool->a.reserved -= pool->blocks[i].size;
  pool->blocks[i] = pool->blocks[--pool->count];
}

/* Releases free blocks, largest first, while more than keep bytes are
 * reserved; only when the device is idle. */
static void rt_pool_trim_idle(rt_device *d, cudaMemPool_t pool, uint64_t keep) {
  if (!d || !rt_all_completed()) return;
  while (pool->a.reserved > keep) {
    long best = -1;
    for (size_t i = 0; i < pool->count; i++)
      if (!pool->blocks[i].in_use && (best < 0 || pool->blocks[i].size > pool->blocks[best].size))
        best = (long)i;
    if (best < 0) break;
    rt_pool_release(d, pool, (size_t)best);
  }
}

/* Forgets a destroyed pool once it holds no block. */
static void rt_pool_forget_if_empty(cudaMemPool_t pool) {
  if (!pool->destroyed || pool->count) return;
  cudaMemPool_t *link = &rt_pools.live;
  while (*link != pool)
    link = &(*link)->next;
  *link = pool->next;
  free(pool->blocks);
  rt_handle_retire(pool); /* a destroyed handle stays unknown a while (retire.c) */
}

/* CUDA: blocks still in use stay valid and go back when freed; the pool's
 * free blocks go now (after the device is idle). */
cudaError_t rt_pool_destroy(rt_device *d, cudaMemPool_t pool) {
  assert(rt_lock_held() && d && rt_pool_valid(pool));
  if (pool == rt_pools.fallback[pool->place]) return cudaErrorInvalidValue; /* the default stays */
  cudaError_t e = rt_wait_all();
  rt_pool_trim_idle(d, pool, 0);
  for (int place = 0; place < RT_POOL_PLACES; place++) /* a managed pool may be the device's */
    if (rt_pools.current[place] == pool) rt_pools.current[place] = NULL;
  pool->destroyed = true;
  rt_pool_forget_if_empty(pool);
  return e;
}

cudaError_t rt_pool_alloc(rt_device *d, cudaMemPool_t pool, size_t size, cudaStream_t stream,
                          void **out) {
  assert(rt_lock_held() && d && rt_pool_valid(pool) && out);
  *out = NULL;
  if (size == 0) return cudaSuccess;
  uint64_t rounded = (size + RT_ARENA_ALIGN - 1) / RT_ARENA_ALIGN * RT_ARENA_ALIGN;
  rt_pool_trim_idle(d, pool, pool->a.release_threshold);
  long best = -1;
  for (size_t i = 0; i < pool->count; i++)
    if (!pool->blocks[i].in_use && pool->blocks[i].size >= rounded &&
        rt_pool_reusable(&pool->blocks[i], stream) &&
        (best < 0 || pool->blocks[i].size < pool->blocks[best].size))
      best = (long)i;
  if (best < 0) {
    if (pool->count == pool->allocated) {
      size_t grown = pool->allocated ? pool->allocated * 2 : 16;
      rt_pool_block *blocks = realloc(pool->blocks, grown * sizeof *blocks);
      if (!blocks) return cudaErrorMemoryAllocation;
      pool->blocks = blocks;
      pool->allocated = grown;
    }
    void *p;
    cudaError_t e = rt_memory_alloc(d, rounded, rt_pool_kind(pool), &p);
    if (e == cudaErrorMemoryAllocation && rt_wait_all() == cudaSuccess) { /* free room, retry */
      rt_pool_trim_idle(d, pool, 0);
      e = rt_memory_alloc(d, rounded, rt_pool_kind(pool), &p);
    }
    if (e != cudaSuccess) return e;
    best = (long)pool->count++;
    pool->blocks[best] = (rt_pool_block){p, rounded, 0, false, stream};
    pool->a.reserved += rounded;
    if (pool->a.reserved > pool->a.reserved_high) pool->a.reserved_high = pool->a.reserved;
  }
  pool->blocks[best].in_use = true;
  pool->blocks[best].requested = size;
  pool->a.used += size;
  if (pool->a.used > pool->a.used_high) pool->a.used_high = pool->a.used;
  *out = pool->blocks[best].p;
  return cudaSuccess;
}

/* The pool and index of the block (in use or kept free) starting at p, or
 * NULL. */
static cudaMemPool_t rt_pool_owner(const void *p, size_t *index) {
  for (cudaMemPool_t pool = rt_pools.live; pool; pool = pool->next)
    for (size_t i = 0; i < pool->count; i++)
      if (pool->blocks[i].p == p) {
        *index = i;
        return pool;
      }
  return NULL;
}

bool rt_pool_owns(const void *p) {
  assert(rt_lock_held());
  size_t i;
  return p && rt_pool_owner(p, &i);
}

cudaError_t rt_pool_free(rt_device *d, void *p, cudaStream_t stream) {
  assert(rt_lock_held() && d);
  size_t i;
  cudaMemPool_t pool = rt_pool_owner(p, &i);
  if (!pool || !pool->blocks[i].in_use) return cudaErrorInvalidValue; /* not allocated, or freed */
  pool->blocks[i].in_use = false;
  pool->blocks[i].freed_on = stream;
  pool->a.used -= pool->blocks[i].requested;
  if (pool->destroyed) { /* its last blocks go as they are freed */
    cudaError_t e = rt_wait_all();
    rt_pool_trim_idle(d, pool, 0);
    rt_pool_forget_if_empty(pool);
    return e;
  }
  rt_pool_trim_idle(d, pool, pool->a.release_threshold);
  return cudaSuccess;
}

cudaError_t rt_pool_trim(rt_device *d, cudaMemPool_t pool, size_t keep) {
  assert(rt_lock_held() && rt_pool_valid(pool));
  cudaError_t e = d ? rt_wait_all() : cudaSuccess;
  if (e == cudaSuccess) rt_pool_trim_idle(d, pool, keep);
  return e;
}

rt_pool_attributes *rt_pool_attributes_of(rt_device *d, cudaMemPool_t pool) {
  assert(rt_lock_held() && d && rt_pool_valid(pool));
  rt_pool_trim_idle(d, pool, pool->a.release_threshold); /* what a synchronisation released */
  return &pool->a;
}

/* The current sizes are read-only; the high-water marks may only be reset to 0;
 * the int attributes are ints, the others uint64_t (CUDA's types). */
cudaError_t rt_pool_attribute(rt_device *d, cudaMemPool_t pool, enum cudaMemPoolAttr attr,
                              void *value, bool set) {
  assert(rt_lock_held() && d && value && rt_pool_valid(pool));
  cudaError_t e = cudaSuccess;
  rt_pool_attributes *a = rt_pool_attributes_of(d, pool);
  int *flag = attr == cudaMemPoolReuseFollowEventDependencies ? &a->reuse_follow_event_dependencies
              : attr == cudaMemPoolReuseAllowOpportunistic    ? &a->reuse_allow_opportunistic
              : attr == cudaMemPoolReuseAllowInternalDependencies
                  ? &a->reuse_allow_internal_dependencies
                  : NULL;
  uint64_t *size = attr == cudaMemPoolAttrReleaseThreshold     ? &a->release_threshold
                   : attr == cudaMemPoolAttrReservedMemCurrent ? &a->reserved
                   : attr == cudaMemPoolAttrReservedMemHigh    ? &a->reserved_high
                   : attr == cudaMemPoolAttrUsedMemCurrent     ? &a->used
                   : attr == cudaMemPoolAttrUsedMemHigh        ? &a->used_high
                                                               : NULL;
  if (flag && set)
    *flag = *(const int *)value != 0;
  else if (flag)
    *(int *)value = *flag;
  else if (size && !set)
    memcpy(value, size, sizeof *size);
  else if (size && attr == cudaMemPoolAttrReleaseThreshold)
    memcpy(size, value, sizeof *size);
  else if (size && (attr == cudaMemPoolAttrReservedMemHigh || attr == cudaMemPoolAttrUsedMemHigh) &&
           *(const uint64_t *)value == 0)
    *size = attr == cudaMemPoolAttrReservedMemHigh ? a->reserved : a->used; /* reset */
  else
    e = cudaErrorInvalidValue;
  return e;
}

void rt_pool_reset(void) {
  assert(rt_lock_held());
  while (rt_pools.live) {
    cudaMemPool_t next = rt_pools.live->next;
    free(rt_pools.live->blocks);
    free(rt_pools.live);
    rt_pools.live = next;
  }
  memset(&rt_pools, 0, sizeof rt_pools);
}
