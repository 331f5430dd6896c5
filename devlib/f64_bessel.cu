// devlib/f64_bessel.cu — double-precision Bessel functions of Anchor's device library:
// j0, j1, jn, y0, y1, yn, cyl_bessel_i0, cyl_bessel_i1. Declarations and contracts:
// include/anchor/math/f64_bessel.h.
//
// double is Anchor's software binary64 (compiler/lower_fp64.c): +, -, *, /, fma and sqrt
// are correctly rounded. The polynomials and tables below were printed by
// devlib/gen/f64_bessel_coeffs.c (MPFR: Chebyshev interpolants rewritten in the monomial
// basis of the variable the code forms exactly; its comments give each fit's error).
// The tables are __device__ const arrays (the backend puts them with the module's
// globals, as devlib/f64_trig.cu's).
//
// How the bounds are met (CUDA: j0, j1, y0, y1 7 ulp for |x| < 8, absolute 5e-12 beyond;
// jn absolute 5e-12 (documented for n = 128); yn absolute 5e-12 for x > 1.5 n;
// cyl_bessel_i0, i1 6 ulp):
// - |x| < 0.75: J0 = j0v(x^2), J1 = x j1v(x^2) (near-minimax polynomials in x^2);
//   Y0 = (2/pi) log(x) J0(x) + s0v(x^2), Y1 = (2/pi)(log(x) J1(x) - 1/x) + x s1v(x^2)
//   (s0v, s1v: the entire parts), log from __anchor_log.
// - 0.75 <= |x| < 8: 29 intervals of width 1/4; on each, f(x) = (x - z) G(s) with z the
//   zero of f nearest to the interval (a double-double zh + zl; x - zh is exact near z)
//   and G a degree-11 (J) or degree-14 (Y) polynomial in s = 8 (x - midpoint), exact.
//   G has no zero on its interval, so the result keeps its relative accuracy at and
//   around the zeros of f: errors of G's fit below 2^-53, Horner's and the product's
//   rounding errors about 2 ulp at most.
// - |x| >= 8: Hankel's form f = sqrt(2/(pi x)) (P cos th -+ Q sin th), th = x - (2 nu +
//   1) pi/4, with P and x Q fitted as polynomials in u = 64/x^2; cos th and sin th are
//   (c +- s)/sqrt 2 from __anchor_sincos (f64_trig: correctly reduced for every double),
//   so the phase is as accurate as sin and cos: absolute error about 2^-53 sqrt(2/(pi x)),
//   far inside 5e-12.
// - jn, yn: yn by forward recurrence Y_{k+1} = (2k/x) Y_k - Y_{k-1} from y0, y1 (stable:
//   Y grows); jn by forward recurrence from j0, j1 for |x| >= n, by Miller's backward
//   recurrence below (from order n + 16 + sqrt(40 x), rescaled by 2^-500 when it grows,
//   normalised by J0 + 2 (J2 + J4 + ...) = 1), (x/2)^n / n! for |x| < 2^-300. 2/x is
//   carried as a double-double in the recurrences (a rounded 2/x costs about n ulp).
// - cyl_bessel_i0, i1: |x| < 8 polynomials in x^2 of degree 20 (all terms of the series
//   positive, no cancellation; x^2's rounding corrected to first order); beyond, e^x / sqrt(x) times a polynomial in u = 8/x (two
//   pieces), e^x from __anchor_exp (as e^(x/2) squared past 700, so that results up to
//   the overflow threshold 713.98 stay finite).

#include "anchor/math/f64_bessel.h"
#include "anchor/math/f64_exp.h"
#include "anchor/math/f64_trig.h"

#define TWO_OVER_PI 0x1.45f306dc9c883p-1 // 2/pi = TWO_OVER_PI + TWO_OVER_PI_LO
#define TWO_OVER_PI_LO -0x1.6b01ec5417056p-55
#define RSQRT_PI 0x1.20dd750429b6dp-1 // 1/sqrt(pi)

// ---- Polynomials and tables (devlib/gen/f64_bessel_coeffs.c) -----------------------
/* [0, 0.5625], degree 8: max relative error 3.18e-21 (2^-68.1) */
static __device__ __forceinline__ double j0v(double s) {
  double p = 0x1.4f886d1305ea3p-47;
  p = __builtin_fma(p, s, -0x1.52277e22c2f02p-39);
  p = __builtin_fma(p, s, 0x1.02e85a751f56bp-31);
  p = __builtin_fma(p, s, -0x1.23456788a06a1p-24);
  p = __builtin_fma(p, s, 0x1.c71c71c71ba19p-18);
  p = __builtin_fma(p, s, -0x1.c71c71c71c717p-12);
  p = __builtin_fma(p, s, 0x1p-6);
  p = __builtin_fma(p, s, -0x1p-2);
  p = __builtin_fma(p, s, 0x1p+0);
  return p;
}
/* [0, 0.5625], degree 8: max relative error 9.73e-20 (2^-63.2) */
static __device__ __forceinline__ double j1v(double s) {
  double p = 0x1.2a7c1842d47fdp-51;
  p = __builtin_fma(p, s, -0x1.52280bd907653p-43);
  p = __builtin_fma(p, s, 0x1.27e4fa3499218p-35);
  p = __builtin_fma(p, s, -0x1.845c8a0c0f0cp-28);
  p = __builtin_fma(p, s, 0x1.6c16c16c166e1p-21);
  p = __builtin_fma(p, s, -0x1.c71c71c71c71ap-15);
  p = __builtin_fma(p, s, 0x1.5555555555555p-9);
  p = __builtin_fma(p, s, -0x1p-4);
  p = __builtin_fma(p, s, 0x1p-1);
  return p;
}
/* [0, 0.5625], degree 10: max relative error 1.49e-13 (2^-42.6) */
static __device__ __forceinline__ double s0v(double s) {
  double p = -0x1.494dea1a79dd2p-63;
  p = __builtin_fma(p, s, 0x1.f4ea641d233dap-55);
  p = __builtin_fma(p, s, -0x1.31085c8fbf17fp-46);
  p = __builtin_fma(p, s, 0x1.2393d82be7cabp-38);
  p = __builtin_fma(p, s, -0x1.a6ee796b86cc4p-31);
  p = __builtin_fma(p, s, 0x1.bce4a600d3ea3p-24);
  p = __builtin_fma(p, s, -0x1.3e99794203bbdp-17);
  p = __builtin_fma(p, s, 0x1.1a6206b7b973dp-11);
  p = __builtin_fma(p, s, -0x1.075b1bbf41364p-6);
  p = __builtin_fma(p, s, 0x1.6bbcb41034286p-3);
  p = __builtin_fma(p, s, -0x1.2e4d699cbd01fp-4);
  return p;
}
/* [0, 0.5625], degree 10: max relative error 4.35e-17 (2^-54.4) */
static __device__ __forceinline__ double s1v(double s) {
  double p = -0x1.e6690134668e1p-68;
  p = __builtin_fma(p, s, 0x1.9789b21d455c5p-59);
  p = __builtin_fma(p, s, -0x1.1474ad2b9c3fbp-50);
  p = __builtin_fma(p, s, 0x1.2a4e1ae9ecf7p-42);
  p = __builtin_fma(p, s, -0x1.f0ce34d20634ep-35);
  p = __builtin_fma(p, s, 0x1.32e5a4ddeea3p-27);
  p = __builtin_fma(p, s, -0x1.0a780ac776eacp-20);
  p = __builtin_fma(p, s, 0x1.2c7dbffcde97dp-14);
  p = __builtin_fma(p, s, -0x1.835b97894be5bp-9);
  p = __builtin_fma(p, s, 0x1.bd3975c75b4a7p-5);
  p = __builtin_fma(p, s, -0x1.91866143cbc8ap-3);
  return p;
}
/* j0i: x in [0.75 + k/4, 1 + k/4), k = 0..28: f(x) = (x - zh[k] - zl[k]) G_k(s), s = 8 (x - (0.875
 * + k/4)) */
/* [0.75, 1], degree 11: max relative error 7.37e-17 (2^-53.6) */
/* [1, 1.25], degree 11: max relative error 7.45e-17 (2^-53.6) */
/* [1.25, 1.5], degree 11: max relative error 8.7e-17 (2^-53.4) */
/* [1.5, 1.75], degree 11: max relative error 3.71e-18 (2^-57.9) */
/* [1.75, 2], degree 11: max relative error 8.26e-17 (2^-53.4) */
/* [2, 2.25], degree 11: max relative error 7.39e-18 (2^-56.9) */
/* [2.25, 2.5], degree 11: max relative error 6.54e-17 (2^-53.8) */
/* [2.5, 2.75], degree 11: max relative error 3.04e-17 (2^-54.9) */
/* [2.75, 3], degree 11: max relative error 1.25e-17 (2^-56.1) */
/* [3, 3.25], degree 11: max relative error 8.12e-18 (2^-56.8) */
/* [3.25, 3.5], degree 11: max relative error 1.9e-17 (2^-55.5) */
/* [3.5, 3.75], degree 11: max relative error 8.3e-17 (2^-53.4) */
/* [3.75, 4], degree 11: max relative error 4.65e-17 (2^-54.3) */
/* [4, 4.25], degree 11: max relative error 9.68e-18 (2^-56.5) */
/* [4.25, 4.5], degree 11: max relative error 8.14e-17 (2^-53.4) */
/* [4.5, 4.75], degree 11: max relative error 8.21e-17 (2^-53.4) */
/* [4.75, 5], degree 11: max relative error 4.28e-17 (2^-54.4) */
/* [5, 5.25], degree 11: max relative error 5.89e-17 (2^-53.9) */
/* [5.25, 5.5], degree 11: max relative error 6.68e-17 (2^-53.7) */
/* [5.5, 5.75], degree 11: max relative error 1.99e-17 (2^-55.5) */
/* [5.75, 6], degree 11: max relative error 7.87e-17 (2^-53.5) */
/* [6, 6.25], degree 11: max relative error 8.18e-17 (2^-53.4) */
/* [6.25, 6.5], degree 11: max relative error 1.02e-16 (2^-53.1) */
/* [6.5, 6.75], degree 11: max relative error 6.73e-18 (2^-57.0) */
/* [6.75, 7], degree 11: max relative error 2.24e-17 (2^-55.3) */
/* [7, 7.25], degree 11: max relative error 6.57e-17 (2^-53.8) */
/* [7.25, 7.5], degree 11: max relative error 3.97e-17 (2^-54.5) */
/* [7.5, 7.75], degree 11: max relative error 3.27e-17 (2^-54.8) */
/* [7.75, 8], degree 11: max relative error 1e-16 (2^-53.1) */
/* worst 1.02e-16 (2^-53.1) */
// clang-format off
static __device__ const double j0i_z[58] = {
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.33d152e971b4p+1, -0x1.0f539d7da258ep-53,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54,
    0x1.14eb56cccdecap+3, -0x1.51970714c7c25p-52,
    0x1.14eb56cccdecap+3, -0x1.51970714c7c25p-52,
    0x1.14eb56cccdecap+3, -0x1.51970714c7c25p-52,
    0x1.14eb56cccdecap+3, -0x1.51970714c7c25p-52,
};
// clang-format on
// clang-format off
static __device__ const double j0i_c[348] = {
    -0x1.119eb9d9d2bf5p-1, -0x1.7010b2d7faf91p-7, 0x1.ed27fcccf11b2p-11, 0x1.dd0ca6da61e55p-17, -0x1.374956d20074ap-21, -0x1.d4f0410e4771bp-28, 0x1.9158d4cbf5fep-33, 0x1.ee7d513f3c885p-40, -0x1.39e0b4747d607p-45, -0x1.46f5b8a767ba2p-52, 0x1.4949a24d7bc51p-58, 0x1.2905970e5bb82p-65,
    -0x1.1b246d4575e3dp-1, -0x1.df9ef3adb8bf8p-8, 0x1.09291b25b3c5dp-10, 0x1.394208901af75p-17, -0x1.55ccf6f17a002p-21, -0x1.3566eca7c9705p-28, 0x1.be76cd178821fp-33, 0x1.474e510bb426p-40, -0x1.60467b1d32e03p-45, -0x1.b1d402772b00ep-53, 0x1.73f456f07d487p-58, 0x1.8ac8fb58ddd2ep-66,
    -0x1.208826ff60b8ap-1, -0x1.a0f2f5a2b541cp-9, 0x1.13c1f1f0ce9c6p-10, 0x1.12d921057a4eep-18, -0x1.674821b3bfc8fp-21, -0x1.10fc6987dbf29p-29, 0x1.d863f5ee5ae1fp-33, 0x1.21dd7c2713a2cp-41, -0x1.7663956228eccp-45, -0x1.813ba3429333fp-54, 0x1.8c914a00aea76p-58, 0x1.5f44eac251802p-67,
    -0x1.219fa695c885dp-1, 0x1.145f0777b00f9p-10, 0x1.15f600d9ea4cap-10, -0x1.5dc71b53af2fep-20, -0x1.6af9259476c87p-21, 0x1.52b31c533f6edp-31, 0x1.ddebfa78077acp-33, -0x1.617a854a01cadp-43, -0x1.7b2433de3f295p-45, 0x1.cfee0246feec9p-56, 0x1.91e2cfa73d889p-58, -0x1.a308e2c689164p-69,
    -0x1.1e62232c4d33bp-1, 0x1.589dfaa99389ep-8, 0x1.0faf367f845a1p-10, -0x1.be70f2f454a7cp-18, -0x1.60b6aff590913p-21, 0x1.b6b9a5f652228p-29, 0x1.cecc97be7215ep-33, -0x1.ce8b1e0b3cdc9p-41, -0x1.6e4cbdd4ec6c9p-45, 0x1.31cbf22cb89b3p-53, 0x1.83a3f92b0a1b5p-58, -0x1.15c4fa7f45f22p-66,
    -0x1.16e8a36efb33p-1, 0x1.30db0e1d7bacep-7, 0x1.012ae90417feep-10, -0x1.8a2e53caae346p-17, -0x1.48f1bc0ceab71p-21, 0x1.82f04c4a5d35cp-28, 0x1.abb8db80ac3ddp-33, -0x1.97a6ce38143aap-40, -0x1.507cd58d742f5p-45, 0x1.0d5ef8b3a42b1p-52, 0x1.628c28df259dp-58, -0x1.e92ef6efc6323p-66,
    -0x1.0b6d091b5e887p-1, 0x1.ac3194d81e7afp-7, 0x1.d5ee65926ed72p-11, -0x1.130a5a476fb86p-16, -0x1.24b0596fa865cp-21, 0x1.0cedfcebcf11ap-27, 0x1.765072b68029ep-33, -0x1.1a9586aa8382ep-39, -0x1.2327518bdf167p-45, 0x1.74c2279047247p-52, 0x1.30459aa9ed1fep-58, -0x1.51fed660a184dp-65,
    -0x1.f88fb544980cbp-2, 0x1.0d570e6387bdbp-6, 0x1.9bd9a84c9a674p-11, -0x1.5685e39308b1bp-16, -0x1.eb0316509e9d5p-22, 0x1.4cd824624825fp-27, 0x1.310b77a77616bp-33, -0x1.5c4a6b5ed2dp-39, -0x1.d0ff296fcef58p-46, 0x1.ca1049adfeb52p-52, 0x1.deaec1abc5304p-59, -0x1.9e6a7d6879cp-65,
    -0x1.d3d9c6869be0ep-2, 0x1.3c94acdd427bfp-6, 0x1.564bc529cd5b7p-11, -0x1.8d0cde4c96988p-16, -0x1.7ad5ac560d909p-22, 0x1.7e874fdadc025p-27, 0x1.be3787456bf01p-34, -0x1.8df568fb269d5p-39, -0x1.46ba7822e76ecp-46, 0x1.04995a8d31b8dp-51, 0x1.4607fc62a8c37p-59, -0x1.d60cad03dcbabp-65,
    -0x1.a9cd9d805e3a5p-2, 0x1.628b740de6036p-6, 0x1.07e36711e3868p-11, -0x1.b4b024b3f83c7p-16, -0x1.fb41912ecdc34p-23, 0x1.9ff3ec5503c64p-27, 0x1.088a9e4466129p-34, -0x1.ad6086a1a5344p-39, -0x1.5c5e60886509ep-47, 0x1.1797b49a38905p-51, 0x1.3c797fafc89ap-60, -0x1.f629c9cfd4821p-65,
    -0x1.7ba3e19b3aa8cp-2, 0x1.7e4e373723a69p-6, 0x1.671a463b47a38p-12, -0x1.cc228b3208d9p-16, -0x1.e2c71d2eda18cp-24, 0x1.afd53fcb9f6c4p-27, 0x1.257cec0882d4cp-36, -0x1.b9372cb5e70b3p-39, -0x1.d6b50d315b683p-51, 0x1.1d273df3c757bp-51, -0x1.0510a28508791p-63, -0x1.fd3bcfc03efdep-65,
    -0x1.4aace2688158cp-2, 0x1.8f509743f3d0bp-6, 0x1.718f1e23ddefp-13, -0x1.d2c5abfd26882p-16, 0x1.cc6069f25dacap-27, 0x1.adaf53ea0b6ebp-27, -0x1.da6bb3a118382p-36, -0x1.b1158c6756e51p-39, 0x1.201c00a1b906dp-47, 0x1.15177bd064e36p-51, -0x1.79e335a0bb7f7p-60, -0x1.eb057edfbdd06p-65,
    -0x1.1844378cd9036p-2, 0x1.956ab6c02eb85p-6, 0x1.63c08fc19279dp-17, -0x1.c8aebb502d61cp-16, 0x1.24065c1210e5ap-23, 0x1.99d70b0cfdfcdp-27, -0x1.2ebdfcd91a548p-34, -0x1.958c05dc4c55fp-39, 0x1.268d3809e684ap-46, 0x1.ffca23639d8cp-52, -0x1.5f1925ca16ed1p-59, -0x1.c0944d805a1p-65,
    0x1.1b4f18aca95c4p-2, 0x1.e296b3fedf7b9p-7, -0x1.6975719852601p-11, -0x1.1a2126ad48ba2p-16, 0x1.0414e8b6192a2p-21, 0x1.04400c218efeep-27, -0x1.66b3900d89f9fp-33, -0x1.06f2d0fb74fd5p-39, 0x1.242216ecf7b68p-45, 0x1.51443585104c3p-52, -0x1.3ad22d423134dp-58, -0x1.2b775a29db7bp-65,
    0x1.36846c9b12c91p-2, 0x1.82236b6a1cd02p-7, -0x1.97f7419b4d04ep-11, -0x1.a8f6026e46ae1p-17, 0x1.273b085ecc337p-21, 0x1.783d2b7188dbep-28, -0x1.97d5676b6c978p-33, -0x1.712bbbbf78a07p-40, 0x1.4c4b4f467c6ep-45, 0x1.cf4f60737174cp-53, -0x1.661da3b77342dp-58, -0x1.948c29d99021ap-66,
    0x1.4b5e7ed7ae1d2p-2, 0x1.17c1b5731368cp-7, -0x1.b8ae3b7051e02p-11, -0x1.0f03ed4f0ba51p-17, 0x1.3e79be7c7a9f5p-21, 0x1.b1c85c94f8d8bp-29, -0x1.b6dd76405f453p-33, -0x1.8870a25c4ed3ap-41, 0x1.64c72b16eaea4p-45, 0x1.cce25a39dbcd4p-54, -0x1.7fc88545a11d8p-58, -0x1.7cd953f28b0a1p-67,
    0x1.595ad056fdcb4p-2, 0x1.4e144613ead2fp-8, -0x1.ca8456f4cc8b3p-11, -0x1.b27e83c4febc5p-19, 0x1.48e924877f333p-21, 0x1.8c2faedb65eecp-31, -0x1.c27646f5d5be8p-33, -0x1.e652a4b6caed8p-45, 0x1.6c75fcc021482p-45, -0x1.93b841d828fc9p-58, -0x1.8696d19b53dc1p-58, 0x1.048de7f7f1e28p-69,
    0x1.6032325cf12f7p-2, 0x1.9e3e52f3092ap-10, -0x1.ccfcb23f770bp-11, 0x1.bd9b0f5be2d08p-20, 0x1.46328385e18d9p-21, -0x1.d9e0e25a5d3c4p-30, -0x1.ba34a34e2157cp-33, 0x1.4ac5d46d5193bp-41, 0x1.630b71b0ac821p-45, -0x1.fbdefc9ec28ccp-54, -0x1.7a41657db9c6fp-58, 0x1.fa45fd988860ap-67,
    0x1.5fdab8aa18e2cp-2, -0x1.f17549cd1b637p-10, -0x1.c0379f1105951p-11, 0x1.aed6ae33cc898p-18, 0x1.369375873b96ap-21, -0x1.17b5a49a5e99fp-28, -0x1.9e9bbd43d1e17p-33, 0x1.51152c9461527p-40, 0x1.4911b00c96803p-45, -0x1.e1b74a309fcfbp-53, -0x1.5b78fe42ecf1ap-58, 0x1.cc232b754caf8p-66,
    0x1.5887392a8919p-2, -0x1.563c1a0bcbec3p-8, -0x1.a4efc3717f265p-11, 0x1.6c41b46435e41p-17, 0x1.1ada12646c812p-21, -0x1.ab2e7d51d370cp-28, -0x1.7115a9ffd5a7ep-33, 0x1.ebea7f63c9088p-40, 0x1.1fe19af9dfaa8p-45, -0x1.567113e6f7da4p-52, -0x1.2bdc63937b464p-58, 0x1.41950b2d0f101p-65,
    0x1.4aa46494af295p-2, -0x1.0f8c3b2427faap-7, -0x1.7c707b28fbc84p-11, 0x1.f0790a08faa59p-17, 0x1.e8b4bfcab2931p-22, -0x1.1547a01a6cfb9p-27, -0x1.33e09aa941761p-33, 0x1.3762decdd1c8fp-39, 0x1.d321577fe9287p-46, -0x1.aad2ae384581ep-52, -0x1.dbc4877e09f52p-59, 0x1.8c8a5f40d07c4p-65,
    0x1.36d39e480aa2p-2, -0x1.686263918b102p-7, -0x1.4885f8456d0d6p-11, 0x1.2f8e03d78b6f2p-16, 0x1.89bb23083185cp-22, -0x1.483f8f0d53a23p-27, -0x1.d3e3a019c8ee7p-34, 0x1.69df091a161dep-39, 0x1.51aaaf7e0844fp-46, -0x1.e9fdc800f835ep-52, -0x1.496fe9ee482aap-59, 0x1.c33e9e790a512p-65,
    0x1.1de3d2a6ced7p-2, -0x1.b30ab15af0f9dp-7, -0x1.0b67ead6ce9fap-11, 0x1.5a19606e8c7b6p-16, 0x1.1d17e17217275p-22, -0x1.6c6ee47396327p-27, -0x1.2d9f93aae14a9p-34, 0x1.8b336e08c63dep-39, 0x1.838ddec8c3a44p-47, -0x1.08828784a2567p-51, -0x1.505b8c381f517p-60, 0x1.e30d78a35d77ep-65,
    0x1.00c8a0f343222p-2, -0x1.ed88058e0a39dp-7, -0x1.8f3f6fc618c22p-12, 0x1.7675e4af966aap-16, 0x1.4f4a20db38371p-23, -0x1.8078dd0ffd4a5p-27, -0x1.f32d0c0573871p-36, 0x1.9a0213b169ce6p-39, 0x1.5428d2daa1cfap-49, -0x1.0f1a5cde033d6p-51, -0x1.2edead8426a75p-70, 0x1.ea82f6df90331p-65,
    0x1.c1207ed7d78c2p-3, -0x1.0b436913da4dap-6, -0x1.ffade8f22b7c7p-13, 0x1.83dbae521e67ep-16, 0x1.745df7f57abf2p-25, -0x1.83c266d394ccap-27, 0x1.b2e29459acde8p-37, 0x1.95d499f0915e9p-39, -0x1.b2ff6cdfb97ap-48, -0x1.0893374c37d4cp-51, 0x1.4c6e97623f04bp-60, 0x1.d96d1858a0051p-65,
    -0x1.8faa80f9bd82ap-3, -0x1.b3be1cd151885p-7, 0x1.b20fd4726f49cp-12, 0x1.32b14167f46c9p-16, -0x1.534422ae9c36cp-22, -0x1.2fa3120084118p-27, 0x1.f65a747d2e6eep-34, 0x1.3caf1ec847bb8p-39, -0x1.ae08359966dbfp-46, -0x1.9c84bc4a78bcap-52, 0x1.e00068f77c8cdp-59, 0x1.7124030e7bd55p-65,
    -0x1.c27444127517ep-3, -0x1.76a688bdce0bdp-7, 0x1.0e345776edeccp-11, 0x1.02ae4440a9c6dp-16, -0x1.aa25d10cf6844p-22, -0x1.f4e0585bd4efdp-28, 0x1.3a1188aa722cap-33, 0x1.00256eb6b4987p-39, -0x1.0b4f617374935p-45, -0x1.4841225221e7cp-52, 0x1.28dbd4eace963p-58, 0x1.21c5317f336f7p-65,
    -0x1.ecd30a931bf57p-3, -0x1.2d788e5931ed8p-7, 0x1.396d11ab12404p-11, 0x1.91d7469458e18p-17, -0x1.eeb2b6bb9a6e3p-22, -0x1.758ba4791baffp-28, 0x1.6a66b28cbd9f2p-33, 0x1.703a38f387b3p-40, -0x1.329c12a4034c9p-45, -0x1.c8f92b91ccf37p-53, 0x1.52ca01223a03ep-58, 0x1.885cb20a8dfa3p-66,
    -0x1.06b7103e88819p-2, -0x1.b5cda306d951dp-8, 0x1.59183568d7f6p-11, 0x1.0fc72189842f1p-17, -0x1.0f0c4278b17c3p-21, -0x1.ce552cc6af641p-29, 0x1.8a08abcb5c6a3p-33, 0x1.a05135336423dp-41, -0x1.4b143ff5344bep-45, -0x1.d8e2e335cbe05p-54, 0x1.6bc0f6a528a77p-58, 0x1.74c57805cc122p-67,
};
// clang-format on
/* j1i: x in [0.75 + k/4, 1 + k/4), k = 0..28: f(x) = (x - zh[k] - zl[k]) G_k(s), s = 8 (x - (0.875
 * + k/4)) */
/* [0.75, 1], degree 11: max relative error 4.25e-17 (2^-54.4) */
/* [1, 1.25], degree 11: max relative error 1.49e-17 (2^-55.9) */
/* [1.25, 1.5], degree 11: max relative error 1.22e-17 (2^-56.2) */
/* [1.5, 1.75], degree 11: max relative error 5.87e-17 (2^-53.9) */
/* [1.75, 2], degree 11: max relative error 4.07e-17 (2^-54.4) */
/* [2, 2.25], degree 11: max relative error 6.68e-17 (2^-53.7) */
/* [2.25, 2.5], degree 11: max relative error 3.9e-18 (2^-57.8) */
/* [2.5, 2.75], degree 11: max relative error 6.93e-17 (2^-53.7) */
/* [2.75, 3], degree 11: max relative error 1.11e-17 (2^-56.3) */
/* [3, 3.25], degree 11: max relative error 4.64e-17 (2^-54.3) */
/* [3.25, 3.5], degree 11: max relative error 2.87e-17 (2^-54.9) */
/* [3.5, 3.75], degree 11: max relative error 6.3e-17 (2^-53.8) */
/* [3.75, 4], degree 11: max relative error 6.99e-17 (2^-53.7) */
/* [4, 4.25], degree 11: max relative error 6.8e-18 (2^-57.0) */
/* [4.25, 4.5], degree 11: max relative error 7.82e-17 (2^-53.5) */
/* [4.5, 4.75], degree 11: max relative error 6.15e-17 (2^-53.9) */
/* [4.75, 5], degree 11: max relative error 5.32e-17 (2^-54.1) */
/* [5, 5.25], degree 11: max relative error 1.53e-17 (2^-55.9) */
/* [5.25, 5.5], degree 11: max relative error 4.5e-17 (2^-54.3) */
/* [5.5, 5.75], degree 11: max relative error 1.56e-17 (2^-55.8) */
/* [5.75, 6], degree 11: max relative error 4.08e-17 (2^-54.4) */
/* [6, 6.25], degree 11: max relative error 8.26e-17 (2^-53.4) */
/* [6.25, 6.5], degree 11: max relative error 9.08e-17 (2^-53.3) */
/* [6.5, 6.75], degree 11: max relative error 6.75e-17 (2^-53.7) */
/* [6.75, 7], degree 11: max relative error 2.34e-17 (2^-55.2) */
/* [7, 7.25], degree 11: max relative error 1.85e-18 (2^-58.9) */
/* [7.25, 7.5], degree 11: max relative error 3.97e-17 (2^-54.5) */
/* [7.5, 7.75], degree 11: max relative error 6.41e-17 (2^-53.8) */
/* [7.75, 8], degree 11: max relative error 1.03e-16 (2^-53.1) */
/* worst 1.03e-16 (2^-53.1) */
// clang-format off
static __device__ const double j1i_z[58] = {
    0x0p+0, 0x0p+0,
    0x0p+0, 0x0p+0,
    0x0p+0, 0x0p+0,
    0x0p+0, 0x0p+0,
    0x0p+0, 0x0p+0,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53,
    0x1.c0ff5f3b4725p+2, -0x1.b226d9d243827p-54,
    0x1.c0ff5f3b4725p+2, -0x1.b226d9d243827p-54,
    0x1.c0ff5f3b4725p+2, -0x1.b226d9d243827p-54,
    0x1.c0ff5f3b4725p+2, -0x1.b226d9d243827p-54,
    0x1.c0ff5f3b4725p+2, -0x1.b226d9d243827p-54,
    0x1.c0ff5f3b4725p+2, -0x1.b226d9d243827p-54,
    0x1.c0ff5f3b4725p+2, -0x1.b226d9d243827p-54,
    0x1.c0ff5f3b4725p+2, -0x1.b226d9d243827p-54,
    0x1.c0ff5f3b4725p+2, -0x1.b226d9d243827p-54,
    0x1.c0ff5f3b4725p+2, -0x1.b226d9d243827p-54,
};
// clang-format on
// clang-format off
static __device__ const double j1i_c[348] = {
    0x1.d089d83104dfdp-2, -0x1.a41785f6f7c46p-7, -0x1.a1d6ba079d703p-11, 0x1.137a132859fc3p-16, 0x1.073eb5206d7bap-21, -0x1.10be73f04c964p-27, -0x1.52e026ba6c149p-33, 0x1.20fe12d01bebp-39, 0x1.08b03a683e9edp-45, -0x1.7f7cc57f76313p-52, -0x1.1566bfd438f0cp-58, 0x1.5d46c94a88514p-65,
    0x1.b3291e6ca26cbp-2, -0x1.02cd24f1e74f9p-6, -0x1.685e5f530d5fep-11, 0x1.4f914a57a638ap-16, 0x1.affb0a0a579b6p-22, -0x1.49ed9ff0f514ap-27, -0x1.0cf0613b32965p-33, 0x1.5bf1b5b8305d8p-39, 0x1.9a40ee74fb757p-46, -0x1.cc2864455f05ep-52, -0x1.a65de9c1aa123p-59, 0x1.a20acc202c584p-65,
    0x1.902a4a144ab91p-2, -0x1.2bb78e6dfee7cp-6, -0x1.24ce009fbb4e2p-11, 0x1.7ed11913a23f8p-16, 0x1.41c4947075ca5p-22, -0x1.74e583d7cbebp-27, -0x1.77a74a9d6e89ep-34, 0x1.86c8bdeb30b0dp-39, 0x1.10a363d176134p-46, -0x1.013b5a9e9962fp-51, -0x1.0dd36db81b56ap-59, 0x1.d1c58b21b5f0fp-65,
    0x1.689ac086eb641p-2, -0x1.4bb05723e53a7p-6, -0x1.b3710a90be5cep-12, 0x1.9f8d46c06296bp-16, 0x1.912c0c8f90012p-23, -0x1.8fe5f8cb4e43bp-27, -0x1.8d25686b1cffp-35, 0x1.9f9c56148dddp-39, 0x1.ecd4ceb3f37e9p-48, -0x1.0fecfc7486e29p-51, -0x1.a362293acaa96p-61, 0x1.ea203dddda9afp-65,
    0x1.3da5e5ad3d2ccp-2, -0x1.61f39cd86c7fdp-6, -0x1.13e4db33ffcddp-12, 0x1.b0b8a7bac2b03p-16, 0x1.26698244cb464p-24, -0x1.99eb3823a5738p-27, -0x1.d8d2718e093bfp-39, 0x1.a564fba46c0bap-39, -0x1.ed0d9112b949bp-50, -0x1.1182454165385p-51, 0x1.013b338d2e63p-61, 0x1.e9f8866b82a92p-65,
    -0x1.53559cef48b13p-2, -0x1.0530bf011505dp-6, 0x1.3c2b39d5eef13p-11, 0x1.4d041c24bb77cp-16, -0x1.960990fb0c478p-22, -0x1.4412f6be33717p-27, 0x1.0877aeec42955p-33, 0x1.536bbd8ac6c8ap-39, -0x1.a07ff8829f39ep-46, -0x1.beac0d556bc4fp-52, 0x1.b7136c3bc173dp-59, 0x1.94498ef2384bfp-65,
    -0x1.715b67998ca0fp-2, -0x1.b3f439cbf476bp-7, 0x1.7578b2716e6a8p-11, 0x1.1446cdc6c6e39p-16, -0x1.f2dde6b6a6a84p-22, -0x1.0be8523f0c2d1p-27, 0x1.4c78e9e939c43p-33, 0x1.17f0897a84bb8p-39, -0x1.09bff2e113e06p-45, -0x1.6fc9d8888f0acp-52, 0x1.1b1e4fabd1efbp-58, 0x1.4c7b5e712e77p-65,
    -0x1.898f33e9a1c19p-2, -0x1.509e1730a8e95p-7, 0x1.a31eb18e27808p-11, 0x1.a237f3cce64b1p-17, -0x1.1e24a50df118ap-21, -0x1.909b378553647p-28, 0x1.820024783a73dp-33, 0x1.9f29392742051p-40, -0x1.36daf23b9e305p-45, -0x1.0f1e0f013b264p-52, 0x1.4cddf8b9dbffdp-58, 0x1.e804dd34b791ep-66,
    -0x1.9b3afc846003cp-2, -0x1.c704ea216bb18p-8, 0x1.c36643b036788p-11, 0x1.0c4a66fb9a44fp-17, -0x1.3795f1674709ep-21, -0x1.f0de81db387f9p-29, 0x1.a69870abdc3ebp-33, 0x1.f6e9c78324348p-41, -0x1.55637ca85c991p-45, -0x1.42c8ad8605fc5p-53, 0x1.6e4b1dd6b3965p-58, 0x1.1eb1a0e1f73f6p-66,
    -0x1.a5de08c1dfe5fp-2, -0x1.c087b3edbff0cp-9, 0x1.d51f2b4ee068ep-11, 0x1.b2c45a44e3cadp-19, -0x1.44b16ce8f0cebp-21, -0x1.57f3a382c9292p-30, 0x1.b8980d0e63b72p-33, 0x1.31cc225507f58p-42, -0x1.63e2fb5ebc55p-45, -0x1.5ffa2d4d5488bp-55, 0x1.7dbbd55f078d8p-58, 0x1.1cc6b59a8a58cp-68,
    -0x1.a931a95f98ca1p-2, 0x1.72450d985944ep-13, 0x1.d7aca56a72de3p-11, -0x1.b20bf75194571p-20, -0x1.44f09926fe5c4p-21, 0x1.3e55cc4a72738p-30, 0x1.b734cb12a0ee6p-33, -0x1.968fa10d233dbp-42, -0x1.61ac62dffd7a6p-45, 0x1.2d35fc375fdfap-54, 0x1.7a6fae0dd5662p-58, -0x1.271b1af18d61bp-67,
    -0x1.a52ba9733012dp-2, 0x1.e9c066a101cbcp-9, 0x1.cb0bb18f531a2p-11, -0x1.ac376b6c38da8p-18, -0x1.385dcb3d69548p-21, 0x1.e2026bdf115c4p-29, 0x1.a28d7bda9c6cep-33, -0x1.1275557d66b5bp-40, -0x1.4ee49f7783099p-45, 0x1.7d5028e92af85p-53, 0x1.64995c1651cd5p-58, -0x1.66772fb7a4b6ep-66,
    -0x1.99fe5a957d37p-2, 0x1.d42e57fc0cbaep-8, 0x1.afd296bf4dc76p-11, -0x1.6c953e014b8c3p-17, -0x1.1f9345f2031ap-21, 0x1.8736de9522166p-28, 0x1.7ba7ede3df4e4p-33, -0x1.b1ed5c7769b3bp-40, -0x1.2c805d661ab0ap-45, 0x1.286c39b128d02p-52, 0x1.3d5bc514f8a6p-58, -0x1.13711892e9f43p-65,
    -0x1.88163e2e88147p-2, 0x1.513a5ffb64afcp-7, 0x1.8729aff886486p-11, -0x1.f3d57064bb2b9p-17, -0x1.f7672d01e14cep-22, 0x1.05d93feab43a4p-27, 0x1.44639a80454aep-33, -0x1.1e51f8015cb5p-39, -0x1.f86e9b978d58ep-46, 0x1.83744d8865fb5p-52, 0x1.06ba96570585ap-58, -0x1.658f65f974466p-65,
    -0x1.70156891e6479p-2, 0x1.acb0c9e9a0b8bp-7, 0x1.52bddb9cb1601p-11, -0x1.335a1a39f97c1p-16, -0x1.9cb72f1eef071p-22, 0x1.3c649a08fc751p-27, 0x1.fec3691923e49p-34, -0x1.561c8cfdab19dp-39, -0x1.80db29f6f5155p-46, 0x1.cb5ba1767e3bp-52, 0x1.86fe7356ecde9p-59, -0x1.a57b484bf3df1p-65,
    -0x1.52ccd3f5fe53ep-2, 0x1.f9cb51dec7bbap-7, 0x1.14ad34e1f6dd5p-11, -0x1.60793b024c395p-16, -0x1.331d9a2341234p-22, 0x1.64f5e3e0355b7p-27, 0x1.5fc7a5f39321dp-34, -0x1.7dd1dd7de5a96p-39, -0x1.f05244cc0a0aap-47, 0x1.fcb6b57731522p-52, 0x1.dc4e685a10886p-60, -0x1.d00c319d044p-65,
    -0x1.3133f011fdf9ap-2, 0x1.1b370bb9bcb2dp-6, 0x1.9ede040a45b93p-12, -0x1.7fb3c899fa4f3p-16, -0x1.7e7c484bbd7d4p-23, 0x1.7dedb1b6d0807p-27, 0x1.668ba98d3aeb5p-35, -0x1.93b76c28b9b2ep-39, -0x1.9424d6b36e532p-48, 0x1.0a9f3c901152ep-51, 0x1.2aa597555fd9ep-61, -0x1.e3355c2feccc7p-65,
    -0x1.0c5ece489b154p-2, 0x1.3091aab307238p-6, 0x1.0b6ff3c92758fp-12, -0x1.9010d44ee9fbep-16, -0x1.1886562179ed6p-24, 0x1.8666da1ad2de3p-27, 0x1.4155b5fa26da3p-42, -0x1.96f138760120bp-39, 0x1.8ae44b6def3fcp-49, 0x1.09f62f7e6684cp-51, -0x1.6d0572e3e267fp-61, -0x1.de1fe4f74c7a8p-65,
    -0x1.cae6b1b4543bep-3, 0x1.3c9381ed2a01ap-6, 0x1.d2e16a70ac75fp-14, -0x1.913bbeca630a3p-16, 0x1.98308eb3cc618p-25, 0x1.7e3f73d6d7922p-27, -0x1.5c298ad0bbc9fp-35, -0x1.878af102ba91p-39, 0x1.87899dfdf4981p-47, 0x1.f905dcb0f3df6p-52, -0x1.f69901c4706f8p-60, -0x1.c1348d40d3a98p-65,
    0x1.e90f336bbf327p-3, 0x1.a98466252a6adp-7, -0x1.1dcf55020d653p-11, -0x1.14e58fd4673a8p-16, 0x1.a4ec9d4d915dcp-22, 0x1.0c4f659855d11p-27, -0x1.2a1900c8e6138p-33, -0x1.163c999c9f12cp-39, 0x1.eff1f53692558p-46, 0x1.6a4c2162c333ep-52, -0x1.0f99657c2690ep-58, -0x1.44b56aec6ae37p-65,
    0x1.0cc359d4817c7p-2, 0x1.5c016e7e4491fp-7, -0x1.4c7c4b179dd4bp-11, -0x1.b6d8407ce07f5p-17, 0x1.ef7a57b9d079p-22, 0x1.9e4f836a24c5dp-28, -0x1.5fbecf9e8a4ccp-33, -0x1.a4cb27830ea79p-40, 0x1.2491765c13429p-45, 0x1.0d6b41ee9e669p-52, -0x1.402c6c980778bp-58, -0x1.dc668ad8b6e92p-66,
    0x1.1fd1065bfea6cp-2, 0x1.043d7a02367b9p-7, -0x1.6f96ad36cc751p-11, -0x1.33c4a29b26adap-17, 0x1.12bfeddcc742ep-21, 0x1.12ce7327ad91ep-28, -0x1.85750e6849bb8p-33, -0x1.0a3ebb17b7a3p-40, 0x1.4325f5ae49b66p-45, 0x1.4797a14df31b9p-53, -0x1.60cdff9bf657ap-58, -0x1.17f3b6dba951dp-66,
    0x1.2d24a1a933c25p-2, 0x1.4a908bda67255p-8, -0x1.85db74b380ed4p-11, -0x1.4bfc150716fap-18, 0x1.2264c8f7d58a6p-21, 0x1.f1af804419257p-30, -0x1.999149e31b997p-33, -0x1.90e4f42879345p-42, 0x1.5248c2fc65e78p-45, 0x1.9577891ddbbb5p-55, -0x1.6fe78ed860875p-58, -0x1.1884089960829p-68,
    0x1.3465571d81f66p-2, 0x1.09c62c14d03a3p-9, -0x1.8e8f7de74579cp-11, -0x1.35ea79632e442p-21, 0x1.26156daef9e0dp-21, -0x1.e0feec0336b77p-32, -0x1.9b4060c33d0b2p-33, 0x1.1566ee34d6bb2p-42, 0x1.515099c8f373cp-45, -0x1.013a85a223a11p-54, -0x1.6cc8104180dcep-58, 0x1.1cb39236e0d96p-67,
    0x1.35706554fdb87p-2, -0x1.06cfed360c2e8p-10, -0x1.89868dbe1255cp-11, 0x1.f859e60e2eb3bp-19, 0x1.1dc5326577942p-21, -0x1.6b6f046a5433ep-29, -0x1.8a8fbc627fb0fp-33, 0x1.d4d9ccb9b8ff9p-41, 0x1.40606701c4b2ep-45, -0x1.5efbec4b1fdc2p-53, -0x1.57ac6877aba0ap-58, 0x1.5aab12d4f646dp-66,
    0x1.3059cee00b18p-2, -0x1.026914eaa1e59p-8, -0x1.7723ea0dc2a2ep-11, 0x1.087a6f27a0545p-17, 0x1.09f0affb9e4bdp-21, -0x1.43cc6554db76ep-28, -0x1.686b6ae90884ap-33, 0x1.833727632404ap-40, 0x1.20649f760e25p-45, -0x1.1567f96da386bp-52, -0x1.31bb6a14d3618p-58, 0x1.0a3bdee1f9645p-65,
    0x1.256acf1d7e003p-2, -0x1.b6c51203d1698p-8, -0x1.58548952c010ep-11, 0x1.86459f49f2401p-17, 0x1.d72dbeeba8a51p-22, -0x1.c2108efc0ee91p-28, -0x1.3691400197af7p-33, 0x1.044ac1d6769dcp-39, 0x1.e60cb27f38391p-46, -0x1.6d145cba10f11p-52, -0x1.f9eb5578cd38ep-59, 0x1.59325ea5279ffp-65,
    0x1.151e2a5acf391p-2, -0x1.2c73ac97574cdp-7, -0x1.2e832c0db32d6p-11, 0x1.f28ded77bdaabp-17, 0x1.885831940d238p-22, -0x1.158881819c129p-27, -0x1.eef35fc3716eap-34, 0x1.3a321b4270a0ap-39, 0x1.7529ba74048dap-46, -0x1.b249a5ae44abp-52, -0x1.783424c7b077p-59, 0x1.964958dd1ae4bp-65,
    0x1.001a88a101bcdp-2, -0x1.71e04fa64b4a3p-7, -0x1.f70df646a094p-12, 0x1.249e81872769ap-16, 0x1.2b0f3f49a7435p-22, -0x1.3d3303b182a32p-27, -0x1.5c6f3a93758f2p-34, 0x1.60e5357e81b8fp-39, 0x1.e79b8fb8f77c4p-47, -0x1.e1c315f4be762p-52, -0x1.ca0286447f036p-60, 0x1.be8284c8126bbp-65,
};
// clang-format on
/* y0i: x in [0.75 + k/4, 1 + k/4), k = 0..28: f(x) = (x - zh[k] - zl[k]) G_k(s), s = 8 (x - (0.875
 * + k/4)) */
/* [0.75, 1], degree 14: max relative error 4.03e-17 (2^-54.5) */
/* [1, 1.25], degree 14: max relative error 2.42e-17 (2^-55.2) */
/* [1.25, 1.5], degree 14: max relative error 5.21e-17 (2^-54.1) */
/* [1.5, 1.75], degree 14: max relative error 3.53e-17 (2^-54.7) */
/* [1.75, 2], degree 14: max relative error 9.46e-18 (2^-56.6) */
/* [2, 2.25], degree 14: max relative error 3.93e-17 (2^-54.5) */
/* [2.25, 2.5], degree 14: max relative error 2.63e-17 (2^-55.1) */
/* [2.5, 2.75], degree 14: max relative error 8.23e-17 (2^-53.4) */
/* [2.75, 3], degree 14: max relative error 1.73e-17 (2^-55.7) */
/* [3, 3.25], degree 14: max relative error 5.97e-17 (2^-53.9) */
/* [3.25, 3.5], degree 14: max relative error 2.74e-17 (2^-55.0) */
/* [3.5, 3.75], degree 14: max relative error 3.13e-17 (2^-54.8) */
/* [3.75, 4], degree 14: max relative error 6.64e-17 (2^-53.7) */
/* [4, 4.25], degree 14: max relative error 1.12e-17 (2^-56.3) */
/* [4.25, 4.5], degree 14: max relative error 6.2e-17 (2^-53.8) */
/* [4.5, 4.75], degree 14: max relative error 1.34e-17 (2^-56.1) */
/* [4.75, 5], degree 14: max relative error 8.39e-18 (2^-56.7) */
/* [5, 5.25], degree 14: max relative error 9.9e-17 (2^-53.2) */
/* [5.25, 5.5], degree 14: max relative error 3.48e-17 (2^-54.7) */
/* [5.5, 5.75], degree 14: max relative error 3.28e-17 (2^-54.8) */
/* [5.75, 6], degree 14: max relative error 8.67e-17 (2^-53.4) */
/* [6, 6.25], degree 14: max relative error 5.28e-17 (2^-54.1) */
/* [6.25, 6.5], degree 14: max relative error 2.58e-17 (2^-55.1) */
/* [6.5, 6.75], degree 14: max relative error 6.93e-17 (2^-53.7) */
/* [6.75, 7], degree 14: max relative error 4.34e-17 (2^-54.4) */
/* [7, 7.25], degree 14: max relative error 5.47e-17 (2^-54.0) */
/* [7.25, 7.5], degree 14: max relative error 1.48e-17 (2^-55.9) */
/* [7.5, 7.75], degree 14: max relative error 8.1e-17 (2^-53.5) */
/* [7.75, 8], degree 14: max relative error 7.78e-17 (2^-53.5) */
/* worst 9.9e-17 (2^-53.2) */
// clang-format off
static __device__ const double y0i_z[58] = {
    0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56,
    0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56,
    0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56,
    0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56,
    0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56,
    0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56,
    0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54,
    0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54,
    0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54,
    0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54,
    0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54,
    0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54,
    0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54,
    0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54,
    0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54,
    0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54,
    0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54,
};
// clang-format on
// clang-format off
static __device__ const double y0i_c[435] = {
    0x1.c6fbc942ae2c5p-1, -0x1.004343a055818p-4, 0x1.de75072a2383ap-9, -0x1.f1eb3f0a99dafp-12, 0x1.e9907c92ba7b4p-15, -0x1.d3a980a09547cp-18, 0x1.cbd9459f07529p-21, -0x1.cd5c2d684da81p-24, 0x1.d59d25c21e224p-27, -0x1.e3aaa8e161fe2p-30, 0x1.f6f50ee00e0c4p-33, -0x1.071f9df479052p-35, 0x1.15b2d434cf93ep-38, -0x1.3bfbf5f8f1137p-41, 0x1.5153ab205497ap-44,
    0x1.8cd5ca2f8967bp-1, -0x1.abd13f1c31ba7p-5, 0x1.d6d91fdcbfafp-10, -0x1.931a03990d71ap-13, 0x1.55c501f2e23f3p-16, -0x1.fe21ee6faf66ap-20, 0x1.86fc432486476p-23, -0x1.32cdffbb865cap-26, 0x1.e7d1ad12d21b2p-30, -0x1.88005df164e39p-33, 0x1.3dddaf91c264ap-36, -0x1.038ab79cd2b64p-39, 0x1.aade68209c4dep-43, -0x1.6ff34f288c0d9p-46, 0x1.31d8606c959a7p-49,
    0x1.5a63ce9dc57c6p-1, -0x1.7f8770bfcc7dcp-5, 0x1.09cd5663ec3f7p-10, -0x1.5f087286f7dafp-14, 0x1.255e4c172828p-17, -0x1.6a20cc661b1fbp-21, 0x1.c3239353a6c16p-25, -0x1.231e83b3b56cfp-28, 0x1.7c608eb2d49a5p-32, -0x1.f5ab786c6495ap-36, 0x1.4da3214a5e045p-39, -0x1.bed841ac535a7p-43, 0x1.2d2a54552774bp-46, -0x1.a39057657706fp-50, 0x1.1daa19ffed5ecp-53,
    0x1.2c3e9bdd4a9ffp-1, -0x1.649c9b1f367b3p-5, 0x1.636f6d8cc7786p-11, -0x1.1ee8391a71466p-15, 0x1.1debc0d9c6f06p-18, -0x1.354e6b0aed879p-22, 0x1.3f1bfbdfa313ap-26, -0x1.5d83a733c596cp-30, 0x1.847f3495f753ap-34, -0x1.b2cfb33444deap-38, 0x1.ea796b847b61fp-42, -0x1.167ec6f41be19p-45, 0x1.3e2a818e57584p-49, -0x1.74a0df953eb54p-53, 0x1.add7a40e2efe3p-57,
    0x1.00f27807479eep-1, -0x1.50ce52a883a44p-5, 0x1.235520e94bc0bp-11, -0x1.365d348b7c2c4p-17, 0x1.2995295af734dp-19, -0x1.311d7f3522434p-23, 0x1.05f2d7d2d90b5p-27, -0x1.ef607aaca745ap-32, 0x1.e0e57c898e46ep-36, -0x1.d3f11aaae52b3p-40, 0x1.ca6399ca3159ap-44, -0x1.c40175122610dp-48, 0x1.c03ea8df1eca3p-52, -0x1.c559cd61fd45fp-56, 0x1.c5bd90c7d9bb7p-60,
    0x1.afecd8a98fcf5p-2, -0x1.3f021f875f545p-5, 0x1.1cff6c0de1fe5p-11, 0x1.ffd35e66ed738p-19, 0x1.356c250a08513p-20, -0x1.52c7d22bc824cp-24, 0x1.e4f172de1d769p-29, -0x1.8c5c67d18a05bp-33, 0x1.577b752692131p-37, -0x1.28371e6a387cdp-41, 0x1.007153dd8cc13p-45, -0x1.bf04afdcfb627p-50, 0x1.87bf25973dbf1p-54, -0x1.5ce795452de09p-58, 0x1.3475e7e577a1dp-62,
    0x1.627288fbe9cecp-2, -0x1.2c90ccc593ae3p-5, 0x1.3493f4fa0a3a5p-11, 0x1.5b922ccce8a15p-17, 0x1.1ed6cbe33637bp-21, -0x1.9dcffe2c630d4p-25, 0x1.f4be3f9a0c5aap-30, -0x1.5b2f5c7e202a2p-34, 0x1.11a64fed01cc2p-38, -0x1.a9b22d3aa2474p-43, 0x1.4a12cc8846449p-47, -0x1.01c43b41aa1d2p-51, 0x1.94d92f981c38p-56, -0x1.4249b6993d528p-60, 0x1.fe6bc1fdab1c7p-65,
    -0x1.6e20ae10e72f9p-2, -0x1.e8dfe66953394p-7, 0x1.f27065b0ccabcp-11, 0x1.5dba7d4792bbcp-17, -0x1.c788cb392ab3p-22, -0x1.a66ce7b924655p-27, 0x1.e289fe3427c52p-32, -0x1.441cf120e6d81p-37, 0x1.def348d1a1b78p-42, -0x1.6bdc89adba0c7p-46, 0x1.f7ac636016f6ep-51, -0x1.5f2135975ccb2p-55, 0x1.efa3dd790d075p-60, -0x1.623067bb68091p-64, 0x1.f8961289b9ff2p-69,
    -0x1.88b5d023e2bfep-2, -0x1.68a412e986d6p-7, 0x1.06b6555600d72p-10, 0x1.bb193bb1cac38p-18, -0x1.18cd2972e9dcep-21, -0x1.06b3fff73ba45p-27, 0x1.7ce748e2a8e0fp-32, -0x1.468faffb1bda1p-38, 0x1.9472102d3e16cp-43, -0x1.3dda3d9529faap-47, 0x1.947b07f301aa8p-52, -0x1.fe9f316a9b68cp-57, 0x1.4963b92165bap-61, -0x1.adfee64d37ee9p-66, 0x1.17e29ac676f11p-70,
    -0x1.9b199fc56de32p-2, -0x1.c6827f8630388p-8, 0x1.0daadcd48d761p-10, 0x1.22acd653684d9p-19, -0x1.374bc393cbb44p-21, -0x1.060a333ea4e93p-28, 0x1.462ba29f81a7dp-32, -0x1.84a9f2c943a23p-39, 0x1.383a93c3564b1p-44, -0x1.25e067c4e7737p-48, 0x1.625b1c5baaa7ap-53, -0x1.93dc2278f9644p-58, 0x1.def87e0b11107p-63, -0x1.2017c9b992a31p-67, 0x1.595c717f7982ap-72,
    -0x1.a514f3226e231p-2, -0x1.70be33a396b2p-9, 0x1.0d5d3059659dep-10, -0x1.5a362f08c887dp-19, -0x1.4297e4007cc1fp-21, -0x1.fb568e16aba35p-32, 0x1.21acbff30412cp-32, -0x1.29e27eafb371bp-39, 0x1.3ecae36367544p-46, -0x1.15319f1571246p-49, 0x1.516362090f5a3p-54, -0x1.58045393a5472p-59, 0x1.774043ab72d36p-64, -0x1.a389914310a33p-69, 0x1.d251be2e7076ap-74,
    -0x1.a6aa6518b1355p-2, 0x1.46d190419d2f5p-10, 0x1.0588723441fa6p-10, -0x1.ee2fdc2f44a4ep-18, -0x1.3ce52c8e3ca76p-21, 0x1.5b49d30d07af4p-29, 0x1.0216b52351481p-32, -0x1.209e325aaedddp-39, -0x1.c61927e18e34ep-48, -0x1.ef89b7c53405ep-51, 0x1.5c9b10e65ca7ap-55, -0x1.3ab091b95edc8p-60, 0x1.38c15789c6ccap-65, -0x1.47cd8e276b619p-70, 0x1.5422c57c7c1c3p-75,
    -0x1.a018850de4dfcp-2, 0x1.50398351e8747p-8, 0x1.ec9bc89d36f1cp-11, -0x1.90edaea4796d8p-17, -0x1.2814ed1f4935dp-21, 0x1.631429284880ap-28, 0x1.c277e082ddc03p-33, -0x1.3bcfecca36e92p-39, -0x1.23083783c6572p-46, -0x1.4ed50e44f9392p-52, 0x1.84d0dc2e64443p-56, -0x1.3713c6ce29013p-61, 0x1.1240b75c14f7ep-66, -0x1.0fbe1b8414f98p-71, 0x1.095e473175444p-76,
    -0x1.91d8d472047b6p-2, 0x1.1e00aa4491fd5p-7, 0x1.c052e23e81f14p-11, -0x1.0e7d21a1c10d1p-16, -0x1.06170fcfd80f2p-21, 0x1.fe863310f23b4p-28, 0x1.791dd49795d06p-33, -0x1.63933d0c80895p-39, -0x1.479b804371c2dp-46, 0x1.4f967e91bb08cp-55, 0x1.cc4f4f13a40c1p-57, -0x1.51b674d7a691cp-62, 0x1.f5ca17f9d4a47p-68, -0x1.d86a7971d6246p-73, 0x1.b750d2a6b8adep-78,
    -0x1.7c9bef307450ap-2, 0x1.8740a90f2d628p-7, 0x1.87cbf1470277ep-11, -0x1.4a96f3d2ff0dfp-16, -0x1.b224c064757eap-22, 0x1.3e67b871e2ebfp-27, 0x1.26fe2dc2aec63p-33, -0x1.8a4b68f1563f5p-39, -0x1.195589a0a063p-46, 0x1.0c5bd359823e5p-52, 0x1.173929caf6e04p-57, -0x1.9aa9cf9956fafp-63, 0x1.dde217ab2686bp-69, -0x1.a85c66869aecfp-74, 0x1.7f15d9270683bp-79,
    -0x1.61433d4c6dd05p-2, 0x1.e10dff15a7bccp-7, 0x1.4520c654b360bp-11, -0x1.7a4e302755dadp-16, -0x1.46dc0bc7f0ffdp-22, 0x1.6d68699616596p-27, 0x1.9a941075f5d66p-34, -0x1.a7d7399e04a9ap-39, -0x1.721e2bf72f2fbp-47, 0x1.942ea73d0f1dep-52, 0x1.4573707011804p-58, -0x1.19db81523d6bdp-63, 0x1.e0006b852d2b9p-70, -0x1.81b8b2c7265adp-75, 0x1.5d460ec9459cfp-80,
    -0x1.40d89539f921ep-2, 0x1.1496f591edceap-6, 0x1.f5a4eb07fa91ap-12, -0x1.9bcdd0d4e5d1cp-16, -0x1.9f249729cf40bp-23, 0x1.8b1325d82b19p-27, 0x1.ba5d0fdb8a19p-35, -0x1.b75b2281d8247p-39, -0x1.ddbfa1428f1f5p-49, 0x1.de61327840ab5p-52, 0x1.3a185402a5bcap-59, -0x1.ad61a3d60f854p-64, 0x1.091fd131935a3p-70, -0x1.568e9132e20fbp-76, 0x1.496c5885e15e9p-81,
    -0x1.1c8442077bd64p-2, 0x1.2f07cd136e7ecp-6, 0x1.5753e7e868895p-12, -0x1.adedb17fdd252p-16, -0x1.473ed39564cf5p-24, 0x1.96c7504aff2b4p-27, 0x1.c9528aec92887p-38, -0x1.b6305cccf693bp-39, 0x1.3eb71d8e0d275p-48, 0x1.f9f9fa115686ep-52, 0x1.81970443846d5p-62, -0x1.5dd90df185b8ep-64, 0x1.596beb539acp-71, -0x1.151b658104a88p-77, 0x1.3b595b9de1d58p-82,
    -0x1.eb03d52c85f2cp-3, 0x1.3f6d01523b04dp-6, 0x1.6a5bff8793d0cp-13, -0x1.b038be00a5992p-16, 0x1.665fd2655033bp-25, 0x1.9092059fc9466p-27, -0x1.3f4c52e9e86acp-35, -0x1.a3580b92e82e6p-39, 0x1.bab7e4805d949p-47, 0x1.efcc86863f241p-52, -0x1.57e51aac95d56p-60, -0x1.24ab7908a4e05p-64, 0x1.157a265501c7dp-71, -0x1.4c049afaebea1p-79, 0x1.2698da692fc91p-83,
    0x1.d411d47a8cff5p-3, 0x1.cac798851b9e3p-7, -0x1.13c784ee76be7p-11, -0x1.31d9d88b6f2bcp-16, 0x1.acd45e72cb0b9p-22, 0x1.1f03061b302acp-27, -0x1.2e566857c014fp-33, -0x1.2ad54afe68a3bp-39, 0x1.02d3684548c2ep-45, 0x1.70ff134f15d7p-52, -0x1.072019fac2371p-58, -0x1.7c386b42db45ep-65, 0x1.0fa90fd123a4bp-71, 0x1.2170b5b611dcap-80, 0x1.27ba6273ac4f4p-86,
    0x1.046957a983381p-2, 0x1.7f1b31b25e171p-7, -0x1.47c4cc74d45c5p-11, -0x1.ee0f33234b096p-17, 0x1.fd0f8bb34fdd4p-22, 0x1.c15131acbb59ap-28, -0x1.682f45df1a7d9p-33, -0x1.c84d152f83ca4p-40, 0x1.307cf7684e342p-45, 0x1.157bd9790f128p-52, -0x1.3f8d32fab12a8p-58, -0x1.135be696dd5b1p-65, 0x1.1fbf5a6ec03aap-71, 0x1.354c7067ad5bdp-80, -0x1.40b1dd5920506p-87,
    0x1.19aeaa9b20d5p-2, 0x1.27e33324da465p-7, -0x1.6fde3feeb54c8p-11, -0x1.66ed1c320a72ap-17, 0x1.1c225e1be4b9fp-21, 0x1.31f6386046f46p-28, -0x1.9171a7df44d68p-33, -0x1.27830a5941a1bp-40, 0x1.502cf357deb0ep-45, 0x1.566a2fd7b1608p-53, -0x1.65732e6d6057cp-58, -0x1.49a8aa3396cbcp-66, 0x1.2ca09ac66578ap-71, 0x1.65aa2d2182257p-81, -0x1.9aaad789ea698p-86,
    0x1.2938f3855e648p-2, 0x1.908f3b70fe0bcp-8, -0x1.8ab1d53c10691p-11, -0x1.a7c2fa8b3ea6p-18, 0x1.2e059ae8a8ddbp-21, 0x1.2d0dc60beac0fp-29, -0x1.a863df9f67699p-33, -0x1.eaf224701a499p-42, 0x1.6039c52222f5dp-45, 0x1.c0be4798eeabp-55, -0x1.78053fb80965fp-58, -0x1.981bb8abda8b5p-68, 0x1.3098b16b6fed9p-71, -0x1.02288b6cc80efp-83, -0x1.0d2590e66650ap-85,
    0x1.329d2b890b782p-2, 0x1.8edebca11b014p-9, -0x1.97699163ced14p-11, -0x1.d7c6523369c4bp-20, 0x1.3385efd113864p-21, -0x1.3db77db75f06ep-33, -0x1.ac262d474c563p-33, 0x1.afbc3d6827eafp-43, 0x1.5fd2bd7242addp-45, -0x1.ee1d7e37debc9p-55, -0x1.7705d8ada557p-58, 0x1.f111005c8ee87p-68, 0x1.28bf973e54bc1p-71, -0x1.185954d0ee236p-80, -0x1.24421b8186f65p-85,
    0x1.35a889b31a507p-2, -0x1.1d22b5faa243ap-14, -0x1.95c38c9db9d8bp-11, 0x1.7639d94dad9eap-19, 0x1.2c87280c74ac9p-21, -0x1.505efdb619eedp-29, -0x1.9cbe266332af1p-33, 0x1.c4b1a7dc08576p-41, 0x1.4f029ba0b2d5bp-45, -0x1.609de497d82dap-53, -0x1.62f7e5f36b065p-58, 0x1.53dd310761cdep-66, 0x1.1404987e98631p-71, -0x1.0b8cf8b78e53p-79, -0x1.1dc85379051aap-85,
    0x1.32618a2ae8026p-2, -0x1.97f8aa6ffadc8p-9, -0x1.861344f59fa21p-11, 0x1.df1729ca60b21p-18, 0x1.197c3cf30ce1fp-21, -0x1.3d33712921cbp-28, -0x1.7b16262b1af93p-33, 0x1.82623cfe0a21bp-40, 0x1.2ea9bc10fab11p-45, -0x1.19c54e8488ccfp-52, -0x1.3d3112c4061ecp-58, 0x1.0b90b526a4d01p-65, 0x1.e55691c0acffap-72, -0x1.82ea7b4efcf83p-79, -0x1.00934233eb238p-85,
    0x1.2906a205087c5p-2, -0x1.8855f358a2a52p-8, -0x1.693c4175cbe92p-11, 0x1.7531e020fc7dap-17, 0x1.f6c0fff161b27p-22, -0x1.c26faa50c962cp-28, -0x1.48f119f7df69cp-33, 0x1.0758a578aceadp-39, 0x1.006f18584c2acp-45, -0x1.74ed8218ab2bbp-52, -0x1.07d5da3e82b3ep-58, 0x1.5e83655c9340bp-65, 0x1.8bf6b6bf06bdfp-72, -0x1.e9791aab6f4f7p-79, -0x1.a36bd3714b4a5p-86,
    0x1.1a0ab512a0a2fp-2, -0x1.19a166114cfb5p-7, -0x1.40a65785c73cbp-11, 0x1.e951c7a0d52a3p-17, 0x1.a754e64d60c8ap-22, -0x1.191442d137228p-27, -0x1.08d37bb2a5031p-33, 0x1.4071eb2312ca8p-39, 0x1.8d50810749a26p-46, -0x1.bd577ba44add8p-52, -0x1.8b8970796ee0cp-59, 0x1.9ee3e8a1e5fcep-65, 0x1.200bd1b7b4f96p-72, -0x1.1c3d4da3e7da1p-78, -0x1.2b40a0e99362cp-86,
    0x1.060f7c634c6fap-2, -0x1.63aade328b77ep-7, -0x1.0e2c2fab50215p-11, 0x1.23c8fc48f9d39p-16, 0x1.4871f7d98c913p-22, -0x1.43d9b18ded7d6p-27, -0x1.7bc5931ab4b27p-34, 0x1.69f3cc9305bd5p-39, 0x1.08726809c6017p-46, -0x1.ef917d2d7d6b8p-52, -0x1.e9d1535fe6f1p-60, 0x1.c9b3a9e95efbap-65, 0x1.4dca24dbc2f58p-73, -0x1.358b5ce8794c4p-78, -0x1.426efc5679b08p-87,
};
// clang-format on
/* y1i: x in [0.75 + k/4, 1 + k/4), k = 0..28: f(x) = (x - zh[k] - zl[k]) G_k(s), s = 8 (x - (0.875
 * + k/4)) */
/* [0.75, 1], degree 14: max relative error 5.04e-17 (2^-54.1) */
/* [1, 1.25], degree 14: max relative error 6.23e-17 (2^-53.8) */
/* [1.25, 1.5], degree 14: max relative error 4.86e-17 (2^-54.2) */
/* [1.5, 1.75], degree 14: max relative error 8.46e-17 (2^-53.4) */
/* [1.75, 2], degree 14: max relative error 3.24e-17 (2^-54.8) */
/* [2, 2.25], degree 14: max relative error 9.46e-18 (2^-56.6) */
/* [2.25, 2.5], degree 14: max relative error 1.57e-17 (2^-55.8) */
/* [2.5, 2.75], degree 14: max relative error 1.85e-17 (2^-55.6) */
/* [2.75, 3], degree 14: max relative error 4.92e-17 (2^-54.2) */
/* [3, 3.25], degree 14: max relative error 8.04e-18 (2^-56.8) */
/* [3.25, 3.5], degree 14: max relative error 1.76e-17 (2^-55.7) */
/* [3.5, 3.75], degree 14: max relative error 8.03e-17 (2^-53.5) */
/* [3.75, 4], degree 14: max relative error 1.03e-16 (2^-53.1) */
/* [4, 4.25], degree 14: max relative error 4.87e-17 (2^-54.2) */
/* [4.25, 4.5], degree 14: max relative error 1.14e-17 (2^-56.3) */
/* [4.5, 4.75], degree 14: max relative error 6.63e-17 (2^-53.7) */
/* [4.75, 5], degree 14: max relative error 4.81e-17 (2^-54.2) */
/* [5, 5.25], degree 14: max relative error 6.02e-17 (2^-53.9) */
/* [5.25, 5.5], degree 14: max relative error 7.91e-17 (2^-53.5) */
/* [5.5, 5.75], degree 14: max relative error 3.75e-17 (2^-54.6) */
/* [5.75, 6], degree 14: max relative error 5.81e-17 (2^-53.9) */
/* [6, 6.25], degree 14: max relative error 9.29e-17 (2^-53.3) */
/* [6.25, 6.5], degree 14: max relative error 2.24e-17 (2^-55.3) */
/* [6.5, 6.75], degree 14: max relative error 5.43e-18 (2^-57.4) */
/* [6.75, 7], degree 14: max relative error 6.56e-17 (2^-53.8) */
/* [7, 7.25], degree 14: max relative error 2.95e-17 (2^-54.9) */
/* [7.25, 7.5], degree 14: max relative error 2.89e-17 (2^-54.9) */
/* [7.5, 7.75], degree 14: max relative error 2.39e-17 (2^-55.2) */
/* [7.75, 8], degree 14: max relative error 1.24e-17 (2^-56.2) */
/* worst 1.03e-16 (2^-53.1) */
// clang-format off
static __device__ const double y1i_z[58] = {
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52,
    0x1.13127ae6169b4p+3, 0x1.479cc068d9046p-52,
    0x1.13127ae6169b4p+3, 0x1.479cc068d9046p-52,
    0x1.13127ae6169b4p+3, 0x1.479cc068d9046p-52,
    0x1.13127ae6169b4p+3, 0x1.479cc068d9046p-52,
};
// clang-format on
// clang-format off
static __device__ const double y1i_c[435] = {
    0x1.5bba171676338p-1, -0x1.00035852c50b2p-5, 0x1.67ae0002930f8p-8, -0x1.eeea359cab912p-11, 0x1.1be6c07e49d09p-13, -0x1.45896da4ec3efp-16, 0x1.75c90efe80b41p-19, -0x1.ac6204f6f18cbp-22, 0x1.ea77087167d1ep-25, -0x1.18a0b5093e76fp-27, 0x1.4101a3ae047aep-30, -0x1.6e2dee7462266p-33, 0x1.a2b44ffc0cd04p-36, -0x1.0333e4f31e102p-38, 0x1.28529816b0ac3p-41,
    0x1.43f5f46ad46d3p-1, -0x1.1dd725d9fd4aap-6, 0x1.05a08dc22e152p-9, -0x1.6863ed2a823fdp-12, 0x1.4326892ee287ep-15, -0x1.1db64be60e454p-18, 0x1.ff9c4f8512befp-22, -0x1.c8dd3dfb6152ep-25, 0x1.973c3f49809cep-28, -0x1.6ab2b2d5427b6p-31, 0x1.42db5136057abp-34, -0x1.1f0799d02656ep-37, 0x1.feb092f10b3c4p-41, -0x1.dc4e5569aa347p-44, 0x1.a7980a915e1aep-47,
    0x1.3508d300cb87ep-1, -0x1.9d974b847e41p-7, 0x1.3d08000b1ad3ep-11, -0x1.3d902c2d797fp-13, 0x1.e183d4a59f074p-17, -0x1.537676ffe6211p-20, 0x1.f220795927501p-24, -0x1.6d075ff682235p-27, 0x1.0a849a77d4776p-30, -0x1.84b972b816b27p-34, 0x1.1b48356160c3cp-37, -0x1.9c8292b1237d8p-41, 0x1.2c5bc733caaa3p-44, -0x1.c34a8585f9edcp-48, 0x1.48732f931efffp-51,
    0x1.28d3f56cafa4p-1, -0x1.7d8b155f23666p-7, -0x1.432ddce4a3c8fp-15, -0x1.332fff72cebcfp-14, 0x1.b455b39f0048bp-18, -0x1.ee8eac27f95ebp-22, 0x1.31c823600197ap-25, -0x1.7d57ec04ef349p-29, 0x1.d7e041fac20b2p-33, -0x1.236657772313cp-36, 0x1.679d350c3cd02p-40, -0x1.bb6af120b9d04p-44, 0x1.114d82047f075p-47, -0x1.5872717a45f68p-51, 0x1.a85a73994431cp-55,
    0x1.1c9294230921cp-1, -0x1.99979515c32bp-7, -0x1.70d9d4ba0fd11p-12, -0x1.273b12be83aa9p-15, 0x1.ce03c49cc2253p-19, -0x1.a45bab4ff17a9p-23, 0x1.b92b86dc4d1a5p-27, -0x1.e1e7e0d0b3b93p-31, 0x1.0311468b5806cp-34, -0x1.1572b0ef831bp-38, 0x1.28f297066712fp-42, -0x1.3d8a72b12b8e4p-46, 0x1.53657fd656161p-50, -0x1.70c32e22ddf9ap-54, 0x1.89d97491e492bp-58,
    0x1.0eef015008fbap-1, -0x1.d25f16680ce68p-7, -0x1.02ade427d52fap-11, -0x1.d035e41e0a6d7p-17, 0x1.14dc71a0b3e76p-19, -0x1.98b13af9c9683p-24, 0x1.651c439056361p-28, -0x1.5e692ae82a518p-32, 0x1.4e676016f816dp-36, -0x1.3bfb10c47b5dep-40, 0x1.2a91d1fb95ec7p-44, -0x1.19e90e10757b7p-48, 0x1.09fecaabae61ap-52, -0x1.fc4ea7b1f0346p-57, 0x1.df2b9ebee56f3p-61,
    0x1.fe9da07da6154p-2, -0x1.0b45017d4dc51p-6, -0x1.17ad63be39d81p-11, -0x1.ea5e2f196457dp-22, 0x1.6abc1da968e15p-20, -0x1.c632d37d720ddp-25, 0x1.3a1fe6b91e706p-29, -0x1.1ac220ca5d83ap-33, 0x1.e9cf5783d6ee6p-38, -0x1.9dbb7607fac01p-42, 0x1.5dcc42b9d69bbp-46, -0x1.27be38ec441d3p-50, 0x1.f39e9adf10e5p-55, -0x1.aa2f5670c0aeap-59, 0x1.67966a1c67afp-63,
    0x1.db09f28d17cd1p-2, -0x1.2dac6a2056da7p-6, -0x1.0a1498cd19fabp-11, 0x1.1ea85b063d946p-17, 0x1.f36639f135612p-21, -0x1.21d66addee69bp-25, 0x1.2655d15805dccp-30, -0x1.eabfdc05877dcp-35, 0x1.8d229a36ec062p-39, -0x1.2f18d5769b5e6p-43, 0x1.cf0c566df83e7p-48, -0x1.62838b0cfd14fp-52, 0x1.0f1c50402b198p-56, -0x1.a1dbcb8cb8c2fp-61, 0x1.3f194f322a601p-65,
    0x1.b355c91df8009p-2, -0x1.4cceb4cc0d5f4p-6, -0x1.c9994cc29dfa6p-12, 0x1.efeb3bb79ab2fp-17, 0x1.59cd54574d311p-21, -0x1.a59fe9fb9ac88p-26, 0x1.250f8557a793dp-31, -0x1.bad511a79a00cp-36, 0x1.5dc305dc40193p-40, -0x1.e7e19651b0376p-45, 0x1.52a7a7f33a13bp-49, -0x1.d9d73e5a36c1ap-54, 0x1.4b27e8702ccc3p-58, -0x1.d1912de23c2c2p-63, 0x1.44bbda87d1653p-67,
    0x1.8813d8e9e5d7p-2, -0x1.6631ce80a7f5ep-6, -0x1.5e584291b2874p-12, 0x1.3f2aefa5f54d9p-16, 0x1.c827497ae37dep-22, -0x1.5415c4531fe14p-26, 0x1.3ee77be83240cp-32, -0x1.8cee675d79cb6p-37, 0x1.48ab5bb6f9842p-41, -0x1.aa539372ed372p-46, 0x1.0d3cc0b5e1d2ap-50, -0x1.5a96c8494c04fp-55, 0x1.be5a2c40ba333p-60, -0x1.207d221687c2bp-64, 0x1.72601a5c68196p-69,
    0x1.5a18cb023d5b6p-2, -0x1.78273a69c4c76p-6, -0x1.bb1ee10a91911p-13, 0x1.6b972e32f7184p-16, 0x1.0381886b06744p-22, -0x1.24c8cb202c9e6p-26, 0x1.952a5e4e672fcp-33, -0x1.44e60b0e7f413p-38, 0x1.424ce5ee30267p-42, -0x1.91df58550274dp-47, 0x1.cc09f707a8695p-52, -0x1.116b862948fecp-56, 0x1.46e5d9d088e91p-61, -0x1.8734f01d0549ap-66, 0x1.d12ce87336f02p-71,
    0x1.2a64a6d44db99p-2, -0x1.81a28f94fcb7fp-6, -0x1.42121dd1ca8aep-14, 0x1.810d01e688252p-16, 0x1.5d3206b322289p-24, -0x1.0398f7ad9e9ffp-26, 0x1.3f9275889fdb3p-33, -0x1.754f4c3a54903p-40, 0x1.3e6ba67a5b23ep-43, -0x1.9772512b7027fp-48, 0x1.a39c6f8623a1bp-53, -0x1.cba8c1ff8a91p-58, 0x1.0100ce9ae4c8ap-62, -0x1.1e8be0422668ep-67, 0x1.3d4481b6966bcp-72,
    -0x1.0de02c40bc754p-2, -0x1.f849963c39857p-7, 0x1.35d38f6b4ccc9p-11, 0x1.291ef68b571c6p-16, -0x1.83585c8dc7f48p-22, -0x1.4960b656cee17p-27, 0x1.5c0c1f86ae21fp-33, 0x1.5b39a7c4f343dp-40, 0x1.e7f6831281ccap-48, -0x1.9756d48f3e629p-50, 0x1.5e3ab172e963cp-55, -0x1.41542e1e20278p-60, 0x1.574a6fba9ba03p-65, -0x1.6a11ad71dcdbp-70, 0x1.76e858599d4cbp-75,
    -0x1.2ad591e47edeap-2, -0x1.a444fb209da38p-7, 0x1.689d9c35087a3p-11, 0x1.e56990aec8da9p-17, -0x1.dfb4a32397c48p-22, -0x1.048ae8ac986f4p-27, 0x1.81da9ae4c4bebp-33, 0x1.494f6174cbe9bp-40, -0x1.d537d153fb849p-47, -0x1.e4bb0effb20ebp-51, 0x1.8acc0cf264f26p-56, -0x1.266b1b9c6ce04p-61, 0x1.2a3ed6fbd2eeep-66, -0x1.2ce5d78d3cffap-71, 0x1.24893a20dbcffp-76,
    -0x1.422c3efef5f46p-2, -0x1.44ea11cfd7c8fp-7, 0x1.9034b97d42a87p-11, 0x1.644587966dac9p-17, -0x1.12be7b5b1107bp-21, -0x1.72249fdb74936p-28, 0x1.a190da3d53185p-33, 0x1.e36ea0b0d53f2p-41, -0x1.bfcd2fe8aeb34p-46, -0x1.2001b680cd321p-51, 0x1.f82fe3187d8ap-57, -0x1.1a3abe0df6887p-62, 0x1.0a2a8beeddc5bp-67, -0x1.0752add88ab6dp-72, 0x1.e351e71d01b17p-78,
    -0x1.5346628c0c6bap-2, -0x1.ba7980c5dd3bcp-8, 0x1.aaf721aebced7p-11, 0x1.a9688ecff819p-18, -0x1.296e80e44eb21p-21, -0x1.a2da343235dd1p-29, 0x1.b53ca9aa3e488p-33, 0x1.c3967b0d0d124p-42, -0x1.1d281898b284dp-45, -0x1.35b2acfe967a3p-52, 0x1.6b942229b02f2p-57, -0x1.221606b51394p-63, 0x1.daf199e11f814p-69, -0x1.e117b35d1c41dp-74, 0x1.a5048c60ff829p-79,
    -0x1.5db94d977609fp-2, -0x1.c25d2e98d32b3p-9, 0x1.b7d527386fe73p-11, 0x1.e7c4cd6f92956p-20, -0x1.3358f53ab1086p-21, -0x1.613ac0b059c3bp-31, 0x1.b975c5dc7af83p-33, -0x1.308dacf589529p-43, -0x1.39ffd990bcfc9p-45, -0x1.b182ad6681a2ap-54, 0x1.1f79e7319926fp-57, -0x1.533653042b6b4p-64, 0x1.934d2dd374c63p-70, -0x1.c480d335d6a1ap-75, 0x1.821f2c63c14p-80,
    -0x1.6151afb0ab7b9p-2, -0x1.42702b7df3588p-14, 0x1.b657ebed43bcap-11, -0x1.71f7b3514c138p-19, -0x1.305f2a622bbd9p-21, 0x1.de1fc70999cebp-30, 0x1.aca0756e883e9p-33, -0x1.89be7b33ee951p-41, -0x1.3d6188fa29835p-45, 0x1.b9fe9c13eeeaap-55, 0x1.ddbd32f1236fp-58, -0x1.e4c4c321babbdp-65, 0x1.222fcc4794e18p-71, -0x1.aae045a97b53dp-76, 0x1.7505aeb084b14p-81,
    -0x1.5e1571ea843bp-2, 0x1.a593aeea5056ap-9, 0x1.a6a2c50368f17p-11, -0x1.e29fbacd7e188p-18, -0x1.20e17f0da7ca7p-21, 0x1.13276c0509989p-28, 0x1.8e88562740f0dp-33, -0x1.5ff1b124db63dp-40, -0x1.2bb29544bc9f9p-45, 0x1.807ec2a103f3bp-53, 0x1.90ad40b29c1afp-58, -0x1.aaca0a20723abp-65, 0x1.95ad3fa2f2193p-74, -0x1.7cefeb9ad75e4p-77, 0x1.7bf281075627dp-82,
    -0x1.54432b080e173p-2, 0x1.9f586bf2b973bp-8, 0x1.896eb50b99254p-11, -0x1.7b6e4754a0f5p-17, -0x1.05c10e6aac92bp-21, 0x1.a06344598103cp-28, 0x1.6020ff17b0e35p-33, -0x1.eda23a94c0f34p-40, -0x1.0864adf18ff8bp-45, 0x1.320efbd32df96p-52, 0x1.479e55d8c1071p-58, -0x1.ad7b52621705bp-65, -0x1.84561dc76d79p-74, -0x1.0d2b289749d2cp-78, 0x1.96d51ff538f9fp-83,
    -0x1.444f3ef5c4495p-2, 0x1.2d17091d4f74dp-7, 0x1.5fffe5c1c8682p-11, -0x1.f559a99ddfab7p-17, -0x1.c0b1571940965p-22, 0x1.0cb95ec9f103p-27, 0x1.2354f12e01814p-33, -0x1.32f82f4fc152ap-39, -0x1.ad67b57786bap-46, 0x1.8cb52c28729b4p-52, 0x1.f7a62d14b5571p-59, -0x1.c5fcdf4aeeb4dp-65, -0x1.248a4ee1b9606p-73, -0x1.2fc2b74f15cd8p-87, 0x1.c397ce2c004b2p-84,
    -0x1.2eded38c02405p-2, 0x1.7ecc3d53bd2e7p-7, 0x1.2c15747bac8a1p-11, -0x1.2d2dc22b12c8fp-16, -0x1.64dd3e12dd0f8p-22, 0x1.3cb61b227954fp-27, 0x1.b5afe8eba6f4dp-34, -0x1.613f2c9602d49p-39, -0x1.33ecae9850647p-46, 0x1.cef8af72bb761p-52, 0x1.5711b46a54f44p-59, -0x1.df3cab1d35aaap-65, -0x1.c3f1e522302cdp-74, 0x1.2a358f302261ap-79, 0x1.f53e0689fa693p-85,
    -0x1.14c0db301c2e9p-2, 0x1.c26fa6b9dc861p-7, 0x1.dfa875f4c6a97p-12, -0x1.535ba0a28b203p-16, -0x1.f881ff5689055p-23, 0x1.5e43f74c3c01cp-27, 0x1.13f0918d7937dp-34, -0x1.7f52b5f19481bp-39, -0x1.56c9ba7838195p-47, 0x1.f78b887fa072bp-52, 0x1.5ee580de38f49p-60, -0x1.ed88f467a6c8p-65, -0x1.10b2cb31a4d1p-75, 0x1.cbd67356a947ep-79, 0x1.febd324ece472p-86,
    -0x1.edcb13c0d20e5p-3, 0x1.f6386e037fe9dp-7, 0x1.5b5b0a2b0affbp-12, -0x1.6be7ec5c30d41p-16, -0x1.172a1ce60dcacp-23, 0x1.702865762f45dp-27, 0x1.a36acf93f3af6p-36, -0x1.8bc63313d1dd9p-39, -0x1.b294474653248p-50, 0x1.02d81dc1d0a79p-51, 0x1.7035b7b2bc23p-65, -0x1.ea94e6ff4eeebp-65, 0x1.1034b0f77c47ap-74, 0x1.0a8a8b4047034p-78, 0x1.635fd7ace24dfp-87,
    -0x1.aca932e42575ep-3, 0x1.0c8059325a7bep-6, 0x1.a10b677a47bacp-13, -0x1.762025d7c50d3p-16, -0x1.7d7a28b883814p-26, 0x1.71e1186a44613p-27, -0x1.0edc784a5099ep-36, -0x1.861a3a462985p-39, 0x1.d55cba2689e14p-48, 0x1.f9929ea63f4abp-52, -0x1.3f066d9c560dep-60, -0x1.d382e395aaa6ap-65, 0x1.64c6e878cd3efp-73, 0x1.0ff451f5d7dddp-78, -0x1.0e67fdfdbbff4p-88,
    0x1.9f35a8fcd6505p-3, 0x1.9f868a9a79a33p-7, -0x1.c863c1cb9b261p-12, -0x1.1f5f2172cb543p-16, 0x1.597320ea02baap-22, 0x1.1cec17c9b7aa3p-27, -0x1.f3da7d0cad9c2p-34, -0x1.2c89440b650a1p-39, 0x1.aa3eb635cfe3p-46, 0x1.881e81df38405p-52, -0x1.d50dd05075813p-59, -0x1.66940e8cd4817p-65, 0x1.7c9efb0b7ff57p-72, 0x1.bcd7683e0e6e8p-79, -0x1.81bdbf4c67657p-86,
    0x1.cf50b084dba8ap-3, 0x1.6019942058e05p-7, -0x1.15b22d06eb201p-11, -0x1.dde65a8eb1e8p-17, 0x1.aa8dc02713e3bp-22, 0x1.d091a9dfc6a77p-28, -0x1.355d111c13c9p-33, -0x1.e1a37f6e4cc46p-40, 0x1.06aee35359424p-45, 0x1.35dffdb6c8354p-52, -0x1.21904d53860aep-58, -0x1.17518c95f2918p-65, 0x1.cd7fabdfa119cp-72, 0x1.5affe3a0dfb4bp-79, -0x1.f6bd3fd1bc2a6p-86,
    0x1.f6c4ce7173676p-3, 0x1.158247150167dp-7, -0x1.3d3c334a85e87p-11, -0x1.6af931923a55p-17, 0x1.e999d8ed850abp-22, 0x1.539cf81b53116p-28, -0x1.627e2548f05c3p-33, -0x1.54812ecce9d87p-40, 0x1.2b92bfcc7edccp-45, 0x1.a95febc8f78fep-53, -0x1.49c9a869e9f1dp-58, -0x1.75d0d110b1a7bp-66, 0x1.04153d3c7956ap-71, 0x1.c71922628794ep-80, -0x1.23b1406c57f07p-85,
    0x1.0a2b57335a0b9p-2, 0x1.84df853b55361p-8, -0x1.5956fd130d56ap-11, -0x1.d5a70be6c0124p-18, 0x1.09fa7fcd43e9cp-21, 0x1.917c14f571bc3p-29, -0x1.7f4e141b929d6p-33, -0x1.70f30fcdb36d3p-41, 0x1.4208301a3294fp-45, 0x1.a5ff70b3ac3cp-54, -0x1.61516eed7e60cp-58, -0x1.577cb9950c9a6p-67, 0x1.1485085e773c5p-71, 0x1.79b13a9067381p-81, -0x1.39e07aa8d0e0dp-85,
};
// clang-format on
/* [0, 1], degree 12: max relative error 8.43e-18 (2^-56.7) */
static __device__ __forceinline__ double p0u(double s) {
  double p = 0x1.22b44c20d0316p-33;
  p = __builtin_fma(p, s, -0x1.13ad48ecc8f38p-30);
  p = __builtin_fma(p, s, 0x1.ed51b593c205cp-29);
  p = __builtin_fma(p, s, -0x1.1d9db2333be9ep-27);
  p = __builtin_fma(p, s, 0x1.fe16d5457b051p-27);
  p = __builtin_fma(p, s, -0x1.9f8175e09f1ep-26);
  p = __builtin_fma(p, s, 0x1.74be8a2fde7p-25);
  p = __builtin_fma(p, s, -0x1.b75a457f865c8p-24);
  p = __builtin_fma(p, s, 0x1.84b6e1ac85bdep-22);
  p = __builtin_fma(p, s, -0x1.251ed77e459fdp-19);
  p = __builtin_fma(p, s, 0x1.cb5fffe8ced26p-16);
  p = __builtin_fma(p, s, -0x1.1ffffffffe5fbp-10);
  p = __builtin_fma(p, s, 0x1p+0);
  return p;
}
/* [0, 1], degree 12: max relative error 3.33e-16 (2^-51.4) */
static __device__ __forceinline__ double q0u(double s) {
  double p = -0x1.28620b17b9cccp-30;
  p = __builtin_fma(p, s, 0x1.15e8ffa1561d5p-27);
  p = __builtin_fma(p, s, -0x1.e8aae3a2cdcbep-26);
  p = __builtin_fma(p, s, 0x1.12e9806e38a74p-24);
  p = __builtin_fma(p, s, -0x1.d39db8567c07ap-24);
  p = __builtin_fma(p, s, 0x1.5ef5a80c8308ap-23);
  p = __builtin_fma(p, s, -0x1.155e2692aee0ep-22);
  p = __builtin_fma(p, s, 0x1.12de5741fb7adp-21);
  p = __builtin_fma(p, s, -0x1.8608d6e0123ddp-20);
  p = __builtin_fma(p, s, 0x1.ba4c1087d2f4fp-18);
  p = __builtin_fma(p, s, -0x1.d11dff99bdda2p-15);
  p = __builtin_fma(p, s, 0x1.2bfffffff1ae2p-10);
  p = __builtin_fma(p, s, -0x1.ffffffffffffdp-4);
  return p;
}
/* [0, 1], degree 12: max relative error 8.91e-18 (2^-56.6) */
static __device__ __forceinline__ double p1u(double s) {
  double p = -0x1.34b5237c76148p-33;
  p = __builtin_fma(p, s, 0x1.24f56427a91cbp-30);
  p = __builtin_fma(p, s, -0x1.066be6e626b36p-28);
  p = __builtin_fma(p, s, 0x1.3074e873ea25dp-27);
  p = __builtin_fma(p, s, -0x1.10cee152b48afp-26);
  p = __builtin_fma(p, s, 0x1.bf32407aeedep-26);
  p = __builtin_fma(p, s, -0x1.955f98cefc9bcp-25);
  p = __builtin_fma(p, s, 0x1.e5a2972c2dbc8p-24);
  p = __builtin_fma(p, s, -0x1.b88b7980b86cfp-22);
  p = __builtin_fma(p, s, 0x1.5a6a468cdbcffp-19);
  p = __builtin_fma(p, s, -0x1.274ffff3bd687p-15);
  p = __builtin_fma(p, s, 0x1.dffffffffe47ep-10);
  p = __builtin_fma(p, s, 0x1p+0);
  return p;
}
/* [0, 1], degree 12: max relative error 1.48e-16 (2^-52.6) */
static __device__ __forceinline__ double q1u(double s) {
  double p = 0x1.3a095187deeccp-30;
  p = __builtin_fma(p, s, -0x1.26a542d5e8ca1p-27);
  p = __builtin_fma(p, s, 0x1.034cc26d10254p-25);
  p = __builtin_fma(p, s, -0x1.243a04356ccf4p-24);
  p = __builtin_fma(p, s, 0x1.f27d88f5bf3fdp-24);
  p = __builtin_fma(p, s, -0x1.780a19ab1a6c9p-23);
  p = __builtin_fma(p, s, 0x1.2bc344983abe6p-22);
  p = __builtin_fma(p, s, -0x1.2d143b67f9bf6p-21);
  p = __builtin_fma(p, s, 0x1.b3eca103fbbp-20);
  p = __builtin_fma(p, s, -0x1.fe57cb8339423p-18);
  p = __builtin_fma(p, s, 0x1.1c3cffca0c5fdp-14);
  p = __builtin_fma(p, s, -0x1.a3fffffff0e37p-10);
  p = __builtin_fma(p, s, 0x1.7ffffffffffffp-2);
  return p;
}
/* [0, 64], degree 20: max relative error 3.02e-17 (2^-54.9) */
static __device__ __forceinline__ double i0v(double s) {
  double p = 0x1.50034538883p-162;
  p = __builtin_fma(p, s, 0x1.45034715e8d36p-152);
  p = __builtin_fma(p, s, 0x1.00a887bfab721p-141);
  p = __builtin_fma(p, s, 0x1.4032f4aa4ebe5p-131);
  p = __builtin_fma(p, s, 0x1.6a02950981bb3p-121);
  p = __builtin_fma(p, s, 0x1.69f713cc6a86cp-111);
  p = __builtin_fma(p, s, 0x1.3e22e226f3e04p-101);
  p = __builtin_fma(p, s, 0x1.e72558570f623p-92);
  p = __builtin_fma(p, s, 0x1.4197a7fd96ed3p-82);
  p = __builtin_fma(p, s, 0x1.69ca9cf34239p-73);
  p = __builtin_fma(p, s, 0x1.5601885e68e4fp-64);
  p = __builtin_fma(p, s, 0x1.0b313289bde14p-55);
  p = __builtin_fma(p, s, 0x1.522a43f65488cp-47);
  p = __builtin_fma(p, s, 0x1.522a43f654868p-39);
  p = __builtin_fma(p, s, 0x1.02e85c0898b71p-31);
  p = __builtin_fma(p, s, 0x1.23456789abcdfp-24);
  p = __builtin_fma(p, s, 0x1.c71c71c71c71cp-18);
  p = __builtin_fma(p, s, 0x1.c71c71c71c71cp-12);
  p = __builtin_fma(p, s, 0x1p-6);
  p = __builtin_fma(p, s, 0x1p-2);
  p = __builtin_fma(p, s, 0x1p+0);
  return p;
}
/* [0, 64], degree 20: max relative error 3.05e-17 (2^-54.9) */
static __device__ __forceinline__ double i1v(double s) {
  double p = 0x1.f75ef793f926dp-168;
  p = __builtin_fma(p, s, 0x1.06c6cb001d468p-157);
  p = __builtin_fma(p, s, 0x1.af7259e3f7fb9p-147);
  p = __builtin_fma(p, s, 0x1.1cb233316953bp-136);
  p = __builtin_fma(p, s, 0x1.54b4bcd4c4ca1p-126);
  p = __builtin_fma(p, s, 0x1.69f74bf6bf9aap-116);
  p = __builtin_fma(p, s, 0x1.535864d18d85bp-106);
  p = __builtin_fma(p, s, 0x1.165e7bd43a82ep-96);
  p = __builtin_fma(p, s, 0x1.8bce5896336dfp-87);
  p = __builtin_fma(p, s, 0x1.e2637bef4b8bbp-78);
  p = __builtin_fma(p, s, 0x1.f17697cf20861p-69);
  p = __builtin_fma(p, s, 0x1.ab81ea75fcc0fp-60);
  p = __builtin_fma(p, s, 0x1.2c9758daf5cdcp-51);
  p = __builtin_fma(p, s, 0x1.522a43f654869p-43);
  p = __builtin_fma(p, s, 0x1.27e4fb7789f5cp-35);
  p = __builtin_fma(p, s, 0x1.845c8a0ce5129p-28);
  p = __builtin_fma(p, s, 0x1.6c16c16c16c17p-21);
  p = __builtin_fma(p, s, 0x1.c71c71c71c71cp-15);
  p = __builtin_fma(p, s, 0x1.5555555555555p-9);
  p = __builtin_fma(p, s, 0x1p-4);
  p = __builtin_fma(p, s, 0x1p-1);
  return p;
}
/* [0, 0.5], degree 13: max relative error 5.59e-17 (2^-54.0) */
static __device__ __forceinline__ double i0a(double s) {
  double p = 0x1.398aba68fffb5p-46;
  p = __builtin_fma(p, s, 0x1.bd726bb0efec6p-45);
  p = __builtin_fma(p, s, 0x1.792c8eecf302bp-44);
  p = __builtin_fma(p, s, 0x1.5f746b80d4475p-42);
  p = __builtin_fma(p, s, 0x1.b4d4c85df6463p-40);
  p = __builtin_fma(p, s, 0x1.2a28914311955p-37);
  p = __builtin_fma(p, s, 0x1.ea5151041908dp-35);
  p = __builtin_fma(p, s, 0x1.ef6655a73b6a6p-32);
  p = __builtin_fma(p, s, 0x1.3a08ca6fa729fp-28);
  p = __builtin_fma(p, s, 0x1.02d40ea3380a6p-24);
  p = __builtin_fma(p, s, 0x1.25cd11bbcfcacp-20);
  p = __builtin_fma(p, s, 0x1.fd45ca44d280ep-16);
  p = __builtin_fma(p, s, 0x1.a7a0f52d8b30bp-10);
  p = __builtin_fma(p, s, 0x1.9a2444cad63c4p-2);
  return p;
}
/* [0, 0.5], degree 13: max relative error 4.34e-17 (2^-54.4) */
static __device__ __forceinline__ double i1a(double s) {
  double p = -0x1.4bd95d685f4bep-46;
  p = __builtin_fma(p, s, -0x1.d7f82e392b46ap-45);
  p = __builtin_fma(p, s, -0x1.94040bf14820bp-44);
  p = __builtin_fma(p, s, -0x1.7d765a1cef525p-42);
  p = __builtin_fma(p, s, -0x1.dedb810e06622p-40);
  p = __builtin_fma(p, s, -0x1.4b93b71b07fcp-37);
  p = __builtin_fma(p, s, -0x1.15bd83bf4a255p-34);
  p = __builtin_fma(p, s, -0x1.1f8d992d2b0f9p-31);
  p = __builtin_fma(p, s, -0x1.792d70e5a1526p-28);
  p = __builtin_fma(p, s, -0x1.47243ac27811dp-24);
  p = __builtin_fma(p, s, -0x1.947d7ad1156b5p-20);
  p = __builtin_fma(p, s, -0x1.a179cca806facp-15);
  p = __builtin_fma(p, s, -0x1.38a200a5fb758p-8);
  p = __builtin_fma(p, s, 0x1.93ae76b00177p-2);
  return p;
}
/* [0.5, 1], degree 14: max relative error 2.68e-17 (2^-55.1) */
static __device__ __forceinline__ double i0b(double s) {
  double p = 0x1.2445aa393501ep-42;
  p = __builtin_fma(p, s, -0x1.62ff135b2ec92p-42);
  p = __builtin_fma(p, s, -0x1.d6a3d8eaa529cp-39);
  p = __builtin_fma(p, s, 0x1.8108b1f6694c1p-38);
  p = __builtin_fma(p, s, 0x1.40b7e43293ad5p-35);
  p = __builtin_fma(p, s, -0x1.7df48a80f6bf6p-35);
  p = __builtin_fma(p, s, -0x1.fe3d9f9644511p-32);
  p = __builtin_fma(p, s, -0x1.31b59a32d26b7p-31);
  p = __builtin_fma(p, s, 0x1.e253e0a278a2dp-29);
  p = __builtin_fma(p, s, 0x1.c6382de70fe9dp-26);
  p = __builtin_fma(p, s, 0x1.782a34537af05p-23);
  p = __builtin_fma(p, s, 0x1.fddc93923895p-20);
  p = __builtin_fma(p, s, 0x1.4669d4382ec52p-15);
  p = __builtin_fma(p, s, 0x1.cb893ff82f001p-10);
  p = __builtin_fma(p, s, 0x1.9d95f3db6c2d7p-2);
  return p;
}
/* [0.5, 1], degree 14: max relative error 6.64e-17 (2^-53.7) */
static __device__ __forceinline__ double i1b(double s) {
  double p = -0x1.2c9f94b3216e7p-42;
  p = __builtin_fma(p, s, 0x1.9ba6cbb01610bp-42);
  p = __builtin_fma(p, s, 0x1.e12b904e8c06bp-39);
  p = __builtin_fma(p, s, -0x1.b7cc6126d3a47p-38);
  p = __builtin_fma(p, s, -0x1.4a1513f3a37a3p-35);
  p = __builtin_fma(p, s, 0x1.cbf2b0a822186p-35);
  p = __builtin_fma(p, s, 0x1.0f8eaa803d49bp-31);
  p = __builtin_fma(p, s, 0x1.240d12d8afc0bp-31);
  p = __builtin_fma(p, s, -0x1.167dca35c2fedp-28);
  p = __builtin_fma(p, s, -0x1.02ea2efc0ecf5p-25);
  p = __builtin_fma(p, s, -0x1.c1904eeb63ac6p-23);
  p = __builtin_fma(p, s, -0x1.4ee22c1f46314p-19);
  p = __builtin_fma(p, s, -0x1.01052113f14b3p-14);
  p = __builtin_fma(p, s, -0x1.470fe5abaa64p-8);
  p = __builtin_fma(p, s, 0x1.89b1add3254e2p-2);
  return p;
}

// ---- j0, j1, y0, y1 -----------------------------------------------------------------
// (2/pi) log(x) f + g for the small-x forms of Y0 and Y1: (2/pi) log(x) as a double-double
// (the product's rounding and 2/pi's own would add an ulp), one rounding of the sum.
static __device__ __forceinline__ double log_term(double lg, double f, double g) {
  double l = TWO_OVER_PI * lg;
  double ll = __builtin_fma(TWO_OVER_PI, lg, -l) + TWO_OVER_PI_LO * lg;
  return __builtin_fma(l, f, __builtin_fma(ll, f, g));
}
// f(x) = (x - zh[k] - zl[k]) G_k(s) on interval k of [0.75, 8) (deg: G's degree).
static __device__ __forceinline__ double interval(double x, const double *z, const double *c,
                                                  int deg) {
  int k = (int)((x - 0.75) * 4.0);
  k = k < 0 ? 0 : k > 28 ? 28 : k;
  double s = (x - (0.875 + 0.25 * (double)k)) * 8.0;
  const double *ck = c + k * (deg + 1);
  double p = ck[deg];
  for (int i = deg - 1; i >= 0; i--)
    p = __builtin_fma(p, s, ck[i]);
  double d = (x - z[2 * k]) - z[2 * k + 1];
  return d * p;
}

// Hankel's asymptotic form for x >= 8 (finite): order nu (0, 1), J (y = 0) or Y (y = 1).
// With c = cos x, s = sin x: nu = 0: cos th = (c + s)/sqrt 2, sin th = (s - c)/sqrt 2;
// nu = 1: cos th = (s - c)/sqrt 2, sin th = -(c + s)/sqrt 2. The 1/sqrt 2 goes into
// sqrt(2/(pi x)): the amplitude is 1/sqrt(pi x).
static __device__ __forceinline__ double hankel(double x, int nu, int y) {
  double u = 64.0 / (x * x); // +0 once x*x overflows
  double p = nu ? p1u(u) : p0u(u);
  double q = (nu ? q1u(u) : q0u(u)) * (1.0 / x);
  double sn, cs;
  __anchor_sincos(x, &sn, &cs);
  double a = cs + sn, b = sn - cs; // sqrt 2 cos th, sqrt 2 sin th (nu = 0)
  if (nu) {
    double t = a;
    a = b, b = -t;
  }
  double v = y ? __builtin_fma(p, b, q * a) : __builtin_fma(p, a, -(q * b));
  return v * (RSQRT_PI / __builtin_sqrt(x));
}

extern "C" __device__ double __anchor_j0(double x) {
  double ax = __builtin_fabs(x);
  if (ax < 0.75) return j0v(ax * ax);
  if (ax < 8.0) return interval(ax, j0i_z, j0i_c, 11);
  if (ax == __builtin_inf()) return 0.0;
  if (x != x) return x + x;
  return hankel(ax, 0, 0);
}

extern "C" __device__ double __anchor_j1(double x) {
  double ax = __builtin_fabs(x), r;
  if (ax < 0.75)
    r = ax * j1v(ax * ax);
  else if (ax < 8.0)
    r = interval(ax, j1i_z, j1i_c, 11);
  else if (ax == __builtin_inf())
    r = 0.0;
  else if (x != x)
    return x + x;
  else
    r = hankel(ax, 1, 0);
  return __builtin_signbit(x) ? -r : r; // odd; j1(+-0) = +-0, j1(+-inf) = +-0
}

extern "C" __device__ double __anchor_y0(double x) {
  if (!(x > 0.0)) return x == 0.0 ? -__builtin_inf() : x != x ? x + x : __builtin_nan("");
  if (x < 0.75) return log_term(__anchor_log(x), j0v(x * x), s0v(x * x));
  if (x < 8.0) return interval(x, y0i_z, y0i_c, 14);
  if (x == __builtin_inf()) return 0.0;
  return hankel(x, 0, 1);
}

extern "C" __device__ double __anchor_y1(double x) {
  if (!(x > 0.0)) return x == 0.0 ? -__builtin_inf() : x != x ? x + x : __builtin_nan("");
  if (x < 0.75) {
    double v = x * x;
    double a = -TWO_OVER_PI / x; // -inf below 2/(pi DBL_MAX)
    return a + log_term(__anchor_log(x), x * j1v(v), x * s1v(v));
  }
  if (x < 8.0) return interval(x, y1i_z, y1i_c, 14);
  if (x == __builtin_inf()) return 0.0;
  return hankel(x, 1, 1);
}

// ---- jn, yn -------------------------------------------------------------------------
// One step of the three-term recurrence f_{k+1} = (2k/x) f_k - f_{k-1} (Miller's backward
// steps are the same with k+1 and k-1 exchanged): 2/x = rh + rl, a double-double, as a
// rounded 2/x alone would be a systematic relative error (the recurrence's at a slightly
// different x: about n ulp for order n); the rounding of k rh varies with k and only
// adds like a random walk.
static __device__ __forceinline__ double step(double k, double rh, double rl, double b, double a) {
  return __builtin_fma(k * rh, b, __builtin_fma(k * rl, b, -a));
}
// 2/x = *rl + the result.
static __device__ __forceinline__ double two_over(double x, double *rl) {
  double rh = 2.0 / x;
  *rl = __builtin_fma(-rh, x, 2.0) / x;
  return rh;
}
// J0 and J1 (y = 0) or Y0 and Y1 (y = 1) of x > 0 (finite) at once, as __anchor_j0 ...
// __anchor_y1 compute them (the same bits), with one sin and cos: the recurrences of jn
// and yn start from them, and inlining four functions would make every caller large.
static __device__ void pair01(double x, int y, double *f0, double *f1) {
  if (x < 0.75) {
    double v = x * x, j0 = j0v(v), j1 = x * j1v(v);
    if (!y) {
      *f0 = j0, *f1 = j1;
      return;
    }
    double lg = __anchor_log(x);
    *f0 = log_term(lg, j0, s0v(v));
    *f1 = -TWO_OVER_PI / x + log_term(lg, j1, x * s1v(v));
    return;
  }
  if (x < 8.0) {
    *f0 = y ? interval(x, y0i_z, y0i_c, 14) : interval(x, j0i_z, j0i_c, 11);
    *f1 = y ? interval(x, y1i_z, y1i_c, 14) : interval(x, j1i_z, j1i_c, 11);
    return;
  }
  double u = 64.0 / (x * x), rx = 1.0 / x;
  double p0 = p0u(u), q0 = q0u(u) * rx, p1 = p1u(u), q1 = q1u(u) * rx;
  double sn, cs;
  __anchor_sincos(x, &sn, &cs);
  double a = cs + sn, b = sn - cs, amp = RSQRT_PI / __builtin_sqrt(x);
  // order 0: (a, b) = sqrt 2 (cos th, sin th); order 1: (b, -a)
  if (y) {
    *f0 = __builtin_fma(p0, b, q0 * a) * amp;
    *f1 = __builtin_fma(p1, -a, q1 * b) * amp;
  } else {
    *f0 = __builtin_fma(p0, a, -(q0 * b)) * amp;
    *f1 = __builtin_fma(p1, b, -(q1 * -a)) * amp;
  }
}

extern "C" __device__ double __anchor_yn(int n, double x) {
  if (n < 0) return __builtin_nan(""); // CUDA: NaN for n < 0
  if (n == 0) return __anchor_y0(x);
  if (n == 1) return __anchor_y1(x);
  if (!(x > 0.0)) return x == 0.0 ? -__builtin_inf() : x != x ? x + x : __builtin_nan("");
  if (x == __builtin_inf()) return 0.0;
  if (x < 0x1p-520) return -__builtin_inf(); // Y_n(x) <= Y_2(x) ~ -4/(pi x^2) overflows
  double rl, rh = two_over(x, &rl), a, b;
  pair01(x, 1, &a, &b);
  // Y_k overflows only where it grows (x < k), negative: once past DBL_MAX (inf, or NaN
  // from the correction's own overflow), the result is -inf
  for (int k = 1; k < n; k++) {
    double c = step((double)k, rh, rl, b, a);
    if (!(__builtin_fabs(c) <= 0x1.fffffffffffffp+1023)) return -__builtin_inf();
    a = b, b = c;
  }
  return b;
}

// J_n(x), n >= 2, 0 < x < 2^-300: (x/2)^n / n! (the next term of the series is below
// 2^-600 of it); nonzero only for n = 2, 3.
static __device__ double jn_series(int n, double x) {
  double h = 0.5 * x, p = 1.0;
  for (int k = 1; k <= n && p != 0.0; k++)
    p *= h / (double)k;
  return p;
}

// J_n(x), n >= 2, 2^-300 <= x < n: Miller's backward recurrence from m = n + 16 +
// sqrt(40 x) (even; J_m/J_n < 2^-60: the decay past the turning point x needs about
// 12 x^(1/3) orders, below it each order gains 2k/x), J_{m+1} = 0, J_m = 1; J_{k-1} = (2k/x) J_k -
// J_{k+1}; normalised by J0 + 2 (J2 + J4 + ...) = 1. Each step grows |J| by at most 2m/x < 2^310:
// rescaled by 2^-500 above 2^500; J_n is kept as recorded and scaled once at the end.
static __device__ double jn_miller(int n, double x) {
  int m = n + 16 + (int)__builtin_sqrt(40.0 * x);
  m += m & 1;
  double rl, rh = two_over(x, &rl), a = 0.0, b = 1.0, s = 0.0, jn = 0.0;
  int scaled = 0;
  for (int k = m; k >= 1; k--) {
    double c = step((double)k, rh, rl, b, a); // J_{k-1}
    a = b, b = c;
    if (k - 1 == n) jn = c, scaled = 0;
    if ((k - 1) % 2 == 0) s += (k - 1) ? 2.0 * c : c;
    if (__builtin_fabs(b) > 0x1p500) {
      a *= 0x1p-500, b *= 0x1p-500, s *= 0x1p-500;
      scaled++;
    }
  }
  double r = jn / s;
  for (int i = 0; i < scaled; i++)
    r *= 0x1p-500;
  return r;
}

extern "C" __device__ double __anchor_jn(int n, double x) {
  if (n < 0) return __builtin_nan(""); // CUDA: NaN for n < 0
  if (n == 0) return __anchor_j0(x);
  if (n == 1) return __anchor_j1(x);
  if (x != x) return x + x;
  double ax = __builtin_fabs(x), r;
  if (ax == __builtin_inf()) return 0.0;
  if (ax < 0x1p-300) {
    r = jn_series(n, ax);
  } else if (ax < (double)n) {
    r = jn_miller(n, ax);
  } else {
    double rl, rh = two_over(ax, &rl), a, b;
    pair01(ax, 0, &a, &b);
    for (int k = 1; k < n; k++) {
      double c = step((double)k, rh, rl, b, a);
      a = b, b = c;
    }
    r = b;
  }
  return (n & 1) && __builtin_signbit(x) ? -r : r; // J_n(-x) = (-1)^n J_n(x)
}

// ---- cyl_bessel_i0, cyl_bessel_i1 ---------------------------------------------------
// x >= 8 (finite): e^x / sqrt(x) a(u), u = 8/x, a = i0a/i0b (nu = 0) or i1a/i1b.
static __device__ __forceinline__ double i_large(double x, int nu) {
  double u = 8.0 / x;
  double a = u < 0.5 ? (nu ? i1a(4.0 * (u - 0.25)) : i0a(4.0 * (u - 0.25)))
                     : (nu ? i1b(4.0 * (u - 0.75)) : i0b(4.0 * (u - 0.75)));
  double g = a / __builtin_sqrt(x);
  if (x < 700.0) return __anchor_exp(x) * g;
  double e = __anchor_exp(0.5 * x); // e^x would overflow before I(x) does
  return (e * g) * e;
}

// |x| < 8: v = x^2 rounded and its error vl (fma): the rounding of v alone costs up to
// 2 ulp near 8 (I0's relative sensitivity to v is x I1 / (2 I0)), so the first-order
// correction vl dI/dv is added: dI0/dv = i1v(v)/2, d i1v/dv = (i0v - 2 i1v)/(2v) (its
// cancellation near 0 is harmless: vl is below 2^-53 v).
extern "C" __device__ double __anchor_cyl_bessel_i0(double x) {
  double ax = __builtin_fabs(x);
  if (ax < 8.0) {
    double v = ax * ax, vl = __builtin_fma(ax, ax, -v);
    return __builtin_fma(0.5 * vl, i1v(v), i0v(v));
  }
  if (!(ax < __builtin_inf())) return ax + ax; // +inf, NaN
  return i_large(ax, 0);
}

extern "C" __device__ double __anchor_cyl_bessel_i1(double x) {
  double ax = __builtin_fabs(x);
  if (ax < 8.0) {
    double v = ax * ax, vl = __builtin_fma(ax, ax, -v), p1 = i1v(v);
    double d = v > 0x1p-900 ? (i0v(v) - 2.0 * p1) * (vl / (2.0 * v)) : 0.0;
    return x * (p1 + d);
  }
  if (!(ax < __builtin_inf())) return x + x; // +-inf, NaN
  return __builtin_copysign(i_large(ax, 1), x);
}
