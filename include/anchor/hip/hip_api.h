/* anchor/hip/hip_api.h — HIP API that HIP's NVIDIA-platform header defines
 * differently from HIP itself, included by Anchor's hip/hip_runtime_api.h
 * after it (docs/hip.md).
 *
 * hipGetErrorName: HIP's NVIDIA path returns the CUDA name of the mapped
 * error ("cudaErrorInvalidValue"); HIP's documented answer, and what HIP
 * programs print and compare, is the HIP name ("hipErrorInvalidValue"), so
 * the name refers to Anchor's function below. Values HIP gives two names
 * (hipErrorOutOfMemory/hipErrorMemoryAllocation, hipErrorNotInitialized/
 * hipErrorInitializationError, hipErrorMapFailed/hipErrorMapBufferObjectFailed,
 * hipErrorInvalidHandle/hipErrorInvalidResourceHandle) answer the first, as
 * HIP does; a value that is no hipError_t answers "hipErrorUnknown".
 * hipGetErrorString keeps the CUDA description of the mapped error.
 *
 * hipGetDeviceProperties: HIP's NVIDIA path copies cudaDeviceProp field by
 * field but leaves some hipDeviceProp_t fields unwritten (whatever the
 * caller's struct held): managedMemory, concurrentManagedAccess,
 * directManagedMemAccessFromHost, pageableMemoryAccess,
 * pageableMemoryAccessUsesHostPageTables, maxTexture1DLinear (all CUDA's
 * too: copied from cudaDeviceProp) and the AMD-only gcnArchName,
 * asicRevision, isLargeBar (zero: no AMD GPU). The name refers to Anchor's
 * function, which zeroes the struct, calls HIP's and fills those.
 * Written for Anchor from HIP's hipError_t and hipDeviceProp_t (HIP 5.2). */
#ifndef ANCHOR_HIP_HIP_API_H
#define ANCHOR_HIP_HIP_API_H

/* Warnings are the user's, not Anchor's: a system header, as HIP's own are
 * (-Wpedantic would otherwise flag #include_next, -Wold-style-cast ...). */
#pragma GCC system_header

#include <string.h>

static inline const char *anchor_hipGetErrorName(hipError_t error) {
  switch (error) {
#define ANCHOR_HIP_ERROR_NAME(name)                                                                \
  case name: return #name;
    ANCHOR_HIP_ERROR_NAME(hipSuccess)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidValue)
    ANCHOR_HIP_ERROR_NAME(hipErrorOutOfMemory)
    ANCHOR_HIP_ERROR_NAME(hipErrorNotInitialized)
    ANCHOR_HIP_ERROR_NAME(hipErrorDeinitialized)
    ANCHOR_HIP_ERROR_NAME(hipErrorProfilerDisabled)
    ANCHOR_HIP_ERROR_NAME(hipErrorProfilerNotInitialized)
    ANCHOR_HIP_ERROR_NAME(hipErrorProfilerAlreadyStarted)
    ANCHOR_HIP_ERROR_NAME(hipErrorProfilerAlreadyStopped)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidConfiguration)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidPitchValue)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidSymbol)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidDevicePointer)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidMemcpyDirection)
    ANCHOR_HIP_ERROR_NAME(hipErrorInsufficientDriver)
    ANCHOR_HIP_ERROR_NAME(hipErrorMissingConfiguration)
    ANCHOR_HIP_ERROR_NAME(hipErrorPriorLaunchFailure)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidDeviceFunction)
    ANCHOR_HIP_ERROR_NAME(hipErrorNoDevice)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidDevice)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidImage)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidContext)
    ANCHOR_HIP_ERROR_NAME(hipErrorContextAlreadyCurrent)
    ANCHOR_HIP_ERROR_NAME(hipErrorMapFailed)
    ANCHOR_HIP_ERROR_NAME(hipErrorUnmapFailed)
    ANCHOR_HIP_ERROR_NAME(hipErrorArrayIsMapped)
    ANCHOR_HIP_ERROR_NAME(hipErrorAlreadyMapped)
    ANCHOR_HIP_ERROR_NAME(hipErrorNoBinaryForGpu)
    ANCHOR_HIP_ERROR_NAME(hipErrorAlreadyAcquired)
    ANCHOR_HIP_ERROR_NAME(hipErrorNotMapped)
    ANCHOR_HIP_ERROR_NAME(hipErrorNotMappedAsArray)
    ANCHOR_HIP_ERROR_NAME(hipErrorNotMappedAsPointer)
    ANCHOR_HIP_ERROR_NAME(hipErrorECCNotCorrectable)
    ANCHOR_HIP_ERROR_NAME(hipErrorUnsupportedLimit)
    ANCHOR_HIP_ERROR_NAME(hipErrorContextAlreadyInUse)
    ANCHOR_HIP_ERROR_NAME(hipErrorPeerAccessUnsupported)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidKernelFile)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidGraphicsContext)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidSource)
    ANCHOR_HIP_ERROR_NAME(hipErrorFileNotFound)
    ANCHOR_HIP_ERROR_NAME(hipErrorSharedObjectSymbolNotFound)
    ANCHOR_HIP_ERROR_NAME(hipErrorSharedObjectInitFailed)
    ANCHOR_HIP_ERROR_NAME(hipErrorOperatingSystem)
    ANCHOR_HIP_ERROR_NAME(hipErrorInvalidHandle)
    ANCHOR_HIP_ERROR_NAME(hipErrorIllegalState)
    ANCHOR_HIP_ERROR_NAME(hipErrorNotFound)
    ANCHOR_HIP_ERROR_NAME(hipErrorNotReady)
    ANCHOR_HIP_ERROR_NAME(hipErrorIllegalAddress)
    ANCHOR_HIP_ERROR_NAME(hipErrorLaunchOutOfResources)
    ANCHOR_HIP_ERROR_NAME(hipErrorLaunchTimeOut)
    ANCHOR_HIP_ERROR_NAME(hipErrorPeerAccessAlreadyEnabled)
    ANCHOR_HIP_ERROR_NAME(hipErrorPeerAccessNotEnabled)
    ANCHOR_HIP_ERROR_NAME(hipErrorSetOnActiveProcess)
    ANCHOR_HIP_ERROR_NAME(hipErrorContextIsDestroyed)
    ANCHOR_HIP_ERROR_NAME(hipErrorAssert)
    ANCHOR_HIP_ERROR_NAME(hipErrorHostMemoryAlreadyRegistered)
    ANCHOR_HIP_ERROR_NAME(hipErrorHostMemoryNotRegistered)
    ANCHOR_HIP_ERROR_NAME(hipErrorLaunchFailure)
    ANCHOR_HIP_ERROR_NAME(hipErrorCooperativeLaunchTooLarge)
    ANCHOR_HIP_ERROR_NAME(hipErrorNotSupported)
    ANCHOR_HIP_ERROR_NAME(hipErrorStreamCaptureUnsupported)
    ANCHOR_HIP_ERROR_NAME(hipErrorStreamCaptureInvalidated)
    ANCHOR_HIP_ERROR_NAME(hipErrorStreamCaptureMerge)
    ANCHOR_HIP_ERROR_NAME(hipErrorStreamCaptureUnmatched)
    ANCHOR_HIP_ERROR_NAME(hipErrorStreamCaptureUnjoined)
    ANCHOR_HIP_ERROR_NAME(hipErrorStreamCaptureIsolation)
    ANCHOR_HIP_ERROR_NAME(hipErrorStreamCaptureImplicit)
    ANCHOR_HIP_ERROR_NAME(hipErrorCapturedEvent)
    ANCHOR_HIP_ERROR_NAME(hipErrorStreamCaptureWrongThread)
    ANCHOR_HIP_ERROR_NAME(hipErrorGraphExecUpdateFailure)
    ANCHOR_HIP_ERROR_NAME(hipErrorUnknown)
    ANCHOR_HIP_ERROR_NAME(hipErrorRuntimeMemory)
    ANCHOR_HIP_ERROR_NAME(hipErrorRuntimeOther)
#undef ANCHOR_HIP_ERROR_NAME
  default: return "hipErrorUnknown";
  }
}
#define hipGetErrorName anchor_hipGetErrorName

static inline hipError_t anchor_hipGetDeviceProperties(hipDeviceProp_t *prop, int device) {
  if (prop) memset(prop, 0, sizeof *prop);
  hipError_t error = hipGetDeviceProperties(prop, device); /* HIP's */
  struct cudaDeviceProp cuda;
  if (error != hipSuccess || cudaGetDeviceProperties(&cuda, device) != cudaSuccess) return error;
  prop->managedMemory = cuda.managedMemory;
  prop->concurrentManagedAccess = cuda.concurrentManagedAccess;
  prop->directManagedMemAccessFromHost = cuda.directManagedMemAccessFromHost;
  prop->pageableMemoryAccess = cuda.pageableMemoryAccess;
  prop->pageableMemoryAccessUsesHostPageTables = cuda.pageableMemoryAccessUsesHostPageTables;
  prop->maxTexture1DLinear = cuda.maxTexture1DLinear;
  return error;
}
#define hipGetDeviceProperties anchor_hipGetDeviceProperties

#endif
