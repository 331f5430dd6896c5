// The loads and stores with cache hints (__ldcg __ldca __ldcs __ldlu __ldcv, __stwb
// __stcg __stcs __stwt) on scalar and vector types: each moves exactly its value (on
// Metal, which has no cache operators, an ordinary access; __ldcv a volatile one). Also a
// __ldcv that must see a value written after an earlier load of the same place by the
// same thread. Checked against the host; runs under nvcc too.
#include <cstdio>
#include <cstring>

struct Data {
  int i[4];
  float f[4];
  float4 f4[2];
  int2 i2[2];
  uchar4 c4[2];
  short2 s2[2];
  double d[2];
  double2 d2[2];
  unsigned long long u[2];
  char c[4];
};

__global__ void copy(const Data *in, Data *out) {
  int t = threadIdx.x;
  if (t == 0) {
    __stwb(&out->i[0], __ldcg(&in->i[0]));
    __stcg(&out->i[1], __ldca(&in->i[1]));
    __stcs(&out->i[2], __ldcs(&in->i[2]));
    __stwt(&out->i[3], __ldlu(&in->i[3]));
    for (int k = 0; k < 4; k++)
      __stcs(&out->f[k], __ldcv(&in->f[k]));
    __stwb(&out->f4[0], __ldcg(&in->f4[0]));
    __stwt(&out->f4[1], __ldcv(&in->f4[1]));
    __stcg(&out->i2[0], __ldcs(&in->i2[0]));
    __stcs(&out->i2[1], __ldcv(&in->i2[1]));
    __stwb(&out->c4[0], __ldca(&in->c4[0]));
    __stwt(&out->c4[1], __ldcv(&in->c4[1]));
    __stcg(&out->s2[0], __ldlu(&in->s2[0]));
    __stcs(&out->s2[1], __ldcv(&in->s2[1]));
    __stwb(&out->d[0], __ldcg(&in->d[0]));
    __stwt(&out->d[1], __ldcv(&in->d[1]));
    __stcg(&out->d2[0], __ldcs(&in->d2[0]));
    __stcs(&out->d2[1], __ldcv(&in->d2[1]));
    __stwb(&out->u[0], __ldca(&in->u[0]));
    __stwt(&out->u[1], __ldcv(&in->u[1]));
    for (int k = 0; k < 4; k++)
      __stwt(&out->c[k], __ldcv(&in->c[k]));
  }
}

// Reads a flag, lets another thread of the block change it, reads it again with __ldcv.
__global__ void fetch_again(int *flag, int *seen) {
  __shared__ int first;
  if (threadIdx.x == 0) first = __ldcg(flag);
  __syncthreads();
  if (threadIdx.x == 1) __stcg(flag, first + 41);
  __syncthreads();
  if (threadIdx.x == 0) seen[0] = first, seen[1] = __ldcv(flag);
}

int main() {
  Data h, back;
  memset(&h, 0, sizeof h);
  for (int k = 0; k < 4; k++)
    h.i[k] = -7 * k + 1000003 * k, h.f[k] = 0.1f * (float)k - 3.5f, h.c[k] = (char)(k * 37 - 90);
  h.f4[0] = make_float4(1.5f, -2.25f, 3e30f, -0.0f), h.f4[1] = make_float4(5, 6, 7, 8);
  h.i2[0] = make_int2(-1, 2147483647), h.i2[1] = make_int2(9, -9);
  h.c4[0] = make_uchar4(1, 2, 254, 255), h.c4[1] = make_uchar4(9, 8, 7, 6);
  h.s2[0] = make_short2(-32768, 32767), h.s2[1] = make_short2(12, -12);
  h.d[0] = 1.0 / 3.0, h.d[1] = -1e300;
  h.d2[0] = make_double2(2.5, -4.75), h.d2[1] = make_double2(1e-310, 6.0);
  h.u[0] = 0xfedcba9876543210ull, h.u[1] = 42;
  Data *din, *dout;
  int *flag, *seen, got[2] = {0, 0}, start = 1;
  cudaMalloc(&din, sizeof h);
  cudaMalloc(&dout, sizeof h);
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&seen, 2 * sizeof(int));
  cudaMemcpy(din, &h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, sizeof h);
  cudaMemcpy(flag, &start, sizeof start, cudaMemcpyHostToDevice);
  copy<<<1, 32>>>(din, dout);
  fetch_again<<<1, 32>>>(flag, seen);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(&back, dout, sizeof back, cudaMemcpyDeviceToHost);
  cudaMemcpy(got, seen, sizeof got, cudaMemcpyDeviceToHost);
  bool same = memcmp(&h, &back, sizeof h) == 0, fetched = got[0] == 1 && got[1] == 42;
  printf("%s: every value %s; __ldcv after a change: %d then %d\n", cudaGetErrorName(e),
         same ? "moved exactly" : "CHANGED", got[0], got[1]);
  bool ok = e == cudaSuccess && same && fetched;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
