/* sobol_nvidia.c — prints the Sobol32/64 values sobol.cu records, from NVIDIA's cuRAND host
 * generators (built like record_host.c). Written for Anchor. */
#include <curand.h>
#include <stdio.h>
int main(void) {
  curandGenerator_t g;
  unsigned int out[3 * 1000];
  unsigned long long o64[3 * 1000];
  printf("%d\n", curandCreateGeneratorHost(&g, CURAND_RNG_QUASI_SOBOL32));
  curandSetQuasiRandomGeneratorDimensions(g, 3);
  curandSetGeneratorOffset(g, 5);
  printf("%d\n", curandGenerate(g, out, 3000));
  for (int d = 0; d < 3; d++) {
    printf("dim %d:", d);
    for (int i = 0; i < 6; i++)
      printf(" %u", out[d * 1000 + i]);
    printf(" ... [999]=%u\n", out[d * 1000 + 999]);
  }
  curandCreateGeneratorHost(&g, CURAND_RNG_QUASI_SOBOL64);
  curandSetQuasiRandomGeneratorDimensions(g, 3);
  curandSetGeneratorOffset(g, 5);
  printf("%d\n", curandGenerateLongLong(g, o64, 3000));
  for (int d = 0; d < 3; d++) {
    printf("dim %d:", d);
    for (int i = 0; i < 3; i++)
      printf(" %llu", o64[d * 1000 + i]);
    printf(" ... [999]=%llu\n", o64[d * 1000 + 999]);
  }
}
