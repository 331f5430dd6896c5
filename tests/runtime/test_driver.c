/* tests/runtime/test_driver.c — the driver-API subset of include/cuda.h:
 * cuInit gating, device enumeration and queries agreeing with the runtime
 * API, error names/texts, and that driver calls leave the runtime's last
 * error alone. */
#include <string.h>

#include "check.h"
#include "cuda.h"
#include "cuda_runtime_api.h"

#define CHECK_CU(got, want) CHECK((got) == (want))

int main(void) {
  int count = -1, version = 0, value = 0;
  CUdevice dev = -1;
  char name[256];
  size_t bytes = 0;
  CHECK_CU(cuDriverGetVersion(&version), CUDA_SUCCESS); /* allowed before cuInit */
  CHECK(version == 13000);
  CHECK_CU(cuDeviceGetCount(&count), CUDA_ERROR_NOT_INITIALIZED);
  CHECK_CU(cuInit(1), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CHECK_CU(cuDeviceGetCount(&count), CUDA_SUCCESS);
  CHECK(count == 1);
  CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  CHECK(dev == 0);
  CHECK_CU(cuDeviceGet(&dev, 1), CUDA_ERROR_INVALID_DEVICE);
  cudaSetDevice(42); /* a runtime error the driver calls must not disturb */
  CHECK_CU(cuDeviceGetName(name, sizeof name, 0), CUDA_SUCCESS);
  struct cudaDeviceProp p;
  CHECK_CU(cuDeviceGetName(name, sizeof name, 7), CUDA_ERROR_INVALID_DEVICE);
  CHECK_ERR(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  CHECK(strcmp(name, p.name) == 0);
  CHECK_CU(cuDeviceGetName(name, 4, 0), CUDA_SUCCESS);
  CHECK(strlen(name) == 3);
  CHECK_CU(cuDeviceTotalMem(&bytes, 0), CUDA_SUCCESS);
  CHECK(bytes == p.totalGlobalMem);
  CHECK_CU(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0), CUDA_SUCCESS);
  CHECK(value == 32);
  CHECK_CU(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 0), CUDA_SUCCESS);
  CHECK(value == 64);
  CHECK_CU(cuDeviceGetAttribute(&value, (CUdevice_attribute)9999, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidDevice); /* still cudaSetDevice(42)'s */
  const char *s = NULL;
  CHECK_CU(cuGetErrorName(CUDA_ERROR_INVALID_DEVICE, &s), CUDA_SUCCESS);
  CHECK(s && strcmp(s, "CUDA_ERROR_INVALID_DEVICE") == 0);
  CHECK_CU(cuGetErrorString(CUDA_ERROR_INVALID_VALUE, &s), CUDA_SUCCESS);
  CHECK(s && strcmp(s, "invalid argument") == 0);
  CHECK_CU(cuGetErrorString((CUresult)4242, &s), CUDA_ERROR_INVALID_VALUE);
  CHECK(s == NULL);
  /* NULL outputs: CUDA crashes (H200, CUDA 13: driver_error_names), Anchor refuses */
  CHECK_CU(cuGetErrorName(CUDA_SUCCESS, NULL), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuGetErrorString(CUDA_SUCCESS, NULL), CUDA_ERROR_INVALID_VALUE);
  /* a driver-only code has the driver's text (the H200's), not its name */
  CHECK_CU(cuGetErrorString(CUDA_ERROR_CONTEXT_ALREADY_CURRENT, &s), CUDA_SUCCESS);
  CHECK(s && strcmp(s, "context already current") == 0);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  return check_finish("test_driver");
}
