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
 *   a kernel whose __shared__ data does not all fit in threadgroup memory
 *   (ac_kernel.spill_bytes, compiler/smem_spill.c) gets an overflow area of
 *   slots of spill bytes, one per block that can be resident at once
 *   (min(blocks, mtl_pipeline_resident_threadgroups)) after a header of
 *   slot bits and counters that a blit fills with zeros before the dispatch,
 *   its CUDA address in context word AC_ABI_CONTEXT_SPILL and the slot count
 *   in AC_ABI_CONTEXT_SPILL_SLOTS: allocated from a pool of the runtime's own in the
 *   launch's stream order and freed on that stream once the dispatch is
 *   committed (after a batch's commit), so later work of the stream reuses
 *   it and other streams only once it completed (core_pool.c's rule)
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
  if (config->shared > RT_MODEL_SHARED_PER_BLOCK_OPTIN) return cudaErrorInvalidValue;
  return cudaSuccess;
}
/* What the dynamic threadgroup slot is bound with: Metal wants a nonzero
 * multiple of the granule. */
static uint64_t rt_dynamic_smem_length(size_t shared) {
  const uint64_t granule = AC_THREADGROUP_MEMORY_GRANULE;
  return shared ? ((uint64_t)shared + granule - 1) / granule * granule : granule;
}

/* The kernel's static __shared__ bytes as CUDA counts them (sharedSizeBytes; the limits
 * and the occupancy): the variables at their own alignment, not Anchor's Metal layout
 * (16-byte units, threadgroup or device memory, the __syncthreads_count counter). */
static uint64_t rt_static_smem(const rt_kernel *k) {
  return k->desc->cuda_smem_bytes;
}

/* Fits the kernel's own needs: dynamic shared memory within the kernel's
 * maximum (cudaFuncAttributeMaxDynamicSharedMemorySize: a launch above it
 * fails as in CUDA), static + dynamic within the limit, threads within what
 * the pipeline allows (registers, __launch_bounds__). *dynamic_spill: the
 * dynamic memory does not fit in threadgroup memory beside the static, so the
 * launch runs the kernel's dynamic-spill variant (common/abi.h). */
static cudaError_t rt_check_kernel(const rt_kernel *k, dim3 block, size_t shared,
                                   bool *dynamic_spill) {
  uint64_t bound = k->desc->dynamic_smem ? rt_dynamic_smem_length(shared) : 0;
  *dynamic_spill = k->desc->static_smem_bytes + bound > AC_MAX_THREADGROUP_MEMORY;
  if (shared > (size_t)rt_kernel_max_dynamic_smem(k) ||
      rt_static_smem(k) + shared > RT_MODEL_SHARED_PER_BLOCK_OPTIN ||
      k->desc->static_smem_bytes > AC_MAX_THREADGROUP_MEMORY ||
      (*dynamic_spill && !k->desc->dynamic_smem))
    return cudaErrorInvalidValue;
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  /* Above __launch_bounds__: cudaErrorInvalidValue (H200, CUDA 13, 2026-12-01);
   * above what the pipeline's registers allow: out of resources, as CUDA. */
  if (k->desc->max_threads && threads > k->desc->max_threads) return cudaErrorInvalidValue;
  if (threads > k->max_threads) return cudaErrorLaunchOutOfResources;
  return cudaSuccess;
}

/* Room on the stack for what one launch binds with setBytes (both under
 * AC_SET_BYTES_LIMIT, which nearly every launch is): no allocation per launch. */
enum { RT_CONTEXT_STACK_WORDS = 64 };
typedef struct {
  _Alignas(16) unsigned char params[AC_SET_BYTES_LIMIT];
  uint64_t context[RT_CONTEXT_STACK_WORDS];
} rt_launch_storage;

/* The CUDA parameter block: argument i copied to its offset, the gaps zero;
 * in storage when it fits, else allocated (the caller frees what is not
 * storage's). */
static unsigned char *rt_pack_params(const ac_kernel *k, void **args, rt_launch_storage *storage,
                                     size_t *size_out) {
  /* A kernel without parameters still binds its slot: Metal wants a binding. */
  size_t size = k->param_bytes ? (size_t)k->param_bytes : RT_EMPTY_PARAMS_BYTES;
  unsigned char *block = size <= sizeof storage->params ? storage->params : malloc(size);
  if (!block) return NULL;
  memset(block, 0, size);
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

/* ---- the overflow area of __shared__ data beyond threadgroup memory ---- */

typedef struct {
  const rt_kernel *kernel;
  dim3 grid, block;
  size_t shared;
  const void *params, *context;
  size_t params_size, context_size;
  cudaStream_t stream;
  void *spill;          /* the overflow area (rt_spill_alloc), or NULL */
  uint64_t spill_slots; /* its slots (AC_ABI_CONTEXT_SPILL_SLOTS) */
  bool dynamic_spill;   /* the kernel's dynamic-spill variant (rt_check_kernel) */
  mtl_id pipeline;      /* the kernel's or its variant's (rt_dispatch_pipeline), borrowed */
} rt_dispatch;

/* The pool the overflow areas come from: the runtime's own (the program's
 * pools and their statistics never see them), made for each device
 * generation (cudaDeviceReset forgets every pool). */
static struct {
  cudaMemPool_t pool;
  uint64_t generation;
} rt_spill_pool;

/* The overflow area's slots for d: one per block that can be resident at
 * once, as the device bounds it (mtl_pipeline_resident_threadgroups), and no
 * more than the grid's blocks; every block when the device does not tell
 * (the area then is as large as a slice per block). */
static uint64_t rt_spill_slots(const rt_device *s, const rt_dispatch *d) {
  uint64_t blocks = (uint64_t)d->grid.x * d->grid.y * d->grid.z;
  uint64_t resident = mtl_pipeline_resident_threadgroups(
      s->device, d->pipeline, (mtl_size){d->block.x, d->block.y, d->block.z});
  return resident && resident < blocks ? resident : blocks;
}

/* d's overflow area on its stream (d->spill NULL when the kernel spills
 * nothing): its header (AC_ABI_SPILL_HEADER_BYTES) and d->spill_slots slots
 * of the kernel's spill bytes (+ the dynamic bytes in the dynamic-spill
 * variant); cudaErrorMemoryAllocation when the arena has no room. */
static cudaError_t rt_spill_alloc(rt_device *s, rt_dispatch *d) {
  d->spill = NULL;
  d->spill_slots = 0;
  /* a dynamic-spill variant's slices hold the dynamic memory too (abi.h) */
  uint64_t bytes = d->kernel->desc->spill_bytes +
                   (d->dynamic_spill ? ((uint64_t)d->shared + AC_ABI_SPILL_ALIGN - 1) /
                                           AC_ABI_SPILL_ALIGN * AC_ABI_SPILL_ALIGN
                                     : 0);
  if (!bytes) return cudaSuccess;
  uint64_t slots = rt_spill_slots(s, d);
  if (slots > UINT32_MAX / 2) return cudaErrorMemoryAllocation; /* 32-bit slot indices */
  uint64_t header = AC_ABI_SPILL_HEADER_BYTES(slots);
  if (slots > (UINT64_MAX - header) / bytes || header + slots * bytes > SIZE_MAX)
    return cudaErrorMemoryAllocation;
  if (!rt_spill_pool.pool || rt_spill_pool.generation != s->generation) {
    cudaError_t e = rt_pool_create(RT_POOL_DEVICE, &rt_spill_pool.pool);
    if (e != cudaSuccess) return e;
    rt_spill_pool.generation = s->generation;
  }
  d->spill_slots = slots;
  return rt_pool_alloc(s, rt_spill_pool.pool, (size_t)(header + slots * bytes), d->stream,
                       &d->spill);
}

/* Frees an overflow area on stream after the work that uses it was committed. */
static void rt_spill_free(rt_device *s, void *area, cudaStream_t stream) {
  if (area) rt_pool_free(s, area, stream);
}

/* The context buffer's contents: the delta, the services, each variable's
 * address, then the overflow area's (spill: 0 for none) and its slot count; in storage when it
 * fits (NULL: allocated, the caller frees *context_out when it is not
 * storage's). */
static cudaError_t rt_context(rt_device *s, const rt_kernel *k, size_t shared, const void *spill,
                              uint64_t spill_slots, rt_launch_storage *storage,
                              uint64_t **context_out, size_t *size_out) {
  size_t count;
  const uint64_t *addresses = rt_module_global_addresses(k, &count);
  size_t words = AC_ABI_CONTEXT_WORDS(count);
  uint64_t *context = storage && words <= RT_CONTEXT_STACK_WORDS ? storage->context
                                                                 : calloc(words, sizeof *context);
  if (!context) return cudaErrorMemoryAllocation;
  memset(context, 0, AC_ABI_CONTEXT_FIXED * sizeof *context);
  context[AC_ABI_CONTEXT_DELTA] =
      s->arena_gpu_address - (uint64_t)(uintptr_t)s->arena_base; /* mod 2^64 */
  cudaError_t e = rt_services_context(s, context);
  context[AC_ABI_CONTEXT_SHARED] = shared; /* PTX %dynamic_smem_size */
  if (e != cudaSuccess) {
    if (!storage || context != storage->context) free(context);
    return e;
  }
  for (size_t i = 0; i < count; i++)
    context[AC_ABI_CONTEXT_GLOBAL(i)] = addresses[i];
  context[AC_ABI_CONTEXT_SPILL(count)] = (uint64_t)(uintptr_t)spill;
  context[AC_ABI_CONTEXT_SPILL_SLOTS(count)] = spill_slots;
  *size_out = words * sizeof *context;
  *context_out = context;
  return cudaSuccess;
}

/* d's pipeline, before any command buffer is begun (the variant's is made on
 * first need). */
static cudaError_t rt_dispatch_pipeline(rt_dispatch *d) {
  d->pipeline = rt_module_pipeline(d->kernel);
  return d->dynamic_spill ? rt_module_spill_pipeline(d->kernel, &d->pipeline) : cudaSuccess;
}

/* Encodes one dispatch into command_buffer; the buffers bound for its
 * parameters and context (+1, or NULL) must live until it completes. */
static cudaError_t rt_encode_into(rt_device *s, mtl_id command_buffer, const rt_dispatch *d,
                                  mtl_id *params_buffer, mtl_id *context_buffer) {
  assert(d->pipeline);
  if (d->spill) { /* the slots' bits and counters start at zero (abi.h) */
    mtl_id blit = mtl_command_buffer_blit_encoder(command_buffer);
    if (!blit) return cudaErrorLaunchFailure;
    uint64_t offset = (uint64_t)((unsigned char *)d->spill - (unsigned char *)s->arena_base);
    mtl_blit_fill_buffer(blit, s->arena_buffer,
                         (mtl_range){offset, AC_ABI_SPILL_HEADER_BYTES(d->spill_slots)}, 0);
    mtl_encoder_end_encoding(blit);
  }
  mtl_id encoder = mtl_command_buffer_compute_encoder(command_buffer);
  if (!encoder) return cudaErrorLaunchFailure;
  mtl_compute_set_pipeline_state(encoder, d->pipeline);
  cudaError_t e =
      rt_bind_bytes(s, encoder, d->params, d->params_size, AC_ABI_PARAMS_SLOT, params_buffer);
  if (e == cudaSuccess)
    e = rt_bind_bytes(s, encoder, d->context, d->context_size, AC_ABI_CONTEXT_SLOT, context_buffer);
  if (d->kernel->desc->dynamic_smem && !d->dynamic_spill)
    mtl_compute_set_threadgroup_memory_length(encoder, rt_dynamic_smem_length(d->shared),
                                              AC_ABI_DYNAMIC_SMEM_SLOT);
  mtl_compute_use_resource(encoder, s->arena_buffer,
                           MTL_RESOURCE_USAGE_READ | MTL_RESOURCE_USAGE_WRITE);
  rt_host_use_resources(encoder);    /* registered host memory, as resident as the arena */
  rt_texture_use_resources(encoder); /* every live texture (docs/textures.md, "Residency") */
  mtl_size grid = {d->grid.x, d->grid.y, d->grid.z}, block = {d->block.x, d->block.y, d->block.z};
  if (e == cudaSuccess) mtl_compute_dispatch_threadgroups(encoder, grid, block);
  mtl_encoder_end_encoding(encoder);
  return e;
}

/* Encodes and commits one dispatch (lock held, inside an autorelease pool). */
static cudaError_t rt_encode(rt_device *s, const rt_dispatch *d) {
  mtl_id command_buffer;
  cudaError_t e = rt_stream_begin(s, d->stream, &command_buffer);
  if (e != cudaSuccess) return e;
  mtl_id params_buffer = NULL, context_buffer = NULL;
  e = rt_encode_into(s, command_buffer, d, &params_buffer, &context_buffer);
  if (e == cudaSuccess) {
    rt_stream_commit(s, d->stream, command_buffer, params_buffer);
    if (context_buffer) rt_stream_track(s, d->stream, command_buffer, context_buffer);
  }
  mtl_release(params_buffer);
  mtl_release(context_buffer);
  return e;
}

/* A cooperative launch needs every block resident at once (its grid barrier
 * spins, and Metal promises no forward progress between threadgroups): at
 * most the co-resident capacity, the occupancy per multiprocessor times the
 * multiprocessors, as cudaOccupancyMaxActiveBlocksPerMultiprocessor and
 * multiProcessorCount report it; above it, CUDA's
 * cudaErrorCooperativeLaunchTooLarge. */
static cudaError_t rt_check_cooperative(rt_device *device, const rt_kernel *kernel,
                                        const rt_launch_config *config) {
  assert(rt_lock_held());
  dim3 g = config->grid, b = config->block;
  uint64_t blocks = (uint64_t)g.x * g.y * g.z;
  int per_sm = rt_launch_occupancy(kernel, (int)(b.x * b.y * b.z), config->shared);
  uint64_t capacity = (uint64_t)per_sm * (uint64_t)rt_device_multiprocessors(device);
  return blocks > capacity ? cudaErrorCooperativeLaunchTooLarge : cudaSuccess;
}

static cudaError_t rt_launch_as(rt_device *device, const rt_kernel *kernel,
                                const rt_launch_config *config, void **args, bool cooperative) {
  assert(rt_lock_held() && device && kernel && config);
  bool dynamic_spill = false;
  cudaError_t e = rt_launch_check_config(config);
  if (e == cudaSuccess) e = rt_check_kernel(kernel, config->block, config->shared, &dynamic_spill);
  if (e == cudaSuccess && cooperative) e = rt_check_cooperative(device, kernel, config);
  if (e == cudaSuccess && kernel->desc->param_count && !args) e = cudaErrorInvalidValue;
  if (e != cudaSuccess) return e;
  rt_services_flush(); /* CUDA flushes device printf at the start of a launch */
  rt_dispatch d = {
      kernel, config->grid,  config->block, config->shared, NULL, NULL, 0, 0, config->stream, NULL,
      0,      dynamic_spill, NULL};
  e = rt_dispatch_pipeline(&d);
  if (e != cudaSuccess) return e;
  rt_launch_storage storage;
  unsigned char *params = rt_pack_params(kernel->desc, args, &storage, &d.params_size);
  uint64_t *context = NULL;
  e = params ? rt_spill_alloc(device, &d) : cudaErrorMemoryAllocation;
  if (e == cudaSuccess)
    e = rt_context(device, kernel, config->shared, d.spill, d.spill_slots, &storage, &context,
                   &d.context_size);
  d.params = params;
  d.context = context;
  if (e == cudaSuccess) e = rt_encode(device, &d);
  rt_spill_free(device, d.spill, d.stream); /* committed (or never encoded) */
  if (params != storage.params) free(params);
  if (context != storage.context) free(context);
  return e;
}

cudaError_t rt_launch(rt_device *device, const rt_kernel *kernel, const rt_launch_config *config,
                      void **args) {
  return rt_launch_as(device, kernel, config, args, false);
}

cudaError_t rt_launch_cooperative(rt_device *device, const rt_kernel *kernel,
                                  const rt_launch_config *config, void **args) {
  return rt_launch_as(device, kernel, config, args, true);
}

/* ---- kernel attributes and occupancy ---------------------------------------------- */

/* CUDA's default limit of dynamic shared memory without an opt-in. */
enum { RT_DEFAULT_DYNAMIC_SMEM = 48 * 1024, RT_MAX_REGISTERS_PER_THREAD = 255 };

int rt_kernel_max_dynamic_smem(const rt_kernel *kernel) {
  assert(kernel && kernel->settings);
  if (kernel->settings->max_dynamic_smem_set) return kernel->settings->max_dynamic_smem;
  uint64_t limit = RT_DEFAULT_DYNAMIC_SMEM, s = rt_static_smem(kernel);
  return s < limit ? (int)(limit - s) : 0;
}

/* Metal reports no register count. A pipeline allows fewer threads per
 * threadgroup when its registers do not fit (maxTotalThreadsPerThreadgroup),
 * so the count reported is the model's register file over the threads the
 * registers allow: numRegs × threads = regsPerBlock, and the occupancy below,
 * limited by registers at that count, agrees with it. When the pipeline's
 * limit is the kernel's __launch_bounds__ (not its registers), the registers
 * allow a whole threadgroup: a launch bound limits launches, not occupancy
 * (CUDA's occupancy of a bounded kernel above its bound is not 0). */
static int rt_kernel_registers(const rt_kernel *kernel) {
  uint64_t threads = kernel->max_threads ? kernel->max_threads : 1;
  if (kernel->desc->max_threads && threads >= kernel->desc->max_threads)
    threads = AC_MAX_THREADS_PER_THREADGROUP;
  uint64_t regs = RT_MODEL_REGISTERS / threads;
  return regs > RT_MAX_REGISTERS_PER_THREAD ? RT_MAX_REGISTERS_PER_THREAD : (int)regs;
}

void rt_kernel_attributes(const rt_kernel *kernel, struct cudaFuncAttributes *out) {
  assert(rt_lock_held() && kernel && out);
  memset(out, 0, sizeof *out);
  /* the kernel's static __shared__ bytes as CUDA counts them (rt_static_smem) */
  out->sharedSizeBytes = (size_t)rt_static_smem(kernel);
  out->constSizeBytes = (size_t)rt_module_constant_bytes(kernel);
  out->localSizeBytes = 0; /* Metal does not tell a kernel's private memory */
  out->maxThreadsPerBlock = (int)kernel->max_threads;
  out->numRegs = rt_kernel_registers(kernel);
  out->ptxVersion = AC_CUDA_ARCH;
  out->binaryVersion = AC_CUDA_ARCH;
  out->cacheModeCA = 0; /* no -Xptxas -dlcm=ca */
  out->maxDynamicSharedSizeBytes = rt_kernel_max_dynamic_smem(kernel);
  out->preferredShmemCarveout =
      kernel->settings->carveout_set ? kernel->settings->carveout : cudaSharedmemCarveoutDefault;
}

cudaError_t rt_kernel_set_attribute(const rt_kernel *kernel, enum cudaFuncAttribute attr,
                                    int value) {
  assert(rt_lock_held() && kernel && kernel->settings);
  rt_kernel_settings *s = kernel->settings;
  switch (attr) {
  case cudaFuncAttributeMaxDynamicSharedMemorySize:
    /* static + dynamic within sharedMemPerBlockOptin */
    if (value < 0 || (uint64_t)value + rt_static_smem(kernel) > RT_MODEL_SHARED_PER_BLOCK_OPTIN)
      return cudaErrorInvalidValue;
    s->max_dynamic_smem_set = true;
    s->max_dynamic_smem = value;
    return cudaSuccess;
  case cudaFuncAttributePreferredSharedMemoryCarveout:
    /* a percentage or -1 (the default); a hint in CUDA, and Apple GPUs have
     * no L1/shared split: recorded and reported back */
    if (value < cudaSharedmemCarveoutDefault || value > cudaSharedmemCarveoutMaxShared)
      return cudaErrorInvalidValue;
    s->carveout_set = true;
    s->carveout = value;
    return cudaSuccess;
  case cudaFuncAttributeRequiredClusterWidth:
  case cudaFuncAttributeRequiredClusterHeight:
  case cudaFuncAttributeRequiredClusterDepth:
  case cudaFuncAttributeNonPortableClusterSizeAllowed:
  case cudaFuncAttributeClusterSchedulingPolicyPreference:
    /* no thread-block clusters (cudaDevAttrClusterLaunch 0): 0 is the default */
    if (value < 0) return cudaErrorInvalidValue;
    return value == 0 ? cudaSuccess : cudaErrorNotSupported;
  default: return cudaErrorInvalidValue; /* read-only (ClusterDimMustBeSet) or unknown */
  }
}

cudaError_t rt_launch_packed(rt_device *device, const rt_kernel *kernel,
                             const rt_launch_config *config, const void *buffer, size_t bytes,
                             bool cooperative) {
  assert(rt_lock_held() && kernel);
  const ac_kernel *k = kernel->desc;
  /* H200, CUDA 13, 2026-12-01: a 32-byte block for a 28-byte parameter list is
   * CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES; a 27-byte one is taken (CUDA_SUCCESS). Only
   * the bytes given are read: the missing tail is zeros. */
  if (bytes > k->param_bytes) return cudaErrorLaunchOutOfResources;
  if (k->param_count && !buffer) return cudaErrorInvalidValue;
  unsigned char *block = calloc(1, k->param_bytes ? k->param_bytes : 1);
  /* One pointer per parameter into the block: the packer's usual form. */
  void **args = calloc(k->param_count + 1, sizeof *args);
  if (!args || !block) {
    free(args);
    free(block);
    return cudaErrorMemoryAllocation;
  }
  if (bytes) memcpy(block, buffer, bytes);
  for (size_t i = 0; i < k->param_count; i++)
    args[i] = block + k->params[i].offset;
  cudaError_t e = rt_launch_as(device, kernel, config, args, cooperative);
  free(args);
  free(block);
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

/* Keeps a dispatch's overflow area until the batch is committed: freed
 * before, another stream could take it while this one's command buffer is
 * still open (not yet in flight, so the stream looks idle). */
static bool rt_batch_keep_spill(rt_launch_batch *b, void *spill) {
  if (!spill) return true;
  if (b->spill_count == b->spill_allocated) {
    size_t grown = b->spill_allocated ? b->spill_allocated * 2 : 4;
    void **items = realloc(b->spills, grown * sizeof *items);
    if (!items) return false;
    b->spills = items;
    b->spill_allocated = grown;
  }
  b->spills[b->spill_count++] = spill;
  return true;
}

cudaError_t rt_launch_batch_add(rt_device *device, rt_launch_batch *batch, const rt_kernel *kernel,
                                const rt_launch_config *config, const void *params,
                                bool cooperative) {
  assert(rt_lock_held() && device && batch && kernel && config);
  assert(!batch->command_buffer || (batch->device == device && batch->stream == config->stream));
  bool dynamic_spill = false;
  cudaError_t e = rt_launch_check_config(config);
  if (e == cudaSuccess) e = rt_check_kernel(kernel, config->block, config->shared, &dynamic_spill);
  if (e == cudaSuccess && cooperative) e = rt_check_cooperative(device, kernel, config);
  if (e != cudaSuccess) return e;
  static const unsigned char empty[RT_EMPTY_PARAMS_BYTES];
  rt_dispatch d = {kernel,
                   config->grid,
                   config->block,
                   config->shared,
                   params,
                   NULL,
                   kernel->desc->param_bytes,
                   0,
                   config->stream,
                   NULL,
                   0,
                   dynamic_spill,
                   NULL};
  if (!kernel->desc->param_bytes) {
    d.params = empty;
    d.params_size = sizeof empty;
  }
  /* The context first: nothing may happen between rt_stream_begin and
   * rt_stream_commit but encoding. So does the overflow area, whose allocation
   * may wait for the device when the arena is full: the batch's open command
   * buffer is committed first. */
  uint64_t *context = NULL;
  e = rt_dispatch_pipeline(&d);
  if (e != cudaSuccess) return e;
  if (kernel->desc->spill_bytes || dynamic_spill) rt_launch_batch_commit(batch);
  e = rt_spill_alloc(device, &d);
  if (e == cudaSuccess && d.spill && !batch->command_buffer) {
    batch->device = device; /* where rt_launch_batch_commit frees it */
    batch->stream = config->stream;
  }
  if (e == cudaSuccess && !rt_batch_keep_spill(batch, d.spill)) {
    rt_spill_free(device, d.spill, config->stream);
    e = cudaErrorMemoryAllocation;
  }
  if (e == cudaSuccess)
    e = rt_context(device, kernel, config->shared, d.spill, d.spill_slots, NULL, &context,
                   &d.context_size);
  d.context = context;
  if (e == cudaSuccess && !batch->command_buffer) {
    rt_services_flush(); /* CUDA flushes device printf at the start of a launch */
    mtl_id command_buffer = NULL;
    e = rt_stream_begin(device, config->stream, &command_buffer);
    if (e == cudaSuccess) {
      mtl_retain(command_buffer);
      batch->command_buffer = command_buffer;
      batch->device = device;
      batch->stream = config->stream;
    }
  }
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
    rt_stream_commit(batch->device, batch->stream, command_buffer, NULL);
    for (size_t i = 0; i < batch->count; i++)
      rt_stream_track(batch->device, batch->stream, command_buffer, batch->companions[i]);
    mtl_release(command_buffer);
  }
  for (size_t i = 0; i < batch->count; i++)
    mtl_release(batch->companions[i]);
  for (size_t i = 0; i < batch->spill_count; i++) /* in the stream's order after the batch */
    rt_spill_free(batch->device, batch->spills[i], batch->stream);
  free(batch->companions);
  free(batch->spills);
  *batch = (rt_launch_batch){0};
}

/* CUDA's occupancy model (the CUDA Occupancy Calculator's, which
 * cudaOccupancy* follow) on the nominal sm_75 multiprocessor: shared memory is
 * allocated per block in RT_SMEM_GRANULARITY units and the multiprocessor's
 * shared memory is one of two carveout sizes, 32 or 64 KiB (Turing's). A
 * kernel's preferred carveout (cudaFuncAttributePreferredSharedMemoryCarveout,
 * a percentage; with the default, its cudaFuncSetCacheConfig: PreferL1 0 %,
 * PreferEqual 50 %, PreferShared 100 %, none the whole) picks the size a
 * block that fits in it gets; a block larger than the preference gets the
 * size that holds it. No shared memory is reserved per block
 * (cudaDevAttrReservedSharedMemoryPerBlock 0). */
enum { RT_SMEM_GRANULARITY = 256, RT_SMEM_CARVEOUT_SMALL = 32 * 1024 };

static uint64_t rt_round_up(uint64_t x, uint64_t unit) {
  return (x + unit - 1) / unit * unit;
}

/* The carveout size that holds bytes (0 when none does). */
static uint64_t rt_carveout_for(uint64_t bytes) {
  if (bytes <= RT_SMEM_CARVEOUT_SMALL) return RT_SMEM_CARVEOUT_SMALL;
  return bytes <= RT_MODEL_SHARED_PER_SM ? RT_MODEL_SHARED_PER_SM : 0;
}

/* The multiprocessor's shared memory the kernel's preference asks for. */
static uint64_t rt_smem_preference(const rt_kernel *kernel) {
  const rt_kernel_settings *s = kernel->settings;
  int percent = s->carveout_set ? s->carveout : cudaSharedmemCarveoutDefault;
  if (percent == cudaSharedmemCarveoutDefault) {
    switch (s->cache_config) {
    case cudaFuncCachePreferL1: percent = cudaSharedmemCarveoutMaxL1; break;
    case cudaFuncCachePreferShared: percent = cudaSharedmemCarveoutMaxShared; break;
    case cudaFuncCachePreferEqual: percent = 50; break;
    default: return RT_MODEL_SHARED_PER_SM;
    }
  }
  return rt_carveout_for((uint64_t)percent * RT_MODEL_SHARED_PER_SM / 100);
}

int rt_launch_occupancy(const rt_kernel *kernel, int block_size, size_t dynamic_smem) {
  assert(kernel && block_size > 0);
  /* The device's thread limit counts; the kernel's (its __launch_bounds__ or
   * its registers) enters through the registers below. */
  if (block_size > AC_MAX_THREADS_PER_THREADGROUP) return 0;
  int threads = (block_size + AC_SIMD_WIDTH - 1) / AC_SIMD_WIDTH * AC_SIMD_WIDTH;
  int blocks = RT_MODEL_THREADS_PER_SM / threads;
  if (blocks > RT_MODEL_BLOCKS_PER_SM) blocks = RT_MODEL_BLOCKS_PER_SM;
  int by_registers = RT_MODEL_REGISTERS / (rt_kernel_registers(kernel) * threads);
  if (blocks > by_registers) blocks = by_registers;
  /* Shared memory: more dynamic memory than the kernel's maximum (the one set,
   * else CUDA's default 48 KiB - static), or a block above the per-block limit,
   * cannot run; otherwise the carveout decides. */
  if (dynamic_smem > (size_t)rt_kernel_max_dynamic_smem(kernel)) return 0;
  uint64_t total = rt_static_smem(kernel) + (uint64_t)dynamic_smem;
  if (total < dynamic_smem || total > RT_MODEL_SHARED_PER_BLOCK_OPTIN) return 0;
  uint64_t per_block = rt_round_up(total, RT_SMEM_GRANULARITY);
  if (per_block > 0) {
    uint64_t preference = rt_smem_preference(kernel);
    uint64_t per_sm = preference >= per_block ? preference : rt_carveout_for(per_block);
    if ((uint64_t)blocks > per_sm / per_block) blocks = (int)(per_sm / per_block);
  }
  return blocks;
}

cudaError_t rt_launch_available_dynamic_smem(const rt_kernel *kernel, int blocks, int block_size,
                                             size_t *out) {
  assert(kernel && out);
  /* numBlocks blocks of block_size must be resident without dynamic memory */
  if (blocks <= 0 || block_size <= 0 || rt_launch_occupancy(kernel, block_size, 0) < blocks)
    return cudaErrorInvalidValue;
  /* One block may have the whole per-block limit; several share the
   * preferred carveout (the smaller one when the preference is none). */
  uint64_t per_sm =
      blocks == 1 ? (uint64_t)RT_MODEL_SHARED_PER_BLOCK_OPTIN : rt_smem_preference(kernel);
  uint64_t avail = per_sm / (uint64_t)blocks / RT_SMEM_GRANULARITY * RT_SMEM_GRANULARITY;
  if (avail > RT_MODEL_SHARED_PER_BLOCK_OPTIN) avail = RT_MODEL_SHARED_PER_BLOCK_OPTIN;
  uint64_t s = rt_static_smem(kernel);
  avail = avail > s ? avail - s : 0;
  uint64_t limit = (uint64_t)rt_kernel_max_dynamic_smem(kernel);
  *out = (size_t)(avail < limit ? avail : limit);
  return cudaSuccess;
}
