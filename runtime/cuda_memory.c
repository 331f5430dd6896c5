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
  /* in a created context, the context's (cuCtxDestroy frees it) */
  if (e == cudaSuccess) rt_memory_set_owner(d, *out, rt_context_owner());
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
/* cudaFree of stream-ordered memory (cudaMallocAsync) is allowed: CUDA
 * synchronises and frees it; here it goes back to its pool. */
cudaError_t cudaFree(void *devPtr) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_unsafe();
  if (e == cudaSuccess && rt_pool_owns(devPtr)) {
    e = rt_wait_all();
    if (e == cudaSuccess) e = rt_pool_free(d, devPtr, 0);
  } else if (e == cudaSuccess) {
    e = rt_memory_free(d, devPtr, RT_BLOCK_DEVICE, RT_BLOCK_MANAGED);
    if (e == cudaSuccess && devPtr) rt_hints_forget(devPtr); /* a managed block's, if any */
  }
  return rt_leave(e);
}

cudaError_t cudaMallocHost(void **ptr, size_t size) {
  return rt_allocate(ptr, size, RT_BLOCK_HOST);
}
cudaError_t cudaFreeHost(void *ptr) {
  return rt_release(ptr, RT_BLOCK_HOST, RT_BLOCK_HOST);
}

/* Every flag is honoured by what the arena is: shared storage the host and
 * the device both reach at the same pointer (Mapped, Portable: one device;
 * WriteCombined: a hint). The flags are kept for cudaHostGetFlags. */
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags) {
  const unsigned known = cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
  if (!ptr || (flags & ~known)) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_memory_alloc(d, size, RT_BLOCK_HOST, ptr);
  if (e == cudaSuccess && *ptr) rt_memory_set_flags(d, *ptr, flags);
  if (e == cudaSuccess && *ptr) rt_memory_set_owner(d, *ptr, rt_context_owner());
  return rt_leave(e);
}

/* ---- registered host memory ---------------------------------------------------------- */

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags) {
  const unsigned known = cudaHostRegisterPortable | cudaHostRegisterMapped |
                         cudaHostRegisterIoMemory | cudaHostRegisterReadOnly;
  /* IoMemory asks for device (PCIe BAR) memory, which no Apple GPU has. */
  if (!ptr || size == 0 || (flags & ~known) || (flags & cudaHostRegisterIoMemory))
    return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_memory_register_host(d, ptr, size, flags);
  return rt_leave(e);
}

cudaError_t cudaHostUnregister(void *ptr) {
  if (!ptr) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_host_unregister(ptr);
  return rt_leave(e);
}

/* CUDA documents it for cudaHostAlloc's memory; H200, CUDA 13, 2026-12-01: it
 * answers for registered memory too (a Mapped registration: 2), and
 * cudaMallocHost's memory is 2 (cudaHostAllocMapped: with unified addressing
 * every page-locked allocation is mapped). Other memory: cudaErrorInvalidValue. */
cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost) {
  if (!pFlags || !pHost) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e != cudaSuccess) return rt_leave(e);
  const rt_block *block = rt_memory_find(d, pHost, 0);
  rt_host_range r;
  if (block && block->kind == RT_BLOCK_HOST)
    *pFlags = block->flags | cudaHostAllocMapped;
  else if (!block && rt_host_find(pHost, 0, &r) && !r.found_by_device)
    *pFlags = r.flags | cudaHostRegisterMapped;
  else
    e = cudaErrorInvalidValue;
  return rt_leave(e);
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags) {
  /* Size 0 succeeds as cudaMalloc's (H200, CUDA 13, 2026-12-02: cudaSuccess) */
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
    return rt_record(cudaErrorInvalidValue);
  return rt_allocate(devPtr, size, RT_BLOCK_MANAGED);
}

/* Rows of width bytes rounded up to RT_PITCH_ALIGN (a multiple of
 * cudaDevAttrTexturePitchAlignment), height * depth of them. */
static cudaError_t rt_allocate_pitched(void **out, size_t *pitch, size_t width, size_t height,
                                       size_t depth) {
  if (!out || !pitch) return rt_record(cudaErrorInvalidValue);
  size_t row = (width + RT_PITCH_ALIGN - 1) / RT_PITCH_ALIGN * RT_PITCH_ALIGN;
  size_t rows = height * depth;
  if ((depth && height > SIZE_MAX / depth) || (rows && row > SIZE_MAX / rows))
    return rt_record(cudaErrorMemoryAllocation);
  cudaError_t e = rt_allocate(out, row * rows, RT_BLOCK_DEVICE);
  if (e == cudaSuccess) *pitch = row;
  return e;
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height) {
  return rt_allocate_pitched(devPtr, pitch, width, height, 1);
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent) {
  if (!pitchedDevPtr) return rt_record(cudaErrorInvalidValue);
  void *p = NULL;
  size_t pitch = 0;
  cudaError_t e = rt_allocate_pitched(&p, &pitch, extent.width, extent.height, extent.depth);
  if (e == cudaSuccess)
    *pitchedDevPtr = (struct cudaPitchedPtr){p, pitch, extent.width, extent.height};
  return e;
}

/* ---- pointer queries ----------------------------------------------------------------- */

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags) {
  if (!pDevice || flags != 0) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_memory_device_pointer(d, pHost, pDevice);
  return rt_leave(e);
}

/* Managed memory: cudaMallocManaged's blocks and the storage of __managed__
 * variables (a module global's block, rt_module_managed_at). */
static bool rt_managed_block(const rt_block *block, const void *p) {
  return block && (block->kind == RT_BLOCK_MANAGED ||
                   (block->kind == RT_BLOCK_GLOBAL && rt_module_managed_at(p)));
}

static void rt_describe_pointer(const rt_block *block, const void *ptr,
                                struct cudaPointerAttributes *attributes) {
  memset(attributes, 0, sizeof *attributes);
  rt_host_range r;
  if (!block && rt_host_find(ptr, 0, &r)) { /* registered: host memory with two pointers */
    size_t at = (size_t)((const char *)ptr - (const char *)(r.found_by_device ? r.device : r.host));
    attributes->type = cudaMemoryTypeHost;
    attributes->devicePointer = (char *)r.device + at;
    attributes->hostPointer = (char *)r.host + at;
    return;
  }
  if (!block) { /* CUDA 13: success, no device, the pointer itself as the host's */
    attributes->type = cudaMemoryTypeUnregistered;
    attributes->device = -2;
    attributes->hostPointer = (void *)ptr;
    return;
  }
  /* a __managed__ variable's storage is a module global's block */
  bool managed = rt_managed_block(block, ptr);
  attributes->type = block->kind == RT_BLOCK_HOST ? cudaMemoryTypeHost
                     : managed                    ? cudaMemoryTypeManaged
                                                  : cudaMemoryTypeDevice;
  attributes->devicePointer = (void *)ptr;
  attributes->hostPointer =
      (block->kind == RT_BLOCK_DEVICE || block->kind == RT_BLOCK_GLOBAL) && !managed ? NULL
                                                                                     : (void *)ptr;
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr) {
  if (!attributes) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) rt_describe_pointer(rt_memory_find(d, ptr, 0), ptr, attributes);
  return rt_leave(e);
}

/* ---- copies and memsets ------------------------------------------------------------ */

/* A blocking copy on stream (the legacy stream, or cudaStreamPerThread for
 * the _ptds form): after the stream's work, and returning after the copy
 * unless it is device to device (CUDA's rule). */
static cudaError_t rt_copy_blocking(void *dst, const void *src, size_t count,
                                    enum cudaMemcpyKind kind, cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_sync(stream);
  if (e == cudaSuccess) e = rt_capture_unsafe();
  if (e == cudaSuccess) e = rt_memory_copy_async(d, dst, src, count, kind, stream);
  if (e == cudaSuccess && kind != cudaMemcpyDeviceToDevice) e = rt_stream_host_wait(d, stream);
  if (kind != cudaMemcpyDeviceToDevice) rt_services_flush(); /* a blocking copy flushes printf */
  return rt_leave(e);
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
  return rt_copy_blocking(dst, src, count, kind, NULL);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  bool captured = false;
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess) e = rt_capture_copy(stream, dst, src, count, kind, &captured);
  if (e == cudaSuccess && !captured) e = rt_memory_copy_async(d, dst, src, count, kind, stream);
  return rt_leave(e);
}

/* cudaMemset on the legacy stream or (_ptds) the thread's: asynchronous for
 * the host as CUDA's (but for the host fills of rt_memory_fill_async). */
static cudaError_t rt_fill_blocking(void *devPtr, int value, size_t count, cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_sync(stream);
  if (e == cudaSuccess) e = rt_memory_fill_async(d, devPtr, value, count, stream);
  return rt_leave(e);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
  return rt_fill_blocking(devPtr, value, count, NULL);
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
  if (e == cudaSuccess && !captured) e = rt_memory_fill_async(d, devPtr, value, count, stream);
  return rt_leave(e);
}

static cudaError_t rt_copy_3d(const rt_region *dst, const rt_region *src, size_t width,
                              size_t height, size_t depth, enum cudaMemcpyKind kind,
                              bool synchronous, cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  bool captured = false;
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess) /* a blocking copy synchronises with stream; an async one is captured */
    e = synchronous ? rt_capture_sync(stream)
                    : rt_capture_copy_3d(stream, dst, src, width, height, depth, kind, &captured);
  /* Blits in the stream's order where the core can, else the host (core_memory.c). */
  if (e == cudaSuccess && !captured)
    e = rt_memory_copy_3d(d, dst, src, width, height, depth, kind, stream);
  /* A blocking copy returns after the copy unless device to device. */
  if (e == cudaSuccess && synchronous && kind != cudaMemcpyDeviceToDevice)
    e = rt_stream_host_wait(d, stream);
  if (synchronous) rt_services_flush(); /* a blocking copy flushes printf */
  return rt_leave(e);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind) {
  rt_region to = {dst, dpitch, 0}, from = {(void *)src, spitch, 0};
  return rt_copy_3d(&to, &from, width, height, 1, kind, true, 0);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream) {
  rt_region to = {dst, dpitch, 0}, from = {(void *)src, spitch, 0};
  return rt_copy_3d(&to, &from, width, height, 1, kind, false, stream);
}

/* A pitched pointer at a position: the region's start and its strides. */
static rt_region rt_pitched(struct cudaPitchedPtr p, struct cudaPos at) {
  rt_region r = {p.ptr, p.pitch, p.pitch * p.ysize};
  r.base = (char *)p.ptr + at.z * r.slice + at.y * r.pitch + at.x;
  return r;
}

/* The checks of a cudaMemcpy3DParms (without its kind): each side is an array
 * or a pointer, not both. */
static cudaError_t rt_check_3d(const void *src_array, const void *src_ptr, const void *dst_array,
                               const void *dst_ptr) {
  if ((src_array && src_ptr) || (dst_array && dst_ptr)) return cudaErrorInvalidValue;
  return (src_array || src_ptr) && (dst_array || dst_ptr) ? cudaSuccess : cudaErrorInvalidValue;
}

/* ---- copies with CUDA arrays (core_texture.c) ---------------------------------------------- */

/* Converts an array side's x and, when width_array is that side, the extent's width from
 * bytes to texels: false when they are not whole texels. */
static bool rt_bytes_to_texels(cudaArray_const_t array, size_t *x, size_t *width) {
  size_t texel = rt_array_texel_bytes(array);
  if (*x % texel || (width && *width % texel)) return false;
  *x /= texel;
  if (width) *width /= texel;
  return true;
}

/* A copy with an array on one side or both, blocking or on stream; in_bytes: the 2-D
 * calls' units (offsets and width in bytes; cudaMemcpy3D's are texels). A blocking copy
 * returns after the copy unless device to device; an asynchronous one in a capture is a
 * memcpy node. */
static cudaError_t rt_array_copy_call(struct cudaMemcpy3DParms p, bool in_bytes, bool synchronous,
                                      cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  bool captured = false;
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess &&
      ((!p.srcArray && !p.dstArray) || (p.srcArray && !rt_array_valid(p.srcArray)) ||
       (p.dstArray && !rt_array_valid(p.dstArray))))
    e = cudaErrorInvalidValue;
  bool bytes = false; /* memory and an array at bytes that are not whole texels */
  if (e == cudaSuccess && in_bytes) {
    struct cudaMemcpy3DParms texels = p;
    size_t *width = &texels.extent.width;
    if (p.dstArray && !rt_bytes_to_texels(p.dstArray, &texels.dstPos.x, width)) bytes = true;
    if (p.dstArray) width = NULL; /* converted once, in the destination's texels */
    if (p.srcArray && !rt_bytes_to_texels(p.srcArray, &texels.srcPos.x, width)) bytes = true;
    if (bytes && p.srcArray && p.dstArray) e = cudaErrorInvalidValue;
    if (!bytes) p = texels;
  }
  if (e == cudaSuccess && bytes) {
    /* by the host (rt_array_copy_bytes): no node for a capture, which refuses it */
    e = rt_capture_sync(stream);
    if (e == cudaSuccess) e = rt_array_copy_bytes(d, &p, stream);
    if (synchronous) rt_services_flush();
    return rt_leave(e);
  }
  if (e == cudaSuccess && synchronous) {
    e = rt_capture_sync(stream);
  } else if (e == cudaSuccess) {
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemcpy};
    node.memcpy.copyParams = p;
    e = rt_capture_node(stream, &node, &captured);
  }
  if (e == cudaSuccess && !captured) e = rt_array_copy(d, &p, stream);
  if (e == cudaSuccess && synchronous && p.kind != cudaMemcpyDeviceToDevice)
    e = rt_stream_host_wait(d, stream);
  if (synchronous) rt_services_flush();
  return rt_leave(e);
}

/* The parameters of a 2-D copy (bytes) between an array position and pitched memory. */
static struct cudaMemcpy3DParms rt_array_params(cudaArray_t dst_array, size_t dst_x, size_t dst_y,
                                                void *dst, size_t dpitch, cudaArray_t src_array,
                                                size_t src_x, size_t src_y, const void *src,
                                                size_t spitch, size_t width, size_t height,
                                                enum cudaMemcpyKind kind) {
  struct cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.dstArray = dst_array, p.srcArray = src_array;
  if (dst_array)
    p.dstPos = (struct cudaPos){dst_x, dst_y, 0};
  else
    p.dstPtr = (struct cudaPitchedPtr){dst, dpitch, width, height};
  if (src_array)
    p.srcPos = (struct cudaPos){src_x, src_y, 0};
  else
    p.srcPtr = (struct cudaPitchedPtr){(void *)src, spitch, width, height};
  p.extent = (struct cudaExtent){width, height, 1};
  p.kind = kind;
  return p;
}

static cudaError_t rt_to_array(cudaArray_t dst, size_t w_offset, size_t h_offset, const void *src,
                               size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind,
                               bool synchronous, cudaStream_t stream) {
  if (!src) return rt_record(cudaErrorInvalidValue);
  if (width > spitch) return rt_record(cudaErrorInvalidPitchValue);
  return rt_array_copy_call(rt_array_params(dst, w_offset, h_offset, NULL, 0, NULL, 0, 0, src,
                                            spitch, width, height, kind),
                            true, synchronous, stream);
}

static cudaError_t rt_from_array(void *dst, size_t dpitch, cudaArray_const_t src, size_t w_offset,
                                 size_t h_offset, size_t width, size_t height,
                                 enum cudaMemcpyKind kind, bool synchronous, cudaStream_t stream) {
  if (!dst) return rt_record(cudaErrorInvalidValue);
  if (width > dpitch) return rt_record(cudaErrorInvalidPitchValue);
  return rt_array_copy_call(rt_array_params(NULL, 0, 0, dst, dpitch, (cudaArray_t)src, w_offset,
                                            h_offset, NULL, 0, width, height, kind),
                            true, synchronous, stream);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                size_t spitch, size_t width, size_t height,
                                enum cudaMemcpyKind kind) {
  return rt_to_array(dst, wOffset, hOffset, src, spitch, width, height, kind, true, 0);
}
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                     const void *src, size_t spitch, size_t width, size_t height,
                                     enum cudaMemcpyKind kind, cudaStream_t stream) {
  return rt_to_array(dst, wOffset, hOffset, src, spitch, width, height, kind, false, stream);
}
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind) {
  return rt_from_array(dst, dpitch, src, wOffset, hOffset, width, height, kind, true, 0);
}
cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
                                       size_t wOffset, size_t hOffset, size_t width, size_t height,
                                       enum cudaMemcpyKind kind, cudaStream_t stream) {
  return rt_from_array(dst, dpitch, src, wOffset, hOffset, width, height, kind, false, stream);
}
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                     cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                     size_t width, size_t height, enum cudaMemcpyKind kind) {
  return rt_array_copy_call(rt_array_params(dst, wOffsetDst, hOffsetDst, NULL, 0, (cudaArray_t)src,
                                            wOffsetSrc, hOffsetSrc, NULL, 0, width, height, kind),
                            true, true, 0);
}

/* The deprecated 1-D forms: count bytes from (wOffset, hOffset) on in the array's row-major
 * order — the rest of the first row, whole rows, the start of the last — each part a 2-D
 * copy. */
typedef cudaError_t (*rt_row_copy)(cudaArray_t array, size_t x, size_t y, void *memory,
                                   size_t bytes, enum cudaMemcpyKind kind, bool synchronous,
                                   cudaStream_t stream);

static cudaError_t rt_row_to(cudaArray_t array, size_t x, size_t y, void *memory, size_t bytes,
                             enum cudaMemcpyKind kind, bool synchronous, cudaStream_t stream) {
  return rt_to_array(array, x, y, memory, bytes, bytes, 1, kind, synchronous, stream);
}
static cudaError_t rt_row_from(cudaArray_t array, size_t x, size_t y, void *memory, size_t bytes,
                               enum cudaMemcpyKind kind, bool synchronous, cudaStream_t stream) {
  return rt_from_array(memory, bytes, array, x, y, bytes, 1, kind, synchronous, stream);
}

static cudaError_t rt_linear_array_copy(cudaArray_t array, size_t x, size_t y, void *memory,
                                        size_t count, enum cudaMemcpyKind kind, bool synchronous,
                                        cudaStream_t stream, rt_row_copy copy) {
  if (!memory) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  size_t row = 0, done = 0;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_array_valid(array)) e = cudaErrorInvalidValue;
  if (e == cudaSuccess) {
    struct cudaExtent extent;
    rt_array_info(array, NULL, &extent, NULL);
    row = extent.width * rt_array_texel_bytes(array);
  }
  if (rt_leave(e) != cudaSuccess) return e;
  while (e == cudaSuccess && done < count) {
    if (x >= row) return rt_record(cudaErrorInvalidValue);
    size_t part = count - done < row - x ? count - done : row - x;
    e = copy(array, x, y, (char *)memory + done, part, kind, synchronous, stream);
    done += part, x = 0, y++;
  }
  return e;
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                              size_t count, enum cudaMemcpyKind kind) {
  return rt_linear_array_copy(dst, wOffset, hOffset, (void *)src, count, kind, true, 0, rt_row_to);
}
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                   size_t count, enum cudaMemcpyKind kind, cudaStream_t stream) {
  return rt_linear_array_copy(dst, wOffset, hOffset, (void *)src, count, kind, false, stream,
                              rt_row_to);
}
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t count, enum cudaMemcpyKind kind) {
  return rt_linear_array_copy((cudaArray_t)src, wOffset, hOffset, dst, count, kind, true, 0,
                              rt_row_from);
}
cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset,
                                     size_t hOffset, size_t count, enum cudaMemcpyKind kind,
                                     cudaStream_t stream) {
  return rt_linear_array_copy((cudaArray_t)src, wOffset, hOffset, dst, count, kind, false, stream,
                              rt_row_from);
}

static cudaError_t rt_memcpy_3d(const struct cudaMemcpy3DParms *p, bool synchronous,
                                cudaStream_t stream) {
  if (!p) return rt_record(cudaErrorInvalidValue);
  cudaError_t e = rt_check_3d(p->srcArray, p->srcPtr.ptr, p->dstArray, p->dstPtr.ptr);
  if (e != cudaSuccess) return rt_record(e);
  if (p->srcArray || p->dstArray) return rt_array_copy_call(*p, false, synchronous, stream);
  rt_region to = rt_pitched(p->dstPtr, p->dstPos), from = rt_pitched(p->srcPtr, p->srcPos);
  return rt_copy_3d(&to, &from, p->extent.width, p->extent.height, p->extent.depth, p->kind,
                    synchronous, stream);
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p) {
  return rt_memcpy_3d(p, true, 0);
}
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream) {
  return rt_memcpy_3d(p, false, stream);
}

/* ---- peers: one device, so device 0 to device 0 --------------------------------------- */

static cudaError_t rt_peer_copy_3d(const struct cudaMemcpy3DPeerParms *p, bool synchronous,
                                   cudaStream_t stream) {
  if (!p) return rt_record(cudaErrorInvalidValue);
  if (p->srcDevice != 0 || p->dstDevice != 0) return rt_record(cudaErrorInvalidDevice);
  cudaError_t e = rt_check_3d(p->srcArray, p->srcPtr.ptr, p->dstArray, p->dstPtr.ptr);
  if (e != cudaSuccess) return rt_record(e);
  if (p->srcArray || p->dstArray) {
    struct cudaMemcpy3DParms q = {p->srcArray, p->srcPos, p->srcPtr, p->dstArray,
                                  p->dstPos,   p->dstPtr, p->extent, cudaMemcpyDefault};
    return rt_array_copy_call(q, false, synchronous, stream);
  }
  rt_region to = rt_pitched(p->dstPtr, p->dstPos), from = rt_pitched(p->srcPtr, p->srcPos);
  return rt_copy_3d(&to, &from, p->extent.width, p->extent.height, p->extent.depth,
                    cudaMemcpyDefault, synchronous, stream);
}

cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p) {
  return rt_peer_copy_3d(p, true, 0);
}
cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream) {
  return rt_peer_copy_3d(p, false, stream);
}

/* A device-to-device copy on stream (asynchronous for the host, as a
 * device-to-device cudaMemcpy is). */
static cudaError_t rt_peer_copy(void *dst, int dst_device, const void *src, int src_device,
                                size_t count, cudaStream_t stream) {
  if (dst_device != 0 || src_device != 0) return rt_record(cudaErrorInvalidDevice);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  bool captured = false;
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess)
    e = rt_capture_copy(stream, dst, src, count, cudaMemcpyDeviceToDevice, &captured);
  if (e == cudaSuccess && !captured)
    e = rt_memory_copy_async(d, dst, src, count, cudaMemcpyDeviceToDevice, stream);
  return rt_leave(e);
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count) {
  return rt_peer_copy(dst, dstDevice, src, srcDevice, count, 0);
}
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                size_t count, cudaStream_t stream) {
  return rt_peer_copy(dst, dstDevice, src, srcDevice, count, stream);
}

/* ---- 2-D and 3-D memsets ------------------------------------------------------------ */

static cudaError_t rt_fill_3d(const rt_region *dst, int value, size_t width, size_t height,
                              size_t depth, bool synchronous, cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  bool captured = false;
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  /* In a capture an asynchronous 2-D memset is a memset node; a 3-D one (which
   * a memset node cannot describe) is refused as a synchronising call is. */
  if (e == cudaSuccess && depth <= 1 && !synchronous) {
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemset};
    node.memset =
        (struct cudaMemsetParamsV2){dst->base, dst->pitch, (unsigned char)value, 1, width, height};
    e = rt_capture_node(stream, &node, &captured);
  } else if (e == cudaSuccess) {
    e = rt_capture_sync(stream);
  }
  /* Blits in the stream's order where the core can, else the host (core_memory.c). */
  if (e == cudaSuccess && !captured)
    e = rt_memory_fill_3d(d, dst, value, width, height, depth, stream);
  return rt_leave(e);
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height) {
  rt_region r = {devPtr, pitch, 0};
  return rt_fill_3d(&r, value, width, height, 1, true, NULL);
}
cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream) {
  rt_region r = {devPtr, pitch, 0};
  return rt_fill_3d(&r, value, width, height, 1, false, stream);
}
cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent extent) {
  rt_region r = {p.ptr, p.pitch, p.pitch * p.ysize};
  return rt_fill_3d(&r, value, extent.width, extent.height, extent.depth, true, NULL);
}
cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
                              cudaStream_t stream) {
  rt_region r = {p.ptr, p.pitch, p.pitch * p.ysize};
  return rt_fill_3d(&r, value, extent.width, extent.height, extent.depth, false, stream);
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
  if (e == cudaSuccess) /* a blocking copy synchronises with stream; an async one is captured */
    e = synchronous ? rt_capture_sync(stream)
                    : rt_capture_copy(stream, to, from, count, kind, &captured);
  if (e == cudaSuccess && !captured) e = rt_memory_copy_async(d, to, from, count, kind, stream);
  if (e == cudaSuccess && synchronous && !captured) e = rt_stream_host_wait(d, stream);
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

/* The range must lie in one managed allocation; there is nothing to move,
 * but the hint is recorded for cudaMemRangeGetAttribute (core_hints.c). */
static cudaError_t rt_hint(const void *p, size_t count, int advice, struct cudaMemLocation where,
                           cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e != cudaSuccess) return rt_leave(e);
  const rt_block *block = rt_memory_find(d, p, count);
  if (!rt_stream_valid(stream))
    e = cudaErrorInvalidResourceHandle;
  else if (!rt_managed_block(block, p))
    e = cudaErrorInvalidValue;
  else if (!rt_location_valid(where))
    e = where.type == cudaMemLocationTypeDevice ? cudaErrorInvalidDevice : cudaErrorInvalidValue;
  else
    e = rt_hints_record(rt_memory_block_start(d, block), block->requested, p, count, advice, where);
  return rt_leave(e);
}

cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream) {
  if (flags != 0) return rt_record(cudaErrorInvalidValue);
  return rt_hint(devPtr, count, RT_HINT_PREFETCH, location, stream);
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location) {
  if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy)
    return rt_record(cudaErrorInvalidValue);
  if (advice == cudaMemAdviseSetReadMostly || advice == cudaMemAdviseUnsetReadMostly)
    location = (struct cudaMemLocation){cudaMemLocationTypeDevice, 0}; /* ignored by CUDA */
  return rt_hint(devPtr, count, (int)advice, location, 0);
}

/* Over one managed allocation (else cudaErrorInvalidValue), what the hints
 * recorded say (core_hints.c). */
static cudaError_t rt_range_attribute(rt_device *d, void *data, size_t data_size,
                                      enum cudaMemRangeAttribute attribute, const void *p,
                                      size_t count) {
  const rt_block *block = rt_memory_find(d, p, count);
  if (!data || count == 0 || !rt_managed_block(block, p)) return cudaErrorInvalidValue;
  return rt_hints_query(rt_memory_block_start(d, block), block->requested, p, count, attribute,
                        data, data_size);
}

cudaError_t cudaMemRangeGetAttribute(void *data, size_t dataSize,
                                     enum cudaMemRangeAttribute attribute, const void *devPtr,
                                     size_t count) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_range_attribute(d, data, dataSize, attribute, devPtr, count);
  return rt_leave(e);
}

cudaError_t cudaMemRangeGetAttributes(void **data, size_t *dataSizes,
                                      enum cudaMemRangeAttribute *attributes, size_t numAttributes,
                                      const void *devPtr, size_t count) {
  if (!data || !dataSizes || !attributes || numAttributes == 0)
    return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  for (size_t i = 0; e == cudaSuccess && i < numAttributes; i++)
    e = rt_range_attribute(d, data[i], dataSizes[i], attributes[i], devPtr, count);
  return rt_leave(e);
}

/* Unified memory is one memory here: attaching changes nothing, but the
 * arguments are CUDA's: a managed allocation's start, length 0 or its size,
 * one of the three flags, and cudaMemAttachSingle only on a real stream. */
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length,
                                     unsigned int flags) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e != cudaSuccess) return rt_leave(e);
  const rt_block *block = rt_memory_find(d, devPtr, 0);
  if (!rt_stream_valid(stream))
    e = cudaErrorInvalidResourceHandle;
  else if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost &&
           flags != cudaMemAttachSingle)
    e = cudaErrorInvalidValue;
  else if (flags == cudaMemAttachSingle && (stream == 0 || stream == cudaStreamLegacy))
    e = cudaErrorInvalidValue;
  else if (!rt_managed_block(block, devPtr) || (length != 0 && length != block->requested))
    e = cudaErrorInvalidValue;
  return rt_leave(e);
}

/* ---- the per-thread default stream's entry points ---------------------------------- */

/* What a program compiled with --default-stream per-thread calls
 * (cuda_runtime_api.h maps the names as CUDA's header does): the _ptsz forms
 * read stream 0 as cudaStreamPerThread, the _ptds forms are the blocking
 * calls on the calling thread's per-thread stream instead of the legacy one. */

cudaError_t cudaMemcpyAsync_ptsz(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                 cudaStream_t stream) {
  return cudaMemcpyAsync(dst, src, count, kind, rt_stream_ptsz(stream));
}
cudaError_t cudaMemsetAsync_ptsz(void *devPtr, int value, size_t count, cudaStream_t stream) {
  return cudaMemsetAsync(devPtr, value, count, rt_stream_ptsz(stream));
}
cudaError_t cudaMemcpyToSymbolAsync_ptsz(const void *symbol, const void *src, size_t count,
                                         size_t offset, enum cudaMemcpyKind kind,
                                         cudaStream_t stream) {
  return cudaMemcpyToSymbolAsync(symbol, src, count, offset, kind, rt_stream_ptsz(stream));
}
cudaError_t cudaMemcpyFromSymbolAsync_ptsz(void *dst, const void *symbol, size_t count,
                                           size_t offset, enum cudaMemcpyKind kind,
                                           cudaStream_t stream) {
  return cudaMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, rt_stream_ptsz(stream));
}
cudaError_t cudaMemcpy2DAsync_ptsz(void *dst, size_t dpitch, const void *src, size_t spitch,
                                   size_t width, size_t height, enum cudaMemcpyKind kind,
                                   cudaStream_t stream) {
  return cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, rt_stream_ptsz(stream));
}
cudaError_t cudaMemcpy3DAsync_ptsz(const struct cudaMemcpy3DParms *p, cudaStream_t stream) {
  return cudaMemcpy3DAsync(p, rt_stream_ptsz(stream));
}
cudaError_t cudaMemcpy3DPeerAsync_ptsz(const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream) {
  return cudaMemcpy3DPeerAsync(p, rt_stream_ptsz(stream));
}
cudaError_t cudaMemset2DAsync_ptsz(void *devPtr, size_t pitch, int value, size_t width,
                                   size_t height, cudaStream_t stream) {
  return cudaMemset2DAsync(devPtr, pitch, value, width, height, rt_stream_ptsz(stream));
}
cudaError_t cudaMemset3DAsync_ptsz(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
                                   cudaStream_t stream) {
  return cudaMemset3DAsync(p, value, extent, rt_stream_ptsz(stream));
}
cudaError_t cudaMemPrefetchAsync_ptsz(const void *devPtr, size_t count,
                                      struct cudaMemLocation location, unsigned int flags,
                                      cudaStream_t stream) {
  return cudaMemPrefetchAsync(devPtr, count, location, flags, rt_stream_ptsz(stream));
}
/* cudaMemAttachSingle on stream 0 is the per-thread stream here, a real one. */
cudaError_t cudaStreamAttachMemAsync_ptsz(cudaStream_t stream, void *devPtr, size_t length,
                                          unsigned int flags) {
  return cudaStreamAttachMemAsync(rt_stream_ptsz(stream), devPtr, length, flags);
}

cudaError_t cudaMemcpy_ptds(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
  return rt_copy_blocking(dst, src, count, kind, cudaStreamPerThread);
}
cudaError_t cudaMemset_ptds(void *devPtr, int value, size_t count) {
  return rt_fill_blocking(devPtr, value, count, cudaStreamPerThread);
}
cudaError_t cudaMemcpyToSymbol_ptds(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind) {
  return rt_symbol_copy(symbol, (void *)src, count, offset, kind, true, true, cudaStreamPerThread);
}
cudaError_t cudaMemcpyFromSymbol_ptds(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind) {
  return rt_symbol_copy(symbol, dst, count, offset, kind, false, true, cudaStreamPerThread);
}
cudaError_t cudaMemcpy2D_ptds(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind) {
  rt_region to = {dst, dpitch, 0}, from = {(void *)src, spitch, 0};
  return rt_copy_3d(&to, &from, width, height, 1, kind, true, cudaStreamPerThread);
}
cudaError_t cudaMemcpy3D_ptds(const struct cudaMemcpy3DParms *p) {
  return rt_memcpy_3d(p, true, cudaStreamPerThread);
}
cudaError_t cudaMemcpy3DPeer_ptds(const struct cudaMemcpy3DPeerParms *p) {
  return rt_peer_copy_3d(p, true, cudaStreamPerThread);
}
cudaError_t cudaMemset2D_ptds(void *devPtr, size_t pitch, int value, size_t width, size_t height) {
  rt_region r = {devPtr, pitch, 0};
  return rt_fill_3d(&r, value, width, height, 1, true, cudaStreamPerThread);
}
cudaError_t cudaMemset3D_ptds(struct cudaPitchedPtr p, int value, struct cudaExtent extent) {
  rt_region r = {p.ptr, p.pitch, p.pitch * p.ysize};
  return rt_fill_3d(&r, value, extent.width, extent.height, extent.depth, true,
                    cudaStreamPerThread);
}
cudaError_t cudaMemcpy2DToArray_ptds(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                     const void *src, size_t spitch, size_t width, size_t height,
                                     enum cudaMemcpyKind kind) {
  return rt_to_array(dst, wOffset, hOffset, src, spitch, width, height, kind, true,
                     cudaStreamPerThread);
}
cudaError_t cudaMemcpy2DFromArray_ptds(void *dst, size_t dpitch, cudaArray_const_t src,
                                       size_t wOffset, size_t hOffset, size_t width, size_t height,
                                       enum cudaMemcpyKind kind) {
  return rt_from_array(dst, dpitch, src, wOffset, hOffset, width, height, kind, true,
                       cudaStreamPerThread);
}
cudaError_t cudaMemcpy2DToArrayAsync_ptsz(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                          const void *src, size_t spitch, size_t width,
                                          size_t height, enum cudaMemcpyKind kind,
                                          cudaStream_t stream) {
  return rt_to_array(dst, wOffset, hOffset, src, spitch, width, height, kind, false,
                     rt_stream_ptsz(stream));
}
cudaError_t cudaMemcpy2DFromArrayAsync_ptsz(void *dst, size_t dpitch, cudaArray_const_t src,
                                            size_t wOffset, size_t hOffset, size_t width,
                                            size_t height, enum cudaMemcpyKind kind,
                                            cudaStream_t stream) {
  return rt_from_array(dst, dpitch, src, wOffset, hOffset, width, height, kind, false,
                       rt_stream_ptsz(stream));
}
