/* runtime/cu_vmm.c — the driver API's virtual memory management over
 * core_vmm.c: address reservations in the arena, physical handles, mappings
 * (a handle's contents follow it, by copies), access flags, granularity,
 * handle properties. What one Metal buffer cannot do is CUDA_ERROR_NOT_SUPPORTED:
 * a handle mapped at two addresses at once, read-only or no-access
 * mappings, host-located allocations, shareable handles (docs/runtime.md,
 * "Virtual memory management"). */
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "cu_internal.h"

static void *rt_cu_vptr(CUdeviceptr p) {
  return (void *)(uintptr_t)p;
}

/* The lock, cuInit, the sticky error and the device; no context needed
 * (reservations and handles belong to the process). */
static CUresult rt_cu_vmm_enter(rt_device **device) {
  CUresult r = rt_cu_enter_initialised();
  cudaError_t e = r == CUDA_SUCCESS ? rt_sticky_error() : cudaSuccess;
  if (r == CUDA_SUCCESS && e == cudaSuccess) e = rt_device_ready(device);
  return r == CUDA_SUCCESS ? rt_cu_result(e) : r;
}

/* A location on the one device: device 0. Another device ordinal
 * CUDA_ERROR_INVALID_DEVICE; host locations are not offered; anything else
 * CUDA_ERROR_INVALID_VALUE. */
static CUresult rt_cu_vmm_location(const CUmemLocation *location) {
  switch (location->type) {
  case CU_MEM_LOCATION_TYPE_DEVICE:
    return location->id == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
  case CU_MEM_LOCATION_TYPE_HOST:
  case CU_MEM_LOCATION_TYPE_HOST_NUMA: return CUDA_ERROR_NOT_SUPPORTED;
  default: return CUDA_ERROR_INVALID_VALUE;
  }
}

/* Properties Anchor can allocate: pinned device memory of device 0, no
 * shareable handle types (no process can open Anchor's memory). */
static CUresult rt_cu_vmm_props(const CUmemAllocationProp *prop) {
  if (!prop || prop->type != CU_MEM_ALLOCATION_TYPE_PINNED) return CUDA_ERROR_INVALID_VALUE;
  CUresult r = rt_cu_vmm_location(&prop->location);
  if (r == CUDA_SUCCESS && prop->requestedHandleTypes != CU_MEM_HANDLE_TYPE_NONE)
    r = CUDA_ERROR_NOT_SUPPORTED;
  return r;
}

static bool rt_cu_vmm_aligned(CUdeviceptr p, size_t size) {
  return p % RT_VMM_GRANULARITY == 0 && size % RT_VMM_GRANULARITY == 0;
}

CUresult cuMemGetAllocationGranularity(size_t *granularity, const CUmemAllocationProp *prop,
                                       CUmemAllocationGranularity_flags option) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!granularity || (option != CU_MEM_ALLOC_GRANULARITY_MINIMUM &&
                       option != CU_MEM_ALLOC_GRANULARITY_RECOMMENDED))
    return CUDA_ERROR_INVALID_VALUE;
  CUresult r = rt_cu_vmm_props(prop);
  if (r == CUDA_SUCCESS) *granularity = RT_VMM_GRANULARITY;
  return r;
}

/* addr is a hint CUDA may ignore; Anchor does (the arena's allocator places
 * the range). Sizes are multiples of the host page size, as documented;
 * alignment 0 is the granularity, so a mapping may start at the start. */
CUresult cuMemAddressReserve(CUdeviceptr *ptr, size_t size, size_t alignment, CUdeviceptr addr,
                             unsigned long long flags) {
  (void)addr;
  rt_device *d = NULL;
  CUresult r = rt_cu_vmm_enter(&d);
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  if (r == CUDA_SUCCESS &&
      (!ptr || size == 0 || size % page || flags != 0 || (alignment & (alignment - 1))))
    r = CUDA_ERROR_INVALID_VALUE;
  void *p = NULL;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_vmm_reserve(d, size, alignment ? alignment : RT_VMM_GRANULARITY, &p));
  if (r == CUDA_SUCCESS) *ptr = (CUdeviceptr)(uintptr_t)p;
  return rt_cu_leave(r);
}

/* ptr and size as reserved; a range still mapped is CUDA_ERROR_INVALID_VALUE. */
CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size) {
  rt_device *d = NULL;
  CUresult r = rt_cu_vmm_enter(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_vmm_release_range(d, rt_cu_vptr(ptr), size));
  return rt_cu_leave(r);
}

CUresult cuMemCreate(CUmemGenericAllocationHandle *handle, size_t size,
                     const CUmemAllocationProp *prop, unsigned long long flags) {
  rt_device *d = NULL;
  CUresult r = rt_cu_vmm_enter(&d);
  if (r == CUDA_SUCCESS && (!handle || flags != 0 || size == 0 || size % RT_VMM_GRANULARITY))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_vmm_props(prop);
  if (r == CUDA_SUCCESS) {
    /* compression is not offered: the allocation is plain (as CUDA's on a
     * device without it, cuMemGetAllocationPropertiesFromHandle tells) */
    rt_vmm_props props = {(int)prop->type,
                          (int)prop->location.type,
                          prop->location.id,
                          (unsigned)prop->requestedHandleTypes,
                          0,
                          prop->allocFlags.gpuDirectRDMACapable,
                          prop->allocFlags.usage};
    uint64_t h = 0;
    r = rt_cu_result(rt_vmm_create(d, size, &props, &h));
    if (r == CUDA_SUCCESS) *handle = h;
  }
  return rt_cu_leave(r);
}

CUresult cuMemRelease(CUmemGenericAllocationHandle handle) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_vmm_release(handle));
  return rt_cu_leave(r);
}

/* offset must be 0 (CUDA: "currently must be zero"; another offset is
 * CUDA_ERROR_NOT_SUPPORTED: H100, CUDA 13, 2026-12-06); the device is waited
 * for before the handle's contents are copied in. */
CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset, CUmemGenericAllocationHandle handle,
                  unsigned long long flags) {
  rt_device *d = NULL;
  CUresult r = rt_cu_vmm_enter(&d);
  if (r == CUDA_SUCCESS && (flags != 0 || size == 0 || !rt_cu_vmm_aligned(ptr, size)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && offset != 0) r = CUDA_ERROR_NOT_SUPPORTED;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_wait_all());
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_vmm_map(rt_cu_vptr(ptr), size, handle));
  return rt_cu_leave(r);
}

/* Synchronous, as documented: the device is waited for, then the handles'
 * contents are copied out. */
CUresult cuMemUnmap(CUdeviceptr ptr, size_t size) {
  rt_device *d = NULL;
  CUresult r = rt_cu_vmm_enter(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_wait_all());
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_vmm_unmap(rt_cu_vptr(ptr), size));
  return rt_cu_leave(r);
}

/* Read-write access for the device is what a range of the arena has;
 * read-only or no access cannot be set on part of one Metal buffer. */
CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc, size_t count) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!desc || count == 0 || size == 0 || !rt_cu_vmm_aligned(ptr, size)))
    r = CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; r == CUDA_SUCCESS && i < count; i++) {
    r = rt_cu_vmm_location(&desc[i].location);
    if (r != CUDA_SUCCESS) break;
    if (desc[i].flags == CU_MEM_ACCESS_FLAGS_PROT_READ ||
        desc[i].flags == CU_MEM_ACCESS_FLAGS_PROT_NONE)
      r = CUDA_ERROR_NOT_SUPPORTED;
    else if (desc[i].flags != CU_MEM_ACCESS_FLAGS_PROT_READWRITE)
      r = CUDA_ERROR_INVALID_VALUE;
  }
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_vmm_set_access(rt_cu_vptr(ptr), size, RT_VMM_ACCESS_READWRITE));
  return rt_cu_leave(r);
}

CUresult cuMemGetAccess(unsigned long long *flags, const CUmemLocation *location, CUdeviceptr ptr) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!flags || !location)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_vmm_location(location);
  unsigned access = 0;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_vmm_get_access(rt_cu_vptr(ptr), &access));
  if (r == CUDA_SUCCESS) *flags = access; /* RT_VMM_ACCESS_* are CUDA's numbers */
  return rt_cu_leave(r);
}

CUresult cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *handle, void *addr) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !handle) r = CUDA_ERROR_INVALID_VALUE;
  uint64_t h = 0;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_vmm_retain(addr, &h));
  if (r == CUDA_SUCCESS) *handle = h;
  return rt_cu_leave(r);
}

CUresult cuMemGetAllocationPropertiesFromHandle(CUmemAllocationProp *prop,
                                                CUmemGenericAllocationHandle handle) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !prop) r = CUDA_ERROR_INVALID_VALUE;
  rt_vmm_props p;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_vmm_handle_props(handle, NULL, &p));
  if (r == CUDA_SUCCESS) {
    memset(prop, 0, sizeof *prop);
    prop->type = (CUmemAllocationType)p.type;
    prop->requestedHandleTypes = (CUmemAllocationHandleType)p.handle_types;
    prop->location.type = (CUmemLocationType)p.location_type;
    prop->location.id = p.location_id;
    prop->allocFlags.compressionType = p.compression;
    prop->allocFlags.gpuDirectRDMACapable = p.rdma;
    prop->allocFlags.usage = p.usage;
  }
  return rt_cu_leave(r);
}
