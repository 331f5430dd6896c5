// A kernel that never ends: `while (*flag == 0) {}` on a flag nobody sets. On a device
// with a kernel watchdog (cudaDevAttrKernelExecTimeout = 1: every Metal device, since
// macOS stops GPU work that runs too long; softmetal's limit is SOFTMETAL_WATCHDOG_SECONDS,
// 1 s in this test's CTest environment) the launch is ended by the watchdog:
// cudaDeviceSynchronize returns cudaErrorLaunchTimeout (702) and the error is sticky, as
// CUDA documents for it (the context cannot be used any more).
// An NVIDIA GPU without a display (the H200) has no watchdog and reports
// kernelExecTimeoutEnabled = 0: a kernel spinning forever would never be stopped there.
// So that the program ends on such a device, the spin is bounded by %globaltimer
// (BOUND_NS: 8 s, beyond softmetal's limit here: run the program by hand with
// SOFTMETAL_WATCHDOG_SECONDS below 8, as CTest does, since the default limit is 60 s);
// there the kernel must end by that bound with cudaSuccess. This test therefore checks
// Anchor's (a Mac's) behaviour; on the H200 it checks only that the device indeed has no
// watchdog.
#include <cstdio>

#define BOUND_NS 8000000000ull // 8 s

__device__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void spin(volatile int *flag, int *ended_by_bound) {
  unsigned long long start = now_ns();
  while (*flag == 0) {
    if (now_ns() - start > BOUND_NS) {
      *ended_by_bound = 1;
      return;
    }
  }
}

__global__ void noop(void) {}

static bool expect(const char *what, cudaError_t got, cudaError_t want) {
  printf("%-28s %s\n", what, cudaGetErrorName(got));
  if (got == want) return true;
  printf("  expected %s\n", cudaGetErrorName(want));
  return false;
}

int main() {
  int watchdog = -1;
  cudaError_t attr = cudaDeviceGetAttribute(&watchdog, cudaDevAttrKernelExecTimeout, 0);
  printf("cudaDevAttrKernelExecTimeout %d (%s)\n", watchdog, cudaGetErrorName(attr));
  if (attr != cudaSuccess) {
    printf("FAIL\n");
    return 1;
  }
  int *flag, *ended;
  bool ok = expect("cudaMalloc", cudaMalloc(&flag, 2 * sizeof(int)), cudaSuccess);
  ended = flag + 1;
  ok = expect("cudaMemset", cudaMemset(flag, 0, 2 * sizeof(int)), cudaSuccess) && ok;
  spin<<<4, 64>>>(flag, ended);
  ok = expect("launch", cudaGetLastError(), cudaSuccess) && ok;
  if (watchdog) {
    ok = expect("cudaDeviceSynchronize", cudaDeviceSynchronize(), cudaErrorLaunchTimeout) && ok;
    ok = expect("cudaGetLastError", cudaGetLastError(), cudaErrorLaunchTimeout) && ok;
    // Reported once, as after any sticky fault (H200, CUDA 13, 2026-12-01, fault_far_access).
    ok = expect("cudaGetLastError again", cudaGetLastError(), cudaSuccess) && ok;
    int host[2];
    ok = expect("cudaMemcpy",
                cudaMemcpy(host, flag, sizeof host, cudaMemcpyDeviceToHost),
                cudaErrorLaunchTimeout) &&
         ok;
    noop<<<1, 1>>>();
    ok = expect("a later launch", cudaGetLastError(), cudaErrorLaunchTimeout) && ok;
    void *p;
    ok = expect("cudaMalloc after", cudaMalloc(&p, 16), cudaErrorLaunchTimeout) && ok;
    ok = expect("cudaDeviceSynchronize again", cudaDeviceSynchronize(),
                cudaErrorLaunchTimeout) &&
         ok;
  } else {
    printf("no kernel watchdog on this device: the kernel ends by its %llu s bound\n",
           BOUND_NS / 1000000000ull);
    ok = expect("cudaDeviceSynchronize", cudaDeviceSynchronize(), cudaSuccess) && ok;
    int host[2] = {0, 0};
    ok = expect("cudaMemcpy", cudaMemcpy(host, flag, sizeof host, cudaMemcpyDeviceToHost),
                cudaSuccess) &&
         ok;
    printf("ended by the bound: %d (1 expected)\n", host[1]);
    ok = ok && host[1] == 1;
  }
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
