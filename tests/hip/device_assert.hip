// assert in HIP device code: HIP's NVIDIA header makes it a trap, which
// fails the launch (hipErrorLaunchFailure, sticky as in CUDA). assert(x == 5)
// must trap for x == 0 (HIP 5.2's header alone tests `!x == 5` and would
// not: Anchor's hip_device.h puts the parentheses back). The failing launch
// comes last: after a trap the context is unusable.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void check(const int *p, int *out) {
  assert(p[0] == 5);
  out[0] = 1;
}

int main() {
  int *p, *out, h = 5, done = 0;
  if (hipMalloc(&p, sizeof h) != hipSuccess || hipMalloc(&out, sizeof h) != hipSuccess) return 1;
  (void)hipMemcpy(p, &h, sizeof h, hipMemcpyHostToDevice);
  (void)hipMemset(out, 0, sizeof h);
  hipLaunchKernelGGL(check, dim3(1), dim3(1), 0, 0, p, out);
  hipError_t first = hipDeviceSynchronize();
  (void)hipMemcpy(&done, out, sizeof done, hipMemcpyDeviceToHost);
  h = 0;
  (void)hipMemcpy(p, &h, sizeof h, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(check, dim3(1), dim3(1), 0, 0, p, out);
  hipError_t second = hipDeviceSynchronize();
  printf("assert(5 == 5): %s, wrote %d; assert(0 == 5): %s\n", hipGetErrorName(first), done,
         hipGetErrorName(second));
  int ok = first == hipSuccess && done == 1 && second == hipErrorLaunchFailure;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
