// math_sqrt.cu — end-to-end test of the single-precision square roots of
// Anchor's device library: sqrtf, sqrt(float), std::sqrt(float), __fsqrt_rn
// (CUDA: correctly rounded, IEEE round to nearest even, at nvcc's default
// -prec-sqrt=true), __frsqrt_rn (CUDA: correctly rounded) and rsqrtf (CUDA:
// at most 2 ulp). Inputs: math_inputs.h (special values, a sweep of [1, 4),
// random bit patterns).
// References, computed on the host:
//  - sqrt: the host's sqrtf, which is IEEE (correctly rounded): bit for bit;
//  - 1/sqrt: an exact test that r is the float nearest 1/sqrt(x): with m-
//    and m+ the midpoints between r and its neighbours (exact in double),
//    (m-)^2 x < 1 < (m+)^2 x, each product's sign exact through fma;
//  - rsqrtf: the ulp error against 1/sqrt((double)x) is at most 2.
// Special values as CUDA documents them: sqrt(-x) NaN, sqrt(+-0) +-0,
// sqrt(inf) inf; rsqrt(+-0) +-inf, rsqrt(inf) +0, rsqrt(-x) NaN.
// Expectations come from CUDA's Math API documentation (and IEEE 754). Built with
// nvcc 13.0 and run on an H200: PASS, CUDA's own rsqrtf 1.468 ulp (1.514 ulp with
// --exhaustive), sqrt and __frsqrt_rn exact (tests/e2e/observed/h200-math.log).
// `math_sqrt --exhaustive` sweeps every float of [1, 4) instead (2^24 more
// inputs: every significand and exponent parity, so every path of the
// library's 1/sqrt); docs/devlib.md records its result.
// Prints the maximum ulp errors, then PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cmath>

#include "math_inputs.h"

enum { RESULTS = 6 };

__global__ void roots(const float *x, float *r, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  r[RESULTS * i + 0] = sqrtf(v);
  r[RESULTS * i + 1] = sqrt(v);
  r[RESULTS * i + 2] = std::sqrt(v);
  r[RESULTS * i + 3] = __fsqrt_rn(v);
  r[RESULTS * i + 4] = __frsqrt_rn(v);
  r[RESULTS * i + 5] = rsqrtf(v);
}

// Sign of m*m*x - 1 for doubles m (at most 25 significant bits) and x > 0,
// exact: m*m is exact in double, and p + e with e = fma(m2, x, -p) is the
// exact product, never exactly 1 (1/x is no square of such an m unless
// r is exact, handled by the caller).
static int sign_m2x_minus_1(double m, double x) {
  double m2 = m * m, p = m2 * x, e = fma(m2, x, -p);
  double s = (p - 1.0) + e; // p - 1 exact (Sterbenz) near 1; rounding keeps the sign
  return (s > 0) - (s < 0);
}

// Is r the correctly rounded 1/sqrt(x)? x positive, finite.
static int is_rsqrt_rn(float x, float r) {
  if (!(r > 0) || isinf(r)) return 0;
  double lo = ((double)nextafterf(r, 0.0f) + r) / 2, hi = ((double)nextafterf(r, INFINITY) + r) / 2;
  return sign_m2x_minus_1(lo, x) < 0 && sign_m2x_minus_1(hi, x) > 0;
}

static int same(float a, float b) {
  return (isnan(a) && isnan(b)) || math_float_bits(a) == math_float_bits(b);
}

// Runs the kernel over hx[0..n) in chunks (the arena need not hold every
// input at once) into hr (RESULTS per input); 0 on success.
static int run(const float *hx, float *hr, unsigned n) {
  enum { CHUNK = 1u << 20 };
  float *dx, *dr;
  if (cudaMalloc(&dx, CHUNK * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&dr, RESULTS * CHUNK * sizeof(float)) != cudaSuccess) {
    printf("FAIL: cudaMalloc\n");
    return 1;
  }
  for (unsigned at = 0; at < n; at += CHUNK) {
    unsigned m = n - at < CHUNK ? n - at : CHUNK;
    cudaMemcpy(dx, hx + at, m * sizeof(float), cudaMemcpyHostToDevice);
    roots<<<(m + 255) / 256, 256>>>(dx, dr, m);
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
      printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
      return 1;
    }
    cudaMemcpy(hr + (size_t)RESULTS * at, dr, RESULTS * m * sizeof(float), cudaMemcpyDeviceToHost);
  }
  cudaFree(dx);
  cudaFree(dr);
  return 0;
}

// With the argument --exhaustive the sweep is every float of [1, 4): each
// significand with each exponent parity, which is every path the library's
// 1/sqrt takes (the rest of the exponent only scales the result exactly).
int main(int argc, char **argv) {
  int exhaustive = argc > 1 && !strcmp(argv[1], "--exhaustive");
  unsigned n;
  float *hx = math_inputs(1u << 18, exhaustive ? 1u << 24 : 1u << 16, 0x2545f491u, &n);
  float *hr = (float *)malloc((size_t)RESULTS * n * sizeof(float));
  if (run(hx, hr, n)) return 1;
  static const char *names[RESULTS] = {"sqrtf",      "sqrt(float)", "std::sqrt(float)",
                                       "__fsqrt_rn", "__frsqrt_rn", "rsqrtf"};
  unsigned bad = 0;
  double max_rsqrt = 0;
  for (unsigned i = 0; i < n; i++) {
    float x = hx[i];
    for (int k = 0; k < RESULTS; k++) {
      float r = hr[RESULTS * i + k];
      int ok;
      if (k < 4) {
        ok = same(r, sqrtf(x)); // the host's sqrtf is IEEE: correctly rounded
      } else if (isnan(x) || x < 0) {
        ok = isnan(r);
      } else if (x == 0) {
        ok = isinf(r) && signbit(r) == signbit(x);
      } else if (isinf(x)) {
        ok = r == 0 && !signbit(r);
      } else if (k == 4) {
        ok = is_rsqrt_rn(x, r);
      } else {
        double e = math_ulp_error(r, 1.0 / sqrt((double)x));
        if (e > max_rsqrt) max_rsqrt = e;
        ok = e <= 2.0;
      }
      if (!ok && bad++ < 10)
        printf("mismatch: %s(%a [0x%08x]) = %a [0x%08x]\n", names[k], x, math_float_bits(x), r,
               math_float_bits(r));
    }
  }
  printf("%u inputs; sqrt: bit-exact checks; __frsqrt_rn: exact rounding test; "
         "rsqrtf max error %.3f ulp (bound 2)\n",
         n, max_rsqrt);
  free(hx);
  free(hr);
  if (bad) {
    printf("FAIL: %u mismatches\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
