/* cudalibxt.h — the descriptors NVIDIA's libraries use for data spread over GPUs
 * (cudaLibXtDesc, cudaXtDesc), as cuFFT's cufftXt* calls take them (cufftXt.h).
 *
 * Written for Anchor from NVIDIA's cuFFT documentation (CUDA 13); the structures'
 * layouts and the enumerations' values are NVIDIA's (the ABI a program compiled
 * against NVIDIA's header relies on). */
#ifndef ANCHOR_CUDALIBXT_H
#define ANCHOR_CUDALIBXT_H
#pragma GCC system_header
#define _CUDA_LIB_XT_H_ /* NVIDIA's guard */

#include <stddef.h>

#include "cuda_runtime.h"

/* Added to CUDART_VERSION in a descriptor's version field. */
#define CUDA_XT_DESCRIPTOR_VERSION 0x01000000

enum cudaXtCopyType_t {
  LIB_XT_COPY_HOST_TO_DEVICE,
  LIB_XT_COPY_DEVICE_TO_HOST,
  LIB_XT_COPY_DEVICE_TO_DEVICE
};
typedef enum cudaXtCopyType_t cudaLibXtCopyType;

enum libFormat_t { LIB_FORMAT_CUFFT = 0x0, LIB_FORMAT_UNDEFINED = 0x1 };
typedef enum libFormat_t libFormat;

#define MAX_CUDA_DESCRIPTOR_GPUS 64

/* The memory of one object over nGPUs GPUs: data[i] (size[i] bytes) on device GPUs[i]. */
struct cudaXtDesc_t {
  int version;
  int nGPUs;
  int GPUs[MAX_CUDA_DESCRIPTOR_GPUS];
  void *data[MAX_CUDA_DESCRIPTOR_GPUS];
  size_t size[MAX_CUDA_DESCRIPTOR_GPUS];
  void *cudaXtState; /* the library's own */
};
typedef struct cudaXtDesc_t cudaXtDesc;

/* A library's view of such memory: which library's format, its sub-format (for cuFFT a
 * cufftXtSubFormat), and the library's own descriptor (cuFFT: the plan). */
struct cudaLibXtDesc_t {
  int version;
  cudaXtDesc *descriptor;
  libFormat library;
  int subFormat;
  void *libDescriptor;
};
typedef struct cudaLibXtDesc_t cudaLibXtDesc;

#endif
