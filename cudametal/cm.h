/* cudametal/cm.h — cudametal's internal interface (prefix cm_).
 *
 * cudametal implements the Metal API that metal/mtl.h uses over the CUDA driver
 * API and NVRTC (docs/cudametal.md). Callers never include this header: libanchor
 * reaches cudametal through Metal's selectors once metal/mtl.c loaded it
 * (ANCHOR_METAL=cudametal). Files, lowest layer first:
 *
 *   outline.c     which inline helpers of the MSL NVRTC keeps out of line (by size
 *                 and number of uses: fp64's arithmetic), literal skipping
 *   translate.c   MSL -> CUDA C++: kernel signatures, threadgroup variables,
 *                 MSL vector type names, one extern "C" __global__ wrapper per kernel
 *   compile.c     NVRTC: the prelude (msl/metal_stdlib), options, cubin
 *   driver.c      the CUDA driver's functions, from libcuda.so.1 by dlsym (driver.h)
 *   texture.c     textures' CUDA side: pixel formats, CUDA arrays with a surface object
 *                 per mip level, CUDA_MEMCPY3D copies
 *   metal.c       the Objective-C classes: device, buffer, texture, sampler, library,
 *                 function, pipeline, queue, command buffer, compute and blit encoders
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

/* ---- outline.c ---- */
/* Length of a comment, string or character literal at s, or 0. */
size_t cm_skip_literal(const char *s);
/* src (CUDA C++ from the MSL) with each file-scope function defined `inline` that is big
 * and used at many places (expanded size, uses: outline.c's comment) defined
 * `inline __noinline__` instead, on the same line; nothing else changes. Returns a malloc'd
 * copy (caller frees). */
char *cm_outline(const char *src);

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

/* ---- textures (texture.c; the prelude's cm_texture and cm_sampler are the same
 * layouts): a texture's or a sampler's gpuResourceID is the device address of its
 * descriptor, in managed memory; kernels read it wherever the ID travels. ---- */
#define CM_TEX_LEVELS 16
enum { /* how a texture's texels are stored: the surf*read/write the kernel uses */
       CM_STORE_LINEAR,
       CM_STORE_1D,
       CM_STORE_1D_LAYERED,
       CM_STORE_2D,
       CM_STORE_2D_LAYERED,
       CM_STORE_3D
};
struct cm_texture_desc {
  uint32_t type, format;               /* MTLTextureType, MTLPixelFormat (the view's) */
  uint32_t width, height, depth;       /* level 0 of the view */
  uint32_t slices, levels, bpp, usage; /* slices: array elements x 6 for cubes */
  uint32_t store, slice0, reserved;    /* slice0: the view's first layer of the CUDA array */
  uint64_t linear, row_pitch;          /* CM_STORE_LINEAR: device address and row pitch */
  uint64_t surface[CM_TEX_LEVELS];     /* CUsurfObject of each of the view's levels */
};
struct cm_sampler_desc { /* MTLSamplerDescriptor's values */
  uint32_t min_filter, mag_filter, mip_filter, address[3], border_color, normalized, max_anisotropy,
      compare;
  float lod_min, lod_max;
};
_Static_assert(sizeof(struct cm_texture_desc) == 192, "the prelude's cm_texture");
_Static_assert(sizeof(struct cm_sampler_desc) == 48, "the prelude's cm_sampler");

/* MTLTextureType */
enum {
  CM_MTL_TEXTURE_1D = 0,
  CM_MTL_TEXTURE_1D_ARRAY = 1,
  CM_MTL_TEXTURE_2D = 2,
  CM_MTL_TEXTURE_2D_ARRAY = 3,
  CM_MTL_TEXTURE_CUBE = 5,
  CM_MTL_TEXTURE_CUBE_ARRAY = 6,
  CM_MTL_TEXTURE_3D = 7,
  CM_MTL_TEXTURE_BUFFER = 9
};
enum { CM_PF_UNORM, CM_PF_SRGB, CM_PF_SNORM, CM_PF_UINT, CM_PF_SINT, CM_PF_FLOAT };
struct cm_pixel_format {
  uint32_t value, bytes, channels, kind; /* MTLPixelFormat, bytes per texel, CM_PF_ */
};
/* A zeroed 256-byte slot of managed memory for a texture's or sampler's descriptor (its
 * address is the gpuResourceID), NULL when CUDA refuses memory; cm_desc_give returns it.
 * The slots' chunks are kept for the process. */
void *cm_desc_take(void);
void cm_desc_give(void *slot);
_Static_assert(sizeof(struct cm_texture_desc) <= 256 && sizeof(struct cm_sampler_desc) <= 256,
               "descriptor slots");
/* The formats cudametal supports (Anchor's runtime uses these); NULL for another. */
const struct cm_pixel_format *cm_pixel_format(uint64_t format);

#ifdef CUDA_VERSION /* <cuda.h> included (texture.c, metal.c) */
/* A texture's CUDA storage: one CUDA array, or a mipmapped array and its levels' arrays,
 * made with CUDA_ARRAY3D_SURFACE_LDST, and a surface object per level. Views share it. */
struct cm_storage {
  uint32_t store, levels, bpp;
  CUmipmappedArray mipmapped;
  CUarray array[CM_TEX_LEVELS];
  CUsurfObject surface[CM_TEX_LEVELS];
};
/* The storage of a texture of MTLTextureType `type` (not a texture buffer), slices layers
 * (cubes: 6 per cube); on failure nothing is left allocated. */
CUresult cm_storage_create(struct cm_storage *s, uint64_t type, const struct cm_pixel_format *pf,
                           uint32_t width, uint32_t height, uint32_t depth, uint32_t slices,
                           uint32_t levels);
void cm_storage_destroy(struct cm_storage *s);
/* One side of a texture copy: host or device memory (pitch, and image: bytes from one
 * z-slice to the next), or a CUDA array (z: the layer, or the 3D texture's z). */
enum { CM_SIDE_HOST, CM_SIDE_DEVICE, CM_SIDE_ARRAY };
struct cm_copy_side {
  int kind;
  const void *host;
  CUdeviceptr device;
  CUarray array;
  uint64_t pitch, image;
  uint64_t x_bytes, y, z;
};
/* The copy of z-slice z (0 ..) of a region rows high, width_bytes wide: one CUDA_MEMCPY3D
 * of depth 1 (any bytes per image Metal allows, which CUDA's srcHeight could not say). */
void cm_copy_describe(CUDA_MEMCPY3D *c, const struct cm_copy_side *src,
                      const struct cm_copy_side *dst, uint64_t width_bytes, uint64_t rows,
                      uint64_t z);
#endif

#endif
