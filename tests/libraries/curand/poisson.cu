// poisson.cu — curandGeneratePoisson (host API) for lambda >= 2000: host generators
// (curandCreateGeneratorHost) and device generators (curandCreateGenerator, the GPU
// kernel) replay record/poisson_script.h — XORWOW, MRG32k3a, Philox4_32_10, seeds,
// offsets, consecutive calls, odd lengths — and must give NVIDIA's values
// (recorded_poisson.h, from NVIDIA's host generators by record/poisson_nvidia.c): the
// hash of every output and 8 samples per call. Compiles with nvcc, where it checks
// NVIDIA's own device generators against the same recording (h200.sh). Written for
// Anchor.
#include <cuda_runtime.h>
#include <curand.h>
#include <stdio.h>
#include <stdlib.h>

#include "record/poisson_script.h"
#include "recorded_poisson.h"

static int failures = 0;

// poisson_mix_run for device generators: the same calls, hashing host copies.
static curandStatus_t poisson_mix_device(curandGenerator_t g, const struct poisson_mix *m,
                                         unsigned int *bits, float *normals, unsigned int *host,
                                         unsigned long long hash[2]) {
  curandStatus_t st = m->first == 0   ? curandGenerate(g, bits, m->n)
                      : m->first == 1 ? curandGenerateNormal(g, normals, m->n, 0.0f, 1.0f)
                                      : curandGeneratePoisson(g, bits, m->n, 10000.0);
  if (!st) st = curandGeneratePoisson(g, bits, 9000, 10000.0);
  if (!st) {
    cudaMemcpy(host, bits, sizeof(unsigned int) * 9000, cudaMemcpyDeviceToHost);
    hash[0] = poisson_hash(host, 9000);
  }
  if (!st) st = curandGenerate(g, bits, 5000);
  if (!st) {
    cudaMemcpy(host, bits, sizeof(unsigned int) * 5000, cudaMemcpyDeviceToHost);
    hash[1] = poisson_hash(host, 5000);
  }
  return st;
}

static void replay(int on_device) {
  unsigned int *host = (unsigned int *)malloc(sizeof(unsigned int) * 20001), *device = NULL;
  if (on_device) cudaMalloc(&device, sizeof(unsigned int) * 20001);
  for (int k = 0; k < POISSON_CONFIGS; k++) {
    const struct poisson_config *c = &poisson_configs[k];
    curandGenerator_t g;
    curandStatus_t st = on_device ? curandCreateGenerator(&g, (curandRngType_t)c->rng)
                                  : curandCreateGeneratorHost(&g, (curandRngType_t)c->rng);
    if (st || curandSetPseudoRandomGeneratorSeed(g, c->seed) ||
        curandSetGeneratorOffset(g, c->offset)) {
      printf("FAIL setup of configuration %d\n", k);
      failures++;
      continue;
    }
    for (int i = 0; i < POISSON_CALLS; i++) {
      unsigned long n = poisson_calls[i];
      const unsigned long long *want = recorded_poisson[k][i];
      st = curandGeneratePoisson(g, on_device ? device : host, n, c->lambda);
      if (on_device && st == CURAND_STATUS_SUCCESS)
        cudaMemcpy(host, device, sizeof(unsigned int) * n, cudaMemcpyDeviceToHost);
      if ((unsigned long long)st != want[0]) {
        printf("FAIL %s configuration %d call %d: status %d, NVIDIA's %llu\n",
               on_device ? "device" : "host", k, i, (int)st, want[0]);
        failures++;
        continue;
      }
      if (st) continue;
      unsigned long long h = poisson_hash(host, n);
      int bad = h != want[1];
      for (int s = 0; s < POISSON_SAMPLES; s++)
        bad |= host[poisson_sample_index(n, s)] != want[2 + s];
      if (bad) {
        printf("FAIL %s configuration %d (rng %d, lambda %g) call %d (n %lu): hash %016llx, "
               "NVIDIA's %016llx; values",
               on_device ? "device" : "host", k, c->rng, c->lambda, i, n, h, want[1]);
        for (int s = 0; s < POISSON_SAMPLES; s++)
          printf(" %u/%llu", host[poisson_sample_index(n, s)], want[2 + s]);
        printf("\n");
        failures++;
      }
    }
    curandDestroyGenerator(g);
  }
  // calls of other distributions before and after (recorded_poisson_mix)
  float *normals = NULL;
  cudaMalloc(&normals, sizeof(float) * 2000);
  float *host_normals = (float *)malloc(sizeof(float) * 2000);
  for (int k = 0; k < POISSON_MIXES; k++) {
    curandGenerator_t g;
    curandRngType_t rng = (curandRngType_t)poisson_mixes[k].rng;
    unsigned long long hash[2] = {0, 0};
    curandStatus_t st =
        on_device ? curandCreateGenerator(&g, rng) : curandCreateGeneratorHost(&g, rng);
    if (!st) st = curandSetPseudoRandomGeneratorSeed(g, 1234ull);
    if (!st && !on_device) st = poisson_mix_run(g, &poisson_mixes[k], host, host_normals, hash);
    if (!st && on_device)
      st = poisson_mix_device(g, &poisson_mixes[k], device, normals, host, hash);
    if (st || hash[0] != recorded_poisson_mix[k][0] || hash[1] != recorded_poisson_mix[k][1]) {
      printf("FAIL %s mix %d (rng %d, first call %d of %lu): status %d, hashes %016llx %016llx, "
             "NVIDIA's %016llx %016llx\n",
             on_device ? "device" : "host", k, poisson_mixes[k].rng, poisson_mixes[k].first,
             poisson_mixes[k].n, (int)st, hash[0], hash[1], recorded_poisson_mix[k][0],
             recorded_poisson_mix[k][1]);
      failures++;
    }
    curandDestroyGenerator(g);
  }
  cudaFree(normals);
  free(host_normals);
  free(host);
  if (device) cudaFree(device);
}

int main(void) {
  replay(0);
  replay(1);
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
