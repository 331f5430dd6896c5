// sobol.cu — quasi-random device API: curandGetDirectionVectors32/64 and Sobol32/Sobol64
// states (curand_init with an offset, curand, skipahead) against NVIDIA's values, recorded
// from NVIDIA's cuRAND 10.4 host generators (CUDA 13.0): CURAND_RNG_QUASI_SOBOL32/64, 3
// dimensions, offset 5, 1000 points per dimension (record/sobol_nvidia.c); scrambled forms
// (x starts at the scramble constant); uniform transforms. Written for Anchor; compiles
// with nvcc.
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <stdio.h>

static const unsigned int nvidia32[3][7] = {
    {3758096384u, 2684354560u, 536870912u, 805306368u, 2952790016u, 4026531840u, 1480589312u},
    {3758096384u, 536870912u, 2684354560u, 1342177280u, 3489660928u, 268435456u, 2025848832u},
    {536870912u, 3758096384u, 1610612736u, 4026531840u, 1879048192u, 2952790016u, 616562688u}};
static const unsigned long long nvidia64[3][4] = {{16140901064495857664ull, 11529215046068469760ull,
                                                   2305843009213693952ull, 6359082673847140352ull},
                                                  {16140901064495857664ull, 2305843009213693952ull,
                                                   11529215046068469760ull, 8700954480079798272ull},
                                                  {2305843009213693952ull, 16140901064495857664ull,
                                                   6917529027641081856ull, 2648116580893851648ull}};

__global__ void points(curandDirectionVectors32_t *v32, curandDirectionVectors64_t *v64,
                       unsigned int *out32, unsigned long long *out64, unsigned int *skip,
                       unsigned int *scrambled, float *uniform) {
  int d = threadIdx.x;
  curandStateSobol32_t s;
  curandStateSobol64_t t;
  curand_init(v32[d], 5, &s);
  curand_init(v64[d], 5ull, &t);
  for (int i = 0; i < 1000; i++) {
    out32[d * 1000 + i] = curand(&s);
    out64[d * 1000 + i] = curand(&t);
  }
  curand_init(v32[d], 0, &s);
  skipahead(5u + 999u, &s);
  skip[d] = curand(&s);
  curandStateScrambledSobol32_t c;
  curand_init(v32[d], 0x12345678u, 5, &c);
  scrambled[d] = curand(&c);
  curand_init(v32[d], 5, &s);
  uniform[d] = curand_uniform(&s);
}

int main() {
  int failures = 0;
  curandDirectionVectors32_t *h32;
  curandDirectionVectors64_t *h64;
  if (curandGetDirectionVectors32(&h32, CURAND_DIRECTION_VECTORS_32_JOEKUO6) ||
      curandGetDirectionVectors64(&h64, CURAND_DIRECTION_VECTORS_64_JOEKUO6)) {
    printf("FAIL direction vectors\n");
    return 1;
  }
  curandDirectionVectors32_t *d32;
  curandDirectionVectors64_t *d64;
  unsigned int *o32, *skip, *scr;
  unsigned long long *o64;
  float *uni;
  cudaMalloc(&d32, 3 * sizeof *d32);
  cudaMalloc(&d64, 3 * sizeof *d64);
  cudaMalloc(&o32, 3000 * sizeof *o32);
  cudaMalloc(&o64, 3000 * sizeof *o64);
  cudaMalloc(&skip, 12);
  cudaMalloc(&scr, 12);
  cudaMalloc(&uni, 12);
  cudaMemcpy(d32, h32, 3 * sizeof *d32, cudaMemcpyHostToDevice);
  cudaMemcpy(d64, h64, 3 * sizeof *d64, cudaMemcpyHostToDevice);
  points<<<1, 3>>>(d32, d64, o32, o64, skip, scr, uni);
  static unsigned int r32[3000];
  static unsigned long long r64[3000];
  unsigned int rskip[3], rscr[3];
  float runi[3];
  cudaMemcpy(r32, o32, sizeof r32, cudaMemcpyDeviceToHost);
  cudaMemcpy(r64, o64, sizeof r64, cudaMemcpyDeviceToHost);
  cudaMemcpy(rskip, skip, 12, cudaMemcpyDeviceToHost);
  cudaMemcpy(rscr, scr, 12, cudaMemcpyDeviceToHost);
  cudaMemcpy(runi, uni, 12, cudaMemcpyDeviceToHost);
  const int at32[7] = {0, 1, 2, 3, 4, 5, 999}, at64[4] = {0, 1, 2, 999};
  for (int d = 0; d < 3; d++) {
    for (int k = 0; k < 7; k++)
      if (r32[d * 1000 + at32[k]] != nvidia32[d][k]) {
        printf("FAIL Sobol32 dim %d point %d: %u, NVIDIA's %u\n", d, at32[k],
               r32[d * 1000 + at32[k]], nvidia32[d][k]);
        failures++;
      }
    for (int k = 0; k < 4; k++)
      if (r64[d * 1000 + at64[k]] != nvidia64[d][k]) {
        printf("FAIL Sobol64 dim %d point %d: %llu, NVIDIA's %llu\n", d, at64[k],
               r64[d * 1000 + at64[k]], nvidia64[d][k]);
        failures++;
      }
    if (rskip[d] != nvidia32[d][6]) {
      printf("FAIL Sobol32 dim %d skipahead: %u, NVIDIA's %u\n", d, rskip[d], nvidia32[d][6]);
      failures++;
    }
    if (rscr[d] != (nvidia32[d][0] ^ 0x12345678u)) {
      printf("FAIL scrambled Sobol32 dim %d: %u\n", d, rscr[d]);
      failures++;
    }
    float want = nvidia32[d][0] * 2.3283064e-10f + 2.3283064e-10f / 2.0f;
    if (runi[d] != want) {
      printf("FAIL Sobol32 dim %d uniform %.9g, expected %.9g\n", d, runi[d], want);
      failures++;
    }
  }
  if (failures) {
    printf("FAIL: %d\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
