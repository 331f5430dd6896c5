/* anchor/device_context.h — device code's view of Anchor's device services
 * (common/abi.h, runtime/core_services.c, docs/design.md "Kernel ABI"): each
 * function returns the CUDA address of one service block, read from the
 * kernel's context buffer (anchor-msl spells each call
 * anchor_ctx[AC_ABI_CONTEXT_<NAME>]), or 0 where the service does not exist.
 * For the device library (devlib/), not for users' code. */
#ifndef ANCHOR_DEVICE_CONTEXT_H
#define ANCHOR_DEVICE_CONTEXT_H
#pragma GCC system_header

#include "qualifiers.h"

extern "C" {
/* AC_ABI_LOCK_WORDS 32-bit words, zero whenever no kernel runs. */
__device__ __attribute__((const)) unsigned long long __anchor_context_locks(void);
/* AC_ABI_STATUS_BYTES bytes (common/abi.h AC_ABI_STATUS_*): the failure
 * word, 0 at the start of every launch, and the clock counter. */
__device__ __attribute__((const)) unsigned long long __anchor_context_status(void);
/* The printf FIFO. */
__device__ __attribute__((const)) unsigned long long __anchor_context_printf(void);
/* The device heap. */
__device__ __attribute__((const)) unsigned long long __anchor_context_heap(void);
/* Not an address: the host's CLOCK_REALTIME in nanoseconds at the launch. */
__device__ __attribute__((const)) unsigned long long __anchor_context_time(void);
/* The launch's grid-barrier word (common/abi.h AC_ABI_CONTEXT_GRID). */
__device__ __attribute__((const)) unsigned long long __anchor_context_grid(void);
/* Not an address: the launch's dynamic shared memory in bytes. */
__device__ __attribute__((const)) unsigned long long __anchor_context_shared(void);
}

#endif
