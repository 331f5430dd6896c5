/* softmetal/sm.h — softmetal's internal interface (prefix sm_).
 *
 * softmetal implements the subset of Apple's Metal API that Anchor uses, on
 * the CPU, as Objective-C classes registered in the GNU Objective-C runtime.
 * Callers never include this header: they reach softmetal only through Metal's
 * selectors (see metal/mtl.h). This header is what softmetal's own files share:
 *   object.c    root class, reference counting, autorelease pools, NSString,
 *               NSError, MTLCompileOptions, class registration
 *   device.c    MTLDevice and MTLBuffer (memfd mapped twice: CPU and GPU view;
 *               residency)
 *   translate.c MSL -> C++: kernel signatures, threadgroup variables,
 *               trampolines, which kernels need fibers
 *   library.c   clang (MSL -> IR, checked -> .so), cache, dlopen; library,
 *               function, pipeline
 *   command.c   queues, command buffers, compute and blit encoders, validation
 *   pool.c      the threads that run a dispatch's threadgroups; fault capture
 *   fiber.c     user-space fibers: threads of a threadgroup, barriers, SIMD
 *               exchange
 * Objects are C structs whose first member is struct sm_object (isa first, as
 * the Objective-C runtime expects of an id).
 */
#ifndef SOFTMETAL_SM_H
#define SOFTMETAL_SM_H

#include <objc/runtime.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Metal's limits on Apple7+ GPUs, enforced by softmetal. */
enum {
  SM_MAX_THREADS_PER_GROUP = 1024,
  SM_MAX_THREADGROUP_MEMORY = 32768,
  SM_MAX_BUFFER_INDEX = 30, /* 31 slots: 0..30 */
  SM_BUFFER_SLOTS = 31,
  SM_MAX_SET_BYTES = 4095, /* setBytes takes < 4 KiB */
  SM_SIMD_WIDTH = 32,
};

/* MTLCommandBufferError codes softmetal reports. */
enum { SM_CMDBUF_ERROR_INTERNAL = 1, SM_CMDBUF_ERROR_PAGE_FAULT = 3 };
/* MTLLibraryError code for a compile failure. */
enum { SM_LIBRARY_ERROR_COMPILE_FAILURE = 3 };

/* ---- objects (object.c) --------------------------------------------------- */
struct sm_object {
  Class isa;
  atomic_long refs;
  void (*destroy)(struct sm_object *self); /* frees owned state, not self; may be NULL */
};

/* The classes softmetal registers; filled by sm_register_classes(). */
struct sm_classes {
  Class object, string, error, compile_options, device, buffer, queue, command_buffer,
      compute_encoder, blit_encoder, library, function, pipeline;
};
extern struct sm_classes sm_class;

/* Registers every class once (thread-safe; also run at load time). */
void sm_register_classes(void);
/* Adds an instance method (or a class method when cls is a metaclass). */
void sm_add_method(Class cls, const char *selector, void *imp, const char *types);
/* Allocates a zeroed object of `size` bytes with refcount 1 (+1 to the
 * caller); aborts only if memory is exhausted, like Objective-C's alloc. */
void *sm_object_new(Class cls, size_t size, void (*destroy)(struct sm_object *));
void *sm_retain(void *obj);      /* NULL-safe; returns obj */
void sm_release(void *obj);      /* NULL-safe; destroys at zero */
void *sm_autorelease(void *obj); /* NULL-safe; returns obj */

/* NSString (+1) copied from UTF-8 or formatted. */
id sm_string_new(const char *utf8);
const char *sm_string_utf8(id string);
/* NSError (+1) with domain, code and a formatted localizedDescription. */
id sm_error_new(const char *domain, long code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const char *sm_error_text(id error);

/* MTLCompileOptions state, read by library.c. */
struct sm_compile_options {
  struct sm_object base;
  bool fast_math;
  uint64_t language_version;
};

/* ---- device and buffers (device.c) ---------------------------------------- */
struct sm_device {
  struct sm_object base;
  id name;
  uint64_t working_set, max_buffer;
};
struct sm_buffer {
  struct sm_object base;
  unsigned char *cpu; /* contents: the CPU view */
  unsigned char *gpu; /* gpuAddress: the same pages, mapped a second time;
                         PROT_NONE except while a dispatch that has it resident runs */
  uint64_t length, mapped, options;
  struct sm_buffer *prev, *next; /* registry of live buffers (device.c) */
  bool gpu_accessible;           /* GPU view currently PROT_READ|PROT_WRITE */
  uint64_t resident_stamp;       /* last residency set it belonged to */
};
/* Makes exactly buffers[0..count) GPU-accessible: their GPU views readable and
 * writable, every other buffer's PROT_NONE. Only changes are applied, so a
 * buffer resident for consecutive dispatches (libanchor's arena) costs
 * nothing. Callers serialize (one dispatch at a time). Returns false (errno
 * set) if a protection cannot be changed. */
bool sm_buffers_make_resident(struct sm_buffer *const *buffers, int count);
/* If addr lies in a live buffer's GPU view, a malloc'd description of it. */
char *sm_buffer_describe_gpu_address(const void *addr);
void sm_device_register(void);
/* Device methods implemented by library.c and command.c (Metal's selectors
 * newLibraryWithSource:options:error:, newComputePipelineStateWithFunction:error:,
 * newCommandQueue), registered on the device class by device.c. */
id sm_device_new_library(id self, SEL cmd, id source, id options, id *error);
id sm_device_new_pipeline(id self, SEL cmd, id function, id *error);
id sm_device_new_command_queue(id self, SEL cmd);
/* Formats a printf-like message into a malloc'd string (NULL if out of memory). */
char *sm_strdup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *sm_strdup_vprintf(const char *fmt, va_list ap);

/* ---- growable strings (translate.c) --------------------------------------- */
struct sm_text {
  char *data; /* NUL-terminated; owned */
  size_t length, capacity;
};
void sm_text_append(struct sm_text *t, const char *s, size_t n);
void sm_text_printf(struct sm_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- MSL -> C++ translation (translate.c) ----------------------------------- */
struct sm_kernel_info {
  char *name;
  uint32_t buffer_mask, threadgroup_mask;
  unsigned max_threads; /* [[max_total_threads_per_threadgroup(n)]], or 0 */
  bool uses_barriers;   /* may reach a barrier or SIMD-group function: needs fibers */
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
 * clang's format ("program_source:LINE:COL: error: ..."). */
char *sm_translate(const char *msl, struct sm_translation *out);
void sm_translation_free(struct sm_translation *t);

/* ---- libraries (library.c) -------------------------------------------------- */
/* Mirrors struct __sm_thread in msl/metal_stdlib: what an entry trampoline gets. */
struct sm_kernel_thread {
  void *const *buffers;
  void *const *threadgroups;
  unsigned tid[3], bid[3], bdim[3], gdim[3];
  unsigned index;
};
typedef void (*sm_entry_fn)(const struct sm_kernel_thread *);

struct sm_kernel {
  char *name;
  sm_entry_fn entry;       /* one thread: tid and index set by the caller */
  sm_entry_fn group_entry; /* all threads of a group in a loop (tid, index ignored) */
  uint64_t static_threadgroup_bytes;
  uint32_t buffer_mask;      /* [[buffer(n)]] indices the kernel declares */
  uint32_t threadgroup_mask; /* [[threadgroup(n)]] indices */
  unsigned max_threads;      /* maxTotalThreadsPerThreadgroup of its pipelines */
  bool uses_barriers;        /* needs fibers: calls threadgroup/simdgroup barriers */
};
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
struct sm_pipeline {
  struct sm_object base;
  struct sm_function *function; /* retained */
  uint64_t max_threads;
};
void sm_library_register(void);
/* Compiles MSL; on failure returns NULL and sets *error (+1 NSError). */
struct sm_library *sm_library_compile(const char *msl, const struct sm_compile_options *opts,
                                      id *error);

/* ---- command execution (command.c) ------------------------------------------------ */
void sm_command_register(void);

/* ---- worker pool (pool.c) ------------------------------------------------------------- */
/* One dispatch of a kernel over a grid of threadgroups. */
struct sm_dispatch {
  const struct sm_kernel *kernel;
  struct sm_buffer *const *resident; /* bound or useResource'd buffers */
  int resident_count;
  void *buffers[SM_BUFFER_SLOTS];
  uint64_t dynamic_threadgroup[SM_BUFFER_SLOTS]; /* setThreadgroupMemoryLength per index */
  unsigned groups[3], threads[3];
  char *error;     /* out: malloc'd description of a failure, NULL if none */
  long error_code; /* out: MTLCommandBufferError code when error is set */
};
/* Runs every threadgroup of d on the worker pool and returns when all are
 * done. Thread-safe (dispatches from several queues are serialized). */
void sm_pool_run(struct sm_dispatch *d);
/* Number of threads that run a dispatch's groups (one per online CPU, or
 * SOFTMETAL_WORKERS), the submitting thread included. */
int sm_pool_workers(void);
/* Frees the calling thread's dispatch resources; called when a queue's
 * executor thread ends. */
void sm_pool_thread_exit(void);

/* ---- fibers (fiber.c) ------------------------------------------------------------------ */
/* Per-worker state for running one threadgroup. */
struct sm_group_runner;
struct sm_group_runner *sm_group_runner_new(void);    /* NULL if out of memory */
void sm_group_runner_free(struct sm_group_runner *r); /* NULL-safe */
/* Whether addr is in the guard page below one of r's fiber stacks. */
bool sm_group_runner_is_guard(const struct sm_group_runner *r, const void *addr);
/* Runs all threads of group `bid` of dispatch d. threadgroups[] point into the
 * worker's threadgroup storage. Returns NULL on success or a malloc'd error. */
char *sm_group_run(struct sm_group_runner *r, const struct sm_dispatch *d, const unsigned bid[3],
                   void *const *threadgroups, unsigned char *threadgroup_base);
/* Kernel services: the __sm_rt table every compiled library defines (layout
 * shared with struct __sm_runtime_table in msl/metal_stdlib). */
struct sm_runtime_table {
  void (*threadgroup_barrier)(unsigned flags, const void *site);
  void (*simdgroup_barrier)(unsigned flags, const void *site);
  unsigned char *(*threadgroup_base)(void);
  unsigned (*thread_index)(void);     /* thread_index_in_threadgroup */
  unsigned char *(*simd_slots)(void); /* 16 bytes per thread of the group */
  uint64_t (*simd_active_mask)(void); /* lanes released by the last SIMD barrier */
};
/* `site` identifies the barrier call in the kernel's code (the prelude passes
 * its return address from a call that the optimiser may neither duplicate nor
 * merge): lanes at different SIMD-group barriers are divergent. */
void sm_rt_threadgroup_barrier(unsigned flags, const void *site);
void sm_rt_simdgroup_barrier(unsigned flags, const void *site);
unsigned char *sm_rt_threadgroup_base(void);
unsigned sm_rt_thread_index(void);
unsigned char *sm_rt_simd_slots(void);
uint64_t sm_rt_simd_active_mask(void);

/* CLOCK_MONOTONIC in seconds (GPUStartTime/GPUEndTime). */
double sm_now_seconds(void);
/* Whether SOFTMETAL_TRACE is set (non-empty, not "0"): log compiles and
 * dispatches on stderr. */
bool sm_trace(void);
/* Whether SOFTMETAL_DEBUG_BARRIERS is set: a threadgroup barrier that some
 * thread of the group does not reach (it exited, or waits at another barrier)
 * ends the command buffer with an error instead of being released. */
bool sm_debug_barriers(void);

#endif
