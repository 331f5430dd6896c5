/* softmetal/resource.c — gpuResourceIDs: the table through which kernels resolve
 * texture and sampler handles.
 *
 * Metal 3 gives each texture and sampler state a 64-bit MTLResourceID
 * (gpuResourceID) that shaders read from argument buffers as a `texture2d<T>` or
 * `sampler` member. softmetal's ID names a slot of this table: the low 22 bits the
 * slot (+1), the bits above a process-wide serial number, so an ID is never 0,
 * never has bit 63 set (the prelude's constexpr samplers use it) and is never
 * handed out twice. The slot holds a copy of what kernels need (struct
 * sm_texture_desc / sm_sampler_desc) and, for a texture, the buffer holding its
 * texels. Slots live for the process (chunks are never freed), so a kernel that
 * reads a stale ID reads a slot, not freed memory, and finds the ID changed.
 *
 * A kernel resolves an ID with the service sm_rt_resource: the slot must hold
 * that ID, of the right kind, and a texture's storage must be resident for the
 * running dispatch (bound, or made resident with useResource:usage:, as Metal
 * requires of resources reached through argument buffers). Otherwise the kernel
 * faults, as a GPU does on an invalid or non-resident resource: the thread writes
 * to a PROT_NONE page of this file, pool.c's fault handler ends the command buffer
 * with a page-fault error and asks sm_resource_describe_fault what happened.
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { SLOT_BITS = 22, CHUNK = 1024, CHUNKS = (1 << SLOT_BITS) / CHUNK };

struct entry {
  _Atomic uint64_t id; /* 0 while free */
  unsigned kind;
  struct sm_buffer *storage; /* textures: the texels' buffer (residency) */
  union {
    struct sm_texture_desc texture;
    struct sm_sampler_desc sampler;
  } desc;
};

static struct entry *_Atomic chunks[CHUNKS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t *free_slots; /* under table_lock */
static size_t free_count, free_capacity;
static uint32_t next_slot;        /* slots [0, next_slot) have been used */
static uint64_t serial;           /* under table_lock */
static unsigned char *fault_page; /* PROT_NONE: the deliberate fault of a failed lookup */
static _Thread_local char fault_reason[320];

static void fault_page_create(void) {
  void *p = mmap(NULL, sm_page_size(), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) abort();
  fault_page = p;
}

static uint64_t add(unsigned kind, const void *desc, size_t size, struct sm_buffer *storage) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, fault_page_create);
  pthread_mutex_lock(&table_lock);
  uint32_t slot;
  if (free_count)
    slot = free_slots[--free_count];
  else {
    if (next_slot == (1u << SLOT_BITS) - 1) abort(); /* 4 million live resources */
    slot = next_slot;
  }
  struct entry *chunk = atomic_load(&chunks[slot / CHUNK]);
  if (!chunk) {
    chunk = calloc(CHUNK, sizeof *chunk);
    if (!chunk) abort();
    atomic_store(&chunks[slot / CHUNK], chunk);
  }
  struct entry *e = &chunk[slot % CHUNK];
  e->kind = kind;
  e->storage = storage;
  memcpy(&e->desc, desc, size);
  uint64_t id = (++serial << SLOT_BITS) | (slot + 1);
  if (slot == next_slot) __atomic_store_n(&next_slot, slot + 1, __ATOMIC_RELEASE);
  atomic_store_explicit(&e->id, id, memory_order_release);
  pthread_mutex_unlock(&table_lock);
  return id;
}

uint64_t sm_resource_add_texture(const struct sm_texture_desc *desc, struct sm_buffer *storage) {
  return add(SM_RESOURCE_TEXTURE, desc, sizeof *desc, storage);
}

uint64_t sm_resource_add_sampler(const struct sm_sampler_desc *desc) {
  return add(SM_RESOURCE_SAMPLER, desc, sizeof *desc, NULL);
}

/* The slot of id, or NULL if id names none that was ever used. */
static struct entry *slot_of(uint64_t id) {
  uint64_t slot = (id & ((1u << SLOT_BITS) - 1));
  if (slot == 0 || slot > __atomic_load_n(&next_slot, __ATOMIC_ACQUIRE))
    return NULL; /* grows only */
  slot -= 1;
  struct entry *chunk = atomic_load_explicit(&chunks[slot / CHUNK], memory_order_acquire);
  return chunk ? &chunk[slot % CHUNK] : NULL;
}

void sm_resource_remove(uint64_t id) {
  pthread_mutex_lock(&table_lock);
  struct entry *e = slot_of(id);
  if (e && atomic_load(&e->id) == id) {
    atomic_store_explicit(&e->id, 0, memory_order_release);
    e->storage = NULL;
    if (free_count == free_capacity) {
      free_capacity = free_capacity ? free_capacity * 2 : 64;
      free_slots = realloc(free_slots, free_capacity * sizeof *free_slots);
      if (!free_slots) abort();
    }
    free_slots[free_count++] = (uint32_t)((id & ((1u << SLOT_BITS) - 1)) - 1);
  }
  pthread_mutex_unlock(&table_lock);
}

static const char *kind_name(unsigned kind) {
  return kind == SM_RESOURCE_TEXTURE ? "texture" : "sampler";
}

static const char *type_name(unsigned type) {
  static const char *const names[] = {"1D",   "1DArray",   "2D", "2DArray",   "2DMultisample",
                                      "Cube", "CubeArray", "3D", "2DMSArray", "TextureBuffer"};
  return type < 10 ? names[type] : "?";
}
static const char *msl_type_name(unsigned type) {
  static const char *const names[] = {
      "texture1d",   "texture1d_array",   "texture2d", "texture2d_array",    "texture2d_ms",
      "texturecube", "texturecube_array", "texture3d", "texture2d_ms_array", "texture_buffer"};
  return type < 10 ? names[type] : "?";
}

/* Records why, then faults on the fault page (does not return). */
__attribute__((noreturn, noinline)) static void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(fault_reason, sizeof fault_reason, fmt, ap);
  va_end(ap);
  for (;;)
    *(volatile unsigned char *)fault_page = 1; /* SIGSEGV: pool.c takes it */
}

const void *sm_rt_resource(uint64_t id, unsigned kind) {
  if (kind == SM_RESOURCE_USAGE)
    fail("the kernel %s a texture whose usage lacks %s (MTLTextureDescriptor.usage)",
         id == 2 ? "writes" : "reads",
         id == 2 ? "MTLTextureUsageShaderWrite" : "MTLTextureUsageShaderRead");
  if (kind == SM_RESOURCE_TYPE)
    fail("the kernel uses a texture of type %s as %s (MTLTextureType and the MSL type must "
         "agree)",
         type_name((unsigned)(id >> 8) & 0xff), msl_type_name((unsigned)id & 0xff));
  if (kind == SM_RESOURCE_UNDEFINED_SAMPLE) /* id: the prelude's bits of what is wrong */
    fail("sampling with pixel coordinates (a sampler with normalizedCoordinates = NO)%s%s%s%s%s "
         "is undefined in Metal (MTLSamplerDescriptor.normalizedCoordinates: only 1D and 2D "
         "textures, clampToEdge or clampToZero, notMipmapped, minFilter == magFilter, "
         "maxAnisotropy 1)",
         id & 1 ? " with an address mode other than clampToEdge/clampToZero" : "",
         id & 2 ? " with a mip filter" : "", id & 4 ? " with minFilter != magFilter" : "",
         id & 8 ? " of a 3D or cube texture" : "", id & 16 ? " with maxAnisotropy > 1" : "");
  struct entry *e = slot_of(id);
  uint64_t live = e ? atomic_load_explicit(&e->id, memory_order_acquire) : 0;
  if (!e || live != id || !fault_page)
    fail("the %s handle (MTLResourceID 0x%lx) read by the kernel names no live %s "
         "(invalid resource)",
         kind_name(kind), (unsigned long)id, kind_name(kind));
  if (e->kind != kind)
    fail("the %s handle (MTLResourceID 0x%lx) read by the kernel is a %s's ID (invalid resource)",
         kind_name(kind), (unsigned long)id, kind_name(e->kind));
  if (kind == SM_RESOURCE_TEXTURE) {
    struct sm_buffer *b = e->storage;
    if (!b || !__atomic_load_n(&b->gpu_accessible, __ATOMIC_RELAXED))
      fail("the texture (MTLResourceID 0x%lx) is not resident for this dispatch: "
           "use useResource:usage: (or useHeap:) for textures reached through argument buffers",
           (unsigned long)id);
  }
  return &e->desc;
}

char *sm_resource_describe_fault(const void *addr) {
  const unsigned char *p = addr;
  if (!fault_page || p < fault_page || p >= fault_page + sm_page_size()) return NULL;
  return sm_strdup_printf("%s", fault_reason);
}
