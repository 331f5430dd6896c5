/* softmetal/command.c — the commands a command buffer records, and running them.
 *
 * Encoders append commands (dispatch, copy, fill) to their command buffer's
 * list, the command buffer itself event signals and waits; a validation failure is recorded as an
 * error command (and printed on stderr, as Metal's validation layer does), so that the command
 * buffer, when it runs, stops there and ends in status Error with that text. A command owns what it
 * needs to run later: retained buffers and pipeline, copies of setBytes data. Dispatches go to the
 * worker pool (pool.c).
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void command_free(struct sm_command *c) {
  sm_release(c->pipeline);
  for (int i = 0; i < AC_MAX_BUFFER_SLOTS; i++) {
    sm_release(c->buffers[i]);
    free(c->bytes[i]);
  }
  for (int i = 0; i < c->dispatch.resident_count; i++)
    sm_release(c->resident[i]);
  free(c->resident);
  sm_release(c->src);
  sm_release(c->dst);
  sm_release(c->event);
  free(c->error);
  free(c->label);
  if (c->free_arg) c->free_arg(c->arg);
  for (int i = 0; i < c->retained_count; i++)
    sm_release(c->retained[i]);
  free(c->retained);
  free(c);
}

struct sm_command *sm_command_append(struct sm_command_list *list, enum sm_command_kind kind) {
  assert(!list->head == !list->tail);
  struct sm_command *c = calloc(1, sizeof *c);
  if (!c) abort();
  c->kind = kind;
  if (list->tail)
    list->tail->next = c;
  else
    list->head = c;
  list->tail = c;
  return c;
}

void sm_command_record_error(struct sm_command_list *list, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *text = sm_strdup_vprintf(fmt, ap);
  va_end(ap);
  fprintf(stderr, "softmetal: validation error: %s\n", text ? text : "?");
  struct sm_command *c = sm_command_append(list, SM_COMMAND_ERROR);
  c->error = text;
}

void sm_command_record_debug(struct sm_command_list *list, enum sm_command_kind kind, id label,
                             unsigned command_buffer) {
  struct sm_command *c = sm_command_append(list, kind);
  c->command_buffer = command_buffer;
  if (kind != SM_COMMAND_POP_DEBUG_GROUP) {
    c->label = strdup(label ? sm_string_utf8(label) : "");
    if (!c->label) abort();
  }
}

/* A debug command as SOFTMETAL_TRACE shows it, on the queue's executor thread. */
static void trace_debug(const struct sm_command *c) {
  if (!sm_trace()) return;
  unsigned queue = sm_pool_thread_queue();
  if (c->kind == SM_COMMAND_POP_DEBUG_GROUP)
    fprintf(stderr, "softmetal: queue %u: command buffer %u: pop debug group\n", queue,
            c->command_buffer);
  else
    fprintf(stderr, "softmetal: queue %u: command buffer %u: %s \"%s\"\n", queue, c->command_buffer,
            c->kind == SM_COMMAND_SIGNPOST ? "signpost" : "push debug group", c->label);
}

void sm_command_list_free(struct sm_command_list *list) {
  for (struct sm_command *c = list->head, *next; c; c = next)
    next = c->next, command_free(c);
  list->head = list->tail = NULL;
}

/* Whether [offset, offset + size) lies in b: encoders check it (blit_encoder.c). */
__attribute__((unused)) /* only asserts use it */
static bool
in_buffer(const struct sm_buffer *b, uint64_t offset, uint64_t size) {
  return b && offset <= b->length && size <= b->length - offset;
}

/* Runs one command; returns NULL or a malloc'd error (code in *code). */
static char *execute_command(struct sm_command *c, long *code) {
  *code = SM_CMDBUF_ERROR_INTERNAL;
  switch (c->kind) {
  case SM_COMMAND_ERROR: return strdup(c->error ? c->error : "validation error");
  case SM_COMMAND_COPY:
    assert(in_buffer(c->src, c->src_offset, c->size) && in_buffer(c->dst, c->dst_offset, c->size));
    memmove(c->dst->cpu + c->dst_offset, c->src->cpu + c->src_offset, c->size);
    return NULL;
  case SM_COMMAND_FILL:
    assert(in_buffer(c->dst, c->dst_offset, c->size));
    memset(c->dst->cpu + c->dst_offset, c->value, c->size);
    return NULL;
  case SM_COMMAND_SIGNAL_EVENT: sm_event_signal(c->event, c->event_value); return NULL;
  case SM_COMMAND_WAIT_EVENT: sm_event_wait(c->event, c->event_value); return NULL;
  case SM_COMMAND_PUSH_DEBUG_GROUP:
  case SM_COMMAND_POP_DEBUG_GROUP:
  case SM_COMMAND_SIGNPOST: trace_debug(c); return NULL;
  case SM_COMMAND_CALL: return c->call(c->arg);
  case SM_COMMAND_DISPATCH:
    sm_pool_run(&c->dispatch);
    *code = c->dispatch.error_code;
    return c->dispatch.error;
  }
  return NULL;
}

char *sm_command_list_execute(struct sm_command_list *list, long *code) {
  char *error = NULL;
  *code = 0;
  for (struct sm_command *c = list->head; c; c = c->next)
    if (!error)
      error = execute_command(c, code);
    else if (c->kind == SM_COMMAND_SIGNAL_EVENT) /* waiters must not hang on a failure */
      sm_event_signal(c->event, c->event_value);
  sm_command_list_free(list);
  return error;
}
