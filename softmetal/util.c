/* softmetal/util.c — the utilities every softmetal file may use: formatted
 * and growable strings, reading a whole file, the page size, the monotonic
 * clock and the SOFTMETAL_* environment switches.
 *
 * The bottom of softmetal's dependency graph: this file calls no other
 * softmetal file, so any file can call it.
 */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- formatted strings ----------------------------------------------------- */
char *sm_strdup_vprintf(const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0) return NULL;
  char *s = malloc((size_t)n + 1);
  if (s) vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}

char *sm_strdup_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = sm_strdup_vprintf(fmt, ap);
  va_end(ap);
  return s;
}

/* ---- growable text --------------------------------------------------------- */
void sm_text_append(struct sm_text *t, const char *s, size_t n) {
  assert(t->length <= t->capacity);
  if (t->length + n + 1 > t->capacity) {
    size_t cap = t->capacity ? t->capacity : 256;
    while (cap < t->length + n + 1)
      cap *= 2;
    char *data = realloc(t->data, cap);
    if (!data) abort(); /* out of memory: nothing sensible to return */
    t->data = data;
    t->capacity = cap;
  }
  memcpy(t->data + t->length, s, n);
  t->length += n;
  t->data[t->length] = 0;
}

void sm_text_printf(struct sm_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = sm_strdup_vprintf(fmt, ap);
  va_end(ap);
  if (!s) abort();
  sm_text_append(t, s, strlen(s));
  free(s);
}

/* ---- files and memory ------------------------------------------------------ */
char *sm_read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  struct sm_text t = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    sm_text_append(&t, chunk, n);
  fclose(f);
  return t.data ? t.data : strdup("");
}

uint64_t sm_page_size(void) {
  return (uint64_t)sysconf(_SC_PAGESIZE);
}

/* ---- time and environment -------------------------------------------------- */
double sm_now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* An environment flag (set, non-empty, not "0"), read once into *cache;
 * every thread that finds -1 computes the same value. */
static bool env_flag(atomic_int *cache, const char *name) {
  int value = atomic_load_explicit(cache, memory_order_relaxed);
  if (value < 0) {
    const char *env = getenv(name);
    value = env && *env && strcmp(env, "0") != 0;
    atomic_store_explicit(cache, value, memory_order_relaxed);
  }
  return value;
}

bool sm_trace(void) {
  static atomic_int on = -1;
  return env_flag(&on, "SOFTMETAL_TRACE");
}

bool sm_keep_temps(void) {
  static atomic_int on = -1;
  return env_flag(&on, "SOFTMETAL_KEEP_TEMPS");
}

bool sm_debug_barriers(void) {
  static atomic_int on = -1;
  return env_flag(&on, "SOFTMETAL_DEBUG_BARRIERS");
}
