// math_div.cu — end-to-end test of single-precision division in Anchor's
// device library: __fdiv_rn and __frcp_rn (CUDA: correctly rounded, IEEE
// round to nearest even, subnormal results included) and __fdividef (CUDA's
// documented bound: 2 ulp for |y| in [2^-126, 2^126]; for 2^126 < |y| <
// 2^128 it delivers 0, or NaN when x is infinite).
// Pairs: the special values, sweep and random bit patterns of math_inputs.h
// against a rotated copy (every exponent range: overflow, underflow to
// subnormals and zero), plus random pairs whose quotient falls in the
// subnormal range (half of them divided by powers of two: exact ties, which
// only subnormal quotients can have).
// References, computed on the host: x / y and 1.0f / x in float, which are
// IEEE (correctly rounded, no flush to zero on x86-64): bit for bit (any NaN
// matches any NaN); __fdividef: the ulp error against (double)x / y.
// Expectations come from CUDA's Math API documentation (and IEEE 754). Built with
// nvcc 13.0 and run on an H200 (tests/e2e/observed/h200-math.log): PASS, CUDA's own
// __fdividef 1.918 ulp; with --exhaustive CUDA's __fdividef reaches 2.055 ulp (4 pairs
// past its documented bound), so that mode FAILs under nvcc, by CUDA's own error.
// `math_div --exhaustive` adds every float of [1, 2) and [2^125, 2^128) as x
// (every significand, normal and subnormal reciprocals); docs/devlib.md
// records its result.
// Prints the maximum ulp error of __fdividef, then PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "math_inputs.h"

enum { RESULTS = 3 };

__global__ void divide(const float *x, const float *y, float *r, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  r[RESULTS * i + 0] = __fdiv_rn(x[i], y[i]);
  r[RESULTS * i + 1] = __frcp_rn(x[i]);
  r[RESULTS * i + 2] = __fdividef(x[i], y[i]);
}

static int same(float a, float b) {
  return (isnan(a) && isnan(b)) || math_float_bits(a) == math_float_bits(b);
}

// Runs the kernel over the n pairs in chunks (the arena need not hold every
// input at once) into hr (RESULTS per pair); 0 on success.
static int run(const float *hx, const float *hy, float *hr, unsigned n) {
  enum { CHUNK = 1u << 20 };
  float *dx, *dy, *dr;
  if (cudaMalloc(&dx, CHUNK * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&dy, CHUNK * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&dr, RESULTS * CHUNK * sizeof(float)) != cudaSuccess) {
    printf("FAIL: cudaMalloc\n");
    return 1;
  }
  for (unsigned at = 0; at < n; at += CHUNK) {
    unsigned m = n - at < CHUNK ? n - at : CHUNK;
    cudaMemcpy(dx, hx + at, m * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, hy + at, m * sizeof(float), cudaMemcpyHostToDevice);
    divide<<<(m + 255) / 256, 256>>>(dx, dy, dr, m);
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
      printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
      return 1;
    }
    cudaMemcpy(hr + (size_t)RESULTS * at, dr, RESULTS * m * sizeof(float), cudaMemcpyDeviceToHost);
  }
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dr);
  return 0;
}

// With the argument --exhaustive, x also takes every float of [1, 2) (every
// significand: normal reciprocals) and of [2^125, 2^128) (subnormal
// reciprocals), each against a random y.
int main(int argc, char **argv) {
  int exhaustive = argc > 1 && !strcmp(argv[1], "--exhaustive");
  unsigned nbase;
  float *base = math_inputs(1u << 18, 1u << 14, 0x9e3779b9u, &nbase);
  unsigned nsub = 1u << 14, nall = exhaustive ? 4u << 23 : 0, n = nbase + nsub + nall;
  float *hx = (float *)malloc(n * sizeof(float)), *hy = (float *)malloc(n * sizeof(float));
  for (unsigned i = 0; i < nbase; i++) {
    hx[i] = base[i];
    hy[i] = base[(i * 7919u + 13u) % nbase];
  }
  uint32_t s = 12345u;
  for (unsigned i = nbase; i < nbase + nsub; i++) { // quotients around 2^-149 .. 2^-120
    uint32_t a = math_xorshift(&s), b = math_xorshift(&s);
    hx[i] = math_bits_float((a & 0x807fffffu) | (uint32_t)(1 + a % 40) << 23); // 2^-126..2^-87
    hy[i] = math_bits_float((b & 0x807fffffu) | (uint32_t)(127 + 1 + b % 60) << 23); // 2^1..2^60
    // Every other pair: y = +-2^k, k in 1..24, so the subnormal quotient is x's
    // bits shifted right, often exactly half-way (the ties to even).
    if (i & 1) hy[i] = math_bits_float((b & 0x80000000u) | (uint32_t)(127 + 1 + b % 24) << 23);
  }
  for (unsigned i = 0; i < nall; i++) {
    uint32_t bits = i < (1u << 23) ? 0x3f800000u + i : 0x7e000000u + (i - (1u << 23));
    hx[nbase + nsub + i] = math_bits_float(bits);
    hy[nbase + nsub + i] = math_bits_float(math_xorshift(&s));
  }
  float *hr = (float *)malloc((size_t)RESULTS * n * sizeof(float));
  if (run(hx, hy, hr, n)) return 1;
  unsigned bad = 0, subnormal = 0, bounded = 0;
  double max_fast = 0;
  for (unsigned i = 0; i < n; i++) {
    float x = hx[i], y = hy[i], q = x / y;
    const float *r = &hr[RESULTS * i];
    if (q != 0 && fabsf(q) < 0x1p-126f) subnormal++;
    int ok[RESULTS] = {same(r[0], q), same(r[1], 1.0f / x), 1};
    float ay = fabsf(y);
    if (ay >= 0x1p-126f && ay <= 0x1p126f && isfinite(x)) {
      double want = (double)x / y;
      if (fabs(want) <= 0x1.fffffep127) { // CUDA bounds finite quotients
        double e = math_ulp_error(r[2], want);
        if (e > max_fast) max_fast = e;
        ok[2] = e <= 2.0;
        bounded++;
      }
    } else if (ay > 0x1p126f && ay < INFINITY) {
      ok[2] = isinf(x) ? isnan(r[2]) : isnan(x) ? isnan(r[2]) : r[2] == 0.0f;
    }
    static const char *names[RESULTS] = {"__fdiv_rn", "__frcp_rn", "__fdividef"};
    for (int k = 0; k < RESULTS; k++)
      if (!ok[k] && bad++ < 10)
        printf("mismatch: %s(%a, %a) = %a [0x%08x], host %a\n", names[k], x, y, r[k],
               math_float_bits(r[k]), k == 1 ? 1.0f / x : q);
  }
  printf("%u pairs (%u with subnormal quotients); __fdiv_rn, __frcp_rn bit-exact; "
         "__fdividef max error %.3f ulp over %u pairs in its bounded range (bound 2)\n",
         n, subnormal, max_fast, bounded);
  free(base);
  free(hx);
  free(hy);
  free(hr);
  if (bad) {
    printf("FAIL: %u mismatches\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
