// app_black_scholes.cu — a Black-Scholes European option pricer in float, as CUDA codes
// write it: the cumulative normal by the Abramowitz-Stegun polynomial (expf, fabsf), the
// d1/d2 terms (logf, sqrtf, division), discounting (expf), call and put for 1M options.
// Checked against the same formulas in double on the host (relative error per price,
// and put-call parity on the device's own results). Valid CUDA for nvcc.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define OPTIONS (1 << 20)
#define RISKFREE 0.02f
#define VOLATILITY 0.30f

template <class T> __host__ __device__ static T cnd(T d) {
  const T a1 = (T)0.31938153, a2 = (T)-0.356563782, a3 = (T)1.781477937, a4 = (T)-1.821255978,
          a5 = (T)1.330274429, rsqrt2pi = (T)0.39894228040143267793994605993438;
  T k = (T)1 / ((T)1 + (T)0.2316419 * fabs(d));
  T c = rsqrt2pi * exp((T)-0.5 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? (T)1 - c : c;
}

__device__ static void price(float s, float x, float t, float r, float v, float *call,
                             float *put) {
  float sqrt_t = sqrtf(t);
  float d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sqrt_t);
  float d2 = d1 - v * sqrt_t;
  float cnd1 = cnd(d1), cnd2 = cnd(d2);
  float exp_rt = expf(-r * t);
  *call = s * cnd1 - x * exp_rt * cnd2;
  *put = x * exp_rt * (1.0f - cnd2) - s * (1.0f - cnd1);
}

__global__ void black_scholes(const float *s, const float *x, const float *t, float *call,
                              float *put, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    price(s[i], x[i], t[i], RISKFREE, VOLATILITY, &call[i], &put[i]);
}

static float uniform(unsigned *state, float lo, float hi) {
  *state = *state * 1664525u + 1013904223u;
  return lo + (hi - lo) * (float)(*state >> 8) * (1.0f / 16777216.0f);
}

int main() {
  const size_t bytes = OPTIONS * sizeof(float);
  float *s = (float *)malloc(bytes), *x = (float *)malloc(bytes), *t = (float *)malloc(bytes);
  float *call = (float *)malloc(bytes), *put = (float *)malloc(bytes);
  unsigned state = 5489u;
  for (int i = 0; i < OPTIONS; i++) {
    s[i] = uniform(&state, 5.0f, 30.0f);
    x[i] = uniform(&state, 1.0f, 100.0f);
    t[i] = uniform(&state, 0.25f, 10.0f);
  }
  float *ds, *dx, *dt, *dcall, *dput;
  cudaMalloc(&ds, bytes), cudaMalloc(&dx, bytes), cudaMalloc(&dt, bytes);
  cudaMalloc(&dcall, bytes), cudaMalloc(&dput, bytes);
  cudaMemcpy(ds, s, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dt, t, bytes, cudaMemcpyHostToDevice);
  black_scholes<<<480, 128>>>(ds, dx, dt, dcall, dput, OPTIONS);
  cudaError_t err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(call, dcall, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(put, dput, bytes, cudaMemcpyDeviceToHost);
  // The double reference; errors relative to the option's scale (max(price, 1e-3 * S)).
  double max_call = 0, max_put = 0, max_parity = 0;
  int bad = 0;
  for (int i = 0; i < OPTIONS; i++) {
    double S = s[i], X = x[i], T = t[i], r = RISKFREE, v = VOLATILITY;
    double sqrt_t = sqrt(T), d1 = (log(S / X) + (r + 0.5 * v * v) * T) / (v * sqrt_t);
    double d2 = d1 - v * sqrt_t, e = exp(-r * T);
    double c = S * cnd(d1) - X * e * cnd(d2), p = X * e * (1 - cnd(d2)) - S * (1 - cnd(d1));
    double scale = 1e-3 * S;
    double ec = fabs(call[i] - c) / fmax(fabs(c), scale), ep = fabs(put[i] - p) / fmax(fabs(p), scale);
    // put-call parity on the device's prices: C - P = S - X e^{-rT}
    double parity = fabs((double)call[i] - put[i] - (S - X * e)) / fmax(S, X);
    max_call = fmax(max_call, ec), max_put = fmax(max_put, ep), max_parity = fmax(max_parity, parity);
    if (!(ec < 1e-4 && ep < 1e-4 && parity < 1e-5)) {
      if (bad++ < 5)
        printf("mismatch at %d: S %g X %g T %g: call %.9g (want %.9g) put %.9g (want %.9g)\n", i, S,
               X, T, call[i], c, put[i], p);
    }
  }
  printf("%d options: max relative error call %.3g, put %.3g; put-call parity %.3g\n", OPTIONS,
         max_call, max_put, max_parity);
  if (bad) {
    printf("FAIL: %d options\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
