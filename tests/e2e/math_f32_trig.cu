// math_f32_trig.cu — end-to-end test of the float trigonometric functions of Anchor's
// device library that the accuracy harness (tests/math/math_accuracy.cu, which measures
// the single-result functions against MPFR) cannot express:
//  - the two-result functions sincosf, sincospif, __sincosf: each result bit for bit the
//    single-result function's (sinf/cosf, sinpif/cospif, __sinf/__cosf; the harness
//    bounds those), written through pointers into device memory and into locals; the
//    float overloads sin, cos, std::sin, std::cos bit for bit sinf and cosf;
//  - normf(dim, p) and rnormf(dim, p), which read an array: dims 0 to 40 and 1000, values
//    of random signs and significands at scales from 2^-120 to 2^120 (and subnormals for
//    normf), infinities and NaNs; against a long double reference (64-bit significand,
//    no overflow), CUDA's bounds 4 and 3 ulp; +inf (0) when an element is infinite, even
//    beside a NaN; normf(3, p) and normf(4, p) bit for bit norm3df and norm4df, and
//    C++17's std::hypot(x, y, z) bit for bit norm3df;
//  - norm4df and rnorm4df with four independent operands (the harness's rows repeat one),
//    CUDA's bound 2 ulp.
// Inputs: math_inputs.h, a sweep of [-10, 10], the floats nearest multiples of pi/2 (the
// hardest reductions) and huge arguments. Prints the maximum errors, then PASS or FAIL.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cmath>

#include "math_inputs.h"

enum { RESULTS = 16 };

__global__ void trig(const float *x, float *r, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i], *o = r + RESULTS * i;
  o[0] = sinf(v);
  o[1] = cosf(v);
  sincosf(v, &o[2], &o[3]); // results straight into device memory
  o[4] = sinpif(v);
  o[5] = cospif(v);
  float s, c;
  sincospif(v, &s, &c); // into locals
  o[6] = s, o[7] = c;
  o[8] = __sinf(v);
  o[9] = __cosf(v);
  __sincosf(v, &o[10], &o[11]);
  o[12] = sin(v);
  o[13] = cos(v);
  o[14] = std::sin(v);
  o[15] = std::cos(v);
}

// For vector j: normf and rnormf of its dim[j] elements from p + at[j]; norm3df or
// norm4df of them when dim is 3 or 4 (else 0); C++17's std::hypot(x, y, z) when dim is 3.
__global__ void norms(const float *p, const int *dim, const int *at, float *r, unsigned n) {
  unsigned j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n) return;
  const float *v = p + at[j];
  r[4 * j + 0] = normf(dim[j], v);
  r[4 * j + 1] = rnormf(dim[j], v);
#if defined(__NVCC__) && !defined(__clang__) // nvcc (not Anchor, which defines __NVCC__ too) has no device std::hypot(x, y, z) (C++17's): its norm3df instead
  r[4 * j + 3] = dim[j] == 3 ? norm3df(v[0], v[1], v[2]) : 0.0f;
#else
  r[4 * j + 3] = dim[j] == 3 ? std::hypot(v[0], v[1], v[2]) : 0.0f;
#endif
  r[4 * j + 2] = dim[j] == 3   ? norm3df(v[0], v[1], v[2])
                 : dim[j] == 4 ? norm4df(v[0], v[1], v[2], v[3])
                               : 0.0f;
}

__global__ void norms4(const float *p, float *r, unsigned n) {
  unsigned j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n) return;
  const float *v = p + 4 * j;
  r[2 * j + 0] = norm4df(v[0], v[1], v[2], v[3]);
  r[2 * j + 1] = rnorm4df(v[0], v[1], v[2], v[3]);
}

static int same(float a, float b) {
  return (isnan(a) && isnan(b)) || math_float_bits(a) == math_float_bits(b);
}

static int check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess;
}

static unsigned bad = 0;
static void mismatch(const char *what, float x, float got, float want) {
  if (bad++ < 12)
    printf("mismatch: %s(%a) = %a [0x%08x], expected %a [0x%08x]\n", what, x, got,
           math_float_bits(got), want, math_float_bits(want));
}

// The two-result functions against the single-result ones, bit for bit.
static int test_pairs(void) {
  unsigned n0;
  float *base = math_inputs(1u << 17, 1u << 14, 0x6b43a9b5u, &n0);
  const unsigned extra = 40000 + 4 * 64 + 8;
  float *hx = (float *)malloc(sizeof(float) * (n0 + extra));
  memcpy(hx, base, sizeof(float) * n0);
  free(base);
  unsigned n = n0;
  for (int i = 0; i < 40000; i++)
    hx[n++] = -10.0f + 20.0f * (float)i / 40000;
  // The floats nearest k pi/2 (found over every float: devlib/gen/f32_trig_coeffs.c) and
  // their neighbours; huge arguments.
  static const float hard[] = {0x1.f37c8ap+95f,  0x1.47d0fep+34f, 0x1.f9cbe2p+7f, 0x1.2d97c8p+2f,
                               0x1.fe037ap+125f, 0x1.921fb6p+0f,  0x1.921fb6p+1f, 0x1.fffffep+127f};
  for (float h : hard)
    for (int k = -32; k < 32; k++)
      if (n < n0 + extra) hx[n++] = math_bits_float(math_float_bits(h) + k);
  float *hr = (float *)malloc(sizeof(float) * RESULTS * n), *dx, *dr;
  if (!check(cudaMalloc(&dx, sizeof(float) * n), "cudaMalloc") ||
      !check(cudaMalloc(&dr, sizeof(float) * RESULTS * n), "cudaMalloc"))
    return 1;
  cudaMemcpy(dx, hx, sizeof(float) * n, cudaMemcpyHostToDevice);
  trig<<<(n + 255) / 256, 256>>>(dx, dr, n);
  if (!check(cudaDeviceSynchronize(), "trig kernel")) return 1;
  cudaMemcpy(hr, dr, sizeof(float) * RESULTS * n, cudaMemcpyDeviceToHost);
  static const char *names[RESULTS] = {
      "sinf",       "cosf",       "sincosf.sin",     "sincosf.cos",
      "sinpif",     "cospif",     "sincospif.sin",   "sincospif.cos",
      "__sinf",     "__cosf",     "__sincosf.sin",   "__sincosf.cos",
      "sin(float)", "cos(float)", "std::sin(float)", "std::cos(float)"};
  // Each result against the single-result function it must equal (itself for those).
  static const int equal_to[RESULTS] = {0, 1, 0, 1, 4, 5, 4, 5, 8, 9, 8, 9, 0, 1, 0, 1};
  for (unsigned i = 0; i < n; i++)
    for (int k = 0; k < RESULTS; k++) {
      float got = hr[RESULTS * i + k], want = hr[RESULTS * i + equal_to[k]];
      if (!same(got, want)) mismatch(names[k], hx[i], got, want);
    }
  printf("%u inputs: sincosf, sincospif, __sincosf, sin, cos, std::sin, std::cos against "
         "their single-result functions\n",
         n);
  cudaFree(dx), cudaFree(dr), free(hx), free(hr);
  return 0;
}

static long double norm_reference(const float *v, int dim) {
  long double s = 0;
  int inf = 0, nan = 0;
  for (int i = 0; i < dim; i++) {
    inf |= isinf(v[i]), nan |= isnan(v[i]);
    s += (long double)v[i] * v[i];
  }
  return inf ? INFINITY : nan ? NAN : sqrtl(s);
}

// Checks r against the long double reference ref within `bound` ulps; the error in
// *worst. An infinite or NaN reference must be matched exactly (a NaN by any NaN).
static void check_ulps(const char *what, float x, float r, long double ref, double bound,
                       double *worst) {
  if (isnan(ref) || isinf(ref) || ref == 0 || ref > 0x1.fffffep127L) {
    float want = ref > 0x1.fffffep127L ? INFINITY : (float)ref;
    if (!same(r, want)) mismatch(what, x, r, want);
    return;
  }
  double e = math_ulp_error(r, (double)ref);
  if (e > *worst) *worst = e;
  if (!(e <= bound)) mismatch(what, x, r, (float)ref);
}

static int test_norms(void) {
  enum { VECTORS = 1200 };
  static int dim[VECTORS], at[VECTORS];
  float *hp = (float *)malloc(sizeof(float) * VECTORS * 1000), *hr;
  uint32_t seed = 0x9e3779b9u;
  int total = 0;
  static const int scales[] = {0, 100, -100, 120, -120, 60, -60, -140};
  for (int j = 0; j < VECTORS; j++) {
    dim[j] = j % 50 == 49 ? 1000 : j % 41;
    at[j] = total;
    int scale = scales[(j / 41) % 8];
    for (int i = 0; i < dim[j]; i++) {
      float m = 0.5f + 1.5f * (float)(math_xorshift(&seed) >> 8) * 0x1p-24f;
      if (math_xorshift(&seed) & 1) m = -m;
      if (scale == -140) m *= 0x1p-10f; // subnormals (normf only: rnormf would overflow)
      hp[total + i] = ldexpf(m, scale == -140 ? -130 : scale);
    }
    if (j % 97 == 5 && dim[j] > 2) hp[total + 1] = INFINITY;
    if (j % 89 == 7 && dim[j] > 2) hp[total + 2] = NAN;
    if (j % 83 == 11 && dim[j] > 0)
      for (int i = 0; i < dim[j]; i++)
        hp[total + i] = i & 1 ? -0.0f : 0.0f;
    total += dim[j];
  }
  float *dp, *drr;
  int *dd, *da;
  hr = (float *)malloc(sizeof(float) * 4 * VECTORS);
  if (!check(cudaMalloc(&dp, sizeof(float) * total), "cudaMalloc") ||
      !check(cudaMalloc(&dd, sizeof dim), "cudaMalloc") ||
      !check(cudaMalloc(&da, sizeof at), "cudaMalloc") ||
      !check(cudaMalloc(&drr, sizeof(float) * 4 * VECTORS), "cudaMalloc"))
    return 1;
  cudaMemcpy(dp, hp, sizeof(float) * total, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, dim, sizeof dim, cudaMemcpyHostToDevice);
  cudaMemcpy(da, at, sizeof at, cudaMemcpyHostToDevice);
  norms<<<(VECTORS + 127) / 128, 128>>>(dp, dd, da, drr, VECTORS);
  if (!check(cudaDeviceSynchronize(), "norms kernel")) return 1;
  cudaMemcpy(hr, drr, sizeof(float) * 4 * VECTORS, cudaMemcpyDeviceToHost);
  double worst_n = 0, worst_r = 0;
  for (int j = 0; j < VECTORS; j++) {
    const float *v = hp + at[j];
    long double ref = norm_reference(v, dim[j]);
    float x = (float)dim[j];
    check_ulps("normf(dim)", x, hr[4 * j], ref, 4, &worst_n);
    long double rref = isinf(ref) ? 0.0L : isnan(ref) ? NAN : ref == 0 ? INFINITY : 1 / ref;
    if (rref <= 0x1p127L) check_ulps("rnormf(dim)", x, hr[4 * j + 1], rref, 3, &worst_r);
    if ((dim[j] == 3 || dim[j] == 4) && !same(hr[4 * j + 2], hr[4 * j]))
      mismatch(dim[j] == 3 ? "norm3df (vs normf(3))" : "norm4df (vs normf(4))", x, hr[4 * j + 2],
               hr[4 * j]);
    if (dim[j] == 3 && !same(hr[4 * j + 3], hr[4 * j + 2]))
      mismatch("std::hypot(x, y, z) (vs norm3df)", x, hr[4 * j + 3], hr[4 * j + 2]);
  }
  printf("%d vectors (dims 0..40, 1000): normf max %.3f ulp (bound 4), rnormf max %.3f ulp "
         "(bound 3)\n",
         VECTORS, worst_n, worst_r);

  // norm4df, rnorm4df: four independent operands, values spread over many binades.
  enum { QUADS = 200000 };
  float *q = (float *)malloc(sizeof(float) * 4 * QUADS),
        *qr = (float *)malloc(sizeof(float) * 2 * QUADS);
  for (int j = 0; j < 4 * QUADS; j++) {
    float m = 1.0f + (float)(math_xorshift(&seed) >> 8) * 0x1p-24f;
    int e = (int)(math_xorshift(&seed) % 41) - 20 +
            (j / 4 % 3 == 0   ? 100
             : j / 4 % 3 == 1 ? -100
                              : 0);
    q[j] = ldexpf(math_xorshift(&seed) & 1 ? -m : m, e);
  }
  float *dq, *dqr;
  if (!check(cudaMalloc(&dq, sizeof(float) * 4 * QUADS), "cudaMalloc") ||
      !check(cudaMalloc(&dqr, sizeof(float) * 2 * QUADS), "cudaMalloc"))
    return 1;
  cudaMemcpy(dq, q, sizeof(float) * 4 * QUADS, cudaMemcpyHostToDevice);
  norms4<<<(QUADS + 255) / 256, 256>>>(dq, dqr, QUADS);
  if (!check(cudaDeviceSynchronize(), "norms4 kernel")) return 1;
  cudaMemcpy(qr, dqr, sizeof(float) * 2 * QUADS, cudaMemcpyDeviceToHost);
  double worst4 = 0, worst4r = 0;
  for (int j = 0; j < QUADS; j++) {
    long double ref = norm_reference(q + 4 * j, 4);
    check_ulps("norm4df", q[4 * j], qr[2 * j], ref, 2, &worst4);
    check_ulps("rnorm4df", q[4 * j], qr[2 * j + 1], 1 / ref, 2, &worst4r);
  }
  printf("%d quadruples: norm4df max %.3f ulp, rnorm4df max %.3f ulp (bound 2)\n", QUADS, worst4,
         worst4r);
  cudaFree(dp), cudaFree(dd), cudaFree(da), cudaFree(drr), cudaFree(dq), cudaFree(dqr);
  free(hp), free(hr), free(q), free(qr);
  return 0;
}

int main() {
  if (test_pairs() || test_norms()) return 1;
  if (bad) {
    printf("FAIL: %u mismatches\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
