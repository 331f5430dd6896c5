// devlib/f64_gamma.cu — double-precision gamma functions of Anchor's device library:
// CUDA's lgamma and tgamma. Declarations and contracts: include/anchor/math/gamma.h.
//
// double is Anchor's software binary64 (compiler/lower_fp64.c): every +, -, *, /, fma and
// sqrt is correctly rounded. Besides those: the library's __anchor_log, __anchor_log1p,
// __anchor_exp, __anchor_pow (double-double kernels, at most 0.506 ulp) and __anchor_sinpi.
//
// The methods (t = x - rint(x), exact, |t| <= 1/2; x = 2 + t + n):
//   lgamma: as devlib/f32_gamma.cu's lgammaf: t LG1(t) on [3/4, 3/2], t LG2(t) on
//     [3/2, 5/2] (relative accuracy at the roots 1 and 2); |x| < 1/2:
//     log(Gamma(2 + x)) - log1p(x) - log|x|; [1/2, 3/4): log(Gamma(x + 1)) - log(x);
//     (5/2, 10) and (-40, -1/2]: log(Gamma(2 + t)) +- log|P|, P the product of the exact
//     factors x - 1 ... x - n (or x ... x + m - 1) as a double-double (fma residues),
//     log(Ph) + Pl/Ph; x >= 10: Stirling, fma(x - 1/2, log(x) - 1, (log(2 pi) - 1)/2 +
//     ST(1/x^2)/x); x <= -40: the reflection log(pi) - log|sin(pi x)| - log(Gamma(1 + |x|))
//     with the last by Stirling (|result| > 100, the terms' errors stay small against it).
//   tgamma: |x| < 1/2: Gamma(2 + x) / (x (1 + x)), Gamma(2 + t) = 1 + t G2(t);
//     1/2 <= x < 12: Gamma(2 + t) (x - 1) ... (x - n) (double-double product), or
//     Gamma(2 + t) / x; 12 <= x < 171.7: Stirling as a product without overflow,
//     ((p SE(1/x)) e^-x) p with p = x^((x - 1/2)/2) (one pow, 0.506 ulp) and SE(1/x) =
//     sqrt(2 pi) e^s(x); x <= -1/2: the reflection pi / (sin(pi x) y Gamma(y)), y = -x
//     (exact: 1 - x is not when it crosses a power of two, and its rounding would cost
//     log(y) ulp-sized relative errors times y), Gamma(y) as above, for y >= 12 as
//     ((pi / (sin(pi x) y SE p)) e^y) / p, ordered so that nothing overflows and a
//     subnormal result is rounded once; x < -190 underflows to a zero of Gamma's sign.
// Polynomials: devlib/gen/gamma_coeffs.c (Chebyshev interpolants in MPFR, the errors it
// printed relative to the kernel, with the double coefficients).

#include "anchor/math/f64_exp.h"
#include "anchor/math/f64_trig.h"

// LG1: log(Gamma(1 + t))/t on [-1/4, 1/2], degree 24: 2^-54.4.
static constexpr double LG1[] = {
    -0x1.2788cfc6fb619p-1, 0x1.a51a6625307d3p-1,  -0x1.9a4d55beab2d7p-2, 0x1.151322ac7d845p-2,
    -0x1.a8b9c17aa6088p-3, 0x1.5b40cb100c815p-3,  -0x1.2703a1dcf2807p-3, 0x1.010b36af7162ep-3,
    -0x1.c8067067955d8p-4, 0x1.9a01e3855b041p-4,  -0x1.748c3430d7ffp-4,  0x1.556ad87011fb4p-4,
    -0x1.3b1d778412c95p-4, 0x1.2496675f26901p-4,  -0x1.1114ea87ad632p-4, 0x1.000ca0fee6493p-4,
    -0x1.e1df85e8244c3p-5, 0x1.c6001068b8404p-5,  -0x1.ad09fd969ce3dp-5, 0x1.9e4661e78eb4p-5,
    -0x1.9da8e651c7bc9p-5, 0x1.8cae9a88a59ep-5,   -0x1.345e64936911ap-5, 0x1.3af00a31dc479p-6,
    -0x1.2e26884cac575p-8};
// LG2: log(Gamma(2 + t))/t on [-1/2, 1/2], degree 20: 2^-55.6.
static constexpr double LG2[] = {
    0x1.b0ee6072093cep-2,  0x1.4a34cc4a60fa6p-2,  -0x1.13e001a557606p-4, 0x1.51322ac7d849bp-6,
    -0x1.e404fc218f61fp-8, 0x1.7add6eadb2c11p-9,  -0x1.38ac5c2bf50a2p-10, 0x1.0b36af88b2884p-11,
    -0x1.d3fd4c7b8f6a9p-13, 0x1.a127af44aaf71p-14, -0x1.78de5a3d2d4d2p-15, 0x1.580e260121a51p-16,
    -0x1.3cbce9a3c4ad1p-17, 0x1.258c9651dbedbp-18, -0x1.11a85684e8499p-19, 0x1.01462b5944f7dp-20,
    -0x1.e40f95a8192dep-22, 0x1.b1a8c8bf04f14p-23, -0x1.9a854795e5fe9p-24, 0x1.15fea8732cd9ep-24,
    -0x1.091589d02d1a3p-25};
// G2: (Gamma(2 + t) - 1)/t on [-1/2, 1/2], degree 20: 2^-55.2.
static constexpr double G2[] = {
    0x1.b0ee6072093cep-2,  0x1.a5b978b96bebfp-2,  0x1.4e239984650acp-4,  0x1.301fbb0f25ad5p-4,
    -0x1.17f3740fe4c16p-12, 0x1.6d7eeac9deeccp-7, -0x1.75e6e9047c3c5p-9, 0x1.13c449cf50cb2p-9,
    -0x1.e21f1c91157d1p-11, 0x1.011ad0809b87cp-11, -0x1.f94a6e0decd32p-13, 0x1.fe57373dd0894p-14,
    -0x1.fdf8b36b61675p-15, 0x1.fecdd9c5d5b0ap-16, -0x1.ff13ebd53de18p-17, 0x1.00fc0c22a86f5p-17,
    -0x1.0111063afe1eep-18, 0x1.e130adde2ad08p-20, -0x1.e143fcee29c7p-21, 0x1.66347dc368c0fp-21,
    -0x1.66398dddb91b5p-22};
// ST: x s(x) in v = 1/x^2 on [0, 1/100] (s: Stirling's remainder), degree 7: 2^-54.0.
static constexpr double ST[] = {0x1.5555555555555p-4,  -0x1.6c16c16c16c0bp-9, 0x1.a01a01a00116ep-11,
                                -0x1.381380e9c5b5ep-11, 0x1.b9516963cb8cfp-11, -0x1.f677b5e4719e7p-10,
                                0x1.9e027768ce529p-8,   -0x1.80d9b6a8f212ep-6};
// SE: sqrt(2 pi) e^s(x) in v = 1/x on [0, 1/12], degree 8: 2^-53.1.
static constexpr double SE[] = {0x1.40d931ff62705p+1,  0x1.abcc42a9d88a2p-3,  0x1.1d32d71ccfa26p-7,
                                -0x1.b87930a98ef1cp-8,  -0x1.2d907d6c9db89p-11, 0x1.01895da13bafcp-9,
                                0x1.81e2f0146a72dp-13,  -0x1.a26bd95ccb768p-10, 0x1.408ff7415b93ap-11};
#define F64G_HALF_LN2PI_M_HALF 0x1.acfe390c97d69p-2  // (log(2 pi) - 1)/2
#define F64G_LNPI_M_HALF_M_C -0x1.18ca26d2af675p-2  // log(pi) - 1/2 - log(2 pi)/2
#define F64G_PI 0x1.921fb54442d18p+1

template <int N>
static __device__ __forceinline__ double f64g_horner(const double (&c)[N], double v) {
  double p = c[N - 1];
  for (int i = N - 2; i >= 0; i--)
    p = __builtin_fma(p, v, c[i]);
  return p;
}

struct f64g_dd {
  double h, l;
};

// (p.h + p.l) f, f exact.
static __device__ __forceinline__ f64g_dd f64g_mul(f64g_dd p, double f) {
  double h = p.h * f;
  return {h, __builtin_fma(p.l, f, __builtin_fma(p.h, f, -h))};
}

static __device__ __forceinline__ double f64g_inf() {
  return __builtin_bit_cast(double, 0x7ff0000000000000ull);
}

static __device__ __forceinline__ double f64g_nan() {
  return __builtin_bit_cast(double, 0x7fffffffffffffffull);
}

static __device__ __forceinline__ double f64g_lgamma2(double t) {
  return t * f64g_horner(LG2, t);
}

// log|p.h + p.l|.
static __device__ __forceinline__ double f64g_log_dd(f64g_dd p) {
  double a = __builtin_fabs(p.h);
  double l = p.h < 0.0 ? -p.l : p.l;
  return __anchor_log(a) + l / a;
}

static __device__ __forceinline__ double f64g_stirling_rem(double x) {
  double w = 1.0 / x;
  return w * f64g_horner(ST, w * w);
}

extern "C" __device__ double __anchor_lgamma(double x) {
  double ax = __builtin_fabs(x);
  if (x != x) return x + x;
  if (ax == f64g_inf()) return ax;
  double r = __builtin_rint(x);
  if (x == r && x <= 0.0) return f64g_inf(); // poles
  if (ax < 0.5) {
    if (ax < 0x1p-60) return -__anchor_log(ax);
    return (f64g_lgamma2(x) - __anchor_log1p(x)) - __anchor_log(ax);
  }
  if (x >= 10.0) { // Stirling
    double c = F64G_HALF_LN2PI_M_HALF + f64g_stirling_rem(x);
    return __builtin_fma(x - 0.5, __anchor_log(x) - 1.0, c);
  }
  if (x <= -40.0) { // reflection, log(Gamma(1 + y)) = (y + 1/2)(log(y) - 1) + 1/2 + C + s(y)
    double c = (F64G_LNPI_M_HALF_M_C - f64g_stirling_rem(ax)) -
               __anchor_log(__builtin_fabs(__anchor_sinpi(ax)));
    return __builtin_fma(-(ax + 0.5), __anchor_log(ax) - 1.0, c);
  }
  if (x < 0.75) {
    if (x >= 0.5) return f64g_lgamma2(x - 1.0) - __anchor_log(x);
    // -40 < x <= -1/2: log(Gamma(2 + t)) - log|x (x + 1) ... (x + m - 1)|, m = 2 - rint(x)
    double t = x - r;
    int m = 2 - (int)r;
    f64g_dd p = {x, 0.0};
    for (int k = 1; k < m; k++)
      p = f64g_mul(p, x + (double)k);
    return f64g_lgamma2(t) - f64g_log_dd(p);
  }
  if (x <= 1.5) {
    double t = x - 1.0;
    return t * f64g_horner(LG1, t) + 0.0; // lgamma(1) = +0
  }
  if (x <= 2.5) return f64g_lgamma2(x - 2.0);
  // 2.5 < x < 10: log(Gamma(2 + t)) + log((x - 1) ... (x - n))
  double t = x - r;
  int n = (int)r - 2;
  f64g_dd p = {x - 1.0, 0.0};
  for (int k = 2; k <= n; k++)
    p = f64g_mul(p, x - (double)k);
  return f64g_log_dd(p) + f64g_lgamma2(t);
}

// Gamma(y), 1/2 <= y < 12 (y = 2 + t + n), rounded once from a double-double.
static __device__ double f64g_tgamma_mid(double y) {
  double r = __builtin_rint(y);
  double t = y - r;
  double p0 = f64g_horner(G2, t);
  double ph = t * p0, pl = __builtin_fma(t, p0, -ph);
  double gh = 1.0 + ph; // |ph| < 1/2: fast TwoSum
  f64g_dd g = {gh, ((1.0 - gh) + ph) + pl};
  int n = (int)r - 2;
  if (n < 0) { // y in [1/2, 3/2): Gamma(2 + t) / y
    double q = g.h / y;
    return q + (__builtin_fma(-q, y, g.h) + g.l) / y;
  }
  for (int k = 1; k <= n; k++)
    g = f64g_mul(g, y - (double)k);
  return g.h + g.l;
}

extern "C" __device__ double __anchor_tgamma(double x) {
  double ax = __builtin_fabs(x);
  if (ax < 0x1p-60) return 1.0 / x; // +-inf at +-0; Gamma(x) = 1/x - gamma + O(x)
  if (x != x) return x + x;
  double r = __builtin_rint(x);
  if (x == r && x < 0.0) return f64g_nan(); // negative integers and -inf
  if (x >= 171.7) return f64g_inf();
  if (ax <= 0.5) { // Gamma(2 + x) / (x (1 + x))
    double g = __builtin_fma(x, f64g_horner(G2, x), 1.0);
    return g / (x * (1.0 + x));
  }
  if (x > 0.0) {
    if (x < 12.0) return f64g_tgamma_mid(x);
    double p = __anchor_pow(x, 0.5 * (x - 0.5));
    double s = f64g_horner(SE, 1.0 / x);
    return ((p * s) * __anchor_exp(-x)) * p;
  }
  if (x < -190.0) { // |Gamma(x)| < 2^-1100: a zero, negative for floor(x) odd
    double half = __builtin_floor(x) * 0.5;
    return __builtin_floor(half) != half ? -0.0 : 0.0;
  }
  // Gamma(1 - x) = y Gamma(y), y = -x (exact; 1 - x need not be)
  double y = ax;
  double sp = __anchor_sinpi(x);
  if (y < 12.0) return F64G_PI / (sp * (y * f64g_tgamma_mid(y)));
  double p = __anchor_pow(y, 0.5 * (y - 0.5));
  double s = f64g_horner(SE, 1.0 / y);
  return ((F64G_PI / (((sp * y) * s) * p)) * __anchor_exp(y)) / p;
}
