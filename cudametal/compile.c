/* cudametal/compile.c — NVRTC: translated MSL -> cubin (see cm.h).
 *
 * The prelude is handed to NVRTC as the header <metal_stdlib>; CUDA's own headers
 * (cuda_fp16.h) come from the toolkit's include directory: $CUDA_HOME/include, else
 * the one CMake found (CM_CUDA_INCLUDE). -default-device makes MSL's plain functions
 * and program-scope variables __device__; fast math only when MTLCompileOptions asks.
 */
#include "cm.h"

#include <dlfcn.h>
#include <nvrtc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* NVIDIA's NVRTC, by path (dlopen RTLD_LOCAL): Anchor ships its own libnvrtc.so.13 in
 * lib/ (nvrtc/), which this library's search path (lib/, LD_LIBRARY_PATH) would find first
 * under the same name. Tried in order: $CUDAMETAL_NVRTC, $CUDA_HOME/lib64/, the toolkit
 * CMake found (CM_CUDA_LIBDIR). A library that exports libanchor's names is refused. */
#define CM_NVRTC_FUNCTIONS(X)                                                                      \
  X(nvrtcCreateProgram)                                                                            \
  X(nvrtcCompileProgram)                                                                           \
  X(nvrtcDestroyProgram)                                                                           \
  X(nvrtcGetErrorString)                                                                           \
  X(nvrtcGetProgramLogSize)                                                                        \
  X(nvrtcGetProgramLog)                                                                            \
  X(nvrtcGetPTXSize)                                                                               \
  X(nvrtcGetPTX)                                                                                   \
  X(nvrtcGetCUBINSize)                                                                             \
  X(nvrtcGetCUBIN)
#define CM_NVRTC_DEFINE(f) static __typeof__(f) *cm_##f;
CM_NVRTC_FUNCTIONS(CM_NVRTC_DEFINE)
static pthread_once_t nvrtc_once = PTHREAD_ONCE_INIT;
static char nvrtc_failure[1024];

static void nvrtc_load(void) {
  char paths[3][600] = {"", "", ""};
  const char *env = getenv("CUDAMETAL_NVRTC"), *home = getenv("CUDA_HOME");
  if (env && *env) snprintf(paths[0], sizeof paths[0], "%s", env);
  if (home && *home)
    snprintf(paths[1], sizeof paths[1], "%s/lib64/libnvrtc.so.%d", home, CM_CUDA_MAJOR);
  snprintf(paths[2], sizeof paths[2], "%s/libnvrtc.so.%d", CM_CUDA_LIBDIR, CM_CUDA_MAJOR);
  void *lib = NULL;
  int used = snprintf(nvrtc_failure, sizeof nvrtc_failure, "NVIDIA's NVRTC not found; tried");
  for (int i = 0; i < 3 && !lib; i++) {
    if (!paths[i][0]) continue;
    lib = dlopen(paths[i], RTLD_NOW | RTLD_LOCAL);
    const char *why = lib ? "Anchor's, not NVIDIA's" : dlerror();
    if (lib && dlsym(lib, "cudaMalloc")) dlclose(lib), lib = NULL;
    if (!lib && used < (int)sizeof nvrtc_failure)
      used += snprintf(nvrtc_failure + used, sizeof nvrtc_failure - (size_t)used, " %s (%s);",
                       paths[i], why ? why : "?");
  }
  if (!lib) return;
  nvrtc_failure[0] = 0;
#define CM_NVRTC_BIND(f)                                                                           \
  if (!nvrtc_failure[0] && !(cm_##f = (__typeof__(f) *)dlsym(lib, #f)))                            \
    snprintf(nvrtc_failure, sizeof nvrtc_failure, "NVRTC has no %s", #f);
  CM_NVRTC_FUNCTIONS(CM_NVRTC_BIND)
}
#define nvrtcCreateProgram (*cm_nvrtcCreateProgram)
#define nvrtcCompileProgram (*cm_nvrtcCompileProgram)
#define nvrtcDestroyProgram (*cm_nvrtcDestroyProgram)
#define nvrtcGetErrorString (*cm_nvrtcGetErrorString)
#define nvrtcGetProgramLogSize (*cm_nvrtcGetProgramLogSize)
#define nvrtcGetProgramLog (*cm_nvrtcGetProgramLog)
#define nvrtcGetPTXSize (*cm_nvrtcGetPTXSize)
#define nvrtcGetPTX (*cm_nvrtcGetPTX)
#define nvrtcGetCUBINSize (*cm_nvrtcGetCUBINSize)
#define nvrtcGetCUBIN (*cm_nvrtcGetCUBIN)

static char *prelude_text;
/* The whole file at path (malloc'd, NUL-terminated), or NULL. */
static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (s && fread(s, 1, (size_t)n, f) == (size_t)n) {
    s[n] = 0;
  } else {
    free(s);
    s = NULL;
  }
  fclose(f);
  return s;
}

/* $CUDAMETAL_PRELUDE, else anchor/cudametal/metal_stdlib beside this library (lib/),
 * else ../lib/anchor/... from this executable (bin/msl2cuda). */
static void prelude_load(void) {
  const char *env = getenv("CUDAMETAL_PRELUDE");
  if (env && *env) {
    prelude_text = read_file(env);
    return;
  }
  Dl_info info;
  if (!dladdr((void *)cm_prelude, &info) || !info.dli_fname || !strrchr(info.dli_fname, '/'))
    return;
  int dir = (int)(strrchr(info.dli_fname, '/') - info.dli_fname);
  static const char *const tails[] = {"/anchor/cudametal/metal_stdlib",
                                      "/../lib/anchor/cudametal/metal_stdlib"};
  for (size_t i = 0; i < 2 && !prelude_text; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%.*s%s", dir, info.dli_fname, tails[i]);
    prelude_text = read_file(path);
  }
}
const char *cm_prelude(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, prelude_load);
  return prelude_text;
}

static char *dup_printf(const char *fmt, const char *a, const char *b) {
  size_t n = strlen(fmt) + strlen(a) + strlen(b) + 1;
  char *s = malloc(n);
  if (s) snprintf(s, n, fmt, a, b);
  return s;
}

void *cm_nvrtc_compile(const char *source, int arch, int metal_version, bool fast_math,
                       size_t *size, char **log_out) {
  *log_out = NULL;
  const char *prelude = cm_prelude();
  if (!prelude) {
    *log_out = dup_printf("cudametal: the MSL prelude (lib/anchor/cudametal/metal_stdlib%s%s) "
                          "was not found",
                          "", "");
    return NULL;
  }
  const char *home = getenv("CUDA_HOME");
  char include[4200], gpu_arch[64], version[64];
  if (home && *home)
    snprintf(include, sizeof include, "-I%s/include", home);
  else
    snprintf(include, sizeof include, "-I%s", CM_CUDA_INCLUDE);
  /* arch < 0: PTX for compute_<-arch> only (no ptxas; what the no-GPU test uses). */
  snprintf(gpu_arch, sizeof gpu_arch, arch < 0 ? "-arch=compute_%d" : "-arch=sm_%d",
           arch < 0 ? -arch : arch);
  snprintf(version, sizeof version, "-D__METAL_VERSION__=%d", metal_version);
  const char *options[8];
  int n = 0;
  options[n++] = gpu_arch;
  options[n++] = "-default-device";
  options[n++] = "-std=c++17";
  options[n++] = include;
  options[n++] = version;
  options[n++] = "-w";
  if (fast_math) options[n++] = "--use_fast_math";
  const char *header_names[] = {"metal_stdlib"};
  const char *headers[] = {prelude};
  pthread_once(&nvrtc_once, nvrtc_load);
  if (nvrtc_failure[0]) {
    *log_out = dup_printf("cudametal: %s%s", nvrtc_failure, "");
    return NULL;
  }
  nvrtcProgram program;
  nvrtcResult r = nvrtcCreateProgram(&program, source, "program_source", 1, headers, header_names);
  if (r != NVRTC_SUCCESS) {
    *log_out = dup_printf("cudametal: nvrtcCreateProgram: %s%s", nvrtcGetErrorString(r), "");
    return NULL;
  }
  r = nvrtcCompileProgram(program, n, options);
  void *cubin = NULL;
  if (r != NVRTC_SUCCESS) {
    size_t log_size = 0;
    nvrtcGetProgramLogSize(program, &log_size);
    char *log = malloc(log_size + 1);
    if (log) {
      log[0] = 0;
      nvrtcGetProgramLog(program, log);
      log[log_size] = 0;
    }
    *log_out = log;
  } else if (arch < 0) {
    if (nvrtcGetPTXSize(program, size) == NVRTC_SUCCESS && (cubin = malloc(*size)) &&
        nvrtcGetPTX(program, cubin) != NVRTC_SUCCESS) {
      free(cubin);
      cubin = NULL;
      *log_out = dup_printf("cudametal: nvrtcGetPTX failed%s%s", "", "");
    }
  } else if (nvrtcGetCUBINSize(program, size) == NVRTC_SUCCESS && (cubin = malloc(*size)) &&
             nvrtcGetCUBIN(program, cubin) != NVRTC_SUCCESS) {
    free(cubin);
    cubin = NULL;
    *log_out = dup_printf("cudametal: nvrtcGetCUBIN failed%s%s", "", "");
  }
  nvrtcDestroyProgram(&program);
  return cubin;
}
