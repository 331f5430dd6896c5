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

static const char *callee_name(LLVMValueRef call) {
  size_t len;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  return LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
}

/* 1: float, 2: half square root; 0: not one. */
static int sqrt_kind(LLVMValueRef i) {
  if (!LLVMIsACallInst(i)) return 0;
  const char *name = callee_name(i);
  if (!strcmp(name, "llvm.sqrt.f32") || !strcmp(name, "llvm.nvvm.sqrt.rn.f")) return 1;
  if (!strcmp(name, "llvm.sqrt.f16")) return 2;
  return 0;
}

/* float anchor_f32_sqrt(float), without side effects. */
static LLVMValueRef helper(msl_ctx *ctx, LLVMTypeRef *type) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx->llctx);
  *type = LLVMFunctionType(f32, &f32, 1, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(ctx->mod, "anchor_f32_sqrt");
  if (fn) return fn;
  fn = LLVMAddFunction(ctx->mod, "anchor_f32_sqrt", *type);
  unsigned memory = LLVMGetEnumAttributeKindForName("memory", 6);
  unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(ctx->llctx, memory, 0)); /* memory(none) */
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(ctx->llctx, nounwind, 0));
  return fn;
}

static void lower_sqrt(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef call, int kind) {
  LLVMTypeRef type;
  LLVMValueRef fn = helper(ctx, &type), x = LLVMGetOperand(call, 0);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx->llctx);
  LLVMPositionBuilderBefore(b, call);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
  if (kind == 2) x = LLVMBuildFPExt(b, x, f32, "");
  LLVMValueRef r = LLVMBuildCall2(b, type, fn, &x, 1, "");
  if (kind == 2) r = LLVMBuildFPTrunc(b, r, LLVMTypeOf(call), "");
  LLVMReplaceAllUsesWith(call, r);
  LLVMInstructionEraseFromParent(call);
}

int lower_math(msl_ctx *ctx) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
        next = LLVMGetNextInstruction(i);
        int kind = sqrt_kind(i);
        if (kind) lower_sqrt(ctx, b, i, kind);
      }
  LLVMDisposeBuilder(b);
  return 1;
}
