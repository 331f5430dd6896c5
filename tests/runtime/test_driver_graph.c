/* tests/runtime/test_driver_graph.c — the driver API's graph calls beyond
 * e2e.driver_graph (issue 9; docs/runtime.md "Driver API"): every node type's
 * parameters read back and changed in a graph and in an instance (memset,
 * memcpy, host, event, child graph), nodes turned off and on,
 * cuGraphExecUpdate with the same and with another topology, memory
 * allocation and free nodes, the generic cuGraphAddNode/cuGraphNodeSetParams/
 * cuGraphExecNodeSetParams forms, conditional nodes, dependencies, clones, DOT
 * output and cuGraphInstantiateWithParams — each checked on the values the
 * replays leave in memory. No kernels, so the sanitizer build runs it too. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cuda.h"

#define CHECK_CU CHECK_DRV

enum { N = 256 };
static CUstream stream;

static void CUDA_CB add_one(void *data) {
  ++*(int *)data;
}
static void CUDA_CB add_ten(void *data) {
  *(int *)data += 10;
}

static CUDA_MEMSET_NODE_PARAMS memset_params(CUdeviceptr dst, unsigned value) {
  CUDA_MEMSET_NODE_PARAMS m = {dst, 0, value, 4, N, 1};
  return m;
}

/* Every word of p[0..N) equals want. */
static int all_equal(CUdeviceptr p, uint32_t want) {
  uint32_t host[N];
  CHECK_CU(cuMemcpyDtoH(host, p, sizeof host), CUDA_SUCCESS);
  for (int i = 0; i < N; i++)
    if (host[i] != want) return 0;
  return 1;
}

static void launch(CUgraphExec exec) {
  CHECK_CU(cuGraphLaunch(exec, stream), CUDA_SUCCESS);
  CHECK_CU(cuStreamSynchronize(stream), CUDA_SUCCESS);
}

/* memset -> memcpy (device to host) -> host node; then each changed. */
static void node_parameters(CUdeviceptr a, CUdeviceptr b) {
  static uint32_t out[N];
  int counter = 0;
  CUgraph g;
  CUgraphNode set, copy, host, record;
  CHECK_CU(cuGraphCreate(&g, 0), CUDA_SUCCESS);
  CUDA_MEMSET_NODE_PARAMS m = memset_params(a, 0x11111111);
  CHECK_CU(cuGraphAddMemsetNode(&set, g, NULL, 0, &m, NULL), CUDA_SUCCESS);
  CUDA_MEMCPY3D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  c.srcDevice = a;
  c.dstMemoryType = CU_MEMORYTYPE_HOST;
  c.dstHost = out;
  c.WidthInBytes = sizeof out;
  c.Height = c.Depth = 1;
  CHECK_CU(cuGraphAddMemcpyNode(&copy, g, &set, 1, &c, NULL), CUDA_SUCCESS);
  CUDA_HOST_NODE_PARAMS h = {add_one, &counter};
  CHECK_CU(cuGraphAddHostNode(&host, g, &copy, 1, &h), CUDA_SUCCESS);
  CUevent e1, e2;
  CHECK_CU(cuEventCreate(&e1, 0), CUDA_SUCCESS);
  CHECK_CU(cuEventCreate(&e2, 0), CUDA_SUCCESS);
  CHECK_CU(cuGraphAddEventRecordNode(&record, g, &host, 1, e1), CUDA_SUCCESS);

  /* read back */
  CUDA_MEMSET_NODE_PARAMS m2;
  CHECK_CU(cuGraphMemsetNodeGetParams(set, &m2), CUDA_SUCCESS);
  CHECK(m2.dst == a && m2.value == 0x11111111 && m2.elementSize == 4 && m2.width == N &&
        m2.height == 1);
  CUDA_MEMCPY3D c2;
  CHECK_CU(cuGraphMemcpyNodeGetParams(copy, &c2), CUDA_SUCCESS);
  CHECK(c2.WidthInBytes == sizeof out && c2.Height == 1 && c2.Depth == 1 &&
        c2.srcMemoryType == CU_MEMORYTYPE_UNIFIED && c2.srcDevice == a &&
        c2.dstDevice == (CUdeviceptr)(uintptr_t)out);
  CUDA_HOST_NODE_PARAMS h2;
  CHECK_CU(cuGraphHostNodeGetParams(host, &h2), CUDA_SUCCESS);
  CHECK(h2.fn == add_one && h2.userData == &counter);
  CUevent got = NULL;
  CHECK_CU(cuGraphEventRecordNodeGetEvent(record, &got), CUDA_SUCCESS);
  CHECK(got == e1);
  CHECK_CU(cuGraphEventWaitNodeGetEvent(record, &got), CUDA_ERROR_INVALID_VALUE); /* type */
  CHECK_CU(cuGraphMemsetNodeGetParams(copy, &m2), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuGraphHostNodeGetParams(host, NULL), CUDA_ERROR_INVALID_VALUE);

  CUgraphExec x;
  CHECK_CU(cuGraphInstantiate(&x, g, 0), CUDA_SUCCESS);
  launch(x);
  CHECK(counter == 1 && out[0] == 0x11111111 && out[N - 1] == 0x11111111);

  /* the instance's copies change, the graph's stay */
  CUDA_MEMSET_NODE_PARAMS m3 = memset_params(a, 0x22222222);
  CHECK_CU(cuGraphExecMemsetNodeSetParams(x, set, &m3, NULL), CUDA_SUCCESS);
  CUDA_HOST_NODE_PARAMS h3 = {add_ten, &counter};
  CHECK_CU(cuGraphExecHostNodeSetParams(x, host, &h3), CUDA_SUCCESS);
  c2.srcDevice = b; /* the round trip of the read-back form works as input */
  CHECK_CU(cuMemsetD32(b, 0x33333333, N), CUDA_SUCCESS);
  CHECK_CU(cuGraphExecMemcpyNodeSetParams(x, copy, &c2, NULL), CUDA_SUCCESS);
  CHECK_CU(cuGraphExecEventRecordNodeSetEvent(x, record, e2), CUDA_SUCCESS);
  launch(x);
  CHECK(counter == 11 && out[0] == 0x33333333 && all_equal(a, 0x22222222));
  CHECK_CU(cuEventQuery(e2), CUDA_SUCCESS);
  CHECK_CU(cuGraphMemsetNodeGetParams(set, &m2), CUDA_SUCCESS);
  CHECK(m2.value == 0x11111111);
  CHECK_CU(cuGraphExecMemsetNodeSetParams(x, copy, &m3, NULL), CUDA_ERROR_INVALID_VALUE);

  /* turned off: the memset does not run, the copy does */
  unsigned enabled = 7;
  CHECK_CU(cuGraphNodeGetEnabled(x, set, &enabled), CUDA_SUCCESS);
  CHECK(enabled == 1);
  CHECK_CU(cuGraphNodeSetEnabled(x, set, 0), CUDA_SUCCESS);
  CHECK_CU(cuGraphNodeGetEnabled(x, set, &enabled), CUDA_SUCCESS);
  CHECK(enabled == 0);
  CHECK_CU(cuMemsetD32(a, 0x44444444, N), CUDA_SUCCESS);
  launch(x);
  CHECK(all_equal(a, 0x44444444) && counter == 21);
  CHECK_CU(cuGraphNodeSetEnabled(x, set, 1), CUDA_SUCCESS);
  CHECK_CU(cuGraphNodeSetEnabled(x, host, 0), CUDA_ERROR_INVALID_VALUE); /* host nodes: no */
  launch(x);
  CHECK(all_equal(a, 0x22222222));

  /* the graph's own nodes change for the next instance */
  CHECK_CU(cuGraphMemsetNodeSetParams(set, &m3), CUDA_SUCCESS);
  CHECK_CU(cuGraphHostNodeSetParams(host, &h3), CUDA_SUCCESS);
  c.dstHost = out + N / 2;
  c.WidthInBytes = sizeof out / 2;
  CHECK_CU(cuGraphMemcpyNodeSetParams(copy, &c), CUDA_SUCCESS);
  CHECK_CU(cuGraphEventRecordNodeSetEvent(record, e2), CUDA_SUCCESS);
  CUgraphExec x2;
  memset(out, 0, sizeof out);
  CHECK_CU(cuGraphInstantiate(&x2, g, 0), CUDA_SUCCESS);
  launch(x2);
  CHECK(out[0] == 0 && out[N / 2] == 0x22222222 && out[N - 1] == 0x22222222 && counter == 41);

  /* cuGraphExecUpdate: the same topology with other values ... */
  CUgraph g2;
  CHECK_CU(cuGraphClone(&g2, g), CUDA_SUCCESS);
  CUgraphNode set2 = NULL;
  CHECK_CU(cuGraphNodeFindInClone(&set2, set, g2), CUDA_SUCCESS);
  CHECK(set2 != NULL && set2 != set);
  CHECK_CU(cuGraphNodeFindInClone(&set2, set, g), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuGraphNodeFindInClone(&set2, set, g2), CUDA_SUCCESS);
  CUDA_MEMSET_NODE_PARAMS m5 = memset_params(a, 0x55555555);
  CHECK_CU(cuGraphMemsetNodeSetParams(set2, &m5), CUDA_SUCCESS);
  CUgraphExecUpdateResultInfo info;
  memset(&info, 0xff, sizeof info);
  CHECK_CU(cuGraphExecUpdate(x, g2, &info), CUDA_SUCCESS);
  CHECK(info.result == CU_GRAPH_EXEC_UPDATE_SUCCESS);
  launch(x);
  CHECK(all_equal(a, 0x55555555));
  /* ... and another topology: refused, the reason given */
  CUgraphNode extra;
  CHECK_CU(cuGraphAddEmptyNode(&extra, g2, NULL, 0), CUDA_SUCCESS);
  CHECK_CU(cuGraphExecUpdate(x, g2, &info), CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE);
  CHECK(info.result != CU_GRAPH_EXEC_UPDATE_SUCCESS);
  printf("cuGraphExecUpdate with a node added: result %d\n", (int)info.result);
  CHECK_CU(cuGraphExecUpdate(x, g2, NULL), CUDA_ERROR_INVALID_VALUE);

  /* dependencies */
  CUgraphNode deps[4];
  size_t count = 4;
  CHECK_CU(cuGraphNodeGetDependencies(copy, deps, NULL, &count), CUDA_SUCCESS);
  CHECK(count == 1 && deps[0] == set);
  count = 0;
  CHECK_CU(cuGraphNodeGetDependentNodes(copy, NULL, NULL, &count), CUDA_SUCCESS);
  CHECK(count == 1);
  CUgraphEdgeData edges[4];
  memset(edges, 0xff, sizeof edges);
  count = 4;
  CHECK_CU(cuGraphNodeGetDependentNodes(copy, deps, edges, &count), CUDA_SUCCESS);
  CHECK(count == 1 && deps[0] == host && edges[0].type == 0 && edges[0].from_port == 0);
  CHECK_CU(cuGraphRemoveDependencies(g, &copy, &host, NULL, 1), CUDA_SUCCESS);
  count = 4;
  CHECK_CU(cuGraphNodeGetDependencies(host, deps, NULL, &count), CUDA_SUCCESS);
  CHECK(count == 0);
  CHECK_CU(cuGraphRemoveDependencies(g, &copy, &host, NULL, 1), CUDA_ERROR_INVALID_VALUE);

  /* DOT */
  char path[] = "/tmp/anchor_driver_graph_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  CHECK_CU(cuGraphDebugDotPrint(g, path, CU_GRAPH_DEBUG_DOT_FLAGS_VERBOSE), CUDA_SUCCESS);
  FILE *f = fopen(path, "r");
  char text[64] = {0};
  CHECK(f && fread(text, 1, sizeof text - 1, f) > 0 && strstr(text, "digraph"));
  if (f) fclose(f);
  remove(path);
  CHECK_CU(cuGraphDebugDotPrint(g, NULL, 0), CUDA_ERROR_INVALID_VALUE);

  CHECK_CU(cuGraphExecDestroy(x), CUDA_SUCCESS);
  CHECK_CU(cuGraphExecDestroy(x2), CUDA_SUCCESS);
  CHECK_CU(cuGraphDestroy(g), CUDA_SUCCESS);
  CHECK_CU(cuGraphDestroy(g2), CUDA_SUCCESS);
  CHECK_CU(cuEventDestroy(e1), CUDA_SUCCESS);
  CHECK_CU(cuEventDestroy(e2), CUDA_SUCCESS);
}

/* A child graph node; the instance's child replaced by another of the same shape. */
static void child_graphs(CUdeviceptr a) {
  CUgraph child, child2, g;
  CUgraphNode n, node;
  CHECK_CU(cuGraphCreate(&child, 0), CUDA_SUCCESS);
  CHECK_CU(cuGraphCreate(&child2, 0), CUDA_SUCCESS);
  CHECK_CU(cuGraphCreate(&g, 0), CUDA_SUCCESS);
  CUDA_MEMSET_NODE_PARAMS m = memset_params(a, 0x66666666);
  CHECK_CU(cuGraphAddMemsetNode(&n, child, NULL, 0, &m, NULL), CUDA_SUCCESS);
  m = memset_params(a, 0x77777777);
  CHECK_CU(cuGraphAddMemsetNode(&n, child2, NULL, 0, &m, NULL), CUDA_SUCCESS);
  CHECK_CU(cuGraphAddChildGraphNode(&node, g, NULL, 0, child), CUDA_SUCCESS);
  CUgraph inside = NULL;
  CHECK_CU(cuGraphChildGraphNodeGetGraph(node, &inside), CUDA_SUCCESS);
  CHECK(inside != NULL && inside != child);                   /* the node's own copy */
  CHECK_CU(cuGraphDestroy(inside), CUDA_ERROR_INVALID_VALUE); /* the node owns it */
  size_t count = 0;
  CHECK_CU(cuGraphGetNodes(inside, NULL, &count), CUDA_SUCCESS);
  CHECK(count == 1);
  CUgraphExec x;
  CHECK_CU(cuGraphInstantiate(&x, g, 0), CUDA_SUCCESS);
  launch(x);
  CHECK(all_equal(a, 0x66666666));
  CHECK_CU(cuGraphExecChildGraphNodeSetParams(x, node, child2), CUDA_SUCCESS);
  launch(x);
  CHECK(all_equal(a, 0x77777777));
  CHECK_CU(cuGraphExecDestroy(x), CUDA_SUCCESS);
  CHECK_CU(cuGraphDestroy(g), CUDA_SUCCESS);
  CHECK_CU(cuGraphDestroy(child), CUDA_SUCCESS);
  CHECK_CU(cuGraphDestroy(child2), CUDA_SUCCESS);
}

/* alloc -> memset -> copy out -> free, through the typed and the generic calls. */
static void memory_nodes(void) {
  static uint32_t out[N];
  CUgraph g;
  CHECK_CU(cuGraphCreate(&g, 0), CUDA_SUCCESS);
  CUDA_MEM_ALLOC_NODE_PARAMS alloc;
  memset(&alloc, 0, sizeof alloc);
  alloc.poolProps.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
  alloc.poolProps.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  alloc.poolProps.location.id = 0;
  alloc.bytesize = N * 4;
  CUgraphNode a, set, copy, release;
  CHECK_CU(cuGraphAddMemAllocNode(&a, g, NULL, 0, &alloc), CUDA_SUCCESS);
  CHECK(alloc.dptr != 0);
  CUDA_MEM_ALLOC_NODE_PARAMS back;
  CHECK_CU(cuGraphMemAllocNodeGetParams(a, &back), CUDA_SUCCESS);
  CHECK(back.dptr == alloc.dptr && back.bytesize == N * 4);
  /* the generic form of a memset node */
  CUgraphNodeParams p;
  memset(&p, 0, sizeof p);
  p.type = CU_GRAPH_NODE_TYPE_MEMSET;
  p.memset = (CUDA_MEMSET_NODE_PARAMS_v2){alloc.dptr, 0, 0x01020304, 4, N, 1, NULL};
  CHECK_CU(cuGraphAddNode(&set, g, &a, NULL, 1, &p), CUDA_SUCCESS);
  memset(&p, 0, sizeof p);
  p.type = CU_GRAPH_NODE_TYPE_MEMCPY;
  p.memcpy.copyParams.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  p.memcpy.copyParams.srcDevice = alloc.dptr;
  p.memcpy.copyParams.dstMemoryType = CU_MEMORYTYPE_HOST;
  p.memcpy.copyParams.dstHost = out;
  p.memcpy.copyParams.WidthInBytes = sizeof out;
  p.memcpy.copyParams.Height = p.memcpy.copyParams.Depth = 1;
  CHECK_CU(cuGraphAddNode(&copy, g, &set, NULL, 1, &p), CUDA_SUCCESS);
  CHECK_CU(cuGraphAddMemFreeNode(&release, g, &copy, 1, alloc.dptr), CUDA_SUCCESS);
  CUdeviceptr freed = 0;
  CHECK_CU(cuGraphMemFreeNodeGetParams(release, &freed), CUDA_SUCCESS);
  CHECK(freed == alloc.dptr);

  /* instantiated with parameters: uploaded to the stream, the flags read back */
  CUDA_GRAPH_INSTANTIATE_PARAMS ip = {CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD, stream, NULL,
                                      CUDA_GRAPH_INSTANTIATE_ERROR};
  CUgraphExec x;
  CHECK_CU(cuGraphInstantiateWithParams(&x, g, &ip), CUDA_SUCCESS);
  CHECK(ip.result_out == CUDA_GRAPH_INSTANTIATE_SUCCESS && ip.hErrNode_out == NULL);
  cuuint64_t flags = 99;
  CHECK_CU(cuGraphExecGetFlags(x, &flags), CUDA_SUCCESS);
  CHECK(flags == CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD);
  launch(x);
  CHECK(out[0] == 0x01020304 && out[N - 1] == 0x01020304);

  /* the generic setters: the graph's node, the instance's node */
  memset(&p, 0, sizeof p);
  p.type = CU_GRAPH_NODE_TYPE_MEMSET;
  p.memset = (CUDA_MEMSET_NODE_PARAMS_v2){alloc.dptr, 0, 0x0a0b0c0d, 4, N, 1, NULL};
  CHECK_CU(cuGraphExecNodeSetParams(x, set, &p), CUDA_SUCCESS);
  launch(x);
  CHECK(out[0] == 0x0a0b0c0d && out[N - 1] == 0x0a0b0c0d);
  p.memset.value = 0x0e0e0e0e;
  CHECK_CU(cuGraphNodeSetParams(set, &p), CUDA_SUCCESS);
  CUDA_MEMSET_NODE_PARAMS m;
  CHECK_CU(cuGraphMemsetNodeGetParams(set, &m), CUDA_SUCCESS);
  CHECK(m.value == 0x0e0e0e0e);
  p.type = CU_GRAPH_NODE_TYPE_HOST; /* another type */
  CHECK_CU(cuGraphNodeSetParams(set, &p), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuGraphExecDestroy(x), CUDA_SUCCESS);

  /* what Anchor has no node for, and bad generic parameters */
  CUgraphNode none;
  memset(&p, 0, sizeof p);
  p.type = CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL;
  CHECK_CU(cuGraphAddNode(&none, g, NULL, NULL, 0, &p), CUDA_ERROR_NOT_SUPPORTED);
  /* no operations: an empty node, as CUDA 13 takes one (H100; e2e graph_memops has nodes) */
  p.type = CU_GRAPH_NODE_TYPE_BATCH_MEM_OP;
  CHECK_CU(cuGraphAddNode(&none, g, NULL, NULL, 0, &p), CUDA_SUCCESS);
  p.type = CU_GRAPH_NODE_TYPE_EMPTY;
  p.reserved0[1] = 1;
  CHECK_CU(cuGraphAddNode(&none, g, NULL, NULL, 0, &p), CUDA_ERROR_INVALID_VALUE);
  p.reserved0[1] = 0;
  CHECK_CU(cuGraphAddNode(&none, g, NULL, NULL, 0, &p), CUDA_SUCCESS);
  p.type = (CUgraphNodeType)77;
  CHECK_CU(cuGraphAddNode(&none, g, NULL, NULL, 0, &p), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuGraphAddNode(&none, g, NULL, NULL, 0, NULL), CUDA_ERROR_INVALID_VALUE);
  CHECK_CU(cuGraphDestroy(g), CUDA_SUCCESS);
}

/* An if node made by cuGraphAddNode: its body runs when the handle's default is 1. */
static void conditional_nodes(CUdeviceptr a) {
  for (unsigned value = 0; value <= 1; value++) {
    CUgraph g;
    CHECK_CU(cuGraphCreate(&g, 0), CUDA_SUCCESS);
    CUgraphConditionalHandle handle = 0;
    CHECK_CU(cuGraphConditionalHandleCreate(&handle, g, NULL, value, CU_GRAPH_COND_ASSIGN_DEFAULT),
             CUDA_SUCCESS);
    CHECK_CU(cuGraphConditionalHandleCreate(&handle, g, NULL, value, 2), CUDA_ERROR_INVALID_VALUE);
    CUgraphNodeParams p;
    memset(&p, 0, sizeof p);
    p.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
    p.conditional.handle = handle;
    p.conditional.type = CU_GRAPH_COND_TYPE_IF;
    p.conditional.size = 1;
    CUgraphNode node, inner;
    CHECK_CU(cuGraphAddNode(&node, g, NULL, NULL, 0, &p), CUDA_SUCCESS);
    CHECK(p.conditional.phGraph_out != NULL && p.conditional.phGraph_out[0] != NULL);
    CUDA_MEMSET_NODE_PARAMS m = memset_params(a, 0x0f0f0f0f);
    CHECK_CU(cuGraphAddMemsetNode(&inner, p.conditional.phGraph_out[0], NULL, 0, &m, NULL),
             CUDA_SUCCESS);
    CHECK_CU(cuMemsetD32(a, 0, N), CUDA_SUCCESS);
    CUgraphExec x;
    CHECK_CU(cuGraphInstantiate(&x, g, 0), CUDA_SUCCESS);
    launch(x);
    CHECK(all_equal(a, value ? 0x0f0f0f0f : 0));
    CHECK_CU(cuGraphExecDestroy(x), CUDA_SUCCESS);
    CHECK_CU(cuGraphDestroy(g), CUDA_SUCCESS);
  }
}

int main(void) {
  CUcontext ctx = NULL;
  CHECK_CU(cuInit(0), CUDA_SUCCESS);
  CHECK_CU(cuDevicePrimaryCtxRetain(&ctx, 0), CUDA_SUCCESS);
  CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
  CHECK_CU(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CUdeviceptr a, b;
  CHECK_CU(cuMemAlloc(&a, N * 4), CUDA_SUCCESS);
  CHECK_CU(cuMemAlloc(&b, N * 4), CUDA_SUCCESS);
  node_parameters(a, b);
  child_graphs(a);
  memory_nodes();
  conditional_nodes(a);
  CHECK_CU(cuMemFree(a), CUDA_SUCCESS);
  CHECK_CU(cuMemFree(b), CUDA_SUCCESS);
  CHECK_CU(cuStreamDestroy(stream), CUDA_SUCCESS);
  return check_finish("test_driver_graph");
}
