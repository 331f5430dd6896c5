/* runtime/entry.c — driver functions by name, for cuGetProcAddress and the
 * runtime's cudaGetDriverEntryPoint: looked up among libanchor's own exported
 * symbols (the library holding this file), newest version first. Pure C, no
 * Metal; thread-safe (dlopen/dlsym are). */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "core.h"

/* The loaded object that holds this function: libanchor (or a test binary). */
static void *rt_entry_self(void) {
  Dl_info info;
  if (!dladdr((void *)&rt_entry_point, &info) || !info.dli_fname) return NULL;
  return dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
}

/* Base names whose CUDA 13 function has another name, as cuda.h's macros map
 * them (CUDA 12 replaced cuGraphInstantiate's signature by
 * cuGraphInstantiateWithFlags'). */
static const char *rt_entry_renamed(const char *name) {
  static const char *const renamed[][2] = {
      {"cuGraphInstantiate", "cuGraphInstantiateWithFlags"},
  };
  for (size_t i = 0; i < sizeof renamed / sizeof renamed[0]; i++)
    if (strcmp(name, renamed[i][0]) == 0) return renamed[i][1];
  return name;
}

void *rt_entry_point(const char *name) {
  if (!name || strncmp(name, "cu", 2) != 0 || strncmp(name, "cuda", 4) == 0 || strlen(name) > 100)
    return NULL;
  name = rt_entry_renamed(name);
  void *self = rt_entry_self();
  void *found = NULL;
  char versioned[128];
  for (int v = 4; self && v >= 1 && !found; v--) {
    if (v > 1)
      snprintf(versioned, sizeof versioned, "%s_v%d", name, v);
    else
      snprintf(versioned, sizeof versioned, "%s", name);
    found = dlsym(self, versioned);
  }
  if (self) dlclose(self); /* NOLOAD took a reference */
  return found;
}
