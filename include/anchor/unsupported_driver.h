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
  /* virtual memory management: one arena, no remapping of physical memory */ \
  X(cuMemAddressReserve, (CUdeviceptr *ptr, size_t size, size_t alignment, CUdeviceptr addr, \
                          unsigned long long flags), (NULL, 0, 0, 0, 0)) \
  X(cuMemAddressFree, (CUdeviceptr ptr, size_t size), (0, 0)) \
  X(cuMemCreate, (CUmemGenericAllocationHandle *handle, size_t size, \
                  const CUmemAllocationProp *prop, unsigned long long flags), (NULL, 0, NULL, 0)) \
  X(cuMemRelease, (CUmemGenericAllocationHandle handle), (0)) \
  X(cuMemMap, (CUdeviceptr ptr, size_t size, size_t offset, CUmemGenericAllocationHandle handle, \
               unsigned long long flags), (0, 0, 0, 0, 0)) \
  X(cuMemUnmap, (CUdeviceptr ptr, size_t size), (0, 0)) \
  X(cuMemSetAccess, (CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc, size_t count), \
    (0, 0, NULL, 0)) \
  X(cuMemGetAccess, (unsigned long long *flags, const CUmemLocation *location, CUdeviceptr ptr), \
    (NULL, NULL, 0)) \
  X(cuMemGetAllocationGranularity, (size_t *granularity, const CUmemAllocationProp *prop, \
                                    CUmemAllocationGranularity_flags option), \
    (NULL, NULL, CU_MEM_ALLOC_GRANULARITY_MINIMUM)) \
  X(cuMemGetAllocationPropertiesFromHandle, (CUmemAllocationProp *prop, \
                                             CUmemGenericAllocationHandle handle), (NULL, 0)) \
  X(cuMemRetainAllocationHandle, (CUmemGenericAllocationHandle *handle, void *addr), (NULL, NULL))
/* clang-format on */

#endif
