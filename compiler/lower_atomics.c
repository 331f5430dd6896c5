/* lower_atomics.c — IR->IR: the atomics MSL can express as calls of
 * anchor_atomic_<op>.<type>.p<addrspace> helpers: atomicrmw with relaxed
 * ordering (LLVM's monotonic or unordered, what CUDA's atomic* are) on a
 * 32-bit integer or a float, (ptr, value) -> old value; cmpxchg with both
 * orderings relaxed on a 32-bit integer, anchor_atomic_cmpxchg (ptr, cmp,
 * new) -> {old, success}; NVVM's atomicInc/atomicDec intrinsics as
 * uinc_wrap/udec_wrap. Their MSL (direct atomic functions or CAS loops on the
 * 32-bit word, device or threadgroup by the pointer's space) is the helpers'
 * row in atomics.c. Anything else — stronger orderings, other widths — is
 * left as it is, and the emitter reports it, as it reports atomics on
 * spaces MSL cannot (private, parameter, generic). Relaxed atomic loads and
 * stores stay loads and stores (their rows spell them). */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <string.h>

#include "msl_internal.h"

static int relaxed(LLVMAtomicOrdering o) {
  return o == LLVMAtomicOrderingMonotonic || o == LLVMAtomicOrderingUnordered;
}

static int word_type(LLVMTypeRef ty) {
  return LLVMGetTypeKind(ty) == LLVMFloatTypeKind ||
         (LLVMGetTypeKind(ty) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) == 32);
}

/* The helper's name for atomic instruction i into name; 0 when i stays. */
static int helper_name(LLVMValueRef i, char *name, size_t n) {
  const char *op = NULL;
  if (LLVMIsAAtomicRMWInst(i)) {
    if (!relaxed(LLVMGetOrdering(i)) || !word_type(LLVMTypeOf(LLVMGetOperand(i, 1)))) return 0;
    op = msl_atomic_op_name(LLVMGetAtomicRMWBinOp(i));
  } else if (LLVMIsAAtomicCmpXchgInst(i)) {
    if (!relaxed(LLVMGetCmpXchgSuccessOrdering(i)) ||
        LLVMGetCmpXchgFailureOrdering(i) != LLVMAtomicOrderingMonotonic ||
        !word_type(LLVMTypeOf(LLVMGetOperand(i, 1))) ||
        LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, 1))) != LLVMIntegerTypeKind)
      return 0;
    op = "cmpxchg";
  } else if (LLVMIsACallInst(i)) {
    const char *callee = ir_callee_name(i);
    if (!strncmp(callee, "llvm.nvvm.atomic.load.inc.32.", 29))
      op = "uinc_wrap";
    else if (!strncmp(callee, "llvm.nvvm.atomic.load.dec.32.", 29))
      op = "udec_wrap";
  }
  if (!op) return 0;
  LLVMValueRef ptr = LLVMGetOperand(i, 0), v = LLVMGetOperand(i, 1);
  int fl = LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMFloatTypeKind;
  snprintf(name, n, "anchor_atomic_%s.%s.p%u", op, fl ? "f32" : "i32",
           LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)));
  return 1;
}

/* An atomic the helpers cover: (operands) -> anchor_atomic_<op>(operands). */
static void visit(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i) {
  char name[96];
  if (!helper_name(i, name, sizeof name)) return;
  unsigned n = LLVMIsAAtomicCmpXchgInst(i) ? 3 : 2;
  LLVMValueRef args[3];
  LLVMTypeRef params[3];
  for (unsigned k = 0; k < n; k++)
    args[k] = LLVMGetOperand(i, k), params[k] = LLVMTypeOf(args[k]);
  LLVMValueRef fn = lower_declare(ctx, name, LLVMFunctionType(LLVMTypeOf(i), params, n, 0), 0);
  lower_replace(i, lower_call(b, i, fn, args, n));
}

int lower_atomics(msl_ctx *ctx) {
  return lower_each_instruction(ctx, visit);
}
