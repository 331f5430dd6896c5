/* lower_convert.c — IR->IR, before the device library is linked: every
 * float, half or double to integer conversion (a C cast, fptosi/fptoui) as
 * a call of the device library's conversion with CUDA's rules
 * (devlib/rounding.cu), so that devlib_link brings its code in.
 *
 * nvcc compiles (int)x to PTX cvt.rzi, which saturates: an out-of-range
 * value gives the type's smallest or largest value, and a NaN what
 * __float2int_rz and its siblings give (include/anchor/math/rounding.h, as
 * measured on an H200). LLVM's fptosi/fptoui are poison there, and MSL's
 * casts implementation-defined, so a plain cast must not reach the MSL.
 * To 32 and 64 bits: __anchor_{float,double}2{int,uint,ll,ull}_rz; a half
 * goes through float (exact); narrower integers convert through 32 bits
 * and keep the low bits (what C leaves undefined). The library's own
 * conversions are linked afterwards and not rewritten (they are in range). */
#include <llvm-c/DebugInfo.h>
#include <stdio.h>

#include "msl_internal.h"

/* x converted before `at` to the integer type `to` (data: an int, non-zero
 * for a signed conversion). */
static LLVMValueRef convert(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef at, LLVMTypeRef to,
                            LLVMValueRef *operand, void *data) {
  LLVMValueRef x = *operand;
  int is_signed = *(const int *)data;
  LLVMTypeRef from = LLVMTypeOf(x);
  LLVMTypeKind kind = LLVMGetTypeKind(from);
  unsigned bits = LLVMGetIntTypeWidth(to), width = bits > 32 ? 64 : 32;
  LLVMPositionBuilderBefore(b, at);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(at));
  if (kind == LLVMHalfTypeKind) x = LLVMBuildFPExt(b, x, LLVMFloatTypeInContext(ctx->llctx), "");
  const char *source = kind == LLVMDoubleTypeKind ? "double" : "float";
  const char *target = width == 64 ? (is_signed ? "ll" : "ull") : (is_signed ? "int" : "uint");
  char name[64];
  snprintf(name, sizeof name, "__anchor_%s2%s_rz", source, target);
  LLVMTypeRef arg = LLVMTypeOf(x), result = LLVMIntTypeInContext(ctx->llctx, width);
  LLVMValueRef fn = lower_declare(ctx, name, LLVMFunctionType(result, &arg, 1, 0), LOWER_PURE);
  LLVMValueRef r = lower_call(b, at, fn, &x, 1);
  return bits < width ? LLVMBuildTrunc(b, r, to, "") : r;
}

static void visit(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  if (op != LLVMFPToSI && op != LLVMFPToUI) return;
  LLVMTypeRef type = LLVMTypeOf(i);
  LLVMTypeRef elem = LLVMGetTypeKind(type) == LLVMVectorTypeKind ? LLVMGetElementType(type) : type;
  if (LLVMGetIntTypeWidth(elem) > 64) return; /* i128: the emitter's error */
  LLVMValueRef x = LLVMGetOperand(i, 0);
  int is_signed = op == LLVMFPToSI;
  lower_replace(i, lower_per_element(ctx, b, i, type, &x, 1, convert, &is_signed));
}

int lower_convert(msl_ctx *ctx) {
  return lower_each_instruction(ctx, visit);
}
