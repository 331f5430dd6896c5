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
