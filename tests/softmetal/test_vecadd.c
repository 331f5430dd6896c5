/* tests/softmetal/test_vecadd.c — a hand-written kernel over many threadgroups.
 * c[i] = a[i] * 2 + b[i] for 100000 elements in groups of 256 (391 groups, the
 * last partial); bytes bound with setBytes; the command buffer completes with
 * sane GPU times; a blit copy and fill work too, and blits with offsets or
 * sizes that are not multiples of 4 (macOS's rule) or outside their buffers
 * fail. */
#include "smtest.h"

static const char *msl = "#include <metal_stdlib>\n"
                         "using namespace metal;\n"
                         "kernel void vec_add(device const float *a [[buffer(0)]],\n"
                         "                    device const float *b [[buffer(1)]],\n"
                         "                    device float *c [[buffer(2)]],\n"
                         "                    constant uint &n [[buffer(3)]],\n"
                         "                    uint i [[thread_position_in_grid]]) {\n"
                         "  if (i < n) c[i] = a[i] * 2.0f + b[i];\n"
                         "}\n";

int main(void) {
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  mtl_id pipeline = smtest_pipeline(device, msl, "vec_add");
  CHECK(mtl_pipeline_max_total_threads_per_threadgroup(pipeline) == 1024);
  CHECK(mtl_pipeline_thread_execution_width(pipeline) == 32);
  CHECK(mtl_pipeline_static_threadgroup_memory_length(pipeline) == 0);
  enum { N = 100000 };
  mtl_id a = mtl_new_buffer(device, N * 4, 0), b = mtl_new_buffer(device, N * 4, 0);
  mtl_id c = mtl_new_buffer(device, N * 4, 0);
  float *pa = mtl_buffer_contents(a), *pb = mtl_buffer_contents(b), *pc = mtl_buffer_contents(c);
  for (int i = 0; i < N; i++)
    pa[i] = (float)i, pb[i] = (float)(i % 7), pc[i] = -1;
  mtl_id queue = mtl_new_command_queue(device);
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_buffer(enc, a, 0, 0);
  mtl_compute_set_buffer(enc, b, 0, 1);
  mtl_compute_set_buffer(enc, c, 0, 2);
  unsigned n = N;
  mtl_compute_set_bytes(enc, &n, sizeof n, 3);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){(N + 255) / 256, 1, 1}, (mtl_size){256, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(mtl_command_buffer_error(cmd) == NULL);
  double start = mtl_command_buffer_gpu_start_time(cmd), end = mtl_command_buffer_gpu_end_time(cmd);
  CHECK(start > 0 && end >= start);
  int wrong = 0;
  for (int i = 0; i < N; i++)
    wrong += pc[i] != (float)i * 2.0f + (float)(i % 7);
  CHECK(wrong == 0);

  /* Blit: fill c with 0x3f, copy a[10..20) to c[0..10). Two command buffers
   * on one queue run in commit order. */
  mtl_id cmd2 = mtl_queue_command_buffer(queue);
  mtl_id blit = mtl_command_buffer_blit_encoder(cmd2);
  mtl_blit_fill_buffer(blit, c, (mtl_range){0, N * 4}, 0x3f);
  mtl_encoder_end_encoding(blit);
  mtl_command_buffer_commit(cmd2);
  mtl_id cmd3 = mtl_queue_command_buffer(queue);
  blit = mtl_command_buffer_blit_encoder(cmd3);
  mtl_blit_copy_buffer(blit, a, 40, c, 0, 40);
  mtl_encoder_end_encoding(blit);
  mtl_command_buffer_commit(cmd3);
  mtl_command_buffer_wait_until_completed(cmd3);
  CHECK(mtl_command_buffer_status(cmd2) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(mtl_command_buffer_status(cmd3) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(pc[0] == 10.0f && pc[9] == 19.0f);
  unsigned char *bytes = (unsigned char *)pc;
  CHECK(bytes[40] == 0x3f && bytes[N * 4 - 1] == 0x3f);

  /* macOS: blit offsets and sizes are multiples of 4; ranges inside buffers. */
  struct {
    mtl_id src;
    uint64_t src_offset, dst_offset, size;
  } bad_copies[] = {{a, 2, 0, 8}, {a, 0, 6, 8}, {a, 0, 0, 6}, {a, N * 4 - 4, 0, 8}};
  for (size_t i = 0; i < sizeof bad_copies / sizeof bad_copies[0]; i++) {
    mtl_id bad = mtl_queue_command_buffer(queue);
    blit = mtl_command_buffer_blit_encoder(bad);
    mtl_blit_copy_buffer(blit, bad_copies[i].src, bad_copies[i].src_offset, c,
                         bad_copies[i].dst_offset, bad_copies[i].size);
    mtl_encoder_end_encoding(blit);
    mtl_command_buffer_commit(bad);
    mtl_command_buffer_wait_until_completed(bad);
    CHECK(mtl_command_buffer_status(bad) == MTL_COMMAND_BUFFER_STATUS_ERROR);
  }
  mtl_id bad = mtl_queue_command_buffer(queue);
  blit = mtl_command_buffer_blit_encoder(bad);
  mtl_blit_fill_buffer(blit, c, (mtl_range){40, 3}, 0);
  mtl_encoder_end_encoding(blit);
  mtl_command_buffer_commit(bad);
  mtl_command_buffer_wait_until_completed(bad);
  CHECK(mtl_command_buffer_status(bad) == MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(smtest_contains(mtl_error_description(mtl_command_buffer_error(bad)), "multiples of 4"));
  CHECK(bytes[40] == 0x3f); /* nothing was filled */

  mtl_release(a), mtl_release(b), mtl_release(c), mtl_release(pipeline);
  mtl_release(queue), mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_vecadd");
}
