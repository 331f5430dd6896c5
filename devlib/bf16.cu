// devlib/bf16.cu — the bfloat16 functions that keep bfloat16 subnormals under -ftz=true,
// on their 16-bit patterns: nvcc computes them in bfloat16 instructions (add.bf16,
// fma.rn.bf16, setp.lt.bf16, cvt.rpi.bf16.bf16, ...) or in float ones without .ftz, so
// its -ftz=true leaves them alone (docs/devlib.md, "bfloat16 under -ftz=true"). Each is
// include/cuda_bf16.h's own function (computing in float), compiled here without -ftz;
// under -ftz=true the header calls these instead of computing inline, and
// compiler/lower_ftz.c flushes neither their 16-bit arguments and results nor their code.
// Declarations and contracts: include/cuda_bf16.h.

#include <cuda_bf16.h>

typedef unsigned short bits16;

static __device__ __nv_bfloat16 bf(bits16 a) {
  return __ushort_as_bfloat16(a);
}

#define BF16_UNARY(name, fn)                                                                       \
  extern "C" __device__ bits16 __anchor_bf16_##name(bits16 a) {                                    \
    return __bfloat16_as_ushort(fn(bf(a)));                                                        \
  }
#define BF16_BINARY(name, fn)                                                                      \
  extern "C" __device__ bits16 __anchor_bf16_##name(bits16 a, bits16 b) {                          \
    return __bfloat16_as_ushort(fn(bf(a), bf(b)));                                                 \
  }
#define BF16_COMPARE(name)                                                                         \
  extern "C" __device__ bool __anchor_bf16_##name(bits16 a, bits16 b) {                            \
    return __h##name(bf(a), bf(b));                                                                \
  }

BF16_BINARY(add, __hadd)
BF16_BINARY(sub, __hsub)
BF16_BINARY(mul, __hmul)
BF16_BINARY(div, __hdiv)
extern "C" __device__ bits16 __anchor_bf16_fma(bits16 a, bits16 b, bits16 c) {
  return __bfloat16_as_ushort(__hfma(bf(a), bf(b), bf(c)));
}
BF16_UNARY(sat, anchor_bsat)
BF16_UNARY(relu, anchor_brelu)
BF16_BINARY(max, __hmax)
BF16_BINARY(min, __hmin)
BF16_BINARY(max_nan, __hmax_nan)
BF16_BINARY(min_nan, __hmin_nan)

BF16_COMPARE(eq)
BF16_COMPARE(ne)
BF16_COMPARE(lt)
BF16_COMPARE(le)
BF16_COMPARE(gt)
BF16_COMPARE(ge)
BF16_COMPARE(equ)
BF16_COMPARE(neu)
BF16_COMPARE(ltu)
BF16_COMPARE(leu)
BF16_COMPARE(gtu)
BF16_COMPARE(geu)

BF16_UNARY(exp, hexp)
BF16_UNARY(exp2, hexp2)
BF16_UNARY(exp10, hexp10)
BF16_UNARY(log, hlog)
BF16_UNARY(log2, hlog2)
BF16_UNARY(log10, hlog10)
BF16_UNARY(sin, hsin)
BF16_UNARY(cos, hcos)
BF16_UNARY(tanh, htanh)
BF16_UNARY(rsqrt, hrsqrt)
BF16_UNARY(sqrt, hsqrt)
BF16_UNARY(rcp, hrcp)

extern "C" __device__ float __anchor_bf16_round(bits16 a, int m) {
  return anchor_bf16_round(a, m);
}
extern "C" __device__ bits16 __anchor_bf16_from_f64(double d) {
  return anchor_bf16_from_f64(d);
}
