/* quasi_nvidia.c — prints the status codes and values of NVIDIA's cuRAND quasi-random host
 * generators that errors.cu and docs/curand.md rely on (built like record_host.c).
 * Written for Anchor. */
#include <curand.h>
#include <stdio.h>
int main(void) {
  curandGenerator_t g, h;
  unsigned int u[64];
  unsigned long long l[64];
  float f[64];
  double d[64];
  curandCreateGeneratorHost(&g, CURAND_RNG_QUASI_SOBOL32);
  curandCreateGeneratorHost(&h, CURAND_RNG_QUASI_SOBOL64);
  printf("dims 0: %d, dims 20001: %d, dims 20000: %d\n",
         curandSetQuasiRandomGeneratorDimensions(g, 0),
         curandSetQuasiRandomGeneratorDimensions(g, 20001),
         curandSetQuasiRandomGeneratorDimensions(g, 20000));
  curandSetQuasiRandomGeneratorDimensions(g, 2);
  curandSetQuasiRandomGeneratorDimensions(h, 2);
  printf("n=3 dims 2: %d\n", curandGenerate(g, u, 3));
  printf("longlong on sobol32: %d, generate on sobol64: %d\n", curandGenerateLongLong(g, l, 4),
         curandGenerate(h, u, 4));
  printf("seed on quasi: %d\n", curandSetPseudoRandomGeneratorSeed(g, 5));
  printf("ordering pseudo on quasi: %d, quasi default: %d\n",
         curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DEFAULT),
         curandSetGeneratorOrdering(g, CURAND_ORDERING_QUASI_DEFAULT));
  curandGenerate(g, u, 8);
  printf("bits:");
  for (int i = 0; i < 8; i++)
    printf(" %u", u[i]);
  printf("\n");
  curandGenerate(g, u, 4);
  printf("bits next call:");
  for (int i = 0; i < 4; i++)
    printf(" %u", u[i]);
  printf("\n");
  curandSetGeneratorOffset(g, 0);
  curandGenerateUniform(g, f, 4);
  printf("uniform32:");
  for (int i = 0; i < 4; i++)
    printf(" %a", f[i]);
  printf("\n");
  curandSetGeneratorOffset(g, 0);
  curandGenerateUniformDouble(g, d, 4);
  printf("double32:");
  for (int i = 0; i < 4; i++)
    printf(" %a", d[i]);
  printf("\n");
  curandSetGeneratorOffset(g, 0);
  printf("normal32 st %d:", curandGenerateNormal(g, f, 4, 0, 1));
  for (int i = 0; i < 4; i++)
    printf(" %.9g", f[i]);
  printf("\n");
  printf("normal32 odd st %d\n", curandGenerateNormal(g, f, 3, 0, 1));
  curandGenerateLongLong(h, l, 4);
  printf("ll:");
  for (int i = 0; i < 4; i++)
    printf(" %llu", l[i]);
  printf("\n");
  curandSetGeneratorOffset(h, 0);
  curandGenerateUniform(h, f, 4);
  printf("uniform64:");
  for (int i = 0; i < 4; i++)
    printf(" %a", f[i]);
  printf("\n");
  curandSetGeneratorOffset(h, 0);
  curandGenerateUniformDouble(h, d, 4);
  printf("double64:");
  for (int i = 0; i < 4; i++)
    printf(" %a", d[i]);
  printf("\n");
  return 0;
}
