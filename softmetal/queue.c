/* softmetal/queue.c — MTLCommandQueue: makes command buffers and owns the
 * executor thread (executor.c) that runs them in commit order.
 */
#include "sm.h"

static Class queue_class;

/* The executor outlives the queue while it still has command buffers to run
 * (each of which retains the queue until it ends); it frees itself. */
static void queue_destroy(struct sm_object *o) {
  sm_executor_stop(((struct sm_queue *)o)->executor);
}

struct sm_queue *sm_queue_new(void) {
  struct sm_queue *q = sm_object_new(queue_class, sizeof *q, queue_destroy);
  q->executor = sm_executor_new();
  return q;
}

static id queue_command_buffer(id self, SEL cmd) {
  (void)cmd;
  return sm_autorelease(sm_command_buffer_new((struct sm_queue *)self));
}

void sm_queue_register(void) {
  queue_class = sm_class_new(sm_object_class, "SoftMetalCommandQueue");
  sm_add_method(queue_class, "commandBuffer", queue_command_buffer, "@@:");
  objc_registerClassPair(queue_class);
}
