/* hip/hip_runtime.h — Anchor's layer over HIP's own header of that name
 * (HIP's NVIDIA platform, Debian's libamdhip64-dev; docs/hip.md): HIP's
 * header, unchanged (#include_next), between Anchor's declarations of the
 * CUDA 11/12 names it calls (anchor/hip/nvidia_compat.h, through
 * hip/hip_runtime_api.h) and Anchor's additions: HIP's error names
 * (anchor/hip/hip_api.h) and the device functions of HIP's kernel language
 * that its NVIDIA path leaves out (anchor/hip/hip_device.h: __ballot's
 * 64-bit mask, __lane_id, wall_clock64). Written for Anchor. */
#ifndef ANCHOR_HIP_HIP_RUNTIME_H
#define ANCHOR_HIP_HIP_RUNTIME_H

/* Warnings are the user's, not Anchor's: a system header, as HIP's own are
 * (-Wpedantic would otherwise flag #include_next, -Wold-style-cast ...). */
#pragma GCC system_header

/* The order matters (clang-format keeps blocks apart): */
/* 1. Anchor's hip_runtime_api.h: the CUDA names HIP's header calls, HIP's API. */
#include <hip/hip_runtime_api.h>

/* 2. HIP's own header. */
#if __has_include_next(<hip/hip_runtime.h>)
#include_next <hip/hip_runtime.h>
#else
#error                                                                                             \
    "HIP's own headers are not installed (Debian: libamdhip64-dev); Anchor uses them for HIP's NVIDIA platform (docs/hip.md)"
#endif

/* 3. HIP's device functions its NVIDIA path leaves out. */
#include "anchor/hip/hip_device.h"

#endif
