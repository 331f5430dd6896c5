/* metal/mtl.c — Anchor's C binding of the Metal API (see mtl.h).
 *
 * Each function sends one Objective-C message the way compiled Objective-C
 * would, using only the runtime's C API: the method's IMP is looked up with
 * class_getMethodImplementation(object_getClass(receiver), selector) and
 * called through a pointer cast to that method's exact prototype
 * (id self, SEL _cmd, args...); structs such as MTLSize go by value. The same
 * code runs against Apple's runtime + Metal.framework and against the GNU
 * runtime + softmetal. Messages to nil return zero, as in Objective-C.
 */
#include "mtl.h"

#include <objc/runtime.h>
#include <stdatomic.h>
#include <stdint.h>

#if !defined(__APPLE__)
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#endif

#if defined(__APPLE__)
#include <CoreFoundation/CoreFoundation.h>
#include <IOKit/IOKitLib.h>
#include <objc/objc.h>
#endif

/* Exported by Apple's libobjc and by softmetal; not in public headers. */
void *objc_autoreleasePoolPush(void);
void objc_autoreleasePoolPop(void *pool);
/* A plain C function of Metal.framework (and of softmetal). */
id MTLCreateSystemDefaultDevice(void);

/* An IMP as a plain function pointer: IMP is declared variadic, and a method
 * must be called through its exact, non-variadic prototype, so every call
 * site casts this to the method's own type. */
typedef void (*imp_fn)(void);

/* sel_registerName(selector), remembered by the address of the selector's name: every
 * caller passes a string literal, so one lookup per call site and process instead of a
 * hashed string lookup per message (about 30 per kernel launch). A slot is claimed once
 * by one name (compare-and-swap), then only its claimer stores the SEL; a reader that
 * finds the slot another name's, or its SEL not stored yet, looks the name up. */
static SEL selector_of(const char *selector) {
  enum { SLOTS = 512 };
  static _Atomic(const char *) names[SLOTS];
  static _Atomic(SEL) sels[SLOTS];
  size_t slot = ((uintptr_t)selector >> 3) % SLOTS;
  const char *owner = atomic_load_explicit(&names[slot], memory_order_acquire);
  if (owner == selector) {
    SEL sel = atomic_load_explicit(&sels[slot], memory_order_acquire);
    if (sel) return sel;
  }
  SEL sel = sel_registerName(selector);
  const char *empty = NULL;
  if (!owner && atomic_compare_exchange_strong_explicit(&names[slot], &empty, selector,
                                                        memory_order_acq_rel, memory_order_relaxed))
    atomic_store_explicit(&sels[slot], sel, memory_order_release);
  return sel;
}

/* The IMP of `selector` for `receiver`, or NULL for a nil receiver. */
static imp_fn method(mtl_id receiver, const char *selector, SEL *sel) {
  *sel = selector_of(selector);
  if (!receiver) return NULL;
  return (imp_fn)class_getMethodImplementation(object_getClass((id)receiver), *sel);
}

/* Class methods: the receiver is the class object itself. */
static id class_object(const char *name) {
  return (id)objc_getClass(name);
}

/* Sends a message returning an id / an unsigned long / nothing, no arguments. */
static mtl_id send_id(mtl_id obj, const char *selector) {
  SEL sel;
  imp_fn imp = method(obj, selector, &sel);
  return imp ? (mtl_id)((id(*)(id, SEL))imp)((id)obj, sel) : NULL;
}
static uint64_t send_u64(mtl_id obj, const char *selector) {
  SEL sel;
  imp_fn imp = method(obj, selector, &sel);
  return imp ? ((unsigned long (*)(id, SEL))imp)((id)obj, sel) : 0;
}
static void send_void(mtl_id obj, const char *selector) {
  SEL sel;
  imp_fn imp = method(obj, selector, &sel);
  if (imp) ((void (*)(id, SEL))imp)((id)obj, sel);
}
static double send_double(mtl_id obj, const char *selector) {
  SEL sel;
  imp_fn imp = method(obj, selector, &sel);
  return imp ? ((double (*)(id, SEL))imp)((id)obj, sel) : 0.0;
}
static const char *send_utf8(mtl_id string) {
  SEL sel;
  imp_fn imp = method(string, "UTF8String", &sel);
  return imp ? ((const char *(*)(id, SEL))imp)((id)string, sel) : NULL;
}

/* --- runtime plumbing ---------------------------------------------------- */
void *mtl_autorelease_push(void) {
  return objc_autoreleasePoolPush();
}
void mtl_autorelease_pop(void *pool) {
  objc_autoreleasePoolPop(pool);
}
void mtl_retain(mtl_id obj) {
  send_id(obj, "retain");
}
void mtl_release(mtl_id obj) {
  send_void(obj, "release");
}

mtl_id mtl_new_string(const char *utf8) {
  SEL sel;
  mtl_id cls = (mtl_id)class_object("NSString");
  imp_fn imp = method(cls, "stringWithUTF8String:", &sel);
  if (!imp) return NULL;
  mtl_id s = (mtl_id)((id(*)(id, SEL, const char *))imp)((id)cls, sel, utf8);
  mtl_retain(s); /* stringWithUTF8String: is autoreleased; ours is +1 */
  return s;
}
const char *mtl_string_utf8(mtl_id string) {
  return send_utf8(string);
}
const char *mtl_error_description(mtl_id error) {
  return send_utf8(send_id(error, "localizedDescription"));
}
long mtl_error_code(mtl_id error) {
  return (long)send_u64(error, "code");
}

/* --- MTLDevice ------------------------------------------------------------ */
#if !defined(__APPLE__)
/* ANCHOR_METAL=cudametal: the Metal implementation over CUDA (docs/cudametal.md),
 * lib/libcudametal.so beside this library (else found by the loader's search). Its
 * classes subclass softmetal's NSObject, so softmetal stays loaded underneath. */
static mtl_id cudametal_device(void) {
  void *lib = NULL;
  Dl_info info;
  if (dladdr((void *)cudametal_device, &info) && info.dli_fname && strrchr(info.dli_fname, '/')) {
    char path[4096];
    int dir = (int)(strrchr(info.dli_fname, '/') - info.dli_fname);
    snprintf(path, sizeof path, "%.*s/libcudametal.so", dir, info.dli_fname);
    lib = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
  }
  if (!lib) lib = dlopen("libcudametal.so", RTLD_NOW | RTLD_GLOBAL);
  if (!lib) {
    fprintf(stderr, "anchor: ANCHOR_METAL=cudametal: %s\n", dlerror());
    return NULL;
  }
  mtl_id (*create)(void) = (mtl_id(*)(void))dlsym(lib, "cudametal_create_device");
  if (!create) {
    fprintf(stderr, "anchor: ANCHOR_METAL=cudametal: no cudametal_create_device\n");
    return NULL;
  }
  return create();
}
#endif

mtl_id mtl_create_system_default_device(void) {
#if !defined(__APPLE__)
  const char *which = getenv("ANCHOR_METAL");
  if (which && *which && strcmp(which, "softmetal") != 0) {
    if (!strcmp(which, "cudametal")) return cudametal_device();
    fprintf(stderr,
            "anchor: ANCHOR_METAL=%s is not a Metal implementation (softmetal, cudametal)\n",
            which);
    return NULL;
  }
#endif
  return (mtl_id)MTLCreateSystemDefaultDevice();
}
const char *mtl_device_name(mtl_id device) {
  return send_utf8(send_id(device, "name"));
}

mtl_size mtl_device_max_threads_per_threadgroup(mtl_id device) {
  SEL sel;
  imp_fn imp = method(device, "maxThreadsPerThreadgroup", &sel);
  mtl_size zero = {0, 0, 0};
  return imp ? ((mtl_size(*)(id, SEL))imp)((id)device, sel) : zero;
}
uint64_t mtl_device_max_threadgroup_memory_length(mtl_id device) {
  return send_u64(device, "maxThreadgroupMemoryLength");
}
uint64_t mtl_device_max_buffer_length(mtl_id device) {
  return send_u64(device, "maxBufferLength");
}
uint64_t mtl_device_recommended_max_working_set_size(mtl_id device) {
  return send_u64(device, "recommendedMaxWorkingSetSize");
}
bool mtl_device_has_unified_memory(mtl_id device) {
  SEL sel;
  imp_fn imp = method(device, "hasUnifiedMemory", &sel);
  return imp ? ((BOOL(*)(id, SEL))imp)((id)device, sel) != 0 : false;
}
uint64_t mtl_device_registry_id(mtl_id device) {
  return send_u64(device, "registryID");
}
#if defined(__APPLE__)
/* The "gpu-core-count" number of an AGXAccelerator service whose registry
 * entry id is registry_id (Metal's registryID is the IORegistry's entry id). */
static uint64_t io_gpu_core_count(uint64_t registry_id) {
  io_iterator_t it = 0;
  if (IOServiceGetMatchingServices(kIOMainPortDefault, IOServiceMatching("AGXAccelerator"), &it) !=
      KERN_SUCCESS)
    return 0;
  uint64_t count = 0;
  for (io_object_t s; (s = IOIteratorNext(it)) != 0; IOObjectRelease(s)) {
    uint64_t entry = 0;
    if (count || IORegistryEntryGetRegistryEntryID(s, &entry) != KERN_SUCCESS ||
        entry != registry_id)
      continue;
    CFTypeRef value =
        IORegistryEntryCreateCFProperty(s, CFSTR("gpu-core-count"), kCFAllocatorDefault, 0);
    long long n = 0;
    if (value && CFGetTypeID(value) == CFNumberGetTypeID() &&
        CFNumberGetValue((CFNumberRef)value, kCFNumberLongLongType, &n) && n > 0)
      count = (uint64_t)n;
    if (value) CFRelease(value);
  }
  IOObjectRelease(it);
  return count;
}
#endif
uint64_t mtl_device_core_count(mtl_id device) {
  if (!device) return 0;
#if defined(__APPLE__)
  return io_gpu_core_count(mtl_device_registry_id(device));
#else
  return send_u64(device, "gpuCoreCount"); /* softmetal's */
#endif
}
bool mtl_device_has_kernel_watchdog(mtl_id device) {
  if (!device) return true;
#if defined(__APPLE__)
  return true;
#else
  if (!class_respondsToSelector(object_getClass((id)device), sel_registerName("kernelWatchdog")))
    return true;
  return send_u64(device, "kernelWatchdog") != 0;
#endif
}
mtl_id mtl_new_command_queue(mtl_id device) {
  return send_id(device, "newCommandQueue");
}

mtl_id mtl_new_buffer(mtl_id device, uint64_t length, uint64_t options) {
  SEL sel;
  imp_fn imp = method(device, "newBufferWithLength:options:", &sel);
  if (!imp) return NULL;
  return (mtl_id)((id(*)(id, SEL, unsigned long, unsigned long))imp)((id)device, sel, length,
                                                                     options);
}

mtl_id mtl_new_buffer_no_copy(mtl_id device, void *pointer, uint64_t length, uint64_t options) {
  SEL sel;
  imp_fn imp = method(device, "newBufferWithBytesNoCopy:length:options:deallocator:", &sel);
  if (!imp) return NULL;
  return (mtl_id)((id(*)(id, SEL, void *, unsigned long, unsigned long, id))imp)(
      (id)device, sel, pointer, length, options, (id)0);
}

/* [[MTLCompileOptions alloc] init] with the given MSL version and fast math
 * off (+1). */
static mtl_id new_compile_options(uint64_t language_version) {
  SEL sel;
  mtl_id cls = (mtl_id)class_object("MTLCompileOptions");
  imp_fn imp = method(cls, "alloc", &sel);
  if (!imp) return NULL;
  mtl_id options = send_id((mtl_id)((id(*)(id, SEL))imp)((id)cls, sel), "init");
  imp = method(options, "setLanguageVersion:", &sel);
  if (imp) ((void (*)(id, SEL, unsigned long))imp)((id)options, sel, language_version);
  imp = method(options, "setFastMathEnabled:", &sel);
  if (imp) ((void (*)(id, SEL, BOOL))imp)((id)options, sel, NO);
  return options;
}

mtl_id mtl_new_library_with_source(mtl_id device, const char *msl, mtl_id *error_out) {
  return mtl_new_library_with_source_version(device, msl, MTL_LANGUAGE_VERSION_BASELINE, error_out);
}

mtl_id mtl_new_library_with_source_version(mtl_id device, const char *msl,
                                           uint64_t language_version, mtl_id *error_out) {
  if (error_out) *error_out = NULL;
  SEL sel;
  imp_fn imp = method(device, "newLibraryWithSource:options:error:", &sel);
  if (!imp) return NULL;
  mtl_id source = mtl_new_string(msl);
  mtl_id options = new_compile_options(language_version);
  id error = nil;
  mtl_id library =
      (mtl_id)((id(*)(id, SEL, id, id, id *))imp)((id)device, sel, (id)source, (id)options, &error);
  mtl_release(options);
  mtl_release(source);
  if (error_out) *error_out = (mtl_id)error;
  return library;
}

mtl_id mtl_new_compute_pipeline_state(mtl_id device, mtl_id function, mtl_id *error_out) {
  if (error_out) *error_out = NULL;
  SEL sel;
  imp_fn imp = method(device, "newComputePipelineStateWithFunction:error:", &sel);
  if (!imp) return NULL;
  id error = nil;
  mtl_id pipeline = (mtl_id)((id(*)(id, SEL, id, id *))imp)((id)device, sel, (id)function, &error);
  if (error_out) *error_out = (mtl_id)error;
  return pipeline;
}

/* --- MTLLibrary / MTLFunction / MTLComputePipelineState -------------------- */
mtl_id mtl_library_new_function(mtl_id library, const char *name) {
  SEL sel;
  imp_fn imp = method(library, "newFunctionWithName:", &sel);
  if (!imp) return NULL;
  mtl_id string = mtl_new_string(name);
  mtl_id function = (mtl_id)((id(*)(id, SEL, id))imp)((id)library, sel, (id)string);
  mtl_release(string);
  return function;
}
uint64_t mtl_pipeline_max_total_threads_per_threadgroup(mtl_id pipeline) {
  return send_u64(pipeline, "maxTotalThreadsPerThreadgroup");
}
uint64_t mtl_pipeline_thread_execution_width(mtl_id pipeline) {
  return send_u64(pipeline, "threadExecutionWidth");
}
uint64_t mtl_pipeline_static_threadgroup_memory_length(mtl_id pipeline) {
  return send_u64(pipeline, "staticThreadgroupMemoryLength");
}
/* An Apple GPU core's resident threads, which Apple does not document: chosen
 * above what public microbenchmarks report (about 1024 to 3072 threads per core,
 * depending on the registers a kernel uses, M1 to M3): too many slots only cost
 * memory, too few make a block's claim fail (never hang). Not measured by Anchor. */
enum { MTL_APPLE_CORE_THREADS_BOUND = 4096, MTL_APPLE_SIMD_WIDTH = 32 };
uint64_t mtl_pipeline_resident_threadgroups(mtl_id device, mtl_id pipeline, mtl_size size) {
  if (!device || !pipeline || !size.width || !size.height || !size.depth) return 0;
#if !defined(__APPLE__)
  SEL sel;
  imp_fn imp =
      class_respondsToSelector(object_getClass((id)pipeline),
                               sel_registerName("anchorResidentThreadgroups:height:depth:"))
          ? method(pipeline, "anchorResidentThreadgroups:height:depth:", &sel)
          : NULL;
  if (imp)
    return ((unsigned long (*)(id, SEL, unsigned long, unsigned long, unsigned long))imp)(
        (id)pipeline, sel, size.width, size.height, size.depth);
#endif
  uint64_t cores = mtl_device_core_count(device);
  uint64_t threads = size.width * size.height * size.depth;
  threads = (threads + MTL_APPLE_SIMD_WIDTH - 1) / MTL_APPLE_SIMD_WIDTH * MTL_APPLE_SIMD_WIDTH;
  uint64_t per_core = MTL_APPLE_CORE_THREADS_BOUND / threads;
  return cores * (per_core ? per_core : 1);
}

/* --- MTLBuffer ------------------------------------------------------------ */
void *mtl_buffer_contents(mtl_id buffer) {
  SEL sel;
  imp_fn imp = method(buffer, "contents", &sel);
  return imp ? ((void *(*)(id, SEL))imp)((id)buffer, sel) : NULL;
}
uint64_t mtl_buffer_gpu_address(mtl_id buffer) {
  return send_u64(buffer, "gpuAddress");
}
uint64_t mtl_buffer_length(mtl_id buffer) {
  return send_u64(buffer, "length");
}

/* --- MTLCommandQueue / MTLCommandBuffer ------------------------------------ */
mtl_id mtl_queue_command_buffer(mtl_id queue) {
  return send_id(queue, "commandBuffer");
}
mtl_id mtl_command_buffer_compute_encoder(mtl_id cmdbuf) {
  return send_id(cmdbuf, "computeCommandEncoder");
}
mtl_id mtl_command_buffer_blit_encoder(mtl_id cmdbuf) {
  return send_id(cmdbuf, "blitCommandEncoder");
}
void mtl_command_buffer_commit(mtl_id cmdbuf) {
  send_void(cmdbuf, "commit");
}
void mtl_command_buffer_wait_until_completed(mtl_id cmdbuf) {
  send_void(cmdbuf, "waitUntilCompleted");
}
long mtl_command_buffer_status(mtl_id cmdbuf) {
  return (long)send_u64(cmdbuf, "status");
}
mtl_id mtl_command_buffer_error(mtl_id cmdbuf) {
  return send_id(cmdbuf, "error");
}
double mtl_command_buffer_gpu_start_time(mtl_id cmdbuf) {
  return send_double(cmdbuf, "GPUStartTime");
}
double mtl_command_buffer_gpu_end_time(mtl_id cmdbuf) {
  return send_double(cmdbuf, "GPUEndTime");
}

/* encodeSignalEvent:value: / encodeWaitForEvent:value: (id, uint64_t). */
static void send_event_value(mtl_id cmdbuf, const char *selector, mtl_id event, uint64_t value) {
  SEL sel;
  imp_fn imp = method(cmdbuf, selector, &sel);
  if (imp) ((void (*)(id, SEL, id, unsigned long))imp)((id)cmdbuf, sel, (id)event, value);
}
void mtl_command_buffer_encode_signal_event(mtl_id cmdbuf, mtl_id event, uint64_t value) {
  send_event_value(cmdbuf, "encodeSignalEvent:value:", event, value);
}
void mtl_command_buffer_encode_wait_for_event(mtl_id cmdbuf, mtl_id event, uint64_t value) {
  send_event_value(cmdbuf, "encodeWaitForEvent:value:", event, value);
}

#if defined(__APPLE__)
#ifndef __BLOCKS__
#error "metal/mtl.c needs blocks on Apple (clang's -fblocks, the default there)"
#endif
/* Apple: a real block calling fn; Metal copies it (Block_copy). */
void mtl_command_buffer_add_completed_handler(mtl_id cmdbuf, mtl_completed_fn fn, void *context) {
  SEL sel;
  imp_fn imp = method(cmdbuf, "addCompletedHandler:", &sel);
  void (^block)(id) = ^(id cb) {
    fn(context, (mtl_id)cb);
  };
  if (imp) ((void (*)(id, SEL, void (^)(id)))imp)((id)cmdbuf, sel, block);
}
#else
/* Without blocks (the GNU runtime + softmetal): a literal with the block ABI's
 * layout (isa, flags, reserved, invoke, descriptor, captures) whose invoke is
 * a C function and whose captures are fn and context; the callee copies
 * descriptor->size bytes, as Block_copy copies a block without object
 * captures, so this stack literal may go when the call returns. */
typedef struct mtl_block mtl_block;
typedef struct {
  unsigned long reserved, size;
} mtl_block_descriptor;
struct mtl_block {
  void *isa;
  int flags, reserved;
  void (*invoke)(mtl_block *self, id command_buffer);
  const mtl_block_descriptor *descriptor;
  mtl_completed_fn fn;
  void *context;
};
static void invoke_completed(mtl_block *self, id command_buffer) {
  self->fn(self->context, (mtl_id)command_buffer);
}
void mtl_command_buffer_add_completed_handler(mtl_id cmdbuf, mtl_completed_fn fn, void *context) {
  static const mtl_block_descriptor descriptor = {0, sizeof(mtl_block)};
  mtl_block block = {NULL, 0, 0, invoke_completed, &descriptor, fn, context};
  SEL sel;
  imp_fn imp = method(cmdbuf, "addCompletedHandler:", &sel);
  if (imp) ((void (*)(id, SEL, mtl_block *))imp)((id)cmdbuf, sel, &block);
}
#endif

/* --- MTLSharedEvent -------------------------------------------------------- */
mtl_id mtl_new_shared_event(mtl_id device) {
  return send_id(device, "newSharedEvent");
}
uint64_t mtl_shared_event_signaled_value(mtl_id event) {
  return send_u64(event, "signaledValue");
}
void mtl_shared_event_set_signaled_value(mtl_id event, uint64_t value) {
  SEL sel;
  imp_fn imp = method(event, "setSignaledValue:", &sel);
  if (imp) ((void (*)(id, SEL, unsigned long))imp)((id)event, sel, value);
}

/* --- MTLComputeCommandEncoder ---------------------------------------------- */
void mtl_compute_set_pipeline_state(mtl_id encoder, mtl_id pipeline) {
  SEL sel;
  imp_fn imp = method(encoder, "setComputePipelineState:", &sel);
  if (imp) ((void (*)(id, SEL, id))imp)((id)encoder, sel, (id)pipeline);
}
void mtl_compute_set_buffer(mtl_id encoder, mtl_id buffer, uint64_t offset, uint64_t index) {
  SEL sel;
  imp_fn imp = method(encoder, "setBuffer:offset:atIndex:", &sel);
  if (imp)
    ((void (*)(id, SEL, id, unsigned long, unsigned long))imp)((id)encoder, sel, (id)buffer, offset,
                                                               index);
}
void mtl_compute_set_bytes(mtl_id encoder, const void *bytes, uint64_t length, uint64_t index) {
  SEL sel;
  imp_fn imp = method(encoder, "setBytes:length:atIndex:", &sel);
  if (imp)
    ((void (*)(id, SEL, const void *, unsigned long, unsigned long))imp)((id)encoder, sel, bytes,
                                                                         length, index);
}
void mtl_compute_set_threadgroup_memory_length(mtl_id encoder, uint64_t length, uint64_t index) {
  SEL sel;
  imp_fn imp = method(encoder, "setThreadgroupMemoryLength:atIndex:", &sel);
  if (imp) ((void (*)(id, SEL, unsigned long, unsigned long))imp)((id)encoder, sel, length, index);
}
void mtl_compute_use_resource(mtl_id encoder, mtl_id resource, uint64_t usage) {
  SEL sel;
  imp_fn imp = method(encoder, "useResource:usage:", &sel);
  if (imp) ((void (*)(id, SEL, id, unsigned long))imp)((id)encoder, sel, (id)resource, usage);
}
void mtl_compute_dispatch_threadgroups(mtl_id encoder, mtl_size threadgroups,
                                       mtl_size threads_per_threadgroup) {
  SEL sel;
  imp_fn imp = method(encoder, "dispatchThreadgroups:threadsPerThreadgroup:", &sel);
  if (imp)
    ((void (*)(id, SEL, mtl_size, mtl_size))imp)((id)encoder, sel, threadgroups,
                                                 threads_per_threadgroup);
}
void mtl_encoder_end_encoding(mtl_id encoder) {
  send_void(encoder, "endEncoding");
}

/* --- debug groups, signposts, the capture manager ----------------------------- */
/* Whether obj answers selector: Metal.framework and softmetal do for the debug-group
 * messages; a Metal that does not (cudametal) is sent none rather than its runtime's
 * unknown-selector error (annotations, not work). */
static bool responds(mtl_id obj, const char *selector) {
  return obj && class_respondsToSelector(object_getClass((id)obj), selector_of(selector));
}
/* Sends selector (one NSString argument) with name as a new NSString. */
static void send_string(mtl_id obj, const char *selector, const char *name) {
  SEL sel;
  imp_fn imp = responds(obj, selector) ? method(obj, selector, &sel) : NULL;
  if (!imp) return;
  mtl_id string = mtl_new_string(name ? name : "");
  ((void (*)(id, SEL, id))imp)((id)obj, sel, (id)string);
  mtl_release(string);
}
void mtl_command_buffer_push_debug_group(mtl_id cmdbuf, const char *name) {
  send_string(cmdbuf, "pushDebugGroup:", name);
}
void mtl_command_buffer_pop_debug_group(mtl_id cmdbuf) {
  if (responds(cmdbuf, "popDebugGroup")) send_void(cmdbuf, "popDebugGroup");
}
void mtl_encoder_push_debug_group(mtl_id encoder, const char *name) {
  send_string(encoder, "pushDebugGroup:", name);
}
void mtl_encoder_pop_debug_group(mtl_id encoder) {
  if (responds(encoder, "popDebugGroup")) send_void(encoder, "popDebugGroup");
}
void mtl_encoder_insert_debug_signpost(mtl_id encoder, const char *name) {
  send_string(encoder, "insertDebugSignpost:", name);
}
mtl_id mtl_capture_manager_shared(void) {
  return send_id((mtl_id)class_object("MTLCaptureManager"), "sharedCaptureManager");
}
bool mtl_capture_manager_is_capturing(mtl_id manager) {
  SEL sel;
  imp_fn imp = method(manager, "isCapturing", &sel);
  return imp ? ((BOOL(*)(id, SEL))imp)((id)manager, sel) != 0 : false;
}
bool mtl_capture_manager_start(mtl_id manager, mtl_id capture_object, mtl_id *error_out) {
  enum { DESTINATION_DEVELOPER_TOOLS = 1 }; /* MTLCaptureDestinationDeveloperTools */
  if (error_out) *error_out = NULL;
  mtl_id descriptor =
      send_id(send_id((mtl_id)class_object("MTLCaptureDescriptor"), "alloc"), "init");
  SEL sel;
  imp_fn imp = method(descriptor, "setCaptureObject:", &sel);
  if (imp) ((void (*)(id, SEL, id))imp)((id)descriptor, sel, (id)capture_object);
  imp = method(descriptor, "setDestination:", &sel);
  if (imp) ((void (*)(id, SEL, long))imp)((id)descriptor, sel, DESTINATION_DEVELOPER_TOOLS);
  imp = method(manager, "startCaptureWithDescriptor:error:", &sel);
  id error = nil;
  BOOL started = imp && descriptor
                     ? ((BOOL(*)(id, SEL, id, id *))imp)((id)manager, sel, (id)descriptor, &error)
                     : NO;
  mtl_release(descriptor);
  if (error_out) *error_out = (mtl_id)error;
  return started != 0;
}
void mtl_capture_manager_stop(mtl_id manager) {
  send_void(manager, "stopCapture");
}

/* --- MTLBlitCommandEncoder ------------------------------------------------- */
void mtl_blit_copy_buffer(mtl_id encoder, mtl_id src, uint64_t src_offset, mtl_id dst,
                          uint64_t dst_offset, uint64_t size) {
  SEL sel;
  imp_fn imp =
      method(encoder, "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", &sel);
  if (imp)
    ((void (*)(id, SEL, id, unsigned long, id, unsigned long, unsigned long))imp)(
        (id)encoder, sel, (id)src, src_offset, (id)dst, dst_offset, size);
}
void mtl_blit_fill_buffer(mtl_id encoder, mtl_id buffer, mtl_range range, uint8_t value) {
  SEL sel;
  imp_fn imp = method(encoder, "fillBuffer:range:value:", &sel);
  if (imp)
    ((void (*)(id, SEL, id, mtl_range, uint8_t))imp)((id)encoder, sel, (id)buffer, range, value);
}

/* --- textures and samplers ------------------------------------------------------------------ */
typedef struct {
  uint64_t impl;
} mtl_resource_id_t; /* MTLResourceID, returned by value */

static void send_set_u64(mtl_id obj, const char *selector, uint64_t v) {
  SEL sel;
  imp_fn imp = method(obj, selector, &sel);
  if (imp) ((void (*)(id, SEL, unsigned long))imp)((id)obj, sel, v);
}
static void send_set_bool(mtl_id obj, const char *selector, bool v) {
  SEL sel;
  imp_fn imp = method(obj, selector, &sel);
  if (imp) ((void (*)(id, SEL, BOOL))imp)((id)obj, sel, v ? YES : NO);
}
static void send_set_float(mtl_id obj, const char *selector, float v) {
  SEL sel;
  imp_fn imp = method(obj, selector, &sel);
  if (imp) ((void (*)(id, SEL, float))imp)((id)obj, sel, v);
}
static uint64_t send_resource_id(mtl_id obj) {
  SEL sel;
  imp_fn imp = method(obj, "gpuResourceID", &sel);
  return imp ? ((mtl_resource_id_t(*)(id, SEL))imp)((id)obj, sel).impl : 0;
}
/* [[cls alloc] init] (+1) */
static mtl_id new_object(const char *cls) {
  id c = class_object(cls);
  if (!c) return NULL;
  mtl_id o = send_id((mtl_id)c, "alloc");
  return o ? send_id(o, "init") : NULL;
}
static mtl_id send_id_id(mtl_id obj, const char *selector, mtl_id arg) {
  SEL sel;
  imp_fn imp = method(obj, selector, &sel);
  return imp ? (mtl_id)((id(*)(id, SEL, id))imp)((id)obj, sel, (id)arg) : NULL;
}
static uint64_t send_u64_u64(mtl_id obj, const char *selector, uint64_t arg) {
  SEL sel;
  imp_fn imp = method(obj, selector, &sel);
  return imp ? ((unsigned long (*)(id, SEL, unsigned long))imp)((id)obj, sel, arg) : 0;
}

mtl_id mtl_new_texture_descriptor(void) {
  return new_object("MTLTextureDescriptor");
}
mtl_id mtl_texture_descriptor_2d(uint64_t pixel_format, uint64_t width, uint64_t height,
                                 bool mipmapped) {
  mtl_id cls = (mtl_id)class_object("MTLTextureDescriptor");
  SEL sel;
  imp_fn imp = method(cls, "texture2DDescriptorWithPixelFormat:width:height:mipmapped:", &sel);
  return imp ? (mtl_id)((id(*)(id, SEL, unsigned long, unsigned long, unsigned long, BOOL))imp)(
                   (id)cls, sel, pixel_format, width, height, mipmapped ? YES : NO)
             : NULL;
}
#define DESCRIPTOR_PROPERTY(name, getter, setter)                                                  \
  void mtl_texture_descriptor_set_##name(mtl_id desc, uint64_t v) {                                \
    send_set_u64(desc, setter, v);                                                                 \
  }                                                                                                \
  uint64_t mtl_texture_descriptor_##name(mtl_id desc) {                                            \
    return send_u64(desc, getter);                                                                 \
  }
DESCRIPTOR_PROPERTY(texture_type, "textureType", "setTextureType:")
DESCRIPTOR_PROPERTY(pixel_format, "pixelFormat", "setPixelFormat:")
DESCRIPTOR_PROPERTY(width, "width", "setWidth:")
DESCRIPTOR_PROPERTY(height, "height", "setHeight:")
DESCRIPTOR_PROPERTY(depth, "depth", "setDepth:")
DESCRIPTOR_PROPERTY(array_length, "arrayLength", "setArrayLength:")
DESCRIPTOR_PROPERTY(mipmap_level_count, "mipmapLevelCount", "setMipmapLevelCount:")
DESCRIPTOR_PROPERTY(usage, "usage", "setUsage:")
DESCRIPTOR_PROPERTY(storage_mode, "storageMode", "setStorageMode:")
#undef DESCRIPTOR_PROPERTY

mtl_id mtl_new_texture(mtl_id device, mtl_id desc) {
  return send_id_id(device, "newTextureWithDescriptor:", desc);
}
mtl_id mtl_buffer_new_texture(mtl_id buffer, mtl_id desc, uint64_t offset, uint64_t bytes_per_row) {
  SEL sel;
  imp_fn imp = method(buffer, "newTextureWithDescriptor:offset:bytesPerRow:", &sel);
  return imp ? (mtl_id)((id(*)(id, SEL, id, unsigned long, unsigned long))imp)(
                   (id)buffer, sel, (id)desc, offset, bytes_per_row)
             : NULL;
}
uint64_t mtl_device_argument_buffers_support(mtl_id device) {
  return send_u64(device, "argumentBuffersSupport");
}
uint64_t mtl_device_min_linear_texture_alignment(mtl_id device, uint64_t pixel_format) {
  return send_u64_u64(device, "minimumLinearTextureAlignmentForPixelFormat:", pixel_format);
}
uint64_t mtl_device_min_texture_buffer_alignment(mtl_id device, uint64_t pixel_format) {
  return send_u64_u64(device, "minimumTextureBufferAlignmentForPixelFormat:", pixel_format);
}
mtl_id mtl_texture_new_view(mtl_id texture, uint64_t pixel_format) {
  SEL sel;
  imp_fn imp = method(texture, "newTextureViewWithPixelFormat:", &sel);
  return imp ? (mtl_id)((id(*)(id, SEL, unsigned long))imp)((id)texture, sel, pixel_format) : NULL;
}
mtl_id mtl_texture_new_view_levels_slices(mtl_id texture, uint64_t pixel_format, uint64_t type,
                                          mtl_range levels, mtl_range slices) {
  SEL sel;
  imp_fn imp = method(texture, "newTextureViewWithPixelFormat:textureType:levels:slices:", &sel);
  return imp ? (mtl_id)((id(*)(id, SEL, unsigned long, unsigned long, mtl_range, mtl_range))imp)(
                   (id)texture, sel, pixel_format, type, levels, slices)
             : NULL;
}
void mtl_texture_replace_region(mtl_id texture, mtl_region region, uint64_t level, uint64_t slice,
                                const void *bytes, uint64_t bytes_per_row,
                                uint64_t bytes_per_image) {
  SEL sel;
  imp_fn imp =
      method(texture, "replaceRegion:mipmapLevel:slice:withBytes:bytesPerRow:bytesPerImage:", &sel);
  if (imp)
    ((void (*)(id, SEL, mtl_region, unsigned long, unsigned long, const void *, unsigned long,
               unsigned long))imp)((id)texture, sel, region, level, slice, bytes, bytes_per_row,
                                   bytes_per_image);
}
void mtl_texture_get_bytes(mtl_id texture, void *bytes, uint64_t bytes_per_row,
                           uint64_t bytes_per_image, mtl_region region, uint64_t level,
                           uint64_t slice) {
  SEL sel;
  imp_fn imp =
      method(texture, "getBytes:bytesPerRow:bytesPerImage:fromRegion:mipmapLevel:slice:", &sel);
  if (imp)
    ((void (*)(id, SEL, void *, unsigned long, unsigned long, mtl_region, unsigned long,
               unsigned long))imp)((id)texture, sel, bytes, bytes_per_row, bytes_per_image, region,
                                   level, slice);
}
uint64_t mtl_texture_gpu_resource_id(mtl_id texture) {
  return send_resource_id(texture);
}
uint64_t mtl_texture_texture_type(mtl_id texture) {
  return send_u64(texture, "textureType");
}
uint64_t mtl_texture_pixel_format(mtl_id texture) {
  return send_u64(texture, "pixelFormat");
}
uint64_t mtl_texture_width(mtl_id texture) {
  return send_u64(texture, "width");
}
uint64_t mtl_texture_height(mtl_id texture) {
  return send_u64(texture, "height");
}
uint64_t mtl_texture_depth(mtl_id texture) {
  return send_u64(texture, "depth");
}
uint64_t mtl_texture_array_length(mtl_id texture) {
  return send_u64(texture, "arrayLength");
}
uint64_t mtl_texture_mipmap_level_count(mtl_id texture) {
  return send_u64(texture, "mipmapLevelCount");
}
uint64_t mtl_texture_usage(mtl_id texture) {
  return send_u64(texture, "usage");
}

mtl_id mtl_new_sampler_descriptor(void) {
  return new_object("MTLSamplerDescriptor");
}
void mtl_sampler_descriptor_set_min_filter(mtl_id desc, uint64_t filter) {
  send_set_u64(desc, "setMinFilter:", filter);
}
void mtl_sampler_descriptor_set_mag_filter(mtl_id desc, uint64_t filter) {
  send_set_u64(desc, "setMagFilter:", filter);
}
void mtl_sampler_descriptor_set_mip_filter(mtl_id desc, uint64_t filter) {
  send_set_u64(desc, "setMipFilter:", filter);
}
void mtl_sampler_descriptor_set_s_address_mode(mtl_id desc, uint64_t mode) {
  send_set_u64(desc, "setSAddressMode:", mode);
}
void mtl_sampler_descriptor_set_t_address_mode(mtl_id desc, uint64_t mode) {
  send_set_u64(desc, "setTAddressMode:", mode);
}
void mtl_sampler_descriptor_set_r_address_mode(mtl_id desc, uint64_t mode) {
  send_set_u64(desc, "setRAddressMode:", mode);
}
void mtl_sampler_descriptor_set_border_color(mtl_id desc, uint64_t color) {
  send_set_u64(desc, "setBorderColor:", color);
}
void mtl_sampler_descriptor_set_normalized_coordinates(mtl_id desc, bool normalized) {
  send_set_bool(desc, "setNormalizedCoordinates:", normalized);
}
void mtl_sampler_descriptor_set_lod_min_clamp(mtl_id desc, float lod) {
  send_set_float(desc, "setLodMinClamp:", lod);
}
void mtl_sampler_descriptor_set_lod_max_clamp(mtl_id desc, float lod) {
  send_set_float(desc, "setLodMaxClamp:", lod);
}
void mtl_sampler_descriptor_set_max_anisotropy(mtl_id desc, uint64_t anisotropy) {
  send_set_u64(desc, "setMaxAnisotropy:", anisotropy);
}
void mtl_sampler_descriptor_set_compare_function(mtl_id desc, uint64_t function) {
  send_set_u64(desc, "setCompareFunction:", function);
}
void mtl_sampler_descriptor_set_support_argument_buffers(mtl_id desc, bool support) {
  send_set_bool(desc, "setSupportArgumentBuffers:", support);
}
mtl_id mtl_new_sampler_state(mtl_id device, mtl_id desc) {
  return send_id_id(device, "newSamplerStateWithDescriptor:", desc);
}
uint64_t mtl_sampler_gpu_resource_id(mtl_id sampler) {
  return send_resource_id(sampler);
}

void mtl_blit_copy_buffer_to_texture(mtl_id encoder, mtl_id buffer, uint64_t offset,
                                     uint64_t bytes_per_row, uint64_t bytes_per_image,
                                     mtl_size size, mtl_id texture, uint64_t slice, uint64_t level,
                                     mtl_origin origin) {
  SEL sel;
  imp_fn imp = method(encoder,
                      "copyFromBuffer:sourceOffset:sourceBytesPerRow:sourceBytesPerImage:"
                      "sourceSize:toTexture:destinationSlice:destinationLevel:destinationOrigin:",
                      &sel);
  if (imp)
    ((void (*)(id, SEL, id, unsigned long, unsigned long, unsigned long, mtl_size, id,
               unsigned long, unsigned long, mtl_origin))imp)((id)encoder, sel, (id)buffer, offset,
                                                              bytes_per_row, bytes_per_image, size,
                                                              (id)texture, slice, level, origin);
}
void mtl_blit_copy_texture_to_buffer(mtl_id encoder, mtl_id texture, uint64_t slice, uint64_t level,
                                     mtl_origin origin, mtl_size size, mtl_id buffer,
                                     uint64_t offset, uint64_t bytes_per_row,
                                     uint64_t bytes_per_image) {
  SEL sel;
  imp_fn imp = method(encoder,
                      "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toBuffer:"
                      "destinationOffset:destinationBytesPerRow:destinationBytesPerImage:",
                      &sel);
  if (imp)
    ((void (*)(id, SEL, id, unsigned long, unsigned long, mtl_origin, mtl_size, id, unsigned long,
               unsigned long, unsigned long))imp)((id)encoder, sel, (id)texture, slice, level,
                                                  origin, size, (id)buffer, offset, bytes_per_row,
                                                  bytes_per_image);
}
void mtl_blit_copy_texture_to_texture(mtl_id encoder, mtl_id src, uint64_t src_slice,
                                      uint64_t src_level, mtl_origin src_origin, mtl_size size,
                                      mtl_id dst, uint64_t dst_slice, uint64_t dst_level,
                                      mtl_origin dst_origin) {
  SEL sel;
  imp_fn imp = method(encoder,
                      "copyFromTexture:sourceSlice:sourceLevel:sourceOrigin:sourceSize:toTexture:"
                      "destinationSlice:destinationLevel:destinationOrigin:",
                      &sel);
  if (imp)
    ((void (*)(id, SEL, id, unsigned long, unsigned long, mtl_origin, mtl_size, id, unsigned long,
               unsigned long, mtl_origin))imp)((id)encoder, sel, (id)src, src_slice, src_level,
                                               src_origin, size, (id)dst, dst_slice, dst_level,
                                               dst_origin);
}
void mtl_blit_copy_texture(mtl_id encoder, mtl_id src, mtl_id dst) {
  SEL sel;
  imp_fn imp = method(encoder, "copyFromTexture:toTexture:", &sel);
  if (imp) ((void (*)(id, SEL, id, id))imp)((id)encoder, sel, (id)src, (id)dst);
}
