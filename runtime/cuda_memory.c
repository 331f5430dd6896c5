/* runtime/cuda_memory.c — the runtime API's memory functions: cudaMalloc &
 * co., copies (1-D, 2-D), memsets, symbols, pointer queries and unified-
 * memory hints. Argument checks and CUDA's error codes here; the work is
 * the core's (core_memory.c: every allocation is a block of the one arena,
 * its pointer the same value on host and device). cudaMemcpy is synchronous
 * unless it copies device to device, as CUDA's is. */
#include <stdint.h>
#include <string.h>

#include "core.h"

enum { RT_PITCH_ALIGN = 512 };

/* ---- allocation ------------------------------------------------------------------ */

static cudaError_t rt_allocate(void **out, size_t size, rt_block_kind kind) {
  if (!out) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_unsafe(); /* not during a capture (its mode decides) */
  if (e == cudaSuccess) e = rt_memory_alloc(d, size, kind, out);
  return rt_leave(e);
}

/* Frees p, which must start a block of one of the two kinds (CUDA's cudaFree
 * synchronises too). */
static cudaError_t rt_release(void *p, rt_block_kind kind, rt_block_kind other_kind) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_unsafe();
  if (e == cudaSuccess) e = rt_memory_free(d, p, kind, other_kind);
  return rt_leave(e);
}

cudaError_t cudaMalloc(void **devPtr, size_t size) {
  return rt_allocate(devPtr, size, RT_BLOCK_DEVICE);
}
cudaError_t cudaFree(void *devPtr) {
  return rt_release(devPtr, RT_BLOCK_DEVICE, RT_BLOCK_MANAGED);
}

/* One in-order queue: an allocation made now is ready for all later work,
 * and a free that waits for earlier work is as ordered as CUDA's. */
static cudaError_t rt_check_stream(cudaStream_t stream) {
  rt_enter();
  bool valid = rt_stream_valid(stream);
  return rt_leave(valid ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

/* In a capture, the node instead (an alloc node's memory is the graph's). */
static cudaError_t rt_capture_memory(cudaStream_t stream, struct cudaGraphNodeParams *node,
                                     bool *captured) {
  rt_enter();
  cudaError_t e = rt_stream_valid(stream) ? rt_capture_node(stream, node, captured)
                                          : cudaErrorInvalidResourceHandle;
  return rt_leave(e);
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream) {
  if (!devPtr) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemAlloc};
  node.alloc.poolProps.allocType = cudaMemAllocationTypePinned;
  node.alloc.poolProps.location.type = cudaMemLocationTypeDevice;
  node.alloc.bytesize = size;
  bool captured = false;
  cudaError_t e = rt_capture_memory(stream, &node, &captured);
  if (captured) *devPtr = e == cudaSuccess ? node.alloc.dptr : NULL;
  if (e != cudaSuccess || captured) return e;
  e = rt_check_stream(stream);
  return e != cudaSuccess ? e : rt_allocate(devPtr, size, RT_BLOCK_DEVICE);
}

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream) {
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemFree};
  node.free.dptr = devPtr;
  bool captured = false;
  cudaError_t e = rt_capture_memory(stream, &node, &captured);
  if (e != cudaSuccess || captured) return e;
  e = rt_check_stream(stream);
  return e != cudaSuccess ? e : rt_release(devPtr, RT_BLOCK_DEVICE, RT_BLOCK_DEVICE);
}

cudaError_t cudaMallocHost(void **ptr, size_t size) {
  return rt_allocate(ptr, size, RT_BLOCK_HOST);
}
cudaError_t cudaFreeHost(void *ptr) {
  return rt_release(ptr, RT_BLOCK_HOST, RT_BLOCK_HOST);
}

cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags) {
  const unsigned known = cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
  if (flags & ~known) return rt_record(cudaErrorInvalidValue);
  return rt_allocate(ptr, size, RT_BLOCK_HOST);
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags) {
  if (size == 0 || (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost))
    return rt_record(cudaErrorInvalidValue); /* CUDA refuses size 0 here */
  return rt_allocate(devPtr, size, RT_BLOCK_MANAGED);
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height) {
  if (!devPtr || !pitch) return rt_record(cudaErrorInvalidValue);
  size_t row = (width + RT_PITCH_ALIGN - 1) / RT_PITCH_ALIGN * RT_PITCH_ALIGN;
  if (height && row > SIZE_MAX / height) return rt_record(cudaErrorMemoryAllocation);
  cudaError_t e = rt_allocate(devPtr, row * height, RT_BLOCK_DEVICE);
  if (e == cudaSuccess) *pitch = row;
  return e;
}

/* ---- pointer queries ----------------------------------------------------------------- */

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags) {
  if (!pDevice || flags != 0) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e != cudaSuccess) return rt_leave(e);
  const rt_block *block = rt_memory_find(d, pHost, 0);
  if (!block || block->kind != RT_BLOCK_HOST)
    e = cudaErrorInvalidValue;
  else
    *pDevice = pHost; /* one pointer value everywhere */
  return rt_leave(e);
}

static void rt_describe_pointer(const rt_block *block, const void *ptr,
                                struct cudaPointerAttributes *attributes) {
  memset(attributes, 0, sizeof *attributes);
  if (!block) {
    attributes->type = cudaMemoryTypeUnregistered;
    attributes->device = -2; /* no device owns it */
    return;
  }
  attributes->type = block->kind == RT_BLOCK_HOST      ? cudaMemoryTypeHost
                     : block->kind == RT_BLOCK_MANAGED ? cudaMemoryTypeManaged
                                                       : cudaMemoryTypeDevice;
  attributes->devicePointer = (void *)ptr;
  attributes->hostPointer =
      block->kind == RT_BLOCK_DEVICE || block->kind == RT_BLOCK_GLOBAL ? NULL : (void *)ptr;
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr) {
  if (!attributes) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) rt_describe_pointer(rt_memory_find(d, ptr, 0), ptr, attributes);
  return rt_leave(e);
}

/* ---- copies and memsets ------------------------------------------------------------ */

/* The one capture check of the asynchronous copies (lock held): in a capture,
 * a memcpy node of height rows of width bytes instead of the copy. */
static cudaError_t rt_capture_copy(cudaStream_t stream, void *dst, size_t dpitch, const void *src,
                                   size_t spitch, size_t width, size_t height,
                                   enum cudaMemcpyKind kind, bool *captured) {
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemcpy};
  struct cudaMemcpy3DParms *c = &node.memcpy.copyParams;
  c->srcPtr = (struct cudaPitchedPtr){(void *)src, spitch, width, height};
  c->dstPtr = (struct cudaPitchedPtr){dst, dpitch, width, height};
  c->extent = (struct cudaExtent){width, height, 1};
  c->kind = kind;
  return rt_capture_node(stream, &node, captured);
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_sync(NULL); /* the legacy stream's work */
  if (e == cudaSuccess) e = rt_capture_unsafe();
  if (e == cudaSuccess) e = rt_memory_copy(d, dst, src, count, kind);
  if (e == cudaSuccess && kind != cudaMemcpyDeviceToDevice) e = rt_wait_all();
  if (kind != cudaMemcpyDeviceToDevice) rt_services_flush(); /* a blocking copy flushes printf */
  return rt_leave(e);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  bool captured = false;
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess)
    e = rt_capture_copy(stream, dst, count, src, count, count, 1, kind, &captured);
  if (e == cudaSuccess && !captured) e = rt_memory_copy(d, dst, src, count, kind);
  return rt_leave(e);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_sync(NULL); /* the legacy stream's work */
  if (e == cudaSuccess) e = rt_memory_fill(d, devPtr, value, count);
  return rt_leave(e);
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  bool captured = false;
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess) { /* in a capture: a memset node */
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemset};
    node.memset = (struct cudaMemsetParamsV2){devPtr, count, (unsigned char)value, 1, count, 1};
    e = rt_capture_node(stream, &node, &captured);
  }
  if (e == cudaSuccess && !captured) e = rt_memory_fill(d, devPtr, value, count);
  return rt_leave(e);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_sync(NULL); /* the legacy stream's work */
  if (e == cudaSuccess) e = rt_memory_copy_2d(d, dst, dpitch, src, spitch, width, height, kind);
  rt_services_flush(); /* a blocking copy flushes printf */
  return rt_leave(e);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  bool captured = false;
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess)
    e = rt_capture_copy(stream, dst, dpitch, src, spitch, width, height, kind, &captured);
  if (e == cudaSuccess && !captured)
    e = rt_memory_copy_2d(d, dst, dpitch, src, spitch, width, height, kind);
  return rt_leave(e);
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_sync(NULL); /* the legacy stream's work */
  if (e == cudaSuccess) e = rt_memory_fill_2d(d, devPtr, pitch, value, width, height);
  return rt_leave(e);
}

/* ---- symbols ------------------------------------------------------------------------- */

/* Copies to (to_symbol) or from a module variable; kind says where the
 * other side is and must be one CUDA allows for that direction. */
static cudaError_t rt_symbol_copy(const void *symbol, void *other, size_t count, size_t offset,
                                  enum cudaMemcpyKind kind, bool to_symbol, bool synchronous,
                                  cudaStream_t stream) {
  bool kind_ok = kind == cudaMemcpyDeviceToDevice || kind == cudaMemcpyDefault ||
                 kind == (to_symbol ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost);
  if (!kind_ok) return rt_record(cudaErrorInvalidMemcpyDirection);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e != cudaSuccess) return rt_leave(e);
  void *address;
  size_t size;
  e = rt_stream_valid(stream) ? rt_module_symbol(symbol, &address, &size)
                              : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && (offset > size || count > size - offset)) e = cudaErrorInvalidValue;
  unsigned char *at = e == cudaSuccess ? (unsigned char *)address + offset : NULL;
  void *to = to_symbol ? (void *)at : other;
  const void *from = to_symbol ? (const void *)other : at;
  bool captured = false;
  if (e == cudaSuccess) /* a blocking copy is the legacy stream's; an async one is captured */
    e = synchronous ? rt_capture_sync(NULL)
                    : rt_capture_copy(stream, to, count, from, count, count, 1, kind, &captured);
  if (e == cudaSuccess && !captured) e = rt_memory_copy(d, to, from, count, kind);
  if (e == cudaSuccess && synchronous && !captured) e = rt_wait_all();
  if (synchronous) rt_services_flush(); /* a blocking copy flushes printf */
  return rt_leave(e);
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind) {
  return rt_symbol_copy(symbol, (void *)src, count, offset, kind, true, true, 0);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind) {
  return rt_symbol_copy(symbol, dst, count, offset, kind, false, true, 0);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream) {
  return rt_symbol_copy(symbol, (void *)src, count, offset, kind, true, false, stream);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream) {
  return rt_symbol_copy(symbol, dst, count, offset, kind, false, false, stream);
}

static cudaError_t rt_symbol_query(const void *symbol, void **address, size_t *size) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_module_symbol(symbol, address, size);
  return rt_leave(e);
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol) {
  size_t size;
  if (!devPtr) return rt_record(cudaErrorInvalidValue);
  return rt_symbol_query(symbol, devPtr, &size);
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) {
  void *address;
  if (!size) return rt_record(cudaErrorInvalidValue);
  return rt_symbol_query(symbol, &address, size);
}

/* ---- unified-memory hints ---------------------------------------------------------- */

static bool rt_location_valid(struct cudaMemLocation where) {
  if (where.type == cudaMemLocationTypeDevice) return where.id == 0;
  return where.type == cudaMemLocationTypeHost || where.type == cudaMemLocationTypeHostNuma ||
         where.type == cudaMemLocationTypeHostNumaCurrent;
}

/* The range must lie in one managed allocation; there is nothing to move. */
static cudaError_t rt_hint(const void *p, size_t count, struct cudaMemLocation where,
                           cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e != cudaSuccess) return rt_leave(e);
  const rt_block *block = rt_memory_find(d, p, count);
  if (!rt_stream_valid(stream))
    e = cudaErrorInvalidResourceHandle;
  else if (!block || block->kind != RT_BLOCK_MANAGED)
    e = cudaErrorInvalidValue;
  else if (!rt_location_valid(where))
    e = where.type == cudaMemLocationTypeDevice ? cudaErrorInvalidDevice : cudaErrorInvalidValue;
  return rt_leave(e);
}

cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream) {
  if (flags != 0) return rt_record(cudaErrorInvalidValue);
  return rt_hint(devPtr, count, location, stream);
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location) {
  if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy)
    return rt_record(cudaErrorInvalidValue);
  if (advice == cudaMemAdviseSetReadMostly || advice == cudaMemAdviseUnsetReadMostly)
    location = (struct cudaMemLocation){cudaMemLocationTypeDevice, 0}; /* ignored by CUDA */
  return rt_hint(devPtr, count, location, 0);
}
