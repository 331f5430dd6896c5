/* tests/softmetal/test_events.c — MTLSharedEvent across queues and completed
 * handlers. Queue A's command buffer waits for the event before copying a
 * buffer that queue B's fills and then signals: A is committed first and B
 * only later, so the copy sees B's bytes only if the wait held A's queue.
 * The host's setSignaledValue: releases another wait. Completed handlers run
 * once each, in the order added, after the command buffer completed (its
 * status is Completed inside the handler). A command buffer that fails (here
 * a validation error: a wait for a nil event) still runs the signals encoded
 * after the failure, and its handler sees status Error. */
#include "smtest.h"

#include <time.h>

enum { N = 256 };

typedef struct {
  int calls, order[2];
  long status_seen;
} handler_log;

static void on_completed(void *context, mtl_id command_buffer) {
  handler_log *log = context;
  log->status_seen = mtl_command_buffer_status(command_buffer);
  log->order[log->calls < 2 ? log->calls : 1] = log->calls;
  log->calls++;
}

static void on_completed_second(void *context, mtl_id command_buffer) {
  (void)command_buffer;
  handler_log *log = context;
  log->order[1] = 100 + log->calls; /* runs after on_completed: calls is 1 */
  log->calls++;
}

static void sleep_ms(long ms) {
  struct timespec t = {0, ms * 1000000L};
  nanosleep(&t, NULL);
}

int main(void) {
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  REQUIRE(device);
  mtl_id qa = mtl_new_command_queue(device), qb = mtl_new_command_queue(device);
  mtl_id event = mtl_new_shared_event(device);
  REQUIRE(qa && qb && event);
  CHECK(mtl_shared_event_signaled_value(event) == 0);
  mtl_shared_event_set_signaled_value(event, 5);
  CHECK(mtl_shared_event_signaled_value(event) == 5);
  mtl_shared_event_set_signaled_value(event, 0);

  mtl_id src = mtl_new_buffer(device, N, 0), dst = mtl_new_buffer(device, N, 0);
  memset(mtl_buffer_contents(src), 0, N);
  memset(mtl_buffer_contents(dst), 0, N);

  /* A: wait for 1, copy src -> dst, signal 2. */
  handler_log log = {0, {-1, -1}, -1};
  mtl_id a = mtl_queue_command_buffer(qa);
  mtl_command_buffer_encode_wait_for_event(a, event, 1);
  mtl_id blit = mtl_command_buffer_blit_encoder(a);
  mtl_blit_copy_buffer(blit, src, 0, dst, 0, N);
  mtl_encoder_end_encoding(blit);
  mtl_command_buffer_encode_signal_event(a, event, 2);
  mtl_command_buffer_add_completed_handler(a, on_completed, &log);
  mtl_command_buffer_add_completed_handler(a, on_completed_second, &log);
  mtl_command_buffer_commit(a);
  sleep_ms(50);
  CHECK(mtl_command_buffer_status(a) != MTL_COMMAND_BUFFER_STATUS_COMPLETED); /* held */
  CHECK(log.calls == 0);

  /* B: fill src with 7, signal 1. */
  mtl_id b = mtl_queue_command_buffer(qb);
  blit = mtl_command_buffer_blit_encoder(b);
  mtl_blit_fill_buffer(blit, src, (mtl_range){0, N}, 7);
  mtl_encoder_end_encoding(blit);
  mtl_command_buffer_encode_signal_event(b, event, 1);
  mtl_command_buffer_commit(b);

  mtl_command_buffer_wait_until_completed(a);
  CHECK(mtl_command_buffer_status(a) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  const unsigned char *d = mtl_buffer_contents(dst);
  int wrong = 0;
  for (int i = 0; i < N; i++)
    wrong += d[i] != 7;
  CHECK(wrong == 0);
  for (int i = 0; i < 200 && log.calls < 2; i++) /* handlers may still be running */
    sleep_ms(5);
  CHECK(log.calls == 2);
  CHECK(log.order[0] == 0 && log.order[1] == 101);
  CHECK(log.status_seen == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(mtl_shared_event_signaled_value(event) == 2);

  /* The host releases a queue: C waits for 10, which only the host sets. */
  mtl_id c = mtl_queue_command_buffer(qa);
  mtl_command_buffer_encode_wait_for_event(c, event, 10);
  mtl_command_buffer_commit(c);
  sleep_ms(30);
  CHECK(mtl_command_buffer_status(c) != MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  mtl_shared_event_set_signaled_value(event, 10);
  mtl_command_buffer_wait_until_completed(c);
  CHECK(mtl_command_buffer_status(c) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);

  /* A failing command buffer: the signal after the failure still happens. */
  handler_log failed = {0, {-1, -1}, -1};
  mtl_id f = mtl_queue_command_buffer(qb);
  mtl_command_buffer_encode_wait_for_event(f, NULL, 1); /* validation error */
  mtl_command_buffer_encode_signal_event(f, event, 20);
  mtl_command_buffer_add_completed_handler(f, on_completed, &failed);
  mtl_command_buffer_commit(f);
  mtl_command_buffer_wait_until_completed(f);
  CHECK(mtl_command_buffer_status(f) == MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(mtl_shared_event_signaled_value(event) == 20);
  for (int i = 0; i < 200 && failed.calls < 1; i++)
    sleep_ms(5);
  CHECK(failed.calls == 1 && failed.status_seen == MTL_COMMAND_BUFFER_STATUS_ERROR);

  mtl_release(src);
  mtl_release(dst);
  mtl_release(event);
  mtl_release(qa);
  mtl_release(qb);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_events");
}
