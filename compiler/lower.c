/* lower.c — the protocol every IR->IR lowering follows (lower_*.c): an
 * instruction the emitter has no row for is replaced by a call of a helper
 * named anchor_*, declared in the module, at the instruction's place and
 * with its debug location; the emitter then prints the call like any other
 * (its row, docs/compiler.md). The passes differ only in which instructions
 * they take and which helper each becomes. */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <string.h>

#include "msl_internal.h"

static void add_attribute(msl_ctx *ctx, LLVMValueRef fn, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  assert(kind);
  /* value 0: for "memory" that is memory(none) */
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(ctx->llctx, kind, 0));
}

LLVMValueRef lower_declare(msl_ctx *ctx, const char *name, LLVMTypeRef type, unsigned flags) {
  LLVMValueRef fn = LLVMGetNamedFunction(ctx->mod, name);
  if (fn) {
    assert(LLVMGlobalGetValueType(fn) == type && "one helper name, one signature");
    return fn;
  }
  fn = LLVMAddFunction(ctx->mod, name, type);
  add_attribute(ctx, fn, "nounwind");
  if (flags & LOWER_PURE) {
    add_attribute(ctx, fn, "willreturn");
    add_attribute(ctx, fn, "memory");
  }
  return fn;
}

LLVMValueRef lower_call(LLVMBuilderRef b, LLVMValueRef at, LLVMValueRef fn, LLVMValueRef *args,
                        unsigned n) {
  LLVMPositionBuilderBefore(b, at);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(at));
  return LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, n, "");
}

LLVMValueRef lower_byte_pointer(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef pointer,
                                unsigned long long offset) {
  if (!offset) return pointer;
  LLVMValueRef index = LLVMConstInt(LLVMInt64TypeInContext(ctx->llctx), offset, 0);
  return LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx->llctx), pointer, &index, 1, "");
}

void lower_copy_access(LLVMValueRef from, LLVMValueRef to, unsigned align) {
  LLVMSetVolatile(to, LLVMGetVolatile(from));
  LLVMSetAlignment(to, align);
}

void lower_replace(LLVMValueRef old, LLVMValueRef replacement) {
  assert(replacement || !LLVMGetFirstUse(old));
  if (replacement) LLVMReplaceAllUsesWith(old, replacement);
  LLVMInstructionEraseFromParent(old);
}

LLVMValueRef lower_per_element(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef at, LLVMTypeRef type,
                               LLVMValueRef *operands, unsigned n, lower_element_fn *fn,
                               void *data) {
  assert(n <= LOWER_MAX_OPERANDS);
  if (LLVMGetTypeKind(type) != LLVMVectorTypeKind) return fn(ctx, b, at, type, operands, data);
  LLVMTypeRef elem = LLVMGetElementType(type), i32 = LLVMInt32TypeInContext(ctx->llctx);
  LLVMValueRef r = LLVMGetUndef(type), elems[LOWER_MAX_OPERANDS];
  for (unsigned k = 0, count = LLVMGetVectorSize(type); k < count; k++) {
    LLVMValueRef idx = LLVMConstInt(i32, k, 0);
    LLVMPositionBuilderBefore(b, at);
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(at));
    for (unsigned j = 0; j < n; j++)
      elems[j] = LLVMGetTypeKind(LLVMTypeOf(operands[j])) == LLVMVectorTypeKind
                     ? LLVMBuildExtractElement(b, operands[j], idx, "")
                     : operands[j];
    LLVMValueRef v = fn(ctx, b, at, elem, elems, data);
    LLVMPositionBuilderBefore(b, at);
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(at));
    r = LLVMBuildInsertElement(b, r, v, idx, "");
  }
  return r;
}

int lower_each_instruction(msl_ctx *ctx, lower_visit_fn *visit) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
        next = LLVMGetNextInstruction(i); /* visit may replace i */
        visit(ctx, b, i);
      }
  LLVMDisposeBuilder(b);
  return 1;
}
