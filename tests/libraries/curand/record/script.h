/* script.h — the calls the host-API tests make and the recorder replays on NVIDIA's cuRAND
 * (record_host.c): shared so both run exactly the same script. Include curand.h first.
 * Written for Anchor. */
#ifndef CURAND_TEST_SCRIPT_H
#define CURAND_TEST_SCRIPT_H

enum {
  D_BITS,
  D_UNIFORM,
  D_UNIFORM_DOUBLE,
  D_NORMAL,
  D_NORMAL_DOUBLE,
  D_LOG_NORMAL,
  D_LOG_NORMAL_DOUBLE
};

struct script_call {
  int dist;
  unsigned long n;
  double mean, stddev;
};

/* Each configuration runs all these calls in order on one generator. */
static const struct script_call script_calls[] = {
    {D_BITS, 10000, 0, 1},
    {D_UNIFORM, 5001, 0, 1},
    {D_UNIFORM_DOUBLE, 3000, 0, 1},
    {D_NORMAL, 4000, 1.5, 2.0},
    {D_NORMAL_DOUBLE, 2002, -1.0, 0.5},
    {D_LOG_NORMAL, 1000, 0.5, 0.25},
    {D_LOG_NORMAL_DOUBLE, 998, 0.25, 0.5},
    {D_BITS, 7, 0, 1},
    {D_BITS, 90001, 0, 1},
    {D_NORMAL, 6, 0, 1},
};
enum { SCRIPT_CALLS = sizeof script_calls / sizeof script_calls[0], SCRIPT_SAMPLES = 8 };

struct script_config {
  int rng;      /* curandRngType_t */
  int ordering; /* curandOrdering_t */
  unsigned long long seed, offset;
  unsigned int dims; /* quasi-random generators (no seed): dimensions */
};

static const struct script_config script_configs[] = {
    {101, 101, 1234ull, 0, 0},
    {101, 103, 0x0123456789abcdefull, 777, 0},
    {101, 100, 0, 4096 * 3 + 5, 0},
    {121, 101, 1234ull, 0, 0},
    {121, 103, 0x0123456789abcdefull, 777, 0},
    {121, 100, 0, 81920 + 9, 0},
    {161, 101, 1234ull, 0, 0},
    {161, 103, 0x0123456789abcdefull, 777, 0},
    {161, 100, 0, 262144 + 3, 0},
    {201, 201, 0, 0, 1},
    {203, 201, 0, 777, 1},
    {201, 201, 0, 5, 3},
    {203, 201, 0, 0, 7},
};
enum { SCRIPT_CONFIGS = sizeof script_configs / sizeof script_configs[0] };

/* Where the samples of a call of n outputs are taken: both ends and between. */
static unsigned long script_sample_index(unsigned long n, int i) {
  static const unsigned long fixed[SCRIPT_SAMPLES / 2] = {0, 1, 2, 3};
  if (i < SCRIPT_SAMPLES / 2) return fixed[i] < n ? fixed[i] : n - 1;
  unsigned long spread[SCRIPT_SAMPLES / 2] = {n / 3, n / 2 + 1, 4096 < n ? 4096 : n - 1, n - 1};
  return spread[i - SCRIPT_SAMPLES / 2];
}

static int script_is_quasi(int rng) {
  return rng >= 200;
}

/* 8-byte outputs: doubles, and Sobol64's values (curandGenerateLongLong). */
static int script_is_wide(int rng, int dist) {
  return dist == D_UNIFORM_DOUBLE || dist == D_NORMAL_DOUBLE || dist == D_LOG_NORMAL_DOUBLE ||
         (rng == 203 && dist == D_BITS);
}

/* FNV-1a over the output's bytes. */
static unsigned long long script_hash(const void *data, unsigned long bytes) {
  const unsigned char *p = (const unsigned char *)data;
  unsigned long long h = 1469598103934665603ull;
  for (unsigned long i = 0; i < bytes; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/* Bits of sample i of an output: the float's or the double's pattern. */
static unsigned long long script_sample_bits(const void *data, int wide, unsigned long index) {
  if (wide) return ((const unsigned long long *)data)[index];
  return ((const unsigned int *)data)[index];
}

/* One call of the script on generator g of type rng (include curand.h first). */
static curandStatus_t run(curandGenerator_t g, int rng, const struct script_call *c, void *out) {
  switch (c->dist) {
  case D_BITS:
    if (rng == 203) return curandGenerateLongLong(g, (unsigned long long *)out, c->n);
    return curandGenerate(g, (unsigned int *)out, c->n);
  case D_UNIFORM: return curandGenerateUniform(g, (float *)out, c->n);
  case D_UNIFORM_DOUBLE: return curandGenerateUniformDouble(g, (double *)out, c->n);
  case D_NORMAL:
    return curandGenerateNormal(g, (float *)out, c->n, (float)c->mean, (float)c->stddev);
  case D_NORMAL_DOUBLE:
    return curandGenerateNormalDouble(g, (double *)out, c->n, c->mean, c->stddev);
  case D_LOG_NORMAL:
    return curandGenerateLogNormal(g, (float *)out, c->n, (float)c->mean, (float)c->stddev);
  default: return curandGenerateLogNormalDouble(g, (double *)out, c->n, c->mean, c->stddev);
  }
}

#endif
