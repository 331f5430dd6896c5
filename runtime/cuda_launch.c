/* runtime/cuda_launch.c — the runtime API's launches: the <<<>>> configuration
 * handshake clang's host code uses, cudaLaunchKernel, kernel attributes and
 * occupancy. Kernels are found by host stub; the core validates, packs and
 * encodes (core_launch.c). */
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
                                     cudaStream_t stream) {
  cudaError_t e = rt_sticky_error();
  if (e != cudaSuccess) return e;
  if (!rt_stream_valid(stream)) return cudaErrorInvalidResourceHandle;
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeKernel};
  node.kernel = (struct cudaKernelNodeParamsV2){
      (void *)func, config->grid, config->block, (unsigned)config->shared, args, NULL};
  bool captured;
  e = rt_capture_node(stream, &node, &captured); /* in a capture: a kernel node */
  if (e != cudaSuccess || captured) return e;
  rt_kernel kernel;
  e = rt_launch_check_config(config);
  if (e == cudaSuccess) e = rt_module_kernel_by_stub(func, &kernel);
  if (e == cudaSuccess) e = rt_launch(rt_device_current(), &kernel, config, args);
  return e;
}

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared,
                             cudaStream_t stream) {
  rt_launch_config config = {grid, block, shared};
  rt_enter();
  return rt_leave(rt_launch_by_stub(func, &config, args, stream));
}

/* A cooperative launch (what grid_group::sync() needs) is not offered:
 * cudaDevAttrCooperativeLaunch is 0, as the device properties say, and
 * <cooperative_groups.h> makes grid_group::sync() a compile-time error. */
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args,
                                        size_t shared, cudaStream_t stream) {
  (void)func, (void)grid, (void)block, (void)args, (void)shared, (void)stream;
  rt_enter();
  return rt_leave(cudaErrorNotSupported);
}

/* ---- kernel attributes and occupancy ----------------------------------------------- */

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) {
  if (!attr) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  rt_kernel kernel;
  cudaError_t e = rt_module_kernel_by_stub(func, &kernel);
  if (e == cudaSuccess) {
    memset(attr, 0, sizeof *attr);
    attr->sharedSizeBytes = (size_t)kernel.desc->static_smem_bytes;
    attr->maxThreadsPerBlock = (int)kernel.max_threads;
    attr->maxDynamicSharedSizeBytes =
        (int)(AC_MAX_THREADGROUP_MEMORY - kernel.desc->static_smem_bytes);
    attr->ptxVersion = AC_CUDA_ARCH;
    attr->binaryVersion = AC_CUDA_ARCH;
  }
  return rt_leave(e);
}

static cudaError_t rt_check_attribute(const rt_kernel *kernel, enum cudaFuncAttribute attr,
                                      int value) {
  if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize)
    return value < 0 ||
                   (uint64_t)value + kernel->desc->static_smem_bytes > AC_MAX_THREADGROUP_MEMORY
               ? cudaErrorInvalidValue
               : cudaSuccess; /* launches check against Metal's limit anyway */
  if (attr == cudaFuncAttributePreferredSharedMemoryCarveout)
    return value < -1 || value > 100 ? cudaErrorInvalidValue : cudaSuccess; /* a hint */
  return cudaErrorInvalidValue;
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value) {
  rt_enter();
  rt_kernel kernel;
  cudaError_t e = rt_module_kernel_by_stub(func, &kernel);
  if (e == cudaSuccess) e = rt_check_attribute(&kernel, attr, value);
  return rt_leave(e);
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize, size_t dynamicSMemSize) {
  if (!numBlocks) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  rt_kernel kernel;
  cudaError_t e = rt_module_kernel_by_stub(func, &kernel);
  if (e == cudaSuccess) *numBlocks = rt_launch_occupancy(&kernel, blockSize, dynamicSMemSize);
  return rt_leave(e);
}

cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache config) {
  if ((unsigned)config > cudaFuncCachePreferEqual) return rt_record(cudaErrorInvalidValue);
  rt_enter();
  rt_kernel kernel;
  return rt_leave(rt_module_kernel_by_stub(func, &kernel)); /* the kernel must exist */
}
