/* lower_math.c — IR->IR: the math intrinsics the emitter has no row for.
 * Float square roots become calls to the MSL helper anchor_f32_sqrt
 * (msl_math_prelude, intrinsics.c), declared in the module; floating-point
 * classification (llvm.is.fpclass, which LLVM makes of isnan, isinf,
 * isfinite, fabs(x) < inf, ... on any format) becomes integer tests on the
 * value's bits, before lower_fp64 (a double's bits are its MSL value).
 *
 * CUDA's sqrtf and __fsqrt_rn are correctly rounded (llvm.sqrt.f32,
 * llvm.nvvm.sqrt.rn.f); Metal's sqrt is not, and doubles are software
 * (fp64.metal), so the helper computes it from float operations only. A
 * half square root goes through it too: rounding the correctly rounded
 * float result to half is exact (float has more than 2 * 11 + 2 bits).
 * The emitter prints the calls like any other (protocol: docs/compiler.md). */
#include <llvm-c/DebugInfo.h>
#include <string.h>

#include "msl_internal.h"

/* 1: float, 2: half square root; 0: not one. */
static int sqrt_kind(LLVMValueRef i) {
  if (!LLVMIsACallInst(i)) return 0;
  const char *name = ir_callee_name(i);
  if (!strcmp(name, "llvm.sqrt.f32") || !strcmp(name, "llvm.nvvm.sqrt.rn.f")) return 1;
  if (!strcmp(name, "llvm.sqrt.f16")) return 2;
  return 0;
}

/* llvm.is.fpclass(x, mask) on a scalar half, float or double: the OR of
 * one test per class the mask names (LLVM's FPClassTest bits: 0 signalling
 * NaN, 1 quiet NaN, 2..5 negative infinity, normal, subnormal, zero, 6..9
 * positive zero, subnormal, normal, infinity), on a = |x|'s bits (unsigned
 * comparisons) and x's sign. */
static int is_fpclass(LLVMValueRef i) {
  return LLVMIsACallInst(i) && !strncmp(ir_callee_name(i), "llvm.is.fpclass.", 16) &&
         LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, 0))) != LLVMVectorTypeKind &&
         LLVMIsAConstantInt(LLVMGetOperand(i, 1));
}

static void lower_fpclass(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef call) {
  LLVMValueRef x = LLVMGetOperand(call, 0);
  unsigned mask = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(call, 1));
  LLVMTypeKind kind = LLVMGetTypeKind(LLVMTypeOf(x));
  unsigned width = kind == LLVMHalfTypeKind ? 16 : kind == LLVMFloatTypeKind ? 32 : 64;
  unsigned mant = kind == LLVMHalfTypeKind ? 10 : kind == LLVMFloatTypeKind ? 23 : 52;
  LLVMTypeRef it = LLVMIntTypeInContext(ctx->llctx, width);
  unsigned long long sign = 1ull << (width - 1), inf = (sign - 1) & ~((1ull << mant) - 1);
  unsigned long long quiet = 1ull << (mant - 1), min_normal = 1ull << mant;
#define K(v) LLVMConstInt(it, (v), 0)
  LLVMPositionBuilderBefore(b, call);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
  LLVMValueRef bits = LLVMBuildBitCast(b, x, it, "");
  LLVMValueRef a = LLVMBuildAnd(b, bits, K(sign - 1), "");
  LLVMValueRef neg = LLVMBuildICmp(b, LLVMIntSLT, bits, K(0), "");
  LLVMValueRef pos = LLVMBuildNot(b, neg, "");
  LLVMValueRef r = LLVMConstInt(LLVMInt1TypeInContext(ctx->llctx), 0, 0);
  unsigned nan = mask & 3;
  if (nan) {
    LLVMValueRef t = nan == 3   ? LLVMBuildICmp(b, LLVMIntUGT, a, K(inf), "")
                     : nan == 2 ? LLVMBuildICmp(b, LLVMIntUGE, a, K(inf | quiet), "")
                                : LLVMBuildICmp(b, LLVMIntULT, LLVMBuildSub(b, a, K(inf + 1), ""),
                                                K(quiet - 1), "");
    r = LLVMBuildOr(b, r, t, "");
  }
  /* infinity, normal, subnormal, zero: (negative bit, positive bit) */
  static const unsigned classes[4][2] = {{4, 512}, {8, 256}, {16, 128}, {32, 64}};
  for (unsigned c = 0; c < 4; c++) {
    unsigned want = (mask & classes[c][0] ? 1 : 0) | (mask & classes[c][1] ? 2 : 0);
    if (!want) continue;
    LLVMValueRef t =
        c == 0   ? LLVMBuildICmp(b, LLVMIntEQ, a, K(inf), "")
        : c == 1 ? LLVMBuildICmp(b, LLVMIntULT, LLVMBuildSub(b, a, K(min_normal), ""),
                                 K(inf - min_normal), "")
        : c == 2 ? LLVMBuildICmp(b, LLVMIntULT, LLVMBuildSub(b, a, K(1), ""), K(min_normal - 1), "")
                 : LLVMBuildICmp(b, LLVMIntEQ, a, K(0), "");
    if (want != 3) t = LLVMBuildAnd(b, t, want == 1 ? neg : pos, "");
    r = LLVMBuildOr(b, r, t, "");
  }
#undef K
  lower_replace(call, r);
}

/* Every float or half square root: x -> anchor_f32_sqrt(x), through float
 * for half; every scalar classification: integer tests. */
static void visit(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef call) {
  if (is_fpclass(call)) {
    lower_fpclass(ctx, b, call);
    return;
  }
  int kind = sqrt_kind(call);
  if (!kind) return;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx->llctx);
  LLVMValueRef fn =
      lower_declare(ctx, "anchor_f32_sqrt", LLVMFunctionType(f32, &f32, 1, 0), LOWER_PURE);
  LLVMValueRef x = LLVMGetOperand(call, 0);
  LLVMPositionBuilderBefore(b, call);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
  if (kind == 2) x = LLVMBuildFPExt(b, x, f32, "");
  LLVMValueRef r = lower_call(b, call, fn, &x, 1);
  if (kind == 2) r = LLVMBuildFPTrunc(b, r, LLVMTypeOf(call), "");
  lower_replace(call, r);
}

int lower_math(msl_ctx *ctx) {
  return lower_each_instruction(ctx, visit);
}
