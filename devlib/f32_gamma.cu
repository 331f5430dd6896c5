// devlib/f32_gamma.cu — single-precision gamma functions of Anchor's device library:
// CUDA's lgammaf and tgammaf. Declarations and contracts: include/anchor/math/gamma.h.
//
// Only operations Metal defines exactly: float add/sub/mul, fmaf, comparisons, fabsf,
// rintf, floorf, bit casts, integer arithmetic, and the library's __anchor_logf,
// __anchor_log1pf, __anchor_sinpif and __anchor_frcp_rn. No float division, no double.
//
// The methods (t = x - rint(x), exact, |t| <= 1/2; x = 2 + t + n):
//   Gamma(2 + t) = 1 + t G2(t) (a double-float: t G2(t) by an exact product).
//   tgammaf, -45 < x < 36: Gamma(x) = Gamma(2 + t) (x - 1) ... (x - n) for n > 0, or
//     Gamma(2 + t) / (x (x + 1) ... (x + m - 1)) for m = -n > 0: every factor is exact
//     (x - k and x + k need no more bits than x), the product is a double-float (fmaf
//     residues), each factor scaled by 2^-5 (exact) so that 47 factors neither overflow
//     nor underflow; the quotient by one reciprocal and a residual correction; one
//     rounding, then the exact scaling by 2^(5n) (a subnormal result rounds twice).
//     For |x| < 1/2 the divisor x (1 + x) is a double-float (1 + x by TwoSum).
//     |x| < 2^-30: 1/x (Gamma(x) = 1/x - gamma + O(x): the rest is below 2^-30 relative).
//     x >= 36 overflows, x <= -45 underflows (to a zero of Gamma's sign).
//   lgammaf: near the roots, t LG1(t) (x = 1 + t, -1/4 <= t <= 1/2) and t LG2(t)
//     (x = 2 + t, |t| <= 1/2), relative accuracy to the roots; |x| < 1/2:
//     log(Gamma(2 + x)) - log1p(x) - log|x|; 1/2 <= x < 3/4: log(Gamma(x + 1)) - log(x);
//     2.5 < x < 10 and -30 < x < -1/2: log(Gamma(2 + t)) + log|P| (- log|P| for the
//     divisor), P the exact factors' product above as a double-float (log(Ph) + Pl/Ph);
//     x >= 10: Stirling, (x - 1/2)(log(x) - 1) + (log(2 pi) - 1)/2 + ST(1/x^2)/x by one fmaf
//     (log(x)'s rounding costs at most log(x)/(2 (log(x) - 1)) ulp: the factor x - 1/2
//     of the error is also in the result); x <= -30: the reflection
//     log|Gamma(x)| = log(pi) - log|sin(pi x)| - log(Gamma(1 + |x|)), the last by Stirling
//     (|result| > 60: the terms' errors stay small against it).
// Polynomials: devlib/gen/gamma_coeffs.c (Chebyshev interpolants in MPFR, the errors it
// printed relative to the kernel, with the float coefficients).

#define F32G_NAN 0x7fffffffu // CUDA's canonical NaN

// LG1: log(Gamma(1 + t))/t on [-1/4, 1/2], degree 11: 2^-24.3 (the coefficients' roundings).
static constexpr float LG1[] = {-0x1.2788dp-1f,  0x1.a51a66p-1f, -0x1.9a4d54p-2f, 0x1.151342p-2f,
                                -0x1.a8bc28p-3f, 0x1.5b3788p-3f, -0x1.269fb6p-3f, 0x1.01239ap-3f,
                                -0x1.d4b17ep-4f, 0x1.b0e9dp-4f,  -0x1.43f55p-4f,  0x1.f2f17cp-6f};
// LG2: log(Gamma(2 + t))/t on [-1/2, 1/2], degree 10: 2^-25.6.
static constexpr float LG2[] = {0x1.b0ee6p-2f,   0x1.4a34ccp-2f,  -0x1.13e002p-4f, 0x1.513216p-6f,
                                -0x1.e404d4p-8f, 0x1.7aec52p-9f,  -0x1.38ba16p-10f, 0x1.091dc8p-11f,
                                -0x1.d01f28p-13f, 0x1.e2458p-14f, -0x1.b4e38p-15f};
// G2: (Gamma(2 + t) - 1)/t on [-1/2, 1/2], degree 10: 2^-25.7.
static constexpr float G2[] = {0x1.b0ee6p-2f,   0x1.a5b978p-2f,  0x1.4e239ap-4f,  0x1.301f9ap-4f,
                               -0x1.17e32ap-12f, 0x1.6d958cp-7f, -0x1.761426p-9f, 0x1.1095fcp-9f,
                               -0x1.dbc366p-11f, 0x1.323bp-11f,  -0x1.2dbdfap-12f};
// ST: x s(x) in v = 1/x^2 on [0, 1/100] (s: Stirling's remainder), degree 2: 2^-25.0.
static constexpr float ST[] = {0x1.555556p-4f, -0x1.6c15a8p-9f, 0x1.9b7e46p-11f};
static constexpr float HALF_LN2PI_M_HALF = 0x1.acfe3ap-2f;  // (log(2 pi) - 1)/2
static constexpr float LNPI_M_HALF_M_C = -0x1.18ca26p-2f; // log(pi) - 1/2 - log(2 pi)/2

template <int N>
static __device__ __forceinline__ float f32g_horner(const float (&c)[N], float v) {
  float p = c[N - 1];
  for (int i = N - 2; i >= 0; i--)
    p = __builtin_fmaf(p, v, c[i]);
  return p;
}

struct f32g_ff {
  float h, l;
};

static __device__ __forceinline__ f32g_ff f32g_two_sum(float a, float b) {
  float s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

// (p.h + p.l) f, f exact: a double-float (the product's residue by fmaf).
static __device__ __forceinline__ f32g_ff f32g_mul(f32g_ff p, float f) {
  float h = p.h * f;
  return {h, __builtin_fmaf(p.l, f, __builtin_fmaf(p.h, f, -h))};
}

// (p.h + p.l)(f.h + f.l).
static __device__ __forceinline__ f32g_ff f32g_mul2(f32g_ff p, f32g_ff f) {
  float h = p.h * f.h;
  return {h, __builtin_fmaf(p.h, f.l, __builtin_fmaf(p.l, f.h, __builtin_fmaf(p.h, f.h, -h)))};
}

// (n.h + n.l) / (d.h + d.l), to about 2^-46: q = n r (r = 1/d.h), corrected by the
// residual n - q d (exact by fmaf to first order).
static __device__ __forceinline__ f32g_ff f32g_div(f32g_ff n, f32g_ff d) {
  float r = __anchor_frcp_rn(d.h);
  float q = n.h * r;
  float e = __builtin_fmaf(-q, d.h, n.h);
  e = __builtin_fmaf(-q, d.l, e + n.l);
  return {q, e * r};
}

// Gamma(2 + t) = 1 + t G2(t), |t| <= 1/2, as a double-float.
static __device__ __forceinline__ f32g_ff f32g_gamma2(float t) {
  float p = f32g_horner(G2, t);
  float ph = t * p, pl = __builtin_fmaf(t, p, -ph);
  float h = 1.0f + ph; // |ph| < 1/2: fast TwoSum
  return {h, ((1.0f - h) + ph) + pl};
}

// log(Gamma(2 + t)), |t| <= 1/2 (relative accuracy near t = 0).
static __device__ __forceinline__ float f32g_lgamma2(float t) {
  return t * f32g_horner(LG2, t);
}

// log(Gamma(1 + t)), -1/4 <= t <= 1/2.
static __device__ __forceinline__ float f32g_lgamma1(float t) {
  return t * f32g_horner(LG1, t) + 0.0f; // lgamma(1) = +0
}

// log|ph + pl|.
static __device__ __forceinline__ float f32g_log_ff(f32g_ff p) {
  float a = __builtin_fabsf(p.h);
  float l = p.h < 0.0f ? -p.l : p.l;
  return __anchor_logf(a) + l * __anchor_frcp_rn(a);
}

// Stirling's remainder s(x) = log(Gamma(x)) - ((x - 1/2) log(x) - x + log(2 pi)/2), x >= 10.
static __device__ __forceinline__ float f32g_stirling_rem(float x) {
  float w = __anchor_frcp_rn(x);
  return w * f32g_horner(ST, w * w);
}

static __device__ __forceinline__ float f32g_nan() {
  return __builtin_bit_cast(float, F32G_NAN);
}

extern "C" __device__ float __anchor_tgammaf(float x) {
  float ax = __builtin_fabsf(x);
  if (!(ax < 0x1p-30f)) {
    if (x != x) return x + x;
    float r = __builtin_rintf(x);
    if (x == r && x < 0.0f) return f32g_nan(); // negative integers and -inf
    if (x >= 36.0f) return __builtin_bit_cast(float, 0x7f800000u);
    if (x <= -45.0f) { // |Gamma(x)| < 2^-150: a zero, negative for floor(x) odd
      float fl = __builtin_floorf(x);
      float half = fl * 0.5f;
      return __builtin_floorf(half) != half ? -0.0f : 0.0f;
    }
    float t = x - r;
    int n = (int)r - 2;
    f32g_ff g = f32g_gamma2(t);
    int e = 0;
    if (ax < 0.5f) { // Gamma(2 + x) / (x (1 + x))
      f32g_ff s = f32g_two_sum(1.0f, x);
      f32g_ff d = {s.h * x, 0.0f};
      d.l = __builtin_fmaf(s.l, x, __builtin_fmaf(s.h, x, -d.h));
      g = f32g_div(g, d);
    } else if (n > 0) {
      f32g_ff p = g;
      for (int k = 1; k <= n; k++)
        p = f32g_mul(p, (x - (float)k) * 0x1p-5f);
      g = p;
      e = 5 * n;
    } else if (n < 0) {
      f32g_ff p = {x * 0x1p-5f, 0.0f};
      for (int k = 1; k < -n; k++)
        p = f32g_mul(p, (x + (float)k) * 0x1p-5f);
      g = f32g_div(g, p);
      e = 5 * n;
    }
    float y = g.h + g.l;
    int e1 = e >> 1, e2 = e - e1; // |e1|, |e2| <= 118: 2^e1, 2^e2 are normal floats
    y *= __builtin_bit_cast(float, (unsigned int)(127 + e1) << 23);
    return y * __builtin_bit_cast(float, (unsigned int)(127 + e2) << 23);
  }
  return __anchor_frcp_rn(x); // +-inf at +-0, overflow below 2^-128
}

extern "C" __device__ float __anchor_lgammaf(float x) {
  float ax = __builtin_fabsf(x);
  if (x != x) return x + x;
  if (ax == __builtin_bit_cast(float, 0x7f800000u)) return ax;
  float r = __builtin_rintf(x);
  if (x == r && x <= 0.0f) return __builtin_bit_cast(float, 0x7f800000u); // poles
  if (ax < 0.5f) {
    if (ax < 0x1p-30f) return -__anchor_logf(ax);
    return (f32g_lgamma2(x) - __anchor_log1pf(x)) - __anchor_logf(ax);
  }
  if (x >= 10.0f) { // Stirling
    float c = HALF_LN2PI_M_HALF + f32g_stirling_rem(x);
    return __builtin_fmaf(x - 0.5f, __anchor_logf(x) - 1.0f, c);
  }
  if (x <= -30.0f) { // reflection, log(Gamma(1 + y)) = (y + 1/2)(log(y) - 1) + 1/2 + C + s(y)
    float c = (LNPI_M_HALF_M_C - f32g_stirling_rem(ax)) - __anchor_logf(__builtin_fabsf(__anchor_sinpif(ax)));
    return __builtin_fmaf(-(ax + 0.5f), __anchor_logf(ax) - 1.0f, c);
  }
  if (x < 0.75f) {
    if (x >= 0.5f) return f32g_lgamma2(x - 1.0f) - __anchor_logf(x);
    // -30 < x <= -1/2: log(Gamma(2 + t)) - log|x (x + 1) ... (x + m - 1)|, m = 2 - rint(x)
    float t = x - r;
    int m = 2 - (int)r;
    f32g_ff p = {x, 0.0f};
    for (int k = 1; k < m; k++)
      p = f32g_mul(p, x + (float)k);
    return f32g_lgamma2(t) - f32g_log_ff(p);
  }
  if (x <= 1.5f) return f32g_lgamma1(x - 1.0f);
  if (x <= 2.5f) return f32g_lgamma2(x - 2.0f);
  // 2.5 < x < 10: log(Gamma(2 + t)) + log((x - 1) ... (x - n))
  float t = x - r;
  int n = (int)r - 2;
  f32g_ff p = {x - 1.0f, 0.0f};
  for (int k = 2; k <= n; k++)
    p = f32g_mul(p, x - (float)k);
  return f32g_log_ff(p) + f32g_lgamma2(t);
}
