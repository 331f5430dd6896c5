/* runtime/launch.c — kernel launches: the <<<>>> configuration handshake and
 * cudaLaunchKernel, which validates the configuration as CUDA does, packs the
 * CUDA parameter block, and encodes one Metal dispatch (docs/design.md,
 * "Kernel ABI"):
 *
 *   buffer(0)      the parameter block, byte for byte (setBytes under 4 KiB,
 *                  else a buffer of its own that lives until completion)
 *   buffer(1)      the context: [0] arena gpuAddress - contents, [1+i] the
 *                  CUDA address of module variable i
 *   threadgroup(0) the dynamic shared memory, if the kernel uses it
 *   dispatchThreadgroups(grid, block); the whole arena is made resident.
 *
 * Launches are asynchronous: the command buffer is committed and tracked;
 * its failure surfaces as a sticky error at the next synchronisation.
 * Configuration errors are CUDA 13's (observed on an H200, see
 * docs/runtime.md): cudaErrorInvalidValue for a block over the limits, an
 * empty grid or too much shared memory; they are reported by the launch (and
 * so by cudaPeekAtLastError/cudaGetLastError) and are not sticky. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

enum {
  RT_MAX_BLOCK_THREADS = 1024,
  RT_MAX_BLOCK_Z = 64,
  RT_MAX_GRID_YZ = 65535,
  RT_MAX_SHARED = 32768,
  RT_SET_BYTES_LIMIT = 4096, /* setBytes only below this */
  RT_CONFIG_DEPTH = 16,
};
static const uint64_t rt_max_grid_x = 2147483647u;

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

static cudaError_t rt_check_config(dim3 grid, dim3 block, size_t shared) {
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (block.x == 0 || block.y == 0 || block.z == 0 || block.x > RT_MAX_BLOCK_THREADS ||
      block.y > RT_MAX_BLOCK_THREADS || block.z > RT_MAX_BLOCK_Z || threads > RT_MAX_BLOCK_THREADS)
    return cudaErrorInvalidValue;
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > rt_max_grid_x ||
      grid.y > RT_MAX_GRID_YZ || grid.z > RT_MAX_GRID_YZ)
    return cudaErrorInvalidValue;
  if (shared > RT_MAX_SHARED) return cudaErrorInvalidValue;
  return cudaSuccess;
}

/* What threadgroup(0) is bound with: Metal wants a nonzero multiple of 16. */
static uint64_t rt_dynamic_smem_length(size_t shared) {
  return shared ? ((uint64_t)shared + 15) / 16 * 16 : 16;
}

/* Fits the kernel's own needs: static + dynamic shared memory within the
 * limit, threads within what the pipeline allows (registers). */
static cudaError_t rt_check_kernel(const rt_kernel *k, dim3 block, size_t shared) {
  uint64_t bound = k->desc->dynamic_smem ? rt_dynamic_smem_length(shared) : 0;
  if (k->desc->static_smem_bytes + shared > RT_MAX_SHARED ||
      k->desc->static_smem_bytes + bound > RT_MAX_SHARED)
    return cudaErrorInvalidValue;
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (threads > mtl_pipeline_max_total_threads_per_threadgroup(k->pipeline))
    return cudaErrorLaunchOutOfResources;
  return cudaSuccess;
}

/* The CUDA parameter block: argument i copied to its offset. Caller frees. */
static unsigned char *rt_pack_params(const ac_kernel *k, void **args, size_t *size_out) {
  size_t size = k->param_bytes ? (size_t)k->param_bytes : 16; /* Metal wants a binding */
  unsigned char *block = calloc(1, size);
  if (!block) return NULL;
  for (size_t i = 0; i < k->param_count; i++)
    memcpy(block + k->params[i].offset, args[i], (size_t)k->params[i].size);
  *size_out = size;
  return block;
}

/* Binds bytes at index: inline when small enough, else through a new buffer
 * that is returned (+1) to be kept alive until the command buffer completes. */
static cudaError_t rt_bind_bytes(rt_device_state *s, mtl_id encoder, const void *bytes, size_t size,
                                 uint64_t index, mtl_id *buffer_out) {
  if (size < RT_SET_BYTES_LIMIT) {
    mtl_compute_set_bytes(encoder, bytes, size, index);
    return cudaSuccess;
  }
  mtl_id buffer = mtl_new_buffer(s->device, size, MTL_RESOURCE_STORAGE_MODE_SHARED);
  if (!buffer) return cudaErrorMemoryAllocation;
  memcpy(mtl_buffer_contents(buffer), bytes, size);
  mtl_compute_set_buffer(encoder, buffer, 0, index);
  *buffer_out = buffer;
  return cudaSuccess;
}

/* The context buffer's contents: the delta, then each variable's address. */
static uint64_t *rt_context(rt_device_state *s, const rt_kernel *k, size_t *size_out) {
  uint64_t *context = calloc(k->global_count + 1, sizeof *context);
  if (!context) return NULL;
  context[0] = s->arena_gpu_address - (uint64_t)(uintptr_t)s->arena_base; /* mod 2^64 */
  for (size_t i = 0; i < k->global_count; i++)
    context[1 + i] = k->global_addresses[i];
  *size_out = (k->global_count + 1) * sizeof *context;
  return context;
}

typedef struct {
  const rt_kernel *kernel;
  dim3 grid, block;
  size_t shared;
  const void *params, *context;
  size_t params_size, context_size;
} rt_dispatch;

/* Encodes and commits one dispatch (lock held, inside an autorelease pool). */
static cudaError_t rt_encode(rt_device_state *s, const rt_dispatch *d) {
  mtl_id command_buffer = mtl_queue_command_buffer(s->queue);
  mtl_id encoder = command_buffer ? mtl_command_buffer_compute_encoder(command_buffer) : NULL;
  if (!encoder) return cudaErrorLaunchFailure;
  mtl_id params_buffer = NULL, context_buffer = NULL;
  mtl_compute_set_pipeline_state(encoder, d->kernel->pipeline);
  cudaError_t e = rt_bind_bytes(s, encoder, d->params, d->params_size, 0, &params_buffer);
  if (e == cudaSuccess)
    e = rt_bind_bytes(s, encoder, d->context, d->context_size, 1, &context_buffer);
  if (d->kernel->desc->dynamic_smem)
    mtl_compute_set_threadgroup_memory_length(encoder, rt_dynamic_smem_length(d->shared), 0);
  mtl_compute_use_resource(encoder, s->arena_buffer,
                           MTL_RESOURCE_USAGE_READ | MTL_RESOURCE_USAGE_WRITE);
  mtl_size grid = {d->grid.x, d->grid.y, d->grid.z}, block = {d->block.x, d->block.y, d->block.z};
  if (e == cudaSuccess) mtl_compute_dispatch_threadgroups(encoder, grid, block);
  mtl_encoder_end_encoding(encoder);
  if (e == cudaSuccess) {
    mtl_command_buffer_commit(command_buffer);
    rt_track_command_buffer(command_buffer, params_buffer);
    if (context_buffer) rt_track_command_buffer(command_buffer, context_buffer);
  }
  mtl_release(params_buffer);
  mtl_release(context_buffer);
  return e;
}

static cudaError_t rt_launch(const void *func, dim3 grid, dim3 block, void **args, size_t shared,
                             cudaStream_t stream) {
  cudaError_t e = rt_sticky_error();
  if (e != cudaSuccess) return e;
  if (!rt_stream_valid(stream)) return cudaErrorInvalidResourceHandle;
  rt_kernel kernel;
  e = rt_check_config(grid, block, shared); /* before compiling anything */
  if (e == cudaSuccess) e = rt_module_kernel(func, &kernel);
  if (e == cudaSuccess) e = rt_check_kernel(&kernel, block, shared);
  if (e == cudaSuccess && kernel.desc->param_count && !args) e = cudaErrorInvalidValue;
  if (e != cudaSuccess) return e;
  rt_device_state *s = rt_device_current();
  rt_dispatch d = {&kernel, grid, block, shared, NULL, NULL, 0, 0};
  unsigned char *params = rt_pack_params(kernel.desc, args, &d.params_size);
  uint64_t *context = rt_context(s, &kernel, &d.context_size);
  d.params = params;
  d.context = context;
  if (!params || !context)
    e = cudaErrorMemoryAllocation;
  else
    e = rt_encode(s, &d);
  free(params);
  free(context);
  return e;
}

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared,
                             cudaStream_t stream) {
  rt_lock();
  void *pool = mtl_autorelease_push();
  cudaError_t e = rt_launch(func, grid, block, args, shared, stream);
  mtl_autorelease_pop(pool);
  rt_unlock();
  return rt_record(e);
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) {
  if (!attr) return rt_record(cudaErrorInvalidValue);
  rt_lock();
  void *pool = mtl_autorelease_push();
  rt_kernel kernel;
  cudaError_t e = rt_module_kernel(func, &kernel);
  if (e == cudaSuccess) {
    memset(attr, 0, sizeof *attr);
    attr->sharedSizeBytes = (size_t)kernel.desc->static_smem_bytes;
    attr->maxThreadsPerBlock = (int)mtl_pipeline_max_total_threads_per_threadgroup(kernel.pipeline);
    attr->maxDynamicSharedSizeBytes = (int)(RT_MAX_SHARED - kernel.desc->static_smem_bytes);
    attr->ptxVersion = 75;
    attr->binaryVersion = 75;
  }
  mtl_autorelease_pop(pool);
  rt_unlock();
  return rt_record(e);
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value) {
  rt_lock();
  void *pool = mtl_autorelease_push();
  rt_kernel kernel;
  cudaError_t e = rt_module_kernel(func, &kernel);
  if (e == cudaSuccess) {
    if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize)
      e = value < 0 || (uint64_t)value + kernel.desc->static_smem_bytes > RT_MAX_SHARED
              ? cudaErrorInvalidValue
              : cudaSuccess; /* launches check against Metal's 32 KiB anyway */
    else if (attr == cudaFuncAttributePreferredSharedMemoryCarveout)
      e = value < -1 || value > 100 ? cudaErrorInvalidValue : cudaSuccess; /* a hint */
    else
      e = cudaErrorInvalidValue;
  }
  mtl_autorelease_pop(pool);
  rt_unlock();
  return rt_record(e);
}

/* Blocks of blockSize threads resident per multiprocessor on the sm_75
 * model of the device properties: 1024 threads, 16 blocks, 64 KiB shared. */
static int rt_occupancy(const rt_kernel *k, int block_size, size_t dynamic_smem) {
  uint64_t smem = k->desc->static_smem_bytes + dynamic_smem;
  if (block_size <= 0 ||
      (uint64_t)block_size > mtl_pipeline_max_total_threads_per_threadgroup(k->pipeline) ||
      smem > RT_MAX_SHARED)
    return 0;
  int warps_rounded = (block_size + 31) / 32 * 32;
  int blocks = 1024 / warps_rounded;
  if (blocks > 16) blocks = 16;
  if (smem > 0 && (uint64_t)blocks > 65536 / smem) blocks = (int)(65536 / smem);
  return blocks;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize, size_t dynamicSMemSize) {
  if (!numBlocks) return rt_record(cudaErrorInvalidValue);
  rt_lock();
  void *pool = mtl_autorelease_push();
  rt_kernel kernel;
  cudaError_t e = rt_module_kernel(func, &kernel);
  if (e == cudaSuccess) *numBlocks = rt_occupancy(&kernel, blockSize, dynamicSMemSize);
  mtl_autorelease_pop(pool);
  rt_unlock();
  return rt_record(e);
}

cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache config) {
  if ((unsigned)config > cudaFuncCachePreferEqual) return rt_record(cudaErrorInvalidValue);
  rt_lock();
  void *pool = mtl_autorelease_push();
  rt_kernel kernel;
  cudaError_t e = rt_module_kernel(func, &kernel); /* the kernel must exist */
  mtl_autorelease_pop(pool);
  rt_unlock();
  return rt_record(e);
}
