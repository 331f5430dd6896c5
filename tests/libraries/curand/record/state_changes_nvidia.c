/* state_changes_nvidia.c — where NVIDIA's cuRAND host generators go on after a new offset, seed
 * or ordering (the facts state_changes.cu checks); built like record_host.c. Written for
 * Anchor. */
#include <curand.h>
#include <stdio.h>
#include <stdlib.h>
static unsigned first(int type, unsigned long long off, int gen, int dist) {
  curandGenerator_t g;
  static unsigned u[64];
  static double d[64];
  curandCreateGeneratorHost(&g, type);
  curandSetGeneratorOffset(g, off);
  if (gen) {
    if (dist)
      curandGenerateNormalDouble(g, d, gen, 0, 1);
    else
      curandGenerate(g, u, gen);
  }
  curandSetPseudoRandomGeneratorSeed(g, 9);
  curandGenerate(g, u, 1);
  curandDestroyGenerator(g);
  return u[0];
}
static void seeds(void) {
  int types[] = {101, 121, 161};
  for (int k = 0; k < 3; k++) {
    curandGenerator_t g;
    static unsigned u[64];
    curandCreateGeneratorHost(&g, types[k]);
    curandSetPseudoRandomGeneratorSeed(g, 9);
    curandGenerate(g, u, 64);
    unsigned a = first(types[k], 3, 0, 0), b = first(types[k], 6, 1, 0),
             c = first(types[k], 0, 10, 1), e = first(types[k], 5, 10, 0);
    int ia = -1, ib = -1, ic = -1, ie = -1;
    for (int i = 0; i < 64; i++) {
      if (u[i] == a) ia = i;
      if (u[i] == b) ib = i;
      if (u[i] == c) ic = i;
      if (u[i] == e) ie = i;
    }
    printf("%d: off3 nogen -> %d; off6 gen1 -> %d; off0 normaldouble10 -> %d; off5 gen10 -> %d\n",
           types[k], ia, ib, ic, ie);
  }
}

/* After a new ordering: the index of the next value in a fresh LEGACY generator. */
static void orderings(void) {
  int types[] = {101, 121, 161};
  for (int k = 0; k < 3; k++) {
    curandGenerator_t g, f;
    static unsigned u[200000], v[4];
    curandCreateGeneratorHost(&f, types[k]);
    curandSetGeneratorOrdering(f, CURAND_ORDERING_PSEUDO_LEGACY);
    curandGenerate(f, u, 200000);
    curandCreateGeneratorHost(&g, types[k]);
    curandSetGeneratorOffset(g, 5);
    curandGenerate(g, v, 10);
    curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_LEGACY);
    curandGenerate(g, v, 1);
    int at = -1;
    for (int i = 0; i < 200000; i++)
      if (u[i] == v[0]) {
        at = i;
        break;
      }
    curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_LEGACY);
    curandGenerate(g, v, 1);
    int at2 = -1;
    for (int i = 0; i < 200000; i++)
      if (u[i] == v[0]) {
        at2 = i;
        break;
      }
    printf("%d: after ordering change -> %d, same ordering again -> %d\n", types[k], at, at2);
  }
}

int main(void) {
  seeds();
  orderings();
  return 0;
}
