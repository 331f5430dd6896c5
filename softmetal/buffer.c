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
 *
 * A no-copy buffer (newBufferWithBytesNoCopy:, the CUDA runtime's registered
 * host memory) wraps pages the caller already owns, usually private
 * anonymous memory from malloc. Linux cannot map private anonymous pages a
 * second time (mremap with old_size 0 works only on shared mappings;
 * /proc/self/mem cannot be mmap'd; MREMAP_DONTUNMAP moves the pages rather
 * than sharing them), so the pages are made shareable in place: their bytes
 * go into a fresh memfd, which is mapped MAP_FIXED over the caller's range
 * (the same virtual addresses, the same contents, now shared pages) and a
 * second time as the GPU view. Destroying the buffer puts private pages with
 * the then-current bytes back (mremap MREMAP_FIXED, atomic). Costs and
 * limits: one copy of the range each way; a write by another thread to
 * those pages during the switch is lost; two live no-copy buffers may not
 * share a page (the second is refused: nil), nor may one cover an ordinary
 * buffer's pages.
 */
#include "sm.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
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
  if (b->no_copy) { /* private pages with the current bytes back at the caller's addresses */
    void *fresh = mmap(NULL, b->mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (fresh != MAP_FAILED) {
      memcpy(fresh, b->cpu, b->mapped);
      if (mremap(fresh, b->mapped, b->mapped, MREMAP_MAYMOVE | MREMAP_FIXED, b->cpu) == MAP_FAILED)
        munmap(fresh, b->mapped); /* the shared pages stay: same bytes, still memory */
    }
  } else {
    munmap(b->cpu, b->mapped);
  }
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

static void buffer_enlist(struct sm_buffer *b) { /* registry_lock held */
  b->next = registry;
  if (registry) registry->prev = b;
  registry = b;
  b->base.destroy = buffer_destroy;
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
  buffer_enlist(b);
  pthread_mutex_unlock(&registry_lock);
  return b;
}

/* Whether [p, p + length) shares a page with a live buffer's CPU view
 * (registry_lock held). */
static bool buffer_overlaps(const unsigned char *p, uint64_t length) {
  for (struct sm_buffer *b = registry; b; b = b->next)
    if (p < b->cpu + b->mapped && b->cpu < p + length) return true;
  return false;
}

struct sm_buffer *sm_buffer_new_no_copy(void *pointer, uint64_t length, uint64_t options) {
  uint64_t page = sm_page_size();
  if (!pointer || length == 0 || (uintptr_t)pointer % page || length % page) {
    errno = EINVAL;
    return NULL;
  }
  int fd = memfd_create("softmetal-no-copy", MFD_CLOEXEC);
  if (fd < 0) return NULL;
  struct sm_buffer *b = NULL;
  void *gpu = MAP_FAILED;
  pthread_mutex_lock(&registry_lock);
  /* pwrite fails (EFAULT) when the range is not readable memory */
  bool ok = !buffer_overlaps(pointer, length) && ftruncate(fd, (off_t)length) == 0 &&
            pwrite(fd, pointer, length, 0) == (ssize_t)length;
  if (ok) gpu = mmap(NULL, length, PROT_NONE, MAP_SHARED, fd, 0); /* not resident yet */
  if (gpu != MAP_FAILED &&
      mmap(pointer, length, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) == pointer) {
    b = sm_object_new(buffer_class, sizeof *b, NULL);
    b->cpu = pointer;
    b->gpu = gpu;
    b->length = b->mapped = length;
    b->options = options;
    b->no_copy = true;
    buffer_enlist(b);
  } else if (gpu != MAP_FAILED) {
    munmap(gpu, length);
  }
  pthread_mutex_unlock(&registry_lock);
  close(fd);
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
