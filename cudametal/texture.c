/* cudametal/texture.c — the CUDA side of MTLTexture (see cm.h, docs/cudametal.md
 * "Textures"): pixel formats, a texture's CUDA array (or mipmapped array) with a surface
 * object per mip level, and the CUDA_MEMCPY3D copies that replaceRegion/getBytes and the
 * blit encoder's texture copies issue. metal.c builds the Objective-C classes on it. */
#include "driver.h" /* first: <cuda.h> before cm.h (its CUDA declarations) */

#include "cm.h"

#include <pthread.h>
#include <string.h>

/* The pixel formats Anchor's runtime uses (runtime/core_texture.c; softmetal's list):
 * MTLPixelFormat, bytes per texel, channels, kind. */
static const struct cm_pixel_format formats[] = {
    {10, 1, 1, CM_PF_UNORM},  {11, 1, 1, CM_PF_SRGB},   {12, 1, 1, CM_PF_SNORM},
    {13, 1, 1, CM_PF_UINT},   {14, 1, 1, CM_PF_SINT},   {20, 2, 1, CM_PF_UNORM},
    {22, 2, 1, CM_PF_SNORM},  {23, 2, 1, CM_PF_UINT},   {24, 2, 1, CM_PF_SINT},
    {25, 2, 1, CM_PF_FLOAT},  {30, 2, 2, CM_PF_UNORM},  {31, 2, 2, CM_PF_SRGB},
    {32, 2, 2, CM_PF_SNORM},  {33, 2, 2, CM_PF_UINT},   {34, 2, 2, CM_PF_SINT},
    {53, 4, 1, CM_PF_UINT},   {54, 4, 1, CM_PF_SINT},   {55, 4, 1, CM_PF_FLOAT},
    {60, 4, 2, CM_PF_UNORM},  {62, 4, 2, CM_PF_SNORM},  {63, 4, 2, CM_PF_UINT},
    {64, 4, 2, CM_PF_SINT},   {65, 4, 2, CM_PF_FLOAT},  {70, 4, 4, CM_PF_UNORM},
    {71, 4, 4, CM_PF_SRGB},   {72, 4, 4, CM_PF_SNORM},  {73, 4, 4, CM_PF_UINT},
    {74, 4, 4, CM_PF_SINT},   {103, 8, 2, CM_PF_UINT},  {104, 8, 2, CM_PF_SINT},
    {105, 8, 2, CM_PF_FLOAT}, {110, 8, 4, CM_PF_UNORM}, {112, 8, 4, CM_PF_SNORM},
    {113, 8, 4, CM_PF_UINT},  {114, 8, 4, CM_PF_SINT},  {115, 8, 4, CM_PF_FLOAT},
    {123, 16, 4, CM_PF_UINT}, {124, 16, 4, CM_PF_SINT}, {125, 16, 4, CM_PF_FLOAT},
};

const struct cm_pixel_format *cm_pixel_format(uint64_t format) {
  for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
    if (formats[i].value == format) return &formats[i];
  return NULL;
}

/* The CUDA array format of a pixel format: its channel type (a view may reinterpret the
 * bits: the kernel reads bytes through the surface and converts them itself). */
static CUarray_format array_format(const struct cm_pixel_format *pf) {
  unsigned channel = pf->bytes / pf->channels;
  bool is_signed = pf->kind == CM_PF_SNORM || pf->kind == CM_PF_SINT;
  if (pf->kind == CM_PF_FLOAT) return channel == 2 ? CU_AD_FORMAT_HALF : CU_AD_FORMAT_FLOAT;
  if (channel == 1) return is_signed ? CU_AD_FORMAT_SIGNED_INT8 : CU_AD_FORMAT_UNSIGNED_INT8;
  if (channel == 2) return is_signed ? CU_AD_FORMAT_SIGNED_INT16 : CU_AD_FORMAT_UNSIGNED_INT16;
  return is_signed ? CU_AD_FORMAT_SIGNED_INT32 : CU_AD_FORMAT_UNSIGNED_INT32;
}

CUresult cm_storage_create(struct cm_storage *s, uint64_t type, const struct cm_pixel_format *pf,
                           uint32_t width, uint32_t height, uint32_t depth, uint32_t slices,
                           uint32_t levels) {
  memset(s, 0, sizeof *s);
  CUDA_ARRAY3D_DESCRIPTOR d = {0};
  d.Width = width;
  d.Format = array_format(pf);
  d.NumChannels = pf->channels;
  d.Flags = CUDA_ARRAY3D_SURFACE_LDST;
  switch (type) {
  case CM_MTL_TEXTURE_1D: s->store = CM_STORE_1D; break;
  case CM_MTL_TEXTURE_1D_ARRAY:
    s->store = CM_STORE_1D_LAYERED, d.Depth = slices, d.Flags |= CUDA_ARRAY3D_LAYERED;
    break;
  case CM_MTL_TEXTURE_2D: s->store = CM_STORE_2D, d.Height = height; break;
  case CM_MTL_TEXTURE_3D: s->store = CM_STORE_3D, d.Height = height, d.Depth = depth; break;
  default: /* 2D arrays, cubes (6 layers a cube; the kernel picks faces itself) */
    s->store = CM_STORE_2D_LAYERED, d.Height = height, d.Depth = slices;
    d.Flags |= CUDA_ARRAY3D_LAYERED;
  }
  s->levels = levels;
  s->bpp = pf->bytes;
  CUresult r;
  if (levels > 1) {
    r = cuMipmappedArrayCreate(&s->mipmapped, &d, levels);
    for (uint32_t l = 0; r == CUDA_SUCCESS && l < levels; l++)
      r = cuMipmappedArrayGetLevel(&s->array[l], s->mipmapped, l);
  } else {
    r = cuArray3DCreate(&s->array[0], &d);
  }
  for (uint32_t l = 0; r == CUDA_SUCCESS && l < levels; l++) {
    CUDA_RESOURCE_DESC res = {0};
    res.resType = CU_RESOURCE_TYPE_ARRAY;
    res.res.array.hArray = s->array[l];
    r = cuSurfObjectCreate(&s->surface[l], &res);
  }
  if (r != CUDA_SUCCESS) cm_storage_destroy(s);
  return r;
}

void cm_storage_destroy(struct cm_storage *s) {
  for (uint32_t l = 0; l < CM_TEX_LEVELS; l++)
    if (s->surface[l]) cuSurfObjectDestroy(s->surface[l]);
  if (s->mipmapped)
    cuMipmappedArrayDestroy(s->mipmapped);
  else if (s->array[0])
    cuArrayDestroy(s->array[0]);
  memset(s, 0, sizeof *s);
}

static void side_set(const struct cm_copy_side *side, uint64_t z, CUmemorytype *type,
                     size_t *x_bytes, size_t *y, size_t *z_out, const void **host,
                     CUdeviceptr *device, CUarray *array, size_t *pitch, size_t *height,
                     uint64_t rows) {
  *x_bytes = side->x_bytes;
  *y = side->y;
  *height = rows + side->y;
  switch (side->kind) {
  case CM_SIDE_HOST:
    *type = CU_MEMORYTYPE_HOST;
    *host = (const unsigned char *)side->host + z * side->image;
    *pitch = side->pitch;
    *z_out = 0;
    break;
  case CM_SIDE_DEVICE:
    *type = CU_MEMORYTYPE_DEVICE;
    *device = side->device + z * side->image;
    *pitch = side->pitch;
    *z_out = 0;
    break;
  default:
    *type = CU_MEMORYTYPE_ARRAY;
    *array = side->array;
    *z_out = side->z + z;
  }
}

void cm_copy_describe(CUDA_MEMCPY3D *c, const struct cm_copy_side *src,
                      const struct cm_copy_side *dst, uint64_t width_bytes, uint64_t rows,
                      uint64_t z) {
  memset(c, 0, sizeof *c);
  const void *src_host = NULL, *dst_host = NULL;
  side_set(src, z, &c->srcMemoryType, &c->srcXInBytes, &c->srcY, &c->srcZ, &src_host, &c->srcDevice,
           &c->srcArray, &c->srcPitch, &c->srcHeight, rows);
  side_set(dst, z, &c->dstMemoryType, &c->dstXInBytes, &c->dstY, &c->dstZ, &dst_host, &c->dstDevice,
           &c->dstArray, &c->dstPitch, &c->dstHeight, rows);
  c->srcHost = src_host;
  c->dstHost = (void *)(uintptr_t)dst_host;
  c->WidthInBytes = width_bytes;
  c->Height = rows;
  c->Depth = 1;
}

/* Descriptors: 256-byte slots of managed memory, taken from 64 KiB chunks kept for the
 * process (as shared events' pages), so a texture or sampler costs no cuMemAllocManaged of
 * its own. */
enum { DESC_SLOT = 256, DESC_CHUNK = 65536 };
static pthread_mutex_t desc_lock = PTHREAD_MUTEX_INITIALIZER;
static void *desc_free_list; /* each free slot holds the next one's address */

void *cm_desc_take(void) {
  pthread_mutex_lock(&desc_lock);
  if (!desc_free_list) {
    CUdeviceptr p = 0;
    if (cuMemAllocManaged(&p, DESC_CHUNK, CU_MEM_ATTACH_GLOBAL) == CUDA_SUCCESS) {
      unsigned char *chunk = (unsigned char *)(uintptr_t)p;
      for (size_t at = DESC_CHUNK; at >= DESC_SLOT; at -= DESC_SLOT) {
        *(void **)(chunk + at - DESC_SLOT) = desc_free_list;
        desc_free_list = chunk + at - DESC_SLOT;
      }
    }
  }
  void *slot = desc_free_list;
  if (slot) desc_free_list = *(void **)slot;
  pthread_mutex_unlock(&desc_lock);
  if (slot) memset(slot, 0, DESC_SLOT);
  return slot;
}

void cm_desc_give(void *slot) {
  if (!slot) return;
  pthread_mutex_lock(&desc_lock);
  *(void **)slot = desc_free_list;
  desc_free_list = slot;
  pthread_mutex_unlock(&desc_lock);
}
