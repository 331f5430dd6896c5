/* cudametal/outline.c — which of the MSL's helper functions NVRTC keeps out of line (see cm.h).
 *
 * Anchor's MSL defines its helpers `inline` (fp64.metal's anchor_f64_add, _mul, _fma ...:
 * IEEE binary64 on 64-bit integers, docs/compiler.md "FP64"), and a module that computes on
 * doubles calls them at hundreds to thousands of places. NVRTC inlines every one of them:
 * math_f64_exp's one kernel became ~1500 inlined additions, multiplications and fmas, and
 * NVRTC spent minutes and ~8 GB on it (docs/cudametal.md "NVRTC compile time"). Out of line,
 * each helper is compiled once and every use is a call.
 *
 * The choice is by size and use, never by name: a file-scope function defined `inline` goes
 * out of line (`inline __noinline__`, on the same line; its linkage unchanged, so an earlier
 * declaration still agrees, and NVRTC still drops it when nothing calls it) when
 *  - its expanded size (its statements plus, at each call of an earlier inline helper, that
 *    helper's expanded size) is at least CM_OUTLINE_MIN_STATEMENTS: a call costs more than
 *    a small body, and a mid-sized one often folds at each call (isnan, neg, pack, the
 *    rounding and the shuffle-lane helpers stay inline; fp64's add is 110, mul 54), and
 *  - the code its inlining would add, expanded size x (uses - 1), is at least
 *    CM_OUTLINE_MIN_GROWTH, where uses counts each call site once if it is in a kernel,
 *    another top-level definition or an out-of-line helper, and as many times as its
 *    caller is inlined if it is in an inline helper (callers are decided first), and
 *  - it takes nothing by reference (`&` or a `thread` pointer): out of line, the caller's
 *    variable would have to live in local memory.
 * Only the inlining changes: the arithmetic is the same (cudametal's NVRTC options, not the
 * inlining, decide contraction and rounding), so the results are the same bits.
 */
#include "cm.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define CM_OUTLINE_MIN_STATEMENTS 20
#define CM_OUTLINE_MIN_GROWTH 400
#define CM_OUTLINE_SATURATE (1ll << 30) /* sizes and uses stop here: their product fits */

size_t cm_skip_literal(const char *s) {
  if (s[0] == '/' && s[1] == '/') {
    const char *e = strchr(s, '\n');
    return e ? (size_t)(e - s) : strlen(s);
  }
  if (s[0] == '/' && s[1] == '*') {
    const char *e = strstr(s + 2, "*/");
    return e ? (size_t)(e + 2 - s) : strlen(s);
  }
  if (s[0] == '"' || s[0] == '\'') {
    size_t i = 1;
    while (s[i] && s[i] != s[0])
      i += (s[i] == '\\' && s[i + 1]) ? 2 : 1;
    return s[i] ? i + 1 : i;
  }
  return 0;
}

static bool ident_start(char c) {
  return isalpha((unsigned char)c) || c == '_';
}
static bool ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_';
}

/* A top-level function definition: [start, end] is its text from the first word of the
 * declaration to the closing brace. */
struct function {
  size_t start, name, name_length, body, end;
  bool declared_inline; /* its first word is `inline` */
  bool by_reference;    /* a parameter is a reference or a `thread` pointer */
  long long own;        /* statements (';') of its body */
  long long size;       /* expanded size */
  long long uses;       /* how many copies inlining everywhere would make */
  bool out_of_line;
};

/* Position after the bracket that closes the one at s[i] ('(' or '{'), skipping literals;
 * 0 when unbalanced. */
static size_t after_match(const char *s, size_t i) {
  char open = s[i], close = open == '(' ? ')' : '}';
  int depth = 0;
  while (s[i]) {
    size_t lit = cm_skip_literal(s + i);
    if (lit) {
      i += lit;
      continue;
    }
    if (s[i] == open) depth++;
    if (s[i] == close && --depth == 0) return i + 1;
    i++;
  }
  return 0;
}

/* The top-level function definitions of src, in order (*count set; caller frees). A
 * preprocessor line, a declaration, a variable or a struct is skipped. */
static struct function *find_functions(const char *src, int *count) {
  struct function *fs = NULL;
  int n = 0, cap = 0;
  size_t i = 0;
  bool line_start = true;
  while (src[i]) {
    size_t lit = cm_skip_literal(src + i);
    if (lit) {
      i += lit;
      continue;
    }
    char c = src[i];
    if (c == '#' && line_start) { /* a preprocessor line, with its continuations */
      while (src[i] && (src[i] != '\n' || src[i - 1] == '\\'))
        i++;
      continue;
    }
    if (c == '\n') line_start = true;
    if (isspace((unsigned char)c)) {
      i++;
      continue;
    }
    line_start = false;
    /* A top-level declaration from here to its ';' or its body's '}'. */
    size_t start = i, name = 0, name_length = 0, params_end = 0;
    while (src[i] && src[i] != ';' && src[i] != '{') {
      if ((lit = cm_skip_literal(src + i))) {
        i += lit;
      } else if (src[i] == '(' && !params_end) {
        size_t k = i; /* the identifier before the first '(' */
        while (k > start && isspace((unsigned char)src[k - 1]))
          k--;
        name_length = 0;
        while (k > start && ident_char(src[k - 1]))
          k--, name_length++;
        name = k;
        params_end = after_match(src, i);
        if (!params_end) return *count = n, fs;
        i = params_end;
      } else if (src[i] == '(' || src[i] == '[') { /* attributes, later parentheses */
        size_t e = src[i] == '(' ? after_match(src, i) : i + 1;
        if (!e) return *count = n, fs;
        i = e;
      } else {
        i++;
      }
    }
    if (src[i] != '{') {
      if (src[i]) i++;
      continue;
    }
    size_t end = after_match(src, i);
    if (!end) break;
    if (name_length && ident_start(src[name])) {
      if (n == cap) {
        cap = cap ? 2 * cap : 64;
        fs = realloc(fs, (size_t)cap * sizeof *fs);
        if (!fs) abort();
      }
      struct function *f = &fs[n++];
      memset(f, 0, sizeof *f);
      f->start = start, f->name = name, f->name_length = name_length;
      f->body = i, f->end = end - 1;
      for (size_t k = name + name_length; k < i; k++)
        if (src[k] == '&' ||
            (!strncmp(src + k, "thread", 6) && !ident_char(src[k + 6]) && !ident_char(src[k - 1])))
          f->by_reference = true;
      f->declared_inline = !strncmp(src + start, "inline", 6) && !ident_char(src[start + 6]);
      for (size_t k = i; k < end; k += (lit = cm_skip_literal(src + k)) ? lit : 1)
        if (src[k] == ';') f->own++;
    }
    i = end;
  }
  *count = n;
  return fs;
}

static long long saturate(long long v) {
  return v > CM_OUTLINE_SATURATE ? CM_OUTLINE_SATURATE : v;
}

/* One call site: the function called and the one whose body holds it (-1: none). */
struct call {
  int callee, caller;
};

/* The inline function named src[at .. at+n), or -1 (a name defined twice is none). */
static int inline_named(const char *src, const struct function *fs, int count, size_t at,
                        size_t n) {
  int found = -1;
  for (int k = 0; k < count; k++)
    if (fs[k].name_length == n && !memcmp(src + fs[k].name, src + at, n)) {
      if (found >= 0) return -1;
      found = k;
    }
  return found >= 0 && fs[found].declared_inline ? found : -1;
}

/* Every call of an inline function in src (an identifier followed by '('), with its caller. */
static struct call *find_calls(const char *src, const struct function *fs, int count, int *ncalls) {
  struct call *calls = NULL;
  int n = 0, cap = 0, inside = 0; /* the first function not yet left behind */
  for (size_t i = 0; src[i];) {
    size_t lit = cm_skip_literal(src + i);
    if (lit) {
      i += lit;
      continue;
    }
    if (!ident_start(src[i]) || (i && ident_char(src[i - 1]))) {
      i++;
      continue;
    }
    size_t n_id = 0;
    while (ident_char(src[i + n_id]))
      n_id++;
    size_t after = i + n_id;
    while (isspace((unsigned char)src[after]))
      after++;
    while (inside < count && fs[inside].end < i)
      inside++;
    int caller = inside < count && fs[inside].body < i ? inside : -1;
    int callee = src[after] == '(' && !(inside < count && i == fs[inside].name)
                     ? inline_named(src, fs, count, i, n_id)
                     : -1;
    if (callee >= 0) {
      if (n == cap) {
        cap = cap ? 2 * cap : 256;
        calls = realloc(calls, (size_t)cap * sizeof *calls);
        if (!calls) abort();
      }
      calls[n++] = (struct call){callee, caller};
    }
    i += n_id;
  }
  *ncalls = n;
  return calls;
}

char *cm_outline(const char *src) {
  int count = 0, ncalls = 0;
  struct function *fs = find_functions(src, &count);
  struct call *calls = find_calls(src, fs, count, &ncalls);
  /* Expanded sizes, callees first: calls come in text order, and a callee's body (and every
   * call in it) is before its caller's, since MSL defines a function before its uses. */
  for (int k = 0; k < count; k++)
    fs[k].size = fs[k].own;
  for (int c = 0; c < ncalls; c++)
    if (calls[c].caller >= 0 && calls[c].callee < calls[c].caller)
      fs[calls[c].caller].size = saturate(fs[calls[c].caller].size + fs[calls[c].callee].size);
  /* Uses and the decision, callers first: the calls of function k are
   * calls[order[start[k] .. start[k + 1])]. */
  int *start = calloc((size_t)count + 1, sizeof *start),
      *fill = malloc(((size_t)count + 1) * sizeof *fill),
      *order = malloc(((size_t)ncalls + 1) * sizeof *order);
  if (!start || !fill || !order) abort();
  for (int c = 0; c < ncalls; c++)
    start[calls[c].callee + 1]++;
  for (int k = 0; k < count; k++)
    start[k + 1] += start[k];
  memcpy(fill, start, ((size_t)count + 1) * sizeof *fill);
  for (int c = 0; c < ncalls; c++)
    order[fill[calls[c].callee]++] = c;
  for (int k = count - 1; k >= 0; k--) {
    if (!fs[k].declared_inline) continue;
    for (int j = start[k]; j < start[k + 1]; j++) {
      int g = calls[order[j]].caller;
      bool copies = g > k && fs[g].declared_inline && !fs[g].out_of_line;
      fs[k].uses = saturate(fs[k].uses + (copies ? fs[g].uses : 1));
    }
    fs[k].out_of_line = !fs[k].by_reference && fs[k].size >= CM_OUTLINE_MIN_STATEMENTS &&
                        fs[k].uses > 1 &&
                        saturate(fs[k].size * (fs[k].uses - 1)) >= CM_OUTLINE_MIN_GROWTH;
  }
  free(start);
  free(fill);
  free(order);
  /* The text with `__noinline__` after the `inline` of each chosen function. */
  size_t length = strlen(src), extra = 0;
  static const char keyword[] = " __noinline__";
  for (int k = 0; k < count; k++)
    if (fs[k].out_of_line) extra += sizeof keyword - 1;
  char *out = malloc(length + extra + 1), *o = out;
  if (!out) abort();
  size_t copied = 0;
  for (int k = 0; k < count; k++) {
    if (!fs[k].out_of_line) continue;
    memcpy(o, src + copied, fs[k].start + 6 - copied);
    o += fs[k].start + 6 - copied;
    memcpy(o, keyword, sizeof keyword - 1);
    o += sizeof keyword - 1;
    copied = fs[k].start + 6;
  }
  memcpy(o, src + copied, length - copied + 1);
  free(calls);
  free(fs);
  return out;
}
