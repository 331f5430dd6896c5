// devlib/f64_special.cu — double-precision special functions of Anchor's device library:
// erf, erfc, erfcx, normcdf, erfinv, erfcinv, normcdfinv, lgamma, tgamma, cyl_bessel_i0,
// cyl_bessel_i1. Declarations and contracts: include/anchor/math/f64_special.h.
//
// double is Anchor's software binary64 (compiler/lower_fp64.c): every +, -, *, /, fma
// and sqrt is correctly rounded. The polynomials are Chebyshev interpolants (near
// minimax) in the monomial basis of a local variable t in [-1, 1], evaluated by Horner's
// rule with one fma a step; their coefficients and measured errors come from
// devlib/gen/f64_special_coeffs.c (MPFR). No tables: every constant is an immediate.
//
// erf family: erf(x) = x P(x^2) for |x| < 1; erfcx(x) = e^(x^2) erfc(x) by pieces for
// x >= 0 (in x up to 4, beyond as x erfcx(x) = h(1/x^2)); erfc(x) = e^(-x^2) erfcx(x)
// for x >= 1/4 with x^2 split exactly (x*x and its fma residue: e^(-x^2) = e^(-hi)
// (1 - lo)), else 1 - erf(x); erf(x) = 1 - erfc(x) for |x| >= 1. normcdf(x) =
// erfc(-x/sqrt2)/2 with -x/sqrt2 as a double-double (erfc's relative condition number is
// about 2x^2, so the argument's own rounding would cost thousands of ulps in the tail).

#include "anchor/math/f64_exp.h"
#include "anchor/math/f64_trig.h"
#include "anchor/math/sqrt_div.h"

#define TWO_OVER_SQRTPI 0x1.20dd750429b6dp+0 // 2/sqrt(pi)
#define SQRT1_2_HI 0x1.6a09e667f3bcdp-1      // 1/sqrt(2)
#define SQRT1_2_LO -0x1.bdd3413b26456p-55    //   and the rest

// ---- Polynomials (devlib/gen/f64_special_coeffs.c) ----------------------------------
/* erf_p + 1 on [0, 1], degree 14: max relative error 4.83e-17 (2^-54.2) */
static __device__ __inline__ double erf_p(double t) /* erf(x)/x - 1 */ {
  double p = 0x1.3c01fd3a74542p-56;
  p = __builtin_fma(p, t, -0x1.29cd9bf60c1b4p-51);
  p = __builtin_fma(p, t, 0x1.04ff16c13c042p-46);
  p = __builtin_fma(p, t, -0x1.aad6d13a7f7bp-42);
  p = __builtin_fma(p, t, 0x1.428f34066afd3p-37);
  p = __builtin_fma(p, t, -0x1.bf8e5ae42ab26p-33);
  p = __builtin_fma(p, t, 0x1.1ad5edc8ea554p-28);
  p = __builtin_fma(p, t, -0x1.429e938badfd7p-24);
  p = __builtin_fma(p, t, 0x1.486638bca9fa1p-20);
  p = __builtin_fma(p, t, -0x1.263991b81d64ap-16);
  p = __builtin_fma(p, t, 0x1.c82aa249df428p-13);
  p = __builtin_fma(p, t, -0x1.2b902b7b2f224p-9);
  p = __builtin_fma(p, t, 0x1.454368017b042p-6);
  p = __builtin_fma(p, t, -0x1.1fd16292151fdp-3);
  p = __builtin_fma(p, t, -0x1.1ae14dc348160p-5);
  return p;
}
/* erfcx_pz on [0, 0.5], degree 16: max relative error 3.27e-17 (2^-54.8) */
static __device__ __inline__ double erfcx_pz(double t) {
  double p = 0x1.a3264465f110cp-50;
  p = __builtin_fma(p, t, -0x1.3b1ba75f41f29p-46);
  p = __builtin_fma(p, t, 0x1.be0b655a9444cp-43);
  p = __builtin_fma(p, t, -0x1.3ad43dd99acc2p-39);
  p = __builtin_fma(p, t, 0x1.adcb3f4710086p-36);
  p = __builtin_fma(p, t, -0x1.1ac2d01794d66p-32);
  p = __builtin_fma(p, t, 0x1.65b08ac34a1b3p-29);
  p = __builtin_fma(p, t, -0x1.b1819ed621212p-26);
  p = __builtin_fma(p, t, 0x1.f54ce1bff7c0fp-23);
  p = __builtin_fma(p, t, -0x1.132db7ba3472ap-19);
  p = __builtin_fma(p, t, 0x1.1d0c27d70a4f5p-16);
  p = __builtin_fma(p, t, -0x1.146985bd8e189p-13);
  p = __builtin_fma(p, t, 0x1.f0ac9d31f335ap-11);
  p = __builtin_fma(p, t, -0x1.97997ad330409p-8);
  p = __builtin_fma(p, t, 0x1.2b497df35fa2ep-5);
  p = __builtin_fma(p, t, -0x1.7c857b9b3c191p-3);
  p = __builtin_fma(p, t, 0x1.8a6adcda2ea92p-1);
  return p;
}
/* erfcx_p0 on [0.5, 1], degree 16: max relative error 1.81e-16 (2^-52.3) */
static __device__ __inline__ double erfcx_p0(double t) {
  double p = 0x1.dd537718ef76cp-54;
  p = __builtin_fma(p, t, -0x1.879bb4360f29bp-50);
  p = __builtin_fma(p, t, 0x1.30d9b679ab763p-46);
  p = __builtin_fma(p, t, -0x1.d89a2e82658dbp-43);
  p = __builtin_fma(p, t, 0x1.637258c508aeep-39);
  p = __builtin_fma(p, t, -0x1.02b17ec58f27cp-35);
  p = __builtin_fma(p, t, 0x1.6b982bf7cc122p-32);
  p = __builtin_fma(p, t, -0x1.ec0cf4a29082dp-29);
  p = __builtin_fma(p, t, 0x1.3f81897cfee82p-25);
  p = __builtin_fma(p, t, -0x1.8c97dd4ecb603p-22);
  p = __builtin_fma(p, t, 0x1.d43a7c7a660cep-19);
  p = __builtin_fma(p, t, -0x1.054d68295b17ep-15);
  p = __builtin_fma(p, t, 0x1.1192f5bd6877dp-12);
  p = __builtin_fma(p, t, -0x1.09e77d40e0239p-9);
  p = __builtin_fma(p, t, 0x1.d90093ae10927p-7);
  p = __builtin_fma(p, t, -0x1.78cdd551ee51ap-4);
  p = __builtin_fma(p, t, 0x1.038d54ea3d833p-1);
  return p;
}
/* erfcx_p1 on [1, 2], degree 18: max relative error 1.34e-16 (2^-52.7) */
static __device__ __inline__ double erfcx_p1(double t) {
  double p = 0x1.ebbcb67e59cfdp-49;
  p = __builtin_fma(p, t, -0x1.dfedf0fc63351p-46);
  p = __builtin_fma(p, t, 0x1.a65d02ec951ddp-43);
  p = __builtin_fma(p, t, -0x1.89bb86efe1cd7p-40);
  p = __builtin_fma(p, t, 0x1.67d4440338f94p-37);
  p = __builtin_fma(p, t, -0x1.4009e6dbe4d91p-34);
  p = __builtin_fma(p, t, 0x1.156c86a413bc6p-31);
  p = __builtin_fma(p, t, -0x1.d415579eabdadp-29);
  p = __builtin_fma(p, t, 0x1.7f99794b93823p-26);
  p = __builtin_fma(p, t, -0x1.30c0ec9d0de4fp-23);
  p = __builtin_fma(p, t, 0x1.d4509d0cf712ep-21);
  p = __builtin_fma(p, t, -0x1.5b0abfe60eb7ep-18);
  p = __builtin_fma(p, t, 0x1.ee705e7364af4p-16);
  p = __builtin_fma(p, t, -0x1.513ed7600d679p-13);
  p = __builtin_fma(p, t, 0x1.b65944f34f7abp-11);
  p = __builtin_fma(p, t, -0x1.0dc51d2941e6bp-8);
  p = __builtin_fma(p, t, 0x1.37ea271bc54bdp-6);
  p = __builtin_fma(p, t, -0x1.4f1988444caf6p-4);
  p = __builtin_fma(p, t, 0x1.494daffa2ad68p-2);
  return p;
}
/* erfcx_p2 on [2, 4], degree 20: max relative error 2.07e-16 (2^-52.1) */
static __device__ __inline__ double erfcx_p2(double t) {
  double p = 0x1.29b71cb181b71p-44;
  p = __builtin_fma(p, t, -0x1.79f83442454f5p-42);
  p = __builtin_fma(p, t, 0x1.779a0c4fb5558p-40);
  p = __builtin_fma(p, t, -0x1.cc3e6ba75f9d4p-38);
  p = __builtin_fma(p, t, 0x1.1c92875e5825bp-35);
  p = __builtin_fma(p, t, -0x1.529089dffbe4ep-33);
  p = __builtin_fma(p, t, 0x1.8bbb282ea5608p-31);
  p = __builtin_fma(p, t, -0x1.c74ced82aca92p-29);
  p = __builtin_fma(p, t, 0x1.01509deec3c78p-26);
  p = __builtin_fma(p, t, -0x1.1d79285a0355bp-24);
  p = __builtin_fma(p, t, 0x1.3699046b31997p-22);
  p = __builtin_fma(p, t, -0x1.4b146223f9af1p-20);
  p = __builtin_fma(p, t, 0x1.595f1b5ea5bbbp-18);
  p = __builtin_fma(p, t, -0x1.6025103d3b493p-16);
  p = __builtin_fma(p, t, 0x1.5e73930483978p-14);
  p = __builtin_fma(p, t, -0x1.53dec9d087802p-12);
  p = __builtin_fma(p, t, 0x1.409cc2ed3ff0cp-10);
  p = __builtin_fma(p, t, -0x1.259061ba856a7p-8);
  p = __builtin_fma(p, t, 0x1.043fe1a98c0cdp-6);
  p = __builtin_fma(p, t, -0x1.bd6ae4d14b16ep-5);
  p = __builtin_fma(p, t, 0x1.6e9827d229d2cp-3);
  return p;
}
/* erfcx_a1 on [0.015625, 0.0625], degree 16: max relative error 4.7e-17 (2^-54.2) */
static __device__ __inline__ double erfcx_a1(double t) {
  double p = 0x1.b086706e35deap-57;
  p = __builtin_fma(p, t, -0x1.30e9ef5e16283p-54);
  p = __builtin_fma(p, t, 0x1.84ba3d5b36877p-52);
  p = __builtin_fma(p, t, -0x1.2b86cdfe1ea58p-49);
  p = __builtin_fma(p, t, 0x1.e606a82cf63fbp-47);
  p = __builtin_fma(p, t, -0x1.9b7c84193f7f3p-44);
  p = __builtin_fma(p, t, 0x1.708a92395f76dp-41);
  p = __builtin_fma(p, t, -0x1.5fe803a914dadp-38);
  p = __builtin_fma(p, t, 0x1.698d272f7adc3p-35);
  p = __builtin_fma(p, t, -0x1.947c5b48735f5p-32);
  p = __builtin_fma(p, t, 0x1.f48de55983c12p-29);
  p = __builtin_fma(p, t, -0x1.5e0606dbee1f9p-25);
  p = __builtin_fma(p, t, 0x1.1d4134a2d4042p-21);
  p = __builtin_fma(p, t, -0x1.1c12e86c92462p-17);
  p = __builtin_fma(p, t, 0x1.76ff1732a76c2p-13);
  p = __builtin_fma(p, t, -0x1.84d749f1fc0f2p-8);
  p = __builtin_fma(p, t, 0x1.1b867613697edp-1);
  return p;
}
/* erfcx_a2 on [0, 0.015625], degree 16: max relative error 6.92e-17 (2^-53.7) */
static __device__ __inline__ double erfcx_a2(double t) {
  double p = 0x1.cbc7c650fb5ep-75;
  p = __builtin_fma(p, t, -0x1.24ffd13007c0fp-71);
  p = __builtin_fma(p, t, 0x1.7b68f01b4055dp-68);
  p = __builtin_fma(p, t, -0x1.1080eb62151e3p-64);
  p = __builtin_fma(p, t, 0x1.a1f60b43494e8p-61);
  p = __builtin_fma(p, t, -0x1.57ffd34072cc6p-57);
  p = __builtin_fma(p, t, 0x1.324c8e7dfec64p-53);
  p = __builtin_fma(p, t, -0x1.29b0b0f382aa7p-49);
  p = __builtin_fma(p, t, 0x1.3f44196ed1337p-45);
  p = __builtin_fma(p, t, -0x1.7f0dd7651c2f1p-41);
  p = __builtin_fma(p, t, 0x1.05a951a8a958cp-36);
  p = __builtin_fma(p, t, -0x1.a0d063bfd9b5dp-32);
  p = __builtin_fma(p, t, 0x1.90366f0f6abc5p-27);
  p = __builtin_fma(p, t, -0x1.e72d7aa4e0feap-22);
  p = __builtin_fma(p, t, 0x1.9938969c63a71p-16);
  p = __builtin_fma(p, t, -0x1.1a49451842774p-9);
  p = __builtin_fma(p, t, 0x1.1fbfe9ad06e07p-1);
  return p;
}

/* erfinv_w on [0, 6.25], degree 14: max relative error 6.43e-11 (2^-33.9) */
static __device__ __inline__ double erfinv_w(double t) {
  double p = 0x1.4449145449e12p-21;
  p = __builtin_fma(p, t, 0x1.d390fd6c80e38p-19);
  p = __builtin_fma(p, t, -0x1.af52e251a0056p-17);
  p = __builtin_fma(p, t, -0x1.48accda08155dp-17);
  p = __builtin_fma(p, t, 0x1.8c3c8c5a9031cp-14);
  p = __builtin_fma(p, t, -0x1.fa9bc28c074c3p-14);
  p = __builtin_fma(p, t, -0x1.15aebcd302d66p-12);
  p = __builtin_fma(p, t, 0x1.437fff3d52dbap-10);
  p = __builtin_fma(p, t, -0x1.4d580b91438e5p-10);
  p = __builtin_fma(p, t, -0x1.0f2a174ea76f3p-8);
  p = __builtin_fma(p, t, 0x1.23c5a683c68bep-6);
  p = __builtin_fma(p, t, -0x1.7259cc61d0147p-6);
  p = __builtin_fma(p, t, -0x1.e2b1943a1d718p-5);
  p = __builtin_fma(p, t, 0x1.8040ca9a42151p-1);
  p = __builtin_fma(p, t, 0x1.a755e7c99ae86p+0);
  return p;
}
/* erfinv_s1 on [2.5, 6], degree 14: max relative error 8.6e-11 (2^-33.4) */
static __device__ __inline__ double erfinv_s1(double t) {
  double p = 0x1.7e0f393819aap-19;
  p = __builtin_fma(p, t, -0x1.a9a49b9394fbbp-21);
  p = __builtin_fma(p, t, -0x1.1dade7f62342ap-16);
  p = __builtin_fma(p, t, 0x1.9068086daa847p-16);
  p = __builtin_fma(p, t, -0x1.76515515be726p-19);
  p = __builtin_fma(p, t, -0x1.3cfd015b9b453p-16);
  p = __builtin_fma(p, t, 0x1.be74802c5fb73p-15);
  p = __builtin_fma(p, t, -0x1.51cfc825358a4p-13);
  p = __builtin_fma(p, t, 0x1.b3af5f8886c55p-12);
  p = __builtin_fma(p, t, -0x1.f1aaa499bd1e8p-11);
  p = __builtin_fma(p, t, 0x1.fe3a68a2922bp-10);
  p = __builtin_fma(p, t, -0x1.a942e6bae40a8p-9);
  p = __builtin_fma(p, t, 0x1.1db73077de76p-9);
  p = __builtin_fma(p, t, 0x1.c4786a8d4dc0ep+0);
  p = __builtin_fma(p, t, 0x1.05e6fcf3b6452p+2);
  return p;
}
/* erfinv_s2 on [6, 27.5], degree 14: max relative error 3.97e-09 (2^-27.9) */
static __device__ __inline__ double erfinv_s2(double t) {
  double p = 0x1.0db9566fae176p-12;
  p = __builtin_fma(p, t, -0x1.8b8d611b4a779p-12);
  p = __builtin_fma(p, t, -0x1.b697ce6136373p-12);
  p = __builtin_fma(p, t, 0x1.4d5aeb2b57d51p-11);
  p = __builtin_fma(p, t, 0x1.fcd2c22b4406dp-12);
  p = __builtin_fma(p, t, -0x1.6215a2a122e33p-11);
  p = __builtin_fma(p, t, -0x1.997272bb75a89p-13);
  p = __builtin_fma(p, t, 0x1.dc79c916fa896p-12);
  p = __builtin_fma(p, t, -0x1.134fc76faac14p-11);
  p = __builtin_fma(p, t, 0x1.6292736feee25p-10);
  p = __builtin_fma(p, t, -0x1.a40b0e0f8e774p-9);
  p = __builtin_fma(p, t, 0x1.c6de8eb725d5p-8);
  p = __builtin_fma(p, t, -0x1.e6fcee63a2234p-7);
  p = __builtin_fma(p, t, 0x1.590b95760a36ep+3);
  p = __builtin_fma(p, t, 0x1.0ab5bdfff3d3dp+4);
  return p;
}

// ---- erf, erfc, erfcx, normcdf ----------------------------------------------------------
// erfcx(x) for x >= 0 (+inf: 0). Pieces [0, 1/2], [1/2, 1], [1, 2], [2, 4] in x (t exact:
// x - m is exact there and the scale a power of two); beyond, erfcx(x) = h(u) / x with
// u = 1/x^2 (its rounding moves h by a relative u/2 of it).
static __device__ __inline__ double sp_erfcx_pos(double x) {
  if (x < 1) return x < 0.5 ? erfcx_pz((x - 0.25) * 4.0) : erfcx_p0((x - 0.75) * 4.0);
  if (x < 2) return erfcx_p1((x - 1.5) * 2.0);
  if (x < 4) return erfcx_p2(x - 3.0);
  double r = 1.0 / x, u = r * r;
  double h = u >= 0x1p-6 ? erfcx_a1((u - 0x1.4p-5) * 0x1.5555555555555p+5)
                         : erfcx_a2((u - 0x1p-7) * 0x1p+7);
  return h / x;
}

// erfc(x + xl) * s for x >= 1/4 finite, |xl| <= ulp(x) (s = 1 or 1/2, exact scaling before
// the last rounding): e^(-x^2) (s erfcx(x) - s 2/sqrt(pi) xl) (1 - lo), the first order in
// xl of erfc being -2/sqrt(pi) e^(-x^2) xl.
static __device__ __inline__ double sp_erfc_dd(double x, double xl, double s) {
  if (x > 27.3) return 0.0; // erfc(27.3) < 2^-1075
  double hi = x * x, lo = __builtin_fma(x, x, -hi);
  double e = __anchor_exp(-hi);
  double v = e * (s * sp_erfcx_pos(x) - s * TWO_OVER_SQRTPI * xl);
  return __builtin_fma(-v, lo, v);
}

static __device__ __inline__ double sp_erf_small(double x) {        // |x| < 1
  return __builtin_fma(x, erf_p(__builtin_fma(x, x + x, -1.0)), x); // x + x (erf(x)/x - 1)
}

extern "C" __device__ double __anchor_erf(double x) {
  double ax = __builtin_fabs(x);
  if (ax < 1) return sp_erf_small(x);
  if (!(ax < 6)) return ax == ax ? __builtin_copysign(1.0, x) : x + x; // erfc(6) < 2^-54
  return __builtin_copysign(1.0 - sp_erfc_dd(ax, 0.0, 1.0), x);
}

extern "C" __device__ double __anchor_erfc(double x) {
  if (x >= 0.25) return sp_erfc_dd(x, 0.0, 1.0); // +inf: 0
  if (x != x) return x + x;
  return 1.0 - __anchor_erf(x); // -inf: 2
}

extern "C" __device__ double __anchor_erfcx(double x) {
  if (x >= 0) return sp_erfcx_pos(x);
  if (x != x) return x + x;
  if (x < -26.7) return __builtin_inf(); // 2 e^(x^2) > DBL_MAX beyond -26.63
  // e^(x^2) (1 + erf(-x)), x^2 = hi + lo exactly
  double hi = x * x, lo = __builtin_fma(x, x, -hi);
  double v = __anchor_exp(hi) * (1.0 - __anchor_erf(x));
  return v == __builtin_inf() ? v : __builtin_fma(v, lo, v);
}

extern "C" __device__ double __anchor_normcdf(double x) {
  // z = -x/sqrt2 = zh + zl
  double zh = -x * SQRT1_2_HI;
  double zl = __builtin_fma(-x, SQRT1_2_HI, -zh) - x * SQRT1_2_LO;
  if (zh >= 0.25) return sp_erfc_dd(zh, zl, 0.5);
  if (x != x) return x + x;
  // |z| < 1 here or erf(z) = -1 exactly: zl moves erf by less than 2^-55 relative to the result
  return 0.5 - 0.5 * __anchor_erf(zh);
}

// ---- erfinv, erfcinv, normcdfinv ----------------------------------------------------------
// A first approximation within about 1e-10 relative (4e-9 beyond w = 36) (as Giles, "Approximating
// the erfinv function": in w = -log(1 - y^2) below w = 6.25, else in sqrt(w)), then one Newton step
// (quadratic: below 2^-64 relative): on erf(x) - y for |y| < 1/2, on log erfc(x) - log q
// in the tail (q = 1 - |y| or erfcinv's argument, down to the smallest subnormal: the
// logarithm keeps the step's quotient free of underflow), log erfc(x) = -x^2 + log erfcx(x)
// with x^2 split exactly.
#define SQRTPI_2 0x1.c5bf891b4ef6bp-1      // sqrt(pi)/2
#define SQRTPI_2_LO -0x1.618f13eb7ca89p-55 //   and the rest
#define SQRT2_HI 0x1.6a09e667f3bcdp+0
#define SQRT2_LO -0x1.bdd3413b26456p-54

static __device__ __inline__ double sp_erfinv_small(double y) { // |y| <= 1/2
  if (__builtin_fabs(y) < 0x1p-30)                              // + O(y^3); +-0 kept
    return y == 0 ? y : __builtin_fma(y, SQRTPI_2, y * SQRTPI_2_LO);
  double w = -__anchor_log1p(-y * y);
  double x = y * erfinv_w(w * 0.32 - 1.0);
  return x - (__anchor_erf(x) - y) * (SQRTPI_2 * __anchor_exp(x * x));
}

static __device__ __inline__ double sp_erfcinv_tail(double q) { // 0 < q <= 1/2: x > 0.47
  double lq = __anchor_log(q);
  double w = -lq - __anchor_log(2.0 - q); // -log(q (2 - q)) = -log(1 - y^2)
  double x;
  if (w < 6.25) {
    x = (1.0 - q) * erfinv_w(w * 0.32 - 1.0);
  } else {
    double s = __anchor_sqrt(w);
    x = s < 6 ? erfinv_s1((s - 4.25) * 0x1.2492492492492p-1)
              : erfinv_s2((s - 16.75) * 0x1.7d05f417d05f4p-4);
  }
  // erfinv_s2 is within 4e-9 only: a second step there (q < e^-36)
  for (int i = w < 36 ? 1 : 2; i > 0; i--) {
    double hi = x * x, lo = __builtin_fma(x, x, -hi);
    double r = sp_erfcx_pos(x);
    double dlog = ((lq + hi) + lo) - __anchor_log(r); // log q - log erfc(x)
    x = x - dlog * (SQRTPI_2 * r);
  }
  return x;
}

extern "C" __device__ double __anchor_erfinv(double y) {
  double ay = __builtin_fabs(y);
  if (ay <= 0.5) return sp_erfinv_small(y);
  if (!(ay < 1)) return ay == 1 ? __builtin_copysign(__builtin_inf(), y) : __builtin_nan("");
  return __builtin_copysign(sp_erfcinv_tail(1.0 - ay), y);
}

extern "C" __device__ double __anchor_erfcinv(double q) {
  if (q >= 0.5 && q <= 1.5) return sp_erfinv_small(1.0 - q);
  if (q > 0 && q < 0.5) return sp_erfcinv_tail(q);
  if (q > 1.5 && q < 2) return -sp_erfcinv_tail(2.0 - q);
  if (q == 0) return __builtin_inf();
  if (q == 2) return -__builtin_inf();
  return __builtin_nan("");
}

extern "C" __device__ double __anchor_normcdfinv(double p) {
  double x = __anchor_erfcinv(p + p); // -sqrt(2) x, sqrt(2) as a double-double
  if (x - x != 0) return -x;          // +-inf, NaN
  if (x == 0) return 0.0;             // +0 at p = 1/2, as CUDA gives (H200)
  return -__builtin_fma(x, SQRT2_HI, x * SQRT2_LO);
}
