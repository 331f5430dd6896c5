/* hip/hip_runtime_api.h — Anchor's layer over HIP's own header of that name
 * (HIP's NVIDIA platform, Debian's libamdhip64-dev; docs/hip.md). Anchor's
 * include directory comes before the system ones, so `#include
 * <hip/hip_runtime_api.h>` finds this file, which
 *   1. declares the CUDA 11/12 names HIP's NVIDIA path calls that Anchor's
 *      CUDA 13 headers lack (anchor/hip/nvidia_compat.h),
 *   2. includes HIP's own header, unchanged (#include_next),
 *   3. adds what HIP defines and its NVIDIA path does not
 *      (anchor/hip/hip_api.h: HIP's error names).
 * Written for Anchor; HIP's headers are used as they are, never copied. */
#ifndef ANCHOR_HIP_HIP_RUNTIME_API_H
#define ANCHOR_HIP_HIP_RUNTIME_API_H

/* Warnings are the user's, not Anchor's: a system header, as HIP's own are
 * (-Wpedantic would otherwise flag #include_next, -Wold-style-cast ...). */
#pragma GCC system_header

/* The order matters (clang-format keeps blocks apart): */
#include "anchor/hip/nvidia_compat.h"

#if __has_include_next(<hip/hip_runtime_api.h>)
#include_next <hip/hip_runtime_api.h>
#else
#error                                                                                             \
    "HIP's own headers are not installed (Debian: libamdhip64-dev); Anchor uses them for HIP's NVIDIA platform (docs/hip.md)"
#endif

#include "anchor/hip/hip_api.h"

#endif
