/* lower_ftz.c — IR->IR, first of all (before lower_div, lower_convert and
 * devlib_link): nvcc's -ftz=true, single-precision subnormals flushed to a
 * zero of the same sign.
 *
 * The mode is the module's: the driver compiles device code with clang's
 * -fgpu-flush-denormals-to-zero under -ftz=true, which sets the module flag
 * "nvvm-reflect-ftz" to 1 (NVVM's __CUDA_FTZ, what nvcc's cicc -ftz=1
 * reflects) and "denormal-fp-math-f32"="preserve-sign,preserve-sign" on
 * every function. Without the flag (or with 0) the pass changes nothing;
 * afterwards the flag is 0.
 * With it, every float operation nvcc compiles to a .ftz instruction gets
 * its float operands and its float result flushed, explicitly, with integer
 * operations on the bits (exponent field zero: only the sign bit kept; NaN
 * and infinities untouched), so that the MSL computes nvcc's values on any
 * Metal device, in the arithmetic with subnormals the rest of Anchor relies
 * on (softmetal keeps them):
 *   fadd fsub fmul fdiv frem, fma/fmuladd, sqrt: operands and result;
 *   fneg, fabs (neg.ftz, abs.ftz: -subnormal -> -0), floor, ceil (cvt.rmi.ftz,
 *   cvt.rpi.ftz), minnum/maxnum/minimum/maximum (min.ftz): operands, and the
 *   result is then never subnormal;
 *   fcmp (setp.ftz): operands (not for ord/uno, which only test for NaN);
 *   fpext float -> double (cvt.ftz.f64.f32): the operand;
 *   fptrunc double -> float (cvt.rn.ftz.f32.f64): the result;
 *   a call of a device-library function (__anchor_*: at this point only
 *   declared, the library is linked afterwards, its own code keeping exact
 *   subnormal arithmetic, which its algorithms rely on): float arguments and
 *   float result, as libdevice's ftz variants read subnormal arguments as
 *   zero and return no subnormal. The functions returning two floats packed
 *   in 64 bits (sincosf: low 32 bits sin, high cos) get both halves flushed.
 *   nextafterf steps from +-0 to +-FLT_MIN, the smallest float nvcc's code
 *   then returns (its result is otherwise flushed). __fmaf_ieee_* (distinct
 *   library names __anchor_fmaf_ieee_*) keep subnormals, as CUDA documents.
 *   cuda_bf16.h's operations that nvcc computes in bfloat16 instructions
 *   (no .ftz) call, under -ftz=true, their library twins __anchor_bf16_*,
 *   whose arguments and results are 16-bit patterns: nothing to flush
 *   (__anchor_bf16_round's float result is integral).
 *   The library's float* outputs need nothing: frexpf's and remquof's are
 *   integers, modff's integral part is trunc of the flushed argument.
 * Not flushed, as nvcc's PTX: copysign, bit casts, loads and stores, selects
 * and phis, trunc/rint/nearbyint/round/roundeven (cvt.rzi, cvt.rni: the same
 * value either way), conversions to or from integers (no subnormal arises
 * or survives), half and bfloat16 values and conversions, doubles, and
 * atomics. Vector operations are flushed element by element
 * (lower_per_element). A value is flushed once: flushed values and the
 * results above that cannot be subnormal are not flushed again; constants
 * fold (the builder folds the bit operations). A product whose only users
 * are sums it may be contracted with (`contract` on both: nvcc's default
 * -fmad=true fuses them into fma.rn.ftz, which reads the exact product) is
 * not flushed between them. Afterwards every function's
 * "denormal-fp-math-f32" attribute is removed: the flushes are explicit, and
 * the IR's arithmetic is IEEE's from here on (LLVM would otherwise be free
 * to treat the explicit bit tests as flushing compares). */
#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

static const char denormal_attr[] = "denormal-fp-math-f32";

/* The node {behaviour, !"nvvm-reflect-ftz", i32 value} of the module's
 * flags, NULL if none. */
static LLVMValueRef ftz_flag(msl_ctx *ctx) {
  const char *md = "llvm.module.flags";
  unsigned n = LLVMGetNamedMetadataNumOperands(ctx->mod, md);
  if (!n) return NULL;
  LLVMValueRef *flags = malloc(n * sizeof *flags);
  if (!flags) abort(); /* out of memory: nothing sensible to report */
  LLVMGetNamedMetadataOperands(ctx->mod, md, flags);
  LLVMValueRef found = NULL;
  for (unsigned i = 0; i < n && !found; i++) {
    LLVMValueRef ops[3];
    if (LLVMGetMDNodeNumOperands(flags[i]) != 3) continue;
    LLVMGetMDNodeOperands(flags[i], ops);
    unsigned len = 0;
    const char *key = ops[1] ? LLVMGetMDString(ops[1], &len) : NULL;
    if (key && len == 16 && !memcmp(key, "nvvm-reflect-ftz", 16) && ops[2] &&
        LLVMIsAConstantInt(ops[2]))
      found = flags[i];
  }
  free(flags);
  return found;
}

static int flag_value(LLVMValueRef flag) {
  LLVMValueRef ops[3];
  LLVMGetMDNodeOperands(flag, ops);
  return LLVMConstIntGetZExtValue(ops[2]) != 0;
}

typedef struct ftz_pass {
  msl_ctx *ctx;
  LLVMBuilderRef b;
  ptrmap flushed; /* values that are never subnormal: flushes and their kin */
} ftz_pass;

static int is_f32(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMFloatTypeKind;
}
/* float or a vector of floats */
static int has_f32(LLVMTypeRef t) {
  return is_f32(LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t);
}

/* The bits of a float with a subnormal (or zero) magnitude replaced by the
 * zero of its sign. */
static LLVMValueRef flush_bits(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef bits) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx->llctx);
  LLVMValueRef exponent = LLVMBuildAnd(b, bits, LLVMConstInt(i32, 0x7f800000u, 0), "");
  LLVMValueRef tiny = LLVMBuildICmp(b, LLVMIntEQ, exponent, LLVMConstInt(i32, 0, 0), "");
  LLVMValueRef sign = LLVMBuildAnd(b, bits, LLVMConstInt(i32, 0x80000000u, 0), "");
  return LLVMBuildSelect(b, tiny, sign, bits, "");
}

/* lower_element_fn: the float *x flushed, before `at`, with the debug
 * location of data (an instruction) or of `at`. */
static LLVMValueRef flush_element(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef at, LLVMTypeRef type,
                                  LLVMValueRef *x, void *data) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx->llctx);
  LLVMPositionBuilderBefore(b, at);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(data ? data : at));
  LLVMValueRef bits = flush_bits(ctx, b, LLVMBuildBitCast(b, *x, i32, ""));
  return LLVMBuildBitCast(b, bits, type, "");
}

/* A product that nvcc fuses into the fma of its sums (fma.rn.ftz reads
 * the exact product: nothing to flush between them): an fmul with
 * `contract` whose every user is a contractable fadd or fsub. */
static int contracted_product(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMFMul ||
      !(LLVMGetFastMathFlags(v) & LLVMFastMathAllowContract) || !LLVMGetFirstUse(v))
    return 0;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    LLVMOpcode op = LLVMIsAInstruction(user) ? LLVMGetInstructionOpcode(user) : LLVMRet;
    if ((op != LLVMFAdd && op != LLVMFSub) ||
        !(LLVMGetFastMathFlags(user) & LLVMFastMathAllowContract))
      return 0;
  }
  return 1;
}

static int starts_with(const char *s, size_t len, const char *prefix) {
  size_t n = strlen(prefix);
  return len >= n && !memcmp(s, prefix, n);
}
static int is_name(const char *s, size_t len, const char *name) {
  return len == strlen(name) && !memcmp(s, name, len);
}

/* Does v call an LLVM intrinsic rounding to an integral value? */
static int rounds_to_integer(LLVMValueRef v) {
  static const char *const names[] = {"llvm.trunc.", "llvm.rint.", "llvm.nearbyint.", "llvm.round.",
                                      "llvm.roundeven."};
  LLVMValueRef callee = LLVMGetCalledValue(v);
  if (!callee || !LLVMIsAFunction(callee)) return 0;
  size_t len = 0;
  const char *name = LLVMGetValueName2(callee, &len);
  for (unsigned k = 0; k < sizeof names / sizeof *names; k++)
    if (starts_with(name, len, names[k])) return 1;
  return 0;
}

/* Results that cannot be subnormal, whatever their operands. */
static int never_subnormal(LLVMValueRef v) {
  if (LLVMIsConstant(v)) return 0; /* folded by the flush itself */
  if (!LLVMIsAInstruction(v)) return 0;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMCall: /* trunc, rint ...: integral values */ return rounds_to_integer(v);
  case LLVMSIToFP:
  case LLVMUIToFP: return 1;
  case LLVMFPExt: /* from half: its values are normal floats (not so bfloat's) */
    return LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(v, 0))) == LLVMHalfTypeKind;
  default: return 0;
  }
}

/* v (float or float vector) flushed, built before `at` (with loc's debug
 * location, or at's when loc is NULL). */
static LLVMValueRef flush_at(ftz_pass *p, LLVMValueRef at, LLVMValueRef loc, LLVMValueRef v) {
  if (ptrmap_get(&p->flushed, v, 0) || never_subnormal(v) || contracted_product(v)) return v;
  LLVMValueRef r = lower_per_element(p->ctx, p->b, at, LLVMTypeOf(v), &v, 1, flush_element, loc);
  ptrmap_set(&p->flushed, r, 1);
  return r;
}

static LLVMValueRef flush(ftz_pass *p, LLVMValueRef at, LLVMValueRef v) {
  return flush_at(p, at, NULL, v);
}

/* Operand k of i flushed in place (both of x op x by one flush). */
static void flush_operands(ftz_pass *p, LLVMValueRef i, unsigned from, unsigned count) {
  for (unsigned k = from; k < from + count; k++) {
    LLVMValueRef v = LLVMGetOperand(i, k);
    if (!has_f32(LLVMTypeOf(v))) continue;
    LLVMValueRef r = flush(p, i, v);
    for (unsigned j = k; j < from + count; j++)
      if (LLVMGetOperand(i, j) == v) LLVMSetOperand(i, j, r);
  }
}

/* The uses of i, other than the new ones in its flush, take `r`. */
static void replace_uses(LLVMValueRef i, LLVMValueRef r, LLVMValueRef *users, unsigned n) {
  for (unsigned u = 0; u < n; u++)
    for (int k = 0, nops = LLVMGetNumOperands(users[u]); k < nops; k++)
      if (LLVMGetOperand(users[u], k) == i) LLVMSetOperand(users[u], k, r);
}

/* The users of i (each once), malloc'd; *n their number. */
static LLVMValueRef *users_of(LLVMValueRef i, unsigned *n) {
  unsigned count = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u))
    count++;
  LLVMValueRef *users = malloc((count ? count : 1) * sizeof *users);
  if (!users) abort();
  *n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    unsigned seen = 0;
    for (unsigned k = 0; k < *n && !seen; k++)
      seen = users[k] == user;
    if (!seen) users[(*n)++] = user;
  }
  return users;
}

typedef LLVMValueRef result_fn(ftz_pass *p, LLVMValueRef at, LLVMValueRef i);

/* i's result through fix (built after i), for i's previous users. */
static void fix_result(ftz_pass *p, LLVMValueRef i, result_fn *fix) {
  if (!LLVMGetFirstUse(i)) return;
  unsigned n;
  LLVMValueRef *users = users_of(i, &n);
  LLVMValueRef r = fix(p, LLVMGetNextInstruction(i), i);
  replace_uses(i, r, users, n);
  free(users);
}

static LLVMValueRef flush_result(ftz_pass *p, LLVMValueRef at, LLVMValueRef i) {
  return flush_at(p, at, i, i);
}

/* Two floats in 64 bits (low, high), each flushed. */
static LLVMValueRef flush_pair(ftz_pass *p, LLVMValueRef at, LLVMValueRef i) {
  msl_ctx *ctx = p->ctx;
  LLVMBuilderRef b = p->b;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx->llctx), i64 = LLVMInt64TypeInContext(ctx->llctx);
  LLVMPositionBuilderBefore(b, at);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(i));
  LLVMValueRef c32 = LLVMConstInt(i64, 32, 0);
  LLVMValueRef lo = flush_bits(ctx, b, LLVMBuildTrunc(b, i, i32, ""));
  LLVMValueRef hi = flush_bits(ctx, b, LLVMBuildTrunc(b, LLVMBuildLShr(b, i, c32, ""), i32, ""));
  return LLVMBuildOr(b, LLVMBuildZExt(b, lo, i64, ""),
                     LLVMBuildShl(b, LLVMBuildZExt(b, hi, i64, ""), c32, ""), "");
}

/* nextafterf's result r from the flushed x: a subnormal r (the step from
 * +-0, or from +-FLT_MIN toward zero) becomes +-FLT_MIN from a zero x, the
 * zero of r's sign otherwise. */
static LLVMValueRef fix_nextafter(ftz_pass *p, LLVMValueRef at, LLVMValueRef i) {
  msl_ctx *ctx = p->ctx;
  LLVMBuilderRef b = p->b;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx->llctx);
  LLVMPositionBuilderBefore(b, at);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(i));
  LLVMValueRef zero = LLVMConstInt(i32, 0, 0), mag = LLVMConstInt(i32, 0x7fffffffu, 0);
  LLVMValueRef bits = LLVMBuildBitCast(b, i, i32, "");
  LLVMValueRef x = LLVMBuildBitCast(b, LLVMGetOperand(i, 0), i32, "");
  LLVMValueRef from_zero = LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, x, mag, ""), zero, "");
  LLVMValueRef exponent = LLVMBuildAnd(b, bits, LLVMConstInt(i32, 0x7f800000u, 0), "");
  LLVMValueRef sign = LLVMBuildAnd(b, bits, LLVMConstInt(i32, 0x80000000u, 0), "");
  LLVMValueRef tiny = LLVMBuildICmp(b, LLVMIntEQ, exponent, zero, ""); /* zero or subnormal */
  LLVMValueRef min = LLVMBuildOr(b, sign, LLVMConstInt(i32, 0x00800000u, 0), "");
  /* from a zero x, a zero r is y's zero and stays; a subnormal one is the step */
  LLVMValueRef step = LLVMBuildAnd(
      b, from_zero, LLVMBuildICmp(b, LLVMIntNE, LLVMBuildAnd(b, bits, mag, ""), zero, ""), "");
  LLVMValueRef r = LLVMBuildSelect(b, tiny, LLVMBuildSelect(b, step, min, sign, ""), bits, "");
  r = LLVMBuildBitCast(b, r, LLVMFloatTypeInContext(ctx->llctx), "");
  ptrmap_set(&p->flushed, r, 1);
  return r;
}

/* The device library's functions returning two floats in 64 bits. */
static int returns_float_pair(const char *name, size_t len) {
  static const char *const pairs[] = {"__anchor_sincosf", "__anchor_sincospif",
                                      "__anchor___sincosf"};
  for (unsigned k = 0; k < sizeof pairs / sizeof *pairs; k++)
    if (is_name(name, len, pairs[k])) return 1;
  return 0;
}

static void visit_library_call(ftz_pass *p, LLVMValueRef i, const char *name, size_t len) {
  if (starts_with(name, len, "__anchor_fmaf_ieee_")) return; /* subnormals kept */
  flush_operands(p, i, 0, LLVMGetNumArgOperands(i));
  LLVMTypeRef type = LLVMTypeOf(i);
  if (is_name(name, len, "__anchor_nextafterf"))
    fix_result(p, i, fix_nextafter);
  else if (has_f32(type))
    fix_result(p, i, flush_result);
  else if (returns_float_pair(name, len) && LLVMGetTypeKind(type) == LLVMIntegerTypeKind &&
           LLVMGetIntTypeWidth(type) == 64)
    fix_result(p, i, flush_pair);
}

/* LLVM intrinsics on floats: 1 operands flushed and the result never
 * subnormal, 2 operands and result flushed, 0 left alone. */
static int intrinsic_kind(const char *name, size_t len) {
  static const char *const operands[] = {"llvm.fabs.",    "llvm.floor.",  "llvm.ceil.",
                                         "llvm.minnum.",  "llvm.maxnum.", "llvm.minimum.",
                                         "llvm.maximum.", "llvm.sqrt.",   "llvm.nvvm.sqrt."};
  static const char *const both[] = {"llvm.fma.", "llvm.fmuladd."};
  for (unsigned k = 0; k < sizeof operands / sizeof *operands; k++)
    if (starts_with(name, len, operands[k])) return 1;
  for (unsigned k = 0; k < sizeof both / sizeof *both; k++)
    if (starts_with(name, len, both[k])) return 2;
  return 0;
}

static void visit_call(ftz_pass *p, LLVMValueRef i) {
  LLVMValueRef callee = LLVMGetCalledValue(i);
  if (!callee || !LLVMIsAFunction(callee)) return;
  size_t len = 0;
  const char *name = LLVMGetValueName2(callee, &len);
  if (starts_with(name, len, "__anchor_")) {
    visit_library_call(p, i, name, len);
    return;
  }
  if (!has_f32(LLVMTypeOf(i))) return;
  int kind = intrinsic_kind(name, len);
  if (!kind) return;
  flush_operands(p, i, 0, LLVMGetNumArgOperands(i));
  if (kind == 1)
    ptrmap_set(&p->flushed, i, 1);
  else
    fix_result(p, i, flush_result);
}

static void visit(ftz_pass *p, LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  switch (op) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFRem:
    if (!has_f32(LLVMTypeOf(i))) return;
    flush_operands(p, i, 0, 2);
    fix_result(p, i, flush_result);
    return;
  case LLVMFNeg:
    if (!has_f32(LLVMTypeOf(i))) return;
    flush_operands(p, i, 0, 1);
    ptrmap_set(&p->flushed, i, 1);
    return;
  case LLVMFCmp: {
    LLVMRealPredicate pred = LLVMGetFCmpPredicate(i);
    if (pred == LLVMRealORD || pred == LLVMRealUNO || pred == LLVMRealPredicateTrue ||
        pred == LLVMRealPredicateFalse)
      return;
    flush_operands(p, i, 0, 2);
    return;
  }
  case LLVMFPExt:
    flush_operands(p, i, 0, 1); /* float -> double: flushed; half -> float: not float */
    return;
  case LLVMFPTrunc:
    if (has_f32(LLVMTypeOf(i))) fix_result(p, i, flush_result); /* double -> float */
    return;
  case LLVMCall: visit_call(p, i); return;
  default: return;
  }
}

int lower_ftz(msl_ctx *ctx) {
  LLVMValueRef flag = ftz_flag(ctx);
  if (!flag || !flag_value(flag)) return 1;
  ftz_pass p = {ctx, LLVMCreateBuilderInContext(ctx->llctx), {0}};
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn)) {
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
        next = LLVMGetNextInstruction(i); /* flushes of i's result go before next */
        visit(&p, i);
      }
    LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, denormal_attr,
                                     sizeof denormal_attr - 1);
  }
  /* The flushes are explicit now: the flag becomes 0, as the device library's (whose
   * module flags must agree with the user's for devlib_link), and a second run of the
   * pass changes nothing. */
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx->llctx);
  LLVMReplaceMDNodeOperandWith(flag, 2, LLVMValueAsMetadata(LLVMConstInt(i32, 0, 0)));
  ptrmap_free(&p.flushed);
  LLVMDisposeBuilder(p.b);
  return 1;
}
