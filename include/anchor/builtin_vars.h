/* anchor/builtin_vars.h — threadIdx, blockIdx, blockDim, gridDim and warpSize.
 * clang's own __clang_cuda_builtin_vars.h (from its resource directory, not
 * NVIDIA's toolkit) declares the variables; this file supplies the conversions
 * it leaves to the CUDA headers. */
#ifndef ANCHOR_BUILTIN_VARS_H
#define ANCHOR_BUILTIN_VARS_H
#pragma GCC system_header

#include "vector_types.h"
#include <__clang_cuda_builtin_vars.h>

#define ANCHOR_BUILTIN_CONVERSIONS(T)                                                              \
  __device__ inline T::operator uint3() const {                                                    \
    return uint3{x, y, z};                                                                         \
  }                                                                                                \
  __device__ inline T::operator dim3() const {                                                     \
    return dim3(x, y, z);                                                                          \
  }
ANCHOR_BUILTIN_CONVERSIONS(__cuda_builtin_threadIdx_t)
ANCHOR_BUILTIN_CONVERSIONS(__cuda_builtin_blockIdx_t)
ANCHOR_BUILTIN_CONVERSIONS(__cuda_builtin_blockDim_t)
ANCHOR_BUILTIN_CONVERSIONS(__cuda_builtin_gridDim_t)
#undef ANCHOR_BUILTIN_CONVERSIONS

/* warpSize: clang's header above declares it as a __device__ constant 32,
 * Metal's SIMD-group width (decision 6). It must not be a macro: host code
 * reads cudaDeviceProp::warpSize. */

#endif
