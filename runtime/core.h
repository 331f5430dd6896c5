/* runtime/core.h — libanchor's core (prefix rt_): the whole interface that
 * the API files (cuda_*.c for the runtime API, cu_*.c for the driver API)
 * build on. The core owns the one Metal device and everything that touches
 * Metal; the API files check arguments, enter and leave through
 * rt_enter/rt_leave, call the functions below and never call Metal
 * (docs/runtime.md, "Layering"). This header does not include metal/mtl.h:
 * core files share their Metal-typed internals through core_mtl.h.
 *
 *   error.c        the error table, the per-thread last error, the sticky error
 *   arena.c        the allocator over the arena's offsets (pure C)
 *   core_device.c  the lock and rt_enter/rt_leave; the Metal device, queue and
 *                  arena buffer (the one place that knows the singleton)
 *   core_submit.c  command buffers in flight, waits, failures -> sticky error
 *   core_props.c   the device as CUDA describes it (the sm_75 model)
 *   core_memory.c  allocation in the arena, pointer lookup, copies and fills
 *   core_host.c    registered host memory (no-copy buffers, device pointers)
 *   core_pool.c    memory pools: stream-ordered allocation's cached arena blocks
 *   core_hints.c   cudaMemAdvise/cudaMemPrefetchAsync's hints, per page
 *   core_module.c  registry of modules, kernels and variables; lazy loading;
 *                  lookup by host stub and by name
 *   core_launch.c  validate + pack + encode one dispatch
 *   core_stream.c  live stream and event handles; event markers
 *   core_graph.c   graphs, nodes, instances and their replay
 *   core_capture.c stream capture into graphs
 *   core_services.c the device services' blocks; printf's flush; their limits
 *   printf_format.c a printf record as text (pure C)
 *   core_texture.c CUDA arrays, texture and surface objects (Metal textures)
 *   core_coredump.c the GPU core-dump settings (cuCoredump*Attribute*)
 *   core_reset.c   cudaDeviceReset's work: all of the above torn down
 *
 * Locking: one process-wide mutex guards all state except the last error,
 * which is per thread. "Lock held" means: call between rt_enter (or rt_lock)
 * and rt_leave (or rt_unlock); debug builds assert it. Errors travel as
 * cudaError_t values; the core never records them as the last error (the
 * API file decides, through rt_leave). */
#ifndef ANCHOR_RT_CORE_H
#define ANCHOR_RT_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda_runtime_api.h"
#include "module.h"
#include "target.h"

/* ---- the CUDA device model the core presents ------------------------------------ */

/* CUDA's launch limits beyond Metal's (common/target.h holds Metal's): block
 * z extent, grid extents. And the per-multiprocessor figures of the nominal
 * sm_<AC_CUDA_ARCH> model that device properties and occupancy share. */
enum {
  RT_MAX_BLOCK_Z = 64,
  RT_MAX_GRID_YZ = 65535,
  RT_MAX_GRID_X = 2147483647,
  RT_MODEL_THREADS_PER_SM = AC_CORE_RESIDENT_THREADS,
  RT_MODEL_BLOCKS_PER_SM = AC_CORE_RESIDENT_GROUPS,
  RT_MODEL_SHARED_PER_SM = 65536,
  /* Shared memory per block (static + dynamic): CUDA's 48 KiB without an
   * opt-in, sm_75's 64 KiB with cudaFuncAttributeMaxDynamicSharedMemorySize.
   * Above Metal's AC_MAX_THREADGROUP_MEMORY it lives in device memory
   * (compiler/smem_spill.c, core_launch.c). */
  RT_MODEL_SHARED_PER_BLOCK = 49152,
  RT_MODEL_SHARED_PER_BLOCK_OPTIN = 65536,
  RT_MODEL_REGISTERS = 65536, /* per block and per multiprocessor */
  RT_MODEL_CONSTANT_MEMORY = 65536,
  /* Metal exposes no GPU core count: a nominal 8 (the smallest Apple7 GPU). */
  RT_MODEL_SM_COUNT = 8,
};

/* ---- error.c: codes, last error, sticky error ------------------------------------ */

/* CUDA 13.0's name / text of e, or NULL when e is not a code of
 * driver_types.h. Static strings; thread-safe. */
const char *rt_error_name(cudaError_t e);
const char *rt_error_text(cudaError_t e);
/* The driver API's name of a CUresult (cuGetErrorName's "CUDA_ERROR_..."), or
 * NULL when code is not one of cuda.h's. */
const char *rt_driver_error_name(int code);
/* True when e is one of the codes of driver_types.h. */
bool rt_error_is_known(cudaError_t e);
/* Records e as the calling thread's last error unless it is cudaSuccess;
 * returns e. Thread-safe (the last error is per thread). */
cudaError_t rt_record(cudaError_t e);
/* The calling thread's last error; rt_last_error_take also resets it to
 * cudaSuccess. Neither looks at the sticky error. */
cudaError_t rt_last_error_peek(void);
cudaError_t rt_last_error_take(void);
/* What cudaPeekAtLastError (reset false) / cudaGetLastError (reset true)
 * return: the last error, else the sticky error if no call has yet told this
 * thread of it; reset clears the last error and marks the sticky error told
 * (CUDA reports it once there; the calls that return it record it again). */
cudaError_t rt_last_error_report(bool reset);
/* The sticky error (a failed kernel: cudaErrorLaunchFailure & co.), or
 * cudaSuccess. Once set, every device call returns it until cudaDeviceReset.
 * Atomic: any thread, lock not needed. The first failure set wins. */
cudaError_t rt_sticky_error(void);
void rt_set_sticky_error(cudaError_t e);
/* Clears the sticky error and the calling thread's last error (what
 * cudaDeviceReset does: afterwards cudaGetLastError returns cudaSuccess). */
void rt_clear_sticky_error(void);

/* ---- logs.c: the driver's error log (cuLogs*) ------------------------------------- */

/* Any thread, lock or not (the log has its own mutex). CUlogLevel's values. */
typedef enum { RT_LOG_LEVEL_ERROR = 0, RT_LOG_LEVEL_WARNING = 1 } rt_log_level;
typedef void (*rt_log_callback)(void *context, rt_log_level level, char *message, size_t length);
/* Logs the message "Returning code (NAME) from function" (the driver's name of
 * the code, CUDA_ERROR_...; function may be NULL), as CUDA 13's driver does:
 * kept as a line "[time][thread][CUDA][E] message" (the last 25600 bytes of
 * lines), written to CUDA_LOG_FILE's destination (stdout, stderr or a file,
 * appended), and the bare message passed to every registered callback (without
 * the mutex: a callback may use the log; one unregistered meanwhile on another
 * thread may still be called once). */
void rt_log_error(const char *function, int code);
/* Logs a message of its own the same way (CUDA's explanation that precedes
 * some "Returning" lines, e.g. "Requested 0 byte allocation"). */
void rt_log_message(const char *message);
/* The name of the exported driver function (cu*, of the object holding the
 * log) whose code contains address, or NULL (static helpers, the program's
 * code, no symbol sizes off glibc). For a helper's log line: its caller. */
const char *rt_log_function_at(const void *address);
/* The iterator of the next line to be logged. */
unsigned rt_log_current(void);
/* Copies the kept lines from *iterator (every kept line for NULL) into buffer
 * of *size bytes: whole lines, each ended by a newline, NUL-terminated, a note
 * first when lines since the iterator were dropped; *size the bytes written
 * (without the NUL), *iterator past the last one copied. No line to copy:
 * success, *size 0. Lines to copy but none fits: cudaErrorInvalidValue, *size
 * 0, *iterator unchanged. */
cudaError_t rt_log_dump(unsigned *iterator, char *buffer, size_t *size);
/* The same, appended to the file at path (cudaErrorInvalidValue when it cannot
 * be written); every line from the iterator on. */
cudaError_t rt_log_dump_file(unsigned *iterator, const char *path);
/* Registers fn(context, ...) for every later line: a handle, NULL when out of
 * memory. Unregistering gives back the context (false: no such handle). */
void *rt_log_register(rt_log_callback fn, void *context);
bool rt_log_unregister(void *handle, void **context);

/* ---- arena.c: offsets into one big buffer ---------------------------------------- */

/* What an arena block holds; also checked by the matching free function. */
typedef enum {
  RT_BLOCK_FREE = 0,
  RT_BLOCK_DEVICE,  /* cudaMalloc */
  RT_BLOCK_HOST,    /* cudaMallocHost / cudaHostAlloc */
  RT_BLOCK_MANAGED, /* cudaMallocManaged */
  RT_BLOCK_GLOBAL,  /* storage of a module's __device__/__constant__ variable */
  RT_BLOCK_SERVICE, /* Anchor's device services (core_services.c) */
  RT_BLOCK_VIRTUAL, /* a virtual address reservation (core_vmm.c) */
  RT_BLOCK_TEXTURE, /* a texture or surface object's record (core_texture.c) */
} rt_block_kind;

/* A context of the driver API (core_context.c). */
typedef struct rt_ctx rt_ctx;

typedef struct {
  uint64_t offset;    /* start, a multiple of RT_ARENA_ALIGN */
  uint64_t size;      /* rounded size the block occupies */
  uint64_t requested; /* size the caller asked for (0 for free blocks) */
  rt_block_kind kind;
  unsigned flags;      /* RT_BLOCK_HOST: cudaHostAlloc's flags (0 for free blocks) */
  const rt_ctx *owner; /* the created context whose destruction frees it, or NULL
                          (rt_memory_set_owner; reset when allocated) */
} rt_block;

/* The blocks partition [0, capacity) and are kept sorted by offset; no two
 * free blocks are adjacent (they are merged). Not thread-safe by itself: the
 * device's arena is used with the lock held. */
typedef struct {
  rt_block *blocks;
  size_t count, allocated;
  uint64_t capacity;
  uint64_t used;    /* sum of the sizes of non-free blocks */
  uint64_t colored; /* large blocks allocated so far: the next one's colour */
} rt_arena;

/* The arena's block unit and so cudaMalloc's alignment: 512, as an H100's cudaMalloc
 * pointers are (tex_values.cu) and its textureAlignment (RT_TEXTURE_ALIGNMENT). One unit
 * for every block (module globals, texture records and services too) keeps every block
 * start a valid CUDA pointer with no alignment holes in the first fit; the cost is up to
 * 256 bytes more per small block (docs/runtime.md, "Memory model"). */
enum { RT_ARENA_ALIGN = 512 };
_Static_assert((int)RT_ARENA_ALIGN >= (int)AC_MODULE_MAX_GLOBAL_ALIGN,
               "module globals fit the arena's alignment");

/* Cache colouring of large blocks: a block of at least RT_ARENA_COLOR_MIN bytes starts at
 * offset k * RT_ARENA_COLOR_STEP modulo RT_ARENA_COLOR_PERIOD, k counting such blocks, where
 * one fits (the bytes before it, less than a period and so at most 1/16 of the block, stay
 * free for other blocks); else at the first fit, so allocation still fails only when no
 * free block is large enough. Arrays allocated one after another then do not start at the
 * same offset modulo a large power of two, which made a streaming kernel over three of
 * them 1.6x slower on the CPU (softmetal; docs/runtime.md, "Memory model"). */
enum {
  RT_ARENA_COLOR_STEP = 64 << 10,
  RT_ARENA_COLOR_PERIOD = 1 << 20,
  RT_ARENA_COLOR_MIN = 16 << 20,
};
_Static_assert(RT_ARENA_COLOR_STEP % RT_ARENA_ALIGN == 0 &&
                   RT_ARENA_COLOR_PERIOD % RT_ARENA_COLOR_STEP == 0 &&
                   RT_ARENA_COLOR_MIN >= 16 * RT_ARENA_COLOR_PERIOD,
               "coloured starts stay aligned");

/* Prepares an arena of capacity bytes (rounded down to RT_ARENA_ALIGN); the
 * arena owns its block list until rt_arena_destroy. Returns false when out
 * of host memory. */
bool rt_arena_init(rt_arena *arena, uint64_t capacity);
void rt_arena_destroy(rt_arena *arena);
/* First-fit allocation of size > 0 bytes; on success stores the offset.
 * Returns false when no free block is large enough (or out of host memory). */
bool rt_arena_alloc(rt_arena *arena, uint64_t size, rt_block_kind kind, uint64_t *offset_out);
/* Frees the block that starts at offset and has the given kind. Returns
 * false (and changes nothing) when no such block exists. */
bool rt_arena_free(rt_arena *arena, uint64_t offset, rt_block_kind kind);
/* The allocated block containing offset, or NULL; borrowed, valid until the
 * arena next changes. */
const rt_block *rt_arena_find(const rt_arena *arena, uint64_t offset);

/* retire.c (base): frees a destroyed handle's object (malloc'd) later, after
 * RT_RETIRE_KEEP more, so that its address is not soon another live object's and a
 * destroyed handle stays unknown to the live-handle lookups (issue 10). Any thread. */
void rt_handle_retire(void *p);

/* ---- core_device.c: the lock, entering and leaving, the device -------------------- */

/* The one Metal device as CUDA device 0, with its queue and arena. Opaque
 * outside the core; exists from rt_device_ready until cudaDeviceReset. */
typedef struct rt_device rt_device;

/* The process-wide mutex. Not recursive: a thread that holds it must not
 * take it again (debug builds assert both). */
void rt_lock(void);
void rt_unlock(void);
/* True when the calling thread holds the lock (for assert()). */
bool rt_lock_held(void);

/* The one way into the core for an API call: takes the lock and opens an
 * autorelease pool for the Metal objects the call creates. Every rt_enter is
 * paired with exactly one rt_leave* on the same thread. */
void rt_enter(void);
/* rt_enter, then the sticky error, then rt_device_ready: returns the first
 * error, or cudaSuccess with *device_out set; cudaErrorNotPermitted on a
 * thread running a host function (CUDA forbids API calls there; waiting for
 * the device from one could deadlock). The lock is held either way:
 * the caller leaves with rt_leave(e). */
cudaError_t rt_enter_device(rt_device **device_out);
/* Closes the pool, releases the lock and returns rt_record(e) — except for
 * cudaErrorNotReady, which query functions answer and CUDA never records. */
cudaError_t rt_leave(cudaError_t e);
/* The same without recording anything (the driver API has no last error). */
cudaError_t rt_leave_unrecorded(cudaError_t e);

/* Creates the device, queue and arena on first use (lock held). Returns
 * cudaErrorNoDevice without a Metal device, cudaErrorInitializationError when
 * no queue or arena can be created (or ANCHOR_ARENA_SIZE is malformed),
 * cudaErrorMemoryAllocation when out of host memory. */
cudaError_t rt_device_ready(rt_device **device_out);
/* Sets the function rt_device_ready calls, lock held, each time it has just
 * created the device (once per device generation); NULL for none. */
void rt_device_set_ready_hook(void (*hook)(rt_device *device));
/* The device without creating it (lock held): NULL before rt_device_ready
 * succeeded or after a reset. */
rt_device *rt_device_current(void);
/* Whether a Metal device exists; finds it on first use and keeps it across
 * resets (lock held). cudaErrorNoDevice if there is none. */
cudaError_t rt_device_exists(void);
/* The arena's capacity and its unallocated bytes (lock held). */
void rt_device_memory(rt_device *device, size_t *free_out, size_t *total_out);
/* Marks the calling thread as running a stream's host function (core_stream.c)
 * and unmarks it; whether it is (no lock needed: per thread). */
void rt_host_function_begin(void);
void rt_host_function_end(void);
bool rt_in_host_function(void);

/* ---- core_submit.c: work in flight ------------------------------------------------ */

/* Waits for every command buffer in flight when it is called, of every
 * stream (lock held on entry and return, released while waiting); returns
 * the sticky error (new or old) or cudaSuccess; cudaErrorNotPermitted (and
 * no wait) from a host function. */
cudaError_t rt_wait_all(void);
/* True when no command buffer is in flight (lock held); retires completed
 * ones on the way, a failed one setting the sticky error. */
bool rt_all_completed(void);

/* ---- core_props.c: the device as CUDA describes it --------------------------------- */

/* Readies the device and fills *out for CUDA device `device` (lock held):
 * cudaErrorInvalidDevice for any device but 0, else rt_device_ready's errors. */
cudaError_t rt_device_properties(int device, struct cudaDeviceProp *out);
/* The value of attribute attr in p; false for an attribute CUDA does not
 * define. Pure. */
bool rt_device_attribute(const struct cudaDeviceProp *p, enum cudaDeviceAttr attr, int *value);
/* The device's multiProcessorCount (lock held, device ready). */
int rt_device_multiprocessors(const rt_device *device);

/* ---- core_memory.c: the arena's memory --------------------------------------------- */

/* All functions: lock held, device ready (device from rt_enter_device). */

/* A new block of size bytes and kind: *out is its CUDA pointer, NULL for
 * size 0 (success, as in CUDA) and on failure (cudaErrorMemoryAllocation). */
cudaError_t rt_memory_alloc(rt_device *device, size_t size, rt_block_kind kind, void **out);
/* Frees p, which must start a block of kind or other_kind (else
 * cudaErrorInvalidValue); NULL is a no-op. Waits for the device first, so no
 * kernel still uses memory handed out again; returns the sticky error if
 * that wait finds one. */
cudaError_t rt_memory_free(rt_device *device, void *p, rt_block_kind kind,
                           rt_block_kind other_kind);
/* The block containing [pointer, pointer + size), or NULL when the range is
 * not inside one allocation; size 0 checks the pointer alone. Borrowed. */
const rt_block *rt_memory_find(rt_device *device, const void *pointer, size_t size);
/* cudaMemcpy's work, asynchronous where a blit can do it (both sides in
 * the arena, offsets and count multiples of 4); otherwise the host waits
 * for the device and copies. Errors: cudaErrorInvalidMemcpyDirection,
 * cudaErrorInvalidValue (a side that kind puts on the device is not in one
 * allocation), cudaErrorLaunchFailure (no command buffer), the sticky error. */
cudaError_t rt_memory_copy(rt_device *device, void *dst, const void *src, size_t count,
                           enum cudaMemcpyKind kind);
/* The same on stream (valid, rt_stream_valid): a blit goes to the stream's
 * queue, in its order; a host copy/fill waits for the stream's earlier work
 * first (rt_stream_host_wait: the whole device for the legacy stream). */
cudaError_t rt_memory_copy_async(rt_device *device, void *dst, const void *src, size_t count,
                                 enum cudaMemcpyKind kind, cudaStream_t stream);
cudaError_t rt_memory_fill_async(rt_device *device, void *p, int value, size_t count,
                                 cudaStream_t stream);
/* cudaMemset's work on [p, p + count) inside one allocation or registered
 * host memory (else cudaErrorInvalidValue); a blit where aligned, else the
 * host after a wait. */
cudaError_t rt_memory_fill(rt_device *device, void *p, int value, size_t count);
/* cudaHostRegister's work on [p, p + size) (p non-NULL, size > 0, flags
 * checked): memory CUDA allocated (host, managed or device) is
 * cudaErrorInvalidValue; else rt_host_register's. */
cudaError_t rt_memory_register_host(rt_device *device, void *p, size_t size, unsigned flags);
/* cudaHostGetDevicePointer's answer for host: the pointer itself for host
 * and managed arena memory, the registration's device pointer for
 * registered memory; cudaErrorInvalidValue otherwise. */
cudaError_t rt_memory_device_pointer(rt_device *device, void *host, void **out);
/* The CUDA pointer of block's start (a block of device's arena). */
void *rt_memory_block_start(rt_device *device, const rt_block *block);
/* Records cudaHostAlloc's flags on the block starting at p (cudaHostGetFlags
 * reads them back in rt_block.flags). */
void rt_memory_set_flags(rt_device *device, void *p, unsigned flags);
/* Makes the block starting at p (an allocation the program asked for:
 * cudaMalloc*, cuMemAlloc*) owned by owner, a created context or NULL. */
void rt_memory_set_owner(rt_device *device, void *p, const rt_ctx *owner);
/* Frees every block owner owns (cuCtxDestroy; the caller waited for the
 * device first); returns how many. */
size_t rt_memory_free_owned(rt_device *device, const rt_ctx *owner);
/* A pitched region: its start, the bytes from a row to the next, from a
 * slice (height rows) to the next. */
typedef struct {
  void *base;
  size_t pitch, slice;
} rt_region;
/* cudaMemcpy2D/3D's work on stream (valid): width bytes of each of height
 * rows of each of depth slices. Between arena memory with every row's
 * offsets and width multiples of 4: blits on the stream's queue, in its
 * order, without waiting; otherwise the host copies after the stream's work
 * (rt_stream_host_wait). Errors: cudaErrorInvalidPitchValue when width
 * exceeds a pitch, rt_memory_copy_async's. */
cudaError_t rt_memory_copy_3d(rt_device *device, const rt_region *dst, const rt_region *src,
                              size_t width, size_t height, size_t depth, enum cudaMemcpyKind kind,
                              cudaStream_t stream);
/* cudaMemset2D/3D's work on stream, blits or the host as rt_memory_copy_3d;
 * cudaErrorInvalidValue when width exceeds the pitch (not cudaMemcpy2D's
 * cudaErrorInvalidPitchValue: H200, CUDA 13) or outside device memory. */
cudaError_t rt_memory_fill_3d(rt_device *device, const rt_region *dst, int value, size_t width,
                              size_t height, size_t depth, cudaStream_t stream);
/* A memcpy node's parameters (no lock needed): depth slices of height rows of
 * width bytes between two regions; the 1-D form, count bytes (a pitch of
 * count, one row), for the 1-D graph calls and captured 1-D copies. */
struct cudaMemcpy3DParms rt_memory_copy_params(const rt_region *dst, const rt_region *src,
                                               size_t width, size_t height, size_t depth,
                                               enum cudaMemcpyKind kind);
struct cudaMemcpy3DParms rt_memory_copy_params_1d(void *dst, const void *src, size_t count,
                                                  enum cudaMemcpyKind kind);

/* ---- core_vmm.c: virtual memory management (cuMemAddressReserve & co.) ------------- */

/* All: lock held. A reservation is an arena block (RT_BLOCK_VIRTUAL) whose
 * ranges handles are mapped at; mapping copies a handle's contents into the
 * range and unmapping copies them out (callers wait for the device first);
 * a handle is mapped at one address at a time (docs/runtime.md, "Virtual
 * memory management"). Handles are uint64_t values checked against the live
 * ones; granularity and property checks are the API's. */
enum { RT_VMM_GRANULARITY = 2 << 20 }; /* CUDA's on the H200, minimum and recommended */
enum { RT_VMM_ACCESS_NONE = 0, RT_VMM_ACCESS_READ = 1, RT_VMM_ACCESS_READWRITE = 3 };
/* What cuMemCreate was given, for cuMemGetAllocationPropertiesFromHandle. */
typedef struct {
  int type, location_type, location_id;
  unsigned handle_types;
  unsigned char compression, rdma;
  unsigned short usage;
} rt_vmm_props;
/* A reservation of size bytes aligned to alignment (device ready):
 * cudaErrorMemoryAllocation when the arena has no such room. */
cudaError_t rt_vmm_reserve(rt_device *device, size_t size, size_t alignment, void **out);
/* Frees the reservation that starts at p with size: cudaErrorInvalidValue
 * when there is none, or while part of it is mapped. */
cudaError_t rt_vmm_release_range(rt_device *device, void *p, size_t size);
/* A handle of size bytes; cudaErrorMemoryAllocation when the live handles
 * would exceed the arena's capacity. */
cudaError_t rt_vmm_create(rt_device *device, size_t size, const rt_vmm_props *props, uint64_t *out);
/* Drops one reference (cuMemRelease); the handle goes when none is left and
 * it is unmapped. cudaErrorInvalidValue for no live handle. */
cudaError_t rt_vmm_release(uint64_t handle);
/* Maps the first size bytes of handle at [p, p + size): cudaErrorInvalidValue
 * for no live handle, a size over its size, a range not inside one
 * reservation or over a mapped range; cudaErrorNotSupported when the handle
 * is mapped elsewhere. The new mapping has no access. */
cudaError_t rt_vmm_map(void *p, size_t size, uint64_t handle);
/* Unmaps every mapping in [p, p + size), each of which must lie wholly
 * inside it (at least one): else cudaErrorInvalidValue. */
cudaError_t rt_vmm_unmap(void *p, size_t size);
/* Sets the access (RT_VMM_ACCESS_*) of the mappings of [p, p + size), which
 * must be mapped throughout (else cudaErrorInvalidValue). */
cudaError_t rt_vmm_set_access(void *p, size_t size, unsigned access);
/* The access of the mapping holding p; cudaErrorInvalidValue if none. */
cudaError_t rt_vmm_get_access(const void *p, unsigned *access);
/* The handle mapped at p, with one more reference; cudaErrorInvalidValue if none. */
cudaError_t rt_vmm_retain(const void *p, uint64_t *handle);
/* A live handle's size and properties (NULL outputs skipped). */
cudaError_t rt_vmm_handle_props(uint64_t handle, size_t *size, rt_vmm_props *props);
/* cudaDeviceReset's part: every reservation and handle forgotten (the arena goes). */
void rt_vmm_reset(void);

/* ---- core_host.c: registered host memory -------------------------------------------- */

/* All: lock held. A registration is [host, host + size) of the caller's
 * memory, wrapped in a no-copy Metal buffer; its CUDA device pointer is
 * another value (docs/design.md, "Registered host memory"). */
typedef struct {
  void *host, *device; /* the two pointers of the registration's start */
  size_t size;
  unsigned flags;       /* as given to cudaHostRegister (kept, not reported) */
  bool found_by_device; /* rt_host_find matched the device range */
} rt_host_range;

/* Registers [p, p + size) (p non-NULL, size > 0; device ready):
 * cudaErrorHostMemoryAlreadyRegistered when it overlaps a registration,
 * cudaErrorMemoryAllocation when Metal refuses to wrap the pages (not
 * memory). Registrations may share pages (each has its own buffer). */
cudaError_t rt_host_register(rt_device *device, void *p, size_t size, unsigned flags);
/* Unregisters the registration starting at host pointer p, after waiting
 * for the device (its sticky error is returned, the registration is gone
 * either way); cudaErrorHostMemoryNotRegistered if p is in none,
 * cudaErrorInvalidValue if p is inside one but not its start. */
cudaError_t rt_host_unregister(void *p);
/* The registration whose host range, or else device range, contains
 * [p, p + size) (size 0: p alone). */
bool rt_host_find(const void *p, size_t size, rt_host_range *out);
/* The host address of p when p is a registration's device pointer, else p. */
void *rt_host_to_cpu(const void *p);
/* Forgets every registration (cudaDeviceReset; before the device goes). */
void rt_host_reset(void);

/* ---- core_hints.c: unified-memory hints ---------------------------------------------- */

/* All: lock held. base/size are the managed allocation's (its start, as
 * rt_memory_block_start gives it, and requested size); [p, p + count) lies
 * in it. */
enum { RT_HINT_PREFETCH = 0 }; /* rt_hints_record's advice for a prefetch */
/* Records advice (a cudaMemoryAdvise, or RT_HINT_PREFETCH with the
 * destination) for the pages of [p, p + count). cudaErrorMemoryAllocation
 * when out of host memory. */
cudaError_t rt_hints_record(const void *base, size_t size, const void *p, size_t count, int advice,
                            struct cudaMemLocation where);
/* cudaMemRangeGetAttribute's answer for [p, p + count) into data (data_size
 * bytes: 4, or a multiple of 4 for AccessedBy; else cudaErrorInvalidValue,
 * as for an unknown attribute). */
cudaError_t rt_hints_query(const void *base, size_t size, const void *p, size_t count,
                           enum cudaMemRangeAttribute attribute, void *data, size_t data_size);
/* Forgets the hints of the allocation at base (it is being freed). */
void rt_hints_forget(const void *base);
/* Forgets every hint (cudaDeviceReset). */
void rt_hints_reset(void);

/* ---- core_pool.c: memory pools ------------------------------------------------------ */

/* All: lock held; pool arguments are live pools (rt_pool_valid). */
typedef struct {
  int reuse_follow_event_dependencies, reuse_allow_opportunistic,
      reuse_allow_internal_dependencies; /* recorded; reuse is always safe here */
  uint64_t release_threshold;
  uint64_t reserved, reserved_high, used, used_high; /* bytes */
} rt_pool_attributes;

/* Where a pool's memory is and what it is (CUDA 13's location and allocation
 * type): pinned device memory of device 0 (cudaMalloc's, RT_BLOCK_DEVICE), pinned
 * host memory (cudaMallocHost's, RT_BLOCK_HOST; every host location: one NUMA
 * node), or managed memory (RT_BLOCK_MANAGED) preferring the device, the host or
 * no location. One memory on Apple silicon: the kind decides what
 * cudaPointerGetAttributes and the other queries say. */
typedef enum {
  RT_POOL_DEVICE,         /* pinned, device 0: cudaMallocAsync's */
  RT_POOL_HOST,           /* pinned, host */
  RT_POOL_MANAGED_DEVICE, /* managed, preferring device 0 */
  RT_POOL_MANAGED_HOST,   /* managed, preferring the host */
  RT_POOL_MANAGED_NONE,   /* managed, no preferred location */
  RT_POOL_PLACES
} rt_pool_place;
/* The default pool of a place (created on first use) / the place's current
 * pool (cudaMemSetMemPool's or cudaDeviceSetMemPool's, else the default).
 * cudaErrorMemoryAllocation when out of host memory. */
cudaError_t rt_pool_default(rt_pool_place place, cudaMemPool_t *out);
cudaError_t rt_pool_current(rt_pool_place place, cudaMemPool_t *out);
/* The place of a CUDA 13 location (cudaMemLocation's type and id, which
 * CUmemLocation numbers alike) and allocation type: pinned on device 0 or on
 * the host (host, host NUMA node 0, the current NUMA node), managed preferring
 * either or no location (type none, for managed only). Another device:
 * cudaErrorInvalidDevice; anything else: cudaErrorInvalidValue. */
cudaError_t rt_pool_place_for(int location_type, int location_id, int allocation_type,
                              rt_pool_place *out);
/* Makes pool the current pool of place (its own, or RT_POOL_DEVICE for a managed
 * pool preferring the device: cudaDeviceSetMemPool takes one, as an H100 did). */
void rt_pool_set_current(rt_pool_place place, cudaMemPool_t pool);
rt_pool_place rt_pool_place_of(cudaMemPool_t pool);
/* cudaDeviceSetMemPool / cuDeviceSetMemPool: pool (any handle) becomes the pool
 * cudaMallocAsync uses if it is a live pool local to device 0 — pinned or managed
 * preferring the device (an H100 took a managed one, 2026-12-07) — else
 * cudaErrorInvalidValue. */
cudaError_t rt_pool_set_device_pool(cudaMemPool_t pool);
bool rt_pool_valid(cudaMemPool_t pool);
/* A new empty pool (cudaErrorMemoryAllocation when out of host memory). */
cudaError_t rt_pool_create(rt_pool_place place, cudaMemPool_t *out);
/* Destroys pool (no longer valid) after waiting for the device, giving its
 * free blocks back; blocks in use stay valid until freed, as in CUDA.
 * cudaErrorInvalidValue for the default pool. */
cudaError_t rt_pool_destroy(rt_device *device, cudaMemPool_t pool);
/* size bytes from pool (a free block it holds, else a new arena block);
 * NULL for size 0. cudaErrorMemoryAllocation when the arena is full even
 * after the device is idle and every pool block over the threshold freed. */
cudaError_t rt_pool_alloc(rt_device *device, cudaMemPool_t pool, size_t size, cudaStream_t stream,
                          void **out);
/* Whether p starts a block some pool holds (in use or kept free). */
bool rt_pool_owns(const void *p);
/* Marks p's block free in its pool (cudaErrorInvalidValue when p starts no
 * block in use); blocks over the threshold go back to the arena if idle (a
 * destroyed pool's after a wait). */
cudaError_t rt_pool_free(rt_device *device, void *p, cudaStream_t stream);
/* Waits for the device, then releases free blocks until at most keep bytes
 * are reserved (or none is free). Returns the wait's sticky error. */
cudaError_t rt_pool_trim(rt_device *device, cudaMemPool_t pool, size_t keep);
/* The pool's attributes, borrowed (the caller reads and sets them), after
 * releasing free blocks over the threshold if the device is idle. */
rt_pool_attributes *rt_pool_attributes_of(rt_device *device, cudaMemPool_t pool);
/* Reads (set false) or sets an attribute of pool through value (an int for
 * the reuse flags, a uint64_t for the sizes; CUDA's numbers, shared by
 * cudaMemPoolAttr and CUmemPool_attribute): the current sizes are read-only,
 * the high-water marks may only be reset to 0, else cudaErrorInvalidValue. */
cudaError_t rt_pool_attribute(rt_device *device, cudaMemPool_t pool, enum cudaMemPoolAttr attr,
                              void *value, bool set);
/* Forgets every pool (cudaDeviceReset: the arena goes with their blocks). */
void rt_pool_reset(void);

/* ---- core_module.c: modules, kernels, variables ------------------------------------ */

typedef struct rt_module rt_module;

/* What cudaFuncSetAttribute / cudaFuncSetCacheConfig set on one kernel
 * (core_launch.c gives them meaning). Zero-initialised = CUDA's defaults;
 * kept per kernel by its module, back to zero by cudaDeviceReset. */
typedef struct {
  bool max_dynamic_smem_set;
  int max_dynamic_smem; /* cudaFuncAttributeMaxDynamicSharedMemorySize */
  bool carveout_set;
  int carveout; /* cudaFuncAttributePreferredSharedMemoryCarveout */
  enum cudaFuncCache cache_config;
} rt_kernel_settings;

/* A kernel found by lookup, loaded and with its pipeline. Plain data the
 * caller keeps on its stack: desc and module are borrowed from the registry
 * and valid while the module is registered and the device not reset. */
typedef struct {
  const ac_kernel *desc;
  rt_module *module;
  size_t index;                 /* in module's kernel table */
  uint64_t max_threads;         /* threads per threadgroup the pipeline allows */
  rt_kernel_settings *settings; /* cudaFuncSetAttribute's, owned by the module */
} rt_kernel;

/* Registration: what __cudaRegister* do. Touches no Metal (it runs before
 * main). rt_module_register parses the fat binary outside the lock and
 * returns a new module the registry owns until rt_module_unregister, or NULL
 * when out of memory; a malformed blob still gives a module, whose every use
 * reports why. The others: lock held. */
rt_module *rt_module_register(const void *fat_binary);
/* Maps a host stub / host shadow to the device name in module (the latest
 * registration of the same host address wins). */
void rt_module_add_kernel(rt_module *module, const void *host_function, const char *device_name);
void rt_module_add_variable(rt_module *module, const void *host_variable, const char *device_name);
/* Registers module's __managed__ variable device_name (lock held; before
 * main): shadow, the host storage clang emitted, gets the module's
 * initialiser and stays a symbol key; *slot, through which the host code
 * reaches the variable (anchorcc's host pass), points at shadow until the
 * device is ready, then at the variable's arena storage (the module is
 * loaded then, the shadow's bytes copied there) until a reset or the
 * module's unregistration, which copy the bytes back and point it at
 * shadow again. A name the module lacks leaves the variable host-only; a
 * size (the host's) other than the module's marks the module unusable. */
void rt_module_add_managed(rt_module *module, void **slot, void *shadow, const char *device_name,
                           size_t size);
/* Readies the device when a registered module has __managed__ variables not
 * yet placed in the arena (lock held; a launch's configuration calls it, as
 * its arguments may take their addresses); errors are left to the launch. */
void rt_module_place_managed_now(void);
/* Whether p lies in the arena storage of a placed __managed__ variable (lock
 * held): pointer attributes call it managed memory, as CUDA does. */
bool rt_module_managed_at(const void *p);
/* Marks module unusable: it declares something Anchor does not support
 * (what, e.g. "texture reference", and its name go into the message). */
void rt_module_refuse(rt_module *module, const char *what, const char *name);
/* Forgets module and frees it, waiting for the device first if it was
 * loaded (lock held). */
void rt_module_unregister(rt_module *module);

/* Lookup (lock held): finds the kernel (host_function may also be a live
 * rt_function, a cudaKernel_t, as cudaLaunchKernel takes both) and makes sure its module's library,
 * its pipeline and the module's globals exist, readying the device.
 * Errors: cudaErrorInvalidDeviceFunction (not registered / not in module),
 * cudaErrorInvalidKernelImage (malformed blob), cudaErrorInvalidPtx (MSL did
 * not compile; Metal's message is printed to stderr once),
 * cudaErrorNoKernelImageForDevice (no pipeline), rt_device_ready's errors. */
cudaError_t rt_module_kernel_by_stub(const void *host_function, rt_kernel *out);
/* The same by device name within module (the driver API's
 * cuModuleGetFunction, NVRTC): cudaErrorInvalidDeviceFunction when module
 * has no kernel of that name. */
cudaError_t rt_module_kernel_by_name(rt_module *module, const char *name, rt_kernel *out);
/* Finds the variable whose host shadow is host_variable, loading its module
 * (lock held): its CUDA address and size. cudaErrorInvalidSymbol if unknown,
 * else the loading errors above. */
cudaError_t rt_module_symbol(const void *host_variable, void **address_out, size_t *size_out);

/* ---- core_launch.c: one dispatch --------------------------------------------------- */

typedef struct {
  dim3 grid, block;
  size_t shared;       /* dynamic shared memory in bytes */
  cudaStream_t stream; /* where rt_launch enqueues (0: the legacy stream) */
} rt_launch_config;

/* CUDA's checks of a configuration alone (before any kernel is compiled):
 * cudaErrorInvalidValue for a block or grid out of range, or more shared
 * memory than a threadgroup has. Pure. */
cudaError_t rt_launch_check_config(const rt_launch_config *config);
/* Validates config against the kernel too (cudaErrorInvalidValue for shared
 * memory, cudaErrorLaunchOutOfResources for more threads than the pipeline
 * allows, cudaErrorInvalidValue for args NULL when the kernel has
 * parameters), packs the parameter block from args (one pointer per
 * parameter, as cudaLaunchKernel takes them) and encodes and commits one
 * dispatch on config->stream (a valid stream, rt_stream_valid); it is
 * tracked, not waited for (lock held, inside rt_enter).
 * cudaErrorMemoryAllocation / cudaErrorLaunchFailure when Metal or the host
 * run out. The sticky error is the caller's to check first. */
cudaError_t rt_launch(rt_device *device, const rt_kernel *kernel, const rt_launch_config *config,
                      void **args);
/* rt_launch as a cooperative launch (every launch gets a grid-barrier word,
 * core_services.c; this one is also guaranteed co-resident): refused with
 * cudaErrorCooperativeLaunchTooLarge above the co-resident capacity,
 * rt_launch_occupancy's blocks per multiprocessor times multiProcessorCount
 * (after rt_launch's configuration checks). */
cudaError_t rt_launch_cooperative(rt_device *device, const rt_kernel *kernel,
                                  const rt_launch_config *config, void **args);
/* A run of dispatches encoded into one command buffer (a graph replay's
 * consecutive kernel nodes): zero-initialise, add dispatches, commit. */
typedef struct {
  struct mtl_object *command_buffer; /* open (uncommitted) once a dispatch is added */
  rt_device *device;                 /* and the stream it is encoded for (rt_stream_begin) */
  cudaStream_t stream;
  struct mtl_object **companions; /* buffers it binds, kept until it completes */
  size_t count, allocated;
  void **spills; /* overflow areas of its dispatches' __shared__ data, freed at commit */
  size_t spill_count, spill_allocated;
} rt_launch_batch;
/* rt_launch's checks (cooperative: rt_launch_cooperative's too), then one
 * dispatch of params — the kernel's packed parameter block (param_bytes,
 * prepared once) — encoded into the batch's command buffer, opened on first
 * use (lock held, inside rt_enter). Errors as rt_launch's; nothing runs
 * before rt_launch_batch_commit, except that a dispatch with an overflow area
 * for its shared memory first commits what the batch holds (allocating the
 * area may wait for the device). */
cudaError_t rt_launch_batch_add(rt_device *device, rt_launch_batch *batch, const rt_kernel *kernel,
                                const rt_launch_config *config, const void *params,
                                bool cooperative);
/* Commits the batch's command buffer, if any, tracks it, and empties the
 * batch (always call it once dispatches were added, also after an error). */
void rt_launch_batch_commit(rt_launch_batch *batch);
/* Blocks of block_size (> 0) threads resident per multiprocessor of the
 * nominal model, by CUDA's occupancy rules (threads in whole warps, blocks,
 * registers at the kernel's numRegs, shared memory: static + dynamic_smem in
 * 256-byte units within the carveout the kernel prefers); 0 when such a block
 * cannot run (block_size above the device's maxThreadsPerBlock — not the
 * kernel's: __launch_bounds__ limits launches only —, dynamic_smem over the
 * kernel's maximum (rt_kernel_max_dynamic_smem), a block over the per-block limit). Pure. */
int rt_launch_occupancy(const rt_kernel *kernel, int block_size, size_t dynamic_smem);
/* cudaOccupancyAvailableDynamicSMemPerBlock's answer in *out, by CUDA's rule:
 * the carveout (the per-block limit for one block) over blocks, in 256-byte
 * units, less the static shared memory, within the kernel's maximum. It need
 * not leave room for blocks blocks when memory is reserved per block (0
 * here). cudaErrorInvalidValue when blocks <= 0, block_size <= 0 or blocks
 * blocks of block_size threads cannot be resident at all. Pure. */
cudaError_t rt_launch_available_dynamic_smem(const rt_kernel *kernel, int blocks, int block_size,
                                             size_t *out);

/* ---- core_launch.c: kernel attributes and occupancy (cudaFuncGetAttributes & co) ---- */

/* The dynamic shared memory a launch of kernel may have: what
 * cudaFuncAttributeMaxDynamicSharedMemorySize set, else CUDA's default
 * 48 KiB - static (RT_MODEL_SHARED_PER_BLOCK). Pure. */
int rt_kernel_max_dynamic_smem(const rt_kernel *kernel);
/* cudaFuncGetAttributes' answer for kernel (lock held; docs/runtime.md
 * lists each field and where it comes from). */
void rt_kernel_attributes(const rt_kernel *kernel, struct cudaFuncAttributes *out);
/* cudaFuncSetAttribute's work (lock held): cudaErrorInvalidValue for a value
 * out of CUDA's range or an attribute that cannot be set;
 * cudaErrorNotSupported for a nonzero cluster attribute (no clusters). */
cudaError_t rt_kernel_set_attribute(const rt_kernel *kernel, enum cudaFuncAttribute attr,
                                    int value);
/* core_module.c: bytes of the module's __constant__ variables (what
 * constSizeBytes reports for each of its kernels). Lock held. */
uint64_t rt_module_constant_bytes(const rt_kernel *kernel);
/* core_module.c: the kernel's device name (borrowed, lives with the module). */
const char *rt_kernel_name(const rt_kernel *kernel);

/* ---- core_stream.c: streams and events --------------------------------------------- */

/* All: lock held. Handles are validated against the live ones, so a stale
 * or foreign handle is an error, never a crash. A stream is its own Metal
 * queue plus a shared event (its timeline) that each of its command buffers
 * signals with the stream's next tick; ordering between streams is GPU-side
 * waits on timelines (docs/runtime.md, "Streams and events"). */

/* Priorities CUDA 13 reports on the H200 (cudaDeviceGetStreamPriorityRange):
 * accepted, clamped and reported; Metal has no queue priorities. */
enum { RT_STREAM_PRIORITY_LEAST = 0, RT_STREAM_PRIORITY_GREATEST = -5 };

/* The stream a program compiled for the per-thread default stream means by
 * stream (the _ptsz entry points): 0 is cudaStreamPerThread. No lock needed. */
cudaStream_t rt_stream_ptsz(cudaStream_t stream);
/* 0, cudaStreamLegacy, cudaStreamPerThread or a live stream. */
bool rt_stream_valid(cudaStream_t stream);
/* A new live stream (owned by the core until rt_stream_destroy), flags
 * checked by the caller, priority clamped to the range;
 * cudaErrorMemoryAllocation when out of host memory. */
cudaError_t rt_stream_create(unsigned flags, int priority, cudaStream_t *out);
/* Destroys a live stream; false when stream is not one (or a default
 * stream). Its work stays queued and completes, as in CUDA, and later work
 * of the legacy stream still waits for it. */
bool rt_stream_destroy(cudaStream_t stream);
/* A valid stream's flags, priority and id (CUDA's: the legacy stream's flags
 * are 0, a per-thread stream's cudaStreamNonBlocking is not set). Ids are
 * unique in the process: 1 the legacy stream, then in order of creation. */
unsigned rt_stream_flags(cudaStream_t stream);
int rt_stream_priority(cudaStream_t stream);
unsigned long long rt_stream_id(cudaStream_t stream);
/* Waits for all work queued on stream so far (with what it waits for),
 * without the lock while waiting; then the sticky error.
 * cudaErrorNotPermitted from a host function. */
cudaError_t rt_stream_synchronize(cudaStream_t stream);
/* What the host waits for before and after a blocking call's host work on
 * stream (inside rt_enter, device ready): the legacy stream, every stream's
 * work (rt_wait_all); another stream, its own work and the legacy stream's
 * (also for a non-blocking stream: more order than CUDA promises); never
 * other streams', such as other threads' per-thread streams.
 * rt_stream_synchronize's errors. */
cudaError_t rt_stream_host_wait(rt_device *device, cudaStream_t stream);
/* Whether all work queued on stream so far has completed (retiring it). */
bool rt_stream_idle(cudaStream_t stream);
/* Makes later work of stream wait, GPU-side, for event's last record (no-op
 * for an event never recorded); inside rt_enter, device ready.
 * cudaErrorLaunchFailure when Metal gives no command buffer. */
cudaError_t rt_stream_wait_event(rt_device *device, cudaStream_t stream, cudaEvent_t event);
/* The number of command buffers committed to stream so far: a position
 * in its order that rt_stream_wait_streams can wait for (0: none yet). */
uint64_t rt_stream_position(cudaStream_t stream);
/* Commits on stream one command buffer that does nothing but order: it
 * waits, GPU-side, until each waited[i] (valid streams) has completed its
 * work up to positions[i] (0: nothing to wait for), and carries the
 * stream's own ordering (its previous work, CUDA's legacy-stream waits), so
 * that later work of stream, and anything that waits for stream's position
 * after it, comes after all of that. count 0: just such a mark. Inside
 * rt_enter, device ready; cudaErrorLaunchFailure when Metal gives no
 * command buffer. */
cudaError_t rt_stream_wait_streams(rt_device *device, cudaStream_t stream,
                                   const cudaStream_t *waited, const uint64_t *positions,
                                   size_t count);
/* Enqueues a host function on stream: after the stream's earlier work it
 * runs on a runtime thread (Metal's completion thread of a command buffer),
 * and later work of the stream waits for it to return. With callback (the
 * cudaStreamAddCallback form) it is called as callback(stream, status,
 * data), status the sticky error or a failure in flight not yet retired;
 * else fn(data), skipped on such an error (CUDA: not called after a context
 * error). On the thread the
 * function runs API calls that need the device return cudaErrorNotPermitted.
 * Inside rt_enter, device ready; cudaErrorMemoryAllocation /
 * cudaErrorLaunchFailure. */
cudaError_t rt_stream_host_function(rt_device *device, cudaStream_t stream, cudaHostFn_t fn,
                                    cudaStreamCallback_t callback, void *data);

/* Destroys every stream and event made while owner (a created context) was
 * current, as rt_stream_destroy and rt_event_destroy do (cuCtxDestroy). */
void rt_stream_destroy_owned(const rt_ctx *owner);
/* A new live event (cudaErrorMemoryAllocation when out of host memory). */
cudaError_t rt_event_create(unsigned flags, cudaEvent_t *out);
/* Destroys a live event; false when event is not one. */
bool rt_event_destroy(cudaEvent_t event);
bool rt_event_valid(cudaEvent_t event);
/* Records event on stream: a marker command buffer after the stream's
 * earlier work (inside rt_enter; device ready). cudaErrorLaunchFailure when
 * Metal gives no command buffer. */
cudaError_t rt_event_record(rt_device *device, cudaEvent_t event, cudaStream_t stream);
/* Whether event has been recorded, and whether its last record completed. */
bool rt_event_recorded(cudaEvent_t event);
bool rt_event_done(cudaEvent_t event);
/* Waits for the event's last record, releasing the lock while it waits so
 * other threads go on (lock held on entry and on return); then retires what
 * finished. No-op for an event never recorded. cudaErrorNotPermitted from a
 * host function, else the sticky error. */
cudaError_t rt_event_wait(cudaEvent_t event);
/* Whether event keeps timestamps (not created with cudaEventDisableTiming). */
bool rt_event_timed(cudaEvent_t event);
/* Milliseconds between two recorded, completed events' timestamps (the
 * caller checks both are; debug builds assert it): an event's timestamp is
 * the GPU end time of the stream's work before it, or of its marker when
 * that is later (the stream was idle). */
float rt_event_elapsed_ms(cudaEvent_t start, cudaEvent_t end);

/* The streams of a context (owner: a created context, NULL the primary one): the legacy
 * stream (NULL, first), every thread's per-thread stream (one device: the default streams
 * are every context's) and the live streams made while owner was current. Stores up to
 * max of them in out and returns how many there are. */
size_t rt_stream_context_streams(const rt_ctx *owner, cudaStream_t *out, size_t max);
/* Records event after all work queued so far on each of the count streams (valid): a
 * marker command buffer on a queue of its own that waits, GPU-side, for each stream's
 * last tick, so no stream's order changes (cuCtxRecordEvent). Inside rt_enter, device
 * ready; cudaErrorLaunchFailure when Metal gives no command buffer. */
cudaError_t rt_event_record_streams(rt_device *device, cudaEvent_t event,
                                    const cudaStream_t *streams, size_t count);
/* Remembers that owner's streams (a created context, NULL the primary one's) wait for
 * event's last record (a no-op for an event never recorded): a stream made in owner
 * later waits for it, GPU-side, before its first work (cuCtxWaitEvent's "all future
 * work"; the live streams the caller makes wait itself). cudaErrorMemoryAllocation. */
cudaError_t rt_stream_context_wait(const rt_ctx *owner, cudaEvent_t event);

/* ---- core_gate.c: continuations of stream work on the host ------------------------- */

/* A gate: later work of a stream waits for it GPU-side (rt_stream_wait_gate)
 * until the host opens it (rt_gate_open), from any thread. Owned by its
 * creator (rt_gate_destroy; a command buffer still waiting keeps what it
 * needs). cudaErrorMemoryAllocation / cudaErrorLaunchFailure. Lock held. */
typedef struct rt_gate rt_gate;
cudaError_t rt_gate_create(rt_device *device, rt_gate **out);
void rt_gate_destroy(rt_gate *gate);
/* The next ticket of gate (lock held). Tickets must be opened in the order
 * they were issued. */
uint64_t rt_gate_ticket(rt_gate *gate);
/* Commits on stream a command buffer that waits until ticket is open: the
 * stream's later work waits for it (inside rt_enter, device ready). */
cudaError_t rt_stream_wait_gate(rt_device *device, cudaStream_t stream, rt_gate *gate,
                                uint64_t ticket);
/* Opens ticket (any thread, lock not needed). */
void rt_gate_open(rt_gate *gate, uint64_t ticket);
/* Commits on stream a command buffer whose completion — after the stream's
 * earlier work — calls fn(context, status) on Metal's completion thread,
 * without the lock, status the sticky error or a failure in flight
 * (cudaSuccess if none). fn may take the lock (rt_enter) and enqueue work,
 * but must not wait for the device: waits there answer
 * cudaErrorNotPermitted. Inside rt_enter, device ready;
 * cudaErrorMemoryAllocation / cudaErrorLaunchFailure (fn is then never
 * called). */
typedef void (*rt_notify_fn)(void *context, cudaError_t status);
cudaError_t rt_stream_notify(rt_device *device, cudaStream_t stream, rt_notify_fn fn,
                             void *context);

/* ---- core_memops.c: stream memory operations (cuStreamWaitValue* & co.) ----------- */

/* One operation: a wait until the word at cpu satisfies condition against
 * value, a write of value there, or a barrier (a full memory fence). size
 * is 4 or 8; cpu is where the host reaches the word (rt_memop_target). The
 * conditions are CUDA's (CU_STREAM_WAIT_VALUE_*): GEQ the cyclic
 * (int)(word - value) >= 0, EQ, AND (word & value) != 0, NOR ~(word | value)
 * != 0. */
typedef enum { RT_MEMOP_WAIT, RT_MEMOP_WRITE, RT_MEMOP_BARRIER } rt_memop_kind;
typedef enum { RT_MEMOP_GEQ, RT_MEMOP_EQ, RT_MEMOP_AND, RT_MEMOP_NOR } rt_memop_condition;
typedef struct {
  rt_memop_kind kind;
  rt_memop_condition condition;
  unsigned size;
  void *cpu;
  uint64_t value;
  const void *address; /* the word's CUDA address (cpu is found from it) */
} rt_memop;
/* Where the host reaches the size-byte word at address (lock held, device
 * ready): address aligned to size and inside one allocation of the arena or
 * registered host memory (its device or host pointer), else
 * cudaErrorInvalidValue. */
cudaError_t rt_memop_target(rt_device *device, const void *address, unsigned size, void **cpu);
/* Enqueues count operations on stream (valid; lock held, device ready):
 * after the stream's earlier work they are performed in order on the host
 * (a wait by a poller thread, without holding anything up), and the
 * stream's later work waits until the last is done. A device error before
 * them skips them (the stream goes on). cudaErrorMemoryAllocation /
 * cudaErrorLaunchFailure. */
cudaError_t rt_stream_memops(rt_device *device, cudaStream_t stream, const rt_memop *ops,
                             size_t count);

/* ---- core_nvtx.c: NVTX ranges and marks (docs/runtime.md "NVTX") ------------------- */

/* What libanchor's NVTX tool (cuda_nvtx.c) records; no lock needed (thread-safe). Ranges
 * are kept always; while a Metal capture runs, every command buffer shows them as debug
 * groups (rt_nvtx_open/close, core_mtl.h). rt_nvtx_enable: the process uses NVTX (until
 * then command buffers look at nothing). rt_nvtx_push / rt_nvtx_pop: the calling thread's
 * push/pop range of domain (any pointer; NULL the default domain): the 0-based level of the
 * range pushed / of the ranges left open in that domain after the pop, -1 when out of
 * memory / with nothing to pop. rt_nvtx_start / rt_nvtx_end: a process-wide range by id
 * (0 when out of memory; an unknown id is ignored). rt_nvtx_mark: a signpost at the start
 * of the calling thread's next command buffer, if a capture runs now (else nothing). Names
 * are copied. */
void rt_nvtx_enable(void);
int rt_nvtx_push(const void *domain, const char *name);
int rt_nvtx_pop(const void *domain);
uint64_t rt_nvtx_start(const char *name);
void rt_nvtx_end(uint64_t id);
void rt_nvtx_mark(const char *name);

/* ---- core_graph.c: CUDA graphs (docs/runtime.md, "Graphs") ----------------------- */

/* A batch-memop node (the driver's CU_GRAPH_NODE_TYPE_BATCH_MEM_OP, 12; the
 * runtime's enum has no name for it): a cudaGraphNodeParams of type
 * RT_GRAPH_NODE_MEM_OP whose reserved space holds an rt_memop_node
 * (rt_graph_memop_params). ops are performed in order at each replay, as
 * rt_stream_memops does on a stream (their cpu found from address by
 * rt_memop_target when the node is set: cudaErrorInvalidValue for a word
 * outside the arena and registered memory); description (description_bytes, the
 * API's own parameter array) and flags are kept for the node's GetParams.
 * The graph keeps owned copies of both. */
enum { RT_GRAPH_NODE_MEM_OP = 12 };
typedef struct {
  const rt_memop *ops;
  size_t count;
  const void *description;
  size_t description_bytes;
  unsigned flags;
} rt_memop_node;
static inline rt_memop_node *rt_graph_memop_params(struct cudaGraphNodeParams *params) {
  _Static_assert(sizeof(rt_memop_node) <= sizeof params->reserved1, "fits the union");
  return (rt_memop_node *)(void *)params->reserved1;
}

/* All: lock held. Handles are validated against the live ones (graphs,
 * nodes, instances), so a stale or foreign handle is an error, never a
 * crash; the API files check them before calling the rest. A node's
 * parameters are the generic cudaGraphNodeParams; the graph keeps owned
 * copies (argument values, child graphs), so the caller's may go away. */
bool rt_graph_valid(cudaGraph_t graph);
bool rt_graph_node_valid(cudaGraphNode_t node);
bool rt_graph_exec_valid(cudaGraphExec_t exec);
/* A new empty graph / a deep copy whose nodes remember their originals
 * (cudaErrorMemoryAllocation when out of host memory). */
cudaError_t rt_graph_create(cudaGraph_t *out);
cudaError_t rt_graph_clone(cudaGraph_t graph, cudaGraph_t *out);
/* Whether graph is owned by a node (a conditional body, a child graph) or an
 * instance (its clone): not destroyable by cudaGraphDestroy. */
bool rt_graph_owned(cudaGraph_t graph);
/* Frees the graph, its nodes and their copies; its memory nodes' and
 * conditional handles' memory once no instance holds it either. */
void rt_graph_destroy(cudaGraph_t graph);
/* The node of clone made from original, or NULL. */
cudaGraphNode_t rt_graph_find_in_clone(cudaGraphNode_t original, cudaGraph_t clone);
/* Adds a node of params->type after count distinct dependencies of graph.
 * Checks params as CUDA does (cudaErrorInvalidValue; a kernel's lookup
 * errors and configuration errors; rt_memory_alloc's for an alloc node,
 * whose dptr is filled in; a conditional node's body graphs are made and
 * phGraph_out set when NULL). The kernel is looked up here, once. */
cudaError_t rt_graph_add_node(cudaGraph_t graph, const cudaGraphNode_t *deps, size_t count,
                              struct cudaGraphNodeParams *params, cudaGraphNode_t *out);
/* The node's parameters (pointers borrowed from the node). */
cudaError_t rt_graph_node_params(cudaGraphNode_t node, struct cudaGraphNodeParams *out);
/* New parameters of the same type (alloc and conditional nodes: fixed,
 * cudaErrorInvalidValue); errors as rt_graph_add_node, node unchanged. */
cudaError_t rt_graph_node_set_params(cudaGraphNode_t node, struct cudaGraphNodeParams *params);
/* A kernel node's attribute id (cudaGraphKernelNodeGet/SetAttribute, the
 * driver's cuGraphKernelNode*Attribute: CUlaunchAttributeID numbers them
 * alike): read into or set from *value. cudaLaunchAttributeCooperative makes
 * every replay of the node a cooperative launch (grid sync, the co-resident
 * capacity checked when it is encoded: cudaErrorCooperativeLaunchTooLarge);
 * the hints (priority, access-policy window, memory-sync domain, carveout,
 * scheduling preference) are kept and read back. cudaErrorInvalidValue for
 * another node type or an attribute graph nodes do not take,
 * cudaErrorNotSupported for a cluster other than 1x1x1 or a device-updatable
 * node. Unset attributes read as zero (CUDA's defaults). */
enum { RT_KERNEL_NODE_ATTRIBUTES = 17 };
cudaError_t rt_graph_kernel_node_attribute(cudaGraphNode_t node, cudaLaunchAttributeID id,
                                           cudaLaunchAttributeValue *value, bool set);
/* Every attribute of from copied to to (both kernel nodes, else
 * cudaErrorInvalidValue). */
cudaError_t rt_graph_kernel_node_copy_attributes(cudaGraphNode_t to, cudaGraphNode_t from);
enum cudaGraphNodeType rt_graph_node_type(cudaGraphNode_t node);
cudaGraph_t rt_graph_node_graph(cudaGraphNode_t node);
/* The graph's nodes (creation order) or its roots: stores up to capacity
 * into out (may be NULL), returns how many there are. */
size_t rt_graph_nodes(cudaGraph_t graph, cudaGraphNode_t *out, size_t capacity, bool roots);
/* Its edges, the same way (from/to NULL: count only). */
size_t rt_graph_edges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                      size_t capacity);
/* A node's dependencies (dependents false) or dependent nodes. */
size_t rt_graph_node_neighbours(cudaGraphNode_t node, bool dependents, cudaGraphNode_t *out,
                                size_t capacity);
/* Adds or removes count edges from[i] -> to[i]: all or none; a node not in
 * graph, a self edge, an existing edge to add or a missing one to remove:
 * cudaErrorInvalidValue. */
cudaError_t rt_graph_edges_change(cudaGraph_t graph, const cudaGraphNode_t *from,
                                  const cudaGraphNode_t *to, size_t count, bool add);
/* Removes the node and its edges. */
void rt_graph_node_destroy(cudaGraphNode_t node);
/* A conditional handle of graph: a 4-byte cell of device memory holding
 * default_value, whose CUDA address is the handle (cudaGraphSetConditional
 * writes it from device code). */
cudaError_t rt_graph_conditional_handle(cudaGraph_t graph, unsigned default_value, unsigned flags,
                                        cudaGraphConditionalHandle *out);
/* An instance: a private clone in topological order, kernels looked up,
 * child and body graphs instantiated. A cycle: cudaErrorInvalidValue with
 * *result cudaGraphInstantiateInvalidStructure; *error_node (may be NULL)
 * the user's node that failed. */
cudaError_t rt_graph_instantiate(cudaGraph_t graph, unsigned long long flags, cudaGraphExec_t *out,
                                 cudaGraphNode_t *error_node, cudaGraphInstantiateResult *result);
/* Destroys exec after the conditional evaluations in flight (its launches'
 * work completes); cudaErrorNotPermitted (exec kept) when some are in flight
 * and the caller is a host function, which must not wait. The instance
 * changes below (set params, enable, update) wait and refuse the same way. */
cudaError_t rt_graph_exec_destroy(cudaGraphExec_t exec);
unsigned long long rt_graph_exec_flags(cudaGraphExec_t exec);
/* New parameters for the instance's copy of node (a node of the graph it
 * was instantiated from): cudaErrorInvalidValue when it has none, for
 * another type, and for alloc/free/conditional nodes; a kernel node's
 * function may change (a func that is no kernel: cudaErrorInvalidResourceHandle). */
cudaError_t rt_graph_exec_set_params(cudaGraphExec_t exec, cudaGraphNode_t node,
                                     struct cudaGraphNodeParams *params);
/* Enables/disables a kernel, memcpy or memset node of the instance, or
 * (enabled_out not NULL) reads its state; other nodes cudaErrorInvalidValue. */
cudaError_t rt_graph_exec_enable(cudaGraphExec_t exec, cudaGraphNode_t node, bool enable,
                                 bool *enabled_out);
/* cudaGraphExecUpdate: graph must have the instance's topology (nodes
 * paired in creation order); then its parameters replace the instance's.
 * Otherwise cudaErrorGraphExecUpdateFailure and info says why. */
cudaError_t rt_graph_exec_update(cudaGraphExec_t exec, cudaGraph_t graph,
                                 cudaGraphExecUpdateResultInfo *info);
/* One replay on stream, in the instance's order (inside rt_enter; device ready): the
 * work is queued; host and conditional nodes wait for the work before them
 * (a host node's function runs without the lock). */
cudaError_t rt_graph_launch(rt_device *device, cudaGraphExec_t exec, cudaStream_t stream);
/* cudaDeviceReset's part: every graph and instance destroyed (their handles
 * invalid from now on), their device memory freed first. */
void rt_graph_reset(void);
/* The graph as DOT into path (cudaErrorOperatingSystem when it cannot be
 * written); flags add the cudaGraphDebugDotFlags details. */
cudaError_t rt_graph_dot(cudaGraph_t graph, const char *path, unsigned flags);

/* ---- core_capture.c: stream capture ------------------------------------------------ */

/* All: lock held. */
/* The one check of every enqueueing call (kernel, copy, memset, host
 * function, event record and wait, stream-ordered alloc/free), made first:
 * when stream is capturing, params becomes a node of the capture (after
 * the stream's dependencies; an event record/wait instead forks or joins
 * streams) and *captured is true — the caller then executes nothing.
 * Errors: cudaErrorStreamCaptureInvalidated (capture invalidated),
 * cudaErrorStreamCaptureImplicit (legacy-stream work while a blocking
 * stream captures; invalidates it), cudaErrorStreamCaptureMerge, and
 * rt_graph_add_node's (which invalidate the capture). */
cudaError_t rt_capture_node(cudaStream_t stream, struct cudaGraphNodeParams *params,
                            bool *captured);
/* rt_capture_node for a launch (params a kernel node): a cooperative one
 * becomes a kernel node with cudaLaunchAttributeCooperative, as CUDA
 * captures cudaLaunchCooperativeKernel and cooperative cudaLaunchKernelEx. */
cudaError_t rt_capture_kernel(cudaStream_t stream, struct cudaGraphNodeParams *params,
                              bool cooperative, bool *captured);
/* cudaEventRecordExternal / cudaEventWaitExternal (params an event record
 * or wait): a node of stream's capture after its dependencies (recorded or
 * waited for when the graph runs), not a fork or join. Errors:
 * cudaErrorIllegalState when stream is not capturing (CUDA: the flags are
 * invalid outside capture), cudaErrorStreamCaptureImplicit (the legacy
 * stream while a blocking stream captures; invalidates it), then
 * rt_capture_node's. */
cudaError_t rt_capture_external(cudaStream_t stream, struct cudaGraphNodeParams *params);
/* The capture check of an asynchronous copy (rt_capture_node's, with a memcpy
 * node of rt_memory_copy_params): depth slices of height rows of width bytes
 * between two regions, or (rt_capture_copy) count bytes in one row. */
cudaError_t rt_capture_copy_3d(cudaStream_t stream, const rt_region *dst, const rt_region *src,
                               size_t width, size_t height, size_t depth, enum cudaMemcpyKind kind,
                               bool *captured);
cudaError_t rt_capture_copy(cudaStream_t stream, void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind, bool *captured);
/* A potentially unsafe call (cudaMalloc, cudaFree, synchronous copies,
 * device synchronisation): cudaErrorStreamCaptureUnsupported when the
 * calling thread's mode prohibits it, invalidating those captures. */
cudaError_t rt_capture_unsafe(void);
/* Synchronising with or querying stream: a capturing stream is
 * cudaErrorStreamCaptureUnsupported (and invalidated); the legacy stream
 * with a blocking stream capturing, cudaErrorStreamCaptureImplicit. */
cudaError_t rt_capture_sync(cudaStream_t stream);
/* Whether event was last recorded in a capture; if so that capture is
 * invalidated (the caller refuses the call, as CUDA does; H200, CUDA 13). */
bool rt_capture_event_captured(cudaEvent_t event);
/* Begins capturing stream into a new graph (graph NULL) or into graph
 * after count dependencies. cudaErrorStreamCaptureUnsupported for the
 * legacy stream, cudaErrorIllegalState when already capturing. */
cudaError_t rt_capture_begin(cudaStream_t stream, cudaGraph_t graph,
                             const cudaGraphNode_t *dependencies, size_t count,
                             enum cudaStreamCaptureMode mode);
/* Ends the capture stream began: *out the graph (NULL on error). Errors:
 * cudaErrorIllegalState (not capturing), cudaErrorStreamCaptureUnmatched
 * (not the origin stream; invalidates the capture), cudaErrorStreamCaptureWrongThread,
 * cudaErrorStreamCaptureInvalidated, cudaErrorStreamCaptureUnjoined (a
 * forked stream not joined back); the capture ends on the last three. */
cudaError_t rt_capture_end(cudaStream_t stream, cudaGraph_t *out);
/* The stream's capture status and, when capturing, its id, graph and
 * dependency set (borrowed until the next capture call); NULL outputs skipped. */
enum cudaStreamCaptureStatus rt_capture_status(cudaStream_t stream, unsigned long long *id,
                                               cudaGraph_t *graph,
                                               const cudaGraphNode_t **dependencies, size_t *count);
/* Adds to (or replaces) a capturing stream's dependency set with nodes of
 * its capture graph: cudaErrorIllegalState when not capturing,
 * cudaErrorInvalidValue for another graph's node. */
cudaError_t rt_capture_update_dependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                           size_t count, bool replace);
/* The calling thread's capture-interaction mode: sets mode, returns the old one. */
enum cudaStreamCaptureMode rt_capture_exchange_mode(enum cudaStreamCaptureMode mode);
/* Whether the legacy stream is blocked by a capture (a blocking stream capturing). */
bool rt_capture_legacy_blocked(void);
/* cudaDeviceReset's part: every capture ended, its graph destroyed. */
void rt_capture_reset(void);
/* A destroyed stream leaves its capture (which is invalidated). */
void rt_capture_forget_stream(cudaStream_t stream);

/* ---- core_services.c: the device services' host side (docs/runtime.md) ------------ */

/* cudaLimitPrintfFifoSize / cudaLimitMallocHeapSize (lock held; limit one of
 * the two): the size in bytes the service has or will have when created. */
size_t rt_services_limit(enum cudaLimit limit);
/* Sets one (lock held). Once a kernel of this device generation has used the
 * service (called printf; malloc or free) cudaErrorInvalidValue, as in CUDA;
 * otherwise the next launch creates it with the new size. Waits for the
 * device when the service exists (and returns the sticky error that finds). */
cudaError_t rt_services_set_limit(enum cudaLimit limit, size_t value);
/* CUDA's printf flush (lock held): when a device exists and nothing is in
 * flight, prints the FIFO's records in the order the device wrote them,
 * each whole, printf's to stdout and assert messages to stderr, and empties
 * it. Called at the points CUDA flushes: a kernel launch, the
 * synchronising calls, blocking copies, cudaDeviceReset (not at exit). */
void rt_services_flush(void);
/* cudaDeviceReset's part (lock held): the limits back to CUDA's defaults
 * ("reset all state on the current device"). */
void rt_services_reset_limits(void);
/* The device's limits, one record for cudaDeviceGet/SetLimit and
 * cuCtxGet/SetLimit (cudaLimit and CUlimit number them alike). rt_limit_kept
 * (pure): the limits Anchor keeps (not the device runtime's, CIG's or the
 * shared-memory size: the callers' cudaErrorUnsupportedLimit). rt_limit_get
 * (lock held, a kept limit): its value. rt_limit_set (lock held, a kept
 * limit): the stack size recorded, the L2 fetch granularity clamped to 128,
 * the persisting L2 size ignored (0), the printf FIFO and heap as
 * rt_services_set_limit (its errors). */
bool rt_limit_kept(enum cudaLimit limit);
size_t rt_limit_get(enum cudaLimit limit);
cudaError_t rt_limit_set(enum cudaLimit limit, size_t value);

/* ---- printf_format.c: device printf's records as text (pure) ----------------------- */

/* The text of one FIFO record's payload (common/abi.h AC_ABI_PRINTF_*: the
 * format, then the arguments' slots; bytes long), formatted with the host's
 * C library as CUDA does; malloc'd, NUL-terminated, its length in *length.
 * NULL when out of memory or the payload has no format. Thread-safe. */
char *rt_printf_format(const unsigned char *payload, size_t bytes, size_t *length);

/* ---- core_texture.c: CUDA arrays, texture and surface objects (docs/textures.md) ---- */

/* The texture limits (Metal's, Apple7+: 16384 for 1-D and 2-D textures and cubes, 2048 for
 * 3-D textures and array layers) and CUDA's alignments, which the device's properties
 * report and the calls below check. */
enum {
  RT_TEXTURE_1D = 16384,
  RT_TEXTURE_2D = 16384,
  RT_TEXTURE_3D = 2048,
  RT_TEXTURE_LAYERS = 2048,
  RT_TEXTURE_CUBEMAP = 16384,
  RT_TEXTURE_CUBEMAP_LAYERS = 2046, /* faces: 341 cubes */
  RT_TEXTURE_1D_LINEAR = 1 << 28,   /* Metal's texture buffers: 2^28 texels */
  RT_TEXTURE_2D_LINEAR = 16384,
  RT_TEXTURE_2D_LINEAR_PITCH = 16384 * 16,
  /* textureAlignment, surfaceAlignment: 512, an H100's, and the arena's (every allocation
   * starts on one), so textures bind to any cudaMalloc pointer as on CUDA and memory at
   * other offsets is refused as there; Metal's texture buffers need 16 or less */
  RT_TEXTURE_ALIGNMENT = 512,
  RT_TEXTURE_PITCH_ALIGNMENT = 32, /* texturePitchAlignment */
};
_Static_assert((int)RT_ARENA_ALIGN % (int)RT_TEXTURE_ALIGNMENT == 0,
               "every allocation is textureAlignment-aligned");

/* All: lock held. Handles are checked against the live objects (rt_array_valid,
 * rt_mipmap_valid) by the callers unless said otherwise. */
/* A channel format CUDA arrays and textures take: 8/16/32-bit signed or unsigned, 16/32-bit
 * float, 1, 2 or 4 channels; its texel's bytes in *texel_bytes (if not NULL). Pure.
 * cudaErrorInvalidChannelDescriptor otherwise (3 channels, kind None ...);
 * cudaErrorNotSupported for CUDA's other kinds (NV12, the normalized and block-compressed
 * kinds), which Anchor does not have. */
cudaError_t rt_channel_check(const struct cudaChannelFormatDesc *desc, size_t *texel_bytes);
/* A new array (cudaMalloc3DArray's extent and flags: cudaArrayLayered, Cubemap,
 * SurfaceLoadStore, TextureGather): cudaErrorInvalidValue for a bad extent or flags or
 * sizes over the limits, rt_channel_check's errors, cudaErrorMemoryAllocation. */
cudaError_t rt_array_create(rt_device *device, const struct cudaChannelFormatDesc *desc,
                            struct cudaExtent extent, unsigned flags, cudaArray_t *out);
bool rt_array_valid(cudaArray_const_t array);
/* Frees an array after waiting for the device (the sticky error that finds);
 * cudaErrorInvalidValue for no live array (or a mipmapped array's level). */
cudaError_t rt_array_destroy(rt_device *device, cudaArray_t array);
/* A live array's descriptor, extent (as CUDA reports it) and flags; NULL outputs skipped. */
void rt_array_info(cudaArray_const_t array, struct cudaChannelFormatDesc *desc,
                   struct cudaExtent *extent, unsigned *flags);
size_t rt_array_texel_bytes(cudaArray_const_t array);
/* Mipmapped arrays: levels clamped to [1, 1 + log2(largest dimension)] as CUDA does; a
 * level is an array (the same handle on every call) owned by the mipmapped array. */
cudaError_t rt_mipmap_create(rt_device *device, const struct cudaChannelFormatDesc *desc,
                             struct cudaExtent extent, unsigned levels, unsigned flags,
                             cudaMipmappedArray_t *out);
bool rt_mipmap_valid(cudaMipmappedArray_const_t mipmap);
/* cudaErrorInvalidValue for a level past the last. */
cudaError_t rt_mipmap_level(cudaMipmappedArray_const_t mipmap, unsigned level, cudaArray_t *out);
cudaError_t rt_mipmap_destroy(rt_device *device, cudaMipmappedArray_t mipmap);
void rt_mipmap_info(cudaMipmappedArray_const_t mipmap, struct cudaChannelFormatDesc *desc,
                    struct cudaExtent *extent, unsigned *flags, unsigned *levels);
/* cudaMemcpy3D's work with an array on one side or both (live arrays), on stream (valid):
 * extent.width and an array's x in texels, a pointer's x in bytes (CUDA's units).
 * Blits in stream order between arrays and arena memory; the host otherwise, after the
 * stream's work. cudaErrorInvalidValue for a region outside an array or memory,
 * cudaErrorInvalidPitchValue for a pitch under a row, cudaErrorInvalidMemcpyDirection. */
cudaError_t rt_array_copy(rt_device *device, const struct cudaMemcpy3DParms *params,
                          cudaStream_t stream);
/* A copy between memory and one array (params' other side a pitched pointer) whose array
 * position's x and extent's width are bytes, not whole texels (CUDA's 2-D array copies take
 * any byte offset and width: an H100 answers success, texture_codes.cu): by the host after
 * stream's earlier work, through the texels that hold the bytes (read, patched, written
 * back). rt_array_copy's errors. */
cudaError_t rt_array_copy_bytes(rt_device *device, const struct cudaMemcpy3DParms *params,
                                cudaStream_t stream);
/* A texture object (docs/textures.md): CUDA's checks (textureAlignment, pitch alignment,
 * formats the read mode can use, sizes), its view, sampler and record; the handle is the
 * record's address. cudaErrorInvalidValue for what CUDA refuses; as an H100 answers,
 * cudaErrorInvalidFilterSetting for linear filtering of integers read as integers and
 * cudaErrorInvalidNormSetting for normalized reads of 32-bit integers. */
cudaError_t rt_texture_create(rt_device *device, const struct cudaResourceDesc *resource,
                              const struct cudaTextureDesc *texture,
                              const struct cudaResourceViewDesc *view, cudaTextureObject_t *out);
/* A surface object over an array, with or without cudaArraySurfaceLoadStore (an H100 takes
 * both); cudaErrorInvalidValue for other resources. */
cudaError_t rt_surface_create(rt_device *device, const struct cudaResourceDesc *resource,
                              cudaSurfaceObject_t *out);
/* Destroys a live texture (surface false) or surface object after waiting for the device:
 * cudaErrorInvalidValue for none such. */
cudaError_t rt_object_destroy(rt_device *device, unsigned long long handle, bool surface);
/* What an object was made with (NULL outputs skipped); cudaErrorInvalidValue for no such
 * object, or a view asked of one made without. */
cudaError_t rt_object_descs(unsigned long long handle, bool surface,
                            struct cudaResourceDesc *resource, struct cudaTextureDesc *texture,
                            struct cudaResourceViewDesc *view);
/* cuCtxDestroy's part (the caller waited for the device): every array, mipmapped array
 * and texture or surface object made while owner (a created context) was current is
 * freed, the objects' records too; their handles become unknown (rt_handle_retire). */
void rt_texture_destroy_owned(rt_device *device, const rt_ctx *owner);
/* cudaDeviceReset's part: every array and object forgotten (their records go with the
 * arena). */
void rt_texture_reset(void);

/* ---- core_reset.c ------------------------------------------------------------------ */

/* cudaDeviceReset's work (lock held, inside rt_enter): waits for the device,
 * forgets what modules loaded, destroys the arena (every allocation) and the
 * queue, and clears the sticky error; the next use starts afresh. */
void rt_reset(void);

/* core_coredump.c: GPU core-dump settings (cuCoredump*Attribute*), each kept as the bytes
 * the API checked: the process's (ctx NULL) and a context's own. All: lock held.
 * rt_coredump_get: ctx's own value of setting (0 .. RT_COREDUMP_SETTINGS - 1), else the
 * process's; false when neither was set (the API's default applies); copies at most
 * *size bytes to value (NULL: none) and sets *size to the value's size.
 * rt_coredump_put: sets it (size <= RT_COREDUMP_VALUE_MAX); cudaErrorMemoryAllocation.
 * rt_coredump_forget: a destroyed context's settings go. */
enum { RT_COREDUMP_SETTINGS = 8, RT_COREDUMP_VALUE_MAX = 1024 };
bool rt_coredump_get(const rt_ctx *ctx, unsigned setting, void *value, size_t *size);
cudaError_t rt_coredump_put(const rt_ctx *ctx, unsigned setting, const void *value, size_t size);
void rt_coredump_forget(const rt_ctx *ctx);

/* ---- the driver API's core (docs/runtime.md, "Driver API") ---------------------- */

/* core_device.c: whether the calling thread entered through rt_enter_device
 * (the runtime API's way in) since the last call; clears it. No lock. */
bool rt_device_take_runtime_entry(void);

/* core_context.c: contexts. One Metal device, one arena: every context,
 * primary or created, shares the core's device and memory; a context is
 * flags, limits and a place on the per-thread current-context stack. All:
 * lock held. rt_ctx is declared above, with the arena's blocks. */
/* The device's primary context (always the same handle). */
rt_ctx *rt_context_primary(void);
/* A created context (cuCtxCreate), owned by the core until
 * rt_context_destroy; cudaErrorMemoryAllocation when out of host memory. */
cudaError_t rt_context_create(unsigned flags, rt_ctx **out);
/* Destroys a created context and removes it from the calling thread's stack;
 * false when ctx is not a live created context. */
bool rt_context_destroy(rt_ctx *ctx);
/* The primary context or a live created one. */
bool rt_context_valid(const rt_ctx *ctx);
/* A live context's id, unique in the process: 1 the primary context, then in
 * order of creation (cuCtxGetId). */
unsigned long long rt_context_id(const rt_ctx *ctx);
/* The created context current on the calling thread (what owns the memory,
 * modules, streams and events made now), NULL when none or the primary one;
 * unlike rt_context_current it never makes the primary context current. */
const rt_ctx *rt_context_owner(void);
/* The calling thread's current context (NULL when none, or when its top is
 * destroyed); a thread that used the runtime API with an empty stack has the
 * primary context made current first, as CUDA's runtime does. */
rt_ctx *rt_context_current(void);
/* The stack: push (false when it is full), pop (NULL when empty), set the
 * top (ctx NULL pops; an empty stack gets ctx pushed). */
bool rt_context_push(rt_ctx *ctx);
rt_ctx *rt_context_pop(void);
void rt_context_set(rt_ctx *ctx);
unsigned rt_context_flags(const rt_ctx *ctx);
void rt_context_set_flags(rt_ctx *ctx, unsigned flags);
/* The deprecated usage count (cuCtxAttach/cuCtxDetach): a created context
 * starts at 1 (its cuCtxCreate), the primary context at 0; attach adds one;
 * detach takes one and returns what is left (0: the caller destroys a created
 * context), -1 when the count is already 0 (nothing attached). */
void rt_context_attach(rt_ctx *ctx);
int rt_context_detach(rt_ctx *ctx);
/* Primary context reference counting: retain returns the new count;
 * release returns false when the count is already 0. Active: retained, or
 * current on some thread through the runtime. */
unsigned rt_context_primary_retain(void);
bool rt_context_primary_release(void);
bool rt_context_primary_active(void);
/* The primary context back to its initial state (flags 0, not made current
 * by the runtime; retains are kept). */
void rt_context_primary_reset(void);
/* cuInit's success, process-wide: any thread, no lock. */
void rt_context_mark_initialised(void);
bool rt_context_initialised(void);

/* core_module.c: modules loaded from images (cuModuleLoadData & co.) and
 * their functions. A loaded module is an rt_module like a registered one,
 * with an owned copy of its image. All: lock held. */
typedef struct rt_function rt_function;
/* Parses image — the device module (common/module.h, "ANCHMOD1" and its
 * length) or a fat-binary wrapper (ac_fatbin_wrapper) around one — copies
 * it and loads it: readies the device, compiles its MSL, gives its variables
 * storage. cudaErrorInvalidKernelImage (= CUDA_ERROR_INVALID_IMAGE) when
 * image is neither or does not parse, cudaErrorInvalidPtx when its MSL does
 * not compile, rt_device_ready's errors, cudaErrorMemoryAllocation. */
cudaError_t rt_module_load_image(const void *image, rt_module **out);
/* The same from a file: cudaErrorFileNotFound when it cannot be opened,
 * cudaErrorInvalidKernelImage when it is shorter than the module its header
 * describes (or no module), else rt_module_load_image's errors. */
cudaError_t rt_module_load_file(const char *path, rt_module **out);
/* Marks a module loaded from an image (cuModuleLoad*) as owner's, a created
 * context; rt_module_unload_owned unregisters all of owner's (cuCtxDestroy). */
void rt_module_set_owner(rt_module *module, const rt_ctx *owner);
void rt_module_unload_owned(const rt_ctx *owner);
/* A live module loaded by rt_module_load_image (registered ones are not). */
bool rt_module_loaded_image(const rt_module *module);
/* The function named name (mangled or extern "C", as in the module's table),
 * a handle valid until the module is unloaded; cudaErrorSymbolNotFound
 * (= CUDA_ERROR_NOT_FOUND) when there is none. */
cudaError_t rt_module_function(rt_module *module, const char *name, rt_function **out);
/* The function handle of a registered kernel's host stub (the runtime's
 * cudaGetFuncBySymbol); cudaErrorInvalidDeviceFunction when none. */
cudaError_t rt_module_function_by_stub(const void *host_function, rt_function **out);
size_t rt_module_function_count(const rt_module *module);
rt_function *rt_module_function_at(rt_module *module, size_t index);
/* A live function handle (of any module, registered or loaded). */
bool rt_function_valid(const rt_function *function);
const char *rt_function_name(const rt_function *function);
rt_module *rt_function_module(const rt_function *function);
/* The function's kernel, loaded, with its pipeline (rt_module_kernel_by_name's
 * errors). */
cudaError_t rt_function_kernel(rt_function *function, rt_kernel *out);
/* The module's variable named name (loading the module): CUDA address and
 * size; cudaErrorSymbolNotFound when there is none. */
cudaError_t rt_module_global(rt_module *module, const char *name, void **address_out,
                             size_t *size_out);

/* core_memory.c: cuMemsetD16/D32's work on stream: count elements of
 * element (1, 2 or 4) bytes, each the low bytes of pattern (little endian),
 * inside one allocation (else cudaErrorInvalidValue); a blit when every byte
 * is the same, else the host after a wait. */
cudaError_t rt_memory_fill_pattern(rt_device *device, void *p, uint32_t pattern, size_t element,
                                   size_t count, cudaStream_t stream);

/* entry.c (base, no Metal, no lock): the driver function named name (a cu*
 * base name such as "cuMemAlloc") among libanchor's exported symbols, its
 * newest version (name_v4 ... name_v2, then name), or NULL. */
void *rt_entry_point(const char *name);

/* core_launch.c: a launch whose parameters come as one packed block in
 * CUDA's layout (cuLaunchKernel's extra, CU_LAUNCH_PARAM_BUFFER_POINTER):
 * each parameter at its natural alignment, no tail padding; bytes past the
 * kernel's parameter block is cudaErrorLaunchOutOfResources, a shorter block is
 * taken with the missing tail as zeros (both as CUDA 13 on the H200); a NULL
 * buffer for a kernel with parameters cudaErrorInvalidValue; otherwise rt_launch. */
cudaError_t rt_launch_packed(rt_device *device, const rt_kernel *kernel,
                             const rt_launch_config *config, const void *buffer, size_t bytes,
                             bool cooperative);

#endif
