/* operand.c — the lowest layer of the MSL emitter: MSL names of types,
 * operands (values, constants, constant expressions, GEP offsets, generic
 * pointers), dereferences and the line writer. Everything above it
 * (emit.c, atomics.c, intrinsics.c, fp64.c, kernel.c, structurize.c) builds
 * its text from these; it calls none of them.
 *
 * Value representation: LLVM integers are sign-agnostic, so i8/i16/i32/i64
 * are carried as uchar/ushort/uint/ulong (i1 as bool) and cast to the signed
 * type only where the operation is signed. Pointers follow addrspace.c:
 * device pointers are ulong CUDA addresses, translated at each dereference by
 * adding the delta MSL_DELTA (anchor_ctx[0]); the others are byte pointers in their MSL
 * address space. double is carried as its ulong bits (only moved, never
 * computed on). Every SSA value is a variable declared at the top of the
 * kernel, so structured emission never fights C++ scoping. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

void msl_emit_line(msl_func *f, const char *fmt, ...) {
  for (int i = 0; i < f->text.indent + 1; i++)
    strbuf_put(&f->text.body, "  ");
  va_list ap;
  va_start(ap, fmt);
  strbuf_vprintf(&f->text.body, fmt, ap);
  va_end(ap);
  strbuf_put(&f->text.body, "\n");
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

/* The MSL vector type of `ty` (2 to 4 elements of an integer, half, float or
 * double, a double as its ulong bits), or NULL: the vectors pipeline_vectorize
 * leaves for loads and stores. */
const char *msl_vector_name(LLVMTypeRef ty) {
  static const char *const names[][3] = {
      {"bool2", "bool3", "bool4"},       {"uchar2", "uchar3", "uchar4"},
      {"ushort2", "ushort3", "ushort4"}, {"uint2", "uint3", "uint4"},
      {"ulong2", "ulong3", "ulong4"},    {"half2", "half3", "half4"},
      {"float2", "float3", "float4"}};
  if (LLVMGetTypeKind(ty) != LLVMVectorTypeKind) return NULL;
  unsigned n = LLVMGetVectorSize(ty);
  LLVMTypeRef element = LLVMGetElementType(ty);
  int row;
  switch (LLVMGetTypeKind(element)) {
  case LLVMIntegerTypeKind:
    switch (LLVMGetIntTypeWidth(element)) {
    case 1: row = 0; break;
    case 8: row = 1; break;
    case 16: row = 2; break;
    case 32: row = 3; break;
    case 64: row = 4; break;
    default: return NULL;
    }
    break;
  case LLVMDoubleTypeKind: row = 4; break;
  case LLVMHalfTypeKind: row = 5; break;
  case LLVMFloatTypeKind: row = 6; break;
  default: return NULL;
  }
  return n >= 2 && n <= 4 ? names[row][n - 2] : NULL;
}

/* MSL type of a value of type `ty`; NULL (after an error at `at`) when the
 * type has no representation. */
const char *msl_value_type(msl_func *f, LLVMValueRef at, LLVMTypeRef ty, msl_space s) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind: {
    unsigned bits = LLVMGetIntTypeWidth(ty);
    if (bits == 1 || bits == 8 || bits == 16 || bits == 32 || bits == 64)
      return msl_uint_name(bits);
    diag_error(f->ctx, at, "%u-bit integer arithmetic " NOT_SUPPORTED, bits);
    return NULL;
  }
  case LLVMHalfTypeKind: return "half";
  case LLVMFloatTypeKind: return "float";
  case LLVMDoubleTypeKind: return "ulong";
  case LLVMPointerTypeKind: return space_pointer(s);
  case LLVMVectorTypeKind:
    if (msl_vector_name(ty)) return msl_vector_name(ty);
    diag_error(f->ctx, at, "vector value " NOT_SUPPORTED);
    return NULL;
  case LLVMStructTypeKind:
  case LLVMArrayTypeKind:
    diag_error(f->ctx, at, "aggregate (struct or array) value in a register " NOT_SUPPORTED);
    return NULL;
  default:
    diag_error(f->ctx, at, "this floating-point or special type " NOT_SUPPORTED);
    return NULL;
  }
}

/* ---- operands ---------------------------------------------------------- */

int msl_value_id(msl_func *f, LLVMValueRef v) {
  assert(LLVMIsAInstruction(v) || LLVMIsAArgument(v));
  int id = ptrmap_get(&f->text.value_id, v, -1);
  if (id < 0) ptrmap_set(&f->text.value_id, v, id = (int)f->text.next_id++);
  return id;
}

static void put_zero(strbuf *out, LLVMTypeRef ty, msl_space hint) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMVectorTypeKind: msl_put_vector_zero(out, ty); return;
  case LLVMIntegerTypeKind:
    if (LLVMGetIntTypeWidth(ty) == 1)
      strbuf_put(out, "false");
    else
      strbuf_printf(out, "(%s)0", msl_uint_name(LLVMGetIntTypeWidth(ty)));
    return;
  case LLVMHalfTypeKind: strbuf_put(out, "0.0h"); return;
  case LLVMFloatTypeKind: strbuf_put(out, "0.0f"); return;
  case LLVMPointerTypeKind:
    strbuf_put(out, hint == MSL_SPACE_DEVICE || hint == MSL_SPACE_NONE || hint == MSL_SPACE_GENERIC
                        ? "0ul"
                        : "nullptr");
    return;
  default: strbuf_put(out, "0ul"); return;
  }
}

/* A vector of zeros, `float4(0.0f)`: a splat of a typed zero (a half one by its
 * bits, as constants are spelled, which NVRTC reads too). Also the initial value
 * of a vector variable (emit.c). */
void msl_put_vector_zero(strbuf *out, LLVMTypeRef ty) {
  LLVMTypeRef element = LLVMGetElementType(ty);
  const char *name = msl_vector_name(ty);
  switch (LLVMGetTypeKind(element)) {
  case LLVMHalfTypeKind: strbuf_printf(out, "%s(as_type<half>((ushort)0x0))", name); return;
  case LLVMFloatTypeKind: strbuf_printf(out, "%s(0.0f)", name); return;
  case LLVMIntegerTypeKind:
    if (LLVMGetIntTypeWidth(element) == 1) {
      strbuf_printf(out, "%s(false)", name);
      return;
    }
    strbuf_printf(out, "%s((%s)0)", name, msl_uint_name(LLVMGetIntTypeWidth(element)));
    return;
  default: strbuf_printf(out, "%s(0ul)", name); return;
  }
}

static void put_float(strbuf *out, LLVMValueRef c) {
  LLVMBool loses;
  double d = LLVMConstRealGetDouble(c, &loses);
  LLVMTypeKind kind = LLVMGetTypeKind(LLVMTypeOf(c));
  if (kind == LLVMDoubleTypeKind) {
    unsigned long long bits;
    memcpy(&bits, &d, 8);
    strbuf_printf(out, "0x%llxul", bits);
    return;
  }
  float x = (float)d;
  if (kind == LLVMHalfTypeKind) {
    strbuf_printf(out, "as_type<half>((ushort)0x%x)", fp16_from_double(d));
    return;
  }
  char text[64];
  snprintf(text, sizeof text, "%.9g", x);
  /* Spell it exactly when the decimal round-trips, else by its bits. */
  if (!isfinite(x) || strtof(text, NULL) != x || (x == 0 && signbit(x))) {
    unsigned bits;
    memcpy(&bits, &x, 4);
    strbuf_printf(out, "as_type<float>(0x%xu)", bits);
    return;
  }
  if (!strpbrk(text, ".e")) strcat(text, ".0");
  strbuf_printf(out, "%sf", text);
}

static int put_signed(msl_func *f, LLVMValueRef v, strbuf *out) {
  unsigned bits = msl_int_bits(LLVMTypeOf(v));
  if (bits == 1) { /* i1 true is -1 when signed */
    strbuf_put(out, "(-(int)");
    int ok = msl_put_operand(f, v, out, MSL_SPACE_NONE);
    strbuf_put(out, ")");
    return ok;
  }
  strbuf_printf(out, "(%s)", msl_sint_name(bits));
  return msl_put_operand(f, v, out, MSL_SPACE_NONE);
}

/* Byte offset of a GEP (instruction or constant expression) as a signed
 * expression; "" when zero. */
static int put_gep_offset(msl_func *f, LLVMValueRef gep, strbuf *out) {
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
        return diag_error(f->ctx, gep, "address computation " NOT_SUPPORTED);
      ty = LLVMGetElementType(ty);
    }
    scale = (long long)LLVMABISizeOfType(dl, ty);
    if (LLVMGetTypeKind(LLVMTypeOf(idx)) == LLVMVectorTypeKind)
      return diag_error(f->ctx, gep, "vector address computation " NOT_SUPPORTED);
    if (LLVMIsAConstantInt(idx)) {
      constant += LLVMConstIntGetSExtValue(idx) * scale;
      continue;
    }
    if (out->len) strbuf_put(out, " + ");
    if (msl_int_bits(LLVMTypeOf(idx)) != 64) strbuf_put(out, "(long)");
    if (!put_signed(f, idx, out)) return 0;
    if (scale != 1) strbuf_printf(out, " * %lld", scale);
  }
  if (constant) {
    if (out->len) strbuf_put(out, " + ");
    strbuf_printf(out, "%lld", constant);
  }
  return 1;
}

int msl_put_gep(msl_func *f, LLVMValueRef gep, strbuf *out) {
  assert(LLVMIsAGetElementPtrInst(gep) || LLVMIsAConstantExpr(gep));
  strbuf off = {0};
  int ok = put_gep_offset(f, gep, &off);
  msl_space s = msl_addrspace_of(f, LLVMGetOperand(gep, 0));
  strbuf_put(out, "(");
  ok = ok && msl_put_operand(f, LLVMGetOperand(gep, 0), out, s);
  if (ok && off.len)
    strbuf_printf(out,
                  s == MSL_SPACE_DEVICE || s == MSL_SPACE_NONE || s == MSL_SPACE_GENERIC
                      ? " + (ulong)(%s)"
                      : " + (%s)",
                  off.data);
  strbuf_put(out, ")");
  strbuf_free(&off);
  return ok;
}

static int put_global(msl_func *f, LLVMValueRef g, strbuf *out) {
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == AC_NVPTX_SHARED) {
    int spilled = ptrmap_get(&f->layout.spill, g, -1); /* smem_spill.c */
    if (spilled >= 0) {
      strbuf_printf(out, "(anchor_spill + %d)", spilled);
      return 1;
    }
    int offset = ptrmap_get(&f->layout.smem, g, -1);
    if (offset < 0)
      strbuf_put(out, "anchor_dyn_smem");
    else
      strbuf_printf(out, "((threadgroup uchar*)anchor_smem + %d)", offset);
    return 1;
  }
  int index = ptrmap_get(&f->ctx->global_index, g, -1);
  if (index < 0) return diag_error(f->ctx, NULL, "internal error: unknown global");
  strbuf_printf(out, "%s[%d]", AC_ABI_CONTEXT, AC_ABI_CONTEXT_GLOBAL(index));
  return 1;
}

static int put_constant_expr(msl_func *f, LLVMValueRef v, strbuf *out, msl_space hint) {
  switch (LLVMGetConstOpcode(v)) {
  case LLVMGetElementPtr: return msl_put_gep(f, v, out);
  case LLVMAddrSpaceCast:
  case LLVMBitCast: return msl_put_operand(f, LLVMGetOperand(v, 0), out, hint);
  case LLVMPtrToInt: {
    /* as the instruction (msl_inst_operand): a pointer turned into an integer is a
     * generic pointer, one into shared memory its tag and offset (instcombine makes
     * `ptrtoint @smem to i32` of trunc(ptrtoint), e.g. libcu++'s barrier matching
     * its address across a warp) */
    LLVMValueRef p = LLVMGetOperand(v, 0);
    msl_space s = msl_addrspace_of(f, p);
    strbuf_printf(out, "(%s)", msl_uint_name(msl_int_bits(LLVMTypeOf(v))));
    return msl_put_operand(f, p, out,
                           s == MSL_SPACE_NONE || s == MSL_SPACE_DEVICE ? MSL_SPACE_DEVICE
                                                                        : MSL_SPACE_GENERIC);
  }
  case LLVMIntToPtr:
    strbuf_put(out, "(ulong)");
    return msl_put_operand(f, LLVMGetOperand(v, 0), out, MSL_SPACE_NONE);
  case LLVMTrunc:
    strbuf_printf(out, "(%s)", msl_uint_name(msl_int_bits(LLVMTypeOf(v))));
    return msl_put_operand(f, LLVMGetOperand(v, 0), out, MSL_SPACE_NONE);
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
    strbuf_printf(out, "(%s)((%s)", msl_uint_name(bits), msl_wide_name(bits));
    int ok = msl_put_operand(f, LLVMGetOperand(v, 0), out, MSL_SPACE_NONE);
    strbuf_printf(out, " %s (%s)", sym, msl_wide_name(bits));
    ok = ok && msl_put_operand(f, LLVMGetOperand(v, 1), out, MSL_SPACE_NONE);
    strbuf_put(out, ")");
    return ok;
  }
  default: break;
  }
  return diag_error(f->ctx, NULL, "constant expression " NOT_SUPPORTED);
}

/* A pointer of one space as a generic pointer (see msl_space). */
static int put_generic(msl_func *f, LLVMValueRef v, msl_space s, strbuf *out) {
  static const char *const base[] = {[MSL_SPACE_PRIVATE] = "(thread uchar*)anchor_priv",
                                     [MSL_SPACE_PARAM] = "anchor_params",
                                     [MSL_SPACE_SHARED] = "(threadgroup uchar*)anchor_smem",
                                     [MSL_SPACE_DYN_SHARED] = "anchor_dyn_smem"};
  static const int tag[] = {[MSL_SPACE_PRIVATE] = 1,
                            [MSL_SPACE_PARAM] = 2,
                            [MSL_SPACE_SHARED] = 3,
                            [MSL_SPACE_DYN_SHARED] = 4};
  if (s == MSL_SPACE_NONE || s == MSL_SPACE_DEVICE)
    return msl_put_operand(f, v, out, MSL_SPACE_DEVICE);
  strbuf_printf(out, "((%dul << 56) | (ulong)(", tag[s]);
  int ok = msl_put_operand(f, v, out, s);
  strbuf_printf(out, " - %s))", base[s]);
  return ok;
}

int msl_put_operand(msl_func *f, LLVMValueRef v, strbuf *out, msl_space hint) {
  LLVMTypeRef ty = LLVMTypeOf(v);
  if (hint == MSL_SPACE_GENERIC && LLVMGetTypeKind(ty) == LLVMPointerTypeKind) {
    msl_space s = msl_addrspace_of(f, v);
    if (s != MSL_SPACE_GENERIC) return put_generic(f, v, s, out);
  }
  if (LLVMIsAInstruction(v) || LLVMIsAArgument(v)) {
    strbuf_printf(out, "v%d", msl_value_id(f, v));
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
      strbuf_put(out, x ? "true" : "false");
    else if (bits == 32)
      strbuf_printf(out, "%lluu", x);
    else if (bits == 64)
      strbuf_printf(out, "%lluul", x);
    else
      strbuf_printf(out, "(%s)%llu", msl_uint_name(bits), x);
    return 1;
  }
  if (LLVMIsAConstantFP(v)) {
    put_float(out, v);
    return 1;
  }
  if ((LLVMIsAConstantDataVector(v) || LLVMIsAConstantVector(v)) && msl_vector_name(ty)) {
    strbuf_printf(out, "%s(", msl_vector_name(ty));
    int ok = 1;
    for (unsigned k = 0; ok && k < LLVMGetVectorSize(ty); k++) {
      if (k) strbuf_put(out, ", ");
      ok = msl_put_operand(f, LLVMGetAggregateElement(v, k), out, MSL_SPACE_NONE);
    }
    strbuf_put(out, ")");
    return ok;
  }
  if (LLVMIsAGlobalVariable(v)) return put_global(f, v, out);
  if (LLVMIsAConstantExpr(v)) return put_constant_expr(f, v, out, hint);
  if (LLVMIsAFunction(v)) return diag_error(f->ctx, NULL, "function pointer " NOT_SUPPORTED);
  return diag_error(f->ctx, NULL, "constant of this kind " NOT_SUPPORTED);
}

int msl_emit_condition(msl_func *f, LLVMValueRef cond, strbuf *out) {
  return msl_put_operand(f, cond, out, MSL_SPACE_NONE);
}

/* ---- instructions ------------------------------------------------------ */

void msl_inst_put(msl_inst *in, const char *s) {
  strbuf_put(&in->e, s);
}
__attribute__((format(printf, 2, 3))) static void inst_printf(msl_inst *in, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  strbuf_vprintf(&in->e, fmt, ap);
  va_end(ap);
}
/* Operand k of in into in->e for space s; for one element of a vector load or
 * store spelled element by element (in->element_wise, emit.c), its pointer
 * operand moved to the element and a store's value narrowed to it. */
static void put_inst_operand(msl_inst *in, unsigned k, msl_space s) {
  LLVMValueRef v = LLVMGetOperand(in->i, k);
  int store = LLVMIsAStoreInst(in->i) != NULL;
  if (!in->element_wise || (k != (unsigned)store && !(store && k == 0))) {
    in->ok = in->ok && msl_put_operand(in->f, v, &in->e, s);
    return;
  }
  LLVMTypeRef vector = LLVMTypeOf(store ? LLVMGetOperand(in->i, 0) : in->i);
  if (k == (unsigned)store) { /* the pointer */
    unsigned long long size =
        LLVMStoreSizeOfType(in->f->ctx->layout, LLVMGetElementType(vector)) * in->element;
    strbuf_put(&in->e, "(");
    in->ok = in->ok && msl_put_operand(in->f, v, &in->e, s);
    strbuf_printf(&in->e, " + %llu)", size);
    return;
  }
  in->ok = in->ok && msl_put_operand(in->f, v, &in->e, s);
  strbuf_printf(&in->e, ".%c", "xyzw"[in->element]);
}

void msl_inst_operand(msl_inst *in, unsigned k) {
  LLVMValueRef v = LLVMGetOperand(in->i, k);
  msl_space s = LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind ? msl_addrspace_of(in->f, v)
                                                                      : MSL_SPACE_NONE;
  /* a pointer stored to memory or turned into an integer is a generic pointer
   * (addrspace.c) */
  if (k == 0 && (LLVMIsAStoreInst(in->i) || LLVMIsAPtrToIntInst(in->i)) && s != MSL_SPACE_NONE &&
      s != MSL_SPACE_DEVICE)
    s = MSL_SPACE_GENERIC;
  put_inst_operand(in, k, s);
}
static void inst_signed(msl_inst *in, unsigned k) {
  in->ok = in->ok && put_signed(in->f, LLVMGetOperand(in->i, k), &in->e);
}
/* The MSL name of the instruction's result type for %T: the unsigned
 * integer type, half or float. */
static const char *result_name(LLVMTypeRef ty) {
  if (msl_vector_name(ty)) return msl_vector_name(ty);
  unsigned bits = msl_int_bits(ty);
  if (bits) return msl_uint_name(bits);
  return LLVMGetTypeKind(ty) == LLVMHalfTypeKind ? "half" : "float";
}

/* %Qk: the qualifier of pointer operand k's space, "volatile " first for
 * a volatile non-atomic load or store (CUDA volatile accesses, flags
 * polled in loops and warp-synchronous shared memory, must each reach
 * memory; atomics do anyway, and the constant parameter block never
 * changes during a dispatch). A generic pointer has no single qualifier:
 * an error. */
static void put_qualifier(msl_inst *in, unsigned k) {
  msl_space s = msl_addrspace_of(in->f, LLVMGetOperand(in->i, k));
  if (s == MSL_SPACE_NONE) s = MSL_SPACE_DEVICE;
  if (s == MSL_SPACE_GENERIC) {
    msl_inst_unsupported(in, "this memory operation through a pointer that may point into "
                             "several address spaces");
    return;
  }
  int is_volatile = (LLVMIsALoadInst(in->i) || LLVMIsAStoreInst(in->i)) && LLVMGetVolatile(in->i) &&
                    LLVMGetOrdering(in->i) == LLVMAtomicOrderingNotAtomic && s != MSL_SPACE_PARAM;
  inst_printf(in, "%s%s", is_volatile ? "volatile " : "", space_qualifier(s));
}

/* %Dk: a device pointer (a CUDA address) becomes a Metal one by the delta. */
static void put_delta(msl_inst *in, unsigned k) {
  msl_space s = msl_addrspace_of(in->f, LLVMGetOperand(in->i, k));
  if (s == MSL_SPACE_NONE || s == MSL_SPACE_DEVICE) msl_inst_put(in, " + " MSL_DELTA);
}

static unsigned digit(const char *p) {
  assert(*p >= '0' && *p <= '9');
  return (unsigned)(*p - '0');
}

void msl_inst_template_args(msl_inst *in, const char *t, const char *const *args) {
  LLVMTypeRef ty = in->i ? LLVMTypeOf(in->i) : NULL;
  unsigned bits = ty ? msl_int_bits(ty) : 0;
  while (*t) {
    const char *pct = strchr(t, '%');
    size_t n = pct ? (size_t)(pct - t) : strlen(t);
    strbuf_putn(&in->e, t, n);
    if (!pct) return;
    t = pct + 2;
    switch (pct[1]) {
    case '%': msl_inst_put(in, "%"); break;
    case 's': inst_signed(in, digit(t++)); break;
    case 'H': put_inst_operand(in, digit(t++), in->space); break;
    case 'Q': put_qualifier(in, digit(t++)); break;
    case 'D': put_delta(in, digit(t++)); break;
    case 'a':
      assert(args && args[digit(t)]);
      msl_inst_put(in, args[digit(t++)]);
      break;
    case 'V': inst_printf(in, "v%d", msl_value_id(in->f, in->i)); break;
    case 'T':
      assert(ty);
      msl_inst_put(in, result_name(ty));
      break;
    case 'S': msl_inst_put(in, msl_sint_name(bits)); break;
    case 'W': msl_inst_put(in, msl_wide_name(bits)); break;
    case 'B': inst_printf(in, "%u", bits); break;
    default: msl_inst_operand(in, digit(pct + 1));
    }
  }
}

void msl_inst_template(msl_inst *in, const char *t) {
  msl_inst_template_args(in, t, NULL);
}

void msl_inst_template_lines(msl_inst *in, const char *t, const char *const *args) {
  assert(in->e.len == 0);
  while (*t) {
    size_t n = strcspn(t, "\n");
    char *line = malloc(n + 1);
    if (!line) abort(); /* out of memory, as in util.c */
    memcpy(line, t, n);
    line[n] = 0;
    msl_inst_template_args(in, line, args);
    free(line);
    msl_emit_line(in->f, "%s", in->e.data ? in->e.data : "");
    strbuf_free(&in->e);
    t += n + (t[n] == '\n');
  }
}

int msl_inst_unsupported(msl_inst *in, const char *what) {
  in->ok = 0;
  return diag_error(in->f->ctx, in->i, "%s " NOT_SUPPORTED, what);
}

const char *msl_memory_type(msl_inst *in, LLVMTypeRef ty) {
  if (msl_int_bits(ty) == 1) return "uchar";
  return msl_value_type(in->f, in->i, ty, MSL_SPACE_DEVICE);
}
