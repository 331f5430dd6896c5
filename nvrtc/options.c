/* options.c — NVRTC's compile options, read into anchorcc arguments.
 *
 * Each option is one string, "--name=value" or "-name=value" (one or two
 * dashes for either spelling, as NVRTC accepts), or the name with its value
 * in the next string ("-arch sm_90", "-I dir"); -I/-D/-U also take it
 * attached ("-DX=1").  The flags anchorcc and NVRTC share are passed on in
 * anchorcc's spelling, so anchorcc alone decides what they do to device
 * code.  docs/nvrtc.md lists them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvrtc_internal.h"

/* CUDA 13.0's NVRTC list (nvrtcGetSupportedArchs on it). */
const int nv_supported_archs[] = {75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121};
const int nv_supported_arch_count = sizeof nv_supported_archs / sizeof *nv_supported_archs;

typedef struct nv_option nv_option;
/* Handles one occurrence; value is NULL for a flag.  Returns false when the
 * value is invalid (the caller logs NVRTC's message). */
typedef bool (*nv_handler)(const nv_option *opt, const char *value, nv_request *req);

struct nv_option {
  const char *long_name, *short_name;
  bool takes_value;
  nv_handler handle;
  const char *anchorcc; /* what the handler passes on, NULL if nothing */
};

static bool is_bool(const char *v) {
  return !strcmp(v, "true") || !strcmp(v, "false");
}

/* sm_NN / compute_NN with NN supported; 'a' (NN >= 90) or 'f' (NN >= 100)
 * suffixes as CUDA 13 spells the architecture-specific targets. */
static bool on_arch(const nv_option *o, const char *v, nv_request *r) {
  (void)o, (void)r;
  const char *digits = !strncmp(v, "sm_", 3) ? v + 3 : !strncmp(v, "compute_", 8) ? v + 8 : NULL;
  if (!digits || *digits < '0' || *digits > '9') return false;
  char *end;
  long nn = strtol(digits, &end, 10);
  if (*end == 'a' && nn >= 90)
    end++;
  else if (*end == 'f' && nn >= 100)
    end++;
  if (*end) return false;
  for (int i = 0; i < nv_supported_arch_count; i++)
    if (nv_supported_archs[i] == nn) return true;
  return false;
}

static bool on_std(const nv_option *o, const char *v, nv_request *r) {
  (void)o;
  static const char *known[] = {"c++03", "c++11", "c++14", "c++17", "c++20"};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++)
    if (!strcmp(v, known[i])) {
      char flag[16];
      snprintf(flag, sizeof flag, "-std=%s", v);
      nv_strvec_push(&r->anchorcc_args, flag);
      return true;
    }
  return false;
}

/* anchorcc's option with the same value: -I dir, -D m, -U m. */
static bool on_pass_value(const nv_option *o, const char *v, nv_request *r) {
  nv_strvec_push(&r->anchorcc_args, o->anchorcc);
  nv_strvec_push(&r->anchorcc_args, v);
  return true;
}

/* true|false, passed on as anchorcc's "<option>=<value>". */
static bool on_pass_bool(const nv_option *o, const char *v, nv_request *r) {
  if (!is_bool(v)) return false;
  size_t n = strlen(o->anchorcc) + strlen(v) + 2;
  char *flag = malloc(n);
  if (!flag) {
    r->anchorcc_args.failed = true;
    return true;
  }
  snprintf(flag, n, "%s=%s", o->anchorcc, v);
  nv_strvec_push(&r->anchorcc_args, flag);
  free(flag);
  return true;
}

static bool on_pass_flag(const nv_option *o, const char *v, nv_request *r) {
  (void)v;
  nv_strvec_push(&r->anchorcc_args, o->anchorcc);
  return true;
}

static bool on_pre_include(const nv_option *o, const char *v, nv_request *r) {
  (void)o;
  nv_strvec_push(&r->pre_includes, v);
  return true;
}

static bool on_default_device(const nv_option *o, const char *v, nv_request *r) {
  (void)o, (void)v;
  r->default_device = true;
  return true;
}

/* Options with no effect on Metal code; a value, where taken, is checked. */
static bool on_ignore(const nv_option *o, const char *v, nv_request *r) {
  (void)o, (void)v, (void)r;
  return true;
}

static bool on_ignore_bool(const nv_option *o, const char *v, nv_request *r) {
  (void)o, (void)r;
  return is_bool(v);
}

static bool on_dopt(const nv_option *o, const char *v, nv_request *r) {
  (void)o, (void)r;
  return !strcmp(v, "on") || !strcmp(v, "off");
}

static bool on_number(const nv_option *o, const char *v, nv_request *r) {
  (void)o, (void)r;
  char *end;
  strtol(v, &end, 10);
  return *v && !*end;
}

static const nv_option options[] = {
    {"gpu-architecture", "arch", true, on_arch, NULL},
    {"std", "std", true, on_std, NULL},
    {"include-path", "I", true, on_pass_value, "-I"},
    {"define-macro", "D", true, on_pass_value, "-D"},
    {"undefine-macro", "U", true, on_pass_value, "-U"},
    {"pre-include", "include", true, on_pre_include, NULL},
    {"device-as-default-execution-space", "default-device", false, on_default_device, NULL},
    {"device-debug", "G", false, on_pass_flag, "-G"},
    {"generate-line-info", "lineinfo", false, on_pass_flag, "-lineinfo"},
    {"disable-warnings", "w", false, on_pass_flag, "-w"},
    {"use_fast_math", "use_fast_math", false, on_pass_flag, "--use_fast_math"},
    {"ftz", "ftz", true, on_pass_bool, "-ftz"},
    {"prec-div", "prec-div", true, on_pass_bool, "-prec-div"},
    {"prec-sqrt", "prec-sqrt", true, on_pass_bool, "-prec-sqrt"},
    {"fmad", "fmad", true, on_pass_bool, "--fmad"},
    /* anchorcc refuses true with --emit-msl (relocatable device code is
     * translated at a device link, which NVRTC has not): its error. */
    {"relocatable-device-code", "rdc", true, on_pass_bool, "-rdc"},
    {"dopt", "dopt", true, on_dopt, NULL},
    {"maxrregcount", "maxrregcount", true, on_number, NULL},
    {"ptxas-options", "Xptxas", true, on_ignore, NULL},
    {"split-compile", "split-compile", true, on_number, NULL},
    {"diag-error", "diag-error", true, on_ignore, NULL},
    {"diag-suppress", "diag-suppress", true, on_ignore, NULL},
    {"diag-warn", "diag-warn", true, on_ignore, NULL},
    {"builtin-move-forward", "builtin-move-forward", true, on_ignore_bool, NULL},
    {"builtin-initializer-list", "builtin-initializer-list", true, on_ignore_bool, NULL},
    {"restrict", "restrict", false, on_ignore, NULL},
    {"extra-device-vectorization", "extra-device-vectorization", false, on_ignore, NULL},
    {"device-int128", "device-int128", false, on_ignore, NULL},
    {"display-error-number", "err-no", false, on_ignore, NULL},
    {"no-display-error-number", "no-err-no", false, on_ignore, NULL},
};

static const nv_option *find(const char *name, size_t n) {
  for (size_t i = 0; i < sizeof options / sizeof *options; i++) {
    const nv_option *o = &options[i];
    if ((strlen(o->long_name) == n && !strncmp(o->long_name, name, n)) ||
        (strlen(o->short_name) == n && !strncmp(o->short_name, name, n)))
      return o;
  }
  return NULL;
}

/* Options NVRTC has that Anchor cannot honour: refused, saying why. */
static const char *refused(const char *name, size_t n) {
  static const char *lto[] = {"dlink-time-opt", "dlto", "gen-opt-lto"};
  for (size_t i = 0; i < sizeof lto / sizeof *lto; i++)
    if (strlen(lto[i]) == n && !strncmp(lto[i], name, n))
      return "LTO IR (-dlto) is not supported by Anchor: its image is a Metal device module";
  return NULL;
}

nvrtcResult nv_options_read(int count, const char *const *argv, nv_request *req, nv_text *log) {
  memset(req, 0, sizeof *req);
  /* NVRTC's default dialect. */
  nv_strvec_push(&req->anchorcc_args, "-std=c++17");
  for (int i = 0; i < count; i++) {
    const char *arg = argv[i];
    if (!arg) {
      nv_text_puts(log, "nvrtc: error: an option is NULL\n");
      return NVRTC_ERROR_INVALID_OPTION;
    }
    const char *body = arg[0] == '-' ? arg + 1 + (arg[1] == '-') : NULL;
    if (!body || !*body) {
      nv_text_printf(log, "nvrtc: error: unrecognized option %s found\n", arg);
      return NVRTC_ERROR_INVALID_OPTION;
    }
    const char *eq = strchr(body, '=');
    size_t key_length = eq ? (size_t)(eq - body) : strlen(body);
    const nv_option *o = find(body, key_length);
    const char *value = eq ? eq + 1 : NULL;
    if (!o && strchr("IDU", body[0]) && body[1]) {
      /* -Idir, -DX=1, -UX */
      char key[2] = {body[0], '\0'};
      o = find(key, 1);
      value = body + 1;
    }
    const char *why = o ? NULL : refused(body, key_length);
    if (why) {
      nv_text_printf(log, "nvrtc: error: %s: %s\n", arg, why);
      return NVRTC_ERROR_INVALID_OPTION;
    }
    if (!o || (!o->takes_value && value)) {
      nv_text_printf(log, "nvrtc: error: unrecognized option %s found\n", arg);
      return NVRTC_ERROR_INVALID_OPTION;
    }
    if (o->takes_value && !value) {
      if (i + 1 >= count || !argv[i + 1]) {
        nv_text_printf(log, "nvrtc: error: missing value for option --%s (-%s)\n", o->long_name,
                       o->short_name);
        return NVRTC_ERROR_INVALID_OPTION;
      }
      value = argv[++i];
    }
    if (!o->handle(o, value, req)) {
      nv_text_printf(log, "nvrtc: error: invalid value for --%s (-%s)\n", o->long_name,
                     o->short_name);
      return NVRTC_ERROR_INVALID_OPTION;
    }
  }
  if (req->anchorcc_args.failed || req->pre_includes.failed) return NVRTC_ERROR_OUT_OF_MEMORY;
  return NVRTC_SUCCESS;
}

void nv_request_free(nv_request *req) {
  nv_strvec_free(&req->anchorcc_args);
  nv_strvec_free(&req->pre_includes);
}
