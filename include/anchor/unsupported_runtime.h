/* anchor/unsupported_runtime.h — the CUDA runtime API functions that Anchor
 * declares but does not implement (yet, or at all on Metal), as one list:
 * X(name, (parameters), (zero arguments)). cuda_runtime_api.h declares each;
 * libanchor (runtime/cuda_unsupported.c) defines each to record and return
 * cudaErrorNotSupported, never a silent success; the test
 * tests/runtime/test_unsupported.c calls each with the zero arguments; and
 * docs/runtime.md ("Declared, not supported") says why for each. A function
 * that becomes implemented moves out of this list into its API file.
 * Parameters with CUDA's C++ default arguments use ANCHOR_DEFAULT. */
#ifndef ANCHOR_UNSUPPORTED_RUNTIME_H
#define ANCHOR_UNSUPPORTED_RUNTIME_H

/* clang-format off */
#define ANCHOR_UNSUPPORTED_RUNTIME(X) \
  /* host memory registration, 3D and array memory */ \
  X(cudaHostRegister, (void *ptr, size_t size, unsigned int flags), (NULL, 0, 0)) \
  X(cudaHostUnregister, (void *ptr), (NULL)) \
  X(cudaHostGetFlags, (unsigned int *pFlags, void *pHost), (NULL, NULL)) \
  X(cudaMalloc3D, (struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent), \
    (NULL, (struct cudaExtent){0, 0, 0})) \
  X(cudaMemcpy3D, (const struct cudaMemcpy3DParms *p), (NULL)) \
  X(cudaMemcpy3DAsync, (const struct cudaMemcpy3DParms *p, cudaStream_t stream ANCHOR_DEFAULT(0)), \
    (NULL, NULL)) \
  X(cudaMemcpy3DPeer, (const struct cudaMemcpy3DPeerParms *p), (NULL)) \
  X(cudaMemset3D, (struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent), \
    ((struct cudaPitchedPtr){NULL, 0, 0, 0}, 0, (struct cudaExtent){0, 0, 0})) \
  X(cudaMemset3DAsync, (struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent, \
                        cudaStream_t stream ANCHOR_DEFAULT(0)), \
    ((struct cudaPitchedPtr){NULL, 0, 0, 0}, 0, (struct cudaExtent){0, 0, 0}, NULL)) \
  X(cudaMemset2DAsync, (void *devPtr, size_t pitch, int value, size_t width, size_t height, \
                        cudaStream_t stream ANCHOR_DEFAULT(0)), (NULL, 0, 0, 0, 0, NULL)) \
  X(cudaMallocArray, (cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width, \
                      size_t height ANCHOR_DEFAULT(0), unsigned int flags ANCHOR_DEFAULT(0)), \
    (NULL, NULL, 0, 0, 0)) \
  X(cudaMalloc3DArray, (cudaArray_t *array, const struct cudaChannelFormatDesc *desc, \
                        struct cudaExtent extent, unsigned int flags ANCHOR_DEFAULT(0)), \
    (NULL, NULL, (struct cudaExtent){0, 0, 0}, 0)) \
  X(cudaFreeArray, (cudaArray_t array), (NULL)) \
  X(cudaMemcpy2DToArray, (cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, \
                          size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind), \
    (NULL, 0, 0, NULL, 0, 0, 0, cudaMemcpyHostToDevice)) \
  X(cudaMemcpy2DFromArray, (void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, \
                            size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind), \
    (NULL, 0, NULL, 0, 0, 0, 0, cudaMemcpyDeviceToHost)) \
  /* peers and inter-process sharing */ \
  X(cudaMemcpyPeer, (void *dst, int dstDevice, const void *src, int srcDevice, size_t count), \
    (NULL, 0, NULL, 0, 0)) \
  X(cudaMemcpyPeerAsync, (void *dst, int dstDevice, const void *src, int srcDevice, size_t count, \
                          cudaStream_t stream ANCHOR_DEFAULT(0)), (NULL, 0, NULL, 0, 0, NULL)) \
  X(cudaDeviceEnablePeerAccess, (int peerDevice, unsigned int flags), (0, 0)) \
  X(cudaDeviceDisablePeerAccess, (int peerDevice), (0)) \
  X(cudaDeviceGetP2PAttribute, (int *value, enum cudaDeviceP2PAttr attr, int srcDevice, \
                                int dstDevice), (NULL, cudaDevP2PAttrAccessSupported, 0, 0)) \
  X(cudaDeviceGetPCIBusId, (char *pciBusId, int len, int device), (NULL, 0, 0)) \
  X(cudaDeviceGetByPCIBusId, (int *device, const char *pciBusId), (NULL, NULL)) \
  X(cudaIpcGetMemHandle, (cudaIpcMemHandle_t *handle, void *devPtr), (NULL, NULL)) \
  X(cudaIpcOpenMemHandle, (void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags), \
    (NULL, (cudaIpcMemHandle_t){{0}}, 0)) \
  X(cudaIpcCloseMemHandle, (void *devPtr), (NULL)) \
  X(cudaIpcGetEventHandle, (cudaIpcEventHandle_t *handle, cudaEvent_t event), (NULL, NULL)) \
  X(cudaIpcOpenEventHandle, (cudaEvent_t *event, cudaIpcEventHandle_t handle), \
    (NULL, (cudaIpcEventHandle_t){{0}})) \
  /* stream and event queries, attributes, extended launches */ \
  X(cudaStreamGetPriority, (cudaStream_t hStream, int *priority), (NULL, NULL)) \
  X(cudaStreamGetFlags, (cudaStream_t hStream, unsigned int *flags), (NULL, NULL)) \
  X(cudaStreamGetDevice, (cudaStream_t hStream, int *device), (NULL, NULL)) \
  X(cudaStreamGetId, (cudaStream_t hStream, unsigned long long *streamId), (NULL, NULL)) \
  X(cudaStreamAttachMemAsync, (cudaStream_t stream, void *devPtr, size_t length ANCHOR_DEFAULT(0), \
                               unsigned int flags ANCHOR_DEFAULT(cudaMemAttachSingle)), \
    (NULL, NULL, 0, cudaMemAttachSingle)) \
  X(cudaStreamSetAttribute, (cudaStream_t hStream, cudaLaunchAttributeID attr, \
                             const cudaLaunchAttributeValue *value), \
    (NULL, cudaStreamAttributeAccessPolicyWindow, NULL)) \
  X(cudaStreamGetAttribute, (cudaStream_t hStream, cudaLaunchAttributeID attr, \
                             cudaLaunchAttributeValue *value_out), \
    (NULL, cudaStreamAttributeAccessPolicyWindow, NULL)) \
  X(cudaStreamCopyAttributes, (cudaStream_t dst, cudaStream_t src), (NULL, NULL)) \
  X(cudaCtxResetPersistingL2Cache, (void), ()) \
  X(cudaEventRecordWithFlags, (cudaEvent_t event, cudaStream_t stream ANCHOR_DEFAULT(0), \
                               unsigned int flags ANCHOR_DEFAULT(0)), (NULL, NULL, 0)) \
  X(cudaLaunchKernelExC, (const cudaLaunchConfig_t *config, const void *func, void **args), \
    (NULL, NULL, NULL)) \
  X(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags, \
    (int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize, unsigned int flags), \
    (NULL, NULL, 0, 0, 0)) \
  X(cudaOccupancyAvailableDynamicSMemPerBlock, (size_t *dynamicSmemSize, const void *func, \
                                                int numBlocks, int blockSize), (NULL, NULL, 0, 0)) \
  X(cudaGetFuncBySymbol, (cudaFunction_t *functionPtr, const void *symbolPtr), (NULL, NULL)) \
  X(cudaFuncGetName, (const char **name, const void *func), (NULL, NULL)) \
  /* memory pools */ \
  X(cudaDeviceGetDefaultMemPool, (cudaMemPool_t *memPool, int device), (NULL, 0)) \
  X(cudaDeviceSetMemPool, (int device, cudaMemPool_t memPool), (0, NULL)) \
  X(cudaDeviceGetMemPool, (cudaMemPool_t *memPool, int device), (NULL, 0)) \
  X(cudaMemPoolCreate, (cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps), \
    (NULL, NULL)) \
  X(cudaMemPoolDestroy, (cudaMemPool_t memPool), (NULL)) \
  X(cudaMemPoolSetAttribute, (cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value), \
    (NULL, cudaMemPoolAttrReleaseThreshold, NULL)) \
  X(cudaMemPoolGetAttribute, (cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value), \
    (NULL, cudaMemPoolAttrReleaseThreshold, NULL)) \
  X(cudaMemPoolTrimTo, (cudaMemPool_t memPool, size_t minBytesToKeep), (NULL, 0)) \
  X(cudaMemPoolSetAccess, (cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList, \
                           size_t count), (NULL, NULL, 0)) \
  X(cudaMallocFromPoolAsync, (void **ptr, size_t size, cudaMemPool_t memPool, \
                              cudaStream_t stream), (NULL, 0, NULL, NULL))
/* clang-format on */

#endif
