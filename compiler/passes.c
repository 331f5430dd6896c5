/* passes.c — the LLVM pipeline that turns clang's -O3 device IR into the
 * shape the emitter expects: no calls (everything inlined), no aggregates or
 * vectors in registers, no switch, reducible loops with one exit each.
 * When structured emission finds a branch whose arms share code before their
 * immediate post-dominator (e.g. `if (a || f()) ...`), compile.c runs
 * structurizecfg (msl_passes_structurize) and emits again. */
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <string.h>

#include "msl_internal.h"

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
    msl_error(ctx, NULL, "no NVPTX target in this LLVM: %s", message);
    LLVMDisposeMessage(message);
    return NULL;
  }
  return LLVMCreateTargetMachine(target, triple, "sm_75", "", LLVMCodeGenLevelDefault,
                                 LLVMRelocDefault, LLVMCodeModelDefault);
}

static int run(msl_ctx *ctx, LLVMTargetMachineRef tm, const char *pipeline) {
  LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
  LLVMErrorRef err = LLVMRunPasses(ctx->mod, pipeline, tm, opts);
  LLVMDisposePassBuilderOptions(opts);
  if (err) {
    char *message = LLVMGetErrorMessage(err);
    msl_error(ctx, NULL, "internal error: LLVM pipeline failed: %s", message);
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
          return msl_error(ctx, i,
                           "inline PTX assembly is not supported by Anchor's Metal "
                           "backend");
        if (!LLVMIsAFunction(callee))
          return msl_error(ctx, i,
                           "indirect call (function pointer) is not supported by "
                           "Anchor's Metal backend");
        size_t len;
        const char *name = LLVMGetValueName2(callee, &len);
        if (LLVMGetIntrinsicID(callee)) continue;
        if (!LLVMIsDeclaration(callee))
          return msl_error(ctx, i,
                           "recursive call to '%s' is not supported by Anchor's Metal "
                           "backend",
                           name);
        if (!strcmp(name, "vprintf"))
          return msl_error(ctx, i,
                           "device-side printf is not supported by Anchor's Metal "
                           "backend");
        return msl_error(ctx, i,
                         "call to undefined function '%s' is not supported by "
                         "Anchor's Metal backend",
                         name);
      }
  }
  return 1;
}

/* LLVM 19's scalarizer takes its options only from the command line. The
 * option is process-global; it is set once. */
static void set_llvm_options(void) {
  static int done;
  if (done) return;
  done = 1;
  const char *argv[] = {"anchor-msl", "-scalarize-load-store"};
  LLVMParseCommandLineOptions(2, argv, NULL);
}

int msl_passes_run(msl_ctx *ctx) {
  set_llvm_options();
  mark_inline(ctx);
  LLVMTargetMachineRef tm = target_machine(ctx);
  if (!tm) return 0;
  /* 1. inline and clean up; 2. scalarize vectors (loads/stores included);
   * 3. control-flow normalisation, which nothing may undo afterwards. */
  int ok = run(ctx, tm, "always-inline,globaldce") &&
           run(ctx, tm,
               "function(sroa,early-cse,instcombine,simplifycfg,"
               "infer-address-spaces,instcombine,sroa,dce)") &&
           run(ctx, tm, "function(scalarizer,instcombine,dce)") && check_calls(ctx) &&
           lower_switches(ctx) &&
           run(ctx, tm,
               "function(lower-switch,mergereturn,fix-irreducible,"
               "unify-loop-exits,dce)");
  LLVMDisposeTargetMachine(tm);
  return ok;
}

int msl_passes_structurize(msl_ctx *ctx) {
  LLVMTargetMachineRef tm = target_machine(ctx);
  if (!tm) return 0;
  int ok = run(ctx, tm, "function(structurizecfg,dce)");
  LLVMDisposeTargetMachine(tm);
  return ok;
}
