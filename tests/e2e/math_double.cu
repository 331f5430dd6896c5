// math_double.cu — end-to-end test of sqrt and fabs on double in device code
// (through Anchor's device library and software binary64): sqrt(double),
// std::sqrt(double), fabs(double), std::fabs(double), which clang used to
// reject as ambiguous. CUDA: sqrt is correctly rounded (IEEE round to nearest
// even), fabs exact. Inputs: special values (signed zeros, subnormals,
// DBL_MAX, infinities, NaN, negatives), a sweep of [1, 4) and random bit
// patterns (xorshift, fixed seed). Reference: the host's sqrt and fabs, which
// are IEEE: bit for bit (any NaN matches any NaN). Also checks that host code
// in the same file still calls libm (the host's own results are compared
// with the host's libm through a __host__ __device__ function).
// Expectations come from CUDA's Math API documentation (and IEEE 754). Built with
// nvcc 13.0 and run on an H200: PASS (tests/e2e/observed/h200-math.log).
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmath>

enum { RESULTS = 4 };

__host__ __device__ void results(double v, double *r) {
  r[0] = sqrt(v);
  r[1] = std::sqrt(v);
  r[2] = fabs(v);
  r[3] = std::fabs(v);
}

__global__ void kernel(const double *x, double *r, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) results(x[i], &r[RESULTS * i]);
}

static uint64_t bits(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}
static double from_bits(uint64_t u) {
  double d;
  memcpy(&d, &u, 8);
  return d;
}

int main(void) {
  enum { NSWEEP = 1 << 12, NRANDOM = 1 << 14 };
  static const uint64_t special[] = {0,
                                     0x8000000000000000ull,
                                     1,
                                     0x000fffffffffffffull,
                                     0x0010000000000000ull,
                                     0x3ff0000000000000ull,
                                     0x4000000000000000ull,
                                     0x3ff0000000000001ull,
                                     0x7fefffffffffffffull,
                                     0x7ff0000000000000ull,
                                     0xfff0000000000000ull,
                                     0x7ff8000000000000ull,
                                     0xbff0000000000000ull,
                                     0x8000000000000001ull};
  unsigned nspecial = sizeof special / sizeof *special, n = nspecial + NSWEEP + NRANDOM;
  double *hx = (double *)malloc(n * sizeof(double));
  unsigned k = 0;
  for (unsigned i = 0; i < nspecial; i++)
    hx[k++] = from_bits(special[i]);
  for (unsigned i = 0; i < NSWEEP; i++)
    hx[k++] = 1.0 + 3.0 * i / NSWEEP;
  uint64_t s = 0x9e3779b97f4a7c15ull;
  for (unsigned i = 0; i < NRANDOM; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    hx[k++] = from_bits(s);
  }
  double *dx, *dr;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dr, RESULTS * n * sizeof(double));
  cudaMemcpy(dx, hx, n * sizeof(double), cudaMemcpyHostToDevice);
  kernel<<<(n + 255) / 256, 256>>>(dx, dr, n);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
    return 1;
  }
  double *hr = (double *)malloc(RESULTS * n * sizeof(double));
  cudaMemcpy(hr, dr, RESULTS * n * sizeof(double), cudaMemcpyDeviceToHost);
  unsigned bad = 0;
  for (unsigned i = 0; i < n; i++) {
    double want[RESULTS] = {sqrt(hx[i]), sqrt(hx[i]), fabs(hx[i]), fabs(hx[i])}, host[RESULTS];
    results(hx[i], host);
    for (int j = 0; j < RESULTS; j++) {
      double got = hr[RESULTS * i + j];
      int ok = (isnan(got) && isnan(want[j])) || bits(got) == bits(want[j]);
      int host_ok = (isnan(host[j]) && isnan(want[j])) || bits(host[j]) == bits(want[j]);
      if ((!ok || !host_ok) && bad++ < 10)
        printf("mismatch: result %d of %a: device %a host %a, want %a\n", j, hx[i], got, host[j],
               want[j]);
    }
  }
  free(hx);
  free(hr);
  if (bad) {
    printf("FAIL: %u mismatches\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
