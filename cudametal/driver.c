/* cudametal/driver.c — binds cudametal's CUDA driver calls to libcuda.so.1 (driver.h
 * says why not through the dynamic linker). */
#define CM_DRIVER_IMPLEMENTATION
#include "driver.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define CM_STRING(x) CM_STRING_(x)
#define CM_STRING_(x) #x
#define CM_DRIVER_DEFINE(f) __typeof__(f) *cm_##f;
CM_DRIVER_FUNCTIONS(CM_DRIVER_DEFINE)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure;
static char reason[2048];

/* NVIDIA's driver, never Anchor's: lib/libcuda.so.1 is a link to libanchor (so that
 * programs that dlopen the driver get Anchor), and the loader finds it first when lib/ is
 * on the search path. So only absolute paths are tried, in order: $CUDAMETAL_LIBCUDA
 * (run_h200.sh sets it from ldconfig), then the usual driver directories; a library
 * exporting cudaMalloc (libanchor) is refused. Never the bare name: opening libanchor by
 * the name libcuda.so.1 would make glibc record that name for it, and NVIDIA's NVRTC,
 * which itself dlopens "libcuda.so.1" (cuInit, cuGetExportTable), would then get
 * libanchor. Loaded first (cudametal_create_device, before any compile), the real
 * driver is what NVRTC's dlopen finds, by its soname. */
static void *open_driver(void) {
  static const char *const candidates[] = {"",
                                           "libcuda.so.1",
                                           "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
                                           "/usr/lib64/libcuda.so.1",
                                           "/usr/lib/aarch64-linux-gnu/libcuda.so.1",
                                           "/usr/local/nvidia/lib64/libcuda.so.1",
                                           "/usr/lib/wsl/lib/libcuda.so.1",
                                           "/lib/x86_64-linux-gnu/libcuda.so.1"};
  const char *env = getenv("CUDAMETAL_LIBCUDA");
  int used = snprintf(reason, sizeof reason, "NVIDIA's libcuda.so.1 not found; tried");
  for (size_t i = 0; i < sizeof candidates / sizeof *candidates; i++) {
    const char *path = i == 0 ? env : candidates[i];
    if (!path || !*path) continue;
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    const char *why = lib ? "Anchor's libanchor" : dlerror();
    if (lib && !dlsym(lib, "cudaMalloc")) return lib;
    if (lib) dlclose(lib);
    if (used < (int)sizeof reason)
      used +=
          snprintf(reason + used, sizeof reason - (size_t)used, " %s (%s);", path, why ? why : "?");
  }
  return NULL;
}

static void load(void) {
  void *lib = open_driver();
  if (!lib) {
    failure = reason;
    return;
  }
  /* CM_STRING(f) is the name after <cuda.h>'s macros: the versioned symbol. */
#define CM_DRIVER_BIND(f)                                                                          \
  if (!failure && !(cm_##f = (__typeof__(f) *)dlsym(lib, CM_STRING(f)))) {                         \
    snprintf(reason, sizeof reason, "libcuda.so.1 has no %s (a driver older than CUDA 13?)",       \
             CM_STRING(f));                                                                        \
    failure = reason;                                                                              \
  }
  CM_DRIVER_FUNCTIONS(CM_DRIVER_BIND)
}

const char *cm_driver_load(void) {
  pthread_once(&once, load);
  return failure;
}
