/* pargen.c — random parallel CUDA kernels with their own host reference (issue 10).
 *
 *   pargen [--size 1..10] [--no-FEATURE ...] SEED > p.cu
 *
 * writes one CUDA program (it includes pargen.h) that launches a random kernel on a
 * random 1-D or 2-D grid of 1-D or 2-D blocks, runs the same program on the host in a
 * simulator, compares every output word and prints `checksum XXXXXXXX` and PASS.
 *
 * The kernel is a tree of items run by every thread of a block in converged code:
 *   - a segment: a `__host__ __device__` function of one thread's state (divergent
 *     if/else on lane or value conditions, loops with data-dependent bounded trip
 *     counts, break/continue/return, switch with fall-through, integer and float
 *     arithmetic, loads of read-only inputs (coalesced, strided, gathered), atomics on
 *     global and shared accumulators (slot k always with operation k: the final value
 *     is order-independent, the old value is never used), reads of the shared array);
 *   - an exchange: `__syncthreads()`, each thread writes its own slots of a `__shared__`
 *     array, `__syncthreads()`; later segments read any slot (no race by construction:
 *     the array is written only between two barriers);
 *   - a warp operation: `__shfl_sync`/`_up`/`_down`/`_xor` (widths 1..32) or
 *     `__ballot_sync`/`__any_sync`/`__all_sync` with the mask of the warp's existing
 *     lanes (partial warps when the block is not a multiple of 32); a lane whose source
 *     lane does not exist keeps its own value;
 *   - a block-uniform if/else and a uniform loop around items, and a warp-uniform if
 *     around segments and warp operations (warp operations stay converged).
 * The simulator runs each item for all threads of a block in turn (a segment thread
 * by thread, a warp operation warp by warp over its lanes), which is what any legal
 * schedule computes because nothing is order-dependent. Segments are shared text
 * (`__host__ __device__`), compiled once for the host and once by the CUDA compiler;
 * what differs — barriers, shared memory, warp operations, atomics — is simulated.
 * Each feature can be switched off (--no-NAME, below) to isolate a failure. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  F_GATHER,
  F_SHARED,
  F_SHFL,
  F_VOTE,
  F_ATOMIC,
  F_DIVERGE,
  F_LOOP,
  F_FLOAT,
  F_2D,
  F_GRID,
  F_PARTIAL,
  F_SWITCH,
  F_WIDE,
  F_GLOBAL_EXCHANGE,
  F_BLOCK_VOTE,
  F_NFEATURES
};
static const char *const feature_names[F_NFEATURES] = {
    "gather", "shared", "shfl",    "vote",   "atomic", "diverge",   "loop",     "float",
    "2d",     "grid",   "partial", "switch", "wide",   "gexchange", "blockvote"};

typedef struct {
  char *data;
  size_t len;
  FILE *f;
} text;

typedef struct {
  unsigned long long rng;
  int on[F_NFEATURES];
  unsigned bx, by, gx, gy, nt, sw; /* block, grid, threads per block, shared slots each */
  int sh_valid;                    /* the shared array has been written */
  int gs_valid;                    /* the block's global scratch has been written */
  int nfunc, nvar;                 /* names handed out */
  int loopvars[16], nloopvars;     /* loop counters in scope (segment) */
  int stmts;                       /* statements left in this segment */
  unsigned size;                   /* --size 1..10: how much code (10: the default) */
  text defs, kern, sim;
} gen;

static unsigned rnd(gen *g, unsigned n) {
  g->rng += 0x9E3779B97F4A7C15ull;
  unsigned long long z = g->rng;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return n ? (unsigned)((z ^ (z >> 31)) % n) : 0;
}

static int chance(gen *g, unsigned percent) {
  return rnd(g, 100) < percent;
}

static void out(text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(t->f, fmt, ap);
  va_end(ap);
}

static void indent(text *t, int depth) {
  for (int i = 0; i < depth; i++)
    fputs("  ", t->f);
}

/* ---- expressions of one thread's state (written into t) ---- */

static void expr(gen *g, text *t, int depth);
static void fexpr(gen *g, text *t, int depth);

static void constant(gen *g, text *t) {
  static const char *const special[] = {"0u",  "1u",          "2u",          "3u",          "31u",
                                        "32u", "0xffffffffu", "0x80000000u", "0x7fffffffu", "255u"};
  if (chance(g, 60))
    out(t, "%s", special[rnd(g, sizeof special / sizeof *special)]);
  else
    out(t, "%uu", rnd(g, 0xffffffffu));
}

static void leaf(gen *g, text *t) {
  switch (rnd(g, 10)) {
  case 0: constant(g, t); return;
  case 1: {
    static const char *const ids[] = {"c.tid", "c.lane", "c.gtid", "c.bid", "c.warp", "c.nl"};
    out(t, "%s", ids[rnd(g, 6)]);
    return;
  }
  case 2:
    if (g->nloopvars) {
      out(t, "i%d", g->loopvars[rnd(g, (unsigned)g->nloopvars)]);
      return;
    }
    break;
  case 3: out(t, "c.in[c.gtid %% PG_NIN]"); return;
  case 4: out(t, "c.in[(c.gtid * %uu + %uu) %% PG_NIN]", 1 + rnd(g, 40), rnd(g, 1024)); return;
  case 5:
    if (g->on[F_SHARED] && g->sh_valid) {
      out(t, "c.sh[(c.tid * %uu + %uu) %% (c.nt * %uu)]", rnd(g, 50), rnd(g, 100), g->sw);
      return;
    }
    break;
  case 7:
    if (g->on[F_GLOBAL_EXCHANGE] && g->gs_valid) {
      out(t, "c.gs[(c.tid * %uu + %uu) %% (c.nt * %uu)]", rnd(g, 50), rnd(g, 100), g->sw);
      return;
    }
    if (g->on[F_WIDE]) {
      out(t, "(unsigned)(s.q[%u] >> %uu)", rnd(g, 2), rnd(g, 64));
      return;
    }
    break;
  case 6:
    if (g->on[F_FLOAT] && chance(g, 50)) {
      out(t, "pg_f2u(s.f[%u])", rnd(g, 4));
      return;
    }
    break;
  default: break;
  }
  out(t, "s.r[%u]", rnd(g, 8));
}

static void cond(gen *g, text *t, int depth) {
  switch (rnd(g, 6)) {
  case 0: out(t, "(c.lane %% %uu) == %uu", 2 + rnd(g, 6), rnd(g, 2)); return;
  case 1: out(t, "c.tid %% %uu != %uu", 2 + rnd(g, 5), rnd(g, 2)); return;
  case 2:
    out(t, "(");
    expr(g, t, depth + 1);
    out(t, ") & %uu", 1u << rnd(g, 5));
    return;
  case 3:
    if (g->on[F_FLOAT]) {
      out(t, "(");
      fexpr(g, t, depth + 1);
      out(t, ") < (");
      fexpr(g, t, depth + 1);
      out(t, ")");
      return;
    }
    /* fall through */
  default:
    out(t, "(");
    expr(g, t, depth + 1);
    out(t, rnd(g, 2) ? ") < (" : ") == (");
    expr(g, t, depth + 1);
    out(t, ")");
    return;
  }
}

static void expr(gen *g, text *t, int depth) {
  if (depth > 3 || chance(g, 30)) {
    leaf(g, t);
    return;
  }
  unsigned k = rnd(g, 20);
  if (k < 6) {
    static const char *const ops[] = {"+", "-", "*", "^", "&", "|"};
    out(t, "(");
    expr(g, t, depth + 1);
    out(t, " %s ", ops[k]);
    expr(g, t, depth + 1);
    out(t, ")");
  } else if (k < 14) {
    static const char *const fns[] = {"pg_div",  "pg_mod", "pg_shl",  "pg_lshr",
                                      "pg_ashr", "pg_slt", "pg_umin", "pg_smax"};
    out(t, "%s(", fns[k - 6]);
    expr(g, t, depth + 1);
    out(t, ", ");
    expr(g, t, depth + 1);
    out(t, ")");
  } else if (k < 15) {
    out(t, "pg_popc(");
    expr(g, t, depth + 1);
    out(t, ")");
  } else if (k < 16) {
    out(t, "~");
    expr(g, t, depth + 1);
  } else if (k < 18) {
    out(t, "((");
    cond(g, t, depth + 1);
    out(t, ") ? ");
    expr(g, t, depth + 1);
    out(t, " : ");
    expr(g, t, depth + 1);
    out(t, ")");
  } else if (k < 19 && g->on[F_GATHER]) {
    out(t, "c.in[c.idx[(");
    expr(g, t, depth + 1);
    out(t, ") %% PG_NIN]]");
  } else {
    out(t, "c.in[(");
    expr(g, t, depth + 1);
    out(t, ") %% PG_NIN]");
  }
}

static void fexpr(gen *g, text *t, int depth) {
  if (depth > 3 || chance(g, 30)) {
    switch (rnd(g, 3)) {
    case 0: {
      static const char *const lits[] = {"0.5f",  "-3.25f",   "1.0f",    "0.0f",  "-0.0f",
                                         "1e-3f", "65536.0f", "1.5e30f", "3e-39f"};
      out(t, "%s", lits[rnd(g, sizeof lits / sizeof *lits)]);
      return;
    }
    case 1:
      out(t, "pg_u2f(");
      leaf(g, t);
      out(t, ")");
      return;
    default: out(t, "s.f[%u]", rnd(g, 4)); return;
    }
  }
  unsigned k = rnd(g, 6);
  if (k < 3) {
    static const char *const fns[] = {"pg_fadd", "pg_fsub", "pg_fmul"};
    out(t, "%s(", fns[k]);
    fexpr(g, t, depth + 1);
    out(t, ", ");
    fexpr(g, t, depth + 1);
    out(t, ")");
  } else if (k < 5) {
    out(t, "pg_fma(");
    fexpr(g, t, depth + 1);
    out(t, ", ");
    fexpr(g, t, depth + 1);
    out(t, ", ");
    fexpr(g, t, depth + 1);
    out(t, ")");
  } else {
    out(t, "((");
    cond(g, t, depth + 1);
    out(t, ") ? ");
    fexpr(g, t, depth + 1);
    out(t, " : ");
    fexpr(g, t, depth + 1);
    out(t, ")");
  }
}

/* ---- segments: statements of one thread ---- */

static void stmts(gen *g, text *t, int depth, int in_loop, unsigned n);

static void assign(gen *g, text *t, int depth) {
  indent(t, depth);
  if (g->on[F_FLOAT] && chance(g, 25)) {
    out(t, "s.f[%u] = ", rnd(g, 4));
    fexpr(g, t, 0);
  } else {
    static const char *const ops[] = {"=", "+=", "^=", "-="};
    out(t, "s.r[%u] %s ", rnd(g, 8), ops[rnd(g, 4)]);
    expr(g, t, 0);
  }
  out(t, ";\n");
}

static void stmt(gen *g, text *t, int depth, int in_loop) {
  g->stmts--;
  unsigned k = depth > 4 || g->stmts <= 0 ? 0 : rnd(g, 12);
  int v = g->nvar++;
  switch (k) {
  case 1:
  case 2:
    if (!g->on[F_DIVERGE]) break;
    indent(t, depth);
    out(t, "if (");
    cond(g, t, 0);
    out(t, ") {\n");
    stmts(g, t, depth + 1, in_loop, 1 + rnd(g, 3));
    if (chance(g, 60)) {
      indent(t, depth);
      out(t, "} else {\n");
      stmts(g, t, depth + 1, in_loop, 1 + rnd(g, 3));
    }
    indent(t, depth);
    out(t, "}\n");
    return;
  case 3:
  case 4:
    if (!g->on[F_LOOP]) break;
    indent(t, depth);
    out(t, "for (unsigned i%d = 0, n%d = pg_mod(", v, v);
    expr(g, t, 1);
    out(t, ", %uu); i%d < n%d; i%d++) {\n", 2 + rnd(g, 9), v, v, v);
    g->loopvars[g->nloopvars++] = v;
    stmts(g, t, depth + 1, 1, 1 + rnd(g, 4));
    g->nloopvars--;
    indent(t, depth);
    out(t, "}\n");
    return;
  case 5:
    if (!g->on[F_LOOP]) break;
    indent(t, depth);
    out(t, "{\n");
    indent(t, depth + 1);
    out(t, "unsigned i%d = pg_mod(", v);
    expr(g, t, 1);
    out(t, ", %uu);\n", 2 + rnd(g, 7));
    indent(t, depth + 1);
    out(t, "while (i%d != 0u) {\n", v);
    indent(t, depth + 2);
    out(t, "i%d--;\n", v);
    g->loopvars[g->nloopvars++] = v;
    stmts(g, t, depth + 2, 1, 1 + rnd(g, 3));
    g->nloopvars--;
    indent(t, depth + 1);
    out(t, "}\n");
    indent(t, depth);
    out(t, "}\n");
    return;
  case 6:
    if (!in_loop || !g->on[F_DIVERGE]) break;
    indent(t, depth);
    out(t, "if (");
    cond(g, t, 0);
    out(t, ") %s;\n", rnd(g, 2) ? "break" : "continue");
    return;
  case 7:
    if (!g->on[F_ATOMIC]) break;
    {
      unsigned slot = rnd(g, 8);
      indent(t, depth);
      out(t, "pg_atomic(%uu, &c.%s[%u], ", slot, g->on[F_SHARED] && chance(g, 50) ? "sacc" : "gacc",
          slot);
      expr(g, t, 1);
      out(t, ");\n");
    }
    return;
  case 8:
    if (!g->on[F_SWITCH]) break;
    indent(t, depth);
    out(t, "switch (pg_mod(");
    expr(g, t, 1);
    out(t, ", 5u)) {\n");
    for (unsigned c = 0; c < 4; c++) {
      indent(t, depth);
      if (c < 3)
        out(t, "case %uu:\n", c);
      else
        out(t, "default:\n");
      stmts(g, t, depth + 1, in_loop, 1 + rnd(g, 2));
      if (c == 3 || chance(g, 70)) {
        indent(t, depth + 1);
        out(t, "break;\n");
      }
    }
    indent(t, depth);
    out(t, "}\n");
    return;
  case 10:
    if (!g->on[F_WIDE]) break;
    {
      unsigned q = rnd(g, 2);
      const char *close = ")";
      indent(t, depth);
      switch (rnd(g, 4)) {
      case 0:
        out(t, "s.q[%u] = s.q[%u] * 0x%x%08xull + (unsigned long long)(", q, q, rnd(g, 0xffffffffu),
            rnd(g, 0xffffffffu) | 1u);
        break;
      case 1:
        out(t, "s.q[%u] ^= (unsigned long long)s.r[%u] << %uu ^ (", q, rnd(g, 8), rnd(g, 33));
        break;
      case 2:
        out(t, "s.q[%u] = pg_%s64(s.q[%u], (", q, rnd(g, 2) ? "div" : "mod", q);
        close = "))";
        break;
      default: out(t, "s.q[%u] += (unsigned long long)(long long)(int)(", q); break;
      }
      expr(g, t, 1);
      out(t, "%s;\n", close);
    }
    return;
  case 9:
    if (!g->on[F_DIVERGE] || depth == 1) break;
    indent(t, depth);
    out(t, "if (");
    cond(g, t, 0);
    out(t, ") return;\n");
    return;
  default: break;
  }
  assign(g, t, depth);
}

static void stmts(gen *g, text *t, int depth, int in_loop, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    stmt(g, t, depth, in_loop);
}

/* ---- items: converged code, written into the kernel and the simulator ---- */

/* The simulator's guard for the thread of the current loop (`t`) and for a warp
 * (lane 0 of warp `w`): the conditions of enclosing warp-uniform ifs. */
typedef struct {
  int conds[8], n;
} guard;

static void guard_text(text *t, const guard *gd, const char *ctx) {
  out(t, "1");
  for (int i = 0; i < gd->n; i++)
    out(t, " && wc%d(%s)", gd->conds[i], ctx);
}

static void item_segment(gen *g, int depth, const guard *gd) {
  int id = g->nfunc++;
  out(&g->defs, "PG void seg%d(St &s, const Ctx &c) {\n", id);
  g->stmts = (int)((4 + rnd(g, 14)) * g->size / 10);
  g->nloopvars = 0;
  stmts(g, &g->defs, 1, 0, 1 + (1 + rnd(g, 5)) * g->size / 10);
  out(&g->defs, "}\n\n");
  indent(&g->kern, depth);
  out(&g->kern, "seg%d(s, c);\n", id);
  indent(&g->sim, depth);
  out(&g->sim, "for (unsigned t = 0; t < NT; t++) if (");
  guard_text(&g->sim, gd, "cx[t]");
  out(&g->sim, ") seg%d(st[t], cx[t]);\n", id);
}

/* An exchange through the block's __shared__ array, or (global) through the block's
 * part of a global scratch array: __syncthreads() orders global memory within a
 * block as well. */
static void item_exchange(gen *g, int depth, int global) {
  int id = g->nfunc++, *valid = global ? &g->gs_valid : &g->sh_valid;
  const char *array = global ? "gsw" : "sh";
  out(&g->defs, "PG void xw%d(const St &s, const Ctx &c, unsigned *a) {\n", id);
  *valid = 0; /* the array is being written: reading it here would race */
  for (unsigned j = 0; j < g->sw; j++) {
    out(&g->defs, "  a[c.tid * %uu + %uu] = ", g->sw, j);
    expr(g, &g->defs, 1);
    out(&g->defs, ";\n");
  }
  out(&g->defs, "}\n\n");
  indent(&g->kern, depth);
  out(&g->kern, "__syncthreads();\n");
  indent(&g->kern, depth);
  out(&g->kern, "xw%d(s, c, %s);\n", id, array);
  indent(&g->kern, depth);
  out(&g->kern, "__syncthreads();\n");
  indent(&g->sim, depth);
  out(&g->sim, "for (unsigned t = 0; t < NT; t++) xw%d(st[t], cx[t], %s);\n", id, array);
  *valid = 1;
}

/* __syncthreads_count/_and/_or: a barrier that also counts a predicate. */
static void item_block_vote(gen *g, int depth) {
  int id = g->nfunc++;
  unsigned kind = rnd(g, 3), dst = rnd(g, 8);
  static const char *const dev[] = {"(unsigned)__syncthreads_count(x)",
                                    "(unsigned)__syncthreads_and(x)",
                                    "(unsigned)__syncthreads_or(x)"};
  static const char *const host[] = {"n", "(unsigned)(n == NT)", "(unsigned)(n != 0u)"};
  out(&g->defs, "PG unsigned bv%d(const St &s, const Ctx &c) { return ", id);
  cond(g, &g->defs, 1);
  out(&g->defs, "; }\n");
  indent(&g->kern, depth);
  out(&g->kern, "{\n");
  indent(&g->kern, depth + 1);
  out(&g->kern, "unsigned x = bv%d(s, c);\n", id);
  indent(&g->kern, depth + 1);
  out(&g->kern, "s.r[%u] += %s;\n", dst, dev[kind]);
  indent(&g->kern, depth);
  out(&g->kern, "}\n");
  indent(&g->sim, depth);
  out(&g->sim, "{\n");
  indent(&g->sim, depth + 1);
  out(&g->sim, "unsigned n = 0;\n");
  indent(&g->sim, depth + 1);
  out(&g->sim, "for (unsigned t = 0; t < NT; t++) n += bv%d(st[t], cx[t]) != 0u;\n", id);
  indent(&g->sim, depth + 1);
  out(&g->sim, "for (unsigned t = 0; t < NT; t++) st[t].r[%u] += %s;\n", dst, host[kind]);
  indent(&g->sim, depth);
  out(&g->sim, "}\n");
}

static void item_warp(gen *g, int depth, const guard *gd) {
  int id = g->nfunc++;
  int vote = !g->on[F_SHFL] || (g->on[F_VOTE] && chance(g, 35));
  unsigned dst = rnd(g, 8);
  static const char *const combine[] = {"=", "^=", "+="};
  const char *op = combine[rnd(g, 3)];
  out(&g->defs, "PG unsigned wx%d(const St &s, const Ctx &c) { return ", id);
  if (vote)
    cond(g, &g->defs, 1);
  else
    expr(g, &g->defs, 1);
  out(&g->defs, "; }\n");
  /* kernel: one block in the converged code */
  indent(&g->kern, depth);
  out(&g->kern, "{\n");
  indent(&g->kern, depth + 1);
  out(&g->kern, "unsigned x = wx%d(s, c);\n", id);
  indent(&g->sim, depth);
  out(&g->sim, "for (unsigned w = 0; w * 32 < NT; w++) if (");
  guard_text(&g->sim, gd, "cx[w * 32]");
  out(&g->sim, ") {\n");
  indent(&g->sim, depth + 1);
  out(&g->sim, "unsigned nl = pg_lanes(NT, w), x[32] = {0}, a[32] = {0};\n");
  indent(&g->sim, depth + 1);
  out(&g->sim, "for (unsigned l = 0; l < nl; l++) x[l] = wx%d(st[w * 32 + l], cx[w * 32 + l]);\n",
      id);
  if (vote) {
    unsigned kind = rnd(g, 4);
    static const char *const dev[] = {"__ballot_sync(c.wm, x)", "pg_popc(__ballot_sync(c.wm, x))",
                                      "(unsigned)__any_sync(c.wm, x)",
                                      "(unsigned)__all_sync(c.wm, x)"};
    static const char *const host[] = {"b", "pg_popc(b)", "(unsigned)(b != 0u)",
                                       "(unsigned)(b == pg_mask(nl))"};
    indent(&g->kern, depth + 1);
    out(&g->kern, "s.r[%u] %s %s;\n", dst, op, dev[kind]);
    indent(&g->sim, depth + 1);
    out(&g->sim, "unsigned b = sim_ballot(x, nl);\n");
    indent(&g->sim, depth + 1);
    out(&g->sim, "for (unsigned l = 0; l < nl; l++) st[w * 32 + l].r[%u] %s %s;\n", dst, op,
        host[kind]);
  } else {
    unsigned kind = rnd(g, 4), w = 1u << rnd(g, 6), arg = 0;
    if (!g->on[F_PARTIAL] && w < 32 && chance(g, 50)) w = 32;
    if (kind == 0) {
      out(&g->defs, "PG unsigned wa%d(const St &s, const Ctx &c) { return ", id);
      expr(g, &g->defs, 2);
      out(&g->defs, " & 63u; }\n");
      indent(&g->kern, depth + 1);
      out(&g->kern, "unsigned a = wa%d(s, c);\n", id);
      indent(&g->kern, depth + 1);
      out(&g->kern, "unsigned v = __shfl_sync(c.wm, x, (int)a, %u);\n", w);
      indent(&g->sim, depth + 1);
      out(&g->sim,
          "for (unsigned l = 0; l < nl; l++) a[l] = wa%d(st[w * 32 + l], cx[w * 32 + l]);\n", id);
    } else {
      static const char *const fn[] = {"", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync"};
      arg = kind == 3 ? rnd(g, w) : rnd(g, w + 1);
      if (kind == 3 && arg == 0 && w > 1) arg = 1;
      indent(&g->kern, depth + 1);
      out(&g->kern, "unsigned a = %uu;\n", arg);
      indent(&g->kern, depth + 1);
      out(&g->kern, "unsigned v = %s(c.wm, x, %s%u, %u);\n", fn[kind], kind == 3 ? "(int)" : "",
          arg, w);
      indent(&g->sim, depth + 1);
      out(&g->sim, "for (unsigned l = 0; l < nl; l++) a[l] = %uu;\n", arg);
    }
    indent(&g->kern, depth + 1);
    out(&g->kern, "s.r[%u] %s pg_shfl_keep(%uu, c, %uu, a, x, v);\n", dst, op, kind, w);
    indent(&g->sim, depth + 1);
    out(&g->sim,
        "for (unsigned l = 0; l < nl; l++) st[w * 32 + l].r[%u] %s pg_shfl_keep(%uu, cx[w * 32 + "
        "l], %uu, a[l], x[l], sim_shfl(%uu, x, l, %uu, a[l]));\n",
        dst, op, kind, w, kind, w);
  }
  indent(&g->kern, depth);
  out(&g->kern, "}\n");
  indent(&g->sim, depth);
  out(&g->sim, "}\n");
}

static void items(gen *g, int depth, int warp_level, guard *gd, unsigned n);

static void item(gen *g, int depth, int warp_level, guard *gd) {
  unsigned k = depth > 3 ? rnd(g, 6) : rnd(g, 10);
  int warp_ops = g->on[F_SHFL] || g->on[F_VOTE];
  if (k >= 2 && k < 4 && warp_ops) {
    item_warp(g, depth, gd);
  } else if (k == 4 && (g->on[F_SHARED] || g->on[F_GLOBAL_EXCHANGE]) && !warp_level) {
    item_exchange(g, depth, !g->on[F_SHARED] || (g->on[F_GLOBAL_EXCHANGE] && chance(g, 40)));
    item_segment(g, depth, gd);
  } else if (k == 5 && g->on[F_BLOCK_VOTE] && !warp_level && chance(g, 50)) {
    item_block_vote(g, depth);
  } else if (k == 6 && !warp_level) { /* block-uniform if/else */
    int id = g->nfunc++;
    out(&g->defs, "PG bool bc%d(const Ctx &c) { return (c.bid * %uu + %uu) %% %uu < %uu; }\n", id,
        1 + rnd(g, 7), rnd(g, 5), 2 + rnd(g, 3), 1 + rnd(g, 2));
    indent(&g->kern, depth);
    out(&g->kern, "if (bc%d(c)) {\n", id);
    indent(&g->sim, depth);
    out(&g->sim, "if (bc%d(cx[0])) {\n", id);
    /* an exchange in one arm leaves the array unwritten in the other */
    int valid = g->sh_valid, gvalid = g->gs_valid;
    items(g, depth + 1, 0, gd, 1 + rnd(g, 3));
    g->sh_valid = valid, g->gs_valid = gvalid;
    indent(&g->kern, depth);
    out(&g->kern, "} else {\n");
    indent(&g->sim, depth);
    out(&g->sim, "} else {\n");
    items(g, depth + 1, 0, gd, 1 + rnd(g, 2));
    g->sh_valid = valid, g->gs_valid = gvalid;
    indent(&g->kern, depth);
    out(&g->kern, "}\n");
    indent(&g->sim, depth);
    out(&g->sim, "}\n");
  } else if (k == 7 && gd->n < 8 && warp_ops) { /* warp-uniform if */
    int id = g->nfunc++;
    out(&g->defs, "PG bool wc%d(const Ctx &c) { return (c.warp * %uu + c.bid) %% %uu != %uu; }\n",
        id, 1 + rnd(g, 5), 2 + rnd(g, 3), rnd(g, 2));
    indent(&g->kern, depth);
    out(&g->kern, "if (wc%d(c)) {\n", id);
    gd->conds[gd->n++] = id;
    items(g, depth + 1, 1, gd, 1 + rnd(g, 3));
    gd->n--;
    indent(&g->kern, depth);
    out(&g->kern, "}\n");
  } else if (k == 8) { /* uniform loop */
    int v = g->nvar++;
    unsigned trips = 1 + rnd(g, 3);
    indent(&g->kern, depth);
    out(&g->kern, "for (unsigned u%d = 0; u%d < %uu; u%d++) {\n", v, v, trips, v);
    indent(&g->sim, depth);
    out(&g->sim, "for (unsigned u%d = 0; u%d < %uu; u%d++) {\n", v, v, trips, v);
    items(g, depth + 1, warp_level, gd, 1 + rnd(g, 3));
    indent(&g->kern, depth);
    out(&g->kern, "}\n");
    indent(&g->sim, depth);
    out(&g->sim, "}\n");
  } else {
    item_segment(g, depth, gd);
  }
}

static void items(gen *g, int depth, int warp_level, guard *gd, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    item(g, depth, warp_level, gd);
}

/* ---- the launch shape and the program ---- */

static void shape(gen *g) {
  static const unsigned sizes[] = {32, 64, 96, 128, 256, 33, 45, 100, 7, 1, 250, 63, 160, 17};
  unsigned n = sizes[rnd(g, sizeof sizes / sizeof *sizes)];
  if (!g->on[F_PARTIAL]) n = 32 * (1 + rnd(g, 6));
  g->bx = n, g->by = 1;
  if (g->on[F_2D] && chance(g, 40)) {
    static const unsigned xs[] = {8, 16, 5, 32, 12, 3};
    g->bx = xs[rnd(g, 6)];
    g->by = 1 + rnd(g, 12);
    if (!g->on[F_PARTIAL]) g->bx = 32, g->by = 1 + rnd(g, 4);
  }
  g->nt = g->bx * g->by;
  g->gx = g->on[F_GRID] ? 1 + rnd(g, 4) : 1;
  g->gy = g->on[F_GRID] && g->on[F_2D] && chance(g, 30) ? 1 + rnd(g, 3) : 1;
  g->sw = 1 + rnd(g, 2);
}

static void text_open(text *t) {
  t->f = open_memstream(&t->data, &t->len);
}
static void text_close(text *t) {
  fclose(t->f);
}

static void program(gen *g, unsigned long long seed) {
  int barriers = g->on[F_SHARED] || g->on[F_GLOBAL_EXCHANGE] || g->on[F_BLOCK_VOTE];
  printf("// pargen %llu:", seed);
  if (g->size != 10) printf(" --size %u", g->size);
  for (int f = 0; f < F_NFEATURES; f++)
    if (!g->on[f]) printf(" --no-%s", feature_names[f]);
  printf("\n// block %ux%u, grid %ux%u, %u shared slots per thread\n", g->bx, g->by, g->gx, g->gy,
         g->sw);
  printf("#include <cuda_runtime.h>\n#include \"pargen.h\"\n\n");
  printf("#define NT %uu\n#define SW %uu\n#define NB %uu\n#define NOUT 16u\n\n", g->nt, g->sw,
         g->gx * g->gy);
  printf(
      "PG void pg_init(St &s, const Ctx &c) {\n"
      "  for (unsigned k = 0; k < 8; k++) s.r[k] = c.in[(c.gtid * (k + 1) + k * 77) %% PG_NIN] ^ "
      "(c.tid << k);\n"
      "  for (unsigned k = 0; k < 4; k++) s.f[k] = pg_fmul(pg_u2f(s.r[k]), 0.125f);\n"
      "  for (unsigned k = 0; k < 2; k++) s.q[k] = (unsigned long long)s.r[k + 2] << 32 | s.r[k + "
      "4];\n"
      "}\n");
  printf("PG void pg_fin(const St &s, const Ctx &c, unsigned *out) {\n"
         "  for (unsigned k = 0; k < 8; k++) out[c.gtid * NOUT + k] = s.r[k];\n"
         "  for (unsigned k = 0; k < 4; k++) out[c.gtid * NOUT + 8 + k] = pg_fbits(s.f[k]);\n"
         "  for (unsigned k = 0; k < 2; k++) {\n"
         "    out[c.gtid * NOUT + 12 + 2 * k] = (unsigned)s.q[k];\n"
         "    out[c.gtid * NOUT + 13 + 2 * k] = (unsigned)(s.q[k] >> 32);\n  }\n}\n");
  printf("PG unsigned pg_acc_first(unsigned k) {\n"
         "  return k == 1 || k == 3 ? 0xffffffffu : k == 5 ? 0x5a5a5a5au : k == 6 ? 0x7fffffffu : "
         "k == 7 ? 0x80000000u : k == 0 ? 5u : 0u;\n}\n\n");
  fwrite(g->defs.data, 1, g->defs.len, stdout);
  printf("\n__global__ void pk(const unsigned *in, const unsigned *idx, unsigned *out, unsigned "
         "*gacc, unsigned *bacc, unsigned *gs) {\n"
         "  __shared__ unsigned sh[NT * SW];\n  __shared__ unsigned sacc[PG_NACC];\n"
         "  Ctx c;\n  c.tid = threadIdx.x + threadIdx.y * blockDim.x;\n  c.lane = c.tid %% 32u;\n"
         "  c.warp = c.tid / 32u;\n  c.nt = blockDim.x * blockDim.y;\n"
         "  c.nl = pg_lanes(c.nt, c.warp);\n  c.wm = pg_mask(c.nl);\n"
         "  c.bid = blockIdx.x + blockIdx.y * gridDim.x;\n  c.gtid = c.bid * c.nt + c.tid;\n"
         "  c.in = in;\n  c.idx = idx;\n  c.gacc = gacc;\n  c.sacc = sacc;\n  c.sh = sh;\n"
         "  unsigned *gsw = gs + c.bid * c.nt * SW;\n  c.gs = gsw;\n"
         "  St s;\n  pg_init(s, c);\n");
  /* Without the features that need them the kernel has no barrier at all (softmetal's
   * vector mode runs such kernels as vector code): the shared accumulators are unused. */
  if (barriers)
    printf("  for (unsigned k = c.tid; k < PG_NACC; k += c.nt) sacc[k] = pg_acc_first(k);\n"
           "  __syncthreads();\n");
  fwrite(g->kern.data, 1, g->kern.len, stdout);
  printf("%s", barriers
                   ? "  __syncthreads();\n  for (unsigned k = c.tid; k < PG_NACC; k += c.nt) "
                     "bacc[c.bid * PG_NACC + k] = sacc[k];\n"
                   : "  for (unsigned k = c.tid; k < PG_NACC; k += c.nt) bacc[c.bid * PG_NACC + "
                     "k] = pg_acc_first(k);\n");
  printf("  pg_fin(s, c, out);\n}\n\n");
  printf("static St st[NT];\nstatic Ctx cx[NT];\n"
         "static void sim_block(unsigned b, const unsigned *in, const unsigned *idx, unsigned "
         "*out, unsigned *gacc, unsigned *bacc) {\n"
         "  static unsigned sh[NT * SW], gsw[NT * SW];\n  unsigned sacc[PG_NACC];\n"
         "  memset(sh, 0, sizeof sh);\n"
         "  for (unsigned t = 0; t < NT; t++) {\n"
         "    Ctx &c = cx[t];\n    c.tid = t;\n    c.lane = t %% 32u;\n    c.warp = t / 32u;\n"
         "    c.nt = NT;\n    c.nl = pg_lanes(NT, c.warp);\n    c.wm = pg_mask(c.nl);\n"
         "    c.bid = b;\n    c.gtid = b * NT + t;\n    c.in = in;\n    c.idx = idx;\n"
         "    c.gacc = gacc;\n    c.sacc = sacc;\n    c.sh = sh;\n    c.gs = gsw;\n    "
         "pg_init(st[t], c);\n  }\n"
         "  for (unsigned k = 0; k < PG_NACC; k++) sacc[k] = pg_acc_first(k);\n");
  fwrite(g->sim.data, 1, g->sim.len, stdout);
  printf("  for (unsigned k = 0; k < PG_NACC; k++) bacc[b * PG_NACC + k] = sacc[k];\n"
         "  for (unsigned t = 0; t < NT; t++) pg_fin(st[t], cx[t], out);\n}\n\n");
  printf(
      "int main() {\n"
      "  static unsigned in[PG_NIN], idx[PG_NIN], out[NB * NT * NOUT], gacc[PG_NACC], "
      "bacc[NB * PG_NACC];\n"
      "  static unsigned rout[NB * NT * NOUT], rgacc[PG_NACC], rbacc[NB * PG_NACC];\n"
      "  pg_fill(in, idx, %lluull);\n"
      "  for (unsigned k = 0; k < PG_NACC; k++) gacc[k] = rgacc[k] = pg_acc_first(k) ^ %uu;\n"
      "  unsigned *din, *didx, *dout, *dgacc, *dbacc, *dgs;\n"
      "  PG_CHECK(cudaMalloc(&din, sizeof in));\n  PG_CHECK(cudaMalloc(&didx, sizeof idx));\n"
      "  PG_CHECK(cudaMalloc(&dout, sizeof out));\n  PG_CHECK(cudaMalloc(&dgacc, sizeof gacc));\n"
      "  PG_CHECK(cudaMalloc(&dbacc, sizeof bacc));\n"
      "  PG_CHECK(cudaMalloc(&dgs, sizeof(unsigned) * NB * NT * SW));\n"
      "  PG_CHECK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));\n"
      "  PG_CHECK(cudaMemcpy(didx, idx, sizeof idx, cudaMemcpyHostToDevice));\n"
      "  PG_CHECK(cudaMemcpy(dgacc, gacc, sizeof gacc, cudaMemcpyHostToDevice));\n"
      "  PG_CHECK(cudaMemset(dout, 0, sizeof out));\n"
      "  pk<<<dim3(%u, %u), dim3(%u, %u)>>>(din, didx, dout, dgacc, dbacc, dgs);\n"
      "  PG_CHECK(cudaGetLastError());\n  PG_CHECK(cudaDeviceSynchronize());\n"
      "  PG_CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));\n"
      "  PG_CHECK(cudaMemcpy(gacc, dgacc, sizeof gacc, cudaMemcpyDeviceToHost));\n"
      "  PG_CHECK(cudaMemcpy(bacc, dbacc, sizeof bacc, cudaMemcpyDeviceToHost));\n"
      "  for (unsigned b = 0; b < NB; b++) sim_block(b, in, idx, rout, rgacc, rbacc);\n"
      "  unsigned sum = 2166136261u;\n"
      "  int bad = pg_compare(\"out\", out, rout, NB * NT * NOUT, &sum) ||\n"
      "            pg_compare(\"gacc\", gacc, rgacc, PG_NACC, &sum) ||\n"
      "            pg_compare(\"bacc\", bacc, rbacc, NB * PG_NACC, &sum);\n"
      "  printf(\"checksum %%08x\\n\", sum);\n"
      "  if (bad) return 1;\n  printf(\"PASS\\n\");\n  return 0;\n}\n",
      seed, rnd(g, 3) * 0x1111u, g->gx, g->gy, g->bx, g->by);
}

int main(int argc, char **argv) {
  gen g = {0};
  g.size = 10;
  for (int f = 0; f < F_NFEATURES; f++)
    g.on[f] = 1;
  const char *seed_arg = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
      g.size = (unsigned)atoi(argv[++i]);
      if (g.size < 1 || g.size > 10) {
        fprintf(stderr, "pargen: --size takes 1 to 10\n");
        return 64;
      }
    } else if (strncmp(argv[i], "--no-", 5) == 0) {
      int f = 0;
      while (f < F_NFEATURES && strcmp(argv[i] + 5, feature_names[f]) != 0)
        f++;
      if (f == F_NFEATURES) {
        fprintf(stderr, "pargen: unknown feature '%s'\n", argv[i] + 5);
        return 64;
      }
      g.on[f] = 0;
    } else
      seed_arg = argv[i];
  }
  if (!seed_arg) {
    fprintf(stderr, "usage: pargen [--size 1..10] [--no-FEATURE ...] SEED > program.cu\nfeatures:");
    for (int f = 0; f < F_NFEATURES; f++)
      fprintf(stderr, " %s", feature_names[f]);
    fprintf(stderr, "\n");
    return 64;
  }
  unsigned long long seed = strtoull(seed_arg, NULL, 10);
  g.rng = seed * 0xD1B54A32D192ED03ull + 12345;
  shape(&g);
  text_open(&g.defs);
  text_open(&g.kern);
  text_open(&g.sim);
  guard gd = {{0}, 0};
  items(&g, 1, 0, &gd, 1 + (2 + rnd(&g, 6)) * g.size / 10);
  text_close(&g.defs);
  text_close(&g.kern);
  text_close(&g.sim);
  program(&g, seed);
  free(g.defs.data);
  free(g.kern.data);
  free(g.sim.data);
  return 0;
}
