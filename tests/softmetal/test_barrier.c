/* tests/softmetal/test_barrier.c — threadgroup memory and barriers (fibers).
 * `reduce`: each group of 256 threads loads into a static threadgroup array,
 * then halves it with threadgroup_barrier between steps; a dynamic
 * [[threadgroup(0)]] buffer carries a reversed copy that is read back after a
 * barrier. Without fibers (threads run one by one) or with per-thread
 * threadgroup variables the sums and the reversal come out wrong. 64 groups
 * run on all workers, so groups running at the same time must not share
 * threadgroup memory. `reverse32` does the same within a SIMD-group with
 * simdgroup_barrier. `rotate_helper` and `rotate_macro` reach their barrier
 * only through helper functions or a macro (softmetal decides per kernel
 * whether it needs fibers). `diverge` lets half the threads exit before a
 * barrier the others wait at: they no longer take part (as on NVIDIA GPUs),
 * so it completes; `two_sites` puts the threads of a group at two different
 * barrier calls (one branch has two barriers, so no compiler can merge them
 * into one call), released together. Run with the argument `debug` (and
 * SOFTMETAL_DEBUG_BARRIERS=1, set by CMake) both must fail with a divergent-
 * barrier error instead. `loop_sync` (barriers in a loop the optimiser may
 * unroll or rotate, after a divergent `if`) must pass in both modes: the
 * prelude's barrier calls are never duplicated or merged, so every thread
 * meets the others at the same call. `peek` reads threadgroup memory before
 * writing it:
 * never zeros (a GPU leaves it uninitialized). */
#include "smtest.h"

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "kernel void reduce(device const uint *in [[buffer(0)]],\n"
    "                   device uint *sums [[buffer(1)]],\n"
    "                   device uint *reversed [[buffer(2)]],\n"
    "                   threadgroup uint *scratch [[threadgroup(0)]],\n"
    "                   uint t [[thread_index_in_threadgroup]],\n"
    "                   uint g [[threadgroup_position_in_grid]],\n"
    "                   uint n [[threads_per_threadgroup]]) {\n"
    "  threadgroup uint partial[256];\n"
    "  threadgroup float unused_a[3], unused_b;\n"
    "  uint v = in[g * n + t];\n"
    "  partial[t] = v;\n"
    "  scratch[n - 1 - t] = v;\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  reversed[g * n + t] = scratch[t];\n"
    "  for (uint stride = n / 2; stride > 0; stride /= 2) {\n"
    "    if (t < stride) partial[t] += partial[t + stride];\n"
    "    threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  }\n"
    "  if (t == 0) sums[g] = partial[0];\n"
    "}\n"
    "kernel void reverse32(device uint *data [[buffer(0)]],\n"
    "                      uint t [[thread_index_in_threadgroup]],\n"
    "                      uint lane [[thread_index_in_simdgroup]],\n"
    "                      uint simd [[simdgroup_index_in_threadgroup]]) {\n"
    "  threadgroup uint lanes[64];\n"
    "  lanes[t] = data[t];\n"
    "  simdgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  data[t] = lanes[simd * 32 + 31 - lane];\n"
    "}\n"
    "static void sync_group() { threadgroup_barrier(mem_flags::mem_threadgroup); }\n"
    "static void sync_twice() { sync_group(); sync_group(); }\n"
    "kernel void rotate_helper(device uint *data [[buffer(0)]], uint t "
    "[[thread_index_in_threadgroup]]) {\n"
    "  threadgroup uint tmp[64];\n"
    "  tmp[t] = data[t];\n"
    "  sync_twice();\n"
    "  data[t] = tmp[(t + 1) % 64];\n"
    "}\n"
    "kernel void peek(device uint *out [[buffer(0)]], threadgroup uint *dyn [[threadgroup(0)]],\n"
    "                 uint t [[thread_index_in_threadgroup]], uint g "
    "[[threadgroup_position_in_grid]]) {\n"
    "  threadgroup uint fixed[4];\n"
    "  out[g * 4 + t] = fixed[t] & dyn[t];\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  fixed[t] = 0; dyn[t] = 0;\n"
    "}\n"
    "kernel void diverge(device uint *data [[buffer(0)]], uint t [[thread_index_in_threadgroup]]) "
    "{\n"
    "  if (t % 2 == 0) threadgroup_barrier(mem_flags::mem_device);\n"
    "  data[t] = t;\n"
    "}\n"
    "kernel void loop_sync(device uint *data [[buffer(0)]], uint t "
    "[[thread_index_in_threadgroup]]) {\n"
    "  threadgroup uint tmp[64];\n"
    "  tmp[t] = t;\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  for (uint s = 32; s > 0; s /= 2) {\n"
    "    if (t < s) tmp[t] += tmp[t + s];\n"
    "    threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  }\n"
    "  data[t] = tmp[0];\n"
    "}\n"
    "kernel void two_sites(device uint *data [[buffer(0)]], uint t "
    "[[thread_index_in_threadgroup]]) {\n"
    "  if (t % 2 == 0) { data[t] = 1; threadgroup_barrier(mem_flags::mem_device); data[t] += 10; "
    "}\n"
    "  else { data[t] = 2; threadgroup_barrier(mem_flags::mem_device);\n"
    "         threadgroup_barrier(mem_flags::mem_device); data[t] += 20; }\n"
    "}\n";

/* A separate library: a barrier in a macro makes all its kernels use fibers. */
static const char *msl_macro = "#include <metal_stdlib>\n"
                               "using namespace metal;\n"
                               "#define SYNC threadgroup_barrier(mem_flags::mem_threadgroup)\n"
                               "kernel void rotate_macro(device uint *data [[buffer(0)]], uint t "
                               "[[thread_index_in_threadgroup]]) {\n"
                               "  threadgroup uint tmp[64];\n"
                               "  tmp[t] = data[t];\n"
                               "  SYNC;\n"
                               "  data[t] = tmp[(t + 63) % 64];\n"
                               "}\n";

static mtl_id device, queue;

static long run(mtl_id pipeline, mtl_id *buffers, int count, uint64_t dynamic, unsigned groups,
                unsigned threads, char **error) {
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  for (int i = 0; i < count; i++)
    mtl_compute_set_buffer(enc, buffers[i], 0, (uint64_t)i);
  if (dynamic) mtl_compute_set_threadgroup_memory_length(enc, dynamic, 0);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){groups, 1, 1}, (mtl_size){threads, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  mtl_id err = mtl_command_buffer_error(cmd);
  *error = err ? strdup(mtl_error_description(err)) : NULL;
  return mtl_command_buffer_status(cmd);
}

int main(int argc, char **argv) {
  bool debug = argc > 1 && strcmp(argv[1], "debug") == 0;
  void *pool = mtl_autorelease_push();
  device = mtl_create_system_default_device();
  queue = mtl_new_command_queue(device);
  mtl_id reduce = smtest_pipeline(device, msl, "reduce");
  mtl_id reverse32 = smtest_pipeline(device, msl, "reverse32");
  mtl_id diverge = smtest_pipeline(device, msl, "diverge");
  /* 256 uints + float[3] (at 1024, 4-aligned) + float = 1040 bytes. */
  CHECK(mtl_pipeline_static_threadgroup_memory_length(reduce) == 1040);

  enum { G = 64, T = 256 };
  mtl_id in = mtl_new_buffer(device, G * T * 4, 0), sums = mtl_new_buffer(device, G * 4, 0);
  mtl_id rev = mtl_new_buffer(device, G * T * 4, 0);
  unsigned *pin = mtl_buffer_contents(in), *psums = mtl_buffer_contents(sums);
  unsigned *prev = mtl_buffer_contents(rev);
  for (unsigned i = 0; i < G * T; i++)
    pin[i] = i * 7 + 3;
  mtl_id bufs[3] = {in, sums, rev};
  char *err;
  CHECK(run(reduce, bufs, 3, T * 4, G, T, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  if (err) fprintf(stderr, "%s\n", err);
  free(err);
  int wrong = 0;
  for (unsigned g = 0; g < G; g++) {
    unsigned want = 0;
    for (unsigned t = 0; t < T; t++)
      want += pin[g * T + t];
    wrong += psums[g] != want;
    for (unsigned t = 0; t < T; t++)
      wrong += prev[g * T + t] != pin[g * T + T - 1 - t];
  }
  CHECK(wrong == 0);

  mtl_id data = mtl_new_buffer(device, 64 * 4, 0);
  unsigned *pd = mtl_buffer_contents(data);
  for (unsigned i = 0; i < 64; i++)
    pd[i] = 100 + i;
  CHECK(run(reverse32, &data, 1, 0, 1, 64, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  wrong = 0;
  for (unsigned i = 0; i < 64; i++)
    wrong += pd[i] != 100 + (i / 32) * 32 + 31 - i % 32;
  CHECK(wrong == 0);

  /* Barriers reached only through helper functions, or only through a macro. */
  mtl_id helper = smtest_pipeline(device, msl, "rotate_helper");
  mtl_id macro = smtest_pipeline(device, msl_macro, "rotate_macro");
  for (unsigned i = 0; i < 64; i++)
    pd[i] = i;
  CHECK(run(helper, &data, 1, 0, 1, 64, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  wrong = 0;
  for (unsigned i = 0; i < 64; i++)
    wrong += pd[i] != (i + 1) % 64;
  CHECK(wrong == 0);
  CHECK(run(macro, &data, 1, 0, 1, 64, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  wrong = 0;
  for (unsigned i = 0; i < 64; i++)
    wrong += pd[i] != i;
  CHECK(wrong == 0);
  mtl_release(helper), mtl_release(macro);

  /* Threadgroup memory is not zero when a group starts, even after a group
   * that zeroed it on the same worker. */
  mtl_id peek = smtest_pipeline(device, msl, "peek");
  CHECK(run(peek, &data, 1, 16, 8, 4, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  wrong = 0;
  for (unsigned i = 0; i < 32; i++)
    wrong += pd[i] == 0;
  CHECK(wrong == 0);
  mtl_release(peek);

  mtl_id loop_sync = smtest_pipeline(device, msl, "loop_sync");
  CHECK(run(loop_sync, &data, 1, 0, 2, 64, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  wrong = 0;
  for (unsigned i = 0; i < 64; i++)
    wrong += pd[i] != 63u * 64u / 2u;
  CHECK(wrong == 0);
  mtl_release(loop_sync);
  mtl_id two_sites = smtest_pipeline(device, msl, "two_sites");
  if (debug) {
    CHECK(run(diverge, &data, 1, 0, 2, 64, &err) == MTL_COMMAND_BUFFER_STATUS_ERROR);
    CHECK(smtest_contains(err, "32 threads exited without reaching it"));
    free(err);
    CHECK(run(two_sites, &data, 1, 0, 2, 64, &err) == MTL_COMMAND_BUFFER_STATUS_ERROR);
    CHECK(smtest_contains(err, "different threadgroup_barrier calls"));
    free(err);
  } else {
    CHECK(run(diverge, &data, 1, 0, 2, 64, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
    free(err);
    wrong = 0;
    for (unsigned i = 0; i < 64; i++)
      wrong += pd[i] != i;
    CHECK(wrong == 0);
    CHECK(run(two_sites, &data, 1, 0, 2, 64, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
    free(err);
    wrong = 0;
    for (unsigned i = 0; i < 64; i++)
      wrong += pd[i] != (i % 2 == 0 ? 11u : 22u);
    CHECK(wrong == 0);
  }
  mtl_release(two_sites);
  /* Afterwards the pool still works. */
  CHECK(run(reduce, bufs, 3, T * 4, G, T, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);

  mtl_release(in), mtl_release(sums), mtl_release(rev), mtl_release(data);
  mtl_release(reduce), mtl_release(reverse32), mtl_release(diverge);
  mtl_release(queue), mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_barrier");
}
