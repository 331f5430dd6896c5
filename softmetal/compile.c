/* softmetal/compile.c — building translated MSL into a loadable object.
 *
 * The MSL is translated (translate.c) and compiled with clang++ against the
 * strict prelude: to IR, checked for casts between address spaces, then to a
 * shared object. Objects are cached under $XDG_CACHE_HOME/softmetal (or
 * ~/.cache/softmetal, or $TMPDIR/softmetal-<uid>) by a hash of everything that
 * determines them: compiler path, flags, prelude text and translated source.
 * Writers compile to private temporary names and rename(2) into place, so
 * concurrent processes never see a partial object. Loading the object is
 * library.c's business.
 */
#include "sm.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#ifndef SM_DEFAULT_CLANG
#define SM_DEFAULT_CLANG "/usr/lib/llvm-19/bin/clang++"
#endif

extern char **environ;

/* ---- where things are --------------------------------------------------------- */
static const char *clang_path(void) {
  const char *env = getenv("ANCHOR_CLANG");
  return env && *env ? env : SM_DEFAULT_CLANG;
}

/* <dir of libsoftmetal.so>/anchor/msl, or NULL. */
static char prelude_dir[4096];
static char *prelude_text;
/* Vector mode's IR tool <dir of libsoftmetal.so>/anchor/sm-vectorize and its bytes (part
 * of the cache key: a new vectorizer builds new objects); NULL if absent. */
static char vectorizer_path[4096];
static char *vectorizer_bytes;
static size_t vectorizer_size;

static void find_prelude(void) {
  Dl_info info;
  if (!dladdr((void *)find_prelude, &info) || !info.dli_fname) return;
  char path[4096];
  snprintf(path, sizeof path, "%s", info.dli_fname);
  snprintf(prelude_dir, sizeof prelude_dir, "%s/anchor/msl", dirname(path));
  char file[4200];
  snprintf(file, sizeof file, "%s/metal_stdlib", prelude_dir);
  prelude_text = sm_read_file(file);
  snprintf(vectorizer_path, sizeof vectorizer_path, "%.*s/sm-vectorize",
           (int)(strlen(prelude_dir) - strlen("/msl")), prelude_dir); /* <dir>/anchor */
  FILE *f = fopen(vectorizer_path, "rb");
  if (f) {
    struct sm_text bytes = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
      sm_text_append(&bytes, chunk, n);
    fclose(f);
    vectorizer_bytes = bytes.data, vectorizer_size = bytes.length;
  }
}

/* Creates dir and its parents; true if it then exists and is writable. */
static bool make_writable_dir(char *dir) {
  for (char *p = dir + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    mkdir(dir, 0755);
    *p = '/';
  }
  mkdir(dir, 0700);
  return access(dir, W_OK | X_OK) == 0;
}

/* Cache directory (created): $XDG_CACHE_HOME/softmetal, else
 * $HOME/.cache/softmetal, else ${TMPDIR:-/tmp}/softmetal-<uid>; the first that
 * can be written. NULL with *error set if none can. */
static char *cache_dir(char **error) {
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME"), *tmp = getenv("TMPDIR");
  char *candidates[3] = {
      xdg && *xdg ? sm_strdup_printf("%s/softmetal", xdg) : NULL,
      home && *home ? sm_strdup_printf("%s/.cache/softmetal", home) : NULL,
      sm_strdup_printf("%s/softmetal-%d", tmp && *tmp ? tmp : "/tmp", (int)getuid())};
  char *dir = NULL;
  for (int i = 0; i < 3; i++) {
    if (!dir && candidates[i] && make_writable_dir(candidates[i]))
      dir = candidates[i];
    else
      free(candidates[i]);
  }
  if (!dir)
    *error = strdup("softmetal: no writable directory to cache compiled libraries in "
                    "($XDG_CACHE_HOME/softmetal, $HOME/.cache/softmetal, $TMPDIR)");
  return dir;
}

/* ---- hashing: two FNV-1a 64 streams with different bases = 128 bits ---------------- */
struct hash {
  uint64_t a, b;
};
static void hash_bytes(struct hash *h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) {
    h->a = (h->a ^ p[i]) * 0x100000001b3ull;
    h->b = (h->b ^ p[i]) * 0x100000001b3ull;
    h->b ^= h->b >> 29;
  }
  h->a ^= n, h->b += n; /* separates consecutive fields */
}
static void hash_string(struct hash *h, const char *s) {
  hash_bytes(h, s, strlen(s));
}

/* ---- running clang -------------------------------------------------------------------- */
/* Runs argv, collecting stdout+stderr into *output. Returns the exit status or -1. */
static int run_tool(char *const argv[], char **output) {
  int fds[2];
  if (pipe(fds) != 0) return -1;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  struct sm_text text = {0};
  sm_text_append(&text, "", 0);
  if (rc == 0) {
    char chunk[4096];
    ssize_t n;
    while ((n = read(fds[0], chunk, sizeof chunk)) > 0 || (n < 0 && errno == EINTR))
      if (n > 0) sm_text_append(&text, chunk, (size_t)n);
  }
  close(fds[0]);
  *output = text.data;
  if (rc != 0) {
    free(*output);
    *output = sm_strdup_printf("softmetal: cannot run %s: %s", argv[0], strerror(rc));
    return -1;
  }
  int status;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static bool write_file(const char *path, const char *data, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return false;
  bool ok = fwrite(data, 1, n, f) == n;
  return fclose(f) == 0 && ok;
}

/* ---- address-space casts ------------------------------------------------------
 * clang rejects implicit conversions between address spaces but accepts
 * C-style casts, which MSL rejects. Such a cast is the only source of an
 * `addrspacecast` in the unoptimized IR of user code (softmetal's entry
 * trampolines cast its untyped binding table and are exempt), so the IR is
 * searched for one and its debug location reported. */
static const char *space_name(int space) {
  static const char *const names[] = {"thread", "device", "constant", "threadgroup"};
  return space >= 0 && space < 4 ? names[space] : "unknown";
}

/* The address space of the pointer type at p ("ptr" or "ptr addrspace(N)"). */
static int pointer_space(const char *p) {
  p += strspn(p, " ");
  if (strncmp(p, "ptr addrspace(", 14) == 0) return atoi(p + 14);
  return 0;
}

/* "line:column" of metadata !id in the IR, or "?". */
static void debug_location(const char *ir, long id, char *out, size_t size) {
  char key[64];
  snprintf(key, sizeof key, "\n!%ld = !DILocation(line: ", id);
  const char *p = strstr(ir, key);
  if (!p) {
    snprintf(out, size, "?");
    return;
  }
  p += strlen(key);
  long line = strtol(p, (char **)&p, 10), column = 0;
  if (strncmp(p, ", column: ", 10) == 0) column = strtol(p + 10, NULL, 10);
  snprintf(out, size, "%ld:%ld", line, column);
}

/* The first `word` in [line, eol) (eol NULL: to the end of the string), or NULL. */
static const char *find_in_line(const char *line, const char *eol, const char *word) {
  size_t n = strlen(word);
  for (const char *p = line; *p && p != eol; p++)
    if (*p == *word && strncmp(p, word, n) == 0) return p;
  return NULL;
}

/* Returns NULL, or a diagnostic for the first cross-space cast in user code. */
static char *find_address_space_cast(const char *ir) {
  bool exempt = false;
  for (const char *line = ir; line && *line;
       line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    if (strncmp(line, "define ", 7) == 0) {
      const char *at = strchr(line, '@');
      exempt =
          at && (strncmp(at + 1, "__sm_entry_", 11) == 0 ||
                 strncmp(at + 1, "__sm_group_", 11) == 0 || strncmp(at + 1, "__sm_lane_", 10) == 0);
    }
    /* searched in this line only: strstr over the rest of the IR at each line made
     * this quadratic (minutes for a large kernel, found by tests/differential) */
    const char *eol = strchr(line, '\n');
    const char *cast = exempt ? NULL : find_in_line(line, eol, "addrspacecast ");
    if (!cast) continue;
    const char *to = strstr(cast, " to ");
    int from_space = pointer_space(cast + 14), to_space = to ? pointer_space(to + 4) : 0;
    const char *dbg = strstr(cast, "!dbg !");
    char where[64] = "?";
    if (dbg && (!eol || dbg < eol))
      debug_location(ir, strtol(dbg + 6, NULL, 10), where, sizeof where);
    return sm_strdup_printf(
        "Compilation failed: \n\nprogram_source:%s: error: cast from a '%s' "
        "pointer to a '%s' pointer: MSL does not convert between address spaces",
        where, space_name(from_space), space_name(to_space));
  }
  return NULL;
}

/* clang marks every function noinline at -O0; the optimizing step must be
 * free to inline, so the word is removed from the IR's attribute groups. The
 * prelude's barrier calls are the exception: they must stay out of line (their
 * return address identifies the barrier) and are noduplicate, next to which
 * clang drops noinline; it is put back there. Returns a new string. */
static char *allow_inlining(const char *ir) {
  struct sm_text out = {0};
  for (const char *line = ir; *line;) {
    const char *eol = strchr(line, '\n');
    size_t n = eol ? (size_t)(eol - line) + 1 : strlen(line);
    if (strncmp(line, "attributes #", 12) != 0) {
      sm_text_append(&out, line, n);
    } else {
      char *group = strndup(line, n), *word;
      while ((word = strstr(group, " noinline")))
        memmove(word, word + 9, strlen(word + 9) + 1);
      char *brace = strchr(group, '{');
      if (strstr(group, " noduplicate") && brace) {
        sm_text_append(&out, group, (size_t)(brace + 1 - group));
        sm_text_append(&out, " noinline", 9);
        sm_text_append(&out, brace + 1, strlen(brace + 1));
      } else {
        sm_text_append(&out, group, strlen(group));
      }
      free(group);
    }
    line += n;
  }
  return out.data ? out.data : strdup("");
}

/* Kernels are compiled for the CPU that runs them, as a Metal driver compiles for its GPU
 * (softmetal compiles when the library is made, on the machine that dispatches it): on
 * x86-64 clang's -march=native, in both clang steps (the IR's functions carry the CPU).
 * The back end compiles the vector mode's 32-lane code in about half the time with AVX2
 * as with the x86-64 baseline's SSE2 (docs/softmetal.md, "Cost"). FMA stays off: `a * b + c`
 * (llvm.fmuladd) then rounds twice on every CPU, in scalar and vector code alike, as before
 * (explicit fma() is exact either way); on CPUs with AVX-512 this also leaves AVX-512 out (LLVM's
 * AVX-512 implies FMA), AVX2 remains. The CPU is part of the cache key (hash_native_cpu),
 * so a cache shared between machines never hands over another CPU's code. */
#if defined(__x86_64__)
#define SM_NATIVE_FLAGS "-march=native", "-mno-fma", "-mno-f16c",
#else
#define SM_NATIVE_FLAGS
#endif
static const char *const native_flags[] = {SM_NATIVE_FLAGS NULL};

/* Runs clang with flags + extra (NULL-terminated). Returns NULL or a diagnostic. */
static char *run_clang(const char *const *flags, const char *const *extra) {
  char include[4200];
  snprintf(include, sizeof include, "-I%s", prelude_dir);
  const char *argv[48];
  int n = 0;
  argv[n++] = clang_path();
  for (int i = 0; flags[i]; i++)
    argv[n++] = flags[i];
  for (int i = 0; native_flags[i]; i++)
    argv[n++] = native_flags[i];
  argv[n++] = include;
  for (int i = 0; extra[i]; i++)
    argv[n++] = extra[i];
  argv[n] = NULL;
  char *output = NULL;
  int status = run_tool((char *const *)argv, &output);
  char *error = status == 0 ? NULL : sm_strdup_printf("Compilation failed: \n\n%s", output);
  free(output);
  return error;
}

/* Vector mode: runs sm-vectorize over the IR file in place (it adds __sm_simd_NAME and
 * __sm_vector_NAME for each kernel). Returns NULL or a diagnostic (the tool failing is a
 * compile error, never a silent fallback). */
static char *run_vectorizer(const char *ir) {
  if (!vectorizer_bytes)
    return sm_strdup_printf(
        "softmetal: vector mode (the default; SOFTMETAL_MODE=lockstep does without it): "
        "the vectorizer %s is missing",
        vectorizer_path);
  char *out = sm_strdup_printf("%s.vec.ll", ir);
  const char *argv[] = {vectorizer_path, ir, out, NULL};
  char *output = NULL;
  int status = run_tool((char *const *)argv, &output);
  char *error = NULL;
  if (status != 0)
    error =
        sm_strdup_printf("Compilation failed: \n\nsoftmetal: the vectorizer failed:\n%s", output);
  else if (rename(out, ir) != 0)
    error = sm_strdup_printf("softmetal: cannot rename %s: %s", out, strerror(errno));
  if (!error && sm_trace()) /* a line per kernel: NAME: vector, or why not */
    for (char *line = output; *line;) {
      char *eol = strchr(line, '\n');
      int n = eol ? (int)(eol - line) : (int)strlen(line);
      fprintf(stderr, "softmetal: vectorizer: %.*s\n", n, line);
      line += n + (eol != NULL);
    }
  unlink(out);
  free(out);
  free(output);
  return error;
}

/* Compiles source to `object` in two steps, both via temporaries: MSL -> IR
 * (unoptimized, with line tables, checked for address-space casts), then
 * IR -> optimized shared object. Returns NULL or a diagnostic. */
static char *compile(const char *source, const char *object, const char *const *flags,
                     const char *const *object_flags) {
  /* Unique per process and per call: threads may compile the same source. */
  static atomic_uint serial;
  unsigned n = atomic_fetch_add(&serial, 1);
  char *tmp_src = sm_strdup_printf("%s.%d.%u.cpp", object, (int)getpid(), n);
  char *tmp_ir = sm_strdup_printf("%s.%d.%u.ll", object, (int)getpid(), n);
  char *tmp_obj = sm_strdup_printf("%s.%d.%u.tmp", object, (int)getpid(), n);
  char *error = NULL;
  if (!write_file(tmp_src, source, strlen(source)))
    error = sm_strdup_printf("softmetal: cannot write %s: %s", tmp_src, strerror(errno));
  if (!error) {
    const char *extra[] = {"-O0",
                           "-Xclang",
                           "-disable-O0-optnone",
                           "-gline-tables-only",
                           "-S",
                           "-emit-llvm",
                           tmp_src,
                           "-o",
                           tmp_ir,
                           NULL};
    error = run_clang(flags, extra);
  }
  if (!error) {
    char *ir = sm_read_file(tmp_ir);
    error = ir ? find_address_space_cast(ir)
               : sm_strdup_printf("softmetal: cannot read %s: %s", tmp_ir, strerror(errno));
    if (!error) {
      char *stepped = sm_lockstep_instrument(ir);
      char *inlinable = allow_inlining(stepped);
      free(stepped);
      if (!write_file(tmp_ir, inlinable, strlen(inlinable)))
        error = sm_strdup_printf("softmetal: cannot write %s: %s", tmp_ir, strerror(errno));
      if (!error && sm_keep_temps() && sm_lane_mode() == SM_MODE_VECTOR) {
        char *before = sm_strdup_printf("%s.scalar.ll", tmp_ir); /* the vectorizer's input */
        write_file(before, inlinable, strlen(inlinable));
        free(before);
      }
      free(inlinable);
    }
    free(ir);
  }
  if (!error && sm_lane_mode() == SM_MODE_VECTOR) error = run_vectorizer(tmp_ir);
  if (!error) {
    const char *extra[] = {"-x", "ir", tmp_ir, "-o", tmp_obj, "-lm", NULL};
    error = run_clang(object_flags, extra);
  }
  if (!error && rename(tmp_obj, object) != 0)
    error = sm_strdup_printf("softmetal: cannot rename %s: %s", tmp_obj, strerror(errno));
  if (sm_keep_temps()) {
    fprintf(stderr, "softmetal: kept %s and %s\n", tmp_src, tmp_ir);
  } else {
    unlink(tmp_src);
    unlink(tmp_ir);
  }
  unlink(tmp_obj);
  free(tmp_src);
  free(tmp_ir);
  free(tmp_obj);
  return error;
}

/* ---- the compile step ---------------------------------------------------------------- */
/* The host CPU as -march=native sees it, into the cache key: the CPUID leaves clang's host
 * detection reads (vendor, family and model, feature flags; leaf 1's EBX without the
 * initial APIC ID, which differs from core to core) and the register state the OS enables
 * (XCR0). Read in the process itself: a program whose libraries are all cached starts no
 * extra process for it. */
static void hash_native_cpu(struct hash *h) {
#if defined(__x86_64__)
  static const unsigned leaves[][2] = {{0, 0}, {1, 0},           {7, 0},
                                       {7, 1}, {0x80000000u, 0}, {0x80000001u, 0}};
  unsigned osxsave = 0;
  for (size_t i = 0; i < sizeof leaves / sizeof *leaves; i++) {
    unsigned r[4] = {0, 0, 0, 0};
    if (!__get_cpuid_count(leaves[i][0], leaves[i][1], &r[0], &r[1], &r[2], &r[3])) continue;
    if (leaves[i][0] == 1) r[1] &= 0x00FFFFFFu, osxsave = r[2] >> 27 & 1;
    hash_bytes(h, r, sizeof r);
  }
  if (osxsave) {
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    hash_bytes(h, (unsigned[2]){lo, hi}, 2 * sizeof(unsigned));
  }
#else
  (void)h; /* no native flags elsewhere */
#endif
}

/* The path (malloc'd) of the cached object for source built with flags and
 * object_flags, or NULL with *diag set if there is no cache directory. */
static char *object_path(const char *source, const char *const *flags,
                         const char *const *object_flags, char **diag) {
  struct hash h = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
  hash_string(&h, clang_path());
  for (int i = 0; flags[i]; i++)
    hash_string(&h, flags[i]);
  for (int i = 0; object_flags[i]; i++)
    hash_string(&h, object_flags[i]);
  hash_string(&h, prelude_text);
  for (int i = 0; native_flags[i]; i++)
    hash_string(&h, native_flags[i]);
  hash_native_cpu(&h);
  hash_string(&h, "lockstep steps 4"); /* the IR passes between the two clang steps */
  if (sm_lane_mode() == SM_MODE_VECTOR) {
    hash_string(&h, "vector");
    if (vectorizer_bytes) hash_bytes(&h, vectorizer_bytes, vectorizer_size);
  }
  hash_string(&h, source);
  char *dir = cache_dir(diag);
  char *object = dir ? sm_strdup_printf("%s/%016llx%016llx.so", dir, (unsigned long long)h.a,
                                        (unsigned long long)h.b)
                     : NULL;
  free(dir);
  return object;
}

/* Builds t's source into the cache unless it is there already. Returns NULL
 * (*object: the malloc'd path) or a diagnostic. */
static char *build(const struct sm_translation *t, bool fast_math, uint64_t language_version,
                   char **object) {
  /* __METAL_VERSION__ follows the options' language version (major << 16 |
   * minor), 3.1 by default: the prelude offers 3.2's additions only then. */
  uint64_t v = language_version;
  char version[40];
  snprintf(version, sizeof version, "-D__METAL_VERSION__=%u",
           (unsigned)((v >> 16) * 100 + (v & 0xFFFF) * 10));
  bool fast = fast_math;
  /* Front end (MSL -> IR) and back end (IR -> optimized shared object). */
  const char *flags[] = {
      "-x", "c++", "-std=c++2b", "-fPIC", "-fvisibility=hidden", "-nostdinc", "-fno-exceptions",
      "-fno-rtti", "-fno-math-errno", "-fno-threadsafe-statics", "-fno-color-diagnostics",
      "-Wno-unknown-attributes", "-Wno-user-defined-literals", "-Werror=return-type",
      "-flax-vector-conversions=none",
      "-fstack-clash-protection", /* large locals must hit a fiber's guard page */
      /* half arithmetic rounds every operation, as on a GPU (x86 would
       * otherwise evaluate half expressions in float) */
      "-Xclang", "-ffloat16-excess-precision=none", fast ? "-ffast-math" : "-fno-fast-math",
      fast ? "-D__SOFTMETAL_FAST_MATH__=1" : "-U__SOFTMETAL_FAST_MATH__", version, NULL};
  const char *object_flags[] = {"-O2",
                                "-fPIC",
                                "-shared",
                                "-nostdlib++",
                                "-fno-color-diagnostics",
                                fast ? "-ffast-math" : "-fno-fast-math",
                                NULL};
  char *diag = NULL;
  *object = object_path(t->source.data, flags, object_flags, &diag);
  double start = sm_now_seconds();
  bool cached = *object && access(*object, R_OK) == 0;
  if (*object && !cached) diag = compile(t->source.data, *object, flags, object_flags);
  if (sm_trace())
    fprintf(stderr, "softmetal: library of %d kernel(s): %s (%.0f ms)\n", t->kernel_count,
            diag     ? "compile failed"
            : cached ? "from cache"
                     : "compiled",
            (sm_now_seconds() - start) * 1e3);
  if (diag) free(*object), *object = NULL;
  return diag;
}

char *sm_compile(const char *msl, bool fast_math, uint64_t language_version,
                 struct sm_translation *t, char **object) {
  assert(msl && t && object);
  *object = NULL;
  memset(t, 0, sizeof *t);
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, find_prelude);
  if (!prelude_text)
    return sm_strdup_printf("softmetal: MSL prelude not found at %s/metal_stdlib",
                            prelude_dir[0] ? prelude_dir : "<unknown>");
  char *diag = sm_translate(msl, t);
  if (diag) {
    char *full = sm_strdup_printf("Compilation failed: \n\n%s", diag);
    free(diag);
    return full;
  }
  diag = build(t, fast_math, language_version, object);
  if (diag) sm_translation_free(t);
  assert(!diag != !*object);
  return diag;
}
