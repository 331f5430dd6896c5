/* addrspace.c — decide, for every pointer value of a kernel, which MSL address
 * space it points into. MSL has no generic pointers, so this is a dataflow
 * problem: allocas are thread memory, by-value parameters the constant
 * parameter block, __shared__ variables threadgroup memory, and everything
 * else (parameters, loaded pointers, __device__ variables, integers turned
 * into pointers) device memory holding a CUDA address — or, where the kernel
 * stores other pointers to memory or turns them into integers, whatever those
 * point into (stored_mask, int_spaces). GEPs, casts, phis and
 * selects inherit the spaces of their operands. A value that may point into
 * several spaces becomes a generic pointer: a ulong naming the space in its
 * top byte and the offset from that space's one base below (emit.c); each
 * access through it tests the tag. */
#include <string.h>

#include "msl_internal.h"

static int is_pointer(LLVMValueRef v) {
  return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
}

msl_space msl_addrspace_of(msl_func *f, LLVMValueRef v) {
  if (LLVMIsAInstruction(v) || LLVMIsAArgument(v))
    return (msl_space)ptrmap_get(&f->spaces.space, v, MSL_SPACE_NONE);
  if (LLVMIsAGlobalVariable(v)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(v)) != AC_NVPTX_SHARED) return MSL_SPACE_DEVICE;
    if (smem_spilled(f, v)) return MSL_SPACE_DEVICE; /* in the block's device slice */
    /* extern __shared__ T x[]: the dynamic threadgroup buffer */
    return LLVMIsDeclaration(v) || !LLVMABISizeOfType(f->ctx->layout, LLVMGlobalGetValueType(v))
               ? MSL_SPACE_DYN_SHARED
               : MSL_SPACE_SHARED;
  }
  if (LLVMIsAConstantPointerNull(v) || LLVMIsUndef(v) || LLVMIsPoison(v)) return MSL_SPACE_NONE;
  if (LLVMIsAConstantExpr(v)) {
    LLVMOpcode op = LLVMGetConstOpcode(v);
    if (op == LLVMGetElementPtr || op == LLVMAddrSpaceCast || op == LLVMBitCast)
      return msl_addrspace_of(f, LLVMGetOperand(v, 0));
  }
  return MSL_SPACE_DEVICE;
}

/* Does anything write through a pointer derived from `v`, or let it escape?
 * `depth` bounds the walk through phi cycles. */
static int derived_written(LLVMValueRef v, int depth) {
  if (depth > 64) return 1;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) ||
        LLVMIsAAddrSpaceCastInst(user) || LLVMIsAPHINode(user) || LLVMIsASelectInst(user)) {
      if (LLVMIsAPHINode(user) && depth > 8) return 1;
      if (derived_written(user, depth + 1)) return 1;
    } else if (LLVMIsAStoreInst(user) || LLVMIsAPtrToIntInst(user) || LLVMIsAAtomicRMWInst(user) ||
               LLVMIsAAtomicCmpXchgInst(user)) {
      return 1;
    } else if (LLVMIsACallInst(user)) {
      const char *name = ir_callee_name(user);
      if (strncmp(name, "llvm.lifetime.", 14) &&
          !((!strncmp(name, "llvm.memcpy.", 12) || !strncmp(name, "anchor_memcpy.", 14)) &&
            LLVMGetOperand(user, 1) == v)) /* a copy's source is only read */
        return 1;
    }
  }
  return 0;
}

/* The dataflow works on masks of possible spaces (bit 1 << msl_space);
 * during it f->spaces.mask holds every pointer value's mask. */
static unsigned mask_of(msl_func *f, LLVMValueRef v) {
  if (LLVMIsAInstruction(v) || LLVMIsAArgument(v))
    return (unsigned)ptrmap_get(&f->spaces.mask, v, 0);
  msl_space s = msl_addrspace_of(f, v);
  return s == MSL_SPACE_NONE ? 0u : 1u << s;
}

static void add_mask(msl_func *f, LLVMValueRef v, unsigned mask, int *changed) {
  unsigned old = (unsigned)ptrmap_get(&f->spaces.mask, v, 0);
  if ((old | mask) != old) {
    ptrmap_set(&f->spaces.mask, v, (int)(old | mask));
    *changed = 1;
  }
}

/* Pointers into thread, threadgroup or parameter memory have no CUDA address.
 * The spaces of every pointer value stored to memory: a pointer loaded from memory
 * may be any of them (C lets a local's address be stored, in a local array of
 * pointers, a struct, a global, and loaded back). Stored, a pointer of any space is
 * written as a generic pointer (device ones are their CUDA address, tag 0, as ever),
 * so a loaded one, or one made from an integer, is read as generic where the mask
 * has more than device. Turned into an integer (ptrtoint), a pointer is its generic
 * bits too (int_spaces follows them back to inttoptr). */
static unsigned int_spaces(msl_func *f, LLVMValueRef v, unsigned stored, int depth);

static unsigned stored_mask(msl_func *f) {
  unsigned mask = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMIsAStoreInst(i) && is_pointer(LLVMGetOperand(i, 0)))
        mask |= mask_of(f, LLVMGetOperand(i, 0));
      else if (LLVMIsAStoreInst(i)) /* a pointer's bits stored as an integer */
        mask |= int_spaces(f, LLVMGetOperand(i, 0), 0, 0);
  return mask;
}

/* The spaces integer v may hold an address of: through arithmetic, casts, phis
 * and selects, the pointers stored to memory (`stored`) where it is made from a
 * loaded value, a pointer's spaces where it is made from ptrtoint (a generic
 * pointer's bits, device ones being their CUDA address). */
static unsigned int_spaces(msl_func *f, LLVMValueRef v, unsigned stored, int depth) {
  if (LLVMIsALoadInst(v)) return stored;
  /* `store i64 ptrtoint (ptr addrspacecast (@smem) to i64)`: instcombine's form of
   * a struct holding a __shared__ pointer copied by words */
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMPtrToInt)
    return mask_of(f, LLVMGetOperand(v, 0));
  if (depth > 16 || !LLVMIsAInstruction(v) || LLVMIsACallInst(v)) return 0;
  if (LLVMIsAPtrToIntInst(v)) return mask_of(f, LLVMGetOperand(v, 0));
  unsigned mask = 0;
  if (LLVMIsAPHINode(v)) {
    for (unsigned k = 0; k < LLVMCountIncoming(v); k++)
      mask |= int_spaces(f, LLVMGetIncomingValue(v, k), stored, depth + 4);
  } else if (LLVMIsABinaryOperator(v) || LLVMIsACastInst(v) || LLVMIsASelectInst(v) ||
             LLVMIsAFreezeInst(v)) {
    int n = LLVMGetNumOperands(v);
    for (int k = LLVMIsASelectInst(v) ? 1 : 0; k < n; k++)
      mask |= int_spaces(f, LLVMGetOperand(v, (unsigned)k), stored, depth + 1);
  }
  return mask;
}

static unsigned derive(msl_func *f, LLVMValueRef i, unsigned stored) {
  if (LLVMIsAAllocaInst(i)) return 1u << MSL_SPACE_PRIVATE;
  if (LLVMIsALoadInst(i)) return 1u << MSL_SPACE_DEVICE | stored;
  /* the stored bits may come back as an integer loaded from memory (a struct
   * copied by words, a va_list walked by devlib's printf) */
  if (LLVMIsAIntToPtrInst(i))
    return 1u << MSL_SPACE_DEVICE | int_spaces(f, LLVMGetOperand(i, 0), stored, 0);
  if (LLVMIsAGetElementPtrInst(i) || LLVMIsACastInst(i) || LLVMIsAFreezeInst(i))
    return mask_of(f, LLVMGetOperand(i, 0));
  if (LLVMIsASelectInst(i))
    return mask_of(f, LLVMGetOperand(i, 1)) | mask_of(f, LLVMGetOperand(i, 2));
  if (LLVMIsAPHINode(i)) {
    unsigned mask = 0;
    for (unsigned k = 0; k < LLVMCountIncoming(i); k++)
      mask |= mask_of(f, LLVMGetIncomingValue(i, k));
    return mask;
  }
  return 1u << MSL_SPACE_DEVICE; /* loaded pointers and the like */
}

static void propagate(msl_func *f, int *changed) {
  unsigned stored = stored_mask(f);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (is_pointer(i)) add_mask(f, i, derive(f, i, stored), changed);
}

/* One space: that representation; several: a generic pointer (a ulong
 * tagged with its space, see emit.c); none (only null): device. */
static void settle(msl_func *f, LLVMValueRef v) {
  unsigned mask = (unsigned)ptrmap_get(&f->spaces.mask, v, 0);
  msl_space s = MSL_SPACE_DEVICE;
  for (int k = MSL_SPACE_DEVICE; k < MSL_SPACE_GENERIC; k++)
    if (mask == 1u << k) s = (msl_space)k;
  if (mask & (mask - 1)) s = MSL_SPACE_GENERIC;
  ptrmap_set(&f->spaces.space, v, s);
}

int msl_addrspace_analyze(msl_func *f) {
  unsigned n = LLVMCountParams(f->fn);
  int changed = 0;
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef arg = LLVMGetParam(f->fn, i);
    if (!is_pointer(arg)) continue;
    msl_space s = MSL_SPACE_DEVICE;
    if (f->kernel->params[i].byval) {
      /* A by-value struct the kernel writes to (CUDA allows it) or whose
       * address escapes gets a private copy; otherwise it is read in place. */
      s = MSL_SPACE_PARAM;
      if (derived_written(arg, 0)) {
        s = MSL_SPACE_PRIVATE;
        ptrmap_set(&f->spaces.private_copy, arg, 1);
      }
    }
    add_mask(f, arg, 1u << s, &changed);
  }
  do {
    changed = 0;
    propagate(f, &changed);
  } while (changed);
  for (unsigned i = 0; i < n; i++)
    if (is_pointer(LLVMGetParam(f->fn, i))) settle(f, LLVMGetParam(f->fn, i));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (is_pointer(i)) settle(f, i);
  return 1;
}

unsigned msl_addrspace_mask(msl_func *f, LLVMValueRef v) {
  return mask_of(f, v);
}
