/* softmetal/device.c — MTLDevice and MTLBuffer.
 *
 * The device describes an Apple7-class GPU whose memory is this machine's RAM.
 * A buffer is a memfd mapped twice with MAP_SHARED: `contents` is one mapping
 * (the CPU's view) and `gpuAddress` the other (the GPU's view), so both reach
 * the same bytes at genuinely different addresses, as on a Mac, and a pointer
 * that skipped the CPU->GPU translation reads the wrong place. The GPU view is
 * accessible only while a dispatch that has the buffer resident runs. Pages are
 * committed lazily (MAP_NORESERVE), so an arena of most of RAM is cheap.
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define SM_EXPORT __attribute__((visibility("default")))

typedef struct {
  uint64_t width, height, depth;
} sm_size;

static struct sm_device *the_device;

double sm_now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* An environment flag (set, non-empty, not "0"), read once into *cache;
 * every thread that finds -1 computes the same value. */
static bool env_flag(atomic_int *cache, const char *name) {
  int value = atomic_load_explicit(cache, memory_order_relaxed);
  if (value < 0) {
    const char *env = getenv(name);
    value = env && *env && strcmp(env, "0") != 0;
    atomic_store_explicit(cache, value, memory_order_relaxed);
  }
  return value;
}

bool sm_trace(void) {
  static atomic_int on = -1;
  return env_flag(&on, "SOFTMETAL_TRACE");
}

bool sm_debug_barriers(void) {
  static atomic_int on = -1;
  return env_flag(&on, "SOFTMETAL_DEBUG_BARRIERS");
}

static uint64_t page_size(void) {
  return (uint64_t)sysconf(_SC_PAGESIZE);
}

static void device_create(void) {
  sm_register_classes();
  struct sm_device *d = sm_object_new(sm_class.device, sizeof *d, NULL);
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  char name[64];
  snprintf(name, sizeof name, "softmetal (CPU, %ld cores)", cores);
  d->name = sm_string_new(name);
  uint64_t ram = (uint64_t)sysconf(_SC_PHYS_PAGES) * page_size();
  d->working_set = ram / 4 * 3 / page_size() * page_size();
  d->max_buffer = d->working_set;
  the_device = d; /* lives for the process, like Metal's system device */
}

SM_EXPORT id MTLCreateSystemDefaultDevice(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, device_create);
  return sm_retain(the_device); /* create rule: +1 */
}

static id device_name(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_device *)self)->name; /* property: borrowed, lives with the device */
}
static sm_size device_max_threads(id self, SEL cmd) {
  (void)self, (void)cmd;
  return (sm_size){SM_MAX_THREADS_PER_GROUP, SM_MAX_THREADS_PER_GROUP, SM_MAX_THREADS_PER_GROUP};
}
static unsigned long device_max_threadgroup_memory(id self, SEL cmd) {
  (void)self, (void)cmd;
  return SM_MAX_THREADGROUP_MEMORY;
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

/* ---- MTLBuffer ------------------------------------------------------------
 * Residency: while a dispatch runs, exactly the buffers it bound or made
 * resident (useResource:) have accessible GPU views; every other buffer's is
 * PROT_NONE, so a kernel touching it faults, as Metal requires (decision 2). Live buffers are
 * listed so that a fault address can be named. */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sm_buffer *registry;

static void buffer_destroy(struct sm_object *o) {
  struct sm_buffer *b = (struct sm_buffer *)o;
  pthread_mutex_lock(&registry_lock);
  if (b->prev)
    b->prev->next = b->next;
  else
    registry = b->next;
  if (b->next) b->next->prev = b->prev;
  pthread_mutex_unlock(&registry_lock);
  munmap(b->cpu, b->mapped);
  munmap(b->gpu, b->mapped);
}

bool sm_buffers_make_resident(struct sm_buffer *const *buffers, int count) {
  static uint64_t stamp;
  bool ok = true;
  pthread_mutex_lock(&registry_lock);
  stamp++;
  for (int i = 0; i < count; i++)
    buffers[i]->resident_stamp = stamp;
  for (struct sm_buffer *b = registry; b; b = b->next) {
    bool want = b->resident_stamp == stamp;
    if (want == b->gpu_accessible) continue;
    if (mprotect(b->gpu, b->mapped, want ? PROT_READ | PROT_WRITE : PROT_NONE) != 0) {
      ok = false;
      continue;
    }
    b->gpu_accessible = want;
  }
  pthread_mutex_unlock(&registry_lock);
  return ok;
}

char *sm_buffer_describe_gpu_address(const void *addr) {
  const unsigned char *p = addr;
  char *text = NULL;
  pthread_mutex_lock(&registry_lock);
  for (struct sm_buffer *b = registry; b && !text; b = b->next)
    if (p >= b->gpu && p < b->gpu + b->mapped)
      text =
          sm_strdup_printf("the address is at offset %lu of a buffer of %lu bytes (gpuAddress "
                           "%p) that was not resident for this dispatch: bind it with "
                           "setBuffer or make it resident with useResource",
                           (unsigned long)(p - b->gpu), (unsigned long)b->length, (void *)b->gpu);
  pthread_mutex_unlock(&registry_lock);
  return text;
}

/* Maps a fresh memfd twice; returns false (errno set) on failure. */
static bool buffer_map(struct sm_buffer *b, uint64_t length) {
  b->mapped = (length + page_size() - 1) / page_size() * page_size();
  int fd = memfd_create("softmetal-buffer", MFD_CLOEXEC);
  if (fd < 0) return false;
  bool ok = ftruncate(fd, (off_t)b->mapped) == 0;
  void *cpu = MAP_FAILED, *gpu = MAP_FAILED;
  if (ok) {
    int prot = PROT_READ | PROT_WRITE, flags = MAP_SHARED | MAP_NORESERVE;
    cpu = mmap(NULL, b->mapped, prot, flags, fd, 0);
    gpu = mmap(NULL, b->mapped, PROT_NONE, flags, fd, 0); /* not resident yet */
  }
  close(fd); /* the mappings keep the memory alive */
  if (cpu == MAP_FAILED || gpu == MAP_FAILED) {
    if (cpu != MAP_FAILED) munmap(cpu, b->mapped);
    if (gpu != MAP_FAILED) munmap(gpu, b->mapped);
    return false;
  }
  b->cpu = cpu;
  b->gpu = gpu;
  return true;
}

static id device_new_buffer(id self, SEL cmd, unsigned long length, unsigned long options) {
  (void)cmd;
  struct sm_device *d = (struct sm_device *)self;
  if (length == 0 || length > d->max_buffer) return nil; /* Metal refuses: nil */
  struct sm_buffer *b = sm_object_new(sm_class.buffer, sizeof *b, NULL);
  if (!buffer_map(b, length)) {
    free(b);
    return nil;
  }
  b->length = length;
  b->options = options;
  pthread_mutex_lock(&registry_lock);
  b->next = registry;
  if (registry) registry->prev = b;
  registry = b;
  pthread_mutex_unlock(&registry_lock);
  b->base.destroy = buffer_destroy;
  return (id)b;
}

static void *buffer_contents(id self, SEL cmd) {
  (void)cmd;
  struct sm_buffer *b = (struct sm_buffer *)self;
  enum { STORAGE_MASK = 0xf << 4, STORAGE_PRIVATE = 2 << 4 };
  return (b->options & STORAGE_MASK) == STORAGE_PRIVATE ? NULL : b->cpu; /* as Metal */
}
static unsigned long buffer_gpu_address(id self, SEL cmd) {
  (void)cmd;
  return (unsigned long)(uintptr_t)((struct sm_buffer *)self)->gpu;
}
static unsigned long buffer_length(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_buffer *)self)->length;
}

void sm_device_register(void) {
  Class dev = objc_allocateClassPair(sm_class.object, "SoftMetalDevice", 0);
  sm_add_method(dev, "name", device_name, "@@:");
  sm_add_method(dev, "maxThreadsPerThreadgroup", device_max_threads, "{?=QQQ}@:");
  sm_add_method(dev, "maxThreadgroupMemoryLength", device_max_threadgroup_memory, "Q@:");
  sm_add_method(dev, "maxBufferLength", device_max_buffer, "Q@:");
  sm_add_method(dev, "recommendedMaxWorkingSetSize", device_working_set, "Q@:");
  sm_add_method(dev, "hasUnifiedMemory", device_unified, "C@:");
  sm_add_method(dev, "registryID", device_registry_id, "Q@:");
  sm_add_method(dev, "newBufferWithLength:options:", device_new_buffer, "@@:QQ");
  sm_add_method(dev, "newLibraryWithSource:options:error:", sm_device_new_library, "@@:@@^@");
  sm_add_method(dev, "newComputePipelineStateWithFunction:error:", sm_device_new_pipeline,
                "@@:@^@");
  sm_add_method(dev, "newCommandQueue", sm_device_new_command_queue, "@@:");
  objc_registerClassPair(dev);
  sm_class.device = dev;

  Class buf = objc_allocateClassPair(sm_class.object, "SoftMetalBuffer", 0);
  sm_add_method(buf, "contents", buffer_contents, "^v@:");
  sm_add_method(buf, "gpuAddress", buffer_gpu_address, "Q@:");
  sm_add_method(buf, "length", buffer_length, "Q@:");
  objc_registerClassPair(buf);
  sm_class.buffer = buf;
}
