// tests/e2e/math_bf16.cu — cuda_bf16.h on the device against the host, for every bfloat16
// bit pattern a (65536 threads; b and c are other patterns derived from a): the math
// functions (the host computes them in double with libm and rounds once, so a difference
// is a device result that is not the correctly rounded one), arithmetic (_rn, _sat, relu,
// _nan), comparisons, rounding-mode conversions (float -> bfloat16 from a * 1.3 and midpoints,
// bfloat16 -> integers, integers -> bfloat16), __nv_bfloat162 forms. Equal bits required (any NaN
// equals any NaN). Then, on the host, the directed conversions against an independent reference
// (below). Prints per-operation failures and PASS.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <cuda_bf16.h>

#define OPS(X)                                                                                     \
  X(hexp(a))                                                                                       \
  X(hexp2(a))                                                                                      \
  X(hexp10(a)) X(hlog(a)) X(hlog2(a)) X(hlog10(a)) X(hsin(a)) X(hcos(a)) X(hrsqrt(a)) X(           \
      hsqrt(a)) X(hrcp(a)) X(hceil(a)) X(hfloor(a)) X(htrunc(a)) X(hrint(a)) X(__hadd_rn(a, b))    \
      X(__hsub_sat(a, b)) X(__hmul_sat(a, b)) X(__hadd_sat(a, b)) X(__hfma_sat(a, b, c)) X(        \
          __hfma_relu(a, b, c)) X(__hmax(a, b)) X(__hmin(a, b)) X(__hmax_nan(a, b))                \
          X(__hmin_nan(a, b)) X(__hdiv(a, b)) X(__hmul_rn(a, b)) X(__hsub_rn(a, b)) X(             \
              __float2bfloat16_rz(fa)) X(__float2bfloat16_ru(fa)) X(__float2bfloat16_rd(fa))       \
              X(__float2bfloat16_rn(fa)) X(__float2bfloat16_rz(fm)) X(__float2bfloat16_ru(fm)) X(  \
                  __float2bfloat16_rd(fm)) X(__float2bfloat16_rn(fm)) X(__double2bfloat16(dm))     \
                  X(__int2bfloat16_rz(ia)) X(__int2bfloat16_ru(ia)) X(__int2bfloat16_rd(ia)) X(    \
                      __ll2bfloat16_rd(la)) X(__ull2bfloat16_ru((unsigned long long)la))           \
                      X(                                                                           \
                          __uint2bfloat16_rz((unsigned)ia)) X(__ll2bfloat16_rn(la))                \
                          X(__ull2bfloat16_rn((unsigned long long)la)) X(__int2bfloat16_rn(ia)) X( \
                              __uint2bfloat16_rd((unsigned)ia)) X(__short2bfloat16_rd((short)ia))  \
                              X(__ushort2bfloat16_ru((unsigned short)ia))                          \
                                  X(__low2bfloat16(h2exp(__halves2bfloat162(a, b))))               \
                                      X(__high2bfloat16(h2log(__halves2bfloat162(a, b)))) X(       \
                                          __low2bfloat16(__hfma2_relu(__halves2bfloat162(a, b),    \
                                                                      __halves2bfloat162(b, c),    \
                                                                      __halves2bfloat162(c, a))))  \
                                          X(__high2bfloat16(                                       \
                                              __hmax2_nan(__halves2bfloat162(a, b),                \
                                                          __halves2bfloat162(c, a))))              \
                                              X(__low2bfloat16(__hlt2(__halves2bfloat162(a, b),    \
                                                                      __halves2bfloat162(b, a))))  \
                                                  X(__high2bfloat16(                               \
                                                      __hgeu2(__halves2bfloat162(a, b),            \
                                                              __halves2bfloat162(c, c))))
#define INTS(X)                                                                                    \
  X(__bfloat162uint_ru(a))                                                                         \
  X(__bfloat162uint_rd(a))                                                                         \
  X(__bfloat162short_rn(a)) X(__bfloat162short_rd(a)) X(__bfloat162ushort_rn(a))                   \
      X(__bfloat162ushort_ru(a)) X((int)(__bfloat162ll_ru(a) >> 1)) X((int)__bfloat162ll_rz(a)) X( \
          (int)__bfloat162ull_rn(a)) X((int)(__bfloat162ull_rd(a) >> 33)) X(__bfloat162int_rn(a))  \
          X(__bfloat162int_ru(a)) X(__bfloat162int_rd(a)) X(__bfloat162uint_rn(a))                 \
              X(__bfloat162short_ru(a)) X(__bfloat162ushort_rd(a)) X((int)__bfloat162ll_rn(a)) X(  \
                  (int)(__bfloat162ll_rd(a) >> 32)) X((int)__bfloat162ull_ru(a))                   \
                  X((int)(__bfloat162ull_rz(a) >> 32)) X(__bfloat162char_rz(a)) X(                 \
                      __bfloat162uchar_rz(a))                                                      \
                      X(__hequ(a, b) | __hneu(a, b) << 1 | __hltu(a, b) << 2 | __hleu(a, b) << 3 | \
                        __hgtu(a, b) << 4 | __hgeu(a, b) << 5 | __hne(a, b) << 6 |                 \
                        __hbltu2(__halves2bfloat162(a, b), __halves2bfloat162(b, a)) << 7 |        \
                        __hbge2(__halves2bfloat162(a, b), __halves2bfloat162(b, c)) << 8)          \
                          X((int)__hlt2_mask(__halves2bfloat162(a, b), __halves2bfloat162(b, c)))  \
                              X((int)__bfloat16_as_ushort(                                         \
                                  __low2bfloat16(__hisnan2(__halves2bfloat162(a, b)))))

// Added with the rest of the CUDA 13 surface: tanh, __hcmadd, the class's conversions and
// operators (spelled through macros that the host side redefines as references).
#define OPS2(X)                                                                                    \
  OPS(X)                                                                                           \
  X(htanh(a))                                                                                      \
  X(htanh_approx(a))                                                                               \
  X(__high2bfloat16(h2tanh(__halves2bfloat162(a, b)))) X(__low2bfloat16(                           \
      __hcmadd(__halves2bfloat162(a, b), __halves2bfloat162(b, c), __halves2bfloat162(c, a))))     \
      X(__high2bfloat16(                                                                           \
          __hcmadd(__halves2bfloat162(a, b), __halves2bfloat162(b, c), __halves2bfloat162(c, a)))) \
          X(INCS(a)) X(__low2bfloat16(SUB2(__halves2bfloat162(a, b), __halves2bfloat162(c, a))))
#define INTS2(X)                                                                                   \
  INTS(X)                                                                                          \
  X(TO_INT(a))                                                                                     \
  X(TO_UCHAR(a))                                                                                   \
  X((int)(TO_LL(a) >> 3)) X(TO_BOOL(a))                                                            \
      X(NE2(__halves2bfloat162(a, b), __halves2bfloat162(b, c)) |                                  \
        LT2(__halves2bfloat162(a, b), __halves2bfloat162(b, c)) << 1)
#define INCS(a) device_incs(a)
#define NE2(p, q) ((p) != (q))
#define LT2(p, q) ((p) < (q))
#define SUB2(p, q) device_sub2(p, q)
#define TO_INT(a) ((int)(a))
#define TO_UCHAR(a) ((int)(unsigned char)(a))
#define TO_LL(a) ((long long)(a))
#define TO_BOOL(a) ((bool)(a))
__host__ __device__ static __nv_bfloat16 device_incs(__nv_bfloat16 a) {
  a++;
  ++a;
  return --a;
}
__host__ __device__ static __nv_bfloat162 device_sub2(__nv_bfloat162 a, __nv_bfloat162 b) {
  a -= b;
  return a;
}

#define COUNT(e) +1
enum { NOPS = 0 OPS2(COUNT), NINTS = 0 INTS2(COUNT), N = 65536 };

#define INPUTS                                                                                     \
  __nv_bfloat16 a = __ushort_as_bfloat16((unsigned short)i),                                       \
                b = __ushort_as_bfloat16((unsigned short)(i * 40503u + 7)),                        \
                c = __ushort_as_bfloat16((unsigned short)(i * 2654435761u >> 7));                  \
  float fa = __bfloat162float(a) * 1.3f;                                                           \
  /* the midpoint above a (exact in float), nudged by the low bits of i */                         \
  float fm =                                                                                       \
      __bfloat162float(a) +                                                                        \
      (__bfloat162float(__ushort_as_bfloat16((unsigned short)(i + 1))) - __bfloat162float(a)) *    \
          0.5f;                                                                                    \
  if (fm == fm) fm = __int_as_float(__float_as_int(fm) + (int)(i % 3) - 1);                        \
  double dm = (double)fm + (double)fm * 0x1p-30;                                                   \
  int ia = (int)(i * 2654435761u) >> (i & 15);                                                     \
  long long la = (long long)ia << (i & 31);

__global__ void kernel(unsigned short *out, int *iout) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  INPUTS
  unsigned short *o = out + (size_t)i * NOPS;
  int *io = iout + (size_t)i * NINTS;
#define STORE(e) *o++ = __bfloat16_as_ushort(e);
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
  __nv_bfloat16 h = __ushort_as_bfloat16((unsigned short)(i * 2654435761u >> 16));
  __nv_bfloat162 p = __halves2bfloat162(h, __ushort_as_bfloat16((unsigned short)(i * 40503u)));
  out[4 * i] = __bfloat16_as_ushort(__shfl_sync(0xffffffffu, h, (int)(i * 7 % 32)));
  __nv_bfloat162 q = __shfl_up_sync(0xffffffffu, p, 3);
  out[4 * i + 1] = __bfloat16_as_ushort(q.x) | (unsigned)__bfloat16_as_ushort(q.y) << 16;
  out[4 * i + 2] = __bfloat16_as_ushort(__shfl_down_sync(0xffffffffu, h, 5));
  q = __shfl_xor_sync(0xffffffffu, p, 9);
  out[4 * i + 3] = __bfloat16_as_ushort(q.x) | (unsigned)__bfloat16_as_ushort(q.y) << 16;
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

// An independent reference for the directed conversions (host): every finite binary16 and
// bfloat16 value sorted; rd is the largest value <= f, ru the smallest >= f, rz one of
// them by sign (a zero result takes the sign of f). Checked for __float2half_rz/ru/rd,
// __float2bfloat16_rz/ru/rd (every binary16 value, its quarter points, midpoints and their
// float neighbours, then random floats) and __int2bfloat16_*, __ll2bfloat16_* (direction).
#ifdef __clang__
struct Entry {
  double v;
  unsigned short b;
};
static int by_value(const void *x, const void *y) {
  double a = ((const Entry *)x)->v, b = ((const Entry *)y)->v;
  return a < b ? -1 : a > b;
}
static Entry *sorted_values(bool bf, int *n) {
  Entry *l = new Entry[65536];
  *n = 0;
  for (unsigned u = 0; u < 65536; u++) {
    double v = bf ? (double)__bfloat162float(__ushort_as_bfloat16(u))
                  : (double)__half2float(__ushort_as_half(u));
    if (v != v || (v == 0 && (u & 0x8000))) continue;
    l[(*n)++] = {v, (unsigned short)u};
  }
  qsort(l, *n, sizeof *l, by_value);
  return l;
}
static unsigned short ref_mode(const Entry *l, int n, double f, int m) { // 1 rz, 2 ru, 3 rd
  int lo = 0, hi = n - 1; // l[0] = -inf <= f <= l[n-1] = inf
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    (l[mid].v <= f ? lo : hi) = mid;
  }
  if (l[hi].v == f) lo = hi;
  if (l[lo].v == f) hi = lo;
  const Entry &r = m == 2 ? l[hi] : m == 3 ? l[lo] : f >= 0 ? l[lo] : l[hi];
  return r.v == 0 ? (f < 0 || (f == 0 && 1 / f < 0) ? 0x8000 : 0) : r.b;
}
static int host_mode_check() {
  int hn, bn, bad = 0;
  Entry *hl = sorted_values(false, &hn), *bl = sorted_values(true, &bn);
  unsigned int seed = 1;
  for (long k = 0; k < 65536L * 16 + 500000; k++) {
    seed = seed * 1664525u + 1013904223u;
    unsigned u = seed ^ (seed >> 13) * 2654435761u;
    float f;
    if (k < 65536L * 16) {
      unsigned h = (unsigned)(k >> 4) & 0x7bff | (unsigned)(k >> 4) & 0x8000;
      float a = __half2float(__ushort_as_half(h)), b = __half2float(__ushort_as_half(h + 1));
      f = (k & 4) ? a + (b - a) * 0.5f : a + (b - a) * ((k & 3) * 0.25f);
      f = nextafterf(f, (k & 8) ? INFINITY : -INFINITY);
    } else {
      __builtin_memcpy(&f, &u, 4);
      if (k & 1) f = fmodf(f, 70000.0f);
    }
    if (f != f || !(fabsf(f) < 3e38f)) continue;
    unsigned short g[6] = {
        __half_as_ushort(__float2half_rz(f)),         __half_as_ushort(__float2half_ru(f)),
        __half_as_ushort(__float2half_rd(f)),         __bfloat16_as_ushort(__float2bfloat16_rz(f)),
        __bfloat16_as_ushort(__float2bfloat16_ru(f)), __bfloat16_as_ushort(__float2bfloat16_rd(f))};
    int i = (int)u >> (k & 31);
    long long ll =
        (long long)((unsigned long long)u * (u ^ 0x5bd1e995u) * 2654435761ull) >> (k & 63);
    unsigned short gi[3] = {__bfloat16_as_ushort(__int2bfloat16_rz(i)),
                            __bfloat16_as_ushort(__int2bfloat16_ru(i)),
                            __bfloat16_as_ushort(__int2bfloat16_rd(i))};
    unsigned short gl[3] = {__bfloat16_as_ushort(__ll2bfloat16_rz(ll)),
                            __bfloat16_as_ushort(__ll2bfloat16_ru(ll)),
                            __bfloat16_as_ushort(__ll2bfloat16_rd(ll))};
    for (int m = 1; m <= 3; m++) {
      unsigned short wh = ref_mode(hl, hn, f, m), wb = ref_mode(bl, bn, f, m),
                     wi = ref_mode(bl, bn, (double)i, m);
      long double x = (long double)ll,
                  v = (long double)__bfloat162float(__ushort_as_bfloat16(gl[m - 1]));
      bool lok = m == 2 ? v >= x : m == 3 ? v <= x : fabsl(v) <= fabsl(x);
      if ((g[m - 1] != wh || g[m + 2] != wb || gi[m - 1] != wi || !lok) && bad++ < 5)
        printf("FAIL: mode %d f=%a: half %04x (want %04x) bf16 %04x (want %04x); int %d: %04x "
               "(want %04x); ll %lld: %04x\n",
               m, f, g[m - 1], wh, g[m + 2], wb, i, gi[m - 1], wi, ll, gl[m - 1]);
    }
  }
  delete[] hl;
  delete[] bl;
  return bad;
}
#else // nvcc: CUDA's integer conversions are device-only; Anchor's run on the host
static int host_mode_check() {
  return 0;
}
#endif

#ifdef __clang__
// Anchor's functions work on the host too (nvcc's mostly do not): the same operations
// through the library on the host, checked against the same references as the device's.
static void host_library(unsigned int i, unsigned short *o, int *io) {
  INPUTS
  OPS2(STORE)
  INTS2(ISTORE)
}
static bool host_isnan(unsigned short u) {
  return __hisnan(__ushort_as_bfloat16(u));
}
#endif

// ---- the host side: references (math_fp16_ref.h) in place of the library's names --------
#include "math_fp16_ref.h"
typedef Fp16Ref<__nv_bfloat16, Fp16RefPair<__nv_bfloat16>, 8, -126, 127, 0x3f80u> Bf16Ref;
#define FP16_REF Bf16Ref
#include "math_fp16_ref_names.h"
#define __halves2bfloat162 Bf16Ref::pair
#define __low2bfloat16 Bf16Ref::lo
#define __high2bfloat16 Bf16Ref::hi
#define __bfloat16_as_ushort Bf16Ref::bits
#define __ushort_as_bfloat16 Bf16Ref::make
#define __bfloat162float Bf16Ref::to_float
#define __float2bfloat16_rn(v) Bf16Ref::round((long double)(v), 0)
#define __float2bfloat16_rz(v) Bf16Ref::round((long double)(v), 1)
#define __float2bfloat16_ru(v) Bf16Ref::round((long double)(v), 2)
#define __float2bfloat16_rd(v) Bf16Ref::round((long double)(v), 3)
#define __int2bfloat16_rn(v) Bf16Ref::round((long double)(v), 0)
#define __int2bfloat16_rz(v) Bf16Ref::round((long double)(v), 1)
#define __int2bfloat16_ru(v) Bf16Ref::round((long double)(v), 2)
#define __int2bfloat16_rd(v) Bf16Ref::round((long double)(v), 3)
#define __uint2bfloat16_rn(v) Bf16Ref::round((long double)(v), 0)
#define __uint2bfloat16_rz(v) Bf16Ref::round((long double)(v), 1)
#define __uint2bfloat16_ru(v) Bf16Ref::round((long double)(v), 2)
#define __uint2bfloat16_rd(v) Bf16Ref::round((long double)(v), 3)
#define __short2bfloat16_rn(v) Bf16Ref::round((long double)(v), 0)
#define __short2bfloat16_rz(v) Bf16Ref::round((long double)(v), 1)
#define __short2bfloat16_ru(v) Bf16Ref::round((long double)(v), 2)
#define __short2bfloat16_rd(v) Bf16Ref::round((long double)(v), 3)
#define __ushort2bfloat16_rn(v) Bf16Ref::round((long double)(v), 0)
#define __ushort2bfloat16_rz(v) Bf16Ref::round((long double)(v), 1)
#define __ushort2bfloat16_ru(v) Bf16Ref::round((long double)(v), 2)
#define __ushort2bfloat16_rd(v) Bf16Ref::round((long double)(v), 3)
#define __ll2bfloat16_rn(v) Bf16Ref::round((long double)(v), 0)
#define __ll2bfloat16_rz(v) Bf16Ref::round((long double)(v), 1)
#define __ll2bfloat16_ru(v) Bf16Ref::round((long double)(v), 2)
#define __ll2bfloat16_rd(v) Bf16Ref::round((long double)(v), 3)
#define __ull2bfloat16_rn(v) Bf16Ref::round((long double)(v), 0)
#define __ull2bfloat16_rz(v) Bf16Ref::round((long double)(v), 1)
#define __ull2bfloat16_ru(v) Bf16Ref::round((long double)(v), 2)
#define __ull2bfloat16_rd(v) Bf16Ref::round((long double)(v), 3)
#define __double2bfloat16(v) Bf16Ref::round((long double)(v), 0)
#define __bfloat162int_rn(a) ((int)Bf16Ref::to_signed(a, 0, -2147483647LL - 1, 2147483647LL))
#define __bfloat162uint_rn(a) ((unsigned)Bf16Ref::to_unsigned(a, 0, 0xffffffffull))
#define __bfloat162short_rn(a) ((short)Bf16Ref::to_signed(a, 0, -32768, 32767))
#define __bfloat162ushort_rn(a) ((unsigned short)Bf16Ref::to_unsigned(a, 0, 65535))
#define __bfloat162ll_rn(a) Bf16Ref::to_ll(a, 0)
#define __bfloat162ull_rn(a) Bf16Ref::to_ull(a, 0)
#define __bfloat162int_rz(a) ((int)Bf16Ref::to_signed(a, 1, -2147483647LL - 1, 2147483647LL))
#define __bfloat162uint_rz(a) ((unsigned)Bf16Ref::to_unsigned(a, 1, 0xffffffffull))
#define __bfloat162short_rz(a) ((short)Bf16Ref::to_signed(a, 1, -32768, 32767))
#define __bfloat162ushort_rz(a) ((unsigned short)Bf16Ref::to_unsigned(a, 1, 65535))
#define __bfloat162ll_rz(a) Bf16Ref::to_ll(a, 1)
#define __bfloat162ull_rz(a) Bf16Ref::to_ull(a, 1)
#define __bfloat162int_ru(a) ((int)Bf16Ref::to_signed(a, 2, -2147483647LL - 1, 2147483647LL))
#define __bfloat162uint_ru(a) ((unsigned)Bf16Ref::to_unsigned(a, 2, 0xffffffffull))
#define __bfloat162short_ru(a) ((short)Bf16Ref::to_signed(a, 2, -32768, 32767))
#define __bfloat162ushort_ru(a) ((unsigned short)Bf16Ref::to_unsigned(a, 2, 65535))
#define __bfloat162ll_ru(a) Bf16Ref::to_ll(a, 2)
#define __bfloat162ull_ru(a) Bf16Ref::to_ull(a, 2)
#define __bfloat162int_rd(a) ((int)Bf16Ref::to_signed(a, 3, -2147483647LL - 1, 2147483647LL))
#define __bfloat162uint_rd(a) ((unsigned)Bf16Ref::to_unsigned(a, 3, 0xffffffffull))
#define __bfloat162short_rd(a) ((short)Bf16Ref::to_signed(a, 3, -32768, 32767))
#define __bfloat162ushort_rd(a) ((unsigned short)Bf16Ref::to_unsigned(a, 3, 65535))
#define __bfloat162ll_rd(a) Bf16Ref::to_ll(a, 3)
#define __bfloat162ull_rd(a) Bf16Ref::to_ull(a, 3)
#define __bfloat162char_rz(a) ((signed char)Bf16Ref::to_signed(a, 1, -128, 127))
#define __bfloat162uchar_rz(a) ((unsigned char)Bf16Ref::to_unsigned(a, 1, 255))

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
      bool nans = __hisnan(__ushort_as_bfloat16(g)) && __hisnan(__ushort_as_bfloat16(w));
      bool approx = fp16_ref_approx_ok(names[k], g, w);
      if (g != w && !nans && !approx && bad[k]++ < 3)
        printf("FAIL: %s a=%04x b=%04x c=%04x: device %04x host %04x\n", names[k],
               __bfloat16_as_ushort(a), __bfloat16_as_ushort(b), __bfloat16_as_ushort(c), g, w);
    }
    for (int k = 0; k < NINTS; k++)
      if (iout[(size_t)i * NINTS + k] != iwant[k] && bad[NOPS + k]++ < 3)
        printf("FAIL: %s a=%04x b=%04x: device %d host %d\n", inames[k], __bfloat16_as_ushort(a),
               __bfloat16_as_ushort(b), iout[(size_t)i * NINTS + k], iwant[k]);
  }
  for (int k = 0; k < NOPS + NINTS; k++)
    if (bad[k])
      printf("%s: %d of %d differ\n", k < NOPS ? names[k] : inames[k - NOPS], bad[k], N),
          failures++;
  int mode_bad = host_mode_check();
  if (mode_bad)
    printf("directed conversions: %d differ from the sorted-values reference\n", mode_bad),
        failures++;
  if (check_shuffles()) printf("warp shuffles differ\n"), failures++;
  if (host_bad) printf("host library: %d differences\n", host_bad), failures++;
  printf(failures ? "FAIL: %d operations\n" : "PASS\n", failures);
  return failures != 0;
}
