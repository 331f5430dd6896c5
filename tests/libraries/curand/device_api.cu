// device_api.cu — cuRAND's device API (curand_kernel.h) for XORWOW, MRG32k3a and
// Philox4_32_10: curand() after curand_init(seed, subsequence, offset) equals NVIDIA's
// values (recorded_device.h, from NVIDIA's cuRAND host generators); curand_init's offset,
// skipahead and stepping agree; skipahead_sequence is 2^67 (XORWOW), 2^66 (Philox)
// values; uniform, normal, log-normal and double forms are cuRAND's transforms of the
// same values (checked on the host from the formulas cuRAND documents); distribution
// statistics; Poisson mean and variance. Compiles with nvcc, where it checks NVIDIA's
// own device API against the same recordings (tests/libraries/curand/h200.sh). Written
// for Anchor.
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "record/device_points.h"
#include "recorded_device.h"

static int failures = 0;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL " __VA_ARGS__);                                                                 \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

// out[3 * i + 0..2]: curand() at (stream, position) by curand_init's offset, by skipahead,
// by stepping.
template <typename State> __global__ void sequences(unsigned int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= DEVICE_STREAMS * DEVICE_POSITIONS) return;
  const unsigned int streams[DEVICE_STREAMS] = DEVICE_STREAM_LIST;
  const unsigned int positions[DEVICE_POSITIONS] = DEVICE_POSITION_LIST;
  unsigned int stream = streams[i / DEVICE_POSITIONS];
  unsigned int pos = positions[i % DEVICE_POSITIONS];
  State s;
  curand_init(DEVICE_SEED, stream, pos, &s);
  out[3 * i] = curand(&s);
  curand_init(DEVICE_SEED, stream, 0, &s);
  skipahead((unsigned long long)pos, &s);
  out[3 * i + 1] = curand(&s);
  curand_init(DEVICE_SEED, stream, 0, &s);
  for (unsigned int k = 0; k < pos; k++)
    curand(&s);
  out[3 * i + 2] = curand(&s);
}

// One subsequence of curand_init: skipahead_sequence, MRG32k3a's skipahead_subsequence.
__device__ void next_subsequence(curandStateXORWOW_t *s) {
  skipahead_sequence(1ull, s);
}
__device__ void next_subsequence(curandStatePhilox4_32_10_t *s) {
  skipahead_sequence(1ull, s);
}
__device__ void next_subsequence(curandStateMRG32k3a_t *s) {
  skipahead_subsequence(1ull, s);
}

// Jumps: [0] next_subsequence then curand vs [1] curand_init(seed, 1, 0);
// [2] XORWOW: 16 x skipahead(2^63) (= 2^67) vs [3] skipahead_sequence(1);
// [4] skipahead(1000) vs [5] 1000 steps.
template <typename State> __global__ void jumps(unsigned int *out) {
  State a, b;
  curand_init(DEVICE_SEED, 0, 0, &a);
  next_subsequence(&a);
  curand_init(DEVICE_SEED, 1, 0, &b);
  out[0] = curand(&a);
  out[1] = curand(&b);
  curand_init(1234, 0, 5, &a);
  curand_init(1234, 0, 5, &b);
  for (int i = 0; i < 16; i++)
    skipahead(1ull << 63, &a);
  skipahead_sequence(1ull, &b);
  out[2] = curand(&a);
  out[3] = curand(&b);
  curand_init(99, 3, 0, &a);
  curand_init(99, 3, 0, &b);
  skipahead(1000ull, &a);
  for (int i = 0; i < 1000; i++)
    curand(&b);
  out[4] = curand(&a);
  out[5] = curand(&b);
}

// Per thread: 8 raw values, then from identical states the transforms.
struct transforms {
  unsigned int bits[8];
  float uniform[2];
  double uniform_double;
  float normal[2];
  float2 normal2;
  double normal_double[2];
  float log_normal;
};

template <typename State> __global__ void transform_values(transforms *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  State s;
  transforms t;
  curand_init(42, i, 0, &s);
  for (int k = 0; k < 8; k++)
    t.bits[k] = curand(&s);
  curand_init(42, i, 0, &s);
  t.uniform[0] = curand_uniform(&s);
  t.uniform[1] = curand_uniform(&s);
  curand_init(42, i, 0, &s);
  t.uniform_double = curand_uniform_double(&s);
  curand_init(42, i, 0, &s);
  t.normal[0] = curand_normal(&s);
  t.normal[1] = curand_normal(&s); // the pair's second value, kept in the state
  t.normal2 = curand_normal2(&s);  // the next two values
  curand_init(42, i, 0, &s);
  t.normal_double[0] = curand_normal_double(&s);
  t.normal_double[1] = curand_normal_double(&s);
  curand_init(42, i, 0, &s);
  t.log_normal = curand_log_normal(&s, 0.5f, 0.25f);
  out[i] = t;
}

// Statistics: each thread draws `per` values of one distribution.
template <typename State> __global__ void draws(double *out, int kind, int per, double lambda) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  State s;
  curand_init(7, i, 0, &s);
  for (int k = 0; k < per; k++) {
    double v;
    switch (kind) {
    case 0: v = curand_uniform(&s); break;
    case 1: v = curand_uniform_double(&s); break;
    case 2: v = curand_normal(&s); break;
    case 3: v = curand_normal_double(&s); break;
    case 4: v = curand_log_normal(&s, 0.0f, 0.5f); break;
    default: v = curand_poisson(&s, lambda);
    }
    out[i * per + k] = v;
  }
}

static const char *names[3] = {"XORWOW", "MRG32k3a", "Philox4_32_10"};

// cuRAND's documented transforms, on the host (r: MRG32k3a uses its own uniforms).
static double uniform_of(unsigned int x) {
  return (double)(float)x * 0x1p-32 + 0x1p-33;
}
static double hq_of(unsigned int x, unsigned int y) {
  unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << 21);
  return z * 0x1p-53 + 0x1p-54;
}
static void box_muller(double u, double v_turns, double *a, double *b) {
  double s = sqrt(-2.0 * log(u));
  *a = sin(2 * M_PI * v_turns) * s;
  *b = cos(2 * M_PI * v_turns) * s;
}
static int near(double have, double want, double tol) {
  return fabs(have - want) <= tol * fmax(1.0, fabs(want));
}

template <typename State> static void check_generator(int g) {
  unsigned int *d, h[3 * DEVICE_STREAMS * DEVICE_POSITIONS];
  cudaMalloc(&d, sizeof h);
  sequences<State><<<1, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < DEVICE_STREAMS; i++)
    for (int j = 0; j < DEVICE_POSITIONS; j++) {
      const unsigned int *v = h + 3 * (i * DEVICE_POSITIONS + j);
      unsigned int want = recorded_device[g][i][j];
      CHECK(v[0] == want && v[1] == want && v[2] == want,
            "%s stream %u position %u: init %u skipahead %u stepping %u, NVIDIA's %u", names[g],
            device_streams[i], device_positions[j], v[0], v[1], v[2], want);
    }
  jumps<State><<<1, 1>>>(d);
  cudaMemcpy(h, d, 6 * sizeof(unsigned int), cudaMemcpyDeviceToHost);
  CHECK(h[0] == h[1], "%s skipahead_sequence(1) %u, curand_init(seed, 1, 0) %u", names[g], h[0],
        h[1]);
  if (g == 0)
    CHECK(h[2] == h[3], "XORWOW 16 x skipahead(2^63) %u, skipahead_sequence(1) %u", h[2], h[3]);
  CHECK(h[4] == h[5], "%s skipahead(1000) %u, 1000 steps %u", names[g], h[4], h[5]);
  cudaFree(d);

  const int n = 256;
  transforms *dt, *ht = (transforms *)malloc(n * sizeof(transforms));
  cudaMalloc(&dt, n * sizeof(transforms));
  transform_values<State><<<n / 64, 64>>>(dt, n);
  cudaMemcpy(ht, dt, n * sizeof(transforms), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    const transforms &t = ht[i];
    const unsigned int *b = t.bits;
    if (g == 1) { // MRG32k3a: curand() is the combined value scaled; check ranges only
      CHECK(t.uniform[0] > 0 && t.uniform[0] <= 1, "MRG32k3a uniform %g", t.uniform[0]);
      CHECK(near(t.uniform_double, t.uniform[0], 1e-7), "MRG32k3a uniform_double %.17g vs %g",
            t.uniform_double, t.uniform[0]);
      CHECK(near(t.uniform[0], b[0] / 4294967296.0, 1e-6), "MRG32k3a uniform %g bits %u",
            t.uniform[0], b[0]);
      double a, c;
      box_muller(t.uniform[0], t.uniform[1], &a, &c);
      CHECK(near(t.normal[0], a, 2e-5) && near(t.normal[1], c, 2e-5),
            "MRG32k3a normal %g %g, expected %g %g", t.normal[0], t.normal[1], a, c);
      continue;
    }
    CHECK(t.uniform[0] == (float)uniform_of(b[0]) && t.uniform[1] == (float)uniform_of(b[1]),
          "%s thread %d uniform %.9g %.9g from %u %u", names[g], i, t.uniform[0], t.uniform[1],
          b[0], b[1]);
    double ud = g == 0 ? hq_of(b[0], b[1]) : b[0] * 0x1p-32 + 0x1p-32;
    CHECK(t.uniform_double == ud, "%s thread %d uniform_double %.17g, expected %.17g", names[g], i,
          t.uniform_double, ud);
    double a, c;
    box_muller(uniform_of(b[0]), uniform_of(b[1]), &a, &c);
    CHECK(near(t.normal[0], a, 2e-5) && near(t.normal[1], c, 2e-5),
          "%s thread %d normal %g %g, expected %g %g", names[g], i, t.normal[0], t.normal[1], a, c);
    box_muller(uniform_of(b[2]), uniform_of(b[3]), &a, &c);
    CHECK(near(t.normal2.x, a, 2e-5) && near(t.normal2.y, c, 2e-5),
          "%s thread %d normal2 %g %g, expected %g %g", names[g], i, t.normal2.x, t.normal2.y, a,
          c);
    box_muller(hq_of(b[0], b[1]), hq_of(b[2], b[3]) - 0x1p-54 + 0x1p-53, &a, &c);
    CHECK(near(t.normal_double[0], a, 1e-12) && near(t.normal_double[1], c, 1e-12),
          "%s thread %d normal_double %.17g %.17g, expected %.17g %.17g", names[g], i,
          t.normal_double[0], t.normal_double[1], a, c);
    box_muller(uniform_of(b[0]), uniform_of(b[1]), &a, &c);
    CHECK(near(t.log_normal, exp(0.5 + 0.25 * a), 2e-5), "%s thread %d log_normal %g, expected %g",
          names[g], i, t.log_normal, exp(0.5 + 0.25 * a));
  }
  cudaFree(dt);
  free(ht);

  // Statistics over 64 x 256 draws: mean and variance within 6 standard errors.
  const int threads = 256, per = 64, total = threads * per;
  double *dd, *hd = (double *)malloc(total * sizeof(double));
  cudaMalloc(&dd, total * sizeof(double));
  struct {
    int kind;
    double lambda, mean, variance;
  } cases[] = {{0, 0, 0.5, 1.0 / 12},
               {1, 0, 0.5, 1.0 / 12},
               {2, 0, 0.0, 1.0},
               {3, 0, 0.0, 1.0},
               {4, 0, exp(0.125), (exp(0.25) - 1) * exp(0.25)},
               {5, 4.5, 4.5, 4.5},
               {5, 300, 300, 300},
               {5, 9000, 9000, 9000}};
  for (auto &k : cases) {
    draws<State><<<threads / 128, 128>>>(dd, k.kind, per, k.lambda);
    cudaMemcpy(hd, dd, total * sizeof(double), cudaMemcpyDeviceToHost);
    double sum = 0, sq = 0;
    for (int i = 0; i < total; i++)
      sum += hd[i];
    double mean = sum / total;
    for (int i = 0; i < total; i++)
      sq += (hd[i] - mean) * (hd[i] - mean);
    double variance = sq / (total - 1);
    double se_mean = sqrt(k.variance / total);
    CHECK(fabs(mean - k.mean) < 6 * se_mean && fabs(variance / k.variance - 1) < 0.05,
          "%s distribution %d (lambda %g): mean %g variance %g, expected %g %g", names[g], k.kind,
          k.lambda, mean, variance, k.mean, k.variance);
  }
  cudaFree(dd);
  free(hd);
  printf("%s: sequences, jumps, transforms, statistics checked\n", names[g]);
}

// curand_discrete over curandCreatePoissonDistribution(lambda): mean and variance lambda.
__global__ void discrete_draws(curandDiscreteDistribution_t poisson, double *out, int per) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t s;
  curand_init(11, i, 0, &s);
  for (int k = 0; k < per; k += 4) {
    uint4 v = curand_discrete4(&s, poisson);
    out[i * per + k] = v.x;
    out[i * per + k + 1] = v.y;
    out[i * per + k + 2] = curand_discrete(&s, poisson);
    out[i * per + k + 3] = curand_poisson4(&s, 37.5).w - 37.5 + 12.0; // shifted to lambda 12
  }
}

static void check_discrete() {
  const int threads = 256, per = 64, total = threads * per;
  curandDiscreteDistribution_t poisson;
  if (curandCreatePoissonDistribution(12.0, &poisson) != CURAND_STATUS_SUCCESS) {
    printf("FAIL curandCreatePoissonDistribution\n");
    failures++;
    return;
  }
  double *dd, *hd = (double *)malloc(total * sizeof(double));
  cudaMalloc(&dd, total * sizeof(double));
  discrete_draws<<<threads / 128, 128>>>(poisson, dd, per);
  cudaMemcpy(hd, dd, total * sizeof(double), cudaMemcpyDeviceToHost);
  for (int lane = 0; lane < 4; lane++) {
    double sum = 0, sq = 0;
    int n = total / 4;
    for (int i = lane; i < total; i += 4)
      sum += hd[i];
    double mean = sum / n;
    for (int i = lane; i < total; i += 4)
      sq += (hd[i] - mean) * (hd[i] - mean);
    double variance = sq / (n - 1), want_variance = lane == 3 ? 37.5 : 12.0;
    CHECK(fabs(mean - 12.0) < 6 * sqrt(want_variance / n) &&
              fabs(variance / want_variance - 1) < 0.1,
          "discrete lane %d: mean %g variance %g, expected 12 %g", lane, mean, variance,
          want_variance);
  }
  CHECK(curandDestroyDistribution(poisson) == CURAND_STATUS_SUCCESS, "curandDestroyDistribution");
  CHECK(curandCreatePoissonDistribution(-1.0, &poisson) == CURAND_STATUS_OUT_OF_RANGE,
        "curandCreatePoissonDistribution(-1) accepted");
  cudaFree(dd);
  free(hd);
  printf("discrete distributions checked\n");
}

int main() {
  check_discrete();
  check_generator<curandStateXORWOW_t>(0);
  check_generator<curandStateMRG32k3a_t>(1);
  check_generator<curandStatePhilox4_32_10_t>(2);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  if (failures) {
    printf("FAIL: %d checks\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
