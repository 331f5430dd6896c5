// The CUDA 11 forms of cudaGraphInstantiate (error node, log buffer: CUDA
// 13's overload leaves both untouched, as its cuda_runtime.h shows) and
// cudaGraphExecUpdate (error node, result) that CUDA 13's cuda_runtime.h
// keeps as C++ overloads: instantiate and run a captured graph, update it
// from a graph of the same shape with another parameter (success) and from
// one with another shape (topology changed). HIP's NVIDIA header calls these
// forms (hipGraphInstantiate, hipGraphExecUpdate).
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL: %s: %s\n", #call, cudaGetErrorName(e_));                                       \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

__global__ void add(int *x, int v) { x[threadIdx.x] += v; }

static cudaGraph_t capture(cudaStream_t s, int *x, int v, int launches) {
  cudaGraph_t g;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  for (int i = 0; i < launches; i++) add<<<1, 32, 0, s>>>(x, v);
  CHECK(cudaStreamEndCapture(s, &g));
  return g;
}

int main() {
  int ok = 1, *x, h[32];
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaMalloc(&x, sizeof h));
  CHECK(cudaMemset(x, 0, sizeof h));
  cudaGraph_t g1 = capture(s, x, 1, 1), g2 = capture(s, x, 10, 1), g3 = capture(s, x, 1, 2);

  cudaGraphExec_t exec;
  cudaGraphNode_t error_node = (cudaGraphNode_t)&ok;
  char log[64] = "unchanged";
  CHECK(cudaGraphInstantiate(&exec, g1, &error_node, log, sizeof log));
  ok &= error_node == (cudaGraphNode_t)&ok && log[0] == 'u';
  CHECK(cudaGraphLaunch(exec, s));

  enum cudaGraphExecUpdateResult result = cudaGraphExecUpdateError;
  error_node = (cudaGraphNode_t)&ok;
  CHECK(cudaGraphExecUpdate(exec, g2, &error_node, &result));
  ok &= result == cudaGraphExecUpdateSuccess && error_node == NULL;
  CHECK(cudaGraphLaunch(exec, s));
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 32; i++) ok &= h[i] == 11;

  cudaError_t e = cudaGraphExecUpdate(exec, g3, &error_node, &result);
  printf("update to another shape: %s, result %d\n", cudaGetErrorName(e), (int)result);
  ok &= e == cudaErrorGraphExecUpdateFailure && result == cudaGraphExecUpdateErrorTopologyChanged;
  (void)cudaGetLastError();

  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(g1));
  CHECK(cudaGraphDestroy(g2));
  CHECK(cudaGraphDestroy(g3));
  CHECK(cudaFree(x));
  CHECK(cudaStreamDestroy(s));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
