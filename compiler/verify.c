/* verify.c — checks of the backend's own output. They catch backend bugs,
 * not user errors, so their messages say "internal error". */
#include <assert.h>
#include <ctype.h>
#include <string.h>

#include "msl_internal.h"

/* Every value used is declared, and every block reachable from the entry
 * was emitted exactly once: nothing dropped, nothing (a barrier in
 * particular) duplicated. */
int msl_verify_function(msl_func *f) {
  assert(f->scopes.emitted); /* after msl_structurize */
  /* Every variable the code names was declared at the top of the kernel. */
  for (size_t i = 0; i < f->text.value_id.cap; i++)
    if (f->text.value_id.keys[i] && !ptrmap_get(&f->text.declared, f->text.value_id.keys[i], 0))
      return diag_error(f->ctx, (LLVMValueRef)f->text.value_id.keys[i],
                        "internal error: value v%d used but never declared",
                        f->text.value_id.values[i]);
  for (unsigned b = 0; b < f->cfg.nblocks; b++) {
    int reachable = b == 0 || f->cfg.idom[b] >= 0;
    if (reachable && f->scopes.emitted[b] != 1)
      return diag_error(f->ctx, LLVMGetBasicBlockTerminator(f->cfg.blocks[b]),
                        "internal error: block emitted %u times", f->scopes.emitted[b]);
  }
  return 1;
}

/* The MSL has no goto and balanced braces and parentheses. Comments are
 * skipped (the header names the input file). */
int msl_verify_source(msl_ctx *ctx, const char *msl) {
  long braces = 0, parens = 0;
  for (const char *p = msl; *p; p++) {
    if (p[0] == '/' && p[1] == '/') {
      while (*p && *p != '\n')
        p++;
      if (!*p) break;
      continue;
    }
    braces += (*p == '{') - (*p == '}');
    parens += (*p == '(') - (*p == ')');
    if (braces < 0 || parens < 0) break;
    if (!strncmp(p, "goto", 4) && (p == msl || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
        !(isalnum((unsigned char)p[4]) || p[4] == '_'))
      return diag_error(ctx, NULL, "internal error: emitted MSL contains goto");
  }
  if (braces || parens)
    return diag_error(ctx, NULL, "internal error: emitted MSL has unbalanced brackets");
  return 1;
}
