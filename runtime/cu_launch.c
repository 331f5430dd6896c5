/* runtime/cu_launch.c — the driver API's launches and function attributes:
 * cuLaunchKernel with kernelParams (one pointer per parameter) or extra (the
 * packed parameter block, CU_LAUNCH_PARAM_BUFFER_POINTER/SIZE), cuLaunchKernelEx,
 * cuFuncGet/SetAttribute. The kernel is found by its function handle
 * (cu_module.c); the core validates, packs and encodes (core_launch.c). */
#include <stdint.h>

#include "cu_internal.h"

/* extra: pairs of (tag, value) up to CU_LAUNCH_PARAM_END. */
static CUresult rt_cu_parse_extra(void **extra, const void **buffer, size_t *bytes) {
  *buffer = NULL;
  *bytes = 0;
  bool have_size = false;
  for (size_t i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
    if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
      *buffer = extra[i + 1];
    else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE && extra[i + 1]) {
      *bytes = *(const size_t *)extra[i + 1];
      have_size = true;
    } else
      return CUDA_ERROR_INVALID_VALUE;
  }
  return *buffer && have_size ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* The order of CUDA's checks: the function, the stream, the configuration
 * alone, the parameters, then the kernel with the configuration (lock held,
 * device ready). */
static CUresult rt_cu_launch(rt_device *d, CUfunction f, const rt_launch_config *config,
                             CUstream stream, void **params, void **extra, bool cooperative) {
  rt_function *function = (rt_function *)(void *)f;
  if (!rt_function_valid(function)) return CUDA_ERROR_INVALID_HANDLE;
  if (!rt_stream_valid(rt_cu_stream(stream))) return CUDA_ERROR_INVALID_HANDLE;
  cudaError_t e = rt_launch_check_config(config);
  if (e != cudaSuccess) return rt_cu_result(e);
  if (params && extra) return CUDA_ERROR_INVALID_VALUE;
  /* in a stream capture: a kernel node (core_graph.c copies the arguments; a
   * cooperative launch's has CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE) */
  struct cudaGraphNodeParams node = {.type = cudaGraphNodeTypeKernel};
  node.kernel = (struct cudaKernelNodeParamsV2){
      (void *)f, config->grid, config->block, (unsigned)config->shared, params, extra};
  bool captured = false;
  e = rt_capture_kernel(rt_cu_stream(stream), &node, cooperative, &captured);
  if (e != cudaSuccess || captured)
    return e == cudaErrorInvalidDeviceFunction ? CUDA_ERROR_INVALID_HANDLE : rt_cu_result(e);
  rt_kernel kernel;
  e = rt_function_kernel(function, &kernel);
  if (e != cudaSuccess) return rt_cu_result(e);
  if (extra) {
    const void *buffer;
    size_t bytes;
    CUresult r = rt_cu_parse_extra(extra, &buffer, &bytes);
    if (r != CUDA_SUCCESS) return r;
    return rt_cu_result(rt_launch_packed(d, &kernel, config, buffer, bytes, cooperative));
  }
  if (cooperative) return rt_cu_result(rt_launch_cooperative(d, &kernel, config, params));
  return rt_cu_result(rt_launch(d, &kernel, config, params));
}

/* cuLaunchKernel's and cuLaunchCooperativeKernel's shared body. */
static CUresult rt_cu_launch_dims(CUfunction f, dim3 grid, dim3 block, unsigned int shared,
                                  CUstream hStream, void **kernelParams, void **extra,
                                  bool cooperative) {
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  rt_launch_config config = {grid, block, shared, rt_cu_stream(hStream)};
  if (r == CUDA_SUCCESS) r = rt_cu_launch(d, f, &config, hStream, kernelParams, extra, cooperative);
  return rt_cu_leave(r);
}

CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                        unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                        unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
                        void **kernelParams, void **extra) {
  return rt_cu_launch_dims(f, (dim3){gridDimX, gridDimY, gridDimZ},
                           (dim3){blockDimX, blockDimY, blockDimZ}, sharedMemBytes, hStream,
                           kernelParams, extra, false);
}

/* The attributes a launch can carry: those that ask for nothing Anchor lacks
 * are accepted (a priority, a scheduling hint, a cluster of 1x1x1),
 * CU_LAUNCH_ATTRIBUTE_COOPERATIVE makes the launch cooperative; a real
 * cluster is not offered. */
static CUresult rt_cu_check_attributes(const CUlaunchAttribute *attrs, unsigned n,
                                       bool *cooperative) {
  if (n && !attrs) return CUDA_ERROR_INVALID_VALUE;
  for (unsigned i = 0; i < n; i++) {
    const CUlaunchAttributeValue *v = &attrs[i].value;
    switch (attrs[i].id) {
    case CU_LAUNCH_ATTRIBUTE_IGNORE:
    case CU_LAUNCH_ATTRIBUTE_PRIORITY:
    case CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY:
    case CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW:
    case CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN:
    case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
    case CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION: break;
    case CU_LAUNCH_ATTRIBUTE_COOPERATIVE: *cooperative = v->cooperative != 0; break;
    case CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION:
      if (v->clusterDim.x * v->clusterDim.y * v->clusterDim.z != 1) return CUDA_ERROR_NOT_SUPPORTED;
      break;
    default: return CUDA_ERROR_NOT_SUPPORTED;
    }
  }
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **kernelParams,
                          void **extra) {
  if (!config)
    return rt_context_initialised() ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
  rt_device *d = NULL;
  CUresult r = rt_cu_enter_device(&d);
  rt_launch_config c = {{config->gridDimX, config->gridDimY, config->gridDimZ},
                        {config->blockDimX, config->blockDimY, config->blockDimZ},
                        config->sharedMemBytes,
                        rt_cu_stream(config->hStream)};
  bool cooperative = false;
  if (r == CUDA_SUCCESS) r = rt_cu_check_attributes(config->attrs, config->numAttrs, &cooperative);
  if (r == CUDA_SUCCESS)
    r = rt_cu_launch(d, f, &c, config->hStream, kernelParams, extra, cooperative);
  return rt_cu_leave(r);
}

/* As cudaLaunchCooperativeKernel: up to the co-resident capacity, else
 * CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE (core_launch.c). */
CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                                   unsigned int gridDimZ, unsigned int blockDimX,
                                   unsigned int blockDimY, unsigned int blockDimZ,
                                   unsigned int sharedMemBytes, CUstream hStream,
                                   void **kernelParams) {
  return rt_cu_launch_dims(f, (dim3){gridDimX, gridDimY, gridDimZ},
                           (dim3){blockDimX, blockDimY, blockDimZ}, sharedMemBytes, hStream,
                           kernelParams, NULL, true);
}

/* ---- attributes ------------------------------------------------------------------- */

/* The driver's function attributes are the runtime's kernel attributes
 * (core_launch.c: rt_kernel_attributes / rt_kernel_set_attribute, one store
 * per kernel shared with cudaFuncSetAttribute); CUfunction_attribute and
 * cudaFuncAttribute number the settable ones alike. */
/* One attribute of a function (lock held). */
static CUresult rt_cu_function_attribute(int *pi, CUfunction_attribute attrib, CUfunction hfunc) {
  rt_function *function = (rt_function *)(void *)hfunc;
  if (!rt_function_valid(function)) return CUDA_ERROR_INVALID_HANDLE;
  rt_kernel k;
  CUresult r = rt_cu_result(rt_function_kernel(function, &k));
  if (r != CUDA_SUCCESS) return r;
  struct cudaFuncAttributes a;
  rt_kernel_attributes(&k, &a);
  switch (attrib) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *pi = a.maxThreadsPerBlock; break;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *pi = (int)a.sharedSizeBytes; break;
  case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *pi = (int)a.constSizeBytes; break;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *pi = (int)a.localSizeBytes; break;
  case CU_FUNC_ATTRIBUTE_NUM_REGS: *pi = a.numRegs; break;
  case CU_FUNC_ATTRIBUTE_PTX_VERSION: *pi = a.ptxVersion; break;
  case CU_FUNC_ATTRIBUTE_BINARY_VERSION: *pi = a.binaryVersion; break;
  case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA: *pi = a.cacheModeCA; break;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *pi = a.maxDynamicSharedSizeBytes; break;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: *pi = a.preferredShmemCarveout; break;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    *pi = 0; /* no thread-block clusters: what a kernel without them has */
    break;
  default: r = CUDA_ERROR_INVALID_VALUE;
  }
  return r;
}

CUresult cuFuncGetAttribute(int *pi, CUfunction_attribute attrib, CUfunction hfunc) {
  RT_CU_CHECK_INIT();
  if (!pi) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  return rt_cu_leave(rt_cu_function_attribute(pi, attrib, hfunc));
}

CUresult cuFuncSetAttribute(CUfunction hfunc, CUfunction_attribute attrib, int value) {
  RT_CU_CHECK_INIT();
  rt_enter();
  rt_function *function = (rt_function *)(void *)hfunc;
  if (!rt_function_valid(function)) return rt_cu_leave(CUDA_ERROR_INVALID_HANDLE);
  rt_kernel k;
  CUresult r = rt_cu_result(rt_function_kernel(function, &k));
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_kernel_set_attribute(&k, (enum cudaFuncAttribute)attrib, value));
  return rt_cu_leave(r);
}

CUresult cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config) {
  RT_CU_CHECK_INIT();
  if ((unsigned)config > CU_FUNC_CACHE_PREFER_EQUAL) return CUDA_ERROR_INVALID_VALUE;
  rt_enter();
  rt_function *function = (rt_function *)(void *)hfunc;
  if (!rt_function_valid(function)) return rt_cu_leave(CUDA_ERROR_INVALID_HANDLE);
  (void)function; /* a preference: Apple GPUs have no L1/shared split to choose */
  return rt_cu_leave(CUDA_SUCCESS);
}

/* ---- occupancy (the runtime's rules: core_launch.c) ------------------------------- */

/* The function's kernel (lock held). */
static CUresult rt_cu_function_kernel(CUfunction f, rt_kernel *kernel) {
  rt_function *function = (rt_function *)(void *)f;
  if (!rt_function_valid(function)) return CUDA_ERROR_INVALID_HANDLE;
  return rt_cu_result(rt_function_kernel(function, kernel));
}

/* As cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags: a block size
 * <= 0 is invalid (CUDA's occupancy calculator; the runtime's call crashes). */
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, CUfunction func,
                                                              int blockSize, size_t dynamicSMemSize,
                                                              unsigned int flags) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS &&
      (!numBlocks || blockSize <= 0 || (flags & ~(unsigned)CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE)))
    r = CUDA_ERROR_INVALID_VALUE;
  rt_kernel kernel;
  if (r == CUDA_SUCCESS) r = rt_cu_function_kernel(func, &kernel);
  if (r == CUDA_SUCCESS) *numBlocks = rt_launch_occupancy(&kernel, blockSize, dynamicSMemSize);
  return rt_cu_leave(r);
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, CUfunction func, int blockSize,
                                                     size_t dynamicSMemSize) {
  return cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, func, blockSize, dynamicSMemSize, CU_OCCUPANCY_DEFAULT);
}

CUresult cuOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, CUfunction func,
                                                 int numBlocks, int blockSize) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !dynamicSmemSize) r = CUDA_ERROR_INVALID_VALUE;
  rt_kernel kernel;
  if (r == CUDA_SUCCESS) r = rt_cu_function_kernel(func, &kernel);
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(
        rt_launch_available_dynamic_smem(&kernel, numBlocks, blockSize, dynamicSmemSize));
  return rt_cu_leave(r);
}

/* What the block-size search needs of the device and the function (lock
 * taken and left here). */
typedef struct {
  int limit;      /* the largest block size: the function's, the device's, blockSizeLimit */
  int warp;       /* step of the search */
  int sms;        /* multiprocessors */
  int sm_threads; /* resident threads per multiprocessor */
} rt_cu_block_search;

static CUresult rt_cu_block_search_bounds(CUfunction func, int block_size_limit,
                                          rt_cu_block_search *out) {
  CUresult r = rt_cu_enter_initialised();
  rt_kernel kernel;
  if (r == CUDA_SUCCESS) r = rt_cu_function_kernel(func, &kernel);
  struct cudaDeviceProp p;
  if (r == CUDA_SUCCESS) r = rt_cu_result(rt_device_properties(0, &p));
  if (r == CUDA_SUCCESS) {
    struct cudaFuncAttributes a;
    rt_kernel_attributes(&kernel, &a);
    out->limit =
        p.maxThreadsPerBlock < a.maxThreadsPerBlock ? p.maxThreadsPerBlock : a.maxThreadsPerBlock;
    if (block_size_limit > 0 && block_size_limit < out->limit) out->limit = block_size_limit;
    out->warp = p.warpSize;
    out->sms = p.multiProcessorCount;
    out->sm_threads = p.maxThreadsPerMultiProcessor;
  }
  return rt_cu_leave(r);
}

/* CUDA's documented search, as the runtime's cudaOccupancyMaxPotentialBlockSize
 * (cuda_runtime.h): from the largest allowed block size down in steps of the
 * warp size, each size's dynamic shared memory from the callback (when given,
 * else dynamicSMemSize); the first size with the most resident threads wins,
 * stopping when one fills the multiprocessor; *minGridSize is its resident
 * blocks times the multiprocessors. The callback runs without the lock, so it
 * may call the API. */
CUresult cuOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize,
                                                   CUfunction func,
                                                   CUoccupancyB2DSize blockSizeToDynamicSMemSize,
                                                   size_t dynamicSMemSize, int blockSizeLimit,
                                                   unsigned int flags) {
  if (!rt_context_initialised()) return CUDA_ERROR_NOT_INITIALIZED;
  if (!minGridSize || !blockSize || (flags & ~(unsigned)CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE))
    return CUDA_ERROR_INVALID_VALUE;
  rt_cu_block_search s;
  CUresult r = rt_cu_block_search_bounds(func, blockSizeLimit, &s);
  if (r != CUDA_SUCCESS) return r;
  int best_blocks = 0, best_size = 0, best_threads = 0;
  for (int aligned = (s.limit + s.warp - 1) / s.warp * s.warp; r == CUDA_SUCCESS && aligned > 0;
       aligned -= s.warp) {
    int size = s.limit < aligned ? s.limit : aligned, blocks = 0;
    size_t smem = blockSizeToDynamicSMemSize ? blockSizeToDynamicSMemSize(size) : dynamicSMemSize;
    r = cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, func, size, smem, flags);
    if (r == CUDA_SUCCESS && blocks * size > best_threads) {
      best_blocks = blocks;
      best_size = size;
      best_threads = blocks * size;
    }
    if (best_threads == s.sm_threads) break;
  }
  if (r != CUDA_SUCCESS) return r;
  *minGridSize = best_blocks * s.sms;
  *blockSize = best_size;
  return CUDA_SUCCESS;
}

CUresult cuOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, CUfunction func,
                                          CUoccupancyB2DSize blockSizeToDynamicSMemSize,
                                          size_t dynamicSMemSize, int blockSizeLimit) {
  return cuOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, func,
                                                   blockSizeToDynamicSMemSize, dynamicSMemSize,
                                                   blockSizeLimit, CU_OCCUPANCY_DEFAULT);
}

/* ---- more of functions and kernels (issue 9) ------------------------------------------ */

/* A parameter's offset and size in the kernel's parameter block (the module's
 * kernel table, as cudaFuncGetParamInfo); an index past the last parameter
 * CUDA_ERROR_INVALID_VALUE. paramSize may be NULL, paramOffset not. */
static CUresult rt_cu_param_info(CUfunction f, size_t index, size_t *offset, size_t *size) {
  CUresult r = rt_cu_enter_context();
  rt_kernel k;
  if (r == CUDA_SUCCESS) r = rt_cu_function_kernel(f, &k);
  if (r == CUDA_SUCCESS && (!offset || index >= k.desc->param_count)) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS) {
    *offset = (size_t)k.desc->params[index].offset;
    if (size) *size = (size_t)k.desc->params[index].size;
  }
  return rt_cu_leave(r);
}

CUresult cuFuncGetParamInfo(CUfunction func, size_t paramIndex, size_t *paramOffset,
                            size_t *paramSize) {
  return rt_cu_param_info(func, paramIndex, paramOffset, paramSize);
}

/* A CUkernel is the CUfunction cuKernelGetFunction gives (cu_library.c). */
CUresult cuKernelGetParamInfo(CUkernel kernel, size_t paramIndex, size_t *paramOffset,
                              size_t *paramSize) {
  return rt_cu_param_info((CUfunction)(void *)kernel, paramIndex, paramOffset, paramSize);
}

/* Loading: a module's MSL is compiled when it is loaded (eagerly, as
 * cuModuleGetLoadingMode says), so every function of a loaded module is loaded. */
CUresult cuFuncIsLoaded(CUfunctionLoadingState *state, CUfunction function) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !state) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && !rt_function_valid((rt_function *)(void *)function))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS) *state = CU_FUNCTION_LOADING_STATE_LOADED;
  return rt_cu_leave(r);
}

CUresult cuFuncLoad(CUfunction function) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !rt_function_valid((rt_function *)(void *)function))
    r = CUDA_ERROR_INVALID_HANDLE;
  return rt_cu_leave(r);
}

/* Bank sizes cannot be configured on Apple GPUs: a valid value is accepted (as
 * cuCtxSetSharedMemConfig). */
CUresult cuFuncSetSharedMemConfig(CUfunction hfunc, CUsharedconfig config) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !rt_function_valid((rt_function *)(void *)hfunc))
    r = CUDA_ERROR_INVALID_HANDLE;
  if (r == CUDA_SUCCESS && (unsigned)config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE)
    r = CUDA_ERROR_INVALID_VALUE;
  return rt_cu_leave(r);
}

/* The kernel's attributes on device dev (0: one device; another
 * CUDA_ERROR_INVALID_DEVICE): the function's, which every context shares. */
CUresult cuKernelGetAttribute(int *pi, CUfunction_attribute attrib, CUkernel kernel, CUdevice dev) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && !pi) r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && dev != 0) r = CUDA_ERROR_INVALID_DEVICE;
  if (r == CUDA_SUCCESS) r = rt_cu_function_attribute(pi, attrib, (CUfunction)(void *)kernel);
  return rt_cu_leave(r);
}

CUresult cuKernelSetAttribute(CUfunction_attribute attrib, int val, CUkernel kernel, CUdevice dev) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && dev != 0) r = CUDA_ERROR_INVALID_DEVICE;
  rt_kernel k;
  if (r == CUDA_SUCCESS) r = rt_cu_function_kernel((CUfunction)(void *)kernel, &k);
  if (r == CUDA_SUCCESS)
    r = rt_cu_result(rt_kernel_set_attribute(&k, (enum cudaFuncAttribute)attrib, val));
  return rt_cu_leave(r);
}

CUresult cuKernelSetCacheConfig(CUkernel kernel, CUfunc_cache config, CUdevice dev) {
  CUresult r = rt_cu_enter_initialised();
  if (r == CUDA_SUCCESS && (unsigned)config > CU_FUNC_CACHE_PREFER_EQUAL)
    r = CUDA_ERROR_INVALID_VALUE;
  if (r == CUDA_SUCCESS && dev != 0) r = CUDA_ERROR_INVALID_DEVICE;
  if (r == CUDA_SUCCESS && !rt_function_valid((rt_function *)(void *)kernel))
    r = CUDA_ERROR_INVALID_HANDLE;
  return rt_cu_leave(r); /* a preference: no L1/shared split to choose */
}
