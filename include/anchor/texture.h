/* anchor/texture.h — what Anchor's texture and surface functions
 * (texture_indirect_functions.h, surface_indirect_functions.h) are built on:
 * the 128-byte record a cudaTextureObject_t / cudaSurfaceObject_t points to
 * (docs/textures.md, the contract with runtime/core_texture.c), the
 * intrinsics anchor-msl spells as MSL (compiler/texture.c), the conversion of
 * their four 32-bit lanes to CUDA's types.
 * For the headers above, not for users' code. */
#ifndef ANCHOR_TEXTURE_H
#define ANCHOR_TEXTURE_H
#pragma GCC system_header

#if defined(__CUDA__) && defined(__cplusplus)

#include "../driver_types.h"
#include "../vector_types.h"
#include "qualifiers.h"

#define __ANCHOR_TEX static __device__ __inline__ __attribute__((always_inline, nodebug))

/* The record (docs/textures.md "The handle and the record"): the handle is its
 * CUDA address. */
struct __anchor_tex_record {
  unsigned long long texture, sampler; /* MTLResourceIDs */
  unsigned kind;   /* 1 1D, 2 2D, 3 3D, 4 1D layered, 5 2D layered, 6 cube, 7 cube layered,
                      8 linear, 9 pitch 2D */
  unsigned format; /* bits 0-7 bits per channel, 8-11 channels, 12-15 cudaChannelFormatKind */
  unsigned flags;  /* bit 0 normalized coordinates, 1 normalized-float reads, 2 linear
                      filter, 3 sRGB, 4 sampled by hand, 5 surface, 6 lod bias, 7 linear
                      mipmap filter */
  unsigned texel_bytes;
  unsigned width, height, depth; /* depth: layers, 6 x layers for cubemaps */
  unsigned address[3];           /* cudaTextureAddressMode per dimension */
  float border[4];
  float lod_bias;
  unsigned levels;        /* the view's mipmap levels (1 when not mipmapped) */
  float lod_min, lod_max; /* cudaTextureDesc's min/maxMipmapLevelClamp */
  unsigned reserved[10];
};

__ANCHOR_TEX const __anchor_tex_record *__anchor_tex_rec(unsigned long long handle) {
  return (const __anchor_tex_record *)handle;
}

/* The shapes, in the intrinsics' names: */
enum {
  __ANCHOR_1D = 1,   /* 1d */
  __ANCHOR_2D = 2,   /* 2d (records of kind 2 and 9) */
  __ANCHOR_3D = 3,   /* 3d */
  __ANCHOR_1DA = 4,  /* 1da */
  __ANCHOR_2DA = 5,  /* 2da */
  __ANCHOR_CUBE = 6, /* cube */
  __ANCHOR_CUBEA = 7 /* cubea */
};

/* ---- the intrinsics (compiler/texture.c) -------------------------------------------------
 * __anchor_tex_<op>_<shape>_<class>(lanes, handle, ...): op level (sample at a level of
 * detail; 1D shapes have none), grad (sample with gradients), gather0..3 (2D, the component
 * in the name), read (the texel at integer coordinates); class i, u or f: the texture's
 * sample type int, uint or float. The four components land in lanes[0..3] as bits.
 * __anchor_surf_read_<shape>_<class>(lanes, handle, x, y, z, layer): the texel's bytes
 * (x in texels; a cube's face in z) into lanes as little-endian words;
 * __anchor_surf_write_<shape>_<class>(handle, x, y, z, layer, w0..w3) writes them.
 * __anchor_tex_hand_level_<shape>_<class> and __anchor_tex_hand_grad_<shape>_<class> (shapes
 * 1d 2d 3d 1da 2da; the arguments of level and grad) sample by hand, for records with flag
 * bit 4 (no Metal sampler does what CUDA asks): CUDA's addressing, border colour, filter and
 * mipmap levels over texel reads, in MSL helpers emitted once per module (compiler/texture.c).
 * No range checks: the functions below make them. */
#define __ANCHOR_TEX_DECLARE(S, K)                                                                 \
  __device__ void __anchor_tex_level_##S##_##K(unsigned *, unsigned long long, float, float,       \
                                               float, int, float);                                 \
  __device__ void __anchor_tex_grad_##S##_##K(unsigned *, unsigned long long, float, float, float, \
                                              int, float, float, float, float, float, float);      \
  __device__ void __anchor_tex_read_##S##_##K(unsigned *, unsigned long long, int, int, int, int,  \
                                              int);                                                \
  __device__ void __anchor_surf_read_##S##_##K(unsigned *, unsigned long long, int, int, int,      \
                                               int);                                               \
  __device__ void __anchor_surf_write_##S##_##K(unsigned long long, int, int, int, int, unsigned,  \
                                                unsigned, unsigned, unsigned);
#define __ANCHOR_TEX_DECLARE_SHAPE(S)                                                              \
  __ANCHOR_TEX_DECLARE(S, i) __ANCHOR_TEX_DECLARE(S, u) __ANCHOR_TEX_DECLARE(S, f)
#define __ANCHOR_TEX_DECLARE_HAND(S, K)                                                            \
  __device__ void __anchor_tex_hand_level_##S##_##K(unsigned *, unsigned long long, float, float,  \
                                                    float, int, float);                            \
  __device__ void __anchor_tex_hand_grad_##S##_##K(unsigned *, unsigned long long, float, float,   \
                                                   float, int, float, float, float, float, float,  \
                                                   float);
#define __ANCHOR_TEX_DECLARE_HAND_SHAPE(S)                                                         \
  __ANCHOR_TEX_DECLARE_HAND(S, i) __ANCHOR_TEX_DECLARE_HAND(S, u) __ANCHOR_TEX_DECLARE_HAND(S, f)
#define __ANCHOR_TEX_GATHER(K)                                                                     \
  __device__ void __anchor_tex_gather0_2d_##K(unsigned *, unsigned long long, float, float, float, \
                                              int);                                                \
  __device__ void __anchor_tex_gather1_2d_##K(unsigned *, unsigned long long, float, float, float, \
                                              int);                                                \
  __device__ void __anchor_tex_gather2_2d_##K(unsigned *, unsigned long long, float, float, float, \
                                              int);                                                \
  __device__ void __anchor_tex_gather3_2d_##K(unsigned *, unsigned long long, float, float, float, \
                                              int);
extern "C" {
__ANCHOR_TEX_DECLARE_SHAPE(1d)
__ANCHOR_TEX_DECLARE_SHAPE(2d)
__ANCHOR_TEX_DECLARE_SHAPE(3d)
__ANCHOR_TEX_DECLARE_SHAPE(1da)
__ANCHOR_TEX_DECLARE_SHAPE(2da)
__ANCHOR_TEX_DECLARE_SHAPE(cube)
__ANCHOR_TEX_DECLARE_SHAPE(cubea)
__device__ void __anchor_tex_read_buf_i(unsigned *, unsigned long long, int, int, int, int, int);
__device__ void __anchor_tex_read_buf_u(unsigned *, unsigned long long, int, int, int, int, int);
__device__ void __anchor_tex_read_buf_f(unsigned *, unsigned long long, int, int, int, int, int);
__ANCHOR_TEX_GATHER(i)
__ANCHOR_TEX_GATHER(u)
__ANCHOR_TEX_GATHER(f)
__ANCHOR_TEX_DECLARE_HAND_SHAPE(1d)
__ANCHOR_TEX_DECLARE_HAND_SHAPE(2d)
__ANCHOR_TEX_DECLARE_HAND_SHAPE(3d)
__ANCHOR_TEX_DECLARE_HAND_SHAPE(1da)
__ANCHOR_TEX_DECLARE_HAND_SHAPE(2da)
__ANCHOR_TEX_DECLARE_HAND_SHAPE(cube) /* never called: cube maps are always sampled */
__ANCHOR_TEX_DECLARE_HAND_SHAPE(cubea)
}
#undef __ANCHOR_TEX_DECLARE
#undef __ANCHOR_TEX_DECLARE_SHAPE
#undef __ANCHOR_TEX_DECLARE_HAND
#undef __ANCHOR_TEX_DECLARE_HAND_SHAPE
#undef __ANCHOR_TEX_GATHER

/* One call of intrinsic family F (e.g. __anchor_tex_level_2d_, or a macro naming one) for
 * the record's class `cls` (0 int, 1 uint, 2 float; anything else: nothing, the lanes stay
 * zero). */
#define __ANCHOR_TEX_CALL(F, cls, ...) __ANCHOR_TEX_CALL_(F, cls, __VA_ARGS__)
#define __ANCHOR_TEX_CALL_(F, cls, ...)                                                            \
  do {                                                                                             \
    if ((cls) == 2)                                                                                \
      F##f(__VA_ARGS__);                                                                           \
    else if ((cls) == 0)                                                                           \
      F##i(__VA_ARGS__);                                                                           \
    else if ((cls) == 1)                                                                           \
      F##u(__VA_ARGS__);                                                                           \
  } while (0)

/* The same for a texture read of T: a float T reads class 2 only, an integer T classes 0
 * and 1 (so the calls of the other family are never made). */
#define __ANCHOR_TEX_CALL_FOR(T, F, C, ...) __ANCHOR_TEX_CALL_FOR_(T, F, C, __VA_ARGS__)
#define __ANCHOR_TEX_CALL_FOR_(T, F, C, ...)                                                       \
  do {                                                                                             \
    if (__anchor_texel<T>::cls == 2) {                                                             \
      if ((C) == 2) F##f(__VA_ARGS__);                                                             \
    } else if ((C) == 0)                                                                           \
      F##i(__VA_ARGS__);                                                                           \
    else if ((C) == 1)                                                                             \
      F##u(__VA_ARGS__);                                                                           \
  } while (0)

/* ---- the types texture functions return --------------------------------------------------
 * __anchor_texel<T>: the sample class T reads (2 float, 0 signed, 1 unsigned), its number
 * of components, and T from the four lanes (float bits, or integers truncated to T's). */
template <class T> struct __anchor_texel; /* T is not a texture type */

#define __ANCHOR_LANE_F(l) __builtin_bit_cast(float, (l))
#define __ANCHOR_TEXEL_SCALAR(T, CLS, CONV)                                                        \
  template <> struct __anchor_texel<T> {                                                           \
    enum { cls = CLS, n = 1 };                                                                     \
    __ANCHOR_TEX T make(const unsigned *l) {                                                       \
      return (T)CONV(l[0]);                                                                        \
    }                                                                                              \
  };
#define __ANCHOR_TEXEL_VECTOR(T, E, N, CLS, CONV)                                                  \
  template <> struct __anchor_texel<T> {                                                           \
    enum { cls = CLS, n = N };                                                                     \
    __ANCHOR_TEX T make(const unsigned *l) {                                                       \
      E e[4] = {(E)CONV(l[0]), (E)CONV(l[1]), (E)CONV(l[2]), (E)CONV(l[3])};                       \
      T v;                                                                                         \
      __builtin_memcpy(&v, e, sizeof v);                                                           \
      return v;                                                                                    \
    }                                                                                              \
  };
#define __ANCHOR_TEXEL_FAMILY(S, V, E, CLS, CONV)                                                  \
  __ANCHOR_TEXEL_SCALAR(S, CLS, CONV)                                                              \
  __ANCHOR_TEXEL_VECTOR(V##1, E, 1, CLS, CONV)                                                     \
  __ANCHOR_TEXEL_VECTOR(V##2, E, 2, CLS, CONV)                                                     \
  __ANCHOR_TEXEL_VECTOR(V##4, E, 4, CLS, CONV)

__ANCHOR_TEXEL_SCALAR(char, 0, )
__ANCHOR_TEXEL_FAMILY(signed char, char, signed char, 0, )
__ANCHOR_TEXEL_FAMILY(unsigned char, uchar, unsigned char, 1, )
__ANCHOR_TEXEL_FAMILY(short, short, short, 0, )
__ANCHOR_TEXEL_FAMILY(unsigned short, ushort, unsigned short, 1, )
__ANCHOR_TEXEL_FAMILY(int, int, int, 0, )
__ANCHOR_TEXEL_FAMILY(unsigned int, uint, unsigned int, 1, )
__ANCHOR_TEXEL_FAMILY(float, float, float, 2, __ANCHOR_LANE_F)
#undef __ANCHOR_TEXEL_FAMILY
#undef __ANCHOR_TEXEL_VECTOR
#undef __ANCHOR_TEXEL_SCALAR

/* The class a texture read of T uses on record r: the record's (normalized-float reads
 * and float formats 2, else the channel kind), when T reads that family (an int T reads
 * signed and unsigned textures alike, as bits); -1 (zeros) when the record's kind is not
 * one of `kind_a`/`kind_b` or T's family is not the record's. */
template <class T>
__ANCHOR_TEX int __anchor_tex_class(const __anchor_tex_record *r, unsigned kind_a,
                                    unsigned kind_b) {
  unsigned kind = r->kind;
  if (kind != kind_a && kind != kind_b) return -1;
  int have = (r->flags & 2u) ? 2 : (int)((r->format >> 12) & 15u);
  if (__anchor_texel<T>::cls == 2) return have == 2 ? 2 : -1;
  return have == 0 || have == 1 ? have : -1;
}

/* A layer index within the record's layers (CUDA clamps; Metal leaves it undefined). */
/* A layer index past the last, or negative (as unsigned, past the last too), reads the last
 * layer: what an H100 answers (tex_values.cu: layers -2 .. 3 of 2 read 1 1 0 1 1 1). */
__ANCHOR_TEX int __anchor_tex_layer(const __anchor_tex_record *r, int layer, unsigned per) {
  unsigned layers = r->depth / per;
  return (unsigned)layer < layers ? layer : layers > 0 ? (int)(layers - 1) : 0;
}

#undef __ANCHOR_LANE_F

#endif /* __CUDA__ && __cplusplus */
#endif
