// shared_spill.cu — what shared memory above Metal's 32 KiB costs on Anchor: the same
// work on a __shared__ array that fits in threadgroup memory (28 KiB) and on one that
// does not (40 KiB; Anchor keeps it in each block's slice of device memory,
// docs/compiler.md "Shared memory above 32 KiB"). Each of 256 threads per block makes
// PASSES passes over the array, each element read, changed and written back (one
// barrier per pass), then an atomicAdd per element; reported as nanoseconds per access
// (loads + stores + atomics) for each size. With nvcc on an NVIDIA GPU both are shared
// memory (the ratio is near 1).
//
//   shared_spill [BLOCKS] [PASSES] [RUNS]
//
// Median of RUNS timed launches (default 5) after one untimed launch (on softmetal,
// which compiles the MSL). The results are checked.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <int N> __global__ void work(int *out, int passes) {
  __shared__ int a[N];
  unsigned t = threadIdx.x;
  for (int i = t; i < N; i += blockDim.x) a[i] = i;
  __syncthreads();
  for (int p = 0; p < passes; p++) {
    for (int i = t; i < N; i += blockDim.x) a[i] = a[i] * 3 + 1;
    __syncthreads();
  }
  for (int i = t; i < N; i += blockDim.x) atomicAdd(&a[(i * 7) % N], 1);
  __syncthreads();
  int sum = 0;
  for (int i = t; i < N; i += blockDim.x) sum += a[i];
  atomicAdd(&out[blockIdx.x], sum);
}

static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <int N> static double measure(int blocks, int passes, int runs, int *d, bool *ok) {
  std::vector<double> times;
  std::vector<int> h(blocks);
  for (int r = 0; r <= runs; r++) {
    cudaMemset(d, 0, blocks * sizeof(int));
    double t0 = now();
    work<N><<<blocks, 256>>>(d, passes);
    cudaError_t e = cudaDeviceSynchronize();
    double t = now() - t0;
    if (e != cudaSuccess) {
      printf("launch failed: %s\n", cudaGetErrorString(e));
      *ok = false;
      return 0;
    }
    if (r) times.push_back(t);
  }
  // the host's result: passes of a[i] = a[i] * 3 + 1 from a[i] = i, then +1 each
  unsigned want = 0;
  for (int i = 0; i < N; i++) {
    unsigned v = (unsigned)i;
    for (int p = 0; p < passes; p++) v = v * 3 + 1;
    want += v + 1;
  }
  cudaMemcpy(h.data(), d, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; b++)
    if ((unsigned)h[b] != want) *ok = false;
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

int main(int argc, char **argv) {
  int blocks = argc > 1 ? atoi(argv[1]) : 64, passes = argc > 2 ? atoi(argv[2]) : 16,
      runs = argc > 3 ? atoi(argv[3]) : 5;
  int *d;
  cudaMalloc(&d, blocks * sizeof(int));
  bool ok = true;
  const int fit = 7168, spill = 10240; // 28 KiB, 40 KiB
  double t_fit = measure<fit>(blocks, passes, runs, d, &ok);
  double t_spill = measure<spill>(blocks, passes, runs, d, &ok);
  // per element: 1 store + passes x (load + store) + 1 atomic + 1 load
  double per_fit = (double)blocks * fit * (3 + 2.0 * passes);
  double per_spill = (double)blocks * spill * (3 + 2.0 * passes);
  printf("%d blocks of 256 threads, %d passes, median of %d runs\n", blocks, passes, runs);
  printf("28 KiB (threadgroup memory): %8.2f ms  %6.3f ns per access\n", t_fit * 1e3,
         t_fit * 1e9 / per_fit);
  printf("40 KiB (device slice):       %8.2f ms  %6.3f ns per access  ratio %.2f\n",
         t_spill * 1e3, t_spill * 1e9 / per_spill, (t_spill / per_spill) / (t_fit / per_fit));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
