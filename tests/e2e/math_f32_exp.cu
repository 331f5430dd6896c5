// math_f32_exp.cu — end-to-end test of the special values of Anchor's single-precision
// exponentials, logarithms, powers, roots and hyperbolic functions (devlib/f32_exp.cu),
// which the accuracy harness (tests/math/math_accuracy.cu, against MPFR) measures for
// accuracy. Expectations from CUDA's Math API documentation: each function's "Returns"
// list (powf's is C99 Annex F's: pow(x, +-0) = 1 even for a NaN x, pow(+1, y) = 1 even
// for a NaN y, pow(-1, +-inf) = 1, the signs of zeros and infinities by odd and even
// integer y), compared bit for bit (any NaN for a NaN). Also the types of the C++
// overloads as nvcc gives them with libstdc++: exp(float), pow(float, float) are float;
// pow(float, int) is std::pow's promoting template, a double.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>

#include <cmath>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <type_traits>

__device__ void overload_types(float x, int n) {
  static_assert(std::is_same<decltype(std::exp(x)), float>::value, "std::exp(float)");
  static_assert(std::is_same<decltype(exp(x)), float>::value, "exp(float)");
  static_assert(std::is_same<decltype(std::log1p(x)), float>::value, "std::log1p(float)");
  static_assert(std::is_same<decltype(std::cbrt(x)), float>::value, "std::cbrt(float)");
  static_assert(std::is_same<decltype(std::atanh(x)), float>::value, "std::atanh(float)");
  static_assert(std::is_same<decltype(std::pow(x, x)), float>::value, "std::pow(float, float)");
  static_assert(std::is_same<decltype(pow(x, x)), float>::value, "pow(float, float)");
  static_assert(std::is_same<decltype(std::pow(x, n)), double>::value, "std::pow(float, int)");
  static_assert(std::is_same<decltype(pow(x, n)), double>::value, "pow(float, int)");
}

enum { EXP, EXP2, EXP10, EXPM1, LOG, LOG2, LOG10, LOG1P, CBRT, RCBRT, SINH, COSH, TANH,
       ASINH, ACOSH, ATANH, NFUNC };
static const char *names[NFUNC] = {"expf",   "exp2f",  "exp10f", "expm1f", "logf",  "log2f",
                                   "log10f", "log1pf", "cbrtf",  "rcbrtf", "sinhf", "coshf",
                                   "tanhf",  "asinhf", "acoshf", "atanhf"};

__global__ void unary(const float *x, const int *f, float *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = x[i];
  switch (f[i]) {
  case EXP: r[i] = expf(a); break;
  case EXP2: r[i] = exp2f(a); break;
  case EXP10: r[i] = exp10f(a); break;
  case EXPM1: r[i] = expm1f(a); break;
  case LOG: r[i] = logf(a); break;
  case LOG2: r[i] = log2f(a); break;
  case LOG10: r[i] = log10f(a); break;
  case LOG1P: r[i] = log1pf(a); break;
  case CBRT: r[i] = cbrtf(a); break;
  case RCBRT: r[i] = rcbrtf(a); break;
  case SINH: r[i] = sinhf(a); break;
  case COSH: r[i] = coshf(a); break;
  case TANH: r[i] = tanhf(a); break;
  case ASINH: r[i] = asinhf(a); break;
  case ACOSH: r[i] = acoshf(a); break;
  default: r[i] = atanhf(a); break;
  }
}

__global__ void power(const float *x, const float *y, float *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) r[i] = powf(x[i], y[i]);
}

static uint32_t bits(float x) {
  uint32_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}
static bool same(float got, float want) {
  return isnan(want) ? isnan(got) : bits(got) == bits(want);
}

int main() {
  const float inf = INFINITY, nan = NAN;
  struct unary_case {
    int f;
    float x, want;
  };
  const unary_case uc[] = {
      {EXP, 0.0f, 1}, {EXP, -0.0f, 1}, {EXP, -inf, 0}, {EXP, inf, inf}, {EXP, nan, nan},
      {EXP2, 0.0f, 1}, {EXP2, -0.0f, 1}, {EXP2, -inf, 0}, {EXP2, inf, inf}, {EXP2, nan, nan},
      {EXP10, 0.0f, 1}, {EXP10, -0.0f, 1}, {EXP10, -inf, 0}, {EXP10, inf, inf},
      {EXP10, nan, nan},
      {EXPM1, 0.0f, 0.0f}, {EXPM1, -0.0f, -0.0f}, {EXPM1, -inf, -1}, {EXPM1, inf, inf},
      {EXPM1, nan, nan},
      {LOG, 0.0f, -inf}, {LOG, -0.0f, -inf}, {LOG, 1, 0.0f}, {LOG, -1, nan}, {LOG, -inf, nan},
      {LOG, inf, inf}, {LOG, nan, nan},
      {LOG2, 0.0f, -inf}, {LOG2, -0.0f, -inf}, {LOG2, 1, 0.0f}, {LOG2, -1, nan},
      {LOG2, inf, inf}, {LOG2, nan, nan},
      {LOG10, 0.0f, -inf}, {LOG10, -0.0f, -inf}, {LOG10, 1, 0.0f}, {LOG10, -1, nan},
      {LOG10, inf, inf}, {LOG10, nan, nan},
      {LOG1P, 0.0f, 0.0f}, {LOG1P, -0.0f, -0.0f}, {LOG1P, -1, -inf}, {LOG1P, -2, nan},
      {LOG1P, -inf, nan}, {LOG1P, inf, inf}, {LOG1P, nan, nan},
      {CBRT, 0.0f, 0.0f}, {CBRT, -0.0f, -0.0f}, {CBRT, inf, inf}, {CBRT, -inf, -inf},
      {CBRT, nan, nan}, {CBRT, -8, -2}, {CBRT, 27, 3},
      {RCBRT, 0.0f, inf}, {RCBRT, -0.0f, -inf}, {RCBRT, inf, 0.0f}, {RCBRT, -inf, -0.0f},
      {RCBRT, nan, nan}, {RCBRT, -8, -0.5f},
      {SINH, 0.0f, 0.0f}, {SINH, -0.0f, -0.0f}, {SINH, inf, inf}, {SINH, -inf, -inf},
      {SINH, nan, nan},
      {COSH, 0.0f, 1}, {COSH, -0.0f, 1}, {COSH, inf, inf}, {COSH, -inf, inf}, {COSH, nan, nan},
      {TANH, 0.0f, 0.0f}, {TANH, -0.0f, -0.0f}, {TANH, inf, 1}, {TANH, -inf, -1},
      {TANH, nan, nan},
      {ASINH, 0.0f, 0.0f}, {ASINH, -0.0f, -0.0f}, {ASINH, inf, inf}, {ASINH, -inf, -inf},
      {ASINH, nan, nan},
      {ACOSH, 1, 0.0f}, {ACOSH, 0.5f, nan}, {ACOSH, -inf, nan}, {ACOSH, inf, inf},
      {ACOSH, nan, nan},
      {ATANH, 0.0f, 0.0f}, {ATANH, -0.0f, -0.0f}, {ATANH, 1, inf}, {ATANH, -1, -inf},
      {ATANH, 1.5f, nan}, {ATANH, -inf, nan}, {ATANH, nan, nan},
  };
  struct pow_case {
    float x, y, want;
  };
  const pow_case pc[] = {
      // pow(+-0, y): +-inf for odd y < 0, +inf for other y < 0 (-inf: +inf), +-0 for odd
      // y > 0, +0 for other y > 0
      {0.0f, -3, inf}, {-0.0f, -3, -inf}, {0.0f, -2, inf}, {-0.0f, -2, inf},
      {-0.0f, -0.5f, inf}, {-0.0f, -inf, inf}, {0.0f, 3, 0.0f}, {-0.0f, 3, -0.0f},
      {-0.0f, 2, 0.0f}, {-0.0f, 0.5f, 0.0f}, {-0.0f, inf, 0.0f},
      // pow(-1, +-inf) = 1; pow(+1, y) = 1 for any y, even NaN; pow(x, +-0) = 1, even NaN
      {-1, inf, 1}, {-1, -inf, 1}, {1, nan, 1}, {1, -inf, 1}, {1, 3.5f, 1}, {nan, 0.0f, 1},
      {nan, -0.0f, 1}, {-inf, 0.0f, 1}, {-2, -0.0f, 1},
      // finite x < 0 and finite non-integer y: NaN
      {-2, 0.5f, nan}, {-0.5f, -1.5f, nan},
      // y = -inf: +inf for |x| < 1, +0 for |x| > 1; y = +inf: +0 for |x| < 1, +inf > 1
      {0.5f, -inf, inf}, {-0.5f, -inf, inf}, {2, -inf, 0.0f}, {-2, -inf, 0.0f},
      {0.5f, inf, 0.0f}, {-0.5f, inf, 0.0f}, {2, inf, inf}, {-2, inf, inf},
      // x = -inf: -0 for odd y < 0, +0 for other y < 0, -inf for odd y > 0, +inf other
      {-inf, -3, -0.0f}, {-inf, -2, 0.0f}, {-inf, -0.5f, 0.0f}, {-inf, 3, -inf},
      {-inf, 2, inf}, {-inf, 0.5f, inf},
      // x = +inf: +0 for y < 0, +inf for y > 0
      {inf, -1, 0.0f}, {inf, 0.5f, inf},
      // NaN otherwise
      {nan, 1, nan}, {2, nan, nan}, {-1, nan, nan},
      // negative x with integer y: the sign of odd powers; exact results; overflow and
      // underflow
      {-2, 3, -8}, {-2, 2, 4}, {-1, 16777217.0f, 1}, {-1, 7, -1},
      {2, 128, inf}, {-2, 127, -0x1p127f}, {-2, 129, -inf}, {2, -149, 0x1p-149f},
      {-2, -149, -0x1p-149f}, {2, -151, 0.0f}, {-2, -151, -0.0f}, {4, 0.5f, 2},
  };
  const int nu = sizeof uc / sizeof uc[0], np = sizeof pc / sizeof pc[0];
  float hx[nu], hr[nu], px[np], py[np], pr[np];
  int hf[nu];
  for (int i = 0; i < nu; i++)
    hx[i] = uc[i].x, hf[i] = uc[i].f;
  for (int i = 0; i < np; i++)
    px[i] = pc[i].x, py[i] = pc[i].y;
  float *dx, *dr, *dpx, *dpy, *dpr;
  int *df;
  cudaMalloc(&dx, sizeof hx), cudaMalloc(&dr, sizeof hr), cudaMalloc(&df, sizeof hf);
  cudaMalloc(&dpx, sizeof px), cudaMalloc(&dpy, sizeof py), cudaMalloc(&dpr, sizeof pr);
  cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
  cudaMemcpy(dpx, px, sizeof px, cudaMemcpyHostToDevice);
  cudaMemcpy(dpy, py, sizeof py, cudaMemcpyHostToDevice);
  unary<<<(nu + 63) / 64, 64>>>(dx, df, dr, nu);
  power<<<(np + 63) / 64, 64>>>(dpx, dpy, dpr, np);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaMemcpy(hr, dr, sizeof hr, cudaMemcpyDeviceToHost);
  cudaMemcpy(pr, dpr, sizeof pr, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < nu; i++)
    if (!same(hr[i], uc[i].want) && bad++ < 10)
      printf("FAIL: %s(%a) = %a (0x%08x), expected %a\n", names[uc[i].f], (double)uc[i].x,
             (double)hr[i], bits(hr[i]), (double)uc[i].want);
  for (int i = 0; i < np; i++)
    if (!same(pr[i], pc[i].want) && bad++ < 10)
      printf("FAIL: powf(%a, %a) = %a (0x%08x), expected %a\n", (double)pc[i].x,
             (double)pc[i].y, (double)pr[i], bits(pr[i]), (double)pc[i].want);
  if (bad) {
    printf("FAIL: %d of %d special values wrong\n", bad, nu + np);
    return 1;
  }
  printf("%d special values of 16 functions and %d of powf as documented\nPASS\n", nu, np);
  return 0;
}
