/* runtime/cuda_entry.c — the runtime's way to the driver's functions:
 * cudaGetDriverEntryPoint(ByVersion), answered from libanchor's own driver
 * API (entry.c), which is the driver here. */
#include "core.h"

static cudaError_t rt_driver_entry(const char *symbol, void **funcPtr, unsigned long long flags,
                                   enum cudaDriverEntryPointQueryResult *driverStatus) {
  if (!symbol || !funcPtr) return rt_record(cudaErrorInvalidValue);
  if (flags & ~(unsigned long long)(cudaEnableLegacyStream | cudaEnablePerThreadDefaultStream))
    return rt_record(cudaErrorInvalidValue);
  *funcPtr = rt_entry_point(symbol);
  if (driverStatus)
    *driverStatus = *funcPtr ? cudaDriverEntryPointSuccess : cudaDriverEntryPointSymbolNotFound;
  /* The status says whether it was found; the call itself succeeds. */
  return cudaSuccess;
}

cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
                                    enum cudaDriverEntryPointQueryResult *driverStatus) {
  return rt_driver_entry(symbol, funcPtr, flags, driverStatus);
}

cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr,
                                             unsigned int cudaVersion, unsigned long long flags,
                                             enum cudaDriverEntryPointQueryResult *driverStatus) {
  /* every driver function Anchor has exists in CUDA 13; a version past the
   * driver's (CUDA_VERSION) is a bad value, as documented */
  if (cudaVersion > CUDART_VERSION) return rt_record(cudaErrorInvalidValue);
  return rt_driver_entry(symbol, funcPtr, flags, driverStatus);
}
