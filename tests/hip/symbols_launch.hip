// HIP API that HIP programs use around kernels: __constant__ and __device__
// symbols through HIP_SYMBOL (hipMemcpyToSymbol, hipMemcpyFromSymbol,
// hipGetSymbolAddress), hipLaunchKernel with an argument array,
// hipOccupancyMaxPotentialBlockSize, hipOccupancyMaxActiveBlocksPerMultiprocessor,
// hipFuncGetAttributes, hipHostMalloc memory used by a kernel, and a graph
// captured from a stream (hipStreamBeginCapture ... hipGraphLaunch,
// hipGraphExecUpdate).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t e_ = (call);                                                                        \
    if (e_ != hipSuccess) {                                                                        \
      printf("FAIL: %s: %s\n", #call, hipGetErrorName(e_));                                        \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

__constant__ float coeff[4];
__device__ int counter;

__global__ void poly(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = ((coeff[3] * v + coeff[2]) * v + coeff[1]) * v + coeff[0];
    atomicAdd(&counter, 1);
  }
}

int main() {
  int ok = 1;
  const int n = 1000;
  const float c[4] = {1.0f, -2.0f, 0.5f, 0.25f};
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coeff), c, sizeof c));
  int zero = 0;
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(counter), &zero, sizeof zero, 0, hipMemcpyHostToDevice));
  int *counter_address = nullptr;
  CHECK(hipGetSymbolAddress((void **)&counter_address, HIP_SYMBOL(counter)));
  ok &= counter_address != nullptr;

  float *x, *y; // pinned host memory, read and written by the kernel
  CHECK(hipHostMalloc((void **)&x, n * sizeof(float), hipHostMallocDefault));
  CHECK(hipHostMalloc((void **)&y, n * sizeof(float), hipHostMallocDefault));
  for (int i = 0; i < n; i++) x[i] = (i - 500) * 0.01f, y[i] = 0;

  int min_grid = 0, block = 0, active = 0;
  CHECK(hipOccupancyMaxPotentialBlockSize(&min_grid, &block, poly, 0, 0));
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&active, poly, block, 0));
  hipFuncAttributes attr;
  CHECK(hipFuncGetAttributes(&attr, reinterpret_cast<const void *>(poly)));
  printf("block %d (min grid %d), %d active blocks per SM, max %d threads per block\n", block,
         min_grid, active, attr.maxThreadsPerBlock);
  ok &= block > 0 && block <= attr.maxThreadsPerBlock && min_grid > 0 && active > 0;

  int nn = n;
  void *args[] = {&x, &y, &nn};
  CHECK(hipLaunchKernel(reinterpret_cast<const void *>(poly), dim3((n + block - 1) / block),
                        dim3(block), args, 0, 0));
  CHECK(hipDeviceSynchronize());
  int count = -1;
  CHECK(hipMemcpyFromSymbol(&count, HIP_SYMBOL(counter), sizeof count));
  ok &= count == n;
  for (int i = 0; i < n; i++) {
    float v = x[i];
    float expect = ((c[3] * v + c[2]) * v + c[1]) * v + c[0];
    if (y[i] - expect > 1e-5f || expect - y[i] > 1e-5f) {
      printf("y[%d] = %g, expected %g\n", i, y[i], expect);
      ok = 0;
      break;
    }
  }

  // The same launch twice through a graph captured from a stream.
  hipStream_t stream;
  hipGraph_t graph;
  hipGraphExec_t exec;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  hipLaunchKernelGGL(poly, dim3((n + 255) / 256), dim3(256), 0, stream, x, y, n);
  CHECK(hipStreamEndCapture(stream, &graph));
  CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  CHECK(hipGraphLaunch(exec, stream));
  CHECK(hipGraphLaunch(exec, stream));
  CHECK(hipStreamSynchronize(stream));
  CHECK(hipMemcpyFromSymbol(&count, HIP_SYMBOL(counter), sizeof count));
  printf("counter %d after the launch and two graph launches\n", count);
  ok &= count == 3 * n;
  // hipGraphExecUpdate (HIP 5.2's form: error node and result) from a graph
  // of the same shape
  hipGraph_t same;
  hipGraphNode_t error_node;
  hipGraphExecUpdateResult result = hipGraphExecUpdateError;
  CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  hipLaunchKernelGGL(poly, dim3((n + 255) / 256), dim3(256), 0, stream, x, y, n);
  CHECK(hipStreamEndCapture(stream, &same));
  CHECK(hipGraphExecUpdate(exec, same, &error_node, &result));
  ok &= result == hipGraphExecUpdateSuccess;
  CHECK(hipGraphDestroy(same));
  CHECK(hipGraphExecDestroy(exec));
  CHECK(hipGraphDestroy(graph));
  CHECK(hipStreamDestroy(stream));
  CHECK(hipHostFree(x));
  CHECK(hipHostFree(y));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
