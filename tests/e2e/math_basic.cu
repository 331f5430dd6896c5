// math_basic.cu — end-to-end test of the exact functions of Anchor's device library
// (devlib/basic.cu, anchor/math/basic.h) that the accuracy harness cannot express: two
// outputs (remquo, frexp, modf), integer results (ilogb, lrint, llrint, lround,
// llround), the classification macros and functions (isnan, isinf, isfinite, signbit;
// CUDA's __isnanf, __isinff, __finitef, __signbitf and their double forms), nan(tag),
// and the <cmath> surface in device code: std:: and the float overloads of every name,
// std::abs (int, long, long long, float, double), std::min/std::max and the integer-
// argument forms of <cmath> (std::ilogb(int), ...: constexpr templates, see CONSTEXPR_HD),
// on float and double. One __host__ __device__ function computes every result for an
// input pair; the device's results must equal the host's (glibc and libstdc++: IEEE,
// exact) bit for bit (any NaN matches any NaN). Where glibc and nvcc differ the device
// must give nvcc's: remquo's quotient keeps only the low 3 bits (with the quotient's
// sign), and lrint and friends outside the result type's range (CUDA: undefined)
// saturate, NaN giving INT64_MIN, as nvcc 13.0's PTX and the H200 show. The
// same kernel also runs nan() once with its tag in device memory. Inputs: math_inputs.h's
// float specials, a sweep of [1, 4) and random bit patterns, paired with a second set
// (specials, small integers, random) and pairs whose quotient is halfway between
// integers (remainder's ties); doubles from the same floats, special doubles and random
// double bit patterns. Expectations come from CUDA's Math API documentation, C99/IEEE
// 754, nvcc 13.0's PTX (nan's tag parsing, remquo's 3 bits, the saturating conversions)
// and the H200's conversions of NaN (measured by math_rounding.cu); nvcc 13.0 compiles
// it (with and without --expt-relaxed-constexpr); not run on the H200. Prints PASS or
// FAIL: <details>.
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "math_inputs.h"

// std::min/std::max and <cmath>'s integer-argument forms are libstdc++'s constexpr
// templates: clang (Anchor) makes them __host__ __device__, nvcc 13.0 rejects them in
// device code unless --expt-relaxed-constexpr is given (which defines
// __CUDACC_RELAXED_CONSTEXPR__).
#if defined(__clang__) || defined(__CUDACC_RELAXED_CONSTEXPR__)
#define CONSTEXPR_HD 1
#else
#define CONSTEXPR_HD 0
#endif

// Result kinds: how a slot is compared.
enum { BITS32, BITS64, QUO, TO_INT };
// results per float pair, per double pair (checked in main)
enum { NF = 48 + 2 * CONSTEXPR_HD, ND = 47 + 15 * CONSTEXPR_HD };

__host__ __device__ static uint64_t fb(float x) {
  uint32_t u;
  memcpy(&u, &x, 4);
  return u;
}
__host__ __device__ static uint64_t db(double x) {
  uint64_t u;
  memcpy(&u, &x, 8);
  return u;
}

// fmin/fmax as CUDA defines them (measured on the H200: tests/e2e/observed/h200-math.log):
// a NaN operand, signalling or quiet, gives the other operand. The host reference needs
// this spelled out: glibc returns a NaN for a signalling one (IEEE 754-2008's minNum).
template <class T> __host__ __device__ static T min_cuda(T x, T y) {
#ifdef __CUDA_ARCH__
  return std::fmin(x, y);
#else
  return x != x ? y : y != y ? x : std::fmin(x, y);
#endif
}
template <class T> __host__ __device__ static T max_cuda(T x, T y) {
#ifdef __CUDA_ARCH__
  return std::fmax(x, y);
#else
  return x != x ? y : y != y ? x : std::fmax(x, y);
#endif
}

// Every float result for the pair (x, y), with each slot's kind.
__host__ __device__ static int float_results(float x, float y, int n, uint64_t *r, int *kind) {
  int k = 0, q = 0, e = 0;
  float ip = 0;
#define OUT(v, how) (kind[k] = (how), r[k++] = (v))
  OUT(fb(remquof(x, y, &q)), BITS32), OUT((uint64_t)(int64_t)q, QUO);
  OUT(fb(remquo(x, y, &q)), BITS32), OUT((uint64_t)(int64_t)q, QUO);
  OUT(fb(std::remquo(x, y, &q)), BITS32), OUT((uint64_t)(int64_t)q, QUO);
  OUT(fb(frexpf(x, &e)), BITS32), OUT((uint64_t)(int64_t)e, BITS64);
  OUT(fb(std::frexp(x, &e)), BITS32), OUT((uint64_t)(int64_t)e, BITS64);
  OUT(fb(modff(x, &ip)), BITS32), OUT(fb(ip), BITS32);
  OUT(fb(std::modf(x, &ip)), BITS32), OUT(fb(ip), BITS32);
  OUT((uint64_t)(int64_t)ilogbf(x), BITS64), OUT((uint64_t)(int64_t)std::ilogb(x), BITS64);
  OUT((uint64_t)lrintf(x), TO_INT), OUT((uint64_t)std::lrint(x), TO_INT);
  OUT((uint64_t)llrintf(x), TO_INT), OUT((uint64_t)std::llrint(x), TO_INT);
  OUT((uint64_t)lroundf(x), TO_INT + 1), OUT((uint64_t)std::lround(x), TO_INT + 1);
  OUT((uint64_t)llroundf(x), TO_INT + 1), OUT((uint64_t)std::llround(x), TO_INT + 1);
  // classification: the C macros and std::'s functions
  OUT((uint64_t)(isnan(x) | isinf(x) << 1 | isfinite(x) << 2 | (signbit(x) != 0) << 3), BITS64);
  OUT((uint64_t)(std::isnan(x) | std::isinf(x) << 1 | std::isfinite(x) << 2 | std::signbit(x) << 3),
      BITS64);
  OUT((uint64_t)((__isnanf(x) != 0) | (__isinff(x) != 0) << 1 | (__finitef(x) != 0) << 2 |
                 (__signbitf(x) != 0) << 3),
      BITS64);
  // the rest of the surface through std:: and the float overloads
  OUT(fb(std::fmod(x, y)), BITS32), OUT(fb(fmod(x, y)), BITS32);
  OUT(fb(std::remainder(x, y)), BITS32), OUT(fb(std::fdim(x, y)), BITS32);
  OUT(fb(min_cuda(x, y)), BITS32), OUT(fb(max_cuda(x, y)), BITS32);
  OUT(fb(std::nextafter(x, y)), BITS32), OUT(fb(std::copysign(x, y)), BITS32);
  OUT(fb(std::ldexp(x, n)), BITS32), OUT(fb(std::scalbn(x, n)), BITS32);
  OUT(fb(std::scalbln(x, (long)n)), BITS32), OUT(fb(std::logb(x)), BITS32);
  OUT(fb(std::floor(x)), BITS32), OUT(fb(std::ceil(x)), BITS32);
  OUT(fb(std::trunc(x)), BITS32), OUT(fb(std::round(x)), BITS32);
  OUT(fb(std::rint(x)), BITS32), OUT(fb(std::nearbyint(x)), BITS32);
  OUT(fb(std::fabs(x)), BITS32), OUT(fb(std::abs(x)), BITS32);
#if CONSTEXPR_HD
  OUT(fb(std::min(x, y)), BITS32), OUT(fb(std::max(x, y)), BITS32);
#endif
  OUT((uint64_t)(int64_t)std::abs(n), BITS64);
#undef OUT
  return k;
}

// Every double result, and the integer std::abs/min/max on 64-bit values.
__host__ __device__ static int double_results(double x, double y, int n, uint64_t *r, int *kind) {
  int k = 0, q = 0, e = 0;
  double ip = 0;
  long nl = (long)n * 4099;
  long long nll = (long long)n * 1000003;
#define OUT(v, how) (kind[k] = (how), r[k++] = (v))
  OUT(db(remquo(x, y, &q)), BITS64), OUT((uint64_t)(int64_t)q, QUO);
  OUT(db(std::remquo(x, y, &q)), BITS64), OUT((uint64_t)(int64_t)q, QUO);
  OUT(db(frexp(x, &e)), BITS64), OUT((uint64_t)(int64_t)e, BITS64);
  OUT(db(std::frexp(x, &e)), BITS64), OUT((uint64_t)(int64_t)e, BITS64);
  OUT(db(modf(x, &ip)), BITS64), OUT(db(ip), BITS64);
  OUT(db(std::modf(x, &ip)), BITS64), OUT(db(ip), BITS64);
  OUT((uint64_t)(int64_t)ilogb(x), BITS64), OUT((uint64_t)(int64_t)std::ilogb(x), BITS64);
  OUT((uint64_t)lrint(x), TO_INT), OUT((uint64_t)std::lrint(x), TO_INT);
  OUT((uint64_t)llrint(x), TO_INT), OUT((uint64_t)std::llrint(x), TO_INT);
  OUT((uint64_t)lround(x), TO_INT + 1), OUT((uint64_t)std::lround(x), TO_INT + 1);
  OUT((uint64_t)llround(x), TO_INT + 1), OUT((uint64_t)std::llround(x), TO_INT + 1);
  OUT((uint64_t)(isnan(x) | isinf(x) << 1 | isfinite(x) << 2 | (signbit(x) != 0) << 3), BITS64);
  OUT((uint64_t)(std::isnan(x) | std::isinf(x) << 1 | std::isfinite(x) << 2 | std::signbit(x) << 3),
      BITS64);
  OUT((uint64_t)((__isnan(x) != 0) | (__isinf(x) != 0) << 1 | (__finite(x) != 0) << 2 |
                 (__signbit(x) != 0) << 3),
      BITS64);
  OUT(db(std::fmod(x, y)), BITS64), OUT(db(fmod(x, y)), BITS64);
  OUT(db(std::remainder(x, y)), BITS64), OUT(db(std::fdim(x, y)), BITS64);
  OUT(db(min_cuda(x, y)), BITS64), OUT(db(max_cuda(x, y)), BITS64);
  OUT(db(std::nextafter(x, y)), BITS64), OUT(db(std::copysign(x, y)), BITS64);
  OUT(db(std::ldexp(x, n)), BITS64), OUT(db(std::scalbn(x, n)), BITS64);
  OUT(db(std::scalbln(x, (long)n)), BITS64), OUT(db(std::logb(x)), BITS64);
  OUT(db(std::floor(x)), BITS64), OUT(db(std::ceil(x)), BITS64);
  OUT(db(std::trunc(x)), BITS64), OUT(db(std::round(x)), BITS64);
  OUT(db(std::rint(x)), BITS64), OUT(db(std::nearbyint(x)), BITS64);
  OUT(db(std::fabs(x)), BITS64), OUT(db(std::abs(x)), BITS64);
  OUT((uint64_t)std::abs(nl), BITS64), OUT((uint64_t)std::abs(nll), BITS64);
#if CONSTEXPR_HD
  OUT(db(std::min(x, y)), BITS64), OUT(db(std::max(x, y)), BITS64);
  OUT((uint64_t)std::min(nl, (long)nll), BITS64), OUT((uint64_t)std::max(n, -n), BITS64);
  // integer arguments (converted to double)
  OUT((uint64_t)(int64_t)std::ilogb(n), BITS64), OUT(db(std::logb(n)), BITS64);
  OUT((uint64_t)std::lrint(n), BITS64), OUT((uint64_t)std::llround(nll), BITS64);
  OUT(db(std::frexp(n, &e)), BITS64), OUT((uint64_t)(int64_t)e, BITS64);
  OUT(db(std::ldexp(n, 3)), BITS64), OUT(db(std::scalbn(nl, -2)), BITS64);
  OUT(db(std::scalbln(n, 5L)), BITS64), OUT(db(std::floor(n)), BITS64);
  OUT(db(std::fmod(n, 7)), BITS64);
#endif
#undef OUT
  return k;
}

// nan(tag) for the tags the test knows (host: glibc's).
enum { NTAGS = 7 };
__host__ __device__ static void nan_results(const char *runtime_tag, uint64_t *r) {
  r[0] = fb(nanf("")), r[1] = db(nan(""));
  r[2] = fb(nanf("0x12")), r[3] = db(nan("0x123456789"));
  r[4] = fb(std::nanf("077")), r[5] = db(std::nan("12abc"));
  r[6] = db(nan(runtime_tag)) ^ fb(nanf(runtime_tag));
}

__global__ void kernel(const float *fx, const float *fy, const double *dx, const double *dy,
                       const int *n, uint64_t *fr, uint64_t *dr, int *kinds, unsigned count,
                       const char *tag, uint64_t *nr) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  float_results(fx[i], fy[i], n[i], &fr[NF * i], &kinds[(NF + ND) * i]);
  double_results(dx[i], dy[i], n[i], &dr[ND * i], &kinds[(NF + ND) * i + NF]);
  if (i == 0) nan_results(tag, nr);
}

static int is_nan_bits(uint64_t u, int is32) {
  return is32 ? (u & 0x7fffffffu) > 0x7f800000u
              : (u & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}

// Whether the device's result d matches the host's h for a slot of this kind;
// `value` is the slot's input (for TO_INT: in range?).
static int same(uint64_t d, uint64_t h, int kind, double value) {
  if (kind == QUO) { // nvcc stores the low 3 bits with the quotient's sign; glibc 31
    int qh = (int)(int64_t)h, low = (qh < 0 ? -qh : qh) & 7;
    return (int)(int64_t)d == (qh < 0 ? -low : low);
  }
  if (kind >= TO_INT) { // lrint family (TO_INT) and lround family (TO_INT + 1)
    double v = kind == TO_INT ? rint(value) : round(value);
    if (v >= -0x1p63 && v < 0x1p63) return d == h;
    // outside the range (CUDA: undefined), what nvcc's code gives on the H200:
    // saturation, and INT64_MIN for a NaN (tests/e2e/math_rounding.cu measured cvt's)
    uint64_t want = v > 0 ? 0x7fffffffffffffffull : 0x8000000000000000ull;
    return d == want;
  }
  if (kind == BITS32 && is_nan_bits(d, 1) && is_nan_bits(h, 1)) return 1;
  if (kind == BITS64 && is_nan_bits(d, 0) && is_nan_bits(h, 0)) return 1;
  return d == h;
}

int main(void) {
  unsigned nf;
  float *base = math_inputs(1 << 13, 1 << 12, 0x1234567u, &nf);
  static const double dspecial[] = {0.0,
                                    -0.0,
                                    4.9406564584124654e-324,
                                    2.2250738585072009e-308,
                                    2.2250738585072014e-308,
                                    1.7976931348623157e308,
                                    -1.7976931348623157e308,
                                    INFINITY,
                                    -INFINITY,
                                    NAN,
                                    0.5,
                                    1.5,
                                    2.5,
                                    -2.5,
                                    4503599627370495.5,
                                    4503599627370496.0,
                                    9007199254740993.0,
                                    9.2233720368547748e18,
                                    -9.2233720368547758e18,
                                    9.2233720368547758e18,
                                    1e300,
                                    3.0,
                                    7.0,
                                    1e-300};
  const unsigned nds = sizeof dspecial / sizeof *dspecial;
  const unsigned count = nf + nds;
  float *fx = (float *)malloc(count * 4), *fy = (float *)malloc(count * 4);
  double *dx = (double *)malloc(count * 8), *dy = (double *)malloc(count * 8);
  int *n = (int *)malloc(count * sizeof(int));
  uint32_t s = 0x9e3779b9u;
  uint64_t s64 = 0x0123456789abcdefull;
  for (unsigned i = 0; i < count; i++) {
    float x = base[i % nf];
    // partners: another input, a small integer, or random bits
    unsigned pick = math_xorshift(&s) % 4;
    float y = pick == 0   ? base[math_xorshift(&s) % nf]
              : pick == 1 ? (float)((int)(math_xorshift(&s) % 17) - 8)
              : pick == 2 ? x * (float)(1 + math_xorshift(&s) % 5) * 0.25f
                          : math_bits_float(math_xorshift(&s));
    fx[i] = x, fy[i] = y;
    s64 ^= s64 << 13, s64 ^= s64 >> 7, s64 ^= s64 << 17;
    double rx;
    uint64_t bitsx = s64;
    memcpy(&rx, &bitsx, 8);
    dx[i] = i >= nf ? dspecial[i - nf] : i % 3 == 0 ? rx : (double)x;
    s64 ^= s64 << 13, s64 ^= s64 >> 7, s64 ^= s64 << 17;
    double ry;
    memcpy(&ry, &s64, 8);
    dy[i] = pick == 3 ? ry : i >= nf ? dspecial[(i * 7) % nds] : (double)y;
    if (i < nf && i % 5 == 4) {
      // halfway quotients (remainder's and remquo's ties): x = (2q + 1)/2 * y
      // exactly, y a small odd integer times a power of two (subnormal ones
      // included)
      int m = 1 + 2 * (int)(math_xorshift(&s) % 4), e = (int)(math_xorshift(&s) % 240) - 140;
      unsigned odd = 2 * (math_xorshift(&s) % (1u << (math_xorshift(&s) % 20))) + 1;
      fy[i] = ldexpf((float)m, e), fx[i] = ldexpf((float)(odd * (unsigned)m), e - 1);
      int me = (int)(math_xorshift(&s) % 2000) - 1070;
      uint64_t dodd = 2 * (((uint64_t)math_xorshift(&s) << 20) % (1ull << 48)) + 1;
      dy[i] = ldexp((double)m, me), dx[i] = ldexp((double)(dodd * (uint64_t)m), me - 1);
      if (i % 2) fx[i] = -fx[i], dy[i] = -dy[i];
    }
    n[i] = (int)(math_xorshift(&s) % 601) - 300;
    if (i % 97 == 0) n[i] = i % 2 ? 2147483647 : -2147483647 - 1;
  }
  const char tag[] = "0x2a";
  float *d_fx, *d_fy;
  double *d_dx, *d_dy;
  int *d_n, *d_kinds;
  uint64_t *d_fr, *d_dr, *d_nr;
  char *d_tag;
  cudaMalloc(&d_fx, count * 4), cudaMalloc(&d_fy, count * 4);
  cudaMalloc(&d_dx, count * 8), cudaMalloc(&d_dy, count * 8);
  cudaMalloc(&d_n, count * sizeof(int));
  cudaMalloc(&d_fr, (size_t)count * NF * 8), cudaMalloc(&d_dr, (size_t)count * ND * 8);
  cudaMalloc(&d_kinds, (size_t)count * (NF + ND) * sizeof(int));
  cudaMalloc(&d_nr, NTAGS * 8), cudaMalloc(&d_tag, sizeof tag);
  cudaMemcpy(d_fx, fx, count * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(d_fy, fy, count * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(d_dx, dx, count * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(d_dy, dy, count * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(d_n, n, count * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_tag, tag, sizeof tag, cudaMemcpyHostToDevice);
  kernel<<<(count + 127) / 128, 128>>>(d_fx, d_fy, d_dx, d_dy, d_n, d_fr, d_dr, d_kinds, count,
                                       d_tag, d_nr);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
    return 1;
  }
  uint64_t *fr = (uint64_t *)malloc((size_t)count * NF * 8);
  uint64_t *dr = (uint64_t *)malloc((size_t)count * ND * 8), nr[NTAGS], hn[NTAGS];
  cudaMemcpy(fr, d_fr, (size_t)count * NF * 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(dr, d_dr, (size_t)count * ND * 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(nr, d_nr, sizeof nr, cudaMemcpyDeviceToHost);
  unsigned bad = 0, compared = 0;
  for (unsigned i = 0; i < count; i++) {
    uint64_t hf[NF], hd[ND];
    int kf[NF], kd[ND];
    if (float_results(fx[i], fy[i], n[i], hf, kf) != NF ||
        double_results(dx[i], dy[i], n[i], hd, kd) != ND) {
      printf("FAIL: NF or ND is not the number of results\n");
      return 1;
    }
    for (int j = 0; j < NF + ND; j++) {
      int is32 = j < NF;
      uint64_t dv = is32 ? fr[NF * i + j] : dr[ND * i + j - NF];
      uint64_t hv = is32 ? hf[j] : hd[j - NF];
      int kind = is32 ? kf[j] : kd[j - NF];
      compared++;
      if (!same(dv, hv, kind, is32 ? (double)fx[i] : dx[i]) && bad++ < 12)
        printf("mismatch: %s result %d of (%a, %a, n %d): device 0x%llx host "
               "0x%llx\n",
               is32 ? "float" : "double", is32 ? j : j - NF, is32 ? (double)fx[i] : dx[i],
               is32 ? (double)fy[i] : dy[i], n[i], (unsigned long long)dv, (unsigned long long)hv);
    }
  }
  nan_results(tag, hn);
  for (int j = 0; j < NTAGS; j++)
    if (nr[j] != hn[j] && bad++ < 12)
      printf("mismatch: nan result %d: device 0x%llx host 0x%llx\n", j, (unsigned long long)nr[j],
             (unsigned long long)hn[j]);
  if (bad) {
    printf("FAIL: %u of %u results differ\n", bad, compared + NTAGS);
    return 1;
  }
  printf("%u inputs, %u results\nPASS\n", count, compared + NTAGS);
  return 0;
}
