/* tests/runtime/test_driver_hints.c — the driver API's unified-memory hints, attaching,
 * pointer attributes and peer copies (issue 9; docs/runtime.md "Driver API"):
 * cuMemAdvise/cuMemPrefetchAsync recorded and read back by cuMemRangeGetAttribute(s)
 * (the runtime's core_hints.c), cuStreamAttachMemAsync's argument rules,
 * CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, cuMemcpyPeer/Async and cuMemcpy3DPeer between two
 * contexts of the one device (values checked), peer access and attributes as one
 * device answers them, and the codes of bad calls. No kernels. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "cuda.h"

#define CHECK_CU CHECK_DRV

enum { BYTES = 1 << 16 };

static void hints(CUstream s) {
  CUdeviceptr m, d;
  CHECK_CU(cuMemAllocManaged(&m, BYTES, CU_MEM_ATTACH_GLOBAL), CUDA_SUCCESS);
  CHECK_CU(cuMemAlloc(&d, BYTES), CUDA_SUCCESS);
  CUmemLocation dev0 = {CU_MEM_LOCATION_TYPE_DEVICE, 0};
  CUmemLocation host = {CU_MEM_LOCATION_TYPE_HOST, 0};
  int value = -7;
  CHECK_CU(cuMemRangeGetAttribute(&value, 4, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, BYTES),
           CUDA_SUCCESS);
  CHECK(value == 0);
  CHECK_CU(cuMemAdvise(m, BYTES, CU_MEM_ADVISE_SET_READ_MOSTLY, dev0), CUDA_SUCCESS);
  CHECK_CU(cuMemRangeGetAttribute(&value, 4, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, BYTES),
           CUDA_SUCCESS);
  CHECK(value == 1);
  CHECK_CU(cuMemAdvise(m, BYTES, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, dev0), CUDA_SUCCESS);
  CHECK_CU(cuMemRangeGetAttribute(&value, 4, CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, m, BYTES),
           CUDA_SUCCESS);
  CHECK(value == 0);
  CHECK_CU(cuMemPrefetchAsync(m, BYTES, dev0, 0, s), CUDA_SUCCESS);
  int last = -7, type = -7;
  void *data[2] = {&last, &type};
  size_t sizes[2] = {4, 4};
  CUmem_range_attribute which[2] = {CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION,
                                    CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE};
  CHECK_CU(cuMemRangeGetAttributes(data, sizes, which, 2, m, BYTES), CUDA_SUCCESS);
  CHECK(last == 0 && type == CU_MEM_LOCATION_TYPE_DEVICE);
  CHECK_CU(cuMemPrefetchAsync(m, BYTES / 2, host, 0, s), CUDA_SUCCESS);
  CHECK_CU(cuMemRangeGetAttributes(data, sizes, which, 2, m, BYTES / 2), CUDA_SUCCESS);
  CHECK(type == CU_MEM_LOCATION_TYPE_HOST);
  CHECK_CU(cuMemAdvise(m, BYTES, CU_MEM_ADVISE_UNSET_READ_MOSTLY, dev0), CUDA_SUCCESS);
  CHECK_CU(cuMemRangeGetAttribute(&value, 4, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, BYTES),
           CUDA_SUCCESS);
  CHECK(value == 0);
  /* bad calls */
  CHECK_CU(cuMemAdvise(d, BYTES, CU_MEM_ADVISE_SET_READ_MOSTLY, dev0), CUDA_ERROR_INVALID_VALUE);
  CUmemLocation dev1 = {CU_MEM_LOCATION_TYPE_DEVICE, 1};
  CHECK_CU(cuMemAdvise(m, BYTES, CU_MEM_ADVISE_SET_ACCESSED_BY, dev1), CUDA_ERROR_INVALID_DEVICE);
  CHECK_CU(cuMemAdvise(m, BYTES, (CUmem_advise)0, dev0), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemPrefetchAsync(m, BYTES, dev0, 1, s), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemPrefetchAsync(m, BYTES, dev0, 0, (CUstream)(uintptr_t)0x10),
           CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuMemPrefetchAsync(m, BYTES * 2, dev0, 0, s), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemRangeGetAttribute(&value, 4, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, d, BYTES),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemRangeGetAttributes(NULL, sizes, which, 2, m, BYTES), CUDA_ERROR_INVALID_VALUE);

  /* attaching: CUDA's argument rules, nothing to move */
  CHECK_CU(cuStreamAttachMemAsync(s, m, 0, CU_MEM_ATTACH_SINGLE), CUDA_SUCCESS);
  CHECK_CU(cuStreamAttachMemAsync(s, m, BYTES, CU_MEM_ATTACH_GLOBAL), CUDA_SUCCESS);
  CHECK_CU(cuStreamAttachMemAsync(NULL, m, 0, CU_MEM_ATTACH_SINGLE), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamAttachMemAsync(s, m, 16, CU_MEM_ATTACH_HOST), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamAttachMemAsync(s, d, 0, CU_MEM_ATTACH_HOST), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamAttachMemAsync(s, m, 0, 8), CUDA_ERROR_INVALID_VALUE);

  /* pointer attributes: SYNC_MEMOPS only */
  unsigned one = 1;
  CHECK_CU(cuPointerSetAttribute(&one, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, d), CUDA_SUCCESS);
  CHECK_CU(cuPointerSetAttribute(&one, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, d),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuPointerSetAttribute(&one, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, 0x1000),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuPointerSetAttribute(NULL, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, d),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
  CHECK_CU(cuMemFree(m), CUDA_SUCCESS);
  CHECK_CU(cuMemFree(d), CUDA_SUCCESS);
}

static void peers(CUcontext primary, CUstream s) {
  CUcontext other;
  CHECK_CU(cuCtxCreate(&other, NULL, 0, 0), CUDA_SUCCESS); /* now current */
  static uint32_t host[BYTES / 4];
  CUdeviceptr a, b;
  CHECK_CU(cuMemAlloc(&b, BYTES), CUDA_SUCCESS); /* other's */
  CHECK_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  CHECK_CU(cuMemAlloc(&a, BYTES), CUDA_SUCCESS); /* primary's */
  for (int i = 0; i < BYTES / 4; i++)
    host[i] = (uint32_t)i * 2654435761u;
  CHECK_CU(cuMemcpyHtoD(a, host, BYTES), CUDA_SUCCESS);
  CHECK_CU(cuMemsetD32(b, 0, BYTES / 4), CUDA_SUCCESS);
  CHECK_CU(cuMemcpyPeer(b, other, a, primary, BYTES / 2), CUDA_SUCCESS);
  /* A device-to-device memset or copy may return before it is done (CUDA's API
   * synchronization rules), and s does not wait for the legacy stream: without this the
   * memset could land after the asynchronous copy below (seen once under ASan in CI). */
  CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
  CHECK_CU(cuMemcpyPeerAsync(b + BYTES / 2, other, a + BYTES / 2, primary, BYTES / 2, s),
           CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
  static uint32_t back[BYTES / 4];
  CHECK_CU(cuMemcpyDtoH(back, b, BYTES), CUDA_SUCCESS);
  CHECK(memcmp(back, host, BYTES) == 0);
  /* a 64 x 16 box of rows (pitch 256) to packed rows in the other context */
  CUDA_MEMCPY3D_PEER p;
  memset(&p, 0, sizeof p);
  p.srcMemoryType = CU_MEMORYTYPE_DEVICE, p.srcDevice = a, p.srcContext = primary;
  p.srcPitch = 256, p.srcXInBytes = 16, p.srcY = 2;
  p.dstMemoryType = CU_MEMORYTYPE_DEVICE, p.dstDevice = b, p.dstContext = other, p.dstPitch = 64;
  p.WidthInBytes = 64, p.Height = 16, p.Depth = 1;
  CHECK_CU(cuMemsetD32(b, 0, BYTES / 4), CUDA_SUCCESS);
  CHECK_CU(cuMemcpy3DPeer(&p), CUDA_SUCCESS);
  CHECK_CU(cuMemcpyDtoH(back, b, 64 * 16), CUDA_SUCCESS);
  int good = 1;
  for (int row = 0; row < 16; row++)
    for (int w = 0; w < 16; w++)
      good &= back[row * 16 + w] == host[((2 + row) * 256 + 16) / 4 + w];
  CHECK(good);
  p.dstDevice = b + 4096;
  CHECK_CU(cuMemcpy3DPeerAsync(&p, s), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
  CHECK_CU(cuMemcpyDtoH(back, b + 4096, 64), CUDA_SUCCESS);
  CHECK(back[0] == host[(2 * 256 + 16) / 4]);

  /* one device is no peer of itself */
  CHECK_CU(cuCtxEnablePeerAccess(other, 0), CUDA_ERROR_PEER_ACCESS_UNSUPPORTED);
  CHECK_CU(cuCtxEnablePeerAccess(other, 1), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuCtxDisablePeerAccess(other), CUDA_ERROR_PEER_ACCESS_NOT_ENABLED);
  int attr = -1;
  CHECK_CU(cuDeviceGetP2PAttribute(&attr, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, 0, 0),
           CUDA_ERROR_INVALID_DEVICE);
  CHECK_CU(cuDeviceGetP2PAttribute(NULL, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, 0, 0),
           CUDA_ERROR_INVALID_VALUE);

  CHECK_CU(cuMemFree(b), CUDA_SUCCESS);
  CHECK_CU(cuCtxDestroy(other), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  /* a destroyed context is no peer */
  CHECK_CU(cuMemcpyPeer(a, other, a, primary, 4), CUDA_ERROR_INVALID_CONTEXT);
  CHECK_CU(cuCtxEnablePeerAccess(other, 0), CUDA_ERROR_INVALID_CONTEXT);
  p.dstContext = other;
  CHECK_CU(cuMemcpy3DPeer(&p), CUDA_ERROR_INVALID_CONTEXT);
  CHECK_CU(cuMemcpy3DPeer(NULL), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemFree(a), CUDA_SUCCESS);
}

int main(void) {
  CUcontext primary;
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CHECK_CU(cuDevicePrimaryCtxRetain(&primary, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);
  CUstream s;
  CHECK_CU(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  hints(s);
  peers(primary, s);
  CHECK_CU(cuStreamDestroy(s), CUDA_SUCCESS);
  return check_finish("test_driver_hints");
}
