/* tests/softmetal/test_queues.c — queues execute in commit order, concurrently.
 * Four host threads, each with its own queue and buffer, commit 25 command
 * buffers each without waiting in between; every command buffer applies
 * x = 3x + k (k its sequence number) to 4096 values, so the result is right
 * only if each queue ran them in commit order and no queue disturbed another.
 * Each thread waits only on its last command buffer. */
#include "smtest.h"

#include <pthread.h>
#include <stdint.h>

enum { THREADS = 4, STEPS = 25, N = 4096 };

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "kernel void step(device uint *x [[buffer(0)]], constant uint &k [[buffer(1)]],\n"
    "                 uint i [[thread_position_in_grid]]) {\n"
    "  x[i] = x[i] * 3u + k;\n"
    "}\n";

static mtl_id device, pipeline;
static int thread_failures[THREADS];

static void *run_queue(void *arg) {
  int id = (int)(intptr_t)arg;
  void *pool = mtl_autorelease_push();
  mtl_id queue = mtl_new_command_queue(device);
  mtl_id buffer = mtl_new_buffer(device, N * 4, 0);
  uint32_t *x = mtl_buffer_contents(buffer);
  for (uint32_t i = 0; i < N; i++)
    x[i] = i + (uint32_t)id;
  mtl_id last = NULL;
  for (uint32_t k = 0; k < STEPS; k++) {
    mtl_id cmd = mtl_queue_command_buffer(queue);
    mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
    mtl_compute_set_pipeline_state(enc, pipeline);
    mtl_compute_set_buffer(enc, buffer, 0, 0);
    mtl_compute_set_bytes(enc, &k, sizeof k, 1);
    mtl_compute_dispatch_threadgroups(enc, (mtl_size){N / 64, 1, 1}, (mtl_size){64, 1, 1});
    mtl_encoder_end_encoding(enc);
    mtl_command_buffer_commit(cmd);
    last = cmd;
  }
  mtl_command_buffer_wait_until_completed(last);
  if (mtl_command_buffer_status(last) != MTL_COMMAND_BUFFER_STATUS_COMPLETED) thread_failures[id]++;
  for (uint32_t i = 0; i < N; i++) {
    uint32_t want = i + (uint32_t)id;
    for (uint32_t k = 0; k < STEPS; k++)
      want = want * 3u + k;
    thread_failures[id] += x[i] != want;
  }
  mtl_release(buffer);
  mtl_release(queue);
  mtl_autorelease_pop(pool);
  return NULL;
}

int main(void) {
  void *pool = mtl_autorelease_push();
  device = mtl_create_system_default_device();
  pipeline = smtest_pipeline(device, msl, "step");
  pthread_t threads[THREADS];
  for (int i = 0; i < THREADS; i++)
    REQUIRE(pthread_create(&threads[i], NULL, run_queue, (void *)(intptr_t)i) == 0);
  for (int i = 0; i < THREADS; i++) {
    pthread_join(threads[i], NULL);
    CHECK(thread_failures[i] == 0);
  }
  mtl_release(pipeline);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_queues");
}
