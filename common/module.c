/* common/module.c — the device-module format (module.h): its writer, used
 * by anchor-msl and by tests that build modules, and its parser, used by
 * libanchor and the tests.
 *
 * The blob arrives at the parser as a bare pointer (clang's
 * __cuda_fatbin_wrapper records no length), so the header's length field is
 * the only bound on reading: it is checked for sanity before anything past
 * the header is touched. Every line is validated; anything unexpected makes
 * the whole module invalid (libanchor's launches then fail with
 * cudaErrorInvalidKernelImage) instead of guessing. */
#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "module.h"
#include "target.h"

/* ---- the writer ---------------------------------------------------------- */

/* Growable text; out of memory sticks (ok = false) and stops further writes. */
typedef struct {
  char *data;
  size_t length, capacity;
  bool ok;
} ac_text;

static void ac_append(ac_text *t, const void *bytes, size_t n) {
  if (!t->ok) return;
  if (t->length + n + 1 > t->capacity) {
    size_t capacity = t->capacity ? t->capacity : 256;
    while (capacity < t->length + n + 1)
      capacity *= 2;
    char *grown = realloc(t->data, capacity);
    if (!grown) {
      t->ok = false;
      return;
    }
    t->data = grown;
    t->capacity = capacity;
  }
  memcpy(t->data + t->length, bytes, n);
  t->length += n;
  t->data[t->length] = '\0';
}

static void ac_appendf(ac_text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void ac_appendf(ac_text *t, const char *format, ...) {
  char line[256];
  va_list args;
  va_start(args, format);
  int n = vsnprintf(line, sizeof line, format, args);
  va_end(args);
  assert(n >= 0 && (size_t)n < sizeof line); /* names go through ac_append */
  ac_append(t, line, (size_t)n);
}

static void ac_write_init(ac_text *t, const ac_global *g) {
  bool zero = true;
  for (uint64_t i = 0; g->init && i < g->size; i++)
    zero = zero && g->init[i] == 0;
  if (zero) {
    ac_append(t, "-", 1);
    return;
  }
  static const char digits[] = "0123456789abcdef";
  for (uint64_t i = 0; i < g->size; i++) {
    char pair[2] = {digits[g->init[i] >> 4], digits[g->init[i] & 15]};
    ac_append(t, pair, 2);
  }
}

static void ac_write_table(ac_text *t, const ac_module *m) {
  bool baseline =
      (m->language_major == 0 && m->language_minor == 0) ||
      (m->language_major == AC_MSL_BASELINE_MAJOR && m->language_minor == AC_MSL_BASELINE_MINOR);
  if (!baseline) ac_appendf(t, "language %u.%u\n", m->language_major, m->language_minor);
  for (size_t k = 0; k < m->kernel_count; k++) {
    const ac_kernel *kn = &m->kernels[k];
    assert(kn->name && !strchr(kn->name, ' ') && !strchr(kn->name, '\n'));
    ac_append(t, "kernel ", 7);
    ac_append(t, kn->name, strlen(kn->name));
    ac_appendf(t, " %" PRIu64 " %" PRIu64 " %d", kn->param_bytes, kn->static_smem_bytes,
               kn->dynamic_smem ? 1 : 0);
    if (kn->max_threads) ac_appendf(t, " %" PRIu64, kn->max_threads);
    ac_append(t, "\n", 1);
    for (size_t p = 0; p < kn->param_count; p++)
      ac_appendf(t, "param %" PRIu64 " %" PRIu64 "\n", kn->params[p].offset, kn->params[p].size);
    if (kn->spill_bytes) ac_appendf(t, "spill %" PRIu64 "\n", kn->spill_bytes);
    if (kn->cuda_smem_bytes != kn->static_smem_bytes + kn->spill_bytes)
      ac_appendf(t, "shared %" PRIu64 "\n", kn->cuda_smem_bytes);
  }
  for (size_t i = 0; i < m->global_count; i++) {
    const ac_global *g = &m->globals[i];
    assert(g->name && !strchr(g->name, ' ') && !strchr(g->name, '\n'));
    ac_append(t, "global ", 7);
    ac_append(t, g->name, strlen(g->name));
    ac_appendf(t, " %" PRIu64 " %" PRIu64 " %" PRIu64 " %s ", g->index, g->size, g->align,
               g->constant ? "constant" : "device");
    ac_write_init(t, g);
    ac_append(t, "\n", 1);
    for (size_t a = 0; a < g->address_count; a++)
      ac_appendf(t, "address %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", g->addresses[a].offset,
                 g->addresses[a].target, g->addresses[a].addend);
  }
  ac_appendf(t, "msl %zu\n", m->msl_length);
}

bool ac_module_write(const ac_module *m, unsigned char **blob_out, size_t *size_out) {
  assert(m && blob_out && size_out && (m->msl || m->msl_length == 0));
  ac_text t = {NULL, 0, 0, true};
  char header[AC_MODULE_HEADER_BYTES] = {0};
  ac_append(&t, header, sizeof header); /* filled in below */
  ac_write_table(&t, m);
  ac_append(&t, m->msl, m->msl_length);
  if (!t.ok) {
    free(t.data);
    return false;
  }
  memcpy(t.data, AC_MODULE_MAGIC, 8);
  for (int i = 0; i < 8; i++)
    t.data[8 + i] = (char)((uint64_t)t.length >> (8 * i));
  *blob_out = (unsigned char *)t.data;
  *size_out = t.length;
  return true;
}

/* ---- the parser ---------------------------------------------------------- */

enum { AC_MAX_TOKENS = 8 };

typedef struct {
  const char *cursor, *end; /* unread text */
  int line_number;
  char *line; /* NUL-terminated copy of the current line */
  char *tokens[AC_MAX_TOKENS];
  int token_count;
  char *error;
  size_t error_size;
} ac_reader;

static bool ac_fail(ac_reader *r, const char *format, ...) {
  va_list args;
  int n = snprintf(r->error, r->error_size, "device module line %d: ", r->line_number);
  va_start(args, format);
  if (n >= 0 && (size_t)n < r->error_size) vsnprintf(r->error + n, r->error_size - n, format, args);
  va_end(args);
  return false;
}

/* Reads the next line into r->line and splits it at spaces. False at the end
 * of the text or when out of memory (r->line is then NULL). */
static bool ac_next_line(ac_reader *r) {
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
    if (r->token_count == AC_MAX_TOKENS) {
      r->token_count++;
      break;
    }
    r->tokens[r->token_count++] = t;
  }
  return true;
}

/* Parses a decimal number token; false unless it is all digits and fits. */
static bool ac_number(const char *token, uint64_t *out) {
  if (*token < '0' || *token > '9') return false;
  char *stop;
  errno = 0;
  unsigned long long value = strtoull(token, &stop, 10);
  if (errno || *stop) return false;
  *out = value;
  return true;
}

static int ac_hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* "kernel <name> <param_bytes> <static_smem> <dynamic 0|1> [<max_threads>]" */
static bool ac_read_kernel(ac_reader *r, ac_module *m) {
  uint64_t params, smem, dynamic, max_threads = 0;
  if ((r->token_count != 5 && r->token_count != 6) || !ac_number(r->tokens[2], &params) ||
      !ac_number(r->tokens[3], &smem) || !ac_number(r->tokens[4], &dynamic) || dynamic > 1 ||
      (r->token_count == 6 && (!ac_number(r->tokens[5], &max_threads) || max_threads == 0)))
    return ac_fail(r, "malformed kernel line");
  ac_kernel *grown = realloc(m->kernels, (m->kernel_count + 1) * sizeof *grown);
  if (!grown) return ac_fail(r, "out of memory");
  m->kernels = grown;
  ac_kernel *k = &m->kernels[m->kernel_count];
  memset(k, 0, sizeof *k);
  k->name = strdup(r->tokens[1]);
  if (!k->name) return ac_fail(r, "out of memory");
  m->kernel_count++;
  k->param_bytes = params;
  k->static_smem_bytes = smem;
  k->dynamic_smem = dynamic == 1;
  k->max_threads = max_threads;
  return true;
}

/* "param <offset> <size>", belonging to the last kernel line. */
static bool ac_read_param(ac_reader *r, ac_module *m) {
  uint64_t offset, size;
  if (m->kernel_count == 0) return ac_fail(r, "param line before any kernel line");
  ac_kernel *k = &m->kernels[m->kernel_count - 1];
  if (r->token_count != 3 || !ac_number(r->tokens[1], &offset) || !ac_number(r->tokens[2], &size))
    return ac_fail(r, "malformed param line");
  if (size == 0 || offset > k->param_bytes || size > k->param_bytes - offset)
    return ac_fail(
        r, "param %" PRIu64 "+%" PRIu64 " outside the %" PRIu64 "-byte parameter block of %s",
        offset, size, k->param_bytes, k->name);
  ac_param *grown = realloc(k->params, (k->param_count + 1) * sizeof *grown);
  if (!grown) return ac_fail(r, "out of memory");
  k->params = grown;
  k->params[k->param_count++] = (ac_param){offset, size};
  return true;
}

/* "spill <bytes>", belonging to the last kernel line: once, nonzero, a
 * multiple of AC_ABI_SPILL_ALIGN. */
static bool ac_read_spill(ac_reader *r, ac_module *m) {
  uint64_t bytes;
  if (m->kernel_count == 0) return ac_fail(r, "spill line before any kernel line");
  ac_kernel *k = &m->kernels[m->kernel_count - 1];
  if (r->token_count != 2 || !ac_number(r->tokens[1], &bytes) || bytes == 0 ||
      bytes % AC_ABI_SPILL_ALIGN || k->spill_bytes)
    return ac_fail(r, "malformed spill line");
  k->spill_bytes = bytes;
  return true;
}

/* "shared <bytes>", belonging to the last kernel line: once. */
static bool ac_read_shared(ac_reader *r, ac_module *m) {
  uint64_t bytes;
  if (m->kernel_count == 0) return ac_fail(r, "shared line before any kernel line");
  ac_kernel *k = &m->kernels[m->kernel_count - 1];
  if (r->token_count != 2 || !ac_number(r->tokens[1], &bytes) || k->cuda_smem_listed)
    return ac_fail(r, "malformed shared line");
  k->cuda_smem_bytes = bytes;
  k->cuda_smem_listed = true;
  return true;
}

static bool ac_read_init_bytes(ac_reader *r, ac_global *g, const char *hex) {
  if (strcmp(hex, "-") == 0) return true;
  if (strlen(hex) != 2 * g->size)
    return ac_fail(r, "initialiser of %s is not %" PRIu64 " bytes", g->name, g->size);
  g->init = malloc(g->size);
  if (!g->init) return ac_fail(r, "out of memory");
  for (uint64_t i = 0; i < g->size; i++) {
    int hi = ac_hex_digit(hex[2 * i]), lo = ac_hex_digit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return ac_fail(r, "initialiser of %s is not hexadecimal", g->name);
    g->init[i] = (unsigned char)(hi << 4 | lo);
  }
  return true;
}

/* "global <name> <index> <size> <align> <device|constant> <hex|->" */
static bool ac_read_global(ac_reader *r, ac_module *m) {
  uint64_t index, size, align;
  if (r->token_count != 7 || !ac_number(r->tokens[2], &index) || !ac_number(r->tokens[3], &size) ||
      !ac_number(r->tokens[4], &align))
    return ac_fail(r, "malformed global line");
  bool constant = strcmp(r->tokens[5], "constant") == 0;
  if (!constant && strcmp(r->tokens[5], "device") != 0)
    return ac_fail(r, "global flags '%s' are neither device nor constant", r->tokens[5]);
  if (size == 0 || size > AC_MODULE_MAX_BYTES || align == 0 || (align & (align - 1)) ||
      align > AC_MODULE_MAX_GLOBAL_ALIGN)
    return ac_fail(r, "global %s has size %" PRIu64 " and alignment %" PRIu64, r->tokens[1], size,
                   align);
  ac_global *grown = realloc(m->globals, (m->global_count + 1) * sizeof *grown);
  if (!grown) return ac_fail(r, "out of memory");
  m->globals = grown;
  ac_global *g = &m->globals[m->global_count];
  memset(g, 0, sizeof *g);
  g->name = strdup(r->tokens[1]);
  if (!g->name) return ac_fail(r, "out of memory");
  m->global_count++;
  g->index = index;
  g->size = size;
  g->align = align;
  g->constant = constant;
  return ac_read_init_bytes(r, g, r->tokens[6]);
}

/* "address <offset> <target> <addend>", for the last global line. */
static bool ac_read_address(ac_reader *r, ac_module *m) {
  uint64_t offset, target, addend;
  if (r->token_count != 4 || !ac_number(r->tokens[1], &offset) ||
      !ac_number(r->tokens[2], &target) || !ac_number(r->tokens[3], &addend))
    return ac_fail(r, "malformed address line");
  if (m->global_count == 0) return ac_fail(r, "address line before any global");
  ac_global *g = &m->globals[m->global_count - 1];
  if (g->size < 8 || offset > g->size - 8)
    return ac_fail(r, "address at %" PRIu64 " outside global %s", offset, g->name);
  ac_address *grown = realloc(g->addresses, (g->address_count + 1) * sizeof *grown);
  if (!grown) return ac_fail(r, "out of memory");
  g->addresses = grown;
  g->addresses[g->address_count++] = (ac_address){offset, target, addend};
  return true;
}

/* "msl <n>" followed by exactly n bytes that end the blob. */
static bool ac_read_msl(ac_reader *r, ac_module *m) {
  uint64_t count;
  if (r->token_count != 2 || !ac_number(r->tokens[1], &count))
    return ac_fail(r, "malformed msl line");
  if (count != (uint64_t)(r->end - r->cursor))
    return ac_fail(r, "msl line announces %" PRIu64 " bytes but %zu remain", count,
                   (size_t)(r->end - r->cursor));
  m->msl = malloc(count + 1);
  if (!m->msl) return ac_fail(r, "out of memory");
  memcpy(m->msl, r->cursor, count);
  m->msl[count] = '\0';
  m->msl_length = count;
  r->cursor = r->end;
  return true;
}

static int ac_global_by_index(const void *a, const void *b) {
  const ac_global *x = a, *y = b;
  return (x->index > y->index) - (x->index < y->index);
}

/* Globals must be numbered 0..n-1 (they index the context buffer). */
static bool ac_check_module(ac_reader *r, ac_module *m) {
  if (m->global_count > 1)
    qsort(m->globals, m->global_count, sizeof *m->globals, ac_global_by_index);
  for (size_t i = 0; i < m->global_count; i++)
    if (m->globals[i].index != i)
      return ac_fail(r, "global indices are not 0..%zu", m->global_count - 1);
  for (size_t i = 0; i < m->global_count; i++)
    for (size_t a = 0; a < m->globals[i].address_count; a++)
      if (m->globals[i].addresses[a].target >= m->global_count)
        return ac_fail(r, "an address in %s names global %" PRIu64 " of %zu", m->globals[i].name,
                       m->globals[i].addresses[a].target, m->global_count);
  for (size_t i = 0; i < m->kernel_count; i++) {
    uint64_t end = 0; /* params in order, not overlapping */
    for (size_t j = 0; j < m->kernels[i].param_count; j++) {
      if (m->kernels[i].params[j].offset < end)
        return ac_fail(r, "parameters of %s overlap", m->kernels[i].name);
      end = m->kernels[i].params[j].offset + m->kernels[i].params[j].size;
    }
  }
  return true;
}

/* "language <major>.<minor>": the MSL version the source needs (default 3.1). */
static bool ac_read_language(ac_reader *r, ac_module *m) {
  unsigned major, minor;
  char extra;
  if (r->token_count != 2 || sscanf(r->tokens[1], "%u.%u%c", &major, &minor, &extra) != 2 ||
      major > 0xffff || minor > 0xffff)
    return ac_fail(r, "malformed language line");
  m->language_major = major;
  m->language_minor = minor;
  return true;
}

static bool ac_read_lines(ac_reader *r, ac_module *m) {
  m->language_major = AC_MSL_BASELINE_MAJOR;
  m->language_minor = AC_MSL_BASELINE_MINOR;
  while (ac_next_line(r)) {
    if (r->token_count == 0) return ac_fail(r, "empty line");
    if (r->token_count > AC_MAX_TOKENS) return ac_fail(r, "too many fields");
    const char *word = r->tokens[0];
    bool ok;
    if (strcmp(word, "kernel") == 0)
      ok = ac_read_kernel(r, m);
    else if (strcmp(word, "param") == 0)
      ok = ac_read_param(r, m);
    else if (strcmp(word, "spill") == 0)
      ok = ac_read_spill(r, m);
    else if (strcmp(word, "shared") == 0)
      ok = ac_read_shared(r, m);
    else if (strcmp(word, "global") == 0)
      ok = ac_read_global(r, m);
    else if (strcmp(word, "address") == 0)
      ok = ac_read_address(r, m);
    else if (strcmp(word, "language") == 0)
      ok = ac_read_language(r, m);
    else if (strcmp(word, "msl") == 0) {
      for (size_t k = 0; k < m->kernel_count; k++) /* no "shared" line: the same bytes */
        if (!m->kernels[k].cuda_smem_listed)
          m->kernels[k].cuda_smem_bytes =
              m->kernels[k].static_smem_bytes + m->kernels[k].spill_bytes;
      return ac_read_msl(r, m) && ac_check_module(r, m);
    } else
      ok = ac_fail(r, "unknown record '%s'", word);
    if (!ok) return false;
  }
  if (!r->line && r->cursor < r->end) return ac_fail(r, "out of memory");
  return ac_fail(r, "no msl record");
}

bool ac_module_parse(const void *data, ac_module *out, char *error, size_t error_size) {
  memset(out, 0, sizeof *out);
  const unsigned char *bytes = data;
  if (!bytes || memcmp(bytes, AC_MODULE_MAGIC, 8) != 0) {
    snprintf(error, error_size, "device module does not start with ANCHMOD1");
    return false;
  }
  uint64_t length = 0;
  for (int i = 7; i >= 0; i--)
    length = length << 8 | bytes[8 + i]; /* little endian */
  if (length < AC_MODULE_HEADER_BYTES || length > AC_MODULE_MAX_BYTES) {
    snprintf(error, error_size, "device module length %" PRIu64 " is implausible", length);
    return false;
  }
  ac_reader r = {(const char *)bytes + AC_MODULE_HEADER_BYTES,
                 (const char *)bytes + length,
                 0,
                 NULL,
                 {0},
                 0,
                 error,
                 error_size};
  bool ok = ac_read_lines(&r, out);
  free(r.line);
  if (!ok) ac_module_free(out);
  return ok;
}

void ac_module_free(ac_module *desc) {
  if (!desc) return;
  for (size_t i = 0; i < desc->kernel_count; i++) {
    free(desc->kernels[i].name);
    free(desc->kernels[i].params);
  }
  for (size_t i = 0; i < desc->global_count; i++) {
    free(desc->globals[i].name);
    free(desc->globals[i].init);
    free(desc->globals[i].addresses);
  }
  free(desc->kernels);
  free(desc->globals);
  free(desc->msl);
  memset(desc, 0, sizeof *desc);
}
