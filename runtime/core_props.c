/* runtime/core_props.c — the device as CUDA describes it: what
 * cudaGetDeviceProperties and cudaDeviceGetAttribute (and the driver API's
 * device queries) answer.
 *
 * What Metal reports is used as reported: the name, the memory (the arena is
 * all the memory CUDA code can have), threadgroup limits, unified memory.
 * Compute capability is AC_CUDA_ARCH_MAJOR.AC_CUDA_ARCH_MINOR (7.5) because
 * anchorcc compiles device code for AC_CUDA_ARCH_NAME (the __CUDA_ARCH__ the
 * code saw), and sm_75's limits
 * (1024 threads per block, 64 in z, warps of 32) are Metal's too; per-SM
 * figures that shape occupancy calculations (threads, registers, shared
 * memory per multiprocessor, blocks per multiprocessor) are sm_75's
 * (RT_MODEL_* in core.h, shared with the occupancy calculation).
 * multiProcessorCount is the GPU's core count (mtl_device_core_count: the
 * IORegistry on macOS, the worker threads on softmetal), the nominal
 * RT_MODEL_SM_COUNT where that is unknown. Clock rates,
 * bus width, L2 size and PCI location are unknown to Metal and reported as 0.
 * docs/runtime.md lists every value. */
#include <assert.h>
#include <string.h>

#include "core_mtl.h"

/* CUDA's figures that no limit of Metal's bounds. */
enum { RT_MAX_PITCH = 2147483647 };

/* Attributes with no cudaDeviceProp field of their own, and their values. */
enum {
  RT_FP64_PERF_RATIO = 64, /* doubles are software (docs/compiler.md, FP64) */
  RT_MEM_SYNC_DOMAINS = 1, /* one domain: no memory synchronisation domains */
};

static int rt_min_int(uint64_t a, uint64_t b) {
  return (int)(a < b ? a : b);
}

/* The GPU's core count, asked once per Metal device (it persists across
 * resets; on macOS the question walks the IORegistry). Lock held. */
static uint64_t rt_core_count(mtl_id device) {
  static uint64_t cached_id, cached_cores;
  static bool cached;
  uint64_t id = mtl_device_registry_id(device);
  if (!cached || id != cached_id) {
    cached_cores = mtl_device_core_count(device);
    cached_id = id;
    cached = true;
  }
  return cached_cores;
}

/* multiProcessorCount: the GPU's cores, or the nominal count where Metal does
 * not tell. */
static int rt_multiprocessors(const rt_device *s) {
  uint64_t cores = rt_core_count(s->device);
  return cores ? rt_min_int(cores, INT32_MAX) : RT_MODEL_SM_COUNT;
}

int rt_device_multiprocessors(const rt_device *s) {
  assert(rt_lock_held() && s);
  return rt_multiprocessors(s);
}

/* The sizes of textures and surfaces: Metal's (core.h, RT_TEXTURE_*), the figures
 * core_texture.c checks. Surfaces are the same Metal textures, so the same limits. */
static void rt_fill_texture_limits(struct cudaDeviceProp *p) {
  p->maxTexture1D = p->maxTexture1DMipmap = p->maxSurface1D = RT_TEXTURE_1D;
  p->maxTexture1DLinear = RT_TEXTURE_1D_LINEAR;
  p->maxTexture2D[0] = p->maxTexture2DMipmap[0] = p->maxTexture2DGather[0] = RT_TEXTURE_2D;
  p->maxTexture2D[1] = p->maxTexture2DMipmap[1] = p->maxTexture2DGather[1] = RT_TEXTURE_2D;
  p->maxSurface2D[0] = p->maxSurface2D[1] = RT_TEXTURE_2D;
  p->maxTexture2DLinear[0] = p->maxTexture2DLinear[1] = RT_TEXTURE_2D_LINEAR;
  p->maxTexture2DLinear[2] = RT_TEXTURE_2D_LINEAR_PITCH;
  for (int i = 0; i < 3; i++)
    p->maxTexture3D[i] = p->maxTexture3DAlt[i] = p->maxSurface3D[i] = RT_TEXTURE_3D;
  p->maxTextureCubemap = p->maxSurfaceCubemap = RT_TEXTURE_CUBEMAP;
  p->maxTexture1DLayered[0] = p->maxSurface1DLayered[0] = RT_TEXTURE_1D;
  p->maxTexture1DLayered[1] = p->maxSurface1DLayered[1] = RT_TEXTURE_LAYERS;
  p->maxTexture2DLayered[0] = p->maxTexture2DLayered[1] = RT_TEXTURE_2D;
  p->maxSurface2DLayered[0] = p->maxSurface2DLayered[1] = RT_TEXTURE_2D;
  p->maxTexture2DLayered[2] = p->maxSurface2DLayered[2] = RT_TEXTURE_LAYERS;
  p->maxTextureCubemapLayered[0] = p->maxSurfaceCubemapLayered[0] = RT_TEXTURE_CUBEMAP;
  p->maxTextureCubemapLayered[1] = p->maxSurfaceCubemapLayered[1] = RT_TEXTURE_CUBEMAP_LAYERS;
}

static void rt_fill_properties(const rt_device *s, struct cudaDeviceProp *p) {
  memset(p, 0, sizeof *p);
  const char *name = mtl_device_name(s->device);
  strncpy(p->name, name ? name : "Metal device", sizeof p->name - 1);
  uint64_t id = mtl_device_registry_id(s->device);
  memcpy(p->uuid.bytes, "ANCHOR-M", 8);
  memcpy(p->uuid.bytes + 8, &id, sizeof id);
  mtl_size threads = mtl_device_max_threads_per_threadgroup(s->device);
  p->totalGlobalMem = s->arena.capacity;
  /* CUDA's 48 KiB per block, sm_75's 64 KiB opt-in: what does not fit Metal's
   * threadgroup memory is in device memory (core_launch.c) */
  p->sharedMemPerBlock = RT_MODEL_SHARED_PER_BLOCK;
  p->sharedMemPerBlockOptin = RT_MODEL_SHARED_PER_BLOCK_OPTIN;
  p->regsPerBlock = RT_MODEL_REGISTERS;
  p->warpSize = AC_SIMD_WIDTH;
  p->memPitch = RT_MAX_PITCH;
  p->maxThreadsPerBlock = rt_min_int(threads.width, AC_MAX_THREADS_PER_THREADGROUP);
  p->maxThreadsDim[0] = rt_min_int(threads.width, AC_MAX_THREADS_PER_THREADGROUP);
  p->maxThreadsDim[1] = rt_min_int(threads.height, AC_MAX_THREADS_PER_THREADGROUP);
  p->maxThreadsDim[2] = rt_min_int(threads.depth, RT_MAX_BLOCK_Z);
  p->maxGridSize[0] = RT_MAX_GRID_X;
  p->maxGridSize[1] = RT_MAX_GRID_YZ;
  p->maxGridSize[2] = RT_MAX_GRID_YZ;
  p->totalConstMem = RT_MODEL_CONSTANT_MEMORY;
  p->major = AC_CUDA_ARCH_MAJOR;
  p->minor = AC_CUDA_ARCH_MINOR;
  p->textureAlignment = RT_TEXTURE_ALIGNMENT;
  p->texturePitchAlignment = RT_TEXTURE_PITCH_ALIGNMENT;
  rt_fill_texture_limits(p);
  p->multiProcessorCount = rt_multiprocessors(s);
  p->integrated = mtl_device_has_unified_memory(s->device) ? 1 : 0;
  p->canMapHostMemory = 1;
  /* Metal stops GPU work that runs too long (softmetal: SOFTMETAL_WATCHDOG_SECONDS);
   * cudametal says what its NVIDIA GPU does (an H200: no watchdog). */
  p->kernelExecTimeoutEnabled = mtl_device_has_kernel_watchdog(s->device) ? 1 : 0;
  p->unifiedAddressing = 1;
  /* Each stream is a Metal queue of its own, and command buffers of different
   * queues run concurrently (Metal's rule; softmetal runs every queue's
   * dispatches at once, pool.c): kernels of different streams may overlap.
   * Copies between arena memory are blits on the stream's queue, so copies
   * in both directions overlap kernels and each other: two "engines" in
   * CUDA's terms (asyncEngineCount 2: both directions at once). */
  p->concurrentKernels = 1;
  p->deviceOverlap = 1;
  p->asyncEngineCount = 2;
  p->managedMemory = 1;
  /* memory (docs/runtime.md, "Memory"): registration wraps pages in no-copy
   * buffers whose device pointer is not the host pointer; pools exist */
  p->hostRegisterSupported = 1;
  p->hostRegisterReadOnlySupported = 1;
  p->canUseHostPointerForRegisteredMem = 0;
  p->memoryPoolsSupported = 1;
  /* cooperative launches up to the co-resident capacity (core_launch.c); the
   * multi-device form (cooperativeMultiDeviceLaunch) is gone from CUDA 13: 0 */
  p->cooperativeLaunch = 1;
  p->maxThreadsPerMultiProcessor = RT_MODEL_THREADS_PER_SM;
  p->sharedMemPerMultiprocessor = RT_MODEL_SHARED_PER_SM;
  p->regsPerMultiprocessor = RT_MODEL_REGISTERS;
  p->maxBlocksPerMultiProcessor = RT_MODEL_BLOCKS_PER_SM;
  p->globalL1CacheSupported = 1;
  p->localL1CacheSupported = 1;
  p->directManagedMemAccessFromHost = 1; /* unified memory: no migration */
  p->singleToDoublePrecisionPerfRatio = RT_FP64_PERF_RATIO;
  p->surfaceAlignment = RT_TEXTURE_ALIGNMENT;
  p->deviceNumaConfig = cudaDeviceNumaConfigNone;
  p->deviceNumaId = -1;
  p->hostNumaId = -1;
}

cudaError_t rt_device_properties(int device, struct cudaDeviceProp *out) {
  assert(rt_lock_held() && out);
  rt_device *d;
  cudaError_t e = rt_device_ready(&d);
  if (e == cudaSuccess && device != 0) e = cudaErrorInvalidDevice;
  if (e == cudaSuccess) rt_fill_properties(d, out);
  return e;
}

/* Every cudaDeviceAttr of CUDA 13 (docs/runtime.md lists each value and why).
 * Textures and surfaces have Metal's sizes (rt_fill_texture_limits); what Metal does not tell
 * (clocks, PCI, L2) is 0. Every other value 1 … cudaDevAttrMax − 1 — the runtime's reserved
 * enumerators and the gaps, which are driver attributes (stream memory
 * operations, virtual memory management, handle types, DMA-BUF, multicast,
 * texture gather, compression) — is 0: none of those exists here. H200, CUDA
 * 13, 2026-12-01: the runtime answers them all (cudaSuccess for 44 and the
 * reserved ones); only 0, cudaDevAttrMax and beyond are cudaErrorInvalidValue. */
bool rt_device_attribute(const struct cudaDeviceProp *p, enum cudaDeviceAttr attr, int *v) {
  assert(p && v);
  switch (attr) {
  case cudaDevAttrMaxThreadsPerBlock: *v = p->maxThreadsPerBlock; return true;
  case cudaDevAttrMaxBlockDimX: *v = p->maxThreadsDim[0]; return true;
  case cudaDevAttrMaxBlockDimY: *v = p->maxThreadsDim[1]; return true;
  case cudaDevAttrMaxBlockDimZ: *v = p->maxThreadsDim[2]; return true;
  case cudaDevAttrMaxGridDimX: *v = p->maxGridSize[0]; return true;
  case cudaDevAttrMaxGridDimY: *v = p->maxGridSize[1]; return true;
  case cudaDevAttrMaxGridDimZ: *v = p->maxGridSize[2]; return true;
  case cudaDevAttrMaxSharedMemoryPerBlock: *v = (int)p->sharedMemPerBlock; return true;
  case cudaDevAttrTotalConstantMemory: *v = (int)p->totalConstMem; return true;
  case cudaDevAttrWarpSize: *v = p->warpSize; return true;
  case cudaDevAttrMaxPitch: *v = (int)p->memPitch; return true;
  case cudaDevAttrMaxRegistersPerBlock: *v = p->regsPerBlock; return true;
  case cudaDevAttrClockRate: *v = p->clockRate; return true;
  case cudaDevAttrTextureAlignment: *v = (int)p->textureAlignment; return true;
  case cudaDevAttrGpuOverlap: *v = p->deviceOverlap; return true;
  case cudaDevAttrMultiProcessorCount: *v = p->multiProcessorCount; return true;
  case cudaDevAttrKernelExecTimeout: *v = p->kernelExecTimeoutEnabled; return true;
  case cudaDevAttrIntegrated: *v = p->integrated; return true;
  case cudaDevAttrCanMapHostMemory: *v = p->canMapHostMemory; return true;
  case cudaDevAttrComputeMode: *v = p->computeMode; return true;
  case cudaDevAttrMaxTexture1DWidth: *v = p->maxTexture1D; return true;
  case cudaDevAttrMaxTexture2DWidth: *v = p->maxTexture2D[0]; return true;
  case cudaDevAttrMaxTexture2DHeight: *v = p->maxTexture2D[1]; return true;
  case cudaDevAttrMaxTexture3DWidth: *v = p->maxTexture3D[0]; return true;
  case cudaDevAttrMaxTexture3DHeight: *v = p->maxTexture3D[1]; return true;
  case cudaDevAttrMaxTexture3DDepth: *v = p->maxTexture3D[2]; return true;
  case cudaDevAttrMaxTexture2DLayeredWidth: *v = p->maxTexture2DLayered[0]; return true;
  case cudaDevAttrMaxTexture2DLayeredHeight: *v = p->maxTexture2DLayered[1]; return true;
  case cudaDevAttrMaxTexture2DLayeredLayers: *v = p->maxTexture2DLayered[2]; return true;
  case cudaDevAttrSurfaceAlignment: *v = (int)p->surfaceAlignment; return true;
  case cudaDevAttrConcurrentKernels: *v = p->concurrentKernels; return true;
  case cudaDevAttrEccEnabled: *v = p->ECCEnabled; return true;
  case cudaDevAttrPciBusId: *v = p->pciBusID; return true;
  case cudaDevAttrPciDeviceId: *v = p->pciDeviceID; return true;
  case cudaDevAttrTccDriver: *v = p->tccDriver; return true;
  case cudaDevAttrMemoryClockRate: *v = p->memoryClockRate; return true;
  case cudaDevAttrGlobalMemoryBusWidth: *v = p->memoryBusWidth; return true;
  case cudaDevAttrL2CacheSize: *v = p->l2CacheSize; return true;
  case cudaDevAttrMaxThreadsPerMultiProcessor: *v = p->maxThreadsPerMultiProcessor; return true;
  case cudaDevAttrAsyncEngineCount: *v = p->asyncEngineCount; return true;
  case cudaDevAttrUnifiedAddressing: *v = p->unifiedAddressing; return true;
  case cudaDevAttrMaxTexture1DLayeredWidth: *v = p->maxTexture1DLayered[0]; return true;
  case cudaDevAttrMaxTexture1DLayeredLayers: *v = p->maxTexture1DLayered[1]; return true;
  case cudaDevAttrMaxTexture2DGatherWidth: *v = p->maxTexture2DGather[0]; return true;
  case cudaDevAttrMaxTexture2DGatherHeight: *v = p->maxTexture2DGather[1]; return true;
  case cudaDevAttrMaxTexture3DWidthAlt: *v = p->maxTexture3DAlt[0]; return true;
  case cudaDevAttrMaxTexture3DHeightAlt: *v = p->maxTexture3DAlt[1]; return true;
  case cudaDevAttrMaxTexture3DDepthAlt: *v = p->maxTexture3DAlt[2]; return true;
  case cudaDevAttrPciDomainId: *v = p->pciDomainID; return true;
  case cudaDevAttrTexturePitchAlignment: *v = (int)p->texturePitchAlignment; return true;
  case cudaDevAttrMaxTextureCubemapWidth: *v = p->maxTextureCubemap; return true;
  case cudaDevAttrMaxTextureCubemapLayeredWidth: *v = p->maxTextureCubemapLayered[0]; return true;
  case cudaDevAttrMaxTextureCubemapLayeredLayers: *v = p->maxTextureCubemapLayered[1]; return true;
  case cudaDevAttrMaxSurface1DWidth: *v = p->maxSurface1D; return true;
  case cudaDevAttrMaxSurface2DWidth: *v = p->maxSurface2D[0]; return true;
  case cudaDevAttrMaxSurface2DHeight: *v = p->maxSurface2D[1]; return true;
  case cudaDevAttrMaxSurface3DWidth: *v = p->maxSurface3D[0]; return true;
  case cudaDevAttrMaxSurface3DHeight: *v = p->maxSurface3D[1]; return true;
  case cudaDevAttrMaxSurface3DDepth: *v = p->maxSurface3D[2]; return true;
  case cudaDevAttrMaxSurface1DLayeredWidth: *v = p->maxSurface1DLayered[0]; return true;
  case cudaDevAttrMaxSurface1DLayeredLayers: *v = p->maxSurface1DLayered[1]; return true;
  case cudaDevAttrMaxSurface2DLayeredWidth: *v = p->maxSurface2DLayered[0]; return true;
  case cudaDevAttrMaxSurface2DLayeredHeight: *v = p->maxSurface2DLayered[1]; return true;
  case cudaDevAttrMaxSurface2DLayeredLayers: *v = p->maxSurface2DLayered[2]; return true;
  case cudaDevAttrMaxSurfaceCubemapWidth: *v = p->maxSurfaceCubemap; return true;
  case cudaDevAttrMaxSurfaceCubemapLayeredWidth: *v = p->maxSurfaceCubemapLayered[0]; return true;
  case cudaDevAttrMaxSurfaceCubemapLayeredLayers: *v = p->maxSurfaceCubemapLayered[1]; return true;
  case cudaDevAttrMaxTexture1DLinearWidth: *v = p->maxTexture1DLinear; return true;
  case cudaDevAttrMaxTexture2DLinearWidth: *v = p->maxTexture2DLinear[0]; return true;
  case cudaDevAttrMaxTexture2DLinearHeight: *v = p->maxTexture2DLinear[1]; return true;
  case cudaDevAttrMaxTexture2DLinearPitch: *v = p->maxTexture2DLinear[2]; return true;
  case cudaDevAttrMaxTexture2DMipmappedWidth: *v = p->maxTexture2DMipmap[0]; return true;
  case cudaDevAttrMaxTexture2DMipmappedHeight: *v = p->maxTexture2DMipmap[1]; return true;
  case cudaDevAttrComputeCapabilityMajor: *v = p->major; return true;
  case cudaDevAttrComputeCapabilityMinor: *v = p->minor; return true;
  case cudaDevAttrMaxTexture1DMipmappedWidth: *v = p->maxTexture1DMipmap; return true;
  case cudaDevAttrStreamPrioritiesSupported: *v = p->streamPrioritiesSupported; return true;
  case cudaDevAttrGlobalL1CacheSupported: *v = p->globalL1CacheSupported; return true;
  case cudaDevAttrLocalL1CacheSupported: *v = p->localL1CacheSupported; return true;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
    *v = (int)p->sharedMemPerMultiprocessor;
    return true;
  case cudaDevAttrMaxRegistersPerMultiprocessor: *v = p->regsPerMultiprocessor; return true;
  case cudaDevAttrManagedMemory: *v = p->managedMemory; return true;
  case cudaDevAttrIsMultiGpuBoard: *v = p->isMultiGpuBoard; return true;
  case cudaDevAttrMultiGpuBoardGroupID: *v = p->multiGpuBoardGroupID; return true;
  case cudaDevAttrHostNativeAtomicSupported: *v = p->hostNativeAtomicSupported; return true;
  case cudaDevAttrSingleToDoublePrecisionPerfRatio:
    *v = p->singleToDoublePrecisionPerfRatio;
    return true;
  case cudaDevAttrPageableMemoryAccess: *v = p->pageableMemoryAccess; return true;
  case cudaDevAttrConcurrentManagedAccess: *v = p->concurrentManagedAccess; return true;
  case cudaDevAttrComputePreemptionSupported: *v = p->computePreemptionSupported; return true;
  case cudaDevAttrCanUseHostPointerForRegisteredMem:
    *v = p->canUseHostPointerForRegisteredMem;
    return true;
  case cudaDevAttrCooperativeLaunch: *v = p->cooperativeLaunch; return true;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin: *v = (int)p->sharedMemPerBlockOptin; return true;
  case cudaDevAttrCanFlushRemoteWrites: *v = 0; return true; /* no remote writes */
  case cudaDevAttrHostRegisterSupported: *v = p->hostRegisterSupported; return true;
  case cudaDevAttrPageableMemoryAccessUsesHostPageTables:
    *v = p->pageableMemoryAccessUsesHostPageTables;
    return true;
  case cudaDevAttrDirectManagedMemAccessFromHost:
    *v = p->directManagedMemAccessFromHost;
    return true;
  case cudaDevAttrMaxBlocksPerMultiprocessor: *v = p->maxBlocksPerMultiProcessor; return true;
  case cudaDevAttrMaxPersistingL2CacheSize: *v = p->persistingL2CacheMaxSize; return true;
  case cudaDevAttrMaxAccessPolicyWindowSize: *v = p->accessPolicyMaxWindowSize; return true;
  case cudaDevAttrReservedSharedMemoryPerBlock: *v = (int)p->reservedSharedMemPerBlock; return true;
  case cudaDevAttrSparseCudaArraySupported: *v = p->sparseCudaArraySupported; return true;
  case cudaDevAttrHostRegisterReadOnlySupported: *v = p->hostRegisterReadOnlySupported; return true;
  case cudaDevAttrTimelineSemaphoreInteropSupported:
    *v = p->timelineSemaphoreInteropSupported;
    return true;
  case cudaDevAttrMemoryPoolsSupported: *v = p->memoryPoolsSupported; return true;
  case cudaDevAttrGPUDirectRDMASupported: *v = p->gpuDirectRDMASupported; return true;
  case cudaDevAttrGPUDirectRDMAFlushWritesOptions:
    *v = (int)p->gpuDirectRDMAFlushWritesOptions;
    return true;
  case cudaDevAttrGPUDirectRDMAWritesOrdering: *v = p->gpuDirectRDMAWritesOrdering; return true;
  case cudaDevAttrMemoryPoolSupportedHandleTypes:
    *v = (int)p->memoryPoolSupportedHandleTypes;
    return true;
  case cudaDevAttrClusterLaunch: *v = p->clusterLaunch; return true;
  case cudaDevAttrDeferredMappingCudaArraySupported:
    *v = p->deferredMappingCudaArraySupported;
    return true;
  case cudaDevAttrIpcEventSupport: *v = p->ipcEventSupported; return true;
  case cudaDevAttrMemSyncDomainCount: *v = RT_MEM_SYNC_DOMAINS; return true;
  case cudaDevAttrNumaConfig: *v = p->deviceNumaConfig; return true;
  case cudaDevAttrNumaId: *v = p->deviceNumaId; return true;
  case cudaDevAttrMpsEnabled: *v = p->mpsEnabled; return true;
  case cudaDevAttrHostNumaId: *v = p->hostNumaId; return true;
  case cudaDevAttrD3D12CigSupported: *v = 0; return true;  /* no Direct3D */
  case cudaDevAttrVulkanCigSupported: *v = 0; return true; /* no Vulkan */
  case cudaDevAttrGpuPciDeviceId: *v = (int)p->gpuPciDeviceID; return true;
  case cudaDevAttrGpuPciSubsystemId: *v = (int)p->gpuPciSubsystemID; return true;
  case cudaDevAttrHostNumaMemoryPoolsSupported: *v = 0; return true; /* no NUMA, no pools */
  case cudaDevAttrHostNumaMultinodeIpcSupported: *v = p->hostNumaMultinodeIpcSupported; return true;
  case cudaDevAttrHostMemoryPoolsSupported: *v = 0; return true; /* no memory pools */
  case cudaDevAttrOnlyPartialHostNativeAtomicSupported: *v = 0; return true;
  default: break;
  }
  if ((int)attr <= 0 || (int)attr >= (int)cudaDevAttrMax) return false;
  *v = 0; /* reserved enumerators and driver-only attributes */
  return true;
}
