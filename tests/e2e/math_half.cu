// tests/e2e/math_half.cu — cuda_fp16.h on the device against the host, for every binary16
// bit pattern a (65536 threads; b and c are other patterns derived from a): the math
// functions (the host computes them in double with libm and rounds once, so a difference
// is a device result that is not the correctly rounded one), arithmetic (_rn, _sat, relu,
// _nan), comparisons, rounding-mode conversions (float -> half from a * 1.3 and midpoints,
// half -> integers, integers -> half), __half2 forms. Equal bits required (any NaN equals
// any NaN). Prints per-operation failures and PASS.
#include <cstdio>
#include <cuda_fp16.h>

#define OPS(X)                                                                                     \
  X(hexp(a))                                                                                       \
  X(hexp2(a)) X(hexp10(a)) X(hlog(a)) X(hlog2(a)) X(hlog10(a)) X(hsin(a)) X(hcos(a)) X(hrsqrt(a))  \
      X(hsqrt(a)) X(hrcp(a)) X(hceil(a)) X(hfloor(a)) X(htrunc(a)) X(hrint(a)) X(__hadd_rn(a, b))  \
          X(__hsub_sat(a, b)) X(__hmul_sat(a, b)) X(__hadd_sat(a, b)) X(__hfma_sat(a, b, c))       \
              X(__hfma_relu(a, b, c)) X(__hmax(a, b)) X(__hmin(a, b)) X(__hmax_nan(a, b))          \
                  X(__hmin_nan(a, b)) X(__hdiv(a, b)) X(__hmul_rn(a, b)) X(__hsub_rn(a, b)) X(     \
                      __float2half_rz(fa)) X(__float2half_ru(fa)) X(__float2half_rd(fa))           \
                      X(__float2half_rn(fa)) X(__float2half_rz(fm)) X(__float2half_ru(fm)) X(      \
                          __float2half_rd(fm)) X(__float2half_rn(fm)) X(__double2half(dm))         \
                          X(__int2half_rz(ia)) X(__int2half_ru(ia)) X(__int2half_rd(ia)) X(        \
                              __ll2half_rd(la)) X(__ull2half_ru((unsigned long long)la))           \
                              X(__uint2half_rz((unsigned)ia)) X(__ll2half_rn(la)) X(__ull2half_rn( \
                                  (unsigned long long)la)) X(__short2half_rd((short)ia))           \
                                  X(__ushort2half_ru((unsigned short)ia)) X(                       \
                                      __low2half(h2exp(__halves2half2(a, b))))                     \
                                      X(__high2half(h2log(__halves2half2(a, b)))) X(__low2half(    \
                                          __hfma2_relu(__halves2half2(a, b), __halves2half2(b, c), \
                                                       __halves2half2(c, a))))                     \
                                          X(__high2half(__hmax2_nan(__halves2half2(a, b),          \
                                                                    __halves2half2(c, a))))        \
                                              X(__low2half(__hlt2(__halves2half2(a, b),            \
                                                                  __halves2half2(b, a))))          \
                                                  X(__high2half(__hgeu2(__halves2half2(a, b),      \
                                                                        __halves2half2(c, c))))
#define INTS(X)                                                                                    \
  X(__half2uint_ru(a))                                                                             \
  X(__half2uint_rd(a)) X(__half2short_rn(a)) X(__half2short_rd(a)) X(__half2ushort_rn(a))          \
      X(__half2ushort_ru(a)) X((int)(__half2ll_ru(a) >> 1)) X((int)__half2ll_rz(a))                \
          X((int)__half2ull_rn(a)) X((int)(__half2ull_rd(a) >> 33)) X(__half2int_rn(a)) X(         \
              __half2int_ru(a)) X(__half2int_rd(a)) X(__half2uint_rn(a)) X(__half2short_ru(a))     \
              X(__half2ushort_rd(a)) X((int)__half2ll_rn(a)) X((int)(__half2ll_rd(a) >> 32)) X(    \
                  (int)__half2ull_ru(a)) X((int)(__half2ull_rz(a) >> 32)) X(__half2char_rz(a))     \
                  X(__half2uchar_rz(a))                                                            \
                      X(__hequ(a, b) | __hneu(a, b) << 1 | __hltu(a, b) << 2 | __hleu(a, b) << 3 | \
                        __hgtu(a, b) << 4 | __hgeu(a, b) << 5 | __hne(a, b) << 6 |                 \
                        __hbltu2(__halves2half2(a, b), __halves2half2(b, a)) << 7 |                \
                        __hbge2(__halves2half2(a, b), __halves2half2(b, c))                        \
                            << 8) X((int)__hlt2_mask(__halves2half2(a, b), __halves2half2(b, c)))  \
                          X((int)__half_as_ushort(__low2half(__hisnan2(__halves2half2(a, b)))))

#define COUNT(e) +1
enum { NOPS = 0 OPS(COUNT), NINTS = 0 INTS(COUNT), N = 65536 };

#define INPUTS                                                                                     \
  __half a = __ushort_as_half((unsigned short)i),                                                  \
         b = __ushort_as_half((unsigned short)(i * 40503u + 7)),                                   \
         c = __ushort_as_half((unsigned short)(i * 2654435761u >> 7));                             \
  float fa = __half2float(a) * 1.3f;                                                               \
  /* the midpoint above a (exact in float), nudged by the low bits of i */                         \
  float fm = __half2float(a) +                                                                     \
             (__half2float(__ushort_as_half((unsigned short)(i + 1))) - __half2float(a)) * 0.5f;   \
  fm = __int_as_float(__float_as_int(fm) + (int)(i % 3) - 1);                                      \
  double dm = (double)fm + (double)fm * 0x1p-30;                                                   \
  int ia = (int)(i * 2654435761u) >> (i & 15);                                                     \
  long long la = (long long)ia << (i & 31);

__global__ void kernel(unsigned short *out, int *iout) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  INPUTS
  unsigned short *o = out + (size_t)i * NOPS;
  int *io = iout + (size_t)i * NINTS;
#define STORE(e) *o++ = __half_as_ushort(e);
#define ISTORE(e) *io++ = (int)(e);
  OPS(STORE)
  INTS(ISTORE)
}

static int host_float_as_int(float f) {
  int i;
  __builtin_memcpy(&i, &f, 4);
  return i;
}
static float host_int_as_float(int i) {
  float f;
  __builtin_memcpy(&f, &i, 4);
  return f;
}
#define __int_as_float host_int_as_float
#define __float_as_int host_float_as_int

int main() {
  unsigned short *dout;
  int *diout;
  cudaMalloc(&dout, (size_t)N * NOPS * 2);
  cudaMalloc(&diout, (size_t)N * NINTS * 4);
  kernel<<<N / 256, 256>>>(dout, diout);
  unsigned short *out = new unsigned short[(size_t)N * NOPS];
  int *iout = new int[(size_t)N * NINTS];
  cudaMemcpy(out, dout, (size_t)N * NOPS * 2, cudaMemcpyDeviceToHost);
  cudaMemcpy(iout, diout, (size_t)N * NINTS * 4, cudaMemcpyDeviceToHost);
  if (cudaGetLastError() != cudaSuccess) {
    printf("FAIL: CUDA error\n");
    return 1;
  }
  const char *names[] = {
#define NAME(e) #e,
      OPS(NAME)};
  const char *inames[] = {INTS(NAME)};
  int bad[NOPS + NINTS] = {0}, failures = 0;
  for (unsigned int i = 0; i < N; i++) {
    INPUTS
    unsigned short want[NOPS];
    int iwant[NINTS];
    unsigned short *o = want;
    int *io = iwant;
    OPS(STORE)
    INTS(ISTORE)
    for (int k = 0; k < NOPS; k++) {
      unsigned short g = out[(size_t)i * NOPS + k], w = want[k];
      bool nans = __hisnan(__ushort_as_half(g)) && __hisnan(__ushort_as_half(w));
      if (g != w && !nans && bad[k]++ < 3)
        printf("FAIL: %s a=%04x b=%04x c=%04x: device %04x host %04x\n", names[k],
               __half_as_ushort(a), __half_as_ushort(b), __half_as_ushort(c), g, w);
    }
    for (int k = 0; k < NINTS; k++)
      if (iout[(size_t)i * NINTS + k] != iwant[k] && bad[NOPS + k]++ < 3)
        printf("FAIL: %s a=%04x b=%04x: device %d host %d\n", inames[k], __half_as_ushort(a),
               __half_as_ushort(b), iout[(size_t)i * NINTS + k], iwant[k]);
  }
  for (int k = 0; k < NOPS + NINTS; k++)
    if (bad[k])
      printf("%s: %d of %d differ\n", k < NOPS ? names[k] : inames[k - NOPS], bad[k], N),
          failures++;
  printf(failures ? "FAIL: %d operations\n" : "PASS\n", failures);
  return failures != 0;
}
