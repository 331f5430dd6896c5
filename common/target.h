/* common/target.h — the one description of the machine Anchor targets:
 * Metal's limits on Apple-silicon GPUs (Apple7 = M1 and later), the MSL
 * versions, the SIMD width, the CUDA architecture clang compiles device code
 * for, and the numbering of NVPTX address spaces in the device IR. No other
 * file spells these numbers (issue 6); every component includes this header.
 *
 * Header only, plain constants: usable from C, from the C++ test programs and
 * from CMake-generated flags alike. Sources: ../shared/METAL_FACTS.md and
 * ARCHITECTURE.md (decisions 2, 3, 6). */
#ifndef ANCHOR_COMMON_TARGET_H
#define ANCHOR_COMMON_TARGET_H

/* ---- Metal limits (every Apple7+ GPU; softmetal enforces the same) ---- */

/* Threads per threadgroup; a pipeline may allow fewer. */
#define AC_MAX_THREADS_PER_THREADGROUP 1024
/* Threadgroup memory per threadgroup, static and dynamic together. */
#define AC_MAX_THREADGROUP_MEMORY 32768
/* Dynamic threadgroup lengths (setThreadgroupMemoryLength) are multiples of this. */
#define AC_THREADGROUP_MEMORY_GRANULE 16
/* Buffer argument slots per encoder: indices 0 .. AC_MAX_BUFFER_SLOTS - 1. */
#define AC_MAX_BUFFER_SLOTS 31
/* setBytes takes only data strictly shorter than this. */
#define AC_SET_BYTES_LIMIT 4096
/* SIMD-group width = CUDA's warpSize (decision 6). */
#define AC_SIMD_WIDTH 32
/* What one GPU core holds resident at once in Anchor's model (the nominal
 * sm_75 multiprocessor's thread and block limits): libanchor's occupancy
 * calculation (runtime/core.h RT_MODEL_*) reports it per multiprocessor, and
 * softmetal keeps that many of a dispatch's threadgroups resident per worker
 * (softmetal/pool.c), so a cooperative launch libanchor accepts fits. */
#define AC_CORE_RESIDENT_THREADS 1024
#define AC_CORE_RESIDENT_GROUPS 16

/* ---- MSL versions (decision 3) ---------------------------------------- */

/* The baseline: MSL 3.1, macOS 14. */
#define AC_MSL_BASELINE_MAJOR 3
#define AC_MSL_BASELINE_MINOR 1
/* MSL 3.2 (macOS 15) adds atomic_thread_fence: modules with fences need it. */
#define AC_MSL_FENCE_MAJOR 3
#define AC_MSL_FENCE_MINOR 2

/* ---- the CUDA architecture device code is compiled for ----------------- */

/* clang --cuda-gpu-arch=sm_<AC_CUDA_ARCH>: __CUDA_ARCH__ is AC_CUDA_ARCH * 10,
 * and the device properties (major.minor, limits) describe this model. */
#define AC_CUDA_ARCH 75
#define AC_CUDA_ARCH_NAME "sm_75"
#define AC_CUDA_ARCH_MAJOR 7
#define AC_CUDA_ARCH_MINOR 5
/* clang's CUDA SDK version and PTX feature, pinned (docs/driver.md): the
 * newest clang 19 knows, whatever CUDA toolkit happens to be installed. */
#define AC_CUDA_SDK_VERSION "12.5"
#define AC_PTX_FEATURE "+ptx85"

/* ---- NVPTX device IR ---------------------------------------------------- */

/* Address spaces of clang's nvptx64 IR. */
#define AC_NVPTX_GENERIC 0
#define AC_NVPTX_GLOBAL 1
#define AC_NVPTX_SHARED 3
#define AC_NVPTX_CONSTANT 4
#define AC_NVPTX_LOCAL 5
/* The ptx_kernel calling convention (CallingConv::PTX_Kernel) that newer
 * clangs give kernels instead of an nvvm.annotations entry. */
#define AC_NVPTX_KERNEL_CALLCONV 71

#endif
