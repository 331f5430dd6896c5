/* addrspace.c — decide, for every pointer value of a kernel, which MSL address
 * space it points into. MSL has no generic pointers, so this is a dataflow
 * problem: allocas are thread memory, by-value parameters the constant
 * parameter block, __shared__ variables threadgroup memory, and everything
 * else (parameters, loaded pointers, __device__ variables, integers turned
 * into pointers) device memory holding a CUDA address. GEPs, casts, phis and
 * selects inherit the space of their operands. A value that may point into
 * two spaces is rejected for now. */
#include <string.h>

#include "msl_internal.h"

static const char *space_name(msl_space s) {
  switch (s) {
  case MSL_SPACE_DEVICE: return "global";
  case MSL_SPACE_PRIVATE: return "private";
  case MSL_SPACE_PARAM: return "kernel-parameter";
  case MSL_SPACE_SHARED: return "shared";
  default: return "unknown";
  }
}

static int is_pointer(LLVMValueRef v) {
  return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
}

msl_space msl_addrspace_of(msl_func *f, LLVMValueRef v) {
  if (LLVMIsAInstruction(v) || LLVMIsAArgument(v))
    return (msl_space)msl_map_get(&f->space, v, MSL_SPACE_NONE);
  if (LLVMIsAGlobalVariable(v))
    return LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == 3 ? MSL_SPACE_SHARED : MSL_SPACE_DEVICE;
  if (LLVMIsAConstantPointerNull(v) || LLVMIsUndef(v) || LLVMIsPoison(v))
    return MSL_SPACE_NONE;
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
  if (depth > 64)
    return 1;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) ||
        LLVMIsAAddrSpaceCastInst(user) || LLVMIsAPHINode(user) || LLVMIsASelectInst(user)) {
      if (LLVMIsAPHINode(user) && depth > 8)
        return 1;
      if (derived_written(user, depth + 1))
        return 1;
    } else if (LLVMIsAStoreInst(user) || LLVMIsAPtrToIntInst(user) ||
               LLVMIsAAtomicRMWInst(user) || LLVMIsAAtomicCmpXchgInst(user)) {
      return 1;
    } else if (LLVMIsACallInst(user)) {
      LLVMValueRef callee = LLVMGetCalledValue(user);
      size_t len;
      const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
      if (strncmp(name, "llvm.lifetime.", 14) && !(strncmp(name, "llvm.memcpy.", 12) == 0 &&
                                                   LLVMGetOperand(user, 1) == v))
        return 1;
    }
  }
  return 0;
}

static int set_space(msl_func *f, LLVMValueRef v, msl_space s, int *changed) {
  msl_space old = (msl_space)msl_map_get(&f->space, v, MSL_SPACE_NONE);
  if (s == MSL_SPACE_NONE || s == old)
    return 1;
  if (old != MSL_SPACE_NONE)
    return msl_error(f->ctx, v, "pointer that may point to both %s and %s memory is not "
                                "supported by Anchor's Metal backend",
                     space_name(old), space_name(s));
  msl_map_set(&f->space, v, s);
  *changed = 1;
  return 1;
}

static msl_space derive(msl_func *f, LLVMValueRef i) {
  if (LLVMIsAAllocaInst(i))
    return MSL_SPACE_PRIVATE;
  if (LLVMIsAGetElementPtrInst(i) || LLVMIsACastInst(i) || LLVMIsAFreezeInst(i)) {
    if (LLVMIsAIntToPtrInst(i))
      return MSL_SPACE_DEVICE;
    return msl_addrspace_of(f, LLVMGetOperand(i, 0));
  }
  if (LLVMIsASelectInst(i)) {
    msl_space a = msl_addrspace_of(f, LLVMGetOperand(i, 1));
    msl_space b = msl_addrspace_of(f, LLVMGetOperand(i, 2));
    return a != MSL_SPACE_NONE ? a : b; /* a conflict is caught by set_space */
  }
  if (LLVMIsAPHINode(i))
    return MSL_SPACE_NONE; /* handled incoming by incoming */
  return MSL_SPACE_DEVICE;
}

static int propagate(msl_func *f, int *changed) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!is_pointer(i))
        continue;
      if (LLVMIsAPHINode(i)) {
        for (unsigned k = 0; k < LLVMCountIncoming(i); k++)
          if (!set_space(f, i, msl_addrspace_of(f, LLVMGetIncomingValue(i, k)), changed))
            return 0;
      } else if (LLVMIsASelectInst(i)) {
        if (!set_space(f, i, msl_addrspace_of(f, LLVMGetOperand(i, 1)), changed) ||
            !set_space(f, i, msl_addrspace_of(f, LLVMGetOperand(i, 2)), changed))
          return 0;
      } else if (!set_space(f, i, derive(f, i), changed)) {
        return 0;
      }
    }
  return 1;
}

/* Pointers into thread, threadgroup or parameter memory have no CUDA address:
 * they must not be stored, turned into integers or compared across spaces. */
static int check_escapes(msl_func *f) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAStoreInst(i) && is_pointer(LLVMGetOperand(i, 0))) {
        msl_space s = msl_addrspace_of(f, LLVMGetOperand(i, 0));
        if (s != MSL_SPACE_DEVICE && s != MSL_SPACE_NONE)
          return msl_error(f->ctx, i, "storing the address of %s memory is not supported by "
                                      "Anchor's Metal backend", space_name(s));
      }
      if (LLVMIsAPtrToIntInst(i)) {
        msl_space s = msl_addrspace_of(f, LLVMGetOperand(i, 0));
        if (s != MSL_SPACE_DEVICE && s != MSL_SPACE_NONE)
          return msl_error(f->ctx, i, "converting the address of %s memory to an integer is "
                                      "not supported by Anchor's Metal backend", space_name(s));
      }
      if (LLVMIsAICmpInst(i) && is_pointer(LLVMGetOperand(i, 0))) {
        msl_space a = msl_addrspace_of(f, LLVMGetOperand(i, 0));
        msl_space b = msl_addrspace_of(f, LLVMGetOperand(i, 1));
        if (a != b && a != MSL_SPACE_NONE && b != MSL_SPACE_NONE)
          return msl_error(f->ctx, i, "comparing pointers to %s and %s memory is not "
                                      "supported by Anchor's Metal backend",
                           space_name(a), space_name(b));
      }
    }
  return 1;
}

int msl_addrspace_analyze(msl_func *f) {
  unsigned n = LLVMCountParams(f->fn);
  int changed = 0;
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef arg = LLVMGetParam(f->fn, i);
    if (!is_pointer(arg))
      continue;
    msl_space s = MSL_SPACE_DEVICE;
    if (f->kernel->params[i].byval) {
      /* A by-value struct the kernel writes to (CUDA allows it) or whose
       * address escapes gets a private copy; otherwise it is read in place. */
      s = MSL_SPACE_PARAM;
      if (derived_written(arg, 0)) {
        s = MSL_SPACE_PRIVATE;
        msl_map_set(&f->private_copy, arg, 1);
      }
    }
    set_space(f, arg, s, &changed);
  }
  do {
    changed = 0;
    if (!propagate(f, &changed))
      return 0;
  } while (changed);
  /* Pointers that only ever hold null: give them the device representation. */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (is_pointer(i) && msl_map_get(&f->space, i, MSL_SPACE_NONE) == MSL_SPACE_NONE)
        msl_map_set(&f->space, i, MSL_SPACE_DEVICE);
  return check_escapes(f);
}
