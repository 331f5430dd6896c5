/* runtime/core_memory.c — the arena's memory: allocation, pointer lookup,
 * copies and fills.
 *
 * Every allocation (cudaMalloc, cudaMallocHost/cudaHostAlloc,
 * cudaMallocManaged) is a block of the one arena buffer, and its CUDA
 * pointer is the arena's CPU address (contents) plus the block's offset: the
 * same value works on the host and, translated by the kernel, on the device
 * (docs/design.md, "Memory model"). Host memory and managed memory are
 * therefore the same thing as device memory here; the kinds are kept only
 * so that each free function accepts exactly what CUDA's accepts.
 *
 * Ordering: copies and fills between arena memory (device, host and managed
 * allocations alike; 1-D, 2-D and 3-D) are encoded as Metal blits on the
 * call's stream, in its order, without waiting — unless an offset, pitch or
 * width is not a multiple of 4, which Metal's blits on macOS do not allow.
 * Otherwise (pageable or registered host memory, unaligned rows) the host
 * does the work after the stream's earlier work (rt_stream_host_wait: all
 * streams for the legacy stream), synchronously as CUDA permits. */
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "core_mtl.h"

enum { RT_BLIT_ALIGN = 4 };

static bool rt_in_arena(const rt_device *d, const void *pointer) {
  uintptr_t base = (uintptr_t)d->arena_base, p = (uintptr_t)pointer;
  return p >= base && p - base < d->arena.capacity;
}

static uint64_t rt_offset(const rt_device *d, const void *pointer) {
  return (uint64_t)((uintptr_t)pointer - (uintptr_t)d->arena_base);
}

const rt_block *rt_memory_find(rt_device *d, const void *pointer, size_t size) {
  assert(rt_lock_held() && d);
  if (!rt_in_arena(d, pointer)) return NULL;
  const rt_block *block = rt_arena_find(&d->arena, rt_offset(d, pointer));
  if (!block) return NULL;
  uint64_t within = rt_offset(d, pointer) - block->offset;
  if (within >= block->requested || size > block->requested - within) return NULL;
  return block;
}

/* ---- allocation ------------------------------------------------------------------ */

cudaError_t rt_memory_alloc(rt_device *d, size_t size, rt_block_kind kind, void **out) {
  assert(rt_lock_held() && d && out && kind != RT_BLOCK_FREE);
  uint64_t offset;
  *out = NULL; /* for size 0 (CUDA: success and a null pointer) and failure (as CUDA 13) */
  if (size == 0) return cudaSuccess;
  if (!rt_arena_alloc(&d->arena, size, kind, &offset)) return cudaErrorMemoryAllocation;
  *out = d->arena_base + offset;
  return cudaSuccess;
}

cudaError_t rt_memory_free(rt_device *d, void *p, rt_block_kind kind, rt_block_kind other_kind) {
  assert(rt_lock_held() && d);
  if (!p) return cudaSuccess;
  cudaError_t e = rt_wait_all();
  if (e == cudaSuccess &&
      (!rt_in_arena(d, p) || (!rt_arena_free(&d->arena, rt_offset(d, p), kind) &&
                              !rt_arena_free(&d->arena, rt_offset(d, p), other_kind))))
    e = cudaErrorInvalidValue;
  return e;
}

/* ---- copies and fills ------------------------------------------------------------ */

static bool rt_blit_aligned(const rt_device *d, const void *a, const void *b, size_t count) {
  return rt_offset(d, a) % RT_BLIT_ALIGN == 0 && rt_offset(d, b) % RT_BLIT_ALIGN == 0 &&
         count % RT_BLIT_ALIGN == 0;
}

/* A blit command buffer on stream: copy (src != NULL) or fill with value. */
static cudaError_t rt_blit(rt_device *d, void *dst, const void *src, int value, size_t count,
                           cudaStream_t stream) {
  mtl_id command_buffer;
  cudaError_t e = rt_stream_begin(d, stream, &command_buffer);
  if (e != cudaSuccess) return e;
  mtl_id encoder = mtl_command_buffer_blit_encoder(command_buffer);
  if (!encoder) return cudaErrorLaunchFailure;
  if (src)
    mtl_blit_copy_buffer(encoder, d->arena_buffer, rt_offset(d, src), d->arena_buffer,
                         rt_offset(d, dst), count);
  else
    mtl_blit_fill_buffer(encoder, d->arena_buffer, (mtl_range){rt_offset(d, dst), count},
                         (uint8_t)value);
  mtl_encoder_end_encoding(encoder);
  rt_stream_commit(d, stream, command_buffer, NULL);
  return cudaSuccess;
}

/* Is the side of a copy that kind says is on the device really there?
 * A pointer into the arena must have the whole range inside one allocation;
 * registered host memory (by its host or device pointer) is device memory
 * too. *cpu is where the host reaches the bytes. */
static cudaError_t rt_check_side(rt_device *d, const void *p, size_t count, bool device,
                                 void **cpu) {
  if (!p) return cudaErrorInvalidValue;
  rt_host_range registered;
  bool in_arena = rt_in_arena(d, p);
  if (in_arena && !rt_memory_find(d, p, count)) return cudaErrorInvalidValue;
  bool is_registered = !in_arena && rt_host_find(p, count, &registered);
  if (device && !in_arena && !is_registered) return cudaErrorInvalidValue;
  *cpu = rt_host_to_cpu(p);
  return cudaSuccess;
}

static bool rt_dst_on_device(enum cudaMemcpyKind kind) {
  return kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
}
static bool rt_src_on_device(enum cudaMemcpyKind kind) {
  return kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
}

cudaError_t rt_memory_copy(rt_device *d, void *dst, const void *src, size_t count,
                           enum cudaMemcpyKind kind) {
  return rt_memory_copy_async(d, dst, src, count, kind, NULL);
}

cudaError_t rt_memory_copy_async(rt_device *d, void *dst, const void *src, size_t count,
                                 enum cudaMemcpyKind kind, cudaStream_t stream) {
  assert(rt_lock_held() && d);
  if ((unsigned)kind > cudaMemcpyDefault) return cudaErrorInvalidMemcpyDirection;
  if (count == 0) return cudaSuccess;
  void *dst_cpu, *src_cpu;
  cudaError_t e = rt_check_side(d, dst, count, rt_dst_on_device(kind), &dst_cpu);
  if (e == cudaSuccess) e = rt_check_side(d, src, count, rt_src_on_device(kind), &src_cpu);
  if (e != cudaSuccess) return e;
  if (rt_in_arena(d, dst) && rt_in_arena(d, src) && rt_blit_aligned(d, dst, src, count))
    return rt_blit(d, dst, src, 0, count, stream);
  e = rt_stream_host_wait(d, stream);
  if (e == cudaSuccess) memmove(dst_cpu, src_cpu, count);
  return e;
}

/* Where the host fills [p, p + count): an arena allocation or registered
 * host memory; NULL when it is neither. */
static void *rt_fill_target(rt_device *d, void *p, size_t count) {
  rt_host_range registered;
  if (rt_memory_find(d, p, count)) return p;
  return !rt_in_arena(d, p) && rt_host_find(p, count, &registered) ? rt_host_to_cpu(p) : NULL;
}

cudaError_t rt_memory_fill(rt_device *d, void *p, int value, size_t count) {
  return rt_memory_fill_async(d, p, value, count, NULL);
}

cudaError_t rt_memory_fill_async(rt_device *d, void *p, int value, size_t count,
                                 cudaStream_t stream) {
  assert(rt_lock_held() && d);
  if (count == 0) return cudaSuccess;
  void *cpu = rt_fill_target(d, p, count);
  if (!cpu) return cudaErrorInvalidValue;
  if (cpu == p && rt_in_arena(d, p) && rt_blit_aligned(d, p, p, count))
    return rt_blit(d, p, NULL, value, count, stream);
  cudaError_t e = rt_stream_host_wait(d, stream);
  if (e == cudaSuccess) memset(cpu, value, count);
  return e;
}

cudaError_t rt_memory_register_host(rt_device *d, void *p, size_t size, unsigned flags) {
  assert(rt_lock_held() && d && p && size);
  const rt_block *block = rt_memory_find(d, p, 0);
  /* memory CUDA allocated (page-locked already, or device memory): H200,
   * CUDA 13, 2026-12-01: cudaErrorInvalidValue for cudaMallocHost's and
   * cudaMalloc's memory */
  if (block) return cudaErrorInvalidValue;
  return rt_host_register(d, p, size, flags);
}

cudaError_t rt_memory_device_pointer(rt_device *d, void *host, void **out) {
  assert(rt_lock_held() && d && out);
  const rt_block *block = rt_memory_find(d, host, 0);
  rt_host_range r;
  if (block && (block->kind == RT_BLOCK_HOST || block->kind == RT_BLOCK_MANAGED))
    *out = host; /* the arena: one pointer value everywhere */
  else if (!block && rt_host_find(host, 0, &r) && !r.found_by_device)
    *out = (char *)r.device + ((char *)host - (char *)r.host); /* registered */
  else
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

void *rt_memory_block_start(rt_device *d, const rt_block *block) {
  assert(rt_lock_held() && d && block);
  return d->arena_base + block->offset;
}

void rt_memory_set_flags(rt_device *d, void *p, unsigned flags) {
  assert(rt_lock_held() && d);
  rt_block *block = (rt_block *)rt_memory_find(d, p, 0); /* the arena is d's to change */
  if (block) block->flags = flags;
}

void rt_memory_set_owner(rt_device *d, void *p, const rt_ctx *owner) {
  assert(rt_lock_held() && d);
  rt_block *block = (rt_block *)rt_memory_find(d, p, 0); /* the arena is d's to change */
  if (block) block->owner = owner;
}

size_t rt_memory_free_owned(rt_device *d, const rt_ctx *owner) {
  assert(rt_lock_held() && d && owner);
  size_t freed = 0, i = 0;
  while (i < d->arena.count) {
    const rt_block *b = &d->arena.blocks[i];
    if (b->kind == RT_BLOCK_FREE || b->owner != owner) {
      i++;
      continue;
    }
    void *p = d->arena_base + b->offset;
    rt_block_kind kind = b->kind;
    rt_arena_free(&d->arena, b->offset, kind);
    if (kind == RT_BLOCK_MANAGED) rt_hints_forget(p);
    freed++;
    if (i) i--; /* the freed block may have merged into block i - 1 */
  }
  return freed;
}

/* ---- 2-D and 3-D regions ------------------------------------------------------------ */

/* The bytes a region spans: from its start to the end of its last row. */
static size_t rt_span(const rt_region *r, size_t width, size_t height, size_t depth) {
  if (!height || !depth) return 0;
  return r->slice * (depth - 1) + r->pitch * (height - 1) + width;
}

/* Can every row of the region (height rows, depth slices) be a blit? In the
 * arena, with its start, pitch and slice multiples of 4. */
static bool rt_region_blittable(const rt_device *d, const rt_region *r, size_t height,
                                size_t depth) {
  return rt_in_arena(d, r->base) && rt_offset(d, r->base) % RT_BLIT_ALIGN == 0 &&
         (height <= 1 || r->pitch % RT_BLIT_ALIGN == 0) &&
         (depth <= 1 || r->slice % RT_BLIT_ALIGN == 0);
}

/* One command buffer on stream with a blit per run of rows: a copy from src
 * (non-NULL) or a fill with value. Rows that follow each other in both
 * regions (pitch == width) are one run per slice. */
static cudaError_t rt_blit_rows(rt_device *d, const rt_region *dst, const rt_region *src, int value,
                                size_t width, size_t height, size_t depth, cudaStream_t stream) {
  mtl_id command_buffer;
  cudaError_t e = rt_stream_begin(d, stream, &command_buffer);
  if (e != cudaSuccess) return e;
  mtl_id encoder = mtl_command_buffer_blit_encoder(command_buffer);
  if (!encoder) return cudaErrorLaunchFailure;
  bool contiguous = dst->pitch == width && (!src || src->pitch == width);
  size_t run = contiguous ? height : 1;
  for (size_t z = 0; z < depth; z++)
    for (size_t row = 0; row < height; row += run) {
      uint64_t to = rt_offset(d, dst->base) + z * dst->slice + row * dst->pitch;
      if (src)
        mtl_blit_copy_buffer(encoder, d->arena_buffer,
                             rt_offset(d, src->base) + z * src->slice + row * src->pitch,
                             d->arena_buffer, to, width * run);
      else
        mtl_blit_fill_buffer(encoder, d->arena_buffer, (mtl_range){to, width * run},
                             (uint8_t)value);
    }
  mtl_encoder_end_encoding(encoder);
  rt_stream_commit(d, stream, command_buffer, NULL);
  return cudaSuccess;
}

/* Every row checked as one span per side; blits on stream where both sides
 * are arena memory and every row is aligned (as rt_memory_copy_async's),
 * else the host copies row by row after the stream's work. */
cudaError_t rt_memory_copy_3d(rt_device *d, const rt_region *dst, const rt_region *src,
                              size_t width, size_t height, size_t depth, enum cudaMemcpyKind kind,
                              cudaStream_t stream) {
  assert(rt_lock_held() && d && dst && src && rt_stream_valid(stream));
  if ((unsigned)kind > cudaMemcpyDefault) return cudaErrorInvalidMemcpyDirection;
  if (width > dst->pitch || width > src->pitch) return cudaErrorInvalidPitchValue;
  if (width == 0 || height == 0 || depth == 0) return cudaSuccess;
  void *dst_cpu, *src_cpu;
  cudaError_t e = rt_check_side(d, dst->base, rt_span(dst, width, height, depth),
                                rt_dst_on_device(kind), &dst_cpu);
  if (e == cudaSuccess)
    e = rt_check_side(d, src->base, rt_span(src, width, height, depth), rt_src_on_device(kind),
                      &src_cpu);
  if (e != cudaSuccess) return e;
  if (width % RT_BLIT_ALIGN == 0 && rt_region_blittable(d, dst, height, depth) &&
      rt_region_blittable(d, src, height, depth))
    return rt_blit_rows(d, dst, src, 0, width, height, depth, stream);
  e = rt_stream_host_wait(d, stream);
  for (size_t z = 0; e == cudaSuccess && z < depth; z++)
    for (size_t row = 0; row < height; row++)
      memmove((char *)dst_cpu + z * dst->slice + row * dst->pitch,
              (const char *)src_cpu + z * src->slice + row * src->pitch, width);
  return e;
}

cudaError_t rt_memory_fill_3d(rt_device *d, const rt_region *dst, int value, size_t width,
                              size_t height, size_t depth, cudaStream_t stream) {
  assert(rt_lock_held() && d && dst && rt_stream_valid(stream));
  /* H200, CUDA 13, 2026-12-01: cudaMemset2D(pitch < width) is cudaErrorInvalidValue */
  if (width > dst->pitch) return cudaErrorInvalidValue;
  if (!width || !height || !depth) return cudaSuccess;
  void *cpu = rt_fill_target(d, dst->base, rt_span(dst, width, height, depth));
  if (!cpu) return cudaErrorInvalidValue;
  if (cpu == dst->base && width % RT_BLIT_ALIGN == 0 && rt_region_blittable(d, dst, height, depth))
    return rt_blit_rows(d, dst, NULL, value, width, height, depth, stream);
  cudaError_t e = rt_stream_host_wait(d, stream);
  for (size_t z = 0; e == cudaSuccess && z < depth; z++)
    for (size_t row = 0; row < height; row++)
      memset((char *)cpu + z * dst->slice + row * dst->pitch, value, width);
  return e;
}

struct cudaMemcpy3DParms rt_memory_copy_params(const rt_region *dst, const rt_region *src,
                                               size_t width, size_t height, size_t depth,
                                               enum cudaMemcpyKind kind) {
  struct cudaMemcpy3DParms c;
  memset(&c, 0, sizeof c);
  size_t src_rows = src->pitch && depth > 1 ? src->slice / src->pitch : height;
  size_t dst_rows = dst->pitch && depth > 1 ? dst->slice / dst->pitch : height;
  c.srcPtr = (struct cudaPitchedPtr){src->base, src->pitch, width, src_rows};
  c.dstPtr = (struct cudaPitchedPtr){dst->base, dst->pitch, width, dst_rows};
  c.extent = (struct cudaExtent){width, height, depth};
  c.kind = kind;
  return c;
}

struct cudaMemcpy3DParms rt_memory_copy_params_1d(void *dst, const void *src, size_t count,
                                                  enum cudaMemcpyKind kind) {
  rt_region to = {dst, count, 0}, from = {(void *)src, count, 0};
  return rt_memory_copy_params(&to, &from, count, 1, 1, kind);
}

/* ---- for the driver API ----------------------------------------------------------- */

cudaError_t rt_memory_fill_pattern(rt_device *d, void *p, uint32_t pattern, size_t element,
                                   size_t count, cudaStream_t stream) {
  assert(rt_lock_held() && d && (element == 1 || element == 2 || element == 4));
  size_t bytes = count * element;
  if (count == 0) return cudaSuccess;
  if (count > SIZE_MAX / element || !rt_memory_find(d, p, bytes)) return cudaErrorInvalidValue;
  unsigned char b[4];
  for (size_t i = 0; i < 4; i++)
    b[i] = (unsigned char)(pattern >> (8 * (i % element)));
  if (b[0] == b[1] && b[0] == b[2] && b[0] == b[3])
    return rt_memory_fill_async(d, p, b[0], bytes, stream);
  cudaError_t e = rt_stream_host_wait(d, stream); /* a pattern of different bytes: the host */
  for (size_t i = 0; e == cudaSuccess && i < bytes; i++)
    ((unsigned char *)p)[i] = b[i % element];
  return e;
}
