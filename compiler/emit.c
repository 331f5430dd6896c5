/* emit.c — MSL text for types, operands and instructions (calls are in
 * intrinsics.c, the kernels around them in kernel.c).
 *
 * Value representation: LLVM integers are sign-agnostic, so i8/i16/i32/i64
 * are carried as uchar/ushort/uint/ulong (i1 as bool) and cast to the signed
 * type only where the operation is signed. Pointers follow addrspace.c:
 * device pointers are ulong CUDA addresses, translated at each dereference by
 * adding the delta anchor_ctx[0]; the others are byte pointers in their MSL
 * address space. double is carried as its ulong bits (only moved, never
 * computed on). Every SSA value is a variable declared at the top of the
 * kernel, so structured emission never fights C++ scoping. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

void msl_emit_line(msl_func *f, const char *fmt, ...) {
  if (f->dry_run) return;
  for (int i = 0; i < f->indent + 1; i++)
    msl_buf_put(&f->body, "  ");
  va_list ap;
  va_start(ap, fmt);
  msl_buf_vprintf(&f->body, fmt, ap);
  va_end(ap);
  msl_buf_put(&f->body, "\n");
}

/* ---- types ------------------------------------------------------------- */

unsigned msl_int_bits(LLVMTypeRef ty) {
  return LLVMGetTypeKind(ty) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(ty) : 0;
}

const char *msl_uint_name(unsigned bits) {
  switch (bits) {
  case 1: return "bool";
  case 8: return "uchar";
  case 16: return "ushort";
  case 32: return "uint";
  default: return "ulong";
  }
}

const char *msl_sint_name(unsigned bits) {
  switch (bits) {
  case 8: return "char";
  case 16: return "short";
  case 32: return "int";
  default: return "long";
  }
}

/* The type C++ arithmetic happens in (uchar and ushort promote anyway). */
const char *msl_wide_name(unsigned bits) {
  return bits == 64 ? "ulong" : "uint";
}

static int is_double(LLVMTypeRef ty) {
  return LLVMGetTypeKind(ty) == LLVMDoubleTypeKind;
}

static const char *space_pointer(msl_space s) {
  switch (s) {
  case MSL_SPACE_PRIVATE: return "thread uchar*";
  case MSL_SPACE_PARAM: return "constant uchar*";
  case MSL_SPACE_SHARED:
  case MSL_SPACE_DYN_SHARED: return "threadgroup uchar*";
  default: return "ulong"; /* device and generic */
  }
}

static const char *space_qualifier(msl_space s) {
  switch (s) {
  case MSL_SPACE_PRIVATE: return "thread";
  case MSL_SPACE_PARAM: return "constant";
  case MSL_SPACE_SHARED:
  case MSL_SPACE_DYN_SHARED: return "threadgroup";
  default: return "device";
  }
}

/* MSL type of a value of type `ty`; NULL (after an error at `at`) when the
 * type has no representation. */
const char *msl_value_type(msl_func *f, LLVMValueRef at, LLVMTypeRef ty, msl_space s) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind: {
    unsigned bits = LLVMGetIntTypeWidth(ty);
    if (bits == 1 || bits == 8 || bits == 16 || bits == 32 || bits == 64)
      return msl_uint_name(bits);
    msl_error(f->ctx, at, "%u-bit integer arithmetic " NOT_SUPPORTED, bits);
    return NULL;
  }
  case LLVMHalfTypeKind: return "half";
  case LLVMFloatTypeKind: return "float";
  case LLVMDoubleTypeKind: return "ulong";
  case LLVMPointerTypeKind: return space_pointer(s);
  case LLVMVectorTypeKind: msl_error(f->ctx, at, "vector value " NOT_SUPPORTED); return NULL;
  case LLVMStructTypeKind:
  case LLVMArrayTypeKind:
    msl_error(f->ctx, at, "aggregate (struct or array) value in a register " NOT_SUPPORTED);
    return NULL;
  default: msl_error(f->ctx, at, "this floating-point or special type " NOT_SUPPORTED); return NULL;
  }
}

/* ---- operands ---------------------------------------------------------- */

int msl_value_id(msl_func *f, LLVMValueRef v) {
  int id = msl_map_get(&f->value_id, v, -1);
  if (id < 0) msl_map_set(&f->value_id, v, id = (int)f->next_id++);
  return id;
}

static void put_zero(msl_buf *out, LLVMTypeRef ty, msl_space hint) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind:
    if (LLVMGetIntTypeWidth(ty) == 1)
      msl_buf_put(out, "false");
    else
      msl_buf_printf(out, "(%s)0", msl_uint_name(LLVMGetIntTypeWidth(ty)));
    return;
  case LLVMHalfTypeKind: msl_buf_put(out, "0.0h"); return;
  case LLVMFloatTypeKind: msl_buf_put(out, "0.0f"); return;
  case LLVMPointerTypeKind:
    msl_buf_put(out, hint == MSL_SPACE_DEVICE || hint == MSL_SPACE_NONE || hint == MSL_SPACE_GENERIC
                         ? "0ul"
                         : "nullptr");
    return;
  default: msl_buf_put(out, "0ul"); return;
  }
}

static unsigned half_from_float(float x);

static void put_float(msl_buf *out, LLVMValueRef c) {
  LLVMBool loses;
  double d = LLVMConstRealGetDouble(c, &loses);
  LLVMTypeKind kind = LLVMGetTypeKind(LLVMTypeOf(c));
  if (kind == LLVMDoubleTypeKind) {
    unsigned long long bits;
    memcpy(&bits, &d, 8);
    msl_buf_printf(out, "0x%llxul", bits);
    return;
  }
  float x = (float)d;
  if (kind == LLVMHalfTypeKind) {
    msl_buf_printf(out, "as_type<half>((ushort)0x%x)", half_from_float(x));
    return;
  }
  char text[64];
  snprintf(text, sizeof text, "%.9g", x);
  /* Spell it exactly when the decimal round-trips, else by its bits. */
  if (!isfinite(x) || strtof(text, NULL) != x || (x == 0 && signbit(x))) {
    unsigned bits;
    memcpy(&bits, &x, 4);
    msl_buf_printf(out, "as_type<float>(0x%xu)", bits);
    return;
  }
  if (!strpbrk(text, ".e")) strcat(text, ".0");
  msl_buf_printf(out, "%sf", text);
}

static unsigned half_from_float(float x) {
  unsigned bits;
  memcpy(&bits, &x, 4);
  unsigned sign = (bits >> 16) & 0x8000u, exp = (bits >> 23) & 0xff, man = bits & 0x7fffff;
  if (exp == 0xff) return sign | 0x7c00u | (man ? 0x200u : 0);
  int e = (int)exp - 127 + 15;
  if (e >= 31) return sign | 0x7c00u;
  if (e <= 0) /* subnormal half; constants here are exact half values */
    return e < -10 ? sign : sign | ((man | 0x800000u) >> (14 - e));
  return sign | (unsigned)e << 10 | man >> 13;
}

static int put_operand(msl_func *f, LLVMValueRef v, msl_buf *out, msl_space hint);

static int put_signed(msl_func *f, LLVMValueRef v, msl_buf *out) {
  unsigned bits = msl_int_bits(LLVMTypeOf(v));
  if (bits == 1) { /* i1 true is -1 when signed */
    msl_buf_put(out, "(-(int)");
    int ok = put_operand(f, v, out, MSL_SPACE_NONE);
    msl_buf_put(out, ")");
    return ok;
  }
  msl_buf_printf(out, "(%s)", msl_sint_name(bits));
  return put_operand(f, v, out, MSL_SPACE_NONE);
}

/* Byte offset of a GEP (instruction or constant expression) as a signed
 * expression; "" when zero. */
static int put_gep_offset(msl_func *f, LLVMValueRef gep, msl_buf *out) {
  LLVMTargetDataRef dl = f->ctx->layout;
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
  long long constant = 0;
  unsigned n = (unsigned)LLVMGetNumOperands(gep);
  for (unsigned k = 1; k < n; k++) {
    LLVMValueRef idx = LLVMGetOperand(gep, k);
    long long scale;
    if (k > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
      unsigned field = (unsigned)LLVMConstIntGetZExtValue(idx);
      constant += (long long)LLVMOffsetOfElement(dl, ty, field);
      ty = LLVMStructGetTypeAtIndex(ty, field);
      continue;
    }
    if (k > 1) {
      if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind && LLVMGetTypeKind(ty) != LLVMVectorTypeKind)
        return msl_error(f->ctx, gep, "address computation " NOT_SUPPORTED);
      ty = LLVMGetElementType(ty);
    }
    scale = (long long)LLVMABISizeOfType(dl, ty);
    if (LLVMGetTypeKind(LLVMTypeOf(idx)) == LLVMVectorTypeKind)
      return msl_error(f->ctx, gep, "vector address computation " NOT_SUPPORTED);
    if (LLVMIsAConstantInt(idx)) {
      constant += LLVMConstIntGetSExtValue(idx) * scale;
      continue;
    }
    if (out->len) msl_buf_put(out, " + ");
    if (msl_int_bits(LLVMTypeOf(idx)) != 64) msl_buf_put(out, "(long)");
    if (!put_signed(f, idx, out)) return 0;
    if (scale != 1) msl_buf_printf(out, " * %lld", scale);
  }
  if (constant) {
    if (out->len) msl_buf_put(out, " + ");
    msl_buf_printf(out, "%lld", constant);
  }
  return 1;
}

static int put_gep(msl_func *f, LLVMValueRef gep, msl_buf *out) {
  msl_buf off = {0};
  int ok = put_gep_offset(f, gep, &off);
  msl_space s = msl_addrspace_of(f, LLVMGetOperand(gep, 0));
  msl_buf_put(out, "(");
  ok = ok && put_operand(f, LLVMGetOperand(gep, 0), out, s);
  if (ok && off.len)
    msl_buf_printf(out,
                   s == MSL_SPACE_DEVICE || s == MSL_SPACE_NONE || s == MSL_SPACE_GENERIC
                       ? " + (ulong)(%s)"
                       : " + (%s)",
                   off.data);
  msl_buf_put(out, ")");
  msl_buf_free(&off);
  return ok;
}

static int put_global(msl_func *f, LLVMValueRef g, msl_buf *out) {
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3) {
    int offset = msl_map_get(&f->smem, g, -1);
    if (offset < 0)
      msl_buf_put(out, "anchor_dyn_smem");
    else
      msl_buf_printf(out, "((threadgroup uchar*)anchor_smem + %d)", offset);
    return 1;
  }
  int index = msl_map_get(&f->ctx->global_index, g, -1);
  if (index < 0) return msl_error(f->ctx, NULL, "internal error: unknown global");
  msl_buf_printf(out, "anchor_ctx[%d]", 1 + index);
  return 1;
}

static int put_constant_expr(msl_func *f, LLVMValueRef v, msl_buf *out, msl_space hint) {
  switch (LLVMGetConstOpcode(v)) {
  case LLVMGetElementPtr: return put_gep(f, v, out);
  case LLVMAddrSpaceCast:
  case LLVMBitCast: return put_operand(f, LLVMGetOperand(v, 0), out, hint);
  case LLVMPtrToInt:
    msl_buf_printf(out, "(%s)", msl_uint_name(msl_int_bits(LLVMTypeOf(v))));
    return put_operand(f, LLVMGetOperand(v, 0), out, MSL_SPACE_DEVICE);
  case LLVMIntToPtr:
    msl_buf_put(out, "(ulong)");
    return put_operand(f, LLVMGetOperand(v, 0), out, MSL_SPACE_NONE);
  case LLVMTrunc:
    msl_buf_printf(out, "(%s)", msl_uint_name(msl_int_bits(LLVMTypeOf(v))));
    return put_operand(f, LLVMGetOperand(v, 0), out, MSL_SPACE_NONE);
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMXor:
  case LLVMShl: {
    /* what LLVM 19 keeps as constant expressions, e.g. differences of
     * global addresses */
    LLVMOpcode opc = LLVMGetConstOpcode(v);
    unsigned bits = msl_int_bits(LLVMTypeOf(v));
    const char *sym = opc == LLVMAdd   ? "+"
                      : opc == LLVMSub ? "-"
                      : opc == LLVMMul ? "*"
                      : opc == LLVMXor ? "^"
                                       : "<<";
    if (bits < 8) break;
    msl_buf_printf(out, "(%s)((%s)", msl_uint_name(bits), msl_wide_name(bits));
    int ok = put_operand(f, LLVMGetOperand(v, 0), out, MSL_SPACE_NONE);
    msl_buf_printf(out, " %s (%s)", sym, msl_wide_name(bits));
    ok = ok && put_operand(f, LLVMGetOperand(v, 1), out, MSL_SPACE_NONE);
    msl_buf_put(out, ")");
    return ok;
  }
  default: break;
  }
  return msl_error(f->ctx, NULL, "constant expression " NOT_SUPPORTED);
}

/* A pointer of one space as a generic pointer (see msl_space). */
static int put_generic(msl_func *f, LLVMValueRef v, msl_space s, msl_buf *out) {
  static const char *const base[] = {[MSL_SPACE_PRIVATE] = "(thread uchar*)anchor_priv",
                                     [MSL_SPACE_PARAM] = "anchor_params",
                                     [MSL_SPACE_SHARED] = "(threadgroup uchar*)anchor_smem",
                                     [MSL_SPACE_DYN_SHARED] = "anchor_dyn_smem"};
  static const int tag[] = {[MSL_SPACE_PRIVATE] = 1,
                            [MSL_SPACE_PARAM] = 2,
                            [MSL_SPACE_SHARED] = 3,
                            [MSL_SPACE_DYN_SHARED] = 4};
  if (s == MSL_SPACE_NONE || s == MSL_SPACE_DEVICE) return put_operand(f, v, out, MSL_SPACE_DEVICE);
  msl_buf_printf(out, "((%dul << 56) | (ulong)(", tag[s]);
  int ok = put_operand(f, v, out, s);
  msl_buf_printf(out, " - %s))", base[s]);
  return ok;
}

static int put_operand(msl_func *f, LLVMValueRef v, msl_buf *out, msl_space hint) {
  LLVMTypeRef ty = LLVMTypeOf(v);
  if (hint == MSL_SPACE_GENERIC && LLVMGetTypeKind(ty) == LLVMPointerTypeKind) {
    msl_space s = msl_addrspace_of(f, v);
    if (s != MSL_SPACE_GENERIC) return put_generic(f, v, s, out);
  }
  if (LLVMIsAInstruction(v) || LLVMIsAArgument(v)) {
    msl_buf_printf(out, "v%d", msl_value_id(f, v));
    return 1;
  }
  if (LLVMIsUndef(v) || LLVMIsPoison(v) || LLVMIsAConstantPointerNull(v) ||
      LLVMIsAConstantAggregateZero(v)) {
    put_zero(out, ty, hint);
    return 1;
  }
  if (LLVMIsAConstantInt(v)) {
    unsigned bits = msl_int_bits(ty);
    unsigned long long x = LLVMConstIntGetZExtValue(v);
    if (bits == 1)
      msl_buf_put(out, x ? "true" : "false");
    else if (bits == 32)
      msl_buf_printf(out, "%lluu", x);
    else if (bits == 64)
      msl_buf_printf(out, "%lluul", x);
    else
      msl_buf_printf(out, "(%s)%llu", msl_uint_name(bits), x);
    return 1;
  }
  if (LLVMIsAConstantFP(v)) {
    put_float(out, v);
    return 1;
  }
  if (LLVMIsAGlobalVariable(v)) return put_global(f, v, out);
  if (LLVMIsAConstantExpr(v)) return put_constant_expr(f, v, out, hint);
  if (LLVMIsAFunction(v)) return msl_error(f->ctx, NULL, "function pointer " NOT_SUPPORTED);
  return msl_error(f->ctx, NULL, "constant of this kind " NOT_SUPPORTED);
}

int msl_emit_condition(msl_func *f, LLVMValueRef cond, msl_buf *out) {
  return put_operand(f, cond, out, MSL_SPACE_NONE);
}

/* ---- instructions ------------------------------------------------------ */

void msl_inst_put(msl_inst *in, const char *s) {
  msl_buf_put(&in->e, s);
}
void msl_inst_printf(msl_inst *in, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  msl_buf_vprintf(&in->e, fmt, ap);
  va_end(ap);
}
void msl_inst_operand(msl_inst *in, unsigned k) {
  LLVMValueRef v = LLVMGetOperand(in->i, k);
  msl_space s = LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind ? msl_addrspace_of(in->f, v)
                                                                      : MSL_SPACE_NONE;
  in->ok = in->ok && put_operand(in->f, v, &in->e, s);
}
static void op_hint(msl_inst *in, LLVMValueRef v, msl_space hint) {
  in->ok = in->ok && put_operand(in->f, v, &in->e, hint);
}
void msl_inst_signed(msl_inst *in, unsigned k) {
  in->ok = in->ok && put_signed(in->f, LLVMGetOperand(in->i, k), &in->e);
}
int msl_inst_unsupported(msl_inst *in, const char *what) {
  in->ok = 0;
  return msl_error(in->f->ctx, in->i, "%s " NOT_SUPPORTED, what);
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
    op_hint(in, a, s);
    msl_inst_printf(in, " %s ", sym);
    op_hint(in, b, s);
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

static int pointer_space(msl_inst *in, LLVMValueRef p) {
  msl_space s = msl_addrspace_of(in->f, p);
  return s == MSL_SPACE_NONE ? MSL_SPACE_DEVICE : s;
}

/* `*reinterpret_cast<space T*>(p [+ delta] [+ extra])` */
void msl_inst_deref(msl_inst *in, LLVMValueRef p, const char *type, const char *extra) {
  msl_space s = pointer_space(in, p);
  if (s == MSL_SPACE_GENERIC) {
    msl_inst_unsupported(in, "this memory operation through a pointer that may point into "
                             "several address spaces");
    return;
  }
  /* CUDA volatile accesses (flags polled in loops, warp-synchronous shared
   * memory) must each reach memory: volatile in MSL too. The constant
   * parameter block is read-only and never changes during a dispatch. */
  int is_volatile = (LLVMIsALoadInst(in->i) || LLVMIsAStoreInst(in->i)) && LLVMGetVolatile(in->i) &&
                    s != MSL_SPACE_PARAM;
  msl_inst_printf(in, "*reinterpret_cast<%s%s %s*>(", is_volatile ? "volatile " : "",
                  space_qualifier(s), type);
  op_hint(in, p, s);
  if (extra) msl_inst_printf(in, " + %s", extra);
  if (s == MSL_SPACE_DEVICE) msl_inst_put(in, " + anchor_ctx[0]");
  msl_inst_put(in, ")");
}

static int is_atomic_access(msl_inst *in) {
  return LLVMGetOrdering(in->i) != LLVMAtomicOrderingNotAtomic;
}

const char *msl_memory_type(msl_inst *in, LLVMTypeRef ty) {
  if (msl_int_bits(ty) == 1) return "uchar";
  return msl_value_type(in->f, in->i, ty, MSL_SPACE_DEVICE);
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
  msl_buf g = {0};
  in->ok = in->ok && put_operand(in->f, p, &g, MSL_SPACE_GENERIC);
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
                    space_qualifier((msl_space)s), type);
    if (s == MSL_SPACE_DEVICE)
      msl_inst_printf(in, "%s + anchor_ctx[0])", g.data);
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
  msl_buf_free(&g);
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
  op_hint(in, LLVMGetOperand(in->i, 1), s);
  msl_inst_put(in, " : ");
  op_hint(in, LLVMGetOperand(in->i, 2), s);
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
  case LLVMGetElementPtr: in->ok = in->ok && put_gep(in->f, in->i, &in->e); return;
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
  int def = msl_map_get(&f->cfg.index, LLVMGetInstructionParent(v), -1);
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAPHINode(user)) {
      for (unsigned k = 0; k < LLVMCountIncoming(user); k++) {
        if (LLVMGetIncomingValue(user, k) != v) continue;
        int from = msl_map_get(&f->cfg.index, LLVMGetIncomingBlock(user, k), -1);
        if (from < 0 || !msl_scope_encloses(f, def, from)) return 0;
      }
    } else {
      int at = LLVMIsAInstruction(user)
                   ? msl_map_get(&f->cfg.index, LLVMGetInstructionParent(user), -1)
                   : -1;
      if (at < 0 || !msl_scope_encloses(f, def, at)) return 0;
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
  msl_map_set(&f->declared, v, 1);
  msl_buf_printf(&f->decls, "  %s v%d%s = %s;\n", type, msl_value_id(f, v), suffix, init);
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
      msl_map_set(&f->declared, i, 1);
      msl_emit_line(f, "%s v%d = %s;", type, msl_value_id(f, i), in.e.data);
    } else if (has_value) {
      declare(f, i, type, "");
      msl_emit_line(f, "v%d = %s;", msl_value_id(f, i), in.e.data);
    } else {
      msl_emit_line(f, "%s;", in.e.data);
    }
  }
  msl_buf_free(&in.e);
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
        msl_map_set(&f->declared, i, 1);
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
      msl_buf e = {0};
      msl_space s = LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMPointerTypeKind ? msl_addrspace_of(f, i)
                                                                          : MSL_SPACE_NONE;
      if (!put_operand(f, LLVMGetIncomingValue(i, k), &e, s)) {
        msl_buf_free(&e);
        return 0;
      }
      msl_emit_line(f, "v%d_in = %s;", msl_value_id(f, i), e.data);
      msl_buf_free(&e);
      break; /* a phi may list the same predecessor twice */
    }
  }
  return 1;
}
