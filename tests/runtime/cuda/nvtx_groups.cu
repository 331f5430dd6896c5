// nvtx_groups.cu — NVTX ranges and marks as Metal debug groups (docs/runtime.md "NVTX"):
// nested push/pop ranges, a start/end range, a mark, a domain range with a registered
// string, over launches on two streams, a second host thread and a graph's replay. Each
// kernel writes its own value, checked here (PASS/FAIL). The mapping itself is checked by nvtx_groups.sh
// from softmetal's trace (SOFTMETAL_TRACE=1): with a capture running (SOFTMETAL_CAPTURE=1)
// every kernel's command buffer holds the debug groups of the ranges open when it was
// enqueued (process-wide start/end ranges outermost, then the thread's push/pop stack),
// balanced, the mark a signpost before k_c; without a capture there are none.
// The push/pop levels printed are a tool's (libanchor is one): with no tool attached
// (nvcc without a profiler) NVTX returns -2 for each, so that line differs there.
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <stdio.h>
#include <string.h>
#include <thread>

enum { N = 64 };

extern "C" __global__ void k_a(int *v) {
  v[threadIdx.x] = 1;
}
extern "C" __global__ void k_b(int *v) {
  v[N + threadIdx.x] = 2;
}
extern "C" __global__ void k_c(int *v) {
  v[2 * N + threadIdx.x] = 3;
}
extern "C" __global__ void k_d(int *v) {
  v[3 * N + threadIdx.x] = 4;
}
extern "C" __global__ void k_e(int *v) {
  v[4 * N + threadIdx.x] = 5;
}
extern "C" __global__ void k_f(int *v) {
  v[5 * N + threadIdx.x] = 6;
}
extern "C" __global__ void k_g(int *v) {
  v[6 * N + threadIdx.x] = 7;
}
extern "C" __global__ void k_h(int *v) {
  v[7 * N + threadIdx.x] = 8;
}

int main() {
  int *dev = NULL, host[8 * N];
  if (cudaMalloc(&dev, sizeof host) != cudaSuccess) return 1;
  cudaMemset(dev, 0, sizeof host);
  cudaDeviceSynchronize();
  cudaStream_t s1, s2;
  cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);

  int levels[8];
  levels[0] = nvtxRangePushA("outer");
  nvtxRangeId_t whole = nvtxRangeStartA("whole");
  k_a<<<1, N, 0, s1>>>(dev);
  levels[1] = nvtxRangePushA("inner");
  k_b<<<1, N, 0, s2>>>(dev);
  nvtxMarkA("mark-1");
  k_c<<<1, N, 0, s1>>>(dev);
  levels[2] = nvtxRangePop(); // inner
  nvtxRangeEnd(whole);
  k_d<<<1, N, 0, s2>>>(dev);
  levels[3] = nvtxRangePop(); // outer
  k_e<<<1, N, 0, s1>>>(dev);

  nvtxDomainHandle_t domain = nvtxDomainCreateA("anchor.test");
  nvtxEventAttributes_t attr;
  memset(&attr, 0, sizeof attr);
  attr.version = NVTX_VERSION;
  attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attr.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
  attr.message.registered = nvtxDomainRegisterStringA(domain, "registered-name");
  levels[4] = nvtxDomainRangePushEx(domain, &attr);
  k_f<<<1, N, 0, s2>>>(dev);
  levels[5] = nvtxDomainRangePop(domain);

  // another host thread's push/pop ranges are its own
  std::thread other([&] {
    cudaStream_t s3;
    cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking);
    levels[6] = nvtxRangePushA("thread-2");
    k_g<<<1, N, 0, s3>>>(dev);
    levels[7] = nvtxRangePop();
    cudaStreamSynchronize(s3);
    cudaStreamDestroy(s3);
  });
  other.join();
  nvtxDomainDestroy(domain);

  // a graph's replay inside a range: its command buffers show it too
  cudaGraph_t graph = NULL;
  cudaGraphExec_t exec = NULL;
  cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal);
  k_h<<<1, N, 0, s1>>>(dev);
  cudaStreamEndCapture(s1, &graph);
  cudaGraphInstantiate(&exec, graph, 0);
  nvtxRangePushA("graph-range");
  cudaGraphLaunch(exec, s1);
  nvtxRangePop();
  cudaStreamSynchronize(s1);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);

  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
  int bad = e != cudaSuccess;
  for (int k = 0; k < 8; k++)
    for (int i = 0; i < N; i++)
      bad += host[k * N + i] != k + 1;
  printf("levels: push %d %d, pop %d %d, domain push %d pop %d, thread push %d pop %d\n", levels[0],
         levels[1], levels[2], levels[3], levels[4], levels[5], levels[6], levels[7]);
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
  cudaFree(dev);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
