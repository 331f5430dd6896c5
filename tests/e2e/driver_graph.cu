// Stream capture and graphs through the driver API (issue 9): a capture of
// cuMemcpyHtoDAsync, cuLaunchKernel, cuMemsetD32Async and cuLaunchHostFunc
// on a driver stream becomes a graph of those nodes (cuGraphGetNodes,
// cuGraphNodeGetType), instantiated and launched twice (values checked on
// the CPU); an explicit graph built with cuGraphAdd*Node; the capture
// queries (cuStreamIsCapturing, cuStreamGetCaptureInfo), the thread's mode
// (cuThreadExchangeStreamCaptureMode) and CUDA's codes for misuse. The
// kernel is the program's own, as a CUfunction from cudaGetFuncBySymbol.
// Prints "call -> code" lines for the H200 comparison, then PASS.
#include <cuda.h>
#include <cuda_runtime.h>

#include <stdio.h>
#include <string.h>

static int failures;
static void check(bool ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}
static CUresult show(const char *call, CUresult r) {
  printf("%s -> %d\n", call, (int)r);
  return r;
}
#define CALL(call, want) check(show(#call, call) == (want), #call)
// printed only: what CUDA returns is to be seen on the H200
#define SHOW(call) show(#call, call)

__global__ void scale_add(int *p, int n, int mul, int add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = p[i] * mul + add;
}

static int host_calls;
static void CUDA_CB count_call(void *data) {
  (*(int *)data)++;
}

static const char *type_name(CUgraphNodeType t) {
  switch (t) {
  case CU_GRAPH_NODE_TYPE_KERNEL: return "kernel";
  case CU_GRAPH_NODE_TYPE_MEMCPY: return "memcpy";
  case CU_GRAPH_NODE_TYPE_MEMSET: return "memset";
  case CU_GRAPH_NODE_TYPE_HOST: return "host";
  case CU_GRAPH_NODE_TYPE_EMPTY: return "empty";
  default: return "other";
  }
}

// The nodes of g by type: counts of kernel, memcpy, memset, host, empty nodes.
static void count_types(CUgraph g, int counts[5], size_t *total) {
  CUgraphNode nodes[16];
  size_t n = 0;
  memset(counts, 0, 5 * sizeof(int));
  check(cuGraphGetNodes(g, NULL, &n) == CUDA_SUCCESS, "cuGraphGetNodes(count)");
  *total = n;
  if (n > 16) n = 16;
  check(cuGraphGetNodes(g, nodes, &n) == CUDA_SUCCESS, "cuGraphGetNodes");
  for (size_t i = 0; i < n; i++) {
    CUgraphNodeType t;
    check(cuGraphNodeGetType(nodes[i], &t) == CUDA_SUCCESS, "cuGraphNodeGetType");
    printf("node %zu: %s\n", i, type_name(t));
    if (t <= CU_GRAPH_NODE_TYPE_HOST) counts[t]++;
    if (t == CU_GRAPH_NODE_TYPE_EMPTY) counts[4]++;
  }
}

int main() {
  const int n = 1000;
  CALL(cuInit(0), CUDA_SUCCESS);
  check(cudaFree(0) == cudaSuccess, "cudaFree(0) makes the primary context current");
  cudaFunction_t fn = NULL;
  check(cudaGetFuncBySymbol(&fn, (const void *)scale_add) == cudaSuccess, "cudaGetFuncBySymbol");
  CUfunction f = (CUfunction)fn;
  CUstream s = NULL;
  CALL(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CUdeviceptr d = 0;
  CALL(cuMemAlloc(&d, n * sizeof(int)), CUDA_SUCCESS);
  int host[n], want[n];
  for (int i = 0; i < n; i++)
    host[i] = i;

  // ---- a capture --------------------------------------------------------------
  CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_ACTIVE;
  CALL(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
  check(status == CU_STREAM_CAPTURE_STATUS_NONE, "not capturing yet");
  CUgraph none = NULL;
  CALL(cuStreamEndCapture(s, &none), CUDA_ERROR_ILLEGAL_STATE);
  SHOW(cuStreamBeginCapture(s, (CUstreamCaptureMode)7)); // Anchor: CUDA_ERROR_INVALID_VALUE
  CALL(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL), CUDA_SUCCESS);
  CALL(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
  check(status == CU_STREAM_CAPTURE_STATUS_ACTIVE, "capturing");
  cuuint64_t id = 0;
  CUgraph capturing = NULL;
  const CUgraphNode *deps = NULL;
  size_t ndeps = 99;
  CALL(cuStreamGetCaptureInfo(s, &status, &id, &capturing, &deps, NULL, &ndeps), CUDA_SUCCESS);
  check(status == CU_STREAM_CAPTURE_STATUS_ACTIVE && id != 0 && capturing && ndeps == 0,
        "capture info at the start");
  SHOW(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL)); // capturing already
  CALL(cuMemcpyHtoDAsync(d, host, n * sizeof(int), s), CUDA_SUCCESS);
  int count = n, mul = 3, add = 1;
  void *params[] = {&d, &count, &mul, &add};
  CALL(cuLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, s, params, NULL), CUDA_SUCCESS);
  CALL(cuMemsetD32Async(d, 7, 10, s), CUDA_SUCCESS); // the first 10 become 7
  CALL(cuLaunchHostFunc(s, count_call, &host_calls), CUDA_SUCCESS);
  CALL(cuStreamGetCaptureInfo(s, &status, &id, &capturing, &deps, NULL, &ndeps), CUDA_SUCCESS);
  check(ndeps == 1, "one dependency: the last node");
  check(host_calls == 0, "nothing ran during the capture");
  // the thread's mode: global by default
  CUstreamCaptureMode mode = CU_STREAM_CAPTURE_MODE_RELAXED;
  CALL(cuThreadExchangeStreamCaptureMode(&mode), CUDA_SUCCESS);
  check(mode == CU_STREAM_CAPTURE_MODE_GLOBAL, "the previous mode was global");
  CALL(cuThreadExchangeStreamCaptureMode(&mode), CUDA_SUCCESS);
  check(mode == CU_STREAM_CAPTURE_MODE_RELAXED, "the mode set was relaxed");
  CUgraph g = NULL;
  CALL(cuStreamEndCapture(s, &g), CUDA_SUCCESS);
  check(g == capturing, "the captured graph is the one the capture info named");
  int counts[5];
  size_t total = 0;
  count_types(g, counts, &total);
  printf("captured nodes: %zu\n", total);
  check(total == 4 && counts[0] == 1 && counts[1] == 1 && counts[2] == 1 && counts[3] == 1,
        "kernel, memcpy, memset and host nodes");
  CUgraphExec x = NULL;
  CALL(cuGraphInstantiate(&x, g, 0), CUDA_SUCCESS);
  CALL(cuGraphLaunch(x, s), CUDA_SUCCESS);
  CALL(cuGraphLaunch(x, s), CUDA_SUCCESS);
  CALL(cuStreamSynchronize(s), CUDA_SUCCESS);
  int got[n];
  CALL(cuMemcpyDtoH(got, d, n * sizeof(int)), CUDA_SUCCESS);
  for (int i = 0; i < n; i++)
    want[i] = i < 10 ? 7 : i * 3 + 1;
  check(memcmp(got, want, sizeof got) == 0, "the captured graph's result");
  check(host_calls == 2, "the host node ran once per launch");
  CALL(cuGraphExecDestroy(x), CUDA_SUCCESS);
  CALL(cuGraphDestroy(g), CUDA_SUCCESS);

  // a synchronous allocation inside a global-mode capture is unsafe: refused,
  // and the capture is invalidated
  CALL(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL), CUDA_SUCCESS);
  CUdeviceptr extra = 0;
  CALL(cuMemAlloc(&extra, 256), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
  CALL(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
  check(status == CU_STREAM_CAPTURE_STATUS_INVALIDATED, "the capture was invalidated");
  CUgraph bad = NULL;
  CALL(cuStreamEndCapture(s, &bad), CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
  check(bad == NULL, "no graph from an invalidated capture");

  // ---- an explicit graph: memset -> kernel -> host, and an empty node --------------
  CUgraph e = NULL;
  CALL(cuGraphCreate(&e, 0), CUDA_SUCCESS);
  CALL(cuGraphCreate(&e, 1), CUDA_ERROR_INVALID_VALUE);
  CUgraphNode memset_node = NULL, kernel_node = NULL, host_node = NULL, empty_node = NULL;
  CUDA_MEMSET_NODE_PARAMS ms;
  memset(&ms, 0, sizeof ms);
  ms.dst = d;
  ms.pitch = n * sizeof(int);
  ms.value = 5;
  ms.elementSize = 4;
  ms.width = n;
  ms.height = 1;
  CUcontext ctx = NULL;
  check(cuCtxGetCurrent(&ctx) == CUDA_SUCCESS, "cuCtxGetCurrent");
  CALL(cuGraphAddMemsetNode(&memset_node, e, NULL, 0, &ms, ctx), CUDA_SUCCESS);
  CUDA_KERNEL_NODE_PARAMS kp;
  memset(&kp, 0, sizeof kp);
  int mul2 = 2, add2 = -1;
  void *params2[] = {&d, &count, &mul2, &add2};
  kp.func = f;
  kp.gridDimX = (n + 127) / 128;
  kp.gridDimY = kp.gridDimZ = 1;
  kp.blockDimX = 128;
  kp.blockDimY = kp.blockDimZ = 1;
  kp.kernelParams = params2;
  CALL(cuGraphAddKernelNode(&kernel_node, e, &memset_node, 1, &kp), CUDA_SUCCESS);
  CUDA_KERNEL_NODE_PARAMS back;
  CALL(cuGraphKernelNodeGetParams(kernel_node, &back), CUDA_SUCCESS);
  check(back.func == f && back.gridDimX == kp.gridDimX && back.blockDimX == 128,
        "cuGraphKernelNodeGetParams gives the node's function and shape");
  CUDA_HOST_NODE_PARAMS hp = {count_call, &host_calls};
  CALL(cuGraphAddHostNode(&host_node, e, NULL, 0, &hp), CUDA_SUCCESS);
  CALL(cuGraphAddEmptyNode(&empty_node, e, NULL, 0), CUDA_SUCCESS);
  CALL(cuGraphAddDependencies(e, &kernel_node, &host_node, NULL, 1), CUDA_SUCCESS);
  CALL(cuGraphAddDependencies(e, &kernel_node, &host_node, NULL, 1), CUDA_ERROR_INVALID_VALUE);
  size_t edges = 0;
  CALL(cuGraphGetEdges(e, NULL, NULL, NULL, &edges), CUDA_SUCCESS);
  check(edges == 2, "two edges");
  size_t roots = 0;
  CALL(cuGraphGetRootNodes(e, NULL, &roots), CUDA_SUCCESS);
  check(roots == 2, "two roots: the memset and the empty node");
  CALL(cuGraphDestroyNode(empty_node), CUDA_SUCCESS);
  // through cuGetProcAddress: CUDA 13's cuGraphInstantiate is cuGraphInstantiateWithFlags
  void *instantiate = NULL;
  CUdriverProcAddressQueryResult found = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  CALL(cuGetProcAddress("cuGraphInstantiate", &instantiate, 13000, CU_GET_PROC_ADDRESS_DEFAULT,
                        &found),
       CUDA_SUCCESS);
  check(instantiate && found == CU_GET_PROC_ADDRESS_SUCCESS, "cuGraphInstantiate by name");
  typedef CUresult (*instantiate_fn)(CUgraphExec *, CUgraph, unsigned long long);
  if (instantiate) CALL(((instantiate_fn)instantiate)(&x, e, 0), CUDA_SUCCESS);
  host_calls = 0;
  CALL(cuGraphLaunch(x, s), CUDA_SUCCESS);
  CALL(cuStreamSynchronize(s), CUDA_SUCCESS);
  CALL(cuMemcpyDtoH(got, d, n * sizeof(int)), CUDA_SUCCESS);
  for (int i = 0; i < n; i++)
    want[i] = 5 * 2 - 1;
  check(memcmp(got, want, sizeof got) == 0, "the explicit graph's result");
  check(host_calls == 1, "its host node ran");
  // new arguments for the instance's kernel node: * 4 + 3 instead of * 2 - 1
  int mul4 = 4, add3 = 3;
  void *params4[] = {&d, &count, &mul4, &add3};
  kp.kernelParams = params4;
  CALL(cuGraphExecKernelNodeSetParams(x, kernel_node, &kp), CUDA_SUCCESS);
  CALL(cuGraphLaunch(x, s), CUDA_SUCCESS);
  CALL(cuStreamSynchronize(s), CUDA_SUCCESS);
  CALL(cuMemcpyDtoH(got, d, n * sizeof(int)), CUDA_SUCCESS);
  for (int i = 0; i < n; i++) want[i] = 5 * 4 + 3;
  check(memcmp(got, want, sizeof got) == 0, "cuGraphExecKernelNodeSetParams took effect");
  // and for the graph's node: a new instance multiplies the memset's 5 by 1
  int one = 1, zero = 0;
  void *params1[] = {&d, &count, &one, &zero};
  kp.kernelParams = params1;
  CALL(cuGraphKernelNodeSetParams(kernel_node, &kp), CUDA_SUCCESS);
  CALL(cuGraphExecDestroy(x), CUDA_SUCCESS);
  CALL(cuGraphInstantiate(&x, e, 0), CUDA_SUCCESS);
  CALL(cuGraphLaunch(x, s), CUDA_SUCCESS);
  CALL(cuStreamSynchronize(s), CUDA_SUCCESS);
  CALL(cuMemcpyDtoH(got, d, n * sizeof(int)), CUDA_SUCCESS);
  for (int i = 0; i < n; i++) want[i] = 5;
  check(memcmp(got, want, sizeof got) == 0, "cuGraphKernelNodeSetParams took effect");
  CALL(cuGraphExecDestroy(x), CUDA_SUCCESS);
  CALL(cuGraphDestroy(e), CUDA_SUCCESS);
  SHOW(cuGraphLaunch(NULL, s)); // Anchor: CUDA_ERROR_INVALID_VALUE

  // ---- copies as graph nodes: host -> device, the kernel, device -> host ----------------
  CUgraph c = NULL;
  CALL(cuGraphCreate(&c, 0), CUDA_SUCCESS);
  CUDA_MEMCPY3D up, down;
  memset(&up, 0, sizeof up);
  up.srcMemoryType = CU_MEMORYTYPE_HOST;
  up.srcHost = host;
  up.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  up.dstDevice = d;
  up.WidthInBytes = n * sizeof(int);
  up.Height = up.Depth = 1;
  down = up;
  down.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  down.srcHost = NULL;
  down.srcDevice = d;
  down.dstMemoryType = CU_MEMORYTYPE_HOST;
  down.dstDevice = 0;
  down.dstHost = got;
  CUgraphNode up_node = NULL, down_node = NULL;
  CALL(cuGraphAddMemcpyNode(&up_node, c, NULL, 0, &up, ctx), CUDA_SUCCESS);
  kp.func = f;
  kp.kernelParams = params; // * 3 + 1
  CALL(cuGraphAddKernelNode(&kernel_node, c, &up_node, 1, &kp), CUDA_SUCCESS);
  CALL(cuGraphAddMemcpyNode(&down_node, c, &kernel_node, 1, &down, ctx), CUDA_SUCCESS);
  memset(got, 0, sizeof got);
  CALL(cuGraphInstantiate(&x, c, 0), CUDA_SUCCESS);
  CALL(cuGraphLaunch(x, s), CUDA_SUCCESS);
  CALL(cuStreamSynchronize(s), CUDA_SUCCESS);
  for (int i = 0; i < n; i++) want[i] = i * 3 + 1;
  check(memcmp(got, want, sizeof got) == 0, "memcpy nodes around a kernel node");
  CALL(cuGraphExecDestroy(x), CUDA_SUCCESS);
  CALL(cuGraphDestroy(c), CUDA_SUCCESS);

  // ---- fork and join through events: s forks to s2, both launch, s2 joins s -------------
  CUstream s2 = NULL;
  CUevent fork = NULL, join = NULL;
  CALL(cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CALL(cuEventCreate(&fork, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  CALL(cuEventCreate(&join, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  CUdeviceptr d2 = 0;
  CALL(cuMemAlloc(&d2, n * sizeof(int)), CUDA_SUCCESS);
  CALL(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL), CUDA_SUCCESS);
  CALL(cuMemcpyHtoDAsync(d, host, n * sizeof(int), s), CUDA_SUCCESS);
  CALL(cuMemcpyHtoDAsync(d2, host, n * sizeof(int), s), CUDA_SUCCESS);
  CALL(cuEventRecord(fork, s), CUDA_SUCCESS);
  CALL(cuStreamWaitEvent(s2, fork, 0), CUDA_SUCCESS);
  CALL(cuStreamIsCapturing(s2, &status), CUDA_SUCCESS);
  check(status == CU_STREAM_CAPTURE_STATUS_ACTIVE, "the forked stream joined the capture");
  void *params_d2[] = {&d2, &count, &mul2, &add2}; // * 2 - 1 on s2
  CALL(cuLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, s2, params_d2, NULL), CUDA_SUCCESS);
  CALL(cuLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, s, params, NULL), CUDA_SUCCESS);
  CALL(cuEventRecord(join, s2), CUDA_SUCCESS);
  CALL(cuStreamWaitEvent(s, join, 0), CUDA_SUCCESS);
  CUgraph fj = NULL;
  CALL(cuStreamEndCapture(s, &fj), CUDA_SUCCESS);
  count_types(fj, counts, &total);
  check(total == 4 && counts[0] == 2 && counts[1] == 2, "two copies and two kernels");
  size_t fj_edges = 0;
  CALL(cuGraphGetEdges(fj, NULL, NULL, NULL, &fj_edges), CUDA_SUCCESS);
  printf("fork/join edges: %zu\n", fj_edges);
  check(fj_edges == 3, "copy -> copy -> both kernels");
  CALL(cuGraphInstantiate(&x, fj, 0), CUDA_SUCCESS);
  CALL(cuGraphLaunch(x, s), CUDA_SUCCESS);
  CALL(cuStreamSynchronize(s), CUDA_SUCCESS);
  int got2[n];
  CALL(cuMemcpyDtoH(got, d, n * sizeof(int)), CUDA_SUCCESS);
  CALL(cuMemcpyDtoH(got2, d2, n * sizeof(int)), CUDA_SUCCESS);
  bool fj_ok = true;
  for (int i = 0; i < n; i++) fj_ok &= got[i] == i * 3 + 1 && got2[i] == i * 2 - 1;
  check(fj_ok, "both branches of the fork ran");
  CALL(cuGraphExecDestroy(x), CUDA_SUCCESS);
  CALL(cuGraphDestroy(fj), CUDA_SUCCESS);
  CALL(cuEventDestroy(fork), CUDA_SUCCESS);
  CALL(cuEventDestroy(join), CUDA_SUCCESS);
  CALL(cuStreamDestroy(s2), CUDA_SUCCESS);
  CALL(cuMemFree(d2), CUDA_SUCCESS);

  CALL(cuMemFree(d), CUDA_SUCCESS);
  CALL(cuStreamDestroy(s), CUDA_SUCCESS);
  if (failures == 0) printf("PASS\n");
  return failures ? 1 : 0;
}
