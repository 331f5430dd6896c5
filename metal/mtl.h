/* metal/mtl.h — Anchor's C interface to the Metal API (prefix mtl_).
 *
 * Every function here is a thin call of one Metal method through the
 * Objective-C runtime's C interface: the class comes from objc_getClass, the
 * selector from sel_registerName, and the method's IMP (from
 * class_getMethodImplementation(object_getClass(obj), sel)) is cast to the
 * exact C prototype of that method (self, _cmd, args...) — never a variadic
 * call. On macOS this binds to Metal.framework; on Linux to softmetal, which
 * registers the same classes and selectors in the GNU Objective-C runtime.
 * This file never knows which one it talks to (ARCHITECTURE.md decision 1).
 *
 * Ownership: functions named mtl_new_* / mtl_create_* return an object the
 * caller owns (+1) and releases with mtl_release. Other returned objects are
 * borrowed (autoreleased in Metal's terms); wrap work in
 * mtl_autorelease_push/pop. Strings returned as const char * are borrowed from
 * an object and live as long as it does.
 * Thread safety: as Metal's — devices, queues, buffers and pipelines may be
 * used from any thread; one command buffer/encoder from one thread at a time.
 */
#ifndef ANCHOR_MTL_H
#define ANCHOR_MTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "target.h"

typedef struct mtl_object *mtl_id; /* any Objective-C object (id) */

/* Metal's by-value structs, with Metal's layout (NSUInteger = 64-bit). */
typedef struct {
  uint64_t width, height, depth;
} mtl_size; /* MTLSize */
typedef struct {
  uint64_t location, length;
} mtl_range; /* NSRange */

/* MTLResourceOptions values used by Anchor. */
enum {
  MTL_RESOURCE_STORAGE_MODE_SHARED = 0 << 4,
  MTL_RESOURCE_STORAGE_MODE_PRIVATE = 2 << 4,
  MTL_RESOURCE_HAZARD_TRACKING_MODE_UNTRACKED = 1 << 8,
};
/* MTLResourceUsage */
enum { MTL_RESOURCE_USAGE_READ = 1, MTL_RESOURCE_USAGE_WRITE = 2 };
/* MTLCommandBufferStatus */
enum {
  MTL_COMMAND_BUFFER_STATUS_NOT_ENQUEUED = 0,
  MTL_COMMAND_BUFFER_STATUS_ENQUEUED = 1,
  MTL_COMMAND_BUFFER_STATUS_COMMITTED = 2,
  MTL_COMMAND_BUFFER_STATUS_SCHEDULED = 3,
  MTL_COMMAND_BUFFER_STATUS_COMPLETED = 4,
  MTL_COMMAND_BUFFER_STATUS_ERROR = 5,
};
/* MTLLanguageVersion: (major << 16) + minor; the baseline is common/target.h's. */
#define MTL_LANGUAGE_VERSION(major, minor) (((uint64_t)(major) << 16) + (uint64_t)(minor))
#define MTL_LANGUAGE_VERSION_BASELINE                                                              \
  MTL_LANGUAGE_VERSION(AC_MSL_BASELINE_MAJOR, AC_MSL_BASELINE_MINOR)

/* --- runtime plumbing ---------------------------------------------------- */
void *mtl_autorelease_push(void);     /* objc_autoreleasePoolPush */
void mtl_autorelease_pop(void *pool); /* objc_autoreleasePoolPop */
void mtl_retain(mtl_id obj);          /* [obj retain]; NULL is ignored */
void mtl_release(mtl_id obj);         /* [obj release]; NULL is ignored */

/* NSString: a new +1 string from UTF-8, and a borrowed UTF-8 view of one. */
mtl_id mtl_new_string(const char *utf8);
const char *mtl_string_utf8(mtl_id string);
/* NSError: [[error localizedDescription] UTF8String], [error code]. */
const char *mtl_error_description(mtl_id error);
long mtl_error_code(mtl_id error);

/* --- MTLDevice ------------------------------------------------------------ */
mtl_id mtl_create_system_default_device(void); /* MTLCreateSystemDefaultDevice(); NULL if none */
const char *mtl_device_name(mtl_id device);
mtl_size mtl_device_max_threads_per_threadgroup(mtl_id device);
uint64_t mtl_device_max_threadgroup_memory_length(mtl_id device);
uint64_t mtl_device_max_buffer_length(mtl_id device);
uint64_t mtl_device_recommended_max_working_set_size(mtl_id device);
bool mtl_device_has_unified_memory(mtl_id device);
uint64_t mtl_device_registry_id(mtl_id device);
/* The GPU's core count, which Metal's API does not report: on macOS the
 * IORegistry's "gpu-core-count" of the AGXAccelerator whose registry id is
 * the device's; on softmetal its worker threads (the device's gpuCoreCount
 * selector, softmetal's own). 0 when unknown. */
uint64_t mtl_device_core_count(mtl_id device);
/* Whether the GPU stops work that runs too long (a kernel watchdog). Metal's API does not
 * say: macOS always has one; a device that answers the selector kernelWatchdog (not
 * Metal's: softmetal 1, cudametal its GPU's CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT) says
 * so; any other: true. */
bool mtl_device_has_kernel_watchdog(mtl_id device);
mtl_id mtl_new_command_queue(mtl_id device);
/* newBufferWithLength:options:; NULL when Metal refuses (e.g. too long). */
mtl_id mtl_new_buffer(mtl_id device, uint64_t length, uint64_t options);
/* newBufferWithBytesNoCopy:length:options:deallocator: with no deallocator
 * over the caller's memory (pointer and length page-aligned; the caller
 * keeps the memory alive longer than the buffer); NULL when Metal refuses. */
mtl_id mtl_new_buffer_no_copy(mtl_id device, void *pointer, uint64_t length, uint64_t options);
/* newLibraryWithSource:options:error: at the baseline MSL version and fast
 * math off.
 * On failure returns NULL and, if error_out, a borrowed NSError. */
mtl_id mtl_new_library_with_source(mtl_id device, const char *msl, mtl_id *error_out);
/* The same at another MTLLanguageVersion (MTL_LANGUAGE_VERSION(major, minor)). A Metal that does
 * not know the version fails the compile: the caller reports it, it never retries at a lower
 * version. */
mtl_id mtl_new_library_with_source_version(mtl_id device, const char *msl,
                                           uint64_t language_version, mtl_id *error_out);
/* newComputePipelineStateWithFunction:error: */
mtl_id mtl_new_compute_pipeline_state(mtl_id device, mtl_id function, mtl_id *error_out);

/* --- MTLLibrary / MTLFunction / MTLComputePipelineState -------------------- */
mtl_id mtl_library_new_function(mtl_id library,
                                const char *name); /* newFunctionWithName:; NULL if absent */
uint64_t mtl_pipeline_max_total_threads_per_threadgroup(mtl_id pipeline);
uint64_t mtl_pipeline_thread_execution_width(mtl_id pipeline);
uint64_t mtl_pipeline_static_threadgroup_memory_length(mtl_id pipeline);

/* --- MTLBuffer ------------------------------------------------------------ */
void *mtl_buffer_contents(mtl_id buffer);       /* CPU address */
uint64_t mtl_buffer_gpu_address(mtl_id buffer); /* GPU address; != contents */
uint64_t mtl_buffer_length(mtl_id buffer);

/* --- MTLCommandQueue / MTLCommandBuffer ------------------------------------ */
mtl_id mtl_queue_command_buffer(mtl_id queue);            /* borrowed */
mtl_id mtl_command_buffer_compute_encoder(mtl_id cmdbuf); /* borrowed */
mtl_id mtl_command_buffer_blit_encoder(mtl_id cmdbuf);    /* borrowed */
void mtl_command_buffer_commit(mtl_id cmdbuf);
void mtl_command_buffer_wait_until_completed(mtl_id cmdbuf);
long mtl_command_buffer_status(mtl_id cmdbuf);
mtl_id mtl_command_buffer_error(mtl_id cmdbuf); /* borrowed; NULL if none */
double mtl_command_buffer_gpu_start_time(mtl_id cmdbuf);
double mtl_command_buffer_gpu_end_time(mtl_id cmdbuf);
/* encodeSignalEvent:value: / encodeWaitForEvent:value: (no encoder open):
 * when the GPU reaches this point of the command buffer it sets event's
 * value / its queue waits there until the value is >= value. */
void mtl_command_buffer_encode_signal_event(mtl_id cmdbuf, mtl_id event, uint64_t value);
void mtl_command_buffer_encode_wait_for_event(mtl_id cmdbuf, mtl_id event, uint64_t value);
/* addCompletedHandler: (before commit) in C: fn(context, cmdbuf) runs on a
 * thread of Metal's once cmdbuf has completed (status Completed or Error).
 * On Apple a block calling fn; on softmetal a hand-built block literal (mtl.c). */
typedef void (*mtl_completed_fn)(void *context, mtl_id command_buffer);
void mtl_command_buffer_add_completed_handler(mtl_id cmdbuf, mtl_completed_fn fn, void *context);

/* Debug groups (MTLCommandBuffer and MTLCommandEncoder: pushDebugGroup:,
 * popDebugGroup) and signposts (MTLCommandEncoder: insertDebugSignpost:), named
 * by UTF-8 text (made an NSString here). A tool that captures GPU work (Xcode's
 * frame capture; softmetal's trace) shows them; otherwise they change nothing.
 * Metal's rule: a command buffer's groups are balanced before commit. An object that does
 * not answer these messages (a Metal without them) is sent nothing. */
void mtl_command_buffer_push_debug_group(mtl_id cmdbuf, const char *name);
void mtl_command_buffer_pop_debug_group(mtl_id cmdbuf);
void mtl_encoder_push_debug_group(mtl_id encoder, const char *name); /* compute or blit */
void mtl_encoder_pop_debug_group(mtl_id encoder);
void mtl_encoder_insert_debug_signpost(mtl_id encoder, const char *name);

/* --- MTLCaptureManager ----------------------------------------------------------- */
/* [MTLCaptureManager sharedCaptureManager] (borrowed; NULL where there is none) and
 * its isCapturing: whether a GPU capture runs now (started by Xcode, by
 * MTL_CAPTURE_ENABLED + startCaptureWithDescriptor:error:, or on softmetal by
 * SOFTMETAL_CAPTURE=1 / startCaptureWithDescriptor:error:). */
mtl_id mtl_capture_manager_shared(void);
bool mtl_capture_manager_is_capturing(mtl_id manager);
/* startCaptureWithDescriptor:error: with a new MTLCaptureDescriptor of capture_object (a
 * device or queue) and destination MTLCaptureDestinationDeveloperTools: true when the
 * capture started, else false and, if error_out, a borrowed NSError. stopCapture ends it. */
bool mtl_capture_manager_start(mtl_id manager, mtl_id capture_object, mtl_id *error_out);
void mtl_capture_manager_stop(mtl_id manager);

/* --- MTLSharedEvent --------------------------------------------------------- */
mtl_id mtl_new_shared_event(mtl_id device); /* newSharedEvent; value 0 */
uint64_t mtl_shared_event_signaled_value(mtl_id event);
void mtl_shared_event_set_signaled_value(mtl_id event, uint64_t value);

/* --- MTLComputeCommandEncoder ---------------------------------------------- */
void mtl_compute_set_pipeline_state(mtl_id encoder, mtl_id pipeline);
void mtl_compute_set_buffer(mtl_id encoder, mtl_id buffer, uint64_t offset, uint64_t index);
void mtl_compute_set_bytes(mtl_id encoder, const void *bytes, uint64_t length, uint64_t index);
void mtl_compute_set_threadgroup_memory_length(mtl_id encoder, uint64_t length, uint64_t index);
void mtl_compute_use_resource(mtl_id encoder, mtl_id resource, uint64_t usage);
void mtl_compute_dispatch_threadgroups(mtl_id encoder, mtl_size threadgroups,
                                       mtl_size threads_per_threadgroup);
void mtl_encoder_end_encoding(mtl_id encoder); /* compute or blit */

/* --- MTLBlitCommandEncoder ------------------------------------------------- */
void mtl_blit_copy_buffer(mtl_id encoder, mtl_id src, uint64_t src_offset, mtl_id dst,
                          uint64_t dst_offset, uint64_t size);
void mtl_blit_fill_buffer(mtl_id encoder, mtl_id buffer, mtl_range range, uint8_t value);

#endif
