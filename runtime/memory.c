/* runtime/memory.c — allocation, copies, memsets and symbol access.
 *
 * Every allocation (cudaMalloc, cudaMallocHost/cudaHostAlloc,
 * cudaMallocManaged) is a block of the one arena buffer, and its CUDA
 * pointer is the arena's CPU address (contents) plus the block's offset: the
 * same value works on the host and, translated by the kernel, on the device
 * (docs/design.md, "Memory model"). Host memory and managed memory are
 * therefore the same thing as device memory here; the kinds are kept only
 * so that each free function accepts exactly what CUDA's accepts.
 *
 * Ordering: the host touches arena memory only after every command buffer
 * in flight has completed (cudaMemcpy is synchronous, as CUDA's is).
 * Device-to-device copies and memsets are encoded as Metal blits, ordered
 * after earlier launches, without waiting — unless an offset or size is not
 * a multiple of 4, which Metal's blits on macOS do not allow: then the host
 * waits and does the work. */
#include <stdint.h>
#include <string.h>

#include "rt.h"

enum { RT_BLIT_ALIGN = 4 };

const rt_block *rt_memory_find(rt_device_state *s, const void *pointer, size_t size) {
  uintptr_t base = (uintptr_t)s->arena_base, p = (uintptr_t)pointer;
  if (p < base || p - base >= s->arena.capacity) return NULL;
  const rt_block *block = rt_arena_find(&s->arena, p - base);
  if (!block) return NULL;
  uint64_t within = p - base - block->offset;
  if (within >= block->requested || size > block->requested - within) return NULL;
  return block;
}

static bool rt_in_arena(rt_device_state *s, const void *pointer) {
  uintptr_t base = (uintptr_t)s->arena_base, p = (uintptr_t)pointer;
  return p >= base && p - base < s->arena.capacity;
}

/* Takes the lock and readies the device unless a sticky error stands. On
 * success the caller holds the lock and must call rt_leave. */
static cudaError_t rt_enter(rt_device_state **s, void **pool) {
  rt_lock();
  cudaError_t e = rt_sticky_error();
  if (e == cudaSuccess) e = rt_device_ready(s);
  if (e != cudaSuccess) {
    rt_unlock();
    return e;
  }
  *pool = mtl_autorelease_push();
  return cudaSuccess;
}

static cudaError_t rt_leave(void *pool, cudaError_t e) {
  mtl_autorelease_pop(pool);
  rt_unlock();
  return rt_record(e);
}

/* ---- allocation ------------------------------------------------------------------ */

static cudaError_t rt_allocate(void **out, size_t size, rt_block_kind kind) {
  if (!out) return rt_record(cudaErrorInvalidValue);
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  uint64_t offset;
  if (size == 0)
    *out = NULL; /* CUDA: success and a null pointer */
  else if (!rt_arena_alloc(&s->arena, size, kind, &offset)) {
    *out = NULL; /* as CUDA 13 does (observed) */
    e = cudaErrorMemoryAllocation;
  } else
    *out = s->arena_base + offset;
  return rt_leave(pool, e);
}

/* Frees p, which must start a block of one of the two kinds. Waits for the
 * device first (CUDA's cudaFree synchronises too), so no kernel still uses
 * memory that is handed out again. */
static cudaError_t rt_release(void *p, rt_block_kind kind, rt_block_kind other_kind) {
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  if (p) {
    e = rt_wait_all();
    uint64_t offset = (uint64_t)((uintptr_t)p - (uintptr_t)s->arena_base);
    if (e == cudaSuccess && (!rt_in_arena(s, p) || (!rt_arena_free(&s->arena, offset, kind) &&
                                                    !rt_arena_free(&s->arena, offset, other_kind))))
      e = cudaErrorInvalidValue;
  }
  return rt_leave(pool, e);
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
  rt_lock();
  bool valid = rt_stream_valid(stream);
  rt_unlock();
  return valid ? cudaSuccess : rt_record(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream) {
  cudaError_t e = rt_check_stream(stream);
  return e != cudaSuccess ? e : rt_allocate(devPtr, size, RT_BLOCK_DEVICE);
}

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream) {
  cudaError_t e = rt_check_stream(stream);
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

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags) {
  if (!pDevice || flags != 0) return rt_record(cudaErrorInvalidValue);
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  const rt_block *block = rt_memory_find(s, pHost, 0);
  if (!block || block->kind != RT_BLOCK_HOST)
    e = cudaErrorInvalidValue;
  else
    *pDevice = pHost; /* one pointer value everywhere */
  return rt_leave(pool, e);
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr) {
  if (!attributes) return rt_record(cudaErrorInvalidValue);
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  const rt_block *block = rt_memory_find(s, ptr, 0);
  memset(attributes, 0, sizeof *attributes);
  if (!block) {
    attributes->type = cudaMemoryTypeUnregistered;
    attributes->device = -2; /* no device owns it */
  } else {
    attributes->type = block->kind == RT_BLOCK_HOST      ? cudaMemoryTypeHost
                       : block->kind == RT_BLOCK_MANAGED ? cudaMemoryTypeManaged
                                                         : cudaMemoryTypeDevice;
    attributes->devicePointer = (void *)ptr;
    attributes->hostPointer =
        block->kind == RT_BLOCK_DEVICE || block->kind == RT_BLOCK_GLOBAL ? NULL : (void *)ptr;
  }
  return rt_leave(pool, e);
}

/* ---- copies and memsets ------------------------------------------------------------ */

static bool rt_blit_aligned(rt_device_state *s, const void *a, const void *b, size_t count) {
  uint64_t oa = (uintptr_t)a - (uintptr_t)s->arena_base,
           ob = (uintptr_t)b - (uintptr_t)s->arena_base;
  return oa % RT_BLIT_ALIGN == 0 && ob % RT_BLIT_ALIGN == 0 && count % RT_BLIT_ALIGN == 0;
}

/* A blit command buffer: copy (src != NULL) or fill with value. */
static cudaError_t rt_blit(rt_device_state *s, void *dst, const void *src, int value,
                           size_t count) {
  mtl_id command_buffer = mtl_queue_command_buffer(s->queue);
  mtl_id encoder = command_buffer ? mtl_command_buffer_blit_encoder(command_buffer) : NULL;
  if (!encoder) return cudaErrorLaunchFailure;
  uint64_t dst_offset = (uintptr_t)dst - (uintptr_t)s->arena_base;
  if (src)
    mtl_blit_copy_buffer(encoder, s->arena_buffer, (uintptr_t)src - (uintptr_t)s->arena_base,
                         s->arena_buffer, dst_offset, count);
  else
    mtl_blit_fill_buffer(encoder, s->arena_buffer, (mtl_range){dst_offset, count}, (uint8_t)value);
  mtl_encoder_end_encoding(encoder);
  mtl_command_buffer_commit(command_buffer);
  rt_track_command_buffer(command_buffer, NULL);
  return cudaSuccess;
}

/* Is the side of a copy that kind says is on the device really there?
 * A pointer into the arena must have the whole range inside one allocation. */
static cudaError_t rt_check_side(rt_device_state *s, const void *p, size_t count, bool device) {
  if (!p) return cudaErrorInvalidValue;
  bool in_arena = rt_in_arena(s, p);
  if (in_arena && !rt_memory_find(s, p, count)) return cudaErrorInvalidValue;
  if (device && !in_arena) return cudaErrorInvalidValue;
  return cudaSuccess;
}

/* cudaMemcpy's work (lock held, device ready). */
static cudaError_t rt_copy(rt_device_state *s, void *dst, const void *src, size_t count,
                           enum cudaMemcpyKind kind) {
  if ((unsigned)kind > cudaMemcpyDefault) return cudaErrorInvalidMemcpyDirection;
  if (count == 0) return cudaSuccess;
  bool dst_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  bool src_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  cudaError_t e = rt_check_side(s, dst, count, dst_device);
  if (e == cudaSuccess) e = rt_check_side(s, src, count, src_device);
  if (e != cudaSuccess) return e;
  if (rt_in_arena(s, dst) && rt_in_arena(s, src) && rt_blit_aligned(s, dst, src, count))
    return rt_blit(s, dst, src, 0, count);
  e = rt_wait_all();
  if (e == cudaSuccess) memmove(dst, src, count);
  return e;
}

static cudaError_t rt_memset(rt_device_state *s, void *p, int value, size_t count) {
  if (count == 0) return cudaSuccess;
  if (!rt_memory_find(s, p, count)) return cudaErrorInvalidValue;
  if (rt_blit_aligned(s, p, p, count)) return rt_blit(s, p, NULL, value, count);
  cudaError_t e = rt_wait_all();
  if (e == cudaSuccess) memset(p, value, count);
  return e;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  e = rt_copy(s, dst, src, count, kind);
  if (e == cudaSuccess && kind != cudaMemcpyDeviceToDevice) e = rt_wait_all();
  return rt_leave(pool, e);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream) {
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  e = rt_stream_valid(stream) ? rt_copy(s, dst, src, count, kind) : cudaErrorInvalidResourceHandle;
  return rt_leave(pool, e);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  return rt_leave(pool, rt_memset(s, devPtr, value, count));
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) {
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  e = rt_stream_valid(stream) ? rt_memset(s, devPtr, value, count) : cudaErrorInvalidResourceHandle;
  return rt_leave(pool, e);
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
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  void *address;
  size_t size;
  e = rt_stream_valid(stream) ? rt_module_symbol(symbol, &address, &size)
                              : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && (offset > size || count > size - offset)) e = cudaErrorInvalidValue;
  if (e == cudaSuccess) {
    unsigned char *at = (unsigned char *)address + offset;
    e = to_symbol ? rt_copy(s, at, other, count, kind) : rt_copy(s, other, at, count, kind);
  }
  if (e == cudaSuccess && synchronous) e = rt_wait_all();
  return rt_leave(pool, e);
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
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  return rt_leave(pool, rt_module_symbol(symbol, address, size));
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

/* ---- pitched memory ------------------------------------------------------------------ */

enum { RT_PITCH_ALIGN = 512 };

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height) {
  if (!devPtr || !pitch) return rt_record(cudaErrorInvalidValue);
  size_t row = (width + RT_PITCH_ALIGN - 1) / RT_PITCH_ALIGN * RT_PITCH_ALIGN;
  if (height && row > SIZE_MAX / height) return rt_record(cudaErrorMemoryAllocation);
  cudaError_t e = rt_allocate(devPtr, row * height, RT_BLOCK_DEVICE);
  if (e == cudaSuccess) *pitch = row;
  return e;
}

/* The bytes a 2-D region spans: from its start to the end of its last row. */
static size_t rt_span(size_t pitch, size_t width, size_t height) {
  return height ? pitch * (height - 1) + width : 0;
}

/* A 2-D copy (lock held, device ready): every row checked as one span per
 * side, then the host copies row by row after waiting for the device. */
static cudaError_t rt_copy_2d(rt_device_state *s, void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind) {
  if ((unsigned)kind > cudaMemcpyDefault) return cudaErrorInvalidMemcpyDirection;
  if (width > dpitch || width > spitch) return cudaErrorInvalidPitchValue;
  if (width == 0 || height == 0) return cudaSuccess;
  bool dst_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  bool src_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  cudaError_t e = rt_check_side(s, dst, rt_span(dpitch, width, height), dst_device);
  if (e == cudaSuccess) e = rt_check_side(s, src, rt_span(spitch, width, height), src_device);
  if (e == cudaSuccess) e = rt_wait_all();
  for (size_t row = 0; e == cudaSuccess && row < height; row++)
    memmove((char *)dst + row * dpitch, (const char *)src + row * spitch, width);
  return e;
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind) {
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  return rt_leave(pool, rt_copy_2d(s, dst, dpitch, src, spitch, width, height, kind));
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream) {
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  e = rt_stream_valid(stream) ? rt_copy_2d(s, dst, dpitch, src, spitch, width, height, kind)
                              : cudaErrorInvalidResourceHandle;
  return rt_leave(pool, e);
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height) {
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  if (width > pitch)
    e = cudaErrorInvalidPitchValue;
  else if (width && height && !rt_memory_find(s, devPtr, rt_span(pitch, width, height)))
    e = cudaErrorInvalidValue;
  else if (width && height)
    e = rt_wait_all();
  for (size_t row = 0; e == cudaSuccess && width && row < height; row++)
    memset((char *)devPtr + row * pitch, value, width);
  return rt_leave(pool, e);
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
  rt_device_state *s;
  void *pool;
  cudaError_t e = rt_enter(&s, &pool);
  if (e != cudaSuccess) return rt_record(e);
  const rt_block *block = rt_memory_find(s, p, count);
  if (!rt_stream_valid(stream))
    e = cudaErrorInvalidResourceHandle;
  else if (!block || block->kind != RT_BLOCK_MANAGED)
    e = cudaErrorInvalidValue;
  else if (!rt_location_valid(where))
    e = where.type == cudaMemLocationTypeDevice ? cudaErrorInvalidDevice : cudaErrorInvalidValue;
  return rt_leave(pool, e);
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
