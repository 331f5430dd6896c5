/* softmetal/texture.c — MTLTexture and MTLTextureDescriptor.
 *
 * A texture's texels live in an sm_buffer (buffer.c): its own for
 * newTextureWithDescriptor:, the caller's for -[MTLBuffer
 * newTextureWithDescriptor:offset:bytesPerRow:] (linear textures share the
 * buffer's bytes), its parent's for texture views. So the CPU reaches texels
 * through the buffer's CPU view (replaceRegion:, getBytes:, blits) and kernels
 * through its GPU view, and a texture is resident exactly when its buffer is
 * (useResource:usage: on a texture makes its buffer resident).
 *
 * Layout of a texture's own storage: slice after slice (array elements, cube
 * faces: face + 6 * cube), each slice holding its mip levels one after another,
 * each level tightly packed (rows of width x bytes per pixel, images of height
 * rows, depth images). A view keeps its parent's strides and starts at its first
 * slice and level. Every texture and view registers a struct sm_texture_desc with
 * resource.c and gets its gpuResourceID there.
 *
 * Metal's rules are enforced as its validation layer does: an invalid descriptor
 * or view gives nil (and a line on stderr saying why); a misused replaceRegion/
 * getBytes does nothing (and says why); an invalid blit records a validation
 * error in its command buffer.
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- pixel formats ---------------------------------------------------------------- */
static const struct sm_pixel_format formats[] = {
    {10, "R8Unorm", 1, 1, SM_PF_UNORM},        {11, "R8Unorm_sRGB", 1, 1, SM_PF_SRGB},
    {12, "R8Snorm", 1, 1, SM_PF_SNORM},        {13, "R8Uint", 1, 1, SM_PF_UINT},
    {14, "R8Sint", 1, 1, SM_PF_SINT},          {20, "R16Unorm", 2, 1, SM_PF_UNORM},
    {22, "R16Snorm", 2, 1, SM_PF_SNORM},       {23, "R16Uint", 2, 1, SM_PF_UINT},
    {24, "R16Sint", 2, 1, SM_PF_SINT},         {25, "R16Float", 2, 1, SM_PF_FLOAT},
    {30, "RG8Unorm", 2, 2, SM_PF_UNORM},       {31, "RG8Unorm_sRGB", 2, 2, SM_PF_SRGB},
    {32, "RG8Snorm", 2, 2, SM_PF_SNORM},       {33, "RG8Uint", 2, 2, SM_PF_UINT},
    {34, "RG8Sint", 2, 2, SM_PF_SINT},         {53, "R32Uint", 4, 1, SM_PF_UINT},
    {54, "R32Sint", 4, 1, SM_PF_SINT},         {55, "R32Float", 4, 1, SM_PF_FLOAT},
    {60, "RG16Unorm", 4, 2, SM_PF_UNORM},      {62, "RG16Snorm", 4, 2, SM_PF_SNORM},
    {63, "RG16Uint", 4, 2, SM_PF_UINT},        {64, "RG16Sint", 4, 2, SM_PF_SINT},
    {65, "RG16Float", 4, 2, SM_PF_FLOAT},      {70, "RGBA8Unorm", 4, 4, SM_PF_UNORM},
    {71, "RGBA8Unorm_sRGB", 4, 4, SM_PF_SRGB}, {72, "RGBA8Snorm", 4, 4, SM_PF_SNORM},
    {73, "RGBA8Uint", 4, 4, SM_PF_UINT},       {74, "RGBA8Sint", 4, 4, SM_PF_SINT},
    {103, "RG32Uint", 8, 2, SM_PF_UINT},       {104, "RG32Sint", 8, 2, SM_PF_SINT},
    {105, "RG32Float", 8, 2, SM_PF_FLOAT},     {110, "RGBA16Unorm", 8, 4, SM_PF_UNORM},
    {112, "RGBA16Snorm", 8, 4, SM_PF_SNORM},   {113, "RGBA16Uint", 8, 4, SM_PF_UINT},
    {114, "RGBA16Sint", 8, 4, SM_PF_SINT},     {115, "RGBA16Float", 8, 4, SM_PF_FLOAT},
    {123, "RGBA32Uint", 16, 4, SM_PF_UINT},    {124, "RGBA32Sint", 16, 4, SM_PF_SINT},
    {125, "RGBA32Float", 16, 4, SM_PF_FLOAT},
};

const struct sm_pixel_format *sm_pixel_format(uint64_t format) {
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
    if (formats[i].value == format) return &formats[i];
  return NULL;
}

/* ---- MTLTextureDescriptor ------------------------------------------------------------ */
static Class descriptor_class, texture_class;

static id descriptor_alloc(id cls, SEL cmd) {
  (void)cmd;
  struct sm_texture_descriptor *d = sm_object_new((Class)cls, sizeof *d, NULL);
  /* Metal's defaults */
  d->type = SM_TEXTURE_2D;
  d->format = 70; /* RGBA8Unorm */
  d->width = d->height = d->depth = 1;
  d->levels = d->array_length = d->sample_count = 1;
  d->usage = SM_TEXTURE_USAGE_SHADER_READ;
  d->storage_mode = 0; /* Shared: Apple GPUs' default */
  d->allow_gpu_optimized_contents = 1;
  return (id)d;
}

static uint64_t full_mip_count(uint64_t w, uint64_t h, uint64_t d) {
  uint64_t m = w > h ? w : h, n = 1;
  if (d > m) m = d;
  while (m > 1)
    m >>= 1, n++;
  return n;
}

static id descriptor_2d(id cls, SEL cmd, unsigned long format, unsigned long width,
                        unsigned long height, BOOL mipmapped) {
  struct sm_texture_descriptor *d = (struct sm_texture_descriptor *)descriptor_alloc(cls, cmd);
  d->format = format, d->width = width, d->height = height;
  d->levels = mipmapped ? full_mip_count(width, height, 1) : 1;
  return sm_autorelease(d);
}

static id descriptor_cube(id cls, SEL cmd, unsigned long format, unsigned long size,
                          BOOL mipmapped) {
  struct sm_texture_descriptor *d = (struct sm_texture_descriptor *)descriptor_alloc(cls, cmd);
  d->type = SM_TEXTURE_CUBE;
  d->format = format, d->width = d->height = size;
  d->levels = mipmapped ? full_mip_count(size, size, 1) : 1;
  return sm_autorelease(d);
}

static void descriptor_set_resource_options(id self, SEL cmd, unsigned long options);

static id descriptor_buffer(id cls, SEL cmd, unsigned long format, unsigned long width,
                            unsigned long options, unsigned long usage) {
  struct sm_texture_descriptor *d = (struct sm_texture_descriptor *)descriptor_alloc(cls, cmd);
  d->type = SM_TEXTURE_BUFFER;
  d->format = format, d->width = width, d->usage = usage;
  descriptor_set_resource_options((id)d, cmd, options);
  return sm_autorelease(d);
}

#define DESCRIPTOR_PROPERTY(field)                                                                 \
  static unsigned long descriptor_##field(id self, SEL cmd) {                                      \
    (void)cmd;                                                                                     \
    return ((struct sm_texture_descriptor *)self)->field;                                          \
  }                                                                                                \
  static void descriptor_set_##field(id self, SEL cmd, unsigned long v) {                          \
    (void)cmd;                                                                                     \
    ((struct sm_texture_descriptor *)self)->field = v;                                             \
  }
DESCRIPTOR_PROPERTY(type)
DESCRIPTOR_PROPERTY(format)
DESCRIPTOR_PROPERTY(width)
DESCRIPTOR_PROPERTY(height)
DESCRIPTOR_PROPERTY(depth)
DESCRIPTOR_PROPERTY(levels)
DESCRIPTOR_PROPERTY(array_length)
DESCRIPTOR_PROPERTY(sample_count)
DESCRIPTOR_PROPERTY(usage)
DESCRIPTOR_PROPERTY(storage_mode)
DESCRIPTOR_PROPERTY(cpu_cache_mode)
DESCRIPTOR_PROPERTY(hazard_tracking_mode)

static BOOL descriptor_allow_gpu_optimized_contents(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_texture_descriptor *)self)->allow_gpu_optimized_contents != 0;
}
static void descriptor_set_allow_gpu_optimized_contents(id self, SEL cmd, BOOL v) {
  (void)cmd;
  ((struct sm_texture_descriptor *)self)->allow_gpu_optimized_contents = v != 0;
}

static unsigned long descriptor_resource_options(id self, SEL cmd) {
  (void)cmd;
  const struct sm_texture_descriptor *d = (const struct sm_texture_descriptor *)self;
  return d->cpu_cache_mode | d->storage_mode << 4 | d->hazard_tracking_mode << 8;
}
static void descriptor_set_resource_options(id self, SEL cmd, unsigned long options) {
  (void)cmd;
  struct sm_texture_descriptor *d = (struct sm_texture_descriptor *)self;
  d->cpu_cache_mode = options & 0xf; /* MTLResourceOptions: cache mode, storage mode, hazards */
  d->storage_mode = (options >> 4) & 0xf;
  d->hazard_tracking_mode = (options >> 8) & 0x3;
}

/* ---- textures -------------------------------------------------------------------------- */
static void invalid(const char *what, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void invalid(const char *what, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *text = sm_strdup_vprintf(fmt, ap);
  va_end(ap);
  fprintf(stderr, "softmetal: validation error: %s: %s\n", what, text ? text : "?");
  free(text);
}

static void texture_destroy(struct sm_object *o) {
  struct sm_texture *t = (struct sm_texture *)o;
  sm_resource_remove(t->id);
  sm_release(t->parent);
  sm_release(t->storage);
}

static bool is_cube(uint64_t type) {
  return type == SM_TEXTURE_CUBE || type == SM_TEXTURE_CUBE_ARRAY;
}

/* Dimensions of level l of t. */
static uint64_t level_dim(uint64_t d, uint64_t l) {
  d >>= l;
  return d ? d : 1;
}

/* Registers t's descriptor with resource.c (t's fields complete). */
static void texture_publish(struct sm_texture *t) {
  struct sm_texture_desc d = {0};
  d.gpu = t->storage->gpu + t->offset;
  d.type = (uint32_t)t->type, d.format = (uint32_t)t->format;
  d.width = (uint32_t)t->width, d.height = (uint32_t)t->height, d.depth = (uint32_t)t->depth;
  d.slices = (uint32_t)t->slices, d.levels = (uint32_t)t->levels;
  d.bytes_per_pixel = t->pf->bytes;
  d.usage = (uint32_t)t->usage;
  d.slice_stride = t->slice_stride;
  for (uint64_t l = 0; l < t->levels; l++) {
    d.level_offset[l] = t->level_offset[l];
    d.row_pitch[l] = t->row_pitch[l];
    d.image_pitch[l] = t->image_pitch[l];
  }
  t->id = sm_resource_add_texture(&d, t->storage);
}

static struct sm_texture *texture_alloc(const struct sm_texture_descriptor *d,
                                        const struct sm_pixel_format *pf) {
  struct sm_texture *t = sm_object_new(texture_class, sizeof *t, texture_destroy);
  t->type = d->type, t->format = d->format, t->pf = pf;
  t->width = d->width, t->height = d->height, t->depth = d->depth;
  t->array_length = d->array_length, t->levels = d->levels;
  t->slices = d->array_length * (is_cube(d->type) ? 6 : 1);
  t->usage = d->usage, t->storage_mode = d->storage_mode;
  return t;
}

/* Metal's limits of an Apple7 GPU (Metal feature set tables): 1D and 2D textures up to
 * 16384 texels wide, 3D up to 2048, 2048 array elements. Returns NULL or why not. */
static const char *check_descriptor(const struct sm_texture_descriptor *d,
                                    const struct sm_pixel_format *pf) {
  if (!pf) return "unsupported pixel format";
  if (!d->width || !d->height || !d->depth || !d->array_length || !d->levels)
    return "width, height, depth, arrayLength and mipmapLevelCount must be >= 1";
  if (d->sample_count != 1) return "multisample textures are not supported by softmetal";
  if (d->storage_mode == 3) return "memoryless storage is for render targets only";
  uint64_t max = d->type == SM_TEXTURE_3D ? 2048 : 16384;
  if (d->width > max || d->height > max || d->depth > 2048 || d->array_length > 2048)
    return "dimensions exceed the device's limits (16384; 3D: 2048; arrayLength: 2048)";
  switch (d->type) {
  case SM_TEXTURE_1D:
  case SM_TEXTURE_1D_ARRAY:
    if (d->height != 1 || d->depth != 1) return "1D textures have height and depth 1";
    break;
  case SM_TEXTURE_2D:
  case SM_TEXTURE_2D_ARRAY:
    if (d->depth != 1) return "2D textures have depth 1";
    break;
  case SM_TEXTURE_CUBE:
  case SM_TEXTURE_CUBE_ARRAY:
    if (d->width != d->height || d->depth != 1) return "cube textures are square, depth 1";
    break;
  case SM_TEXTURE_3D: break;
  case SM_TEXTURE_BUFFER:
    if (d->height != 1 || d->depth != 1 || d->levels != 1)
      return "texture buffers have height, depth and mipmapLevelCount 1";
    break;
  default: return "unsupported texture type";
  }
  bool arrayed = d->type == SM_TEXTURE_1D_ARRAY || d->type == SM_TEXTURE_2D_ARRAY ||
                 d->type == SM_TEXTURE_CUBE_ARRAY;
  if (!arrayed && d->array_length != 1) return "arrayLength must be 1 for this texture type";
  if (d->levels > full_mip_count(d->width, d->type == SM_TEXTURE_1D ? 1 : d->height,
                                 d->type == SM_TEXTURE_3D ? d->depth : 1))
    return "mipmapLevelCount exceeds the levels of the texture's size";
  return NULL;
}

id sm_texture_new(id descriptor) {
  const char *what = "-[MTLDevice newTextureWithDescriptor:]";
  const struct sm_texture_descriptor *d = (const struct sm_texture_descriptor *)descriptor;
  if (!d) return nil;
  const struct sm_pixel_format *pf = sm_pixel_format(d->format);
  const char *why = check_descriptor(d, pf);
  if (!why && d->type == SM_TEXTURE_BUFFER)
    why = "texture buffers are made with -[MTLBuffer newTextureWithDescriptor:offset:bytesPerRow:]";
  if (why) {
    invalid(what, "%s (type %lu, format %lu, %lu x %lu x %lu, %lu slices, %lu levels)", why,
            (unsigned long)d->type, (unsigned long)d->format, (unsigned long)d->width,
            (unsigned long)d->height, (unsigned long)d->depth, (unsigned long)d->array_length,
            (unsigned long)d->levels);
    return nil;
  }
  struct sm_texture *t = texture_alloc(d, pf);
  uint64_t offset = 0;
  for (uint64_t l = 0; l < t->levels; l++) {
    uint64_t w = level_dim(t->width, l), h = level_dim(t->height, l), z = level_dim(t->depth, l);
    t->level_offset[l] = offset;
    t->row_pitch[l] = w * pf->bytes;
    t->image_pitch[l] = t->row_pitch[l] * h;
    offset += t->image_pitch[l] * z;
  }
  t->slice_stride = (offset + 15) / 16 * 16;
  uint64_t size = t->slice_stride * t->slices;
  t->storage = sm_buffer_new(size, 0); /* zero-filled (Metal leaves it undefined) */
  if (!t->storage) {
    t->base.destroy = NULL;
    sm_release(t);
    return nil;
  }
  t->allocated_size = size;
  texture_publish(t);
  return (id)t;
}

/* Metal's minimumLinearTextureAlignmentForPixelFormat: and
 * minimumTextureBufferAlignmentForPixelFormat: on softmetal: 16 bytes (Apple GPUs'
 * value; Metal documents only that it is queried from the device). */
enum { LINEAR_ALIGNMENT = 16 };
uint64_t sm_texture_linear_alignment(uint64_t format) {
  (void)format;
  return LINEAR_ALIGNMENT;
}

static id buffer_new_texture(id self, SEL cmd, id descriptor, unsigned long offset,
                             unsigned long bytes_per_row) {
  (void)cmd;
  const char *what = "-[MTLBuffer newTextureWithDescriptor:offset:bytesPerRow:]";
  struct sm_buffer *b = sm_buffer_from(self);
  const struct sm_texture_descriptor *d = (const struct sm_texture_descriptor *)descriptor;
  if (!b || !d) return nil;
  const struct sm_pixel_format *pf = sm_pixel_format(d->format);
  const char *why = check_descriptor(d, pf);
  if (!why && d->type != SM_TEXTURE_2D && d->type != SM_TEXTURE_BUFFER)
    why = "a texture over a buffer must be of type 2D or TextureBuffer";
  if (!why && (d->levels != 1 || d->array_length != 1))
    why = "a texture over a buffer has one mip level and one slice";
  if (!why && d->storage_mode != ((b->options >> 4) & 0xf))
    why = "the descriptor's storage mode must be the buffer's";
  if (!why && offset % LINEAR_ALIGNMENT)
    why = "offset must be a multiple of the device's minimum linear texture alignment (16)";
  uint64_t row = d->width * (pf ? pf->bytes : 0);
  if (d->type == SM_TEXTURE_BUFFER) bytes_per_row = row;
  if (!why && (bytes_per_row % LINEAR_ALIGNMENT && d->type == SM_TEXTURE_2D))
    why = "bytesPerRow must be a multiple of the minimum linear texture alignment (16)";
  if (!why && bytes_per_row < row) why = "bytesPerRow must be >= width x bytes per pixel";
  uint64_t span = bytes_per_row * (d->height - 1) + row;
  if (!why && (offset > b->length || span > b->length - offset))
    why = "the texture does not fit in the buffer from offset";
  if (why) {
    invalid(what, "%s (format %lu, %lu x %lu, offset %lu, bytesPerRow %lu, buffer length %lu)", why,
            (unsigned long)d->format, (unsigned long)d->width, (unsigned long)d->height, offset,
            bytes_per_row, (unsigned long)b->length);
    return nil;
  }
  struct sm_texture *t = texture_alloc(d, pf);
  t->storage = sm_retain(b);
  t->offset = offset;
  t->row_pitch[0] = bytes_per_row;
  t->image_pitch[0] = bytes_per_row * d->height;
  t->slice_stride = t->image_pitch[0];
  t->buffer = b;
  t->buffer_offset = offset, t->buffer_bytes_per_row = bytes_per_row;
  texture_publish(t);
  return (id)t;
}

/* ---- views ------------------------------------------------------------------------------ */
/* Metal's view rules: the same format, or its sRGB / non-sRGB twin, always; another
 * ordinary format of the same size only when the texture's usage has PixelFormatView. */
static bool srgb_twins(const struct sm_pixel_format *a, const struct sm_pixel_format *b) {
  return (a->kind == SM_PF_SRGB && b->kind == SM_PF_UNORM && b->value == a->value - 1) ||
         (b->kind == SM_PF_SRGB && a->kind == SM_PF_UNORM && a->value == b->value - 1);
}

/* The types a view of `from` may have (Metal's table of texture view types). */
static bool view_type_ok(uint64_t from, uint64_t to) {
  switch (from) {
  case SM_TEXTURE_1D:
  case SM_TEXTURE_1D_ARRAY: return to == SM_TEXTURE_1D || to == SM_TEXTURE_1D_ARRAY;
  case SM_TEXTURE_2D:
  case SM_TEXTURE_2D_ARRAY:
    return to == SM_TEXTURE_2D || to == SM_TEXTURE_2D_ARRAY ||
           (from == SM_TEXTURE_2D_ARRAY && (to == SM_TEXTURE_CUBE || to == SM_TEXTURE_CUBE_ARRAY));
  case SM_TEXTURE_CUBE:
  case SM_TEXTURE_CUBE_ARRAY:
    return to == SM_TEXTURE_2D || to == SM_TEXTURE_2D_ARRAY || to == SM_TEXTURE_CUBE ||
           to == SM_TEXTURE_CUBE_ARRAY;
  case SM_TEXTURE_3D: return to == SM_TEXTURE_3D;
  case SM_TEXTURE_BUFFER: return to == SM_TEXTURE_BUFFER;
  }
  return false;
}

static id new_view(struct sm_texture *p, uint64_t format, uint64_t type, uint64_t level0,
                   uint64_t nlevels, uint64_t slice0, uint64_t nslices, const char *what) {
  const struct sm_pixel_format *pf = sm_pixel_format(format);
  const char *why = NULL;
  if (!pf)
    why = "unsupported pixel format";
  else if (format != p->format && !srgb_twins(pf, p->pf)) {
    if (!(p->usage & SM_TEXTURE_USAGE_PIXEL_FORMAT_VIEW))
      why = "the texture's usage lacks MTLTextureUsagePixelFormatView (needed for any format "
            "other than the sRGB twin)";
    else if (pf->bytes != p->pf->bytes)
      why = "the view's pixel format has another size per pixel than the texture's";
  }
  if (!why && !view_type_ok(p->type, type)) why = "the texture cannot be viewed as that type";
  if (!why && (!nlevels || level0 >= p->levels || nlevels > p->levels - level0))
    why = "the level range is outside the texture's levels";
  if (!why && (!nslices || slice0 >= p->slices || nslices > p->slices - slice0))
    why = "the slice range is outside the texture's slices";
  if (!why &&
      (type == SM_TEXTURE_1D || type == SM_TEXTURE_2D || type == SM_TEXTURE_3D ||
       type == SM_TEXTURE_BUFFER) &&
      nslices != 1)
    why = "a view of this type has exactly one slice";
  if (!why && type == SM_TEXTURE_CUBE && nslices != 6) why = "a cube view has exactly 6 slices";
  if (!why && type == SM_TEXTURE_CUBE_ARRAY && nslices % 6)
    why = "a cube array view has a multiple of 6 slices";
  if (why) {
    invalid(what,
            "%s (texture format %lu type %lu; view format %lu type %lu levels [%lu, +%lu) "
            "slices [%lu, +%lu))",
            why, (unsigned long)p->format, (unsigned long)p->type, (unsigned long)format,
            (unsigned long)type, (unsigned long)level0, (unsigned long)nlevels,
            (unsigned long)slice0, (unsigned long)nslices);
    return nil;
  }
  struct sm_texture *t = sm_object_new(texture_class, sizeof *t, texture_destroy);
  *t = (struct sm_texture){.base = t->base};
  t->type = type, t->format = format, t->pf = pf;
  t->width = level_dim(p->width, level0), t->height = level_dim(p->height, level0);
  t->depth = level_dim(p->depth, level0);
  t->slices = nslices, t->levels = nlevels;
  t->array_length = is_cube(type) ? nslices / 6 : nslices;
  t->usage = p->usage, t->storage_mode = p->storage_mode;
  t->storage = sm_retain(p->storage);
  t->parent = sm_retain(p);
  t->parent_level = level0, t->parent_slice = slice0;
  t->offset = p->offset + slice0 * p->slice_stride;
  t->slice_stride = p->slice_stride;
  t->buffer = p->buffer, t->buffer_offset = p->buffer_offset;
  t->buffer_bytes_per_row = p->buffer_bytes_per_row;
  for (uint64_t l = 0; l < nlevels; l++) {
    t->level_offset[l] = p->level_offset[level0 + l];
    t->row_pitch[l] = p->row_pitch[level0 + l];
    t->image_pitch[l] = p->image_pitch[level0 + l];
  }
  texture_publish(t);
  return (id)t;
}

static id texture_new_view(id self, SEL cmd, unsigned long format) {
  (void)cmd;
  struct sm_texture *p = (struct sm_texture *)self;
  return new_view(p, format, p->type, 0, p->levels, 0, p->slices,
                  "-[MTLTexture newTextureViewWithPixelFormat:]");
}

typedef struct {
  uint64_t location, length;
} sm_range;

static id texture_new_view_full(id self, SEL cmd, unsigned long format, unsigned long type,
                                sm_range levels, sm_range slices) {
  (void)cmd;
  return new_view((struct sm_texture *)self, format, type, levels.location, levels.length,
                  slices.location, slices.length,
                  "-[MTLTexture newTextureViewWithPixelFormat:textureType:levels:slices:]");
}

/* ---- regions ------------------------------------------------------------------------------ */
const char *sm_texture_check_region(const struct sm_texture *t, const struct sm_region *r,
                                    uint64_t level, uint64_t slice) {
  if (level >= t->levels) return "mipmap level out of range";
  if (slice >= t->slices) return "slice out of range";
  uint64_t w = level_dim(t->width, level), h = level_dim(t->height, level),
           d = level_dim(t->depth, level);
  if (t->type == SM_TEXTURE_1D || t->type == SM_TEXTURE_1D_ARRAY || t->type == SM_TEXTURE_BUFFER)
    h = 1;
  if (t->type != SM_TEXTURE_3D) d = 1;
  if (r->origin[0] > w || r->size[0] > w - r->origin[0] || r->origin[1] > h ||
      r->size[1] > h - r->origin[1] || r->origin[2] > d || r->size[2] > d - r->origin[2])
    return "the region is outside the level's dimensions";
  return NULL;
}

unsigned char *sm_texture_texel(const struct sm_texture *t, uint64_t level, uint64_t slice,
                                uint64_t x, uint64_t y, uint64_t z) {
  return t->storage->cpu + t->offset + slice * t->slice_stride + t->level_offset[level] +
         z * t->image_pitch[level] + y * t->row_pitch[level] + x * t->pf->bytes;
}

/* Copies a region between texels and linear memory (to_texture: from `linear`). */
void sm_texture_copy_linear(const struct sm_texture *t, const struct sm_region *r, uint64_t level,
                            uint64_t slice, unsigned char *linear, uint64_t bytes_per_row,
                            uint64_t bytes_per_image, bool to_texture) {
  uint64_t row = r->size[0] * t->pf->bytes;
  for (uint64_t z = 0; z < r->size[2]; z++)
    for (uint64_t y = 0; y < r->size[1]; y++) {
      unsigned char *tx =
          sm_texture_texel(t, level, slice, r->origin[0], r->origin[1] + y, r->origin[2] + z);
      unsigned char *l = linear + z * bytes_per_image + y * bytes_per_row;
      memmove(to_texture ? tx : l, to_texture ? l : tx, row);
    }
}

/* replaceRegion / getBytes: Metal's checks, then the copy on the calling thread. */
static void cpu_access(struct sm_texture *t, const struct sm_region *r, uint64_t level,
                       uint64_t slice, void *bytes, uint64_t bpr, uint64_t bpi, bool to_texture,
                       const char *what) {
  const char *why = sm_texture_check_region(t, r, level, slice);
  if (!why && t->storage_mode == 2) why = "the texture's storage mode is Private";
  if (!why && bpr < r->size[0] * t->pf->bytes) why = "bytesPerRow < region width x pixel size";
  if (!why && r->size[2] > 1 && bpi < bpr * r->size[1])
    why = "bytesPerImage < bytesPerRow x region height";
  if (!why && !bytes) why = "bytes is NULL";
  if (why) {
    invalid(what, "%s (region origin (%lu, %lu, %lu) size (%lu, %lu, %lu), level %lu, slice %lu)",
            why, (unsigned long)r->origin[0], (unsigned long)r->origin[1],
            (unsigned long)r->origin[2], (unsigned long)r->size[0], (unsigned long)r->size[1],
            (unsigned long)r->size[2], (unsigned long)level, (unsigned long)slice);
    return;
  }
  sm_texture_copy_linear(t, r, level, slice, bytes, bpr, bpi, to_texture);
}

static void texture_replace(id self, SEL cmd, struct sm_region r, unsigned long level,
                            unsigned long slice, const void *bytes, unsigned long bpr,
                            unsigned long bpi) {
  (void)cmd;
  cpu_access((struct sm_texture *)self, &r, level, slice, (void *)bytes, bpr, bpi, true,
             "-[MTLTexture replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:]");
}
static void texture_replace_2d(id self, SEL cmd, struct sm_region r, unsigned long level,
                               const void *bytes, unsigned long bpr) {
  (void)cmd;
  cpu_access((struct sm_texture *)self, &r, level, 0, (void *)bytes, bpr, 0, true,
             "-[MTLTexture replaceRegion:mipmapLevel:withBytes:bytesPerRow:]");
}
static void texture_get(id self, SEL cmd, void *bytes, unsigned long bpr, unsigned long bpi,
                        struct sm_region r, unsigned long level, unsigned long slice) {
  (void)cmd;
  cpu_access((struct sm_texture *)self, &r, level, slice, bytes, bpr, bpi, false,
             "-[MTLTexture getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:]");
}
static void texture_get_2d(id self, SEL cmd, void *bytes, unsigned long bpr, struct sm_region r,
                           unsigned long level) {
  (void)cmd;
  cpu_access((struct sm_texture *)self, &r, level, 0, bytes, bpr, 0, false,
             "-[MTLTexture getBytes:bytesPerRow:fromRegion:mipmapLevel:]");
}

/* ---- properties ------------------------------------------------------------------------------ */
#define TEXTURE_GETTER(name, expr)                                                                 \
  static unsigned long texture_##name(id self, SEL cmd) {                                          \
    (void)cmd;                                                                                     \
    const struct sm_texture *t = (const struct sm_texture *)self;                                  \
    (void)t;                                                                                       \
    return (unsigned long)(expr);                                                                  \
  }
TEXTURE_GETTER(type, t->type)
TEXTURE_GETTER(format, t->format)
TEXTURE_GETTER(width, t->width)
TEXTURE_GETTER(height, t->height)
TEXTURE_GETTER(depth, t->depth)
TEXTURE_GETTER(levels, t->levels)
TEXTURE_GETTER(array_length, t->array_length)
TEXTURE_GETTER(sample_count, 1)
TEXTURE_GETTER(usage, t->usage)
TEXTURE_GETTER(storage_mode, t->storage_mode)
TEXTURE_GETTER(allocated_size, t->allocated_size)
TEXTURE_GETTER(buffer_offset, t->buffer_offset)
TEXTURE_GETTER(buffer_bytes_per_row, t->buffer_bytes_per_row)
TEXTURE_GETTER(parent_level, t->parent_level)
TEXTURE_GETTER(parent_slice, t->parent_slice)

static id texture_parent(id self, SEL cmd) {
  (void)cmd;
  return (id)((struct sm_texture *)self)->parent;
}
static id texture_buffer(id self, SEL cmd) {
  (void)cmd;
  return (id)((struct sm_texture *)self)->buffer;
}
static struct sm_resource_id texture_resource_id(id self, SEL cmd) {
  (void)cmd;
  return (struct sm_resource_id){((struct sm_texture *)self)->id};
}

struct sm_texture *sm_texture_from(id object) {
  return object && object_getClass(object) == texture_class ? (struct sm_texture *)object : NULL;
}

void sm_texture_register(void) {
  Class d = sm_class_new(sm_object_class, "MTLTextureDescriptor");
  Class meta = object_getClass((id)d);
  sm_add_method(meta, "alloc", descriptor_alloc, "@@:");
  sm_add_method(meta, "texture2DDescriptorWithPixelFormat:width:height:mipmapped:", descriptor_2d,
                "@@:QQQC");
  sm_add_method(meta, "textureCubeDescriptorWithPixelFormat:size:mipmapped:", descriptor_cube,
                "@@:QQC");
  sm_add_method(meta, "textureBufferDescriptorWithPixelFormat:width:resourceOptions:usage:",
                descriptor_buffer, "@@:QQQQ");
#define PROPERTY(field, getter, setter)                                                            \
  sm_add_method(d, getter, descriptor_##field, "Q@:");                                             \
  sm_add_method(d, setter, descriptor_set_##field, "v@:Q");
  PROPERTY(type, "textureType", "setTextureType:")
  PROPERTY(format, "pixelFormat", "setPixelFormat:")
  PROPERTY(width, "width", "setWidth:")
  PROPERTY(height, "height", "setHeight:")
  PROPERTY(depth, "depth", "setDepth:")
  PROPERTY(levels, "mipmapLevelCount", "setMipmapLevelCount:")
  PROPERTY(array_length, "arrayLength", "setArrayLength:")
  PROPERTY(sample_count, "sampleCount", "setSampleCount:")
  PROPERTY(usage, "usage", "setUsage:")
  PROPERTY(storage_mode, "storageMode", "setStorageMode:")
  PROPERTY(resource_options, "resourceOptions", "setResourceOptions:")
  PROPERTY(cpu_cache_mode, "cpuCacheMode", "setCpuCacheMode:")
  PROPERTY(hazard_tracking_mode, "hazardTrackingMode", "setHazardTrackingMode:")
  sm_add_method(d, "allowGPUOptimizedContents", descriptor_allow_gpu_optimized_contents, "C@:");
  sm_add_method(d, "setAllowGPUOptimizedContents:", descriptor_set_allow_gpu_optimized_contents,
                "v@:C");
#undef PROPERTY
  objc_registerClassPair(d);
  descriptor_class = d;

  Class t = sm_class_new(sm_object_class, "SoftMetalTexture");
  sm_add_method(t, "textureType", texture_type, "Q@:");
  sm_add_method(t, "pixelFormat", texture_format, "Q@:");
  sm_add_method(t, "width", texture_width, "Q@:");
  sm_add_method(t, "height", texture_height, "Q@:");
  sm_add_method(t, "depth", texture_depth, "Q@:");
  sm_add_method(t, "mipmapLevelCount", texture_levels, "Q@:");
  sm_add_method(t, "arrayLength", texture_array_length, "Q@:");
  sm_add_method(t, "sampleCount", texture_sample_count, "Q@:");
  sm_add_method(t, "usage", texture_usage, "Q@:");
  sm_add_method(t, "storageMode", texture_storage_mode, "Q@:");
  sm_add_method(t, "allocatedSize", texture_allocated_size, "Q@:");
  sm_add_method(t, "bufferOffset", texture_buffer_offset, "Q@:");
  sm_add_method(t, "bufferBytesPerRow", texture_buffer_bytes_per_row, "Q@:");
  sm_add_method(t, "parentRelativeLevel", texture_parent_level, "Q@:");
  sm_add_method(t, "parentRelativeSlice", texture_parent_slice, "Q@:");
  sm_add_method(t, "parentTexture", texture_parent, "@@:");
  sm_add_method(t, "buffer", texture_buffer, "@@:");
  sm_add_method(t, "gpuResourceID", texture_resource_id, "{MTLResourceID=Q}@:");
  sm_add_method(t, "newTextureViewWithPixelFormat:", texture_new_view, "@@:Q");
  sm_add_method(t,
                "newTextureViewWithPixelFormat:textureType:levels:slices:", texture_new_view_full,
                "@@:QQ{_NSRange=QQ}{_NSRange=QQ}");
  sm_add_method(t, "replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:",
                texture_replace, "v@:{?={?=QQQ}{?=QQQ}}QQr^vQQ");
  sm_add_method(t, "replaceRegion:mipmapLevel:withBytes:bytesPerRow:", texture_replace_2d,
                "v@:{?={?=QQQ}{?=QQQ}}Qr^vQ");
  sm_add_method(t, "getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:", texture_get,
                "v@:^vQQ{?={?=QQQ}{?=QQQ}}QQ");
  sm_add_method(t, "getBytes:bytesPerRow:fromRegion:mipmapLevel:", texture_get_2d,
                "v@:^vQ{?={?=QQQ}{?=QQQ}}Q");
  objc_registerClassPair(t);
  texture_class = t;

  /* MTLBuffer's factory of linear textures, on buffer.c's class (registered before) */
  Class buffer = objc_getClass("SoftMetalBuffer");
  assert(buffer != Nil); /* buffer.c registers first */
  sm_add_method(buffer, "newTextureWithDescriptor:offset:bytesPerRow:", buffer_new_texture,
                "@@:@QQ");
}
