/* tests/softmetal/test_parallel.c — threadgroups run on more than one worker.
 * Two threadgroups handshake through device atomics: each announces itself,
 * then waits for the other's announcement. Run one after another on a single
 * worker, the first would wait for ever; the wait is bounded (a large
 * iteration count, not a time) so a serial softmetal fails instead of hanging.
 * Needs at least two CPUs; with one the test is skipped and says why. */
#include "smtest.h"

#include <unistd.h>

static const char *msl = "#include <metal_stdlib>\n"
                         "using namespace metal;\n"
                         "kernel void handshake(device atomic_uint *flags [[buffer(0)]],\n"
                         "                      device uint *saw [[buffer(1)]],\n"
                         "                      uint g [[threadgroup_position_in_grid]]) {\n"
                         "  atomic_store_explicit(&flags[g], 1u, memory_order_relaxed);\n"
                         "  uint other = 1 - g;\n"
                         "  uint seen = 0;\n"
                         "  for (ulong spin = 0; spin < 2000000000ul && !seen; spin++)\n"
                         "    seen = atomic_load_explicit(&flags[other], memory_order_relaxed);\n"
                         "  saw[g] = seen;\n"
                         "}\n";

int main(void) {
  if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
    printf("test_parallel: SKIP (one CPU: softmetal has a single worker)\n");
    return 0;
  }
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  mtl_id pipeline = smtest_pipeline(device, msl, "handshake");
  mtl_id flags = mtl_new_buffer(device, 64, 0), saw = mtl_new_buffer(device, 64, 0);
  mtl_id queue = mtl_new_command_queue(device);
  unsigned *s = mtl_buffer_contents(saw);
  for (int round = 0; round < 3; round++) {
    memset(mtl_buffer_contents(flags), 0, 64);
    memset(s, 0, 64);
    mtl_id cmd = mtl_queue_command_buffer(queue);
    mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
    mtl_compute_set_pipeline_state(enc, pipeline);
    mtl_compute_set_buffer(enc, flags, 0, 0);
    mtl_compute_set_buffer(enc, saw, 0, 1);
    mtl_compute_dispatch_threadgroups(enc, (mtl_size){2, 1, 1}, (mtl_size){1, 1, 1});
    mtl_encoder_end_encoding(enc);
    mtl_command_buffer_commit(cmd);
    mtl_command_buffer_wait_until_completed(cmd);
    CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
    CHECK(s[0] == 1 && s[1] == 1);
  }
  mtl_release(flags), mtl_release(saw), mtl_release(pipeline), mtl_release(queue);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_parallel");
}
