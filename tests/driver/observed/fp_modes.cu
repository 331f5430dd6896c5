#include <cstdio>
__global__ void k(float *o, const float *a, const float *b) {
  o[0] = a[0] / b[0];
  o[1] = sqrtf(a[1]);
  o[2] = sinf(a[2]);
#ifdef __USE_FAST_MATH__
  o[3] = 1.0f;
#else
  o[3] = 0.0f;
#endif
}
int main() {
#ifdef __USE_FAST_MATH__
  printf("host: __USE_FAST_MATH__ defined\n");
#else
  printf("host: __USE_FAST_MATH__ not defined\n");
#endif
  float *o, *a, *b;
  cudaMallocManaged(&o, 64); cudaMallocManaged(&a, 64); cudaMallocManaged(&b, 64);
  a[0] = 1; b[0] = 3; a[1] = 2; a[2] = 1;
  k<<<1, 1>>>(o, a, b);
  cudaDeviceSynchronize();
  printf("device: __USE_FAST_MATH__ %s\n", o[3] ? "defined" : "not defined");
  return 0;
}
