/* devlib.c — links Anchor's device library (devlib/, built to
 * <root>/lib/anchor/devlib.bc; docs/devlib.md) into the module, before
 * passes.c inlines: its functions are then inlined into the kernels like the
 * user's own device functions, and the unused ones are dropped (passes.c
 * makes every non-kernel internal; globaldce). Only a module that declares a
 * device-library function (a name beginning with DEVLIB_PREFIX) reads the
 * file, so every other module compiles exactly as without it. */
#include <assert.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>
#include <string.h>

#include "msl_internal.h"

#define DEVLIB_PREFIX "__anchor_"

static int is_devlib_declaration(LLVMValueRef fn) {
  size_t len;
  const char *name = LLVMGetValueName2(fn, &len);
  if (!LLVMIsDeclaration(fn) || strncmp(name, DEVLIB_PREFIX, strlen(DEVLIB_PREFIX))) return 0;
  /* Functions the emitter spells itself (the device services' addresses,
   * anchor/device_context.h) are not the library's. */
  LLVMUseRef use = LLVMGetFirstUse(fn);
  LLVMValueRef call = use ? LLVMGetUser(use) : NULL;
  return !(call && LLVMIsACallInst(call) && msl_call_row(call));
}

/* The first device-library function the module declares, NULL if none. */
static LLVMValueRef first_reference(msl_ctx *ctx) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    if (is_devlib_declaration(fn)) return fn;
  return NULL;
}

/* A user of fn (its first call), for a located diagnostic; fn if none. */
static LLVMValueRef first_use(LLVMValueRef fn) {
  LLVMUseRef use = LLVMGetFirstUse(fn);
  return use ? LLVMGetUser(use) : fn;
}

/* While the library is read and linked, LLVM's diagnostics (a bad bitcode
 * record, a linking conflict) come here instead of LLVM's default handler,
 * which prints them and exits the process. The first error is kept
 * (LLVMDisposeMessage). */
typedef struct link_diag {
  char *message;
} link_diag;

static void on_diagnostic(LLVMDiagnosticInfoRef info, void *opaque) {
  link_diag *d = opaque;
  if (LLVMGetDiagInfoSeverity(info) != LLVMDSError || d->message) return;
  d->message = LLVMGetDiagInfoDescription(info);
}

/* Reads the bitcode at path into ctx's context and links it into ctx->mod
 * (name: the function that needs it, for the message); returns 1, or 0
 * after a diagnostic. */
static int read_and_link(msl_ctx *ctx, const char *path, const char *name, const link_diag *d) {
  LLVMMemoryBufferRef mem = NULL;
  char *message = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &mem, &message)) {
    diag_error(ctx, NULL, "cannot read Anchor's device library '%s' (for '%s'): %s", path, name,
               message ? message : "unknown error");
    LLVMDisposeMessage(message);
    return 0;
  }
  LLVMModuleRef lib = NULL;
  int bad = LLVMParseBitcodeInContext2(ctx->llctx, mem, &lib);
  LLVMDisposeMemoryBuffer(mem);
  if (bad)
    return diag_error(ctx, NULL, "Anchor's device library '%s' is not LLVM bitcode: %s", path,
                      d->message ? d->message : "unreadable");
  /* Same clang, same flags (anchorcc --emit-device-ir built both), so the
   * triple and data layout agree; LLVMLinkModules2 consumes lib. */
  if (LLVMLinkModules2(ctx->mod, lib))
    return diag_error(ctx, NULL, "cannot link Anchor's device library '%s': %s", path,
                      d->message ? d->message : "link failed");
  return 1;
}

int devlib_link(msl_ctx *ctx, const char *path) {
  assert(ctx->mod && ctx->llctx && "module_load succeeded");
  LLVMValueRef ref = first_reference(ctx);
  if (!ref) return 1;
  size_t len;
  const char *name = LLVMGetValueName2(ref, &len);
  if (!path)
    return diag_error(ctx, first_use(ref),
                      "'%s' is in Anchor's device library, but no device library was given "
                      "(anchor-msl --devlib PATH)",
                      name);
  LLVMDiagnosticHandler old = LLVMContextGetDiagnosticHandler(ctx->llctx);
  void *old_context = LLVMContextGetDiagnosticContext(ctx->llctx);
  link_diag d = {NULL};
  LLVMContextSetDiagnosticHandler(ctx->llctx, on_diagnostic, &d);
  int ok = read_and_link(ctx, path, name, &d);
  LLVMContextSetDiagnosticHandler(ctx->llctx, old, old_context);
  LLVMDisposeMessage(d.message);
  if (!ok) return 0;
  /* Every reference must now have its definition. */
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    if (is_devlib_declaration(fn) && LLVMGetFirstUse(fn))
      return diag_error(ctx, first_use(fn), "'%s' is not in Anchor's device library '%s'",
                        LLVMGetValueName2(fn, &len), path);
  return 1;
}
