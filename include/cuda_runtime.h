/* cuda_runtime.h — what every CUDA source sees (nvcc and anchorcc include it
 * implicitly): the qualifiers, vector types, builtin variables, the runtime
 * API, the C++ conveniences CUDA layers on it, and the entry points that
 * clang's host-side code generation calls.
 *
 * Written for Anchor from the public CUDA documentation. Works in three
 * modes: clang CUDA device compilation (__CUDA__ and __CUDA_ARCH__ defined),
 * clang CUDA host compilation (__CUDA__ only), and plain C or C++ files that
 * just call the runtime API (neither). */
#ifndef ANCHOR_CUDA_RUNTIME_H
#define ANCHOR_CUDA_RUNTIME_H
#pragma GCC system_header
/* NVIDIA's guard: programs (cuda-samples' helper_cuda.h) test it. */
#define __CUDA_RUNTIME_H__

#include "anchor/qualifiers.h"
#include "channel_descriptor.h"
#include "cuda_runtime_api.h"
#include "driver_functions.h"

#ifdef __CUDA__
#include "anchor/device_functions.h"
#include "anchor/device_services.h"
#include "anchor/math_functions.h"
#include "device_launch_parameters.h"
#include "surface_indirect_functions.h"
#include "texture_indirect_functions.h"
#endif
#include "surface_functions.h"
#include "texture_fetch_functions.h"

#ifdef __cplusplus
/* nvcc's headers bring these in; CUDA programs rely on it (malloc, memcpy,
 * host-side fabsf or sqrtf without an include of their own). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
/* nvcc's crt/common_functions.h includes <new>: placement new (libcu++'s
 * cuda::barrier constructs its state so) needs no include of its own. */
#include <new>

/* Entry points called by the code clang generates for the host side of a
 * CUDA translation unit (a kernel launch `k<<<g, b, s, st>>>(a...)` becomes
 * push → stub → pop → cudaLaunchKernel; module constructors register the
 * fat binary, its kernels and its variables). Implemented by libanchor. */
extern "C" {
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                     cudaStream_t stream = 0);
cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                       void *stream);
void **__cudaRegisterFatBinary(void *fatCubin);
void __cudaRegisterFatBinaryEnd(void **fatCubinHandle);
void __cudaUnregisterFatBinary(void **fatCubinHandle);
void __cudaRegisterFunction(void **fatCubinHandle, const char *hostFun, char *deviceFun,
                            const char *deviceName, int thread_limit, uint3 *tid, uint3 *bid,
                            dim3 *bDim, dim3 *gDim, int *wSize);
void __cudaRegisterVar(void **fatCubinHandle, char *hostVar, char *deviceAddress,
                       const char *deviceName, int ext, size_t size, int constant, int global);
#ifdef __CUDA_ARCH__
/* In a device-only compilation clang knows no CUDA SDK version and checks
 * host-side launches against the pre-9.2 launch entry point instead. It is
 * never called (host code is not emitted for the device), so it is only
 * declared, and only there. */
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                              cudaStream_t stream = 0);
#endif
}

/* C++ conveniences of the runtime API (CUDA's cuda_runtime.h has the same):
 * typed pointers and symbols passed by reference. */
template <class T> static inline cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
static inline cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T> static inline cudaError_t cudaMallocHost(T **ptr, size_t size) {
  return ::cudaMallocHost((void **)(void *)ptr, size);
}
template <class T>
static inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static inline cudaError_t cudaMallocManaged(T **devPtr, size_t size,
                                            unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                                             size_t offset = 0,
                                             enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                                               size_t offset = 0,
                                               enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                                                  size_t offset = 0,
                                                  enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                  cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream);
}
template <class T>
static inline cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0,
                          enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                          cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream);
}
template <class T> static inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T> static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol) {
  return ::cudaGetSymbolSize(size, (const void *)&symbol);
}
template <class T>
static inline cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                                           size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class T>
static inline cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim,
                                                      void **args, size_t sharedMem = 0,
                                                      cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem,
                                       stream);
}
/* cudaLaunchKernelEx: the arguments converted to the kernel's parameter types,
 * one pointer each, through cudaLaunchKernelExC. */
template <typename... ExpTypes, typename... ActTypes>
static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                             void (*kernel)(ExpTypes...), ActTypes &&...args) {
  return [&](ExpTypes... coerced) {
    void *pointers[] = {(void *)&coerced..., nullptr};
    return ::cudaLaunchKernelExC(config, (const void *)kernel, pointers);
  }(static_cast<ActTypes &&>(args)...);
}
template <class T>
static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry) {
  return ::cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T>
static inline cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T>
static inline cudaError_t cudaFuncSetCacheConfig(T *entry, enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)entry, cacheConfig);
}
template <class T>
static inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                                                        int blockSize,
                                                                        size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void *)func, blockSize,
                                                         dynamicSMemSize);
}
template <class T>
static inline cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, T func, int blockSize,
                                                       size_t dynamicSMemSize, unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}
template <class T>
static inline cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize,
                                                                    T *func, int numBlocks,
                                                                    int blockSize) {
  return ::cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, (const void *)func, numBlocks,
                                                     blockSize);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, T *func,
                                                               const cudaLaunchConfig_t *config) {
  return ::cudaOccupancyMaxPotentialClusterSize(clusterSize, (const void *)func, config);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, T *func,
                                                         const cudaLaunchConfig_t *config) {
  return ::cudaOccupancyMaxActiveClusters(numClusters, (const void *)func, config);
}
template <class T> static inline cudaError_t cudaFuncGetName(const char **name, T *func) {
  return ::cudaFuncGetName(name, (const void *)func);
}
template <class T>
static inline cudaError_t cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config) {
  return ::cudaFuncSetSharedMemConfig((const void *)func, config);
}

/* The block size that keeps the most threads resident per multiprocessor
 * (CUDA's documented search): from the largest allowed block size (the
 * kernel's maxThreadsPerBlock, the device's, and blockSizeLimit when
 * nonzero), down in steps of the warp size, each size's dynamic shared
 * memory from blockSizeToDynamicSMemSize(size); the first size reaching the
 * most resident threads wins (stopping early when a size fills the
 * multiprocessor); *minGridSize is then that size's resident blocks × the
 * multiprocessor count. */
template <typename UnaryFunction, class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize,
    int blockSizeLimit = 0, unsigned int flags = 0) {
  if (!minGridSize || !blockSize || !func) return cudaErrorInvalidValue;
  int device = 0, sms = 0, warp = 0, device_max = 0, sm_threads = 0;
  cudaFuncAttributes attr;
  cudaError_t e = ::cudaGetDevice(&device);
  if (e == cudaSuccess) e = ::cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  if (e == cudaSuccess) e = ::cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, device);
  if (e == cudaSuccess)
    e = ::cudaDeviceGetAttribute(&device_max, cudaDevAttrMaxThreadsPerBlock, device);
  if (e == cudaSuccess)
    e = ::cudaDeviceGetAttribute(&sm_threads, cudaDevAttrMaxThreadsPerMultiProcessor, device);
  if (e == cudaSuccess) e = ::cudaFuncGetAttributes(&attr, (const void *)func);
  if (e != cudaSuccess) return e;
  int limit = device_max < attr.maxThreadsPerBlock ? device_max : attr.maxThreadsPerBlock;
  if (blockSizeLimit > 0 && blockSizeLimit < limit) limit = blockSizeLimit;
  int best_blocks = 0, best_size = 0, best_threads = 0;
  for (int aligned = (limit + warp - 1) / warp * warp; aligned > 0; aligned -= warp) {
    int size = limit < aligned ? limit : aligned;
    int blocks = 0;
    e = ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &blocks, (const void *)func, size, (size_t)blockSizeToDynamicSMemSize(size), flags);
    if (e != cudaSuccess) return e;
    if (blocks * size > best_threads) {
      best_blocks = blocks;
      best_size = size;
      best_threads = blocks * size;
    }
    if (best_threads == sm_threads) break;
  }
  *minGridSize = best_blocks * sms;
  *blockSize = best_size;
  return cudaSuccess;
}
template <typename UnaryFunction, class T>
static inline cudaError_t
cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize, int *blockSize, T func,
                                               UnaryFunction blockSizeToDynamicSMemSize,
                                               int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, blockSizeToDynamicSMemSize, blockSizeLimit,
      cudaOccupancyDefault);
}
/* A fixed dynamic shared memory size for every block size. */
class __cudaOccupancyB2DHelper {
  size_t n;

public:
  inline __cudaOccupancyB2DHelper(size_t n_) : n(n_) {}
  inline size_t operator()(int) { return n; }
};
template <class T>
static inline cudaError_t
cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, T func,
                                            size_t dynamicSMemSize = 0, int blockSizeLimit = 0,
                                            unsigned int flags = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, __cudaOccupancyB2DHelper(dynamicSMemSize), blockSizeLimit,
      flags);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize,
                                                             T func, size_t dynamicSMemSize = 0,
                                                             int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, __cudaOccupancyB2DHelper(dynamicSMemSize), blockSizeLimit,
      cudaOccupancyDefault);
}
/* CUDA 12's forms of the unified-memory hints (a device ordinal, or
 * cudaCpuDeviceId), for programs written before CUDA 13 changed them. */
static inline cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice,
                                               cudaStream_t stream = 0) {
  struct cudaMemLocation where = {dstDevice == cudaCpuDeviceId ? cudaMemLocationTypeHost
                                                               : cudaMemLocationTypeDevice,
                                  dstDevice == cudaCpuDeviceId ? 0 : dstDevice};
  return ::cudaMemPrefetchAsync(devPtr, count, where, 0, stream);
}
static inline cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                        enum cudaMemoryAdvise advice, int device) {
  struct cudaMemLocation where = {device == cudaCpuDeviceId ? cudaMemLocationTypeHost
                                                            : cudaMemLocationTypeDevice,
                                  device == cudaCpuDeviceId ? 0 : device};
  return ::cudaMemAdvise(devPtr, count, advice, where);
}
/* CUDA 11's forms that CUDA 13's cuda_runtime.h keeps for C++ ("to avoid
 * source breakage"): instantiation with an error node and log, which CUDA
 * 13 leaves untouched (it only instantiates), and an update reporting the
 * failing node and the result separately. */
static inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                               cudaGraphNode_t *pErrorNode, char *pLogBuffer,
                                               size_t bufferSize) {
  (void)pErrorNode, (void)pLogBuffer, (void)bufferSize;
  return ::cudaGraphInstantiate(pGraphExec, graph, 0ull);
}
static inline cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                              cudaGraphNode_t *hErrorNode_out,
                                              enum cudaGraphExecUpdateResult *updateResult_out) {
  cudaGraphExecUpdateResultInfo info = {};
  cudaError_t err = ::cudaGraphExecUpdate(hGraphExec, hGraph, &info);
  if (hErrorNode_out) *hErrorNode_out = info.errorNode;
  if (updateResult_out) *updateResult_out = info.result;
  return err;
}
#endif /* __cplusplus */

#endif
