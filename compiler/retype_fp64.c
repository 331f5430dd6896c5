/* retype_fp64.c — IR->IR: anchorcc --fp64=demote|fast|error (ARCHITECTURE.md
 * decision 7; docs/compiler.md "FP64 modes"). The default, --fp64=exact,
 * never reaches this file: lower_fp64.c makes every double operation
 * software binary64.
 *
 * error: after the pipeline has inlined the device library, the first
 * instruction of a kernel that computes on doubles is an error located at
 * the user's source line (the outermost call site of inlined library code).
 * Moving double bits (load, store, select, phi, bit cast, aggregates,
 * atomic exchange) is allowed: it is not arithmetic.
 *
 * demote and fast share one mechanism, fp64_retype: every double-typed SSA
 * value gets a representation R — a float (demote), or a pair of floats
 * hi + lo with hi = rn(hi + lo) (fast, double-float) — and every double
 * instruction its R form; phi and select of double become phi and select
 * of R (two of each for a pair). Where binary64 bits are visible (loads,
 * stores, bit casts, aggregates, kernel arguments, atomics, and any
 * instruction the pass has no R form for) the value is converted: binary64
 * -> float is fptrunc (round to nearest, overflow to infinity, subnormals:
 * lower_fp64 makes it anchor_f64_to_f32), binary64 -> pair is the device
 * library's __anchor_dd_from_bits (integer work on the bits, within 2^-48
 * of d; lo = 0 when hi is infinite), and back fpext(hi) (+ fpext(lo), a
 * software binary64 addition: rn(hi + lo)). A conversion is made only where a use
 * needs it, next to the value's definition, so a double that is only copied
 * stays the same bits. The pass runs after the pipeline (the device
 * library's double code, inlined, is retyped too) and before lower_fp64,
 * which then sees only the boundary conversions.
 *
 * The R forms that need more than one float instruction are device-library
 * functions (demote: __anchor_fdiv_rn for x / y, __anchor_fmodf for frem;
 * fast: __anchor_dd_* of devlib/f64_fast.cu, returning the pair as the bits
 * of a 64-bit integer, hi in the low half): the pass declares them and sets
 * *relink, and compile.c links the library again and re-runs the pipeline,
 * which inlines them (one mechanism, the library's own; no MSL prelude).
 *
 * fp64_demote_calls runs before the pipeline: under demote, a call of a
 * double library function with a float counterpart calls the float one, so
 * demoted exp(x) is expf's code, not exp's code run in float. */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

/* ---- where the user wrote it ------------------------------------------ */

/* The instruction itself when it has a location, else the nearest one of
 * its block that has (passes create instructions without); NULL if none. */
static LLVMValueRef with_location(LLVMValueRef at) {
  if (LLVMInstructionGetDebugLoc(at)) return at;
  for (LLVMValueRef i = LLVMGetPreviousInstruction(at); i; i = LLVMGetPreviousInstruction(i))
    if (LLVMInstructionGetDebugLoc(i)) return i;
  for (LLVMValueRef i = LLVMGetNextInstruction(at); i; i = LLVMGetNextInstruction(i))
    if (LLVMInstructionGetDebugLoc(i)) return i;
  return NULL;
}

/* "file:line:col: " of the user's code that instruction `at` comes from:
 * for code inlined from the device library or the headers, the outermost
 * call site. */
static void put_user_location(msl_ctx *ctx, LLVMValueRef at) {
  LLVMValueRef i = with_location(at);
  LLVMMetadataRef loc = i ? LLVMInstructionGetDebugLoc(i) : NULL;
  if (loc) {
    for (LLVMMetadataRef up; (up = LLVMDILocationGetInlinedAt(loc)) != NULL;)
      loc = up;
    LLVMMetadataRef file = LLVMDIScopeGetFile(LLVMDILocationGetScope(loc));
    unsigned len = 0;
    const char *name = file ? LLVMDIFileGetFilename(file, &len) : NULL;
    if (name && len) {
      strbuf_printf(&ctx->diags, "%.*s:%u:", (int)len, name, LLVMDILocationGetLine(loc));
      if (LLVMDILocationGetColumn(loc))
        strbuf_printf(&ctx->diags, "%u:", LLVMDILocationGetColumn(loc));
      strbuf_put(&ctx->diags, " ");
      return;
    }
  }
  diag_put_file(ctx);
}

/* The kernel's name as written: the identifier of a plain Itanium-mangled
 * name (_Z6kernelPd -> kernel), else the symbol as it is. */
static void put_kernel_name(msl_ctx *ctx, LLVMValueRef fn) {
  size_t len;
  const char *name = LLVMGetValueName2(fn, &len);
  if (len > 2 && name[0] == '_' && name[1] == 'Z' && name[2] >= '1' && name[2] <= '9') {
    char *end;
    unsigned long n = strtoul(name + 2, &end, 10);
    if (n <= len - (size_t)(end - name)) {
      strbuf_putn(&ctx->diags, end, n);
      return;
    }
  }
  strbuf_putn(&ctx->diags, name, len);
}

/* ---- what touches doubles ---------------------------------------------- */

static int is_double(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMDoubleTypeKind;
}

/* Instructions that only move a double's bits. */
static int moves_only(LLVMValueRef i) {
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMLoad:
  case LLVMStore:
  case LLVMBitCast:
  case LLVMPHI:
  case LLVMSelect:
  case LLVMExtractValue:
  case LLVMInsertValue:
  case LLVMExtractElement:
  case LLVMInsertElement:
  case LLVMShuffleVector:
  case LLVMFreeze:
  case LLVMRet: return 1;
  case LLVMAtomicRMW: return LLVMGetAtomicRMWBinOp(i) == LLVMAtomicRMWBinOpXchg;
  case LLVMCall: return !strncmp(ir_callee_name(i), "llvm.nvvm.ldg.global.", 21); /* a load */
  default: return 0;
  }
}

int fp64_check_error(msl_ctx *ctx) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!ir_touches_double(i) || moves_only(i)) continue;
        if (ctx->failed) return 0;
        ctx->failed = 1;
        put_user_location(ctx, i);
        strbuf_put(&ctx->diags, "error: double-precision arithmetic in kernel '");
        put_kernel_name(ctx, fn);
        strbuf_put(&ctx->diags, "' with --fp64=error\n");
        return 0;
      }
  return 1;
}

/* ---- demote: the float library in place of the double one --------------- */

/* Double library functions whose pointer parameters (bit k: parameter k)
 * point to doubles the function writes: demoted, they get a float
 * temporary each, converted and stored after the call. Functions that read
 * doubles through a pointer (norm, rnorm) are not demoted by name: their
 * double code is retyped. Every other pointer parameter of a double library
 * function points to an int or a char, the same in the float one. */
static int double_out_params(const char *name, int *mask) {
  static const struct {
    const char *name;
    int mask;
  } table[] = {{"__anchor_sincos", 6},
               {"__anchor_sincospi", 6},
               {"__anchor_modf", 2},
               {"__anchor_norm", -1},
               {"__anchor_rnorm", -1}};
  *mask = 0;
  for (unsigned k = 0; k < sizeof table / sizeof *table; k++)
    if (!strcmp(name, table[k].name)) *mask = table[k].mask;
  return *mask >= 0;
}

/* Under fast, the double functions whose code stays (retyped to pairs):
 * the correctly rounded operations, which are the pair operations
 * themselves (sqrt is llvm.sqrt.f64, dadd_rn a + b...), and the conversions,
 * which work on binary64 bits (the pair converted at their boundary). */
static int kept_under_fast(const char *base) {
  static const char *const kept[] = {"sqrt",    "dadd_rn", "dsub_rn",  "dmul_rn",
                                     "ddiv_rn", "drcp_rn", "dsqrt_rn", "fma_rn"};
  for (unsigned k = 0; k < sizeof kept / sizeof *kept; k++)
    if (!strcmp(base, kept[k])) return 1;
  return !strncmp(base, "double2", 7) || strstr(base, "2double_") != NULL;
}

/* fn's type with every double as float. */
static LLVMTypeRef demoted_type(msl_ctx *ctx, LLVMTypeRef fty) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx->llctx);
  unsigned n = LLVMCountParamTypes(fty);
  LLVMTypeRef params[16];
  if (n > 16 || LLVMIsFunctionVarArg(fty)) return NULL;
  LLVMGetParamTypes(fty, params);
  int any = is_double(LLVMGetReturnType(fty));
  for (unsigned k = 0; k < n; k++)
    if (is_double(params[k])) params[k] = f32, any = 1;
  if (!any) return NULL;
  LLVMTypeRef ret = LLVMGetReturnType(fty);
  return LLVMFunctionType(is_double(ret) ? f32 : ret, params, n, 0);
}

/* The float function of the library that stands for double function fn
 * (same shape, float for double), NULL when there is none. The candidate
 * names: exp -> expf; dadd_rn -> fadd_rn; fma_rn -> fmaf_rn;
 * double2int_rz -> float2int_rz; ll2double_rn -> ll2float_rn;
 * dsqrt_rn -> sqrtf. */
static LLVMValueRef float_counterpart(msl_ctx *ctx, LLVMValueRef fn, int fast, int *out_mask) {
  size_t len;
  const char *name = LLVMGetValueName2(fn, &len);
  const char *prefix = "__anchor_";
  size_t np = strlen(prefix);
  if (len <= np || strncmp(name, prefix, np) || LLVMIsDeclaration(fn)) return NULL;
  if (fast && kept_under_fast(name + np)) return NULL;
  if (!double_out_params(name, out_mask)) return NULL;
  LLVMTypeRef want = demoted_type(ctx, LLVMGlobalGetValueType(fn));
  if (!want) return NULL;
  const char *base = name + np;
  char cand[6][96];
  unsigned n = 0;
  if (len > 80) return NULL;
  snprintf(cand[n++], sizeof cand[0], "%s%sf", prefix, base);
  if (base[0] == 'd') snprintf(cand[n++], sizeof cand[0], "%sf%s", prefix, base + 1);
  if (!strncmp(base, "fma_", 4)) snprintf(cand[n++], sizeof cand[0], "%sfmaf_%s", prefix, base + 4);
  if (!strncmp(base, "double2", 7))
    snprintf(cand[n++], sizeof cand[0], "%sfloat2%s", prefix, base + 7);
  const char *two = strstr(base, "2double_");
  if (two)
    snprintf(cand[n++], sizeof cand[0], "%s%.*s2float_%s", prefix, (int)(two - base), base,
             two + 8);
  if (!strcmp(base, "dsqrt_rn")) snprintf(cand[n++], sizeof cand[0], "%ssqrtf", prefix);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef g = LLVMGetNamedFunction(ctx->mod, cand[k]);
    if (g && !LLVMIsDeclaration(g) && LLVMGlobalGetValueType(g) == want) return g;
  }
  return NULL;
}

static void demote_call(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef call, LLVMValueRef g,
                        int out_mask) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx->llctx), f64 = LLVMDoubleTypeInContext(ctx->llctx);
  LLVMTypeRef gty = LLVMGlobalGetValueType(g);
  unsigned n = (unsigned)LLVMGetNumArgOperands(call);
  LLVMValueRef args[16], temps[16] = {0};
  LLVMBasicBlockRef entry =
      LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
  for (unsigned k = 0; k < n; k++) {
    args[k] = LLVMGetOperand(call, k);
    if (out_mask & (1 << k)) {
      LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(entry));
      args[k] = temps[k] = LLVMBuildAlloca(b, f32, "");
    }
  }
  LLVMPositionBuilderBefore(b, call);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
  for (unsigned k = 0; k < n; k++)
    if (is_double(LLVMTypeOf(args[k]))) args[k] = LLVMBuildFPTrunc(b, args[k], f32, "");
  LLVMValueRef r = LLVMBuildCall2(b, gty, g, args, n, "");
  for (unsigned k = 0; k < n; k++)
    if (temps[k]) {
      LLVMValueRef v = LLVMBuildFPExt(b, LLVMBuildLoad2(b, f32, temps[k], ""), f64, "");
      LLVMBuildStore(b, v, LLVMGetOperand(call, k));
    }
  if (is_double(LLVMTypeOf(call))) r = LLVMBuildFPExt(b, r, f64, "");
  lower_replace(call, LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMVoidTypeKind ? NULL : r);
}

int fp64_demote_calls(msl_ctx *ctx, int fast) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
        next = LLVMGetNextInstruction(i);
        if (!LLVMIsACallInst(i)) continue;
        LLVMValueRef callee = LLVMGetCalledValue(i);
        int mask;
        LLVMValueRef g =
            LLVMIsAFunction(callee) ? float_counterpart(ctx, callee, fast, &mask) : NULL;
        if (g) demote_call(ctx, b, i, g, mask);
      }
  LLVMDisposeBuilder(b);
  return 1;
}

/* ---- the retyping ------------------------------------------------------ */

/* One double value: its binary64 form d and its R form (hi, and lo for a
 * pair), each NULL until made; new code using them goes before `at`, or,
 * for a phi, before the first non-phi instruction of block bb (found when
 * needed: the instruction there may be replaced meanwhile). */
typedef struct rval {
  LLVMValueRef d, hi, lo, at;
  LLVMBasicBlockRef bb;
} rval;

typedef struct retype {
  msl_ctx *ctx;
  int fast;
  LLVMBuilderRef b;
  LLVMTypeRef f16, f32, f64, i1, i32, i64;
  ptrmap slot; /* old double value -> index + 1 into vals */
  rval *vals;
  size_t nvals, capvals;
  LLVMValueRef *dead; /* retyped instructions, erased at the end */
  size_t ndead, capdead;
  LLVMValueRef first; /* the first retyped instruction of the function */
  int relink;
} retype;

static rval *new_slot(retype *t, LLVMValueRef v) {
  if (t->nvals == t->capvals) {
    t->capvals = t->capvals ? 2 * t->capvals : 64;
    t->vals = realloc(t->vals, t->capvals * sizeof *t->vals);
    if (!t->vals) abort();
  }
  rval *r = &t->vals[t->nvals++];
  memset(r, 0, sizeof *r);
  ptrmap_set(&t->slot, v, (int)t->nvals);
  return r;
}

static rval *find(retype *t, LLVMValueRef v) {
  int k = ptrmap_get(&t->slot, v, 0);
  return k ? &t->vals[k - 1] : NULL;
}

static void kill(retype *t, LLVMValueRef i, int computes) {
  if (t->ndead == t->capdead) {
    t->capdead = t->capdead ? 2 * t->capdead : 64;
    t->dead = realloc(t->dead, t->capdead * sizeof *t->dead);
    if (!t->dead) abort();
  }
  t->dead[t->ndead++] = i;
  if (computes && !t->first) t->first = i;
}

static void put_before(retype *t, LLVMValueRef at, LLVMValueRef loc_from) {
  LLVMPositionBuilderBefore(t->b, at);
  LLVMSetCurrentDebugLocation2(t->b, loc_from ? LLVMInstructionGetDebugLoc(loc_from) : NULL);
}

static LLVMValueRef first_non_phi(LLVMBasicBlockRef bb) {
  LLVMValueRef i = LLVMGetFirstInstruction(bb);
  while (i && LLVMGetInstructionOpcode(i) == LLVMPHI)
    i = LLVMGetNextInstruction(i);
  return i;
}

/* The host's float nearest to c (overflow to infinity: no undefined cast). */
static float nearest_float(double c) {
  if (isnan(c)) return NAN;
  if (fabs(c) >= 0x1.ffffffp127) return c > 0 ? INFINITY : -INFINITY;
  return (float)c;
}

static LLVMValueRef call_helper(retype *t, const char *name, LLVMTypeRef ret, LLVMValueRef *args,
                                unsigned n) {
  LLVMTypeRef params[4];
  for (unsigned k = 0; k < n; k++)
    params[k] = LLVMTypeOf(args[k]);
  LLVMTypeRef type = LLVMFunctionType(ret, params, n, 0);
  LLVMValueRef fn = lower_declare(t->ctx, name, type, LOWER_PURE);
  if (!strncmp(name, "__anchor_", 9)) t->relink = 1;
  return LLVMBuildCall2(t->b, type, fn, args, n, "");
}

static LLVMValueRef intrinsic(retype *t, const char *base, LLVMValueRef *args, unsigned n) {
  unsigned id = LLVMLookupIntrinsicID(base, strlen(base));
  assert(id);
  LLVMTypeRef over = t->f32;
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(t->ctx->mod, id, &over, 1);
  return LLVMBuildCall2(t->b, LLVMGlobalGetValueType(fn), fn, args, n, "");
}

static LLVMValueRef fabs32(retype *t, LLVMValueRef x) {
  return intrinsic(t, "llvm.fabs", &x, 1);
}

static void unpack(retype *t, LLVMValueRef bits, LLVMValueRef *hi, LLVMValueRef *lo);

/* A pair from binary64 d at the builder: the device library's
 * __anchor_dd_from_bits (integer work on the bits: hi + lo within 2^-48 of
 * d; lo = 0 when hi is infinite). */
static void pair_from_double(retype *t, LLVMValueRef d, LLVMValueRef *hi, LLVMValueRef *lo) {
  LLVMValueRef bits = LLVMBuildBitCast(t->b, d, t->i64, "");
  unpack(t, call_helper(t, "__anchor_dd_from_bits", t->i64, &bits, 1), hi, lo);
}

static int retyped_kind(retype *t, LLVMValueRef i);
static void process(retype *t, LLVMValueRef i);

/* R of double value v (hi; lo for a pair). */
static void get_r(retype *t, LLVMValueRef v, LLVMValueRef *hi, LLVMValueRef *lo) {
  if (LLVMIsAConstantFP(v)) {
    LLVMBool loses;
    double c = LLVMConstRealGetDouble(v, &loses);
    float h = nearest_float(c);
    float l = isfinite(h) ? nearest_float(c - (double)h) : 0.0f;
    *hi = LLVMConstReal(t->f32, h);
    if (lo) *lo = LLVMConstReal(t->f32, l);
    return;
  }
  if (LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v)) {
    *hi = LLVMGetUndef(t->f32);
    if (lo) *lo = LLVMGetUndef(t->f32);
    return;
  }
  rval *r = find(t, v);
  if (!r && LLVMIsAInstruction(v) && retyped_kind(t, v)) {
    process(t, v);
    r = find(t, v);
  }
  if (!r) { /* binary64 from outside: an argument, a load, a call... */
    r = new_slot(t, v);
    r->d = v;
    if (LLVMIsAArgument(v))
      r->at = first_non_phi(LLVMGetEntryBasicBlock(LLVMGetParamParent(v)));
    else
      r->at = LLVMGetNextInstruction(v);
  }
  if (!r->hi) {
    LLVMValueRef at = r->at;
    put_before(t, at, LLVMIsAInstruction(r->d) ? r->d : at);
    if (t->fast) {
      LLVMValueRef h, l;
      pair_from_double(t, r->d, &h, &l);
      r = find(t, v), r->hi = h, r->lo = l;
    } else {
      r->hi = LLVMBuildFPTrunc(t->b, r->d, t->f32, "");
    }
  }
  *hi = r->hi;
  if (lo) *lo = r->lo;
}

/* binary64 of double value v, for a use that sees its bits. */
static LLVMValueRef get_d(retype *t, LLVMValueRef v) {
  if (LLVMIsAConstant(v)) return v;
  rval *r = find(t, v);
  if (!r && LLVMIsAInstruction(v) && retyped_kind(t, v)) {
    process(t, v);
    r = find(t, v);
  }
  if (!r) return v; /* never retyped: it is binary64 */
  if (!r->d) {
    LLVMValueRef at = r->bb ? first_non_phi(r->bb) : r->at;
    put_before(t, at, at);
    LLVMValueRef d = LLVMBuildFPExt(t->b, r->hi, t->f64, "");
    if (t->fast) d = LLVMBuildFAdd(t->b, d, LLVMBuildFPExt(t->b, r->lo, t->f64, ""), "");
    r->d = d;
  }
  return r->d;
}

/* Sets the R of old double instruction i (whose new code is before it). */
static void set_r(retype *t, LLVMValueRef i, LLVMValueRef hi, LLVMValueRef lo) {
  rval *r = find(t, i);
  if (!r) r = new_slot(t, i);
  r->hi = hi, r->lo = lo, r->at = i;
}

/* The float intrinsic standing for a double one under demote, NULL if none. */
static const char *demote_intrinsic(const char *name) {
  static const char *const same[] = {
      "llvm.fabs",      "llvm.minnum",    "llvm.maxnum", "llvm.minimum",
      "llvm.maximum",   "llvm.copysign",  "llvm.sqrt",   "llvm.trunc",
      "llvm.floor",     "llvm.ceil",      "llvm.round",  "llvm.rint",
      "llvm.nearbyint", "llvm.roundeven", "llvm.fma",    "llvm.is.fpclass"};
  static char buf[64];
  if (!strcmp(name, "llvm.fmuladd.f64")) return "llvm.fma";
  for (unsigned k = 0; k < sizeof same / sizeof *same; k++) {
    size_t n = strlen(same[k]);
    if (!strncmp(name, same[k], n) && !strcmp(name + n, ".f64")) {
      memcpy(buf, same[k], n + 1);
      return buf;
    }
  }
  return NULL;
}

/* Double intrinsics with a pair form under fast. */
static int fast_intrinsic(const char *name) {
  return !strcmp(name, "llvm.fabs.f64") || !strcmp(name, "llvm.sqrt.f64") ||
         !strcmp(name, "llvm.fma.f64") || !strcmp(name, "llvm.fmuladd.f64");
}

/* Does i have an R form (else it is a boundary, if it touches doubles)? */
static int retyped_kind(retype *t, LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  LLVMTypeRef ty = LLVMTypeOf(i);
  LLVMTypeRef from = LLVMGetNumOperands(i) ? LLVMTypeOf(LLVMGetOperand(i, 0)) : ty;
  switch (op) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFNeg: return is_double(ty);
  case LLVMFRem: return is_double(ty) && !t->fast;
  case LLVMFCmp: return is_double(from);
  case LLVMPHI: return is_double(ty);
  case LLVMSelect: return is_double(ty);
  case LLVMFPTrunc: return is_double(from);
  case LLVMFPExt: return is_double(ty);
  case LLVMSIToFP:
  case LLVMUIToFP: return is_double(ty) && !t->fast;
  case LLVMFPToSI:
  case LLVMFPToUI: return is_double(from) && !t->fast;
  case LLVMCall: {
    if (!ir_touches_double(i)) return 0;
    const char *name = ir_callee_name(i);
    if (t->fast) return fast_intrinsic(name);
    return demote_intrinsic(name) != NULL &&
           (is_double(ty) || !strcmp(name, "llvm.is.fpclass.f64"));
  }
  default: return 0;
  }
}

/* ---- fast: double-float forms ------------------------------------------ */

static void unpack(retype *t, LLVMValueRef bits, LLVMValueRef *hi, LLVMValueRef *lo) {
  LLVMValueRef h = LLVMBuildTrunc(t->b, bits, t->i32, "");
  LLVMValueRef l =
      LLVMBuildTrunc(t->b, LLVMBuildLShr(t->b, bits, LLVMConstInt(t->i64, 32, 0), ""), t->i32, "");
  *hi = LLVMBuildBitCast(t->b, h, t->f32, "");
  *lo = LLVMBuildBitCast(t->b, l, t->f32, "");
}

static void dd_call(retype *t, const char *name, LLVMValueRef *args, unsigned n, LLVMValueRef *hi,
                    LLVMValueRef *lo) {
  unpack(t, call_helper(t, name, t->i64, args, n), hi, lo);
}

/* The i1 of comparison p on pairs (ah, al) and (bh, bl): hi parts first,
 * lo parts when they are equal (pairs are normalised: hi = rn(hi + lo)). */
static LLVMValueRef pair_compare(retype *t, LLVMRealPredicate p, LLVMValueRef *a, LLVMValueRef *b) {
  LLVMBuilderRef B = t->b;
  LLVMValueRef eqh = LLVMBuildFCmp(B, LLVMRealOEQ, a[0], b[0], "");
#define ORDERED(strict, weak)                                                                      \
  LLVMBuildOr(B, LLVMBuildFCmp(B, strict, a[0], b[0], ""),                                         \
              LLVMBuildAnd(B, eqh, LLVMBuildFCmp(B, weak, a[1], b[1], ""), ""), "")
  switch (p) {
  case LLVMRealPredicateFalse: return LLVMConstInt(t->i1, 0, 0);
  case LLVMRealPredicateTrue: return LLVMConstInt(t->i1, 1, 0);
  case LLVMRealOEQ: return LLVMBuildAnd(B, eqh, LLVMBuildFCmp(B, LLVMRealOEQ, a[1], b[1], ""), "");
  case LLVMRealOLT: return ORDERED(LLVMRealOLT, LLVMRealOLT);
  case LLVMRealOLE: return ORDERED(LLVMRealOLT, LLVMRealOLE);
  case LLVMRealOGT: return ORDERED(LLVMRealOGT, LLVMRealOGT);
  case LLVMRealOGE: return ORDERED(LLVMRealOGT, LLVMRealOGE);
  case LLVMRealORD: return LLVMBuildFCmp(B, LLVMRealORD, a[0], b[0], "");
  case LLVMRealUNO: return LLVMBuildFCmp(B, LLVMRealUNO, a[0], b[0], "");
  case LLVMRealONE:
    return LLVMBuildAnd(B, pair_compare(t, LLVMRealORD, a, b),
                        LLVMBuildNot(B, pair_compare(t, LLVMRealOEQ, a, b), ""), "");
  case LLVMRealUEQ:
    return LLVMBuildOr(B, pair_compare(t, LLVMRealUNO, a, b), pair_compare(t, LLVMRealOEQ, a, b),
                       "");
  case LLVMRealULT: return LLVMBuildNot(B, pair_compare(t, LLVMRealOGE, a, b), "");
  case LLVMRealULE: return LLVMBuildNot(B, pair_compare(t, LLVMRealOGT, a, b), "");
  case LLVMRealUGT: return LLVMBuildNot(B, pair_compare(t, LLVMRealOLE, a, b), "");
  case LLVMRealUGE: return LLVMBuildNot(B, pair_compare(t, LLVMRealOLT, a, b), "");
  case LLVMRealUNE: return LLVMBuildNot(B, pair_compare(t, LLVMRealOEQ, a, b), "");
  }
#undef ORDERED
  return NULL;
}

static void process_fast(retype *t, LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  LLVMValueRef x[3][2] = {{0}};
  unsigned n =
      LLVMIsACallInst(i) ? (unsigned)LLVMGetNumArgOperands(i) : (unsigned)LLVMGetNumOperands(i);
  unsigned first = op == LLVMSelect ? 1 : 0;
  for (unsigned k = first; k < n && k < 3; k++) {
    LLVMValueRef v = LLVMGetOperand(i, k);
    if (is_double(LLVMTypeOf(v))) get_r(t, v, &x[k][0], &x[k][1]);
  }
  put_before(t, i, i);
  LLVMBuilderRef B = t->b;
  LLVMValueRef hi = NULL, lo = NULL;
  switch (op) {
  case LLVMFAdd:
  case LLVMFSub: {
    LLVMValueRef args[4] = {x[0][0], x[0][1], x[1][0], x[1][1]};
    if (op == LLVMFSub)
      args[2] = LLVMBuildFNeg(B, args[2], ""), args[3] = LLVMBuildFNeg(B, args[3], "");
    dd_call(t, "__anchor_dd_add", args, 4, &hi, &lo);
    break;
  }
  case LLVMFMul:
  case LLVMFDiv: {
    LLVMValueRef args[4] = {x[0][0], x[0][1], x[1][0], x[1][1]};
    dd_call(t, op == LLVMFMul ? "__anchor_dd_mul" : "__anchor_dd_div", args, 4, &hi, &lo);
    break;
  }
  case LLVMFNeg: hi = LLVMBuildFNeg(B, x[0][0], ""), lo = LLVMBuildFNeg(B, x[0][1], ""); break;
  case LLVMFCmp: {
    LLVMValueRef c = pair_compare(t, LLVMGetFCmpPredicate(i), x[0], x[1]);
    lower_replace(i, c);
    if (!t->first) t->first = c;
    return;
  }
  case LLVMSelect: {
    LLVMValueRef c = LLVMGetOperand(i, 0);
    hi = LLVMBuildSelect(B, c, x[1][0], x[2][0], "");
    lo = LLVMBuildSelect(B, c, x[1][1], x[2][1], "");
    break;
  }
  case LLVMFPTrunc: {
    LLVMValueRef f = LLVMBuildFAdd(B, x[0][0], x[0][1], "");
    if (LLVMTypeOf(i) != t->f32) f = LLVMBuildFPTrunc(B, f, LLVMTypeOf(i), "");
    lower_replace(i, f);
    return;
  }
  case LLVMFPExt: {
    LLVMValueRef v = LLVMGetOperand(i, 0);
    hi = LLVMTypeOf(v) == t->f32 ? v : LLVMBuildFPExt(B, v, t->f32, "");
    lo = LLVMConstReal(t->f32, 0.0);
    break;
  }
  case LLVMCall: {
    const char *name = ir_callee_name(i);
    if (!strcmp(name, "llvm.fabs.f64")) {
      LLVMValueRef neg = LLVMBuildFCmp(B, LLVMRealOLT, x[0][0], LLVMConstReal(t->f32, 0.0), "");
      hi = fabs32(t, x[0][0]);
      lo = LLVMBuildSelect(B, neg, LLVMBuildFNeg(B, x[0][1], ""), x[0][1], "");
    } else if (!strcmp(name, "llvm.sqrt.f64")) {
      dd_call(t, "__anchor_dd_sqrt", x[0], 2, &hi, &lo);
    } else {
      LLVMValueRef args[6] = {x[0][0], x[0][1], x[1][0], x[1][1], x[2][0], x[2][1]};
      LLVMTypeRef params[6] = {t->f32, t->f32, t->f32, t->f32, t->f32, t->f32};
      LLVMTypeRef type = LLVMFunctionType(t->i64, params, 6, 0);
      LLVMValueRef fn = lower_declare(t->ctx, "__anchor_dd_fma", type, LOWER_PURE);
      t->relink = 1;
      unpack(t, LLVMBuildCall2(B, type, fn, args, 6, ""), &hi, &lo);
    }
    break;
  }
  default: assert(0 && "retyped_kind and process_fast agree"); return;
  }
  set_r(t, i, hi, lo);
  kill(t, i, 1);
}

/* ---- demote: float forms ------------------------------------------------ */

static void process_demote(retype *t, LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  LLVMValueRef x[3] = {0};
  unsigned n =
      LLVMIsACallInst(i) ? (unsigned)LLVMGetNumArgOperands(i) : (unsigned)LLVMGetNumOperands(i);
  for (unsigned k = op == LLVMSelect ? 1 : 0; k < n && k < 3; k++) {
    LLVMValueRef v = LLVMGetOperand(i, k);
    x[k] = is_double(LLVMTypeOf(v)) ? (get_r(t, v, &x[k], NULL), x[k]) : v;
  }
  put_before(t, i, i);
  LLVMBuilderRef B = t->b;
  LLVMValueRef r = NULL;
  switch (op) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul: r = LLVMBuildBinOp(B, op, x[0], x[1], ""); break;
  case LLVMFDiv: r = call_helper(t, "__anchor_fdiv_rn", t->f32, x, 2); break;
  case LLVMFRem: r = call_helper(t, "__anchor_fmodf", t->f32, x, 2); break;
  case LLVMFNeg: r = LLVMBuildFNeg(B, x[0], ""); break;
  case LLVMFCmp:
    r = LLVMBuildFCmp(B, LLVMGetFCmpPredicate(i), x[0], x[1], "");
    lower_replace(i, r);
    if (!t->first) t->first = r;
    return;
  case LLVMSelect: r = LLVMBuildSelect(B, LLVMGetOperand(i, 0), x[1], x[2], ""); break;
  case LLVMFPTrunc:
    r = LLVMTypeOf(i) == t->f32 ? x[0] : LLVMBuildFPTrunc(B, x[0], LLVMTypeOf(i), "");
    lower_replace(i, r);
    if (!t->first) t->first = r;
    return;
  case LLVMFPExt:
    r = LLVMTypeOf(x[0]) == t->f32 ? x[0] : LLVMBuildFPExt(B, x[0], t->f32, "");
    break;
  case LLVMSIToFP: r = LLVMBuildSIToFP(B, x[0], t->f32, ""); break;
  case LLVMUIToFP: r = LLVMBuildUIToFP(B, x[0], t->f32, ""); break;
  case LLVMFPToSI:
  case LLVMFPToUI: {
    LLVMValueRef c = op == LLVMFPToSI ? LLVMBuildFPToSI(B, x[0], LLVMTypeOf(i), "")
                                      : LLVMBuildFPToUI(B, x[0], LLVMTypeOf(i), "");
    lower_replace(i, c);
    if (!t->first) t->first = c;
    return;
  }
  case LLVMCall: {
    LLVMValueRef c = intrinsic(t, demote_intrinsic(ir_callee_name(i)), x, n);
    if (!is_double(LLVMTypeOf(i))) { /* is.fpclass: an i1 */
      lower_replace(i, c);
      if (!t->first) t->first = c;
      return;
    }
    r = c;
    break;
  }
  default: assert(0 && "retyped_kind and process_demote agree"); return;
  }
  set_r(t, i, r, NULL);
  kill(t, i, 1);
}

static void process(retype *t, LLVMValueRef i) {
  rval *r = find(t, i);
  if (r && r->hi) return; /* done (or a phi made beforehand) */
  if (t->fast)
    process_fast(t, i);
  else
    process_demote(t, i);
}

/* A boundary: i sees binary64 (its double operands become binary64). */
static void boundary(retype *t, LLVMValueRef i) {
  unsigned n = (unsigned)LLVMGetNumOperands(i);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef v = LLVMGetOperand(i, k);
    if (is_double(LLVMTypeOf(v)) && !LLVMIsAConstant(v)) {
      LLVMValueRef d = get_d(t, v);
      if (d != v) LLVMSetOperand(i, k, d);
    }
  }
}

/* Retypes one function (under demote, warns when it computed on doubles). */
static void retype_function(retype *t, LLVMValueRef fn) {
  size_t count = 0, cap = 256;
  LLVMValueRef *all = malloc(cap * sizeof *all);
  if (!all) abort();
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!ir_touches_double(i)) continue;
      if (count == cap && !(all = realloc(all, (cap *= 2) * sizeof *all))) abort();
      all[count++] = i;
    }
  t->first = NULL;
  /* 1. placeholder phis of R, so that loops can refer to them */
  for (size_t k = 0; k < count; k++) {
    LLVMValueRef i = all[k];
    if (LLVMGetInstructionOpcode(i) != LLVMPHI || !is_double(LLVMTypeOf(i))) continue;
    put_before(t, i, i);
    LLVMValueRef hi = LLVMBuildPhi(t->b, t->f32, "");
    LLVMValueRef lo = t->fast ? LLVMBuildPhi(t->b, t->f32, "") : NULL;
    rval *r = new_slot(t, i);
    r->hi = hi, r->lo = lo, r->bb = LLVMGetInstructionParent(i);
  }
  /* 2. every other instruction: its R form, or binary64 operands */
  for (size_t k = 0; k < count; k++) {
    LLVMValueRef i = all[k];
    if (LLVMGetInstructionOpcode(i) == LLVMPHI && is_double(LLVMTypeOf(i))) continue;
    if (retyped_kind(t, i))
      process(t, i);
    else
      boundary(t, i);
  }
  /* 3. the phis' incoming values */
  for (size_t k = 0; k < count; k++) {
    LLVMValueRef i = all[k];
    if (LLVMGetInstructionOpcode(i) != LLVMPHI || !is_double(LLVMTypeOf(i))) continue;
    unsigned n = LLVMCountIncoming(i);
    for (unsigned e = 0; e < n; e++) {
      LLVMValueRef hi, lo = NULL;
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(i, e);
      get_r(t, LLVMGetIncomingValue(i, e), &hi, t->fast ? &lo : NULL);
      rval *r = find(t, i);
      LLVMAddIncoming(r->hi, &hi, &from, 1);
      if (t->fast) LLVMAddIncoming(r->lo, &lo, &from, 1);
    }
    kill(t, i, 0);
  }
  free(all);
  if (t->first && !t->fast) { /* demote's warning, once per kernel */
    put_user_location(t->ctx, t->first);
    strbuf_put(&t->ctx->diags, "warning: kernel '");
    put_kernel_name(t->ctx, fn);
    strbuf_put(&t->ctx->diags, "' computes in float: double demoted (--fp64=demote)\n");
  }
  /* 4. the old instructions: every use left is another old one */
  for (size_t k = 0; k < t->ndead; k++)
    LLVMReplaceAllUsesWith(t->dead[k], LLVMGetPoison(LLVMTypeOf(t->dead[k])));
  for (size_t k = 0; k < t->ndead; k++)
    LLVMInstructionEraseFromParent(t->dead[k]);
  t->ndead = 0;
}

int fp64_retype(msl_ctx *ctx, int fast, int *relink) {
  retype t = {0};
  t.ctx = ctx, t.fast = fast;
  t.b = LLVMCreateBuilderInContext(ctx->llctx);
  t.f16 = LLVMHalfTypeInContext(ctx->llctx);
  t.f32 = LLVMFloatTypeInContext(ctx->llctx);
  t.f64 = LLVMDoubleTypeInContext(ctx->llctx);
  t.i1 = LLVMInt1TypeInContext(ctx->llctx);
  t.i32 = LLVMInt32TypeInContext(ctx->llctx);
  t.i64 = LLVMInt64TypeInContext(ctx->llctx);
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn)) {
    if (!LLVMIsDeclaration(fn)) retype_function(&t, fn);
  }
  ptrmap_free(&t.slot);
  free(t.vals);
  free(t.dead);
  LLVMDisposeBuilder(t.b);
  *relink = t.relink;
  return 1;
}
