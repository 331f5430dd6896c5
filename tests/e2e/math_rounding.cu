// math_rounding.cu — end-to-end test of the conversions of Anchor's device
// library (devlib/rounding.cu): float and double to the four integer types and
// integers to float and double in CUDA's four rounding modes (__float2int_rn,
// __ll2float_rd, __double2float_ru, ...), __int2double_rn, __uint2double_rn,
// and the bit moves __double2hiint, __double2loint, __hiloint2double,
// __double_as_longlong, __longlong_as_double. (The arithmetic in the four modes
// has harness rows, tests/math/math_accuracy.cu.)
// Expectations from CUDA's Math API documentation and PTX's cvt: each
// conversion is correctly rounded in its mode; float/double -> integer rounds
// to an integer in the mode and saturates (out of range: the type's smallest
// or largest value; NaN: as the H200 gives, see ref_to_int).
// References, computed on the host: integer -> float/double as one rounding of
// the exact value (a long double holds every 64-bit integer) under fesetround,
// double -> float by the host's conversion under fesetround (x86-64 SSE
// honours the mode, no flush to zero); float/double -> integer by the exact
// rint/trunc/ceil/floor of the C library and the saturation rule. Bit for bit
// (any NaN matches any NaN).
// Inputs: math_inputs.h's floats plus the conversions' edge cases (halfway
// points, 2^24/2^31/2^32/2^53/2^63/2^64 and their neighbours, float's overflow
// and subnormal thresholds and the doubles halfway between floats, -0, NaN),
// random doubles, and random integers of every length.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "math_inputs.h"

typedef unsigned long long u64;

// ---- the functions under test, one result (as bits in a u64) each ------------
// X(name, input kind, result kind, device expression of x)
// input kinds: F (float), D (double), I (int), U (unsigned int), L (long long),
// UL (unsigned long long); result kinds the same.
#define MODE_ROWS(X, m)                                                                            \
  X(float2int_##m, F, I, __float2int_##m(x))                                                       \
  X(float2uint_##m, F, U, __float2uint_##m(x))                                                     \
  X(float2ll_##m, F, L, __float2ll_##m(x))                                                         \
  X(float2ull_##m, F, UL, __float2ull_##m(x))                                                      \
  X(double2float_##m, D, F, __double2float_##m(x))                                                 \
  X(double2int_##m, D, I, __double2int_##m(x))                                                     \
  X(double2uint_##m, D, U, __double2uint_##m(x))                                                   \
  X(double2ll_##m, D, L, __double2ll_##m(x))                                                       \
  X(double2ull_##m, D, UL, __double2ull_##m(x))                                                    \
  X(int2float_##m, I, F, __int2float_##m(x))                                                       \
  X(uint2float_##m, U, F, __uint2float_##m(x))                                                     \
  X(ll2float_##m, L, F, __ll2float_##m(x))                                                         \
  X(ull2float_##m, UL, F, __ull2float_##m(x))                                                      \
  X(ll2double_##m, L, D, __ll2double_##m(x))                                                       \
  X(ull2double_##m, UL, D, __ull2double_##m(x))
// clang-format off
#define ROWS(X)                                                                                    \
  MODE_ROWS(X, rn) MODE_ROWS(X, rz) MODE_ROWS(X, ru) MODE_ROWS(X, rd)                              \
  X(int2double_rn, I, D, __int2double_rn(x))                                                       \
  X(uint2double_rn, U, D, __uint2double_rn(x))                                                     \
  X(double2hiint, D, I, __double2hiint(x))                                                         \
  X(double2loint, D, I, __double2loint(x))                                                         \
  X(double_as_longlong, D, L, __double_as_longlong(x))                                             \
  X(longlong_as_double, L, D, __longlong_as_double(x))                                             \
  X(hiloint2double, L, D, __hiloint2double((int)(x >> 32), (int)x))
// clang-format on

typedef float T_F;
typedef double T_D;
typedef int T_I;
typedef unsigned int T_U;
typedef long long T_L;
typedef unsigned long long T_UL;

enum kind { F, D, I, U, L, UL };

// Inputs are held as u64 bits: a float's bits, a double's, an integer's.
template <class T> __host__ __device__ T from_u64(u64 b);
template <> __host__ __device__ float from_u64<float>(u64 b) {
  unsigned int u = (unsigned int)b;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
template <> __host__ __device__ double from_u64<double>(u64 b) {
  double d;
  memcpy(&d, &b, 8);
  return d;
}
template <> __host__ __device__ int from_u64<int>(u64 b) {
  return (int)b;
}
template <> __host__ __device__ unsigned int from_u64<unsigned int>(u64 b) {
  return (unsigned int)b;
}
template <> __host__ __device__ long long from_u64<long long>(u64 b) {
  return (long long)b;
}
template <> __host__ __device__ u64 from_u64<u64>(u64 b) {
  return b;
}
static __host__ __device__ u64 to_u64(float f) {
  unsigned int u;
  memcpy(&u, &f, 4);
  return u;
}
static __host__ __device__ u64 to_u64(double d) {
  u64 u;
  memcpy(&u, &d, 8);
  return u;
}
static __host__ __device__ u64 to_u64(int i) {
  return (u64)(unsigned int)i;
}
static __host__ __device__ u64 to_u64(unsigned int i) {
  return i;
}
static __host__ __device__ u64 to_u64(long long i) {
  return (u64)i;
}
static __host__ __device__ u64 to_u64(u64 i) {
  return i;
}

#define KERNEL(name, in, out, expr)                                                                \
  __global__ void k_##name(const u64 *xs, u64 *r, unsigned n) {                                    \
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;                                            \
    if (i >= n) return;                                                                            \
    T_##in x = from_u64<T_##in>(xs[i]);                                                            \
    r[i] = to_u64((T_##out)(expr));                                                                \
  }
ROWS(KERNEL)
#undef KERNEL

// ---- host references ---------------------------------------------------------
static const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
static int mode_of(const char *name) { // from the name's suffix
  size_t n = strlen(name);
  if (n > 3 && name[n - 3] == '_' && name[n - 2] == 'r') {
    switch (name[n - 1]) {
    case 'z': return 1;
    case 'u': return 2;
    case 'd': return 3;
    }
  }
  return 0;
}

// x rounded to an integer in mode m (exact).
static long double round_in(long double x, int m) {
  return m == 0 ? rintl(x) : m == 1 ? truncl(x) : m == 2 ? ceill(x) : floorl(x);
}
// x (float or double) to an integer type of `bits` bits, signed or not, in mode m,
// saturated. A NaN gives what the H200 gives (nvcc 13.0, sm_90; this test run there,
// tests/e2e/observed/h200-math.log): 0 from a float to a 32-bit type, the top bit alone
// (0x80000000, 0x8000000000000000) from a double to any type and from a float to a
// 64-bit type.
static u64 ref_to_int(long double x, int m, int bits, int is_signed, int from_double) {
  if (isnan(x)) return bits == 32 ? (from_double ? 0x80000000ull : 0) : 0x8000000000000000ull;
  long double t = round_in(x, m);
  long double lo = is_signed ? -ldexpl(1, bits - 1) : 0,
              hi = ldexpl(1, is_signed ? bits - 1 : bits);
  if (t < lo) t = lo;
  if (t >= hi)
    return is_signed ? ((u64)1 << (bits - 1)) - 1 : bits == 64 ? ~0ull : (1ull << bits) - 1;
  u64 v = t < 0 ? (u64)(-(long long)(-t)) : (u64)t;
  return bits == 32 ? (u64)(unsigned int)v : v;
}

// One rounding of an exact long double under the mode (to float or double).
static volatile long double exact_value;
static u64 ref_round(long double v, int m, enum kind out) {
  exact_value = v;
  fesetround(modes[m]);
  u64 r = out == F ? to_u64((float)exact_value) : to_u64((double)exact_value);
  fesetround(FE_TONEAREST);
  return r;
}

static u64 reference(const char *name, enum kind in, enum kind out, u64 xb) {
  int m = mode_of(name);
  if (!strcmp(name, "double2hiint")) return xb >> 32;
  if (!strcmp(name, "double2loint")) return (unsigned int)xb;
  if (!strcmp(name, "double_as_longlong") || !strcmp(name, "longlong_as_double") ||
      !strcmp(name, "hiloint2double"))
    return xb;
  long double v;
  switch (in) {
  case F: v = from_u64<float>(xb); break;
  case D: v = from_u64<double>(xb); break;
  case I: v = from_u64<int>(xb); break;
  case U: v = from_u64<unsigned int>(xb); break;
  case L: v = from_u64<long long>(xb); break;
  default: v = from_u64<u64>(xb); break;
  }
  switch (out) {
  case F:
  case D:
    if (isnan(v)) return out == F ? 0x7fffffffull : 0x7ff8000000000000ull; // any NaN matches
    return ref_round(v, m, out);
  case I: return ref_to_int(v, m, 32, 1, in == D);
  case U: return ref_to_int(v, m, 32, 0, in == D);
  case L: return ref_to_int(v, m, 64, 1, in == D);
  default: return ref_to_int(v, m, 64, 0, in == D);
  }
}

static int is_nan(u64 b, enum kind k) {
  return k == F ? isnan(from_u64<float>(b)) : k == D ? isnan(from_u64<double>(b)) : 0;
}

// ---- inputs ------------------------------------------------------------------
static uint32_t seed = 0x2545f491u;
static u64 rnd64() {
  u64 hi = math_xorshift(&seed);
  return hi << 32 | math_xorshift(&seed);
}

static void add_float_edges(u64 *v, unsigned *k, float x) {
  uint32_t b = math_float_bits(x);
  for (int d = -2; d <= 2; d++)
    v[(*k)++] = (uint32_t)(b + d);
}

// Float inputs: math_inputs.h's, plus values k/4 for |k| <= 400 with neighbours,
// and the powers of two 2^20 ... 2^70 of both signs with neighbours.
static u64 *float_inputs(unsigned *n) {
  unsigned nb;
  float *base = math_inputs(1u << 17, 1u << 12, 0x9e3779b9u, &nb);
  u64 *v = (u64 *)malloc(sizeof(u64) * (nb + 5 * 801 + 5 * 2 * 51));
  unsigned k = 0;
  for (unsigned i = 0; i < nb; i++)
    v[k++] = math_float_bits(base[i]);
  for (int q = -400; q <= 400; q++)
    add_float_edges(v, &k, q * 0.25f);
  for (int e = 20; e <= 70; e++) {
    add_float_edges(v, &k, ldexpf(1, e));
    add_float_edges(v, &k, -ldexpf(1, e));
  }
  free(base);
  *n = k;
  return v;
}

// Double inputs: every float input (exact), the doubles halfway between
// neighbouring floats (and a double ulp either side) around the edges, float's
// overflow threshold and largest subnormal, the integer boundaries, and random
// doubles (bit patterns, and values within 2^70).
static u64 *double_inputs(const u64 *fl, unsigned nf, unsigned *n) {
  unsigned cap = nf * 4 + 4096 + (1u << 17);
  u64 *v = (u64 *)malloc(sizeof(u64) * cap);
  unsigned k = 0;
  for (unsigned i = 0; i < nf; i++) {
    float f = from_u64<float>(fl[i]);
    double d = f;
    v[k++] = to_u64(d);
    if (!isfinite(f)) continue;
    double mid = ((double)f + (double)nextafterf(f, INFINITY)) / 2; // exact
    if (i % 4 == 0 && isfinite(mid)) {
      v[k++] = to_u64(mid);
      v[k++] = to_u64(mid) + 1;
      v[k++] = to_u64(mid) - 1;
    }
  }
  const double edges[] = {0x1.fffffefffffffp127,
                          0x1.ffffffp127,
                          0x1.ffffff0000001p127,
                          0x1p128,
                          0x1p-149,
                          0x1p-150,
                          0x1.0000000000001p-150,
                          0x1p-151,
                          0x1.fffffcp-127,
                          0x1p-126,
                          0x1p31,
                          0x1p31 - 0.5,
                          0x1p31 - 1,
                          0x1p31 + 0.5,
                          -0x1p31,
                          -0x1p31 - 0.5,
                          -0x1p31 - 1,
                          -0x1p31 + 0.5,
                          0x1p32,
                          0x1p32 - 0.5,
                          0x1p32 - 1,
                          0x1p32 + 1,
                          0x1p53,
                          0x1p53 + 2,
                          0x1p52 + 0.5,
                          0x1p63,
                          -0x1p63,
                          0x1p64,
                          -0.5,
                          -0.3,
                          -1.5,
                          -0.0,
                          0.0,
                          1e300,
                          -1e300,
                          4.9e-324,
                          INFINITY,
                          -INFINITY,
                          NAN,
                          -NAN};
  for (double d : edges) {
    for (int s = -2; s <= 2; s++)
      v[k++] = to_u64(d) + (u64)(long long)s;
  }
  for (unsigned i = 0; i < (1u << 16); i++)
    v[k++] = rnd64();
  for (unsigned i = 0; i < (1u << 16); i++) { // |x| < 2^70
    double d = ldexp((double)(rnd64() >> 11), (int)(rnd64() % 124) - 54 - 53);
    v[k++] = to_u64(i & 1 ? -d : d);
  }
  *n = k;
  return v;
}

// Integer inputs: small values, the boundaries of float's and double's exact
// integers (2^24, 2^53) with neighbours and halfway values, the extremes, and
// random bit patterns of every length (both signs).
static u64 *int_inputs(unsigned *n) {
  unsigned cap = 8192 + (1u << 17);
  u64 *v = (u64 *)malloc(sizeof(u64) * cap);
  unsigned k = 0;
  for (int i = -64; i <= 64; i++)
    v[k++] = (u64)(long long)i;
  for (int e = 20; e < 64; e++) {
    for (int d = -3; d <= 3; d++) {
      u64 p = 1ull << e;
      v[k++] = p + (u64)(long long)d;
      v[k++] = 0 - (p + (u64)(long long)d);
      v[k++] = (p + (p >> 24) * (u64)(d + 3)) | (1ull << (e - 24)); // ties and neighbours
      v[k++] = (unsigned int)(p + (u64)(long long)d);               // as a 32-bit value
    }
  }
  const u64 ext[] = {0x7fffffffull,         0x80000000ull,         0xffffffffull,
                     0x7fffffffffffffffull, 0x8000000000000000ull, ~0ull,
                     0xffffff80ull,         0xffffff7full,         0xffffffc0ull,
                     0xfffffffffffff800ull, 0xfffffffffffffc00ull, 0x7ffffffffffffe00ull};
  for (u64 x : ext)
    v[k++] = x;
  for (unsigned i = 0; i < (1u << 16); i++) {
    u64 x = rnd64() >> (rnd64() % 64);
    v[k++] = i & 1 ? 0 - x : x;
  }
  *n = k;
  return v;
}

// ---- fma and products near the subnormal range ------------------------------
// The harness (tests/math) covers the arithmetic in every mode; these triples
// aim at what its random ones rarely give: products a*b and addends c both
// near or below the smallest normal (float 2^-126, double 2^-1022) and c close
// to -(a*b), where the directed fma and product take their scaled or integer
// paths. Reference: the host's fmaf/fma and * under fesetround.
__global__ void k_fma_tiny(const float *a, const float *b, const float *c, const double *da,
                           const double *db, const double *dc, float *rf, double *rd, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  rf[6 * i + 0] = __fmaf_rz(a[i], b[i], c[i]);
  rf[6 * i + 1] = __fmaf_ru(a[i], b[i], c[i]);
  rf[6 * i + 2] = __fmaf_rd(a[i], b[i], c[i]);
  rf[6 * i + 3] = __fmul_rz(a[i], b[i]);
  rf[6 * i + 4] = __fmul_ru(a[i], b[i]);
  rf[6 * i + 5] = __fmul_rd(a[i], b[i]);
  rd[6 * i + 0] = __fma_rz(da[i], db[i], dc[i]);
  rd[6 * i + 1] = __fma_ru(da[i], db[i], dc[i]);
  rd[6 * i + 2] = __fma_rd(da[i], db[i], dc[i]);
  rd[6 * i + 3] = __dmul_rz(da[i], db[i]);
  rd[6 * i + 4] = __dmul_ru(da[i], db[i]);
  rd[6 * i + 5] = __dmul_rd(da[i], db[i]);
}

static volatile float vf[3];
static volatile double vd[3];
static float host_fmaf(float a, float b, float c, int m, int mul) {
  vf[0] = a, vf[1] = b, vf[2] = c;
  fesetround(modes[m]);
  float r = mul ? vf[0] * vf[1] : fmaf(vf[0], vf[1], vf[2]);
  fesetround(FE_TONEAREST);
  return r;
}
static double host_fma(double a, double b, double c, int m, int mul) {
  vd[0] = a, vd[1] = b, vd[2] = c;
  fesetround(modes[m]);
  double r = mul ? vd[0] * vd[1] : fma(vd[0], vd[1], vd[2]);
  fesetround(FE_TONEAREST);
  return r;
}

// A random value m * 2^e with a random 24- or 53-bit significand, e in [lo, hi].
static double random_scaled(int bits, int lo, int hi) {
  double m = (double)((rnd64() >> (64 - bits)) | (1ull << (bits - 1)));
  double v = ldexp(m, lo + (int)(rnd64() % (u64)(hi - lo + 1)) - (bits - 1));
  return rnd64() & 1 ? -v : v;
}

static long long fma_tiny(long long *checked) {
  const unsigned n = 1u << 16;
  float *a = (float *)malloc(n * 4), *b = (float *)malloc(n * 4), *c = (float *)malloc(n * 4);
  double *da = (double *)malloc(n * 8), *db = (double *)malloc(n * 8),
         *dc = (double *)malloc(n * 8);
  float *rf = (float *)malloc(6 * n * 4);
  double *rd = (double *)malloc(6 * n * 8);
  for (unsigned i = 0; i < n; i++) {
    int ea = (int)(rnd64() % 200) - 100;
    a[i] = (float)random_scaled(24, ea, ea);
    b[i] = (float)random_scaled(24, -175 - ea, -115 - ea); // a*b in [2^-175, 2^-113]
    float p = a[i] * b[i];
    c[i] = i % 4 == 0   ? (float)random_scaled(24, -170, -110)
           : i % 4 == 1 ? nextafterf(-p, (rnd64() & 1) ? INFINITY : -INFINITY)
           : i % 4 == 2 ? -p
                        : (float)random_scaled(24, -149, -126);
    int eda = (int)(rnd64() % 1000) - 500;
    da[i] = random_scaled(53, eda, eda);
    db[i] = random_scaled(53, -1125 - eda, -1000 - eda); // a*b in [2^-1125, 2^-998]
    double dp = da[i] * db[i];
    dc[i] = i % 4 == 0   ? random_scaled(53, -1110, -990)
            : i % 4 == 1 ? nextafter(-dp, (rnd64() & 1) ? INFINITY : -INFINITY)
            : i % 4 == 2 ? -dp
                         : random_scaled(53, -1074, -1022);
  }
  float *d_a, *d_b, *d_c, *d_rf;
  double *d_da, *d_db, *d_dc, *d_rd;
  cudaMalloc(&d_a, n * 4), cudaMalloc(&d_b, n * 4), cudaMalloc(&d_c, n * 4);
  cudaMalloc(&d_da, n * 8), cudaMalloc(&d_db, n * 8), cudaMalloc(&d_dc, n * 8);
  cudaMalloc(&d_rf, 6 * n * 4), cudaMalloc(&d_rd, 6 * n * 8);
  cudaMemcpy(d_a, a, n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(d_c, c, n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(d_da, da, n * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(d_db, db, n * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(d_dc, dc, n * 8, cudaMemcpyHostToDevice);
  k_fma_tiny<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, d_da, d_db, d_dc, d_rf, d_rd, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: kernel fma_tiny\n");
    return 1;
  }
  cudaMemcpy(rf, d_rf, 6 * n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(rd, d_rd, 6 * n * 8, cudaMemcpyDeviceToHost);
  static const char *names[6] = {"fma_rz", "fma_ru", "fma_rd", "mul_rz", "mul_ru", "mul_rd"};
  long long bad = 0;
  for (unsigned i = 0; i < n; i++)
    for (int j = 0; j < 6; j++) {
      float wf = host_fmaf(a[i], b[i], c[i], 1 + j % 3, j >= 3);
      double wd = host_fma(da[i], db[i], dc[i], 1 + j % 3, j >= 3);
      *checked += 2;
      if (to_u64(wf) != to_u64(rf[6 * i + j]) && bad++ < 3)
        printf("FAIL: __f%s(%a, %a, %a) = %a, expected %a\n", names[j], a[i], b[i], c[i],
               rf[6 * i + j], wf);
      if (to_u64(wd) != to_u64(rd[6 * i + j]) && bad++ < 3)
        printf("FAIL: __d%s(%a, %a, %a) = %a, expected %a\n", names[j], da[i], db[i], dc[i],
               rd[6 * i + j], wd);
    }
  return bad;
}

// ---- running -----------------------------------------------------------------
typedef void (*kernel_fn)(const u64 *, u64 *, unsigned);
struct row {
  const char *name;
  enum kind in, out;
  kernel_fn k;
};
#define ROW(name, in, out, expr) {#name, in, out, k_##name},
static const row rows[] = {ROWS(ROW)};
#undef ROW

int main() {
  unsigned nf, nd, ni;
  u64 *xf = float_inputs(&nf);
  u64 *xd = double_inputs(xf, nf, &nd);
  u64 *xi = int_inputs(&ni);
  unsigned nmax = nf > nd ? nf : nd;
  if (ni > nmax) nmax = ni;
  u64 *dx, *dr, *hr = (u64 *)malloc(sizeof(u64) * nmax);
  if (cudaMalloc(&dx, nmax * sizeof(u64)) != cudaSuccess ||
      cudaMalloc(&dr, nmax * sizeof(u64)) != cudaSuccess) {
    printf("FAIL: cudaMalloc\n");
    return 1;
  }
  long long checked = 0, bad = 0;
  for (const row &r : rows) {
    const u64 *x = r.in == F ? xf : r.in == D ? xd : xi;
    unsigned n = r.in == F ? nf : r.in == D ? nd : ni;
    cudaMemcpy(dx, x, n * sizeof(u64), cudaMemcpyHostToDevice);
    r.k<<<(n + 255) / 256, 256>>>(dx, dr, n);
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
      printf("FAIL: kernel %s: %s\n", r.name, cudaGetErrorString(err));
      return 1;
    }
    cudaMemcpy(hr, dr, n * sizeof(u64), cudaMemcpyDeviceToHost);
    int shown = 0;
    long long bad_nan = 0, bad_other = 0;
    for (unsigned i = 0; i < n; i++) {
      u64 want = reference(r.name, r.in, r.out, x[i]), got = hr[i];
      checked++;
      if (got == want || (is_nan(got, r.out) && is_nan(want, r.out))) continue;
      bad++;
      (is_nan(x[i], r.in) ? bad_nan : bad_other)++;
      if (shown++ < 3)
        printf("FAIL: %s(input bits 0x%llx) = 0x%llx, expected 0x%llx\n", r.name, x[i], got, want);
    }
    if (bad_nan || bad_other)
      printf("    %s: %lld wrong with a NaN input, %lld with other inputs\n", r.name, bad_nan,
             bad_other);
  }
  cudaFree(dx);
  cudaFree(dr);
  bad += fma_tiny(&checked);
  if (bad) {
    printf("FAIL: %lld of %lld results wrong\n", bad, checked);
    return 1;
  }
  printf("%d functions, %lld results bit-exact (%u float, %u double, %u integer inputs; "
         "65536 fma/product triples of each type near the subnormal range)\n",
         (int)(sizeof rows / sizeof *rows), checked, nf, nd, ni);
  printf("PASS\n");
  return 0;
}
