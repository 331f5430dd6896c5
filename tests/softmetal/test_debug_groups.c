/* tests/softmetal/test_debug_groups.c — debug groups, signposts and the capture manager
 * (metal/mtl.h over softmetal): balanced groups on a command buffer and on an encoder, and
 * a signpost, leave the command buffer Completed; a pop without a push (command buffer or
 * encoder), a command buffer committed with a group open and an encoder ended with one
 * open each end in status Error naming the rule; MTLCaptureManager's isCapturing follows
 * SOFTMETAL_CAPTURE (the test runs once without, once with it set: argument "captured"). */
#include <string.h>

#include "smtest.h"

static mtl_id queue;

/* Commits cb and waits; its status, and whether its error names `part`. */
static long finish(mtl_id cb, const char *part) {
  mtl_command_buffer_commit(cb);
  mtl_command_buffer_wait_until_completed(cb);
  long status = mtl_command_buffer_status(cb);
  if (part) {
    const char *text = mtl_error_description(mtl_command_buffer_error(cb));
    CHECK(text && smtest_contains(text, part));
  }
  return status;
}

int main(int argc, char **argv) {
  bool captured = argc > 1 && !strcmp(argv[1], "captured");
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  queue = mtl_new_command_queue(device);
  mtl_id buffer = mtl_new_buffer(device, 256, 0);

  mtl_id manager = mtl_capture_manager_shared();
  REQUIRE(manager != NULL);
  CHECK(manager == mtl_capture_manager_shared()); /* one */
  CHECK(mtl_capture_manager_is_capturing(manager) == captured);

  /* balanced, nested, with a signpost in an encoder: Completed */
  mtl_id cb = mtl_queue_command_buffer(queue);
  mtl_command_buffer_push_debug_group(cb, "outer");
  mtl_command_buffer_push_debug_group(cb, "inner");
  mtl_id blit = mtl_command_buffer_blit_encoder(cb);
  mtl_encoder_push_debug_group(blit, "fill");
  mtl_encoder_insert_debug_signpost(blit, "here");
  mtl_blit_fill_buffer(blit, buffer, (mtl_range){0, 256}, 7);
  mtl_encoder_pop_debug_group(blit);
  mtl_encoder_end_encoding(blit);
  mtl_command_buffer_pop_debug_group(cb);
  mtl_command_buffer_pop_debug_group(cb);
  CHECK(finish(cb, NULL) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(((unsigned char *)mtl_buffer_contents(buffer))[255] == 7);

  /* the rules */
  cb = mtl_queue_command_buffer(queue);
  mtl_command_buffer_pop_debug_group(cb);
  CHECK(finish(cb, "no debug group to pop") == MTL_COMMAND_BUFFER_STATUS_ERROR);
  cb = mtl_queue_command_buffer(queue);
  mtl_command_buffer_push_debug_group(cb, "left open");
  CHECK(finish(cb, "not popped") == MTL_COMMAND_BUFFER_STATUS_ERROR);
  cb = mtl_queue_command_buffer(queue);
  blit = mtl_command_buffer_blit_encoder(cb);
  mtl_encoder_push_debug_group(blit, "left open");
  mtl_encoder_end_encoding(blit);
  CHECK(finish(cb, "not popped") == MTL_COMMAND_BUFFER_STATUS_ERROR);
  cb = mtl_queue_command_buffer(queue);
  blit = mtl_command_buffer_blit_encoder(cb);
  mtl_encoder_pop_debug_group(blit);
  mtl_encoder_end_encoding(blit);
  CHECK(finish(cb, "no debug group to pop") == MTL_COMMAND_BUFFER_STATUS_ERROR);

  /* a capture started and stopped through the manager; a second start is refused */
  if (!captured) {
    mtl_id error = NULL;
    CHECK(mtl_capture_manager_start(manager, device, &error) && error == NULL);
    CHECK(mtl_capture_manager_is_capturing(manager));
    CHECK(!mtl_capture_manager_start(manager, device, &error) && error != NULL &&
          mtl_error_code(error) == 2); /* MTLCaptureErrorAlreadyCapturing */
    mtl_capture_manager_stop(manager);
    CHECK(!mtl_capture_manager_is_capturing(manager));
    CHECK(!mtl_capture_manager_start(manager, NULL, &error) && error != NULL &&
          mtl_error_code(error) == 3); /* MTLCaptureErrorInvalidDescriptor: no object */
  } else {
    mtl_capture_manager_stop(manager);
    CHECK(!mtl_capture_manager_is_capturing(manager));
  }

  mtl_release(buffer);
  mtl_release(queue);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish(captured ? "test_debug_groups (captured)" : "test_debug_groups");
}
