/* text.c — the growable strings and string vectors libnvrtc's files share. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvrtc_internal.h"

static bool reserve(nv_text *t, size_t extra) {
  if (t->failed) return false;
  if (t->length + extra + 1 <= t->capacity) return true;
  size_t cap = t->capacity ? t->capacity : 256;
  while (cap < t->length + extra + 1)
    cap *= 2;
  char *grown = realloc(t->data, cap);
  if (!grown) {
    t->failed = true;
    return false;
  }
  t->data = grown;
  t->capacity = cap;
  return true;
}

void nv_text_add(nv_text *t, const char *s, size_t n) {
  if (!reserve(t, n)) return;
  memcpy(t->data + t->length, s, n);
  t->length += n;
  t->data[t->length] = '\0';
}

void nv_text_puts(nv_text *t, const char *s) {
  nv_text_add(t, s, strlen(s));
}

void nv_text_printf(nv_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || !reserve(t, (size_t)n)) {
    t->failed = true;
    return;
  }
  va_start(ap, fmt);
  vsnprintf(t->data + t->length, (size_t)n + 1, fmt, ap);
  va_end(ap);
  t->length += (size_t)n;
}

char *nv_text_take(nv_text *t) {
  if (!t->failed && !t->data) reserve(t, 0);
  if (t->data) t->data[t->length] = '\0';
  char *s = t->failed ? NULL : t->data;
  if (t->failed) free(t->data);
  memset(t, 0, sizeof *t);
  return s;
}

void nv_text_free(nv_text *t) {
  free(t->data);
  memset(t, 0, sizeof *t);
}

void nv_strvec_push(nv_strvec *v, const char *s) {
  if (v->failed) return;
  if (v->count + 2 > v->capacity) {
    size_t cap = v->capacity ? v->capacity * 2 : 16;
    char **grown = realloc(v->items, cap * sizeof *grown);
    if (!grown) {
      v->failed = true;
      return;
    }
    v->items = grown;
    v->capacity = cap;
  }
  char *copy = strdup(s);
  if (!copy) {
    v->failed = true;
    return;
  }
  v->items[v->count++] = copy;
  v->items[v->count] = NULL;
}

void nv_strvec_free(nv_strvec *v) {
  for (size_t i = 0; i < v->count; i++)
    free(v->items[i]);
  free(v->items);
  memset(v, 0, sizeof *v);
}
