// graph_conditional.cu — end-to-end test of conditional nodes (CUDA 12.3+): a while node
// whose body kernel halves a device value and calls cudaGraphSetConditional until the
// value drops below a bound (the number of iterations is computed on the device), an
// if node with an else branch chosen by a device-computed parity, a switch node, and a
// handle with cudaGraphCondAssignDefault reset at each launch. Values are checked
// against host references over several launches. Prints PASS or FAIL: <details>.
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

struct State {
  unsigned value, iterations, taken_if, taken_else, sw[3];
};

__global__ void start(State *s, unsigned v, cudaGraphConditionalHandle loop) {
  s->value = v;
  s->iterations = 0;
  cudaGraphSetConditional(loop, v >= 10); // enter the loop only when there is work
}

__global__ void halve(State *s, cudaGraphConditionalHandle loop) {
  s->value /= 2;
  s->iterations++;
  cudaGraphSetConditional(loop, s->value >= 10);
}

__global__ void decide(State *s, cudaGraphConditionalHandle branch, cudaGraphConditionalHandle which) {
  cudaGraphSetConditional(branch, s->iterations % 2);
  cudaGraphSetConditional(which, s->iterations % 3);
}

__global__ void count(unsigned *p) { *p += 1; }

static int host_iterations(unsigned v) {
  int n = 0;
  if (v < 10) return 0;
  do {
    v /= 2;
    n++;
  } while (v >= 10);
  return n;
}

int main(void) {
  State *s;
  CHECK(cudaMalloc(&s, sizeof(State)));
  CHECK(cudaMemset(s, 0, sizeof(State)));
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle loop, branch, which;
  CHECK(cudaGraphConditionalHandleCreate(&loop, g, 0, 0));
  CHECK(cudaGraphConditionalHandleCreate(&branch, g, 0, 0));
  CHECK(cudaGraphConditionalHandleCreate(&which, g, 7, cudaGraphCondAssignDefault));

  unsigned v = 1000;
  void *start_args[] = {&s, &v, &loop};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)start;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(1);
  kp.kernelParams = start_args;
  cudaGraphNode_t n_start, n_while, n_decide, n_if, n_switch;
  CHECK(cudaGraphAddKernelNode(&n_start, g, NULL, 0, &kp));

  cudaGraphNodeParams cp = {};
  cp.type = cudaGraphNodeTypeConditional;
  cp.conditional.handle = loop;
  cp.conditional.type = cudaGraphCondTypeWhile;
  cp.conditional.size = 1;
  CHECK(cudaGraphAddNode(&n_while, g, &n_start, NULL, 1, &cp));
  cudaGraph_t body = cp.conditional.phGraph_out[0];
  void *halve_args[] = {&s, &loop};
  kp.func = (void *)halve;
  kp.kernelParams = halve_args;
  cudaGraphNode_t n_halve;
  CHECK(cudaGraphAddKernelNode(&n_halve, body, NULL, 0, &kp));

  void *decide_args[] = {&s, &branch, &which};
  kp.func = (void *)decide;
  kp.kernelParams = decide_args;
  CHECK(cudaGraphAddKernelNode(&n_decide, g, &n_while, 1, &kp));

  cudaGraphNodeParams ip = {};
  ip.type = cudaGraphNodeTypeConditional;
  ip.conditional.handle = branch;
  ip.conditional.type = cudaGraphCondTypeIf;
  ip.conditional.size = 2;
  CHECK(cudaGraphAddNode(&n_if, g, &n_decide, NULL, 1, &ip));
  unsigned *p_if = &s->taken_if, *p_else = &s->taken_else;
  void *if_args[] = {&p_if}, *else_args[] = {&p_else};
  kp.func = (void *)count;
  kp.kernelParams = if_args;
  cudaGraphNode_t n_then, n_else;
  CHECK(cudaGraphAddKernelNode(&n_then, ip.conditional.phGraph_out[0], NULL, 0, &kp));
  kp.kernelParams = else_args;
  CHECK(cudaGraphAddKernelNode(&n_else, ip.conditional.phGraph_out[1], NULL, 0, &kp));

  cudaGraphNodeParams sp = {};
  sp.type = cudaGraphNodeTypeConditional;
  sp.conditional.handle = which;
  sp.conditional.type = cudaGraphCondTypeSwitch;
  sp.conditional.size = 3;
  CHECK(cudaGraphAddNode(&n_switch, g, &n_if, NULL, 1, &sp));
  unsigned *p_sw[3] = {&s->sw[0], &s->sw[1], &s->sw[2]};
  for (int i = 0; i < 3; i++) {
    void *sw_args[] = {&p_sw[i]};
    kp.kernelParams = sw_args;
    cudaGraphNode_t n_case;
    CHECK(cudaGraphAddKernelNode(&n_case, sp.conditional.phGraph_out[i], NULL, 0, &kp));
  }

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, g, 0));
  const unsigned starts[] = {1000, 5, 77, 100000, 10, 12345};
  unsigned want_if = 0, want_else = 0, want_sw[3] = {0, 0, 0};
  for (unsigned k = 0; k < sizeof starts / sizeof *starts; k++) {
    cudaKernelNodeParams np;
    CHECK(cudaGraphKernelNodeGetParams(n_start, &np));
    v = starts[k];
    kp.func = (void *)start;
    kp.kernelParams = start_args;
    CHECK(cudaGraphExecKernelNodeSetParams(exec, n_start, &kp));
    CHECK(cudaGraphLaunch(exec, 0));
    CHECK(cudaDeviceSynchronize());
    State h;
    CHECK(cudaMemcpy(&h, s, sizeof h, cudaMemcpyDeviceToHost));
    int iters = host_iterations(starts[k]);
    unsigned value = starts[k];
    for (int i = 0; i < iters; i++) value /= 2;
    if (iters % 2) want_if++; else want_else++;
    want_sw[iters % 3]++;
    if (h.iterations != (unsigned)iters || h.value != value || h.taken_if != want_if ||
        h.taken_else != want_else || h.sw[0] != want_sw[0] || h.sw[1] != want_sw[1] ||
        h.sw[2] != want_sw[2]) {
      printf("FAIL: start %u: %u iterations (expected %d), value %u (%u), if %u/%u else %u/%u, "
             "switch %u %u %u (%u %u %u)\n",
             starts[k], h.iterations, iters, h.value, value, h.taken_if, want_if, h.taken_else,
             want_else, h.sw[0], h.sw[1], h.sw[2], want_sw[0], want_sw[1], want_sw[2]);
      return 1;
    }
  }
  // a switch value past the bodies runs none: the default 7 when decide is disabled
  CHECK(cudaGraphNodeSetEnabled(exec, n_decide, 0));
  CHECK(cudaGraphLaunch(exec, 0));
  CHECK(cudaDeviceSynchronize());
  State h;
  CHECK(cudaMemcpy(&h, s, sizeof h, cudaMemcpyDeviceToHost));
  if (h.sw[0] + h.sw[1] + h.sw[2] != want_sw[0] + want_sw[1] + want_sw[2]) {
    printf("FAIL: a switch past its bodies ran one\n");
    return 1;
  }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaFree(s));
  printf("PASS\n");
  return 0;
}
