/* lower_atomics_wide.c — IR->IR, after lower_atomics_order.c (every atomic is relaxed),
 * before devlib_link (its calls are linked and inlined like the user's own) and again after
 * it (for the library's own code; compile.c): the atomics
 * MSL has no instruction for become calls of the device library's (devlib/atomics.cu;
 * contracts in include/anchor/atomic_functions.h):
 *   8- and 16-bit values (integers, half, bfloat): compare-and-swap loops on the aligned
 *   32-bit word holding them; 64-bit values (integers, double, pointers) and 128-bit loads
 *   and stores (CUDA 12's 16-byte __nv_atomic_load/store): critical sections under the
 *   launch's lock table.
 * atomicrmw op p, v -> __anchor_atomic_rmwN(p, v, op) (op: LLVM's numbering, plus
 * ANCHOR_ATOMIC_HALF/BFLOAT for 16-bit floating point); cmpxchg p, cmp, new ->
 * {old, old == cmp} from __anchor_atomic_casN(p, cmp, new) (a strong compare-and-swap, valid
 * for a weak one); atomic loads and stores -> __anchor_atomic_loadN / storeN. Values travel
 * as their bits (double and half bit cast, pointers as integers); the pointer is generic (an
 * addrspacecast: after inlining, infer-address-spaces gives it its space back). 32-bit
 * atomics stay for lower_atomics.c (MSL's own); other widths, and 128-bit read-modify-write
 * or compare-and-swap (CUDA's need sm_90; Anchor's headers are sm_75's), are an error here,
 * at the user's line. */
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>

#include "msl_internal.h"

/* LLVM 19's last atomicrmw operation the device library implements. */
#define LAST_OP LLVMAtomicRMWBinOpUDecWrap
enum { FLAG_HALF = 0x100, FLAG_BFLOAT = 0x200 }; /* ANCHOR_ATOMIC_HALF / _BFLOAT */

/* The value type of atomic instruction i (NULL: not an atomic). */
static LLVMTypeRef value_type(LLVMValueRef i) {
  if (LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i))
    return LLVMTypeOf(LLVMGetOperand(i, 1));
  if (LLVMIsALoadInst(i) && LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic) return LLVMTypeOf(i);
  if (LLVMIsAStoreInst(i) && LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
    return LLVMTypeOf(LLVMGetOperand(i, 0));
  return NULL;
}

/* v (of type ty) as an integer of `bits`, and back. */
static LLVMValueRef to_bits(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef bits_ty) {
  LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(v));
  if (k == LLVMIntegerTypeKind) return v;
  if (k == LLVMPointerTypeKind) return LLVMBuildPtrToInt(b, v, bits_ty, "");
  return LLVMBuildBitCast(b, v, bits_ty, "");
}

static LLVMValueRef from_bits(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef ty) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  if (k == LLVMIntegerTypeKind) return v;
  if (k == LLVMPointerTypeKind) return LLVMBuildIntToPtr(b, v, ty, "");
  return LLVMBuildBitCast(b, v, ty, "");
}

static LLVMValueRef generic_pointer(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef p) {
  if (!LLVMGetPointerAddressSpace(LLVMTypeOf(p))) return p;
  return LLVMBuildAddrSpaceCast(b, p, LLVMPointerTypeInContext(ctx->llctx, 0), "");
}

/* Calls __anchor_atomic_<what><bits>(args) returning ret (void: NULL). */
static LLVMValueRef call(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef at, const char *what,
                         unsigned bits, LLVMTypeRef ret, LLVMValueRef *args, unsigned n) {
  char name[64];
  snprintf(name, sizeof name, "__anchor_atomic_%s%u", what, bits);
  LLVMTypeRef params[3];
  for (unsigned k = 0; k < n; k++)
    params[k] = LLVMTypeOf(args[k]);
  LLVMValueRef fn = lower_declare(ctx, name, LLVMFunctionType(ret, params, n, 0), 0);
  return lower_call(b, at, fn, args, n);
}

/* The operation code of atomicrmw i on type ty; -1 when the library has none. */
static int op_code(LLVMValueRef i, LLVMTypeRef ty) {
  LLVMAtomicRMWBinOp op = LLVMGetAtomicRMWBinOp(i);
  if (op > LAST_OP) return -1;
  int fp = op == LLVMAtomicRMWBinOpFAdd || op == LLVMAtomicRMWBinOpFSub ||
           op == LLVMAtomicRMWBinOpFMax || op == LLVMAtomicRMWBinOpFMin;
  if (fp && LLVMGetTypeKind(ty) == LLVMHalfTypeKind) return (int)op | FLAG_HALF;
  if (fp && LLVMGetTypeKind(ty) == LLVMBFloatTypeKind) return (int)op | FLAG_BFLOAT;
  return (int)op;
}

static int lower_one(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i, LLVMTypeRef ty,
                     unsigned bits) {
  LLVMTypeRef bits_ty = LLVMIntTypeInContext(ctx->llctx, bits);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx->llctx);
  LLVMPositionBuilderBefore(b, i);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(i));
  LLVMValueRef r = NULL;
  if (LLVMIsAAtomicRMWInst(i)) {
    int op = op_code(i, ty);
    if (op < 0) return diag_error(ctx, i, "this atomic read-modify-write operation " NOT_SUPPORTED);
    LLVMValueRef args[] = {generic_pointer(ctx, b, LLVMGetOperand(i, 0)),
                           to_bits(b, LLVMGetOperand(i, 1), bits_ty), LLVMConstInt(i32, op, 0)};
    r = from_bits(b, call(ctx, b, i, "rmw", bits, bits_ty, args, 3), ty);
  } else if (LLVMIsAAtomicCmpXchgInst(i)) {
    LLVMValueRef cmp = to_bits(b, LLVMGetOperand(i, 1), bits_ty);
    LLVMValueRef args[] = {generic_pointer(ctx, b, LLVMGetOperand(i, 0)), cmp,
                           to_bits(b, LLVMGetOperand(i, 2), bits_ty)};
    LLVMValueRef old = call(ctx, b, i, "cas", bits, bits_ty, args, 3);
    LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntEQ, old, cmp, "");
    r = LLVMBuildInsertValue(b, LLVMGetUndef(LLVMTypeOf(i)), from_bits(b, old, ty), 0, "");
    r = LLVMBuildInsertValue(b, r, ok, 1, "");
  } else if (LLVMIsALoadInst(i)) {
    LLVMValueRef args[] = {generic_pointer(ctx, b, LLVMGetOperand(i, 0))};
    r = from_bits(b, call(ctx, b, i, "load", bits, bits_ty, args, 1), ty);
  } else {
    LLVMValueRef args[] = {generic_pointer(ctx, b, LLVMGetOperand(i, 1)),
                           to_bits(b, LLVMGetOperand(i, 0), bits_ty)};
    call(ctx, b, i, "store", bits, LLVMVoidTypeInContext(ctx->llctx), args, 2);
  }
  lower_replace(i, r);
  return 1;
}

int lower_atomics_wide(msl_ctx *ctx) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  int ok = 1;
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); ok && fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); ok && bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; ok && i; i = next) {
        next = LLVMGetNextInstruction(i);
        LLVMTypeRef ty = value_type(i);
        if (!ty) continue;
        unsigned bits = (unsigned)LLVMSizeOfTypeInBits(ctx->layout, ty);
        if (bits == 32) continue; /* MSL's own (lower_atomics.c, atomics.c) */
        if (bits == 8 || bits == 16 || bits == 64 ||
            (bits == 128 && (LLVMIsALoadInst(i) || LLVMIsAStoreInst(i))))
          ok = lower_one(ctx, b, i, ty, bits);
        else
          ok = diag_error(ctx, i, "%u-bit atomic operation " NOT_SUPPORTED, bits);
      }
  LLVMDisposeBuilder(b);
  return ok;
}
