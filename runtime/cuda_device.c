/* runtime/cuda_device.c — the runtime API's device functions: CUDA device 0
 * is the one Metal device (core_device.c); synchronisation and reset,
 * device count and selection, flags, cache configuration, versions, memory
 * information, limits, peers, the profiler switches, and device properties
 * and attributes (core_props.c answers them). Argument checks only; the
 * core does the work. */
#include "core.h"
#include "cuda_profiler_api.h"

static int rt_current_device;    /* per process; only 0 exists */
static unsigned rt_device_flags; /* as given to cudaSetDeviceFlags */

cudaError_t cudaDeviceSynchronize(void) {
  rt_enter();
  cudaError_t e = rt_capture_unsafe(); /* not during a capture (its mode decides) */
  if (e == cudaSuccess) e = rt_device_current() ? rt_wait_all() : rt_sticky_error();
  rt_services_flush(); /* device printf's output, as CUDA flushes it here */
  return rt_leave(e);
}

/* Destroys the arena (every allocation), the queue and loaded modules, and
 * clears the sticky error; the next call starts afresh, as in CUDA. */
cudaError_t cudaDeviceReset(void) {
  rt_enter();
  rt_reset();
  rt_leave_unrecorded(cudaSuccess);
  return cudaSuccess;
}

cudaError_t cudaGetDeviceCount(int *count) {
  if (!count) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_device_exists();
  *count = e == cudaSuccess ? 1 : 0;
  return rt_leave(e);
}

cudaError_t cudaGetDevice(int *device) {
  if (!device) return rt_record(cudaErrorInvalidValue);
  *device = rt_current_device;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int device) {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) return e;
  if (device < 0 || device >= count) return rt_record(cudaErrorInvalidDevice);
  rt_current_device = device;
  return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  /* Scheduling flags choose how the host waits; Metal decides that itself. */
  const unsigned known = cudaDeviceScheduleSpin | cudaDeviceScheduleYield |
                         cudaDeviceScheduleBlockingSync | cudaDeviceMapHost |
                         cudaDeviceLmemResizeToMax;
  if (flags & ~known) return rt_record(cudaErrorInvalidValue);
  rt_device_flags = flags;
  return cudaSuccess;
}

static enum cudaFuncCache rt_cache_config = cudaFuncCachePreferNone;

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config) {
  /* A preference in CUDA too; Apple GPUs have no L1/shared split to set. */
  if ((unsigned)config > cudaFuncCachePreferEqual) return rt_record(cudaErrorInvalidValue);
  rt_cache_config = config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *config) {
  if (!config) return rt_record(cudaErrorInvalidValue);
  *config = rt_cache_config;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *version) {
  if (!version) return rt_record(cudaErrorInvalidValue);
  *version = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *version) {
  if (!version) return rt_record(cudaErrorInvalidValue);
  *version = CUDART_VERSION; /* libanchor is runtime and driver at once */
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes) {
  if (!free_bytes || !total_bytes) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) rt_device_memory(d, free_bytes, total_bytes);
  return rt_leave(e);
}

/* ---- public: flags, limits, peers ------------------------------------------------- */

/* cudaLimitStackSize (CUDA's default); the printf FIFO and the heap are the
 * device services' (core_services.c). */
static size_t rt_limits[1] = {1024};

cudaError_t cudaGetDeviceFlags(unsigned int *flags) {
  if (!flags) return rt_record(cudaErrorInvalidValue);
  *flags = rt_device_flags;
  return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop) {
  if (!device || !prop) return rt_record(cudaErrorInvalidValue);
  *device = 0; /* the only one */
  return cudaSuccess;
}

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice) {
  if (!canAccessPeer) return rt_record(cudaErrorInvalidValue);
  if (device != 0 || peerDevice != 0) return rt_record(cudaErrorInvalidDevice);
  *canAccessPeer = 0; /* a device is not its own peer */
  return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit) {
  if (!value) return rt_record(cudaErrorInvalidValue);
  if ((unsigned)limit > cudaLimitMallocHeapSize) return rt_record(cudaErrorUnsupportedLimit);
  rt_enter();
  *value = limit == cudaLimitPrintfFifoSize || limit == cudaLimitMallocHeapSize
               ? rt_services_limit(limit)
               : rt_limits[limit];
  return rt_leave(cudaSuccess);
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) {
  if ((unsigned)limit > cudaLimitMallocHeapSize) return rt_record(cudaErrorUnsupportedLimit);
  rt_enter();
  cudaError_t e = cudaSuccess;
  if (limit == cudaLimitPrintfFifoSize || limit == cudaLimitMallocHeapSize)
    e = rt_services_set_limit(limit, value); /* the device services' sizes */
  else
    rt_limits[limit] = value;
  return rt_leave(e);
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  /* One queue, no priorities: CUDA reports [0, 0] for such a device. */
  if (leastPriority) *leastPriority = 0;
  if (greatestPriority) *greatestPriority = 0;
  return cudaSuccess;
}

cudaError_t cudaProfilerStart(void) {
  return cudaSuccess;
}
cudaError_t cudaProfilerStop(void) {
  return cudaSuccess;
}

/* ---- properties and attributes --------------------------------------------------------- */

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device) {
  if (!prop) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  return rt_leave(rt_device_properties(device, prop));
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device) {
  if (!value) return rt_record(cudaErrorInvalidValue);
  struct cudaDeviceProp p;
  rt_enter();
  cudaError_t e = rt_device_properties(device, &p);
  if (e == cudaSuccess && !rt_device_attribute(&p, attr, value)) e = cudaErrorInvalidValue;
  return rt_leave(e);
}
