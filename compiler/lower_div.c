/* lower_div.c — IR->IR, before the device library is linked: every float
 * and half division as a call of the device library's division
 * (devlib/f32_div.cu), so that devlib_link brings its code in.
 *
 * CUDA's x / y on floats is correctly rounded (nvcc's default -prec-div=true);
 * Metal's is not, so a division the emitter printed as MSL `/` would differ
 * from nvcc's on an Apple GPU. An fdiv without the `arcp` flag becomes
 * __anchor_fdiv_rn (correctly rounded); one with `arcp` (the driver's
 * -freciprocal-math for -prec-div=false) becomes __anchor_fdiv_full, nvcc's
 * div.full (2 ulp over the whole range), and one with `arcp` and `afn`
 * (--use_fast_math) __anchor_fdividef, nvcc's div.approx (2 ulp for |y| in
 * [2^-126, 2^126]). A half division goes through float: the float quotient rounded to
 * half is the correctly rounded half quotient (24 >= 2 * 11 + 2 bits).
 * Vector divisions are divided element by element. Double division is
 * lower_fp64's (software binary64). Only the devlib's own code is not
 * rewritten: it is linked afterwards, and it never divides floats (its
 * build checks that, docs/devlib.md). */
#include <llvm-c/DebugInfo.h>

#include "msl_internal.h"

/* fn(x, y) before `at` (data: fn), through float for half operands. */
static LLVMValueRef divide(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef at, LLVMTypeRef type,
                           LLVMValueRef *xy, void *data) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx->llctx);
  int half = LLVMGetTypeKind(type) == LLVMHalfTypeKind;
  LLVMPositionBuilderBefore(b, at);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(at));
  LLVMValueRef args[2] = {xy[0], xy[1]};
  if (half)
    args[0] = LLVMBuildFPExt(b, xy[0], f32, ""), args[1] = LLVMBuildFPExt(b, xy[1], f32, "");
  LLVMValueRef q = lower_call(b, at, data, args, 2);
  return half ? LLVMBuildFPTrunc(b, q, type, "") : q;
}

static int is_float_or_half(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMFloatTypeKind || k == LLVMHalfTypeKind;
}

static void visit(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i) {
  if (LLVMGetInstructionOpcode(i) != LLVMFDiv) return;
  LLVMTypeRef type = LLVMTypeOf(i);
  LLVMTypeRef elem = LLVMGetTypeKind(type) == LLVMVectorTypeKind ? LLVMGetElementType(type) : type;
  if (!is_float_or_half(elem)) return;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx->llctx), sig[2] = {f32, f32};
  LLVMFastMathFlags fmf = LLVMGetFastMathFlags(i);
  const char *name = !(fmf & LLVMFastMathAllowReciprocal) ? "__anchor_fdiv_rn"
                     : (fmf & LLVMFastMathApproxFunc)     ? "__anchor_fdividef"
                                                          : "__anchor_fdiv_full";
  LLVMValueRef fn = lower_declare(ctx, name, LLVMFunctionType(f32, sig, 2, 0), LOWER_PURE);
  LLVMValueRef xy[2] = {LLVMGetOperand(i, 0), LLVMGetOperand(i, 1)};
  lower_replace(i, lower_per_element(ctx, b, i, type, xy, 2, divide, fn));
}

int lower_div(msl_ctx *ctx) {
  return lower_each_instruction(ctx, visit);
}
