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
 * kernel, so structured emission never fights C++ scoping.
 *
 * Every instruction goes through one table, `rows` (opcode -> msl_row), or
 * for calls intrinsics.c's msl_call_row: its template or builder, whether it
 * is pure, whether it may touch doubles, its i1 variant. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

/* icmp: one template per predicate (signed ones compare %s operands);
 * pointers compare in one space (addrspace.c), a null side taking the
 * other's. */
static void emit_icmp(msl_inst *in) {
  static const char *const text[] = {
      [LLVMIntEQ] = "(%0 == %1)",   [LLVMIntNE] = "(%0 != %1)",    [LLVMIntUGT] = "(%0 > %1)",
      [LLVMIntUGE] = "(%0 >= %1)",  [LLVMIntULT] = "(%0 < %1)",    [LLVMIntULE] = "(%0 <= %1)",
      [LLVMIntSGT] = "(%s0 > %s1)", [LLVMIntSGE] = "(%s0 >= %s1)", [LLVMIntSLT] = "(%s0 < %s1)",
      [LLVMIntSLE] = "(%s0 <= %s1)"};
  /* pointers: both operands in the space they are compared in (%H) */
  static const char *const pointer_text[] = {
      [LLVMIntEQ] = "(%H0 == %H1)",  [LLVMIntNE] = "(%H0 != %H1)",  [LLVMIntUGT] = "(%H0 > %H1)",
      [LLVMIntUGE] = "(%H0 >= %H1)", [LLVMIntULT] = "(%H0 < %H1)",  [LLVMIntULE] = "(%H0 <= %H1)",
      [LLVMIntSGT] = "(%H0 > %H1)",  [LLVMIntSGE] = "(%H0 >= %H1)", [LLVMIntSLT] = "(%H0 < %H1)",
      [LLVMIntSLE] = "(%H0 <= %H1)"};
  LLVMIntPredicate p = LLVMGetICmpPredicate(in->i);
  assert(p >= LLVMIntEQ && p <= LLVMIntSLE);
  LLVMValueRef a = LLVMGetOperand(in->i, 0), b = LLVMGetOperand(in->i, 1);
  if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMPointerTypeKind) {
    msl_inst_template(in, text[p]);
    return;
  }
  msl_space s = msl_addrspace_of(in->f, a), sb = msl_addrspace_of(in->f, b);
  if (s == MSL_SPACE_NONE)
    s = sb;
  else if (sb != MSL_SPACE_NONE && sb != s)
    s = MSL_SPACE_GENERIC; /* compare both as generic pointers */
  in->space = s;
  msl_inst_template(in, pointer_text[p]);
}

/* fcmp: ordered predicates are false on NaN, unordered ones true; C++'s
 * comparisons are the ordered ones except !=, which is unordered. */
static void emit_fcmp(msl_inst *in) {
  static const char *const text[] = {[LLVMRealPredicateFalse] = "false",
                                     [LLVMRealOEQ] = "(%0 == %1)",
                                     [LLVMRealOGT] = "(%0 > %1)",
                                     [LLVMRealOGE] = "(%0 >= %1)",
                                     [LLVMRealOLT] = "(%0 < %1)",
                                     [LLVMRealOLE] = "(%0 <= %1)",
                                     [LLVMRealONE] = "(%0 < %1 || %0 > %1)",
                                     [LLVMRealORD] = "(!isnan(%0) && !isnan(%1))",
                                     [LLVMRealUNO] = "(isnan(%0) || isnan(%1))",
                                     [LLVMRealUEQ] = "(!(%0 < %1 || %0 > %1))",
                                     [LLVMRealUGT] = "(!(%0 <= %1))",
                                     [LLVMRealUGE] = "(!(%0 < %1))",
                                     [LLVMRealULT] = "(!(%0 >= %1))",
                                     [LLVMRealULE] = "(!(%0 > %1))",
                                     [LLVMRealUNE] = "(%0 != %1)",
                                     [LLVMRealPredicateTrue] = "true"};
  LLVMRealPredicate p = LLVMGetFCmpPredicate(in->i);
  assert(p <= LLVMRealPredicateTrue && text[p]);
  msl_inst_template(in, text[p]);
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
  msl_inst_template_args(in, "as_type<%a0>(%0)", (const char *const[]){t});
}

/* Access through a generic pointer (operand k, as %H with in->space
 * GENERIC): one case per space it may point into, testing the tag; the
 * lvalue from the space's base (the device case adds the delta to the
 * address). %a0 "volatile " or "", %a1 the access type, %a2 "(uchar)" for
 * storing an i1. A load is a chain of ?: (the last case untested), a store
 * a chain of if / else if. */
#define GENERIC_LVALUE(Q, ADDR) "*reinterpret_cast<%a0" Q " %a1*>(" ADDR ")"
#define GENERIC_OFFSET(K) "(%H" K " & 0xFFFFFFFFFFFFFFul)"
#define GENERIC_SPACE(TAG, Q, ADDR0, ADDR1)                                                        \
  {"(%H0 >> 56) == " TAG " ? " GENERIC_LVALUE(Q, ADDR0) " : ", GENERIC_LVALUE(Q, ADDR0),           \
   "if ((%H1 >> 56) == " TAG ") { " GENERIC_LVALUE(Q, ADDR1) " = %a2%0; }"}
static const struct {
  const char *load, *load_last, *store;
} generic_access[] = {
    [MSL_SPACE_DEVICE] = GENERIC_SPACE("0", "device", "%H0 + " MSL_DELTA, "%H1 + " MSL_DELTA),
    [MSL_SPACE_PRIVATE] =
        GENERIC_SPACE("1", "thread", "(thread uchar*)anchor_priv + " GENERIC_OFFSET("0"),
                      "(thread uchar*)anchor_priv + " GENERIC_OFFSET("1")),
    [MSL_SPACE_PARAM] = GENERIC_SPACE("2", "constant", "anchor_params + " GENERIC_OFFSET("0"),
                                      "anchor_params + " GENERIC_OFFSET("1")),
    [MSL_SPACE_SHARED] =
        GENERIC_SPACE("3", "threadgroup", "(threadgroup uchar*)anchor_smem + " GENERIC_OFFSET("0"),
                      "(threadgroup uchar*)anchor_smem + " GENERIC_OFFSET("1")),
    [MSL_SPACE_DYN_SHARED] =
        GENERIC_SPACE("4", "threadgroup", "anchor_dyn_smem + " GENERIC_OFFSET("0"),
                      "anchor_dyn_smem + " GENERIC_OFFSET("1"))};
#undef GENERIC_SPACE
#undef GENERIC_OFFSET
#undef GENERIC_LVALUE

/* The cases of the access into `out` (a load's, without its brackets). */
static void put_generic_access(msl_inst *in, const char *type, int store, strbuf *out) {
  unsigned mask = msl_addrspace_mask(in->f, LLVMGetOperand(in->i, store ? 1 : 0));
  int i1_store = store && msl_int_bits(LLVMTypeOf(LLVMGetOperand(in->i, 0))) == 1;
  const char *const args[] = {LLVMGetVolatile(in->i) ? "volatile " : "", type,
                              i1_store ? "(uchar)" : ""};
  msl_inst x = {in->f, in->i, {0}, in->ok, MSL_SPACE_GENERIC, in->element_wise, in->element};
  for (int s = MSL_SPACE_DEVICE, n = 0; s <= MSL_SPACE_DYN_SHARED; s++) {
    if (!(mask & (1u << s))) continue;
    if (store && n++) msl_inst_template(&x, " else ");
    msl_inst_template_args(&x,
                           store             ? generic_access[s].store
                           : mask >> (s + 1) ? generic_access[s].load
                                             : generic_access[s].load_last,
                           args);
  }
  in->ok = x.ok;
  strbuf_put(out, x.e.data ? x.e.data : "");
  strbuf_free(&x.e);
}

/* The access of type t (its MSL name) at the pointer (%Q/%D) or, through a
 * generic pointer, one case per space; an i1 is a byte in memory. */
static void emit_typed_access(msl_inst *in, const char *t, int store, int i1) {
  static const char *const text[2][2][2] = {
      /* [store][generic][i1] */
      {{"*reinterpret_cast<%Q0 %a0*>(%0%D0)", "(*reinterpret_cast<%Q0 %a0*>(%0%D0) != 0)"},
       {"(%a1)", "((%a1) != 0)"}},
      {{"*reinterpret_cast<%Q1 %a0*>(%1%D1) = %0",
        "*reinterpret_cast<%Q1 %a0*>(%1%D1) = (uchar)%0"},
       {"%a1", "%a1"}}};
  int generic = msl_addrspace_of(in->f, LLVMGetOperand(in->i, store ? 1 : 0)) == MSL_SPACE_GENERIC;
  strbuf cases = {0};
  if (generic) put_generic_access(in, t, store, &cases);
  msl_inst_template_args(in, text[store][generic][i1],
                         (const char *const[]){t, cases.data ? cases.data : ""});
  strbuf_free(&cases);
}

/* A vector access (pipeline_vectorize's) is one MSL vector access in device and
 * threadgroup memory, whose alignment the IR proved (Anchor's device addresses keep
 * the CUDA alignment: the delta is a multiple of the page size; anchor_smem is
 * 16-byte aligned). Private memory (anchor_priv is a ulong array), the parameter
 * block (a constant buffer whose base alignment Metal leaves open) and generic
 * pointers, which may point into either, have it element by element:
 * `float4(e0, e1, e2, e3)` for a load, one store per element. */
static void emit_vector_access(msl_inst *in, const char *t, int store) {
  msl_space s = msl_addrspace_of(in->f, LLVMGetOperand(in->i, store ? 1 : 0));
  if (s == MSL_SPACE_NONE || s == MSL_SPACE_DEVICE || s == MSL_SPACE_SHARED ||
      s == MSL_SPACE_DYN_SHARED) {
    emit_typed_access(in, t, store, 0);
    return;
  }
  LLVMTypeRef vector = LLVMTypeOf(store ? LLVMGetOperand(in->i, 0) : in->i);
  const char *element = msl_memory_type(in, LLVMGetElementType(vector));
  if (!element) {
    in->ok = 0;
    return;
  }
  if (!store) msl_inst_template_args(in, "%a0(", (const char *const[]){t});
  for (unsigned k = 0; k < LLVMGetVectorSize(vector); k++) {
    msl_inst part = {in->f, in->i, {0}, in->ok, in->space, 1, k};
    emit_typed_access(&part, element, store, 0);
    in->ok = part.ok;
    if (k) msl_inst_put(in, store ? "; " : ", ");
    msl_inst_put(in, part.e.data ? part.e.data : "");
    strbuf_free(&part.e);
  }
  if (!store) msl_inst_put(in, ")");
}

/* load and store: see emit_typed_access and emit_vector_access. */
static void emit_access(msl_inst *in, int store) {
  LLVMValueRef v = store ? LLVMGetOperand(in->i, 0) : in->i;
  int i1 = msl_int_bits(LLVMTypeOf(v)) == 1;
  if (LLVMGetOrdering(in->i) != LLVMAtomicOrderingNotAtomic) {
    store ? msl_emit_atomic_store(in) : msl_emit_atomic_load(in);
    return;
  }
  const char *t = msl_memory_type(in, LLVMTypeOf(v));
  if (!t) {
    in->ok = 0;
    return;
  }
  if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind)
    emit_vector_access(in, t, store);
  else
    emit_typed_access(in, t, store, i1);
}

static void emit_load(msl_inst *in) {
  emit_access(in, 0);
}

static void emit_store(msl_inst *in) {
  emit_access(in, 1);
}

/* A pointer select has both values in its result's space (%H). */
static void emit_select(msl_inst *in) {
  if (LLVMGetTypeKind(LLVMTypeOf(in->i)) == LLVMPointerTypeKind)
    in->space = msl_addrspace_of(in->f, in->i);
  msl_inst_template(in, "(%0 ? %H1 : %H2)");
}

static void emit_gep(msl_inst *in) {
  in->ok = in->ok && msl_put_gep(in->f, in->i, &in->e);
}

/* extractelement of a constant index: the component (`v3.y`). */
static void emit_extractelement(msl_inst *in) {
  LLVMValueRef index = LLVMGetOperand(in->i, 1);
  if (!LLVMIsAConstantInt(index) || LLVMConstIntGetZExtValue(index) > 3) {
    msl_inst_unsupported(in, "vector element at a run-time index");
    return;
  }
  static const char *const component[] = {"x", "y", "z", "w"};
  msl_inst_template_args(in, "%0.%a0",
                         (const char *const[]){component[LLVMConstIntGetZExtValue(index)]});
}

/* An insertelement whose only use is the next insertelement of a chain: that
 * one spells the whole vector (emit_insertelement), so this one has no code. */
static int feeds_insert_chain(LLVMValueRef i) {
  LLVMUseRef u = LLVMGetFirstUse(i);
  if (!u || LLVMGetNextUse(u)) return 0;
  LLVMValueRef user = LLVMGetUser(u);
  return LLVMIsAInsertElementInst(user) && LLVMGetOperand(user, 0) == i &&
         LLVMIsAConstantInt(LLVMGetOperand(user, 2));
}

/* The vector X when the insertelement chain ending in i (each feeding only the
 * next) sets every element k to `extractelement X, k`, X of i's type (the
 * vectorizer's copy of a loaded vector to a store); else NULL. */
static LLVMValueRef copied_vector(LLVMValueRef i) {
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(i)), seen = 0;
  LLVMValueRef whole = NULL;
  for (LLVMValueRef v = i; LLVMIsAInsertElementInst(v) && (v == i || feeds_insert_chain(v));
       v = LLVMGetOperand(v, 0)) {
    LLVMValueRef index = LLVMGetOperand(v, 2), x = LLVMGetOperand(v, 1);
    if (!LLVMIsAConstantInt(index) || !LLVMIsAExtractElementInst(x)) return NULL;
    unsigned k = (unsigned)LLVMConstIntGetZExtValue(index);
    LLVMValueRef from = LLVMGetOperand(x, 0), at = LLVMGetOperand(x, 1);
    if (k >= n || (seen & (1u << k))) return NULL;
    if (!LLVMIsAConstantInt(at) || LLVMConstIntGetZExtValue(at) != k) return NULL;
    if (LLVMTypeOf(from) != LLVMTypeOf(i) || (whole && whole != from)) return NULL;
    whole = from;
    seen |= 1u << k;
  }
  return seen == (1u << n) - 1 ? whole : NULL;
}

/* insertelement of constant indices: the vector built whole from the chain of
 * insertelements that feed only it, `float4(v1, v2, v3.z, 0.0f)` (the chain's
 * base, where no insertelement sets an element, gives it; a poison base zero). */
static void emit_insertelement(msl_inst *in) {
  LLVMTypeRef type = LLVMTypeOf(in->i);
  unsigned n = LLVMGetVectorSize(type);
  LLVMValueRef whole = copied_vector(in->i);
  if (whole) { /* the elements of one vector of this type, in order: that vector */
    in->ok = in->ok && msl_put_operand(in->f, whole, &in->e, MSL_SPACE_NONE);
    return;
  }
  msl_inst_template(in, "%T(");
  for (unsigned k = 0; in->ok && k < n; k++) {
    LLVMValueRef v = in->i, value = NULL;
    while (!value && LLVMIsAInsertElementInst(v) && (v == in->i || feeds_insert_chain(v))) {
      LLVMValueRef index = LLVMGetOperand(v, 2);
      if (!LLVMIsAConstantInt(index)) {
        msl_inst_unsupported(in, "vector element at a run-time index");
        return;
      }
      if (LLVMConstIntGetZExtValue(index) == k) value = LLVMGetOperand(v, 1);
      v = LLVMGetOperand(v, 0);
    }
    if (k) msl_inst_put(in, ", ");
    if (value)
      in->ok = in->ok && msl_put_operand(in->f, value, &in->e, MSL_SPACE_NONE);
    else if (LLVMIsUndef(v) || LLVMIsPoison(v))
      in->ok = in->ok && msl_put_operand(in->f, LLVMGetUndef(LLVMGetElementType(type)), &in->e,
                                         MSL_SPACE_NONE);
    else {
      in->ok = in->ok && msl_put_operand(in->f, v, &in->e, MSL_SPACE_NONE);
      msl_inst_put(in, (const char *const[]){".x", ".y", ".z", ".w"}[k]);
    }
  }
  msl_inst_put(in, ")");
}

static void emit_extractvalue(msl_inst *in) {
  msl_emit_atomic_extract(in);
}

/* ---- the table --------------------------------------------------------- */

#define P MSL_ROW_PURE
#define D MSL_ROW_DOUBLE_OK
/* integer arithmetic in the wide type, truncated to the result's; on i1
 * (bool) the logical operation */
#define INT(op, bool_text) {"(%T)((%W)%0 " op " (%W)%1)", bool_text, NULL, NULL, P, 0}
#define NO_I1 MSL_UNSUPPORTED "shift or division of i1"

static const msl_row rows[] = {
    [LLVMAdd] = INT("+", "(%0 != %1)"),
    [LLVMSub] = INT("-", "(%0 != %1)"),
    [LLVMMul] = INT("*", "(%0 & %1)"),
    [LLVMAnd] = INT("&", "(%0 & %1)"),
    [LLVMOr] = INT("|", "(%0 | %1)"),
    [LLVMXor] = INT("^", "(%0 != %1)"),
    [LLVMShl] = INT("<<", NO_I1),
    [LLVMLShr] = INT(">>", NO_I1),
    [LLVMAShr] = {"(%T)(%s0 >> %1)", NO_I1, NULL, NULL, P, 0},
    /* divisions may trap: kept when unused, like loads and calls */
    [LLVMUDiv] = {"(%T)((%W)%0 / (%W)%1)", NO_I1, NULL, NULL, 0, 0},
    [LLVMURem] = {"(%T)((%W)%0 %% (%W)%1)", NO_I1, NULL, NULL, 0, 0},
    [LLVMSDiv] = {"(%T)(%s0 / %s1)", NO_I1, NULL, NULL, 0, 0},
    [LLVMSRem] = {"(%T)(%s0 %% %s1)", NO_I1, NULL, NULL, 0, 0},
    [LLVMFAdd] = {"(%0 + %1)", NULL, NULL, NULL, P, 0},
    [LLVMFSub] = {"(%0 - %1)", NULL, NULL, NULL, P, 0},
    [LLVMFMul] = {"(%0 * %1)", NULL, NULL, NULL, P, 0},
    /* lower_div.c turns every float and half division into the device library's
     * (Metal's `/` is not correctly rounded): one left here is a bug, never MSL */
    [LLVMFDiv] = {MSL_UNSUPPORTED "floating-point division left by lower_div", NULL, NULL, NULL, P,
                  0},
    [LLVMFRem] = {"fmod(%0, %1)", NULL, NULL, NULL, P, 0},
    [LLVMFNeg] = {"(-%0)", NULL, NULL, NULL, P, 0},
    [LLVMICmp] = {NULL, NULL, emit_icmp, NULL, P, 0},
    [LLVMFCmp] = {NULL, NULL, emit_fcmp, NULL, P, 0},
    [LLVMTrunc] = {"(%T)%0", "((%0 & 1) != 0)", NULL, NULL, P, 0},
    [LLVMZExt] = {"(%T)%0", NULL, NULL, NULL, P, 0},
    /* sign extension of a bool: 0 or all ones */
    [LLVMSExt] = {"(%T)(%S)%s0", "(%T)(0u - (%W)%0)", NULL, NULL, P | MSL_ROW_I1_OPERAND, 0},
    [LLVMFPToUI] = {"(%T)%0", "(%0 != 0)", NULL, NULL, P, 0},
    [LLVMFPToSI] = {"(%T)(%S)%0", "(%0 != 0)", NULL, NULL, P, 0},
    [LLVMUIToFP] = {"(%T)%0", NULL, NULL, NULL, P, 0},
    [LLVMSIToFP] = {"(%T)%s0", NULL, NULL, NULL, P, 0},
    [LLVMFPTrunc] = {"(%T)%0", NULL, NULL, NULL, P, 0},
    [LLVMFPExt] = {"(%T)%0", NULL, NULL, NULL, P, 0},
    [LLVMBitCast] = {NULL, NULL, emit_bitcast, NULL, P | D, 0},
    [LLVMAddrSpaceCast] = {"%0", NULL, NULL, NULL, P, 0},
    [LLVMFreeze] = {"%0", NULL, NULL, NULL, P | D, 0},
    [LLVMPtrToInt] = {"(%T)%0", NULL, NULL, NULL, P, 0},
    [LLVMIntToPtr] = {"(ulong)%0", NULL, NULL, NULL, P, 0},
    [LLVMGetElementPtr] = {NULL, NULL, emit_gep, NULL, P, 0},
    [LLVMSelect] = {NULL, NULL, emit_select, NULL, P | D, 0},
    [LLVMLoad] = {NULL, NULL, emit_load, NULL, D, 0},
    [LLVMStore] = {NULL, NULL, emit_store, NULL, D, 0},
    [LLVMPHI] = {NULL, NULL, NULL, NULL, D, 0},                  /* msl_emit_block_code */
    [LLVMAlloca] = {NULL, NULL, NULL, NULL, MSL_ROW_NO_CODE, 0}, /* bound in the prologue */
    [LLVMAtomicRMW] = {NULL, NULL, NULL, msl_emit_atomic, 0, 0},
    [LLVMAtomicCmpXchg] = {NULL, NULL, NULL, msl_emit_atomic, 0, 0},
    /* C++ fences (any order, any syncscope): a device-scope fence, which is
     * at least as strong */
    [LLVMFence] = {"anchor_threadfence()", NULL, NULL, NULL, 0, MSL_PRELUDE_FENCE},
    [LLVMExtractElement] = {NULL, NULL, emit_extractelement, NULL, P | D, 0},
    [LLVMInsertElement] = {NULL, NULL, emit_insertelement, NULL, P | D, 0},
    [LLVMShuffleVector] = {MSL_UNSUPPORTED "vector operation", NULL, NULL, NULL, 0, 0},
    [LLVMExtractValue] = {NULL, NULL, emit_extractvalue, NULL, 0, 0},
    [LLVMInsertValue] = {MSL_UNSUPPORTED "aggregate value operation", NULL, NULL, NULL, 0, 0},
};
static const msl_row unsupported = {MSL_UNSUPPORTED "this instruction", NULL, NULL, NULL, 0, 0};

/* A call without a row: the error names it. */
static void emit_unknown_call(msl_inst *in) {
  size_t len;
  const char *name = LLVMGetValueName2(LLVMGetCalledValue(in->i), &len);
  in->ok = 0;
  diag_error(in->f->ctx, in->i, "%s '%s' " NOT_SUPPORTED,
             strncmp(name, "llvm.nvvm.", 10) ? "LLVM intrinsic" : "CUDA intrinsic", name);
}
static const msl_row unknown_call = {NULL, NULL, emit_unknown_call, NULL, 0, 0};

#undef P
#undef D

/* The row of instruction i (never NULL). */
static const msl_row *row_of(LLVMValueRef i) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(i);
  if (opc == LLVMCall) {
    const msl_row *r = msl_call_row(i);
    return r ? r : &unknown_call;
  }
  if ((size_t)opc < sizeof rows / sizeof *rows &&
      (rows[opc].text || rows[opc].emit || rows[opc].lines || rows[opc].flags))
    return &rows[opc];
  return &unsupported;
}

/* The expression (or statement) of row r for in. */
static void emit_row(msl_inst *in, const msl_row *r) {
  const char *text = r->text;
  LLVMValueRef typed = r->flags & MSL_ROW_I1_OPERAND ? LLVMGetOperand(in->i, 0) : in->i;
  if (r->text_i1 && msl_int_bits(LLVMTypeOf(typed)) == 1) text = r->text_i1;
  if (r->flags & MSL_ROW_WARP_MASK) {
    LLVMValueRef mask = LLVMGetOperand(in->i, 0);
    if (LLVMIsAConstantInt(mask) && (LLVMConstIntGetZExtValue(mask) & 0xFFFFFFFFu) == 0) {
      msl_inst_unsupported(in, "warp operation with the empty member mask 0 (it names no lane, "
                               "not even the caller's)");
      return;
    }
  }
  in->f->ctx->preludes |= r->uses;
  if (text && text[0] == MSL_UNSUPPORTED[0])
    msl_inst_unsupported(in, text + 1);
  else if (text)
    msl_inst_template(in, text);
  else if (r->emit)
    r->emit(in);
}

/* Used by something that is emitted (llvm.assume & co. are not). */
static int has_real_use(LLVMValueRef v) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsACallInst(user) || !LLVMIsAFunction(LLVMGetCalledValue(user))) return 1;
    const msl_row *r = msl_call_row(user);
    if (!r || !(r->flags & MSL_ROW_NO_CODE)) return 1;
  }
  return 0;
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

static void declare(msl_func *f, LLVMValueRef v, const char *type, const char *suffix) {
  strbuf init = {0};
  if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind)
    msl_put_vector_zero(&init, LLVMTypeOf(v));
  else
    strbuf_put(&init, strchr(type, '*') ? "nullptr" : "0");
  ptrmap_set(&f->text.declared, v, 1);
  strbuf_printf(&f->text.decls, "  %s v%d%s = %s;\n", type, msl_value_id(f, v), suffix, init.data);
  strbuf_free(&init);
}

static int emit_instruction(msl_func *f, LLVMValueRef i) {
  assert(!LLVMIsAPHINode(i) && !LLVMIsATerminatorInst(i)); /* the structurizer's */
  const msl_row *r = row_of(i);
  if (r->lines) return r->lines(f, i);
  if (r->flags & MSL_ROW_NO_CODE) return 1;
  if (LLVMIsAInsertElementInst(i) && feeds_insert_chain(i)) return 1;
  msl_inst in = {f, i, {0}, 1, MSL_SPACE_NONE, 0, 0};
  LLVMTypeRef ty = LLVMTypeOf(i);
  int has_value = LLVMGetTypeKind(ty) != LLVMVoidTypeKind;
  const char *type = NULL;
  if (has_value) {
    msl_space s =
        LLVMGetTypeKind(ty) == LLVMPointerTypeKind ? msl_addrspace_of(f, i) : MSL_SPACE_NONE;
    if (!(type = msl_value_type(f, i, ty, s))) return 0;
    /* Pure values nobody uses are dropped (and need no declaration). */
    if (!has_real_use(i) && (r->flags & MSL_ROW_PURE)) return 1;
  }
  if (ir_touches_double(i) && !(r->flags & MSL_ROW_DOUBLE_OK))
    msl_double_unsupported(&in); /* lower_fp64.c rewrote all it can */
  else
    emit_row(&in, r);
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
    f->ctx->diag_at = i; /* where an error about an operand points */
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
  f->ctx->diag_at = term; /* its condition and phi copies come next */
  if (LLVMIsAReturnInst(term) || LLVMIsABranchInst(term)) return 1;
  if (LLVMIsAUnreachableInst(term)) return 1; /* undefined behaviour in CUDA: emitted as return */
  return diag_error(f->ctx, term, "this terminator " NOT_SUPPORTED);
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
