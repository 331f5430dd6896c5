/* tests/runtime/test_driver_more.c — smaller driver functions of CUDA 13's cuda.h
 * that Anchor implements since issue 9 (docs/runtime.md "Driver API"), each against
 * what the older calls answer: context ids and the NULL-is-current context argument,
 * cuCtxSynchronize_v2 after a kernel, stream device and context, a kernel's parameter
 * offsets and sizes (by CUfunction and by CUkernel), loading states, CUkernel
 * attributes set and read through the CUfunction, the deprecated device queries
 * against cuDeviceGetAttribute, cuDeviceGetByPCIBusId of cuDeviceGetPCIBusId's
 * string, cuMemHostGetFlags, and the codes of bad calls. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "cuda.h"
#include "cuda_runtime_api.h"
#include "handmade.h"

#include "add_kernel.h"

#define CHECK_CU CHECK_DRV

static int attribute(CUdevice_attribute a) {
  int v = -1;
  CHECK_CU(cuDeviceGetAttribute(&v, a, 0), CUDA_SUCCESS);
  return v;
}

static void contexts(CUcontext primary, CUfunction add) {
  unsigned long long id = 0, id2 = 0, id_null = 0;
  CHECK_CU(cuCtxGetId(primary, &id), CUDA_SUCCESS);
  CHECK_CU(cuCtxGetId(NULL, &id_null), CUDA_SUCCESS); /* the current one: primary */
  CHECK(id == id_null && id != 0);
  CUcontext ctx;
  CHECK_CU(cuCtxCreate(&ctx, NULL, 0, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxGetId(ctx, &id2), CUDA_SUCCESS);
  CHECK(id2 != id);
  CHECK_CU(cuCtxGetId(NULL, &id_null), CUDA_SUCCESS);
  CHECK(id_null == id2);
  CUdevice dev = -1;
  CHECK_CU(cuCtxGetDevice_v2(&dev, ctx), CUDA_SUCCESS);
  CHECK(dev == 0);
  CHECK_CU(cuCtxDestroy(ctx), CUDA_SUCCESS);
  CHECK_CU(cuCtxGetId(ctx, &id2), CUDA_ERROR_INVALID_CONTEXT);
  CHECK_CU(cuCtxGetDevice_v2(&dev, ctx), CUDA_ERROR_INVALID_CONTEXT);
  CHECK_CU(cuCtxSynchronize_v2(ctx), CUDA_ERROR_INVALID_CONTEXT);
  CHECK_CU(cuCtxGetId(primary, NULL), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);

  /* cuCtxSynchronize_v2 waits for a kernel on another stream */
  CUstream s;
  CHECK_CU(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CUdeviceptr p;
  int n = 1 << 16, v = 5;
  CHECK_CU(cuMemAlloc(&p, (size_t)n * 4), CUDA_SUCCESS);
  CHECK_CU(cuMemsetD32(p, 1, (size_t)n), CUDA_SUCCESS);
  void *args[] = {&p, &n, &v};
  CHECK_CU(cuLaunchKernel(add, (unsigned)n / 256, 1, 1, 256, 1, 1, 0, s, args, NULL), CUDA_SUCCESS);
  CHECK_CU(cuCtxSynchronize_v2(NULL), CUDA_SUCCESS);
  CHECK_CU(cuStreamQuery(s), CUDA_SUCCESS);
  int word = 0;
  CHECK_CU(cuMemcpyDtoH(&word, p + 4 * 777, 4), CUDA_SUCCESS);
  CHECK(word == 6);

  /* the stream's device and contexts */
  CHECK_CU(cuStreamGetDevice(s, &dev), CUDA_SUCCESS);
  CHECK(dev == 0);
  CUcontext got = NULL;
  CUgreenCtx green = (CUgreenCtx)(uintptr_t)1;
  CHECK_CU(cuStreamGetCtx_v2(s, &got, &green), CUDA_SUCCESS);
  CHECK(got == primary && green == NULL);
  CHECK_CU(cuStreamGetDevice((CUstream)(uintptr_t)0x10, &dev), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuStreamGetDevice(s, NULL), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamGetCtx_v2(s, &got, NULL), CUDA_ERROR_INVALID_VALUE);
  green = (CUgreenCtx)(uintptr_t)1;
  CHECK_CU(cuStreamGetGreenCtx(s, &green), CUDA_SUCCESS);
  CHECK(green == NULL);
  CHECK_CU(cuStreamGetGreenCtx(s, NULL), CUDA_ERROR_INVALID_VALUE);

  /* execution affinity: none can be set */
  int supported = -1;
  CHECK_CU(cuDeviceGetExecAffinitySupport(&supported, CU_EXEC_AFFINITY_TYPE_SM_COUNT, 0),
           CUDA_SUCCESS);
  CHECK(supported == 0);
  CHECK_CU(cuDeviceGetExecAffinitySupport(&supported, CU_EXEC_AFFINITY_TYPE_SM_COUNT, 1),
           CUDA_ERROR_INVALID_DEVICE);
  CUexecAffinityParam affinity; /* the whole device (runtime.test_driver_services) */
  CHECK_CU(cuCtxGetExecAffinity(&affinity, CU_EXEC_AFFINITY_TYPE_SM_COUNT), CUDA_SUCCESS);
  CHECK_CU(cuCtxGetExecAffinity(NULL, CU_EXEC_AFFINITY_TYPE_SM_COUNT), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamDestroy(s), CUDA_SUCCESS);
  CHECK_CU(cuMemFree(p), CUDA_SUCCESS);

  /* bank sizes: reported 4-byte, settings accepted */
  CUsharedconfig config = (CUsharedconfig)-1;
  CHECK_CU(cuCtxGetSharedMemConfig(&config), CUDA_SUCCESS);
  CHECK(config == CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE);
  CHECK_CU(cuCtxSetSharedMemConfig(CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetSharedMemConfig((CUsharedconfig)9), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuFuncSetSharedMemConfig(add, CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE), CUDA_SUCCESS);
}

static void functions(CUfunction add, const unsigned char *blob) {
  static const size_t offsets[] = {0, 8, 12}, sizes[] = {8, 4, 4};
  for (size_t i = 0; i < 3; i++) {
    size_t offset = 99, size = 99;
    CHECK_CU(cuFuncGetParamInfo(add, i, &offset, &size), CUDA_SUCCESS);
    CHECK(offset == offsets[i] && size == sizes[i]);
  }
  size_t offset = 0;
  CHECK_CU(cuFuncGetParamInfo(add, 2, &offset, NULL), CUDA_SUCCESS);
  CHECK(offset == 12);
  CHECK_CU(cuFuncGetParamInfo(add, 3, &offset, NULL), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuFuncGetParamInfo(add, 0, NULL, NULL), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuFuncGetParamInfo((CUfunction)(uintptr_t)0x20, 0, &offset, NULL),
           CUDA_ERROR_INVALID_HANDLE);

  CUfunctionLoadingState state = CU_FUNCTION_LOADING_STATE_MAX;
  CHECK_CU(cuFuncIsLoaded(&state, add), CUDA_SUCCESS);
  CHECK(state == CU_FUNCTION_LOADING_STATE_LOADED);
  CHECK_CU(cuFuncLoad(add), CUDA_SUCCESS);
  CHECK_CU(cuFuncLoad((CUfunction)(uintptr_t)0x20), CUDA_ERROR_INVALID_HANDLE);
  CUmoduleLoadingMode mode = (CUmoduleLoadingMode)0;
  CHECK_CU(cuModuleGetLoadingMode(&mode), CUDA_SUCCESS);
  CHECK(mode == CU_MODULE_EAGER_LOADING);

  /* a library's CUkernel: the same parameters, attributes through its function */
  CUlibrary lib;
  CUkernel kernel;
  CUfunction kernel_function;
  CHECK_CU(cuLibraryLoadData(&lib, blob, NULL, NULL, 0, NULL, NULL, 0), CUDA_SUCCESS);
  CHECK_CU(cuLibraryGetKernel(&kernel, lib, "add"), CUDA_SUCCESS);
  CHECK_CU(cuKernelGetFunction(&kernel_function, kernel), CUDA_SUCCESS);
  size_t size = 0;
  CHECK_CU(cuKernelGetParamInfo(kernel, 1, &offset, &size), CUDA_SUCCESS);
  CHECK(offset == 8 && size == 4);
  int threads = 0, threads_function = -1;
  CHECK_CU(cuKernelGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, kernel, 0),
           CUDA_SUCCESS);
  CHECK_CU(cuFuncGetAttribute(&threads_function, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                              kernel_function),
           CUDA_SUCCESS);
  CHECK(threads > 0 && threads == threads_function);
  CHECK_CU(cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 1024, kernel, 0),
           CUDA_SUCCESS);
  int dynamic = 0;
  CHECK_CU(cuFuncGetAttribute(&dynamic, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                              kernel_function),
           CUDA_SUCCESS);
  CHECK(dynamic == 1024);
  CHECK_CU(cuKernelGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, kernel, 1),
           CUDA_ERROR_INVALID_DEVICE);
  CHECK_CU(
      cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 1 << 20, kernel, 0),
      CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuKernelGetAttribute(NULL, CU_FUNC_ATTRIBUTE_NUM_REGS, kernel, 0),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuKernelSetCacheConfig(kernel, CU_FUNC_CACHE_PREFER_SHARED, 0), CUDA_SUCCESS);
  CHECK_CU(cuKernelSetCacheConfig(kernel, (CUfunc_cache)7, 0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuKernelSetCacheConfig((CUkernel)(uintptr_t)0x30, CU_FUNC_CACHE_PREFER_NONE, 0),
           CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuLibraryUnload(lib), CUDA_SUCCESS);
}

static void devices(void) {
  int major = -1, minor = -1;
  CHECK_CU(cuDeviceComputeCapability(&major, &minor, 0), CUDA_SUCCESS);
  CHECK(major == attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) &&
        minor == attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR));
  CHECK_CU(cuDeviceComputeCapability(&major, &minor, 1), CUDA_ERROR_INVALID_DEVICE);
  CUdevprop prop;
  CHECK_CU(cuDeviceGetProperties(&prop, 0), CUDA_SUCCESS);
  CHECK(prop.maxThreadsPerBlock == attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
  CHECK(prop.maxThreadsDim[2] == attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z));
  CHECK(prop.maxGridSize[0] == attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X));
  CHECK(prop.sharedMemPerBlock == attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK));
  CHECK(prop.totalConstantMemory == attribute(CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY));
  CHECK(prop.SIMDWidth == 32 && prop.SIMDWidth == attribute(CU_DEVICE_ATTRIBUTE_WARP_SIZE));
  CHECK(prop.regsPerBlock == attribute(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK));
  CHECK(prop.clockRate == attribute(CU_DEVICE_ATTRIBUTE_CLOCK_RATE));
  CHECK(prop.textureAlign == attribute(CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT));
  CHECK_CU(cuDeviceGetProperties(NULL, 0), CUDA_ERROR_INVALID_VALUE);

  char bus[32];
  CHECK_CU(cuDeviceGetPCIBusId(bus, sizeof bus, 0), CUDA_SUCCESS);
  CUdevice dev = -1;
  CHECK_CU(cuDeviceGetByPCIBusId(&dev, bus), CUDA_SUCCESS);
  CHECK(dev == 0);
  CHECK_CU(cuDeviceGetByPCIBusId(&dev, "0000:99:00.0"), CUDA_ERROR_INVALID_DEVICE);
  CHECK_CU(cuDeviceGetByPCIBusId(&dev, "not a bus id"), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuDeviceGetByPCIBusId(NULL, bus), CUDA_ERROR_INVALID_VALUE);
}

static void host_flags(void) {
  void *host = NULL;
  unsigned flags = 0;
  CHECK_CU(cuMemHostAlloc(&host, 4096, CU_MEMHOSTALLOC_PORTABLE), CUDA_SUCCESS);
  CHECK_CU(cuMemHostGetFlags(&flags, host), CUDA_SUCCESS);
  CHECK(flags == (CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP));
  CHECK_CU(cuMemFreeHost(host), CUDA_SUCCESS);
  void *registered = aligned_alloc(4096, 8192);
  CHECK_CU(cuMemHostRegister(registered, 8192, CU_MEMHOSTREGISTER_PORTABLE), CUDA_SUCCESS);
  CHECK_CU(cuMemHostGetFlags(&flags, (char *)registered + 100), CUDA_SUCCESS);
  CHECK(flags == (CU_MEMHOSTREGISTER_PORTABLE | CU_MEMHOSTREGISTER_DEVICEMAP));
  CHECK_CU(cuMemHostUnregister(registered), CUDA_SUCCESS);
  CHECK_CU(cuMemHostGetFlags(&flags, registered), CUDA_ERROR_INVALID_VALUE);
  free(registered);
  CUdeviceptr d;
  CHECK_CU(cuMemAlloc(&d, 64), CUDA_SUCCESS);
  CHECK_CU(cuMemHostGetFlags(&flags, (void *)(uintptr_t)d), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemHostGetFlags(NULL, (void *)(uintptr_t)d), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemFree(d), CUDA_SUCCESS);
}

int main(void) {
  CUcontext primary;
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CHECK_CU(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  unsigned char *blob = make_module(kernels, 1, NULL, 0, msl);
  CUmodule module;
  CUfunction add;
  CHECK_CU(cuModuleLoadData(&module, blob), CUDA_SUCCESS);
  CHECK_CU(cuModuleGetFunction(&add, module, "add"), CUDA_SUCCESS);
  contexts(primary, add);
  functions(add, blob);
  devices();
  host_flags();
  CHECK_CU(cuModuleUnload(module), CUDA_SUCCESS);
  free(blob);
  (void)add_stub;
  return check_finish("test_driver_more");
}
