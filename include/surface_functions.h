/* surface_functions.h — CUDA's surface references, which CUDA 12 removed: the
 * runtime functions that bound them (cudaBindSurfaceToArray ...) are declared
 * unavailable, an error at the user's line that names it and says why. The
 * template surface<void, dim> is not declared (as in CUDA 12's headers: clang's
 * "no template named 'surface'"; programs may name a kernel `surface`). Surface
 * objects (cudaSurfaceObject_t, surface_indirect_functions.h) replace them.
 * Included by cuda_runtime.h. */
#ifndef ANCHOR_SURFACE_FUNCTIONS_H
#define ANCHOR_SURFACE_FUNCTIONS_H
#pragma GCC system_header

#ifdef __cplusplus
#include "driver_types.h"

#define __ANCHOR_SURFREF_REMOVED                                                                   \
  "surface references were removed in CUDA 12 and are not supported by Anchor: use a surface "     \
  "object (cudaSurfaceObject_t, cudaCreateSurfaceObject, surf2Dwrite(v, object, x, y))"

__attribute__((unavailable(__ANCHOR_SURFREF_REMOVED))) cudaError_t cudaBindSurfaceToArray(...);
__attribute__((unavailable(__ANCHOR_SURFREF_REMOVED))) cudaError_t cudaGetSurfaceReference(...);
#undef __ANCHOR_SURFREF_REMOVED
#endif

#endif
