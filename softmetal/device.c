/* softmetal/device.c — MTLDevice: MTLCreateSystemDefaultDevice and every
 * method of the device.
 *
 * The device describes an Apple7-class GPU whose memory is this machine's RAM.
 * Its factory methods are thin: each checks what Metal checks of its
 * arguments, hands over to the file that owns the class it makes (buffer.c,
 * texture.c, sampler.c, library.c, pipeline.c, queue.c) and applies Metal's out-error convention.
 */
#include "sm.h"

#include <stdio.h>
#include <unistd.h>

#define SM_EXPORT __attribute__((visibility("default")))

static const char *const library_domain = "MTLLibraryErrorDomain";

typedef struct {
  uint64_t width, height, depth;
} sm_size;

struct sm_device {
  struct sm_object base;
  id name;
  uint64_t working_set, max_buffer;
};

static Class device_class;
static struct sm_device *the_device;

static void device_create(void) {
  assert(device_class != Nil); /* classes are registered at load time (register.c) */
  struct sm_device *d = sm_object_new(device_class, sizeof *d, NULL);
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  char name[64];
  snprintf(name, sizeof name, "softmetal (CPU, %ld cores)", cores);
  d->name = sm_string_new(name);
  uint64_t ram = (uint64_t)sysconf(_SC_PHYS_PAGES) * sm_page_size();
  d->working_set = ram / 4 * 3 / sm_page_size() * sm_page_size();
  d->max_buffer = d->working_set;
  the_device = d; /* lives for the process, like Metal's system device */
}

SM_EXPORT id MTLCreateSystemDefaultDevice(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, device_create);
  return sm_retain(the_device); /* create rule: +1 */
}

/* Metal's out-error convention: *error is nil on success, else an
 * autoreleased NSError; a NULL error pointer discards it. Takes err (+1). */
static void give_error(id *error, id err) {
  if (error)
    *error = err ? sm_autorelease(err) : nil;
  else
    sm_release(err);
}

/* ---- properties ----------------------------------------------------------------- */
static id device_name(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_device *)self)->name; /* property: borrowed, lives with the device */
}
static sm_size device_max_threads(id self, SEL cmd) {
  (void)self, (void)cmd;
  return (sm_size){AC_MAX_THREADS_PER_THREADGROUP, AC_MAX_THREADS_PER_THREADGROUP,
                   AC_MAX_THREADS_PER_THREADGROUP};
}
static unsigned long device_max_threadgroup_memory(id self, SEL cmd) {
  (void)self, (void)cmd;
  return AC_MAX_THREADGROUP_MEMORY;
}
static unsigned long device_max_buffer(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_device *)self)->max_buffer;
}
static unsigned long device_working_set(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_device *)self)->working_set;
}
static BOOL device_unified(id self, SEL cmd) {
  (void)self, (void)cmd;
  return YES;
}
static unsigned long device_registry_id(id self, SEL cmd) {
  (void)self, (void)cmd;
  return 0x50f7e7a1; /* any stable nonzero id */
}

/* Not Metal's: the GPU core count mtl_device_core_count reports (Metal.framework
 * has no such method; on macOS the IORegistry tells it). softmetal's cores are
 * its worker threads, one per online CPU or SOFTMETAL_WORKERS. */
static unsigned long device_core_count(id self, SEL cmd) {
  (void)self, (void)cmd;
  return (unsigned long)sm_pool_workers();
}

/* Not Metal's: softmetal stops a kernel after SOFTMETAL_WATCHDOG_SECONDS (see
 * mtl_device_has_kernel_watchdog). */
static unsigned long device_kernel_watchdog(id self, SEL cmd) {
  (void)self, (void)cmd;
  return 1;
}

/* ---- factories ------------------------------------------------------------------- */
static id device_new_buffer(id self, SEL cmd, unsigned long length, unsigned long options) {
  (void)cmd;
  struct sm_device *d = (struct sm_device *)self;
  if (length == 0 || length > d->max_buffer) return nil; /* Metal refuses: nil */
  return (id)sm_buffer_new(length, options);
}

static id device_new_buffer_no_copy(id self, SEL cmd, void *pointer, unsigned long length,
                                    unsigned long options, id deallocator) {
  (void)cmd;
  struct sm_device *d = (struct sm_device *)self;
  if (deallocator || length > d->max_buffer)
    return nil; /* no blocks here: a deallocator is refused */
  return (id)sm_buffer_new_no_copy(pointer, length, options);
}

static id device_new_library(id self, SEL cmd, id source, id options, id *error) {
  (void)self, (void)cmd;
  id err = nil;
  struct sm_library *l = NULL;
  if (!source)
    err = sm_error_new(library_domain, SM_LIBRARY_ERROR_COMPILE_FAILURE, "source is nil");
  else
    l = sm_library_new(sm_string_utf8(source), (struct sm_compile_options *)options, &err);
  assert(!l != !err); /* exactly one of a library and an error */
  give_error(error, err);
  return (id)l;
}

static id device_new_pipeline(id self, SEL cmd, id function, id *error) {
  (void)self, (void)cmd;
  id err = nil;
  struct sm_pipeline *p = sm_pipeline_new(function, &err);
  assert(!p != !err);
  give_error(error, err);
  return (id)p;
}

static id device_new_command_queue(id self, SEL cmd) {
  (void)self, (void)cmd;
  return (id)sm_queue_new();
}

static id device_new_texture(id self, SEL cmd, id descriptor) {
  (void)self, (void)cmd;
  return sm_texture_new(descriptor);
}

static unsigned long device_linear_texture_alignment(id self, SEL cmd, unsigned long format) {
  (void)self, (void)cmd;
  return sm_texture_linear_alignment(format);
}

/* MTLArgumentBuffersTier2 (1): Apple6 and later, what textures in argument-buffer records need */
static unsigned long device_argument_buffers_support(id self, SEL cmd) {
  (void)self, (void)cmd;
  return 1;
}

/* Apple7 (M1) filters 32-bit float textures; softmetal filters every float format */
static BOOL device_float32_filtering(id self, SEL cmd) {
  (void)self, (void)cmd;
  return YES;
}

static id device_new_sampler(id self, SEL cmd, id descriptor) {
  (void)self, (void)cmd;
  return sm_sampler_new(descriptor);
}

static id device_new_shared_event(id self, SEL cmd) {
  (void)self, (void)cmd;
  return (id)sm_event_new();
}

void sm_device_register(void) {
  Class dev = sm_class_new(sm_object_class, "SoftMetalDevice");
  sm_add_method(dev, "name", device_name, "@@:");
  sm_add_method(dev, "maxThreadsPerThreadgroup", device_max_threads, "{?=QQQ}@:");
  sm_add_method(dev, "maxThreadgroupMemoryLength", device_max_threadgroup_memory, "Q@:");
  sm_add_method(dev, "maxBufferLength", device_max_buffer, "Q@:");
  sm_add_method(dev, "recommendedMaxWorkingSetSize", device_working_set, "Q@:");
  sm_add_method(dev, "hasUnifiedMemory", device_unified, "C@:");
  sm_add_method(dev, "registryID", device_registry_id, "Q@:");
  sm_add_method(dev, "gpuCoreCount", device_core_count, "Q@:");
  sm_add_method(dev, "kernelWatchdog", device_kernel_watchdog, "Q@:");
  sm_add_method(dev, "newBufferWithLength:options:", device_new_buffer, "@@:QQ");
  sm_add_method(dev, "newSharedEvent", device_new_shared_event, "@@:");
  sm_add_method(dev, "newEvent", device_new_shared_event, "@@:");
  sm_add_method(dev,
                "newBufferWithBytesNoCopy:length:options:deallocator:", device_new_buffer_no_copy,
                "@@:^vQQ@");
  sm_add_method(dev, "newLibraryWithSource:options:error:", device_new_library, "@@:@@^@");
  sm_add_method(dev, "newComputePipelineStateWithFunction:error:", device_new_pipeline, "@@:@^@");
  sm_add_method(dev, "newCommandQueue", device_new_command_queue, "@@:");
  sm_add_method(dev, "newTextureWithDescriptor:", device_new_texture, "@@:@");
  sm_add_method(dev, "newSamplerStateWithDescriptor:", device_new_sampler, "@@:@");
  sm_add_method(dev, "argumentBuffersSupport", device_argument_buffers_support, "Q@:");
  sm_add_method(dev, "supports32BitFloatFiltering", device_float32_filtering, "C@:");
  sm_add_method(
      dev, "minimumLinearTextureAlignmentForPixelFormat:", device_linear_texture_alignment, "Q@:Q");
  sm_add_method(
      dev, "minimumTextureBufferAlignmentForPixelFormat:", device_linear_texture_alignment, "Q@:Q");
  objc_registerClassPair(dev);
  device_class = dev;
}
