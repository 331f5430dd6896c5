/* runtime/cu_memory.c — the driver API's memory: allocation in the one arena
 * (CUdeviceptr = the arena's CPU address, as cudaMalloc's pointers), copies,
 * memsets, address ranges and pointer attributes, over the same core as the
 * runtime's cudaMalloc & co. (core_memory.c), and host registration over the
 * runtime's (core_host.c). The virtual-memory calls are refused
 * (unsupported_driver.h). */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "cu_internal.h"

enum { RT_CU_PITCH_ALIGN = 512 };

static void *rt_cu_ptr(CUdeviceptr p) {
  return (void *)(uintptr_t)p;
}

static CUresult rt_cu_allocate(void **out, size_t size, rt_block_kind kind) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !out) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && size == 0) { /* CUDA: "bytesize 0", explained in the log */
    if (kind == RT_BLOCK_DEVICE) rt_log_message("Requested 0 byte allocation");
    r = CUDA_ERROR_INVALID_VALUE;
  }
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_capture_unsafe()); /* the capture mode decides */
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_memory_alloc(d, size, kind, out));
  if (r == CUDA_SUCCESS) rt_memory_set_owner(d, *out, rt_context_owner()); /* cuCtxDestroy */
  return rt_cu_leave(r);
}

static CUresult rt_cu_release(void *p, rt_block_kind kind, rt_block_kind other) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  /* NULL frees nothing (cuMemFree(0), cuMemFreeHost(NULL): CUDA_SUCCESS on the H200) */
  if (r == CUDA_SUCCESS && p) r = rt_cu_result(rt_memory_free(d, p, kind, other));
  return rt_cu_leave(r);
}

CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize) {
  void *p = NULL;
  CUresult r = rt_cu_allocate(dptr ? &p : NULL, bytesize, RT_BLOCK_DEVICE);
  if (r == CUDA_SUCCESS) *dptr = (CUdeviceptr)(uintptr_t)p;
  return r;
}

CUresult cuMemAllocPitch(CUdeviceptr *dptr, size_t *pPitch, size_t WidthInBytes, size_t Height,
                         unsigned int ElementSizeBytes) {
  RT_CU_CHECK_INIT();
  if (!dptr || !pPitch) return CUDA_ERROR_INVALID_VALUE;
  if (ElementSizeBytes != 4 && ElementSizeBytes != 8 && ElementSizeBytes != 16)
    return CUDA_ERROR_INVALID_VALUE;
  size_t pitch = (WidthInBytes + RT_CU_PITCH_ALIGN - 1) / RT_CU_PITCH_ALIGN * RT_CU_PITCH_ALIGN;
  if (Height && pitch > SIZE_MAX / Height) return CUDA_ERROR_OUT_OF_MEMORY;
  CUresult r = cuMemAlloc(dptr, pitch * Height);
  if (r == CUDA_SUCCESS) *pPitch = pitch;
  return r;
}

CUresult cuMemFree(CUdeviceptr dptr) {
  return rt_cu_release(rt_cu_ptr(dptr), RT_BLOCK_DEVICE, RT_BLOCK_MANAGED);
}

CUresult cuMemAllocHost(void **pp, size_t bytesize) {
  return rt_cu_allocate(pp, bytesize, RT_BLOCK_HOST);
}

CUresult cuMemFreeHost(void *p) {
  return rt_cu_release(p, RT_BLOCK_HOST, RT_BLOCK_HOST);
}

/* Every block is visible to host and device alike: PORTABLE, DEVICEMAP and
 * WRITECOMBINED change nothing. */
CUresult cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags) {
  const unsigned known =
      CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_WRITECOMBINED;
  if (Flags & ~known) return CUDA_ERROR_INVALID_VALUE;
  CUresult r = cuMemAllocHost(pp, bytesize);
  if (r != CUDA_SUCCESS || !*pp) return r;
  rt_device *d = NULL; /* the flags, for cuMemHostGetFlags (as cudaHostAlloc's) */
  r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) rt_memory_set_flags(d, *pp, Flags);
  return rt_cu_leave(r);
}

CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags) {
  RT_CU_CHECK_INIT();
  if (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST) return CUDA_ERROR_INVALID_VALUE;
  void *p = NULL;
  CUresult r = rt_cu_allocate(dptr ? &p : NULL, bytesize, RT_BLOCK_MANAGED);
  if (r == CUDA_SUCCESS) *dptr = (CUdeviceptr)(uintptr_t)p;
  return r;
}

CUresult cuMemHostGetDevicePointer(CUdeviceptr *pdptr, void *p, unsigned int Flags) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && (!pdptr || Flags != 0)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    void *device = NULL;
    r = rt_cu_result(rt_memory_device_pointer(d, p, &device));
    if (r == CUDA_SUCCESS) *pdptr = (CUdeviceptr)(uintptr_t)device;
  }
  return rt_cu_leave(r);
}

/* As cudaHostGetFlags: cuMemHostAlloc's flags (mapped always: all host memory
 * is), or a registration's (mapped too); other memory CUDA_ERROR_INVALID_VALUE. */
CUresult cuMemHostGetFlags(unsigned int *pFlags, void *p) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && (!pFlags || !p)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    const rt_block *block = rt_memory_find(d, p, 0);
    rt_host_range range;
    if (block && block->kind == RT_BLOCK_HOST)
      *pFlags = block->flags | CU_MEMHOSTALLOC_DEVICEMAP;
    else if (!block && rt_host_find(p, 0, &range) && !range.found_by_device)
      *pFlags = range.flags | CU_MEMHOSTREGISTER_DEVICEMAP;
    else
      r = CUDA_ERROR_INVALID_VALUE;
  }
  return rt_cu_leave(r);
}

/* A NULL output is skipped (H100, CUDA 13, 2026-12-06: cuMemGetInfo(NULL, NULL) is
 * CUDA_SUCCESS, as cudaMemGetInfo's). */
CUresult cuMemGetInfo(size_t *free, size_t *total) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) {
    size_t free_b = 0, total_b = 0;
    rt_device_memory(d, &free_b, &total_b);
    if (free) *free = free_b;
    if (total) *total = total_b;
  }
  return rt_cu_leave(r);
}

/* Nothing asked (both outputs NULL), nothing looked up: H200, CUDA 13,
 * 2026-12-01: cuMemGetAddressRange(NULL, NULL, 16) gives CUDA_SUCCESS. */
CUresult cuMemGetAddressRange(CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !pbase && !psize) return rt_cu_leave(CUDA_SUCCESS);
  const rt_block *block = r == CUDA_SUCCESS ? rt_memory_find(d, rt_cu_ptr(dptr), 0) : NULL;
  if (r == CUDA_SUCCESS && !block) r = CUDA_ERROR_NOT_FOUND;
  if (r == CUDA_SUCCESS) {
    if (pbase) *pbase = (CUdeviceptr)(uintptr_t)rt_memory_block_start(d, block);
    if (psize) *psize = (size_t)block->requested;
  }
  return rt_cu_leave(r);
}

/* ---- copies and memsets ---------------------------------------------------------- */

/* cudaMemcpyDefault: the core tells host from arena memory itself. The
 * synchronous forms wait, as CUDA's do (but for device to device). */
static CUresult rt_cu_copy(void *dst, const void *src, size_t count, bool wait, CUstream stream,
                           bool check_stream) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && check_stream && !rt_stream_valid(rt_cu_stream(stream)))
    r = CUDA_ERROR_INVALID_HANDLE;
  /* in a capture: an asynchronous copy is a memcpy node; a synchronous one
   * syncs with the legacy stream and is unsafe (the capture mode decides) */
  bool captured = false;
  if (r == CUDA_SUCCESS && !wait) {
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemcpy};
    node.memcpy.copyParams = rt_memory_copy_params_1d(dst, src, count, cudaMemcpyDefault);
    r = rt_cu_result(rt_capture_node(rt_cu_stream(stream), &node, &captured));
  } else if (r == CUDA_SUCCESS) {
    cudaError_t e = rt_capture_sync(NULL);
    if (e == cudaSuccess) e = rt_capture_unsafe();
    r = rt_cu_result(e);
  }
  if (r == CUDA_SUCCESS && !captured) {
    cudaError_t e =
        rt_memory_copy_async(d, dst, src, count, cudaMemcpyDefault, rt_cu_stream(stream));
    if (e == cudaSuccess && wait) e = rt_wait_all();
    if (wait) rt_services_flush(); /* a blocking copy flushes printf */
    r = rt_cu_result(e);
  }
  return rt_cu_leave(r);
}

CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount) {
  return rt_cu_copy(rt_cu_ptr(dst), rt_cu_ptr(src), ByteCount, true, NULL, false);
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CUstream hStream) {
  return rt_cu_copy(rt_cu_ptr(dst), rt_cu_ptr(src), ByteCount, false, hStream, true);
}
CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount) {
  return rt_cu_copy(rt_cu_ptr(dstDevice), srcHost, ByteCount, true, NULL, false);
}
CUresult cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount) {
  return rt_cu_copy(dstHost, rt_cu_ptr(srcDevice), ByteCount, true, NULL, false);
}
CUresult cuMemcpyDtoD(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount) {
  return rt_cu_copy(rt_cu_ptr(dstDevice), rt_cu_ptr(srcDevice), ByteCount, false, NULL, false);
}
CUresult cuMemcpyHtoDAsync(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount,
                           CUstream hStream) {
  return rt_cu_copy(rt_cu_ptr(dstDevice), srcHost, ByteCount, false, hStream, true);
}
CUresult cuMemcpyDtoHAsync(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
                           CUstream hStream) {
  return rt_cu_copy(dstHost, rt_cu_ptr(srcDevice), ByteCount, false, hStream, true);
}
CUresult cuMemcpyDtoDAsync(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount,
                           CUstream hStream) {
  return rt_cu_copy(rt_cu_ptr(dstDevice), rt_cu_ptr(srcDevice), ByteCount, false, hStream, true);
}

static CUresult rt_cu_fill(CUdeviceptr p, uint32_t value, size_t element, size_t n, CUstream stream,
                           bool check_stream) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && check_stream && !rt_stream_valid(rt_cu_stream(stream)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && (uintptr_t)p % element) r = CUDA_ERROR_INVALID_VALUE;
  bool captured = false; /* in a capture: a memset node */
  if (r == CUDA_SUCCESS) {
    struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeMemset};
    node.memset =
        (struct cudaMemsetParamsV2){rt_cu_ptr(p), n * element, value, (unsigned)element, n, 1};
    r = rt_cu_result(rt_capture_node(rt_cu_stream(stream), &node, &captured));
  }
  if (r == CUDA_SUCCESS && !captured)
    r = rt_cu_result(
        rt_memory_fill_pattern(d, rt_cu_ptr(p), value, element, n, rt_cu_stream(stream)));
  return rt_cu_leave(r);
}

CUresult cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc, size_t N) {
  return rt_cu_fill(dstDevice, uc, 1, N, NULL, false);
}
CUresult cuMemsetD16(CUdeviceptr dstDevice, unsigned short us, size_t N) {
  return rt_cu_fill(dstDevice, us, 2, N, NULL, false);
}
CUresult cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui, size_t N) {
  return rt_cu_fill(dstDevice, ui, 4, N, NULL, false);
}
CUresult cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream) {
  return rt_cu_fill(dstDevice, uc, 1, N, hStream, true);
}
CUresult cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream) {
  return rt_cu_fill(dstDevice, us, 2, N, hStream, true);
}
CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream) {
  return rt_cu_fill(dstDevice, ui, 4, N, hStream, true);
}

/* ---- 2-D and 3-D ------------------------------------------------------------------- */

/* Width elements of each of Height rows, pitch bytes apart (each row checked
 * by the core). */
static CUresult rt_cu_fill_2d(CUdeviceptr p, size_t pitch, uint32_t value, size_t element,
                              size_t width, size_t height, CUstream stream, bool check_stream) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && check_stream && !rt_stream_valid(rt_cu_stream(stream)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && ((uintptr_t)p % element || pitch % element))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && height > 1 && width * element > pitch) r = CUDA_ERROR_INVALID_VALUE;
  for (size_t row = 0; r == CUDA_SUCCESS && row < height; row++)
    r = rt_cu_result(rt_memory_fill_pattern(d, rt_cu_ptr(p + row * pitch), value, element, width,
                                            rt_cu_stream(stream)));
  return rt_cu_leave(r);
}

CUresult cuMemsetD2D8(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc, size_t Width,
                      size_t Height) {
  return rt_cu_fill_2d(dstDevice, dstPitch, uc, 1, Width, Height, NULL, false);
}
CUresult cuMemsetD2D16(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us, size_t Width,
                       size_t Height) {
  return rt_cu_fill_2d(dstDevice, dstPitch, us, 2, Width, Height, NULL, false);
}
CUresult cuMemsetD2D32(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui, size_t Width,
                       size_t Height) {
  return rt_cu_fill_2d(dstDevice, dstPitch, ui, 4, Width, Height, NULL, false);
}
CUresult cuMemsetD2D8Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc, size_t Width,
                           size_t Height, CUstream hStream) {
  return rt_cu_fill_2d(dstDevice, dstPitch, uc, 1, Width, Height, hStream, true);
}
CUresult cuMemsetD2D16Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us, size_t Width,
                            size_t Height, CUstream hStream) {
  return rt_cu_fill_2d(dstDevice, dstPitch, us, 2, Width, Height, hStream, true);
}
CUresult cuMemsetD2D32Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui, size_t Width,
                            size_t Height, CUstream hStream) {
  return rt_cu_fill_2d(dstDevice, dstPitch, ui, 4, Width, Height, hStream, true);
}

/* One operand of a 2-D/3-D copy: its first byte, from its memory type. */
static CUresult rt_cu_operand(CUmemorytype type, const void *host, CUdeviceptr device, size_t x,
                              size_t y, size_t z, size_t pitch, size_t height, const void **out) {
  const unsigned char *base;
  if (type == CU_MEMORYTYPE_HOST)
    base = host;
  else if (type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_UNIFIED)
    base = rt_cu_ptr(device);
  else
    return CUDA_ERROR_INVALID_VALUE;
  *out = base + (z * height + y) * pitch + x;
  return CUDA_SUCCESS;
}

/* One side of a copy with a CUDA array (core_texture.c's units: an array's x in texels, a
 * pointer's in bytes); *texel the array's texel size (0 for memory). */
static CUresult rt_cu_array_side(CUmemorytype type, const void *host, CUdeviceptr device,
                                 CUarray array, size_t x, size_t y, size_t z, size_t pitch,
                                 size_t height, cudaArray_t *array_out, struct cudaPos *pos,
                                 struct cudaPitchedPtr *ptr, size_t *texel) {
  *texel = 0;
  *pos = (struct cudaPos){x, y, z};
  if (type == CU_MEMORYTYPE_ARRAY) {
    *array_out = (cudaArray_t)(void *)array;
    if (!rt_array_valid(*array_out)) return CUDA_ERROR_INVALID_VALUE;
    *texel = rt_array_texel_bytes(*array_out);
    if (x % *texel) return CUDA_ERROR_INVALID_VALUE;
    pos->x = x / *texel;
    return CUDA_SUCCESS;
  }
  if (type == CU_MEMORYTYPE_HOST)
    *ptr = (struct cudaPitchedPtr){(void *)(uintptr_t)host, pitch, 0, height};
  else if (type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_UNIFIED)
    *ptr = (struct cudaPitchedPtr){(void *)rt_cu_ptr(device), pitch, 0, height};
  else
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

/* A copy with an array on either side (lock held, device ready): core_texture.c's. */
static CUresult rt_cu_array_copy(rt_device *d, const CUDA_MEMCPY3D *c, cudaStream_t stream) {
  struct cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  size_t src_texel, dst_texel;
  CUresult r = rt_cu_array_side(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
                                c->srcXInBytes, c->srcY, c->srcZ, c->srcPitch, c->srcHeight,
                                &p.srcArray, &p.srcPos, &p.srcPtr, &src_texel);
  if (r == CUDA_SUCCESS)
    r = rt_cu_array_side(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray, c->dstXInBytes,
                         c->dstY, c->dstZ, c->dstPitch, c->dstHeight, &p.dstArray, &p.dstPos,
                         &p.dstPtr, &dst_texel);
  size_t texel = dst_texel ? dst_texel : src_texel;
  if (r == CUDA_SUCCESS && c->WidthInBytes % texel) r = CUDA_ERROR_INVALID_VALUE;
  if (r != CUDA_SUCCESS) return r;
  p.extent = (struct cudaExtent){c->WidthInBytes / texel, c->Height, c->Depth};
  p.kind = cudaMemcpyDefault;
  return rt_cu_result(rt_array_copy(d, &p, stream));
}

/* Depth slices of Height rows of WidthInBytes on stream (lock held, device
 * ready): blits in the stream's order where the core can, else the host. */
static CUresult rt_cu_copy_3d(rt_device *d, const CUDA_MEMCPY3D *c, cudaStream_t stream) {
  if (c->srcMemoryType == CU_MEMORYTYPE_ARRAY || c->dstMemoryType == CU_MEMORYTYPE_ARRAY)
    return rt_cu_array_copy(d, c, stream);
  const void *src, *dst;
  CUresult r = rt_cu_operand(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcXInBytes, c->srcY,
                             c->srcZ, c->srcPitch, c->srcHeight, &src);
  if (r == CUDA_SUCCESS)
    r = rt_cu_operand(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstXInBytes, c->dstY, c->dstZ,
                      c->dstPitch, c->dstHeight, &dst);
  if (r == CUDA_SUCCESS && c->Depth > 1 && (c->srcHeight < c->Height || c->dstHeight < c->Height))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    rt_region to = {(void *)(uintptr_t)dst, c->dstPitch, c->dstHeight * c->dstPitch};
    rt_region from = {(void *)(uintptr_t)src, c->srcPitch, c->srcHeight * c->srcPitch};
    r = rt_cu_result(rt_memory_copy_3d(d, &to, &from, c->WidthInBytes, c->Height, c->Depth,
                                       cudaMemcpyDefault, stream));
  }
  return r;
}

static CUresult rt_cu_copy_nd(const CUDA_MEMCPY3D *c, CUstream stream, bool asynchronous) {
  if (!c) return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && asynchronous && !rt_stream_valid(rt_cu_stream(stream)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && (c->srcLOD || c->dstLOD)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_copy_3d(d, c, rt_cu_stream(stream));
  /* The blocking forms return after the copy unless both sides are device
   * memory (CUDA's rule); they flush printf. */
  bool on_device =
      c->srcMemoryType == CU_MEMORYTYPE_DEVICE && c->dstMemoryType == CU_MEMORYTYPE_DEVICE;
  if (r == CUDA_SUCCESS && !asynchronous && !on_device) r = rt_cu_result(rt_wait_all());
  if (!asynchronous) rt_services_flush();
  return rt_cu_leave(r);
}

/* A 2-D copy is a 3-D copy of depth 1. */
static CUDA_MEMCPY3D rt_cu_as_3d(const CUDA_MEMCPY2D *c) {
  CUDA_MEMCPY3D t;
  memset(&t, 0, sizeof t);
  t.srcXInBytes = c->srcXInBytes, t.srcY = c->srcY, t.srcMemoryType = c->srcMemoryType;
  t.srcHost = c->srcHost, t.srcDevice = c->srcDevice, t.srcArray = c->srcArray;
  t.srcPitch = c->srcPitch;
  t.dstXInBytes = c->dstXInBytes, t.dstY = c->dstY, t.dstMemoryType = c->dstMemoryType;
  t.dstHost = c->dstHost, t.dstDevice = c->dstDevice, t.dstArray = c->dstArray;
  t.dstPitch = c->dstPitch;
  t.WidthInBytes = c->WidthInBytes, t.Height = c->Height, t.Depth = 1;
  return t;
}

CUresult cuMemcpy2D(const CUDA_MEMCPY2D *pCopy) {
  CUDA_MEMCPY3D t;
  if (pCopy) t = rt_cu_as_3d(pCopy);
  return rt_cu_copy_nd(pCopy ? &t : NULL, NULL, false);
}
CUresult cuMemcpy2DUnaligned(const CUDA_MEMCPY2D *pCopy) {
  return cuMemcpy2D(pCopy);
}
CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D *pCopy, CUstream hStream) {
  CUDA_MEMCPY3D t;
  if (pCopy) t = rt_cu_as_3d(pCopy);
  return rt_cu_copy_nd(pCopy ? &t : NULL, hStream, true);
}
CUresult cuMemcpy3D(const CUDA_MEMCPY3D *pCopy) {
  return rt_cu_copy_nd(pCopy, NULL, false);
}
CUresult cuMemcpy3DAsync(const CUDA_MEMCPY3D *pCopy, CUstream hStream) {
  return rt_cu_copy_nd(pCopy, hStream, true);
}

/* The 1-D copies with an array (cuMemcpyHtoA & co.): count bytes from byte offset of the
 * array in its row-major order (rows, then layers or slices), one 2-D copy of a row part
 * each; the other side host (host non-NULL) or device memory. Blocking forms return after
 * the copy unless both sides are device memory. */
static CUresult rt_cu_linear_array(CUarray array, size_t offset, bool to_array, const void *host,
                                   CUdeviceptr device, size_t count, CUstream stream,
                                   bool asynchronous) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  cudaArray_t a = (cudaArray_t)(void *)array;
  if (r == CUDA_SUCCESS && asynchronous && !rt_stream_valid(rt_cu_stream(stream)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && !rt_array_valid(a)) r = CUDA_ERROR_INVALID_VALUE;
  size_t row = 0, rows = 1;
  if (r == CUDA_SUCCESS) {
    struct cudaExtent e;
    rt_array_info(a, NULL, &e, NULL);
    row = e.width * rt_array_texel_bytes(a);
    rows = e.height ? e.height : 1;
    size_t total = row * rows * (e.depth ? e.depth : 1);
    if (offset > total || count > total - offset) r = CUDA_ERROR_INVALID_VALUE; /* nothing copied */
  }
  CUmemorytype other = host ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
  for (size_t done = 0; r == CUDA_SUCCESS && done < count;) {
    size_t at = offset + done, x = at % row, y = at / row % rows, z = at / row / rows;
    size_t part = count - done < row - x ? count - done : row - x;
    CUDA_MEMCPY3D c;
    memset(&c, 0, sizeof c);
    if (to_array) {
      c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.dstArray = array;
      c.dstXInBytes = x, c.dstY = y, c.dstZ = z;
      c.srcMemoryType = other, c.srcHost = host ? (const char *)host + done : NULL;
      c.srcDevice = host ? 0 : device + done, c.srcPitch = part, c.srcHeight = 1;
    } else {
      c.srcMemoryType = CU_MEMORYTYPE_ARRAY, c.srcArray = array;
      c.srcXInBytes = x, c.srcY = y, c.srcZ = z;
      c.dstMemoryType = other, c.dstHost = host ? (char *)(uintptr_t)host + done : NULL;
      c.dstDevice = host ? 0 : device + done, c.dstPitch = part, c.dstHeight = 1;
    }
    c.WidthInBytes = part, c.Height = 1, c.Depth = 1;
    r = rt_cu_copy_3d(d, &c, rt_cu_stream(stream));
    done += part;
  }
  if (r == CUDA_SUCCESS && !asynchronous && host) r = rt_cu_result(rt_wait_all());
  if (!asynchronous) rt_services_flush();
  return rt_cu_leave(r);
}

CUresult cuMemcpyHtoA(CUarray dstArray, size_t dstOffset, const void *srcHost, size_t ByteCount) {
  if (!srcHost)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_linear_array(dstArray, dstOffset, true, srcHost, 0, ByteCount, NULL, false);
}
CUresult cuMemcpyHtoAAsync(CUarray dstArray, size_t dstOffset, const void *srcHost,
                           size_t ByteCount, CUstream hStream) {
  if (!srcHost)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_linear_array(dstArray, dstOffset, true, srcHost, 0, ByteCount, hStream, true);
}
CUresult cuMemcpyAtoH(void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount) {
  if (!dstHost)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_linear_array(srcArray, srcOffset, false, dstHost, 0, ByteCount, NULL, false);
}
CUresult cuMemcpyAtoHAsync(void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount,
                           CUstream hStream) {
  if (!dstHost)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_linear_array(srcArray, srcOffset, false, dstHost, 0, ByteCount, hStream, true);
}
CUresult cuMemcpyDtoA(CUarray dstArray, size_t dstOffset, CUdeviceptr srcDevice, size_t ByteCount) {
  if (!srcDevice)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_linear_array(dstArray, dstOffset, true, NULL, srcDevice, ByteCount, NULL, false);
}
CUresult cuMemcpyAtoD(CUdeviceptr dstDevice, CUarray srcArray, size_t srcOffset, size_t ByteCount) {
  if (!dstDevice)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_linear_array(srcArray, srcOffset, false, NULL, dstDevice, ByteCount, NULL, false);
}

/* ---- pointer attributes ----------------------------------------------------------- */

CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attribute, CUdeviceptr ptr) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !data) r = CUDA_ERROR_INVALID_VALUE;
  const rt_block *block = r == CUDA_SUCCESS ? rt_memory_find(d, rt_cu_ptr(ptr), 0) : NULL;
  /* Memory Anchor did not allocate: CUDA's answer for an unknown pointer. */
  if (r == CUDA_SUCCESS && !block) r = CUDA_ERROR_INVALID_VALUE;
  if (r != CUDA_SUCCESS) return rt_cu_leave(r);
  bool host = block->kind == RT_BLOCK_HOST,
       managed = block->kind == RT_BLOCK_MANAGED ||
                 (block->kind == RT_BLOCK_GLOBAL && rt_module_managed_at(rt_cu_ptr(ptr)));
  switch (attribute) {
  case CU_POINTER_ATTRIBUTE_CONTEXT:
    *(CUcontext *)data = (CUcontext)(void *)rt_context_primary();
    break;
  case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
    *(unsigned *)data = host ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
    break;
  case CU_POINTER_ATTRIBUTE_DEVICE_POINTER: *(CUdeviceptr *)data = ptr; break;
  case CU_POINTER_ATTRIBUTE_HOST_POINTER:
    if (host || managed)
      *(void **)data = rt_cu_ptr(ptr);
    else
      r = CUDA_ERROR_INVALID_VALUE; /* device memory has no host pointer in CUDA */
    break;
  case CU_POINTER_ATTRIBUTE_IS_MANAGED: /* booleans are one byte (bool) */
    *(bool *)data = managed;
    break;
  case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL: *(int *)data = 0; break;
  case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
    *(bool *)data = true; /* one in-order queue: memory operations are synchronous */
    break;
  case CU_POINTER_ATTRIBUTE_BUFFER_ID:
    *(unsigned long long *)data = block->offset / 256 + 1; /* unique while allocated */
    break;
  case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
    *(CUdeviceptr *)data = (CUdeviceptr)(uintptr_t)rt_memory_block_start(d, block);
    break;
  case CU_POINTER_ATTRIBUTE_RANGE_SIZE: *(size_t *)data = (size_t)block->requested; break;
  case CU_POINTER_ATTRIBUTE_MAPPED: *(bool *)data = true; break;
  case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS:
    *(unsigned *)data = CU_POINTER_ATTRIBUTE_ACCESS_FLAG_READWRITE;
    break;
  default: r = CUDA_ERROR_INVALID_VALUE;
  }
  return rt_cu_leave(r);
}

/* "Unlike cuPointerGetAttribute, not an error for a pointer CUDA did not
 * allocate": each attribute that fails is zeroed (8 bytes at most; the
 * booleans and enums are smaller and zeroed to their size) and the call
 * succeeds; a bad attribute still fails. */
CUresult cuPointerGetAttributes(unsigned int numAttributes, CUpointer_attribute *attributes,
                                void **data, CUdeviceptr ptr) {
  RT_CU_CHECK_INIT();
  if (!attributes || !data) return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < numAttributes; i++) {
    if (!data[i]) return CUDA_ERROR_INVALID_VALUE;
    CUresult r = cuPointerGetAttribute(data[i], attributes[i], ptr);
    if (r == CUDA_ERROR_NOT_INITIALIZED || r == CUDA_ERROR_INVALID_CONTEXT) return r;
    if (r != CUDA_SUCCESS) {
      CUpointer_attribute a = attributes[i];
      size_t size = a == CU_POINTER_ATTRIBUTE_IS_MANAGED || a == CU_POINTER_ATTRIBUTE_MAPPED ||
                            a == CU_POINTER_ATTRIBUTE_SYNC_MEMOPS
                        ? 1
                    : a == CU_POINTER_ATTRIBUTE_MEMORY_TYPE ||
                            a == CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL ||
                            a == CU_POINTER_ATTRIBUTE_ACCESS_FLAGS
                        ? 4
                        : 8;
      if (a == CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL) {
        *(int *)data[i] = -2; /* no device */
      } else {
        memset(data[i], 0, size);
      }
    }
  }
  return CUDA_SUCCESS;
}

/* ---- host registration (core_host.c, as cudaHostRegister) ----------------------------- */

CUresult cuMemHostRegister(void *p, size_t bytesize, unsigned int Flags) {
  const unsigned known = CU_MEMHOSTREGISTER_PORTABLE | CU_MEMHOSTREGISTER_DEVICEMAP |
                         CU_MEMHOSTREGISTER_IOMEMORY | CU_MEMHOSTREGISTER_READ_ONLY;
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  /* IOMEMORY asks for device (PCIe BAR) memory, which no Apple GPU has. */
  if (r == CUDA_SUCCESS &&
      (!p || bytesize == 0 || (Flags & ~known) || (Flags & CU_MEMHOSTREGISTER_IOMEMORY)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_memory_register_host(d, p, bytesize, Flags));
  return rt_cu_leave(r);
}

CUresult cuMemHostUnregister(void *p) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !p) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_host_unregister(p));
  return rt_cu_leave(r);
}

/* ---- peers: every context is the one device's (issue 9) -------------------------------- */

/* A peer context: a live context (NULL: CUDA_ERROR_INVALID_CONTEXT). */
static bool rt_cu_context_live(CUcontext ctx) {
  return ctx && rt_context_valid((rt_ctx *)(void *)ctx);
}

/* Between contexts of the one device: a device-to-device copy, asynchronous
 * for the host as the runtime's cudaMemcpyPeer. */
static CUresult rt_cu_copy_peer(CUdeviceptr dst, CUcontext dst_ctx, CUdeviceptr src,
                                CUcontext src_ctx, size_t count, CUstream stream, bool check) {
  CUresult r = rt_cu_enter_initialised();
  bool valid = r == CUDA_SUCCESS && rt_cu_context_live(dst_ctx) && rt_cu_context_live(src_ctx);
  rt_leave_unrecorded(cudaSuccess);
  if (r != CUDA_SUCCESS) return r;
  if (!valid) return CUDA_ERROR_INVALID_CONTEXT;
  return rt_cu_copy(rt_cu_ptr(dst), rt_cu_ptr(src), count, false, stream, check);
}

CUresult cuMemcpyPeer(CUdeviceptr dstDevice, CUcontext dstContext, CUdeviceptr srcDevice,
                      CUcontext srcContext, size_t ByteCount) {
  return rt_cu_copy_peer(dstDevice, dstContext, srcDevice, srcContext, ByteCount, NULL, false);
}

CUresult cuMemcpyPeerAsync(CUdeviceptr dstDevice, CUcontext dstContext, CUdeviceptr srcDevice,
                           CUcontext srcContext, size_t ByteCount, CUstream hStream) {
  return rt_cu_copy_peer(dstDevice, dstContext, srcDevice, srcContext, ByteCount, hStream, true);
}

/* A CUDA_MEMCPY3D_PEER is a CUDA_MEMCPY3D between two contexts' memory. */
static CUresult rt_cu_copy_3d_peer(const CUDA_MEMCPY3D_PEER *p, CUstream stream, bool async) {
  if (!p) return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  CUresult r = rt_cu_enter_initialised();
  bool valid =
      r == CUDA_SUCCESS && rt_cu_context_live(p->srcContext) && rt_cu_context_live(p->dstContext);
  rt_leave_unrecorded(cudaSuccess);
  if (r != CUDA_SUCCESS) return r;
  if (!valid) return CUDA_ERROR_INVALID_CONTEXT;
  CUDA_MEMCPY3D c;
  memset(&c, 0, sizeof c);
  c.srcXInBytes = p->srcXInBytes, c.srcY = p->srcY, c.srcZ = p->srcZ, c.srcLOD = p->srcLOD;
  c.srcMemoryType = p->srcMemoryType, c.srcHost = p->srcHost, c.srcDevice = p->srcDevice;
  c.srcArray = p->srcArray, c.srcPitch = p->srcPitch, c.srcHeight = p->srcHeight;
  c.dstXInBytes = p->dstXInBytes, c.dstY = p->dstY, c.dstZ = p->dstZ, c.dstLOD = p->dstLOD;
  c.dstMemoryType = p->dstMemoryType, c.dstHost = p->dstHost, c.dstDevice = p->dstDevice;
  c.dstArray = p->dstArray, c.dstPitch = p->dstPitch, c.dstHeight = p->dstHeight;
  c.WidthInBytes = p->WidthInBytes, c.Height = p->Height, c.Depth = p->Depth;
  return rt_cu_copy_nd(&c, stream, async);
}

CUresult cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *pCopy) {
  return rt_cu_copy_3d_peer(pCopy, NULL, false);
}

CUresult cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *pCopy, CUstream hStream) {
  return rt_cu_copy_3d_peer(pCopy, hStream, true);
}

/* ---- unified-memory hints (the runtime's, core_hints.c) --------------------------------- */

/* Managed memory: a cuMemAllocManaged block or a __managed__ variable (as the
 * runtime's cuda_memory.c decides it). */
static bool rt_cu_managed(const rt_block *block, const void *p) {
  return block && (block->kind == RT_BLOCK_MANAGED ||
                   (block->kind == RT_BLOCK_GLOBAL && rt_module_managed_at(p)));
}

static bool rt_cu_location_valid(CUmemLocation where) {
  if (where.type == CU_MEM_LOCATION_TYPE_DEVICE) return where.id == 0;
  return where.type == CU_MEM_LOCATION_TYPE_HOST || where.type == CU_MEM_LOCATION_TYPE_HOST_NUMA ||
         where.type == CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT;
}

/* The range must lie in one managed allocation; there is nothing to move,
 * the hint is recorded for cuMemRangeGetAttribute. */
static CUresult rt_cu_hint(CUdeviceptr p, size_t count, int advice, CUmemLocation where,
                           CUstream stream) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r != CUDA_SUCCESS) return rt_cu_leave(r);
  const rt_block *block = rt_memory_find(d, rt_cu_ptr(p), count);
  if (!rt_stream_valid(rt_cu_stream(stream)))
    r = CUDA_ERROR_INVALID_HANDLE;
  else if (!rt_cu_managed(block, rt_cu_ptr(p)))
    r = CUDA_ERROR_INVALID_VALUE;
  else if (!rt_cu_location_valid(where))
    r = where.type == CU_MEM_LOCATION_TYPE_DEVICE ? CUDA_ERROR_INVALID_DEVICE
                                                  : CUDA_ERROR_INVALID_VALUE;
  else {
    struct cudaMemLocation location = {(enum cudaMemLocationType)where.type, where.id};
    r = rt_cu_result(rt_hints_record(rt_memory_block_start(d, block), block->requested,
                                     rt_cu_ptr(p), count, advice, location));
  }
  return rt_cu_leave(r);
}

CUresult cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count, CUmemLocation location,
                               unsigned int flags, CUstream hStream) {
  if (flags != 0)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_hint(devPtr, count, RT_HINT_PREFETCH, location, hStream);
}

/* CUmem_advise numbers the advice as cudaMemoryAdvise does. */
CUresult cuMemAdvise_v2(CUdeviceptr devPtr, size_t count, CUmem_advise advice,
                        CUmemLocation location) {
  if (advice < CU_MEM_ADVISE_SET_READ_MOSTLY || advice > CU_MEM_ADVISE_UNSET_ACCESSED_BY)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  if (advice == CU_MEM_ADVISE_SET_READ_MOSTLY || advice == CU_MEM_ADVISE_UNSET_READ_MOSTLY)
    location = (CUmemLocation){CU_MEM_LOCATION_TYPE_DEVICE, 0}; /* ignored by CUDA */
  return rt_cu_hint(devPtr, count, (int)advice, location, NULL);
}

static CUresult rt_cu_range_attribute(rt_device *d, void *data, size_t size,
                                      CUmem_range_attribute attribute, CUdeviceptr p,
                                      size_t count) {
  const rt_block *block = rt_memory_find(d, rt_cu_ptr(p), count);
  if (!data || count == 0 || !rt_cu_managed(block, rt_cu_ptr(p))) return CUDA_ERROR_INVALID_VALUE;
  return rt_cu_result(rt_hints_query(rt_memory_block_start(d, block), block->requested,
                                     rt_cu_ptr(p), count, (enum cudaMemRangeAttribute)attribute,
                                     data, size));
}

CUresult cuMemRangeGetAttribute(void *data, size_t dataSize, CUmem_range_attribute attribute,
                                CUdeviceptr devPtr, size_t count) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_range_attribute(d, data, dataSize, attribute, devPtr, count);
  return rt_cu_leave(r);
}

CUresult cuMemRangeGetAttributes(void **data, size_t *dataSizes, CUmem_range_attribute *attributes,
                                 size_t numAttributes, CUdeviceptr devPtr, size_t count) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && (!data || !dataSizes || !attributes || numAttributes == 0))
    r = CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; r == CUDA_SUCCESS && i < numAttributes; i++)
    r = rt_cu_range_attribute(d, data[i], dataSizes[i], attributes[i], devPtr, count);
  return rt_cu_leave(r);
}

/* Unified memory is one memory here: attaching changes nothing, but the
 * arguments are CUDA's (as cudaStreamAttachMemAsync). */
CUresult cuStreamAttachMemAsync(CUstream hStream, CUdeviceptr dptr, size_t length,
                                unsigned int flags) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r != CUDA_SUCCESS) return rt_cu_leave(r);
  const rt_block *block = rt_memory_find(d, rt_cu_ptr(dptr), 0);
  if (!rt_stream_valid(rt_cu_stream(hStream)))
    r = CUDA_ERROR_INVALID_HANDLE;
  else if (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST &&
           flags != CU_MEM_ATTACH_SINGLE)
    r = CUDA_ERROR_INVALID_VALUE;
  else if (flags == CU_MEM_ATTACH_SINGLE && (hStream == NULL || hStream == CU_STREAM_LEGACY))
    r = CUDA_ERROR_INVALID_VALUE;
  else if (!rt_cu_managed(block, rt_cu_ptr(dptr)) || (length != 0 && length != block->requested))
    r = CUDA_ERROR_INVALID_VALUE;
  return rt_cu_leave(r);
}

/* The one settable attribute, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS (value an
 * unsigned int; nonzero asks synchronous copies and memsets of the range to
 * synchronise, which Anchor's always do, and 0 is accepted too), on memory
 * Anchor allocated; any other attribute CUDA_ERROR_INVALID_VALUE. */
CUresult cuPointerSetAttribute(const void *value, CUpointer_attribute attribute, CUdeviceptr ptr) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && (!value || attribute != CU_POINTER_ATTRIBUTE_SYNC_MEMOPS))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_memory_find(d, rt_cu_ptr(ptr), 0)) r = CUDA_ERROR_INVALID_VALUE;
  return rt_cu_leave(r);
}
