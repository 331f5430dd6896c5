/* runtime/printf_format.c — the host half of device-side printf: the text of
 * one record of the printf FIFO (common/abi.h, AC_ABI_PRINTF_*), formatted
 * as CUDA does it, with the host's C library, one conversion at a time.
 * Pure C (no device, no lock); core_services.c drains the FIFO through it.
 *
 * The record's payload is the format (NUL-terminated, padded to 8) and one
 * 8-byte slot per argument the format consumes, a %s slot holding the
 * string's length (0 for NULL) followed by its bytes padded to 8. The
 * device (devlib/printf.cu) stores a slot for each argument CUDA's grammar
 * consumes (`%hhd`, `%.*f` consume none there); this walk is the host C
 * library's, as CUDA's host-side formatting is: `%%` none; flags `-+ #0`; a
 * width and a precision, each a number or `*` (an int slot); length
 * modifiers h hh l ll L j z t; then d i u x X o c (an int, or 8 bytes after
 * l ll j z t; c always an int), f F e E g G a A (a double), p and s (a
 * pointer), each taking the next slot, so that after a conversion the device
 * did not store, the later ones take the following slots and, past the last,
 * 0 (the H200 with nvcc 13.0 showed whatever bytes follow the arguments
 * there, 2026-12-01). Anything else, and every conversion after the
 * AC_ABI_PRINTF_MAX_ARGS-th argument, is printed as it stands (the H200
 * printed bytes past the 32nd argument instead). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "core.h"

typedef struct {
  char *data;
  size_t length, allocated;
  bool failed; /* out of memory */
} rt_text;

static void rt_text_append(rt_text *t, const char *s, size_t n) {
  if (t->failed) return;
  if (t->length + n + 1 > t->allocated) {
    size_t grown = t->allocated ? t->allocated : 128;
    while (grown < t->length + n + 1)
      grown *= 2;
    char *data = realloc(t->data, grown);
    if (!data) {
      t->failed = true;
      return;
    }
    t->data = data;
    t->allocated = grown;
  }
  memcpy(t->data + t->length, s, n);
  t->length += n;
  t->data[t->length] = '\0';
}

/* The payload's slots, read in order; 0 past the end. */
typedef struct {
  const unsigned char *at, *end;
} rt_slots;

static uint64_t rt_slot(rt_slots *s) {
  uint64_t v = 0;
  if (s->end - s->at >= 8) {
    memcpy(&v, s->at, 8);
    s->at += 8;
  } else
    s->at = s->end;
  return v;
}

/* A %s slot's string (NULL for a NULL pointer), its bytes skipped. */
static const char *rt_slot_string(rt_slots *s) {
  uint64_t n = rt_slot(s);
  if (n == 0 || (uint64_t)(s->end - s->at) < n) return NULL;
  const char *str = (const char *)s->at;
  if (str[n - 1] != '\0') return NULL; /* malformed: never read past it */
  s->at += (n + 7) & ~(uint64_t)7;
  return str;
}

/* What one conversion's value is passed to snprintf as. */
typedef enum { RT_ARG_INT, RT_ARG_LONG, RT_ARG_DOUBLE, RT_ARG_POINTER, RT_ARG_STRING } rt_arg_kind;

typedef struct {
  const char *spec; /* NUL-terminated, its `*`s still in it */
  int stars[2], nstars;
  rt_arg_kind kind;
  uint64_t bits;
  const char *string;
} rt_conversion;

/* snprintf of one conversion into buffer (size bytes). */
static int rt_snprintf(char *buffer, size_t size, const rt_conversion *c) {
  double d;
  memcpy(&d, &c->bits, sizeof d);
#define RT_SNPRINTF(value)                                                                         \
  (c->nstars == 0   ? snprintf(buffer, size, c->spec, value)                                       \
   : c->nstars == 1 ? snprintf(buffer, size, c->spec, c->stars[0], value)                          \
                    : snprintf(buffer, size, c->spec, c->stars[0], c->stars[1], value))
  switch (c->kind) {
  case RT_ARG_INT: return RT_SNPRINTF((int)(uint32_t)c->bits);
  case RT_ARG_LONG: return RT_SNPRINTF((long long)c->bits);
  case RT_ARG_DOUBLE: return RT_SNPRINTF(d);
  case RT_ARG_POINTER: return RT_SNPRINTF((void *)(uintptr_t)c->bits);
  case RT_ARG_STRING: return RT_SNPRINTF(c->string);
  }
#undef RT_SNPRINTF
  return -1;
}

/* One conversion appended to t; a spec the host's library refuses is
 * printed as it stands. */
static void rt_format_one(rt_text *t, const rt_conversion *c) {
  char small[256];
  int n = rt_snprintf(small, sizeof small, c);
  if (n < 0) {
    rt_text_append(t, c->spec, strlen(c->spec));
  } else if ((size_t)n < sizeof small) {
    rt_text_append(t, small, (size_t)n);
  } else {
    char *big = malloc((size_t)n + 1);
    if (!big) {
      t->failed = true;
      return;
    }
    rt_snprintf(big, (size_t)n + 1, c);
    rt_text_append(t, big, (size_t)n);
    free(big);
  }
}

static bool rt_flag(char c) {
  return c == '-' || c == '+' || c == ' ' || c == '#' || c == '0';
}
static bool rt_digit(char c) {
  return c >= '0' && c <= '9';
}

char *rt_printf_format(const unsigned char *payload, size_t bytes, size_t *length) {
  rt_text t = {0};
  const char *format = (const char *)payload;
  size_t flen = strnlen(format, bytes);
  if (flen == bytes) return NULL; /* malformed: no NUL */
  rt_slots slots = {payload + ((flen + 1 + 7) & ~(size_t)7), payload + bytes};
  if (slots.at > slots.end) slots.at = slots.end;
  int count = 0;
  rt_text_append(&t, "", 0);
  for (const char *p = format; *p;) {
    const char *start = p;
    if (*p != '%') {
      while (*p && *p != '%')
        p++;
      rt_text_append(&t, start, (size_t)(p - start));
      continue;
    }
    p++;
    if (*p == '%') {
      p++;
      rt_text_append(&t, "%", 1);
      continue;
    }
    /* the spec without its length modifiers, which are rewritten below */
    char spec[96];
    size_t n = 0;
    rt_conversion c = {spec, {0, 0}, 0, RT_ARG_INT, 0, NULL};
    spec[n++] = '%';
#define RT_PUT(ch)                                                                                 \
  do {                                                                                             \
    if (n < sizeof spec - 4) spec[n++] = (ch);                                                     \
  } while (0)
    while (rt_flag(*p))
      RT_PUT(*p++);
    for (int field = 0; field < 2; field++) { /* the width, then the precision after '.' */
      if (field == 1) {
        if (*p != '.') break;
        RT_PUT(*p++);
      }
      if (*p == '*') {
        p++;
        RT_PUT('*');
        if (count < AC_ABI_PRINTF_MAX_ARGS)
          c.stars[c.nstars++] = (int)(uint32_t)rt_slot(&slots), count++;
      } else
        while (rt_digit(*p))
          RT_PUT(*p++);
    }
    int wide = 0, shorts = 0;
    while (*p == 'h' || *p == 'l' || *p == 'L' || *p == 'j' || *p == 'z' || *p == 't') {
      if (*p == 'h')
        shorts++;
      else if (*p != 'L')
        wide = 1;
      p++;
    }
    char conversion = *p;
    if (conversion) p++;
    bool integer = conversion && strchr("diuxXoc", conversion);
    bool real = conversion && strchr("fFeEgGaA", conversion);
    /* past the limit (a star's included) the conversion stays as it stands */
    bool consumed = (integer || real || conversion == 'p' || conversion == 's') &&
                    count < AC_ABI_PRINTF_MAX_ARGS;
    if (!consumed) {
      rt_text_append(&t, start, (size_t)(p - start)); /* as it stands */
      if (!conversion) break;
      continue;
    }
    count++;
    uint64_t bits = 0;
    if (conversion == 's')
      c.string = rt_slot_string(&slots), c.kind = RT_ARG_STRING;
    else
      bits = rt_slot(&slots);
    if (integer && conversion != 'c' && wide) {
      RT_PUT('l');
      RT_PUT('l');
      c.kind = RT_ARG_LONG;
    } else if (integer && conversion != 'c') {
      for (int k = 0; k < shorts && k < 2; k++)
        RT_PUT('h');
    } else if (real)
      c.kind = RT_ARG_DOUBLE;
    else if (conversion == 'p')
      c.kind = RT_ARG_POINTER;
    spec[n++] = conversion;
    spec[n] = '\0';
#undef RT_PUT
    c.bits = bits;
    rt_format_one(&t, &c);
  }
  if (t.failed) {
    free(t.data);
    return NULL;
  }
  *length = t.length;
  return t.data;
}
