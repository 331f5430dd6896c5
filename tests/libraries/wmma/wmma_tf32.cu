/* tests/libraries/wmma/wmma_tf32.cu — nvcuda::wmma with precision::tf32 inputs (stored as
 * float) and float accumulators, m16n16k8, both layouts, fill_fragment, x[] scaled, K
 * chains (wmma_common.h) on exact data (tf32 values, exact sums: an exact check);
 * __float_to_tf32 against
 * round-to-nearest, ties away from zero, to 10 fraction bits (PTX cvt.rna.tf32.f32). */
#include "wmma_common.h"

#include <string.h>

typedef wmma::row_major R;
typedef wmma::col_major Cm;

__global__ void to_tf32(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = wmma::__float_to_tf32(v[i]);
}

static float host_rna_tf32(float f) {
  unsigned u;
  memcpy(&u, &f, 4);
  if ((u & 0x7f800000u) != 0x7f800000u) u = (u + 0x1000u) & 0xffffe000u;
  memcpy(&f, &u, 4);
  return f;
}

int main() {
  typedef wmma::precision::tf32 T;
  run_case<T, float, float, 16, 16, 8, R, R>("tf32 m16n16k8 rr", 2, 2, 64, 1, 1, 0, EXACT, 0);
  run_case<T, float, float, 16, 16, 8, Cm, Cm>("tf32 m16n16k8 cc", 2, 1, 24, 0, 0, 0, EXACT, 0);
  run_case<T, float, float, 16, 16, 8, R, Cm>("tf32 m16n16k8 rc fill", 1, 2, 8, 1, 0, 1, EXACT, 0);
  run_case<T, float, float, 16, 16, 8, Cm, R>("tf32 m16n16k8 cr", 3, 2, 40, 0, 1, 0, EXACT, 0);
  /* __float_to_tf32: ties, carries into the exponent, negatives, subnormals, inf, NaN */
  const unsigned bits[] = {0x3f801000u, 0x3f803000u, 0x3f800fffu, 0xbf801000u,
                           0x3fffffffu, 0x00001000u, 0x00000fffu, 0x7f7ff000u,
                           0x7f800000u, 0xff800000u, 0x12345678u, 0x3eaaaaabu};
  const int n = sizeof bits / sizeof *bits;
  float h[n], *d;
  memcpy(h, bits, sizeof h);
  CHECK_CUDA(cudaMalloc(&d, sizeof h));
  CHECK_CUDA(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
  to_tf32<<<1, 32>>>(d, n);
  float got[n];
  CHECK_CUDA(cudaMemcpy(got, d, sizeof got, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; i++) {
    float want = host_rna_tf32(h[i]);
    if (memcmp(&got[i], &want, 4) && wrong++ < 5)
      printf("  __float_to_tf32(%a) = %a, want %a\n", h[i], got[i], want);
  }
  printf("%s __float_to_tf32 (%d values)\n", wrong ? "FAIL" : "ok  ", n);
  if (wrong) failures++;
  cudaFree(d);
  return finish("wmma_tf32");
}
