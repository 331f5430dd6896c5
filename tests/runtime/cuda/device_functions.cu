// tests/runtime/cuda/device_functions.cu — the exact device functions of
// include/anchor/device_functions.h, computed by a kernel for many inputs
// (negative, zero, halves, NaN, infinities, extremes) and compared bit for
// bit with the same functions on the host (libm/libc, or CUDA's documented
// definition for __popc & co.). Prints PASS or FAIL lines.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

enum { NF = 16, FLOAT_OPS = 14, NI = 12, INT_OPS = 16 };

__global__ void float_ops(const float *in, float *out) {
  int i = threadIdx.x;
  float x = in[i], y = in[(i + 5) % NF];
  float *o = out + i * FLOAT_OPS;
  o[0] = fminf(x, y);
  o[1] = fmaxf(x, y);
  o[2] = fabsf(x);
  o[3] = floorf(x);
  o[4] = ceilf(x);
  o[5] = truncf(x);
  o[6] = rintf(x);
  o[7] = roundf(x);
  o[8] = fmaf(x, 3.0f, y);
  o[9] = copysignf(x, y);
  o[10] = __saturatef(x);
  o[11] = min(x, y);
  o[12] = max(x, y);
  o[13] = __int_as_float(__float_as_int(x) ^ 1);
}

__global__ void int_ops(const int *in, long long *out) {
  int i = threadIdx.x;
  int a = in[i], b = in[(i + 7) % NI];
  long long *o = out + i * INT_OPS;
  o[0] = min(a, b);
  o[1] = max(a, b);
  o[2] = umin((unsigned)a, (unsigned)b);
  o[3] = umax((unsigned)a, (unsigned)b);
  o[4] = llmin((long long)a * 3, (long long)b * 5);
  o[5] = ullmax((unsigned long long)a, (unsigned long long)b);
  o[6] = abs(a == (-2147483647 - 1) ? 5 : a);
  o[7] = llabs((long long)a * 1000);
  o[8] = __popc((unsigned)a);
  o[9] = __popcll(((unsigned long long)(unsigned)a << 32) | (unsigned)b);
  o[10] = __clz(a);
  o[11] = __ffs(a);
  o[12] = __mul24(a, b);
  o[13] = __umulhi((unsigned)a, (unsigned)b);
  o[14] = __mulhi(a, b);
  o[15] = min(a, (unsigned)b); // mixed: unsigned
}

static int popc(unsigned long long x) { int n = 0; for (; x; x &= x - 1) n++; return n; }
static int clz32(unsigned x) { int n = 0; for (unsigned m = 1u << 31; m && !(x & m); m >>= 1) n++; return n; }
static int ffs32(unsigned x) { for (int i = 0; i < 32; i++) if (x & (1u << i)) return i + 1; return 0; }
static int mul24(int a, int b) {
  long long a24 = (int)((unsigned)a << 8) >> 8, b24 = (int)((unsigned)b << 8) >> 8;
  return (int)(unsigned)(a24 * b24);
}
// CUDA: clamped to [+0.0, 1.0], NaN to +0.0.
static float saturate(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

int main() {
  float fin[NF] = {-2.5f, -1.5f, -0.5f, -0.0f, 0.0f, 0.5f, 1.5f, 2.5f, 3.7f, -3.7f,
                   1e30f, -1e-30f, INFINITY, -INFINITY, NAN, 0.75f};
  int iin[NI] = {0, 1, -1, 7, -8, 123456, -123456, 0x7fffffff, -2147483647 - 1, 0x00ffffff, 0x12345678,
                 -0x01000000};
  float *dfin, *dfout;
  int *diin;
  long long *diout;
  cudaMalloc(&dfin, sizeof fin);
  cudaMalloc(&dfout, NF * FLOAT_OPS * sizeof(float));
  cudaMalloc(&diin, sizeof iin);
  cudaMalloc(&diout, NI * INT_OPS * sizeof(long long));
  cudaMemcpy(dfin, fin, sizeof fin, cudaMemcpyHostToDevice);
  cudaMemcpy(diin, iin, sizeof iin, cudaMemcpyHostToDevice);
  float_ops<<<1, NF>>>(dfin, dfout);
  int_ops<<<1, NI>>>(diin, diout);
  float fout[NF * FLOAT_OPS];
  long long iout[NI * INT_OPS];
  cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost);
  cudaMemcpy(iout, diout, sizeof iout, cudaMemcpyDeviceToHost);
  int failures = 0;
  for (int i = 0; i < NF; i++) {
    float x = fin[i], y = fin[(i + 5) % NF];
    int xi;
    memcpy(&xi, &x, 4);
    xi ^= 1;
    float flipped;
    memcpy(&flipped, &xi, 4);
    float want[FLOAT_OPS] = {fminf(x, y), fmaxf(x, y), fabsf(x), floorf(x), ceilf(x), truncf(x),
                             rintf(x), roundf(x), fmaf(x, 3.0f, y), copysignf(x, y), saturate(x),
                             fminf(x, y), fmaxf(x, y), flipped};
    for (int k = 0; k < FLOAT_OPS; k++) {
      float got = fout[i * FLOAT_OPS + k];
      bool same = memcmp(&got, &want[k], 4) == 0 || (std::isnan(got) && std::isnan(want[k]));
      if (!same) {
        printf("FAIL: float op %d on x=%g y=%g: got %a want %a\n", k, x, y, got, want[k]);
        failures++;
      }
    }
  }
  for (int i = 0; i < NI; i++) {
    int a = iin[i], b = iin[(i + 7) % NI];
    unsigned ua = (unsigned)a, ub = (unsigned)b;
    long long la = (long long)a * 3, lb = (long long)b * 5;
    long long want[INT_OPS] = {a < b ? a : b, a > b ? a : b, ua < ub ? ua : ub, ua > ub ? ua : ub,
                               la < lb ? la : lb,
                               (long long)((unsigned long long)(long long)a > (unsigned long long)(long long)b
                                               ? (unsigned long long)(long long)a
                                               : (unsigned long long)(long long)b),
                               std::abs(a == (-2147483647 - 1) ? 5 : a), std::llabs((long long)a * 1000),
                               popc(ua), popc(((unsigned long long)ua << 32) | ub), clz32(ua), ffs32(ua),
                               mul24(a, b), (long long)(unsigned)(((unsigned long long)ua * ub) >> 32),
                               (long long)(int)(((long long)a * b) >> 32), ua < ub ? ua : ub};
    for (int k = 0; k < INT_OPS; k++)
      if (iout[i * INT_OPS + k] != want[k]) {
        printf("FAIL: int op %d on a=%d b=%d: got %lld want %lld\n", k, a, b, iout[i * INT_OPS + k], want[k]);
        failures++;
      }
  }
  if (cudaGetLastError() != cudaSuccess) failures++;
  if (!failures) printf("PASS\n");
  return failures ? 1 : 0;
}
