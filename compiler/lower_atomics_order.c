/* lower_atomics_order.c — IR->IR, before lower_atomics_wide.c and devlib_link: every atomic
 * with an ordering stronger than relaxed (acquire, release, acq_rel, seq_cst: CUDA 12.8's
 * __nv_atomic_* builtins, clang's __atomic builtins, NVVM builtins clang makes seq_cst)
 * becomes the relaxed atomic between fences. MSL 3.1's atomics are relaxed only; an LLVM
 * fence is MSL 3.2's seq_cst atomic_thread_fence (emit.c's row), so a module with such an
 * atomic asks for MSL 3.2 as __threadfence does (docs/compiler.md "Fences"):
 *   acquire (a load, or the read of a read-modify-write): the fence after it, so that later
 *     accesses are not seen before it;
 *   release (a store, or the write of a read-modify-write): the fence before it;
 *   acq_rel and seq_cst: both (a seq_cst fence on each side keeps all seq_cst atomics in one
 *     total order). A compare-and-swap takes the stronger of its two orderings.
 * Syncscopes change nothing: a device-scope fence is at least as strong as any. */
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include "msl_internal.h"

static int acquires(LLVMAtomicOrdering o) {
  return o == LLVMAtomicOrderingAcquire || o == LLVMAtomicOrderingAcquireRelease ||
         o == LLVMAtomicOrderingSequentiallyConsistent;
}

static int releases(LLVMAtomicOrdering o) {
  return o == LLVMAtomicOrderingRelease || o == LLVMAtomicOrderingAcquireRelease ||
         o == LLVMAtomicOrderingSequentiallyConsistent;
}

static int relaxed(LLVMAtomicOrdering o) {
  return o == LLVMAtomicOrderingNotAtomic || o == LLVMAtomicOrderingUnordered ||
         o == LLVMAtomicOrderingMonotonic;
}

static void fence(LLVMBuilderRef b, LLVMValueRef at, int after) {
  LLVMValueRef next = LLVMGetNextInstruction(at);
  if (after)
    LLVMPositionBuilderBefore(b, next);
  else
    LLVMPositionBuilderBefore(b, at);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(at));
  LLVMBuildFence(b, LLVMAtomicOrderingSequentiallyConsistent, 0, "");
}

static void visit(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i) {
  (void)ctx;
  LLVMAtomicOrdering read, write;
  if (LLVMIsAAtomicCmpXchgInst(i)) {
    LLVMAtomicOrdering s = LLVMGetCmpXchgSuccessOrdering(i);
    LLVMAtomicOrdering f = LLVMGetCmpXchgFailureOrdering(i);
    if (relaxed(s) && relaxed(f)) return;
    read = acquires(s) || acquires(f) ? LLVMAtomicOrderingAcquire : LLVMAtomicOrderingMonotonic;
    write = s;
    LLVMSetCmpXchgSuccessOrdering(i, LLVMAtomicOrderingMonotonic);
    LLVMSetCmpXchgFailureOrdering(i, LLVMAtomicOrderingMonotonic);
  } else if (LLVMIsAAtomicRMWInst(i) || LLVMIsALoadInst(i) || LLVMIsAStoreInst(i)) {
    LLVMAtomicOrdering o = LLVMGetOrdering(i);
    if (relaxed(o)) return;
    read = write = o;
    LLVMSetOrdering(i, LLVMAtomicOrderingMonotonic);
  } else {
    return;
  }
  if (releases(write)) fence(b, i, 0);
  if (acquires(read)) fence(b, i, 1);
}

int lower_atomics_order(msl_ctx *ctx) {
  return lower_each_instruction(ctx, visit);
}
