// graph_concurrent.cu — independent branches of a CUDA graph run concurrently, and a
// replay keeps every dependency of the DAG and the launch stream's order.
//
// 1. Two independent kernels under one root: `wait_flag` spins (bounded) until `set_flag`,
//    on the other branch, sets a flag in device memory. It only sees the flag when both
//    kernels run at the same time (CUDA runs a graph's independent branches concurrently;
//    so does Anchor, on separate Metal queues). Built explicitly and captured from a
//    fork/join of two streams; each replayed many times. A replay that ran the branches
//    one after the other gives up after SPIN_LIMIT loads and counts a failure (no hang).
// 2. A diamond with fan-out to three branches holding kernels, a device-to-device memcpy, a
//    memcpy into pinned host memory and a host node that checks it, a memset, an event
//    record node (waited for by another stream after the launches) and an event wait node
//    (on an event another stream recorded before), joined by one kernel that accumulates
//    a checksum; replayed REPLAYS times back to back on a blocking stream between a kernel
//    before and a kernel after, and on the legacy stream. Values checked against a CPU
//    reference.
// 3. Fan-out/fan-in wider than Anchor's lanes: a root, 7 independent kernels, one sink.
// Prints PASS or FAIL: <details>. Expected on CUDA (H200): PASS (not run there yet).
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

enum { N = 256, REPLAYS = 25, SPIN_REPLAYS = 8, WIDE = 7 };
#define SPIN_LIMIT (1u << 25)

__global__ void wait_flag(unsigned *flag, unsigned *counts) {
  unsigned n = 0;
  while (atomicOr(flag, 0u) == 0u && n < SPIN_LIMIT) n++;
  atomicAdd(&counts[atomicOr(flag, 0u) != 0u ? 0 : 1], 1u); // [0]: saw it, [1]: gave up
}

__global__ void set_flag(unsigned *flag) { atomicExch(flag, 1u); }

__global__ void start(int *iter, int *a) {
  int i = threadIdx.x;
  __shared__ int r;
  if (i == 0) r = *iter + 1;
  __syncthreads();
  a[i] = i + r;
  __syncthreads();
  if (i == 0) *iter = r;
}
__global__ void times2(const int *a, int *b) { b[threadIdx.x] = 2 * a[threadIdx.x]; }
__global__ void plus3(const int *a, int *d) { d[threadIdx.x] = a[threadIdx.x] + 3; }
__global__ void square(const int *a, int *f) { f[threadIdx.x] = a[threadIdx.x] * a[threadIdx.x]; }
__global__ void add(const int *f, const int *h, int *g) {
  g[threadIdx.x] = f[threadIdx.x] + h[threadIdx.x];
}
__global__ void join(const int *c, const int *d, const int *g, const int *e, int *out, long long *acc) {
  int i = threadIdx.x;
  out[i] = c[i] + d[i] + g[i] + (e[i] == 0x01010101 ? 1 : 1000);
  acc[i] += out[i];
}
__global__ void fill_h(int *h) { h[threadIdx.x] = 7 * threadIdx.x; }
__global__ void zero(int *p, long long *acc) {
  p[0] = 0;
  acc[threadIdx.x] = 0;
}
__global__ void copy_acc(const long long *acc, long long *to) { to[threadIdx.x] = acc[threadIdx.x]; }
__global__ void scaled(const int *a, int *x, int k) { x[threadIdx.x] = a[threadIdx.x] * k; }
__global__ void sum_wide(const int *x, int *out) {
  int s = 0;
  for (int k = 0; k < WIDE; k++) s += x[k * N + threadIdx.x];
  out[threadIdx.x] = s;
}

static int host_calls, host_mismatches;
static int *pinned;
static void check_pinned(void *) { // runs after the copy into pinned memory before it
  host_calls++;
  for (int i = 0; i < N; i++)
    if (pinned[i] != 2 * (i + host_calls)) host_mismatches++;
}

static cudaGraphNode_t kernel(cudaGraph_t g, const cudaGraphNode_t *deps, size_t n, void *func,
                              void **args) {
  cudaKernelNodeParams p = {};
  p.func = func;
  p.gridDim = dim3(1);
  p.blockDim = dim3(N);
  p.kernelParams = args;
  cudaGraphNode_t node = NULL;
  if (cudaGraphAddKernelNode(&node, g, deps, n, &p) != cudaSuccess) return NULL;
  return node;
}

static int spin_test(void) {
  unsigned *flag, *counts;
  CHECK(cudaMalloc(&flag, sizeof(unsigned)));
  CHECK(cudaMalloc(&counts, 2 * sizeof(unsigned)));
  CHECK(cudaMemset(counts, 0, 2 * sizeof(unsigned)));
  // explicit: memset(flag) -> {wait_flag, set_flag}
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaMemsetParams mp = {};
  mp.dst = flag;
  mp.value = 0;
  mp.elementSize = 4;
  mp.width = 1;
  mp.height = 1;
  cudaGraphNode_t reset, waiter, setter;
  CHECK(cudaGraphAddMemsetNode(&reset, g, NULL, 0, &mp));
  cudaKernelNodeParams kp = {};
  void *wait_args[] = {&flag, &counts};
  kp.func = (void *)wait_flag;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(1);
  kp.kernelParams = wait_args;
  CHECK(cudaGraphAddKernelNode(&waiter, g, &reset, 1, &kp));
  void *set_args[] = {&flag};
  kp.func = (void *)set_flag;
  kp.kernelParams = set_args;
  CHECK(cudaGraphAddKernelNode(&setter, g, &reset, 1, &kp));
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, g, 0));
  cudaStream_t s, t;
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaStreamCreateWithFlags(&t, cudaStreamNonBlocking));
  for (int r = 0; r < SPIN_REPLAYS; r++) CHECK(cudaGraphLaunch(exec, s));
  CHECK(cudaStreamSynchronize(s));

  // captured: s forks into t (event), wait_flag on s, set_flag on t, t joins s
  cudaEvent_t fork, joined;
  CHECK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
  CHECK(cudaEventCreateWithFlags(&joined, cudaEventDisableTiming));
  cudaGraph_t cg;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CHECK(cudaMemsetAsync(flag, 0, sizeof(unsigned), s));
  CHECK(cudaEventRecord(fork, s));
  CHECK(cudaStreamWaitEvent(t, fork, 0));
  wait_flag<<<1, 1, 0, s>>>(flag, counts);
  set_flag<<<1, 1, 0, t>>>(flag);
  CHECK(cudaEventRecord(joined, t));
  CHECK(cudaStreamWaitEvent(s, joined, 0));
  CHECK(cudaStreamEndCapture(s, &cg));
  cudaGraphExec_t cexec;
  CHECK(cudaGraphInstantiate(&cexec, cg, 0));
  for (int r = 0; r < SPIN_REPLAYS; r++) CHECK(cudaGraphLaunch(cexec, 0)); // legacy stream
  CHECK(cudaDeviceSynchronize());

  unsigned h[2];
  CHECK(cudaMemcpy(h, counts, sizeof h, cudaMemcpyDeviceToHost));
  if (h[0] != 2 * SPIN_REPLAYS || h[1] != 0) {
    printf("FAIL: branches not concurrent: the spinning kernel saw the other branch's flag "
           "%u times, gave up %u times (of %d)\n", h[0], h[1], 2 * SPIN_REPLAYS);
    return 1;
  }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphExecDestroy(cexec));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaGraphDestroy(cg));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaStreamDestroy(t));
  CHECK(cudaFree(flag));
  CHECK(cudaFree(counts));
  return 0;
}

static int diamond_test(void) {
  int *iter, *a, *b, *c, *d, *e, *f, *g, *h, *out;
  long long *acc, *after;
  CHECK(cudaMalloc(&iter, sizeof(int)));
  int **arrays[] = {&a, &b, &c, &d, &e, &f, &g, &h, &out};
  for (int **p : arrays) CHECK(cudaMalloc(p, N * sizeof(int)));
  CHECK(cudaMalloc(&acc, N * sizeof(long long)));
  CHECK(cudaMalloc(&after, N * sizeof(long long)));
  CHECK(cudaMallocHost(&pinned, N * sizeof(int)));
  cudaStream_t s, other;
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
  cudaEvent_t h_ready, d_ready;
  CHECK(cudaEventCreateWithFlags(&h_ready, cudaEventDisableTiming));
  CHECK(cudaEventCreateWithFlags(&d_ready, cudaEventDisableTiming));

  cudaGraph_t gr;
  CHECK(cudaGraphCreate(&gr, 0));
  void *start_args[] = {&iter, &a};
  cudaGraphNode_t root = kernel(gr, NULL, 0, (void *)start, start_args);
  // branch 1: b = 2a; c = b (DtoD); pinned = c (DtoH); host node checks pinned
  void *t2_args[] = {&a, &b};
  cudaGraphNode_t n_b = kernel(gr, &root, 1, (void *)times2, t2_args);
  cudaGraphNode_t n_c, n_pin, n_host;
  CHECK(cudaGraphAddMemcpyNode1D(&n_c, gr, &n_b, 1, c, b, N * sizeof(int),
                                 cudaMemcpyDeviceToDevice));
  CHECK(cudaGraphAddMemcpyNode1D(&n_pin, gr, &n_c, 1, pinned, c, N * sizeof(int),
                                 cudaMemcpyDeviceToHost));
  cudaHostNodeParams hp = {check_pinned, NULL};
  CHECK(cudaGraphAddHostNode(&n_host, gr, &n_pin, 1, &hp));
  // branch 2: d = a + 3; record d_ready; e = 0x01 bytes
  void *p3_args[] = {&a, &d};
  cudaGraphNode_t n_d = kernel(gr, &root, 1, (void *)plus3, p3_args);
  cudaGraphNode_t n_rec, n_e;
  CHECK(cudaGraphAddEventRecordNode(&n_rec, gr, &n_d, 1, d_ready));
  cudaMemsetParams mp = {};
  mp.dst = e;
  mp.value = 1;
  mp.elementSize = 1;
  mp.width = N * sizeof(int);
  mp.height = 1;
  CHECK(cudaGraphAddMemsetNode(&n_e, gr, &n_rec, 1, &mp));
  // branch 3: f = a * a; wait for h_ready (another stream's kernel wrote h); g = f + h
  void *sq_args[] = {&a, &f};
  cudaGraphNode_t n_f = kernel(gr, &root, 1, (void *)square, sq_args);
  cudaGraphNode_t n_wait;
  CHECK(cudaGraphAddEventWaitNode(&n_wait, gr, &n_f, 1, h_ready));
  void *add_args[] = {&f, &h, &g};
  cudaGraphNode_t n_g = kernel(gr, &n_wait, 1, (void *)add, add_args);
  // join
  cudaGraphNode_t ends[] = {n_host, n_c, n_e, n_g};
  void *join_args[] = {&c, &d, &g, &e, &out, &acc};
  cudaGraphNode_t n_join = kernel(gr, ends, 4, (void *)join, join_args);
  if (!root || !n_b || !n_d || !n_f || !n_g || !n_join) {
    printf("FAIL: adding kernel nodes\n");
    return 1;
  }
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, gr, 0));

  fill_h<<<1, N, 0, other>>>(h);
  CHECK(cudaEventRecord(h_ready, other));
  long long want_acc[N] = {};
  int last = 0;
  for (int round = 0; round < 2; round++) {
    cudaStream_t launch = round == 0 ? s : 0; // a blocking stream, then the legacy stream
    zero<<<1, N, 0, launch>>>(iter, acc); // work before the launches: they must see it
    for (int r = 0; r < REPLAYS; r++) CHECK(cudaGraphLaunch(exec, launch));
    copy_acc<<<1, N, 0, launch>>>(acc, after); // and work after them
    CHECK(cudaStreamWaitEvent(other, d_ready, 0));
    CHECK(cudaStreamSynchronize(launch));
    CHECK(cudaStreamSynchronize(other));
    for (int i = 0; i < N; i++) want_acc[i] = 0;
    for (int r = 1; r <= REPLAYS; r++) {
      for (int i = 0; i < N; i++) {
        long long x = i + r;
        want_acc[i] += 2 * x + (x + 3) + x * x + 7 * i + 1;
      }
    }
    long long got[N];
    int dv[N];
    CHECK(cudaMemcpy(got, after, sizeof got, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(dv, d, sizeof dv, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
      if (got[i] != want_acc[i]) {
        printf("FAIL: diamond round %d: acc[%d] = %lld, expected %lld\n", round, i, got[i],
               want_acc[i]);
        return 1;
      }
      if (dv[i] != i + REPLAYS + 3) {
        printf("FAIL: diamond round %d: d[%d] = %d, expected %d\n", round, i, dv[i],
               i + REPLAYS + 3);
        return 1;
      }
    }
    last += REPLAYS;
    // the host node ran once per replay, after the copy into pinned memory before it
    host_calls = 0; // it counts the replays of the next round from 1 again (iter restarts)
  }
  if (host_mismatches) {
    printf("FAIL: the host node saw %d wrong values in pinned memory\n", host_mismatches);
    return 1;
  }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(gr));
  (void)last;
  return 0;
}

static int wide_test(void) {
  int *a, *x, *out;
  int zero_iter = 0;
  int *iter;
  CHECK(cudaMalloc(&iter, sizeof(int)));
  CHECK(cudaMemcpy(iter, &zero_iter, sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&a, N * sizeof(int)));
  CHECK(cudaMalloc(&x, WIDE * N * sizeof(int)));
  CHECK(cudaMalloc(&out, N * sizeof(int)));
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  void *start_args[] = {&iter, &a};
  cudaGraphNode_t root = kernel(g, NULL, 0, (void *)start, start_args);
  cudaGraphNode_t mids[WIDE];
  int ks[WIDE];
  int *xs[WIDE];
  void *args[WIDE][3];
  for (int k = 0; k < WIDE; k++) {
    ks[k] = k + 1;
    xs[k] = x + k * N;
    args[k][0] = &a;
    args[k][1] = &xs[k];
    args[k][2] = &ks[k];
    mids[k] = kernel(g, &root, 1, (void *)scaled, args[k]);
  }
  void *sum_args[] = {&x, &out};
  cudaGraphNode_t sink = kernel(g, mids, WIDE, (void *)sum_wide, sum_args);
  if (!root || !sink) {
    printf("FAIL: adding kernel nodes\n");
    return 1;
  }
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, g, 0));
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  for (int r = 1; r <= REPLAYS; r++) {
    CHECK(cudaGraphLaunch(exec, s));
    if (r % 5) continue;
    int h[N];
    CHECK(cudaMemcpyAsync(h, out, sizeof h, cudaMemcpyDeviceToHost, s));
    CHECK(cudaStreamSynchronize(s));
    for (int i = 0; i < N; i++)
      if (h[i] != (i + r) * WIDE * (WIDE + 1) / 2) {
        printf("FAIL: fan-out/fan-in replay %d: out[%d] = %d, expected %d\n", r, i, h[i],
               (i + r) * WIDE * (WIDE + 1) / 2);
        return 1;
      }
  }
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(g));
  return 0;
}

int main(void) {
  if (spin_test() || diamond_test() || wide_test()) return 1;
  printf("PASS\n");
  return 0;
}
