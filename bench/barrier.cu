// barrier.cu — cost of __syncthreads(): a shared-memory tree reduction, 256 threads per
// block, exactly 8 barriers per thread, over many blocks.
//
//   anchorcc -O2 barrier.cu -o barrier && ./barrier [RUNS] [BLOCKS]
//   nvcc     -O2 barrier.cu -o barrier && ./barrier [RUNS] [BLOCKS]
//
// Kernels (each block sums its 256 inputs; out[block] = the sum):
//   reduce(in, out, 1)  barrier after the load and after each of 7 halving steps
//                       (128, 64, ..., 2 active threads); thread 0 adds the last pair.
//   reduce(in, out, 0)  the same kernel and the same machine code path with every
//                       __syncthreads() skipped (a uniform branch on the parameter): on
//                       softmetal its threads are still fibers, but never switch. Racy
//                       on purpose, so its sums are not checked — it is the baseline
//                       that isolates the barriers' cost.
//   reduce_plain        the same source with no __syncthreads() at all: softmetal runs
//                       its threads one after another without fibers (informational:
//                       the compiler may also keep shared values in registers here).
// Each is launched once untimed (MSL compile), then RUNS times (default 5), timed with
// the monotonic clock around launch + cudaDeviceSynchronize; the median is reported.
// ns per barrier per thread = time x workers / (blocks x 256 x 8), where workers is what
// softmetal uses: SOFTMETAL_WORKERS if set, else the online CPUs (meaningless on a GPU).
// Reported both raw (barrier kernel alone) and with the no-switch baseline subtracted.
// The barrier kernel's sums are checked exactly (inputs are small integers): PASS/FAIL.
// "RESULT" lines are for bench/softmetal.sh.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

enum { BLOCK = 256, BARRIERS = 8, MAX_RUNS = 101 };

__global__ void reduce(const float *in, float *out, int use_barriers) {
  __shared__ float partial[BLOCK];
  unsigned t = threadIdx.x;
  partial[t] = in[blockIdx.x * BLOCK + t];
  if (use_barriers)
    __syncthreads();
  for (unsigned half = BLOCK / 2; half > 1; half /= 2) {
    if (t < half)
      partial[t] += partial[t + half];
    if (use_barriers)
      __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = partial[0] + partial[1];
}

__global__ void reduce_plain(const float *in, float *out) {
  __shared__ float partial[BLOCK];
  unsigned t = threadIdx.x;
  partial[t] = in[blockIdx.x * BLOCK + t];
  for (unsigned half = BLOCK / 2; half > 1; half /= 2)
    if (t < half)
      partial[t] += partial[t + half];
  if (t == 0)
    out[blockIdx.x] = partial[0] + partial[1];
}

// Reports a failed CUDA call and says whether it failed.
static int failed(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_doubles(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

// softmetal's worker count (softmetal/pool.c): SOFTMETAL_WORKERS, else online CPUs.
static int worker_count(void) {
  const char *env = getenv("SOFTMETAL_WORKERS");
  long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : (int)n;
}

// kind 0: reduce with barriers, 1: reduce without, 2: reduce_plain.
static cudaError_t launch(int kind, const float *in, float *out, int blocks) {
  if (kind == 2)
    reduce_plain<<<blocks, BLOCK>>>(in, out);
  else
    reduce<<<blocks, BLOCK>>>(in, out, kind == 0);
  cudaError_t err = cudaGetLastError();
  return err != cudaSuccess ? err : cudaDeviceSynchronize();
}

// Median seconds of RUNS launches after a warm-up, or a negative value on failure.
static double median_time(int kind, const float *in, float *out, int blocks, int runs) {
  static const char *what[3] = {"reduce (barriers)", "reduce (no barriers)", "reduce_plain"};
  double times[MAX_RUNS];
  if (failed(launch(kind, in, out, blocks), what[kind]))
    return -1;
  for (int r = 0; r < runs; r++) {
    double start = now_seconds();
    cudaError_t err = launch(kind, in, out, blocks);
    times[r] = now_seconds() - start;
    if (failed(err, what[kind]))
      return -1;
  }
  qsort(times, (size_t)runs, sizeof times[0], compare_doubles);
  return times[runs / 2];
}

// Checks every block's sum exactly against the CPU.
static int check_sums(const float *dout, const float *in, int blocks) {
  float *out = (float *)malloc((size_t)blocks * sizeof(float));
  if (!out || failed(cudaMemcpy(out, dout, (size_t)blocks * sizeof(float),
                                cudaMemcpyDeviceToHost), "copy out"))
    return 1;
  for (int b = 0; b < blocks; b++) {
    float expected = 0;
    for (int t = 0; t < BLOCK; t++)
      expected += in[b * BLOCK + t];
    if (out[b] != expected) {
      printf("FAIL: block %d sum %.9g, expected %.9g\n", b, out[b], expected);
      free(out);
      return 1;
    }
  }
  free(out);
  return 0;
}

int main(int argc, char **argv) {
  int runs = argc > 1 ? atoi(argv[1]) : 5;
  int blocks = argc > 2 ? atoi(argv[2]) : 16384;
  if (runs < 1 || runs > MAX_RUNS || blocks < 1 || blocks > (1 << 22)) {
    printf("FAIL: usage: barrier [RUNS 1..%d] [BLOCKS 1..%d]\n", MAX_RUNS, 1 << 22);
    return 1;
  }
  size_t n = (size_t)blocks * BLOCK;
  float *in = (float *)malloc(n * sizeof(float));
  if (!in) {
    printf("FAIL: out of host memory\n");
    return 1;
  }
  for (size_t i = 0; i < n; i++)
    in[i] = (float)(i * 37 % 101);
  float *din, *dout;
  if (failed(cudaMalloc((void **)&din, n * sizeof(float)), "cudaMalloc in") ||
      failed(cudaMalloc((void **)&dout, (size_t)blocks * sizeof(float)), "cudaMalloc out") ||
      failed(cudaMemcpy(din, in, n * sizeof(float), cudaMemcpyHostToDevice), "copy in"))
    return 1;
  int workers = worker_count();
  double events = (double)blocks * BLOCK * BARRIERS; // thread-barrier crossings
  printf("barrier: %d blocks x %d threads x %d barriers, %d runs, %d workers\n", blocks, BLOCK,
         BARRIERS, runs, workers);

  if (failed(cudaMemset(dout, 0xff, (size_t)blocks * sizeof(float)), "memset out"))
    return 1;
  double with = median_time(0, din, dout, blocks, runs);
  if (with < 0 || check_sums(dout, in, blocks))
    return 1;
  double without = median_time(1, din, dout, blocks, runs);
  double plain = median_time(2, din, dout, blocks, runs);
  if (without < 0 || plain < 0)
    return 1;
  double raw_ns = with * workers / events * 1e9;
  double net_ns = (with - without) * workers / events * 1e9;
  printf("with barriers        median %9.2f ms\n", with * 1e3);
  printf("barriers skipped     median %9.2f ms  (fibers, no switch; sums not checked)\n",
         without * 1e3);
  printf("no barrier in source median %9.2f ms  (no fibers; sums not checked)\n", plain * 1e3);
  printf("ns per barrier per thread: %.2f raw, %.2f net of the no-switch baseline\n", raw_ns,
         net_ns);
  printf("RESULT barrier_ms %.3f\nRESULT skipped_ms %.3f\nRESULT plain_ms %.3f\n", with * 1e3,
         without * 1e3, plain * 1e3);
  printf("RESULT ns_raw %.3f\nRESULT ns_net %.3f\n", raw_ns, net_ns);
  printf("PASS\n");
  cudaFree(din);
  cudaFree(dout);
  free(in);
  return 0;
}
