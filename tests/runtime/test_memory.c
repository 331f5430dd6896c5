/* tests/runtime/test_memory.c — libanchor's memory API on the device
 * (softmetal on Linux): allocation rules, copies of every kind, memsets,
 * pointer validation with CUDA's error codes, host and managed memory, and
 * cudaDeviceReset. Expected codes are CUDA 13.0's as observed on an H200
 * (tests/e2e/errors.cu) or as documented where no observation exists. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cuda_runtime.h"

static void test_round_trip(void) {
  enum { N = 100000 };
  int *host = malloc(N * sizeof *host), *back = malloc(N * sizeof *back);
  for (int i = 0; i < N; i++)
    host[i] = i * 7 - 3;
  int *a = NULL, *b = NULL;
  CHECK_ERR(cudaMalloc((void **)&a, N * sizeof *a), cudaSuccess);
  CHECK_ERR(cudaMalloc((void **)&b, N * sizeof *b), cudaSuccess);
  CHECK(a && b && a != b && (uintptr_t)a % 512 == 0 && (uintptr_t)b % 512 == 0); /* an H100's */
  CHECK_ERR(cudaMemcpy(a, host, N * sizeof *a, cudaMemcpyHostToDevice), cudaSuccess);
  CHECK_ERR(cudaMemcpy(b, a, N * sizeof *a, cudaMemcpyDeviceToDevice), cudaSuccess);
  CHECK_ERR(cudaMemcpy(back, b, N * sizeof *b, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(memcmp(host, back, N * sizeof *host) == 0);
  /* unaligned device-to-device copy (done by the host) and cudaMemcpyDefault */
  char *ca = (char *)a, *cb = (char *)b;
  CHECK_ERR(cudaMemcpy(cb + 1, ca + 2, 1001, cudaMemcpyDeviceToDevice), cudaSuccess);
  CHECK_ERR(cudaMemcpy(back, b, N * sizeof *b, cudaMemcpyDefault), cudaSuccess);
  CHECK(memcmp((char *)back + 1, (char *)host + 2, 1001) == 0);
  CHECK(memcmp((char *)back + 1002, (char *)host + 1002, 4000) == 0);
  memset(back, 0, N * sizeof *back);
  CHECK_ERR(cudaMemcpy(back, host, 64, cudaMemcpyDefault), cudaSuccess); /* host to host */
  CHECK(memcmp(back, host, 64) == 0);
  /* memsets: aligned (a blit) and unaligned */
  CHECK_ERR(cudaMemset(a, 0xab, 4096), cudaSuccess);
  CHECK_ERR(cudaMemset(ca + 4096 + 3, 0x11, 5), cudaSuccess);
  unsigned char bytes[4200];
  CHECK_ERR(cudaMemcpy(bytes, a, sizeof bytes, cudaMemcpyDeviceToHost), cudaSuccess);
  CHECK(bytes[0] == 0xab && bytes[4095] == 0xab && bytes[4098] == ((unsigned char *)host)[4098]);
  CHECK(bytes[4099] == 0x11 && bytes[4103] == 0x11 && bytes[4104] == ((unsigned char *)host)[4104]);
  CHECK_ERR(cudaFree(a), cudaSuccess);
  CHECK_ERR(cudaFree(b), cudaSuccess);
  free(host);
  free(back);
}

static void test_allocation_errors(void) {
  void *p = (void *)1;
  CHECK_ERR(cudaMalloc(&p, (size_t)1 << 50), cudaErrorMemoryAllocation); /* 1 PiB */
  CHECK(p == NULL);
  CHECK_ERR(cudaPeekAtLastError(), cudaErrorMemoryAllocation);
  CHECK_ERR(cudaGetLastError(), cudaErrorMemoryAllocation);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  CHECK_ERR(cudaMalloc(&p, 16), cudaSuccess); /* not sticky */
  CHECK_ERR(cudaMalloc(NULL, 16), cudaErrorInvalidValue);
  void *zero = (void *)1;
  CHECK_ERR(cudaMalloc(&zero, 0), cudaSuccess);
  CHECK(zero == NULL);
  CHECK_ERR(cudaFree(NULL), cudaSuccess);
  int on_stack;
  CHECK_ERR(cudaFree(&on_stack), cudaErrorInvalidValue);
  CHECK_ERR(cudaFree((char *)p + 4), cudaErrorInvalidValue); /* interior pointer */
  CHECK_ERR(cudaFree(p), cudaSuccess);
  CHECK_ERR(cudaFree(p), cudaErrorInvalidValue); /* double free */
  void *pinned;
  CHECK_ERR(cudaMallocHost(&pinned, 100), cudaSuccess);
  CHECK_ERR(cudaFree(pinned), cudaErrorInvalidValue);
  CHECK_ERR(cudaMalloc(&p, 100), cudaSuccess);
  CHECK_ERR(cudaFreeHost(p), cudaErrorInvalidValue);
  CHECK_ERR(cudaFreeHost(pinned), cudaSuccess);
  CHECK_ERR(cudaFree(p), cudaSuccess);
  CHECK_ERR(cudaMallocManaged(&p, 0, cudaMemAttachGlobal), cudaSuccess); /* H200 */
  CHECK_ERR(cudaMallocManaged(&p, 16, 77), cudaErrorInvalidValue);
  CHECK_ERR(cudaHostAlloc(&p, 16, 0x80), cudaErrorInvalidValue);
  cudaGetLastError();
}

static void test_copy_errors(void) {
  char *d, host[64];
  CHECK_ERR(cudaMalloc((void **)&d, 1 << 20), cudaSuccess);
  CHECK_ERR(cudaMemcpy(d, host, 8, (enum cudaMemcpyKind)99), cudaErrorInvalidMemcpyDirection);
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
  CHECK_ERR(cudaMemcpy(NULL, host, 8, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  CHECK_ERR(cudaMemcpy(host, NULL, 8, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  CHECK_ERR(cudaMemcpy(d, NULL, 8, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
  char *big = malloc(64 << 20);
  CHECK_ERR(cudaMemcpy(d, big, 64 << 20, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  CHECK_ERR(cudaMemcpy(big, d, 64 << 20, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  CHECK_ERR(cudaMemcpy(d + (1 << 20) - 4, host, 8, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  free(big);
  /* host memory named as device memory */
  CHECK_ERR(cudaMemcpy(host, host + 32, 8, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  CHECK_ERR(cudaMemcpy(host, host + 32, 8, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  CHECK_ERR(cudaMemset(host, 0, 8), cudaErrorInvalidValue);
  CHECK_ERR(cudaMemset(d + (1 << 20) - 4, 0, 8), cudaErrorInvalidValue);
  CHECK_ERR(cudaMemset(d, 0, 0), cudaSuccess);
  CHECK_ERR(cudaMemcpy(d, host, 0, cudaMemcpyHostToDevice), cudaSuccess);
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  CHECK_ERR(cudaFree(d), cudaSuccess);
}

static void test_host_and_managed(void) {
  int *pinned, *managed, *d;
  CHECK_ERR(cudaMallocHost((void **)&pinned, 1024 * sizeof(int)), cudaSuccess);
  CHECK_ERR(cudaMallocManaged((void **)&managed, 1024 * sizeof(int), cudaMemAttachGlobal),
            cudaSuccess);
  CHECK_ERR(cudaMalloc((void **)&d, 1024 * sizeof(int)), cudaSuccess);
  for (int i = 0; i < 1024; i++)
    pinned[i] = i * i;
  CHECK_ERR(cudaMemcpy(d, pinned, 1024 * sizeof(int), cudaMemcpyHostToDevice), cudaSuccess);
  CHECK_ERR(cudaMemcpy(managed, d, 1024 * sizeof(int), cudaMemcpyDeviceToDevice), cudaSuccess);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
  CHECK(managed[0] == 0 && managed[1023] == 1023 * 1023); /* visible on the host directly */
  void *device_view;
  CHECK_ERR(cudaHostGetDevicePointer(&device_view, pinned, 0), cudaSuccess);
  CHECK(device_view == pinned); /* one pointer value everywhere */
  CHECK_ERR(cudaHostGetDevicePointer(&device_view, d, 0), cudaErrorInvalidValue);
  struct cudaPointerAttributes attr;
  CHECK_ERR(cudaPointerGetAttributes(&attr, d), cudaSuccess);
  CHECK(attr.type == cudaMemoryTypeDevice && attr.devicePointer == d && attr.hostPointer == NULL);
  CHECK_ERR(cudaPointerGetAttributes(&attr, managed + 5), cudaSuccess);
  CHECK(attr.type == cudaMemoryTypeManaged && attr.hostPointer == managed + 5);
  CHECK_ERR(cudaPointerGetAttributes(&attr, pinned), cudaSuccess);
  CHECK(attr.type == cudaMemoryTypeHost);
  int local;
  CHECK_ERR(cudaPointerGetAttributes(&attr, &local), cudaSuccess);
  CHECK(attr.type == cudaMemoryTypeUnregistered);
  struct cudaMemLocation gpu = {cudaMemLocationTypeDevice, 0}, cpu = {cudaMemLocationTypeHost, 0};
  CHECK_ERR(cudaMemPrefetchAsync(managed, 4096, gpu, 0, 0), cudaSuccess);
  CHECK_ERR(cudaMemPrefetchAsync(managed, 4096, cpu, 0, 0), cudaSuccess);
  CHECK_ERR(cudaMemAdvise(managed, 4096, cudaMemAdviseSetReadMostly, gpu), cudaSuccess);
  CHECK_ERR(cudaMemAdvise(managed, 4096, cudaMemAdviseSetPreferredLocation, cpu), cudaSuccess);
  CHECK_ERR(cudaMemPrefetchAsync(managed, 8192, gpu, 0, 0), cudaErrorInvalidValue); /* past it */
  CHECK_ERR(cudaMemPrefetchAsync(d, 16, gpu, 0, 0), cudaErrorInvalidValue); /* not managed */
  struct cudaMemLocation gpu3 = {cudaMemLocationTypeDevice, 3};
  CHECK_ERR(cudaMemPrefetchAsync(managed, 16, gpu3, 0, 0), cudaErrorInvalidDevice);
  CHECK_ERR(cudaMemAdvise(managed, 16, (enum cudaMemoryAdvise)0, gpu), cudaErrorInvalidValue);
  cudaGetLastError();
  CHECK(managed[1023] == 1023 * 1023); /* nothing moved or changed */
  CHECK_ERR(cudaFreeHost(pinned), cudaSuccess);
  CHECK_ERR(cudaFree(managed), cudaSuccess);
  CHECK_ERR(cudaFree(d), cudaSuccess);
}

/* Small allocations: each a 512-byte unit of the arena, 512-aligned as an H100's
 * cudaMalloc pointers (tex_values.cu: cudaMalloc(100) addresses mod 512 all 0), so
 * N cudaMalloc(4) take N * 512 bytes of cudaMemGetInfo's free memory. */
static void test_small_allocations(void) {
  enum { N = 1000 };
  static void *p[N];
  size_t free0, free1, total;
  CHECK_ERR(cudaMemGetInfo(&free0, &total), cudaSuccess);
  int misaligned = 0;
  for (int i = 0; i < N; i++) {
    CHECK_ERR(cudaMalloc(&p[i], 4), cudaSuccess);
    misaligned += (uintptr_t)p[i] % 512 != 0;
  }
  CHECK_ERR(cudaMemGetInfo(&free1, &total), cudaSuccess);
  CHECK(misaligned == 0 && free0 - free1 == (size_t)N * 512);
  for (int i = 0; i < N; i++)
    CHECK_ERR(cudaFree(p[i]), cudaSuccess);
  CHECK_ERR(cudaMemGetInfo(&free1, &total), cudaSuccess);
  CHECK(free1 == free0);
}

static void test_mem_info_and_reset(void) {
  size_t free0, total0, free1, total1;
  CHECK_ERR(cudaMemGetInfo(&free0, &total0), cudaSuccess);
  void *p;
  CHECK_ERR(cudaMalloc(&p, 10 << 20), cudaSuccess);
  CHECK_ERR(cudaMemGetInfo(&free1, &total1), cudaSuccess);
  CHECK(total0 == total1 && free0 - free1 == (10 << 20) && total0 >= free0);
  CHECK_ERR(cudaDeviceReset(), cudaSuccess);
  CHECK_ERR(cudaFree(p), cudaErrorInvalidValue); /* gone with the context */
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  CHECK_ERR(cudaMemGetInfo(&free1, &total1), cudaSuccess);
  CHECK(free1 == total1);
  CHECK_ERR(cudaMalloc(&p, 64), cudaSuccess);
  CHECK_ERR(cudaFree(p), cudaSuccess);
}

/* Pitched allocation, 2-D copies in every direction, 2-D memset. */
static void test_pitched(void) {
  enum { W = 100, H = 7 };
  unsigned char host[H][W], back[H][W];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      host[y][x] = (unsigned char)(y * 31 + x);
  unsigned char *d, *e;
  size_t pitch = 0, pitch2 = 0;
  CHECK_ERR(cudaMallocPitch((void **)&d, &pitch, W, H), cudaSuccess);
  CHECK_ERR(cudaMallocPitch((void **)&e, &pitch2, W, H), cudaSuccess);
  CHECK(pitch == 512 && pitch2 == 512);
  CHECK_ERR(cudaMemcpy2D(d, pitch, host, W, W, H, cudaMemcpyHostToDevice), cudaSuccess);
  CHECK_ERR(cudaMemcpy2D(e, pitch2, d, pitch, W, H, cudaMemcpyDeviceToDevice), cudaSuccess);
  CHECK_ERR(cudaMemset2D(e + 10, pitch2, 0xee, 5, 2), cudaSuccess);
  CHECK_ERR(cudaMemcpy2D(back, W, e, pitch2, W, H, cudaMemcpyDeviceToHost), cudaSuccess);
  int wrong = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      wrong += back[y][x] != (y < 2 && x >= 10 && x < 15 ? 0xee : host[y][x]);
  CHECK(wrong == 0);
  CHECK_ERR(cudaMemcpy2D(d, pitch, host, W, W + 1, H, cudaMemcpyHostToDevice),
            cudaErrorInvalidPitchValue); /* width beyond the source pitch */
  CHECK_ERR(cudaMemcpy2D(d, pitch, host, W, W, H + 1, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue); /* one row past the allocation */
  CHECK_ERR(cudaMemset2D(d, pitch, 0, pitch + 1, 1), cudaErrorInvalidValue); /* H200, CUDA 13 */
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  CHECK_ERR(cudaFree(d), cudaSuccess);
  CHECK_ERR(cudaFree(e), cudaSuccess);
}

/* Pools refuse what CUDA leaves undefined (a pointer freed twice, one no
 * pool handed out), registrations count pages, and a reset forgets both. */
static void test_pools_and_registrations(void) {
  void *a = NULL, *b = NULL, *c = NULL;
  CHECK_ERR(cudaMallocAsync(&a, 1000, 0), cudaSuccess);
  CHECK_ERR(cudaFreeAsync(a, 0), cudaSuccess);
  CHECK_ERR(cudaFreeAsync(a, 0), cudaErrorInvalidValue); /* freed already, kept by the pool */
  CHECK_ERR(cudaFree(a), cudaErrorInvalidValue);         /* nor may cudaFree take it */
  CHECK_ERR(cudaMallocAsync(&b, 1000, 0), cudaSuccess);
  CHECK(b == a); /* the kept block is reused */
  CHECK_ERR(cudaFree(b), cudaSuccess);
  CHECK_ERR(cudaMalloc(&c, 256), cudaSuccess);
  CHECK_ERR(cudaFreeAsync(c, 0), cudaSuccess);   /* not from a pool: freed (H200, CUDA 13) */
  CHECK_ERR(cudaFree(c), cudaErrorInvalidValue); /* so gone */
  cudaMemPool_t pool;
  CHECK_ERR(cudaDeviceGetDefaultMemPool(&pool, 0), cudaSuccess);
  CHECK_ERR(cudaMemPoolTrimTo(pool, 0), cudaSuccess);
  unsigned long long reserved = 1;
  CHECK_ERR(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved),
            cudaSuccess);
  CHECK(reserved == 0);

  char *memory = malloc(3 * 4096);
  CHECK_ERR(cudaHostRegister(memory + 8, 100, 0), cudaSuccess);
  CHECK_ERR(cudaHostRegister(memory + 200, 100, 0), cudaSuccess); /* same page, no overlap */
  void *device = NULL;
  CHECK_ERR(cudaHostGetDevicePointer(&device, memory + 200, 0), cudaSuccess);
  CHECK(device && device != memory + 200);
  memset(memory, 0x5c, 3 * 4096);
  CHECK_ERR(cudaMemset(device, 0x11, 10), cudaSuccess); /* the device pointer reaches the bytes */
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess);
  CHECK(memory[200] == 0x11 && memory[209] == 0x11 && memory[210] == 0x5c);
  CHECK_ERR(cudaDeviceReset(), cudaSuccess); /* forgets registrations and pools */
  CHECK_ERR(cudaHostUnregister(memory + 8), cudaErrorHostMemoryNotRegistered);
  memory[8] = 1; /* the program's memory, as before */
  CHECK(memory[8] == 1 && memory[200] == 0x11);
  free(memory);
  CHECK_ERR(cudaGetLastError(), cudaErrorHostMemoryNotRegistered);
}

int main(void) {
  test_pools_and_registrations();
  test_round_trip();
  test_pitched();
  test_allocation_errors();
  test_copy_errors();
  test_host_and_managed();
  test_small_allocations();
  test_mem_info_and_reset();
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  return check_finish("test_memory");
}
