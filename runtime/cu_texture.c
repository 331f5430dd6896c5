/* runtime/cu_texture.c — the driver API's CUDA arrays, mipmapped arrays, texture and
 * surface objects (cuArray*, cuMipmappedArray*, cuTexObject*, cuSurfObject*) over the core's
 * (core_texture.c; the design: docs/textures.md). A CUarray is the runtime's cudaArray_t, a
 * CUtexObject the runtime's cudaTextureObject_t, as in CUDA. The driver's descriptors are
 * translated to the runtime's: an array format and channel count to a channel descriptor,
 * CU_TRSF_* flags to the read mode, coordinates and sRGB (integers are read as normalized
 * floats unless CU_TRSF_READ_AS_INTEGER, 32-bit ones always as integers). Copies with
 * arrays are cuMemcpy2D/3D's (cu_memory.c). */
#include <string.h>

#include "cu_internal.h"

/* ---- formats ------------------------------------------------------------------------------ */

static CUresult rt_cu_channel_desc(CUarray_format format, unsigned channels,
                                   struct cudaChannelFormatDesc *out) {
  int bits;
  enum cudaChannelFormatKind kind;
  switch (format) {
  case CU_AD_FORMAT_UNSIGNED_INT8: bits = 8, kind = cudaChannelFormatKindUnsigned; break;
  case CU_AD_FORMAT_UNSIGNED_INT16: bits = 16, kind = cudaChannelFormatKindUnsigned; break;
  case CU_AD_FORMAT_UNSIGNED_INT32: bits = 32, kind = cudaChannelFormatKindUnsigned; break;
  case CU_AD_FORMAT_SIGNED_INT8: bits = 8, kind = cudaChannelFormatKindSigned; break;
  case CU_AD_FORMAT_SIGNED_INT16: bits = 16, kind = cudaChannelFormatKindSigned; break;
  case CU_AD_FORMAT_SIGNED_INT32: bits = 32, kind = cudaChannelFormatKindSigned; break;
  case CU_AD_FORMAT_HALF: bits = 16, kind = cudaChannelFormatKindFloat; break;
  case CU_AD_FORMAT_FLOAT: bits = 32, kind = cudaChannelFormatKindFloat; break;
  default:
    /* CUDA's other formats (NV12, normalized, block-compressed, video): not Anchor's */
    return (unsigned)format >= CU_AD_FORMAT_BC1_UNORM ? CUDA_ERROR_NOT_SUPPORTED
                                                      : CUDA_ERROR_INVALID_VALUE;
  }
  if (channels != 1 && channels != 2 && channels != 4) return CUDA_ERROR_INVALID_VALUE;
  *out = (struct cudaChannelFormatDesc){bits, channels > 1 ? bits : 0, channels > 2 ? bits : 0,
                                        channels > 3 ? bits : 0, kind};
  return CUDA_SUCCESS;
}

static void rt_cu_format_of(const struct cudaChannelFormatDesc *d, CUarray_format *format,
                            unsigned *channels) {
  *channels = d->w ? 4 : d->y ? 2 : 1;
  if (d->f == cudaChannelFormatKindFloat)
    *format = d->x == 16 ? CU_AD_FORMAT_HALF : CU_AD_FORMAT_FLOAT;
  else if (d->f == cudaChannelFormatKindUnsigned)
    *format = d->x == 8    ? CU_AD_FORMAT_UNSIGNED_INT8
              : d->x == 16 ? CU_AD_FORMAT_UNSIGNED_INT16
                           : CU_AD_FORMAT_UNSIGNED_INT32;
  else
    *format = d->x == 8    ? CU_AD_FORMAT_SIGNED_INT8
              : d->x == 16 ? CU_AD_FORMAT_SIGNED_INT16
                           : CU_AD_FORMAT_SIGNED_INT32;
}

/* The core's codes as the driver's; its "invalid resource handle" is the driver's
 * invalid handle. */
static CUresult rt_cu_texture_result(cudaError_t e) {
  /* the runtime-only codes of texture objects (the driver has none such: its documented
   * CUDA_ERROR_INVALID_VALUE) */
  if (e == cudaErrorInvalidChannelDescriptor || e == cudaErrorInvalidFilterSetting ||
      e == cudaErrorInvalidNormSetting)
    return CUDA_ERROR_INVALID_VALUE;
  if (e == cudaErrorMemoryAllocation) return CUDA_ERROR_OUT_OF_MEMORY;
  return rt_cu_result(e);
}

/* ---- arrays ------------------------------------------------------------------------------- */

static CUresult rt_cu_new_array(CUarray *out, CUarray_format format, unsigned channels,
                                struct cudaExtent extent, unsigned flags) {
  if (!out) return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  rt_device *d = NULL;
  struct cudaChannelFormatDesc desc;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_channel_desc(format, channels, &desc);
  cudaArray_t array = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_texture_result(rt_array_create(d, &desc, extent, flags, &array));
  if (r == CUDA_SUCCESS) *out = (CUarray)(void *)array;
  return rt_cu_leave(r);
}

/* The widest 1-D linear texture (a texture over linear memory, tex1Dfetch):
 * Metal's texture buffers hold RT_TEXTURE_1D_LINEAR texels of any format
 * (cudaDeviceProp's maxTexture1DLinear; core_texture.c refuses wider ones), so
 * every format and channel count Anchor's textures take has that width; the
 * format is checked as cuArrayCreate checks it. */
CUresult cuDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements, CUarray_format format,
                                            unsigned int numChannels, CUdevice dev) {
  CUresult r = rt_cu_enter_initialised();
  struct cudaChannelFormatDesc desc;
  struct cudaDeviceProp p;
  if (r == CUDA_SUCCESS && !maxWidthInElements) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_channel_desc(format, numChannels, &desc);
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_device_properties(dev, &p));
  if (r == CUDA_SUCCESS) *maxWidthInElements = (size_t)p.maxTexture1DLinear;
  return rt_cu_leave(r);
}

CUresult cuArrayCreate(CUarray *pHandle, const CUDA_ARRAY_DESCRIPTOR *pAllocateArray) {
  if (!pAllocateArray) return rt_cu_new_array(NULL, 0, 0, (struct cudaExtent){0, 0, 0}, 0);
  const CUDA_ARRAY_DESCRIPTOR *a = pAllocateArray;
  return rt_cu_new_array(pHandle, a->Format, a->NumChannels,
                         (struct cudaExtent){a->Width, a->Height, 0}, 0);
}

CUresult cuArray3DCreate(CUarray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray) {
  if (!pAllocateArray) return rt_cu_new_array(NULL, 0, 0, (struct cudaExtent){0, 0, 0}, 0);
  const CUDA_ARRAY3D_DESCRIPTOR *a = pAllocateArray;
  return rt_cu_new_array(pHandle, a->Format, a->NumChannels,
                         (struct cudaExtent){a->Width, a->Height, a->Depth}, a->Flags);
}

CUresult cuArrayDestroy(CUarray hArray) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  cudaArray_t array = (cudaArray_t)(void *)hArray;
  if (r == CUDA_SUCCESS && !rt_array_valid(array)) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) r = rt_cu_texture_result(rt_array_destroy(d, array));
  if (r == CUDA_ERROR_INVALID_VALUE) r = CUDA_ERROR_INVALID_HANDLE;
  return rt_cu_leave(r);
}

/* The descriptor of a live array (lock held). */
static CUresult rt_cu_array_info(CUarray hArray, CUDA_ARRAY3D_DESCRIPTOR *out) {
  cudaArray_t array = (cudaArray_t)(void *)hArray;
  if (!rt_array_valid(array)) return CUDA_ERROR_INVALID_HANDLE;
  struct cudaChannelFormatDesc desc;
  struct cudaExtent extent;
  unsigned flags;
  rt_array_info(array, &desc, &extent, &flags);
  out->Width = extent.width, out->Height = extent.height, out->Depth = extent.depth;
  out->Flags = flags;
  rt_cu_format_of(&desc, &out->Format, &out->NumChannels);
  return CUDA_SUCCESS;
}

CUresult cuArrayGetDescriptor(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor, CUarray hArray) {
  if (!pArrayDescriptor)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  rt_device *d = NULL;
  CUDA_ARRAY3D_DESCRIPTOR info;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_array_info(hArray, &info);
  if (r == CUDA_SUCCESS) {
    pArrayDescriptor->Width = info.Width, pArrayDescriptor->Height = info.Height;
    pArrayDescriptor->Format = info.Format, pArrayDescriptor->NumChannels = info.NumChannels;
  }
  return rt_cu_leave(r);
}

CUresult cuArray3DGetDescriptor(CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray) {
  if (!pArrayDescriptor)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_array_info(hArray, pArrayDescriptor);
  return rt_cu_leave(r);
}

/* ---- mipmapped arrays --------------------------------------------------------------------- */

CUresult cuMipmappedArrayCreate(CUmipmappedArray *pHandle,
                                const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
                                unsigned int numMipmapLevels) {
  if (!pHandle || !pMipmappedArrayDesc)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  const CUDA_ARRAY3D_DESCRIPTOR *a = pMipmappedArrayDesc;
  rt_device *d = NULL;
  struct cudaChannelFormatDesc desc;
  cudaMipmappedArray_t m = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_channel_desc(a->Format, a->NumChannels, &desc);
  if (r == CUDA_SUCCESS)
    r = rt_cu_texture_result(rt_mipmap_create(d, &desc,
                                              (struct cudaExtent){a->Width, a->Height, a->Depth},
                                              numMipmapLevels, a->Flags, &m));
  if (r == CUDA_SUCCESS) *pHandle = (CUmipmappedArray)(void *)m;
  return rt_cu_leave(r);
}

CUresult cuMipmappedArrayGetLevel(CUarray *pLevelArray, CUmipmappedArray hMipmappedArray,
                                  unsigned int level) {
  if (!pLevelArray)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  rt_device *d = NULL;
  cudaMipmappedArray_t m = (cudaMipmappedArray_t)(void *)hMipmappedArray;
  cudaArray_t array = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !rt_mipmap_valid(m)) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) r = rt_cu_texture_result(rt_mipmap_level(m, level, &array));
  if (r == CUDA_SUCCESS) *pLevelArray = (CUarray)(void *)array;
  return rt_cu_leave(r);
}

CUresult cuMipmappedArrayDestroy(CUmipmappedArray hMipmappedArray) {
  rt_device *d = NULL;
  cudaMipmappedArray_t m = (cudaMipmappedArray_t)(void *)hMipmappedArray;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !rt_mipmap_valid(m)) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) r = rt_cu_texture_result(rt_mipmap_destroy(d, m));
  return rt_cu_leave(r);
}

/* ---- array to array ----------------------------------------------------------------------- */

/* Where byte `at` of array a lies in its row-major order (rows, then layers or slices), and
 * the bytes left in that row. */
typedef struct {
  size_t x, y, z, left;
} rt_cu_array_at;

static rt_cu_array_at rt_cu_array_position(cudaArray_const_t a, size_t at) {
  struct cudaExtent e;
  rt_array_info(a, NULL, &e, NULL);
  size_t row = e.width * rt_array_texel_bytes(a), rows = e.height ? e.height : 1;
  return (rt_cu_array_at){at % row, at / row % rows, at / row / rows, row - at % row};
}

static size_t rt_cu_array_bytes(cudaArray_const_t a) {
  struct cudaExtent e;
  rt_array_info(a, NULL, &e, NULL);
  return e.width * rt_array_texel_bytes(a) * (e.height ? e.height : 1) * (e.depth ? e.depth : 1);
}

/* ByteCount bytes from byte srcOffset of srcArray to byte dstOffset of dstArray, each in its
 * row-major order (CUDA documents 1-D arrays; a 2-D or 3-D one is its rows in order, as
 * cuMemcpyAtoH's), in pieces within a row of both, each one blit (copyFromTexture:toTexture:)
 * on the legacy stream. CUDA's checks, nothing copied when one fails
 * (CUDA_ERROR_INVALID_VALUE): both arrays live, elements of the same size (the formats may
 * differ: the bytes move), ByteCount a whole number of elements, both ranges within their
 * arrays; offsets must be whole elements too (a texture copies texels; unsure whether CUDA
 * refuses or copies such bytes). Device to device: no host-side wait, as CUDA. */
CUresult cuMemcpyAtoA(CUarray dstArray, size_t dstOffset, CUarray srcArray, size_t srcOffset,
                      size_t ByteCount) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  cudaArray_t dst = (cudaArray_t)(void *)dstArray, src = (cudaArray_t)(void *)srcArray;
  if (r == CUDA_SUCCESS && (!rt_array_valid(dst) || !rt_array_valid(src)))
    r = CUDA_ERROR_INVALID_VALUE;
  size_t texel = r == CUDA_SUCCESS ? rt_array_texel_bytes(dst) : 1;
  if (r == CUDA_SUCCESS &&
      (rt_array_texel_bytes(src) != texel || ByteCount % texel || dstOffset % texel ||
       srcOffset % texel || dstOffset > rt_cu_array_bytes(dst) ||
       ByteCount > rt_cu_array_bytes(dst) - dstOffset || srcOffset > rt_cu_array_bytes(src) ||
       ByteCount > rt_cu_array_bytes(src) - srcOffset))
    r = CUDA_ERROR_INVALID_VALUE;
  for (size_t done = 0; r == CUDA_SUCCESS && done < ByteCount;) {
    rt_cu_array_at to = rt_cu_array_position(dst, dstOffset + done),
                   from = rt_cu_array_position(src, srcOffset + done);
    size_t part = ByteCount - done;
    if (part > to.left) part = to.left;
    if (part > from.left) part = from.left;
    struct cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.dstArray = dst, p.dstPos = (struct cudaPos){to.x / texel, to.y, to.z};
    p.srcArray = src, p.srcPos = (struct cudaPos){from.x / texel, from.y, from.z};
    p.extent = (struct cudaExtent){part / texel, 1, 1};
    p.kind = cudaMemcpyDeviceToDevice;
    r = rt_cu_texture_result(rt_array_copy(d, &p, rt_cu_stream(NULL)));
    done += part;
  }
  return rt_cu_leave(r);
}

/* ---- texture and surface objects ----------------------------------------------------------- */

/* The runtime's resource description of the driver's. */
static CUresult rt_cu_resource(const CUDA_RESOURCE_DESC *in, struct cudaResourceDesc *out) {
  memset(out, 0, sizeof *out);
  if (in->flags) return CUDA_ERROR_INVALID_VALUE;
  switch (in->resType) {
  case CU_RESOURCE_TYPE_ARRAY:
    out->resType = cudaResourceTypeArray;
    out->res.array.array = (cudaArray_t)(void *)in->res.array.hArray;
    return CUDA_SUCCESS;
  case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
    out->resType = cudaResourceTypeMipmappedArray;
    out->res.mipmap.mipmap = (cudaMipmappedArray_t)(void *)in->res.mipmap.hMipmappedArray;
    return CUDA_SUCCESS;
  case CU_RESOURCE_TYPE_LINEAR:
    out->resType = cudaResourceTypeLinear;
    out->res.linear.devPtr = (void *)(uintptr_t)in->res.linear.devPtr;
    out->res.linear.sizeInBytes = in->res.linear.sizeInBytes;
    return rt_cu_channel_desc(in->res.linear.format, in->res.linear.numChannels,
                              &out->res.linear.desc);
  case CU_RESOURCE_TYPE_PITCH2D:
    out->resType = cudaResourceTypePitch2D;
    out->res.pitch2D.devPtr = (void *)(uintptr_t)in->res.pitch2D.devPtr;
    out->res.pitch2D.width = in->res.pitch2D.width;
    out->res.pitch2D.height = in->res.pitch2D.height;
    out->res.pitch2D.pitchInBytes = in->res.pitch2D.pitchInBytes;
    return rt_cu_channel_desc(in->res.pitch2D.format, in->res.pitch2D.numChannels,
                              &out->res.pitch2D.desc);
  default: return CUDA_ERROR_INVALID_VALUE;
  }
}

/* The driver's resource description of the runtime's. */
static void rt_cu_resource_back(const struct cudaResourceDesc *in, CUDA_RESOURCE_DESC *out) {
  memset(out, 0, sizeof *out);
  out->resType = (CUresourcetype)in->resType;
  switch (in->resType) {
  case cudaResourceTypeArray: out->res.array.hArray = (CUarray)(void *)in->res.array.array; break;
  case cudaResourceTypeMipmappedArray:
    out->res.mipmap.hMipmappedArray = (CUmipmappedArray)(void *)in->res.mipmap.mipmap;
    break;
  case cudaResourceTypeLinear:
    out->res.linear.devPtr = (CUdeviceptr)(uintptr_t)in->res.linear.devPtr;
    out->res.linear.sizeInBytes = in->res.linear.sizeInBytes;
    rt_cu_format_of(&in->res.linear.desc, &out->res.linear.format, &out->res.linear.numChannels);
    break;
  default:
    out->res.pitch2D.devPtr = (CUdeviceptr)(uintptr_t)in->res.pitch2D.devPtr;
    out->res.pitch2D.width = in->res.pitch2D.width;
    out->res.pitch2D.height = in->res.pitch2D.height;
    out->res.pitch2D.pitchInBytes = in->res.pitch2D.pitchInBytes;
    rt_cu_format_of(&in->res.pitch2D.desc, &out->res.pitch2D.format, &out->res.pitch2D.numChannels);
    break;
  }
}

/* The channel kind and size of a resource's format, for the driver's read mode (lock held;
 * resource checked by the core afterwards: an unknown array reads as a float format). */
static bool rt_cu_reads_integers_always(const struct cudaResourceDesc *res) {
  struct cudaChannelFormatDesc desc = {0, 0, 0, 0, cudaChannelFormatKindFloat};
  if (res->resType == cudaResourceTypeArray && rt_array_valid(res->res.array.array))
    rt_array_info(res->res.array.array, &desc, NULL, NULL);
  else if (res->resType == cudaResourceTypeMipmappedArray &&
           rt_mipmap_valid(res->res.mipmap.mipmap))
    rt_mipmap_info(res->res.mipmap.mipmap, &desc, NULL, NULL, NULL);
  else if (res->resType == cudaResourceTypeLinear)
    desc = res->res.linear.desc;
  else if (res->resType == cudaResourceTypePitch2D)
    desc = res->res.pitch2D.desc;
  return desc.f == cudaChannelFormatKindFloat || desc.x == 32;
}

static void rt_cu_texture_desc(const CUDA_TEXTURE_DESC *in, bool integers_always,
                               struct cudaTextureDesc *out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < 3; i++)
    out->addressMode[i] = (enum cudaTextureAddressMode)in->addressMode[i];
  out->filterMode = (enum cudaTextureFilterMode)in->filterMode;
  out->readMode = (in->flags & CU_TRSF_READ_AS_INTEGER) || integers_always
                      ? cudaReadModeElementType
                      : cudaReadModeNormalizedFloat;
  out->sRGB = (in->flags & CU_TRSF_SRGB) != 0;
  memcpy(out->borderColor, in->borderColor, sizeof out->borderColor);
  out->normalizedCoords = (in->flags & CU_TRSF_NORMALIZED_COORDINATES) != 0;
  out->maxAnisotropy = in->maxAnisotropy;
  out->mipmapFilterMode = (enum cudaTextureFilterMode)in->mipmapFilterMode;
  out->mipmapLevelBias = in->mipmapLevelBias;
  out->minMipmapLevelClamp = in->minMipmapLevelClamp;
  out->maxMipmapLevelClamp = in->maxMipmapLevelClamp;
  out->disableTrilinearOptimization = (in->flags & CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION) != 0;
  out->seamlessCubemap = (in->flags & CU_TRSF_SEAMLESS_CUBEMAP) != 0;
}

static void rt_cu_texture_desc_back(const struct cudaTextureDesc *in, CUDA_TEXTURE_DESC *out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < 3; i++)
    out->addressMode[i] = (CUaddress_mode)in->addressMode[i];
  out->filterMode = (CUfilter_mode)in->filterMode;
  out->flags = (in->readMode == cudaReadModeElementType ? CU_TRSF_READ_AS_INTEGER : 0) |
               (in->normalizedCoords ? CU_TRSF_NORMALIZED_COORDINATES : 0) |
               (in->sRGB ? CU_TRSF_SRGB : 0) |
               (in->disableTrilinearOptimization ? CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION : 0) |
               (in->seamlessCubemap ? CU_TRSF_SEAMLESS_CUBEMAP : 0);
  out->maxAnisotropy = in->maxAnisotropy;
  out->mipmapFilterMode = (CUfilter_mode)in->mipmapFilterMode;
  out->mipmapLevelBias = in->mipmapLevelBias;
  out->minMipmapLevelClamp = in->minMipmapLevelClamp;
  out->maxMipmapLevelClamp = in->maxMipmapLevelClamp;
  memcpy(out->borderColor, in->borderColor, sizeof out->borderColor);
}

/* CUDA_RESOURCE_VIEW_DESC and cudaResourceViewDesc have one layout and one numbering. */
_Static_assert(sizeof(CUDA_RESOURCE_VIEW_DESC) == sizeof(struct cudaResourceViewDesc),
               "the two resource view descriptors are one layout");

CUresult cuTexObjectCreate(CUtexObject *pTexObject, const CUDA_RESOURCE_DESC *pResDesc,
                           const CUDA_TEXTURE_DESC *pTexDesc,
                           const CUDA_RESOURCE_VIEW_DESC *pResViewDesc) {
  if (!pTexObject || !pResDesc || !pTexDesc)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  rt_device *d = NULL;
  struct cudaResourceDesc res;
  struct cudaTextureDesc tex;
  struct cudaResourceViewDesc view;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_resource(pResDesc, &res);
  if (r == CUDA_SUCCESS) {
    rt_cu_texture_desc(pTexDesc, rt_cu_reads_integers_always(&res), &tex);
    if (pResViewDesc) memcpy(&view, pResViewDesc, sizeof view);
    cudaTextureObject_t obj = 0;
    r = rt_cu_texture_result(rt_texture_create(d, &res, &tex, pResViewDesc ? &view : NULL, &obj));
    if (r == CUDA_SUCCESS) *pTexObject = obj;
  }
  return rt_cu_leave(r);
}

CUresult cuTexObjectDestroy(CUtexObject texObject) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_texture_result(rt_object_destroy(d, texObject, false));
  return rt_cu_leave(r);
}

/* What a texture (surface false) or surface object was made with, in the driver's forms
 * (the outputs given non-NULL: the caller checked its own). */
static CUresult rt_cu_object_descs(unsigned long long handle, bool surface,
                                   CUDA_RESOURCE_DESC *res_out, CUDA_TEXTURE_DESC *tex_out,
                                   CUDA_RESOURCE_VIEW_DESC *view_out) {
  rt_device *d = NULL;
  struct cudaResourceDesc res;
  struct cudaTextureDesc tex;
  struct cudaResourceViewDesc view;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS)
    r = rt_cu_texture_result(rt_object_descs(handle, surface, res_out ? &res : NULL,
                                             tex_out ? &tex : NULL, view_out ? &view : NULL));
  if (r == CUDA_SUCCESS && res_out) rt_cu_resource_back(&res, res_out);
  if (r == CUDA_SUCCESS && tex_out) rt_cu_texture_desc_back(&tex, tex_out);
  if (r == CUDA_SUCCESS && view_out) memcpy(view_out, &view, sizeof view);
  return rt_cu_leave(r);
}

CUresult cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUtexObject texObject) {
  if (!pResDesc)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_object_descs(texObject, false, pResDesc, NULL, NULL);
}

CUresult cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *pTexDesc, CUtexObject texObject) {
  if (!pTexDesc)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_object_descs(texObject, false, NULL, pTexDesc, NULL);
}

CUresult cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *pResViewDesc,
                                        CUtexObject texObject) {
  if (!pResViewDesc)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_object_descs(texObject, false, NULL, NULL, pResViewDesc);
}

CUresult cuSurfObjectCreate(CUsurfObject *pSurfObject, const CUDA_RESOURCE_DESC *pResDesc) {
  if (!pSurfObject || !pResDesc)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  rt_device *d = NULL;
  struct cudaResourceDesc res;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_resource(pResDesc, &res);
  cudaSurfaceObject_t obj = 0;
  if (r == CUDA_SUCCESS) r = rt_cu_texture_result(rt_surface_create(d, &res, &obj));
  if (r == CUDA_SUCCESS) *pSurfObject = obj;
  return rt_cu_leave(r);
}

CUresult cuSurfObjectDestroy(CUsurfObject surfObject) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS) r = rt_cu_texture_result(rt_object_destroy(d, surfObject, true));
  return rt_cu_leave(r);
}

CUresult cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUsurfObject surfObject) {
  if (!pResDesc)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_object_descs(surfObject, true, pResDesc, NULL, NULL);
}
