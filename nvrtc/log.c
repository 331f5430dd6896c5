/* log.c — anchorcc's diagnostics as NVRTC's program log.
 *
 * NVRTC writes "prog.cu(3): error: message", then the source line and a
 * caret, and ends with "1 error detected in the compilation of "prog.cu".".
 * clang's form is "prog.cu:3:9: error: message": the location becomes
 * NVRTC's (the column is clang's caret line), the summary NVRTC's, and no
 * private path survives (the program and its headers carry #line names). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "nvrtc_internal.h"

/* Appends s[0..n) with every occurrence of from replaced by to. */
static void add_replacing(nv_text *out, const char *s, size_t n, const char *from, const char *to) {
  size_t from_length = strlen(from);
  size_t i = 0;
  while (i < n) {
    if (from_length && i + from_length <= n && !memcmp(s + i, from, from_length)) {
      nv_text_puts(out, to);
      i += from_length;
    } else {
      nv_text_add(out, s + i, 1);
      i++;
    }
  }
}

/* One line, private paths already replaced: the location and the summary
 * in NVRTC's form. */
static void add_line(nv_text *log, const char *line, const char *name) {
  static const struct {
    const char *clang, *nvrtc;
  } kinds[] = {{"fatal error", "catastrophic error"},
               {"error", "error"},
               {"warning", "warning"},
               {"note", "note"},
               {"remark", "remark"}};
  if (!strncmp(line, "anchorcc: ", 10)) {
    nv_text_printf(log, "nvrtc: %s\n", line + 10);
    return;
  }
  /* "N error(s) generated[ when compiling for sm_75]." */
  if (isdigit((unsigned char)line[0]) && strstr(line, " generated")) {
    const char *errors = strstr(line, " error");
    if (!errors) return; /* warnings only: NVRTC prints no summary */
    const char *number = errors;
    while (number > line && isdigit((unsigned char)number[-1]))
      number--;
    long n = strtol(number, NULL, 10);
    nv_text_printf(log, "%ld error%s detected in the compilation of \"%s\".\n", n,
                   n == 1 ? "" : "s", name);
    return;
  }
  /* FILE:L:C: KIND: message, FILE the first part followed by :digits:digits: */
  for (const char *p = strchr(line, ':'); p; p = strchr(p + 1, ':')) {
    const char *q = p + 1;
    if (!isdigit((unsigned char)*q)) continue;
    while (isdigit((unsigned char)*q))
      q++;
    if (*q != ':') continue;
    const char *l_end = q;
    q++;
    while (isdigit((unsigned char)*q))
      q++;
    if (strncmp(q, ": ", 2)) continue;
    q += 2;
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
      size_t n = strlen(kinds[k].clang);
      if (!strncmp(q, kinds[k].clang, n) && q[n] == ':') {
        nv_text_add(log, line, (size_t)(p - line));
        nv_text_puts(log, "(");
        nv_text_add(log, p + 1, (size_t)(l_end - p - 1));
        nv_text_printf(log, "): %s%s\n", kinds[k].nvrtc, q + n);
        return;
      }
    }
    break;
  }
  nv_text_printf(log, "%s\n", line);
}

void nv_log_rewrite(const char *raw, const char *wrapper, const char *dir, const char *name,
                    nv_text *log) {
  /* Paths first: the compiled file is the program, the header directory
   * and the private directory vanish. */
  nv_text a = {0}, b = {0}, c = {0};
  add_replacing(&a, raw, strlen(raw), wrapper, name);
  nv_text dir_inc = {0}, dir_slash = {0};
  nv_text_printf(&dir_inc, "%s/inc/", dir);
  nv_text_printf(&dir_slash, "%s/", dir);
  if (a.data) add_replacing(&b, a.data, a.length, dir_inc.data ? dir_inc.data : "", "");
  if (b.data) add_replacing(&c, b.data, b.length, dir_slash.data ? dir_slash.data : "", "");
  const char *base = strrchr(wrapper, '/');
  nv_text d = {0};
  if (c.data) add_replacing(&d, c.data, c.length, base ? base + 1 : wrapper, name);
  if (a.failed || b.failed || c.failed || d.failed || dir_inc.failed || dir_slash.failed)
    log->failed = true;
  for (const char *line = d.data; line && *line;) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) : strlen(line);
    char *copy = strndup(line, n);
    if (!copy) {
      log->failed = true;
      break;
    }
    add_line(log, copy, name);
    free(copy);
    line += n + (end != NULL);
  }
  nv_text_free(&a);
  nv_text_free(&b);
  nv_text_free(&c);
  nv_text_free(&d);
  nv_text_free(&dir_inc);
  nv_text_free(&dir_slash);
}
