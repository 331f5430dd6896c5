/* lower_unaligned.c — loads and stores below their natural alignment, as
 * naturally aligned pieces (an IR->IR pass run after the LLVM pipeline).
 *
 * LLVM IR lets an access carry any alignment: `load i64, ptr %p, align 4` is
 * legal and common — clang and instcombine make one when a struct of 4-byte
 * alignment is copied 8 bytes at a time (a `struct { float4 a; int2 b; }`
 * read field by field, a packed struct, a memcpy turned into wide loads).
 * PTX executes such an access only if the address really is aligned (the
 * H200 faults with "misaligned address" otherwise), and MSL has no notion of
 * an under-aligned access at all: `*(device ulong *)p` requires p to be a
 * multiple of 8, and what an Apple GPU does when it is not is undefined. So
 * every non-atomic load and store of an integer, float or pointer whose
 * alignment A is smaller than its store size S (a power of two) becomes S/A
 * accesses of A-byte integers at offsets 0, A, 2A, ... — each naturally
 * aligned — combined little-endian (Metal's and PTX's byte order) by shifts
 * and ors, then bitcast back to the value's type (inttoptr for a pointer).
 * A volatile access stays volatile piece by piece (PTX's memory model gives
 * an access no single-copy atomicity beyond its alignment anyway).
 *
 * Atomics are left alone: LLVM requires them to be naturally aligned for
 * the lowering Anchor does (lower_atomics*.c). Aggregates and vectors do not
 * reach this pass (SROA and lower_vectors.c split them). Runs before
 * lower_int_widths, which legalises the 128-bit pieces' arithmetic. */
#include "msl_internal.h"

/* Power-of-two store size in bytes of a type this pass may split, else 0. */
static unsigned long long splittable_size(msl_ctx *ctx, LLVMTypeRef type) {
  switch (LLVMGetTypeKind(type)) {
  case LLVMIntegerTypeKind:
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind:
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind:
  case LLVMPointerTypeKind: break;
  default: return 0;
  }
  unsigned long long size = LLVMStoreSizeOfType(ctx->layout, type);
  if (LLVMSizeOfTypeInBits(ctx->layout, type) != 8 * size) return 0; /* i33: lower_int_widths */
  return size >= 2 && size <= 16 && !(size & (size - 1)) ? size : 0;
}

static void split_load(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef load, unsigned long long size,
                       unsigned align) {
  LLVMTypeRef type = LLVMTypeOf(load);
  LLVMTypeRef whole = LLVMIntTypeInContext(ctx->llctx, (unsigned)(8 * size));
  LLVMTypeRef piece = LLVMIntTypeInContext(ctx->llctx, 8 * align);
  LLVMValueRef pointer = LLVMGetOperand(load, 0), bits = NULL;
  LLVMPositionBuilderBefore(b, load);
  for (unsigned long long at = 0; at < size; at += align) {
    LLVMValueRef part = LLVMBuildLoad2(b, piece, lower_byte_pointer(ctx, b, pointer, at), "");
    lower_copy_access(load, part, align);
    LLVMValueRef wide = LLVMBuildZExt(b, part, whole, "");
    if (at) wide = LLVMBuildShl(b, wide, LLVMConstInt(whole, 8 * at, 0), "");
    bits = bits ? LLVMBuildOr(b, bits, wide, "") : wide;
  }
  LLVMValueRef value = LLVMGetTypeKind(type) == LLVMPointerTypeKind
                           ? LLVMBuildIntToPtr(b, bits, type, "")
                           : LLVMBuildBitCast(b, bits, type, "");
  lower_replace(load, value);
}

static void split_store(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef store, unsigned long long size,
                        unsigned align) {
  LLVMValueRef value = LLVMGetOperand(store, 0), pointer = LLVMGetOperand(store, 1);
  LLVMTypeRef whole = LLVMIntTypeInContext(ctx->llctx, (unsigned)(8 * size));
  LLVMTypeRef piece = LLVMIntTypeInContext(ctx->llctx, 8 * align);
  LLVMPositionBuilderBefore(b, store);
  LLVMValueRef bits = LLVMGetTypeKind(LLVMTypeOf(value)) == LLVMPointerTypeKind
                          ? LLVMBuildPtrToInt(b, value, whole, "")
                          : LLVMBuildBitCast(b, value, whole, "");
  for (unsigned long long at = 0; at < size; at += align) {
    LLVMValueRef shifted = at ? LLVMBuildLShr(b, bits, LLVMConstInt(whole, 8 * at, 0), "") : bits;
    LLVMValueRef part = LLVMBuildStore(b, LLVMBuildTrunc(b, shifted, piece, ""),
                                       lower_byte_pointer(ctx, b, pointer, at));
    lower_copy_access(store, part, align);
  }
  LLVMInstructionEraseFromParent(store);
}

static void visit(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i) {
  int store = LLVMIsAStoreInst(i) != NULL;
  if (!store && !LLVMIsALoadInst(i)) return;
  if (LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic) return;
  LLVMTypeRef type = LLVMTypeOf(store ? LLVMGetOperand(i, 0) : i);
  unsigned long long size = splittable_size(ctx, type);
  unsigned align = LLVMGetAlignment(i);
  if (!size || !align || align >= size) return;
  if (store)
    split_store(ctx, b, i, size, align);
  else
    split_load(ctx, b, i, size, align);
}

int lower_unaligned(msl_ctx *ctx) {
  return lower_each_instruction(ctx, visit);
}
