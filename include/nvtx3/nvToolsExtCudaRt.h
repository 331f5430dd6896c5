/* nvtx3/nvToolsExtCudaRt.h — NVTX names for CUDA runtime objects (devices,
 * streams, events). No-ops, as the rest of Anchor's NVTX (nvToolsExt.h). */
#ifndef ANCHOR_NVTOOLSEXT_CUDART_H
#define ANCHOR_NVTOOLSEXT_CUDART_H
#pragma GCC system_header
#include "../cuda_runtime_api.h"
#include "nvToolsExt.h"

NVTX_INLINE_STATIC void nvtxNameCudaDeviceA(int device, const char *name) {
  ANCHOR_NVTX_UNUSED(device), ANCHOR_NVTX_UNUSED(name);
}
NVTX_INLINE_STATIC void nvtxNameCudaDeviceW(int device, const wchar_t *name) {
  ANCHOR_NVTX_UNUSED(device), ANCHOR_NVTX_UNUSED(name);
}
NVTX_INLINE_STATIC void nvtxNameCudaStreamA(cudaStream_t stream, const char *name) {
  ANCHOR_NVTX_UNUSED(stream), ANCHOR_NVTX_UNUSED(name);
}
NVTX_INLINE_STATIC void nvtxNameCudaStreamW(cudaStream_t stream, const wchar_t *name) {
  ANCHOR_NVTX_UNUSED(stream), ANCHOR_NVTX_UNUSED(name);
}
NVTX_INLINE_STATIC void nvtxNameCudaEventA(cudaEvent_t event, const char *name) {
  ANCHOR_NVTX_UNUSED(event), ANCHOR_NVTX_UNUSED(name);
}
NVTX_INLINE_STATIC void nvtxNameCudaEventW(cudaEvent_t event, const wchar_t *name) {
  ANCHOR_NVTX_UNUSED(event), ANCHOR_NVTX_UNUSED(name);
}
#endif
