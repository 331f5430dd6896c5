// many_params.cu — end-to-end test of the kernel parameter block: a kernel with 24
// parameters of mixed types and alignments (char, short, int, long long, unsigned,
// float, bool, unsigned char/short/long long, pointers, int2, float3, a small struct),
// ordered so that CUDA's layout needs padding between them. Each thread writes one
// checksum per parameter; the host recomputes them. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Small {
  char tag;    // offset 0
  int value;   // offset 4
  short delta; // offset 8; sizeof 12, align 4
};

enum { SUMS = 24, THREADS = 40 };

// Sign-extends or zero-extends every integer into 64 bits; floats are written
// separately so their bits can be compared exactly.
__global__ void many(char c, long long ll, short s, int2 v2, unsigned char uc, float f,
                     int *in, unsigned u, float3 v3, short s2, Small sm, bool flag,
                     unsigned long long ull, char c2, int i, unsigned short us,
                     const long long *in64, int i2, float f2, signed char sc,
                     long long ll2, float *fout, char c3, unsigned long long *sums) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long *o = sums + (unsigned long long)t * SUMS;
  o[0] = (unsigned long long)c + t;
  o[1] = (unsigned long long)ll + t;
  o[2] = (unsigned long long)s + t;
  o[3] = (unsigned long long)(v2.x * 1000 + v2.y) + t;
  o[4] = (unsigned long long)uc + t;
  o[5] = (unsigned long long)in[t] * 3 + t;
  o[6] = (unsigned long long)u + t;
  o[7] = (unsigned long long)s2 + t;
  o[8] = (unsigned long long)sm.tag * 1000000 + (unsigned long long)sm.value * 7 +
         (unsigned long long)sm.delta + t;
  o[9] = (flag ? 77ull : 11ull) + t;
  o[10] = ull + t;
  o[11] = (unsigned long long)c2 + t;
  o[12] = (unsigned long long)i + t;
  o[13] = (unsigned long long)us + t;
  o[14] = (unsigned long long)in64[t % 3] + t;
  o[15] = (unsigned long long)i2 + t;
  o[16] = (unsigned long long)sc + t;
  o[17] = (unsigned long long)ll2 + t;
  o[18] = (unsigned long long)c3 + t;
  o[19] = (unsigned long long)(int)f + t;       // float -> int truncates toward zero
  o[20] = (unsigned long long)(long long)f2 + t;
  o[21] = (unsigned long long)(int)v3.x + (unsigned long long)(int)v3.y * 100 +
          (unsigned long long)(int)v3.z * 10000 + t;
  o[22] = (unsigned long long)in[THREADS + (t & 1)] + t; // a second read through `in`
  o[23] = 0x5a5a5a5a5a5a5a5aull ^ t;
  fout[t * 5 + 0] = f;
  fout[t * 5 + 1] = f2;
  fout[t * 5 + 2] = v3.x;
  fout[t * 5 + 3] = v3.y;
  fout[t * 5 + 4] = v3.z;
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  const char c = -7, c2 = 100, c3 = -128;
  const long long ll = -0x123456789ALL, ll2 = 0x7edcba9876543210LL;
  const short s = -1234, s2 = 32767;
  const int2 v2 = make_int2(-42, 977);
  const unsigned char uc = 250;
  const float f = -12345.75f, f2 = 3.0e9f;
  const unsigned u = 0xdeadbeefu;
  const float3 v3 = make_float3(1.5f, -2.25f, 300.5f);
  Small sm;
  memset(&sm, 0, sizeof sm);
  sm.tag = 'Q';
  sm.value = -99999;
  sm.delta = -3;
  const bool flag = true;
  const unsigned long long ull = 0xfedcba9876543210ull;
  const int i = -2147483647 - 1, i2 = 123456789;
  const unsigned short us = 65535;
  const signed char sc = -1;

  int in[THREADS + 2];
  for (int k = 0; k < THREADS + 2; k++)
    in[k] = k * 11 - 200;
  const long long in64[3] = {-1LL, 0x100000000LL, -0x7fffffffffffffffLL};

  int *din;
  long long *din64;
  float *dfout;
  unsigned long long *dsums;
  if (check(cudaMalloc((void **)&din, sizeof in), "cudaMalloc") ||
      check(cudaMalloc((void **)&din64, sizeof in64), "cudaMalloc") ||
      check(cudaMalloc((void **)&dfout, THREADS * 5 * sizeof(float)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dsums, THREADS * SUMS * sizeof(unsigned long long)),
            "cudaMalloc") ||
      check(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(din64, in64, sizeof in64, cudaMemcpyHostToDevice), "memcpy"))
    return 1;

  // Two blocks of 20 threads: t covers 0..39.
  many<<<2, THREADS / 2>>>(c, ll, s, v2, uc, f, din, u, v3, s2, sm, flag, ull, c2, i, us,
                           din64, i2, f2, sc, ll2, dfout, c3, dsums);
  unsigned long long sums[THREADS * SUMS];
  float fout[THREADS * 5];
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "kernel") ||
      check(cudaMemcpy(sums, dsums, sizeof sums, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;

  for (unsigned t = 0; t < THREADS; t++) {
    unsigned long long w[SUMS];
    w[0] = (unsigned long long)c + t;
    w[1] = (unsigned long long)ll + t;
    w[2] = (unsigned long long)s + t;
    w[3] = (unsigned long long)(v2.x * 1000 + v2.y) + t;
    w[4] = (unsigned long long)uc + t;
    w[5] = (unsigned long long)in[t] * 3 + t;
    w[6] = (unsigned long long)u + t;
    w[7] = (unsigned long long)s2 + t;
    w[8] = (unsigned long long)sm.tag * 1000000 + (unsigned long long)sm.value * 7 +
           (unsigned long long)sm.delta + t;
    w[9] = (flag ? 77ull : 11ull) + t;
    w[10] = ull + t;
    w[11] = (unsigned long long)c2 + t;
    w[12] = (unsigned long long)i + t;
    w[13] = (unsigned long long)us + t;
    w[14] = (unsigned long long)in64[t % 3] + t;
    w[15] = (unsigned long long)i2 + t;
    w[16] = (unsigned long long)sc + t;
    w[17] = (unsigned long long)ll2 + t;
    w[18] = (unsigned long long)c3 + t;
    w[19] = (unsigned long long)(int)f + t;
    w[20] = (unsigned long long)(long long)f2 + t;
    w[21] = (unsigned long long)(int)v3.x + (unsigned long long)(int)v3.y * 100 +
            (unsigned long long)(int)v3.z * 10000 + t;
    w[22] = (unsigned long long)in[THREADS + (t & 1)] + t;
    w[23] = 0x5a5a5a5a5a5a5a5aull ^ t;
    for (int k = 0; k < SUMS; k++) {
      if (sums[t * SUMS + k] != w[k]) {
        printf("FAIL: thread %u checksum %d = 0x%llx, expected 0x%llx\n", t, k,
               sums[t * SUMS + k], w[k]);
        return 1;
      }
    }
    const float wf[5] = {f, f2, v3.x, v3.y, v3.z};
    for (int k = 0; k < 5; k++) {
      if (memcmp(&fout[t * 5 + k], &wf[k], sizeof(float)) != 0) {
        printf("FAIL: thread %u float %d = %.9g, expected %.9g\n", t, k, fout[t * 5 + k],
               wf[k]);
        return 1;
      }
    }
  }
  cudaFree(din);
  cudaFree(din64);
  cudaFree(dfout);
  cudaFree(dsums);
  printf("PASS\n");
  return 0;
}
