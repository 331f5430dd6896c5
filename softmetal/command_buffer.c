/* softmetal/command_buffer.c — MTLCommandBuffer: encoders, event signals and
 * waits, commit, status, completed handlers.
 *
 * A command buffer collects the commands its encoders record (command.c); at
 * commit it goes to its queue's executor (executor.c), which runs the
 * commands and completes it. Status moves NotEnqueued -> Committed ->
 * Scheduled -> Completed or Error, under the buffer's lock, and
 * waitUntilCompleted sleeps on it.
 */
#include "sm.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  STATUS_NOT_ENQUEUED,
  STATUS_ENQUEUED,
  STATUS_COMMITTED,
  STATUS_SCHEDULED,
  STATUS_COMPLETED,
  STATUS_ERROR
};

static Class command_buffer_class;

static void set_status(struct sm_command_buffer *cb, long status) {
  pthread_mutex_lock(&cb->lock);
  assert(status > cb->status); /* status only moves forward */
  cb->status = status;
  pthread_cond_broadcast(&cb->changed);
  pthread_mutex_unlock(&cb->lock);
}

/* The executor's job: runs the commands, completes the buffer, and drops the
 * reference commit took (which may release the queue itself). */
static void run(struct sm_job *job) {
  struct sm_command_buffer *cb =
      (struct sm_command_buffer *)((char *)job - offsetof(struct sm_command_buffer, job));
  cb->start = sm_now_seconds();
  set_status(cb, STATUS_SCHEDULED);
  long code = 0;
  char *error = sm_command_list_execute(&cb->commands, &code);
  cb->end = sm_now_seconds();
  if (error) {
    cb->error = sm_error_new("MTLCommandBufferErrorDomain", code, "%s", error);
    free(error);
  }
  set_status(cb, error ? STATUS_ERROR : STATUS_COMPLETED);
  for (size_t i = 0; i < cb->handler_count; i++) { /* in the order they were added */
    cb->handlers[i]->invoke(cb->handlers[i], (id)cb);
    free(cb->handlers[i]);
  }
  free(cb->handlers);
  cb->handlers = NULL;
  cb->handler_count = 0;
  sm_release(cb);
}

static void command_buffer_destroy(struct sm_object *o) {
  struct sm_command_buffer *cb = (struct sm_command_buffer *)o;
  assert(!cb->active_encoder); /* an open encoder retains its command buffer */
  sm_command_list_free(&cb->commands);
  for (size_t i = 0; i < cb->handler_count; i++) /* never committed */
    free(cb->handlers[i]);
  free(cb->handlers);
  sm_release(cb->error);
  sm_release(cb->queue);
  pthread_mutex_destroy(&cb->lock);
  pthread_cond_destroy(&cb->changed);
}

struct sm_command_buffer *sm_command_buffer_new(struct sm_queue *queue) {
  assert(queue);
  struct sm_command_buffer *cb =
      sm_object_new(command_buffer_class, sizeof *cb, command_buffer_destroy);
  cb->queue = sm_retain(queue);
  cb->job.run = run;
  static atomic_uint serial;
  cb->number = atomic_fetch_add(&serial, 1) + 1;
  pthread_mutex_init(&cb->lock, NULL);
  pthread_cond_init(&cb->changed, NULL);
  return cb;
}

/* ---- encoders ------------------------------------------------------------------------ */
/* Records Metal's errors for a new encoder; it is made anyway, as Metal's
 * validation layer reports and goes on. */
static void check_new_encoder(struct sm_command_buffer *cb, const char *what) {
  if (cb->status != STATUS_NOT_ENQUEUED)
    sm_command_record_error(&cb->commands,
                            "-[MTLCommandBuffer %s]: command buffer was already committed", what);
  else if (cb->active_encoder)
    sm_command_record_error(
        &cb->commands, "-[MTLCommandBuffer %s]: previous encoder has not called endEncoding", what);
}

static id command_buffer_compute_encoder(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  check_new_encoder(cb, "computeCommandEncoder");
  cb->active_encoder = sm_compute_encoder_new(cb);
  return sm_autorelease(cb->active_encoder);
}

static id command_buffer_blit_encoder(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  check_new_encoder(cb, "blitCommandEncoder");
  cb->active_encoder = sm_blit_encoder_new(cb);
  return sm_autorelease(cb->active_encoder);
}

/* ---- events ------------------------------------------------------------------------------ */
/* encodeSignalEvent:value: / encodeWaitForEvent:value: take their place among
 * the encoders' commands: Metal's rules are that no encoder is open and the
 * buffer is not committed. */
static void encode_event(struct sm_command_buffer *cb, id event, uint64_t value,
                         enum sm_command_kind kind, const char *what) {
  if (cb->status != STATUS_NOT_ENQUEUED || cb->active_encoder || !event) {
    sm_command_record_error(&cb->commands, "-[MTLCommandBuffer %s]: %s", what,
                            !event               ? "event is nil"
                            : cb->active_encoder ? "an encoder has not called endEncoding"
                                                 : "command buffer was already committed");
    return;
  }
  struct sm_command *c = sm_command_append(&cb->commands, kind);
  c->event = sm_retain((struct sm_event *)event);
  c->event_value = value;
}

static void command_buffer_signal_event(id self, SEL cmd, id event, uint64_t value) {
  (void)cmd;
  encode_event((struct sm_command_buffer *)self, event, value, SM_COMMAND_SIGNAL_EVENT,
               "encodeSignalEvent:value:");
}

static void command_buffer_wait_event(id self, SEL cmd, id event, uint64_t value) {
  (void)cmd;
  encode_event((struct sm_command_buffer *)self, event, value, SM_COMMAND_WAIT_EVENT,
               "encodeWaitForEvent:value:");
}

/* ---- debug groups ------------------------------------------------------------------------ */
/* pushDebugGroup: / popDebugGroup on the command buffer, before commit; a pop
 * without a push is a validation error, as are groups left open at commit. */
static void command_buffer_push_debug_group(id self, SEL cmd, id name) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  if (cb->status != STATUS_NOT_ENQUEUED || !name) {
    sm_command_record_error(&cb->commands, "-[MTLCommandBuffer pushDebugGroup:]: %s",
                            name ? "command buffer was already committed" : "string is nil");
    return;
  }
  cb->debug_depth++;
  sm_command_record_debug(&cb->commands, SM_COMMAND_PUSH_DEBUG_GROUP, name, cb->number);
}

static void command_buffer_pop_debug_group(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  if (cb->status != STATUS_NOT_ENQUEUED || cb->debug_depth == 0) {
    sm_command_record_error(&cb->commands, "-[MTLCommandBuffer popDebugGroup]: %s",
                            cb->debug_depth ? "command buffer was already committed"
                                            : "no debug group to pop");
    return;
  }
  cb->debug_depth--;
  sm_command_record_debug(&cb->commands, SM_COMMAND_POP_DEBUG_GROUP, nil, cb->number);
}

/* addCompletedHandler: before commit (Metal's rule); the block is copied. */
static void command_buffer_add_completed_handler(id self, SEL cmd, struct sm_block *block) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  if (!block || cb->status != STATUS_NOT_ENQUEUED) {
    fprintf(stderr, "softmetal: validation error: -[MTLCommandBuffer addCompletedHandler:]: %s\n",
            block ? "command buffer was already committed" : "block is nil");
    return;
  }
  size_t size = block->descriptor ? block->descriptor->size : sizeof *block;
  if (size < sizeof *block) size = sizeof *block;
  struct sm_block *copy = malloc(size);
  struct sm_block **handlers = realloc(cb->handlers, (cb->handler_count + 1) * sizeof *handlers);
  if (!copy || !handlers) abort();
  memcpy(copy, block, size);
  cb->handlers = handlers;
  cb->handlers[cb->handler_count++] = copy;
}

/* ---- commit and completion ------------------------------------------------------------ */
static void command_buffer_commit(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  if (cb->status != STATUS_NOT_ENQUEUED) {
    fprintf(stderr, "softmetal: validation error: -[MTLCommandBuffer commit]: already committed\n");
    return;
  }
  if (cb->active_encoder)
    sm_command_record_error(&cb->commands,
                            "-[MTLCommandBuffer commit]: commit command buffer with an encoder "
                            "that has not called endEncoding");
  if (cb->debug_depth)
    sm_command_record_error(&cb->commands,
                            "-[MTLCommandBuffer commit]: %u debug group(s) pushed and not popped",
                            cb->debug_depth);
  set_status(cb, STATUS_COMMITTED);
  sm_retain(cb); /* the executor's reference, dropped by run() */
  sm_executor_submit(cb->queue->executor, &cb->job);
}

static void command_buffer_wait(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  pthread_mutex_lock(&cb->lock);
  if (cb->status >= STATUS_COMMITTED)
    while (cb->status < STATUS_COMPLETED)
      pthread_cond_wait(&cb->changed, &cb->lock);
  pthread_mutex_unlock(&cb->lock);
}

static long command_buffer_status(id self, SEL cmd) {
  (void)cmd;
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  pthread_mutex_lock(&cb->lock);
  long s = cb->status;
  pthread_mutex_unlock(&cb->lock);
  return s;
}

static id command_buffer_error(id self, SEL cmd) {
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  return command_buffer_status(self, cmd) == STATUS_ERROR ? cb->error : nil; /* borrowed */
}
static double command_buffer_start(id self, SEL cmd) {
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  return command_buffer_status(self, cmd) >= STATUS_COMPLETED ? cb->start : 0;
}
static double command_buffer_end(id self, SEL cmd) {
  struct sm_command_buffer *cb = (struct sm_command_buffer *)self;
  return command_buffer_status(self, cmd) >= STATUS_COMPLETED ? cb->end : 0;
}

void sm_command_buffer_register(void) {
  Class cb = sm_class_new(sm_object_class, "SoftMetalCommandBuffer");
  sm_add_method(cb, "computeCommandEncoder", command_buffer_compute_encoder, "@@:");
  sm_add_method(cb, "blitCommandEncoder", command_buffer_blit_encoder, "@@:");
  sm_add_method(cb, "encodeSignalEvent:value:", command_buffer_signal_event, "v@:@Q");
  sm_add_method(cb, "encodeWaitForEvent:value:", command_buffer_wait_event, "v@:@Q");
  sm_add_method(cb, "addCompletedHandler:", command_buffer_add_completed_handler, "v@:@?");
  sm_add_method(cb, "pushDebugGroup:", command_buffer_push_debug_group, "v@:@");
  sm_add_method(cb, "popDebugGroup", command_buffer_pop_debug_group, "v@:");
  sm_add_method(cb, "commit", command_buffer_commit, "v@:");
  sm_add_method(cb, "waitUntilCompleted", command_buffer_wait, "v@:");
  sm_add_method(cb, "status", command_buffer_status, "Q@:");
  sm_add_method(cb, "error", command_buffer_error, "@@:");
  sm_add_method(cb, "GPUStartTime", command_buffer_start, "d@:");
  sm_add_method(cb, "GPUEndTime", command_buffer_end, "d@:");
  objc_registerClassPair(cb);
  command_buffer_class = cb;
}
