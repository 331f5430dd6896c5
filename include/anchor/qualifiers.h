/* anchor/qualifiers.h — CUDA's execution-space and memory-space keywords,
 * spelled as the clang attributes they are. Included by cuda_runtime.h. */
#ifndef ANCHOR_QUALIFIERS_H
#define ANCHOR_QUALIFIERS_H

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__ __attribute__((grid_constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __inline_hint__ __attribute__((nv_inline_hint))

#define __CUDACC__ 1
#define __NVCC__ 1

#endif
