/* texture_fetch_functions.h — CUDA's texture references, which CUDA 12 removed:
 * the runtime functions that bound them (cudaBindTextureToArray, cudaUnbindTexture,
 * cudaGetTextureReference ...) are declared unavailable, so a call is an error at
 * the user's line that names it and says why. cudaBindTexture, cudaBindTexture2D,
 * cudaGetTextureAlignmentOffset and struct textureReference are left to HIP's
 * compatibility header (anchor/hip/nvidia_compat.h defines them for HIP's
 * NVIDIA-platform headers); in CUDA code they are undeclared, an error that names
 * them too. The template texture<T, dim, readMode> itself is not declared, as in CUDA
 * 12's headers: using it is clang's "no template named 'texture'" at the user's
 * line, and a program may name its own things `texture` (a kernel, a variable),
 * as nvcc 12/13 allow. Texture objects (cudaTextureObject_t,
 * texture_indirect_functions.h) replace them. Included by cuda_runtime.h. */
#ifndef ANCHOR_TEXTURE_FETCH_FUNCTIONS_H
#define ANCHOR_TEXTURE_FETCH_FUNCTIONS_H
#pragma GCC system_header

#ifdef __cplusplus
#include "driver_types.h"

#define __ANCHOR_TEXREF_REMOVED                                                                    \
  "texture references were removed in CUDA 12 and are not supported by Anchor: use a texture "     \
  "object (cudaTextureObject_t, cudaCreateTextureObject, tex2D<T>(object, x, y))"

__attribute__((unavailable(__ANCHOR_TEXREF_REMOVED))) cudaError_t cudaBindTextureToArray(...);
__attribute__((unavailable(__ANCHOR_TEXREF_REMOVED))) cudaError_t
cudaBindTextureToMipmappedArray(...);
__attribute__((unavailable(__ANCHOR_TEXREF_REMOVED))) cudaError_t cudaUnbindTexture(...);
__attribute__((unavailable(__ANCHOR_TEXREF_REMOVED))) cudaError_t cudaGetTextureReference(...);
#undef __ANCHOR_TEXREF_REMOVED
#endif

#endif
