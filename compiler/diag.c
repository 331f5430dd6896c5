/* diag.c — clang-style diagnostics located by the IR's debug info
 * (-gline-tables-only gives every instruction a DILocation). */
#include <stdio.h>
#include <string.h>

#include "msl_internal.h"

/* A located instruction that uses v, directly or through constant
 * expressions and initialisers of other globals (depth-limited), or NULL. */
static LLVMValueRef located_user(LLVMValueRef v, int depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u && depth < 8; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u), found = NULL;
    if (LLVMIsAInstruction(user) && LLVMGetDebugLocLine(user))
      found = user;
    else if (LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user))
      found = located_user(user, depth + 1);
    else if (LLVMIsAGlobalVariable(user))
      found = located_user(user, depth + 1);
    if (found) return found;
  }
  return NULL;
}

static int has_location(LLVMValueRef v) {
  unsigned len = 0;
  return LLVMGetDebugLocFilename(v, &len) && len;
}

/* Where a diagnostic points:
 * - NULL: what the emitter is working on (ctx->diag_at), if anything;
 * - a global without debug info (-gline-tables-only gives globals none):
 *   the first located instruction that uses it;
 * - an instruction the passes created without a location: the nearest
 *   located instruction of the same block, else the function's own line. */
static LLVMValueRef located(msl_ctx *ctx, LLVMValueRef at) {
  if (!at) at = ctx->diag_at;
  if (at && LLVMIsAGlobalVariable(at) && !has_location(at)) {
    LLVMValueRef user = located_user(at, 0);
    return user ? user : at;
  }
  if (!at || !LLVMIsAInstruction(at) || LLVMGetDebugLocLine(at)) return at;
  for (LLVMValueRef i = LLVMGetPreviousInstruction(at); i; i = LLVMGetPreviousInstruction(i))
    if (LLVMGetDebugLocLine(i)) return i;
  for (LLVMValueRef i = LLVMGetNextInstruction(at); i; i = LLVMGetNextInstruction(i))
    if (LLVMGetDebugLocLine(i)) return i;
  return LLVMGetBasicBlockParent(LLVMGetInstructionParent(at));
}

/* Writes "file:line:col: "; returns 0 when the IR carries no location. */
static int put_location(msl_ctx *ctx, LLVMValueRef at) {
  at = located(ctx, at);
  unsigned len = 0;
  const char *file = NULL;
  if (at && (LLVMIsAInstruction(at) || LLVMIsAFunction(at) || LLVMIsAGlobalVariable(at)))
    file = LLVMGetDebugLocFilename(at, &len);
  if (file && len) {
    unsigned line = LLVMGetDebugLocLine(at);
    unsigned col = LLVMIsAInstruction(at) ? LLVMGetDebugLocColumn(at) : 0;
    strbuf_printf(&ctx->diags, "%.*s:%u:", (int)len, file, line);
    if (col) strbuf_printf(&ctx->diags, "%u:", col);
    strbuf_put(&ctx->diags, " ");
    return 1;
  }
  diag_put_file(ctx);
  return 0;
}

/* No line: at least the user's file (the IR's source_filename), not the
 * temporary .ll the driver wrote. */
void diag_put_file(msl_ctx *ctx) {
  size_t source_len = 0;
  const char *source = ctx->mod ? LLVMGetSourceFileName(ctx->mod, &source_len) : NULL;
  if (source && source_len)
    strbuf_printf(&ctx->diags, "%.*s: ", (int)source_len, source);
  else
    strbuf_printf(&ctx->diags, "%s: ", ctx->path ? ctx->path : "<input>");
}

/* Without debug info, name at least the function the construct is in. */
static void put_function(msl_ctx *ctx, LLVMValueRef at) {
  LLVMValueRef fn = NULL;
  if (at && LLVMIsAInstruction(at))
    fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(at));
  else if (at && LLVMIsAFunction(at))
    fn = at;
  if (!fn) return;
  size_t len;
  const char *name = LLVMGetValueName2(fn, &len);
  strbuf_printf(&ctx->diags,
                " (in function '%s'; compile with -gline-tables-only for source "
                "locations)",
                name);
}

int diag_error(msl_ctx *ctx, LLVMValueRef at, const char *fmt, ...) {
  /* One error per compilation: later ones are usually consequences. */
  if (ctx->failed) return 0;
  ctx->failed = 1;
  at = located(ctx, at);
  int located_in_source = put_location(ctx, at);
  strbuf_put(&ctx->diags, "error: ");
  va_list ap;
  va_start(ap, fmt);
  strbuf_vprintf(&ctx->diags, fmt, ap);
  va_end(ap);
  if (!located_in_source) put_function(ctx, at);
  strbuf_put(&ctx->diags, "\n");
  return 0;
}
