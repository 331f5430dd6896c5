/* lower_vector_ops.c — the vector operations LLVM's scalarizer leaves whole,
 * rewritten on elements (an IR->IR pass that pipeline_run runs just before
 * the scalarizer, after lower_vectors.c has split vector memory).
 *
 * The scalarizer splits element-wise operations (arithmetic, compares,
 * selects, casts of equal element counts, phis, shuffles, insert/extract,
 * the trivially scalarizable intrinsics) but keeps, with the vector they
 * need gathered by an insertelement chain:
 * - llvm.vector.reduce.*: here a chain over the elements, in element order
 *   (the order LLVM defines for an ordered fadd/fmul reduction, and a valid
 *   one for every other: integer operations are associative, fmax/fmin have
 *   llvm.maxnum/minnum's semantics, fmaximum/fminimum llvm.maximum's);
 * - bitcasts between types of different element counts (`<4 x i8>` <-> i32,
 *   `<4 x i32>` <-> `<16 x i8>`, `<8 x i1>` <-> i8, `<2 x half>` <-> i32):
 *   here shifts and masks on the elements' bits, little-endian as NVPTX
 *   (element 0 in the low bits). A scalar side of a width MSL has no type
 *   for (i4 from `<4 x i1>`, what instcombine makes of a reduction of a
 *   bool vector) is computed in the next wider MSL integer and its users
 *   that only need its value (compares with a constant, zext, sext, trunc)
 *   use that; any other user keeps an N-bit value, which the emitter
 *   reports as unsupported at the user's source line.
 * The scalarizer then sees extractelement/insertelement with constant
 * indices only, and replaces them by the scalars. */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

static LLVMValueRef element_at(LLVMBuilderRef b, LLVMValueRef v, unsigned i) {
  if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind) return v;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
  return LLVMBuildExtractElement(b, v, LLVMConstInt(i64, i, 0), "");
}

static LLVMValueRef call_intrinsic(LLVMModuleRef mod, LLVMBuilderRef b, const char *name,
                                   LLVMTypeRef type, LLVMValueRef x, LLVMValueRef y) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  assert(id && "an intrinsic LLVM 19 defines");
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(mod, id, &type, 1);
  LLVMTypeRef fty = LLVMIntrinsicGetType(LLVMGetTypeContext(type), id, &type, 1);
  LLVMValueRef args[2] = {x, y};
  return LLVMBuildCall2(b, fty, fn, args, 2, "");
}

/* ---- reductions --------------------------------------------------------- */

typedef enum { R_BINARY, R_INTRINSIC, R_ORDERED } reduce_shape;
static const struct {
  const char *kind; /* after "llvm.vector.reduce." */
  reduce_shape shape;
  LLVMOpcode op;      /* R_BINARY, R_ORDERED */
  const char *scalar; /* R_INTRINSIC */
} reductions[] = {{"add.", R_BINARY, LLVMAdd, NULL},
                  {"mul.", R_BINARY, LLVMMul, NULL},
                  {"and.", R_BINARY, LLVMAnd, NULL},
                  {"or.", R_BINARY, LLVMOr, NULL},
                  {"xor.", R_BINARY, LLVMXor, NULL},
                  {"smax.", R_INTRINSIC, 0, "llvm.smax"},
                  {"smin.", R_INTRINSIC, 0, "llvm.smin"},
                  {"umax.", R_INTRINSIC, 0, "llvm.umax"},
                  {"umin.", R_INTRINSIC, 0, "llvm.umin"},
                  {"fmax.", R_INTRINSIC, 0, "llvm.maxnum"},
                  {"fmin.", R_INTRINSIC, 0, "llvm.minnum"},
                  {"fmaximum.", R_INTRINSIC, 0, "llvm.maximum"},
                  {"fminimum.", R_INTRINSIC, 0, "llvm.minimum"},
                  {"fadd.", R_ORDERED, LLVMFAdd, NULL},
                  {"fmul.", R_ORDERED, LLVMFMul, NULL}};

static int expand_reduction(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef call) {
  static const char prefix[] = "llvm.vector.reduce.";
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee)) return 0;
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  if (strncmp(name, prefix, sizeof prefix - 1)) return 0;
  name += sizeof prefix - 1;
  for (size_t r = 0; r < sizeof reductions / sizeof *reductions; r++) {
    if (strncmp(name, reductions[r].kind, strlen(reductions[r].kind))) continue;
    int ordered = reductions[r].shape == R_ORDERED;
    LLVMValueRef vec = LLVMGetOperand(call, ordered ? 1 : 0);
    unsigned n = LLVMGetVectorSize(LLVMTypeOf(vec));
    LLVMTypeRef element = LLVMGetElementType(LLVMTypeOf(vec));
    LLVMPositionBuilderBefore(b, call);
    LLVMValueRef acc = ordered ? LLVMGetOperand(call, 0) : element_at(b, vec, 0);
    for (unsigned i = ordered ? 0 : 1; i < n; i++) {
      LLVMValueRef e = element_at(b, vec, i);
      if (reductions[r].shape == R_INTRINSIC)
        acc = call_intrinsic(ctx->mod, b, reductions[r].scalar, element, acc, e);
      else
        acc = LLVMBuildBinOp(b, reductions[r].op, acc, e, "");
      if (ordered || LLVMCanValueUseFastMathFlags(acc))
        LLVMSetFastMathFlags(acc, LLVMGetFastMathFlags(call));
    }
    LLVMReplaceAllUsesWith(call, acc);
    LLVMInstructionEraseFromParent(call);
    return 1;
  }
  return 0; /* a reduction LLVM 19 does not have: the emitter reports it */
}

/* ---- bitcasts between element counts ------------------------------------ */

static unsigned count_of(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
}
static LLVMTypeRef element_of(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}
static int is_msl_width(unsigned bits) {
  return bits == 1 || bits == 8 || bits == 16 || bits == 32 || bits == 64;
}
static unsigned msl_width_above(unsigned bits) {
  unsigned w = 8;
  while (w < bits)
    w *= 2;
  return w;
}

/* v's bits as an integer of `bits` bits (floats bitcast, integers as they are). */
static LLVMValueRef as_int(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef v, unsigned bits) {
  LLVMTypeRef it = LLVMIntTypeInContext(ctx->llctx, bits);
  return LLVMTypeOf(v) == it ? v : LLVMBuildBitCast(b, v, it, "");
}

/* The source bits of a bitcast whose source is an N-bit integer MSL has no
 * type for: the wider value it was truncated from (its low N bits are the
 * same), else NULL. */
static LLVMValueRef widened_source(LLVMValueRef src) {
  if (LLVMIsATruncInst(src)) {
    LLVMValueRef from = LLVMGetOperand(src, 0);
    if (is_msl_width(LLVMGetIntTypeWidth(LLVMTypeOf(from)))) return from;
  }
  return NULL;
}

/* The users of an N-bit integer (N no MSL width) whose value is `wide`, the
 * same bits zero-extended to an MSL width: each that only needs the value
 * takes it from `wide`; any other gets `wide` truncated to N bits. */
static void replace_narrow_uses(LLVMBuilderRef b, LLVMValueRef old, LLVMValueRef wide, unsigned n) {
  LLVMTypeRef wt = LLVMTypeOf(wide);
  unsigned w = LLVMGetIntTypeWidth(wt);
  LLVMValueRef signed_wide = NULL;
  LLVMValueRef shift = LLVMConstInt(wt, w - n, 0);
  for (LLVMUseRef u = LLVMGetFirstUse(old), next; u; u = next) {
    next = LLVMGetNextUse(u);
    LLVMValueRef user = LLVMGetUser(u);
    LLVMPositionBuilderBefore(b, user);
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(user));
    LLVMValueRef with = NULL;
    LLVMOpcode op = LLVMIsAInstruction(user) ? LLVMGetInstructionOpcode(user) : 0;
    if (op == LLVMICmp && LLVMIsAConstantInt(LLVMGetOperand(user, 1)) &&
        LLVMGetOperand(user, 0) == old) {
      LLVMIntPredicate p = LLVMGetICmpPredicate(user);
      int is_signed = p == LLVMIntSGT || p == LLVMIntSGE || p == LLVMIntSLT || p == LLVMIntSLE;
      LLVMValueRef c = LLVMGetOperand(user, 1);
      if (is_signed && !signed_wide)
        signed_wide = LLVMBuildAShr(b, LLVMBuildShl(b, wide, shift, ""), shift, "");
      LLVMValueRef x = is_signed ? signed_wide : wide;
      LLVMValueRef cw = LLVMConstInt(wt,
                                     is_signed ? (unsigned long long)LLVMConstIntGetSExtValue(c)
                                               : LLVMConstIntGetZExtValue(c),
                                     is_signed);
      with = LLVMBuildICmp(b, p, x, cw, "");
    } else if (op == LLVMZExt || op == LLVMTrunc || op == LLVMSExt) {
      LLVMValueRef x = wide;
      if (op == LLVMSExt) {
        if (!signed_wide)
          signed_wide = LLVMBuildAShr(b, LLVMBuildShl(b, wide, shift, ""), shift, "");
        x = signed_wide;
      }
      LLVMTypeRef to = LLVMTypeOf(user);
      unsigned tb = LLVMGetIntTypeWidth(to);
      with = tb == w  ? x
             : tb > w ? (op == LLVMSExt ? LLVMBuildSExt(b, x, to, "") : LLVMBuildZExt(b, x, to, ""))
                      : LLVMBuildTrunc(b, x, to, "");
    }
    if (with) {
      LLVMReplaceAllUsesWith(user, with);
      LLVMInstructionEraseFromParent(user);
      continue;
    }
  }
  if (LLVMGetFirstUse(old)) {
    LLVMPositionBuilderBefore(b, old);
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(old));
    LLVMReplaceAllUsesWith(old, LLVMBuildTrunc(b, wide, LLVMTypeOf(old), ""));
  }
}

static int regroup_bitcast(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef cast) {
  LLVMValueRef src = LLVMGetOperand(cast, 0);
  LLVMTypeRef st = LLVMTypeOf(src), dt = LLVMTypeOf(cast);
  if (LLVMGetTypeKind(st) != LLVMVectorTypeKind && LLVMGetTypeKind(dt) != LLVMVectorTypeKind)
    return 0;
  unsigned sn = count_of(st), dn = count_of(dt);
  if (sn == dn) return 0; /* element-wise: the scalarizer's */
  LLVMTypeRef se = element_of(st), de = element_of(dt);
  if (LLVMGetTypeKind(se) == LLVMPointerTypeKind || LLVMGetTypeKind(de) == LLVMPointerTypeKind)
    return 0;
  unsigned sb = (unsigned)LLVMSizeOfTypeInBits(ctx->layout, se);
  unsigned db = (unsigned)LLVMSizeOfTypeInBits(ctx->layout, de);
  if ((db > sb ? db % sb : sb % db) != 0) return 0; /* e.g. <3 x i8> <-> <2 x i12> */
  LLVMPositionBuilderBefore(b, cast);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(cast));
  if (sn == 1 && !is_msl_width(sb)) {
    src = widened_source(src);
    if (!src) return 0;
    sb = LLVMGetIntTypeWidth(LLVMTypeOf(src));
  }
  /* an N-bit scalar result MSL has no type for is built in a wider one */
  unsigned built = dn == 1 && !is_msl_width(db) ? msl_width_above(db) : db;
  if (built > 64) return 0;
  LLVMTypeRef bt = LLVMIntTypeInContext(ctx->llctx, built);
  LLVMValueRef result = dn == 1 ? NULL : LLVMGetPoison(dt);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx->llctx);
  for (unsigned j = 0; j < dn; j++) {
    LLVMValueRef e;
    if (db > sb) { /* gather db/sb source elements, element 0 lowest */
      unsigned r = db / sb;
      e = NULL;
      for (unsigned k = 0; k < r; k++) {
        /* frozen: a poison lane (a widening shufflevector's) must not
         * make the other lanes' bits poison */
        LLVMValueRef lane = LLVMBuildFreeze(b, element_at(b, src, j * r + k), "");
        LLVMValueRef part = LLVMBuildZExt(b, as_int(ctx, b, lane, sb), bt, "");
        if (k) part = LLVMBuildShl(b, part, LLVMConstInt(bt, (unsigned long long)k * sb, 0), "");
        e = e ? LLVMBuildOr(b, e, part, "") : part;
      }
    } else { /* one part of a wider source element */
      unsigned r = sb / db;
      LLVMValueRef whole = as_int(ctx, b, element_at(b, src, j / r), sb);
      LLVMTypeRef wt = LLVMTypeOf(whole);
      if (j % r) whole = LLVMBuildLShr(b, whole, LLVMConstInt(wt, (j % r) * db, 0), "");
      e = LLVMBuildTrunc(b, whole, LLVMIntTypeInContext(ctx->llctx, db), "");
    }
    if (dn == 1) {
      result = e;
      break;
    }
    if (LLVMTypeOf(e) != de) e = LLVMBuildBitCast(b, e, de, "");
    result = LLVMBuildInsertElement(b, result, e, LLVMConstInt(i64, j, 0), "");
  }
  if (dn == 1 && built != db) {
    replace_narrow_uses(b, cast, result, db);
  } else {
    if (dn == 1 && LLVMTypeOf(result) != dt) result = LLVMBuildBitCast(b, result, dt, "");
    LLVMReplaceAllUsesWith(cast, result);
  }
  LLVMInstructionEraseFromParent(cast);
  return 1;
}

/* A load or store of a vector of elements narrower than a byte (`<8 x i1>`,
 * instcombine's form of a bool vector stored as its bitmask) as one of the
 * integer of its bits, which has that vector's memory layout, and a bitcast
 * (returned, for regroup_bitcast). NULL for anything else. */
static LLVMValueRef as_integer_access(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef access) {
  int is_load = LLVMIsALoadInst(access) != NULL;
  if (!is_load && !LLVMIsAStoreInst(access)) return NULL;
  LLVMTypeRef vt = LLVMTypeOf(is_load ? access : LLVMGetOperand(access, 0));
  if (LLVMGetTypeKind(vt) != LLVMVectorTypeKind) return NULL;
  unsigned long long bits = LLVMSizeOfTypeInBits(ctx->layout, vt);
  LLVMTypeRef element = LLVMGetElementType(vt);
  if (LLVMSizeOfTypeInBits(ctx->layout, element) % 8 == 0 || bits % 8 || bits > 64) return NULL;
  LLVMTypeRef it = LLVMIntTypeInContext(ctx->llctx, (unsigned)bits);
  LLVMPositionBuilderBefore(b, access);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(access));
  LLVMValueRef cast, replacement;
  if (is_load) {
    replacement = LLVMBuildLoad2(b, it, LLVMGetOperand(access, 0), "");
    cast = LLVMBuildBitCast(b, replacement, vt, "");
    LLVMReplaceAllUsesWith(access, cast);
  } else {
    cast = LLVMBuildBitCast(b, LLVMGetOperand(access, 0), it, "");
    replacement = LLVMBuildStore(b, cast, LLVMGetOperand(access, 1));
  }
  LLVMSetAlignment(replacement, LLVMGetAlignment(access));
  LLVMSetVolatile(replacement, LLVMGetVolatile(access));
  LLVMInstructionEraseFromParent(access);
  return cast;
}

/* Every reduction and every bitcast between element counts of the module's
 * functions on elements (see above). Cannot fail: returns 1. */
int lower_vector_ops(msl_ctx *ctx) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  /* Collected first: a rewrite erases users of the instruction it rewrites
   * (never a call or a bitcast), which may be the next one. */
  LLVMValueRef *work = NULL;
  size_t count = 0, cap = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMValueRef cast = as_integer_access(ctx, b, i);
        if (cast)
          i = cast; /* the access's replacement: the bitcast, now last */
        else if (!LLVMIsACallInst(i) && !LLVMIsABitCastInst(i))
          continue;
        if (count == cap) {
          cap = cap ? 2 * cap : 64;
          work = realloc(work, cap * sizeof *work);
          if (!work) abort();
        }
        work[count++] = i;
      }
  for (size_t k = 0; k < count; k++)
    if (LLVMIsACallInst(work[k]))
      expand_reduction(ctx, b, work[k]);
    else
      regroup_bitcast(ctx, b, work[k]);
  free(work);
  LLVMDisposeBuilder(b);
  return 1;
}
