/* texture_indirect_functions.h — CUDA's texture-object fetch functions
 * (tex1Dfetch<T>, tex1D<T>, tex2D<T>, tex3D<T>, the layered and cubemap forms,
 * the Lod and Grad forms, tex2Dgather<T>, and each one's overload that
 * returns through a pointer), written for Anchor from the CUDA C++ Programming
 * Guide ("Texture Functions") with CUDA 12/13's signatures. Included by
 * cuda_runtime.h, as nvcc's is.
 *
 * T is char, signed char, unsigned char, short, unsigned short, int, unsigned
 * int, float, or their 1-, 2- and 4-component vector types (CUDA's list; no half); a float T reads
 * textures of float formats or with cudaReadModeNormalizedFloat, an integer T
 * those read as elements (signed and unsigned alike, as bits). A texture object
 * is the device address of its record (anchor/texture.h, docs/textures.md); a
 * call whose shape does not match the object's (CUDA: undefined), or whose T
 * does not read its format, returns zeros. */
#ifndef ANCHOR_TEXTURE_INDIRECT_FUNCTIONS_H
#define ANCHOR_TEXTURE_INDIRECT_FUNCTIONS_H
#pragma GCC system_header

#if defined(__CUDA__) && defined(__cplusplus)

#include "anchor/texture.h"

/* Sampling of shape S (kinds ka/kb) at (x, y, z), `layer`, at level of detail lod (op 0),
 * or with gradients dx, dy (op 1); by hand (record flag bit 4: one call of an MSL helper) for
 * the shapes with address modes (cube maps have none: their sampler always serves; the macro
 * still names a hand intrinsic for them, in a branch their constant S removes). */
#define __ANCHOR_SAMPLE(S, ka, kb, per, x, y, z, layer, GRAD, lod, dx, dy)                         \
  unsigned l[4] = {0u, 0u, 0u, 0u};                                                                \
  const __anchor_tex_record *r = __anchor_tex_rec(obj);                                            \
  int cls = __anchor_tex_class<T>(r, ka, kb);                                                      \
  int lay = per ? __anchor_tex_layer(r, layer, per) : 0;                                           \
  if (cls >= 0 && (r->flags & 16u) && S != __ANCHOR_CUBE && S != __ANCHOR_CUBEA) {                 \
    if (GRAD)                                                                                      \
      __ANCHOR_TEX_CALL_FOR(T, __ANCHOR_HAND_GRAD_##S, cls, l, obj, x, y, z, lay, dx.x, dx.y,      \
                            dx.z, dy.x, dy.y, dy.z);                                               \
    else                                                                                           \
      __ANCHOR_TEX_CALL_FOR(T, __ANCHOR_HAND_LEVEL_##S, cls, l, obj, x, y, z, lay, lod);           \
  } else if (GRAD)                                                                                 \
    __ANCHOR_TEX_CALL_FOR(T, __ANCHOR_GRAD_##S, cls, l, obj, x, y, z, lay, dx.x, dx.y, dx.z, dy.x, \
                          dy.y, dy.z);                                                             \
  else                                                                                             \
    __ANCHOR_TEX_CALL_FOR(T, __ANCHOR_LEVEL_##S, cls, l, obj, x, y, z, lay, (lod) + r->lod_bias);  \
  return __anchor_texel<T>::make(l);

#define __ANCHOR_LEVEL___ANCHOR_1D __anchor_tex_level_1d_
#define __ANCHOR_LEVEL___ANCHOR_2D __anchor_tex_level_2d_
#define __ANCHOR_LEVEL___ANCHOR_3D __anchor_tex_level_3d_
#define __ANCHOR_LEVEL___ANCHOR_1DA __anchor_tex_level_1da_
#define __ANCHOR_LEVEL___ANCHOR_2DA __anchor_tex_level_2da_
#define __ANCHOR_LEVEL___ANCHOR_CUBE __anchor_tex_level_cube_
#define __ANCHOR_LEVEL___ANCHOR_CUBEA __anchor_tex_level_cubea_
/* by hand (the record's bias added there); cube maps never are (declared so the dead
 * branch compiles; anchor-msl rejects a call of one) */
#define __ANCHOR_HAND_LEVEL___ANCHOR_1D __anchor_tex_hand_level_1d_
#define __ANCHOR_HAND_LEVEL___ANCHOR_2D __anchor_tex_hand_level_2d_
#define __ANCHOR_HAND_LEVEL___ANCHOR_3D __anchor_tex_hand_level_3d_
#define __ANCHOR_HAND_LEVEL___ANCHOR_1DA __anchor_tex_hand_level_1da_
#define __ANCHOR_HAND_LEVEL___ANCHOR_2DA __anchor_tex_hand_level_2da_
#define __ANCHOR_HAND_LEVEL___ANCHOR_CUBE __anchor_tex_hand_level_cube_
#define __ANCHOR_HAND_LEVEL___ANCHOR_CUBEA __anchor_tex_hand_level_cubea_
#define __ANCHOR_HAND_GRAD___ANCHOR_1D __anchor_tex_hand_grad_1d_
#define __ANCHOR_HAND_GRAD___ANCHOR_2D __anchor_tex_hand_grad_2d_
#define __ANCHOR_HAND_GRAD___ANCHOR_3D __anchor_tex_hand_grad_3d_
#define __ANCHOR_HAND_GRAD___ANCHOR_1DA __anchor_tex_hand_grad_1da_
#define __ANCHOR_HAND_GRAD___ANCHOR_2DA __anchor_tex_hand_grad_2da_
#define __ANCHOR_HAND_GRAD___ANCHOR_CUBE __anchor_tex_hand_grad_cube_
#define __ANCHOR_HAND_GRAD___ANCHOR_CUBEA __anchor_tex_hand_grad_cubea_
#define __ANCHOR_GRAD___ANCHOR_1D __anchor_tex_grad_1d_
#define __ANCHOR_GRAD___ANCHOR_2D __anchor_tex_grad_2d_
#define __ANCHOR_GRAD___ANCHOR_3D __anchor_tex_grad_3d_
#define __ANCHOR_GRAD___ANCHOR_1DA __anchor_tex_grad_1da_
#define __ANCHOR_GRAD___ANCHOR_2DA __anchor_tex_grad_2da_
#define __ANCHOR_GRAD___ANCHOR_CUBE __anchor_tex_grad_cube_
#define __ANCHOR_GRAD___ANCHOR_CUBEA __anchor_tex_grad_cubea_

/* A gradient argument's components, (dx, 0, 0) for a float. */
struct __anchor_grad {
  float x, y, z;
  __ANCHOR_TEX __anchor_grad of(float v) { return {v, 0.0f, 0.0f}; }
  __ANCHOR_TEX __anchor_grad of(float2 v) { return {v.x, v.y, 0.0f}; }
  __ANCHOR_TEX __anchor_grad of(float4 v) { return {v.x, v.y, v.z}; }
};

namespace __anchor_tex_impl {
template <class T, int S, int GRAD>
__ANCHOR_TEX T sample(cudaTextureObject_t obj, float x, float y, float z, int layer, float lod,
                      __anchor_grad dx, __anchor_grad dy) {
  const unsigned ka = S == __ANCHOR_2D ? 2u : (unsigned)S, kb = S == __ANCHOR_2D ? 9u : ka;
  const unsigned per = S == __ANCHOR_1DA || S == __ANCHOR_2DA ? 1u : S == __ANCHOR_CUBEA ? 6u : 0u;
  if (S == __ANCHOR_1D) {
    __ANCHOR_SAMPLE(__ANCHOR_1D, ka, kb, per, x, y, z, layer, GRAD, lod, dx, dy)
  } else if (S == __ANCHOR_2D) {
    __ANCHOR_SAMPLE(__ANCHOR_2D, ka, kb, per, x, y, z, layer, GRAD, lod, dx, dy)
  } else if (S == __ANCHOR_3D) {
    __ANCHOR_SAMPLE(__ANCHOR_3D, ka, kb, per, x, y, z, layer, GRAD, lod, dx, dy)
  } else if (S == __ANCHOR_1DA) {
    __ANCHOR_SAMPLE(__ANCHOR_1DA, ka, kb, per, x, y, z, layer, GRAD, lod, dx, dy)
  } else if (S == __ANCHOR_2DA) {
    __ANCHOR_SAMPLE(__ANCHOR_2DA, ka, kb, per, x, y, z, layer, GRAD, lod, dx, dy)
  } else if (S == __ANCHOR_CUBE) {
    __ANCHOR_SAMPLE(__ANCHOR_CUBE, ka, kb, per, x, y, z, layer, GRAD, lod, dx, dy)
  } else {
    __ANCHOR_SAMPLE(__ANCHOR_CUBEA, ka, kb, per, x, y, z, layer, GRAD, lod, dx, dy)
  }
}
} // namespace __anchor_tex_impl

#undef __ANCHOR_SAMPLE

/* The fetch from linear memory: texel x, 0 outside [0, width) as in CUDA. */
template <class T> __ANCHOR_TEX T tex1Dfetch(cudaTextureObject_t obj, int x) {
  unsigned l[4] = {0u, 0u, 0u, 0u};
  const __anchor_tex_record *r = __anchor_tex_rec(obj);
  int cls = __anchor_tex_class<T>(r, 8u, 8u);
  if (cls >= 0 && x >= 0 && (unsigned)x < r->width)
    __ANCHOR_TEX_CALL_FOR(T, __anchor_tex_read_buf_, cls, l, obj, x, 0, 0, 0, 0);
  return __anchor_texel<T>::make(l);
}

#define __ANCHOR_S(T, S, GRAD, x, y, z, layer, lod, dx, dy)                                        \
  __anchor_tex_impl::sample<T, S, GRAD>(obj, x, y, z, layer, lod, __anchor_grad::of(dx),           \
                                        __anchor_grad::of(dy))

template <class T> __ANCHOR_TEX T tex1D(cudaTextureObject_t obj, float x) {
  return __ANCHOR_S(T, __ANCHOR_1D, 0, x, 0.0f, 0.0f, 0, 0.0f, 0.0f, 0.0f);
}
template <class T> __ANCHOR_TEX T tex2D(cudaTextureObject_t obj, float x, float y) {
  return __ANCHOR_S(T, __ANCHOR_2D, 0, x, y, 0.0f, 0, 0.0f, 0.0f, 0.0f);
}
template <class T> __ANCHOR_TEX T tex3D(cudaTextureObject_t obj, float x, float y, float z) {
  return __ANCHOR_S(T, __ANCHOR_3D, 0, x, y, z, 0, 0.0f, 0.0f, 0.0f);
}
template <class T> __ANCHOR_TEX T tex1DLayered(cudaTextureObject_t obj, float x, int layer) {
  return __ANCHOR_S(T, __ANCHOR_1DA, 0, x, 0.0f, 0.0f, layer, 0.0f, 0.0f, 0.0f);
}
template <class T>
__ANCHOR_TEX T tex2DLayered(cudaTextureObject_t obj, float x, float y, int layer) {
  return __ANCHOR_S(T, __ANCHOR_2DA, 0, x, y, 0.0f, layer, 0.0f, 0.0f, 0.0f);
}
template <class T> __ANCHOR_TEX T texCubemap(cudaTextureObject_t obj, float x, float y, float z) {
  return __ANCHOR_S(T, __ANCHOR_CUBE, 0, x, y, z, 0, 0.0f, 0.0f, 0.0f);
}
template <class T>
__ANCHOR_TEX T texCubemapLayered(cudaTextureObject_t obj, float x, float y, float z, int layer) {
  return __ANCHOR_S(T, __ANCHOR_CUBEA, 0, x, y, z, layer, 0.0f, 0.0f, 0.0f);
}

/* At a level of detail (Metal's 1D textures have no mipmaps: level 0). */
template <class T> __ANCHOR_TEX T tex1DLod(cudaTextureObject_t obj, float x, float level) {
  return __ANCHOR_S(T, __ANCHOR_1D, 0, x, 0.0f, 0.0f, 0, level, 0.0f, 0.0f);
}
template <class T> __ANCHOR_TEX T tex2DLod(cudaTextureObject_t obj, float x, float y, float level) {
  return __ANCHOR_S(T, __ANCHOR_2D, 0, x, y, 0.0f, 0, level, 0.0f, 0.0f);
}
template <class T>
__ANCHOR_TEX T tex3DLod(cudaTextureObject_t obj, float x, float y, float z, float level) {
  return __ANCHOR_S(T, __ANCHOR_3D, 0, x, y, z, 0, level, 0.0f, 0.0f);
}
template <class T>
__ANCHOR_TEX T tex1DLayeredLod(cudaTextureObject_t obj, float x, int layer, float level) {
  return __ANCHOR_S(T, __ANCHOR_1DA, 0, x, 0.0f, 0.0f, layer, level, 0.0f, 0.0f);
}
template <class T>
__ANCHOR_TEX T tex2DLayeredLod(cudaTextureObject_t obj, float x, float y, int layer, float level) {
  return __ANCHOR_S(T, __ANCHOR_2DA, 0, x, y, 0.0f, layer, level, 0.0f, 0.0f);
}
template <class T>
__ANCHOR_TEX T texCubemapLod(cudaTextureObject_t obj, float x, float y, float z, float level) {
  return __ANCHOR_S(T, __ANCHOR_CUBE, 0, x, y, z, 0, level, 0.0f, 0.0f);
}
template <class T>
__ANCHOR_TEX T texCubemapLayeredLod(cudaTextureObject_t obj, float x, float y, float z, int layer,
                                    float level) {
  return __ANCHOR_S(T, __ANCHOR_CUBEA, 0, x, y, z, layer, level, 0.0f, 0.0f);
}

/* With gradients (1D: none in Metal, level 0). */
template <class T>
__ANCHOR_TEX T tex1DGrad(cudaTextureObject_t obj, float x, float dPdx, float dPdy) {
  return __ANCHOR_S(T, __ANCHOR_1D, 1, x, 0.0f, 0.0f, 0, 0.0f, dPdx, dPdy);
}
template <class T>
__ANCHOR_TEX T tex2DGrad(cudaTextureObject_t obj, float x, float y, float2 dPdx, float2 dPdy) {
  return __ANCHOR_S(T, __ANCHOR_2D, 1, x, y, 0.0f, 0, 0.0f, dPdx, dPdy);
}
template <class T>
__ANCHOR_TEX T tex3DGrad(cudaTextureObject_t obj, float x, float y, float z, float4 dPdx,
                         float4 dPdy) {
  return __ANCHOR_S(T, __ANCHOR_3D, 1, x, y, z, 0, 0.0f, dPdx, dPdy);
}
template <class T>
__ANCHOR_TEX T tex1DLayeredGrad(cudaTextureObject_t obj, float x, int layer, float dPdx,
                                float dPdy) {
  return __ANCHOR_S(T, __ANCHOR_1DA, 1, x, 0.0f, 0.0f, layer, 0.0f, dPdx, dPdy);
}
template <class T>
__ANCHOR_TEX T tex2DLayeredGrad(cudaTextureObject_t obj, float x, float y, int layer, float2 dPdx,
                                float2 dPdy) {
  return __ANCHOR_S(T, __ANCHOR_2DA, 1, x, y, 0.0f, layer, 0.0f, dPdx, dPdy);
}
template <class T>
__ANCHOR_TEX T texCubemapGrad(cudaTextureObject_t obj, float x, float y, float z, float4 dPdx,
                              float4 dPdy) {
  return __ANCHOR_S(T, __ANCHOR_CUBE, 1, x, y, z, 0, 0.0f, dPdx, dPdy);
}
template <class T>
__ANCHOR_TEX T texCubemapLayeredGrad(cudaTextureObject_t obj, float x, float y, float z, int layer,
                                     float4 dPdx, float4 dPdy) {
  return __ANCHOR_S(T, __ANCHOR_CUBEA, 1, x, y, z, layer, 0.0f, dPdx, dPdy);
}
#undef __ANCHOR_S

/* The four texels bilinear filtering would weigh, component comp of each, in the order
 * (x0, y1), (x1, y1), (x1, y0), (x0, y0) (Metal's gather and CUDA's). */
template <class T>
__ANCHOR_TEX T tex2Dgather(cudaTextureObject_t obj, float x, float y, int comp = 0) {
  unsigned l[4] = {0u, 0u, 0u, 0u};
  const __anchor_tex_record *r = __anchor_tex_rec(obj);
  int cls = __anchor_tex_class<T>(r, 2u, 9u);
  if (comp == 0)
    __ANCHOR_TEX_CALL_FOR(T, __anchor_tex_gather0_2d_, cls, l, obj, x, y, 0.0f, 0);
  else if (comp == 1)
    __ANCHOR_TEX_CALL_FOR(T, __anchor_tex_gather1_2d_, cls, l, obj, x, y, 0.0f, 0);
  else if (comp == 2)
    __ANCHOR_TEX_CALL_FOR(T, __anchor_tex_gather2_2d_, cls, l, obj, x, y, 0.0f, 0);
  else if (comp == 3)
    __ANCHOR_TEX_CALL_FOR(T, __anchor_tex_gather3_2d_, cls, l, obj, x, y, 0.0f, 0);
  return __anchor_texel<T>::make(l);
}

/* The forms that return through a pointer. */
#define __ANCHOR_TEX_OUT(NAME, PARAMS, ARGS)                                                       \
  template <class T> __ANCHOR_TEX void NAME(T *ret, cudaTextureObject_t obj PARAMS) {              \
    *ret = NAME<T>(obj ARGS);                                                                      \
  }
#define __ANCHOR_P(...) , __VA_ARGS__
__ANCHOR_TEX_OUT(tex1Dfetch, __ANCHOR_P(int x), __ANCHOR_P(x))
__ANCHOR_TEX_OUT(tex1D, __ANCHOR_P(float x), __ANCHOR_P(x))
__ANCHOR_TEX_OUT(tex2D, __ANCHOR_P(float x, float y), __ANCHOR_P(x, y))
__ANCHOR_TEX_OUT(tex3D, __ANCHOR_P(float x, float y, float z), __ANCHOR_P(x, y, z))
__ANCHOR_TEX_OUT(tex1DLayered, __ANCHOR_P(float x, int layer), __ANCHOR_P(x, layer))
__ANCHOR_TEX_OUT(tex2DLayered, __ANCHOR_P(float x, float y, int layer), __ANCHOR_P(x, y, layer))
__ANCHOR_TEX_OUT(texCubemap, __ANCHOR_P(float x, float y, float z), __ANCHOR_P(x, y, z))
__ANCHOR_TEX_OUT(texCubemapLayered, __ANCHOR_P(float x, float y, float z, int layer),
                 __ANCHOR_P(x, y, z, layer))
__ANCHOR_TEX_OUT(tex1DLod, __ANCHOR_P(float x, float level), __ANCHOR_P(x, level))
__ANCHOR_TEX_OUT(tex2DLod, __ANCHOR_P(float x, float y, float level), __ANCHOR_P(x, y, level))
__ANCHOR_TEX_OUT(tex3DLod, __ANCHOR_P(float x, float y, float z, float level),
                 __ANCHOR_P(x, y, z, level))
__ANCHOR_TEX_OUT(tex1DLayeredLod, __ANCHOR_P(float x, int layer, float level),
                 __ANCHOR_P(x, layer, level))
__ANCHOR_TEX_OUT(tex2DLayeredLod, __ANCHOR_P(float x, float y, int layer, float level),
                 __ANCHOR_P(x, y, layer, level))
__ANCHOR_TEX_OUT(texCubemapLod, __ANCHOR_P(float x, float y, float z, float level),
                 __ANCHOR_P(x, y, z, level))
__ANCHOR_TEX_OUT(texCubemapLayeredLod,
                 __ANCHOR_P(float x, float y, float z, int layer, float level),
                 __ANCHOR_P(x, y, z, layer, level))
__ANCHOR_TEX_OUT(tex1DGrad, __ANCHOR_P(float x, float dPdx, float dPdy), __ANCHOR_P(x, dPdx, dPdy))
__ANCHOR_TEX_OUT(tex2DGrad, __ANCHOR_P(float x, float y, float2 dPdx, float2 dPdy),
                 __ANCHOR_P(x, y, dPdx, dPdy))
__ANCHOR_TEX_OUT(tex3DGrad, __ANCHOR_P(float x, float y, float z, float4 dPdx, float4 dPdy),
                 __ANCHOR_P(x, y, z, dPdx, dPdy))
__ANCHOR_TEX_OUT(tex1DLayeredGrad, __ANCHOR_P(float x, int layer, float dPdx, float dPdy),
                 __ANCHOR_P(x, layer, dPdx, dPdy))
__ANCHOR_TEX_OUT(tex2DLayeredGrad,
                 __ANCHOR_P(float x, float y, int layer, float2 dPdx, float2 dPdy),
                 __ANCHOR_P(x, y, layer, dPdx, dPdy))
__ANCHOR_TEX_OUT(texCubemapGrad, __ANCHOR_P(float x, float y, float z, float4 dPdx, float4 dPdy),
                 __ANCHOR_P(x, y, z, dPdx, dPdy))
__ANCHOR_TEX_OUT(texCubemapLayeredGrad,
                 __ANCHOR_P(float x, float y, float z, int layer, float4 dPdx, float4 dPdy),
                 __ANCHOR_P(x, y, z, layer, dPdx, dPdy))
__ANCHOR_TEX_OUT(tex2Dgather, __ANCHOR_P(float x, float y, int comp = 0), __ANCHOR_P(x, y, comp))
#undef __ANCHOR_P
#undef __ANCHOR_TEX_OUT

/* The sparse-texture forms: every texel of an Anchor texture is resident (Metal's sparse
 * textures are not used), so *isResident is true and the value is the plain form's. */
#define __ANCHOR_TEX_RESIDENT(NAME, PARAMS, ARGS)                                                  \
  template <class T> __ANCHOR_TEX T NAME(cudaTextureObject_t obj PARAMS, bool *isResident) {       \
    *isResident = true;                                                                            \
    return NAME<T>(obj ARGS);                                                                      \
  }                                                                                                \
  template <class T>                                                                               \
  __ANCHOR_TEX void NAME(T *ret, cudaTextureObject_t obj PARAMS, bool *isResident) {               \
    *isResident = true;                                                                            \
    *ret = NAME<T>(obj ARGS);                                                                      \
  }
#define __ANCHOR_P(...) , __VA_ARGS__
__ANCHOR_TEX_RESIDENT(tex2D, __ANCHOR_P(float x, float y), __ANCHOR_P(x, y))
__ANCHOR_TEX_RESIDENT(tex3D, __ANCHOR_P(float x, float y, float z), __ANCHOR_P(x, y, z))
__ANCHOR_TEX_RESIDENT(tex2DLayered, __ANCHOR_P(float x, float y, int layer),
                      __ANCHOR_P(x, y, layer))
__ANCHOR_TEX_RESIDENT(tex2DLod, __ANCHOR_P(float x, float y, float level), __ANCHOR_P(x, y, level))
__ANCHOR_TEX_RESIDENT(tex3DLod, __ANCHOR_P(float x, float y, float z, float level),
                      __ANCHOR_P(x, y, z, level))
__ANCHOR_TEX_RESIDENT(tex2DLayeredLod, __ANCHOR_P(float x, float y, int layer, float level),
                      __ANCHOR_P(x, y, layer, level))
__ANCHOR_TEX_RESIDENT(tex2DGrad, __ANCHOR_P(float x, float y, float2 dPdx, float2 dPdy),
                      __ANCHOR_P(x, y, dPdx, dPdy))
__ANCHOR_TEX_RESIDENT(tex3DGrad, __ANCHOR_P(float x, float y, float z, float4 dPdx, float4 dPdy),
                      __ANCHOR_P(x, y, z, dPdx, dPdy))
__ANCHOR_TEX_RESIDENT(tex2DLayeredGrad,
                      __ANCHOR_P(float x, float y, int layer, float2 dPdx, float2 dPdy),
                      __ANCHOR_P(x, y, layer, dPdx, dPdy))
#undef __ANCHOR_P
#undef __ANCHOR_TEX_RESIDENT
template <class T>
__ANCHOR_TEX T tex2Dgather(cudaTextureObject_t obj, float x, float y, bool *isResident,
                           int comp = 0) {
  *isResident = true;
  return tex2Dgather<T>(obj, x, y, comp);
}
template <class T>
__ANCHOR_TEX void tex2Dgather(T *ret, cudaTextureObject_t obj, float x, float y, bool *isResident,
                              int comp = 0) {
  *isResident = true;
  *ret = tex2Dgather<T>(obj, x, y, comp);
}

#endif /* __CUDA__ && __cplusplus */
#endif
