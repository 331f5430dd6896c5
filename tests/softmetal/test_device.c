/* tests/softmetal/test_device.c — device properties, buffers, strings, pools.
 * Checks: the device reports Apple7-class limits; a buffer's contents and
 * gpuAddress are different addresses; an arena of
 * recommendedMaxWorkingSetSize is created cheaply; lengths above
 * maxBufferLength are refused; NSString round-trips; autorelease pools nest;
 * messages to nil return zero; the core count (mtl_device_core_count, the
 * device's gpuCoreCount) is the worker count: SOFTMETAL_WORKERS or the
 * online CPUs. */
#include "smtest.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  REQUIRE(device);
  const char *name = mtl_device_name(device);
  CHECK(smtest_contains(name, "softmetal (CPU, "));
  mtl_size max = mtl_device_max_threads_per_threadgroup(device);
  CHECK(max.width == 1024 && max.height == 1024 && max.depth == 1024);
  CHECK(mtl_device_max_threadgroup_memory_length(device) == 32768);
  CHECK(mtl_device_has_unified_memory(device));
  const char *workers = getenv("SOFTMETAL_WORKERS");
  long cores = workers && atoi(workers) > 0 ? atoi(workers) : sysconf(_SC_NPROCESSORS_ONLN);
  CHECK(mtl_device_core_count(device) == (uint64_t)cores);
  CHECK(mtl_device_core_count(NULL) == 0);
  uint64_t working_set = mtl_device_recommended_max_working_set_size(device);
  uint64_t max_buffer = mtl_device_max_buffer_length(device);
  CHECK(working_set >= (256ull << 20));
  CHECK(max_buffer >= working_set);

  /* Two views of one buffer. */
  mtl_id buffer = mtl_new_buffer(device, 1 << 20, MTL_RESOURCE_STORAGE_MODE_SHARED);
  REQUIRE(buffer);
  CHECK(mtl_buffer_length(buffer) == 1 << 20);
  unsigned char *cpu = mtl_buffer_contents(buffer);
  uint64_t gpu = mtl_buffer_gpu_address(buffer);
  CHECK(cpu != NULL && gpu != 0);
  CHECK((uint64_t)(uintptr_t)cpu != gpu);
  /* That the GPU view reaches the same bytes is checked by kernels in
   * test_gpu_address (the CPU has no business dereferencing gpuAddress). */
  cpu[12345] = 0x5a;
  CHECK(cpu[12345] == 0x5a);
  mtl_release(buffer);

  /* The arena libanchor makes: recommendedMaxWorkingSetSize, sparse. */
  mtl_id arena = mtl_new_buffer(device, working_set, MTL_RESOURCE_STORAGE_MODE_SHARED);
  CHECK(arena != NULL);
  if (arena) {
    unsigned char *base = mtl_buffer_contents(arena);
    base[working_set - 1] = 7; /* touching one page commits one page */
    CHECK(base[working_set - 1] == 7 && base[0] == 0);
    CHECK(mtl_buffer_gpu_address(arena) != (uint64_t)(uintptr_t)base);
    mtl_release(arena);
  }
  CHECK(mtl_new_buffer(device, max_buffer + 1, 0) == NULL);
  CHECK(mtl_new_buffer(device, 0, 0) == NULL);

  /* Private storage has no CPU view, as in Metal. */
  mtl_id private_buffer = mtl_new_buffer(device, 4096, MTL_RESOURCE_STORAGE_MODE_PRIVATE);
  CHECK(private_buffer && mtl_buffer_contents(private_buffer) == NULL);
  mtl_release(private_buffer);

  /* Strings and nested pools. */
  void *inner = mtl_autorelease_push();
  mtl_id s = mtl_new_string("héllo, metal");
  CHECK(s && strcmp(mtl_string_utf8(s), "héllo, metal") == 0);
  mtl_release(s);
  mtl_autorelease_pop(inner);

  /* Messages to nil do nothing and return zero, as in Objective-C. */
  mtl_retain(NULL);
  mtl_release(NULL);
  CHECK(mtl_buffer_length(NULL) == 0 && mtl_buffer_contents(NULL) == NULL);
  CHECK(mtl_device_name(NULL) == NULL && mtl_error_description(NULL) == NULL);
  CHECK(mtl_device_max_threads_per_threadgroup(NULL).width == 0);

  mtl_id device2 = mtl_create_system_default_device();
  CHECK(device2 == device); /* one system device */
  CHECK(mtl_device_registry_id(device) == mtl_device_registry_id(device2));
  mtl_release(device2);
  mtl_release(device);
  mtl_autorelease_pop(pool);
  return smtest_finish("test_device");
}
