/* anchor/warp_functions.h — CUDA's warp-level functions for device code:
 * shuffles (__shfl*_sync), votes (__ballot_sync, __all_sync, __any_sync,
 * __uni_sync), __activemask, __syncwarp, __match_any_sync/__match_all_sync,
 * __reduce_*_sync, and the legacy forms without a mask (__shfl, __shfl_up,
 * __shfl_down, __shfl_xor, __ballot, __any, __all) that HIP and pre-Volta
 * CUDA code use. Included by anchor/device_functions.h.
 *
 * Written for Anchor from the CUDA C++ Programming Guide ("Warp Shuffle
 * Functions", "Warp Vote Functions", "Warp Match Functions", "Warp Reduce
 * Functions") and the PTX ISA (shfl.sync, vote.sync, match.sync,
 * redux.sync). The shuffles and votes are the NVVM builtins the backend
 * turns into Metal SIMD-group functions (docs/compiler.md, "Warps": which
 * member masks it honours); match and reduce are the device library's
 * (devlib/warp.cu: full-mask shuffles and ballots after __syncwarp(mask),
 * which checks the mask), which inline PTX's match.sync/redux.sync call too.
 *
 * nvcc differences: the legacy forms are not declared by nvcc for
 * compute_70 and above (__shfl*: undefined identifier) or deprecated
 * (__ballot/__any/__all: a warning); Anchor provides them all, acting on the
 * active lanes as on pre-Volta GPUs. __match_*_sync needs sm_70 and
 * __reduce_*_sync sm_80 under nvcc; Anchor has them for every target. */
#ifndef ANCHOR_WARP_FUNCTIONS_H
#define ANCHOR_WARP_FUNCTIONS_H
#pragma GCC system_header

#if defined(__CUDA__) && defined(__cplusplus)

/* nodebug: once inlined, the backend's errors name the user's line. */
#define ANCHOR_WARP static __device__ __inline__ __attribute__((always_inline, nodebug))

/* ---- shuffles ------------------------------------------------------------------------------ */
/* A width w < 32 splits the warp into segments of w lanes; the builtin's last operand
 * encodes it as (32 - w) << 8 plus the lane clamp. */
#define ANCHOR_SHFL_CLAMP(width) (((32 - (width)) << 8) | 0x1f)
#define ANCHOR_SHFL(T, suffix)                                                                     \
  ANCHOR_WARP T __shfl_sync(unsigned mask, T var, int lane, int width = 32) {                      \
    return __nvvm_shfl_sync_idx_##suffix(mask, var, lane, ANCHOR_SHFL_CLAMP(width));               \
  }                                                                                                \
  ANCHOR_WARP T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32) {             \
    return __nvvm_shfl_sync_up_##suffix(mask, var, (int)delta, (32 - width) << 8);                 \
  }                                                                                                \
  ANCHOR_WARP T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32) {           \
    return __nvvm_shfl_sync_down_##suffix(mask, var, (int)delta, ANCHOR_SHFL_CLAMP(width));        \
  }                                                                                                \
  ANCHOR_WARP T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32) {             \
    return __nvvm_shfl_sync_bfly_##suffix(mask, var, lane_mask, ANCHOR_SHFL_CLAMP(width));         \
  }
ANCHOR_SHFL(int, i32)
ANCHOR_SHFL(float, f32)
#undef ANCHOR_SHFL

/* Other 32- and 64-bit types move as one or two 32-bit words. */
#define ANCHOR_SHFL_32(T, op, arg_type)                                                            \
  ANCHOR_WARP T op(unsigned mask, T var, arg_type arg, int width = 32) {                           \
    return __builtin_bit_cast(T, op(mask, __builtin_bit_cast(int, var), arg, width));              \
  }
#define ANCHOR_SHFL_64(T, op, arg_type)                                                            \
  ANCHOR_WARP T op(unsigned mask, T var, arg_type arg, int width = 32) {                           \
    unsigned long long bits = __builtin_bit_cast(unsigned long long, var);                         \
    int lo = op(mask, (int)(unsigned)bits, arg, width);                                            \
    int hi = op(mask, (int)(unsigned)(bits >> 32), arg, width);                                    \
    return __builtin_bit_cast(T, (unsigned long long)(unsigned)lo |                                \
                                     (unsigned long long)(unsigned)hi << 32);                      \
  }
#define ANCHOR_SHFL_ALL(T, size)                                                                   \
  ANCHOR_SHFL_##size(T, __shfl_sync, int) ANCHOR_SHFL_##size(T, __shfl_up_sync, unsigned)          \
      ANCHOR_SHFL_##size(T, __shfl_down_sync, unsigned)                                            \
          ANCHOR_SHFL_##size(T, __shfl_xor_sync, int)
ANCHOR_SHFL_ALL(unsigned int, 32)
ANCHOR_SHFL_ALL(long long, 64)
ANCHOR_SHFL_ALL(unsigned long long, 64)
ANCHOR_SHFL_ALL(long, 64)
ANCHOR_SHFL_ALL(unsigned long, 64)
ANCHOR_SHFL_ALL(double, 64)
#undef ANCHOR_SHFL_ALL
#undef ANCHOR_SHFL_32
#undef ANCHOR_SHFL_64
#undef ANCHOR_SHFL_CLAMP

/* ---- votes, the active mask, the warp barrier ------------------------------------------------ */
ANCHOR_WARP unsigned __ballot_sync(unsigned mask, int predicate) {
  return __nvvm_vote_ballot_sync(mask, predicate != 0);
}
ANCHOR_WARP int __all_sync(unsigned mask, int predicate) {
  return __nvvm_vote_all_sync(mask, predicate != 0);
}
ANCHOR_WARP int __any_sync(unsigned mask, int predicate) {
  return __nvvm_vote_any_sync(mask, predicate != 0);
}
ANCHOR_WARP int __uni_sync(unsigned mask, int predicate) {
  return __nvvm_vote_uni_sync(mask, predicate != 0);
}
ANCHOR_WARP unsigned __activemask(void) {
  return __nvvm_activemask();
}
ANCHOR_WARP void __syncwarp(unsigned mask = 0xffffffffu) {
  __nvvm_bar_warp_sync(mask);
}

/* ---- match and reduce ------------------------------------------------------------------------ */
/* The device library's (devlib/warp.cu), which inline PTX's match.sync and redux.sync call
 * too: one implementation. match: lo, hi are the value's two 32-bit words (hi 0 for a 32-bit
 * value; match.sync compares bits); match_all gives mask or 0. */
extern "C" __device__ unsigned __anchor_match_any_sync(unsigned mask, unsigned lo, unsigned hi);
extern "C" __device__ unsigned __anchor_match_all_sync(unsigned mask, unsigned lo, unsigned hi);
extern "C" __device__ unsigned __anchor_reduce_add_sync(unsigned mask, unsigned value);
extern "C" __device__ int __anchor_reduce_min_sync(unsigned mask, int value);
extern "C" __device__ unsigned __anchor_reduce_umin_sync(unsigned mask, unsigned value);
extern "C" __device__ int __anchor_reduce_max_sync(unsigned mask, int value);
extern "C" __device__ unsigned __anchor_reduce_umax_sync(unsigned mask, unsigned value);
extern "C" __device__ unsigned __anchor_reduce_and_sync(unsigned mask, unsigned value);
extern "C" __device__ unsigned __anchor_reduce_or_sync(unsigned mask, unsigned value);
extern "C" __device__ unsigned __anchor_reduce_xor_sync(unsigned mask, unsigned value);
#define ANCHOR_MATCH(T, U)                                                                         \
  ANCHOR_WARP unsigned __match_any_sync(unsigned mask, T value) {                                  \
    U bits = __builtin_bit_cast(U, value);                                                         \
    return __anchor_match_any_sync(mask, (unsigned)bits,                                           \
                                   (unsigned)((unsigned long long)bits >> 32));                    \
  }                                                                                                \
  ANCHOR_WARP unsigned __match_all_sync(unsigned mask, T value, int *pred) {                       \
    U bits = __builtin_bit_cast(U, value);                                                         \
    unsigned r =                                                                                   \
        __anchor_match_all_sync(mask, (unsigned)bits, (unsigned)((unsigned long long)bits >> 32)); \
    *pred = r != 0u;                                                                               \
    return r;                                                                                      \
  }
ANCHOR_MATCH(unsigned, unsigned)
ANCHOR_MATCH(int, unsigned)
ANCHOR_MATCH(float, unsigned)
ANCHOR_MATCH(unsigned long, unsigned long long)
ANCHOR_MATCH(long, unsigned long long)
ANCHOR_MATCH(unsigned long long, unsigned long long)
ANCHOR_MATCH(long long, unsigned long long)
ANCHOR_MATCH(double, unsigned long long)
#undef ANCHOR_MATCH

#define ANCHOR_REDUCE(name, T, impl, U)                                                            \
  ANCHOR_WARP T name(unsigned mask, T value) {                                                     \
    return (T)impl(mask, (U)value);                                                                \
  }
ANCHOR_REDUCE(__reduce_add_sync, unsigned, __anchor_reduce_add_sync, unsigned)
ANCHOR_REDUCE(__reduce_add_sync, int, __anchor_reduce_add_sync, unsigned)
ANCHOR_REDUCE(__reduce_min_sync, unsigned, __anchor_reduce_umin_sync, unsigned)
ANCHOR_REDUCE(__reduce_min_sync, int, __anchor_reduce_min_sync, int)
ANCHOR_REDUCE(__reduce_max_sync, unsigned, __anchor_reduce_umax_sync, unsigned)
ANCHOR_REDUCE(__reduce_max_sync, int, __anchor_reduce_max_sync, int)
ANCHOR_REDUCE(__reduce_and_sync, unsigned, __anchor_reduce_and_sync, unsigned)
ANCHOR_REDUCE(__reduce_or_sync, unsigned, __anchor_reduce_or_sync, unsigned)
ANCHOR_REDUCE(__reduce_xor_sync, unsigned, __anchor_reduce_xor_sync, unsigned)
#undef ANCHOR_REDUCE

/* ---- legacy forms without a mask: the active lanes ------------------------------------------- */
/* A constant full mask is not checked: the SIMD-group function acts on the lanes that run
 * it, which is what these did on pre-Volta GPUs. */
#define ANCHOR_LEGACY_SHFL(T)                                                                      \
  ANCHOR_WARP T __shfl(T var, int lane, int width = 32) {                                          \
    return __shfl_sync(0xffffffffu, var, lane, width);                                             \
  }                                                                                                \
  ANCHOR_WARP T __shfl_up(T var, unsigned delta, int width = 32) {                                 \
    return __shfl_up_sync(0xffffffffu, var, delta, width);                                         \
  }                                                                                                \
  ANCHOR_WARP T __shfl_down(T var, unsigned delta, int width = 32) {                               \
    return __shfl_down_sync(0xffffffffu, var, delta, width);                                       \
  }                                                                                                \
  ANCHOR_WARP T __shfl_xor(T var, int lane_mask, int width = 32) {                                 \
    return __shfl_xor_sync(0xffffffffu, var, lane_mask, width);                                    \
  }
ANCHOR_LEGACY_SHFL(int)
ANCHOR_LEGACY_SHFL(unsigned int)
ANCHOR_LEGACY_SHFL(float)
ANCHOR_LEGACY_SHFL(long)
ANCHOR_LEGACY_SHFL(unsigned long)
ANCHOR_LEGACY_SHFL(long long)
ANCHOR_LEGACY_SHFL(unsigned long long)
ANCHOR_LEGACY_SHFL(double)
#undef ANCHOR_LEGACY_SHFL
ANCHOR_WARP unsigned __ballot(int predicate) {
  return __ballot_sync(0xffffffffu, predicate);
}
ANCHOR_WARP int __any(int predicate) {
  return __any_sync(0xffffffffu, predicate);
}
ANCHOR_WARP int __all(int predicate) {
  return __all_sync(0xffffffffu, predicate);
}

#undef ANCHOR_WARP

#endif /* __CUDA__ && __cplusplus */
#endif
