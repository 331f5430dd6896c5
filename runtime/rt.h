/* runtime/rt.h — libanchor's internal interface (prefix rt_).
 *
 * libanchor implements the CUDA runtime API (include/cuda_runtime_api.h is
 * its public interface) on top of the Metal API, reached only through
 * metal/mtl.h (ARCHITECTURE.md decision 1). The pieces:
 *
 *   error.c   error names/texts, the per-thread last error, the sticky error
 *   arena.c   the allocator over the arena's offsets (pure C, no Metal)
 *   device.c  the Metal device, queue and arena; in-flight command buffers;
 *             synchronisation, reset, device count/flags/limits, versions
 *   props.c   cudaGetDeviceProperties, cudaDeviceGetAttribute
 *   module.c  registry of fat binaries, kernels and variables; lazy loading
 *   launch.c  <<<>>> configuration stack, cudaLaunchKernel, kernel
 *             attributes and occupancy
 *   memory.c  cudaMalloc & co., copies (1-D, 2-D), memsets, symbols, hints
 *   stream.c  streams, events, host functions
 *   driver.c  the driver-API subset of include/cuda.h
 *
 * Locking: one process-wide mutex (rt_lock/rt_unlock) guards all state
 * below except the last error, which is per thread. Functions documented as
 * "lock held" must be called between rt_lock and rt_unlock.
 */
#ifndef ANCHOR_RT_H
#define ANCHOR_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda_runtime_api.h"
#include "module.h"
#include "mtl.h"

/* ---- error.c ---------------------------------------------------------------- */

/* Records e as the calling thread's last error unless it is cudaSuccess;
 * returns e. Every public entry point returns through this. */
cudaError_t rt_record(cudaError_t e);
/* Replaces the calling thread's last error, returning the previous one (the
 * driver API uses runtime functions without leaving errors behind). */
cudaError_t rt_last_error_swap(cudaError_t e);
/* The sticky error (a failed kernel: cudaErrorLaunchFailure & co.), or
 * cudaSuccess. Once set, every device call returns it until cudaDeviceReset. */
cudaError_t rt_sticky_error(void);
void rt_set_sticky_error(cudaError_t e);
/* Clears the sticky error and the calling thread's last error (what
 * cudaDeviceReset does: afterwards cudaGetLastError returns cudaSuccess). */
void rt_clear_sticky_error(void);
/* True when e is one of the codes of driver_types.h. */
bool rt_error_is_known(cudaError_t e);

/* ---- arena.c: offsets into one big buffer --------------------------------- */

/* What an arena block holds; also checked by the matching free function. */
typedef enum {
  RT_BLOCK_FREE = 0,
  RT_BLOCK_DEVICE,  /* cudaMalloc */
  RT_BLOCK_HOST,    /* cudaMallocHost / cudaHostAlloc */
  RT_BLOCK_MANAGED, /* cudaMallocManaged */
  RT_BLOCK_GLOBAL,  /* storage of a module's __device__/__constant__ variable */
} rt_block_kind;

typedef struct {
  uint64_t offset;    /* start, a multiple of RT_ARENA_ALIGN */
  uint64_t size;      /* rounded size the block occupies */
  uint64_t requested; /* size the caller asked for (0 for free blocks) */
  rt_block_kind kind;
} rt_block;

/* The blocks partition [0, capacity) and are kept sorted by offset; no two
 * free blocks are adjacent (they are merged). Not thread-safe by itself. */
typedef struct {
  rt_block *blocks;
  size_t count, allocated;
  uint64_t capacity;
  uint64_t used; /* sum of the sizes of non-free blocks */
} rt_arena;

enum { RT_ARENA_ALIGN = 256 }; /* cudaMalloc's alignment */
_Static_assert((int)RT_ARENA_ALIGN >= (int)AC_MODULE_MAX_GLOBAL_ALIGN,
               "module globals fit the arena's alignment");

/* Prepares an arena of capacity bytes (rounded down to RT_ARENA_ALIGN).
 * Returns false when out of host memory. */
bool rt_arena_init(rt_arena *arena, uint64_t capacity);
void rt_arena_destroy(rt_arena *arena);
/* First-fit allocation of size > 0 bytes; on success stores the offset.
 * Returns false when no free block is large enough. */
bool rt_arena_alloc(rt_arena *arena, uint64_t size, rt_block_kind kind, uint64_t *offset_out);
/* Frees the block that starts at offset and has the given kind. Returns
 * false (and changes nothing) when no such block exists. */
bool rt_arena_free(rt_arena *arena, uint64_t offset, rt_block_kind kind);
/* The allocated block containing offset, or NULL. */
const rt_block *rt_arena_find(const rt_arena *arena, uint64_t offset);

/* ---- device.c ------------------------------------------------------------------ */

/* The process's view of the one Metal device. */
typedef struct {
  mtl_id device, queue, arena_buffer;
  mtl_id marker_buffer;      /* 16 bytes an event's blit writes, so it has GPU work */
  unsigned char *arena_base; /* arena contents: CUDA pointers live here */
  uint64_t arena_gpu_address;
  rt_arena arena;
  uint64_t generation; /* incremented by each cudaDeviceReset */
} rt_device_state;

void rt_lock(void);
void rt_unlock(void);
/* Creates the device, queue and arena on first use (lock held). Returns
 * cudaErrorNoDevice without a Metal device, cudaErrorInitializationError when
 * no arena can be created. */
cudaError_t rt_device_ready(rt_device_state **state_out);
/* Device and arena state without initialising (lock held); NULL before
 * rt_device_ready succeeded. */
rt_device_state *rt_device_current(void);
/* Hands a committed command buffer (and an optional buffer it uses, released
 * with it) to the in-flight list; both are retained (lock held). Completed
 * buffers are retired on the way, an erroneous one setting the sticky error. */
void rt_track_command_buffer(mtl_id command_buffer, mtl_id companion);
/* Waits for every in-flight command buffer (lock held); returns the sticky
 * error (new or old) or cudaSuccess. */
cudaError_t rt_wait_all(void);
/* True when no command buffer is in flight (retires completed ones). */
bool rt_all_completed(void);

/* ---- module.c ------------------------------------------------------------------ */

typedef struct rt_module rt_module;

/* A registered kernel after loading: its description, its module and pipeline. */
typedef struct {
  const ac_kernel *desc;
  rt_module *module;
  mtl_id pipeline;
  const uint64_t *global_addresses; /* CUDA address of each module global */
  size_t global_count;
} rt_kernel;

/* Finds the kernel whose host stub is host_function and makes sure its
 * module's library, its pipeline and the module's globals exist (lock held).
 * Errors: cudaErrorInvalidDeviceFunction (not registered / not in module),
 * cudaErrorInvalidKernelImage (malformed blob), cudaErrorInvalidPtx (MSL did
 * not compile; Metal's message is printed to stderr once),
 * cudaErrorNoKernelImageForDevice (no pipeline). */
cudaError_t rt_module_kernel(const void *host_function, rt_kernel *out);
/* Finds the variable whose host shadow is host_variable, loading its module
 * (lock held): its CUDA address and size. cudaErrorInvalidSymbol if unknown. */
cudaError_t rt_module_symbol(const void *host_variable, void **address_out, size_t *size_out);
/* Forgets what was loaded for the device generation being reset: libraries,
 * pipelines and global storage (lock held; the arena is about to go). */
void rt_module_unload_all(void);

/* ---- memory.c ------------------------------------------------------------------ */

/* The block containing [pointer, pointer + size) in the arena (lock held,
 * device ready), or NULL when the range is not inside one allocation.
 * size 0 checks the pointer alone. */
const rt_block *rt_memory_find(rt_device_state *state, const void *pointer, size_t size);
/* Validates a stream argument: 0, cudaStreamLegacy, cudaStreamPerThread or
 * a live stream (lock held). */
bool rt_stream_valid(cudaStream_t stream);

#endif
