// __trap() in device code: the trapping thread stops (its store before the
// trap is seen, the one after it never happens: mapped host memory, which
// the host reads without the device), the synchronising call returns cudaErrorLaunchFailure, and
// the error is sticky: every later call that reaches the device returns it (CUDA 13's
// cudaErrorLaunchFailure: the process must be restarted; after cudaDeviceReset every call that
// reaches the device is cudaErrorDevicesUnavailable, as on the H200). Nothing is printed by the device itself. Threads that do not trap are not checked: CUDA
// stops the whole grid at some point, Anchor lets them run on (docs/runtime.md).
#include <cstdio>

__global__ void traps(int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t == 37) {
    out[t] = 1;
    __trap();
    out[t] = 2; // never: the thread has stopped
  }
}

__global__ void noop(void) {}

static bool expect(const char *what, cudaError_t got, cudaError_t want) {
  printf("%-24s %s\n", what, cudaGetErrorName(got));
  if (got == want) return true;
  printf("  expected %s\n", cudaGetErrorName(want));
  return false;
}

int main() {
  int *out;
  if (cudaHostAlloc(&out, 64 * sizeof(int), cudaHostAllocMapped) != cudaSuccess) return 1;
  for (int i = 0; i < 64; i++)
    out[i] = 0;
  bool ok = true;
  traps<<<2, 32>>>(out);
  // not checked: the kernel may have failed already (asynchronous, as in CUDA)
  printf("%-24s %s\n", "launch", cudaGetErrorName(cudaGetLastError()));
  ok = expect("cudaDeviceSynchronize", cudaDeviceSynchronize(), cudaErrorLaunchFailure) && ok;
  ok = expect("cudaGetLastError", cudaGetLastError(), cudaErrorLaunchFailure) && ok;
  printf("the trapping thread's stores: %d (1: before the trap only)\n", out[37]);
  ok = ok && out[37] == 1;
  int host[64];
  ok = expect("cudaMemcpy", cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost),
              cudaErrorLaunchFailure) &&
       ok;
  noop<<<1, 1>>>();
  ok = expect("a later launch", cudaGetLastError(), cudaErrorLaunchFailure) && ok;
  void *p;
  ok = expect("cudaMalloc", cudaMalloc(&p, 16), cudaErrorLaunchFailure) && ok;
  // on the H200 with nvcc 13.0 (2026-12-01): the reset succeeds, then cudaErrorDevicesUnavailable
  cudaError_t reset = cudaDeviceReset();
  noop<<<1, 1>>>();
  cudaError_t launched = cudaGetLastError(), synced = cudaDeviceSynchronize();
  printf("after cudaDeviceReset: %s, launch %s, sync %s\n", cudaGetErrorName(reset),
         cudaGetErrorName(launched), cudaGetErrorName(synced));
  ok = ok && reset == cudaSuccess && launched == cudaErrorDevicesUnavailable &&
       synced == cudaErrorDevicesUnavailable;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
