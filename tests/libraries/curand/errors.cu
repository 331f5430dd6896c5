// errors.cu — the status codes of cuRAND's host API for bad arguments, as NVIDIA's cuRAND
// 10.4 returns them (observed with its host generators, CUDA 13.0: record/errors_nvidia.c
// lists the calls), for host and device generators; version and properties. Written for
// Anchor; compiles with nvcc against NVIDIA's cuRAND too.
#include <cuda_runtime.h>
#include <curand.h>
#include <stdio.h>

static int failures = 0;
#define EXPECT(call, status)                                                                       \
  do {                                                                                             \
    int got_ = (int)(call);                                                                        \
    if (got_ != (int)(status)) {                                                                   \
      printf("FAIL %s: %d, cuRAND returns %d\n", #call, got_, (int)(status));                      \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void check(int device) {
  curandGenerator_t g, m, p, bad;
  unsigned int *u;
  float *f;
  double *d;
  unsigned long long *l;
  if (device) {
    cudaMalloc(&u, 64);
    cudaMalloc(&f, 64);
    cudaMalloc(&d, 64);
    cudaMalloc(&l, 64);
  } else {
    static unsigned int hu[16];
    static float hf[16];
    static double hd[16];
    static unsigned long long hl[16];
    u = hu, f = hf, d = hd, l = hl;
  }
  curandStatus_t (*create)(curandGenerator_t *, curandRngType_t) =
      device ? curandCreateGenerator : curandCreateGeneratorHost;
  EXPECT(create(&bad, (curandRngType_t)999), CURAND_STATUS_TYPE_ERROR);
  EXPECT(create(NULL, CURAND_RNG_PSEUDO_XORWOW), CURAND_STATUS_NOT_INITIALIZED);
  EXPECT(create(&g, CURAND_RNG_PSEUDO_XORWOW), CURAND_STATUS_SUCCESS);
  EXPECT(create(&m, CURAND_RNG_PSEUDO_MRG32K3A), CURAND_STATUS_SUCCESS);
  EXPECT(create(&p, CURAND_RNG_PSEUDO_PHILOX4_32_10), CURAND_STATUS_SUCCESS);
  EXPECT(curandGenerateNormal(g, f, 3, 0, 1), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  EXPECT(curandGenerateNormalDouble(g, d, 3, 0, 1), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  EXPECT(curandGenerateLogNormal(g, f, 5, 0, 1), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  EXPECT(curandGenerateNormal(m, f, 3, 0, 1), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  EXPECT(curandGenerateNormal(p, f, 3, 0, 1), CURAND_STATUS_SUCCESS); // Philox: any count
  EXPECT(curandGenerateLongLong(g, l, 4), CURAND_STATUS_TYPE_ERROR);
  EXPECT(curandSetQuasiRandomGeneratorDimensions(g, 3), CURAND_STATUS_TYPE_ERROR);
  EXPECT(curandSetGeneratorOrdering(g, CURAND_ORDERING_QUASI_DEFAULT), CURAND_STATUS_OUT_OF_RANGE);
  // DYNAMIC: host generators refuse it; NVIDIA's device generators take it (observed on an
  // H100, CUDA 13.0, driver 580.159: CURAND_STATUS_SUCCESS for XORWOW)
  EXPECT(curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DYNAMIC),
         device ? CURAND_STATUS_SUCCESS : CURAND_STATUS_OUT_OF_RANGE);
  EXPECT(curandSetGeneratorOrdering(m, CURAND_ORDERING_PSEUDO_SEEDED), CURAND_STATUS_OUT_OF_RANGE);
  EXPECT(curandSetGeneratorOrdering(p, CURAND_ORDERING_PSEUDO_SEEDED), CURAND_STATUS_OUT_OF_RANGE);
  EXPECT(curandSetGeneratorOrdering(g, (curandOrdering_t)7), CURAND_STATUS_OUT_OF_RANGE);
  EXPECT(curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_LEGACY), CURAND_STATUS_SUCCESS);
  EXPECT(curandGenerate(g, u, 0), CURAND_STATUS_SUCCESS);
  EXPECT(curandGenerateNormal(g, f, 0, 0, 1), CURAND_STATUS_SUCCESS);
  EXPECT(curandGenerate(NULL, u, 4), CURAND_STATUS_NOT_INITIALIZED);
  EXPECT(curandSetPseudoRandomGeneratorSeed(NULL, 1), CURAND_STATUS_NOT_INITIALIZED);
  EXPECT(curandSetStream(NULL, 0), CURAND_STATUS_NOT_INITIALIZED);
  EXPECT(curandGenerateSeeds(g), CURAND_STATUS_SUCCESS);
  EXPECT(curandDestroyGenerator(NULL), CURAND_STATUS_NOT_INITIALIZED);
  EXPECT(curandDestroyGenerator(g), CURAND_STATUS_SUCCESS);
  EXPECT(curandDestroyGenerator(m), CURAND_STATUS_SUCCESS);
  EXPECT(curandDestroyGenerator(p), CURAND_STATUS_SUCCESS);
  EXPECT(create(&g, CURAND_RNG_PSEUDO_DEFAULT), CURAND_STATUS_SUCCESS);
  EXPECT(curandDestroyGenerator(g), CURAND_STATUS_SUCCESS);
  curandGenerator_t q, q64;
  EXPECT(create(&q, CURAND_RNG_QUASI_SOBOL32), CURAND_STATUS_SUCCESS);
  EXPECT(create(&q64, CURAND_RNG_QUASI_SOBOL64), CURAND_STATUS_SUCCESS);
  EXPECT(curandSetQuasiRandomGeneratorDimensions(q, 0), CURAND_STATUS_OUT_OF_RANGE);
  EXPECT(curandSetQuasiRandomGeneratorDimensions(q, 20001), CURAND_STATUS_OUT_OF_RANGE);
  EXPECT(curandSetQuasiRandomGeneratorDimensions(q, 20000), CURAND_STATUS_SUCCESS);
  EXPECT(curandSetQuasiRandomGeneratorDimensions(q, 2), CURAND_STATUS_SUCCESS);
  EXPECT(curandGenerate(q, u, 3), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  EXPECT(curandGenerateLongLong(q, l, 4), CURAND_STATUS_TYPE_ERROR);
  EXPECT(curandGenerate(q64, u, 4), CURAND_STATUS_TYPE_ERROR);
  EXPECT(curandSetPseudoRandomGeneratorSeed(q, 5), CURAND_STATUS_TYPE_ERROR);
  EXPECT(curandSetGeneratorOrdering(q, CURAND_ORDERING_PSEUDO_DEFAULT), CURAND_STATUS_OUT_OF_RANGE);
  EXPECT(curandSetGeneratorOrdering(q, CURAND_ORDERING_QUASI_DEFAULT), CURAND_STATUS_SUCCESS);
  EXPECT(curandGenerateNormal(q, f, 3, 0, 1), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  EXPECT(curandDestroyGenerator(q), CURAND_STATUS_SUCCESS);
  EXPECT(curandDestroyGenerator(q64), CURAND_STATUS_SUCCESS);
  if (device) {
    cudaFree(u);
    cudaFree(f);
    cudaFree(d);
    cudaFree(l);
  }
}

int main() {
  check(0);
  check(1);
  int v = 0;
  EXPECT(curandGetVersion(&v), CURAND_STATUS_SUCCESS);
  if (v != CURAND_VERSION) {
    printf("FAIL curandGetVersion %d, header %d\n", v, CURAND_VERSION);
    failures++;
  }
  EXPECT(curandGetProperty(MAJOR_VERSION, &v), CURAND_STATUS_SUCCESS);
  if (v != CURAND_VER_MAJOR) {
    printf("FAIL major version %d\n", v);
    failures++;
  }
  EXPECT(curandGetProperty((libraryPropertyType)7, &v), CURAND_STATUS_OUT_OF_RANGE);
  printf("version %d\n", CURAND_VERSION);
  if (failures) {
    printf("FAIL: %d status codes\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
