/* structurize.c — emit a function's CFG as structured MSL (no goto).
 *
 * The pipeline (passes.c) leaves every loop with one header and one exit.
 * Emission follows the CFG's own structure:
 *   - a loop header opens `while (true) { ... }`, the code after the loop
 *     continues at the loop's exit block;
 *   - an edge to the innermost loop's header is `continue;`, to its exit
 *     `break;`;
 *   - a conditional branch is `if (c) { A } else { B }`, both arms running up
 *     to the branch's immediate post-dominator, where the sequence resumes;
 *     inside a loop, the post-dominator within one iteration (up to the
 *     continue edges; paths that break need not merge), none when both arms
 *     end in break/continue/return;
 *   - phis are variables assigned on each incoming edge (see emit.c).
 * Each block's code is emitted exactly once (checked), so barriers keep
 * their convergent position. A CFG where the arms of a branch share blocks
 * before its post-dominator, or a loop left other than through its exit,
 * cannot be emitted this way. The walk runs dry first: msl_structurable
 * asks only that (compile.c then runs structurizecfg for such kernels
 * before emitting them), and msl_structurize reports a located error when
 * a graph still cannot be structured. Failures are results, never
 * diagnostics that someone has to wipe. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

static int emit_seq(msl_func *f, int b, int stop, int loop);

/* The walk cannot go on structured: record where and why, no diagnostic. */
static int unstructured(msl_func *f, int block, const char *why) {
  assert(block >= 0 && (unsigned)block < f->cfg.nblocks);
  f->scopes.unstructured_block = block;
  f->scopes.unstructured_why = why;
  return 0;
}

/* A line of the structure (if, while, break ...); none in the dry run. */
#define structure_line(f, ...)                                                                     \
  do {                                                                                             \
    if (!(f)->scopes.dry_run) msl_emit_line(f, __VA_ARGS__);                                       \
  } while (0)

/* A new C++ scope (an if-arm or a loop body) inside the current one. */
static int open_scope(msl_func *f) {
  if (f->scopes.count == f->scopes.cap) {
    f->scopes.cap = f->scopes.cap ? 2 * f->scopes.cap : 64;
    f->scopes.parent = realloc(f->scopes.parent, sizeof(int) * (size_t)f->scopes.cap);
  }
  int outer = f->scopes.current;
  f->scopes.parent[f->scopes.count] = outer;
  f->scopes.current = f->scopes.count++;
  f->text.indent++;
  return outer;
}

static void close_scope(msl_func *f, int outer) {
  f->scopes.current = outer;
  f->text.indent--;
}

/* Transfer control to block `to`: `continue;`/`break;` for the innermost
 * loop's header/exit, nothing when `to` is where the enclosing construct
 * resumes, else `*next = to` to go on emitting there. */
static int jump(msl_func *f, int to, int stop, int loop, int *next) {
  *next = -1;
  if (loop >= 0) {
    cfg_loop *l = &f->cfg.loops[loop];
    if (to == l->header) {
      structure_line(f, "continue;");
      return 1;
    }
    if (to == l->exit) {
      structure_line(f, "break;");
      return 1;
    }
    if (!l->body[to])
      return unstructured(f, to, "that leaves a loop other than through its single exit");
  }
  if (to != stop) *next = to;
  return 1;
}

static int trivial_edge(msl_func *f, int to, int merge) {
  return to == merge && !LLVMIsAPHINode(LLVMGetFirstInstruction(f->cfg.blocks[to]));
}

static int emit_arm(msl_func *f, int from, int to, int merge, int loop) {
  int next, outer = open_scope(f);
  int ok = (f->scopes.dry_run || msl_emit_phi_copies(f, f->cfg.blocks[from], f->cfg.blocks[to])) &&
           jump(f, to, merge, loop, &next) && emit_seq(f, next, merge, loop);
  close_scope(f, outer);
  return ok;
}

static int emit_branch(msl_func *f, int b, LLVMValueRef term, int loop, int *next) {
  cfg_info *cfg = &f->cfg;
  assert(cfg->nsucc[b] == 2 && LLVMIsABranchInst(term));
  /* Inside a loop the arms merge where one iteration's continuing paths
   * meet again (cfg_loop.ipdom); none: both end in break/continue. */
  int merge = loop >= 0 ? cfg->loops[loop].ipdom[b] : cfg->ipdom[b];
  int t = cfg->succ[b][0], e = cfg->succ[b][1];
  strbuf cond = {0};
  if (f->scopes.dry_run)
    strbuf_put(&cond, "c");
  else if (!msl_emit_condition(f, LLVMGetCondition(term), &cond))
    return 0;
  int ok;
  if (trivial_edge(f, t, merge)) {
    structure_line(f, "if (!%s) {", cond.data);
    ok = emit_arm(f, b, e, merge, loop);
  } else {
    structure_line(f, "if (%s) {", cond.data);
    ok = emit_arm(f, b, t, merge, loop);
    if (ok && !trivial_edge(f, e, merge)) {
      structure_line(f, "} else {");
      ok = emit_arm(f, b, e, merge, loop);
    }
  }
  structure_line(f, "}");
  strbuf_free(&cond);
  *next = merge;
  return ok;
}

/* Emit block b's code and terminator; *next is where the sequence goes on. */
static int emit_block(msl_func *f, int b, int stop, int loop, int *next) {
  LLVMBasicBlockRef bb = f->cfg.blocks[b];
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  *next = -1;
  if (f->scopes.emitted[b]++)
    return unstructured(f, b,
                        "that both arms of a branch reach before they merge (code shared by "
                        "an if and its else, as after a goto or a switch case falling through)");
  f->scopes.block_scope[b] = f->scopes.current;
  if (!f->scopes.dry_run && !msl_emit_block_code(f, bb)) return 0;
  switch (f->cfg.nsucc[b]) {
  case 0:
    /* a kernel with a slot of the overflow area gives it back (smem_spill.c) */
    if (f->layout.spill_slot)
      structure_line(f, "anchor_spill_release(" AC_ABI_CONTEXT ", %uu, anchor_spill_slot);",
                     (unsigned)AC_ABI_CONTEXT_SPILL(f->ctx->nglobals));
    structure_line(f, "return;");
    return 1;
  case 1:
    return (f->scopes.dry_run || msl_emit_phi_copies(f, bb, f->cfg.blocks[f->cfg.succ[b][0]])) &&
           jump(f, f->cfg.succ[b][0], stop, loop, next);
  default: return emit_branch(f, b, term, loop, next);
  }
}

static int emit_loop(msl_func *f, int l, int *exit) {
  int next;
  structure_line(f, "while (true) {");
  int outer = open_scope(f);
  int ok = emit_block(f, f->cfg.loops[l].header, -1, l, &next) && emit_seq(f, next, -1, l);
  close_scope(f, outer);
  structure_line(f, "}");
  *exit = f->cfg.loops[l].exit;
  return ok;
}

static int emit_seq(msl_func *f, int b, int stop, int loop) {
  while (b >= 0 && b != stop) {
    int l = f->cfg.loop_of_header[b];
    if (l >= 0 && l != loop) {
      int exit;
      if (!emit_loop(f, l, &exit)) return 0;
      if (exit < 0) return 1; /* the loop never exits */
      if (!jump(f, exit, stop, loop, &b)) return 0;
      continue;
    }
    if (!emit_block(f, b, stop, loop, &b)) return 0;
  }
  return 1;
}

/* One walk over the structure: dry (scopes only) or emitting. 0 when it
 * fails: unstructured (f->scopes.unstructured_block set) or an emission
 * error (reported). */
static int walk(msl_func *f, int dry) {
  unsigned n = f->cfg.nblocks;
  f->scopes.dry_run = dry;
  f->scopes.unstructured_block = -1;
  memset(f->scopes.emitted, 0, sizeof *f->scopes.emitted * n);
  f->scopes.count = 0;
  f->scopes.current = -1;
  open_scope(f); /* scope 0: the function body, parent -1 */
  f->text.indent = 0;
  int ok = emit_seq(f, 0, -1, -1);
  f->scopes.dry_run = 0;
  return ok;
}

static void scopes_alloc(msl_scopes *s, unsigned n) {
  s->block_scope = malloc(sizeof(int) * (n ? n : 1));
  s->emitted = calloc(n ? n : 1, sizeof *s->emitted);
  for (unsigned b = 0; b < n; b++)
    s->block_scope[b] = -2; /* unreachable: in no scope */
}

void msl_scopes_free(msl_scopes *s) {
  free(s->block_scope);
  free(s->parent);
  free(s->emitted);
  memset(s, 0, sizeof *s);
}

/* Twice: a dry pass that only walks the structure (recording each block's
 * scope), then the real one, which walks it identically. */
int msl_structurize(msl_func *f) {
  assert(!f->scopes.block_scope && !f->scopes.emitted);
  scopes_alloc(&f->scopes, f->cfg.nblocks);
  int ok = walk(f, 1) && walk(f, 0);
  if (!ok && f->scopes.unstructured_block >= 0) {
    LLVMBasicBlockRef bb = f->cfg.blocks[f->scopes.unstructured_block];
    /* located at the block's first instruction: where its source code is */
    return diag_error(f->ctx, LLVMGetFirstInstruction(bb),
                      "control flow %s cannot be structured by Anchor's Metal backend",
                      f->scopes.unstructured_why);
  }
  return ok;
}

int msl_structurable(LLVMValueRef fn) {
  msl_func f = {0};
  f.fn = fn;
  /* a CFG cfg.c rejects is reported when the kernel is emitted */
  int ok = 1;
  if (cfg_build(NULL, fn, &f.cfg)) {
    scopes_alloc(&f.scopes, f.cfg.nblocks);
    ok = walk(&f, 1);
    assert(ok || f.scopes.unstructured_block >= 0); /* a dry walk emits nothing */
  }
  msl_scopes_free(&f.scopes);
  cfg_free(&f.cfg);
  return ok;
}
