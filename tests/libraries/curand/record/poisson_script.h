/* poisson_script.h — the curandGeneratePoisson calls curand.poisson makes and
 * record/poisson_nvidia.c replays on NVIDIA's host generators. Include curand.h first.
 * Written for Anchor. */
#ifndef CURAND_POISSON_SCRIPT_H
#define CURAND_POISSON_SCRIPT_H

struct poisson_config {
  int rng; /* curandRngType_t */
  unsigned long long seed, offset;
  double lambda;
};
static const struct poisson_config poisson_configs[] = {
    {100, 1234ull, 0, 2000.0}, {100, 0x0123456789abcdefull, 777, 10000.0},
    {121, 1234ull, 0, 2000.0}, {121, 0x0123456789abcdefull, 81920 + 9, 123456.5},
    {161, 1234ull, 0, 2000.0}, {161, 0x0123456789abcdefull, 5, 10000.0},
};
enum { POISSON_CONFIGS = sizeof poisson_configs / sizeof poisson_configs[0] };
/* Each configuration makes these calls in order on one generator (odd lengths included). */
static const unsigned long poisson_calls[] = {10000, 4097, 3, 20001};
enum { POISSON_CALLS = sizeof poisson_calls / sizeof poisson_calls[0], POISSON_SAMPLES = 8 };

static unsigned long poisson_sample_index(unsigned long n, int i) {
  const unsigned long at[POISSON_SAMPLES] = {0, 1, 2, 3, n / 3, n / 2 + 1, 4096, n - 1};
  return at[i] < n ? at[i] : n - 1;
}

/* Mixed calls, on seed 1234, lambda 10000: a first call (0: curandGenerate, 1:
 * curandGenerateNormal(0, 1), 2: curandGeneratePoisson) of n values, then 9000 Poisson
 * values, then 5000 curandGenerate values. */
struct poisson_mix {
  int rng, first;
  unsigned long n;
};
static const struct poisson_mix poisson_mixes[] = {
    {100, 0, 1000}, {100, 1, 1000}, {100, 2, 1001}, {121, 0, 1000},
    {121, 1, 1000}, {121, 2, 1001}, {161, 0, 1001}, {161, 1, 1001},
};
enum { POISSON_MIXES = sizeof poisson_mixes / sizeof poisson_mixes[0] };

/* FNV-1a over the output's bytes. */
static unsigned long long poisson_hash(const unsigned int *v, unsigned long n) {
  const unsigned char *p = (const unsigned char *)v;
  unsigned long long h = 1469598103934665603ull;
  for (unsigned long i = 0; i < 4 * n; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/* One mixed sequence on generator g (seed set): the hashes of its last two outputs. */
static curandStatus_t poisson_mix_run(curandGenerator_t g, const struct poisson_mix *m,
                                      unsigned int *bits, float *normals,
                                      unsigned long long hash[2]) {
  curandStatus_t st = m->first == 0   ? curandGenerate(g, bits, m->n)
                      : m->first == 1 ? curandGenerateNormal(g, normals, m->n, 0.0f, 1.0f)
                                      : curandGeneratePoisson(g, bits, m->n, 10000.0);
  if (!st) st = curandGeneratePoisson(g, bits, 9000, 10000.0);
  if (!st) hash[0] = poisson_hash(bits, 9000);
  if (!st) st = curandGenerate(g, bits, 5000);
  if (!st) hash[1] = poisson_hash(bits, 5000);
  return st;
}

#endif
