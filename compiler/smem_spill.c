/* smem_spill.c — __shared__ memory beyond Metal's threadgroup limit (issue 14).
 *
 * CUDA gives a block 48 KiB of static __shared__ data; Metal gives a
 * threadgroup 32 KiB (AC_MAX_THREADGROUP_MEMORY). A kernel whose shared
 * variables do not fit keeps as many bytes as fit in threadgroup memory
 * (anchor_smem, laid out as for any kernel) and places the others
 * ("spilled") in its block's slot of a device-memory area the runtime
 * allocates for each launch (common/abi.h AC_ABI_CONTEXT_SPILL: a bitmap
 * and counters, then as many slots of the kernel's spill bytes as blocks
 * may be resident at once, stream-ordered, freed after the launch). A block
 * claims a free slot at its start and its last returning thread releases it
 * (msl_spill_prelude below; kernel.c's prologue, structurize.c's returns).
 *
 * The choice is per kernel, after inlining, on the variables its code uses:
 * the set kept in threadgroup memory is the one with the most bytes that
 * fits (a 0/1 knapsack over 16-byte units, exact: a kernel has few shared
 * variables), so that as little as possible goes to slower memory; a
 * variable is never split. A spilled variable is then simply a device
 * pointer: addrspace.c gives it MSL_SPACE_DEVICE, operand.c spells it
 * anchor_spill + its offset (anchor_spill: the block's slot, computed once
 * in the prologue), and every access, atomic, memcpy or generic pointer
 * derived from it follows the rules of device memory (atomics.c's device
 * templates, the device library's 64-bit atomics by address). Barriers
 * already order device memory within a threadgroup (__syncthreads is
 * threadgroup_barrier(mem_threadgroup | mem_device), __syncwarp a
 * simdgroup_barrier with both flags). Kernels that fit are untouched: no
 * spill map, no prologue line, the same offsets. */
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "msl_internal.h"
#include "target.h"

/* CUDA's static shared memory per block (every architecture): ptxas refuses
 * a kernel above it ("uses too much shared data"), so does anchor-msl. */
enum { SMEM_CUDA_STATIC_LIMIT = 48 * 1024, SMEM_UNIT = AC_ABI_SPILL_ALIGN };

/* Does the kernel count with __syncthreads_count/_and/_or (16 bytes of
 * threadgroup memory, anchor_sync, added when it is emitted)? */
static int uses_sync_counter(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMIsACallInst(i) && !strncmp(ir_callee_name(i), "llvm.nvvm.barrier0.", 19)) return 1;
  return 0;
}

/* keep[k] = 1 for the variables kept in threadgroup memory: the subset of
 * the most units within capacity units (ties: the earlier variables). */
static int choose_kept(const smem_var *vars, unsigned n, unsigned capacity, char *keep) {
  size_t width = (size_t)capacity + 1;
  unsigned *best = calloc(width, sizeof *best);
  unsigned char *took = calloc((size_t)n * width + 1, 1);
  if (!best || !took) {
    free(best);
    free(took);
    return 0;
  }
  for (unsigned k = 0; k < n; k++) {
    unsigned units = (unsigned)(vars[k].size / SMEM_UNIT);
    for (unsigned c = capacity; units <= capacity && c >= units; c--) {
      if (best[c - units] + units > best[c]) {
        best[c] = best[c - units] + units;
        took[(size_t)k * width + c] = 1;
      }
      if (c == 0) break;
    }
  }
  unsigned c = capacity;
  for (unsigned k = n; k-- > 0;) {
    keep[k] = took[(size_t)k * width + c];
    if (keep[k]) c -= (unsigned)(vars[k].size / SMEM_UNIT);
  }
  free(best);
  free(took);
  return 1;
}

int smem_layout(msl_func *f, const smem_var *vars, unsigned n) {
  msl_kernel *k = f->kernel;
  unsigned long long total = 0, exact = 0;
  for (unsigned v = 0; v < n; v++)
    total += vars[v].size, exact += vars[v].exact_size;
  if (exact > SMEM_CUDA_STATIC_LIMIT)
    return diag_error(f->ctx, k->fn,
                      "kernel '%s' uses %llu bytes of static __shared__ data, more than the %d "
                      "bytes CUDA allows per block",
                      k->name, exact, SMEM_CUDA_STATIC_LIMIT);
  /* what else the threadgroup memory must hold: the counter of
   * __syncthreads_count, and at least one granule of dynamic memory */
  unsigned reserve = (uses_sync_counter(k->fn) ? SMEM_UNIT : 0) +
                     (k->dynamic_smem ? AC_THREADGROUP_MEMORY_GRANULE : 0);

  char *keep = malloc(n + 1);
  if (!keep) return diag_error(f->ctx, k->fn, "out of memory");
  memset(keep, 1, n + 1);
  if (total + reserve > AC_MAX_THREADGROUP_MEMORY &&
      !choose_kept(vars, n, (AC_MAX_THREADGROUP_MEMORY - reserve) / SMEM_UNIT, keep)) {
    free(keep);
    return diag_error(f->ctx, k->fn, "out of memory");
  }
  for (unsigned v = 0; v < n; v++) {
    if (keep[v]) {
      ptrmap_set(&f->layout.smem, vars[v].var, (int)k->static_smem);
      k->static_smem += (unsigned)vars[v].size;
    } else {
      ptrmap_set(&f->layout.spill, vars[v].var, (int)k->spill_bytes);
      k->spill_bytes += (unsigned)vars[v].size;
    }
  }
  free(keep);
  /* A kernel with a slot of the overflow area shares the slot's index through
   * threadgroup memory: 16 bytes of its own (anchor_spill_shared) where they
   * fit beside the rest, else the first word of anchor_smem, free at the
   * kernel's start (CUDA's shared memory starts undefined), read by every
   * thread before a second barrier lets the kernel's code write it: never
   * fewer bytes kept for the slot's sake. */
  f->layout.spill_slot_borrows =
      k->static_smem + reserve + SMEM_UNIT > AC_MAX_THREADGROUP_MEMORY && k->static_smem > 0;
  return 1;
}

unsigned long long smem_cuda_bytes(msl_func *f, const smem_var *vars, unsigned n) {
  unsigned long long end = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(f->ctx->mod); g; g = LLVMGetNextGlobal(g))
    for (unsigned v = 0; v < n; v++) {
      if (vars[v].var != g) continue;
      unsigned long long align = LLVMGetAlignment(g);
      if (!align) align = LLVMABIAlignmentOfType(f->ctx->layout, LLVMGlobalGetValueType(g));
      if (!align) align = 1;
      end = (end + align - 1) / align * align + vars[v].exact_size;
      break;
    }
  if (f->kernel->dynamic_smem) end = (end + 15) / 16 * 16;
  return end;
}

/* The overflow area's slots (common/abi.h AC_ABI_CONTEXT_SPILL). The claim:
 * the block's first thread scans the bitmap, sets a clear bit with
 * atomic_fetch_or (another block may take the same bit first: it tries the
 * next), sets the slot's counter to the block's threads, fences, and shares
 * the index through threadgroup memory and a barrier, which every thread
 * reaches (the kernel's first statements). A free slot exists whenever the
 * slots are at least the blocks resident at once (a block only starts when
 * resident, and a finished block's last thread has cleared its bit); after
 * AC_ABI_SPILL_CLAIM_LOADS words read without one, the failure goes to the
 * status block (AC_ABI_FAILURE_SPILL_SLOT, the launch fails with
 * cudaErrorLaunchFailure) and the block's threads return: never a hang.
 * The release: CUDA threads may return early, so no barrier can wait for
 * them all; each returning thread fences its writes to the slot (device
 * scope) and decrements the counter; the one that brings it to 0 clears the
 * bit. The next block to claim the slot fences after its fetch_or, so it
 * sees the slot after every write of the previous owner. A thread that
 * traps or fails an assert never releases: the launch fails anyway. */
#define SPILL_STATUS AC_ABI_STR(AC_ABI_CONTEXT_STATUS)
#define SPILL_DELTA AC_ABI_STR(AC_ABI_CONTEXT_DELTA)
#define SPILL_FAILURE AC_ABI_STR(AC_ABI_STATUS_FAILURE)
#define SPILL_SLOT_FAILURE AC_ABI_STR(AC_ABI_FAILURE_SPILL_SLOT)
const char msl_spill_prelude[] =
    "inline uint anchor_spill_claim(constant ulong *ctx, uint word, uint tid, uint threads,\n"
    "                               threadgroup uint *shared_slot) {\n"
    "  if (tid == 0u) {\n"
    "    uint slots = (uint)ctx[word + 1u], words = (slots + 31u) / 32u, got = 0xFFFFFFFFu;\n"
    "    device atomic_uint *bits =\n"
    "        reinterpret_cast<device atomic_uint*>(ctx[word] + ctx[" SPILL_DELTA "]);\n"
    "    for (uint n = 0u; n < " AC_ABI_STR(
        AC_ABI_SPILL_CLAIM_LOADS) " && got == 0xFFFFFFFFu; n++) {\n"
                                  "      uint w = n % words, left = slots - w * 32u;\n"
                                  "      uint valid = left >= 32u ? 0xFFFFFFFFu : (1u << left) - "
                                  "1u;\n"
                                  "      uint seen = atomic_load_explicit(bits + w, "
                                  "memory_order_relaxed);\n"
                                  "      while ((~seen & valid) != 0u) {\n"
                                  "        uint bit = ctz(~seen & valid);\n"
                                  "        seen = atomic_fetch_or_explicit(bits + w, 1u << bit, "
                                  "memory_order_relaxed);\n"
                                  "        if ((seen & (1u << bit)) == 0u) { got = w * 32u + bit; "
                                  "break; }\n"
                                  "      }\n"
                                  "    }\n"
                                  "    if (got != 0xFFFFFFFFu) {\n"
                                  "      atomic_store_explicit(bits + words + got, threads, "
                                  "memory_order_relaxed);\n"
                                  "      anchor_threadfence();\n"
                                  "    } else {\n"
                                  "      // no free slot: more blocks ran at once than the runtime "
                                  "counted\n"
                                  "      device atomic_uint *status = reinterpret_cast<device "
                                  "atomic_uint*>(\n"
                                  "          ctx[" SPILL_STATUS "] + ctx[" SPILL_DELTA "]);\n"
                                  "      uint none = 0u;\n"
                                  "      while (!atomic_compare_exchange_weak_explicit(status "
                                  "+ " SPILL_FAILURE ", &none,\n"
                                  "                 " SPILL_SLOT_FAILURE
                                  "u, memory_order_relaxed, memory_order_relaxed) &&\n"
                                  "             none == 0u) {}\n"
                                  "    }\n"
                                  "    *shared_slot = got;\n"
                                  "  }\n"
                                  "  threadgroup_barrier(mem_flags::mem_threadgroup | "
                                  "mem_flags::mem_device);\n"
                                  "  return *shared_slot;\n"
                                  "}\n"
                                  "inline ulong anchor_spill_slot_address(constant ulong *ctx, "
                                  "uint word, uint slot,\n"
                                  "                                       ulong slice) {\n"
                                  "  ulong slots = ctx[word + 1u];\n"
                                  "  return ctx[word] + (((slots + 31ul) / 32ul + slots) * 4ul + "
                                  "15ul) / 16ul * 16ul +\n"
                                  "         (ulong)slot * slice;\n"
                                  "}\n"
                                  "inline void anchor_spill_release(constant ulong *ctx, uint "
                                  "word, uint slot) {\n"
                                  "  uint words = ((uint)ctx[word + 1u] + 31u) / 32u;\n"
                                  "  device atomic_uint *bits =\n"
                                  "      reinterpret_cast<device atomic_uint*>(ctx[word] + "
                                  "ctx[" SPILL_DELTA "]);\n"
                                  "  anchor_threadfence();\n"
                                  "  if (atomic_fetch_sub_explicit(bits + words + slot, 1u, "
                                  "memory_order_relaxed) == 1u)\n"
                                  "    atomic_fetch_and_explicit(bits + slot / 32u, ~(1u << (slot "
                                  "% 32u)),\n"
                                  "                              memory_order_relaxed);\n"
                                  "}\n";

int smem_spilled(msl_func *f, LLVMValueRef global) {
  return ptrmap_get(&f->layout.spill, global, -1) >= 0;
}
