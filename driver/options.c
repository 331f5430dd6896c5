/* options.c — reads an nvcc command line (or, invoked as hipcc, a hipcc one).
 *
 * nvcc's conventions: every option has a long name (--output-file) and most a
 * short one (-o); either may be written with one or two dashes; a value
 * follows as the next argument or after '='; single-letter options also take
 * the value attached (-DX, -O2, -lm).  Anything that starts with '-' and is
 * not in the table is an error (unless -forward-unknown-to-host-compiler),
 * as in nvcc.
 *
 * Invoked as hipcc (argv[0]'s base name), the driver first looks an option up
 * in hipcc's own table below (clang's spellings: -Wall, -fgpu-rdc,
 * --offload-arch=...), then in nvcc's: one driver, with hipcc's flags as a
 * table of their own (docs/hip.md). */
#include "driver.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*option_handler)(drv_options *o, const char *value, const char *spelling);

typedef struct option_spec {
  const char *long_name;  /* without dashes; NULL if none */
  const char *short_name; /* without the dash; NULL if none */
  bool takes_value;
  option_handler handle;
} option_spec;

/* ---- handlers ---- */

#define FLAG_HANDLER(name, field)                                                                  \
  static int name(drv_options *o, const char *v, const char *s) {                                  \
    (void)v, (void)s;                                                                              \
    o->field = true;                                                                               \
    return 0;                                                                                      \
  }
FLAG_HANDLER(on_compile, compile_only)
FLAG_HANDLER(on_device_link, device_link_only)
FLAG_HANDLER(on_verbose, verbose)
FLAG_HANDLER(on_dryrun, dryrun)
FLAG_HANDLER(on_version, show_version)
FLAG_HANDLER(on_help, show_help)
FLAG_HANDLER(on_debug, host_debug)
FLAG_HANDLER(on_device_debug, device_debug)
FLAG_HANDLER(on_no_warnings, no_warnings)
FLAG_HANDLER(on_shared, shared)
FLAG_HANDLER(on_fast_math, fast_math)
FLAG_HANDLER(on_run, run_after_link)
FLAG_HANDLER(on_emit_msl, emit_msl)
FLAG_HANDLER(on_emit_device_ir, emit_device_ir)
FLAG_HANDLER(on_emit_module, emit_module)

static int on_emit_cubin(drv_options *o, const char *v, const char *s) {
  o->module_suffix = "cubin";
  return on_emit_module(o, v, s);
}

/* Anchor compiles CUDA to MSL, never to PTX: there is no PTX to write. */
static int on_ptx(drv_options *o, const char *v, const char *s) {
  (void)o, (void)v;
  return drv_error("option '%s' is not supported: Anchor generates no PTX; use -fatbin (or "
                   "-cubin) for a device module file that cuModuleLoad reads, or --emit-msl "
                   "for the generated Metal source",
                   s);
}
FLAG_HANDLER(on_forward_unknown, forward_unknown)
FLAG_HANDLER(on_preprocess, preprocess_only)
FLAG_HANDLER(on_keep, keep)
FLAG_HANDLER(on_implicit_hd_templates, implicit_hd_templates)
/* --explicit-host-device: the default since 2026-12-07 (kept: NVRTC's -default-device passes
 * it, and build lines may) */
static int on_explicit_host_device(drv_options *o, const char *v, const char *s) {
  (void)v, (void)s;
  o->implicit_hd_templates = false;
  return 0;
}
FLAG_HANDLER(on_lib, make_library)

static int on_print_cuda_flags(drv_options *o, const char *v, const char *s) {
  if (!strcmp(v, "device"))
    o->print_cuda_flags = DRV_SIDE_DEVICE;
  else if (!strcmp(v, "host"))
    o->print_cuda_flags = DRV_SIDE_HOST;
  else
    return drv_error("invalid value '%s' for option '%s' (expected device or host)", v, s);
  return 0;
}

static int on_keep_dir(drv_options *o, const char *v, const char *s) {
  (void)s;
  o->keep = true;
  o->keep_dir = v;
  return 0;
}

/* Options that only steer NVIDIA's code generation (GPU architectures, ptxas
 * threads, register caps, restrict hints) or that clang already does by
 * default (extended lambdas, relaxed constexpr): accepted so that existing
 * build lines work, with no effect. */
static int on_ignored(drv_options *o, const char *v, const char *s) {
  (void)o, (void)v, (void)s;
  return 0;
}

/* Options for NVIDIA tools Anchor does not have (ptxas, nvlink, cudafe and
 * its numbered diagnostics): accepted, but said aloud. */
static int on_ignored_tool(drv_options *o, const char *v, const char *s) {
  (void)o;
  drv_warning("ignoring '%s %s': it configures an NVIDIA tool Anchor does not have", s, v);
  return 0;
}

/* -dc: nvcc's --relocatable-device-code=true --compile. */
static int on_device_c(drv_options *o, const char *v, const char *s) {
  (void)v, (void)s;
  o->rdc = true;
  o->compile_only = true;
  return 0;
}

/* -dw: nvcc's --relocatable-device-code=false --compile (whole-program
 * device code, Anchor's default). */
static int on_device_w(drv_options *o, const char *v, const char *s) {
  (void)v, (void)s;
  o->rdc = false;
  o->compile_only = true;
  return 0;
}

static bool parse_bool(const char *v, bool *out) {
  if (!strcmp(v, "true") || !strcmp(v, "1")) return *out = true, true;
  if (!strcmp(v, "false") || !strcmp(v, "0")) return *out = false, true;
  return false;
}

static int on_rdc(drv_options *o, const char *v, const char *s) {
  bool on;
  if (!parse_bool(v, &on))
    return drv_error("invalid value '%s' for option '%s' (expected true or false)", v, s);
  o->rdc = on;
  return 0;
}

static int on_fmad(drv_options *o, const char *v, const char *s) {
  bool on;
  if (!parse_bool(v, &on))
    return drv_error("invalid value '%s' for option '%s' (expected true or false)", v, s);
  o->fmad_off = !on;
  return 0;
}

/* Floating-point mode switches (docs/driver.md). -prec-div, -prec-sqrt and
 * -ftz are recorded as given or not: --use_fast_math sets what is not given
 * (-prec-div=false -prec-sqrt=false -ftz=true, as nvcc), an explicit value
 * wins in either order. */
static int parse_fp_mode(signed char *mode, const char *v, const char *s) {
  bool on;
  if (!parse_bool(v, &on))
    return drv_error("invalid value '%s' for option '%s' (expected true or false)", v, s);
  *mode = on;
  return 0;
}
static int on_ftz(drv_options *o, const char *v, const char *s) {
  return parse_fp_mode(&o->ftz, v, s);
}
static int on_prec_div(drv_options *o, const char *v, const char *s) {
  return parse_fp_mode(&o->prec_div, v, s);
}
static int on_prec_sqrt(drv_options *o, const char *v, const char *s) {
  return parse_fp_mode(&o->prec_sqrt, v, s);
}

/* Anchor's own: what double precision in device code becomes (docs/driver.md,
 * docs/compiler.md "FP64 modes"); anchor-msl --fp64=MODE does it. */
static int on_fp64(drv_options *o, const char *v, const char *s) {
  if (!strcmp(v, "exact")) return o->fp64 = NULL, 0;
  if (strcmp(v, "fast") && strcmp(v, "demote") && strcmp(v, "error"))
    return drv_error("invalid value '%s' for option '%s' (expected exact, fast, demote or error)",
                     v, s);
  o->fp64 = v;
  return 0;
}

static int on_output(drv_options *o, const char *v, const char *s) {
  if (o->output && strcmp(o->output, v)) return drv_error("option '%s' given more than once", s);
  o->output = v;
  return 0;
}

static int on_output_directory(drv_options *o, const char *v, const char *s) {
  (void)s;
  o->output_directory = v;
  return 0;
}

static int on_include(drv_options *o, const char *v, const char *s) {
  (void)s;
  drv_strvec_pushf(&o->frontend_flags, "-I%s", v);
  return 0;
}

static int on_isystem(drv_options *o, const char *v, const char *s) {
  (void)s;
  drv_strvec_push(&o->frontend_flags, "-isystem");
  drv_strvec_push(&o->frontend_flags, v);
  return 0;
}

static int on_define(drv_options *o, const char *v, const char *s) {
  (void)s;
  drv_strvec_pushf(&o->frontend_flags, "-D%s", v);
  return 0;
}

static int on_undefine(drv_options *o, const char *v, const char *s) {
  (void)s;
  drv_strvec_pushf(&o->frontend_flags, "-U%s", v);
  return 0;
}

/* Warning switches nvcc itself accepts and that mean the same to clang. */
static int on_clang_warning(drv_options *o, const char *v, const char *s) {
  (void)v;
  drv_strvec_push(&o->frontend_flags, s[1] == '-' ? s + 1 : s);
  return 0;
}

static int on_optimize(drv_options *o, const char *v, const char *s) {
  if (strlen(v) != 1 || v[0] < '0' || v[0] > '3')
    return drv_error("invalid optimization level '%s' for option '%s' (expected 0 to 3)", v, s);
  o->opt_level = v[0] - '0';
  return 0;
}

static int on_std(drv_options *o, const char *v, const char *s) {
  static const char *known[] = {"c++03", "c++11", "c++14", "c++17", "c++20", "c++23"};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++)
    if (!strcmp(v, known[i])) {
      o->cxx_std = v;
      return 0;
    }
  return drv_error("invalid value '%s' for option '%s' (expected c++03 to c++23)", v, s);
}

/* Pushes each element of the list v (empty ones dropped).  nvcc splits
 * these lists at commas, and since it pastes them into a shell command line,
 * "-Xcompiler '-Wall -Wextra'" also reaches the host compiler as two words:
 * split at white space too. */
static void push_split(drv_strvec *dst, const char *v) {
  const char *start = v;
  for (const char *p = v;; p++) {
    if (*p == '\0' || strchr(", \t\n", *p)) {
      if (p > start) drv_strvec_pushf(dst, "%.*s", (int)(p - start), start);
      if (*p == '\0') break;
      start = p + 1;
    }
  }
}

static int on_xcompiler(drv_options *o, const char *v, const char *s) {
  (void)s;
  push_split(&o->host_flags, v);
  return 0;
}

static int on_xlinker(drv_options *o, const char *v, const char *s) {
  (void)s;
  push_split(&o->linker_flags, v);
  return 0;
}

/* nvcc's -Werror takes kinds of warning, not clang's spelling. */
static int on_werror(drv_options *o, const char *v, const char *s) {
  drv_strvec kinds = {0};
  push_split(&kinds, v);
  int status = 0;
  for (size_t i = 0; i < kinds.count && !status; i++) {
    const char *k = kinds.items[i];
    if (!strcmp(k, "all-warnings"))
      drv_strvec_push(&o->frontend_flags, "-Werror");
    else if (!strcmp(k, "deprecated-declarations") || !strcmp(k, "reorder"))
      drv_strvec_pushf(&o->frontend_flags, "-Werror=%s", k);
    else if (!strcmp(k, "cross-execution-space-call"))
      continue; /* clang: always an error */
    else
      status = drv_error("unsupported kind '%s' for option '%s' (supported: all-warnings, "
                         "cross-execution-space-call, deprecated-declarations, reorder)",
                         k, s);
  }
  drv_strvec_free(&kinds);
  return status;
}

static int on_library(drv_options *o, const char *v, const char *s) {
  (void)s;
  drv_strvec_push(&o->libraries, v);
  return 0;
}

static int on_library_path(drv_options *o, const char *v, const char *s) {
  (void)s;
  drv_strvec_push(&o->library_dirs, v);
  return 0;
}

static int on_language(drv_options *o, const char *v, const char *s) {
  if (!strcmp(v, "cu"))
    o->forced_kind = DRV_INPUT_CUDA;
  else if (!strcmp(v, "c"))
    o->forced_kind = DRV_INPUT_C;
  else if (!strcmp(v, "c++"))
    o->forced_kind = DRV_INPUT_CXX;
  else if (!strcmp(v, "hip"))
    o->forced_kind = DRV_INPUT_HIP;
  else if (!strcmp(v, "none"))
    o->forced_kind = -1;
  else
    return drv_error("invalid value '%s' for option '%s' (expected cu, hip, c, c++ or none)", v, s);
  return 0;
}

static int on_machine(drv_options *o, const char *v, const char *s) {
  (void)o;
  if (strcmp(v, "64"))
    return drv_error("invalid value '%s' for option '%s' (Anchor targets 64-bit only)", v, s);
  return 0;
}

static int on_cudart(drv_options *o, const char *v, const char *s) {
  if (!strcmp(v, "none"))
    o->link_runtime = false;
  else if (!strcmp(v, "shared") || !strcmp(v, "static"))
    o->link_runtime = true;
  else
    return drv_error("invalid value '%s' for option '%s' (expected none, shared or static)", v, s);
  return 0;
}

/* -M and -MM print dependencies only; the others ride along a compile.  Each
 * handler pushes the clang spelling (and the value, if any). */
static int push_dep(drv_options *o, const char *clang_name, const char *v) {
  drv_strvec_push(&o->dep_flags, clang_name);
  if (v) drv_strvec_push(&o->dep_flags, v);
  return 0;
}
#define DEP_HANDLER(name, clang_name, only)                                                        \
  static int name(drv_options *o, const char *v, const char *s) {                                  \
    (void)s;                                                                                       \
    o->deps_only |= only;                                                                          \
    return push_dep(o, clang_name, v);                                                             \
  }
DEP_HANDLER(on_dep_M, "-M", true)
DEP_HANDLER(on_dep_MM, "-MM", true)
DEP_HANDLER(on_dep_MD, "-MD", false)
DEP_HANDLER(on_dep_MMD, "-MMD", false)
DEP_HANDLER(on_dep_MP, "-MP", false)
DEP_HANDLER(on_dep_MF, "-MF", false)
DEP_HANDLER(on_dep_MT, "-MT", false)

static int on_run_args(drv_options *o, const char *v, const char *s) {
  (void)s;
  push_split(&o->run_args, v);
  return 0;
}

/* --default-stream legacy|null|per-thread (nvcc's; null is legacy's old name). */
static int on_default_stream(drv_options *o, const char *v, const char *s) {
  if (!strcmp(v, "per-thread"))
    o->per_thread_stream = true;
  else if (!strcmp(v, "legacy") || !strcmp(v, "null"))
    o->per_thread_stream = false;
  else
    return drv_error("invalid value '%s' for option '%s' (expected legacy, null or per-thread)", v,
                     s);
  return 0;
}

/* ---- the table ---- */

static const option_spec option_table[] = {
    {"output-file", "o", true, on_output},
    {"compile", "c", false, on_compile},
    {"include-path", "I", true, on_include},
    {"system-include", "isystem", true, on_isystem},
    {"define-macro", "D", true, on_define},
    {"undefine-macro", "U", true, on_undefine},
    {"optimize", "O", true, on_optimize},
    {"debug", "g", false, on_debug},
    {"device-debug", "G", false, on_device_debug},
    {"generate-line-info", "lineinfo", false, on_ignored},
    {"std", "std", true, on_std},
    {"compiler-options", "Xcompiler", true, on_xcompiler},
    {"linker-options", "Xlinker", true, on_xlinker},
    {"library", "l", true, on_library},
    {"library-path", "L", true, on_library_path},
    {"gpu-architecture", "arch", true, on_ignored},
    {"generate-code", "gencode", true, on_ignored},
    {"gpu-code", "code", true, on_ignored},
    {"threads", "t", true, on_ignored},
    {"extended-lambda", "extended-lambda", false, on_ignored},
    {"expt-extended-lambda", "expt-extended-lambda", false, on_ignored},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", false, on_ignored},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", false, on_ignored},
    {"compiler-bindir", "ccbin", true, on_ignored},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", false, on_clang_warning},
    {"disable-warnings", "w", false, on_no_warnings},
    {"Werror", "Werror", true, on_werror},
    {"relocatable-device-code", "rdc", true, on_rdc},
    {"device-c", "dc", false, on_device_c},
    {"device-w", "dw", false, on_device_w},
    {"device-link", "dlink", false, on_device_link},
    {"x", "x", true, on_language},
    {"machine", "m", true, on_machine},
    {"version", "V", false, on_version},
    {"help", "h", false, on_help},
    {"verbose", "v", false, on_verbose},
    {"dryrun", "dryrun", false, on_dryrun},
    {"emit-msl", NULL, false, on_emit_msl},
    {"emit-device-ir", NULL, false, on_emit_device_ir},
    {"explicit-host-device", NULL, false, on_explicit_host_device},
    {"implicit-host-device-templates", NULL, false, on_implicit_hd_templates},
    {"fatbin", "fatbin", false, on_emit_module},
    {"cubin", "cubin", false, on_emit_cubin},
    {"ptx", "ptx", false, on_ptx},
    {"print-cuda-flags", NULL, true, on_print_cuda_flags},
    {"preprocess", "E", false, on_preprocess},
    {"keep", "keep", false, on_keep},
    {"keep-dir", "keep-dir", true, on_keep_dir},
    {"shared", "shared", false, on_shared},
    {"lib", "lib", false, on_lib},
    {"run", "run", false, on_run},
    {"run-args", "run-args", true, on_run_args},
    {"use_fast_math", "use_fast_math", false, on_fast_math},
    {"default-stream", "default-stream", true, on_default_stream},
    {"fmad", "fmad", true, on_fmad},
    {"fp64", NULL, true, on_fp64},
    {"ftz", "ftz", true, on_ftz},
    {"prec-div", "prec-div", true, on_prec_div},
    {"prec-sqrt", "prec-sqrt", true, on_prec_sqrt},
    {"restrict", "restrict", false, on_ignored},
    {"maxrregcount", "maxrregcount", true, on_ignored},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", false, on_ignored},
    {"display-error-number", "err-no", false, on_ignored},
    {"no-display-error-number", "no-err-no", false, on_ignored},
    {"output-directory", "odir", true, on_output_directory},
    {"cudafe-options", "Xcudafe", true, on_ignored_tool},
    {"diag-suppress", "diag-suppress", true, on_ignored_tool},
    {"diag-warn", "diag-warn", true, on_ignored_tool},
    {"diag-error", "diag-error", true, on_ignored_tool},
    {"cudart", "cudart", true, on_cudart},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", false,
     on_forward_unknown},
    {"generate-dependencies", "M", false, on_dep_M},
    {"generate-nonsystem-dependencies", "MM", false, on_dep_MM},
    {"generate-dependencies-with-compile", "MD", false, on_dep_MD},
    {"generate-nonsystem-dependencies-with-compile", "MMD", false, on_dep_MMD},
    {"generate-dependency-targets", "MP", false, on_dep_MP},
    {"dependency-output", "MF", true, on_dep_MF},
    {"dependency-target-name", "MT", true, on_dep_MT},
    {"ptxas-options", "Xptxas", true, on_ignored_tool},
    {"nvlink-options", "Xnvlink", true, on_ignored_tool},
};

/* ---- hipcc's own flags (hipcc mode only) ---- */

/* hipcc passes these to clang for the host and device compiles alike. */
static int on_hip_frontend(drv_options *o, const char *v, const char *s) {
  (void)v;
  drv_strvec_push(&o->frontend_flags, s);
  return 0;
}

/* Host code only (-fPIC, -fPIE, -fopenmp, -pthread, -march=native,
 * -fvisibility=): the device side is
 * compiled for Metal, where they mean nothing (and clang's nvptx target
 * rejects -march=native). They also reach the link, as in hipcc. */
static int on_hip_host(drv_options *o, const char *v, const char *s) {
  (void)v;
  drv_strvec_push(&o->host_flags, s);
  return 0;
}

/* -ffast-math: clang's fast math for the host code; for device code nvcc's
 * fast mode (--use_fast_math: fast division, sinf & co., flush to zero),
 * what fast math is on HIP's NVIDIA platform, without clang's assumption
 * that no NaN or infinity occurs, which Anchor's device library relies on
 * (and under which Anchor's headers warn: -Wnan-infinity-disabled). */
static int on_hip_fast_math(drv_options *o, const char *v, const char *s) {
  (void)v;
  o->fast_math = true;
  drv_strvec_push(&o->host_flags, s);
  return 0;
}

/* -fgpu-rdc / -fno-gpu-rdc: clang's spelling of nvcc's -rdc=true/false. */
static int on_hip_gpu_rdc(drv_options *o, const char *v, const char *s) {
  (void)v;
  o->rdc = strcmp(s, "-fno-gpu-rdc") != 0;
  return 0;
}

/* -std=: clang's values, GNU dialects included (CMake passes -std=gnu++17
 * for CXX_STANDARD 17 when extensions are on, its default). */
static int on_hip_std(drv_options *o, const char *v, const char *s) {
  const char *version = !strncmp(v, "gnu++", 5) ? v + 5 : !strncmp(v, "c++", 3) ? v + 3 : NULL;
  static const char *known[] = {"03", "11", "14", "17", "20", "23"};
  for (size_t i = 0; version && i < sizeof known / sizeof *known; i++)
    if (!strcmp(version, known[i])) {
      o->cxx_std = v;
      return 0;
    }
  return drv_error("invalid value '%s' for option '%s' (expected c++03 to c++23 or gnu++03 to "
                   "gnu++23)",
                   v, s);
}

/* -Wl,a,b: clang's; each comma-separated word to the linker. */
static int on_hip_wl(drv_options *o, const char *v, const char *s) {
  (void)s;
  push_split(&o->linker_flags, v);
  return 0;
}

/* -Xlinker a: clang's, one word to the linker as it is (no splitting). */
static int on_hip_xlinker(drv_options *o, const char *v, const char *s) {
  (void)s;
  drv_strvec_push(&o->linker_flags, v);
  return 0;
}

typedef enum hip_match {
  HIP_EXACT,  /* the whole argument */
  HIP_PREFIX, /* the argument starts with the name; the rest is the value */
  HIP_VALUE   /* the whole argument; the value is the next argument */
} hip_match;

typedef struct hip_option_spec {
  const char *name; /* with its dashes, as hipcc (clang) spells it */
  hip_match match;
  option_handler handle;
} hip_option_spec;

/* Where hipcc (clang) and nvcc spell the same option differently, hipcc's
 * wins in hipcc mode: -Werror is clang's flag, not nvcc's -Werror <kinds>;
 * -Xlinker passes one word, unsplit. Everything not here is read as nvcc
 * reads it (-c -o -I -D -U -O -g -std= -l -L -shared -x -M* -E -v ...). */
static const hip_option_spec hip_option_table[] = {
    {"-Werror", HIP_EXACT, on_hip_frontend},
    {"-Wl,", HIP_PREFIX, on_hip_wl},
    /* every other -W<warning> (-Wall, -Wextra, -Werror=<w>, -Wno-<w>, -Wshadow
     * ...): clang's warning switches; clang itself warns about unknown ones */
    {"-W", HIP_PREFIX, on_hip_frontend},
    {"-Xlinker", HIP_VALUE, on_hip_xlinker},
    {"-std=", HIP_PREFIX, on_hip_std},
    {"-ffast-math", HIP_EXACT, on_hip_fast_math},
    {"-fPIC", HIP_EXACT, on_hip_host},
    {"-fpic", HIP_EXACT, on_hip_host},
    {"-fopenmp", HIP_EXACT, on_hip_host},
    {"-fPIE", HIP_EXACT, on_hip_host},
    {"-fpie", HIP_EXACT, on_hip_host},
    {"-pthread", HIP_EXACT, on_hip_host},
    {"-fvisibility=", HIP_PREFIX, on_hip_host},
    {"-fvisibility-inlines-hidden", HIP_EXACT, on_hip_host},
    {"-fno-exceptions", HIP_EXACT, on_hip_frontend},
    {"-fno-rtti", HIP_EXACT, on_hip_frontend},
    {"-march=", HIP_PREFIX, on_hip_host},
    {"-fgpu-rdc", HIP_EXACT, on_hip_gpu_rdc},
    {"-fno-gpu-rdc", HIP_EXACT, on_hip_gpu_rdc},
    /* AMD GPU targets: no meaning on Metal (as nvcc's -arch). */
    {"--offload-arch=", HIP_PREFIX, on_ignored},
    {"--amdgpu-target=", HIP_PREFIX, on_ignored},
};

/* In hipcc mode, parses argv[*i] if hipcc's table has it: sets *handled and
 * returns the handler's status; otherwise leaves *handled false. */
static int parse_hip_option(drv_options *o, int argc, char **argv, int *i, bool *handled) {
  const char *arg = argv[*i];
  *handled = false;
  for (size_t k = 0; k < sizeof hip_option_table / sizeof *hip_option_table; k++) {
    const hip_option_spec *spec = &hip_option_table[k];
    size_t n = strlen(spec->name);
    if (spec->match == HIP_PREFIX ? strncmp(arg, spec->name, n) : strcmp(arg, spec->name)) continue;
    *handled = true;
    if (spec->match == HIP_PREFIX) {
      if (!arg[n]) return drv_error("option '%s' requires a value", arg);
      return spec->handle(o, arg + n, arg);
    }
    if (spec->match == HIP_EXACT) return spec->handle(o, NULL, arg);
    if (*i + 1 >= argc) return drv_error("option '%s' requires a value", arg);
    return spec->handle(o, argv[++*i], arg);
  }
  return 0;
}

static const option_spec *find_by_name(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof option_table / sizeof *option_table; i++) {
    const option_spec *o = &option_table[i];
    if ((o->long_name && strlen(o->long_name) == len && !strncmp(o->long_name, name, len)) ||
        (o->short_name && strlen(o->short_name) == len && !strncmp(o->short_name, name, len)))
      return o;
  }
  return NULL;
}

/* Single-letter options that take a value may have it attached (-DX, -O2). */
static const option_spec *find_attached(char letter) {
  for (size_t i = 0; i < sizeof option_table / sizeof *option_table; i++) {
    const option_spec *o = &option_table[i];
    if (o->takes_value && o->short_name && o->short_name[0] == letter && !o->short_name[1])
      return o;
  }
  return NULL;
}

/* Parses the option at argv[*i] (advancing *i past a separate value). */
static int parse_option(drv_options *o, int argc, char **argv, int *i) {
  const char *arg = argv[*i];
  assert(arg[0] == '-' && arg[1]);
  if (o->hipcc) {
    bool handled;
    int status = parse_hip_option(o, argc, argv, i, &handled);
    if (handled) return status;
  }
  bool two_dashes = arg[1] == '-';
  const char *body = arg + (two_dashes ? 2 : 1);
  size_t name_len = strcspn(body, "=");
  const option_spec *spec = find_by_name(body, name_len);
  const char *value = body[name_len] == '=' ? body + name_len + 1 : NULL;

  if (!spec && !two_dashes && body[0] && body[1] && (spec = find_attached(body[0]))) {
    value = body[1] == '=' ? body + 2 : body + 1;
    return spec->handle(o, value, arg);
  }
  if (!spec) {
    if (!o->forward_unknown) return drv_error("unknown option '%s'", arg);
    drv_strvec_push(&o->host_flags, arg);
    return 0;
  }
  if (!spec->takes_value) {
    if (value)
      return drv_error("option '%.*s' takes no value", (int)(name_len + (body - arg)), arg);
    return spec->handle(o, NULL, arg);
  }
  if (!value) {
    if (*i + 1 >= argc) return drv_error("option '%s' requires a value", arg);
    value = argv[++*i];
  }
  return spec->handle(o, value, arg);
}

/* ---- inputs ---- */

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

static bool is_linker_input(const char *path) {
  return has_suffix(path, ".o") || has_suffix(path, ".a") || has_suffix(path, ".so") ||
         strstr(path, ".so.") != NULL;
}

static int classify_input(const char *path, int forced_kind, drv_input_kind *kind) {
  static const char *cxx[] = {".cpp", ".cc", ".cxx", ".c++", ".cp", ".C"};
  if (is_linker_input(path)) return *kind = DRV_INPUT_LINKER, 0;
  if (forced_kind >= 0) return *kind = (drv_input_kind)forced_kind, 0;
  if (has_suffix(path, ".cu")) return *kind = DRV_INPUT_CUDA, 0;
  if (has_suffix(path, ".hip")) return *kind = DRV_INPUT_HIP, 0;
  if (has_suffix(path, ".c")) return *kind = DRV_INPUT_C, 0;
  for (size_t i = 0; i < sizeof cxx / sizeof *cxx; i++)
    if (has_suffix(path, cxx[i])) return *kind = DRV_INPUT_CXX, 0;
  return drv_error(
      "'%s': unsupported input file type (use -x cu, hip, c or c++ to name its language)", path);
}

static int add_input(drv_options *o, const char *path) {
  drv_input_kind kind;
  if (classify_input(path, o->forced_kind, &kind)) return 1;
  /* hipcc compiles CUDA and C++ sources as HIP (an explicit -x c++ or -x cu
   * still names plain C++ or CUDA); C stays C. */
  if (o->hipcc && o->forced_kind < 0 && (kind == DRV_INPUT_CUDA || kind == DRV_INPUT_CXX))
    kind = DRV_INPUT_HIP;
  drv_input *grown = realloc(o->inputs, (o->input_count + 1) * sizeof *grown);
  if (!grown) return drv_error("out of memory");
  o->inputs = grown;
  o->inputs[o->input_count++] = (drv_input){path, kind};
  return 0;
}

/* nvcc applies -forward-unknown-to-host-compiler to the whole line, also to
 * options that come before it. */
static bool wants_forwarding(const drv_strvec *args) {
  for (size_t i = 1; i < args->count; i++)
    if (!strcmp(args->items[i], "-forward-unknown-to-host-compiler") ||
        !strcmp(args->items[i], "--forward-unknown-to-host-compiler"))
      return true;
  return false;
}

/* Splits text into words as a shell would for plain words: white space
 * separates, '...' and "..." quote, backslash escapes one character. */
static void push_words(drv_strvec *dst, const char *text) {
  size_t cap = strlen(text) + 1, len = 0;
  char *word = malloc(cap);
  if (!word) abort();
  bool in_word = false;
  char quote = 0;
  for (const char *p = text; *p; p++) {
    if (quote) {
      if (*p == quote)
        quote = 0;
      else if (*p == '\\' && quote == '"' && p[1])
        word[len++] = *++p;
      else
        word[len++] = *p;
    } else if (*p == '\'' || *p == '"') {
      quote = *p, in_word = true;
    } else if (*p == '\\' && p[1]) {
      word[len++] = *++p, in_word = true;
    } else if (strchr(" \t\r\n", *p)) {
      if (in_word) word[len] = '\0', drv_strvec_push(dst, word);
      len = 0, in_word = false;
    } else {
      word[len++] = *p, in_word = true;
    }
  }
  if (in_word) word[len] = '\0', drv_strvec_push(dst, word);
  free(word);
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  char buf[4096];
  size_t n;
  while (mem && (n = fread(buf, 1, sizeof buf, f)) > 0)
    fwrite(buf, 1, n, mem);
  if (mem) fclose(mem);
  fclose(f);
  return text;
}

/* If args->items[*i] names an options file, returns its path (and advances
 * *i past a separate value); NULL otherwise. */
static const char *options_file_at(char **argv, int argc, int *i) {
  const char *a = argv[*i];
  static const char *names[] = {"--options-file", "-options-file", "-optf", "--optf"};
  for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
    size_t n = strlen(names[k]);
    if (strncmp(a, names[k], n)) continue;
    if (a[n] == '=') return a + n + 1;
    if (a[n] == '\0' && *i + 1 < argc) return argv[++*i];
  }
  return NULL;
}

/* Copies argv into args, replacing options files by their words. */
static int expand_arguments(int argc, char **argv, drv_strvec *args) {
  for (int i = 0; i < argc; i++) {
    const char *path = i > 0 ? options_file_at(argv, argc, &i) : NULL;
    if (!path) {
      drv_strvec_push(args, argv[i]);
      continue;
    }
    char *text = read_file(path);
    if (!text) return drv_error("cannot read options file '%s': %s", path, strerror(errno));
    push_words(args, text);
    free(text);
  }
  return 0;
}

/* hipcc mode is chosen by the name the driver runs under (a symlink hipcc ->
 * anchorcc, what build systems call), as clang's driver chooses its mode. */
static bool invoked_as_hipcc(const char *argv0) {
  const char *slash = strrchr(argv0, '/');
  return !strcmp(slash ? slash + 1 : argv0, "hipcc");
}

int drv_parse_options(int argc, char **argv, drv_options *opts) {
  memset(opts, 0, sizeof *opts);
  opts->opt_level = -1;
  opts->prec_div = opts->prec_sqrt = opts->ftz = -1;
  opts->link_runtime = true;
  opts->forced_kind = -1;
  if (expand_arguments(argc, argv, &opts->arguments)) return 1;
  opts->forward_unknown = wants_forwarding(&opts->arguments);
  opts->hipcc = argc > 0 && invoked_as_hipcc(argv[0]);
  if (opts->hipcc) drv_set_program_name("hipcc");
  int count = (int)opts->arguments.count;
  char **args = opts->arguments.items;
  for (int i = 1; i < count; i++) {
    const char *arg = args[i];
    int status = (arg[0] == '-' && arg[1]) ? parse_option(opts, count, args, &i)
                 : arg[0] == '-'
                     ? drv_error("reading a program from standard input is not supported")
                     : add_input(opts, arg);
    if (status) return status;
  }
  bool needs_inputs = !opts->show_version && !opts->show_help && !opts->print_cuda_flags;
  if (opts->input_count == 0 && needs_inputs) return drv_error("no input files");
  return 0;
}

void drv_options_free(drv_options *opts) {
  free(opts->inputs);
  drv_strvec_free(&opts->frontend_flags);
  drv_strvec_free(&opts->host_flags);
  drv_strvec_free(&opts->linker_flags);
  drv_strvec_free(&opts->library_dirs);
  drv_strvec_free(&opts->libraries);
  drv_strvec_free(&opts->dep_flags);
  drv_strvec_free(&opts->run_args);
  drv_strvec_free(&opts->arguments);
  memset(opts, 0, sizeof *opts);
}
