// math_f64_trig.cu — end-to-end test of the double trigonometric functions and
// norms of Anchor's device library (devlib/f64_trig.cu) for what the accuracy
// harness (tests/math) cannot express: the two-output functions sincos and
// sincospi (each output bit for bit the single function's result: sin, cos,
// sinpi, cospi); the std:: names on double (std::sin ... std::hypot, bit for
// bit the global ones); norm(dim, p) and rnorm(dim, p), which read memory, for
// dims 1 .. 100, and norm4d/rnorm4d with four independent coordinates; sin,
// cos and tan at arguments close to multiples of pi/2 (the reduction's hard
// cases, up to 6381956970095103 * 2^797, the double closest to one).
// Accuracy against the host's long double (x87, 64-bit significand; libm's
// sinl/cosl/tanl reduce huge arguments exactly; norms summed in long double,
// whose exponent range has no overflow): CUDA's documented bounds (sin, cos,
// tan 2 ulp; norm, norm4d 2 ulp; rnorm, rnorm4d 1 ulp) plus 1/64 ulp for the
// reference's own error, and the special values CUDA documents (an infinite
// coordinate gives +inf / +0 even with a NaN; NaN otherwise gives NaN).
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmath>

enum { TRIG = 22 };

__global__ void trig_kernel(const double *x, const double *y, double *r, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = x[i], b = y[i], *o = r + TRIG * i;
  sincos(a, &o[0], &o[1]);
  o[2] = sin(a), o[3] = cos(a);
  sincospi(a, &o[4], &o[5]);
  o[6] = sinpi(a), o[7] = cospi(a);
  o[8] = std::sin(a), o[9] = std::cos(a), o[10] = std::tan(a), o[11] = tan(a);
  o[12] = std::asin(a), o[13] = asin(a), o[14] = std::acos(a), o[15] = acos(a);
  o[16] = std::atan(a), o[17] = atan(a), o[18] = std::atan2(a, b), o[19] = atan2(a, b);
  o[20] = std::hypot(a, b), o[21] = hypot(a, b);
}

// Case i: the coordinates p[off[i] .. off[i] + dim[i] - 1].
__global__ void norm_kernel(const double *p, const int *off, const int *dim, double *r,
                            unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double *v = p + off[i];
  r[4 * i] = norm(dim[i], v);
  r[4 * i + 1] = rnorm(dim[i], v);
  r[4 * i + 2] = dim[i] == 4 ? norm4d(v[0], v[1], v[2], v[3]) : 0.0;
  r[4 * i + 3] = dim[i] == 4 ? rnorm4d(v[0], v[1], v[2], v[3]) : 0.0;
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
static uint64_t xorshift(uint64_t *s) {
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  return *s;
}
static int same(double a, double b) {
  return (isnan(a) && isnan(b)) || bits(a) == bits(b);
}
// |y - ref| in ulps of the double nearest ref (subnormals: the smallest normal's ulp).
static double ulp_error(double y, long double ref) {
  if (isinf(ref) || isinf(y)) return (double)ref == y ? 0 : INFINITY;
  int e = ref == 0 ? -1022 : ilogbl(ref);
  if (e < -1022) e = -1022;
  return (double)(fabsl((long double)y - ref) / ldexpl(1, e - 52));
}

static unsigned bad;
static void fail(const char *what, double x, double got, double want) {
  if (bad++ < 12) printf("mismatch: %s(%a): device %a, want %a\n", what, x, got, want);
}
static void check_ulps(const char *what, double x, double got, long double ref, double bound) {
  double e = ulp_error(got, ref);
  if (!(e <= bound + 1.0 / 64)) {
    if (bad++ < 12)
      printf("mismatch: %s(%a): device %a, reference %La: %.3f ulp > %g\n", what, x, got, ref, e,
             bound);
  }
}

static int trig_test(void) {
  enum { NRANDOM = 1 << 13, NHARD = 512 };
  static const double special[] = {0.0,
                                   -0.0,
                                   1.0,
                                   -1.0,
                                   0.5,
                                   -0.5,
                                   2.0,
                                   -2.0,
                                   0x1p-1074,
                                   0x1p-1022,
                                   0x1.fffffffffffffp+1023,
                                   1e22,
                                   0x1p1023,
                                   0x1.6ac5b262ca1ffp+849,
                                   -0x1.6ac5b262ca1ffp+849,
                                   INFINITY,
                                   -INFINITY,
                                   NAN,
                                   0x1p20,
                                   0x1.fffffffffffffp+19,
                                   1.5,
                                   0.25};
  unsigned nspecial = sizeof special / sizeof *special, n = nspecial + NHARD + NRANDOM;
  double *hx = (double *)malloc(n * sizeof(double)), *hy = (double *)malloc(n * sizeof(double));
  unsigned k = 0;
  uint64_t s = 0x9e3779b97f4a7c15ull;
  for (unsigned i = 0; i < nspecial; i++)
    hx[k] = special[i], hy[k++] = special[(i + 3) % nspecial];
  // Doubles next to k pi/2: k of every size up to 2^60 (the reduction leaves |r| ~ 2^-53 k).
  const long double pi_2 = 1.57079632679489661923132169163975144L;
  for (unsigned i = 0; i < NHARD; i++) {
    long double m = ldexpl(1 + (xorshift(&s) >> 11) * 0x1p-53L, (int)(i % 61));
    double x = (double)(rintl(m) * pi_2);
    hx[k] = i & 1 ? -x : x, hy[k++] = from_bits(xorshift(&s) >> 2);
  }
  for (unsigned i = 0; i < NRANDOM; i++)
    hx[k] = from_bits(xorshift(&s)), hy[k++] = from_bits(xorshift(&s));
  double *dx, *dy, *dr;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMalloc(&dr, TRIG * n * sizeof(double));
  cudaMemcpy(dx, hx, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, hy, n * sizeof(double), cudaMemcpyHostToDevice);
  trig_kernel<<<(n + 127) / 128, 128>>>(dx, dy, dr, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: trig kernel\n");
    return 1;
  }
  double *hr = (double *)malloc(TRIG * n * sizeof(double));
  cudaMemcpy(hr, dr, TRIG * n * sizeof(double), cudaMemcpyDeviceToHost);
  static const char *const names[TRIG / 2] = {
      "sincos.s vs sin",   "sincos.c vs cos",   "sincospi.s vs sinpi", "sincospi.c vs cospi",
      "std::sin vs sin",   "std::cos vs cos",   "std::tan vs tan",     "std::asin vs asin",
      "std::acos vs acos", "std::atan vs atan", "std::atan2 vs atan2"};
  for (unsigned i = 0; i < n; i++) {
    const double *o = hr + TRIG * i;
    // Pairs that must agree bit for bit: (0,2) (1,3) (4,6) (5,7) (8,2) (9,3) (10,11) ...
    static const int pair[TRIG / 2][2] = {{0, 2},   {1, 3},   {4, 6},   {5, 7},   {8, 2},  {9, 3},
                                          {10, 11}, {12, 13}, {14, 15}, {16, 17}, {18, 19}};
    for (int j = 0; j < TRIG / 2; j++)
      if (!same(o[pair[j][0]], o[pair[j][1]])) fail(names[j], hx[i], o[pair[j][0]], o[pair[j][1]]);
    if (!same(o[20], o[21])) fail("std::hypot vs hypot", hx[i], o[20], o[21]);
    double x = hx[i];
    if (isfinite(x)) {
      check_ulps("sin", x, o[2], sinl(x), 2);
      check_ulps("cos", x, o[3], cosl(x), 2);
      check_ulps("tan", x, o[11], tanl(x), 2);
    } else if (!isnan(o[2]) || !isnan(o[3]) || !isnan(o[11])) {
      fail("sin/cos/tan of inf or NaN", x, o[2], NAN);
    }
  }
  free(hx), free(hy), free(hr);
  cudaFree(dx), cudaFree(dy), cudaFree(dr);
  return 0;
}

static int norm_test(void) {
  enum { NCASES = 4096, MAXDIM = 100 };
  static const int dims[] = {1, 2, 3, 4, 4, 4, 5, 8, 17, 100};
  double *hp = (double *)malloc(NCASES * MAXDIM * sizeof(double));
  int *hoff = (int *)malloc(NCASES * sizeof(int)), *hdim = (int *)malloc(NCASES * sizeof(int));
  uint64_t s = 0x2545f4914f6cdd1dull;
  int total = 0;
  for (int i = 0; i < NCASES; i++) {
    int dim = dims[i % (sizeof dims / sizeof *dims)];
    int regime = (i / 10) % 6; // exponents: small, huge, tiny (subnormal), mixed, any, special
    hoff[i] = total, hdim[i] = dim;
    for (int j = 0; j < dim; j++) {
      double m = 1 + (xorshift(&s) >> 12) * 0x1p-52;
      int e = regime == 0   ? (int)(xorshift(&s) % 8) - 4
              : regime == 1 ? 1000 + (int)(xorshift(&s) % 24)
              : regime == 2 ? -1074 + (int)(xorshift(&s) % 60)
              : regime == 3 ? (int)(xorshift(&s) % 2000) - 1000
                            : (int)(xorshift(&s) % 2098) - 1074;
      double v = ldexp(m, e);
      if (xorshift(&s) & 1) v = -v;
      if (regime == 5) { // one special coordinate: inf, NaN, inf with NaN, zeros
        int c = (i / 60) % 4;
        v = j == 0                   ? (c == 0 || c == 2 ? -INFINITY
                                        : c == 1         ? NAN
                                                         : 0.0)
            : j == dim - 1 && c == 2 ? NAN
            : c == 3                 ? (j & 1 ? -0.0 : 0.0)
                                     : v;
      }
      hp[total++] = v;
    }
  }
  double *dp, *dr;
  int *doff, *ddim;
  cudaMalloc(&dp, total * sizeof(double));
  cudaMalloc(&doff, NCASES * sizeof(int));
  cudaMalloc(&ddim, NCASES * sizeof(int));
  cudaMalloc(&dr, 4 * NCASES * sizeof(double));
  cudaMemcpy(dp, hp, total * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(doff, hoff, NCASES * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(ddim, hdim, NCASES * sizeof(int), cudaMemcpyHostToDevice);
  norm_kernel<<<(NCASES + 127) / 128, 128>>>(dp, doff, ddim, dr, NCASES);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: norm kernel\n");
    return 1;
  }
  double *hr = (double *)malloc(4 * NCASES * sizeof(double));
  cudaMemcpy(hr, dr, 4 * NCASES * sizeof(double), cudaMemcpyDeviceToHost);
  for (int i = 0; i < NCASES; i++) {
    const double *v = hp + hoff[i], *o = hr + 4 * i;
    int inf = 0, nan = 0;
    long double sum = 0;
    for (int j = 0; j < hdim[i]; j++) {
      inf |= isinf(v[j]), nan |= isnan(v[j]);
      sum += (long double)v[j] * v[j];
    }
    long double want = inf ? INFINITY : nan ? NAN : sqrtl(sum);
    long double rwant = inf ? 0 : nan ? NAN : 1 / sqrtl(sum);
    for (int f = 0; f < (hdim[i] == 4 ? 4 : 2); f++) {
      static const char *const names[4] = {"norm", "rnorm", "norm4d", "rnorm4d"};
      long double w = f & 1 ? rwant : want;
      if (isnan(w) || isinf(w) || w == 0) {
        if (!same(o[f], (double)w)) fail(names[f], v[0], o[f], (double)w);
      } else {
        check_ulps(names[f], v[0], o[f], w, f & 1 ? 1 : 2);
      }
    }
  }
  free(hp), free(hoff), free(hdim), free(hr);
  cudaFree(dp), cudaFree(doff), cudaFree(ddim), cudaFree(dr);
  return 0;
}

int main(void) {
  if (trig_test() || norm_test()) return 1;
  if (bad) {
    printf("FAIL: %u mismatches\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
