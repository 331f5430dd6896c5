// graph_conditional_async.cu — cudaGraphLaunch of a graph with conditional nodes returns
// without waiting for the device, as in CUDA; the launch stream's later work waits for the
// whole graph; values as a CPU reference says.
//
// 1. start -> WHILE (body: a slow kernel that counts down and sets the handle, then an IF
//    node, nested, that counts the odd values, then a device-to-device memcpy) -> finish.
//    Right after cudaGraphLaunch (three launches back to back) the loop's progress, which
//    the body writes to pinned host memory, is short of its end and cudaStreamQuery of
//    the launch stream is cudaErrorNotReady (the bodies take long on any device); a kernel
//    enqueued after the launches sees every iteration done; values checked after sync.
// 2. cudaGraphExecDestroy right after a launch: the launch still completes (values).
// 3. A body whose memset is a 16-bit pattern (Anchor writes those on the host after a
//    wait, so it evaluates such a node synchronously): values still right.
// 4. The while node on one branch of a fork, a kernel on the other, joined by a kernel
//    that checks the whole loop was done before it.
// Prints PASS or FAIL: <details>; also prints (not checked) how long the first launch
// call took. Expected on CUDA (H200): PASS (not run there yet).
#include <cuda_runtime.h>
#include <stdio.h>
#include <time.h>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      printf("FAIL: %s: %s (%s) at line %d\n", #call, cudaGetErrorString(err_),          \
             cudaGetErrorName(err_), __LINE__);                                          \
      return 1;                                                                          \
    }                                                                                    \
  } while (0)

enum { ITERATIONS = 6, LAUNCHES = 3, SLOW = 1 << 20 };

struct State {
  unsigned left, iterations, odd, finished, copied, sink, side, joined_ok;
  unsigned short pattern[8];
};

__global__ void start(State *s, cudaGraphConditionalHandle loop) {
  s->left = ITERATIONS;
  cudaGraphSetConditional(loop, 1);
}

__device__ unsigned *progress; // pinned host memory: the loop's progress, read while it runs

__global__ void slow_step(State *s, cudaGraphConditionalHandle loop,
                          cudaGraphConditionalHandle odd) {
  volatile unsigned spin = 0;
  for (int i = 0; i < SLOW; i++) spin = spin + 1; // the body takes a while on any device
  s->sink = spin;
  s->left--;
  s->iterations++;
  *(volatile unsigned *)progress = s->iterations;
  __threadfence_system();
  cudaGraphSetConditional(loop, s->left > 0);
  cudaGraphSetConditional(odd, s->left % 2);
}

__global__ void count_odd(State *s) { s->odd++; }
__global__ void finish(State *s) { s->finished++; }
__global__ void side(State *s) { s->side++; }
// after a while node on another branch: every iteration of this launch is done
__global__ void joined(State *s) { s->joined_ok += s->left == 0 && s->iterations % ITERATIONS == 0; }
__global__ void snapshot(const State *s, State *to) { *to = *s; }

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static cudaError_t add_kernel(cudaGraphNode_t *node, cudaGraph_t g, const cudaGraphNode_t *deps,
                              size_t n, void *func, void **args) {
  cudaKernelNodeParams p = {};
  p.func = func;
  p.gridDim = dim3(1);
  p.blockDim = dim3(1);
  p.kernelParams = args;
  return cudaGraphAddKernelNode(node, g, deps, n, &p);
}

// start -> while(loop) { slow_step -> if(odd) { count_odd } -> copy(left -> copied) } -> finish
static int build(State *s, bool pattern_memset, cudaGraph_t *out) {
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle loop, odd;
  CHECK(cudaGraphConditionalHandleCreate(&loop, g, 0, 0));
  void *start_args[] = {&s, &loop};
  cudaGraphNode_t n_start, n_while, n_finish;
  CHECK(add_kernel(&n_start, g, NULL, 0, (void *)start, start_args));
  cudaGraphNodeParams cp = {};
  cp.type = cudaGraphNodeTypeConditional;
  cp.conditional.handle = loop;
  cp.conditional.type = cudaGraphCondTypeWhile;
  cp.conditional.size = 1;
  CHECK(cudaGraphAddNode(&n_while, g, &n_start, NULL, 1, &cp));
  cudaGraph_t body = cp.conditional.phGraph_out[0];
  CHECK(cudaGraphConditionalHandleCreate(&odd, body, 0, 0));
  void *step_args[] = {&s, &loop, &odd};
  cudaGraphNode_t n_step, n_if, n_copy;
  CHECK(add_kernel(&n_step, body, NULL, 0, (void *)slow_step, step_args));
  cudaGraphNodeParams ip = {};
  ip.type = cudaGraphNodeTypeConditional;
  ip.conditional.handle = odd;
  ip.conditional.type = cudaGraphCondTypeIf;
  ip.conditional.size = 1;
  CHECK(cudaGraphAddNode(&n_if, body, &n_step, NULL, 1, &ip));
  void *odd_args[] = {&s};
  cudaGraphNode_t n_odd;
  CHECK(add_kernel(&n_odd, ip.conditional.phGraph_out[0], NULL, 0, (void *)count_odd, odd_args));
  CHECK(cudaGraphAddMemcpyNode1D(&n_copy, body, &n_if, 1, &s->copied, &s->left,
                                 sizeof(unsigned), cudaMemcpyDeviceToDevice));
  if (pattern_memset) {
    cudaMemsetParams mp = {};
    mp.dst = s->pattern;
    mp.value = 0xBEEF;
    mp.elementSize = 2;
    mp.width = 8;
    mp.height = 1;
    cudaGraphNode_t n_set;
    CHECK(cudaGraphAddMemsetNode(&n_set, body, &n_copy, 1, &mp));
  }
  void *finish_args[] = {&s};
  CHECK(add_kernel(&n_finish, g, &n_while, 1, (void *)finish, finish_args));
  *out = g;
  return 0;
}

static int check(const State &h, int launches, const char *what) {
  unsigned odd_per_launch = 0;
  for (unsigned left = ITERATIONS; left-- > 0;) odd_per_launch += left % 2;
  if (h.left != 0 || h.iterations != (unsigned)(launches * ITERATIONS) ||
      h.odd != launches * odd_per_launch || h.finished != (unsigned)launches || h.copied != 0) {
    printf("FAIL: %s: left %u iterations %u (%d) odd %u (%u) finished %u (%d) copied %u\n", what,
           h.left, h.iterations, launches * ITERATIONS, h.odd, launches * odd_per_launch,
           h.finished, launches, h.copied);
    return 1;
  }
  return 0;
}

int main(void) {
  State *s, *snap;
  CHECK(cudaMalloc(&s, sizeof(State)));
  CHECK(cudaMalloc(&snap, sizeof(State)));
  CHECK(cudaMemset(s, 0, sizeof(State)));
  unsigned *pinned;
  CHECK(cudaMallocHost(&pinned, sizeof(unsigned)));
  *pinned = 0;
  CHECK(cudaMemcpyToSymbol(progress, &pinned, sizeof pinned));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  cudaGraph_t g;
  if (build(s, false, &g)) return 1;
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, g, 0));

  // 1. asynchronous launches (a kernel first: the process's first launch costs more)
  snapshot<<<1, 1, 0, stream>>>(s, snap);
  CHECK(cudaStreamSynchronize(stream));
  double t0 = now_ms();
  CHECK(cudaGraphLaunch(exec, stream));
  double launch_ms = now_ms() - t0;
  unsigned seen = *(volatile unsigned *)pinned;
  cudaError_t q = cudaStreamQuery(stream);
  for (int k = 1; k < LAUNCHES; k++) CHECK(cudaGraphLaunch(exec, stream));
  snapshot<<<1, 1, 0, stream>>>(s, snap);
  CHECK(cudaStreamSynchronize(stream));
  double total_ms = now_ms() - t0;
  printf("first cudaGraphLaunch returned after %.3f ms; %d launches done after %.1f ms\n",
         launch_ms, LAUNCHES, total_ms);
  if (seen >= ITERATIONS) {
    printf("FAIL: the while loop's %u iterations were done when cudaGraphLaunch returned\n",
           seen);
    return 1;
  }
  if (q != cudaErrorNotReady) {
    printf("FAIL: cudaStreamQuery right after cudaGraphLaunch: %s (expected "
           "cudaErrorNotReady: the launch waited for the device)\n",
           cudaGetErrorName(q));
    return 1;
  }
  State h;
  CHECK(cudaMemcpy(&h, snap, sizeof h, cudaMemcpyDeviceToHost));
  if (check(h, LAUNCHES, "work after the launches in their stream")) return 1;

  // 2. destroyed right after its launch: the launch completes
  CHECK(cudaGraphLaunch(exec, stream));
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaMemcpy(&h, s, sizeof h, cudaMemcpyDeviceToHost));
  if (check(h, LAUNCHES + 1, "a launch of an instance destroyed after it")) return 1;
  CHECK(cudaGraphDestroy(g));

  // 3. a body with a 16-bit memset pattern
  CHECK(cudaMemset(s, 0, sizeof(State)));
  if (build(s, true, &g)) return 1;
  CHECK(cudaGraphInstantiate(&exec, g, 0));
  CHECK(cudaGraphLaunch(exec, stream));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaMemcpy(&h, s, sizeof h, cudaMemcpyDeviceToHost));
  if (check(h, 1, "a body with a 16-bit memset")) return 1;
  for (int i = 0; i < 8; i++)
    if (h.pattern[i] != 0xBEEF) {
      printf("FAIL: pattern[%d] = 0x%x, expected 0xbeef\n", i, h.pattern[i]);
      return 1;
    }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(g));

  // 4. the while node on one branch of a fork, the other branch a kernel, joined by a
  //    kernel that must see the whole loop done
  CHECK(cudaMemset(s, 0, sizeof(State)));
  if (build(s, false, &g)) return 1;
  size_t count = 0;
  CHECK(cudaGraphGetNodes(g, NULL, &count));
  cudaGraphNode_t nodes[8];
  if (count != 3 || cudaGraphGetNodes(g, nodes, &count) != cudaSuccess) {
    printf("FAIL: the graph has %zu nodes, expected 3\n", count);
    return 1;
  }
  // nodes: start, while, finish (creation order); add side (after start) and joined
  cudaGraphNode_t n_side, n_joined;
  void *side_args[] = {&s};
  CHECK(add_kernel(&n_side, g, &nodes[0], 1, (void *)side, side_args));
  cudaGraphNode_t ends[] = {nodes[1], n_side};
  CHECK(add_kernel(&n_joined, g, ends, 2, (void *)joined, side_args));
  CHECK(cudaGraphInstantiate(&exec, g, 0));
  for (int k = 0; k < LAUNCHES; k++) CHECK(cudaGraphLaunch(exec, stream));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaMemcpy(&h, s, sizeof h, cudaMemcpyDeviceToHost));
  if (check(h, LAUNCHES, "a while node on one branch of a fork")) return 1;
  if (h.side != LAUNCHES || h.joined_ok != LAUNCHES) {
    printf("FAIL: fork/join around a while node: side %u, joined after the loop %u (of %d)\n",
           h.side, h.joined_ok, LAUNCHES);
    return 1;
  }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(g));
  printf("PASS\n");
  return 0;
}
