/* lower_fp64.c — IR->IR: computation on doubles as calls of the software
 * binary64 helpers anchor_f64_* (ARCHITECTURE.md decision 7: bit-exact IEEE
 * binary64 in integer arithmetic; fp64.metal). Metal has no double, so the
 * emitter carries a double as its ulong bits and may only move it: every
 * arithmetic instruction, comparison, conversion and math intrinsic on
 * doubles becomes one call, declared in the module without memory effects,
 * whose MSL text is its row in fp64.c. Helpers whose signature depends on
 * an integer type carry it as a suffix (anchor_f64_to_int.i32), like LLVM's
 * overloaded intrinsics. What has no helper (double -> half, the
 * transcendental library) is left as it is: the emitter reports it. */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <string.h>

#include "msl_internal.h"

/* The helper of an f64 math intrinsic; NULL when there is none. */
static const char *intrinsic_helper(const char *name) {
  static const char *const map[][2] = {
      {"llvm.fabs.f64", "anchor_f64_abs"},
      {"llvm.minnum.f64", "anchor_f64_min"},
      {"llvm.maxnum.f64", "anchor_f64_max"},
      {"llvm.copysign.f64", "anchor_f64_copysign"},
      {"llvm.sqrt.f64", "anchor_f64_sqrt"},
      {"llvm.trunc.f64", "anchor_f64_trunc"},
      {"llvm.floor.f64", "anchor_f64_floor"},
      {"llvm.ceil.f64", "anchor_f64_ceil"},
      {"llvm.round.f64", "anchor_f64_round_away"},
      {"llvm.rint.f64", "anchor_f64_rint"},
      {"llvm.nearbyint.f64", "anchor_f64_rint"},
      {"llvm.roundeven.f64", "anchor_f64_rint"},
      /* fmuladd may fuse or not: fused, like float's fma and like nvcc */
      {"llvm.fma.f64", "anchor_f64_fma"},
      {"llvm.fmuladd.f64", "anchor_f64_fma"}};
  for (unsigned k = 0; k < sizeof map / sizeof *map; k++)
    if (!strcmp(name, map[k][0])) return map[k][1];
  return NULL;
}

/* The comparison helper of an fcmp predicate (fp64.c spells each). */
static const char *compare_helper(LLVMRealPredicate p) {
  static const char *const names[] = {[LLVMRealPredicateFalse] = "anchor_f64_cmp_false",
                                      [LLVMRealOEQ] = "anchor_f64_cmp_oeq",
                                      [LLVMRealOGT] = "anchor_f64_cmp_ogt",
                                      [LLVMRealOGE] = "anchor_f64_cmp_oge",
                                      [LLVMRealOLT] = "anchor_f64_cmp_olt",
                                      [LLVMRealOLE] = "anchor_f64_cmp_ole",
                                      [LLVMRealONE] = "anchor_f64_cmp_one",
                                      [LLVMRealORD] = "anchor_f64_cmp_ord",
                                      [LLVMRealUNO] = "anchor_f64_cmp_uno",
                                      [LLVMRealUEQ] = "anchor_f64_cmp_ueq",
                                      [LLVMRealUGT] = "anchor_f64_cmp_ugt",
                                      [LLVMRealUGE] = "anchor_f64_cmp_uge",
                                      [LLVMRealULT] = "anchor_f64_cmp_ult",
                                      [LLVMRealULE] = "anchor_f64_cmp_ule",
                                      [LLVMRealUNE] = "anchor_f64_cmp_une",
                                      [LLVMRealPredicateTrue] = "anchor_f64_cmp_true"};
  assert(p <= LLVMRealPredicateTrue);
  return names[p];
}

/* The helper replacing i, written into name (size n); 0 when i stays. */
static int helper_name(LLVMValueRef i, char *name, size_t n) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(i);
  LLVMTypeRef ty = LLVMTypeOf(i);
  LLVMTypeRef from = LLVMGetNumOperands(i) ? LLVMTypeOf(LLVMGetOperand(i, 0)) : ty;
  const char *base = NULL;
  unsigned bits = 0; /* the integer type of a conversion, as a suffix */
  switch (opc) {
  case LLVMFAdd: base = "anchor_f64_add"; break;
  case LLVMFSub: base = "anchor_f64_sub"; break;
  case LLVMFMul: base = "anchor_f64_mul"; break;
  case LLVMFDiv: base = "anchor_f64_div"; break;
  case LLVMFRem: base = "anchor_f64_fmod"; break;
  case LLVMFNeg: base = "anchor_f64_neg"; break;
  case LLVMFCmp: base = compare_helper(LLVMGetFCmpPredicate(i)); break;
  case LLVMCall: base = intrinsic_helper(ir_callee_name(i)); break;
  case LLVMSIToFP:
    bits = LLVMGetIntTypeWidth(from);
    base = bits == 64 ? "anchor_f64_from_i64" : "anchor_f64_from_int";
    if (bits == 64) bits = 0; /* one type: no suffix */
    break;
  case LLVMUIToFP: base = "anchor_f64_from_uint", bits = LLVMGetIntTypeWidth(from); break;
  case LLVMFPToSI: base = "anchor_f64_to_int", bits = LLVMGetIntTypeWidth(ty); break;
  case LLVMFPToUI: base = "anchor_f64_to_uint", bits = LLVMGetIntTypeWidth(ty); break;
  case LLVMFPExt:
    base =
        LLVMGetTypeKind(from) == LLVMHalfTypeKind ? "anchor_f64_from_half" : "anchor_f64_from_f32";
    break;
  case LLVMFPTrunc:
    if (LLVMGetTypeKind(ty) == LLVMFloatTypeKind) base = "anchor_f64_to_f32";
    break;
  default: break;
  }
  if (!base) return 0;
  if (bits)
    snprintf(name, n, "%s.i%u", base, bits);
  else
    snprintf(name, n, "%s", base);
  return 1;
}

/* Does i compute on doubles (not merely move them)? */
static int computes_on_double(LLVMValueRef i) {
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFRem:
  case LLVMFNeg:
  case LLVMFCmp:
  case LLVMCall:
  case LLVMSIToFP:
  case LLVMUIToFP:
  case LLVMFPToSI:
  case LLVMFPToUI:
  case LLVMFPExt:
  case LLVMFPTrunc: break;
  default: return 0;
  }
  return ir_touches_double(i);
}

/* A computation on doubles that has a helper: i's operands ->
 * anchor_f64_<op>(operands), without memory effects. */
static void visit(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i) {
  char name[64];
  if (!computes_on_double(i) || !helper_name(i, name, sizeof name)) return;
  unsigned n =
      LLVMIsACallInst(i) ? (unsigned)LLVMGetNumArgOperands(i) : (unsigned)LLVMGetNumOperands(i);
  LLVMValueRef args[3];
  LLVMTypeRef params[3];
  assert(n >= 1 && n <= 3);
  for (unsigned k = 0; k < n; k++)
    args[k] = LLVMGetOperand(i, k), params[k] = LLVMTypeOf(args[k]);
  LLVMTypeRef type = LLVMFunctionType(LLVMTypeOf(i), params, n, 0);
  lower_replace(i, lower_call(b, i, lower_declare(ctx, name, type, LOWER_PURE), args, n));
}

int lower_fp64(msl_ctx *ctx) {
  return lower_each_instruction(ctx, visit);
}
