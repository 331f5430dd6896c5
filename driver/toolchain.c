/* toolchain.c — where anchorcc finds everything it runs and includes.
 *
 * Nothing is looked up on PATH or in the current directory: the tools, headers
 * and libraries sit next to anchorcc (<root>/bin/anchorcc, <root>/include,
 * <root>/lib), so a build tree and an installed prefix behave the same.  Only
 * clang (and the archiver for -lib) come from outside, fixed at configure time and
 * overridable through the environment. */
#include "driver.h"

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "target.h"

#ifndef ANCHOR_CLANG_DEFAULT
#error "ANCHOR_CLANG_DEFAULT must name the configured clang++ (CMake sets it)"
#endif
#ifndef ANCHOR_AR_DEFAULT
#error "ANCHOR_AR_DEFAULT must name the configured archiver (CMake sets it)"
#endif
#ifndef ANCHOR_VERSION
#error "ANCHOR_VERSION must be set by CMake"
#endif

/* <root> is the parent of the directory holding the running executable. */
static char *find_root(void) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n < 0 || (size_t)n >= sizeof exe - 1) return NULL;
  exe[n] = '\0';
  char *bin = dirname(exe); /* modifies exe in place; result points into it */
  char *copy = drv_strdup(bin);
  char *root = drv_strdup(dirname(copy));
  free(copy);
  return root;
}

/* An environment override wins when it is set and not empty. */
static char *from_env_or(const char *name, const char *fallback) {
  const char *v = getenv(name);
  return drv_strdup(v && *v ? v : fallback);
}

int drv_toolchain_find(drv_toolchain *tc) {
  memset(tc, 0, sizeof *tc);
  tc->root = find_root();
  if (!tc->root)
    return drv_error("cannot locate anchorcc's own installation (/proc/self/exe unreadable)");
  tc->clang = from_env_or("ANCHOR_CLANG", ANCHOR_CLANG_DEFAULT);
  tc->ar = from_env_or("ANCHOR_AR", ANCHOR_AR_DEFAULT);
  tc->msl = drv_format("%s/bin/anchor-msl", tc->root);
  tc->self = drv_format("%s/bin/anchorcc", tc->root);
  tc->devlib = drv_format("%s/lib/anchor/devlib.bc", tc->root);
  tc->include = drv_format("%s/include", tc->root);
  tc->lib = drv_format("%s/lib", tc->root);
  return 0;
}

void drv_toolchain_free(drv_toolchain *tc) {
  free(tc->root);
  free(tc->clang);
  free(tc->ar);
  free(tc->msl);
  free(tc->self);
  free(tc->devlib);
  free(tc->include);
  free(tc->lib);
  memset(tc, 0, sizeof *tc);
}

void drv_print_version(const drv_toolchain *tc, bool hipcc) {
  /* hipcc's own first line (build tools read the HIP version from it); the
   * version of the HIP headers Anchor was configured with. */
#ifdef ANCHOR_HIP_VERSION_MAJOR
  if (hipcc)
    printf("HIP version: %d.%d.%d\n", ANCHOR_HIP_VERSION_MAJOR, ANCHOR_HIP_VERSION_MINOR,
           ANCHOR_HIP_VERSION_PATCH);
#else
  if (hipcc) printf("HIP version: unknown (Anchor was configured without HIP's headers)\n");
#endif
  printf("anchorcc: Anchor CUDA compiler driver, version %s\n"
         "Target: Apple GPUs through Metal (MSL %d.%d, Apple7 and later); "
         "without Metal, kernels run on softmetal\n"
         "Host and device front end: %s\n"
         "Installed in: %s\n"
         /* nvcc's form of the CUDA release the headers and libanchor implement:
          * build tools (CMake's FindCUDAToolkit) read the version from it. */
         "Implements the CUDA API of release %d.%d, V%d.%d.0\n",
         ANCHOR_VERSION, AC_MSL_BASELINE_MAJOR, AC_MSL_BASELINE_MINOR, tc->clang, tc->root,
         ANCHOR_CUDA_MAJOR, ANCHOR_CUDA_MINOR, ANCHOR_CUDA_MAJOR, ANCHOR_CUDA_MINOR);
}
