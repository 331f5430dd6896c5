// graph_capture.cu — end-to-end test of stream capture: a stream's work (two kernels,
// cudaMemcpyAsync both ways, cudaMemsetAsync, a cudaLaunchHostFunc) captured into a
// graph, checked to have executed nothing during capture, instantiated and replayed
// 1000 times; each replay's result is checked against a host reference by the host
// node itself. Also a fork/join capture across two streams through events, with
// cudaStreamGetCaptureInfo, cudaStreamIsCapturing and
// cudaStreamUpdateCaptureDependencies; cudaStreamBeginCaptureToGraph after an existing
// node, with a child graph node added to the capture graph the way CUDA documents it
// (cudaStreamGetCaptureInfo's graph and dependencies, cudaGraphAddChildGraphNode,
// cudaStreamUpdateCaptureDependencies), instantiated with
// cudaGraphInstantiateWithParams(cudaGraphInstantiateFlagUpload). A cudaGraphLaunch into
// a capturing stream is refused (H200, CUDA 13, 2026-12-01:
// cudaErrorStreamCaptureUnsupported) and invalidates the capture. Prints PASS or FAIL.
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      printf("FAIL: %s: %s (%s) at line %d\n", #call, cudaGetErrorString(err_),          \
             cudaGetErrorName(err_), __LINE__);                                          \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

enum { N = 4099, REPLAYS = 1000 };

__global__ void add_step(int *a, const int *in, int n, int step) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * 3 + in[i] + step;
}

__global__ void scale(int *a, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * k;
}

struct State {
  int *host_in, *host_out;
  int replays, bad;
};

static void check_replay(void *p) {
  State *s = (State *)p;
  // the device's result of this replay: ((0*3 + in + 7) * 5) with a[0..15] memset to 0
  // before the first kernel (the memset clears the whole array first)
  for (int i = 0; i < N; i++) {
    int expect = (s->host_in[i] + 7 + s->replays) * 5;
    if (s->host_out[i] != expect) {
      if (s->bad++ < 3) printf("replay %d: out[%d] = %d, expected %d\n", s->replays, i,
                               s->host_out[i], expect);
    }
  }
  s->replays++;
  for (int i = 0; i < N; i++) s->host_in[i] += 0; // the input stays; the step changes
}

__global__ void bump(int *step) { *step += 1; }

__global__ void add_dev_step(int *a, const int *step, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += *step;
}

static int fork_join(void) {
  cudaStream_t s1, s2;
  CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t fork, join;
  CHECK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
  CHECK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));
  int *a, *b;
  CHECK(cudaMalloc(&a, N * sizeof(int)));
  CHECK(cudaMalloc(&b, N * sizeof(int)));
  int blocks = (N + 255) / 256;

  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus status;
  CHECK(cudaStreamIsCapturing(s1, &status));
  if (status != cudaStreamCaptureStatusActive) { printf("FAIL: s1 not capturing\n"); return 1; }
  CHECK(cudaStreamIsCapturing(s2, &status));
  if (status != cudaStreamCaptureStatusNone) { printf("FAIL: s2 capturing early\n"); return 1; }
  CHECK(cudaMemsetAsync(a, 0, N * sizeof(int), s1));
  CHECK(cudaEventRecord(fork, s1));
  CHECK(cudaStreamWaitEvent(s2, fork, 0)); // s2 joins the capture
  CHECK(cudaStreamIsCapturing(s2, &status));
  if (status != cudaStreamCaptureStatusActive) { printf("FAIL: s2 did not join\n"); return 1; }
  CHECK(cudaMemsetAsync(b, 0, N * sizeof(int), s2));
  scale<<<blocks, 256, 0, s2>>>(b, N, 2);
  CHECK(cudaGetLastError());
  scale<<<blocks, 256, 0, s1>>>(a, N, 2);
  CHECK(cudaEventRecord(join, s2));
  CHECK(cudaStreamWaitEvent(s1, join, 0));
  unsigned long long id = 0;
  cudaGraph_t capturing = NULL;
  const cudaGraphNode_t *deps = NULL;
  size_t ndeps = 0;
  CHECK(cudaStreamGetCaptureInfo(s1, &status, &id, &capturing, &deps, NULL, &ndeps));
  if (status != cudaStreamCaptureStatusActive || !capturing || ndeps != 2) {
    printf("FAIL: capture info: status %d graph %p deps %zu (expected 2)\n", (int)status,
           (void *)capturing, ndeps);
    return 1;
  }
  // narrow the dependencies to the first one, then set both again
  cudaGraphNode_t both[2] = {deps[0], deps[1]};
  CHECK(cudaStreamUpdateCaptureDependencies(s1, both, NULL, 1, cudaStreamSetCaptureDependencies));
  CHECK(cudaStreamGetCaptureInfo(s1, &status, NULL, NULL, &deps, NULL, &ndeps));
  if (ndeps != 1) { printf("FAIL: set dependencies: %zu\n", ndeps); return 1; }
  CHECK(cudaStreamUpdateCaptureDependencies(s1, both + 1, NULL, 1, cudaStreamAddCaptureDependencies));
  CHECK(cudaStreamGetCaptureInfo(s1, &status, NULL, NULL, &deps, NULL, &ndeps));
  if (ndeps != 2) { printf("FAIL: add dependencies: %zu\n", ndeps); return 1; }
  add_step<<<blocks, 256, 0, s1>>>(a, b, N, 1); // a = 0*3 + 0 + 1
  cudaGraph_t graph;
  CHECK(cudaStreamEndCapture(s1, &graph));
  CHECK(cudaStreamIsCapturing(s2, &status));
  if (status != cudaStreamCaptureStatusNone) { printf("FAIL: s2 still capturing\n"); return 1; }
  size_t nodes = 0, edges = 0;
  CHECK(cudaGraphGetNodes(graph, NULL, &nodes));
  CHECK(cudaGraphGetEdges(graph, NULL, NULL, NULL, &edges));
  // memset a -> {memset b -> scale b, scale a} -> add_step: 5 nodes, 5 edges
  if (nodes != 5 || edges != 5) {
    printf("FAIL: fork/join graph has %zu nodes, %zu edges (expected 5, 5)\n", nodes, edges);
    return 1;
  }
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CHECK(cudaGraphLaunch(exec, s1));
  CHECK(cudaStreamSynchronize(s1));
  static int h[N];
  CHECK(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < N; i++)
    if (h[i] != 1) { printf("FAIL: fork/join a[%d] = %d\n", i, h[i]); return 1; }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaStreamDestroy(s1));
  CHECK(cudaStreamDestroy(s2));
  return 0;
}

// A graph launched into a capturing stream: CUDA refuses it (H200, CUDA 13, 2026-12-01:
// cudaErrorStreamCaptureUnsupported, where Anchor had added a child graph node) and the
// capture is invalidated, as by every call refused during a capture.
static int launch_while_capturing(cudaGraphExec_t inner) {
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  cudaError_t e0 = cudaGraphLaunch(inner, s);
  printf("cudaGraphLaunch(inner, capturing s) -> %s\n", cudaGetErrorName(e0));
  if (e0 != cudaErrorStreamCaptureUnsupported)
    printf("FAIL: expected cudaErrorStreamCaptureUnsupported\n"); // counted below
  cudaStreamCaptureStatus status;
  CHECK(cudaStreamIsCapturing(s, &status));
  printf("cudaStreamIsCapturing(s) after it -> status %d\n", (int)status);
  cudaGraph_t g = NULL;
  cudaError_t e = cudaStreamEndCapture(s, &g);
  printf("cudaStreamEndCapture(s) after it -> %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  int bad = e0 != cudaErrorStreamCaptureUnsupported ||
            status != cudaStreamCaptureStatusInvalidated ||
            e != cudaErrorStreamCaptureInvalidated || g != NULL;
  if (bad) printf("FAIL: the launch was not refused with the capture invalidated\n"); // main goes on
  if (g) CHECK(cudaGraphDestroy(g));
  CHECK(cudaStreamDestroy(s));
  return bad;
}

// Captures into an existing graph after its memset node (a = 2, a 4-byte pattern): then
// scale(a, 3), then `inner` (a += 1) added to the capture graph as a child graph node
// after the stream's dependencies, which then become that node: a = 7.
static int capture_to_graph(cudaGraph_t inner, int *a) {
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaMemsetParams ms = {};
  ms.dst = a;
  ms.value = 2;
  ms.elementSize = 4;
  ms.width = N;
  ms.height = 1;
  cudaGraphNode_t set;
  CHECK(cudaGraphAddMemsetNode(&set, g, NULL, 0, &ms));
  CHECK(cudaStreamBeginCaptureToGraph(s, g, &set, NULL, 1, cudaStreamCaptureModeGlobal));
  scale<<<(N + 127) / 128, 128, 0, s>>>(a, N, 3);
  CHECK(cudaGetLastError());
  cudaStreamCaptureStatus status;
  cudaGraph_t capturing = NULL;
  const cudaGraphNode_t *deps = NULL;
  size_t ndeps = 0;
  CHECK(cudaStreamGetCaptureInfo(s, &status, NULL, &capturing, &deps, NULL, &ndeps));
  if (capturing != g || ndeps != 1) {
    printf("FAIL: capture info: graph %p (%p), %zu dependencies (1)\n", (void *)capturing,
           (void *)g, ndeps);
    return 1;
  }
  cudaGraphNode_t child;
  CHECK(cudaGraphAddChildGraphNode(&child, capturing, deps, ndeps, inner));
  CHECK(cudaStreamUpdateCaptureDependencies(s, &child, NULL, 1, cudaStreamSetCaptureDependencies));
  cudaGraph_t same;
  CHECK(cudaStreamEndCapture(s, &same));
  if (same != g) { printf("FAIL: capture to graph returned another graph\n"); return 1; }
  size_t count = 0;
  CHECK(cudaGraphGetNodes(g, NULL, &count));
  size_t roots = 0;
  CHECK(cudaGraphGetRootNodes(g, NULL, &roots));
  if (count != 3 || roots != 1) {
    printf("FAIL: capture to graph: %zu nodes, %zu roots (expected 3, 1)\n", count, roots);
    return 1;
  }
  cudaGraphNode_t nodes[3];
  CHECK(cudaGraphGetNodes(g, nodes, &count));
  cudaGraphNodeType t;
  CHECK(cudaGraphNodeGetType(nodes[2], &t));
  if (t != cudaGraphNodeTypeGraph) { printf("FAIL: the child node is type %d\n", (int)t); return 1; }
  cudaGraphExec_t exec;
  cudaGraphInstantiateParams ip = {};
  ip.flags = cudaGraphInstantiateFlagUpload;
  ip.uploadStream = s;
  CHECK(cudaGraphInstantiateWithParams(&exec, g, &ip));
  if (ip.result_out != cudaGraphInstantiateSuccess) { printf("FAIL: result_out %d\n", (int)ip.result_out); return 1; }
  CHECK(cudaGraphLaunch(exec, s));
  CHECK(cudaStreamSynchronize(s));
  static int h[N];
  CHECK(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < N; i++)
    if (h[i] != 2 * 3 + 1) { printf("FAIL: capture to graph a[%d] = %d (7)\n", i, h[i]); return 1; }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaStreamDestroy(s));
  return 0;
}

__global__ void add_one(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += 1;
}

int main(void) {
  static int in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = (i * 7919) % 1000 - 500;
  int *d_a, *d_in, *d_step;
  CHECK(cudaMalloc(&d_a, N * sizeof(int)));
  CHECK(cudaMalloc(&d_in, N * sizeof(int)));
  CHECK(cudaMalloc(&d_step, sizeof(int)));
  CHECK(cudaMemset(d_step, 0, sizeof(int)));
  CHECK(cudaMemset(d_a, 0x55, N * sizeof(int)));
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  State state = {in, out, 0, 0};
  int blocks = (N + 127) / 128;

  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CHECK(cudaMemcpyAsync(d_in, in, sizeof in, cudaMemcpyHostToDevice, s));
  CHECK(cudaMemsetAsync(d_a, 0, N * sizeof(int), s));
  add_step<<<blocks, 128, 0, s>>>(d_a, d_in, N, 7);
  CHECK(cudaGetLastError());
  add_dev_step<<<blocks, 128, 0, s>>>(d_a, d_step, N);
  bump<<<1, 1, 0, s>>>(d_step);
  scale<<<blocks, 128, 0, s>>>(d_a, N, 5);
  CHECK(cudaMemcpyAsync(out, d_a, sizeof out, cudaMemcpyDeviceToHost, s));
  CHECK(cudaLaunchHostFunc(s, check_replay, &state));
  cudaGraph_t graph;
  CHECK(cudaStreamEndCapture(s, &graph));

  // nothing ran during the capture
  int probe;
  CHECK(cudaMemcpy(&probe, d_a, sizeof probe, cudaMemcpyDeviceToHost));
  if (probe != 0x55555555 || state.replays != 0) {
    printf("FAIL: work executed during capture (a[0] = %#x, host calls %d)\n", probe,
           state.replays);
    return 1;
  }
  size_t count = 0;
  CHECK(cudaGraphGetNodes(graph, NULL, &count));
  if (count != 8) { printf("FAIL: captured %zu nodes, expected 8\n", count); return 1; }
  size_t roots = 0;
  CHECK(cudaGraphGetRootNodes(graph, NULL, &roots));
  if (roots != 1) { printf("FAIL: %zu roots, expected 1\n", roots); return 1; }
  cudaGraphNode_t nodes[8];
  count = 8;
  CHECK(cudaGraphGetNodes(graph, nodes, &count));
  const cudaGraphNodeType want[8] = {cudaGraphNodeTypeMemcpy, cudaGraphNodeTypeMemset,
                                     cudaGraphNodeTypeKernel, cudaGraphNodeTypeKernel,
                                     cudaGraphNodeTypeKernel, cudaGraphNodeTypeKernel,
                                     cudaGraphNodeTypeMemcpy, cudaGraphNodeTypeHost};
  for (int i = 0; i < 8; i++) {
    cudaGraphNodeType t;
    CHECK(cudaGraphNodeGetType(nodes[i], &t));
    if (t != want[i]) { printf("FAIL: node %d has type %d, expected %d\n", i, t, want[i]); return 1; }
  }

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int r = 0; r < REPLAYS; r++) CHECK(cudaGraphLaunch(exec, s));
  CHECK(cudaStreamSynchronize(s));
  if (state.replays != REPLAYS || state.bad) {
    printf("FAIL: %d replays checked, %d wrong values\n", state.replays, state.bad);
    return 1;
  }
  int step;
  CHECK(cudaMemcpy(&step, d_step, sizeof step, cudaMemcpyDeviceToHost));
  if (step != REPLAYS) { printf("FAIL: step %d after %d replays\n", step, REPLAYS); return 1; }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  if (fork_join()) return 1;
  // a small graph: launched into a capture (refused), then a child graph node
  cudaGraph_t inner;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  add_one<<<blocks, 128, 0, s>>>(d_a, N);
  CHECK(cudaStreamEndCapture(s, &inner));
  cudaGraphExec_t inner_exec;
  CHECK(cudaGraphInstantiate(&inner_exec, inner, 0));
  int refused_wrongly = launch_while_capturing(inner_exec); // the rest runs all the same
  if (capture_to_graph(inner, d_a)) return 1;
  CHECK(cudaGraphExecDestroy(inner_exec));
  CHECK(cudaGraphDestroy(inner));
  CHECK(cudaStreamDestroy(s));
  if (refused_wrongly) return 1;
  printf("PASS\n");
  return 0;
}
