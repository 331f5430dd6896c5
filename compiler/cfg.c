/* cfg.c — the control-flow facts structured emission needs: block numbering,
 * successors, immediate dominators and post-dominators (Cooper, Harvey and
 * Kennedy's iterative algorithm) and natural loops with their single exit. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

/* An error at `at`; none without ctx (a dry run that only asks). */
static int report(msl_ctx *ctx, LLVMValueRef at, const char *message) {
  return ctx ? diag_error(ctx, at, "%s", message) : 0;
}

/* A graph in compressed rows: the edges of node v are adj[start[v] .. start[v+1]). */
typedef struct graph {
  int n;
  int *start, *adj;
} graph;

static graph graph_make(int n, const int (*edges)[2], int nedges, int reverse) {
  graph g = {n, calloc((size_t)n + 1, sizeof(int)), calloc((size_t)nedges + 1, sizeof(int))};
  for (int e = 0; e < nedges; e++)
    g.start[edges[e][reverse] + 1]++;
  for (int v = 0; v < n; v++)
    g.start[v + 1] += g.start[v];
  int *fill = calloc((size_t)n, sizeof(int));
  for (int e = 0; e < nedges; e++) {
    int from = edges[e][reverse], to = edges[e][!reverse];
    g.adj[g.start[from] + fill[from]++] = to;
  }
  free(fill);
  return g;
}

static void graph_free(graph *g) {
  free(g->start);
  free(g->adj);
}

static void postorder(const graph *g, int v, char *seen, int *order, int *count) {
  /* Iterative DFS: CFGs of big unrolled kernels can be deep. */
  int *stack = malloc(sizeof(int) * (size_t)g->n * 2), sp = 0;
  stack[sp++] = v, stack[sp++] = g->start[v];
  seen[v] = 1;
  while (sp) {
    int u = stack[sp - 2], *next = &stack[sp - 1];
    if (*next < g->start[u + 1]) {
      int w = g->adj[(*next)++];
      if (!seen[w]) {
        seen[w] = 1;
        stack[sp++] = w, stack[sp++] = g->start[w];
      }
    } else {
      order[(*count)++] = u;
      sp -= 2;
    }
  }
  free(stack);
}

/* idom[v] for every node reachable from `root` along `fwd` (preds = `back`);
 * -1 for the root and for unreachable nodes. */
static void dominators(const graph *fwd, const graph *back, int root, int *idom) {
  int n = fwd->n, count = 0;
  int *order = malloc(sizeof(int) * (size_t)n), *rank = malloc(sizeof(int) * (size_t)n);
  char *seen = calloc((size_t)n, 1);
  postorder(fwd, root, seen, order, &count);
  for (int v = 0; v < n; v++)
    idom[v] = -2, rank[v] = -1;
  for (int i = 0; i < count; i++)
    rank[order[i]] = i;
  idom[root] = root;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int i = count - 1; i >= 0; i--) { /* reverse postorder */
      int v = order[i], best = -2;
      if (v == root) continue;
      for (int k = back->start[v]; k < back->start[v + 1]; k++) {
        int p = back->adj[k];
        if (rank[p] < 0 || idom[p] == -2) continue;
        if (best == -2) {
          best = p;
          continue;
        }
        int a = p, b = best;
        while (a != b) {
          while (rank[a] < rank[b])
            a = idom[a];
          while (rank[b] < rank[a])
            b = idom[b];
        }
        best = a;
      }
      if (best != idom[v]) idom[v] = best, changed = 1;
    }
  }
  for (int v = 0; v < n; v++)
    if (idom[v] == -2 || v == root) idom[v] = -1;
  free(order);
  free(rank);
  free(seen);
}

static int dominates(const cfg_info *cfg, int a, int b) {
  for (; b >= 0; b = cfg->idom[b])
    if (a == b) return 1;
  return 0;
}

int cfg_in_loop(const cfg_info *cfg, int loop, int block) {
  assert(loop < (int)cfg->nloops && block < (int)cfg->nblocks);
  return loop >= 0 && block >= 0 && cfg->loops[loop].body[block];
}

/* Post-dominators of one iteration of the loop headed by h (see cfg_loop). */
static int *iteration_ipdom(const cfg_info *cfg, int h, const unsigned char *body) {
  int n = (int)cfg->nblocks, nedges = 0;
  int(*edges)[2] = malloc(sizeof *edges * (size_t)(2 * n + 1));
  for (int b = 0; b < n; b++)
    for (unsigned s = 0; body[b] && s < cfg->nsucc[b]; s++) {
      int t = cfg->succ[b][s];
      if (!body[t]) continue; /* a break: such paths end there and need no merge */
      edges[nedges][0] = b;
      edges[nedges][1] = t == h ? n : t;
      nedges++;
    }
  graph fwd = graph_make(n + 1, edges, nedges, 0), back = graph_make(n + 1, edges, nedges, 1);
  int *ipdom = malloc(sizeof(int) * ((size_t)n + 1));
  dominators(&back, &fwd, n, ipdom);
  for (int b = 0; b < n; b++)
    if (ipdom[b] == n || !body[b]) ipdom[b] = -1;
  graph_free(&fwd);
  graph_free(&back);
  free(edges);
  return ipdom;
}

static int find_loops(msl_ctx *ctx, cfg_info *cfg, const graph *preds) {
  int n = (int)cfg->nblocks;
  cfg->loop_of_header = malloc(sizeof(int) * (size_t)n);
  int *work = malloc(sizeof(int) * (size_t)n);
  for (int h = 0; h < n; h++) {
    cfg->loop_of_header[h] = -1;
    unsigned char *body = NULL;
    for (int k = preds->start[h]; k < preds->start[h + 1]; k++) {
      int latch = preds->adj[k];
      if (!dominates(cfg, h, latch)) continue;
      if (!body) body = calloc((size_t)n, 1), body[h] = 1;
      int sp = 0;
      if (!body[latch]) body[latch] = 1, work[sp++] = latch;
      while (sp) {
        int v = work[--sp];
        for (int j = preds->start[v]; j < preds->start[v + 1]; j++)
          if (!body[preds->adj[j]]) body[preds->adj[j]] = 1, work[sp++] = preds->adj[j];
      }
    }
    if (!body) continue;
    int exit = -1;
    for (int b = 0; b < n; b++)
      for (unsigned s = 0; body[b] && s < cfg->nsucc[b]; s++) {
        int t = cfg->succ[b][s];
        if (body[t] || t == exit) continue;
        if (exit >= 0) {
          free(body);
          free(work);
          return report(ctx, LLVMGetFirstInstruction(cfg->blocks[h]),
                        "internal error: loop with several exits after unify-loop-exits");
        }
        exit = t;
      }
    cfg->loops = realloc(cfg->loops, (cfg->nloops + 1) * sizeof *cfg->loops);
    cfg->loops[cfg->nloops] = (cfg_loop){h, exit, body, iteration_ipdom(cfg, h, body)};
    cfg->loop_of_header[h] = (int)cfg->nloops++;
  }
  free(work);
  return 1;
}

/* The nodes of `g` from which `from` can be reached (g: predecessor lists). */
static char *reaching(const graph *back, int from) {
  char *seen = calloc((size_t)back->n, 1);
  int *work = malloc(sizeof(int) * (size_t)back->n), sp = 0;
  seen[from] = 1, work[sp++] = from;
  while (sp) {
    int v = work[--sp];
    for (int k = back->start[v]; k < back->start[v + 1]; k++)
      if (!seen[back->adj[k]]) seen[back->adj[k]] = 1, work[sp++] = back->adj[k];
  }
  free(work);
  return seen;
}

static int idom_depth(const cfg_info *cfg, int b) {
  int d = 0;
  for (; b >= 0; b = cfg->idom[b])
    d++;
  return d;
}

/* Code from which nothing returns — an endless loop, or paths that all end in
 * `unreachable` (after __trap(), or what clang deduces can never run) — has no
 * post-dominators in the graph cfg_build uses, since it never reaches the virtual
 * exit: its branches would have no merge, and a block both arms reach (a goto's
 * target, the code after an if/else) would be emitted twice. Its own post-dominators
 * are computed on that code alone, its `unreachable` blocks and the headers of its
 * loops that never exit (outermost first: the one fewest dominators deep) taken as
 * exits (a loop that exits into endless code is no exit). Code that returns keeps its
 * post-dominators, so a branch into a trap still merges where the returning paths meet. */
static void endless_ipdom(cfg_info *cfg, const graph *back) {
  int n = (int)cfg->nblocks, nedges = 0, count = 0;
  char *returns = reaching(back, n), *endless = calloc((size_t)n + 1, 1);
  for (int b = 0; b < n; b++)
    if (!returns[b] && (b == 0 || cfg->idom[b] >= 0)) endless[b] = 1, count++;
  free(returns);
  if (!count) {
    free(endless);
    return;
  }
  int(*edges)[2] = malloc(sizeof *edges * (size_t)(3 * n + 1));
  for (int b = 0; b < n; b++) {
    if (!endless[b]) continue;
    for (unsigned s = 0; s < cfg->nsucc[b]; s++)
      edges[nedges][0] = b, edges[nedges][1] = cfg->succ[b][s], nedges++;
    if (cfg->nsucc[b] == 0) edges[nedges][0] = b, edges[nedges][1] = n, nedges++;
  }
  for (;;) {
    graph rev = graph_make(n + 1, edges, nedges, 1);
    char *exits = reaching(&rev, n);
    graph_free(&rev);
    int header = -1;
    for (int h = 0; h < n; h++) {
      int l = cfg->loop_of_header[h];
      if (!endless[h] || exits[h] || l < 0 || cfg->loops[l].exit >= 0) continue;
      if (header < 0 || idom_depth(cfg, h) < idom_depth(cfg, header)) header = h;
    }
    free(exits);
    if (header < 0) break; /* every endless block reaches an exit now */
    edges[nedges][0] = header, edges[nedges][1] = n, nedges++;
  }
  graph fwd = graph_make(n + 1, edges, nedges, 0), rev = graph_make(n + 1, edges, nedges, 1);
  int *ipdom = malloc(sizeof(int) * ((size_t)n + 1));
  dominators(&rev, &fwd, n, ipdom);
  for (int b = 0; b < n; b++)
    if (endless[b]) cfg->ipdom[b] = ipdom[b] == n ? -1 : ipdom[b];
  graph_free(&fwd);
  graph_free(&rev);
  free(ipdom);
  free(edges);
  free(endless);
}

/* A CFG is reducible when removing its back edges (edges to a dominator)
 * leaves it acyclic; fix-irreducible should have made it so. Kahn's
 * topological sort over the reachable blocks checks it. */
static int check_reducible(msl_ctx *ctx, LLVMValueRef fn, const cfg_info *cfg) {
  int n = (int)cfg->nblocks, done = 0, reachable = 0, sp = 0;
  int *indeg = calloc((size_t)n, sizeof(int)), *work = malloc(sizeof(int) * (size_t)n);
  for (int b = 0; b < n; b++) {
    if (b != 0 && cfg->idom[b] < 0) continue;
    reachable++;
    for (unsigned s = 0; s < cfg->nsucc[b]; s++)
      if (!dominates(cfg, cfg->succ[b][s], b)) indeg[cfg->succ[b][s]]++;
  }
  work[sp++] = 0;
  while (sp) {
    int b = work[--sp];
    done++;
    for (unsigned s = 0; s < cfg->nsucc[b]; s++) {
      int t = cfg->succ[b][s];
      if (!dominates(cfg, t, b) && --indeg[t] == 0) work[sp++] = t;
    }
  }
  free(indeg);
  free(work);
  if (done != reachable)
    return report(ctx, fn,
                  "irreducible control flow is not supported by Anchor's "
                  "Metal backend");
  return 1;
}

int cfg_build(msl_ctx *ctx, LLVMValueRef fn, cfg_info *cfg) {
  assert(fn && cfg);
  memset(cfg, 0, sizeof *cfg);
  cfg->nblocks = LLVMCountBasicBlocks(fn);
  int n = (int)cfg->nblocks;
  cfg->blocks = malloc(sizeof *cfg->blocks * (size_t)n);
  LLVMGetBasicBlocks(fn, cfg->blocks);
  cfg->nsucc = calloc((size_t)n, sizeof *cfg->nsucc);
  cfg->succ = calloc((size_t)n, sizeof *cfg->succ);
  cfg->idom = malloc(sizeof(int) * ((size_t)n + 1));
  cfg->ipdom = malloc(sizeof(int) * ((size_t)n + 1));
  for (int b = 0; b < n; b++)
    ptrmap_set(&cfg->index, cfg->blocks[b], b);
  int(*edges)[2] = malloc(sizeof *edges * (size_t)(2 * n + 1));
  int nedges = 0, returns = 0;
  for (int b = 0; b < n; b++)
    returns += LLVMIsAReturnInst(LLVMGetBasicBlockTerminator(cfg->blocks[b])) != NULL;
  for (int b = 0; b < n; b++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(cfg->blocks[b]);
    unsigned ns = LLVMGetNumSuccessors(term);
    if (ns > 2 || LLVMIsASwitchInst(term) || LLVMIsAIndirectBrInst(term)) {
      free(edges);
      return report(ctx, term,
                    "this branch (switch, indirect branch or invoke) is not "
                    "supported by Anchor's Metal backend");
    }
    cfg->nsucc[b] = ns;
    for (unsigned s = 0; s < ns; s++) {
      int t = ptrmap_get(&cfg->index, LLVMGetSuccessor(term, s), -1);
      cfg->succ[b][s] = t;
      edges[nedges][0] = b, edges[nedges][1] = t, nedges++;
    }
    /* Returns reach the virtual exit node n. A block that ends in
     * `unreachable` never runs to its end: paths into it need no merge, so
     * it is no exit for post-dominance (else the default of a switch that
     * covers every value, or unify-loop-exits' guard, would leave the
     * branches before it without a post-dominator), unless nothing returns. */
    if (ns == 0 && (LLVMIsAReturnInst(term) || !returns))
      edges[nedges][0] = b, edges[nedges][1] = n, nedges++;
  }
  graph fwd = graph_make(n + 1, edges, nedges, 0), back = graph_make(n + 1, edges, nedges, 1);
  free(edges);
  dominators(&fwd, &back, 0, cfg->idom);
  dominators(&back, &fwd, n, cfg->ipdom);
  for (int b = 0; b < n; b++)
    if (cfg->ipdom[b] == n) cfg->ipdom[b] = -1;
  int ok = find_loops(ctx, cfg, &back) && check_reducible(ctx, fn, cfg);
  if (ok) endless_ipdom(cfg, &back);
  graph_free(&fwd);
  graph_free(&back);
  return ok;
}

void cfg_free(cfg_info *cfg) {
  for (unsigned l = 0; l < cfg->nloops; l++)
    free(cfg->loops[l].body), free(cfg->loops[l].ipdom);
  free(cfg->loops);
  free(cfg->loop_of_header);
  free(cfg->blocks);
  free(cfg->nsucc);
  free(cfg->succ);
  free(cfg->idom);
  free(cfg->ipdom);
  ptrmap_free(&cfg->index);
  memset(cfg, 0, sizeof *cfg);
}
