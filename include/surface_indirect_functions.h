/* surface_indirect_functions.h — CUDA's surface-object functions (surf1Dread/
 * write, surf2D*, surf3D*, surf1DLayered*, surf2DLayered*, surfCubemap*,
 * surfCubemapLayered*, each read also returning through a pointer), written for
 * Anchor from the CUDA C++ Programming Guide ("Surface Functions") with CUDA
 * 12/13's signatures. Included by cuda_runtime.h, as nvcc's is.
 *
 * As in CUDA, x is in bytes and an access moves the texel's bytes whatever the
 * format (T of the texel's size: char ... longlong2, float4, double2); out of
 * range, cudaBoundaryModeTrap (the default) stops the kernel as __trap() does
 * (the launch fails, cudaErrorLaunchFailure), cudaBoundaryModeClamp clamps the
 * coordinates, cudaBoundaryModeZero reads zeros and drops writes. A surface
 * object is the device address of its record (anchor/texture.h,
 * docs/textures.md); an access of another shape than the object's (CUDA:
 * undefined) reads zeros and writes nothing. */
#ifndef ANCHOR_SURFACE_INDIRECT_FUNCTIONS_H
#define ANCHOR_SURFACE_INDIRECT_FUNCTIONS_H
#pragma GCC system_header

#if defined(__CUDA__) && defined(__cplusplus)

#include "anchor/texture.h"

namespace __anchor_surf_impl {
/* One coordinate against its range [0, n) under mode; false: no access. */
__ANCHOR_TEX bool bound(int *v, unsigned n, cudaSurfaceBoundaryMode mode) {
  if (*v >= 0 && (unsigned)*v < n) return true;
  if (mode == cudaBoundaryModeClamp && n > 0) {
    *v = *v < 0 ? 0 : (int)n - 1;
    return true;
  }
  if (mode == cudaBoundaryModeTrap) __builtin_trap();
  return false;
}

/* The texel of shape S at byte x, (y, z), `layer` (a cube's face in z) within the
 * record's ranges; false: no access (zeros). */
template <int S>
__ANCHOR_TEX bool texel(const __anchor_tex_record *r, int *x, int *y, int *z, int *layer,
                        cudaSurfaceBoundaryMode mode) {
  unsigned bytes = r->texel_bytes;
  if (r->kind != (unsigned)S || bytes == 0) return false;
  /* a byte offset inside a texel addresses that texel (floor division) */
  *x = *x >= 0 ? *x / (int)bytes : -1;
  bool ok = bound(x, r->width, mode);
  if (S == __ANCHOR_2D || S == __ANCHOR_3D || S == __ANCHOR_2DA || S == __ANCHOR_CUBE ||
      S == __ANCHOR_CUBEA)
    ok = ok && bound(y, r->height, mode);
  if (S == __ANCHOR_3D) ok = ok && bound(z, r->depth, mode);
  if (S == __ANCHOR_CUBE || S == __ANCHOR_CUBEA) ok = ok && bound(z, 6u, mode);
  if (S == __ANCHOR_1DA || S == __ANCHOR_2DA) ok = ok && bound(layer, r->depth, mode);
  if (S == __ANCHOR_CUBEA) ok = ok && bound(layer, r->depth / 6u, mode);
  return ok;
}

template <class T, int S>
__ANCHOR_TEX T read(cudaSurfaceObject_t obj, int x, int y, int z, int layer,
                    cudaSurfaceBoundaryMode mode) {
  static_assert(sizeof(T) <= 16, "a surface texel has at most 16 bytes");
  unsigned l[4] = {0u, 0u, 0u, 0u};
  const __anchor_tex_record *r = __anchor_tex_rec(obj);
  if (texel<S>(r, &x, &y, &z, &layer, mode)) {
    int cls = (int)((r->format >> 12) & 15u);
    if (S == __ANCHOR_1D) __ANCHOR_TEX_CALL(__anchor_surf_read_1d_, cls, l, obj, x, y, z, layer);
    if (S == __ANCHOR_2D) __ANCHOR_TEX_CALL(__anchor_surf_read_2d_, cls, l, obj, x, y, z, layer);
    if (S == __ANCHOR_3D) __ANCHOR_TEX_CALL(__anchor_surf_read_3d_, cls, l, obj, x, y, z, layer);
    if (S == __ANCHOR_1DA) __ANCHOR_TEX_CALL(__anchor_surf_read_1da_, cls, l, obj, x, y, z, layer);
    if (S == __ANCHOR_2DA) __ANCHOR_TEX_CALL(__anchor_surf_read_2da_, cls, l, obj, x, y, z, layer);
    if (S == __ANCHOR_CUBE)
      __ANCHOR_TEX_CALL(__anchor_surf_read_cube_, cls, l, obj, x, y, z, layer);
    if (S == __ANCHOR_CUBEA)
      __ANCHOR_TEX_CALL(__anchor_surf_read_cubea_, cls, l, obj, x, y, z, layer);
  }
  T v;
  __builtin_memcpy(&v, l, sizeof v);
  return v;
}

template <class T, int S>
__ANCHOR_TEX void write(T v, cudaSurfaceObject_t obj, int x, int y, int z, int layer,
                        cudaSurfaceBoundaryMode mode) {
  static_assert(sizeof(T) <= 16, "a surface texel has at most 16 bytes");
  unsigned w[4] = {0u, 0u, 0u, 0u};
  __builtin_memcpy(w, &v, sizeof v);
  const __anchor_tex_record *r = __anchor_tex_rec(obj);
  if (!texel<S>(r, &x, &y, &z, &layer, mode)) return;
  int cls = (int)((r->format >> 12) & 15u);
#define __ANCHOR_W(F) __ANCHOR_TEX_CALL(F, cls, obj, x, y, z, layer, w[0], w[1], w[2], w[3])
  if (S == __ANCHOR_1D) __ANCHOR_W(__anchor_surf_write_1d_);
  if (S == __ANCHOR_2D) __ANCHOR_W(__anchor_surf_write_2d_);
  if (S == __ANCHOR_3D) __ANCHOR_W(__anchor_surf_write_3d_);
  if (S == __ANCHOR_1DA) __ANCHOR_W(__anchor_surf_write_1da_);
  if (S == __ANCHOR_2DA) __ANCHOR_W(__anchor_surf_write_2da_);
  if (S == __ANCHOR_CUBE) __ANCHOR_W(__anchor_surf_write_cube_);
  if (S == __ANCHOR_CUBEA) __ANCHOR_W(__anchor_surf_write_cubea_);
#undef __ANCHOR_W
}
} // namespace __anchor_surf_impl

#define __ANCHOR_SURF_MODE cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap
#define __ANCHOR_SURF(NAME, S, PARAMS, X, Y, Z, L)                                                 \
  template <class T>                                                                               \
  __ANCHOR_TEX T NAME##read(cudaSurfaceObject_t obj, PARAMS, __ANCHOR_SURF_MODE) {                 \
    return __anchor_surf_impl::read<T, S>(obj, X, Y, Z, L, mode);                                  \
  }                                                                                                \
  template <class T>                                                                               \
  __ANCHOR_TEX void NAME##read(T *ret, cudaSurfaceObject_t obj, PARAMS, __ANCHOR_SURF_MODE) {      \
    *ret = __anchor_surf_impl::read<T, S>(obj, X, Y, Z, L, mode);                                  \
  }                                                                                                \
  template <class T>                                                                               \
  __ANCHOR_TEX void NAME##write(T v, cudaSurfaceObject_t obj, PARAMS, __ANCHOR_SURF_MODE) {        \
    __anchor_surf_impl::write<T, S>(v, obj, X, Y, Z, L, mode);                                     \
  }
#define __ANCHOR_P(...) __VA_ARGS__
__ANCHOR_SURF(surf1D, __ANCHOR_1D, __ANCHOR_P(int x), x, 0, 0, 0)
__ANCHOR_SURF(surf2D, __ANCHOR_2D, __ANCHOR_P(int x, int y), x, y, 0, 0)
__ANCHOR_SURF(surf3D, __ANCHOR_3D, __ANCHOR_P(int x, int y, int z), x, y, z, 0)
__ANCHOR_SURF(surf1DLayered, __ANCHOR_1DA, __ANCHOR_P(int x, int layer), x, 0, 0, layer)
__ANCHOR_SURF(surf2DLayered, __ANCHOR_2DA, __ANCHOR_P(int x, int y, int layer), x, y, 0, layer)
__ANCHOR_SURF(surfCubemap, __ANCHOR_CUBE, __ANCHOR_P(int x, int y, int face), x, y, face, 0)
/* layerFace = layer * 6 + face */
__ANCHOR_SURF(surfCubemapLayered, __ANCHOR_CUBEA, __ANCHOR_P(int x, int y, int layerFace), x, y,
              layerFace >= 0 ? layerFace % 6 : -1, layerFace >= 0 ? layerFace / 6 : -1)
#undef __ANCHOR_P
#undef __ANCHOR_SURF
#undef __ANCHOR_SURF_MODE

#endif /* __CUDA__ && __cplusplus */
#endif
