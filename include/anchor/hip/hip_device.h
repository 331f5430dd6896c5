/* anchor/hip/hip_device.h — device functions of HIP's kernel language that
 * HIP's NVIDIA-platform header leaves to CUDA, where CUDA has none or a
 * different one; included by Anchor's hip/hip_runtime.h after HIP's header
 * (docs/hip.md). What HIP's header already maps is not repeated here:
 * hipThreadIdx_x & co., HIP_DYNAMIC_SHARED, __shfl/__shfl_up/__shfl_down/
 * __shfl_xor without a mask (full-mask _sync calls, width warpSize),
 * unsafeAtomicAdd/safeAtomicAdd; and CUDA's own serve as HIP's: __any,
 * __all, __popcll, __syncthreads_count/_and/_or, clock64, atomicAdd on
 * double.
 *
 * - __ballot: HIP's returns a 64-bit mask (AMD wavefronts may have 64
 *   lanes); CUDA's legacy __ballot returns 32 bits. The name refers to the
 *   64-bit one (the upper 32 bits are zero: warps have 32 lanes).
 * - __lane_id(): the calling thread's lane in its warp (HIP's unsigned int).
 * - wall_clock64(): HIP's constant-rate counter; Anchor's is the device's
 *   global timer in nanoseconds (CUDA's %globaltimer), so the rate HIP
 *   programs divide by (hipDeviceAttributeWallClockRate, in kHz) is 1000000;
 *   HIP 5.2's NVIDIA path does not map that attribute (docs/hip.md).
 * - assert in device code: HIP 5.2's NVIDIA header redefines it as a trap
 *   when COND is false but writes `!COND` without parentheses, so
 *   assert(x == 0) tests `!x == 0` (clang warns: -Wlogical-not-parentheses).
 *   Redefined here as that header means it (and as later HIP writes it):
 *   a trap when !(COND); the launch then fails (hipErrorLaunchFailure).
 * - __builtin_amdgcn_*: AMD GPU builtins, which clang rejects for this
 *   target with a located error naming the builtin; nothing to add.
 * Written for Anchor from HIP's kernel language documentation. */
#ifndef ANCHOR_HIP_HIP_DEVICE_H
#define ANCHOR_HIP_HIP_DEVICE_H

/* Warnings are the user's, not Anchor's: a system header, as HIP's own are
 * (-Wpedantic would otherwise flag #include_next, -Wold-style-cast ...). */
#pragma GCC system_header

#if defined(__CUDA__) && defined(__cplusplus)

#define ANCHOR_HIP_DEVICE static __device__ __inline__ __attribute__((always_inline, nodebug))

ANCHOR_HIP_DEVICE unsigned long long anchor_hip_ballot(int predicate) {
  return __ballot_sync(0xffffffffu, predicate);
}
#define __ballot(predicate) anchor_hip_ballot(predicate)

ANCHOR_HIP_DEVICE unsigned int __lane_id(void) {
  return ((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x) % 32u;
}

ANCHOR_HIP_DEVICE unsigned long long wall_clock64(void) {
  return __anchor_globaltimer();
}

#undef ANCHOR_HIP_DEVICE

#if defined(__HIP_DEVICE_COMPILE__) && defined(assert)
#undef assert
#define assert(COND)                                                                               \
  {                                                                                                \
    if (!(COND)) {                                                                                 \
      abort_();                                                                                    \
    }                                                                                              \
  }
#endif

#endif /* __CUDA__ && __cplusplus */
#endif
