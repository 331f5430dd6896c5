// tests/runtime/cuda/fp16.cu — cuda_fp16.h on the device against the host:
// conversions (round to nearest even, subnormals, overflow to infinity, NaN),
// __hadd/__hsub/__hmul/__hdiv/__hfma/__hneg/__habs/__hmax/__hmin, their
// __half2 forms, comparisons and the C++ operators, over many pairs of
// binary16 values including the awkward ones. Results must be equal bit for
// bit (NaNs compare as NaNs). Prints PASS or FAIL lines.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

enum { N = 40, OPS = 14, FROM_FLOATS = 12 };

__global__ void half_ops(const __half *in, unsigned short *out, int *flags) {
  int i = threadIdx.x;
  __half a = in[i], b = in[(i * 7 + 3) % N], c = in[(i * 13 + 5) % N];
  __half r[OPS] = {__hadd(a, b), __hsub(a, b), __hmul(a, b), __hdiv(a, b), __hfma(a, b, c),
                   __hneg(a),    __habs(a),    __hmax(a, b), __hmin(a, b), a + b * c,
                   -a / b,       __low2half(__hmul2(__halves2half2(a, b), __halves2half2(c, a))),
                   __high2half(__hfma2(__halves2half2(a, b), __halves2half2(b, c), __halves2half2(c, a))),
                   __float2half(__half2float(a) * 0.1f)};
  for (int k = 0; k < OPS; k++) out[i * OPS + k] = __half_as_ushort(r[k]);
  flags[i] = __heq(a, b) | __hne(a, b) << 1 | __hlt(a, b) << 2 | __hle(a, b) << 3 | __hgt(a, b) << 4 |
             __hge(a, b) << 5 | __hisnan(a) << 6 | (__hisinf(a) + 1) << 7 | (a == b) << 9 |
             (a != b) << 10 | (a < b) << 11 | (__half2int_rz(a) & 0xff) << 12;
}

__global__ void from_floats(const float *in, unsigned short *out) {
  int i = threadIdx.x;
  out[i] = __half_as_ushort(__float2half_rn(in[i]));
}

static __half bits(unsigned short u) { return __ushort_as_half(u); }
// The host's fma reference: exact in double for finite binary16 results,
// then one rounding (CUDA's __hfma is device-only).
static __half host_fma(__half a, __half b, __half c) {
  return __double2half(fma((double)__half2float(a), (double)__half2float(b), (double)__half2float(c)));
}

int main() {
  // zeros, subnormals, normals near 1, large, max, infinities, NaN, odd patterns
  unsigned short patterns[N] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x3c01,
                                0x3bff, 0x4000, 0xc000, 0x3555, 0x4248, 0x7bff, 0xfbff, 0x7c00, 0xfc00,
                                0x7e00, 0x5640, 0xd640, 0x1234, 0x9234, 0x2e66, 0x4b00, 0xcb00, 0x0200,
                                0x6000, 0xe000, 0x3800, 0xb800, 0x3e00, 0x4500, 0x7000, 0x0c00, 0x8c00,
                                0x4d2e, 0x3fff, 0x5a5a, 0xa5a5};
  __half in[N];
  for (int i = 0; i < N; i++) in[i] = bits(patterns[i]);
  float floats[FROM_FLOATS] = {0.1f, -0.1f, 65504.0f, 65519.99f, 65520.0f, 1e-8f, 2.98e-8f, 5.97e-8f,
                               1.0f + 1.0f / 2048.0f, 1.0f + 3.0f / 2048.0f, -0.0f, 1e30f};
  __half *din;
  unsigned short *dout, *dfout;
  int *dflags;
  float *dfloats;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, N * OPS * sizeof(unsigned short));
  cudaMalloc(&dflags, N * sizeof(int));
  cudaMalloc(&dfloats, sizeof floats);
  cudaMalloc(&dfout, FROM_FLOATS * sizeof(unsigned short));
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemcpy(dfloats, floats, sizeof floats, cudaMemcpyHostToDevice);
  half_ops<<<1, N>>>(din, dout, dflags);
  from_floats<<<1, FROM_FLOATS>>>(dfloats, dfout);
  unsigned short out[N * OPS], fout[FROM_FLOATS];
  int flags[N];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(flags, dflags, sizeof flags, cudaMemcpyDeviceToHost);
  cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost);
  int failures = cudaGetLastError() != cudaSuccess;
  for (int i = 0; i < N; i++) {
    __half a = in[i], b = in[(i * 7 + 3) % N], c = in[(i * 13 + 5) % N];
    __half want[OPS] = {__hadd(a, b), __hsub(a, b), __hmul(a, b), __hdiv(a, b), host_fma(a, b, c),
                        __hneg(a),    __habs(a),    __hmax(a, b), __hmin(a, b), a + b * c,
                        -a / b,       __hmul(a, c), host_fma(b, c, a), __float2half(__half2float(a) * 0.1f)};
    for (int k = 0; k < OPS; k++) {
      unsigned short w = __half_as_ushort(want[k]), g = out[i * OPS + k];
      bool both_nan = __hisnan(want[k]) && __hisnan(bits(g));
      if (g != w && !both_nan) {
        printf("FAIL: op %d on %04x %04x %04x: device %04x host %04x\n", k, patterns[i],
               __half_as_ushort(b), __half_as_ushort(c), g, w);
        failures++;
      }
    }
    int want_flags = __heq(a, b) | __hne(a, b) << 1 | __hlt(a, b) << 2 | __hle(a, b) << 3 |
                     __hgt(a, b) << 4 | __hge(a, b) << 5 | __hisnan(a) << 6 | (__hisinf(a) + 1) << 7 |
                     (a == b) << 9 | (a != b) << 10 | (a < b) << 11 | (__half2int_rz(a) & 0xff) << 12;
    if (flags[i] != want_flags) {
      printf("FAIL: comparisons of %04x and %04x: device %x host %x\n", patterns[i], __half_as_ushort(b),
             flags[i], want_flags);
      failures++;
    }
  }
  // Known conversions (binary16 bit patterns, round to nearest even).
  unsigned short want_from_floats[FROM_FLOATS] = {0x2e66, 0xae66, 0x7bff, 0x7bff, 0x7c00, 0x0000,
                                                  0x0000, 0x0001, 0x3c00, 0x3c02, 0x8000, 0x7c00};
  for (int i = 0; i < FROM_FLOATS; i++) {
    unsigned short host = __half_as_ushort(__float2half_rn(floats[i]));
    if (fout[i] != want_from_floats[i] || host != want_from_floats[i]) {
      printf("FAIL: __float2half_rn(%a): device %04x host %04x expected %04x\n", floats[i], fout[i], host,
             want_from_floats[i]);
      failures++;
    }
  }
  if (!failures) printf("PASS\n");
  return failures ? 1 : 0;
}
