// devlib/clock.cu — clock(), clock64() and %globaltimer (the registers
// llvm.nvvm.read.ptx.sreg.clock/clock64/globaltimer, renamed by
// compiler/lower_libcalls.c). Metal has no cycle counter and no timer a
// kernel can read, so Anchor counts: every read adds one to a 64-bit counter
// in the status block (common/abi.h AC_ABI_STATUS_CLOCK_LO/HI, two 32-bit
// words, one relaxed 32-bit atomic add per read), which lives as long as the
// device. Reads by one thread are therefore strictly increasing, also from
// one kernel to the next, and a difference counts the reads made by all
// threads meanwhile — not cycles. The carry into the high word is added by
// the read that wraps the low one; a read of another thread racing with it
// (once every 2^32 reads) may see the old high word. %globaltimer is the
// host's CLOCK_REALTIME in nanoseconds at the launch (context word
// AC_ABI_CONTEXT_TIME) plus the counter: non-decreasing across launches and
// increasing within a thread, but it does not advance while no thread reads
// it. Declarations: include/anchor/device_services.h.
#include <anchor/device_context.h>

#include "abi.h"

extern "C" __device__ unsigned long long __anchor_clock64(void) {
  unsigned *status = (unsigned *)__anchor_context_status();
  unsigned low = atomicAdd(&status[AC_ABI_STATUS_CLOCK_LO], 1u);
  unsigned high;
  if (low == 0xffffffffu)
    high = atomicAdd(&status[AC_ABI_STATUS_CLOCK_HI], 1u) + 1u;
  else
    high = __atomic_load_n(&status[AC_ABI_STATUS_CLOCK_HI], __ATOMIC_RELAXED);
  return (unsigned long long)high << 32 | (low + 1u);
}

extern "C" __device__ unsigned long long __anchor_globaltimer(void) {
  return __anchor_context_time() + __anchor_clock64();
}
