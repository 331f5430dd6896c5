// vector_add.cu — memory-bound throughput benchmark: c = a + b over 64 M floats.
//
//   anchorcc -O2 vector_add.cu -o vector_add && ./vector_add [RUNS] [N] [KERNEL]
//   nvcc     -O2 vector_add.cu -o vector_add && ./vector_add [RUNS] [N] [KERNEL]
//
// Two kernels over the same arrays:
//   per_element  one thread per element, 256-thread blocks (the textbook kernel; the
//                headline number);
//   grid_stride  4 blocks of 256 threads per multiprocessor: each thread loops over
//                many elements, so per-thread launch overhead is amortised (shows how
//                much of the time is per-thread overhead rather than memory traffic).
// KERNEL (per_element or grid_stride) runs only that one; default both.
// Each kernel is launched once untimed (on softmetal this compiles the MSL), then RUNS
// times (default 7), each timed with the host's monotonic clock around the launch and
// cudaDeviceSynchronize. Prints the median time and the bandwidth, counting 12 bytes per
// element (two 4-byte reads, one 4-byte write), then checks every element of c against
// the CPU (exact: a and b hold small integers) and prints PASS or FAIL: <details>.
// Output lines "RESULT <kernel> <median_ms> <GB/s> <cpu_ms>" are for bench/softmetal.sh;
// cpu_ms is the process's CPU time per timed run, all threads (on softmetal its workers',
// the kernel's work; on a GPU the host's waiting).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

__global__ void per_element(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

__global__ void grid_stride(const float *a, const float *b, float *c, int n) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    c[i] = a[i] + b[i];
}

enum { BLOCK = 256, MAX_RUNS = 101 };

// Reports a failed CUDA call and says whether it failed.
static int failed(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

/* The process's CPU time (all its threads), seconds: on a shared machine the CPU time a
 * run used says more than its wall time (memory stalls count, waiting for a CPU does not). */
static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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

// Launches one kernel; grid_stride_blocks == 0 selects per_element.
static cudaError_t launch(int grid_stride_blocks, const float *a, const float *b, float *c,
                          int n) {
  if (grid_stride_blocks == 0)
    per_element<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(a, b, c, n);
  else
    grid_stride<<<grid_stride_blocks, BLOCK>>>(a, b, c, n);
  cudaError_t err = cudaGetLastError();
  return err != cudaSuccess ? err : cudaDeviceSynchronize();
}

// Times RUNS launches after one warm-up; prints the RESULT line. Returns 0 on success.
static int measure(const char *name, int grid_stride_blocks, const float *a, const float *b,
                   float *c, int n, int runs) {
  double times[MAX_RUNS];
  if (failed(launch(grid_stride_blocks, a, b, c, n), name))
    return 1;
  double cpu_start = cpu_seconds();
  for (int r = 0; r < runs; r++) {
    double start = now_seconds();
    cudaError_t err = launch(grid_stride_blocks, a, b, c, n);
    times[r] = now_seconds() - start;
    if (failed(err, name))
      return 1;
  }
  double cpu_ms = (cpu_seconds() - cpu_start) * 1e3 / runs;
  qsort(times, (size_t)runs, sizeof times[0], compare_doubles);
  double median = times[runs / 2];
  double gbs = 12.0 * (double)n / median / 1e9;
  printf("%-12s median %8.2f ms (min %8.2f, max %8.2f) %8.2f GB/s, CPU %.2f ms per run\n",
         name, median * 1e3, times[0] * 1e3, times[runs - 1] * 1e3, gbs, cpu_ms);
  printf("RESULT %s %.3f %.3f %.3f\n", name, median * 1e3, gbs, cpu_ms);
  return 0;
}

// Checks c[i] == a[i] + b[i] for every i (exact), after clearing c on the device so a
// kernel that did nothing cannot pass on a previous kernel's output.
static int check(const float *dc, const float *a, const float *b, float *c, int n) {
  if (failed(cudaMemcpy(c, dc, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost), "copy c"))
    return 1;
  for (int i = 0; i < n; i++)
    if (c[i] != a[i] + b[i]) {
      printf("FAIL: c[%d] = %.9g, expected %.9g\n", i, c[i], a[i] + b[i]);
      return 1;
    }
  return 0;
}

int main(int argc, char **argv) {
  int runs = argc > 1 ? atoi(argv[1]) : 7;
  int n = argc > 2 ? atoi(argv[2]) : 64 << 20;
  const char *only = argc > 3 ? argv[3] : NULL;
  if (runs < 1 || runs > MAX_RUNS || n < 1 ||
      (only && strcmp(only, "per_element") != 0 && strcmp(only, "grid_stride") != 0)) {
    printf("FAIL: usage: vector_add [RUNS 1..%d] [N >= 1] [per_element|grid_stride]\n",
           MAX_RUNS);
    return 1;
  }
  size_t bytes = (size_t)n * sizeof(float);
  float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
  if (!a || !b || !c) {
    printf("FAIL: out of host memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++) {
    a[i] = (float)(i % 1000);
    b[i] = (float)((i * 7) % 1009);
  }
  float *da, *db, *dc;
  if (failed(cudaMalloc((void **)&da, bytes), "cudaMalloc a") ||
      failed(cudaMalloc((void **)&db, bytes), "cudaMalloc b") ||
      failed(cudaMalloc((void **)&dc, bytes), "cudaMalloc c") ||
      failed(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice), "copy a") ||
      failed(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice), "copy b"))
    return 1;

  cudaDeviceProp prop;
  if (failed(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties"))
    return 1;
  printf("vector_add: %d floats (%.0f MiB per array), %d runs, device %s\n", n,
         (double)bytes / (1 << 20), runs, prop.name);

  // grid_stride: 4 blocks per multiprocessor (Anchor reports a nominal 8), so every
  // worker gets several long-running groups.
  int stride_blocks = 4 * (prop.multiProcessorCount > 0 ? prop.multiProcessorCount : 1);
  const char *names[2] = {"per_element", "grid_stride"};
  int blocks[2] = {0, stride_blocks};
  for (int k = 0; k < 2; k++) {
    if (only && strcmp(only, names[k]) != 0)
      continue;
    if (failed(cudaMemset(dc, 0xff, bytes), "memset c") ||
        measure(names[k], blocks[k], da, db, dc, n, runs) || check(dc, a, b, c, n))
      return 1;
  }
  printf("PASS\n");
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  free(a);
  free(b);
  free(c);
  return 0;
}
