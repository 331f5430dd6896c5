/* emit.c — the MSL of one instruction (calls go to intrinsics.c, atomics
 * to atomics.c, double arithmetic to fp64.c) and of a block's code; the
 * text of operands comes from operand.c.
 *
 * Value representation: LLVM integers are sign-agnostic, so i8/i16/i32/i64
 * are carried as uchar/ushort/uint/ulong (i1 as bool) and cast to the signed
 * type only where the operation is signed. Pointers follow addrspace.c:
 * device pointers are ulong CUDA addresses, translated at each dereference by
 * adding the delta MSL_DELTA (anchor_ctx[0]); the others are byte pointers in their MSL
 * address space. double is carried as its ulong bits (only moved, never
 * computed on). Every SSA value is a variable declared at the top of the
 * kernel, so structured emission never fights C++ scoping. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

static int is_double(LLVMTypeRef ty) {
  return LLVMGetTypeKind(ty) == LLVMDoubleTypeKind;
}

static void emit_int_binop(msl_inst *in, LLVMOpcode opc, unsigned bits) {
  const char *ty = msl_uint_name(bits), *w = msl_wide_name(bits);
  const char *sym = NULL;
  switch (opc) {
  case LLVMAdd: sym = bits == 1 ? "!=" : "+"; break;
  case LLVMSub: sym = bits == 1 ? "!=" : "-"; break;
  case LLVMMul:
    sym = "&";
    if (bits != 1) sym = "*";
    break;
  case LLVMAnd: sym = "&"; break;
  case LLVMOr: sym = "|"; break;
  case LLVMXor: sym = bits == 1 ? "!=" : "^"; break;
  case LLVMShl: sym = "<<"; break;
  case LLVMLShr: sym = ">>"; break;
  case LLVMUDiv: sym = "/"; break;
  case LLVMURem: sym = "%"; break;
  default: break;
  }
  if (bits == 1 && (opc == LLVMShl || opc == LLVMLShr || opc == LLVMAShr || opc == LLVMUDiv ||
                    opc == LLVMURem || opc == LLVMSDiv || opc == LLVMSRem)) {
    msl_inst_unsupported(in, "shift or division of i1");
    return;
  }
  if (opc == LLVMSDiv || opc == LLVMSRem || opc == LLVMAShr) {
    msl_inst_printf(in, "(%s)(", ty);
    msl_inst_signed(in, 0);
    msl_inst_put(in, opc == LLVMSDiv ? " / " : opc == LLVMSRem ? " % " : " >> ");
    if (opc == LLVMAShr)
      msl_inst_operand(in, 1);
    else
      msl_inst_signed(in, 1);
    msl_inst_put(in, ")");
    return;
  }
  if (bits == 1) {
    msl_inst_put(in, "(");
    msl_inst_operand(in, 0);
    msl_inst_printf(in, " %s ", sym);
    msl_inst_operand(in, 1);
    msl_inst_put(in, ")");
    return;
  }
  msl_inst_printf(in, "(%s)((%s)", ty, w);
  msl_inst_operand(in, 0);
  msl_inst_printf(in, " %s (%s)", sym, w);
  msl_inst_operand(in, 1);
  msl_inst_put(in, ")");
}

static void emit_fbinop(msl_inst *in, LLVMOpcode opc) {
  if (opc == LLVMFRem) {
    msl_inst_put(in, "fmod(");
    msl_inst_operand(in, 0);
    msl_inst_put(in, ", ");
    msl_inst_operand(in, 1);
    msl_inst_put(in, ")");
    return;
  }
  const char *sym = opc == LLVMFAdd ? "+" : opc == LLVMFSub ? "-" : opc == LLVMFMul ? "*" : "/";
  msl_inst_put(in, "(");
  msl_inst_operand(in, 0);
  msl_inst_printf(in, " %s ", sym);
  msl_inst_operand(in, 1);
  msl_inst_put(in, ")");
}

static void emit_icmp(msl_inst *in) {
  LLVMIntPredicate p = LLVMGetICmpPredicate(in->i);
  int is_signed = p == LLVMIntSGT || p == LLVMIntSGE || p == LLVMIntSLT || p == LLVMIntSLE;
  const char *sym = "==";
  switch (p) {
  case LLVMIntEQ: sym = "=="; break;
  case LLVMIntNE: sym = "!="; break;
  case LLVMIntUGT:
  case LLVMIntSGT: sym = ">"; break;
  case LLVMIntUGE:
  case LLVMIntSGE: sym = ">="; break;
  case LLVMIntULT:
  case LLVMIntSLT: sym = "<"; break;
  case LLVMIntULE:
  case LLVMIntSLE: sym = "<="; break;
  }
  LLVMValueRef a = LLVMGetOperand(in->i, 0), b = LLVMGetOperand(in->i, 1);
  msl_inst_put(in, "(");
  if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind) {
    /* Both sides share one space (addrspace.c); a null side takes it. */
    msl_space s = msl_addrspace_of(in->f, a), sb = msl_addrspace_of(in->f, b);
    if (s == MSL_SPACE_NONE)
      s = sb;
    else if (sb != MSL_SPACE_NONE && sb != s)
      s = MSL_SPACE_GENERIC; /* compare both as generic pointers */
    msl_inst_operand_in(in, a, s);
    msl_inst_printf(in, " %s ", sym);
    msl_inst_operand_in(in, b, s);
  } else if (is_signed) {
    msl_inst_signed(in, 0);
    msl_inst_printf(in, " %s ", sym);
    msl_inst_signed(in, 1);
  } else {
    msl_inst_operand(in, 0);
    msl_inst_printf(in, " %s ", sym);
    msl_inst_operand(in, 1);
  }
  msl_inst_put(in, ")");
}

static void emit_fcmp(msl_inst *in) {
  LLVMRealPredicate p = LLVMGetFCmpPredicate(in->i);
  /* Ordered predicates are false on NaN, unordered ones true: C++'s
   * comparisons are the ordered ones except !=, which is unordered. */
  static const char *const ordered[] = {
      [LLVMRealOEQ] = "==", [LLVMRealOGT] = ">",  [LLVMRealOGE] = ">=",
      [LLVMRealOLT] = "<",  [LLVMRealOLE] = "<=", [LLVMRealUNE] = "!="};
  static const char *const negated[] = {
      /* unordered X == !(ordered inverse) */
      [LLVMRealUEQ] = NULL, [LLVMRealUGT] = "<=", [LLVMRealUGE] = "<",
      [LLVMRealULT] = ">=", [LLVMRealULE] = ">",  [LLVMRealONE] = NULL};
  if (p == LLVMRealPredicateFalse || p == LLVMRealPredicateTrue) {
    msl_inst_put(in, p == LLVMRealPredicateTrue ? "true" : "false");
    return;
  }
  msl_inst_put(in, "(");
  if (p <= LLVMRealOLE && p != LLVMRealONE && ordered[p]) {
    msl_inst_operand(in, 0), msl_inst_printf(in, " %s ", ordered[p]), msl_inst_operand(in, 1);
  } else if (p == LLVMRealUNE) {
    msl_inst_operand(in, 0), msl_inst_put(in, " != "), msl_inst_operand(in, 1);
  } else if (p >= LLVMRealUGT && p <= LLVMRealULE) {
    msl_inst_put(in, "!("), msl_inst_operand(in, 0), msl_inst_printf(in, " %s ", negated[p]),
        msl_inst_operand(in, 1), msl_inst_put(in, ")");
  } else if (p == LLVMRealONE) {
    msl_inst_operand(in, 0), msl_inst_put(in, " < "), msl_inst_operand(in, 1),
        msl_inst_put(in, " || "), msl_inst_operand(in, 0), msl_inst_put(in, " > "),
        msl_inst_operand(in, 1);
  } else if (p == LLVMRealUEQ) {
    msl_inst_put(in, "!("), msl_inst_operand(in, 0), msl_inst_put(in, " < "),
        msl_inst_operand(in, 1), msl_inst_put(in, " || "), msl_inst_operand(in, 0);
    msl_inst_put(in, " > "), msl_inst_operand(in, 1), msl_inst_put(in, ")");
  } else if (p == LLVMRealORD) {
    msl_inst_put(in, "!isnan("), msl_inst_operand(in, 0), msl_inst_put(in, ") && !isnan("),
        msl_inst_operand(in, 1), msl_inst_put(in, ")");
  } else { /* UNO */
    msl_inst_put(in, "isnan("), msl_inst_operand(in, 0), msl_inst_put(in, ") || isnan("),
        msl_inst_operand(in, 1), msl_inst_put(in, ")");
  }
  msl_inst_put(in, ")");
}

static void emit_cast(msl_inst *in, LLVMOpcode opc) {
  LLVMTypeRef to = LLVMTypeOf(in->i), from = LLVMTypeOf(LLVMGetOperand(in->i, 0));
  unsigned tb = msl_int_bits(to), fb = msl_int_bits(from);
  const char *tname = tb                                        ? msl_uint_name(tb)
                      : LLVMGetTypeKind(to) == LLVMHalfTypeKind ? "half"
                                                                : "float";
  switch (opc) {
  case LLVMTrunc:
    if (tb == 1) {
      msl_inst_put(in, "(("), msl_inst_operand(in, 0), msl_inst_put(in, " & 1) != 0)");
    } else {
      msl_inst_printf(in, "(%s)", tname), msl_inst_operand(in, 0);
    }
    return;
  case LLVMZExt: msl_inst_printf(in, "(%s)", tname), msl_inst_operand(in, 0); return;
  case LLVMSExt:
    if (fb == 1) {
      msl_inst_printf(in, "(%s)(0u - (%s)", tname, msl_wide_name(tb)), msl_inst_operand(in, 0),
          msl_inst_put(in, ")");
    } else {
      msl_inst_printf(in, "(%s)(%s)", tname, msl_sint_name(tb)), msl_inst_signed(in, 0);
    }
    return;
  case LLVMFPToUI:
  case LLVMFPToSI:
    if (tb == 1) {
      msl_inst_put(in, "("), msl_inst_operand(in, 0), msl_inst_put(in, " != 0)");
    } else if (opc == LLVMFPToSI) {
      msl_inst_printf(in, "(%s)(%s)", tname, msl_sint_name(tb)), msl_inst_operand(in, 0);
    } else {
      msl_inst_printf(in, "(%s)", tname), msl_inst_operand(in, 0);
    }
    return;
  case LLVMUIToFP: msl_inst_printf(in, "(%s)", tname), msl_inst_operand(in, 0); return;
  case LLVMSIToFP: msl_inst_printf(in, "(%s)", tname), msl_inst_signed(in, 0); return;
  case LLVMFPTrunc:
  case LLVMFPExt: msl_inst_printf(in, "(%s)", tname), msl_inst_operand(in, 0); return;
  default: msl_inst_unsupported(in, "this conversion");
  }
}

static void emit_bitcast(msl_inst *in) {
  LLVMTypeRef to = LLVMTypeOf(in->i), from = LLVMTypeOf(LLVMGetOperand(in->i, 0));
  LLVMTypeKind tk = LLVMGetTypeKind(to), fk = LLVMGetTypeKind(from);
  /* Same MSL representation (ptr->ptr, double<->i64): a plain copy. */
  int same = tk == fk || (tk == LLVMDoubleTypeKind && fk == LLVMIntegerTypeKind) ||
             (fk == LLVMDoubleTypeKind && tk == LLVMIntegerTypeKind);
  if (same) {
    msl_inst_operand(in, 0);
    return;
  }
  const char *t = tk == LLVMIntegerTypeKind ? msl_uint_name(msl_int_bits(to))
                  : tk == LLVMHalfTypeKind  ? "half"
                                            : "float";
  msl_inst_printf(in, "as_type<%s>(", t), msl_inst_operand(in, 0), msl_inst_put(in, ")");
}

static int is_atomic_access(msl_inst *in) {
  return LLVMGetOrdering(in->i) != LLVMAtomicOrderingNotAtomic;
}

/* Access through generic pointer g (operand k): one test of the tag per
 * space it may point into; the device case adds the delta to the address. */
static void put_generic_access(msl_inst *in, unsigned k, const char *type, int store) {
  static const char *const base[] = {[MSL_SPACE_PRIVATE] = "(thread uchar*)anchor_priv",
                                     [MSL_SPACE_PARAM] = "anchor_params",
                                     [MSL_SPACE_SHARED] = "(threadgroup uchar*)anchor_smem",
                                     [MSL_SPACE_DYN_SHARED] = "anchor_dyn_smem"};
  static const int tag[] = {[MSL_SPACE_DEVICE] = 0,
                            [MSL_SPACE_PRIVATE] = 1,
                            [MSL_SPACE_PARAM] = 2,
                            [MSL_SPACE_SHARED] = 3,
                            [MSL_SPACE_DYN_SHARED] = 4};
  LLVMValueRef p = LLVMGetOperand(in->i, k);
  unsigned mask = msl_addrspace_mask(in->f, p);
  int volatile_access = LLVMGetVolatile(in->i);
  strbuf g = {0};
  in->ok = in->ok && msl_put_operand(in->f, p, &g, MSL_SPACE_GENERIC);
  int n = 0;
  if (!store) msl_inst_put(in, "(");
  for (int s = MSL_SPACE_DEVICE; s <= MSL_SPACE_DYN_SHARED; s++) {
    if (!(mask & (1u << s))) continue;
    int last = !(mask >> (s + 1));
    if (store)
      msl_inst_printf(in, n ? " else if ((%s >> 56) == %d) { " : "if ((%s >> 56) == %d) { ", g.data,
                      tag[s]);
    else if (!last)
      msl_inst_printf(in, "(%s >> 56) == %d ? ", g.data, tag[s]);
    msl_inst_printf(in, "*reinterpret_cast<%s%s %s*>(", volatile_access ? "volatile " : "",
                    msl_space_qualifier((msl_space)s), type);
    if (s == MSL_SPACE_DEVICE)
      msl_inst_printf(in, "%s + " MSL_DELTA ")", g.data);
    else
      msl_inst_printf(in, "%s + (%s & 0xFFFFFFFFFFFFFFul))", base[s], g.data);
    if (store) {
      msl_inst_put(in, " = ");
      if (msl_int_bits(LLVMTypeOf(LLVMGetOperand(in->i, 0))) == 1) msl_inst_put(in, "(uchar)");
      msl_inst_operand(in, 0);
      msl_inst_put(in, "; }");
    } else if (!last) {
      msl_inst_put(in, " : ");
    }
    n++;
  }
  if (!store) msl_inst_put(in, ")");
  strbuf_free(&g);
}

static void emit_load(msl_inst *in) {
  LLVMTypeRef ty = LLVMTypeOf(in->i);
  if (is_atomic_access(in)) {
    msl_emit_atomic_load(in);
    return;
  }
  const char *t = msl_memory_type(in, ty);
  if (!t) {
    in->ok = 0;
    return;
  }
  if (msl_int_bits(ty) == 1) msl_inst_put(in, "(");
  if (msl_addrspace_of(in->f, LLVMGetOperand(in->i, 0)) == MSL_SPACE_GENERIC)
    put_generic_access(in, 0, t, 0);
  else
    msl_inst_deref(in, LLVMGetOperand(in->i, 0), t, NULL);
  if (msl_int_bits(ty) == 1) msl_inst_put(in, " != 0)");
}

/* Statements (store, memcpy ...) are written directly as lines. */
static void emit_store(msl_inst *in) {
  LLVMValueRef v = LLVMGetOperand(in->i, 0);
  if (is_atomic_access(in)) {
    msl_emit_atomic_store(in);
    return;
  }
  const char *t = msl_memory_type(in, LLVMTypeOf(v));
  if (!t) {
    in->ok = 0;
    return;
  }
  if (msl_addrspace_of(in->f, LLVMGetOperand(in->i, 1)) == MSL_SPACE_GENERIC) {
    put_generic_access(in, 1, t, 1);
    return;
  }
  msl_inst_deref(in, LLVMGetOperand(in->i, 1), t, NULL);
  msl_inst_put(in, " = ");
  if (msl_int_bits(LLVMTypeOf(v)) == 1) msl_inst_put(in, "(uchar)");
  msl_inst_operand(in, 0);
}

static void emit_select(msl_inst *in) {
  msl_space s = LLVMGetTypeKind(LLVMTypeOf(in->i)) == LLVMPointerTypeKind
                    ? msl_addrspace_of(in->f, in->i)
                    : MSL_SPACE_NONE;
  msl_inst_put(in, "(");
  msl_inst_operand(in, 0);
  msl_inst_put(in, " ? ");
  msl_inst_operand_in(in, LLVMGetOperand(in->i, 1), s);
  msl_inst_put(in, " : ");
  msl_inst_operand_in(in, LLVMGetOperand(in->i, 2), s);
  msl_inst_put(in, ")");
}

/* Which instructions may touch double values: moving bits is fine. */
static int double_ok(LLVMValueRef i, LLVMOpcode opc) {
  if (opc == LLVMCall) {
    size_t len;
    LLVMValueRef callee = LLVMGetCalledValue(i);
    return LLVMIsAFunction(callee) && msl_call_only_moves(LLVMGetValueName2(callee, &len));
  }
  return opc == LLVMLoad || opc == LLVMStore || opc == LLVMPHI || opc == LLVMSelect ||
         opc == LLVMBitCast || opc == LLVMFreeze;
}

static int touches_double(LLVMValueRef i) {
  if (is_double(LLVMTypeOf(i))) return 1;
  for (int k = 0; k < LLVMGetNumOperands(i); k++)
    if (is_double(LLVMTypeOf(LLVMGetOperand(i, k)))) return 1;
  return 0;
}

static void emit_expression(msl_inst *in, LLVMOpcode opc) {
  LLVMTypeRef ty = LLVMTypeOf(in->i);
  switch (opc) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMUDiv:
  case LLVMURem:
  case LLVMSDiv:
  case LLVMSRem: emit_int_binop(in, opc, msl_int_bits(ty)); return;
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFRem: emit_fbinop(in, opc); return;
  case LLVMFNeg: msl_inst_put(in, "(-"), msl_inst_operand(in, 0), msl_inst_put(in, ")"); return;
  case LLVMICmp: emit_icmp(in); return;
  case LLVMFCmp: emit_fcmp(in); return;
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMFPToUI:
  case LLVMFPToSI:
  case LLVMUIToFP:
  case LLVMSIToFP:
  case LLVMFPTrunc:
  case LLVMFPExt: emit_cast(in, opc); return;
  case LLVMBitCast: emit_bitcast(in); return;
  case LLVMAddrSpaceCast:
  case LLVMFreeze: msl_inst_operand(in, 0); return;
  case LLVMPtrToInt:
    msl_inst_printf(in, "(%s)", msl_uint_name(msl_int_bits(ty))), msl_inst_operand(in, 0);
    return;
  case LLVMIntToPtr: msl_inst_put(in, "(ulong)"), msl_inst_operand(in, 0); return;
  case LLVMGetElementPtr: in->ok = in->ok && msl_put_gep(in->f, in->i, &in->e); return;
  case LLVMSelect: emit_select(in); return;
  case LLVMLoad: emit_load(in); return;
  case LLVMAlloca: /* bound to its thread array in the prologue */ return;
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg: /* emitted by msl_emit_atomic */ return;
  case LLVMFence: /* C++ fences (any order, any syncscope): a device-scope fence,
                   * which is at least as strong */
    msl_emit_fence(in, 1);
    return;
  case LLVMExtractElement:
  case LLVMInsertElement:
  case LLVMShuffleVector: msl_inst_unsupported(in, "vector operation"); return;
  case LLVMExtractValue: msl_emit_atomic_extract(in); return;
  case LLVMInsertValue: msl_inst_unsupported(in, "aggregate value operation"); return;
  default: msl_inst_unsupported(in, "this instruction"); return;
  }
}

/* Instructions without side effects: safe to drop when unused. Anything
 * else (atomics included) must reach emit_expression, which emits or
 * rejects it. */
static int is_pure(LLVMOpcode opc) {
  switch (opc) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFRem:
  case LLVMFNeg:
  case LLVMICmp:
  case LLVMFCmp:
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMFPToUI:
  case LLVMFPToSI:
  case LLVMUIToFP:
  case LLVMSIToFP:
  case LLVMFPTrunc:
  case LLVMFPExt:
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMGetElementPtr:
  case LLVMSelect:
  case LLVMFreeze: return 1;
  default: return 0; /* divisions may trap: kept, like loads and calls */
  }
}

/* Every use is in the C++ scope of the definition's block or a nested one
 * (a phi's use counts as being in the incoming block, whose edge copy is
 * emitted there): the variable can be declared where it is computed. */
static int declarable_where_computed(msl_func *f, LLVMValueRef v) {
  int def = ptrmap_get(&f->cfg.index, LLVMGetInstructionParent(v), -1);
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAPHINode(user)) {
      for (unsigned k = 0; k < LLVMCountIncoming(user); k++) {
        if (LLVMGetIncomingValue(user, k) != v) continue;
        int from = ptrmap_get(&f->cfg.index, LLVMGetIncomingBlock(user, k), -1);
        if (from < 0 || !msl_scope_encloses(&f->scopes, def, from)) return 0;
      }
    } else {
      int at = LLVMIsAInstruction(user)
                   ? ptrmap_get(&f->cfg.index, LLVMGetInstructionParent(user), -1)
                   : -1;
      if (at < 0 || !msl_scope_encloses(&f->scopes, def, at)) return 0;
    }
  }
  return def >= 0;
}

/* Used by something that is emitted (llvm.assume & co. are not). */
static int has_real_use(LLVMValueRef v) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsACallInst(user) || !LLVMIsAFunction(LLVMGetCalledValue(user))) return 1;
    size_t len;
    if (!msl_ignored_intrinsic(LLVMGetValueName2(LLVMGetCalledValue(user), &len))) return 1;
  }
  return 0;
}

static void declare(msl_func *f, LLVMValueRef v, const char *type, const char *suffix) {
  const char *init = strchr(type, '*') ? "nullptr" : "0";
  ptrmap_set(&f->text.declared, v, 1);
  strbuf_printf(&f->text.decls, "  %s v%d%s = %s;\n", type, msl_value_id(f, v), suffix, init);
}

static int emit_instruction(msl_func *f, LLVMValueRef i) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(i);
  msl_inst in = {f, i, {0}, 1};
  int soft_double = touches_double(i) && !double_ok(i, opc);
  if (opc == LLVMAtomicRMW || opc == LLVMAtomicCmpXchg ||
      (opc == LLVMCall && msl_is_atomic_call(i)))
    return msl_emit_atomic(f, i);
  if (opc == LLVMCall && msl_is_barrier_reduction(i)) return msl_emit_barrier_reduction(f, i);
  LLVMTypeRef ty = LLVMTypeOf(i);
  int has_value = LLVMGetTypeKind(ty) != LLVMVoidTypeKind && opc != LLVMAlloca;
  const char *type = NULL;
  if (has_value) {
    msl_space s =
        LLVMGetTypeKind(ty) == LLVMPointerTypeKind ? msl_addrspace_of(f, i) : MSL_SPACE_NONE;
    if (!(type = msl_value_type(f, i, ty, s))) return 0;
    /* Pure values nobody uses are dropped (and need no declaration). */
    if (!has_real_use(i) && is_pure(opc)) return 1;
  }
  if (soft_double)
    msl_emit_double(&in);
  else if (opc == LLVMStore)
    emit_store(&in);
  else if (opc == LLVMCall)
    msl_emit_call(&in);
  else
    emit_expression(&in, opc);
  if (in.ok && in.e.len) {
    if (has_value && declarable_where_computed(f, i)) {
      /* Declared where it is computed: every use is in the same C++ scope. */
      ptrmap_set(&f->text.declared, i, 1);
      msl_emit_line(f, "%s v%d = %s;", type, msl_value_id(f, i), in.e.data);
    } else if (has_value) {
      declare(f, i, type, "");
      msl_emit_line(f, "v%d = %s;", msl_value_id(f, i), in.e.data);
    } else {
      msl_emit_line(f, "%s;", in.e.data);
    }
  }
  strbuf_free(&in.e);
  return in.ok && !f->ctx->failed;
}

int msl_emit_block_code(msl_func *f, LLVMBasicBlockRef bb) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && i != term;
       i = LLVMGetNextInstruction(i)) {
    if (LLVMIsAPHINode(i)) {
      /* The phi reads the variable its incoming edge assigned. */
      int id = msl_value_id(f, i);
      msl_space s = LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMPointerTypeKind ? msl_addrspace_of(f, i)
                                                                          : MSL_SPACE_NONE;
      const char *type = msl_value_type(f, i, LLVMTypeOf(i), s);
      if (!type) return 0;
      declare(f, i, type, "_in");
      if (declarable_where_computed(f, i)) {
        ptrmap_set(&f->text.declared, i, 1);
        msl_emit_line(f, "%s v%d = v%d_in;", type, id, id);
      } else {
        declare(f, i, type, "");
        msl_emit_line(f, "v%d = v%d_in;", id, id);
      }
      continue;
    }
    if (!emit_instruction(f, i)) return 0;
  }
  if (LLVMIsAReturnInst(term) || LLVMIsABranchInst(term)) return 1;
  if (LLVMIsAUnreachableInst(term)) return 1; /* undefined behaviour in CUDA: emitted as return */
  return msl_error(f->ctx, term, "this terminator " NOT_SUPPORTED);
}

int msl_emit_phi_copies(msl_func *f, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(to); i && LLVMIsAPHINode(i);
       i = LLVMGetNextInstruction(i)) {
    for (unsigned k = 0; k < LLVMCountIncoming(i); k++) {
      if (LLVMGetIncomingBlock(i, k) != from) continue;
      strbuf e = {0};
      msl_space s = LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMPointerTypeKind ? msl_addrspace_of(f, i)
                                                                          : MSL_SPACE_NONE;
      if (!msl_put_operand(f, LLVMGetIncomingValue(i, k), &e, s)) {
        strbuf_free(&e);
        return 0;
      }
      msl_emit_line(f, "v%d_in = %s;", msl_value_id(f, i), e.data);
      strbuf_free(&e);
      break; /* a phi may list the same predecessor twice */
    }
  }
  return 1;
}
