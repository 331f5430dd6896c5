/* tests/softmetal/test_concurrent_queues.c — command buffers of different queues
 * execute at the same time, as on Metal; within a queue, in commit order.
 *
 * Queue A gets two command buffers: `wait_flag` (GROUPS groups, more than the
 * workers, in which thread 0 of each group spins on an atomic flag, bounded
 * by SPIN_LIMIT loads) and then `stamp`. Queue B, committed afterwards, gets
 * `set_flag`. Only if B runs while A's first command buffer spins does every
 * group of A see the flag (seen[g] == 1) instead of giving up (2); then
 * `stamp` must still come after `wait_flag` on A (order[] read from one
 * counter: wait_flag's last group < stamp), and B's dispatch must have started
 * before A's first one ended (GPUStartTime/GPUEndTime). CTest also runs it with
 * SOFTMETAL_WORKERS=1: every dispatch still has its executor thread. */
#include "smtest.h"

#include <stdint.h>
#include <unistd.h>

enum { GROUPS = 8, SPIN_LIMIT = 1 << 30 };

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "kernel void wait_flag(device atomic_uint *flag [[buffer(0)]],\n"
    "                      device atomic_uint *counter [[buffer(1)]],\n"
    "                      device uint *seen [[buffer(2)]], device uint *order [[buffer(3)]],\n"
    "                      uint g [[threadgroup_position_in_grid]],\n"
    "                      uint t [[thread_position_in_threadgroup]]) {\n"
    "  if (t != 0u) return;\n"
    "  uint n = 0u;\n"
    "  while (atomic_load_explicit(flag, memory_order_relaxed) == 0u && n < 1073741824u) n++;\n"
    "  seen[g] = atomic_load_explicit(flag, memory_order_relaxed) != 0u ? 1u : 2u;\n"
    "  order[g] = atomic_fetch_add_explicit(counter, 1u, memory_order_relaxed);\n"
    "}\n"
    "kernel void stamp(device atomic_uint *counter [[buffer(1)]], device uint *order "
    "[[buffer(3)]]) {\n"
    "  order[8] = atomic_fetch_add_explicit(counter, 1u, memory_order_relaxed);\n"
    "}\n"
    "kernel void set_flag(device atomic_uint *flag [[buffer(0)]]) {\n"
    "  atomic_store_explicit(flag, 1u, memory_order_relaxed);\n"
    "}\n";

static mtl_id commit(mtl_id queue, mtl_id pipeline, mtl_id *buffers, int count, unsigned groups,
                     unsigned threads) {
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  for (int i = 0; i < count; i++)
    if (buffers[i]) mtl_compute_set_buffer(enc, buffers[i], 0, (unsigned long)i);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){groups, 1, 1}, (mtl_size){threads, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  return cmd;
}

int main(void) {
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  mtl_id wait_flag = smtest_pipeline(device, msl, "wait_flag");
  mtl_id stamp = smtest_pipeline(device, msl, "stamp");
  mtl_id set_flag = smtest_pipeline(device, msl, "set_flag");
  mtl_id flag = mtl_new_buffer(device, 4, 0), counter = mtl_new_buffer(device, 4, 0);
  mtl_id seen = mtl_new_buffer(device, GROUPS * 4, 0), order = mtl_new_buffer(device, 64, 0);
  mtl_id a = mtl_new_command_queue(device), b = mtl_new_command_queue(device);

  mtl_id buffers[4] = {flag, counter, seen, order};
  mtl_id spin = commit(a, wait_flag, buffers, 4, GROUPS, 32);
  mtl_id after = commit(a, stamp, buffers, 4, 1, 1);
  /* Let A's first command buffer start spinning before B is committed. */
  for (int i = 0; i < 1000 && mtl_command_buffer_status(spin) < MTL_COMMAND_BUFFER_STATUS_SCHEDULED;
       i++)
    usleep(1000);
  usleep(20000);
  mtl_id setter = commit(b, set_flag, buffers, 1, 1, 1);
  mtl_command_buffer_wait_until_completed(after);
  mtl_command_buffer_wait_until_completed(setter);

  CHECK(mtl_command_buffer_status(spin) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(mtl_command_buffer_status(after) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(mtl_command_buffer_status(setter) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  const uint32_t *s = mtl_buffer_contents(seen), *o = mtl_buffer_contents(order);
  int missed = 0;
  uint32_t last = 0;
  for (int g = 0; g < GROUPS; g++) {
    missed += s[g] != 1;
    if (o[g] > last) last = o[g];
  }
  printf("groups that saw queue B's flag: %d of %d; stamp %u after wait_flag's last %u\n",
         GROUPS - missed, GROUPS, o[8], last);
  CHECK(missed == 0);
  CHECK(o[8] == GROUPS && last == GROUPS - 1); /* in-queue order: stamp after wait_flag */
  double a_end = mtl_command_buffer_gpu_end_time(spin);
  double b_start = mtl_command_buffer_gpu_start_time(setter);
  printf("queue B started %.1f ms before queue A's first command buffer ended\n",
         (a_end - b_start) * 1e3);
  CHECK(b_start < a_end);
  CHECK(mtl_command_buffer_gpu_start_time(after) >= a_end);

  mtl_release(a);
  mtl_release(b);
  mtl_release(flag);
  mtl_release(counter);
  mtl_release(seen);
  mtl_release(order);
  mtl_release(wait_flag);
  mtl_release(stamp);
  mtl_release(set_flag);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_concurrent_queues");
}
