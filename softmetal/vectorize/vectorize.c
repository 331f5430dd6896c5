/* softmetal/vectorize/vectorize.c — sm-vectorize, softmetal's whole-function vectorizer
 * (docs/softmetal.md, "Vector mode and lockstep"), a separate process over LLVM-C.
 *
 *   sm-vectorize IN.ll OUT.ll
 *
 * For every `__sm_lane_NAME(const __sm_thread *t, uint x, uint index)` (translate.c: one
 * thread of kernel NAME with tid.x = x and thread_index_in_threadgroup = index), after
 * inlining everything into it, writes `__sm_simd_NAME(t, x0, index0, count)`: the lanes
 * x0 + l, index0 + l for l < count (<= 32) together, as <32 x T> vector code with an
 * execution mask. Uniform values (everything not derived from x or index) stay scalar;
 * `uniform + lane * size` addresses are proven at compile time and become one vector
 * load or store when every lane is active (a scalar no-wrap check where 32-bit indices
 * are widened), masked gathers/scatters otherwise, so a masked-off lane never touches
 * memory; divisions get divisor 1 in masked-off lanes. The CFG is linearised in a
 * topological order with each loop's blocks together: each block runs under its mask,
 * phis become selects; a loop (loop-simplify/LCSSA form) runs while any lane takes its
 * back edge, its exits' masks and live-out values accumulating. A kernel shape it does
 * not take (calls that are not elementwise intrinsics or softmetal's primitives, private
 * memory of a run-time size, spin loops more than one lane may run, irreducible flow,
 * varying aggregates, more than MAX_INSTRUCTIONS)
 * keeps the scalar path; the reason is recorded in the constant string
 * `__sm_vector_NAME` ("vector" when vectorized), which softmetal's trace prints, and
 * the width in `__sm_simd_width_NAME`.
 * Exit status 0 unless the input cannot be read, the output written, or the result fails
 * LLVM's verifier (then it is a compile error, never a silently wrong kernel).
 */
#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef W
#define W 32 /* lanes: one SIMD-group */
#endif

/* Larger lane functions keep the scalar path: compiling their vector code would take long
 * (the back end's time grows about linearly, ~0.8 s of CPU per 1,000 instructions on the
 * 2-vCPU VM: docs/softmetal.md). */
#define MAX_INSTRUCTIONS 8000
/* ... and those beyond this many once inlined, before the optimisation of the inlined body,
 * are not optimised. */
#define MAX_INLINED 20000

struct val {
  LLVMValueRef key;
  LLVMValueRef scalar; /* uniform: the value in the new function */
  LLVMValueRef vec;    /* varying (or a uniform's splat, made on demand) */
  bool affine;         /* lane l = base + l * stride (integers: mod 2^N; pointers: bytes) */
  LLVMValueRef base;
  int64_t stride;
  LLVMValueRef ok;   /* NULL or a scalar i1: the affine form holds without wrapping */
  LLVMValueRef vec2; /* a cmpxchg's second field (success), its first in vec */
  /* Lane bits: the low `lowbits` bits of lane l's value are those of low[l], the same in
   * every SIMD-group (derived from the lane number, not from x0/index0; lane_bits()). When
   * lowbits is the type's width the value is a constant vector (vec). */
  const uint64_t *low;
  unsigned lowbits;
  /* A varying value of vector type <N x T> (a volatile 16-byte device access's value, kept
   * whole because the access must stay indivisible): the lanes' vectors one after another,
   * <W*N x T>, element j of lane l at l * N + j. Only extractelement, insertelement (constant
   * indices) and the per-lane accesses take such a value (wide_element, emit_insert). */
  LLVMValueRef wide;
};

struct edge {
  LLVMBasicBlockRef from, to;
  LLVMValueRef mask;
};

/* A natural loop (after loop-simplify: one latch, dedicated exits; lcssa: live-outs are
 * phis of the exit blocks). Runs as a loop of the vector code while any lane goes round. */
struct header_phi {
  LLVMValueRef src, phi, latch_value;
  int kind; /* 0: vector, 1: uniform scalar, 2: affine (phi = base) */
  int64_t stride;
};
struct loop_exit {
  int from, to;
  LLVMValueRef phi, cur; /* lanes that left through the edge so far (this entry) */
};
struct exit_acc {
  LLVMValueRef src_phi; /* phi of the exit block */
  int from;
  LLVMValueRef phi, cur; /* each lane's value when it left */
};
struct exit_value {
  LLVMValueRef src_phi;
  LLVMBasicBlockRef from;
  LLVMValueRef value;
};
struct loop {
  int header, latch, size, parent, emitted;
  bool spin;  /* an exit depends on an atomic or volatile access (mark_spin_loops) */
  bool local; /* ... and one of those is not in device memory (or the walk gave up) */
  bool whole; /* taken as a wait of the whole SIMD-group (whole_group_wait) */
  char *body;
  LLVMBasicBlockRef header_out;
  LLVMValueRef mask_phi, back; /* the header's mask; lanes going round this iteration */
  struct header_phi *hphis;
  int nhphis;
  struct loop_exit *exits;
  int nexits;
  struct exit_acc *accs;
  int naccs;
};

struct vz {
  LLVMModuleRef m;
  LLVMContextRef c;
  LLVMBuilderRef b;
  LLVMTargetDataRef td;
  LLVMValueRef src, dst;
  LLVMValueRef lanes; /* <32 x i32> 0..31 */
  struct val *vals;
  size_t nvals, capvals;
  LLVMBasicBlockRef *all; /* the source's blocks, entry first */
  int n;
  int *order; /* emission order (indices into all): topological, each loop contiguous */
  int norder;
  int *open;           /* vectorize_body's stack of open loops (here so a failure frees it) */
  LLVMValueRef *masks; /* per block of all */
  struct edge *edges;
  int nedges;
  int cur; /* index (into all) of the block being emitted */
  struct loop *loops;
  int nloops;
  int *loop_of;           /* innermost loop of each block, -1 */
  int *header_of;         /* the loop a block heads, -1 */
  struct exit_value *xvs; /* LCSSA phis' values for edges leaving a closed loop */
  int nxvs;
  bool may_yield;  /* no barriers: outermost loops yield at their back edge (end_loop) */
  bool aligned;    /* index0 is a multiple of 32: the kernel calls SIMD-group primitives */
  bool spins;      /* has a spin loop (its threads must interleave: __sm_spins_NAME) */
  bool walk_all;   /* from_atomic visits every source (marking spin_local), not the first */
  bool spin_local; /* from_atomic met a source outside device memory */
  void **temps;    /* scratch arrays of the analyses (temp()), freed with z: fail() longjmps */
  int ntemps;
  int yields; /* __sm_loop_yield calls emitted */
  jmp_buf fail;
  char reason[256];
};

static void fail(struct vz *z, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(z->reason, sizeof z->reason, fmt, ap);
  va_end(ap);
  longjmp(z->fail, 1);
}

/* ---- values --------------------------------------------------------------------------- */
static struct val *find(struct vz *z, LLVMValueRef key) {
  for (size_t i = z->nvals; i-- > 0;)
    if (z->vals[i].key == key) return &z->vals[i];
  return NULL;
}

static struct val *add(struct vz *z, LLVMValueRef key) {
  if (z->nvals == z->capvals) {
    z->capvals = z->capvals ? z->capvals * 2 : 256;
    z->vals = realloc(z->vals, z->capvals * sizeof *z->vals);
    if (!z->vals) abort();
  }
  struct val *v = &z->vals[z->nvals++];
  memset(v, 0, sizeof *v);
  v->key = key;
  return v;
}

static struct val *get(struct vz *z, LLVMValueRef v) {
  struct val *s = find(z, v);
  if (s) return s;
  if (LLVMIsAConstant(v) || LLVMIsAInlineAsm(v) || LLVMIsAValueAsMetadata(v) || LLVMIsAMDNode(v)) {
    s = add(z, v);
    s->scalar = v;
    return s;
  }
  fail(z, "internal: a value used before its definition");
  return NULL;
}

static bool uniform(struct vz *z, LLVMValueRef v) {
  struct val *s = get(z, v);
  return s->scalar != NULL;
}

static bool scalar_type(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind:
  case LLVMFloatTypeKind:
  case LLVMHalfTypeKind:
  case LLVMDoubleTypeKind:
  case LLVMPointerTypeKind: return true;
  default: return false;
  }
}

static LLVMTypeRef vtype(struct vz *z, LLVMTypeRef t) {
  if (!scalar_type(t)) fail(z, "a value of a vector or aggregate type varies per lane");
  return LLVMVectorType(t, W);
}

static LLVMValueRef splat(struct vz *z, LLVMValueRef s) {
  LLVMTypeRef t = LLVMTypeOf(s);
  LLVMTypeRef vt = vtype(z, t);
  LLVMValueRef zero = LLVMConstNull(LLVMVectorType(LLVMInt32TypeInContext(z->c), W));
  LLVMValueRef one = LLVMBuildInsertElement(z->b, LLVMGetPoison(vt), s,
                                            LLVMConstInt(LLVMInt32TypeInContext(z->c), 0, 0), "");
  return LLVMBuildShuffleVector(z->b, one, LLVMGetPoison(vt), zero, "");
}

/* Constant vector <0, s, 2s, ...> of integer type t. */
static LLVMValueRef steps(LLVMTypeRef t, int64_t s) {
  LLVMValueRef e[W];
  for (int i = 0; i < W; i++)
    e[i] = LLVMConstInt(t, (unsigned long long)(s * i), 1);
  return LLVMConstVector(e, W);
}

static LLVMValueRef vec(struct vz *z, LLVMValueRef v) {
  struct val *s = get(z, v);
  if (s->vec) return s->vec;
  if (s->wide) fail(z, "a value of a vector or aggregate type varies per lane");
  LLVMValueRef r;
  if (s->affine) {
    LLVMTypeRef t = LLVMTypeOf(s->base);
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
      LLVMTypeRef i64 = LLVMInt64TypeInContext(z->c), i8 = LLVMInt8TypeInContext(z->c);
      LLVMValueRef idx = steps(i64, s->stride);
      r = LLVMBuildGEP2(z->b, i8, splat(z, s->base), &idx, 1, "");
    } else {
      r = LLVMBuildAdd(z->b, splat(z, s->base), steps(t, s->stride), "");
    }
  } else {
    r = splat(z, s->scalar);
  }
  s = get(z, v); /* splat may have grown the table */
  s->vec = r;
  return r;
}

static LLVMValueRef and_ok(struct vz *z, LLVMValueRef a, LLVMValueRef b) {
  if (!a) return b;
  if (!b) return a;
  return LLVMBuildAnd(z->b, a, b, "");
}

/* The condition under which sext/zext of affine (b, s) over `bits` bits equals the
 * widened affine form: no lane wraps. NULL if always. */
static LLVMValueRef no_wrap(struct vz *z, LLVMValueRef base, int64_t s, bool is_signed) {
  if (s == 0) return NULL;
  LLVMTypeRef t = LLVMTypeOf(base);
  unsigned bits = LLVMGetIntTypeWidth(t);
  unsigned long long span = (unsigned long long)(s * (W - 1));
  unsigned long long max = is_signed    ? (1ull << (bits - 1)) - 1
                           : bits == 64 ? ~0ull
                                        : (1ull << bits) - 1;
  if (span > max) return LLVMConstInt(LLVMInt1TypeInContext(z->c), 0, 0);
  return LLVMBuildICmp(z->b, is_signed ? LLVMIntSLE : LLVMIntULE, base,
                       LLVMConstInt(t, max - span, 0), "");
}

/* ---- masks ---------------------------------------------------------------------------- */
static LLVMTypeRef mask_type(struct vz *z) {
  return LLVMVectorType(LLVMInt1TypeInContext(z->c), W);
}

static LLVMValueRef intrinsic(struct vz *z, const char *name, LLVMTypeRef *types, size_t n,
                              LLVMTypeRef *fn_type) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id) fail(z, "internal: no intrinsic %s", name);
  LLVMValueRef f = LLVMGetIntrinsicDeclaration(z->m, id, types, n);
  *fn_type = LLVMGlobalGetValueType(f);
  return f;
}

static LLVMValueRef call(struct vz *z, const char *name, LLVMTypeRef *types, size_t ntypes,
                         LLVMValueRef *args, unsigned nargs) {
  LLVMTypeRef ft;
  LLVMValueRef f = intrinsic(z, name, types, ntypes, &ft);
  return LLVMBuildCall2(z->b, ft, f, args, nargs, "");
}

static void copy_codegen_attributes(LLVMValueRef from, LLVMValueRef to);

/* A masked gather or scatter (the intrinsic `name`, its alignment operand at `imm`) through
 * one out-of-line function per signature and alignment, made on first use: a 32-lane gather
 * without native gathers (the x86-64 baseline) expands into 32 guarded scalar accesses,
 * ~150 instructions, and kernels hold dozens; called, they are compiled once per module
 * (the back end's time on vector code fell by ~4x: docs/softmetal.md). The call costs far
 * less than the 32 scalar accesses it makes. */
static LLVMValueRef call_outlined(struct vz *z, const char *name, LLVMTypeRef *types, size_t ntypes,
                                  LLVMValueRef *args, unsigned nargs, unsigned imm) {
  LLVMTypeRef ft;
  LLVMValueRef f = intrinsic(z, name, types, ntypes, &ft);
  size_t len;
  const char *full =
      LLVMIntrinsicCopyOverloadedName2(z->m, LLVMGetIntrinsicID(f), types, ntypes, &len);
  unsigned align = (unsigned)LLVMConstIntGetZExtValue(args[imm]);
  char helper[256];
  snprintf(helper, sizeof helper, "__sm_outlined.%.*s.a%u", (int)len, full, align);
  free((void *)full);
  LLVMValueRef params[4];
  LLVMTypeRef ptypes[4];
  unsigned np = 0;
  /* a mask goes as an integer of its bits: x86 passes <32 x i1> one byte per lane */
  for (unsigned i = 0; i < nargs; i++)
    if (i != imm) {
      LLVMTypeRef t = LLVMTypeOf(args[i]);
      bool is_mask = LLVMGetTypeKind(t) == LLVMVectorTypeKind &&
                     LLVMGetElementType(t) == LLVMInt1TypeInContext(z->c);
      if (is_mask) t = LLVMIntTypeInContext(z->c, LLVMGetVectorSize(t));
      params[np] = is_mask ? LLVMBuildBitCast(z->b, args[i], t, "") : args[i];
      ptypes[np++] = t;
    }
  LLVMTypeRef hft = LLVMFunctionType(LLVMGetReturnType(ft), ptypes, np, 0);
  LLVMValueRef h = LLVMGetNamedFunction(z->m, helper);
  if (!h) {
    h = LLVMAddFunction(z->m, helper, hft);
    LLVMSetLinkage(h, LLVMInternalLinkage);
    LLVMSetFunctionCallConv(h, LLVMFastCallConv);
    static const char *const attrs[] = {"noinline", "nounwind"};
    for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++)
      LLVMAddAttributeAtIndex(
          h, LLVMAttributeFunctionIndex,
          LLVMCreateEnumAttribute(z->c, LLVMGetEnumAttributeKindForName(attrs[i], strlen(attrs[i])),
                                  0));
    copy_codegen_attributes(z->src, h);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(z->c);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(z->c, h, ""));
    LLVMValueRef inner[4];
    for (unsigned i = 0, p = 0; i < nargs; i++)
      inner[i] =
          i == imm ? args[i] : LLVMBuildBitCast(b, LLVMGetParam(h, p++), LLVMTypeOf(args[i]), "");
    LLVMValueRef r = LLVMBuildCall2(b, ft, f, inner, nargs, "");
    if (LLVMGetTypeKind(LLVMGetReturnType(ft)) == LLVMVoidTypeKind)
      LLVMBuildRetVoid(b);
    else
      LLVMBuildRet(b, r);
    LLVMDisposeBuilder(b);
  }
  LLVMValueRef c = LLVMBuildCall2(z->b, hft, h, params, np, "");
  LLVMSetInstructionCallConv(c, LLVMFastCallConv);
  return c;
}

static LLVMValueRef gather(struct vz *z, LLVMTypeRef *types, LLVMValueRef *args) {
  return call_outlined(z, "llvm.masked.gather", types, 2, args, 4, 1);
}

static void scatter(struct vz *z, LLVMTypeRef *types, LLVMValueRef *args) {
  call_outlined(z, "llvm.masked.scatter", types, 2, args, 4, 2);
}

static LLVMValueRef reduce(struct vz *z, const char *name, LLVMValueRef mask) {
  LLVMTypeRef t = mask_type(z);
  return call(z, name, &t, 1, &mask, 1);
}

static void add_edge(struct vz *z, LLVMBasicBlockRef from, LLVMBasicBlockRef to, LLVMValueRef m) {
  for (int i = 0; i < z->nedges; i++)
    if (z->edges[i].from == from && z->edges[i].to == to) {
      z->edges[i].mask = LLVMBuildOr(z->b, z->edges[i].mask, m, "");
      return;
    }
  z->edges = realloc(z->edges, (size_t)(z->nedges + 1) * sizeof *z->edges);
  if (!z->edges) abort();
  z->edges[z->nedges++] = (struct edge){from, to, m};
}

static LLVMValueRef edge_mask(struct vz *z, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  for (int i = 0; i < z->nedges; i++)
    if (z->edges[i].from == from && z->edges[i].to == to) return z->edges[i].mask;
  return LLVMConstNull(mask_type(z));
}

/* ---- block order and loops ---------------------------------------------------------- */
static int block_index(struct vz *z, LLVMBasicBlockRef bb) {
  for (int i = 0; i < z->n; i++)
    if (z->all[i] == bb) return i;
  return -1;
}

static int nsucc(struct vz *z, int b) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(z->all[b]);
  return t ? (int)LLVMGetNumSuccessors(t) : 0;
}
static int succ(struct vz *z, int b, int i) {
  return block_index(z, LLVMGetSuccessor(LLVMGetBasicBlockTerminator(z->all[b]), (unsigned)i));
}

static void *alloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) abort();
  return p;
}

/* A zeroed scratch array that lives as long as z (a failure anywhere frees it too). */
static void *temp(struct vz *z, size_t n, size_t size) {
  z->temps = realloc(z->temps, (size_t)(z->ntemps + 1) * sizeof *z->temps);
  if (!z->temps) abort();
  return z->temps[z->ntemps++] = alloc(n, size);
}

static bool is_back(struct vz *z, int from, int to) {
  int l = z->header_of[to];
  return l >= 0 && z->loops[l].latch == from;
}

static void analyse_loops(struct vz *z) {
  int n = z->n;
  z->all = alloc((size_t)n, sizeof *z->all);
  LLVMGetBasicBlocks(z->src, z->all);
  z->loop_of = alloc((size_t)n, sizeof(int));
  z->header_of = alloc((size_t)n, sizeof(int));
  z->masks = alloc((size_t)n, sizeof *z->masks);
  z->order = alloc((size_t)n, sizeof(int));
  z->loops = alloc((size_t)n, sizeof *z->loops);
  for (int i = 0; i < n; i++)
    z->loop_of[i] = z->header_of[i] = -1;
  /* DFS: back edges (to a block on the stack) */
  int *state = temp(z, (size_t)n, sizeof(int)), *stack = temp(z, (size_t)n, sizeof(int)),
      *next = temp(z, (size_t)n, sizeof(int));
  int sp = 0;
  stack[sp++] = 0, state[0] = 1;
  while (sp) {
    int b = stack[sp - 1];
    if (next[b] < nsucc(z, b)) {
      int t = succ(z, b, next[b]++);
      if (state[t] == 1) {
        if (z->header_of[t] >= 0) fail(z, "a loop with several back edges");
        struct loop *l = &z->loops[z->nloops];
        *l = (struct loop){.header = t, .latch = b, .parent = -1};
        z->header_of[t] = z->nloops++;
      } else if (state[t] == 0) {
        state[t] = 1, stack[sp++] = t;
      }
    } else {
      state[b] = 2, sp--;
    }
  }
  /* bodies: blocks reaching the latch without passing the header */
  for (int li = 0; li < z->nloops; li++) {
    struct loop *l = &z->loops[li];
    l->body = alloc((size_t)n, 1);
    l->body[l->header] = 1;
    sp = 0;
    if (!l->body[l->latch]) l->body[l->latch] = 1, stack[sp++] = l->latch;
    while (sp) {
      int b = stack[--sp];
      if (b == 0) fail(z, "irreducible control flow");
      for (int p = 0; p < n; p++) {
        if (!state[p] || l->body[p]) continue;
        for (int i = 0; i < nsucc(z, p); i++)
          if (succ(z, p, i) == b) {
            l->body[p] = 1, stack[sp++] = p;
            break;
          }
      }
    }
    for (int i = 0; i < n; i++)
      l->size += l->body[i];
  }
  for (int a = 0; a < z->nloops; a++)
    for (int b = 0; b < z->nloops; b++) {
      if (a == b || !z->loops[b].body[z->loops[a].header]) continue;
      if (z->loops[b].size <= z->loops[a].size) fail(z, "irreducible control flow");
      if (z->loops[a].parent < 0 || z->loops[z->loops[a].parent].size > z->loops[b].size)
        z->loops[a].parent = b;
    }
  for (int li = 0; li < z->nloops; li++)
    for (int i = 0; i < n; i++)
      if (z->loops[li].body[i] &&
          (z->loop_of[i] < 0 || z->loops[z->loop_of[i]].size > z->loops[li].size))
        z->loop_of[i] = li;
  /* exits: edges out of a loop land in its parent */
  for (int li = 0; li < z->nloops; li++) {
    struct loop *l = &z->loops[li];
    l->exits = alloc((size_t)n * 2, sizeof *l->exits);
    for (int b = 0; b < n; b++) {
      if (!l->body[b]) continue;
      for (int i = 0; i < nsucc(z, b); i++) {
        int t = succ(z, b, i);
        if (l->body[t]) continue;
        if (z->loop_of[b] != li) continue; /* an inner loop's exit, handled there */
        if (l->parent >= 0 && !z->loops[l->parent].body[t])
          fail(z, "a branch out of several nested loops at once");
        bool seen = false;
        for (int e = 0; e < l->nexits; e++)
          seen = seen || (l->exits[e].from == b && l->exits[e].to == t);
        if (!seen) l->exits[l->nexits++] = (struct loop_exit){.from = b, .to = t};
      }
    }
  }
  /* topological order without back edges, each loop's blocks together */
  int *indeg = temp(z, (size_t)n, sizeof(int)), *ready = temp(z, (size_t)n, sizeof(int));
  int nready = 0, reachable = 0, lsp = 0;
  for (int b = 0; b < n; b++) {
    if (!state[b]) continue;
    reachable++;
    for (int i = 0; i < nsucc(z, b); i++)
      if (!is_back(z, b, succ(z, b, i))) indeg[succ(z, b, i)]++;
  }
  ready[nready++] = 0;
  while (z->norder < reachable) {
    int pick = -1;
    for (;;) {
      int top = lsp ? stack[lsp - 1] : -1;
      for (int r = 0; r < nready && pick < 0; r++)
        if (top < 0 || z->loops[top].body[ready[r]]) pick = r;
      if (pick >= 0) break;
      if (!lsp) fail(z, "internal: no block to order");
      lsp--;
    }
    int b = ready[pick];
    ready[pick] = ready[--nready];
    z->order[z->norder++] = b;
    if (z->header_of[b] >= 0) stack[lsp++] = z->header_of[b];
    for (int i = 0; i < nsucc(z, b); i++) {
      int t = succ(z, b, i);
      if (!is_back(z, b, t) && --indeg[t] == 0) ready[nready++] = t;
    }
  }
}

/* ---- instructions --------------------------------------------------------------------- */
static LLVMValueRef clone_uniform(struct vz *z, LLVMValueRef inst) {
  LLVMValueRef c = LLVMInstructionClone(inst);
  int n = LLVMGetNumOperands(inst);
  for (int i = 0; i < n; i++) {
    LLVMValueRef op = LLVMGetOperand(inst, (unsigned)i);
    if (LLVMValueIsBasicBlock(op)) continue;
    LLVMSetOperand(c, (unsigned)i, get(z, op)->scalar);
  }
  LLVMInstructionSetDebugLoc(c, NULL);
  LLVMInsertIntoBuilder(z->b, c);
  return c;
}

static bool all_uniform(struct vz *z, LLVMValueRef inst) {
  int n = LLVMGetNumOperands(inst);
  for (int i = 0; i < n; i++) {
    LLVMValueRef op = LLVMGetOperand(inst, (unsigned)i);
    if (LLVMValueIsBasicBlock(op)) continue;
    if (!uniform(z, op)) return false;
  }
  return true;
}

static unsigned elem_align(struct vz *z, LLVMValueRef inst, LLVMTypeRef t) {
  unsigned a = LLVMGetAlignment(inst);
  unsigned long long size = LLVMABISizeOfType(z->td, t);
  return a && size % a == 0 ? a : 1;
}

/* Whether s is an affine address whose lanes are consecutive elements of type t. */
static bool contiguous(struct vz *z, struct val *s, LLVMTypeRef t) {
  return s->affine && LLVMABISizeOfType(z->td, t) == LLVMStoreSizeOfType(z->td, t) &&
         s->stride == (int64_t)LLVMABISizeOfType(z->td, t);
}

static LLVMBasicBlockRef new_block(struct vz *z, const char *name) {
  return LLVMAppendBasicBlockInContext(z->c, z->dst, name);
}

/* Whether a volatile access needs more than program order. Threadgroup memory (address
 * space 3) does not: only the group's SIMD-groups touch it, and softmetal switches between
 * them only at barriers, so each SIMD-group's accesses in program order are what any
 * observer sees (the warp-synchronous `volatile` shared-memory reductions). Device memory
 * is shared with groups running on other CPU threads: a volatile load there may be a spin
 * on another group's write, and keeps the kernel scalar. */
static bool volatile_matters(LLVMValueRef inst, LLVMValueRef addr) {
  return LLVMGetVolatile(inst) &&
         LLVMGetPointerAddressSpace(LLVMTypeOf(addr)) != 3 /* threadgroup */;
}

static void emit_per_lane(struct vz *z, LLVMValueRef inst);
static LLVMValueRef wide_lane(struct vz *z, LLVMValueRef wide, LLVMTypeRef t, LLVMValueRef l);
static LLVMValueRef entry_alloca(struct vz *z, LLVMTypeRef t);

/* Private memory that stays in memory (an array indexed per lane): one copy per lane, lane
 * after lane ([W][size] bytes), so a lane's pointer is the affine base + lane * size and
 * every access through it works as for any memory (gathers and scatters, byte-exact for any
 * type the kernel reads it as). */
static void emit_alloca(struct vz *z, LLVMValueRef inst) {
  LLVMValueRef count = LLVMGetOperand(inst, 0);
  if (!LLVMIsAConstantInt(count)) fail(z, "private memory of a size known only at run time");
  unsigned long long size =
      LLVMABISizeOfType(z->td, LLVMGetAllocatedType(inst)) * LLVMConstIntGetZExtValue(count);
  unsigned align = LLVMGetAlignment(inst);
  if (align > 16) size = (size + align - 1) / align * align;
  size = (size + 15) / 16 * 16; /* every lane's copy keeps 16-byte alignment */
  if (size * W > 1u << 20) fail(z, "more than 1 MiB of private memory for the SIMD-group");
  LLVMValueRef a =
      entry_alloca(z, LLVMArrayType(LLVMInt8TypeInContext(z->c), (unsigned)(size * W)));
  if (align > 64) LLVMSetAlignment(a, align);
  struct val *s = add(z, inst);
  s->affine = true, s->base = a, s->stride = (int64_t)size;
}

static void emit_load(struct vz *z, LLVMValueRef inst) {
  LLVMValueRef addr = LLVMGetOperand(inst, 0);
  if (volatile_matters(inst, addr) || LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic) {
    emit_per_lane(z, inst);
    return;
  }
  LLVMTypeRef t = LLVMTypeOf(inst);
  LLVMValueRef mask = z->masks[z->cur];
  unsigned align = LLVMGetAlignment(inst);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(z->c);
  if (uniform(z, addr)) {
    if (z->cur == 0) { /* the entry block: lane 0 at least runs it */
      add(z, inst)->scalar = clone_uniform(z, inst);
      return;
    }
    LLVMTypeRef one = LLVMVectorType(t, 1);
    LLVMValueRef any = reduce(z, "llvm.vector.reduce.or", mask);
    LLVMValueRef m1 = LLVMBuildInsertElement(
        z->b, LLVMGetPoison(LLVMVectorType(LLVMTypeOf(any), 1)), any, LLVMConstInt(i32, 0, 0), "");
    LLVMTypeRef types[2] = {one, LLVMTypeOf(addr)};
    LLVMValueRef args[4] = {get(z, addr)->scalar, LLVMConstInt(i32, align ? align : 1, 0), m1,
                            LLVMGetPoison(one)};
    LLVMValueRef v = call(z, "llvm.masked.load", types, 2, args, 4);
    add(z, inst)->scalar = LLVMBuildExtractElement(z->b, v, LLVMConstInt(i32, 0, 0), "");
    return;
  }
  LLVMTypeRef vt = vtype(z, t);
  struct val *a = get(z, addr);
  LLVMValueRef ptrs = vec(z, addr);
  a = get(z, addr);
  LLVMValueRef ealign = LLVMConstInt(i32, elem_align(z, inst, t), 0);
  LLVMTypeRef gtypes[2] = {vt, LLVMTypeOf(ptrs)};
  LLVMValueRef gargs[4] = {ptrs, ealign, mask, LLVMGetPoison(vt)};
  if (!contiguous(z, a, t)) {
    add(z, inst)->vec = gather(z, gtypes, gargs);
    return;
  }
  LLVMValueRef fast = and_ok(z, a->ok, reduce(z, "llvm.vector.reduce.and", mask));
  LLVMValueRef base = a->base;
  LLVMBasicBlockRef here = LLVMGetInsertBlock(z->b), bv = new_block(z, "contiguous"),
                    bg = new_block(z, "gather"), join = new_block(z, "");
  LLVMBuildCondBr(z->b, fast, bv, bg);
  LLVMPositionBuilderAtEnd(z->b, bv);
  LLVMValueRef lv = LLVMBuildLoad2(z->b, vt, base, "");
  LLVMSetAlignment(lv, elem_align(z, inst, t));
  LLVMBuildBr(z->b, join);
  LLVMPositionBuilderAtEnd(z->b, bg);
  LLVMValueRef gv = gather(z, gtypes, gargs);
  LLVMBuildBr(z->b, join);
  LLVMPositionBuilderAtEnd(z->b, join);
  LLVMValueRef phi = LLVMBuildPhi(z->b, vt, "");
  LLVMValueRef inc[2] = {lv, gv};
  LLVMBasicBlockRef from[2] = {bv, bg};
  LLVMAddIncoming(phi, inc, from, 2);
  (void)here;
  add(z, inst)->vec = phi;
}

static void emit_store(struct vz *z, LLVMValueRef inst) {
  LLVMValueRef value = LLVMGetOperand(inst, 0), addr = LLVMGetOperand(inst, 1);
  if (volatile_matters(inst, addr) || LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic) {
    emit_per_lane(z, inst);
    return;
  }
  LLVMTypeRef t = LLVMTypeOf(value), i32 = LLVMInt32TypeInContext(z->c);
  LLVMTypeRef vt = vtype(z, t);
  LLVMValueRef mask = z->masks[z->cur];
  LLVMValueRef v = vec(z, value), ptrs = vec(z, addr);
  struct val *a = get(z, addr);
  LLVMValueRef ealign = LLVMConstInt(i32, elem_align(z, inst, t), 0);
  /* a scatter writes overlapping addresses in lane order: the last active lane wins,
   * as when the threads store one after another */
  LLVMTypeRef stypes[2] = {vt, LLVMTypeOf(ptrs)};
  LLVMValueRef sargs[4] = {v, ptrs, ealign, mask};
  if (!contiguous(z, a, t)) {
    scatter(z, stypes, sargs);
    return;
  }
  LLVMValueRef fast = and_ok(z, a->ok, reduce(z, "llvm.vector.reduce.and", mask));
  LLVMBasicBlockRef bv = new_block(z, "contiguous"), bs = new_block(z, "scatter"),
                    join = new_block(z, "");
  LLVMBuildCondBr(z->b, fast, bv, bs);
  LLVMPositionBuilderAtEnd(z->b, bv);
  LLVMValueRef st = LLVMBuildStore(z->b, v, a->base);
  LLVMSetAlignment(st, elem_align(z, inst, t));
  LLVMBuildBr(z->b, join);
  LLVMPositionBuilderAtEnd(z->b, bs);
  scatter(z, stypes, sargs);
  LLVMBuildBr(z->b, join);
  LLVMPositionBuilderAtEnd(z->b, join);
}

/* ---- lane bits ------------------------------------------------------------------------
 * x0 is always a multiple of 32 (fiber.c runs a row in chunks of 32 from x = 0), and so is
 * index0 in a kernel that calls the SIMD-group primitives (fiber.c vectorizes such a kernel
 * only when each vector is one SIMD-group; emit_shuffle relies on it too). So the low 5 bits
 * of tid.x and thread_index are the lane number, and a value computed from only those bits
 * (`thread_index % 32`, the simdgroup_matrix positions of a lane, `lane ^ 1`) is the same
 * constant vector in every SIMD-group. Tracking them makes such values constants at
 * emission: a shuffle by a constant lane pattern becomes a `shufflevector` with a constant
 * mask (emit_shuffle) instead of a store and a gather. */
static uint64_t width_mask(unsigned bits) {
  return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

/* The lane bits of an operand: a constant integer is known in full; NULL when unknown. */
static const uint64_t *lane_bits_of(struct vz *z, LLVMValueRef v, unsigned *bits) {
  if (LLVMIsAConstantInt(v)) {
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    if (w > 64) return NULL;
    uint64_t *c = temp(z, W, sizeof *c);
    for (int l = 0; l < W; l++)
      c[l] = LLVMConstIntGetZExtValue(v) & width_mask(w);
    *bits = w;
    return c;
  }
  struct val *s = find(z, v);
  if (!s || !s->low) return NULL;
  *bits = s->lowbits;
  return s->low;
}

/* After an integer instruction was emitted: its lane bits from its operands'. A value
 * known in full becomes that constant vector. */
static void lane_bits(struct vz *z, LLVMValueRef inst, LLVMOpcode op) {
  LLVMTypeRef t = LLVMTypeOf(inst);
  if (W != 32 || LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) > 64) return;
  struct val *r = find(z, inst);
  if (!r || r->scalar) return;
  unsigned w = LLVMGetIntTypeWidth(t), ba = 0, bb = 0, bits = 0;
  uint64_t m = width_mask(w);
  LLVMValueRef x = LLVMGetOperand(inst, 0);
  if (LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMIntegerTypeKind) return;
  const uint64_t *a = lane_bits_of(z, x, &ba), *b = NULL;
  if (!a) return;
  bool binary =
      LLVMGetNumOperands(inst) == 2 && op != LLVMTrunc && op != LLVMZExt && op != LLVMSExt;
  if (binary) {
    b = lane_bits_of(z, LLVMGetOperand(inst, 1), &bb);
    if (!b) return;
  }
  uint64_t *low = temp(z, W, sizeof *low);
  bool b_const = binary && LLVMIsAConstantInt(LLVMGetOperand(inst, 1));
  uint64_t c = b_const ? b[0] : 0;
  unsigned k = b_const && c < w ? (unsigned)c : w;            /* a constant shift */
  unsigned full_a = LLVMGetIntTypeWidth(LLVMTypeOf(x)) == ba; /* a known in full */
  for (int l = 0; l < W; l++) {
    uint64_t u = a[l], v = binary ? b[l] : 0;
    switch (op) {
    case LLVMAdd: low[l] = u + v; break;
    case LLVMSub: low[l] = u - v; break;
    case LLVMMul: low[l] = u * v; break;
    case LLVMAnd: low[l] = u & v; break;
    case LLVMOr: low[l] = u | v; break;
    case LLVMXor: low[l] = u ^ v; break;
    case LLVMShl: low[l] = k < w ? u << k : 0; break;
    case LLVMLShr: low[l] = k < w ? (u & m) >> k : 0; break;
    case LLVMURem: low[l] = c ? (u & m) % c : 0; break;
    case LLVMUDiv: low[l] = c ? (u & m) / c : 0; break;
    case LLVMTrunc:
    case LLVMZExt: low[l] = u; break;
    case LLVMSExt: {
      unsigned sw = LLVMGetIntTypeWidth(LLVMTypeOf(x));
      low[l] = sw < 64 && (u >> (sw - 1) & 1) ? u | ~width_mask(sw) : u;
      break;
    }
    default: return;
    }
    low[l] &= m;
  }
  switch (op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMOr:
  case LLVMXor: bits = ba < bb ? ba : bb; break;
  case LLVMAnd:
    bits = ba < bb ? ba : bb;
    /* the constant's zero bits are known zero: a mask within the known bits knows all */
    if (b_const && c < (1ull << (ba < 63 ? ba : 63))) bits = w;
    break;
  case LLVMShl:
    if (!b_const || k >= w) return;
    bits = ba + k < w ? ba + k : w;
    break;
  case LLVMLShr:
    if (!b_const || k >= w) return;
    bits = ba >= w ? w : ba > k ? ba - k : 0;
    break;
  case LLVMURem:
  case LLVMUDiv:
    if (!b_const || !c || (c & (c - 1))) { /* a power of two: the low bits, or a shift */
      if (!(ba >= w && b_const && c)) return;
      bits = w;
      break;
    }
    if (op == LLVMURem)
      bits = (unsigned)__builtin_ctzll(c) <= ba ? w : ba;
    else
      bits = ba >= w                             ? w
             : ba > (unsigned)__builtin_ctzll(c) ? ba - (unsigned)__builtin_ctzll(c)
                                                 : 0;
    break;
  case LLVMTrunc: bits = ba < w ? ba : w; break;
  case LLVMZExt:
  case LLVMSExt: bits = full_a ? w : ba; break;
  default: return;
  }
  if (bits > w) bits = w;
  if (!bits) return;
  r = find(z, inst);
  r->low = low, r->lowbits = bits;
  if (bits == w) { /* a constant vector: the same in every SIMD-group */
    LLVMValueRef e[W];
    for (int l = 0; l < W; l++)
      e[l] = LLVMConstInt(t, low[l], 0);
    r->vec = LLVMConstVector(e, W);
    r->affine = false, r->ok = NULL, r->base = NULL;
  }
}

/* The lane number (0..31) of a vector of lanes whose values are known constants, or NULL. */
static const uint64_t *lane_constant(struct vz *z, LLVMValueRef v) {
  struct val *s = find(z, v);
  return s && s->low && LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind &&
                 s->lowbits == LLVMGetIntTypeWidth(LLVMTypeOf(v))
             ? s->low
             : NULL;
}

static bool is_div(LLVMOpcode op) {
  return op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem;
}

static void emit_binary_value(struct vz *z, LLVMValueRef inst, LLVMOpcode op) {
  LLVMValueRef x = LLVMGetOperand(inst, 0), y = LLVMGetOperand(inst, 1);
  bool ux = uniform(z, x), uy = uniform(z, y);
  if (ux && uy && (!is_div(op) || z->cur == 0)) {
    add(z, inst)->scalar = clone_uniform(z, inst);
    return;
  }
  struct val *a = get(z, x), *b = get(z, y);
  LLVMValueRef cy = LLVMIsAConstantInt(y) ? y : NULL;
  /* affine forms */
  if ((op == LLVMAdd || op == LLVMSub) && (a->affine || ux) && (b->affine || uy) &&
      !(op == LLVMSub && b->affine)) {
    struct val r = {0};
    LLVMValueRef ba = a->affine ? a->base : a->scalar, bb = b->affine ? b->base : b->scalar;
    r.base = op == LLVMAdd ? LLVMBuildAdd(z->b, ba, bb, "") : LLVMBuildSub(z->b, ba, bb, "");
    r.stride = (a->affine ? a->stride : 0) + (b->affine ? b->stride : 0);
    r.ok = and_ok(z, a->affine ? a->ok : NULL, b->affine ? b->ok : NULL);
    r.affine = true;
    /* Where the affine form holds only under r.ok, the lanes' values are computed from the
     * operands' exact vectors (the gather/scatter path uses them when it does not). */
    if (r.ok) r.vec = LLVMBuildBinOp(z->b, op, vec(z, x), vec(z, y), "");
    struct val *s = add(z, inst);
    r.key = inst, *s = r;
    return;
  }
  if ((op == LLVMMul || op == LLVMShl) && a->affine && cy) {
    long long c = LLVMConstIntGetSExtValue(cy);
    if (op == LLVMShl) c = c >= 0 && c < 32 ? 1ll << c : 0;
    if (c > 0 && c <= 1 << 16) {
      struct val r = {.key = inst, .affine = true, .stride = a->stride * c, .ok = a->ok};
      r.base =
          op == LLVMMul ? LLVMBuildMul(z->b, a->base, cy, "") : LLVMBuildShl(z->b, a->base, cy, "");
      if (r.ok) r.vec = LLVMBuildBinOp(z->b, op, vec(z, x), vec(z, y), ""); /* see above */
      *add(z, inst) = r;
      return;
    }
  }
  LLVMValueRef vx = vec(z, x), vy = vec(z, y);
  if (is_div(op)) { /* masked-off lanes divide by 1: they must not trap */
    LLVMValueRef one = splat(z, LLVMConstInt(LLVMTypeOf(y), 1, 0));
    vy = LLVMBuildSelect(z->b, z->masks[z->cur], vy, one, "");
  }
  LLVMValueRef r = LLVMBuildBinOp(z->b, op, vx, vy, "");
  if (LLVMCanValueUseFastMathFlags(inst)) LLVMSetFastMathFlags(r, LLVMGetFastMathFlags(inst));
  add(z, inst)->vec = r;
}

static void emit_cast_value(struct vz *z, LLVMValueRef inst, LLVMOpcode op) {
  LLVMValueRef x = LLVMGetOperand(inst, 0);
  if (uniform(z, x)) {
    add(z, inst)->scalar = clone_uniform(z, inst);
    return;
  }
  struct val *a = get(z, x);
  LLVMTypeRef to = LLVMTypeOf(inst);
  if (a->affine &&
      (op == LLVMIntToPtr || op == LLVMPtrToInt || op == LLVMAddrSpaceCast || op == LLVMBitCast) &&
      LLVMGetTypeKind(to) != LLVMVectorTypeKind && LLVMABISizeOfType(z->td, to) == 8 &&
      LLVMABISizeOfType(z->td, LLVMTypeOf(x)) == 8) {
    /* 64-bit integers and pointers: the same affine form (addresses as integers) */
    struct val r = {.key = inst, .affine = true, .stride = a->stride, .ok = a->ok};
    r.base = LLVMBuildCast(z->b, op, a->base, to, "");
    if (r.ok) r.vec = LLVMBuildCast(z->b, op, vec(z, x), vtype(z, to), ""); /* exact lanes */
    *add(z, inst) = r;
    return;
  }
  if (a->affine && (op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc) && a->stride >= 0) {
    struct val r = {.key = inst, .affine = true, .stride = a->stride};
    if (op == LLVMTrunc) {
      r.ok = a->ok;
    } else {
      r.ok = and_ok(z, a->ok, no_wrap(z, a->base, a->stride, op == LLVMSExt));
    }
    r.base = LLVMBuildCast(z->b, op, a->base, to, "");
    struct val *s = add(z, inst);
    *s = r;
    /* the vector form is exact either way: made from the narrow value */
    LLVMValueRef nv = vec(z, x);
    s = find(z, inst);
    s->vec = LLVMBuildCast(z->b, op, nv, vtype(z, to), "");
    return;
  }
  add(z, inst)->vec = LLVMBuildCast(z->b, op, vec(z, x), vtype(z, to), "");
}

static void emit_binary(struct vz *z, LLVMValueRef inst, LLVMOpcode op) {
  emit_binary_value(z, inst, op);
  lane_bits(z, inst, op);
}

static void emit_cast(struct vz *z, LLVMValueRef inst, LLVMOpcode op) {
  emit_cast_value(z, inst, op);
  if (op == LLVMTrunc || op == LLVMZExt || op == LLVMSExt) lane_bits(z, inst, op);
}

static void emit_gep(struct vz *z, LLVMValueRef inst) {
  if (all_uniform(z, inst)) {
    add(z, inst)->scalar = clone_uniform(z, inst);
    return;
  }
  int n = LLVMGetNumOperands(inst);
  LLVMTypeRef t = LLVMGetGEPSourceElementType(inst);
  LLVMValueRef ptr = LLVMGetOperand(inst, 0);
  struct val *p = get(z, ptr);
  bool affine = p->affine || p->scalar;
  int64_t stride = p->affine ? p->stride : 0;
  LLVMValueRef ok = p->affine ? p->ok : NULL;
  LLVMValueRef pbase = p->affine ? p->base : p->scalar; /* p dangles once vec() grows vals */
  LLVMValueRef bases[16];
  LLVMValueRef vidx[16];
  if (n - 1 > 16) fail(z, "a getelementptr with more than 16 indices");
  LLVMTypeRef cur = t;
  for (int i = 1; i < n; i++) {
    LLVMValueRef idx = LLVMGetOperand(inst, (unsigned)i);
    struct val *s = get(z, idx);
    unsigned long long size;
    LLVMTypeRef next = cur;
    if (i == 1) {
      size = LLVMABISizeOfType(z->td, cur);
    } else if (LLVMGetTypeKind(cur) == LLVMStructTypeKind) {
      size = 0; /* struct indices are constants */
      next = LLVMStructGetTypeAtIndex(cur, (unsigned)LLVMConstIntGetZExtValue(idx));
    } else {
      next = LLVMGetElementType(cur);
      size = LLVMABISizeOfType(z->td, next);
    }
    if (s->scalar) {
      bases[i - 1] = s->scalar;
      vidx[i - 1] = s->scalar;
    } else {
      if (s->affine) {
        bases[i - 1] = s->base;
        stride += s->stride * (int64_t)size;
        ok = and_ok(z, ok, s->ok); /* the index's own form may hold only under a condition */
        if (LLVMGetIntTypeWidth(LLVMTypeOf(s->base)) < 64)
          ok = and_ok(z, ok, no_wrap(z, s->base, s->stride, true));
      } else {
        affine = false;
      }
      vidx[i - 1] = vec(z, idx);
    }
    if (i > 1) cur = next;
  }
  struct val r = {.key = inst};
  if (affine) {
    r.affine = true;
    r.stride = stride;
    r.ok = ok;
    r.base = LLVMBuildGEP2(z->b, t, pbase, bases, (unsigned)(n - 1), "");
    if (r.ok) /* exact lanes where the affine form may not hold */
      r.vec = LLVMBuildGEP2(z->b, t, vec(z, ptr), vidx, (unsigned)(n - 1), "");
  } else {
    LLVMValueRef vp = vec(z, ptr);
    r.vec = LLVMBuildGEP2(z->b, t, vp, vidx, (unsigned)(n - 1), "");
  }
  *add(z, inst) = r;
}

/* Intrinsics with an elementwise vector form of the same semantics, and the types their
 * name is overloaded on: the result's (OVL_RET: operands of the result's type, immediates),
 * the result's and the first operand's (OVL_RET_ARG: conversions), or the first operand's
 * alone (OVL_ARG: a fixed result type, i1 for is.fpclass). */
enum overload { OVL_RET, OVL_RET_ARG, OVL_ARG };
static const struct {
  const char *name;
  enum overload ovl;
} elementwise[] = {{"llvm.sqrt", OVL_RET},
                   {"llvm.fabs", OVL_RET},
                   {"llvm.floor", OVL_RET},
                   {"llvm.ceil", OVL_RET},
                   {"llvm.trunc", OVL_RET},
                   {"llvm.rint", OVL_RET},
                   {"llvm.nearbyint", OVL_RET},
                   {"llvm.round", OVL_RET},
                   {"llvm.roundeven", OVL_RET},
                   {"llvm.copysign", OVL_RET},
                   {"llvm.minnum", OVL_RET},
                   {"llvm.maxnum", OVL_RET},
                   {"llvm.minimum", OVL_RET},
                   {"llvm.maximum", OVL_RET},
                   {"llvm.canonicalize", OVL_RET},
                   {"llvm.fma", OVL_RET},
                   {"llvm.fmuladd", OVL_RET},
                   {"llvm.smin", OVL_RET},
                   {"llvm.smax", OVL_RET},
                   {"llvm.umin", OVL_RET},
                   {"llvm.umax", OVL_RET},
                   {"llvm.abs", OVL_RET},
                   {"llvm.uadd.sat", OVL_RET},
                   {"llvm.usub.sat", OVL_RET},
                   {"llvm.sadd.sat", OVL_RET},
                   {"llvm.ssub.sat", OVL_RET},
                   {"llvm.ushl.sat", OVL_RET},
                   {"llvm.sshl.sat", OVL_RET},
                   {"llvm.ctpop", OVL_RET},
                   {"llvm.ctlz", OVL_RET},
                   {"llvm.cttz", OVL_RET},
                   {"llvm.bswap", OVL_RET},
                   {"llvm.bitreverse", OVL_RET},
                   {"llvm.fshl", OVL_RET},
                   {"llvm.fshr", OVL_RET},
                   {"llvm.fptosi.sat", OVL_RET_ARG},
                   {"llvm.fptoui.sat", OVL_RET_ARG},
                   {"llvm.is.fpclass", OVL_ARG},
                   {NULL, OVL_RET}};

static bool has_prefix(const char *s, const char *p) {
  return strncmp(s, p, strlen(p)) == 0;
}

/* A threadgroup barrier (the prelude's out-of-line `__sm_threadgroup_barrier(flags)`): the
 * SIMD-group calls it once, when any lane is active — lanes that returned early, or that a
 * divergent branch keeps away, take no part, as threads that exited take none on a GPU.
 * softmetal runs such a kernel as one fiber per SIMD-group; the call switches between them. */
/* Code emitted between these two runs once for the SIMD-group, when any lane of the
 * current block is active; when_any_lane returns the block where it ends. */
static LLVMBasicBlockRef when_any_lane(struct vz *z, const char *name) {
  LLVMValueRef any = reduce(z, "llvm.vector.reduce.or", z->masks[z->cur]);
  LLVMBasicBlockRef at = new_block(z, name), join = new_block(z, "");
  LLVMBuildCondBr(z->b, any, at, join);
  LLVMPositionBuilderAtEnd(z->b, at);
  return join;
}
static void end_when(struct vz *z, LLVMBasicBlockRef join) {
  LLVMBuildBr(z->b, join);
  LLVMPositionBuilderAtEnd(z->b, join);
}

static void emit_barrier(struct vz *z, LLVMValueRef inst) {
  if (!all_uniform(z, inst)) fail(z, "a barrier with flags that vary per lane");
  LLVMValueRef lanes_fn = LLVMGetNamedFunction(z->m, "__sm_barrier_lanes");
  if (!lanes_fn) fail(z, "internal: the prelude has no __sm_barrier_lanes");
  LLVMValueRef mask = z->masks[z->cur];
  LLVMBasicBlockRef join = when_any_lane(z, "barrier");
  LLVMBasicBlockRef some = new_block(z, "some_lanes"), wait = new_block(z, "wait");
  /* lanes of the SIMD-group (entry mask) that are not here: SOFTMETAL_DEBUG_BARRIERS */
  LLVMTypeRef i32 = LLVMInt32TypeInContext(z->c);
  LLVMValueRef absent = LLVMBuildAnd(z->b, z->masks[0], LLVMBuildNot(z->b, mask, ""), "");
  LLVMValueRef bits = LLVMBuildBitCast(z->b, absent, LLVMIntTypeInContext(z->c, W), "");
  LLVMValueRef count = call(z, "llvm.ctpop", (LLVMTypeRef[]){LLVMTypeOf(bits)}, 1, &bits, 1);
  count = LLVMBuildIntCast2(z->b, count, i32, 0, "");
  LLVMBuildCondBr(z->b, LLVMBuildICmp(z->b, LLVMIntNE, count, LLVMConstInt(i32, 0, 0), ""), some,
                  wait);
  LLVMPositionBuilderAtEnd(z->b, some);
  LLVMBuildCall2(z->b, LLVMGlobalGetValueType(lanes_fn), lanes_fn, &count, 1, "");
  LLVMBuildBr(z->b, wait);
  LLVMPositionBuilderAtEnd(z->b, wait);
  clone_uniform(z, inst);
  end_when(z, join);
}

/* An atomic access (atomicrmw, cmpxchg, atomic load or store): every active lane performs it,
 * one after another in lane order (uniform operands too: 32 lanes adding 1 add 32), as the
 * scalar threads would in some order. A loop over the lanes with the instruction cloned
 * onto each lane's operands, which keeps its ordering, scope, alignment and volatility. */
static void emit_per_lane(struct vz *z, LLVMValueRef inst) {
  int n = LLVMGetNumOperands(inst);
  if (n > 4) fail(z, "internal: an atomic with %d operands", n);
  LLVMValueRef ops[4];
  for (int i = 0; i < n; i++) {
    LLVMValueRef op = LLVMGetOperand(inst, (unsigned)i);
    struct val *o = uniform(z, op) ? NULL : find(z, op);
    ops[i] = !o ? NULL : o->wide ? o->wide : vec(z, op);
  }
  LLVMTypeRef t = LLVMTypeOf(inst), i32 = LLVMInt32TypeInContext(z->c);
  bool pair = LLVMGetInstructionOpcode(inst) == LLVMAtomicCmpXchg;
  bool value = LLVMGetTypeKind(t) != LLVMVoidTypeKind;
  /* a volatile access of a vector (<N x T>, PTX's indivisible 16-byte ld/st): its value wide */
  unsigned nwide = value && LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 0;
  if (nwide && !scalar_type(LLVMGetElementType(t)))
    fail(z, "a value of a vector or aggregate type varies per lane");
  LLVMTypeRef vt = !value  ? NULL
                   : nwide ? LLVMVectorType(LLVMGetElementType(t), W * nwide)
                           : vtype(z, pair ? LLVMStructGetTypeAtIndex(t, 0) : t);
  LLVMTypeRef vb = mask_type(z);
  LLVMValueRef mask = z->masks[z->cur];
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(z->b), loop = new_block(z, "lane"),
                    act = new_block(z, "lane_active"), next = new_block(z, "lane_next"),
                    done = new_block(z, "");
  LLVMBuildBr(z->b, loop);
  LLVMPositionBuilderAtEnd(z->b, loop);
  LLVMValueRef l = LLVMBuildPhi(z->b, i32, ""), acc = NULL, acc2 = NULL;
  LLVMValueRef zero = LLVMConstInt(i32, 0, 0);
  LLVMAddIncoming(l, &zero, &pre, 1);
  if (value) {
    LLVMValueRef poison = LLVMGetPoison(vt), none = LLVMConstNull(vb);
    acc = LLVMBuildPhi(z->b, vt, "");
    LLVMAddIncoming(acc, &poison, &pre, 1);
    if (pair) {
      acc2 = LLVMBuildPhi(z->b, vb, "");
      LLVMAddIncoming(acc2, &none, &pre, 1);
    }
  }
  LLVMBuildCondBr(z->b, LLVMBuildExtractElement(z->b, mask, l, ""), act, next);
  LLVMPositionBuilderAtEnd(z->b, act);
  LLVMValueRef c = LLVMInstructionClone(inst);
  for (int i = 0; i < n; i++)
    LLVMSetOperand(c, (unsigned)i,
                   !ops[i] ? get(z, LLVMGetOperand(inst, (unsigned)i))->scalar
                   : LLVMGetVectorSize(LLVMTypeOf(ops[i])) == W
                       ? LLVMBuildExtractElement(z->b, ops[i], l, "")
                       : wide_lane(z, ops[i], LLVMTypeOf(LLVMGetOperand(inst, (unsigned)i)), l));
  LLVMInstructionSetDebugLoc(c, NULL);
  LLVMInsertIntoBuilder(z->b, c);
  LLVMValueRef got = NULL, got2 = NULL;
  if (nwide) {
    got = acc;
    LLVMValueRef at = LLVMBuildMul(z->b, l, LLVMConstInt(i32, nwide, 0), "");
    for (unsigned j = 0; j < nwide; j++)
      got = LLVMBuildInsertElement(z->b, got,
                                   LLVMBuildExtractElement(z->b, c, LLVMConstInt(i32, j, 0), ""),
                                   LLVMBuildAdd(z->b, at, LLVMConstInt(i32, j, 0), ""), "");
  } else if (value) {
    LLVMValueRef r = pair ? LLVMBuildExtractValue(z->b, c, 0, "") : c;
    got = LLVMBuildInsertElement(z->b, acc, r, l, "");
    if (pair)
      got2 = LLVMBuildInsertElement(z->b, acc2, LLVMBuildExtractValue(z->b, c, 1, ""), l, "");
  }
  LLVMBuildBr(z->b, next);
  LLVMPositionBuilderAtEnd(z->b, next);
  LLVMValueRef merged = NULL, merged2 = NULL;
  if (value) {
    merged = LLVMBuildPhi(z->b, vt, "");
    LLVMValueRef in[2] = {acc, got};
    LLVMBasicBlockRef from[2] = {loop, act};
    LLVMAddIncoming(merged, in, from, 2);
    LLVMAddIncoming(acc, &merged, &next, 1);
    if (pair) {
      merged2 = LLVMBuildPhi(z->b, vb, "");
      LLVMValueRef in2[2] = {acc2, got2};
      LLVMAddIncoming(merged2, in2, from, 2);
      LLVMAddIncoming(acc2, &merged2, &next, 1);
    }
  }
  LLVMValueRef l1 = LLVMBuildAdd(z->b, l, LLVMConstInt(i32, 1, 0), "");
  LLVMAddIncoming(l, &l1, &next, 1);
  LLVMBuildCondBr(z->b, LLVMBuildICmp(z->b, LLVMIntULT, l1, LLVMConstInt(i32, W, 0), ""), loop,
                  done);
  LLVMPositionBuilderAtEnd(z->b, done);
  if (nwide) {
    add(z, inst)->wide = merged;
  } else if (value) {
    struct val *s = add(z, inst);
    s->vec = merged;
    s->vec2 = merged2;
  }
}

/* Lane l's <N x T> (type t) of a wide value. */
static LLVMValueRef wide_lane(struct vz *z, LLVMValueRef wide, LLVMTypeRef t, LLVMValueRef l) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(z->c);
  unsigned n = LLVMGetVectorSize(t);
  LLVMValueRef at = LLVMBuildMul(z->b, l, LLVMConstInt(i32, n, 0), ""), r = LLVMGetPoison(t);
  for (unsigned j = 0; j < n; j++)
    r = LLVMBuildInsertElement(
        z->b, r,
        LLVMBuildExtractElement(z->b, wide, LLVMBuildAdd(z->b, at, LLVMConstInt(i32, j, 0), ""),
                                ""),
        LLVMConstInt(i32, j, 0), "");
  return r;
}

/* The wide form of v, a value of type <N x T>: its own, or a uniform vector's repeated. */
static LLVMValueRef wide_of(struct vz *z, LLVMValueRef v) {
  if (uniform(z, v)) {
    LLVMTypeRef i32 = LLVMInt32TypeInContext(z->c);
    unsigned n = LLVMGetVectorSize(LLVMTypeOf(v));
    LLVMValueRef *m = temp(z, (size_t)W * n, sizeof *m);
    for (unsigned p = 0; p < W * n; p++)
      m[p] = LLVMConstInt(i32, p % n, 0);
    LLVMValueRef u = get(z, v)->scalar;
    return LLVMBuildShuffleVector(z->b, u, LLVMGetPoison(LLVMTypeOf(u)), LLVMConstVector(m, W * n),
                                  "");
  }
  struct val *s = find(z, v);
  if (!s || !s->wide) fail(z, "a value of a vector or aggregate type varies per lane");
  return s->wide;
}

/* extractelement of a wide value at a constant index j: lanes' elements l * N + j. */
static void emit_extract(struct vz *z, LLVMValueRef inst) {
  LLVMValueRef v = LLVMGetOperand(inst, 0), idx = LLVMGetOperand(inst, 1);
  if (!LLVMIsAConstantInt(idx)) fail(z, "a value of a vector or aggregate type varies per lane");
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(v)), j = (unsigned)LLVMConstIntGetZExtValue(idx);
  LLVMValueRef wide = wide_of(z, v);
  if (j >= n) fail(z, "internal: extractelement out of range");
  LLVMTypeRef i32 = LLVMInt32TypeInContext(z->c);
  LLVMValueRef m[W];
  for (int l = 0; l < W; l++)
    m[l] = LLVMConstInt(i32, (unsigned)l * n + j, 0);
  add(z, inst)->vec = LLVMBuildShuffleVector(z->b, wide, LLVMGetPoison(LLVMTypeOf(wide)),
                                             LLVMConstVector(m, W), "");
}

/* insertelement of a varying scalar at a constant index j into a vector: a wide value (what
 * a volatile vector store takes). */
static void emit_insert(struct vz *z, LLVMValueRef inst) {
  LLVMValueRef v = LLVMGetOperand(inst, 0), e = LLVMGetOperand(inst, 1),
               idx = LLVMGetOperand(inst, 2);
  LLVMTypeRef t = LLVMTypeOf(inst);
  if (!LLVMIsAConstantInt(idx) || !scalar_type(LLVMGetElementType(t)))
    fail(z, "a value of a vector or aggregate type varies per lane");
  unsigned n = LLVMGetVectorSize(t), j = (unsigned)LLVMConstIntGetZExtValue(idx);
  if (j >= n) fail(z, "internal: insertelement out of range");
  LLVMValueRef wide = wide_of(z, v), ev = vec(z, e);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(z->c);
  LLVMValueRef *m = temp(z, (size_t)W * n, sizeof *m);
  for (unsigned p = 0; p < W * n; p++) /* ev widened: its lanes first */
    m[p] = p < W ? LLVMConstInt(i32, p, 0) : LLVMGetPoison(i32);
  LLVMValueRef ew = LLVMBuildShuffleVector(z->b, ev, LLVMGetPoison(LLVMTypeOf(ev)),
                                           LLVMConstVector(m, W * n), "");
  for (unsigned p = 0; p < W * n; p++) /* element j of lane l from ev's lane l */
    m[p] = LLVMConstInt(i32, p % n == j ? W * n + p / n : p, 0);
  add(z, inst)->wide = LLVMBuildShuffleVector(z->b, wide, ew, LLVMConstVector(m, W * n), "");
}

/* Whether v (an exit condition of a loop) may depend on the result of an atomic or
 * volatile access: a spin loop. Vector code runs a SIMD-group's lanes in lockstep, so a
 * lane that took a lock would wait for lanes spinning on it (a GPU with independent thread
 * scheduling, and softmetal's scalar threads, let the holder go on): such kernels stay
 * scalar, unless only one lane runs the loop (one_lane_loop). `seen` bounds the walk (phis
 * make cycles). */
/* Whether v is computed from `from` (through at most 16 instructions, not through phis). */
static bool computed_from(LLVMValueRef v, LLVMValueRef from, int depth) {
  if (v == from) return true;
  if (!LLVMIsAInstruction(v) || LLVMIsAPHINode(v) || depth > 16) return false;
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++)
    if (computed_from(LLVMGetOperand(v, (unsigned)i), from, depth + 1)) return true;
  return false;
}

/* Whether an atomic or volatile access is to device memory (address space 1), where the
 * lockstep pass put a __sm_device_step before it (the step that lets a waiting SIMD-group
 * park). */
static bool in_device(LLVMValueRef access) {
  LLVMOpcode op = LLVMGetInstructionOpcode(access);
  LLVMValueRef addr = LLVMGetOperand(access, op == LLVMStore ? 1 : 0);
  return LLVMGetPointerAddressSpace(LLVMTypeOf(addr)) == 1;
}

static bool from_atomic(struct vz *z, LLVMValueRef v, LLVMValueRef *seen, int *nseen, int cap) {
  if (!LLVMIsAInstruction(v)) return false;
  for (int i = 0; i < *nseen; i++)
    if (seen[i] == v) return false;
  if (*nseen == cap) { /* too far to tell: assume it does */
    z->spin_local = true;
    return true;
  }
  seen[(*nseen)++] = v;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  /* A compare-and-swap retry loop, whose new value is computed from the expected one
   * (atomicCAS loops for float atomics, atomic min/max: new = f(assumed)), is lock-free: in
   * each round some lane's exchange succeeds, whatever the others do. A lock's new value
   * is not (atomicCAS(lock, 0, 1)): it waits for its holder. */
  bool hit = false;
  if (op == LLVMAtomicCmpXchg) {
    if (computed_from(LLVMGetOperand(v, 2), LLVMGetOperand(v, 1), 0)) return false;
    hit = true;
  } else if (op == LLVMAtomicRMW ||
             ((op == LLVMLoad || op == LLVMStore) &&
              (LLVMGetVolatile(v) || LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic)))
    hit = true;
  if (hit) {
    if (!in_device(v)) z->spin_local = true;
    if (!z->walk_all) return true;
  }
  bool any = hit;
  /* Calls (elementwise intrinsics, the SIMD-group primitives) pass their arguments on: a
   * loop waiting on a shuffle or vote of lane 0's atomic read (cooperative_groups' barrier
   * of tiles over 32 threads) waits on that atomic (the callee, a function, is no
   * instruction). */
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++) {
    LLVMValueRef o = LLVMGetOperand(v, (unsigned)i);
    if (!LLVMValueIsBasicBlock(o) && from_atomic(z, o, seen, nseen, cap)) {
      if (!z->walk_all) return true;
      any = true;
    }
  }
  /* A phi also depends on the branches that choose its incoming value (`done = true` after
   * a successful CAS): conservatively, on every branch of its innermost loop. */
  int b = op == LLVMPHI ? block_index(z, LLVMGetInstructionParent(v)) : -1;
  int li = b >= 0 ? z->loop_of[b] : -1;
  for (int k = 0; li >= 0 && k < z->n; k++) {
    LLVMValueRef t = z->loops[li].body[k] ? LLVMGetBasicBlockTerminator(z->all[k]) : NULL;
    if (t && LLVMIsABranchInst(t) && LLVMIsConditional(t) &&
        from_atomic(z, LLVMGetCondition(t), seen, nseen, cap)) {
      if (!z->walk_all) return true;
      any = true;
    }
  }
  return any;
}

/* Whether v is the observed value (field 0) of cmpxchg x. */
static bool cas_old(LLVMValueRef v, LLVMValueRef x) {
  return LLVMIsAExtractValueInst(v) && LLVMGetOperand(v, 0) == x && LLVMGetNumIndices(v) == 1 &&
         LLVMGetIndices(v)[0] == 0;
}

/* The i1 c as a function of cmpxchg x's success s and of q, "x observed e0": 0 or 1, or -1
 * where c is not such a function (another value, too deep). */
static int cas_eval(LLVMValueRef c, LLVMValueRef x, LLVMValueRef e0, int s, int q, int depth) {
  if (LLVMIsAConstantInt(c)) return (int)(LLVMConstIntGetZExtValue(c) & 1);
  if (depth > 8 || !LLVMIsAInstruction(c)) return -1;
  LLVMOpcode op = LLVMGetInstructionOpcode(c);
  if (op == LLVMExtractValue)
    return LLVMGetOperand(c, 0) == x && LLVMGetIndices(c)[0] == 1 ? s : -1;
  if (op == LLVMICmp) {
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    LLVMValueRef a = LLVMGetOperand(c, 0), b = LLVMGetOperand(c, 1);
    if ((p != LLVMIntEQ && p != LLVMIntNE) ||
        !((cas_old(a, x) && b == e0) || (cas_old(b, x) && a == e0)))
      return -1;
    return p == LLVMIntEQ ? q : !q;
  }
  if (op == LLVMSelect) {
    int k = cas_eval(LLVMGetOperand(c, 0), x, e0, s, q, depth + 1);
    return k < 0 ? -1 : cas_eval(LLVMGetOperand(c, k ? 1 : 2), x, e0, s, q, depth + 1);
  }
  if (op == LLVMAnd || op == LLVMOr || op == LLVMXor) {
    int a = cas_eval(LLVMGetOperand(c, 0), x, e0, s, q, depth + 1);
    int b = cas_eval(LLVMGetOperand(c, 1), x, e0, s, q, depth + 1);
    if (a < 0 || b < 0) return -1;
    return op == LLVMAnd ? a & b : op == LLVMOr ? a | b : a ^ b;
  }
  return -1;
}

/* Whether loop li only retries a compare-and-swap's spurious failures: the loop of the MSL
 * that LLVM's (strong) cmpxchg becomes, `while (!atomic_compare_exchange_weak_explicit(p, &o,
 * v, ...) && o == e) {}` (compiler/atomics.c; also the prelude's status word). One block
 * holding one cmpxchg x and nothing else with an effect (phis, x's fields, compares, logic,
 * the lockstep step); x's expected value is e0, the value it enters with (loop-invariant,
 * or a phi of e0 and x's observed value); x's new value is loop-invariant; and the loop goes
 * round only when x failed and observed e0. A strong exchange fails only by observing
 * another value, so it never goes round: it waits for no other thread (an election
 * `atomicCAS(&flag, 0, 1) == 0` is no spin loop; a lock around it still is, its exit
 * depends on x). */
static bool cas_retry_loop(struct vz *z, int li) {
  struct loop *l = &z->loops[li];
  if (l->size != 1 || l->header != l->latch || l->nexits < 1) return false;
  LLVMBasicBlockRef bb = z->all[l->header];
  LLVMValueRef x = NULL;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    LLVMOpcode op = LLVMGetInstructionOpcode(i);
    if (op == LLVMAtomicCmpXchg && !x) {
      x = i;
      continue;
    }
    if (op == LLVMCall) {
      LLVMValueRef callee = LLVMGetCalledValue(i);
      size_t len;
      const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
      if (strcmp(name, "__sm_device_step") == 0 || has_prefix(name, "llvm.dbg.")) continue;
      return false;
    }
    if (op != LLVMPHI && op != LLVMExtractValue && op != LLVMICmp && op != LLVMSelect &&
        op != LLVMAnd && op != LLVMOr && op != LLVMXor && op != LLVMBr)
      return false;
  }
  if (!x) return false;
  LLVMValueRef ex = LLVMGetOperand(x, 1), nv = LLVMGetOperand(x, 2), e0 = ex;
  if (LLVMIsAInstruction(nv) && LLVMGetInstructionParent(nv) == bb) return false;
  if (LLVMIsAInstruction(ex) && LLVMGetInstructionParent(ex) == bb) {
    if (!LLVMIsAPHINode(ex)) return false;
    e0 = NULL;
    for (unsigned k = 0; k < LLVMCountIncoming(ex); k++) {
      LLVMValueRef v = LLVMGetIncomingValue(ex, k);
      if (LLVMGetIncomingBlock(ex, k) == bb) {
        if (!cas_old(v, x)) return false;
      } else if (e0 && v != e0) {
        return false;
      } else {
        e0 = v;
      }
    }
    if (!e0) return false;
  }
  LLVMValueRef br = LLVMGetBasicBlockTerminator(bb);
  if (!LLVMIsConditional(br)) return false;
  bool stay_on_true = LLVMGetSuccessor(br, 0) == bb;
  if (stay_on_true == (LLVMGetSuccessor(br, 1) == bb)) return false;
  for (int s = 0; s < 2; s++)
    for (int q = 0; q < 2; q++) {
      int c = cas_eval(LLVMGetCondition(br), x, e0, s, q, 0);
      if (c < 0) return false;
      if ((stay_on_true ? c : !c) && (s || !q)) return false;
    }
  return true;
}

/* Marks the loops an exit of which may depend on an atomic or volatile access. Such a
 * kernel's threads may wait for each other: z->spins, so softmetal interleaves them
 * (__sm_spins_NAME). begin_loop refuses a spin loop unless at most one lane can run it
 * (one_lane_loop). */
static void mark_spin_loops(struct vz *z) {
  int cap = 4096, nseen;
  LLVMValueRef *seen = temp(z, (size_t)cap, sizeof *seen);
  for (int li = 0; li < z->nloops; li++) {
    if (cas_retry_loop(z, li)) continue;
    for (int e = 0; e < z->loops[li].nexits && !z->loops[li].spin; e++) {
      LLVMValueRef br = LLVMGetBasicBlockTerminator(z->all[z->loops[li].exits[e].from]);
      nseen = 0;
      if (LLVMIsConditional(br) && from_atomic(z, LLVMGetCondition(br), seen, &nseen, cap))
        z->loops[li].spin = z->spins = true;
    }
  }
  /* where a spin loop's waits are: every source of every exit (whole_group_wait) */
  z->walk_all = true;
  for (int li = 0; li < z->nloops; li++) {
    struct loop *l = &z->loops[li];
    z->spin_local = false;
    for (int e = 0; e < l->nexits && l->spin; e++) {
      LLVMValueRef br = LLVMGetBasicBlockTerminator(z->all[l->exits[e].from]);
      nseen = 0;
      if (LLVMIsConditional(br)) from_atomic(z, LLVMGetCondition(br), seen, &nseen, cap);
    }
    l->local = z->spin_local;
  }
  z->walk_all = false;
}

/* Whether v's lanes hold 32 different values: tid.x or thread_index plus a uniform value,
 * times an odd number (lanes x0 + l and index0 + l of one row, fiber.c), or values whose
 * known low bits differ from lane to lane (`thread_index % 32`). */
static bool distinct_lanes(struct vz *z, LLVMValueRef v) {
  struct val *s = find(z, v);
  if (!s || s->scalar || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind) return false;
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  /* l * stride differs for l in 0..31 modulo 2^w when stride has fewer than w - 4
   * trailing zeros */
  if (s->affine && !s->ok && s->stride && (unsigned)__builtin_ctzll((uint64_t)s->stride) + 5 <= w)
    return true;
  if (!s->low) return false;
  uint64_t m = width_mask(s->lowbits);
  for (int a = 0; a < W; a++)
    for (int b = a + 1; b < W; b++)
      if (((s->low[a] ^ s->low[b]) & m) == 0) return false;
  return true;
}

/* Whether condition c (an i1 already emitted) holds for at most one lane (when `when` is
 * true) or fails for at most one lane (when `when` is false): an equality between a value
 * with 32 distinct lanes and a uniform one, through not, and, or. */
static bool one_lane_when(struct vz *z, LLVMValueRef c, bool when, int depth) {
  if (depth > 8 || !LLVMIsAInstruction(c)) return false;
  LLVMOpcode op = LLVMGetInstructionOpcode(c);
  if (op == LLVMICmp) {
    LLVMIntPredicate p = LLVMGetICmpPredicate(c);
    if ((p != LLVMIntEQ || !when) && (p != LLVMIntNE || when)) return false;
    LLVMValueRef a = LLVMGetOperand(c, 0), b = LLVMGetOperand(c, 1);
    return (distinct_lanes(z, a) && uniform(z, b)) || (distinct_lanes(z, b) && uniform(z, a));
  }
  LLVMValueRef a = LLVMGetNumOperands(c) >= 2 ? LLVMGetOperand(c, 0) : NULL;
  LLVMValueRef b = a ? LLVMGetOperand(c, 1) : NULL;
  if (op == LLVMXor && LLVMIsAConstantInt(b) && LLVMConstIntGetZExtValue(b) == 1)
    return one_lane_when(z, a, !when, depth + 1); /* not */
  /* a && b holds only where both do; a || b fails only where both do */
  if ((op == LLVMAnd && when) || (op == LLVMOr && !when))
    return one_lane_when(z, a, when, depth + 1) || one_lane_when(z, b, when, depth + 1);
  if (op == LLVMSelect) { /* a ? b : false is a && b; a ? true : b is a || b */
    LLVMValueRef x = LLVMGetOperand(c, 1), y = LLVMGetOperand(c, 2);
    if (when && LLVMIsAConstantInt(y) && !LLVMConstIntGetZExtValue(y))
      return one_lane_when(z, a, true, depth + 1) || one_lane_when(z, x, true, depth + 1);
    if (!when && LLVMIsAConstantInt(x) && LLVMConstIntGetZExtValue(x))
      return one_lane_when(z, a, false, depth + 1) || one_lane_when(z, y, false, depth + 1);
  }
  return false;
}

/* Whether the entry reaches block `to` without taking the edge from -> via. */
static bool reaches_without(struct vz *z, int to, int from, int via) {
  char *seen = temp(z, (size_t)z->n, 1);
  int *stack = temp(z, (size_t)z->n, sizeof(int)), sp = 0;
  stack[sp++] = 0, seen[0] = 1;
  while (sp) {
    int b = stack[--sp];
    if (b == to) return true;
    for (int i = 0; i < nsucc(z, b); i++) {
      int t = succ(z, b, i);
      if ((b == from && t == via) || seen[t]) continue;
      seen[t] = 1, stack[sp++] = t;
    }
  }
  return false;
}

/* Whether at most one lane of a SIMD-group can ever run loop li: its header is reached
 * only through one side of a conditional branch, outside every loop (so each lane takes it
 * at most once), whose condition holds on that side for at most one lane (one_lane_when:
 * `thread_index == 0`, the linear thread index or tid.x equal to a uniform value — a
 * vector is one row's lanes, fiber.c). That lane cannot wait on a lane of its SIMD-group
 * running the loop with it, the deadlock of lockstep that makes spin loops refused. */
static bool one_lane_loop(struct vz *z, int li) {
  int h = z->loops[li].header;
  for (int k = 0; k < z->norder && z->order[k] != h; k++) {
    int b = z->order[k];
    LLVMValueRef br = LLVMGetBasicBlockTerminator(z->all[b]);
    if (z->loop_of[b] >= 0 || !br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br)) continue;
    LLVMValueRef c = LLVMGetCondition(br);
    for (int side = 0; side < 2; side++) { /* successor 0 is taken when c holds */
      int via = succ(z, b, side);
      if (via == succ(z, b, 1 - side) || !one_lane_when(z, c, side == 0, 0)) continue;
      if (!reaches_without(z, h, b, via)) return true;
    }
  }
  return false;
}

static bool static_uniform(struct vz *z, LLVMValueRef v, int depth);

/* Whether block s is passed in every iteration of loop li by every lane that goes round:
 * the latch cannot be reached from the header inside the loop around it. */
static bool every_iteration(struct vz *z, int li, int s) {
  struct loop *l = &z->loops[li];
  if (s == l->header) return true;
  char *seen = temp(z, (size_t)z->n, 1);
  int *stack = temp(z, (size_t)z->n, sizeof(int)), sp = 0;
  stack[sp++] = l->header, seen[l->header] = 1, seen[s] = 1;
  while (sp) {
    int b = stack[--sp];
    if (b == l->latch) return false;
    for (int i = 0; i < nsucc(z, b); i++) {
      int t = succ(z, b, i);
      if (!l->body[t] || seen[t] || t == l->header) continue;
      seen[t] = 1, stack[sp++] = t;
    }
  }
  return true;
}

/* Whether spin loop li is a wait of the whole SIMD-group on other groups (CUB's decoupled
 * look-back: `while (__any_sync(~0u, status == INVALID))` over the lanes' predecessor
 * tiles): each exit leaves from a block of the loop itself (not of an inner loop) that every
 * lane going round passes in every iteration, on a condition the same for every lane (a vote
 * of the lanes), so the lanes leave together and none waits, masked off, for a lane of its
 * vector still in the loop (the deadlock that makes spin loops refused); and every atomic or
 * volatile access the exits depend on is in device memory, where the __sm_device_step
 * before it lets the waiting SIMD-group park (__sm_spins_NAME) while other groups advance.
 * A wait on threadgroup memory (other SIMD-groups of the group: cooperative_groups' large
 * tiles) is not: vector code switches SIMD-groups only at barriers. */
static bool whole_group_wait(struct vz *z, int li) {
  struct loop *l = &z->loops[li];
  if (l->local) return false;
  for (int e = 0; e < l->nexits; e++) {
    int s = l->exits[e].from;
    LLVMValueRef br = LLVMGetBasicBlockTerminator(z->all[s]);
    if (z->loop_of[s] != li || !LLVMIsABranchInst(br) || !LLVMIsConditional(br) ||
        !static_uniform(z, LLVMGetCondition(br), 0) || !every_iteration(z, li, s))
      return false;
  }
  return true;
}

/* An alloca of type t at the start of the vectorized function (its entry block). */
static LLVMValueRef entry_alloca(struct vz *z, LLVMTypeRef t) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(z->c);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(z->dst);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  if (first)
    LLVMPositionBuilderBefore(b, first);
  else
    LLVMPositionBuilderAtEnd(b, entry);
  LLVMValueRef a = LLVMBuildAlloca(b, t, "");
  LLVMSetAlignment(a, 64);
  LLVMDisposeBuilder(b);
  return a;
}

/* The execution mask as the SIMD-group's lane bits (an i32: W is 32 here). */
static LLVMValueRef mask_bits(struct vz *z, LLVMValueRef mask) {
  return LLVMBuildBitCast(z->b, mask, LLVMInt32TypeInContext(z->c), "");
}

/* The prelude's __sm_simd_shuffle_32/_64(v, lane): each active lane reads v of lane `lane`
 * when that lane is below 32 and active, else keeps its own (as the scalar threads do). */
static void emit_shuffle(struct vz *z, LLVMValueRef inst) {
  if (W != 32) fail(z, "SIMD-group functions at a vector width other than 32");
  LLVMValueRef value = LLVMGetOperand(inst, 0), lane = LLVMGetOperand(inst, 1);
  LLVMTypeRef t = LLVMTypeOf(value), i32 = LLVMInt32TypeInContext(z->c);
  LLVMValueRef v = vec(z, value), mask = z->masks[z->cur];
  LLVMValueRef bits = mask_bits(z, mask), width = LLVMConstInt(i32, W, 0);
  if (uniform(z, lane)) { /* a broadcast */
    LLVMValueRef l = get(z, lane)->scalar;
    LLVMValueRef in = LLVMBuildICmp(z->b, LLVMIntULT, l, width, "");
    LLVMValueRef safe = LLVMBuildSelect(z->b, in, l, LLVMConstInt(i32, 0, 0), "");
    LLVMValueRef active =
        LLVMBuildTrunc(z->b, LLVMBuildLShr(z->b, bits, safe, ""), LLVMInt1TypeInContext(z->c), "");
    LLVMValueRef from = LLVMBuildExtractElement(z->b, v, safe, "");
    LLVMValueRef ok = LLVMBuildAnd(z->b, in, active, "");
    add(z, inst)->vec = LLVMBuildSelect(z->b, ok, splat(z, from), v, "");
    return;
  }
  const uint64_t *fixed = lane_constant(z, lane);
  if (fixed) { /* a constant lane pattern (simdgroup_matrix products, xor butterflies):
                  permutes of the value and of the execution mask */
    LLVMValueRef perm[W], in[W];
    bool all_in = true;
    for (int l = 0; l < W; l++) {
      bool ok = fixed[l] < W;
      all_in = all_in && ok;
      perm[l] = LLVMConstInt(i32, ok ? fixed[l] : (uint64_t)l, 0);
      in[l] = LLVMConstInt(LLVMInt1TypeInContext(z->c), ok, 0);
    }
    LLVMValueRef pm = LLVMConstVector(perm, W);
    LLVMValueRef got = LLVMBuildShuffleVector(z->b, v, LLVMGetPoison(LLVMTypeOf(v)), pm, "");
    LLVMValueRef ok = LLVMBuildShuffleVector(z->b, mask, LLVMGetPoison(mask_type(z)), pm, "");
    if (!all_in) ok = LLVMBuildAnd(z->b, ok, LLVMConstVector(in, W), "");
    add(z, inst)->vec = LLVMBuildSelect(z->b, ok, got, v, "");
    return;
  }
  LLVMValueRef lv = vec(z, lane);
  LLVMValueRef slots = entry_alloca(z, LLVMArrayType(t, W));
  LLVMSetAlignment(LLVMBuildStore(z->b, v, slots), 64);
  LLVMValueRef in = LLVMBuildICmp(z->b, LLVMIntULT, lv, splat(z, width), "");
  LLVMValueRef safe = LLVMBuildSelect(z->b, in, lv, z->lanes, "");
  LLVMValueRef idx = LLVMBuildZExt(z->b, safe, vtype(z, LLVMInt64TypeInContext(z->c)), "");
  LLVMValueRef ptrs = LLVMBuildGEP2(z->b, t, slots, &idx, 1, "");
  LLVMTypeRef gtypes[2] = {LLVMTypeOf(v), LLVMTypeOf(ptrs)};
  LLVMValueRef gargs[4] = {ptrs, LLVMConstInt(i32, (unsigned)LLVMABISizeOfType(z->td, t), 0), mask,
                           LLVMGetPoison(LLVMTypeOf(v))};
  LLVMValueRef got = gather(z, gtypes, gargs);
  LLVMValueRef src_active =
      LLVMBuildTrunc(z->b, LLVMBuildLShr(z->b, splat(z, bits), safe, ""), mask_type(z), "");
  LLVMValueRef ok = LLVMBuildAnd(z->b, in, src_active, "");
  add(z, inst)->vec = LLVMBuildSelect(z->b, ok, got, v, "");
}

/* The prelude's __sm_simd_vote(b): the active lanes in the high 32 bits, those of them whose
 * b is true in the low ones; the same for every lane. */
static void emit_vote(struct vz *z, LLVMValueRef inst) {
  if (W != 32) fail(z, "SIMD-group functions at a vector width other than 32");
  LLVMValueRef b = vec(z, LLVMGetOperand(inst, 0)), mask = z->masks[z->cur];
  LLVMTypeRef i64 = LLVMInt64TypeInContext(z->c);
  LLVMValueRef active = LLVMBuildZExt(z->b, mask_bits(z, mask), i64, "");
  LLVMValueRef yes = LLVMBuildZExt(z->b, mask_bits(z, LLVMBuildAnd(z->b, mask, b, "")), i64, "");
  add(z, inst)->scalar =
      LLVMBuildOr(z->b, LLVMBuildShl(z->b, active, LLVMConstInt(i64, 32, 0), ""), yes, "");
}

/* The prelude's __sm_simd_reduce_32/_64(bits, op): a reduction or scan over the active lanes
 * in lane order, op = kind | type << 8 (the prelude's __SM_R_* kinds and __sm_rtype codes).
 * A loop over the 32 lanes doing what the scalar threads do, in the same order: a reduction
 * starts from the first active lane's value (the same for every lane: a uniform result), a
 * scan from 0 or 1 and gives lane l the value before or after adding lane l's. */
enum {
  R_SUM,
  R_PRODUCT,
  R_MIN,
  R_MAX,
  R_AND,
  R_OR,
  R_XOR,
  R_INCL_SUM,
  R_EXCL_SUM,
  R_INCL_PRODUCT,
  R_EXCL_PRODUCT
};
static void emit_reduce(struct vz *z, LLVMValueRef inst) {
  if (W != 32) fail(z, "SIMD-group functions at a vector width other than 32");
  LLVMValueRef opv = LLVMGetOperand(inst, 1);
  if (!LLVMIsAConstantInt(opv)) fail(z, "a SIMD-group reduction whose operation is not constant");
  unsigned op = (unsigned)LLVMConstIntGetZExtValue(opv), kind = op & 0xffu, code = op >> 8;
  static const unsigned bits_of[] = {32, 64, 16, 8, 8, 16, 16, 32, 32, 64, 64};
  if (kind > R_EXCL_PRODUCT || code > 10 || code == 1)
    fail(z, "internal: SIMD-group reduction %#x", op);
  bool is_float = code == 0 || code == 2, is_signed = code >= 3 && code % 2 == 1,
       scan = kind >= R_INCL_SUM;
  if (is_float && (kind == R_AND || kind == R_OR || kind == R_XOR))
    fail(z, "internal: SIMD-group reduction %#x", op);
  LLVMTypeRef it = LLVMIntTypeInContext(z->c, bits_of[code]);
  LLVMTypeRef et = code == 0   ? LLVMFloatTypeInContext(z->c)
                   : code == 2 ? LLVMHalfTypeInContext(z->c)
                               : it;
  LLVMTypeRef rt = LLVMTypeOf(inst), i32 = LLVMInt32TypeInContext(z->c);
  LLVMTypeRef i1 = LLVMInt1TypeInContext(z->c);
  LLVMValueRef v = vec(z, LLVMGetOperand(inst, 0));
  v = LLVMBuildBitCast(z->b, LLVMBuildTrunc(z->b, v, vtype(z, it), ""), vtype(z, et), "");
  LLVMValueRef bits = mask_bits(z, z->masks[z->cur]);
  LLVMValueRef zero = LLVMConstNull(et);
  LLVMValueRef init = !scan ? zero
                      : kind >= R_INCL_PRODUCT
                          ? (is_float ? LLVMConstReal(et, 1.0) : LLVMConstInt(et, 1, 0))
                          : zero;
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(z->b), loop = new_block(z, "reduce"),
                    done = new_block(z, "");
  LLVMBuildBr(z->b, loop);
  LLVMPositionBuilderAtEnd(z->b, loop);
  LLVMValueRef l = LLVMBuildPhi(z->b, i32, ""), acc = LLVMBuildPhi(z->b, et, "");
  LLVMValueRef first = LLVMBuildPhi(z->b, i1, ""), out = NULL;
  LLVMValueRef c0 = LLVMConstInt(i32, 0, 0), yes = LLVMConstInt(i1, 1, 0);
  LLVMAddIncoming(l, &c0, &pre, 1);
  LLVMAddIncoming(acc, &init, &pre, 1);
  LLVMAddIncoming(first, &yes, &pre, 1);
  if (scan) {
    LLVMValueRef none = LLVMGetPoison(vtype(z, et));
    out = LLVMBuildPhi(z->b, vtype(z, et), "");
    LLVMAddIncoming(out, &none, &pre, 1);
  }
  LLVMValueRef x = LLVMBuildExtractElement(z->b, v, l, "");
  LLVMValueRef act = LLVMBuildTrunc(z->b, LLVMBuildLShr(z->b, bits, l, ""), i1, "");
  LLVMValueRef r;
  switch (kind) {
  case R_PRODUCT:
  case R_INCL_PRODUCT:
  case R_EXCL_PRODUCT:
    r = is_float ? LLVMBuildFMul(z->b, acc, x, "") : LLVMBuildMul(z->b, acc, x, "");
    break;
  case R_MIN:
  case R_MAX: {
    bool min = kind == R_MIN; /* x < acc ? x : acc, x > acc ? x : acc */
    LLVMValueRef c = is_float ? LLVMBuildFCmp(z->b, min ? LLVMRealOLT : LLVMRealOGT, x, acc, "")
                              : LLVMBuildICmp(z->b,
                                              min ? (is_signed ? LLVMIntSLT : LLVMIntULT)
                                                  : (is_signed ? LLVMIntSGT : LLVMIntUGT),
                                              x, acc, "");
    r = LLVMBuildSelect(z->b, c, x, acc, "");
    break;
  }
  case R_AND: r = LLVMBuildAnd(z->b, acc, x, ""); break;
  case R_OR: r = LLVMBuildOr(z->b, acc, x, ""); break;
  case R_XOR: r = LLVMBuildXor(z->b, acc, x, ""); break;
  default: r = is_float ? LLVMBuildFAdd(z->b, acc, x, "") : LLVMBuildAdd(z->b, acc, x, ""); break;
  }
  if (!scan) r = LLVMBuildSelect(z->b, first, x, r, "");
  LLVMValueRef acc2 = LLVMBuildSelect(z->b, act, r, acc, "");
  LLVMValueRef first2 = LLVMBuildAnd(z->b, first, LLVMBuildNot(z->b, act, ""), "");
  LLVMValueRef out2 = NULL;
  if (scan)
    out2 = LLVMBuildInsertElement(z->b, out,
                                  kind == R_INCL_SUM || kind == R_INCL_PRODUCT ? acc2 : acc, l, "");
  LLVMValueRef l1 = LLVMBuildAdd(z->b, l, LLVMConstInt(i32, 1, 0), "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(z->b);
  LLVMAddIncoming(l, &l1, &latch, 1);
  LLVMAddIncoming(acc, &acc2, &latch, 1);
  LLVMAddIncoming(first, &first2, &latch, 1);
  if (scan) LLVMAddIncoming(out, &out2, &latch, 1);
  LLVMBuildCondBr(z->b, LLVMBuildICmp(z->b, LLVMIntULT, l1, LLVMConstInt(i32, W, 0), ""), loop,
                  done);
  LLVMPositionBuilderAtEnd(z->b, done);
  /* back to the primitive's bits: the element's, zero-extended */
  if (scan) {
    LLVMValueRef b = LLVMBuildBitCast(z->b, out2, vtype(z, it), "");
    add(z, inst)->vec = LLVMBuildZExt(z->b, b, vtype(z, rt), "");
  } else {
    LLVMValueRef b = LLVMBuildBitCast(z->b, acc2, it, "");
    add(z, inst)->scalar = LLVMBuildZExt(z->b, b, rt, "");
  }
}

/* llvm.fma of 32 float lanes. Kernels are compiled without the CPU's FMA (so that
 * `a * b + c`, llvm.fmuladd, rounds twice on every CPU), which makes llvm.fma.v32f32 32 calls
 * of libm's fmaf: 56 % of the simdgroup_matrix SGEMM's time. Where the CPU that compiles, and
 * so runs, the kernel has FMA (LLVMGetHostCPUFeatures), the fma goes through one out-of-line
 * helper compiled with it: the same correctly rounded result, four instructions instead of 32
 * calls; fmuladd elsewhere is untouched. Otherwise: llvm.fma as before. */
static LLVMValueRef fma_float(struct vz *z, LLVMTypeRef vt, LLVMValueRef *args) {
  static int host_fma = -1;
  if (host_fma < 0) {
    char *f = LLVMGetHostCPUFeatures();
    host_fma = f && strstr(f, "+fma") != NULL;
    LLVMDisposeMessage(f);
  }
  if (!host_fma) return call(z, "llvm.fma", &vt, 1, args, 3);
  LLVMValueRef h = LLVMGetNamedFunction(z->m, "__sm_fma.v32f32");
  LLVMTypeRef ps[3] = {vt, vt, vt}, ft = LLVMFunctionType(vt, ps, 3, 0);
  if (!h) {
    h = LLVMAddFunction(z->m, "__sm_fma.v32f32", ft);
    LLVMSetLinkage(h, LLVMInternalLinkage);
    LLVMSetFunctionCallConv(h, LLVMFastCallConv);
    copy_codegen_attributes(z->src, h);
    LLVMAttributeRef feat =
        LLVMGetStringAttributeAtIndex(h, LLVMAttributeFunctionIndex, "target-features", 15);
    unsigned len = 0;
    const char *old = feat ? LLVMGetStringAttributeValue(feat, &len) : "";
    char *fs = malloc(len + 8);
    if (!fs) abort();
    snprintf(fs, len + 8, "%.*s%s+fma", (int)len, old, len ? "," : "");
    LLVMAddAttributeAtIndex(
        h, LLVMAttributeFunctionIndex,
        LLVMCreateStringAttribute(z->c, "target-features", 15, fs, (unsigned)strlen(fs)));
    free(fs);
    LLVMAddAttributeAtIndex(
        h, LLVMAttributeFunctionIndex,
        LLVMCreateEnumAttribute(z->c, LLVMGetEnumAttributeKindForName("noinline", 8), 0));
    LLVMBuilderRef b = LLVMCreateBuilderInContext(z->c);
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(z->c, h, ""));
    LLVMTypeRef ift;
    LLVMValueRef f = intrinsic(z, "llvm.fma", &vt, 1, &ift);
    LLVMValueRef in[3] = {LLVMGetParam(h, 0), LLVMGetParam(h, 1), LLVMGetParam(h, 2)};
    LLVMBuildRet(b, LLVMBuildCall2(b, ift, f, in, 3, ""));
    LLVMDisposeBuilder(b);
  }
  LLVMValueRef c = LLVMBuildCall2(z->b, ft, h, args, 3, "");
  LLVMSetInstructionCallConv(c, LLVMFastCallConv);
  return c;
}

static void emit_call(struct vz *z, LLVMValueRef inst) {
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  size_t len = 0;
  const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "(indirect)";
  if (has_prefix(name, "llvm.dbg.") || has_prefix(name, "llvm.lifetime.") ||
      has_prefix(name, "llvm.assume") || has_prefix(name, "llvm.experimental.noalias"))
    return;
  /* softmetal's services (the prelude's named calls, kept out of line by main) */
  if (!strcmp(name, "__sm_lockstep_step")) return; /* the 32 lanes are in lockstep already */
  if (!strcmp(name, "__sm_device_step")) { /* before an atomic access: once, as a step of the
                                              SIMD-group (residency: fiber.c) */
    LLVMBasicBlockRef join = when_any_lane(z, "step");
    clone_uniform(z, inst);
    end_when(z, join);
    return;
  }
  if (!strcmp(name, "__sm_threadgroup_base")) { /* the same for every lane */
    add(z, inst)->scalar = clone_uniform(z, inst);
    return;
  }
  if (strstr(name, "__sm_threadgroup_barrier")) {
    emit_barrier(z, inst);
    return;
  }
  if (strstr(name, "__sm_simdgroup_barrier")) return; /* the lanes run together already */
  if (!strcmp(name, "__sm_thread_index")) {           /* the lanes' thread indices */
    struct val r = *get(z, LLVMGetParam(z->src, 2));
    r.key = inst;
    *add(z, inst) = r;
    return;
  }
  if (!strcmp(name, "__sm_simd_shuffle_32") || !strcmp(name, "__sm_simd_shuffle_64")) {
    emit_shuffle(z, inst);
    return;
  }
  if (!strcmp(name, "__sm_simd_vote")) {
    emit_vote(z, inst);
    return;
  }
  if (!strcmp(name, "__sm_simd_reduce_32") || !strcmp(name, "__sm_simd_reduce_64")) {
    emit_reduce(z, inst);
    return;
  }
  int which = -1;
  for (int i = 0; elementwise[i].name; i++) {
    size_t k = strlen(elementwise[i].name);
    if (!strncmp(name, elementwise[i].name, k) && name[k] == '.') which = i;
  }
  if (which < 0) fail(z, "calls %s", name);
  if (all_uniform(z, inst)) {
    add(z, inst)->scalar = clone_uniform(z, inst);
    return;
  }
  const char *iname = elementwise[which].name;
  enum overload ovl = elementwise[which].ovl;
  LLVMTypeRef rt = LLVMTypeOf(inst), vt = vtype(z, rt);
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(inst);
  LLVMValueRef args[4];
  if (nargs > 4 || (ovl != OVL_RET && nargs < 1)) fail(z, "calls %s", name);
  /* the operands that are vectors: those of the result's type, and a conversion's or a
   * class test's first; the others are immediates (ctlz's is_zero_poison, the class mask) */
  for (unsigned i = 0; i < nargs; i++) {
    LLVMValueRef a = LLVMGetOperand(inst, i);
    if (ovl == OVL_RET ? LLVMTypeOf(a) == rt : i == 0)
      args[i] = vec(z, a);
    else if (LLVMIsAConstant(a))
      args[i] = a;
    else
      fail(z, "calls %s with a varying non-element operand", name);
  }
  if (!strcmp(iname, "llvm.fma") && LLVMGetTypeKind(rt) == LLVMFloatTypeKind) {
    add(z, inst)->vec = fma_float(z, vt, args);
    return;
  }
  LLVMTypeRef types[2] = {vt, nargs ? LLVMTypeOf(args[0]) : vt};
  LLVMValueRef r = ovl == OVL_RET       ? call(z, iname, types, 1, args, nargs)
                   : ovl == OVL_RET_ARG ? call(z, iname, types, 2, args, nargs)
                                        : call(z, iname, types + 1, 1, args, nargs);
  if (LLVMCanValueUseFastMathFlags(inst)) LLVMSetFastMathFlags(r, LLVMGetFastMathFlags(inst));
  add(z, inst)->vec = r;
}

static LLVMValueRef exit_value(struct vz *z, LLVMValueRef phi, LLVMBasicBlockRef from) {
  for (int i = 0; i < z->nxvs; i++)
    if (z->xvs[i].src_phi == phi && z->xvs[i].from == from) return z->xvs[i].value;
  return NULL;
}

static void emit_phi(struct vz *z, LLVMValueRef inst, LLVMBasicBlockRef bb) {
  if (z->header_of[z->cur] >= 0) return; /* made by begin_loop */
  unsigned n = LLVMCountIncoming(inst);
  bool same = true;
  for (unsigned i = 0; i < n; i++)
    same = same && LLVMGetIncomingValue(inst, i) == LLVMGetIncomingValue(inst, 0) &&
           !exit_value(z, inst, LLVMGetIncomingBlock(inst, i));
  if (same) {
    struct val *s = get(z, LLVMGetIncomingValue(inst, 0));
    struct val r = *s;
    r.key = inst;
    *add(z, inst) = r;
    return;
  }
  LLVMValueRef r = NULL;
  for (unsigned i = 0; i < n; i++) {
    LLVMBasicBlockRef from = LLVMGetIncomingBlock(inst, i);
    LLVMValueRef v = exit_value(z, inst, from);
    if (!v) v = vec(z, LLVMGetIncomingValue(inst, i));
    r = r ? LLVMBuildSelect(z->b, edge_mask(z, from, bb), v, r, "") : v;
  }
  add(z, inst)->vec = r;
}

/* The value phi (of block `to`) takes on the edge from `from`. */
static LLVMValueRef incoming_from(LLVMValueRef phi, LLVMBasicBlockRef from) {
  for (unsigned i = 0; i < LLVMCountIncoming(phi); i++)
    if (LLVMGetIncomingBlock(phi, i) == from) return LLVMGetIncomingValue(phi, i);
  return NULL;
}

/* An edge taken by the lanes of mask m: a loop's back edge, a loop's exit (accumulated
 * until the loop ends) or an edge of the acyclic order. */
static void route_edge(struct vz *z, LLVMBasicBlockRef from, LLVMBasicBlockRef to, LLVMValueRef m) {
  int f = z->cur, t = block_index(z, to), li = z->loop_of[f];
  if (li >= 0) {
    struct loop *l = &z->loops[li];
    if (t == l->header && f == l->latch) {
      l->back = l->back ? LLVMBuildOr(z->b, l->back, m, "") : m;
      return;
    }
    if (!l->body[t]) {
      for (int e = 0; e < l->nexits; e++)
        if (l->exits[e].from == f && l->exits[e].to == t)
          l->exits[e].cur = LLVMBuildOr(z->b, l->exits[e].cur, m, "");
      for (int a = 0; a < l->naccs; a++)
        if (l->accs[a].from == f && LLVMGetInstructionParent(l->accs[a].src_phi) == to) {
          LLVMValueRef v = vec(z, incoming_from(l->accs[a].src_phi, from));
          l->accs[a].cur = LLVMBuildSelect(z->b, m, v, l->accs[a].cur, "");
        }
      return;
    }
  }
  add_edge(z, from, to, m);
}

static void emit_terminator(struct vz *z, LLVMValueRef inst, LLVMBasicBlockRef bb) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMValueRef mask = z->masks[z->cur], none = LLVMConstNull(mask_type(z));
  if (op == LLVMRet) return;
  if (op != LLVMBr) fail(z, "a %s terminator", op == LLVMSwitch ? "switch" : "non-branch");
  if (!LLVMIsConditional(inst)) {
    route_edge(z, bb, LLVMGetSuccessor(inst, 0), mask);
    return;
  }
  /* Always lane by lane, uniform conditions too: select(mask, cond, 0) is 0 in masked-off
   * lanes even where cond is poison (clang leaves `br i1 poison` in blocks no lane
   * reaches); a select on a scalar poison condition would poison every lane. */
  LLVMValueRef cond = LLVMGetCondition(inst);
  int li = z->loop_of[z->cur];
  for (int e = 0; li >= 0 && z->loops[li].whole && e < z->loops[li].nexits; e++)
    if (z->loops[li].exits[e].from == z->cur && !uniform(z, cond))
      fail(z, "internal: a whole SIMD-group's wait leaves on a condition not uniform");
  LLVMValueRef c = vec(z, cond);
  LLVMValueRef ones = LLVMConstAllOnes(mask_type(z));
  LLVMValueRef t = LLVMBuildSelect(z->b, mask, c, none, "");
  LLVMValueRef f = LLVMBuildSelect(z->b, mask, LLVMBuildXor(z->b, c, ones, ""), none, "");
  route_edge(z, bb, LLVMGetSuccessor(inst, 0), t);
  route_edge(z, bb, LLVMGetSuccessor(inst, 1), f);
}

static void emit(struct vz *z, LLVMValueRef inst, LLVMBasicBlockRef bb) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  switch (op) {
  case LLVMLoad: emit_load(z, inst); return;
  case LLVMStore: emit_store(z, inst); return;
  case LLVMGetElementPtr: emit_gep(z, inst); return;
  case LLVMPHI: emit_phi(z, inst, bb); return;
  case LLVMCall: emit_call(z, inst); return;
  case LLVMBr:
  case LLVMRet:
  case LLVMSwitch:
  case LLVMUnreachable:
  case LLVMIndirectBr: emit_terminator(z, inst, bb); return;
  case LLVMAlloca: emit_alloca(z, inst); return;
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg: emit_per_lane(z, inst); return;
  case LLVMFence: { /* once, when any lane is active: the vector performs its lanes' accesses
                       in program order, so one fence orders each lane's earlier accesses
                       before its later ones (__threadfence, anchor_threadfence) */
    LLVMBasicBlockRef join = when_any_lane(z, "fence");
    clone_uniform(z, inst);
    end_when(z, join);
    return;
  }
  case LLVMExtractElement:
  case LLVMInsertElement:
    if (all_uniform(z, inst)) {
      add(z, inst)->scalar = clone_uniform(z, inst);
      return;
    }
    if (op == LLVMExtractElement)
      emit_extract(z, inst);
    else
      emit_insert(z, inst);
    return;
  case LLVMExtractValue: {
    struct val *a = get(z, LLVMGetOperand(inst, 0));
    if (a->vec2 && LLVMGetNumIndices(inst) == 1) { /* a cmpxchg's value or success */
      LLVMValueRef r = LLVMGetIndices(inst)[0] ? a->vec2 : a->vec;
      add(z, inst)->vec = r;
      return;
    }
    if (all_uniform(z, inst)) {
      add(z, inst)->scalar = clone_uniform(z, inst);
      return;
    }
    fail(z, "a value of a vector or aggregate type varies per lane");
    return;
  }
  case LLVMFNeg:
    if (all_uniform(z, inst))
      add(z, inst)->scalar = clone_uniform(z, inst);
    else
      add(z, inst)->vec = LLVMBuildFNeg(z->b, vec(z, LLVMGetOperand(inst, 0)), "");
    return;
  case LLVMFreeze:
    if (all_uniform(z, inst))
      add(z, inst)->scalar = clone_uniform(z, inst);
    else
      add(z, inst)->vec = LLVMBuildFreeze(z->b, vec(z, LLVMGetOperand(inst, 0)), "");
    return;
  case LLVMICmp:
  case LLVMFCmp: {
    if (all_uniform(z, inst)) {
      add(z, inst)->scalar = clone_uniform(z, inst);
      return;
    }
    LLVMValueRef a = vec(z, LLVMGetOperand(inst, 0)), b = vec(z, LLVMGetOperand(inst, 1));
    LLVMValueRef r = op == LLVMICmp ? LLVMBuildICmp(z->b, LLVMGetICmpPredicate(inst), a, b, "")
                                    : LLVMBuildFCmp(z->b, LLVMGetFCmpPredicate(inst), a, b, "");
    if (op == LLVMFCmp && LLVMCanValueUseFastMathFlags(inst))
      LLVMSetFastMathFlags(r, LLVMGetFastMathFlags(inst));
    add(z, inst)->vec = r;
    return;
  }
  case LLVMSelect: {
    if (all_uniform(z, inst)) {
      add(z, inst)->scalar = clone_uniform(z, inst);
      return;
    }
    LLVMValueRef c = LLVMGetOperand(inst, 0);
    LLVMValueRef vc = uniform(z, c) ? get(z, c)->scalar : vec(z, c);
    LLVMValueRef a = vec(z, LLVMGetOperand(inst, 1)), b = vec(z, LLVMGetOperand(inst, 2));
    add(z, inst)->vec = LLVMBuildSelect(z->b, vc, a, b, "");
    return;
  }
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMFPToUI:
  case LLVMFPToSI:
  case LLVMUIToFP:
  case LLVMSIToFP:
  case LLVMFPTrunc:
  case LLVMFPExt:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMBitCast:
  case LLVMAddrSpaceCast: emit_cast(z, inst, op); return;
  case LLVMAdd:
  case LLVMFAdd:
  case LLVMSub:
  case LLVMFSub:
  case LLVMMul:
  case LLVMFMul:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMFDiv:
  case LLVMURem:
  case LLVMSRem:
  case LLVMFRem:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor: emit_binary(z, inst, op); return;
  default:
    if (all_uniform(z, inst) && op != LLVMAtomicRMW && op != LLVMAtomicCmpXchg && op != LLVMFence &&
        op != LLVMVAArg && op != LLVMInvoke) {
      add(z, inst)->scalar = clone_uniform(z, inst);
      return;
    }
    fail(z, "an instruction it does not take (opcode %d)", (int)op);
  }
}

/* ---- loops ------------------------------------------------------------------------------ */
/* Whether the emission will make v a uniform scalar (conservative: false may be wrong only
 * in the safe direction; end_loop checks). */
static bool static_uniform(struct vz *z, LLVMValueRef v, int depth) {
  if (LLVMIsAConstant(v)) return true;
  if (LLVMIsAArgument(v)) return v == LLVMGetParam(z->src, 0);
  if (!LLVMIsAInstruction(v) || depth > 24) return false;
  struct val *s = find(z, v);
  if (s) return s->scalar != NULL;
  if (LLVMIsACallInst(v)) { /* a vote is the same for every lane (emit_vote) */
    LLVMValueRef f = LLVMGetCalledValue(v);
    size_t len;
    if (LLVMIsAFunction(f) && !strcmp(LLVMGetValueName2(f, &len), "__sm_simd_vote")) return true;
  }
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMPHI:
  case LLVMAlloca:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
  case LLVMStore:
  /* every active lane performs an atomic access in turn (emit_per_lane): per-lane results */
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg: return false;
  case LLVMLoad:
    if (LLVMGetVolatile(v) || LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic) return false;
    return static_uniform(z, LLVMGetOperand(v, 0), depth + 1);
  default: break;
  }
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++) {
    LLVMValueRef op = LLVMGetOperand(v, (unsigned)i);
    if (!LLVMValueIsBasicBlock(op) && !static_uniform(z, op, depth + 1)) return false;
  }
  return true;
}

static void begin_loop(struct vz *z, int li) {
  struct loop *l = &z->loops[li];
  if (l->spin && !one_lane_loop(z, li) && !(l->whole = whole_group_wait(z, li)))
    fail(z, "a loop that waits on an atomic or volatile access (a spin loop)");
  LLVMBasicBlockRef hb = z->all[l->header], latch = z->all[l->latch];
  LLVMValueRef entry_mask = NULL;
  for (int e = 0; e < z->nedges; e++)
    if (z->edges[e].to == hb)
      entry_mask =
          entry_mask ? LLVMBuildOr(z->b, entry_mask, z->edges[e].mask, "") : z->edges[e].mask;
  if (!entry_mask) entry_mask = LLVMConstNull(mask_type(z));
  /* header phis: the value entering the loop, made before the loop */
  int count = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(hb); i && LLVMIsAPHINode(i);
       i = LLVMGetNextInstruction(i))
    count++;
  l->hphis = alloc((size_t)count, sizeof *l->hphis);
  LLVMValueRef *pre = temp(z, (size_t)count, sizeof *pre);
  for (LLVMValueRef i = LLVMGetFirstInstruction(hb); i && LLVMIsAPHINode(i);
       i = LLVMGetNextInstruction(i)) {
    struct header_phi *h = &l->hphis[l->nhphis];
    h->src = i;
    LLVMValueRef in = NULL;
    for (unsigned k = 0; k < LLVMCountIncoming(i); k++)
      if (LLVMGetIncomingBlock(i, k) == latch)
        h->latch_value = LLVMGetIncomingValue(i, k);
      else if (!in)
        in = LLVMGetIncomingValue(i, k);
      else if (in != LLVMGetIncomingValue(i, k))
        fail(z, "internal: a loop header with several entries");
    if (!in || !h->latch_value) fail(z, "internal: a loop header phi without entry or latch value");
    struct val *s = get(z, in);
    LLVMValueRef step = h->latch_value;
    bool induction =
        LLVMIsAInstruction(step) && LLVMGetInstructionOpcode(step) == LLVMAdd &&
        ((LLVMGetOperand(step, 0) == i && static_uniform(z, LLVMGetOperand(step, 1), 0)) ||
         (LLVMGetOperand(step, 1) == i && static_uniform(z, LLVMGetOperand(step, 0), 0)));
    if (induction && s->scalar) {
      h->kind = 1, pre[l->nhphis] = s->scalar;
    } else if (induction && s->affine && !s->ok) {
      h->kind = 2, h->stride = s->stride, pre[l->nhphis] = s->base;
    } else {
      h->kind = 0, pre[l->nhphis] = vec(z, in);
    }
    l->nhphis++;
  }
  /* exit accumulators: lanes that left by each exit, and their live-out values */
  l->accs = alloc(64, sizeof *l->accs);
  for (int e = 0; e < l->nexits; e++) {
    LLVMBasicBlockRef to = z->all[l->exits[e].to];
    for (LLVMValueRef i = LLVMGetFirstInstruction(to); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i)) {
      if (!incoming_from(i, z->all[l->exits[e].from])) continue;
      if (l->naccs == 64) fail(z, "more than 64 values live out of a loop");
      l->accs[l->naccs++] = (struct exit_acc){.src_phi = i, .from = l->exits[e].from};
    }
  }
  LLVMBasicBlockRef before = LLVMGetInsertBlock(z->b);
  l->header_out = new_block(z, "loop");
  LLVMBuildBr(z->b, l->header_out);
  LLVMPositionBuilderAtEnd(z->b, l->header_out);
  l->mask_phi = LLVMBuildPhi(z->b, mask_type(z), "");
  LLVMAddIncoming(l->mask_phi, &entry_mask, &before, 1);
  z->masks[l->header] = l->mask_phi;
  for (int k = 0; k < l->nhphis; k++) {
    struct header_phi *h = &l->hphis[k];
    h->phi = LLVMBuildPhi(z->b, LLVMTypeOf(pre[k]), "");
    LLVMAddIncoming(h->phi, &pre[k], &before, 1);
    struct val *s = add(z, h->src);
    if (h->kind == 0) s->vec = h->phi;
    if (h->kind == 1) s->scalar = h->phi;
    if (h->kind == 2) s->affine = true, s->base = h->phi, s->stride = h->stride;
  }
  for (int e = 0; e < l->nexits; e++) {
    LLVMValueRef zero = LLVMConstNull(mask_type(z));
    l->exits[e].phi = l->exits[e].cur = LLVMBuildPhi(z->b, mask_type(z), "");
    LLVMAddIncoming(l->exits[e].phi, &zero, &before, 1);
  }
  for (int a = 0; a < l->naccs; a++) {
    LLVMTypeRef vt = vtype(z, LLVMTypeOf(l->accs[a].src_phi));
    LLVMValueRef undef = LLVMGetPoison(vt);
    l->accs[a].phi = l->accs[a].cur = LLVMBuildPhi(z->b, vt, "");
    LLVMAddIncoming(l->accs[a].phi, &undef, &before, 1);
  }
}

static void end_loop(struct vz *z, int li) {
  struct loop *l = &z->loops[li];
  LLVMValueRef back = l->back ? l->back : LLVMConstNull(mask_type(z));
  LLVMValueRef *in = temp(z, (size_t)l->nhphis, sizeof *in);
  for (int k = 0; k < l->nhphis; k++) {
    struct header_phi *h = &l->hphis[k];
    struct val *s = get(z, h->latch_value);
    if (h->kind == 0)
      in[k] = vec(z, h->latch_value);
    else if (h->kind == 1 && s->scalar)
      in[k] = s->scalar;
    else if (h->kind == 2 && s->affine && s->stride == h->stride && !s->ok)
      in[k] = s->base;
    else
      fail(z, "internal: a loop induction that is not uniform or affine");
  }
  LLVMBasicBlockRef end = LLVMGetInsertBlock(z->b);
  for (int k = 0; k < l->nhphis; k++)
    LLVMAddIncoming(l->hphis[k].phi, &in[k], &end, 1);
  LLVMAddIncoming(l->mask_phi, &back, &end, 1);
  for (int e = 0; e < l->nexits; e++)
    LLVMAddIncoming(l->exits[e].phi, &l->exits[e].cur, &end, 1);
  for (int a = 0; a < l->naccs; a++)
    LLVMAddIncoming(l->accs[a].phi, &l->accs[a].cur, &end, 1);
  if (z->may_yield && l->parent < 0) {
    /* Each iteration of an outermost loop ends in a yield: softmetal may then run the same
     * iteration of the worker's other SIMD-groups and groups (a grid-stride loop's
     * iteration k of every group is then consecutive memory, as on a GPU). */
    LLVMValueRef y = LLVMGetNamedFunction(z->m, "__sm_loop_yield");
    LLVMBuildCall2(z->b, LLVMGlobalGetValueType(y), y, NULL, 0, "");
    z->yields++;
  }
  LLVMValueRef again = reduce(z, "llvm.vector.reduce.or", back);
  LLVMBasicBlockRef after = new_block(z, "");
  LLVMBuildCondBr(z->b, again, l->header_out, after);
  LLVMPositionBuilderAtEnd(z->b, after);
  for (int e = 0; e < l->nexits; e++)
    add_edge(z, z->all[l->exits[e].from], z->all[l->exits[e].to], l->exits[e].cur);
  for (int a = 0; a < l->naccs; a++) {
    z->xvs = realloc(z->xvs, (size_t)(z->nxvs + 1) * sizeof *z->xvs);
    if (!z->xvs) abort();
    z->xvs[z->nxvs++] =
        (struct exit_value){l->accs[a].src_phi, z->all[l->accs[a].from], l->accs[a].cur};
  }
}

/* Instructions in f (the size limit: -O2 compile time of 32-lane code grows with it), but
 * bitcasts, which make no code (a simdgroup_matrix product reinterprets each of its 96
 * exchanged floats as an integer and back). */
static unsigned instruction_count(LLVMValueRef f) {
  unsigned n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      n += LLVMGetInstructionOpcode(i) != LLVMBitCast;
  return n;
}

/* ---- one kernel ------------------------------------------------------------------------- */
static void vectorize_body(struct vz *z) {
  if (LLVMCountParams(z->src) != 3) fail(z, "internal: unexpected lane trampoline");
  unsigned size = instruction_count(z->src);
  if (size > MAX_INSTRUCTIONS)
    fail(z, "too large (%u instructions after inlining, at most %d)", size, MAX_INSTRUCTIONS);
  z->n = (int)LLVMCountBasicBlocks(z->src);
  z->may_yield = LLVMGetNamedFunction(z->m, "__sm_loop_yield") != NULL; /* the prelude's */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(z->src); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
      size_t len;
      const char *cname = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
      if (strstr(cname, "__sm_threadgroup_barrier")) z->may_yield = false;
      if (!strcmp(cname, "__sm_simd_shuffle_32") || !strcmp(cname, "__sm_simd_shuffle_64") ||
          !strcmp(cname, "__sm_simd_vote") || !strcmp(cname, "__sm_simd_reduce_32") ||
          !strcmp(cname, "__sm_simd_reduce_64"))
        z->aligned = true; /* fiber.c runs it only where each vector is one SIMD-group */
    }
  analyse_loops(z);
  mark_spin_loops(z);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(z->c);
  LLVMBasicBlockRef entry = new_block(z, "entry");
  LLVMPositionBuilderAtEnd(z->b, entry);
  z->lanes = steps(i32, 1);
  struct val *t = add(z, LLVMGetParam(z->src, 0));
  t->scalar = LLVMGetParam(z->dst, 0);
  uint64_t *lane = temp(z, W, sizeof *lane);
  for (int l = 0; l < W; l++)
    lane[l] = (uint64_t)l;
  for (unsigned i = 1; i <= 2; i++) {
    struct val *s = add(z, LLVMGetParam(z->src, i));
    s->affine = true, s->base = LLVMGetParam(z->dst, i), s->stride = 1;
    /* lane bits: x0 is a multiple of 32, index0 too where the kernel has SIMD-group calls */
    if (W == 32 && (i == 1 || z->aligned)) s->low = lane, s->lowbits = 5;
  }
  LLVMValueRef count = splat(z, LLVMGetParam(z->dst, 3));
  LLVMValueRef m0 = LLVMBuildICmp(z->b, LLVMIntULT, z->lanes, count, "");
  int *open = z->open = alloc((size_t)z->nloops + 1, sizeof(int)), nopen = 0;
  for (int k = 0; k < z->norder; k++) {
    int b = z->order[k];
    LLVMBasicBlockRef bb = z->all[b];
    z->cur = b;
    if (b == 0) {
      z->masks[0] = m0;
    } else if (z->header_of[b] >= 0) {
      begin_loop(z, z->header_of[b]);
      open[nopen++] = z->header_of[b];
    } else {
      LLVMValueRef m = NULL;
      for (int e = 0; e < z->nedges; e++)
        if (z->edges[e].to == bb)
          m = m ? LLVMBuildOr(z->b, m, z->edges[e].mask, "") : z->edges[e].mask;
      z->masks[b] = m ? m : LLVMConstNull(mask_type(z));
    }
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst; inst = LLVMGetNextInstruction(inst))
      emit(z, inst, bb);
    for (int li = z->loop_of[b]; li >= 0; li = z->loops[li].parent)
      z->loops[li].emitted++;
    while (nopen && z->loops[open[nopen - 1]].emitted == z->loops[open[nopen - 1]].size)
      end_loop(z, open[--nopen]);
  }
  LLVMBuildRetVoid(z->b);
}

/* The function attributes that say how code is generated (the CPU and its features, stack
 * probes for large frames — private arrays must hit a fiber's guard page —, the frame
 * pointer), copied from the lane function onto the functions the tool makes, so they are
 * compiled for the same CPU as the scalar paths and with the same stack discipline. */
static void copy_codegen_attributes(LLVMValueRef from, LLVMValueRef to) {
  static const char *const keys[] = {"target-cpu",      "target-features",
                                     "tune-cpu",        "probe-stack",
                                     "frame-pointer",   "stack-protector-buffer-size",
                                     "no-trapping-math"};
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
    LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(from, LLVMAttributeFunctionIndex, keys[i],
                                                       (unsigned)strlen(keys[i]));
    if (a) LLVMAddAttributeAtIndex(to, LLVMAttributeFunctionIndex, a);
  }
}

/* Returns NULL when vectorized, else the reason (static buffer in z). */
static const char *vectorize(LLVMModuleRef m, LLVMValueRef src, const char *name, bool *yields,
                             bool *spins) {
  struct vz z = {.m = m, .c = LLVMGetModuleContext(m), .src = src};
  z.td = LLVMGetModuleDataLayout(m);
  z.b = LLVMCreateBuilderInContext(z.c);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(z.c);
  LLVMTypeRef params[4] = {LLVMPointerTypeInContext(z.c, 0), i32, i32, i32};
  char fname[512];
  snprintf(fname, sizeof fname, "__sm_simd_%s", name);
  z.dst = LLVMAddFunction(m, fname, LLVMFunctionType(LLVMVoidTypeInContext(z.c), params, 4, 0));
  LLVMSetVisibility(z.dst, LLVMDefaultVisibility);
  copy_codegen_attributes(src, z.dst);
  static char reason[256];
  const char *result = NULL;
  if (setjmp(z.fail) == 0) {
    vectorize_body(&z);
    if (LLVMVerifyFunction(z.dst, LLVMReturnStatusAction)) {
      if (getenv("SM_VECTORIZE_INLINED")) { /* debugging the tool: say what is wrong */
        LLVMVerifyFunction(z.dst, LLVMPrintMessageAction);
        LLVMDumpValue(z.dst);
      }
      snprintf(z.reason, sizeof z.reason,
               "internal: the vectorized function fails LLVM's verifier");
      LLVMDeleteFunction(z.dst);
      result = z.reason;
    }
  } else {
    LLVMDeleteFunction(z.dst);
    result = z.reason;
  }
  if (result) snprintf(reason, sizeof reason, "%s", result), result = reason;
  *yields = !result && z.yields > 0;
  *spins = z.spins;
  for (int i = 0; i < z.nloops; i++)
    free(z.loops[i].body), free(z.loops[i].hphis), free(z.loops[i].exits), free(z.loops[i].accs);
  free(z.vals), free(z.order), free(z.masks), free(z.edges), free(z.all), free(z.loops);
  free(z.loop_of), free(z.header_of), free(z.xvs), free(z.open);
  for (int i = 0; i < z.ntemps; i++)
    free(z.temps[i]);
  free(z.temps);
  LLVMDisposeBuilder(z.b);
  return result;
}

static void record(LLVMModuleRef m, const char *name, const char *what) {
  LLVMContextRef c = LLVMGetModuleContext(m);
  char gname[512];
  snprintf(gname, sizeof gname, "__sm_vector_%s", name);
  LLVMValueRef s = LLVMConstStringInContext(c, what, (unsigned)strlen(what), 0);
  LLVMValueRef g = LLVMAddGlobal(m, LLVMTypeOf(s), gname);
  LLVMSetInitializer(g, s);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetVisibility(g, LLVMDefaultVisibility);
}

/* A constant `int PREFIXNAME = value` softmetal reads from the object (library.c):
 * __sm_simd_width_NAME — how many lanes __sm_simd_NAME runs at once (W), negative when its
 * outermost loops yield at their back edges (__sm_loop_yield); __sm_spins_NAME — defined
 * for a kernel whose threads wait for each other in a loop on an atomic or volatile access
 * (mark_spin_loops; refused unless one lane runs it): softmetal must interleave its threads
 * (scalar fibers in lockstep, each such access a step, or, vectorized, one fiber per
 * SIMD-group that parks after SM_SPIN_QUANTUM such accesses), never run them one after
 * another — a thread waiting for a later thread of its group would spin forever. */
static void record_int(LLVMModuleRef m, const char *prefix, const char *name, int value) {
  LLVMContextRef c = LLVMGetModuleContext(m);
  char gname[512];
  snprintf(gname, sizeof gname, "%s%s", prefix, name);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c);
  LLVMValueRef g = LLVMAddGlobal(m, i32, gname);
  LLVMSetInitializer(g, LLVMConstInt(i32, (unsigned long long)(long long)value, 1));
  LLVMSetGlobalConstant(g, 1);
  LLVMSetVisibility(g, LLVMDefaultVisibility);
}

static bool run_passes(LLVMModuleRef m, const char *passes) {
  LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
  LLVMErrorRef err = LLVMRunPasses(m, passes, NULL, opts);
  LLVMDisposePassBuilderOptions(opts);
  if (!err) return true;
  char *e = LLVMGetErrorMessage(err);
  fprintf(stderr, "sm-vectorize: %s\n", e);
  LLVMDisposeErrorMessage(e);
  return false;
}

/* Values of vector type in the lane functions (MSL's float4 arithmetic, CUB's vectorized
 * int4 loads) become their elements: LLVM's scalarizer, loads and stores included
 * (-scalarize-load-store, set in main), so that each element is a <32 x T> of its own and an
 * access of a lane's vector one access per element, each contiguous, strided or gathered by
 * its own address. Run on the lane functions alone: every other function is made optnone
 * (the pass manager skips such functions) for the run, and restored after — the scalar paths
 * reach -O2 as they were. A lane function without vector values is unchanged. */
static bool scalarize_lane_functions(LLVMModuleRef m) {
  LLVMContextRef c = LLVMGetModuleContext(m);
  unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
  unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
  size_t n = 0, cap = 0;
  LLVMValueRef *marked = NULL;
  bool *had_noinline = NULL;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    if (LLVMIsDeclaration(f) || has_prefix(LLVMGetValueName2(f, &len), "__sm_lane_") ||
        LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, optnone))
      continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 64;
      marked = realloc(marked, cap * sizeof *marked);
      had_noinline = realloc(had_noinline, cap * sizeof *had_noinline);
      if (!marked || !had_noinline) abort();
    }
    marked[n] = f;
    had_noinline[n] = LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, noinline) != NULL;
    LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(c, optnone, 0));
    if (!had_noinline[n])
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(c, noinline, 0));
    n++;
  }
  bool ok = run_passes(m, "function(scalarizer,early-cse,instcombine<no-verify-fixpoint>)");
  for (size_t i = 0; i < n; i++) {
    LLVMRemoveEnumAttributeAtIndex(marked[i], LLVMAttributeFunctionIndex, optnone);
    if (!had_noinline[i])
      LLVMRemoveEnumAttributeAtIndex(marked[i], LLVMAttributeFunctionIndex, noinline);
  }
  free(marked), free(had_noinline);
  return ok;
}

/* The prelude's calls into softmetal that the vectorizer recognises by name: not inlined
 * into the lane functions (emit_call). */
static bool service(LLVMValueRef f) {
  size_t len;
  const char *name = LLVMGetValueName2(f, &len);
  return !strcmp(name, "__sm_lockstep_step") || !strcmp(name, "__sm_threadgroup_base") ||
         !strcmp(name, "__sm_barrier_lanes") || !strcmp(name, "__sm_thread_index") ||
         !strcmp(name, "__sm_simd_shuffle_32") || !strcmp(name, "__sm_simd_shuffle_64") ||
         !strcmp(name, "__sm_simd_vote") || !strcmp(name, "__sm_simd_reduce_32") ||
         !strcmp(name, "__sm_simd_reduce_64") || !strcmp(name, "__sm_loop_yield") ||
         !strcmp(name, "__sm_device_step");
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: sm-vectorize IN.ll OUT.ll\n");
    return 2;
  }
  /* the scalarizer splits loads and stores of vectors too (scalarize_lane_functions) */
  const char *const llvm_args[] = {"sm-vectorize", "-scalarize-load-store"};
  LLVMParseCommandLineOptions(2, llvm_args, NULL);
  LLVMContextRef c = LLVMContextCreate();
  LLVMMemoryBufferRef buf;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(argv[1], &buf, &msg)) {
    fprintf(stderr, "sm-vectorize: %s: %s\n", argv[1], msg);
    return 1;
  }
  LLVMModuleRef m;
  if (LLVMParseIRInContext(c, buf, &m, &msg)) {
    fprintf(stderr, "sm-vectorize: %s: %s\n", argv[1], msg);
    return 1;
  }
  /* Every call in a lane trampoline is inlined (call-site alwaysinline, round after
   * round: only the trampolines grow, the scalar paths are left to -O2's inliner). */
  unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
  unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  bool any = false;
  /* Each function simplified first (-O0 IR: SROA, CSE, instcombine), so that what is inlined
   * into the lane functions is already small, as -O2's inliner sees its callees: CUB's
   * onesweep and merge-sort kernels were 40-88 K instructions inlined from -O0 code, 3-7 K
   * from simplified code (docs/softmetal.md, "Vector mode"), and the tool takes less time
   * on the whole module than SROA over the large inlined bodies did. */
  if (!run_passes(m, "function(sroa,early-cse,simplifycfg,instcombine<no-verify-fixpoint>)"))
    return 1;
  for (int round = 0; round < 24; round++) {
    bool marked = false;
    LLVMValueRef after;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = after) {
      after = LLVMGetNextFunction(f);
      size_t len;
      const char *fname = LLVMGetValueName2(f, &len);
      if (!has_prefix(fname, "__sm_lane_") || LLVMIsDeclaration(f)) continue;
      /* A lane function already far beyond MAX_INSTRUCTIONS before optimisation keeps the
       * scalar path now: optimising it (SROA over tens of thousands of inlined -O0
       * instructions) took minutes for math-library kernels. */
      unsigned size = instruction_count(f);
      if (size > MAX_INLINED) {
        char why[160];
        snprintf(why, sizeof why, "too large (%u instructions once inlined, before optimisation)",
                 size);
        record(m, fname + 10, why);
        printf("%s: %s\n", fname + 10, why);
        LLVMDeleteFunction(f);
        continue;
      }
      any = true;
      for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
          if (!LLVMIsACallInst(i)) continue;
          LLVMValueRef callee = LLVMGetCalledValue(i);
          if (!LLVMIsAFunction(callee) || LLVMIsDeclaration(callee) || service(callee) ||
              LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, noinline) ||
              LLVMGetCallSiteEnumAttribute(i, LLVMAttributeFunctionIndex, always))
            continue;
          LLVMAddCallSiteAttribute(i, LLVMAttributeFunctionIndex,
                                   LLVMCreateEnumAttribute(c, always, 0));
          marked = true;
        }
    }
    if (!marked) break;
    if (!run_passes(m, "always-inline")) return 1;
  }
  if (any &&
      (!run_passes(m, "function(sroa,early-cse,instcombine<no-verify-fixpoint>,simplifycfg,sroa,"
                      "instcombine<no-verify-fixpoint>)") ||
       !scalarize_lane_functions(m) ||
       /* switches (simplifycfg folds compare chains into them) become branches, which
        * the vectorizer masks */
       !run_passes(m, "function(lower-switch,loop-simplify,lcssa)")))
    return 1;
  /* SM_VECTORIZE_INLINED=FILE (debugging the tool): the module the vectorizer reads */
  const char *dump = getenv("SM_VECTORIZE_INLINED");
  if (dump && *dump && LLVMPrintModuleToFile(m, dump, &msg)) {
    fprintf(stderr, "sm-vectorize: %s: %s\n", dump, msg);
    return 1;
  }
  LLVMValueRef next;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = next) {
    next = LLVMGetNextFunction(f);
    size_t len;
    const char *fname = LLVMGetValueName2(f, &len);
    if (!has_prefix(fname, "__sm_lane_") || LLVMIsDeclaration(f)) continue;
    char name[400];
    snprintf(name, sizeof name, "%s", fname + 10);
    bool yields = false, spins = false;
    const char *why = vectorize(m, f, name, &yields, &spins);
    record(m, name, why ? why : "vector");
    if (spins) record_int(m, "__sm_spins_", name, 1);
    if (!why) record_int(m, "__sm_simd_width_", name, yields ? -W : W);
    printf("%s: %s\n", name, why ? why : "vector");
    LLVMDeleteFunction(f);
  }
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    fprintf(stderr, "sm-vectorize: the module fails LLVM's verifier: %s\n", msg);
    return 1;
  }
  LLVMDisposeMessage(msg); /* an empty message, allocated even on success */
  msg = NULL;
  if (LLVMPrintModuleToFile(m, argv[2], &msg)) {
    fprintf(stderr, "sm-vectorize: %s: %s\n", argv[2], msg);
    return 1;
  }
  LLVMDisposeModule(m);
  LLVMContextDispose(c);
  return 0;
}
