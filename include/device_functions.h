/* device_functions.h — CUDA's (internal, deprecated) header of that name,
 * which HIP's hip/device_functions.h includes on the NVIDIA platform. Anchor
 * declares the device functions through cuda_runtime.h (anchor/
 * device_functions.h), which every CUDA and HIP compile includes already.
 * Written for Anchor. */
#ifndef ANCHOR_DEVICE_FUNCTIONS_WRAPPER_H
#define ANCHOR_DEVICE_FUNCTIONS_WRAPPER_H
#pragma GCC system_header

#include <cuda_runtime.h>

#endif
