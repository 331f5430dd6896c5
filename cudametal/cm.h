/* cudametal/cm.h — cudametal's internal interface (prefix cm_).
 *
 * cudametal implements the Metal API that metal/mtl.h uses over the CUDA driver
 * API and NVRTC (docs/cudametal.md). Callers never include this header: libanchor
 * reaches cudametal through Metal's selectors once metal/mtl.c loaded it
 * (ANCHOR_METAL=cudametal). Files, lowest layer first:
 *
 *   translate.c   MSL -> CUDA C++: kernel signatures, threadgroup variables,
 *                 MSL vector type names, one extern "C" __global__ wrapper per kernel
 *   compile.c     NVRTC: the prelude (msl/metal_stdlib), options, cubin
 *   driver.c      the CUDA driver's functions, from libcuda.so.1 by dlsym (driver.h)
 *   metal.c       the Objective-C classes: device, buffer, library, function,
 *                 pipeline, queue, command buffer, compute and blit encoders
 *
 * The launch ABI shared by the wrappers (translate.c) and the encoder (metal.c):
 * each kernel takes one by-value `const __grid_constant__ struct cm_args`.
 */
#ifndef CUDAMETAL_CM_H
#define CUDAMETAL_CM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CM_MAX_BUFFERS 31      /* Metal's buffer argument table */
#define CM_MAX_THREADGROUPS 31 /* Metal's threadgroup memory argument table */
#define CM_BYTES_MAX 8192      /* all setBytes: of one dispatch together */
/* buffer[i] with this bit set: bytes + (buffer[i] & CM_BYTES_OFFSET_MASK). */
#define CM_BYTES_FLAG (1ull << 63)
#define CM_BYTES_OFFSET_MASK 0xFFFFull

/* The by-value argument of every wrapper kernel (the prelude declares the same
 * layout in CUDA C++: translate.c emits it from these constants). */
struct cm_args {
  uint64_t buffer[CM_MAX_BUFFERS + 1];         /* device address, or a CM_BYTES_FLAG offset */
  uint32_t tg_offset[CM_MAX_THREADGROUPS + 1]; /* offset in the dynamic shared memory */
  _Alignas(16) unsigned char bytes[CM_BYTES_MAX];
};

/* ---- translate.c ---- */
struct cm_kernel_info {
  char *name;
  uint32_t buffer_mask, threadgroup_mask;
  unsigned max_threads; /* [[max_total_threads_per_threadgroup(n)]], or 0 */
};
struct cm_translation {
  char *source; /* CUDA C++ (includes <metal_stdlib>: the prelude) */
  int kernel_count;
  struct cm_kernel_info *kernels;
};
/* Translates MSL; NULL on success (out filled; cm_translation_free), else a
 * malloc'd diagnostic "program_source:LINE:COL: error: ...". */
char *cm_translate(const char *msl, struct cm_translation *out);
void cm_translation_free(struct cm_translation *t);

/* ---- compile.c ---- */
/* Compiles translated source with NVRTC for compute capability `arch` (e.g. 90):
 * returns the cubin (malloc'd, *size set) or NULL with *log_out a malloc'd
 * diagnostic (caller frees both); arch < 0: PTX for compute_<-arch> instead, which
 * needs no ptxas (the no-GPU test). metal_version: 310 or 320 (__METAL_VERSION__). */
void *cm_nvrtc_compile(const char *source, int arch, int metal_version, bool fast_math,
                       size_t *size, char **log_out);
/* CUDAMETAL_PTX_TARGET (an experiment, off by default; docs/cudametal.md "Warp
 * convergence"): when set to sm_NN, libraries are compiled by NVRTC to PTX for
 * compute_<CM_PTX_BASE_ARCH> (NVRTC 13's lowest), their `.target` directive is rewritten
 * to sm_NN and the driver JIT-compiles that PTX for the GPU. Returns the value, NULL when
 * unset or empty; *bad set when it is not of the form sm_<digits>. */
#define CM_PTX_BASE_ARCH 75
const char *cm_ptx_target(bool *bad);
/* Rewrites the `.target NAME` directive of NUL-terminated PTX to `.target target` (the
 * rest of the directive, e.g. ", debug", kept): a new malloc'd NUL-terminated text, *size
 * its length + 1; NULL when the PTX has no .target directive. */
char *cm_ptx_retarget(const char *ptx, const char *target, size_t *size);
/* The prelude's text (read once from lib/anchor/cudametal/metal_stdlib next to the
 * library, or $CUDAMETAL_PRELUDE), or NULL. */
const char *cm_prelude(void);

#endif
