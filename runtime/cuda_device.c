/* runtime/cuda_device.c — the runtime API's device functions: CUDA device 0
 * is the one Metal device (core_device.c); synchronisation and reset,
 * device count and selection, flags, cache configuration, versions, memory
 * information, limits, peers, the profiler switches, and device properties
 * and attributes (core_props.c answers them). Argument checks only; the
 * core does the work. */
#include <stdio.h>
#include <string.h>

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
  rt_reset(); /* "all state": the limits too (core_services.c) */
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

/* The scheduling flags choose how the host waits; Metal decides that itself,
 * so they are recorded and reported back. As in CUDA 13 they may be set at
 * any time (an initialised device's flags are overwritten, no
 * cudaErrorSetOnActiveProcess); at most one scheduling flag. */
static cudaError_t rt_check_device_flags(unsigned flags) {
  unsigned schedule = flags & cudaDeviceScheduleMask;
  if ((flags & ~(unsigned)cudaDeviceMask) || (schedule & (schedule - 1)))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  cudaError_t e = rt_check_device_flags(flags);
  if (e != cudaSuccess) return rt_record(e);
  rt_enter();
  rt_device_flags = flags;
  return rt_leave(cudaSuccess);
}

/* Readies the device (with deviceFlags when flags has
 * cudaInitDeviceFlagsAreValid) without changing the current device. */
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
  if (flags & ~(unsigned)cudaInitDeviceFlagsAreValid) return rt_record(cudaErrorInvalidValue);
  if ((flags & cudaInitDeviceFlagsAreValid) && rt_check_device_flags(deviceFlags) != cudaSuccess)
    return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && device != 0) e = cudaErrorInvalidDevice;
  if (e == cudaSuccess && (flags & cudaInitDeviceFlagsAreValid)) rt_device_flags = deviceFlags;
  return rt_leave(e);
}

/* The devices to try in order: each must be device 0, the only one. */
cudaError_t cudaSetValidDevices(int *device_arr, int len) {
  if (len < 0 || (len > 0 && !device_arr)) return rt_record(cudaErrorInvalidValue);
  int count = 0;
  cudaError_t e = len > 0 ? cudaGetDeviceCount(&count) : cudaSuccess;
  if (e != cudaSuccess) return e;
  for (int i = 0; i < len; i++)
    if (device_arr[i] < 0 || device_arr[i] >= count) return rt_record(cudaErrorInvalidDevice);
  return cudaSuccess;
}

/* Shared memory banks are 4 bytes wide and not configurable (deprecated in
 * CUDA 13: the setter checks its value and changes nothing). */
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig) {
  if (!pConfig) return rt_record(cudaErrorInvalidValue);
  *pConfig = cudaSharedMemBankSizeFourByte;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config) {
  if ((unsigned)config > cudaSharedMemBankSizeEightByte) return rt_record(cudaErrorInvalidValue);
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
  /* A NULL output is skipped (H200, CUDA 13, 2026-12-02: cudaSuccess for either NULL) */
  size_t free_b = 0, total_b = 0;
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) {
    rt_device_memory(d, &free_b, &total_b);
    if (free_bytes) *free_bytes = free_b;
    if (total_bytes) *total_bytes = total_b;
  }
  return rt_leave(e);
}

/* ---- public: flags, limits, peers ------------------------------------------------- */

/* The limits libanchor keeps itself, by cudaLimit (the printf FIFO and the
 * heap are the device services', core_services.c): the stack size (CUDA's
 * default 1 KiB, recorded: Metal sizes a kernel's private memory itself),
 * the L2 fetch granularity (a hint, 0..128 bytes, clamped as CUDA allows) and
 * the persisting L2 size (a hint clamped to cudaDevAttrMaxPersistingL2CacheSize,
 * 0: no persisting L2). Device launches do not exist, so the device runtime's
 * limits are cudaErrorUnsupportedLimit. cudaDeviceReset restores the defaults. */

cudaError_t cudaGetDeviceFlags(unsigned int *flags) {
  if (!flags) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  *flags = rt_device_flags | cudaDeviceMapHost; /* implicit in the runtime API, as in CUDA */
  return rt_leave(cudaSuccess);
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop) {
  if (!device || !prop) return rt_record(cudaErrorInvalidValue);
  *device = 0; /* the only one */
  return cudaSuccess;
}

/* One device: there is no peer. A device is not its own peer (CUDA answers 0);
 * an ordinal that is no device is cudaErrorInvalidDevice. */
static bool rt_ordinal(int device) {
  return device == 0;
}

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice) {
  if (!canAccessPeer) return rt_record(cudaErrorInvalidValue);
  if (!rt_ordinal(device) || !rt_ordinal(peerDevice)) return rt_record(cudaErrorInvalidDevice);
  *canAccessPeer = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags) {
  if (flags != 0) return rt_record(cudaErrorInvalidValue);
  /* device 0 is itself, never a peer (H200, CUDA 13, 2026-12-02: cudaErrorPeerAccessUnsupported) */
  return rt_record(rt_ordinal(peerDevice) ? cudaErrorPeerAccessUnsupported
                                          : cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice) {
  /* H200, CUDA 13, 2026-12-02: cudaErrorPeerAccessNotEnabled for device 0 itself */
  return rt_record(rt_ordinal(peerDevice) ? cudaErrorPeerAccessNotEnabled : cudaErrorInvalidDevice);
}

/* CUDA: cudaErrorInvalidDevice when the devices are not valid or the same. */
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice,
                                      int dstDevice) {
  if (!value || (unsigned)attr < cudaDevP2PAttrPerformanceRank ||
      (unsigned)attr > cudaDevP2PAttrOnlyPartialNativeAtomicSupported)
    return rt_record(cudaErrorInvalidValue);
  (void)srcDevice, (void)dstDevice;
  return rt_record(cudaErrorInvalidDevice);
}

/* Metal reports no PCI location for an Apple GPU: the PCI domain, bus and
 * device attributes are 0, and this is the id they make, domain:bus:device.function. */
static const char rt_pci_bus_id[] = "00000000:00:00.0";

cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device) {
  if (!pciBusId || len <= 0) return rt_record(cudaErrorInvalidValue);
  if (!rt_ordinal(device)) return rt_record(cudaErrorInvalidDevice);
  size_t n = strlen(rt_pci_bus_id) < (size_t)len - 1 ? strlen(rt_pci_bus_id) : (size_t)len - 1;
  memcpy(pciBusId, rt_pci_bus_id, n);
  pciBusId[n] = '\0';
  return cudaSuccess;
}

/* Accepts CUDA's forms [domain]:[bus]:[device].[function], [domain]:[bus]:[device]
 * and [bus]:[device].[function] (hexadecimal); device 0 is 0:0:0. */
cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId) {
  if (!device || !pciBusId) return rt_record(cudaErrorInvalidValue);
  unsigned domain = 0, bus = 0, dev = 0, function = 0;
  char tail;
  bool parsed = sscanf(pciBusId, "%x:%x:%x.%x%c", &domain, &bus, &dev, &function, &tail) == 4 ||
                sscanf(pciBusId, "%x:%x:%x%c", &domain, &bus, &dev, &tail) == 3 ||
                (domain = 0, sscanf(pciBusId, "%x:%x.%x%c", &bus, &dev, &function, &tail) == 3);
  if (!parsed) return rt_record(cudaErrorInvalidValue);
  if (domain || bus || dev || function) return rt_record(cudaErrorInvalidDevice);
  *device = 0;
  return cudaSuccess;
}

/* The limits are the core's (core_services.c), shared with cuCtxGetLimit. A value
 * that is no cudaLimit is cudaErrorInvalidValue (H200, CUDA 13, 2026-12-02, (cudaLimit)99);
 * a limit Anchor does not keep (the device runtime's) cudaErrorUnsupportedLimit. */
static bool rt_limit_known(enum cudaLimit limit) {
  return (unsigned)limit <= (unsigned)cudaLimitPersistingL2CacheSize;
}

cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit) {
  if (!value || !rt_limit_known(limit)) return rt_record(cudaErrorInvalidValue);
  if (!rt_limit_kept(limit)) return rt_record(cudaErrorUnsupportedLimit);
  rt_enter(); /* the limits are process-wide state under the lock */
  *value = rt_limit_get(limit);
  return rt_leave(cudaSuccess);
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) {
  if (!rt_limit_known(limit)) return rt_record(cudaErrorInvalidValue);
  if (!rt_limit_kept(limit)) return rt_record(cudaErrorUnsupportedLimit);
  rt_enter();
  return rt_leave(rt_limit_set(limit, value));
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  /* The H200's range under CUDA 13; Metal has no queue priorities, so
   * they are accepted, clamped and reported only (core.h). */
  if (leastPriority) *leastPriority = RT_STREAM_PRIORITY_LEAST;
  if (greatestPriority) *greatestPriority = RT_STREAM_PRIORITY_GREATEST;
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
