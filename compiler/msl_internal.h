/* msl_internal.h — the shared state of the MSL backend's passes (like QBE's
 * all.h). Each pass lives in its own file and is declared here:
 *
 *   compile.c    msl_compile: the passes below in order
 *   module.c     load and verify the IR, find kernels and module globals
 *   passes.c     LLVM pipeline: inline everything, clean up, scalarize,
 *                normalise control flow (lower-switch ... unify-loop-exits,
 *                structurizecfg when needed)
 *   switches.c   switch as a chain of branches (before lower-switch)
 *   abi.c        CUDA parameter-block layout of each kernel
 *   addrspace.c  which MSL address space every pointer value lives in
 *   cfg.c        dominators, post-dominators and loops of a function
 *   structurize.c  structured if/while/break/continue emission of the CFG
 *   emit.c       MSL text of types, operands and instructions
 *   intrinsics.c MSL of intrinsic calls
 *   atomics.c    atomics as MSL 32-bit relaxed atomics and CAS loops
 *   fp64.c       double arithmetic as calls into fp64.metal (software binary64)
 *   kernel.c     kernel signature, prologue and assembly of each kernel
 *   verify.c     checks of the backend's own output
 *   table.c      the device-module blob writer
 *   diag.c       clang-style diagnostics with source locations
 *   util.c       growable strings and pointer maps
 */
#ifndef ANCHOR_MSL_INTERNAL_H
#define ANCHOR_MSL_INTERNAL_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdarg.h>
#include <stddef.h>

#include "anchor_msl.h"

/* ---- util.c ---------------------------------------------------------- */

/* Growable NUL-terminated string; zero-initialised is empty. */
typedef struct msl_buf {
  char *data;
  size_t len, cap;
} msl_buf;

void msl_buf_put(msl_buf *b, const char *s);
void msl_buf_printf(msl_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void msl_buf_vprintf(msl_buf *b, const char *fmt, va_list ap);
/* Return the contents (malloc'd, caller frees) and leave `b` empty. */
char *msl_buf_take(msl_buf *b);
void msl_buf_free(msl_buf *b);

/* Open-addressing map from pointers to ints; zero-initialised is empty. */
typedef struct msl_map {
  const void **keys;
  int *values;
  size_t cap, count;
} msl_map;

int msl_map_get(const msl_map *m, const void *key, int missing);
void msl_map_set(msl_map *m, const void *key, int value);
void msl_map_free(msl_map *m);

/* ---- the module ------------------------------------------------------ */

/* Where a pointer value points, hence its MSL representation:
 * DEVICE  — ulong holding the CUDA address (global/generic memory),
 * PRIVATE — thread uchar* (allocas, copied by-value params),
 * PARAM   — constant uchar* into the kernel's parameter block,
 * SHARED, DYN_SHARED — threadgroup uchar* (__shared__ variables);
 * GENERIC — ulong: (tag << 56) | offset from the base of the space the tag
 *           names (0 device, where the "offset" is the CUDA address itself;
 *           1 anchor_priv, 2 anchor_params, 3 anchor_smem, 4 anchor_dyn_smem). */
typedef enum msl_space {
  MSL_SPACE_NONE = 0,
  MSL_SPACE_DEVICE,
  MSL_SPACE_PRIVATE,
  MSL_SPACE_PARAM,
  MSL_SPACE_SHARED,     /* static __shared__: anchor_smem */
  MSL_SPACE_DYN_SHARED, /* extern __shared__: anchor_dyn_smem */
  MSL_SPACE_GENERIC,    /* several of the above: a tagged ulong */
} msl_space;

typedef struct msl_param {
  unsigned offset, size, align;
  int byval;
} msl_param;

typedef struct msl_kernel {
  LLVMValueRef fn;
  const char *name; /* owned by LLVM */
  msl_param *params;
  unsigned nparams;
  unsigned param_bytes;
  unsigned static_smem; /* bytes of __shared__ variables it uses */
  int dynamic_smem;     /* uses extern __shared__ */
  char *msl;            /* its MSL function (malloc'd), once emitted */
} msl_kernel;

typedef struct msl_global {
  LLVMValueRef var;
  const char *name;
  unsigned index, size, align;
  int constant;
  unsigned char *init; /* malloc'd, size bytes (all zero when uninitialised) */
} msl_global;

typedef struct msl_ctx {
  const char *path;
  LLVMContextRef llctx;
  LLVMModuleRef mod;
  LLVMTargetDataRef layout;
  msl_kernel *kernels;
  unsigned nkernels;
  msl_global *globals;
  unsigned nglobals;
  msl_map global_index; /* global variable -> index into globals */
  int failed;
  int unstructured; /* emission failed only because the CFG needs structurizecfg */
  int uses_fp64;    /* some kernel calls the fp64.metal prelude */
  int uses_warp;    /* some kernel calls msl_warp_prelude's helpers */
  int uses_fence;   /* some kernel calls msl_fence_prelude's helpers */
  msl_buf diags;
  msl_buf msl; /* the MSL source being built */
} msl_ctx;

/* ---- per-function state ---------------------------------------------- */

typedef struct msl_loop {
  int header;
  int exit;            /* the single exit block, -1 when the loop never exits */
  unsigned char *body; /* body[b] != 0 when block b is in the loop */
  /* Immediate post-dominators within one iteration: in the body, edges to
   * the header (continue) going to one sink and edges out of the loop
   * (break) ignored, as paths that need no merge; -1 for the sink or none.
   * Merge points of branches inside the loop. */
  int *ipdom;
} msl_loop;

typedef struct msl_cfg {
  unsigned nblocks;
  LLVMBasicBlockRef *blocks;
  msl_map index; /* block -> number */
  unsigned *nsucc;
  int (*succ)[2]; /* after lower-switch every terminator has <= 2 successors */
  int *idom;      /* immediate dominator, -1 for the entry */
  int *ipdom;     /* immediate post-dominator, -1 for exits / none */
  msl_loop *loops;
  unsigned nloops;
  int *loop_of_header; /* block -> loop index, -1 when not a header */
} msl_cfg;

typedef struct msl_func {
  msl_ctx *ctx;
  msl_kernel *kernel;
  LLVMValueRef fn;
  msl_map value_id; /* instruction/argument -> variable number */
  msl_map declared; /* values whose variable was declared */
  unsigned next_id;
  msl_map space;          /* pointer value -> msl_space */
  msl_map private_copy;   /* byval argument -> 1 when copied to a thread array */
  msl_map smem;           /* __shared__ global used -> offset in anchor_smem, -1: dynamic */
  msl_map private_offset; /* alloca / copied byval arg -> offset in anchor_priv */
  msl_map space_mask;     /* generic pointer value -> mask of the spaces it may point into */
  int uses_sync_counter;  /* __syncthreads_count/and/or need anchor_sync */
  msl_cfg cfg;
  unsigned *emitted; /* per block: times its code was emitted */
  /* C++ scopes of the structured body (structurize.c): each if-arm and loop
   * body opens one; block_scope[b] is the scope block b's code is in. A
   * first, dry pass fills them so that emit.c can declare a value where it
   * is computed when all its uses are in that scope or nested ones. */
  int dry_run;
  int *block_scope;
  int *scope_parent;
  int nscopes, scope_cap, scope;
  msl_buf decls, body;
  int indent;
} msl_func;

/* ---- passes ------------------------------------------------------------ */

/* diag.c: record "file:line:col: error: <message>" located at `at` (an
 * instruction, a function or a global; NULL for no location). Returns 0 so
 * callers can `return msl_error(...)`. */
int msl_error(msl_ctx *ctx, LLVMValueRef at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* module.c. Each returns 1, or 0 after recording a diagnostic (msl_error);
 * none is thread-safe on one ctx (LLVM contexts are single-threaded).
 *
 * msl_module_load: reads `path` (textual IR or bitcode; borrowed, kept in
 * ctx->path for diagnostics) into a new LLVM context owned by ctx
 * (ctx->llctx, ctx->mod, ctx->layout); fails on unreadable, invalid,
 * unverifiable or non-NVPTX input. ctx must be zeroed before.
 * msl_module_find_kernels: after a load, fills ctx->kernels (owned by ctx)
 * with every function nvvm.annotations marks "kernel" (nodes of any length)
 * or with the ptx_kernel calling convention, each once; fails on a kernel
 * without a body or that does not return void.
 * msl_module_collect_globals: fills ctx->globals (owned by ctx, init bytes
 * malloc'd) with every non-__shared__ variable, in module order, and maps
 * each to its index in ctx->global_index; fails on external or
 * thread-local variables and initialisers it cannot serialise.
 * msl_module_free: releases everything ctx owns (safe on a ctx whose load
 * failed part-way); ctx must not be used afterwards. */
int msl_module_load(msl_ctx *ctx, const char *path);
int msl_module_find_kernels(msl_ctx *ctx);
int msl_module_collect_globals(msl_ctx *ctx);
void msl_module_free(msl_ctx *ctx);

/* passes.c: run the LLVM pipeline on ctx->mod in place (after
 * msl_module_find_kernels); errors for recursion and leftover calls. Returns
 * 1, or 0 after a diagnostic. Sets no process-wide LLVM option; not
 * thread-safe on one ctx (NVPTX target initialisation is global but
 * idempotent). msl_passes_structurize runs structurizecfg, after which every
 * conditional branch's arms are disjoint up to its immediate post-dominator. */
int msl_passes_run(msl_ctx *ctx);
int msl_passes_structurize(msl_ctx *ctx);

/* switches.c: every switch of the kernels as a chain of conditional branches
 * (one per distinct target); run by msl_passes_run before lower-switch. */
int msl_switches_to_chains(msl_ctx *ctx);

/* abi.c: fill kernel->params and param_bytes from the IR signature. */
int msl_abi_layout(msl_ctx *ctx, msl_kernel *kernel);

/* addrspace.c: decide f->space for every pointer value of the function. */
int msl_addrspace_analyze(msl_func *f);
/* The space of any pointer operand (constants included); for a generic
 * pointer, msl_addrspace_mask gives the spaces it may point into (bits
 * 1 << msl_space). */
msl_space msl_addrspace_of(msl_func *f, LLVMValueRef v);
unsigned msl_addrspace_mask(msl_func *f, LLVMValueRef v);

/* cfg.c */
int msl_cfg_build(msl_func *f);
void msl_cfg_free(msl_cfg *cfg);
int msl_cfg_in_loop(const msl_cfg *cfg, int loop, int block);

/* structurize.c: emit the function body as structured MSL into f->body.
 * msl_scope_encloses: is block `inner`'s code within the C++ scope that
 * block `outer`'s code is in (same scope or nested)? */
int msl_structurize(msl_func *f);
int msl_scope_encloses(const msl_func *f, int outer, int inner);

/* emit.c: MSL text of types, operands and instructions. */
#define NOT_SUPPORTED "is not supported by Anchor's Metal backend"

/* Expression builder for one instruction: `e` collects the MSL; `ok` drops
 * to 0 after an error (already reported). */
typedef struct msl_inst {
  msl_func *f;
  LLVMValueRef i;
  msl_buf e;
  int ok;
} msl_inst;

void msl_inst_put(msl_inst *in, const char *s);
void msl_inst_printf(msl_inst *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void msl_inst_operand(msl_inst *in, unsigned k); /* operand k */
void msl_inst_signed(msl_inst *in, unsigned k);  /* operand k as a signed int */
/* *reinterpret_cast<space T*>(p [+ extra] [+ delta]): an lvalue of type T at p. */
void msl_inst_deref(msl_inst *in, LLVMValueRef p, const char *type, const char *extra);
int msl_inst_unsupported(msl_inst *in, const char *what);  /* error "<what> is not supported" */
unsigned msl_int_bits(LLVMTypeRef ty);                     /* 0 for non-integers */
const char *msl_uint_name(unsigned bits);                  /* bool/uchar/ushort/uint/ulong */
const char *msl_sint_name(unsigned bits);                  /* char/short/int/long */
const char *msl_wide_name(unsigned bits);                  /* uint, or ulong for 64 */
const char *msl_memory_type(msl_inst *in, LLVMTypeRef ty); /* type of a load/store */
/* MSL type of a value (pointers per space); NULL after an error at `at`. */
const char *msl_value_type(msl_func *f, LLVMValueRef at, LLVMTypeRef ty, msl_space s);
int msl_value_id(msl_func *f, LLVMValueRef v); /* the N of variable vN */

/* intrinsics.c: the MSL of a call (all calls are intrinsics by then).
 * msl_call_only_moves: the intrinsic only moves bits (memcpy, __ldg,
 * annotations), so it may touch double values. */
void msl_emit_call(msl_inst *in);
/* __syncthreads_count/_and/_or (llvm.nvvm.barrier0.popc/and/or): emitted as
 * lines (declares its value); msl_is_barrier_reduction recognises them. */
int msl_is_barrier_reduction(LLVMValueRef call);
int msl_emit_barrier_reduction(msl_func *f, LLVMValueRef call);
int msl_call_only_moves(const char *name);
int msl_ignored_intrinsic(const char *name); /* assume, lifetime, dbg ...: no code */
extern const char msl_warp_prelude[];        /* helpers of warp shuffles */
extern const char msl_fence_prelude[];       /* anchor_threadfence[_block]() */
/* A memory fence: device != 0 for __threadfence (device scope), 0 for
 * __threadfence_block (threadgroup scope); sets ctx->uses_fence. */
void msl_emit_fence(msl_inst *in, int device);

/* atomics.c: atomicrmw/cmpxchg emitted as lines (declares its value);
 * extractvalue of a cmpxchg; relaxed atomic load (expression) and store
 * (statement) into in->e. */
int msl_emit_atomic(msl_func *f, LLVMValueRef i);
int msl_is_atomic_call(LLVMValueRef call); /* an NVVM atomic intrinsic */
int msl_emit_atomic_extract(msl_inst *in);
int msl_emit_atomic_load(msl_inst *in);
int msl_emit_atomic_store(msl_inst *in);

/* fp64.c: an instruction computing on doubles (arithmetic, comparison,
 * conversion, fabs/minnum/maxnum/copysign/fmuladd) as anchor_f64_* calls;
 * the prelude text itself (fp64.metal, embedded at build time). */
void msl_emit_double(msl_inst *in);
extern const char msl_fp64_prelude[];

/* kernel.c: msl_emit_kernel writes one kernel's MSL function into k->msl
 * (and its table facts into k); msl_emit_module joins the header and every
 * kernel's function into ctx->msl. */
int msl_emit_kernel(msl_ctx *ctx, msl_kernel *k);
void msl_emit_module(msl_ctx *ctx);
int msl_emit_block_code(msl_func *f, LLVMBasicBlockRef bb);
int msl_emit_phi_copies(msl_func *f, LLVMBasicBlockRef from, LLVMBasicBlockRef to);
/* MSL expression for an i1 branch condition. */
int msl_emit_condition(msl_func *f, LLVMValueRef cond, msl_buf *out);
void msl_emit_line(msl_func *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* verify.c */
int msl_verify_function(msl_func *f);
int msl_verify_source(msl_ctx *ctx, const char *msl);

/* table.c: the device module of ctx (its kernels, globals and ctx->msl) as
 * a blob (common/module.h) in out->blob, and the MSL alone in out->msl.
 * Takes ctx->msl (it is left empty). Returns 0 after an error (out of
 * memory, reported), leaving out untouched. */
int msl_table_write(msl_ctx *ctx, msl_output *out);

#endif
