/* tests/runtime/test_kernel_by_name.c — the core's module registry looked up
 * by kernel name, as the driver API (cuModuleGetFunction) and NVRTC will:
 * a handmade module with two kernels is registered without any host stub,
 * each kernel is found by its name (and an absent name is refused), and the
 * one found is launched through the core (rt_launch) on softmetal. Links the
 * core alone (no API file), so it also shows the core stands by itself. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core.h"
#include "handmade.h"

enum { N = 64 };

/* fill: out[i] = 7; add: out[i] = i + add (a second parameter). */
static const char two_msl[] =
    "#include <metal_stdlib>\nusing namespace metal;\n"
    "kernel void fill(" ABI_ARGS ") {\n"
    "  ulong out = *(constant ulong *)(anchor_params + 0);\n"
    "  uint i = anchor_bid.x * anchor_bdim.x + anchor_tid.x;\n"
    "  *reinterpret_cast<device int *>(out + (ulong)i * 4 + anchor_ctx[0]) = 7;\n"
    "}\n"
    "kernel void add(" ABI_ARGS ") {\n"
    "  ulong out = *(constant ulong *)(anchor_params + 0);\n"
    "  int add = *(constant int *)(anchor_params + 8);\n"
    "  uint i = anchor_bid.x * anchor_bdim.x + anchor_tid.x;\n"
    "  *reinterpret_cast<device int *>(out + (ulong)i * 4 + anchor_ctx[0]) = (int)i + add;\n"
    "}\n";
static ac_param fill_params[] = {{0, 8}};
static ac_param add_params[] = {{0, 8}, {8, 4}};
static const ac_kernel two_kernels[] = {{"fill", 8, 0, false, 1, fill_params, 0, 0, 0, false},
                                        {"add", 12, 0, false, 2, add_params, 0, 0, 0, false}};

static void stub(void) {}

/* Launches kernel over N threads writing to out and checks out[i] == want(i). */
static void launch_and_check(rt_device *d, const rt_kernel *k, int *out, int add, int base,
                             int step) {
  uint64_t pointer = (uint64_t)(uintptr_t)out;
  void *args[] = {&pointer, &add};
  rt_launch_config config = {{N / 32, 1, 1}, {32, 1, 1}, 0, NULL};
  CHECK_ERR(rt_memory_fill(d, out, 0, N * sizeof *out), cudaSuccess);
  CHECK_ERR(rt_launch(d, k, &config, args), cudaSuccess);
  CHECK_ERR(rt_wait_all(), cudaSuccess);
  for (int i = 0; i < N; i++)
    if (out[i] != base + step * i) {
      CHECK(out[i] == base + step * i);
      break;
    }
}

int main(void) {
  unsigned char *blob = make_module(two_kernels, 2, NULL, 0, two_msl);
  fatbin_wrapper wrapper = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, blob, NULL};
  rt_module *m = rt_module_register(&wrapper);
  CHECK(m != NULL);
  if (!m) return check_finish("test_kernel_by_name");

  rt_device *d;
  CHECK_ERR(rt_enter_device(&d), cudaSuccess);
  rt_kernel fill, add, none;
  CHECK_ERR(rt_module_kernel_by_name(m, "add", &add), cudaSuccess);
  CHECK(add.index == 1 && strcmp(add.desc->name, "add") == 0 && add.desc->param_count == 2);
  CHECK(add.module == m && add.max_threads >= 32);
  CHECK_ERR(rt_module_kernel_by_name(m, "fill", &fill), cudaSuccess);
  CHECK(fill.index == 0 && strcmp(fill.desc->name, "fill") == 0);
  CHECK_ERR(rt_module_kernel_by_name(m, "absent", &none), cudaErrorInvalidDeviceFunction);
  CHECK_ERR(rt_module_kernel_by_name(m, NULL, &none), cudaErrorInvalidDeviceFunction);
  /* No host stub was registered: only the name finds the kernels. */
  CHECK_ERR(rt_module_kernel_by_stub((const void *)stub, &none), cudaErrorInvalidDeviceFunction);

  int *out = NULL;
  CHECK_ERR(rt_memory_alloc(d, N * sizeof *out, RT_BLOCK_DEVICE, (void **)&out), cudaSuccess);
  CHECK(out != NULL);
  if (out) {
    launch_and_check(d, &add, out, 100, 100, 1); /* the second kernel, by name */
    launch_and_check(d, &fill, out, 0, 7, 0);    /* and the first */
    /* The core validates a configuration itself, whoever found the kernel. */
    rt_launch_config too_big = {{1, 1, 1}, {AC_MAX_THREADS_PER_THREADGROUP + 1, 1, 1}, 0, NULL};
    uint64_t pointer = (uint64_t)(uintptr_t)out;
    int value = 0;
    void *args[] = {&pointer, &value};
    CHECK_ERR(rt_launch(d, &add, &too_big, args), cudaErrorInvalidValue);
    CHECK_ERR(rt_launch(d, &add, &(rt_launch_config){{1, 1, 1}, {32, 1, 1}, 0, NULL}, NULL),
              cudaErrorInvalidValue); /* parameters but no arguments */
    CHECK_ERR(rt_memory_free(d, out, RT_BLOCK_DEVICE, RT_BLOCK_DEVICE), cudaSuccess);
  }
  CHECK_ERR(rt_leave(cudaSuccess), cudaSuccess);

  rt_lock();
  rt_module_unregister(m);
  rt_unlock();
  free(blob);
  return check_finish("test_kernel_by_name");
}
