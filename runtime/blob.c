/* runtime/blob.c — parser of the device module that anchor-msl writes and
 * clang embeds in each host object (docs/design.md, "The device module").
 *
 * The blob arrives as a bare pointer (clang's __cuda_fatbin_wrapper records
 * no length), so the header's length field is the only bound on reading: it
 * is checked for sanity before anything past the header is touched. Every
 * line is validated; anything unexpected makes the whole module invalid
 * (launches then fail with cudaErrorInvalidKernelImage) instead of guessing. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

enum { RT_BLOB_HEADER = 16, RT_MAX_TOKENS = 8 };

typedef struct {
  const char *cursor, *end; /* unread text */
  int line_number;
  char *line; /* NUL-terminated copy of the current line */
  char *tokens[RT_MAX_TOKENS];
  int token_count;
  char *error;
  size_t error_size;
} rt_blob_reader;

static bool rt_blob_fail(rt_blob_reader *r, const char *format, ...) {
  va_list args;
  int n = snprintf(r->error, r->error_size, "device module line %d: ", r->line_number);
  va_start(args, format);
  if (n >= 0 && (size_t)n < r->error_size) vsnprintf(r->error + n, r->error_size - n, format, args);
  va_end(args);
  return false;
}

/* Reads the next line into r->line and splits it at spaces. False at the end
 * of the text or when out of memory (r->line is then NULL). */
static bool rt_blob_next_line(rt_blob_reader *r) {
  free(r->line);
  r->line = NULL;
  r->token_count = 0;
  if (r->cursor >= r->end) return false;
  const char *newline = memchr(r->cursor, '\n', (size_t)(r->end - r->cursor));
  const char *stop = newline ? newline : r->end;
  size_t length = (size_t)(stop - r->cursor);
  r->line = malloc(length + 1);
  if (!r->line) return false;
  memcpy(r->line, r->cursor, length);
  r->line[length] = '\0';
  r->cursor = newline ? newline + 1 : r->end;
  r->line_number++;
  char *save = NULL;
  for (char *t = strtok_r(r->line, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
    if (r->token_count == RT_MAX_TOKENS) {
      r->token_count++;
      break;
    }
    r->tokens[r->token_count++] = t;
  }
  return true;
}

/* Parses a decimal number token; false unless it is all digits and fits. */
static bool rt_blob_number(const char *token, uint64_t *out) {
  if (*token < '0' || *token > '9') return false;
  char *stop;
  errno = 0;
  unsigned long long value = strtoull(token, &stop, 10);
  if (errno || *stop) return false;
  *out = value;
  return true;
}

static int rt_hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* "kernel <name> <param_bytes> <static_smem> <dynamic 0|1>" */
static bool rt_blob_kernel(rt_blob_reader *r, rt_module_desc *m) {
  uint64_t params, smem, dynamic;
  if (r->token_count != 5 || !rt_blob_number(r->tokens[2], &params) ||
      !rt_blob_number(r->tokens[3], &smem) || !rt_blob_number(r->tokens[4], &dynamic) ||
      dynamic > 1)
    return rt_blob_fail(r, "malformed kernel line");
  rt_kernel_desc *grown = realloc(m->kernels, (m->kernel_count + 1) * sizeof *grown);
  if (!grown) return rt_blob_fail(r, "out of memory");
  m->kernels = grown;
  rt_kernel_desc *k = &m->kernels[m->kernel_count];
  memset(k, 0, sizeof *k);
  k->name = strdup(r->tokens[1]);
  if (!k->name) return rt_blob_fail(r, "out of memory");
  m->kernel_count++;
  k->param_bytes = params;
  k->static_smem_bytes = smem;
  k->dynamic_smem = dynamic == 1;
  return true;
}

/* "param <offset> <size>", belonging to the last kernel line. */
static bool rt_blob_param(rt_blob_reader *r, rt_module_desc *m) {
  uint64_t offset, size;
  if (m->kernel_count == 0) return rt_blob_fail(r, "param line before any kernel line");
  rt_kernel_desc *k = &m->kernels[m->kernel_count - 1];
  if (r->token_count != 3 || !rt_blob_number(r->tokens[1], &offset) ||
      !rt_blob_number(r->tokens[2], &size))
    return rt_blob_fail(r, "malformed param line");
  if (size == 0 || offset > k->param_bytes || size > k->param_bytes - offset)
    return rt_blob_fail(
        r, "param %" PRIu64 "+%" PRIu64 " outside the %" PRIu64 "-byte parameter block of %s",
        offset, size, k->param_bytes, k->name);
  rt_param_desc *grown = realloc(k->params, (k->param_count + 1) * sizeof *grown);
  if (!grown) return rt_blob_fail(r, "out of memory");
  k->params = grown;
  k->params[k->param_count++] = (rt_param_desc){offset, size};
  return true;
}

static bool rt_blob_init_bytes(rt_blob_reader *r, rt_global_desc *g, const char *hex) {
  if (strcmp(hex, "-") == 0) return true;
  if (strlen(hex) != 2 * g->size)
    return rt_blob_fail(r, "initialiser of %s is not %" PRIu64 " bytes", g->name, g->size);
  g->init = malloc(g->size);
  if (!g->init) return rt_blob_fail(r, "out of memory");
  for (uint64_t i = 0; i < g->size; i++) {
    int hi = rt_hex_digit(hex[2 * i]), lo = rt_hex_digit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return rt_blob_fail(r, "initialiser of %s is not hexadecimal", g->name);
    g->init[i] = (unsigned char)(hi << 4 | lo);
  }
  return true;
}

/* "global <name> <index> <size> <align> <device|constant> <hex|->" */
static bool rt_blob_global(rt_blob_reader *r, rt_module_desc *m) {
  uint64_t index, size, align;
  if (r->token_count != 7 || !rt_blob_number(r->tokens[2], &index) ||
      !rt_blob_number(r->tokens[3], &size) || !rt_blob_number(r->tokens[4], &align))
    return rt_blob_fail(r, "malformed global line");
  bool constant = strcmp(r->tokens[5], "constant") == 0;
  if (!constant && strcmp(r->tokens[5], "device") != 0)
    return rt_blob_fail(r, "global flags '%s' are neither device nor constant", r->tokens[5]);
  if (size == 0 || size > RT_BLOB_MAX_BYTES || align == 0 || (align & (align - 1)) ||
      align > RT_ARENA_ALIGN)
    return rt_blob_fail(r, "global %s has size %" PRIu64 " and alignment %" PRIu64, r->tokens[1],
                        size, align);
  rt_global_desc *grown = realloc(m->globals, (m->global_count + 1) * sizeof *grown);
  if (!grown) return rt_blob_fail(r, "out of memory");
  m->globals = grown;
  rt_global_desc *g = &m->globals[m->global_count];
  memset(g, 0, sizeof *g);
  g->name = strdup(r->tokens[1]);
  if (!g->name) return rt_blob_fail(r, "out of memory");
  m->global_count++;
  g->index = index;
  g->size = size;
  g->align = align;
  g->constant = constant;
  return rt_blob_init_bytes(r, g, r->tokens[6]);
}

/* "msl <n>" followed by exactly n bytes that end the blob. */
static bool rt_blob_msl(rt_blob_reader *r, rt_module_desc *m) {
  uint64_t count;
  if (r->token_count != 2 || !rt_blob_number(r->tokens[1], &count))
    return rt_blob_fail(r, "malformed msl line");
  if (count != (uint64_t)(r->end - r->cursor))
    return rt_blob_fail(r, "msl line announces %" PRIu64 " bytes but %zu remain", count,
                        (size_t)(r->end - r->cursor));
  m->msl = malloc(count + 1);
  if (!m->msl) return rt_blob_fail(r, "out of memory");
  memcpy(m->msl, r->cursor, count);
  m->msl[count] = '\0';
  m->msl_length = count;
  r->cursor = r->end;
  return true;
}

static int rt_global_by_index(const void *a, const void *b) {
  const rt_global_desc *x = a, *y = b;
  return (x->index > y->index) - (x->index < y->index);
}

/* Globals must be numbered 0..n-1 (they index the context buffer). */
static bool rt_blob_check_globals(rt_blob_reader *r, rt_module_desc *m) {
  if (m->global_count > 1)
    qsort(m->globals, m->global_count, sizeof *m->globals, rt_global_by_index);
  for (size_t i = 0; i < m->global_count; i++)
    if (m->globals[i].index != i)
      return rt_blob_fail(r, "global indices are not 0..%zu", m->global_count - 1);
  for (size_t i = 0; i < m->kernel_count; i++) {
    uint64_t end = 0; /* params in order, not overlapping */
    for (size_t j = 0; j < m->kernels[i].param_count; j++) {
      if (m->kernels[i].params[j].offset < end)
        return rt_blob_fail(r, "parameters of %s overlap", m->kernels[i].name);
      end = m->kernels[i].params[j].offset + m->kernels[i].params[j].size;
    }
  }
  return true;
}

/* "language <major>.<minor>": the MSL version the source needs (default 3.1). */
static bool rt_blob_language(rt_blob_reader *r, rt_module_desc *m) {
  unsigned major, minor;
  char extra;
  if (r->token_count != 2 || sscanf(r->tokens[1], "%u.%u%c", &major, &minor, &extra) != 2 ||
      major > 0xffff || minor > 0xffff)
    return rt_blob_fail(r, "malformed language line");
  m->language_major = major;
  m->language_minor = minor;
  return true;
}

static bool rt_blob_lines(rt_blob_reader *r, rt_module_desc *m) {
  m->language_major = 3;
  m->language_minor = 1;
  while (rt_blob_next_line(r)) {
    if (r->token_count == 0) return rt_blob_fail(r, "empty line");
    if (r->token_count > RT_MAX_TOKENS) return rt_blob_fail(r, "too many fields");
    const char *word = r->tokens[0];
    bool ok;
    if (strcmp(word, "kernel") == 0)
      ok = rt_blob_kernel(r, m);
    else if (strcmp(word, "param") == 0)
      ok = rt_blob_param(r, m);
    else if (strcmp(word, "global") == 0)
      ok = rt_blob_global(r, m);
    else if (strcmp(word, "language") == 0)
      ok = rt_blob_language(r, m);
    else if (strcmp(word, "msl") == 0)
      return rt_blob_msl(r, m) && rt_blob_check_globals(r, m);
    else
      ok = rt_blob_fail(r, "unknown record '%s'", word);
    if (!ok) return false;
  }
  if (!r->line && r->cursor < r->end) return rt_blob_fail(r, "out of memory");
  return rt_blob_fail(r, "no msl record");
}

bool rt_blob_parse(const void *data, rt_module_desc *out, char *error, size_t error_size) {
  memset(out, 0, sizeof *out);
  const unsigned char *bytes = data;
  if (!bytes || memcmp(bytes, "ANCHMOD1", 8) != 0) {
    snprintf(error, error_size, "device module does not start with ANCHMOD1");
    return false;
  }
  uint64_t length = 0;
  for (int i = 7; i >= 0; i--)
    length = length << 8 | bytes[8 + i]; /* little endian */
  if (length < RT_BLOB_HEADER || length > RT_BLOB_MAX_BYTES) {
    snprintf(error, error_size, "device module length %" PRIu64 " is implausible", length);
    return false;
  }
  rt_blob_reader r = {(const char *)bytes + RT_BLOB_HEADER,
                      (const char *)bytes + length,
                      0,
                      NULL,
                      {0},
                      0,
                      error,
                      error_size};
  bool ok = rt_blob_lines(&r, out);
  free(r.line);
  if (!ok) rt_module_desc_free(out);
  return ok;
}

void rt_module_desc_free(rt_module_desc *desc) {
  for (size_t i = 0; i < desc->kernel_count; i++) {
    free(desc->kernels[i].name);
    free(desc->kernels[i].params);
  }
  for (size_t i = 0; i < desc->global_count; i++) {
    free(desc->globals[i].name);
    free(desc->globals[i].init);
  }
  free(desc->kernels);
  free(desc->globals);
  free(desc->msl);
  memset(desc, 0, sizeof *desc);
}
