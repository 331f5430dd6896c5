// math_ftz.cu — nvcc's -ftz=true: single-precision subnormals flushed to a zero of the
// same sign (compiler/lower_ftz.c). Built twice (tests/e2e/CMakeLists.txt):
//   -ftz=true -DMODE_FTZ: every float operation reads subnormal operands as zero and
//                         returns no subnormal; the math library likewise;
//   default:              nothing flushes (the same checks with no flushing).
// For each input triple (x, y, z) one thread computes every operation below; the host
// reference emulates nvcc's PTX under -ftz=true: the operands flushed (F), the exact or
// correctly rounded result computed on the host (IEEE, subnormals kept), the result
// flushed. Bit for bit where CUDA is exact or correctly rounded (+ - * /, fma, sqrt, the
// __f*_r* intrinsics, conversions, rounding, fmod, ldexp, frexp, modf, ...), by value
// for fminf/fmaxf (the sign of a zero from min(-0, +0) is not compared), within CUDA's
// documented ulp bound for the other functions (reference: glibc's double functions on
// the flushed argument), with a result below 2^-126 (where a flushed result may be
// zero) accepted as the zero of the reference's sign or within the bound. The fast
// intrinsics (__expf, __logf, __sinf, __cosf, __fdividef) are compared only for
// subnormal operands under -ftz=true, as the value of their flushed operand. Not
// flushed by nvcc, checked to keep subnormals in both modes: copies (loads/stores),
// copysignf, signbit, __fmaf_ieee_rn, double arithmetic, bfloat16 round trips, and
// cuda_bf16.h's arithmetic, comparisons, math functions and conversions on bfloat16
// subnormals (bf16_failures, below: nvcc's bfloat16 instructions have no .ftz).
// nextafterf steps from zero to +-FLT_MIN under -ftz=true (nvcc's code). The rules are
// read off nvcc 13.0's PTX (-arch=sm_90 -ftz=true: add.ftz, abs.ftz, neg.ftz,
// cvt.rmi.ftz, setp.*.ftz, cvt.ftz.f64.f32, cvt.rn.ftz.f32.f64, cvt.ftz.sat, and
// libdevice's ftz paths); nvcc 13.0 compiles this program (nvcc -arch=sm_90 [-ftz=true
// -DMODE_FTZ] math_ftz.cu); not yet run on the H200. Prints PASS or FAIL: <details>.
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "math_inputs.h"

#ifdef MODE_FTZ
static const int ftz = 1;
#else
static const int ftz = 0;
#endif

enum kind { BITS, EQ, ULP, FAST };

// OP(name, kind, ulps, device expression): the device expression computes r (uint64_t:
// float bits, an int, or double bits) from float x, y, z, double d, int n.
#define FB(v) ((uint64_t)__float_as_uint(v))
#define DB(v) ((uint64_t)__double_as_longlong(v))
#define IB(v) ((uint64_t)(uint32_t)(v))
#define OPS(OP)                                                                                    \
  OP(copy, BITS, 0, FB(x))                                                                         \
  OP(add, BITS, 0, FB(x + y))                                                                      \
  OP(sub, BITS, 0, FB(x - y))                                                                      \
  OP(mul, BITS, 0, FB(x * y))                                                                      \
  OP(div, BITS, 0, FB(x / y))                                                                      \
  OP(neg, BITS, 0, FB(-x))                                                                         \
  OP(fabsf, BITS, 0, FB(fabsf(x)))                                                                 \
  OP(fmaf, BITS, 0, FB(fmaf(x, y, z)))                                                             \
  OP(fmaf_rn, BITS, 0, FB(__fmaf_rn(x, y, z)))                                                     \
  OP(fmaf_ieee_rn, BITS, 0, FB(__fmaf_ieee_rn(x, y, z)))                                           \
  OP(fadd_rz, BITS, 0, FB(__fadd_rz(x, y)))                                                        \
  OP(fmul_rz, BITS, 0, FB(__fmul_rz(x, y)))                                                        \
  OP(fmul_rn, BITS, 0, FB(__fmul_rn(x, y)))                                                        \
  OP(fdiv_rn, BITS, 0, FB(__fdiv_rn(x, y)))                                                        \
  OP(frcp_rn, BITS, 0, FB(__frcp_rn(x)))                                                           \
  OP(sqrtf, BITS, 0, FB(sqrtf(x)))                                                                 \
  OP(fsqrt_rn, BITS, 0, FB(__fsqrt_rn(x)))                                                         \
  OP(fminf, EQ, 0, FB(fminf(x, y)))                                                                \
  OP(fmaxf, EQ, 0, FB(fmaxf(x, y)))                                                                \
  OP(floorf, BITS, 0, FB(floorf(x)))                                                               \
  OP(ceilf, BITS, 0, FB(ceilf(x)))                                                                 \
  OP(truncf, BITS, 0, FB(truncf(x)))                                                               \
  OP(rintf, BITS, 0, FB(rintf(x)))                                                                 \
  OP(roundf, BITS, 0, FB(roundf(x)))                                                               \
  OP(saturatef, BITS, 0, FB(__saturatef(x)))                                                       \
  OP(lt, BITS, 0, IB(x < y))                                                                       \
  OP(eq, BITS, 0, IB(x == y))                                                                      \
  OP(ne, BITS, 0, IB(x != y))                                                                      \
  OP(ge, BITS, 0, IB(x >= y))                                                                      \
  OP(to_double, BITS, 0, DB((double)x))                                                            \
  OP(to_float, BITS, 0, FB((float)d))                                                              \
  OP(double2float_rz, BITS, 0, FB(__double2float_rz(d)))                                           \
  OP(double_mul, BITS, 0, DB(d * 0x1p-1000))                                                       \
  OP(float2int_rn, BITS, 0, IB(__float2int_rn(x)))                                                 \
  OP(signbit, BITS, 0, IB(signbit(x) != 0))                                                        \
  OP(copysignf, BITS, 0, FB(copysignf(x, y)))                                                      \
  OP(bf16_round_trip, BITS, 0, FB(__bfloat162float(__float2bfloat16(x))))                          \
  OP(ldexpf, BITS, 0, FB(ldexpf(x, n)))                                                            \
  OP(frexpf_m, BITS, 0, FB(frexpf(x, &e)))                                                         \
  OP(frexpf_e, BITS, 0, (frexpf(x, &e), IB(e)))                                                    \
  OP(modff_f, BITS, 0, FB(modff(x, &f)))                                                           \
  OP(modff_i, BITS, 0, (modff(x, &f), FB(f)))                                                      \
  OP(fmodf, BITS, 0, FB(fmodf(x, y)))                                                              \
  OP(remainderf, BITS, 0, FB(remainderf(x, y)))                                                    \
  OP(remquof, BITS, 0, FB(remquof(x, y, &e)))                                                      \
  OP(nextafterf, BITS, 0, FB(nextafterf(x, y)))                                                    \
  OP(fdimf, BITS, 0, FB(fdimf(x, y)))                                                              \
  OP(logbf, BITS, 0, FB(logbf(x)))                                                                 \
  OP(ilogbf, BITS, 0, IB(ilogbf(x)))                                                               \
  OP(expf, ULP, 2, FB(expf(x)))                                                                    \
  OP(exp2f, ULP, 2, FB(exp2f(x)))                                                                  \
  OP(exp10f, ULP, 2, FB(exp10f(x)))                                                                \
  OP(expm1f, ULP, 1, FB(expm1f(x)))                                                                \
  OP(logf, ULP, 1, FB(logf(x)))                                                                    \
  OP(log2f, ULP, 1, FB(log2f(x)))                                                                  \
  OP(log10f, ULP, 2, FB(log10f(x)))                                                                \
  OP(log1pf, ULP, 1, FB(log1pf(x)))                                                                \
  OP(sinf, ULP, 2, FB(sinf(x)))                                                                    \
  OP(cosf, ULP, 2, FB(cosf(x)))                                                                    \
  OP(tanf, ULP, 4, FB(tanf(x)))                                                                    \
  OP(sincosf_s, ULP, 2, (sincosf(x, &f, &g), FB(f)))                                               \
  OP(sincosf_c, ULP, 2, (sincosf(x, &f, &g), FB(g)))                                               \
  OP(asinf, ULP, 2, FB(asinf(x)))                                                                  \
  OP(atanf, ULP, 2, FB(atanf(x)))                                                                  \
  OP(atan2f, ULP, 3, FB(atan2f(x, y)))                                                             \
  OP(sinhf, ULP, 3, FB(sinhf(x)))                                                                  \
  OP(tanhf, ULP, 2, FB(tanhf(x)))                                                                  \
  OP(asinhf, ULP, 3, FB(asinhf(x)))                                                                \
  OP(atanhf, ULP, 3, FB(atanhf(x)))                                                                \
  OP(cbrtf, ULP, 1, FB(cbrtf(x)))                                                                  \
  OP(rcbrtf, ULP, 1, FB(rcbrtf(x)))                                                                \
  OP(rsqrtf, ULP, 2, FB(rsqrtf(x)))                                                                \
  OP(powf, ULP, 4, FB(powf(x, y)))                                                                 \
  OP(hypotf, ULP, 3, FB(hypotf(x, y)))                                                             \
  OP(rhypotf, ULP, 2, FB(rhypotf(x, y)))                                                           \
  OP(erff, ULP, 2, FB(erff(x)))                                                                    \
  OP(erfcf, ULP, 4, FB(erfcf(x)))                                                                  \
  OP(normcdff, ULP, 5, FB(normcdff(x)))                                                            \
  OP(fast_expf, FAST, 0, FB(__expf(x)))                                                            \
  OP(fast_logf, FAST, 0, FB(__logf(x)))                                                            \
  OP(fast_sinf, FAST, 0, FB(__sinf(x)))                                                            \
  OP(fast_cosf, FAST, 0, FB(__cosf(x)))                                                            \
  OP(fdividef, FAST, 0, FB(__fdividef(x, y)))

#define OP_ENUM(name, kind, ulps, expr) OP_##name,
enum { OPS(OP_ENUM) NOPS };
#define OP_INFO(name, kind, ulps, expr) {#name, kind, ulps},
static const struct {
  const char *name;
  enum kind kind;
  int ulps;
} op_info[] = {OPS(OP_INFO)};

// The exponent for ldexpf and the double for the conversions, from the inputs.
__host__ __device__ static int exponent_of(float y) {
  uint32_t u;
  memcpy(&u, &y, 4);
  return (int)(u % 61u) - 30;
}

__global__ void compute(const float *xs, const float *ys, const float *zs, uint64_t *out,
                        unsigned n_in) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_in) return;
  float x = xs[i], y = ys[i], z = zs[i], f = 0, g = 0;
  double d = (double)xs[i] * (double)ys[i]; // flushed operands under -ftz=true
  int n = exponent_of(y), e = 0;
  uint64_t *o = out + (size_t)i * NOPS;
#define OP_RUN(name, kind, ulps, expr) o[OP_##name] = (expr);
  OPS(OP_RUN)
}

// ---- the host reference --------------------------------------------------------------
static float F(float v) { // nvcc's flush under -ftz=true
  return ftz && v != 0 && fabsf(v) < FLT_MIN ? copysignf(0.0f, v) : v;
}
static uint64_t fb(float v) {
  return math_float_bits(v);
}
static uint64_t db(double v) {
  uint64_t u;
  memcpy(&u, &v, 8);
  return u;
}
static float rz_of(double exact, float rn) { // the float toward zero from the RN float
  if (isinf(rn) && !isinf(exact)) return copysignf(FLT_MAX, rn);
  return fabs((double)rn) > fabs(exact) ? nextafterf(rn, 0.0f) : rn;
}
static float add_rz(float a, float b) { // a + b toward zero: TwoSum's error decides
  float s = a + b;
  if (isinf(s) || isnan(s)) return isinf(s) && !isinf(a) && !isinf(b) ? copysignf(FLT_MAX, s) : s;
  float bb = s - a, err = (a - (s - bb)) + (b - bb);
  if (err != 0 && (err < 0) != (s < 0)) s = nextafterf(s, 0.0f);
  if (s == 0 && a + b == 0) return a + b; // exact zero: RN's sign rule (+0 but -0 + -0)
  return s;
}
static float nextafter_ftz(float x, float y) {
  float r = nextafterf(F(x), F(y));
  if (ftz && r != 0 && fabsf(r) < FLT_MIN) return F(x) == 0 ? copysignf(FLT_MIN, r) : F(r);
  return r;
}
static float saturate(float v) {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}
static float bf16_round(float v) { // round to nearest even to bfloat16 (NaN kept quiet)
  uint32_t u = math_float_bits(v);
  if (isnan(v)) return math_bits_float((u | 0x00400000u) & 0xffff0000u);
  u = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
  return math_bits_float(u);
}
static double normcdf_ref(double v) {
  return 0.5 * erfc(-v / sqrt(2.0));
}
static double rsqrt_ref(double v) {
  return v == 0 ? copysign(INFINITY, v) : 1.0 / sqrt(v);
}
static double rcbrt_ref(double v) {
  return v == 0 ? copysign(INFINITY, v) : 1.0 / cbrt(v);
}

// The expected result of op on (x, y, z): *want (bits), and for ULP ops *ref the double
// reference; 0 when the op is not checked on these inputs.
static int expect(int op, float x0, float y0, float z0, uint64_t *want, double *ref) {
  float x = F(x0), y = F(y0), z = F(z0);
  double X = x, Y = y; // the references in double (not <cmath>'s float overloads)
  double d = X * Y;
  int n = exponent_of(y0), e = 0;
  float f;
  double r = 0;
  int ulp_op = op_info[op].kind == ULP, fast = op_info[op].kind == FAST;
  int x_sub = x0 != 0 && fabsf(x0) < FLT_MIN, y_sub = y0 != 0 && fabsf(y0) < FLT_MIN;
  if (fast && (!ftz || !(x_sub || (op == OP_fdividef && y_sub)))) return 0;
  switch (op) {
  case OP_copy: *want = fb(x0); break;
  case OP_add: *want = fb(F(x + y)); break;
  case OP_sub: *want = fb(F(x - y)); break;
  case OP_mul: *want = fb(F(x * y)); break;
  case OP_div: *want = fb(F(x / y)); break;
  case OP_neg: *want = fb(-x); break;
  case OP_fabsf: *want = fb(fabsf(x)); break;
  case OP_fmaf:
  case OP_fmaf_rn: *want = fb(F(fmaf(x, y, z))); break;
  case OP_fmaf_ieee_rn: *want = fb(fmaf(x0, y0, z0)); break;
  case OP_fadd_rz: *want = fb(F(add_rz(x, y))); break;
  case OP_fmul_rz: *want = fb(F(rz_of((double)x * y, x * y))); break;
  case OP_fmul_rn: *want = fb(F(x * y)); break;
  case OP_fdiv_rn: *want = fb(F(x / y)); break;
  case OP_frcp_rn: *want = fb(F(1.0f / x)); break;
  case OP_sqrtf:
  case OP_fsqrt_rn: *want = fb(sqrtf(x)); break;
  // CUDA's fminf/fmaxf: a NaN operand, quiet or signalling, gives the other one
  // (H200: fminf(0x1p-148, 0x7f800001) = 0x1p-148; glibc's, under g++, gives NaN)
  case OP_fminf: *want = fb(x != x ? y : y != y ? x : fminf(x, y)); break;
  case OP_fmaxf: *want = fb(x != x ? y : y != y ? x : fmaxf(x, y)); break;
  case OP_floorf: *want = fb(floorf(x)); break;
  case OP_ceilf: *want = fb(ceilf(x)); break;
  case OP_truncf: *want = fb(truncf(x)); break;
  case OP_rintf: *want = fb(rintf(x)); break;
  case OP_roundf: *want = fb(roundf(x)); break;
  case OP_saturatef: *want = fb(saturate(x)); break;
  case OP_lt: *want = x < y; break;
  case OP_eq: *want = x == y; break;
  case OP_ne: *want = x != y; break;
  case OP_ge: *want = x >= y; break;
  case OP_to_double: *want = db((double)x); break;
  case OP_to_float: *want = fb(F((float)d)); break;
  case OP_double2float_rz: *want = fb(F(rz_of(d, (float)d))); break;
  case OP_double_mul: *want = db(d * 0x1p-1000); break;
  case OP_float2int_rn: {
    float v = rintf(x); // saturating, NaN -> 0 (cvt.rni.s32.f32)
    *want = (uint32_t)(isnan(v) ? 0 : v >= 0x1p31f ? INT32_MAX : v < -0x1p31f ? INT32_MIN : (int)v);
    break;
  }
  case OP_signbit: *want = signbit(x0) != 0; break;
  case OP_copysignf: *want = fb(copysignf(x0, y0)); break;
  case OP_bf16_round_trip: *want = fb(bf16_round(x0)); break;
  case OP_ldexpf: *want = fb(F(ldexpf(x, n))); break;
  case OP_frexpf_m: *want = fb(frexpf(x, &e)); break;
  case OP_frexpf_e:
    frexpf(x, &e);
    *want = (uint32_t)(isinf(x) || isnan(x) ? 0 : e);
    break;
  case OP_modff_f: *want = fb(F(modff(x, &f))); break;
  case OP_modff_i: modff(x, &f), *want = fb(f); break;
  case OP_fmodf: *want = fb(F(fmodf(x, y))); break;
  case OP_remainderf:
  case OP_remquof: *want = fb(F(remainderf(x, y))); break;
  case OP_nextafterf: *want = fb(nextafter_ftz(x0, y0)); break;
  case OP_fdimf: *want = fb(F(fdimf(x, y))); break;
  case OP_logbf: *want = fb(logbf(x)); break;
  case OP_ilogbf: *want = (uint32_t)(isinf(x) ? INT32_MAX : ilogbf(x)); break;
  case OP_expf: r = exp(X); break;
  case OP_exp2f: r = exp2(X); break;
  case OP_exp10f: r = exp10(X); break;
  case OP_expm1f: r = expm1(X); break;
  case OP_logf: r = log(X); break;
  case OP_log2f: r = log2(X); break;
  case OP_log10f: r = log10(X); break;
  case OP_log1pf: r = log1p(X); break;
  case OP_sinf:
  case OP_sincosf_s: r = sin(X); break;
  case OP_cosf:
  case OP_sincosf_c: r = cos(X); break;
  case OP_tanf: r = tan(X); break;
  case OP_asinf: r = asin(X); break;
  case OP_atanf: r = atan(X); break;
  case OP_atan2f: r = atan2(X, Y); break;
  case OP_sinhf: r = sinh(X); break;
  case OP_tanhf: r = tanh(X); break;
  case OP_asinhf: r = asinh(X); break;
  case OP_atanhf: r = atanh(X); break;
  case OP_cbrtf: r = cbrt(X); break;
  case OP_rcbrtf: r = rcbrt_ref(X); break;
  case OP_rsqrtf: r = rsqrt_ref(X); break;
  case OP_powf: r = pow(X, Y); break;
  case OP_hypotf: r = hypot(X, Y); break;
  case OP_rhypotf: r = 1.0 / hypot(X, Y); break;
  case OP_erff: r = erf(X); break;
  case OP_erfcf: r = erfc(X); break;
  case OP_normcdff: r = normcdf_ref(X); break;
  case OP_fast_expf: *want = fb(1.0f); break;
  case OP_fast_logf: *want = fb(x == 0 ? -INFINITY : (float)log(X)); break;
  case OP_fast_sinf: *want = fb(x == 0 ? x : (float)sin(X)); break;
  case OP_fast_cosf: *want = fb(x == 0 ? 1.0f : (float)cos(X)); break;
  case OP_fdividef:
    // only a flushed operand is compared: x / 0 = +-inf, 0 / y = +-0 (y normal, in
    // __fdividef's range), NaN for 0 / 0
    if (y == 0 || x == 0) {
      if (x != 0 && !isfinite(x)) return 0;
      if (y != 0 && (fabsf(y) > 0x1p126f || isnan(y))) return 0;
      *want = fb(x / y);
      break;
    }
    return 0;
  default: return 0;
  }
  if (ulp_op) {
    *ref = r;
    *want = fb(F((float)r));
  }
  return 1;
}

// |got - ref| in ulps of ref (2^(e-23) for ref in [2^e, 2^(e+1)), at least 2^-149); an
// infinity counts as 2^128.
static double ulps(float got, double ref) {
  double g = isinf(got) ? copysign(0x1p128, got) : got;
  int e = ref == 0 ? -126 : ilogb(fabs(ref));
  return fabs(g - ref) / ldexp(1.0, (e < -126 ? -126 : e) - 23);
}

static int matches(int op, uint64_t got, uint64_t want, double ref) {
  float g = math_bits_float((uint32_t)got), w = math_bits_float((uint32_t)want);
  switch (op_info[op].kind) {
  case BITS:
  case FAST:
    if (got == want) return 1;
    // any NaN for a NaN float or double result (CUDA's canonical NaN differs from glibc's)
    if (got >> 32 || want >> 32) {
      double dg, dw;
      memcpy(&dg, &got, 8), memcpy(&dw, &want, 8);
      return isnan(dg) && isnan(dw);
    }
    return isnan(g) && isnan(w);
  case EQ: return g == w || (isnan(g) && isnan(w));
  case ULP: {
    if (isnan(ref)) return isnan(g);
    if (got == want) return 1;
    if (isnan(g) || isinf(ref)) return 0;
    double tol = op_info[op].ulps;
    if (ftz && g != 0 && fabsf(g) < FLT_MIN) return 0; // a subnormal never comes back
    // a result in the subnormal range or next to it may be flushed: the zero of the
    // reference's sign
    if (ftz && g == 0 && fabs(ref) < 0x1p-126 * (1 + (tol + 1) * 0x1p-23))
      return !signbit(g) == !signbit(ref);
    return ulps(g, ref) <= tol;
  }
  }
  return 0;
}

// Conversions to half and bfloat16 keep a float subnormal in both modes: nvcc spells them
// cvt.r*.f16.f32 / cvt.r*.bf16.f32 without .ftz even under -ftz=true.
#define NCONV 6
__global__ void conversions(const float *xs, unsigned short *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = xs[i];
  unsigned short *o = out + (size_t)i * NCONV;
  o[0] = __half_as_ushort(__float2half_rn(x));
  o[1] = __half_as_ushort(__float2half_rz(x));
  o[2] = __half_as_ushort(__float2half_ru(x));
  o[3] = __half_as_ushort(__float2half_rd(x));
  o[4] = __bfloat16_as_ushort(__float2bfloat16_rn(x));
  o[5] = __bfloat16_as_ushort(__float2bfloat16_ru(x));
}

// The expected bits for a float subnormal or zero x (|x| < 2^-126 is below half's
// smallest subnormal 2^-24 by far; bfloat16 keeps float's exponent range).
static unsigned conversion_failures(void) {
  const float xs[] = {0x1p-140f, -0x1p-140f, 0x1p-149f, -0x1.8p-127f, 0x1.02p-127f, 0.0f, -0.0f};
  const unsigned n = sizeof xs / sizeof *xs;
  float *dx;
  unsigned short *dout, out[sizeof xs / sizeof *xs * NCONV];
  cudaMalloc(&dx, sizeof xs);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(dx, xs, sizeof xs, cudaMemcpyHostToDevice);
  conversions<<<1, 32>>>(dx, dout, n);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dout);
  unsigned bad = 0;
  for (unsigned i = 0; i < n; i++) {
    uint32_t b = math_float_bits(xs[i]);
    unsigned short sign = (unsigned short)(b >> 16 & 0x8000u);
    bool nonzero = (b & 0x7fffffffu) != 0;
    unsigned rest = b & 0xffffu, bf_up = (b >> 16) + (rest != 0 && !sign ? 1u : 0u);
    unsigned short want[NCONV] = {
        sign, sign,
        (unsigned short)(sign | (nonzero && !sign ? 1 : 0)),
        (unsigned short)(sign | (nonzero && sign ? 1 : 0)),
        (unsigned short)((b >> 16) + (rest > 0x8000u || (rest == 0x8000u && (b & 0x10000u)))),
        (unsigned short)bf_up};
    static const char *const names[NCONV] = {"__float2half_rn", "__float2half_rz",
                                             "__float2half_ru", "__float2half_rd",
                                             "__float2bfloat16_rn", "__float2bfloat16_ru"};
    for (int k = 0; k < NCONV; k++)
      if (out[i * NCONV + k] != want[k]) {
        printf("  %s(%a): got %04x want %04x\n", names[k], xs[i], out[i * NCONV + k], want[k]);
        bad++;
      }
  }
  return bad;
}

// ---- bfloat16 under -ftz=true -----------------------------------------------------------
// nvcc (sm_90) computes bfloat16 arithmetic, fma (_sat, _relu), min/max (_nan),
// comparisons, ceil/floor/trunc/rint and the conversions to integers and from double in
// bfloat16 instructions without .ftz (add.bf16, fma.rn.bf16, max.bf16, setp.lt.bf16,
// cvt.rpi.bf16.bf16, cvt.rpi.s32.bf16, cvt.rn.bf16.f64), and division, sqrt, rsqrt, rcp,
// exp*, log* and tanh in float instructions without .ftz (div.approx.f32, sqrt.approx.f32,
// ex2.approx.f32, lg2.approx.f32, tanh.approx.f32, fma.rn.f32); sin/cos return a subnormal
// argument unchanged. So -ftz=true keeps bfloat16 subnormals (float subnormals: bfloat16
// has float's exponent range) in all of them: the expected results below are the same in
// both modes, the exact ones (correctly rounded) but for the math functions (nvcc's
// approximations: within one bfloat16 ulp, a nonzero result never zero). The one
// conversion that flushes is to double (cvt.f32.bf16, then cvt.ftz.f64.f32). Read off
// nvcc 13.0's PTX (-arch=sm_90 -ftz=true); to be confirmed on the H200. Division by a
// subnormal below 2^-128 is not checked: nvcc's div.approx.f32 computes a * (1/b) and 1/b
// overflows there (the values are printed).
typedef unsigned short bf_bits;
enum bkind { B_BITS, B_VALUE, B_ULP, B_INT, B_WORD, B_PAIR };
#define BB(v) ((uint64_t)__bfloat16_as_ushort(v))
#define BP(v) ((uint64_t)__bfloat16_as_ushort((v).x) | (uint64_t)__bfloat16_as_ushort((v).y) << 16)
#define BOPS(OP)                                                                                   \
  OP(hadd, B_BITS, BB(__hadd(a, b)))                                                               \
  OP(hsub, B_BITS, BB(__hsub(a, b)))                                                               \
  OP(hmul, B_BITS, BB(__hmul(a, b)))                                                               \
  OP(hdiv, B_BITS, BB(__hdiv(a, b)))                                                               \
  OP(hadd_rn, B_BITS, BB(__hadd_rn(a, b)))                                                         \
  OP(hsub_rn, B_BITS, BB(__hsub_rn(a, b)))                                                         \
  OP(hmul_rn, B_BITS, BB(__hmul_rn(a, b)))                                                         \
  OP(hfma, B_BITS, BB(__hfma(a, b, c)))                                                            \
  OP(hadd_sat, B_BITS, BB(__hadd_sat(a, b)))                                                       \
  OP(hsub_sat, B_BITS, BB(__hsub_sat(a, b)))                                                       \
  OP(hmul_sat, B_BITS, BB(__hmul_sat(a, b)))                                                       \
  OP(hfma_sat, B_BITS, BB(__hfma_sat(a, b, c)))                                                    \
  OP(hfma_relu, B_VALUE, BB(__hfma_relu(a, b, c)))                                                 \
  OP(hneg, B_BITS, BB(__hneg(a)))                                                                  \
  OP(habs, B_BITS, BB(__habs(a)))                                                                  \
  OP(hmax, B_VALUE, BB(__hmax(a, b)))                                                              \
  OP(hmin, B_VALUE, BB(__hmin(a, b)))                                                              \
  OP(hmax_nan, B_VALUE, BB(__hmax_nan(a, b)))                                                      \
  OP(hmin_nan, B_VALUE, BB(__hmin_nan(a, b)))                                                      \
  OP(heq, B_INT, __heq(a, b))                                                                      \
  OP(hne, B_INT, __hne(a, b))                                                                      \
  OP(hlt, B_INT, __hlt(a, b))                                                                      \
  OP(hle, B_INT, __hle(a, b))                                                                      \
  OP(hgt, B_INT, __hgt(a, b))                                                                      \
  OP(hge, B_INT, __hge(a, b))                                                                      \
  OP(hequ, B_INT, __hequ(a, b))                                                                    \
  OP(hneu, B_INT, __hneu(a, b))                                                                    \
  OP(hltu, B_INT, __hltu(a, b))                                                                    \
  OP(hleu, B_INT, __hleu(a, b))                                                                    \
  OP(hgtu, B_INT, __hgtu(a, b))                                                                    \
  OP(hgeu, B_INT, __hgeu(a, b))                                                                    \
  OP(op_add, B_BITS, BB(a + b))                                                                    \
  OP(op_sub, B_BITS, BB(a - b))                                                                    \
  OP(op_mul, B_BITS, BB(a *b))                                                                     \
  OP(op_div, B_BITS, BB(a / b))                                                                    \
  OP(op_inc, B_BITS, BB(++t))                                                                      \
  OP(op_lt, B_INT, a < b)                                                                          \
  OP(op_eq, B_INT, a == b)                                                                         \
  OP(op_ne, B_INT, a != b)                                                                         \
  OP(hsqrt, B_BITS, BB(hsqrt(a)))                                                                  \
  OP(hrsqrt, B_BITS, BB(hrsqrt(a)))                                                                \
  OP(hrcp, B_BITS, BB(hrcp(a)))                                                                    \
  OP(hexp, B_ULP, BB(hexp(a)))                                                                     \
  OP(hexp2, B_ULP, BB(hexp2(a)))                                                                   \
  OP(hexp10, B_ULP, BB(hexp10(a)))                                                                 \
  OP(hlog, B_ULP, BB(hlog(a)))                                                                     \
  OP(hlog2, B_ULP, BB(hlog2(a)))                                                                   \
  OP(hlog10, B_ULP, BB(hlog10(a)))                                                                 \
  OP(hsin, B_ULP, BB(hsin(a)))                                                                     \
  OP(hcos, B_ULP, BB(hcos(a)))                                                                     \
  OP(htanh, B_ULP, BB(htanh(a)))                                                                   \
  OP(htanh_approx, B_ULP, BB(htanh_approx(a)))                                                     \
  OP(hceil, B_BITS, BB(hceil(a)))                                                                  \
  OP(hfloor, B_BITS, BB(hfloor(a)))                                                                \
  OP(htrunc, B_BITS, BB(htrunc(a)))                                                                \
  OP(hrint, B_BITS, BB(hrint(a)))                                                                  \
  OP(to_int_rn, B_INT, (uint32_t)__bfloat162int_rn(a))                                             \
  OP(to_int_rz, B_INT, (uint32_t)__bfloat162int_rz(a))                                             \
  OP(to_int_ru, B_INT, (uint32_t)__bfloat162int_ru(a))                                             \
  OP(to_int_rd, B_INT, (uint32_t)__bfloat162int_rd(a))                                             \
  OP(to_ll_ru, B_INT, (uint64_t)__bfloat162ll_ru(a))                                               \
  OP(to_short_rd, B_INT, (uint32_t)(uint16_t)__bfloat162short_rd(a))                               \
  OP(from_double, B_BITS, BB(__double2bfloat16(d)))                                                \
  OP(to_float, B_WORD, __float_as_uint(__bfloat162float(a)))                                       \
  OP(to_double, B_WORD, (uint64_t)__double_as_longlong((double)__bfloat162float(a)))               \
  OP(hadd2, B_PAIR, BP(__hadd2(p, q)))                                                             \
  OP(hmul2_rn, B_PAIR, BP(__hmul2_rn(p, q)))                                                       \
  OP(hfma2, B_PAIR, BP(__hfma2(p, q, r)))                                                          \
  OP(hmax2, B_PAIR, BP(__hmax2(p, q)))                                                             \
  OP(hlt2, B_PAIR, BP(__hlt2(p, q)))                                                               \
  OP(hlt2_mask, B_INT, __hlt2_mask(p, q))                                                          \
  OP(hblt2, B_INT, __hblt2(p, q))                                                                  \
  OP(h2sqrt, B_PAIR, BP(h2sqrt(p)))                                                                \
  OP(h2floor, B_PAIR, BP(h2floor(p)))

#define BOP_ENUM(name, kind, expr) BOP_##name,
enum { BOPS(BOP_ENUM) NBOPS };
#define BOP_INFO(name, kind, expr) {#name, kind},
static const struct {
  const char *name;
  enum bkind kind;
} bop_info[] = {BOPS(BOP_INFO)};

// Thread i: a, b, c = the bits at 3i, 3i+1, 3i+2, d = ds[i]; the pairs p = (a, b),
// q = (b, c), r = (c, a).
__global__ void bf16_ops(const bf_bits *in, const double *ds, uint64_t *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 a = __ushort_as_bfloat16(in[3 * i]), b = __ushort_as_bfloat16(in[3 * i + 1]);
  __nv_bfloat16 c = __ushort_as_bfloat16(in[3 * i + 2]), t = a;
  __nv_bfloat162 p = __halves2bfloat162(a, b), q = __halves2bfloat162(b, c);
  __nv_bfloat162 r = __halves2bfloat162(c, a);
  double d = ds[i];
  uint64_t *o = out + (size_t)i * NBOPS;
#define BOP_RUN(name, kind, expr) o[BOP_##name] = (expr);
  BOPS(BOP_RUN)
}

// The host reference: exact IEEE arithmetic on the values (subnormals kept) in double,
// rounded once to bfloat16.
static double bval(bf_bits h) {
  return (double)math_bits_float((uint32_t)h << 16);
}
static int b_isnan(bf_bits h) {
  return (h & 0x7fffu) > 0x7f80u;
}
static bf_bits b_rn(double v) { // v rounded to nearest even bfloat16 (NaN: 0x7fff)
  if (v != v) return 0x7fffu;
  bf_bits sign = signbit(v) ? 0x8000u : 0u;
  double m = fabs(v);
  if (isinf(m)) return sign | 0x7f80u;
  if (m < 0x1p-126) return (bf_bits)(sign | (unsigned)rint(m * 0x1p133)); // 2^-133 steps
  int e;
  double f = frexp(m, &e); // m = f * 2^e, f in [0.5, 1): 8 bits of it
  unsigned bits = ((unsigned)(e + 126) << 7) + (unsigned)rint(f * 256.0) - 128u; // carry ok
  return (bf_bits)(sign | (bits >= 0x7f80u ? 0x7f80u : bits));
}
static int b_midpoint(double s) { // exactly halfway between two bfloat16 values
  double m = fabs(s), ulp = m < 0x1p-126 ? 0x1p-133 : ldexp(1.0, ilogb(m) - 7);
  double k = m / ulp;
  return isfinite(m) && k - floor(k) == 0.5;
}
static bf_bits b_sum(double p, double c) { // p + c rounded once (p, c exact doubles)
  double s = p + c;
  if (!isfinite(s)) return b_rn(s);
  double bb = s - p, e = (p - (s - bb)) + (c - bb); // TwoSum: p + c - s exactly
  if (e != 0 && b_midpoint(s)) s = nextafter(s, e > 0 ? INFINITY : -INFINITY);
  return b_rn(s);
}
static bf_bits b_sat(bf_bits r) {
  double v = bval(r);
  return v > 1 ? 0x3f80u : v > 0 ? r : 0u;
}
static bf_bits b_max(bf_bits a, bf_bits b, int nan_wins) {
  if (b_isnan(a) || b_isnan(b))
    return nan_wins || (b_isnan(a) && b_isnan(b)) ? 0x7fffu : b_isnan(a) ? b : a;
  return bval(a) >= bval(b) ? a : b;
}
static bf_bits b_min(bf_bits a, bf_bits b, int nan_wins) {
  if (b_isnan(a) || b_isnan(b))
    return nan_wins || (b_isnan(a) && b_isnan(b)) ? 0x7fffu : b_isnan(a) ? b : a;
  return bval(a) <= bval(b) ? a : b;
}
static uint64_t b_to_int(double r, int bits) { // saturating, NaN: 0 (64 bits: the top bit)
  if (r != r) return bits == 64 ? 0x8000000000000000ull : 0;
  double lim = ldexp(1.0, bits - 1);
  uint64_t top = 1ull << (bits - 1);
  uint64_t v = r >= lim ? top - 1 : r < -lim ? 0 - top : (uint64_t)(long long)r;
  return bits == 64 ? v : v & ((1ull << bits) - 1);
}
static uint64_t b_pair(bf_bits lo, bf_bits hi) {
  return (uint64_t)lo | (uint64_t)hi << 16;
}
static double b_recip_sqrt(double v) {
  return 1.0 / sqrt(v);
}

// The expected result of op for (a, b, c, d); 0: not checked.
static int b_expect(int op, bf_bits a, bf_bits b, bf_bits c, double d, uint64_t *want) {
  double x = bval(a), y = bval(b), z = bval(c);
  switch (op) {
  case BOP_hadd:
  case BOP_hadd_rn:
  case BOP_op_add: *want = b_sum(x, y); break;
  case BOP_hsub:
  case BOP_hsub_rn:
  case BOP_op_sub: *want = b_sum(x, -y); break;
  case BOP_hmul:
  case BOP_hmul_rn:
  case BOP_op_mul: *want = b_sum(x * y, -0.0); break;
  case BOP_hdiv:
  case BOP_op_div:
    if (y != 0 && fabs(y) < 0x1p-128) return 0;
    *want = b_rn(x / y);
    break;
  case BOP_hfma: *want = b_sum(x * y, z); break;
  case BOP_hadd_sat: *want = b_sat(b_sum(x, y)); break;
  case BOP_hsub_sat: *want = b_sat(b_sum(x, -y)); break;
  case BOP_hmul_sat: *want = b_sat(b_sum(x * y, -0.0)); break;
  case BOP_hfma_sat: *want = b_sat(b_sum(x * y, z)); break;
  case BOP_hfma_relu: {
    bf_bits r = b_sum(x * y, z);
    *want = b_isnan(r) ? 0x7fffu : bval(r) < 0 ? 0u : r;
    break;
  }
  case BOP_hneg: *want = a ^ 0x8000u; break;
  case BOP_habs: *want = a & 0x7fffu; break;
  case BOP_hmax: *want = b_max(a, b, 0); break;
  case BOP_hmin: *want = b_min(a, b, 0); break;
  case BOP_hmax_nan: *want = b_max(a, b, 1); break;
  case BOP_hmin_nan: *want = b_min(a, b, 1); break;
  case BOP_heq:
  case BOP_op_eq: *want = x == y; break;
  case BOP_hne: *want = x < y || x > y; break;
  case BOP_hlt:
  case BOP_op_lt: *want = x < y; break;
  case BOP_hle: *want = x <= y; break;
  case BOP_hgt: *want = x > y; break;
  case BOP_hge: *want = x >= y; break;
  case BOP_hequ: *want = !(x < y || x > y); break;
  case BOP_hneu:
  case BOP_op_ne: *want = !(x == y); break;
  case BOP_hltu: *want = !(x >= y); break;
  case BOP_hleu: *want = !(x > y); break;
  case BOP_hgtu: *want = !(x <= y); break;
  case BOP_hgeu: *want = !(x < y); break;
  case BOP_op_inc: *want = b_sum(x, 1.0); break;
  case BOP_hsqrt: *want = b_rn(sqrt(x)); break;
  case BOP_hrsqrt: *want = b_rn(b_recip_sqrt(x)); break;
  case BOP_hrcp: *want = b_rn(1.0 / x); break;
  case BOP_hexp: *want = b_rn(exp(x)); break;
  case BOP_hexp2: *want = b_rn(exp2(x)); break;
  case BOP_hexp10: *want = b_rn(pow(10.0, x)); break;
  case BOP_hlog: *want = b_rn(log(x)); break;
  case BOP_hlog2: *want = b_rn(log2(x)); break;
  case BOP_hlog10: *want = b_rn(log10(x)); break;
  case BOP_hsin: *want = b_rn(sin(x)); break;
  case BOP_hcos: *want = b_rn(cos(x)); break;
  case BOP_htanh:
  case BOP_htanh_approx: *want = b_rn(tanh(x)); break;
  case BOP_hceil: *want = b_rn(ceil(x)); break;
  case BOP_hfloor: *want = b_rn(floor(x)); break;
  case BOP_htrunc: *want = b_rn(trunc(x)); break;
  case BOP_hrint: *want = b_rn(rint(x)); break;
  case BOP_to_int_rn: *want = b_to_int(rint(x), 32); break;
  case BOP_to_int_rz: *want = b_to_int(trunc(x), 32); break;
  case BOP_to_int_ru: *want = b_to_int(ceil(x), 32); break;
  case BOP_to_int_rd: *want = b_to_int(floor(x), 32); break;
  case BOP_to_ll_ru: *want = b_to_int(ceil(x), 64); break;
  case BOP_to_short_rd: *want = b_to_int(floor(x), 16); break;
  case BOP_from_double: *want = b_rn(d); break;
  case BOP_to_float: *want = (uint64_t)a << 16; break;
  case BOP_to_double: { // cvt.ftz.f64.f32: a subnormal becomes the zero of its sign
    double v = ftz && x != 0 && fabs(x) < 0x1p-126 ? copysign(0.0, x) : x;
    *want = db(v);
    break;
  }
  case BOP_hadd2: *want = b_pair(b_sum(x, y), b_sum(y, z)); break;
  case BOP_hmul2_rn: *want = b_pair(b_sum(x * y, -0.0), b_sum(y * z, -0.0)); break;
  case BOP_hfma2: *want = b_pair(b_sum(x * y, z), b_sum(y * z, x)); break;
  case BOP_hmax2: *want = b_pair(b_max(a, b, 0), b_max(b, c, 0)); break;
  case BOP_hlt2: *want = b_pair(x < y ? 0x3f80u : 0u, y < z ? 0x3f80u : 0u); break;
  case BOP_hlt2_mask: *want = (x < y ? 0xffffu : 0u) | (y < z ? 0xffff0000u : 0u); break;
  case BOP_hblt2: *want = x < y && y < z; break;
  case BOP_h2sqrt: *want = b_pair(b_rn(sqrt(x)), b_rn(sqrt(y))); break;
  case BOP_h2floor: *want = b_pair(b_rn(floor(x)), b_rn(floor(y))); break;
  default: return 0;
  }
  return 1;
}

static int b_lane_matches(enum bkind kind, bf_bits g, bf_bits w) {
  if (b_isnan(w)) return b_isnan(g);              // any NaN
  if (kind == B_VALUE) return bval(g) == bval(w); // zeros of either sign
  if (kind != B_ULP || g == w) return g == w;
  if ((g ^ w) & 0x8000u || b_isnan(g)) return 0;
  int dist = (int)(g & 0x7fffu) - (int)(w & 0x7fffu);
  return (dist == 1 || dist == -1) && ((w & 0x7fffu) == 0 || (g & 0x7fffu) != 0);
}
static int b_matches(enum bkind kind, uint64_t got, uint64_t want, int op) {
  switch (kind) {
  case B_INT: return got == want;
  case B_WORD: // float or double bits, any NaN for a NaN
    if (op == BOP_to_float)
      return got == want ||
             (isnan(math_bits_float((uint32_t)want)) && isnan(math_bits_float((uint32_t)got)));
    {
      double g, w;
      memcpy(&g, &got, 8);
      memcpy(&w, &want, 8);
      return got == want || (isnan(g) && isnan(w));
    }
  case B_PAIR:
    return b_lane_matches(op == BOP_hmax2 ? B_VALUE : B_BITS, (bf_bits)got, (bf_bits)want) &&
           b_lane_matches(op == BOP_hmax2 ? B_VALUE : B_BITS, (bf_bits)(got >> 16),
                          (bf_bits)(want >> 16));
  default: return b_lane_matches(kind, (bf_bits)got, (bf_bits)want);
  }
}

static unsigned bf16_failures(void) {
  // subnormals (0x0001 = 2^-133 ... 0x007f), the smallest normals, values whose products
  // and quotients land among the subnormals, and ordinary and special values
  static const bf_bits vals[] = {0x0001u, 0x8001u, 0x0002u, 0x0003u, 0x8005u, 0x0040u, 0x8040u,
                                 0x0055u, 0x007fu, 0x807fu, 0x0080u, 0x8080u, 0x0081u, 0x00c0u,
                                 0x0100u, 0x1f00u, 0x9f00u, 0x1fc0u, 0x1f80u, 0x2000u, 0x3f80u,
                                 0xbf80u, 0x3fc0u, 0x4000u, 0x3f00u, 0x3e80u, 0xbe80u, 0x3f81u,
                                 0x4049u, 0xc2b0u, 0xc302u, 0xc2b4u, 0xc21eu, 0x42f0u, 0x7f00u,
                                 0x7f7fu, 0xff7fu, 0x0000u, 0x8000u, 0x7f80u, 0xff80u, 0x7fc0u};
  const unsigned nv = sizeof vals / sizeof *vals, n = nv * nv;
  bf_bits *in = (bf_bits *)malloc(3 * n * sizeof(bf_bits));
  double *ds = (double *)malloc(n * sizeof(double));
  for (unsigned i = 0; i < nv; i++)
    for (unsigned j = 0; j < nv; j++) {
      unsigned k = i * nv + j;
      in[3 * k] = vals[i];
      in[3 * k + 1] = vals[j];
      in[3 * k + 2] = vals[(i + j) % nv];
      // a double near a's value, off the bfloat16 grid (one below 2^-133 for zeros)
      double x = bval(vals[i]);
      ds[k] = x != 0 ? x * (1.0 + (double)(j + 1) * 0x1p-12) : (double)j * 0x1p-139;
    }
  bf_bits *din;
  double *dds;
  uint64_t *dout, *out = (uint64_t *)malloc((size_t)n * NBOPS * sizeof(uint64_t));
  cudaMalloc(&din, 3 * n * sizeof(bf_bits));
  cudaMalloc(&dds, n * sizeof(double));
  cudaMalloc(&dout, (size_t)n * NBOPS * sizeof(uint64_t));
  cudaMemcpy(din, in, 3 * n * sizeof(bf_bits), cudaMemcpyHostToDevice);
  cudaMemcpy(dds, ds, n * sizeof(double), cudaMemcpyHostToDevice);
  bf16_ops<<<(n + 127) / 128, 128>>>(din, dds, dout, n);
  cudaMemcpy(out, dout, (size_t)n * NBOPS * sizeof(uint64_t), cudaMemcpyDeviceToHost);
  cudaFree(din);
  cudaFree(dds);
  cudaFree(dout);
  unsigned bad = 0, checked = 0, bad_per_op[NBOPS] = {0};
  for (unsigned k = 0; k < n; k++) {
    bf_bits a = in[3 * k], b = in[3 * k + 1], c = in[3 * k + 2];
    for (int op = 0; op < NBOPS; op++) {
      uint64_t want = 0, got = out[(size_t)k * NBOPS + op];
      if (!b_expect(op, a, b, c, ds[k], &want)) continue;
      checked++;
      if (b_matches(bop_info[op].kind, got, want, op)) continue;
      if (bad_per_op[op]++ < 3)
        printf("  bf16 %s(%04x, %04x, %04x; %a): got %llx want %llx\n", bop_info[op].name, a, b, c,
               ds[k], (unsigned long long)got, (unsigned long long)want);
      bad++;
    }
  }
  for (int op = 0; op < NBOPS; op++)
    if (bad_per_op[op]) printf("  bf16 %s: %u mismatches\n", bop_info[op].name, bad_per_op[op]);
  // not checked (see above): a quotient by a subnormal below 2^-128
  for (unsigned k = 0; k < n; k++)
    if (in[3 * k] == 0x0001u && (in[3 * k + 1] == 0x0002u || in[3 * k + 1] == 0x0003u))
      printf("bf16 __hdiv(%04x, %04x) = %04llx (not checked)\n", in[3 * k], in[3 * k + 1],
             (unsigned long long)out[(size_t)k * NBOPS + BOP_hdiv]);
  printf("bfloat16: %u results checked over %u inputs, %d operations\n", checked, n, NBOPS);
  free(in);
  free(ds);
  free(out);
  return bad;
}

int main() {
  // inputs: math_inputs.h's specials and random bits, subnormals and tiny normals
  // (products and quotients near the subnormal range), arguments near the underflow of
  // expf/exp2f/exp10f, and every pair of a set of special values.
  unsigned nbase;
  float *base = math_inputs(1500, 200, 0x1234567u, &nbase);
  static const uint32_t special[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u,
                                     0x007fffffu, 0x807fffffu, 0x00400000u, 0x80400000u,
                                     0x00800000u, 0x80800000u, 0x00800001u, 0x00c00000u,
                                     0x3f800000u, 0xbf800000u, 0x40000000u, 0x3f000000u,
                                     0x1f800000u, 0x9f800000u, 0x20000000u, 0x1f000000u,
                                     0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f7fffffu,
                                     0x42c80000u, 0xc2c80000u, 0x5f000000u, 0x3fc00000u};
  unsigned nspecial = sizeof special / sizeof *special;
  unsigned ntiny = 3000, nunder = 1500;
  unsigned n_in = nbase + ntiny + nunder + nspecial * nspecial;
  float *hx = (float *)malloc(n_in * sizeof(float));
  float *hy = (float *)malloc(n_in * sizeof(float));
  float *hz = (float *)malloc(n_in * sizeof(float));
  uint32_t s = 0x9e3779b9u;
  unsigned k = 0;
  for (unsigned i = 0; i < nbase; i++, k++) {
    hx[k] = base[i];
    hy[k] = base[(i * 7 + 3) % nbase];
    hz[k] = base[(i * 13 + 5) % nbase];
  }
  for (unsigned i = 0; i < ntiny; i++, k++) { // exponents 0..40 (subnormal to 2^-86), any
    uint32_t r = math_xorshift(&s);
    hx[k] = math_bits_float((r & 0x807fffffu) | ((r >> 8 & 0x3fu) % 41u) << 23);
    r = math_xorshift(&s);
    uint32_t ey = i % 3 == 0 ? (r >> 8 & 0x3fu) % 41u : 64 + (r >> 8 & 0x7fu); // tiny or 2^-63..2^64
    hy[k] = math_bits_float((r & 0x807fffffu) | ey << 23);
    r = math_xorshift(&s);
    hz[k] = math_bits_float((r & 0x807fffffu) | ((r >> 8 & 0x3fu) % 41u) << 23);
  }
  for (unsigned i = 0; i < nunder; i++, k++) { // x in [-156, -36]: exp*'s results underflow
    hx[k] = -36.0f - 120.0f * (float)(math_xorshift(&s) >> 8) * 0x1p-24f;
    hy[k] = math_bits_float(0x00800000u - 1000u + i); // around FLT_MIN
    hz[k] = math_bits_float(0x00800000u + i);
  }
  for (unsigned i = 0; i < nspecial; i++)
    for (unsigned j = 0; j < nspecial; j++, k++) {
      hx[k] = math_bits_float(special[i]);
      hy[k] = math_bits_float(special[j]);
      hz[k] = math_bits_float(special[(i + j) % nspecial]);
    }
  size_t nout = (size_t)n_in * NOPS;
  uint64_t *hout = (uint64_t *)malloc(nout * sizeof(uint64_t));
  float *dx, *dy, *dz;
  uint64_t *dout;
  cudaMalloc(&dx, n_in * sizeof(float));
  cudaMalloc(&dy, n_in * sizeof(float));
  cudaMalloc(&dz, n_in * sizeof(float));
  cudaMalloc(&dout, nout * sizeof(uint64_t));
  cudaMemcpy(dx, hx, n_in * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, hy, n_in * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dz, hz, n_in * sizeof(float), cudaMemcpyHostToDevice);
  compute<<<(n_in + 127) / 128, 128>>>(dx, dy, dz, dout, n_in);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: kernel: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(hout, dout, nout * sizeof(uint64_t), cudaMemcpyDeviceToHost);
  unsigned bad = 0, checked = 0, subnormal = 0;
  unsigned bad_per_op[NOPS] = {0};
  for (unsigned i = 0; i < n_in; i++)
    for (int op = 0; op < NOPS; op++) {
      uint64_t want = 0, got = hout[(size_t)i * NOPS + op];
      double ref = 0;
      if (!expect(op, hx[i], hy[i], hz[i], &want, &ref)) continue;
      checked++;
      subnormal += (hx[i] != 0 && fabsf(hx[i]) < FLT_MIN) || (hy[i] != 0 && fabsf(hy[i]) < FLT_MIN);
      if (matches(op, got, want, ref)) continue;
      if (bad_per_op[op]++ < 3)
        printf("  %s(%a [%08x], %a [%08x], %a): got %08llx want %08llx (ref %a)\n",
               op_info[op].name, hx[i], math_float_bits(hx[i]), hy[i], math_float_bits(hy[i]),
               hz[i], (unsigned long long)got, (unsigned long long)want, ref);
      bad++;
    }
  for (int op = 0; op < NOPS; op++)
    if (bad_per_op[op]) printf("  %s: %u mismatches\n", op_info[op].name, bad_per_op[op]);
  printf("%s mode: %u results checked (%u with a subnormal x or y) over %u inputs, %d "
         "operations\n",
         ftz ? "-ftz=true" : "default", checked, subnormal, n_in, NOPS);
  bad += conversion_failures();
  bad += bf16_failures();
  if (bad) {
    printf("FAIL: %u mismatches\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
