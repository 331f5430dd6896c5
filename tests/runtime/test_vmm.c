/* tests/runtime/test_vmm.c — Anchor's answers of virtual memory management
 * where they are its own (docs/runtime.md, "Virtual memory management"):
 * what one Metal buffer cannot do is CUDA_ERROR_NOT_SUPPORTED (a handle at two
 * addresses at once, read-only access, host locations, shareable handle
 * types), misuse is CUDA_ERROR_INVALID_VALUE, a handle's contents follow it
 * from one mapping to the next, the arena bounds reservations and handles,
 * and cudaDeviceReset forgets them. e2e.driver_vmm runs the CUDA-portable part
 * (with kernels) and prints these codes for the H200. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "cuda.h"
#include "cuda_runtime_api.h"

#define CHECK_CU(got, want) CHECK((got) == (want))

static CUmemAllocationProp device_prop(void) {
  CUmemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  return prop;
}

int main(void) {
  CUcontext ctx = NULL;
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CHECK_CU(cuDevicePrimaryCtxRetain(&ctx, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
  CUmemAllocationProp prop = device_prop();
  size_t gran = 0;
  CHECK_CU(cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED),
           CUDA_SUCCESS);
  CHECK(gran == 2u << 20);
  int vmm = 0;
  CHECK_CU(cuDeviceGetAttribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, 0),
           CUDA_SUCCESS);
  CHECK(vmm == 1);
  /* the runtime's enum has no such attribute: 102 is a gap it answers with 0 (H200) */
  CHECK_ERR(cudaDeviceGetAttribute(&vmm, (enum cudaDeviceAttr)102, 0), cudaSuccess);
  CHECK(vmm == 0);

  /* what cannot be offered */
  CUmemGenericAllocationHandle h = 0, h2 = 0;
  CUmemAllocationProp other = prop;
  other.location.type = CU_MEM_LOCATION_TYPE_HOST;
  CHECK_CU(cuMemCreate(&h, gran, &other, 0), CUDA_ERROR_NOT_SUPPORTED);
  other = prop;
  other.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  CHECK_CU(cuMemCreate(&h, gran, &other, 0), CUDA_ERROR_NOT_SUPPORTED);
  other = prop;
  other.type = CU_MEM_ALLOCATION_TYPE_INVALID;
  CHECK_CU(cuMemCreate(&h, gran, &other, 0), CUDA_ERROR_INVALID_VALUE);
  int fd = 0;
  CHECK_CU(cuMemExportToShareableHandle(&fd, h, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
           CUDA_ERROR_NOT_SUPPORTED);

  CUdeviceptr va = 0;
  CHECK_CU(cuMemAddressReserve(&va, 4 * gran, 0, 0, 0), CUDA_SUCCESS);
  CHECK(va % gran == 0);
  CHECK_CU(cuMemCreate(&h, gran, &prop, 0), CUDA_SUCCESS);
  CHECK_CU(cuMemCreate(&h2, gran, &prop, 0), CUDA_SUCCESS);
  CUmemAccessDesc access;
  memset(&access, 0, sizeof access);
  access.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  CHECK_CU(cuMemSetAccess(va, gran, &access, 1), CUDA_ERROR_INVALID_VALUE); /* not mapped */
  CHECK_CU(cuMemMap(va, gran, 0, h, 0), CUDA_SUCCESS);
  unsigned long long flags = 99;
  CHECK_CU(cuMemGetAccess(&flags, &access.location, va), CUDA_SUCCESS);
  CHECK(flags == CU_MEM_ACCESS_FLAGS_PROT_NONE); /* a new mapping has no access */
  CHECK_CU(cuMemSetAccess(va, gran, &access, 1), CUDA_SUCCESS);
  CHECK_CU(cuMemGetAccess(&flags, &access.location, va + 12345), CUDA_SUCCESS);
  CHECK(flags == CU_MEM_ACCESS_FLAGS_PROT_READWRITE);
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READ;
  CHECK_CU(cuMemSetAccess(va, gran, &access, 1), CUDA_ERROR_NOT_SUPPORTED);
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  access.location.id = 3;
  CHECK_CU(cuMemSetAccess(va, gran, &access, 1), CUDA_ERROR_INVALID_DEVICE);
  access.location.id = 0;
  CHECK_CU(cuMemSetAccess(va, 2 * gran, &access, 1), CUDA_ERROR_INVALID_VALUE); /* half mapped */
  CHECK_CU(cuMemMap(va + gran, gran, 0, h, 0), CUDA_ERROR_NOT_SUPPORTED);      /* h at two places */
  CHECK_CU(cuMemMap(va, gran, 0, h2, 0), CUDA_ERROR_INVALID_VALUE);            /* over a mapping */
  CHECK_CU(cuMemMap(va + 4 * gran, gran, 0, h2, 0), CUDA_ERROR_INVALID_VALUE); /* outside */
  CHECK_CU(cuMemMap(va + gran, 2 * gran, 0, h2, 0), CUDA_ERROR_INVALID_VALUE); /* > handle */
  CHECK_CU(cuMemAddressFree(va, 4 * gran), CUDA_ERROR_INVALID_VALUE);          /* mapped */
  CHECK_CU(cuMemAddressFree(va, 2 * gran), CUDA_ERROR_INVALID_VALUE);          /* wrong size */
  CHECK_CU(cuMemUnmap(va, gran / 2), CUDA_ERROR_INVALID_VALUE);                /* part */
  CHECK_CU(cuMemUnmap(va + gran, gran), CUDA_ERROR_INVALID_VALUE);             /* nothing */

  /* contents follow the handle to its next mapping */
  static unsigned char pattern[1 << 16], back[1 << 16];
  for (size_t i = 0; i < sizeof pattern; i++)
    pattern[i] = (unsigned char)(i * 7 + 3);
  CHECK_CU(cuMemcpyHtoD(va + gran - sizeof pattern, pattern, sizeof pattern), CUDA_SUCCESS);
  CHECK_CU(cuMemUnmap(va, gran), CUDA_SUCCESS);
  CHECK_CU(cuMemMap(va + 2 * gran, gran, 0, h, 0), CUDA_SUCCESS);
  CHECK_CU(cuMemMap(va, gran, 0, h2, 0), CUDA_SUCCESS); /* the old place, another handle */
  CHECK_CU(cuMemcpyDtoH(back, va + 3 * gran - sizeof back, sizeof back), CUDA_SUCCESS);
  CHECK(memcmp(back, pattern, sizeof back) == 0);
  CUmemGenericAllocationHandle again = 0;
  CHECK_CU(cuMemRetainAllocationHandle(&again, (void *)(uintptr_t)(va + 2 * gran + 5)),
           CUDA_SUCCESS);
  CHECK(again == h);
  CHECK_CU(cuMemRelease(again), CUDA_SUCCESS);
  CHECK_CU(cuMemRetainAllocationHandle(&again, (void *)(uintptr_t)(va + gran)),
           CUDA_ERROR_INVALID_VALUE);                /* not mapped */
  CHECK_CU(cuMemFree(va), CUDA_ERROR_INVALID_VALUE); /* a reservation is no allocation */
  /* released while mapped: usable until unmapped, then gone */
  CHECK_CU(cuMemRelease(h), CUDA_SUCCESS);
  CHECK_CU(cuMemcpyDtoH(back, va + 3 * gran - sizeof back, sizeof back), CUDA_SUCCESS);
  CHECK(memcmp(back, pattern, sizeof back) == 0);
  CHECK_CU(cuMemUnmap(va, 4 * gran), CUDA_SUCCESS); /* both mappings at once */
  CHECK_CU(cuMemRelease(h), CUDA_ERROR_INVALID_VALUE);
  CUmemAllocationProp read_back;
  CHECK_CU(cuMemGetAllocationPropertiesFromHandle(&read_back, h2), CUDA_SUCCESS);
  CHECK(read_back.type == CU_MEM_ALLOCATION_TYPE_PINNED && read_back.location.id == 0);
  CHECK_CU(cuMemRelease(h2), CUDA_SUCCESS);
  CHECK_CU(cuMemGetAllocationPropertiesFromHandle(&read_back, h2), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemAddressFree(va, 4 * gran), CUDA_SUCCESS);
  CHECK_CU(cuMemAddressFree(va, 4 * gran), CUDA_ERROR_INVALID_VALUE);

  /* the arena bounds both */
  size_t free_bytes = 0, total = 0;
  CHECK_CU(cuMemGetInfo(&free_bytes, &total), CUDA_SUCCESS);
  size_t too_much = (total / gran + 1) * gran;
  CHECK_CU(cuMemAddressReserve(&va, too_much, 0, 0, 0), CUDA_ERROR_OUT_OF_MEMORY);
  CHECK_CU(cuMemCreate(&h, too_much, &prop, 0), CUDA_ERROR_OUT_OF_MEMORY);

  /* cudaDeviceReset forgets reservations and handles */
  CHECK_CU(cuMemAddressReserve(&va, gran, 0, 0, 0), CUDA_SUCCESS);
  CHECK_CU(cuMemCreate(&h, gran, &prop, 0), CUDA_SUCCESS);
  CHECK_CU(cuMemMap(va, gran, 0, h, 0), CUDA_SUCCESS);
  CHECK_ERR(cudaDeviceReset(), cudaSuccess);
  CHECK_CU(cuMemRelease(h), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemUnmap(va, gran), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemAddressFree(va, gran), CUDA_ERROR_INVALID_VALUE);
  return check_finish("test_vmm");
}
