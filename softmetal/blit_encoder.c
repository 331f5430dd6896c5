/* softmetal/blit_encoder.c — MTLBlitCommandEncoder: buffer copies and fills,
 * checked as Metal checks them and recorded as commands (command.c).
 */
#include "sm.h"

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

void sm_blit_encoder_register(void) {
  Class be = sm_class_new(sm_encoder_class, "SoftMetalBlitCommandEncoder");
  sm_add_method(be, "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", blit_copy,
                "v@:@Q@QQ");
  sm_add_method(be, "fillBuffer:range:value:", blit_fill, "v@:@{?=QQ}C");
  objc_registerClassPair(be);
  blit_encoder_class = be;
}
