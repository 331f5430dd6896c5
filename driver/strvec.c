/* strvec.c — small utilities the rest of the driver leans on: owned string
 * vectors (argument lists), formatted heap strings, and clang-style
 * diagnostics. */
#include "driver.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A driver that cannot allocate a few hundred bytes can do nothing useful;
 * stopping here keeps every caller free of impossible error paths. */
/* The name diagnostics start with: "anchorcc", or "hipcc" in hipcc mode. */
static const char *program_name = "anchorcc";

void drv_set_program_name(const char *name) {
  program_name = name;
}

static void *checked(void *p) {
  if (!p) {
    fprintf(stderr, "%s: error: out of memory\n", program_name);
    abort();
  }
  return p;
}

char *drv_strdup(const char *s) {
  return checked(strdup(s));
}

static char *vformat(const char *fmt, va_list ap) {
  char *out = NULL;
  if (vasprintf(&out, fmt, ap) < 0) out = NULL;
  return checked(out);
}

char *drv_format(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = vformat(fmt, ap);
  va_end(ap);
  return s;
}

/* Takes ownership of s. */
static void push_owned(drv_strvec *v, char *s) {
  /* +1 keeps room for the NULL terminator execv needs. */
  if (v->count + 1 >= v->capacity) {
    size_t cap = v->capacity ? v->capacity * 2 : 8;
    v->items = checked(realloc(v->items, cap * sizeof *v->items));
    v->capacity = cap;
  }
  assert(v->count + 1 < v->capacity);
  v->items[v->count++] = s;
  v->items[v->count] = NULL; /* execv's terminator, kept at every push */
}

void drv_strvec_push(drv_strvec *v, const char *s) {
  assert(s && "a vector of strings holds no NULL before its terminator");
  push_owned(v, drv_strdup(s));
}

void drv_strvec_append(drv_strvec *v, const drv_strvec *src) {
  for (size_t i = 0; i < src->count; i++)
    drv_strvec_push(v, src->items[i]);
}

void drv_strvec_pushf(drv_strvec *v, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  push_owned(v, vformat(fmt, ap));
  va_end(ap);
}

void drv_strvec_free(drv_strvec *v) {
  for (size_t i = 0; i < v->count; i++)
    free(v->items[i]);
  free(v->items);
  v->items = NULL;
  v->count = v->capacity = 0;
}

int drv_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: error: ", program_name);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return 1;
}

void drv_warning(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: warning: ", program_name);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}
