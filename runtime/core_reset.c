/* runtime/core_reset.c — cudaDeviceReset's work across the core: the one
 * operation that tears down every other part (work in flight, loaded
 * modules, the device and its arena), so it sits above them all. */
#include <assert.h>

#include "core_mtl.h"

void rt_reset(void) {
  assert(rt_lock_held());
  if (rt_device_current()) {
    rt_wait_all();
    rt_services_flush(); /* what kernels printed, before the FIFO goes */
    rt_module_unload_all();
    rt_device_destroy();
  }
  rt_services_reset_limits();
  rt_clear_sticky_error();
}
