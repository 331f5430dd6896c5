/* cudametal/compile.c — NVRTC: translated MSL -> cubin (see cm.h).
 *
 * The prelude is handed to NVRTC as the header <metal_stdlib>; CUDA's own headers
 * (cuda_fp16.h) come from the toolkit's include directory: $CUDA_HOME/include, else
 * the one CMake found (CM_CUDA_INCLUDE). -default-device makes MSL's plain functions
 * and program-scope variables __device__; fast math only when MTLCompileOptions asks.
 */
#include "cm.h"

#include <dlfcn.h>
#include <errno.h>
#include <nvrtc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* NVIDIA's NVRTC, by path (dlopen RTLD_LOCAL): Anchor ships its own libnvrtc.so.13 in
 * lib/ (nvrtc/), which this library's search path (lib/, LD_LIBRARY_PATH) would find first
 * under the same name. Tried in order: $CUDAMETAL_NVRTC, $CUDA_HOME/lib64/, the toolkit
 * CMake found (CM_CUDA_LIBDIR). A library that exports libanchor's names is refused. */
#define CM_NVRTC_FUNCTIONS(X)                                                                      \
  X(nvrtcCreateProgram)                                                                            \
  X(nvrtcCompileProgram)                                                                           \
  X(nvrtcDestroyProgram)                                                                           \
  X(nvrtcGetErrorString)                                                                           \
  X(nvrtcVersion)                                                                                  \
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
#define nvrtcVersion (*cm_nvrtcVersion)
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

/* ---- the compiled-module cache ----
 * NVRTC takes seconds to minutes on a big module (the fp64 math programs), once per process.
 * Its output is kept in $CUDAMETAL_CACHE, else $XDG_CACHE_HOME/anchor/cudametal, else
 * $HOME/.cache/anchor/cudametal (CUDAMETAL_CACHE=off: no cache), one file per module named
 * by a 128-bit hash (two FNV-1a 64 of different bases) of everything that decides NVRTC's
 * output: the translated source, the prelude, the options but the include directory, the
 * target (sm_NN or PTX), NVRTC's version. A file is written whole under a temporary name
 * and renamed (concurrent processes: the last one wins, both whole). A file that cannot
 * be read or written: no cache, no error. */
typedef struct {
  unsigned long long a, b;
} cm_hash;
static void hash_bytes(cm_hash *h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) {
    h->a = (h->a ^ p[i]) * 0x100000001b3ull;
    h->b = (h->b ^ p[i]) * 0x100000001b3ull;
  }
  h->a = (h->a ^ 0xff) * 0x100000001b3ull; /* a separator: "ab"+"c" != "a"+"bc" */
  h->b = (h->b ^ 0xfe) * 0x100000001b3ull;
}
/* The cache file for a hash (path filled), or false when there is no cache directory. */
static bool cache_path(const cm_hash *h, bool ptx, char *path, size_t size) {
  const char *env = getenv("CUDAMETAL_CACHE"), *xdg = getenv("XDG_CACHE_HOME"),
             *home = getenv("HOME");
  char dir[3600];
  if (env && *env) {
    if (!strcmp(env, "off")) return false;
    snprintf(dir, sizeof dir, "%s", env);
  } else if (xdg && *xdg) {
    snprintf(dir, sizeof dir, "%s/anchor/cudametal", xdg);
  } else if (home && *home) {
    snprintf(dir, sizeof dir, "%s/.cache/anchor/cudametal", home);
  } else {
    return false;
  }
  /* mkdir -p */
  for (char *c = dir + 1;; c++) {
    if (*c == '/' || !*c) {
      char saved = *c;
      *c = 0;
      if (mkdir(dir, 0755) != 0 && errno != EEXIST) return false;
      *c = saved;
      if (!saved) break;
    }
  }
  snprintf(path, size, "%s/%016llx%016llx.%s", dir, h->a, h->b, ptx ? "ptx" : "cubin");
  return true;
}
static void *cache_read(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  void *data = NULL;
  if (fseek(f, 0, SEEK_END) == 0) {
    long n = ftell(f);
    if (n > 0 && fseek(f, 0, SEEK_SET) == 0 && (data = malloc((size_t)n)) &&
        fread(data, 1, (size_t)n, f) != (size_t)n) {
      free(data);
      data = NULL;
    }
    if (data) *size = (size_t)n;
  }
  fclose(f);
  return data;
}
static void cache_write(const char *path, const void *data, size_t size) {
  static _Atomic unsigned serial; /* two threads of one process: two names */
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.%ld.%u.tmp", path, (long)getpid(), serial++);
  FILE *f = fopen(tmp, "wb");
  if (!f) return;
  bool ok = fwrite(data, 1, size, f) == size;
  ok = fclose(f) == 0 && ok;
  if (!ok || rename(tmp, path) != 0) remove(tmp);
}

static void *nvrtc_compile(const char *source, int arch, int metal_version, bool fast_math,
                           size_t *size, char **log_out);
void *cm_nvrtc_compile(const char *source, int arch, int metal_version, bool fast_math,
                       size_t *size, char **log_out) {
  *log_out = NULL;
  const char *prelude = cm_prelude();
  char path[4096];
  bool cached = false;
  pthread_once(&nvrtc_once, nvrtc_load);
  if (prelude && !nvrtc_failure[0]) {
    int major = 0, minor = 0;
    nvrtcVersion(&major, &minor);
    int key[5] = {arch, metal_version, fast_math, major, minor};
    cm_hash h = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
    static const char version[] = "cudametal module cache 1";
    hash_bytes(&h, version, sizeof version);
    hash_bytes(&h, key, sizeof key);
    hash_bytes(&h, prelude, strlen(prelude));
    hash_bytes(&h, source, strlen(source));
    cached = cache_path(&h, arch < 0, path, sizeof path);
    void *data = cached ? cache_read(path, size) : NULL;
    if (data) return data;
  }
  void *module = nvrtc_compile(source, arch, metal_version, fast_math, size, log_out);
  if (module && cached) cache_write(path, module, *size);
  return module;
}

/* NVRTC itself: no cache. */
static void *nvrtc_compile(const char *source, int arch, int metal_version, bool fast_math,
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
  const char *options[12];
  int n = 0;
  options[n++] = gpu_arch;
  options[n++] = "-default-device";
  options[n++] = "-std=c++17";
  options[n++] = include;
  options[n++] = version;
  options[n++] = "-w";
  /* Anchor's MSL spells every fma it wants (metal::fma) and assumes no contraction of
   * a*b+c (Metal's default without fast math); NVRTC contracts by default (--fmad=true:
   * powf(-2, 127) came out 1 ulp off on the H200). Without fast math: IEEE everything,
   * spelled out rather than relied on. */
  if (fast_math) {
    options[n++] = "--use_fast_math";
  } else {
    options[n++] = "--fmad=false";
    options[n++] = "--ftz=false";
    options[n++] = "--prec-div=true";
    options[n++] = "--prec-sqrt=true";
  }
  /* MSL's <metal_simdgroup_matrix> is part of the one prelude, as softmetal's is. */
  const char *header_names[] = {"metal_stdlib", "metal_simdgroup_matrix"};
  const char *headers[] = {prelude, "#include <metal_stdlib>\n"};
  pthread_once(&nvrtc_once, nvrtc_load);
  if (nvrtc_failure[0]) {
    *log_out = dup_printf("cudametal: %s%s", nvrtc_failure, "");
    return NULL;
  }
  nvrtcProgram program;
  nvrtcResult r = nvrtcCreateProgram(&program, source, "program_source", 2, headers, header_names);
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

const char *cm_ptx_target(bool *bad) {
  const char *t = getenv("CUDAMETAL_PTX_TARGET");
  *bad = false;
  if (!t || !*t) return NULL;
  *bad = strncmp(t, "sm_", 3) != 0 || !t[3] || strspn(t + 3, "0123456789") != strlen(t + 3);
  return t;
}

char *cm_ptx_retarget(const char *ptx, const char *target, size_t *size) {
  const char *at = ptx;
  while ((at = strstr(at, ".target")) && at != ptx && at[-1] != '\n')
    at += 7; /* only a directive at the start of a line */
  if (!at || (at[7] != ' ' && at[7] != '\t')) return NULL;
  const char *name = at + 7;
  while (*name == ' ' || *name == '\t')
    name++;
  const char *end = name + strcspn(name, " \t,\r\n");
  size_t head = (size_t)(name - ptx), tlen = strlen(target), tail = strlen(end);
  char *out = malloc(head + tlen + tail + 1);
  if (!out) return NULL;
  memcpy(out, ptx, head);
  memcpy(out + head, target, tlen);
  memcpy(out + head + tlen, end, tail + 1);
  *size = head + tlen + tail + 1;
  return out;
}
