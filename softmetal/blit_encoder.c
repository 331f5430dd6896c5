/* softmetal/blit_encoder.c — MTLBlitCommandEncoder: buffer copies and fills,
 * copies between buffers and textures and between textures, checked as Metal
 * checks them and recorded as commands (command.c).
 */
#include "sm.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  uint64_t location, length;
} sm_range;

static Class blit_encoder_class;

id sm_blit_encoder_new(struct sm_command_buffer *cb) {
  return sm_encoder_new(blit_encoder_class, sizeof(struct sm_encoder), cb, NULL);
}

/* A blit range must lie in its buffer, and on macOS offsets and sizes must be
 * multiples of 4 (copyFromBuffer:... and fillBuffer:range:value:). */
static bool blit_range_ok(struct sm_encoder *e, struct sm_buffer *b, uint64_t offset, uint64_t size,
                          const char *what) {
  if (offset % 4 || size % 4) {
    sm_command_record_error(&e->cmdbuf->commands,
                            "-[MTLBlitCommandEncoder %s]: offset (%lu) and size (%lu) must be "
                            "multiples of 4 on macOS",
                            what, (unsigned long)offset, (unsigned long)size);
    return false;
  }
  if (b && offset <= b->length && size <= b->length - offset) return true;
  sm_command_record_error(&e->cmdbuf->commands,
                          "-[MTLBlitCommandEncoder %s]: range [%lu, +%lu) is outside the buffer "
                          "(length %lu)",
                          what, (unsigned long)offset, (unsigned long)size,
                          (unsigned long)(b ? b->length : 0));
  return false;
}

static void blit_copy(id self, SEL cmd, id src, unsigned long src_offset, id dst,
                      unsigned long dst_offset, unsigned long size) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:";
  struct sm_buffer *s = (struct sm_buffer *)src, *d = (struct sm_buffer *)dst;
  if (!sm_encoder_usable(e, what) || !blit_range_ok(e, s, src_offset, size, what) ||
      !blit_range_ok(e, d, dst_offset, size, what))
    return;
  struct sm_command *c = sm_command_append(&e->cmdbuf->commands, SM_COMMAND_COPY);
  c->src = sm_retain(s), c->dst = sm_retain(d);
  c->src_offset = src_offset, c->dst_offset = dst_offset, c->size = size;
}

static void blit_fill(id self, SEL cmd, id buffer, sm_range range, uint8_t value) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "fillBuffer:range:value:";
  struct sm_buffer *b = (struct sm_buffer *)buffer;
  if (!sm_encoder_usable(e, what) || !blit_range_ok(e, b, range.location, range.length, what))
    return;
  struct sm_command *c = sm_command_append(&e->cmdbuf->commands, SM_COMMAND_FILL);
  c->dst = sm_retain(b);
  c->dst_offset = range.location, c->size = range.length, c->value = value;
}

/* ---- texture copies ---------------------------------------------------------------- */
typedef struct {
  uint64_t x, y, z;
} sm_xyz; /* MTLOrigin */
typedef struct {
  uint64_t width, height, depth;
} sm_size; /* MTLSize */

struct texture_copy {
  struct sm_texture *src, *dst; /* retained; one may be NULL (buffer side) */
  struct sm_buffer *buffer;     /* retained; NULL for texture to texture */
  struct sm_region src_region, dst_region;
  uint64_t src_level, src_slice, dst_level, dst_slice;
  uint64_t offset, bytes_per_row, bytes_per_image;
};

static void texture_copy_free(void *arg) {
  struct texture_copy *c = arg;
  sm_release(c->src), sm_release(c->dst), sm_release(c->buffer);
  free(c);
}

static char *texture_copy_run(void *arg) {
  struct texture_copy *c = arg;
  if (c->buffer && c->dst) /* buffer -> texture */
    sm_texture_copy_linear(c->dst, &c->dst_region, c->dst_level, c->dst_slice,
                           c->buffer->cpu + c->offset, c->bytes_per_row, c->bytes_per_image, true);
  else if (c->buffer) /* texture -> buffer */
    sm_texture_copy_linear(c->src, &c->src_region, c->src_level, c->src_slice,
                           c->buffer->cpu + c->offset, c->bytes_per_row, c->bytes_per_image, false);
  else {
    const struct sm_region *r = &c->src_region;
    uint64_t row = r->size[0] * c->src->pf->bytes;
    for (uint64_t z = 0; z < r->size[2]; z++)
      for (uint64_t y = 0; y < r->size[1]; y++)
        memmove(sm_texture_texel(c->dst, c->dst_level, c->dst_slice, c->dst_region.origin[0],
                                 c->dst_region.origin[1] + y, c->dst_region.origin[2] + z),
                sm_texture_texel(c->src, c->src_level, c->src_slice, r->origin[0], r->origin[1] + y,
                                 r->origin[2] + z),
                row);
  }
  return NULL;
}

static struct sm_region region_of(sm_xyz origin, sm_size size) {
  return (struct sm_region){{origin.x, origin.y, origin.z}, {size.width, size.height, size.depth}};
}

/* Metal's checks of the linear side of a copy: offset a multiple of the pixel size,
 * rows at least a region row and a multiple of the pixel size, images at least a
 * region image (copies deeper than 1), everything inside the buffer. */
static const char *check_linear(const struct sm_buffer *b, const struct sm_texture *t,
                                const struct sm_region *r, uint64_t offset, uint64_t bpr,
                                uint64_t bpi) {
  uint64_t px = t->pf->bytes, row = r->size[0] * px;
  if (!b) return "the buffer is nil";
  if (offset % px) return "the buffer offset must be a multiple of the pixel size";
  if (bpr < row || bpr % px)
    return "bytesPerRow must be >= the region's width x pixel size and a multiple of the pixel "
           "size";
  if (r->size[2] > 1 && bpi < bpr * r->size[1])
    return "bytesPerImage must be >= bytesPerRow x the region's height";
  if (!r->size[0] || !r->size[1] || !r->size[2]) return NULL;
  uint64_t span = (r->size[2] - 1) * bpi + (r->size[1] - 1) * bpr + row;
  if (offset > b->length || span > b->length - offset)
    return "the copy's bytes extend outside the buffer";
  return NULL;
}

static void record_copy(struct sm_encoder *e, struct texture_copy *c, const char *what,
                        const char *why) {
  if (why) {
    sm_command_record_error(&e->cmdbuf->commands, "-[MTLBlitCommandEncoder %s]: %s", what, why);
    texture_copy_free(c);
    return;
  }
  struct sm_command *cmd = sm_command_append(&e->cmdbuf->commands, SM_COMMAND_CALL);
  cmd->call = texture_copy_run, cmd->free_arg = texture_copy_free, cmd->arg = c;
}

static struct texture_copy *copy_new(id src, id dst, id buffer) {
  struct texture_copy *c = calloc(1, sizeof *c);
  if (!c) abort();
  c->src = sm_retain(sm_texture_from(src));
  c->dst = sm_retain(sm_texture_from(dst));
  c->buffer = sm_retain(sm_buffer_from(buffer));
  return c;
}

static void blit_buffer_to_texture(id self, SEL cmd, id buffer, unsigned long offset,
                                   unsigned long bpr, unsigned long bpi, sm_size size, id texture,
                                   unsigned long slice, unsigned long level, sm_xyz origin) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:"
                     "sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:";
  if (!sm_encoder_usable(e, what)) return;
  struct texture_copy *c = copy_new(nil, texture, buffer);
  c->dst_region = region_of(origin, size);
  c->dst_level = level, c->dst_slice = slice;
  c->offset = offset, c->bytes_per_row = bpr, c->bytes_per_image = bpi;
  const char *why = !c->dst ? "the texture is nil" : NULL;
  if (!why) why = sm_texture_check_region(c->dst, &c->dst_region, level, slice);
  if (!why) why = check_linear(c->buffer, c->dst, &c->dst_region, offset, bpr, bpi);
  record_copy(e, c, what, why);
}

static void blit_texture_to_buffer(id self, SEL cmd, id texture, unsigned long slice,
                                   unsigned long level, sm_xyz origin, sm_size size, id buffer,
                                   unsigned long offset, unsigned long bpr, unsigned long bpi) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:"
                     "destinationOffset:destinationBytesPerRow:destinationBytesPerImage:";
  if (!sm_encoder_usable(e, what)) return;
  struct texture_copy *c = copy_new(texture, nil, buffer);
  c->src_region = region_of(origin, size);
  c->src_level = level, c->src_slice = slice;
  c->offset = offset, c->bytes_per_row = bpr, c->bytes_per_image = bpi;
  const char *why = !c->src ? "the texture is nil" : NULL;
  if (!why) why = sm_texture_check_region(c->src, &c->src_region, level, slice);
  if (!why) why = check_linear(c->buffer, c->src, &c->src_region, offset, bpr, bpi);
  record_copy(e, c, what, why);
}

/* Texture to texture: Metal requires the same pixel format (or its sRGB twin) and a
 * region inside both. */
static const char *check_texture_pair(const struct texture_copy *c) {
  if (!c->src || !c->dst) return "a texture is nil";
  if (c->src->pf->bytes != c->dst->pf->bytes || c->src->pf->channels != c->dst->pf->channels ||
      (c->src->format != c->dst->format && c->src->format != c->dst->format + 1 &&
       c->src->format + 1 != c->dst->format))
    return "the textures' pixel formats must be the same";
  const char *why = sm_texture_check_region(c->src, &c->src_region, c->src_level, c->src_slice);
  return why ? why : sm_texture_check_region(c->dst, &c->dst_region, c->dst_level, c->dst_slice);
}

static void blit_texture_to_texture(id self, SEL cmd, id src, unsigned long src_slice,
                                    unsigned long src_level, sm_xyz src_origin, sm_size size,
                                    id dst, unsigned long dst_slice, unsigned long dst_level,
                                    sm_xyz dst_origin) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toTexture:"
                     "destinationSlice:destinationLevel:destinationOrigin:";
  if (!sm_encoder_usable(e, what)) return;
  struct texture_copy *c = copy_new(src, dst, nil);
  c->src_region = region_of(src_origin, size), c->dst_region = region_of(dst_origin, size);
  c->src_level = src_level, c->src_slice = src_slice;
  c->dst_level = dst_level, c->dst_slice = dst_slice;
  record_copy(e, c, what, check_texture_pair(c));
}

/* copyFromTexture:toTexture: every level and slice the two have in common, which must be
 * the same dimensions. */
static void blit_whole_texture(id self, SEL cmd, id src, id dst) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  const char *what = "copyFromTexture:toTexture:";
  if (!sm_encoder_usable(e, what)) return;
  struct sm_texture *s = sm_texture_from(src), *d = sm_texture_from(dst);
  if (!s || !d || s->width != d->width || s->height != d->height || s->depth != d->depth ||
      s->slices != d->slices || s->levels != d->levels) {
    sm_command_record_error(&e->cmdbuf->commands,
                            "-[MTLBlitCommandEncoder %s]: the textures must have the same "
                            "dimensions, slices and levels",
                            what);
    return;
  }
  for (uint64_t slice = 0; slice < s->slices; slice++)
    for (uint64_t l = 0; l < s->levels; l++) {
      uint64_t w = s->width >> l, h = s->height >> l, dd = s->depth >> l;
      sm_size size = {w ? w : 1, h ? h : 1, dd ? dd : 1};
      if (s->type == SM_TEXTURE_1D || s->type == SM_TEXTURE_1D_ARRAY) size.height = 1;
      if (s->type != SM_TEXTURE_3D) size.depth = 1;
      blit_texture_to_texture(self, cmd, src, slice, l, (sm_xyz){0, 0, 0}, size, dst, slice, l,
                              (sm_xyz){0, 0, 0});
    }
}

void sm_blit_encoder_register(void) {
  Class be = sm_class_new(sm_encoder_class, "SoftMetalBlitCommandEncoder");
  sm_add_method(be, "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", blit_copy,
                "v@:@Q@QQ");
  sm_add_method(be, "fillBuffer:range:value:", blit_fill, "v@:@{?=QQ}C");
  sm_add_method(be,
                "copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:sourceSize:"
                "toTexture:destinationSlice:destinationLevel:destinationOrigin:",
                blit_buffer_to_texture, "v@:@QQQ{?=QQQ}@QQ{?=QQQ}");
  sm_add_method(be,
                "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:"
                "destinationOffset:destinationBytesPerRow:destinationBytesPerImage:",
                blit_texture_to_buffer, "v@:@QQ{?=QQQ}{?=QQQ}@QQQ");
  sm_add_method(be,
                "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toTexture:"
                "destinationSlice:destinationLevel:destinationOrigin:",
                blit_texture_to_texture, "v@:@QQ{?=QQQ}{?=QQQ}@QQ{?=QQQ}");
  sm_add_method(be, "copyFromTexture:toTexture:", blit_whole_texture, "v@:@@");
  objc_registerClassPair(be);
  blit_encoder_class = be;
}
