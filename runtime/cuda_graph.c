/* runtime/cuda_graph.c — the runtime API's graphs and stream capture:
 * argument checks and CUDA's codes here; graphs, instances and replay are
 * core_graph.c's, capture state core_capture.c's (docs/runtime.md,
 * "Graphs"). Every typed node function is the generic cudaGraphNodeParams
 * form of its node. */
#include <string.h>

#include "core.h"

/* ---- graphs ------------------------------------------------------------------------ */

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags) {
  if (!pGraph || flags != 0) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  return rt_leave(rt_graph_create(pGraph));
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  rt_enter();
  cudaError_t e =
      rt_graph_valid(graph) && !rt_graph_owned(graph) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) rt_graph_destroy(graph);
  return rt_leave(e);
}

cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph) {
  if (!pGraphClone) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_valid(originalGraph) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) e = rt_graph_clone(originalGraph, pGraphClone);
  return rt_leave(e);
}

cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
                                     cudaGraph_t clonedGraph) {
  if (!pNode) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_valid(clonedGraph) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) *pNode = rt_graph_find_in_clone(originalNode, clonedGraph);
  if (e == cudaSuccess && !*pNode) e = cudaErrorInvalidValue;
  return rt_leave(e);
}

/* ---- adding nodes ------------------------------------------------------------------- */

/* Edge data: only the default (all zero) dependency exists in Anchor. */
static bool rt_edge_data_default(const cudaGraphEdgeData *data, size_t count) {
  static const cudaGraphEdgeData zero;
  for (size_t i = 0; data && i < count; i++)
    if (memcmp(&data[i], &zero, sizeof zero) != 0) return false;
  return true;
}

/* A kernel node's func that is no kernel: CUDA's graph calls take it as a bad handle
 * (H200, CUDA 13, 2026-12-01: cudaGraphAddKernelNode, cudaGraphExecKernelNodeSetParams),
 * where a launch says cudaErrorInvalidDeviceFunction. */
static cudaError_t rt_node_error(cudaError_t e) {
  return e == cudaErrorInvalidDeviceFunction ? cudaErrorInvalidResourceHandle : e;
}

static cudaError_t rt_add(cudaGraphNode_t *out, cudaGraph_t graph, const cudaGraphNode_t *deps,
                          size_t count, struct cudaGraphNodeParams *params) {
  if (!out || !params) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_valid(graph) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) e = rt_node_error(rt_graph_add_node(graph, deps, count, params, out));
  return rt_leave(e);
}

cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                             const cudaGraphNode_t *pDependencies,
                             const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                             struct cudaGraphNodeParams *nodeParams) {
  if (!rt_edge_data_default(dependencyData, numDependencies))
    return rt_record(cudaErrorNotSupported); /* programmatic dependencies */
  if (nodeParams &&
      (nodeParams->reserved0[0] || nodeParams->reserved0[1] || nodeParams->reserved0[2]))
    return rt_record(cudaErrorInvalidValue);
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, nodeParams);
}

static struct cudaKernelNodeParamsV2 rt_kernel_v2(const struct cudaKernelNodeParams *p) {
  struct cudaKernelNodeParamsV2 v = {p->func,           p->gridDim,      p->blockDim,
                                     p->sharedMemBytes, p->kernelParams, p->extra};
  return v;
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaKernelNodeParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeKernel};
  p.kernel = rt_kernel_v2(pNodeParams);
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemcpy3DParms *pCopyParams) {
  if (!pCopyParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemcpy};
  p.memcpy.copyParams = *pCopyParams;
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

/* A 1-D copy as 3-D parameters: one row of count bytes. */
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     void *dst, const void *src, size_t count,
                                     enum cudaMemcpyKind kind) {
  /* H100, CUDA 13, 2026-12-06: an unknown kind is cudaErrorInvalidMemcpyDirection */
  if ((unsigned)kind > cudaMemcpyDefault) return rt_record(cudaErrorInvalidMemcpyDirection);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemcpy};
  p.memcpy.copyParams = rt_memory_copy_params_1d(dst, src, count, kind);
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

static struct cudaMemsetParamsV2 rt_memset_v2(const struct cudaMemsetParams *m) {
  struct cudaMemsetParamsV2 v = {m->dst, m->pitch, m->value, m->elementSize, m->width, m->height};
  return v;
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemsetParams *pMemsetParams) {
  if (!pMemsetParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemset};
  p.memset = rt_memset_v2(pMemsetParams);
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 const struct cudaHostNodeParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeHost};
  p.host = (struct cudaHostNodeParamsV2){pNodeParams->fn, pNodeParams->userData};
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                       cudaGraph_t childGraph) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeGraph};
  p.graph.graph = childGraph;
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies, size_t numDependencies) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeEmpty};
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies,
                                        size_t numDependencies, cudaEvent_t event) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeEventRecord};
  p.eventRecord.event = event;
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                      cudaEvent_t event) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeWaitEvent};
  p.eventWait.event = event;
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     struct cudaMemAllocNodeParams *nodeParams) {
  if (!nodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemAlloc};
  memcpy(&p.alloc, nodeParams, sizeof *nodeParams); /* the same layout */
  cudaError_t e = rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
  if (e == cudaSuccess) nodeParams->dptr = p.alloc.dptr;
  return e;
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                    void *dptr) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemFree};
  p.free.dptr = dptr;
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &p);
}

cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out,
                                             cudaGraph_t graph, unsigned int defaultLaunchValue,
                                             unsigned int flags) {
  if (!pHandle_out || (flags & ~(unsigned)cudaGraphCondAssignDefault))
    return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_valid(graph) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess)
    e = rt_graph_conditional_handle(graph, defaultLaunchValue, flags, pHandle_out);
  return rt_leave(e);
}

/* ---- node parameters ----------------------------------------------------------------- */

/* The parameters of node when it has type (else cudaErrorInvalidValue). */
static cudaError_t rt_get(cudaGraphNode_t node, enum cudaGraphNodeType type,
                          struct cudaGraphNodeParams *out) {
  rt_enter();
  cudaError_t e = rt_graph_node_valid(node) && rt_graph_node_type(node) == type
                      ? rt_graph_node_params(node, out)
                      : cudaErrorInvalidValue;
  return rt_leave(e);
}

static cudaError_t rt_set(cudaGraphNode_t node, struct cudaGraphNodeParams *params) {
  rt_enter();
  cudaError_t e = rt_graph_node_valid(node) ? rt_node_error(rt_graph_node_set_params(node, params))
                                            : cudaErrorInvalidValue;
  return rt_leave(e);
}

cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t node, struct cudaGraphNodeParams *nodeParams) {
  if (!nodeParams) return rt_record(cudaErrorInvalidValue);
  return rt_set(node, nodeParams);
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node,
                                         struct cudaKernelNodeParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p;
  cudaError_t e = rt_get(node, cudaGraphNodeTypeKernel, &p);
  if (e == cudaSuccess)
    *pNodeParams = (struct cudaKernelNodeParams){p.kernel.func,         p.kernel.gridDim,
                                                 p.kernel.blockDim,     p.kernel.sharedMemBytes,
                                                 p.kernel.kernelParams, p.kernel.extra};
  return e;
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                                         const struct cudaKernelNodeParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeKernel};
  p.kernel = rt_kernel_v2(pNodeParams);
  return rt_set(node, &p);
}

/* A kernel node's attributes (core_graph.c: cooperative replays, the hints kept). */
static cudaError_t rt_kernel_attribute(cudaGraphNode_t node, cudaKernelNodeAttrID attr,
                                       cudaKernelNodeAttrValue *value, bool set) {
  if (!value) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_node_valid(node) ? rt_graph_kernel_node_attribute(node, attr, value, set)
                                            : cudaErrorInvalidValue;
  return rt_leave(e);
}

cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t hNode, cudaLaunchAttributeID attr,
                                            cudaKernelNodeAttrValue *value_out) {
  return rt_kernel_attribute(hNode, attr, value_out, false);
}

cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t hNode, cudaLaunchAttributeID attr,
                                            const cudaKernelNodeAttrValue *value) {
  cudaKernelNodeAttrValue copy;
  if (value) copy = *value;
  return rt_kernel_attribute(hNode, attr, value ? &copy : NULL, true);
}

cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t hDst, cudaGraphNode_t hSrc) {
  rt_enter();
  cudaError_t e = rt_graph_node_valid(hDst) && rt_graph_node_valid(hSrc)
                      ? rt_graph_kernel_node_copy_attributes(hDst, hSrc)
                      : cudaErrorInvalidValue;
  return rt_leave(e);
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node,
                                         struct cudaMemcpy3DParms *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p;
  cudaError_t e = rt_get(node, cudaGraphNodeTypeMemcpy, &p);
  if (e == cudaSuccess) *pNodeParams = p.memcpy.copyParams;
  return e;
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node,
                                         const struct cudaMemcpy3DParms *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemcpy};
  p.memcpy.copyParams = *pNodeParams;
  return rt_set(node, &p);
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
                                           size_t count, enum cudaMemcpyKind kind) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemcpy};
  p.memcpy.copyParams = rt_memory_copy_params_1d(dst, src, count, kind);
  return rt_set(node, &p);
}

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node,
                                         struct cudaMemsetParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p;
  cudaError_t e = rt_get(node, cudaGraphNodeTypeMemset, &p);
  if (e == cudaSuccess)
    *pNodeParams = (struct cudaMemsetParams){p.memset.dst,         p.memset.pitch, p.memset.value,
                                             p.memset.elementSize, p.memset.width, p.memset.height};
  return e;
}

cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node,
                                         const struct cudaMemsetParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemset};
  p.memset = rt_memset_v2(pNodeParams);
  return rt_set(node, &p);
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node,
                                       struct cudaHostNodeParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p;
  cudaError_t e = rt_get(node, cudaGraphNodeTypeHost, &p);
  if (e == cudaSuccess) *pNodeParams = (struct cudaHostNodeParams){p.host.fn, p.host.userData};
  return e;
}

cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node,
                                       const struct cudaHostNodeParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeHost};
  p.host = (struct cudaHostNodeParamsV2){pNodeParams->fn, pNodeParams->userData};
  return rt_set(node, &p);
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph) {
  if (!pGraph) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p;
  cudaError_t e = rt_get(node, cudaGraphNodeTypeGraph, &p);
  if (e == cudaSuccess) *pGraph = p.graph.graph;
  return e;
}

static cudaError_t rt_get_event(cudaGraphNode_t node, enum cudaGraphNodeType type,
                                cudaEvent_t *out) {
  if (!out) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p;
  cudaError_t e = rt_get(node, type, &p);
  if (e == cudaSuccess) *out = p.eventRecord.event;
  return e;
}

static cudaError_t rt_set_event(cudaGraphNode_t node, enum cudaGraphNodeType type,
                                cudaEvent_t event) {
  struct cudaGraphNodeParams p = {.type = type};
  p.eventRecord.event = event;
  return rt_set(node, &p);
}

cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out) {
  return rt_get_event(node, cudaGraphNodeTypeEventRecord, event_out);
}
cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event) {
  return rt_set_event(node, cudaGraphNodeTypeEventRecord, event);
}
cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out) {
  return rt_get_event(node, cudaGraphNodeTypeWaitEvent, event_out);
}
cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event) {
  return rt_set_event(node, cudaGraphNodeTypeWaitEvent, event);
}

cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node,
                                           struct cudaMemAllocNodeParams *params_out) {
  if (!params_out) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p;
  cudaError_t e = rt_get(node, cudaGraphNodeTypeMemAlloc, &p);
  if (e == cudaSuccess) memcpy(params_out, &p.alloc, sizeof *params_out);
  return e;
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out) {
  if (!dptr_out) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p;
  cudaError_t e = rt_get(node, cudaGraphNodeTypeMemFree, &p);
  if (e == cudaSuccess) *(void **)dptr_out = p.free.dptr;
  return e;
}

/* ---- structure ------------------------------------------------------------------------ */

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType) {
  if (!pType) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_node_valid(node) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) *pType = rt_graph_node_type(node);
  return rt_leave(e);
}

/* CUDA's listing convention: NULL array -> the count; else up to *count
 * entries and *count the number stored. */
static cudaError_t rt_list_nodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *count,
                                 bool roots) {
  if (!count) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_valid(graph) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) {
    size_t total = rt_graph_nodes(graph, nodes, nodes ? *count : 0, roots);
    *count = nodes && total > *count ? *count : total;
  }
  return rt_leave(e);
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes) {
  return rt_list_nodes(graph, nodes, numNodes, false);
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes,
                                  size_t *pNumRootNodes) {
  return rt_list_nodes(graph, pRootNodes, pNumRootNodes, true);
}

cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              cudaGraphEdgeData *edgeData, size_t *numEdges) {
  if (!numEdges || (!from) != (!to) || (edgeData && !from)) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_valid(graph) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) {
    size_t total = rt_graph_edges(graph, from, to, from ? *numEdges : 0);
    if (from && total > *numEdges) total = *numEdges;
    if (edgeData) memset(edgeData, 0, total * sizeof *edgeData);
    *numEdges = total;
  }
  return rt_leave(e);
}

static cudaError_t rt_list_neighbours(cudaGraphNode_t node, cudaGraphNode_t *out,
                                      cudaGraphEdgeData *edgeData, size_t *count, bool dependents) {
  if (!count || (edgeData && !out)) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_node_valid(node) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) {
    size_t total = rt_graph_node_neighbours(node, dependents, out, out ? *count : 0);
    if (out && total > *count) total = *count;
    if (edgeData) memset(edgeData, 0, total * sizeof *edgeData);
    *count = total;
  }
  return rt_leave(e);
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                         cudaGraphEdgeData *edgeData, size_t *pNumDependencies) {
  return rt_list_neighbours(node, pDependencies, edgeData, pNumDependencies, false);
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                           cudaGraphEdgeData *edgeData,
                                           size_t *pNumDependentNodes) {
  return rt_list_neighbours(node, pDependentNodes, edgeData, pNumDependentNodes, true);
}

static cudaError_t rt_change_edges(cudaGraph_t graph, const cudaGraphNode_t *from,
                                   const cudaGraphNode_t *to, const cudaGraphEdgeData *edgeData,
                                   size_t count, bool add) {
  if (count && (!from || !to)) return rt_record(cudaErrorInvalidValue);
  if (!rt_edge_data_default(edgeData, count)) return rt_record(cudaErrorNotSupported);
  rt_enter();
  cudaError_t e = rt_graph_valid(graph) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) e = rt_graph_edges_change(graph, from, to, count, add);
  return rt_leave(e);
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, const cudaGraphEdgeData *edgeData,
                                     size_t numDependencies) {
  return rt_change_edges(graph, from, to, edgeData, numDependencies, true);
}

cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                        const cudaGraphNode_t *to,
                                        const cudaGraphEdgeData *edgeData, size_t numDependencies) {
  return rt_change_edges(graph, from, to, edgeData, numDependencies, false);
}

cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node) {
  rt_enter();
  cudaError_t e = rt_graph_node_valid(node) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) rt_graph_node_destroy(node);
  return rt_leave(e);
}

cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags) {
  if (!path) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_valid(graph) ? rt_graph_dot(graph, path, flags) : cudaErrorInvalidValue;
  return rt_leave(e);
}

/* ---- instances ------------------------------------------------------------------------- */

static const unsigned long long rt_instantiate_flags =
    cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUpload |
    cudaGraphInstantiateFlagDeviceLaunch | cudaGraphInstantiateFlagUseNodePriority;

static cudaError_t rt_instantiate(cudaGraphExec_t *out, cudaGraph_t graph, unsigned long long flags,
                                  cudaGraphNode_t *error_node, cudaGraphInstantiateResult *result) {
  rt_enter();
  cudaError_t e = rt_graph_valid(graph) ? rt_sticky_error() : cudaErrorInvalidValue;
  if (e == cudaSuccess && (flags & cudaGraphInstantiateFlagDeviceLaunch))
    e = cudaErrorNotSupported; /* device-side graph launch: no such thing on Metal */
  if (e == cudaSuccess) e = rt_graph_instantiate(graph, flags, out, error_node, result);
  return rt_leave(e);
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                 unsigned long long flags) {
  if (!pGraphExec || (flags & ~rt_instantiate_flags) || (flags & cudaGraphInstantiateFlagUpload))
    return rt_record(cudaErrorInvalidValue);
  cudaGraphInstantiateResult result;
  return rt_instantiate(pGraphExec, graph, flags, NULL, &result);
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags) {
  return cudaGraphInstantiate(pGraphExec, graph, flags);
}

cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams *instantiateParams) {
  if (!pGraphExec || !instantiateParams || (instantiateParams->flags & ~rt_instantiate_flags))
    return rt_record(cudaErrorInvalidValue);
  instantiateParams->errNode_out = NULL;
  cudaError_t e = rt_instantiate(pGraphExec, graph, instantiateParams->flags,
                                 &instantiateParams->errNode_out, &instantiateParams->result_out);
  if (e == cudaSuccess && (instantiateParams->flags & cudaGraphInstantiateFlagUpload))
    e = cudaGraphUpload(*pGraphExec, instantiateParams->uploadStream);
  return e;
}

cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags) {
  if (!flags) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_exec_valid(graphExec) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) *flags = rt_graph_exec_flags(graphExec);
  return rt_leave(e);
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) {
  rt_enter();
  cudaError_t e = rt_graph_exec_valid(graphExec) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess) e = rt_graph_exec_destroy(graphExec);
  return rt_leave(e);
}

static cudaError_t rt_exec_set(cudaGraphExec_t exec, cudaGraphNode_t node,
                               struct cudaGraphNodeParams *params) {
  rt_enter();
  cudaError_t e = rt_graph_exec_valid(exec)
                      ? rt_node_error(rt_graph_exec_set_params(exec, node, params))
                      : cudaErrorInvalidValue;
  return rt_leave(e);
}

cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t graphExec, cudaGraphNode_t node,
                                       struct cudaGraphNodeParams *nodeParams) {
  if (!nodeParams) return rt_record(cudaErrorInvalidValue);
  return rt_exec_set(graphExec, node, nodeParams);
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeKernel};
  p.kernel = rt_kernel_v2(pNodeParams);
  return rt_exec_set(hGraphExec, node, &p);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemcpy};
  p.memcpy.copyParams = *pNodeParams;
  return rt_exec_set(hGraphExec, node, &p);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                               void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemcpy};
  p.memcpy.copyParams = rt_memory_copy_params_1d(dst, src, count, kind);
  return rt_exec_set(hGraphExec, node, &p);
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemset};
  p.memset = rt_memset_v2(pNodeParams);
  return rt_exec_set(hGraphExec, node, &p);
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *pNodeParams) {
  if (!pNodeParams) return rt_record(cudaErrorInvalidValue);
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeHost};
  p.host = (struct cudaHostNodeParamsV2){pNodeParams->fn, pNodeParams->userData};
  return rt_exec_set(hGraphExec, node, &p);
}

cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                 cudaGraph_t childGraph) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeGraph};
  p.graph.graph = childGraph;
  return rt_exec_set(hGraphExec, node, &p);
}

cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                 cudaEvent_t event) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeEventRecord};
  p.eventRecord.event = event;
  return rt_exec_set(hGraphExec, hNode, &p);
}

cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                               cudaEvent_t event) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeWaitEvent};
  p.eventWait.event = event;
  return rt_exec_set(hGraphExec, hNode, &p);
}

cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                    unsigned int isEnabled) {
  rt_enter();
  cudaError_t e = rt_graph_exec_valid(hGraphExec)
                      ? rt_graph_exec_enable(hGraphExec, hNode, isEnabled != 0, NULL)
                      : cudaErrorInvalidValue;
  return rt_leave(e);
}

cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                    unsigned int *isEnabled) {
  if (!isEnabled) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  bool enabled = false;
  cudaError_t e = rt_graph_exec_valid(hGraphExec)
                      ? rt_graph_exec_enable(hGraphExec, hNode, false, &enabled)
                      : cudaErrorInvalidValue;
  if (e == cudaSuccess) *isEnabled = enabled;
  return rt_leave(e);
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                cudaGraphExecUpdateResultInfo *resultInfo) {
  if (!resultInfo) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_graph_exec_valid(hGraphExec) && rt_graph_valid(hGraph)
                      ? rt_graph_exec_update(hGraphExec, hGraph, resultInfo)
                      : cudaErrorInvalidValue;
  return rt_leave(e);
}

/* Everything a replay needs was prepared at instantiation: nothing to upload. */
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream) {
  rt_enter();
  cudaError_t e = rt_graph_exec_valid(graphExec) ? cudaSuccess : cudaErrorInvalidValue;
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  return rt_leave(e);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream) {
  rt_device *d;
  cudaError_t e = rt_enter_device(&d);
  if (e == cudaSuccess && !rt_graph_exec_valid(graphExec)) e = cudaErrorInvalidValue;
  if (e == cudaSuccess && !rt_stream_valid(stream)) e = cudaErrorInvalidResourceHandle;
  /* CUDA 13 refuses a launch into a capturing stream (cudaErrorStreamCaptureUnsupported,
   * the capture invalidated; H200, 2026-12-01); on the legacy stream while a blocking
   * stream captures, cudaErrorStreamCaptureImplicit. */
  if (e == cudaSuccess) e = rt_capture_sync(stream);
  if (e == cudaSuccess) e = rt_graph_launch(d, graphExec, stream);
  return rt_leave(e);
}

/* ---- stream capture ----------------------------------------------------------------------- */

static bool rt_mode_valid(enum cudaStreamCaptureMode mode) {
  return mode == cudaStreamCaptureModeGlobal || mode == cudaStreamCaptureModeThreadLocal ||
         mode == cudaStreamCaptureModeRelaxed;
}

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode) {
  if (!rt_mode_valid(mode)) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_stream_valid(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess) e = rt_capture_begin(stream, NULL, NULL, 0, mode);
  return rt_leave(e);
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                          const cudaGraphNode_t *dependencies,
                                          const cudaGraphEdgeData *dependencyData,
                                          size_t numDependencies, enum cudaStreamCaptureMode mode) {
  if (!rt_mode_valid(mode) || (numDependencies && !dependencies))
    return rt_record(cudaErrorInvalidValue);
  if (!rt_edge_data_default(dependencyData, numDependencies))
    return rt_record(cudaErrorNotSupported);
  rt_enter();
  cudaError_t e = rt_stream_valid(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && !rt_graph_valid(graph)) e = cudaErrorInvalidValue;
  for (size_t i = 0; e == cudaSuccess && i < numDependencies; i++)
    if (!rt_graph_node_valid(dependencies[i]) || rt_graph_node_graph(dependencies[i]) != graph)
      e = cudaErrorInvalidValue;
  if (e == cudaSuccess) e = rt_capture_begin(stream, graph, dependencies, numDependencies, mode);
  return rt_leave(e);
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph) {
  rt_enter();
  cudaError_t e = rt_stream_valid(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  /* not capturing: cudaErrorIllegalState even with a NULL pGraph (H200, CUDA 13) */
  if (e == cudaSuccess && !pGraph)
    e = rt_capture_status(stream, NULL, NULL, NULL, NULL) == cudaStreamCaptureStatusNone
            ? cudaErrorIllegalState
            : cudaErrorInvalidValue;
  if (e == cudaSuccess) e = rt_capture_end(stream, pGraph);
  return rt_leave(e);
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream,
                                  enum cudaStreamCaptureStatus *pCaptureStatus) {
  if (!pCaptureStatus) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_stream_valid(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && (stream == NULL || stream == cudaStreamLegacy) &&
      rt_capture_legacy_blocked())
    e = cudaErrorStreamCaptureImplicit; /* asking the legacy stream syncs with the capture */
  if (e == cudaSuccess) *pCaptureStatus = rt_capture_status(stream, NULL, NULL, NULL, NULL);
  return rt_leave(e);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream,
                                     enum cudaStreamCaptureStatus *captureStatus_out,
                                     unsigned long long *id_out, cudaGraph_t *graph_out,
                                     const cudaGraphNode_t **dependencies_out,
                                     const cudaGraphEdgeData **edgeData_out,
                                     size_t *numDependencies_out) {
  if (!captureStatus_out) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  cudaError_t e = rt_stream_valid(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  if (e == cudaSuccess && (stream == NULL || stream == cudaStreamLegacy) &&
      rt_capture_legacy_blocked())
    e = cudaErrorStreamCaptureImplicit;
  if (e == cudaSuccess) {
    *captureStatus_out =
        rt_capture_status(stream, id_out, graph_out, dependencies_out, numDependencies_out);
    if (edgeData_out) *edgeData_out = NULL; /* all edges are default ones: CUDA allows NULL */
  }
  return rt_leave(e);
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                const cudaGraphEdgeData *dependencyData,
                                                size_t numDependencies, unsigned int flags) {
  rt_enter();
  cudaError_t e = rt_stream_valid(stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  /* a stream that is not capturing: cudaErrorIllegalState before any argument check,
   * bad flags included (H200, CUDA 13, 2026-12-02) */
  if (e == cudaSuccess &&
      rt_capture_status(stream, NULL, NULL, NULL, NULL) == cudaStreamCaptureStatusNone)
    e = cudaErrorIllegalState;
  if (e == cudaSuccess &&
      (flags > cudaStreamSetCaptureDependencies || (numDependencies && !dependencies)))
    e = cudaErrorInvalidValue;
  if (e == cudaSuccess && !rt_edge_data_default(dependencyData, numDependencies))
    e = cudaErrorNotSupported;
  if (e == cudaSuccess)
    e = rt_capture_update_dependencies(stream, dependencies, numDependencies,
                                       flags == cudaStreamSetCaptureDependencies);
  return rt_leave(e);
}

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode) {
  if (!mode || !rt_mode_valid(*mode)) return rt_record(cudaErrorInvalidValue);
  *mode = rt_capture_exchange_mode(*mode);
  return cudaSuccess;
}

/* ---- the per-thread default stream's entry points ---------------------------------- */

cudaError_t cudaGraphUpload_ptsz(cudaGraphExec_t graphExec, cudaStream_t stream) {
  return cudaGraphUpload(graphExec, rt_stream_ptsz(stream));
}
cudaError_t cudaGraphLaunch_ptsz(cudaGraphExec_t graphExec, cudaStream_t stream) {
  return cudaGraphLaunch(graphExec, rt_stream_ptsz(stream));
}
cudaError_t cudaGraphInstantiateWithParams_ptsz(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                cudaGraphInstantiateParams *instantiateParams) {
  if (!instantiateParams) return cudaGraphInstantiateWithParams(pGraphExec, graph, NULL);
  cudaGraphInstantiateParams p = *instantiateParams;
  p.uploadStream = rt_stream_ptsz(p.uploadStream);
  cudaError_t e = cudaGraphInstantiateWithParams(pGraphExec, graph, &p);
  instantiateParams->errNode_out = p.errNode_out;
  instantiateParams->result_out = p.result_out;
  return e;
}
cudaError_t cudaStreamBeginCapture_ptsz(cudaStream_t stream, enum cudaStreamCaptureMode mode) {
  return cudaStreamBeginCapture(rt_stream_ptsz(stream), mode);
}
cudaError_t cudaStreamBeginCaptureToGraph_ptsz(cudaStream_t stream, cudaGraph_t graph,
                                               const cudaGraphNode_t *dependencies,
                                               const cudaGraphEdgeData *dependencyData,
                                               size_t numDependencies,
                                               enum cudaStreamCaptureMode mode) {
  return cudaStreamBeginCaptureToGraph(rt_stream_ptsz(stream), graph, dependencies, dependencyData,
                                       numDependencies, mode);
}
cudaError_t cudaStreamEndCapture_ptsz(cudaStream_t stream, cudaGraph_t *pGraph) {
  return cudaStreamEndCapture(rt_stream_ptsz(stream), pGraph);
}
cudaError_t cudaStreamIsCapturing_ptsz(cudaStream_t stream,
                                       enum cudaStreamCaptureStatus *pCaptureStatus) {
  return cudaStreamIsCapturing(rt_stream_ptsz(stream), pCaptureStatus);
}
cudaError_t cudaStreamGetCaptureInfo_ptsz(cudaStream_t stream,
                                          enum cudaStreamCaptureStatus *captureStatus_out,
                                          unsigned long long *id_out, cudaGraph_t *graph_out,
                                          const cudaGraphNode_t **dependencies_out,
                                          const cudaGraphEdgeData **edgeData_out,
                                          size_t *numDependencies_out) {
  return cudaStreamGetCaptureInfo(rt_stream_ptsz(stream), captureStatus_out, id_out, graph_out,
                                  dependencies_out, edgeData_out, numDependencies_out);
}
cudaError_t cudaStreamUpdateCaptureDependencies_ptsz(cudaStream_t stream,
                                                     cudaGraphNode_t *dependencies,
                                                     const cudaGraphEdgeData *dependencyData,
                                                     size_t numDependencies, unsigned int flags) {
  return cudaStreamUpdateCaptureDependencies(rt_stream_ptsz(stream), dependencies, dependencyData,
                                             numDependencies, flags);
}
