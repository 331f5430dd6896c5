/* atomics.c — CUDA's atomics (atomicrmw, cmpxchg, atomic load/store) as MSL
 * atomics on device and threadgroup memory.
 *
 * MSL 3.1 has 32-bit atomic_int/atomic_uint with relaxed ordering only, so:
 *   - 32-bit integer add/sub/and/or/xor/min/max/exchange map to the
 *     atomic_fetch_*_explicit functions;
 *   - float add/sub/min/max, nand and CUDA's atomicInc/atomicDec (uinc_wrap,
 *     udec_wrap) are compare-and-swap loops on the 32-bit word;
 *   - cmpxchg is a loop around atomic_compare_exchange_weak_explicit that
 *     retries only spurious failures (LLVM's cmpxchg is strong);
 *   - 64-bit (and 8/16-bit) atomics, orderings stronger than relaxed and
 *     atomics on private or parameter memory are errors. CUDA's atomic*
 *     functions are relaxed, which is what LLVM calls monotonic. */
#include <assert.h>
#include <string.h>

#include "msl_internal.h"

static int check(msl_inst *in, LLVMValueRef ptr, LLVMTypeRef ty, LLVMAtomicOrdering order) {
  if (order != LLVMAtomicOrderingMonotonic && order != LLVMAtomicOrderingUnordered)
    return msl_inst_unsupported(in, "atomic operation with an ordering stronger than relaxed "
                                    "(acquire, release or seq_cst)");
  LLVMTypeKind kind = LLVMGetTypeKind(ty);
  if (!(kind == LLVMFloatTypeKind || (kind == LLVMIntegerTypeKind && msl_int_bits(ty) == 32)))
    return msl_inst_unsupported(in, msl_int_bits(ty) == 64 || kind == LLVMDoubleTypeKind ||
                                            kind == LLVMPointerTypeKind
                                        ? "64-bit atomic operation"
                                        : "atomic operation on this type");
  msl_space s = msl_addrspace_of(in->f, ptr);
  if (s == MSL_SPACE_GENERIC)
    return msl_inst_unsupported(in, "atomic operation through a pointer that may point into "
                                    "several address spaces");
  if (s != MSL_SPACE_DEVICE && s != MSL_SPACE_SHARED && s != MSL_SPACE_DYN_SHARED &&
      s != MSL_SPACE_NONE)
    return msl_inst_unsupported(in, "atomic operation on private or parameter memory");
  return 1;
}

/* reinterpret_cast<space atomic_T*>(p [+ delta]) for operand k. */
static void put_atomic_pointer(msl_inst *in, unsigned k, const char *atomic_type) {
  LLVMValueRef p = LLVMGetOperand(in->i, k);
  msl_space space = msl_addrspace_of(in->f, p);
  int shared = space == MSL_SPACE_SHARED || space == MSL_SPACE_DYN_SHARED;
  msl_inst_printf(in, "reinterpret_cast<%s %s*>(", shared ? "threadgroup" : "device", atomic_type);
  msl_inst_operand(in, k);
  msl_inst_put(in, shared ? ")" : " + " MSL_DELTA ")");
}

static int is_float(LLVMValueRef v) {
  return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMFloatTypeKind;
}

/* The value operand k as the 32-bit word the atomic works on. */
static void put_word(msl_inst *in, unsigned k, const char *type) {
  LLVMValueRef v = LLVMGetOperand(in->i, k);
  if (is_float(v)) {
    msl_inst_put(in, "as_type<uint>("), msl_inst_operand(in, k), msl_inst_put(in, ")");
  } else {
    msl_inst_printf(in, "(%s)", type);
    msl_inst_operand(in, k);
  }
}

static void flush(msl_inst *in) {
  msl_emit_line(in->f, "%s", in->e.data);
  in->e.len = 0;
  in->e.data[0] = 0;
}

/* CAS loop computing the new word from anchor_o (the old one). */
static void emit_cas_loop(msl_inst *in, int id, const char *new_word, int float_result) {
  msl_func *f = in->f;
  msl_emit_line(f, "{");
  f->text.indent++;
  msl_inst_put(in, "");
  LLVMValueRef p = LLVMGetOperand(in->i, 0);
  msl_space space = msl_addrspace_of(f, p);
  int shared = space == MSL_SPACE_SHARED || space == MSL_SPACE_DYN_SHARED;
  msl_inst_printf(in, "%s atomic_uint *anchor_a = ", shared ? "threadgroup" : "device");
  put_atomic_pointer(in, 0, "atomic_uint");
  msl_inst_put(in, ";");
  flush(in);
  msl_emit_line(f, "uint anchor_o = atomic_load_explicit(anchor_a, memory_order_relaxed);");
  msl_emit_line(f,
                "while (!atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, %s, "
                "memory_order_relaxed, memory_order_relaxed)) {}",
                new_word);
  msl_emit_line(f, float_result ? "v%d = as_type<float>(anchor_o);" : "v%d = anchor_o;", id);
  f->text.indent--;
  msl_emit_line(f, "}");
}

static int emit_rmw(msl_inst *in, int id, LLVMAtomicRMWBinOp op) {
  static const char *const direct[] = {
      [LLVMAtomicRMWBinOpXchg] = "exchange",  [LLVMAtomicRMWBinOpAdd] = "fetch_add",
      [LLVMAtomicRMWBinOpSub] = "fetch_sub",  [LLVMAtomicRMWBinOpAnd] = "fetch_and",
      [LLVMAtomicRMWBinOpOr] = "fetch_or",    [LLVMAtomicRMWBinOpXor] = "fetch_xor",
      [LLVMAtomicRMWBinOpMax] = "fetch_max",  [LLVMAtomicRMWBinOpMin] = "fetch_min",
      [LLVMAtomicRMWBinOpUMax] = "fetch_max", [LLVMAtomicRMWBinOpUMin] = "fetch_min"};
  int is_signed = op == LLVMAtomicRMWBinOpMax || op == LLVMAtomicRMWBinOpMin;
  int value_float = is_float(LLVMGetOperand(in->i, 1));
  if (op <= LLVMAtomicRMWBinOpUMin && direct[op] &&
      (!value_float || op == LLVMAtomicRMWBinOpXchg)) {
    msl_inst_printf(in, "v%d = ", id);
    msl_inst_printf(in, value_float ? "as_type<float>(" : "(uint)(");
    msl_inst_printf(in, "atomic_%s_explicit(", direct[op]);
    put_atomic_pointer(in, 0, is_signed ? "atomic_int" : "atomic_uint");
    msl_inst_put(in, ", ");
    put_word(in, 1, is_signed ? "int" : "uint");
    msl_inst_put(in, ", memory_order_relaxed));");
    flush(in);
    return 1;
  }
  /* Everything else: a CAS loop. The value operand is read as an expression. */
  strbuf v = {0};
  msl_inst value = {in->f, in->i, {0}, 1};
  msl_inst_operand(&value, 1);
  const char *x = value.e.data;
  const char *fop = op == LLVMAtomicRMWBinOpFAdd ? "+" : op == LLVMAtomicRMWBinOpFSub ? "-" : NULL;
  if (fop)
    strbuf_printf(&v, "as_type<uint>(as_type<float>(anchor_o) %s %s)", fop, x);
  else if (op == LLVMAtomicRMWBinOpFMax || op == LLVMAtomicRMWBinOpFMin)
    strbuf_printf(&v, "as_type<uint>(%s(as_type<float>(anchor_o), %s))",
                  op == LLVMAtomicRMWBinOpFMax ? "fmax" : "fmin", x);
  else if (op == LLVMAtomicRMWBinOpNand && !value_float)
    strbuf_printf(&v, "~(anchor_o & %s)", x);
  else if (op == LLVMAtomicRMWBinOpUIncWrap && !value_float)
    strbuf_printf(&v, "(anchor_o >= %s ? 0u : anchor_o + 1u)", x);
  else if (op == LLVMAtomicRMWBinOpUDecWrap && !value_float)
    strbuf_printf(&v, "((anchor_o == 0u || anchor_o > %s) ? %s : anchor_o - 1u)", x, x);
  int ok = value.ok && v.len;
  if (ok)
    emit_cas_loop(in, id, v.data, value_float);
  else if (value.ok)
    msl_inst_unsupported(in, "this atomic read-modify-write operation");
  strbuf_free(&v);
  strbuf_free(&value.e);
  return ok;
}

/* {old, success} = cmpxchg p, cmp, new: `vN` holds old; extractvalue 1 is
 * (vN == cmp) (msl_emit_atomic_extract). */
static int emit_cmpxchg(msl_inst *in, int id) {
  msl_func *f = in->f;
  if (LLVMIsAAtomicCmpXchgInst(in->i) &&
      LLVMGetCmpXchgFailureOrdering(in->i) != LLVMAtomicOrderingMonotonic)
    return msl_inst_unsupported(in, "atomic compare-and-swap with an ordering stronger than "
                                    "relaxed");
  msl_emit_line(f, "{");
  f->text.indent++;
  LLVMValueRef p = LLVMGetOperand(in->i, 0);
  msl_space space = msl_addrspace_of(f, p);
  int shared = space == MSL_SPACE_SHARED || space == MSL_SPACE_DYN_SHARED;
  msl_inst_printf(in, "%s atomic_uint *anchor_a = ", shared ? "threadgroup" : "device");
  put_atomic_pointer(in, 0, "atomic_uint");
  msl_inst_put(in, ";");
  flush(in);
  msl_inst_put(in, "uint anchor_o = "), put_word(in, 1, "uint"), msl_inst_put(in, ";");
  flush(in);
  msl_inst_put(in, "while (!atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, ");
  put_word(in, 2, "uint");
  msl_inst_put(in, ", memory_order_relaxed, memory_order_relaxed) && anchor_o == ");
  put_word(in, 1, "uint");
  msl_inst_put(in, ") {}");
  flush(in);
  msl_emit_line(f, "v%d = anchor_o;", id);
  f->text.indent--;
  msl_emit_line(f, "}");
  return in->ok;
}

/* The read-modify-write operations MSL can do (directly or by a CAS loop),
 * by their helper names (lower_atomics.c: anchor_atomic_<name>.<type>.pN). */
static const struct {
  LLVMAtomicRMWBinOp op;
  const char *name;
} ops[] = {{LLVMAtomicRMWBinOpXchg, "xchg"},         {LLVMAtomicRMWBinOpAdd, "add"},
           {LLVMAtomicRMWBinOpSub, "sub"},           {LLVMAtomicRMWBinOpAnd, "and"},
           {LLVMAtomicRMWBinOpNand, "nand"},         {LLVMAtomicRMWBinOpOr, "or"},
           {LLVMAtomicRMWBinOpXor, "xor"},           {LLVMAtomicRMWBinOpMax, "max"},
           {LLVMAtomicRMWBinOpMin, "min"},           {LLVMAtomicRMWBinOpUMax, "umax"},
           {LLVMAtomicRMWBinOpUMin, "umin"},         {LLVMAtomicRMWBinOpFAdd, "fadd"},
           {LLVMAtomicRMWBinOpFSub, "fsub"},         {LLVMAtomicRMWBinOpFMax, "fmax"},
           {LLVMAtomicRMWBinOpFMin, "fmin"},         {LLVMAtomicRMWBinOpUIncWrap, "uinc_wrap"},
           {LLVMAtomicRMWBinOpUDecWrap, "udec_wrap"}};

const char *msl_atomic_op_name(LLVMAtomicRMWBinOp op) {
  for (unsigned k = 0; k < sizeof ops / sizeof *ops; k++)
    if (ops[k].op == op) return ops[k].name;
  return NULL;
}

/* A call of an anchor_atomic_* helper: its operation, or cmpxchg. */
static int helper_op(LLVMValueRef call, LLVMAtomicRMWBinOp *op, int *cmpxchg) {
  size_t len;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
  if (strncmp(name, "anchor_atomic_", 14)) return 0;
  name += 14;
  size_t n = strcspn(name, ".");
  *cmpxchg = n == 7 && !strncmp(name, "cmpxchg", 7);
  if (*cmpxchg) return 1;
  for (unsigned k = 0; k < sizeof ops / sizeof *ops; k++)
    if (strlen(ops[k].name) == n && !strncmp(ops[k].name, name, n)) return *op = ops[k].op, 1;
  return 0;
}

int msl_emit_atomic(msl_func *f, LLVMValueRef i) {
  assert(LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) || LLVMIsACallInst(i));
  msl_inst in = {f, i, {0}, 1};
  int ok;
  LLVMAtomicRMWBinOp op = LLVMAtomicRMWBinOpXchg;
  strbuf_put(&in.e, "");
  int cmpxchg = 0, call = LLVMIsACallInst(i) != NULL;
  if (call && !helper_op(i, &op, &cmpxchg)) /* not a helper name: none calls */
    return msl_inst_unsupported(&in, "this atomic operation");
  if (call ? !cmpxchg : LLVMIsAAtomicRMWInst(i) != NULL) {
    LLVMValueRef v = LLVMGetOperand(i, 1);
    if (!call) op = LLVMGetAtomicRMWBinOp(i);
    ok = check(&in, LLVMGetOperand(i, 0), LLVMTypeOf(v),
               call ? LLVMAtomicOrderingMonotonic : LLVMGetOrdering(i));
    if (ok) {
      const char *type = is_float(v) ? "float" : "uint";
      int id = msl_value_id(f, i);
      ptrmap_set(&f->text.declared, i, 1);
      strbuf_printf(&f->text.decls, "  %s v%d = 0;\n", type, id);
      ok = emit_rmw(&in, id, op);
    }
  } else {
    LLVMValueRef cmp = LLVMGetOperand(i, 1);
    ok = check(&in, LLVMGetOperand(i, 0), LLVMTypeOf(cmp),
               call ? LLVMAtomicOrderingMonotonic : LLVMGetCmpXchgSuccessOrdering(i));
    if (ok && is_float(cmp)) ok = msl_inst_unsupported(&in, "atomic compare-and-swap of a float");
    if (ok) {
      int id = msl_value_id(f, i);
      ptrmap_set(&f->text.declared, i, 1);
      strbuf_printf(&f->text.decls, "  uint v%d = 0;\n", id);
      ok = emit_cmpxchg(&in, id);
    }
  }
  strbuf_free(&in.e);
  return ok && in.ok;
}

int msl_emit_atomic_extract(msl_inst *in) {
  LLVMValueRef agg = LLVMGetOperand(in->i, 0);
  unsigned n = LLVMGetNumIndices(in->i);
  const unsigned *idx = LLVMGetIndices(in->i);
  LLVMAtomicRMWBinOp op;
  int cmpxchg = 0; /* the aggregate is a cmpxchg, lowered (anchor_atomic_cmpxchg) or not */
  if (LLVMIsACallInst(agg)) cmpxchg = helper_op(agg, &op, &cmpxchg) && cmpxchg;
  if (LLVMIsAAtomicCmpXchgInst(agg)) cmpxchg = 1;
  if (!cmpxchg || n != 1) return msl_inst_unsupported(in, "aggregate value operation");
  msl_inst_printf(in, idx[0] == 0 ? "v%d" : "(v%d == ", msl_value_id(in->f, agg));
  if (idx[0] == 1) {
    msl_inst in2 = {in->f, agg, {0}, 1};
    put_word(&in2, 1, "uint");
    msl_inst_put(in, in2.e.data ? in2.e.data : "");
    msl_inst_put(in, ")");
    in->ok = in->ok && in2.ok;
    strbuf_free(&in2.e);
  }
  return in->ok;
}

/* Relaxed 32-bit atomic load (an expression) and store (a statement). */
int msl_emit_atomic_load(msl_inst *in) {
  LLVMTypeRef ty = LLVMTypeOf(in->i);
  if (!check(in, LLVMGetOperand(in->i, 0), ty, LLVMGetOrdering(in->i))) return 0;
  int fl = LLVMGetTypeKind(ty) == LLVMFloatTypeKind;
  msl_inst_put(in, fl ? "as_type<float>(atomic_load_explicit(" : "atomic_load_explicit(");
  put_atomic_pointer(in, 0, "atomic_uint");
  msl_inst_put(in, fl ? ", memory_order_relaxed))" : ", memory_order_relaxed)");
  return in->ok;
}

int msl_emit_atomic_store(msl_inst *in) {
  LLVMValueRef v = LLVMGetOperand(in->i, 0);
  if (!check(in, LLVMGetOperand(in->i, 1), LLVMTypeOf(v), LLVMGetOrdering(in->i))) return 0;
  msl_inst_put(in, "atomic_store_explicit(");
  put_atomic_pointer(in, 1, "atomic_uint");
  msl_inst_put(in, ", ");
  put_word(in, 0, "uint");
  msl_inst_put(in, ", memory_order_relaxed)");
  return in->ok;
}
