/* runtime/cu_device.c — the small part of the CUDA driver API in
 * include/cuda.h: initialisation, error names, devices. Answered by the same
 * core as the runtime API (libanchor is runtime and driver at once), but
 * without the runtime's last error: the driver API has none, so these
 * functions leave through rt_leave_unrecorded and never disturb it. */
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "cuda.h"

CUresult cuGetErrorName(CUresult error, const char **pStr) {
  if (!pStr) return CUDA_ERROR_INVALID_VALUE;
  *pStr = rt_driver_error_name((int)error);
  return *pStr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* The driver's texts where the runtime has no code of the same number (the
 * H200's, CUDA 13, 2026-12-01). */
static const char *rt_driver_only_text(CUresult e) {
  switch (e) {
  case CUDA_ERROR_CONTEXT_ALREADY_CURRENT: return "context already current";
  case CUDA_ERROR_KEY_ROTATION: /* the runtime has no such code */
    return "an error happened during the key rotation sequence";
  default: return NULL;
  }
}

CUresult cuGetErrorString(CUresult error, const char **pStr) {
  if (!pStr) return CUDA_ERROR_INVALID_VALUE;
  const char *name = rt_driver_error_name((int)error);
  const char *text = name ? rt_driver_only_text(error) : NULL;
  if (name && !text) text = rt_error_text((cudaError_t)error);
  *pStr = name ? (text ? text : name) : NULL;
  return name ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* The core's answers mapped to the driver's codes (equal numbers for all
 * the codes these functions can produce). */
static CUresult rt_driver_result(cudaError_t e) {
  return rt_driver_error_name((int)e) ? (CUresult)e : CUDA_ERROR_UNKNOWN;
}

/* The device's properties as the runtime reports them, unrecorded. */
static cudaError_t rt_driver_properties(CUdevice dev, struct cudaDeviceProp *p) {
  rt_enter();
  return rt_leave_unrecorded(rt_device_properties(dev, p));
}

CUresult cuInit(unsigned int flags) {
  if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  cudaError_t e = rt_leave_unrecorded(rt_device_exists());
  if (e != cudaSuccess) return rt_driver_result(e);
  rt_context_mark_initialised();
  return CUDA_SUCCESS;
}

CUresult cuDriverGetVersion(int *driverVersion) {
  if (!driverVersion) return CUDA_ERROR_INVALID_VALUE;
  *driverVersion = CUDA_VERSION; /* answered without cuInit, as CUDA does */
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!count) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  cudaError_t e = rt_leave_unrecorded(rt_device_exists());
  *count = e == cudaSuccess ? 1 : 0;
  return rt_driver_result(e);
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!device) return CUDA_ERROR_INVALID_VALUE;
  if (ordinal != 0) return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!name || len <= 0) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e != cudaSuccess) return rt_driver_result(e);
  strncpy(name, p.name, (size_t)len - 1);
  name[len - 1] = '\0';
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!bytes) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e == cudaSuccess) *bytes = p.totalGlobalMem;
  return rt_driver_result(e);
}

CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!pi) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e == cudaSuccess && !rt_device_attribute(&p, (enum cudaDeviceAttr)attrib, pi))
    e = cudaErrorInvalidValue;
  /* a driver-only attribute (the runtime answers 0 for 102, as CUDA 13's on the
   * H200): reservations, handles and mappings work (cu_vmm.c) */
  if (e == cudaSuccess && attrib == CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED)
    *pi = 1;
  /* driver-only too (the runtime's enum has gaps there): stream memory operations in 64
   * bits and the NOR condition work (cu_stream.c over core_memops.c) */
  if (e == cudaSuccess && (attrib == CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS ||
                           attrib == CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR))
    *pi = 1;
  return rt_driver_result(e);
}

/* ---- entry points by name ---------------------------------------------------------- */

/* A driver function by its base name, as CUDA's cuGetProcAddress: the newest
 * version libanchor has (entry.c), so "cuMemAlloc" gives cuMemAlloc_v2, what
 * cuda.h's macro names too. Every function Anchor has exists in CUDA 13, so
 * cudaVersion selects nothing but must not pass the driver's version
 * (CUDA_VERSION, what cuDriverGetVersion reports: else CUDA_ERROR_INVALID_VALUE,
 * as documented); the per-thread default stream flag selects the same functions
 * (one queue). A name not found succeeds with *pfn NULL and the status
 * SYMBOL_NOT_FOUND (documented; H200, CUDA 13, 2026-12-01: CUDA_SUCCESS). */
CUresult cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion, cuuint64_t flags,
                          CUdriverProcAddressQueryResult *symbolStatus) {
  if (!symbol || !pfn) return CUDA_ERROR_INVALID_VALUE;
  if (flags & ~(cuuint64_t)(CU_GET_PROC_ADDRESS_LEGACY_STREAM |
                            CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM))
    return CUDA_ERROR_INVALID_VALUE;
  if (cudaVersion > CUDA_VERSION) return CUDA_ERROR_INVALID_VALUE;
  *pfn = rt_entry_point(symbol);
  if (symbolStatus)
    *symbolStatus = *pfn ? CU_GET_PROC_ADDRESS_SUCCESS : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  return CUDA_SUCCESS;
}

/* ---- more of the device ----------------------------------------------------------- */

CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice dev) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!uuid) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e == cudaSuccess) memcpy(uuid->bytes, p.uuid.bytes, sizeof uuid->bytes);
  return rt_driver_result(e);
}

/* "domain:bus:device.function" in hexadecimal, as CUDA writes it. */
CUresult cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!pciBusId || len <= 0) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e == cudaSuccess)
    snprintf(pciBusId, (size_t)len, "%04x:%02x:%02x.0", (unsigned)p.pciDomainID,
             (unsigned)p.pciBusID, (unsigned)p.pciDeviceID);
  return rt_driver_result(e);
}

/* One device: it is not its own peer (as cudaDeviceCanAccessPeer says). */
CUresult cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev, CUdevice peerDev) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!canAccessPeer) return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0 || peerDev != 0) return CUDA_ERROR_INVALID_DEVICE;
  *canAccessPeer = 0;
  return CUDA_SUCCESS;
}

/* ---- CUDA's older device queries (deprecated, still in CUDA 13's cuda.h) ---------------- */

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!major || !minor) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e == cudaSuccess) {
    *major = p.major;
    *minor = p.minor;
  }
  return rt_driver_result(e);
}

/* CUdevprop's fields from the same properties the attributes answer;
 * SIMDWidth is the warp size, clockRate in kHz, textureAlign in bytes. */
CUresult cuDeviceGetProperties(CUdevprop *prop, CUdevice dev) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!prop) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e != cudaSuccess) return rt_driver_result(e);
  int clock = 0, texture_align = 0;
  rt_device_attribute(&p, cudaDevAttrClockRate, &clock);
  rt_device_attribute(&p, cudaDevAttrTextureAlignment, &texture_align);
  *prop = (CUdevprop){p.maxThreadsPerBlock,
                      {p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2]},
                      {p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]},
                      (int)p.sharedMemPerBlock,
                      (int)p.totalConstMem,
                      p.warpSize,
                      p.memPitch > 0x7fffffff ? 0x7fffffff : (int)p.memPitch,
                      p.regsPerBlock,
                      clock,
                      texture_align};
  return CUDA_SUCCESS;
}

/* The one device's PCI id is 0000:00:00.0 (cuDeviceGetPCIBusId's form); the
 * forms CUDA accepts: domain:bus:device.function, domain:bus:device,
 * bus:device.function (hexadecimal). Another id: CUDA_ERROR_INVALID_DEVICE. */
CUresult cuDeviceGetByPCIBusId(CUdevice *dev, const char *pciBusId) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!dev || !pciBusId) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(0, &p);
  if (e != cudaSuccess) return rt_driver_result(e);
  unsigned domain = 0, bus = 0, device = 0, function = 0;
  char tail;
  bool parsed = sscanf(pciBusId, "%x:%x:%x.%x%c", &domain, &bus, &device, &function, &tail) == 4 ||
                sscanf(pciBusId, "%x:%x:%x%c", &domain, &bus, &device, &tail) == 3 ||
                (domain = 0, sscanf(pciBusId, "%x:%x.%x%c", &bus, &device, &function, &tail) == 3);
  if (!parsed) return CUDA_ERROR_INVALID_VALUE;
  if (domain != (unsigned)p.pciDomainID || bus != (unsigned)p.pciBusID ||
      device != (unsigned)p.pciDeviceID || function != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *dev = 0;
  return CUDA_SUCCESS;
}

/* As cudaDeviceGetP2PAttribute: device 0 with itself, or any other ordinal, is
 * no pair of devices: CUDA_ERROR_INVALID_DEVICE; a bad attribute or output
 * CUDA_ERROR_INVALID_VALUE. */
CUresult cuDeviceGetP2PAttribute(int *value, CUdevice_P2PAttribute attrib, CUdevice srcDevice,
                                 CUdevice dstDevice) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!value || (unsigned)attrib < CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK ||
      (unsigned)attrib > CU_DEVICE_P2P_ATTRIBUTE_ONLY_PARTIAL_NATIVE_ATOMIC_SUPPORTED)
    return CUDA_ERROR_INVALID_VALUE;
  /* CUDA 13 logs why (an H100, 2026-12-07): "Same source and destination device: 0" */
  if (srcDevice == dstDevice) {
    char why[64];
    snprintf(why, sizeof why, "Same source and destination device: %d", (int)srcDevice);
    rt_log_message(why);
  }
  rt_log_error(__func__, (int)CUDA_ERROR_INVALID_DEVICE);
  return CUDA_ERROR_INVALID_DEVICE;
}

/* Execution affinity (a share of the multiprocessors per context) cannot be
 * set on Metal: no type is supported on the device (cuCtxCreate refuses
 * affinity parameters). */
CUresult cuDeviceGetExecAffinitySupport(int *pi, CUexecAffinityType type, CUdevice dev) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!pi || (unsigned)type >= CU_EXEC_AFFINITY_TYPE_MAX) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e == cudaSuccess) *pi = 0;
  return rt_driver_result(e);
}

/* The device's resources (CUDA 12.4's green-context API): the one type CUDA
 * defines, CU_DEV_RESOURCE_TYPE_SM, with the device's multiprocessor count (as
 * cudaDeviceProp's multiProcessorCount). Metal cannot give part of the GPU to a
 * context (green contexts are not supported), so the resource cannot be split:
 * its smallest partition is the whole of it, and the co-scheduling alignment 1
 * (smCount is a multiple of it, as cuda.h requires). */
CUresult cuDeviceGetDevResource(CUdevice device, CUdevResource *resource, CUdevResourceType type) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!resource || type != CU_DEV_RESOURCE_TYPE_SM) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(device, &p);
  if (e != cudaSuccess) return rt_driver_result(e);
  memset(resource, 0, sizeof *resource);
  resource->type = CU_DEV_RESOURCE_TYPE_SM;
  resource->sm.smCount = (unsigned)p.multiProcessorCount;
  resource->sm.minSmPartitionSize = (unsigned)p.multiProcessorCount;
  resource->sm.smCoscheduledAlignment = 1;
  return CUDA_SUCCESS;
}
