/* tests/runtime/test_driver_uninit.c — before cuInit, every driver function
 * returns CUDA_ERROR_NOT_INITIALIZED, as CUDA documents ("If cuInit() has not
 * been called, any function from the driver API will return
 * CUDA_ERROR_NOT_INITIALIZED"), whatever its arguments (all zero here: nothing
 * may be looked at before the check); but cuDriverGetVersion,
 * cuGetErrorName/String and cuGetProcAddress, which answer without it (the
 * runtime finds driver entry points before any cuInit), and the cuLogs*
 * functions, which work before it (an H100, CUDA 13: cuLogsCurrent before
 * cuInit -> CUDA_SUCCESS; the log is for diagnosing cuInit too). The declared, not
 * supported functions (anchor/unsupported_driver.h) too. With --covered, prints
 * the functions called (driver_uninit_coverage.sh compares them with
 * libanchor's exports). The calls below list every driver function cuda.h
 * declares, each with as many zeros as it has parameters. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "cuda.h"

static int covered_mode;

static void uninit(const char *text, CUresult got, int line) {
  size_t n = strcspn(text, "( ");
  if (covered_mode) printf("covered %.*s\n", (int)n, text);
  if (got != CUDA_ERROR_NOT_INITIALIZED) {
    printf("FAIL: line %d: %s gave %d before cuInit\n", line, text, (int)got);
    check_failures++;
  }
}
#define UNINIT(call) uninit(#call, (call), __LINE__)

#define ANCHOR_CALL_UNSUPPORTED(name, params, args) UNINIT(name args);

int main(int argc, char **argv) {
  covered_mode = argc > 1 && strcmp(argv[1], "--covered") == 0;
  int version = 0;
  const char *text = NULL;
  void *fn = NULL;
  /* the exceptions */
  CHECK(cuDriverGetVersion(&version) == CUDA_SUCCESS && version == CUDA_VERSION);
  CHECK(cuGetErrorName(CUDA_ERROR_NOT_INITIALIZED, &text) == CUDA_SUCCESS && text);
  CHECK(cuGetErrorString(CUDA_ERROR_NOT_INITIALIZED, &text) == CUDA_SUCCESS && text);
  CHECK(cuGetProcAddress("cuMemAlloc", &fn, CUDA_VERSION, CU_GET_PROC_ADDRESS_DEFAULT, NULL) ==
            CUDA_SUCCESS &&
        fn);
  CUlogIterator it = 7;
  CHECK(cuLogsCurrent(&it, 0) == CUDA_SUCCESS && it != 7);
  CHECK(cuLogsCurrent(0, 0) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLogsDumpToFile(0, 0, 0) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLogsDumpToMemory(0, 0, 0, 0) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLogsRegisterCallback(0, 0, 0) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLogsUnregisterCallback(0) == CUDA_ERROR_INVALID_VALUE);
  /* every other function */
  UNINIT(cuMemcpyHtoA_v2(0, 0, 0, 0));
  UNINIT(cuMemcpyHtoAAsync_v2(0, 0, 0, 0, 0));
  UNINIT(cuMemcpyAtoH_v2(0, 0, 0, 0));
  UNINIT(cuMemcpyAtoHAsync_v2(0, 0, 0, 0, 0));
  UNINIT(cuMemcpyAtoA_v2(0, 0, 0, 0, 0));
  UNINIT(cuMemcpyDtoA_v2(0, 0, 0, 0));
  UNINIT(cuMemcpyAtoD_v2(0, 0, 0, 0));
  UNINIT(cuArray3DCreate_v2(0, 0));
  UNINIT(cuArray3DGetDescriptor_v2(0, 0));
  UNINIT(cuArrayCreate_v2(0, 0));
  UNINIT(cuArrayDestroy(0));
  UNINIT(cuArrayGetDescriptor_v2(0, 0));
  UNINIT(cuMipmappedArrayCreate(0, 0, 0));
  UNINIT(cuMipmappedArrayDestroy(0));
  UNINIT(cuMipmappedArrayGetLevel(0, 0, 0));
  UNINIT(cuSurfObjectCreate(0, 0));
  UNINIT(cuSurfObjectDestroy(0));
  UNINIT(cuSurfObjectGetResourceDesc(0, 0));
  UNINIT(cuTexObjectCreate(0, 0, 0, 0));
  UNINIT(cuTexObjectDestroy(0));
  UNINIT(cuTexObjectGetResourceDesc(0, 0));
  UNINIT(cuTexObjectGetResourceViewDesc(0, 0));
  UNINIT(cuTexObjectGetTextureDesc(0, 0));
  UNINIT(cuCtxCreate_v4(0, 0, 0, 0));
  UNINIT(cuCtxDestroy_v2(0));
  UNINIT(cuCtxGetApiVersion(0, 0));
  UNINIT(cuCtxGetCacheConfig(0));
  UNINIT(cuCtxGetCurrent(0));
  UNINIT(cuCtxGetDevice(0));
  UNINIT(cuCtxGetFlags(0));
  UNINIT(cuCtxGetLimit(0, 0));
  UNINIT(cuCtxGetStreamPriorityRange(0, 0));
  UNINIT(cuCtxPopCurrent_v2(0));
  UNINIT(cuCtxPushCurrent_v2(0));
  UNINIT(cuCtxSetCacheConfig(0));
  UNINIT(cuCtxSetCurrent(0));
  UNINIT(cuCtxSetFlags(0));
  UNINIT(cuCtxSetLimit(0, 0));
  UNINIT(cuCtxSynchronize());
  UNINIT(cuDeviceCanAccessPeer(0, 0, 0));
  UNINIT(cuDeviceGet(0, 0));
  UNINIT(cuDeviceGetAttribute(0, 0, 0));
  UNINIT(cuDeviceGetCount(0));
  UNINIT(cuDeviceGetName(0, 0, 0));
  UNINIT(cuDeviceGetPCIBusId(0, 0, 0));
  UNINIT(cuDeviceGetUuid_v2(0, 0));
  UNINIT(cuDevicePrimaryCtxGetState(0, 0, 0));
  UNINIT(cuDevicePrimaryCtxRelease_v2(0));
  UNINIT(cuDevicePrimaryCtxReset_v2(0));
  UNINIT(cuDevicePrimaryCtxRetain(0, 0));
  UNINIT(cuDevicePrimaryCtxSetFlags_v2(0, 0));
  UNINIT(cuDeviceTotalMem_v2(0, 0));
  UNINIT(cuEventCreate(0, 0));
  UNINIT(cuEventDestroy_v2(0));
  UNINIT(cuEventElapsedTime_v2(0, 0, 0));
  UNINIT(cuEventQuery(0));
  UNINIT(cuEventRecord(0, 0));
  UNINIT(cuEventRecordWithFlags(0, 0, 0));
  UNINIT(cuEventSynchronize(0));
  UNINIT(cuFuncGetAttribute(0, 0, 0));
  UNINIT(cuFuncGetModule(0, 0));
  UNINIT(cuFuncGetName(0, 0));
  UNINIT(cuFuncSetAttribute(0, 0, 0));
  UNINIT(cuFuncSetCacheConfig(0, 0));
  UNINIT(cuGraphAddDependencies_v2(0, 0, 0, 0, 0));
  UNINIT(cuGraphAddEmptyNode(0, 0, 0, 0));
  UNINIT(cuGraphAddEventRecordNode(0, 0, 0, 0, 0));
  UNINIT(cuGraphAddEventWaitNode(0, 0, 0, 0, 0));
  UNINIT(cuGraphAddHostNode(0, 0, 0, 0, 0));
  UNINIT(cuGraphAddMemcpyNode(0, 0, 0, 0, 0, 0));
  UNINIT(cuGraphKernelNodeSetParams_v2(0, 0));
  UNINIT(cuGraphExecKernelNodeSetParams_v2(0, 0, 0));
  UNINIT(cuGraphAddKernelNode_v2(0, 0, 0, 0, 0));
  UNINIT(cuGraphAddMemsetNode(0, 0, 0, 0, 0, 0));
  UNINIT(cuGraphClone(0, 0));
  UNINIT(cuGraphCreate(0, 0));
  UNINIT(cuGraphDestroy(0));
  UNINIT(cuGraphDestroyNode(0));
  UNINIT(cuGraphExecDestroy(0));
  UNINIT(cuGraphGetEdges_v2(0, 0, 0, 0, 0));
  UNINIT(cuGraphGetNodes(0, 0, 0));
  UNINIT(cuGraphGetRootNodes(0, 0, 0));
  UNINIT(cuGraphInstantiateWithFlags(0, 0, 0));
  UNINIT(cuGraphKernelNodeGetParams_v2(0, 0));
  UNINIT(cuGraphLaunch(0, 0));
  UNINIT(cuGraphNodeGetType(0, 0));
  UNINIT(cuGraphUpload(0, 0));
  UNINIT(cuKernelGetFunction(0, 0));
  UNINIT(cuKernelGetLibrary(0, 0));
  UNINIT(cuKernelGetName(0, 0));
  UNINIT(cuLaunchCooperativeKernel(0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
  UNINIT(cuLaunchHostFunc(0, 0, 0));
  UNINIT(cuLaunchKernel(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
  UNINIT(cuLaunchKernelEx(0, 0, 0, 0));
  UNINIT(cuLibraryEnumerateKernels(0, 0, 0));
  UNINIT(cuLibraryGetGlobal(0, 0, 0, 0));
  UNINIT(cuLibraryGetKernel(0, 0, 0));
  UNINIT(cuLibraryGetKernelCount(0, 0));
  UNINIT(cuLibraryGetModule(0, 0));
  UNINIT(cuLibraryLoadData(0, 0, 0, 0, 0, 0, 0, 0));
  UNINIT(cuLibraryLoadFromFile(0, 0, 0, 0, 0, 0, 0, 0));
  UNINIT(cuLibraryUnload(0));
  UNINIT(cuMemAddressFree(0, 0));
  UNINIT(cuMemAddressReserve(0, 0, 0, 0, 0));
  UNINIT(cuMemAllocHost_v2(0, 0));
  UNINIT(cuMemAllocManaged(0, 0, 0));
  UNINIT(cuMemAllocPitch_v2(0, 0, 0, 0, 0));
  UNINIT(cuMemAlloc_v2(0, 0));
  UNINIT(cuMemCreate(0, 0, 0, 0));
  UNINIT(cuMemFreeHost(0));
  UNINIT(cuMemFree_v2(0));
  UNINIT(cuMemGetAccess(0, 0, 0));
  UNINIT(cuMemGetAddressRange_v2(0, 0, 0));
  UNINIT(cuMemGetAllocationGranularity(0, 0, 0));
  UNINIT(cuMemGetAllocationPropertiesFromHandle(0, 0));
  UNINIT(cuMemGetInfo_v2(0, 0));
  UNINIT(cuMemHostAlloc(0, 0, 0));
  UNINIT(cuMemHostGetDevicePointer_v2(0, 0, 0));
  UNINIT(cuMemHostRegister_v2(0, 0, 0));
  UNINIT(cuMemHostUnregister(0));
  UNINIT(cuMemMap(0, 0, 0, 0, 0));
  UNINIT(cuMemRelease(0));
  UNINIT(cuMemRetainAllocationHandle(0, 0));
  UNINIT(cuMemSetAccess(0, 0, 0, 0));
  UNINIT(cuMemUnmap(0, 0));
  UNINIT(cuMemcpy(0, 0, 0));
  UNINIT(cuMemcpy2DAsync_v2(0, 0));
  UNINIT(cuMemcpy2DUnaligned_v2(0));
  UNINIT(cuMemcpy2D_v2(0));
  UNINIT(cuMemcpy3DAsync_v2(0, 0));
  UNINIT(cuMemcpy3D_v2(0));
  UNINIT(cuMemcpyAsync(0, 0, 0, 0));
  UNINIT(cuMemcpyDtoDAsync_v2(0, 0, 0, 0));
  UNINIT(cuMemcpyDtoD_v2(0, 0, 0));
  UNINIT(cuMemcpyDtoHAsync_v2(0, 0, 0, 0));
  UNINIT(cuMemcpyDtoH_v2(0, 0, 0));
  UNINIT(cuMemcpyHtoDAsync_v2(0, 0, 0, 0));
  UNINIT(cuMemcpyHtoD_v2(0, 0, 0));
  UNINIT(cuMemsetD16Async(0, 0, 0, 0));
  UNINIT(cuMemsetD16_v2(0, 0, 0));
  UNINIT(cuMemsetD2D16Async(0, 0, 0, 0, 0, 0));
  UNINIT(cuMemsetD2D16_v2(0, 0, 0, 0, 0));
  UNINIT(cuMemsetD2D32Async(0, 0, 0, 0, 0, 0));
  UNINIT(cuMemsetD2D32_v2(0, 0, 0, 0, 0));
  UNINIT(cuMemsetD2D8Async(0, 0, 0, 0, 0, 0));
  UNINIT(cuMemsetD2D8_v2(0, 0, 0, 0, 0));
  UNINIT(cuMemsetD32Async(0, 0, 0, 0));
  UNINIT(cuMemsetD32_v2(0, 0, 0));
  UNINIT(cuMemsetD8Async(0, 0, 0, 0));
  UNINIT(cuMemsetD8_v2(0, 0, 0));
  UNINIT(cuModuleEnumerateFunctions(0, 0, 0));
  UNINIT(cuModuleGetFunction(0, 0, 0));
  UNINIT(cuModuleGetFunctionCount(0, 0));
  UNINIT(cuModuleGetGlobal_v2(0, 0, 0, 0));
  UNINIT(cuModuleLoad(0, 0));
  UNINIT(cuModuleLoadData(0, 0));
  UNINIT(cuModuleLoadDataEx(0, 0, 0, 0, 0));
  UNINIT(cuModuleLoadFatBinary(0, 0));
  UNINIT(cuModuleUnload(0));
  UNINIT(cuOccupancyAvailableDynamicSMemPerBlock(0, 0, 0, 0));
  UNINIT(cuOccupancyMaxActiveBlocksPerMultiprocessor(0, 0, 0, 0));
  UNINIT(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(0, 0, 0, 0, 0));
  UNINIT(cuOccupancyMaxPotentialBlockSize(0, 0, 0, 0, 0, 0));
  UNINIT(cuOccupancyMaxPotentialBlockSizeWithFlags(0, 0, 0, 0, 0, 0, 0));
  UNINIT(cuPointerGetAttribute(0, 0, 0));
  UNINIT(cuPointerGetAttributes(0, 0, 0, 0));
  UNINIT(cuStreamAddCallback(0, 0, 0, 0));
  UNINIT(cuStreamBeginCaptureToGraph(0, 0, 0, 0, 0, 0));
  UNINIT(cuStreamBeginCapture_v2(0, 0));
  UNINIT(cuStreamCreate(0, 0));
  UNINIT(cuStreamCreateWithPriority(0, 0, 0));
  UNINIT(cuStreamDestroy_v2(0));
  UNINIT(cuStreamEndCapture(0, 0));
  UNINIT(cuStreamGetCaptureInfo_v3(0, 0, 0, 0, 0, 0, 0));
  UNINIT(cuStreamGetCtx(0, 0));
  UNINIT(cuStreamGetFlags(0, 0));
  UNINIT(cuStreamGetId(0, 0));
  UNINIT(cuStreamGetPriority(0, 0));
  UNINIT(cuStreamIsCapturing(0, 0));
  UNINIT(cuStreamQuery(0));
  UNINIT(cuStreamSynchronize(0));
  UNINIT(cuStreamUpdateCaptureDependencies_v2(0, 0, 0, 0, 0));
  UNINIT(cuStreamWaitEvent(0, 0, 0));
  UNINIT(cuThreadExchangeStreamCaptureMode(0));
  /* issue 9: the rest of CUDA 13's cuda.h that Anchor implements */
  UNINIT(cuCtxAttach(0, 0));
  UNINIT(cuCtxDetach(0));
  UNINIT(cuCtxRecordEvent(0, 0));
  UNINIT(cuCtxWaitEvent(0, 0));
  UNINIT(cuCheckpointProcessGetState(0, 0));
  UNINIT(cuCoredumpGetAttribute(0, 0, 0));
  UNINIT(cuCoredumpGetAttributeGlobal(0, 0, 0));
  UNINIT(cuCoredumpSetAttribute(0, 0, 0));
  UNINIT(cuCoredumpSetAttributeGlobal(0, 0, 0));
  UNINIT(cuDeviceGetDevResource(0, 0, 0));
  UNINIT(cuDeviceGetTexture1DLinearMaxWidth(0, 0, 0, 0));
  UNINIT(cuFlushGPUDirectRDMAWrites(0, 0));
  UNINIT(cuGetExportTable(0, 0));
  UNINIT(cuCtxDisablePeerAccess(0));
  UNINIT(cuCtxEnablePeerAccess(0, 0));
  UNINIT(cuCtxGetDevice_v2(0, 0));
  UNINIT(cuCtxGetExecAffinity(0, 0));
  UNINIT(cuCtxGetId(0, 0));
  UNINIT(cuCtxGetSharedMemConfig(0));
  UNINIT(cuCtxSetSharedMemConfig(0));
  UNINIT(cuCtxSynchronize_v2(0));
  UNINIT(cuDeviceComputeCapability(0, 0, 0));
  UNINIT(cuDeviceGetByPCIBusId(0, 0));
  UNINIT(cuDeviceGetDefaultMemPool(0, 0));
  UNINIT(cuDeviceGetExecAffinitySupport(0, 0, 0));
  UNINIT(cuDeviceGetMemPool(0, 0));
  UNINIT(cuDeviceGetP2PAttribute(0, 0, 0, 0));
  UNINIT(cuDeviceGetProperties(0, 0));
  UNINIT(cuDeviceSetMemPool(0, 0));
  UNINIT(cuFuncGetParamInfo(0, 0, 0, 0));
  UNINIT(cuFuncIsLoaded(0, 0));
  UNINIT(cuFuncLoad(0));
  UNINIT(cuFuncSetSharedMemConfig(0, 0));
  UNINIT(cuGraphAddChildGraphNode(0, 0, 0, 0, 0));
  UNINIT(cuGraphAddBatchMemOpNode(0, 0, 0, 0, 0));
  UNINIT(cuGraphBatchMemOpNodeGetParams(0, 0));
  UNINIT(cuGraphBatchMemOpNodeSetParams(0, 0));
  UNINIT(cuGraphExecBatchMemOpNodeSetParams(0, 0, 0));
  UNINIT(cuGraphKernelNodeGetAttribute(0, CU_LAUNCH_ATTRIBUTE_COOPERATIVE, 0));
  UNINIT(cuGraphKernelNodeSetAttribute(0, CU_LAUNCH_ATTRIBUTE_COOPERATIVE, 0));
  UNINIT(cuGraphKernelNodeCopyAttributes(0, 0));
  UNINIT(cuGraphAddMemAllocNode(0, 0, 0, 0, 0));
  UNINIT(cuGraphAddMemFreeNode(0, 0, 0, 0, 0));
  UNINIT(cuGraphAddNode_v2(0, 0, 0, 0, 0, 0));
  UNINIT(cuGraphChildGraphNodeGetGraph(0, 0));
  UNINIT(cuGraphConditionalHandleCreate(0, 0, 0, 0, 0));
  UNINIT(cuGraphDebugDotPrint(0, 0, 0));
  UNINIT(cuGraphEventRecordNodeGetEvent(0, 0));
  UNINIT(cuGraphEventRecordNodeSetEvent(0, 0));
  UNINIT(cuGraphEventWaitNodeGetEvent(0, 0));
  UNINIT(cuGraphEventWaitNodeSetEvent(0, 0));
  UNINIT(cuGraphExecChildGraphNodeSetParams(0, 0, 0));
  UNINIT(cuGraphExecEventRecordNodeSetEvent(0, 0, 0));
  UNINIT(cuGraphExecEventWaitNodeSetEvent(0, 0, 0));
  UNINIT(cuGraphExecGetFlags(0, 0));
  UNINIT(cuGraphExecHostNodeSetParams(0, 0, 0));
  UNINIT(cuGraphExecMemcpyNodeSetParams(0, 0, 0, 0));
  UNINIT(cuGraphExecMemsetNodeSetParams(0, 0, 0, 0));
  UNINIT(cuGraphExecNodeSetParams(0, 0, 0));
  UNINIT(cuGraphExecUpdate_v2(0, 0, 0));
  UNINIT(cuGraphHostNodeGetParams(0, 0));
  UNINIT(cuGraphHostNodeSetParams(0, 0));
  UNINIT(cuGraphInstantiateWithParams(0, 0, 0));
  UNINIT(cuGraphMemAllocNodeGetParams(0, 0));
  UNINIT(cuGraphMemFreeNodeGetParams(0, 0));
  UNINIT(cuGraphMemcpyNodeGetParams(0, 0));
  UNINIT(cuGraphMemcpyNodeSetParams(0, 0));
  UNINIT(cuGraphMemsetNodeGetParams(0, 0));
  UNINIT(cuGraphMemsetNodeSetParams(0, 0));
  UNINIT(cuGraphNodeFindInClone(0, 0, 0));
  UNINIT(cuGraphNodeGetDependencies_v2(0, 0, 0, 0));
  UNINIT(cuGraphNodeGetDependentNodes_v2(0, 0, 0, 0));
  UNINIT(cuGraphNodeGetEnabled(0, 0, 0));
  UNINIT(cuGraphNodeSetEnabled(0, 0, 0));
  UNINIT(cuGraphNodeSetParams(0, 0));
  UNINIT(cuGraphRemoveDependencies_v2(0, 0, 0, 0, 0));
  UNINIT(cuKernelGetAttribute(0, 0, 0, 0));
  UNINIT(cuKernelGetParamInfo(0, 0, 0, 0));
  UNINIT(cuKernelSetAttribute(0, 0, 0, 0));
  UNINIT(cuKernelSetCacheConfig(0, 0, 0));
  UNINIT(cuMemAdvise_v2(0, 0, 0, (CUmemLocation){0}));
  UNINIT(cuMemAllocAsync(0, 0, 0));
  UNINIT(cuMemAllocFromPoolAsync(0, 0, 0, 0));
  UNINIT(cuMemFreeAsync(0, 0));
  UNINIT(cuMemGetDefaultMemPool(0, 0, 0));
  UNINIT(cuMemGetMemPool(0, 0, 0));
  UNINIT(cuMemHostGetFlags(0, 0));
  UNINIT(cuMemPoolCreate(0, 0));
  UNINIT(cuMemPoolDestroy(0));
  UNINIT(cuMemPoolGetAccess(0, 0, 0));
  UNINIT(cuMemPoolGetAttribute(0, 0, 0));
  UNINIT(cuMemPoolSetAccess(0, 0, 0));
  UNINIT(cuMemPoolSetAttribute(0, 0, 0));
  UNINIT(cuMemPoolTrimTo(0, 0));
  UNINIT(cuMemPrefetchAsync_v2(0, 0, (CUmemLocation){0}, 0, 0));
  UNINIT(cuMemRangeGetAttribute(0, 0, 0, 0, 0));
  UNINIT(cuMemRangeGetAttributes(0, 0, 0, 0, 0, 0));
  UNINIT(cuMemSetMemPool(0, 0, 0));
  UNINIT(cuMemcpy3DPeer(0));
  UNINIT(cuMemcpy3DPeerAsync(0, 0));
  UNINIT(cuMemcpyPeer(0, 0, 0, 0, 0));
  UNINIT(cuMemcpyPeerAsync(0, 0, 0, 0, 0, 0));
  UNINIT(cuModuleGetLoadingMode(0));
  UNINIT(cuPointerSetAttribute(0, 0, 0));
  UNINIT(cuStreamAttachMemAsync(0, 0, 0, 0));
  UNINIT(cuStreamBatchMemOp_v2(0, 0, 0, 0));
  UNINIT(cuStreamGetCtx_v2(0, 0, 0));
  UNINIT(cuStreamGetDevice(0, 0));
  UNINIT(cuStreamGetGreenCtx(0, 0));
  UNINIT(cuStreamWaitValue32_v2(0, 0, 0, 0));
  UNINIT(cuStreamWaitValue64_v2(0, 0, 0, 0));
  UNINIT(cuStreamWriteValue32_v2(0, 0, 0, 0));
  UNINIT(cuStreamWriteValue64_v2(0, 0, 0, 0));
  ANCHOR_UNSUPPORTED_DRIVER(ANCHOR_CALL_UNSUPPORTED)
  /* then cuInit works, and the calls answer */
  CHECK(cuInit(0) == CUDA_SUCCESS);
  int count = 0;
  CHECK(cuDeviceGetCount(&count) == CUDA_SUCCESS && count == 1);
  return check_finish("test_driver_uninit");
}
