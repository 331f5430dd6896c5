/* tests/softmetal/test_watchdog.c — the GPU watchdog (SOFTMETAL_WATCHDOG_SECONDS).
 * Kernels that never end, with the limit at 1 s, each end their command buffer
 * in status Error with MTLCommandBufferErrorDomain code 2 (Timeout), about a
 * second after starting: a loop without barriers (threads run in one call),
 * a fiber spinning inside kernel code while its group's other threads wait
 * at a barrier, a loop around threadgroup_barrier (all fibers keep meeting),
 * each over more groups than workers so every worker is stopped. While one
 * queue's kernel spins until it times out, another queue's command buffers
 * complete with the right results. Then a command buffer on a fresh queue,
 * and one on a timed-out queue, still compute the right results: softmetal
 * stays usable. The test blocks every signal but SIGTERM and SIGINT in its threads first
 * (softmetal's inherit the mask), as an application may. `test_watchdog released` (CTest:
 * SOFTMETAL_WATCHDOG_SECONDS=0, the watchdog off): the spinning kernel runs 1.5 s, until the host
 * sets its flag, and completes. */
#include "smtest.h"

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "kernel void spin(device atomic_uint *flag [[buffer(0)]]) {\n"
    "  while (atomic_load_explicit(flag, memory_order_relaxed) == 0u) {}\n"
    "}\n"
    "kernel void spin_one_fiber(device atomic_uint *flag [[buffer(0)]],\n"
    "                           uint t [[thread_index_in_threadgroup]]) {\n"
    "  if (t == 5u)\n"
    "    while (atomic_load_explicit(flag, memory_order_relaxed) == 0u) {}\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "}\n"
    "kernel void spin_barrier(device atomic_uint *flag [[buffer(0)]]) {\n"
    "  while (atomic_load_explicit(flag, memory_order_relaxed) == 0u)\n"
    "    threadgroup_barrier(mem_flags::mem_none);\n"
    "}\n"
    "kernel void add_one(device uint *x [[buffer(0)]], uint i [[thread_position_in_grid]]) {\n"
    "  x[i] += 1u;\n"
    "}\n";

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static mtl_id run(mtl_id queue, mtl_id pipeline, mtl_id buffer, unsigned groups, unsigned threads) {
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_buffer(enc, buffer, 0, 0);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){groups, 1, 1}, (mtl_size){threads, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  return cmd;
}

/* A never-ending kernel must time out after about the limit (1 s). */
static void check_timeout(mtl_id device, mtl_id queue, const char *kernel, unsigned groups,
                          unsigned threads) {
  mtl_id pipeline = smtest_pipeline(device, msl, kernel);
  mtl_id flag = mtl_new_buffer(device, 4, 0); /* zero: never set */
  double start = now();
  mtl_id cmd = run(queue, pipeline, flag, groups, threads);
  double seconds = now() - start;
  mtl_id error = mtl_command_buffer_error(cmd);
  const char *text = error ? mtl_error_description(error) : "(none)";
  printf("%s: %u groups of %u: status %ld, code %ld after %.2f s: %s\n", kernel, groups, threads,
         mtl_command_buffer_status(cmd), error ? mtl_error_code(error) : 0L, seconds, text);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(error && mtl_error_code(error) == 2); /* MTLCommandBufferErrorTimeout */
  CHECK(smtest_contains(text, "Timeout") && smtest_contains(text, kernel));
  CHECK(seconds >= 0.9 && seconds < 30);
  mtl_release(flag);
  mtl_release(pipeline);
}

/* An ordinary dispatch after the timeouts gives the right results. */
static void check_usable(mtl_id device, mtl_id queue, mtl_id pipeline) {
  enum { N = 4096 };
  mtl_id buffer = mtl_new_buffer(device, N * 4, 0);
  uint32_t *x = mtl_buffer_contents(buffer);
  for (uint32_t i = 0; i < N; i++)
    x[i] = i;
  mtl_id cmd = run(queue, pipeline, buffer, N / 64, 64);
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  int wrong = 0;
  for (uint32_t i = 0; i < N; i++)
    wrong += x[i] != i + 1;
  CHECK(wrong == 0);
  mtl_release(buffer);
}

/* Queue `other` runs ROUNDS increments of a buffer while `queue` spins until
 * the watchdog stops it: only the spin fails. */
static void check_beside(mtl_id device, mtl_id queue, mtl_id other, mtl_id add_one) {
  enum { N = 4096, ROUNDS = 50 };
  mtl_id spin = smtest_pipeline(device, msl, "spin");
  mtl_id flag = mtl_new_buffer(device, 4, 0);
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, spin);
  mtl_compute_set_buffer(enc, flag, 0, 0);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){16, 1, 1}, (mtl_size){64, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_id buffer = mtl_new_buffer(device, N * 4, 0);
  int failed = 0;
  for (int r = 0; r < ROUNDS; r++) {
    mtl_id done = run(other, add_one, buffer, N / 64, 64);
    failed += mtl_command_buffer_status(done) != MTL_COMMAND_BUFFER_STATUS_COMPLETED;
  }
  const uint32_t *x = mtl_buffer_contents(buffer);
  int wrong = 0;
  for (uint32_t i = 0; i < N; i++)
    wrong += x[i] != ROUNDS;
  mtl_command_buffer_wait_until_completed(cmd);
  mtl_id error = mtl_command_buffer_error(cmd);
  printf("beside a spinning queue: %d of %d command buffers failed, %d wrong values; the spin: "
         "code %ld\n",
         failed, ROUNDS, wrong, error ? mtl_error_code(error) : 0L);
  CHECK(failed == 0 && wrong == 0);
  CHECK(error && mtl_error_code(error) == 2);
  mtl_release(buffer);
  mtl_release(flag);
  mtl_release(spin);
}

/* With the watchdog off, a kernel spinning 1.5 s until the host writes its
 * flag (through the buffer's CPU view) completes. */
static void check_released(mtl_id device) {
  mtl_id queue = mtl_new_command_queue(device);
  mtl_id spin = smtest_pipeline(device, msl, "spin");
  mtl_id flag = mtl_new_buffer(device, 4, 0);
  double start = now();
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, spin);
  mtl_compute_set_buffer(enc, flag, 0, 0);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){4, 1, 1}, (mtl_size){32, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  usleep(1500000);
  __atomic_store_n((uint32_t *)mtl_buffer_contents(flag), 1u, __ATOMIC_RELAXED);
  mtl_command_buffer_wait_until_completed(cmd);
  printf("released after %.2f s: status %ld\n", now() - start, mtl_command_buffer_status(cmd));
  CHECK(mtl_command_buffer_status(cmd) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  mtl_release(flag);
  mtl_release(spin);
  mtl_release(queue);
}

int main(int argc, char **argv) {
  void *pool = mtl_autorelease_push();
  if (argc > 1 && strcmp(argv[1], "released") == 0) {
    setenv("SOFTMETAL_WATCHDOG_SECONDS", "0", 0); /* as CTest sets it */
    mtl_id device = mtl_create_system_default_device();
    check_released(device);
    mtl_release(device);
    mtl_autorelease_pop(pool);
    return smtest_finish("test_watchdog released");
  }
  setenv("SOFTMETAL_WATCHDOG_SECONDS", "1", 0); /* as CTest sets it */
  /* An application that blocks every signal it does not use: softmetal's threads
   * inherit the mask and must still receive the watchdog's. */
  sigset_t all;
  sigfillset(&all);
  sigdelset(&all, SIGTERM); /* a hang can still be stopped by timeout(1) */
  sigdelset(&all, SIGINT);
  pthread_sigmask(SIG_BLOCK, &all, NULL);
  mtl_id device = mtl_create_system_default_device();
  mtl_id queue = mtl_new_command_queue(device);
  check_timeout(device, queue, "spin", 16, 64);
  check_timeout(device, queue, "spin_one_fiber", 16, 64);
  check_timeout(device, queue, "spin_barrier", 16, 64);
  mtl_id add_one = smtest_pipeline(device, msl, "add_one");
  mtl_id fresh = mtl_new_command_queue(device);
  check_beside(device, queue, fresh, add_one);
  check_usable(device, fresh, add_one);
  check_usable(device, queue, add_one);
  mtl_release(fresh);
  mtl_release(add_one);
  mtl_release(queue);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_watchdog");
}
