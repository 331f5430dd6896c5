/* tests/softmetal/test_gpu_address.c — Anchor's kernel ABI on softmetal.
 * The kernel is written the way anchor-msl emits it: the CUDA parameter block
 * holds CPU addresses (the arena's contents), the context buffer holds the
 * GPU-CPU delta, and the kernel dereferences
 * reinterpret_cast<device float *>(ptr + delta). A second kernel follows a
 * pointer stored inside device memory. gpuAddress != contents, so the result
 * is right only if the translation is applied. The arena is reached only when
 * made resident with useResource (it is never bound). */
#include "smtest.h"

#include <pthread.h>
#include <signal.h>
#include <stdint.h>

static const char *msl =
    "#include <metal_stdlib>\n"
    "using namespace metal;\n"
    "kernel void _Z6vecAddPKfS0_Pfi(constant uchar *anchor_params [[buffer(0)]],\n"
    "    constant ulong *anchor_ctx [[buffer(1)]],\n"
    "    uint3 anchor_tid [[thread_position_in_threadgroup]],\n"
    "    uint3 anchor_bid [[threadgroup_position_in_grid]],\n"
    "    uint3 anchor_bdim [[threads_per_threadgroup]],\n"
    "    uint3 anchor_gdim [[threadgroups_per_grid]]) {\n"
    "  ulong v0 = *(constant ulong *)(anchor_params + 0);\n"
    "  ulong v1 = *(constant ulong *)(anchor_params + 8);\n"
    "  ulong v2 = *(constant ulong *)(anchor_params + 16);\n"
    "  int v3 = *(constant int *)(anchor_params + 24);\n"
    "  uint v5 = anchor_bid.x * anchor_bdim.x + anchor_tid.x;\n"
    "  if ((int)v5 < v3) {\n"
    "    float v9 = *reinterpret_cast<device float *>(v0 + (ulong)v5 * 4 + anchor_ctx[0]);\n"
    "    float v10 = *reinterpret_cast<device float *>(v1 + (ulong)v5 * 4 + anchor_ctx[0]);\n"
    "    *reinterpret_cast<device float *>(v2 + (ulong)v5 * 4 + anchor_ctx[0]) = v9 + v10;\n"
    "  }\n"
    "}\n"
    "kernel void chase(constant ulong *anchor_params [[buffer(0)]],\n"
    "    constant ulong *anchor_ctx [[buffer(1)]]) {\n"
    "  ulong list = anchor_params[0];\n"
    "  float sum = 0;\n"
    "  // node: { ulong next; float value; }, next is a CPU (CUDA) address or 0\n"
    "  for (ulong p = list; p != 0;\n"
    "       p = *reinterpret_cast<device ulong *>(p + anchor_ctx[0])) {\n"
    "    sum += *reinterpret_cast<device float *>(p + 8 + anchor_ctx[0]);\n"
    "  }\n"
    "  *reinterpret_cast<device float *>(anchor_params[1] + anchor_ctx[0]) = sum;\n"
    "}\n";

/* Runs one dispatch; the arena is made resident with useResource unless
 * resident is NULL. Returns the final status and the error text (or NULL). */
static long run(mtl_id queue, mtl_id pipeline, mtl_id resident, const void *params, size_t size,
                const uint64_t *ctx, mtl_size grid, mtl_size block, char **error) {
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_bytes(enc, params, size, 0);
  mtl_compute_set_bytes(enc, ctx, 8, 1);
  if (resident)
    mtl_compute_use_resource(enc, resident, MTL_RESOURCE_USAGE_READ | MTL_RESOURCE_USAGE_WRITE);
  mtl_compute_dispatch_threadgroups(enc, grid, block);
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  mtl_id err = mtl_command_buffer_error(cmd);
  *error = err ? strdup(mtl_error_description(err)) : NULL;
  return mtl_command_buffer_status(cmd);
}

int main(void) {
  /* The faults are caught even though the application blocks them (and every
   * other signal but SIGTERM and SIGINT): softmetal's threads inherit this
   * mask and unblock what they need. */
  sigset_t all;
  sigfillset(&all);
  sigdelset(&all, SIGTERM);
  sigdelset(&all, SIGINT);
  pthread_sigmask(SIG_BLOCK, &all, NULL);
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  mtl_id add = smtest_pipeline(device, msl, "_Z6vecAddPKfS0_Pfi");
  mtl_id chase = smtest_pipeline(device, msl, "chase");
  mtl_id queue = mtl_new_command_queue(device);
  mtl_id arena = mtl_new_buffer(device, 64 << 20, 0);
  unsigned char *cpu = mtl_buffer_contents(arena);
  uint64_t delta = mtl_buffer_gpu_address(arena) - (uint64_t)(uintptr_t)cpu;
  CHECK(delta != 0);
  uint64_t ctx[1] = {delta};

  enum { N = 5000 };
  float *a = (float *)cpu, *b = a + N, *c = b + N;
  for (int i = 0; i < N; i++)
    a[i] = (float)i, b[i] = 0.5f * (float)i, c[i] = 0;
  struct {
    uint64_t a, b, c;
    int n;
  } params = {(uintptr_t)a, (uintptr_t)b, (uintptr_t)c, N};
  char *err;
  CHECK(run(queue, add, arena, &params, sizeof params, ctx, (mtl_size){(N + 127) / 128, 1, 1},
            (mtl_size){128, 1, 1}, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  int wrong = 0;
  for (int i = 0; i < N; i++)
    wrong += c[i] != 1.5f * (float)i;
  CHECK(wrong == 0);

  /* A linked list in device memory, linked by CPU (CUDA) addresses. */
  struct node {
    uint64_t next;
    float value;
    float pad;
  } *nodes = (struct node *)(c + N + 64);
  for (int i = 0; i < 10; i++) {
    nodes[i].value = (float)(i + 1);
    nodes[i].next = i + 1 < 10 ? (uint64_t)(uintptr_t)&nodes[i + 1] : 0;
  }
  float *result = (float *)&nodes[16];
  *result = -1;
  uint64_t chase_params[2] = {(uintptr_t)&nodes[0], (uintptr_t)result};
  CHECK(run(queue, chase, arena, chase_params, sizeof chase_params, ctx, (mtl_size){1, 1, 1},
            (mtl_size){1, 1, 1}, &err) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  free(err);
  CHECK(*result == 55.0f);

  /* Residency: without useResource the arena is out of reach, as on a Mac. */
  *result = -1;
  CHECK(run(queue, chase, NULL, chase_params, sizeof chase_params, ctx, (mtl_size){1, 1, 1},
            (mtl_size){1, 1, 1}, &err) == MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(smtest_contains(err, "not resident"));
  free(err);
  CHECK(*result == -1);

  mtl_release(arena), mtl_release(add), mtl_release(chase), mtl_release(queue);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_gpu_address");
}
