/* atomics.c — the emitter's rows for CUDA's atomics: the anchor_atomic_*
 * helpers lower_atomics.c inserts (and the atomicrmw/cmpxchg it left, to
 * report them), relaxed atomic loads and stores; MSL atomics on device and
 * threadgroup memory, spelled by the templates below.
 *
 * MSL 3.1 has 32-bit atomic_int/atomic_uint with relaxed ordering only, so:
 *   - 32-bit integer add/sub/and/or/xor/min/max/exchange map to the
 *     atomic_fetch_*_explicit functions;
 *   - float add/sub/min/max, nand and CUDA's atomicInc/atomicDec (uinc_wrap,
 *     udec_wrap) are compare-and-swap loops on the 32-bit word (float add/sub
 *     flushing subnormals on device memory, as NVIDIA's atom.add.f32 does on
 *     global memory, and not on threadgroup memory, as on shared memory);
 *   - cmpxchg is a loop around atomic_compare_exchange_weak_explicit that
 *     retries only spurious failures (LLVM's cmpxchg is strong);
 *   - other widths and orderings stronger than relaxed never get here in a
 *     compilation (lower_atomics_order.c, lower_atomics_wide.c and the
 *     device library handle them; alone, with --run-pass, they are errors),
 *     nor do atomics on private or parameter memory (errors). CUDA's atomic*
 *     functions are relaxed, which is what LLVM calls monotonic.
 * And anchor_atomic_address, the device library's view of a location. */
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
  unsigned atomic_spaces =
      1u << MSL_SPACE_DEVICE | 1u << MSL_SPACE_SHARED | 1u << MSL_SPACE_DYN_SHARED;
  if (s == MSL_SPACE_GENERIC && !(msl_addrspace_mask(in->f, ptr) & ~atomic_spaces)) return 2;
  if (s != MSL_SPACE_DEVICE && s != MSL_SPACE_SHARED && s != MSL_SPACE_DYN_SHARED &&
      s != MSL_SPACE_NONE)
    return msl_inst_unsupported(in, "atomic operation on private or parameter memory");
  return 1;
}

/* ---- generic pointers ------------------------------------------------------
 * A pointer that may point into device or threadgroup memory (addrspace.c: a
 * ulong, the space's tag in its top byte, emit.c) takes one case per space it
 * may point into, testing the tag: the template with %Qk and (%k%Dk) replaced
 * by that space's qualifier and address (K: the pointer operand's digit). */
static const struct {
  msl_space space;
  const char *tag, *qualifier, *address;
} generic_spaces[] = {
    {MSL_SPACE_DEVICE, "0ul", "device", "(%HK + " MSL_DELTA ")"},
    {MSL_SPACE_SHARED, "3ul", "threadgroup",
     "((threadgroup uchar*)anchor_smem + (%HK & 0xFFFFFFFFFFFFFFul))"},
    {MSL_SPACE_DYN_SHARED, "4ul", "threadgroup", "(anchor_dyn_smem + (%HK & 0xFFFFFFFFFFFFFFul))"}};

/* Appends `from` to out with every `what` replaced by `with` (in which K
 * becomes digit k). */
static void put_replacing(strbuf *out, const char *from, const char *what, const char *with,
                          char k) {
  size_t n = strlen(what);
  for (const char *p = from; *p;) {
    if (strncmp(p, what, n)) {
      strbuf_printf(out, "%c", *p++);
      continue;
    }
    for (const char *w = with; *w; w++)
      strbuf_printf(out, "%c", *w == 'K' ? k : *w);
    p += n;
  }
}

/* Template t specialised for generic_spaces[s], pointer operand k. */
static void specialise(strbuf *out, const char *t, unsigned s, char k) {
  char q[4] = {'%', 'Q', k, 0}, a[8] = {'(', '%', k, '%', 'D', k, ')', 0};
  strbuf tmp = {0};
  put_replacing(&tmp, t, q, generic_spaces[s].qualifier, k);
  put_replacing(out, tmp.data ? tmp.data : "", a, generic_spaces[s].address, k);
  strbuf_free(&tmp);
}

/* The statement template t (lines) through generic pointer operand k: an
 * if / else if chain on the tag, t_shared in the threadgroup cases. in->space
 * becomes GENERIC (%H). */
static void generic_lines(msl_inst *in, const char *t, const char *t_shared, char k) {
  unsigned mask = msl_addrspace_mask(in->f, LLVMGetOperand(in->i, k - '0'));
  strbuf lines = {0};
  int n = 0;
  for (unsigned s = 0; s < sizeof generic_spaces / sizeof *generic_spaces; s++) {
    if (!(mask & (1u << generic_spaces[s].space))) continue;
    strbuf_printf(&lines, "%sif ((%%H%c >> 56) == %s) {\n", n++ ? "} else " : "", k,
                  generic_spaces[s].tag);
    specialise(&lines, generic_spaces[s].space == MSL_SPACE_DEVICE ? t : t_shared, s, k);
    strbuf_put(&lines, "\n");
  }
  strbuf_put(&lines, "}");
  in->space = MSL_SPACE_GENERIC;
  msl_inst_template_lines(in, lines.data, NULL);
  strbuf_free(&lines);
}

/* The expression template t through generic pointer operand k: a ?: chain
 * on the tag (the last case untested). */
static void generic_expression(msl_inst *in, const char *t, char k) {
  unsigned mask = msl_addrspace_mask(in->f, LLVMGetOperand(in->i, k - '0'));
  strbuf e = {0};
  strbuf_put(&e, "(");
  for (unsigned s = 0; s < sizeof generic_spaces / sizeof *generic_spaces; s++) {
    if (!(mask & (1u << generic_spaces[s].space))) continue;
    if (mask >> (generic_spaces[s].space + 1))
      strbuf_printf(&e, "(%%H%c >> 56) == %s ? ", k, generic_spaces[s].tag);
    specialise(&e, t, s, k);
    if (mask >> (generic_spaces[s].space + 1)) strbuf_put(&e, " : ");
  }
  strbuf_put(&e, ")");
  in->space = MSL_SPACE_GENERIC;
  msl_inst_template(in, e.data);
  strbuf_free(&e);
}

/* Statement template t on pointer operand 0, generic or not; t_shared where
 * it points into threadgroup memory. */
static void emit_lines(msl_inst *in, const char *t, const char *t_shared, int generic) {
  msl_space s = msl_addrspace_of(in->f, LLVMGetOperand(in->i, 0));
  if (generic)
    generic_lines(in, t, t_shared, '0');
  else
    msl_inst_template_lines(in, s == MSL_SPACE_SHARED || s == MSL_SPACE_DYN_SHARED ? t_shared : t,
                            NULL);
}

static int is_float(LLVMValueRef v) {
  return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMFloatTypeKind;
}

/* ---- templates ----------------------------------------------------------
 * (msl_inst_template's language) The atomic object pointer operand k
 * points to: reinterpret_cast<space atomic_uint*>(p [+ delta]) through
 * %Qk (device or threadgroup: check() rejects the other spaces) and %Dk;
 * the same as atomic_int. "\n" separates the lines of a statement. Through
 * a generic pointer, each template is specialised per space (below). */
#define ATOMIC_U0 "reinterpret_cast<%Q0 atomic_uint*>(%0%D0)"
#define ATOMIC_U1 "reinterpret_cast<%Q1 atomic_uint*>(%1%D1)"
#define ATOMIC_I0 "reinterpret_cast<%Q0 atomic_int*>(%0%D0)"

/* A CAS loop on the 32-bit word: NEW is the new word computed from
 * anchor_o, the old one. */
#define CAS_LOOP(NEW, RESULT)                                                                      \
  "{\n"                                                                                            \
  "  %Q0 atomic_uint *anchor_a = " ATOMIC_U0 ";\n"                                                 \
  "  uint anchor_o = atomic_load_explicit(anchor_a, memory_order_relaxed);\n"                      \
  "  while (!atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, " NEW                      \
  ", memory_order_relaxed, memory_order_relaxed)) {}\n"                                            \
  "  %V = " RESULT ";\n"                                                                           \
  "}"
/* CUDA's float atomicAdd (PTX atom.add.f32, also what __nv_atomic_fetch_add/sub and
 * clang's __atomic_fetch_add on a float are on NVIDIA) on GLOBAL memory flushes subnormal
 * inputs and results to a zero of their sign, in every -ftz mode; on SHARED memory it does
 * not (IEEE addition, round to nearest even): both observed on the H200 with nvcc 13.0
 * (2026-12-01, tests/e2e/atomics_functions.cu records 7-12). So this CAS loop (OP: + or -)
 * flushes through F = FLUSH on device memory and F = NO_FLUSH on threadgroup memory; the
 * old value returned is the word as it was. */
#define FLUSH(X) "if (fabs(" X ") < as_type<float>(0x00800000u)) " X " = copysign(0.0f, " X ");\n"
#define NO_FLUSH(X) ""
#define FLOAT_CAS_LOOP(OP, F)                                                                      \
  "{\n"                                                                                            \
  "  %Q0 atomic_uint *anchor_a = " ATOMIC_U0 ";\n"                                                 \
  "  uint anchor_o = atomic_load_explicit(anchor_a, memory_order_relaxed), anchor_n;\n"            \
  "  float anchor_v = %1;\n"                                                                       \
  "  " F("anchor_v") "  do {\n"                                                                    \
                     "    float anchor_x = as_type<float>(anchor_o);\n"                            \
                     "    " F(                                                                     \
                         "anchor_x") "    anchor_x = anchor_x " OP " anchor_v;\n"                  \
                                     "    " F(                                                     \
                                         "anchor_x") "    anchor_n = as_type<uint>(anchor_x);\n"   \
                                                     "  } while "                                  \
                                                     "(!atomic_compare_exchange_weak_explicit("    \
                                                     "anchor_a, &anchor_o, anchor_n, "             \
                                                     "memory_order_relaxed, "                      \
                                                     "memory_order_relaxed));\n"                   \
                                                     "  %V = as_type<float>(anchor_o);\n"          \
                                                     "}"
#define DIRECT(FN, PTR, WORD)                                                                      \
  "%V = (uint)(atomic_" FN "_explicit(" PTR ", " WORD ", memory_order_relaxed));"

/* The read-modify-write operations MSL can do, by their helper names
 * (lower_atomics.c: anchor_atomic_<name>.<type>.pN): one atomic function
 * (direct) or a CAS loop, for an integer and for a float value (NULL:
 * unsupported for that type), and for a float value in threadgroup memory
 * where it differs (NULL: the same). */
static const struct {
  LLVMAtomicRMWBinOp op;
  const char *name, *text, *text_float, *text_float_shared;
} ops[] = {
    {LLVMAtomicRMWBinOpXchg, "xchg", DIRECT("exchange", ATOMIC_U0, "(uint)%1"),
     "%V = as_type<float>(atomic_exchange_explicit(" ATOMIC_U0 ", as_type<uint>(%1), "
     "memory_order_relaxed));",
     NULL},
    {LLVMAtomicRMWBinOpAdd, "add", DIRECT("fetch_add", ATOMIC_U0, "(uint)%1"), NULL, NULL},
    {LLVMAtomicRMWBinOpSub, "sub", DIRECT("fetch_sub", ATOMIC_U0, "(uint)%1"), NULL, NULL},
    {LLVMAtomicRMWBinOpAnd, "and", DIRECT("fetch_and", ATOMIC_U0, "(uint)%1"), NULL, NULL},
    {LLVMAtomicRMWBinOpNand, "nand", CAS_LOOP("~(anchor_o & %1)", "anchor_o"), NULL, NULL},
    {LLVMAtomicRMWBinOpOr, "or", DIRECT("fetch_or", ATOMIC_U0, "(uint)%1"), NULL, NULL},
    {LLVMAtomicRMWBinOpXor, "xor", DIRECT("fetch_xor", ATOMIC_U0, "(uint)%1"), NULL, NULL},
    {LLVMAtomicRMWBinOpMax, "max", DIRECT("fetch_max", ATOMIC_I0, "(int)%1"), NULL, NULL},
    {LLVMAtomicRMWBinOpMin, "min", DIRECT("fetch_min", ATOMIC_I0, "(int)%1"), NULL, NULL},
    {LLVMAtomicRMWBinOpUMax, "umax", DIRECT("fetch_max", ATOMIC_U0, "(uint)%1"), NULL, NULL},
    {LLVMAtomicRMWBinOpUMin, "umin", DIRECT("fetch_min", ATOMIC_U0, "(uint)%1"), NULL, NULL},
    {LLVMAtomicRMWBinOpFAdd, "fadd", NULL, FLOAT_CAS_LOOP("+", FLUSH),
     FLOAT_CAS_LOOP("+", NO_FLUSH)},
    {LLVMAtomicRMWBinOpFSub, "fsub", NULL, FLOAT_CAS_LOOP("-", FLUSH),
     FLOAT_CAS_LOOP("-", NO_FLUSH)},
    {LLVMAtomicRMWBinOpFMax, "fmax", NULL,
     CAS_LOOP("as_type<uint>(fmax(as_type<float>(anchor_o), %1))", "as_type<float>(anchor_o)"),
     NULL},
    {LLVMAtomicRMWBinOpFMin, "fmin", NULL,
     CAS_LOOP("as_type<uint>(fmin(as_type<float>(anchor_o), %1))", "as_type<float>(anchor_o)"),
     NULL},
    /* CUDA's atomicInc / atomicDec */
    {LLVMAtomicRMWBinOpUIncWrap, "uinc_wrap",
     CAS_LOOP("(anchor_o >= %1 ? 0u : anchor_o + 1u)", "anchor_o"), NULL, NULL},
    {LLVMAtomicRMWBinOpUDecWrap, "udec_wrap",
     CAS_LOOP("((anchor_o == 0u || anchor_o > %1) ? %1 : anchor_o - 1u)", "anchor_o"), NULL, NULL}};

/* {old, success} = cmpxchg p, cmp, new: `vN` holds old; extractvalue 1 is
 * (vN == cmp) (msl_emit_atomic_extract). LLVM's cmpxchg is strong: the loop
 * retries only spurious failures. */
static const char cmpxchg_text[] =
    "{\n"
    "  %Q0 atomic_uint *anchor_a = " ATOMIC_U0 ";\n"
    "  uint anchor_o = (uint)%1;\n"
    "  while (!atomic_compare_exchange_weak_explicit(anchor_a, &anchor_o, (uint)%2, "
    "memory_order_relaxed, memory_order_relaxed) && anchor_o == (uint)%1) {}\n"
    "  %V = anchor_o;\n"
    "}";

static int emit_rmw(msl_inst *in, LLVMAtomicRMWBinOp op, int generic) {
  int value_float = is_float(LLVMGetOperand(in->i, 1));
  for (unsigned k = 0; k < sizeof ops / sizeof *ops; k++) {
    if (ops[k].op != op) continue;
    const char *t = value_float ? ops[k].text_float : ops[k].text;
    if (!t) break;
    const char *t_shared = value_float && ops[k].text_float_shared ? ops[k].text_float_shared : t;
    emit_lines(in, t, t_shared, generic);
    return in->ok;
  }
  return msl_inst_unsupported(in, "this atomic read-modify-write operation");
}

static int emit_cmpxchg(msl_inst *in, int generic) {
  if (LLVMIsAAtomicCmpXchgInst(in->i) &&
      LLVMGetCmpXchgFailureOrdering(in->i) != LLVMAtomicOrderingMonotonic)
    return msl_inst_unsupported(in, "atomic compare-and-swap with an ordering stronger than "
                                    "relaxed");
  emit_lines(in, cmpxchg_text, cmpxchg_text, generic);
  return in->ok;
}

const char *msl_atomic_op_name(LLVMAtomicRMWBinOp op) {
  for (unsigned k = 0; k < sizeof ops / sizeof *ops; k++)
    if (ops[k].op == op) return ops[k].name;
  return NULL;
}

/* A call of an anchor_atomic_* helper: its operation, or cmpxchg. */
static int helper_op(LLVMValueRef call, LLVMAtomicRMWBinOp *op, int *cmpxchg) {
  const char *name = ir_callee_name(call);
  if (strncmp(name, "anchor_atomic_", 14)) return 0;
  name += 14;
  size_t n = strcspn(name, ".");
  *cmpxchg = n == 7 && !strncmp(name, "cmpxchg", 7);
  if (*cmpxchg) return 1;
  for (unsigned k = 0; k < sizeof ops / sizeof *ops; k++)
    if (strlen(ops[k].name) == n && !strncmp(ops[k].name, name, n)) return *op = ops[k].op, 1;
  return 0;
}

/* anchor_atomic_address(p) (devlib/atomics.cu): the location p names, as a ulong in the
 * generic-pointer representation (emit.c): the CUDA address of device memory, the space tag
 * (top byte) and offset of threadgroup memory. The device library hashes it into the lock
 * table and takes the alignment of 8/16-bit values from its low bits. Thread and parameter
 * memory have no such location: CUDA's atomics are on global and shared memory. */
static int emit_address(msl_inst *in) {
  unsigned mask = msl_addrspace_mask(in->f, LLVMGetOperand(in->i, 0));
  if (mask & ((1u << MSL_SPACE_PRIVATE) | (1u << MSL_SPACE_PARAM)))
    return msl_inst_unsupported(in, "atomic operation on private or parameter memory");
  int id = msl_value_id(in->f, in->i);
  ptrmap_set(&in->f->text.declared, in->i, 1);
  strbuf_printf(&in->f->text.decls, "  ulong v%d = 0;\n", id);
  in->space = MSL_SPACE_GENERIC;
  msl_inst_template_lines(in, "%V = %H0;", NULL);
  return in->ok;
}

int msl_emit_atomic(msl_func *f, LLVMValueRef i) {
  assert(LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) || LLVMIsACallInst(i));
  msl_inst in = {f, i, {0}, 1, MSL_SPACE_NONE, 0, 0};
  int ok;
  LLVMAtomicRMWBinOp op = LLVMAtomicRMWBinOpXchg;
  int cmpxchg = 0, call = LLVMIsACallInst(i) != NULL;
  if (call && !strcmp(ir_callee_name(i), "anchor_atomic_address")) {
    ok = emit_address(&in);
    strbuf_free(&in.e);
    return ok;
  }
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
      ok = emit_rmw(&in, op, ok == 2);
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
      ok = emit_cmpxchg(&in, ok == 2);
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
  /* index 1: the compared value, as the loop compared it (%V, %1: agg's) */
  msl_inst x = {in->f, agg, {0}, in->ok, MSL_SPACE_NONE, 0, 0};
  msl_inst_template(&x, idx[0] == 0 ? "%V" : "(%V == (uint)%1)");
  msl_inst_put(in, x.e.data ? x.e.data : "");
  in->ok = x.ok;
  strbuf_free(&x.e);
  return in->ok;
}

/* Relaxed 32-bit atomic load (an expression) and store (a statement). */
int msl_emit_atomic_load(msl_inst *in) {
  LLVMTypeRef ty = LLVMTypeOf(in->i);
  int ok = check(in, LLVMGetOperand(in->i, 0), ty, LLVMGetOrdering(in->i));
  if (!ok) return 0;
  const char *t = LLVMGetTypeKind(ty) == LLVMFloatTypeKind
                      ? "as_type<float>(atomic_load_explicit(" ATOMIC_U0 ", memory_order_relaxed))"
                      : "atomic_load_explicit(" ATOMIC_U0 ", memory_order_relaxed)";
  if (ok == 2)
    generic_expression(in, t, '0');
  else
    msl_inst_template(in, t);
  return in->ok;
}

int msl_emit_atomic_store(msl_inst *in) {
  LLVMValueRef v = LLVMGetOperand(in->i, 0);
  int ok = check(in, LLVMGetOperand(in->i, 1), LLVMTypeOf(v), LLVMGetOrdering(in->i));
  if (!ok) return 0;
  const char *t =
      is_float(v) ? "atomic_store_explicit(" ATOMIC_U1 ", as_type<uint>(%0), memory_order_relaxed)"
                  : "atomic_store_explicit(" ATOMIC_U1 ", (uint)%0, memory_order_relaxed)";
  if (ok == 2)
    generic_expression(in, t, '1');
  else
    msl_inst_template(in, t);
  return in->ok;
}
