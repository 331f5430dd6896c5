// fft_check.h — what the cuFFT tests share (tests/libraries/cufft/): CUDA error checks,
// random data, FFTW references in double precision, and the relative RMS error
// sqrt(sum |y - ref|^2 / sum |ref|^2) with its bound c * u * log2(n): u the unit
// roundoff of the precision (2^-24 float, 2^-53 double), n the points of the transform
// (for a length that cuFFT/Anchor transforms with Bluestein's algorithm, the bound uses
// log2 of its power-of-two convolution length m >= 2n - 1, which the error follows).
// c = ERROR_C: see the comment there. Both Anchor and NVIDIA's cuFFT must meet it.
#pragma once
#include <cuda_runtime.h>
#include <cufft.h>
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Radix-2/Stockham FFTs with exact twiddles have RMS errors near 0.3 to 0.6 u log2(n)
// in practice (Schatzman 1996; measured on Anchor's kernels: see docs/cufft.md);
// c = 1 leaves a margin of about 3 for cuFFT's own kernels and the reference's error.
#define ERROR_C 1.0

static int failures = 0;

#define CHECK_CUDA(x)                                                                              \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL %s:%d: %s -> %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));            \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)
#define CHECK_FFT(x)                                                                               \
  do {                                                                                             \
    cufftResult r_ = (x);                                                                          \
    if (r_ != CUFFT_SUCCESS) {                                                                     \
      printf("FAIL %s:%d: %s -> cufftResult %d\n", __FILE__, __LINE__, #x, (int)r_);               \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static double uniform() { // in [-1, 1)
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

static bool has_large_prime(long long n) {
  for (long long p = 2; p <= 31; p++)
    while (n % p == 0)
      n /= p;
  return n > 1;
}

// log2 of the length the error grows with (see the header comment).
// At least 2: the shortest transforms have errors of a few roundings and no log2(n)
// to grow from.
static double error_log2(long long n) {
  if (n < 4) return 2.0;
  if (has_large_prime(n)) {
    long long m = 1;
    while (m < 2 * n - 1)
      m *= 2;
    return log2((double)m);
  }
  return log2((double)n);
}

// Relative RMS error of got against ref: values doubles.
static double rel_rms_values(const double *got, const double *ref, long long values) {
  long double num = 0, den = 0;
  for (long long i = 0; i < values; i++) {
    long double d = (long double)got[i] - ref[i];
    num += d * d;
    den += (long double)ref[i] * ref[i];
  }
  return den > 0 ? (double)sqrtl(num / den) : (double)sqrtl(num);
}

// The same over count complex values (pairs of doubles).
static double rel_rms(const double *got, const double *ref, long long count) {
  return rel_rms_values(got, ref, 2 * count);
}

// Reports one comparison: error, bound, and a FAIL line if above it.
static void report(const char *what, double err, long long points, double u) {
  double bound = ERROR_C * u * error_log2(points);
  bool ok = err <= bound && err == err;
  printf("%-48s rel_rms %.3e  bound %.3e  (%.2f u log2)%s\n", what, err, bound,
         err / (u * error_log2(points)), ok ? "" : "  FAIL");
  if (!ok) failures++;
}

// The reference complex transform of rank dims (batch contiguous transforms).
static void reference_dft(int rank, const int *n, int batch, const double *in, double *out,
                          int sign) {
  int total = 1;
  for (int i = 0; i < rank; i++)
    total *= n[i];
  fftw_complex *a = (fftw_complex *)fftw_malloc(sizeof(fftw_complex) * total * batch);
  memcpy(a, in, sizeof(fftw_complex) * total * batch);
  fftw_plan p =
      fftw_plan_many_dft(rank, n, batch, a, NULL, 1, total, a, NULL, 1, total, sign, FFTW_ESTIMATE);
  fftw_execute(p);
  memcpy(out, a, sizeof(fftw_complex) * total * batch);
  fftw_destroy_plan(p);
  fftw_free(a);
}

// One complex-to-complex check in float: batch transforms of rank dims, contiguous,
// in place or out of place, in direction dir; compared with FFTW in double. The plan
// comes from cufftPlanMany, or (plan_nd, batch 1) from cufftPlan1d/2d/3d.
static void check_c2c(int rank, const int *n, int batch, int dir, bool in_place,
                      bool plan_nd = false) {
  long long per = 1;
  for (int i = 0; i < rank; i++)
    per *= n[i];
  long long total = per * batch;
  float *h = (float *)malloc(8 * total);
  double *in = (double *)malloc(16 * total), *ref = (double *)malloc(16 * total);
  double *got = (double *)malloc(16 * total);
  for (long long i = 0; i < 2 * total; i++)
    h[i] = (float)uniform(), in[i] = h[i];
  cufftComplex *a, *b;
  CHECK_CUDA(cudaMalloc(&a, 8 * total));
  b = a;
  if (!in_place) CHECK_CUDA(cudaMalloc(&b, 8 * total));
  CHECK_CUDA(cudaMemcpy(a, h, 8 * total, cudaMemcpyHostToDevice));
  cufftHandle plan;
  int nn[3];
  memcpy(nn, n, sizeof(int) * rank);
  if (!plan_nd)
    CHECK_FFT(cufftPlanMany(&plan, rank, nn, NULL, 1, 0, NULL, 1, 0, CUFFT_C2C, batch));
  else if (rank == 1)
    CHECK_FFT(cufftPlan1d(&plan, n[0], CUFFT_C2C, batch));
  else if (rank == 2)
    CHECK_FFT(cufftPlan2d(&plan, n[0], n[1], CUFFT_C2C));
  else
    CHECK_FFT(cufftPlan3d(&plan, n[0], n[1], n[2], CUFFT_C2C));
  CHECK_FFT(cufftExecC2C(plan, a, b, dir));
  CHECK_CUDA(cudaMemcpy(h, b, 8 * total, cudaMemcpyDeviceToHost));
  for (long long i = 0; i < 2 * total; i++)
    got[i] = h[i];
  reference_dft(rank, n, batch, in, ref, dir);
  char what[96];
  int len = snprintf(what, sizeof what, "C2C%s %s", plan_nd ? " (cufftPlanNd)" : "",
                     dir < 0 ? "fwd" : "inv");
  for (int i = 0; i < rank; i++)
    len += snprintf(what + len, sizeof what - len, "%s%d", i ? "x" : " n=", n[i]);
  snprintf(what + len, sizeof what - len, " batch %d %s", batch, in_place ? "in-place" : "");
  report(what, rel_rms(got, ref, total), per, 0x1p-24);
  CHECK_FFT(cufftDestroy(plan));
  CHECK_CUDA(cudaFree(a));
  if (!in_place) CHECK_CUDA(cudaFree(b));
  free(h), free(in), free(ref), free(got);
}
