// Zero-copy: kernels read and write host memory directly — malloc'd pages
// registered with cudaHostRegister (through the device pointer that
// cudaHostGetDevicePointer gives, and, where the device says it may, the host
// pointer itself) and cudaHostAlloc(Mapped) memory. The host sees the results
// without any copy. Prints each query's result for the H200 comparison.
// Compared with the H200 (CUDA 13, 2026-12-01): every line matches but
// CanUseHostPointerForRegisteredMem (1 there, 0 on Anchor, whose registrations have their own
// device pointer) and so same_as_host (1 there, 0 here).
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

__global__ void increment(int *data, int n, int by) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += by + i;
}

__global__ void sum_into(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * 2.0f + 1.0f;
}

int main() {
  int can_use_host = -1, host_register = -1, map = -1, ro = -1;
  cudaDeviceGetAttribute(&can_use_host, cudaDevAttrCanUseHostPointerForRegisteredMem, 0);
  cudaDeviceGetAttribute(&host_register, cudaDevAttrHostRegisterSupported, 0);
  cudaDeviceGetAttribute(&map, cudaDevAttrCanMapHostMemory, 0);
  cudaDeviceGetAttribute(&ro, cudaDevAttrHostRegisterReadOnlySupported, 0);
  printf("attr CanUseHostPointerForRegisteredMem=%d HostRegisterSupported=%d CanMapHostMemory=%d "
         "HostRegisterReadOnlySupported=%d\n",
         can_use_host, host_register, map, ro);

  // 1. malloc'd memory, registered (unaligned start, odd size)
  const int n = 3000;
  char *raw = (char *)malloc(n * sizeof(int) + 64);
  int *host = (int *)(raw + 16);
  for (int i = 0; i < n; i++) host[i] = 7 * i;
  cudaError_t e = cudaHostRegister(host, n * sizeof(int), cudaHostRegisterMapped);
  printf("cudaHostRegister(malloc, Mapped) = %d\n", (int)e);
  CHECK(e == cudaSuccess, "register: %s", cudaGetErrorString(e));
  unsigned flags = 99;
  e = cudaHostGetFlags(&flags, host);
  printf("cudaHostGetFlags(registered) = %d flags=%u (documented for cudaHostAlloc only)\n",
         (int)e, flags);
  // H200, CUDA 13, 2026-12-01: cudaSuccess, flags 2 (the registration's Mapped)
  CHECK(e == cudaSuccess && flags == cudaHostRegisterMapped, "flags of a Mapped registration");
  cudaGetLastError();
  int *dev = NULL;
  e = cudaHostGetDevicePointer((void **)&dev, host, 0);
  printf("cudaHostGetDevicePointer(registered) = %d same_as_host=%d\n", (int)e, dev == host);
  CHECK(e == cudaSuccess && dev, "device pointer");
  if (can_use_host == 1) CHECK(dev == host, "CanUseHostPointer says host pointer works");
  int *mid = NULL;
  e = cudaHostGetDevicePointer((void **)&mid, host + 100, 0);
  CHECK(e == cudaSuccess && mid == dev + 100, "interior device pointer");

  increment<<<(n + 255) / 256, 256>>>(dev, n, 5);
  e = cudaDeviceSynchronize();
  CHECK(e == cudaSuccess, "sync: %s", cudaGetErrorString(e));
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (host[i] != 7 * i + 5 + i) bad++;
  CHECK(bad == 0, "%d values wrong after kernel on registered memory (host[1]=%d)", bad, host[1]);

  // the host writes, the kernel sees it; a second kernel through an interior pointer
  for (int i = 0; i < n; i++) host[i] = i;
  increment<<<1, 100>>>(mid, 100, 1000);
  cudaDeviceSynchronize();
  bad = 0;
  for (int i = 0; i < n; i++) {
    int want = i >= 100 && i < 200 ? i + 1000 + (i - 100) : i;
    if (host[i] != want) bad++;
  }
  CHECK(bad == 0, "%d values wrong after kernel through an interior pointer", bad);

  // cudaMemcpy with the device pointer and with the host pointer reach the same bytes
  int back[4] = {0};
  e = cudaMemcpy(back, dev + 10, sizeof back, cudaMemcpyDeviceToHost);
  CHECK(e == cudaSuccess && back[0] == 10 && back[3] == 13, "memcpy from device pointer: %d %d",
        (int)e, back[0]);
  int *d_buf;
  cudaMalloc(&d_buf, 64 * sizeof(int));
  e = cudaMemcpy(d_buf, host, 64 * sizeof(int), cudaMemcpyHostToDevice);
  CHECK(e == cudaSuccess, "memcpy from registered host pointer");
  e = cudaMemcpy(dev + 1000, d_buf, 64 * sizeof(int), cudaMemcpyDeviceToDevice);
  CHECK(e == cudaSuccess && host[1000] == 0 && host[1063] == 63, "memcpy D2D into registered: %d %d",
        (int)e, host[1063]);
  e = cudaMemset(dev, 0, 8 * sizeof(int));
  cudaDeviceSynchronize();
  CHECK(e == cudaSuccess && host[0] == 0 && host[7] == 0 && host[8] == 8, "memset registered: %d",
        (int)e);

  cudaPointerAttributes a;
  e = cudaPointerGetAttributes(&a, host + 3);
  printf("attributes(registered host+3) = %d type=%d device=%d host_ok=%d dev_ok=%d\n", (int)e,
         (int)a.type, a.device, a.hostPointer == host + 3, a.devicePointer == dev + 3);
  CHECK(e == cudaSuccess && a.type == cudaMemoryTypeHost && a.hostPointer == host + 3 &&
            a.devicePointer == dev + 3,
        "attributes of registered memory");

  e = cudaHostUnregister(host);
  printf("cudaHostUnregister = %d\n", (int)e);
  CHECK(e == cudaSuccess, "unregister");
  // the memory is the program's again, with its bytes
  CHECK(host[8] == 8 && host[n - 1] == n - 1, "bytes kept after unregister: %d", host[n - 1]);
  host[0] = 42;
  CHECK(host[0] == 42, "writable after unregister");
  free(raw);

  // two small malloc'd blocks (most likely in one page), registered separately
  int *small_a = (int *)malloc(40 * sizeof(int)), *small_b = (int *)malloc(40 * sizeof(int));
  for (int i = 0; i < 40; i++) small_a[i] = i, small_b[i] = 100 * i;
  CHECK(cudaHostRegister(small_a, 40 * sizeof(int), 0) == cudaSuccess, "register small a");
  CHECK(cudaHostRegister(small_b, 40 * sizeof(int), 0) == cudaSuccess, "register small b");
  int *dsa, *dsb;
  cudaHostGetDevicePointer((void **)&dsa, small_a, 0);
  cudaHostGetDevicePointer((void **)&dsb, small_b, 0);
  increment<<<1, 40>>>(dsa, 40, 1);
  increment<<<1, 40>>>(dsb, 40, 2);
  CHECK(cudaDeviceSynchronize() == cudaSuccess, "sync small");
  CHECK(cudaHostUnregister(small_a) == cudaSuccess, "unregister small a");
  increment<<<1, 40>>>(dsb, 40, 0); /* b still registered, its page shared with a's maybe */
  CHECK(cudaDeviceSynchronize() == cudaSuccess, "sync small 2");
  bad = 0;
  for (int i = 0; i < 40; i++)
    if (small_a[i] != i + 1 + i || small_b[i] != 100 * i + 2 + i + i) bad++;
  CHECK(bad == 0, "%d wrong in two small registrations (a[1]=%d b[1]=%d)", bad, small_a[1],
        small_b[1]);
  CHECK(cudaHostUnregister(small_b) == cudaSuccess, "unregister small b");
  small_a[0] = small_b[0] = -1; /* the program's memory again */
  free(small_a);
  free(small_b);

  // 2. a large page-aligned malloc (registered with the ReadOnly flag: the kernel reads)
  const int m = 1 << 18;
  float *in = (float *)malloc(m * sizeof(float));
  float *out_host = NULL;
  for (int i = 0; i < m; i++) in[i] = (float)(i % 1000);
  e = cudaHostRegister(in, m * sizeof(float), cudaHostRegisterDefault);
  CHECK(e == cudaSuccess, "register large: %s", cudaGetErrorString(e));
  // 3. cudaHostAlloc(Mapped): the kernel writes, the host reads
  e = cudaHostAlloc((void **)&out_host, m * sizeof(float), cudaHostAllocMapped);
  CHECK(e == cudaSuccess, "cudaHostAlloc mapped");
  e = cudaHostGetFlags(&flags, out_host);
  printf("cudaHostGetFlags(cudaHostAlloc Mapped) = %d flags=%u\n", (int)e, flags);
  CHECK(e == cudaSuccess && (flags & cudaHostAllocMapped), "hostalloc flags");
  float *d_in, *d_out;
  cudaHostGetDevicePointer((void **)&d_in, in, 0);
  e = cudaHostGetDevicePointer((void **)&d_out, out_host, 0);
  CHECK(e == cudaSuccess, "device pointer of cudaHostAlloc memory");
  sum_into<<<(m + 255) / 256, 256>>>(d_in, d_out, m);
  e = cudaDeviceSynchronize();
  CHECK(e == cudaSuccess, "sync 2: %s", cudaGetErrorString(e));
  bad = 0;
  for (int i = 0; i < m; i++)
    if (out_host[i] != (float)(i % 1000) * 2.0f + 1.0f) bad++;
  CHECK(bad == 0, "%d values wrong in mapped output", bad);
  CHECK(cudaHostUnregister(in) == cudaSuccess, "unregister large");
  CHECK(cudaFreeHost(out_host) == cudaSuccess, "free host");
  free(in);
  cudaFree(d_buf);

  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
