// assert() in device code: the failing thread's message on stderr, in the
// CUDA Programming Guide's format
//   FILE:LINE: FUNCTION: block: [x,y,z], thread: [x,y,z] Assertion `EXPR` failed.
// printed by the synchronising call, which returns cudaErrorAssert; the
// error is sticky: every later call that reaches the device returns it too
// (CUDA 13 says the process must be restarted: after cudaDeviceReset, every
// call that reaches the device is cudaErrorDevicesUnavailable, as on the H200). Threads whose assert holds are
// unaffected. The message is captured (printf_capture.h) and compared.
#include <cassert>
#include <cstdio>
#include <string>

#include "printf_capture.h"

__device__ int passed[64];

__global__ void fails(void) {
  int t = threadIdx.x + threadIdx.y * blockDim.x,
      b = blockIdx.x + blockIdx.y * gridDim.x; // blocks (3,2), threads (8,2)
  bool chosen = blockIdx.x == 2 && blockIdx.y == 1 && threadIdx.x == 5 && threadIdx.y == 1;
  assert(!chosen && "the chosen thread");
  if (b == 0) passed[t] = 1; // block 0 is not the failing one
}
enum { ASSERT_LINE = 21 }; // the assert above

__global__ void noop(void) {}

static bool expect(const char *what, cudaError_t got, cudaError_t want) {
  printf("%-32s %s\n", what, cudaGetErrorName(got));
  if (got == want) return true;
  printf("  expected %s\n", cudaGetErrorName(want));
  return false;
}

int main() {
  bool ok = true;
  capture c = capture_begin(2);
  fails<<<dim3(3, 2), dim3(8, 2)>>>();
  cudaError_t launch = cudaGetLastError();
  cudaError_t sync = cudaDeviceSynchronize();
  std::string message = capture_end(c);
  char want[512];
  snprintf(want, sizeof want,
           "%s:%d: void fails(): block: [2,1,0], thread: [5,1,0] Assertion `!chosen && \"the "
           "chosen thread\"` failed.\n",
           __FILE__, (int)ASSERT_LINE);
  printf("stderr: %s", message.c_str());
  if (message != want) {
    printf("expected: %s", want);
    ok = false;
  }
  // not checked: the kernel may have failed already (asynchronous, as in CUDA)
  printf("%-32s %s\n", "launch", cudaGetErrorName(launch));
  ok = expect("cudaDeviceSynchronize", sync, cudaErrorAssert) && ok;
  ok = expect("cudaGetLastError", cudaGetLastError(), cudaErrorAssert) && ok;
  ok = expect("cudaDeviceSynchronize again", cudaDeviceSynchronize(), cudaErrorAssert) && ok;
  int host[64];
  ok = expect("cudaMemcpyFromSymbol",
              cudaMemcpyFromSymbol(host, passed, sizeof host, 0, cudaMemcpyDeviceToHost),
              cudaErrorAssert) &&
       ok;
  void *p = nullptr;
  ok = expect("cudaMalloc", cudaMalloc(&p, 16), cudaErrorAssert) && ok;
  noop<<<1, 1>>>();
  ok = expect("a later launch", cudaGetLastError(), cudaErrorAssert) && ok;
  ok = expect("cudaStreamSynchronize", cudaStreamSynchronize(0), cudaErrorAssert) && ok;
  // CUDA 13: the process must be restarted; on the H200 with nvcc 13.0 (2026-12-01) the reset
  // succeeded and every later call was cudaErrorDevicesUnavailable
  cudaError_t reset = cudaDeviceReset(), malloced = cudaMalloc(&p, 16);
  noop<<<1, 1>>>();
  cudaError_t launched = cudaGetLastError(), synced = cudaDeviceSynchronize();
  printf("after cudaDeviceReset: %s, cudaMalloc %s, launch %s, sync %s\n", cudaGetErrorName(reset),
         cudaGetErrorName(malloced), cudaGetErrorName(launched), cudaGetErrorName(synced));
  ok = ok && reset == cudaSuccess && malloced == cudaErrorDevicesUnavailable &&
       launched == cudaErrorDevicesUnavailable && synced == cudaErrorDevicesUnavailable;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
