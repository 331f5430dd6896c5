/* lower_asm.c — IR->IR, early (after lower_ftz, before lower_div and
 * devlib_link): every inline PTX `asm` call is translated into the LLVM IR
 * clang produces for the equivalent CUDA code — plain arithmetic, NVVM
 * intrinsics (special registers, shuffles, votes, barriers, fences),
 * atomicrmw/cmpxchg, loads and stores, and calls of Anchor's device library
 * (__anchor_byte_perm for prmt, __anchor_fadd_rz for add.rz.f32...) — so the
 * later lowerings and the emitter's rows handle the rest, and the library's
 * integer and rounding intrinsics are the one implementation of both.
 *
 * Every PTX register (declared with .reg, or asm operand $k) is an alloca in
 * the function's entry block, read with a load and written with a store, so
 * straight-line code, predicated instructions (@p: a branch around the
 * instruction) and labels with bra (basic blocks) all translate the same way;
 * the pipeline's sroa turns the registers into SSA values. The carry flag
 * of add.cc/addc... is an i1 register of its own. A register read as another
 * type is converted as PTX says (a wider register truncated, a narrower one
 * extended by the instruction type's signedness, same-size types bit-cast).
 *
 * An instruction, modifier, type or operand this file does not translate is
 * a compile-time error quoting the PTX statement, at the asm's source line.
 * Parsing is ptx_parse.c's (ptx.h). */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"
#include "ptx.h"

#define NOT_SUPPORTED "is not supported by Anchor's Metal backend"

typedef struct ptx_type {
  char kind;     /* 's' 'u' 'b' 'f', 'p' (.pred) */
  unsigned bits; /* 1 for .pred */
} ptx_type;

typedef struct asm_reg {
  char name[PTX_NAME];
  LLVMValueRef slot; /* alloca */
  LLVMTypeRef type;
  int depth;
} asm_reg;

typedef struct asm_label {
  char name[PTX_NAME];
  LLVMBasicBlockRef block;
  int placed; /* its definition was translated */
} asm_label;

enum { ASM_MAX_OPERANDS = 32 };

typedef struct xlate {
  msl_ctx *ctx;
  LLVMBuilderRef b, entry; /* entry: allocas at the top of the function */
  LLVMValueRef call, fn;
  LLVMBasicBlockRef tail; /* the block the asm's code continues into (cfg mode) */
  int cfg;                /* the asm has guards or labels: code in blocks of its own */
  const ptx_stmt *st;
  unsigned used; /* parts of st consumed by the translation */
  asm_reg *regs;
  int nregs, cap, depth;
  asm_label labels[64];
  int nlabels;
  LLVMValueRef carry;
  int nout, nargs;
  LLVMValueRef op_slot[ASM_MAX_OPERANDS], op_arg[ASM_MAX_OPERANDS];
  LLVMTypeRef op_type[ASM_MAX_OPERANDS];
  unsigned char written[ASM_MAX_OPERANDS]; /* asm operand k written by the asm */
  int failed;
} xlate;

/* ---- errors ------------------------------------------------------------ */

static int error(xlate *x, const char *fmt, const char *what) {
  if (x->failed) return 0;
  x->failed = 1;
  char message[512];
  snprintf(message, sizeof message, fmt, what);
  if (x->st) {
    /* the statement as the user wrote it: LLVM spells operand %k as $k */
    char text[sizeof x->st->text];
    snprintf(text, sizeof text, "%s", x->st->text);
    for (char *c = text; *c; c++)
      if (c[0] == '$' && c[1] >= '0' && c[1] <= '9') *c = '%';
    diag_error(x->ctx, x->call, "%s in inline PTX '%s' " NOT_SUPPORTED, message, text);
  } else
    diag_error(x->ctx, x->call, "%s in inline PTX " NOT_SUPPORTED, message);
  return 0;
}

static int unsupported(xlate *x) {
  return error(x, "the instruction '%s'", x->st->parts[0]);
}

/* ---- types ------------------------------------------------------------- */

static LLVMTypeRef int_type(xlate *x, unsigned bits) {
  return LLVMIntTypeInContext(x->ctx->llctx, bits);
}
static LLVMTypeRef i32(xlate *x) {
  return int_type(x, 32);
}
static LLVMTypeRef f32(xlate *x) {
  return LLVMFloatTypeInContext(x->ctx->llctx);
}

static LLVMTypeRef ltype(xlate *x, ptx_type t) {
  if (t.kind == 'p') return int_type(x, 1);
  if (t.kind == 'f')
    return t.bits == 16   ? LLVMHalfTypeInContext(x->ctx->llctx)
           : t.bits == 32 ? f32(x)
                          : LLVMDoubleTypeInContext(x->ctx->llctx);
  return int_type(x, t.bits);
}

/* "u32" -> {'u', 32}; 0 when `s` is no type name. */
static int parse_type(const char *s, ptx_type *t) {
  if (!strcmp(s, "pred")) return *t = (ptx_type){'p', 1}, 1;
  if (!strchr("subf", s[0])) return 0;
  char *end;
  long bits = strtol(s + 1, &end, 10);
  if (*end || (bits != 8 && bits != 16 && bits != 32 && bits != 64)) return 0;
  if (s[0] == 'f' && bits == 8) return 0;
  *t = (ptx_type){s[0], (unsigned)bits};
  return 1;
}

/* ---- the statement's parts --------------------------------------------- */

/* Is modifier `name` among the statement's parts? Marks it used. */
static int mod(xlate *x, const char *name) {
  for (int k = 1; k < x->st->nparts; k++)
    if (!strcmp(x->st->parts[k], name)) {
      x->used |= 1u << k;
      return 1;
    }
  return 0;
}

/* The first of `names` (NULL-terminated) present: its index + 1, else 0. */
static int mod_of(xlate *x, const char *const *names) {
  for (int n = 0; names[n]; n++)
    if (mod(x, names[n])) return n + 1;
  return 0;
}

/* The statement's types, in order (marked used); their number. A part
 * that looks like a type but is none PTX has (.b128, .f16x2...) stays
 * unused, so the statement is reported. */
static int types(xlate *x, ptx_type *out, int max) {
  int n = 0;
  for (int k = 1; k < x->st->nparts && n < max; k++)
    if (parse_type(x->st->parts[k], &out[n])) {
      x->used |= 1u << k;
      n++;
    }
  return n;
}

/* Exactly one type, among `kinds` (a string of kind letters); else an error. */
static int one_type(xlate *x, ptx_type *t, const char *kinds, unsigned min_bits) {
  ptx_type ts[3];
  int n = types(x, ts, 3);
  if (n != 1) return error(x, "the types of '%s'", x->st->parts[0]);
  if (!strchr(kinds, ts[0].kind) || ts[0].bits < min_bits)
    return error(x, "the type of '%s'", x->st->parts[0]);
  *t = ts[0];
  return 1;
}

static int check_operands(xlate *x, int min, int max) {
  if (x->st->noperands < min || x->st->noperands > max)
    return error(x, "the number of operands of '%s'", x->st->parts[0]);
  return 1;
}

/* ---- values ------------------------------------------------------------ */

static unsigned type_bits(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  case LLVMHalfTypeKind: return 16;
  case LLVMFloatTypeKind: return 32;
  case LLVMDoubleTypeKind: return 64;
  case LLVMPointerTypeKind: return 64;
  default: return 0;
  }
}

static int is_float(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMHalfTypeKind || k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

/* v as type `to`: same size bit-cast, integers resized (sign: sign-extend),
 * pointers through i64, i1 from "non-zero". */
static LLVMValueRef cast(xlate *x, LLVMValueRef v, LLVMTypeRef to, int sign) {
  LLVMTypeRef from = LLVMTypeOf(v);
  if (from == to) return v;
  LLVMBuilderRef b = x->b;
  if (LLVMGetTypeKind(to) == LLVMPointerTypeKind) {
    if (LLVMGetTypeKind(from) == LLVMPointerTypeKind) return LLVMBuildAddrSpaceCast(b, v, to, "");
    return LLVMBuildIntToPtr(b, cast(x, v, int_type(x, 64), 0), to, "");
  }
  if (LLVMGetTypeKind(from) == LLVMPointerTypeKind) {
    v = LLVMBuildPtrToInt(b, v, int_type(x, 64), "");
    from = LLVMTypeOf(v);
  }
  if (is_float(from)) {
    v = LLVMBuildBitCast(b, v, int_type(x, type_bits(from)), "");
    from = LLVMTypeOf(v);
  }
  unsigned fb = type_bits(from), tb = type_bits(to);
  LLVMTypeRef ti = int_type(x, tb);
  if (tb == 1 && fb != 1)
    v = LLVMBuildICmp(b, LLVMIntNE, v, LLVMConstNull(from), "");
  else if (fb == 1 && tb != 1)
    v = LLVMBuildZExt(b, v, ti, "");
  else if (fb > tb)
    v = LLVMBuildTrunc(b, v, ti, "");
  else if (fb < tb)
    v = sign ? LLVMBuildSExt(b, v, ti, "") : LLVMBuildZExt(b, v, ti, "");
  if (is_float(to)) v = LLVMBuildBitCast(b, v, to, "");
  return v;
}

static asm_reg *find_reg(xlate *x, const char *name) {
  for (int k = x->nregs - 1; k >= 0; k--)
    if (!strcmp(x->regs[k].name, name)) return &x->regs[k];
  return NULL;
}

static LLVMValueRef new_slot(xlate *x, LLVMTypeRef t) {
  return LLVMBuildAlloca(x->entry, t, "");
}

static void declare_reg(xlate *x, const char *name, LLVMTypeRef t) {
  if (x->nregs == x->cap) {
    x->cap = x->cap ? 2 * x->cap : 32;
    x->regs = realloc(x->regs, sizeof *x->regs * (size_t)x->cap);
    if (!x->regs) abort();
  }
  asm_reg *r = &x->regs[x->nregs++];
  snprintf(r->name, sizeof r->name, "%.*s", (int)sizeof r->name - 1, name);
  r->slot = new_slot(x, t);
  r->type = t;
  r->depth = x->depth;
}

/* The asm operand a "$k" names, -1 if none. */
static int operand_index(xlate *x, const char *name) {
  if (name[0] != '$') return -1;
  char *end;
  long k = strtol(name + 1, &end, 10);
  if (*end || k < 0 || k >= x->nout + x->nargs) return -1;
  return (int)k;
}

static LLVMValueRef intrinsic(xlate *x, const char *name, LLVMTypeRef *overloads, unsigned n) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  assert(id && "an intrinsic LLVM 19 has");
  return LLVMGetIntrinsicDeclaration(x->ctx->mod, id, overloads, n);
}

static LLVMValueRef call_intrinsic(xlate *x, const char *name, LLVMTypeRef *overloads, unsigned n,
                                   LLVMValueRef *args, unsigned nargs) {
  LLVMValueRef fn = intrinsic(x, name, overloads, n);
  return LLVMBuildCall2(x->b, LLVMGlobalGetValueType(fn), fn, args, nargs, "");
}

/* A call of Anchor's device library function `name` (linked later). */
static LLVMValueRef call_devlib(xlate *x, const char *name, LLVMTypeRef result, LLVMValueRef *args,
                                unsigned n) {
  LLVMTypeRef params[4];
  for (unsigned k = 0; k < n; k++)
    params[k] = LLVMTypeOf(args[k]);
  LLVMValueRef fn = lower_declare(x->ctx, name, LLVMFunctionType(result, params, n, 0), LOWER_PURE);
  return LLVMBuildCall2(x->b, LLVMGlobalGetValueType(fn), fn, args, n, "");
}

/* Special registers (without the %): the NVVM intrinsic clang reads them
 * with. */
static LLVMValueRef special_register(xlate *x, const char *name) {
  static const char *const plain[] = {
      "tid.x",   "tid.y",   "tid.z",    "ntid.x",   "ntid.y",   "ntid.z",      "ctaid.x",
      "ctaid.y", "ctaid.z", "nctaid.x", "nctaid.y", "nctaid.z", "laneid",      "warpid",
      "nwarpid", "smid",    "nsmid",    "clock",    "clock64",  "globaltimer", NULL};
  static const char *const masks[] = {"lanemask_eq", "lanemask_le", "lanemask_lt",
                                      "lanemask_ge", "lanemask_gt", NULL};
  char intr[96];
  int known = 0;
  for (int k = 0; plain[k]; k++)
    if (!strcmp(name, plain[k])) known = 1;
  for (int k = 0; masks[k]; k++)
    if (!strcmp(name, masks[k])) known = 2;
  if (!strcmp(name, "WARP_SZ")) return LLVMConstInt(i32(x), 32, 0);
  if (!known) return NULL;
  snprintf(intr, sizeof intr, "llvm.nvvm.read.ptx.sreg.%s", name);
  if (known == 2) intr[strlen("llvm.nvvm.read.ptx.sreg.lanemask")] = '.';
  return call_intrinsic(x, intr, NULL, 0, NULL, 0);
}

/* The value register `name` holds now (in its own type); NULL after an error. */
static LLVMValueRef read_reg(xlate *x, const char *name) {
  int k = operand_index(x, name);
  if (k >= 0) return LLVMBuildLoad2(x->b, x->op_type[k], x->op_slot[k], "");
  asm_reg *r = find_reg(x, name);
  if (r) return LLVMBuildLoad2(x->b, r->type, r->slot, "");
  LLVMValueRef v = name[0] == '%' ? special_register(x, name + 1) : NULL;
  if (!v && !strcmp(name, "%dynamic_smem_size"))
    error(x,
          "the special register '%s' (a kernel's dynamic shared memory size is not passed to it)",
          name);
  else if (!v)
    error(x, "the register '%s'", name);
  return v;
}

/* Operand o as a value of PTX type t; NULL after an error. */
static LLVMValueRef value_of(xlate *x, const ptx_operand *o, ptx_type t) {
  LLVMTypeRef lt = ltype(x, t);
  switch (o->kind) {
  case PTX_REG: {
    LLVMValueRef v = read_reg(x, o->name);
    if (!v) return NULL;
    v = cast(x, v, lt, t.kind == 's');
    if (o->negated) {
      if (t.kind != 'p') return error(x, "negating '%s' (not a predicate)", o->name), NULL;
      v = LLVMBuildNot(x->b, v, "");
    }
    return v;
  }
  case PTX_IMM:
    if (t.kind == 'f') return LLVMConstReal(lt, (double)o->imm);
    return LLVMConstInt(lt, (unsigned long long)o->imm, 1);
  case PTX_FIMM:
    if (t.kind != 'f') return error(x, "a float literal as the %s operand", "integer"), NULL;
    if (o->fbits && o->fbits == (int)t.bits)
      return LLVMConstBitCast(LLVMConstInt(int_type(x, t.bits), o->fbits_value, 0), lt);
    if (o->fbits == 32) {
      float fv;
      unsigned bits = (unsigned)o->fbits_value;
      memcpy(&fv, &bits, sizeof fv);
      return LLVMConstReal(lt, fv);
    }
    if (o->fbits == 64) {
      double dv;
      memcpy(&dv, &o->fbits_value, sizeof dv);
      return LLVMConstReal(lt, dv);
    }
    return LLVMConstReal(lt, o->fvalue);
  default: error(x, "the operand kind of '%s'", x->st->parts[0]); return NULL;
  }
}

static LLVMValueRef get(xlate *x, int k, ptx_type t) {
  if (x->failed) return NULL;
  return value_of(x, &x->st->operands[k], t);
}

/* Store v (of PTX type t) into register `name`. */
static int write_reg(xlate *x, const char *name, LLVMValueRef v, ptx_type t) {
  int k = operand_index(x, name);
  LLVMValueRef slot;
  LLVMTypeRef type;
  if (k >= 0) {
    slot = x->op_slot[k], type = x->op_type[k];
    x->written[k] = 1;
  } else {
    asm_reg *r = find_reg(x, name);
    if (!r) return error(x, "writing the register '%s'", name);
    slot = r->slot, type = r->type;
  }
  LLVMBuildStore(x->b, cast(x, v, type, t.kind == 's'), slot);
  return 1;
}

static int put_operand(xlate *x, const ptx_operand *o, LLVMValueRef v, ptx_type t) {
  if (x->failed || !v) return 0;
  if (o->kind == PTX_SINK) return 1;
  if (o->kind != PTX_REG || o->negated) return error(x, "the destination of '%s'", x->st->parts[0]);
  return write_reg(x, o->name, v, t);
}

static int put(xlate *x, int k, LLVMValueRef v, ptx_type t) {
  const ptx_operand *o = &x->st->operands[k];
  if (o->pair) return error(x, "the operand '%s|...'", o->name);
  return put_operand(x, o, v, t);
}

/* The integer value of immediate operand k (a literal, or an asm operand
 * bound to a constant: "n"); 0 after an error. */
static int immediate(xlate *x, int k, long long *out) {
  const ptx_operand *o = &x->st->operands[k];
  if (o->kind == PTX_IMM) return *out = o->imm, 1;
  if (o->kind == PTX_REG) {
    int j = operand_index(x, o->name);
    if (j >= x->nout && x->op_arg[j] && LLVMIsAConstantInt(x->op_arg[j]))
      return *out = LLVMConstIntGetSExtValue(x->op_arg[j]), 1;
  }
  return error(x, "a non-constant operand where '%s' needs a constant", x->st->parts[0]);
}

static LLVMValueRef cint(xlate *x, LLVMTypeRef t, unsigned long long v) {
  (void)x;
  return LLVMConstInt(t, v, 0);
}

/* ---- floats: .ftz and .sat --------------------------------------------- */

/* A float subnormal as a zero of its sign (the .ftz of f32 operations). */
static LLVMValueRef flush(xlate *x, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) != LLVMFloatTypeKind) return v;
  LLVMValueRef mag = call_intrinsic(x, "llvm.fabs", &t, 1, &v, 1);
  LLVMValueRef tiny = LLVMBuildFCmp(x->b, LLVMRealOLT, mag, LLVMConstReal(t, 0x1p-126), "");
  LLVMValueRef zero[2] = {LLVMConstReal(t, 0.0), v};
  LLVMValueRef signed_zero = call_intrinsic(x, "llvm.copysign", &t, 1, zero, 2);
  return LLVMBuildSelect(x->b, tiny, signed_zero, v, "");
}

/* .sat: clamped to [+0, 1]; NaN and -0 -> +0. */
static LLVMValueRef saturate(xlate *x, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMValueRef positive = LLVMBuildFCmp(x->b, LLVMRealOGT, v, LLVMConstReal(t, 0.0), "");
  LLVMValueRef r = LLVMBuildSelect(x->b, positive, v, LLVMConstReal(t, 0.0), "");
  LLVMValueRef big = LLVMBuildFCmp(x->b, LLVMRealOGT, r, LLVMConstReal(t, 1.0), "");
  return LLVMBuildSelect(x->b, big, LLVMConstReal(t, 1.0), r, "");
}

/* The float operands 1..n of the statement, flushed under .ftz. */
static int float_sources(xlate *x, ptx_type t, int ftz, LLVMValueRef *v, int n) {
  for (int k = 0; k < n; k++) {
    v[k] = get(x, k + 1, t);
    if (!v[k]) return 0;
    if (ftz) v[k] = flush(x, v[k]);
  }
  return 1;
}

static int float_result(xlate *x, LLVMValueRef r, ptx_type t, int ftz, int sat) {
  if (sat) r = saturate(x, r);
  if (ftz) r = flush(x, r);
  return put(x, 0, r, t);
}

/* The devlib's name of a rounding mode modifier. */
static const char *const rounding_mods[] = {"rn", "rz", "rm", "rp", NULL};
static const char *const rounding_names[] = {"rn", "rz", "rd", "ru"};
static const char *const int_rounding_mods[] = {"rni", "rzi", "rmi", "rpi", NULL};

/* ---- integer arithmetic ------------------------------------------------ */

static LLVMValueRef carry_in(xlate *x, LLVMTypeRef t) {
  return LLVMBuildZExt(x->b, LLVMBuildLoad2(x->b, int_type(x, 1), x->carry, ""), t, "");
}

static void carry_out(xlate *x, LLVMValueRef c) {
  LLVMBuildStore(x->b, c, x->carry);
}

/* a + b (+ carry in) with the carry out when asked; sub: a - b (- borrow). */
static LLVMValueRef add_carry(xlate *x, LLVMValueRef a, LLVMValueRef bv, int sub, int cin,
                              int cout) {
  LLVMBuilderRef b = x->b;
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMValueRef r = sub ? LLVMBuildSub(b, a, bv, "") : LLVMBuildAdd(b, a, bv, "");
  LLVMValueRef c1 =
      sub ? LLVMBuildICmp(b, LLVMIntULT, a, bv, "") : LLVMBuildICmp(b, LLVMIntULT, r, a, "");
  if (cin) {
    LLVMValueRef c = carry_in(x, t);
    LLVMValueRef r2 = sub ? LLVMBuildSub(b, r, c, "") : LLVMBuildAdd(b, r, c, "");
    LLVMValueRef c2 =
        sub ? LLVMBuildICmp(b, LLVMIntULT, r, c, "") : LLVMBuildICmp(b, LLVMIntULT, r2, r, "");
    c1 = LLVMBuildOr(b, c1, c2, "");
    r = r2;
  }
  if (cout) carry_out(x, c1);
  return r;
}

/* add/sub/addc/subc .s .u .b 16..64, .cc, .sat (s32) ; float forms elsewhere. */
static int float_arith(xlate *x, ptx_type t);

static int op_add(xlate *x) {
  const char *name = x->st->parts[0];
  int sub = name[0] == 's', with_carry = name[strlen(name) - 1] == 'c' && strlen(name) == 4;
  ptx_type ts[2];
  if (types(x, ts, 2) != 1) return error(x, "the types of '%s'", name);
  ptx_type t = ts[0];
  if (t.kind == 'f' && !with_carry) return float_arith(x, t);
  if (!check_operands(x, 3, 3) || t.kind == 'p' || t.kind == 'f' || t.bits < 16)
    return error(x, "the type of '%s'", name);
  int cc = mod(x, "cc"), sat = mod(x, "sat");
  LLVMValueRef a = get(x, 1, t), bv = get(x, 2, t);
  if (!a || !bv) return 0;
  if (sat) {
    if (t.kind != 's' || t.bits != 32 || cc || with_carry) return error(x, "'.sat' on '%s'", name);
    LLVMTypeRef w = int_type(x, 64);
    LLVMValueRef a64 = LLVMBuildSExt(x->b, a, w, ""), b64 = LLVMBuildSExt(x->b, bv, w, "");
    LLVMValueRef r = sub ? LLVMBuildSub(x->b, a64, b64, "") : LLVMBuildAdd(x->b, a64, b64, "");
    LLVMValueRef args[2] = {r, LLVMConstInt(w, 0x7fffffff, 1)};
    r = call_intrinsic(x, "llvm.smin", &w, 1, args, 2);
    args[0] = r, args[1] = LLVMConstInt(w, (unsigned long long)-0x80000000ll, 1);
    r = call_intrinsic(x, "llvm.smax", &w, 1, args, 2);
    return put(x, 0, LLVMBuildTrunc(x->b, r, i32(x), ""), t);
  }
  return put(x, 0, add_carry(x, a, bv, sub, with_carry, cc), t);
}

/* The high half of the 2N-bit product of a and b (N bits). */
static LLVMValueRef mul_hi(xlate *x, LLVMValueRef a, LLVMValueRef bv, ptx_type t) {
  LLVMTypeRef lt = LLVMTypeOf(a);
  if (t.bits == 64) {
    LLVMValueRef args[2] = {a, bv};
    return call_devlib(x, t.kind == 's' ? "__anchor_mul64hi" : "__anchor_umul64hi", lt, args, 2);
  }
  LLVMTypeRef w = int_type(x, 2 * t.bits);
  int s = t.kind == 's';
  LLVMValueRef aw = s ? LLVMBuildSExt(x->b, a, w, "") : LLVMBuildZExt(x->b, a, w, "");
  LLVMValueRef bw = s ? LLVMBuildSExt(x->b, bv, w, "") : LLVMBuildZExt(x->b, bv, w, "");
  LLVMValueRef p = LLVMBuildMul(x->b, aw, bw, "");
  return LLVMBuildTrunc(x->b, LLVMBuildLShr(x->b, p, cint(x, w, t.bits), ""), lt, "");
}

/* mul/mad .lo .hi .wide; mad.cc, madc (carry through the final add). */
static int op_mul(xlate *x) {
  const char *name = x->st->parts[0];
  int mad = name[1] == 'a', madc = !strcmp(name, "madc");
  ptx_type ts[2];
  if (types(x, ts, 2) != 1) return error(x, "the types of '%s'", name);
  ptx_type t = ts[0];
  if (t.kind == 'f' && !madc) return float_arith(x, t);
  if (!check_operands(x, mad || madc ? 4 : 3, mad || madc ? 4 : 3) || t.kind == 'p' || t.bits < 16)
    return error(x, "the type of '%s'", name);
  static const char *const halves[] = {"lo", "hi", "wide", NULL};
  int half = mod_of(x, halves), cc = mod(x, "cc");
  if (!half) return error(x, "'%s' without .lo, .hi or .wide", name);
  if ((cc || madc) && half == 3) return error(x, "the carry of '%s.wide'", name);
  LLVMValueRef a = get(x, 1, t), bv = get(x, 2, t);
  if (!a || !bv) return 0;
  LLVMValueRef p;
  ptx_type rt = t;
  if (half == 1) {
    p = LLVMBuildMul(x->b, a, bv, "");
  } else if (half == 2) {
    p = mul_hi(x, a, bv, t);
  } else {
    if (t.bits == 64) return error(x, "'.wide' on 64-bit '%s'", name);
    rt.bits = 2 * t.bits;
    LLVMTypeRef w = ltype(x, rt);
    int s = t.kind == 's';
    LLVMValueRef aw = s ? LLVMBuildSExt(x->b, a, w, "") : LLVMBuildZExt(x->b, a, w, "");
    LLVMValueRef bw = s ? LLVMBuildSExt(x->b, bv, w, "") : LLVMBuildZExt(x->b, bv, w, "");
    p = LLVMBuildMul(x->b, aw, bw, "");
  }
  if (mad || madc) {
    LLVMValueRef c = get(x, 3, rt);
    if (!c) return 0;
    p = add_carry(x, p, c, 0, madc, cc);
  }
  return put(x, 0, p, rt);
}

/* mul24/mad24 .lo: the device library's __[u]mul24. */
static int op_mul24(xlate *x) {
  ptx_type t;
  int mad = x->st->parts[0][1] == 'a';
  if (!one_type(x, &t, "su", 32) || t.bits != 32 || !check_operands(x, 3 + mad, 3 + mad)) return 0;
  if (!mod(x, "lo")) return error(x, "'%s' without .lo", x->st->parts[0]);
  LLVMValueRef args[2] = {get(x, 1, t), get(x, 2, t)};
  if (!args[0] || !args[1]) return 0;
  LLVMValueRef r =
      call_devlib(x, t.kind == 's' ? "__anchor_mul24" : "__anchor_umul24", i32(x), args, 2);
  if (mad) {
    LLVMValueRef c = get(x, 3, t);
    if (!c) return 0;
    r = LLVMBuildAdd(x->b, r, c, "");
  }
  return put(x, 0, r, t);
}

/* sad: |a - b| + c, the device library's __sad / __usad. */
static int op_sad(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "su", 32) || t.bits != 32 || !check_operands(x, 4, 4)) return 0;
  LLVMValueRef args[3] = {get(x, 1, t), get(x, 2, t), get(x, 3, t)};
  if (!args[0] || !args[1] || !args[2]) return 0;
  return put(x, 0,
             call_devlib(x, t.kind == 's' ? "__anchor_sad" : "__anchor_usad", i32(x), args, 3), t);
}

/* div, rem on integers (float div: float_arith). */
static int op_div(xlate *x) {
  ptx_type ts[2];
  if (types(x, ts, 2) != 1) return error(x, "the types of '%s'", x->st->parts[0]);
  ptx_type t = ts[0];
  int rem = x->st->parts[0][0] == 'r';
  if (t.kind == 'f' && !rem) return float_arith(x, t);
  if (!check_operands(x, 3, 3) || t.kind == 'f' || t.kind == 'p' || t.bits < 16)
    return error(x, "the type of '%s'", x->st->parts[0]);
  LLVMValueRef a = get(x, 1, t), bv = get(x, 2, t);
  if (!a || !bv) return 0;
  int s = t.kind == 's';
  LLVMValueRef r = rem ? (s ? LLVMBuildSRem(x->b, a, bv, "") : LLVMBuildURem(x->b, a, bv, ""))
                       : (s ? LLVMBuildSDiv(x->b, a, bv, "") : LLVMBuildUDiv(x->b, a, bv, ""));
  return put(x, 0, r, t);
}

/* min, max, abs, neg: integer and float. */
static int op_minmax(xlate *x) {
  int max = x->st->parts[0][1] == 'a';
  ptx_type ts[2];
  if (types(x, ts, 2) != 1) return error(x, "the types of '%s'", x->st->parts[0]);
  ptx_type t = ts[0];
  if (!check_operands(x, 3, 3)) return 0;
  LLVMTypeRef lt = ltype(x, t);
  if (t.kind == 'f') {
    if (t.bits == 16) return error(x, "the type of '%s'", x->st->parts[0]);
    int ftz = mod(x, "ftz");
    LLVMValueRef v[2];
    if (!float_sources(x, t, ftz, v, 2)) return 0;
    return float_result(x, call_intrinsic(x, max ? "llvm.maxnum" : "llvm.minnum", &lt, 1, v, 2), t,
                        0, 0);
  }
  if (t.kind == 'p' || t.bits < 16) return error(x, "the type of '%s'", x->st->parts[0]);
  LLVMValueRef v[2] = {get(x, 1, t), get(x, 2, t)};
  if (!v[0] || !v[1]) return 0;
  const char *intr =
      t.kind == 's' ? (max ? "llvm.smax" : "llvm.smin") : (max ? "llvm.umax" : "llvm.umin");
  return put(x, 0, call_intrinsic(x, intr, &lt, 1, v, 2), t);
}

static int op_absneg(xlate *x) {
  int neg = x->st->parts[0][0] == 'n';
  ptx_type t;
  if (!one_type(x, &t, "sf", 16) || !check_operands(x, 2, 2)) return 0;
  LLVMTypeRef lt = ltype(x, t);
  if (t.kind == 'f') {
    if (t.bits == 16) return error(x, "the type of '%s'", x->st->parts[0]);
    int ftz = mod(x, "ftz");
    LLVMValueRef v;
    if (!float_sources(x, t, ftz, &v, 1)) return 0;
    v = neg ? LLVMBuildFNeg(x->b, v, "") : call_intrinsic(x, "llvm.fabs", &lt, 1, &v, 1);
    return float_result(x, v, t, 0, 0);
  }
  LLVMValueRef v = get(x, 1, t);
  if (!v) return 0;
  if (neg) return put(x, 0, LLVMBuildNeg(x->b, v, ""), t);
  LLVMValueRef args[2] = {v, LLVMConstInt(int_type(x, 1), 0, 0)};
  return put(x, 0, call_intrinsic(x, "llvm.abs", &lt, 1, args, 2), t);
}

/* and or xor not cnot: .b16 .b32 .b64 .pred. */
static int op_logic(xlate *x) {
  const char *name = x->st->parts[0];
  ptx_type t;
  if (!one_type(x, &t, "bp", 1)) return 0;
  int unary = !strcmp(name, "not") || !strcmp(name, "cnot");
  if (!check_operands(x, unary ? 2 : 3, unary ? 2 : 3)) return 0;
  if (t.kind == 'b' && t.bits < 16) return error(x, "the type of '%s'", name);
  LLVMValueRef a = get(x, 1, t), bv = unary ? NULL : get(x, 2, t), r;
  if (!a || (!unary && !bv)) return 0;
  LLVMTypeRef lt = ltype(x, t);
  if (!strcmp(name, "not"))
    r = LLVMBuildNot(x->b, a, "");
  else if (!strcmp(name, "cnot")) {
    if (t.kind == 'p') return error(x, "the type of '%s'", name);
    r = LLVMBuildZExt(x->b, LLVMBuildICmp(x->b, LLVMIntEQ, a, LLVMConstNull(lt), ""), lt, "");
  } else if (!strcmp(name, "and"))
    r = LLVMBuildAnd(x->b, a, bv, "");
  else if (!strcmp(name, "or"))
    r = LLVMBuildOr(x->b, a, bv, "");
  else
    r = LLVMBuildXor(x->b, a, bv, "");
  return put(x, 0, r, t);
}

/* shl / shr: PTX clamps the shift amount (u32) to the width: shl and shr.u
 * give 0, shr.s the sign, where LLVM's shifts would be poison. */
static int op_shift(xlate *x) {
  int left = x->st->parts[0][2] == 'l';
  ptx_type t;
  if (!one_type(x, &t, left ? "b" : "bsu", 16) || !check_operands(x, 3, 3)) return 0;
  LLVMTypeRef lt = ltype(x, t);
  LLVMValueRef a = get(x, 1, t), n = get(x, 2, (ptx_type){'u', 32});
  if (!a || !n) return 0;
  LLVMValueRef big = LLVMBuildICmp(x->b, LLVMIntUGT, n, cint(x, i32(x), t.bits - 1), "");
  LLVMValueRef amount = LLVMBuildSelect(x->b, big, cint(x, i32(x), t.bits - 1), n, "");
  amount = cast(x, amount, lt, 0);
  if (t.kind == 's') return put(x, 0, LLVMBuildAShr(x->b, a, amount, ""), t);
  LLVMValueRef r = left ? LLVMBuildShl(x->b, a, amount, "") : LLVMBuildLShr(x->b, a, amount, "");
  return put(x, 0, LLVMBuildSelect(x->b, big, LLVMConstNull(lt), r, ""), t);
}

/* The mask of the low n bits (n: i32, any value; >= bits: all ones) in type lt. */
static LLVMValueRef low_mask(xlate *x, LLVMValueRef n, LLVMTypeRef lt) {
  unsigned bits = type_bits(lt);
  LLVMValueRef full = LLVMBuildICmp(x->b, LLVMIntUGE, n, cint(x, i32(x), bits), "");
  LLVMValueRef safe = cast(x, LLVMBuildSelect(x->b, full, cint(x, i32(x), 0), n, ""), lt, 0);
  LLVMValueRef m =
      LLVMBuildSub(x->b, LLVMBuildShl(x->b, cint(x, lt, 1), safe, ""), cint(x, lt, 1), "");
  return LLVMBuildSelect(x->b, full, LLVMConstAllOnes(lt), m, "");
}

/* bfe: bits [pos, pos + len) of a (pos, len: the low 8 bits of b and c),
 * zero- or sign-extended from the last bit taken (PTX's sbit: the msb when
 * the field runs past it). */
static int op_bfe(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "su", 32) || !check_operands(x, 4, 4)) return 0;
  LLVMTypeRef lt = ltype(x, t), u = i32(x);
  LLVMValueRef a = get(x, 1, t), pos = get(x, 2, (ptx_type){'u', 32}),
               len = get(x, 3, (ptx_type){'u', 32});
  if (!a || !pos || !len) return 0;
  LLVMBuilderRef b = x->b;
  pos = LLVMBuildAnd(b, pos, cint(x, u, 0xff), "");
  len = LLVMBuildAnd(b, len, cint(x, u, 0xff), "");
  LLVMValueRef msb = cint(x, u, t.bits - 1);
  LLVMValueRef past = LLVMBuildICmp(b, LLVMIntUGT, pos, msb, "");
  LLVMValueRef shifted = LLVMBuildSelect(
      b, past, LLVMConstNull(lt),
      LLVMBuildLShr(b, a, cast(x, LLVMBuildSelect(b, past, cint(x, u, 0), pos, ""), lt, 0), ""),
      "");
  /* bits actually in the field: min(len, bits - pos) */
  LLVMValueRef room =
      LLVMBuildSelect(b, past, cint(x, u, 0), LLVMBuildSub(b, cint(x, u, t.bits), pos, ""), "");
  LLVMValueRef args[2] = {len, room};
  LLVMValueRef k = call_intrinsic(x, "llvm.umin", &u, 1, args, 2);
  LLVMValueRef mask = low_mask(x, k, lt);
  LLVMValueRef r = LLVMBuildAnd(b, shifted, mask, "");
  if (t.kind == 's') {
    LLVMValueRef top = LLVMBuildSub(b, LLVMBuildAdd(b, pos, len, ""), cint(x, u, 1), "");
    LLVMValueRef idx = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, top, msb, ""), msb, top, "");
    LLVMValueRef bit =
        LLVMBuildAnd(b, LLVMBuildLShr(b, a, cast(x, idx, lt, 0), ""), cint(x, lt, 1), "");
    LLVMValueRef sbit = LLVMBuildICmp(b, LLVMIntNE, bit, LLVMConstNull(lt), "");
    r = LLVMBuildSelect(b, sbit, LLVMBuildOr(b, r, LLVMBuildNot(b, mask, ""), ""), r, "");
  }
  return put(x, 0, r, t);
}

/* bfi: b with bits [pos, pos + len) from the low bits of a (f); bits past
 * the msb are dropped. */
static int op_bfi(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "b", 32) || !check_operands(x, 5, 5)) return 0;
  LLVMTypeRef lt = ltype(x, t), u = i32(x);
  LLVMValueRef f = get(x, 1, t), base = get(x, 2, t), pos = get(x, 3, (ptx_type){'u', 32}),
               len = get(x, 4, (ptx_type){'u', 32});
  if (!f || !base || !pos || !len) return 0;
  LLVMBuilderRef b = x->b;
  pos = LLVMBuildAnd(b, pos, cint(x, u, 0xff), "");
  len = LLVMBuildAnd(b, len, cint(x, u, 0xff), "");
  LLVMValueRef past = LLVMBuildICmp(b, LLVMIntUGT, pos, cint(x, u, t.bits - 1), "");
  LLVMValueRef p = cast(x, LLVMBuildSelect(b, past, cint(x, u, 0), pos, ""), lt, 0);
  LLVMValueRef mask = LLVMBuildShl(b, low_mask(x, len, lt), p, "");
  mask = LLVMBuildSelect(b, past, LLVMConstNull(lt), mask, "");
  LLVMValueRef r = LLVMBuildOr(b, LLVMBuildAnd(b, base, LLVMBuildNot(b, mask, ""), ""),
                               LLVMBuildAnd(b, LLVMBuildShl(b, f, p, ""), mask, ""), "");
  return put(x, 0, r, t);
}

/* bfind: the position of the most significant non-sign bit, 0xffffffff if
 * none; .shiftamt: the left shift that makes it the msb. */
static int op_bfind(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "su", 32) || !check_operands(x, 2, 2)) return 0;
  int shiftamt = mod(x, "shiftamt");
  LLVMTypeRef lt = ltype(x, t), u = i32(x);
  LLVMValueRef a = get(x, 1, t);
  if (!a) return 0;
  LLVMBuilderRef b = x->b;
  if (t.kind == 's')
    a = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, a, LLVMConstNull(lt), ""),
                        LLVMBuildNot(b, a, ""), a, "");
  LLVMValueRef clz = call_devlib(x, t.bits == 64 ? "__anchor_clzll" : "__anchor_clz", u, &a, 1);
  LLVMValueRef none = LLVMBuildICmp(b, LLVMIntEQ, a, LLVMConstNull(lt), "");
  LLVMValueRef r = shiftamt ? clz : LLVMBuildSub(b, cint(x, u, t.bits - 1), clz, "");
  return put(x, 0, LLVMBuildSelect(b, none, LLVMConstAllOnes(u), r, ""), (ptx_type){'u', 32});
}

/* popc, clz, brev: the device library's __popc/__clz/__brev (and ll). */
static int op_bits(xlate *x) {
  const char *name = x->st->parts[0];
  ptx_type t;
  if (!one_type(x, &t, "b", 32) || !check_operands(x, 2, 2)) return 0;
  LLVMValueRef a = get(x, 1, t);
  if (!a) return 0;
  char fn[64];
  snprintf(fn, sizeof fn, "__anchor_%.20s%s", name, t.bits == 64 ? "ll" : "");
  int brev = !strcmp(name, "brev");
  LLVMValueRef r = call_devlib(x, fn, brev ? ltype(x, t) : i32(x), &a, 1);
  return put(x, 0, r, brev ? t : (ptx_type){'u', 32});
}

/* prmt.b32: the default mode is __byte_perm on the selectors' low 3 bits
 * plus their sign-replicating bit 3; the other modes __byte_perm with the
 * selectors the mode gives for c[1:0]. */
static int op_prmt(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "b", 32) || t.bits != 32 || !check_operands(x, 4, 4)) return 0;
  LLVMValueRef args[3] = {get(x, 1, t), get(x, 2, t), get(x, 3, t)};
  if (!args[0] || !args[1] || !args[2]) return 0;
  LLVMValueRef sel = args[2];
  LLVMBuilderRef b = x->b;
  LLVMTypeRef u = i32(x);
  /* the modes: four byte selectors by c[1:0] (PTX ISA, prmt), d.b3 .. d.b0 as hex digits */
  static const char *const modes[] = {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16", NULL};
  static const unsigned selectors[][4] = {
      {0x3210, 0x4321, 0x5432, 0x6543}, {0x5670, 0x6701, 0x7012, 0x0123},
      {0x0000, 0x1111, 0x2222, 0x3333}, {0x3210, 0x3211, 0x3222, 0x3333},
      {0x0000, 0x1110, 0x2210, 0x3210}, {0x1010, 0x3232, 0x1010, 0x3232}};
  int mode = mod_of(x, modes);
  if (mode) {
    LLVMValueRef low = LLVMBuildAnd(b, sel, cint(x, u, 3), ""),
                 pick = cint(x, u, selectors[mode - 1][0]);
    for (unsigned k = 1; k < 4; k++)
      pick = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, low, cint(x, u, k), ""),
                             cint(x, u, selectors[mode - 1][k]), pick, "");
    args[2] = pick;
    return put(x, 0, call_devlib(x, "__anchor_byte_perm", u, args, 3), t);
  }
  args[2] = LLVMBuildAnd(b, sel, cint(x, u, 0x7777), "");
  LLVMValueRef r = call_devlib(x, "__anchor_byte_perm", u, args, 3);
  /* a selector's bit 3: the selected byte's sign bit replicated (which
   * __byte_perm, reading 3 bits, leaves out) */
  for (unsigned k = 0; k < 4; k++) {
    LLVMValueRef sign =
        LLVMBuildAnd(b, LLVMBuildLShr(b, sel, cint(x, u, 4 * k + 3), ""), cint(x, u, 1), "");
    LLVMValueRef msb =
        LLVMBuildAnd(b, LLVMBuildLShr(b, r, cint(x, u, 8 * k + 7), ""), cint(x, u, 1), "");
    LLVMValueRef fill =
        LLVMBuildShl(b, LLVMBuildMul(b, msb, cint(x, u, 0xff), ""), cint(x, u, 8 * k), "");
    LLVMValueRef replaced =
        LLVMBuildOr(b, LLVMBuildAnd(b, r, cint(x, u, ~(0xffu << 8 * k)), ""), fill, "");
    r = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntNE, sign, cint(x, u, 0), ""), replaced, r, "");
  }
  return put(x, 0, r, t);
}

/* lop3.b32 d, a, b, c, lut: the OR of the minterms the LUT selects (bit i:
 * a = i & 4, b = i & 2, c = i & 1 — the LUT is F(0xF0, 0xCC, 0xAA)). */
static int op_lop3(xlate *x) {
  ptx_type t;
  long long lut;
  if (!one_type(x, &t, "b", 32) || t.bits != 32 || !check_operands(x, 5, 5) ||
      !immediate(x, 4, &lut))
    return 0;
  LLVMValueRef v[3] = {get(x, 1, t), get(x, 2, t), get(x, 3, t)};
  if (!v[0] || !v[1] || !v[2]) return 0;
  LLVMBuilderRef b = x->b;
  LLVMValueRef r = cint(x, i32(x), 0);
  for (int i = 0; i < 8; i++) {
    if (!(lut >> i & 1)) continue;
    LLVMValueRef term = LLVMConstAllOnes(i32(x));
    for (int k = 0; k < 3; k++) {
      LLVMValueRef s = (i >> (2 - k) & 1) ? v[k] : LLVMBuildNot(b, v[k], "");
      term = LLVMBuildAnd(b, term, s, "");
    }
    r = LLVMBuildOr(b, r, term, "");
  }
  return put(x, 0, r, t);
}

/* shf.{l,r}.{wrap,clamp}.b32: __funnelshift_{l,lc,r,rc}. */
static int op_shf(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "b", 32) || t.bits != 32 || !check_operands(x, 4, 4)) return 0;
  static const char *const dirs[] = {"l", "r", NULL}, *const kinds[] = {"wrap", "clamp", NULL};
  int dir = mod_of(x, dirs), kind = mod_of(x, kinds);
  if (!dir || !kind) return error(x, "'%s' without a direction and mode", "shf");
  char fn[40];
  snprintf(fn, sizeof fn, "__anchor_funnelshift_%s%s", dir == 1 ? "l" : "r", kind == 2 ? "c" : "");
  LLVMValueRef args[3] = {get(x, 1, t), get(x, 2, t), get(x, 3, t)};
  if (!args[0] || !args[1] || !args[2]) return 0;
  return put(x, 0, call_devlib(x, fn, i32(x), args, 3), t);
}

/* dp4a / dp2a.{lo,hi}: both sources signed or both unsigned. */
static int op_dp(xlate *x) {
  int four = x->st->parts[0][2] == '4';
  ptx_type ts[3];
  if (types(x, ts, 3) != 2 || ts[0].kind != ts[1].kind || ts[0].bits != 32 || ts[1].bits != 32 ||
      !strchr("su", ts[0].kind))
    return error(x, "the types of '%s' (mixed signedness)", x->st->parts[0]);
  if (!check_operands(x, 4, 4)) return 0;
  static const char *const halves[] = {"lo", "hi", NULL};
  int half = four ? 0 : mod_of(x, halves);
  if (!four && !half) return error(x, "'%s' without .lo or .hi", "dp2a");
  char fn[40];
  snprintf(fn, sizeof fn, "__anchor_%sdp%s", ts[0].kind == 'u' ? "u" : "",
           four        ? "4a"
           : half == 1 ? "2a_lo"
                       : "2a_hi");
  LLVMValueRef args[3] = {get(x, 1, ts[0]), get(x, 2, ts[0]), get(x, 3, ts[0])};
  if (!args[0] || !args[1] || !args[2]) return 0;
  return put(x, 0, call_devlib(x, fn, i32(x), args, 3), ts[0]);
}

/* ---- moves and comparisons --------------------------------------------- */

/* mov.type d, a; mov.b64 d, {lo, hi} (pack); mov.b64 {lo, hi}, a (unpack);
 * the same for b32 in 16-bit halves. */
static int op_mov(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "subfp", 1) || !check_operands(x, 2, 2)) return 0;
  const ptx_operand *d = &x->st->operands[0], *a = &x->st->operands[1];
  LLVMTypeRef lt = int_type(x, t.bits);
  if (a->kind == PTX_VEC || d->kind == PTX_VEC) {
    const ptx_operand *v = a->kind == PTX_VEC ? a : d;
    if (v->nelems < 2 || t.bits % (unsigned)v->nelems || t.kind == 'f')
      return error(x, "the vector operand of '%s'", "mov");
    ptx_type et = {'b', t.bits / (unsigned)v->nelems};
    LLVMTypeRef le = int_type(x, et.bits);
    if (a->kind == PTX_VEC) {
      LLVMValueRef r = LLVMConstNull(lt);
      for (int k = 0; k < v->nelems; k++) {
        LLVMValueRef e = value_of(x, &v->elems[k], et);
        if (!e) return 0;
        e = LLVMBuildShl(x->b, LLVMBuildZExt(x->b, e, lt, ""), cint(x, lt, et.bits * (unsigned)k),
                         "");
        r = LLVMBuildOr(x->b, r, e, "");
      }
      return put(x, 0, r, t);
    }
    LLVMValueRef whole = get(x, 1, t);
    if (!whole) return 0;
    whole = cast(x, whole, lt, 0);
    for (int k = 0; k < v->nelems; k++) {
      LLVMValueRef e = LLVMBuildLShr(x->b, whole, cint(x, lt, et.bits * (unsigned)k), "");
      if (!put_operand(x, &v->elems[k], LLVMBuildTrunc(x->b, e, le, ""), et)) return 0;
    }
    return 1;
  }
  return put(x, 0, get(x, 1, t), t);
}

/* cvta.to.global / cvta.global: a global address is its generic address. */
static int op_cvta(xlate *x) {
  ptx_type t;
  mod(x, "to");
  if (!mod(x, "global")) return error(x, "'cvta' of a space other than %s", ".global");
  if (!one_type(x, &t, "u", 32) || !check_operands(x, 2, 2)) return 0;
  return put(x, 0, get(x, 1, t), t);
}

typedef struct cmp_op {
  const char *name;
  LLVMIntPredicate s, u;
  LLVMRealPredicate f;
} cmp_op;

static const cmp_op cmp_ops[] = {{"eq", LLVMIntEQ, LLVMIntEQ, LLVMRealOEQ},
                                 {"ne", LLVMIntNE, LLVMIntNE, LLVMRealONE},
                                 {"lt", LLVMIntSLT, LLVMIntULT, LLVMRealOLT},
                                 {"le", LLVMIntSLE, LLVMIntULE, LLVMRealOLE},
                                 {"gt", LLVMIntSGT, LLVMIntUGT, LLVMRealOGT},
                                 {"ge", LLVMIntSGE, LLVMIntUGE, LLVMRealOGE},
                                 {"lo", LLVMIntULT, LLVMIntULT, 0},
                                 {"ls", LLVMIntULE, LLVMIntULE, 0},
                                 {"hi", LLVMIntUGT, LLVMIntUGT, 0},
                                 {"hs", LLVMIntUGE, LLVMIntUGE, 0},
                                 {"equ", 0, 0, LLVMRealUEQ},
                                 {"neu", 0, 0, LLVMRealUNE},
                                 {"ltu", 0, 0, LLVMRealULT},
                                 {"leu", 0, 0, LLVMRealULE},
                                 {"gtu", 0, 0, LLVMRealUGT},
                                 {"geu", 0, 0, LLVMRealUGE},
                                 {"num", 0, 0, LLVMRealORD},
                                 {"nan", 0, 0, LLVMRealUNO}};

/* The comparison of setp/set: operands a (index k) and b (k + 1) of type t
 * under the statement's compare modifier; NULL after an error. */
static LLVMValueRef compare(xlate *x, ptx_type t, int k) {
  const cmp_op *op = NULL;
  for (unsigned c = 0; c < sizeof cmp_ops / sizeof *cmp_ops && !op; c++)
    if (mod(x, cmp_ops[c].name)) op = &cmp_ops[c];
  if (!op) return error(x, "the comparison of '%s'", x->st->parts[0]), NULL;
  int ftz = mod(x, "ftz");
  LLVMValueRef a = get(x, k, t), bv = get(x, k + 1, t);
  if (!a || !bv) return NULL;
  if (t.kind == 'f') {
    if (!op->f || t.bits == 16) return error(x, "the comparison of '%s'", x->st->parts[0]), NULL;
    if (ftz) a = flush(x, a), bv = flush(x, bv);
    return LLVMBuildFCmp(x->b, op->f, a, bv, "");
  }
  if (!op->s || ftz || t.kind == 'p')
    return error(x, "the comparison of '%s'", x->st->parts[0]), NULL;
  return LLVMBuildICmp(x->b, t.kind == 's' ? op->s : op->u, a, bv, "");
}

/* The optional .and/.or/.xor combination with predicate operand k. */
static LLVMValueRef combine(xlate *x, LLVMValueRef p, int k, int *bool_op) {
  static const char *const ops[] = {"and", "or", "xor", NULL};
  if (!*bool_op) *bool_op = mod_of(x, ops);
  if (!*bool_op)
    return x->st->noperands > k ? (error(x, "the operands of '%s'", x->st->parts[0]), NULL) : p;
  if (x->st->noperands <= k) return error(x, "the operands of '%s'", x->st->parts[0]), NULL;
  LLVMValueRef c = get(x, k, (ptx_type){'p', 1});
  if (!c) return NULL;
  return *bool_op == 1   ? LLVMBuildAnd(x->b, p, c, "")
         : *bool_op == 2 ? LLVMBuildOr(x->b, p, c, "")
                         : LLVMBuildXor(x->b, p, c, "");
}

/* setp.cmp[.bool].type p[|q], a, b[, {!}c] */
static int op_setp(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "subf", 16) || !check_operands(x, 3, 4)) return 0;
  LLVMValueRef p = compare(x, t, 1);
  if (!p) return 0;
  int bool_op = 0;
  LLVMValueRef r = combine(x, p, 3, &bool_op);
  if (!r) return 0;
  const ptx_operand *d = &x->st->operands[0];
  ptx_type pt = {'p', 1};
  if (d->kind != PTX_REG) return error(x, "the destination of '%s'", "setp");
  if (!write_reg(x, d->name, r, pt)) return 0;
  if (!d->pair) return 1;
  LLVMValueRef q = combine(x, LLVMBuildNot(x->b, p, ""), 3, &bool_op);
  return q && write_reg(x, d->name2, q, pt);
}

/* set.cmp[.bool].dtype.stype d, a, b[, {!}c]: all ones / 1.0f or 0. */
static int op_set(xlate *x) {
  ptx_type ts[3];
  if (types(x, ts, 3) != 2 || !check_operands(x, 3, 4)) return error(x, "the types of '%s'", "set");
  ptx_type dt = ts[0];
  if (!(dt.bits == 32 && strchr("suf", dt.kind))) return error(x, "the type of '%s'", "set");
  LLVMValueRef p = compare(x, ts[1], 1);
  if (!p) return 0;
  int bool_op = 0;
  p = combine(x, p, 3, &bool_op);
  if (!p) return 0;
  LLVMTypeRef lt = ltype(x, dt);
  LLVMValueRef one = dt.kind == 'f' ? LLVMConstReal(lt, 1.0) : LLVMConstAllOnes(lt);
  return put(x, 0, LLVMBuildSelect(x->b, p, one, LLVMConstNull(lt), ""), dt);
}

/* selp.type d, a, b, c: c ? a : b */
static int op_selp(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "subf", 16) || !check_operands(x, 4, 4)) return 0;
  LLVMValueRef a = get(x, 1, t), bv = get(x, 2, t), c = get(x, 3, (ptx_type){'p', 1});
  if (!a || !bv || !c) return 0;
  return put(x, 0, LLVMBuildSelect(x->b, c, a, bv, ""), t);
}

/* slct.dtype.{s32,f32} d, a, b, c: c >= 0 ? a : b */
static int op_slct(xlate *x) {
  ptx_type ts[3];
  if (types(x, ts, 3) != 2 || !check_operands(x, 4, 4))
    return error(x, "the types of '%s'", "slct");
  ptx_type ct = ts[1];
  if (ct.bits != 32 || (ct.kind != 's' && ct.kind != 'f'))
    return error(x, "the type of '%s'", "slct");
  int ftz = mod(x, "ftz");
  LLVMValueRef a = get(x, 1, ts[0]), bv = get(x, 2, ts[0]), c = get(x, 3, ct);
  if (!a || !bv || !c) return 0;
  LLVMValueRef ge;
  if (ct.kind == 'f') {
    if (ftz) c = flush(x, c);
    ge = LLVMBuildFCmp(x->b, LLVMRealOGE, c, LLVMConstReal(f32(x), 0.0), "");
  } else {
    ge = LLVMBuildICmp(x->b, LLVMIntSGE, c, cint(x, i32(x), 0), "");
  }
  return put(x, 0, LLVMBuildSelect(x->b, ge, a, bv, ""), ts[0]);
}

/* testp.op.{f32,f64} p, a */
static int op_testp(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "f", 32) || !check_operands(x, 2, 2)) return 0;
  static const char *const ops[] = {"finite", "infinite",  "number", "notanumber",
                                    "normal", "subnormal", NULL};
  int op = mod_of(x, ops);
  if (!op) return error(x, "the test of '%s'", "testp");
  LLVMTypeRef lt = ltype(x, t);
  LLVMValueRef a = get(x, 1, t);
  if (!a) return 0;
  LLVMBuilderRef b = x->b;
  LLVMValueRef mag = call_intrinsic(x, "llvm.fabs", &lt, 1, &a, 1);
  LLVMValueRef inf = LLVMConstReal(lt, INFINITY),
               min = LLVMConstReal(lt, t.bits == 32 ? 0x1p-126 : 0x1p-1022);
  LLVMValueRef r;
  switch (op) {
  case 1: r = LLVMBuildFCmp(b, LLVMRealOLT, mag, inf, ""); break;
  case 2: r = LLVMBuildFCmp(b, LLVMRealOEQ, mag, inf, ""); break;
  case 3: r = LLVMBuildFCmp(b, LLVMRealORD, a, a, ""); break;
  case 4: r = LLVMBuildFCmp(b, LLVMRealUNO, a, a, ""); break;
  case 5:
    r = LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOGE, mag, min, ""),
                     LLVMBuildFCmp(b, LLVMRealOLT, mag, inf, ""), "");
    break;
  default:
    r = LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOLT, mag, min, ""),
                     LLVMBuildFCmp(b, LLVMRealONE, mag, LLVMConstReal(lt, 0.0), ""), "");
  }
  return put(x, 0, r, (ptx_type){'p', 1});
}

/* copysign.type d, a, b: b with the sign of a. */
static int op_copysign(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "f", 32) || !check_operands(x, 3, 3)) return 0;
  LLVMTypeRef lt = ltype(x, t);
  LLVMValueRef args[2] = {get(x, 2, t), get(x, 1, t)};
  if (!args[0] || !args[1]) return 0;
  return put(x, 0, call_intrinsic(x, "llvm.copysign", &lt, 1, args, 2), t);
}

/* ---- float arithmetic --------------------------------------------------- */

/* The rounding mode's index (0 rn .. 3 rp), -1 when none given. */
static int rounding(xlate *x) {
  return mod_of(x, rounding_mods) - 1;
}

/* add sub mul fma mad div (float): rn is LLVM's own arithmetic (which
 * nothing contracts), the directed modes the device library's __fadd_rz...;
 * .ftz flushes operands and result, .sat clamps to [0, 1]. */
static int float_arith(xlate *x, ptx_type t) {
  const char *name = x->st->parts[0];
  int fma = !strcmp(name, "fma") || !strcmp(name, "mad"), div = !strcmp(name, "div");
  int n = fma ? 3 : 2;
  if (t.bits == 16 || !check_operands(x, n + 1, n + 1)) return error(x, "the type of '%s'", name);
  int mode = rounding(x), ftz = mod(x, "ftz"), sat = mod(x, "sat");
  int approx = div ? mod(x, "approx") : 0, full = div ? mod(x, "full") : 0;
  int d = t.bits == 64;
  if (d && (ftz || sat || approx || full)) return error(x, "a modifier of '%s.f64'", name);
  if ((fma || (div && !approx && !full)) && mode < 0)
    return error(x, "'%s' without a rounding mode", name);
  if ((approx || full) && mode >= 0) return error(x, "the modifiers of '%s'", name);
  LLVMValueRef v[3];
  if (!float_sources(x, t, ftz, v, n)) return 0;
  LLVMTypeRef lt = ltype(x, t);
  LLVMBuilderRef b = x->b;
  char fn[48];
  LLVMValueRef r;
  if (approx || full) {
    r = call_devlib(x, approx ? "__anchor_fdividef" : "__anchor_fdiv_full", lt, v, 2);
  } else if (mode <= 0 && !fma) {
    r = !strcmp(name, "add")   ? LLVMBuildFAdd(b, v[0], v[1], "")
        : !strcmp(name, "sub") ? LLVMBuildFSub(b, v[0], v[1], "")
        : !strcmp(name, "mul") ? LLVMBuildFMul(b, v[0], v[1], "")
                               : LLVMBuildFDiv(b, v[0], v[1], "");
  } else if (fma && mode == 0) {
    r = call_intrinsic(x, "llvm.fma", &lt, 1, v, 3);
  } else {
    const char *op = fma ? (d ? "fma" : "fmaf") : NULL;
    char opbuf[32];
    if (!op) {
      snprintf(opbuf, sizeof opbuf, "%c%.8s", d ? 'd' : 'f', name);
      op = opbuf;
    }
    snprintf(fn, sizeof fn, "__anchor_%s_%s", op, rounding_names[mode]);
    r = call_devlib(x, fn, lt, v, (unsigned)n);
  }
  return float_result(x, r, t, ftz, sat);
}

/* rcp sqrt rsqrt ex2 lg2 sin cos tanh: the device library's function of the
 * same semantics (an .approx is within PTX's bound). */
static int op_float_unary(xlate *x) {
  const char *name = x->st->parts[0];
  ptx_type t;
  if (!one_type(x, &t, "f", 32) || !check_operands(x, 2, 2)) return 0;
  int approx = mod(x, "approx"), mode = rounding(x), ftz = mod(x, "ftz");
  int d = t.bits == 64;
  const char *fn = NULL;
  char buf[48];
  if (!strcmp(name, "rcp") || !strcmp(name, "sqrt")) {
    if (approx == (mode >= 0) || (d && approx)) return error(x, "the modifiers of '%s'", name);
    int sqrt = name[0] == 's';
    if (approx || mode == 0)
      fn = sqrt ? (d ? "__anchor_dsqrt_rn" : "__anchor_sqrtf")
                : (d ? "__anchor_drcp_rn" : "__anchor_frcp_rn");
    else {
      snprintf(buf, sizeof buf, "__anchor_%c%s_%s", d ? 'd' : 'f', name, rounding_names[mode]);
      fn = buf;
    }
  } else {
    if (!approx || mode >= 0 || d) return error(x, "the modifiers or type of '%s'", name);
    static const char *const names[][2] = {
        {"rsqrt", "__anchor_rsqrtf"}, {"ex2", "__anchor_exp2f"},  {"lg2", "__anchor___log2f"},
        {"sin", "__anchor___sinf"},   {"cos", "__anchor___cosf"}, {"tanh", "__anchor_tanhf"}};
    for (unsigned k = 0; k < sizeof names / sizeof *names; k++)
      if (!strcmp(name, names[k][0])) fn = names[k][1];
  }
  if (d && ftz) return error(x, "'.ftz' on '%s.f64'", name);
  LLVMValueRef v;
  if (!fn || !float_sources(x, t, ftz, &v, 1)) return fn ? 0 : unsupported(x);
  return float_result(x, call_devlib(x, fn, ltype(x, t), &v, 1), t, ftz, 0);
}

/* ---- conversions -------------------------------------------------------- */

static int cvt_int_int(xlate *x, ptx_type dt, ptx_type at, int sat) {
  LLVMValueRef a = get(x, 1, at);
  if (!a) return 0;
  LLVMTypeRef lt = LLVMTypeOf(a);
  int s = at.kind == 's', ds = dt.kind == 's';
  if (sat) {
    unsigned W = at.bits, D = dt.bits;
    if (s && (!ds || D < W)) { /* lower bound */
      long long lo = ds ? -(1ll << (D - 1)) : 0;
      LLVMValueRef args[2] = {a, LLVMConstInt(lt, (unsigned long long)lo, 1)};
      a = call_intrinsic(x, "llvm.smax", &lt, 1, args, 2);
    }
    if ((s ? W - 1 : W) > (ds ? D - 1 : D)) { /* upper bound */
      unsigned long long hi = ds ? (1ull << (D - 1)) - 1 : (D == 64 ? ~0ull : (1ull << D) - 1);
      LLVMValueRef args[2] = {a, LLVMConstInt(lt, hi, 0)};
      a = call_intrinsic(x, s ? "llvm.smin" : "llvm.umin", &lt, 1, args, 2);
    }
  }
  return put(x, 0, cast(x, a, ltype(x, dt), s), dt);
}

/* cvt.{irnd}.int.float: the device library's saturating __float2int_rz...;
 * 8- and 16-bit results through 32 bits, clamped. */
static int cvt_float_int(xlate *x, ptx_type dt, ptx_type at, int ftz) {
  int mode = mod_of(x, int_rounding_mods) - 1;
  if (mode < 0) return error(x, "the rounding of '%s'", "cvt");
  LLVMValueRef a = get(x, 1, at);
  if (!a) return 0;
  if (at.bits == 16) /* a half is exactly a float */
    a = LLVMBuildFPExt(x->b, a, f32(x), ""), at.bits = 32;
  if (ftz) a = flush(x, a);
  ptx_type wt = {dt.kind, dt.bits == 64 ? 64 : 32};
  char fn[48];
  snprintf(fn, sizeof fn, "__anchor_%s2%s_%s", at.bits == 64 ? "double" : "float",
           wt.bits == 64 ? (dt.kind == 's' ? "ll" : "ull") : (dt.kind == 's' ? "int" : "uint"),
           rounding_names[mode]);
  LLVMValueRef r = call_devlib(x, fn, ltype(x, wt), &a, 1);
  if (dt.bits < 32) {
    LLVMTypeRef lt = LLVMTypeOf(r);
    long long lo = dt.kind == 's' ? -(1ll << (dt.bits - 1)) : 0;
    long long hi = dt.kind == 's' ? (1ll << (dt.bits - 1)) - 1 : (1ll << dt.bits) - 1;
    LLVMValueRef args[2] = {r, LLVMConstInt(lt, (unsigned long long)hi, 1)};
    r = call_intrinsic(x, dt.kind == 's' ? "llvm.smin" : "llvm.umin", &lt, 1, args, 2);
    if (dt.kind == 's') {
      args[0] = r, args[1] = LLVMConstInt(lt, (unsigned long long)lo, 1);
      r = call_intrinsic(x, "llvm.smax", &lt, 1, args, 2);
    }
    r = LLVMBuildTrunc(x->b, r, ltype(x, dt), "");
  }
  return put(x, 0, r, dt);
}

static int cvt_int_float(xlate *x, ptx_type dt, ptx_type at, int sat) {
  int mode = rounding(x);
  if (mode < 0 || dt.bits == 16) return error(x, "the rounding of '%s'", "cvt");
  ptx_type wt = {at.kind == 'b' ? 'u' : at.kind, at.bits == 64 ? 64 : 32};
  LLVMValueRef a = get(x, 1, at);
  if (!a) return 0;
  a = cast(x, a, ltype(x, wt), at.kind == 's');
  const char *src =
      wt.bits == 64 ? (wt.kind == 's' ? "ll" : "ull") : (wt.kind == 's' ? "int" : "uint");
  char fn[48];
  if (dt.bits == 64 && wt.bits == 32)
    snprintf(fn, sizeof fn, "__anchor_%s2double_rn", src); /* exact */
  else
    snprintf(fn, sizeof fn, "__anchor_%s2%s_%s", src, dt.bits == 64 ? "double" : "float",
             rounding_names[mode]);
  LLVMValueRef r = call_devlib(x, fn, ltype(x, dt), &a, 1);
  return float_result(x, r, dt, 0, sat);
}

static int cvt_float_float(xlate *x, ptx_type dt, ptx_type at, int ftz, int sat) {
  if (dt.bits == 16 || at.bits == 16) {
    /* f32 -> f16: __float2half_rn (fptrunc); f16 -> f32/f64: exact (fpext) */
    int mode = dt.bits == 16 ? rounding(x) : -1;
    if ((dt.bits == 16 ? at.bits != 32 || mode != 0 : dt.bits == 16) || sat)
      return error(x, "this half-precision form of '%s'", "cvt");
    LLVMValueRef a = get(x, 1, at);
    if (!a) return 0;
    if (ftz && at.bits == 32) a = flush(x, a);
    LLVMTypeRef lt = ltype(x, dt);
    return put(x, 0,
               dt.bits == 16 ? LLVMBuildFPTrunc(x->b, a, lt, "") : LLVMBuildFPExt(x->b, a, lt, ""),
               dt);
  }
  LLVMValueRef a = get(x, 1, at);
  if (!a) return 0;
  if (ftz && at.bits == 32) a = flush(x, a);
  LLVMTypeRef lt = ltype(x, dt);
  LLVMValueRef r;
  if (dt.bits == at.bits) {
    int mode = mod_of(x, int_rounding_mods) - 1;
    static const char *const intr[] = {"llvm.rint", "llvm.trunc", "llvm.floor", "llvm.ceil"};
    r = mode < 0 ? a : call_intrinsic(x, intr[mode], &lt, 1, &a, 1);
  } else if (dt.bits == 64) {
    r = LLVMBuildFPExt(x->b, a, lt, "");
  } else {
    int mode = rounding(x);
    if (mode < 0) return error(x, "the rounding of '%s'", "cvt");
    char fn[48];
    snprintf(fn, sizeof fn, "__anchor_double2float_%s", rounding_names[mode]);
    r = call_devlib(x, fn, lt, &a, 1);
  }
  return float_result(x, r, dt, ftz && dt.bits == 32, sat);
}

/* cvt{.rnd}{.ftz}{.sat}.dtype.atype d, a */
/* cvt.rn{.relu}.f16x2.f32 d, a, b: a's half in the upper 16 bits, b's in
 * the lower (two __float2half_rn). */
static int cvt_f16x2(xlate *x) {
  ptx_type ts[3], f = {'f', 32};
  if (types(x, ts, 3) != 1 || ts[0].kind != 'f' || ts[0].bits != 32 || rounding(x) != 0 ||
      !check_operands(x, 3, 3))
    return error(x, "this form of '%s'", "cvt.f16x2");
  LLVMValueRef a = get(x, 1, f), bv = get(x, 2, f);
  if (!a || !bv) return 0;
  LLVMTypeRef half = LLVMHalfTypeInContext(x->ctx->llctx), u = i32(x);
  LLVMValueRef hi = cast(x, LLVMBuildFPTrunc(x->b, a, half, ""), u, 0);
  LLVMValueRef lo = cast(x, LLVMBuildFPTrunc(x->b, bv, half, ""), u, 0);
  LLVMValueRef r = LLVMBuildOr(x->b, LLVMBuildShl(x->b, hi, cint(x, u, 16), ""), lo, "");
  return put(x, 0, r, (ptx_type){'b', 32});
}

static int op_cvt(xlate *x) {
  if (mod(x, "f16x2")) return cvt_f16x2(x);
  ptx_type ts[3];
  if (types(x, ts, 3) != 2 || !check_operands(x, 2, 2)) return error(x, "the types of '%s'", "cvt");
  ptx_type dt = ts[0], at = ts[1];
  if (dt.kind == 'p' || at.kind == 'p') return error(x, "the types of '%s'", "cvt");
  int ftz = mod(x, "ftz"), sat = mod(x, "sat");
  if (dt.kind != 'f' && at.kind != 'f')
    return !ftz ? cvt_int_int(x, dt, at, sat) : error(x, "'.ftz' on '%s'", "cvt");
  if (dt.kind != 'f') return cvt_float_int(x, dt, at, ftz);
  if (at.kind != 'f') return cvt_int_float(x, dt, at, sat);
  return cvt_float_float(x, dt, at, ftz, sat);
}

/* ---- memory ------------------------------------------------------------- */

typedef enum {
  SPACE_GENERIC,
  SPACE_GLOBAL,
  SPACE_SHARED,
  SPACE_LOCAL,
  SPACE_CONST,
  SPACE_PARAM
} space;

static space state_space(xlate *x) {
  static const char *const names[] = {"global", "shared", "local", "const", "param", NULL};
  int k = mod_of(x, names);
  if (k == 5) error(x, "the state space of '%s'", x->st->parts[0]);
  return (space)k;
}

/* The opcode of an instruction or constant expression; 0 for other values. */
static LLVMOpcode opcode_of(LLVMValueRef v) {
  if (LLVMIsAInstruction(v)) return LLVMGetInstructionOpcode(v);
  if (LLVMIsAConstantExpr(v)) return LLVMGetConstOpcode(v);
  return (LLVMOpcode)0;
}

/* The pointer an integer asm operand was computed from — (trunc/ext of)
 * ptrtoint P, with integers added or subtracted — NULL if none; pure. So
 * `"r"(__cvta_generic_to_shared(p) + 4 * i)` as an address is p + 4 * i.
 * Other arithmetic on an address (xor swizzles...) has no pointer form: the
 * caller reports it. */
static LLVMValueRef pointer_origin(LLVMValueRef v, int depth) {
  if (depth > 16) return NULL;
  LLVMOpcode op = opcode_of(v);
  if (op == LLVMPtrToInt) return LLVMGetOperand(v, 0);
  if (op == LLVMTrunc || op == LLVMZExt || op == LLVMSExt)
    return pointer_origin(LLVMGetOperand(v, 0), depth + 1);
  if (op != LLVMAdd && op != LLVMSub) return NULL;
  LLVMValueRef p = pointer_origin(LLVMGetOperand(v, 0), depth + 1);
  return p || op == LLVMSub ? p : pointer_origin(LLVMGetOperand(v, 1), depth + 1);
}

/* The byte offset (i64, built before the asm) from pointer_origin(v) to v;
 * NULL for none. */
static LLVMValueRef origin_offset(xlate *x, LLVMValueRef v) {
  LLVMOpcode op = opcode_of(v);
  if (op == LLVMPtrToInt) return NULL;
  if (op == LLVMTrunc || op == LLVMZExt || op == LLVMSExt)
    return origin_offset(x, LLVMGetOperand(v, 0));
  int side = pointer_origin(LLVMGetOperand(v, 0), 1) ? 0 : 1;
  LLVMValueRef inner = origin_offset(x, LLVMGetOperand(v, (unsigned)side));
  LLVMValueRef o = cast(x, LLVMGetOperand(v, (unsigned)!side), int_type(x, 64), 1);
  if (op == LLVMSub) o = LLVMBuildNeg(x->b, o, "");
  return inner ? LLVMBuildAdd(x->b, inner, o, "") : o;
}

/* The pointer an address operand names: its base register's pointer (an
 * asm operand bound to a pointer, or to an integer computed from one that
 * the asm does not write, keeps its provenance) plus the offset, or an
 * integer register as a global / generic address. NULL after an error. */
static LLVMValueRef address(xlate *x, const ptx_operand *o, space s) {
  if (o->kind != PTX_ADDR) return error(x, "the address operand of '%s'", x->st->parts[0]), NULL;
  if (!o->name[0]) return error(x, "an absolute address in '%s'", x->st->parts[0]), NULL;
  LLVMValueRef base = read_reg(x, o->name);
  if (!base) return NULL;
  LLVMTypeRef ptr = LLVMPointerTypeInContext(x->ctx->llctx, 0);
  int k = operand_index(x, o->name);
  LLVMValueRef origin =
      k >= x->nout && !x->written[k] && LLVMGetTypeKind(LLVMTypeOf(base)) != LLVMPointerTypeKind
          ? pointer_origin(x->op_arg[k], 0)
          : NULL;
  if (origin) {
    LLVMValueRef off = origin_offset(x, x->op_arg[k]);
    base = off ? LLVMBuildGEP2(x->b, int_type(x, 8), origin, &off, 1, "") : origin;
  }
  if (LLVMGetTypeKind(LLVMTypeOf(base)) != LLVMPointerTypeKind) {
    if (s != SPACE_GENERIC && s != SPACE_GLOBAL)
      return error(x, "a %s address held in an integer register", "state-space"), NULL;
    base = cast(x, base, ptr, 0);
  }
  if (!o->imm) return base;
  LLVMValueRef off = LLVMConstInt(int_type(x, 64), (unsigned long long)o->imm, 1);
  return LLVMBuildGEP2(x->b, int_type(x, 8), base, &off, 1, "");
}

/* The cache, ordering and scope modifiers of ld/st/atom: consumed (caching
 * is a hint; a scope at least as wide as asked); the ordering's index. */
static int memory_modifiers(xlate *x) {
  static const char *const hints[] = {"ca", "cg",   "cs",  "lu",  "cv",  "wb", "wt",
                                      "nc", "weak", "cta", "gpu", "sys", NULL};
  for (int k = 0; hints[k]; k++)
    mod(x, hints[k]);
  /* eviction priorities and prefetch sizes (L1::evict_last, L2::128B...) are hints too;
   * L2::cache_hint takes a policy operand this translation does not read */
  for (int k = 1; k < x->st->nparts; k++) {
    const char *part = x->st->parts[k];
    if (!strcmp(part, "L2::cache_hint")) return error(x, "the modifier '.%s'", part), 0;
    if (!strncmp(part, "L1::", 4) || !strncmp(part, "L2::", 4)) x->used |= 1u << k;
  }
  static const char *const orders[] = {"relaxed", "acquire", "release", "acq_rel", NULL};
  return mod_of(x, orders);
}

static LLVMAtomicOrdering ordering(int k) {
  static const LLVMAtomicOrdering o[] = {LLVMAtomicOrderingMonotonic, LLVMAtomicOrderingMonotonic,
                                         LLVMAtomicOrderingAcquire, LLVMAtomicOrderingRelease,
                                         LLVMAtomicOrderingAcquireRelease};
  return o[k];
}

/* ld / st {.space}{.cache}{.v2,.v4}.type */
static int op_ldst(xlate *x) {
  int store = x->st->parts[0][0] == 's';
  space s = state_space(x);
  int order = memory_modifiers(x), vol = mod(x, "volatile");
  static const char *const vecs[] = {"v2", "v4", NULL};
  int vec = mod_of(x, vecs), n = vec ? 2 * vec : 1;
  ptx_type t;
  if (x->failed || !one_type(x, &t, "subf", 8) || !check_operands(x, 2, 2)) return 0;
  if (order && (vec || (order == 2 && store) || (order == 3 && !store) || order == 4))
    return error(x, "the memory ordering of '%s'", x->st->parts[0]);
  const ptx_operand *addr = &x->st->operands[store ? 0 : 1], *val = &x->st->operands[store ? 1 : 0];
  if ((val->kind == PTX_VEC) != (vec != 0) || (vec && val->nelems != n))
    return error(x, "the vector operand of '%s'", x->st->parts[0]);
  LLVMValueRef p = address(x, addr, s);
  if (!p) return 0;
  LLVMTypeRef lt = ltype(x, t);
  unsigned size = t.bits / 8;
  for (int k = 0; k < n; k++) {
    const ptx_operand *e = vec ? &val->elems[k] : val;
    LLVMValueRef off = LLVMConstInt(int_type(x, 64), (unsigned long long)(size * (unsigned)k), 0);
    LLVMValueRef pk = k ? LLVMBuildGEP2(x->b, int_type(x, 8), p, &off, 1, "") : p;
    LLVMValueRef m;
    if (store) {
      LLVMValueRef v = value_of(x, e, t);
      if (!v) return 0;
      m = LLVMBuildStore(x->b, v, pk);
    } else {
      m = LLVMBuildLoad2(x->b, lt, pk, "");
      if (!put_operand(x, e, m, t)) return 0;
    }
    LLVMSetAlignment(m, k ? size : size * (unsigned)n);
    if (vol) LLVMSetVolatile(m, 1);
    if (order) LLVMSetOrdering(m, ordering(order));
  }
  return 1;
}

/* atom / red {.sem}{.scope}{.space}.op.type */
static int op_atom(xlate *x) {
  int red = x->st->parts[0][0] == 'r';
  space s = state_space(x);
  int order = memory_modifiers(x);
  static const char *const ops[] = {"add", "and", "or",  "xor", "exch", "min",
                                    "max", "inc", "dec", "cas", NULL};
  int op = mod_of(x, ops);
  ptx_type t;
  if (x->failed || !op) return error(x, "the operation of '%s'", x->st->parts[0]);
  if (!one_type(x, &t, "subf", 32)) return 0;
  int cas = op == 10, nsrc = cas ? 2 : 1, first = red ? 0 : 1;
  if (red && cas) return error(x, "the operation of '%s'", "red");
  if (!check_operands(x, first + 1 + nsrc, first + 1 + nsrc)) return 0;
  LLVMValueRef p = address(x, &x->st->operands[first], s);
  LLVMValueRef v = p ? get(x, first + 1, t) : NULL;
  if (!v) return 0;
  LLVMAtomicOrdering o = ordering(order);
  LLVMValueRef r;
  if (cas) {
    LLVMValueRef nv = get(x, first + 2, t);
    if (!nv || t.kind == 'f') return nv ? error(x, "the type of '%s'", "atom.cas") : 0;
    LLVMAtomicOrdering fail =
        o == LLVMAtomicOrderingAcquire || o == LLVMAtomicOrderingAcquireRelease
            ? LLVMAtomicOrderingAcquire
            : LLVMAtomicOrderingMonotonic;
    r = LLVMBuildExtractValue(x->b, LLVMBuildAtomicCmpXchg(x->b, p, v, nv, o, fail, 0), 0, "");
  } else {
    LLVMAtomicRMWBinOp bin;
    int f = t.kind == 'f', sg = t.kind == 's';
    switch (op) {
    case 1: bin = f ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpAdd; break;
    case 2: bin = LLVMAtomicRMWBinOpAnd; break;
    case 3: bin = LLVMAtomicRMWBinOpOr; break;
    case 4: bin = LLVMAtomicRMWBinOpXor; break;
    case 5: bin = LLVMAtomicRMWBinOpXchg; break;
    case 6:
      bin = f ? LLVMAtomicRMWBinOpFMin : sg ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin;
      break;
    case 7:
      bin = f ? LLVMAtomicRMWBinOpFMax : sg ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax;
      break;
    case 8: bin = LLVMAtomicRMWBinOpUIncWrap; break;
    default: bin = LLVMAtomicRMWBinOpUDecWrap; break;
    }
    if (f && op != 1 && op != 5) return error(x, "the type of '%s'", x->st->parts[0]);
    if (!f && t.kind == 'b' && (op == 1 || op >= 6))
      return error(x, "the type of '%s'", x->st->parts[0]);
    r = LLVMBuildAtomicRMW(x->b, bin, p, v, o, 0);
  }
  LLVMSetAlignment(r, t.bits / 8);
  return red ? 1 : put(x, 0, r, t);
}

/* cp.async.{ca,cg}.shared.global [dst], [src], size{, src-size}: a
 * synchronous copy (bytes past src-size zero), in 32-bit words. */
static int op_cp(xlate *x) {
  if (!mod(x, "async")) return unsupported(x);
  if (mod(x, "commit_group") || mod(x, "wait_group") || mod(x, "wait_all"))
    return 1; /* done already */
  static const char *const cache[] = {"ca", "cg", NULL};
  if (!mod_of(x, cache) || !mod(x, "shared") || !mod(x, "global") || !check_operands(x, 3, 4))
    return error(x, "the form of '%s'", "cp.async");
  memory_modifiers(x); /* L2::128B... */
  if (x->failed) return 0;
  long long size, src_size;
  if (!immediate(x, 2, &size)) return 0;
  src_size = size;
  if (x->st->noperands == 4 && !immediate(x, 3, &src_size)) return 0;
  if (size != 4 && size != 8 && size != 16) return error(x, "the size of '%s'", "cp.async");
  LLVMValueRef dst = address(x, &x->st->operands[0], SPACE_SHARED);
  LLVMValueRef src = dst ? address(x, &x->st->operands[1], SPACE_GLOBAL) : NULL;
  if (!src) return 0;
  LLVMTypeRef i8 = int_type(x, 8);
  for (long long k = 0; k < size; k++) {
    LLVMValueRef off = LLVMConstInt(int_type(x, 64), (unsigned long long)k, 0);
    LLVMValueRef v = k < src_size
                         ? LLVMBuildLoad2(x->b, i8, LLVMBuildGEP2(x->b, i8, src, &off, 1, ""), "")
                         : LLVMConstNull(i8);
    LLVMBuildStore(x->b, v, LLVMBuildGEP2(x->b, i8, dst, &off, 1, ""));
  }
  return 1;
}

/* ---- warps, barriers, fences -------------------------------------------- */

/* shfl's predicate (d|p): whether the source lane is in the segment, from
 * the PTX ISA's definition (the value itself is the intrinsic's). */
static LLVMValueRef shfl_in_range(xlate *x, int mode, LLVMValueRef bv, LLVMValueRef c) {
  LLVMBuilderRef b = x->b;
  LLVMTypeRef u = i32(x);
  LLVMValueRef lane = call_intrinsic(x, "llvm.nvvm.read.ptx.sreg.laneid", NULL, 0, NULL, 0);
  LLVMValueRef bval = LLVMBuildAnd(b, bv, cint(x, u, 31), "");
  LLVMValueRef cval = LLVMBuildAnd(b, c, cint(x, u, 31), "");
  LLVMValueRef seg = LLVMBuildAnd(b, LLVMBuildLShr(b, c, cint(x, u, 8), ""), cint(x, u, 31), "");
  LLVMValueRef notseg = LLVMBuildNot(b, seg, "");
  LLVMValueRef max =
      LLVMBuildOr(b, LLVMBuildAnd(b, lane, seg, ""), LLVMBuildAnd(b, cval, notseg, ""), "");
  LLVMValueRef j;
  switch (mode) {
  case 1: /* up */
    j = LLVMBuildSub(b, lane, bval, "");
    return LLVMBuildICmp(b, LLVMIntSGE, j, max, "");
  case 2: j = LLVMBuildAdd(b, lane, bval, ""); break;
  case 3: j = LLVMBuildXor(b, lane, bval, ""); break;
  default:
    j = LLVMBuildOr(b, LLVMBuildAnd(b, lane, seg, ""), LLVMBuildAnd(b, bval, notseg, ""), "");
  }
  return LLVMBuildICmp(b, LLVMIntSLE, j, max, "");
}

/* shfl.sync.{up,down,bfly,idx}.b32 d[|p], a, b, c, membermask */
static int op_shfl(xlate *x) {
  if (!mod(x, "sync")) return error(x, "'shfl' without .sync (removed on sm_70 and later)%s", "");
  static const char *const modes[] = {"up", "down", "bfly", "idx", NULL};
  int m = mod_of(x, modes);
  ptx_type t;
  if (!m || !one_type(x, &t, "b", 32) || t.bits != 32 || !check_operands(x, 5, 5))
    return x->failed ? 0 : error(x, "the form of '%s'", "shfl");
  ptx_type u = {'u', 32};
  LLVMValueRef args[4] = {get(x, 4, u), get(x, 1, u), get(x, 2, u), get(x, 3, u)};
  if (!args[0] || !args[1] || !args[2] || !args[3]) return 0;
  const ptx_operand *d = &x->st->operands[0];
  char name[48];
  snprintf(name, sizeof name, "llvm.nvvm.shfl.sync.%s.i32", modes[m - 1]);
  LLVMValueRef r = call_intrinsic(x, name, NULL, 0, args, 4);
  if (!d->pair) return put(x, 0, r, u);
  return write_reg(x, d->name, r, u) &&
         write_reg(x, d->name2, shfl_in_range(x, m, args[2], args[3]), (ptx_type){'p', 1});
}

/* vote.sync.{any,all,uni}.pred d, {!}a, mask; vote.sync.ballot.b32 d, {!}a, mask */
static int op_vote(xlate *x) {
  if (!mod(x, "sync")) return error(x, "'vote' without .sync (removed on sm_70 and later)%s", "");
  static const char *const modes[] = {"any", "all", "uni", "ballot", NULL};
  int m = mod_of(x, modes);
  ptx_type t;
  if (!m || !one_type(x, &t, m == 4 ? "b" : "p", 1) || !check_operands(x, 3, 3))
    return x->failed ? 0 : error(x, "the form of '%s'", "vote");
  ptx_type p = {'p', 1};
  LLVMValueRef args[2] = {get(x, 2, (ptx_type){'u', 32}), get(x, 1, p)};
  if (!args[0] || !args[1]) return 0;
  char name[48];
  snprintf(name, sizeof name, "llvm.nvvm.vote.%s.sync", modes[m - 1]);
  return put(x, 0, call_intrinsic(x, name, NULL, 0, args, 2), t);
}

static int op_activemask(xlate *x) {
  ptx_type t;
  if (!one_type(x, &t, "b", 32) || !check_operands(x, 1, 1)) return 0;
  return put(x, 0, call_intrinsic(x, "llvm.nvvm.activemask", NULL, 0, NULL, 0), t);
}

/* match.sync.any.b32/.b64 d, a, mask; match.sync.all d[|p], a, mask */
static int op_match(xlate *x) {
  static const char *const modes[] = {"any", "all", NULL};
  int m = mod(x, "sync") ? mod_of(x, modes) : 0;
  ptx_type t;
  if (!m || !one_type(x, &t, "b", 32) || !check_operands(x, 3, 3))
    return x->failed ? 0 : error(x, "the form of '%s'", "match");
  LLVMValueRef args[2] = {get(x, 2, (ptx_type){'u', 32}), get(x, 1, t)};
  if (!args[0] || !args[1]) return 0;
  const ptx_operand *d = &x->st->operands[0];
  char name[48];
  snprintf(name, sizeof name, "llvm.nvvm.match.%s.sync.i%u%s", modes[m - 1], t.bits,
           m == 2 ? "p" : "");
  LLVMValueRef r = call_intrinsic(x, name, NULL, 0, args, 2);
  ptx_type u = {'u', 32};
  if (m == 1) return put(x, 0, r, u);
  if (!write_reg(x, d->name, LLVMBuildExtractValue(x->b, r, 0, ""), u)) return 0;
  return !d->pair ||
         write_reg(x, d->name2, LLVMBuildExtractValue(x->b, r, 1, ""), (ptx_type){'p', 1});
}

/* redux.sync.op.type d, a, mask */
static int op_redux(xlate *x) {
  static const char *const ops[] = {"add", "min", "max", "and", "or", "xor", NULL};
  int op = mod(x, "sync") ? mod_of(x, ops) : 0;
  ptx_type t;
  if (!op || !one_type(x, &t, "sub", 32) || t.bits != 32 || !check_operands(x, 3, 3))
    return x->failed ? 0 : error(x, "the form of '%s'", "redux");
  const char *names[] = {
      "add", t.kind == 's' ? "min" : "umin", t.kind == 's' ? "max" : "umax", "and", "or", "xor"};
  LLVMValueRef args[2] = {get(x, 1, t), get(x, 2, (ptx_type){'u', 32})};
  if (!args[0] || !args[1]) return 0;
  char name[48];
  snprintf(name, sizeof name, "llvm.nvvm.redux.sync.%s", names[op - 1]);
  return put(x, 0, call_intrinsic(x, name, NULL, 0, args, 2), t);
}

/* bar.sync 0 / barrier.sync 0 (.aligned, .cta): __syncthreads; other
 * barriers and thread counts have no Metal equivalent. bar.warp.sync mask. */
static int op_bar(xlate *x) {
  if (mod(x, "warp")) {
    if (!mod(x, "sync") || !check_operands(x, 1, 1))
      return error(x, "the form of '%s'", "bar.warp");
    LLVMValueRef m = get(x, 0, (ptx_type){'u', 32});
    return m && call_intrinsic(x, "llvm.nvvm.bar.warp.sync", NULL, 0, &m, 1);
  }
  mod(x, "cta");
  mod(x, "aligned");
  long long id;
  if (!mod(x, "sync") || !check_operands(x, 1, 1) || !immediate(x, 0, &id) || id != 0)
    return x->failed
               ? 0
               : error(x, "a barrier other than '%s 0' without a thread count", x->st->parts[0]);
  call_intrinsic(x, "llvm.nvvm.barrier0", NULL, 0, NULL, 0);
  return 1;
}

/* membar.{cta,gl,sys}; fence.{sc,acq_rel}.{cta,gpu,sys}: __threadfence_block,
 * __threadfence, __threadfence_system. */
static int op_fence(xlate *x) {
  static const char *const scopes[] = {"cta", "gl", "gpu", "sys", NULL};
  int membar = x->st->parts[0][0] == 'm';
  if (!membar) {
    static const char *const sems[] = {"sc", "acq_rel", NULL};
    if (!mod_of(x, sems)) return error(x, "the form of '%s'", "fence");
  }
  int s = mod_of(x, scopes);
  if (!s || (membar && s == 3) || (!membar && s == 2) || !check_operands(x, 0, 0))
    return x->failed ? 0 : error(x, "the scope of '%s'", x->st->parts[0]);
  static const char *const intr[] = {"llvm.nvvm.membar.cta", "llvm.nvvm.membar.gl",
                                     "llvm.nvvm.membar.gl", "llvm.nvvm.membar.sys"};
  call_intrinsic(x, intr[s - 1], NULL, 0, NULL, 0);
  return 1;
}

/* nanosleep: PTX allows any sleep in [0, 2t], so none; prefetch(u): a hint
 * with no effect on values. */
static int op_no_effect(xlate *x) {
  if (!strcmp(x->st->parts[0], "nanosleep")) {
    ptx_type t;
    return one_type(x, &t, "u", 32) && t.bits == 32 && check_operands(x, 1, 1);
  }
  static const char *const spaces[] = {"global", "local", "L1", "L2", NULL};
  for (int k = 0; spaces[k]; k++)
    mod(x, spaces[k]);
  return check_operands(x, 1, 1) && x->st->operands[0].kind == PTX_ADDR
             ? 1
             : error(x, "the operand of '%s'", x->st->parts[0]);
}

/* exit: the thread ends — llvm.nvvm.exit (no return) and `unreachable`,
 * which the emitter writes as the kernel's return; what follows in the asm
 * is in a block nothing reaches. */
static int op_exit(xlate *x) {
  if (!check_operands(x, 0, 0)) return 0;
  call_intrinsic(x, "llvm.nvvm.exit", NULL, 0, NULL, 0);
  LLVMBuildUnreachable(x->b);
  LLVMPositionBuilderAtEnd(x->b, LLVMInsertBasicBlockInContext(x->ctx->llctx, x->tail, "asm.dead"));
  return 1;
}

static int op_trap(xlate *x) {
  if (!check_operands(x, 0, 0)) return 0;
  call_intrinsic(x, "llvm.trap", NULL, 0, NULL, 0);
  return 1;
}

/* ---- the statement table ------------------------------------------------ */

static const struct {
  const char *name;
  int (*translate)(xlate *x);
} instructions[] = {
    {"mov", op_mov},
    {"add", op_add},
    {"sub", op_add},
    {"addc", op_add},
    {"subc", op_add},
    {"mul", op_mul},
    {"mad", op_mul},
    {"madc", op_mul},
    {"mul24", op_mul24},
    {"mad24", op_mul24},
    {"sad", op_sad},
    {"div", op_div},
    {"rem", op_div},
    {"min", op_minmax},
    {"max", op_minmax},
    {"abs", op_absneg},
    {"neg", op_absneg},
    {"and", op_logic},
    {"or", op_logic},
    {"xor", op_logic},
    {"not", op_logic},
    {"cnot", op_logic},
    {"shl", op_shift},
    {"shr", op_shift},
    {"bfe", op_bfe},
    {"bfi", op_bfi},
    {"bfind", op_bfind},
    {"popc", op_bits},
    {"clz", op_bits},
    {"brev", op_bits},
    {"prmt", op_prmt},
    {"lop3", op_lop3},
    {"shf", op_shf},
    {"dp4a", op_dp},
    {"dp2a", op_dp},
    {"setp", op_setp},
    {"set", op_set},
    {"selp", op_selp},
    {"slct", op_slct},
    {"testp", op_testp},
    {"copysign", op_copysign},
    {"fma", op_mul},
    {"rcp", op_float_unary},
    {"sqrt", op_float_unary},
    {"rsqrt", op_float_unary},
    {"ex2", op_float_unary},
    {"lg2", op_float_unary},
    {"sin", op_float_unary},
    {"cos", op_float_unary},
    {"tanh", op_float_unary},
    {"cvt", op_cvt},
    {"cvta", op_cvta},
    {"ld", op_ldst},
    {"st", op_ldst},
    {"atom", op_atom},
    {"red", op_atom},
    {"cp", op_cp},
    {"shfl", op_shfl},
    {"vote", op_vote},
    {"activemask", op_activemask},
    {"match", op_match},
    {"redux", op_redux},
    {"bar", op_bar},
    {"barrier", op_bar},
    {"membar", op_fence},
    {"fence", op_fence},
    {"trap", op_trap},
    {"exit", op_exit},
    {"nanosleep", op_no_effect},
    {"prefetch", op_no_effect},
    {"prefetchu", op_no_effect},
};

static LLVMBasicBlockRef new_block(xlate *x, const char *name) {
  return LLVMInsertBasicBlockInContext(x->ctx->llctx, x->tail, name);
}

static LLVMBasicBlockRef label_block(xlate *x, const char *name) {
  for (int k = 0; k < x->nlabels; k++)
    if (!strcmp(x->labels[k].name, name)) return x->labels[k].block;
  return NULL;
}

/* bra{.uni} label (guarded: a conditional branch). */
static int op_bra(xlate *x, LLVMValueRef guard) {
  mod(x, "uni");
  if (!check_operands(x, 1, 1) || x->st->operands[0].kind != PTX_REG)
    return error(x, "the target of '%s'", "bra");
  LLVMBasicBlockRef target = label_block(x, x->st->operands[0].name);
  if (!target) return error(x, "the label '%s'", x->st->operands[0].name);
  LLVMBasicBlockRef next = new_block(x, "asm.next");
  if (guard)
    LLVMBuildCondBr(x->b, guard, target, next);
  else
    LLVMBuildBr(x->b, target);
  LLVMPositionBuilderAtEnd(x->b, next);
  return 1;
}

static int translate_instruction(xlate *x) {
  const ptx_stmt *st = x->st;
  x->used = 1;
  LLVMValueRef guard = NULL;
  if (st->pred[0]) {
    LLVMValueRef v = read_reg(x, st->pred);
    if (!v) return 0;
    guard = cast(x, v, int_type(x, 1), 0);
    if (st->pred_negated) guard = LLVMBuildNot(x->b, guard, "");
  }
  if (!strcmp(st->parts[0], "bra")) {
    if (!op_bra(x, guard)) return 0;
  } else {
    int (*translate)(xlate *) = NULL;
    for (unsigned k = 0; k < sizeof instructions / sizeof *instructions; k++)
      if (!strcmp(instructions[k].name, st->parts[0])) translate = instructions[k].translate;
    if (!translate) return unsupported(x);
    LLVMBasicBlockRef after = NULL;
    if (guard) {
      LLVMBasicBlockRef then = new_block(x, "asm.then");
      after = new_block(x, "asm.after");
      LLVMBuildCondBr(x->b, guard, then, after);
      LLVMPositionBuilderAtEnd(x->b, then);
    }
    if (!translate(x)) return 0;
    if (after) {
      LLVMBuildBr(x->b, after);
      LLVMPositionBuilderAtEnd(x->b, after);
    }
  }
  for (int k = 1; k < st->nparts; k++)
    if (!(x->used >> k & 1)) return error(x, "the modifier '.%s'", st->parts[k]);
  return 1;
}

static int translate(xlate *x, const ptx_program *prog) {
  for (int s = 0; s < prog->count && !x->failed; s++) {
    const ptx_stmt *st = x->st = &prog->stmts[s];
    switch (st->kind) {
    case PTX_OPEN: x->depth++; break;
    case PTX_CLOSE:
      if (!x->depth) return error(x, "an unbalanced '%s'", "}");
      while (x->nregs && x->regs[x->nregs - 1].depth == x->depth)
        x->nregs--;
      x->depth--;
      break;
    case PTX_LABEL_DEF: {
      LLVMBasicBlockRef bb = label_block(x, st->label);
      asm_label *l = NULL;
      for (int k = 0; k < x->nlabels; k++)
        if (x->labels[k].block == bb) l = &x->labels[k];
      if (!l) return error(x, "more than 64 labels in one %s statement", "asm");
      if (l->placed) return error(x, "the label '%s' defined twice", st->label);
      l->placed = 1;
      LLVMBuildBr(x->b, bb);
      LLVMPositionBuilderAtEnd(x->b, bb);
      break;
    }
    case PTX_DECL: {
      ptx_type t;
      if (!parse_type(st->parts[0], &t)) return error(x, "the register type '.%s'", st->parts[0]);
      for (int k = 0; k < st->noperands; k++) {
        const ptx_operand *o = &st->operands[k];
        if (!o->imm) {
          declare_reg(x, o->name, ltype(x, t));
          continue;
        }
        for (long long j = 0; j < o->imm; j++) {
          char name[PTX_NAME + 8];
          snprintf(name, sizeof name, "%s%lld", o->name, j);
          declare_reg(x, name, ltype(x, t));
        }
      }
      break;
    }
    case PTX_INSTR:
      if (!translate_instruction(x)) return 0;
      break;
    }
  }
  x->st = NULL;
  if (!x->failed && x->depth) return error(x, "an unclosed '%s'", "{");
  return !x->failed;
}

/* ---- binding the asm call ----------------------------------------------- */

/* Split the constraint string into x's operand slots; 0 after an error. */
static int bind_operands(xlate *x, const char *constraints, size_t len) {
  LLVMTypeRef result = LLVMTypeOf(x->call);
  unsigned nres = LLVMGetTypeKind(result) == LLVMStructTypeKind
                      ? LLVMCountStructElementTypes(result)
                  : LLVMGetTypeKind(result) == LLVMVoidTypeKind ? 0
                                                                : 1;
  int nargs = LLVMGetNumArgOperands(x->call), arg = 0, index = 0;
  char buf[512];
  if (len >= sizeof buf) return error(x, "the operand list of an %s statement (too long)", "asm");
  memcpy(buf, constraints, len);
  buf[len] = 0;
  for (char *c = strtok(buf, ","); c; c = strtok(NULL, ",")) {
    if (c[0] == '~') continue; /* clobbers ("memory"): no effect on the translation */
    if (index >= ASM_MAX_OPERANDS)
      return error(x, "more than 32 operands of an %s statement", "asm");
    int out = c[0] == '=';
    if (out) c++;
    while (*c == '&')
      c++;
    if (*c == '*') return error(x, "the memory operand constraint '%s'", c);
    LLVMTypeRef t;
    if (out) {
      t = nres == 1 && LLVMGetTypeKind(result) != LLVMStructTypeKind
              ? result
              : LLVMStructGetTypeAtIndex(result, (unsigned)x->nout);
      x->op_arg[index] = NULL;
      x->nout++;
    } else {
      if (arg >= nargs) return error(x, "the operands of an %s statement", "asm");
      LLVMValueRef v = LLVMGetOperand(x->call, (unsigned)arg++);
      if (c[0] >= '0' && c[0] <= '9') { /* "+r": the initial value of output c */
        int k = atoi(c);
        if (k >= x->nout) return error(x, "the tied operand '%s'", c);
        LLVMBuildStore(x->b, v, x->op_slot[k]);
        continue;
      }
      if (!strchr("rlhfdnc", c[0]) || c[1]) return error(x, "the operand constraint '%s'", c);
      t = LLVMTypeOf(v);
      x->op_arg[index] = v;
      x->nargs++;
    }
    if (out && !strchr("rlhfdc", c[0])) return error(x, "the operand constraint '%s'", c);
    x->op_type[index] = t;
    x->op_slot[index] = new_slot(x, t);
    if (!out) LLVMBuildStore(x->b, x->op_arg[index], x->op_slot[index]);
    index++;
  }
  if ((unsigned)x->nout != nres) return error(x, "the outputs of an %s statement", "asm");
  return 1;
}

/* Move the instructions before the asm call into a block of their own
 * before its block (predecessors now branch there), so the asm's code can
 * have blocks between the two. */
static void split_before(xlate *x) {
  LLVMBasicBlockRef orig = LLVMGetInstructionParent(x->call);
  LLVMBasicBlockRef head = LLVMInsertBasicBlockInContext(x->ctx->llctx, orig, "asm.head");
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(x->fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    if (!term || bb == head) continue;
    for (unsigned k = 0, n = LLVMGetNumSuccessors(term); k < n; k++)
      if (LLVMGetSuccessor(term, k) == orig) LLVMSetSuccessor(term, k, head);
  }
  LLVMBuilderRef mover = LLVMCreateBuilderInContext(x->ctx->llctx);
  LLVMPositionBuilderAtEnd(mover, head);
  for (LLVMValueRef i = LLVMGetFirstInstruction(orig), next; i != x->call; i = next) {
    next = LLVMGetNextInstruction(i);
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilder(mover, i);
  }
  LLVMDisposeBuilder(mover);
  x->tail = orig;
  LLVMBasicBlockRef body = LLVMInsertBasicBlockInContext(x->ctx->llctx, orig, "asm.body");
  LLVMPositionBuilderAtEnd(x->b, head);
  LLVMBuildBr(x->b, body);
  LLVMPositionBuilderAtEnd(x->b, body);
}

static int needs_blocks(const ptx_program *prog) {
  for (int s = 0; s < prog->count; s++)
    if (prog->stmts[s].pred[0] || prog->stmts[s].kind == PTX_LABEL_DEF ||
        (prog->stmts[s].kind == PTX_INSTR && !strcmp(prog->stmts[s].parts[0], "exit")))
      return 1;
  return 0;
}

static void lower_one(msl_ctx *ctx, LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  size_t len, clen;
  const char *text = LLVMGetInlineAsmAsmString(callee, &len);
  const char *constraints = LLVMGetInlineAsmConstraintString(callee, &clen);
  xlate x = {
      .ctx = ctx, .call = call, .fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call))};
  char *copy = malloc(len + 1), message[256] = "";
  if (!copy) abort();
  memcpy(copy, text, len);
  copy[len] = 0;
  ptx_program prog = {0};
  if (!ptx_parse(copy, &prog, message, sizeof message)) {
    for (char *c = message; *c; c++) /* operands as the user wrote them */
      if (c[0] == '$' && c[1] >= '0' && c[1] <= '9') *c = '%';
    diag_error(ctx, call, "cannot translate inline PTX: %s", message);
    ptx_free(&prog);
    free(copy);
    return;
  }
  x.b = LLVMCreateBuilderInContext(ctx->llctx);
  x.entry = LLVMCreateBuilderInContext(ctx->llctx);
  LLVMSetCurrentDebugLocation2(x.b, LLVMInstructionGetDebugLoc(call));
  if (needs_blocks(&prog))
    x.cfg = 1, split_before(&x);
  else
    LLVMPositionBuilderBefore(x.b, call);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(x.fn);
  LLVMPositionBuilderBefore(x.entry, LLVMGetFirstInstruction(entry));
  x.carry = new_slot(&x, LLVMInt1TypeInContext(ctx->llctx));
  for (int s = 0; s < prog.count; s++)
    if (prog.stmts[s].kind == PTX_LABEL_DEF && x.nlabels < 64 &&
        !label_block(&x, prog.stmts[s].label)) {
      snprintf(x.labels[x.nlabels].name, PTX_NAME, "%s", prog.stmts[s].label);
      x.labels[x.nlabels++].block = new_block(&x, "asm.label");
    }
  int ok = bind_operands(&x, constraints, clen) && translate(&x, &prog);
  if (ok) {
    if (x.cfg) {
      LLVMBuildBr(x.b, x.tail);
      LLVMPositionBuilderBefore(x.b, call);
    }
    LLVMValueRef result = NULL;
    LLVMTypeRef rt = LLVMTypeOf(call);
    if (x.nout == 1 && LLVMGetTypeKind(rt) != LLVMStructTypeKind)
      result = LLVMBuildLoad2(x.b, x.op_type[0], x.op_slot[0], "");
    else if (x.nout) {
      result = LLVMGetUndef(rt);
      for (int k = 0; k < x.nout; k++)
        result = LLVMBuildInsertValue(
            x.b, result, LLVMBuildLoad2(x.b, x.op_type[k], x.op_slot[k], ""), (unsigned)k, "");
    }
    lower_replace(call, result);
  }
  LLVMDisposeBuilder(x.b);
  LLVMDisposeBuilder(x.entry);
  free(x.regs);
  ptx_free(&prog);
  free(copy);
}

int lower_asm(msl_ctx *ctx) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
        next = LLVMGetNextInstruction(i);
        if (!LLVMIsACallInst(i) || !LLVMIsAInlineAsm(LLVMGetCalledValue(i))) continue;
        lower_one(ctx, i);
        if (ctx->failed) return 0;
        /* the asm may have split its block: go on after it, in the block it is now in */
        bb = next ? LLVMGetInstructionParent(next) : bb;
      }
  return 1;
}
