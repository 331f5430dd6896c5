// bench/gpu/launch.cu — launch overhead of the whole path (runtime, and on the anchorcc
// build libanchor + the Metal layer + the driver):
//   launch_empty: 10,000 launches of an empty kernel <<<1, 32>>>, back to back, then one
//     cudaDeviceSynchronize: host wall-clock time / 10,000 (TIME in ms per launch);
//   launch_empty_gpu_span: the same launches' span between two CUDA events / 10,000;
//   launch_empty_issue_cpu: the launching thread's CPU time (CLOCK_THREAD_CPUTIME_ID) while
//     it issues those launches / 10,000: the host's own cost per launch, which a loaded
//     machine's wall clock hides (the synchronize is not in it);
//   launch_8args: the same with a kernel of 8 pointer arguments that stores one value;
//   launch_sync: launch + cudaDeviceSynchronize, 1,000 times (the round trip).
// Small: 100 launches each.
#include "bench_gpu.h"
#include <chrono>
#include <time.h>

__global__ void empty_kernel() {}

__global__ void args8_kernel(int *a, int *b, int *c, int *d, int *e, int *f, int *g, int *h) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *a = (int)(b - a) + (int)(c - d) + (int)(e - f) + (int)(g - h);
}

static double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
static double thread_cpu_ms() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

int main(int argc, char **argv) {
  bool small = bench_small_mode(argc, argv);
  int n = small ? 100 : 10000, nsync = small ? 100 : 1000;
  int *buf;
  CHECK(bench_malloc(&buf, 64 * sizeof(int)));
  // warm-up: module load, first launch of each kernel
  empty_kernel<<<1, 32>>>();
  args8_kernel<<<1, 32>>>(buf, buf + 1, buf + 2, buf + 3, buf + 4, buf + 5, buf + 6, buf + 7);
  CHECK(cudaDeviceSynchronize());

  // The same launches between two events: the GPU's span, against the host's wall clock
  // (equal when the GPU is the bottleneck, smaller when the host's launch path is).
  cudaEvent_t e0, e1;
  CHECK(cudaEventCreate(&e0));
  CHECK(cudaEventCreate(&e1));
  double t = now_ms();
  CHECK(cudaEventRecord(e0));
  double cpu = thread_cpu_ms();
  for (int i = 0; i < n; i++) empty_kernel<<<1, 32>>>();
  cpu = thread_cpu_ms() - cpu;
  CHECK(cudaEventRecord(e1));
  CHECK(cudaDeviceSynchronize());
  printf("TIME launch_empty %.6f\n", (now_ms() - t) / n);
  float gpu_ms = 0;
  CHECK(cudaEventElapsedTime(&gpu_ms, e0, e1));
  printf("TIME launch_empty_gpu_span %.6f\n", gpu_ms / n);
  printf("TIME launch_empty_issue_cpu %.6f\n", cpu / n);

  t = now_ms();
  for (int i = 0; i < n; i++)
    args8_kernel<<<1, 32>>>(buf, buf + 1, buf + 2, buf + 3, buf + 4, buf + 5, buf + 6, buf + 7);
  CHECK(cudaDeviceSynchronize());
  printf("TIME launch_8args %.6f\n", (now_ms() - t) / n);

  t = now_ms();
  for (int i = 0; i < nsync; i++) {
    empty_kernel<<<1, 32>>>();
    CHECK(cudaDeviceSynchronize());
  }
  printf("TIME launch_sync %.6f\n", (now_ms() - t) / nsync);
  CHECK(cudaGetLastError());

  int got = 0;
  CHECK(cudaMemcpy(&got, buf, sizeof got, cudaMemcpyDeviceToHost));
  cudaFree(buf);
  // (b-a) + (c-d) + (e-f) + (g-h) = 1 - 1 - 1 - 1
  return bench_result(got != -2, "launch (the 8-argument kernel's value)");
}
