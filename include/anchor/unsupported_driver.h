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
    (NULL, NULL, CU_MEM_HANDLE_TYPE_NONE))
/* clang-format on */

#endif
