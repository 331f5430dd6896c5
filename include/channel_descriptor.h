/* channel_descriptor.h — cudaCreateChannelDesc<T>(), the C++ form of
 * cudaCreateChannelDesc (cuda_runtime_api.h): the channel sizes in bits and
 * the kind of CUDA's scalar and vector element types; any other type gives
 * an empty descriptor of kind None, as in CUDA. Written for Anchor from the
 * CUDA Runtime API documentation; included by cuda_runtime.h in C++. */
#ifndef ANCHOR_CHANNEL_DESCRIPTOR_H
#define ANCHOR_CHANNEL_DESCRIPTOR_H
#pragma GCC system_header
#define __CHANNEL_DESCRIPTOR_H__ /* NVIDIA's guard */

#ifdef __cplusplus
#include "cuda_runtime_api.h"

template <class T> static inline __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}

#define ANCHOR_CHANNEL_DESC(type, bits, n, kind)                                                   \
  template <> inline __host__ cudaChannelFormatDesc cudaCreateChannelDesc<type>(void) {            \
    return cudaCreateChannelDesc(bits, (n) > 1 ? (bits) : 0, (n) > 2 ? (bits) : 0,                 \
                                 (n) > 3 ? (bits) : 0, kind);                                      \
  }
#define ANCHOR_CHANNEL_DESCS(scalar, prefix, bits, kind)                                           \
  ANCHOR_CHANNEL_DESC(scalar, bits, 1, kind)                                                       \
  ANCHOR_CHANNEL_DESC(prefix##1, bits, 1, kind)                                                    \
  ANCHOR_CHANNEL_DESC(prefix##2, bits, 2, kind)                                                    \
  ANCHOR_CHANNEL_DESC(prefix##4, bits, 4, kind)
/* char is signed or unsigned as the target's char is, as in CUDA */
ANCHOR_CHANNEL_DESCS(char, char, 8,
                     (char)-1 < 0 ? cudaChannelFormatKindSigned : cudaChannelFormatKindUnsigned)
ANCHOR_CHANNEL_DESC(signed char, 8, 1, cudaChannelFormatKindSigned)
ANCHOR_CHANNEL_DESCS(unsigned char, uchar, 8, cudaChannelFormatKindUnsigned)
ANCHOR_CHANNEL_DESCS(short, short, 16, cudaChannelFormatKindSigned)
ANCHOR_CHANNEL_DESCS(unsigned short, ushort, 16, cudaChannelFormatKindUnsigned)
ANCHOR_CHANNEL_DESCS(int, int, 32, cudaChannelFormatKindSigned)
ANCHOR_CHANNEL_DESCS(unsigned int, uint, 32, cudaChannelFormatKindUnsigned)
ANCHOR_CHANNEL_DESCS(float, float, 32, cudaChannelFormatKindFloat)
#undef ANCHOR_CHANNEL_DESCS
#undef ANCHOR_CHANNEL_DESC
/* Half-precision channels (CUDA 13 has these, and no cudaCreateChannelDesc<T> for __half or
 * the 3-component types: those give kind None, as here; nvcc 13.0, 2026-12-07). */
static inline __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf(void) {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static inline __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf1(void) {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static inline __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf2(void) {
  return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
static inline __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf4(void) {
  return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}
#endif

#endif
