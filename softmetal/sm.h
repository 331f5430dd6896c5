/* softmetal/sm.h — softmetal's internal interface (prefix sm_).
 *
 * softmetal implements the subset of Apple's Metal API that Anchor uses, on
 * the CPU, as Objective-C classes registered in the GNU Objective-C runtime.
 * Callers never include this header: they reach softmetal only through Metal's
 * selectors (see metal/mtl.h). This header is what softmetal's own files
 * share; its sections follow the files, lowest layer first. A file calls only
 * files listed above it, so the dependency graph is a DAG (the test
 * softmetal.layering holds the compiled objects against this list):
 *
 *   util.c            formatted and growable strings, whole files, page size,
 *                     clock, SOFTMETAL_* switches
 *   watchdog.c        the GPU watchdog's timer thread (SOFTMETAL_WATCHDOG_SECONDS)
 *   object.c          root class NSObject, reference counting, autorelease pools
 *   foundation.c      NSString, NSError, MTLCompileOptions
 *   buffer.c          MTLBuffer: memfd mapped twice (CPU and GPU view); residency
 *   resource.c        gpuResourceIDs: the table kernels resolve texture and sampler
 *                     handles through, residency checks, the invalid-resource fault
 *   texture.c         MTLTexture, MTLTextureDescriptor: storage, views, pixel formats,
 *                     replaceRegion/getBytes, texture copies (blit commands)
 *   sampler.c         MTLSamplerState, MTLSamplerDescriptor
 *   translate.c       MSL -> C++: kernel signatures, threadgroup variables,
 *                     trampolines, which kernels need fibers
 *   lockstep.c        SIMD-groups in lockstep: SOFTMETAL_MODE, the IR pass that
 *                     puts a step before every threadgroup-memory access
 *   compile.c         clang (MSL -> IR, checked -> .so), prelude, object cache
 *   fiber.c           the threads of a threadgroup: fibers, barriers, SIMD exchange
 *   library.c         MTLLibrary (dlopen, binding kernels), MTLFunction
 *   pipeline.c        MTLComputePipelineState
 *   pool.c            the threads that run a dispatch's threadgroups; fault capture
 *   event.c           MTLSharedEvent: a value command buffers signal and wait for
 *   command.c         recorded commands (dispatch, copy, fill, event signal and
 *                     wait, validation error) and running them
 *   executor.c        a queue's executor thread: jobs in submission order
 *   encoder.c         SoftMetalCommandEncoder: what both encoders share
 *   compute_encoder.c MTLComputeCommandEncoder: bindings, dispatch validation
 *   blit_encoder.c    MTLBlitCommandEncoder: copies and fills
 *   command_buffer.c  MTLCommandBuffer: encoders, commit, status
 *   queue.c           MTLCommandQueue
 *   device.c          MTLDevice: MTLCreateSystemDefaultDevice and all its methods
 *   register.c        registers every file's classes at load time, in order
 *
 * Objects are C structs whose first member is struct sm_object (isa first, as
 * the Objective-C runtime expects of an id). Metal's limits come from
 * common/target.h (AC_*); softmetal knows nothing else of Anchor: it reads
 * kernel signatures from the MSL, as any Metal does.
 *
 * Unless a declaration says otherwise: a function is thread-safe; "+1" means
 * the caller owns one reference (sm_release it); out of memory aborts, as
 * Objective-C's +alloc does, since Metal's API has no error channel for it.
 */
#ifndef SOFTMETAL_SM_H
#define SOFTMETAL_SM_H

#include "target.h"

#include <assert.h>
#include <objc/runtime.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* MTLLanguageVersion (major << 16 | minor) of the MSL baseline, Metal's default. */
#define SM_MSL_BASELINE_VERSION                                                                    \
  (((uint64_t)AC_MSL_BASELINE_MAJOR << 16) | (uint64_t)AC_MSL_BASELINE_MINOR)

/* MTLCommandBufferError codes softmetal reports. */
enum { SM_CMDBUF_ERROR_INTERNAL = 1, SM_CMDBUF_ERROR_TIMEOUT = 2, SM_CMDBUF_ERROR_PAGE_FAULT = 3 };
/* MTLLibraryError code for a compile failure. */
enum { SM_LIBRARY_ERROR_COMPILE_FAILURE = 3 };

/* ---- utilities (util.c) ---------------------------------------------------- */
/* A printf-formatted malloc'd string (caller frees), or NULL if out of memory. */
char *sm_strdup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *sm_strdup_vprintf(const char *fmt, va_list ap);

/* Growable NUL-terminated text; {0} is empty. data is owned (free it) and
 * NULL until the first append. Not thread-safe (one owner). */
struct sm_text {
  char *data;
  size_t length, capacity;
};
void sm_text_append(struct sm_text *t, const char *s, size_t n);
void sm_text_printf(struct sm_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The whole file at path, malloc'd and NUL-terminated (caller frees), or NULL
 * (errno set) if it cannot be opened. */
char *sm_read_file(const char *path);
uint64_t sm_page_size(void); /* the system's, for mapping sizes */
/* CLOCK_MONOTONIC in seconds (GPUStartTime/GPUEndTime). */
double sm_now_seconds(void);
/* Whether SOFTMETAL_TRACE is set (non-empty, not "0"): log compiles and
 * dispatches on stderr. Read once. */
bool sm_trace(void);
/* SOFTMETAL_KEEP_TEMPS: compile.c keeps each compile's C++ source and IR files. */
bool sm_keep_temps(void);
/* Whether SOFTMETAL_DEBUG_BARRIERS is set: a threadgroup barrier that some
 * thread of the group does not reach (it exited, or waits at another barrier)
 * ends the command buffer with an error instead of being released. Read once. */
bool sm_debug_barriers(void);

/* ---- watchdog (watchdog.c) --------------------------------------------------- */
/* How long one dispatch may run, in seconds, before the watchdog ends its
 * command buffer with MTLCommandBufferErrorTimeout: SOFTMETAL_WATCHDOG_SECONDS
 * (a decimal number; 0 disables the watchdog), else this default. Read once;
 * a malformed value is reported on stderr and the default used. */
enum { SM_WATCHDOG_DEFAULT_SECONDS = 60 };
double sm_watchdog_limit(void);
/* A deadline with a callback, owned by the caller (pool.c: one per dispatch).
 * The fields are the watchdog's while armed. */
struct sm_watch {
  double deadline; /* sm_now_seconds() */
  double (*expired)(void *arg);
  void *arg;
  struct sm_watch *next;
  bool armed, calling;
};
/* Arms w: expired(arg) is called on the watchdog's thread `seconds` (> 0)
 * from now, without any softmetal lock held; while it returns a positive
 * number of seconds it is called again that much later. w must stay valid
 * until sm_watch_disarm. */
void sm_watch_arm(struct sm_watch *w, double seconds, double (*expired)(void *arg), void *arg);
/* Disarms w; when it returns, expired is not running and will not run again.
 * Must not be called from expired, nor holding a lock that expired takes. */
void sm_watch_disarm(struct sm_watch *w);

/* ---- objects (object.c) ---------------------------------------------------- */
struct sm_object {
  Class isa;
  atomic_long refs;                        /* > 0 while the object lives */
  void (*destroy)(struct sm_object *self); /* frees owned state, not self; may be NULL */
};

/* NSObject, the root class; Nil until sm_object_register() ran. */
extern Class sm_object_class;
/* Registers NSObject. Called once, first, by register.c (not thread-safe). */
void sm_object_register(void);
/* A new class pair (superclass registered; name unused), to be filled with
 * sm_add_method and registered with objc_registerClassPair. Load time only. */
Class sm_class_new(Class superclass, const char *name);
/* Adds an instance method (or a class method when cls is a metaclass) whose
 * IMP is a C function with the exact prototype types describes. */
void sm_add_method(Class cls, const char *selector, void *imp, const char *types);
/* A zeroed object of `size` bytes (>= sizeof(struct sm_object)) of class cls,
 * +1. destroy runs when the last reference goes. */
void *sm_object_new(Class cls, size_t size, void (*destroy)(struct sm_object *));
void *sm_retain(void *obj);      /* NULL-safe; returns obj */
void sm_release(void *obj);      /* NULL-safe; destroys at zero */
void *sm_autorelease(void *obj); /* NULL-safe; returns obj; the calling thread's pool owns it */

/* ---- Foundation (foundation.c) ---------------------------------------------- */
void sm_foundation_register(void); /* load time, after sm_object_register */
/* NSString (+1) holding a copy of utf8 (NULL: empty string). */
id sm_string_new(const char *utf8);
/* The string's bytes, borrowed for the string's lifetime; NULL for nil. */
const char *sm_string_utf8(id string);
/* NSError (+1) with domain, code and a formatted localizedDescription. */
id sm_error_new(const char *domain, long code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The error's localizedDescription, borrowed; NULL for nil. */
const char *sm_error_text(id error);

/* MTLCompileOptions state, read by library.c. */
struct sm_compile_options {
  struct sm_object base;
  bool fast_math;
  uint64_t language_version; /* MTLLanguageVersion: major << 16 | minor */
};

/* ---- buffers (buffer.c) ----------------------------------------------------- */
struct sm_buffer {
  struct sm_object base;
  unsigned char *cpu; /* contents: the CPU view */
  unsigned char *gpu; /* gpuAddress: the same pages, mapped a second time;
                         PROT_NONE except while a dispatch that has it resident runs */
  uint64_t length, mapped, options;
  struct sm_buffer *prev, *next; /* registry of live buffers (buffer.c) */
  bool gpu_accessible;           /* GPU view currently PROT_READ|PROT_WRITE */
  bool no_copy;                  /* cpu is the caller's memory (sm_buffer_new_no_copy) */
  uint64_t resident_stamp;       /* last residency set it belonged to */
};
void sm_buffer_register(void); /* load time */
/* A buffer (+1) of length > 0 bytes, zero-filled, not resident; NULL (errno
 * set) if the memory cannot be mapped. */
struct sm_buffer *sm_buffer_new(uint64_t length, uint64_t options);
/* A buffer (+1) over the caller's memory [pointer, pointer + length), both
 * page-aligned (newBufferWithBytesNoCopy:): the pages become shared in place
 * (same addresses and bytes) and get a second, GPU view; destroying the
 * buffer makes them private again with their current bytes (once no other
 * no-copy buffer wraps them). NULL (errno set) when misaligned, not memory,
 * or covering an ordinary buffer's pages. */
struct sm_buffer *sm_buffer_new_no_copy(void *pointer, uint64_t length, uint64_t options);
/* object as a buffer (borrowed), or NULL if it is nil or not a buffer. */
struct sm_buffer *sm_buffer_from(id object);
/* Makes exactly buffers[0..count) GPU-accessible: their GPU views readable and
 * writable, every other buffer's PROT_NONE. Only changes are applied, so a
 * buffer resident for consecutive dispatches (libanchor's arena) costs
 * nothing. Callers serialize (pool.c, under its lock, passes the union of
 * the sets of the dispatches running at once). Returns false (errno
 * set) if a protection cannot be changed. */
bool sm_buffers_make_resident(struct sm_buffer *const *buffers, int count);
/* If addr lies in a live buffer's GPU view, a malloc'd description of it
 * (caller frees); else NULL. */
char *sm_buffer_describe_gpu_address(const void *addr);

/* ---- resource IDs (resource.c) ----------------------------------------------- */
/* Mip levels a texture may have (16384 = 2^14 texels wide: 15 levels). */
enum { SM_MAX_LEVELS = 16 };
/* What a kernel reads of a texture through its gpuResourceID; mirrors struct
 * __sm_texture in msl/metal_stdlib (layout shared, keep in step). Level l, slice s
 * of the view starts at gpu + s * slice_stride + level_offset[l]; a texel (x, y, z)
 * of it at + z * image_pitch[l] + y * row_pitch[l] + x * bytes_per_pixel. */
struct sm_texture_desc {
  unsigned char *gpu;
  uint32_t type, format;         /* MTLTextureType, MTLPixelFormat */
  uint32_t width, height, depth; /* level 0 */
  uint32_t slices;               /* array length (x 6 for cube types), else 1 */
  uint32_t levels, bytes_per_pixel;
  uint32_t usage, reserved; /* MTLTextureUsage */
  uint64_t slice_stride;
  uint64_t level_offset[SM_MAX_LEVELS], row_pitch[SM_MAX_LEVELS], image_pitch[SM_MAX_LEVELS];
};
/* What a kernel reads of a sampler; mirrors struct __sm_sampler in msl/metal_stdlib.
 * Metal's enum values (MTLSamplerMinMagFilter, MipFilter, AddressMode, BorderColor,
 * CompareFunction). */
struct sm_sampler_desc {
  uint32_t min_filter, mag_filter, mip_filter;
  uint32_t address[3]; /* s, t, r */
  uint32_t border_color, normalized, max_anisotropy, compare;
  float lod_min, lod_max;
};
/* SM_RESOURCE_UNDEFINED_SAMPLE: not a lookup: the prelude reports a use of pixel
 * coordinates that Metal leaves undefined (the ID's bits say which rule), as a fault. */
enum sm_resource_kind {
  SM_RESOURCE_TEXTURE = 1,
  SM_RESOURCE_SAMPLER = 2,
  SM_RESOURCE_UNDEFINED_SAMPLE = 3,
  SM_RESOURCE_USAGE = 4, /* not a lookup: a read (id 1) or write (id 2) the usage forbids */
  SM_RESOURCE_TYPE = 5   /* not a lookup: MSL type (id bits 0-7) != MTLTextureType (8-15) */
};
/* Registers a texture (storage: the buffer holding its texels, not retained: the
 * texture keeps it alive while registered) or a sampler and returns its
 * gpuResourceID: never 0, bit 63 clear (the prelude keeps bit 63 for constexpr
 * samplers), unique for the process (a freed ID is never handed out again). desc is
 * copied. */
uint64_t sm_resource_add_texture(const struct sm_texture_desc *desc, struct sm_buffer *storage);
uint64_t sm_resource_add_sampler(const struct sm_sampler_desc *desc);
/* Unregisters id: kernels using it fault from then on. */
void sm_resource_remove(uint64_t id);
/* Kernel service (the __sm_rt table's `resource`): the descriptor of the live
 * resource `id` of `kind`, a texture only while its storage is resident for the
 * running dispatch. Otherwise the calling kernel thread faults (an access to a
 * PROT_NONE page), which ends the command buffer with a page-fault error that
 * sm_resource_describe_fault explains. Called by kernel code only. */
const void *sm_rt_resource(uint64_t id, unsigned kind);
/* If addr is the resource fault page, a malloc'd explanation of the last failed
 * lookup on this thread (caller frees); else NULL. Async-signal context safe enough
 * for pool.c's fault path (which runs after siglongjmp). */
char *sm_resource_describe_fault(const void *addr);

/* ---- textures (texture.c) ----------------------------------------------------- */
/* MTLTextureType */
enum {
  SM_TEXTURE_1D = 0,
  SM_TEXTURE_1D_ARRAY = 1,
  SM_TEXTURE_2D = 2,
  SM_TEXTURE_2D_ARRAY = 3,
  SM_TEXTURE_CUBE = 5,
  SM_TEXTURE_CUBE_ARRAY = 6,
  SM_TEXTURE_3D = 7,
  SM_TEXTURE_BUFFER = 9
};
/* MTLTextureUsage bits */
enum {
  SM_TEXTURE_USAGE_SHADER_READ = 1,
  SM_TEXTURE_USAGE_SHADER_WRITE = 2,
  SM_TEXTURE_USAGE_PIXEL_FORMAT_VIEW = 0x10
};
/* How a pixel format's channels are stored. */
enum sm_pixel_kind { SM_PF_UNORM, SM_PF_SRGB, SM_PF_SNORM, SM_PF_UINT, SM_PF_SINT, SM_PF_FLOAT };
struct sm_pixel_format {
  uint64_t value;    /* MTLPixelFormat */
  const char *name;  /* Metal's, without the MTLPixelFormat prefix */
  unsigned bytes;    /* per pixel */
  unsigned channels; /* 1, 2 or 4 */
  enum sm_pixel_kind kind;
};
/* The ordinary formats softmetal supports (R/RG/RGBA x 8/16/32 Uint/Sint, 16/32 Float,
 * 8/16 Unorm/Snorm, 8-bit sRGB), or NULL. */
const struct sm_pixel_format *sm_pixel_format(uint64_t format);
struct sm_texture_descriptor { /* MTLTextureDescriptor */
  struct sm_object base;
  uint64_t type, format, width, height, depth, levels, array_length, sample_count, usage,
      storage_mode;
  uint64_t cpu_cache_mode, hazard_tracking_mode; /* kept, no effect on a CPU */
  uint64_t allow_gpu_optimized_contents;         /* kept (YES by default), no effect */
};
/* MTLOrigin + MTLSize, as Metal passes an MTLRegion */
struct sm_region {
  uint64_t origin[3], size[3];
};
struct sm_resource_id { /* MTLResourceID */
  uint64_t impl;
};
struct sm_texture {
  struct sm_object base;
  struct sm_buffer *storage; /* retained: holds the texels */
  struct sm_texture *parent; /* retained: views */
  struct sm_buffer *buffer;  /* a texture made from a buffer (== storage), or its view's */
  const struct sm_pixel_format *pf;
  uint64_t type, format, width, height, depth, array_length, levels, usage, storage_mode;
  uint64_t slices; /* array_length x 6 for cube types */
  uint64_t offset; /* of slice 0, level 0 in storage */
  uint64_t slice_stride, level_offset[SM_MAX_LEVELS], row_pitch[SM_MAX_LEVELS],
      image_pitch[SM_MAX_LEVELS];
  uint64_t allocated_size, buffer_offset, buffer_bytes_per_row, parent_level, parent_slice;
  uint64_t id; /* gpuResourceID (resource.c) */
};
void sm_texture_register(void); /* load time, after buffer.c's */
/* -[MTLDevice newTextureWithDescriptor:]: a texture (+1) with zeroed texels, or nil
 * (and a validation line on stderr) when Metal refuses the descriptor. */
id sm_texture_new(id descriptor);
/* minimumLinearTextureAlignmentForPixelFormat: (also the texture-buffer alignment). */
uint64_t sm_texture_linear_alignment(uint64_t format);
/* object as a texture (borrowed), or NULL if it is nil or not a texture. */
struct sm_texture *sm_texture_from(id object);
/* NULL if region r of level/slice lies in t, else why not. */
const char *sm_texture_check_region(const struct sm_texture *t, const struct sm_region *r,
                                    uint64_t level, uint64_t slice);
/* The CPU address of texel (x, y, z) of level/slice of t. */
unsigned char *sm_texture_texel(const struct sm_texture *t, uint64_t level, uint64_t slice,
                                uint64_t x, uint64_t y, uint64_t z);
/* Copies region r of level/slice of t from (to_texture) or to linear memory whose rows
 * are bytes_per_row and images bytes_per_image apart. Checked by the caller. */
void sm_texture_copy_linear(const struct sm_texture *t, const struct sm_region *r, uint64_t level,
                            uint64_t slice, unsigned char *linear, uint64_t bytes_per_row,
                            uint64_t bytes_per_image, bool to_texture);

/* ---- samplers (sampler.c) ------------------------------------------------------ */
void sm_sampler_register(void); /* load time */
/* -[MTLDevice newSamplerStateWithDescriptor:]: a sampler state (+1) or nil. */
id sm_sampler_new(id descriptor);

/* ---- MSL -> C++ translation (translate.c) ----------------------------------- */
struct sm_kernel_info {
  char *name;
  uint32_t buffer_mask, threadgroup_mask;
  unsigned max_threads; /* [[max_total_threads_per_threadgroup(n)]], or 0 */
  bool uses_barriers;   /* may reach a barrier or SIMD-group function: needs fibers */
  bool may_spin;        /* may reach a device atomic or volatile access (a wait for another
                           group): its groups must be able to park (pool.c) */
};
struct sm_translation {
  struct sm_text source; /* C++ to compile: rewritten MSL + entry trampolines */
  int kernel_count;
  struct sm_kernel_info *kernels;
};
/* Finds every `kernel void NAME(...)`, rewrites threadgroup variables of kernel
 * bodies into views of the group's threadgroup storage and appends one
 * `extern "C" __sm_entry_NAME` trampoline per kernel. Returns NULL on success
 * (out filled, release with sm_translation_free) or a malloc'd diagnostic in
 * clang's format ("program_source:LINE:COL: error: ..."), out left empty. */
char *sm_translate(const char *msl, struct sm_translation *out);
void sm_translation_free(struct sm_translation *t); /* leaves *t empty */

/* ---- SIMD-groups in lockstep (lockstep.c) ------------------------------------ */
/* SOFTMETAL_MODE, read once per process: `lockstep` (default) runs the threads of a
 * kernel that uses threadgroup memory as fibers that advance one threadgroup access
 * at a time, all together (a SIMD-group's lanes in lockstep, as on a GPU); `fiber`
 * runs each thread until it blocks at a barrier (softmetal's earlier behaviour).
 * `vector` is lockstep for those kernels and runs barrier-free kernels through the
 * vectorizer's 32-lane functions (softmetal/vectorize/) where it took them.
 * Another value is reported on stderr once and means lockstep. */
enum sm_lane_mode { SM_MODE_LOCKSTEP, SM_MODE_FIBER, SM_MODE_VECTOR };
enum sm_lane_mode sm_lane_mode(void);
/* Returns a copy of LLVM IR (clang's unoptimized text) with `call void
 * @__sm_lockstep_step()` (the prelude's; a no-op unless the running kernel is in
 * lockstep) before every load, store, atomic and memory intrinsic whose address is in
 * threadgroup memory (address space 3), and `call void @__sm_device_step()` before
 * every atomic or volatile access to device memory (1: spinning threads must let the
 * others step, and a spinning group other groups run). Caller frees. */
char *sm_lockstep_instrument(const char *ir);

/* ---- compiling (compile.c) -------------------------------------------------- */
/* Translates msl and builds it with clang into a shared object in the cache,
 * or finds it there. Returns NULL on success: *t filled (release with
 * sm_translation_free) and *object the object's malloc'd path (caller frees).
 * Otherwise a malloc'd diagnostic, Metal's compile-failure text (caller
 * frees), with *t empty and *object NULL. Threads and processes may build
 * the same object at once. */
char *sm_compile(const char *msl, bool fast_math, uint64_t language_version,
                 struct sm_translation *t, char **object);

/* ---- kernels and fibers (fiber.c) ------------------------------------------- */
/* Mirrors struct __sm_thread in msl/metal_stdlib: what an entry trampoline gets. */
struct sm_kernel_thread {
  void *const *buffers;
  void *const *threadgroups;
  unsigned tid[3], bid[3], bdim[3], gdim[3];
  unsigned index;
};
typedef void (*sm_entry_fn)(const struct sm_kernel_thread *);
/* The vectorizer's __sm_simd_NAME: lanes l < count (<= its width) of the row at the thread's
 * tid.y, tid.z with tid.x = x0 + l, thread_index_in_threadgroup = index0 + l. */
typedef void (*sm_simd_fn)(const struct sm_kernel_thread *, unsigned x0, unsigned index0,
                           unsigned count);

/* One kernel of a loaded library (library.c); lives as long as the library. */
struct sm_kernel {
  char *name;
  sm_entry_fn entry;       /* one thread: tid and index set by the caller */
  sm_entry_fn group_entry; /* all threads of a group in a loop (tid, index ignored) */
  uint64_t static_threadgroup_bytes;
  uint32_t buffer_mask;      /* [[buffer(n)]] indices the kernel declares */
  uint32_t threadgroup_mask; /* [[threadgroup(n)]] indices */
  unsigned max_threads;      /* maxTotalThreadsPerThreadgroup of its pipelines */
  bool uses_barriers;        /* needs fibers: calls threadgroup/simdgroup barriers */
  bool may_spin;             /* may wait for another group: its groups run parkable */
  sm_simd_fn simd_entry;     /* vector mode: simd_width lanes at once, NULL if not vectorized */
  unsigned simd_width;
  bool simd_yields;     /* the vector code's outermost loops call __sm_loop_yield */
  char *not_vectorized; /* vector mode: why the vectorizer left the kernel scalar, or NULL */
  bool spins; /* vector mode: its threads wait for each other (a spin loop): lockstep fibers */
};

/* Where a group's dynamic [[threadgroup(n)]] memory starts: after the static
 * variables, rounded up to Metal's granule. */
static inline uint64_t sm_kernel_static_threadgroup_span(const struct sm_kernel *k) {
  const uint64_t g = AC_THREADGROUP_MEMORY_GRANULE;
  return (k->static_threadgroup_bytes + g - 1) / g * g;
}

/* One dispatch of a kernel over a grid of threadgroups (filled by
 * compute_encoder.c, run by pool.c). */
struct sm_dispatch {
  const struct sm_kernel *kernel;
  struct sm_buffer *const *resident; /* bound or useResource'd buffers */
  int resident_count;
  void *buffers[AC_MAX_BUFFER_SLOTS];
  uint64_t dynamic_threadgroup[AC_MAX_BUFFER_SLOTS]; /* setThreadgroupMemoryLength per index */
  unsigned groups[3], threads[3];
  char *error;     /* out: malloc'd description of a failure, NULL if none */
  long error_code; /* out: MTLCommandBufferError code when error is set */
  bool stop;       /* set (atomically, pool.c) once the dispatch has failed: the threads
                      running it stop at their next chance (fiber.c reads it each round) */
};

/* Per-worker state for running one threadgroup; used by one thread at a time. */
struct sm_group_runner;
struct sm_group_runner *sm_group_runner_new(void);    /* NULL if out of memory */
void sm_group_runner_free(struct sm_group_runner *r); /* NULL-safe */
/* Whether addr is in the guard page below one of r's fiber stacks. */
bool sm_group_runner_is_guard(const struct sm_group_runner *r, const void *addr);
/* Runs all threads of group `bid` of d (1..1024 threads) on the calling
 * thread. threadgroups[] point into the runner's threadgroup storage (kept,
 * with threadgroups[], until the group finishes). Returns NULL on success or
 * a malloc'd error (caller frees); returns NULL early, the group unfinished,
 * once d->stop is set. Returns NULL with *parked set when one of its threads
 * made SM_SPIN_QUANTUM device atomic or volatile accesses (only a group run on
 * fibers: every kernel that may_spin or synchronizes): the group waits,
 * its fibers and memory kept in r, until sm_group_resume continues it on the
 * same thread; r runs nothing else meanwhile. */
char *sm_group_run(struct sm_group_runner *r, const struct sm_dispatch *d, const unsigned bid[3],
                   void *const *threadgroups, unsigned char *threadgroup_base, bool *parked);
/* Continues a parked group; results as sm_group_run's. */
char *sm_group_resume(struct sm_group_runner *r, bool *parked);
/* Whether every group of k in groups of `threads` runs to its end in one sm_group_run call,
 * never parking (no fibers: the group loop, or vector code one SIMD-group after another). */
bool sm_kernel_runs_through(const struct sm_kernel *k, const unsigned threads[3]);
/* Threadgroup memory is uninitialized on a GPU. Each group starts with every byte of its
 * threadgroup memory this value (float NaN, integer -1), so a kernel that reads before
 * writing fails here too instead of seeing convenient zeros. */
enum { SM_THREADGROUP_POISON = 0xff };
/* For a kernel that sm_kernel_runs_through: runs groups first..last-1 of d (linear
 * numbers, x fastest) one after another on the calling thread, as many sm_group_run calls
 * would, but sets up the threads' records once: between groups only their group position
 * changes (per_element-style kernels run short groups, whose setup cost as much as their
 * work). bid[] is the group running (for the caller's fault report); each group's first
 * `poison` bytes of threadgroup memory are set to SM_THREADGROUP_POISON. Returns NULL, also
 * early once d->stop is set, or a malloc'd error. */
char *sm_group_run_range(struct sm_group_runner *r, const struct sm_dispatch *d, uint64_t first,
                         uint64_t last, unsigned bid[3], void *const *threadgroups,
                         unsigned char *threadgroup_base, size_t poison);
/* Device steps (atomic or volatile device accesses) one thread makes, since it
 * started or its group was resumed, before its group is parked, letting another
 * resident group of its worker run. */
enum { SM_SPIN_QUANTUM = 8192 };
/* Whether the calling thread is executing kernel code at this instant (inside
 * sm_group_run, not in softmetal's own code: scheduler, barriers). Async-
 * signal-safe: a signal handler may siglongjmp out of sm_group_run only when
 * this is true, since kernel code holds no lock and allocates nothing. */
bool sm_group_in_kernel(void);
/* Records that the calling thread left kernel code by siglongjmp (its group
 * abandoned; the runner is reset by the next sm_group_run). Async-signal-safe. */
void sm_group_abandon(void);
/* Kernel services: the __sm_rt table every compiled library defines (layout
 * shared with struct __sm_runtime_table in msl/metal_stdlib). */
struct sm_runtime_table {
  void (*threadgroup_barrier)(unsigned flags, const void *site);
  void (*simdgroup_barrier)(unsigned flags, const void *site);
  unsigned char *(*threadgroup_base)(void);
  unsigned (*thread_index)(void);          /* thread_index_in_threadgroup */
  unsigned char *(*simd_slots)(void);      /* 16 bytes per thread of the group */
  uint64_t (*simd_active_mask)(void);      /* lanes released by the last SIMD barrier */
  void (*lockstep_step)(void);             /* before each threadgroup access (lockstep.c) */
  void (*device_step)(void);               /* before each device atomic/volatile access */
  void (*barrier_lanes)(unsigned missing); /* vector code: lanes absent at the next barrier */
  void (*loop_yield)(void);                /* vector code: an outermost loop's iteration ends */
  const void *(*resource)(uint64_t id, unsigned kind); /* sm_rt_resource (resource.c) */
};
/* The services, called by kernel code only, inside sm_group_run on the same
 * thread. `site` identifies the barrier call in the kernel's code (the
 * prelude passes its return address from a call that the optimiser may
 * neither duplicate nor merge): lanes at different SIMD-group barriers are
 * divergent. */
void sm_rt_threadgroup_barrier(unsigned flags, const void *site);
void sm_rt_simdgroup_barrier(unsigned flags, const void *site);
unsigned char *sm_rt_threadgroup_base(void);
unsigned sm_rt_thread_index(void);
unsigned char *sm_rt_simd_slots(void);
uint64_t sm_rt_simd_active_mask(void);
/* In a lockstep group: lets every other runnable thread of the group make its next
 * step before the caller goes on. Otherwise nothing. */
void sm_rt_lockstep_step(void);
/* Before an atomic or volatile access to device memory: a lockstep step, and when
 * the calling thread has made SM_SPIN_QUANTUM of them in a group that can park, the
 * point where the group parks (sm_group_run's *parked). */
void sm_rt_device_step(void);
/* Vector code (vector fibers): `missing` lanes of the calling SIMD-group do not reach the
 * threadgroup barrier it is about to wait at (they exited or are elsewhere); called only
 * then. SOFTMETAL_DEBUG_BARRIERS reports it as a divergent barrier when it opens. */
void sm_rt_barrier_lanes(unsigned missing);
/* Vector code of a barrier-free kernel, at the end of each iteration of an outermost loop:
 * in an interleaved group (sm_group_run) the fiber yields every few iterations (fiber.c's
 * YIELD_ITERATIONS), and the group parks at the end of the round so that the worker
 * advances its other resident groups too. */
void sm_rt_loop_yield(void);
/* Whether k's groups of `threads` run interleaved: vector code whose outermost loops yield,
 * one fiber per SIMD-group, the worker's resident groups advancing a few iterations at a
 * time (pool.c then holds up to AC_CORE_RESIDENT_GROUPS of them, consecutive groups, each
 * worker an equal share of a small grid). */
bool sm_kernel_interleaves(const struct sm_kernel *k, const unsigned threads[3]);
/* How sm_group_run runs the threads of k's groups of `threads`, for SOFTMETAL_TRACE: "loop"
 * (one after another), "fibers", "lockstep", "vector" (SIMD-groups as vector code one after
 * another), "vector fibers" (one fiber per SIMD-group, meeting at barriers), or in vector
 * mode "MODE (not vectorized: WHY)" written into buf. */
const char *sm_kernel_mode_name(const struct sm_kernel *k, const unsigned threads[3], char *buf,
                                size_t size);

/* ---- libraries and functions (library.c) ------------------------------------- */
struct sm_library {
  struct sm_object base;
  void *handle; /* dlopen handle */
  int kernel_count;
  struct sm_kernel *kernels;
};
struct sm_function {
  struct sm_object base;
  struct sm_library *library; /* retained */
  const struct sm_kernel *kernel;
  id name;
};
void sm_library_register(void); /* load time */
/* Compiles and loads msl (options may be NULL: Metal's defaults). Returns a
 * library (+1), or NULL with *error set to an NSError (+1). */
struct sm_library *sm_library_new(const char *msl, const struct sm_compile_options *opts,
                                  id *error);
/* object as a function (borrowed), or NULL if it is nil or not a function. */
struct sm_function *sm_function_from(id object);

/* ---- pipelines (pipeline.c) -------------------------------------------------- */
struct sm_pipeline {
  struct sm_object base;
  struct sm_function *function; /* retained */
  uint64_t max_threads;
};
void sm_pipeline_register(void); /* load time */
/* A pipeline (+1) for function, or NULL with *error set to an NSError (+1)
 * when function is not a kernel function or its static threadgroup memory
 * exceeds Metal's limit. */
struct sm_pipeline *sm_pipeline_new(id function, id *error);

/* ---- worker pool (pool.c) ---------------------------------------------------- */
/* Runs every threadgroup of d (a non-empty grid) on the worker pool and
 * returns when all are done; a failure is left in d->error and
 * d->error_code (SM_CMDBUF_ERROR_TIMEOUT when the watchdog stopped it).
 * Thread-safe: dispatches submitted by several threads (queues) run at the
 * same time and share the pool's workers; the calling thread runs groups of
 * its own dispatch only. */
void sm_pool_run(struct sm_dispatch *d);
/* Names the calling thread's dispatches in SOFTMETAL_TRACE: `queue` is the
 * number of the queue whose executor it is. */
void sm_pool_thread_start(unsigned queue);
/* The calling thread's queue number (sm_pool_thread_start), 0 if none. */
unsigned sm_pool_thread_queue(void);
/* Number of threads that run a dispatch's groups (one per online CPU, or
 * SOFTMETAL_WORKERS), the submitting thread included. */
int sm_pool_workers(void);
/* How many groups of kernel, of size threads, a worker holds resident at once
 * (docs/softmetal.md "Residency"): a dispatch of them has at most
 * sm_pool_workers() times this many running or parked at any time. */
int sm_pool_residency(const struct sm_kernel *kernel, const unsigned size[3]);
/* Frees the calling thread's dispatch resources; called when a queue's
 * executor thread ends. */
void sm_pool_thread_exit(void);

/* ---- shared events (event.c) -------------------------------------------------- */
struct sm_event {
  struct sm_object base;
  pthread_mutex_t lock;
  pthread_cond_t changed;
  uint64_t value; /* signaledValue; under lock */
};
void sm_event_register(void); /* load time */
/* A new event (+1) whose value is 0. */
struct sm_event *sm_event_new(void);
/* Sets the value and wakes the waiters. */
void sm_event_signal(struct sm_event *e, uint64_t value);
/* Returns once the value is >= value (sleeping meanwhile). */
void sm_event_wait(struct sm_event *e, uint64_t value);

/* ---- commands (command.c) ---------------------------------------------------- */
enum sm_command_kind {
  SM_COMMAND_DISPATCH,
  SM_COMMAND_COPY,
  SM_COMMAND_FILL,
  SM_COMMAND_SIGNAL_EVENT, /* event's value := value */
  SM_COMMAND_WAIT_EVENT,   /* until event's value >= value */
  SM_COMMAND_ERROR,
  SM_COMMAND_PUSH_DEBUG_GROUP, /* pushDebugGroup: (label), shown by SOFTMETAL_TRACE */
  SM_COMMAND_POP_DEBUG_GROUP,  /* popDebugGroup */
  SM_COMMAND_SIGNPOST,         /* insertDebugSignpost: (label) */
  SM_COMMAND_CALL              /* call(arg): work of a file above command.c (texture blits) */
};
struct sm_command {
  enum sm_command_kind kind;
  struct sm_command *next;
  struct sm_pipeline *pipeline;                   /* retained (dispatch) */
  struct sm_buffer *buffers[AC_MAX_BUFFER_SLOTS]; /* retained bindings */
  void *bytes[AC_MAX_BUFFER_SLOTS];               /* owned setBytes copies */
  struct sm_dispatch dispatch;
  struct sm_buffer **resident; /* retained; bound + useResource'd */
  struct sm_buffer *src, *dst; /* retained (copy: src->dst; fill: dst) */
  uint64_t src_offset, dst_offset, size;
  uint8_t value;
  struct sm_event *event; /* retained (signal, wait) */
  uint64_t event_value;
  char *error;             /* error command's description (owned) */
  char *label;             /* debug group / signpost name (owned) */
  unsigned command_buffer; /* debug commands: their command buffer's number */
  id *retained; /* retained objects the command only keeps alive (a dispatch's textures) */
  int retained_count;
  char *(*call)(void *arg);    /* call: NULL or a malloc'd error (MTLCommandBufferError 1) */
  void (*free_arg)(void *arg); /* call: releases arg when the command goes */
  void *arg;
};
/* A command buffer's commands in encoding order; {0} is empty. Not
 * thread-safe: the encoding thread, then the executor, own it in turn. */
struct sm_command_list {
  struct sm_command *head, *tail;
};
/* Appends a zeroed command of kind to list and returns it (owned by list):
 * the caller fills in what the command retains and owns. */
struct sm_command *sm_command_append(struct sm_command_list *list, enum sm_command_kind kind);
/* Records a validation failure: printed on stderr now ("softmetal:
 * validation error: ..."), reported when the list is executed. */
void sm_command_record_error(struct sm_command_list *list, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Runs the commands in order until one fails, then only the event signals
 * after it (so that no queue waiting for them hangs), then frees them all (list left
 * empty). Returns NULL, or the failure's malloc'd text (caller frees) with its
 * MTLCommandBufferError code in *code. */
char *sm_command_list_execute(struct sm_command_list *list, long *code);
/* Frees every command (list left empty). */
void sm_command_list_free(struct sm_command_list *list);
/* Records a debug command (push, pop or signpost; label an NSString or nil) of
 * command buffer number `command_buffer`: when it runs, SOFTMETAL_TRACE prints
 * "softmetal: queue Q: command buffer B: push debug group "label"" (pop debug
 * group, signpost "label"); otherwise it does nothing. */
void sm_command_record_debug(struct sm_command_list *list, enum sm_command_kind kind, id label,
                             unsigned command_buffer);

/* ---- executors (executor.c) -------------------------------------------------- */
/* A unit of work, embedded in what it runs (a command buffer). */
struct sm_job {
  struct sm_job *next; /* the executor's */
  void (*run)(struct sm_job *job);
};
struct sm_executor;
/* An executor with no thread yet. Its owner gives it up with sm_executor_stop. */
struct sm_executor *sm_executor_new(void);
/* Queues job behind earlier ones; job->run(job) is called on the executor's
 * thread (started at the first submission), with no lock held. job must stay
 * valid until then. Not after sm_executor_stop. */
void sm_executor_submit(struct sm_executor *e, struct sm_job *job);
/* Lets the executor go: queued jobs still run, then its thread frees it (at
 * once if it never started one). May be called from a job. */
void sm_executor_stop(struct sm_executor *e);

/* ---- queues (queue.c) and command buffers (command_buffer.c) -------------------- */
struct sm_queue {
  struct sm_object base;
  struct sm_executor *executor; /* owned: stopped when the queue goes */
};
void sm_queue_register(void);        /* load time */
struct sm_queue *sm_queue_new(void); /* +1 */

struct sm_command_buffer {
  struct sm_object base;
  struct sm_queue *queue; /* retained */
  struct sm_command_list commands;
  id active_encoder; /* not retained; set while an encoder is open */
  pthread_mutex_t lock;
  pthread_cond_t changed;
  long status;                /* MTLCommandBufferStatus; under lock */
  id error;                   /* owned NSError once in status Error */
  double start, end;          /* GPUStartTime, GPUEndTime */
  struct sm_job job;          /* commit submits it to the queue's executor */
  struct sm_block **handlers; /* addCompletedHandler: copies, run after completion */
  size_t handler_count;
  unsigned number;      /* 1, 2, ... in creation order: "command buffer N" in SOFTMETAL_TRACE */
  unsigned debug_depth; /* open pushDebugGroup:s (balanced before commit) */
};
/* What addCompletedHandler: takes: a block (Apple's block ABI: isa, flags,
 * reserved, invoke, descriptor, then captured data; descriptor->size is the
 * whole literal's size). The GNU runtime has no blocks, so Linux callers
 * (metal/mtl.c) build such a literal by hand with invoke = a C function; softmetal
 * copies descriptor->size bytes (Block_copy of a block without object
 * captures) and calls invoke(copy, command_buffer) once the buffer completes. */
struct sm_block_descriptor {
  unsigned long reserved, size;
};
struct sm_block {
  void *isa;
  int flags, reserved;
  void (*invoke)(struct sm_block *block, id command_buffer);
  const struct sm_block_descriptor *descriptor;
};
void sm_command_buffer_register(void); /* load time */
void sm_capture_register(void);        /* load time: MTLCaptureManager (capture.c) */
/* A command buffer (+1) of queue, in status NotEnqueued. */
struct sm_command_buffer *sm_command_buffer_new(struct sm_queue *queue);

/* ---- encoders (encoder.c, compute_encoder.c, blit_encoder.c) -------------------- */
/* What every encoder starts with. An encoder is used by one thread and records
 * into its command buffer until endEncoding. */
struct sm_encoder {
  struct sm_object base;
  struct sm_command_buffer *cmdbuf;         /* retained */
  void (*destroy)(struct sm_encoder *self); /* the subclass's part; may be NULL */
  bool ended;
  unsigned debug_depth; /* open pushDebugGroup:s (balanced before endEncoding) */
};
/* SoftMetalCommandEncoder, the superclass of both encoders (endEncoding). */
extern Class sm_encoder_class;
void sm_encoder_register(void); /* load time, before its subclasses */
/* An encoder (+1) of class cls and `size` bytes recording into cb, which it
 * retains; destroy (may be NULL) frees the subclass's state. */
void *sm_encoder_new(Class cls, size_t size, struct sm_command_buffer *cb,
                     void (*destroy)(struct sm_encoder *));
/* true if e may still encode; else records "encoder has already ended" for
 * the method `what` and returns false. */
bool sm_encoder_usable(struct sm_encoder *e, const char *what);

void sm_compute_encoder_register(void);                  /* load time */
id sm_compute_encoder_new(struct sm_command_buffer *cb); /* +1 */
void sm_blit_encoder_register(void);                     /* load time */
id sm_blit_encoder_new(struct sm_command_buffer *cb);    /* +1 */

/* ---- device (device.c) ------------------------------------------------------- */
void sm_device_register(void); /* load time */

#endif
