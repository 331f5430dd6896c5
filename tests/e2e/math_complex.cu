// math_complex.cu — cuComplex.h in device and host code: make_cuFloatComplex,
// cuCrealf/cuCimagf, cuConjf, cuCaddf, cuCsubf, cuCmulf, cuCdivf, cuCabsf, cuCfmaf and
// their double forms (cuCadd, ..., cuCfma), make_cuComplex, cuComplexFloatToDouble and
// cuComplexDoubleToFloat. Each result is compared with a long double reference:
// exact operations (real/imaginary parts, conjugate, conversions) bit for bit, add/sub
// componentwise correctly rounded, mul/div/fma and abs by their normwise relative error
// |got - want| / |want| in units of the format's epsilon (2^-24, 2^-53), bounded by
// MAX_EPS below. Inputs: random magnitudes over many binades (no overflow of the
// results), a few exact cases and divisions by numbers near the overflow threshold
// (2^120 .. 2^125 for float), where a naive (unscaled) formula overflows |b|^2. Valid for nvcc: run on the H200
// (tests/e2e/observed/h200-math.log) with the measured maxima printed.
#include <cuComplex.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N (1 << 16)
#define MAX_EPS 8.0 // normwise bound for mul/div/fma/abs, in epsilons

struct results {
  cuFloatComplex f[8];  // add, sub, mul, div, conj, fma, to-float, make_cuComplex
  float fabs_, fre, fim;
  cuDoubleComplex d[7]; // add, sub, mul, div, conj, fma, to-double
  double dabs_, dre, dim;
};

__host__ __device__ static void compute(const float *in, const double *din, results *r) {
  cuFloatComplex a = make_cuFloatComplex(in[0], in[1]), b = make_cuFloatComplex(in[2], in[3]);
  cuFloatComplex c = make_cuFloatComplex(in[4], in[5]);
  r->f[0] = cuCaddf(a, b);
  r->f[1] = cuCsubf(a, b);
  r->f[2] = cuCmulf(a, b);
  r->f[3] = cuCdivf(a, b);
  r->f[4] = cuConjf(a);
  r->f[5] = cuCfmaf(a, b, c);
  r->fabs_ = cuCabsf(a);
  r->fre = cuCrealf(a);
  r->fim = cuCimagf(a);
  cuDoubleComplex x = make_cuDoubleComplex(din[0], din[1]), y = make_cuDoubleComplex(din[2], din[3]);
  cuDoubleComplex z = make_cuDoubleComplex(din[4], din[5]);
  r->d[0] = cuCadd(x, y);
  r->d[1] = cuCsub(x, y);
  r->d[2] = cuCmul(x, y);
  r->d[3] = cuCdiv(x, y);
  r->d[4] = cuConj(x);
  r->d[5] = cuCfma(x, y, z);
  r->d[6] = cuComplexFloatToDouble(a);
  r->f[6] = cuComplexDoubleToFloat(x);
  r->f[7] = make_cuComplex(in[1], in[0]);
  r->dabs_ = cuCabs(x);
  r->dre = cuCreal(x);
  r->dim = cuCimag(x);
}

__global__ void kernel(const float *in, const double *din, results *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) compute(in + 6 * i, din + 6 * i, out + i);
}

typedef long double ld;
struct cld {
  ld re, im;
};
static cld mul(cld a, cld b) { return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
static cld divide(cld a, cld b) {
  ld d = b.re * b.re + b.im * b.im;
  return {(a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d};
}
static double normwise(ld gre, ld gim, cld w, double eps) {
  ld n = sqrtl(w.re * w.re + w.im * w.im);
  if (n == 0) return gre == 0 && gim == 0 ? 0 : INFINITY;
  return (double)(sqrtl((gre - w.re) * (gre - w.re) + (gim - w.im) * (gim - w.im)) / n / eps);
}
static unsigned long long bits(double x) {
  unsigned long long u;
  memcpy(&u, &x, 8);
  return u;
}
static unsigned bitsf(float x) {
  unsigned u;
  memcpy(&u, &x, 4);
  return u;
}

static unsigned rng_state = 2463534242u;
static unsigned next_rand() {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  return rng_state;
}
static double random_value(int max_exp) { // sign, significand, exponent in [-max_exp, max_exp]
  double m = 1.0 + (next_rand() >> 8) * 0x1p-24;
  int e = (int)(next_rand() % (2 * max_exp + 1)) - max_exp;
  return ((next_rand() & 1) ? -1 : 1) * ldexp(m, e);
}

// Checks one result set against the references; returns the number of failures.
static int check(const float *in, const double *din, const results &r, double *worst,
                 bool huge, const char *where) {
  int bad = 0;
  cld a = {in[0], in[1]}, b = {in[2], in[3]}, c = {in[4], in[5]};
  cld x = {din[0], din[1]}, y = {din[2], din[3]}, z = {din[4], din[5]};
  cld wf[4] = {{a.re + b.re, a.im + b.im}, {a.re - b.re, a.im - b.im}, mul(a, b), divide(a, b)};
  cld wd[4] = {{x.re + y.re, x.im + y.im}, {x.re - y.re, x.im - y.im}, mul(x, y), divide(x, y)};
  cld fmaf_ = mul(a, b), fmad_ = mul(x, y);
  fmaf_.re += c.re, fmaf_.im += c.im, fmad_.re += z.re, fmad_.im += z.im;
  // add, sub: each part correctly rounded, i.e. the host's IEEE float/double operation
  // (a long double sum rounded again to float could differ: double rounding)
  bad += bitsf(r.f[0].x) != bitsf(in[0] + in[2]) || bitsf(r.f[0].y) != bitsf(in[1] + in[3]);
  bad += bitsf(r.f[1].x) != bitsf(in[0] - in[2]) || bitsf(r.f[1].y) != bitsf(in[1] - in[3]);
  bad += bits(r.d[0].x) != bits(din[0] + din[2]) || bits(r.d[0].y) != bits(din[1] + din[3]);
  bad += bits(r.d[1].x) != bits(din[0] - din[2]) || bits(r.d[1].y) != bits(din[1] - din[3]);
  double e[8] = {normwise(r.f[2].x, r.f[2].y, wf[2], 0x1p-24),
                 normwise(r.f[3].x, r.f[3].y, wf[3], 0x1p-24),
                 normwise(r.f[5].x, r.f[5].y, fmaf_, 0x1p-24),
                 normwise(r.fabs_, 0, {sqrtl(a.re * a.re + a.im * a.im), 0}, 0x1p-24),
                 normwise(r.d[2].x, r.d[2].y, wd[2], 0x1p-53),
                 normwise(r.d[3].x, r.d[3].y, wd[3], 0x1p-53),
                 normwise(r.d[5].x, r.d[5].y, fmad_, 0x1p-53),
                 normwise(r.dabs_, 0, {sqrtl(x.re * x.re + x.im * x.im), 0}, 0x1p-53)};
  for (int k = 0; k < 8; k++) {
    // Huge divisors: only the quotients and |a| are meaningful (products overflow).
    // fma's reference can cancel to (near) zero: measured, not bounded.
    if (huge && k != 1 && k != 3 && k != 5 && k != 7) continue;
    if (worst[k] < e[k]) worst[k] = e[k];
    bad += !(e[k] <= MAX_EPS) && !(k == 2 || k == 6);
  }
  bad += bitsf(r.f[4].x) != bitsf(in[0]) || bitsf(r.f[4].y) != bitsf(-in[1]);
  bad += bits(r.d[4].x) != bits(din[0]) || bits(r.d[4].y) != bits(-din[1]);
  bad += bits(r.d[6].x) != bits((double)in[0]) || bits(r.d[6].y) != bits((double)in[1]);
  bad += bitsf(r.f[6].x) != bitsf((float)din[0]) || bitsf(r.f[6].y) != bitsf((float)din[1]);
  bad += bitsf(r.f[7].x) != bitsf(in[1]) || bitsf(r.f[7].y) != bitsf(in[0]);
  bad += bitsf(r.fre) != bitsf(in[0]) || bitsf(r.fim) != bitsf(in[1]);
  bad += bits(r.dre) != bits(din[0]) || bits(r.dim) != bits(din[1]);
  if (bad && where) {
    printf("%s mismatch: a = %a%+ai b = %a%+ai: mul %.2f, div %a%+ai %.2f, abs %.2f eps; "
           "double mul %.2f, div %.2f, abs %.2f eps\n",
           where, (double)in[0], (double)in[1], (double)in[2], (double)in[3], e[0],
           (double)r.f[3].x, (double)r.f[3].y, e[1], e[3], e[4], e[5], e[7]);
  }
  return bad;
}

int main() {
  float *in = (float *)malloc(6 * N * sizeof(float));
  double *din = (double *)malloc(6 * N * sizeof(double));
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 6; k++) {
      in[6 * i + k] = (float)random_value(30);
      din[6 * i + k] = random_value(250);
    }
    if (i % 16 == 1) { // divisors near the overflow threshold (|b|^2 overflows), normal quotients
      in[6 * i + 2] = (float)random_value(2) * 0x1p122f, in[6 * i + 3] = (float)random_value(2) * 0x1p121f;
      din[6 * i + 2] = random_value(2) * 0x1p1018, din[6 * i + 3] = random_value(2) * 0x1p1017;
      for (int k = 0; k < 2; k++)
        in[6 * i + k] = (float)random_value(10) * 0x1p60f, din[6 * i + k] = random_value(10) * 0x1p500;
    }
    if (i % 16 == 2) { // exact: small integers
      for (int k = 0; k < 6; k++)
        in[6 * i + k] = (float)((int)(next_rand() % 17) - 8), din[6 * i + k] = in[6 * i + k];
      if (in[6 * i + 2] == 0 && in[6 * i + 3] == 0) in[6 * i + 2] = din[6 * i + 2] = 1;
    }
  }
  float *d_in;
  double *d_din;
  results *d_out, *out = (results *)malloc(N * sizeof(results));
  cudaMalloc(&d_in, 6 * N * sizeof(float));
  cudaMalloc(&d_din, 6 * N * sizeof(double));
  cudaMalloc(&d_out, N * sizeof(results));
  cudaMemcpy(d_in, in, 6 * N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_din, din, 6 * N * sizeof(double), cudaMemcpyHostToDevice);
  kernel<<<N / 256, 256>>>(d_in, d_din, d_out, N);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(out, d_out, N * sizeof(results), cudaMemcpyDeviceToHost);
  int bad = 0, host_bad = 0;
  double worst[8] = {0}, host_worst[8] = {0};
  for (int i = 0; i < N; i++) {
    bool huge = i % 16 == 1;
    bad += check(in + 6 * i, din + 6 * i, out[i], worst, huge, bad < 5 ? "device" : NULL);
    results h;
    compute(in + 6 * i, din + 6 * i, &h);
    host_bad += check(in + 6 * i, din + 6 * i, h, host_worst, huge, host_bad < 5 ? "host" : NULL);
  }
  const char *names[8] = {"cuCmulf", "cuCdivf", "cuCfmaf", "cuCabsf",
                          "cuCmul",  "cuCdiv",  "cuCfma",  "cuCabs"};
  for (int k = 0; k < 8; k++)
    printf("%-8s max normwise error: device %.3f eps, host %.3f eps%s\n", names[k], worst[k],
           host_worst[k], k == 2 || k == 6 ? " (not bounded: cancellation)" : "");
  printf("%d inputs: %d device and %d host results wrong\n", N, bad, host_bad);
  if (bad || host_bad) {
    printf("FAIL\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
