/* cuda_device_runtime_api.h — the device side of CUDA's runtime (dynamic
 * parallelism: kernels launching kernels), declared as CUDA declares it so that
 * code mentioning it compiles: libraries (CUB, Thrust) write __host__ __device__
 * functions whose device branch calls it, compiled only under -rdc=true.
 *
 * Metal has no device-side launch, so none of these is defined: a kernel that
 * calls one fails to compile, at the call ("call to undefined function
 * 'cudaGetParameterBuffer' is not supported by Anchor's Metal backend"). Anchor
 * does not define __CUDACC_RDC__, so CUB and Thrust never take those branches. */
#ifndef ANCHOR_CUDA_DEVICE_RUNTIME_API_H
#define ANCHOR_CUDA_DEVICE_RUNTIME_API_H
#pragma GCC system_header
#define __CUDA_DEVICE_RUNTIME_API_H__ /* NVIDIA's guard */

#include "anchor/qualifiers.h"
#include "driver_types.h"

#if defined(__cplusplus) && defined(__CUDA__)
extern "C" {
__device__ cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void);
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                                        dim3 blockDimension, unsigned int sharedMemSize,
                                        cudaStream_t stream);
}
#endif

#endif
