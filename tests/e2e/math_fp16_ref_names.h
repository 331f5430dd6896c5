// math_fp16_ref_names.h — included by tests/e2e/math_half.cu and math_bf16.cu after their
// kernels, with FP16_REF naming their Fp16Ref type (math_fp16_ref.h): from here on the
// functions both headers share by name are the host references, so the tests' host side
// compiles under nvcc (where they are device-only) and checks the device against an
// independent reference under Anchor too.
#define hexp FP16_REF::exp_
#define hexp2 FP16_REF::exp2_
#define hexp10 FP16_REF::exp10_
#define hlog FP16_REF::log_
#define hlog2 FP16_REF::log2_
#define hlog10 FP16_REF::log10_
#define hsin FP16_REF::sin_
#define hcos FP16_REF::cos_
#define htanh FP16_REF::tanh_
#define htanh_approx FP16_REF::tanh_
#define hrsqrt FP16_REF::rsqrt_
#define hsqrt FP16_REF::sqrt_
#define hrcp FP16_REF::rcp_
#define hceil FP16_REF::ceil_
#define hfloor FP16_REF::floor_
#define htrunc FP16_REF::trunc_
#define hrint FP16_REF::rint_
#define __hadd_rn FP16_REF::add
#define __hsub_rn FP16_REF::sub
#define __hmul_rn FP16_REF::mul
#define __hdiv FP16_REF::div
#define __hadd_sat FP16_REF::add_sat
#define __hsub_sat FP16_REF::sub_sat
#define __hmul_sat FP16_REF::mul_sat
#define __hfma_sat FP16_REF::fma_sat
#define __hfma_relu FP16_REF::fma_relu
#define __hmax FP16_REF::max
#define __hmin FP16_REF::min
#define __hmax_nan FP16_REF::max_nan
#define __hmin_nan FP16_REF::min_nan
#define __hequ FP16_REF::equ
#define __hneu FP16_REF::neu
#define __hltu FP16_REF::ltu
#define __hleu FP16_REF::leu
#define __hgtu FP16_REF::gtu
#define __hgeu FP16_REF::geu
#define __hne FP16_REF::ne
#define __hisnan FP16_REF::isnan_
#define h2exp(p) FP16_REF::map1(FP16_REF::exp_, p)
#define h2log(p) FP16_REF::map1(FP16_REF::log_, p)
#define h2tanh(p) FP16_REF::map1(FP16_REF::tanh_, p)
#define __hfma2_relu(p, q, r) FP16_REF::map3(FP16_REF::fma_relu, p, q, r)
#define __hmax2_nan(p, q) FP16_REF::map2(FP16_REF::max_nan, p, q)
#define __hcmadd FP16_REF::cmadd
#define __hlt2(p, q) FP16_REF::cmp2(FP16_REF::lt, p, q)
#define __hgeu2(p, q) FP16_REF::cmp2(FP16_REF::geu, p, q)
#define __hbltu2(p, q) FP16_REF::cmpb(FP16_REF::ltu, p, q)
#define __hbge2(p, q) FP16_REF::cmpb(FP16_REF::ge, p, q)
#define __hlt2_mask(p, q) FP16_REF::cmpmask(FP16_REF::lt, p, q)
#define __hisnan2 FP16_REF::isnan2
// the tests' spellings of the C++ operators and class conversions (see the kernels)
#undef INCS
#define INCS(a) FP16_REF::incs(a)
#undef NE2
#define NE2(p, q) FP16_REF::cmpb(FP16_REF::neu, p, q)
#undef LT2
#define LT2(p, q) FP16_REF::cmpb(FP16_REF::lt, p, q)
#undef SUB2
#define SUB2(p, q) FP16_REF::map2(FP16_REF::sub, p, q)
#undef TO_INT
#define TO_INT(a) ((int)FP16_REF::to_signed(a, 1, -2147483647LL - 1, 2147483647LL))
#undef TO_UCHAR
#define TO_UCHAR(a) ((int)FP16_REF::to_unsigned(a, 1, 255))
#undef TO_LL
#define TO_LL(a) FP16_REF::to_ll(a, 1)
#undef TO_BOOL
#define TO_BOOL(a) ((FP16_REF::bits(a) & 0x7fffu) != 0)
