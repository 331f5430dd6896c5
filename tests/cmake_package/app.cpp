// A plain C++ program (no CUDA source: the system C++ compiler builds it) that
// uses the runtime API (CUDA::cudart) and the driver API (CUDA::cuda_driver)
// on the same memory: cudaMalloc'd memory filled by a kernel launched with
// cuLaunchKernel from a module file, read back with cudaMemcpy.
#include <cuda.h>
#include <cuda_runtime_api.h>

#include <cstdio>

#define CHECK(call, ok)                                                                            \
  do {                                                                                             \
    int e_ = (int)(call);                                                                          \
    if (e_ != 0) {                                                                                 \
      std::printf("FAIL: %s -> %d\n", #call, e_);                                                  \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main() {
  const int n = 256;
  int *buffer = nullptr;
  CHECK(cudaMalloc((void **)&buffer, n * sizeof(int)), 0); // the runtime: the primary context
  CHECK(cuInit(0), 0);
  CUcontext ctx = nullptr;
  CHECK(cuCtxGetCurrent(&ctx), 0);
  if (!ctx) {
    std::printf("FAIL: the runtime made no context current\n");
    return 1;
  }
  CUmodule module;
  CHECK(cuModuleLoad(&module, MODULE_PATH), 0);
  CUfunction fill;
  CHECK(cuModuleGetFunction(&fill, module, "fill"), 0);
  int value = 1000, count = n;
  void *params[] = {&buffer, &value, &count};
  CHECK(cuLaunchKernel(fill, 2, 1, 1, 128, 1, 1, 0, nullptr, params, nullptr), 0);
  int host[n];
  CHECK(cudaMemcpy(host, buffer, sizeof host, cudaMemcpyDeviceToHost), 0);
  for (int i = 0; i < n; i++)
    if (host[i] != 1000 + i) {
      std::printf("FAIL: host[%d] = %d\n", i, host[i]);
      return 1;
    }
  CHECK(cuModuleUnload(module), 0);
  CHECK(cudaFree(buffer), 0);
  int version = 0;
  CHECK(cudaRuntimeGetVersion(&version), 0);
  std::printf("runtime %d\nPASS\n", version);
  return 0;
}
