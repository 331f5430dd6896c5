/* tests/runtime/test_driver_pool.c — the driver API's stream-ordered allocation and
 * memory pools (issue 9; docs/runtime.md "Driver API"), over the runtime's pools:
 * cuMemAllocAsync memory filled and read back in stream order, pools made, selected
 * (cuDeviceSetMemPool, CUDA 13's cuMemSetMemPool) and used, their attributes
 * following the allocations (shared with cudaMemPoolGetAttribute), access, trimming,
 * a captured allocation becoming an alloc node, and the codes of what Anchor does not
 * have (host and managed pools) and of bad calls. No kernels. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "cuda.h"
#include "cuda_runtime_api.h"

#define CHECK_CU CHECK_DRV

enum { N = 4096 };

static cuuint64_t used(CUmemoryPool pool) {
  cuuint64_t v = 0;
  CHECK_CU(cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &v), CUDA_SUCCESS);
  return v;
}

int main(void) {
  CUcontext ctx;
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CHECK_CU(cuDevicePrimaryCtxRetain(&ctx, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
  CUstream s;
  CHECK_CU(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);

  CUmemoryPool dflt = NULL, current = NULL, by_location = NULL;
  CHECK_CU(cuDeviceGetDefaultMemPool(&dflt, 0), CUDA_SUCCESS);
  CHECK_CU(cuDeviceGetMemPool(&current, 0), CUDA_SUCCESS);
  CUmemLocation device = {CU_MEM_LOCATION_TYPE_DEVICE, 0};
  CHECK_CU(cuMemGetDefaultMemPool(&by_location, &device, CU_MEM_ALLOCATION_TYPE_PINNED),
           CUDA_SUCCESS);
  CHECK(dflt && dflt == current && dflt == by_location);
  cudaMemPool_t runtime_pool = NULL;
  CHECK(cudaDeviceGetDefaultMemPool(&runtime_pool, 0) == cudaSuccess && runtime_pool == dflt);

  /* stream-ordered memory: filled, read back, freed, all on the stream */
  static uint32_t host[N];
  CUdeviceptr p = 0;
  cuuint64_t before = used(dflt);
  CHECK_CU(cuMemAllocAsync(&p, N * 4, s), CUDA_SUCCESS);
  CHECK(p != 0 && used(dflt) >= before + N * 4);
  CHECK_CU(cuMemsetD32Async(p, 0x5a5a5a5a, N, s), CUDA_SUCCESS);
  CHECK_CU(cuMemcpyDtoHAsync(host, p, sizeof host, s), CUDA_SUCCESS);
  CHECK_CU(cuMemFreeAsync(p, s), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
  CHECK(host[0] == 0x5a5a5a5a && host[N - 1] == 0x5a5a5a5a);
  CHECK(used(dflt) == before);
  CHECK_CU(cuMemFreeAsync(0, s), CUDA_SUCCESS);

  /* a pool of one's own, selected for cuMemAllocAsync */
  CUmemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
  props.location = device;
  CUmemoryPool pool = NULL;
  CHECK_CU(cuMemPoolCreate(&pool, &props), CUDA_SUCCESS);
  CHECK(pool && pool != dflt);
  cuuint64_t threshold = 1 << 20, value = 0;
  CHECK_CU(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &threshold),
           CUDA_SUCCESS);
  CHECK_CU(cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &value), CUDA_SUCCESS);
  CHECK(value == threshold);
  int flag = 0;
  CHECK_CU(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC, &flag),
           CUDA_SUCCESS);
  flag = 1;
  CHECK_CU(cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC, &flag),
           CUDA_SUCCESS);
  CHECK(flag == 0);
  CUdeviceptr q = 0;
  CHECK_CU(cuMemAllocFromPoolAsync(&q, N * 4, pool, s), CUDA_SUCCESS);
  CHECK(used(pool) >= N * 4);
  unsigned long long runtime_used = 0;
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &runtime_used) ==
            cudaSuccess &&
        runtime_used == used(pool));
  value = 1;
  CHECK_CU(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &value),
           CUDA_ERROR_INVALID_VALUE); /* read-only */
  CHECK_CU(cuMemFreeAsync(q, s), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
  CHECK(used(pool) == 0);
  value = 0;
  CHECK_CU(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_HIGH, &value), CUDA_SUCCESS);
  CHECK_CU(cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_HIGH, &value), CUDA_SUCCESS);
  CHECK(value == 0);

  CHECK_CU(cuDeviceSetMemPool(0, pool), CUDA_SUCCESS);
  CHECK_CU(cuDeviceGetMemPool(&current, 0), CUDA_SUCCESS);
  CHECK(current == pool);
  CHECK_CU(cuMemAllocAsync(&q, 256, s), CUDA_SUCCESS);
  CHECK(used(pool) == 256);
  CHECK_CU(cuMemFreeAsync(q, s), CUDA_SUCCESS);
  CHECK_CU(cuMemSetMemPool(&device, CU_MEM_ALLOCATION_TYPE_PINNED, dflt), CUDA_SUCCESS);
  CHECK_CU(cuMemGetMemPool(&current, &device, CU_MEM_ALLOCATION_TYPE_PINNED), CUDA_SUCCESS);
  CHECK(current == dflt);

  /* access: device 0 read-write, always */
  CUmemAccess_flags access = CU_MEM_ACCESS_FLAGS_PROT_NONE;
  CHECK_CU(cuMemPoolGetAccess(&access, pool, &device), CUDA_SUCCESS);
  CHECK(access == CU_MEM_ACCESS_FLAGS_PROT_READWRITE);
  CUmemAccessDesc desc = {device, CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
  CHECK_CU(cuMemPoolSetAccess(pool, &desc, 1), CUDA_SUCCESS);
  desc.flags = CU_MEM_ACCESS_FLAGS_PROT_READ;
  CHECK_CU(cuMemPoolSetAccess(pool, &desc, 1), CUDA_ERROR_INVALID_VALUE);
  desc = (CUmemAccessDesc){{CU_MEM_LOCATION_TYPE_DEVICE, 3}, CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
  CHECK_CU(cuMemPoolSetAccess(pool, &desc, 1), CUDA_ERROR_INVALID_DEVICE);

  CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
  CHECK_CU(cuMemPoolTrimTo(pool, 0), CUDA_SUCCESS);
  CHECK_CU(cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT, &value), CUDA_SUCCESS);
  CHECK(value == 0);
  CHECK_CU(cuMemPoolDestroy(pool), CUDA_SUCCESS);
  CHECK_CU(cuMemPoolDestroy(pool), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemPoolTrimTo(pool, 0), CUDA_ERROR_INVALID_VALUE);

  /* captured: an alloc node, its memory the graph's */
  CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL), CUDA_SUCCESS);
  CHECK_CU(cuMemAllocAsync(&q, 512, s), CUDA_SUCCESS);
  CHECK(q != 0);
  CHECK_CU(cuMemFreeAsync(q, s), CUDA_SUCCESS);
  CUgraph g = NULL;
  CHECK_CU(cuStreamEndCapture(s, &g), CUDA_SUCCESS);
  CUgraphNode nodes[2];
  size_t count = 2;
  CHECK_CU(cuGraphGetNodes(g, nodes, &count), CUDA_SUCCESS);
  CUgraphNodeType t0 = CU_GRAPH_NODE_TYPE_EMPTY, t1 = CU_GRAPH_NODE_TYPE_EMPTY;
  CHECK(count == 2 && cuGraphNodeGetType(nodes[0], &t0) == CUDA_SUCCESS &&
        cuGraphNodeGetType(nodes[1], &t1) == CUDA_SUCCESS);
  CHECK(t0 == CU_GRAPH_NODE_TYPE_MEM_ALLOC && t1 == CU_GRAPH_NODE_TYPE_MEM_FREE);
  CHECK_CU(cuGraphDestroy(g), CUDA_SUCCESS);

  /* pools of host and managed memory (an H100: both CUDA_SUCCESS), each its own; bad calls */
  CUmemLocation host_location = {CU_MEM_LOCATION_TYPE_HOST, 0};
  CUmemoryPool host_pool = NULL, managed_pool = NULL, device_pool = NULL;
  CHECK_CU(cuMemGetDefaultMemPool(&host_pool, &host_location, CU_MEM_ALLOCATION_TYPE_PINNED),
           CUDA_SUCCESS);
  CHECK_CU(cuMemGetMemPool(&managed_pool, &device, CU_MEM_ALLOCATION_TYPE_MANAGED), CUDA_SUCCESS);
  CHECK_CU(cuDeviceGetDefaultMemPool(&device_pool, 0), CUDA_SUCCESS);
  CHECK(host_pool && managed_pool && host_pool != managed_pool && host_pool != device_pool &&
        managed_pool != device_pool);
  CHECK_CU(cuMemSetMemPool(&device, CU_MEM_ALLOCATION_TYPE_PINNED, host_pool),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuDeviceSetMemPool(0, host_pool), CUDA_ERROR_INVALID_VALUE); /* not the device's */
  CHECK_CU(cuDeviceSetMemPool(0, managed_pool), CUDA_SUCCESS);          /* local to it: an H100 */
  CHECK_CU(cuDeviceGetMemPool(&current, 0), CUDA_SUCCESS);
  CHECK(current == managed_pool);
  CHECK_CU(cuDeviceSetMemPool(0, device_pool), CUDA_SUCCESS);
  CUmemLocation nowhere = {CU_MEM_LOCATION_TYPE_NONE, 0};
  CHECK_CU(cuMemGetMemPool(&current, &nowhere, CU_MEM_ALLOCATION_TYPE_PINNED),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemGetMemPool(&current, &nowhere, CU_MEM_ALLOCATION_TYPE_MANAGED), CUDA_SUCCESS);
  CUdeviceptr in_host = 0;
  CHECK_CU(cuMemAllocFromPoolAsync(&in_host, 256, host_pool, s), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
  unsigned memory_type = 0;
  CHECK_CU(cuPointerGetAttribute(&memory_type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, in_host),
           CUDA_SUCCESS);
  CHECK(memory_type == CU_MEMORYTYPE_HOST);
  CHECK_CU(cuMemFreeAsync(in_host, s), CUDA_SUCCESS);
  CUmemLocation device1 = {CU_MEM_LOCATION_TYPE_DEVICE, 1};
  CHECK_CU(cuMemGetMemPool(&current, &device1, CU_MEM_ALLOCATION_TYPE_PINNED),
           CUDA_ERROR_INVALID_DEVICE);
  CHECK_CU(cuMemGetMemPool(&current, NULL, CU_MEM_ALLOCATION_TYPE_PINNED),
           CUDA_ERROR_INVALID_VALUE);
  props.handleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  CHECK_CU(cuMemPoolCreate(&pool, &props), CUDA_ERROR_NOT_SUPPORTED);
  props.handleTypes = CU_MEM_HANDLE_TYPE_NONE;
  props.location.id = 2;
  CHECK_CU(cuMemPoolCreate(&pool, &props), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemPoolCreate(NULL, &props), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuDeviceGetDefaultMemPool(&current, 1), CUDA_ERROR_INVALID_DEVICE);
  CHECK_CU(cuDeviceGetMemPool(&current, 1), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuDeviceSetMemPool(0, (CUmemoryPool)(uintptr_t)0x40), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemAllocAsync(NULL, 64, s), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemAllocAsync(&q, 64, (CUstream)(uintptr_t)0x10), CUDA_ERROR_INVALID_HANDLE);
  CHECK_CU(cuMemAllocFromPoolAsync(&q, 64, NULL, s), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemAllocFromPoolAsync(&q, 64, (CUmemoryPool)(uintptr_t)0x40, s),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemPoolGetAttribute(dflt, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, NULL),
           CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuMemPoolGetAccess(NULL, dflt, &device), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuStreamDestroy(s), CUDA_SUCCESS);
  return check_finish("test_driver_pool");
}
