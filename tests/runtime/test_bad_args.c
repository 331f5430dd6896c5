/* tests/runtime/test_bad_args.c — issue 10: libanchor under bad arguments, run in CI
 * under ASan/UBSan (scripts/test.sh's sanitizer stage). First the shared table
 * (tests/e2e/api_bad_args_table.h: every code CUDA gives, the same calls that
 * tests/e2e/api_bad_args.cu makes on the H200), then what CUDA leaves undefined and
 * Anchor must still answer with an error, never a crash or a hang: NULL, destroyed
 * and foreign (stack-memory) handles of every kind — streams, events, graphs, nodes,
 * executable graphs, pools, libraries, modules, functions, kernels, contexts — and
 * the entry points of clang's generated code misused. A watchdog alarm turns a hang
 * into a failure. With --covered it prints the API functions the test calls, one a
 * line (tests/runtime/bad_args_coverage.sh compares them with libanchor's exports). */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "handmade.h"

#define BAD_ARGS_ANCHOR_ONLY 1
#include "api_bad_args_table.h"

/* The names of the functions called (bad_args_note_name), for --covered. */
static char covered_names[1024][64];
static int covered_count;
void bad_args_covered(const char *name, size_t length) {
  if (length == 0 || length >= 64) return;
  for (int i = 0; i < covered_count; i++)
    if (strlen(covered_names[i]) == length && !memcmp(covered_names[i], name, length)) return;
  if (covered_count < 1024) {
    memcpy(covered_names[covered_count], name, length);
    covered_names[covered_count++][length] = 0;
  }
}

/* An error of any code (UB in CUDA: Anchor's code is printed, must not be success). */
static void bad_args_error(const char *text, int got, int driver, int line) {
  bad_args_report(text, got, got, 1, driver, line);
  if (got == 0) {
    printf("FAIL: line %d: %s succeeded\n", line, text);
    bad_args_failures++;
  }
}
#define RT_ERR(call) bad_args_error(#call, (int)(call), 0, __LINE__)
#define DRV_ERR(call) bad_args_error(#call, (int)(call), 1, __LINE__)

/* kernel(int *out): out[tid] = tid. */
static const char msl[] = "#include <metal_stdlib>\nusing namespace metal;\n"
                          "kernel void kernel_ids(" ABI_ARGS ") {\n"
                          "  ulong out = *(constant ulong *)(anchor_params + 0);\n"
                          "  *reinterpret_cast<device int *>(out + (ulong)anchor_tid.x * 4 + "
                          "anchor_ctx[0]) = (int)anchor_tid.x;\n"
                          "}\n";
static ac_param kernel_params[] = {{0, 8}};
/* designated: the fields not named (new ones too) are zero */
static const ac_kernel kernels[] = {
    {.name = "kernel_ids", .param_bytes = 8, .param_count = 1, .params = kernel_params}};
static void kernel_stub(void) {}

static void CUDART_CB host_fn(void *data) {
  (void)data;
}
static void CUDART_CB stream_cb(cudaStream_t s, cudaError_t status, void *data) {
  (void)s, (void)status, (void)data;
}
static void CUDA_CB drv_host_fn(void *data) {
  (void)data;
}

/* Streams and events: destroyed, foreign (an address on the stack) and NULL. */
static void undefined_streams(void) {
  cudaStream_t dead = NULL, live = NULL;
  cudaEvent_t dead_event = NULL, live_event = NULL;
  char foreign_bytes[64] = {0};
  cudaStream_t foreign = (cudaStream_t)(void *)foreign_bytes;
  cudaEvent_t foreign_event = (cudaEvent_t)(void *)foreign_bytes;
  char host[16] = {0};
  int *d = NULL, prio = 0, dev = 0;
  unsigned flags = 0;
  unsigned long long id = 0;
  float ms = 0;
  void *p = NULL;
  enum cudaStreamCaptureStatus status;
  struct cudaMemLocation loc = {cudaMemLocationTypeDevice, 0};
  dim3 one = {1, 1, 1};
  void *args[] = {&d};
  cudaGraph_t graph = NULL;
  RT(cudaSuccess, cudaMalloc((void **)&d, 256));
  struct cudaMemcpy3DParms copy3d;
  struct cudaMemcpy3DPeerParms peer3d;
  memset(&copy3d, 0, sizeof copy3d);
  memset(&peer3d, 0, sizeof peer3d);
  struct cudaPitchedPtr pitched = make_cudaPitchedPtr(d, 64, 16, 2);
  struct cudaExtent extent = make_cudaExtent(16, 2, 1);
  copy3d.srcPtr = peer3d.srcPtr = make_cudaPitchedPtr(host, 16, 16, 1);
  copy3d.dstPtr = peer3d.dstPtr = pitched;
  copy3d.extent = peer3d.extent = make_cudaExtent(16, 1, 1);
  copy3d.kind = cudaMemcpyHostToDevice;
  RT(cudaSuccess, cudaStreamCreate(&dead));
  RT(cudaSuccess, cudaStreamCreate(&live));
  RT(cudaSuccess, cudaStreamDestroy(dead));
  RT(cudaSuccess, cudaEventCreate(&dead_event));
  RT(cudaSuccess, cudaEventCreate(&live_event));
  RT(cudaSuccess, cudaEventDestroy(dead_event));
  cudaStream_t bad[] = {dead, foreign};
  for (int i = 0; i < 2; i++) {
    cudaStream_t s = bad[i];
    RT(cudaErrorInvalidResourceHandle, cudaStreamSynchronize(s));
    RT(cudaErrorInvalidResourceHandle, cudaStreamQuery(s));
    RT(cudaErrorInvalidResourceHandle, cudaStreamDestroy(s));
    RT(cudaErrorInvalidResourceHandle, cudaStreamGetFlags(s, &flags));
    RT(cudaErrorInvalidResourceHandle, cudaStreamGetPriority(s, &prio));
    RT(cudaErrorInvalidResourceHandle, cudaStreamGetId(s, &id));
    RT(cudaErrorInvalidResourceHandle, cudaStreamGetDevice(s, &dev));
    RT(cudaErrorInvalidResourceHandle, cudaStreamWaitEvent(s, live_event, 0));
    RT(cudaErrorInvalidResourceHandle, cudaEventRecord(live_event, s));
    RT(cudaErrorInvalidResourceHandle, cudaEventRecordWithFlags(live_event, s, 0));
    RT(cudaErrorInvalidResourceHandle,
       cudaLaunchKernel((const void *)kernel_stub, one, one, args, 0, s));
    RT(cudaErrorInvalidResourceHandle,
       cudaLaunchCooperativeKernel((const void *)kernel_stub, one, one, args, 0, s));
    cudaLaunchConfig_t launch = {one, one, 0, s, NULL, 0};
    RT(cudaErrorInvalidResourceHandle,
       cudaLaunchKernelExC(&launch, (const void *)kernel_stub, args));
    RT(cudaErrorInvalidResourceHandle, cudaMemcpyAsync(d, host, 16, cudaMemcpyHostToDevice, s));
    RT(cudaErrorInvalidResourceHandle, cudaMemsetAsync(d, 0, 16, s));
    RT(cudaErrorInvalidResourceHandle,
       cudaMemcpy2DAsync(d, 16, host, 16, 16, 1, cudaMemcpyHostToDevice, s));
    RT(cudaErrorInvalidResourceHandle, cudaMemset2DAsync(d, 16, 0, 16, 1, s));
    RT(cudaErrorInvalidResourceHandle, cudaLaunchHostFunc(s, host_fn, NULL));
    RT(cudaErrorInvalidResourceHandle, cudaStreamAddCallback(s, stream_cb, NULL, 0));
    RT(cudaErrorInvalidResourceHandle, cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    RT(cudaErrorInvalidResourceHandle, cudaStreamIsCapturing(s, &status));
    RT(cudaErrorInvalidResourceHandle,
       cudaStreamGetCaptureInfo(s, &status, NULL, NULL, NULL, NULL, NULL));
    RT(cudaErrorInvalidResourceHandle, cudaMallocAsync(&p, 16, s));
    RT(cudaErrorInvalidResourceHandle, cudaFreeAsync(d, s));
    RT(cudaErrorInvalidResourceHandle, cudaMemPrefetchAsync(d, 16, loc, 0, s));
    RT(cudaErrorInvalidResourceHandle, cudaStreamAttachMemAsync(s, d, 0, cudaMemAttachGlobal));
    RT(cudaErrorInvalidResourceHandle,
       cudaMemcpyToSymbolAsync(host, host, 4, 0, cudaMemcpyHostToDevice, s));
    RT(cudaErrorInvalidResourceHandle, cudaMemcpyPeerAsync(d, 0, d + 16, 0, 16, s));
    RT(cudaErrorInvalidResourceHandle, cudaStreamSynchronize_ptsz(s));
    RT(cudaErrorInvalidResourceHandle, cudaStreamQuery_ptsz(s));
    RT(cudaErrorInvalidResourceHandle, cudaStreamGetFlags_ptsz(s, &flags));
    RT(cudaErrorInvalidResourceHandle, cudaStreamGetPriority_ptsz(s, &prio));
    RT(cudaErrorInvalidResourceHandle, cudaStreamGetId_ptsz(s, &id));
    RT(cudaErrorInvalidResourceHandle, cudaStreamGetDevice_ptsz(s, &dev));
    RT(cudaErrorInvalidResourceHandle,
       cudaMemcpyAsync_ptsz(d, host, 16, cudaMemcpyHostToDevice, s));
    RT(cudaErrorInvalidResourceHandle, cudaMemsetAsync_ptsz(d, 0, 16, s));
    RT(cudaErrorInvalidResourceHandle,
       cudaLaunchKernel_ptsz((const void *)kernel_stub, one, one, args, 0, s));
    RT(cudaErrorInvalidResourceHandle,
       cudaLaunchCooperativeKernel_ptsz((const void *)kernel_stub, one, one, args, 0, s));
    RT(cudaErrorInvalidResourceHandle,
       cudaLaunchKernelExC_ptsz(&launch, (const void *)kernel_stub, args));
    RT(cudaErrorInvalidResourceHandle, cudaEventRecord_ptsz(live_event, s));
    RT(cudaErrorInvalidResourceHandle, cudaEventRecordWithFlags_ptsz(live_event, s, 0));
    RT(cudaErrorInvalidResourceHandle, cudaStreamWaitEvent_ptsz(s, live_event, 0));
    RT(cudaErrorInvalidResourceHandle, cudaLaunchHostFunc_ptsz(s, host_fn, NULL));
    RT(cudaErrorInvalidResourceHandle, cudaStreamAddCallback_ptsz(s, stream_cb, NULL, 0));
    /* the other _ptsz entry points: the plain call's code */
    RT(cudaErrorInvalidResourceHandle,
       cudaMemcpyToSymbolAsync_ptsz(host, host, 4, 0, cudaMemcpyHostToDevice, s));
    RT(cudaErrorInvalidResourceHandle,
       cudaMemcpyFromSymbolAsync_ptsz(host, host, 4, 0, cudaMemcpyDeviceToHost, s));
    RT(cudaErrorInvalidResourceHandle,
       cudaMemcpy2DAsync_ptsz(d, 16, host, 16, 16, 1, cudaMemcpyHostToDevice, s));
    RT(cudaErrorInvalidResourceHandle, cudaMemset2DAsync_ptsz(d, 16, 0, 16, 1, s));
    RT(cudaErrorInvalidResourceHandle,
       cudaMemcpy2DToArrayAsync_ptsz(NULL, 0, 0, host, 16, 16, 1, cudaMemcpyHostToDevice, s));
    RT(cudaErrorInvalidResourceHandle,
       cudaMemcpy2DFromArrayAsync_ptsz(host, 16, NULL, 0, 0, 16, 1, cudaMemcpyDeviceToHost, s));
    RT(cudaErrorInvalidValue,
       cudaMemcpy2DToArray_ptds(NULL, 0, 0, host, 16, 16, 1, cudaMemcpyHostToDevice));
    RT(cudaErrorInvalidValue,
       cudaMemcpy2DFromArray_ptds(host, 16, NULL, 0, 0, 16, 1, cudaMemcpyDeviceToHost));
    RT(cudaErrorInvalidResourceHandle, cudaMemcpy3DAsync_ptsz(&copy3d, s));
    RT(cudaErrorInvalidResourceHandle, cudaMemcpy3DPeerAsync_ptsz(&peer3d, s));
    RT(cudaErrorInvalidResourceHandle, cudaMemset3DAsync_ptsz(pitched, 0, extent, s));
    RT(cudaErrorInvalidResourceHandle, cudaMemPrefetchAsync_ptsz(d, 16, loc, 0, s));
    RT(cudaErrorInvalidResourceHandle, cudaStreamAttachMemAsync_ptsz(s, d, 0, cudaMemAttachGlobal));
    RT(cudaErrorInvalidResourceHandle, cudaMallocAsync_ptsz(&p, 16, s));
    RT(cudaErrorInvalidResourceHandle, cudaFreeAsync_ptsz(d, s));
    RT_ERR(cudaMallocFromPoolAsync_ptsz(&p, 16, NULL, s));
    RT(cudaErrorInvalidResourceHandle, cudaStreamBeginCapture_ptsz(s, cudaStreamCaptureModeGlobal));
    RT_ERR(cudaStreamBeginCaptureToGraph_ptsz(s, NULL, NULL, NULL, 0, cudaStreamCaptureModeGlobal));
    RT(cudaErrorInvalidResourceHandle, cudaStreamIsCapturing_ptsz(s, &status));
    RT(cudaErrorInvalidResourceHandle,
       cudaStreamGetCaptureInfo_ptsz(s, &status, NULL, NULL, NULL, NULL, NULL));
    RT_ERR(cudaStreamEndCapture_ptsz(s, &graph));
    RT_ERR(cudaStreamUpdateCaptureDependencies_ptsz(s, NULL, NULL, 0, 0));
    RT_ERR(cudaGraphLaunch_ptsz(NULL, s));
    RT_ERR(cudaGraphUpload_ptsz(NULL, s));
  }
  RT_ERR(cudaGraphInstantiateWithParams_ptsz(NULL, NULL, NULL));
  /* the _ptds entry points: the blocking calls' codes */
  RT(cudaErrorInvalidValue, cudaMemcpy_ptds(NULL, host, 16, cudaMemcpyHostToDevice));
  RT(cudaErrorInvalidValue, cudaMemset_ptds(host, 0, 16));
  RT(cudaErrorInvalidSymbol, cudaMemcpyToSymbol_ptds(host, host, 4, 0, cudaMemcpyHostToDevice));
  RT(cudaErrorInvalidSymbol, cudaMemcpyFromSymbol_ptds(host, host, 4, 0, cudaMemcpyDeviceToHost));
  RT(cudaErrorInvalidPitchValue, cudaMemcpy2D_ptds(d, 8, host, 16, 16, 1, cudaMemcpyHostToDevice));
  RT(cudaErrorInvalidValue, cudaMemcpy3D_ptds(NULL));
  RT(cudaErrorInvalidValue, cudaMemcpy3DPeer_ptds(NULL));
  RT(cudaErrorInvalidValue, cudaMemset2D_ptds(d, 8, 0, 16, 2));
  RT(cudaErrorInvalidValue,
     cudaMemset3D_ptds(make_cudaPitchedPtr(host, 16, 16, 1), 0, make_cudaExtent(16, 1, 1)));
  cudaEvent_t bad_events[] = {dead_event, foreign_event, NULL};
  for (int i = 0; i < 3; i++) {
    cudaEvent_t e = bad_events[i];
    RT(cudaErrorInvalidResourceHandle, cudaEventRecord(e, live));
    RT(cudaErrorInvalidResourceHandle, cudaEventRecordWithFlags(e, live, 0));
    RT(cudaErrorInvalidResourceHandle, cudaEventQuery(e));
    RT(cudaErrorInvalidResourceHandle, cudaEventSynchronize(e));
    RT(cudaErrorInvalidResourceHandle, cudaEventDestroy(e));
    RT(cudaErrorInvalidResourceHandle, cudaEventElapsedTime(&ms, e, live_event));
    RT(cudaErrorInvalidResourceHandle, cudaEventElapsedTime(&ms, live_event, e));
    RT(cudaErrorInvalidResourceHandle, cudaStreamWaitEvent(live, e, 0));
  }
  RT(cudaSuccess, cudaStreamSynchronize(live));
  RT(cudaSuccess, cudaStreamDestroy(live));
  RT(cudaSuccess, cudaEventDestroy(live_event));
  RT(cudaSuccess, cudaFree(d));
  (void)cudaGetLastError();
}

/* Graphs, nodes, executable graphs: destroyed, foreign, NULL. */
static void undefined_graphs(void) {
  cudaGraph_t g = NULL, dead = NULL, out = NULL;
  cudaGraphNode_t node = NULL, dead_node = NULL, n = NULL;
  cudaGraphExec_t exec = NULL, dead_exec = NULL, exec2 = NULL;
  char foreign_bytes[64] = {0};
  size_t count = 0;
  enum cudaGraphNodeType type;
  unsigned long long flags = 0;
  unsigned enabled = 0;
  cudaGraphExecUpdateResultInfo info;
  struct cudaHostNodeParams host = {host_fn, NULL};
  cudaStream_t s = NULL;
  RT(cudaSuccess, cudaGraphCreate(&g, 0));
  RT(cudaSuccess, cudaGraphCreate(&dead, 0));
  RT(cudaSuccess, cudaGraphAddEmptyNode(&node, g, NULL, 0));
  RT(cudaSuccess, cudaGraphAddEmptyNode(&dead_node, g, NULL, 0));
  RT(cudaSuccess, cudaGraphDestroyNode(dead_node));
  RT(cudaSuccess, cudaGraphInstantiate(&exec, g, 0));
  RT(cudaSuccess, cudaGraphInstantiate(&dead_exec, g, 0));
  RT(cudaSuccess, cudaGraphExecDestroy(dead_exec));
  RT(cudaSuccess, cudaGraphDestroy(dead));
  cudaGraph_t bad_graphs[] = {dead, (cudaGraph_t)(void *)foreign_bytes, NULL};
  for (int i = 0; i < 3; i++) {
    cudaGraph_t b = bad_graphs[i];
    RT_ERR(cudaGraphAddEmptyNode(&n, b, NULL, 0));
    RT_ERR(cudaGraphAddHostNode(&n, b, NULL, 0, &host));
    RT_ERR(cudaGraphGetNodes(b, NULL, &count));
    RT_ERR(cudaGraphGetRootNodes(b, NULL, &count));
    RT_ERR(cudaGraphGetEdges(b, NULL, NULL, NULL, &count));
    RT_ERR(cudaGraphInstantiate(&exec2, b, 0));
    RT_ERR(cudaGraphClone(&out, b));
    RT_ERR(cudaGraphDestroy(b));
    RT_ERR(cudaGraphDebugDotPrint(b, "/dev/null", 0));
    RT_ERR(cudaGraphAddDependencies(b, &node, &node, NULL, 1));
    RT_ERR(cudaGraphExecUpdate(exec, b, &info));
    RT_ERR(cudaGraphNodeFindInClone(&n, node, b));
  }
  cudaGraphNode_t bad_nodes[] = {dead_node, (cudaGraphNode_t)(void *)foreign_bytes, NULL};
  for (int i = 0; i < 3; i++) {
    cudaGraphNode_t b = bad_nodes[i];

    RT_ERR(cudaGraphNodeGetType(b, &type));
    RT_ERR(cudaGraphNodeGetDependencies(b, NULL, NULL, &count));
    RT_ERR(cudaGraphNodeGetDependentNodes(b, NULL, NULL, &count));
    RT_ERR(cudaGraphDestroyNode(b));
    RT_ERR(cudaGraphAddEmptyNode(&n, g, &b, 1));
    RT_ERR(cudaGraphAddDependencies(g, &node, &b, NULL, 1));
    RT_ERR(cudaGraphHostNodeGetParams(b, &host));
    RT_ERR(cudaGraphNodeSetEnabled(exec, b, 1));
    RT_ERR(cudaGraphNodeGetEnabled(exec, b, &enabled));
  }
  cudaGraphExec_t bad_execs[] = {dead_exec, (cudaGraphExec_t)(void *)foreign_bytes, NULL};
  for (int i = 0; i < 3; i++) {
    cudaGraphExec_t b = bad_execs[i];
    RT_ERR(cudaGraphLaunch(b, 0));
    RT_ERR(cudaGraphUpload(b, 0));
    RT_ERR(cudaGraphExecGetFlags(b, &flags));
    RT_ERR(cudaGraphExecDestroy(b));
    RT_ERR(cudaGraphExecUpdate(b, g, &info));
    RT_ERR(cudaGraphExecHostNodeSetParams(b, node, &host));
  }
  /* Graphs that are not the caller's to destroy: a child node's graph (handed out by
   * cudaGraphChildGraphNodeGetGraph) and an instance's private clone, here reached
   * through a destroyed graph's handle when the clone reuses its memory (a double free
   * in Anchor before issue 10's fuzzing found it). */
  {
    cudaGraph_t parent = NULL, child = NULL, got = NULL, stale = NULL, other = NULL;
    cudaGraphNode_t cn = NULL, en = NULL;
    cudaGraphExec_t x = NULL;
    RT(cudaSuccess, cudaGraphCreate(&parent, 0));
    RT(cudaSuccess, cudaGraphCreate(&child, 0));
    RT(cudaSuccess, cudaGraphAddEmptyNode(&en, child, NULL, 0));
    RT(cudaSuccess, cudaGraphAddChildGraphNode(&cn, parent, NULL, 0, child));
    RT(cudaSuccess, cudaGraphChildGraphNodeGetGraph(cn, &got));
    RT(cudaErrorInvalidValue, cudaGraphDestroy(got));
    RT(cudaSuccess, cudaGraphDestroy(parent));
    RT(cudaSuccess, cudaGraphDestroy(child));
    RT(cudaSuccess, cudaGraphCreate(&other, 0));
    RT(cudaSuccess, cudaGraphAddEmptyNode(&en, other, NULL, 0));
    RT(cudaSuccess, cudaGraphCreate(&stale, 0));
    RT(cudaSuccess, cudaGraphDestroy(stale)); /* the clone made next may take its memory */
    RT(cudaSuccess, cudaGraphInstantiate(&x, other, 0));
    RT(cudaSuccess, cudaGraphDestroy(other));
    RT(cudaErrorInvalidValue, cudaGraphDestroy(stale));
    RT(cudaSuccess, cudaGraphLaunch(x, 0));
    RT(cudaSuccess, cudaGraphExecDestroy(x));
  }
  /* capture into a destroyed graph */
  RT(cudaSuccess, cudaStreamCreate(&s));
  RT_ERR(cudaStreamBeginCaptureToGraph(s, dead, NULL, NULL, 0, cudaStreamCaptureModeGlobal));
  RT(cudaSuccess, cudaStreamDestroy(s));
  RT(cudaSuccess, cudaGraphLaunch(exec, 0));
  RT(cudaSuccess, cudaDeviceSynchronize());
  RT(cudaSuccess, cudaGraphExecDestroy(exec));
  RT(cudaSuccess, cudaGraphDestroy(g));
  (void)cudaGetLastError();
}

/* Pools and libraries: destroyed, foreign, NULL. */
static void undefined_pools_libraries(void) {
  cudaMemPool_t dead = NULL;
  struct cudaMemPoolProps props;
  char foreign_bytes[64] = {0};
  uint64_t value = 0;
  void *p = NULL;
  cudaKernel_t k = NULL;
  unsigned count = 0;
  size_t bytes = 0;
  memset(&props, 0, sizeof props);
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  RT(cudaSuccess, cudaMemPoolCreate(&dead, &props));
  RT(cudaSuccess, cudaMemPoolDestroy(dead));
  cudaMemPool_t bad[] = {dead, (cudaMemPool_t)(void *)foreign_bytes, NULL};
  for (int i = 0; i < 3; i++) {
    RT_ERR(cudaMemPoolDestroy(bad[i]));
    RT_ERR(cudaMemPoolTrimTo(bad[i], 0));
    RT_ERR(cudaMemPoolGetAttribute(bad[i], cudaMemPoolAttrReleaseThreshold, &value));
    RT_ERR(cudaMemPoolSetAttribute(bad[i], cudaMemPoolAttrReleaseThreshold, &value));
    RT_ERR(cudaMallocFromPoolAsync(&p, 16, bad[i], 0));
    RT_ERR(cudaDeviceSetMemPool(0, bad[i]));
  }
  cudaLibrary_t bad_libs[] = {(cudaLibrary_t)(void *)foreign_bytes, NULL};
  for (int i = 0; i < 2; i++) {
    RT_ERR(cudaLibraryUnload(bad_libs[i]));
    RT_ERR(cudaLibraryGetKernel(&k, bad_libs[i], "kernel_ids"));
    RT_ERR(cudaLibraryGetKernelCount(&count, bad_libs[i]));
    RT_ERR(cudaLibraryEnumerateKernels(&k, 1, bad_libs[i]));
    RT_ERR(cudaLibraryGetGlobal(&p, &bytes, bad_libs[i], "g"));
  }
  (void)cudaGetLastError();
}

/* The driver API's handles: modules, functions, libraries, kernels, contexts,
 * streams, events — unloaded or destroyed, foreign, NULL. */
static void undefined_driver(const unsigned char *image) {
  CUmodule mod = NULL, dead_mod = NULL, m = NULL;
  CUfunction f = NULL, dead_f = NULL, fn = NULL;
  CUlibrary lib = NULL, dead_lib = NULL;
  CUkernel k = NULL, dead_k = NULL, kk = NULL;
  CUcontext primary = NULL, dead_ctx = NULL, c = NULL;
  CUstream dead_s = NULL;
  CUevent dead_e = NULL;
  CUdeviceptr d = 0, gptr = 0;
  char foreign_bytes[64] = {0};
  void *foreign = foreign_bytes;
  int v = 0;
  unsigned count = 0, api = 0;
  size_t bytes = 0;
  const char *name = NULL;
  void *params[] = {&d};
  CUlaunchConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  DRV(CUDA_SUCCESS, cuInit(0));
  DRV(CUDA_SUCCESS, cuDevicePrimaryCtxRetain(&primary, 0));
  DRV(CUDA_SUCCESS, cuCtxSetCurrent(primary));
  DRV(CUDA_SUCCESS, cuMemAlloc(&d, 256));
  DRV(CUDA_SUCCESS, cuModuleLoadData(&mod, image));
  DRV(CUDA_SUCCESS, cuModuleGetFunction(&f, mod, "kernel_ids"));
  DRV(CUDA_SUCCESS, cuLibraryLoadData(&lib, image, NULL, NULL, 0, NULL, NULL, 0));
  DRV(CUDA_SUCCESS, cuLibraryGetKernel(&k, lib, "kernel_ids"));
  /* The destroyed ones: a handle is its object's address; retire.c keeps a destroyed
   * object's memory from the next objects, so the handle stays unknown. */
  DRV(CUDA_SUCCESS, cuModuleLoadData(&dead_mod, image));
  DRV(CUDA_SUCCESS, cuModuleGetFunction(&dead_f, dead_mod, "kernel_ids"));
  DRV(CUDA_SUCCESS, cuLibraryLoadData(&dead_lib, image, NULL, NULL, 0, NULL, NULL, 0));
  DRV(CUDA_SUCCESS, cuLibraryGetKernel(&dead_k, dead_lib, "kernel_ids"));
  DRV(CUDA_SUCCESS, cuModuleUnload(dead_mod));
  DRV(CUDA_SUCCESS, cuLibraryUnload(dead_lib));
  DRV(CUDA_SUCCESS, cuStreamCreate(&dead_s, 0));
  DRV(CUDA_SUCCESS, cuStreamDestroy(dead_s));
  DRV(CUDA_SUCCESS, cuEventCreate(&dead_e, 0));
  DRV(CUDA_SUCCESS, cuEventDestroy(dead_e));
  DRV(CUDA_SUCCESS, cuCtxCreate(&dead_ctx, NULL, 0, 0));
  DRV(CUDA_SUCCESS, cuCtxDestroy(dead_ctx));
  DRV(CUDA_SUCCESS, cuCtxSetCurrent(primary));
  CUmodule bad_mods[] = {dead_mod, (CUmodule)foreign, NULL};
  for (int i = 0; i < 3; i++) {
    DRV_ERR(cuModuleUnload(bad_mods[i]));
    DRV_ERR(cuModuleGetFunction(&fn, bad_mods[i], "kernel_ids"));
    DRV_ERR(cuModuleGetGlobal(&gptr, &bytes, bad_mods[i], "g"));
    DRV_ERR(cuModuleGetFunctionCount(&count, bad_mods[i]));
    DRV_ERR(cuModuleEnumerateFunctions(&fn, 1, bad_mods[i]));
  }
  CUfunction bad_fs[] = {dead_f, (CUfunction)foreign, NULL};
  for (int i = 0; i < 3; i++) {
    DRV_ERR(cuLaunchKernel(bad_fs[i], 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL));
    DRV_ERR(cuLaunchCooperativeKernel(bad_fs[i], 1, 1, 1, 1, 1, 1, 0, NULL, params));
    cfg.gridDimX = cfg.gridDimY = cfg.gridDimZ = 1;
    cfg.blockDimX = cfg.blockDimY = cfg.blockDimZ = 1;
    DRV_ERR(cuLaunchKernelEx(&cfg, bad_fs[i], params, NULL));
    DRV_ERR(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, bad_fs[i]));
    DRV_ERR(cuFuncSetAttribute(bad_fs[i], CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 0));
    DRV_ERR(cuFuncSetCacheConfig(bad_fs[i], CU_FUNC_CACHE_PREFER_NONE));
    DRV_ERR(cuFuncGetName(&name, bad_fs[i]));
    DRV_ERR(cuFuncGetModule(&m, bad_fs[i]));
  }
  DRV_ERR(cuLaunchKernelEx(NULL, f, params, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuFuncGetAttribute(NULL, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
  DRV(CUDA_ERROR_INVALID_VALUE, cuFuncGetAttribute(&v, (CUfunction_attribute)999, f));
  DRV(CUDA_ERROR_INVALID_VALUE, cuModuleGetFunction(NULL, mod, "kernel_ids"));
  DRV(CUDA_ERROR_INVALID_VALUE, cuModuleGetFunction(&fn, mod, NULL));
  DRV(CUDA_ERROR_NOT_FOUND, cuModuleGetFunction(&fn, mod, "no_such_kernel"));
  DRV(CUDA_ERROR_NOT_FOUND, cuModuleGetGlobal(&gptr, &bytes, mod, "nope"));
  DRV(CUDA_ERROR_INVALID_VALUE, cuModuleGetFunctionCount(NULL, mod));
  DRV(CUDA_ERROR_INVALID_VALUE, cuFuncGetName(NULL, f));
  DRV(CUDA_ERROR_INVALID_VALUE, cuFuncGetModule(NULL, f));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLaunchKernel(f, 0, 1, 1, 1, 1, 1, 0, NULL, params, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLaunchKernel(f, 1, 1, 1, 2048, 1, 1, 0, NULL, params, NULL));
  DRV_ERR(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, dead_s, params, NULL));
  DRV_ERR(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, (CUstream)foreign, params, NULL));
  CUlibrary bad_libs[] = {dead_lib, (CUlibrary)foreign, NULL};
  for (int i = 0; i < 3; i++) {
    DRV_ERR(cuLibraryUnload(bad_libs[i]));
    DRV_ERR(cuLibraryGetKernel(&kk, bad_libs[i], "kernel_ids"));
    DRV_ERR(cuLibraryGetKernelCount(&count, bad_libs[i]));
    DRV_ERR(cuLibraryEnumerateKernels(&dead_k, 1, bad_libs[i]));
    DRV_ERR(cuLibraryGetModule(&m, bad_libs[i]));
    DRV_ERR(cuLibraryGetGlobal(&gptr, &bytes, bad_libs[i], "g"));
  }
  CUkernel bad_ks[] = {dead_k, (CUkernel)foreign, NULL};
  for (int i = 0; i < 3; i++) {
    DRV_ERR(cuKernelGetFunction(&fn, bad_ks[i]));
    DRV_ERR(cuKernelGetName(&name, bad_ks[i]));
    DRV_ERR(cuKernelGetLibrary(&dead_lib, bad_ks[i]));
  }
  DRV(CUDA_ERROR_INVALID_VALUE, cuKernelGetFunction(NULL, k));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLibraryGetKernel(NULL, lib, "kernel_ids"));
  DRV(CUDA_ERROR_NOT_FOUND, cuLibraryGetKernel(&dead_k, lib, "nope"));
  CUcontext bad_ctxs[] = {dead_ctx, (CUcontext)foreign};
  for (int i = 0; i < 2; i++) {
    DRV_ERR(cuCtxDestroy(bad_ctxs[i]));
    DRV_ERR(cuCtxSetCurrent(bad_ctxs[i]));
    DRV_ERR(cuCtxPushCurrent(bad_ctxs[i]));
    DRV_ERR(cuCtxGetApiVersion(bad_ctxs[i], &api));
  }
  DRV(CUDA_SUCCESS, cuCtxGetCurrent(&c));
  if (c != primary) {
    printf("FAIL: a failed context call changed the current context\n");
    bad_args_failures++;
  }
  CUstream bad_ss[] = {dead_s, (CUstream)foreign};
  for (int i = 0; i < 2; i++) {
    DRV_ERR(cuStreamSynchronize(bad_ss[i]));
    DRV_ERR(cuStreamQuery(bad_ss[i]));
    DRV_ERR(cuStreamDestroy(bad_ss[i]));
    DRV_ERR(cuStreamGetCtx(bad_ss[i], &c));
    DRV_ERR(cuStreamGetFlags(bad_ss[i], &count));
    DRV_ERR(cuStreamGetPriority(bad_ss[i], &v));
    DRV_ERR(cuStreamWaitEvent(bad_ss[i], NULL, 0));
    DRV_ERR(cuStreamAddCallback(bad_ss[i], NULL, NULL, 0));
    DRV_ERR(cuLaunchHostFunc(bad_ss[i], drv_host_fn, NULL));
    DRV_ERR(cuMemcpyHtoDAsync(d, foreign_bytes, 16, bad_ss[i]));
    DRV_ERR(cuMemsetD8Async(d, 0, 16, bad_ss[i]));
    DRV_ERR(cuEventRecord(NULL, bad_ss[i]));
  }
  CUevent bad_es[] = {dead_e, (CUevent)foreign, NULL};
  for (int i = 0; i < 3; i++) {
    DRV_ERR(cuEventRecord(bad_es[i], NULL));
    DRV_ERR(cuEventRecordWithFlags(bad_es[i], NULL, 0));
    DRV_ERR(cuEventQuery(bad_es[i]));
    DRV_ERR(cuEventSynchronize(bad_es[i]));
    DRV_ERR(cuEventDestroy(bad_es[i]));
    DRV_ERR(cuStreamWaitEvent(NULL, bad_es[i], 0));
  }
  DRV(CUDA_SUCCESS, cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, NULL, params, NULL));
  DRV(CUDA_SUCCESS, cuCtxSynchronize());
  int back[64];
  DRV(CUDA_SUCCESS, cuMemcpyDtoH(back, d, sizeof back));
  for (int i = 0; i < 64; i++)
    if (back[i] != i) {
      printf("FAIL: the driver launch after the bad calls: out[%d] = %d\n", i, back[i]);
      bad_args_failures++;
      break;
    }
  DRV(CUDA_SUCCESS, cuMemFree(d));
  DRV(CUDA_SUCCESS, cuLibraryUnload(lib));
  DRV(CUDA_SUCCESS, cuModuleUnload(mod));
  DRV(CUDA_SUCCESS, cuDevicePrimaryCtxRelease(0));
}

/* clang's entry points misused: a configuration popped that was never pushed, a
 * fat binary of the wrong magic, a function registered twice. */
static void undefined_entry_points(void) {
  dim3 grid, block;
  size_t shared = 0;
  cudaStream_t stream = NULL;
  RT_ANY(__cudaPopCallConfiguration(&grid, &block, &shared, &stream));
  static int wrong_magic_blob[8] = {0};
  fatbin_wrapper w = {0x12345678, AC_FATBIN_VERSION, wrong_magic_blob, NULL};
  void **h = __cudaRegisterFatBinary(&w);
  __cudaRegisterFunction(h, (const char *)host_fn, (char *)"k", "k", -1, 0, 0, 0, 0, 0);
  __cudaRegisterFatBinaryEnd(h);
  dim3 one = {1, 1, 1};
  RT_ERR(cudaLaunchKernel((const void *)host_fn, one, one, NULL, 0, 0));
  RT_ERR(cudaLaunchKernelExC(NULL, (const void *)host_fn, NULL));
  (void)cudaGetLastError();
  __cudaUnregisterFatBinary(h);
  RT(cudaSuccess, cudaDeviceSynchronize());
}

/* Issue 9: the driver functions CUDA 13's cuda.h declares that Anchor implements
 * since (each also in its own test: test_memops, test_driver_more). */
static void issue9_driver(void) {
  CUdeviceptr word = 0;
  DRV(CUDA_SUCCESS, cuMemAlloc(&word, 16));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamWaitValue32(NULL, 0, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamWaitValue64(NULL, word + 4, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamWaitValue32(NULL, word, 0, 77));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamWriteValue32(NULL, word + 1, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamWriteValue64(NULL, word + 16, 0, 0));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuStreamWriteValue64((CUstream)(uintptr_t)0x10, word, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamBatchMemOp(NULL, 2, NULL, 0));
  DRV(CUDA_SUCCESS, cuMemFree(word));
  /* graphs: NULL and foreign handles and outputs */
  CUgraph g = NULL, bogus = (CUgraph)(uintptr_t)0x40;
  CUgraphNode n = NULL, fake = (CUgraphNode)(uintptr_t)0x50;
  CUgraphExec x = (CUgraphExec)(uintptr_t)0x60;
  CUevent ev = NULL;
  CUdeviceptr dptr = 0;
  size_t count = 0;
  unsigned enabled = 0;
  cuuint64_t flags = 0;
  CUgraphConditionalHandle handle = 0;
  CUDA_HOST_NODE_PARAMS host = {NULL, NULL};
  CUDA_MEMSET_NODE_PARAMS set = {0, 0, 0, 4, 1, 1};
  CUDA_MEMCPY3D copy;
  CUDA_MEM_ALLOC_NODE_PARAMS alloc;
  CUgraphNodeParams params;
  CUDA_GRAPH_INSTANTIATE_PARAMS ip = {0, NULL, NULL, CUDA_GRAPH_INSTANTIATE_SUCCESS};
  CUgraphExecUpdateResultInfo info;
  memset(&copy, 0, sizeof copy);
  memset(&alloc, 0, sizeof alloc);
  memset(&params, 0, sizeof params);
  DRV(CUDA_SUCCESS, cuGraphCreate(&g, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphAddChildGraphNode(&n, g, NULL, 0, bogus));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphAddChildGraphNode(NULL, g, NULL, 0, g));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphAddMemAllocNode(&n, g, NULL, 0, NULL));
  DRV_ERR(cuGraphAddMemAllocNode(&n, g, NULL, 0, &alloc)); /* 0 bytes, no location */
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphAddMemFreeNode(&n, bogus, NULL, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphAddNode(&n, g, NULL, NULL, 0, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphChildGraphNodeGetGraph(fake, &g));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphConditionalHandleCreate(&handle, bogus, NULL, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphConditionalHandleCreate(NULL, g, NULL, 0, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphDebugDotPrint(g, NULL, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphDebugDotPrint(bogus, "/tmp/x.dot", 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphEventRecordNodeGetEvent(fake, &ev));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphEventRecordNodeSetEvent(fake, ev));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphEventWaitNodeGetEvent(NULL, &ev));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphEventWaitNodeSetEvent(NULL, ev));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecChildGraphNodeSetParams(x, fake, g));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecEventRecordNodeSetEvent(x, fake, ev));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecEventWaitNodeSetEvent(x, fake, ev));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecGetFlags(x, &flags));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecHostNodeSetParams(x, fake, &host));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecHostNodeSetParams(x, fake, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecMemcpyNodeSetParams(x, fake, NULL, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecMemsetNodeSetParams(x, fake, &set, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecNodeSetParams(x, fake, &params));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphExecUpdate(x, g, &info));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphHostNodeGetParams(fake, &host));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphHostNodeSetParams(fake, &host));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphInstantiateWithParams(NULL, g, &ip));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphInstantiateWithParams((CUgraphExec *)&x, bogus, &ip));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphMemAllocNodeGetParams(fake, &alloc));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphMemFreeNodeGetParams(fake, &dptr));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphMemcpyNodeGetParams(fake, &copy));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphMemcpyNodeSetParams(fake, &copy));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphMemsetNodeGetParams(fake, &set));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphMemsetNodeSetParams(fake, &set));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphNodeFindInClone(&n, fake, g));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphNodeGetDependencies(fake, NULL, NULL, &count));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphNodeGetDependentNodes(fake, NULL, NULL, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphNodeGetEnabled(x, fake, &enabled));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphNodeSetEnabled(x, fake, 1));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphNodeSetParams(fake, &params));
  DRV(CUDA_ERROR_INVALID_VALUE, cuGraphRemoveDependencies(g, &fake, &fake, NULL, 1));
  DRV(CUDA_SUCCESS, cuGraphDestroy(g));
  /* the error log */
  CUlogIterator it = 0;
  char text[8];
  size_t size = sizeof text;
  DRV(CUDA_ERROR_INVALID_VALUE, cuLogsCurrent(NULL, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLogsCurrent(&it, 3));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLogsDumpToMemory(&it, NULL, &size, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLogsDumpToMemory(NULL, text, NULL, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLogsDumpToFile(&it, NULL, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLogsDumpToFile(NULL, "/nonexistent-dir/x", 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLogsRegisterCallback(NULL, NULL, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLogsUnregisterCallback(NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuLogsUnregisterCallback((CUlogsCallbackHandle)(uintptr_t)0x70));
  /* devices, contexts, streams, functions, kernels, host flags */
  int major = 0, minor = 0, value = 0;
  unsigned long long id = 0;
  CUdevice dev = 0;
  CUdevprop prop;
  CUsharedconfig config;
  CUcontext ctx = NULL;
  CUgreenCtx green = NULL;
  CUfunctionLoadingState state;
  CUmoduleLoadingMode mode;
  CUfunction fake_fn = (CUfunction)(uintptr_t)0x80;
  CUkernel fake_kernel = (CUkernel)(uintptr_t)0x90;
  size_t offset = 0;
  unsigned host_flags = 0;
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceComputeCapability(NULL, &minor, 0));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceComputeCapability(&major, &minor, 7));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetProperties(NULL, 0));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGetProperties(&prop, -1));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetByPCIBusId(&dev, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetByPCIBusId(&dev, "zz"));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGetByPCIBusId(&dev, "0001:00:00.0"));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxGetId(NULL, NULL));
  DRV(CUDA_ERROR_INVALID_CONTEXT, cuCtxGetId((CUcontext)(uintptr_t)0xa0, &id));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxGetDevice_v2(NULL, NULL));
  DRV(CUDA_ERROR_INVALID_CONTEXT, cuCtxSynchronize_v2((CUcontext)(uintptr_t)0xa0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxGetSharedMemConfig(NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxSetSharedMemConfig((CUsharedconfig)5));
  DRV(CUDA_SUCCESS, cuCtxGetSharedMemConfig(&config));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuStreamGetDevice((CUstream)(uintptr_t)0x10, &dev));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamGetCtx_v2(NULL, &ctx, NULL));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuStreamGetCtx_v2((CUstream)(uintptr_t)0x10, &ctx, &green));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuFuncGetParamInfo(fake_fn, 0, &offset, NULL));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuKernelGetParamInfo(fake_kernel, 0, &offset, NULL));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuFuncIsLoaded(&state, fake_fn));
  DRV(CUDA_ERROR_INVALID_VALUE, cuFuncIsLoaded(NULL, fake_fn));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuFuncLoad(NULL));
  DRV(CUDA_ERROR_INVALID_HANDLE,
      cuFuncSetSharedMemConfig(fake_fn, CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE));
  DRV(CUDA_ERROR_INVALID_HANDLE,
      cuKernelGetAttribute(&value, CU_FUNC_ATTRIBUTE_NUM_REGS, fake_kernel, 0));
  DRV(CUDA_ERROR_INVALID_HANDLE,
      cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 0, fake_kernel, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuKernelSetCacheConfig(fake_kernel, (CUfunc_cache)9, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuModuleGetLoadingMode(NULL));
  DRV(CUDA_SUCCESS, cuModuleGetLoadingMode(&mode));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemHostGetFlags(&host_flags, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemHostGetFlags(&host_flags, &host_flags)); /* not registered */
  /* pools and stream-ordered allocation */
  CUmemoryPool pool = NULL, fake_pool = (CUmemoryPool)(uintptr_t)0xb0;
  CUmemLocation location = {CU_MEM_LOCATION_TYPE_DEVICE, 0};
  CUmemPoolProps pool_props;
  CUmemAccess_flags access;
  cuuint64_t attr_value = 0;
  memset(&pool_props, 0, sizeof pool_props);
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAllocAsync(NULL, 8, NULL));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuMemAllocAsync(&dptr, 8, (CUstream)(uintptr_t)0x10));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAllocFromPoolAsync(&dptr, 8, NULL, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAllocFromPoolAsync(&dptr, 8, fake_pool, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemFreeAsync(0x1234, NULL));
  DRV(CUDA_ERROR_INVALID_DEVICE, cuDeviceGetDefaultMemPool(&pool, 3));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetDefaultMemPool(NULL, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetMemPool(&pool, 3));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceSetMemPool(0, fake_pool));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemGetDefaultMemPool(&pool, NULL, CU_MEM_ALLOCATION_TYPE_PINNED));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemGetMemPool(NULL, &location, CU_MEM_ALLOCATION_TYPE_PINNED));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuMemSetMemPool(&location, CU_MEM_ALLOCATION_TYPE_PINNED, fake_pool));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemPoolCreate(&pool, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemPoolCreate(&pool, &pool_props));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemPoolDestroy(fake_pool));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemPoolTrimTo(NULL, 0));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuMemPoolSetAttribute(fake_pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &attr_value));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuMemPoolGetAttribute(fake_pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &attr_value));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemPoolSetAccess(fake_pool, NULL, 1));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemPoolGetAccess(&access, fake_pool, &location));
  /* peers, hints, attaching, pointer attributes */
  CUcontext fake_ctx = (CUcontext)(uintptr_t)0xa0;
  CUDA_MEMCPY3D_PEER peer;
  CUmem_range_attribute range_attr = CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY;
  void *range_data = &value;
  size_t range_size = sizeof value;
  unsigned one = 1;
  memset(&peer, 0, sizeof peer);
  DRV(CUDA_ERROR_INVALID_CONTEXT, cuMemcpyPeer(0, fake_ctx, 0, fake_ctx, 4));
  DRV(CUDA_ERROR_INVALID_CONTEXT, cuMemcpyPeerAsync(0, NULL, 0, NULL, 4, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemcpy3DPeer(NULL));
  DRV(CUDA_ERROR_INVALID_CONTEXT, cuMemcpy3DPeerAsync(&peer, NULL));
  DRV(CUDA_ERROR_INVALID_CONTEXT, cuCtxEnablePeerAccess(fake_ctx, 0));
  DRV(CUDA_ERROR_INVALID_CONTEXT, cuCtxDisablePeerAccess(NULL));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuDeviceGetP2PAttribute(NULL, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, 0, 0));
  DRV(CUDA_ERROR_INVALID_DEVICE,
      cuDeviceGetP2PAttribute(&value, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, 0, 1));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemPrefetchAsync(0x1234, 4, location, 0, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemPrefetchAsync(0x1234, 4, location, 2, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAdvise(0x1234, 4, CU_MEM_ADVISE_SET_READ_MOSTLY, location));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemAdvise(0x1234, 4, (CUmem_advise)77, location));
  DRV(CUDA_ERROR_INVALID_VALUE, cuMemRangeGetAttribute(&value, 4, range_attr, 0x1234, 4));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuMemRangeGetAttributes(&range_data, &range_size, &range_attr, 0, 0x1234, 4));
  DRV(CUDA_ERROR_INVALID_HANDLE,
      cuStreamAttachMemAsync((CUstream)(uintptr_t)0x10, 0, 0, CU_MEM_ATTACH_GLOBAL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuStreamAttachMemAsync(NULL, 0x1234, 0, CU_MEM_ATTACH_GLOBAL));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuPointerSetAttribute(&one, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, 0x1234));
  DRV(CUDA_ERROR_INVALID_VALUE, cuPointerSetAttribute(NULL, CU_POINTER_ATTRIBUTE_CONTEXT, 0));
  /* execution affinity and green contexts, as a device without them */
  CUexecAffinityParam affinity;
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuDeviceGetExecAffinitySupport(NULL, CU_EXEC_AFFINITY_TYPE_SM_COUNT, 0));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuDeviceGetExecAffinitySupport(&value, CU_EXEC_AFFINITY_TYPE_MAX, 0));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxGetExecAffinity(&affinity, CU_EXEC_AFFINITY_TYPE_MAX));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuStreamGetGreenCtx((CUstream)(uintptr_t)0x10, &green));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetDevResource(0, NULL, CU_DEV_RESOURCE_TYPE_SM));
  /* issue 9's process services, usage counts and context-wide events */
  size_t dump_size = 4;
  DRV(CUDA_ERROR_INVALID_VALUE, cuGetExportTable(NULL, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCheckpointProcessGetState(0, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuCoredumpGetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, &value, &dump_size));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCoredumpGetAttributeGlobal(CU_COREDUMP_MAX, &value, &dump_size));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCoredumpSetAttribute(CU_COREDUMP_TRIGGER_HOST, &value, NULL));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuCoredumpSetAttributeGlobal(CU_COREDUMP_TRIGGER_HOST, &value, &dump_size));
  DRV(CUDA_ERROR_INVALID_VALUE, cuDeviceGetTexture1DLinearMaxWidth(NULL, CU_AD_FORMAT_FLOAT, 1, 0));
  DRV(CUDA_ERROR_INVALID_VALUE,
      cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
                                 (CUflushGPUDirectRDMAWritesScope)7));
  DRV(CUDA_ERROR_INVALID_VALUE, cuCtxAttach(NULL, 0));
  DRV(CUDA_ERROR_INVALID_CONTEXT, cuCtxDetach(fake_ctx));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuCtxRecordEvent(NULL, (CUevent)(uintptr_t)0x10));
  DRV(CUDA_ERROR_INVALID_HANDLE, cuCtxWaitEvent(NULL, (CUevent)(uintptr_t)0x10));
}

static void on_alarm(int sig) {
  (void)sig;
  static const char msg[] = "FAIL: test_bad_args hung (60 s)\n";
  if (write(2, msg, sizeof msg - 1) < 0) _exit(3);
  _exit(2);
}

int main(int argc, char **argv) {
  signal(SIGALRM, on_alarm);
  alarm(60);
  unsigned char *blob = make_module(kernels, 1, NULL, 0, msl);
  fatbin_wrapper w = {AC_FATBIN_MAGIC, AC_FATBIN_VERSION, blob, NULL};
  void **h = __cudaRegisterFatBinary(&w);
  __cudaRegisterFunction(h, (const char *)kernel_stub, (char *)"kernel_ids", "kernel_ids", -1, 0, 0,
                         0, 0, 0);
  __cudaRegisterFatBinaryEnd(h);

  bad_args_run((const void *)kernel_stub);
  undefined_streams();
  undefined_graphs();
  undefined_pools_libraries();
  undefined_driver(blob);
  undefined_entry_points();
  issue9_driver();
  RT(cudaSuccess, cudaDeviceSynchronize());
  RT(cudaSuccess, cudaGetLastError());

  __cudaUnregisterFatBinary(h);
  free(blob);
  if (argc > 1 && !strcmp(argv[1], "--covered")) {
    for (int i = 0; i < covered_count; i++)
      fprintf(stderr, "covered %s\n", covered_names[i]);
  }
  printf("test_bad_args: %d calls, %d API functions\n", bad_args_calls, covered_count);
  if (bad_args_failures) {
    printf("test_bad_args: FAIL (%d)\n", bad_args_failures);
    return 1;
  }
  printf("test_bad_args: PASS\n");
  return 0;
}
