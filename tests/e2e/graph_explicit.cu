// graph_explicit.cu — end-to-end test of graphs built node by node: a diamond of kernel
// nodes (A -> B, C -> D) after a 1-D memcpy node and a memset node, a child graph node,
// event record and wait nodes, memory alloc and free nodes, a host node, an empty node,
// the generic cudaGraphAddNode; the structure queries (GetNodes, GetRootNodes, GetEdges,
// NodeGetDependencies/DependentNodes, NodeGetType), cudaGraphAddDependencies /
// RemoveDependencies, cudaGraphDestroyNode, cudaGraphClone + cudaGraphNodeFindInClone,
// per-node Get/SetParams, and error codes of bad calls (each printed). Results are
// checked against host references. Prints PASS or FAIL: <details>.
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
// A wrong result is counted and the bad calls go on, so that one run on CUDA shows every
// line (the program fails at its end).
static int failures;
#define EXPECT(call, code)                                                               \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    printf("%s -> %s\n", #call, cudaGetErrorName(err_));                                 \
    if (err_ != (code)) {                                                                \
      printf("FAIL: expected %s at line %d\n", #code, __LINE__);                         \
      failures++;                                                                        \
    }                                                                                    \
    cudaGetLastError();                                                                  \
  } while (0)

enum { N = 2053 };

__global__ void fill(int *a, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = v + i;
}
__global__ void axpy(int *y, const int *x, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += k * x[i];
}
__global__ void sum2(int *d, const int *b, const int *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d[i] = b[i] + c[i];
}

static int host_calls;
static void count_call(void *p) { host_calls += *(int *)p; }

static size_t count_nodes(cudaGraph_t g) {
  size_t n = 0;
  cudaGraphGetNodes(g, NULL, &n);
  return n;
}

int main(void) {
  static int h_src[N], h_out[N];
  for (int i = 0; i < N; i++) h_src[i] = 3 * i - 1000;
  int *src, *b, *c, *d;
  CHECK(cudaMalloc(&src, N * sizeof(int)));
  CHECK(cudaMalloc(&b, N * sizeof(int)));
  CHECK(cudaMalloc(&c, N * sizeof(int)));
  CHECK(cudaMalloc(&d, N * sizeof(int)));
  int n = N, blocks = (N + 127) / 128;

  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  // A: copy src in; M: memset b to 0  (both roots)
  cudaGraphNode_t copy_in, clear_b, kb, kc, kd, copy_out, host, empty;
  CHECK(cudaGraphAddMemcpyNode1D(&copy_in, g, NULL, 0, src, h_src, sizeof h_src,
                                 cudaMemcpyHostToDevice));
  cudaMemsetParams ms = {};
  ms.dst = b;
  ms.value = 0;
  ms.elementSize = 4;
  ms.width = N;
  ms.height = 1;
  CHECK(cudaGraphAddMemsetNode(&clear_b, g, NULL, 0, &ms));
  // B: b += 2*src (after both); C: c = 7 + i (after the copy); D: d = b + c (after B, C)
  int k2 = 2;
  void *args_b[] = {&b, &src, &n, &k2};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)axpy;
  kp.gridDim = dim3(blocks);
  kp.blockDim = dim3(128);
  kp.kernelParams = args_b;
  cudaGraphNode_t deps_b[] = {copy_in, clear_b};
  CHECK(cudaGraphAddKernelNode(&kb, g, deps_b, 2, &kp));
  k2 = 999; // the node copied the arguments
  int seven = 7;
  void *args_c[] = {&c, &n, &seven};
  cudaKernelNodeParams kpc = kp;
  kpc.func = (void *)fill;
  kpc.kernelParams = args_c;
  CHECK(cudaGraphAddKernelNode(&kc, g, &copy_in, 1, &kpc));
  void *args_d[] = {&d, &b, &c, &n};
  cudaGraphNodeParams gp = {};
  gp.type = cudaGraphNodeTypeKernel;
  gp.kernel.func = (void *)sum2;
  gp.kernel.gridDim = dim3(blocks);
  gp.kernel.blockDim = dim3(128);
  gp.kernel.kernelParams = args_d;
  cudaGraphNode_t deps_d[] = {kb, kc};
  CHECK(cudaGraphAddNode(&kd, g, deps_d, NULL, 2, &gp));
  CHECK(cudaGraphAddMemcpyNode1D(&copy_out, g, &kd, 1, h_out, d, sizeof h_out,
                                 cudaMemcpyDeviceToHost));
  int one = 1;
  cudaHostNodeParams hp = {count_call, &one};
  CHECK(cudaGraphAddHostNode(&host, g, &copy_out, 1, &hp));
  CHECK(cudaGraphAddEmptyNode(&empty, g, &host, 1));

  // structure
  size_t count = 0;
  CHECK(cudaGraphGetRootNodes(g, NULL, &count));
  if (count != 2) { printf("FAIL: %zu roots\n", count); return 1; }
  cudaGraphNode_t from[16], to[16];
  count = 16;
  CHECK(cudaGraphGetEdges(g, from, to, NULL, &count));
  if (count != 8) { printf("FAIL: %zu edges, expected 8\n", count); return 1; }
  cudaGraphNode_t dep[4];
  count = 4;
  CHECK(cudaGraphNodeGetDependencies(kd, dep, NULL, &count));
  if (count != 2 || dep[0] != kb || dep[1] != kc) { printf("FAIL: D's dependencies\n"); return 1; }
  count = 4;
  CHECK(cudaGraphNodeGetDependentNodes(copy_in, dep, NULL, &count));
  if (count != 2) { printf("FAIL: copy_in has %zu dependents\n", count); return 1; }
  cudaGraphNodeType type;
  CHECK(cudaGraphNodeGetType(kd, &type));
  if (type != cudaGraphNodeTypeKernel) { printf("FAIL: type %d\n", type); return 1; }
  cudaKernelNodeParams got;
  CHECK(cudaGraphKernelNodeGetParams(kb, &got));
  if (got.func != (void *)axpy || got.gridDim.x != (unsigned)blocks ||
      *(int *)got.kernelParams[3] != 2) {
    printf("FAIL: KernelNodeGetParams\n");
    return 1;
  }

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, g, 0));
  for (int r = 0; r < 3; r++) {
    memset(h_out, 0, sizeof h_out);
    CHECK(cudaGraphLaunch(exec, 0));
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < N; i++)
      if (h_out[i] != 2 * h_src[i] + 7 + i) {
        printf("FAIL: diamond d[%d] = %d, expected %d\n", i, h_out[i], 2 * h_src[i] + 7 + i);
        return 1;
      }
  }
  if (host_calls != 3) { printf("FAIL: host node ran %d times\n", host_calls); return 1; }

  // child graph (clone of g) + event nodes + memory nodes in a parent
  cudaGraph_t parent;
  CHECK(cudaGraphCreate(&parent, 0));
  cudaEvent_t ev;
  CHECK(cudaEventCreate(&ev));
  cudaMemAllocNodeParams ap = {};
  ap.poolProps.allocType = cudaMemAllocationTypePinned;
  ap.poolProps.location.type = cudaMemLocationTypeDevice;
  ap.poolProps.location.id = 0;
  ap.bytesize = N * sizeof(int);
  cudaGraphNode_t alloc, child, rec, wait, use, copy_tmp, freen;
  CHECK(cudaGraphAddMemAllocNode(&alloc, parent, NULL, 0, &ap));
  if (!ap.dptr) { printf("FAIL: alloc node gave no address\n"); return 1; }
  int *tmp = (int *)ap.dptr;
  CHECK(cudaGraphAddChildGraphNode(&child, parent, &alloc, 1, g));
  CHECK(cudaGraphAddEventRecordNode(&rec, parent, &child, 1, ev));
  CHECK(cudaGraphAddEventWaitNode(&wait, parent, &rec, 1, ev));
  int k3 = 3;
  void *args_t[] = {&tmp, &n, &k3};
  cudaKernelNodeParams kt = kpc;
  kt.kernelParams = args_t;
  CHECK(cudaGraphAddKernelNode(&use, parent, &wait, 1, &kt)); // tmp = 3 + i
  static int h_tmp[N];
  CHECK(cudaGraphAddMemcpyNode1D(&copy_tmp, parent, &use, 1, h_tmp, tmp, sizeof h_tmp,
                                 cudaMemcpyDeviceToHost));
  CHECK(cudaGraphAddMemFreeNode(&freen, parent, &copy_tmp, 1, tmp));
  cudaMemAllocNodeParams apg;
  CHECK(cudaGraphMemAllocNodeGetParams(alloc, &apg));
  void *freed = NULL;
  CHECK(cudaGraphMemFreeNodeGetParams(freen, &freed));
  if (apg.dptr != tmp || apg.bytesize != N * sizeof(int) || freed != tmp) {
    printf("FAIL: memory node parameters\n");
    return 1;
  }
  cudaGraph_t inner;
  CHECK(cudaGraphChildGraphNodeGetGraph(child, &inner));
  if (inner == g || count_nodes(inner) != count_nodes(g)) { printf("FAIL: child graph\n"); return 1; }
  cudaEvent_t got_ev;
  CHECK(cudaGraphEventRecordNodeGetEvent(rec, &got_ev));
  if (got_ev != ev) { printf("FAIL: event record node\n"); return 1; }
  cudaGraphExec_t pexec;
  CHECK(cudaGraphInstantiate(&pexec, parent, 0));
  memset(h_out, 0, sizeof h_out);
  CHECK(cudaGraphLaunch(pexec, 0));
  CHECK(cudaEventSynchronize(ev));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaEventQuery(ev));
  for (int i = 0; i < N; i++)
    if (h_out[i] != 2 * h_src[i] + 7 + i || h_tmp[i] != 3 + i) {
      printf("FAIL: parent graph [%d]: %d %d\n", i, h_out[i], h_tmp[i]);
      return 1;
    }
  if (host_calls != 4) { printf("FAIL: child's host node ran %d times in all\n", host_calls); return 1; }

  // clone, find in clone, remove a dependency, destroy a node
  cudaGraph_t clone;
  CHECK(cudaGraphClone(&clone, g));
  cudaGraphNode_t kd_clone;
  CHECK(cudaGraphNodeFindInClone(&kd_clone, kd, clone));
  if (kd_clone == kd) { printf("FAIL: clone node\n"); return 1; }
  CHECK(cudaGraphRemoveDependencies(g, &kc, &kd, NULL, 1));
  count = 0;
  CHECK(cudaGraphGetEdges(g, NULL, NULL, NULL, &count));
  if (count != 7) { printf("FAIL: %zu edges after removal\n", count); return 1; }
  CHECK(cudaGraphAddDependencies(g, &kc, &kd, NULL, 1));
  CHECK(cudaGraphDestroyNode(empty));
  if (count_nodes(g) != 7 || count_nodes(clone) != 8) { printf("FAIL: destroy node\n"); return 1; }
  count = 0;
  CHECK(cudaGraphGetEdges(g, NULL, NULL, NULL, &count));
  if (count != 7) { printf("FAIL: %zu edges after destroying a node\n", count); return 1; }

  // bad calls
  cudaGraphNode_t bad;
  EXPECT(cudaGraphAddDependencies(g, &kc, &kd, NULL, 1), cudaErrorInvalidValue); // exists
  EXPECT(cudaGraphRemoveDependencies(g, &kd, &kc, NULL, 1), cudaErrorInvalidValue);
  EXPECT(cudaGraphAddKernelNode(&bad, g, NULL, 0, NULL), cudaErrorInvalidValue);
  EXPECT(cudaGraphAddEmptyNode(NULL, g, NULL, 0), cudaErrorInvalidValue);
  EXPECT(cudaGraphAddEmptyNode(&bad, g, &kd_clone, 1), cudaErrorInvalidValue); // other graph
  EXPECT(cudaGraphAddEmptyNode(&bad, g, NULL, 1), cudaErrorInvalidValue);
  cudaKernelNodeParams nofunc = kp;
  nofunc.func = (void *)count_call;
  // a host function as func (H200, CUDA 13, 2026-12-01: cudaErrorInvalidResourceHandle,
  // where this program expected cudaErrorInvalidDeviceFunction, a launch's code)
  EXPECT(cudaGraphAddKernelNode(&bad, g, NULL, 0, &nofunc), cudaErrorInvalidResourceHandle);
  cudaKernelNodeParams toobig = kp;
  toobig.blockDim = dim3(2048);
  // CUDA may check a configuration when the node is added or at instantiation: printed
  printf("cudaGraphAddKernelNode(block 2048) -> %s\n",
         cudaGetErrorName(cudaGraphAddKernelNode(&bad, g, NULL, 0, &toobig)));
  cudaGetLastError();
  ms.elementSize = 3;
  EXPECT(cudaGraphAddMemsetNode(&bad, g, NULL, 0, &ms), cudaErrorInvalidValue);
  hp.fn = NULL;
  EXPECT(cudaGraphAddHostNode(&bad, g, NULL, 0, &hp), cudaErrorInvalidValue);
  EXPECT(cudaGraphKernelNodeGetParams(copy_in, &got), cudaErrorInvalidValue); // wrong type
  EXPECT(cudaGraphCreate(&clone, 1), cudaErrorInvalidValue);
  EXPECT(cudaGraphInstantiate(NULL, g, 0), cudaErrorInvalidValue);
  // a cycle: D -> B while B -> D (where CUDA refuses it is printed: edge or instantiation)
  cudaError_t e = cudaGraphAddDependencies(g, &kd, &kb, NULL, 1);
  printf("cudaGraphAddDependencies(cycle) -> %s\n", cudaGetErrorName(e));
  if (e == cudaSuccess) {
    cudaGraphExec_t cyc;
    cudaGraphInstantiateParams ip = {};
    e = cudaGraphInstantiateWithParams(&cyc, g, &ip);
    printf("cudaGraphInstantiateWithParams(cycle) -> %s, result_out %d\n", cudaGetErrorName(e),
           (int)ip.result_out);
    if (e == cudaSuccess) {
      printf("FAIL: a cycle instantiated\n");
      return 1;
    }
  }
  cudaGetLastError();

  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphExecDestroy(pexec));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaGraphDestroy(clone));
  CHECK(cudaGraphDestroy(parent));
  CHECK(cudaEventDestroy(ev));
  if (failures) {
    printf("FAIL: %d results differ from the expected ones\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
