/* device_launch_parameters.h — threadIdx, blockIdx, blockDim, gridDim and
 * warpSize, for programs that include it by name. Only meaningful in a CUDA
 * compilation; elsewhere it provides nothing. */
#ifndef ANCHOR_DEVICE_LAUNCH_PARAMETERS_H
#define ANCHOR_DEVICE_LAUNCH_PARAMETERS_H
#pragma GCC system_header
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "anchor/qualifiers.h"
#ifdef __CUDA__
#include "anchor/builtin_vars.h"
#endif

#endif
