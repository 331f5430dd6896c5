// API contract of the device and function queries: one line per call,
// `name value` or `call -> code`, to compare with the H200's output for the
// same program (nvcc 13). Exits 1 only where the answers contradict each
// other (an attribute and the property it mirrors); prints PASS.
//
// Compared with the H200 (CUDA 13, 2026-12-01), line by line. Device-specific and so
// different on Anchor: the attribute values (sm_75 model, no textures/surfaces, what
// Metal does not tell is 0; docs/runtime.md), the kernel's maxDynamicSharedSizeBytes
// (min(48 KiB, optin) = 32 KiB on Anchor), the occupancy figures (an sm_75 SM), and the
// cluster setters with non-zero values (cudaSuccess on the H200, which has clusters;
// cudaErrorNotSupported on Anchor, whose cudaDevAttrClusterLaunch is 0). HostNumaId is
// the host's NUMA node (0 there; -1 on Anchor: no NUMA). Every other line matches.
// H200 run 3 (2026-12-02): every line matches up to cudaFuncGetParamInfo (a non-kernel
// pointer such as main is cudaErrorInvalidResourceHandle in every query; Anchor fixed), run 1
// up to the occupancy figures; CUDA then crashed (exit 139) with stdout block-buffered, so
// the crash lies in the next 4 KiB of output: the NULL-output occupancy calls are not run.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL line %d: %s\n", __LINE__, #cond);                                               \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void code(const char *call, cudaError_t e) {
  printf("%s -> %s\n", call, cudaGetErrorName(e));
  cudaGetLastError();
}
#define CALL(expr) code(#expr, expr)

__global__ void kernel(int *p) {
  if (p) p[threadIdx.x] = 1;
}

static const struct {
  const char *name;
  cudaDeviceAttr attr;
} attrs[] = {
    {"cudaDevAttrMaxThreadsPerBlock", cudaDevAttrMaxThreadsPerBlock},
    {"cudaDevAttrMaxBlockDimX", cudaDevAttrMaxBlockDimX},
    {"cudaDevAttrMaxBlockDimY", cudaDevAttrMaxBlockDimY},
    {"cudaDevAttrMaxBlockDimZ", cudaDevAttrMaxBlockDimZ},
    {"cudaDevAttrMaxGridDimX", cudaDevAttrMaxGridDimX},
    {"cudaDevAttrMaxGridDimY", cudaDevAttrMaxGridDimY},
    {"cudaDevAttrMaxGridDimZ", cudaDevAttrMaxGridDimZ},
    {"cudaDevAttrMaxSharedMemoryPerBlock", cudaDevAttrMaxSharedMemoryPerBlock},
    {"cudaDevAttrTotalConstantMemory", cudaDevAttrTotalConstantMemory},
    {"cudaDevAttrWarpSize", cudaDevAttrWarpSize},
    {"cudaDevAttrMaxPitch", cudaDevAttrMaxPitch},
    {"cudaDevAttrMaxRegistersPerBlock", cudaDevAttrMaxRegistersPerBlock},
    {"cudaDevAttrClockRate", cudaDevAttrClockRate},
    {"cudaDevAttrTextureAlignment", cudaDevAttrTextureAlignment},
    {"cudaDevAttrGpuOverlap", cudaDevAttrGpuOverlap},
    {"cudaDevAttrMultiProcessorCount", cudaDevAttrMultiProcessorCount},
    {"cudaDevAttrKernelExecTimeout", cudaDevAttrKernelExecTimeout},
    {"cudaDevAttrIntegrated", cudaDevAttrIntegrated},
    {"cudaDevAttrCanMapHostMemory", cudaDevAttrCanMapHostMemory},
    {"cudaDevAttrComputeMode", cudaDevAttrComputeMode},
    {"cudaDevAttrMaxTexture1DWidth", cudaDevAttrMaxTexture1DWidth},
    {"cudaDevAttrMaxTexture2DWidth", cudaDevAttrMaxTexture2DWidth},
    {"cudaDevAttrMaxTexture2DHeight", cudaDevAttrMaxTexture2DHeight},
    {"cudaDevAttrMaxTexture3DWidth", cudaDevAttrMaxTexture3DWidth},
    {"cudaDevAttrMaxTexture3DHeight", cudaDevAttrMaxTexture3DHeight},
    {"cudaDevAttrMaxTexture3DDepth", cudaDevAttrMaxTexture3DDepth},
    {"cudaDevAttrMaxTexture2DLayeredWidth", cudaDevAttrMaxTexture2DLayeredWidth},
    {"cudaDevAttrMaxTexture2DLayeredHeight", cudaDevAttrMaxTexture2DLayeredHeight},
    {"cudaDevAttrMaxTexture2DLayeredLayers", cudaDevAttrMaxTexture2DLayeredLayers},
    {"cudaDevAttrSurfaceAlignment", cudaDevAttrSurfaceAlignment},
    {"cudaDevAttrConcurrentKernels", cudaDevAttrConcurrentKernels},
    {"cudaDevAttrEccEnabled", cudaDevAttrEccEnabled},
    {"cudaDevAttrPciBusId", cudaDevAttrPciBusId},
    {"cudaDevAttrPciDeviceId", cudaDevAttrPciDeviceId},
    {"cudaDevAttrTccDriver", cudaDevAttrTccDriver},
    {"cudaDevAttrMemoryClockRate", cudaDevAttrMemoryClockRate},
    {"cudaDevAttrGlobalMemoryBusWidth", cudaDevAttrGlobalMemoryBusWidth},
    {"cudaDevAttrL2CacheSize", cudaDevAttrL2CacheSize},
    {"cudaDevAttrMaxThreadsPerMultiProcessor", cudaDevAttrMaxThreadsPerMultiProcessor},
    {"cudaDevAttrAsyncEngineCount", cudaDevAttrAsyncEngineCount},
    {"cudaDevAttrUnifiedAddressing", cudaDevAttrUnifiedAddressing},
    {"cudaDevAttrMaxTexture1DLayeredWidth", cudaDevAttrMaxTexture1DLayeredWidth},
    {"cudaDevAttrMaxTexture1DLayeredLayers", cudaDevAttrMaxTexture1DLayeredLayers},
    {"cudaDevAttrMaxTexture2DGatherWidth", cudaDevAttrMaxTexture2DGatherWidth},
    {"cudaDevAttrMaxTexture2DGatherHeight", cudaDevAttrMaxTexture2DGatherHeight},
    {"cudaDevAttrMaxTexture3DWidthAlt", cudaDevAttrMaxTexture3DWidthAlt},
    {"cudaDevAttrMaxTexture3DHeightAlt", cudaDevAttrMaxTexture3DHeightAlt},
    {"cudaDevAttrMaxTexture3DDepthAlt", cudaDevAttrMaxTexture3DDepthAlt},
    {"cudaDevAttrPciDomainId", cudaDevAttrPciDomainId},
    {"cudaDevAttrTexturePitchAlignment", cudaDevAttrTexturePitchAlignment},
    {"cudaDevAttrMaxTextureCubemapWidth", cudaDevAttrMaxTextureCubemapWidth},
    {"cudaDevAttrMaxTextureCubemapLayeredWidth", cudaDevAttrMaxTextureCubemapLayeredWidth},
    {"cudaDevAttrMaxTextureCubemapLayeredLayers", cudaDevAttrMaxTextureCubemapLayeredLayers},
    {"cudaDevAttrMaxSurface1DWidth", cudaDevAttrMaxSurface1DWidth},
    {"cudaDevAttrMaxSurface2DWidth", cudaDevAttrMaxSurface2DWidth},
    {"cudaDevAttrMaxSurface2DHeight", cudaDevAttrMaxSurface2DHeight},
    {"cudaDevAttrMaxSurface3DWidth", cudaDevAttrMaxSurface3DWidth},
    {"cudaDevAttrMaxSurface3DHeight", cudaDevAttrMaxSurface3DHeight},
    {"cudaDevAttrMaxSurface3DDepth", cudaDevAttrMaxSurface3DDepth},
    {"cudaDevAttrMaxSurface1DLayeredWidth", cudaDevAttrMaxSurface1DLayeredWidth},
    {"cudaDevAttrMaxSurface1DLayeredLayers", cudaDevAttrMaxSurface1DLayeredLayers},
    {"cudaDevAttrMaxSurface2DLayeredWidth", cudaDevAttrMaxSurface2DLayeredWidth},
    {"cudaDevAttrMaxSurface2DLayeredHeight", cudaDevAttrMaxSurface2DLayeredHeight},
    {"cudaDevAttrMaxSurface2DLayeredLayers", cudaDevAttrMaxSurface2DLayeredLayers},
    {"cudaDevAttrMaxSurfaceCubemapWidth", cudaDevAttrMaxSurfaceCubemapWidth},
    {"cudaDevAttrMaxSurfaceCubemapLayeredWidth", cudaDevAttrMaxSurfaceCubemapLayeredWidth},
    {"cudaDevAttrMaxSurfaceCubemapLayeredLayers", cudaDevAttrMaxSurfaceCubemapLayeredLayers},
    {"cudaDevAttrMaxTexture1DLinearWidth", cudaDevAttrMaxTexture1DLinearWidth},
    {"cudaDevAttrMaxTexture2DLinearWidth", cudaDevAttrMaxTexture2DLinearWidth},
    {"cudaDevAttrMaxTexture2DLinearHeight", cudaDevAttrMaxTexture2DLinearHeight},
    {"cudaDevAttrMaxTexture2DLinearPitch", cudaDevAttrMaxTexture2DLinearPitch},
    {"cudaDevAttrMaxTexture2DMipmappedWidth", cudaDevAttrMaxTexture2DMipmappedWidth},
    {"cudaDevAttrMaxTexture2DMipmappedHeight", cudaDevAttrMaxTexture2DMipmappedHeight},
    {"cudaDevAttrComputeCapabilityMajor", cudaDevAttrComputeCapabilityMajor},
    {"cudaDevAttrComputeCapabilityMinor", cudaDevAttrComputeCapabilityMinor},
    {"cudaDevAttrMaxTexture1DMipmappedWidth", cudaDevAttrMaxTexture1DMipmappedWidth},
    {"cudaDevAttrStreamPrioritiesSupported", cudaDevAttrStreamPrioritiesSupported},
    {"cudaDevAttrGlobalL1CacheSupported", cudaDevAttrGlobalL1CacheSupported},
    {"cudaDevAttrLocalL1CacheSupported", cudaDevAttrLocalL1CacheSupported},
    {"cudaDevAttrMaxSharedMemoryPerMultiprocessor", cudaDevAttrMaxSharedMemoryPerMultiprocessor},
    {"cudaDevAttrMaxRegistersPerMultiprocessor", cudaDevAttrMaxRegistersPerMultiprocessor},
    {"cudaDevAttrManagedMemory", cudaDevAttrManagedMemory},
    {"cudaDevAttrIsMultiGpuBoard", cudaDevAttrIsMultiGpuBoard},
    {"cudaDevAttrMultiGpuBoardGroupID", cudaDevAttrMultiGpuBoardGroupID},
    {"cudaDevAttrHostNativeAtomicSupported", cudaDevAttrHostNativeAtomicSupported},
    {"cudaDevAttrSingleToDoublePrecisionPerfRatio", cudaDevAttrSingleToDoublePrecisionPerfRatio},
    {"cudaDevAttrPageableMemoryAccess", cudaDevAttrPageableMemoryAccess},
    {"cudaDevAttrConcurrentManagedAccess", cudaDevAttrConcurrentManagedAccess},
    {"cudaDevAttrComputePreemptionSupported", cudaDevAttrComputePreemptionSupported},
    {"cudaDevAttrCanUseHostPointerForRegisteredMem", cudaDevAttrCanUseHostPointerForRegisteredMem},
    {"cudaDevAttrReserved92", cudaDevAttrReserved92},
    {"cudaDevAttrReserved93", cudaDevAttrReserved93},
    {"cudaDevAttrReserved94", cudaDevAttrReserved94},
    {"cudaDevAttrCooperativeLaunch", cudaDevAttrCooperativeLaunch},
    {"cudaDevAttrReserved96", cudaDevAttrReserved96},
    {"cudaDevAttrMaxSharedMemoryPerBlockOptin", cudaDevAttrMaxSharedMemoryPerBlockOptin},
    {"cudaDevAttrCanFlushRemoteWrites", cudaDevAttrCanFlushRemoteWrites},
    {"cudaDevAttrHostRegisterSupported", cudaDevAttrHostRegisterSupported},
    {"cudaDevAttrPageableMemoryAccessUsesHostPageTables",
     cudaDevAttrPageableMemoryAccessUsesHostPageTables},
    {"cudaDevAttrDirectManagedMemAccessFromHost", cudaDevAttrDirectManagedMemAccessFromHost},
    {"cudaDevAttrMaxBlocksPerMultiprocessor", cudaDevAttrMaxBlocksPerMultiprocessor},
    {"cudaDevAttrMaxPersistingL2CacheSize", cudaDevAttrMaxPersistingL2CacheSize},
    {"cudaDevAttrMaxAccessPolicyWindowSize", cudaDevAttrMaxAccessPolicyWindowSize},
    {"cudaDevAttrReservedSharedMemoryPerBlock", cudaDevAttrReservedSharedMemoryPerBlock},
    {"cudaDevAttrSparseCudaArraySupported", cudaDevAttrSparseCudaArraySupported},
    {"cudaDevAttrHostRegisterReadOnlySupported", cudaDevAttrHostRegisterReadOnlySupported},
    {"cudaDevAttrTimelineSemaphoreInteropSupported", cudaDevAttrTimelineSemaphoreInteropSupported},
    {"cudaDevAttrMemoryPoolsSupported", cudaDevAttrMemoryPoolsSupported},
    {"cudaDevAttrGPUDirectRDMASupported", cudaDevAttrGPUDirectRDMASupported},
    {"cudaDevAttrGPUDirectRDMAFlushWritesOptions", cudaDevAttrGPUDirectRDMAFlushWritesOptions},
    {"cudaDevAttrGPUDirectRDMAWritesOrdering", cudaDevAttrGPUDirectRDMAWritesOrdering},
    {"cudaDevAttrMemoryPoolSupportedHandleTypes", cudaDevAttrMemoryPoolSupportedHandleTypes},
    {"cudaDevAttrClusterLaunch", cudaDevAttrClusterLaunch},
    {"cudaDevAttrDeferredMappingCudaArraySupported", cudaDevAttrDeferredMappingCudaArraySupported},
    {"cudaDevAttrReserved122", cudaDevAttrReserved122},
    {"cudaDevAttrReserved123", cudaDevAttrReserved123},
    {"cudaDevAttrReserved124", cudaDevAttrReserved124},
    {"cudaDevAttrIpcEventSupport", cudaDevAttrIpcEventSupport},
    {"cudaDevAttrMemSyncDomainCount", cudaDevAttrMemSyncDomainCount},
    {"cudaDevAttrReserved127", cudaDevAttrReserved127},
    {"cudaDevAttrReserved128", cudaDevAttrReserved128},
    {"cudaDevAttrReserved129", cudaDevAttrReserved129},
    {"cudaDevAttrNumaConfig", cudaDevAttrNumaConfig},
    {"cudaDevAttrNumaId", cudaDevAttrNumaId},
    {"cudaDevAttrReserved132", cudaDevAttrReserved132},
    {"cudaDevAttrMpsEnabled", cudaDevAttrMpsEnabled},
    {"cudaDevAttrHostNumaId", cudaDevAttrHostNumaId},
    {"cudaDevAttrD3D12CigSupported", cudaDevAttrD3D12CigSupported},
    {"cudaDevAttrVulkanCigSupported", cudaDevAttrVulkanCigSupported},
    {"cudaDevAttrGpuPciDeviceId", cudaDevAttrGpuPciDeviceId},
    {"cudaDevAttrGpuPciSubsystemId", cudaDevAttrGpuPciSubsystemId},
    {"cudaDevAttrReserved141", cudaDevAttrReserved141},
    {"cudaDevAttrHostNumaMemoryPoolsSupported", cudaDevAttrHostNumaMemoryPoolsSupported},
    {"cudaDevAttrHostNumaMultinodeIpcSupported", cudaDevAttrHostNumaMultinodeIpcSupported},
    {"cudaDevAttrHostMemoryPoolsSupported", cudaDevAttrHostMemoryPoolsSupported},
    {"cudaDevAttrReserved145", cudaDevAttrReserved145},
    {"cudaDevAttrOnlyPartialHostNativeAtomicSupported",
     cudaDevAttrOnlyPartialHostNativeAtomicSupported},
};

int main() {
  setvbuf(stdout, NULL, _IOLBF, 0); // a crash must not cut the output (H200 run 3)
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0) == cudaSuccess);
  // ---- every attribute of CUDA 13, then values outside the enumeration
  for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++) {
    int v = -12345;
    cudaError_t e = cudaDeviceGetAttribute(&v, attrs[i].attr, 0);
    if (e == cudaSuccess)
      printf("%s %d\n", attrs[i].name, v);
    else
      printf("cudaDeviceGetAttribute(%s) -> %s\n", attrs[i].name, cudaGetErrorName(e));
    cudaGetLastError();
  }
  int v = 0;
  CALL(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)0, 0));
  CALL(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)44, 0));
  CALL(cudaDeviceGetAttribute(&v, cudaDevAttrMax, 0));
  CALL(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)100000, 0));
  CALL(cudaDeviceGetAttribute(NULL, cudaDevAttrWarpSize, 0));
  CALL(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 1));
  CALL(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, -1));

  // ---- attributes agree with the properties
  struct {
    cudaDeviceAttr attr;
    long long prop;
  } same[] = {
      {cudaDevAttrMaxThreadsPerBlock, prop.maxThreadsPerBlock},
      {cudaDevAttrMaxBlockDimX, prop.maxThreadsDim[0]},
      {cudaDevAttrMaxBlockDimZ, prop.maxThreadsDim[2]},
      {cudaDevAttrMaxGridDimX, prop.maxGridSize[0]},
      {cudaDevAttrMaxGridDimY, prop.maxGridSize[1]},
      {cudaDevAttrMaxSharedMemoryPerBlock, (long long)prop.sharedMemPerBlock},
      {cudaDevAttrMaxSharedMemoryPerBlockOptin, (long long)prop.sharedMemPerBlockOptin},
      {cudaDevAttrMaxSharedMemoryPerMultiprocessor, (long long)prop.sharedMemPerMultiprocessor},
      {cudaDevAttrTotalConstantMemory, (long long)prop.totalConstMem},
      {cudaDevAttrWarpSize, prop.warpSize},
      {cudaDevAttrMaxRegistersPerBlock, prop.regsPerBlock},
      {cudaDevAttrMaxRegistersPerMultiprocessor, prop.regsPerMultiprocessor},
      {cudaDevAttrMultiProcessorCount, prop.multiProcessorCount},
      {cudaDevAttrMaxThreadsPerMultiProcessor, prop.maxThreadsPerMultiProcessor},
      {cudaDevAttrMaxBlocksPerMultiprocessor, prop.maxBlocksPerMultiProcessor},
      {cudaDevAttrComputeCapabilityMajor, prop.major},
      {cudaDevAttrComputeCapabilityMinor, prop.minor},
      {cudaDevAttrIntegrated, prop.integrated},
      {cudaDevAttrUnifiedAddressing, prop.unifiedAddressing},
      {cudaDevAttrManagedMemory, prop.managedMemory},
      {cudaDevAttrConcurrentManagedAccess, prop.concurrentManagedAccess},
      {cudaDevAttrPciBusId, prop.pciBusID},
      {cudaDevAttrPciDeviceId, prop.pciDeviceID},
      {cudaDevAttrPciDomainId, prop.pciDomainID},
      {cudaDevAttrL2CacheSize, prop.l2CacheSize},
      {cudaDevAttrMaxPersistingL2CacheSize, prop.persistingL2CacheMaxSize},
      {cudaDevAttrMemoryPoolsSupported, prop.memoryPoolsSupported},
      {cudaDevAttrClusterLaunch, prop.clusterLaunch},
      {cudaDevAttrCooperativeLaunch, prop.cooperativeLaunch},
  };
  for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
    int a = 0;
    CHECK(cudaDeviceGetAttribute(&a, same[i].attr, 0) == cudaSuccess);
    if (a != same[i].prop)
      printf("attribute %d = %d, property %lld\n", (int)same[i].attr, a, same[i].prop);
    CHECK(a == same[i].prop);
  }
  printf("prop.name %s\n", prop.name[0] ? "(set)" : "(empty)");
  printf("prop.multiProcessorCount %d\n", prop.multiProcessorCount);

  // ---- function attributes and their setters
  cudaFuncAttributes fa;
  const char *name0 = NULL;
  int blocks0 = 0;
  CALL(cudaFuncGetAttributes(&fa, kernel));
  printf("kernel maxDynamicSharedSizeBytes %d preferredShmemCarveout %d cacheModeCA %d\n",
         fa.maxDynamicSharedSizeBytes, fa.preferredShmemCarveout, fa.cacheModeCA);
  CALL(cudaFuncGetAttributes(NULL, kernel));
  // H200, CUDA 13, 2026-12-01: cudaErrorInvalidResourceHandle (NULL: ...InvalidDeviceFunction)
  CALL(cudaFuncGetAttributes(&fa, (const void *)main));
  // the other function queries of a non-kernel pointer, for the H200 to say
  CALL(cudaFuncSetAttribute((const void *)main, cudaFuncAttributeMaxDynamicSharedMemorySize, 0));
  CALL(cudaFuncSetCacheConfig((const void *)main, cudaFuncCachePreferNone));
  CALL(cudaFuncGetName(&name0, (const void *)main));
  CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks0, (const void *)main, 128, 0));
  CALL(cudaFuncGetAttributes(&fa, (const void *)NULL));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, -1));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 0));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 1 << 30));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, -1));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, -2));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 101));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeClusterDimMustBeSet, 1));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeRequiredClusterWidth, 0));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeRequiredClusterWidth, 2));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeClusterSchedulingPolicyPreference, 1));
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeMax, 0));
  CALL(cudaFuncSetAttribute((const void *)NULL, cudaFuncAttributeMaxDynamicSharedMemorySize, 0));
  CALL(cudaFuncSetCacheConfig(kernel, cudaFuncCachePreferShared));
  CALL(cudaFuncSetCacheConfig(kernel, (cudaFuncCache)7));
  CALL(cudaFuncSetCacheConfig((const void *)NULL, cudaFuncCachePreferNone));
  const char *name = NULL;
  CALL(cudaFuncGetName(&name, kernel));
  printf("cudaFuncGetName %s\n", name ? name : "(null)");
  CALL(cudaFuncGetName(NULL, kernel));
  CALL(cudaFuncGetName(&name, (const void *)NULL));
  size_t off = 0, size = 0;
  CALL(cudaFuncGetParamInfo((const void *)kernel, 0, &off, &size));
  printf("param 0 offset %zu size %zu\n", off, size);
  CALL(cudaFuncGetParamInfo((const void *)kernel, 1, &off, &size));
  CALL(cudaFuncGetParamInfo((const void *)kernel, 0, NULL, &size));

  // ---- occupancy
  int blocks = -1;
  CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 128, 0));
  printf("occupancy 128 threads %d\n", blocks);
  CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 1024, 0));
  printf("occupancy 1024 threads %d\n", blocks);
  // cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 0, 0): not a contract, CUDA
  // crashes in it (H200, CUDA 13, 2026-12-01: exit 139); Anchor: cudaErrorInvalidValue
  CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 2048, 0));
  printf("occupancy 2048 threads %d\n", blocks);
  CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 128, (size_t)1 << 30));
  printf("occupancy 1 GiB shared %d\n", blocks);
  // cudaOccupancyMaxActiveBlocksPerMultiprocessor(NULL, kernel, 128, 0):
  // not run on the GPU: a NULL output, and CUDA crashed (exit 139) in this stretch (H200
  // run 3, 2026-12-02); Anchor: cudaErrorInvalidValue
  CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)NULL, 128, 0));
  CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, kernel, 128, 0,
                                                              cudaOccupancyDisableCachingOverride));
  CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, kernel, 128, 0, 2));
  size_t avail = 0;
  CALL(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, kernel, 1, 128));
  printf("available dynamic smem 1 block, maximum 0: %zu\n", avail);
  CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 8192));
  CALL(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, kernel, 1, 128));
  printf("available dynamic smem 1 block %zu\n", avail);
  CALL(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, kernel, 4, 256));
  printf("available dynamic smem 4 blocks %zu\n", avail);
  CALL(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, kernel, 0, 128));
  printf("available dynamic smem 0 blocks %zu\n", avail);
  CALL(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, kernel, 1000, 1024));
  printf("available dynamic smem 1000 blocks %zu\n", avail);
  // cudaOccupancyAvailableDynamicSMemPerBlock(NULL, kernel, 1, 128):
  // not run on the GPU: a NULL output, and CUDA crashed (exit 139) in this stretch (H200
  // run 3, 2026-12-02); Anchor: cudaErrorInvalidValue
  cudaLaunchConfig_t config;
  memset(&config, 0, sizeof config);
  config.gridDim = dim3(4);
  config.blockDim = dim3(128);
  int clusters = -1;
  CALL(cudaOccupancyMaxPotentialClusterSize(&clusters, kernel, &config));
  CALL(cudaOccupancyMaxActiveClusters(&clusters, kernel, &config));

  // ---- limits
  const struct {
    const char *name;
    cudaLimit limit;
  } limits[] = {{"cudaLimitStackSize", cudaLimitStackSize},
                {"cudaLimitPrintfFifoSize", cudaLimitPrintfFifoSize},
                {"cudaLimitMallocHeapSize", cudaLimitMallocHeapSize},
                {"cudaLimitDevRuntimeSyncDepth", cudaLimitDevRuntimeSyncDepth},
                {"cudaLimitDevRuntimePendingLaunchCount", cudaLimitDevRuntimePendingLaunchCount},
                {"cudaLimitMaxL2FetchGranularity", cudaLimitMaxL2FetchGranularity},
                {"cudaLimitPersistingL2CacheSize", cudaLimitPersistingL2CacheSize},
                {"(cudaLimit)7", (cudaLimit)7}};
  for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
    size_t value = 12345;
    cudaError_t e = cudaDeviceGetLimit(&value, limits[i].limit);
    if (e == cudaSuccess)
      printf("%s %zu\n", limits[i].name, value);
    else
      printf("cudaDeviceGetLimit(%s) -> %s\n", limits[i].name, cudaGetErrorName(e));
    cudaGetLastError();
  }
  size_t value = 0;
  CALL(cudaDeviceGetLimit(NULL, cudaLimitStackSize));
  CALL(cudaDeviceSetLimit(cudaLimitStackSize, 4096));
  CALL(cudaDeviceGetLimit(&value, cudaLimitStackSize));
  printf("cudaLimitStackSize after set 4096: %zu\n", value);
  CALL(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 32));
  CALL(cudaDeviceGetLimit(&value, cudaLimitMaxL2FetchGranularity));
  printf("cudaLimitMaxL2FetchGranularity after set 32: %zu\n", value);
  CALL(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 1000));
  CALL(cudaDeviceGetLimit(&value, cudaLimitMaxL2FetchGranularity));
  printf("cudaLimitMaxL2FetchGranularity after set 1000: %zu\n", value);
  CALL(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 1 << 20));
  CALL(cudaDeviceGetLimit(&value, cudaLimitPersistingL2CacheSize));
  printf("cudaLimitPersistingL2CacheSize after set 1 MiB: %zu\n", value);
  CALL(cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, 4));
  CALL(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 4096));
  CALL(cudaDeviceSetLimit((cudaLimit)7, 1));

  // ---- flags, configs, devices, peers, PCI
  unsigned flags = 0;
  CALL(cudaGetDeviceFlags(&flags));
  printf("cudaGetDeviceFlags 0x%x\n", flags);
  CALL(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
  CALL(cudaGetDeviceFlags(&flags));
  printf("cudaGetDeviceFlags after BlockingSync 0x%x\n", flags);
  CALL(cudaSetDeviceFlags(cudaDeviceScheduleSpin | cudaDeviceScheduleYield));
  CALL(cudaSetDeviceFlags(cudaDeviceMapHost | cudaDeviceLmemResizeToMax));
  CALL(cudaSetDeviceFlags(0x100));
  CALL(cudaSetDeviceFlags(cudaDeviceScheduleAuto));
  CALL(cudaGetDeviceFlags(NULL));
  CALL(cudaInitDevice(0, 0, 0));
  CALL(cudaInitDevice(0, cudaDeviceScheduleYield, cudaInitDeviceFlagsAreValid));
  CALL(cudaGetDeviceFlags(&flags));
  printf("cudaGetDeviceFlags after cudaInitDevice(Yield) 0x%x\n", flags);
  CALL(cudaInitDevice(1, 0, 0));
  CALL(cudaInitDevice(0, 0, 2));
  int valid[] = {0};
  CALL(cudaSetValidDevices(valid, 1));
  int invalid[] = {0, 5};
  CALL(cudaSetValidDevices(invalid, 2));
  CALL(cudaSetValidDevices(NULL, 0));
  CALL(cudaSetValidDevices(NULL, 1));
  int device = -1;
  CALL(cudaChooseDevice(&device, &prop));
  printf("cudaChooseDevice %d\n", device);
  CALL(cudaChooseDevice(NULL, &prop));
  CALL(cudaChooseDevice(&device, NULL));
  CALL(cudaGetDevice(&device));
  printf("cudaGetDevice %d\n", device);
  CALL(cudaGetDevice(NULL));
  CALL(cudaSetDevice(1));
  CALL(cudaSetDevice(-1));
  int count = -1;
  CALL(cudaGetDeviceCount(&count));
  printf("cudaGetDeviceCount %d\n", count);
  cudaFuncCache cache = cudaFuncCachePreferNone;
  CALL(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));
  CALL(cudaDeviceGetCacheConfig(&cache));
  printf("cudaDeviceGetCacheConfig %d\n", (int)cache);
  CALL(cudaDeviceSetCacheConfig((cudaFuncCache)9));
  CALL(cudaDeviceGetCacheConfig(NULL));
  cudaSharedMemConfig bank = cudaSharedMemBankSizeDefault;
  CALL(cudaDeviceGetSharedMemConfig(&bank));
  printf("cudaDeviceGetSharedMemConfig %d\n", (int)bank);
  CALL(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte));
  CALL(cudaDeviceGetSharedMemConfig(&bank));
  printf("cudaDeviceGetSharedMemConfig after EightByte %d\n", (int)bank);
  CALL(cudaDeviceSetSharedMemConfig((cudaSharedMemConfig)5));
  CALL(cudaFuncSetSharedMemConfig(kernel, cudaSharedMemBankSizeFourByte));
  CALL(cudaFuncSetSharedMemConfig(kernel, (cudaSharedMemConfig)5));
  int can = -1;
  CALL(cudaDeviceCanAccessPeer(&can, 0, 0));
  printf("cudaDeviceCanAccessPeer(0, 0) %d\n", can);
  CALL(cudaDeviceCanAccessPeer(&can, 0, 1));
  CALL(cudaDeviceCanAccessPeer(NULL, 0, 0));
  CALL(cudaDeviceEnablePeerAccess(0, 0));
  CALL(cudaDeviceEnablePeerAccess(1, 0));
  CALL(cudaDeviceEnablePeerAccess(0, 1));
  CALL(cudaDeviceDisablePeerAccess(0));
  CALL(cudaDeviceDisablePeerAccess(1));
  int p2p = -1;
  CALL(cudaDeviceGetP2PAttribute(&p2p, cudaDevP2PAttrAccessSupported, 0, 0));
  CALL(cudaDeviceGetP2PAttribute(&p2p, cudaDevP2PAttrAccessSupported, 0, 1));
  CALL(cudaDeviceGetP2PAttribute(NULL, cudaDevP2PAttrAccessSupported, 0, 0));
  CALL(cudaDeviceGetP2PAttribute(&p2p, (cudaDeviceP2PAttr)0, 0, 0));
  char bus[64] = "";
  CALL(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
  printf("cudaDeviceGetPCIBusId %s\n", bus);
  char small[8] = "";
  CALL(cudaDeviceGetPCIBusId(small, sizeof small, 0));
  printf("cudaDeviceGetPCIBusId len 8 '%s'\n", small);
  CALL(cudaDeviceGetPCIBusId(bus, sizeof bus, 1));
  CALL(cudaDeviceGetPCIBusId(NULL, 16, 0));
  CALL(cudaDeviceGetPCIBusId(bus, 0, 0));
  char round_trip[64];
  strcpy(round_trip, bus);
  device = -1;
  CALL(cudaDeviceGetByPCIBusId(&device, round_trip));
  printf("cudaDeviceGetByPCIBusId(own id) %d\n", device);
  CALL(cudaDeviceGetByPCIBusId(&device, "not a bus id"));
  CALL(cudaDeviceGetByPCIBusId(&device, "0000:ff:1f.0"));
  CALL(cudaDeviceGetByPCIBusId(NULL, round_trip));
  CALL(cudaDeviceGetByPCIBusId(&device, NULL));
  int least = 1, greatest = 1;
  CALL(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  printf("cudaDeviceGetStreamPriorityRange %d %d\n", least, greatest);

  // ---- cudaDeviceReset restores the limits
  CALL(cudaDeviceReset());
  CALL(cudaDeviceGetLimit(&value, cudaLimitStackSize));
  printf("cudaLimitStackSize after reset %zu\n", value);
  CALL(cudaFuncGetAttributes(&fa, kernel));
  printf("kernel after reset maxDynamicSharedSizeBytes %d preferredShmemCarveout %d\n",
         fa.maxDynamicSharedSizeBytes, fa.preferredShmemCarveout);

  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
