/* softmetal/buffer.c — MTLBuffer: memory mapped twice, and residency.
 *
 * A buffer is a memfd mapped twice with MAP_SHARED: `contents` is one mapping
 * (the CPU's view) and `gpuAddress` the other (the GPU's view), so both reach
 * the same bytes at genuinely different addresses, as on a Mac, and a pointer
 * that skipped the CPU->GPU translation reads the wrong place. Pages are
 * committed lazily (MAP_NORESERVE), so an arena of most of RAM is cheap.
 *
 * Residency: while a dispatch runs, exactly the buffers it bound or made
 * resident (useResource:) have accessible GPU views; every other buffer's is
 * PROT_NONE, so a kernel touching it faults, as Metal requires (decision 2).
 * Live buffers are listed so that a fault address can be named.
 */
#include "sm.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static Class buffer_class;

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
  assert(count >= 0 && (count == 0 || buffers));
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
  b->mapped = (length + sm_page_size() - 1) / sm_page_size() * sm_page_size();
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

struct sm_buffer *sm_buffer_new(uint64_t length, uint64_t options) {
  assert(length > 0);
  struct sm_buffer *b = sm_object_new(buffer_class, sizeof *b, NULL);
  if (!buffer_map(b, length)) {
    free(b);
    return NULL;
  }
  b->length = length;
  b->options = options;
  pthread_mutex_lock(&registry_lock);
  b->next = registry;
  if (registry) registry->prev = b;
  registry = b;
  pthread_mutex_unlock(&registry_lock);
  b->base.destroy = buffer_destroy;
  return b;
}

struct sm_buffer *sm_buffer_from(id object) {
  return object && object_getClass(object) == buffer_class ? (struct sm_buffer *)object : NULL;
}

/* ---- methods ---------------------------------------------------------------- */
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

void sm_buffer_register(void) {
  buffer_class = sm_class_new(sm_object_class, "SoftMetalBuffer");
  sm_add_method(buffer_class, "contents", buffer_contents, "^v@:");
  sm_add_method(buffer_class, "gpuAddress", buffer_gpu_address, "Q@:");
  sm_add_method(buffer_class, "length", buffer_length, "Q@:");
  objc_registerClassPair(buffer_class);
}
