/* runtime/core_reset.c — cudaDeviceReset's work across the core: the one
 * operation that tears down every other part (work in flight, loaded
 * modules, the device and its arena), so it sits above them all. */
#include <assert.h>

#include "core_mtl.h"

void rt_reset(void) {
  assert(rt_lock_held());
  cudaError_t failed = rt_sticky_error();
  if (rt_device_current()) rt_wait_all();
  rt_capture_reset(); /* graphs, instances and captures go with the device */
  rt_graph_reset();
  if (rt_device_current()) {
    rt_wait_all();
    rt_services_flush(); /* what kernels printed, before the FIFO goes */
    rt_module_unload_all();
    rt_host_reset();
    rt_pool_reset();
    rt_hints_reset();
    rt_vmm_reset();
    rt_texture_reset();
    rt_device_destroy();
  }
  rt_services_reset_limits();
  rt_clear_sticky_error();
  /* After a kernel's failed assert or __trap() (CUDA 13 says the process must
   * be restarted), CUDA 13.0 on the H200 (2026-12-01): the reset succeeds and
   * every later call that reaches the device is cudaErrorDevicesUnavailable,
   * for good. */
  if (failed == cudaErrorAssert || failed == cudaErrorLaunchFailure ||
      failed == cudaErrorDevicesUnavailable)
    rt_set_sticky_error(cudaErrorDevicesUnavailable);
}
