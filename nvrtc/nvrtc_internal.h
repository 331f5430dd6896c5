/* nvrtc_internal.h — the whole internal interface of libnvrtc (Anchor's
 * NVRTC, docs/nvrtc.md).  nvrtc.c holds the API (argument checks, program
 * objects); options.c turns NVRTC options into anchorcc arguments;
 * compile.c runs anchorcc on the program in a private directory; log.c turns
 * anchorcc's diagnostics into NVRTC's log; text.c the growable strings they
 * share.  nvrtc.c calls options.c and compile.c, compile.c calls log.c, and
 * all of them text.c; nothing calls nvrtc.c. */
#ifndef ANCHOR_NVRTC_INTERNAL_H
#define ANCHOR_NVRTC_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "nvrtc.h"

/* ---- text.c: growable strings and string vectors ---- */

/* A NUL-terminated heap string that grows; `failed` records an allocation
 * failure (later appends are then ignored), checked once at the end. */
typedef struct nv_text {
  char *data;
  size_t length, capacity;
  bool failed;
} nv_text;

void nv_text_add(nv_text *t, const char *s, size_t n);
void nv_text_puts(nv_text *t, const char *s);
void nv_text_printf(nv_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Gives up the string (caller frees; never NULL unless t->failed) and zeroes t. */
char *nv_text_take(nv_text *t);
void nv_text_free(nv_text *t);

/* A vector of heap strings, NULL-terminated at items[count] (for execv). */
typedef struct nv_strvec {
  char **items;
  size_t count, capacity;
  bool failed;
} nv_strvec;

void nv_strvec_push(nv_strvec *v, const char *s);
void nv_strvec_free(nv_strvec *v);

/* ---- options.c ---- */

/* What the options of one nvrtcCompileProgram call ask for. */
typedef struct nv_request {
  nv_strvec anchorcc_args; /* for anchorcc, before the input */
  nv_strvec pre_includes;  /* --pre-include headers, in order */
  bool default_device;     /* -default-device */
} nv_request;

/* Reads options[0..count-1] into *req (zeroed first).  Returns
 * NVRTC_SUCCESS, or NVRTC_ERROR_INVALID_OPTION after appending NVRTC's
 * "nvrtc: error: ..." line to *log (unknown option, bad or missing value,
 * an option Anchor cannot honour), or NVRTC_ERROR_OUT_OF_MEMORY.  *req then
 * still needs nv_request_free. */
nvrtcResult nv_options_read(int count, const char *const *options, nv_request *req, nv_text *log);
void nv_request_free(nv_request *req);

/* The architecture numbers -arch accepts, ascending. */
extern const int nv_supported_archs[];
extern const int nv_supported_arch_count;

/* ---- compile.c ---- */

/* A program as nvrtcCreateProgram and nvrtcAddNameExpression gave it. */
typedef struct nv_source {
  const char *text, *name;
  int header_count;
  const char *const *header_texts, *const *header_names;
  size_t expression_count;
  const char *const *expressions;
} nv_source;

/* What a compile produces.  Every pointer is heap (caller frees, also after a
 * failure); lowered has expression_count entries, each set on success. */
typedef struct nv_output {
  nv_text log;          /* NVRTC's log, as log.c rewrites anchorcc's */
  unsigned char *image; /* the device module, NUL-terminated; NULL on failure */
  size_t image_size;    /* including the NUL */
  char **lowered;       /* mangled name of each expression */
} nv_output;

/* Compiles src under req: anchorcc (found as <root>/bin/anchorcc, <root>
 * the parent of the directory holding libnvrtc.so) in a private directory
 * under $TMPDIR (or /tmp) removed before returning.  Returns NVRTC_SUCCESS;
 * NVRTC_ERROR_COMPILATION (diagnostics in out->log); NVRTC_ERROR_INVALID_INPUT
 * for a header name that cannot be a relative path; NVRTC_ERROR_OUT_OF_MEMORY;
 * or NVRTC_ERROR_BUILTIN_OPERATION_FAILURE when anchorcc cannot be found or
 * run, or a file cannot be written (a log line says which).  Safe to call
 * from several threads at once. */
nvrtcResult nv_compile(const nv_source *src, const nv_request *req, nv_output *out);

/* ---- log.c ---- */

/* Appends anchorcc's diagnostics raw to *log in NVRTC's form: every
 * occurrence of the private paths (wrapper: the file compiled; dir: the
 * private directory) named by the program's own names, clang's
 * "file:L:C: error: m" as NVRTC's "file(L): error: m" ("fatal error" is
 * NVRTC's "catastrophic error"), clang's "N errors generated." as "N errors
 * detected in the compilation of "name".", "anchorcc:" as "nvrtc:". */
void nv_log_rewrite(const char *raw, const char *wrapper, const char *dir, const char *name,
                    nv_text *log);

#endif
