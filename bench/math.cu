// math.cu — throughput of the device math library on the default device (softmetal
// here): each row's function evaluated REPS times per thread over N inputs in its
// interesting range, median of RUNS timed launches, in evaluations per second per
// worker; beside it the same function from the host's C library (one thread, same
// inputs), and the ratio host/device. Run with SOFTMETAL_WORKERS=1 for per-core numbers
// (bench/math.sh does). Prints "RESULT name type device_per_s host_per_s" lines.
//   math [RUNS] [N] [NAME...]
// This measures; it asserts nothing about time. Each kernel's sum is printed so that the
// work cannot be dropped, and NaN-free sums are checked (a broken function shows).
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <algorithm>
#include <vector>

// BENCH(name, type, device expression in x, host expression in x or NONE, lo, hi)
// clang-format off
#define BENCH_FUNCTIONS(B) \
  B(fadd,     float,  x + 1.5f,            x + 1.5f,        -4,   4) \
  B(fmul,     float,  x * 1.5f,            x * 1.5f,        -4,   4) \
  B(fdiv,     float,  1.5f / x,            1.5f / x,         1,   4) \
  B(sqrtf,    float,  sqrtf(x),            sqrtf(x),         0,   4) \
  B(rsqrtf,   float,  rsqrtf(x),           NONE,             0.1, 4) \
  B(expf,     float,  expf(x),             expf(x),         -10, 10) \
  B(__expf,   float,  __expf(x),           NONE,            -10, 10) \
  B(logf,     float,  logf(x),             logf(x),          0.1, 100) \
  B(__logf,   float,  __logf(x),           NONE,             0.1, 100) \
  B(powf,     float,  powf(x, 1.7f),       powf(x, 1.7f),    0.1, 10) \
  B(sinf,     float,  sinf(x),             sinf(x),         -10, 10) \
  B(__sinf,   float,  __sinf(x),           NONE,            -3,   3) \
  B(tanf,     float,  tanf(x),             tanf(x),         -1.5, 1.5) \
  B(atan2f,   float,  atan2f(x, 0.75f),    atan2f(x, 0.75f), -4,  4) \
  B(tanhf,    float,  tanhf(x),            tanhf(x),        -4,   4) \
  B(fmodf,    float,  fmodf(x, 0.37f),     fmodf(x, 0.37f), -100, 100) \
  B(fadd_rd,  float,  __fadd_rd(x, 0.1f),  NONE,            -4,   4) \
  B(dadd,     double, x + 1.5,             x + 1.5,         -4,   4) \
  B(dmul,     double, x * 1.5,             x * 1.5,         -4,   4) \
  B(dfma,     double, fma(x, 1.5, 0.25),   fma(x, 1.5, 0.25), -4, 4) \
  B(ddiv,     double, 1.5 / x,             1.5 / x,          1,   4) \
  B(dsqrt,    double, sqrt(x),             sqrt(x),          0,   4) \
  B(exp,      double, exp(x),              exp(x),          -10, 10) \
  B(log,      double, log(x),              log(x),           0.1, 100) \
  B(pow,      double, pow(x, 1.7),         pow(x, 1.7),      0.1, 10) \
  B(sin,      double, sin(x),              sin(x),          -10, 10) \
  B(cos,      double, cos(x),              cos(x),          -10, 10) \
  B(tan,      double, tan(x),              tan(x),          -1.5, 1.5) \
  B(atan2,    double, atan2(x, 0.75),      atan2(x, 0.75),  -4,   4) \
  B(asin,     double, asin(x),             asin(x),         -1,   1) \
  B(hypot,    double, hypot(x, 0.75),      hypot(x, 0.75),  -4,   4)
// clang-format on

#define NONE ((type)0)
#define BENCH_OP(name, T, dexpr, hexpr, lo, hi)                                                    \
  struct op_##name {                                                                               \
    typedef T type;                                                                                \
    __device__ T operator()(T x) const { return dexpr; }                                           \
    static T host(T x) { return hexpr; }                                                           \
    static bool has_host() { return strcmp(#hexpr, "NONE") != 0; }                                 \
  };
BENCH_FUNCTIONS(BENCH_OP)
#undef BENCH_OP

enum { REPS = 16 };

template <class Op> __global__ void eval(const typename Op::type *in, typename Op::type *out, int n) {
  typedef typename Op::type T;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  T x = in[i], step = x * (T)1e-6, acc = 0;
  for (int k = 0; k < REPS; k++)
    acc += Op()(x + step * (T)k);
  out[i] = acc;
}

static double now() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

template <class Op>
static int run(const char *name, const char *type, double lo, double hi, int runs, int n) {
  typedef typename Op::type T;
  std::vector<T> in(n), out(n);
  for (int i = 0; i < n; i++)
    in[i] = (T)(lo + (hi - lo) * (i + 0.5) / n);
  T *din, *dout;
  cudaMalloc(&din, n * sizeof(T));
  cudaMalloc(&dout, n * sizeof(T));
  cudaMemcpy(din, in.data(), n * sizeof(T), cudaMemcpyHostToDevice);
  std::vector<double> times;
  for (int r = 0; r <= runs; r++) { // the first launch compiles the MSL: untimed
    double t0 = now();
    eval<Op><<<(n + 255) / 256, 256>>>(din, dout, n);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      printf("FAIL: %s: kernel\n", name);
      return 1;
    }
    if (r) times.push_back(now() - t0);
  }
  cudaMemcpy(out.data(), dout, n * sizeof(T), cudaMemcpyDeviceToHost);
  cudaFree(din);
  cudaFree(dout);
  std::sort(times.begin(), times.end());
  double device = (double)n * REPS / times[times.size() / 2];
  double sum = 0;
  for (T v : out)
    sum += (double)v;
  double host = 0;
  if (Op::has_host()) {
    std::vector<double> ht;
    volatile T sink = 0;
    for (int r = 0; r < runs; r++) {
      double t0 = now();
      T acc = 0;
      for (int i = 0; i < n; i++) {
        T x = in[i], step = x * (T)1e-6;
        for (int k = 0; k < REPS; k++)
          acc += Op::host(x + step * (T)k);
      }
      sink = acc;
      ht.push_back(now() - t0);
    }
    (void)sink;
    std::sort(ht.begin(), ht.end());
    host = (double)n * REPS / ht[ht.size() / 2];
  }
  if (!isfinite(sum)) {
    printf("FAIL: %s: sum %g\n", name, sum);
    return 1;
  }
  printf("%-8s %-6s device %10.3g /s   host libm %10.3g /s   host/device %7.1f\n", name, type,
         device, host, host ? host / device : 0.0);
  printf("RESULT %s %s %.6g %.6g\n", name, type, device, host);
  return 0;
}

int main(int argc, char **argv) {
  int runs = argc > 1 ? atoi(argv[1]) : 5, n = argc > 2 ? atoi(argv[2]) : 1 << 16;
  int failed = 0;
#define BENCH_RUN(name, T, dexpr, hexpr, lo, hi)                                                   \
  {                                                                                                \
    bool wanted = argc <= 3;                                                                       \
    for (int a = 3; a < argc; a++)                                                                 \
      wanted = wanted || !strcmp(argv[a], #name);                                                  \
    if (wanted) failed += run<op_##name>(#name, #T, lo, hi, runs, n);                              \
  }
  BENCH_FUNCTIONS(BENCH_RUN)
#undef BENCH_RUN
  printf(failed ? "FAIL\n" : "PASS\n");
  return failed != 0;
}
