/* common/abi.h — the kernel ABI between the MSL anchor-msl emits and the
 * dispatch libanchor encodes (docs/design.md, "Kernel ABI"). The compiler
 * writes the signature with ac_abi_signature, libanchor binds the slots
 * named here, and tests that write MSL by hand use the same function.
 *
 *   kernel void NAME(
 *       constant uchar *anchor_params [[buffer(AC_ABI_PARAMS_SLOT)]],
 *       constant ulong *anchor_ctx    [[buffer(AC_ABI_CONTEXT_SLOT)]],
 *       threadgroup uchar *anchor_dyn_smem [[threadgroup(AC_ABI_DYNAMIC_SMEM_SLOT)]],
 *       uint3 anchor_tid  [[thread_position_in_threadgroup]],
 *       uint3 anchor_bid  [[threadgroup_position_in_grid]],
 *       uint3 anchor_bdim [[threads_per_threadgroup]],
 *       uint3 anchor_gdim [[threadgroups_per_grid]])
 *
 * anchor_dyn_smem is present only when the kernel uses extern __shared__.
 * The context buffer is an array of 64-bit words: word AC_ABI_CONTEXT_DELTA
 * is (arena gpuAddress - arena contents) mod 2^64, the delta every device
 * dereference adds; the words up to AC_ABI_CONTEXT_FIXED are the CUDA
 * addresses of the device services (below: the atomics' lock table, the
 * status block, the printf FIFO, the device heap), 0 where a service does
 * not exist (yet); word AC_ABI_CONTEXT_GLOBAL(i) is the CUDA address of
 * module global i. Device code reads a service's word through the function
 * of the same name in include/anchor/device_context.h (an emitter row). */
#ifndef ANCHOR_COMMON_ABI_H
#define ANCHOR_COMMON_ABI_H

#include <stdbool.h>
#include <stddef.h>

/* Buffer slots and the threadgroup-memory slot. */
#define AC_ABI_PARAMS_SLOT 0
#define AC_ABI_CONTEXT_SLOT 1
#define AC_ABI_DYNAMIC_SMEM_SLOT 0

/* Context-buffer words. */
#define AC_ABI_CONTEXT_DELTA 0
/* AC_ABI_LOCK_WORDS 32-bit words, zero whenever no kernel runs: the locks of
 * the atomics Metal has no instruction for (64-bit, ...), by address. */
#define AC_ABI_CONTEXT_LOCKS 1
/* AC_ABI_STATUS_BYTES bytes, zero when created: what device code reports to
 * the host (a trap, a failed assert: AC_ABI_STATUS_FAILURE, 0 while no
 * thread has failed; no launch follows a failure, the error is sticky) and
 * the clock counter, which runs on from launch to launch. */
#define AC_ABI_CONTEXT_STATUS 2
#define AC_ABI_CONTEXT_PRINTF 3 /* the printf FIFO */
#define AC_ABI_CONTEXT_HEAP 4   /* the device heap (malloc/free/new/delete) */
/* Not an address: the host's CLOCK_REALTIME in nanoseconds when the launch
 * was encoded (%globaltimer's base, devlib/clock.cu). */
#define AC_ABI_CONTEXT_TIME 5
/* The CUDA address of the launch's grid barrier (one 32-bit word of the
 * AC_ABI_GRID_WORDS the runtime keeps, zero between barriers' arrivals) in a
 * launch (every launch has one, as CUDA 13 synchronises a grid in an ordinary
 * launch too; 0 only without room for the words: grid_group::is_valid(),
 * include/cooperative_groups.h). */
#define AC_ABI_CONTEXT_GRID 6
/* Not an address: the launch's dynamic shared memory in bytes (PTX
 * %dynamic_smem_size, compiler/ptx_xlate.c). */
#define AC_ABI_CONTEXT_SHARED 7
/* Words before the globals'. */
#define AC_ABI_CONTEXT_FIXED 8
#define AC_ABI_CONTEXT_GLOBAL(index) (AC_ABI_CONTEXT_FIXED + (index))
/* The word after the globals' (a module with n globals): the CUDA address of
 * the launch's shared-memory overflow area, 0 when the kernel has none. The
 * area is a pool of slots, one per block that may be resident at once, not
 * one per block of the grid: the header (AC_ABI_SPILL_HEADER_BYTES(slots),
 * zero at the launch's start: the runtime fills it before the dispatch) holds
 * a bitmap of the slots in use, (slots + 31) / 32 32-bit words, slot s bit
 * s % 32 of word s / 32, then one 32-bit counter per slot; then the slots,
 * slot s at header + s x the slice's bytes (common/module.h
 * ac_kernel.spill_bytes). A block's first thread claims a free slot at the
 * block's start (atomic fetch_or on the bitmap) and sets its counter to the
 * block's thread count; every thread that returns decrements it after a
 * device fence, and the last clears the bit (compiler/kernel.c,
 * msl_spill_prelude). After the globals so that no other word moves. */
#define AC_ABI_CONTEXT_SPILL(n) (AC_ABI_CONTEXT_FIXED + (n))
/* Not an address: the number of slots in that area (the runtime's
 * min(blocks, the device's resident bound), docs/runtime.md). */
#define AC_ABI_CONTEXT_SPILL_SLOTS(n) (AC_ABI_CONTEXT_FIXED + (n) + 1)
/* Words in the context of a module with n globals. */
#define AC_ABI_CONTEXT_WORDS(n) (AC_ABI_CONTEXT_FIXED + (n) + 2)
/* The overflow area's header before its slots (a multiple of 16 bytes). */
#define AC_ABI_SPILL_HEADER_BYTES(slots) (((((slots) + 31) / 32 + (slots)) * 4 + 15) / 16 * 16)
/* How many bitmap words a block's claim reads at most before it gives up
 * (AC_ABI_FAILURE_SPILL_SLOT): a free slot exists whenever the slots are at
 * least the blocks resident at once; the bound turns a wrong count into an
 * error instead of a hang. */
#define AC_ABI_SPILL_CLAIM_LOADS (1u << 22)
/* A spill slice's alignment (and its size's granule). */
#define AC_ABI_SPILL_ALIGN 16
/* Every kernel with dynamic shared memory (extern __shared__) has a second MSL
 * function, its name with this suffix, for launches whose static + dynamic
 * shared bytes do not fit in threadgroup memory: no dynamic threadgroup slot;
 * the dynamic memory is in device memory, in the block's slot of the
 * overflow area after the kernel's spill bytes, the slot then being spill
 * bytes + the launch's dynamic bytes rounded up to AC_ABI_SPILL_ALIGN. */
#define AC_ABI_DYNAMIC_SPILL_SUFFIX "__anchor_dynamic_spill"

/* Sizes of the services' blocks. */
#define AC_ABI_LOCK_WORDS 4096
#define AC_ABI_STATUS_BYTES 256
/* Grid-barrier words, one per cooperative launch in turn (a launch's word
 * is used again AC_ABI_GRID_WORDS cooperative launches later). The barrier
 * brings its word's low 31 bits back to 0 at each completed sync, flipping
 * bit 31 (include/cooperative_groups.h, grid_group::sync). */
#define AC_ABI_GRID_WORDS 1024

/* The status block, as 32-bit words (devlib/printf.cu, devlib/clock.cu write
 * them; runtime/core_submit.c reads the failure after every command
 * buffer): the first failure of a thread (0 none), and the clock counter
 * every clock()/clock64()/%globaltimer read adds one to (low, high word). */
#define AC_ABI_STATUS_FAILURE 0
#define AC_ABI_STATUS_CLOCK_LO 1
#define AC_ABI_STATUS_CLOCK_HI 2
#define AC_ABI_FAILURE_TRAP 1   /* __trap(): cudaErrorLaunchFailure */
#define AC_ABI_FAILURE_ASSERT 2 /* a failed assert(): cudaErrorAssert */
/* A warp operation whose member mask does not name the calling lane
 * (compiler/intrinsics.c, anchor_warp_mask): cudaErrorIllegalInstruction. */
#define AC_ABI_FAILURE_WARP_MASK 3
/* A block found no free slot in the overflow area of its __shared__ data
 * (AC_ABI_CONTEXT_SPILL) within AC_ABI_SPILL_CLAIM_LOADS: more blocks ran at
 * once than the runtime counted; cudaErrorLaunchFailure. */
#define AC_ABI_FAILURE_SPILL_SLOT 4

/* The printf FIFO (cudaLimitPrintfFifoSize bytes; devlib/printf.cu writes,
 * runtime/core_services.c drains): 32-bit words HEAD (bytes reserved so far,
 * advanced by one atomic add per record) and CAPACITY (bytes for records),
 * then the records from byte AC_ABI_PRINTF_HEADER_BYTES. A record is a
 * multiple of 8 bytes: a 32-bit size (the record's bytes, its header
 * included; written last, 0 where a record was not written: the end), a
 * 32-bit tag with the stream in its low 2 bits (AC_ABI_PRINTF_STDOUT, or
 * STDERR for assert messages), the
 * format's bytes with their NUL padded to 8, then per argument the format
 * consumes (at most AC_ABI_PRINTF_MAX_ARGS) 8 bytes holding its value (an
 * int's in the low 4 bytes, a double's bits), except %s: 8 bytes holding the
 * string's length with its NUL (0 for a NULL pointer), then its bytes padded
 * to 8. A record larger than the ring is dropped. */
/* The FIFO is a ring (CUDA's overwrites older output): HEAD counts the bytes
 * reserved since the host last drained it, a record starts at HEAD modulo
 * CAPACITY and wraps around the end; the host prints the records that start
 * within the last CAPACITY bytes, found by their tag (the header's second
 * word: the record's start / 8, modulo 2^30, above its 2-bit stream). No
 * record is reserved once HEAD passes AC_ABI_PRINTF_HEAD_LIMIT; CAPACITY is at
 * most AC_ABI_PRINTF_MAX_CAPACITY. */
#define AC_ABI_PRINTF_TAG(start, stream) ((((start) / 8u) << 2) | (stream))
#define AC_ABI_PRINTF_HEAD_LIMIT 0x80000000u
#define AC_ABI_PRINTF_MAX_CAPACITY 0x40000000u
#define AC_ABI_PRINTF_HEAD 0
#define AC_ABI_PRINTF_CAPACITY 1
/* A word the first thread of every kernel that contains printf sets to 1 when it starts
 * (cudaLimitPrintfFifoSize can then no longer change: CUDA's rule is "after launching
 * a kernel that uses printf", printed or not). */
#define AC_ABI_PRINTF_USED 2
#define AC_ABI_PRINTF_HEADER_BYTES 16
#define AC_ABI_PRINTF_STDOUT 1
#define AC_ABI_PRINTF_STDERR 2
#define AC_ABI_PRINTF_MAX_ARGS 32

/* The device heap (cudaLimitMallocHeapSize bytes; devlib/heap.cu's
 * allocator): the host writes the block's size into its first 8 bytes and
 * zeroes the rest, which is then the device library's alone but for the
 * used word. */
#define AC_ABI_HEAP_SIZE_OFFSET 0
/* A 32-bit word every malloc and free sets to 1, and the first thread of every
 * kernel that contains one when it starts: the heap has been used
 * (cudaLimitMallocHeapSize can no longer change). */
#define AC_ABI_HEAP_USED_OFFSET 8

/* MSL names of the kernel arguments (what generated code refers to). */
#define AC_ABI_PARAMS "anchor_params"
#define AC_ABI_CONTEXT "anchor_ctx"
#define AC_ABI_DYNAMIC_SMEM "anchor_dyn_smem"
#define AC_ABI_THREAD_ID "anchor_tid"
#define AC_ABI_BLOCK_ID "anchor_bid"
#define AC_ABI_BLOCK_DIM "anchor_bdim"
#define AC_ABI_GRID_DIM "anchor_gdim"

/* The signature's parts as MSL text (string literals, so hand-written MSL in
 * tests can be built from them too). */
#define AC_ABI_STR2(x) #x
#define AC_ABI_STR(x) AC_ABI_STR2(x)
#define AC_ABI_MSL_PARAMS_ARG                                                                      \
  "constant uchar *" AC_ABI_PARAMS " [[buffer(" AC_ABI_STR(AC_ABI_PARAMS_SLOT) ")]]"
#define AC_ABI_MSL_CONTEXT_ARG                                                                     \
  "constant ulong *" AC_ABI_CONTEXT " [[buffer(" AC_ABI_STR(AC_ABI_CONTEXT_SLOT) ")]]"
#define AC_ABI_MSL_DYNAMIC_SMEM_ARG                                                                \
  "threadgroup uchar *" AC_ABI_DYNAMIC_SMEM                                                        \
  " [[threadgroup(" AC_ABI_STR(AC_ABI_DYNAMIC_SMEM_SLOT) ")]]"
#define AC_ABI_MSL_POSITION_ARGS                                                                   \
  "uint3 " AC_ABI_THREAD_ID " [[thread_position_in_threadgroup]],\n"                               \
  "    uint3 " AC_ABI_BLOCK_ID " [[threadgroup_position_in_grid]],\n"                              \
  "    uint3 " AC_ABI_BLOCK_DIM " [[threads_per_threadgroup]],\n"                                  \
  "    uint3 " AC_ABI_GRID_DIM " [[threadgroups_per_grid]]"
/* The whole argument list, without and with the dynamic threadgroup memory. */
#define AC_ABI_MSL_ARGS                                                                            \
  "\n    " AC_ABI_MSL_PARAMS_ARG ",\n    " AC_ABI_MSL_CONTEXT_ARG ",\n   "                         \
  " " AC_ABI_MSL_POSITION_ARGS
#define AC_ABI_MSL_ARGS_DYNAMIC_SMEM                                                               \
  "\n    " AC_ABI_MSL_PARAMS_ARG ",\n    " AC_ABI_MSL_CONTEXT_ARG                                  \
  ",\n    " AC_ABI_MSL_DYNAMIC_SMEM_ARG ",\n    " AC_ABI_MSL_POSITION_ARGS

/* Writes the MSL head of kernel `name` — "kernel void NAME(" AC_ABI_MSL_ARGS
 * ")\n" (or AC_ABI_MSL_ARGS_DYNAMIC_SMEM), without the body — into out (size
 * bytes, NUL-terminated when size > 0), snprintf-style. Returns the length
 * the whole text needs (excluding the NUL): a return value >= size means it
 * was truncated. Pure: no allocation, thread-safe. */
size_t ac_abi_signature(char *out, size_t size, const char *name, bool dynamic_smem);

#endif
