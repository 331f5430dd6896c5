/* msl_internal.h — the shared state of the MSL backend's passes (like QBE's
 * all.h). Each pass lives in its own file and is declared here. Prefixes:
 * strbuf_/ptrmap_ (util.c, generic containers), ir_ (util.c, IR queries), cfg_ (the CFG analysis),
 * abi_ (CUDA parameter layout), lower_ (IR->IR passes), module_ (the input
 * IR, module.c), pipeline_ (the LLVM pipeline, passes.c), diag_ (diagnostics),
 * msl_ (what is about
 * MSL: address spaces, emission, verification, the module writer).
 *
 *   compile.c    msl_compile: the passes below in order
 *   module.c     load and verify the IR, find kernels and module globals
 *   devlib.c     link Anchor's device library (devlib.bc) when the module
 *                calls it, before the pipeline inlines
 *   abi.c        CUDA parameter-block layout of each kernel
 *   passes.c     LLVM pipeline: inline everything, clean up, scalarize,
 *                normalise control flow (lower-switch ... unify-loop-exits;
 *                structurizecfg for the kernels that need it)
 *   lower_vectors.c  IR->IR: vector loads/stores one element at a time
 *   lower_unaligned.c  IR->IR: under-aligned loads/stores as aligned pieces
 *   lower_vector_ops.c  IR->IR: vector reductions, bitcasts between counts
 *                (in the pipeline, before LLVM's scalarizer)
 *   switches.c   IR->IR: switch as a chain of branches (before lower-switch)
 *   lower_ftz.c     IR->IR, first, under -ftz=true: float subnormals flushed
 *   lower_div.c     IR->IR, before devlib.c: float/half division ->
 *                   the device library's __anchor_fdiv_rn/_full calls
 *   lower_convert.c IR->IR, before devlib.c: float -> integer casts -> the
 *                   device library's saturating __anchor_*2*_rz calls
 *   lower_libcalls.c IR->IR, before devlib.c: vprintf, malloc/free, new/
 *                   delete, __assert_fail, llvm.trap, the clock registers ->
 *                   the device library's __anchor_* services
 *   lower_math.c    IR->IR: float/half sqrt -> anchor_f32_sqrt, llvm.is.fpclass
 *                   -> integer tests on the bits
 *   retype_fp64.c   IR->IR, --fp64=demote|fast|error after the pipeline:
 *                   every double value as a float or a double-float pair
 *                   (memory keeps binary64), or an error for double
 *                   arithmetic; and demote's calls of the double library
 *                   as calls of the float one (before the pipeline)
 *   lower_fp64.c    IR->IR: double operations -> anchor_f64_* calls
 *   lower_memory.c  IR->IR: memcpy/memmove/memset -> anchor_mem* calls
 *   lower_atomics.c IR->IR: 32-bit atomics -> anchor_atomic_* calls
 *   lower_asm.c     IR->IR, before devlib.c: inline PTX -> IR (ptx_parse.c
 *                   reads the asm text, ptx.h; ptx_xlate.h's ptx_*.c
 *                   translate the instructions)
 *   addrspace.c  which MSL address space every pointer value lives in
 *   cfg.c        dominators, post-dominators and loops of a function
 *   structurize.c  structured if/while/break/continue emission of the CFG
 *   emit.c       MSL of instructions and of a block's code (the opcode rows)
 *   intrinsics.c MSL of intrinsic and anchor_* helper calls (the call rows)
 *   atomics.c    the rows of atomics: MSL 32-bit relaxed atomics, CAS loops
 *   texture.c    the rows of the texture/surface intrinsics, the record structs
 *   fp64.c       the rows of anchor_f64_*: calls into fp64.metal (software
 *                binary64)
 *   operand.c    MSL text of types, operands and dereferences
 *   kernel.c     kernel signature, prologue and assembly of each kernel
 *   smem_spill.c which __shared__ variables go to device memory when they
 *                do not all fit in threadgroup memory, and their offsets
 *   verify.c     checks of the backend's own output
 *   table.c      the device module (common/module.h's writer)
 *   fp16.c       IEEE binary16 from a double (fp16.h), for constants
 *   diag.c       clang-style diagnostics with source locations
 *   util.c       growable strings and pointer maps
 *
 * Calls go one way only (no two files call each other; the CTest test
 * "layering" checks it on the objects):
 *   compile -> module, devlib, abi, passes (-> lower_vectors, switches), lower_*, retype_fp64,
 *              kernel, verify, table
 *   kernel -> structurize -> emit -> {atomics, intrinsics, fp64} -> operand
 *   intrinsics -> texture -> operand;  kernel -> texture (the record structs)
 *   kernel -> cfg, addrspace, operand, smem_spill;  operand -> addrspace -> util, diag
 *   smem_spill -> util, diag
 *   lower_atomics -> atomics (operation names only)
 *   lower_asm -> ptx_parse, ptx_{integer,move,float,memory,sync} -> ptx_xlate -> lower
 *   (ptx_integer -> ptx_float for the float forms of add/mul/div)
 */
/* Contracts that hold for every declaration below unless it says otherwise:
 * nothing is thread-safe (one compilation at a time: LLVM values, LLVM's
 * process-global options); a function returning int returns 1 on success
 * and 0 after recording a located diagnostic in ctx->diags (ctx->failed);
 * running out of memory aborts (util.c); pointers passed in are borrowed. */
#ifndef ANCHOR_MSL_INTERNAL_H
#define ANCHOR_MSL_INTERNAL_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdarg.h>
#include <stddef.h>

#include "abi.h"
#include "anchor_msl.h"
#include "fp16.h"
#include "target.h"

/* MSL spellings of common/'s constants, for string literals. */
#define MSL_DELTA                                                                                  \
  AC_ABI_CONTEXT "[" AC_ABI_STR(AC_ABI_CONTEXT_DELTA) "]" /* the CUDA address delta */
#define MSL_WARP_SIZE AC_ABI_STR(AC_SIMD_WIDTH) "u"
#define MSL_FENCE_VERSION AC_ABI_STR(AC_MSL_FENCE_MAJOR) AC_ABI_STR(AC_MSL_FENCE_MINOR) "0"

/* ---- util.c ---------------------------------------------------------- */

/* Growable NUL-terminated string; zero-initialised is empty. */
typedef struct strbuf {
  char *data;
  size_t len, cap;
} strbuf;

/* Append to b (growing it; never fails: out of memory aborts). */
void strbuf_put(strbuf *b, const char *s);
void strbuf_putn(strbuf *b, const char *s, size_t n); /* n bytes of s */
void strbuf_printf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(strbuf *b, const char *fmt, va_list ap);
/* Return the contents (malloc'd, caller frees) and leave `b` empty. */
char *strbuf_take(strbuf *b);
void strbuf_free(strbuf *b); /* releases the data, leaves b empty */

/* Open-addressing map from pointers to ints; zero-initialised is empty. */
typedef struct ptrmap {
  const void **keys;
  int *values;
  size_t cap, count;
} ptrmap;

/* The value of key (non-NULL), `missing` when absent; set inserts or
 * replaces (growing; out of memory aborts); free releases, leaves m empty. */
int ptrmap_get(const ptrmap *m, const void *key, int missing);
void ptrmap_set(ptrmap *m, const void *key, int value);
void ptrmap_free(ptrmap *m);

/* The name of the function a call instruction calls (owned by LLVM, valid
 * while the function lives); "" for an indirect call. Pure; not
 * thread-safe only as LLVM values are not. */
const char *ir_callee_name(LLVMValueRef call);
/* Is i's result or one of its operands a double? Pure. */
int ir_touches_double(LLVMValueRef i);

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
  unsigned static_smem; /* bytes of __shared__ variables it keeps in threadgroup memory */
  unsigned
      spill_bytes;  /* bytes of __shared__ variables in device memory, per block (smem_spill.c) */
  int dynamic_smem; /* uses extern __shared__ */
  unsigned long long cuda_smem; /* CUDA's static __shared__ bytes (smem_cuda_bytes) */
  unsigned max_threads; /* __launch_bounds__'s maxThreadsPerBlock (maxntid x*y*z), 0 if none */
  char *msl;            /* its MSL function (malloc'd), once emitted */
} msl_kernel;

typedef struct msl_global {
  LLVMValueRef var;
  const char *name;
  unsigned index, size, align;
  int constant;
  unsigned char *init; /* malloc'd, size bytes (all zero when uninitialised) */
  /* addresses of globals in the initialiser (their bytes in init are 0):
   * at offset, the address of global `target` (an index) plus addend */
  struct msl_address {
    unsigned offset, target;
    unsigned long long addend;
  } *addresses; /* malloc'd */
  unsigned naddresses;
} msl_global;

/* The MSL preludes (helper functions) a module may need, emitted once each
 * before the kernels when some kernel uses them (kernel.c). */
enum {
  MSL_PRELUDE_FP64 = 1,              /* fp64.metal: software binary64, anchor_f64_* */
  MSL_PRELUDE_MATH = 2,              /* msl_math_prelude: anchor_f32_sqrt */
  MSL_PRELUDE_WARP = 4,              /* msl_warp_prelude: anchor_shfl_lane */
  MSL_PRELUDE_FENCE = 8,             /* msl_fence_prelude: anchor_threadfence[_block] */
  MSL_PRELUDE_TEXTURE = 16,          /* msl_texture_prelude: surface texels as bytes */
  MSL_PRELUDE_TEXFILTER = 32,        /* msl_texfilter_prelude: CUDA's sampling by hand */
  MSL_PRELUDE_SIMDGROUP_MATRIX = 64, /* msl_simdgroup_matrix_prelude: anchor_sgmma_* */
  MSL_PRELUDE_SPILL = 128            /* msl_spill_prelude: the overflow area's slots */
};

/* The texture records a module's calls view (texture.c): per shape (1d 2d 3d
 * 1da 2da cube cubea buf), sample class (int, uint, float) and access
 * (sampled, surface read, surface write), one struct declaration. */
enum { MSL_TEXTURE_SHAPES = 8, MSL_TEXTURE_CLASSES = 3, MSL_TEXTURE_ACCESSES = 3 };

typedef struct msl_ctx {
  const char *path;
  LLVMContextRef llctx;
  LLVMModuleRef mod;
  LLVMTargetDataRef layout;
  msl_kernel *kernels;
  unsigned nkernels;
  msl_global *globals;
  unsigned nglobals;
  ptrmap global_index; /* global variable -> index into globals */
  int failed;
  /* where an error reported without a location (diag_error(ctx, NULL, ...))
   * points: the kernel or instruction being emitted (kernel.c, emit.c) */
  LLVMValueRef diag_at;
  unsigned preludes; /* MSL_PRELUDE_*: the preludes some kernel calls into */
  /* texture.c: record structs some kernel uses (by shape, class, access) */
  unsigned char texture_records[MSL_TEXTURE_SHAPES * MSL_TEXTURE_CLASSES * MSL_TEXTURE_ACCESSES];
  strbuf diags;
  strbuf msl; /* the MSL source being built */
} msl_ctx;

/* ---- per-function state ---------------------------------------------- */

typedef struct cfg_loop {
  int header;
  int exit;            /* the single exit block, -1 when the loop never exits */
  unsigned char *body; /* body[b] != 0 when block b is in the loop */
  /* Immediate post-dominators within one iteration: in the body, edges to
   * the header (continue) going to one sink and edges out of the loop
   * (break) ignored, as paths that need no merge; -1 for the sink or none.
   * Merge points of branches inside the loop. */
  int *ipdom;
} cfg_loop;

typedef struct cfg_info {
  unsigned nblocks;
  LLVMBasicBlockRef *blocks;
  ptrmap index; /* block -> number */
  unsigned *nsucc;
  int (*succ)[2]; /* after lower-switch every terminator has <= 2 successors */
  int *idom;      /* immediate dominator, -1 for the entry */
  int *ipdom;     /* immediate post-dominator, -1 for exits / none; blocks
                   * ending in `unreachable` are no exits (unless nothing
                   * returns): paths into them need no merge */
  cfg_loop *loops;
  unsigned nloops;
  int *loop_of_header; /* block -> loop index, -1 when not a header */
} cfg_info;

/* addrspace.c's result: the MSL space of every pointer value. */
typedef struct msl_spaces {
  ptrmap space;        /* pointer value -> msl_space */
  ptrmap mask;         /* generic pointer value -> mask of the spaces it may point into */
  ptrmap private_copy; /* byval argument -> 1 when copied to a thread array */
} msl_spaces;

/* kernel.c's memory layout of one kernel. */
typedef struct msl_layout {
  ptrmap smem;           /* __shared__ global used -> offset in anchor_smem, -1: dynamic */
  ptrmap spill;          /* __shared__ global in device memory -> offset in the block's slot */
  int dynamic_in_device; /* the dynamic-spill variant: extern __shared__ in the slice too */
  int spill_slot;        /* the kernel claims a slot of the overflow area (anchor_spill_slot): every
                          * return releases it (structurize.c) */
  int spill_slot_borrows; /* its index goes through anchor_smem's first word (smem_layout) */
  ptrmap private_offset;  /* alloca / copied byval arg -> offset in anchor_priv */
} msl_layout;

/* structurize.c's result and walk state. C++ scopes of the structured
 * body: each if-arm and loop body opens one; block_scope[b] is the scope
 * block b's code is in. A first, dry pass fills them so that emit.c can
 * declare a value where it is computed when all its uses are in that scope
 * or nested ones (msl_scope_encloses reads only this struct). */
typedef struct msl_scopes {
  int *block_scope;  /* per block; -2: not emitted (unreachable) */
  int *parent;       /* per scope; -1 for the function body */
  int count, cap;    /* scopes in use, allocated */
  int current;       /* the scope being emitted into */
  int dry_run;       /* walking only: no text */
  unsigned *emitted; /* per block: times its code was emitted (verify.c) */
  /* When a walk could not go on structured: the block, and why (the
   * construct, for the error message); -1 otherwise. */
  int unstructured_block;
  const char *unstructured_why;
} msl_scopes;

/* Is block `inner`'s code within the C++ scope that block `outer`'s code
 * is in (same scope or nested)? Both blocks must have been walked. */
static inline int msl_scope_encloses(const msl_scopes *s, int outer, int inner) {
  int target = s->block_scope[outer];
  for (int k = s->block_scope[inner]; k >= 0; k = s->parent[k])
    if (k == target) return 1;
  return 0;
}

/* The emitter's output for one function: variable names, declarations and
 * the body's lines (written by emit.c, atomics.c, intrinsics.c, kernel.c). */
typedef struct msl_text {
  ptrmap value_id; /* instruction/argument -> variable number */
  ptrmap declared; /* values whose variable was declared */
  unsigned next_id;
  strbuf decls, body;
  int indent;
  int uses_sync_counter; /* __syncthreads_count/and/or need anchor_sync */
} msl_text;

/* One kernel being emitted: each pass owns one member. */
typedef struct msl_func {
  msl_ctx *ctx;
  msl_kernel *kernel;
  LLVMValueRef fn;
  cfg_info cfg;      /* cfg.c */
  msl_spaces spaces; /* addrspace.c */
  msl_layout layout; /* kernel.c */
  msl_scopes scopes; /* structurize.c */
  msl_text text;     /* emit.c and the files it calls */
} msl_func;

/* ---- passes ------------------------------------------------------------ */

/* diag.c: record "file:line:col: error: <message>" located at `at` (an
 * instruction, a function or a global; NULL for no location). Returns 0 so
 * callers can `return diag_error(...)`. */
int diag_error(msl_ctx *ctx, LLVMValueRef at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* diag.c: "file: " for a diagnostic without a line: the user's file (the
 * IR's source_filename), else the input's path. */
void diag_put_file(msl_ctx *ctx);

/* module.c. Each returns 1, or 0 after recording a diagnostic (diag_error);
 * none is thread-safe on one ctx (LLVM contexts are single-threaded).
 *
 * module_load: reads `path` (textual IR or bitcode; borrowed, kept in
 * ctx->path for diagnostics) into a new LLVM context owned by ctx
 * (ctx->llctx, ctx->mod, ctx->layout); fails on unreadable, invalid,
 * unverifiable or non-NVPTX input. ctx must be zeroed before.
 * module_find_kernels: after a load, fills ctx->kernels (owned by ctx)
 * with every function nvvm.annotations marks "kernel" (nodes of any length)
 * or with the ptx_kernel calling convention, each once; fails on a kernel
 * without a body or that does not return void.
 * module_collect_globals: fills ctx->globals (owned by ctx, init bytes
 * malloc'd) with every non-__shared__ variable, in module order, and maps
 * each to its index in ctx->global_index; fails on external or
 * thread-local variables and initialisers it cannot serialise.
 * module_free: releases everything ctx owns (safe on a ctx whose load
 * failed part-way); ctx must not be used afterwards. */
int module_load(msl_ctx *ctx, const char *path);
int module_find_kernels(msl_ctx *ctx);
int module_collect_globals(msl_ctx *ctx);
void module_free(msl_ctx *ctx);

/* devlib.c: when ctx->mod declares a function of Anchor's device library
 * (a name beginning with "__anchor_"), link the bitcode file at `path` into
 * it (the library's functions become ordinary definitions that
 * pipeline_run inlines and drops when unused); otherwise do nothing and
 * read nothing. A NULL path, an unreadable or invalid file, a failed link
 * or a referenced function the library lacks is an error. Returns 1, or 0
 * after a diagnostic. Run after module_find_kernels, before pipeline_run. */
int devlib_link(msl_ctx *ctx, const char *path);

/* passes.c: run the LLVM pipeline on ctx->mod in place (after
 * module_find_kernels); errors for recursion and leftover calls. Returns
 * 1, or 0 after a diagnostic. Sets no process-wide LLVM option; not
 * thread-safe on one ctx (NVPTX target initialisation is global but
 * idempotent). pipeline_structurize gives every void function a single exit
 * block (its return and `unreachable` blocks branch to it) and runs
 * structurizecfg, after which every conditional branch's arms are disjoint
 * up to its immediate post-dominator. */
int pipeline_run(msl_ctx *ctx);
int pipeline_structurize(msl_ctx *ctx);
/* pipeline_vectorize (passes.c, the last IR step before emission): consecutive
 * aligned loads and stores joined into vector accesses by LLVM's infer-alignment and
 * load-store-vectorizer, then lower_vector_legalize (lower_vectors.c): the vector
 * accesses MSL has no type for (3 elements, more than 4, pointers) split into ones it
 * has (2 or 4 elements of 8- to 64-bit integers, half, float, double). */
int pipeline_vectorize(msl_ctx *ctx);
int lower_vector_legalize(msl_ctx *ctx);

/* switches.c: every switch of the kernels as a chain of conditional branches
 * (one per distinct target); run by pipeline_run before lower-switch. */
int lower_switches(msl_ctx *ctx);

/* lower.c: the lowerings' shared protocol.
 * lower_declare: the helper `name` of function type `type` in ctx->mod,
 * declared on first use (nounwind; with LOWER_PURE also willreturn and
 * memory(none), so that unused calls are removed); one name has one type.
 * lower_call: a call of helper fn with args, inserted before instruction
 * `at` with at's debug location. lower_replace: old's uses take
 * replacement (NULL when old has none), then old is erased.
 * lower_per_element: the value of type `type` computed before instruction
 * `at` (with its debug location) by fn from the n operands: fn(ctx, b, at,
 * type, operands, data) for a scalar type; for a vector type fn once per
 * element k, on the operands' elements k (vector operands extracted, scalar
 * ones as they are) with the element type, the results inserted into a
 * vector. fn builds with b (positioned before `at`, or where fn leaves it
 * before `at`). n at most LOWER_MAX_OPERANDS.
 * lower_each_instruction: visit(ctx, builder, i) for every instruction of
 * every function, in order; visit may replace i. Returns 1. None fails or
 * allocates anything the caller frees. */
enum { LOWER_PURE = 1, LOWER_MAX_OPERANDS = 8 };
typedef void lower_visit_fn(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i);
typedef LLVMValueRef lower_element_fn(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef at,
                                      LLVMTypeRef type, LLVMValueRef *operands, void *data);
LLVMValueRef lower_per_element(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef at, LLVMTypeRef type,
                               LLVMValueRef *operands, unsigned n, lower_element_fn *fn,
                               void *data);
LLVMValueRef lower_declare(msl_ctx *ctx, const char *name, LLVMTypeRef type, unsigned flags);
LLVMValueRef lower_call(LLVMBuilderRef b, LLVMValueRef at, LLVMValueRef fn, LLVMValueRef *args,
                        unsigned n);
void lower_replace(LLVMValueRef old, LLVMValueRef replacement);
/* lower_start_kernels_reaching: in every kernel that calls one of the functions
 * named in `targets` (NULL-terminated), directly or through the functions it
 * calls, a call of the helper `start` (void, no arguments, declared here) as its
 * first instruction after the entry block's allocas. Returns the number of
 * kernels changed. */
unsigned lower_start_kernels_reaching(msl_ctx *ctx, const char *const *targets, const char *start);
/* lower_byte_pointer: `pointer` + offset bytes (an i8 GEP placed by b; pointer itself for
 * 0). lower_copy_access: a piece of the access `from` (load/store) gets its volatility and
 * the alignment `align`. */
LLVMValueRef lower_byte_pointer(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef pointer,
                                unsigned long long offset);
void lower_copy_access(LLVMValueRef from, LLVMValueRef to, unsigned align);
int lower_each_instruction(msl_ctx *ctx, lower_visit_fn *visit);

/* IR->IR lowerings (lower_*.c): each rewrites instructions the emitter has
 * no row for into calls of anchor_* helpers declared in the module and
 * defined in an MSL prelude, so the emitter prints them as plain calls.
 * Each takes the whole module, may run alone (anchor-msl --run-pass) and
 * returns 0 after a reported error. Not thread-safe (LLVM values).
 * lower_ftz (first, before lower_div and devlib_link, when the module flag
 * nvvm-reflect-ftz is 1: -ftz=true): float operations and the library's
 * float arguments and results flushed (subnormal -> zero of its sign).
 * lower_div (run before devlib_link, so its calls are linked): float and
 * half fdiv -> __anchor_fdiv_rn, or __anchor_fdiv_full with `arcp`
 * (the device library's functions, not an MSL prelude's).
 * lower_convert (also before devlib_link): fptosi/fptoui from half, float
 * or double -> __anchor_{float,double}2{int,uint,ll,ull}_rz (CUDA's
 * saturating cvt.rzi), narrower results truncated from 32 bits.
 * lower_math: float/half square roots -> anchor_f32_sqrt; scalar
 * llvm.is.fpclass -> integer tests on the bits (before lower_fp64).
 * lower_fp64: arithmetic, comparisons, conversions and math intrinsics on
 * doubles -> anchor_f64_* (rows in fp64.c).
 * lower_memory: memcpy/memmove/memset -> anchor_mem*.U (U the copy unit).
 * lower_atomics: relaxed 32-bit atomicrmw/cmpxchg and NVVM atomicInc/Dec
 * -> anchor_atomic_<op> (rows in atomics.c).
 * lower_vector_memory (lower_vectors.c, run by pipeline_run before LLVM's
 * scalarizer): every simple vector load and store -> one per element, as
 * the scalarizer's load-store option would, without setting that
 * process-wide option; never fails.
 * lower_vector_ops (lower_vector_ops.c, run next): llvm.vector.reduce.* and
 * bitcasts between element counts -> operations on elements; never fails. */
int lower_ftz(msl_ctx *ctx);
int lower_div(msl_ctx *ctx);
int lower_convert(msl_ctx *ctx);
/* lower_libcalls (before devlib_link): the C library's functions device
 * code calls (vprintf, malloc, free, operator new/delete, __assert_fail),
 * llvm.trap and the clock/globaltimer registers -> the device library's
 * __anchor_* definitions (lower_libcalls.c has the table); nanosleep
 * removed. */
int lower_libcalls(msl_ctx *ctx);
/* Whether lower_libcalls maps calls of the function called name onto the
 * device library (the device link takes such a declaration as defined). */
bool lower_libcall_known(const char *name);
int lower_math(msl_ctx *ctx);
int lower_atomics(msl_ctx *ctx);
/* Before devlib_link and after it, in this order: lower_atomics_order (lower_atomics_order.c):
 * atomics stronger than relaxed -> relaxed between fences; lower_atomics_wide
 * (lower_atomics_wide.c): 8/16/64-bit atomicrmw, cmpxchg, atomic load/store -> the device library's
 * __anchor_atomic_{rmw,cas,load,store}N (an error for other widths). */
int lower_atomics_order(msl_ctx *ctx);
int lower_atomics_wide(msl_ctx *ctx);
int lower_fp64(msl_ctx *ctx);
int lower_memory(msl_ctx *ctx);
int lower_vector_memory(msl_ctx *ctx);
/* lower_unaligned (after the pipeline, before lower_int_widths): every
 * non-atomic load/store of an integer, float or pointer below its natural
 * alignment -> naturally aligned pieces of its alignment, little-endian;
 * never fails. */
int lower_unaligned(msl_ctx *ctx);
int lower_vector_ops(msl_ctx *ctx);
/* lower_int_widths (lower_int_widths.c, after pipeline_run and the fp64
 * retyping, before lower_math): every integer of a width other than 1, 8,
 * 16, 32 and 64 bits computed bit-exactly in those: up to 64 bits in the
 * next wider one (zero-extended, masked after the operations that carry),
 * 65 to 128 bits as two i64 words; loads and stores access LLVM's store
 * size. An error (at the instruction's line) for what it has no rule for:
 * division of 65..128-bit values, atomics, vectors and aggregates of such
 * widths, other intrinsics, calls, parameters, wider integers. */
int lower_int_widths(msl_ctx *ctx);
/* lower_asm.c (after lower_ftz, before lower_div and devlib_link): every
 * inline PTX asm call -> the IR of the equivalent CUDA code (arithmetic,
 * NVVM intrinsics, atomics, loads and stores, device-library calls); an
 * instruction it does not translate is an error quoting it, at the asm's
 * source line (docs/compiler.md "Inline PTX"). The parser: ptx.h. */
int lower_asm(msl_ctx *ctx);

/* retype_fp64.c (docs/compiler.md "FP64 modes"; each may run alone):
 * fp64_check_error (--fp64=error, after pipeline_run): an error, at the
 * user's source line, for the first instruction of a kernel that computes
 * on doubles (arithmetic, comparison, conversion, math intrinsic, atomic
 * arithmetic); loads, stores, copies, selects and bit casts only move bits.
 * fp64_demote_calls (--fp64=demote, after devlib_link, before
 * pipeline_run): every call of a double device-library function that has
 * a float counterpart of the same shape (__anchor_exp -> __anchor_expf,
 * __anchor_dadd_rn -> __anchor_fadd_rn, __anchor_double2int_rz ->
 * __anchor_float2int_rz...) calls that one, its double arguments and
 * results converted (fptrunc/fpext, which fp64_retype makes identities).
 * With `fast` (--fp64=fast) the same, but for the correctly rounded
 * operations and the conversions (kept: their code is exact as pairs): the
 * double library's other code, retyped, is meaningless in double-float
 * (it relies on binary64 rounding: 2^52 shifts, exact splits).
 * fp64_retype (after pipeline_run; fast: double-float pairs, else float):
 * every double-typed value of every function in its representation, every
 * double instruction in that form; where double bits are visible (loads,
 * stores, bit casts, aggregates, arguments, calls and atomics the pass has
 * no form for) the value is converted from or to binary64 (fptrunc/fpext
 * and double fsub/fadd, which lower_fp64 then makes software binary64), so
 * memory keeps binary64. Sets *relink when it called device-library
 * helpers (__anchor_fdiv_rn, __anchor_fmodf, __anchor_dd_*): compile.c
 * links and inlines them. Demote writes one warning per kernel that
 * computes in double into ctx->diags (without failing). */
int fp64_check_error(msl_ctx *ctx);
int fp64_demote_calls(msl_ctx *ctx, int fast);
int fp64_retype(msl_ctx *ctx, int fast, int *relink);

/* abi.c: fill kernel->params (malloc'd, freed by module_free) and
 * param_bytes from the IR signature. */
int abi_param_layout(msl_ctx *ctx, msl_kernel *kernel);

/* addrspace.c: decide f->spaces for every pointer value of f->fn (maps
 * owned by f, freed with it); errors for pointers that escape in ways MSL
 * cannot represent. */
int msl_addrspace_analyze(msl_func *f);
/* The space of any pointer operand (constants included); for a generic
 * pointer, msl_addrspace_mask gives the spaces it may point into (bits
 * 1 << msl_space). */
msl_space msl_addrspace_of(msl_func *f, LLVMValueRef v);
unsigned msl_addrspace_mask(msl_func *f, LLVMValueRef v);

/* cfg.c: the CFG facts of function fn into *cfg (allocated; free with
 * cfg_free, also after an error). Errors (irreducible control flow, more
 * than two successors) return 0, reported only when ctx is not NULL.
 * cfg_in_loop: is `block` in loop number `loop`? */
int cfg_build(msl_ctx *ctx, LLVMValueRef fn, cfg_info *cfg);
void cfg_free(cfg_info *cfg);
int cfg_in_loop(const cfg_info *cfg, int loop, int block);

/* structurize.c: emit the function body as structured MSL into f->text.body
 * (f->cfg built); fills and allocates f->scopes (the caller frees them with
 * msl_scopes_free, also after an error). A graph it cannot structure is a
 * located error naming the construct. msl_structurable: can fn's CFG, as it
 * stands, be emitted structured? A dry walk without any diagnostic (a CFG
 * that cfg.c rejects counts as structurable: emission reports it); compile.c
 * runs structurizecfg first for kernels where it is not. Not thread-safe. */
int msl_structurize(msl_func *f);
int msl_structurable(LLVMValueRef fn);
void msl_scopes_free(msl_scopes *s);

/* operand.c: MSL text of types, operands and dereferences (the emitter's
 * lowest layer). Text goes into caller-owned buffers; functions returning
 * int return 0 after reporting an error. Not thread-safe (LLVM values). */
#define NOT_SUPPORTED "is not supported by Anchor's Metal backend"

/* Expression builder for one instruction (or, in kernel.c's prologue, one
 * argument): `e` collects the MSL; `ok` drops to 0 after an error (already
 * reported); `space` is the space %Hk represents pointers in (set by the
 * builder; NONE: none asked for). */
typedef struct msl_inst {
  msl_func *f;
  LLVMValueRef i;
  strbuf e;
  int ok;
  msl_space space;
  /* a vector load or store spelled one element at a time (emit.c): the
   * templates' pointer operand addresses element `element`, a store's value
   * operand is that element */
  unsigned element_wise, element;
} msl_inst;

void msl_inst_put(msl_inst *in, const char *s);
void msl_inst_operand(msl_inst *in, unsigned k); /* operand k */
/* value v represented for space `hint` (GENERIC: converted to a tagged
 * ulong) into any buffer; msl_put_gep: a GEP's address */
int msl_put_operand(msl_func *f, LLVMValueRef v, strbuf *out, msl_space hint);
int msl_put_gep(msl_func *f, LLVMValueRef gep, strbuf *out);
int msl_inst_unsupported(msl_inst *in, const char *what); /* error "<what> is not supported" */
/* The template language: the one place that says what MSL templates may
 * contain. msl_inst_template_args appends template t to in->e with:
 *   %0..%9  operand k (pointers in their own space); %s0..%s9 operand k
 *           as a signed integer ((int)v3; an i1 as -(int)v3)
 *   %Hk     operand k represented in in->space (a pointer converted to a
 *           generic one, a null in the other side's space)
 *   %Qk     the MSL address space of pointer operand k (device, thread,
 *           constant, threadgroup), "volatile " first for a volatile
 *           non-atomic load or store; an error for a generic pointer. So
 *           *reinterpret_cast<%Q0 T*>(%0%D0) is the lvalue at operand 0.
 *   %Dk     " + anchor_ctx[0]" (MSL_DELTA) when pointer operand k is a
 *           device pointer (a CUDA address), else nothing
 *   %a0..%a9  args[k], the caller's strings (types, numbers, loop
 *           variables, an expression built from another template)
 *   %V      the variable of in->i (vN)
 *   %T      the result's MSL type (uint name, half, float); %S / %W its
 *           signed / arithmetic integer type; %B its bit width; %% a %.
 * args may be NULL when t has no %a; in->i may be NULL when t has no
 * operand, %V, %T, %S, %W or %B (kernel.c's array declarations). Where
 * an expansion has one part per element (bytes, address spaces), the
 * builder picks and fills one template per element.
 * msl_inst_template: the same without args. msl_inst_template_lines: t's
 * lines ("\n" between them) as lines of in->f's body, each expanded so;
 * in->e is empty before and after. Errors as for operands (in->ok). */
void msl_inst_template_args(msl_inst *in, const char *t, const char *const *args);
void msl_inst_template(msl_inst *in, const char *t);
void msl_inst_template_lines(msl_inst *in, const char *t, const char *const *args);
unsigned msl_int_bits(LLVMTypeRef ty);                     /* 0 for non-integers */
const char *msl_uint_name(unsigned bits);                  /* bool/uchar/ushort/uint/ulong */
const char *msl_sint_name(unsigned bits);                  /* char/short/int/long */
const char *msl_wide_name(unsigned bits);                  /* uint, or ulong for 64 */
const char *msl_memory_type(msl_inst *in, LLVMTypeRef ty); /* type of a load/store */
/* MSL type of a value (pointers per space); NULL after an error at `at`. */
const char *msl_value_type(msl_func *f, LLVMValueRef at, LLVMTypeRef ty, msl_space s);
/* msl_vector_name: the MSL vector type of a vector of 2-4 integers, halves, floats or
 * doubles (ulongN), else NULL; msl_put_vector_zero: that type's zero, `float4(0.0f)`. */
const char *msl_vector_name(LLVMTypeRef ty);
void msl_put_vector_zero(strbuf *out, LLVMTypeRef ty);
int msl_value_id(msl_func *f, LLVMValueRef v); /* the N of variable vN */
/* MSL expression for an i1 branch condition. */
int msl_emit_condition(msl_func *f, LLVMValueRef cond, strbuf *out);
/* One line of f's body at the current indentation. */
void msl_emit_line(msl_func *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* intrinsics.c: the MSL preludes of helpers calls may use. */
extern const char msl_warp_prelude[];  /* anchor_shfl_lane (warp shuffles) */
extern const char msl_fence_prelude[]; /* anchor_threadfence[_block]() */
/* anchor_spill_claim/_release: a block's slot of the overflow area
 * (smem_spill.c; needs msl_fence_prelude). */
extern const char msl_spill_prelude[];
extern const char msl_math_prelude[]; /* anchor_f32_sqrt (lower_math.c) */

/* atomics.c: anchor_atomic_* helper calls (and atomicrmw/cmpxchg that
 * lower_atomics.c left, to report them) emitted as lines (declares its
 * value); msl_atomic_op_name: the helper name of a read-modify-write
 * operation MSL can do, NULL for others (static storage);
 * extractvalue of a cmpxchg; relaxed atomic load (expression) and store
 * (statement) into in->e. */
int msl_emit_atomic(msl_func *f, LLVMValueRef i);
const char *msl_atomic_op_name(LLVMAtomicRMWBinOp op);
int msl_emit_atomic_extract(msl_inst *in);
int msl_emit_atomic_load(msl_inst *in);
int msl_emit_atomic_store(msl_inst *in);

/* texture.c: the calls of the texture and surface intrinsics
 * (__anchor_tex_<op>_<shape>_<class>, __anchor_surf_{read,write}_<shape>_<class>,
 * include/anchor/texture.h) as a statement into in->e, marking the record struct
 * and the prelude they use in ctx; msl_emit_texture_records appends the
 * declarations of the marked structs to ctx->msl; msl_texture_prelude: the
 * surface helpers (anchor_surf_pack ...); msl_texfilter_prelude: the sampling
 * by hand (anchor_tex_filter<T>, record flag bit 4), templates instantiated
 * once per record struct the module filters. */
void msl_emit_texture(msl_inst *in);
void msl_emit_texture_records(msl_ctx *ctx);
extern const char msl_texture_prelude[];
extern const char msl_texfilter_prelude[];

/* wmma.c: the calls of __anchor_sgmma_f32/_f16 (include/mma.h's mma_sync, one 8x8 tile
 * of d = a * b + c per call, pairs of elements as ulong) as calls of the prelude's
 * anchor_sgmma_f32/_f16 into in->e; another __anchor_sgmma_ name is an error.
 * msl_simdgroup_matrix_prelude: those helpers, on MSL's simdgroup_matrix. */
void msl_emit_simdgroup_mma(msl_inst *in);
extern const char msl_simdgroup_matrix_prelude[];

/* fp64.c (with the rows above): the prelude text, fp64.metal embedded at
 * build time. */
extern const char msl_fp64_prelude[];

/* The emitter's table: what the MSL of one opcode or one callee is. Every
 * fact about an instruction kind lives in its row (emit.c for opcodes,
 * intrinsics.c and fp64.c for calls):
 *   text     its expression or statement as a template (msl_inst_template);
 *            MSL_UNSUPPORTED "what" for the error "what is not supported"
 *   text_i1  the variant when the result (MSL_ROW_I1_OPERAND: operand 0) is
 *            an i1 (a bool); NULL: text
 *   emit     builds the expression when a template cannot say it (operand
 *            spaces, generic pointers, per-predicate tables)
 *   lines    writes whole statements and declares the value itself
 *            (atomics, barrier reductions)
 *   flags    MSL_ROW_*; uses: the MSL_PRELUDE_* its text calls into.
 * A row with none of text, emit and lines emits no code. */
#define MSL_UNSUPPORTED "\x01" /* never in MSL text */
typedef struct msl_row {
  const char *text, *text_i1;
  void (*emit)(msl_inst *in);
  int (*lines)(msl_func *f, LLVMValueRef i);
  unsigned flags, uses;
} msl_row;

enum {
  MSL_ROW_PURE = 1,       /* no side effect: dropped when unused */
  MSL_ROW_DOUBLE_OK = 2,  /* may touch doubles: moves their bits, or a fp64 helper */
  MSL_ROW_I1_OPERAND = 4, /* text_i1 chosen by operand 0's type */
  MSL_ROW_INT_RESULT = 8, /* (calls) only for an integer result wider than i1 */
  MSL_ROW_WARP_MASK = 16, /* (calls) operand 0 is a warp member mask: a constant 0 is an error */
  MSL_ROW_NO_CODE = 32    /* nothing to emit (alloca, annotations) */
};

/* intrinsics.c: the row of a call (all calls are intrinsics or anchor_*
 * helpers by then), static storage; NULL when there is none (unsupported).
 * Pure lookup: no diagnostics. */
const msl_row *msl_call_row(LLVMValueRef call);

/* fp64.c: the row of a call of a software binary64 helper (anchor_f64_*,
 * inserted by lower_fp64.c), NULL for other names; msl_double_unsupported:
 * the error for an instruction on doubles no lowering rewrote. */
const msl_row *msl_fp64_row(const char *name);
void msl_double_unsupported(msl_inst *in);

/* emit.c: the code of block bb (its phis read, its instructions, not its
 * terminator) as lines of f->text.body; msl_emit_phi_copies: the
 * assignments of the edge from -> to. 0 after a reported error. */
int msl_emit_block_code(msl_func *f, LLVMBasicBlockRef bb);
int msl_emit_phi_copies(msl_func *f, LLVMBasicBlockRef from, LLVMBasicBlockRef to);

/* smem_spill.c: the layout of a kernel's static __shared__ variables (vars,
 * n of them, in order of first use; size rounded up to 16 bytes, exact_size
 * as declared): fills f->layout.smem with the offsets in anchor_smem of those
 * kept in threadgroup memory (all of them when they fit, at the same offsets
 * as ever) and f->layout.spill with the offsets in the block's device slice
 * of the others, and f->kernel->static_smem / spill_bytes with the sizes.
 * 0 after an error (more than CUDA's 48 KiB, out of memory). smem_spilled:
 * whether global is a spilled variable of f (a device pointer). */
typedef struct smem_var {
  LLVMValueRef var;
  unsigned long long size, exact_size;
} smem_var;
int smem_layout(msl_func *f, const smem_var *vars, unsigned n);
int smem_spilled(msl_func *f, LLVMValueRef global);
/* CUDA's static shared bytes of a kernel using vars (its cudaFuncGetAttributes'
 * sharedSizeBytes, ptxas's "bytes smem"): the variables in the module's order (the PTX
 * declaration order, as clang and nvcc emit a kernel's statics), each at its alignment, no
 * padding at the end — but the end rounded up to 16 when the kernel uses dynamic shared
 * memory, which starts 16-aligned after them. Not Anchor's layout (16-byte units, a spill
 * area, the __syncthreads_count counter). */
unsigned long long smem_cuda_bytes(msl_func *f, const smem_var *vars, unsigned n);

/* kernel.c: msl_emit_kernel writes one kernel's MSL function into k->msl
 * (malloc'd, replacing an earlier one; freed by module_free) and its
 * table facts into k; msl_emit_module appends the header, the preludes
 * used and every kernel's function to ctx->msl. */
int msl_emit_kernel(msl_ctx *ctx, msl_kernel *k);
void msl_emit_module(msl_ctx *ctx);

/* verify.c: checks of the backend's own output (their errors say
 * "internal error"): every used variable declared and every reachable block
 * emitted once (after msl_structurize); no goto, balanced brackets. */
int msl_verify_function(msl_func *f);
int msl_verify_source(msl_ctx *ctx, const char *msl);

/* table.c: the device module of ctx (its kernels, globals and ctx->msl) as
 * a blob (common/module.h) in out->blob, and the MSL alone in out->msl.
 * Takes ctx->msl (it is left empty). Returns 0 after an error (out of
 * memory, reported), leaving out untouched. */
int msl_table_write(msl_ctx *ctx, msl_output *out);

#endif
