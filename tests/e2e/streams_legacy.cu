// streams_legacy.cu — the legacy default stream's synchronisation, observed by values:
//  - work on stream 0 after work on a blocking stream waits for it (and the reverse),
//    also through the handle cudaStreamLegacy (the first stream is held back by a host
//    function that sleeps, so that a missing wait would let the second run first);
//  - a kernel on a blocking stream that waits (boundedly) for a flag a later kernel on
//    stream 0 sets never sees it: that kernel waits for it, so the wait times out;
//  - the same on a cudaStreamNonBlocking stream: stream 0 does not wait for it, so on a
//    GPU running both at once the flag arrives; printed, not checked (CUDA does not
//    promise concurrency). The H200 (CUDA 13, 2026-12-01) saw the flag; softmetal does
//    when the host has a core free for each kernel, else it prints "timed out".
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <unistd.h>

enum { N = 2048, SLOW = 3000, SPIN = 1 << 20 };

__device__ unsigned slow_sink[1 << 16];

__global__ void slow_fill(int *a, int n, int value, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = (unsigned)i;
  for (int r = 0; r < rounds; r++) x = x * 1664525u + 1013904223u;
  slow_sink[i & 0xFFFF] = x; // keeps the loop
  a[i] = value;
}

__global__ void copy(int *dst, const int *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[i];
}

// One thread: waits up to SPIN polls for *flag; *out = 1 if it came, 2 if not.
__global__ void wait_flag(const volatile int *flag, int *out, int spins) {
  int seen = 0;
  for (int k = 0; k < spins && !seen; k++) seen = *flag;
  *out = seen ? 1 : 2;
}

__global__ void set_flag(int *flag) {
  *flag = 1;
}

static int failures;
static void check(bool ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}
static void check_call(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorName(e));
    failures++;
  }
}

// All of dst equal to want?
static bool all_equal(const int *dst, int want) {
  static int host[N];
  if (cudaMemcpy(host, dst, sizeof host, cudaMemcpyDeviceToHost) != cudaSuccess) return false;
  for (int i = 0; i < N; i++)
    if (host[i] != want) return false;
  return true;
}

// Holds a stream back, so that a missing wait shows: the other stream would run first.
static void CUDART_CB pause_100ms(void *) {
  usleep(100000);
}

// Kernel order between `first` (held back by a host function) and `second`.
static void ordered(cudaStream_t first, cudaStream_t second, int *x, int *y, int value,
                    const char *what) {
  check_call(cudaMemset(x, 0, N * sizeof(int)), "cudaMemset x");
  check_call(cudaMemset(y, 0, N * sizeof(int)), "cudaMemset y");
  check_call(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  check_call(cudaLaunchHostFunc(first, pause_100ms, NULL), "cudaLaunchHostFunc");
  slow_fill<<<N / 128, 128, 0, first>>>(x, N, value, SLOW);
  copy<<<N / 128, 128, 0, second>>>(y, x, N);
  check_call(cudaDeviceSynchronize(), what);
  check(all_equal(y, value), what);
}

// wait_flag on `waiter`, then set_flag on the legacy stream; returns *out.
static int flag_race(cudaStream_t waiter, int *flag, int *out) {
  check_call(cudaMemset(flag, 0, sizeof(int)), "cudaMemset flag");
  check_call(cudaMemset(out, 0, sizeof(int)), "cudaMemset out");
  check_call(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  wait_flag<<<1, 1, 0, waiter>>>(flag, out, SPIN);
  set_flag<<<1, 1>>>(flag);
  check_call(cudaDeviceSynchronize(), "flag race");
  int result = 0, flag_now = 0;
  cudaMemcpy(&result, out, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&flag_now, flag, sizeof(int), cudaMemcpyDeviceToHost);
  check(flag_now == 1, "set_flag ran");
  return result;
}

int main() {
  int *x, *y, *flag, *out;
  check_call(cudaMalloc(&x, N * sizeof(int)), "cudaMalloc x");
  check_call(cudaMalloc(&y, N * sizeof(int)), "cudaMalloc y");
  check_call(cudaMalloc(&flag, sizeof(int)), "cudaMalloc flag");
  check_call(cudaMalloc(&out, sizeof(int)), "cudaMalloc out");
  if (failures) return 1;
  cudaStream_t blocking, nonblocking;
  check_call(cudaStreamCreate(&blocking), "create blocking");
  check_call(cudaStreamCreateWithFlags(&nonblocking, cudaStreamNonBlocking), "create nonblocking");

  ordered(blocking, 0, x, y, 5, "stream 0 waits for a blocking stream's earlier kernel");
  ordered(0, blocking, x, y, 6, "a blocking stream waits for stream 0's earlier kernel");
  ordered(blocking, cudaStreamLegacy, x, y, 7, "cudaStreamLegacy waits for a blocking stream");
  ordered(cudaStreamLegacy, blocking, x, y, 8, "a blocking stream waits for cudaStreamLegacy");
  ordered(nonblocking, nonblocking, x, y, 9, "one stream's kernels run in order");

  int blocked = flag_race(blocking, flag, out);
  printf("blocking stream: wait_flag %s\n", blocked == 1 ? "saw the flag" : "timed out");
  check(blocked == 2, "stream 0's set_flag waited for the blocking stream's wait_flag");
  int free_running = flag_race(nonblocking, flag, out);
  printf("non-blocking stream: wait_flag %s (1 on a GPU running both kernels at once)\n",
         free_running == 1 ? "saw the flag" : "timed out");
  check(free_running == 1 || free_running == 2, "wait_flag on the non-blocking stream ran");

  cudaStreamDestroy(blocking);
  cudaStreamDestroy(nonblocking);
  cudaFree(x);
  cudaFree(y);
  cudaFree(flag);
  cudaFree(out);
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
