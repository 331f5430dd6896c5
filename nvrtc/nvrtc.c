/* nvrtc.c — the NVRTC API (include/nvrtc.h): argument checks, program
 * objects and what a compile left in them.  The compile itself is
 * compile.c's, the options options.c's.
 *
 * Programs are independent: compiles of different programs run
 * concurrently (each in its own directory, its own anchorcc).  One program
 * is not to be used by two threads at once, as with NVIDIA's.  Handles are
 * checked against the live programs, so a NULL or destroyed one is
 * NVRTC_ERROR_INVALID_PROGRAM, not a crash. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_runtime_api.h" /* CUDART_VERSION: the CUDA version Anchor implements */
#include "nvrtc_internal.h"

struct _nvrtcProgram {
  struct _nvrtcProgram *next; /* the live list */
  char *source, *name;
  int header_count;
  char **header_texts, **header_names;
  size_t expression_count;
  char **expressions;
  bool compiled;        /* a compile succeeded: lowered names exist */
  bool attempted;       /* a compile ran (name expressions may no longer be added) */
  char *log;            /* the last compile's log, "" before */
  unsigned char *image; /* NUL-terminated device module, NULL before/after failure */
  size_t image_size;
  char **lowered; /* expression_count entries once compiled */
};

static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static struct _nvrtcProgram *live;

static bool is_live(nvrtcProgram prog) {
  if (!prog) return false;
  pthread_mutex_lock(&live_lock);
  struct _nvrtcProgram *p = live;
  while (p && p != prog)
    p = p->next;
  pthread_mutex_unlock(&live_lock);
  return p != NULL;
}

const char *nvrtcGetErrorString(nvrtcResult result) {
  static const char *const names[] = {
      "NVRTC_SUCCESS",
      "NVRTC_ERROR_OUT_OF_MEMORY",
      "NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
      "NVRTC_ERROR_INVALID_INPUT",
      "NVRTC_ERROR_INVALID_PROGRAM",
      "NVRTC_ERROR_INVALID_OPTION",
      "NVRTC_ERROR_COMPILATION",
      "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
      "NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
      "NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
      "NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
      "NVRTC_ERROR_INTERNAL_ERROR",
      "NVRTC_ERROR_TIME_FILE_WRITE_FAILED",
      "NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED",
      "NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED",
      "NVRTC_ERROR_PCH_CREATE",
      "NVRTC_ERROR_CANCELLED",
      "NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED",
  };
  unsigned index = (unsigned)result;
  return index < sizeof names / sizeof *names ? names[index] : "NVRTC_ERROR unknown";
}

nvrtcResult nvrtcVersion(int *major, int *minor) {
  if (!major || !minor) return NVRTC_ERROR_INVALID_INPUT;
  *major = CUDART_VERSION / 1000;
  *minor = CUDART_VERSION % 1000 / 10;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetNumSupportedArchs(int *numArchs) {
  if (!numArchs) return NVRTC_ERROR_INVALID_INPUT;
  *numArchs = nv_supported_arch_count;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetSupportedArchs(int *supportedArchs) {
  if (!supportedArchs) return NVRTC_ERROR_INVALID_INPUT;
  memcpy(supportedArchs, nv_supported_archs, nv_supported_arch_count * sizeof *supportedArchs);
  return NVRTC_SUCCESS;
}

static void free_strings(char **s, size_t n) {
  for (size_t i = 0; s && i < n; i++)
    free(s[i]);
  free(s);
}

static void free_program(struct _nvrtcProgram *p) {
  free(p->source);
  free(p->name);
  free_strings(p->header_texts, (size_t)p->header_count);
  free_strings(p->header_names, (size_t)p->header_count);
  free_strings(p->expressions, p->expression_count);
  free_strings(p->lowered, p->expression_count);
  free(p->log);
  free(p->image);
  free(p);
}

nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name,
                               int numHeaders, const char *const *headers,
                               const char *const *includeNames) {
  if (!prog) return NVRTC_ERROR_INVALID_PROGRAM;
  if (!src || numHeaders < 0 || (numHeaders > 0 && (!headers || !includeNames)))
    return NVRTC_ERROR_INVALID_INPUT;
  for (int i = 0; i < numHeaders; i++)
    if (!headers[i] || !includeNames[i]) return NVRTC_ERROR_INVALID_INPUT;
  struct _nvrtcProgram *p = calloc(1, sizeof *p);
  if (!p) return NVRTC_ERROR_OUT_OF_MEMORY;
  p->source = strdup(src);
  p->name = strdup(name ? name : "default_program");
  p->log = strdup("");
  p->header_count = numHeaders;
  p->header_texts = calloc((size_t)numHeaders + 1, sizeof *p->header_texts);
  p->header_names = calloc((size_t)numHeaders + 1, sizeof *p->header_names);
  bool ok = p->source && p->name && p->log && p->header_texts && p->header_names;
  for (int i = 0; ok && i < numHeaders; i++)
    ok =
        (p->header_texts[i] = strdup(headers[i])) && (p->header_names[i] = strdup(includeNames[i]));
  if (!ok) {
    free_program(p);
    return NVRTC_ERROR_OUT_OF_MEMORY;
  }
  pthread_mutex_lock(&live_lock);
  p->next = live;
  live = p;
  pthread_mutex_unlock(&live_lock);
  *prog = p;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog) {
  if (!prog || !*prog) return NVRTC_ERROR_INVALID_PROGRAM;
  pthread_mutex_lock(&live_lock);
  struct _nvrtcProgram **link = &live;
  while (*link && *link != *prog)
    link = &(*link)->next;
  struct _nvrtcProgram *p = *link;
  if (p) *link = p->next;
  pthread_mutex_unlock(&live_lock);
  if (!p) return NVRTC_ERROR_INVALID_PROGRAM;
  free_program(p);
  *prog = NULL;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char *const name_expression) {
  if (!is_live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression || !*name_expression) return NVRTC_ERROR_INVALID_INPUT;
  if (prog->attempted) return NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  char **grown = realloc(prog->expressions, (prog->expression_count + 1) * sizeof *grown);
  if (!grown) return NVRTC_ERROR_OUT_OF_MEMORY;
  prog->expressions = grown;
  if (!(grown[prog->expression_count] = strdup(name_expression))) return NVRTC_ERROR_OUT_OF_MEMORY;
  prog->expression_count++;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char *const *options) {
  if (!is_live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (numOptions < 0) return NVRTC_ERROR_INVALID_INPUT;
  if (numOptions > 0 && !options) return NVRTC_ERROR_INVALID_OPTION;
  /* What an earlier compile left goes; a failed compile leaves nothing. */
  free(prog->image);
  prog->image = NULL;
  prog->image_size = 0;
  free_strings(prog->lowered, prog->expression_count);
  prog->lowered = NULL;
  prog->compiled = false;
  prog->attempted = true;
  nv_output out = {0};
  nv_request req;
  nvrtcResult result = nv_options_read(numOptions, options, &req, &out.log);
  if (result == NVRTC_SUCCESS) {
    nv_source src = {prog->source,
                     prog->name,
                     prog->header_count,
                     (const char *const *)prog->header_texts,
                     (const char *const *)prog->header_names,
                     prog->expression_count,
                     (const char *const *)prog->expressions};
    nv_text options_log = out.log;
    result = nv_compile(&src, &req, &out);
    /* nv_compile starts its own log: keep the option lines before it. */
    if (options_log.length) {
      nv_text joined = options_log;
      nv_text_add(&joined, out.log.data ? out.log.data : "", out.log.length);
      nv_text_free(&out.log);
      out.log = joined;
    } else {
      nv_text_free(&options_log);
    }
  }
  nv_request_free(&req);
  char *log = nv_text_take(&out.log);
  if (log) {
    free(prog->log);
    prog->log = log;
  } else if (result == NVRTC_SUCCESS) {
    result = NVRTC_ERROR_OUT_OF_MEMORY;
  }
  if (result == NVRTC_SUCCESS) {
    prog->image = out.image;
    prog->image_size = out.image_size;
    prog->lowered = out.lowered;
    prog->compiled = true;
  } else {
    free(out.image);
    free_strings(out.lowered, prog->expression_count);
  }
  return result;
}

/* The image (or "" when there is none) and its size with the NUL. */
static nvrtcResult image_size(nvrtcProgram prog, size_t *size) {
  if (!is_live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (!size) return NVRTC_ERROR_INVALID_INPUT;
  *size = prog->image ? prog->image_size : 1;
  return NVRTC_SUCCESS;
}

static nvrtcResult image_copy(nvrtcProgram prog, char *to) {
  if (!is_live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (!to) return NVRTC_ERROR_INVALID_INPUT;
  if (prog->image)
    memcpy(to, prog->image, prog->image_size);
  else
    to[0] = '\0';
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *ptxSizeRet) {
  return image_size(prog, ptxSizeRet);
}

nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx) {
  return image_copy(prog, ptx);
}

nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *cubinSizeRet) {
  return image_size(prog, cubinSizeRet);
}

nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin) {
  return image_copy(prog, cubin);
}

/* No LTO IR ever exists (-dlto is refused): size 0, as NVIDIA's NVRTC
 * answers for a program compiled without -dlto. */
nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram prog, size_t *LTOIRSizeRet) {
  if (!is_live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (!LTOIRSizeRet) return NVRTC_ERROR_INVALID_INPUT;
  *LTOIRSizeRet = 0;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetLTOIR(nvrtcProgram prog, char *LTOIR) {
  if (!is_live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (!LTOIR) return NVRTC_ERROR_INVALID_INPUT;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *logSizeRet) {
  if (!is_live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (!logSizeRet) return NVRTC_ERROR_INVALID_INPUT;
  *logSizeRet = strlen(prog->log) + 1;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log) {
  if (!is_live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (!log) return NVRTC_ERROR_INVALID_INPUT;
  memcpy(log, prog->log, strlen(prog->log) + 1);
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char *const name_expression,
                                const char **lowered_name) {
  if (!is_live(prog)) return NVRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression || !lowered_name) return NVRTC_ERROR_INVALID_INPUT;
  if (!prog->compiled) return NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
  for (size_t i = 0; i < prog->expression_count; i++)
    if (!strcmp(prog->expressions[i], name_expression)) {
      *lowered_name = prog->lowered[i];
      return NVRTC_SUCCESS;
    }
  return NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID;
}
