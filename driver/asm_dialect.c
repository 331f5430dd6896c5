/* asm_dialect.c — nvcc's dialect of GNU inline assembly, made clang's.
 *
 * nvcc copies a `%` of an asm template that forms neither an operand reference (`%0`,
 * `%[name]`, `%x0`, `%l[label]`) nor an escape (`%%`, `%=`, `%{`, `%|`, `%}`) into the
 * PTX as it is: libcu++ 1.8.1 writes `mov.u64 %0, %globaltimer;` (cuda/std/chrono) and
 * `mov.u32 %0, %laneid;` (cuda/std/barrier) so, and every cuda::barrier, latch,
 * semaphore, pipeline and atomic wait reaches them. clang rejects such a template
 * ("invalid % escape in inline assembly string") once the asm has operands. So the
 * device front end runs in three jobs (plan.c): `clang -E -frewrite-includes` copies
 * every included file into one source (macros stay unexpanded, line markers keep every
 * location), this pass doubles each such `%` in the template of an asm statement with
 * operands, and clang compiles the result. A template clang accepts is never changed:
 * only what would be clang's error becomes nvcc's meaning. A template built by macros
 * (not a string literal after `asm (`) is left to clang, as before.
 *
 * The scan knows C++'s lexical structure only as far as it must to find asm
 * statements: comments, string literals (with encoding prefixes, raw strings),
 * character literals, pp-numbers (digit separators), identifiers. */
#include "driver.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct scan {
  const char *s;
  size_t n, i;
  size_t *inserts; /* offsets before which a '%' is added, ascending */
  size_t count, capacity;
} scan;

static int is_ident_start(int c) {
  return isalpha(c) || c == '_' || c == '$';
}
static int is_ident(int c) {
  return isalnum(c) || c == '_' || c == '$';
}

static void add_insert(scan *sc, size_t at) {
  if (sc->count == sc->capacity) {
    sc->capacity = sc->capacity ? 2 * sc->capacity : 64;
    sc->inserts = realloc(sc->inserts, sc->capacity * sizeof *sc->inserts);
    if (!sc->inserts) {
      drv_error("out of memory");
      abort();
    }
  }
  sc->inserts[sc->count++] = at;
}

/* Skips whitespace and comments (a backslash-newline continues a // comment). */
static void skip_space(scan *sc) {
  while (sc->i < sc->n) {
    const char *p = sc->s + sc->i;
    if (isspace((unsigned char)*p)) {
      sc->i++;
    } else if (p[0] == '/' && sc->i + 1 < sc->n && p[1] == '/') {
      while (sc->i < sc->n && sc->s[sc->i] != '\n')
        sc->i += sc->s[sc->i] == '\\' && sc->i + 1 < sc->n ? 2 : 1;
    } else if (p[0] == '/' && sc->i + 1 < sc->n && p[1] == '*') {
      const char *end = strstr(p + 2, "*/");
      sc->i = end ? (size_t)(end - sc->s) + 2 : sc->n;
    } else {
      return;
    }
  }
}

/* At a string literal (after any encoding prefix)? Its length from sc->i, the
 * offset of its first content character and the end of its content in *body and
 * *body_end; 0 if none starts here. */
static size_t string_literal(const scan *sc, size_t *body, size_t *body_end) {
  size_t i = sc->i;
  const char *s = sc->s;
  if (i + 1 < sc->n && s[i] == 'u' && s[i + 1] == '8')
    i += 2;
  else if (i < sc->n && strchr("uUL", s[i]))
    i++;
  int raw = i < sc->n && s[i] == 'R';
  if (raw) i++;
  if (i >= sc->n || s[i] != '"') return 0;
  if (raw) { /* R"delim( ... )delim" */
    size_t open = i + 1, paren = open;
    while (paren < sc->n && s[paren] != '(' && paren - open <= 16)
      paren++;
    if (paren >= sc->n || s[paren] != '(') return 0;
    char close[20];
    snprintf(close, sizeof close, ")%.*s\"", (int)(paren - open), s + open);
    const char *end = strstr(s + paren + 1, close);
    if (!end) return 0;
    *body = paren + 1;
    *body_end = (size_t)(end - s);
    return *body_end + strlen(close) - sc->i;
  }
  size_t j = i + 1;
  while (j < sc->n && s[j] != '"' && s[j] != '\n')
    j += s[j] == '\\' ? 2 : 1;
  if (j >= sc->n || s[j] != '"') return 0;
  *body = i + 1;
  *body_end = j;
  return j + 1 - sc->i;
}

/* The '%' at s[j] of a template whose content ends at end: does clang reject it?
 * (clang's GCCAsmStmt::AnalyzeAsmString.) A '%' at the end of a literal may go on in
 * the next one: left alone. */
static int invalid_escape(const char *s, size_t j, size_t end) {
  if (j + 1 >= end) return 0;
  unsigned char c = (unsigned char)s[j + 1];
  if (strchr("%{|}=", c) || isdigit(c) || c == '[') return 0;
  if (isalpha(c)) {
    if (j + 2 >= end) return 0;
    unsigned char d = (unsigned char)s[j + 2];
    return !(isdigit(d) || d == '[');
  }
  return 1;
}

static void fix_template(scan *sc, size_t body, size_t end, int raw) {
  for (size_t j = body; j < end; j++) {
    if (!raw && sc->s[j] == '\\') {
      j++;
    } else if (sc->s[j] == '%') {
      if (invalid_escape(sc->s, j, end)) add_insert(sc, j);
      j++; /* the character after a '%' is never a '%' that starts an escape */
    }
  }
}

/* After the keyword asm: qualifiers, '(', the template's string literals; if an
 * operand list (':') follows them, the templates are fixed. */
static void asm_statement(scan *sc) {
  static const char *const qualifiers[] = {"volatile", "__volatile__", "__volatile", "inline",
                                           "__inline", "__inline__",   "goto"};
  for (;;) {
    skip_space(sc);
    size_t k = sc->i;
    while (k < sc->n && is_ident(sc->s[k]))
      k++;
    int qualifier = 0;
    for (size_t q = 0; q < sizeof qualifiers / sizeof *qualifiers; q++)
      qualifier |=
          k - sc->i == strlen(qualifiers[q]) && !strncmp(sc->s + sc->i, qualifiers[q], k - sc->i);
    if (!qualifier) break;
    sc->i = k;
  }
  if (sc->i >= sc->n || sc->s[sc->i] != '(') return;
  sc->i++;
  size_t bodies[64][3], literals = 0;
  for (;;) {
    skip_space(sc);
    size_t body, end, len = string_literal(sc, &body, &end);
    if (!len) break;
    if (literals < 64) {
      bodies[literals][0] = body, bodies[literals][1] = end;
      bodies[literals][2] = body >= 2 && sc->s[body - 2] == 'R' && sc->s[body - 1] == '"';
      literals++;
    }
    sc->i += len;
  }
  if (!literals || sc->i >= sc->n || sc->s[sc->i] != ':') return;
  for (size_t k = 0; k < literals; k++)
    fix_template(sc, bodies[k][0], bodies[k][1], (int)bodies[k][2]);
}

/* The whole text: finds every asm statement with operands. */
static void scan_text(scan *sc) {
  while (sc->i < sc->n) {
    skip_space(sc);
    if (sc->i >= sc->n) break;
    size_t body, end, len = string_literal(sc, &body, &end);
    char c = sc->s[sc->i];
    if (len) {
      sc->i += len;
    } else if (is_ident_start((unsigned char)c)) {
      size_t k = sc->i;
      while (k < sc->n && is_ident(sc->s[k]))
        k++;
      size_t word = k - sc->i;
      int is_asm = (word == 3 && !strncmp(sc->s + sc->i, "asm", 3)) ||
                   (word == 5 && !strncmp(sc->s + sc->i, "__asm", 5)) ||
                   (word == 7 && !strncmp(sc->s + sc->i, "__asm__", 7));
      sc->i = k;
      if (is_asm) asm_statement(sc);
    } else if (isdigit((unsigned char)c) ||
               (c == '.' && sc->i + 1 < sc->n && isdigit((unsigned char)sc->s[sc->i + 1]))) {
      /* a pp-number: digits, letters, '.', digit separators, exponent signs */
      sc->i++;
      while (sc->i < sc->n) {
        char d = sc->s[sc->i];
        if (strchr("eEpP", d) && sc->i + 1 < sc->n && strchr("+-", sc->s[sc->i + 1]))
          sc->i += 2;
        else if (is_ident(d) || d == '.' ||
                 (d == '\'' && sc->i + 1 < sc->n && is_ident(sc->s[sc->i + 1])))
          sc->i++;
        else
          break;
      }
    } else if (c == '\'') { /* a character literal */
      sc->i++;
      while (sc->i < sc->n && sc->s[sc->i] != '\'' && sc->s[sc->i] != '\n')
        sc->i += sc->s[sc->i] == '\\' ? 2 : 1;
      sc->i++;
    } else {
      sc->i++;
    }
  }
}

char *drv_read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) {
      char *grown = realloc(buf, 2 * cap + 1);
      if (!grown) free(buf);
      buf = grown, cap *= 2;
    }
  }
  int failed = ferror(f);
  fclose(f);
  if (!buf || failed) {
    free(buf);
    return NULL;
  }
  buf[n] = '\0'; /* strstr above stops at the end */
  *size = n;
  return buf;
}

int drv_make_parent_dir(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash || slash == path) return 0;
  char *dir = drv_format("%.*s", (int)(slash - path), path);
  int made = mkdir(dir, 0777) == 0 || errno == EEXIST;
  free(dir);
  if (!made) return drv_error("cannot create the directory of '%s': %s", path, strerror(errno));
  return 0;
}

int drv_asm_dialect_rewrite(const char *in_path, const char *out_path) {
  /* out_path's directory (plan.c: <stem>.dev/) is made here */
  if (drv_make_parent_dir(out_path)) return 1;
  scan sc = {0};
  char *text = drv_read_file(in_path, &sc.n);
  if (!text) return drv_error("cannot read '%s': %s", in_path, strerror(errno));
  sc.s = text;
  scan_text(&sc);
  FILE *out = fopen(out_path, "wb");
  if (!out) {
    free(text);
    free(sc.inserts);
    return drv_error("cannot write '%s': %s", out_path, strerror(errno));
  }
  size_t from = 0;
  for (size_t k = 0; k < sc.count; k++) {
    fwrite(text + from, 1, sc.inserts[k] - from, out);
    fputc('%', out);
    from = sc.inserts[k];
  }
  fwrite(text + from, 1, sc.n - from, out);
  int failed = fclose(out) != 0;
  free(text);
  free(sc.inserts);
  if (failed) return drv_error("cannot write '%s'", out_path);
  return 0;
}
