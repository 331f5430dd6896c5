// cudaPointerGetAttributes for every kind of pointer: cudaMalloc,
// cudaMallocAsync, cudaMallocHost, cudaHostAlloc(Mapped), cudaMallocManaged,
// a __device__ variable, registered malloc'd memory (by its host and its
// device pointer), unregistered host memory (heap and stack), interior
// pointers, a freed allocation. Prints the whole table (type, device,
// devicePointer / hostPointer as "self", "NULL" or "other") for the H200
// comparison and checks the fields CUDA documents.
// Compared with the H200 (CUDA 13, 2026-12-01): every line matches but the registered
// memory's: there devicePointer is the host pointer (cudaDevAttrCanUseHostPointerForRegisteredMem
// 1), on Anchor it is not (the attribute is 0: docs/runtime.md, "Registered host memory"), so
// "devicePointer=other" / "hostPointer=other" for the two registered lines.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                  \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

__device__ int dev_var[16];

static const char *rel(const void *field, const void *self) {
  return field == self ? "self" : field == NULL ? "NULL" : "other";
}

static cudaPointerAttributes row(const char *name, const void *p) {
  cudaPointerAttributes a;
  memset(&a, 0x7b, sizeof a);
  cudaError_t e = cudaPointerGetAttributes(&a, p);
  if (e == cudaSuccess)
    printf("%-24s rc=%d type=%d device=%d devicePointer=%s hostPointer=%s\n", name, (int)e,
           (int)a.type, a.device, rel(a.devicePointer, p), rel(a.hostPointer, p));
  else
    printf("%-24s rc=%d (%s)\n", name, (int)e, cudaGetErrorName(e));
  cudaGetLastError();
  return a;
}

int main() {
  int *dev, *async, *host, *mapped, *managed, *var;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMalloc(&dev, 1000);
  cudaMallocAsync((void **)&async, 1000, s);
  cudaStreamSynchronize(s);
  cudaMallocHost(&host, 1000);
  cudaHostAlloc((void **)&mapped, 1000, cudaHostAllocMapped);
  cudaMallocManaged(&managed, 1000);
  cudaGetSymbolAddress((void **)&var, dev_var);
  int *heap = (int *)malloc(100000);
  int *reg = heap + 1000, *reg_dev = NULL;
  CHECK(cudaHostRegister(reg, 4000, cudaHostRegisterDefault) == cudaSuccess, "register");
  cudaHostGetDevicePointer((void **)&reg_dev, reg, 0);
  int stack[4];

  cudaPointerAttributes a;
  a = row("cudaMalloc", dev);
  CHECK(a.type == cudaMemoryTypeDevice && a.device == 0 && a.devicePointer == dev &&
            a.hostPointer == NULL,
        "device");
  a = row("cudaMalloc+100", dev + 100);
  CHECK(a.type == cudaMemoryTypeDevice && a.devicePointer == dev + 100, "device interior");
  a = row("cudaMallocAsync", async);
  CHECK(a.type == cudaMemoryTypeDevice && a.devicePointer == async, "async");
  a = row("cudaMallocHost", host);
  CHECK(a.type == cudaMemoryTypeHost && a.device == 0 && a.hostPointer == host &&
            a.devicePointer == host,
        "host");
  a = row("cudaHostAlloc(Mapped)+3", mapped + 3);
  CHECK(a.type == cudaMemoryTypeHost && a.hostPointer == mapped + 3, "mapped");
  a = row("cudaMallocManaged", managed);
  CHECK(a.type == cudaMemoryTypeManaged && a.device == 0 && a.hostPointer == managed &&
            a.devicePointer == managed,
        "managed");
  a = row("__device__ variable", var);
  CHECK(a.type == cudaMemoryTypeDevice && a.devicePointer == var, "variable");
  a = row("registered (host ptr)", reg + 5);
  CHECK(a.type == cudaMemoryTypeHost && a.device == 0 && a.hostPointer == reg + 5 &&
            a.devicePointer == reg_dev + 5,
        "registered host pointer");
  a = row("registered (device ptr)", reg_dev + 5);
  CHECK(a.type == cudaMemoryTypeHost && a.hostPointer == reg + 5 && a.devicePointer == reg_dev + 5,
        "registered device pointer");
  a = row("malloc (unregistered)", heap);
  CHECK(a.type == cudaMemoryTypeUnregistered, "unregistered heap");
  a = row("stack (unregistered)", stack);
  CHECK(a.type == cudaMemoryTypeUnregistered, "unregistered stack");
  row("NULL", NULL);
  cudaFree(dev);
  a = row("freed cudaMalloc", dev);
  CHECK(a.type == cudaMemoryTypeUnregistered, "freed");
  cudaHostUnregister(reg);
  a = row("after unregister", reg);
  CHECK(a.type == cudaMemoryTypeUnregistered, "unregistered again");
  cudaError_t e = cudaPointerGetAttributes(NULL, host);
  printf("cudaPointerGetAttributes(NULL, p) = %d\n", (int)e);
  CHECK(e == cudaErrorInvalidValue, "NULL attributes");
  cudaGetLastError();

  size_t free_b = 0, total_b = 0, free_after = 0;
  CHECK(cudaMemGetInfo(&free_b, &total_b) == cudaSuccess && free_b > 0 && free_b <= total_b,
        "mem info");
  int *big;
  cudaMalloc(&big, 64 << 20);
  cudaMemGetInfo(&free_after, &total_b);
  printf("cudaMemGetInfo: 64 MiB allocation lowered free by %s\n",
         free_b - free_after >= (64u << 20) ? ">= 64 MiB" : "less");
  CHECK(free_b - free_after >= (64u << 20), "free falls by the allocation");
  cudaFree(big);

  // cudaMemRangeGetAttribute over managed memory: what the hints said
  const size_t MB = 1 << 20;
  char *um = NULL;
  CHECK(cudaMallocManaged(&um, 4 * MB) == cudaSuccess, "managed 4 MiB");
  int v = -5;
  CHECK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, um, 4 * MB) ==
            cudaSuccess && v == 0,
        "read mostly before advice: %d", v);
  cudaMemLocation dev0 = {cudaMemLocationTypeDevice, 0}, host_loc = {cudaMemLocationTypeHost, 0};
  CHECK(cudaMemAdvise(um, 2 * MB, cudaMemAdviseSetReadMostly, dev0) == cudaSuccess, "advise");
  cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, um, 2 * MB);
  CHECK(v == 1, "read mostly on the advised half: %d", v);
  cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, um, 4 * MB);
  CHECK(v == 0, "read mostly over the whole: %d", v);
  CHECK(cudaMemAdvise(um, 4 * MB, cudaMemAdviseSetPreferredLocation, host_loc) == cudaSuccess,
        "preferred host");
  cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, um + MB, MB);
  CHECK(v == cudaCpuDeviceId, "preferred location: %d", v);
  cudaMemAdvise(um + 3 * MB, MB, cudaMemAdviseSetPreferredLocation, dev0);
  cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, um, 4 * MB);
  CHECK(v == cudaInvalidDeviceId, "mixed preferred location: %d", v);
  cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, um + 3 * MB, MB);
  CHECK(v == 0, "preferred device 0: %d", v);
  cudaMemAdvise(um, 4 * MB, cudaMemAdviseSetAccessedBy, dev0);
  int by[3] = {7, 7, 7};
  CHECK(cudaMemRangeGetAttribute(by, sizeof by, cudaMemRangeAttributeAccessedBy, um, 4 * MB) ==
            cudaSuccess,
        "accessed by");
  CHECK(by[0] == 0 && by[1] == cudaInvalidDeviceId && by[2] == cudaInvalidDeviceId,
        "accessed by: %d %d %d", by[0], by[1], by[2]);
  CHECK(cudaMemPrefetchAsync(um, 4 * MB, dev0, 0, s) == cudaSuccess, "prefetch");
  cudaStreamSynchronize(s);
  int loc[2] = {-9, -9};
  void *datas[2] = {&loc[0], &loc[1]};
  size_t sizes[2] = {4, 4};
  cudaMemRangeAttribute attrs[2] = {cudaMemRangeAttributeLastPrefetchLocation,
                                    cudaMemRangeAttributeLastPrefetchLocationType};
  CHECK(cudaMemRangeGetAttributes(datas, sizes, attrs, 2, um, 4 * MB) == cudaSuccess &&
            loc[0] == 0 && loc[1] == cudaMemLocationTypeDevice,
        "last prefetch: %d type %d", loc[0], loc[1]);
  e = cudaMemRangeGetAttribute(&v, 8, cudaMemRangeAttributeReadMostly, um, MB);
  printf("cudaMemRangeGetAttribute(dataSize 8) = %d\n", (int)e);
  CHECK(e == cudaErrorInvalidValue, "data size");
  e = cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, heap, 64);
  printf("cudaMemRangeGetAttribute(unregistered) = %d\n", (int)e);
  cudaGetLastError();
  cudaFree(um);

  free(heap);
  cudaFreeAsync(async, s);
  cudaStreamDestroy(s);
  cudaFreeHost(host);
  cudaFreeHost(mapped);
  cudaFree(managed);
  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
