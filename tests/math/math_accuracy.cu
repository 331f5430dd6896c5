// math_accuracy.cu — the accuracy harness of Anchor's CUDA math library (issue 7,
// "Proof"). For every function of the table below it builds deterministic input sets
// (edge cases, dense sweeps, seeded random inputs; pairs and triples for binary and
// ternary functions), evaluates the function on the device, computes the correctly
// rounded reference with MPFR on the host, measures the maximum error in ulps and
// asserts the bound CUDA's Math API documentation gives for it (0 = correctly rounded,
// compared bit for bit). One line per function: name, inputs, max ulp, worst input,
// bound, PASS/FAIL. Exits 0 and prints a last line PASS only if every function passed.
//
//   math_accuracy [--scale N] [--bits FIRST COUNT] [NAME...]   (no NAME: every function)
//   math_accuracy --selftest     (the harness's own test: rows it must FAIL or PASS)
//
// --scale multiplies the random and swept input counts (CTest uses 4); --bits replaces the
// input sets by every bit pattern in [FIRST, FIRST + COUNT) (unary float functions;
// tests/math/exhaustive.sh runs all 2^32). Valid CUDA for nvcc
// as well as for anchorcc: build with `nvcc -O2 math_accuracy.cu -lmpfr -lgmp` or
// `anchorcc -O2 math_accuracy.cu -lmpfr -lgmp`. docs/testing.md ("The math accuracy
// harness") explains the input sets, the ulp definition and how to add a function.
#include <cuda_runtime.h>
#include <mpfr.h>

#include <math.h>
#include <cmath>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vector>

// ---- The function table --------------------------------------------------------------
// MATH(id, type, arity, device expression, MPFR reference, bound in ulps, lo, hi, flags)
//   device expression: in a, b, c (of type `type`), evaluated on the device;
//   MPFR reference: in r (result), a, b, c (mpfr_srcptr), d (rounding mode); the
//     harness rounds it to `type` (precision, exponent range, subnormals);
//   bound: CUDA's documented maximum ulp error (0: correctly rounded, bit for bit): a
//     constant, or a host expression in a, b, c and w (the correctly rounded result, of
//     type `type`) giving the bound for that input, for bounds CUDA states per input:
//     `2 + floor(fabs(1.173 * a))` (__expf), or `abs_ulps(exp2(-21.41), w)` for an
//     absolute error (__sinf: `fabs(a) <= M_PI ? abs_ulps(exp2(-21.41), w) : INFINITY`);
//     0 at an input means that input must be bit-exact;
//   lo, hi: the interesting range, swept densely and sampled at random;
//   flags: ALL (edge cases and random bit patterns too) or RANGE (only inputs in
//     [lo, hi], for functions CUDA bounds on a range only); ZEROS_EITHER (with ALL's
//     inputs; may be or-ed with RANGE): when all operands are zeros, a zero of either
//     sign is right (fmin/fmax: IEEE 754-2008 minNum/maxNum leave min(+0, -0) open
//     and CUDA's documentation does not fix it); RZ, RU, RD (may be or-ed with the others):
//     the reference rounds toward zero, +inf or -inf instead of to nearest (d and the
//     rounding into the format), for CUDA's directed-rounding intrinsics (__fadd_rz ...).
// tests/math/CMakeLists.txt makes one CTest test per uncommented line (math.<id>).
// clang-format off
// The exponent argument of the ldexp/scalbn/scalbln rows, from the float or double b (the
// same on the device and, from b's value, in the reference): NaN gives 0, values beyond the
// type's range its extremes, others are truncated.
#define BASIC_INT(b) ((b) != (b) ? 0 : (b) >= 0x1p31f ? 2147483647 : (b) <= -0x1p31f ? -2147483647 - 1 : (int)(b))
#define BASIC_LONG(b) ((b) != (b) ? 0L : (b) >= 0x1p63f ? 0x7fffffffffffffffL : (b) <= -0x1p63f ? -0x7fffffffffffffffL - 1 : (long)(b))
// The table is one macro per family of functions (each family's rows beside the others,
// in the order of include/anchor/math/); MATH_FUNCTIONS joins them.
#define MATH_BASIC(MATH) \
  MATH(fabsf,       float,  1, fabsf(a),            mpfr_abs(r, a, d),          0, -4,   4,   ALL) \
  MATH(fminf,       float,  2, fminf(a, b),         mpfr_min(r, a, b, d),       0, -4,   4,   ZEROS_EITHER) \
  MATH(fmaxf,       float,  2, fmaxf(a, b),         mpfr_max(r, a, b, d),       0, -4,   4,   ZEROS_EITHER) \
  MATH(floorf,      float,  1, floorf(a),           mpfr_floor(r, a),           0, -1e3, 1e3, ALL) \
  MATH(ceilf,       float,  1, ceilf(a),            mpfr_ceil(r, a),            0, -1e3, 1e3, ALL) \
  MATH(truncf,      float,  1, truncf(a),           mpfr_trunc(r, a),           0, -1e3, 1e3, ALL) \
  MATH(rintf,       float,  1, rintf(a),            mpfr_rint(r, a, MPFR_RNDN), 0, -1e3, 1e3, ALL) \
  MATH(roundf,      float,  1, roundf(a),           mpfr_round(r, a),           0, -1e3, 1e3, ALL) \
  MATH(fmaf,        float,  3, fmaf(a, b, c),       mpfr_fma(r, a, b, c, d),    0, -4,   4,   ALL) \
  MATH(copysignf,   float,  2, copysignf(a, b),     mpfr_copysign(r, a, b, d),  0, -4,   4,   ALL) \
  MATH(fadd,        float,  2, a + b,               mpfr_add(r, a, b, d),       0, -4,   4,   ALL) \
  MATH(fsub,        float,  2, a - b,               mpfr_sub(r, a, b, d),       0, -4,   4,   ALL) \
  MATH(fmul,        float,  2, a * b,               mpfr_mul(r, a, b, d),       0, -4,   4,   ALL) \
  MATH(fdiv,        float,  2, a / b,               mpfr_div(r, a, b, d),       0, -4,   4,   ALL) \
  MATH(__fsqrt_rn,  float,  1, __fsqrt_rn(a),       mpfr_sqrt(r, a, d),         0, 0,    4,   ALL) \
  MATH(dadd,        double, 2, a + b,               mpfr_add(r, a, b, d),       0, -4,   4,   ALL) \
  MATH(dsub,        double, 2, a - b,               mpfr_sub(r, a, b, d),       0, -4,   4,   ALL) \
  MATH(dmul,        double, 2, a * b,               mpfr_mul(r, a, b, d),       0, -4,   4,   ALL) \
  MATH(ddiv,        double, 2, a / b,               mpfr_div(r, a, b, d),       0, -4,   4,   ALL) \
  MATH(dsqrt,       double, 1, sqrt(a),             mpfr_sqrt(r, a, d),         0, 0,    4,   ALL) \
  MATH(dfma,        double, 3, fma(a, b, c),        mpfr_fma(r, a, b, c, d),    0, -4,   4,   ALL) \
  MATH(std_fmaf,    float,  3, std::fma(a, b, c),   mpfr_fma(r, a, b, c, d),    0, -4,   4,   ALL) \
  /* devlib/basic.cu and math/basic.h: all exact (CUDA: 0 ulp). b of ldexp/scalbn/scalbln */ \
  /* is the exponent n, as BASIC_INT/BASIC_LONG turn it into one (NaN: 0, saturated). */ \
  MATH(fmodf,       float,  2, fmodf(a, b),         mpfr_fmod(r, a, b, d),      0, -100, 100, ALL) \
  MATH(fmod,        double, 2, fmod(a, b),          mpfr_fmod(r, a, b, d),      0, -100, 100, ALL) \
  MATH(remainderf,  float,  2, remainderf(a, b),    mpfr_remainder(r, a, b, d), 0, -100, 100, ALL) \
  MATH(remainder,   double, 2, remainder(a, b),     mpfr_remainder(r, a, b, d), 0, -100, 100, ALL) \
  MATH(ldexpf,      float,  2, ldexpf(a, BASIC_INT(b)),   ref_basic_ldexp(r, a, b, d), 0, -400,  400,  ALL) \
  MATH(ldexp,       double, 2, ldexp(a, BASIC_INT(b)),    ref_basic_ldexp(r, a, b, d), 0, -2200, 2200, ALL) \
  MATH(scalbnf,     float,  2, scalbnf(a, BASIC_INT(b)),  ref_basic_ldexp(r, a, b, d), 0, -400,  400,  ALL) \
  MATH(scalbn,      double, 2, scalbn(a, BASIC_INT(b)),   ref_basic_ldexp(r, a, b, d), 0, -2200, 2200, ALL) \
  MATH(scalblnf,    float,  2, scalblnf(a, BASIC_LONG(b)), ref_basic_scalbln(r, a, b, d), 0, -400,  400,  ALL) \
  MATH(scalbln,     double, 2, scalbln(a, BASIC_LONG(b)),  ref_basic_scalbln(r, a, b, d), 0, -2200, 2200, ALL) \
  MATH(logbf,       float,  1, logbf(a),            ref_basic_logb(r, a),       0, -1e3, 1e3, ALL) \
  MATH(logb,        double, 1, logb(a),             ref_basic_logb(r, a),       0, -1e3, 1e3, ALL) \
  MATH(nextafterf,  float,  2, nextafterf(a, b),    ref_basic_nextafterf(r, a, b), 0, -4, 4,  ALL) \
  MATH(nextafter,   double, 2, nextafter(a, b),     ref_basic_nextafter(r, a, b),  0, -4, 4,  ALL) \
  MATH(fdimf,       float,  2, fdimf(a, b),         mpfr_dim(r, a, b, d),       0, -4,   4,   ALL) \
  MATH(fdim,        double, 2, fdim(a, b),          mpfr_dim(r, a, b, d),       0, -4,   4,   ALL) \
  MATH(nearbyintf,  float,  1, nearbyintf(a),       mpfr_rint(r, a, MPFR_RNDN), 0, -1e3, 1e3, ALL) \
  MATH(nearbyint,   double, 1, nearbyint(a),        mpfr_rint(r, a, MPFR_RNDN), 0, -1e3, 1e3, ALL) \
  MATH(rint,        double, 1, rint(a),             mpfr_rint(r, a, MPFR_RNDN), 0, -1e3, 1e3, ALL) \
  MATH(round,       double, 1, round(a),            mpfr_round(r, a),           0, -1e3, 1e3, ALL) \
  MATH(trunc,       double, 1, trunc(a),            mpfr_trunc(r, a),           0, -1e3, 1e3, ALL) \
  MATH(floor,       double, 1, floor(a),            mpfr_floor(r, a),           0, -1e3, 1e3, ALL) \
  MATH(ceil,        double, 1, ceil(a),             mpfr_ceil(r, a),            0, -1e3, 1e3, ALL) \
  MATH(fabs,        double, 1, fabs(a),             mpfr_abs(r, a, d),          0, -4,   4,   ALL) \
  MATH(fmin,        double, 2, fmin(a, b),          mpfr_min(r, a, b, d),       0, -4,   4,   ZEROS_EITHER) \
  MATH(fmax,        double, 2, fmax(a, b),          mpfr_max(r, a, b, d),       0, -4,   4,   ZEROS_EITHER) \
  MATH(copysign,    double, 2, copysign(a, b),      mpfr_copysign(r, a, b, d),  0, -4,   4,   ALL) \
  MATH(std_fmodf,   float,  2, std::fmod(a, b),     mpfr_fmod(r, a, b, d),      0, -100, 100, ALL) \
  MATH(std_floor,   double, 1, std::floor(a),       mpfr_floor(r, a),           0, -1e3, 1e3, ALL)
#define MATH_SQRT_DIV(MATH) \
  /* The device library's first functions (docs/devlib.md). Bounds: CUDA Math API, */ \
  /* default flags. */ \
  MATH(sqrtf,      float,  1, sqrtf(a),            mpfr_sqrt(r, a, d),         0, 0,    4,   ALL) \
  MATH(rsqrtf,     float,  1, rsqrtf(a),           ref_rsqrt(r, a, d),         2, 0,    4,   ALL) \
  MATH(__frsqrt_rn, float, 1, __frsqrt_rn(a),      ref_rsqrt(r, a, d),         0, 0,    4,   ALL) \
  MATH(__frcp_rn,  float,  1, __frcp_rn(a),        mpfr_ui_div(r, 1, a, d),    0, -4,   4,   ALL) \
  MATH(__fdiv_rn,  float,  2, __fdiv_rn(a, b),     mpfr_div(r, a, b, d),       0, -4,   4,   ALL) \
  /* __fdividef: 2 ulp for |b| in [2^-126, 2^126] (CUDA Math API); RANGE keeps the inputs there */ \
  MATH(__fdividef, float,  2, __fdividef(a, b),    mpfr_div(r, a, b, d),       2, 0x1p-126, 0x1p126, RANGE)
#define MATH_ROUNDING(MATH) \
  /* The four rounding modes (CUDA: correctly rounded in the mode; the reference */ \
  /* rounds in the row's RZ/RU/RD flag). Conversions: tests/e2e/math_rounding.cu. */ \
  MATH(__fadd_rn,   float,  2, __fadd_rn(a, b),            mpfr_add(r, a, b, d),        0, -4,  4,  ALL) \
  MATH(__fsub_rn,   float,  2, __fsub_rn(a, b),            mpfr_sub(r, a, b, d),        0, -4,  4,  ALL) \
  MATH(__fmul_rn,   float,  2, __fmul_rn(a, b),            mpfr_mul(r, a, b, d),        0, -4,  4,  ALL) \
  MATH(__fmaf_rn,   float,  3, __fmaf_rn(a, b, c),         mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL) \
  MATH(__fmaf_ieee_rn, float, 3, __fmaf_ieee_rn(a, b, c),    mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL) \
  MATH(__dadd_rn,   double, 2, __dadd_rn(a, b),            mpfr_add(r, a, b, d),        0, -4,  4,  ALL) \
  MATH(__dsub_rn,   double, 2, __dsub_rn(a, b),            mpfr_sub(r, a, b, d),        0, -4,  4,  ALL) \
  MATH(__dmul_rn,   double, 2, __dmul_rn(a, b),            mpfr_mul(r, a, b, d),        0, -4,  4,  ALL) \
  MATH(__fma_rn,   double, 3, __fma_rn(a, b, c),         mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL) \
  MATH(__ddiv_rn,   double, 2, __ddiv_rn(a, b),            mpfr_div(r, a, b, d),        0, -4,  4,  ALL) \
  MATH(__drcp_rn,   double, 1, __drcp_rn(a),               mpfr_ui_div(r, 1, a, d),     0, -4,  4,  ALL) \
  MATH(__dsqrt_rn,  double, 1, __dsqrt_rn(a),              mpfr_sqrt(r, a, d),          0, 0,   4,  ALL) \
  MATH(__fadd_rz,   float,  2, __fadd_rz(a, b),            mpfr_add(r, a, b, d),        0, -4,  4,  ALL | RZ) \
  MATH(__fsub_rz,   float,  2, __fsub_rz(a, b),            mpfr_sub(r, a, b, d),        0, -4,  4,  ALL | RZ) \
  MATH(__fmul_rz,   float,  2, __fmul_rz(a, b),            mpfr_mul(r, a, b, d),        0, -4,  4,  ALL | RZ) \
  MATH(__fmaf_rz,   float,  3, __fmaf_rz(a, b, c),         mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL | RZ) \
  MATH(__fmaf_ieee_rz, float, 3, __fmaf_ieee_rz(a, b, c),    mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL | RZ) \
  MATH(__fdiv_rz,   float,  2, __fdiv_rz(a, b),            mpfr_div(r, a, b, d),        0, -4,  4,  ALL | RZ) \
  MATH(__frcp_rz,   float,  1, __frcp_rz(a),               mpfr_ui_div(r, 1, a, d),     0, -4,  4,  ALL | RZ) \
  MATH(__fsqrt_rz,  float,  1, __fsqrt_rz(a),              mpfr_sqrt(r, a, d),          0, 0,   4,  ALL | RZ) \
  MATH(__dadd_rz,   double, 2, __dadd_rz(a, b),            mpfr_add(r, a, b, d),        0, -4,  4,  ALL | RZ) \
  MATH(__dsub_rz,   double, 2, __dsub_rz(a, b),            mpfr_sub(r, a, b, d),        0, -4,  4,  ALL | RZ) \
  MATH(__dmul_rz,   double, 2, __dmul_rz(a, b),            mpfr_mul(r, a, b, d),        0, -4,  4,  ALL | RZ) \
  MATH(__fma_rz,   double, 3, __fma_rz(a, b, c),         mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL | RZ) \
  MATH(__ddiv_rz,   double, 2, __ddiv_rz(a, b),            mpfr_div(r, a, b, d),        0, -4,  4,  ALL | RZ) \
  MATH(__drcp_rz,   double, 1, __drcp_rz(a),               mpfr_ui_div(r, 1, a, d),     0, -4,  4,  ALL | RZ) \
  MATH(__dsqrt_rz,  double, 1, __dsqrt_rz(a),              mpfr_sqrt(r, a, d),          0, 0,   4,  ALL | RZ) \
  MATH(__fadd_ru,   float,  2, __fadd_ru(a, b),            mpfr_add(r, a, b, d),        0, -4,  4,  ALL | RU) \
  MATH(__fsub_ru,   float,  2, __fsub_ru(a, b),            mpfr_sub(r, a, b, d),        0, -4,  4,  ALL | RU) \
  MATH(__fmul_ru,   float,  2, __fmul_ru(a, b),            mpfr_mul(r, a, b, d),        0, -4,  4,  ALL | RU) \
  MATH(__fmaf_ru,   float,  3, __fmaf_ru(a, b, c),         mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL | RU) \
  MATH(__fmaf_ieee_ru, float, 3, __fmaf_ieee_ru(a, b, c),    mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL | RU) \
  MATH(__fdiv_ru,   float,  2, __fdiv_ru(a, b),            mpfr_div(r, a, b, d),        0, -4,  4,  ALL | RU) \
  MATH(__frcp_ru,   float,  1, __frcp_ru(a),               mpfr_ui_div(r, 1, a, d),     0, -4,  4,  ALL | RU) \
  MATH(__fsqrt_ru,  float,  1, __fsqrt_ru(a),              mpfr_sqrt(r, a, d),          0, 0,   4,  ALL | RU) \
  MATH(__dadd_ru,   double, 2, __dadd_ru(a, b),            mpfr_add(r, a, b, d),        0, -4,  4,  ALL | RU) \
  MATH(__dsub_ru,   double, 2, __dsub_ru(a, b),            mpfr_sub(r, a, b, d),        0, -4,  4,  ALL | RU) \
  MATH(__dmul_ru,   double, 2, __dmul_ru(a, b),            mpfr_mul(r, a, b, d),        0, -4,  4,  ALL | RU) \
  MATH(__fma_ru,   double, 3, __fma_ru(a, b, c),         mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL | RU) \
  MATH(__ddiv_ru,   double, 2, __ddiv_ru(a, b),            mpfr_div(r, a, b, d),        0, -4,  4,  ALL | RU) \
  MATH(__drcp_ru,   double, 1, __drcp_ru(a),               mpfr_ui_div(r, 1, a, d),     0, -4,  4,  ALL | RU) \
  MATH(__dsqrt_ru,  double, 1, __dsqrt_ru(a),              mpfr_sqrt(r, a, d),          0, 0,   4,  ALL | RU) \
  MATH(__fadd_rd,   float,  2, __fadd_rd(a, b),            mpfr_add(r, a, b, d),        0, -4,  4,  ALL | RD) \
  MATH(__fsub_rd,   float,  2, __fsub_rd(a, b),            mpfr_sub(r, a, b, d),        0, -4,  4,  ALL | RD) \
  MATH(__fmul_rd,   float,  2, __fmul_rd(a, b),            mpfr_mul(r, a, b, d),        0, -4,  4,  ALL | RD) \
  MATH(__fmaf_rd,   float,  3, __fmaf_rd(a, b, c),         mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL | RD) \
  MATH(__fmaf_ieee_rd, float, 3, __fmaf_ieee_rd(a, b, c),    mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL | RD) \
  MATH(__fdiv_rd,   float,  2, __fdiv_rd(a, b),            mpfr_div(r, a, b, d),        0, -4,  4,  ALL | RD) \
  MATH(__frcp_rd,   float,  1, __frcp_rd(a),               mpfr_ui_div(r, 1, a, d),     0, -4,  4,  ALL | RD) \
  MATH(__fsqrt_rd,  float,  1, __fsqrt_rd(a),              mpfr_sqrt(r, a, d),          0, 0,   4,  ALL | RD) \
  MATH(__dadd_rd,   double, 2, __dadd_rd(a, b),            mpfr_add(r, a, b, d),        0, -4,  4,  ALL | RD) \
  MATH(__dsub_rd,   double, 2, __dsub_rd(a, b),            mpfr_sub(r, a, b, d),        0, -4,  4,  ALL | RD) \
  MATH(__dmul_rd,   double, 2, __dmul_rd(a, b),            mpfr_mul(r, a, b, d),        0, -4,  4,  ALL | RD) \
  MATH(__fma_rd,   double, 3, __fma_rd(a, b, c),         mpfr_fma(r, a, b, c, d),     0, -4,  4,  ALL | RD) \
  MATH(__ddiv_rd,   double, 2, __ddiv_rd(a, b),            mpfr_div(r, a, b, d),        0, -4,  4,  ALL | RD) \
  MATH(__drcp_rd,   double, 1, __drcp_rd(a),               mpfr_ui_div(r, 1, a, d),     0, -4,  4,  ALL | RD) \
  MATH(__dsqrt_rd,  double, 1, __dsqrt_rd(a),              mpfr_sqrt(r, a, d),          0, 0,   4,  ALL | RD)
#define MATH_F32_EXP(MATH) \
  /* float exponentials, logarithms, powers, roots, hyperbolic (devlib/f32_exp.cu). */ \
  /* Bounds: CUDA C++ Programming Guide, Mathematical Functions appendix, full range. */ \
  MATH(expf,       float,  1, expf(a),             mpfr_exp(r, a, d),          2, -104, 89,  ALL) \
  MATH(exp2f,      float,  1, exp2f(a),            mpfr_exp2(r, a, d),         2, -150, 128, ALL) \
  MATH(exp10f,     float,  1, exp10f(a),           mpfr_exp10(r, a, d),        2, -46,  39,  ALL) \
  MATH(expm1f,     float,  1, expm1f(a),           mpfr_expm1(r, a, d),        1, -1,   1,   ALL) \
  MATH(logf,       float,  1, logf(a),             mpfr_log(r, a, d),          1, 0,    4,   ALL) \
  MATH(log2f,      float,  1, log2f(a),            mpfr_log2(r, a, d),         1, 0,    4,   ALL) \
  MATH(log10f,     float,  1, log10f(a),           mpfr_log10(r, a, d),        2, 0,    4,   ALL) \
  MATH(log1pf,     float,  1, log1pf(a),           mpfr_log1p(r, a, d),        1, -1,   1,   ALL) \
  MATH(powf,       float,  2, powf(a, b),          mpfr_pow(r, a, b, d),       4, -4,   4,   ALL) \
  MATH(cbrtf,      float,  1, cbrtf(a),            mpfr_cbrt(r, a, d),         1, -8,   8,   ALL) \
  MATH(rcbrtf,     float,  1, rcbrtf(a),           mpfr_rootn_si(r, a, -3, d), 1, -8,   8,   ALL) \
  MATH(sinhf,      float,  1, sinhf(a),            mpfr_sinh(r, a, d),         3, -10,  10,  ALL) \
  MATH(coshf,      float,  1, coshf(a),            mpfr_cosh(r, a, d),         2, -10,  10,  ALL) \
  MATH(tanhf,      float,  1, tanhf(a),            mpfr_tanh(r, a, d),         2, -10,  10,  ALL) \
  MATH(asinhf,     float,  1, asinhf(a),           mpfr_asinh(r, a, d),        3, -10,  10,  ALL) \
  MATH(acoshf,     float,  1, acoshf(a),           mpfr_acosh(r, a, d),        4, 1,    10,  ALL) \
  MATH(atanhf,     float,  1, atanhf(a),           mpfr_atanh(r, a, d),        3, -1,   1,   ALL) \
  /* The C++ float overloads (std:: and global names). */ \
  MATH(std_expf,   float,  1, std::exp(a),         mpfr_exp(r, a, d),          2, -10,  10,  ALL) \
  MATH(std_logf,   float,  1, std::log(a),         mpfr_log(r, a, d),          1, 0,    4,   ALL) \
  MATH(std_cbrtf,  float,  1, std::cbrt(a),        mpfr_cbrt(r, a, d),         1, -8,   8,   ALL) \
  MATH(std_sinhf,  float,  1, std::sinh(a),        mpfr_sinh(r, a, d),         3, -10,  10,  ALL) \
  MATH(std_tanhf,  float,  1, std::tanh(a),        mpfr_tanh(r, a, d),         2, -10,  10,  ALL) \
  MATH(log1p_float, float, 1, log1p(a),            mpfr_log1p(r, a, d),        1, -1,   1,   ALL) \
  MATH(exp2_float, float,  1, exp2(a),             mpfr_exp2(r, a, d),         2, -10,  10,  ALL) \
  /* The fast intrinsics: CUDA's bounds per input (absolute on [0.5, 2] for the logs); */ \
  /* __powf: no documented bound, the one its definition exp2f(y * __log2f(x)) implies */ \
  /* (ref_f32exp_fast_pow_bound), for x and y in [1/16, 16] (normal results). */ \
  MATH(__expf,     float,  1, __expf(a),           mpfr_exp(r, a, d),          2 + floor(fabs(1.173 * a)), -10, 10, ALL) \
  MATH(__exp10f,   float,  1, __exp10f(a),         mpfr_exp10(r, a, d),        2 + floor(fabs(2.97 * a)),  -5,  5,  ALL) \
  MATH(__logf,     float,  1, __logf(a),           mpfr_log(r, a, d),          a >= 0.5f && a <= 2 ? abs_ulps(exp2(-21.41), w) : 3, 0.5, 2, ALL) \
  MATH(__log2f,    float,  1, __log2f(a),          mpfr_log2(r, a, d),         a >= 0.5f && a <= 2 ? abs_ulps(0x1p-22, w) : 2,      0.5, 2, ALL) \
  MATH(__log10f,   float,  1, __log10f(a),         mpfr_log10(r, a, d),        a >= 0.5f && a <= 2 ? abs_ulps(0x1p-24, w) : 3,      0.5, 2, ALL) \
  MATH(__powf,     float,  2, __powf(a, b),        mpfr_pow(r, a, b, d),       ref_f32exp_fast_pow_bound(a, b), 0x1p-4, 16, RANGE)
#define MATH_F32_TRIG(MATH) \
  /* float trigonometric and inverse trigonometric, hypot and norms (devlib/f32_trig.cu). */ \
  /* Bounds: CUDA Math API, default flags, every finite argument (the random bit patterns */ \
  /* of ALL reach every exponent: huge trig arguments); the _2p17 rows sweep the switch */ \
  /* from Cody-Waite to Payne-Hanek reduction at 2^17. */ \
  MATH(sinf,        float, 1, sinf(a),           mpfr_sin(r, a, d),     2, -8,  8,  ALL) \
  MATH(cosf,        float, 1, cosf(a),           mpfr_cos(r, a, d),     2, -8,  8,  ALL) \
  MATH(tanf,        float, 1, tanf(a),           mpfr_tan(r, a, d),     4, -8,  8,  ALL) \
  MATH(sinf_2p17,   float, 1, sinf(a),           mpfr_sin(r, a, d),     2, 0x1.fp16, 0x1.1p17, RANGE) \
  MATH(cosf_2p17,   float, 1, cosf(a),           mpfr_cos(r, a, d),     2, 0x1.fp16, 0x1.1p17, RANGE) \
  MATH(tanf_2p17,   float, 1, tanf(a),           mpfr_tan(r, a, d),     4, 0x1.fp16, 0x1.1p17, RANGE) \
  MATH(sinf_huge,   float, 1, sinf(a),           mpfr_sin(r, a, d),     2, 1e30, 3.4e38, RANGE) \
  MATH(cosf_huge,   float, 1, cosf(a),           mpfr_cos(r, a, d),     2, 1e30, 3.4e38, RANGE) \
  MATH(std_sinf,     float, 1, std::sin(a),       mpfr_sin(r, a, d),     2, -8,  8,  ALL) \
  MATH(std_cosf,     float, 1, std::cos(a),       mpfr_cos(r, a, d),     2, -8,  8,  ALL) \
  MATH(std_tanf,     float, 1, std::tan(a),       mpfr_tan(r, a, d),     4, -8,  8,  ALL) \
  MATH(sinpif,      float, 1, sinpif(a),         mpfr_sinpi(r, a, d),   1, -4,  4,  ALL) \
  MATH(cospif,      float, 1, cospif(a),         mpfr_cospi(r, a, d),   1, -4,  4,  ALL) \
  /* the fast intrinsics: absolute error 2^-21.41 on [-pi, pi], nothing promised beyond; */ \
  /* __tanf = __sinf * (1/__cosf): both errors through the quotient plus its rounding */ \
  MATH(__sinf,      float, 1, __sinf(a),         mpfr_sin(r, a, d),     fabs(a) <= M_PI ? abs_ulps(exp2(-21.41), w) : INFINITY, -M_PI, M_PI, ALL) \
  MATH(__cosf,      float, 1, __cosf(a),         mpfr_cos(r, a, d),     fabs(a) <= M_PI ? abs_ulps(exp2(-21.41), w) : INFINITY, -M_PI, M_PI, ALL) \
  MATH(__tanf,      float, 1, __tanf(a),         mpfr_tan(r, a, d),     fabs(a) <= M_PI ? abs_ulps(exp2(-20.9) * (1 + (long double)w * w), w) + 1 : INFINITY, -M_PI, M_PI, ALL) \
  MATH(asinf,       float, 1, asinf(a),          mpfr_asin(r, a, d),    2, -1,  1,  ALL) \
  MATH(acosf,       float, 1, acosf(a),          mpfr_acos(r, a, d),    2, -1,  1,  ALL) \
  MATH(atanf,       float, 1, atanf(a),          mpfr_atan(r, a, d),    2, -4,  4,  ALL) \
  MATH(atan2f,      float, 2, atan2f(a, b),      mpfr_atan2(r, a, b, d), 3, -4, 4,  ALL) \
  MATH(std_asinf,    float, 1, std::asin(a),      mpfr_asin(r, a, d),    2, -1,  1,  ALL) \
  MATH(std_acosf,    float, 1, std::acos(a),      mpfr_acos(r, a, d),    2, -1,  1,  ALL) \
  MATH(std_atanf,    float, 1, std::atan(a),      mpfr_atan(r, a, d),    2, -4,  4,  ALL) \
  MATH(std_atan2f,   float, 2, std::atan2(a, b),  mpfr_atan2(r, a, b, d), 3, -4, 4,  ALL) \
  MATH(hypotf,      float, 2, hypotf(a, b),      mpfr_hypot(r, a, b, d), 3, -4, 4,  ALL) \
  MATH(std_hypotf,   float, 2, std::hypot(a, b),  mpfr_hypot(r, a, b, d), 3, -4, 4,  ALL) \
  MATH(rhypotf,     float, 2, rhypotf(a, b),     ref_f32trig_norm(r, 2, a, b, c, a, 1), 2, -4, 4, ALL) \
  MATH(norm3df,     float, 3, norm3df(a, b, c),  ref_f32trig_norm(r, 3, a, b, c, a, 0), 2, -4, 4, ALL) \
  MATH(rnorm3df,    float, 3, rnorm3df(a, b, c), ref_f32trig_norm(r, 3, a, b, c, a, 1), 2, -4, 4, ALL) \
  /* four operands from three: the fourth is a again (tests/e2e/math_f32_trig.cu: four) */ \
  MATH(norm4df,     float, 3, norm4df(a, b, c, a),  ref_f32trig_norm(r, 4, a, b, c, a, 0), 2, -4, 4, ALL) \
  MATH(rnorm4df,    float, 3, rnorm4df(a, b, c, a), ref_f32trig_norm(r, 4, a, b, c, a, 1), 2, -4, 4, ALL)
#define MATH_F64_EXP(MATH) \
  /* double exponentials, logarithms, powers, hyperbolic; bounds: CUDA Math API, double */ \
  /* precision, default flags, over the whole range (ranges: where the results are finite */ \
  /* and nonzero, plus narrower rows where a reduction or a series changes) */ \
  MATH(exp,        double, 1, exp(a),              mpfr_exp(r, a, d),          1, -745.2, 709.8, ALL) \
  MATH(exp2,       double, 1, exp2(a),             mpfr_exp2(r, a, d),         1, -1076, 1024, ALL) \
  MATH(exp10,      double, 1, exp10(a),            mpfr_exp10(r, a, d),        1, -323.7, 308.3, ALL) \
  MATH(expm1,      double, 1, expm1(a),            mpfr_expm1(r, a, d),        1, -40,  709.8, ALL) \
  MATH(expm1_near0, double, 1, expm1(a),           mpfr_expm1(r, a, d),        1, -1,   1,    ALL) \
  MATH(log,        double, 1, log(a),              mpfr_log(r, a, d),          1, 0,    4,    ALL) \
  MATH(log_near1,  double, 1, log(a),              mpfr_log(r, a, d),          1, 0.7,  1.5,  ALL) \
  MATH(log2,       double, 1, log2(a),             mpfr_log2(r, a, d),         1, 0,    4,    ALL) \
  MATH(log10,      double, 1, log10(a),            mpfr_log10(r, a, d),        1, 0,    4,    ALL) \
  MATH(log1p,      double, 1, log1p(a),            mpfr_log1p(r, a, d),        1, -1,   4,    ALL) \
  MATH(pow,        double, 2, pow(a, b),           mpfr_pow(r, a, b, d),       2, -10,  10,   ALL) \
  /* pow with exponents up to +-1024 (b * 128, exact): results over the whole range */ \
  MATH(pow_wide,   double, 2, pow(a, b * 128),     ref_f64exp_pow_scaled(r, a, b, d), 2, -8, 8, ALL) \
  /* pow(double, int) (nvcc's overload): integer exponents in [-40, 40] */ \
  MATH(pow_int,    double, 2, pow(a, (int)b),      ref_f64exp_pow_int(r, a, b, d), 2, -40, 40, RANGE) \
  MATH(cbrt,       double, 1, cbrt(a),             mpfr_cbrt(r, a, d),         1, -8,   8,    ALL) \
  MATH(rcbrt,      double, 1, rcbrt(a),            ref_f64exp_rcbrt(r, a, d), 1, -8,   8,    ALL) \
  MATH(sinh,       double, 1, sinh(a),             mpfr_sinh(r, a, d),         2, -711, 711,  ALL) \
  MATH(sinh_near0, double, 1, sinh(a),             mpfr_sinh(r, a, d),         2, -2,   2,    ALL) \
  MATH(cosh,       double, 1, cosh(a),             mpfr_cosh(r, a, d),         1, -711, 711,  ALL) \
  MATH(tanh,       double, 1, tanh(a),             mpfr_tanh(r, a, d),         1, -2,   2,    ALL) \
  MATH(asinh,      double, 1, asinh(a),            mpfr_asinh(r, a, d),        3, -4,   4,    ALL) \
  MATH(acosh,      double, 1, acosh(a),            mpfr_acosh(r, a, d),        3, 1,    4,    ALL) \
  MATH(atanh,      double, 1, atanh(a),            mpfr_atanh(r, a, d),        2, -1,   1,    ALL) \
  MATH(std_exp,    double, 1, std::exp(a),         mpfr_exp(r, a, d),          1, -4,   4,    ALL) \
  MATH(std_log,    double, 1, std::log(a),         mpfr_log(r, a, d),          1, 0,    4,    ALL) \
  MATH(std_pow,    double, 2, std::pow(a, b),      mpfr_pow(r, a, b, d),       2, -4,   4,    ALL)
#define MATH_F64_TRIG(MATH) /* double trigonometric and inverse trigonometric, norms */ \
  /* CUDA's bounds, full range (CUDA C++ Programming Guide, double precision); huge */ \
  /* arguments come from the random bit patterns, [lo, hi] is Cody-Waite's range */ \
  MATH(sin,        double, 1, sin(a),              mpfr_sin(r, a, d),          2, -0x1p20, 0x1p20, ALL) \
  MATH(cos,        double, 1, cos(a),              mpfr_cos(r, a, d),          2, -0x1p20, 0x1p20, ALL) \
  MATH(tan,        double, 1, tan(a),              mpfr_tan(r, a, d),          2, -0x1p20, 0x1p20, ALL) \
  MATH(std_sin,    double, 1, std::sin(a),         mpfr_sin(r, a, d),          2, -8,   8,   ALL) \
  MATH(sinpi,      double, 1, sinpi(a),            mpfr_sinpi(r, a, d),        2, -4,   4,   ALL) \
  MATH(cospi,      double, 1, cospi(a),            mpfr_cospi(r, a, d),        2, -4,   4,   ALL) \
  MATH(asin,       double, 1, asin(a),             mpfr_asin(r, a, d),         2, -1,   1,   ALL) \
  MATH(acos,       double, 1, acos(a),             mpfr_acos(r, a, d),         2, -1,   1,   ALL) \
  MATH(atan,       double, 1, atan(a),             mpfr_atan(r, a, d),         2, -4,   4,   ALL) \
  MATH(atan2,      double, 2, atan2(a, b),         mpfr_atan2(r, a, b, d),     2, -4,   4,   ALL) \
  MATH(hypot,      double, 2, hypot(a, b),         mpfr_hypot(r, a, b, d),     2, -4,   4,   ALL) \
  MATH(rhypot,     double, 2, rhypot(a, b),        ref_f64trig_rnorm(r, a, b, b, 2, d), 1, -4, 4, ALL) \
  MATH(norm3d,     double, 3, norm3d(a, b, c),     ref_f64trig_norm(r, a, b, c, 3, d),  2, -4, 4, ALL) \
  MATH(rnorm3d,    double, 3, rnorm3d(a, b, c),    ref_f64trig_rnorm(r, a, b, c, 3, d), 1, -4, 4, ALL) \
  /* norm4d, rnorm4d: three inputs, the fourth coordinate is -c (e2e math_f64_trig: four) */ \
  MATH(norm4d,     double, 3, norm4d(a, b, c, -c), ref_f64trig_norm(r, a, b, c, 4, d),  2, -4, 4, ALL) \
  MATH(rnorm4d,    double, 3, rnorm4d(a, b, c, -c), ref_f64trig_rnorm(r, a, b, c, 4, d), 1, -4, 4, ALL) \
  /* norm(dim, p), rnorm(dim, p) on a local array of 3 (e2e math_f64_trig: other dims) */ \
  MATH(norm,       double, 3, ([&] { double v[3] = {a, b, c}; return norm(3, v); }()), ref_f64trig_norm(r, a, b, c, 3, d), 2, -4, 4, ALL) \
  MATH(rnorm,      double, 3, ([&] { double v[3] = {a, b, c}; return rnorm(3, v); }()), ref_f64trig_rnorm(r, a, b, c, 3, d), 1, -4, 4, ALL)
#define MATH_F32_SPECIAL(MATH) /* float special functions (devlib/f32_special.cu) */ \
  /* CUDA's bounds, full range (CUDA C++ Programming Guide, Mathematical Functions) */ \
  MATH(erff,        float, 1, erff(a),        mpfr_erf(r, a, d),                   2, -4,  4,  ALL) \
  MATH(erfcf,       float, 1, erfcf(a),       mpfr_erfc(r, a, d),                  4, -4,  11, ALL) \
  MATH(erfcxf,      float, 1, erfcxf(a),      ref_f32special_erfcx(r, a, d),       4, -10, 20, ALL) \
  MATH(normcdff,    float, 1, normcdff(a),    ref_f32special_normcdf(r, a, d),     5, -15, 8,  ALL) \
  MATH(erfinvf,     float, 1, erfinvf(a),     ref_f32special_erfinv(r, a, d),      2, -1,  1,  ALL) \
  MATH(erfcinvf,    float, 1, erfcinvf(a),    ref_f32special_erfcinv(r, a, d),     4, 0,   2,  ALL) \
  MATH(normcdfinvf, float, 1, normcdfinvf(a), ref_f32special_normcdfinv(r, a, d),  5, 0,   1,  ALL) \
  /* The C++ float overloads (std:: and global names). */ \
  MATH(std_erff,    float, 1, std::erf(a),    mpfr_erf(r, a, d),                   2, -4,  4,  ALL) \
  MATH(std_erfcf,   float, 1, std::erfc(a),   mpfr_erfc(r, a, d),                  4, -4,  11, ALL) \
  MATH(erfcx_float, float, 1, erfcx(a),       ref_f32special_erfcx(r, a, d),       4, -10, 20, ALL) \
  MATH(normcdf_float, float, 1, normcdf(a),   ref_f32special_normcdf(r, a, d),     5, -15, 8,  ALL) \
  MATH(erfinv_float, float, 1, erfinv(a),     ref_f32special_erfinv(r, a, d),      2, -1,  1,  ALL) \
  MATH(erfcinv_float, float, 1, erfcinv(a),   ref_f32special_erfcinv(r, a, d),     4, 0,   2,  ALL) \
  MATH(normcdfinv_float, float, 1, normcdfinv(a), ref_f32special_normcdfinv(r, a, d), 5, 0, 1, ALL)
#define MATH_F64_SPECIAL(MATH) /* double special functions; CUDA's bounds, default flags */ \
  MATH(erf,        double, 1, erf(a),              mpfr_erf(r, a, d),          2, -6,   6,    ALL) \
  MATH(erf_near0,  double, 1, erf(a),              mpfr_erf(r, a, d),          2, -1,   1,    ALL) \
  MATH(erfc,       double, 1, erfc(a),             mpfr_erfc(r, a, d),         5, -6,   28,   ALL) \
  MATH(erfc_near0, double, 1, erfc(a),             mpfr_erfc(r, a, d),         5, -1,   4,    ALL) \
  /* (a row over erfcx's whole range, -27..40, is not in CI: MPFR's reference there takes */ \
  /* minutes at --scale 4; run `math_accuracy erfcx_near0` and widen by hand) */ \
  MATH(erfcx_near0, double, 1, erfcx(a),           ref_f64special_erfcx(r, a, d), 4, -2,  8,  ALL) \
  MATH(normcdf,    double, 1, normcdf(a),          ref_f64special_normcdf(r, a, d), 5, -39, 9, ALL) \
  MATH(normcdf_near0, double, 1, normcdf(a),       ref_f64special_normcdf(r, a, d), 5, -3, 3, ALL) \
  MATH(std_erf,    double, 1, std::erf(a),         mpfr_erf(r, a, d),          2, -4,   4,    ALL) \
  MATH(std_erfc,   double, 1, std::erfc(a),        mpfr_erfc(r, a, d),         5, -4,   4,    ALL) \
  MATH(erfinv,     double, 1, erfinv(a),           ref_f64special_erfinv(r, a, d), 5, -1, 1,    ALL) \
  MATH(erfcinv,    double, 1, erfcinv(a),          ref_f64special_erfcinv(r, a, d), 6, 0, 2,    ALL) \
  MATH(normcdfinv, double, 1, normcdfinv(a),       ref_f64special_normcdfinv(r, a, d), 8, 0, 1, ALL)
#define GAMMA_LGF_BOUND(a) ((a) >= -10.001f && (a) <= -2.264f ? INFINITY : 6)
#define GAMMA_LG_BOUND(a) ((a) >= -11.0001 && (a) <= -2.2637 ? INFINITY : 4)
#define MATH_GAMMA(MATH) /* lgamma, tgamma; CUDA's bounds, default flags. lgamma: no bound */ \
  /* inside CUDA's interval of negative roots (INFINITY there: special values only). */ \
  MATH(lgammaf,       float,  1, lgammaf(a),       ref_gamma_lgamma(r, a, d), GAMMA_LGF_BOUND(a), -12, 12, ALL) \
  /* RANGE rows: the maxima outside CUDA's interval (the roots 1 and 2, (-2.264, 0), */ \
  /* x < -10.001, large x). */ \
  MATH(lgammaf_roots, float,  1, lgammaf(a),       ref_gamma_lgamma(r, a, d), 6, -2.264, 2.75, RANGE) \
  MATH(lgammaf_neg,   float,  1, lgammaf(a),       ref_gamma_lgamma(r, a, d), 6, -100, -10.001, RANGE) \
  MATH(lgammaf_large, float,  1, lgammaf(a),       ref_gamma_lgamma(r, a, d), 6, 2.75, 1e6, RANGE) \
  MATH(tgammaf,       float,  1, tgammaf(a),       mpfr_gamma(r, a, d),       5, -46, 36, ALL) \
  MATH(lgamma_float,  float,  1, lgamma(a),        ref_gamma_lgamma(r, a, d), GAMMA_LGF_BOUND(a), -12, 12, ALL) \
  MATH(tgamma_float,  float,  1, tgamma(a),        mpfr_gamma(r, a, d),       5, -46, 36, ALL) \
  MATH(std_lgammaf,   float,  1, std::lgamma(a),   ref_gamma_lgamma(r, a, d), GAMMA_LGF_BOUND(a), -12, 12, ALL) \
  MATH(std_tgammaf,   float,  1, std::tgamma(a),   mpfr_gamma(r, a, d),       5, -46, 36, ALL) \
  /* std::lgamma/std::tgamma on double are ::lgamma/::tgamma (using-declarations): no */ \
  /* rows of their own (each double row's kernel costs softmetal compile time). */ \
  MATH(lgamma,        double, 1, lgamma(a),        ref_gamma_lgamma(r, a, d), GAMMA_LG_BOUND(a), -12, 12, ALL) \
  MATH(lgamma_roots,  double, 1, lgamma(a),        ref_gamma_lgamma(r, a, d), 4, -2.2637, 2.75, RANGE) \
  MATH(lgamma_neg,    double, 1, lgamma(a),        ref_gamma_lgamma(r, a, d), 4, -100, -11.0001, RANGE) \
  MATH(lgamma_large,  double, 1, lgamma(a),        ref_gamma_lgamma(r, a, d), 4, 2.75, 1e6, RANGE) \
  MATH(tgamma,        double, 1, tgamma(a),        mpfr_gamma(r, a, d),       10, -192, 172, ALL) \
  MATH(tgamma_near0,  double, 1, tgamma(a),        mpfr_gamma(r, a, d),       10, -4, 14, ALL)
#define MATH_F64_BESSEL(MATH) /* double Bessel functions (devlib/f64_bessel.cu); CUDA's bounds */ \
  /* j0, j1, y0, y1: 7 ulp for |x| < 8, else absolute 5e-12; jn: absolute 5e-12 (documented */ \
  /* for n = 128, asserted for every n); yn: absolute 5e-12 for x > 1.5 n, nothing documented */ \
  /* below (INFINITY: special values only); n < 0: NaN (CUDA's documented value) */ \
  MATH(j0,         double, 1, j0(a),               ref_bessel64_jy(r, a, 0, 0, d),         fabs(a) < 8 ? 7 : abs_ulps(5e-12, w), -16, 16, ALL) \
  MATH(j1,         double, 1, j1(a),               ref_bessel64_jy(r, a, 1, 0, d),         fabs(a) < 8 ? 7 : abs_ulps(5e-12, w), -16, 16, ALL) \
  MATH(y0,         double, 1, y0(a),               ref_bessel64_jy(r, a, 0, 1, d),         fabs(a) < 8 ? 7 : abs_ulps(5e-12, w), 0,   16, ALL) \
  MATH(y1,         double, 1, y1(a),               ref_bessel64_jy(r, a, 1, 1, d),         fabs(a) < 8 ? 7 : abs_ulps(5e-12, w), 0,   16, ALL) \
  /* Hankel's range (and huge arguments from the random bits of the rows above) */ \
  MATH(j0_large,   double, 1, j0(a),               ref_bessel64_jy(r, a, 0, 0, d), abs_ulps(5e-12, w), 8, 1e4, RANGE) \
  MATH(j1_large,   double, 1, j1(a),               ref_bessel64_jy(r, a, 1, 0, d), abs_ulps(5e-12, w), -1e4, -8, RANGE) \
  MATH(y0_large,   double, 1, y0(a),               ref_bessel64_jy(r, a, 0, 1, d), abs_ulps(5e-12, w), 8, 1e4, RANGE) \
  MATH(y1_large,   double, 1, y1(a),               ref_bessel64_jy(r, a, 1, 1, d), abs_ulps(5e-12, w), 8, 1e4, RANGE) \
  /* jn, yn of fixed n: glibc's long double jnl, ynl as the reference (MPFR's yn is far too */ \
  /* slow for CI; both are within 1e-18 absolute) */ \
  MATH(jn_2,       double, 1, jn(2, a),            ref_bessel64_ld(r, a, 2, 0, d),   abs_ulps(5e-12, w), -30, 30, ALL) \
  MATH(jn_5,       double, 1, jn(5, a),            ref_bessel64_ld(r, a, 5, 0, d),   abs_ulps(5e-12, w), -40, 40, ALL) \
  MATH(jn_20,      double, 1, jn(20, a),           ref_bessel64_ld(r, a, 20, 0, d),  abs_ulps(5e-12, w), 0,   60, ALL) \
  MATH(jn_128,     double, 1, jn(128, a),          ref_bessel64_ld(r, a, 128, 0, d), abs_ulps(5e-12, w), 0,  300, ALL) \
  MATH(jn_neg,     double, 1, jn(-3, a),           ref_bessel64_nan(r),              0,  -8,  8, ALL) \
  MATH(yn_2,       double, 1, yn(2, a),            ref_bessel64_ld(r, a, 2, 1, d),   a > 1.5 * 2 ? abs_ulps(5e-12, w) : INFINITY, 0, 30, ALL) \
  MATH(yn_5,       double, 1, yn(5, a),            ref_bessel64_ld(r, a, 5, 1, d),   a > 1.5 * 5 ? abs_ulps(5e-12, w) : INFINITY, 0, 40, ALL) \
  MATH(yn_20,      double, 1, yn(20, a),           ref_bessel64_ld(r, a, 20, 1, d),  a > 1.5 * 20 ? abs_ulps(5e-12, w) : INFINITY, 0, 60, ALL) \
  MATH(yn_128,     double, 1, yn(128, a),          ref_bessel64_ld(r, a, 128, 1, d), a > 1.5 * 128 ? abs_ulps(5e-12, w) : INFINITY, 0, 400, ALL) \
  MATH(yn_neg,     double, 1, yn(-3, a),           ref_bessel64_nan(r),              0,  0,   8, ALL) \
  MATH(cyl_bessel_i0, double, 1, cyl_bessel_i0(a), ref_bessel64_i(r, a, 0, d),       6, -20, 20, ALL) \
  MATH(cyl_bessel_i1, double, 1, cyl_bessel_i1(a), ref_bessel64_i(r, a, 1, d),       6, -20, 20, ALL) \
  MATH(i0_large,   double, 1, cyl_bessel_i0(a),    ref_bessel64_i(r, a, 0, d),       6, 8, 714, RANGE) \
  MATH(i1_large,   double, 1, cyl_bessel_i1(a),    ref_bessel64_i(r, a, 1, d),       6, -714, -8, RANGE)
#define MATH_F32_BESSEL(MATH) /* float Bessel functions (devlib/f32_bessel.cu) */ \
  /* CUDA's bounds: 9 ulp for |x| < 8 (j0f, j1f, y0f, y1f), else absolute 2.2e-6; jnf */ \
  /* absolute 2.2e-6; ynf ceil(2 + 2.5 n) ulp for x < n, else absolute 2.2e-6; */ \
  /* cyl_bessel_i0f/i1f 6 ulp. jnf/ynf: one row per fixed n (CUDA: NaN for n < 0). The */ \
  /* _near rows (RANGE: |x| < 8 only, not 8 itself) show the relative errors alone; */ \
  /* y0f_near, y1f_near are hidden from CTest by their leading comment (MPFR's y0, y1 */ \
  /* take 20 s a row; y0f, y1f cover the same inputs): run them by name. */ \
  MATH(j0f,         float, 1, j0f(a),         mpfr_j0(r, a, d),            fabs(a) < 8 ? 9 : abs_ulps(2.2e-6, w), -12, 12, ALL) \
  MATH(j0f_near,    float, 1, j0f(a),         mpfr_j0(r, a, d),            9, -0x1.fffffep+2, 0x1.fffffep+2, RANGE) \
  MATH(j0f_far,     float, 1, j0f(a),         mpfr_j0(r, a, d),            fabs(a) < 8 ? 9 : abs_ulps(2.2e-6, w), 8, 3000, ALL) \
  MATH(j1f,         float, 1, j1f(a),         ref_bessel32_j1(r, a, d),    fabs(a) < 8 ? 9 : abs_ulps(2.2e-6, w), -12, 12, ALL) \
  MATH(j1f_near,    float, 1, j1f(a),         ref_bessel32_j1(r, a, d),    9, -0x1.fffffep+2, 0x1.fffffep+2, RANGE) \
  MATH(j1f_far,     float, 1, j1f(a),         ref_bessel32_j1(r, a, d),    fabs(a) < 8 ? 9 : abs_ulps(2.2e-6, w), -3000, -8, ALL) \
  MATH(y0f,         float, 1, y0f(a),         mpfr_y0(r, a, d),            a < 8 ? 9 : abs_ulps(2.2e-6, w), 0, 12, ALL) \
  /**/ MATH(y0f_near,    float, 1, y0f(a),         mpfr_y0(r, a, d),            9, 0, 0x1.fffffep+2, RANGE) \
  MATH(y0f_far,     float, 1, y0f(a),         mpfr_y0(r, a, d),            a < 8 ? 9 : abs_ulps(2.2e-6, w), 8, 3000, ALL) \
  MATH(y1f,         float, 1, y1f(a),         mpfr_y1(r, a, d),            a < 8 ? 9 : abs_ulps(2.2e-6, w), 0, 12, ALL) \
  /**/ MATH(y1f_near,    float, 1, y1f(a),         mpfr_y1(r, a, d),            9, 0, 0x1.fffffep+2, RANGE) \
  MATH(y1f_far,     float, 1, y1f(a),         mpfr_y1(r, a, d),            a < 8 ? 9 : abs_ulps(2.2e-6, w), 8, 3000, ALL) \
  MATH(jnf_2,       float, 1, jnf(2, a),      ref_bessel32_jn(r, 2, a, d),   abs_ulps(2.2e-6, w), -12, 12, ALL) \
  MATH(jnf_5,       float, 1, jnf(5, a),      ref_bessel32_jn(r, 5, a, d),   abs_ulps(2.2e-6, w), -20, 20, ALL) \
  MATH(jnf_20,      float, 1, jnf(20, a),     ref_bessel32_jn(r, 20, a, d),  abs_ulps(2.2e-6, w), 0, 60, ALL) \
  /* jnf_128, ynf_128: not CTest tests (the leading comment hides them from */ \
  /* tests/math/CMakeLists.txt): their references take minutes at --scale 4; */ \
  /* run `math_accuracy --scale 4 jnf_128 ynf_128` by hand. */ \
  /**/ MATH(jnf_128,  float, 1, jnf(128, a),    ref_bessel32_jn(r, 128, a, d), abs_ulps(2.2e-6, w), 0, 300, ALL) \
  /**/ MATH(ynf_128,  float, 1, ynf(128, a),    ref_bessel32_yn(r, 128, a, d), a < 128 ? 322 : abs_ulps(2.2e-6, w), 0, 300, ALL) \
  MATH(jnf_neg,     float, 1, jnf(-3, a),     ref_bessel32_jn(r, -3, a, d),  abs_ulps(2.2e-6, w), -12, 12, ALL) \
  MATH(ynf_2,       float, 1, ynf(2, a),      ref_bessel32_yn(r, 2, a, d),   a < 2 ? 7 : abs_ulps(2.2e-6, w), 0, 12, ALL) \
  MATH(ynf_5,       float, 1, ynf(5, a),      ref_bessel32_yn(r, 5, a, d),   a < 5 ? 15 : abs_ulps(2.2e-6, w), 0, 20, ALL) \
  MATH(ynf_20,      float, 1, ynf(20, a),     ref_bessel32_yn(r, 20, a, d),  a < 20 ? 52 : abs_ulps(2.2e-6, w), 0, 60, ALL) \
  MATH(ynf_neg,     float, 1, ynf(-3, a),     ref_bessel32_yn(r, -3, a, d),  abs_ulps(2.2e-6, w), 0, 12, ALL) \
  MATH(cyl_bessel_i0f, float, 1, cyl_bessel_i0f(a), ref_bessel32_i(r, 0, a, d), 6, -100, 100, ALL) \
  MATH(cyl_bessel_i1f, float, 1, cyl_bessel_i1f(a), ref_bessel32_i(r, 1, a, d), 6, -100, 100, ALL)
#define MATH_FUNCTIONS(MATH) \
  MATH_BASIC(MATH) MATH_SQRT_DIV(MATH) MATH_ROUNDING(MATH) \
  MATH_F32_EXP(MATH) MATH_F32_TRIG(MATH) MATH_F64_EXP(MATH) MATH_F64_TRIG(MATH) \
  MATH_F32_SPECIAL(MATH) MATH_F64_SPECIAL(MATH) MATH_GAMMA(MATH) MATH_F64_BESSEL(MATH) MATH_F32_BESSEL(MATH)
// clang-format on

// ---- The harness's own test (CTest math.selftest: math_accuracy --selftest) ----------
// Rows in the table's format whose device expression is deliberately not the
// reference's function (fail_*: the harness must report FAIL) or is within the bound
// (pass_*: it must report PASS), so that a harness that cannot fail, or that fails what
// is right, is noticed: a wrong operation, a wrong rounding rule, 1-ulp errors against
// bound 0 and bound 1, a ~3-ulp error against bound 2, a wrong zero and a lost NaN
// under a nonzero bound, in float and double; an absolute bound and a bound that
// depends on the input (one larger and one smaller than the error).
// clang-format off
#define MATH_SELFTESTS(CHECK) \
  CHECK(fail_add_as_sub,     float,  2, a - b,                     mpfr_add(r, a, b, d), 0, -4,  4,   ALL) \
  CHECK(fail_round_as_rint,  float,  1, rintf(a),                  mpfr_round(r, a),     0, -1e3, 1e3, ALL) \
  CHECK(fail_div_by_recip,   float,  2, a * (1.0f / b),            mpfr_div(r, a, b, d), 0, 0.5, 4,   RANGE) \
  CHECK(pass_div_by_recip,   float,  2, a * (1.0f / b),            mpfr_div(r, a, b, d), 1, 0.5, 4,   RANGE) \
  CHECK(fail_ddiv_by_recip,  double, 2, a * (1.0 / b),             mpfr_div(r, a, b, d), 0, 0.5, 4,   RANGE) \
  CHECK(pass_ddiv_by_recip,  double, 2, a * (1.0 / b),             mpfr_div(r, a, b, d), 1, 0.5, 4,   RANGE) \
  CHECK(pass_rsqrt_by_div,   float,  1, 1.0f / __fsqrt_rn(a),      ref_rsqrt(r, a, d),   2, 0,   4,   ALL) \
  CHECK(fail_rsqrt_by_div,   float,  1, 1.0f / __fsqrt_rn(a),      ref_rsqrt(r, a, d),   0, 0,   4,   ALL) \
  CHECK(fail_rsqrt_3ulp,     float,  1, 1.0f / __fsqrt_rn(a) * (1 + 0x1p-22f), ref_rsqrt(r, a, d), 2, 0x1p-100, 4, RANGE) \
  CHECK(fail_zero_sign,      float,  1, 0.0f + a,                  mpfr_set(r, a, d),    1, -4,  4,   ALL) \
  CHECK(fail_nan_lost,       double, 1, min(a, 1e300),             mpfr_set(r, a, d),    1, -4,  4,   ALL) \
  CHECK(pass_abs_bound,      float,  1, a * (1 + 0x1p-20f),        mpfr_set(r, a, d),    abs_ulps(0x1p-19, w), 0.5, 1, RANGE) \
  CHECK(fail_abs_bound,      float,  1, a * (1 + 0x1p-20f),        mpfr_set(r, a, d),    abs_ulps(0x1p-22, w), 0.5, 1, RANGE) \
  CHECK(fail_mul_rn_as_rz,   float,  2, a * b,                     mpfr_mul(r, a, b, d), 0, -4,  4,   ALL | RZ) \
  CHECK(fail_mul_rz_as_ru,   double, 2, __dmul_rz(a, b),           mpfr_mul(r, a, b, d), 0, -4,  4,   ALL | RU) \
  CHECK(pass_mul_rd,         double, 2, __dmul_rd(a, b),           mpfr_mul(r, a, b, d), 0, -4,  4,   ALL | RD) \
  CHECK(fail_input_bound,    float,  1, a * (1 + 0x1p-20f),        mpfr_set(r, a, d),    fabs(a) < 0.75 ? 16 : 1, 0.5, 1, RANGE)
// clang-format on

// ---- Device side: one functor per function, one kernel template ---------------------
#define MATH_DEVICE_OP(id, T, arity, expr, ref, bound, lo, hi, flags)                              \
  struct op_##id {                                                                                 \
    __device__ T operator()(T a, T b, T c) const {                                                 \
      (void)a, (void)b, (void)c;                                                                   \
      return expr;                                                                                 \
    }                                                                                              \
  };
MATH_FUNCTIONS(MATH_DEVICE_OP)
MATH_SELFTESTS(MATH_DEVICE_OP)
#undef MATH_DEVICE_OP

template <class T, class Op>
__global__ void eval_kernel(const T *a, const T *b, const T *c, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Op()(a[i], b[i], c[i]);
}

// ---- Formats: float and double as the harness sees them ------------------------------
template <class T> struct fmt;
template <> struct fmt<float> {
  typedef uint32_t bits;
  enum { p = 24, emin = -126, emax = 127, exp_bits = 8 };
  static float get(mpfr_srcptr x) { return mpfr_get_flt(x, MPFR_RNDN); }
  static void set(mpfr_ptr r, float x) { mpfr_set_flt(r, x, MPFR_RNDN); }
  static const char *name() { return "float"; }
};
template <> struct fmt<double> {
  typedef uint64_t bits;
  enum { p = 53, emin = -1022, emax = 1023, exp_bits = 11 };
  static double get(mpfr_srcptr x) { return mpfr_get_d(x, MPFR_RNDN); }
  static void set(mpfr_ptr r, double x) { mpfr_set_d(r, x, MPFR_RNDN); }
  static const char *name() { return "double"; }
};

template <class T> static typename fmt<T>::bits bits_of(T x) {
  typename fmt<T>::bits u;
  memcpy(&u, &x, sizeof u);
  return u;
}
template <class T> static T from_bits(typename fmt<T>::bits u) {
  T x;
  memcpy(&x, &u, sizeof x);
  return x;
}

// ---- Deterministic random numbers (splitmix64) --------------------------------------
struct rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform() { return (double)(next() >> 11) * 0x1p-53; } // [0, 1)
};

static uint64_t seed_of(const char *name) { // FNV-1a: each function its own fixed seed
  uint64_t h = 14695981039346656037ull;
  for (; *name; name++)
    h = (h ^ (unsigned char)*name) * 1099511628211ull;
  return h;
}

// ---- Input sets ----------------------------------------------------------------------
enum { ALL = 0, RANGE = 1, ZEROS_EITHER = 2, RZ = 4, RU = 8, RD = 16 };

// The rounding mode of the reference for a row's flags (round to nearest unless RZ, RU, RD).
static mpfr_rnd_t rounding_of(int flags) {
  return flags & RZ ? MPFR_RNDZ : flags & RU ? MPFR_RNDU : flags & RD ? MPFR_RNDD : MPFR_RNDN;
}

struct function_info {
  const char *id;
  const char *type;
  int arity;
  const char *bound; // the bound's expression, as the table spells it
  double lo, hi;
  int flags;
  bool range_only() const { return flags & RANGE; }
};

// The edge cases of format T: signed zeros, subnormals, the extreme normals,
// infinities, NaNs, values around 1, small integers and halfway points, the integers
// where the format stops having fractions, some irrational-looking values and huge
// arguments (for trig). Every one also with its neighbours in a second set.
template <class T> static std::vector<T> edge_values() {
  typedef typename fmt<T>::bits U;
  const int p = fmt<T>::p, eb = fmt<T>::exp_bits;
  const U sign = (U)1 << (sizeof(U) * 8 - 1), mant = ((U)1 << (p - 1)) - 1;
  const U inf = (((U)1 << eb) - 1) << (p - 1);
  std::vector<T> v;
  const U bit_patterns[] = {0,
                            1, // smallest subnormal
                            2,
                            mant,     // largest subnormal
                            mant + 1, // smallest normal
                            mant + 2,
                            inf - 1, // largest normal
                            inf,
                            inf | 1,                     // a signalling NaN
                            inf | ((U)1 << (p - 2)),     // the quiet NaN
                            inf | ((U)1 << (p - 2)) | 5, // a quiet NaN with a payload
                            bits_of<T>((T)1) - 1,
                            bits_of<T>((T)1) + 1,
                            bits_of<T>((T)0.5) - 1,
                            bits_of<T>((T)0.5) + 1};
  for (U u : bit_patterns) {
    v.push_back(from_bits<T>(u));
    v.push_back(from_bits<T>(u | sign));
  }
  const double values[] = {1,
                           2,
                           3,
                           0.5,
                           1.5,
                           2.5,
                           3.5,
                           0.25,
                           0.75,
                           10,
                           100,
                           1e6,
                           0.1,
                           1.0 / 3,
                           2.0 / 3,
                           M_PI,
                           M_PI / 2,
                           M_PI / 4,
                           2 * M_PI,
                           M_E,
                           1e10,
                           1e20,
                           1e30,
                           0x1p100,
                           0x1p60,
                           1e-10,
                           1e-30,
                           ldexp(1, p - 1) - 0.5,
                           ldexp(1, p - 1),
                           ldexp(1, p - 1) + 1,
                           ldexp(1, p),
                           ldexp(1, p) + 2,
                           ldexp(1, p - 2) + 0.5};
  for (double x : values) {
    v.push_back((T)x);
    v.push_back((T)-x);
  }
  return v;
}

// All inputs of one argument position. `scale` multiplies the swept and random counts.
template <class T> struct input_builder {
  const function_info &f;
  rng r;
  int scale;
  typedef typename fmt<T>::bits U;

  T random_bits() { return from_bits<T>((U)r.next()); }
  T random_in_range() { return (T)(f.lo + (f.hi - f.lo) * r.uniform()); }

  // Edge cases and each one's two neighbours on either side (for finite values).
  std::vector<T> edges() {
    std::vector<T> v;
    for (T x : edge_values<T>()) {
      v.push_back(x);
      if (!isfinite(x)) continue;
      for (int k = -2; k <= 2; k++)
        if (k) v.push_back(from_bits<T>(bits_of(x) + (U)(int64_t)k));
    }
    return v;
  }

  // Every binade of both signs (subnormals included), 16 significands each for float
  // (8 for double): the smallest, the largest, their neighbours and evenly spaced ones.
  std::vector<T> binades() {
    std::vector<T> v;
    const int p = fmt<T>::p, n = sizeof(T) == 4 ? 16 : 8;
    const U mant = ((U)1 << (p - 1)) - 1, sign = (U)1 << (sizeof(U) * 8 - 1);
    for (U e = 0; e < ((U)1 << fmt<T>::exp_bits) - 1; e++)
      for (int k = 0; k < n; k++) {
        U m = k == 0   ? 0
              : k == 1 ? 1
              : k == 2 ? mant
              : k == 3 ? mant - 1
                       : mant / (n - 4) * (k - 4);
        v.push_back(from_bits<T>(e << (p - 1) | m));
        v.push_back(from_bits<T>(sign | e << (p - 1) | m));
      }
    return v;
  }

  // The interesting range: evenly spaced values, the halfway points k + 0.5 between
  // integers in it (and their neighbours), and consecutive values from lo upwards.
  std::vector<T> sweep() {
    std::vector<T> v;
    const int n = 32768 * scale;
    for (int i = 0; i <= n; i++)
      v.push_back((T)(f.lo + (f.hi - f.lo) * i / n));
    for (int i = 0; i <= n / 4; i++) {
      double k = floor(f.lo + (f.hi - f.lo) * i / (n / 4)) + 0.5;
      if (fabs(k) >= ldexp(1, fmt<T>::p - 1)) continue;
      T h = (T)k;
      v.push_back(h);
      v.push_back(from_bits<T>(bits_of(h) + 1));
      v.push_back(from_bits<T>(bits_of(h) - 1));
    }
    T x = (T)f.lo;
    for (int i = 0; i < 8192 * scale && x <= (T)f.hi; i++) {
      v.push_back(x);
      x = nextafter(x, (T)INFINITY);
    }
    return v;
  }

  // n random values: half uniform over all bit patterns, half uniform over [lo, hi].
  std::vector<T> random(int n) {
    std::vector<T> v;
    for (int i = 0; i < n; i++)
      v.push_back(i % 2 || f.range_only() ? random_in_range() : random_bits());
    return v;
  }
};

struct input_set {
  std::vector<float> f[3]; // one vector per argument position (unused ones: copies of the first)
  std::vector<double> d[3];
};

template <class T> static void keep(std::vector<T> *args, int arity, const function_info &f) {
  if (!f.range_only()) return;
  std::vector<T> kept[3];
  for (size_t i = 0; i < args[0].size(); i++) {
    bool ok = true;
    for (int j = 0; j < arity; j++)
      ok = ok && args[j][i] >= (T)f.lo && args[j][i] <= (T)f.hi;
    if (ok)
      for (int j = 0; j < 3; j++)
        kept[j].push_back(args[j][i]);
  }
  for (int j = 0; j < 3; j++)
    args[j].swap(kept[j]);
}

// Unary: edges, binades, the sweep, random. Binary: all pairs of edge values, every
// unary input against random values of both kinds, random pairs, and near pairs (b a
// few ulps from a, for cancellation and x/x). Ternary: triples of edge values (a subset),
// random triples, and c = -(a*b) and its neighbours (fma's hardest cancellations).
template <class T>
static void build_inputs(const function_info &f, int scale, std::vector<T> *args) {
  typedef typename fmt<T>::bits U;
  input_builder<T> in{f, rng{seed_of(f.id)}, scale};
  std::vector<T> one = in.edges(), edges = edge_values<T>(), b = in.binades(), s = in.sweep();
  one.insert(one.end(), b.begin(), b.end());
  one.insert(one.end(), s.begin(), s.end());
  if (f.arity == 1) {
    std::vector<T> rnd = in.random(262144 * scale);
    one.insert(one.end(), rnd.begin(), rnd.end());
    args[0] = one;
  } else if (f.arity == 2) {
    for (T x : edges)
      for (T y : edges)
        args[0].push_back(x), args[1].push_back(y);
    for (T x : one) { // each unary input with a random partner, in both positions
      T y = in.random(2)[in.r.next() & 1];
      args[0].push_back(x), args[1].push_back(y);
      args[0].push_back(y), args[1].push_back(x);
    }
    for (int i = 0; i < 65536 * scale; i++) { // near pairs
      T x = in.random(2)[i & 1];
      T y = from_bits<T>(bits_of(x) + (U)(int64_t)((int)(in.r.next() % 9) - 4));
      if (in.r.next() & 1) y = -y;
      args[0].push_back(x), args[1].push_back(y);
    }
    std::vector<T> r0 = in.random(262144 * scale), r1 = in.random(262144 * scale);
    args[0].insert(args[0].end(), r0.begin(), r0.end());
    args[1].insert(args[1].end(), r1.begin(), r1.end());
  } else {
    std::vector<T> few;
    for (size_t i = 0; i < edges.size(); i += 3)
      few.push_back(edges[i]);
    for (T x : few)
      for (T y : few)
        for (T z : few)
          args[0].push_back(x), args[1].push_back(y), args[2].push_back(z);
    for (int i = 0; i < 65536 * scale; i++) { // c = -(a*b) rounded, and neighbours
      T x = in.random(2)[i & 1], y = in.random(2)[i & 1];
      T z = -(x * y);
      if (isfinite(z)) z = from_bits<T>(bits_of(z) + (U)(int64_t)((int)(in.r.next() % 5) - 2));
      args[0].push_back(x), args[1].push_back(y), args[2].push_back(z);
    }
    for (int j = 0; j < 3; j++) {
      std::vector<T> rj = in.random(262144 * scale);
      args[j].insert(args[j].end(), rj.begin(), rj.end());
    }
  }
  for (int j = f.arity; j < 3; j++)
    args[j] = args[0];
  keep(args, f.arity, f);
}

// ---- Measuring ---------------------------------------------------------------------
typedef int (*ref_fn)(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr c, mpfr_rnd_t d);

// References where CUDA's special values differ from MPFR's function of the same
// mathematics (for the table's MPFR column).
// 1/sqrt(x): CUDA's rsqrtf(+-0) is +-inf (IEEE 754's rSqrt); MPFR's rec_sqrt(-0) is +inf.
[[maybe_unused]] static int ref_rsqrt(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  if (!mpfr_zero_p(a)) return mpfr_rec_sqrt(r, a, d);
  mpfr_set_inf(r, mpfr_signbit(a) ? -1 : 1);
  return 0;
}

// f64trig: sqrt(a^2 + b^2 + c^2 [+ c^2]) (n = 2, 3, 4 terms: b, c, c) and its reciprocal,
// at 256 bits in MPFR's widest exponent range (no overflow of the squares), rounded once
// into r; +inf (reciprocal +0) if a term is infinite, even with a NaN, as hypot.
[[maybe_unused]] static int ref_f64trig_norm_any(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b,
                                                 mpfr_srcptr c, int n, bool recip, mpfr_rnd_t d) {
  mpfr_srcptr v[4] = {a, b, n >= 3 ? c : a, c};
  bool inf = false, nan = false;
  for (int i = 0; i < n; i++)
    inf |= mpfr_inf_p(v[i]) != 0, nan |= mpfr_nan_p(v[i]) != 0;
  if (inf || nan) {
    if (!inf) mpfr_set_nan(r);
    else if (recip) mpfr_set_zero(r, 1);
    else mpfr_set_inf(r, 1);
    return 0;
  }
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t s, t;
  mpfr_inits2(256, s, t, (mpfr_ptr)0);
  mpfr_set_zero(s, 1);
  int inexact = 0;
  for (int i = 0; i < n; i++) {
    inexact |= mpfr_sqr(t, v[i], MPFR_RNDN);
    inexact |= mpfr_add(s, s, t, MPFR_RNDN);
  }
  inexact |= mpfr_sqrt(s, s, MPFR_RNDN);
  if (recip) inexact |= mpfr_ui_div(s, 1, s, MPFR_RNDN);
  int ternary = mpfr_set(r, s, d);
  mpfr_clears(s, t, (mpfr_ptr)0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  return ternary ? ternary : inexact ? 1 : 0;
}
[[maybe_unused]] static int ref_f64trig_norm(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b,
                                             mpfr_srcptr c, int n, mpfr_rnd_t d) {
  return ref_f64trig_norm_any(r, a, b, c, n, false, d);
}
[[maybe_unused]] static int ref_f64trig_rnorm(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b,
                                              mpfr_srcptr c, int n, mpfr_rnd_t d) {
  return ref_f64trig_norm_any(r, a, b, c, n, true, d);
}
// pow(a, b * 128) (the harness's pow_wide row: exponents up to +-1024; b * 128 is exact
// in double, as on the device, overflow included).
[[maybe_unused]] static int ref_f64exp_pow_scaled(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b,
                                                  mpfr_rnd_t d) {
  mpfr_t y;
  mpfr_init2(y, 53);
  mpfr_mul_2ui(y, b, 7, MPFR_RNDN);
  int t = mpfr_pow(r, a, y, d);
  mpfr_clear(y);
  return t;
}
// The special families' fast references (f32special_decides below):
// v is within 2^-(e+1) of the exact value relatively, which therefore lies in v (1 +-
// 2^-e); when that interval holds no number of r's precision plus one bit, neither a
// value of r's format nor a midpoint of two, every number in it rounds (to r's
// precision, in mode d) to the same value with the same ternary sign, and r = v rounded
// is the correctly rounded result with the ternary value the harness's subnormal
// rounding needs (*t). False when undecided. Inside MPFR's widest exponent range.
static bool special_decides(mpfr_ptr r, mpfr_srcptr v, int e, mpfr_rnd_t d, int *t) {
  if (!mpfr_number_p(v) || mpfr_zero_p(v)) return false;
  mpfr_t w, u, l, h;
  mpfr_inits2(mpfr_get_prec(v) + e + 2, w, u, (mpfr_ptr)0);
  mpfr_inits2(mpfr_get_prec(r) + 1, l, h, (mpfr_ptr)0);
  mpfr_abs(w, v, MPFR_RNDN), mpfr_div_2ui(u, w, e, MPFR_RNDN); // exact
  mpfr_sub(u, w, u, MPFR_RNDN);                                   // exact: the low end
  bool ok = mpfr_set(l, u, MPFR_RNDD) != 0;                       // not itself such a number
  mpfr_div_2ui(u, w, e, MPFR_RNDN), mpfr_add(u, w, u, MPFR_RNDN); // exact: the high end
  ok = ok && (mpfr_set(h, u, MPFR_RNDD), mpfr_equal_p(l, h));
  mpfr_clears(w, u, l, h, (mpfr_ptr)0);
  if (ok) *t = mpfr_set(r, v, d);
  return ok;
}
// f64special: erfcx(a) = e^(a^2) erfc(a) at 320 bits for -30 <= a <= 30 (MPFR's erfc is
// slow far out); beyond, the asymptotic series 1/(a sqrt(pi)) sum_k (-1)^k (2k-1)!!/(2a^2)^k
// (14 terms, within 2^-80 for a > 30), +inf below -30; rounded once.
[[maybe_unused]] static int ref_f64special_erfcx(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  if (mpfr_nan_p(a)) return mpfr_set_nan(r), 0;
  if (mpfr_inf_p(a)) {
    if (mpfr_signbit(a)) mpfr_set_inf(r, 1);
    else mpfr_set_zero(r, 1);
    return 0;
  }
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t s, t;
  mpfr_inits2(256 + 64, s, t, (mpfr_ptr)0);
  if (mpfr_cmp_d(a, 30) > 0) { // sum_k (-1)^k (2k-1)!! / (2a^2)^k, 14 terms: within 2^-80
    mpfr_t u, term;
    mpfr_inits2(256 + 64, u, term, (mpfr_ptr)0);
    mpfr_sqr(u, a, MPFR_RNDN), mpfr_mul_2ui(u, u, 1, MPFR_RNDN);
    mpfr_set_ui(term, 1, MPFR_RNDN), mpfr_set_ui(s, 1, MPFR_RNDN);
    for (long k = 1; k <= 14; k++) {
      mpfr_mul_si(term, term, -(2 * k - 1), MPFR_RNDN), mpfr_div(term, term, u, MPFR_RNDN);
      mpfr_add(s, s, term, MPFR_RNDN);
    }
    mpfr_clears(u, term, (mpfr_ptr)0);
    mpfr_const_pi(t, MPFR_RNDN), mpfr_sqrt(t, t, MPFR_RNDN), mpfr_mul(t, t, a, MPFR_RNDN);
    mpfr_div(s, s, t, MPFR_RNDN);
  } else if (mpfr_cmp_d(a, -30) < 0) {
    mpfr_set_inf(s, 1);
  } else {
    mpfr_sqr(s, a, MPFR_RNDN), mpfr_exp(s, s, MPFR_RNDN);
    mpfr_erfc(t, a, MPFR_RNDN), mpfr_mul(s, s, t, MPFR_RNDN);
  }
  int v = mpfr_set(r, s, d);
  mpfr_clears(s, t, (mpfr_ptr)0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  return v ? v : 1;
}
// gamma: log|Gamma(a)| (mpfr_lgamma; its sign output unused).
[[maybe_unused]] static int ref_gamma_lgamma(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  int sign;
  return mpfr_lgamma(r, &sign, a, d);
}
// f64special: normcdf(a) = erfc(-a/sqrt(2))/2, -a/sqrt(2) at 320 bits.
[[maybe_unused]] static int ref_f64special_normcdf(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  mpfr_t s;
  mpfr_init2(s, 320);
  mpfr_sqrt_ui(s, 2, MPFR_RNDN), mpfr_div(s, a, s, MPFR_RNDN), mpfr_neg(s, s, MPFR_RNDN);
  mpfr_prec_t p = mpfr_get_prec(r);
  mpfr_t e;
  mpfr_init2(e, p + 64);
  mpfr_erfc(e, s, MPFR_RNDN), mpfr_div_2ui(e, e, 1, MPFR_RNDN);
  int v = mpfr_set(r, e, d);
  mpfr_clears(s, e, (mpfr_ptr)0);
  return v ? v : 1;
}
// f64special: erfinv, erfcinv, normcdfinv (MPFR has none) by Newton's method in long double
// (64-bit significand, libm's erfl, erfcl, logl, expl; the tail on log erfc so that nothing
// underflows): within about 2^-60 relative of the exact value, 1/100 ulp of double, so the
// reference is off by at most that from the correctly rounded one.
static const long double ref_f64special_sqrtpi_2 = 0.886226925452758013649083741671L;
[[maybe_unused]] static long double ref_f64special_erfinv_small(long double y) { // |y| <= 1/2
  long double x = y * ref_f64special_sqrtpi_2;
  for (int i = 0; i < 8; i++) x -= (erfl(x) - y) * ref_f64special_sqrtpi_2 * expl(x * x);
  return x;
}
[[maybe_unused]] static long double ref_f64special_erfcinv_ld(long double q) { // 0 < q < 2
  if (q > 1.5L) return -ref_f64special_erfcinv_ld(2 - q);
  if (q >= 0.5L) return ref_f64special_erfinv_small(1 - q);
  long double lq = logl(q), x = sqrtl(-lq);
  for (int i = 0; i < 4; i++) x = sqrtl(-lq - logl(x * 1.772453850905516027298L));
  for (int i = 0; i < 6; i++) {
    long double e = erfcl(x);
    x -= (lq - logl(e)) * e * ref_f64special_sqrtpi_2 * expl(x * x);
  }
  return x;
}
[[maybe_unused]] static int ref_f64special_ld(mpfr_ptr r, long double v, mpfr_rnd_t d) {
  mpfr_set_ld(r, v, d);
  return v != v || v - v != 0 || v == 0 ? 0 : 1;
}
[[maybe_unused]] static int ref_f64special_erfinv(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  long double y = mpfr_get_ld(a, MPFR_RNDN), ay = fabsl(y), v;
  if (!(ay < 1)) v = ay == 1 ? copysignl(INFINITY, y) : NAN;
  else if (ay <= 0.5L) v = ref_f64special_erfinv_small(y);
  else v = copysignl(ref_f64special_erfcinv_ld(1 - ay), y);
  return ref_f64special_ld(r, v, d);
}
[[maybe_unused]] static int ref_f64special_erfcinv(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  long double q = mpfr_get_ld(a, MPFR_RNDN), v;
  if (q > 0 && q < 2) v = ref_f64special_erfcinv_ld(q);
  else v = q == 0 ? INFINITY : q == 2 ? -INFINITY : NAN;
  return ref_f64special_ld(r, v, d);
}
[[maybe_unused]] static int ref_f64special_normcdfinv(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  long double p = mpfr_get_ld(a, MPFR_RNDN), v;
  if (p == 0.5L) v = 0; // +0, as CUDA gives on the H200 (tests/math/observed)
  else if (p > 0 && p < 1) v = -1.414213562373095048801688724209698L * ref_f64special_erfcinv_ld(2 * p);
  else v = p == 0 ? -INFINITY : p == 1 ? INFINITY : NAN;
  return ref_f64special_ld(r, v, d);
}
// bessel64: references for the double Bessel rows. jn and yn of n < 0 are NaN (CUDA's
// documented value; MPFR gives the reflection). jn, yn of large n (rows bounded in
// absolute error only; MPFR's yn takes milliseconds for n = 128): glibc's long double jnl,
// ynl, within about 1e-18 absolute of the exact value, 1/5,000,000 of CUDA's bound
// 5e-12; the special values as MPFR's.
[[maybe_unused]] static int ref_bessel64_nan(mpfr_ptr r) {
  mpfr_set_nan(r);
  return 0;
}
[[maybe_unused]] static int ref_bessel64_ld(mpfr_ptr r, mpfr_srcptr a, int n, int y,
                                            mpfr_rnd_t d) {
  if (mpfr_nan_p(a) || mpfr_inf_p(a) || mpfr_zero_p(a) || (y && mpfr_sgn(a) < 0))
    return y ? mpfr_yn(r, n, a, d) : mpfr_jn(r, n, a, d);
  long double x = mpfr_get_ld(a, MPFR_RNDN);
  int t = mpfr_set_ld(r, y ? ynl(n, x) : jnl(n, x), d);
  return t ? t : 1;
}
// j0, j1 (y 0), y0, y1 (y 1) of order n: MPFR for |a| < 8 (bound 7 ulp), the long double
// reference above beyond (bound 5e-12 absolute; MPFR's y0 takes 17 us near 8, too slow for
// CI at 1.3 million inputs); j1(+-inf) = +-0 (CUDA; MPFR: +0).
[[maybe_unused]] static int ref_bessel64_jy(mpfr_ptr r, mpfr_srcptr a, int n, int y,
                                            mpfr_rnd_t d) {
  if (mpfr_inf_p(a) && n == 1 && !y) return mpfr_set_zero(r, mpfr_signbit(a) ? -1 : 1), 0;
  if (mpfr_nan_p(a) || mpfr_inf_p(a) || mpfr_cmpabs_ui(a, 8) < 0)
    return y ? mpfr_yn(r, n, a, d) : mpfr_jn(r, n, a, d);
  return ref_bessel64_ld(r, a, n, y, d);
}
// cyl_bessel_i0 (nu 0), cyl_bessel_i1 (nu 1): the power series sum (x/2)^(2k+nu) / (k!
// (k+nu)!) (all terms positive) for |x| < 40, else the asymptotic series e^x / sqrt(2 pi x)
// sum_k (-1)^k prod_{j<=k} (4nu^2 - (2j-1)^2) / (k! (8x)^k) (its terms fall below 2^-100
// before they grow again; the neglected e^-x part is below e^-80 relative), at 128 bits in
// MPFR's widest exponent range; +-inf beyond 720 (I0(713.99) overflows); I0 even, I1 odd.
// Checked against known values (I0(1) = 1.2660658777520082, I1(1) = 0.5651591039924851,
// I0(10) = 2815.716628466254, I1(50) = 2.903078590103557e20).
[[maybe_unused]] static int ref_bessel64_i(mpfr_ptr r, mpfr_srcptr a, int nu, mpfr_rnd_t d) {
  if (mpfr_nan_p(a)) return mpfr_set_nan(r), 0;
  int neg = nu && mpfr_signbit(a);
  if (mpfr_zero_p(a)) return nu ? mpfr_set(r, a, d) : mpfr_set_ui(r, 1, d);
  if (mpfr_inf_p(a) || mpfr_cmpabs_ui(a, 720) > 0) return mpfr_set_inf(r, neg ? -1 : 1), 0;
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t x, s, t, q;
  mpfr_inits2(128, x, s, t, q, (mpfr_ptr)0);
  mpfr_abs(x, a, MPFR_RNDN);
  if (mpfr_cmp_ui(x, 40) < 0) {
    mpfr_div_2ui(q, x, 1, MPFR_RNDN); // x/2
    if (nu) mpfr_set(t, q, MPFR_RNDN);
    else mpfr_set_ui(t, 1, MPFR_RNDN);
    mpfr_sqr(q, q, MPFR_RNDN);
    mpfr_set(s, t, MPFR_RNDN);
    for (unsigned long k = 1; k < 400; k++) {
      mpfr_mul(t, t, q, MPFR_RNDN), mpfr_div_ui(t, t, k * (k + nu), MPFR_RNDN);
      mpfr_add(s, s, t, MPFR_RNDN);
      if (mpfr_cmp_ui(q, k * k) < 0 && mpfr_get_exp(t) < mpfr_get_exp(s) - 100) break;
    }
  } else {
    mpfr_set_ui(s, 1, MPFR_RNDN), mpfr_set_ui(t, 1, MPFR_RNDN);
    mpfr_mul_ui(q, x, 8, MPFR_RNDN);
    for (long k = 1; k < 200; k++) {
      long m = 4 * nu * nu - (2 * k - 1) * (2 * k - 1);
      mpfr_mul_si(t, t, -m, MPFR_RNDN), mpfr_div_ui(t, t, k, MPFR_RNDN);
      mpfr_div(t, t, q, MPFR_RNDN);
      mpfr_add(s, s, t, MPFR_RNDN);
      if (mpfr_get_exp(t) < mpfr_get_exp(s) - 100) break;
    }
    mpfr_exp(t, x, MPFR_RNDN), mpfr_mul(s, s, t, MPFR_RNDN);
    mpfr_const_pi(t, MPFR_RNDN), mpfr_mul(t, t, x, MPFR_RNDN), mpfr_mul_2ui(t, t, 1, MPFR_RNDN);
    mpfr_sqrt(t, t, MPFR_RNDN), mpfr_div(s, s, t, MPFR_RNDN);
  }
  if (neg) mpfr_neg(s, s, MPFR_RNDN);
  int v = mpfr_set(r, s, d);
  mpfr_clears(x, s, t, q, (mpfr_ptr)0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  return v ? v : 1;
}
// 1/cbrt(a): cbrt and the reciprocal at 256 bits, then rounded once (1/cbrt of a double is
// never a midpoint of doubles, so the double rounding cannot matter); +-inf at +-0, +-0 at
// +-inf. (mpfr_rootn_si(r, a, -3, d) would do, but needs MPFR 4.2.)
[[maybe_unused]] static int ref_f64exp_rcbrt(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  mpfr_t t;
  mpfr_init2(t, 256);
  int inexact = mpfr_cbrt(t, a, MPFR_RNDN) != 0;
  inexact |= mpfr_ui_div(t, 1, t, MPFR_RNDN) != 0;
  int v = mpfr_set(r, t, d);
  mpfr_clear(t);
  return v || !inexact ? v : 1; // the sign is never needed: results are normal
}
// pow(a, (int)b) (pow_int: b truncated to an integer, as the device's conversion does).
[[maybe_unused]] static int ref_f64exp_pow_int(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b,
                                               mpfr_rnd_t d) {
  return mpfr_pow_si(r, a, mpfr_get_si(b, MPFR_RNDZ), d);
}
// sqrt (reciprocal 0) or 1/sqrt (1) of the sum of the squares of the first n of a, b, c,
// e, rounded once: the sum in 200 bits over MPFR's widest exponent range (no overflow of
// the squares); +inf (0) if any operand is infinite even beside a NaN, as CUDA's hypot
// and norms; NaN for a NaN.
[[maybe_unused]] static int ref_f32trig_norm(mpfr_ptr r, int n, mpfr_srcptr a, mpfr_srcptr b,
                                             mpfr_srcptr c, mpfr_srcptr e, int reciprocal) {
  mpfr_srcptr v[4] = {a, b, c, e};
  for (int i = 0; i < n; i++)
    if (mpfr_inf_p(v[i])) {
      if (reciprocal) mpfr_set_zero(r, 1);
      else mpfr_set_inf(r, 1);
      return 0;
    }
  for (int i = 0; i < n; i++)
    if (mpfr_nan_p(v[i])) {
      mpfr_set_nan(r);
      return 0;
    }
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t s, t;
  mpfr_inits2(200, s, t, (mpfr_ptr)0);
  mpfr_set_zero(s, 1);
  for (int i = 0; i < n; i++)
    mpfr_sqr(t, v[i], MPFR_RNDN), mpfr_add(s, s, t, MPFR_RNDN);
  int ternary = reciprocal ? mpfr_rec_sqrt(r, s, MPFR_RNDN) : mpfr_sqrt(r, s, MPFR_RNDN);
  mpfr_clears(s, t, (mpfr_ptr)0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  return ternary;
}
// ldexp/scalbn (b is the exponent, BASIC_INT) and scalbln (BASIC_LONG): exact scaling by
// 2^n, which the harness then rounds to the format (overflow, subnormals).
[[maybe_unused]] static int ref_basic_ldexp(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b,
                                            mpfr_rnd_t d) {
  double n = mpfr_get_d(b, MPFR_RNDN);
  return mpfr_mul_2si(r, a, BASIC_INT(n), d);
}
[[maybe_unused]] static int ref_basic_scalbln(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b,
                                              mpfr_rnd_t d) {
  double n = mpfr_get_d(b, MPFR_RNDN);
  return mpfr_mul_2si(r, a, BASIC_LONG(n), d);
}
// logb: the exponent of a (floor(log2|a|), subnormals normalised); CUDA: logb(+-0) = -inf,
// logb(+-inf) = +inf, NaN for NaN.
[[maybe_unused]] static int ref_basic_logb(mpfr_ptr r, mpfr_srcptr a) {
  if (mpfr_nan_p(a)) return mpfr_set_nan(r), 0;
  if (mpfr_inf_p(a)) return mpfr_set_inf(r, 1), 0;
  if (mpfr_zero_p(a)) return mpfr_set_inf(r, -1), 0;
  return mpfr_set_si(r, (long)mpfr_get_exp(a) - 1, MPFR_RNDN);
}
// nextafter: the host's IEEE nextafter on the exact values (MPFR's nextabove steps in its
// own precision, not through the format's subnormals).
[[maybe_unused]] static int ref_basic_nextafterf(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b) {
  return mpfr_set_flt(r, nextafterf(mpfr_get_flt(a, MPFR_RNDN), mpfr_get_flt(b, MPFR_RNDN)),
                      MPFR_RNDN);
}
[[maybe_unused]] static int ref_basic_nextafter(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b) {
  return mpfr_set_d(r, nextafter(mpfr_get_d(a, MPFR_RNDN), mpfr_get_d(b, MPFR_RNDN)), MPFR_RNDN);
}
// __powf's bound (CUDA documents none; it defines __powf as exp2f(y * __log2f(x))): the
// fast exp2's 2 ulp plus 2^24 ln 2 ulps per unit of absolute error in t = y * log2 x,
// which is |y| times __log2f's error (absolute 2^-22, or 2 ulp of log2 x: 2^-22 |log2 x|)
// plus the rounding of the product (2^-24 |t|).
[[maybe_unused]] static double ref_f32exp_fast_pow_bound(float a, float b) {
  double l = log2((double)a), t = fabs((double)b * l);
  return 2 + 0x1p24 * M_LN2 * (fabs((double)b) * 0x1p-22 * fmax(1, fabs(l)) + 0x1p-24 * t);
}

// f32special: the error functions at 128 (inverses: 256) bits over MPFR's widest exponent range (no
// overflow or underflow of the intermediate values), rounded once into r. erfcx(a) =
// e^(a^2) erfc(a); normcdf(a) = erfc(-a/sqrt 2)/2; the inverses (no MPFR function) solve
// erf(r) = a resp. erfc(r) = a: bisection in double with the host's erf/erfc (r to about
// 1e-10 or better), then Newton's iteration at 256 bits.
struct f32special_wide {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  f32special_wide() { mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max()); }
  ~f32special_wide() { mpfr_set_emin(emin), mpfr_set_emax(emax); }
};
// The fast paths of the float inverses' and erfcx's references (MPFR's erf and erfc at
// 128 or 256 bits take tens to hundreds of microseconds an input between 2 and 15, which
// made these rows take minutes): the exact value is first computed in double (libm's
// erf, erfc, exp, log: glibc documents them within a few ulps, so the solutions below
// are within some 2^-52 relatively, checked against the long double ones), then, if
// that does not decide, in long double (x87, 64-bit significand: the f64special Newton
// solvers above, within some 2^-62), and only then in MPFR at 256 bits, as before.
// f32special_decides(r, v, e, d, &t) is special_decides (above) on the value v: undecided
// for about 2^(25-e) of the float inputs (a float midpoint within 2^-e of v). e = 42 for
// the double values (a factor 2^8 to spare), 50 for the long double ones (2^11). Inside
// f32special_wide.
static bool f32special_decides(mpfr_ptr r, long double v, int e, mpfr_rnd_t d, int *t) {
  mpfr_t x;
  mpfr_init2(x, 64);
  mpfr_set_ld(x, v, MPFR_RNDN); // exact
  bool ok = special_decides(r, x, e, d, t);
  mpfr_clear(x);
  return ok;
}
// erfcx in double: e^(x^2) erfc(x) (x^2 exact) up to 26, where erfc(x) nears the
// subnormals, beyond the asymptotic series 1/(x sqrt(pi)) sum_k (-1)^k (2k-1)!!/(2x^2)^k
// to k = 8 (the rest is below 2^-70 of the sum).
static double f32special_erfcx_d(double x) {
  if (x <= 26) return exp(x * x) * erfc(x);
  double u = 2 * x * x, term = 1, sum = 1;
  for (int k = 1; k <= 8; k++)
    term *= -(2 * k - 1) / u, sum += term;
  return sum / (x * 1.7724538509055160);
}
[[maybe_unused]] static int ref_f32special_erfcx(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  if (mpfr_nan_p(a)) return mpfr_set_nan(r), 0;
  if (mpfr_inf_p(a)) return mpfr_signbit(a) ? mpfr_set_inf(r, 1) : mpfr_set_zero(r, 1), 0;
  int t;
  {
    f32special_wide w;
    double x = mpfr_get_d(a, MPFR_RNDN); // exact
    // Below -26 erfcx(x) > e^676 is beyond every format: r = 2^1024, below it, which the
    // harness's range check turns into the overflow it is (as the exact value would be).
    if (x < -26) return mpfr_set_ui_2exp(r, 1, 1024, d), -1;
    if (f32special_decides(r, f32special_erfcx_d(x), 42, d, &t)) return t;
    if (fabs(x) <= 26 &&
        f32special_decides(r, expl((long double)x * x) * erfcl(x), 50, d, &t))
      return t;
    mpfr_t e, f;
    mpfr_inits2(128, e, f, (mpfr_ptr)0);
    if (mpfr_cmp_ui(a, 1u << 30) > 0) { // 1/(sqrt(pi) a) (1 - 1/(2 a^2)), below 2^-120 off
      mpfr_const_pi(e, MPFR_RNDN), mpfr_sqrt(e, e, MPFR_RNDN), mpfr_mul(e, e, a, MPFR_RNDN);
      mpfr_ui_div(e, 1, e, MPFR_RNDN), mpfr_sqr(f, a, MPFR_RNDN), mpfr_mul_2ui(f, f, 1, MPFR_RNDN);
      mpfr_ui_div(f, 1, f, MPFR_RNDN), mpfr_ui_sub(f, 1, f, MPFR_RNDN), mpfr_mul(e, e, f, MPFR_RNDN);
    } else {
      mpfr_sqr(e, a, MPFR_RNDN), mpfr_exp(e, e, MPFR_RNDN);
      mpfr_erfc(f, a, MPFR_RNDN), mpfr_mul(e, e, f, MPFR_RNDN);
    }
    t = mpfr_set(r, e, d);
    mpfr_clears(e, f, (mpfr_ptr)0);
  }
  return t ? t : 1; // never exact but at 0 (1): the sign is never needed
}
[[maybe_unused]] static int ref_f32special_normcdf(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  int t;
  f32special_wide w;
  mpfr_t e;
  mpfr_init2(e, 128);
  mpfr_sqrt_ui(e, 2, MPFR_RNDN), mpfr_div(e, a, e, MPFR_RNDN), mpfr_neg(e, e, MPFR_RNDN);
  int te = mpfr_erfc(e, e, MPFR_RNDN);
  mpfr_div_2ui(e, e, 1, MPFR_RNDN);
  t = mpfr_set(r, e, d);
  mpfr_clear(e);
  // r = e exactly: erfc's own ternary tells where the value is (normcdf(2^-149) is not
  // exactly 1/2, normcdf(-3e38) not exactly 0, though e is)
  return t ? t : te;
}
// r with erf(r) = x (erfc_ 0) or erfc(r) = x (erfc_ 1), 0 < x < 1 (xm: x in MPFR), into
// the 256-bit s (inside f32special_wide).
static void f32special_solve(mpfr_ptr s, mpfr_srcptr xm, int erfc_) {
  double x = mpfr_get_d(xm, MPFR_RNDN), lo = 0, hi = 12;
  for (int i = 0; i < 80; i++) {
    double m = (lo + hi) / 2;
    if (erfc_ ? erfc(m) > x : erf(m) < x) lo = m;
    else hi = m;
  }
  mpfr_t f, g, k;
  mpfr_inits2(256, f, g, k, (mpfr_ptr)0);
  mpfr_const_pi(k, MPFR_RNDN), mpfr_sqrt(k, k, MPFR_RNDN), mpfr_ui_div(k, 2, k, MPFR_RNDN);
  mpfr_set_d(s, (lo + hi) / 2, MPFR_RNDN);
  for (int i = 0; i < 5; i++) { // s -= (erf(s) - x) / (2/sqrt(pi) e^-s^2); erfc: +=
    if (erfc_) mpfr_erfc(f, s, MPFR_RNDN), mpfr_sub(f, xm, f, MPFR_RNDN);
    else mpfr_erf(f, s, MPFR_RNDN), mpfr_sub(f, f, xm, MPFR_RNDN);
    mpfr_sqr(g, s, MPFR_RNDN), mpfr_neg(g, g, MPFR_RNDN), mpfr_exp(g, g, MPFR_RNDN);
    mpfr_mul(g, g, k, MPFR_RNDN), mpfr_div(f, f, g, MPFR_RNDN), mpfr_sub(s, s, f, MPFR_RNDN);
  }
  mpfr_clears(f, g, k, (mpfr_ptr)0);
}
// erfinv: +-inf at +-1, NaN beyond, erfinv(+-0) = +-0.
// erfinv(y) for |y| <= 1/2 and erfcinv(q) for 0 < q < 2 in double, as the long double
// solvers above but from a closer start and with a stop when the step is below 2^-60.
static double f32special_erfinv_d(double y) {
  double x = 0.88622692545275801 * y * (1 + 0.26179938779914941 * y * y); // the series' start
  for (int i = 0; i < 6; i++) {
    double s = (erf(x) - y) * 0.88622692545275801 * exp(x * x);
    x -= s;
    if (fabs(s) <= 0x1p-60 * fabs(x)) break;
  }
  return x;
}
static double f32special_erfcinv_d(double q) {
  if (q > 1.5) return -f32special_erfcinv_d(2 - q);
  if (q >= 0.5) return f32special_erfinv_d(1 - q);
  double lq = log(q), x = sqrt(-lq);
  for (int i = 0; i < 3; i++) x = sqrt(-lq - log(x * 1.7724538509055160));
  for (int i = 0; i < 10; i++) {
    double e = erfc(x), s = (lq - log(e)) * e * 0.88622692545275801 * exp(x * x);
    x -= s;
    if (fabs(s) <= 0x1p-60 * x) break;
  }
  return x;
}
[[maybe_unused]] static int ref_f32special_erfinv(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  if (mpfr_nan_p(a) || mpfr_cmpabs_ui(a, 1) > 0) return mpfr_set_nan(r), 0;
  if (mpfr_zero_p(a)) return mpfr_set(r, a, d), 0;
  int neg = mpfr_signbit(a) != 0;
  if (mpfr_cmpabs_ui(a, 1) == 0) return mpfr_set_inf(r, neg ? -1 : 1), 0;
  f32special_wide w;
  double y = fabs(mpfr_get_d(a, MPFR_RNDN)); // exact, as 1 - y
  int t;
  double u = y <= 0.5 ? f32special_erfinv_d(y) : f32special_erfcinv_d(1 - y);
  if (f32special_decides(r, neg ? -u : u, 42, d, &t)) return t;
  long double v = y <= 0.5 ? ref_f64special_erfinv_small(y) : ref_f64special_erfcinv_ld(1 - y);
  if (f32special_decides(r, neg ? -v : v, 50, d, &t)) return t;
  mpfr_t s, x;
  mpfr_inits2(256, s, x, (mpfr_ptr)0);
  mpfr_abs(x, a, MPFR_RNDN);
  f32special_solve(s, x, 0);
  if (neg) mpfr_neg(s, s, MPFR_RNDN);
  t = mpfr_set(r, s, d);
  mpfr_clears(s, x, (mpfr_ptr)0);
  return t ? t : 1;
}
// erfcinv(a) for a in [0, 2]: +inf at 0, -inf at 2, +0 at 1, NaN outside; -erfcinv(2 - a)
// above 1.
[[maybe_unused]] static int ref_f32special_erfcinv_scaled(mpfr_ptr r, mpfr_srcptr a, int scaled,
                                                          mpfr_rnd_t d) {
  f32special_wide w;
  mpfr_t s, x;
  mpfr_inits2(256, s, x, (mpfr_ptr)0);
  if (scaled) mpfr_mul_2ui(x, a, 1, MPFR_RNDN); // normcdfinv(a) = -sqrt 2 erfcinv(2 a)
  else mpfr_set(x, a, MPFR_RNDN);
  int t = 0, sign = scaled ? -1 : 1;
  if (mpfr_nan_p(x) || mpfr_sgn(x) < 0 || mpfr_cmp_ui(x, 2) > 0) mpfr_set_nan(r);
  else if (mpfr_zero_p(x)) mpfr_set_inf(r, sign);
  else if (mpfr_cmp_ui(x, 2) == 0) mpfr_set_inf(r, -sign);
  else if (mpfr_cmp_ui(x, 1) == 0) mpfr_set_zero(r, sign);
  else {
    int neg = mpfr_cmp_ui(x, 1) > 0;
    if (neg) mpfr_ui_sub(x, 2, x, MPFR_RNDN);
    double q = mpfr_get_d(x, MPFR_RNDN); // exact
    double u = f32special_erfcinv_d(q) * (neg ? -1 : 1) * (scaled ? -1.4142135623730951 : 1);
    long double v = 0;
    if (!f32special_decides(r, u, 42, d, &t)) {
      v = ref_f64special_erfcinv_ld(q) * (neg ? -1 : 1);
      if (scaled) v *= -1.414213562373095048801688724209698L;
    }
    if (v == 0 || f32special_decides(r, v, 50, d, &t)) {
      mpfr_clears(s, x, (mpfr_ptr)0);
      return t;
    }
    f32special_solve(s, x, 1);
    if (neg) mpfr_neg(s, s, MPFR_RNDN);
    if (scaled) mpfr_sqrt_ui(x, 2, MPFR_RNDN), mpfr_mul(s, s, x, MPFR_RNDN), mpfr_neg(s, s, MPFR_RNDN);
    t = mpfr_set(r, s, d);
    t = t ? t : 1;
  }
  mpfr_clears(s, x, (mpfr_ptr)0);
  return t;
}
[[maybe_unused]] static int ref_f32special_erfcinv(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  return ref_f32special_erfcinv_scaled(r, a, 0, d);
}
[[maybe_unused]] static int ref_f32special_normcdfinv(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  return ref_f32special_erfcinv_scaled(r, a, 1, d);
}

// bessel32: j1(+-inf) = +-0 (CUDA's j1f; MPFR gives +0 at -inf).
[[maybe_unused]] static int ref_bessel32_j1(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t d) {
  if (mpfr_inf_p(a)) return mpfr_set_zero(r, mpfr_signbit(a) ? -1 : 1), 0;
  return mpfr_j1(r, a, d);
}
// bessel32: J_n or Y_n (y) of |a| by the forward recurrence C_{k+1} = (2k/x) C_k - C_{k-1}
// from MPFR's j0, j1 (y0, y1) at 192 bits in MPFR's widest exponent range, rounded once:
// for Y at every x (the dominant solution: stable), for J where x > n (stable there, the
// error grows by a small factor); used for n >= 64, where MPFR's own jn/yn take up to
// 50 ms an input (n = 128, x in [256, 8192]). Still about 0.1 ms an input: the n = 128
// rows are not in CI.
static int bessel32_forward(mpfr_ptr r, long n, mpfr_srcptr a, int y, mpfr_rnd_t d) {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t x, c0, c1, t;
  mpfr_inits2(192, x, c0, c1, t, (mpfr_ptr)0);
  mpfr_abs(x, a, MPFR_RNDN);
  if (y) mpfr_y0(c0, x, MPFR_RNDN), mpfr_y1(c1, x, MPFR_RNDN);
  else mpfr_j0(c0, x, MPFR_RNDN), mpfr_j1(c1, x, MPFR_RNDN);
  for (long k = 1; k < n; k++) {
    mpfr_mul_ui(t, c1, (unsigned long)(2 * k), MPFR_RNDN), mpfr_div(t, t, x, MPFR_RNDN);
    mpfr_sub(t, t, c0, MPFR_RNDN);
    mpfr_swap(c0, c1), mpfr_swap(c1, t);
  }
  if (!y && (n & 1) && mpfr_signbit(a)) mpfr_neg(c1, c1, MPFR_RNDN);
  int v = mpfr_set(r, c1, d);
  mpfr_clears(x, c0, c1, t, (mpfr_ptr)0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  return v ? v : 1;
}
// bessel32: CUDA's jnf and ynf give NaN for n < 0 (its documented rule, not the reflection
// of MPFR's jn/yn); jn(n, -inf) = (-1)^n 0 (the symmetry; MPFR: +0).
[[maybe_unused]] static int ref_bessel32_jn(mpfr_ptr r, long n, mpfr_srcptr a, mpfr_rnd_t d) {
  if (n < 0) return mpfr_set_nan(r), 0;
  if (mpfr_inf_p(a)) return mpfr_set_zero(r, (n & 1) && mpfr_signbit(a) ? -1 : 1), 0;
  if (n >= 64 && mpfr_number_p(a) && mpfr_cmpabs_ui(a, (unsigned long)n) > 0)
    return bessel32_forward(r, n, a, 0, d);
  return mpfr_jn(r, n, a, d);
}
[[maybe_unused]] static int ref_bessel32_yn(mpfr_ptr r, long n, mpfr_srcptr a, mpfr_rnd_t d) {
  if (n < 0) return mpfr_set_nan(r), 0;
  if (n >= 64 && mpfr_number_p(a) && mpfr_sgn(a) > 0) return bessel32_forward(r, n, a, 1, d);
  return mpfr_yn(r, n, a, d);
}
// bessel32: I0 and I1 (MPFR has neither): I_n(x) = sum_k (x/2)^(2k+n) / (k! (k+n)!) at 96
// bits (positive terms, summed until they fall below 2^-100 of the sum; at most ~3|x|
// terms), in MPFR's widest exponent range; I1 odd, I0 even; |x| > 200: +-inf (beyond
// float's range from 91.9 on). Checked against tabulated values in tests/e2e/math_f32_bessel.cu.
[[maybe_unused]] static int ref_bessel32_i(mpfr_ptr r, int n, mpfr_srcptr a, mpfr_rnd_t d) {
  if (mpfr_nan_p(a)) return mpfr_set_nan(r), 0;
  if (mpfr_zero_p(a)) {
    if (n == 0) return mpfr_set_ui(r, 1, d), 0;
    return mpfr_set(r, a, d), 0;
  }
  int neg = n == 1 && mpfr_signbit(a);
  if (mpfr_inf_p(a) || mpfr_cmpabs_ui(a, 200) > 0) return mpfr_set_inf(r, neg ? -1 : 1), 0;
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_get_emin_min()), mpfr_set_emax(mpfr_get_emax_max());
  mpfr_t h, q, t, s;
  mpfr_inits2(96, h, q, t, s, (mpfr_ptr)0);
  mpfr_abs(h, a, MPFR_RNDN), mpfr_div_2ui(h, h, 1, MPFR_RNDN);
  mpfr_sqr(q, h, MPFR_RNDN);
  if (n) mpfr_set(t, h, MPFR_RNDN);
  else mpfr_set_ui(t, 1, MPFR_RNDN);
  mpfr_set(s, t, MPFR_RNDN);
  for (unsigned long k = 1; k < 2000; k++) {
    mpfr_mul(t, t, q, MPFR_RNDN), mpfr_div_ui(t, t, k * (k + (unsigned long)n), MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
    if (mpfr_get_exp(t) < mpfr_get_exp(s) - 100) break;
  }
  if (neg) mpfr_neg(s, s, MPFR_RNDN);
  int v = mpfr_set(r, s, d);
  mpfr_clears(h, q, t, s, (mpfr_ptr)0);
  mpfr_set_emin(emin), mpfr_set_emax(emax);
  // s exactly a float: the terms left out (positive) make |I_n| larger than |r|, which
  // the subnormal rounding needs at a midpoint (I1(2^-149) = 2^-150 (1 + 2^-302): 2^-149)
  return v ? v : neg ? 1 : -1;
}

#define MATH_REF(id, T, arity, expr, ref, bound, lo, hi, flags)                                    \
  static int ref_##id(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr c, mpfr_rnd_t d) {     \
    (void)a, (void)b, (void)c, (void)d;                                                            \
    return ref;                                                                                    \
  }
MATH_FUNCTIONS(MATH_REF)
MATH_SELFTESTS(MATH_REF)
#undef MATH_REF

// The correctly rounded value of the reference in format T: MPFR at T's precision and
// exponent range (in MPFR's convention, significands in [1/2, 1)) with subnormals
// emulated, rounded in mode rnd (the row's flags: to nearest unless RZ, RU, RD). *exact is
// set when MPFR's result was exact (no rounding, no overflow).
template <class T> struct reference {
  mpfr_t a, b, c, r;
  mpfr_exp_t saved_emin, saved_emax;
  mpfr_rnd_t rnd;
  explicit reference(mpfr_rnd_t mode) : rnd(mode) {
    saved_emin = mpfr_get_emin(), saved_emax = mpfr_get_emax();
    mpfr_set_emin(fmt<T>::emin - fmt<T>::p + 2); // smallest subnormal = 1/2 * 2^emin
    mpfr_set_emax(fmt<T>::emax + 1);
    mpfr_inits2(fmt<T>::p, a, b, c, r, (mpfr_ptr)0);
    mpfr_clear_flags();
  }
  ~reference() {
    mpfr_clears(a, b, c, r, (mpfr_ptr)0);
    mpfr_set_emin(saved_emin), mpfr_set_emax(saved_emax);
  }
  static void set(mpfr_ptr m, T x) {
    fmt<T>::set(m, x);
    if (isnan(x)) mpfr_setsign(m, m, signbit(x), MPFR_RNDN); // the sign copysign reads
  }
  T operator()(ref_fn fn, T x, T y, T z, bool *exact) {
    set(a, x), set(b, y), set(c, z);
    int t = fn(r, a, b, c, rnd);
    t = mpfr_check_range(r, t, rnd);
    t = mpfr_subnormalize(r, t, rnd);
    *exact = t == 0 && !mpfr_overflow_p();
    mpfr_clear_flags();
    return fmt<T>::get(r);
  }
};

// The error of y in ulps of the correctly rounded result want, as CUDA states its
// bounds: |y - want| / ulp(want), ulp(x) = 2^(max(e, emin) - p + 1) for |x| in
// [2^e, 2^(e+1)) (the spacing of T's values at want; subnormals have the smallest
// normal's). An infinite want that is a rounded overflow, or an infinite y against a
// finite want, counts as +-2^(emax+1) with ulp(largest normal). NaNs and exact
// infinities and zeros are checked apart (special_mismatch).
template <class T> static long double ulp_of(T want) {
  int e = want == 0 || isinf(want) ? fmt<T>::emin : ilogbl((long double)want);
  if (isinf(want)) e = fmt<T>::emax;
  if (e < fmt<T>::emin) e = fmt<T>::emin;
  if (e > fmt<T>::emax) e = fmt<T>::emax;
  return ldexpl(1, e - fmt<T>::p + 1);
}
template <class T> static long double ulp_error(T y, T want) {
  const long double big = ldexpl(1, fmt<T>::emax + 1);
  long double w = isinf(want) ? copysignl(big, want) : want;
  long double g = isinf(y) ? copysignl(big, y) : y;
  return fabsl(g - w) / ulp_of(want);
}

// An absolute error bound as a bound in ulps of w (the table's bound column).
template <class T> static long double abs_ulps(long double abs_error, T w) {
  return abs_error / ulp_of(w);
}

// Each row's bound at one input (a, b, c; w the correctly rounded result).
#define MATH_BOUND(id, T, arity, expr, ref, bound, lo, hi, flags)                                  \
  static long double bound_##id(T a, T b, T c, T w) {                                              \
    (void)a, (void)b, (void)c, (void)w;                                                            \
    return (long double)(bound);                                                                   \
  }
MATH_FUNCTIONS(MATH_BOUND)
MATH_SELFTESTS(MATH_BOUND)
#undef MATH_BOUND

// Why y cannot be right whatever the bound, or NULL: a NaN must be a NaN and only a
// NaN; an exact infinity or zero must be that value with its sign.
template <class T> static const char *special_mismatch(T y, T want, bool exact) {
  if (isnan(want) != isnan(y)) return isnan(want) ? "NaN expected" : "unexpected NaN";
  if (isnan(want)) return NULL;
  if (exact && (isinf(want) || want == 0) && bits_of(y) != bits_of(want))
    return isinf(want) ? "wrong infinity" : "wrong zero";
  return NULL;
}

template <class T> static void print_value(T x) {
  printf("%.*g (%a)", fmt<T>::p == 24 ? 9 : 17, (double)x, (double)x);
}

static int check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess;
}

// Evaluates Op on the device over args[0..2] (all of one length) into out.
template <class T, class Op> static int evaluate(std::vector<T> *args, std::vector<T> &out) {
  const int n = (int)args[0].size();
  out.assign(n, (T)0);
  T *dev[4] = {0, 0, 0, 0};
  const size_t bytes = sizeof(T) * (size_t)n;
  int ok = 1;
  for (int j = 0; j < 4 && ok; j++)
    ok = check(cudaMalloc((void **)&dev[j], bytes), "cudaMalloc");
  for (int j = 0; j < 3 && ok; j++)
    ok = check(cudaMemcpy(dev[j], args[j].data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
  if (ok) {
    eval_kernel<T, Op><<<(n + 255) / 256, 256>>>(dev[0], dev[1], dev[2], dev[3], n);
    ok = check(cudaGetLastError(), "launch") && check(cudaDeviceSynchronize(), "kernel");
  }
  if (ok) ok = check(cudaMemcpy(out.data(), dev[3], bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
  for (int j = 0; j < 4; j++)
    cudaFree(dev[j]);
  return ok;
}

// What one function's measurement found, accumulated over chunks of inputs.
template <class T> struct findings {
  long long inputs = 0, mismatches = 0;
  long double max_err = 0;
  T worst[4] = {0, 0, 0, 0}, first[4] = {0, 0, 0, 0}; // a, b, c, device result
  const char *why = NULL;                             // of the first mismatch

  void add(const function_info &f, ref_fn ref, long double (*bound)(T, T, T, T),
           reference<T> &cr, std::vector<T> *args, const std::vector<T> &out) {
    for (size_t i = 0; i < out.size(); i++) {
      bool exact;
      T a = args[0][i], b = args[1][i], c = args[2][i];
      T want = cr(ref, a, b, c, &exact);
      add_one(f, bound, a, b, c, out[i], want, exact);
    }
  }

  // One input (a, b, c), the device's result y and the correctly rounded want (exact:
  // MPFR's result was exact); also used by tests/math/gpu_exhaustive.cu.
  void add_one(const function_info &f, long double (*bound)(T, T, T, T), T a, T b, T c, T y,
               T want, bool exact) {
    if ((f.flags & ZEROS_EITHER) && want == 0 && y == 0 && a == 0 && (f.arity < 2 || b == 0))
      y = want; // either zero is right
    const long double limit = bound(a, b, c, want);
    const char *bad = special_mismatch(y, want, exact);
    if (!bad && limit == 0 && !isnan(want) && bits_of(y) != bits_of(want))
      bad = "not bit-exact"; // a correctly rounded function: any difference fails
    long double e = isnan(want) || isnan(y) ? 0 : ulp_error(y, want);
    if (!bad && e > limit) bad = "over the bound";
    if (bad && !mismatches++) first[0] = a, first[1] = b, first[2] = c, first[3] = y, why = bad;
    inputs++;
    if (e > max_err) max_err = e, worst[0] = a, worst[1] = b, worst[2] = c, worst[3] = y;
  }

  bool pass() const { return mismatches == 0; }

  // The function's line, then its worst input and its first mismatch, if any.
  void print(const function_info &f, ref_fn ref, reference<T> &cr) const {
    printf("%-12s %-6s inputs %10lld  max_ulp %-8.3Lg bound %-4s %s\n", f.id, f.type, inputs,
           max_err, f.bound, pass() ? "PASS" : "FAIL");
    for (int s = 0; s < 2; s++) {
      const T *v = s == 0 ? worst : first;
      if (s == 0 ? max_err == 0 : mismatches == 0) continue;
      bool exact;
      printf("    %s: %s(", s == 0 ? "worst" : why, f.id);
      for (int j = 0; j < f.arity; j++) {
        if (j) printf(", ");
        print_value(v[j]);
      }
      printf(") = ");
      print_value(v[3]);
      printf(", correctly rounded ");
      print_value(cr(ref, v[0], v[1], v[2], &exact));
      if (s == 1) printf(" (%lld such inputs)", mismatches);
      printf("\n");
    }
  }
};

// Runs one function over its input sets (bits_count == 0), or over every bit pattern
// in [bits_first, bits_first + bits_count) (a unary float function: the exhaustive run,
// tests/math/exhaustive.sh). Prints its line; returns 1 on PASS.
template <class T, class Op, long double (*Bound)(T, T, T, T)>
static int measure(const function_info &f, ref_fn ref, int scale, uint64_t bits_first,
                   uint64_t bits_count) {
  reference<T> cr(rounding_of(f.flags));
  findings<T> found;
  std::vector<T> args[3], out;
  if (bits_count == 0) {
    build_inputs<T>(f, scale, args);
    if (!evaluate<T, Op>(args, out)) return 0;
    found.add(f, ref, Bound, cr, args, out);
  } else {
    if (f.arity != 1 || sizeof(T) != 4) {
      printf("FAIL: %s: --bits is for unary float functions\n", f.id);
      return 0;
    }
    const uint64_t chunk = 1 << 22;
    for (uint64_t u = bits_first; u < bits_first + bits_count; u += chunk) {
      uint64_t end = u + chunk < bits_first + bits_count ? u + chunk : bits_first + bits_count;
      args[0].clear();
      for (uint64_t v = u; v < end; v++)
        args[0].push_back(from_bits<T>((typename fmt<T>::bits)v));
      args[1] = args[2] = args[0];
      if (!evaluate<T, Op>(args, out)) return 0;
      found.add(f, ref, Bound, cr, args, out);
    }
  }
  found.print(f, ref, cr);
  return found.pass();
}

// tests/math/gpu_exhaustive.cu includes this file for its table, references and checks,
// with a table and main of its own.
#ifndef MATH_ACCURACY_NO_MAIN
struct table_row {
  function_info info;
  int (*run)(const function_info &, ref_fn, int, uint64_t, uint64_t);
  ref_fn ref;
};

#define MATH_ROW(id, T, arity, expr, ref, bound, lo, hi, flags)                                    \
  {{#id, #T, arity, #bound, lo, hi, flags}, measure<T, op_##id, bound_##id>, ref_##id},
static const table_row table[] = {MATH_FUNCTIONS(MATH_ROW)};
static const table_row selftests[] = {MATH_SELFTESTS(MATH_ROW)};
#undef MATH_ROW

// --selftest: every row of MATH_SELFTESTS must give its expected verdict.
static int selftest(int scale) {
  int wrong = 0;
  for (const table_row &row : selftests) {
    const bool expect_pass = !strncmp(row.info.id, "pass_", 5);
    const bool passed = row.run(row.info, row.ref, scale, 0, 0);
    printf("    (expected %s: %s)\n", expect_pass ? "PASS" : "FAIL",
           passed == expect_pass ? "ok" : "WRONG");
    wrong += passed != expect_pass;
    fflush(stdout);
  }
  if (wrong) {
    printf("FAIL: %d self-test verdicts wrong\n", wrong);
    return 1;
  }
  printf("PASS\n");
  return 0;
}

int main(int argc, char **argv) {
  int scale = 1, first = 1;
  if (argc == 2 && !strcmp(argv[1], "--selftest")) return selftest(1);
  uint64_t bits_first = 0, bits_count = 0;
  for (;;) {
    if (first + 1 < argc && !strcmp(argv[first], "--scale")) {
      scale = atoi(argv[first + 1]), first += 2;
    } else if (first + 2 < argc && !strcmp(argv[first], "--bits")) {
      bits_first = strtoull(argv[first + 1], NULL, 0);
      bits_count = strtoull(argv[first + 2], NULL, 0), first += 3;
    } else {
      break;
    }
  }
  if (scale < 1 || bits_first + bits_count > (1ull << 32) ||
      (first < argc && argv[first][0] == '-')) {
    fprintf(stderr, "usage: %s [--scale N] [--bits FIRST COUNT] [NAME...]\n", argv[0]);
    return 2;
  }
  int ran = 0, failed = 0;
  for (const table_row &row : table) {
    bool wanted = first == argc;
    for (int i = first; i < argc; i++)
      wanted = wanted || !strcmp(argv[i], row.info.id);
    if (!wanted) continue;
    ran++;
    if (!row.run(row.info, row.ref, scale, bits_first, bits_count)) failed++;
    fflush(stdout);
  }
  if (ran == 0 || ran < argc - first) {
    printf("FAIL: unknown function name (the table has:");
    for (const table_row &row : table)
      printf(" %s", row.info.id);
    printf(")\n");
    return 2;
  }
  if (failed) {
    printf("FAIL: %d of %d functions outside their bounds\n", failed, ran);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
#endif // MATH_ACCURACY_NO_MAIN
