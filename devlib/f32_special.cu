// devlib/f32_special.cu — single-precision special functions of Anchor's device library:
// the error functions (CUDA's erff, erfcf, erfcxf, normcdff and their inverses erfinvf,
// erfcinvf, normcdfinvf). Declarations and contracts: include/anchor/math/f32_special.h.
//
// Only operations Metal defines exactly: float add/sub/mul, fmaf, comparisons, fabsf,
// copysignf, rintf, bit casts, integer arithmetic, and the library's __anchor_logf
// (double-float core, one rounding), __anchor_sqrtf and __anchor_fdiv_rn (correctly rounded). No float
// division, no double.
//
// The methods:
//   erf(x), |x| < 1: x P(x^2), P interpolating erf(r)/r at Chebyshev nodes of [0, 1].
//   erfcx(y), y >= 0: P(t) / (1 + 2y), t = (y - 2) / (y + 2) in [-1, 1), P interpolating
//     erfcx(y) (1 + 2y) (smooth in t, up to t = 1: the limit 2/sqrt(pi) at y = inf); for
//     y > 2^64, 1 / (sqrt(pi) y).
//   erfc(y + yl), y >= 1/2 (yl a tail of the argument, |yl| <= 2^-23 y): e^-y^2 (erfcx(y)
//     - yl 2/sqrt(pi)) (first order in yl), e^-y^2 = e^-sh (1 - sl) with y^2 = sh + sl
//     exact (fmaf). Negative arguments by erfc(-y) = 2 - erfc(y); |y| < 1/2 by 1 - erf.
//     erf(x) = 1 - erfc(x) for 1 <= |x| <= 4 (1 beyond). normcdf(x) = erfc(-x/sqrt 2)/2,
//     -x/sqrt 2 as the double-float yh + yl, so that the argument's rounding (amplified
//     by 2 y^2 in erfc's relative error) is not lost.
//   erfinv(x), |x| <= 3/4: x Q(x^2), Q interpolating erfinv(r)/r on [0, 9/16]. Otherwise,
//     and erfcinv(z) for z < 1/2: s = sqrt(-log(z (2 - z))) (z (2 - z) = 1 - x^2 by one
//     fmaf, correctly rounded), erfcinv(z) = s + T(s), T interpolating erfcinv - s on
//     [0.53, 2.25], [2.25, 4] and [4, 10.25] (s < 10.2 for every positive float z).
//     erfcinv(z) for 1/2 <= z <= 1 is erfinv(1 - z) (exact), z > 1 is -erfcinv(2 - z)
//     (exact); normcdfinv(p) = -sqrt 2 erfcinv(2 p).
// The coefficients are computed with MPFR by devlib/gen/f32_special_coeffs.c (its output
// pasted below, with the maximum relative errors it printed).

#define F32SP_NAN 0x7fffffffu // CUDA's canonical NaN

static __device__ __forceinline__ float f32sp_from_bits(unsigned int u) {
  return __builtin_bit_cast(float, u);
}

// ---- Constants (hi + lo: the value rounded to float, and the rest rounded) -------------
static constexpr float TWO_OVER_SQRTPI = 0x1.20dd76p+0f;
static constexpr float INV_SQRTPI = 0x1.20dd76p-1f;
static constexpr float RSQRT2_HI = 0x1.6a09e6p-1f;
static constexpr float RSQRT2_LO = 0x1.9fcef4p-27f;
static constexpr float SQRT2_HI = 0x1.6a09e6p+0f;
static constexpr float SQRT2_LO = 0x1.9fcef4p-26f;
static constexpr float LN2_HI = 0x1.62e4p-1f; // 16 significant bits
static constexpr float LN2_LO = 0x1.7f7d1cp-20f;
// EXP_T: (e^r - 1 - r) / r^2 = 1/2 + r/3! + ... + r^7/9!, Taylor (the reciprocal
// factorials rounded to float).
static constexpr float EXP_T[] = {0.5f,           0x1.555556p-3f, 0x1.555556p-5f, 0x1.111112p-7f,
                                  0x1.6c16c2p-10f, 0x1.a01a02p-13f, 0x1.a01a02p-16f, 0x1.71de3ap-19f};

// ---- Coefficients (devlib/gen/f32_special_coeffs.c), constant term first -------------
// ERF_SMALL: erf(r)/r in x = r^2 on [0, 1], degree 8: 2^-23.6 (the coefficients' roundings).
static constexpr float ERF_S[] = {
    0x1.20dd76p+0f,  -0x1.812746p-2f,  0x1.ce2f2p-4f,   -0x1.b82cbap-6f, 0x1.56588cp-8f,
    -0x1.bfe158p-11f, 0x1.f57e9cp-14f, -0x1.d2b852p-17f, 0x1.1c41acp-20f};
static constexpr float ERF_S0_LO = -0x1.f7ac92p-25f; // 2/sqrt(pi) - ERF_S[0]
// ERFCX_T: erfcx(y) (1 + 2y) in t = (y - 2)/(y + 2) on [-1, 1], degree 14: 2^-26.1.
static constexpr float ERFCX_T[] = {
    0x1.46e80ep+0f, -0x1.7bf5eap-4f, -0x1.5407bep-3f, 0x1.4ffa0ap-3f, -0x1.bc2bbcp-5f, -0x1.0734p-7f, 0x1.1dd9a8p-7f, 0x1.4b24bcp-10f, -0x1.7ef09p-10f, -0x1.c75998p-12f, 0x1.c6a564p-13f, 0x1.04f69cp-13f, -0x1.19b7d6p-16f, -0x1.3b3deap-16f, -0x1.08f206p-20f};
// ERFINV_C: erfinv(r)/r in x = r^2 on [0, 9/16], degree 10: 2^-25.0.
static constexpr float ERFINV_C[] = {
    0x1.c5bf8ap-1f,  0x1.db29dp-3f,   0x1.054836p-3f, 0x1.5ff652p-4f,  0x1.2d4758p-4f,
    -0x1.0c5356p-6f, 0x1.7deaecp-2f,  -0x1.ecfbe4p-1f, 0x1.e35facp+0f, -0x1.ef307ep+0f,
    0x1.ebd8aap-1f};
// ERFINV_T1..3: erfcinv(z) - s in v = s - c, s = sqrt(-log(z (2 - z))); relative to
// erfcinv: 2^-26.1, 2^-28.9, 2^-29.8.
static constexpr float ERFINV_T1[] = {
    -0x1.0fd192p-3f, -0x1.efa3dcp-5f, 0x1.fb9fc6p-6f, 0x1.97ebe8p-14f, -0x1.fd0144p-9f, 0x1.14a464p-14f, 0x1.3037b4p-11f, 0x1.16af94p-14f, -0x1.b2b29p-14f, -0x1.347014p-16f, 0x1.bd7982p-17f}; // [0.53, 2.25], c = 1.4
static constexpr float ERFINV_T2[] = {
    -0x1.55be32p-3f, 0x1.01b34cp-8f, 0x1.811dc8p-8f, -0x1.8a8d24p-9f, 0x1.0db20cp-10f, -0x1.edb0d4p-13f, -0x1.ad30bep-18f, 0x1.6a7886p-15f, -0x1.226d2ep-16f}; // [2.25, 4], c = 3.1
static constexpr float ERFINV_T3[] = {
    -0x1.0a7f74p-3f, 0x1.164fp-7f, -0x1.0b9b9ep-11f, 0x1.1eb1e6p-17f, 0x1.630b18p-18f, -0x1.8198aap-20f, 0x1.2afbd8p-22f, -0x1.a6dd44p-25f, 0x1.08a944p-27f, -0x1.d628b6p-31f, 0x1.2ef552p-33f, -0x1.94128ep-35f, 0x1.a7f41ap-38f}; // [4, 10.25], c = 7.1

// Horner's rule, one fmaf per step.
template <int N>
static __device__ __forceinline__ float horner(const float (&c)[N], float v) {
  float p = c[N - 1];
#pragma unroll
  for (int i = N - 2; i >= 0; i--)
    p = __builtin_fmaf(p, v, c[i]);
  return p;
}

// ---- erf, erfc, erfcx, normcdf --------------------------------------------------------
// erf(x) / x for |x| < 1.
static __device__ __forceinline__ float erf_ratio(float x) {
  return horner(ERF_S, x * x);
}

// erfcx(y) for y >= 0 (not NaN): about 1.5 ulp (the polynomial, the roundings of t, of
// 1 + 2y and of the quotient).
static __device__ __forceinline__ float erfcx_pos(float y) {
  if (y > 0x1p64f) return __anchor_fdiv_rn(INV_SQRTPI, y); // 1/(2 y^2) below 2^-129
  float t = __anchor_fdiv_rn(y - 2.0f, y + 2.0f);
  return __anchor_fdiv_rn(horner(ERFCX_T, t), __builtin_fmaf(2.0f, y, 1.0f));
}

// m 2^k for |k| <= 252, one rounding (two exact powers of two, each normal).
static __device__ __forceinline__ float scale2(float m, int k) {
  int h = k / 2;
  m *= f32sp_from_bits((unsigned int)(h + 127) << 23);
  return m * f32sp_from_bits((unsigned int)(k - h + 127) << 23);
}

// e^(xh + xl) = 2^k (1 + p) for |xh| <= 111, |xl| <= 2^-23 |xh|: k = rint(xh log2 e), r =
// xh - k LN2_HI exact (LN2_HI has 16 significant bits, |k| < 2^8), rl = xl - k LN2_LO;
// p = expm1(r + rl) = r + t + rl e^r, t = expm1(r) - r = r^2 (1/2 + r/3! + ... + r^7/9!)
// (Taylor; the truncation below 2^-31 relative for |r| <= 0.35), e^r = 1 + r + t
// (|rl| < 2^-12: the rl^2 / 2 term is below 2^-25 of 1 + p). p is rounded once (2^-24 p).
struct f32sp_exp {
  int k;
  float p;
};
static __device__ __forceinline__ f32sp_exp exp_parts(float xh, float xl) {
  float kf = __builtin_rintf(xh * 0x1.715476p+0f);
  float r = __builtin_fmaf(-kf, LN2_HI, xh);
  float rl = __builtin_fmaf(-kf, LN2_LO, xl);
  float t = r * r * horner(EXP_T, r); // expm1(r) - r
  float small = __builtin_fmaf(rl, r + t, rl) + t;
  return {(int)kf, r + small};
}

// scale * erfc(y + yl) for y >= 1/2 (not NaN), |yl| <= 2^-23 y, scale 1 or 1/2:
// e^-(y^2) (erfcx(y) - yl 2/sqrt(pi)) = 2^k (R + R p), one rounding.
static __device__ __forceinline__ float erfc_pos(float y, float yl, float scale) {
  if (y > 10.5f) return 0.0f; // below 2^-160 (and y = inf)
  float r = erfcx_pos(y) * scale;
  r = __builtin_fmaf(-yl, TWO_OVER_SQRTPI * scale, r);
  float sh = y * y, sl = __builtin_fmaf(y, y, -sh);
  f32sp_exp e = exp_parts(-sh, -sl);
  return scale2(__builtin_fmaf(r, e.p, r), e.k);
}

// CUDA: 2 ulp. |x| < 1: x (c0 + s Q(s)), s = x^2, with c0 = 2/sqrt(pi) as C0 + C0_LO so
// that its rounding (2^-25 relative) is not lost: fmaf(x, C0, x (s Q + C0_LO)).
extern "C" __device__ float __anchor_erff(float x) {
  float ax = __builtin_fabsf(x);
  if (ax < 1.0f) {
    float s = x * x;
    float q = ERF_S[8];
#pragma unroll
    for (int i = 7; i >= 1; i--)
      q = __builtin_fmaf(q, s, ERF_S[i]);
    float r = __builtin_fmaf(x, ERF_S[0], x * __builtin_fmaf(s, q, ERF_S0_LO));
    return __builtin_copysignf(r, x); // erf(-0) = -0 (C0_LO < 0 would give +0)
  }
  if (x != x) return x + x;
  float r = ax > 4.0f ? 1.0f : 1.0f - erfc_pos(ax, 0.0f, 1.0f);
  return __builtin_copysignf(r, x);
}

// CUDA: 4 ulp.
extern "C" __device__ float __anchor_erfcf(float x) {
  float ax = __builtin_fabsf(x);
  if (ax < 0.5f) return __builtin_fmaf(-x, erf_ratio(x), 1.0f);
  if (x != x) return x + x;
  float r = erfc_pos(ax, 0.0f, 1.0f);
  return x < 0 ? 2.0f - r : r;
}

// CUDA: 4 ulp. x < 0: 2 e^(x^2) - erfcx(-x) = 2^k (2 + 2p - 2^-k erfcx(-x)).
extern "C" __device__ float __anchor_erfcxf(float x) {
  if (x >= 0) return erfcx_pos(x);
  if (x != x) return x + x;
  if (x < -10.0f) return __builtin_inff();
  float ax = -x, sh = ax * ax, sl = __builtin_fmaf(ax, ax, -sh);
  f32sp_exp e = exp_parts(sh, sl);
  float a = 2.0f - scale2(erfcx_pos(ax), -e.k);
  return scale2(__builtin_fmaf(2.0f, e.p, a), e.k);
}

// CUDA: 5 ulp. erfc(y)/2, y = -x/sqrt 2 = yh + yl.
extern "C" __device__ float __anchor_normcdff(float x) {
  if (x != x) return x + x;
  float yh = -x * RSQRT2_HI;
  if (__builtin_fabsf(yh) > 10.5f) return yh > 0 ? 0.0f : 1.0f;
  float yl = __builtin_fmaf(-x, RSQRT2_HI, -yh) + -x * RSQRT2_LO;
  if (__builtin_fabsf(yh) < 0.5f) { // (1 - erf(yh + yl)) / 2
    float v = __builtin_fmaf(-yl, 0.5f * TWO_OVER_SQRTPI, 0.5f);
    return __builtin_fmaf(-yh, 0.5f * erf_ratio(yh), v);
  }
  if (yh > 0) return erfc_pos(yh, yl, 0.5f);
  return 1.0f - erfc_pos(-yh, -yl, 0.5f);
}

// ---- erfinv, erfcinv, normcdfinv --------------------------------------------------------
// erfcinv(z) from t = z (2 - z) in (0, 7/16] (so s > 0.9... resp. 0.53 for z < 1/2).
static __device__ __forceinline__ float erfinv_tail(float t) {
  float s = __anchor_sqrtf(-__anchor_logf(t));
  float g = s < 2.25f ? horner(ERFINV_T1, s - 1.4f)
            : s < 4.0f ? horner(ERFINV_T2, s - 3.1f)
                       : horner(ERFINV_T3, s - 7.1f);
  return s + g;
}

// CUDA: 2 ulp. erfinv(+-1) = +-inf, |x| > 1: NaN.
extern "C" __device__ float __anchor_erfinvf(float x) {
  float ax = __builtin_fabsf(x);
  if (ax <= 0.75f) return x * horner(ERFINV_C, x * x);
  if (!(ax < 1.0f))
    return ax == 1.0f ? __builtin_copysignf(__builtin_inff(), x) : f32sp_from_bits(F32SP_NAN);
  return __builtin_copysignf(erfinv_tail(__builtin_fmaf(-ax, ax, 1.0f)), x);
}

// erfcinv(z) for 0 < z < 2.
static __device__ __forceinline__ float erfcinv_core(float z) {
  float w = z > 1.0f ? 2.0f - z : z; // exact
  float r;
  if (w >= 0.5f) {
    float x = 1.0f - w; // exact
    r = x * horner(ERFINV_C, x * x);
  } else {
    r = erfinv_tail(__builtin_fmaf(-w, w, 2.0f * w));
  }
  return z > 1.0f ? -r : r;
}

// CUDA: 4 ulp. erfcinv(0) = +inf, erfcinv(2) = -inf, outside [0, 2]: NaN.
extern "C" __device__ float __anchor_erfcinvf(float z) {
  if (!(z > 0.0f && z < 2.0f))
    return z == 0.0f ? __builtin_inff()
           : z == 2.0f ? -__builtin_inff()
                       : f32sp_from_bits(F32SP_NAN);
  return erfcinv_core(z);
}

// CUDA: 5 ulp. -sqrt 2 erfcinv(2 p); normcdfinv(0) = -inf, normcdfinv(1) = +inf, outside
// [0, 1]: NaN.
extern "C" __device__ float __anchor_normcdfinvf(float p) {
  if (!(p > 0.0f && p < 1.0f))
    return p == 0.0f ? -__builtin_inff()
           : p == 1.0f ? __builtin_inff()
                       : f32sp_from_bits(F32SP_NAN);
  float r = erfcinv_core(2.0f * p);
  return __builtin_fmaf(r, -SQRT2_HI, -r * SQRT2_LO);
}
