/* tests/runtime/test_printf_format.c — the host half of device printf alone
 * (runtime/printf_format.c, no Metal): records built by hand as
 * devlib/printf.cu writes them (common/abi.h AC_ABI_PRINTF_*) and their
 * text: conversions and their argument slots, `*`, %s with and without a
 * string, the AC_ABI_PRINTF_MAX_ARGS limit, conversions printed as they
 * stand, output longer than the formatter's first buffer, slots missing at
 * the end, and a payload without its format's NUL. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "check.h"
#include "core.h"

typedef struct {
  unsigned char bytes[4096];
  size_t n;
} payload;

static void put_format(payload *p, const char *format) {
  size_t len = strlen(format) + 1;
  memcpy(p->bytes, format, len);
  p->n = (len + 7) & ~(size_t)7;
  memset(p->bytes + len, 0, p->n - len);
}

static void put_slot(payload *p, uint64_t v) {
  memcpy(p->bytes + p->n, &v, 8);
  p->n += 8;
}

static void put_double(payload *p, double d) {
  uint64_t v;
  memcpy(&v, &d, 8);
  put_slot(p, v);
}

static void put_string(payload *p, const char *s) {
  size_t len = strlen(s) + 1;
  put_slot(p, len);
  memset(p->bytes + p->n, 0, (len + 7) & ~(size_t)7);
  memcpy(p->bytes + p->n, s, len);
  p->n += (len + 7) & ~(size_t)7;
}

/* The payload's text equals want. */
static void check_text(const payload *p, const char *want, int line) {
  size_t length = 0;
  char *text = rt_printf_format(p->bytes, p->n, &length);
  if (!text || strcmp(text, want) || length != strlen(want)) {
    fprintf(stderr, "line %d: got \"%s\", expected \"%s\"\n", line, text ? text : "(NULL)", want);
    check_failures++;
  }
  free(text);
}

static void test_conversions(void) {
  payload p;
  put_format(&p, "%d|%5u|%-4x|%llX|%hd|%c|%%|%s|%p|%.2f|%e|%g|%a\n");
  put_slot(&p, (uint32_t)-7);
  put_slot(&p, 42);
  put_slot(&p, 255);
  put_slot(&p, 0x123456789abcdefull);
  put_slot(&p, 70000); /* converted to short by the host's printf: 4464 */
  put_slot(&p, 'q');
  put_string(&p, "str");
  put_slot(&p, 0x1000);
  put_double(&p, 3.14159);
  put_double(&p, 1e-3);
  put_double(&p, 1e6);
  put_double(&p, 1.0);
  check_text(&p,
             "-7|   42|ff  |123456789ABCDEF|4464|q|%|str|0x1000|3.14|1.000000e-03|1e+06|0x1p+0\n",
             __LINE__);
}

static void test_stars_and_strings(void) {
  payload p;
  put_format(&p, "[%*d] [%-*.*f] [%s] [%.2s]");
  put_slot(&p, 5);
  put_slot(&p, 9);
  put_slot(&p, 8);
  put_slot(&p, 1);
  put_double(&p, 2.25);
  put_slot(&p, 0); /* a NULL string */
  put_string(&p, "abc");
  check_text(&p, "[    9] [2.2     ] [(null)] [ab]", __LINE__);
}

static void test_as_it_stands(void) {
  payload p;
  put_format(&p, "%y %5k %n and 100%");
  check_text(&p, "%y %5k %n and 100%", __LINE__);
  /* past AC_ABI_PRINTF_MAX_ARGS arguments conversions stay as they are */
  char format[256] = "";
  for (int k = 0; k < AC_ABI_PRINTF_MAX_ARGS + 2; k++)
    strcat(format, "%d,");
  put_format(&p, format);
  char want[256] = "";
  for (int k = 0; k < AC_ABI_PRINTF_MAX_ARGS; k++) {
    put_slot(&p, (uint64_t)k);
    char one[16];
    snprintf(one, sizeof one, "%d,", k);
    strcat(want, one);
  }
  strcat(want, "%d,%d,");
  check_text(&p, want, __LINE__);
}

static void test_long_and_short(void) {
  payload p;
  put_format(&p, "%300d|");
  put_slot(&p, 1);
  char want[400];
  snprintf(want, sizeof want, "%300d|", 1);
  check_text(&p, want, __LINE__);
  put_format(&p, "%d %d"); /* the second slot is missing: 0 */
  put_slot(&p, 5);
  check_text(&p, "5 0", __LINE__);
  memset(p.bytes, 'x', 16); /* no NUL: refused */
  size_t length;
  CHECK(rt_printf_format(p.bytes, 16, &length) == NULL);
}

int main(void) {
  test_conversions();
  test_stars_and_strings();
  test_as_it_stands();
  test_long_and_short();
  return check_finish("test_printf_format");
}
