/* tests/runtime/test_device.c — device enumeration, properties and
 * attributes, versions, launch-configuration errors (no kernel needed: the
 * configuration is checked first), unknown kernels and symbols, streams and
 * events. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cuda_runtime.h"

static void test_devices(void) {
  int count = -1, device = -1;
  CHECK_ERR(cudaGetDeviceCount(&count), cudaSuccess);
  CHECK(count == 1);
  CHECK_ERR(cudaGetDevice(&device), cudaSuccess);
  CHECK(device == 0);
  CHECK_ERR(cudaSetDevice(0), cudaSuccess);
  CHECK_ERR(cudaSetDevice(99), cudaErrorInvalidDevice);
  CHECK_ERR(cudaSetDevice(-1), cudaErrorInvalidDevice);
  CHECK_ERR(cudaGetDevice(&device), cudaSuccess);
  CHECK(device == 0);
  CHECK_ERR(cudaGetLastError(), cudaErrorInvalidDevice);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  int version = 0;
  CHECK_ERR(cudaRuntimeGetVersion(&version), cudaSuccess);
  CHECK(version == 13000);
  CHECK_ERR(cudaDriverGetVersion(&version), cudaSuccess);
  CHECK(version >= 13000);
  CHECK_ERR(cudaRuntimeGetVersion(NULL), cudaErrorInvalidValue);
  cudaGetLastError();
}

static void test_properties(void) {
  struct cudaDeviceProp p;
  memset(&p, 0x5a, sizeof p);
  CHECK_ERR(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  CHECK(p.name[0] != '\0' && memchr(p.name, '\0', sizeof p.name));
  CHECK(p.warpSize == 32 && p.maxThreadsPerBlock == 1024);
  CHECK(p.maxThreadsDim[0] == 1024 && p.maxThreadsDim[1] == 1024 && p.maxThreadsDim[2] == 64);
  CHECK(p.maxGridSize[0] == 2147483647 && p.maxGridSize[1] == 65535 && p.maxGridSize[2] == 65535);
  /* CUDA's 48 KiB per block, sm_75's 64 KiB opt-in (above Metal's 32 KiB in device memory) */
  CHECK(p.sharedMemPerBlock == 49152 && p.sharedMemPerBlockOptin == 65536 && p.major == 7 &&
        p.minor == 5);
  CHECK(p.totalGlobalMem >= (256u << 20) && p.multiProcessorCount > 0);
  CHECK(p.unifiedAddressing == 1 && p.managedMemory == 1);
  /* streams are concurrent Metal queues; blits overlap kernels both ways */
  CHECK(p.concurrentKernels == 1 && p.deviceOverlap == 1 && p.asyncEngineCount == 2);
  int attribute = -1;
  CHECK_ERR(cudaDeviceGetAttribute(&attribute, cudaDevAttrConcurrentKernels, 0), cudaSuccess);
  CHECK(attribute == 1);
  CHECK_ERR(cudaDeviceGetAttribute(&attribute, cudaDevAttrAsyncEngineCount, 0), cudaSuccess);
  CHECK(attribute == 2);
  CHECK_ERR(cudaDeviceGetAttribute(&attribute, cudaDevAttrGpuOverlap, 0), cudaSuccess);
  CHECK(attribute == 1);
  size_t free_bytes, total;
  CHECK_ERR(cudaMemGetInfo(&free_bytes, &total), cudaSuccess);
  CHECK(total == p.totalGlobalMem);
  CHECK_ERR(cudaGetDeviceProperties(&p, 1), cudaErrorInvalidDevice);
  CHECK_ERR(cudaGetDeviceProperties(NULL, 0), cudaErrorInvalidValue);
  struct cudaDeviceProp q;
  CHECK_ERR(cudaGetDeviceProperties(&q, 0), cudaSuccess);
  int v = 0;
  CHECK_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0), cudaSuccess);
  CHECK(v == 32);
  CHECK_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrMaxBlockDimZ, 0), cudaSuccess);
  CHECK(v == 64);
  CHECK_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0), cudaSuccess);
  CHECK(v == q.multiProcessorCount);
  CHECK_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, 0), cudaSuccess);
  CHECK(v == 7);
  CHECK_ERR(cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)12345, 0), cudaErrorInvalidValue);
  /* every value 1 … cudaDevAttrMax − 1 is answered, the reserved enumerators
   * and the gaps (driver attributes) with 0, as the H200 does (CUDA 13) */
  CHECK_ERR(cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)0, 0), cudaErrorInvalidValue);
  for (int a = cudaDevAttrMaxThreadsPerBlock; a <= cudaDevAttrMax; a++) {
    v = -1;
    cudaError_t e = cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)a, 0);
    CHECK_ERR(e, a == cudaDevAttrMax ? cudaErrorInvalidValue : cudaSuccess);
    bool hole = a == 44 || (a >= 102 && a <= 105) || a == 107 || a == 110 || a == 136 || a == 137 ||
                a == 146 || a == 92 || a == 93 || a == 94 || a == 96 || (a >= 122 && a <= 124) ||
                (a >= 127 && a <= 129) || a == 132 || a == 141 || a == 145;
    if (hole) CHECK(v == 0);
  }
  cudaGetLastError();
#ifndef __APPLE__ /* the multiprocessors are softmetal's workers (mtl_device_core_count) */
  const char *workers = getenv("SOFTMETAL_WORKERS");
  long cores = workers && atoi(workers) > 0 ? atoi(workers) : sysconf(_SC_NPROCESSORS_ONLN);
  CHECK(q.multiProcessorCount == (int)cores);
#endif
  CHECK_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 3), cudaErrorInvalidDevice);
  cudaGetLastError();
}

/* Any address that is not a registered kernel's host stub. */
static void not_a_kernel(void) {}

static void expect_launch(dim3 grid, dim3 block, size_t shared, cudaError_t want) {
  CHECK_ERR(cudaLaunchKernel((const void *)not_a_kernel, grid, block, NULL, shared, 0), want);
  CHECK_ERR(cudaPeekAtLastError(), want);
  CHECK_ERR(cudaPeekAtLastError(), want);
  CHECK_ERR(cudaGetLastError(), want);
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
}

static void test_launch_configuration(void) {
  dim3 one = {1, 1, 1};
  expect_launch(one, (dim3){4096, 1, 1}, 0, cudaErrorInvalidValue);
  expect_launch(one, (dim3){32, 32, 2}, 0, cudaErrorInvalidValue); /* 2048 threads */
  expect_launch(one, (dim3){1, 1, 128}, 0, cudaErrorInvalidValue);
  expect_launch(one, (dim3){1, 2048, 1}, 0, cudaErrorInvalidValue);
  expect_launch(one, (dim3){0, 1, 1}, 0, cudaErrorInvalidValue);
  expect_launch((dim3){0, 1, 1}, one, 0, cudaErrorInvalidValue);
  expect_launch((dim3){1, 65536, 1}, one, 0, cudaErrorInvalidValue);
  expect_launch((dim3){1, 1, 65536}, one, 0, cudaErrorInvalidValue);
  expect_launch((dim3){2147483648u, 1, 1}, one, 0, cudaErrorInvalidValue);
  expect_launch(one, one, 1 << 20, cudaErrorInvalidValue);
  expect_launch(one, one, 65537, cudaErrorInvalidValue); /* above sharedMemPerBlockOptin */
  /* a valid configuration of something that is no kernel */
  expect_launch((dim3){2147483647u, 65535, 65535}, (dim3){1024, 1, 1}, 65536,
                cudaErrorInvalidDeviceFunction);
  CHECK_ERR(cudaDeviceSynchronize(), cudaSuccess); /* none of that was sticky */
  CHECK_ERR(cudaLaunchKernel((const void *)not_a_kernel, one, one, NULL, 0, (cudaStream_t)0x1234),
            cudaErrorInvalidResourceHandle);
  cudaGetLastError();
}

static void test_symbols(void) {
  static int not_a_symbol;
  void *address;
  size_t size;
  int value = 1;
  CHECK_ERR(cudaGetSymbolAddress(&address, &not_a_symbol), cudaErrorInvalidSymbol);
  CHECK_ERR(cudaGetSymbolSize(&size, &not_a_symbol), cudaErrorInvalidSymbol);
  CHECK_ERR(cudaMemcpyToSymbol(&not_a_symbol, &value, 4, 0, cudaMemcpyHostToDevice),
            cudaErrorInvalidSymbol);
  CHECK_ERR(cudaMemcpyToSymbol(&not_a_symbol, &value, 4, 0, cudaMemcpyDeviceToHost),
            cudaErrorInvalidMemcpyDirection);
  CHECK_ERR(cudaMemcpyFromSymbol(&value, &not_a_symbol, 4, 0, cudaMemcpyHostToDevice),
            cudaErrorInvalidMemcpyDirection);
  cudaGetLastError();
}

static void test_streams_and_events(void) {
  cudaStream_t s;
  CHECK_ERR(cudaStreamCreate(&s), cudaSuccess);
  CHECK_ERR(cudaStreamCreateWithFlags(&s, 0x10), cudaErrorInvalidValue);
  CHECK_ERR(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  int *d, h[256], back[256];
  for (int i = 0; i < 256; i++)
    h[i] = 3 * i;
  cudaEvent_t start, stop, untimed;
  CHECK_ERR(cudaEventCreate(&start), cudaSuccess);
  CHECK_ERR(cudaEventCreate(&stop), cudaSuccess);
  CHECK_ERR(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming), cudaSuccess);
  float ms = -1;
  CHECK_ERR(cudaEventElapsedTime(&ms, start, stop),
            cudaErrorInvalidResourceHandle); /* unrecorded */
  CHECK_ERR(cudaMalloc((void **)&d, sizeof h), cudaSuccess);
  CHECK_ERR(cudaEventRecord(start, s), cudaSuccess);
  CHECK_ERR(cudaMemcpyAsync(d, h, sizeof h, cudaMemcpyHostToDevice, s), cudaSuccess);
  CHECK_ERR(cudaMemsetAsync(d, 0, 16, s), cudaSuccess);
  CHECK_ERR(cudaMemcpyAsync(back, d, sizeof h, cudaMemcpyDeviceToHost, s), cudaSuccess);
  CHECK_ERR(cudaEventRecord(stop, s), cudaSuccess);
  CHECK_ERR(cudaEventRecord(untimed, 0), cudaSuccess);
  CHECK_ERR(cudaStreamSynchronize(s), cudaSuccess);
  CHECK_ERR(cudaEventSynchronize(stop), cudaSuccess);
  CHECK_ERR(cudaEventQuery(stop), cudaSuccess);
  CHECK_ERR(cudaStreamQuery(s), cudaSuccess);
  CHECK(back[0] == 0 && back[3] == 0 && back[4] == 12 && back[255] == 765);
  CHECK_ERR(cudaEventElapsedTime(&ms, start, stop), cudaSuccess);
  CHECK(ms >= 0.0f);
  CHECK_ERR(cudaEventElapsedTime(&ms, start, untimed), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaStreamDestroy(s), cudaSuccess);
  CHECK_ERR(cudaStreamDestroy(s), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaMemcpyAsync(d, h, 4, cudaMemcpyHostToDevice, s), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaEventDestroy(start), cudaSuccess);
  CHECK_ERR(cudaEventDestroy(stop), cudaSuccess);
  CHECK_ERR(cudaEventDestroy(untimed), cudaSuccess);
  CHECK_ERR(cudaEventDestroy(untimed), cudaErrorInvalidResourceHandle);
  CHECK_ERR(cudaFree(d), cudaSuccess);
  cudaGetLastError();
}

static int host_function_calls;
static void host_function(void *data) {
  host_function_calls += *(int *)data;
}
static void stream_callback(cudaStream_t stream, cudaError_t status, void *data) {
  (void)stream;
  if (status == cudaSuccess) host_function_calls += *(int *)data;
}

static void test_flags_limits_and_host_functions(void) {
  unsigned flags = 99;
  size_t value_before_set = 0;
  CHECK_ERR(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync), cudaSuccess);
  CHECK_ERR(cudaGetDeviceFlags(&flags), cudaSuccess);
  CHECK(flags == (cudaDeviceScheduleBlockingSync | cudaDeviceMapHost)); /* implicit, as in CUDA */
  CHECK_ERR(cudaSetDeviceFlags(0x1000), cudaErrorInvalidValue);
  CHECK_ERR(cudaSetDeviceFlags(cudaDeviceScheduleSpin | cudaDeviceScheduleYield),
            cudaErrorInvalidValue); /* one scheduling policy at most */
  CHECK_ERR(cudaDeviceGetLimit(&value_before_set, cudaLimitDevRuntimeSyncDepth),
            cudaErrorUnsupportedLimit); /* no device-side launches */
  CHECK_ERR(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 1000), cudaSuccess);
  CHECK_ERR(cudaDeviceGetLimit(&value_before_set, cudaLimitMaxL2FetchGranularity), cudaSuccess);
  CHECK(value_before_set == 128); /* a hint, clamped */
  char bus[32];
  CHECK_ERR(cudaDeviceGetPCIBusId(bus, sizeof bus, 0), cudaSuccess);
  int by_bus = 5;
  CHECK_ERR(cudaDeviceGetByPCIBusId(&by_bus, bus), cudaSuccess);
  CHECK(by_bus == 0);
  CHECK_ERR(cudaDeviceGetByPCIBusId(&by_bus, "0000:01:00.0"), cudaErrorInvalidDevice);
  CHECK_ERR(cudaDeviceEnablePeerAccess(0, 0), cudaErrorPeerAccessUnsupported); /* H200 */
  CHECK_ERR(cudaDeviceEnablePeerAccess(1, 0), cudaErrorInvalidDevice);
  CHECK_ERR(cudaDeviceDisablePeerAccess(0), cudaErrorPeerAccessNotEnabled); /* H200 */
  CHECK_ERR(cudaDeviceDisablePeerAccess(1), cudaErrorInvalidDevice);
  size_t mem_free = 0, mem_total = 0;
  CHECK_ERR(cudaMemGetInfo(NULL, &mem_total), cudaSuccess); /* H200: a NULL output is skipped */
  CHECK_ERR(cudaMemGetInfo(&mem_free, NULL), cudaSuccess);
  CHECK(mem_total > 0 && mem_free > 0 && mem_free <= mem_total);
  CHECK_ERR(cudaDeviceSetLimit((enum cudaLimit)99, 0), cudaErrorInvalidValue); /* H200 */
  int p2p = 0;
  CHECK_ERR(cudaDeviceGetP2PAttribute(&p2p, cudaDevP2PAttrAccessSupported, 0, 0),
            cudaErrorInvalidDevice);
  size_t value = 0;
  CHECK_ERR(cudaDeviceGetLimit(&value, cudaLimitMallocHeapSize), cudaSuccess);
  CHECK(value == 8 << 20);
  CHECK_ERR(cudaDeviceSetLimit(cudaLimitStackSize, 4096), cudaSuccess);
  CHECK_ERR(cudaDeviceGetLimit(&value, cudaLimitStackSize), cudaSuccess);
  CHECK(value == 4096);
  CHECK_ERR(cudaDeviceGetLimit(&value, (enum cudaLimit)17),
            cudaErrorInvalidValue); /* H200: (cudaLimit)99 */
  enum cudaFuncCache cache = cudaFuncCachePreferEqual;
  CHECK_ERR(cudaDeviceGetCacheConfig(&cache), cudaSuccess);
  CHECK(cache == cudaFuncCachePreferNone);
  CHECK_ERR(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared), cudaSuccess);
  CHECK_ERR(cudaDeviceGetCacheConfig(&cache), cudaSuccess);
  CHECK(cache == cudaFuncCachePreferShared);
  CHECK_ERR(cudaDeviceSetCacheConfig((enum cudaFuncCache)7), cudaErrorInvalidValue);
  int least = 5, greatest = 5, can = 5, device = 5;
  CHECK_ERR(cudaDeviceGetStreamPriorityRange(&least, &greatest), cudaSuccess);
  CHECK(least == 0 && greatest == -5);
  CHECK_ERR(cudaDeviceCanAccessPeer(&can, 0, 0), cudaSuccess);
  CHECK(can == 0);
  CHECK_ERR(cudaDeviceCanAccessPeer(&can, 0, 1), cudaErrorInvalidDevice);
  struct cudaDeviceProp wanted;
  memset(&wanted, 0, sizeof wanted);
  CHECK_ERR(cudaChooseDevice(&device, &wanted), cudaSuccess);
  CHECK(device == 0);
  cudaStream_t s;
  cudaEvent_t ev;
  CHECK_ERR(cudaStreamCreateWithPriority(&s, cudaStreamDefault, -1), cudaSuccess);
  CHECK_ERR(cudaEventCreate(&ev), cudaSuccess);
  CHECK_ERR(cudaEventRecord(ev, 0), cudaSuccess);
  CHECK_ERR(cudaStreamWaitEvent(s, ev, 0), cudaSuccess);
  CHECK_ERR(cudaStreamWaitEvent(s, (cudaEvent_t)0x10, 0), cudaErrorInvalidResourceHandle);
  void *pooled = NULL;
  CHECK_ERR(cudaMallocAsync(&pooled, 4096, s), cudaSuccess);
  CHECK_ERR(cudaMemsetAsync(pooled, 3, 4096, s), cudaSuccess);
  CHECK_ERR(cudaFreeAsync(pooled, s), cudaSuccess);
  CHECK_ERR(cudaFreeAsync(pooled, s), cudaErrorInvalidValue);
  CHECK_ERR(cudaMallocAsync(&pooled, 16, (cudaStream_t)0x77), cudaErrorInvalidResourceHandle);
  int *d, one = 1, ten = 10;
  CHECK_ERR(cudaMalloc((void **)&d, 1 << 20), cudaSuccess);
  CHECK_ERR(cudaMemsetAsync(d, 1, 1 << 20, s), cudaSuccess);
  host_function_calls = 0;
  CHECK_ERR(cudaLaunchHostFunc(s, host_function, &one), cudaSuccess);
  CHECK_ERR(cudaStreamAddCallback(s, stream_callback, &ten, 0), cudaSuccess);
  CHECK_ERR(cudaStreamSynchronize(s), cudaSuccess);
  CHECK(host_function_calls == 11);
  CHECK_ERR(cudaLaunchHostFunc(s, NULL, &one), cudaErrorInvalidValue);
  CHECK_ERR(cudaStreamAddCallback(s, stream_callback, &ten, 1), cudaErrorInvalidValue);
  CHECK_ERR(cudaFree(d), cudaSuccess);
  CHECK_ERR(cudaStreamDestroy(s), cudaSuccess);
  CHECK_ERR(cudaEventDestroy(ev), cudaSuccess);
  cudaGetLastError();
}

int main(void) {
  test_devices();
  test_flags_limits_and_host_functions();
  test_properties();
  test_launch_configuration();
  test_symbols();
  test_streams_and_events();
  CHECK_ERR(cudaGetLastError(), cudaSuccess);
  return check_finish("test_device");
}
