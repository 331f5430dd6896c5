/* anchor/math/f64_fast.h — part of anchor/math_functions.h: the double-float
 * arithmetic of anchorcc --fp64=fast (devlib/f64_fast.cu; the backend's
 * compiler/retype_fp64.c calls these, user code does not). A double under
 * --fp64=fast is a pair of floats hi + lo with hi = rn(hi + lo); each
 * function returns its pair as the bits of a 64-bit integer, hi in the low
 * 32 bits, lo in the high 32. u = 2^-24 (float's unit roundoff). The
 * relative error bounds hold when operands, result and the intermediate
 * hi parts are normal floats above 2^-101 in magnitude (so that the lo
 * parts are normal too) and no intermediate overflows; below that the
 * precision falls gradually to float's (lo parts subnormal or zero), above
 * 2^127 results overflow to infinity. Infinities, NaNs and signed zeros are
 * those of the float operation on the hi parts. */
#ifndef ANCHOR_MATH_F64_FAST_H
#define ANCHOR_MATH_F64_FAST_H
#pragma GCC system_header

/* a + b: relative error <= 3u^2 + 13u^3 (< 2^-46.4) */
ANCHOR_DEVLIB unsigned long long __anchor_dd_add(float ah, float al, float bh, float bl);
/* a * b: relative error <= 5u^2 (< 2^-45.6) */
ANCHOR_DEVLIB unsigned long long __anchor_dd_mul(float ah, float al, float bh, float bl);
/* a / b: relative error <= 15u^2 + 56u^3 (< 2^-44) */
ANCHOR_DEVLIB unsigned long long __anchor_dd_div(float ah, float al, float bh, float bl);
/* sqrt(a): relative error <= 4u^2 (< 2^-46) */
ANCHOR_DEVLIB unsigned long long __anchor_dd_sqrt(float ah, float al);
/* a * b + c as dd_mul then dd_add (two roundings): error <= 5u^2 |a b| +
 * (3u^2 + 13u^3) |a b + c| (1 + 5u^2), absolute */
ANCHOR_DEVLIB unsigned long long __anchor_dd_fma(float ah, float al, float bh, float bl, float ch,
                                                 float cl);
/* the pair of binary64 d given as its bits: within 2^-48 |d| (exact for
 * zeros, infinities, NaNs); lo = 0 when hi is infinite */
ANCHOR_DEVLIB unsigned long long __anchor_dd_from_bits(unsigned long long d);

#endif
