/* cuda_profiler_api.h — profiler control. There is no CUDA profiler on
 * Metal (Xcode's GPU tools attach from outside), so both calls succeed and
 * do nothing. Written for Anchor from the public CUDA documentation. */
#ifndef ANCHOR_CUDA_PROFILER_API_H
#define ANCHOR_CUDA_PROFILER_API_H
#pragma GCC system_header
#define __CUDA_PROFILER_API_H__ /* NVIDIA's guard */

#include "driver_types.h"

#ifdef __cplusplus
extern "C" {
#endif
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
#ifdef __cplusplus
}
#endif

#endif
