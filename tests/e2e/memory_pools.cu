// Stream-ordered allocation and memory pools: cudaMallocAsync/cudaFreeAsync
// on streams with kernels between them, the default pool and a created one,
// their statistics (reserved/used current and high), the release threshold,
// cudaMemPoolTrimTo, cudaMallocFromPoolAsync, cudaDeviceSetMemPool and
// access descriptors. Values are checked; each statistic is printed for the
// H200 comparison (CUDA's numbers include its own granularity: the checks
// are the relations CUDA guarantees). H200, CUDA 13, 2026-12-01: reserved is 33554432
// (32 MiB granules) where Anchor reserves each block as the arena rounds it (800256 for
// the two allocations, 1048576 for the 1 MiB one); used and usedHigh agree.
#include <cstdio>
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

__global__ void fill(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}
__global__ void add(const int *a, int *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] += a[i];
}

static unsigned long long stat(cudaMemPool_t pool, cudaMemPoolAttr attr) {
  unsigned long long v = ~0ull;
  cudaError_t e = cudaMemPoolGetAttribute(pool, attr, &v);
  if (e != cudaSuccess) {
    printf("FAIL: get attribute %d: %d\n", (int)attr, (int)e);
    failures++;
  }
  return v;
}

static void show(const char *when, cudaMemPool_t pool) {
  printf("%s: reserved=%llu reservedHigh=%llu used=%llu usedHigh=%llu\n", when,
         stat(pool, cudaMemPoolAttrReservedMemCurrent), stat(pool, cudaMemPoolAttrReservedMemHigh),
         stat(pool, cudaMemPoolAttrUsedMemCurrent), stat(pool, cudaMemPoolAttrUsedMemHigh));
}

int main() {
  int supported = 0;
  cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0);
  printf("MemoryPoolsSupported=%d\n", supported);
  CHECK(supported == 1, "pools supported");
  cudaMemPool_t def = NULL, cur = NULL;
  CHECK(cudaDeviceGetDefaultMemPool(&def, 0) == cudaSuccess && def, "default pool");
  CHECK(cudaDeviceGetMemPool(&cur, 0) == cudaSuccess && cur == def, "current is default");
  unsigned long long threshold = 1;
  cudaMemPoolGetAttribute(def, cudaMemPoolAttrReleaseThreshold, &threshold);
  printf("default release threshold=%llu\n", threshold);
  CHECK(threshold == 0, "default threshold 0");
  int reuse = -1;
  cudaMemPoolGetAttribute(def, cudaMemPoolReuseAllowInternalDependencies, &reuse);
  printf("ReuseAllowInternalDependencies=%d\n", reuse);

  // keep everything freed: a threshold above what we use
  unsigned long long keep = ~0ull;
  CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &keep) == cudaSuccess,
        "set threshold");

  const int n = 100000;
  const size_t bytes = n * sizeof(int);
  cudaStream_t s;
  cudaStreamCreate(&s);
  int *a = NULL, *b = NULL;
  CHECK(cudaMallocAsync((void **)&a, bytes, s) == cudaSuccess && a, "malloc async a");
  CHECK(cudaMallocAsync((void **)&b, bytes, s) == cudaSuccess && b, "malloc async b");
  show("after two allocations", def);
  CHECK(stat(def, cudaMemPoolAttrUsedMemCurrent) >= 2 * bytes, "used counts both");
  // H200, CUDA 13, 2026-12-01: used=800000, the bytes asked for; reserved=33554432 (CUDA
  // reserves pool memory in 32 MiB granules; Anchor what its arena rounds to: 512 bytes), so
  // the reserved figures here and below are the device's, the used ones CUDA's rule.
  CHECK(stat(def, cudaMemPoolAttrUsedMemCurrent) == 2 * bytes, "used is what was asked for");
  CHECK(stat(def, cudaMemPoolAttrReservedMemCurrent) >= stat(def, cudaMemPoolAttrUsedMemCurrent),
        "reserved >= used");
  cudaPointerAttributes pa;
  CHECK(cudaPointerGetAttributes(&pa, a) == cudaSuccess && pa.type == cudaMemoryTypeDevice,
        "async memory is device memory");

  fill<<<(n + 255) / 256, 256, 0, s>>>(a, n, 10);
  fill<<<(n + 255) / 256, 256, 0, s>>>(b, n, 1);
  add<<<(n + 255) / 256, 256, 0, s>>>(a, b, n);
  CHECK(cudaFreeAsync(a, s) == cudaSuccess, "free async a");
  // stream order: a's block may be reused by this allocation; the kernel after it must see
  // only its own values
  int *c = NULL;
  CHECK(cudaMallocAsync((void **)&c, bytes, s) == cudaSuccess && c, "malloc async c");
  printf("reused freed block: %d\n", c == a);
  fill<<<(n + 255) / 256, 256, 0, s>>>(c, n, 1000);
  static int hb[n], hc[n];
  cudaMemcpyAsync(hb, b, bytes, cudaMemcpyDeviceToHost, s);
  cudaMemcpyAsync(hc, c, bytes, cudaMemcpyDeviceToHost, s);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess, "sync");
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (hb[i] != (10 + i) + (1 + i) || hc[i] != 1000 + i) bad++;
  CHECK(bad == 0, "%d wrong values through stream-ordered allocations", bad);
  unsigned long long used_high = stat(def, cudaMemPoolAttrUsedMemHigh);
  CHECK(cudaFreeAsync(b, s) == cudaSuccess && cudaFreeAsync(c, s) == cudaSuccess, "frees");
  cudaStreamSynchronize(s);
  show("all freed, threshold max", def);
  CHECK(stat(def, cudaMemPoolAttrUsedMemCurrent) == 0, "nothing used");
  CHECK(stat(def, cudaMemPoolAttrReservedMemCurrent) >= 2 * bytes, "kept below the threshold");
  CHECK(stat(def, cudaMemPoolAttrUsedMemHigh) == used_high && used_high >= 2 * bytes, "high mark");

  // trimming gives the memory back
  CHECK(cudaMemPoolTrimTo(def, 0) == cudaSuccess, "trim");
  show("trimmed to 0", def);
  CHECK(stat(def, cudaMemPoolAttrReservedMemCurrent) == 0, "trim releases everything unused");
  // resetting the high marks (only 0 is allowed)
  unsigned long long zero = 0;
  CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &zero) == cudaSuccess, "reset");
  CHECK(stat(def, cudaMemPoolAttrUsedMemHigh) == 0, "used high reset to current");
  CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReservedMemHigh, &zero) == cudaSuccess, "reset");
  CHECK(stat(def, cudaMemPoolAttrReservedMemHigh) == 0, "reserved high reset to current");

  // a created pool, made current, and cudaMallocFromPoolAsync
  cudaMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t mine = NULL;
  CHECK(cudaMemPoolCreate(&mine, &props) == cudaSuccess && mine && mine != def, "create pool");
  cudaMemAccessDesc access = {{cudaMemLocationTypeDevice, 0}, cudaMemAccessFlagsProtReadWrite};
  CHECK(cudaMemPoolSetAccess(mine, &access, 1) == cudaSuccess, "set access");
  cudaMemAccessFlags flags = cudaMemAccessFlagsProtNone;
  cudaMemLocation where = {cudaMemLocationTypeDevice, 0};
  CHECK(cudaMemPoolGetAccess(&flags, mine, &where) == cudaSuccess &&
            flags == cudaMemAccessFlagsProtReadWrite,
        "get access %d", (int)flags);
  int *p = NULL;
  CHECK(cudaMallocFromPoolAsync((void **)&p, 4096, mine, s) == cudaSuccess && p, "from pool");
  CHECK(stat(mine, cudaMemPoolAttrUsedMemCurrent) >= 4096, "created pool's used");
  CHECK(stat(def, cudaMemPoolAttrUsedMemCurrent) == 0, "default pool untouched");
  CHECK(cudaDeviceSetMemPool(0, mine) == cudaSuccess, "set pool");
  CHECK(cudaDeviceGetMemPool(&cur, 0) == cudaSuccess && cur == mine, "current pool");
  int *q = NULL;
  CHECK(cudaMallocAsync((void **)&q, 100, s) == cudaSuccess && q, "malloc async from current");
  CHECK(stat(mine, cudaMemPoolAttrUsedMemCurrent) >= 4096 + 100, "current pool serves");
  fill<<<1, 25, 0, s>>>(q, 25, 7);
  int hq[25];
  cudaMemcpyAsync(hq, q, sizeof hq, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  CHECK(hq[0] == 7 && hq[24] == 31, "values in the created pool");
  // cudaFree of stream-ordered memory is allowed (it synchronises)
  CHECK(cudaFree(q) == cudaSuccess, "cudaFree of async memory");
  CHECK(cudaFreeAsync(p, s) == cudaSuccess, "free async p");
  cudaStreamSynchronize(s);
  cudaError_t e;
  CHECK(cudaDeviceSetMemPool(0, def) == cudaSuccess, "back to default");
  // destroying a pool with an allocation outstanding: the allocation stays valid until freed
  int *r = NULL;
  CHECK(cudaMallocFromPoolAsync((void **)&r, 64 * sizeof(int), mine, s) == cudaSuccess, "r");
  CHECK(cudaMemPoolDestroy(mine) == cudaSuccess, "destroy");
  fill<<<1, 64, 0, s>>>(r, 64, 3);
  int hr[64];
  cudaMemcpyAsync(hr, r, sizeof hr, cudaMemcpyDeviceToHost, s);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess && hr[0] == 3 && hr[63] == 66,
        "allocation of a destroyed pool");
  CHECK(cudaFreeAsync(r, s) == cudaSuccess, "free after destroy");
  cudaStreamSynchronize(s);

  // threshold 0 (CUDA's default): unused memory goes back at the next synchronisation
  CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &zero) == cudaSuccess,
        "threshold 0");
  int *t = NULL;
  CHECK(cudaMallocAsync((void **)&t, 1 << 20, s) == cudaSuccess, "malloc 1 MiB");
  fill<<<1, 32, 0, s>>>(t, 32, 0);
  CHECK(cudaFreeAsync(t, s) == cudaSuccess, "free 1 MiB");
  cudaStreamSynchronize(s);
  show("threshold 0, after free and synchronize", def);
  CHECK(stat(def, cudaMemPoolAttrReservedMemCurrent) == 0, "released at the synchronisation");

  // size 0: success and NULL, as cudaMalloc
  int *z = (int *)1;
  e = cudaMallocAsync((void **)&z, 0, s);
  printf("cudaMallocAsync(0) = %d ptr_null=%d\n", (int)e, z == NULL);
  cudaStreamDestroy(s);
  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
