/* tests/softmetal/test_contracts.c — Metal's rules, enforced.
 * Compile-time: a pointer in the wrong address space (implicitly or by an
 * explicit cast), `double`, an unknown
 * kernel attribute, goto and new, an implicit int4 -> uint4 conversion,
 * 64-bit atomics and
 * threadgroup float atomics (not on Apple7) are errors whose text names the
 * problem; a missing
 * function is nil. Encode-time (the command buffer ends in status Error with
 * an NSError): more than 1024 threads per threadgroup (or more than the
 * kernel's [[max_total_threads_per_threadgroup(n)]]), buffer index 31,
 * setBytes of 4 KiB, dynamic threadgroup memory not a multiple of 16 or above
 * 32 KiB in total (static + dynamic), a dispatch without a pipeline, a buffer the kernel declares
 * but nobody bound. A zero-sized dispatch is a no-op. A kernel that touches an
 * unmapped address, or overflows its thread stack, ends its command buffer
 * with a page fault (naming the faulting threadgroup), one that divides an integer by zero with an
 * error, and the process goes on. */
#include "smtest.h"

static const char *good =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "static uint plus_one(uint i) { return i + 1; }\n"
    "kernel void fill(device uint *out [[buffer(0)]], uint i [[thread_position_in_grid]]) {\n"
    "  out[i] = plus_one(i);\n"
    "}\n"
    "kernel void dyn(device uint *out [[buffer(0)]], threadgroup uint *t [[threadgroup(0)]],\n"
    "                uint i [[thread_position_in_grid]]) {\n"
    "  t[0] = i; out[i] = t[0];\n"
    "}\n"
    "kernel void both(device uint *out [[buffer(0)]], threadgroup uint *t [[threadgroup(0)]],\n"
    "                 uint i [[thread_position_in_grid]]) {\n"
    "  threadgroup uint s[4];\n"
    "  s[0] = i; t[0] = s[0]; out[i] = t[0];\n"
    "}\n"
    "[[max_total_threads_per_threadgroup(64)]]\n"
    "kernel void small(device uint *out [[buffer(0)]], uint i [[thread_position_in_grid]]) {\n"
    "  out[i] = 7;\n"
    "}\n"
    "kernel void deep(device float *out [[buffer(0)]], uint t [[thread_index_in_threadgroup]]) {\n"
    "  float big[60000]; // 240 KB of thread memory: more than a fiber's stack\n"
    "  for (uint i = 0; i < 60000; i++) big[i] = out[i % 4];\n"
    "  threadgroup_barrier(mem_flags::mem_none);\n"
    "  out[t] = big[(uint)out[0]];\n"
    "}\n"
    "kernel void divide(device int *out [[buffer(0)]], uint t [[thread_position_in_grid]]) {\n"
    "  out[t] = 100 / out[t + 1];\n"
    "}\n"
    "kernel void wild(constant ulong *where [[buffer(0)]]) {\n"
    "  *reinterpret_cast<device uint *>(where[0]) = 1;\n"
    "}\n"
    "kernel void wild_one(constant ulong *where [[buffer(0)]],\n"
    "                     uint2 g [[threadgroup_position_in_grid]]) {\n"
    "  if (g.x == 5 && g.y == 4) *reinterpret_cast<device uint *>(where[0]) = 1;\n"
    "}\n";

static mtl_id device, queue;

/* Encodes one dispatch of `pipeline` after running `setup`; returns the final status. */
typedef void (*setup_fn)(mtl_id encoder);
static long dispatch(mtl_id pipeline, setup_fn setup, mtl_size grid, mtl_size block, char **error) {
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  if (pipeline) mtl_compute_set_pipeline_state(enc, pipeline);
  if (setup) setup(enc);
  mtl_compute_dispatch_threadgroups(enc, grid, block);
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  mtl_id err = mtl_command_buffer_error(cmd);
  *error = err ? strdup(mtl_error_description(err)) : NULL;
  return mtl_command_buffer_status(cmd);
}

static mtl_id out_buffer;
static void bind_out(mtl_id enc) {
  mtl_compute_set_buffer(enc, out_buffer, 0, 0);
}
static void bind_31(mtl_id enc) {
  bind_out(enc), mtl_compute_set_buffer(enc, out_buffer, 0, 31);
}
static void bytes_4k(mtl_id enc) {
  static char bytes[4096];
  bind_out(enc), mtl_compute_set_bytes(enc, bytes, sizeof bytes, 1);
}
static void bytes_4095(mtl_id enc) {
  static char bytes[4095];
  bind_out(enc), mtl_compute_set_bytes(enc, bytes, sizeof bytes, 1);
}
static void tg_unaligned(mtl_id enc) {
  bind_out(enc), mtl_compute_set_threadgroup_memory_length(enc, 24, 0);
}
static void tg_too_big(mtl_id enc) {
  bind_out(enc), mtl_compute_set_threadgroup_memory_length(enc, 32768 + 16, 0);
}
static void tg_all(mtl_id enc) {
  bind_out(enc), mtl_compute_set_threadgroup_memory_length(enc, 32768, 0);
}
static void tg_ok(mtl_id enc) {
  bind_out(enc), mtl_compute_set_threadgroup_memory_length(enc, 64, 0);
}
static void wild_address(mtl_id enc) {
  static const unsigned long long nowhere = 16; /* the first page is never mapped */
  mtl_compute_set_bytes(enc, &nowhere, sizeof nowhere, 0);
}

static void expect_error(mtl_id pipeline, setup_fn setup, mtl_size grid, mtl_size block,
                         const char *part) {
  char *error;
  long status = dispatch(pipeline, setup, grid, block, &error);
  CHECK(status == MTL_COMMAND_BUFFER_STATUS_ERROR);
  if (!smtest_contains(error, part))
    fprintf(stderr, "expected error containing '%s', got '%s'\n", part, error ? error : "(none)");
  CHECK(smtest_contains(error, part));
  free(error);
}

static void compile_contracts(void) {
  char *e = smtest_compile_error(
      device,
      "#include <metal_stdlib>\nusing namespace metal;\n"
      "kernel void k(device float *a [[buffer(0)]], threadgroup float *t [[threadgroup(0)]]) {\n"
      "  threadgroup float *p = a;\n  p[0] = t[0];\n}\n");
  CHECK(smtest_contains(e, "program_source:4:"));
  CHECK(smtest_contains(e, "threadgroup float *") && smtest_contains(e, "device float *"));
  free(e);
  /* An explicit C-style cast does not change address space either (clang
   * alone would accept it; MSL does not). */
  e = smtest_compile_error(device, "#include <metal_stdlib>\nusing namespace metal;\n"
                                   "static float first(thread float *p) { return p[0]; }\n"
                                   "kernel void k(device float *a [[buffer(0)]]) {\n"
                                   "  a[1] = first((thread float *)a);\n}\n");
  CHECK(smtest_contains(e, "program_source:5:16:"));
  CHECK(smtest_contains(e, "'device' pointer to a 'thread' pointer"));
  free(e);
  e = smtest_compile_error(
      device, "#include <metal_stdlib>\nusing namespace metal;\n"
              "kernel void k(device float *a [[buffer(0)]]) { double d = a[0]; a[0] = d * 2; }\n");
  CHECK(smtest_contains(e, "double_is_not_supported_in_MSL"));
  free(e);
  e = smtest_compile_error(
      device, "#include <metal_stdlib>\nusing namespace metal;\n"
              "kernel void k(device float *a [[buffer(0)]]) { long double d = a[0]; a[0] = d; }\n");
  CHECK(e != NULL);
  free(e);
  e = smtest_compile_error(
      device,
      "#include <metal_stdlib>\nusing namespace metal;\n"
      "kernel void k(device float *a [[buffer(0)]], uint q [[quadgroup_index]]) { a[q] = 0; }\n");
  CHECK(smtest_contains(e, "program_source:3:") && smtest_contains(e, "quadgroup_index"));
  free(e);
  e = smtest_compile_error(device, "#include <metal_stdlib>\nusing namespace metal;\n"
                                   "kernel void k(device float *a [[buffer(31)]]) { a[0] = 0; }\n");
  CHECK(smtest_contains(e, "0..30"));
  free(e);

  /* Apple7 / MSL 3.1 atomics: no 64-bit operations, no threadgroup float atomics. */
  e = smtest_compile_error(device,
                           "#include <metal_stdlib>\nusing namespace metal;\n"
                           "kernel void k(device atomic_ulong *u [[buffer(0)]]) {\n"
                           "  atomic_fetch_add_explicit(u, 1ul, memory_order_relaxed);\n}\n");
  CHECK(smtest_contains(e, "program_source:4:") && smtest_contains(e, "atomic_fetch_add_explicit"));
  free(e);
  e = smtest_compile_error(
      device, "#include <metal_stdlib>\nusing namespace metal;\n"
              "kernel void k(device float *o [[buffer(0)]]) {\n"
              "  threadgroup atomic_float f;\n"
              "  o[0] = atomic_fetch_add_explicit(&f, 1.0f, memory_order_relaxed);\n}\n");
  CHECK(smtest_contains(e, "program_source:5:"));
  free(e);

  /* Program-scope variables live in the constant address space only. */
  e = smtest_compile_error(device,
                           "#include <metal_stdlib>\nusing namespace metal;\n"
                           "device float total;\n"
                           "kernel void k(device float *o [[buffer(0)]]) { o[0] = total; }\n");
  CHECK(smtest_contains(e, "program_source:3:1: error: program scope variable must reside in "
                           "constant address space"));
  free(e);

  /* C++ that MSL lacks. */
  e = smtest_compile_error(device,
                           "#include <metal_stdlib>\nusing namespace metal;\n"
                           "kernel void k(device uint *o [[buffer(0)]]) {\n"
                           "  uint i = 0;\nagain:\n  o[i] = i;\n  if (++i < 4) goto again;\n}\n");
  CHECK(smtest_contains(e, "program_source:7:16: error: 'goto' is not supported"));
  free(e);
  e = smtest_compile_error(
      device,
      "#include <metal_stdlib>\nusing namespace metal;\n"
      "kernel void k(device uint *o [[buffer(0)]]) { uint *p = new uint(3); o[0] = *p; }\n");
  CHECK(smtest_contains(e, "'new' is not supported"));
  free(e);

  /* MSL has no implicit conversions between vector types. */
  e = smtest_compile_error(device, "#include <metal_stdlib>\nusing namespace metal;\n"
                                   "kernel void k(device uint4 *o [[buffer(0)]]) { int4 a = "
                                   "int4(1); uint4 b = a; o[0] = b; }\n");
  CHECK(smtest_contains(e, "'uint4'") && smtest_contains(e, "'int4'"));
  free(e);

  mtl_id error = NULL;
  mtl_id library = mtl_new_library_with_source(device, good, &error);
  REQUIRE(library && !error);
  CHECK(mtl_library_new_function(library, "no_such_kernel") == NULL);
  CHECK(mtl_library_new_function(library, "plus_one") == NULL); /* a function, not a kernel */
  mtl_release(library);
}

int main(void) {
  void *pool = mtl_autorelease_push();
  device = mtl_create_system_default_device();
  queue = mtl_new_command_queue(device);
  compile_contracts();
  mtl_id fill = smtest_pipeline(device, good, "fill");
  mtl_id dyn = smtest_pipeline(device, good, "dyn");
  mtl_id wild = smtest_pipeline(device, good, "wild");
  mtl_id wild_one = smtest_pipeline(device, good, "wild_one");
  mtl_id both = smtest_pipeline(device, good, "both");
  mtl_id small = smtest_pipeline(device, good, "small");
  mtl_id deep = smtest_pipeline(device, good, "deep");
  mtl_id divide = smtest_pipeline(device, good, "divide");
  out_buffer = mtl_new_buffer(device, 1 << 16, 0);
  unsigned *out = mtl_buffer_contents(out_buffer);
  char *err;
  mtl_size one = {1, 1, 1};

  CHECK(dispatch(fill, bind_out, (mtl_size){4, 1, 1}, (mtl_size){1024, 1, 1}, &err) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(err == NULL && out[4095] == 4096);
  expect_error(fill, bind_out, one, (mtl_size){1025, 1, 1}, "1024");
  expect_error(fill, bind_out, one, (mtl_size){32, 8, 5}, "1280");
  /* A kernel's own limit lowers the pipeline's. */
  CHECK(mtl_pipeline_max_total_threads_per_threadgroup(small) == 64);
  CHECK(mtl_pipeline_max_total_threads_per_threadgroup(fill) == 1024);
  CHECK(dispatch(small, bind_out, one, (mtl_size){8, 8, 1}, &err) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  expect_error(small, bind_out, one, (mtl_size){65, 1, 1}, "<= 64");
  expect_error(fill, bind_31, one, one, "index(31)");
  expect_error(fill, bytes_4k, one, one, "4096");
  CHECK(dispatch(fill, bytes_4095, one, one, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  expect_error(dyn, tg_unaligned, one, one, "multiple of 16");
  expect_error(dyn, tg_too_big, one, one, "32768");
  CHECK(dispatch(dyn, tg_all, one, one, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  /* 16 bytes of static threadgroup memory + 32 KiB dynamic is too much. */
  CHECK(mtl_pipeline_static_threadgroup_memory_length(both) == 16);
  expect_error(both, tg_all, one, one, "32784");
  CHECK(dispatch(dyn, tg_ok, (mtl_size){2, 1, 1}, (mtl_size){8, 1, 1}, &err) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  expect_error(NULL, bind_out, one, one, "pipeline");
  expect_error(fill, NULL, one, one, "missing buffer binding at index 0");

  out[0] = 1234;
  CHECK(dispatch(fill, bind_out, (mtl_size){0, 1, 1}, one, &err) ==
        MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(err == NULL && out[0] == 1234); /* empty dispatch: nothing ran */

  expect_error(wild, wild_address, (mtl_size){3, 1, 1}, (mtl_size){2, 1, 1}, "Address Fault");
  /* The fault names its group: 64 groups run in chunks of consecutive groups (pool.c),
   * each group's position set as the chunk advances (fiber.c's sm_group_run_range). */
  expect_error(wild_one, wild_address, (mtl_size){8, 8, 1}, (mtl_size){64, 1, 1},
               "threadgroup (5, 4, 0)");
  expect_error(deep, bind_out, one, (mtl_size){2, 1, 1}, "stack overflow");
  memset(out, 0, 64);
  expect_error(divide, bind_out, one, one, "division by zero");
  /* The process and the device survive a faulting kernel. */
  out[0] = 0;
  CHECK(dispatch(fill, bind_out, one, one, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(out[0] == 1);
  free(err);

  mtl_release(out_buffer), mtl_release(fill), mtl_release(dyn), mtl_release(wild),
      mtl_release(wild_one), mtl_release(both), mtl_release(small), mtl_release(deep),
      mtl_release(divide);
  mtl_release(queue), mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_contracts");
}
