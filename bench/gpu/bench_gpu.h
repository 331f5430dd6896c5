// bench/gpu/bench_gpu.h — what every bench/gpu workload shares (docs/benchmarks.md
// "GPU workloads: anchorcc through cudametal vs nvcc"). Each workload is one CUDA source
// built by nvcc and by anchorcc; it checks its kernels against a host reference before
// timing them, so a fast wrong answer cannot pass, and prints
//   TIME <kernel> <ms per launch>      (CUDA events around REPS launches, after a warm-up)
//   OPS  <kernel> <count> <unit>       (work per launch: flop, dflop (double), byte)
//   PASS | FAIL: ...
// Argument "small" (or BENCH_SMALL=1): tiny sizes for compute-sanitizer and for softmetal.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL: %s: %s (%s:%d)\n", #x, cudaGetErrorString(e_), __FILE__, __LINE__);            \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

// cudaMalloc, or cudaMallocManaged when BENCH_MANAGED=1: run_h200.sh runs the nvcc build
// both ways, since cudametal backs every Metal buffer (so all of libanchor's device memory)
// with cuMemAllocManaged; the managed nvcc run tells that memory's cost from Anchor's code's.
template <class T> static cudaError_t bench_malloc(T **p, size_t bytes) {
  static int managed = -1;
  if (managed < 0) {
    const char *env = getenv("BENCH_MANAGED");
    managed = env && *env && strcmp(env, "0");
  }
  return managed ? cudaMallocManaged((void **)p, bytes) : cudaMalloc((void **)p, bytes);
}

static bool bench_small_mode(int argc, char **argv) {
  const char *env = getenv("BENCH_SMALL");
  if (env && *env && strcmp(env, "0")) return true;
  return argc > 1 && !strcmp(argv[1], "small");
}

// Times launch() (which enqueues one launch, or a fixed group of launches that make one
// step) on the default stream: one untimed warm-up (first touch of managed pages, module
// load), one timed launch to size the run, then REPS launches between two events, REPS
// chosen so the timed run takes about target_ms (between 3 and 1000 launches; 1 in small
// mode). Prints the TIME line and returns ms per launch.
template <class F>
static float bench_time(const char *name, bool small, F launch, float target_ms = 200.0f) {
  cudaEvent_t t0, t1;
  CHECK(cudaEventCreate(&t0));
  CHECK(cudaEventCreate(&t1));
  launch();
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaEventRecord(t0));
  launch();
  CHECK(cudaEventRecord(t1));
  CHECK(cudaEventSynchronize(t1));
  float one = 0;
  CHECK(cudaEventElapsedTime(&one, t0, t1));
  int reps = 1;
  if (!small) {
    reps = one > 0 ? (int)(target_ms / one) : 1000;
    reps = reps < 3 ? 3 : reps > 1000 ? 1000 : reps;
  }
  CHECK(cudaEventRecord(t0));
  for (int r = 0; r < reps; r++)
    launch();
  CHECK(cudaEventRecord(t1));
  CHECK(cudaEventSynchronize(t1));
  CHECK(cudaGetLastError());
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, t0, t1));
  ms /= (float)reps;
  printf("TIME %s %.5f\n", name, ms);
  fflush(stdout);
  CHECK(cudaEventDestroy(t0));
  CHECK(cudaEventDestroy(t1));
  return ms;
}

static void bench_ops(const char *name, double count, const char *unit) {
  printf("OPS %s %.6g %s\n", name, count, unit);
}

// |got - want| <= rel * (|want| + scale): scale keeps values near 0 from demanding an
// absolute accuracy the computation's magnitude does not have.
static bool bench_close(double got, double want, double rel, double scale) {
  return std::isfinite(got) && std::fabs(got - want) <= rel * (std::fabs(want) + scale);
}

static int bench_result(int bad, const char *what) {
  if (bad)
    printf("FAIL: %s: %d values differ from the host reference\n", what, bad);
  else
    printf("PASS\n");
  return bad ? 1 : 0;
}

// A deterministic pseudo-random float in [0, 1) from an index (same on every host).
static inline float bench_hash01(unsigned i) {
  i ^= i >> 16;
  i *= 0x7feb352dU;
  i ^= i >> 15;
  i *= 0x846ca68bU;
  i ^= i >> 16;
  return (float)(i >> 8) * (1.0f / 16777216.0f);
}
