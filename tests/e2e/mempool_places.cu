// CUDA 13's memory pools by location and allocation type: the default pools of pinned
// host memory and of managed memory (cudaMemGetDefaultMemPool), pools created there
// (cudaMemPoolCreate), cudaMemGetMemPool/cudaMemSetMemPool, allocations from each
// (cudaMallocFromPoolAsync) that the host and a kernel both use, and what
// cudaPointerGetAttributes says of them. An H100 (CUDA 13.0, 2026-12-07) answered
// cuMemGetDefaultMemPool for a host location (pinned) and for managed memory with
// CUDA_SUCCESS (tests/runtime/cuda/driver_issue9_codes.cpp), and this program's nvcc build
// settled the rest on an H100 the same day.
#include <cstdio>
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
#define OK(call) CHECK((call) == cudaSuccess, "%s: %s", #call, cudaGetErrorName(cudaGetLastError()))

__global__ void scale(const int *in, int *out, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * k + i;
}

// One allocation from pool: written by the host where the memory is host-accessible,
// read and written by a kernel, checked by the host.
static void use(cudaMemPool_t pool, cudaStream_t s, bool host_access, cudaMemoryType want,
                const char *what) {
  const int n = 1000;
  int *a = nullptr, *b = nullptr;
  OK(cudaMallocFromPoolAsync((void **)&a, n * sizeof(int), pool, s));
  OK(cudaMallocFromPoolAsync((void **)&b, n * sizeof(int), pool, s));
  OK(cudaStreamSynchronize(s));
  cudaPointerAttributes at{};
  OK(cudaPointerGetAttributes(&at, a));
  CHECK(at.type == want, "%s: pointer type %d, want %d", what, (int)at.type, (int)want);
  static int host[1000];
  for (int i = 0; i < n; i++) host[i] = 3 * i - 7;
  if (host_access)
    for (int i = 0; i < n; i++) a[i] = host[i];
  else
    OK(cudaMemcpyAsync(a, host, n * sizeof(int), cudaMemcpyHostToDevice, s));
  scale<<<(n + 127) / 128, 128, 0, s>>>(a, b, n, 5);
  OK(cudaGetLastError());
  OK(cudaStreamSynchronize(s));
  int bad = 0;
  for (int i = 0; i < n; i++) {
    int got = host_access ? b[i] : 0;
    if (!host_access) OK(cudaMemcpy(&got, b + i, sizeof got, cudaMemcpyDeviceToHost));
    if (got != host[i] * 5 + i && bad++ < 3) printf("  %s: b[%d] = %d, want %d\n", what, i, got, host[i] * 5 + i);
  }
  CHECK(bad == 0, "%s: %d wrong values", what, bad);
  unsigned long long used = 0;
  OK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
  CHECK(used >= 2 * n * sizeof(int), "%s: used %llu", what, used);
  OK(cudaFreeAsync(a, s));
  OK(cudaFreeAsync(b, s));
  OK(cudaStreamSynchronize(s));
  printf("%s: %d values right, pointer type %d\n", what, n - bad, (int)at.type);
}

int main() {
  cudaStream_t s;
  OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaMemLocation dev0 = {cudaMemLocationTypeDevice, 0};
  cudaMemLocation host = {cudaMemLocationTypeHost, 0};
  cudaMemLocation none = {cudaMemLocationTypeNone, 0};

  // the defaults: the device's pinned pool is cudaDeviceGetDefaultMemPool's
  cudaMemPool_t device_default = nullptr, d2 = nullptr, host_default = nullptr,
                managed_default = nullptr, managed_host = nullptr;
  OK(cudaDeviceGetDefaultMemPool(&device_default, 0));
  OK(cudaMemGetDefaultMemPool(&d2, &dev0, cudaMemAllocationTypePinned));
  CHECK(d2 == device_default, "the device's pinned default is cudaDeviceGetDefaultMemPool's");
  OK(cudaMemGetDefaultMemPool(&host_default, &host, cudaMemAllocationTypePinned));
  OK(cudaMemGetDefaultMemPool(&managed_default, &dev0, cudaMemAllocationTypeManaged));
  CHECK(host_default && host_default != device_default, "a host pool of its own");
  CHECK(managed_default && managed_default != device_default && managed_default != host_default,
        "a managed pool of its own");
  OK(cudaMemGetDefaultMemPool(&managed_host, &host, cudaMemAllocationTypeManaged)); /* an H100 */
  CHECK(managed_host && managed_host != managed_default, "managed pools per preferred location");
  CHECK(cudaMemGetDefaultMemPool(&d2, &none, cudaMemAllocationTypePinned) == cudaErrorInvalidValue,
        "no location is for managed pools only (CUDA's documentation)");
  (void)cudaGetLastError();
  CHECK(cudaMemGetDefaultMemPool(nullptr, &host, cudaMemAllocationTypePinned) ==
            cudaErrorInvalidValue,
        "NULL pool");
  (void)cudaGetLastError();

  // the device may use the host pool's memory once granted (a no-op where it always may)
  cudaMemAccessDesc access = {dev0, cudaMemAccessFlagsProtReadWrite};
  OK(cudaMemPoolSetAccess(host_default, &access, 1));
  use(host_default, s, true, cudaMemoryTypeHost, "default host pool");
  use(managed_default, s, true, cudaMemoryTypeManaged, "default managed pool");
  use(device_default, s, false, cudaMemoryTypeDevice, "default device pool");

  // created pools of each kind; current pools per location and type
  cudaMemPoolProps props{};
  props.allocType = cudaMemAllocationTypePinned;
  props.location = host;
  cudaMemPool_t made_host = nullptr, made_managed = nullptr, current = nullptr;
  OK(cudaMemPoolCreate(&made_host, &props));
  props.allocType = cudaMemAllocationTypeManaged;
  props.location = dev0;
  OK(cudaMemPoolCreate(&made_managed, &props));
  OK(cudaMemPoolSetAccess(made_host, &access, 1));
  use(made_host, s, true, cudaMemoryTypeHost, "created host pool");
  use(made_managed, s, true, cudaMemoryTypeManaged, "created managed pool");

  OK(cudaMemGetMemPool(&current, &host, cudaMemAllocationTypePinned));
  CHECK(current == host_default, "the host's current pool is its default at first");
  OK(cudaMemSetMemPool(&host, cudaMemAllocationTypePinned, made_host));
  OK(cudaMemGetMemPool(&current, &host, cudaMemAllocationTypePinned));
  CHECK(current == made_host, "cudaMemSetMemPool made it current");
  OK(cudaDeviceGetMemPool(&current, 0));
  CHECK(current == device_default, "the device's current pool is untouched");
  CHECK(cudaMemSetMemPool(&dev0, cudaMemAllocationTypePinned, made_host) == cudaErrorInvalidValue,
        "a host pool is not the device's");
  (void)cudaGetLastError();
  CHECK(cudaMemSetMemPool(&host, cudaMemAllocationTypeManaged, made_host) == cudaErrorInvalidValue,
        "a pinned pool is not a managed one");
  (void)cudaGetLastError();
  // a managed pool local to the device may be the device's (an H100 took it, 2026-12-07):
  // cudaMallocAsync then gives managed memory; a host pool may not (CUDA: "local to the device")
  OK(cudaDeviceSetMemPool(0, made_managed));
  OK(cudaDeviceGetMemPool(&current, 0));
  CHECK(current == made_managed, "the device's current pool is the managed one");
  int *m = nullptr;
  OK(cudaMallocAsync((void **)&m, 4096, s));
  OK(cudaStreamSynchronize(s));
  cudaPointerAttributes at{};
  OK(cudaPointerGetAttributes(&at, m));
  CHECK(at.type == cudaMemoryTypeManaged, "cudaMallocAsync from a managed pool: type %d", (int)at.type);
  OK(cudaFreeAsync(m, s));
  OK(cudaDeviceSetMemPool(0, device_default));
  CHECK(cudaDeviceSetMemPool(0, made_host) == cudaErrorInvalidValue, "a host pool is not local to the device");
  (void)cudaGetLastError();
  OK(cudaMemSetMemPool(&host, cudaMemAllocationTypePinned, host_default));
  OK(cudaMemPoolDestroy(made_host));
  OK(cudaMemPoolDestroy(made_managed));
  CHECK(cudaMemPoolDestroy(host_default) == cudaErrorInvalidValue, "a default pool stays (an H100)");
  (void)cudaGetLastError();
  OK(cudaStreamDestroy(s));
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures ? 1 : 0;
}
