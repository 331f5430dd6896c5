/* ptx_move.c — inline PTX moves, comparisons and selections as IR
 * (ptx_xlate.h): mov (with vector pack/unpack), cvta to global, setp and set
 * with every comparison and .and/.or/.xor, selp, slct, testp, copysign. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ptx_xlate.h"

/* ---- moves and comparisons --------------------------------------------- */

/* mov.type d, a; mov.b64 d, {lo, hi} (pack); mov.b64 {lo, hi}, a (unpack);
 * the same for b32 in 16-bit halves. */
int ptx_op_mov(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "subfp", 1) || !ptx_check_operands(x, 2, 2)) return 0;
  const ptx_operand *d = &x->st->operands[0], *a = &x->st->operands[1];
  LLVMTypeRef lt = ptx_int_type(x, t.bits);
  if (a->kind == PTX_VEC || d->kind == PTX_VEC) {
    const ptx_operand *v = a->kind == PTX_VEC ? a : d;
    if (v->nelems < 2 || t.bits % (unsigned)v->nelems || t.kind == 'f')
      return ptx_error(x, "the vector operand of '%s'", "mov");
    ptx_type et = {'b', t.bits / (unsigned)v->nelems};
    LLVMTypeRef le = ptx_int_type(x, et.bits);
    if (a->kind == PTX_VEC) {
      LLVMValueRef r = LLVMConstNull(lt);
      for (int k = 0; k < v->nelems; k++) {
        LLVMValueRef e = ptx_value_of(x, &v->elems[k], et);
        if (!e) return 0;
        e = LLVMBuildShl(x->b, LLVMBuildZExt(x->b, e, lt, ""),
                         ptx_cint(x, lt, et.bits * (unsigned)k), "");
        r = LLVMBuildOr(x->b, r, e, "");
      }
      return ptx_put(x, 0, r, t);
    }
    LLVMValueRef whole = ptx_get(x, 1, t);
    if (!whole) return 0;
    whole = ptx_cast(x, whole, lt, 0);
    for (int k = 0; k < v->nelems; k++) {
      LLVMValueRef e = LLVMBuildLShr(x->b, whole, ptx_cint(x, lt, et.bits * (unsigned)k), "");
      if (!ptx_put_operand(x, &v->elems[k], LLVMBuildTrunc(x->b, e, le, ""), et)) return 0;
    }
    return 1;
  }
  return ptx_put(x, 0, ptx_get(x, 1, t), t);
}

/* cvta.to.global / cvta.global: a global address is its generic address. */
int ptx_op_cvta(ptx_xlate *x) {
  ptx_type t;
  ptx_mod(x, "to");
  if (!ptx_mod(x, "global")) return ptx_error(x, "'cvta' of a space other than %s", ".global");
  if (!ptx_one_type(x, &t, "u", 32) || !ptx_check_operands(x, 2, 2)) return 0;
  return ptx_put(x, 0, ptx_get(x, 1, t), t);
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
static LLVMValueRef compare(ptx_xlate *x, ptx_type t, int k) {
  const cmp_op *op = NULL;
  for (unsigned c = 0; c < sizeof cmp_ops / sizeof *cmp_ops && !op; c++)
    if (ptx_mod(x, cmp_ops[c].name)) op = &cmp_ops[c];
  if (!op) return ptx_error(x, "the comparison of '%s'", x->st->parts[0]), NULL;
  int ftz = ptx_mod(x, "ftz");
  LLVMValueRef a = ptx_get(x, k, t), bv = ptx_get(x, k + 1, t);
  if (!a || !bv) return NULL;
  if (t.kind == 'f') {
    if (!op->f || t.bits == 16)
      return ptx_error(x, "the comparison of '%s'", x->st->parts[0]), NULL;
    if (ftz) a = ptx_flush(x, a), bv = ptx_flush(x, bv);
    return LLVMBuildFCmp(x->b, op->f, a, bv, "");
  }
  if (!op->s || ftz || t.kind == 'p')
    return ptx_error(x, "the comparison of '%s'", x->st->parts[0]), NULL;
  return LLVMBuildICmp(x->b, t.kind == 's' ? op->s : op->u, a, bv, "");
}

/* The optional .and/.or/.xor combination with predicate operand k. */
static LLVMValueRef combine(ptx_xlate *x, LLVMValueRef p, int k, int *bool_op) {
  static const char *const ops[] = {"and", "or", "xor", NULL};
  if (!*bool_op) *bool_op = ptx_mod_of(x, ops);
  if (!*bool_op)
    return x->st->noperands > k ? (ptx_error(x, "the operands of '%s'", x->st->parts[0]), NULL) : p;
  if (x->st->noperands <= k) return ptx_error(x, "the operands of '%s'", x->st->parts[0]), NULL;
  LLVMValueRef c = ptx_get(x, k, (ptx_type){'p', 1});
  if (!c) return NULL;
  return *bool_op == 1   ? LLVMBuildAnd(x->b, p, c, "")
         : *bool_op == 2 ? LLVMBuildOr(x->b, p, c, "")
                         : LLVMBuildXor(x->b, p, c, "");
}

/* setp.cmp[.bool].type p[|q], a, b[, {!}c] */
int ptx_op_setp(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "subf", 16) || !ptx_check_operands(x, 3, 4)) return 0;
  LLVMValueRef p = compare(x, t, 1);
  if (!p) return 0;
  int bool_op = 0;
  LLVMValueRef r = combine(x, p, 3, &bool_op);
  if (!r) return 0;
  const ptx_operand *d = &x->st->operands[0];
  ptx_type pt = {'p', 1};
  if (d->kind != PTX_REG) return ptx_error(x, "the destination of '%s'", "setp");
  if (!ptx_write_reg(x, d->name, r, pt)) return 0;
  if (!d->pair) return 1;
  LLVMValueRef q = combine(x, LLVMBuildNot(x->b, p, ""), 3, &bool_op);
  return q && ptx_write_reg(x, d->name2, q, pt);
}

/* set.cmp[.bool].dtype.stype d, a, b[, {!}c]: all ones / 1.0f or 0. */
int ptx_op_set(ptx_xlate *x) {
  ptx_type ts[3];
  if (ptx_types(x, ts, 3) != 2 || !ptx_check_operands(x, 3, 4))
    return ptx_error(x, "the types of '%s'", "set");
  ptx_type dt = ts[0];
  if (!(dt.bits == 32 && strchr("suf", dt.kind))) return ptx_error(x, "the type of '%s'", "set");
  LLVMValueRef p = compare(x, ts[1], 1);
  if (!p) return 0;
  int bool_op = 0;
  p = combine(x, p, 3, &bool_op);
  if (!p) return 0;
  LLVMTypeRef lt = ptx_ltype(x, dt);
  LLVMValueRef one = dt.kind == 'f' ? LLVMConstReal(lt, 1.0) : LLVMConstAllOnes(lt);
  return ptx_put(x, 0, LLVMBuildSelect(x->b, p, one, LLVMConstNull(lt), ""), dt);
}

/* selp.type d, a, b, c: c ? a : b */
int ptx_op_selp(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "subf", 16) || !ptx_check_operands(x, 4, 4)) return 0;
  LLVMValueRef a = ptx_get(x, 1, t), bv = ptx_get(x, 2, t), c = ptx_get(x, 3, (ptx_type){'p', 1});
  if (!a || !bv || !c) return 0;
  return ptx_put(x, 0, LLVMBuildSelect(x->b, c, a, bv, ""), t);
}

/* slct.dtype.{s32,ptx_f32} d, a, b, c: c >= 0 ? a : b */
int ptx_op_slct(ptx_xlate *x) {
  ptx_type ts[3];
  if (ptx_types(x, ts, 3) != 2 || !ptx_check_operands(x, 4, 4))
    return ptx_error(x, "the types of '%s'", "slct");
  ptx_type ct = ts[1];
  if (ct.bits != 32 || (ct.kind != 's' && ct.kind != 'f'))
    return ptx_error(x, "the type of '%s'", "slct");
  int ftz = ptx_mod(x, "ftz");
  LLVMValueRef a = ptx_get(x, 1, ts[0]), bv = ptx_get(x, 2, ts[0]), c = ptx_get(x, 3, ct);
  if (!a || !bv || !c) return 0;
  LLVMValueRef ge;
  if (ct.kind == 'f') {
    if (ftz) c = ptx_flush(x, c);
    ge = LLVMBuildFCmp(x->b, LLVMRealOGE, c, LLVMConstReal(ptx_f32(x), 0.0), "");
  } else {
    ge = LLVMBuildICmp(x->b, LLVMIntSGE, c, ptx_cint(x, ptx_i32(x), 0), "");
  }
  return ptx_put(x, 0, LLVMBuildSelect(x->b, ge, a, bv, ""), ts[0]);
}

/* testp.op.{ptx_f32,f64} p, a */
int ptx_op_testp(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "f", 32) || !ptx_check_operands(x, 2, 2)) return 0;
  static const char *const ops[] = {"finite", "infinite",  "number", "notanumber",
                                    "normal", "subnormal", NULL};
  int op = ptx_mod_of(x, ops);
  if (!op) return ptx_error(x, "the test of '%s'", "testp");
  LLVMTypeRef lt = ptx_ltype(x, t);
  LLVMValueRef a = ptx_get(x, 1, t);
  if (!a) return 0;
  LLVMBuilderRef b = x->b;
  LLVMValueRef mag = ptx_call_intrinsic(x, "llvm.fabs", &lt, 1, &a, 1);
  LLVMValueRef inf = LLVMConstReal(lt, INFINITY),
               min = LLVMConstReal(lt, t.bits == 32 ? 0x1p-126 : 0x1p-1022);
  LLVMValueRef r;
  switch (op) {
  case 1: r = LLVMBuildFCmp(b, LLVMRealOLT, mag, inf, ""); break;
  case 2: r = LLVMBuildFCmp(b, LLVMRealOEQ, mag, inf, ""); break;
  case 3: r = LLVMBuildFCmp(b, LLVMRealORD, a, a, ""); break;
  case 4: r = LLVMBuildFCmp(b, LLVMRealUNO, a, a, ""); break;
  case 5: /* zeros count as normal (the PTX ISA's special case; the H200 agrees) */
    r = LLVMBuildAnd(b,
                     LLVMBuildOr(b, LLVMBuildFCmp(b, LLVMRealOGE, mag, min, ""),
                                 LLVMBuildFCmp(b, LLVMRealOEQ, mag, LLVMConstReal(lt, 0.0), ""),
                                 ""),
                     LLVMBuildFCmp(b, LLVMRealOLT, mag, inf, ""), "");
    break;
  default:
    r = LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOLT, mag, min, ""),
                     LLVMBuildFCmp(b, LLVMRealONE, mag, LLVMConstReal(lt, 0.0), ""), "");
  }
  return ptx_put(x, 0, r, (ptx_type){'p', 1});
}

/* copysign.type d, a, b: b with the sign of a. */
int ptx_op_copysign(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "f", 32) || !ptx_check_operands(x, 3, 3)) return 0;
  LLVMTypeRef lt = ptx_ltype(x, t);
  LLVMValueRef args[2] = {ptx_get(x, 2, t), ptx_get(x, 1, t)};
  if (!args[0] || !args[1]) return 0;
  return ptx_put(x, 0, ptx_call_intrinsic(x, "llvm.copysign", &lt, 1, args, 2), t);
}
