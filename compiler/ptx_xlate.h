/* ptx_xlate.h — the translation of inline PTX into LLVM IR, shared by
 * lower_asm.c (the pass: operands, blocks, the statement table) and the
 * files that translate instructions: ptx_integer.c, ptx_move.c (moves,
 * comparisons, selections), ptx_float.c (float arithmetic, conversions),
 * ptx_memory.c (ld/st/atom/cp.async), ptx_sync.c (warps, barriers, fences,
 * exit/trap). Prefix ptx_, as the parser (ptx.h) whose statements they read.
 *
 * Contracts for all of it: a function returning int returns 1, or 0 after
 * one located diagnostic (ptx_error: x->failed set, the PTX statement quoted
 * at the asm's source line); one returning a value returns NULL after one.
 * IR is built with x->b at the translation's insertion point; nothing is
 * thread-safe (LLVM values); out of memory aborts. */
#ifndef ANCHOR_PTX_XLATE_H
#define ANCHOR_PTX_XLATE_H

#include "msl_internal.h"
#include "ptx.h"

#define PTX_NOT_SUPPORTED "is not supported by Anchor's Metal backend"

/* A PTX type: kind 's' 'u' 'b' 'f', or 'p' for .pred. */
typedef struct ptx_type {
  char kind;     /* 's' 'u' 'b' 'f', 'p' (.pred) */
  unsigned bits; /* 1 for .pred */
} ptx_type;

typedef struct ptx_reg {
  char name[PTX_NAME];
  LLVMValueRef slot; /* alloca */
  LLVMTypeRef type;
  int depth;
} ptx_reg;

typedef struct ptx_label {
  char name[PTX_NAME];
  LLVMBasicBlockRef block;
  int placed; /* its definition was translated */
} ptx_label;

enum { PTX_MAX_ASM_OPERANDS = 32 };

/* The translation of one asm call (lower_asm.c owns it; every ptx_* function
 * below works on it). Registers are allocas: regs (declared, innermost scope
 * last), op_slot (asm operand k, of type op_type[k]; op_arg[k] the call's
 * argument for an input). */
typedef struct ptx_xlate {
  msl_ctx *ctx;
  LLVMBuilderRef b, entry; /* entry: allocas at the top of the function */
  LLVMValueRef call, fn;
  LLVMBasicBlockRef tail; /* the block the asm's code continues into (cfg mode) */
  int cfg;                /* the asm has guards or labels: code in blocks of its own */
  const ptx_stmt *st;
  unsigned used; /* parts of st consumed by the translation */
  ptx_reg *regs;
  int nregs, cap, depth;
  ptx_label labels[64];
  int nlabels;
  LLVMValueRef carry;
  int nout, nargs;
  LLVMValueRef op_slot[PTX_MAX_ASM_OPERANDS], op_arg[PTX_MAX_ASM_OPERANDS];
  LLVMTypeRef op_type[PTX_MAX_ASM_OPERANDS];
  unsigned char written[PTX_MAX_ASM_OPERANDS]; /* asm operand k written by the asm */
  int side_effects; /* asm volatile: its memory accesses are volatile ones */
  int failed;
} ptx_xlate;

/* ---- ptx_xlate.c: errors, types, modifiers, registers and operands -------
 * ptx_error: the error "<fmt with what> in inline PTX '<statement>' is not
 * supported..." (once); ptx_unsupported: for the statement's instruction.
 * ptx_mod / ptx_mod_of: is a modifier (the first of a NULL-terminated list:
 * its index + 1) among the statement's parts — marks it consumed; ptx_types:
 * the statement's types in order (consumed); ptx_one_type: exactly one, of
 * the kinds listed, at least min_bits wide. A part no translation consumes
 * is reported by lower_asm.c.
 * ptx_cast: v as type `to` by PTX's operand-size rules (same size bit-cast,
 * wider truncated, narrower extended, sign: sign-extended; pointers through
 * i64; i1 from non-zero). ptx_get / ptx_value_of: operand k (or o) as a value
 * of PTX type t (registers, special registers, literals); ptx_put /
 * ptx_put_operand / ptx_write_reg: store into a destination register;
 * ptx_immediate: operand k's constant (a literal or an "n" operand).
 * ptx_call_intrinsic / ptx_call_devlib: calls of an LLVM intrinsic and of a
 * device-library function (declared on first use, pure). ptx_flush: a float
 * subnormal as a zero of its sign (.ftz); ptx_float_sources: operands 1..n,
 * flushed under .ftz; ptx_float_result: the result saturated (.sat) and
 * flushed, stored into operand 0. ptx_rounding_mods: rn rz rm rp (their
 * device-library names in ptx_rounding_names), ptx_int_rounding_mods: rni
 * rzi rmi rpi. */
int ptx_error(ptx_xlate *x, const char *fmt, const char *what);
int ptx_unsupported(ptx_xlate *x);
LLVMTypeRef ptx_int_type(ptx_xlate *x, unsigned bits);
LLVMTypeRef ptx_i32(ptx_xlate *x);
LLVMTypeRef ptx_f32(ptx_xlate *x);
LLVMTypeRef ptx_ltype(ptx_xlate *x, ptx_type t);
int ptx_type_named(const char *s, ptx_type *t);
int ptx_mod(ptx_xlate *x, const char *name);
int ptx_mod_of(ptx_xlate *x, const char *const *names);
int ptx_types(ptx_xlate *x, ptx_type *out, int max);
int ptx_one_type(ptx_xlate *x, ptx_type *t, const char *kinds, unsigned min_bits);
int ptx_check_operands(ptx_xlate *x, int min, int max);
unsigned ptx_type_bits(LLVMTypeRef t);
LLVMValueRef ptx_cast(ptx_xlate *x, LLVMValueRef v, LLVMTypeRef to, int sign);
LLVMValueRef ptx_new_slot(ptx_xlate *x, LLVMTypeRef t);
void ptx_declare_reg(ptx_xlate *x, const char *name, LLVMTypeRef t);
int ptx_operand_index(ptx_xlate *x, const char *name);
LLVMValueRef ptx_call_intrinsic(ptx_xlate *x, const char *name, LLVMTypeRef *overloads, unsigned n,
                                LLVMValueRef *args, unsigned nargs);
LLVMValueRef ptx_call_devlib(ptx_xlate *x, const char *name, LLVMTypeRef result, LLVMValueRef *args,
                             unsigned n);
LLVMValueRef ptx_read_reg(ptx_xlate *x, const char *name);
LLVMValueRef ptx_value_of(ptx_xlate *x, const ptx_operand *o, ptx_type t);
LLVMValueRef ptx_get(ptx_xlate *x, int k, ptx_type t);
int ptx_write_reg(ptx_xlate *x, const char *name, LLVMValueRef v, ptx_type t);
int ptx_put_operand(ptx_xlate *x, const ptx_operand *o, LLVMValueRef v, ptx_type t);
int ptx_put(ptx_xlate *x, int k, LLVMValueRef v, ptx_type t);
int ptx_immediate(ptx_xlate *x, int k, long long *out);
LLVMValueRef ptx_cint(ptx_xlate *x, LLVMTypeRef t, unsigned long long v);
LLVMValueRef ptx_flush(ptx_xlate *x, LLVMValueRef v);
int ptx_float_sources(ptx_xlate *x, ptx_type t, int ftz, LLVMValueRef *v, int n);
int ptx_float_result(ptx_xlate *x, LLVMValueRef r, ptx_type t, int ftz, int sat);
extern const char *const ptx_rounding_mods[];
extern const char *const ptx_rounding_names[];
extern const char *const ptx_int_rounding_mods[];

/* ptx_xlate.c: a new block before the asm's continuation (code with blocks:
 * x->cfg). */
LLVMBasicBlockRef ptx_new_block(ptx_xlate *x, const char *name);

/* ---- the instruction translations: each translates x->st ------------------ */
/* ptx_integer.c */
int ptx_op_add(ptx_xlate *x);
int ptx_op_mul(ptx_xlate *x);
int ptx_op_mul24(ptx_xlate *x);
int ptx_op_sad(ptx_xlate *x);
int ptx_op_div(ptx_xlate *x);
int ptx_op_minmax(ptx_xlate *x);
int ptx_op_absneg(ptx_xlate *x);
int ptx_op_logic(ptx_xlate *x);
int ptx_op_shift(ptx_xlate *x);
int ptx_op_bfe(ptx_xlate *x);
int ptx_op_bfi(ptx_xlate *x);
int ptx_op_bfind(ptx_xlate *x);
int ptx_op_bits(ptx_xlate *x);
int ptx_op_prmt(ptx_xlate *x);
int ptx_op_lop3(ptx_xlate *x);
int ptx_op_shf(ptx_xlate *x);
int ptx_op_dp(ptx_xlate *x);
int ptx_op_video(ptx_xlate *x); /* vadd vsub vabsdiff vmin vmax vshl vshr */
/* ptx_move.c */
int ptx_op_mov(ptx_xlate *x);
int ptx_op_cvta(ptx_xlate *x);
int ptx_op_setp(ptx_xlate *x);
int ptx_op_set(ptx_xlate *x);
int ptx_op_selp(ptx_xlate *x);
int ptx_op_slct(ptx_xlate *x);
int ptx_op_testp(ptx_xlate *x);
int ptx_op_copysign(ptx_xlate *x);
/* ptx_float.c (ptx_float_arith: add sub mul fma mad div of type t, for the
 * integer names' float forms too) */
int ptx_float_arith(ptx_xlate *x, ptx_type t);
/* ptx_float.c: fma/min/max on .f16/.f16x2/.bf16/.bf16x2 through the device library's
 * cuda_fp16.h/cuda_bf16.h functions; -1 when the statement has none of those types. */
int ptx_half_library(ptx_xlate *x);
int ptx_op_float_unary(ptx_xlate *x);
int ptx_op_cvt(ptx_xlate *x);
/* ptx_memory.c */
int ptx_op_ldst(ptx_xlate *x);
int ptx_op_atom(ptx_xlate *x);
int ptx_op_cp(ptx_xlate *x);
/* ptx_sync.c; PTX_NAMED_BARRIER: the device library's software barrier, whose
 * __anchor_bar_init lower_asm.c calls at the start of the kernels that reach it. */
#define PTX_NAMED_BARRIER "__anchor_bar"
#define PTX_NAMED_BARRIER_INIT "__anchor_bar_init"
int ptx_op_shfl(ptx_xlate *x);
int ptx_op_vote(ptx_xlate *x);
int ptx_op_activemask(ptx_xlate *x);
int ptx_op_match(ptx_xlate *x);
int ptx_op_redux(ptx_xlate *x);
int ptx_op_bar(ptx_xlate *x);
int ptx_op_fence(ptx_xlate *x);
int ptx_op_no_effect(ptx_xlate *x);
int ptx_op_exit(ptx_xlate *x);
int ptx_op_trap(ptx_xlate *x);

#endif
