/* emit.c — MSL text for types, operands and instructions, and the kernel
 * functions around them (docs/design.md, "Kernel ABI").
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

#define NOT_SUPPORTED "is not supported by Anchor's Metal backend"

void msl_emit_line(msl_func *f, const char *fmt, ...) {
  for (int i = 0; i < f->indent + 1; i++)
    msl_buf_put(&f->body, "  ");
  va_list ap;
  va_start(ap, fmt);
  msl_buf_vprintf(&f->body, fmt, ap);
  va_end(ap);
  msl_buf_put(&f->body, "\n");
}

/* ---- types ------------------------------------------------------------- */

static unsigned int_bits(LLVMTypeRef ty) {
  return LLVMGetTypeKind(ty) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(ty) : 0;
}

static const char *uint_name(unsigned bits) {
  switch (bits) {
  case 1: return "bool";
  case 8: return "uchar";
  case 16: return "ushort";
  case 32: return "uint";
  default: return "ulong";
  }
}

static const char *sint_name(unsigned bits) {
  switch (bits) {
  case 8: return "char";
  case 16: return "short";
  case 32: return "int";
  default: return "long";
  }
}

/* The type C++ arithmetic happens in (uchar and ushort promote anyway). */
static const char *wide_name(unsigned bits) { return bits == 64 ? "ulong" : "uint"; }

static int is_double(LLVMTypeRef ty) { return LLVMGetTypeKind(ty) == LLVMDoubleTypeKind; }

static const char *space_pointer(msl_space s) {
  switch (s) {
  case MSL_SPACE_PRIVATE: return "thread uchar*";
  case MSL_SPACE_PARAM: return "constant uchar*";
  case MSL_SPACE_SHARED: return "threadgroup uchar*";
  default: return "ulong";
  }
}

static const char *space_qualifier(msl_space s) {
  switch (s) {
  case MSL_SPACE_PRIVATE: return "thread";
  case MSL_SPACE_PARAM: return "constant";
  case MSL_SPACE_SHARED: return "threadgroup";
  default: return "device";
  }
}

/* MSL type of a value of type `ty`; NULL (after an error at `at`) when the
 * type has no representation. */
static const char *value_type(msl_func *f, LLVMValueRef at, LLVMTypeRef ty, msl_space s) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind: {
    unsigned bits = LLVMGetIntTypeWidth(ty);
    if (bits == 1 || bits == 8 || bits == 16 || bits == 32 || bits == 64)
      return uint_name(bits);
    msl_error(f->ctx, at, "%u-bit integer arithmetic " NOT_SUPPORTED, bits);
    return NULL;
  }
  case LLVMHalfTypeKind: return "half";
  case LLVMFloatTypeKind: return "float";
  case LLVMDoubleTypeKind: return "ulong";
  case LLVMPointerTypeKind: return space_pointer(s);
  case LLVMVectorTypeKind:
    msl_error(f->ctx, at, "vector value " NOT_SUPPORTED);
    return NULL;
  case LLVMStructTypeKind:
  case LLVMArrayTypeKind:
    msl_error(f->ctx, at, "aggregate (struct or array) value in a register " NOT_SUPPORTED);
    return NULL;
  default:
    msl_error(f->ctx, at, "this floating-point or special type " NOT_SUPPORTED);
    return NULL;
  }
}

/* ---- operands ---------------------------------------------------------- */

static int value_id(msl_func *f, LLVMValueRef v) {
  int id = msl_map_get(&f->value_id, v, -1);
  if (id < 0)
    msl_map_set(&f->value_id, v, id = (int)f->next_id++);
  return id;
}

static void put_zero(msl_buf *out, LLVMTypeRef ty, msl_space hint) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind:
    if (LLVMGetIntTypeWidth(ty) == 1)
      msl_buf_put(out, "false");
    else
      msl_buf_printf(out, "(%s)0", uint_name(LLVMGetIntTypeWidth(ty)));
    return;
  case LLVMHalfTypeKind: msl_buf_put(out, "0.0h"); return;
  case LLVMFloatTypeKind: msl_buf_put(out, "0.0f"); return;
  case LLVMPointerTypeKind:
    msl_buf_put(out, hint == MSL_SPACE_DEVICE || hint == MSL_SPACE_NONE ? "0ul" : "nullptr");
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
  if (!strpbrk(text, ".e"))
    strcat(text, ".0");
  msl_buf_printf(out, "%sf", text);
}

static unsigned half_from_float(float x) {
  unsigned bits;
  memcpy(&bits, &x, 4);
  unsigned sign = (bits >> 16) & 0x8000u, exp = (bits >> 23) & 0xff, man = bits & 0x7fffff;
  if (exp == 0xff)
    return sign | 0x7c00u | (man ? 0x200u : 0);
  int e = (int)exp - 127 + 15;
  if (e >= 31)
    return sign | 0x7c00u;
  if (e <= 0) /* subnormal half; constants here are exact half values */
    return e < -10 ? sign : sign | ((man | 0x800000u) >> (14 - e));
  return sign | (unsigned)e << 10 | man >> 13;
}

static int put_operand(msl_func *f, LLVMValueRef v, msl_buf *out, msl_space hint);

static int put_signed(msl_func *f, LLVMValueRef v, msl_buf *out) {
  unsigned bits = int_bits(LLVMTypeOf(v));
  if (bits == 1) { /* i1 true is -1 when signed */
    msl_buf_put(out, "(-(int)");
    int ok = put_operand(f, v, out, MSL_SPACE_NONE);
    msl_buf_put(out, ")");
    return ok;
  }
  msl_buf_printf(out, "(%s)", sint_name(bits));
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
    if (out->len)
      msl_buf_put(out, " + ");
    if (int_bits(LLVMTypeOf(idx)) != 64)
      msl_buf_put(out, "(long)");
    if (!put_signed(f, idx, out))
      return 0;
    if (scale != 1)
      msl_buf_printf(out, " * %lld", scale);
  }
  if (constant) {
    if (out->len)
      msl_buf_put(out, " + ");
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
    msl_buf_printf(out, s == MSL_SPACE_DEVICE || s == MSL_SPACE_NONE ? " + (ulong)(%s)" : " + (%s)",
                   off.data);
  msl_buf_put(out, ")");
  msl_buf_free(&off);
  return ok;
}

static int put_global(msl_func *f, LLVMValueRef g, msl_buf *out) {
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3) {
    int slot = msl_map_get(&f->smem, g, -1);
    if (slot < 0)
      msl_buf_put(out, "anchor_dyn_smem");
    else
      msl_buf_printf(out, "((threadgroup uchar*)anchor_smem%d)", slot);
    return 1;
  }
  int index = msl_map_get(&f->ctx->global_index, g, -1);
  if (index < 0)
    return msl_error(f->ctx, NULL, "internal error: unknown global");
  msl_buf_printf(out, "anchor_ctx[%d]", 1 + index);
  return 1;
}

static int put_constant_expr(msl_func *f, LLVMValueRef v, msl_buf *out, msl_space hint) {
  switch (LLVMGetConstOpcode(v)) {
  case LLVMGetElementPtr:
    return put_gep(f, v, out);
  case LLVMAddrSpaceCast:
  case LLVMBitCast:
    return put_operand(f, LLVMGetOperand(v, 0), out, hint);
  case LLVMPtrToInt:
    msl_buf_printf(out, "(%s)", uint_name(int_bits(LLVMTypeOf(v))));
    return put_operand(f, LLVMGetOperand(v, 0), out, MSL_SPACE_DEVICE);
  case LLVMIntToPtr:
    msl_buf_put(out, "(ulong)");
    return put_operand(f, LLVMGetOperand(v, 0), out, MSL_SPACE_NONE);
  default:
    return msl_error(f->ctx, NULL, "constant expression " NOT_SUPPORTED);
  }
}

static int put_operand(msl_func *f, LLVMValueRef v, msl_buf *out, msl_space hint) {
  LLVMTypeRef ty = LLVMTypeOf(v);
  if (LLVMIsAInstruction(v) || LLVMIsAArgument(v)) {
    msl_buf_printf(out, "v%d", value_id(f, v));
    return 1;
  }
  if (LLVMIsUndef(v) || LLVMIsPoison(v) || LLVMIsAConstantPointerNull(v) ||
      LLVMIsAConstantAggregateZero(v)) {
    put_zero(out, ty, hint);
    return 1;
  }
  if (LLVMIsAConstantInt(v)) {
    unsigned bits = int_bits(ty);
    unsigned long long x = LLVMConstIntGetZExtValue(v);
    if (bits == 1)
      msl_buf_put(out, x ? "true" : "false");
    else if (bits == 32)
      msl_buf_printf(out, "%lluu", x);
    else if (bits == 64)
      msl_buf_printf(out, "%lluul", x);
    else
      msl_buf_printf(out, "(%s)%llu", uint_name(bits), x);
    return 1;
  }
  if (LLVMIsAConstantFP(v)) {
    put_float(out, v);
    return 1;
  }
  if (LLVMIsAGlobalVariable(v))
    return put_global(f, v, out);
  if (LLVMIsAConstantExpr(v))
    return put_constant_expr(f, v, out, hint);
  if (LLVMIsAFunction(v))
    return msl_error(f->ctx, NULL, "function pointer " NOT_SUPPORTED);
  return msl_error(f->ctx, NULL, "constant of this kind " NOT_SUPPORTED);
}

int msl_emit_condition(msl_func *f, LLVMValueRef cond, msl_buf *out) {
  return put_operand(f, cond, out, MSL_SPACE_NONE);
}

/* ---- instructions ------------------------------------------------------ */

/* Expression builder for one instruction: `e` collects the right-hand side. */
typedef struct inst {
  msl_func *f;
  LLVMValueRef i;
  msl_buf e;
  int ok;
} inst;

static void put(inst *in, const char *s) { msl_buf_put(&in->e, s); }
static void putf(inst *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(inst *in, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  msl_buf_vprintf(&in->e, fmt, ap);
  va_end(ap);
}
static void op(inst *in, unsigned k) {
  LLVMValueRef v = LLVMGetOperand(in->i, k);
  msl_space s = LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind
                    ? msl_addrspace_of(in->f, v) : MSL_SPACE_NONE;
  in->ok = in->ok && put_operand(in->f, v, &in->e, s);
}
static void op_hint(inst *in, LLVMValueRef v, msl_space hint) {
  in->ok = in->ok && put_operand(in->f, v, &in->e, hint);
}
static void sop(inst *in, unsigned k) {
  in->ok = in->ok && put_signed(in->f, LLVMGetOperand(in->i, k), &in->e);
}
static int fail(inst *in, const char *what) {
  in->ok = 0;
  return msl_error(in->f->ctx, in->i, "%s " NOT_SUPPORTED, what);
}

static void emit_int_binop(inst *in, LLVMOpcode opc, unsigned bits) {
  const char *ty = uint_name(bits), *w = wide_name(bits);
  const char *sym = NULL;
  switch (opc) {
  case LLVMAdd: sym = bits == 1 ? "!=" : "+"; break;
  case LLVMSub: sym = bits == 1 ? "!=" : "-"; break;
  case LLVMMul: sym = "&"; if (bits != 1) sym = "*"; break;
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
    fail(in, "shift or division of i1");
    return;
  }
  if (opc == LLVMSDiv || opc == LLVMSRem || opc == LLVMAShr) {
    putf(in, "(%s)(", ty);
    sop(in, 0);
    put(in, opc == LLVMSDiv ? " / " : opc == LLVMSRem ? " % " : " >> ");
    if (opc == LLVMAShr)
      op(in, 1);
    else
      sop(in, 1);
    put(in, ")");
    return;
  }
  if (bits == 1) {
    put(in, "(");
    op(in, 0);
    putf(in, " %s ", sym);
    op(in, 1);
    put(in, ")");
    return;
  }
  putf(in, "(%s)((%s)", ty, w);
  op(in, 0);
  putf(in, " %s (%s)", sym, w);
  op(in, 1);
  put(in, ")");
}

static void emit_fbinop(inst *in, LLVMOpcode opc) {
  if (opc == LLVMFRem) {
    put(in, "fmod(");
    op(in, 0);
    put(in, ", ");
    op(in, 1);
    put(in, ")");
    return;
  }
  const char *sym = opc == LLVMFAdd ? "+" : opc == LLVMFSub ? "-" : opc == LLVMFMul ? "*" : "/";
  put(in, "(");
  op(in, 0);
  putf(in, " %s ", sym);
  op(in, 1);
  put(in, ")");
}

static void emit_icmp(inst *in) {
  LLVMIntPredicate p = LLVMGetICmpPredicate(in->i);
  int is_signed = p == LLVMIntSGT || p == LLVMIntSGE || p == LLVMIntSLT || p == LLVMIntSLE;
  const char *sym = "==";
  switch (p) {
  case LLVMIntEQ: sym = "=="; break;
  case LLVMIntNE: sym = "!="; break;
  case LLVMIntUGT: case LLVMIntSGT: sym = ">"; break;
  case LLVMIntUGE: case LLVMIntSGE: sym = ">="; break;
  case LLVMIntULT: case LLVMIntSLT: sym = "<"; break;
  case LLVMIntULE: case LLVMIntSLE: sym = "<="; break;
  }
  LLVMValueRef a = LLVMGetOperand(in->i, 0), b = LLVMGetOperand(in->i, 1);
  put(in, "(");
  if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind) {
    /* Both sides share one space (addrspace.c); a null side takes it. */
    msl_space s = msl_addrspace_of(in->f, a);
    if (s == MSL_SPACE_NONE)
      s = msl_addrspace_of(in->f, b);
    op_hint(in, a, s);
    putf(in, " %s ", sym);
    op_hint(in, b, s);
  } else if (is_signed) {
    sop(in, 0);
    putf(in, " %s ", sym);
    sop(in, 1);
  } else {
    op(in, 0);
    putf(in, " %s ", sym);
    op(in, 1);
  }
  put(in, ")");
}

static void emit_fcmp(inst *in) {
  LLVMRealPredicate p = LLVMGetFCmpPredicate(in->i);
  /* Ordered predicates are false on NaN, unordered ones true: C++'s
   * comparisons are the ordered ones except !=, which is unordered. */
  static const char *const ordered[] = {
      [LLVMRealOEQ] = "==", [LLVMRealOGT] = ">", [LLVMRealOGE] = ">=",
      [LLVMRealOLT] = "<", [LLVMRealOLE] = "<=", [LLVMRealUNE] = "!="};
  static const char *const negated[] = {/* unordered X == !(ordered inverse) */
      [LLVMRealUEQ] = NULL, [LLVMRealUGT] = "<=", [LLVMRealUGE] = "<",
      [LLVMRealULT] = ">=", [LLVMRealULE] = ">", [LLVMRealONE] = NULL};
  if (p == LLVMRealPredicateFalse || p == LLVMRealPredicateTrue) {
    put(in, p == LLVMRealPredicateTrue ? "true" : "false");
    return;
  }
  put(in, "(");
  if (p <= LLVMRealOLE && p != LLVMRealONE && ordered[p]) {
    op(in, 0), putf(in, " %s ", ordered[p]), op(in, 1);
  } else if (p == LLVMRealUNE) {
    op(in, 0), put(in, " != "), op(in, 1);
  } else if (p >= LLVMRealUGT && p <= LLVMRealULE) {
    put(in, "!("), op(in, 0), putf(in, " %s ", negated[p]), op(in, 1), put(in, ")");
  } else if (p == LLVMRealONE) {
    op(in, 0), put(in, " < "), op(in, 1), put(in, " || "), op(in, 0), put(in, " > "), op(in, 1);
  } else if (p == LLVMRealUEQ) {
    put(in, "!("), op(in, 0), put(in, " < "), op(in, 1), put(in, " || "), op(in, 0);
    put(in, " > "), op(in, 1), put(in, ")");
  } else if (p == LLVMRealORD) {
    put(in, "!isnan("), op(in, 0), put(in, ") && !isnan("), op(in, 1), put(in, ")");
  } else { /* UNO */
    put(in, "isnan("), op(in, 0), put(in, ") || isnan("), op(in, 1), put(in, ")");
  }
  put(in, ")");
}

static void emit_cast(inst *in, LLVMOpcode opc) {
  LLVMTypeRef to = LLVMTypeOf(in->i), from = LLVMTypeOf(LLVMGetOperand(in->i, 0));
  unsigned tb = int_bits(to), fb = int_bits(from);
  const char *tname = tb ? uint_name(tb) : LLVMGetTypeKind(to) == LLVMHalfTypeKind ? "half"
                                                                                   : "float";
  switch (opc) {
  case LLVMTrunc:
    if (tb == 1) {
      put(in, "(("), op(in, 0), put(in, " & 1) != 0)");
    } else {
      putf(in, "(%s)", tname), op(in, 0);
    }
    return;
  case LLVMZExt:
    putf(in, "(%s)", tname), op(in, 0);
    return;
  case LLVMSExt:
    if (fb == 1) {
      putf(in, "(%s)(0u - (%s)", tname, wide_name(tb)), op(in, 0), put(in, ")");
    } else {
      putf(in, "(%s)(%s)", tname, sint_name(tb)), sop(in, 0);
    }
    return;
  case LLVMFPToUI:
  case LLVMFPToSI:
    if (tb == 1) {
      put(in, "("), op(in, 0), put(in, " != 0)");
    } else if (opc == LLVMFPToSI) {
      putf(in, "(%s)(%s)", tname, sint_name(tb)), op(in, 0);
    } else {
      putf(in, "(%s)", tname), op(in, 0);
    }
    return;
  case LLVMUIToFP:
    putf(in, "(%s)", tname), op(in, 0);
    return;
  case LLVMSIToFP:
    putf(in, "(%s)", tname), sop(in, 0);
    return;
  case LLVMFPTrunc:
  case LLVMFPExt:
    putf(in, "(%s)", tname), op(in, 0);
    return;
  default:
    fail(in, "this conversion");
  }
}

static void emit_bitcast(inst *in) {
  LLVMTypeRef to = LLVMTypeOf(in->i), from = LLVMTypeOf(LLVMGetOperand(in->i, 0));
  LLVMTypeKind tk = LLVMGetTypeKind(to), fk = LLVMGetTypeKind(from);
  /* Same MSL representation (ptr->ptr, double<->i64): a plain copy. */
  int same = tk == fk || (tk == LLVMDoubleTypeKind && fk == LLVMIntegerTypeKind) ||
             (fk == LLVMDoubleTypeKind && tk == LLVMIntegerTypeKind);
  if (same) {
    op(in, 0);
    return;
  }
  const char *t = tk == LLVMIntegerTypeKind ? uint_name(int_bits(to))
                  : tk == LLVMHalfTypeKind  ? "half" : "float";
  putf(in, "as_type<%s>(", t), op(in, 0), put(in, ")");
}

static int pointer_space(inst *in, LLVMValueRef p) {
  msl_space s = msl_addrspace_of(in->f, p);
  return s == MSL_SPACE_NONE ? MSL_SPACE_DEVICE : s;
}

/* `*reinterpret_cast<space T*>(p [+ delta] [+ extra])` */
static void put_deref(inst *in, LLVMValueRef p, const char *type, const char *extra) {
  msl_space s = pointer_space(in, p);
  putf(in, "*reinterpret_cast<%s %s*>(", space_qualifier(s), type);
  op_hint(in, p, s);
  if (extra)
    putf(in, " + %s", extra);
  if (s == MSL_SPACE_DEVICE)
    put(in, " + anchor_ctx[0]");
  put(in, ")");
}

static int check_memory_access(inst *in) {
  if (LLVMGetOrdering(in->i) != LLVMAtomicOrderingNotAtomic)
    return fail(in, "atomic load or store");
  return 1;
}

static const char *memory_type(inst *in, LLVMTypeRef ty) {
  if (int_bits(ty) == 1)
    return "uchar";
  return value_type(in->f, in->i, ty, MSL_SPACE_DEVICE);
}

static void emit_load(inst *in) {
  LLVMTypeRef ty = LLVMTypeOf(in->i);
  const char *t = memory_type(in, ty);
  if (!check_memory_access(in) || !t) {
    in->ok = 0;
    return;
  }
  if (int_bits(ty) == 1)
    put(in, "(");
  put_deref(in, LLVMGetOperand(in->i, 0), t, NULL);
  if (int_bits(ty) == 1)
    put(in, " != 0)");
}

/* Statements (store, memcpy ...) are written directly as lines. */
static void emit_store(inst *in) {
  LLVMValueRef v = LLVMGetOperand(in->i, 0);
  const char *t = memory_type(in, LLVMTypeOf(v));
  if (!check_memory_access(in) || !t) {
    in->ok = 0;
    return;
  }
  put_deref(in, LLVMGetOperand(in->i, 1), t, NULL);
  put(in, " = ");
  if (int_bits(LLVMTypeOf(v)) == 1)
    put(in, "(uchar)");
  op(in, 0);
}

static void emit_select(inst *in) {
  msl_space s = LLVMGetTypeKind(LLVMTypeOf(in->i)) == LLVMPointerTypeKind
                    ? msl_addrspace_of(in->f, in->i) : MSL_SPACE_NONE;
  put(in, "(");
  op(in, 0);
  put(in, " ? ");
  op_hint(in, LLVMGetOperand(in->i, 1), s);
  put(in, " : ");
  op_hint(in, LLVMGetOperand(in->i, 2), s);
  put(in, ")");
}

/* ---- calls: intrinsics only (passes.c inlined everything else) ---------- */

static int has_prefix(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void emit_sreg(inst *in, const char *name) {
  static const char *const regs[][2] = {{"tid.", "anchor_tid"}, {"ctaid.", "anchor_bid"},
                                        {"ntid.", "anchor_bdim"}, {"nctaid.", "anchor_gdim"}};
  const char *rest = name + strlen("llvm.nvvm.read.ptx.sreg.");
  for (unsigned r = 0; r < 4; r++) {
    size_t n = strlen(regs[r][0]);
    if (!strncmp(rest, regs[r][0], n) && strchr("xyz", rest[n]) && rest[n] && !rest[n + 1]) {
      putf(in, "%s.%c", regs[r][1], rest[n]);
      return;
    }
  }
  if (!strcmp(rest, "warpsize")) {
    put(in, "32u");
    return;
  }
  in->ok = 0;
  msl_error(in->f->ctx, in->i, "CUDA special register '%s' " NOT_SUPPORTED, rest);
}

static void emit_minmax(inst *in, int is_signed, const char *cmp) {
  put(in, "(");
  if (is_signed)
    sop(in, 0), putf(in, " %s ", cmp), sop(in, 1);
  else
    op(in, 0), putf(in, " %s ", cmp), op(in, 1);
  put(in, " ? "), op(in, 0), put(in, " : "), op(in, 1), put(in, ")");
}

static void emit_abs(inst *in, unsigned bits) {
  put(in, "("), sop(in, 0), putf(in, " < 0 ? (%s)(0u - (%s)", uint_name(bits), wide_name(bits));
  op(in, 0), put(in, ") : "), op(in, 0), put(in, ")");
}

static void emit_bswap(inst *in, unsigned bits) {
  const char *w = wide_name(bits);
  putf(in, "(%s)(", uint_name(bits));
  for (unsigned k = 0; k < bits / 8; k++) {
    int shift = (int)(bits - 8 - 16 * k);
    put(in, k ? " | " : "");
    /* source byte k moves to byte bits/8-1-k: shift, then keep that byte */
    putf(in, "(((%s)", w), op(in, 0);
    putf(in, " %s %d) & 0x%llx%s)", shift >= 0 ? "<<" : ">>", shift >= 0 ? shift : -shift,
         0xffull << (bits - 8 - 8 * k), bits == 64 ? "ul" : "u");
  }
  put(in, ")");
}

/* fshl(a, b, s) = top N bits of (a:b) << (s % N); fshr the bottom N of >>. */
static void emit_funnel(inst *in, unsigned bits, int left) {
  const char *t = uint_name(bits), *w = wide_name(bits);
  put(in, "(("), op(in, 2), putf(in, " %% %u) == 0 ? ", bits), op(in, left ? 0 : 1);
  putf(in, " : (%s)(((%s)", t, w), op(in, 0), put(in, " << ");
  if (left)
    put(in, "("), op(in, 2), putf(in, " %% %u)", bits);
  else
    putf(in, "(%u - ", bits), op(in, 2), putf(in, " %% %u)", bits);
  putf(in, ") | ((%s)", w), op(in, 1), put(in, " >> ");
  if (left)
    putf(in, "(%u - ", bits), op(in, 2), putf(in, " %% %u)", bits);
  else
    put(in, "("), op(in, 2), putf(in, " %% %u)", bits);
  put(in, ")))");
}

static unsigned call_align(LLVMValueRef call, unsigned arg) {
  unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, arg + 1, kind);
  return a ? (unsigned)LLVMGetEnumAttributeValue(a) : 1;
}

/* Widest unit (1, 2, 4 or 8 bytes) that the alignments and a constant length
 * allow; variable lengths go byte by byte. */
static unsigned copy_unit(inst *in, LLVMValueRef len, unsigned align) {
  if (!LLVMIsAConstantInt(len))
    return 1;
  unsigned long long n = LLVMConstIntGetZExtValue(len);
  unsigned unit = 8;
  while (unit > 1 && (align % unit || n % unit))
    unit /= 2;
  (void)in;
  return unit;
}

static void emit_memcpy(inst *in) {
  LLVMValueRef dst = LLVMGetOperand(in->i, 0), src = LLVMGetOperand(in->i, 1);
  LLVMValueRef len = LLVMGetOperand(in->i, 2);
  unsigned da = call_align(in->i, 0), sa = call_align(in->i, 1);
  unsigned unit = copy_unit(in, len, da < sa ? da : sa);
  const char *t = uint_name(unit * 8);
  char k[32];
  snprintf(k, sizeof k, "k%u", in->f->next_id++);
  putf(in, "for (ulong %s = 0; %s < (ulong)", k, k), op(in, 2);
  putf(in, "; %s += %u) ", k, unit);
  put_deref(in, dst, t, k);
  put(in, " = ");
  put_deref(in, src, t, k);
}

static void emit_memset(inst *in) {
  LLVMValueRef dst = LLVMGetOperand(in->i, 0), len = LLVMGetOperand(in->i, 2);
  unsigned unit = copy_unit(in, len, call_align(in->i, 0));
  const char *t = uint_name(unit * 8);
  char k[32];
  snprintf(k, sizeof k, "k%u", in->f->next_id++);
  putf(in, "for (ulong %s = 0; %s < (ulong)", k, k), op(in, 2);
  putf(in, "; %s += %u) ", k, unit);
  put_deref(in, dst, t, k);
  putf(in, " = (%s)((ulong)", t), op(in, 1), put(in, " * 0x0101010101010101ul)");
}

/* Intrinsics that are pure annotations for the optimiser. */
static int ignored_intrinsic(const char *name) {
  static const char *const prefixes[] = {"llvm.lifetime.", "llvm.assume", "llvm.dbg.",
                                         "llvm.experimental.noalias.scope.decl",
                                         "llvm.invariant.", "llvm.sideeffect",
                                         "llvm.var.annotation", "llvm.donothing"};
  for (unsigned i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (has_prefix(name, prefixes[i]))
      return 1;
  return 0;
}

static int emit_math(inst *in, const char *name) {
  static const char *const unary[][2] = {
      {"llvm.fabs.", "fabs"},   {"llvm.floor.", "floor"}, {"llvm.ceil.", "ceil"},
      {"llvm.trunc.", "trunc"}, {"llvm.rint.", "rint"},   {"llvm.nearbyint.", "rint"},
      {"llvm.roundeven.", "rint"}, {"llvm.round.", "round"}};
  static const char *const binary[][2] = {
      {"llvm.minnum.", "fmin"}, {"llvm.maxnum.", "fmax"}, {"llvm.copysign.", "copysign"}};
  for (unsigned k = 0; k < sizeof unary / sizeof *unary; k++)
    if (has_prefix(name, unary[k][0])) {
      putf(in, "%s(", unary[k][1]), op(in, 0), put(in, ")");
      return 1;
    }
  for (unsigned k = 0; k < sizeof binary / sizeof *binary; k++)
    if (has_prefix(name, binary[k][0])) {
      putf(in, "%s(", binary[k][1]), op(in, 0), put(in, ", "), op(in, 1), put(in, ")");
      return 1;
    }
  if (has_prefix(name, "llvm.fma.") || has_prefix(name, "llvm.fmuladd.")) {
    put(in, "fma("), op(in, 0), put(in, ", "), op(in, 1), put(in, ", "), op(in, 2), put(in, ")");
    return 1;
  }
  return 0;
}

static int emit_bits(inst *in, const char *name, unsigned bits) {
  const char *t = uint_name(bits);
  if (has_prefix(name, "llvm.smax.")) return emit_minmax(in, 1, ">"), 1;
  if (has_prefix(name, "llvm.smin.")) return emit_minmax(in, 1, "<"), 1;
  if (has_prefix(name, "llvm.umax.")) return emit_minmax(in, 0, ">"), 1;
  if (has_prefix(name, "llvm.umin.")) return emit_minmax(in, 0, "<"), 1;
  if (has_prefix(name, "llvm.abs.")) return emit_abs(in, bits), 1;
  if (has_prefix(name, "llvm.bswap.")) return emit_bswap(in, bits), 1;
  if (has_prefix(name, "llvm.fshl.")) return emit_funnel(in, bits, 1), 1;
  if (has_prefix(name, "llvm.fshr.")) return emit_funnel(in, bits, 0), 1;
  static const char *const counts[][2] = {
      {"llvm.ctpop.", "popcount"}, {"llvm.ctlz.", "clz"}, {"llvm.cttz.", "ctz"}};
  for (unsigned k = 0; k < 3; k++)
    if (has_prefix(name, counts[k][0])) {
      putf(in, "(%s)%s(", t, counts[k][1]), op(in, 0), put(in, ")");
      return 1;
    }
  return 0;
}

static void emit_call(inst *in) {
  LLVMValueRef callee = LLVMGetCalledValue(in->i);
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  unsigned bits = int_bits(LLVMTypeOf(in->i));
  if (ignored_intrinsic(name))
    return;
  if (has_prefix(name, "llvm.nvvm.read.ptx.sreg."))
    return emit_sreg(in, name);
  if (!strcmp(name, "llvm.nvvm.barrier0")) {
    put(in, "threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device)");
    return;
  }
  if (has_prefix(name, "llvm.nvvm.ldg.global.")) { /* __ldg: a plain load */
    const char *t = memory_type(in, LLVMTypeOf(in->i));
    if (!t) {
      in->ok = 0;
      return;
    }
    put_deref(in, LLVMGetOperand(in->i, 0), t, NULL);
    return;
  }
  if (has_prefix(name, "llvm.memcpy.") || has_prefix(name, "llvm.memcpy.inline."))
    return emit_memcpy(in);
  if (has_prefix(name, "llvm.memset."))
    return emit_memset(in);
  if ((bits > 1 && emit_bits(in, name, bits)) || emit_math(in, name))
    return;
  in->ok = 0;
  msl_error(in->f->ctx, in->i, "%s '%s' " NOT_SUPPORTED,
            has_prefix(name, "llvm.nvvm.") ? "CUDA intrinsic" : "LLVM intrinsic", name);
}

/* Which instructions may touch double values: moving bits is fine. */
static int double_ok(LLVMOpcode opc) {
  return opc == LLVMLoad || opc == LLVMStore || opc == LLVMPHI || opc == LLVMSelect ||
         opc == LLVMBitCast || opc == LLVMFreeze || opc == LLVMCall;
}

static int touches_double(LLVMValueRef i) {
  if (is_double(LLVMTypeOf(i)))
    return 1;
  for (int k = 0; k < LLVMGetNumOperands(i); k++)
    if (is_double(LLVMTypeOf(LLVMGetOperand(i, k))))
      return 1;
  return 0;
}

static void emit_expression(inst *in, LLVMOpcode opc) {
  LLVMTypeRef ty = LLVMTypeOf(in->i);
  switch (opc) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMUDiv: case LLVMURem:
  case LLVMSDiv: case LLVMSRem:
    emit_int_binop(in, opc, int_bits(ty));
    return;
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem:
    emit_fbinop(in, opc);
    return;
  case LLVMFNeg:
    put(in, "(-"), op(in, 0), put(in, ")");
    return;
  case LLVMICmp: emit_icmp(in); return;
  case LLVMFCmp: emit_fcmp(in); return;
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI: case LLVMFPToSI:
  case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc: case LLVMFPExt:
    emit_cast(in, opc);
    return;
  case LLVMBitCast: emit_bitcast(in); return;
  case LLVMAddrSpaceCast: case LLVMFreeze: op(in, 0); return;
  case LLVMPtrToInt:
    putf(in, "(%s)", uint_name(int_bits(ty))), op(in, 0);
    return;
  case LLVMIntToPtr:
    put(in, "(ulong)"), op(in, 0);
    return;
  case LLVMGetElementPtr:
    in->ok = in->ok && put_gep(in->f, in->i, &in->e);
    return;
  case LLVMSelect: emit_select(in); return;
  case LLVMLoad: emit_load(in); return;
  case LLVMAlloca: /* bound to its thread array in the prologue */
    return;
  case LLVMAtomicRMW: case LLVMAtomicCmpXchg: fail(in, "atomic operation"); return;
  case LLVMFence: fail(in, "memory fence"); return;
  case LLVMExtractElement: case LLVMInsertElement: case LLVMShuffleVector:
    fail(in, "vector operation");
    return;
  case LLVMExtractValue: case LLVMInsertValue: fail(in, "aggregate value operation"); return;
  default: fail(in, "this instruction"); return;
  }
}

/* Instructions without side effects: safe to drop when unused. Anything
 * else (atomics included) must reach emit_expression, which emits or
 * rejects it. */
static int is_pure(LLVMOpcode opc) {
  switch (opc) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMFAdd: case LLVMFSub: case LLVMFMul:
  case LLVMFDiv: case LLVMFRem: case LLVMFNeg: case LLVMICmp: case LLVMFCmp:
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI: case LLVMFPToSI:
  case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc: case LLVMFPExt: case LLVMBitCast:
  case LLVMAddrSpaceCast: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMGetElementPtr:
  case LLVMSelect: case LLVMFreeze:
    return 1;
  default:
    return 0; /* divisions may trap: kept, like loads and calls */
  }
}

static void declare(msl_func *f, LLVMValueRef v, const char *type, const char *suffix) {
  const char *init = strchr(type, '*') ? "nullptr" : "0";
  msl_map_set(&f->declared, v, 1);
  msl_buf_printf(&f->decls, "  %s v%d%s = %s;\n", type, value_id(f, v), suffix, init);
}

static int emit_instruction(msl_func *f, LLVMValueRef i) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(i);
  inst in = {f, i, {0}, 1};
  if (touches_double(i) && !double_ok(opc))
    return msl_error(f->ctx, i, "double-precision arithmetic or conversion " NOT_SUPPORTED
                                " (FP64 emulation is not implemented yet)");
  LLVMTypeRef ty = LLVMTypeOf(i);
  int has_value = LLVMGetTypeKind(ty) != LLVMVoidTypeKind && opc != LLVMAlloca;
  const char *type = NULL;
  if (has_value) {
    msl_space s = LLVMGetTypeKind(ty) == LLVMPointerTypeKind ? msl_addrspace_of(f, i)
                                                              : MSL_SPACE_NONE;
    if (!(type = value_type(f, i, ty, s)))
      return 0;
    /* Pure values nobody uses are dropped (and need no declaration). */
    if (!LLVMGetFirstUse(i) && is_pure(opc))
      return 1;
  }
  if (opc == LLVMStore)
    emit_store(&in);
  else if (opc == LLVMCall)
    emit_call(&in);
  else
    emit_expression(&in, opc);
  if (in.ok && in.e.len) {
    if (has_value) {
      declare(f, i, type, "");
      msl_emit_line(f, "v%d = %s;", value_id(f, i), in.e.data);
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
      int id = value_id(f, i);
      msl_space s = LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMPointerTypeKind
                        ? msl_addrspace_of(f, i) : MSL_SPACE_NONE;
      const char *type = value_type(f, i, LLVMTypeOf(i), s);
      if (!type)
        return 0;
      declare(f, i, type, "");
      declare(f, i, type, "_in");
      msl_emit_line(f, "v%d = v%d_in;", id, id);
      continue;
    }
    if (!emit_instruction(f, i))
      return 0;
  }
  if (LLVMIsAReturnInst(term) || LLVMIsABranchInst(term))
    return 1;
  if (LLVMIsAUnreachableInst(term))
    return 1; /* undefined behaviour in CUDA: emitted as return */
  return msl_error(f->ctx, term, "this terminator " NOT_SUPPORTED);
}

int msl_emit_phi_copies(msl_func *f, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(to); i && LLVMIsAPHINode(i);
       i = LLVMGetNextInstruction(i)) {
    for (unsigned k = 0; k < LLVMCountIncoming(i); k++) {
      if (LLVMGetIncomingBlock(i, k) != from)
        continue;
      msl_buf e = {0};
      msl_space s = LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMPointerTypeKind
                        ? msl_addrspace_of(f, i) : MSL_SPACE_NONE;
      if (!put_operand(f, LLVMGetIncomingValue(i, k), &e, s)) {
        msl_buf_free(&e);
        return 0;
      }
      msl_emit_line(f, "v%d_in = %s;", value_id(f, i), e.data);
      msl_buf_free(&e);
      break; /* a phi may list the same predecessor twice */
    }
  }
  return 1;
}

/* ---- kernels ------------------------------------------------------------ */

static void collect_shared(msl_func *f, LLVMValueRef v, int depth) {
  if (depth > 16)
    return;
  if (LLVMIsAGlobalVariable(v)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(v)) != 3 || msl_map_get(&f->smem, v, -2) != -2)
      return;
    LLVMTypeRef ty = LLVMGlobalGetValueType(v);
    unsigned long long size = LLVMABISizeOfType(f->ctx->layout, ty);
    if (LLVMIsDeclaration(v) || size == 0) { /* extern __shared__ T x[]; */
      msl_map_set(&f->smem, v, -1);
      f->kernel->dynamic_smem = 1;
      return;
    }
    LLVMValueRef init = LLVMGetInitializer(v);
    if (init && !LLVMIsUndef(init) && !LLVMIsPoison(init))
      msl_error(f->ctx, v, "initialised __shared__ variable " NOT_SUPPORTED);
    unsigned slot = f->nsmem++;
    msl_map_set(&f->smem, v, (int)slot);
    msl_buf_printf(&f->decls, "  threadgroup ulong anchor_smem%u[%llu];\n", slot, (size + 7) / 8);
    f->kernel->static_smem += (unsigned)((size + 15) / 16 * 16);
    return;
  }
  if (LLVMIsAConstantExpr(v) || LLVMIsAConstantStruct(v) || LLVMIsAConstantArray(v))
    for (int k = 0; k < LLVMGetNumOperands(v); k++)
      collect_shared(f, LLVMGetOperand(v, k), depth + 1);
}

static void find_shared(msl_func *f) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      for (int k = 0; k < LLVMGetNumOperands(i); k++)
        collect_shared(f, LLVMGetOperand(i, k), 0);
}

/* Parameters are read from the CUDA parameter block at their offsets. */
static int emit_params(msl_func *f) {
  msl_kernel *k = f->kernel;
  for (unsigned p = 0; p < k->nparams; p++) {
    LLVMValueRef arg = LLVMGetParam(f->fn, p);
    unsigned off = k->params[p].offset, size = k->params[p].size;
    if (!LLVMGetFirstUse(arg))
      continue;
    int id = value_id(f, arg);
    msl_map_set(&f->declared, arg, 1);
    if (k->params[p].byval && msl_map_get(&f->private_copy, arg, 0)) {
      msl_buf_printf(&f->decls, "  ulong anchor_copy%d[%u];\n", id, (size + 7) / 8);
      msl_buf_printf(&f->decls, "  thread uchar* v%d = (thread uchar*)anchor_copy%d;\n", id, id);
      msl_emit_line(f, "for (uint k = 0; k < %uu; k++) v%d[k] = anchor_params[%uu + k];", size,
                    id, off);
    } else if (k->params[p].byval) {
      msl_buf_printf(&f->decls, "  constant uchar* v%d = anchor_params + %u;\n", id, off);
    } else {
      LLVMTypeRef ty = LLVMTypeOf(arg);
      const char *t = value_type(f, arg, ty, MSL_SPACE_DEVICE);
      if (!t)
        return 0;
      if (int_bits(ty) == 1)
        msl_buf_printf(&f->decls, "  bool v%d = anchor_params[%u] != 0;\n", id, off);
      else
        msl_buf_printf(&f->decls, "  %s v%d = *reinterpret_cast<constant %s*>(anchor_params + %u);\n",
                       t, id, t, off);
    }
  }
  return 1;
}

/* allocas that survived SROA become thread arrays (ulong-aligned). */
static int emit_allocas(msl_func *f) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsAAllocaInst(i))
        continue;
      LLVMValueRef count = LLVMGetOperand(i, 0);
      if (!LLVMIsAConstantInt(count))
        return msl_error(f->ctx, i, "variable-length stack array " NOT_SUPPORTED);
      unsigned long long size = LLVMABISizeOfType(f->ctx->layout, LLVMGetAllocatedType(i)) *
                                LLVMConstIntGetZExtValue(count);
      int id = value_id(f, i);
      msl_map_set(&f->declared, i, 1);
      msl_buf_printf(&f->decls, "  ulong anchor_priv%d[%llu];\n", id, size ? (size + 7) / 8 : 1);
      msl_buf_printf(&f->decls, "  thread uchar* v%d = (thread uchar*)anchor_priv%d;\n", id, id);
    }
  return 1;
}

static int valid_identifier(const char *s) {
  if (!*s || (*s >= '0' && *s <= '9'))
    return 0;
  for (; *s; s++)
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9')))
      return 0;
  return 1;
}

static void put_signature(msl_ctx *ctx, msl_kernel *k) {
  msl_buf *o = &ctx->msl;
  msl_buf_printf(o, "kernel void %s(\n", k->name);
  msl_buf_put(o, "    constant uchar *anchor_params [[buffer(0)]],\n");
  msl_buf_put(o, "    constant ulong *anchor_ctx [[buffer(1)]],\n");
  if (k->dynamic_smem)
    msl_buf_put(o, "    threadgroup uchar *anchor_dyn_smem [[threadgroup(0)]],\n");
  msl_buf_put(o, "    uint3 anchor_tid [[thread_position_in_threadgroup]],\n");
  msl_buf_put(o, "    uint3 anchor_bid [[threadgroup_position_in_grid]],\n");
  msl_buf_put(o, "    uint3 anchor_bdim [[threads_per_threadgroup]],\n");
  msl_buf_put(o, "    uint3 anchor_gdim [[threadgroups_per_grid]])\n{\n");
}

static int emit_kernel(msl_ctx *ctx, msl_kernel *k) {
  msl_func f = {0};
  f.ctx = ctx;
  f.kernel = k;
  f.fn = k->fn;
  if (!valid_identifier(k->name))
    return msl_error(ctx, k->fn, "kernel name '%s' is not an MSL identifier", k->name);
  int ok = msl_addrspace_analyze(&f) && msl_cfg_build(&f);
  if (ok) {
    find_shared(&f);
    f.emitted = calloc(f.cfg.nblocks, sizeof *f.emitted);
    ok = !ctx->failed && emit_params(&f) && emit_allocas(&f) && msl_structurize(&f) &&
         msl_verify_function(&f);
  }
  if (ok) {
    put_signature(ctx, k);
    msl_buf_put(&ctx->msl, f.decls.data ? f.decls.data : "");
    msl_buf_put(&ctx->msl, f.body.data ? f.body.data : "");
    msl_buf_put(&ctx->msl, "}\n\n");
  }
  free(f.emitted);
  msl_cfg_free(&f.cfg);
  msl_map_free(&f.value_id);
  msl_map_free(&f.declared);
  msl_map_free(&f.space);
  msl_map_free(&f.private_copy);
  msl_map_free(&f.smem);
  msl_buf_free(&f.decls);
  msl_buf_free(&f.body);
  return ok;
}

int msl_emit_module(msl_ctx *ctx) {
  const char *base = strrchr(ctx->path, '/');
  msl_buf_printf(&ctx->msl, "// MSL generated by anchor-msl from %s. Do not edit.\n",
                 base ? base + 1 : ctx->path);
  msl_buf_put(&ctx->msl, "#include <metal_stdlib>\nusing namespace metal;\n\n");
  for (unsigned k = 0; k < ctx->nkernels; k++)
    if (!emit_kernel(ctx, &ctx->kernels[k]))
      return 0;
  return 1;
}
