/* cudametal/driver.h — the CUDA driver API as cudametal calls it: through pointers that
 * driver.c fills from libcuda.so.1 (dlopen RTLD_LOCAL + dlsym), never by the dynamic
 * linker. libanchor, loaded first, exports the same names (it implements the CUDA
 * driver API over Metal), so a plain reference to cuInit from libcudametal would bind to
 * libanchor's and call back into Anchor. metal.c includes this instead of <cuda.h>: each
 * cu* name below becomes (*cm_cu*), typed as <cuda.h> declares it (the versioned entry
 * point the header selects, e.g. cuMemAlloc_v2). */
#ifndef CUDAMETAL_DRIVER_H
#define CUDAMETAL_DRIVER_H

#include <cuda.h>

#define CM_DRIVER_FUNCTIONS(X)                                                                     \
  X(cuInit)                                                                                        \
  X(cuDeviceGet)                                                                                   \
  X(cuDeviceGetAttribute)                                                                          \
  X(cuDeviceGetName)                                                                               \
  X(cuDevicePrimaryCtxRelease)                                                                     \
  X(cuDevicePrimaryCtxRetain)                                                                      \
  X(cuDeviceTotalMem)                                                                              \
  X(cuCtxSetCurrent)                                                                               \
  X(cuEventCreate)                                                                                 \
  X(cuEventDestroy)                                                                                \
  X(cuEventElapsedTime)                                                                            \
  X(cuEventQuery)                                                                                  \
  X(cuEventRecord)                                                                                 \
  X(cuEventSynchronize)                                                                            \
  X(cuFuncGetAttribute)                                                                            \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor)                                                   \
  X(cuGetErrorString)                                                                              \
  X(cuLaunchHostFunc)                                                                              \
  X(cuLaunchKernel)                                                                                \
  X(cuMemAllocManaged)                                                                             \
  X(cuMemAlloc)                                                                                    \
  X(cuMemFree)                                                                                     \
  X(cuMemHostAlloc)                                                                                \
  X(cuMemHostGetDevicePointer)                                                                     \
  X(cuMemHostRegister)                                                                             \
  X(cuMemHostUnregister)                                                                           \
  X(cuMemcpyAsync)                                                                                 \
  X(cuMemsetD8Async)                                                                               \
  X(cuModuleGetFunction)                                                                           \
  X(cuModuleLoadData)                                                                              \
  X(cuModuleUnload)                                                                                \
  X(cuStreamCreate)                                                                                \
  X(cuStreamDestroy)                                                                               \
  X(cuStreamWaitEvent)                                                                             \
  X(cuStreamWaitValue64)                                                                           \
  X(cuStreamWriteValue64)                                                                          \
  X(cuArray3DCreate)                                                                               \
  X(cuArrayDestroy)                                                                                \
  X(cuMipmappedArrayCreate)                                                                        \
  X(cuMipmappedArrayGetLevel)                                                                      \
  X(cuMipmappedArrayDestroy)                                                                       \
  X(cuSurfObjectCreate)                                                                            \
  X(cuSurfObjectDestroy)                                                                           \
  X(cuMemcpy3D)                                                                                    \
  X(cuMemcpy3DAsync)

#define CM_DRIVER_DECLARE(f) extern __typeof__(f) *cm_##f;
CM_DRIVER_FUNCTIONS(CM_DRIVER_DECLARE)
#undef CM_DRIVER_DECLARE

/* Loads libcuda.so.1 and every function above once; NULL on success, else the reason
 * (static text). Thread-safe. */
const char *cm_driver_load(void);

#ifndef CM_DRIVER_IMPLEMENTATION
#undef cuInit
#define cuInit (*cm_cuInit)
#undef cuDeviceGet
#define cuDeviceGet (*cm_cuDeviceGet)
#undef cuDeviceGetAttribute
#define cuDeviceGetAttribute (*cm_cuDeviceGetAttribute)
#undef cuDeviceGetName
#define cuDeviceGetName (*cm_cuDeviceGetName)
#undef cuDevicePrimaryCtxRelease
#define cuDevicePrimaryCtxRelease (*cm_cuDevicePrimaryCtxRelease)
#undef cuDevicePrimaryCtxRetain
#define cuDevicePrimaryCtxRetain (*cm_cuDevicePrimaryCtxRetain)
#undef cuDeviceTotalMem
#define cuDeviceTotalMem (*cm_cuDeviceTotalMem)
#undef cuCtxSetCurrent
#define cuCtxSetCurrent (*cm_cuCtxSetCurrent)
#undef cuEventCreate
#define cuEventCreate (*cm_cuEventCreate)
#undef cuEventDestroy
#define cuEventDestroy (*cm_cuEventDestroy)
#undef cuEventElapsedTime
#define cuEventElapsedTime (*cm_cuEventElapsedTime)
#undef cuEventQuery
#define cuEventQuery (*cm_cuEventQuery)
#undef cuEventRecord
#define cuEventRecord (*cm_cuEventRecord)
#undef cuEventSynchronize
#define cuEventSynchronize (*cm_cuEventSynchronize)
#undef cuFuncGetAttribute
#define cuFuncGetAttribute (*cm_cuFuncGetAttribute)
#undef cuOccupancyMaxActiveBlocksPerMultiprocessor
#define cuOccupancyMaxActiveBlocksPerMultiprocessor                                                \
  (*cm_cuOccupancyMaxActiveBlocksPerMultiprocessor)
#undef cuGetErrorString
#define cuGetErrorString (*cm_cuGetErrorString)
#undef cuLaunchHostFunc
#define cuLaunchHostFunc (*cm_cuLaunchHostFunc)
#undef cuLaunchKernel
#define cuLaunchKernel (*cm_cuLaunchKernel)
#undef cuMemAllocManaged
#define cuMemAllocManaged (*cm_cuMemAllocManaged)
#undef cuMemAlloc
#define cuMemAlloc (*cm_cuMemAlloc)
#undef cuMemFree
#define cuMemFree (*cm_cuMemFree)
#undef cuMemHostAlloc
#define cuMemHostAlloc (*cm_cuMemHostAlloc)
#undef cuMemHostGetDevicePointer
#define cuMemHostGetDevicePointer (*cm_cuMemHostGetDevicePointer)
#undef cuMemHostRegister
#define cuMemHostRegister (*cm_cuMemHostRegister)
#undef cuMemHostUnregister
#define cuMemHostUnregister (*cm_cuMemHostUnregister)
#undef cuMemcpyAsync
#define cuMemcpyAsync (*cm_cuMemcpyAsync)
#undef cuMemsetD8Async
#define cuMemsetD8Async (*cm_cuMemsetD8Async)
#undef cuModuleGetFunction
#define cuModuleGetFunction (*cm_cuModuleGetFunction)
#undef cuModuleLoadData
#define cuModuleLoadData (*cm_cuModuleLoadData)
#undef cuModuleUnload
#define cuModuleUnload (*cm_cuModuleUnload)
#undef cuStreamCreate
#define cuStreamCreate (*cm_cuStreamCreate)
#undef cuStreamDestroy
#define cuStreamDestroy (*cm_cuStreamDestroy)
#undef cuStreamWaitEvent
#define cuStreamWaitEvent (*cm_cuStreamWaitEvent)
#undef cuStreamWaitValue64
#define cuStreamWaitValue64 (*cm_cuStreamWaitValue64)
#undef cuStreamWriteValue64
#define cuStreamWriteValue64 (*cm_cuStreamWriteValue64)
#undef cuArray3DCreate
#define cuArray3DCreate (*cm_cuArray3DCreate)
#undef cuArrayDestroy
#define cuArrayDestroy (*cm_cuArrayDestroy)
#undef cuMipmappedArrayCreate
#define cuMipmappedArrayCreate (*cm_cuMipmappedArrayCreate)
#undef cuMipmappedArrayGetLevel
#define cuMipmappedArrayGetLevel (*cm_cuMipmappedArrayGetLevel)
#undef cuMipmappedArrayDestroy
#define cuMipmappedArrayDestroy (*cm_cuMipmappedArrayDestroy)
#undef cuSurfObjectCreate
#define cuSurfObjectCreate (*cm_cuSurfObjectCreate)
#undef cuSurfObjectDestroy
#define cuSurfObjectDestroy (*cm_cuSurfObjectDestroy)
#undef cuMemcpy3D
#define cuMemcpy3D (*cm_cuMemcpy3D)
#undef cuMemcpy3DAsync
#define cuMemcpy3DAsync (*cm_cuMemcpy3DAsync)
#endif

#endif
