/* lower_math.c — IR->IR: float square roots as calls to the MSL helper
 * anchor_f32_sqrt (msl_math_prelude, intrinsics.c), declared in the module.
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

/* Every float or half square root: x -> anchor_f32_sqrt(x), through float
 * for half. */
static void visit(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef call) {
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
