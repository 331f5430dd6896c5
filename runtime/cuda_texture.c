/* runtime/cuda_texture.c — the runtime API's CUDA arrays, mipmapped arrays, texture and
 * surface objects (docs/runtime.md, "Textures and surfaces"; the design: docs/
 * textures.md). Argument checks and CUDA's codes here; the Metal textures, samplers and
 * records are the core's (core_texture.c). Copies to and from arrays are with the other
 * copies in cuda_memory.c. Unknown and destroyed handles are cudaErrorInvalidValue, the
 * code CUDA documents for these calls. */
#include <string.h>

#include "core.h"

/* ---- arrays -------------------------------------------------------------------------------- */

static cudaError_t rt_new_array(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                                struct cudaExtent extent, unsigned flags) {
  if (!array || !desc) return rt_record(cudaErrorInvalidValue);
  *array = NULL;
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_unsafe(); /* an allocation, as cudaMalloc */
  if (e == cudaSuccess) e = rt_array_create(d, desc, extent, flags, array);
  return rt_leave(e);
}

/* cudaMallocArray: height 0 is a 1-D array; layered and cubemap arrays need
 * cudaMalloc3DArray. */
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned int flags) {
  if (flags & (cudaArrayLayered | cudaArrayCubemap)) return rt_record(cudaErrorInvalidValue);
  return rt_new_array(array, desc, (struct cudaExtent){width, height, 0}, flags);
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags) {
  return rt_new_array(array, desc, extent, flags);
}

cudaError_t cudaFreeArray(cudaArray_t array) {
  if (!array) return cudaSuccess; /* as cudaFree(NULL) */
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_unsafe();
  if (e == cudaSuccess) e = rt_array_destroy(d, array);
  return rt_leave(e);
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                             unsigned int *flags, cudaArray_t array) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_array_valid(array)) e = cudaErrorInvalidValue;
  if (e == cudaSuccess) rt_array_info(array, desc, extent, flags);
  return rt_leave(e);
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array) {
  if (!desc) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_array_valid(array)) e = cudaErrorInvalidValue;
  if (e == cudaSuccess) rt_array_info(array, desc, NULL, NULL);
  return rt_leave(e);
}

/* ---- mipmapped arrays ---------------------------------------------------------------------- */

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                     const struct cudaChannelFormatDesc *desc,
                                     struct cudaExtent extent, unsigned int numLevels,
                                     unsigned int flags) {
  if (!mipmappedArray || !desc) return rt_record(cudaErrorInvalidValue);
  *mipmappedArray = NULL;
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_unsafe();
  if (e == cudaSuccess) e = rt_mipmap_create(d, desc, extent, numLevels, flags, mipmappedArray);
  return rt_leave(e);
}

cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray,
                                       cudaMipmappedArray_const_t mipmappedArray,
                                       unsigned int level) {
  if (!levelArray) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_mipmap_valid(mipmappedArray)) e = cudaErrorInvalidValue;
  if (e == cudaSuccess) e = rt_mipmap_level(mipmappedArray, level, levelArray);
  return rt_leave(e);
}

cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray) {
  if (!mipmappedArray) return cudaSuccess;
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_capture_unsafe();
  if (e == cudaSuccess) e = rt_mipmap_destroy(d, mipmappedArray);
  return rt_leave(e);
}

/* ---- texture objects ----------------------------------------------------------------------- */

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc) {
  if (!pTexObject || !pResDesc || !pTexDesc) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_texture_create(d, pResDesc, pTexDesc, pResViewDesc, pTexObject);
  return rt_leave(e);
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  if (!texObject) return cudaSuccess; /* 0 is no object; CUDA 13 answers success */
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_object_destroy(d, texObject, false);
  return rt_leave(e);
}

/* What a texture (surface false) or surface object was made with (NULL outputs skipped;
 * the caller refuses the NULL it is asked for). */
static cudaError_t rt_object_query(unsigned long long handle, bool surface,
                                   struct cudaResourceDesc *res, struct cudaTextureDesc *tex,
                                   struct cudaResourceViewDesc *view) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_object_descs(handle, surface, res, tex, view);
  return rt_leave(e);
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject) {
  if (!pResDesc) return rt_record(cudaErrorInvalidValue);
  return rt_object_query(texObject, false, pResDesc, NULL, NULL);
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject) {
  if (!pTexDesc) return rt_record(cudaErrorInvalidValue);
  return rt_object_query(texObject, false, NULL, pTexDesc, NULL);
}

cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                                 cudaTextureObject_t texObject) {
  if (!pResViewDesc) return rt_record(cudaErrorInvalidValue);
  return rt_object_query(texObject, false, NULL, NULL, pResViewDesc);
}

/* ---- surface objects ------------------------------------------------------------------------ */

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const struct cudaResourceDesc *pResDesc) {
  if (!pSurfObject || !pResDesc) return rt_record(cudaErrorInvalidValue);
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_surface_create(d, pResDesc, pSurfObject);
  return rt_leave(e);
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) {
  if (!surfObject) return cudaSuccess;
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess) e = rt_object_destroy(d, surfObject, true);
  return rt_leave(e);
}

cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject) {
  if (!pResDesc) return rt_record(cudaErrorInvalidValue);
  return rt_object_query(surfObject, true, pResDesc, NULL, NULL);
}
