/* cuda_runtime_api.h — the CUDA runtime API as plain C declarations.
 *
 * Written for Anchor from the public CUDA Runtime API documentation; the
 * functions are implemented by libanchor (runtime/), which runs them on
 * Metal. Valid C17 and C++: a .c file may include it and call cudaMalloc.
 * In C++ the trailing arguments CUDA gives defaults to have them here too.
 * Semantics, limits and what is not implemented: docs/runtime.md. Every
 * function returns cudaSuccess or an error code and records a failure as the
 * calling thread's last error (cudaGetLastError), as CUDA does. */
#ifndef ANCHOR_CUDA_RUNTIME_API_H
#define ANCHOR_CUDA_RUNTIME_API_H
#pragma GCC system_header
#define __CUDA_RUNTIME_API_H__ /* NVIDIA's guard, which programs test */

#include <stddef.h>

#include "anchor/unsupported_runtime.h"
#include "driver_types.h"
#include "vector_types.h" /* CUDA's vector types and dim3 (anchor/vector_types.h) */

/* Anchor implements the CUDA 13.0 runtime API (see docs/runtime.md). */
#define CUDART_VERSION 13000
#define __CUDART_API_VERSION 13000
/* The calling convention macro of the API's declarations (empty off Windows). */
#define CUDARTAPI

#ifdef __cplusplus
#define ANCHOR_DEFAULT(value) = value
extern "C" {
#else
#define ANCHOR_DEFAULT(value)
#endif

/* --- errors ---------------------------------------------------------------- */
cudaError_t cudaGetLastError(void); /* returns and clears (sticky errors stay) */
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorName(cudaError_t error);   /* static string */
const char *cudaGetErrorString(cudaError_t error); /* static string */

/* --- versions and devices ------------------------------------------------ */
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
cudaError_t cudaDriverGetVersion(int *driverVersion);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
/* cudaLimitPrintfFifoSize (default 8650752 bytes, at least 512 KiB) and
 * cudaLimitMallocHeapSize (default 8 MiB, at least 4 MiB; CUDA 13.0's values)
 * size device-side printf's FIFO and the device heap; once a
 * kernel has used one, setting it is cudaErrorInvalidValue. cudaLimitStackSize
 * is recorded and reported back; the L2 limits are hints (fetch granularity
 * clamped to 128, persisting size to 0); the device runtime's limits (no
 * device-side launches): cudaErrorUnsupportedLimit. */
cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);

/* --- memory ---------------------------------------------------------------- */
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaFree(void *devPtr);
/* Stream-ordered allocation from memory pools (below). */
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags);
cudaError_t cudaMallocManaged(void **devPtr, size_t size,
                              unsigned int flags ANCHOR_DEFAULT(cudaMemAttachGlobal));
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                               size_t offset ANCHOR_DEFAULT(0),
                               enum cudaMemcpyKind kind ANCHOR_DEFAULT(cudaMemcpyHostToDevice));
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset ANCHOR_DEFAULT(0),
                                 enum cudaMemcpyKind kind ANCHOR_DEFAULT(cudaMemcpyDeviceToHost));
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind,
                                    cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind,
                                      cudaStream_t stream ANCHOR_DEFAULT(0));
/* Pitched memory: rows padded to a multiple of 512 bytes. 2-D copies and
 * memsets wait for the device and work on the host (unified memory). */
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height);
/* Registered host memory, 3-D and peer copies, memory pools (docs/runtime.md,
 * "Memory"). A registration's device pointer differs from its host pointer
 * (cudaDevAttrCanUseHostPointerForRegisteredMem is 0). */
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost);
cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
                              cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p);
cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p,
                                  cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent);
cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
                              struct cudaExtent extent, cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                size_t count, cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr,
                                     size_t length ANCHOR_DEFAULT(0),
                                     unsigned int flags ANCHOR_DEFAULT(cudaMemAttachSingle));
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device);
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device);
cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location,
                                     enum cudaMemAllocationType type);
cudaError_t cudaMemGetMemPool(cudaMemPool_t *memPool, struct cudaMemLocation *location,
                              enum cudaMemAllocationType type);
cudaError_t cudaMemSetMemPool(struct cudaMemLocation *location, enum cudaMemAllocationType type,
                              cudaMemPool_t memPool);
cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep);
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList,
                                 size_t count);
cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
                                 struct cudaMemLocation *location);
cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool,
                                    cudaStream_t stream);
/* What cudaMemAdvise / cudaMemPrefetchAsync recorded for a managed range. */
cudaError_t cudaMemRangeGetAttribute(void *data, size_t dataSize,
                                     enum cudaMemRangeAttribute attribute, const void *devPtr,
                                     size_t count);
cudaError_t cudaMemRangeGetAttributes(void **data, size_t *dataSizes,
                                      enum cudaMemRangeAttribute *attributes, size_t numAttributes,
                                      const void *devPtr, size_t count);
/* Unified memory is one memory here: prefetching and advice validate their
 * arguments (a managed range, a known location/advice) and change nothing. */
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location);
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);

/* --- streams and events (a Metal queue per stream, docs/runtime.md) ------- */
cudaError_t cudaStreamCreate(cudaStream_t *pStream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
/* Priorities in [-5, 0] are accepted, clamped and reported; Metal has none. */
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags);
cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int *priority);
cudaError_t cudaStreamGetId(cudaStream_t hStream, unsigned long long *streamId);
cudaError_t cudaStreamGetDevice(cudaStream_t hStream, int *device);
/* A GPU-side wait: the stream's later work waits for the event's record. */
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned int flags ANCHOR_DEFAULT(0));
/* fn runs on a runtime thread once the stream's earlier work has completed;
 * the stream's later work waits for it to return. */
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData);
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream ANCHOR_DEFAULT(0),
                                     unsigned int flags ANCHOR_DEFAULT(0));
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
/* Milliseconds between the GPU times of two completed records. */
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
/* The per-thread default stream's entry points (see the top of this file). */
cudaError_t cudaLaunchKernel_ptsz(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                  size_t sharedMem, cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel_ptsz(const void *func, dim3 gridDim, dim3 blockDim,
                                             void **args, size_t sharedMem, cudaStream_t stream);
cudaError_t cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *config, const void *func,
                                     void **args);
cudaError_t cudaMemcpyAsync_ptsz(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                                 cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemsetAsync_ptsz(void *devPtr, int value, size_t count,
                                 cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t stream);
cudaError_t cudaStreamQuery_ptsz(cudaStream_t stream);
cudaError_t cudaStreamGetFlags_ptsz(cudaStream_t hStream, unsigned int *flags);
cudaError_t cudaStreamGetPriority_ptsz(cudaStream_t hStream, int *priority);
cudaError_t cudaStreamGetId_ptsz(cudaStream_t hStream, unsigned long long *streamId);
cudaError_t cudaStreamGetDevice_ptsz(cudaStream_t hStream, int *device);
cudaError_t cudaEventRecord_ptsz(cudaEvent_t event, cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaEventRecordWithFlags_ptsz(cudaEvent_t event, cudaStream_t stream ANCHOR_DEFAULT(0),
                                          unsigned int flags ANCHOR_DEFAULT(0));
cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t stream, cudaEvent_t event,
                                     unsigned int flags ANCHOR_DEFAULT(0));
cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t stream, cudaHostFn_t fn, void *userData);
cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t stream, cudaStreamCallback_t callback,
                                       void *userData, unsigned int flags);
cudaError_t cudaMemcpyToSymbolAsync_ptsz(const void *symbol, const void *src, size_t count,
                                         size_t offset, enum cudaMemcpyKind kind,
                                         cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemcpyFromSymbolAsync_ptsz(void *dst, const void *symbol, size_t count,
                                           size_t offset, enum cudaMemcpyKind kind,
                                           cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemcpy2DAsync_ptsz(void *dst, size_t dpitch, const void *src, size_t spitch,
                                   size_t width, size_t height, enum cudaMemcpyKind kind,
                                   cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemcpy2DToArrayAsync_ptsz(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                          const void *src, size_t spitch, size_t width,
                                          size_t height, enum cudaMemcpyKind kind,
                                          cudaStream_t stream);
cudaError_t cudaMemcpy2DFromArrayAsync_ptsz(void *dst, size_t dpitch, cudaArray_const_t src,
                                            size_t wOffset, size_t hOffset, size_t width,
                                            size_t height, enum cudaMemcpyKind kind,
                                            cudaStream_t stream);
cudaError_t cudaMemcpy2DToArray_ptds(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                     const void *src, size_t spitch, size_t width, size_t height,
                                     enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray_ptds(void *dst, size_t dpitch, cudaArray_const_t src,
                                       size_t wOffset, size_t hOffset, size_t width, size_t height,
                                       enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy3DAsync_ptsz(const struct cudaMemcpy3DParms *p,
                                   cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemcpy3DPeerAsync_ptsz(const struct cudaMemcpy3DPeerParms *p,
                                       cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemset2DAsync_ptsz(void *devPtr, size_t pitch, int value, size_t width,
                                   size_t height, cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemset3DAsync_ptsz(struct cudaPitchedPtr pitchedDevPtr, int value,
                                   struct cudaExtent extent, cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemPrefetchAsync_ptsz(const void *devPtr, size_t count,
                                      struct cudaMemLocation location, unsigned int flags,
                                      cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaStreamAttachMemAsync_ptsz(cudaStream_t stream, void *devPtr,
                                          size_t length ANCHOR_DEFAULT(0),
                                          unsigned int flags ANCHOR_DEFAULT(cudaMemAttachSingle));
cudaError_t cudaMallocAsync_ptsz(void **devPtr, size_t size, cudaStream_t stream);
cudaError_t cudaFreeAsync_ptsz(void *devPtr, cudaStream_t stream);
cudaError_t cudaMallocFromPoolAsync_ptsz(void **ptr, size_t size, cudaMemPool_t memPool,
                                         cudaStream_t stream);
/* The blocking calls on the calling thread's per-thread stream. */
cudaError_t cudaMemcpy_ptds(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemset_ptds(void *devPtr, int value, size_t count);
cudaError_t
cudaMemcpyToSymbol_ptds(const void *symbol, const void *src, size_t count,
                        size_t offset ANCHOR_DEFAULT(0),
                        enum cudaMemcpyKind kind ANCHOR_DEFAULT(cudaMemcpyHostToDevice));
cudaError_t
cudaMemcpyFromSymbol_ptds(void *dst, const void *symbol, size_t count,
                          size_t offset ANCHOR_DEFAULT(0),
                          enum cudaMemcpyKind kind ANCHOR_DEFAULT(cudaMemcpyDeviceToHost));
cudaError_t cudaMemcpy2D_ptds(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy3D_ptds(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DPeer_ptds(const struct cudaMemcpy3DPeerParms *p);
cudaError_t cudaMemset2D_ptds(void *devPtr, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemset3D_ptds(struct cudaPitchedPtr pitchedDevPtr, int value,
                              struct cudaExtent extent);

/* --- kernels ---------------------------------------------------------------- */
/* func is the host stub of a __global__ function (what clang registers);
 * args[i] points at the i-th argument's value. */
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem, cudaStream_t stream);
/* A cooperative launch (grid_group::sync() works in it): at most the
 * co-resident capacity, cudaOccupancyMaxActiveBlocksPerMultiprocessor ×
 * multiProcessorCount blocks, else cudaErrorCooperativeLaunchTooLarge
 * (docs/runtime.md, "Cooperative launches"). */
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
/* A launch with attributes (the cudaLaunchKernelEx templates of cuda_runtime.h
 * call it): cudaLaunchAttributeCooperative makes it cooperative; attributes
 * that ask for what Metal lacks (a cluster of more than one block,
 * programmatic events ...) are cudaErrorNotSupported. */
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
/* A preference, as in CUDA; Apple GPUs have no L1/shared split to choose. */
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig);
/* Occupancy on the sm_75 model the device properties describe (1024 threads,
 * 16 blocks, 64 Ki registers and 64 KiB of shared memory per multiprocessor),
 * limited by the kernel's pipeline (docs/runtime.md, "Device and function
 * queries"). */
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize, size_t dynamicSMemSize);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                   int blockSize,
                                                                   size_t dynamicSMemSize,
                                                                   unsigned int flags);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                      int numBlocks, int blockSize);
/* Deprecated in CUDA 13: banks are 4 bytes and not configurable. */
cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config);
/* The kernel's device (mangled) name, which lives as long as its module. */
cudaError_t cudaFuncGetName(const char **name, const void *func);
cudaError_t cudaFuncGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset,
                                 size_t *paramSize);
/* Devices (one: ordinal 0, PCI id 00000000:00:00.0, no peers). */
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags);
cudaError_t cudaSetValidDevices(int *device_arr, int len);
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice,
                                      int dstDevice);
cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device);
cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId);

/* --- CUDA arrays, texture and surface objects (Metal textures and samplers:
 * docs/textures.md; runtime/cuda_texture.c, the copies in cuda_memory.c) --- */
/* The descriptor with channel sizes x, y, z, w in bits and kind f. */
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f);
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height ANCHOR_DEFAULT(0),
                            unsigned int flags ANCHOR_DEFAULT(0));
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags ANCHOR_DEFAULT(0));
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                             unsigned int *flags, cudaArray_t array);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array);
cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                     const struct cudaChannelFormatDesc *desc,
                                     struct cudaExtent extent, unsigned int numLevels,
                                     unsigned int flags ANCHOR_DEFAULT(0));
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray,
                                       cudaMipmappedArray_const_t mipmappedArray,
                                       unsigned int level);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                size_t spitch, size_t width, size_t height,
                                enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                     const void *src, size_t spitch, size_t width, size_t height,
                                     enum cudaMemcpyKind kind,
                                     cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
                                       size_t wOffset, size_t hOffset, size_t width, size_t height,
                                       enum cudaMemcpyKind kind,
                                       cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t
cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                         cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t width,
                         size_t height,
                         enum cudaMemcpyKind kind ANCHOR_DEFAULT(cudaMemcpyDeviceToDevice));
/* Deprecated in CUDA (kept there): count bytes in the array's row-major order. */
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                              size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                   size_t count, enum cudaMemcpyKind kind,
                                   cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset,
                                     size_t hOffset, size_t count, enum cudaMemcpyKind kind,
                                     cudaStream_t stream ANCHOR_DEFAULT(0));
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                                 cudaTextureObject_t texObject);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const struct cudaResourceDesc *pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject);

/* --- libraries (CUDA 12): device module files loaded at run time ----------
 * (anchorcc -fatbin / -cubin; runtime/cuda_library.c). A cudaKernel_t is
 * launched with cudaLaunchKernel((const void *)kernel, ...). JIT options are
 * accepted and have no effect (no PTX). */
cudaError_t cudaLibraryLoadData(cudaLibrary_t *library, const void *code,
                                enum cudaJitOption *jitOptions, void **jitOptionsValues,
                                unsigned int numJitOptions, enum cudaLibraryOption *libraryOptions,
                                void **libraryOptionValues, unsigned int numLibraryOptions);
cudaError_t cudaLibraryLoadFromFile(cudaLibrary_t *library, const char *fileName,
                                    enum cudaJitOption *jitOptions, void **jitOptionsValues,
                                    unsigned int numJitOptions,
                                    enum cudaLibraryOption *libraryOptions,
                                    void **libraryOptionValues, unsigned int numLibraryOptions);
cudaError_t cudaLibraryUnload(cudaLibrary_t library);
cudaError_t cudaLibraryGetKernel(cudaKernel_t *pKernel, cudaLibrary_t library, const char *name);
cudaError_t cudaLibraryGetGlobal(void **dptr, size_t *bytes, cudaLibrary_t library,
                                 const char *name);
cudaError_t cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t lib);
cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *kernels, unsigned int numKernels,
                                        cudaLibrary_t lib);
/* The cudaFunction_t (a CUfunction) of a kernel's host stub. */
cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const void *symbolPtr);

/* --- the driver's functions by name (runtime/cuda_entry.c): libanchor's own
 * driver API; *driverStatus says whether symbol was found. */
#ifdef __cplusplus
#define ANCHOR_DEFAULT_NULL = NULL
#else
#define ANCHOR_DEFAULT_NULL
#endif
cudaError_t
cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
                        enum cudaDriverEntryPointQueryResult *driverStatus ANCHOR_DEFAULT_NULL);
cudaError_t cudaGetDriverEntryPointByVersion(
    const char *symbol, void **funcPtr, unsigned int cudaVersion, unsigned long long flags,
    enum cudaDriverEntryPointQueryResult *driverStatus ANCHOR_DEFAULT_NULL);
#undef ANCHOR_DEFAULT_NULL

/* --- stream capture and graphs (docs/runtime.md, "Graphs") ------------------ */
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                          const cudaGraphNode_t *dependencies,
                                          const cudaGraphEdgeData *dependencyData,
                                          size_t numDependencies, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream,
                                  enum cudaStreamCaptureStatus *pCaptureStatus);
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream,
                                     enum cudaStreamCaptureStatus *captureStatus_out,
                                     unsigned long long *id_out ANCHOR_DEFAULT(0),
                                     cudaGraph_t *graph_out ANCHOR_DEFAULT(0),
                                     const cudaGraphNode_t **dependencies_out ANCHOR_DEFAULT(0),
                                     const cudaGraphEdgeData **edgeData_out ANCHOR_DEFAULT(0),
                                     size_t *numDependencies_out ANCHOR_DEFAULT(0));
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                const cudaGraphEdgeData *dependencyData,
                                                size_t numDependencies,
                                                unsigned int flags ANCHOR_DEFAULT(0));
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode);

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph);
cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
                                     cudaGraph_t clonedGraph);
cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                             const cudaGraphNode_t *pDependencies,
                             const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                             struct cudaGraphNodeParams *nodeParams);
cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t node, struct cudaGraphNodeParams *nodeParams);
cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t graphExec, cudaGraphNode_t node,
                                       struct cudaGraphNodeParams *nodeParams);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node,
                                         struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                                         const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t hNode, cudaLaunchAttributeID attr,
                                            cudaLaunchAttributeValue *value_out);
cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t hNode, cudaLaunchAttributeID attr,
                                            const cudaLaunchAttributeValue *value);
cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t hDst, cudaGraphNode_t hSrc);
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemcpy3DParms *pCopyParams);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     void *dst, const void *src, size_t count,
                                     enum cudaMemcpyKind kind);
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node,
                                         struct cudaMemcpy3DParms *pNodeParams);
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node,
                                         const struct cudaMemcpy3DParms *pNodeParams);
cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
                                           size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemsetParams *pMemsetParams);
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node,
                                         struct cudaMemsetParams *pNodeParams);
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node,
                                         const struct cudaMemsetParams *pNodeParams);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 const struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node,
                                       struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node,
                                       const struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                       cudaGraph_t childGraph);
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies, size_t numDependencies);
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies,
                                        size_t numDependencies, cudaEvent_t event);
cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out);
cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                      cudaEvent_t event);
cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out);
cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     struct cudaMemAllocNodeParams *nodeParams);
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node,
                                           struct cudaMemAllocNodeParams *params_out);
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                    void *dptr);
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out);
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out,
                                             cudaGraph_t graph,
                                             unsigned int defaultLaunchValue ANCHOR_DEFAULT(0),
                                             unsigned int flags ANCHOR_DEFAULT(0));
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType);
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes);
cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes,
                                  size_t *pNumRootNodes);
cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              cudaGraphEdgeData *edgeData, size_t *numEdges);
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                         cudaGraphEdgeData *edgeData, size_t *pNumDependencies);
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                           cudaGraphEdgeData *edgeData, size_t *pNumDependentNodes);
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, const cudaGraphEdgeData *edgeData,
                                     size_t numDependencies);
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                        const cudaGraphNode_t *to,
                                        const cudaGraphEdgeData *edgeData, size_t numDependencies);
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                 unsigned long long flags ANCHOR_DEFAULT(0));
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags ANCHOR_DEFAULT(0));
cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams *instantiateParams);
cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags);
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                               void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind);
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *pNodeParams);
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                 cudaGraph_t childGraph);
cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                 cudaEvent_t event);
cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                               cudaEvent_t event);
cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                    unsigned int isEnabled);
cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                    unsigned int *isEnabled);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                cudaGraphExecUpdateResultInfo *resultInfo);
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
/* Their per-thread default stream's entry points (stream 0 is cudaStreamPerThread). */
cudaError_t cudaGraphUpload_ptsz(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphLaunch_ptsz(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphInstantiateWithParams_ptsz(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                cudaGraphInstantiateParams *instantiateParams);
cudaError_t cudaStreamBeginCapture_ptsz(cudaStream_t stream, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamBeginCaptureToGraph_ptsz(cudaStream_t stream, cudaGraph_t graph,
                                               const cudaGraphNode_t *dependencies,
                                               const cudaGraphEdgeData *dependencyData,
                                               size_t numDependencies,
                                               enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture_ptsz(cudaStream_t stream, cudaGraph_t *pGraph);
cudaError_t cudaStreamIsCapturing_ptsz(cudaStream_t stream,
                                       enum cudaStreamCaptureStatus *pCaptureStatus);
cudaError_t
cudaStreamGetCaptureInfo_ptsz(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                              unsigned long long *id_out ANCHOR_DEFAULT(0),
                              cudaGraph_t *graph_out ANCHOR_DEFAULT(0),
                              const cudaGraphNode_t **dependencies_out ANCHOR_DEFAULT(0),
                              const cudaGraphEdgeData **edgeData_out ANCHOR_DEFAULT(0),
                              size_t *numDependencies_out ANCHOR_DEFAULT(0));
cudaError_t cudaStreamUpdateCaptureDependencies_ptsz(cudaStream_t stream,
                                                     cudaGraphNode_t *dependencies,
                                                     const cudaGraphEdgeData *dependencyData,
                                                     size_t numDependencies,
                                                     unsigned int flags ANCHOR_DEFAULT(0));
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags);

/* --- declared, not supported ---------------------------------------------
 * Functions Anchor does not implement (yet, or at all on Metal): each records
 * and returns cudaErrorNotSupported. The list, and why for each:
 * anchor/unsupported_runtime.h, docs/runtime.md ("Declared, not supported"). */
#define ANCHOR_DECLARE_UNSUPPORTED(name, params, args) cudaError_t name params;
ANCHOR_UNSUPPORTED_RUNTIME(ANCHOR_DECLARE_UNSUPPORTED)
#undef ANCHOR_DECLARE_UNSUPPORTED

/* The per-thread default stream (nvcc and anchorcc --default-stream per-thread
 * define CUDA_API_PER_THREAD_DEFAULT_STREAM): these calls go to the _ptsz entry
 * points above, which take stream 0 as cudaStreamPerThread (docs/runtime.md,
 * "Streams and events"). After every declaration, so that the plain ones
 * exist too: clang looks cudaLaunchKernel up by name for <<<>>> and then calls
 * cudaLaunchKernel_ptsz under -fgpu-default-stream=per-thread. */
#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM) || defined(__CUDART_API_PER_THREAD_DEFAULT_STREAM)
#define cudaLaunchKernel cudaLaunchKernel_ptsz
#define cudaLaunchCooperativeKernel cudaLaunchCooperativeKernel_ptsz
#define cudaLaunchKernelExC cudaLaunchKernelExC_ptsz
#define cudaMemcpyAsync cudaMemcpyAsync_ptsz
#define cudaMemsetAsync cudaMemsetAsync_ptsz
#define cudaStreamSynchronize cudaStreamSynchronize_ptsz
#define cudaStreamQuery cudaStreamQuery_ptsz
#define cudaStreamGetFlags cudaStreamGetFlags_ptsz
#define cudaStreamGetPriority cudaStreamGetPriority_ptsz
#define cudaStreamGetId cudaStreamGetId_ptsz
#define cudaStreamGetDevice cudaStreamGetDevice_ptsz
#define cudaEventRecord cudaEventRecord_ptsz
#define cudaEventRecordWithFlags cudaEventRecordWithFlags_ptsz
#define cudaStreamWaitEvent cudaStreamWaitEvent_ptsz
#define cudaLaunchHostFunc cudaLaunchHostFunc_ptsz
#define cudaStreamAddCallback cudaStreamAddCallback_ptsz
#define cudaMemcpyToSymbolAsync cudaMemcpyToSymbolAsync_ptsz
#define cudaMemcpyFromSymbolAsync cudaMemcpyFromSymbolAsync_ptsz
#define cudaMemcpy2DAsync cudaMemcpy2DAsync_ptsz
#define cudaMemcpy3DAsync cudaMemcpy3DAsync_ptsz
#define cudaMemcpy2DToArrayAsync cudaMemcpy2DToArrayAsync_ptsz
#define cudaMemcpy2DFromArrayAsync cudaMemcpy2DFromArrayAsync_ptsz
#define cudaMemcpy3DPeerAsync cudaMemcpy3DPeerAsync_ptsz
#define cudaMemset2DAsync cudaMemset2DAsync_ptsz
#define cudaMemset3DAsync cudaMemset3DAsync_ptsz
#define cudaMemPrefetchAsync cudaMemPrefetchAsync_ptsz
#define cudaStreamAttachMemAsync cudaStreamAttachMemAsync_ptsz
#define cudaMallocAsync cudaMallocAsync_ptsz
#define cudaFreeAsync cudaFreeAsync_ptsz
#define cudaMallocFromPoolAsync cudaMallocFromPoolAsync_ptsz
#define cudaGraphLaunch cudaGraphLaunch_ptsz
#define cudaGraphUpload cudaGraphUpload_ptsz
#define cudaGraphInstantiateWithParams cudaGraphInstantiateWithParams_ptsz
#define cudaStreamBeginCapture cudaStreamBeginCapture_ptsz
#define cudaStreamBeginCaptureToGraph cudaStreamBeginCaptureToGraph_ptsz
#define cudaStreamEndCapture cudaStreamEndCapture_ptsz
#define cudaStreamIsCapturing cudaStreamIsCapturing_ptsz
#define cudaStreamGetCaptureInfo cudaStreamGetCaptureInfo_ptsz
#define cudaStreamUpdateCaptureDependencies cudaStreamUpdateCaptureDependencies_ptsz
#define cudaMemcpy cudaMemcpy_ptds
#define cudaMemset cudaMemset_ptds
#define cudaMemcpyToSymbol cudaMemcpyToSymbol_ptds
#define cudaMemcpyFromSymbol cudaMemcpyFromSymbol_ptds
#define cudaMemcpy2D cudaMemcpy2D_ptds
#define cudaMemcpy3D cudaMemcpy3D_ptds
#define cudaMemcpy2DToArray cudaMemcpy2DToArray_ptds
#define cudaMemcpy2DFromArray cudaMemcpy2DFromArray_ptds
#define cudaMemcpy3DPeer cudaMemcpy3DPeer_ptds
#define cudaMemset2D cudaMemset2D_ptds
#define cudaMemset3D cudaMemset3D_ptds
#endif

#ifdef __cplusplus
}
#endif

/* As in CUDA: the device runtime's declarations come with the runtime API's. */
#include "cuda_device_runtime_api.h"

#endif
