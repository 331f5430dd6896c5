/* runtime/cu_graph.c — the driver API's stream capture and graphs over the
 * runtime's core (core_capture.c, core_graph.c): a CUgraph is a cudaGraph_t,
 * a CUgraphNode a cudaGraphNode_t, a CUgraphExec a cudaGraphExec_t, so a
 * graph captured or built through either API is launched through either.
 * Checks and codes are the runtime's (cuda_graph.c) in the driver's numbers;
 * graph handles that are no live graph, node or instance are
 * CUDA_ERROR_INVALID_VALUE, as the runtime's cudaErrorInvalidValue. The
 * driver API's stream work (cuLaunchKernel, 1-D async copies and memsets,
 * cuEventRecord, cuStreamWaitEvent, cuLaunchHostFunc) becomes nodes of a
 * capture in its own files, through rt_capture_node. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cu_internal.h"

static cudaGraph_t rt_cu_graph(CUgraph g) {
  return (cudaGraph_t)(void *)g;
}
static cudaGraphExec_t rt_cu_exec(CUgraphExec x) {
  return (cudaGraphExec_t)(void *)x;
}
static cudaEvent_t rt_cu_event(CUevent e) {
  return (cudaEvent_t)(void *)e;
}
/* CUgraphNode and cudaGraphNode_t are the same type (struct CUgraphNode_st *). */

/* Edge data: only the default (all zero) dependency exists in Anchor. */
static bool rt_cu_edges_default(const CUgraphEdgeData *data, size_t count) {
  static const CUgraphEdgeData zero;
  for (size_t i = 0; data && i < count; i++)
    if (memcmp(&data[i], &zero, sizeof zero) != 0) return false;
  return true;
}

static bool rt_cu_mode_valid(CUstreamCaptureMode mode) {
  return mode == CU_STREAM_CAPTURE_MODE_GLOBAL || mode == CU_STREAM_CAPTURE_MODE_THREAD_LOCAL ||
         mode == CU_STREAM_CAPTURE_MODE_RELAXED;
}

/* ---- stream capture ----------------------------------------------------------------- */

CUresult cuStreamBeginCapture_v2(CUstream hStream, CUstreamCaptureMode mode) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !rt_cu_mode_valid(mode)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(
        rt_capture_begin(rt_cu_stream(hStream), NULL, NULL, 0, (enum cudaStreamCaptureMode)mode));
  return rt_cu_leave(r);
}

CUresult cuStreamBeginCaptureToGraph(CUstream hStream, CUgraph hGraph,
                                     const CUgraphNode *dependencies,
                                     const CUgraphEdgeData *dependencyData, size_t numDependencies,
                                     CUstreamCaptureMode mode) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && (!rt_cu_mode_valid(mode) || (numDependencies && !dependencies)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_cu_edges_default(dependencyData, numDependencies))
    r = CUDA_ERROR_NOT_SUPPORTED; /* programmatic dependencies */
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && !rt_graph_valid(rt_cu_graph(hGraph))) r = CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; r == CUDA_SUCCESS && i < numDependencies; i++)
    if (!rt_graph_node_valid(dependencies[i]) ||
        rt_graph_node_graph(dependencies[i]) != rt_cu_graph(hGraph))
      r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_capture_begin(rt_cu_stream(hStream), rt_cu_graph(hGraph), dependencies,
                                      numDependencies, (enum cudaStreamCaptureMode)mode));
  return rt_cu_leave(r);
}

/* As cudaStreamEndCapture: a stream that is not capturing is
 * CUDA_ERROR_ILLEGAL_STATE even with a NULL phGraph. The capture may end on
 * another thread's context, so no current context is asked for. */
CUresult cuStreamEndCapture(CUstream hStream, CUgraph *phGraph) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && !phGraph)
    r = rt_capture_status(rt_cu_stream(hStream), NULL, NULL, NULL, NULL) ==
                cudaStreamCaptureStatusNone
            ? CUDA_ERROR_ILLEGAL_STATE
            : CUDA_ERROR_INVALID_VALUE;
  cudaGraph_t graph = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_capture_end(rt_cu_stream(hStream), &graph));
  if (phGraph) *phGraph = (CUgraph)(void *)graph;
  return rt_cu_leave(r);
}

/* Asking the legacy stream while a blocking stream captures synchronises with
 * the capture: CUDA_ERROR_STREAM_CAPTURE_IMPLICIT, as the runtime's. */
static CUresult rt_cu_capture_query(CUstream hStream, const void *out) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !out) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && (hStream == NULL || hStream == CU_STREAM_LEGACY) &&
      rt_capture_legacy_blocked())
    r = CUDA_ERROR_STREAM_CAPTURE_IMPLICIT;
  return r;
}

CUresult cuStreamIsCapturing(CUstream hStream, CUstreamCaptureStatus *captureStatus) {
  CUresult r = rt_cu_capture_query(hStream, captureStatus);
  if (r == CUDA_SUCCESS)
    *captureStatus =
        (CUstreamCaptureStatus)rt_capture_status(rt_cu_stream(hStream), NULL, NULL, NULL, NULL);
  return rt_cu_leave(r);
}

CUresult cuStreamGetCaptureInfo_v3(CUstream hStream, CUstreamCaptureStatus *captureStatus_out,
                                   cuuint64_t *id_out, CUgraph *graph_out,
                                   const CUgraphNode **dependencies_out,
                                   const CUgraphEdgeData **edgeData_out,
                                   size_t *numDependencies_out) {
  CUresult r = rt_cu_capture_query(hStream, captureStatus_out);
  if (r == CUDA_SUCCESS) {
    unsigned long long id = 0;
    cudaGraph_t graph = NULL;
    *captureStatus_out = (CUstreamCaptureStatus)rt_capture_status(
        rt_cu_stream(hStream), &id, &graph, dependencies_out, numDependencies_out);
    if (id_out) *id_out = id;
    if (graph_out) *graph_out = (CUgraph)(void *)graph;
    if (edgeData_out) *edgeData_out = NULL; /* all edges are default ones: CUDA allows NULL */
  }
  return rt_cu_leave(r);
}

/* As cudaStreamUpdateCaptureDependencies: not capturing is
 * CUDA_ERROR_ILLEGAL_STATE before any argument check. */
CUresult cuStreamUpdateCaptureDependencies_v2(CUstream hStream, CUgraphNode *dependencies,
                                              const CUgraphEdgeData *dependencyData,
                                              size_t numDependencies, unsigned int flags) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && rt_capture_status(rt_cu_stream(hStream), NULL, NULL, NULL, NULL) ==
                               cudaStreamCaptureStatusNone)
    r = CUDA_ERROR_ILLEGAL_STATE;
  if (r == CUDA_SUCCESS &&
      (flags > CU_STREAM_SET_CAPTURE_DEPENDENCIES || (numDependencies && !dependencies)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_cu_edges_default(dependencyData, numDependencies))
    r = CUDA_ERROR_NOT_SUPPORTED;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_capture_update_dependencies(rt_cu_stream(hStream), dependencies,
                                                    numDependencies,
                                                    flags == CU_STREAM_SET_CAPTURE_DEPENDENCIES));
  return rt_cu_leave(r);
}

/* The calling thread's mode, shared with cudaThreadExchangeStreamCaptureMode. */
CUresult cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *mode) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!mode || !rt_cu_mode_valid(*mode)) return CUDA_ERROR_INVALID_VALUE;
  *mode = (CUstreamCaptureMode)rt_capture_exchange_mode((enum cudaStreamCaptureMode) * mode);
  return CUDA_SUCCESS;
}

/* ---- graphs and nodes ---------------------------------------------------------------- */

CUresult cuGraphCreate(CUgraph *phGraph, unsigned int flags) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!phGraph || flags != 0)) r = CUDA_ERROR_INVALID_VALUE;
  cudaGraph_t g = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_graph_create(&g));
  if (r == CUDA_SUCCESS) *phGraph = (CUgraph)(void *)g;
  return rt_cu_leave(r);
}

/* A graph some node owns (a child graph, a conditional body) is refused. */
CUresult cuGraphDestroy(CUgraph hGraph) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS &&
      (!rt_graph_valid(rt_cu_graph(hGraph)) || rt_graph_owned(rt_cu_graph(hGraph))))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) rt_graph_destroy(rt_cu_graph(hGraph));
  return rt_cu_leave(r);
}

CUresult cuGraphClone(CUgraph *phGraphClone, CUgraph originalGraph) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!phGraphClone || !rt_graph_valid(rt_cu_graph(originalGraph))))
    r = CUDA_ERROR_INVALID_VALUE;
  cudaGraph_t g = NULL;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_graph_clone(rt_cu_graph(originalGraph), &g));
  if (r == CUDA_SUCCESS) *phGraphClone = (CUgraph)(void *)g;
  return rt_cu_leave(r);
}

/* A function that is no kernel is a bad handle in the graph calls. */
static CUresult rt_cu_node_result(cudaError_t e) {
  return e == cudaErrorInvalidDeviceFunction ? CUDA_ERROR_INVALID_HANDLE : rt_cu_result(e);
}

/* One node of params->type after the dependencies. A kernel node's function
 * that is no kernel is a bad handle, as the runtime's graph calls say. */
static CUresult rt_cu_add(CUgraphNode *out, CUgraph graph, const CUgraphNode *deps, size_t count,
                          struct cudaGraphNodeParams *params) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!out || !rt_graph_valid(rt_cu_graph(graph))))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    r = rt_cu_node_result(rt_graph_add_node(rt_cu_graph(graph), deps, count, params, out));
  }
  return rt_cu_leave(r);
}

/* A kernel node's parameters in the core's form: func, or else kern (a
 * CUkernel is the CUfunction cuKernelGetFunction gives); ctx names the one
 * device's context and is not needed. */
static struct cudaGraphNodeParams rt_cu_kernel_node(const CUDA_KERNEL_NODE_PARAMS *k) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeKernel};
  void *function = k->func ? (void *)k->func : (void *)k->kern;
  p.kernel = (struct cudaKernelNodeParamsV2){function,
                                             {k->gridDimX, k->gridDimY, k->gridDimZ},
                                             {k->blockDimX, k->blockDimY, k->blockDimZ},
                                             k->sharedMemBytes,
                                             k->kernelParams,
                                             k->extra};
  return p;
}

CUresult cuGraphAddKernelNode_v2(CUgraphNode *phGraphNode, CUgraph hGraph,
                                 const CUgraphNode *dependencies, size_t numDependencies,
                                 const CUDA_KERNEL_NODE_PARAMS *nodeParams) {
  if (!nodeParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = rt_cu_kernel_node(nodeParams);
  return rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
}

/* New parameters of a kernel node of a graph (its later instances see them). */
CUresult cuGraphKernelNodeSetParams_v2(CUgraphNode hNode,
                                       const CUDA_KERNEL_NODE_PARAMS *nodeParams) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!nodeParams || !rt_graph_node_valid(hNode)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    struct cudaGraphNodeParams p = rt_cu_kernel_node(nodeParams);
    r = rt_cu_node_result(rt_graph_node_set_params(hNode, &p));
  }
  return rt_cu_leave(r);
}

/* A kernel node's attributes, the runtime's (CUlaunchAttributeID and
 * cudaLaunchAttributeID number them alike; core_graph.c). */
static CUresult rt_cu_kernel_attribute(CUgraphNode hNode, CUkernelNodeAttrID attr,
                                       cudaLaunchAttributeValue *value, bool set) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!value || !rt_graph_node_valid(hNode))) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(
        rt_graph_kernel_node_attribute(hNode, (cudaLaunchAttributeID)attr, value, set));
  return rt_cu_leave(r);
}

CUresult cuGraphKernelNodeGetAttribute(CUgraphNode hNode, CUkernelNodeAttrID attr,
                                       CUkernelNodeAttrValue *value_out) {
  _Static_assert(sizeof(CUkernelNodeAttrValue) == sizeof(cudaLaunchAttributeValue), "one layout");
  return rt_cu_kernel_attribute(hNode, attr, (cudaLaunchAttributeValue *)(void *)value_out, false);
}

CUresult cuGraphKernelNodeSetAttribute(CUgraphNode hNode, CUkernelNodeAttrID attr,
                                       const CUkernelNodeAttrValue *value) {
  cudaLaunchAttributeValue copy;
  if (value) memcpy(&copy, value, sizeof copy);
  return rt_cu_kernel_attribute(hNode, attr, value ? &copy : NULL, true);
}

CUresult cuGraphKernelNodeCopyAttributes(CUgraphNode dst, CUgraphNode src) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!rt_graph_node_valid(dst) || !rt_graph_node_valid(src)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_graph_kernel_node_copy_attributes(dst, src));
  return rt_cu_leave(r);
}

/* New parameters of the instance's copy of a kernel node (its next launches). */
CUresult cuGraphExecKernelNodeSetParams_v2(CUgraphExec hGraphExec, CUgraphNode hNode,
                                           const CUDA_KERNEL_NODE_PARAMS *nodeParams) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!nodeParams || !rt_graph_exec_valid(rt_cu_exec(hGraphExec))))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    struct cudaGraphNodeParams p = rt_cu_kernel_node(nodeParams);
    r = rt_cu_node_result(rt_graph_exec_set_params(rt_cu_exec(hGraphExec), hNode, &p));
  }
  return rt_cu_leave(r);
}

/* The node's copy: its arguments as kernelParams (one pointer per parameter,
 * owned by the node), extra NULL, the function as func and kern. */
CUresult cuGraphKernelNodeGetParams_v2(CUgraphNode hNode, CUDA_KERNEL_NODE_PARAMS *nodeParams) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!nodeParams || !rt_graph_node_valid(hNode)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && rt_graph_node_type(hNode) != cudaGraphNodeTypeKernel)
    r = CUDA_ERROR_INVALID_VALUE;
  struct cudaGraphNodeParams p;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_graph_node_params(hNode, &p));
  if (r == CUDA_SUCCESS) {
    const struct cudaKernelNodeParamsV2 *k = &p.kernel;
    *nodeParams = (CUDA_KERNEL_NODE_PARAMS){
        (CUfunction)k->func, k->gridDim.x,  k->gridDim.y,      k->gridDim.z,
        k->blockDim.x,       k->blockDim.y, k->blockDim.z,     k->sharedMemBytes,
        k->kernelParams,     k->extra,      (CUkernel)k->func, NULL};
  }
  return rt_cu_leave(r);
}

CUresult cuGraphAddMemsetNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                              const CUgraphNode *dependencies, size_t numDependencies,
                              const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx) {
  (void)ctx; /* every context shares the one device's memory */
  if (!memsetParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemset};
  p.memset = (struct cudaMemsetParamsV2){(void *)(uintptr_t)memsetParams->dst,
                                         memsetParams->pitch,
                                         memsetParams->value,
                                         memsetParams->elementSize,
                                         memsetParams->width,
                                         memsetParams->height};
  return rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
}

/* One operand of a CUDA_MEMCPY3D as a pitched region (host, device or
 * unified memory; CUDA arrays are not supported). */
static CUresult rt_cu_copy_region(CUmemorytype type, const void *host, CUdeviceptr device, size_t x,
                                  size_t y, size_t z, size_t pitch, size_t height, rt_region *out) {
  const unsigned char *base;
  if (type == CU_MEMORYTYPE_HOST)
    base = host;
  else if (type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_UNIFIED)
    base = (const unsigned char *)(uintptr_t)device;
  else if (type == CU_MEMORYTYPE_ARRAY)
    return CUDA_ERROR_NOT_SUPPORTED;
  else
    return CUDA_ERROR_INVALID_VALUE;
  if (!base) return CUDA_ERROR_INVALID_VALUE;
  *out = (rt_region){(void *)(base + (z * height + y) * pitch + x), pitch, pitch * height};
  return CUDA_SUCCESS;
}

/* A CUDA_MEMCPY3D as a memcpy node's parameters: the copy's WidthInBytes x
 * Height x Depth box; the kind comes from the pointers when the graph runs
 * (cudaMemcpyDefault), as the driver's copies. A pitch of 0 stands for the
 * width (rows packed). */
static CUresult rt_cu_memcpy_node(const CUDA_MEMCPY3D *c, struct cudaMemcpy3DParms *out) {
  size_t height = c->Height ? c->Height : 1, depth = c->Depth ? c->Depth : 1;
  size_t src_pitch = c->srcPitch ? c->srcPitch : c->WidthInBytes;
  size_t dst_pitch = c->dstPitch ? c->dstPitch : c->WidthInBytes;
  size_t src_height = c->srcHeight ? c->srcHeight : height;
  size_t dst_height = c->dstHeight ? c->dstHeight : height;
  rt_region src, dst;
  CUresult r = rt_cu_copy_region(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcXInBytes,
                                 c->srcY, c->srcZ, src_pitch, src_height, &src);
  if (r == CUDA_SUCCESS)
    r = rt_cu_copy_region(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstXInBytes, c->dstY,
                          c->dstZ, dst_pitch, dst_height, &dst);
  if (r == CUDA_SUCCESS)
    *out = rt_memory_copy_params(&dst, &src, c->WidthInBytes, height, depth, cudaMemcpyDefault);
  return r;
}

/* A memcpy node's parameters as a CUDA_MEMCPY3D: both operands as
 * CU_MEMORYTYPE_UNIFIED pointers (the kind is found from the pointers
 * anyway), their positions and pitches as stored. */
static CUDA_MEMCPY3D rt_cu_memcpy3d(const struct cudaMemcpy3DParms *p) {
  CUDA_MEMCPY3D c;
  memset(&c, 0, sizeof c);
  c.srcXInBytes = p->srcPos.x;
  c.srcY = p->srcPos.y;
  c.srcZ = p->srcPos.z;
  c.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
  c.srcDevice = (CUdeviceptr)(uintptr_t)p->srcPtr.ptr;
  c.srcPitch = p->srcPtr.pitch;
  c.srcHeight = p->srcPtr.ysize;
  c.dstXInBytes = p->dstPos.x;
  c.dstY = p->dstPos.y;
  c.dstZ = p->dstPos.z;
  c.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
  c.dstDevice = (CUdeviceptr)(uintptr_t)p->dstPtr.ptr;
  c.dstPitch = p->dstPtr.pitch;
  c.dstHeight = p->dstPtr.ysize;
  c.WidthInBytes = p->extent.width;
  c.Height = p->extent.height;
  c.Depth = p->extent.depth;
  return c;
}

CUresult cuGraphAddMemcpyNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                              const CUgraphNode *dependencies, size_t numDependencies,
                              const CUDA_MEMCPY3D *copyParams, CUcontext ctx) {
  (void)ctx; /* every context shares the one device's memory */
  if (!copyParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemcpy};
  CUresult r = rt_cu_memcpy_node(copyParams, &p.memcpy.copyParams);
  if (r != CUDA_SUCCESS) return rt_context_initialised() ? r : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
}

CUresult cuGraphAddHostNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                            const CUgraphNode *dependencies, size_t numDependencies,
                            const CUDA_HOST_NODE_PARAMS *nodeParams) {
  if (!nodeParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeHost};
  p.host = (struct cudaHostNodeParamsV2){nodeParams->fn, nodeParams->userData};
  return rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
}

CUresult cuGraphAddEmptyNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                             const CUgraphNode *dependencies, size_t numDependencies) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeEmpty};
  return rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
}

CUresult cuGraphAddEventRecordNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                   const CUgraphNode *dependencies, size_t numDependencies,
                                   CUevent event) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeEventRecord};
  p.eventRecord.event = rt_cu_event(event);
  return rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
}

CUresult cuGraphAddEventWaitNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                 const CUgraphNode *dependencies, size_t numDependencies,
                                 CUevent event) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeWaitEvent};
  p.eventWait.event = rt_cu_event(event);
  return rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
}

/* The runtime's node types are the driver's numbers (CU_GRAPH_NODE_TYPE_*). */
CUresult cuGraphNodeGetType(CUgraphNode hNode, CUgraphNodeType *type) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!type || !rt_graph_node_valid(hNode))) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) *type = (CUgraphNodeType)rt_graph_node_type(hNode);
  return rt_cu_leave(r);
}

/* CUDA's listing convention: NULL array -> the count; else up to *count
 * entries and *count the number stored. */
static CUresult rt_cu_list_nodes(CUgraph graph, CUgraphNode *nodes, size_t *count, bool roots) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!count || !rt_graph_valid(rt_cu_graph(graph))))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    size_t total = rt_graph_nodes(rt_cu_graph(graph), nodes, nodes ? *count : 0, roots);
    *count = nodes && total > *count ? *count : total;
  }
  return rt_cu_leave(r);
}

CUresult cuGraphGetNodes(CUgraph hGraph, CUgraphNode *nodes, size_t *numNodes) {
  return rt_cu_list_nodes(hGraph, nodes, numNodes, false);
}

CUresult cuGraphGetRootNodes(CUgraph hGraph, CUgraphNode *rootNodes, size_t *numRootNodes) {
  return rt_cu_list_nodes(hGraph, rootNodes, numRootNodes, true);
}

CUresult cuGraphGetEdges_v2(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to,
                            CUgraphEdgeData *edgeData, size_t *numEdges) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!numEdges || (!from) != (!to) || (edgeData && !from) ||
                            !rt_graph_valid(rt_cu_graph(hGraph))))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    size_t total = rt_graph_edges(rt_cu_graph(hGraph), from, to, from ? *numEdges : 0);
    if (from && total > *numEdges) total = *numEdges;
    if (edgeData) memset(edgeData, 0, total * sizeof *edgeData);
    *numEdges = total;
  }
  return rt_cu_leave(r);
}

CUresult cuGraphAddDependencies_v2(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
                                   const CUgraphEdgeData *edgeData, size_t numDependencies) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && numDependencies && (!from || !to)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_cu_edges_default(edgeData, numDependencies))
    r = CUDA_ERROR_NOT_SUPPORTED;
  if (r == CUDA_SUCCESS && !rt_graph_valid(rt_cu_graph(hGraph))) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_graph_edges_change(rt_cu_graph(hGraph), from, to, numDependencies, true));
  return rt_cu_leave(r);
}

CUresult cuGraphDestroyNode(CUgraphNode hNode) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !rt_graph_node_valid(hNode)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) rt_graph_node_destroy(hNode);
  return rt_cu_leave(r);
}

/* ---- instances ------------------------------------------------------------------------ */

/* CUDA 13's cuGraphInstantiate (cuda.h maps it here). Upload at
 * instantiation needs cuGraphInstantiateWithParams' stream (invalid here, as
 * in the runtime); a device launch has no Metal equivalent. */
CUresult cuGraphInstantiateWithFlags(CUgraphExec *phGraphExec, CUgraph hGraph,
                                     unsigned long long flags) {
  const unsigned long long known =
      CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH | CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD |
      CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH | CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY;
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS &&
      (!phGraphExec || (flags & ~known) || (flags & CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_graph_valid(rt_cu_graph(hGraph))) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_sticky_error());
  if (r == CUDA_SUCCESS && (flags & CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH))
    r = CUDA_ERROR_NOT_SUPPORTED;
  cudaGraphExec_t exec = NULL;
  cudaGraphNode_t error_node = NULL;
  cudaGraphInstantiateResult result;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_graph_instantiate(rt_cu_graph(hGraph), flags, &exec, &error_node, &result));
  if (r == CUDA_SUCCESS) *phGraphExec = (CUgraphExec)(void *)exec;
  return rt_cu_leave(r);
}

/* Everything a replay needs was prepared at instantiation: nothing to upload. */
CUresult cuGraphUpload(CUgraphExec hGraphExec, CUstream hStream) {
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS && !rt_graph_exec_valid(rt_cu_exec(hGraphExec)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  return rt_cu_leave(r);
}

/* As cudaGraphLaunch: into a capturing stream CUDA 13 refuses the launch
 * (the capture invalidated). */
CUresult cuGraphLaunch(CUgraphExec hGraphExec, CUstream hStream) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  if (r == CUDA_SUCCESS && !rt_graph_exec_valid(rt_cu_exec(hGraphExec)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_stream_valid(rt_cu_stream(hStream))) r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_capture_sync(rt_cu_stream(hStream)));
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_graph_launch(d, rt_cu_exec(hGraphExec), rt_cu_stream(hStream)));
  return rt_cu_leave(r);
}

CUresult cuGraphExecDestroy(CUgraphExec hGraphExec) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !rt_graph_exec_valid(rt_cu_exec(hGraphExec)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_graph_exec_destroy(rt_cu_exec(hGraphExec)));
  return rt_cu_leave(r);
}

/* ---- more nodes, their parameters, instances (issue 9) ---------------------------------- */

CUresult cuGraphAddChildGraphNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                  const CUgraphNode *dependencies, size_t numDependencies,
                                  CUgraph childGraph) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeGraph};
  p.graph.graph = rt_cu_graph(childGraph);
  return rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
}

/* CUDA_MEM_ALLOC_NODE_PARAMS and the runtime's cudaMemAllocNodeParamsV2 are
 * laid out alike (CUmemPoolProps is cudaMemPoolProps): dptr comes back. */
_Static_assert(sizeof(CUDA_MEM_ALLOC_NODE_PARAMS) == sizeof(struct cudaMemAllocNodeParamsV2),
               "alloc node parameters");
_Static_assert(sizeof(CUmemPoolProps) == sizeof(struct cudaMemPoolProps), "pool properties");

CUresult cuGraphAddMemAllocNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                const CUgraphNode *dependencies, size_t numDependencies,
                                CUDA_MEM_ALLOC_NODE_PARAMS *nodeParams) {
  if (!nodeParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemAlloc};
  memcpy(&p.alloc, nodeParams, sizeof *nodeParams);
  CUresult r = rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
  if (r == CUDA_SUCCESS) nodeParams->dptr = (CUdeviceptr)(uintptr_t)p.alloc.dptr;
  return r;
}

CUresult cuGraphAddMemFreeNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                               const CUgraphNode *dependencies, size_t numDependencies,
                               CUdeviceptr dptr) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemFree};
  p.free.dptr = (void *)(uintptr_t)dptr;
  return rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
}

/* The parameters of a node of the given type (else CUDA_ERROR_INVALID_VALUE). */
static CUresult rt_cu_get(CUgraphNode node, enum cudaGraphNodeType type, const void *out,
                          struct cudaGraphNodeParams *p) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!out || !rt_graph_node_valid(node) || rt_graph_node_type(node) != type))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_graph_node_params(node, p));
  return rt_cu_leave(r);
}

/* New parameters of a graph's node (its later instances see them). */
static CUresult rt_cu_set(CUgraphNode node, struct cudaGraphNodeParams *p) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !rt_graph_node_valid(node)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_node_result(rt_graph_node_set_params(node, p));
  return rt_cu_leave(r);
}

/* New parameters of an instance's copy of a node (its next launches). */
static CUresult rt_cu_exec_set(CUgraphExec exec, CUgraphNode node, struct cudaGraphNodeParams *p) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !rt_graph_exec_valid(rt_cu_exec(exec))) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_node_result(rt_graph_exec_set_params(rt_cu_exec(exec), node, p));
  return rt_cu_leave(r);
}

/* ---- batch memory operation nodes (core_memops.c performs them at replay) ---------- */

/* A batch-memop node's parameters in the core's form: the operations decoded
 * (cu_internal.h; *ops_out the caller frees), the array kept as the node's
 * description. ctx names the one device's context and is not needed. */
static CUresult rt_cu_memop_node(const CUDA_BATCH_MEM_OP_NODE_PARAMS *in,
                                 struct cudaGraphNodeParams *out, rt_memop **ops_out) {
  *ops_out = NULL;
  /* count 0 is an empty node (CUDA 13 on an H100: CUDA_SUCCESS) */
  if (!in || (in->count && !in->paramArray) || in->flags != 0) return CUDA_ERROR_INVALID_VALUE;
  rt_memop *ops = malloc(in->count ? in->count * sizeof *ops : 1);
  if (!ops) return CUDA_ERROR_OUT_OF_MEMORY;
  for (unsigned i = 0; i < in->count; i++) {
    CUresult r = rt_cu_memop_decode(&in->paramArray[i], &ops[i]);
    if (r != CUDA_SUCCESS) {
      free(ops);
      return r;
    }
  }
  memset(out, 0, sizeof *out);
  out->type = (enum cudaGraphNodeType)RT_GRAPH_NODE_MEM_OP;
  *rt_graph_memop_params(out) = (rt_memop_node){ops, in->count, in->paramArray,
                                                in->count * sizeof *in->paramArray, in->flags};
  *ops_out = ops;
  return CUDA_SUCCESS;
}

CUresult cuGraphAddBatchMemOpNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                  const CUgraphNode *dependencies, size_t numDependencies,
                                  const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams) {
  RT_CU_CHECK_INIT();
  struct cudaGraphNodeParams p;
  rt_memop *ops;
  CUresult r = rt_cu_memop_node(nodeParams, &p, &ops);
  if (r == CUDA_SUCCESS) r = rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
  free(ops);
  return r;
}

/* The node's own copy: paramArray points into the node (CUDA: owned by it). */
CUresult cuGraphBatchMemOpNodeGetParams(CUgraphNode hNode,
                                        CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams_out) {
  struct cudaGraphNodeParams p;
  CUresult r = rt_cu_get(hNode, (enum cudaGraphNodeType)RT_GRAPH_NODE_MEM_OP, nodeParams_out, &p);
  if (r == CUDA_SUCCESS) {
    const rt_memop_node *m = rt_graph_memop_params(&p);
    rt_enter();
    rt_ctx *c = rt_context_current();
    rt_leave_unrecorded(cudaSuccess);
    nodeParams_out->ctx = (CUcontext)(void *)(c ? c : rt_context_primary());
    nodeParams_out->count = (unsigned)m->count;
    nodeParams_out->paramArray = (CUstreamBatchMemOpParams *)(uintptr_t)m->description;
    nodeParams_out->flags = m->flags;
  }
  return r;
}

CUresult cuGraphBatchMemOpNodeSetParams(CUgraphNode hNode,
                                        const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams) {
  RT_CU_CHECK_INIT();
  struct cudaGraphNodeParams p;
  rt_memop *ops;
  CUresult r = rt_cu_memop_node(nodeParams, &p, &ops);
  if (r == CUDA_SUCCESS) r = rt_cu_set(hNode, &p);
  free(ops);
  return r;
}

CUresult cuGraphExecBatchMemOpNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                            const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams) {
  RT_CU_CHECK_INIT();
  struct cudaGraphNodeParams p;
  rt_memop *ops;
  CUresult r = rt_cu_memop_node(nodeParams, &p, &ops);
  if (r == CUDA_SUCCESS) r = rt_cu_exec_set(hGraphExec, hNode, &p);
  free(ops);
  return r;
}

CUresult cuGraphChildGraphNodeGetGraph(CUgraphNode hNode, CUgraph *phGraph) {
  struct cudaGraphNodeParams p;
  CUresult r = rt_cu_get(hNode, cudaGraphNodeTypeGraph, phGraph, &p);
  if (r == CUDA_SUCCESS) *phGraph = (CUgraph)(void *)p.graph.graph;
  return r;
}

CUresult cuGraphMemAllocNodeGetParams(CUgraphNode hNode, CUDA_MEM_ALLOC_NODE_PARAMS *params_out) {
  struct cudaGraphNodeParams p;
  CUresult r = rt_cu_get(hNode, cudaGraphNodeTypeMemAlloc, params_out, &p);
  if (r == CUDA_SUCCESS) memcpy(params_out, &p.alloc, sizeof *params_out);
  return r;
}

CUresult cuGraphMemFreeNodeGetParams(CUgraphNode hNode, CUdeviceptr *dptr_out) {
  struct cudaGraphNodeParams p;
  CUresult r = rt_cu_get(hNode, cudaGraphNodeTypeMemFree, dptr_out, &p);
  if (r == CUDA_SUCCESS) *dptr_out = (CUdeviceptr)(uintptr_t)p.free.dptr;
  return r;
}

CUresult cuGraphHostNodeGetParams(CUgraphNode hNode, CUDA_HOST_NODE_PARAMS *nodeParams) {
  struct cudaGraphNodeParams p;
  CUresult r = rt_cu_get(hNode, cudaGraphNodeTypeHost, nodeParams, &p);
  if (r == CUDA_SUCCESS) *nodeParams = (CUDA_HOST_NODE_PARAMS){p.host.fn, p.host.userData};
  return r;
}

static struct cudaGraphNodeParams rt_cu_host_node(const CUDA_HOST_NODE_PARAMS *h) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeHost};
  p.host = (struct cudaHostNodeParamsV2){h->fn, h->userData};
  return p;
}

CUresult cuGraphHostNodeSetParams(CUgraphNode hNode, const CUDA_HOST_NODE_PARAMS *nodeParams) {
  if (!nodeParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = rt_cu_host_node(nodeParams);
  return rt_cu_set(hNode, &p);
}

CUresult cuGraphExecHostNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                      const CUDA_HOST_NODE_PARAMS *nodeParams) {
  if (!nodeParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = rt_cu_host_node(nodeParams);
  return rt_cu_exec_set(hGraphExec, hNode, &p);
}

CUresult cuGraphMemsetNodeGetParams(CUgraphNode hNode, CUDA_MEMSET_NODE_PARAMS *nodeParams) {
  struct cudaGraphNodeParams p;
  CUresult r = rt_cu_get(hNode, cudaGraphNodeTypeMemset, nodeParams, &p);
  if (r == CUDA_SUCCESS)
    *nodeParams = (CUDA_MEMSET_NODE_PARAMS){(CUdeviceptr)(uintptr_t)p.memset.dst,
                                            p.memset.pitch,
                                            p.memset.value,
                                            p.memset.elementSize,
                                            p.memset.width,
                                            p.memset.height};
  return r;
}

static struct cudaGraphNodeParams rt_cu_memset_node(const CUDA_MEMSET_NODE_PARAMS *m) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemset};
  p.memset = (struct cudaMemsetParamsV2){
      (void *)(uintptr_t)m->dst, m->pitch, m->value, m->elementSize, m->width, m->height};
  return p;
}

CUresult cuGraphMemsetNodeSetParams(CUgraphNode hNode, const CUDA_MEMSET_NODE_PARAMS *nodeParams) {
  if (!nodeParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = rt_cu_memset_node(nodeParams);
  return rt_cu_set(hNode, &p);
}

CUresult cuGraphExecMemsetNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                        const CUDA_MEMSET_NODE_PARAMS *memsetParams,
                                        CUcontext ctx) {
  (void)ctx; /* every context shares the one device's memory */
  if (!memsetParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = rt_cu_memset_node(memsetParams);
  return rt_cu_exec_set(hGraphExec, hNode, &p);
}

CUresult cuGraphMemcpyNodeGetParams(CUgraphNode hNode, CUDA_MEMCPY3D *nodeParams) {
  struct cudaGraphNodeParams p;
  CUresult r = rt_cu_get(hNode, cudaGraphNodeTypeMemcpy, nodeParams, &p);
  if (r == CUDA_SUCCESS) *nodeParams = rt_cu_memcpy3d(&p.memcpy.copyParams);
  return r;
}

CUresult cuGraphMemcpyNodeSetParams(CUgraphNode hNode, const CUDA_MEMCPY3D *nodeParams) {
  if (!nodeParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemcpy};
  CUresult r = rt_cu_memcpy_node(nodeParams, &p.memcpy.copyParams);
  if (r != CUDA_SUCCESS) return rt_context_initialised() ? r : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_set(hNode, &p);
}

CUresult cuGraphExecMemcpyNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                        const CUDA_MEMCPY3D *copyParams, CUcontext ctx) {
  (void)ctx; /* every context shares the one device's memory */
  if (!copyParams)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeMemcpy};
  CUresult r = rt_cu_memcpy_node(copyParams, &p.memcpy.copyParams);
  if (r != CUDA_SUCCESS) return rt_context_initialised() ? r : CUDA_ERROR_NOT_INITIALIZED;
  return rt_cu_exec_set(hGraphExec, hNode, &p);
}

static CUresult rt_cu_get_event(CUgraphNode node, enum cudaGraphNodeType type, CUevent *out) {
  struct cudaGraphNodeParams p;
  CUresult r = rt_cu_get(node, type, out, &p);
  if (r == CUDA_SUCCESS) *out = (CUevent)(void *)p.eventRecord.event;
  return r;
}

static struct cudaGraphNodeParams rt_cu_event_node(enum cudaGraphNodeType type, CUevent event) {
  struct cudaGraphNodeParams p = {.type = type};
  p.eventRecord.event = rt_cu_event(event); /* eventWait has the same layout */
  return p;
}

CUresult cuGraphEventRecordNodeGetEvent(CUgraphNode hNode, CUevent *event_out) {
  return rt_cu_get_event(hNode, cudaGraphNodeTypeEventRecord, event_out);
}
CUresult cuGraphEventWaitNodeGetEvent(CUgraphNode hNode, CUevent *event_out) {
  return rt_cu_get_event(hNode, cudaGraphNodeTypeWaitEvent, event_out);
}
CUresult cuGraphEventRecordNodeSetEvent(CUgraphNode hNode, CUevent event) {
  struct cudaGraphNodeParams p = rt_cu_event_node(cudaGraphNodeTypeEventRecord, event);
  return rt_cu_set(hNode, &p);
}
CUresult cuGraphEventWaitNodeSetEvent(CUgraphNode hNode, CUevent event) {
  struct cudaGraphNodeParams p = rt_cu_event_node(cudaGraphNodeTypeWaitEvent, event);
  return rt_cu_set(hNode, &p);
}
CUresult cuGraphExecEventRecordNodeSetEvent(CUgraphExec hGraphExec, CUgraphNode hNode,
                                            CUevent event) {
  struct cudaGraphNodeParams p = rt_cu_event_node(cudaGraphNodeTypeEventRecord, event);
  return rt_cu_exec_set(hGraphExec, hNode, &p);
}
CUresult cuGraphExecEventWaitNodeSetEvent(CUgraphExec hGraphExec, CUgraphNode hNode,
                                          CUevent event) {
  struct cudaGraphNodeParams p = rt_cu_event_node(cudaGraphNodeTypeWaitEvent, event);
  return rt_cu_exec_set(hGraphExec, hNode, &p);
}

CUresult cuGraphExecChildGraphNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                            CUgraph childGraph) {
  struct cudaGraphNodeParams p = {.type = cudaGraphNodeTypeGraph};
  p.graph.graph = rt_cu_graph(childGraph);
  return rt_cu_exec_set(hGraphExec, hNode, &p);
}

/* The generic form: each node type's driver parameters as the core's. Nodes
 * Anchor does not have (external semaphores): CUDA_ERROR_NOT_SUPPORTED. */
static CUresult rt_cu_generic_node(const CUgraphNodeParams *in, struct cudaGraphNodeParams *out,
                                   rt_memop **ops_out) {
  *ops_out = NULL; /* a batch-memop node's operations, the caller frees them */
  if (in->reserved0[0] || in->reserved0[1] || in->reserved0[2]) return CUDA_ERROR_INVALID_VALUE;
  memset(out, 0, sizeof *out);
  out->type = (enum cudaGraphNodeType)in->type;
  switch (in->type) {
  case CU_GRAPH_NODE_TYPE_KERNEL: {
    const CUDA_KERNEL_NODE_PARAMS_v3 *k = &in->kernel;
    CUDA_KERNEL_NODE_PARAMS v2 = {k->func,         k->gridDimX,  k->gridDimY,  k->gridDimZ,
                                  k->blockDimX,    k->blockDimY, k->blockDimZ, k->sharedMemBytes,
                                  k->kernelParams, k->extra,     k->kern,      k->ctx};
    *out = rt_cu_kernel_node(&v2);
    return CUDA_SUCCESS;
  }
  case CU_GRAPH_NODE_TYPE_MEMCPY:
    return rt_cu_memcpy_node(&in->memcpy.copyParams, &out->memcpy.copyParams);
  case CU_GRAPH_NODE_TYPE_MEMSET: {
    const CUDA_MEMSET_NODE_PARAMS_v2 *m = &in->memset;
    CUDA_MEMSET_NODE_PARAMS v1 = {m->dst, m->pitch, m->value, m->elementSize, m->width, m->height};
    *out = rt_cu_memset_node(&v1);
    return CUDA_SUCCESS;
  }
  case CU_GRAPH_NODE_TYPE_HOST:
    out->host = (struct cudaHostNodeParamsV2){in->host.fn, in->host.userData};
    return CUDA_SUCCESS;
  case CU_GRAPH_NODE_TYPE_GRAPH:
    out->graph = (struct cudaChildGraphNodeParams){
        rt_cu_graph(in->graph.graph), (enum cudaGraphChildGraphNodeOwnership)in->graph.ownership};
    return CUDA_SUCCESS;
  case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
    out->eventRecord.event = rt_cu_event(in->eventRecord.event);
    return CUDA_SUCCESS;
  case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
    out->eventWait.event = rt_cu_event(in->eventWait.event);
    return CUDA_SUCCESS;
  case CU_GRAPH_NODE_TYPE_MEM_ALLOC:
    memcpy(&out->alloc, &in->alloc, sizeof out->alloc);
    return CUDA_SUCCESS;
  case CU_GRAPH_NODE_TYPE_MEM_FREE:
    out->free.dptr = (void *)(uintptr_t)in->free.dptr;
    return CUDA_SUCCESS;
  case CU_GRAPH_NODE_TYPE_CONDITIONAL:
    out->conditional = (struct cudaConditionalNodeParams){
        in->conditional.handle, (enum cudaGraphConditionalNodeType)in->conditional.type,
        in->conditional.size, (cudaGraph_t *)(void *)in->conditional.phGraph_out};
    return CUDA_SUCCESS;
  case CU_GRAPH_NODE_TYPE_EMPTY: return CUDA_SUCCESS;
  case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP: {
    CUDA_BATCH_MEM_OP_NODE_PARAMS v1 = {in->memOp.ctx, in->memOp.count, in->memOp.paramArray,
                                        in->memOp.flags};
    return rt_cu_memop_node(&v1, out, ops_out);
  }
  case CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL:
  case CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT: return CUDA_ERROR_NOT_SUPPORTED;
  default: return CUDA_ERROR_INVALID_VALUE;
  }
}

/* cuGraphAddNode: what the node made comes back (an alloc node's dptr, a
 * conditional node's bodies). */
CUresult cuGraphAddNode_v2(CUgraphNode *phGraphNode, CUgraph hGraph,
                           const CUgraphNode *dependencies, const CUgraphEdgeData *dependencyData,
                           size_t numDependencies, CUgraphNodeParams *nodeParams) {
  RT_CU_CHECK_INIT();
  if (!nodeParams) return CUDA_ERROR_INVALID_VALUE;
  if (!rt_cu_edges_default(dependencyData, numDependencies))
    return CUDA_ERROR_NOT_SUPPORTED; /* programmatic dependencies */
  struct cudaGraphNodeParams p;
  rt_memop *ops;
  CUresult r = rt_cu_generic_node(nodeParams, &p, &ops);
  if (r == CUDA_SUCCESS) r = rt_cu_add(phGraphNode, hGraph, dependencies, numDependencies, &p);
  free(ops);
  if (r == CUDA_SUCCESS && p.type == cudaGraphNodeTypeMemAlloc)
    nodeParams->alloc.dptr = (CUdeviceptr)(uintptr_t)p.alloc.dptr;
  if (r == CUDA_SUCCESS && p.type == cudaGraphNodeTypeConditional)
    nodeParams->conditional.phGraph_out = (CUgraph *)(void *)p.conditional.phGraph_out;
  return r;
}

CUresult cuGraphNodeSetParams(CUgraphNode hNode, CUgraphNodeParams *nodeParams) {
  RT_CU_CHECK_INIT();
  if (!nodeParams) return CUDA_ERROR_INVALID_VALUE;
  struct cudaGraphNodeParams p;
  rt_memop *ops;
  CUresult r = rt_cu_generic_node(nodeParams, &p, &ops);
  if (r == CUDA_SUCCESS) r = rt_cu_set(hNode, &p);
  free(ops);
  return r;
}

CUresult cuGraphExecNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                  CUgraphNodeParams *nodeParams) {
  RT_CU_CHECK_INIT();
  if (!nodeParams) return CUDA_ERROR_INVALID_VALUE;
  struct cudaGraphNodeParams p;
  rt_memop *ops;
  CUresult r = rt_cu_generic_node(nodeParams, &p, &ops);
  if (r == CUDA_SUCCESS) r = rt_cu_exec_set(hGraphExec, hNode, &p);
  free(ops);
  return r;
}

CUresult cuGraphConditionalHandleCreate(CUgraphConditionalHandle *pHandle_out, CUgraph hGraph,
                                        CUcontext ctx, unsigned int defaultLaunchValue,
                                        unsigned int flags) {
  (void)ctx; /* one device */
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!pHandle_out || (flags & ~(unsigned)CU_GRAPH_COND_ASSIGN_DEFAULT) ||
                            !rt_graph_valid(rt_cu_graph(hGraph))))
    r = CUDA_ERROR_INVALID_VALUE;
  cudaGraphConditionalHandle handle = 0;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(
        rt_graph_conditional_handle(rt_cu_graph(hGraph), defaultLaunchValue, flags, &handle));
  if (r == CUDA_SUCCESS) *pHandle_out = handle;
  return rt_cu_leave(r);
}

/* ---- structure ---------------------------------------------------------------------------- */

CUresult cuGraphNodeFindInClone(CUgraphNode *phNode, CUgraphNode hOriginalNode,
                                CUgraph hClonedGraph) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!phNode || !rt_graph_valid(rt_cu_graph(hClonedGraph))))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    *phNode = rt_graph_find_in_clone(hOriginalNode, rt_cu_graph(hClonedGraph));
    if (!*phNode) r = CUDA_ERROR_INVALID_VALUE;
  }
  return rt_cu_leave(r);
}

static CUresult rt_cu_neighbours(CUgraphNode node, CUgraphNode *out, CUgraphEdgeData *edgeData,
                                 size_t *count, bool dependents) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!count || (edgeData && !out) || !rt_graph_node_valid(node)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    size_t total = rt_graph_node_neighbours(node, dependents, out, out ? *count : 0);
    if (out && total > *count) total = *count;
    if (edgeData) memset(edgeData, 0, total * sizeof *edgeData);
    *count = total;
  }
  return rt_cu_leave(r);
}

CUresult cuGraphNodeGetDependencies_v2(CUgraphNode hNode, CUgraphNode *dependencies,
                                       CUgraphEdgeData *edgeData, size_t *numDependencies) {
  return rt_cu_neighbours(hNode, dependencies, edgeData, numDependencies, false);
}

CUresult cuGraphNodeGetDependentNodes_v2(CUgraphNode hNode, CUgraphNode *dependentNodes,
                                         CUgraphEdgeData *edgeData, size_t *numDependentNodes) {
  return rt_cu_neighbours(hNode, dependentNodes, edgeData, numDependentNodes, true);
}

CUresult cuGraphRemoveDependencies_v2(CUgraph hGraph, const CUgraphNode *from,
                                      const CUgraphNode *to, const CUgraphEdgeData *edgeData,
                                      size_t numDependencies) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && numDependencies && (!from || !to)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_cu_edges_default(edgeData, numDependencies))
    r = CUDA_ERROR_NOT_SUPPORTED;
  if (r == CUDA_SUCCESS && !rt_graph_valid(rt_cu_graph(hGraph))) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_graph_edges_change(rt_cu_graph(hGraph), from, to, numDependencies, false));
  return rt_cu_leave(r);
}

/* The graph as DOT (CU_GRAPH_DEBUG_DOT_FLAGS_* are the runtime's flags). */
CUresult cuGraphDebugDotPrint(CUgraph hGraph, const char *path, unsigned int flags) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!path || !rt_graph_valid(rt_cu_graph(hGraph))))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_graph_dot(rt_cu_graph(hGraph), path, flags));
  return rt_cu_leave(r);
}

/* ---- instances ---------------------------------------------------------------------------- */

/* With the upload flag the instance is uploaded to hUploadStream (nothing to
 * upload: the stream is checked). */
CUresult cuGraphInstantiateWithParams(CUgraphExec *phGraphExec, CUgraph hGraph,
                                      CUDA_GRAPH_INSTANTIATE_PARAMS *instantiateParams) {
  const unsigned long long known =
      CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH | CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD |
      CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH | CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY;
  CUresult r = rt_cu_enter_context();
  if (r == CUDA_SUCCESS &&
      (!phGraphExec || !instantiateParams || (instantiateParams->flags & ~known)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_graph_valid(rt_cu_graph(hGraph))) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && (instantiateParams->flags & CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD) &&
      !rt_stream_valid(rt_cu_stream(instantiateParams->hUploadStream)))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_sticky_error());
  if (r == CUDA_SUCCESS && (instantiateParams->flags & CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH))
    r = CUDA_ERROR_NOT_SUPPORTED;
  if (r == CUDA_SUCCESS) {
    cudaGraphExec_t exec = NULL;
    cudaGraphNode_t error_node = NULL;
    cudaGraphInstantiateResult result = cudaGraphInstantiateSuccess;
    r = rt_cu_result(rt_graph_instantiate(rt_cu_graph(hGraph), instantiateParams->flags, &exec,
                                          &error_node, &result));
    instantiateParams->hErrNode_out = error_node;
    instantiateParams->result_out = (CUgraphInstantiateResult)result;
    if (r == CUDA_SUCCESS) *phGraphExec = (CUgraphExec)(void *)exec;
  }
  return rt_cu_leave(r);
}

CUresult cuGraphExecGetFlags(CUgraphExec hGraphExec, cuuint64_t *flags) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!flags || !rt_graph_exec_valid(rt_cu_exec(hGraphExec))))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) *flags = rt_graph_exec_flags(rt_cu_exec(hGraphExec));
  return rt_cu_leave(r);
}

/* Kernel, memcpy and memset nodes of an instance can be turned off and on. */
CUresult cuGraphNodeSetEnabled(CUgraphExec hGraphExec, CUgraphNode hNode, unsigned int isEnabled) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !rt_graph_exec_valid(rt_cu_exec(hGraphExec)))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_graph_exec_enable(rt_cu_exec(hGraphExec), hNode, isEnabled != 0, NULL));
  return rt_cu_leave(r);
}

CUresult cuGraphNodeGetEnabled(CUgraphExec hGraphExec, CUgraphNode hNode, unsigned int *isEnabled) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!isEnabled || !rt_graph_exec_valid(rt_cu_exec(hGraphExec))))
    r = CUDA_ERROR_INVALID_VALUE;
  bool enabled = false;
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_graph_exec_enable(rt_cu_exec(hGraphExec), hNode, false, &enabled));
  if (r == CUDA_SUCCESS) *isEnabled = enabled;
  return rt_cu_leave(r);
}

/* The graph's parameters replace the instance's when it has the same
 * topology; otherwise CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE and resultInfo
 * says why (the runtime's cudaGraphExecUpdate, core_graph.c). */
CUresult cuGraphExecUpdate_v2(CUgraphExec hGraphExec, CUgraph hGraph,
                              CUgraphExecUpdateResultInfo *resultInfo) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (!resultInfo || !rt_graph_exec_valid(rt_cu_exec(hGraphExec)) ||
                            !rt_graph_valid(rt_cu_graph(hGraph))))
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    cudaGraphExecUpdateResultInfo info;
    memset(&info, 0, sizeof info);
    r = rt_cu_result(rt_graph_exec_update(rt_cu_exec(hGraphExec), rt_cu_graph(hGraph), &info));
    *resultInfo = (CUgraphExecUpdateResultInfo){(CUgraphExecUpdateResult)info.result,
                                                info.errorNode, info.errorFromNode};
  }
  return rt_cu_leave(r);
}
