// double_ops.cu — end-to-end test of double-precision arithmetic, which Anchor does in
// software on Metal (no FP64 hardware): + - * / with IEEE round-to-nearest, negation,
// comparisons (NaN, infinities, signed zeros, subnormals), select, and conversions
// double <-> float / int / unsigned / long long / unsigned long long (in-range values
// only, as C++ requires). Each result is one operation stored directly (no FMA
// contraction can apply); results are compared bit for bit with the CPU's (any NaN
// matches any NaN). Also a struct of doubles computed on, not just copied.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DOUBLE_RESULTS = 10, INT_RESULTS = 7, BITS_RESULTS = 3 };
typedef unsigned long long u64;

struct Body {
  double mass;
  float tag;
  double velocity[3];
};

__host__ __device__ void double_results(double a, double b, double *d, int *c, u64 *bits,
                                        float *f) {
  d[0] = a + b;
  d[1] = a - b;
  d[2] = a * b;
  d[3] = a / b;
  d[4] = -a;
  d[5] = a < b ? a : b;
  d[6] = a > b ? a : b;
  d[7] = (double)(float)a; // rounds to float, then widens exactly
  d[8] = (double)(long long)(a > -9.2e18 && a < 9.2e18 ? a : 0.0); // truncation
  c[0] = a < b;
  c[1] = a <= b;
  c[2] = a == b;
  c[3] = a != b;
  c[4] = a >= b;
  c[5] = !(a < b) && !(a >= b);
  c[6] = (a > -2147483648.0 && a < 2147483648.0) ? (int)a : 12345;
  bits[0] = (a >= 0.0 && a < 18446744073709551616.0) ? (u64)a : 777;
  bits[1] = (a > -1.0 && a < 4294967296.0) ? (u64)(unsigned)a : 778;
  bits[2] = (u64)(long long)(b > -9.2e18 && b < 9.2e18 ? b : 1.0);
  d[9] = (double)(long long)bits[0] + (double)(int)bits[1];
  *f = (float)b;
}

__host__ __device__ double body_energy(const Body &body) {
  double v2 = 0.0;
  for (int k = 0; k < 3; k++) {
    double v = body.velocity[k];
    v2 = v2 + v * v;
  }
  return 0.5 * body.mass * v2 + (double)body.tag;
}

__global__ void double_ops(const double *a, const double *b, int n, double *d, int *c,
                           u64 *bits, float *f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    double_results(a[i], b[i], d + i * DOUBLE_RESULTS, c + i * INT_RESULTS,
                   bits + i * BITS_RESULTS, f + i);
}

__global__ void energies(const Body *bodies, Body scale, int n, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Body b = bodies[i];
    b.mass = b.mass * scale.mass;
    out[i] = body_energy(b);
  }
}

static double from_bits(u64 u) {
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

static int same(double x, double y) {
  if (x != x && y != y)
    return 1;
  return memcmp(&x, &y, sizeof x) == 0;
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  const double specials[] = {0.0, -0.0, 1.0, -1.0, 0.5, 3.0, -7.25, 0.1, 1.0 / 3.0,
                             3.141592653589793, 1e300, -1e300, 1.7976931348623157e308,
                             2.2250738585072014e-308, from_bits(1), from_bits(0x800fffffffffffffull),
                             from_bits(0x7ff0000000000000ull), from_bits(0xfff0000000000000ull),
                             from_bits(0x7ff8000000000000ull), 9007199254740993.0,
                             4294967295.5, -2147483648.75, 1e19, 3.4028235677973366e38,
                             1.401298464324817e-45, 123456789.123456789};
  const int ns = (int)(sizeof specials / sizeof specials[0]);
  const int random_pairs = 6000, n = ns * ns + random_pairs;
  double *a = (double *)malloc(n * sizeof(double)), *b = (double *)malloc(n * sizeof(double));
  u64 s = 0x2545f4914f6cdd1dull;
  for (int i = 0; i < n; i++) {
    if (i < ns * ns) {
      a[i] = specials[i / ns];
      b[i] = specials[i % ns];
    } else { // random signs and mantissas, exponents within +-2^100
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      a[i] = from_bits((s & 0x800fffffffffffffull) | ((u64)(923 + (s >> 52) % 200) << 52));
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      b[i] = from_bits((s & 0x800fffffffffffffull) | ((u64)(923 + (s >> 52) % 200) << 52));
    }
  }
  double *d = (double *)malloc(n * DOUBLE_RESULTS * sizeof(double));
  int *c = (int *)malloc(n * INT_RESULTS * sizeof(int));
  u64 *bits = (u64 *)malloc(n * BITS_RESULTS * sizeof(u64));
  float *f = (float *)malloc(n * sizeof(float));
  double *da, *db, *dd;
  int *dc;
  u64 *dbits;
  float *df;
  if (check(cudaMalloc((void **)&da, n * sizeof(double)), "cudaMalloc") ||
      check(cudaMalloc((void **)&db, n * sizeof(double)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dd, n * DOUBLE_RESULTS * sizeof(double)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dc, n * INT_RESULTS * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dbits, n * BITS_RESULTS * sizeof(u64)), "cudaMalloc") ||
      check(cudaMalloc((void **)&df, n * sizeof(float)), "cudaMalloc") ||
      check(cudaMemcpy(da, a, n * sizeof(double), cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(db, b, n * sizeof(double), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  double_ops<<<(n + 127) / 128, 128>>>(da, db, n, dd, dc, dbits, df);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "double_ops") ||
      check(cudaMemcpy(d, dd, n * DOUBLE_RESULTS * sizeof(double), cudaMemcpyDeviceToHost),
            "memcpy") ||
      check(cudaMemcpy(c, dc, n * INT_RESULTS * sizeof(int), cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(bits, dbits, n * BITS_RESULTS * sizeof(u64), cudaMemcpyDeviceToHost),
            "memcpy") ||
      check(cudaMemcpy(f, df, n * sizeof(float), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  static const char *dnames[DOUBLE_RESULTS] = {"a+b", "a-b", "a*b", "a/b", "-a",
                                               "min", "max", "(double)(float)a",
                                               "(double)(long long)a", "from integers"};
  int failures = 0;
  for (int i = 0; i < n; i++) {
    double wd[DOUBLE_RESULTS];
    int wc[INT_RESULTS];
    u64 wb[BITS_RESULTS];
    float wf;
    double_results(a[i], b[i], wd, wc, wb, &wf);
    for (int k = 0; k < DOUBLE_RESULTS; k++)
      if (!same(d[i * DOUBLE_RESULTS + k], wd[k]) && failures++ < 10)
        printf("FAIL: a=%a b=%a %s = %a, expected %a\n", a[i], b[i], dnames[k],
               d[i * DOUBLE_RESULTS + k], wd[k]);
    for (int k = 0; k < INT_RESULTS; k++)
      if (c[i * INT_RESULTS + k] != wc[k] && failures++ < 10)
        printf("FAIL: a=%a b=%a comparison/conversion %d = %d, expected %d\n", a[i], b[i], k,
               c[i * INT_RESULTS + k], wc[k]);
    for (int k = 0; k < BITS_RESULTS; k++)
      if (bits[i * BITS_RESULTS + k] != wb[k] && failures++ < 10)
        printf("FAIL: a=%a b=%a integer conversion %d = 0x%llx, expected 0x%llx\n", a[i], b[i],
               k, bits[i * BITS_RESULTS + k], wb[k]);
    if (memcmp(&f[i], &wf, sizeof wf) != 0 && !(f[i] != f[i] && wf != wf) && failures++ < 10)
      printf("FAIL: (float)%a = %a, expected %a\n", b[i], f[i], wf);
  }
  if (failures)
    return 1;

  enum { BODIES = 300 };
  Body bodies[BODIES], scale;
  memset(&scale, 0, sizeof scale);
  scale.mass = 1.0 / 7.0;
  for (int i = 0; i < BODIES; i++) {
    memset(&bodies[i], 0, sizeof(Body));
    bodies[i].mass = 1.0 + i * 0.001;
    bodies[i].tag = (float)i * 0.25f;
    for (int k = 0; k < 3; k++)
      bodies[i].velocity[k] = (i - 150) * 0.37 + k * 1e-9;
  }
  Body *dbodies;
  double *denergy, energy[BODIES];
  if (check(cudaMalloc((void **)&dbodies, sizeof bodies), "cudaMalloc") ||
      check(cudaMalloc((void **)&denergy, sizeof energy), "cudaMalloc") ||
      check(cudaMemcpy(dbodies, bodies, sizeof bodies, cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  energies<<<(BODIES + 63) / 64, 64>>>(dbodies, scale, BODIES, denergy);
  if (check(cudaGetLastError(), "energies launch") || check(cudaDeviceSynchronize(), "energies") ||
      check(cudaMemcpy(energy, denergy, sizeof energy, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int i = 0; i < BODIES; i++) {
    Body bd = bodies[i];
    bd.mass = bd.mass * scale.mass;
    double want = body_energy(bd);
    // v*v then + may be contracted into an FMA on the GPU: allow a few ulps there.
    double diff = energy[i] - want, tol = 1e-14 * (want < 0 ? -want : want);
    if (diff > tol || diff < -tol) {
      printf("FAIL: energy[%d] = %.17g, expected %.17g\n", i, energy[i], want);
      return 1;
    }
  }
  printf("double_ops: %d input pairs\nPASS\n", n);
  return 0;
}
