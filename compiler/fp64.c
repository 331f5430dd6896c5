/* fp64.c — double-precision operations as calls into the software binary64
 * of fp64.metal (ARCHITECTURE.md decision 7: bit-exact IEEE binary64 in
 * integer arithmetic). A double is carried as its ulong bits; arithmetic,
 * comparisons and conversions become anchor_f64_* calls, and the module gets
 * the fp64.metal prelude once (msl_ctx.uses_fp64). What fp64.metal does not
 * implement yet (the transcendental math library, conversion to half) is
 * an error naming the operation. */
#include <string.h>

#include "msl_internal.h"

static void call1(msl_inst *in, const char *fn, unsigned k) {
  msl_inst_printf(in, "%s(", fn), msl_inst_operand(in, k), msl_inst_put(in, ")");
}

static void call2(msl_inst *in, const char *fn, unsigned a, unsigned b) {
  msl_inst_printf(in, "%s(", fn), msl_inst_operand(in, a), msl_inst_put(in, ", ");
  msl_inst_operand(in, b), msl_inst_put(in, ")");
}

/* Ordered predicates are false and unordered ones true on NaN. */
static void emit_compare(msl_inst *in) {
  static const struct {
    LLVMRealPredicate p;
    const char *fn;
    int swap, negate;
  } table[] = {
      {LLVMRealOEQ, "anchor_f64_eq", 0, 0},        {LLVMRealOGT, "anchor_f64_lt", 1, 0},
      {LLVMRealOGE, "anchor_f64_le", 1, 0},        {LLVMRealOLT, "anchor_f64_lt", 0, 0},
      {LLVMRealOLE, "anchor_f64_le", 0, 0},        {LLVMRealUGT, "anchor_f64_le", 0, 1},
      {LLVMRealUGE, "anchor_f64_lt", 0, 1},        {LLVMRealULT, "anchor_f64_le", 1, 1},
      {LLVMRealULE, "anchor_f64_lt", 1, 1},        {LLVMRealUNE, "anchor_f64_eq", 0, 1},
      {LLVMRealUNO, "anchor_f64_unordered", 0, 0}, {LLVMRealORD, "anchor_f64_unordered", 0, 1}};
  LLVMRealPredicate p = LLVMGetFCmpPredicate(in->i);
  if (p == LLVMRealPredicateFalse || p == LLVMRealPredicateTrue) {
    msl_inst_put(in, p == LLVMRealPredicateTrue ? "true" : "false");
    return;
  }
  if (p == LLVMRealONE || p == LLVMRealUEQ) {
    msl_inst_put(in, p == LLVMRealONE ? "(!" : "(");
    call2(in, "anchor_f64_unordered", 0, 1);
    msl_inst_put(in, p == LLVMRealONE ? " && !" : " || ");
    call2(in, "anchor_f64_eq", 0, 1);
    msl_inst_put(in, ")");
    return;
  }
  for (unsigned k = 0; k < sizeof table / sizeof *table; k++)
    if (table[k].p == p) {
      msl_inst_put(in, table[k].negate ? "!" : "");
      call2(in, table[k].fn, table[k].swap, !table[k].swap);
      return;
    }
}

static void emit_intrinsic(msl_inst *in) {
  size_t len;
  LLVMValueRef callee = LLVMGetCalledValue(in->i);
  const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
  if (!strcmp(name, "llvm.fabs.f64")) {
    call1(in, "anchor_f64_abs", 0);
  } else if (!strcmp(name, "llvm.minnum.f64")) {
    call2(in, "anchor_f64_min", 0, 1);
  } else if (!strcmp(name, "llvm.maxnum.f64")) {
    call2(in, "anchor_f64_max", 0, 1);
  } else if (!strcmp(name, "llvm.copysign.f64")) {
    msl_inst_put(in, "(("), msl_inst_operand(in, 0), msl_inst_put(in, " & ~ANCHOR_F64_SIGN) | (");
    msl_inst_operand(in, 1), msl_inst_put(in, " & ANCHOR_F64_SIGN))");
  } else if (!strcmp(name, "llvm.sqrt.f64")) {
    call1(in, "anchor_f64_sqrt", 0);
  } else if (!strcmp(name, "llvm.trunc.f64")) {
    call1(in, "anchor_f64_trunc", 0);
  } else if (!strcmp(name, "llvm.floor.f64")) {
    call1(in, "anchor_f64_floor", 0);
  } else if (!strcmp(name, "llvm.ceil.f64")) {
    call1(in, "anchor_f64_ceil", 0);
  } else if (!strcmp(name, "llvm.round.f64")) {
    call1(in, "anchor_f64_round_away", 0);
  } else if (!strcmp(name, "llvm.rint.f64") || !strcmp(name, "llvm.nearbyint.f64") ||
             !strcmp(name, "llvm.roundeven.f64")) {
    call1(in, "anchor_f64_rint", 0);
  } else if (!strcmp(name, "llvm.fma.f64") || !strcmp(name, "llvm.fmuladd.f64")) {
    /* fmuladd may fuse or not: fused, like float's fma and like nvcc */
    msl_inst_put(in, "anchor_f64_fma("), msl_inst_operand(in, 0), msl_inst_put(in, ", ");
    msl_inst_operand(in, 1), msl_inst_put(in, ", "), msl_inst_operand(in, 2);
    msl_inst_put(in, ")");
  } else {
    in->ok = 0;
    msl_error(in->f->ctx, in->i, "double-precision '%s' " NOT_SUPPORTED, name);
  }
}

static void emit_conversion(msl_inst *in, LLVMOpcode opc) {
  LLVMTypeRef to = LLVMTypeOf(in->i), from = LLVMTypeOf(LLVMGetOperand(in->i, 0));
  unsigned tb = msl_int_bits(to);
  switch (opc) {
  case LLVMSIToFP:
    msl_inst_put(in,
                 msl_int_bits(from) == 64 ? "anchor_f64_from_i64(" : "anchor_f64_from_i64((long)");
    msl_inst_signed(in, 0), msl_inst_put(in, ")");
    return;
  case LLVMUIToFP:
    msl_inst_put(in, "anchor_f64_from_u64((ulong)"), msl_inst_operand(in, 0), msl_inst_put(in, ")");
    return;
  case LLVMFPToSI:
    if (tb == 1)
      msl_inst_put(in, "("), call1(in, "anchor_f64_to_i64", 0), msl_inst_put(in, " != 0)");
    else
      msl_inst_printf(in, "(%s)(%s)", msl_uint_name(tb), msl_sint_name(tb)),
          call1(in, "anchor_f64_to_i64", 0);
    return;
  case LLVMFPToUI:
    if (tb == 1)
      msl_inst_put(in, "("), call1(in, "anchor_f64_to_u64", 0), msl_inst_put(in, " != 0)");
    else
      msl_inst_printf(in, "(%s)", msl_uint_name(tb)), call1(in, "anchor_f64_to_u64", 0);
    return;
  case LLVMFPExt:
    msl_inst_put(in, LLVMGetTypeKind(from) == LLVMHalfTypeKind ? "anchor_f64_from_f32((float)"
                                                               : "anchor_f64_from_f32(");
    msl_inst_operand(in, 0), msl_inst_put(in, ")");
    return;
  case LLVMFPTrunc:
    if (LLVMGetTypeKind(to) == LLVMFloatTypeKind) {
      call1(in, "anchor_f64_to_f32", 0);
      return;
    }
    msl_inst_unsupported(in, "conversion of double to half");
    return;
  default: msl_inst_unsupported(in, "this double-precision conversion");
  }
}

void msl_emit_double(msl_inst *in) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(in->i);
  in->f->ctx->preludes |= MSL_PRELUDE_FP64;
  switch (opc) {
  case LLVMFAdd: call2(in, "anchor_f64_add", 0, 1); return;
  case LLVMFSub: call2(in, "anchor_f64_sub", 0, 1); return;
  case LLVMFMul: call2(in, "anchor_f64_mul", 0, 1); return;
  case LLVMFDiv: call2(in, "anchor_f64_div", 0, 1); return;
  case LLVMFNeg: call1(in, "anchor_f64_neg", 0); return;
  case LLVMFCmp: emit_compare(in); return;
  case LLVMCall: emit_intrinsic(in); return;
  case LLVMFRem: call2(in, "anchor_f64_fmod", 0, 1); return;
  default: emit_conversion(in, opc); return;
  }
}

const msl_row *msl_fp64_row(const char *name) {
  (void)name;
  return NULL;
}
