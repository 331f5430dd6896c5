/* anchor/math/rounding.h — part of anchor/math_functions.h: the arithmetic intrinsics in the four
 * rounding modes and the conversions (devlib/rounding.cu).
 *
 * Contract of every function here: correctly rounded in its mode (rn: to nearest even, rz:
 * toward zero, ru: toward +inf, rd: toward -inf), bit-exact, subnormal results, overflow (rz and
 * the mode's side toward zero give the largest finite value) and signed zeros as IEEE 754 (an
 * exact zero sum is +0, -0 in rd). NaN in gives a NaN. Float -> integer conversions saturate as
 * CUDA's (PTX cvt): out-of-range values give the type's smallest or largest value; a NaN gives
 * 0 from a float to a 32-bit type and the top bit alone (0x80000000, 0x8000000000000000) from a
 * double to any type and from a float to a 64-bit type, as on an H200.
 * __fadd_rn and __fmul_rn are never contracted into an fma (the library is compiled without
 * contraction). */
#ifndef ANCHOR_MATH_ROUNDING_H
#define ANCHOR_MATH_ROUNDING_H
#pragma GCC system_header

/* One declaration and one CUDA name per function and mode. */
#define ANCHOR_ROUNDING_1(R, name, T)                                                              \
  ANCHOR_DEVLIB R __anchor_##name(T x);                                                            \
  ANCHOR_MATH R __##name(T x) {                                                                    \
    return __anchor_##name(x);                                                                     \
  }
#define ANCHOR_ROUNDING_2(R, name, T)                                                              \
  ANCHOR_DEVLIB R __anchor_##name(T x, T y);                                                       \
  ANCHOR_MATH R __##name(T x, T y) {                                                               \
    return __anchor_##name(x, y);                                                                  \
  }
#define ANCHOR_ROUNDING_3(R, name, T)                                                              \
  ANCHOR_DEVLIB R __anchor_##name(T x, T y, T z);                                                  \
  ANCHOR_MATH R __##name(T x, T y, T z) {                                                          \
    return __anchor_##name(x, y, z);                                                               \
  }

/* Every mode: float and double + - * and fma; double / 1/x sqrt; the conversions. */
#define ANCHOR_ROUNDING_MODE(m)                                                                    \
  ANCHOR_ROUNDING_2(float, fadd_##m, float)                                                        \
  ANCHOR_ROUNDING_2(float, fsub_##m, float)                                                        \
  ANCHOR_ROUNDING_2(float, fmul_##m, float)                                                        \
  ANCHOR_ROUNDING_3(float, fmaf_##m, float)                                                        \
  ANCHOR_ROUNDING_2(double, dadd_##m, double)                                                      \
  ANCHOR_ROUNDING_2(double, dsub_##m, double)                                                      \
  ANCHOR_ROUNDING_2(double, dmul_##m, double)                                                      \
  ANCHOR_ROUNDING_3(double, fma_##m, double)                                                       \
  ANCHOR_ROUNDING_2(double, ddiv_##m, double)                                                      \
  ANCHOR_ROUNDING_1(double, drcp_##m, double)                                                      \
  ANCHOR_ROUNDING_1(double, dsqrt_##m, double)                                                     \
  ANCHOR_ROUNDING_1(int, float2int_##m, float)                                                     \
  ANCHOR_ROUNDING_1(unsigned int, float2uint_##m, float)                                           \
  ANCHOR_ROUNDING_1(long long, float2ll_##m, float)                                                \
  ANCHOR_ROUNDING_1(unsigned long long, float2ull_##m, float)                                      \
  ANCHOR_ROUNDING_1(int, double2int_##m, double)                                                   \
  ANCHOR_ROUNDING_1(unsigned int, double2uint_##m, double)                                         \
  ANCHOR_ROUNDING_1(long long, double2ll_##m, double)                                              \
  ANCHOR_ROUNDING_1(unsigned long long, double2ull_##m, double)                                    \
  ANCHOR_ROUNDING_1(float, int2float_##m, int)                                                     \
  ANCHOR_ROUNDING_1(float, uint2float_##m, unsigned int)                                           \
  ANCHOR_ROUNDING_1(float, ll2float_##m, long long)                                                \
  ANCHOR_ROUNDING_1(float, ull2float_##m, unsigned long long)                                      \
  ANCHOR_ROUNDING_1(double, ll2double_##m, long long)                                              \
  ANCHOR_ROUNDING_1(double, ull2double_##m, unsigned long long)                                    \
  ANCHOR_ROUNDING_1(float, double2float_##m, double)
ANCHOR_ROUNDING_MODE(rn)
ANCHOR_ROUNDING_MODE(rz)
ANCHOR_ROUNDING_MODE(ru)
ANCHOR_ROUNDING_MODE(rd)

/* Float / 1/x sqrt in the directed modes (round to nearest: math/sqrt_div.h). */
#define ANCHOR_ROUNDING_DIRECTED(m)                                                                \
  ANCHOR_ROUNDING_2(float, fdiv_##m, float)                                                        \
  ANCHOR_ROUNDING_1(float, frcp_##m, float)                                                        \
  ANCHOR_ROUNDING_1(float, fsqrt_##m, float)
ANCHOR_ROUNDING_DIRECTED(rz)
ANCHOR_ROUNDING_DIRECTED(ru)
ANCHOR_ROUNDING_DIRECTED(rd)

/* __fmaf_ieee_*: fma in the mode, subnormals kept even under -ftz=true (as every function here
 * in the default mode): __anchor_fmaf_* under names of their own, which compiler/lower_ftz.c
 * leaves unflushed. */
#define ANCHOR_ROUNDING_FMA_IEEE(m)                                                                \
  ANCHOR_DEVLIB float __anchor_fmaf_ieee_##m(float x, float y, float z);                           \
  ANCHOR_MATH float __fmaf_ieee_##m(float x, float y, float z) {                                   \
    return __anchor_fmaf_ieee_##m(x, y, z);                                                        \
  }
ANCHOR_ROUNDING_FMA_IEEE(rn)
ANCHOR_ROUNDING_FMA_IEEE(rz)
ANCHOR_ROUNDING_FMA_IEEE(ru)
ANCHOR_ROUNDING_FMA_IEEE(rd)
#undef ANCHOR_ROUNDING_FMA_IEEE

/* Exact conversions (round to nearest is the only mode CUDA names). */
ANCHOR_ROUNDING_1(double, int2double_rn, int)
ANCHOR_ROUNDING_1(double, uint2double_rn, unsigned int)

#undef ANCHOR_ROUNDING_DIRECTED
#undef ANCHOR_ROUNDING_MODE
#undef ANCHOR_ROUNDING_3
#undef ANCHOR_ROUNDING_2
#undef ANCHOR_ROUNDING_1

/* Bits of a double (exact; no library code). */
ANCHOR_MATH int __double2hiint(double x) {
  return (int)(__builtin_bit_cast(unsigned long long, x) >> 32);
}
ANCHOR_MATH int __double2loint(double x) {
  return (int)(unsigned int)__builtin_bit_cast(unsigned long long, x);
}
ANCHOR_MATH double __hiloint2double(int hi, int lo) {
  return __builtin_bit_cast(double, (unsigned long long)(unsigned int)hi << 32 | (unsigned int)lo);
}
ANCHOR_MATH long long __double_as_longlong(double x) {
  return __builtin_bit_cast(long long, x);
}
ANCHOR_MATH double __longlong_as_double(long long x) {
  return __builtin_bit_cast(double, x);
}

#endif
