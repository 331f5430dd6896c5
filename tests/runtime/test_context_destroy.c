/* tests/runtime/test_context_destroy.c — cuCtxDestroy frees what the context owns, as
 * CUDA's does: the memory allocated in it (cuMemAlloc, cuMemAllocHost,
 * cuMemAllocManaged, cudaMalloc with it current), the modules loaded in it, its streams
 * and events. Free memory comes back (cuMemGetInfo), and a freed pointer, stream, event,
 * module or function is an error code afterwards, never a crash; what the primary
 * context owns stays. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "cuda.h"
#include "cuda_runtime_api.h"
#include "handmade.h"

#include "add_kernel.h"

#define CHECK_CU(got, want) CHECK((got) == (want))

enum { MIB = 1 << 20 };

int main(void) {
  CUdevice dev;
  CUcontext primary, ctx, current;
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
  CHECK_CU(cuDevicePrimaryCtxRetain(&primary, dev), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  CUdeviceptr kept;
  CHECK_CU(cuMemAlloc(&kept, MIB), CUDA_SUCCESS); /* the primary context's: stays */
  CHECK_CU(cuMemsetD32(kept, 0x5a5a5a5a, MIB / 4), CUDA_SUCCESS);

  CHECK_CU(cuCtxCreate(&ctx, NULL, 0, dev), CUDA_SUCCESS);
  CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  CHECK(current == ctx);
  size_t free0 = 0, free1 = 0, free2 = 0, total = 0;
  CHECK_CU(cuMemGetInfo(&free0, &total), CUDA_SUCCESS);
  CUdeviceptr p[4], managed;
  for (int i = 0; i < 4; i++)
    CHECK_CU(cuMemAlloc(&p[i], 16 * MIB), CUDA_SUCCESS);
  void *host = NULL, *runtime = NULL;
  CHECK_CU(cuMemAllocHost(&host, MIB), CUDA_SUCCESS);
  CHECK_CU(cuMemAllocManaged(&managed, MIB, CU_MEM_ATTACH_GLOBAL), CUDA_SUCCESS);
  CHECK_ERR(cudaMalloc(&runtime, MIB), cudaSuccess); /* the runtime works in ctx too */
  CUstream stream;
  CUevent event;
  CHECK_CU(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CHECK_CU(cuEventCreate(&event, CU_EVENT_DEFAULT), CUDA_SUCCESS);
  unsigned char *blob = make_module(kernels, 1, NULL, 0, msl);
  CUmodule module;
  CUfunction add;
  CHECK_CU(cuModuleLoadData(&module, blob), CUDA_SUCCESS);
  CHECK_CU(cuModuleGetFunction(&add, module, "add"), CUDA_SUCCESS);
  /* work in flight when the context goes: a kernel, a copy and a record on its stream */
  int n = 16 * MIB / 4, v = 3;
  void *args[] = {&p[0], &n, &v};
  CHECK_CU(cuMemsetD32Async(p[0], 1, (size_t)n, stream), CUDA_SUCCESS);
  CHECK_CU(cuLaunchKernel(add, (unsigned)n / 256, 1, 1, 256, 1, 1, 0, stream, args, NULL),
           CUDA_SUCCESS);
  CHECK_CU(cuMemcpyDtoDAsync(p[1], p[0], 16 * MIB, stream), CUDA_SUCCESS);
  CHECK_CU(cuEventRecord(event, stream), CUDA_SUCCESS);
  int word = 0;
  CHECK_CU(cuStreamSynchronize(stream), CUDA_SUCCESS);
  CHECK_CU(cuMemcpyDtoH(&word, p[1] + 4 * 1000, sizeof word), CUDA_SUCCESS);
  CHECK(word == 4);
  CHECK_CU(cuLaunchKernel(add, (unsigned)n / 256, 1, 1, 256, 1, 1, 0, stream, args, NULL),
           CUDA_SUCCESS);
  CHECK_CU(cuMemGetInfo(&free1, &total), CUDA_SUCCESS);
  CHECK(free1 + 64 * MIB + 3 * MIB <= free0);

  CHECK_CU(cuCtxDestroy(ctx), CUDA_SUCCESS);
  CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  CHECK(current == primary); /* popped: the primary context is current again */
  CHECK_CU(cuMemGetInfo(&free2, &total), CUDA_SUCCESS);
  /* every byte the context's allocations had is back (the device services' blocks,
   * made at the first launch, are the device's: docs/runtime.md, "Device services") */
  CHECK(free2 - free1 == 64 * MIB + 3 * MIB);

  /* What it owned is gone: error codes, no crash. */
  CHECK_CU(cuMemFree(p[0]), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemcpyDtoH(&word, p[1], sizeof word), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemsetD8(p[2], 0, 16), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemFreeHost(host), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemFree(managed), CUDA_ERROR_INVALID_VALUE);
  CHECK_ERR(cudaFree(runtime), cudaErrorInvalidValue);
  CUdeviceptr base = 0;
  size_t size = 0;
  CHECK_CU(cuMemGetAddressRange(&base, &size, p[3]), CUDA_ERROR_NOT_FOUND);
  CHECK_CU(cuStreamQuery(stream), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuStreamDestroy(stream), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuEventQuery(event), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuEventDestroy(event), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuModuleUnload(module), CUDA_ERROR_INVALID_HANDLE);
  CUfunction again;
  CHECK_CU(cuModuleGetFunction(&again, module, "add"), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuLaunchKernel(add, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuCtxDestroy(ctx), CUDA_ERROR_INVALID_CONTEXT);

  /* The primary context's memory is untouched, and the freed memory serves again. */
  CHECK_CU(cuMemcpyDtoH(&word, kept + MIB - 4, sizeof word), CUDA_SUCCESS);
  CHECK((unsigned)word == 0x5a5a5a5au);
  CUdeviceptr big;
  CHECK_CU(cuMemAlloc(&big, 64 * MIB), CUDA_SUCCESS);
  CHECK_CU(cuMemFree(big), CUDA_SUCCESS);
  CHECK_CU(cuMemFree(kept), CUDA_SUCCESS);
  CHECK_CU(cuDevicePrimaryCtxRelease(dev), CUDA_SUCCESS);
  free(blob);
  (void)add_stub; /* add_kernel.h's stub: the runtime API's, not used here */
  return check_finish("test_context_destroy");
}
