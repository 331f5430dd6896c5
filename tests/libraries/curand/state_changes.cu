// state_changes.cu — where a cuRAND host generator goes on after a new offset, seed or
// ordering mid-stream, as NVIDIA's cuRAND 10.4 does (observed with its host generators,
// record/state_changes_nvidia.c): a new offset restarts there; a new seed or ordering keeps
// the place — XORWOW and MRG32k3a their count of draws, Philox its count of blocks of
// four read as outputs (offset 5 + 10 outputs, new seed: output 5 + 10 / 4 = 7 next);
// setting the same ordering again changes nothing. Checked as equalities with freshly made
// generators, for host and device generators. Written for Anchor; compiles with nvcc.
#include <cuda_runtime.h>
#include <curand.h>
#include <stdio.h>

static int failures = 0;

// The first value of a fresh generator at `offset` (seed 9, `ordering`).
static unsigned int fresh(int device, curandRngType_t type, curandOrdering_t ordering,
                          unsigned long long offset, unsigned int *buffer) {
  curandGenerator_t g;
  if (device)
    curandCreateGenerator(&g, type);
  else
    curandCreateGeneratorHost(&g, type);
  curandSetPseudoRandomGeneratorSeed(g, 9);
  curandSetGeneratorOrdering(g, ordering);
  curandSetGeneratorOffset(g, offset);
  curandGenerate(g, buffer, 1);
  unsigned int value; // device memory is not the host's (NVIDIA's GPU faults on buffer[0])
  if (device)
    cudaMemcpy(&value, buffer, 4, cudaMemcpyDeviceToHost);
  else
    value = buffer[0];
  curandDestroyGenerator(g);
  return value;
}

static void check(int device, curandRngType_t type) {
  unsigned int *buffer, value;
  double *doubles;
  if (device) {
    cudaMalloc(&buffer, 64 * sizeof(unsigned int));
    cudaMalloc(&doubles, 64 * sizeof(double));
  } else {
    static unsigned int b[64];
    static double d[64];
    buffer = b, doubles = d;
  }
  int philox = type == CURAND_RNG_PSEUDO_PHILOX4_32_10;
  struct {
    const char *what;
    unsigned long long offset;
    int bits, normal_doubles, reseed, reorder;
    unsigned long long expect; // offset of the fresh generator with the same next value
  } cases[] = {
      {"offset 3, new seed", 3, 0, 0, 1, 0, 3},
      {"offset 6, 1 value, new seed", 6, 1, 0, 1, 0, philox ? 6ull : 7ull},
      {"10 normal doubles, new seed", 0, 0, 10, 1, 0, philox ? 2ull : 5ull},
      {"offset 5, 10 values, new seed", 5, 10, 0, 1, 0, philox ? 7ull : 15ull},
      {"offset 5, 10 values, LEGACY ordering", 5, 10, 0, 0, 1, philox ? 7ull : 15ull},
      {"offset 5, 10 values, same ordering", 5, 10, 0, 0, 2, 15},
  };
  for (auto &c : cases) {
    curandGenerator_t g;
    curandStatus_t st =
        device ? curandCreateGenerator(&g, type) : curandCreateGeneratorHost(&g, type);
    if (st != CURAND_STATUS_SUCCESS) {
      printf("FAIL creating generator %d: %d\n", (int)type, (int)st);
      failures++;
      return;
    }
    curandSetPseudoRandomGeneratorSeed(g, c.reseed ? 1234 : 9);
    curandSetGeneratorOffset(g, c.offset);
    if (c.bits) curandGenerate(g, buffer, c.bits);
    if (c.normal_doubles) curandGenerateNormalDouble(g, doubles, c.normal_doubles, 0, 1);
    if (c.reseed) curandSetPseudoRandomGeneratorSeed(g, 9);
    curandOrdering_t ordering =
        c.reorder == 1 ? CURAND_ORDERING_PSEUDO_LEGACY : CURAND_ORDERING_PSEUDO_DEFAULT;
    if (c.reorder) curandSetGeneratorOrdering(g, ordering);
    curandGenerate(g, buffer, 1);
    if (device)
      cudaMemcpy(&value, buffer, 4, cudaMemcpyDeviceToHost);
    else
      value = buffer[0];
    curandDestroyGenerator(g);
    unsigned int want = fresh(device, type, ordering, c.expect, buffer);
    if (value != want) {
      printf("FAIL %s rng %d %s: %u, expected the value at offset %llu, %u\n",
             device ? "device" : "host", (int)type, c.what, value, c.expect, want);
      failures++;
    }
  }
  if (device) {
    cudaFree(buffer);
    cudaFree(doubles);
  }
}

int main() {
  const curandRngType_t types[3] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_MRG32K3A,
                                    CURAND_RNG_PSEUDO_PHILOX4_32_10};
  for (int device = 0; device < 2; device++)
    for (int k = 0; k < 3; k++)
      check(device, types[k]);
  if (failures) {
    printf("FAIL: %d\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
