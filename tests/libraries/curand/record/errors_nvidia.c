/* errors_nvidia.c — prints the status codes NVIDIA's cuRAND returns for the calls errors.cu checks
 * (built like record_host.c). Written for Anchor. */
#include "curand.h"
#include <stdio.h>
int main(void) {
  curandGenerator_t g, m, p;
  unsigned int u[8];
  float f[8];
  double d[8];
  unsigned long long l[8];
  printf("create bad type: %d\n", curandCreateGeneratorHost(&g, (curandRngType_t)999));
  printf("create TEST: %d\n", curandCreateGeneratorHost(&g, CURAND_RNG_TEST));
  curandCreateGeneratorHost(&g, CURAND_RNG_PSEUDO_XORWOW);
  curandCreateGeneratorHost(&m, CURAND_RNG_PSEUDO_MRG32K3A);
  curandCreateGeneratorHost(&p, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  printf("normal odd: %d\n", curandGenerateNormal(g, f, 3, 0, 1));
  printf("normal double odd: %d\n", curandGenerateNormalDouble(g, d, 3, 0, 1));
  printf("lognormal odd: %d\n", curandGenerateLogNormal(g, f, 5, 0, 1));
  printf("philox normal odd: %d\n", curandGenerateNormal(p, f, 3, 0, 1));
  printf("mrg normal odd: %d\n", curandGenerateNormal(m, f, 3, 0, 1));
  printf("longlong xorwow: %d\n", curandGenerateLongLong(g, l, 4));
  printf("quasi dims on xorwow: %d\n", curandSetQuasiRandomGeneratorDimensions(g, 3));
  printf("ordering quasi on xorwow: %d\n",
         curandSetGeneratorOrdering(g, CURAND_ORDERING_QUASI_DEFAULT));
  printf("ordering dynamic xorwow: %d\n",
         curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DYNAMIC));
  printf("ordering seeded xorwow: %d\n",
         curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_SEEDED));
  printf("ordering 7: %d\n", curandSetGeneratorOrdering(g, (curandOrdering_t)7));
  curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DEFAULT);
  printf("gen 0: %d\n", curandGenerate(g, u, 0));
  printf("gen NULL gen: %d\n", curandGenerate(NULL, u, 4));
  printf("destroy NULL: %d\n", curandDestroyGenerator(NULL));
  printf("seed NULL: %d\n", curandSetPseudoRandomGeneratorSeed(NULL, 1));
  printf("create NULL ptr: %d\n", curandCreateGeneratorHost(NULL, CURAND_RNG_PSEUDO_XORWOW));
  int v = 0;
  printf("version: %d %d\n", curandGetVersion(&v), v);
  printf("property bad: %d\n", curandGetProperty((libraryPropertyType)7, &v));
  printf("normal 0: %d\n", curandGenerateNormal(g, f, 0, 0, 1));
  printf("stream NULL gen: %d\n", curandSetStream(NULL, 0));
  printf("seeds: %d\n", curandGenerateSeeds(g));
  printf("default type create: %d\n", curandCreateGeneratorHost(&g, CURAND_RNG_PSEUDO_DEFAULT));
  return 0;
}
/* The quasi-random generators' codes in errors.cu come from record/quasi_nvidia.c. */
