/* runtime/cuda_pool.c — stream-ordered allocation and memory pools:
 * cudaMallocAsync, cudaFreeAsync, cudaMallocFromPoolAsync and cudaMemPool*.
 * Argument checks and CUDA's error codes here; the pools are the core's
 * (core_pool.c: arena blocks a pool keeps after cudaFreeAsync, up to its
 * release threshold). One device: device 0. */
#include <stdint.h>
#include <string.h>

#include "core.h"

/* ---- stream-ordered allocation ------------------------------------------------------ */

static cudaError_t rt_pool_allocate(void **out, size_t size, cudaMemPool_t pool,
                                    cudaStream_t stream) {
  if (!out) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  bool captured = false;
  if (e == cudaSuccess) { /* in a capture: an alloc node (its memory is the graph's) */
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemAlloc};
    node.alloc.poolProps.allocType = cudaMemAllocationTypePinned;
    node.alloc.poolProps.location.type = cudaMemLocationTypeDevice;
    node.alloc.bytesize = size;
    e = rt_capture_node(stream, &node, &captured);
    if (captured) *out = e == cudaSuccess ? node.alloc.dptr : NULL;
    if (captured) return rt_leave(e);
  }
  if (e == cudaSuccess && !pool)
    e = rt_pool_current(RT_POOL_DEVICE, &pool);
  else if (e == cudaSuccess && !rt_pool_valid(pool))
    e = cudaErrorInvalidValue;
  if (e == cudaSuccess) e = rt_pool_alloc(d, pool, size, stream, out);
  return rt_leave(e);
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream) {
  return rt_pool_allocate(devPtr, size, NULL, stream);
}

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool,
                                    cudaStream_t stream) {
  if (!memPool) return rt_record(cudaErrorInvalidValue);
  return rt_pool_allocate(ptr, size, memPool, stream);
}

/* NULL is a no-op; memory that no pool handed out is cudaErrorInvalidValue. */
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  bool captured = false;
  if (e == cudaSuccess) { /* in a capture: a free node */
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemFree};
    node.free.dptr = devPtr;
    e = rt_capture_node(stream, &node, &captured);
  }
  /* H200, CUDA 13, 2026-12-01: cudaMalloc's memory is freed too (in stream
   * order: after the device's work, as cudaFree) */
  if (e == cudaSuccess && !captured && devPtr)
    e = rt_pool_owns(devPtr) ? rt_pool_free(d, devPtr, stream)
                             : rt_memory_free(d, devPtr, RT_BLOCK_DEVICE, RT_BLOCK_DEVICE);
  return rt_leave(e);
}

/* ---- pools ---------------------------------------------------------------------------- */

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device) {
  if (!memPool) return rt_record(cudaErrorInvalidValue);
  if (device != 0) return rt_record(cudaErrorInvalidDevice);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_pool_default(RT_POOL_DEVICE, memPool);
  return rt_leave(e);
}

/* H100, CUDA 13, 2026-12-06: cudaDeviceGetMemPool(&pool, 99) is cudaErrorInvalidValue
 * (cudaDeviceGetDefaultMemPool's is cudaErrorInvalidDevice) */
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device) {
  if (!memPool) return rt_record(cudaErrorInvalidValue);
  if (device != 0) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_pool_current(RT_POOL_DEVICE, memPool);
  return rt_leave(e);
}

/* H200, CUDA 13, 2026-12-01: cudaDeviceSetMemPool(99, pool) is cudaErrorInvalidValue
 * (the pool is not that device's) */
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool) {
  if (device != 0) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_pool_set_device_pool(memPool);
  return rt_leave(e);
}

/* CUDA 13's pools by location and allocation type (the core's places): pinned
 * memory of device 0 or of the host, managed memory preferring either or none;
 * the place's default pool or its current one. */
static cudaError_t rt_pool_of_place(cudaMemPool_t *memPool, const struct cudaMemLocation *location,
                                    enum cudaMemAllocationType type, bool current) {
  rt_pool_place place = RT_POOL_DEVICE;
  if (!memPool || !location) return rt_record(cudaErrorInvalidValue);
  cudaError_t e = rt_pool_place_for((int)location->type, location->id, (int)type, &place);
  if (e != cudaSuccess) return rt_record(e);
  rt_device *d;
  e = rt_enter_device(&d);
  if (e == cudaSuccess)
    e = current ? rt_pool_current(place, memPool) : rt_pool_default(place, memPool);
  return rt_leave(e);
}

cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location,
                                     enum cudaMemAllocationType type) {
  return rt_pool_of_place(memPool, location, type, false);
}

cudaError_t cudaMemGetMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location,
                              enum cudaMemAllocationType type) {
  return rt_pool_of_place(memPool, location, type, true);
}

/* The pool must be of that location and type (CUDA: else cudaErrorInvalidValue). */
cudaError_t cudaMemSetMemPool(struct cudaMemLocation *location, enum cudaMemAllocationType type,
                              cudaMemPool_t memPool) {
  rt_pool_place place = RT_POOL_DEVICE;
  if (!location) return rt_record(cudaErrorInvalidValue);
  cudaError_t e = rt_pool_place_for((int)location->type, location->id, (int)type, &place);
  if (e != cudaSuccess) return rt_record(e);
  rt_device *d;
  e = rt_enter_device(&d);
  if (e == cudaSuccess && (!rt_pool_valid(memPool) || rt_pool_place_of(memPool) != place))
    e = cudaErrorInvalidValue;
  if (e == cudaSuccess) rt_pool_set_current(place, memPool);
  return rt_leave(e);
}

/* Pinned device or host memory, or managed memory (the core's places),
 * exportable to nothing. */
cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps) {
  rt_pool_place place = RT_POOL_DEVICE;
  /* H200, CUDA 13, 2026-12-01: cudaErrorInvalidValue for location.id 99 */
  if (!memPool || !poolProps ||
      rt_pool_place_for((int)poolProps->location.type, poolProps->location.id,
                        (int)poolProps->allocType, &place) != cudaSuccess)
    return rt_record(cudaErrorInvalidValue);
  if (poolProps->handleTypes != cudaMemHandleTypeNone) return rt_record(cudaErrorNotSupported);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_pool_create(place, memPool);
  return rt_leave(e);
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess)
    e = rt_pool_valid(memPool) ? rt_pool_destroy(d, memPool) : cudaErrorInvalidValue;
  return rt_leave(e);
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess)
    e = rt_pool_valid(memPool) ? rt_pool_trim(d, memPool, minBytesToKeep) : cudaErrorInvalidValue;
  return rt_leave(e);
}

/* cudaMemPoolSet/GetAttribute: the core's (rt_pool_attribute, shared with the
 * driver's cuMemPoolSet/GetAttribute). */
static cudaError_t rt_pool_attribute_call(cudaMemPool_t pool, enum cudaMemPoolAttr attr,
                                          void *value, bool set) {
  if (!value) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_pool_valid(pool)) e = cudaErrorInvalidValue;
  if (e == cudaSuccess) e = rt_pool_attribute(d, pool, attr, value, set);
  return rt_leave(e);
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value) {
  return rt_pool_attribute_call(memPool, attr, value, true);
}
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value) {
  return rt_pool_attribute_call(memPool, attr, value, false);
}

/* Device 0 always has read-write access to its pools: granting it is a
 * no-op, removing it (or naming another device) is refused. */
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList,
                                 size_t count) {
  if (count && !descList) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_pool_valid(memPool)) e = cudaErrorInvalidValue;
  for (size_t i = 0; e == cudaSuccess && i < count; i++) {
    const struct cudaMemAccessDesc *a = &descList[i];
    if (a->location.type != cudaMemLocationTypeDevice)
      e = cudaErrorInvalidValue;
    else if (a->location.id != 0)
      e = cudaErrorInvalidDevice;
    else if (a->flags != cudaMemAccessFlagsProtReadWrite)
      e = cudaErrorInvalidValue;
  }
  return rt_leave(e);
}

cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
                                 struct cudaMemLocation *location) {
  if (!flags || !location) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_pool_valid(memPool)) e = cudaErrorInvalidValue;
  if (e == cudaSuccess && location->type != cudaMemLocationTypeDevice) e = cudaErrorInvalidValue;
  if (e == cudaSuccess && location->id != 0) e = cudaErrorInvalidDevice;
  if (e == cudaSuccess) *flags = cudaMemAccessFlagsProtReadWrite;
  return rt_leave(e);
}

/* ---- the per-thread default stream's entry points ---------------------------------- */

cudaError_t cudaMallocAsync_ptsz(void **devPtr, size_t size, cudaStream_t stream) {
  return cudaMallocAsync(devPtr, size, rt_stream_ptsz(stream));
}
cudaError_t cudaMallocFromPoolAsync_ptsz(void **ptr, size_t size, cudaMemPool_t memPool,
                                         cudaStream_t stream) {
  return cudaMallocFromPoolAsync(ptr, size, memPool, rt_stream_ptsz(stream));
}
cudaError_t cudaFreeAsync_ptsz(void *devPtr, cudaStream_t stream) {
  return cudaFreeAsync(devPtr, rt_stream_ptsz(stream));
}
