/* runtime/core_module.c — the registry of device modules, their kernels and
 * variables, and their lazy loading.
 *
 * A module comes from a fat binary (cuda_register.c: clang's constructors
 * call __cudaRegisterFatBinary with the embedded device module, the blob of
 * docs/design.md, then __cudaRegisterFunction / __cudaRegisterVar), which
 * map host addresses (the kernel's host stub, the variable's host shadow) to
 * device names. Kernels are found by host stub (the runtime API) or by name
 * within a module (the driver API, NVRTC). Registration only parses and
 * records: it runs before main and must not touch Metal.
 *
 * The first launch or symbol access of a module loads it: newLibraryWithSource
 * for its MSL, arena storage for its variables (initialised from the blob)
 * and, per kernel on its first launch, a compute pipeline. A reset discards
 * all that; the next use loads again. A malformed blob or MSL that does not
 * compile is remembered as the module's error and reported by every launch,
 * with the reason printed to stderr once (Metal's compiler output is the only
 * useful diagnostic). Everything here but rt_module_register runs with the
 * lock held. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_mtl.h"

struct rt_module {
  rt_module *next;
  const rt_ctx *owner; /* loaded from an image in a created context: it goes with it */
  bool valid;          /* the blob parsed */
  bool error_reported; /* the reason of a failure went to stderr */
  char error[256];
  ac_module desc;
  /* loaded state, valid while loaded_generation == device generation */
  bool loaded;
  uint64_t loaded_generation;
  cudaError_t load_error;
  mtl_id library;
  mtl_id *pipelines; /* per kernel, created on first launch */
  /* per kernel, its dynamic-spill variant's (abi.h AC_ABI_DYNAMIC_SPILL_SUFFIX),
   * created on the first launch that needs it */
  mtl_id *spill_pipelines;
  rt_kernel_settings *settings; /* per kernel: cudaFuncSetAttribute's (zeroed by a reset) */
  uint64_t *global_addresses;   /* per global */
  /* __managed__ variables (rt_module_add_managed) */
  struct rt_managed *managed;
  size_t managed_count;
  /* loaded from an image (the driver API): the owned copy and the handles */
  unsigned char *image;
  rt_function *functions; /* per kernel */
};

/* A __managed__ variable: the global's index, the host's slot and shadow. */
typedef struct rt_managed {
  size_t index;
  void **slot;
  unsigned char *shadow;
} rt_managed;

/* A driver-API function handle: a kernel of a module loaded from an image. */
struct rt_function {
  rt_module *module;
  size_t index;
};

/* host address → (module, index of the kernel or global; SIZE_MAX if absent) */
typedef struct {
  const void *host;
  rt_module *module;
  size_t index;
} rt_entry;

typedef struct {
  rt_entry *entries;
  size_t count, capacity; /* open addressing, capacity a power of two */
} rt_map;

static rt_module *rt_modules;
static rt_map rt_functions, rt_variables;

/* ---- pointer-keyed hash map -------------------------------------------------- */

static size_t rt_hash(const void *p, size_t capacity) {
  uint64_t x = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
  return (size_t)(x >> 17) & (capacity - 1);
}

static rt_entry *rt_map_slot(rt_map *map, const void *host) {
  size_t i = rt_hash(host, map->capacity);
  while (map->entries[i].host && map->entries[i].host != host)
    i = (i + 1) & (map->capacity - 1);
  return &map->entries[i];
}

static bool rt_map_grow(rt_map *map) {
  rt_map bigger = {NULL, 0, map->capacity ? map->capacity * 2 : 64};
  bigger.entries = calloc(bigger.capacity, sizeof *bigger.entries);
  if (!bigger.entries) return false;
  for (size_t i = 0; i < map->capacity; i++)
    if (map->entries[i].host) *rt_map_slot(&bigger, map->entries[i].host) = map->entries[i];
  bigger.count = map->count;
  free(map->entries);
  *map = bigger;
  return true;
}

static void rt_map_put(rt_map *map, rt_entry entry) {
  if ((map->count + 1) * 2 > map->capacity && !rt_map_grow(map)) return;
  rt_entry *slot = rt_map_slot(map, entry.host);
  if (!slot->host) map->count++;
  *slot = entry; /* re-registration: the latest module wins */
}

static const rt_entry *rt_map_get(rt_map *map, const void *host) {
  if (!map->capacity || !host) return NULL;
  rt_entry *slot = rt_map_slot(map, host);
  return slot->host ? slot : NULL;
}

/* Removes every entry of module (rebuilding keeps probe chains intact). */
static void rt_map_forget(rt_map *map, const rt_module *module) {
  rt_map old = *map;
  *map = (rt_map){NULL, 0, 0};
  for (size_t i = 0; i < old.capacity; i++)
    if (old.entries[i].host && old.entries[i].module != module) rt_map_put(map, old.entries[i]);
  free(old.entries);
}

/* ---- registration (called by clang-generated constructors) ---------------------- */

/* One function handle per kernel (cudaGetFuncBySymbol, cuModuleGetFunction). */
static bool rt_module_make_functions(rt_module *m) {
  m->functions = calloc(m->desc.kernel_count + 1, sizeof *m->functions);
  if (!m->functions) return false;
  for (size_t i = 0; i < m->desc.kernel_count; i++)
    m->functions[i] = (rt_function){m, i};
  return true;
}

static rt_module *rt_module_parse(const void *fat_cubin) {
  rt_module *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  const ac_fatbin_wrapper *wrapper = fat_cubin;
  if (!wrapper || wrapper->magic != AC_FATBIN_MAGIC || wrapper->version != AC_FATBIN_VERSION)
    snprintf(m->error, sizeof m->error, "fat binary wrapper has wrong magic or version");
  else
    m->valid = ac_module_parse(wrapper->data, &m->desc, m->error, sizeof m->error);
  if (m->valid && !rt_module_make_functions(m)) {
    ac_module_free(&m->desc);
    free(m);
    return NULL;
  }
  return m;
}

rt_module *rt_module_register(const void *fat_binary) {
  rt_module *m = rt_module_parse(fat_binary);
  if (!m) return NULL;
  rt_lock();
  m->next = rt_modules;
  rt_modules = m;
  rt_unlock();
  return m;
}

static size_t rt_find_kernel(const rt_module *m, const char *name) {
  for (size_t i = 0; m->valid && name && i < m->desc.kernel_count; i++)
    if (strcmp(m->desc.kernels[i].name, name) == 0) return i;
  return SIZE_MAX;
}

static size_t rt_find_global(const rt_module *m, const char *name) {
  for (size_t i = 0; m->valid && name && i < m->desc.global_count; i++)
    if (strcmp(m->desc.globals[i].name, name) == 0) return i;
  return SIZE_MAX;
}

void rt_module_add_kernel(rt_module *module, const void *host_function, const char *device_name) {
  assert(rt_lock_held() && module && host_function);
  rt_map_put(&rt_functions, (rt_entry){host_function, module, rt_find_kernel(module, device_name)});
}

void rt_module_add_variable(rt_module *module, const void *host_variable, const char *device_name) {
  assert(rt_lock_held() && module && host_variable);
  rt_map_put(&rt_variables, (rt_entry){host_variable, module, rt_find_global(module, device_name)});
}

static void rt_module_place_managed(rt_device *device);
static bool rt_managed_any; /* a module registered a __managed__ variable */

void rt_module_add_managed(rt_module *module, void **slot, void *shadow, const char *device_name,
                           size_t size) {
  assert(rt_lock_held() && module && slot && shadow);
  rt_map_put(&rt_variables, (rt_entry){shadow, module, rt_find_global(module, device_name)});
  *slot = shadow;
  size_t index = rt_find_global(module, device_name);
  if (index == SIZE_MAX) return;                  /* no device side: the shadow is the variable */
  if (module->desc.globals[index].size != size) { /* the two compiles disagree */
    module->valid = false;
    snprintf(module->error, sizeof module->error,
             "__managed__ variable '%s' has %zu bytes on the host, %llu on the device", device_name,
             size, (unsigned long long)module->desc.globals[index].size);
    return;
  }
  rt_managed *grown = realloc(module->managed, (module->managed_count + 1) * sizeof *grown);
  if (!grown) {
    rt_module_refuse(module, "__managed__ variable (out of memory)", device_name);
    return;
  }
  module->managed = grown;
  module->managed[module->managed_count++] = (rt_managed){index, slot, shadow};
  const ac_global *g = &module->desc.globals[index];
  if (g->init)
    memcpy(shadow, g->init, g->size);
  else
    memset(shadow, 0, g->size);
  rt_device_set_ready_hook(rt_module_place_managed);
  rt_managed_any = true;
}

/* Points the slots of m's managed variables back at their shadows, with the
 * bytes of the arena storage when it is still the current device's. */
static void rt_module_managed_home(rt_module *m) {
  rt_device *s = rt_device_current();
  bool live = m->loaded && m->global_addresses && s && m->loaded_generation == s->generation &&
              m->load_error == cudaSuccess;
  for (size_t i = 0; i < m->managed_count; i++) {
    rt_managed *v = &m->managed[i];
    if (*v->slot == v->shadow) continue;
    if (live)
      memcpy(v->shadow, (void *)(uintptr_t)m->global_addresses[v->index],
             m->desc.globals[v->index].size);
    *v->slot = v->shadow;
  }
}

void rt_module_refuse(rt_module *module, const char *what, const char *name) {
  assert(rt_lock_held() && module && what);
  module->valid = false;
  snprintf(module->error, sizeof module->error, "%s '%s' is not supported by Anchor", what,
           name ? name : "?");
}

static void rt_module_release(rt_module *m) {
  rt_module_managed_home(m);
  if (m->pipelines)
    for (size_t i = 0; i < m->desc.kernel_count; i++)
      mtl_release(m->pipelines[i]);
  if (m->spill_pipelines)
    for (size_t i = 0; i < m->desc.kernel_count; i++)
      mtl_release(m->spill_pipelines[i]);
  mtl_release(m->library);
  free(m->pipelines);
  free(m->spill_pipelines);
  m->spill_pipelines = NULL;
  free(m->settings);
  free(m->global_addresses);
  m->pipelines = NULL;
  m->settings = NULL;
  m->global_addresses = NULL;
  m->library = NULL;
  m->loaded = false;
}

void rt_module_unregister(rt_module *m) {
  assert(rt_lock_held() && m);
  if (m->loaded) rt_wait_all(); /* its pipelines may be running */
  rt_map_forget(&rt_functions, m);
  rt_map_forget(&rt_variables, m);
  for (rt_module **p = &rt_modules; *p; p = &(*p)->next)
    if (*p == m) {
      *p = m->next;
      break;
    }
  rt_module_managed_home(m);
  rt_device *s = rt_device_current();
  /* a module whose load failed (its MSL did not compile, no room for its variables)
   * has no variables in the arena */
  if (m->loaded && m->load_error == cudaSuccess && m->global_addresses && s &&
      m->loaded_generation == s->generation) {
    for (size_t i = 0; m->global_addresses && i < m->managed_count; i++) /* cudaMemAdvise's */
      rt_hints_forget((void *)(uintptr_t)m->global_addresses[m->managed[i].index]);
    for (size_t i = 0; i < m->desc.global_count; i++)
      rt_arena_free(&s->arena, m->global_addresses[i] - (uint64_t)(uintptr_t)s->arena_base,
                    RT_BLOCK_GLOBAL);
  }
  rt_module_release(m);
  ac_module_free(&m->desc);
  free(m->image);
  rt_handle_retire(m->functions); /* the function handles: unknown a while (retire.c) */
  free(m->managed);
  rt_handle_retire(m);
}

/* ---- loading ------------------------------------------------------------------------ */

static void rt_report_once(rt_module *m, const char *what, const char *detail) {
  if (m->error_reported) return;
  m->error_reported = true;
  fprintf(stderr, "anchor: %s: %s\n", what, detail);
}

/* Storage for the module's variables, initialised from the blob. */
static cudaError_t rt_module_globals(rt_module *m, rt_device *s) {
  m->global_addresses = calloc(m->desc.global_count + 1, sizeof *m->global_addresses);
  if (!m->global_addresses) return cudaErrorMemoryAllocation;
  for (size_t i = 0; i < m->desc.global_count; i++) {
    const ac_global *g = &m->desc.globals[i];
    uint64_t offset;
    if (!rt_arena_alloc(&s->arena, g->size, RT_BLOCK_GLOBAL, &offset)) {
      while (i-- > 0)
        rt_arena_free(&s->arena, m->global_addresses[i] - (uint64_t)(uintptr_t)s->arena_base,
                      RT_BLOCK_GLOBAL);
      return cudaErrorMemoryAllocation;
    }
    unsigned char *p = s->arena_base + offset;
    const unsigned char *shadow = NULL; /* a managed variable's current bytes */
    for (size_t v = 0; v < m->managed_count; v++)
      if (m->managed[v].index == i) shadow = m->managed[v].shadow;
    if (shadow)
      memcpy(p, shadow, g->size);
    else if (g->init)
      memcpy(p, g->init, g->size);
    else
      memset(p, 0, g->size);
    m->global_addresses[i] = (uint64_t)(uintptr_t)p;
  }
  /* Addresses in initialisers, once every global has its own (the parser
   * checked that each lies inside its global and names one). */
  for (size_t i = 0; i < m->desc.global_count; i++) {
    const ac_global *g = &m->desc.globals[i];
    unsigned char *p = (unsigned char *)(uintptr_t)m->global_addresses[i];
    for (size_t a = 0; a < g->address_count; a++) {
      uint64_t value = m->global_addresses[g->addresses[a].target] + g->addresses[a].addend;
      for (int b = 0; b < 8; b++)
        p[g->addresses[a].offset + (size_t)b] = (unsigned char)(value >> (8 * b));
    }
  }
  /* From now on the host reaches managed variables in the arena. */
  for (size_t v = 0; v < m->managed_count; v++)
    *m->managed[v].slot = (void *)(uintptr_t)m->global_addresses[m->managed[v].index];
  return cudaSuccess;
}

static cudaError_t rt_module_load(rt_module *m, rt_device *s);

/* The device just became ready: every module with managed variables loads,
 * so that host code sees them in the arena from the first CUDA call on (a
 * module that fails to load keeps them in their shadows; its launches
 * report why). */
static void rt_module_place_managed(rt_device *device) {
  for (rt_module *m = rt_modules; m; m = m->next)
    if (m->managed_count) (void)rt_module_load(m, device);
}

static cudaError_t rt_module_load(rt_module *m, rt_device *s) {
  if (!m->valid) {
    rt_report_once(m, "invalid device module", m->error);
    return cudaErrorInvalidKernelImage;
  }
  if (m->loaded && m->loaded_generation == s->generation) return m->load_error;
  if (m->loaded) rt_module_release(m); /* from before a cudaDeviceReset */
  m->loaded = true;
  m->loaded_generation = s->generation;
  m->pipelines = calloc(m->desc.kernel_count + 1, sizeof *m->pipelines);
  m->spill_pipelines = calloc(m->desc.kernel_count + 1, sizeof *m->spill_pipelines);
  m->settings = calloc(m->desc.kernel_count + 1, sizeof *m->settings);
  mtl_id error = NULL;
  uint64_t version = MTL_LANGUAGE_VERSION(m->desc.language_major, m->desc.language_minor);
  m->library = mtl_new_library_with_source_version(s->device, m->desc.msl, version, &error);
  if (!m->pipelines || !m->spill_pipelines || !m->settings)
    m->load_error = cudaErrorMemoryAllocation;
  else if (!m->library) {
    rt_report_once(m, "the module's MSL did not compile for Metal",
                   error ? mtl_error_description(error) : "no error description");
    m->load_error = cudaErrorInvalidPtx;
  } else
    m->load_error = rt_module_globals(m, s);
  return m->load_error;
}

/* The pipeline of MSL function name into *slot, unless there already. */
static cudaError_t rt_function_pipeline(rt_module *m, const char *name, rt_device *s,
                                        mtl_id *slot) {
  if (*slot) return cudaSuccess;
  mtl_id function = mtl_library_new_function(m->library, name);
  if (!function) {
    fprintf(stderr, "anchor: kernel %s is missing from the module's Metal library\n", name);
    return cudaErrorNoKernelImageForDevice;
  }
  mtl_id error = NULL;
  *slot = mtl_new_compute_pipeline_state(s->device, function, &error);
  mtl_release(function);
  if (!*slot) {
    fprintf(stderr, "anchor: no compute pipeline for kernel %s: %s\n", name,
            error ? mtl_error_description(error) : "no error description");
    return cudaErrorNoKernelImageForDevice;
  }
  return cudaSuccess;
}

static cudaError_t rt_kernel_pipeline(rt_module *m, size_t index, rt_device *s) {
  return rt_function_pipeline(m, m->desc.kernels[index].name, s, &m->pipelines[index]);
}

/* Loads kernel index of m (SIZE_MAX: not in the module) and describes it. */
static cudaError_t rt_module_kernel_at(rt_module *m, size_t index, rt_kernel *out) {
  rt_device *s;
  cudaError_t e = rt_device_ready(&s);
  if (e == cudaSuccess) e = rt_module_load(m, s);
  if (e == cudaSuccess && index == SIZE_MAX) e = cudaErrorInvalidDeviceFunction;
  if (e == cudaSuccess) e = rt_kernel_pipeline(m, index, s);
  if (e != cudaSuccess) return e;
  assert(index < m->desc.kernel_count && m->pipelines[index]);
  *out = (rt_kernel){&m->desc.kernels[index], m, index,
                     mtl_pipeline_max_total_threads_per_threadgroup(m->pipelines[index]),
                     &m->settings[index]};
  return cudaSuccess;
}

static bool rt_function_live(const rt_function *function);

cudaError_t rt_module_kernel_by_stub(const void *host_function, rt_kernel *out) {
  assert(rt_lock_held() && out);
  const rt_entry *entry = rt_map_get(&rt_functions, host_function);
  if (!entry && rt_function_live(host_function)) { /* a cudaKernel_t of a loaded library */
    const rt_function *f = host_function;
    return rt_module_kernel_at(f->module, f->index, out);
  }
  if (!entry) return cudaErrorInvalidDeviceFunction;
  return rt_module_kernel_at(entry->module, entry->index, out);
}

cudaError_t rt_module_kernel_by_name(rt_module *module, const char *name, rt_kernel *out) {
  assert(rt_lock_held() && module && out);
  return rt_module_kernel_at(module, rt_find_kernel(module, name), out);
}

mtl_id rt_module_pipeline(const rt_kernel *kernel) {
  assert(rt_lock_held() && kernel->module->pipelines[kernel->index]);
  return kernel->module->pipelines[kernel->index];
}

cudaError_t rt_module_spill_pipeline(const rt_kernel *kernel, mtl_id *out) {
  assert(rt_lock_held() && kernel->desc->dynamic_smem);
  rt_module *m = kernel->module;
  rt_device *s = rt_device_current();
  size_t length = strlen(kernel->desc->name) + sizeof AC_ABI_DYNAMIC_SPILL_SUFFIX;
  char *name = malloc(length);
  if (!name || !s) {
    free(name);
    return cudaErrorMemoryAllocation;
  }
  snprintf(name, length, "%s%s", kernel->desc->name, AC_ABI_DYNAMIC_SPILL_SUFFIX);
  cudaError_t e = rt_function_pipeline(m, name, s, &m->spill_pipelines[kernel->index]);
  free(name);
  *out = m->spill_pipelines[kernel->index];
  return e;
}

const uint64_t *rt_module_global_addresses(const rt_kernel *kernel, size_t *count_out) {
  assert(rt_lock_held() && kernel->module->loaded);
  *count_out = kernel->module->desc.global_count;
  return kernel->module->global_addresses;
}

cudaError_t rt_module_symbol(const void *host_variable, void **address_out, size_t *size_out) {
  assert(rt_lock_held() && address_out && size_out);
  const rt_entry *entry = rt_map_get(&rt_variables, host_variable);
  rt_entry placed; /* a managed variable by its arena address (&x in host code) */
  for (rt_module *m = rt_modules; m && !entry && host_variable; m = m->next)
    for (size_t i = 0; i < m->managed_count && !entry; i++)
      if (*m->managed[i].slot == host_variable && host_variable != m->managed[i].shadow) {
        placed = (rt_entry){host_variable, m, m->managed[i].index};
        entry = &placed;
      }
  if (!entry) return cudaErrorInvalidSymbol;
  rt_device *s;
  cudaError_t e = rt_device_ready(&s);
  if (e == cudaSuccess) e = rt_module_load(entry->module, s);
  if (e == cudaSuccess && entry->index == SIZE_MAX) e = cudaErrorInvalidSymbol;
  if (e != cudaSuccess) return e;
  *address_out = (void *)(uintptr_t)entry->module->global_addresses[entry->index];
  *size_out = entry->module->desc.globals[entry->index].size;
  return cudaSuccess;
}

uint64_t rt_module_constant_bytes(const rt_kernel *kernel) {
  assert(rt_lock_held() && kernel);
  uint64_t bytes = 0;
  const ac_module *d = &kernel->module->desc;
  for (size_t i = 0; i < d->global_count; i++)
    if (d->globals[i].constant) bytes += d->globals[i].size;
  return bytes;
}

const char *rt_kernel_name(const rt_kernel *kernel) {
  assert(kernel && kernel->desc);
  return kernel->desc->name;
}

void rt_module_unload_all(void) {
  assert(rt_lock_held());
  for (rt_module *m = rt_modules; m; m = m->next)
    rt_module_release(m);
}

bool rt_module_managed_at(const void *p) {
  assert(rt_lock_held());
  uintptr_t a = (uintptr_t)p;
  for (const rt_module *m = rt_modules; m; m = m->next)
    for (size_t i = 0; i < m->managed_count; i++) {
      uintptr_t start = (uintptr_t)*m->managed[i].slot;
      if (start != (uintptr_t)m->managed[i].shadow && a >= start &&
          a - start < m->desc.globals[m->managed[i].index].size)
        return true;
    }
  return false;
}

void rt_module_place_managed_now(void) {
  assert(rt_lock_held());
  rt_device *s;
  if (rt_managed_any && !rt_device_current()) (void)rt_device_ready(&s);
}

void rt_module_set_owner(rt_module *m, const rt_ctx *owner) {
  assert(rt_lock_held() && m);
  m->owner = owner;
}

void rt_module_unload_owned(const rt_ctx *owner) {
  assert(rt_lock_held() && owner);
  for (rt_module *m = rt_modules; m;)
    if (m->owner == owner) {
      rt_module_unregister(m); /* changes the list: look again from its start */
      m = rt_modules;
    } else {
      m = m->next;
    }
}

/* ---- modules loaded from images (the driver API) ----------------------------------- */

/* The blob's own length (common/module.h), 0 when image is no device module. */
static uint64_t rt_image_length(const unsigned char *image) {
  if (memcmp(image, AC_MODULE_MAGIC, 8) != 0) return 0;
  uint64_t length = 0;
  for (int b = 0; b < 8; b++)
    length |= (uint64_t)image[8 + b] << (8 * b);
  return length >= AC_MODULE_HEADER_BYTES && length <= AC_MODULE_MAX_BYTES ? length : 0;
}

cudaError_t rt_module_load_image(const void *image, rt_module **out) {
  assert(rt_lock_held() && image && out);
  const ac_fatbin_wrapper *wrapper = image;
  if (wrapper->magic == AC_FATBIN_MAGIC && wrapper->version == AC_FATBIN_VERSION && wrapper->data)
    image = wrapper->data;
  uint64_t length = rt_image_length(image);
  if (!length) return cudaErrorInvalidKernelImage;
  rt_module *m = calloc(1, sizeof *m);
  if (!m || !(m->image = malloc(length))) {
    free(m);
    return cudaErrorMemoryAllocation;
  }
  memcpy(m->image, image, length);
  if (!ac_module_parse(m->image, &m->desc, m->error, sizeof m->error)) {
    free(m->image);
    free(m);
    return cudaErrorInvalidKernelImage;
  }
  m->valid = true;
  if (!rt_module_make_functions(m)) {
    ac_module_free(&m->desc);
    free(m->image);
    free(m);
    return cudaErrorMemoryAllocation;
  }
  m->next = rt_modules;
  rt_modules = m;
  /* CUDA compiles at load: the errors come now, not at the first launch. */
  rt_device *s;
  cudaError_t e = rt_device_ready(&s);
  if (e == cudaSuccess) e = rt_module_load(m, s);
  if (e != cudaSuccess) {
    rt_module_unregister(m);
    return e;
  }
  *out = m;
  return cudaSuccess;
}

bool rt_module_loaded_image(const rt_module *module) {
  assert(rt_lock_held());
  for (const rt_module *m = rt_modules; m; m = m->next)
    if (m == module) return m->image != NULL;
  return false;
}

cudaError_t rt_module_function(rt_module *module, const char *name, rt_function **out) {
  assert(rt_lock_held() && module && name && out);
  size_t index = rt_find_kernel(module, name);
  if (index == SIZE_MAX || !module->functions) return cudaErrorSymbolNotFound;
  *out = &module->functions[index];
  return cudaSuccess;
}

size_t rt_module_function_count(const rt_module *module) {
  assert(module);
  return module->functions ? module->desc.kernel_count : 0;
}

rt_function *rt_module_function_at(rt_module *module, size_t index) {
  assert(module && index < rt_module_function_count(module));
  return &module->functions[index];
}

bool rt_function_valid(const rt_function *function) {
  assert(rt_lock_held());
  return rt_function_live(function);
}

static bool rt_function_live(const rt_function *function) {
  for (const rt_module *m = rt_modules; m && function; m = m->next)
    if (m->functions && function >= m->functions && function < m->functions + m->desc.kernel_count)
      return true;
  return false;
}

const char *rt_function_name(const rt_function *function) {
  return function->module->desc.kernels[function->index].name;
}

rt_module *rt_function_module(const rt_function *function) {
  return function->module;
}

cudaError_t rt_function_kernel(rt_function *function, rt_kernel *out) {
  assert(rt_lock_held() && function && out);
  return rt_module_kernel_at(function->module, function->index, out);
}

cudaError_t rt_module_global(rt_module *module, const char *name, void **address_out,
                             size_t *size_out) {
  assert(rt_lock_held() && module && name);
  size_t index = rt_find_global(module, name);
  if (index == SIZE_MAX) return cudaErrorSymbolNotFound;
  rt_device *s;
  cudaError_t e = rt_device_ready(&s);
  if (e == cudaSuccess) e = rt_module_load(module, s);
  if (e != cudaSuccess) return e;
  if (address_out) *address_out = (void *)(uintptr_t)module->global_addresses[index];
  if (size_out) *size_out = module->desc.globals[index].size;
  return cudaSuccess;
}

cudaError_t rt_module_function_by_stub(const void *host_function, rt_function **out) {
  assert(rt_lock_held() && out);
  const rt_entry *entry = rt_map_get(&rt_functions, host_function);
  if (!entry || entry->index == SIZE_MAX || !entry->module->functions)
    return cudaErrorInvalidDeviceFunction;
  *out = &entry->module->functions[entry->index];
  return cudaSuccess;
}

cudaError_t rt_module_load_file(const char *path, rt_module **out) {
  assert(rt_lock_held() && path && out);
  FILE *f = fopen(path, "rb");
  if (!f) return cudaErrorFileNotFound;
  unsigned char *data = NULL;
  size_t size = 0, capacity = 0;
  cudaError_t e = cudaSuccess;
  for (;;) {
    if (size == capacity) {
      size_t bigger = capacity ? capacity * 2 : (size_t)1 << 16;
      unsigned char *grown = bigger <= AC_MODULE_MAX_BYTES ? realloc(data, bigger) : NULL;
      if (!grown) {
        e = bigger <= AC_MODULE_MAX_BYTES ? cudaErrorMemoryAllocation : cudaErrorInvalidKernelImage;
        break;
      }
      data = grown;
      capacity = bigger;
    }
    size_t got = fread(data + size, 1, capacity - size, f);
    size += got;
    if (got == 0) break;
  }
  fclose(f);
  /* The file must hold the whole module its header describes. */
  if (e == cudaSuccess) {
    uint64_t length = size >= AC_MODULE_HEADER_BYTES ? rt_image_length(data) : 0;
    e = length && length <= size ? rt_module_load_image(data, out) : cudaErrorInvalidKernelImage;
  }
  free(data); /* the module keeps its own copy */
  return e;
}
