// Host code calling HIP's API, compiled by the system C++ compiler against
// hip::host (find_package(hip)): memory, copies, errors by HIP's names.
#include <hip/hip_runtime_api.h>

#include <cstdio>
#include <cstring>

int main() {
  int n = 0;
  void *p = nullptr;
  unsigned char b[1024];
  int ok = hipGetDeviceCount(&n) == hipSuccess && n >= 1;
  ok &= hipMalloc(&p, sizeof b) == hipSuccess && hipMemset(p, 7, sizeof b) == hipSuccess;
  ok &= hipMemcpy(b, p, sizeof b, hipMemcpyDeviceToHost) == hipSuccess && b[0] == 7 && b[1023] == 7;
  ok &= hipFree(p) == hipSuccess;
  ok &= !strcmp(hipGetErrorName(hipMemcpy(nullptr, b, 1, hipMemcpyHostToDevice)),
                "hipErrorInvalidValue");
  printf("%d device(s)\n%s\n", n, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
