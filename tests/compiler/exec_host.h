/* exec_host.h — lets an exec/ test kernel compile as plain host C++ so its
 * results can be computed on the CPU as the reference: CUDA's qualifiers
 * vanish and the built-in index variables are globals the harness sets
 * before calling the kernel once per thread (tests use no barriers). */
#ifndef EXEC_HOST_H
#define EXEC_HOST_H
#include <stdio.h>

#define __global__
#define __device__
#define __host__
#define __constant__
#define __shared__
#define __noinline__ __attribute__((noinline))
#define __forceinline__ inline

struct exec_uint3 {
  unsigned x, y, z;
};
static exec_uint3 threadIdx, blockIdx, blockDim, gridDim;

#endif
