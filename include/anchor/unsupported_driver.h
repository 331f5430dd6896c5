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
  /* CUDA arrays, texture and surface objects: Metal textures, not done yet */ \
  X(cuArrayCreate, (CUarray *pHandle, const CUDA_ARRAY_DESCRIPTOR *pAllocateArray), (NULL, NULL)) \
  X(cuArrayGetDescriptor, (CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor, CUarray hArray), (NULL, NULL)) \
  X(cuArrayDestroy, (CUarray hArray), (NULL)) \
  X(cuArray3DCreate, (CUarray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray), \
    (NULL, NULL)) \
  X(cuArray3DGetDescriptor, (CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray), \
    (NULL, NULL)) \
  X(cuTexObjectCreate, (CUtexObject *pTexObject, const CUDA_RESOURCE_DESC *pResDesc, \
                        const CUDA_TEXTURE_DESC *pTexDesc, \
                        const CUDA_RESOURCE_VIEW_DESC *pResViewDesc), (NULL, NULL, NULL, NULL)) \
  X(cuTexObjectDestroy, (CUtexObject texObject), (0)) \
  X(cuTexObjectGetResourceDesc, (CUDA_RESOURCE_DESC *pResDesc, CUtexObject texObject), (NULL, 0)) \
  X(cuTexObjectGetTextureDesc, (CUDA_TEXTURE_DESC *pTexDesc, CUtexObject texObject), (NULL, 0)) \
  X(cuTexObjectGetResourceViewDesc, (CUDA_RESOURCE_VIEW_DESC *pResViewDesc, \
                                     CUtexObject texObject), (NULL, 0)) \
  X(cuSurfObjectCreate, (CUsurfObject *pSurfObject, const CUDA_RESOURCE_DESC *pResDesc), \
    (NULL, NULL)) \
  X(cuSurfObjectDestroy, (CUsurfObject surfObject), (0)) \
  X(cuSurfObjectGetResourceDesc, (CUDA_RESOURCE_DESC *pResDesc, CUsurfObject surfObject), \
    (NULL, 0)) \
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
  X(cuDestroyExternalSemaphore, (CUexternalSemaphore extSem), (NULL))
/* clang-format on */

#endif
