// math_fp_modes.cu — x / y under nvcc's floating-point modes, one build per mode
// (tests/e2e/CMakeLists.txt passes the flags and -DMODE_*):
//   default (MODE_RN):                   correctly rounded, bit for bit (div.rn);
//   -prec-div=false (MODE_FULL):         at most 2 ulp over the whole range (div.full),
//                                        huge and subnormal divisors included;
//   --use_fast_math (MODE_FAST):         __fdividef's division (div.approx): 2 ulp for
//                                        |y| in [2^-126, 2^126], and x / y = 0 for
//                                        2^126 < |y| < inf (finite x);
//   --use_fast_math -prec-div=true (MODE_FAST_RN): the explicit flag wins: correctly
//                                        rounded, bit for bit.
// The modes' PTX instructions under nvcc 13 are in tests/driver/observed/h200-fp-modes.log.
// Subnormal operands and quotients, which nvcc and Anchor flush to zero under
// --use_fast_math (it implies -ftz=true: math_ftz.cu checks the flushing), are left out
// of the --use_fast_math modes' comparisons (nvcc on the H200 passes every mode: observed/h200-math.log). Compares with the host's correctly rounded division.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>

#include "math_inputs.h"

__global__ void divide(const float *x, const float *y, float *q, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) q[i] = x[i] / y[i];
}

// |got - want| in ulps of want (want finite and normal or subnormal).
[[maybe_unused]] static double ulps(float got, float want) {
  int e = want == 0 ? -126 : ilogbf(want);
  if (e < -126) e = -126;
  return fabs((double)got - (double)want) / ldexp(1.0, e - 23);
}

int main() {
  unsigned nbase;
  float *base = math_inputs(1u << 18, 1u << 14, 0x2545f491u, &nbase);
  unsigned nextra = 1u << 14, n = nbase + nextra;
  float *hx = (float *)malloc(n * sizeof(float)), *hy = (float *)malloc(n * sizeof(float));
  float *hq = (float *)malloc(n * sizeof(float));
  for (unsigned i = 0; i < nbase; i++)
    hx[i] = base[i], hy[i] = base[(i * 7919u + 13u) % nbase];
  uint32_t s = 777u;
  for (unsigned i = nbase; i < n; i++) { // huge divisors (2^126 .. 2^128) and subnormal ones
    uint32_t a = math_xorshift(&s), b = math_xorshift(&s);
    hx[i] = math_bits_float((a & 0x807fffffu) | (uint32_t)(100 + a % 150) << 23);
    hy[i] = math_bits_float(i & 1 ? (b & 0x807fffffu) | 0x7e800000u | (b & 0x00800000u)
                                  : (b & 0x807fffffu) >> (b % 8));
  }
  float *dx, *dy, *dq;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMalloc(&dq, n * sizeof(float));
  cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, hy, n * sizeof(float), cudaMemcpyHostToDevice);
  divide<<<(n + 255) / 256, 256>>>(dx, dy, dq, n);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(hq, dq, n * sizeof(float), cudaMemcpyDeviceToHost);
  unsigned bad = 0, checked = 0, zeroed = 0;
  double max_err = 0;
  for (unsigned i = 0; i < n; i++) {
    float x = hx[i], y = hy[i], want = x / y, got = hq[i];
    int ok;
#if defined(MODE_FAST) || defined(MODE_FAST_RN)
    if (fabsf(x) < 0x1p-126f || fabsf(y) < 0x1p-126f || (want != 0 && fabsf(want) < 0x1p-126f))
      continue; // ftz
#endif
#if defined(MODE_RN) || defined(MODE_FAST_RN)
    ok = math_float_bits(got) == math_float_bits(want) || (isnan(got) && isnan(want));
#elif defined(MODE_FULL) || defined(MODE_FAST)
    float ay = fabsf(y);
#if defined(MODE_FAST)
    if (ay > 0x1p126f && isfinite(ay) && isfinite(x)) {
      ok = got == 0, zeroed++;
      bad += !ok, checked++;
      continue;
    }
    if (ay < 0x1p-126f || ay > 0x1p126f) continue; // outside the bounded range
#endif
    if (isnan(want) || isinf(want))
      ok = isnan(want) ? isnan(got) : got == want;
    else {
      double e = ulps(got, want);
      if (e > max_err) max_err = e;
      ok = e <= 2;
    }
#else
#error "build with -DMODE_RN, -DMODE_FULL, -DMODE_FAST or -DMODE_FAST_RN"
#endif
    if (!ok && bad++ < 5)
      printf("mismatch: %a / %a = %a, want %a\n", (double)x, (double)y, (double)got,
             (double)want);
    checked++;
  }
  printf("%u of %u quotients checked, %u bad, max error %.3f ulp, %u huge divisors gave 0\n",
         checked, n, bad, max_err, zeroed);
  if (bad) {
    printf("FAIL\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
