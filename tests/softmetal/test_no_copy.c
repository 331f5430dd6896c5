/* tests/softmetal/test_no_copy.c — newBufferWithBytesNoCopy: over memory the
 * caller owns (malloc'd, private anonymous pages): contents is the caller's
 * pointer, gpuAddress another address reaching the same bytes, a kernel
 * writes through it only while the buffer is resident, the caller's bytes
 * survive the switch in and out, and softmetal refuses what it cannot wrap
 * (misaligned, not memory, an ordinary buffer's pages); two buffers may
 * share pages. */
#include "smtest.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

static const char *msl = "#include <metal_stdlib>\n"
                         "using namespace metal;\n"
                         "kernel void twice(constant ulong *anchor_params [[buffer(0)]],\n"
                         "    uint3 tid [[thread_position_in_threadgroup]]) {\n"
                         "  device int *p = reinterpret_cast<device int *>(anchor_params[0]);\n"
                         "  p[tid.x] = p[tid.x] * 2 + 1;\n"
                         "}\n";

static long run(mtl_id queue, mtl_id pipeline, mtl_id resident, uint64_t gpu, int threads) {
  mtl_id cmd = mtl_queue_command_buffer(queue);
  mtl_id enc = mtl_command_buffer_compute_encoder(cmd);
  mtl_compute_set_pipeline_state(enc, pipeline);
  mtl_compute_set_bytes(enc, &gpu, sizeof gpu, 0);
  if (resident)
    mtl_compute_use_resource(enc, resident, MTL_RESOURCE_USAGE_READ | MTL_RESOURCE_USAGE_WRITE);
  mtl_compute_dispatch_threadgroups(enc, (mtl_size){1, 1, 1}, (mtl_size){threads, 1, 1});
  mtl_encoder_end_encoding(enc);
  mtl_command_buffer_commit(cmd);
  mtl_command_buffer_wait_until_completed(cmd);
  return mtl_command_buffer_status(cmd);
}

int main(void) {
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  mtl_id pipeline = smtest_pipeline(device, msl, "twice");
  mtl_id queue = mtl_new_command_queue(device);
  size_t page = (size_t)sysconf(_SC_PAGESIZE);

  /* a heap allocation: wrap its whole pages */
  int *memory = malloc(8 * page);
  REQUIRE(memory);
  unsigned char *start = (unsigned char *)(((uintptr_t)memory + page - 1) / page * page);
  int *data = (int *)start;
  for (int i = 0; i < 256; i++)
    data[i] = i;
  mtl_id buffer = mtl_new_buffer_no_copy(device, start, 4 * page, 0);
  REQUIRE(buffer);
  CHECK(mtl_buffer_contents(buffer) == start);
  CHECK(mtl_buffer_length(buffer) == 4 * page);
  uint64_t gpu = mtl_buffer_gpu_address(buffer);
  CHECK(gpu != (uint64_t)(uintptr_t)start);
  CHECK(data[255] == 255); /* the bytes survived the switch to shared pages */

  CHECK(run(queue, pipeline, buffer, gpu, 256) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  int wrong = 0;
  for (int i = 0; i < 256; i++)
    wrong += data[i] != 2 * i + 1;
  CHECK(wrong == 0); /* the kernel wrote the caller's memory */
  data[0] = 100;     /* and the host's writes reach the GPU view */
  CHECK(run(queue, pipeline, buffer, gpu, 1) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(data[0] == 201);

  /* not resident: out of reach, as any buffer */
  CHECK(run(queue, pipeline, NULL, gpu, 1) == MTL_COMMAND_BUFFER_STATUS_ERROR);
  CHECK(data[0] == 201);

  /* a second buffer sharing pages with the first: both views reach the same bytes */
  mtl_id second = mtl_new_buffer_no_copy(device, start + 3 * page, 2 * page, 0);
  REQUIRE(second);
  int *shared = (int *)(start + 3 * page);
  shared[0] = 5, shared[page / sizeof(int)] = 9; /* a page of both, a page of the second only */
  uint64_t gpu2 = mtl_buffer_gpu_address(second);
  CHECK(gpu2 != gpu);
  CHECK(run(queue, pipeline, second, gpu2, 1) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(shared[0] == 11);
  CHECK(run(queue, pipeline, buffer, gpu + 3 * page, 1) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(shared[0] == 23);
  CHECK(run(queue, pipeline, second, gpu2 + page, 1) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(shared[page / sizeof(int)] == 19);
  mtl_release(second); /* the first still wraps the shared page */
  CHECK(shared[0] == 23 && shared[page / sizeof(int)] == 19);
  CHECK(run(queue, pipeline, buffer, gpu + 3 * page, 1) == MTL_COMMAND_BUFFER_STATUS_COMPLETED);
  CHECK(shared[0] == 47);

  /* refused: misaligned, not memory, an ordinary buffer's pages */
  CHECK(mtl_new_buffer_no_copy(device, start + 16, page, 0) == NULL);
  CHECK(mtl_new_buffer_no_copy(device, start, page + 16, 0) == NULL);
  void *hole = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  REQUIRE(hole != MAP_FAILED);
  mprotect((char *)hole + page, page, PROT_NONE); /* the second page is not readable */
  ((int *)hole)[0] = 77;
  CHECK(mtl_new_buffer_no_copy(device, hole, 2 * page, 0) == NULL);
  CHECK(((int *)hole)[0] == 77); /* the failed wrap left the first page as it was */
  ((int *)hole)[0] = 78;
  CHECK(((int *)hole)[0] == 78);
  munmap(hole, 2 * page);
  mtl_id ordinary = mtl_new_buffer(device, 2 * page, 0);
  CHECK(mtl_new_buffer_no_copy(device, mtl_buffer_contents(ordinary), page, 0) == NULL);
  mtl_release(ordinary);

  /* released: the pages are private again, with the bytes the kernel wrote */
  mtl_release(buffer);
  CHECK(data[0] == 201 && data[255] == 511 && shared[0] == 47);
  data[1] = -7;
  CHECK(data[1] == -7);
  /* and can be wrapped again */
  buffer = mtl_new_buffer_no_copy(device, start, page, 0);
  CHECK(buffer != NULL);
  CHECK(data[1] == -7);
  mtl_release(buffer);
  free(memory);

  mtl_release(pipeline), mtl_release(queue), mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_no_copy");
}
