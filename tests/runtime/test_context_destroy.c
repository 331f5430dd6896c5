/* tests/runtime/test_context_destroy.c — cuCtxDestroy frees what the context owns, as
 * CUDA's does: the memory allocated in it (cuMemAlloc, cuMemAllocHost,
 * cuMemAllocManaged, cudaMalloc with it current), the modules loaded in it, its streams
 * and events, its CUDA arrays, mipmapped arrays and texture and surface objects (driver
 * and runtime API). Free memory comes back (cuMemGetInfo, the objects' records included),
 * and a freed pointer, stream, event, module, function, array or object is an error code
 * afterwards, never a crash; what the primary context owns stays. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cuda.h"
#include "cuda_runtime_api.h"
#include "handmade.h"

#include "add_kernel.h"

#define CHECK_CU(got, want) CHECK((got) == (want))

enum { MIB = 1 << 20, RECORD = 512 }; /* a texture or surface object's record: one arena unit */

/* A texture object (point, element type) over an array, by the driver API. */
static CUtexObject texture_of(CUarray array) {
  CUDA_RESOURCE_DESC rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = CU_RESOURCE_TYPE_ARRAY;
  rd.res.array.hArray = array;
  CUDA_TEXTURE_DESC td;
  memset(&td, 0, sizeof td);
  CUtexObject t = 0;
  CHECK_CU(cuTexObjectCreate(&t, &rd, &td, NULL), CUDA_SUCCESS);
  return t;
}

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
  CUDA_ARRAY_DESCRIPTOR ad = {64, 32, CU_AD_FORMAT_FLOAT, 1}, back;
  CUarray kept_array; /* the primary context's array and texture object: they stay */
  CHECK_CU(cuArrayCreate(&kept_array, &ad), CUDA_SUCCESS);
  CUtexObject kept_tex = texture_of(kept_array);

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
  /* arrays, a mipmapped array (a level taken), texture and surface objects, by both APIs */
  CUarray array;
  CHECK_CU(cuArrayCreate(&array, &ad), CUDA_SUCCESS);
  CUDA_ARRAY3D_DESCRIPTOR md = {64, 64, 0, CU_AD_FORMAT_UNSIGNED_INT8, 4, 0};
  CUmipmappedArray mipmap;
  CUarray level;
  CHECK_CU(cuMipmappedArrayCreate(&mipmap, &md, 4), CUDA_SUCCESS);
  CHECK_CU(cuMipmappedArrayGetLevel(&level, mipmap, 2), CUDA_SUCCESS);
  CUtexObject tex = texture_of(array);
  CUDA_RESOURCE_DESC rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = CU_RESOURCE_TYPE_ARRAY;
  rd.res.array.hArray = level;
  CUsurfObject surf = 0;
  CHECK_CU(cuSurfObjectCreate(&surf, &rd), CUDA_SUCCESS);
  struct cudaChannelFormatDesc f32 = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t rt_array = NULL;
  CHECK_ERR(cudaMallocArray(&rt_array, &f32, 16, 16, 0), cudaSuccess);
  struct cudaResourceDesc rrd = {.resType = cudaResourceTypeArray};
  rrd.res.array.array = rt_array;
  struct cudaTextureDesc rtd = {0};
  cudaTextureObject_t rt_tex = 0;
  CHECK_ERR(cudaCreateTextureObject(&rt_tex, &rrd, &rtd, NULL), cudaSuccess);
  float texels[16 * 16];
  for (int i = 0; i < 16 * 16; i++)
    texels[i] = (float)i;
  CHECK_ERR(cudaMemcpy2DToArray(rt_array, 0, 0, texels, 64, 64, 16, cudaMemcpyHostToDevice),
            cudaSuccess);
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
  CHECK(free1 + 64 * MIB + 3 * MIB + 3 * RECORD <= free0);

  CHECK_CU(cuCtxDestroy(ctx), CUDA_SUCCESS);
  CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  CHECK(current == primary); /* popped: the primary context is current again */
  CHECK_CU(cuMemGetInfo(&free2, &total), CUDA_SUCCESS);
  /* every byte the context's allocations had is back (the device services' blocks,
   * made at the first launch, are the device's: docs/runtime.md, "Device services") */
  CHECK(free2 - free1 == 64 * MIB + 3 * MIB + 3 * RECORD); /* the three objects' records */

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
  /* its arrays and objects are gone too: Anchor's codes for unknown handles */
  CHECK_CU(cuArrayGetDescriptor(&back, array), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuArrayDestroy(array), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuArrayGetDescriptor(&back, level), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuMipmappedArrayGetLevel(&level, mipmap, 0), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuMipmappedArrayDestroy(mipmap), CUDA_ERROR_INVALID_HANDLE);
  CUDA_RESOURCE_DESC got;
  CHECK_CU(cuTexObjectGetResourceDesc(&got, tex), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuTexObjectDestroy(tex), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuSurfObjectGetResourceDesc(&got, surf), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuSurfObjectDestroy(surf), CUDA_ERROR_INVALID_VALUE);
  CHECK_ERR(cudaFreeArray(rt_array), cudaErrorInvalidValue);
  CHECK_ERR(cudaMemcpy2DToArray(rt_array, 0, 0, texels, 64, 64, 16, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  CHECK_ERR(cudaDestroyTextureObject(rt_tex), cudaErrorInvalidValue);
  (void)cudaGetLastError();
  /* the primary context's array and texture object are untouched */
  CHECK_CU(cuArrayGetDescriptor(&back, kept_array), CUDA_SUCCESS);
  CHECK(back.Width == 64 && back.Height == 32);
  CHECK_CU(cuTexObjectGetResourceDesc(&got, kept_tex), CUDA_SUCCESS);
  CHECK(got.resType == CU_RESOURCE_TYPE_ARRAY && got.res.array.hArray == kept_array);
  CHECK_CU(cuTexObjectDestroy(kept_tex), CUDA_SUCCESS);
  CHECK_CU(cuArrayDestroy(kept_array), CUDA_SUCCESS);

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
