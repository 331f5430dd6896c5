/* util.c — growable strings and pointer-keyed hash maps used by every pass,
 * and the one small IR query every layer asks (the name a call calls). */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

static void buf_reserve(strbuf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *data = realloc(b->data, cap);
  if (!data) abort(); /* out of memory: nothing sensible to report */
  b->data = data;
  b->cap = cap;
}

void strbuf_putn(strbuf *b, const char *s, size_t n) {
  buf_reserve(b, n);
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

void strbuf_put(strbuf *b, const char *s) {
  size_t n = strlen(s);
  buf_reserve(b, n);
  memcpy(b->data + b->len, s, n + 1);
  b->len += n;
}

void strbuf_vprintf(strbuf *b, const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0) return;
  buf_reserve(b, (size_t)n);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void strbuf_printf(strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  strbuf_vprintf(b, fmt, ap);
  va_end(ap);
}

char *strbuf_take(strbuf *b) {
  if (!b->data) buf_reserve(b, 0), b->data[0] = 0;
  char *data = b->data;
  b->data = NULL;
  b->len = b->cap = 0;
  return data;
}

void strbuf_free(strbuf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

static size_t map_slot(const ptrmap *m, const void *key) {
  uintptr_t h = (uintptr_t)key;
  h ^= h >> 17;
  h *= 0x9E3779B97F4A7C15ull;
  size_t i = (size_t)(h >> 7) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  return i;
}

int ptrmap_get(const ptrmap *m, const void *key, int missing) {
  if (!m->cap) return missing;
  size_t i = map_slot(m, key);
  return m->keys[i] ? m->values[i] : missing;
}

static void map_grow(ptrmap *m) {
  ptrmap bigger = {0};
  bigger.cap = m->cap ? m->cap * 2 : 64;
  bigger.keys = calloc(bigger.cap, sizeof *bigger.keys);
  bigger.values = calloc(bigger.cap, sizeof *bigger.values);
  if (!bigger.keys || !bigger.values) abort();
  for (size_t i = 0; i < m->cap; i++)
    if (m->keys[i]) ptrmap_set(&bigger, m->keys[i], m->values[i]);
  ptrmap_free(m);
  *m = bigger;
}

void ptrmap_set(ptrmap *m, const void *key, int value) {
  assert(key); /* NULL marks an empty slot */
  if ((m->count + 1) * 2 > m->cap) map_grow(m);
  size_t i = map_slot(m, key);
  if (!m->keys[i]) {
    m->keys[i] = key;
    m->count++;
  }
  m->values[i] = value;
}

void ptrmap_free(ptrmap *m) {
  free(m->keys);
  free(m->values);
  memset(m, 0, sizeof *m);
}

const char *ir_callee_name(LLVMValueRef call) {
  size_t len;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  return LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
}

int ir_touches_double(LLVMValueRef i) {
  if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMDoubleTypeKind) return 1;
  for (int k = 0; k < LLVMGetNumOperands(i); k++)
    if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, k))) == LLVMDoubleTypeKind) return 1;
  return 0;
}
