/* passes.c — the LLVM pipeline that turns clang's -O3 device IR into the
 * shape the emitter expects: no calls (everything inlined), no aggregates or
 * vectors in registers (vector loads and stores split by lower_vectors.c,
 * one access per element, the rest by LLVM's scalarizer), no switch
 * (switches.c, then lower-switch), reducible loops with one exit each. It
 * changes no process-wide LLVM state: other users of LLVM in the process see
 * LLVM's defaults (tests/compiler/test_process_state.c).
 * pipeline_structurize gives each function one exit block and runs
 * structurizecfg; compile.c calls it, before emitting them, for the kernels
 * whose CFG the structurizer's dry walk (msl_structurable) finds it cannot
 * emit as it stands. */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"
#include "target.h"

static int is_kernel(msl_ctx *ctx, LLVMValueRef fn) {
  for (unsigned i = 0; i < ctx->nkernels; i++)
    if (ctx->kernels[i].fn == fn) return 1;
  return 0;
}

/* MSL cannot call anything but inline functions on one address-space
 * combination, so every device function is inlined into its kernels. */
static void mark_inline(msl_ctx *ctx) {
  unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
  unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
  unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  LLVMAttributeRef attr = LLVMCreateEnumAttribute(ctx->llctx, always, 0);
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn) || is_kernel(ctx, fn)) continue;
    LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, noinline);
    LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone);
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, attr);
    /* Non-kernels are not entry points: let globaldce drop them. */
    LLVMSetLinkage(fn, LLVMInternalLinkage);
  }
}

static LLVMTargetMachineRef target_machine(msl_ctx *ctx) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMTargetRef target;
  char *message = NULL;
  const char *triple = LLVMGetTarget(ctx->mod);
  if (LLVMGetTargetFromTriple(triple, &target, &message)) {
    diag_error(ctx, NULL, "no NVPTX target in this LLVM: %s", message);
    LLVMDisposeMessage(message);
    return NULL;
  }
  return LLVMCreateTargetMachine(target, triple, AC_CUDA_ARCH_NAME, "", LLVMCodeGenLevelDefault,
                                 LLVMRelocDefault, LLVMCodeModelDefault);
}

static int run(msl_ctx *ctx, LLVMTargetMachineRef tm, const char *pipeline) {
  LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
  LLVMErrorRef err = LLVMRunPasses(ctx->mod, pipeline, tm, opts);
  LLVMDisposePassBuilderOptions(opts);
  if (err) {
    char *message = LLVMGetErrorMessage(err);
    diag_error(ctx, NULL, "internal error: LLVM pipeline failed: %s", message);
    LLVMDisposeErrorMessage(message);
    return 0;
  }
  return 1;
}

/* After inlining a kernel may only call intrinsics; anything else is either
 * recursion or a function without a definition (printf, libm without
 * Anchor's math library...). */
static int check_calls(msl_ctx *ctx) {
  for (unsigned k = 0; k < ctx->nkernels; k++) {
    LLVMValueRef fn = ctx->kernels[k].fn;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i)) continue;
        LLVMValueRef callee = LLVMGetCalledValue(i);
        if (LLVMIsAInlineAsm(callee))
          return diag_error(ctx, i,
                            "internal error: inline assembly left after lower_asm "
                            "(compiler/lower_asm.c translates or reports every one)");
        if (!LLVMIsAFunction(callee))
          return diag_error(ctx, i,
                            "indirect call (function pointer) is not supported by "
                            "Anchor's Metal backend");
        size_t len;
        const char *name = LLVMGetValueName2(callee, &len);
        if (LLVMGetIntrinsicID(callee) || msl_call_row(i)) continue; /* the emitter's */
        if (!LLVMIsDeclaration(callee))
          return diag_error(ctx, i,
                            "recursive call to '%s' is not supported by Anchor's Metal "
                            "backend",
                            name);
        return diag_error(ctx, i,
                          "call to undefined function '%s' is not supported by "
                          "Anchor's Metal backend",
                          name);
      }
  }
  return 1;
}

/* Vectors in registers become scalars: the memory accesses split here, the
 * reductions and bitcasts between element counts on elements
 * (lower_vector_ops.c), the arithmetic by LLVM's scalarizer (which never
 * splits memory by itself and keeps those whole). */
static int scalarize(msl_ctx *ctx, LLVMTargetMachineRef tm) {
  lower_vector_memory(ctx);
  lower_vector_ops(ctx);
  return run(ctx, tm, "function(scalarizer,instcombine<no-verify-fixpoint>,dce)");
}

int pipeline_run(msl_ctx *ctx) {
  assert(ctx->mod && ctx->layout && "module_load succeeded");
  mark_inline(ctx);
  LLVMTargetMachineRef tm = target_machine(ctx);
  if (!tm) return 0;
  /* 1. inline and clean up; 2. scalarize vectors (loads/stores included);
   * 3. control-flow normalisation, which nothing may undo afterwards. */
  int ok = run(ctx, tm, "always-inline,globaldce") &&
           run(ctx, tm,
               "function(sroa,early-cse,instcombine<no-verify-fixpoint>,simplifycfg,"
               "infer-address-spaces,instcombine<no-verify-fixpoint>,sroa,dce)") &&
           scalarize(ctx, tm) && check_calls(ctx) && lower_switches(ctx) &&
           run(ctx, tm,
               "function(lower-switch,mergereturn,fix-irreducible,"
               "unify-loop-exits,dce)");
  LLVMDisposeTargetMachine(tm);
  return ok;
}

/* Consecutive accesses as vector accesses (docs/compiler.md "Vector accesses"), the
 * last IR step before emission: LLVM's infer-alignment proves what alignment it can
 * from the IR (a `float4` copied into a `__shared__ float` tile at an index that is a
 * multiple of 4), then its load-store vectorizer joins consecutive accesses of one
 * base whose alignment covers the whole (NVPTX's rules: at most 16 bytes, aligned to
 * their size), and lower_vector_legalize splits what MSL has no vector type for.
 * Static `__shared__` variables sit at 16-byte aligned offsets of a 16-byte aligned
 * anchor_smem (kernel.c), so for these passes they are 16-byte aligned; their own
 * alignment is put back after (CUDA's layout of them, smem_cuda_bytes, uses it). */
int pipeline_vectorize(msl_ctx *ctx) {
  LLVMTargetMachineRef tm = target_machine(ctx);
  if (!tm) return 0;
  unsigned n = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(ctx->mod); g; g = LLVMGetNextGlobal(g))
    n++;
  unsigned *saved = malloc(sizeof *saved * (n ? n : 1));
  if (!saved) abort();
  unsigned k = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(ctx->mod); g; g = LLVMGetNextGlobal(g), k++) {
    saved[k] = LLVMGetAlignment(g);
    LLVMTypeRef type = LLVMGlobalGetValueType(g);
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == AC_NVPTX_SHARED && !LLVMIsDeclaration(g) &&
        LLVMABISizeOfType(ctx->layout, type) > 0 && saved[k] < 16)
      LLVMSetAlignment(g, 16);
  }
  int ok = run(ctx, tm, "function(infer-alignment,load-store-vectorizer)");
  k = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(ctx->mod); g; g = LLVMGetNextGlobal(g), k++)
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == AC_NVPTX_SHARED) LLVMSetAlignment(g, saved[k]);
  free(saved);
  LLVMDisposeTargetMachine(tm);
  return ok && lower_vector_legalize(ctx);
}

/* Which blocks of fn reach a `ret` or an `unreachable`: `reaches` (one flag per
 * block, in layout order) is grown by mark_reaching from block b backwards. */
typedef struct exit_reach {
  unsigned n;
  LLVMBasicBlockRef *blocks;
  int *pred_start, *preds; /* predecessors of b: preds[pred_start[b] .. pred_start[b+1]) */
  char *reaches;
} exit_reach;

static void mark_reaching(exit_reach *r, unsigned b) {
  int *work = malloc(sizeof(int) * (r->n ? r->n : 1)), sp = 0;
  if (!r->reaches[b]) r->reaches[b] = 1, work[sp++] = (int)b;
  while (sp) {
    int v = work[--sp];
    for (int k = r->pred_start[v]; k < r->pred_start[v + 1]; k++)
      if (!r->reaches[r->preds[k]]) r->reaches[r->preds[k]] = 1, work[sp++] = r->preds[k];
  }
  free(work);
}

static void exit_reach_build(exit_reach *r, LLVMValueRef fn) {
  unsigned n = r->n = LLVMCountBasicBlocks(fn);
  r->blocks = malloc(sizeof *r->blocks * (n ? n : 1));
  LLVMGetBasicBlocks(fn, r->blocks);
  ptrmap index = {0};
  for (unsigned b = 0; b < n; b++)
    ptrmap_set(&index, r->blocks[b], (int)b);
  r->pred_start = calloc(n + 2, sizeof(int));
  for (int pass = 0; pass < 2; pass++) { /* count, then fill */
    int *fill = pass ? calloc(n + 1, sizeof(int)) : NULL;
    for (unsigned b = 0; b < n; b++) {
      LLVMValueRef term = LLVMGetBasicBlockTerminator(r->blocks[b]);
      for (unsigned k = 0; k < LLVMGetNumSuccessors(term); k++) {
        int t = ptrmap_get(&index, LLVMGetSuccessor(term, k), -1);
        if (!pass)
          r->pred_start[t + 1]++;
        else
          r->preds[r->pred_start[t] + fill[t]++] = (int)b;
      }
    }
    if (!pass) {
      for (unsigned b = 0; b < n; b++)
        r->pred_start[b + 1] += r->pred_start[b];
      r->preds = malloc(sizeof(int) * (size_t)(r->pred_start[n] + 1));
    }
    free(fill);
  }
  ptrmap_free(&index);
  r->reaches = calloc(n ? n : 1, 1);
  for (unsigned b = 0; b < n; b++)
    if (LLVMGetNumSuccessors(LLVMGetBasicBlockTerminator(r->blocks[b])) == 0) mark_reaching(r, b);
}

static void exit_reach_free(exit_reach *r) {
  free(r->blocks);
  free(r->pred_start);
  free(r->preds);
  free(r->reaches);
}

/* One exit block for a void function: structurizecfg leaves a function's
 * top-level region alone and only structures single-entry single-exit
 * regions inside it, so without one the code before a second exit stays as
 * it is. mergereturn leaves one return and one block that ends in
 * `unreachable` (from a switch that covers every value or a guard of
 * unify-loop-exits): each becomes a branch to a new block that only returns
 * (`unreachable` never runs to its end: a branch in its place changes nothing
 * that can happen; the emitter writes `return;` for both). Code that never
 * reaches any exit — an endless loop, as Csmith writes them behind gotos — is
 * outside every region too: code that both a returning path and such a loop
 * share (a goto into the code before the loop) stayed unstructured. Each such
 * code gets an exit that is never taken: its first unconditional branch
 * `br %t` becomes `br i1 false, %anchor.exit, %t` (%t keeps its predecessor,
 * so no phi changes; the emitter writes `if (false) return;`). */
static void single_exit(msl_ctx *ctx, LLVMValueRef fn) {
  if (LLVMGetTypeKind(LLVMGetReturnType(LLVMGlobalGetValueType(fn))) != LLVMVoidTypeKind) return;
  exit_reach r;
  exit_reach_build(&r, fn);
  unsigned nexits = 0, endless = 0;
  LLVMValueRef *exits = malloc(sizeof *exits * (r.n ? r.n : 1));
  for (unsigned b = 0; b < r.n; b++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(r.blocks[b]);
    if (term && (LLVMIsAReturnInst(term) || LLVMIsAUnreachableInst(term))) exits[nexits++] = term;
    endless += !r.reaches[b];
  }
  if (nexits > 1 || endless) {
    LLVMBuilderRef builder = LLVMCreateBuilderInContext(ctx->llctx);
    LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(ctx->llctx, fn, "anchor.exit");
    LLVMPositionBuilderAtEnd(builder, exit);
    LLVMBuildRetVoid(builder);
    for (unsigned k = 0; k < nexits; k++) {
      LLVMPositionBuilderBefore(builder, exits[k]);
      LLVMValueRef br = LLVMBuildBr(builder, exit);
      LLVMInstructionSetDebugLoc(br, LLVMInstructionGetDebugLoc(exits[k]));
      LLVMInstructionEraseFromParent(exits[k]);
    }
    /* in layout order: the first such branch is before the code it leads to */
    for (unsigned b = 0; b < r.n; b++) {
      LLVMValueRef term = LLVMGetBasicBlockTerminator(r.blocks[b]);
      if (r.reaches[b] || !LLVMIsABranchInst(term) || LLVMIsConditional(term)) continue;
      LLVMPositionBuilderBefore(builder, term);
      LLVMValueRef never = LLVMConstInt(LLVMInt1TypeInContext(ctx->llctx), 0, 0);
      LLVMValueRef br = LLVMBuildCondBr(builder, never, exit, LLVMGetSuccessor(term, 0));
      LLVMInstructionSetDebugLoc(br, LLVMInstructionGetDebugLoc(term));
      LLVMInstructionEraseFromParent(term);
      mark_reaching(&r, b);
    }
    LLVMDisposeBuilder(builder);
  }
  exit_reach_free(&r);
  free(exits);
}

int pipeline_structurize(msl_ctx *ctx) {
  assert(ctx->mod && "pipeline_run ran first");
  LLVMTargetMachineRef tm = target_machine(ctx);
  if (!tm) return 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn)) single_exit(ctx, fn);
  int ok = run(ctx, tm, "function(structurizecfg,dce)");
  LLVMDisposeTargetMachine(tm);
  return ok;
}
