/* lower.c — the protocol every IR->IR lowering follows (lower_*.c): an
 * instruction the emitter has no row for is replaced by a call of a helper
 * named anchor_*, declared in the module, at the instruction's place and
 * with its debug location; the emitter then prints the call like any other
 * (its row, docs/compiler.md). The passes differ only in which instructions
 * they take and which helper each becomes. */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
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

static int lower_in_list(LLVMValueRef v, LLVMValueRef *list, unsigned n) {
  for (unsigned k = 0; k < n; k++)
    if (list[k] == v) return 1;
  return 0;
}

static int lower_calls_one_of(LLVMValueRef fn, LLVMValueRef *list, unsigned n) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMIsACallInst(i) && lower_in_list(LLVMGetCalledValue(i), list, n)) return 1;
  return 0;
}

unsigned lower_start_kernels_reaching(msl_ctx *ctx, const char *const *targets, const char *start) {
  unsigned n = 0, cap = 16, changed = 0;
  LLVMValueRef *reach = malloc(cap * sizeof *reach);
  if (!reach) abort();
  for (unsigned t = 0; targets[t]; t++) {
    LLVMValueRef fn = LLVMGetNamedFunction(ctx->mod, targets[t]);
    if (!fn) continue;
    if (n == cap && !(reach = realloc(reach, (cap *= 2) * sizeof *reach))) abort();
    reach[n++] = fn;
  }
  for (int grew = n > 0; grew;) { /* the callers of what is reached, to a fixpoint */
    grew = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
      if (!lower_in_list(fn, reach, n) && lower_calls_one_of(fn, reach, n)) {
        if (n == cap && !(reach = realloc(reach, (cap *= 2) * sizeof *reach))) abort();
        reach[n++] = fn, grew = 1;
      }
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  for (unsigned k = 0; k < ctx->nkernels; k++) {
    LLVMValueRef fn = ctx->kernels[k].fn;
    if (!lower_in_list(fn, reach, n)) continue;
    LLVMValueRef helper = lower_declare(
        ctx, start, LLVMFunctionType(LLVMVoidTypeInContext(ctx->llctx), NULL, 0, 0), 0);
    LLVMValueRef at = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
    while (LLVMIsAAllocaInst(at))
      at = LLVMGetNextInstruction(at);
    lower_call(b, at, helper, NULL, 0);
    changed++;
  }
  LLVMDisposeBuilder(b);
  free(reach);
  return changed;
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
