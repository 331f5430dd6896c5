// cudaLimitMallocHeapSize: the default (8 MiB); a smaller heap set before any
// kernel uses malloc (2 MiB set reads back as 4 MiB on the H200); malloc returns NULL when the
// heap has no room (a block larger than the heap as read back, and one thread allocating until
// NULL, which gets less than the heap: how much less is the allocator's, 737 blocks of 1000
// bytes on the H200, so printed), succeeds again once the blocks are freed; once a kernel has
// used malloc/free, setting the limit is cudaErrorInvalidValue and the size stays;
// cudaDeviceReset brings the defaults back and the limit can be set again. The amounts are
// printed so a run under nvcc can be compared.
#include <cstdio>

// HEAP set reads back as HEAP_READ on the H200 with nvcc 13.0 (2026-12-01; Anchor: a minimum of
// 4 MiB), the default is 8 MiB; the printf FIFO's default 8650752 bytes.
enum {
  HEAP = 2 << 20,
  HEAP_READ = 4 << 20,
  CHUNK = 1000,
  MAX_CHUNKS = 8192,
  DEFAULT_FIFO = 8650752
};

__global__ void exhaust(unsigned long long *out, void **chunks, size_t heap) {
  // cannot fit (the H200's malloc(HEAP + 1) was non-NULL: the heap is HEAP_READ there)
  out[0] = (unsigned long long)malloc(heap + 1);
  unsigned long long n = 0;
  while (n < MAX_CHUNKS && (chunks[n] = malloc(CHUNK)))
    ((char *)chunks[n++])[CHUNK - 1] = 1;
  out[1] = n;
  for (unsigned long long k = 0; k < n; k++)
    free(chunks[k]);
  void *again = malloc(HEAP / 2);
  out[2] = (unsigned long long)again;
  free(again);
}

int main() {
  bool ok = true;
  size_t heap = 0;
  cudaError_t e = cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
  printf("default cudaLimitMallocHeapSize %zu (%s)\n", heap, cudaGetErrorName(e));
  ok = ok && e == cudaSuccess && heap == 8 << 20;
  e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, HEAP);
  cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
  printf("set %d: %s, now %zu\n", HEAP, cudaGetErrorName(e), heap);
  ok = ok && e == cudaSuccess && heap == HEAP_READ;

  unsigned long long *out, host[3];
  void **chunks;
  if (cudaMalloc(&out, sizeof host) != cudaSuccess ||
      cudaMalloc(&chunks, MAX_CHUNKS * sizeof(void *)) != cudaSuccess)
    return 1;
  exhaust<<<1, 1>>>(out, chunks, heap);
  ok = cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess && ok;
  printf("malloc(heap + 1) %s; %llu blocks of %d bytes (%.0f%% of the heap) before NULL; "
         "%d bytes afterwards %s\n",
         host[0] ? "non-NULL" : "NULL", host[1], CHUNK, 100.0 * host[1] * CHUNK / heap, HEAP / 2,
         host[2] ? "non-NULL" : "NULL");
  ok = ok && host[0] == 0 && host[1] > 0 && host[1] * CHUNK < heap && host[1] < MAX_CHUNKS &&
       host[2] != 0;

  e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 16 << 20);
  cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
  printf("set after a malloc launch: %s, still %zu\n", cudaGetErrorName(e), heap);
  ok = ok && e == cudaErrorInvalidValue && heap == HEAP_READ;
  cudaGetLastError(); // the refused set is the last error

  // cudaDeviceReset "resets all state": the defaults again, and settable
  size_t fifo = 0;
  ok = cudaDeviceReset() == cudaSuccess && ok;
  cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
  cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
  e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, HEAP);
  printf("after cudaDeviceReset: heap %zu, printf FIFO %zu; set %s\n", heap, fifo,
         cudaGetErrorName(e));
  ok = ok && heap == 8 << 20 && fifo == DEFAULT_FIFO && e == cudaSuccess;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
