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

/* pushDebugGroup:, popDebugGroup and insertDebugSignpost: (MTLCommandEncoder):
 * commands among the encoder's, shown by SOFTMETAL_TRACE; the groups are
 * balanced before endEncoding (else a validation error). */
static void encoder_push_debug_group(id self, SEL cmd, id name) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  if (!sm_encoder_usable(e, "pushDebugGroup:")) return;
  e->debug_depth++;
  sm_command_record_debug(&e->cmdbuf->commands, SM_COMMAND_PUSH_DEBUG_GROUP, name,
                          e->cmdbuf->number);
}

static void encoder_pop_debug_group(id self, SEL cmd) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  if (!sm_encoder_usable(e, "popDebugGroup")) return;
  if (e->debug_depth == 0) {
    sm_command_record_error(&e->cmdbuf->commands,
                            "-[MTLCommandEncoder popDebugGroup]: no debug group to pop");
    return;
  }
  e->debug_depth--;
  sm_command_record_debug(&e->cmdbuf->commands, SM_COMMAND_POP_DEBUG_GROUP, nil, e->cmdbuf->number);
}

static void encoder_insert_debug_signpost(id self, SEL cmd, id name) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  if (!sm_encoder_usable(e, "insertDebugSignpost:")) return;
  sm_command_record_debug(&e->cmdbuf->commands, SM_COMMAND_SIGNPOST, name, e->cmdbuf->number);
}

static void encoder_end(id self, SEL cmd) {
  (void)cmd;
  struct sm_encoder *e = (struct sm_encoder *)self;
  if (!e->ended && e->debug_depth)
    sm_command_record_error(&e->cmdbuf->commands,
                            "-[MTLCommandEncoder endEncoding]: %u debug group(s) not popped",
                            e->debug_depth);
  e->ended = true;
  if (e->cmdbuf->active_encoder == self) e->cmdbuf->active_encoder = nil;
}

void sm_encoder_register(void) {
  sm_encoder_class = sm_class_new(sm_object_class, "SoftMetalCommandEncoder");
  sm_add_method(sm_encoder_class, "endEncoding", encoder_end, "v@:");
  sm_add_method(sm_encoder_class, "pushDebugGroup:", encoder_push_debug_group, "v@:@");
  sm_add_method(sm_encoder_class, "popDebugGroup", encoder_pop_debug_group, "v@:");
  sm_add_method(sm_encoder_class, "insertDebugSignpost:", encoder_insert_debug_signpost, "v@:@");
  objc_registerClassPair(sm_encoder_class);
}
