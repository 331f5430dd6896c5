/* runtime/core_launch.c — one kernel dispatch: validates a configuration as
 * CUDA does, packs the CUDA parameter block, and encodes one Metal dispatch
 * (docs/design.md, "Kernel ABI"; the slots and words are common/abi.h's):
 *
 *   buffer(AC_ABI_PARAMS_SLOT)   the parameter block, byte for byte (setBytes
 *                                under AC_SET_BYTES_LIMIT, else a buffer of
 *                                its own that lives until completion)
 *   buffer(AC_ABI_CONTEXT_SLOT)  the context: word AC_ABI_CONTEXT_DELTA is
 *                                arena gpuAddress - contents, the services'
 *                                words (core_services.c), word
 *                                AC_ABI_CONTEXT_GLOBAL(i) the CUDA address of
 *                                module variable i
 *   threadgroup(AC_ABI_DYNAMIC_SMEM_SLOT)  the dynamic shared memory, if the
 *                                kernel uses it
 *   dispatchThreadgroups(grid, block); the whole arena is made resident.
 *
 * A batch (rt_launch_batch_add/_commit, a graph replay's consecutive kernel
 * nodes) encodes several such dispatches, one compute encoder each, into one
 * command buffer, from parameter blocks packed beforehand.
 *
 * Launches are asynchronous: the command buffer is committed and tracked;
 * its failure surfaces as a sticky error at the next synchronisation.
 * Configuration errors are CUDA 13's (observed on an H200, see
 * docs/runtime.md): cudaErrorInvalidValue for a block over the limits, an
 * empty grid or too much shared memory; they are reported by the launch (and
 * so by cudaPeekAtLastError/cudaGetLastError) and are not sticky. Which
 * kernel to launch (by stub or by name) is the caller's business. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "core_mtl.h"

enum { RT_EMPTY_PARAMS_BYTES = 16 };

cudaError_t rt_launch_check_config(const rt_launch_config *config) {
  assert(config);
  dim3 grid = config->grid, block = config->block;
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (block.x == 0 || block.y == 0 || block.z == 0 || block.x > AC_MAX_THREADS_PER_THREADGROUP ||
      block.y > AC_MAX_THREADS_PER_THREADGROUP || block.z > RT_MAX_BLOCK_Z ||
      threads > AC_MAX_THREADS_PER_THREADGROUP)
    return cudaErrorInvalidValue;
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > (uint64_t)RT_MAX_GRID_X ||
      grid.y > RT_MAX_GRID_YZ || grid.z > RT_MAX_GRID_YZ)
    return cudaErrorInvalidValue;
  if (config->shared > AC_MAX_THREADGROUP_MEMORY) return cudaErrorInvalidValue;
  return cudaSuccess;
}
/* What the dynamic threadgroup slot is bound with: Metal wants a nonzero
 * multiple of the granule. */
static uint64_t rt_dynamic_smem_length(size_t shared) {
  const uint64_t granule = AC_THREADGROUP_MEMORY_GRANULE;
  return shared ? ((uint64_t)shared + granule - 1) / granule * granule : granule;
}

/* Fits the kernel's own needs: static + dynamic shared memory within the
 * limit, threads within what the pipeline allows (registers). */
static cudaError_t rt_check_kernel(const rt_kernel *k, dim3 block, size_t shared) {
  uint64_t bound = k->desc->dynamic_smem ? rt_dynamic_smem_length(shared) : 0;
  if (k->desc->static_smem_bytes + shared > AC_MAX_THREADGROUP_MEMORY ||
      k->desc->static_smem_bytes + bound > AC_MAX_THREADGROUP_MEMORY)
    return cudaErrorInvalidValue;
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (threads > k->max_threads) return cudaErrorLaunchOutOfResources;
  return cudaSuccess;
}

/* The CUDA parameter block: argument i copied to its offset. Caller frees. */
static unsigned char *rt_pack_params(const ac_kernel *k, void **args, size_t *size_out) {
  /* A kernel without parameters still binds its slot: Metal wants a binding. */
  size_t size = k->param_bytes ? (size_t)k->param_bytes : RT_EMPTY_PARAMS_BYTES;
  unsigned char *block = calloc(1, size);
  if (!block) return NULL;
  for (size_t i = 0; i < k->param_count; i++)
    memcpy(block + k->params[i].offset, args[i], (size_t)k->params[i].size);
  *size_out = size;
  return block;
}

/* Binds bytes at index: inline when small enough, else through a new buffer
 * that is returned (+1) to be kept alive until the command buffer completes. */
static cudaError_t rt_bind_bytes(rt_device *s, mtl_id encoder, const void *bytes, size_t size,
                                 uint64_t index, mtl_id *buffer_out) {
  if (size < AC_SET_BYTES_LIMIT) {
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

/* The context buffer's contents: the delta, the services, then each
 * variable's address. */
static cudaError_t rt_context(rt_device *s, const rt_kernel *k, uint64_t **context_out,
                              size_t *size_out) {
  size_t count;
  const uint64_t *addresses = rt_module_global_addresses(k, &count);
  uint64_t *context = calloc(AC_ABI_CONTEXT_WORDS(count), sizeof *context);
  if (!context) return cudaErrorMemoryAllocation;
  context[AC_ABI_CONTEXT_DELTA] =
      s->arena_gpu_address - (uint64_t)(uintptr_t)s->arena_base; /* mod 2^64 */
  cudaError_t e = rt_services_context(s, context);
  if (e != cudaSuccess) {
    free(context);
    return e;
  }
  for (size_t i = 0; i < count; i++)
    context[AC_ABI_CONTEXT_GLOBAL(i)] = addresses[i];
  *size_out = AC_ABI_CONTEXT_WORDS(count) * sizeof *context;
  *context_out = context;
  return cudaSuccess;
}

typedef struct {
  const rt_kernel *kernel;
  dim3 grid, block;
  size_t shared;
  const void *params, *context;
  size_t params_size, context_size;
} rt_dispatch;

/* Encodes one dispatch into command_buffer; the buffers bound for its
 * parameters and context (+1, or NULL) must live until it completes. */
static cudaError_t rt_encode_into(rt_device *s, mtl_id command_buffer, const rt_dispatch *d,
                                  mtl_id *params_buffer, mtl_id *context_buffer) {
  mtl_id encoder = mtl_command_buffer_compute_encoder(command_buffer);
  if (!encoder) return cudaErrorLaunchFailure;
  mtl_compute_set_pipeline_state(encoder, rt_module_pipeline(d->kernel));
  cudaError_t e =
      rt_bind_bytes(s, encoder, d->params, d->params_size, AC_ABI_PARAMS_SLOT, params_buffer);
  if (e == cudaSuccess)
    e = rt_bind_bytes(s, encoder, d->context, d->context_size, AC_ABI_CONTEXT_SLOT, context_buffer);
  if (d->kernel->desc->dynamic_smem)
    mtl_compute_set_threadgroup_memory_length(encoder, rt_dynamic_smem_length(d->shared),
                                              AC_ABI_DYNAMIC_SMEM_SLOT);
  mtl_compute_use_resource(encoder, s->arena_buffer,
                           MTL_RESOURCE_USAGE_READ | MTL_RESOURCE_USAGE_WRITE);
  mtl_size grid = {d->grid.x, d->grid.y, d->grid.z}, block = {d->block.x, d->block.y, d->block.z};
  if (e == cudaSuccess) mtl_compute_dispatch_threadgroups(encoder, grid, block);
  mtl_encoder_end_encoding(encoder);
  return e;
}

/* Encodes and commits one dispatch (lock held, inside an autorelease pool). */
static cudaError_t rt_encode(rt_device *s, const rt_dispatch *d) {
  mtl_id command_buffer = mtl_queue_command_buffer(s->queue);
  if (!command_buffer) return cudaErrorLaunchFailure;
  mtl_id params_buffer = NULL, context_buffer = NULL;
  cudaError_t e = rt_encode_into(s, command_buffer, d, &params_buffer, &context_buffer);
  if (e == cudaSuccess) {
    mtl_command_buffer_commit(command_buffer);
    rt_submit_track(command_buffer, params_buffer);
    if (context_buffer) rt_submit_track(command_buffer, context_buffer);
  }
  mtl_release(params_buffer);
  mtl_release(context_buffer);
  return e;
}

cudaError_t rt_launch(rt_device *device, const rt_kernel *kernel, const rt_launch_config *config,
                      void **args) {
  assert(rt_lock_held() && device && kernel && config);
  cudaError_t e = rt_launch_check_config(config);
  if (e == cudaSuccess) e = rt_check_kernel(kernel, config->block, config->shared);
  if (e == cudaSuccess && kernel->desc->param_count && !args) e = cudaErrorInvalidValue;
  if (e != cudaSuccess) return e;
  rt_services_flush(); /* CUDA flushes device printf at the start of a launch */
  rt_dispatch d = {kernel, config->grid, config->block, config->shared, NULL, NULL, 0, 0};
  unsigned char *params = rt_pack_params(kernel->desc, args, &d.params_size);
  uint64_t *context = NULL;
  e = params ? rt_context(device, kernel, &context, &d.context_size) : cudaErrorMemoryAllocation;
  d.params = params;
  d.context = context;
  if (e == cudaSuccess) e = rt_encode(device, &d);
  free(params);
  free(context);
  return e;
}

static bool rt_batch_keep(rt_launch_batch *b, mtl_id companion) {
  if (!companion) return true;
  if (b->count == b->allocated) {
    size_t grown = b->allocated ? b->allocated * 2 : 8;
    mtl_id *items = realloc(b->companions, grown * sizeof *items);
    if (!items) return false;
    b->companions = items;
    b->allocated = grown;
  }
  b->companions[b->count++] = companion;
  return true;
}

cudaError_t rt_launch_batch_add(rt_device *device, rt_launch_batch *batch, const rt_kernel *kernel,
                                const rt_launch_config *config, const void *params) {
  assert(rt_lock_held() && device && batch && kernel && config);
  cudaError_t e = rt_launch_check_config(config);
  if (e == cudaSuccess) e = rt_check_kernel(kernel, config->block, config->shared);
  if (e != cudaSuccess) return e;
  if (!batch->command_buffer) {
    rt_services_flush(); /* CUDA flushes device printf at the start of a launch */
    batch->command_buffer = mtl_queue_command_buffer(device->queue);
    if (!batch->command_buffer) return cudaErrorLaunchFailure;
    mtl_retain(batch->command_buffer);
  }
  static const unsigned char empty[RT_EMPTY_PARAMS_BYTES];
  rt_dispatch d = {
      kernel, config->grid, config->block, config->shared, params, NULL, kernel->desc->param_bytes,
      0};
  if (!kernel->desc->param_bytes) {
    d.params = empty;
    d.params_size = sizeof empty;
  }
  uint64_t *context = NULL;
  e = rt_context(device, kernel, &context, &d.context_size);
  d.context = context;
  mtl_id params_buffer = NULL, context_buffer = NULL;
  if (e == cudaSuccess)
    e = rt_encode_into(device, batch->command_buffer, &d, &params_buffer, &context_buffer);
  if (!rt_batch_keep(batch, params_buffer) || !rt_batch_keep(batch, context_buffer)) {
    mtl_release(params_buffer);
    mtl_release(context_buffer);
    e = cudaErrorMemoryAllocation;
  }
  free(context);
  return e;
}

void rt_launch_batch_commit(rt_launch_batch *batch) {
  assert(rt_lock_held() && batch);
  mtl_id command_buffer = batch->command_buffer;
  if (command_buffer) {
    mtl_command_buffer_commit(command_buffer);
    rt_submit_track(command_buffer, NULL);
    for (size_t i = 0; i < batch->count; i++)
      rt_submit_track(command_buffer, batch->companions[i]);
    mtl_release(command_buffer);
  }
  for (size_t i = 0; i < batch->count; i++)
    mtl_release(batch->companions[i]);
  free(batch->companions);
  *batch = (rt_launch_batch){0};
}

/* Blocks resident per multiprocessor of the nominal model: its threads
 * (counted in whole warps), its block limit and its shared memory. */
int rt_launch_occupancy(const rt_kernel *kernel, int block_size, size_t dynamic_smem) {
  assert(kernel);
  uint64_t smem = kernel->desc->static_smem_bytes + dynamic_smem;
  if (block_size <= 0 || (uint64_t)block_size > kernel->max_threads ||
      smem > AC_MAX_THREADGROUP_MEMORY)
    return 0;
  int warps_rounded = (block_size + AC_SIMD_WIDTH - 1) / AC_SIMD_WIDTH * AC_SIMD_WIDTH;
  int blocks = RT_MODEL_THREADS_PER_SM / warps_rounded;
  if (blocks > RT_MODEL_BLOCKS_PER_SM) blocks = RT_MODEL_BLOCKS_PER_SM;
  if (smem > 0 && (uint64_t)blocks > RT_MODEL_SHARED_PER_SM / smem)
    blocks = (int)(RT_MODEL_SHARED_PER_SM / smem);
  return blocks;
}
