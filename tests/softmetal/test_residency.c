/* tests/softmetal/test_residency.c — softmetal holds a dispatch's threadgroups resident
 * as a GPU does (docs/softmetal.md, "Residency"): per worker (gpuCoreCount of them) up
 * to 1024 threads in whole SIMD-groups and at most 16 groups. Groups that wait for each
 * other — each group's threads spin on a device atomic until every group of the
 * dispatch has arrived — complete when the dispatch fits that residency, even with more
 * groups than workers (CTest also runs it with SOFTMETAL_WORKERS=1), whether the kernel
 * runs its threads in a loop, as fibers (a barrier) or in lockstep (threadgroup memory);
 * each group records the arrival count it saw on leaving, which must be the whole grid.
 * One group more than the residency hangs, as on a GPU, and the watchdog ends it
 * (SOFTMETAL_WATCHDOG_SECONDS=1 in CTest's environment): MTLCommandBufferErrorTimeout. */
#include "smtest.h"

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    /* threads in a loop: no barrier, no threadgroup memory */
    "kernel void wait_loop(device atomic_uint *count [[buffer(0)]],\n"
    "                      device uint *seen [[buffer(1)]],\n"
    "                      uint g [[threadgroup_position_in_grid]],\n"
    "                      uint n [[threadgroups_per_grid]],\n"
    "                      uint t [[thread_index_in_threadgroup]]) {\n"
    "  if (t == 0u) atomic_fetch_add_explicit(count, 1u, memory_order_relaxed);\n"
    "  uint c;\n"
    "  while ((c = atomic_load_explicit(count, memory_order_relaxed)) < n) {}\n"
    "  if (t == 0u) seen[g] = c;\n"
    "}\n"
    /* fibers: thread 0 arrives and spins, the others wait at a barrier */
    "kernel void wait_barrier(device atomic_uint *count [[buffer(0)]],\n"
    "                         device uint *seen [[buffer(1)]],\n"
    "                         uint g [[threadgroup_position_in_grid]],\n"
    "                         uint n [[threadgroups_per_grid]],\n"
    "                         uint t [[thread_index_in_threadgroup]]) {\n"
    "  if (t == 0u) {\n"
    "    atomic_fetch_add_explicit(count, 1u, memory_order_relaxed);\n"
    "    while (atomic_load_explicit(count, memory_order_relaxed) < n) {}\n"
    "  }\n"
    "  threadgroup_barrier(mem_flags::mem_device);\n"
    "  if (t == 1u) seen[g] = atomic_load_explicit(count, memory_order_relaxed);\n"
    "}\n"
    /* lockstep: threadgroup memory */
    "kernel void wait_lockstep(device atomic_uint *count [[buffer(0)]],\n"
    "                          device uint *seen [[buffer(1)]],\n"
    "                          uint g [[threadgroup_position_in_grid]],\n"
    "                          uint n [[threadgroups_per_grid]],\n"
    "                          uint t [[thread_index_in_threadgroup]]) {\n"
    "  threadgroup uint arrived[1];\n"
    "  if (t == 0u) {\n"
    "    atomic_fetch_add_explicit(count, 1u, memory_order_relaxed);\n"
    "    uint c;\n"
    "    while ((c = atomic_load_explicit(count, memory_order_relaxed)) < n) {}\n"
    "    arrived[0] = c;\n"
    "  }\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  if (t == 1u) seen[g] = arrived[0];\n"
    "}\n";

static mtl_id dispatch(mtl_id queue, mtl_id pipeline, mtl_id count, mtl_id seen, unsigned groups,
                       unsigned threads) {
  memset(mtl_buffer_contents(count), 0, 4);
  memset(mtl_buffer_contents(seen), 0, mtl_buffer_length(seen));
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_buffer(enc, count, 0, 0);
  mtl_compute_set_buffer(enc, seen, 0, 1);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){groups, 1, 1}, (mtl_size){threads, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  return cmd;
}

/* groups of threads each, all resident: every group saw all groups arrive. */
static void check_completes(mtl_id device, mtl_id queue, const char *kernel, unsigned groups,
                            unsigned threads) {
  mtl_id pipeline = smtest_pipeline(device, msl, kernel);
  mtl_id count = mtl_new_buffer(device, 4, 0), seen = mtl_new_buffer(device, 4 * groups, 0);
  mtl_id cmd = dispatch(queue, pipeline, count, seen, groups, threads);
  mtl_id error = mtl_command_buffer_error(cmd);
  const unsigned *s = mtl_buffer_contents(seen);
  unsigned right = 0;
  for (unsigned g = 0; g < groups; g++)
    right += s[g] == groups;
  printf("%s: %u groups of %u threads: status %ld (%s), %u groups saw all %u arrive\n", kernel,
         groups, threads, mtl_command_buffer_status(cmd),
         error ? mtl_error_description(error) : "no error", right, groups);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(right == groups);
  mtl_release(count);
  mtl_release(seen);
  mtl_release(pipeline);
}

/* One group more than can be resident: it never starts, the others wait for it. */
static void check_hangs(mtl_id device, mtl_id queue, const char *kernel, unsigned groups,
                        unsigned threads) {
  mtl_id pipeline = smtest_pipeline(device, msl, kernel);
  mtl_id count = mtl_new_buffer(device, 4, 0), seen = mtl_new_buffer(device, 4 * groups, 0);
  mtl_id cmd = dispatch(queue, pipeline, count, seen, groups, threads);
  mtl_id error = mtl_command_buffer_error(cmd);
  unsigned arrived = *(const unsigned *)mtl_buffer_contents(count);
  printf("%s: %u groups of %u threads: status %ld, code %ld, %u arrived\n", kernel, groups, threads,
         mtl_command_buffer_status(cmd), error ? mtl_error_code(error) : 0L, arrived);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(error && mtl_error_code(error) == 2); /* MTLCommandBufferErrorTimeout */
  CHECK(arrived == groups - 1);               /* exactly the resident ones arrived */
  mtl_release(count);
  mtl_release(seen);
  mtl_release(pipeline);
}

int main(void) {
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  REQUIRE(device);
  mtl_id queue = mtl_new_command_queue(device);
  unsigned workers = (unsigned)mtl_device_core_count(device);
  REQUIRE(workers >= 1);
  printf("%u workers\n", workers);
  static const char *const kernels[] = {"wait_loop", "wait_barrier", "wait_lockstep"};
  for (int k = 0; k < 3; k++) {
    /* 32 threads: 16 groups resident per worker; 100 threads (4 SIMD-groups): 8 */
    check_completes(device, queue, kernels[k], 16 * workers, 32);
    check_completes(device, queue, kernels[k], 8 * workers, 100);
    check_completes(device, queue, kernels[k], 1 * workers, 1024);
    check_completes(device, queue, kernels[k], 3, 64);
  }
  check_hangs(device, queue, "wait_loop", 16 * workers + 1, 32);
  check_hangs(device, queue, "wait_barrier", 1 * workers + 1, 1024);
  check_hangs(device, queue, "wait_lockstep", 4 * workers + 1, 256);
  mtl_release(queue);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_residency");
}
