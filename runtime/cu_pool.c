/* runtime/cu_pool.c — the driver API's stream-ordered allocation and memory
 * pools (cuMemAllocAsync, cuMemFreeAsync, cuMemAllocFromPoolAsync, cuMemPool*,
 * cuDevice{Get,Set,GetDefault}MemPool, CUDA 13's cuMem{Get,Set,GetDefault}MemPool)
 * over the runtime's core (core_pool.c): a CUmemoryPool is a cudaMemPool_t, so
 * both APIs share pools. Checks and codes are the runtime's (cuda_pool.c) in
 * the driver's numbers. One device: device 0; pools of pinned device or host
 * memory and of managed memory (CUDA 13's location and allocation types, the
 * core's places). */
#include <stdint.h>

#include "cu_internal.h"

/* ---- stream-ordered allocation ------------------------------------------------------ */

static CUresult rt_cu_pool_allocate(CUdeviceptr *out, size_t size, CUmemoryPool pool,
                                    CUstream stream) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !out) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(stream))) r = CUDA_ERROR_INVALID_HANDLE;
  bool captured = false;
  if (r == CUDA_SUCCESS) { /* in a capture: an alloc node (its memory is the graph's) */
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemAlloc};
    node.alloc.poolProps.allocType = cudaMemAllocationTypePinned;
    node.alloc.poolProps.location.type = cudaMemLocationTypeDevice;
    node.alloc.bytesize = size;
    r = rt_cu_result(rt_capture_node(rt_cu_stream(stream), &node, &captured));
    if (captured) *out = r == CUDA_SUCCESS ? (CUdeviceptr)(uintptr_t)node.alloc.dptr : 0;
    if (captured) return rt_cu_leave(r);
  }
  cudaMemPool_t p = (cudaMemPool_t)pool;
  if (r == CUDA_SUCCESS && !p)
    r = rt_cu_result(rt_pool_current(RT_POOL_DEVICE, &p));
  else if (r == CUDA_SUCCESS && !rt_pool_valid(p))
    r = CUDA_ERROR_INVALID_VALUE;
  void *memory = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_pool_alloc(d, p, size, rt_cu_stream(stream), &memory));
  if (r == CUDA_SUCCESS) *out = (CUdeviceptr)(uintptr_t)memory;
  return rt_cu_leave(r);
}

CUresult cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize, CUstream hStream) {
  return rt_cu_pool_allocate(dptr, bytesize, NULL, hStream);
}

CUresult cuMemAllocFromPoolAsync(CUdeviceptr *dptr, size_t bytesize, CUmemoryPool pool,
                                 CUstream hStream) {
  if (!pool)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_pool_allocate(dptr, bytesize, pool, hStream);
}

/* 0 is a no-op; cuMemAlloc's memory is freed too (in stream order, after the
 * device's work), as the runtime's cudaFreeAsync on the H200. */
CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  void *p = (void *)(uintptr_t)dptr;
  bool captured = false;
  if (r == CUDA_SUCCESS) { /* in a capture: a free node */
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemFree};
    node.free.dptr = p;
    r = rt_cu_result(rt_capture_node(rt_cu_stream(hStream), &node, &captured));
  }
  if (r == CUDA_SUCCESS && !captured && p)
    r = rt_cu_result(rt_pool_owns(p) ? rt_pool_free(d, p, rt_cu_stream(hStream))
                                     : rt_memory_free(d, p, RT_BLOCK_DEVICE, RT_BLOCK_DEVICE));
  return rt_cu_leave(r);
}

/* ---- a device's pools ----------------------------------------------------------------- */

CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *pool_out, CUdevice dev) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !pool_out) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && dev != 0) r = CUDA_ERROR_INVALID_DEVICE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_pool_default(RT_POOL_DEVICE, pool_out));
  return rt_cu_leave(r);
}

/* Another device: CUDA_ERROR_INVALID_VALUE, as the runtime's on the H100. */
CUresult cuDeviceGetMemPool(CUmemoryPool *pool, CUdevice dev) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && (!pool || dev != 0)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_pool_current(RT_POOL_DEVICE, pool));
  return rt_cu_leave(r);
}

CUresult cuDeviceSetMemPool(CUdevice dev, CUmemoryPool pool) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && dev != 0) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_pool_set_device_pool(pool));
  return rt_cu_leave(r);
}

/* CUDA 13's forms by location and allocation type (the core's places). */
static CUresult rt_cu_pool_place(const CUmemLocation *location, CUmemAllocationType type,
                                 rt_pool_place *place) {
  if (!location) return CUDA_ERROR_INVALID_VALUE;
  return rt_cu_result(rt_pool_place_for((int)location->type, location->id, (int)type, place));
}

static CUresult rt_cu_pool_of_place(CUmemoryPool *pool, const CUmemLocation *location,
                                    CUmemAllocationType type, bool current) {
  rt_device *d = NULL;
  rt_pool_place place = RT_POOL_DEVICE;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !pool) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_pool_place(location, type, &place);
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(current ? rt_pool_current(place, pool) : rt_pool_default(place, pool));
  return rt_cu_leave(r);
}

CUresult cuMemGetDefaultMemPool(CUmemoryPool *pool_out, CUmemLocation *location,
                                CUmemAllocationType type) {
  return rt_cu_pool_of_place(pool_out, location, type, false);
}

CUresult cuMemGetMemPool(CUmemoryPool *pool, CUmemLocation *location, CUmemAllocationType type) {
  return rt_cu_pool_of_place(pool, location, type, true);
}

/* The pool must be of that location and type (CUDA: else CUDA_ERROR_INVALID_VALUE). */
CUresult cuMemSetMemPool(CUmemLocation *location, CUmemAllocationType type, CUmemoryPool pool) {
  rt_device *d = NULL;
  rt_pool_place place = RT_POOL_DEVICE;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_pool_place(location, type, &place);
  if (r == CUDA_SUCCESS && (!rt_pool_valid(pool) || rt_pool_place_of(pool) != place))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) rt_pool_set_current(place, pool);
  return rt_cu_leave(r);
}

/* ---- pools ------------------------------------------------------------------------------ */

/* Pinned device or host memory, or managed memory (the core's places),
 * exportable to nothing (a shareable handle type: CUDA_ERROR_NOT_SUPPORTED). */
CUresult cuMemPoolCreate(CUmemoryPool *pool, const CUmemPoolProps *poolProps) {
  rt_device *d = NULL;
  rt_pool_place place = RT_POOL_DEVICE;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && (!pool || !poolProps)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && rt_pool_place_for((int)poolProps->location.type, poolProps->location.id,
                                             (int)poolProps->allocType, &place) != cudaSuccess)
    r = CUDA_ERROR_INVALID_VALUE; /* another device too, as the runtime's on the H200 */
  if (r == CUDA_SUCCESS && poolProps->handleTypes != CU_MEM_HANDLE_TYPE_NONE)
    r = CUDA_ERROR_NOT_SUPPORTED;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_pool_create(place, pool));
  return rt_cu_leave(r);
}

CUresult cuMemPoolDestroy(CUmemoryPool pool) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !rt_pool_valid(pool)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_pool_destroy(d, pool));
  return rt_cu_leave(r);
}

CUresult cuMemPoolTrimTo(CUmemoryPool pool, size_t minBytesToKeep) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !rt_pool_valid(pool)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_pool_trim(d, pool, minBytesToKeep));
  return rt_cu_leave(r);
}

/* CUmemPool_attribute numbers the attributes as cudaMemPoolAttr does. */
static CUresult rt_cu_pool_attribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value,
                                     bool set) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && (!value || !rt_pool_valid(pool))) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_pool_attribute(d, pool, (enum cudaMemPoolAttr)attr, value, set));
  return rt_cu_leave(r);
}

CUresult cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value) {
  return rt_cu_pool_attribute(pool, attr, value, true);
}

CUresult cuMemPoolGetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value) {
  return rt_cu_pool_attribute(pool, attr, value, false);
}

/* Device 0 always has read-write access to its pools: granting it is a
 * no-op, removing it (or naming another device) is refused. */
CUresult cuMemPoolSetAccess(CUmemoryPool pool, const CUmemAccessDesc *map, size_t count) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && ((count && !map) || !rt_pool_valid(pool))) r = CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; r == CUDA_SUCCESS && i < count; i++) {
    if (map[i].location.type != CU_MEM_LOCATION_TYPE_DEVICE)
      r = CUDA_ERROR_INVALID_VALUE;
    else if (map[i].location.id != 0)
      r = CUDA_ERROR_INVALID_DEVICE;
    else if (map[i].flags != CU_MEM_ACCESS_FLAGS_PROT_READWRITE)
      r = CUDA_ERROR_INVALID_VALUE;
  }
  return rt_cu_leave(r);
}

CUresult cuMemPoolGetAccess(CUmemAccess_flags *flags, CUmemoryPool memPool,
                            CUmemLocation *location) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && (!flags || !location || !rt_pool_valid(memPool)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && location->type != CU_MEM_LOCATION_TYPE_DEVICE)
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && location->id != 0) r = CUDA_ERROR_INVALID_DEVICE;
  if (r == CUDA_SUCCESS) *flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  return rt_cu_leave(r);
}
