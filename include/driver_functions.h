/* driver_functions.h — CUDA's constructors of the 3-D copy structures
 * (make_cudaPitchedPtr, make_cudaPos, make_cudaExtent), host functions that
 * only fill a struct. Written for Anchor from the CUDA Runtime API
 * documentation; included by cuda_runtime.h, valid C17 and C++. */
#ifndef ANCHOR_DRIVER_FUNCTIONS_H
#define ANCHOR_DRIVER_FUNCTIONS_H
#pragma GCC system_header
#define __DRIVER_FUNCTIONS_H__ /* NVIDIA's guard */

#include "anchor/qualifiers.h"
#include "driver_types.h"

static inline __host__ struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz,
                                                                 size_t ysz) {
  struct cudaPitchedPtr s;
  s.ptr = d;
  s.pitch = p;
  s.xsize = xsz;
  s.ysize = ysz;
  return s;
}

static inline __host__ struct cudaPos make_cudaPos(size_t x, size_t y, size_t z) {
  struct cudaPos p;
  p.x = x;
  p.y = y;
  p.z = z;
  return p;
}

static inline __host__ struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) {
  struct cudaExtent e;
  e.width = w;
  e.height = h;
  e.depth = d;
  return e;
}

#endif
