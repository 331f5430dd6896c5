/* tests/softmetal/test_lockstep.c — SIMD-groups in lockstep (softmetal/lockstep.c), on
 * hand-written MSL (not Anchor's):
 *  - `exchange`: no barrier; each thread writes tg[t] (plain, not volatile), then reads
 *    tg[t ^ 1] and, through a [[threadgroup(0)]] buffer, dyn[t ^ 31]: in lockstep every
 *    read sees its neighbour's write (on a GPU the SIMD-group's lanes do the same);
 *  - `spin`: threads take a spin lock in device memory (atomic compare-exchange) and,
 *    holding it, update threadgroup memory (a step, so the holder yields to the
 *    spinners): completes, with the count exact, because atomics on device memory are
 *    steps too;
 *  - `tg_atomic`: threadgroup atomics and a barrier in lockstep: exact.
 * SOFTMETAL_TRACE (set by the test itself) must name each dispatch's mode: in the default
 * vector mode `vector fibers` for the kernels with threadgroup memory the vectorizer takes,
 * `vector` for a barrier-free one without (`plain`); with SOFTMETAL_MODE=lockstep
 * `lockstep` and `loop`; with `fiber`, `loop` and `fibers`.
 * Run with the argument `fiber` (CMake sets SOFTMETAL_MODE=fiber) the exchange must come
 * out as without lockstep (each thread runs to its end: the neighbours below it wrote,
 * those above did not), proving the switch selects the earlier mode; the rest must
 * pass in both modes. */
#include "smtest.h"

#include <unistd.h>

/* Runs fn(arg) with stderr going to a temporary file; returns what it wrote (malloc'd). */
static char *capture_stderr(void (*fn)(void *), void *arg) {
  char path[] = "/tmp/test_lockstep_XXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  fflush(stderr);
  int saved = dup(2);
  dup2(fd, 2);
  fn(arg);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  off_t size = lseek(fd, 0, SEEK_END);
  char *text = calloc(1, (size_t)size + 1);
  REQUIRE(text);
  if (pread(fd, text, (size_t)size, 0) < 0) text[0] = 0;
  close(fd);
  unlink(path);
  return text;
}

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "kernel void exchange(device uint *out [[buffer(0)]],\n"
    "                     threadgroup uint *dyn [[threadgroup(0)]],\n"
    "                     uint t [[thread_index_in_threadgroup]],\n"
    "                     uint g [[threadgroup_position_in_grid]]) {\n"
    "  threadgroup uint tg[64];\n"
    "  tg[t] = g * 1000 + t;\n"
    "  dyn[t] = g * 1000 + t;\n"
    "  out[(g * 64 + t) * 2] = tg[t ^ 1];\n"
    "  out[(g * 64 + t) * 2 + 1] = dyn[t ^ 31];\n"
    "}\n"
    "kernel void spin(device atomic_uint *lock [[buffer(0)]],\n"
    "                 device uint *out [[buffer(1)]],\n"
    "                 uint t [[thread_index_in_threadgroup]],\n"
    "                 uint g [[threadgroup_position_in_grid]]) {\n"
    "  threadgroup uint count[1];\n"
    "  if (t == 0) count[0] = 0;\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  bool done = false;\n"
    "  while (!done) {\n"
    "    uint expected = 0;\n"
    "    if (atomic_compare_exchange_weak_explicit(&lock[g], &expected, 1u,\n"
    "                                              memory_order_relaxed, memory_order_relaxed)) {\n"
    "      count[0] = count[0] + t + 1;\n"
    "      atomic_store_explicit(&lock[g], 0u, memory_order_relaxed);\n"
    "      done = true;\n"
    "    }\n"
    "  }\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  if (t == 0) out[g] = count[0];\n"
    "}\n"
    "kernel void plain(device uint *out [[buffer(0)]], uint t [[thread_index_in_threadgroup]]) "
    "{\n"
    "  out[t] = t;\n"
    "}\n"
    "kernel void tg_atomic(device uint *out [[buffer(0)]],\n"
    "                      uint t [[thread_index_in_threadgroup]],\n"
    "                      uint g [[threadgroup_position_in_grid]]) {\n"
    "  threadgroup atomic_uint sum;\n"
    "  if (t == 0) atomic_store_explicit(&sum, 0u, memory_order_relaxed);\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  atomic_fetch_add_explicit(&sum, t, memory_order_relaxed);\n"
    "  threadgroup_barrier(mem_flags::mem_threadgroup);\n"
    "  if (t == 0) out[g] = atomic_load_explicit(&sum, memory_order_relaxed);\n"
    "}\n";

static mtl_id device, queue;
static long run(mtl_id pipeline, mtl_id *buffers, int count, uint64_t dynamic, unsigned groups,
                unsigned threads);

struct traced {
  mtl_id pipeline, buffer;
  uint64_t dynamic;
};
static void run_traced(void *arg) {
  struct traced *t = arg;
  run(t->pipeline, &t->buffer, 1, t->dynamic, 1, 64);
}
/* Whether the trace of one dispatch of pipeline names `mode`. */
static bool traced_mode(mtl_id pipeline, mtl_id buffer, uint64_t dynamic, const char *mode) {
  struct traced t = {pipeline, buffer, dynamic};
  char *text = capture_stderr(run_traced, &t);
  bool found = smtest_contains(text, mode);
  if (!found) fprintf(stderr, "trace without '%s': %s\n", mode, text);
  free(text);
  return found;
}

static long run(mtl_id pipeline, mtl_id *buffers, int count, uint64_t dynamic, unsigned groups,
                unsigned threads) {
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
  if (err) fprintf(stderr, "%s\n", mtl_error_description(err));
  return mtl_command_buffer_status(cmd);
}

int main(int argc, char **argv) {
  bool fiber = argc > 1 && strcmp(argv[1], "fiber") == 0;
  setenv("SOFTMETAL_TRACE", "1", 1); /* read once, at softmetal's first use */
  void *pool = mtl_autorelease_push();
  device = mtl_create_system_default_device();
  queue = mtl_new_command_queue(device);
  enum { G = 16, T = 64 };

  mtl_id exchange = smtest_pipeline(device, msl, "exchange");
  mtl_id out = mtl_new_buffer(device, G * T * 2 * 4, 0);
  unsigned *po = mtl_buffer_contents(out);
  CHECK(run(exchange, &out, 1, T * 4, G, T) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  int wrong = 0, stale = 0;
  for (unsigned g = 0; g < G; g++)
    for (unsigned t = 0; t < T; t++) {
      unsigned a = po[(g * T + t) * 2], b = po[(g * T + t) * 2 + 1];
      unsigned want_a = g * 1000 + (t ^ 1), want_b = g * 1000 + (t ^ 31);
      wrong += (a != want_a) + (b != want_b);
      /* Without lockstep a neighbour above t has not written yet: poison (0xff..). */
      stale += ((t ^ 1) > t && a == 0xffffffffu) + ((t ^ 31) > t && b == 0xffffffffu);
    }
  if (fiber) {
    CHECK(wrong > 0 && stale == wrong); /* the earlier mode, selected by SOFTMETAL_MODE */
  } else {
    CHECK(wrong == 0);
  }

  mtl_id spin = smtest_pipeline(device, msl, "spin");
  mtl_id lock = mtl_new_buffer(device, G * 4, 0), counts = mtl_new_buffer(device, G * 4, 0);
  memset(mtl_buffer_contents(lock), 0, G * 4);
  mtl_id bufs[2] = {lock, counts};
  CHECK(run(spin, bufs, 2, 0, G, T) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  unsigned *pc = mtl_buffer_contents(counts);
  wrong = 0;
  for (unsigned g = 0; g < G; g++)
    wrong += pc[g] != T * (T + 1) / 2;
  CHECK(wrong == 0);

  mtl_id tg_atomic = smtest_pipeline(device, msl, "tg_atomic");
  CHECK(run(tg_atomic, &counts, 1, 0, G, T) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  wrong = 0;
  for (unsigned g = 0; g < G; g++)
    wrong += pc[g] != T * (T - 1) / 2;
  CHECK(wrong == 0);

  /* The trace names how each dispatch ran. */
  mtl_id plain = smtest_pipeline(device, msl, "plain");
  /* SOFTMETAL_MODE=vector: kernels the vectorizer takes run vectorized, those with
   * threadgroup memory (atomics too) as one fiber per SIMD-group (docs/softmetal.md) */
  const char *mode = getenv("SOFTMETAL_MODE");
  bool vector = !fiber && !(mode && !strcmp(mode, "lockstep")); /* vector: the default */
  CHECK(traced_mode(exchange, out, T * 4,
                    fiber    ? "threads (loop)"
                    : vector ? "threads (vector fibers)"
                             : "threads (lockstep)"));
  CHECK(traced_mode(tg_atomic, counts, 0,
                    fiber    ? "threads (fibers)"
                    : vector ? "threads (vector fibers)"
                             : "threads (lockstep)"));
  CHECK(traced_mode(plain, counts, 0, vector ? "threads (vector)" : "threads (loop)"));
  mtl_release(plain);

  mtl_release(exchange), mtl_release(spin), mtl_release(tg_atomic);
  mtl_release(out), mtl_release(lock), mtl_release(counts);
  mtl_release(queue), mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish(fiber ? "test_lockstep (SOFTMETAL_MODE=fiber)" : "test_lockstep");
}
