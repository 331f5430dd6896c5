// HIP in a .cpp file (hipcc compiles C++ sources as HIP), compiled separately
// from device_props.cpp and linked with it: kernels reading clock64 and
// wall_clock64, and the host functions that launch them.
#include <hip/hip_runtime.h>

// Per thread: clock64 before and after some work, and wall_clock64.
__global__ void timers(unsigned long long *clocks, unsigned long long *wall, int spin) {
  int t = hipThreadIdx_x;
  long long c0 = clock64();
  float x = t;
  for (int i = 0; i < spin; i++) x = x * 0.999f + 1.0f;
  long long c1 = __clock64();
  clocks[2 * t] = c0;
  clocks[2 * t + 1] = c1 + (x < 0 ? 1 : 0);
  wall[t] = wall_clock64();
}

hipError_t launch_timers(unsigned long long *clocks, unsigned long long *wall, int threads) {
  hipLaunchKernelGGL(timers, dim3(1), dim3(threads), 0, 0, clocks, wall, 1000);
  return hipGetLastError();
}
