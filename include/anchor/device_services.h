/* anchor/device_services.h — the CUDA device functions that need the host's
 * help or a device-wide service: printf (formatted output), assert, __trap
 * and __brkpt, clock()/clock64() and __nanosleep, malloc/free (the device
 * heap; operator new/delete reach the same functions). Written for Anchor
 * from the CUDA C++ Programming Guide ("Formatted Output", "Assertion",
 * "Trap Function", "Breakpoint Function", "Time Function", "Dynamic Global
 * Memory Allocation and Operations"). __brkpt() fails the launch as __trap() does.
 *
 * Device code calls the C library's names; anchor-msl's lower_libcalls.c
 * renames each call to its definition in the device library (devlib/printf.cu:
 * printf, assert, __trap; devlib/clock.cu; devlib/heap.cu), whose __anchor_*
 * functions are declared at the end. The host side — the printf FIFO drained
 * and formatted at CUDA's synchronising calls, the status block turned into
 * cudaErrorAssert / cudaErrorLaunchFailure — is libanchor's
 * (runtime/core_services.c, docs/runtime.md "Device services").
 *
 * Host and device functions of one name coexist through clang's overloading
 * on CUDA target attributes: device code gets these, host code keeps libc's.
 * Only for CUDA C++ compilations (included by cuda_runtime.h). */
#ifndef ANCHOR_DEVICE_SERVICES_H
#define ANCHOR_DEVICE_SERVICES_H
#pragma GCC system_header

#if defined(__CUDA__) && defined(__cplusplus)

#include <stddef.h>
#include <time.h>

#include "qualifiers.h"

extern "C" {
/* Formatted output: clang turns each call into vprintf(format, arguments
 * packed in a buffer, each aligned to its size, float promoted to double).
 * Returns the number of arguments the format consumed, -1 for a NULL format. */
__device__ int printf(const char *format, ...);
/* The device heap (cudaLimitMallocHeapSize): NULL when it has no room;
 * blocks 16-byte aligned; free(NULL) does nothing. */
__device__ void *malloc(size_t size);
__device__ void free(void *ptr);
/* What glibc's assert() calls when the expression is false: the message
 * goes to the host's stderr, this thread stops, and the next synchronising
 * call returns cudaErrorAssert. NDEBUG removes assert() as in C. */
__device__ __attribute__((noreturn)) void __assert_fail(const char *expression, const char *file,
                                                        unsigned int line, const char *function);

/* The cycle counters: Metal has none. Anchor counts instead: every read
 * adds one to a device-wide counter (docs/runtime.md "Device services"), so
 * values are strictly increasing per thread and across kernels, and a
 * difference counts the clock reads made meanwhile, not cycles. */
__device__ __forceinline__ clock_t clock(void) {
  return (clock_t)__nvvm_read_ptx_sreg_clock();
}
}

__device__ __forceinline__ long long int clock64(void) {
  return (long long int)__nvvm_read_ptx_sreg_clock64();
}

/* Suspends the thread for about ns nanoseconds: CUDA guarantees a sleep in
 * [0, 2 * ns]; Anchor's is 0 (Metal cannot sleep a thread). */
__device__ __forceinline__ void __nanosleep(unsigned int ns) {
  __nvvm_nanosleep(ns);
}

/* Stops the thread and fails the launch: the next synchronising call returns
 * cudaErrorLaunchFailure, sticky. */
__device__ __forceinline__ void __trap(void) {
  __builtin_trap();
}

/* A breakpoint for a debugger (cuda-gdb). Without a debugger attached (Metal has none)
 * the breakpoint instruction is an exception that ends the launch, as a trap does:
 * cudaErrorLaunchFailure, sticky (unsure: the H200 run of tests/e2e/brkpt_launch.cu
 * tells whether CUDA says cudaErrorLaunchFailure or cudaErrorIllegalInstruction). */
__device__ __forceinline__ void __brkpt(void) {
  __builtin_trap();
}

/* The device-library functions the calls above are renamed to
 * (compiler/lower_libcalls.c). */
extern "C" {
__device__ int __anchor_vprintf(const char *format, const char *arguments, unsigned int size);
/* A record written piece by piece, for a constant format (lower_libcalls.c). */
__device__ unsigned long long __anchor_printf_strlen(const char *s);
__device__ unsigned char *__anchor_printf_begin(unsigned long long bytes);
__device__ void __anchor_printf_word(unsigned char *record, unsigned long long at,
                                     unsigned long long value);
__device__ void __anchor_printf_string(unsigned char *record, unsigned long long at, const char *s,
                                       unsigned long long n);
__device__ void __anchor_printf_end(unsigned char *record, unsigned long long bytes);
__device__ void *__anchor_malloc(size_t size);
__device__ void *__anchor_malloc_aligned(size_t size, size_t alignment);
__device__ void __anchor_free(void *ptr);
__device__ __attribute__((noreturn)) void __anchor_assert_fail(const char *expression,
                                                               const char *file, unsigned int line,
                                                               const char *function);
__device__ __attribute__((noreturn)) void __anchor_trap(void);
__device__ unsigned long long __anchor_clock64(void);
__device__ unsigned long long __anchor_globaltimer(void);
/* Ends the calling thread (an emitter row: MSL `return` from the kernel). */
__device__ __attribute__((noreturn)) void __anchor_exit_thread(void);
}

#endif

#endif
