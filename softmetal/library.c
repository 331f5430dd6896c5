/* softmetal/library.c — MTLLibrary and MTLFunction.
 *
 * A library is the shared object compile.c built from its MSL, dlopen'ed: its
 * __sm_rt table is pointed at fiber.c's (and resource.c's) kernel services and each kernel's
 * entry points (__sm_entry_, __sm_group_, __sm_tgstatic_) are bound. A
 * function is one kernel of a library, which it keeps alive.
 */
#include "sm.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const library_domain = "MTLLibraryErrorDomain";

static Class library_class, function_class;

/* ---- MTLLibrary ------------------------------------------------------------------------ */
static void library_destroy(struct sm_object *o) {
  struct sm_library *l = (struct sm_library *)o;
  for (int i = 0; i < l->kernel_count; i++) {
    free(l->kernels[i].name);
    free(l->kernels[i].not_vectorized);
  }
  free(l->kernels);
  if (l->handle) dlclose(l->handle);
}

/* Points the library's kernel-service table at fiber.c. */
static void bind_runtime_table(struct sm_runtime_table *rt) {
  rt->threadgroup_barrier = sm_rt_threadgroup_barrier;
  rt->simdgroup_barrier = sm_rt_simdgroup_barrier;
  rt->threadgroup_base = sm_rt_threadgroup_base;
  rt->thread_index = sm_rt_thread_index;
  rt->simd_slots = sm_rt_simd_slots;
  rt->simd_active_mask = sm_rt_simd_active_mask;
  rt->lockstep_step = sm_rt_lockstep_step;
  rt->device_step = sm_rt_device_step;
  rt->barrier_lanes = sm_rt_barrier_lanes;
  rt->loop_yield = sm_rt_loop_yield;
  rt->resource = sm_rt_resource;
}

/* Fills k from what translation learnt and the object's symbols. Returns
 * false if a symbol is missing. */
static bool bind_kernel(struct sm_kernel *k, void *handle, const struct sm_kernel_info *info) {
  k->name = strdup(info->name);
  if (!k->name) abort();
  k->buffer_mask = info->buffer_mask;
  k->threadgroup_mask = info->threadgroup_mask;
  k->uses_barriers = info->uses_barriers;
  k->may_spin = info->may_spin;
  k->max_threads = info->max_threads ? info->max_threads : AC_MAX_THREADS_PER_THREADGROUP;
  char symbol[4200];
  snprintf(symbol, sizeof symbol, "__sm_entry_%s", k->name);
  k->entry = (sm_entry_fn)dlsym(handle, symbol);
  snprintf(symbol, sizeof symbol, "__sm_group_%s", k->name);
  k->group_entry = (sm_entry_fn)dlsym(handle, symbol);
  snprintf(symbol, sizeof symbol, "__sm_tgstatic_%s", k->name);
  const unsigned long *tg = dlsym(handle, symbol);
  if (!k->entry || !k->group_entry || !tg) return false;
  /* vector mode: the vectorizer's function, or why there is none (for the trace) */
  snprintf(symbol, sizeof symbol, "__sm_simd_%s", k->name);
  k->simd_entry = (sm_simd_fn)dlsym(handle, symbol);
  snprintf(symbol, sizeof symbol, "__sm_simd_width_%s", k->name);
  const int *width = dlsym(handle, symbol); /* negative: its loops yield */
  k->simd_width = width ? (unsigned)(*width < 0 ? -*width : *width) : 0;
  k->simd_yields = width && *width < 0;
  if (!k->simd_width) k->simd_entry = NULL;
  snprintf(symbol, sizeof symbol, "__sm_vector_%s", k->name);
  const char *why = dlsym(handle, symbol);
  if (!k->simd_entry && why) /* not NUL-terminated in the object: the reasons are < 256 bytes */
    k->not_vectorized = sm_strdup_printf("%.*s", (int)strnlen(why, 255), why);
  snprintf(symbol, sizeof symbol, "__sm_spins_%s", k->name);
  k->spins = dlsym(handle, symbol) != NULL;
  k->static_threadgroup_bytes = *tg;
  return true;
}

/* Loads the object and binds the kernels of t. Returns NULL or a diagnostic. */
static char *load(struct sm_library *l, const char *object, const struct sm_translation *t) {
  l->handle = dlopen(object, RTLD_NOW | RTLD_LOCAL);
  if (!l->handle) return sm_strdup_printf("softmetal: cannot load %s: %s", object, dlerror());
  struct sm_runtime_table *rt = dlsym(l->handle, "__sm_rt");
  if (!rt) return sm_strdup_printf("softmetal: %s has no __sm_rt table", object);
  bind_runtime_table(rt);
  l->kernels = calloc((size_t)t->kernel_count + 1, sizeof *l->kernels);
  if (!l->kernels) abort();
  for (int i = 0; i < t->kernel_count; i++) {
    struct sm_kernel *k = &l->kernels[l->kernel_count++];
    if (!bind_kernel(k, l->handle, &t->kernels[i]))
      return sm_strdup_printf("softmetal: kernel %s missing in %s", k->name, object);
  }
  return NULL;
}

struct sm_library *sm_library_new(const char *msl, const struct sm_compile_options *opts,
                                  id *error) {
  assert(msl && error);
  struct sm_translation t;
  char *object = NULL;
  char *diag = sm_compile(msl, opts ? opts->fast_math : true,
                          opts ? opts->language_version : SM_MSL_BASELINE_VERSION, &t, &object);
  struct sm_library *l = NULL;
  if (!diag) {
    l = sm_object_new(library_class, sizeof *l, library_destroy);
    diag = load(l, object, &t);
    if (diag) sm_release(l), l = NULL;
    sm_translation_free(&t);
  }
  if (diag) {
    *error = sm_error_new(library_domain, SM_LIBRARY_ERROR_COMPILE_FAILURE, "%s", diag);
    free(diag);
  }
  free(object);
  return l;
}

/* ---- MTLFunction -------------------------------------------------------------------------- */
static void function_destroy(struct sm_object *o) {
  struct sm_function *f = (struct sm_function *)o;
  sm_release(f->library);
  sm_release(f->name);
}

static id library_new_function(id self, SEL cmd, id name) {
  (void)cmd;
  struct sm_library *l = (struct sm_library *)self;
  const char *want = sm_string_utf8(name);
  for (int i = 0; want && i < l->kernel_count; i++) {
    if (strcmp(l->kernels[i].name, want)) continue;
    struct sm_function *f = sm_object_new(function_class, sizeof *f, function_destroy);
    f->library = sm_retain(l);
    f->kernel = &l->kernels[i];
    f->name = sm_string_new(want);
    return (id)f;
  }
  return nil; /* as Metal: no such function */
}

struct sm_function *sm_function_from(id object) {
  return object && object_getClass(object) == function_class ? (struct sm_function *)object : NULL;
}

static id function_name(id self, SEL cmd) {
  (void)cmd;
  return ((struct sm_function *)self)->name;
}

void sm_library_register(void) {
  library_class = sm_class_new(sm_object_class, "SoftMetalLibrary");
  sm_add_method(library_class, "newFunctionWithName:", library_new_function, "@@:@");
  objc_registerClassPair(library_class);

  function_class = sm_class_new(sm_object_class, "SoftMetalFunction");
  sm_add_method(function_class, "name", function_name, "@@:");
  objc_registerClassPair(function_class);
}
