/* anchor/hip/nvidia_compat.h — the CUDA names HIP's own NVIDIA-platform
 * headers (hip/nvidia_detail/nvidia_hip_runtime_api.h, HIP 5.2 as Debian's
 * libamdhip64-dev ships it) call and that Anchor's CUDA 13 headers do not
 * declare: CUDA 11/12 spellings that CUDA 12 or 13 changed or removed, and
 * CUDA functions Anchor does not implement. HIP's header defines every HIP
 * call as an inline function over the CUDA one, so each name it uses must be
 * declared even when the program never calls it. Included by Anchor's
 * hip/hip_runtime_api.h before HIP's own header (docs/hip.md).
 *
 * Two kinds of entries:
 * - a CUDA 11/12 signature of a call Anchor has in CUDA 13's form (graph
 *   edges, capture info, cuCtxCreate, symbol copies in graphs): an overload
 *   doing the same through the CUDA 13 call, so the HIP call works (the
 *   CUDA 11 forms of cudaGraphInstantiate and cudaGraphExecUpdate, which
 *   CUDA 13 keeps for C++, are in cuda_runtime.h);
 * - a call Anchor does not implement (texture references, memory-pool sharing
 *   between processes, multi-device
 *   cooperative launch): returns cudaErrorNotSupported (HIP:
 *   hipErrorNotSupported), never a silent success. These do not set the
 *   thread's last error (they are not libanchor's functions); the HIP call's
 *   return value is the error.
 *
 * Written for Anchor from the CUDA Runtime API documentation (CUDA 11.x and
 * 13.0). Only for HIP sources: CUDA code sees CUDA 13's API as nvcc 13 does. */
#ifndef ANCHOR_HIP_NVIDIA_COMPAT_H
#define ANCHOR_HIP_NVIDIA_COMPAT_H

/* Warnings are the user's, not Anchor's: a system header, as HIP's own are
 * (-Wpedantic would otherwise flag #include_next, -Wold-style-cast ...). */
#pragma GCC system_header

#include <cuda.h>
/* cuda_runtime.h, not only the C API: its C++ overloads are what HIP's header
 * calls (cudaMemAdvise with a device number, CUDA 13's takes a location). */
#include <cuda_runtime.h>
#include <limits.h> /* UINT_MAX: HIP's header uses it as a default argument */

#ifndef __cplusplus
#error "HIP's NVIDIA-platform headers need C++: compile this file as HIP (hipcc, or -x hip)"
#endif

/* Types of the calls below that Anchor's CUDA headers leave undeclared (no
 * textures, surfaces, texture references or pool sharing): incomplete, so
 * only pointers to them exist. */
struct cudaResourceDesc;
struct cudaTextureDesc;
struct cudaResourceViewDesc;
struct cudaLaunchParams;
struct cudaMemPoolPtrExportData;
struct textureReference;
/* CUDA's texture reference template (removed in CUDA 12): declared so that
 * HIP's hipBindTexture & co. templates parse; using one is a compile error. */
template <class T, int dim, enum cudaTextureReadMode mode> struct texture;

/* CUDA 12's attribute, removed in 13 (its value is reserved there, and
 * answered: Anchor's answer is 0, no multi-device launch). */
#define cudaDevAttrCooperativeMultiDeviceLaunch ((enum cudaDeviceAttr)96)

/* ---- CUDA 11/12 signatures over the CUDA 13 calls ---------------------------------------- */

/* CUDA 12's forms without edge data (every edge a default edge). */
static inline cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from,
                                            cudaGraphNode_t *to, size_t *numEdges) {
  return cudaGraphGetEdges(graph, from, to, (cudaGraphEdgeData *)NULL, numEdges);
}
static inline cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node,
                                                       cudaGraphNode_t *pDependencies,
                                                       size_t *pNumDependencies) {
  return cudaGraphNodeGetDependencies(node, pDependencies, (cudaGraphEdgeData *)NULL,
                                      pNumDependencies);
}
static inline cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node,
                                                         cudaGraphNode_t *pDependentNodes,
                                                         size_t *pNumDependentNodes) {
  return cudaGraphNodeGetDependentNodes(node, pDependentNodes, (cudaGraphEdgeData *)NULL,
                                        pNumDependentNodes);
}
static inline cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                   const cudaGraphNode_t *to,
                                                   size_t numDependencies) {
  return cudaGraphAddDependencies(graph, from, to, (const cudaGraphEdgeData *)NULL,
                                  numDependencies);
}
static inline cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph,
                                                      const cudaGraphNode_t *from,
                                                      const cudaGraphNode_t *to,
                                                      size_t numDependencies) {
  return cudaGraphRemoveDependencies(graph, from, to, (const cudaGraphEdgeData *)NULL,
                                     numDependencies);
}
static inline cudaError_t
cudaStreamGetCaptureInfo_v2(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                            unsigned long long *id_out = 0, cudaGraph_t *graph_out = 0,
                            const cudaGraphNode_t **dependencies_out = 0,
                            size_t *numDependencies_out = 0) {
  return cudaStreamGetCaptureInfo(stream, captureStatus_out, id_out, graph_out, dependencies_out,
                                  (const cudaGraphEdgeData **)NULL, numDependencies_out);
}
static inline cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream,
                                                              cudaGraphNode_t *dependencies,
                                                              size_t numDependencies,
                                                              unsigned int flags = 0) {
  return cudaStreamUpdateCaptureDependencies(stream, dependencies, (const cudaGraphEdgeData *)NULL,
                                             numDependencies, flags);
}

/* cuCtxCreate before CUDA 13 (cuCtxCreate_v2): no creation parameters. */
static inline CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev) {
  return cuCtxCreate(pctx, (CUctxCreateParams *)NULL, flags, dev);
}

/* Copies to and from a __device__ symbol in a graph: the 1-D copy at the
 * symbol's address plus the offset (what CUDA documents them to be). */
static inline cudaError_t anchor_hip_symbol_address(void **address, const void *symbol,
                                                    size_t offset) {
  cudaError_t err = cudaGetSymbolAddress(address, symbol);
  if (err == cudaSuccess) *address = (char *)*address + offset;
  return err;
}
static inline cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode,
                                                         cudaGraph_t graph,
                                                         const cudaGraphNode_t *pDependencies,
                                                         size_t numDependencies, const void *symbol,
                                                         const void *src, size_t count,
                                                         size_t offset, enum cudaMemcpyKind kind) {
  void *dst;
  cudaError_t err = anchor_hip_symbol_address(&dst, symbol, offset);
  return err ? err
             : cudaGraphAddMemcpyNode1D(pGraphNode, graph, pDependencies, numDependencies, dst, src,
                                        count, kind);
}
static inline cudaError_t
cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind) {
  void *src;
  cudaError_t err = anchor_hip_symbol_address(&src, symbol, offset);
  return err ? err
             : cudaGraphAddMemcpyNode1D(pGraphNode, graph, pDependencies, numDependencies, dst, src,
                                        count, kind);
}
static inline cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node,
                                                               const void *symbol, const void *src,
                                                               size_t count, size_t offset,
                                                               enum cudaMemcpyKind kind) {
  void *dst;
  cudaError_t err = anchor_hip_symbol_address(&dst, symbol, offset);
  return err ? err : cudaGraphMemcpyNodeSetParams1D(node, dst, src, count, kind);
}
static inline cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst,
                                                                 const void *symbol, size_t count,
                                                                 size_t offset,
                                                                 enum cudaMemcpyKind kind) {
  void *src;
  cudaError_t err = anchor_hip_symbol_address(&src, symbol, offset);
  return err ? err : cudaGraphMemcpyNodeSetParams1D(node, dst, src, count, kind);
}
static inline cudaError_t
cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                         const void *symbol, const void *src, size_t count,
                                         size_t offset, enum cudaMemcpyKind kind) {
  void *dst;
  cudaError_t err = anchor_hip_symbol_address(&dst, symbol, offset);
  return err ? err : cudaGraphExecMemcpyNodeSetParams1D(hGraphExec, node, dst, src, count, kind);
}
static inline cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t hGraphExec,
                                                                     cudaGraphNode_t node,
                                                                     void *dst, const void *symbol,
                                                                     size_t count, size_t offset,
                                                                     enum cudaMemcpyKind kind) {
  void *src;
  cudaError_t err = anchor_hip_symbol_address(&src, symbol, offset);
  return err ? err : cudaGraphExecMemcpyNodeSetParams1D(hGraphExec, node, dst, src, count, kind);
}

/* ---- calls Anchor does not implement: cudaErrorNotSupported ------------------------------ */

/* Texture references (removed in CUDA 12; Anchor has texture objects only). */
static inline cudaError_t cudaBindTexture(size_t *, const struct textureReference *, const void *,
                                          const struct cudaChannelFormatDesc *, size_t = UINT_MAX) {
  return cudaErrorNotSupported;
}
static inline cudaError_t cudaBindTexture2D(size_t *, const struct textureReference *, const void *,
                                            const struct cudaChannelFormatDesc *, size_t, size_t,
                                            size_t) {
  return cudaErrorNotSupported;
}
static inline cudaError_t cudaGetTextureAlignmentOffset(size_t *, const struct textureReference *) {
  return cudaErrorNotSupported;
}
/* One process, one device: no pool sharing between processes, no
 * multi-device launch (CUDA 13 removed the latter too). */
static inline cudaError_t cudaMemPoolExportToShareableHandle(void *, cudaMemPool_t,
                                                             enum cudaMemAllocationHandleType,
                                                             unsigned int) {
  return cudaErrorNotSupported;
}
static inline cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *, void *,
                                                               enum cudaMemAllocationHandleType,
                                                               unsigned int) {
  return cudaErrorNotSupported;
}
static inline cudaError_t cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *, void *) {
  return cudaErrorNotSupported;
}
static inline cudaError_t cudaMemPoolImportPointer(void **, cudaMemPool_t,
                                                   struct cudaMemPoolPtrExportData *) {
  return cudaErrorNotSupported;
}
static inline cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *,
                                                                 unsigned int, unsigned int = 0) {
  return cudaErrorNotSupported;
}

#endif
