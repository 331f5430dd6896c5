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
 * the then-current bytes back (mremap MREMAP_FIXED, atomic). All such pages
 * live in one memfd, counted per page, so buffers may share pages (two
 * small malloc'd blocks in one page): a page is switched in by its first
 * buffer and back by its last. Costs and limits: one copy of the range each
 * way; a write by another thread to those pages during the switch is lost;
 * a no-copy buffer may not cover an ordinary buffer's pages (nil).
 */
#include "sm.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static Class buffer_class;

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sm_buffer *registry;

/* ---- no-copy pages ------------------------------------------------------------ */

/* Every page of the callers' memory that a live no-copy buffer wraps, sorted
 * by address: where its bytes live in the one memfd of such pages (slot) and
 * how many buffers wrap it. Slots are handed out in increasing order, so a
 * run of pages wrapped together is one run of the file and its mappings
 * merge; a slot given back is punched (its memory freed). registry_lock. */
struct no_copy_page {
  uintptr_t address;
  off_t slot;
  unsigned refs;
};
static struct {
  struct no_copy_page *pages;
  size_t count, allocated;
  int fd; /* 0 until the first no-copy buffer (then a memfd > 0) */
  off_t next_slot;
} no_copy;

/* Index of the first page at or after address. */
static size_t no_copy_index(uintptr_t address) {
  size_t lo = 0, hi = no_copy.count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (no_copy.pages[mid].address < address)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Drops one reference to each page of [address, address + length): pages
 * nobody wraps any more get private memory with their current bytes back
 * (one atomic mremap per run) and their slot punched. */
static void no_copy_release(uintptr_t address, uint64_t length) {
  uint64_t page = sm_page_size();
  size_t i = no_copy_index(address), kept = i;
  for (; i < no_copy.count && no_copy.pages[i].address < address + length; i++) {
    struct no_copy_page *p = &no_copy.pages[i];
    if (--p->refs > 0) {
      no_copy.pages[kept++] = *p;
      continue;
    }
    void *fresh = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    /* the page's current bytes, from its slot (the same memory as the page;
     * reading the fd, not the caller's page, touches none of its neighbours
     * as far as sanitizers can tell) */
    if (fresh != MAP_FAILED && pread(no_copy.fd, fresh, page, p->slot) != (ssize_t)page)
      memcpy(fresh, (void *)p->address, page);
    if (fresh != MAP_FAILED) {
      if (mremap(fresh, page, page, MREMAP_MAYMOVE | MREMAP_FIXED, (void *)p->address) ==
          MAP_FAILED)
        munmap(fresh, page); /* the shared page stays: same bytes, still memory */
    }
    fallocate(no_copy.fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, p->slot, (off_t)page);
  }
  size_t end = i;
  memmove(&no_copy.pages[kept], &no_copy.pages[end], (no_copy.count - end) * sizeof *no_copy.pages);
  no_copy.count -= end - kept;
}

/* Wraps the pages of [address, address + length) (page-aligned): pages not
 * wrapped yet get their bytes copied into fresh slots and the slots mapped
 * over them in place; every page's slot is mapped at gpu + its offset (gpu
 * is a reserved range). False (errno set, nothing changed) if a page cannot
 * be read or mapped. */
/* Writes bytes of the caller's pages at address into fd at offset: whole
 * pages, so bytes around the caller's allocation (other data of the same
 * pages, which must move with them) are read too. Through the raw system
 * call, which sanitizers do not check against the caller's object bounds
 * (their pwrite interceptor would report the neighbouring bytes). */
static ssize_t page_write(int fd, uintptr_t address, uint64_t bytes, off_t offset) {
  return (ssize_t)syscall(SYS_pwrite64, fd, (const void *)address, (size_t)bytes, offset);
}

static bool no_copy_wrap(uintptr_t address, uint64_t length, unsigned char *gpu) {
  uint64_t page = sm_page_size(), pages = length / page, done = 0;
  if (!no_copy.fd) {
    int fd = memfd_create("softmetal-no-copy", MFD_CLOEXEC);
    if (fd <= 0) return false;
    no_copy.fd = fd;
  }
  if (no_copy.count + pages > no_copy.allocated) {
    size_t grown = no_copy.allocated * 2 > no_copy.count + pages ? no_copy.allocated * 2
                                                                 : no_copy.count + pages + 16;
    struct no_copy_page *more = realloc(no_copy.pages, grown * sizeof *more);
    if (!more) return false;
    no_copy.pages = more;
    no_copy.allocated = grown;
  }
  while (done < pages) {
    uintptr_t at = address + done * page;
    size_t i = no_copy_index(at);
    bool wrapped = i < no_copy.count && no_copy.pages[i].address == at;
    uint64_t run = 1; /* pages of one kind: all wrapped already, or none */
    if (wrapped) {    /* and slots consecutive, so one mapping serves them */
      while (done + run < pages && i + run < no_copy.count &&
             no_copy.pages[i + run].address == at + run * page &&
             no_copy.pages[i + run].slot == no_copy.pages[i].slot + (off_t)(run * page))
        run++;
    } else {
      uintptr_t next = i < no_copy.count ? no_copy.pages[i].address : UINTPTR_MAX;
      while (done + run < pages && at + run * page < next)
        run++;
    }
    uint64_t bytes = run * page;
    off_t slot = wrapped ? no_copy.pages[i].slot : no_copy.next_slot;
    bool ok = true;
    if (!wrapped) {
      ok = ftruncate(no_copy.fd, slot + (off_t)bytes) == 0 &&
           page_write(no_copy.fd, at, bytes, slot) == (ssize_t)bytes && /* EFAULT: no memory */
           mmap((void *)at, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, no_copy.fd,
                slot) == (void *)at;
      if (ok) {
        no_copy.next_slot = slot + (off_t)bytes;
        memmove(&no_copy.pages[i + run], &no_copy.pages[i],
                (no_copy.count - i) * sizeof *no_copy.pages);
        for (uint64_t k = 0; k < run; k++)
          no_copy.pages[i + k] = (struct no_copy_page){at + k * page, slot + (off_t)(k * page), 0};
        no_copy.count += run;
      }
    }
    if (ok)
      for (uint64_t k = 0; k < run; k++)
        no_copy.pages[i + k].refs++;
    uint64_t counted = ok ? done + run : done;
    ok = ok && mmap(gpu + done * page, bytes, PROT_NONE, MAP_SHARED | MAP_FIXED, no_copy.fd,
                    slot) == gpu + done * page;
    if (!ok) {
      int saved = errno;
      no_copy_release(address, counted * page); /* what this call wrapped so far */
      errno = saved;
      return false;
    }
    done += run;
  }
  return true;
}

static void buffer_destroy(struct sm_object *o) {
  struct sm_buffer *b = (struct sm_buffer *)o;
  pthread_mutex_lock(&registry_lock);
  if (b->prev)
    b->prev->next = b->next;
  else
    registry = b->next;
  if (b->next) b->next->prev = b->prev;
  if (b->no_copy) no_copy_release((uintptr_t)b->cpu, b->mapped); /* the page counts: locked */
  pthread_mutex_unlock(&registry_lock);
  if (!b->no_copy) munmap(b->cpu, b->mapped);
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
    __atomic_store_n(&b->gpu_accessible, want, __ATOMIC_RELAXED); /* kernels read it: resource.c */
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

/* Whether [p, p + length) shares a page with a live ordinary buffer's CPU
 * view (registry_lock held). */
static bool buffer_overlaps(const unsigned char *p, uint64_t length) {
  for (struct sm_buffer *b = registry; b; b = b->next)
    if (!b->no_copy && p < b->cpu + b->mapped && b->cpu < p + length) return true;
  return false;
}

struct sm_buffer *sm_buffer_new_no_copy(void *pointer, uint64_t length, uint64_t options) {
  uint64_t page = sm_page_size();
  if (!pointer || length == 0 || (uintptr_t)pointer % page || length % page) {
    errno = EINVAL;
    return NULL;
  }
  /* the GPU view's addresses, reserved; no_copy_wrap maps the pages there */
  unsigned char *gpu =
      mmap(NULL, length, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (gpu == MAP_FAILED) return NULL;
  struct sm_buffer *b = NULL;
  pthread_mutex_lock(&registry_lock);
  if (buffer_overlaps(pointer, length))
    errno = EINVAL;
  else if (no_copy_wrap((uintptr_t)pointer, length, gpu)) {
    b = sm_object_new(buffer_class, sizeof *b, NULL);
    b->cpu = pointer;
    b->gpu = gpu;
    b->length = b->mapped = length;
    b->options = options;
    b->no_copy = true;
    buffer_enlist(b);
  }
  pthread_mutex_unlock(&registry_lock);
  if (!b) munmap(gpu, length);
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
