// graph_update.cu — end-to-end test of changing an instantiated graph between replays:
// cudaGraphExecKernelNodeSetParams (new arguments for one replay's kernel, another
// kernel, a host function refused),
// cudaGraphExecMemsetNodeSetParams, cudaGraphExecMemcpyNodeSetParams1D,
// cudaGraphExecHostNodeSetParams, cudaGraphKernelNodeSetParams on the graph (the
// instance unchanged until cudaGraphExecUpdate), cudaGraphExecUpdate with the same
// topology (success) and a changed one (cudaErrorGraphExecUpdateFailure with
// cudaGraphExecUpdateErrorTopologyChanged / NodeTypeChanged), cudaGraphNodeSetEnabled /
// GetEnabled, cudaGraphExecGetFlags, cudaGraphUpload. Values are checked against host
// references. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      printf("FAIL: %s: %s (%s) at line %d\n", #call, cudaGetErrorString(err_),          \
             cudaGetErrorName(err_), __LINE__);                                          \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

enum { N = 1031 };

__global__ void affine(int *a, int n, int mul, int add) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] * mul + add;
}

__global__ void affine_sub(int *a, int n, int mul, int sub) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] * mul - sub;
}

static int host_value;
static void set_one(void *) { host_value = 1; }
static void set_two(void *) { host_value = 2; }

static int h[N];

// Runs exec once and checks every h[i] == expect(i).
static int run_and_check(cudaGraphExec_t exec, cudaStream_t s, int base, int mul, int add,
                         const char *what) {
  CHECK(cudaGraphLaunch(exec, s));
  CHECK(cudaStreamSynchronize(s));
  for (int i = 0; i < N; i++)
    if (h[i] != base * mul + add) {
      printf("FAIL: %s: h[%d] = %d, expected %d\n", what, i, h[i], base * mul + add);
      return 1;
    }
  return 0;
}

// A graph memset(a, byte) -> affine(a, mul, add) -> copy a to h -> host.
static int build(cudaGraph_t *g, int *a, int byte, int mul, int add, cudaGraphNode_t *nodes,
                 bool extra_edge) {
  CHECK(cudaGraphCreate(g, 0));
  cudaMemsetParams ms = {};
  ms.dst = a;
  ms.value = (unsigned)byte;
  ms.elementSize = 1;
  ms.width = N * sizeof(int);
  ms.height = 1;
  CHECK(cudaGraphAddMemsetNode(&nodes[0], *g, NULL, 0, &ms));
  int n = N;
  void *args[] = {&a, &n, &mul, &add};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)affine;
  kp.gridDim = dim3((N + 63) / 64);
  kp.blockDim = dim3(64);
  kp.kernelParams = args;
  CHECK(cudaGraphAddKernelNode(&nodes[1], *g, &nodes[0], 1, &kp));
  CHECK(cudaGraphAddMemcpyNode1D(&nodes[2], *g, &nodes[1], 1, h, a, sizeof h,
                                 cudaMemcpyDeviceToHost));
  cudaHostNodeParams hp = {set_one, NULL};
  CHECK(cudaGraphAddHostNode(&nodes[3], *g, &nodes[2], 1, &hp));
  if (extra_edge) CHECK(cudaGraphAddDependencies(*g, &nodes[0], &nodes[2], NULL, 1));
  return 0;
}

int main(void) {
  int *a, *b;
  CHECK(cudaMalloc(&a, N * sizeof(int)));
  CHECK(cudaMalloc(&b, N * sizeof(int)));
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  const int ones = 0x01010101;
  cudaGraph_t g;
  cudaGraphNode_t nodes[4];
  if (build(&g, a, 1, 3, 4, nodes, false)) return 1;
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiateWithFlags(&exec, g, 0));
  CHECK(cudaGraphUpload(exec, s));
  unsigned long long flags = 99;
  CHECK(cudaGraphExecGetFlags(exec, &flags));
  if (flags != 0) { printf("FAIL: flags %llu\n", flags); return 1; }
  if (run_and_check(exec, s, ones, 3, 4, "first replay")) return 1;
  if (host_value != 1) { printf("FAIL: host node\n"); return 1; }

  // new kernel arguments for the instance only
  int n = N, mul = 5, add = -2;
  void *args[] = {&a, &n, &mul, &add};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)affine;
  kp.gridDim = dim3((N + 63) / 64);
  kp.blockDim = dim3(64);
  kp.kernelParams = args;
  CHECK(cudaGraphExecKernelNodeSetParams(exec, nodes[1], &kp));
  if (run_and_check(exec, s, ones, 5, -2, "ExecKernelNodeSetParams")) return 1;
  // the graph still has the old ones
  cudaKernelNodeParams got;
  CHECK(cudaGraphKernelNodeGetParams(nodes[1], &got));
  if (*(int *)got.kernelParams[2] != 3) { printf("FAIL: the graph's node changed\n"); return 1; }

  // memset value, copy source, host function of the instance
  cudaMemsetParams ms = {};
  ms.dst = a;
  ms.value = 2;
  ms.elementSize = 1;
  ms.width = N * sizeof(int);
  ms.height = 1;
  CHECK(cudaGraphExecMemsetNodeSetParams(exec, nodes[0], &ms));
  cudaHostNodeParams hp = {set_two, NULL};
  CHECK(cudaGraphExecHostNodeSetParams(exec, nodes[3], &hp));
  if (run_and_check(exec, s, 0x02020202, 5, -2, "ExecMemsetNodeSetParams")) return 1;
  if (host_value != 2) { printf("FAIL: ExecHostNodeSetParams\n"); return 1; }
  // b = 7 everywhere; copy b instead of a
  static int sevens[N];
  for (int i = 0; i < N; i++) sevens[i] = 7;
  CHECK(cudaMemcpy(b, sevens, sizeof sevens, cudaMemcpyHostToDevice));
  CHECK(cudaGraphExecMemcpyNodeSetParams1D(exec, nodes[2], h, b, sizeof h,
                                           cudaMemcpyDeviceToHost));
  if (run_and_check(exec, s, 7, 1, 0, "ExecMemcpyNodeSetParams1D")) return 1;

  // a host function as the instance's kernel: refused (H200, CUDA 13, 2026-12-01:
  // cudaErrorInvalidResourceHandle)
  cudaKernelNodeParams other = kp;
  other.func = (void *)set_one;
  cudaError_t e = cudaGraphExecKernelNodeSetParams(exec, nodes[1], &other);
  printf("cudaGraphExecKernelNodeSetParams(another function) -> %s\n", cudaGetErrorName(e));
  if (e != cudaErrorInvalidResourceHandle) {
    printf("FAIL: expected cudaErrorInvalidResourceHandle\n");
    return 1;
  }
  cudaGetLastError();
  // another kernel (CUDA 12+ lets the function change): b = 7 * 2 - 1, copied to h
  int mul2 = 2, sub2 = 1;
  void *args2[] = {&b, &n, &mul2, &sub2};
  other.func = (void *)affine_sub;
  other.kernelParams = args2;
  e = cudaGraphExecKernelNodeSetParams(exec, nodes[1], &other);
  printf("cudaGraphExecKernelNodeSetParams(another kernel) -> %s\n", cudaGetErrorName(e));
  if (e != cudaSuccess) { printf("FAIL: expected cudaSuccess\n"); return 1; }
  if (run_and_check(exec, s, 7, 2, -1, "ExecKernelNodeSetParams(another kernel)")) return 1;

  // cudaGraphExecUpdate from a graph of the same topology with other parameters
  cudaGraph_t g2;
  cudaGraphNode_t nodes2[4];
  if (build(&g2, a, 3, 2, 9, nodes2, false)) return 1;
  cudaGraphExecUpdateResultInfo info;
  CHECK(cudaGraphExecUpdate(exec, g2, &info));
  if (info.result != cudaGraphExecUpdateSuccess) { printf("FAIL: update result %d\n", info.result); return 1; }
  if (run_and_check(exec, s, 0x03030303, 2, 9, "cudaGraphExecUpdate")) return 1;
  if (host_value != 1) { printf("FAIL: updated host node\n"); return 1; }
  // SetParams on the graph then update again
  int mul3 = 1, add3 = 100;
  void *args3[] = {&a, &n, &mul3, &add3};
  kp.kernelParams = args3;
  CHECK(cudaGraphKernelNodeSetParams(nodes2[1], &kp));
  if (run_and_check(exec, s, 0x03030303, 2, 9, "before the second update")) return 1;
  CHECK(cudaGraphExecUpdate(exec, g2, &info));
  if (run_and_check(exec, s, 0x03030303, 1, 100, "KernelNodeSetParams + update")) return 1;

  // a changed topology: an extra edge
  cudaGraph_t g3;
  cudaGraphNode_t nodes3[4];
  if (build(&g3, a, 3, 2, 9, nodes3, true)) return 1;
  e = cudaGraphExecUpdate(exec, g3, &info);
  printf("cudaGraphExecUpdate(extra edge) -> %s, result %d\n", cudaGetErrorName(e), (int)info.result);
  if (e != cudaErrorGraphExecUpdateFailure || info.result != cudaGraphExecUpdateErrorTopologyChanged) {
    printf("FAIL: expected cudaErrorGraphExecUpdateFailure / TopologyChanged\n");
    return 1;
  }
  cudaGetLastError();
  // a changed node type: the host node made an empty node
  cudaGraph_t g4;
  cudaGraphNode_t nodes4[4];
  if (build(&g4, a, 3, 2, 9, nodes4, false)) return 1;
  CHECK(cudaGraphDestroyNode(nodes4[3]));
  CHECK(cudaGraphAddEmptyNode(&nodes4[3], g4, &nodes4[2], 1));
  e = cudaGraphExecUpdate(exec, g4, &info);
  printf("cudaGraphExecUpdate(node type) -> %s, result %d\n", cudaGetErrorName(e), (int)info.result);
  if (e != cudaErrorGraphExecUpdateFailure || info.result != cudaGraphExecUpdateErrorNodeTypeChanged) {
    printf("FAIL: expected cudaErrorGraphExecUpdateFailure / NodeTypeChanged\n");
    return 1;
  }
  cudaGetLastError();
  // the instance still works as before the failed updates
  if (run_and_check(exec, s, 0x03030303, 1, 100, "after failed updates")) return 1;

  // disable the kernel node: h = the memset's bytes
  unsigned enabled = 0;
  CHECK(cudaGraphNodeGetEnabled(exec, nodes[1], &enabled));
  if (enabled != 1) { printf("FAIL: enabled %u\n", enabled); return 1; }
  CHECK(cudaGraphNodeSetEnabled(exec, nodes[1], 0));
  CHECK(cudaGraphNodeGetEnabled(exec, nodes[1], &enabled));
  if (enabled != 0) { printf("FAIL: disabled %u\n", enabled); return 1; }
  if (run_and_check(exec, s, 0x03030303, 1, 0, "disabled kernel node")) return 1;
  CHECK(cudaGraphNodeSetEnabled(exec, nodes[1], 1));
  if (run_and_check(exec, s, 0x03030303, 1, 100, "enabled again")) return 1;
  e = cudaGraphNodeSetEnabled(exec, nodes[3], 0);
  printf("cudaGraphNodeSetEnabled(host node) -> %s\n", cudaGetErrorName(e));
  if (e != cudaErrorInvalidValue) { printf("FAIL: expected cudaErrorInvalidValue\n"); return 1; }
  cudaGetLastError();

  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaGraphDestroy(g2));
  CHECK(cudaGraphDestroy(g3));
  CHECK(cudaGraphDestroy(g4));
  CHECK(cudaStreamDestroy(s));
  printf("PASS\n");
  return 0;
}
