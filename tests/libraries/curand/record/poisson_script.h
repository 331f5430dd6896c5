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

/* FNV-1a over the output's bytes. */
static unsigned long long poisson_hash(const unsigned int *v, unsigned long n) {
  const unsigned char *p = (const unsigned char *)v;
  unsigned long long h = 1469598103934665603ull;
  for (unsigned long i = 0; i < 4 * n; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

#endif
