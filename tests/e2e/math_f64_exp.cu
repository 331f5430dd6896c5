// math_f64_exp.cu — end-to-end test of how device code reaches the double exponentials,
// logarithms, powers, cube roots and hyperbolic functions (include/anchor/math/f64_exp.h,
// devlib/f64_exp.cu; their accuracy is measured against MPFR by tests/math). For every
// input, one __host__ __device__ function computes each function through its spellings:
// the C name on a double, std::name on a double, the name on an int and std::name on an
// int (<cmath>'s integral overloads: the int converted to double), and pow as pow(double,
// double), pow(double, int), std::pow(double, int), std::pow(int, int) and std::pow(int,
// double). On the device every spelling must give the very bits of the C name on the
// double (one implementation, no other path); the device's results must be within CUDA's
// bound (plus one ulp for the host's libm) of the host's, which come from libm through the
// same function (so host code in the file still calls libm). Inputs: the integers -40 ..
// 40 (the int arguments and exponents), as doubles, and x = n / 8 for the double
// arguments of pow. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmath>

// name, CUDA's bound in ulps
// clang-format off
#define UNARY(F)                                                                                   \
  F(exp, 1) F(exp2, 1) F(expm1, 1) F(log, 1) F(log2, 1) F(log10, 1) F(log1p, 1) F(cbrt, 1)         \
  F(sinh, 2) F(cosh, 1) F(tanh, 1) F(asinh, 3) F(acosh, 3) F(atanh, 2)
// clang-format on
#define COUNT(name, bound) +1
enum { NUNARY = 0 UNARY(COUNT), SPELLINGS = 4, NPOW = 5 };
enum { RESULTS = NUNARY * SPELLINGS + NPOW };

// nvcc's device code has no integral overloads of these functions: name(int) resolves to
// libstdc++'s constexpr __host__ template (nvcc warns #20013 unless
// --expt-relaxed-constexpr), a call that device code cannot make, and NVVM drops the rest
// of the kernel after it: every later result stayed as cudaMalloc left it (the zeros seen
// on the H200). Under nvcc without that flag the int spellings therefore convert
// explicitly (Anchor's headers define __NVCC__ too: clang is what tells them apart).
#if defined(__clang__) || defined(__CUDACC_RELAXED_CONSTEXPR__)
#define INT_ARG(n) (n)
#else
#define INT_ARG(n) ((double)(n))
#endif

__host__ __device__ void results(int n, int m, double *r) {
  double d = n, x = m / 8.0;
  int k = 0;
#define SPELL(name, bound)                                                                         \
  r[k++] = name(d), r[k++] = std::name(d), r[k++] = name(INT_ARG(n)),                              \
  r[k++] = std::name(INT_ARG(n));
  UNARY(SPELL)
#undef SPELL
  r[k++] = pow(x, d);
  r[k++] = pow(x, n);
  r[k++] = std::pow(x, n);
  r[k++] = std::pow(m, n) * 0x1p-24; // keeps results finite: m^n scaled, same on both sides
  r[k++] = std::pow(m, d);
}

__global__ void kernel(const int *n, const int *m, double *r, unsigned count) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) results(n[i], m[i], &r[RESULTS * i]);
}

static uint64_t bits(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}
static int same(double a, double b) {
  return (isnan(a) && isnan(b)) || bits(a) == bits(b);
}
// |a - b| in ulps of b (b the host's value); 0 for equal values, NaNs and infinities must
// match exactly.
static double ulps(double a, double b) {
  if (same(a, b) || a == b) return 0;
  if (isnan(a) || isnan(b) || isinf(a) || isinf(b)) return INFINITY;
  int e = b == 0 ? -1022 : ilogb(b);
  if (e < -1022) e = -1022;
  return fabs(a - b) / ldexp(1, e - 52);
}

int main(void) {
  enum { LO = -40, HI = 40, N = HI - LO + 1, COUNT = N * N };
  static int hn[COUNT], hm[COUNT];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      hn[i * N + j] = LO + i, hm[i * N + j] = LO + j;
  int *dn, *dm;
  double *dr;
  cudaMalloc(&dn, sizeof hn);
  cudaMalloc(&dm, sizeof hm);
  cudaMalloc(&dr, RESULTS * COUNT * sizeof(double));
  // NaN bits in every result slot: one the kernel leaves unwritten cannot pass as a result.
  cudaMemset(dr, 0xff, RESULTS * COUNT * sizeof(double));
  cudaMemcpy(dn, hn, sizeof hn, cudaMemcpyHostToDevice);
  cudaMemcpy(dm, hm, sizeof hm, cudaMemcpyHostToDevice);
  // 64 threads: under nvcc 256 threads of this kernel need more registers than a block
  // has, and the launch fails (checked: cudaGetLastError).
  kernel<<<(COUNT + 63) / 64, 64>>>(dn, dm, dr, COUNT);
  cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
    return 1;
  }
  static double hr[RESULTS * COUNT];
  cudaMemcpy(hr, dr, sizeof hr, cudaMemcpyDeviceToHost);
  static const char *names[NUNARY] = {
#define NAME(name, bound) #name,
      UNARY(NAME)
#undef NAME
  };
  static const double bounds[NUNARY] = {
#define BOUND(name, bound) bound,
      UNARY(BOUND)
#undef BOUND
  };
  static const char *spellings[SPELLINGS] = {"name(double)", "std::name(double)", "name(int)",
                                             "std::name(int)"};
  static const char *pows[NPOW] = {"pow(x, double)", "pow(x, int)", "std::pow(x, int)",
                                   "std::pow(int, int)", "std::pow(int, double)"};
  unsigned bad = 0;
  for (int i = 0; i < COUNT; i++) {
    double *dev = &hr[RESULTS * i], host[RESULTS];
    results(hn[i], hm[i], host);
    for (int f = 0; f < NUNARY; f++)
      for (int s = 0; s < SPELLINGS; s++) {
        double got = dev[f * SPELLINGS + s], first = dev[f * SPELLINGS];
        double e = ulps(got, host[f * SPELLINGS + s]);
        if ((!same(got, first) || e > bounds[f] + 1) && bad++ < 10)
          printf("mismatch: %s as %s at %d: device %a (name(double): %a), host %a, %g ulp\n",
                 names[f], spellings[s], hn[i], got, first, host[f * SPELLINGS + s], e);
      }
    for (int p = 0; p < NPOW; p++) {
      double got = dev[NUNARY * SPELLINGS + p];
      double want = p < 3 ? dev[NUNARY * SPELLINGS] : dev[NUNARY * SPELLINGS + 4];
      if (p == 3) want *= 0x1p-24;
      double e = ulps(got, host[NUNARY * SPELLINGS + p]);
      if ((!same(got, want) || e > 3) && bad++ < 10)
        printf("mismatch: %s at x = %d/8 or %d, n = %d: device %a (want %a), host %a, %g ulp\n",
               pows[p], hm[i], hm[i], hn[i], got, want, host[NUNARY * SPELLINGS + p], e);
    }
  }
  if (bad) {
    printf("FAIL: %u mismatches\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
