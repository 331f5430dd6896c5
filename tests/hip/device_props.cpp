// HIP port of device queries: hipGetDeviceProperties (hipDeviceProp_t, which
// HIP's NVIDIA path fills from cudaGetDeviceProperties) agrees with
// hipDeviceGetAttribute and with the CUDA runtime's own answer; versions,
// memory info; clock64 and wall_clock64 from a kernel in another file
// (device_props_kernels.cpp). Values that differ between GPUs are printed.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t e_ = (call);                                                                        \
    if (e_ != hipSuccess) {                                                                        \
      printf("FAIL: %s: %s\n", #call, hipGetErrorName(e_));                                        \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

hipError_t launch_timers(unsigned long long *clocks, unsigned long long *wall, int threads);

static int ok = 1;
static void same(const char *what, long long prop, long long attr) {
  if (prop != attr) {
    printf("%s: hipDeviceProp_t %lld, other query %lld\n", what, prop, attr);
    ok = 0;
  }
}
static int attribute(hipDeviceAttribute_t a, int device) {
  int v = -1;
  CHECK(hipDeviceGetAttribute(&v, a, device));
  return v;
}

int main() {
  int count = 0, device = -1;
  CHECK(hipGetDeviceCount(&count));
  CHECK(hipGetDevice(&device));
  if (count < 1 || device != 0) {
    printf("count %d, device %d\n", count, device);
    ok = 0;
  }
  hipDeviceProp_t p;
  memset(&p, 0xff, sizeof p);
  CHECK(hipGetDeviceProperties(&p, 0));
  cudaDeviceProp c;
  if (cudaGetDeviceProperties(&c, 0) != cudaSuccess) ok = 0;
  printf("%s: %d SMs, warp %d, %d threads/block, %zu B shared/block, %zu MiB, cc %d.%d, clock "
         "%d kHz\n",
         p.name, p.multiProcessorCount, p.warpSize, p.maxThreadsPerBlock, p.sharedMemPerBlock,
         p.totalGlobalMem >> 20, p.major, p.minor, p.clockRate);
  if (!p.name[0] || strcmp(p.name, c.name)) ok = 0;
  same("warpSize", p.warpSize, 32);
  same("warpSize", p.warpSize, attribute(hipDeviceAttributeWarpSize, 0));
  same("maxThreadsPerBlock", p.maxThreadsPerBlock, attribute(hipDeviceAttributeMaxThreadsPerBlock, 0));
  same("maxThreadsPerBlock", p.maxThreadsPerBlock, c.maxThreadsPerBlock);
  same("multiProcessorCount", p.multiProcessorCount,
       attribute(hipDeviceAttributeMultiprocessorCount, 0));
  same("sharedMemPerBlock", (long long)p.sharedMemPerBlock,
       attribute(hipDeviceAttributeMaxSharedMemoryPerBlock, 0));
  same("major", p.major, attribute(hipDeviceAttributeComputeCapabilityMajor, 0));
  same("minor", p.minor, attribute(hipDeviceAttributeComputeCapabilityMinor, 0));
  same("clockRate", p.clockRate, c.clockRate);
  same("totalGlobalMem", (long long)p.totalGlobalMem, (long long)c.totalGlobalMem);
  same("regsPerBlock", p.regsPerBlock, c.regsPerBlock);
  same("maxThreadsPerMultiProcessor", p.maxThreadsPerMultiProcessor,
       attribute(hipDeviceAttributeMaxThreadsPerMultiProcessor, 0));
  for (int i = 0; i < 3; i++) {
    same("maxThreadsDim", p.maxThreadsDim[i], c.maxThreadsDim[i]);
    same("maxGridSize", p.maxGridSize[i], c.maxGridSize[i]);
  }
  same("maxThreadsDim[0]", p.maxThreadsDim[0], attribute(hipDeviceAttributeMaxBlockDimX, 0));
  same("maxGridSize[0]", p.maxGridSize[0], attribute(hipDeviceAttributeMaxGridDimX, 0));
  same("managedMemory", p.managedMemory, attribute(hipDeviceAttributeManagedMemory, 0));
  same("concurrentKernels", p.concurrentKernels, c.concurrentKernels);

  int runtime = 0, driver = 0;
  CHECK(hipRuntimeGetVersion(&runtime));
  CHECK(hipDriverGetVersion(&driver));
  size_t free_mem = 0, total_mem = 0;
  CHECK(hipMemGetInfo(&free_mem, &total_mem));
  printf("runtime %d, driver %d, memory %zu of %zu MiB free\n", runtime, driver, free_mem >> 20,
         total_mem >> 20);
  if (runtime <= 0 || driver <= 0 || total_mem == 0 || free_mem > total_mem) ok = 0;
  same("hipMemGetInfo total", (long long)total_mem, (long long)p.totalGlobalMem);

  // clock64 advances within a thread; wall_clock64 (nanoseconds on Anchor)
  // sees the 20 ms the host sleeps between two launches.
  const int threads = 64;
  unsigned long long *clocks, *wall, hc[2 * threads], w0[threads], w1[threads];
  CHECK(hipMalloc(&clocks, sizeof hc));
  CHECK(hipMalloc(&wall, sizeof w0));
  CHECK(launch_timers(clocks, wall, threads));
  CHECK(hipMemcpy(w0, wall, sizeof w0, hipMemcpyDeviceToHost));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(launch_timers(clocks, wall, threads));
  CHECK(hipMemcpy(w1, wall, sizeof w1, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(hc, clocks, sizeof hc, hipMemcpyDeviceToHost));
  for (int t = 0; t < threads; t++) {
    if (hc[2 * t + 1] <= hc[2 * t]) {
      printf("thread %d: clock64 %llu then %llu\n", t, hc[2 * t], hc[2 * t + 1]);
      ok = 0;
    }
    if (w1[t] < w0[t] + 20000000ull || w1[t] - w0[t] > 60000000000ull) {
      printf("thread %d: wall_clock64 %llu then %llu\n", t, w0[t], w1[t]);
      ok = 0;
    }
  }
  printf("wall_clock64 advanced %.1f ms across the host's 20 ms sleep\n", (w1[0] - w0[0]) / 1e6);
  CHECK(hipFree(clocks));
  CHECK(hipFree(wall));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
