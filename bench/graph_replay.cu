// graph_replay.cu — what a CUDA graph saves: the same work (a chain of KERNELS small
// dependent kernels) done REPLAYS times by direct <<<>>> launches and by replays of one
// captured graph, timed on the host from the first enqueue to the end of the final
// synchronisation; also the one-time cost of capture + instantiation. Checks the result
// of both (prints FAIL on a wrong value); asserts nothing about time (docs/benchmarks.md).
// The two are measured ROUNDS times, alternating, and the fastest of each reported.
#include <cuda_runtime.h>
#include <stdio.h>
#include <time.h>

enum { N = 256, KERNELS = 10, REPLAYS = 1000, ROUNDS = 5 };

__global__ void step(int *a, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) a[i] = a[i] + k;
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void enqueue(int *a, cudaStream_t s) {
  for (int k = 0; k < KERNELS; k++) step<<<1, N, 0, s>>>(a, k + 1);
}

static int check(int *a, const char *what) {
  static int h[N];
  cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
  const int want = REPLAYS * KERNELS * (KERNELS + 1) / 2;
  for (int i = 0; i < N; i++)
    if (h[i] != want) {
      printf("FAIL: %s: a[%d] = %d, expected %d\n", what, i, h[i], want);
      return 1;
    }
  return 0;
}

int main(void) {
  int *a;
  cudaStream_t s;
  if (cudaMalloc(&a, N * sizeof(int)) != cudaSuccess || cudaStreamCreate(&s) != cudaSuccess) {
    printf("FAIL: no device\n");
    return 1;
  }
  // warm up: the kernel's lookup and pipeline exist before either is timed
  step<<<1, N, 0, s>>>(a, 0);
  cudaStreamSynchronize(s);

  double t0 = now_ms();
  cudaGraph_t g;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  enqueue(a, s);
  cudaStreamEndCapture(s, &g);
  cudaGraphInstantiate(&exec, g, 0);
  double setup = now_ms() - t0, direct = 1e30, replays = 1e30;
  for (int round = 0; round < ROUNDS; round++) {
    cudaMemset(a, 0, N * sizeof(int));
    t0 = now_ms();
    for (int r = 0; r < REPLAYS; r++) enqueue(a, s);
    cudaStreamSynchronize(s);
    double t = now_ms() - t0;
    if (t < direct) direct = t;
    if (check(a, "direct launches")) return 1;

    cudaMemset(a, 0, N * sizeof(int));
    t0 = now_ms();
    for (int r = 0; r < REPLAYS; r++) cudaGraphLaunch(exec, s);
    cudaStreamSynchronize(s);
    t = now_ms() - t0;
    if (t < replays) replays = t;
    if (check(a, "graph replays")) return 1;
  }

  printf("%d x %d kernels: direct launches %.1f ms (%.1f us per kernel)\n", REPLAYS, KERNELS,
         direct, direct * 1e3 / (REPLAYS * KERNELS));
  printf("%d graph replays: %.1f ms (%.1f us per kernel); capture + instantiate %.2f ms once\n",
         REPLAYS, replays, replays * 1e3 / (REPLAYS * KERNELS), setup);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(g);
  cudaFree(a);
  printf("PASS\n");
  return 0;
}
