/* ptx_xlate.c — the shared part of the inline PTX translation (ptx_xlate.h):
 * errors, PTX types, the statement's modifiers, registers as allocas,
 * operands as values by PTX's operand-size rules, calls of intrinsics and of
 * the device library, .ftz and .sat. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_xlate.h"

/* ---- errors ------------------------------------------------------------ */

int ptx_error(ptx_xlate *x, const char *fmt, const char *what) {
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
    diag_error(x->ctx, x->call, "%s in inline PTX '%s' " PTX_NOT_SUPPORTED, message, text);
  } else
    diag_error(x->ctx, x->call, "%s in inline PTX " PTX_NOT_SUPPORTED, message);
  return 0;
}

int ptx_unsupported(ptx_xlate *x) {
  return ptx_error(x, "the instruction '%s'", x->st->parts[0]);
}

/* ---- types ------------------------------------------------------------- */

LLVMTypeRef ptx_int_type(ptx_xlate *x, unsigned bits) {
  return LLVMIntTypeInContext(x->ctx->llctx, bits);
}
LLVMTypeRef ptx_i32(ptx_xlate *x) {
  return ptx_int_type(x, 32);
}
LLVMTypeRef ptx_f32(ptx_xlate *x) {
  return LLVMFloatTypeInContext(x->ctx->llctx);
}

LLVMTypeRef ptx_ltype(ptx_xlate *x, ptx_type t) {
  if (t.kind == 'p') return ptx_int_type(x, 1);
  if (t.kind == 'f')
    return t.bits == 16   ? LLVMHalfTypeInContext(x->ctx->llctx)
           : t.bits == 32 ? ptx_f32(x)
                          : LLVMDoubleTypeInContext(x->ctx->llctx);
  return ptx_int_type(x, t.bits);
}

/* "u32" -> {'u', 32}; 0 when `s` is no type name. */
int ptx_type_named(const char *s, ptx_type *t) {
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
int ptx_mod(ptx_xlate *x, const char *name) {
  for (int k = 1; k < x->st->nparts; k++)
    if (!strcmp(x->st->parts[k], name)) {
      x->used |= 1u << k;
      return 1;
    }
  return 0;
}

/* The first of `names` (NULL-terminated) present: its index + 1, else 0. */
int ptx_mod_of(ptx_xlate *x, const char *const *names) {
  for (int n = 0; names[n]; n++)
    if (ptx_mod(x, names[n])) return n + 1;
  return 0;
}

/* The statement's ptx_types, in order (marked used); their number. A part
 * that looks like a type but is none PTX has (.b128, .f16x2...) stays
 * unused, so the statement is reported. */
int ptx_types(ptx_xlate *x, ptx_type *out, int max) {
  int n = 0;
  for (int k = 1; k < x->st->nparts && n < max; k++)
    if (ptx_type_named(x->st->parts[k], &out[n])) {
      x->used |= 1u << k;
      n++;
    }
  return n;
}

/* Exactly one type, among `kinds` (a string of kind letters); else an error. */
int ptx_one_type(ptx_xlate *x, ptx_type *t, const char *kinds, unsigned min_bits) {
  ptx_type ts[3];
  int n = ptx_types(x, ts, 3);
  if (n != 1) return ptx_error(x, "the types of '%s'", x->st->parts[0]);
  if (!strchr(kinds, ts[0].kind) || ts[0].bits < min_bits)
    return ptx_error(x, "the type of '%s'", x->st->parts[0]);
  *t = ts[0];
  return 1;
}

int ptx_check_operands(ptx_xlate *x, int min, int max) {
  if (x->st->noperands < min || x->st->noperands > max)
    return ptx_error(x, "the number of operands of '%s'", x->st->parts[0]);
  return 1;
}

/* ---- values ------------------------------------------------------------ */

unsigned ptx_type_bits(LLVMTypeRef t) {
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

/* v as type `to`: same size bit-ptx_cast, integers resized (sign: sign-extend),
 * pointers through i64, i1 from "non-zero". */
LLVMValueRef ptx_cast(ptx_xlate *x, LLVMValueRef v, LLVMTypeRef to, int sign) {
  LLVMTypeRef from = LLVMTypeOf(v);
  if (from == to) return v;
  LLVMBuilderRef b = x->b;
  if (LLVMGetTypeKind(to) == LLVMPointerTypeKind) {
    if (LLVMGetTypeKind(from) == LLVMPointerTypeKind) return LLVMBuildAddrSpaceCast(b, v, to, "");
    return LLVMBuildIntToPtr(b, ptx_cast(x, v, ptx_int_type(x, 64), 0), to, "");
  }
  if (LLVMGetTypeKind(from) == LLVMPointerTypeKind) {
    v = LLVMBuildPtrToInt(b, v, ptx_int_type(x, 64), "");
    from = LLVMTypeOf(v);
  }
  if (is_float(from)) {
    v = LLVMBuildBitCast(b, v, ptx_int_type(x, ptx_type_bits(from)), "");
    from = LLVMTypeOf(v);
  }
  unsigned fb = ptx_type_bits(from), tb = ptx_type_bits(to);
  LLVMTypeRef ti = ptx_int_type(x, tb);
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

static ptx_reg *find_reg(ptx_xlate *x, const char *name) {
  for (int k = x->nregs - 1; k >= 0; k--)
    if (!strcmp(x->regs[k].name, name)) return &x->regs[k];
  return NULL;
}

LLVMValueRef ptx_new_slot(ptx_xlate *x, LLVMTypeRef t) {
  return LLVMBuildAlloca(x->entry, t, "");
}

void ptx_declare_reg(ptx_xlate *x, const char *name, LLVMTypeRef t) {
  if (x->nregs == x->cap) {
    x->cap = x->cap ? 2 * x->cap : 32;
    x->regs = realloc(x->regs, sizeof *x->regs * (size_t)x->cap);
    if (!x->regs) abort();
  }
  ptx_reg *r = &x->regs[x->nregs++];
  snprintf(r->name, sizeof r->name, "%.*s", (int)sizeof r->name - 1, name);
  r->slot = ptx_new_slot(x, t);
  r->type = t;
  r->depth = x->depth;
}

/* The asm operand a "$k" names, -1 if none. */
int ptx_operand_index(ptx_xlate *x, const char *name) {
  if (name[0] != '$') return -1;
  char *end;
  long k = strtol(name + 1, &end, 10);
  if (*end || k < 0 || k >= x->nout + x->nargs) return -1;
  return (int)k;
}

static LLVMValueRef intrinsic(ptx_xlate *x, const char *name, LLVMTypeRef *overloads, unsigned n) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  assert(id && "an intrinsic LLVM 19 has");
  return LLVMGetIntrinsicDeclaration(x->ctx->mod, id, overloads, n);
}

LLVMValueRef ptx_call_intrinsic(ptx_xlate *x, const char *name, LLVMTypeRef *overloads, unsigned n,
                                LLVMValueRef *args, unsigned nargs) {
  LLVMValueRef fn = intrinsic(x, name, overloads, n);
  return LLVMBuildCall2(x->b, LLVMGlobalGetValueType(fn), fn, args, nargs, "");
}

/* A call of Anchor's device library function `name` (linked later). */
LLVMValueRef ptx_call_devlib(ptx_xlate *x, const char *name, LLVMTypeRef result, LLVMValueRef *args,
                             unsigned n) {
  LLVMTypeRef params[4];
  for (unsigned k = 0; k < n; k++)
    params[k] = LLVMTypeOf(args[k]);
  LLVMValueRef fn = lower_declare(x->ctx, name, LLVMFunctionType(result, params, n, 0), LOWER_PURE);
  return LLVMBuildCall2(x->b, LLVMGlobalGetValueType(fn), fn, args, n, "");
}

/* Special registers (without the %): the NVVM intrinsic clang reads them
 * with. */
/* %warpid: PTX asks only for a warp number unique within the CTA (it may
 * change as warps migrate), so the linear thread index / 32, Anchor's warps
 * being 32 consecutive linear indices; %nwarpid: a bound on it, the CTA's
 * number of warps. */
static LLVMValueRef warp_number(ptx_xlate *x, int bound) {
  LLVMBuilderRef b = x->b;
  LLVMTypeRef u = ptx_i32(x);
  LLVMValueRef v[2][3];
  for (int k = 0; k < 3; k++) {
    char intr[48];
    snprintf(intr, sizeof intr, "llvm.nvvm.read.ptx.sreg.tid.%c", "xyz"[k]);
    v[0][k] = ptx_call_intrinsic(x, intr, NULL, 0, NULL, 0);
    snprintf(intr, sizeof intr, "llvm.nvvm.read.ptx.sreg.ntid.%c", "xyz"[k]);
    v[1][k] = ptx_call_intrinsic(x, intr, NULL, 0, NULL, 0);
  }
  if (bound) {
    LLVMValueRef n = LLVMBuildMul(b, LLVMBuildMul(b, v[1][0], v[1][1], ""), v[1][2], "");
    return LLVMBuildUDiv(b, LLVMBuildAdd(b, n, ptx_cint(x, u, 31), ""), ptx_cint(x, u, 32), "");
  }
  LLVMValueRef linear = LLVMBuildAdd(
      b,
      LLVMBuildMul(b, LLVMBuildAdd(b, LLVMBuildMul(b, v[0][2], v[1][1], ""), v[0][1], ""), v[1][0],
                   ""),
      v[0][0], "");
  return LLVMBuildUDiv(b, linear, ptx_cint(x, u, 32), "");
}

static LLVMValueRef special_register(ptx_xlate *x, const char *name) {
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
  if (!strcmp(name, "WARP_SZ")) return LLVMConstInt(ptx_i32(x), 32, 0);
  if (!strcmp(name, "warpid") || !strcmp(name, "nwarpid")) return warp_number(x, name[0] == 'n');
  if (!known) return NULL;
  snprintf(intr, sizeof intr, "llvm.nvvm.read.ptx.sreg.%s", name);
  if (known == 2) intr[strlen("llvm.nvvm.read.ptx.sreg.lanemask")] = '.';
  return ptx_call_intrinsic(x, intr, NULL, 0, NULL, 0);
}

/* The value register `name` holds now (in its own type); NULL after an error. */
LLVMValueRef ptx_read_reg(ptx_xlate *x, const char *name) {
  int k = ptx_operand_index(x, name);
  if (k >= 0) return LLVMBuildLoad2(x->b, x->op_type[k], x->op_slot[k], "");
  ptx_reg *r = find_reg(x, name);
  if (r) return LLVMBuildLoad2(x->b, r->type, r->slot, "");
  LLVMValueRef v = name[0] == '%' ? special_register(x, name + 1) : NULL;
  if (!v && !strcmp(name, "%dynamic_smem_size")) /* the launch's, in its context */
    v = LLVMBuildTrunc(x->b,
                       ptx_call_devlib(x, "__anchor_context_shared",
                                       LLVMInt64TypeInContext(x->ctx->llctx), NULL, 0),
                       ptx_i32(x), "");
  if (!v && !strcmp(name, "%total_smem_size"))
    ptx_error(x, "the special register '%s' (the static shared size is not known here)", name);
  else if (!v)
    ptx_error(x, "the register '%s'", name);
  return v;
}

/* Operand o as a value of PTX type t; NULL after an error. */
LLVMValueRef ptx_value_of(ptx_xlate *x, const ptx_operand *o, ptx_type t) {
  LLVMTypeRef lt = ptx_ltype(x, t);
  switch (o->kind) {
  case PTX_REG: {
    LLVMValueRef v = ptx_read_reg(x, o->name);
    if (!v) return NULL;
    v = ptx_cast(x, v, lt, t.kind == 's');
    if (o->negated) {
      if (t.kind != 'p') return ptx_error(x, "negating '%s' (not a predicate)", o->name), NULL;
      v = LLVMBuildNot(x->b, v, "");
    }
    return v;
  }
  case PTX_IMM:
    if (t.kind == 'f') return LLVMConstReal(lt, (double)o->imm);
    return LLVMConstInt(lt, (unsigned long long)o->imm, 1);
  case PTX_FIMM:
    if (t.kind != 'f') return ptx_error(x, "a float literal as the %s operand", "integer"), NULL;
    if (o->fbits && o->fbits == (int)t.bits)
      return LLVMConstBitCast(LLVMConstInt(ptx_int_type(x, t.bits), o->fbits_value, 0), lt);
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
  default: ptx_error(x, "the operand kind of '%s'", x->st->parts[0]); return NULL;
  }
}

LLVMValueRef ptx_get(ptx_xlate *x, int k, ptx_type t) {
  if (x->failed) return NULL;
  return ptx_value_of(x, &x->st->operands[k], t);
}

/* Store v (of PTX type t) into register `name`. */
int ptx_write_reg(ptx_xlate *x, const char *name, LLVMValueRef v, ptx_type t) {
  int k = ptx_operand_index(x, name);
  LLVMValueRef slot;
  LLVMTypeRef type;
  if (k >= 0) {
    slot = x->op_slot[k], type = x->op_type[k];
    x->written[k] = 1;
  } else {
    ptx_reg *r = find_reg(x, name);
    if (!r) return ptx_error(x, "writing the register '%s'", name);
    slot = r->slot, type = r->type;
  }
  LLVMBuildStore(x->b, ptx_cast(x, v, type, t.kind == 's'), slot);
  return 1;
}

int ptx_put_operand(ptx_xlate *x, const ptx_operand *o, LLVMValueRef v, ptx_type t) {
  if (x->failed || !v) return 0;
  if (o->kind == PTX_SINK) return 1;
  if (o->kind != PTX_REG || o->negated)
    return ptx_error(x, "the destination of '%s'", x->st->parts[0]);
  return ptx_write_reg(x, o->name, v, t);
}

int ptx_put(ptx_xlate *x, int k, LLVMValueRef v, ptx_type t) {
  const ptx_operand *o = &x->st->operands[k];
  if (o->pair) return ptx_error(x, "the operand '%s|...'", o->name);
  return ptx_put_operand(x, o, v, t);
}

/* The integer value of immediate operand k (a literal, or an asm operand
 * bound to a constant: "n"); 0 after an error. */
int ptx_immediate(ptx_xlate *x, int k, long long *out) {
  const ptx_operand *o = &x->st->operands[k];
  if (o->kind == PTX_IMM) return *out = o->imm, 1;
  if (o->kind == PTX_REG) {
    int j = ptx_operand_index(x, o->name);
    if (j >= x->nout && x->op_arg[j] && LLVMIsAConstantInt(x->op_arg[j]))
      return *out = LLVMConstIntGetSExtValue(x->op_arg[j]), 1;
  }
  return ptx_error(x, "a non-constant operand where '%s' needs a constant", x->st->parts[0]);
}

LLVMValueRef ptx_cint(ptx_xlate *x, LLVMTypeRef t, unsigned long long v) {
  (void)x;
  return LLVMConstInt(t, v, 0);
}

/* ---- floats: .ftz and .sat --------------------------------------------- */

/* A float subnormal as a zero of its sign (the .ftz of f32 operations). */
LLVMValueRef ptx_flush(ptx_xlate *x, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) != LLVMFloatTypeKind) return v;
  LLVMValueRef mag = ptx_call_intrinsic(x, "llvm.fabs", &t, 1, &v, 1);
  LLVMValueRef tiny = LLVMBuildFCmp(x->b, LLVMRealOLT, mag, LLVMConstReal(t, 0x1p-126), "");
  LLVMValueRef zero[2] = {LLVMConstReal(t, 0.0), v};
  LLVMValueRef signed_zero = ptx_call_intrinsic(x, "llvm.copysign", &t, 1, zero, 2);
  return LLVMBuildSelect(x->b, tiny, signed_zero, v, "");
}

/* .sat: clamped to [+0, 1]; NaN and -0 -> +0. */
static LLVMValueRef saturate(ptx_xlate *x, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMValueRef positive = LLVMBuildFCmp(x->b, LLVMRealOGT, v, LLVMConstReal(t, 0.0), "");
  LLVMValueRef r = LLVMBuildSelect(x->b, positive, v, LLVMConstReal(t, 0.0), "");
  LLVMValueRef big = LLVMBuildFCmp(x->b, LLVMRealOGT, r, LLVMConstReal(t, 1.0), "");
  return LLVMBuildSelect(x->b, big, LLVMConstReal(t, 1.0), r, "");
}

/* The float operands 1..n of the statement, flushed under .ftz. */
int ptx_float_sources(ptx_xlate *x, ptx_type t, int ftz, LLVMValueRef *v, int n) {
  for (int k = 0; k < n; k++) {
    v[k] = ptx_get(x, k + 1, t);
    if (!v[k]) return 0;
    if (ftz) v[k] = ptx_flush(x, v[k]);
  }
  return 1;
}

int ptx_float_result(ptx_xlate *x, LLVMValueRef r, ptx_type t, int ftz, int sat) {
  if (sat) r = saturate(x, r);
  if (ftz) r = ptx_flush(x, r);
  return ptx_put(x, 0, r, t);
}

/* The devlib's name of a rounding mode modifier. */
const char *const ptx_rounding_mods[] = {"rn", "rz", "rm", "rp", NULL};
const char *const ptx_rounding_names[] = {"rn", "rz", "rd", "ru"};
const char *const ptx_int_rounding_mods[] = {"rni", "rzi", "rmi", "rpi", NULL};

LLVMBasicBlockRef ptx_new_block(ptx_xlate *x, const char *name) {
  return LLVMInsertBasicBlockInContext(x->ctx->llctx, x->tail, name);
}
