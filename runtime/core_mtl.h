/* runtime/core_mtl.h — what the core's files share with one another and
 * that needs Metal's types: the device's layout and the calls between core
 * files that pass Metal objects. Only core files (core_*.c) include it; it is
 * the only path from libanchor to metal/mtl.h. API files use core.h alone. */
#ifndef ANCHOR_RT_CORE_MTL_H
#define ANCHOR_RT_CORE_MTL_H

#include "abi.h"
#include "core.h"
#include "mtl.h"

struct rt_device {
  mtl_id device, queue, arena_buffer;
  mtl_id marker_buffer;      /* 16 bytes an event's blit writes, so it has GPU work */
  unsigned char *arena_base; /* arena contents: CUDA pointers live here */
  uint64_t arena_gpu_address;
  rt_arena arena;
  uint64_t generation; /* incremented by each reset */
  /* The device services' CUDA addresses, by context word (common/abi.h:
   * AC_ABI_CONTEXT_LOCKS ...); 0 until core_services.c creates them. */
  uint64_t services[AC_ABI_CONTEXT_FIXED];
};

/* ---- core_device.c ---- */

/* Destroys the arena, queue and marker buffer and forgets the device (lock
 * held, nothing in flight); the next rt_device_ready creates them anew with
 * a larger generation. No-op before rt_device_ready. */
void rt_device_destroy(void);

/* ---- core_services.c ---- */

/* Creates the device services on the first launch of a device generation
 * (lock held): the atomics' lock table, the status block, the printf FIFO
 * and the device heap, zeroed but for their headers, in the arena (and the
 * grid words on the first launch). Then copies their CUDA
 * addresses into the words [AC_ABI_CONTEXT_DELTA + 1, AC_ABI_CONTEXT_FIXED)
 * of context (the caller's array of AC_ABI_CONTEXT_FIXED or more words), the
 * host's clock into AC_ABI_CONTEXT_TIME, and into AC_ABI_CONTEXT_GRID the
 * next grid word (every launch has one: CUDA 13 synchronises a grid in an
 * ordinary launch too). Returns cudaErrorMemoryAllocation when the arena has
 * no room for the lock table, the status block or the grid words; a FIFO or heap without
 * room stays absent (0; said once on stderr) and is tried again next time. */
cudaError_t rt_services_context(rt_device *device, uint64_t *context);

/* ---- core_submit.c ---- */

/* Hands a command buffer committed on queue (and an optional buffer it uses,
 * released with it) to queue's in-flight list; both are retained (lock held;
 * the queue is a key, kept alive by its command buffers). A command buffer may be tracked again
 * with another companion, right after. Completed buffers are retired on the way, an erroneous one
 * setting the sticky error; a queue's are retired in the order they were tracked, which must be
 * their commit order. */
void rt_submit_track(mtl_id queue, mtl_id command_buffer, mtl_id companion);
/* Whether a command buffer has completed, successfully or not. */
bool rt_submit_finished(mtl_id command_buffer);
/* CUDA's reading of a command buffer in status Error (cudaErrorIllegalAddress
 * for a page fault, cudaErrorLaunchTimeout, else cudaErrorLaunchFailure);
 * cudaSuccess in any other status. No lock needed, nothing printed or set. */
cudaError_t rt_submit_error_of(mtl_id command_buffer);
/* The sticky error, else the failure of any command buffer in flight that
 * has failed but is not retired yet (cudaSuccess if none). Without the
 * runtime's lock: for a host function's thread. */
cudaError_t rt_submit_failure_now(void);
/* Waits for one command buffer (NULL: none) without holding the lock (held
 * on entry and return), then retires what finished; the sticky error.
 * cudaErrorNotPermitted (no wait) from a host function. */
cudaError_t rt_submit_wait(mtl_id command_buffer);

/* ---- core_stream.c: the one enqueue point ---- */

/* The command buffer (borrowed, autoreleased: inside rt_enter) to encode
 * stream's next work into, with the waits CUDA's stream semantics need
 * already encoded: on the legacy stream for every blocking stream's work
 * since its last such wait, on a blocking stream for the legacy stream's.
 * stream must be valid. cudaErrorLaunchFailure when Metal gives no command
 * buffer or queue, cudaErrorMemoryAllocation when out of host memory. Every
 * enqueue (launch, blit, event record, graph, ...) goes through it and then
 * rt_stream_commit; nothing else commits command buffers. Between the two the
 * lock stays held and nothing waits or begins another command buffer of the
 * same or the legacy stream (commit records the waits begin encoded). A
 * command buffer begun and never committed (an encoding error) is simply
 * dropped. */
cudaError_t rt_stream_begin(rt_device *device, cudaStream_t stream, mtl_id *command_buffer_out);
/* Ends stream's command buffer from rt_stream_begin (every encoder ended):
 * signals the stream's next tick, commits, and tracks it with companion
 * (optional, released with it; rt_submit_track). */
void rt_stream_commit(rt_device *device, cudaStream_t stream, mtl_id command_buffer,
                      mtl_id companion);
/* Tracks another companion of the command buffer stream's last rt_stream_commit
 * committed (released with it; rt_submit_track). */
void rt_stream_track(rt_device *device, cudaStream_t stream, mtl_id command_buffer,
                     mtl_id companion);

/* ---- core_host.c ---- */

/* Makes every registered host range resident for the dispatch being encoded
 * (lock held). */
void rt_host_use_resources(mtl_id encoder);

/* ---- core_texture.c ---- */

/* Makes every live texture (arrays', mipmapped arrays', objects' views) resident for the
 * dispatch being encoded (lock held). */
void rt_texture_use_resources(mtl_id encoder);

/* ---- core_module.c ---- */

/* The pipeline of a kernel found by lookup, and the CUDA addresses of its
 * module's globals (global_count of them); borrowed, lock held. */
mtl_id rt_module_pipeline(const rt_kernel *kernel);
/* The pipeline of the dynamic-spill variant of a kernel with dynamic shared
 * memory (borrowed, made on first use; lock held, device ready):
 * cudaErrorNoKernelImageForDevice when the module has none (built before
 * Anchor had them). */
cudaError_t rt_module_spill_pipeline(const rt_kernel *kernel, mtl_id *out);
const uint64_t *rt_module_global_addresses(const rt_kernel *kernel, size_t *count_out);
/* Forgets what was loaded for the device generation being reset: libraries,
 * pipelines and global storage (lock held; the arena is about to go). */
void rt_module_unload_all(void);

/* core_nvtx.c (lock held): a command buffer just made (rt_stream_begin) gets a debug group
 * per open NVTX range, and the beginning thread's pending marks as signposts, while a Metal
 * capture runs; rt_nvtx_close pops its groups just before commit (rt_stream_commit). */
void rt_nvtx_open(mtl_id command_buffer);
void rt_nvtx_close(mtl_id command_buffer);

#endif
