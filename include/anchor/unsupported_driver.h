/* anchor/unsupported_driver.h — the CUDA driver API functions that Anchor
 * declares but does not implement yet, as one list:
 * X(name, (parameters), (zero arguments)). cuda.h declares each; libanchor
 * (runtime/cu_unsupported.c) defines each to return
 * CUDA_ERROR_NOT_SUPPORTED, never a silent success; the test
 * tests/runtime/test_unsupported.c calls each; docs/runtime.md ("Declared,
 * not supported") says why. A function that becomes implemented moves out
 * of this list into its API file. */
#ifndef ANCHOR_UNSUPPORTED_DRIVER_H
#define ANCHOR_UNSUPPORTED_DRIVER_H
#pragma GCC system_header

/* clang-format off */
#define ANCHOR_UNSUPPORTED_DRIVER(X) \
  /* shareable handles of virtual-memory allocations: no other process can open Anchor's memory */ \
  X(cuMemExportToShareableHandle, (void *shareableHandle, CUmemGenericAllocationHandle handle, \
                                   CUmemAllocationHandleType handleType, \
                                   unsigned long long flags), \
    (NULL, 0, CU_MEM_HANDLE_TYPE_NONE, 0)) \
  X(cuMemImportFromShareableHandle, (CUmemGenericAllocationHandle *handle, void *osHandle, \
                                     CUmemAllocationHandleType shHandleType), \
    (NULL, NULL, CU_MEM_HANDLE_TYPE_NONE)) \
  /* tensor maps: Hopper's TMA descriptors, no Metal equivalent */ \
  X(cuTensorMapEncodeTiled, (CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, \
                             cuuint32_t tensorRank, void *globalAddress, \
                             const cuuint64_t *globalDim, const cuuint64_t *globalStrides, \
                             const cuuint32_t *boxDim, const cuuint32_t *elementStrides, \
                             CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle, \
                             CUtensorMapL2promotion l2Promotion, \
                             CUtensorMapFloatOOBfill oobFill), \
    (NULL, CU_TENSOR_MAP_DATA_TYPE_UINT8, 0, NULL, NULL, NULL, NULL, NULL, \
     CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, \
     CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)) \
  X(cuTensorMapEncodeIm2col, (CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, \
                              cuuint32_t tensorRank, void *globalAddress, \
                              const cuuint64_t *globalDim, const cuuint64_t *globalStrides, \
                              const int *pixelBoxLowerCorner, const int *pixelBoxUpperCorner, \
                              cuuint32_t channelsPerPixel, cuuint32_t pixelsPerColumn, \
                              const cuuint32_t *elementStrides, CUtensorMapInterleave interleave, \
                              CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion, \
                              CUtensorMapFloatOOBfill oobFill), \
    (NULL, CU_TENSOR_MAP_DATA_TYPE_UINT8, 0, NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, \
     CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, \
     CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)) \
  X(cuTensorMapReplaceAddress, (CUtensorMap *tensorMap, void *globalAddress), (NULL, NULL)) \
  /* inter-process handles: no other process can open Anchor's memory or events */ \
  X(cuIpcGetMemHandle, (CUipcMemHandle *pHandle, CUdeviceptr dptr), (NULL, 0)) \
  X(cuIpcOpenMemHandle, (CUdeviceptr *pdptr, CUipcMemHandle handle, unsigned int Flags), \
    (NULL, (CUipcMemHandle){{0}}, 0)) \
  X(cuIpcCloseMemHandle, (CUdeviceptr dptr), (0)) \
  X(cuIpcGetEventHandle, (CUipcEventHandle *pHandle, CUevent event), (NULL, NULL)) \
  X(cuIpcOpenEventHandle, (CUevent *phEvent, CUipcEventHandle handle), \
    (NULL, (CUipcEventHandle){{0}})) \
  /* external memory and semaphores (Vulkan, Direct3D, NvSci): no Metal equivalent */ \
  X(cuImportExternalMemory, (CUexternalMemory *extMem_out, \
                             const CUDA_EXTERNAL_MEMORY_HANDLE_DESC *memHandleDesc), (NULL, NULL)) \
  X(cuExternalMemoryGetMappedBuffer, (CUdeviceptr *devPtr, CUexternalMemory extMem, \
                                      const CUDA_EXTERNAL_MEMORY_BUFFER_DESC *bufferDesc), \
    (NULL, NULL, NULL)) \
  X(cuDestroyExternalMemory, (CUexternalMemory extMem), (NULL)) \
  X(cuImportExternalSemaphore, (CUexternalSemaphore *extSem_out, \
                                const CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC *semHandleDesc), \
    (NULL, NULL)) \
  X(cuSignalExternalSemaphoresAsync, (const CUexternalSemaphore *extSemArray, \
                                      const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *paramsArray, \
                                      unsigned int numExtSems, CUstream stream), \
    (NULL, NULL, 0, NULL)) \
  X(cuWaitExternalSemaphoresAsync, (const CUexternalSemaphore *extSemArray, \
                                    const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *paramsArray, \
                                    unsigned int numExtSems, CUstream stream), \
    (NULL, NULL, 0, NULL)) \
  X(cuDestroyExternalSemaphore, (CUexternalSemaphore extSem), (NULL)) \
  /* the rest of CUDA 13's cuda.h (issue 9), by family; docs/runtime.md says why each */ \
  /* CUDA arrays: sparse, multi-planar and external ones, memory requirements (not built) */ \
  X(cuArrayGetMemoryRequirements, (CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements, CUarray array, CUdevice device), (NULL, NULL, 0)) \
  X(cuArrayGetPlane, (CUarray *pPlaneArray, CUarray hArray, unsigned int planeIdx), (NULL, NULL, 0)) \
  X(cuArrayGetSparseProperties, (CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUarray array), (NULL, NULL)) \
  X(cuExternalMemoryGetMappedMipmappedArray, (CUmipmappedArray *mipmap, CUexternalMemory extMem, const CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC *mipmapDesc), (NULL, NULL, NULL)) \
  X(cuMemMapArrayAsync, (CUarrayMapInfo *mapInfoList, unsigned int count, CUstream hStream), (NULL, 0, NULL)) \
  X(cuMipmappedArrayGetMemoryRequirements, (CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements, CUmipmappedArray mipmap, CUdevice device), (NULL, NULL, 0)) \
  X(cuMipmappedArrayGetSparseProperties, (CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUmipmappedArray mipmap), (NULL, NULL)) \
  /* texture and surface references (deprecated) */ \
  X(cuModuleGetSurfRef, (CUsurfref *pSurfRef, CUmodule hmod, const char *name), (NULL, NULL, NULL)) \
  X(cuModuleGetTexRef, (CUtexref *pTexRef, CUmodule hmod, const char *name), (NULL, NULL, NULL)) \
  X(cuParamSetTexRef, (CUfunction hfunc, int texunit, CUtexref hTexRef), (NULL, 0, NULL)) \
  X(cuSurfRefGetArray, (CUarray *phArray, CUsurfref hSurfRef), (NULL, NULL)) \
  X(cuSurfRefSetArray, (CUsurfref hSurfRef, CUarray hArray, unsigned int Flags), (NULL, NULL, 0)) \
  X(cuTexRefCreate, (CUtexref *pTexRef), (NULL)) \
  X(cuTexRefDestroy, (CUtexref hTexRef), (NULL)) \
  X(cuTexRefGetAddressMode, (CUaddress_mode *pam, CUtexref hTexRef, int dim), (NULL, NULL, 0)) \
  X(cuTexRefGetAddress, (CUdeviceptr *pdptr, CUtexref hTexRef), (NULL, NULL)) \
  X(cuTexRefGetArray, (CUarray *phArray, CUtexref hTexRef), (NULL, NULL)) \
  X(cuTexRefGetBorderColor, (float *pBorderColor, CUtexref hTexRef), (NULL, NULL)) \
  X(cuTexRefGetFilterMode, (CUfilter_mode *pfm, CUtexref hTexRef), (NULL, NULL)) \
  X(cuTexRefGetFlags, (unsigned int *pFlags, CUtexref hTexRef), (NULL, NULL)) \
  X(cuTexRefGetFormat, (CUarray_format *pFormat, int *pNumChannels, CUtexref hTexRef), (NULL, NULL, NULL)) \
  X(cuTexRefGetMaxAnisotropy, (int *pmaxAniso, CUtexref hTexRef), (NULL, NULL)) \
  X(cuTexRefGetMipmapFilterMode, (CUfilter_mode *pfm, CUtexref hTexRef), (NULL, NULL)) \
  X(cuTexRefGetMipmapLevelBias, (float *pbias, CUtexref hTexRef), (NULL, NULL)) \
  X(cuTexRefGetMipmapLevelClamp, (float *pminMipmapLevelClamp, float *pmaxMipmapLevelClamp, CUtexref hTexRef), (NULL, NULL, NULL)) \
  X(cuTexRefGetMipmappedArray, (CUmipmappedArray *phMipmappedArray, CUtexref hTexRef), (NULL, NULL)) \
  X(cuTexRefSetAddress2D, (CUtexref hTexRef, const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr, size_t Pitch), (NULL, NULL, 0, 0)) \
  X(cuTexRefSetAddressMode, (CUtexref hTexRef, int dim, CUaddress_mode am), (NULL, 0, 0)) \
  X(cuTexRefSetAddress, (size_t *ByteOffset, CUtexref hTexRef, CUdeviceptr dptr, size_t bytes), (NULL, NULL, 0, 0)) \
  X(cuTexRefSetArray, (CUtexref hTexRef, CUarray hArray, unsigned int Flags), (NULL, NULL, 0)) \
  X(cuTexRefSetBorderColor, (CUtexref hTexRef, float *pBorderColor), (NULL, NULL)) \
  X(cuTexRefSetFilterMode, (CUtexref hTexRef, CUfilter_mode fm), (NULL, 0)) \
  X(cuTexRefSetFlags, (CUtexref hTexRef, unsigned int Flags), (NULL, 0)) \
  X(cuTexRefSetFormat, (CUtexref hTexRef, CUarray_format fmt, int NumPackedComponents), (NULL, 0, 0)) \
  X(cuTexRefSetMaxAnisotropy, (CUtexref hTexRef, unsigned int maxAniso), (NULL, 0)) \
  X(cuTexRefSetMipmapFilterMode, (CUtexref hTexRef, CUfilter_mode fm), (NULL, 0)) \
  X(cuTexRefSetMipmapLevelBias, (CUtexref hTexRef, float bias), (NULL, 0)) \
  X(cuTexRefSetMipmapLevelClamp, (CUtexref hTexRef, float minMipmapLevelClamp, float maxMipmapLevelClamp), (NULL, 0, 0)) \
  X(cuTexRefSetMipmappedArray, (CUtexref hTexRef, CUmipmappedArray hMipmappedArray, unsigned int Flags), (NULL, NULL, 0)) \
  /* tensor maps (Hopper TMA) */ \
  X(cuTensorMapEncodeIm2colWide, (CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides, int pixelBoxLowerCornerWidth, int pixelBoxUpperCornerWidth, cuuint32_t channelsPerPixel, cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides, CUtensorMapInterleave interleave, CUtensorMapIm2ColWideMode mode, CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill), (NULL, 0, 0, NULL, NULL, NULL, 0, 0, 0, 0, NULL, 0, 0, 0, 0, 0)) \
  /* graphics interop (OpenGL, Direct3D, VDPAU, EGL) */ \
  X(cuGraphicsMapResources, (unsigned int count, CUgraphicsResource *resources, CUstream hStream), (0, NULL, NULL)) \
  X(cuGraphicsResourceGetMappedMipmappedArray, (CUmipmappedArray *pMipmappedArray, CUgraphicsResource resource), (NULL, NULL)) \
  X(cuGraphicsResourceGetMappedPointer, (CUdeviceptr *pDevPtr, size_t *pSize, CUgraphicsResource resource), (NULL, NULL, NULL)) \
  X(cuGraphicsResourceSetMapFlags, (CUgraphicsResource resource, unsigned int flags), (NULL, 0)) \
  X(cuGraphicsSubResourceGetMappedArray, (CUarray *pArray, CUgraphicsResource resource, unsigned int arrayIndex, unsigned int mipLevel), (NULL, NULL, 0, 0)) \
  X(cuGraphicsUnmapResources, (unsigned int count, CUgraphicsResource *resources, CUstream hStream), (0, NULL, NULL)) \
  X(cuGraphicsUnregisterResource, (CUgraphicsResource resource), (NULL)) \
  /* multicast objects (NVLink fabrics) */ \
  X(cuMulticastAddDevice, (CUmemGenericAllocationHandle mcHandle, CUdevice dev), (0, 0)) \
  X(cuMulticastBindAddr, (CUmemGenericAllocationHandle mcHandle, size_t mcOffset, CUdeviceptr memptr, size_t size, unsigned long long flags), (0, 0, 0, 0, 0)) \
  X(cuMulticastBindMem, (CUmemGenericAllocationHandle mcHandle, size_t mcOffset, CUmemGenericAllocationHandle memHandle, size_t memOffset, size_t size, unsigned long long flags), (0, 0, 0, 0, 0, 0)) \
  X(cuMulticastCreate, (CUmemGenericAllocationHandle *mcHandle, const CUmulticastObjectProp *prop), (NULL, NULL)) \
  X(cuMulticastGetGranularity, (size_t *granularity, const CUmulticastObjectProp *prop, CUmulticastGranularity_flags option), (NULL, NULL, 0)) \
  X(cuMulticastUnbind, (CUmemGenericAllocationHandle mcHandle, CUdevice dev, size_t mcOffset, size_t size), (0, 0, 0, 0)) \
  /* green contexts (splitting the device's resources) */ \
  X(cuCtxFromGreenCtx, (CUcontext *pContext, CUgreenCtx hCtx), (NULL, NULL)) \
  X(cuCtxGetDevResource, (CUcontext hCtx, CUdevResource *resource, CUdevResourceType type), (NULL, NULL, 0)) \
  X(cuDevResourceGenerateDesc, (CUdevResourceDesc *phDesc, CUdevResource *resources, unsigned int nbResources), (NULL, NULL, 0)) \
  X(cuDevSmResourceSplitByCount, (CUdevResource *result, unsigned int *nbGroups, const CUdevResource *input, CUdevResource *remaining, unsigned int useFlags, unsigned int minCount), (NULL, NULL, NULL, NULL, 0, 0)) \
  X(cuGreenCtxCreate, (CUgreenCtx *phCtx, CUdevResourceDesc desc, CUdevice dev, unsigned int flags), (NULL, NULL, 0, 0)) \
  X(cuGreenCtxDestroy, (CUgreenCtx hCtx), (NULL)) \
  X(cuGreenCtxGetDevResource, (CUgreenCtx hCtx, CUdevResource *resource, CUdevResourceType type), (NULL, NULL, 0)) \
  X(cuGreenCtxGetId, (CUgreenCtx greenCtx, unsigned long long *greenCtxId), (NULL, NULL)) \
  X(cuGreenCtxRecordEvent, (CUgreenCtx hCtx, CUevent hEvent), (NULL, NULL)) \
  X(cuGreenCtxStreamCreate, (CUstream *phStream, CUgreenCtx greenCtx, unsigned int flags, int priority), (NULL, NULL, 0, 0)) \
  X(cuGreenCtxWaitEvent, (CUgreenCtx hCtx, CUevent hEvent), (NULL, NULL)) \
  /* process checkpointing (CRIU): locking, checkpoints, restores */ \
  X(cuCheckpointProcessCheckpoint, (int pid, CUcheckpointCheckpointArgs *args), (0, NULL)) \
  X(cuCheckpointProcessGetRestoreThreadId, (int pid, int *tid), (0, NULL)) \
  X(cuCheckpointProcessLock, (int pid, CUcheckpointLockArgs *args), (0, NULL)) \
  X(cuCheckpointProcessRestore, (int pid, CUcheckpointRestoreArgs *args), (0, NULL)) \
  X(cuCheckpointProcessUnlock, (int pid, CUcheckpointUnlockArgs *args), (0, NULL)) \
  /* the JIT linker (PTX, cubins, rdc) */ \
  X(cuLinkAddData, (CUlinkState state, CUjitInputType type, void *data, size_t size, const char *name, unsigned int numOptions, CUjit_option *options, void **optionValues), (NULL, 0, NULL, 0, NULL, 0, NULL, NULL)) \
  X(cuLinkAddFile, (CUlinkState state, CUjitInputType type, const char *path, unsigned int numOptions, CUjit_option *options, void **optionValues), (NULL, 0, NULL, 0, NULL, NULL)) \
  X(cuLinkComplete, (CUlinkState state, void **cubinOut, size_t *sizeOut), (NULL, NULL, NULL)) \
  X(cuLinkCreate, (unsigned int numOptions, CUjit_option *options, void **optionValues, CUlinkState *stateOut), (0, NULL, NULL, NULL)) \
  X(cuLinkDestroy, (CUlinkState state), (NULL)) \
  /* the launch API before CUDA 4.0 (deprecated) */ \
  X(cuFuncSetBlockShape, (CUfunction hfunc, int x, int y, int z), (NULL, 0, 0, 0)) \
  X(cuFuncSetSharedSize, (CUfunction hfunc, unsigned int bytes), (NULL, 0)) \
  X(cuLaunch, (CUfunction f), (NULL)) \
  X(cuLaunchGrid, (CUfunction f, int grid_width, int grid_height), (NULL, 0, 0)) \
  X(cuLaunchGridAsync, (CUfunction f, int grid_width, int grid_height, CUstream hStream), (NULL, 0, 0, NULL)) \
  X(cuParamSetSize, (CUfunction hfunc, unsigned int numbytes), (NULL, 0)) \
  X(cuParamSetf, (CUfunction hfunc, int offset, float value), (NULL, 0, 0)) \
  X(cuParamSeti, (CUfunction hfunc, int offset, unsigned int value), (NULL, 0, 0)) \
  X(cuParamSetv, (CUfunction hfunc, int offset, void *ptr, unsigned int numbytes), (NULL, 0, NULL, 0)) \
  /* multi-device cooperative launches */ \
  X(cuLaunchCooperativeKernelMultiDevice, (CUDA_LAUNCH_PARAMS *launchParamsList, unsigned int numDevices, unsigned int flags), (NULL, 0, 0)) \
  /* NvSciSync */ \
  X(cuDeviceGetNvSciSyncAttributes, (void *nvSciSyncAttrList, CUdevice dev, int flags), (NULL, 0, 0)) \
  /* Windows adapter ids */ \
  X(cuDeviceGetLuid, (char *luid, unsigned int *deviceNodeMask, CUdevice dev), (NULL, NULL, 0)) \
  /* dma-buf handles */ \
  X(cuMemGetHandleForAddressRange, (void *handle, CUdeviceptr dptr, size_t size, CUmemRangeHandleType handleType, unsigned long long flags), (NULL, 0, 0, 0, 0)) \
  /* external-semaphore graph nodes */ \
  X(cuGraphAddExternalSemaphoresSignalNode, (CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *nodeParams), (NULL, NULL, NULL, 0, NULL)) \
  X(cuGraphAddExternalSemaphoresWaitNode, (CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *nodeParams), (NULL, NULL, NULL, 0, NULL)) \
  X(cuGraphExecExternalSemaphoresSignalNodeSetParams, (CUgraphExec hGraphExec, CUgraphNode hNode, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *nodeParams), (NULL, NULL, NULL)) \
  X(cuGraphExecExternalSemaphoresWaitNodeSetParams, (CUgraphExec hGraphExec, CUgraphNode hNode, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *nodeParams), (NULL, NULL, NULL)) \
  X(cuGraphExternalSemaphoresSignalNodeGetParams, (CUgraphNode hNode, CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *params_out), (NULL, NULL)) \
  X(cuGraphExternalSemaphoresSignalNodeSetParams, (CUgraphNode hNode, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *nodeParams), (NULL, NULL)) \
  X(cuGraphExternalSemaphoresWaitNodeGetParams, (CUgraphNode hNode, CUDA_EXT_SEM_WAIT_NODE_PARAMS *params_out), (NULL, NULL)) \
  X(cuGraphExternalSemaphoresWaitNodeSetParams, (CUgraphNode hNode, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *nodeParams), (NULL, NULL)) \
  /* pools shared with other processes */ \
  X(cuMemPoolExportPointer, (CUmemPoolPtrExportData *shareData_out, CUdeviceptr ptr), (NULL, 0)) \
  X(cuMemPoolExportToShareableHandle, (void *handle_out, CUmemoryPool pool, CUmemAllocationHandleType handleType, unsigned long long flags), (NULL, NULL, 0, 0)) \
  X(cuMemPoolImportFromShareableHandle, (CUmemoryPool *pool_out, void *handle, CUmemAllocationHandleType handleType, unsigned long long flags), (NULL, NULL, 0, 0)) \
  X(cuMemPoolImportPointer, (CUdeviceptr *ptr_out, CUmemoryPool pool, CUmemPoolPtrExportData *shareData), (NULL, NULL, NULL)) \
  /* hardware decompression */ \
  X(cuMemBatchDecompressAsync, (CUmemDecompressParams *paramsArray, size_t count, unsigned int flags, size_t *errorIndex, CUstream stream), (NULL, 0, 0, NULL, NULL)) \
  /* thread-block clusters */ \
  X(cuOccupancyMaxActiveClusters, (int *numClusters, CUfunction func, const CUlaunchConfig *config), (NULL, NULL, NULL)) \
  X(cuOccupancyMaxPotentialClusterSize, (int *clusterSize, CUfunction func, const CUlaunchConfig *config), (NULL, NULL, NULL)) \
  /* L2 access policies and stream/kernel-node attributes */ \
  X(cuCtxResetPersistingL2Cache, (void), ()) \
  X(cuStreamCopyAttributes, (CUstream dst, CUstream src), (NULL, NULL)) \
  X(cuStreamGetAttribute, (CUstream hStream, CUstreamAttrID attr, CUstreamAttrValue *value_out), (NULL, 0, NULL)) \
  X(cuStreamSetAttribute, (CUstream hStream, CUstreamAttrID attr, const CUstreamAttrValue *value), (NULL, 0, NULL)) \
  /* memory-budget notifications */ \
  X(cuDeviceRegisterAsyncNotification, (CUdevice device, CUasyncCallback callbackFunc, void *userData, CUasyncCallbackHandle *callback), (0, NULL, NULL, NULL)) \
  X(cuDeviceUnregisterAsyncNotification, (CUdevice device, CUasyncCallbackHandle callback), (0, NULL)) \
  /* CUDA 13 atomic capabilities */ \
  X(cuDeviceGetHostAtomicCapabilities, (unsigned int *capabilities, const CUatomicOperation *operations, unsigned int count, CUdevice dev), (NULL, NULL, 0, 0)) \
  X(cuDeviceGetP2PAtomicCapabilities, (unsigned int *capabilities, const CUatomicOperation *operations, unsigned int count, CUdevice srcDevice, CUdevice dstDevice), (NULL, NULL, 0, 0, 0)) \
  /* batched copies, prefetches and discards (CUDA 12.8/13) */ \
  X(cuMemDiscardAndPrefetchBatchAsync, (CUdeviceptr *dptrs, size_t *sizes, size_t count, CUmemLocation *prefetchLocs, size_t *prefetchLocIdxs, size_t numPrefetchLocs, unsigned long long flags, CUstream hStream), (NULL, NULL, 0, NULL, NULL, 0, 0, NULL)) \
  X(cuMemDiscardBatchAsync, (CUdeviceptr *dptrs, size_t *sizes, size_t count, unsigned long long flags, CUstream hStream), (NULL, NULL, 0, 0, NULL)) \
  X(cuMemPrefetchBatchAsync, (CUdeviceptr *dptrs, size_t *sizes, size_t count, CUmemLocation *prefetchLocs, size_t *prefetchLocIdxs, size_t numPrefetchLocs, unsigned long long flags, CUstream hStream), (NULL, NULL, 0, NULL, NULL, 0, 0, NULL)) \
  X(cuMemcpy3DBatchAsync, (size_t numOps, CUDA_MEMCPY3D_BATCH_OP *opList, unsigned long long flags, CUstream hStream), (0, NULL, 0, NULL)) \
  X(cuMemcpyBatchAsync, (CUdeviceptr *dsts, CUdeviceptr *srcs, size_t *sizes, size_t count, CUmemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs, CUstream hStream), (NULL, NULL, NULL, 0, NULL, NULL, 0, NULL)) \
  /* user objects */ \
  X(cuGraphReleaseUserObject, (CUgraph graph, CUuserObject object, unsigned int count), (NULL, NULL, 0)) \
  X(cuGraphRetainUserObject, (CUgraph graph, CUuserObject object, unsigned int count, unsigned int flags), (NULL, NULL, 0, 0)) \
  X(cuUserObjectCreate, (CUuserObject *object_out, void *ptr, CUhostFn destroy, unsigned int initialRefcount, unsigned int flags), (NULL, NULL, NULL, 0, 0)) \
  X(cuUserObjectRelease, (CUuserObject object, unsigned int count), (NULL, 0)) \
  X(cuUserObjectRetain, (CUuserObject object, unsigned int count), (NULL, 0)) \
  /* the graph memory pool's attributes */ \
  X(cuDeviceGetGraphMemAttribute, (CUdevice device, CUgraphMem_attribute attr, void *value), (0, 0, NULL)) \
  X(cuDeviceGraphMemTrim, (CUdevice device), (0)) \
  X(cuDeviceSetGraphMemAttribute, (CUdevice device, CUgraphMem_attribute attr, void *value), (0, 0, NULL)) \
  /* batch memory operation graph nodes */ \
  /* library managed variables */ \
  X(cuLibraryGetManaged, (CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name), (NULL, NULL, NULL, NULL)) \
  /* unified functions */ \
  X(cuLibraryGetUnifiedFunction, (void **fptr, CUlibrary library, const char *symbol), (NULL, NULL, NULL))
/* clang-format on */

#endif
