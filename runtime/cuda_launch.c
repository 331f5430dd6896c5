/* runtime/cuda_launch.c — the runtime API's launches: the <<<>>> configuration
 * handshake clang's host code uses, cudaLaunchKernel, cudaLaunchCooperativeKernel,
 * cudaLaunchKernelExC (launch attributes), kernel attributes and occupancy. Kernels are found by
 * host stub; the core validates, packs and encodes (core_launch.c). */
#include <string.h>

#include "core.h"

enum { RT_CONFIG_DEPTH = 16 };

/* ---- the configuration stack of k<<<g, b, s, st>>>(args) ------------------------- */

typedef struct {
  dim3 grid, block;
  size_t shared;
  cudaStream_t stream;
} rt_config;

static _Thread_local rt_config rt_configs[RT_CONFIG_DEPTH];
static _Thread_local int rt_config_depth;

/* Launch arguments may themselves launch kernels, so configurations nest. */
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared, cudaStream_t stream) {
  if (rt_config_depth == RT_CONFIG_DEPTH) return 1; /* nonzero: clang skips the call */
  rt_configs[rt_config_depth++] = (rt_config){grid, block, shared, stream};
  /* The arguments are evaluated after this call: `k<<<g, b>>>(&x)` as the
   * first CUDA call must see a __managed__ x where the kernel can reach it. */
  rt_lock();
  rt_module_place_managed_now();
  rt_unlock();
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared, void *stream) {
  if (rt_config_depth == 0) return cudaErrorMissingConfiguration;
  rt_config c = rt_configs[--rt_config_depth];
  *grid = c.grid;
  *block = c.block;
  *shared = c.shared;
  *(cudaStream_t *)stream = c.stream;
  return cudaSuccess;
}

/* ---- cudaLaunchKernel -------------------------------------------------------------- */

/* The order of CUDA's checks: sticky error, stream, the configuration alone
 * (so a bad one compiles nothing), the kernel (whose lookup readies the
 * device), then the kernel and configuration together (lock held). */
static cudaError_t rt_launch_by_stub(const void *func, const rt_launch_config *config, void **args,
                                     cudaStream_t stream, bool cooperative) {
  cudaError_t e = rt_sticky_error();
  if (e != cudaSuccess) return e;
  if (!rt_stream_valid(stream)) return cudaErrorInvalidResourceHandle;
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeKernel};
  node.kernel = (struct cudaKernelNodeParamsV2){
      (void *)func, config->grid, config->block, (unsigned)config->shared, args, NULL};
  bool captured;
  /* in a capture: a kernel node (cooperative: with cudaKernelNodeAttributeCooperative) */
  e = rt_capture_kernel(stream, &node, cooperative, &captured);
  if (e != cudaSuccess || captured) return e;
  rt_kernel kernel;
  e = rt_launch_check_config(config);
  if (e == cudaSuccess) e = rt_module_kernel_by_stub(func, &kernel);
  if (e == cudaSuccess && cooperative)
    return rt_launch_cooperative(rt_device_current(), &kernel, config, args);
  if (e == cudaSuccess) e = rt_launch(rt_device_current(), &kernel, config, args);
  return e;
}

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared,
                             cudaStream_t stream) {
  rt_launch_config config = {grid, block, shared, stream};
  rt_enter();
  return rt_leave(rt_launch_by_stub(func, &config, args, stream, false));
}

/* What <<<>>> calls in a program built for the per-thread default stream
 * (clang's -fgpu-default-stream=per-thread): stream 0 is cudaStreamPerThread. */
cudaError_t cudaLaunchKernel_ptsz(const void *func, dim3 grid, dim3 block, void **args,
                                  size_t shared, cudaStream_t stream) {
  return cudaLaunchKernel(func, grid, block, args, shared, stream ? stream : cudaStreamPerThread);
}

/* A cooperative launch: grid_group::sync() works in it, and it is refused with
 * cudaErrorCooperativeLaunchTooLarge above the co-resident capacity (core_launch.c). */
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args,
                                        size_t shared, cudaStream_t stream) {
  rt_launch_config config = {grid, block, shared, stream};
  rt_enter();
  return rt_leave(rt_launch_by_stub(func, &config, args, stream, true));
}

cudaError_t cudaLaunchCooperativeKernel_ptsz(const void *func, dim3 grid, dim3 block, void **args,
                                             size_t shared, cudaStream_t stream) {
  return cudaLaunchCooperativeKernel(func, grid, block, args, shared,
                                     stream ? stream : cudaStreamPerThread);
}

/* The attributes cudaLaunchKernelEx takes, as cuLaunchKernelEx does (cu_launch.c):
 * those that ask for nothing Anchor lacks (a priority, a scheduling hint, a 1x1x1
 * cluster) are accepted, cudaLaunchAttributeCooperative makes the launch cooperative,
 * the others are cudaErrorNotSupported. */
static cudaError_t rt_launch_attributes(const cudaLaunchAttribute *attrs, unsigned n,
                                        bool *cooperative) {
  if (n && !attrs) return cudaErrorInvalidValue;
  for (unsigned i = 0; i < n; i++) {
    const cudaLaunchAttributeValue *v = &attrs[i].val;
    switch (attrs[i].id) {
    case cudaLaunchAttributeIgnore:
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributeSynchronizationPolicy:
    case cudaLaunchAttributeAccessPolicyWindow:
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
    case cudaLaunchAttributeMemSyncDomain:
    case cudaLaunchAttributeMemSyncDomainMap:
    case cudaLaunchAttributePreferredSharedMemoryCarveout:
    case cudaLaunchAttributeProgrammaticStreamSerialization: break;
    case cudaLaunchAttributeCooperative: *cooperative = v->cooperative != 0; break;
    case cudaLaunchAttributeClusterDimension:
      if (v->clusterDim.x * v->clusterDim.y * v->clusterDim.z != 1) return cudaErrorNotSupported;
      break;
    default: return cudaErrorNotSupported;
    }
  }
  return cudaSuccess;
}

/* What the cudaLaunchKernelEx templates of cuda_runtime.h call. */
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args) {
  if (!config) return rt_record(cudaErrorInvalidValue);
  rt_launch_config c = {config->gridDim, config->blockDim, config->dynamicSmemBytes,
                        config->stream};
  bool cooperative = false;
  cudaError_t e = rt_launch_attributes(config->attrs, config->numAttrs, &cooperative);
  if (e != cudaSuccess) return rt_record(e);
  rt_enter();
  return rt_leave(rt_launch_by_stub(func, &c, args, config->stream, cooperative));
}

cudaError_t cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *config, const void *func,
                                     void **args) {
  if (!config || config->stream) return cudaLaunchKernelExC(config, func, args);
  cudaLaunchConfig_t per_thread = *config;
  per_thread.stream = cudaStreamPerThread;
  return cudaLaunchKernelExC(&per_thread, func, args);
}

/* ---- kernel attributes and occupancy ----------------------------------------------- */

/* Finds the kernel of host stub func (loading it); lock held. H200, CUDA 13,
 * 2026-12-01/02: a pointer that is no kernel (main) is cudaErrorInvalidResourceHandle
 * for cudaFuncGetAttributes, cudaFuncSetAttribute, cudaFuncSetCacheConfig,
 * cudaFuncGetName and the occupancy queries; NULL cudaErrorInvalidDeviceFunction. */
static cudaError_t rt_func(const void *func, rt_kernel *kernel) {
  cudaError_t e = rt_module_kernel_by_stub(func, kernel);
  if (e == cudaErrorInvalidDeviceFunction && func) e = cudaErrorInvalidResourceHandle;
  return e;
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) {
  if (!attr) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  rt_kernel kernel;
  cudaError_t e = rt_func(func, &kernel);
  if (e == cudaSuccess) rt_kernel_attributes(&kernel, attr);
  return rt_leave(e);
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value) {
  rt_enter();
  rt_kernel kernel;
  cudaError_t e = rt_func(func, &kernel);
  if (e == cudaSuccess) e = rt_kernel_set_attribute(&kernel, attr, value);
  return rt_leave(e);
}

/* A preference, as in CUDA; Apple GPUs have no L1/shared split to choose. */
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache config) {
  if ((unsigned)config > cudaFuncCachePreferEqual) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  rt_kernel kernel;
  cudaError_t e = rt_func(func, &kernel);
  if (e == cudaSuccess) kernel.settings->cache_config = config;
  return rt_leave(e);
}

/* Deprecated in CUDA 13; banks are 4 bytes wide and not configurable. */
cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config) {
  if ((unsigned)config > cudaSharedMemBankSizeEightByte) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  rt_kernel kernel;
  return rt_leave(rt_func(func, &kernel)); /* the kernel must exist */
}

cudaError_t cudaFuncGetName(const char **name, const void *func) {
  if (!name) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  rt_kernel kernel;
  cudaError_t e = rt_func(func, &kernel);
  if (e == cudaSuccess) *name = rt_kernel_name(&kernel); /* the device (mangled) name */
  return rt_leave(e);
}

cudaError_t cudaFuncGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset,
                                 size_t *paramSize) {
  rt_enter();
  rt_kernel kernel;
  cudaError_t e = rt_func(func, &kernel);
  /* paramSize may be NULL, paramOffset not (H200, CUDA 13, 2026-12-01/02) */
  if (e == cudaSuccess && (!paramOffset || paramIndex >= kernel.desc->param_count))
    e = cudaErrorInvalidValue;
  if (e == cudaSuccess) {
    *paramOffset = (size_t)kernel.desc->params[paramIndex].offset;
    if (paramSize) *paramSize = (size_t)kernel.desc->params[paramIndex].size;
  }
  return rt_leave(e);
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                   int blockSize,
                                                                   size_t dynamicSMemSize,
                                                                   unsigned int flags) {
  /* blockSize 0: CUDA crashes (H200, CUDA 13, 2026-12-01); the occupancy
   * calculator calls a block size <= 0 invalid input */
  if (!numBlocks || blockSize <= 0 || (flags & ~(unsigned)cudaOccupancyDisableCachingOverride))
    return rt_record(cudaErrorInvalidValue);
  rt_enter();
  rt_kernel kernel;
  cudaError_t e = rt_func(func, &kernel);
  if (e == cudaSuccess) *numBlocks = rt_launch_occupancy(&kernel, blockSize, dynamicSMemSize);
  return rt_leave(e);
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize, size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, func, blockSize, dynamicSMemSize, cudaOccupancyDefault);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                      int numBlocks, int blockSize) {
  if (!dynamicSmemSize) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  rt_kernel kernel;
  cudaError_t e = rt_func(func, &kernel);
  if (e == cudaSuccess)
    e = rt_launch_available_dynamic_smem(&kernel, numBlocks, blockSize, dynamicSmemSize);
  return rt_leave(e);
}
