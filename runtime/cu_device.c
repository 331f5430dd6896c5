/* runtime/cu_device.c — the small part of the CUDA driver API in
 * include/cuda.h: initialisation, error names, devices. Answered by the same
 * core as the runtime API (libanchor is runtime and driver at once), but
 * without the runtime's last error: the driver API has none, so these
 * functions leave through rt_leave_unrecorded and never disturb it. */
#include <stdatomic.h>
#include <string.h>

#include "core.h"
#include "cuda.h"

static atomic_bool rt_driver_initialised;

typedef struct {
  CUresult code;
  const char *name;
} rt_driver_error;

/* Names as in the driver API; texts are the runtime's for the same number. */
static const rt_driver_error rt_driver_errors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED"},
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND"},
    {CUDA_ERROR_NOT_READY, "CUDA_ERROR_NOT_READY"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN"},
};

static const rt_driver_error *rt_driver_error_find(CUresult e) {
  for (size_t i = 0; i < sizeof rt_driver_errors / sizeof rt_driver_errors[0]; i++)
    if (rt_driver_errors[i].code == e) return &rt_driver_errors[i];
  return NULL;
}

CUresult cuGetErrorName(CUresult error, const char **pStr) {
  if (!pStr) return CUDA_ERROR_INVALID_VALUE;
  const rt_driver_error *found = rt_driver_error_find(error);
  *pStr = found ? found->name : NULL;
  return found ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult error, const char **pStr) {
  if (!pStr) return CUDA_ERROR_INVALID_VALUE;
  const rt_driver_error *found = rt_driver_error_find(error);
  *pStr = found ? rt_error_text((cudaError_t)error) : NULL;
  return found ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* The core's answers mapped to the driver's codes (equal numbers for all
 * the codes these functions can produce). */
static CUresult rt_driver_result(cudaError_t e) {
  return rt_driver_error_find((CUresult)e) ? (CUresult)e : CUDA_ERROR_UNKNOWN;
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
  atomic_store(&rt_driver_initialised, true);
  return CUDA_SUCCESS;
}

CUresult cuDriverGetVersion(int *driverVersion) {
  if (!driverVersion) return CUDA_ERROR_INVALID_VALUE;
  *driverVersion = CUDA_VERSION; /* answered without cuInit, as CUDA does */
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
  if (!atomic_load(&rt_driver_initialised)) return CUDA_ERROR_NOT_INITIALIZED;
  if (!count) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  cudaError_t e = rt_leave_unrecorded(rt_device_exists());
  *count = e == cudaSuccess ? 1 : 0;
  return rt_driver_result(e);
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (!atomic_load(&rt_driver_initialised)) return CUDA_ERROR_NOT_INITIALIZED;
  if (!device) return CUDA_ERROR_INVALID_VALUE;
  if (ordinal != 0) return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
  if (!atomic_load(&rt_driver_initialised)) return CUDA_ERROR_NOT_INITIALIZED;
  if (!name || len <= 0) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e != cudaSuccess) return rt_driver_result(e);
  strncpy(name, p.name, (size_t)len - 1);
  name[len - 1] = '\0';
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev) {
  if (!atomic_load(&rt_driver_initialised)) return CUDA_ERROR_NOT_INITIALIZED;
  if (!bytes) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e == cudaSuccess) *bytes = p.totalGlobalMem;
  return rt_driver_result(e);
}

CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev) {
  if (!atomic_load(&rt_driver_initialised)) return CUDA_ERROR_NOT_INITIALIZED;
  if (!pi) return CUDA_ERROR_INVALID_VALUE;
  struct cudaDeviceProp p;
  cudaError_t e = rt_driver_properties(dev, &p);
  if (e == cudaSuccess && !rt_device_attribute(&p, (enum cudaDeviceAttr)attrib, pi))
    e = cudaErrorInvalidValue;
  return rt_driver_result(e);
}
