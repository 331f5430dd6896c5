// cufft.cu — cuFFT's speed: GFLOP/s = 5 n log2(n) * batch / t (the conventional FFT
// count, whatever the algorithm does) for C2C forward transforms in float (1-D lengths of
// radix 2, a mixed 2*3*5*7 length, a prime through Bluestein's algorithm, a 2-D and a 3-D
// transform), one R2C (counted as half of C2C) and one Z2Z. Each case: one untimed
// execution (softmetal compiles the MSL on a first launch), then RUNS timed executions,
// each timed with CLOCK_MONOTONIC around cufftExec* and cudaDeviceSynchronize(); the
// median is reported. The first output of each case is checked against a direct DFT of a
// few bins (prints FAIL if wrong); nothing about time is asserted. The same source builds
// with nvcc -O2 -arch=sm_90 bench/cufft.cu -lcufft (NVIDIA's cuFFT, for comparison).
// Usage: cufft [RUNS (default 5)] [SCALE (default 1: sizes for softmetal; 16 or more on a GPU)]
//              [FILTER (only the cases whose name contains it)]
#include <cuda_runtime.h>
#include <cufft.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

struct bench_case {
  const char *name;
  cufftType type;
  int rank, n[3], batch;
};

static int failures = 0;

// Checks a few bins of the first transform of a 1-D C2C/Z2Z/R2C case by a direct DFT
// in long double (rank 1 only; the others are checked by the tests).
template <class R>
static void spot_check(const bench_case &c, const R *in, const R *out, bool real_in) {
  if (c.rank != 1) return;
  int n = c.n[0];
  const int bins[3] = {0, 1, n / 3};
  for (int b : bins) {
    long double re = 0, im = 0, norm = 0;
    for (int k = 0; k < n; k++) {
      long double xr = real_in ? in[k] : in[2 * k], xi = real_in ? 0 : in[2 * k + 1];
      long double a = -2 * 3.14159265358979323846264338327950288L * (((long long)b * k) % n) / n;
      re += xr * cosl(a) - xi * sinl(a);
      im += xr * sinl(a) + xi * cosl(a);
      norm += xr * xr + xi * xi;
    }
    long double dr = out[2 * b] - re, di = out[2 * b + 1] - im;
    long double err = sqrtl((dr * dr + di * di) / (norm > 0 ? norm : 1));
    long double tol = sizeof(R) == 4 ? 1e-5L : 1e-13L;
    if (!(err <= tol)) {
      printf("FAIL: %s bin %d: error %Lg\n", c.name, b, err);
      failures++;
    }
  }
}

template <class R> static void run(const bench_case &c, int runs) {
  bool real_in = c.type == CUFFT_R2C || c.type == CUFFT_D2Z;
  long long points = 1;
  for (int i = 0; i < c.rank; i++)
    points *= c.n[i];
  long long last = c.n[c.rank - 1], rows = points / last;
  long long out_values = (real_in ? rows * (last / 2 + 1) : points) * c.batch; // complex
  long long in_reals = (real_in ? points : 2 * points) * c.batch;
  R *h = (R *)malloc(sizeof(R) * in_reals), *o = (R *)malloc(sizeof(R) * 2 * out_values);
  unsigned s = 12345;
  for (long long i = 0; i < in_reals; i++)
    s = s * 1664525u + 1013904223u, h[i] = (R)((s >> 8) * (1.0 / 16777216.0) - 0.5);
  void *din, *dout;
  cudaMalloc(&din, sizeof(R) * in_reals);
  cudaMalloc(&dout, sizeof(R) * 2 * out_values);
  cudaMemcpy(din, h, sizeof(R) * in_reals, cudaMemcpyHostToDevice);
  cufftHandle plan;
  int n[3] = {c.n[0], c.n[1], c.n[2]};
  if (cufftPlanMany(&plan, c.rank, n, NULL, 1, 0, NULL, 1, 0, c.type, c.batch) != CUFFT_SUCCESS) {
    printf("FAIL: %s: no plan\n", c.name);
    failures++;
    return;
  }
  double *t = (double *)malloc(sizeof(double) * runs);
  for (int r = -1; r < runs; r++) {
    double t0 = now_s();
    cufftResult e;
    switch (c.type) {
    case CUFFT_C2C:
      e = cufftExecC2C(plan, (cufftComplex *)din, (cufftComplex *)dout, CUFFT_FORWARD);
      break;
    case CUFFT_R2C: e = cufftExecR2C(plan, (cufftReal *)din, (cufftComplex *)dout); break;
    default:
      e = cufftExecZ2Z(plan, (cufftDoubleComplex *)din, (cufftDoubleComplex *)dout, CUFFT_FORWARD);
      break;
    }
    cudaError_t ce = cudaDeviceSynchronize();
    if (e != CUFFT_SUCCESS || ce != cudaSuccess) {
      printf("FAIL: %s: cufft %d, cuda %d\n", c.name, (int)e, (int)ce);
      failures++;
      return;
    }
    if (r >= 0) t[r] = now_s() - t0;
  }
  cudaMemcpy(o, dout, sizeof(R) * 2 * out_values, cudaMemcpyDeviceToHost);
  spot_check(c, h, o, real_in);
  qsort(t, runs, sizeof(double), cmp);
  double med = t[runs / 2];
  double flops = 5.0 * points * log2((double)points) * c.batch * (real_in ? 0.5 : 1.0);
  printf("%-34s %10lld points x %5d  median %9.3f ms  (min %9.3f)  %8.2f GFLOP/s\n", c.name, points,
         c.batch, med * 1e3, t[0] * 1e3, flops / med * 1e-9);
  cufftDestroy(plan);
  cudaFree(din);
  cudaFree(dout);
  free(h), free(o), free(t);
}

int main(int argc, char **argv) {
  int runs = argc > 1 ? atoi(argv[1]) : 5, scale = argc > 2 ? atoi(argv[2]) : 1;
  if (runs < 1) runs = 1;
  if (scale < 1) scale = 1;
  const bench_case cases[] = {
      {"C2C 1-D 256, batched", CUFFT_C2C, 1, {256}, 256 * scale},
      {"C2C 1-D 4096, batched", CUFFT_C2C, 1, {4096}, 16 * scale},
      {"C2C 1-D 2^20", CUFFT_C2C, 1, {1 << 20}, scale},
      {"C2C 1-D 210 = 2*3*5*7, batched", CUFFT_C2C, 1, {210}, 256 * scale},
      {"C2C 1-D 4099 (prime), batched", CUFFT_C2C, 1, {4099}, 4 * scale},
      {"C2C 2-D 512x512", CUFFT_C2C, 2, {512, 512}, scale},
      {"C2C 3-D 64^3", CUFFT_C2C, 3, {64, 64, 64}, scale},
      {"R2C 1-D 4096, batched", CUFFT_R2C, 1, {4096}, 16 * scale},
      {"C2C 1-D 3375 = 15^3, batched", CUFFT_C2C, 1, {3375}, 16 * scale},
      {"R2C 1-D 3375 = 15^3 (odd), batched", CUFFT_R2C, 1, {3375}, 16 * scale},
      {"C2C 1-D 2401 = 7^4, batched", CUFFT_C2C, 1, {2401}, 16 * scale},
      {"Z2Z 1-D 4096, batched", CUFFT_Z2Z, 1, {4096}, 4 * scale},
  };
  const char *filter = argc > 3 ? argv[3] : "";
  for (const bench_case &c : cases) {
    if (!strstr(c.name, filter)) continue;
    if (c.type == CUFFT_Z2Z)
      run<double>(c, runs);
    else
      run<float>(c, runs);
  }
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
