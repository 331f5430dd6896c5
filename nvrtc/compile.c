/* compile.c — one NVRTC compile: anchorcc run on the program in a private
 * directory.
 *
 * The directory holds the headers (inc/<include name>, each starting with a
 * #line naming it, so diagnostics never show the directory) and a wrapper
 * __anchor_nvrtc_program__.cu: the --pre-include headers, the program's
 * source under `#line 1 "<name>"` (inside clang's
 * `#pragma clang force_cuda_host_device` with -default-device), then what
 * the name expressions need.  anchorcc compiles it as `anchorcc --emit-msl
 * --keep-dir <dir>` (its device job and backend, the flags anchorcc alone
 * spells), which leaves the backend's device module <dir>/<stem>.anchormod.
 *
 * Name expressions: a host function of the wrapper names each one, which
 * instantiates templates (`&f<int>`) as a launch from host code would, so
 * the module has their kernels.  Their mangled names come from clang: a
 * second device-only run (`--emit-device-ir`, only when there are
 * expressions) sees `__device__ const void *__anchor_nvrtc_name_<i> =
 * (const void *)(<expression>);` and the IR's initialiser names the symbol.
 * (The backend cannot take those variables — a device variable holding a
 * function's address — hence the second run.) */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nvrtc_internal.h"

extern char **environ;

static const char wrapper_stem[] = "__anchor_nvrtc_program__";

/* <root>/bin/anchorcc, <root> the parent of the directory of libnvrtc.so. */
static char *find_anchorcc(void) {
  Dl_info info;
  if (!dladdr((void *)find_anchorcc, &info) || !info.dli_fname) return NULL;
  char *lib = realpath(info.dli_fname, NULL);
  if (!lib) return NULL;
  for (int i = 0; i < 2; i++) { /* strip "/libnvrtc.so", then "/lib" */
    char *slash = strrchr(lib, '/');
    if (!slash) {
      free(lib);
      return NULL;
    }
    *slash = '\0';
  }
  nv_text path = {0};
  nv_text_printf(&path, "%s/bin/anchorcc", lib);
  free(lib);
  return nv_text_take(&path);
}

static bool write_file(const char *path, const char *a, const char *b) {
  FILE *f = fopen(path, "w");
  if (!f) return false;
  bool ok = fputs(a, f) >= 0 && (!b || fputs(b, f) >= 0);
  return fclose(f) == 0 && ok;
}

/* A name as a C string literal's contents (for #line). */
static void add_quoted(nv_text *t, const char *s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') nv_text_add(t, "\\", 1);
    nv_text_add(t, *s == '\n' ? " " : s, 1);
  }
}

/* A header's include name as a path below inc/: relative, no "..". */
static bool valid_header_name(const char *name) {
  if (!*name || name[0] == '/') return false;
  for (const char *p = name; *p;) {
    const char *end = strchr(p, '/');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n == 0 || (n == 2 && !strncmp(p, "..", 2))) return false;
    p += n + (end != NULL);
  }
  return true;
}

/* Writes inc/<name> (creating its directories) with a #line naming it. */
static bool write_header(const char *dir, const char *name, const char *text) {
  nv_text path = {0}, head = {0};
  nv_text_printf(&path, "%s/inc/%s", dir, name);
  nv_text_puts(&head, "#line 1 \"");
  add_quoted(&head, name);
  nv_text_puts(&head, "\"\n");
  bool ok = !path.failed && !head.failed;
  for (char *p = ok ? strchr(path.data + strlen(dir) + 1, '/') : NULL; ok && p;
       p = strchr(p + 1, '/')) {
    *p = '\0';
    ok = mkdir(path.data, 0700) == 0 || errno == EEXIST;
    *p = '/';
  }
  ok = ok && write_file(path.data, head.data, text);
  nv_text_free(&path);
  nv_text_free(&head);
  return ok;
}

static void build_wrapper(const nv_source *src, const nv_request *req, nv_text *w) {
  /* NVRTC is not nvcc: no __NVCC__ (Anchor's headers define it for CMake). */
  nv_text_puts(w, "#undef __NVCC__\n");
  for (size_t i = 0; i < req->pre_includes.count; i++) {
    nv_text_puts(w, "#include \"");
    add_quoted(w, req->pre_includes.items[i]);
    nv_text_puts(w, "\"\n");
  }
  if (req->default_device) nv_text_puts(w, "#pragma clang force_cuda_host_device begin\n");
  nv_text_puts(w, "#line 1 \"");
  add_quoted(w, src->name);
  nv_text_puts(w, "\"\n");
  nv_text_puts(w, src->text);
  nv_text_puts(w, "\n");
  if (req->default_device) nv_text_puts(w, "#pragma clang force_cuda_host_device end\n");
  if (!src->expression_count) return;
  nv_text_puts(w, "#line 1 \"<name expressions>\"\n"
                  "static void __anchor_nvrtc_instantiate(void) __attribute__((unused));\n"
                  "static void __anchor_nvrtc_instantiate(void) {\n");
  for (size_t i = 0; i < src->expression_count; i++)
    nv_text_printf(w, "(void)(const void *)(%s);\n", src->expressions[i]);
  nv_text_puts(w, "}\n#ifdef __ANCHOR_NVRTC_NAMES\n");
  for (size_t i = 0; i < src->expression_count; i++)
    nv_text_printf(w, "__device__ const void *__anchor_nvrtc_name_%zu = (const void *)(%s);\n", i,
                   src->expressions[i]);
  nv_text_puts(w, "#endif\n");
}

/* Runs argv with stdout and stderr to log_path; returns its exit status,
 * 128+N if killed by signal N, -1 if it could not be started. */
static int run(char *const *argv, const char *log_path) {
  posix_spawn_file_actions_t actions;
  if (posix_spawn_file_actions_init(&actions)) return -1;
  int status = -1;
  pid_t pid;
  if (!posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) &&
      !posix_spawn_file_actions_addopen(&actions, 1, log_path, O_WRONLY | O_CREAT | O_TRUNC,
                                        0600) &&
      !posix_spawn_file_actions_adddup2(&actions, 1, 2) &&
      !posix_spawn(&pid, argv[0], &actions, NULL, argv, environ)) {
    int ws;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {
    }
    status = WIFEXITED(ws) ? WEXITSTATUS(ws) : WIFSIGNALED(ws) ? 128 + WTERMSIG(ws) : -1;
  }
  posix_spawn_file_actions_destroy(&actions);
  return status;
}

/* Reads a whole file, NUL added (*size counts it); NULL if unreadable. */
static unsigned char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  nv_text t = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    nv_text_add(&t, chunk, n);
  bool ok = !ferror(f);
  fclose(f);
  size_t length = t.length;
  char *data = nv_text_take(&t);
  if (!ok || !data) {
    free(data);
    return NULL;
  }
  *size = length + 1;
  return (unsigned char *)data;
}

/* The symbol the IR's `@__anchor_nvrtc_name_<i> = ... global ptr <init>`
 * initialiser names (the first @ after "global"), heap; NULL if absent. */
static char *lowered_name(const char *ir, size_t index) {
  char key[64];
  snprintf(key, sizeof key, "\n@__anchor_nvrtc_name_%zu = ", index);
  const char *line = strstr(ir, key);
  if (!line) return NULL;
  const char *end = strchr(line + 1, '\n');
  const char *global = strstr(line, " global ");
  const char *at = global ? strchr(global, '@') : NULL;
  if (!at || (end && at > end)) return NULL;
  at++;
  if (*at == '"') {
    const char *close = strchr(at + 1, '"');
    return close ? strndup(at + 1, (size_t)(close - at - 1)) : NULL;
  }
  size_t n = strspn(at, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.$");
  return n ? strndup(at, n) : NULL;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  remove(path);
  return 0;
}

/* One anchorcc run: mode and output, the request's arguments, the extra
 * definition (NULL for none), the wrapper.  Its diagnostics go to the log.
 * Returns anchorcc's exit status, -1 if it could not run. */
static int run_anchorcc(const char *anchorcc, const char *dir, const char *wrapper,
                        const nv_request *req, const char *const *mode, const char *define,
                        const char *name, nv_output *out, bool *oom) {
  nv_strvec argv = {0};
  nv_text inc = {0}, log_path = {0};
  nv_text_printf(&inc, "-I%s/inc", dir);
  nv_text_printf(&log_path, "%s/anchorcc.log", dir);
  nv_strvec_push(&argv, anchorcc);
  for (const char *const *m = mode; *m; m++)
    nv_strvec_push(&argv, *m);
  nv_strvec_push(&argv, "-D__CUDACC_RTC__");
  /* -default-device is clang's force_cuda_host_device pragma, whose functions clang 19
   * does not emit for the device under implicit host-device templates (docs/driver.md) */
  if (req->default_device) nv_strvec_push(&argv, "--explicit-host-device");
  if (define) nv_strvec_push(&argv, define);
  nv_strvec_push(&argv, inc.data ? inc.data : "");
  for (size_t i = 0; i < req->anchorcc_args.count; i++)
    nv_strvec_push(&argv, req->anchorcc_args.items[i]);
  nv_strvec_push(&argv, wrapper);
  int status = -1;
  if (argv.failed || inc.failed || log_path.failed) {
    *oom = true;
  } else {
    status = run(argv.items, log_path.data);
    size_t size;
    char *raw = (char *)read_file(log_path.data, &size);
    if (raw) nv_log_rewrite(raw, wrapper, dir, name, &out->log);
    free(raw);
  }
  nv_strvec_free(&argv);
  nv_text_free(&inc);
  nv_text_free(&log_path);
  return status;
}

nvrtcResult nv_compile(const nv_source *src, const nv_request *req, nv_output *out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < src->header_count; i++)
    if (!valid_header_name(src->header_names[i])) {
      nv_text_printf(&out->log, "nvrtc: error: header name \"%s\" is not a relative path\n",
                     src->header_names[i]);
      return NVRTC_ERROR_INVALID_INPUT;
    }
  char *anchorcc = find_anchorcc();
  if (!anchorcc || access(anchorcc, X_OK)) {
    nv_text_printf(&out->log, "nvrtc: error: anchorcc not found at %s\n",
                   anchorcc ? anchorcc : "<root>/bin/anchorcc");
    free(anchorcc);
    return NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
  }
  const char *tmp = getenv("TMPDIR");
  nv_text dir_text = {0};
  nv_text_printf(&dir_text, "%s/anchor-nvrtc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  char *dir = nv_text_take(&dir_text);
  if (!dir) {
    free(anchorcc);
    return NVRTC_ERROR_OUT_OF_MEMORY;
  }
  if (!mkdtemp(dir)) {
    nv_text_printf(&out->log, "nvrtc: error: cannot create a temporary directory: %s\n",
                   strerror(errno));
    free(dir);
    free(anchorcc);
    return NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
  }
  nvrtcResult result = NVRTC_SUCCESS;
  bool oom = false;
  nv_text inc = {0}, wrapper = {0}, text = {0}, metal = {0}, module = {0}, ir = {0};
  nv_text_printf(&inc, "%s/inc", dir);
  nv_text_printf(&wrapper, "%s/%s.cu", dir, wrapper_stem);
  nv_text_printf(&metal, "%s/%s.metal", dir, wrapper_stem);
  nv_text_printf(&module, "%s/%s.anchormod", dir, wrapper_stem);
  nv_text_printf(&ir, "%s/names.ll", dir);
  build_wrapper(src, req, &text);
  if (inc.failed || wrapper.failed || text.failed || metal.failed || module.failed || ir.failed) {
    result = NVRTC_ERROR_OUT_OF_MEMORY;
    goto done;
  }
  bool written = mkdir(inc.data, 0700) == 0 && write_file(wrapper.data, text.data, NULL);
  for (int i = 0; written && i < src->header_count; i++)
    written = write_header(dir, src->header_names[i], src->header_texts[i]);
  if (!written) {
    nv_text_printf(&out->log, "nvrtc: error: cannot write the program's files: %s\n",
                   strerror(errno));
    result = NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
    goto done;
  }
  const char *module_mode[] = {"--emit-msl", "--keep-dir", dir, "-o", metal.data, NULL};
  int status =
      run_anchorcc(anchorcc, dir, wrapper.data, req, module_mode, NULL, src->name, out, &oom);
  if (oom) {
    result = NVRTC_ERROR_OUT_OF_MEMORY;
    goto done;
  }
  if (status < 0) {
    nv_text_printf(&out->log, "nvrtc: error: cannot run %s\n", anchorcc);
    result = NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
    goto done;
  }
  if (status != 0) {
    result = NVRTC_ERROR_COMPILATION;
    goto done;
  }
  out->image = read_file(module.data, &out->image_size);
  if (!out->image) {
    nv_text_puts(&out->log, "nvrtc: error: anchorcc wrote no device module\n");
    result = NVRTC_ERROR_INTERNAL_ERROR;
    goto done;
  }
  if (src->expression_count) {
    const char *names_mode[] = {"--emit-device-ir", "-o", ir.data, NULL};
    nv_output names_out = {0};
    status = run_anchorcc(anchorcc, dir, wrapper.data, req, names_mode, "-D__ANCHOR_NVRTC_NAMES",
                          src->name, &names_out, &oom);
    size_t size = 0;
    char *ir_text = status == 0 ? (char *)read_file(ir.data, &size) : NULL;
    out->lowered = ir_text ? calloc(src->expression_count, sizeof *out->lowered) : NULL;
    for (size_t i = 0; out->lowered && i < src->expression_count; i++)
      if (!(out->lowered[i] = lowered_name(ir_text, i))) {
        nv_text_printf(&out->log, "nvrtc: error: no symbol for name expression \"%s\"\n",
                       src->expressions[i]);
        result = NVRTC_ERROR_COMPILATION;
      }
    if (!out->lowered) {
      nv_text_add(&out->log, names_out.log.data ? names_out.log.data : "", names_out.log.length);
      result = oom ? NVRTC_ERROR_OUT_OF_MEMORY : NVRTC_ERROR_COMPILATION;
    }
    nv_text_free(&names_out.log);
    free(ir_text);
  }
done:
  if (out->log.failed && result == NVRTC_SUCCESS) result = NVRTC_ERROR_OUT_OF_MEMORY;
  nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  nv_text_free(&inc);
  nv_text_free(&wrapper);
  nv_text_free(&text);
  nv_text_free(&metal);
  nv_text_free(&module);
  nv_text_free(&ir);
  free(dir);
  free(anchorcc);
  return result;
}
