// tests/e2e/math_half.cu — cuda_fp16.h on the device against the host, for every binary16
// bit pattern a (65536 threads; b and c are other patterns derived from a): the math
// functions (the host computes them in double with libm and rounds once, so a difference
// is a device result that is not the correctly rounded one), arithmetic (_rn, _sat, relu,
// _nan), comparisons, rounding-mode conversions (float -> half from a * 1.3 and midpoints,
// half -> integers, integers -> half), __half2 forms. Equal bits required (any NaN equals
// any NaN). Prints per-operation failures and PASS.
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>

#define OPS(X)                                                                                     \
  X(hexp(a))                                                                                       \
  X(hexp2(a))                                                                                      \
  X(hexp10(a)) X(hlog(a)) X(hlog2(a)) X(hlog10(a)) X(hsin(a)) X(hcos(a)) X(hrsqrt(a)) X(hsqrt(a))  \
      X(hrcp(a)) X(hceil(a)) X(hfloor(a)) X(htrunc(a)) X(hrint(a)) X(__hadd_rn(a, b))              \
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
  X(__half2uint_rd(a))                                                                             \
  X(__half2short_rn(a)) X(__half2short_rd(a)) X(__half2ushort_rn(a)) X(__half2ushort_ru(a)) X(     \
      (int)(__half2ll_ru(a) >> 1)) X((int)__half2ll_rz(a)) X((int)__half2ull_rn(a))                \
      X((int)(__half2ull_rd(a) >> 33)) X(__half2int_rn(a)) X(__half2int_ru(a)) X(__half2int_rd(a)) \
          X(__half2uint_rn(a)) X(__half2short_ru(a)) X(__half2ushort_rd(a))                        \
              X((int)__half2ll_rn(a)) X((int)(__half2ll_rd(a) >> 32)) X((int)__half2ull_ru(a))     \
                  X((int)(__half2ull_rz(a) >> 32)) X(__half2char_rz(a)) X(__half2uchar_rz(a))      \
                      X(__hequ(a, b) | __hneu(a, b) << 1 | __hltu(a, b) << 2 | __hleu(a, b) << 3 | \
                        __hgtu(a, b) << 4 | __hgeu(a, b) << 5 | __hne(a, b) << 6 |                 \
                        __hbltu2(__halves2half2(a, b), __halves2half2(b, a)) << 7 |                \
                        __hbge2(__halves2half2(a, b), __halves2half2(b, c))                        \
                            << 8) X((int)__hlt2_mask(__halves2half2(a, b), __halves2half2(b, c)))  \
                          X((int)__half_as_ushort(__low2half(__hisnan2(__halves2half2(a, b)))))

// Added with the rest of the CUDA 13 surface: tanh, __hcmadd, the class's conversions and
// operators (spelled through macros that the host side redefines as references).
#define OPS2(X)                                                                                    \
  OPS(X)                                                                                           \
  X(htanh(a))                                                                                      \
  X(htanh_approx(a))                                                                               \
  X(__high2half(h2tanh(__halves2half2(a, b))))                                                     \
      X(__low2half(__hcmadd(__halves2half2(a, b), __halves2half2(b, c), __halves2half2(c, a)))) X( \
          __high2half(__hcmadd(__halves2half2(a, b), __halves2half2(b, c), __halves2half2(c, a)))) \
          X(INCS(a)) X(__low2half(SUB2(__halves2half2(a, b), __halves2half2(c, a))))
#define INTS2(X)                                                                                   \
  INTS(X)                                                                                          \
  X(TO_INT(a))                                                                                     \
  X(TO_UCHAR(a))                                                                                   \
  X((int)(TO_LL(a) >> 3)) X(TO_BOOL(a)) X(NE2(__halves2half2(a, b), __halves2half2(b, c)) |        \
                                          LT2(__halves2half2(a, b), __halves2half2(b, c)) << 1)
#define INCS(a) device_incs(a)
#define NE2(p, q) ((p) != (q))
#define LT2(p, q) ((p) < (q))
#define SUB2(p, q) device_sub2(p, q)
#define TO_INT(a) ((int)(a))
#define TO_UCHAR(a) ((int)(unsigned char)(a))
#define TO_LL(a) ((long long)(a))
#define TO_BOOL(a) ((bool)(a))
__host__ __device__ static __half device_incs(__half a) {
  a++;
  ++a;
  return --a;
}
__host__ __device__ static __half2 device_sub2(__half2 a, __half2 b) {
  a -= b;
  return a;
}

#define COUNT(e) +1
enum { NOPS = 0 OPS2(COUNT), NINTS = 0 INTS2(COUNT), N = 65536 };

#define INPUTS                                                                                     \
  __half a = __ushort_as_half((unsigned short)i),                                                  \
         b = __ushort_as_half((unsigned short)(i * 40503u + 7)),                                   \
         c = __ushort_as_half((unsigned short)(i * 2654435761u >> 7));                             \
  float fa = __half2float(a) * 1.3f;                                                               \
  /* the midpoint above a (exact in float), nudged by the low bits of i */                         \
  float fm = __half2float(a) +                                                                     \
             (__half2float(__ushort_as_half((unsigned short)(i + 1))) - __half2float(a)) * 0.5f;   \
  if (fm == fm) fm = __int_as_float(__float_as_int(fm) + (int)(i % 3) - 1);                        \
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
  OPS2(STORE)
  INTS2(ISTORE)
}

// ---- warp shuffles of the 16-bit type and its pair (two warps) ------------------------------
static unsigned shfl_in(unsigned i) {
  return (unsigned short)(i * 2654435761u >> 16);
}
static unsigned shfl_in2(unsigned i) {
  return shfl_in(i) | (i * 40503u & 0xffffu) << 16;
}
__global__ void shuffles(unsigned *out) {
  unsigned i = threadIdx.x;
  __half h = __ushort_as_half((unsigned short)(i * 2654435761u >> 16));
  __half2 p = __halves2half2(h, __ushort_as_half((unsigned short)(i * 40503u)));
  out[4 * i] = __half_as_ushort(__shfl_sync(0xffffffffu, h, (int)(i * 7 % 32)));
  __half2 q = __shfl_up_sync(0xffffffffu, p, 3);
  out[4 * i + 1] = __half_as_ushort(q.x) | (unsigned)__half_as_ushort(q.y) << 16;
  out[4 * i + 2] = __half_as_ushort(__shfl_down_sync(0xffffffffu, h, 5));
  q = __shfl_xor_sync(0xffffffffu, p, 9);
  out[4 * i + 3] = __half_as_ushort(q.x) | (unsigned)__half_as_ushort(q.y) << 16;
}
static int check_shuffles() {
  unsigned *d, got[256];
  cudaMalloc(&d, sizeof got);
  shuffles<<<1, 64>>>(d);
  cudaMemcpy(got, d, sizeof got, cudaMemcpyDeviceToHost);
  cudaFree(d);
  int bad = 0;
  for (unsigned i = 0; i < 64; i++) {
    unsigned lane = i % 32, base = i - lane;
    unsigned want[4] = {shfl_in(base + i * 7 % 32), lane >= 3 ? shfl_in2(i - 3) : shfl_in2(i),
                        lane + 5 < 32 ? shfl_in(i + 5) : shfl_in(i), shfl_in2(base + (lane ^ 9))};
    for (int k = 0; k < 4; k++)
      if (got[4 * i + k] != want[k] && bad++ < 5)
        printf("FAIL: shuffle %d at thread %u: %08x, want %08x\n", k, i, got[4 * i + k], want[k]);
  }
  return bad;
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

#ifdef __clang__
// Anchor's functions work on the host too (nvcc's mostly do not): the same operations
// through the library on the host, checked against the same references as the device's.
static void host_library(unsigned int i, unsigned short *o, int *io) {
  INPUTS
  OPS2(STORE)
  INTS2(ISTORE)
}
static bool host_isnan(unsigned short u) {
  return __hisnan(__ushort_as_half(u));
}
#endif

// ---- the host side: references (math_fp16_ref.h) in place of the library's names --------
#include "math_fp16_ref.h"
typedef Fp16Ref<__half, Fp16RefPair<__half>, 11, -14, 15, 0x3c00u> HalfRef;
#define FP16_REF HalfRef
#include "math_fp16_ref_names.h"
#define __halves2half2 HalfRef::pair
#define __low2half HalfRef::lo
#define __high2half HalfRef::hi
#define __half_as_ushort HalfRef::bits
#define __ushort_as_half HalfRef::make
#define __half2float HalfRef::to_float
#define __float2half_rn(v) HalfRef::round((long double)(v), 0)
#define __float2half_rz(v) HalfRef::round((long double)(v), 1)
#define __float2half_ru(v) HalfRef::round((long double)(v), 2)
#define __float2half_rd(v) HalfRef::round((long double)(v), 3)
#define __int2half_rn(v) HalfRef::round((long double)(v), 0)
#define __int2half_rz(v) HalfRef::round((long double)(v), 1)
#define __int2half_ru(v) HalfRef::round((long double)(v), 2)
#define __int2half_rd(v) HalfRef::round((long double)(v), 3)
#define __uint2half_rn(v) HalfRef::round((long double)(v), 0)
#define __uint2half_rz(v) HalfRef::round((long double)(v), 1)
#define __uint2half_ru(v) HalfRef::round((long double)(v), 2)
#define __uint2half_rd(v) HalfRef::round((long double)(v), 3)
#define __short2half_rn(v) HalfRef::round((long double)(v), 0)
#define __short2half_rz(v) HalfRef::round((long double)(v), 1)
#define __short2half_ru(v) HalfRef::round((long double)(v), 2)
#define __short2half_rd(v) HalfRef::round((long double)(v), 3)
#define __ushort2half_rn(v) HalfRef::round((long double)(v), 0)
#define __ushort2half_rz(v) HalfRef::round((long double)(v), 1)
#define __ushort2half_ru(v) HalfRef::round((long double)(v), 2)
#define __ushort2half_rd(v) HalfRef::round((long double)(v), 3)
#define __ll2half_rn(v) HalfRef::round((long double)(v), 0)
#define __ll2half_rz(v) HalfRef::round((long double)(v), 1)
#define __ll2half_ru(v) HalfRef::round((long double)(v), 2)
#define __ll2half_rd(v) HalfRef::round((long double)(v), 3)
#define __ull2half_rn(v) HalfRef::round((long double)(v), 0)
#define __ull2half_rz(v) HalfRef::round((long double)(v), 1)
#define __ull2half_ru(v) HalfRef::round((long double)(v), 2)
#define __ull2half_rd(v) HalfRef::round((long double)(v), 3)
#define __double2half(v) HalfRef::round((long double)(v), 0)
#define __half2int_rn(a) ((int)HalfRef::to_signed(a, 0, -2147483647LL - 1, 2147483647LL))
#define __half2uint_rn(a) ((unsigned)HalfRef::to_unsigned(a, 0, 0xffffffffull))
#define __half2short_rn(a) ((short)HalfRef::to_signed(a, 0, -32768, 32767))
#define __half2ushort_rn(a) ((unsigned short)HalfRef::to_unsigned(a, 0, 65535))
#define __half2ll_rn(a) HalfRef::to_ll(a, 0)
#define __half2ull_rn(a) HalfRef::to_ull(a, 0)
#define __half2int_rz(a) ((int)HalfRef::to_signed(a, 1, -2147483647LL - 1, 2147483647LL))
#define __half2uint_rz(a) ((unsigned)HalfRef::to_unsigned(a, 1, 0xffffffffull))
#define __half2short_rz(a) ((short)HalfRef::to_signed(a, 1, -32768, 32767))
#define __half2ushort_rz(a) ((unsigned short)HalfRef::to_unsigned(a, 1, 65535))
#define __half2ll_rz(a) HalfRef::to_ll(a, 1)
#define __half2ull_rz(a) HalfRef::to_ull(a, 1)
#define __half2int_ru(a) ((int)HalfRef::to_signed(a, 2, -2147483647LL - 1, 2147483647LL))
#define __half2uint_ru(a) ((unsigned)HalfRef::to_unsigned(a, 2, 0xffffffffull))
#define __half2short_ru(a) ((short)HalfRef::to_signed(a, 2, -32768, 32767))
#define __half2ushort_ru(a) ((unsigned short)HalfRef::to_unsigned(a, 2, 65535))
#define __half2ll_ru(a) HalfRef::to_ll(a, 2)
#define __half2ull_ru(a) HalfRef::to_ull(a, 2)
#define __half2int_rd(a) ((int)HalfRef::to_signed(a, 3, -2147483647LL - 1, 2147483647LL))
#define __half2uint_rd(a) ((unsigned)HalfRef::to_unsigned(a, 3, 0xffffffffull))
#define __half2short_rd(a) ((short)HalfRef::to_signed(a, 3, -32768, 32767))
#define __half2ushort_rd(a) ((unsigned short)HalfRef::to_unsigned(a, 3, 65535))
#define __half2ll_rd(a) HalfRef::to_ll(a, 3)
#define __half2ull_rd(a) HalfRef::to_ull(a, 3)
#define __half2char_rz(a) ((signed char)HalfRef::to_signed(a, 1, -128, 127))
#define __half2uchar_rz(a) ((unsigned char)HalfRef::to_unsigned(a, 1, 255))

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
      OPS2(NAME)};
  const char *inames[] = {INTS2(NAME)};
  int bad[NOPS + NINTS] = {0}, failures = 0, host_bad = 0;
  for (unsigned int i = 0; i < N; i++) {
    INPUTS
    unsigned short want[NOPS];
    int iwant[NINTS];
    unsigned short *o = want;
    int *io = iwant;
    OPS2(STORE)
    INTS2(ISTORE)
#ifdef __clang__
    unsigned short lib[NOPS];
    int ilib[NINTS];
    host_library(i, lib, ilib);
    for (int k = 0; k < NOPS; k++)
      if (lib[k] != want[k] && !(host_isnan(lib[k]) && host_isnan(want[k])) && host_bad++ < 5)
        printf("FAIL: host %s at i=%04x: library %04x reference %04x\n", names[k], i, lib[k],
               want[k]);
    for (int k = 0; k < NINTS; k++)
      if (ilib[k] != iwant[k] && host_bad++ < 5)
        printf("FAIL: host %s at i=%04x: library %d reference %d\n", inames[k], i, ilib[k],
               iwant[k]);
#endif
    for (int k = 0; k < NOPS; k++) {
      unsigned short g = out[(size_t)i * NOPS + k], w = want[k];
      bool nans = __hisnan(__ushort_as_half(g)) && __hisnan(__ushort_as_half(w));
      bool approx = fp16_ref_approx_ok(names[k], g, w);
      if (g != w && !nans && !approx && bad[k]++ < 3)
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
  if (check_shuffles()) printf("warp shuffles differ\n"), failures++;
  if (host_bad) printf("host library: %d differences\n", host_bad), failures++;
  printf(failures ? "FAIL: %d operations\n" : "PASS\n", failures);
  return failures != 0;
}
