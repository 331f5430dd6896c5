/* switches.c — switch instructions as chains of conditional branches, one
 * link per distinct target: `br (x == 1 | x == 2), T1, next; next: br
 * (x == 7), T2, default`. Unlike lower-switch's balanced tree, whose leaves
 * share the default block, the chain lets structured emission turn a C
 * switch whose cases end in `break` into if / else if / else directly; a
 * case falling through into another still needs structurizecfg (compile.c).
 * Runs before the control-flow pipeline of passes.c. */
#include <llvm-c/DebugInfo.h>
#include <stdlib.h>

#include "msl_internal.h"

/* Phis of `target` that listed `from` (once per switch edge) now list `to`
 * once: rebuilt, since the C API cannot retarget an incoming block. */
static void retarget_phis(LLVMBuilderRef b, LLVMBasicBlockRef target, LLVMBasicBlockRef from,
                          LLVMBasicBlockRef to) {
  LLVMValueRef phi = LLVMGetFirstInstruction(target);
  while (phi && LLVMIsAPHINode(phi)) {
    LLVMValueRef next = LLVMGetNextInstruction(phi);
    LLVMPositionBuilderBefore(b, phi);
    LLVMValueRef fresh = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
    int seen_from = 0;
    for (unsigned k = 0; k < LLVMCountIncoming(phi); k++) {
      LLVMValueRef v = LLVMGetIncomingValue(phi, k);
      LLVMBasicBlockRef blk = LLVMGetIncomingBlock(phi, k);
      if (blk == from) {
        if (seen_from++) continue;
        blk = to;
      }
      LLVMAddIncoming(fresh, &v, &blk, 1);
    }
    LLVMReplaceAllUsesWith(phi, fresh);
    LLVMInstructionEraseFromParent(phi);
    phi = next;
  }
}

static void lower_switch(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef sw) {
  LLVMBasicBlockRef block = LLVMGetInstructionParent(sw);
  LLVMValueRef fn = LLVMGetBasicBlockParent(block);
  LLVMValueRef cond = LLVMGetOperand(sw, 0);
  LLVMBasicBlockRef deflt = LLVMGetSwitchDefaultDest(sw);
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(sw);
  unsigned ncases = (unsigned)(LLVMGetNumOperands(sw) - 2) / 2;
  LLVMBasicBlockRef *targets = calloc(ncases + 1, sizeof *targets);
  unsigned ntargets = 0;
  for (unsigned c = 0; c < ncases; c++) { /* distinct targets, in case order */
    LLVMBasicBlockRef t = LLVMValueAsBasicBlock(LLVMGetOperand(sw, 3 + 2 * c));
    unsigned k = 0;
    while (k < ntargets && targets[k] != t)
      k++;
    if (k == ntargets && t != deflt) targets[ntargets++] = t;
  }
  /* Each link tests one target's values; the last one falls to default. */
  LLVMBasicBlockRef link = block;
  for (unsigned k = 0; k < ntargets; k++) {
    if (link == block)
      LLVMPositionBuilderBefore(b, sw);
    else
      LLVMPositionBuilderAtEnd(b, link);
    LLVMValueRef test = NULL;
    for (unsigned c = 0; c < ncases; c++) {
      if (LLVMValueAsBasicBlock(LLVMGetOperand(sw, 3 + 2 * c)) != targets[k]) continue;
      LLVMValueRef eq = LLVMBuildICmp(b, LLVMIntEQ, cond, LLVMGetOperand(sw, 2 + 2 * c), "");
      test = test ? LLVMBuildOr(b, test, eq, "") : eq;
    }
    LLVMBasicBlockRef next =
        k + 1 < ntargets ? LLVMAppendBasicBlockInContext(ctx->llctx, fn, "case.chain") : deflt;
    LLVMValueRef br = LLVMBuildCondBr(b, test, targets[k], next);
    if (loc) LLVMInstructionSetDebugLoc(br, loc);
    retarget_phis(b, targets[k], block, link);
    if (k + 1 < ntargets) link = next;
  }
  if (ntargets == 0) {
    LLVMPositionBuilderBefore(b, sw);
    LLVMValueRef br = LLVMBuildBr(b, deflt);
    if (loc) LLVMInstructionSetDebugLoc(br, loc);
  }
  /* The default is now reached once, from the last link. */
  retarget_phis(b, deflt, block, link);
  LLVMInstructionEraseFromParent(sw);
  free(targets);
}

int lower_switches(msl_ctx *ctx) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  for (unsigned k = 0; k < ctx->nkernels; k++) {
    LLVMValueRef fn = ctx->kernels[k].fn;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
      if (term && LLVMIsASwitchInst(term)) lower_switch(ctx, b, term);
    }
  }
  LLVMDisposeBuilder(b);
  return 1;
}
