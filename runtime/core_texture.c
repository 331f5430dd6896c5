/* runtime/core_texture.c — CUDA arrays, mipmapped arrays, texture and surface
 * objects as Metal textures and samplers (docs/textures.md, the design; docs/
 * runtime.md, "Textures and surfaces").
 *
 * A CUDA array (struct cudaArray, defined here: the handle is its address)
 * is one MTLTexture in the channel format's raw pixel format (Uint/Sint/
 * Float), usage ShaderRead | ShaderWrite | PixelFormatView. A mipmapped array
 * is one texture with its levels; cudaGetMipmappedArrayLevel gives an array
 * that names the same texture and one level (copies address the level;
 * texture and surface objects over it use a view of that level).
 *
 * A texture or surface object is a 128-byte record in the arena, its handle
 * the record's CUDA address: the resource IDs of the texture the kernel uses
 * (a view in the read mode's format, or a texture over arena memory for
 * linear and pitched resources) and of the sampler, then what the kernel
 * needs to know (kind, format, flags, extent, address modes, border colour,
 * bias) in docs/textures.md's layout.
 *
 * Residency: every live texture (arrays', views, linear ones) is made
 * resident for every dispatch (rt_texture_use_resources, core_launch.c).
 *
 * Copies with an array on either side go in stream order: blits between an
 * array and arena memory (copyFromBuffer:...toTexture:, copyFromTexture:...
 * toBuffer:) or between two arrays of one pixel format; other memory (pageable
 * or registered host memory, rows Metal's blits cannot take) is copied by the
 * host with replaceRegion/getBytes after the stream's earlier work, as
 * core_memory.c does for buffers. All functions: lock held. */
#include <assert.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "core_mtl.h"

enum { RT_BLIT_ALIGN = 4 }; /* Metal's blits on macOS: buffer offsets and strides */

/* The record (docs/textures.md, "The handle and the record"). */
enum {
  RT_RECORD_BYTES = 128,
  RT_FLAG_NORMALIZED_COORDS = 1 << 0,
  RT_FLAG_READ_NORMALIZED = 1 << 1,
  RT_FLAG_LINEAR_FILTER = 1 << 2,
  RT_FLAG_SRGB = 1 << 3,
  RT_FLAG_KERNEL_BORDER = 1 << 4, /* the kernel samples by hand: no Metal sampler does it */
  RT_FLAG_SURFACE = 1 << 5,
  RT_FLAG_LOD = 1 << 6,
  RT_FLAG_MIP_LINEAR = 1 << 7, /* the sampler's mip filter is linear (the kernel's by hand too) */
};
typedef struct {
  uint64_t texture, sampler;
  uint32_t kind, format, flags, texel_bytes;
  uint32_t extent[3];
  uint32_t address_mode[3];
  float border[4];
  float level_bias;
  uint32_t levels;        /* the view's levels: the kernel picks them when sampling by hand */
  float lod_min, lod_max; /* min/maxMipmapLevelClamp, as the sampler has them */
  uint32_t reserved[10];
} rt_record_layout;
_Static_assert(sizeof(rt_record_layout) == RT_RECORD_BYTES,
               "docs/textures.md's record is 128 bytes");

/* ---- formats ------------------------------------------------------------------------- */

/* A channel format: bits per channel, channels, kind; Metal's formats for it. */
typedef struct {
  unsigned bits, channels;
  enum cudaChannelFormatKind kind;
  uint64_t raw, normalized, srgb; /* normalized, srgb: 0 where none */
} rt_format;

static const rt_format rt_formats[] = {
    {8, 1, cudaChannelFormatKindUnsigned, MTL_PIXEL_FORMAT_R8_UINT, MTL_PIXEL_FORMAT_R8_UNORM,
     MTL_PIXEL_FORMAT_R8_UNORM_SRGB},
    {8, 2, cudaChannelFormatKindUnsigned, MTL_PIXEL_FORMAT_RG8_UINT, MTL_PIXEL_FORMAT_RG8_UNORM,
     MTL_PIXEL_FORMAT_RG8_UNORM_SRGB},
    {8, 4, cudaChannelFormatKindUnsigned, MTL_PIXEL_FORMAT_RGBA8_UINT, MTL_PIXEL_FORMAT_RGBA8_UNORM,
     MTL_PIXEL_FORMAT_RGBA8_UNORM_SRGB},
    {8, 1, cudaChannelFormatKindSigned, MTL_PIXEL_FORMAT_R8_SINT, MTL_PIXEL_FORMAT_R8_SNORM, 0},
    {8, 2, cudaChannelFormatKindSigned, MTL_PIXEL_FORMAT_RG8_SINT, MTL_PIXEL_FORMAT_RG8_SNORM, 0},
    {8, 4, cudaChannelFormatKindSigned, MTL_PIXEL_FORMAT_RGBA8_SINT, MTL_PIXEL_FORMAT_RGBA8_SNORM,
     0},
    {16, 1, cudaChannelFormatKindUnsigned, MTL_PIXEL_FORMAT_R16_UINT, MTL_PIXEL_FORMAT_R16_UNORM,
     0},
    {16, 2, cudaChannelFormatKindUnsigned, MTL_PIXEL_FORMAT_RG16_UINT, MTL_PIXEL_FORMAT_RG16_UNORM,
     0},
    {16, 4, cudaChannelFormatKindUnsigned, MTL_PIXEL_FORMAT_RGBA16_UINT,
     MTL_PIXEL_FORMAT_RGBA16_UNORM, 0},
    {16, 1, cudaChannelFormatKindSigned, MTL_PIXEL_FORMAT_R16_SINT, MTL_PIXEL_FORMAT_R16_SNORM, 0},
    {16, 2, cudaChannelFormatKindSigned, MTL_PIXEL_FORMAT_RG16_SINT, MTL_PIXEL_FORMAT_RG16_SNORM,
     0},
    {16, 4, cudaChannelFormatKindSigned, MTL_PIXEL_FORMAT_RGBA16_SINT,
     MTL_PIXEL_FORMAT_RGBA16_SNORM, 0},
    {16, 1, cudaChannelFormatKindFloat, MTL_PIXEL_FORMAT_R16_FLOAT, 0, 0},
    {16, 2, cudaChannelFormatKindFloat, MTL_PIXEL_FORMAT_RG16_FLOAT, 0, 0},
    {16, 4, cudaChannelFormatKindFloat, MTL_PIXEL_FORMAT_RGBA16_FLOAT, 0, 0},
    {32, 1, cudaChannelFormatKindUnsigned, MTL_PIXEL_FORMAT_R32_UINT, 0, 0},
    {32, 2, cudaChannelFormatKindUnsigned, MTL_PIXEL_FORMAT_RG32_UINT, 0, 0},
    {32, 4, cudaChannelFormatKindUnsigned, MTL_PIXEL_FORMAT_RGBA32_UINT, 0, 0},
    {32, 1, cudaChannelFormatKindSigned, MTL_PIXEL_FORMAT_R32_SINT, 0, 0},
    {32, 2, cudaChannelFormatKindSigned, MTL_PIXEL_FORMAT_RG32_SINT, 0, 0},
    {32, 4, cudaChannelFormatKindSigned, MTL_PIXEL_FORMAT_RGBA32_SINT, 0, 0},
    {32, 1, cudaChannelFormatKindFloat, MTL_PIXEL_FORMAT_R32_FLOAT, 0, 0},
    {32, 2, cudaChannelFormatKindFloat, MTL_PIXEL_FORMAT_RG32_FLOAT, 0, 0},
    {32, 4, cudaChannelFormatKindFloat, MTL_PIXEL_FORMAT_RGBA32_FLOAT, 0, 0},
};

cudaError_t rt_channel_check(const struct cudaChannelFormatDesc *desc, size_t *texel_bytes) {
  assert(desc);
  int x = desc->x, y = desc->y, z = desc->z, w = desc->w;
  switch (desc->f) {
  case cudaChannelFormatKindSigned:
  case cudaChannelFormatKindUnsigned:
  case cudaChannelFormatKindFloat: break;
  case cudaChannelFormatKindNone: return cudaErrorInvalidChannelDescriptor;
  default:
    /* NV12, the normalized 8/16-bit kinds, block-compressed and 10-10-10-2 formats are
     * CUDA's too but not Anchor's yet (docs/runtime.md) */
    return (unsigned)desc->f <= cudaChannelFormatKindUnsignedNormalized1010102
               ? cudaErrorNotSupported
               : cudaErrorInvalidChannelDescriptor;
  }
  unsigned channels = (y == 0 && z == 0 && w == 0)   ? 1
                      : (y == x && z == 0 && w == 0) ? 2
                      : (y == x && z == x && w == x) ? 4
                                                     : 0;
  for (size_t i = 0; channels && i < sizeof rt_formats / sizeof *rt_formats; i++)
    if (rt_formats[i].bits == (unsigned)x && rt_formats[i].channels == channels &&
        rt_formats[i].kind == desc->f) {
      if (texel_bytes) *texel_bytes = (size_t)x / 8 * channels;
      return cudaSuccess;
    }
  return cudaErrorInvalidChannelDescriptor; /* 3 channels, odd sizes, 8-bit floats ... */
}

static const rt_format *rt_format_of(const struct cudaChannelFormatDesc *desc) {
  unsigned channels = desc->w ? 4 : desc->y ? 2 : 1;
  for (size_t i = 0; i < sizeof rt_formats / sizeof *rt_formats; i++)
    if (rt_formats[i].bits == (unsigned)desc->x && rt_formats[i].channels == channels &&
        rt_formats[i].kind == desc->f)
      return &rt_formats[i];
  return NULL;
}

static size_t rt_texel_bytes(const rt_format *f) {
  return f->bits / 8 * f->channels;
}

/* The format a resource view names (cudaResViewFormatUnsignedChar1 ... Float4: three
 * channel counts, 1, 2, 4, of u8, s8, u16, s16, u32, s32, f16, f32 in CUDA's order), or
 * NULL for None and the block-compressed formats. */
static const rt_format *rt_view_format_of(enum cudaResourceViewFormat v) {
  static const struct {
    unsigned bits;
    enum cudaChannelFormatKind kind;
  } groups[] = {{8, cudaChannelFormatKindUnsigned},  {8, cudaChannelFormatKindSigned},
                {16, cudaChannelFormatKindUnsigned}, {16, cudaChannelFormatKindSigned},
                {32, cudaChannelFormatKindUnsigned}, {32, cudaChannelFormatKindSigned},
                {16, cudaChannelFormatKindFloat},    {32, cudaChannelFormatKindFloat}};
  if (v < cudaResViewFormatUnsignedChar1 || v > cudaResViewFormatFloat4) return NULL;
  unsigned i = (unsigned)v - 1, bits = groups[i / 3].bits, channels = 1u << (i % 3);
  for (size_t k = 0; k < sizeof rt_formats / sizeof *rt_formats; k++)
    if (rt_formats[k].bits == bits && rt_formats[k].channels == channels &&
        rt_formats[k].kind == groups[i / 3].kind)
      return &rt_formats[k];
  return NULL;
}

/* ---- Metal, in one place ------------------------------------------------------------- */

typedef struct {
  uint64_t type, pixel_format, width, height, depth, array_length, levels, usage;
} rt_texture_shape;

static void rt_describe(mtl_id descriptor, const rt_texture_shape *s) {
  mtl_texture_descriptor_set_texture_type(descriptor, s->type);
  mtl_texture_descriptor_set_pixel_format(descriptor, s->pixel_format);
  mtl_texture_descriptor_set_width(descriptor, s->width);
  mtl_texture_descriptor_set_height(descriptor, s->height);
  mtl_texture_descriptor_set_depth(descriptor, s->depth);
  mtl_texture_descriptor_set_array_length(descriptor, s->array_length);
  mtl_texture_descriptor_set_mipmap_level_count(descriptor, s->levels);
  mtl_texture_descriptor_set_usage(descriptor, s->usage);
  mtl_texture_descriptor_set_storage_mode(descriptor, MTL_STORAGE_MODE_SHARED);
}

/* A new texture (+1) of that shape, or NULL when Metal refuses. */
static mtl_id rt_new_texture(rt_device *d, const rt_texture_shape *s) {
  mtl_id descriptor = mtl_new_texture_descriptor();
  if (!descriptor) return NULL;
  rt_describe(descriptor, s);
  mtl_id texture = mtl_new_texture(d->device, descriptor);
  mtl_release(descriptor);
  return texture;
}

/* A new texture (+1) over the arena's bytes at offset, rows bytes_per_row apart. */
static mtl_id rt_new_buffer_texture(rt_device *d, const rt_texture_shape *s, uint64_t offset,
                                    uint64_t bytes_per_row) {
  mtl_id descriptor = mtl_new_texture_descriptor();
  if (!descriptor) return NULL;
  rt_describe(descriptor, s);
  mtl_id texture = mtl_buffer_new_texture(d->arena_buffer, descriptor, offset, bytes_per_row);
  mtl_release(descriptor);
  return texture;
}

/* ---- arrays ------------------------------------------------------------------------------ */

struct cudaMipmappedArray {
  struct cudaMipmappedArray *next; /* the live ones */
  mtl_id texture;                  /* +1 */
  struct cudaChannelFormatDesc desc;
  struct cudaExtent extent; /* level 0's, as CUDA reports it */
  unsigned flags, levels;
  struct cudaArray **level_arrays; /* levels of them, made on demand */
  const rt_ctx *owner;             /* the created context it was made in, or NULL */
};

struct cudaArray {
  struct cudaArray *next; /* the live ones (not levels: their mipmapped array owns them) */
  mtl_id texture;         /* +1; a level's is its mipmapped array's texture */
  struct cudaMipmappedArray *mipmap; /* a level's owner, else NULL */
  unsigned level;
  struct cudaChannelFormatDesc desc;
  struct cudaExtent extent; /* as CUDA reports it (0 for absent dimensions) */
  unsigned flags;
  const rt_format *format;
  uint64_t texture_type;
  unsigned kind;         /* the record's kind, 1 ... 7 */
  size_t width, rows, z; /* texels per row, rows, slices (depth, layers or faces) */
  const rt_ctx *owner;   /* the created context it was made in, or NULL */
};

static struct cudaArray *rt_arrays;
static struct cudaMipmappedArray *rt_mipmaps;

bool rt_array_valid(cudaArray_const_t array) {
  assert(rt_lock_held());
  if (!array) return false;
  for (const struct cudaArray *a = rt_arrays; a; a = a->next)
    if (a == array) return true;
  for (const struct cudaMipmappedArray *m = rt_mipmaps; m; m = m->next)
    for (unsigned i = 0; m->level_arrays && i < m->levels; i++)
      if (m->level_arrays[i] == array) return true;
  return false;
}

bool rt_mipmap_valid(cudaMipmappedArray_const_t mipmap) {
  assert(rt_lock_held());
  for (const struct cudaMipmappedArray *m = rt_mipmaps; mipmap && m; m = m->next)
    if (m == mipmap) return true;
  return false;
}

/* The geometry of an array of extent and flags (checked): record kind, Metal type,
 * texels per row, rows, slices. */
static void rt_array_geometry(struct cudaArray *a) {
  struct cudaExtent e = a->extent;
  bool layered = a->flags & cudaArrayLayered, cubemap = a->flags & cudaArrayCubemap;
  a->width = e.width;
  a->rows = e.height ? e.height : 1;
  a->z = e.depth ? e.depth : 1;
  if (cubemap) {
    a->kind = layered ? 7 : 6;
    a->texture_type = layered ? MTL_TEXTURE_TYPE_CUBE_ARRAY : MTL_TEXTURE_TYPE_CUBE;
  } else if (layered) {
    a->kind = e.height ? 5 : 4;
    a->texture_type = e.height ? MTL_TEXTURE_TYPE_2D_ARRAY : MTL_TEXTURE_TYPE_1D_ARRAY;
  } else if (e.depth) {
    a->kind = 3;
    a->texture_type = MTL_TEXTURE_TYPE_3D;
  } else {
    a->kind = e.height ? 2 : 1;
    a->texture_type = e.height ? MTL_TEXTURE_TYPE_2D : MTL_TEXTURE_TYPE_1D;
  }
}

static rt_texture_shape rt_array_shape(const struct cudaArray *a, unsigned levels) {
  rt_texture_shape s = {a->texture_type,
                        a->format->raw,
                        a->width,
                        a->rows,
                        1,
                        1,
                        levels,
                        MTL_TEXTURE_USAGE_SHADER_READ | MTL_TEXTURE_USAGE_SHADER_WRITE |
                            MTL_TEXTURE_USAGE_PIXEL_FORMAT_VIEW};
  if (a->texture_type == MTL_TEXTURE_TYPE_3D) s.depth = a->z;
  if (a->texture_type == MTL_TEXTURE_TYPE_1D_ARRAY || a->texture_type == MTL_TEXTURE_TYPE_2D_ARRAY)
    s.array_length = a->z;
  if (a->texture_type == MTL_TEXTURE_TYPE_CUBE_ARRAY) s.array_length = a->z / 6;
  return s;
}

/* CUDA's extent rules and Metal's limits (RT_TEXTURE_*, the same figures the device's
 * properties report). */
static cudaError_t rt_extent_check(struct cudaExtent e, unsigned flags) {
  bool layered = flags & cudaArrayLayered, cubemap = flags & cudaArrayCubemap;
  if (!e.width) return cudaErrorInvalidValue;
  if (cubemap) {
    if (e.width != e.height || !e.depth || e.depth % 6 || (!layered && e.depth != 6))
      return cudaErrorInvalidValue;
    if (e.width > RT_TEXTURE_CUBEMAP || (layered && e.depth > RT_TEXTURE_CUBEMAP_LAYERS))
      return cudaErrorInvalidValue;
    return cudaSuccess;
  }
  if (layered) {
    if (!e.depth || e.depth > RT_TEXTURE_LAYERS || e.width > RT_TEXTURE_2D ||
        e.height > RT_TEXTURE_2D)
      return cudaErrorInvalidValue;
    return cudaSuccess;
  }
  if (e.depth) {
    if (!e.height || e.width > RT_TEXTURE_3D || e.height > RT_TEXTURE_3D || e.depth > RT_TEXTURE_3D)
      return cudaErrorInvalidValue;
    return cudaSuccess;
  }
  if (e.width > (e.height ? RT_TEXTURE_2D : RT_TEXTURE_1D) || e.height > RT_TEXTURE_2D)
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

static cudaError_t rt_array_flags_check(struct cudaExtent e, unsigned flags) {
  /* 0x100 is the driver's CUDA_ARRAY3D_VIDEO_ENCODE_DECODE (an array for the video
   * engines), which cudaMallocArray takes on an H100 (texture_codes.cu): Anchor has no video
   * engine, so it makes an ordinary array */
  const unsigned video = 0x100;
  const unsigned known = cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayCubemap |
                         cudaArrayTextureGather | video;
  if (flags & ~known) return cudaErrorInvalidValue;
  /* gather: 2-D arrays only (CUDA: "texture gather ... only for 2D arrays") */
  if ((flags & cudaArrayTextureGather) &&
      (e.depth || !e.height || (flags & (cudaArrayLayered | cudaArrayCubemap))))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

cudaError_t rt_array_create(rt_device *d, const struct cudaChannelFormatDesc *desc,
                            struct cudaExtent extent, unsigned flags, cudaArray_t *out) {
  assert(rt_lock_held() && d && desc && out);
  cudaError_t e = rt_channel_check(desc, NULL);
  if (e == cudaSuccess) e = rt_array_flags_check(extent, flags);
  if (e == cudaSuccess) e = rt_extent_check(extent, flags);
  if (e != cudaSuccess) return e;
  struct cudaArray *a = calloc(1, sizeof *a);
  if (!a) return cudaErrorMemoryAllocation;
  a->desc = *desc;
  a->extent = extent;
  a->flags = flags;
  a->format = rt_format_of(desc);
  rt_array_geometry(a);
  rt_texture_shape shape = rt_array_shape(a, 1);
  a->texture = rt_new_texture(d, &shape);
  if (!a->texture) {
    free(a);
    return cudaErrorMemoryAllocation;
  }
  a->owner = rt_context_owner();
  a->next = rt_arrays;
  rt_arrays = a;
  *out = a;
  return cudaSuccess;
}

static void rt_array_free(struct cudaArray *a) {
  mtl_release(a->texture);
  rt_handle_retire(a);
}

cudaError_t rt_array_destroy(rt_device *d, cudaArray_t array) {
  assert(rt_lock_held() && d);
  (void)d;
  struct cudaArray **link = &rt_arrays;
  while (*link && *link != array)
    link = &(*link)->next;
  if (!*link) {
    /* a mipmap level: CUDA 13 on an H100 answers success (texture_codes.cu); the level
     * stays its mipmapped array's, valid until that is freed */
    return rt_array_valid(array) ? cudaSuccess : cudaErrorInvalidValue;
  }
  cudaError_t e = rt_wait_all(); /* no kernel or copy still uses it */
  *link = array->next;
  rt_array_free(array);
  return e;
}

void rt_array_info(cudaArray_const_t array, struct cudaChannelFormatDesc *desc,
                   struct cudaExtent *extent, unsigned *flags) {
  assert(rt_lock_held() && array);
  if (desc) *desc = array->desc;
  if (extent) *extent = array->extent;
  if (flags) *flags = array->flags;
}

/* ---- mipmapped arrays --------------------------------------------------------------------- */

static size_t rt_level_size(size_t size, unsigned level) {
  size_t s = size >> level;
  return size && !s ? 1 : s;
}

cudaError_t rt_mipmap_create(rt_device *d, const struct cudaChannelFormatDesc *desc,
                             struct cudaExtent extent, unsigned levels, unsigned flags,
                             cudaMipmappedArray_t *out) {
  assert(rt_lock_held() && d && desc && out);
  cudaError_t e = rt_channel_check(desc, NULL);
  if (e == cudaSuccess) e = rt_array_flags_check(extent, flags);
  if (e == cudaSuccess) e = rt_extent_check(extent, flags);
  if (e != cudaSuccess) return e;
  /* CUDA clamps numLevels to [1, 1 + floor(log2(largest dimension))] */
  size_t largest = extent.width;
  if (!(flags & cudaArrayLayered) && extent.height > largest) largest = extent.height;
  if (!(flags & (cudaArrayLayered | cudaArrayCubemap)) && extent.depth > largest)
    largest = extent.depth;
  unsigned most = 1;
  while (largest >> most)
    most++;
  if (levels == 0) levels = 1;
  if (levels > most) levels = most;
  struct cudaMipmappedArray *m = calloc(1, sizeof *m);
  struct cudaArray **level_arrays = calloc(levels, sizeof *level_arrays);
  struct cudaArray shape_of = {.desc = *desc, .extent = extent, .flags = flags};
  if (!m || !level_arrays) {
    free(m);
    free(level_arrays);
    return cudaErrorMemoryAllocation;
  }
  shape_of.format = rt_format_of(desc);
  rt_array_geometry(&shape_of);
  rt_texture_shape shape = rt_array_shape(&shape_of, levels);
  m->texture = rt_new_texture(d, &shape);
  if (!m->texture) {
    free(m);
    free(level_arrays);
    return cudaErrorMemoryAllocation;
  }
  m->desc = *desc;
  m->extent = extent;
  m->flags = flags;
  m->levels = levels;
  m->level_arrays = level_arrays;
  m->owner = rt_context_owner();
  m->next = rt_mipmaps;
  rt_mipmaps = m;
  *out = m;
  return cudaSuccess;
}

cudaError_t rt_mipmap_level(cudaMipmappedArray_const_t mipmap, unsigned level, cudaArray_t *out) {
  assert(rt_lock_held() && rt_mipmap_valid(mipmap) && out);
  struct cudaMipmappedArray *m = (struct cudaMipmappedArray *)mipmap; /* ours to change */
  if (level >= m->levels) return cudaErrorInvalidValue;
  if (!m->level_arrays[level]) {
    struct cudaArray *a = calloc(1, sizeof *a);
    if (!a) return cudaErrorMemoryAllocation;
    bool layered = m->flags & cudaArrayLayered, cubemap = m->flags & cudaArrayCubemap;
    a->desc = m->desc;
    a->flags = m->flags;
    a->extent.width = rt_level_size(m->extent.width, level);
    a->extent.height = cubemap ? a->extent.width : rt_level_size(m->extent.height, level);
    a->extent.depth = layered || cubemap ? m->extent.depth : rt_level_size(m->extent.depth, level);
    a->format = rt_format_of(&m->desc);
    rt_array_geometry(a);
    mtl_retain(m->texture);
    a->texture = m->texture;
    a->mipmap = m;
    a->level = level;
    m->level_arrays[level] = a;
  }
  *out = m->level_arrays[level];
  return cudaSuccess;
}

static void rt_mipmap_free(struct cudaMipmappedArray *m) {
  for (unsigned i = 0; i < m->levels; i++)
    if (m->level_arrays[i]) rt_array_free(m->level_arrays[i]);
  free(m->level_arrays);
  m->level_arrays = NULL;
  mtl_release(m->texture);
  rt_handle_retire(m);
}

cudaError_t rt_mipmap_destroy(rt_device *d, cudaMipmappedArray_t mipmap) {
  assert(rt_lock_held() && d);
  (void)d;
  struct cudaMipmappedArray **link = &rt_mipmaps;
  while (*link && *link != mipmap)
    link = &(*link)->next;
  if (!*link) return cudaErrorInvalidValue;
  cudaError_t e = rt_wait_all();
  *link = mipmap->next;
  rt_mipmap_free(mipmap);
  return e;
}

void rt_mipmap_info(cudaMipmappedArray_const_t mipmap, struct cudaChannelFormatDesc *desc,
                    struct cudaExtent *extent, unsigned *flags, unsigned *levels) {
  assert(rt_lock_held() && mipmap);
  if (desc) *desc = mipmap->desc;
  if (extent) *extent = mipmap->extent;
  if (flags) *flags = mipmap->flags;
  if (levels) *levels = mipmap->levels;
}

/* ---- copies ---------------------------------------------------------------------------------- */

static bool rt_in_arena(const rt_device *d, const void *p) {
  uintptr_t base = (uintptr_t)d->arena_base, q = (uintptr_t)p;
  return q >= base && q - base < d->arena.capacity;
}

/* One side of a copy: an array at a texel position, or memory at a byte position. */
typedef struct {
  const struct cudaArray *array;
  size_t x, y, z;      /* the array's position: texel, row, slice */
  unsigned char *base; /* memory: the first byte copied (the CUDA pointer) */
  size_t pitch, slice; /* memory: bytes between rows, between slices */
  void *cpu;           /* memory: where the host reaches base */
  bool blittable;      /* memory: in the arena, offsets and strides fit a blit */
} rt_copy_side;

/* Metal's origin and slice for slice z of an array (a 3-D texture's depth, else a slice). */
static mtl_origin rt_origin(const rt_copy_side *s, size_t z, uint64_t *slice) {
  bool three_d = s->array->texture_type == MTL_TEXTURE_TYPE_3D;
  *slice = three_d ? 0 : s->z + z;
  return (mtl_origin){s->x, s->y, three_d ? s->z + z : 0};
}

/* Checks an array side: [x, x + width) x [y, y + height) x [z, z + depth) inside it. */
static cudaError_t rt_check_array_side(const rt_copy_side *s, size_t width, size_t height,
                                       size_t depth) {
  const struct cudaArray *a = s->array;
  if (s->x > a->width || width > a->width - s->x || s->y > a->rows || height > a->rows - s->y ||
      s->z > a->z || depth > a->z - s->z)
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

/* Checks a memory side of bytes per row and finds where the host reaches it; device:
 * what the kind says it is (then it must be arena or registered memory). */
static cudaError_t rt_check_memory_side(rt_device *d, rt_copy_side *s, size_t bytes, size_t height,
                                        size_t depth, size_t texel, bool device) {
  if (!s->base) return cudaErrorInvalidValue;
  if (bytes > s->pitch && height > 1) return cudaErrorInvalidPitchValue;
  size_t span = s->slice * (depth - 1) + s->pitch * (height - 1) + bytes;
  bool in_arena = rt_in_arena(d, s->base);
  rt_host_range registered;
  if (in_arena && !rt_memory_find(d, s->base, span)) return cudaErrorInvalidValue;
  if (device && !in_arena && !rt_host_find(s->base, span, &registered))
    return cudaErrorInvalidValue;
  s->cpu = rt_host_to_cpu(s->base);
  uint64_t offset = (uint64_t)(s->base - d->arena_base);
  size_t align = texel > RT_BLIT_ALIGN ? texel : RT_BLIT_ALIGN;
  s->blittable = in_arena && offset % align == 0 && (height <= 1 || s->pitch % align == 0) &&
                 (depth <= 1 || s->slice % align == 0);
  return cudaSuccess;
}

static void rt_blit_slice(rt_device *d, mtl_id encoder, const rt_copy_side *dst,
                          const rt_copy_side *src, size_t width, size_t height, size_t z) {
  mtl_size size = {width, height, 1};
  uint64_t src_slice, dst_slice;
  if (src->array && dst->array) {
    mtl_origin from = rt_origin(src, z, &src_slice), to = rt_origin(dst, z, &dst_slice);
    mtl_blit_copy_texture_to_texture(encoder, src->array->texture, src_slice, src->array->level,
                                     from, size, dst->array->texture, dst_slice, dst->array->level,
                                     to);
  } else if (dst->array) {
    mtl_origin to = rt_origin(dst, z, &dst_slice);
    uint64_t offset = (uint64_t)(src->base + z * src->slice - d->arena_base);
    mtl_blit_copy_buffer_to_texture(encoder, d->arena_buffer, offset, src->pitch,
                                    src->pitch * height, size, dst->array->texture, dst_slice,
                                    dst->array->level, to);
  } else {
    mtl_origin from = rt_origin(src, z, &src_slice);
    uint64_t offset = (uint64_t)(dst->base + z * dst->slice - d->arena_base);
    mtl_blit_copy_texture_to_buffer(encoder, src->array->texture, src_slice, src->array->level,
                                    from, size, d->arena_buffer, offset, dst->pitch,
                                    dst->pitch * height);
  }
}

/* The host's copy of one slice: replaceRegion/getBytes row by row (a row is one texel
 * row; the memory's pitch need not be a multiple of the texel's size), or through a
 * staging row between two arrays. */
static cudaError_t rt_host_slice(const rt_copy_side *dst, const rt_copy_side *src, size_t width,
                                 size_t height, size_t z) {
  const struct cudaArray *a = dst->array ? dst->array : src->array;
  size_t row_bytes = width * rt_texel_bytes(a->format);
  unsigned char *staging = NULL;
  if (src->array && dst->array && !(staging = malloc(row_bytes ? row_bytes : 1)))
    return cudaErrorMemoryAllocation;
  for (size_t row = 0; row < height; row++) {
    uint64_t slice;
    if (src->array) {
      mtl_origin from = rt_origin(src, z, &slice);
      from.y += row;
      unsigned char *to =
          staging ? staging : (unsigned char *)dst->cpu + z * dst->slice + row * dst->pitch;
      mtl_texture_get_bytes(src->array->texture, to, row_bytes, row_bytes,
                            (mtl_region){from, {width, 1, 1}}, src->array->level, slice);
    }
    if (dst->array) {
      mtl_origin to = rt_origin(dst, z, &slice);
      to.y += row;
      const unsigned char *from =
          staging ? staging : (const unsigned char *)src->cpu + z * src->slice + row * src->pitch;
      mtl_texture_replace_region(dst->array->texture, (mtl_region){to, {width, 1, 1}},
                                 dst->array->level, slice, from, row_bytes, row_bytes);
    }
  }
  free(staging);
  return cudaSuccess;
}

static bool rt_dst_on_device(enum cudaMemcpyKind kind) {
  return kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
}
static bool rt_src_on_device(enum cudaMemcpyKind kind) {
  return kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
}

/* The side of a cudaMemcpy3DParms: an array (checked live by the caller) or a pitched
 * pointer at a byte position. */
static rt_copy_side rt_side(cudaArray_t array, struct cudaPos pos, struct cudaPitchedPtr ptr) {
  rt_copy_side s = {0};
  if (array) {
    s.array = array;
    s.x = pos.x, s.y = pos.y, s.z = pos.z;
  } else {
    s.pitch = ptr.pitch;
    s.slice = ptr.pitch * ptr.ysize;
    s.base = (unsigned char *)ptr.ptr + pos.z * s.slice + pos.y * s.pitch + pos.x;
  }
  return s;
}

cudaError_t rt_array_copy(rt_device *d, const struct cudaMemcpy3DParms *p, cudaStream_t stream) {
  assert(rt_lock_held() && d && p && (p->srcArray || p->dstArray) && rt_stream_valid(stream));
  if ((unsigned)p->kind > cudaMemcpyDefault) return cudaErrorInvalidMemcpyDirection;
  rt_copy_side dst = rt_side(p->dstArray, p->dstPos, p->dstPtr);
  rt_copy_side src = rt_side(p->srcArray, p->srcPos, p->srcPtr);
  const struct cudaArray *a = dst.array ? dst.array : src.array;
  size_t texel = rt_texel_bytes(a->format);
  size_t width = p->extent.width, height = p->extent.height, depth = p->extent.depth;
  /* arrays of two formats: texels of the destination's size (CUDA copies bytes) */
  if (src.array && dst.array && rt_texel_bytes(src.array->format) != texel)
    return cudaErrorInvalidValue;
  if (!width || !height || !depth) return cudaSuccess;
  cudaError_t e = cudaSuccess;
  if (dst.array)
    e = rt_check_array_side(&dst, width, height, depth);
  else
    e = rt_check_memory_side(d, &dst, width * texel, height, depth, texel,
                             rt_dst_on_device(p->kind));
  if (e == cudaSuccess && src.array)
    e = rt_check_array_side(&src, width, height, depth);
  else if (e == cudaSuccess)
    e = rt_check_memory_side(d, &src, width * texel, height, depth, texel,
                             rt_src_on_device(p->kind));
  if (e != cudaSuccess) return e;
  bool blit = src.array && dst.array ? src.array->format->raw == dst.array->format->raw
              : src.array            ? dst.blittable
                                     : src.blittable;
  if (blit) {
    mtl_id command_buffer;
    e = rt_stream_begin(d, stream, &command_buffer);
    if (e != cudaSuccess) return e;
    mtl_id encoder = mtl_command_buffer_blit_encoder(command_buffer);
    if (!encoder) return cudaErrorLaunchFailure;
    for (size_t z = 0; z < depth; z++)
      rt_blit_slice(d, encoder, &dst, &src, width, height, z);
    mtl_encoder_end_encoding(encoder);
    rt_stream_commit(d, stream, command_buffer, NULL);
    return cudaSuccess;
  }
  e = rt_stream_host_wait(d, stream);
  for (size_t z = 0; e == cudaSuccess && z < depth; z++)
    e = rt_host_slice(&dst, &src, width, height, z);
  return e;
}

cudaError_t rt_array_copy_bytes(rt_device *d, const struct cudaMemcpy3DParms *p,
                                cudaStream_t stream) {
  assert(rt_lock_held() && d && p && !p->srcArray != !p->dstArray && rt_stream_valid(stream));
  if ((unsigned)p->kind > cudaMemcpyDefault) return cudaErrorInvalidMemcpyDirection;
  rt_copy_side dst = rt_side(p->dstArray, p->dstPos, p->dstPtr);
  rt_copy_side src = rt_side(p->srcArray, p->srcPos, p->srcPtr);
  rt_copy_side *array = dst.array ? &dst : &src, *memory = dst.array ? &src : &dst;
  const struct cudaArray *a = array->array;
  size_t texel = rt_texel_bytes(a->format);
  size_t bytes = p->extent.width, height = p->extent.height, depth = p->extent.depth;
  if (!bytes || !height || !depth) return cudaSuccess;
  /* the texels that hold the bytes */
  rt_copy_side covering = *array;
  covering.x = array->x / texel;
  size_t texels = (array->x + bytes + texel - 1) / texel - covering.x;
  size_t skip = array->x - covering.x * texel, row_bytes = texels * texel;
  cudaError_t e = rt_check_array_side(&covering, texels, height, depth);
  if (e == cudaSuccess)
    e = rt_check_memory_side(d, memory, bytes, height, depth, 1,
                             dst.array ? rt_src_on_device(p->kind) : rt_dst_on_device(p->kind));
  if (e == cudaSuccess) e = rt_stream_host_wait(d, stream);
  unsigned char *row = e == cudaSuccess ? malloc(row_bytes) : NULL;
  if (e == cudaSuccess && !row) e = cudaErrorMemoryAllocation;
  for (size_t z = 0; e == cudaSuccess && z < depth; z++)
    for (size_t y = 0; y < height; y++) {
      uint64_t slice;
      mtl_origin at = rt_origin(&covering, z, &slice);
      at.y += y;
      mtl_region region = {at, {texels, 1, 1}};
      unsigned char *m = (unsigned char *)memory->cpu + z * memory->slice + y * memory->pitch;
      mtl_texture_get_bytes(a->texture, row, row_bytes, row_bytes, region, a->level, slice);
      if (dst.array) {
        memcpy(row + skip, m, bytes);
        mtl_texture_replace_region(a->texture, region, a->level, slice, row, row_bytes, row_bytes);
      } else {
        memcpy(m, row + skip, bytes);
      }
    }
  free(row);
  return e;
}

size_t rt_array_texel_bytes(cudaArray_const_t array) {
  assert(rt_lock_held() && array);
  return rt_texel_bytes(array->format);
}

/* ---- texture and surface objects ------------------------------------------------------------- */

typedef struct rt_object {
  struct rt_object *next;
  rt_record_layout *record; /* the arena block; its CUDA address is the handle */
  mtl_id texture;           /* +1: what the record names (a view or a texture over memory), or a
                               borrowed array texture (owned false) */
  bool owned;
  mtl_id sampler; /* +1 or NULL */
  bool surface;
  struct cudaResourceDesc resource;
  struct cudaTextureDesc texture_desc;
  struct cudaResourceViewDesc view; /* zeros when made without one */
  const rt_ctx *owner;              /* the created context it was made in, or NULL */
} rt_object;

static rt_object *rt_objects;

static rt_object *rt_object_find(unsigned long long handle, bool surface) {
  for (rt_object *o = rt_objects; o; o = o->next)
    if ((uintptr_t)o->record == handle && o->surface == surface) return o;
  return NULL;
}

/* The format word of the record. */
static uint32_t rt_format_word(const rt_format *f) {
  return f->bits | f->channels << 8 | (uint32_t)f->kind << 12;
}

/* Metal's border colour for CUDA's, or -1 when Metal has none such. */
static int rt_border_colour(const float c[4]) {
  if (c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 0)
    return MTL_SAMPLER_BORDER_COLOR_TRANSPARENT_BLACK;
  if (c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 1)
    return MTL_SAMPLER_BORDER_COLOR_OPAQUE_BLACK;
  if (c[0] == 1 && c[1] == 1 && c[2] == 1 && c[3] == 1)
    return MTL_SAMPLER_BORDER_COLOR_OPAQUE_WHITE;
  return -1;
}

/* Metal's address mode for CUDA's on a sampler with normalized or pixel coordinates; sets
 * *by_hand when no Metal sampler does what CUDA does (then the kernel samples with read:
 * record flag bit 4). Pixel coordinates allow only clampToEdge and clampToZero in Metal, and
 * CUDA treats wrap and mirror with unnormalized coordinates as clamp. colour: Metal's border
 * colour for the CUDA one, or -1 when none gives what CUDA returns. */
static uint64_t rt_sampler_address(enum cudaTextureAddressMode mode, int colour, bool normalized,
                                   bool *by_hand) {
  switch (mode) {
  case cudaAddressModeWrap:
    return normalized ? MTL_SAMPLER_ADDRESS_MODE_REPEAT : MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  case cudaAddressModeMirror:
    return normalized ? MTL_SAMPLER_ADDRESS_MODE_MIRROR_REPEAT
                      : MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  case cudaAddressModeBorder: {
    if (normalized && colour >= 0) return MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER_COLOR;
    if (!normalized && colour == MTL_SAMPLER_BORDER_COLOR_TRANSPARENT_BLACK)
      return MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_ZERO;
    *by_hand = true;
    return MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  }
  default: return MTL_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  }
}

/* The sampler of a texture object of record kind `kind` (+1, or NULL when Metal refuses);
 * *by_hand as rt_sampler_address's, and for unnormalized coordinates on a 3-D texture
 * (Metal's pixel coordinates are for 1-D and 2-D textures). Cubemaps sample directions:
 * a sampler with normalized coordinates whatever CUDA's flag says. */
static mtl_id rt_new_sampler(rt_device *d, const struct cudaTextureDesc *t, bool mipmapped,
                             unsigned kind, bool integer_read, bool *by_hand) {
  mtl_id descriptor = mtl_new_sampler_descriptor();
  if (!descriptor) return NULL;
  bool normalized = t->normalizedCoords != 0 || kind == 6 || kind == 7;
  if (!normalized && kind == 3) {
    *by_hand = true;
    normalized = true; /* a valid sampler the kernel does not use */
  }
  /* an integer read returns the border colour's float bits (as an H100 does: tex_values.cu),
   * which only the zero colour's Metal border gives */
  int colour = rt_border_colour(t->borderColor);
  if (integer_read && colour != MTL_SAMPLER_BORDER_COLOR_TRANSPARENT_BLACK) colour = -1;
  uint64_t filter = t->filterMode == cudaFilterModeLinear ? MTL_SAMPLER_MIN_MAG_FILTER_LINEAR
                                                          : MTL_SAMPLER_MIN_MAG_FILTER_NEAREST;
  mtl_sampler_descriptor_set_min_filter(descriptor, filter);
  mtl_sampler_descriptor_set_mag_filter(descriptor, filter);
  mtl_sampler_descriptor_set_mip_filter(
      descriptor, !mipmapped || !normalized ? MTL_SAMPLER_MIP_FILTER_NOT_MIPMAPPED
                  : t->mipmapFilterMode == cudaFilterModeLinear ? MTL_SAMPLER_MIP_FILTER_LINEAR
                                                                : MTL_SAMPLER_MIP_FILTER_NEAREST);
  mtl_sampler_descriptor_set_s_address_mode(
      descriptor, rt_sampler_address(t->addressMode[0], colour, normalized, by_hand));
  mtl_sampler_descriptor_set_t_address_mode(
      descriptor, rt_sampler_address(t->addressMode[1], colour, normalized, by_hand));
  mtl_sampler_descriptor_set_r_address_mode(
      descriptor, rt_sampler_address(t->addressMode[2], colour, normalized, by_hand));
  mtl_sampler_descriptor_set_border_color(
      descriptor, colour < 0 ? MTL_SAMPLER_BORDER_COLOR_TRANSPARENT_BLACK : (uint64_t)colour);
  mtl_sampler_descriptor_set_normalized_coordinates(descriptor, normalized);
  if (mipmapped && normalized) {
    mtl_sampler_descriptor_set_lod_min_clamp(descriptor, t->minMipmapLevelClamp);
    mtl_sampler_descriptor_set_lod_max_clamp(descriptor, t->maxMipmapLevelClamp);
  }
  unsigned anisotropy = t->maxAnisotropy < 1 ? 1 : t->maxAnisotropy > 16 ? 16 : t->maxAnisotropy;
  mtl_sampler_descriptor_set_max_anisotropy(descriptor, normalized ? anisotropy : 1);
  mtl_sampler_descriptor_set_support_argument_buffers(descriptor, true);
  mtl_id sampler = mtl_new_sampler_state(d->device, descriptor);
  mtl_release(descriptor);
  return sampler;
}

/* What a resource description resolves to: the array (or level) or memory, its format and
 * extent, the record's kind, and whether it has levels. */
typedef struct {
  const struct cudaArray *array;           /* arrays and mipmap levels */
  const struct cudaMipmappedArray *mipmap; /* mipmapped arrays */
  mtl_id texture;                          /* borrowed: the array's or mipmapped array's */
  const rt_format *format;
  uint64_t texture_type;
  unsigned kind, levels, first_level;
  size_t slices; /* Metal's slices: layers or cube faces (1 for 1-D, 2-D and 3-D) */
  uint32_t extent[3];
} rt_resource;

static void rt_resource_of_array(const struct cudaArray *a, rt_resource *r) {
  r->array = a;
  r->texture = a->texture;
  r->format = a->format;
  r->texture_type = a->texture_type;
  r->kind = a->kind;
  r->levels = 1;
  r->first_level = a->level;
  r->slices = a->texture_type == MTL_TEXTURE_TYPE_3D ? 1 : a->z;
  r->extent[0] = (uint32_t)a->extent.width;
  r->extent[1] = (uint32_t)a->extent.height;
  r->extent[2] = (uint32_t)a->extent.depth;
}

/* A texture (+1) over arena memory for a linear or pitch-2D resource; CUDA's checks. */
static cudaError_t rt_memory_texture(rt_device *d, const struct cudaResourceDesc *res,
                                     rt_resource *r, mtl_id *out) {
  bool linear = res->resType == cudaResourceTypeLinear;
  void *p = linear ? res->res.linear.devPtr : res->res.pitch2D.devPtr;
  const struct cudaChannelFormatDesc *desc =
      linear ? &res->res.linear.desc : &res->res.pitch2D.desc;
  size_t texel;
  cudaError_t e = rt_channel_check(desc, &texel);
  if (e != cudaSuccess) return e == cudaErrorInvalidChannelDescriptor ? cudaErrorInvalidValue : e;
  if (!p || !rt_in_arena(d, p) || (uintptr_t)(p) % RT_TEXTURE_ALIGNMENT)
    return cudaErrorInvalidValue;
  r->format = rt_format_of(desc);
  size_t width, height = 1, pitch, bytes;
  if (linear) {
    bytes = res->res.linear.sizeInBytes;
    width = bytes / texel;
    if (!width || bytes % texel || width > RT_TEXTURE_1D_LINEAR) return cudaErrorInvalidValue;
    pitch = bytes;
  } else {
    width = res->res.pitch2D.width;
    height = res->res.pitch2D.height;
    pitch = res->res.pitch2D.pitchInBytes;
    if (!width || !height || width > RT_TEXTURE_2D_LINEAR || height > RT_TEXTURE_2D_LINEAR ||
        pitch % RT_TEXTURE_PITCH_ALIGNMENT || pitch < width * texel ||
        pitch > RT_TEXTURE_2D_LINEAR_PITCH)
      return cudaErrorInvalidValue;
    bytes = pitch * (height - 1) + width * texel;
  }
  if (!rt_memory_find(d, p, bytes)) return cudaErrorInvalidValue;
  r->texture_type = linear ? MTL_TEXTURE_TYPE_TEXTURE_BUFFER : MTL_TEXTURE_TYPE_2D;
  r->kind = linear ? 8 : 9;
  r->levels = 1;
  r->extent[0] = (uint32_t)width;
  r->extent[1] = linear ? 0 : (uint32_t)height;
  rt_texture_shape shape = {r->texture_type,
                            r->format->raw,
                            width,
                            height,
                            1,
                            1,
                            1,
                            MTL_TEXTURE_USAGE_SHADER_READ | MTL_TEXTURE_USAGE_PIXEL_FORMAT_VIEW};
  *out = rt_new_buffer_texture(d, &shape, (uint64_t)((unsigned char *)p - d->arena_base), pitch);
  return *out ? cudaSuccess : cudaErrorMemoryAllocation;
}

/* The view format the read mode needs (docs/textures.md), or 0 when CUDA refuses it, with
 * CUDA's code in *refusal (what an H100 answers: texture_codes.cu). */
static uint64_t rt_read_format(const rt_format *f, const struct cudaTextureDesc *t, uint32_t *flags,
                               cudaError_t *refusal) {
  if (t->readMode == cudaReadModeNormalizedFloat && f->kind != cudaChannelFormatKindFloat) {
    if (!f->normalized) { /* 32-bit integers have no normalized form */
      *refusal = cudaErrorInvalidNormSetting;
      return 0;
    }
    *flags |= RT_FLAG_READ_NORMALIZED;
    if (t->sRGB && f->srgb) {
      *flags |= RT_FLAG_SRGB;
      return f->srgb;
    }
    return f->normalized;
  }
  /* integers read as themselves cannot be filtered (CUDA: linear filtering only for
   * textures that return floating-point data) */
  if (f->kind != cudaChannelFormatKindFloat && t->filterMode == cudaFilterModeLinear) {
    *refusal = cudaErrorInvalidFilterSetting;
    return 0;
  }
  return f->raw;
}

static bool rt_texture_desc_valid(const struct cudaTextureDesc *t) {
  for (int i = 0; i < 3; i++)
    if ((unsigned)t->addressMode[i] > cudaAddressModeBorder) return false;
  return (unsigned)t->filterMode <= cudaFilterModeLinear &&
         (unsigned)t->readMode <= cudaReadModeNormalizedFloat &&
         (unsigned)t->mipmapFilterMode <= cudaFilterModeLinear;
}

/* Resolves an array or mipmapped array resource; cudaErrorInvalidValue for unknown. */
static cudaError_t rt_resolve_array(const struct cudaResourceDesc *res, rt_resource *r) {
  memset(r, 0, sizeof *r);
  if (res->resType == cudaResourceTypeArray) {
    if (!rt_array_valid(res->res.array.array)) return cudaErrorInvalidResourceHandle;
    rt_resource_of_array(res->res.array.array, r);
    return cudaSuccess;
  }
  const struct cudaMipmappedArray *m = res->res.mipmap.mipmap;
  if (!rt_mipmap_valid(m)) return cudaErrorInvalidResourceHandle;
  struct cudaArray shape_of = {.desc = m->desc, .extent = m->extent, .flags = m->flags};
  shape_of.format = rt_format_of(&m->desc);
  rt_array_geometry(&shape_of);
  rt_resource_of_array(&shape_of, r);
  r->array = NULL;
  r->mipmap = m;
  r->texture = m->texture;
  r->levels = m->levels;
  r->first_level = 0;
  return cudaSuccess;
}

/* A new record in the arena (zeroed), or NULL. */
static rt_record_layout *rt_new_record(rt_device *d) {
  void *p;
  if (rt_memory_alloc(d, RT_RECORD_BYTES, RT_BLOCK_TEXTURE, &p) != cudaSuccess) return NULL;
  memset(p, 0, RT_RECORD_BYTES);
  return p;
}

static cudaError_t rt_object_add(rt_device *d, rt_object *o, unsigned long long *out) {
  o->record = rt_new_record(d);
  if (!o->record) return cudaErrorMemoryAllocation;
  o->owner = rt_context_owner();
  o->next = rt_objects;
  rt_objects = o;
  *out = (uintptr_t)o->record;
  return cudaSuccess;
}

static void rt_object_free(rt_object *o) {
  if (o->owned) mtl_release(o->texture);
  mtl_release(o->sampler);
  rt_handle_retire(o);
}

cudaError_t rt_texture_create(rt_device *d, const struct cudaResourceDesc *res,
                              const struct cudaTextureDesc *t,
                              const struct cudaResourceViewDesc *view, cudaTextureObject_t *out) {
  assert(rt_lock_held() && d && res && t && out);
  if ((unsigned)res->resType > cudaResourceTypePitch2D || !rt_texture_desc_valid(t))
    return cudaErrorInvalidValue;
  rt_resource r;
  mtl_id texture = NULL;
  cudaError_t e;
  bool memory = res->resType == cudaResourceTypeLinear || res->resType == cudaResourceTypePitch2D;
  if (memory) {
    if (view) return cudaErrorInvalidValue; /* CUDA: views are for arrays only */
    memset(&r, 0, sizeof r);
    e = rt_memory_texture(d, res, &r, &texture);
  } else {
    e = rt_resolve_array(res, &r);
  }
  if (e != cudaSuccess) return e == cudaErrorInvalidResourceHandle ? cudaErrorInvalidValue : e;
  if (view && !memory && view->format != cudaResViewFormatNone) {
    /* a view in another format: the texels reinterpreted (a Metal view in that pixel
     * format: the arrays' textures have PixelFormatView), of the same size and extent, as
     * CUDA's documentation asks for formats that are not block-compressed; those are
     * CUDA's over 32-bit unsigned arrays, not Anchor's */
    const rt_format *as = rt_view_format_of(view->format);
    bool block = (unsigned)view->format >= cudaResViewFormatUnsignedBlockCompressed1 &&
                 (unsigned)view->format <= cudaResViewFormatUnsignedBlockCompressed7;
    bool bc_base = r.format->bits == 32 && r.format->kind == cudaChannelFormatKindUnsigned &&
                   r.format->channels >= 2;
    if (block && bc_base) return cudaErrorNotSupported;
    if (!as || rt_texel_bytes(as) != rt_texel_bytes(r.format) || view->width != r.extent[0] ||
        view->height != r.extent[1] || view->depth != r.extent[2])
      return cudaErrorInvalidValue;
    /* an H100 judges linear filtering by the array's format, not the view's: a float view
     * of an integer array is cudaErrorInvalidFilterSetting (e2e.tex_view_format) */
    if (r.format->kind != cudaChannelFormatKindFloat && t->filterMode == cudaFilterModeLinear)
      return cudaErrorInvalidFilterSetting;
    r.format = as;
  }
  uint32_t flags = 0;
  cudaError_t refusal = cudaErrorInvalidValue;
  uint64_t format = rt_read_format(r.format, t, &flags, &refusal);
  unsigned first_level = r.first_level, levels = r.levels, first_slice = 0;
  uint32_t extent[3] = {r.extent[0], r.extent[1], r.extent[2]};
  if (view && !memory) {
    /* a view of other levels or layers (in the format above) */
    bool layered = r.kind == 4 || r.kind == 5;
    if (view->lastMipmapLevel < view->firstMipmapLevel || view->lastMipmapLevel >= r.levels ||
        view->lastLayer < view->firstLayer || (layered && view->lastLayer >= r.slices) ||
        (!layered && (view->firstLayer || view->lastLayer)))
      e = cudaErrorInvalidValue;
    first_level = r.first_level + view->firstMipmapLevel;
    levels = view->lastMipmapLevel - view->firstMipmapLevel + 1;
    if (r.kind == 4 || r.kind == 5) {
      first_slice = view->firstLayer;
      extent[2] = view->lastLayer - view->firstLayer + 1;
    }
  }
  if (e == cudaSuccess && !format) e = refusal;
  if (e != cudaSuccess) {
    mtl_release(texture);
    return e;
  }
  rt_object *o = calloc(1, sizeof *o);
  if (!o) {
    mtl_release(texture);
    return cudaErrorMemoryAllocation;
  }
  o->resource = *res;
  o->texture_desc = *t;
  if (view) o->view = *view;
  if (memory) {
    o->texture = texture; /* a texture over memory, in the raw format */
    if (format != r.format->raw) {
      o->texture = mtl_texture_new_view_levels_slices(texture, format, r.texture_type,
                                                      (mtl_range){0, 1}, (mtl_range){0, 1});
      mtl_release(texture);
    }
  } else {
    size_t slices = r.kind == 4 || r.kind == 5 ? extent[2] : r.slices;
    o->texture = mtl_texture_new_view_levels_slices(r.texture, format, r.texture_type,
                                                    (mtl_range){first_level, levels},
                                                    (mtl_range){first_slice, slices});
  }
  o->owned = true;
  bool mipmapped = levels > 1 || r.mipmap;
  bool by_hand = false;
  bool integer_read =
      !(flags & RT_FLAG_READ_NORMALIZED) && r.format->kind != cudaChannelFormatKindFloat;
  if (r.kind != 8) o->sampler = rt_new_sampler(d, t, mipmapped, r.kind, integer_read, &by_hand);
  if (!o->texture || (r.kind != 8 && !o->sampler)) {
    rt_object_free(o);
    return cudaErrorMemoryAllocation;
  }
  unsigned long long handle;
  e = rt_object_add(d, o, &handle);
  if (e != cudaSuccess) {
    rt_object_free(o);
    return e;
  }
  rt_record_layout *rec = o->record;
  rec->texture = mtl_texture_gpu_resource_id(o->texture);
  rec->sampler = o->sampler ? mtl_sampler_gpu_resource_id(o->sampler) : 0;
  rec->kind = r.kind;
  rec->format = rt_format_word(r.format);
  if (t->normalizedCoords) flags |= RT_FLAG_NORMALIZED_COORDS;
  if (t->filterMode == cudaFilterModeLinear) flags |= RT_FLAG_LINEAR_FILTER;
  if (by_hand) flags |= RT_FLAG_KERNEL_BORDER;
  if (mipmapped && t->mipmapLevelBias != 0) flags |= RT_FLAG_LOD;
  rec->flags = flags;
  rec->texel_bytes = (uint32_t)rt_texel_bytes(r.format);
  for (int i = 0; i < 3; i++) {
    rec->extent[i] = extent[i];
    rec->address_mode[i] = (uint32_t)t->addressMode[i];
  }
  memcpy(rec->border, t->borderColor, sizeof rec->border);
  rec->level_bias = t->mipmapLevelBias;
  rec->levels = levels;
  rec->lod_min = t->minMipmapLevelClamp;
  rec->lod_max = t->maxMipmapLevelClamp;
  if (mipmapped && t->mipmapFilterMode == cudaFilterModeLinear) rec->flags |= RT_FLAG_MIP_LINEAR;
  *out = handle;
  return cudaSuccess;
}

cudaError_t rt_surface_create(rt_device *d, const struct cudaResourceDesc *res,
                              cudaSurfaceObject_t *out) {
  assert(rt_lock_held() && d && res && out);
  if (res->resType != cudaResourceTypeArray || !rt_array_valid(res->res.array.array))
    return cudaErrorInvalidValue;
  /* an array made without cudaArraySurfaceLoadStore takes a surface too, as on an H100
   * (texture_codes.cu): every array's texture is made writable */
  const struct cudaArray *a = res->res.array.array;
  rt_object *o = calloc(1, sizeof *o);
  if (!o) return cudaErrorMemoryAllocation;
  o->surface = true;
  o->resource = *res;
  if (a->mipmap) { /* a level: a view of it */
    o->texture = mtl_texture_new_view_levels_slices(
        a->texture, a->format->raw, a->texture_type, (mtl_range){a->level, 1},
        (mtl_range){0, a->texture_type == MTL_TEXTURE_TYPE_3D ? 1 : a->z});
    o->owned = true;
  } else {
    o->texture = a->texture;
    mtl_retain(a->texture);
    o->owned = true;
  }
  unsigned long long handle;
  cudaError_t e = o->texture ? rt_object_add(d, o, &handle) : cudaErrorMemoryAllocation;
  if (e != cudaSuccess) {
    rt_object_free(o);
    return e;
  }
  rt_record_layout *rec = o->record;
  rec->texture = mtl_texture_gpu_resource_id(o->texture);
  rec->kind = a->kind;
  rec->format = rt_format_word(a->format);
  rec->flags = RT_FLAG_SURFACE;
  rec->texel_bytes = (uint32_t)rt_texel_bytes(a->format);
  rec->extent[0] = (uint32_t)a->extent.width;
  rec->extent[1] = (uint32_t)a->extent.height;
  rec->extent[2] = (uint32_t)a->extent.depth;
  *out = handle;
  return cudaSuccess;
}

cudaError_t rt_object_destroy(rt_device *d, unsigned long long handle, bool surface) {
  assert(rt_lock_held() && d);
  rt_object *o = rt_object_find(handle, surface);
  if (!o) return cudaErrorInvalidValue;
  cudaError_t e = rt_wait_all(); /* no kernel still reads the record */
  rt_object **link = &rt_objects;
  while (*link != o)
    link = &(*link)->next;
  *link = o->next;
  rt_memory_free(d, o->record, RT_BLOCK_TEXTURE, RT_BLOCK_TEXTURE);
  rt_object_free(o);
  return e;
}

cudaError_t rt_object_descs(unsigned long long handle, bool surface, struct cudaResourceDesc *res,
                            struct cudaTextureDesc *t, struct cudaResourceViewDesc *view) {
  assert(rt_lock_held());
  const rt_object *o = rt_object_find(handle, surface);
  if (!o) return cudaErrorInvalidValue;
  if (res) *res = o->resource;
  if (t) *t = o->texture_desc;
  /* an object made without a view: success on an H100 (texture_codes.cu prints what it
   * gives); Anchor's is all zeros (cudaResViewFormatNone, no levels or layers named) */
  if (view) *view = o->view;
  return cudaSuccess;
}

/* ---- residency and reset ----------------------------------------------------------------- */

void rt_texture_use_resources(mtl_id encoder) {
  assert(rt_lock_held());
  const uint64_t usage = MTL_RESOURCE_USAGE_READ | MTL_RESOURCE_USAGE_WRITE;
  for (const struct cudaArray *a = rt_arrays; a; a = a->next)
    mtl_compute_use_resource(encoder, a->texture, usage);
  for (const struct cudaMipmappedArray *m = rt_mipmaps; m; m = m->next)
    mtl_compute_use_resource(encoder, m->texture, usage);
  for (const rt_object *o = rt_objects; o; o = o->next)
    mtl_compute_use_resource(encoder, o->texture, usage);
}

void rt_texture_destroy_owned(rt_device *d, const rt_ctx *owner) {
  assert(rt_lock_held() && d && owner);
  /* objects first: each holds its own reference to the texture it names, so an object of
   * another context over one of these arrays stays safe to destroy later */
  for (rt_object **link = &rt_objects; *link;) {
    rt_object *o = *link;
    if (o->owner != owner) {
      link = &o->next;
      continue;
    }
    *link = o->next;
    rt_memory_free(d, o->record, RT_BLOCK_TEXTURE, RT_BLOCK_TEXTURE);
    rt_object_free(o);
  }
  for (struct cudaArray **link = &rt_arrays; *link;) {
    struct cudaArray *a = *link;
    if (a->owner != owner) {
      link = &a->next;
      continue;
    }
    *link = a->next;
    rt_array_free(a);
  }
  for (struct cudaMipmappedArray **link = &rt_mipmaps; *link;) {
    struct cudaMipmappedArray *m = *link;
    if (m->owner != owner) {
      link = &m->next;
      continue;
    }
    *link = m->next;
    rt_mipmap_free(m);
  }
}

void rt_texture_reset(void) {
  assert(rt_lock_held());
  while (rt_objects) {
    rt_object *o = rt_objects;
    rt_objects = o->next;
    rt_object_free(o); /* the records go with the arena */
  }
  while (rt_arrays) {
    struct cudaArray *a = rt_arrays;
    rt_arrays = a->next;
    rt_array_free(a);
  }
  while (rt_mipmaps) {
    struct cudaMipmappedArray *m = rt_mipmaps;
    rt_mipmaps = m->next;
    rt_mipmap_free(m);
  }
}
