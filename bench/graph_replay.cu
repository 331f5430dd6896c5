// graph_replay.cu — what a CUDA graph saves and what it costs, in one run:
//  chain:   a chain of KERNELS (100) small dependent kernels done REPLAYS times by direct
//           <<<>>> launches and by replays of one captured graph (one stream);
//  forked:  the same 100 kernels as BRANCHES independent chains, launched directly on
//           BRANCHES streams forked from and joined to one (events), and captured from that
//           fork/join, so the graph has independent branches;
//  setup:   the capture, the first cudaGraphInstantiate and the first launch of each;
//  while:   a WHILE conditional node whose body is one tiny kernel (it counts the handle
//           down), LOOPS iterations per launch, against the same LOOPS kernels launched
//           directly: the per-iteration cost of deciding on the host (docs/benchmarks.md).
// Timed on the host from the first enqueue to the end of the final synchronisation,
// ROUNDS rounds alternating, the fastest of each reported. Checks every result (prints
// FAIL on a wrong value); asserts nothing about time.
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { N = 256, KERNELS = 100, BRANCHES = 4, REPLAYS = 100, LOOPS = 1000, ROUNDS = 5 };

__global__ void step(int *a, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) a[i] = a[i] + k;
}

__global__ void count_down(unsigned *left, cudaGraphConditionalHandle loop) {
  unsigned l = *left - 1;
  *left = l;
  cudaGraphSetConditional(loop, l > 0);
}

__global__ void set_left(unsigned *left, unsigned n) { *left = n; }

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static cudaStream_t streams[BRANCHES];
static cudaEvent_t fork_event, join_events[BRANCHES];

// the chain on stream s, or BRANCHES chains forked from s and joined back
static void enqueue(int *a, cudaStream_t s, bool forked) {
  if (!forked) {
    for (int k = 0; k < KERNELS; k++) step<<<1, N, 0, s>>>(a, k + 1);
    return;
  }
  cudaEventRecord(fork_event, s);
  for (int b = 0; b < BRANCHES; b++) {
    cudaStream_t t = b == 0 ? s : streams[b];
    if (b) cudaStreamWaitEvent(t, fork_event, 0);
    for (int k = 0; k < KERNELS / BRANCHES; k++) step<<<1, N, 0, t>>>(a + b * N, k + 1);
    if (b) cudaEventRecord(join_events[b], t);
  }
  for (int b = 1; b < BRANCHES; b++) cudaStreamWaitEvent(s, join_events[b], 0);
}

static int check(int *a, bool forked, int replays, const char *what) {
  static int h[BRANCHES * N];
  cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < BRANCHES * N; i++) {
    int k = forked ? KERNELS / BRANCHES : KERNELS;
    int want = forked || i < N ? replays * k * (k + 1) / 2 : 0;
    if (h[i] != want) {
      printf("FAIL: %s: a[%d] = %d, expected %d\n", what, i, h[i], want);
      return 1;
    }
  }
  return 0;
}

static int measure(int *a, cudaStream_t s, bool forked) {
  const char *name = forked ? "forked" : "chain";
  double t0 = now_ms();
  cudaGraph_t g;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  enqueue(a, s, forked);
  if (cudaStreamEndCapture(s, &g) != cudaSuccess) {
    printf("FAIL: %s: capture\n", name);
    return 1;
  }
  double capture = now_ms() - t0;
  t0 = now_ms();
  if (cudaGraphInstantiate(&exec, g, 0) != cudaSuccess) {
    printf("FAIL: %s: instantiate\n", name);
    return 1;
  }
  double instantiate = now_ms() - t0;
  cudaMemset(a, 0, BRANCHES * N * sizeof(int));
  t0 = now_ms();
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  double first = now_ms() - t0;
  if (check(a, forked, 1, "first launch")) return 1;
  double direct = 1e30, replays = 1e30;
  for (int round = 0; round < ROUNDS; round++) {
    cudaMemset(a, 0, BRANCHES * N * sizeof(int));
    t0 = now_ms();
    for (int r = 0; r < REPLAYS; r++) enqueue(a, s, forked);
    cudaStreamSynchronize(s);
    double t = now_ms() - t0;
    if (t < direct) direct = t;
    if (check(a, forked, REPLAYS, "direct launches")) return 1;
    cudaMemset(a, 0, BRANCHES * N * sizeof(int));
    t0 = now_ms();
    for (int r = 0; r < REPLAYS; r++) cudaGraphLaunch(exec, s);
    cudaStreamSynchronize(s);
    t = now_ms() - t0;
    if (t < replays) replays = t;
    if (check(a, forked, REPLAYS, "graph replays")) return 1;
  }
  double per_direct = direct * 1e3 / (REPLAYS * KERNELS);
  double per_replay = replays * 1e3 / (REPLAYS * KERNELS);
  printf("%-6s %d x %d kernels: direct %.2f us/kernel, replay %.2f us/kernel (ratio %.2f); "
         "capture %.3f ms, first instantiate %.3f ms, first launch %.3f ms (one replay: %.3f "
         "ms)\n",
         name, REPLAYS, KERNELS, per_direct, per_replay, per_replay / per_direct, capture,
         instantiate, first, replays / REPLAYS);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(g);
  return 0;
}

static int measure_while(cudaStream_t s) {
  unsigned *left;
  cudaMalloc(&left, sizeof(unsigned));
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaGraphConditionalHandle loop;
  cudaGraphConditionalHandleCreate(&loop, g, 1, cudaGraphCondAssignDefault);
  unsigned n = LOOPS;
  void *set_args[] = {&left, &n};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)set_left;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(1);
  kp.kernelParams = set_args;
  cudaGraphNode_t n_set, n_while, n_body;
  cudaGraphAddKernelNode(&n_set, g, NULL, 0, &kp);
  cudaGraphNodeParams cp = {};
  cp.type = cudaGraphNodeTypeConditional;
  cp.conditional.handle = loop;
  cp.conditional.type = cudaGraphCondTypeWhile;
  cp.conditional.size = 1;
  if (cudaGraphAddNode(&n_while, g, &n_set, NULL, 1, &cp) != cudaSuccess) {
    printf("FAIL: while node\n");
    return 1;
  }
  void *body_args[] = {&left, &loop};
  kp.func = (void *)count_down;
  kp.kernelParams = body_args;
  cudaGraphAddKernelNode(&n_body, cp.conditional.phGraph_out[0], NULL, 0, &kp);
  cudaGraphExec_t exec;
  if (cudaGraphInstantiate(&exec, g, 0) != cudaSuccess) {
    printf("FAIL: while: instantiate\n");
    return 1;
  }
  double direct = 1e30, looped = 1e30, launch_call = 1e30;
  for (int round = 0; round < ROUNDS; round++) {
    double t0 = now_ms();
    set_left<<<1, 1, 0, s>>>(left, LOOPS);
    for (int i = 0; i < LOOPS; i++) count_down<<<1, 1, 0, s>>>(left, loop);
    cudaStreamSynchronize(s);
    double t = now_ms() - t0;
    if (t < direct) direct = t;
    t0 = now_ms();
    cudaGraphLaunch(exec, s);
    double called = now_ms() - t0;
    cudaStreamSynchronize(s);
    t = now_ms() - t0;
    if (t < looped) looped = t;
    if (called < launch_call) launch_call = called;
    unsigned h = 1;
    cudaMemcpy(&h, left, sizeof h, cudaMemcpyDeviceToHost);
    if (h != 0) {
      printf("FAIL: while: %u iterations left\n", h);
      return 1;
    }
  }
  printf("while  %d iterations of a one-kernel body: %.2f us/iteration, the same kernels "
         "launched directly %.2f us/kernel (%.2f us more per iteration, ratio %.2f); "
         "cudaGraphLaunch returned after %.3f ms\n",
         LOOPS, looped * 1e3 / LOOPS, direct * 1e3 / LOOPS, (looped - direct) * 1e3 / LOOPS,
         looped / direct, launch_call);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(g);
  cudaFree(left);
  return 0;
}

int main(int argc, char **argv) {
  // argument: chain, forked or while to run one part only (default: all three)
  const char *only = argc > 1 ? argv[1] : "";
  int *a;
  cudaStream_t s;
  if (cudaMalloc(&a, BRANCHES * N * sizeof(int)) != cudaSuccess ||
      cudaStreamCreate(&s) != cudaSuccess) {
    printf("FAIL: no device\n");
    return 1;
  }
  for (int b = 1; b < BRANCHES; b++) cudaStreamCreate(&streams[b]);
  cudaEventCreateWithFlags(&fork_event, cudaEventDisableTiming);
  for (int b = 1; b < BRANCHES; b++) cudaEventCreateWithFlags(&join_events[b], cudaEventDisableTiming);
  // warm up: the kernel's lookup and pipeline, the process's first launch
  step<<<1, N, 0, s>>>(a, 0);
  set_left<<<1, 1, 0, s>>>((unsigned *)a, 0);
  cudaStreamSynchronize(s);
  bool all = !*only;
  if ((all || !strcmp(only, "chain")) && measure(a, s, false)) return 1;
  if ((all || !strcmp(only, "forked")) && measure(a, s, true)) return 1;
  if ((all || !strcmp(only, "while")) && measure_while(s)) return 1;
  cudaFree(a);
  printf("PASS\n");
  return 0;
}
