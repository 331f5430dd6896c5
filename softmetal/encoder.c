/* softmetal/encoder.c — what every command encoder shares: the abstract
 * class SoftMetalCommandEncoder (endEncoding; compute_encoder.c and
 * blit_encoder.c subclass it), its tie to the command buffer it records into,
 * and the check that it has not ended.
 */
#include "sm.h"

Class sm_encoder_class;

static void encoder_destroy(struct sm_object *o) {
  struct sm_encoder *e = (struct sm_encoder *)o;
  if (e->destroy) e->destroy(e);
  if (e->cmdbuf->active_encoder == (id)e) e->cmdbuf->active_encoder = nil;
  sm_release(e->cmdbuf);
}

void *sm_encoder_new(Class cls, size_t size, struct sm_command_buffer *cb,
                     void (*destroy)(struct sm_encoder *)) {
  assert(size >= sizeof(struct sm_encoder) && cb);
  struct sm_encoder *e = sm_object_new(cls, size, encoder_destroy);
  e->cmdbuf = sm_retain(cb);
  e->destroy = destroy;
  return e;
}

bool sm_encoder_usable(struct sm_encoder *e, const char *what) {
  if (!e->ended) return true;
  /* One text for both kinds of encoder, as softmetal has always reported it. */
  sm_command_record_error(&e->cmdbuf->commands,
                          "-[MTLComputeCommandEncoder %s]: encoder has already ended", what);
  return false;
}

static void encoder_end(id self, SEL cmd) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  e->ended = true;
  if (e->cmdbuf->active_encoder == self) e->cmdbuf->active_encoder = nil;
}

void sm_encoder_register(void) {
  sm_encoder_class = sm_class_new(sm_object_class, "SoftMetalCommandEncoder");
  sm_add_method(sm_encoder_class, "endEncoding", encoder_end, "v@:");
  objc_registerClassPair(sm_encoder_class);
}
