/* softmetal/translate.c — turns MSL into C++ that clang can build for the CPU.
 *
 * The prelude (msl/metal_stdlib) makes most of MSL valid C++; what remains is
 * done here on tokens:
 *  1. each `kernel void NAME(params)` signature is read: every parameter must
 *     carry one attribute softmetal knows ([[buffer(n)]], [[threadgroup(n)]] or
 *     a thread-position attribute);
 *  2. `threadgroup T name[N];` declared in a kernel body must be shared by all
 *     threads of a group, and C++ has no automatic variables in an address
 *     space, so each becomes a reference into the group's threadgroup storage
 *     at an offset fixed at compile time (typedefs and constexpr offsets are
 *     inserted before the kernel, on the same line so diagnostics keep MSL's
 *     line numbers);
 *  3. per kernel, trampolines are appended: `extern "C" __sm_entry_NAME(const
 *     __sm_thread *)` converts softmetal's per-thread record into the
 *     kernel's arguments and runs one thread (for fibers);
 *     `__sm_group_NAME` runs every thread of a group in a loop, the kernel
 *     inlined into it (for kernels without barriers); `__sm_tgstatic_NAME`
 *     gives its static threadgroup memory size.
 */
#include "sm.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The SIMD-group width as a literal of the generated C++ ("32u"). */
#define SM_STRINGIFY(x) #x
#define SM_LITERAL(x) SM_STRINGIFY(x)
#define SIMD_WIDTH SM_LITERAL(AC_SIMD_WIDTH) "u"

/* ---- tokens ----------------------------------------------------------------- */
enum token_kind { TOKEN_IDENT, TOKEN_NUMBER, TOKEN_STRING, TOKEN_PUNCT };
struct token {
  enum token_kind kind;
  size_t start, length;
  int line, column;
};
struct scanner {
  const char *src;
  struct token *tokens;
  int count, capacity;
  bool macro_barrier; /* a #define line mentions a barrier or SIMD function */
  bool macro_spin;    /* a #define line mentions an atomic function or volatile */
};

static bool mentions(const char *text, size_t n, const char *const *words, size_t count) {
  for (size_t w = 0; w < count; w++) {
    size_t len = strlen(words[w]);
    for (size_t i = 0; i + len <= n; i++)
      if (!memcmp(text + i, words[w], len)) return true;
  }
  return false;
}

static bool mentions_spin(const char *text, size_t n) {
  static const char *const words[] = {"atomic_", "volatile"};
  return mentions(text, n, words, sizeof words / sizeof *words);
}

static bool mentions_barrier(const char *text, size_t n) {
  static const char *const words[] = {"_barrier", "simd_", "quad_"};
  return mentions(text, n, words, sizeof words / sizeof *words);
}

static void push_token(struct scanner *s, enum token_kind kind, size_t start, size_t length,
                       int line, int column) {
  if (s->count == s->capacity) {
    s->capacity = s->capacity ? s->capacity * 2 : 1024;
    s->tokens = realloc(s->tokens, (size_t)s->capacity * sizeof *s->tokens);
    if (!s->tokens) abort();
  }
  s->tokens[s->count++] = (struct token){kind, start, length, line, column};
}

/* Splits src into tokens, skipping whitespace, comments and preprocessor lines. */
static void tokenize(struct scanner *s) {
  const char *p = s->src;
  size_t i = 0;
  int line = 1;
  size_t line_start = 0;
  bool at_line_start = true;
  while (p[i]) {
    char c = p[i];
    if (c == '\n') {
      i++, line++, line_start = i, at_line_start = true;
      continue;
    }
    if (isspace((unsigned char)c)) {
      i++;
      continue;
    }
    if (c == '#' && at_line_start) { /* preprocessor line, with continuations */
      size_t start = i;
      while (p[i] && p[i] != '\n') {
        if (p[i] == '\\' && p[i + 1] == '\n') i++, line++, line_start = i + 1;
        i++;
      }
      if (mentions_barrier(p + start, i - start)) s->macro_barrier = true;
      if (mentions_spin(p + start, i - start)) s->macro_spin = true;
      continue;
    }
    at_line_start = false;
    if (c == '/' && p[i + 1] == '/') {
      while (p[i] && p[i] != '\n')
        i++;
      continue;
    }
    if (c == '/' && p[i + 1] == '*') {
      i += 2;
      while (p[i] && !(p[i] == '*' && p[i + 1] == '/')) {
        if (p[i] == '\n') line++, line_start = i + 1;
        i++;
      }
      if (p[i]) i += 2;
      continue;
    }
    size_t start = i;
    int column = (int)(i - line_start) + 1;
    if (isalpha((unsigned char)c) || c == '_') {
      while (isalnum((unsigned char)p[i]) || p[i] == '_')
        i++;
      push_token(s, TOKEN_IDENT, start, i - start, line, column);
    } else if (isdigit((unsigned char)c) || (c == '.' && isdigit((unsigned char)p[i + 1]))) {
      while (isalnum((unsigned char)p[i]) || p[i] == '.' || p[i] == '_' ||
             ((p[i] == '+' || p[i] == '-') &&
              (p[i - 1] == 'e' || p[i - 1] == 'E' || p[i - 1] == 'p' || p[i - 1] == 'P')))
        i++;
      push_token(s, TOKEN_NUMBER, start, i - start, line, column);
    } else if (c == '"' || c == '\'') {
      i++;
      while (p[i] && p[i] != c && p[i] != '\n')
        i += (p[i] == '\\' && p[i + 1]) ? 2 : 1;
      if (p[i] == c) i++;
      push_token(s, TOKEN_STRING, start, i - start, line, column);
    } else {
      push_token(s, TOKEN_PUNCT, start, 1, line, column);
      i++;
    }
  }
}

static bool token_is(const struct scanner *s, int k, const char *text) {
  if (k < 0 || k >= s->count) return false;
  const struct token *t = &s->tokens[k];
  return strlen(text) == t->length && memcmp(s->src + t->start, text, t->length) == 0;
}

static char *token_text(const struct scanner *s, int k) {
  return strndup(s->src + s->tokens[k].start, s->tokens[k].length);
}

/* Source text from the start of token a to the start of token b, trimmed. */
static char *span_text(const struct scanner *s, int a, int b) {
  size_t from = s->tokens[a].start;
  size_t to = b < s->count ? s->tokens[b].start : strlen(s->src);
  if (b > a) to = s->tokens[b - 1].start + s->tokens[b - 1].length;
  return strndup(s->src + from, to > from ? to - from : 0);
}

/* Index of the token closing the bracket opened at k, or -1. */
static int matching(const struct scanner *s, int k) {
  char open = s->src[s->tokens[k].start];
  char close = open == '(' ? ')' : open == '[' ? ']' : '}';
  int depth = 0;
  for (int i = k; i < s->count; i++) {
    if (s->tokens[i].kind != TOKEN_PUNCT) continue;
    char c = s->src[s->tokens[i].start];
    if (c == open) depth++;
    if (c == close && --depth == 0) return i;
  }
  return -1;
}

/* ---- diagnostics ------------------------------------------------------------- */
static char *diagnose(const struct scanner *s, int k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static char *diagnose(const struct scanner *s, int k, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *msg = sm_strdup_vprintf(fmt, ap);
  va_end(ap);
  int line = k < s->count ? s->tokens[k].line : 0;
  int column = k < s->count ? s->tokens[k].column : 0;
  char *full = sm_strdup_printf("program_source:%d:%d: error: %s", line, column, msg ? msg : "");
  free(msg);
  return full;
}

/* ---- edits: pieces of the source replaced or inserted ---------------------------- */
struct edit {
  size_t at, remove;
  char *insert;
};
struct edits {
  struct edit *items;
  int count, capacity;
};

static void add_edit(struct edits *e, size_t at, size_t remove, char *insert) {
  if (e->count == e->capacity) {
    e->capacity = e->capacity ? e->capacity * 2 : 16;
    e->items = realloc(e->items, (size_t)e->capacity * sizeof *e->items);
    if (!e->items) abort();
  }
  e->items[e->count++] = (struct edit){at, remove, insert};
}

/* ---- kernel parameters -------------------------------------------------------------- */
/* Expression for thread-position attributes, indexed by component k. */
static const char *position_expr(const char *attr) {
  static const struct {
    const char *attr, *expr;
  } table[] = {
      {"thread_position_in_threadgroup", "__t->tid[%d]"},
      {"threadgroup_position_in_grid", "__t->bid[%d]"},
      {"threads_per_threadgroup", "__t->bdim[%d]"},
      {"threadgroups_per_grid", "__t->gdim[%d]"},
      {"thread_position_in_grid", "(__t->bid[%d] * __t->bdim[%d] + __t->tid[%d])"},
      {"threads_per_grid", "(__t->gdim[%d] * __t->bdim[%d])"},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (!strcmp(attr, table[i].attr)) return table[i].expr;
  return NULL;
}

static const char *scalar_expr(const char *attr) {
  static const struct {
    const char *attr, *expr;
  } table[] = {
      {"thread_index_in_threadgroup", "__t->index"},
      {"thread_index_in_simdgroup", "(__t->index % " SIMD_WIDTH ")"},
      {"simdgroup_index_in_threadgroup", "(__t->index / " SIMD_WIDTH ")"},
      {"threads_per_simdgroup", SIMD_WIDTH},
      {"thread_execution_width", SIMD_WIDTH},
      {"simdgroups_per_threadgroup",
       "((__t->bdim[0] * __t->bdim[1] * __t->bdim[2] + " SIMD_WIDTH " - 1u) / " SIMD_WIDTH ")"},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (!strcmp(attr, table[i].attr)) return table[i].expr;
  return NULL;
}

/* Removes `const` words from a type (a position argument is a value). */
static void strip_const(char *type) {
  char *p;
  while ((p = strstr(type, "const")) && (p == type || !isalnum((unsigned char)p[-1])) &&
         !isalnum((unsigned char)p[5]) && p[5] != '_')
    memset(p, ' ', 5);
}

/* The argument expression for a pointer or reference parameter bound from
 * `table` (buffers or threadgroups) at index n; NULL for any other type.
 * Trims (and for references, edits) `type` in place. */
static char *binding_arg(char *type, const char *table, long n) {
  size_t len = strlen(type);
  while (len && isspace((unsigned char)type[len - 1]))
    type[--len] = 0;
  if (len && type[len - 1] == '*') return sm_strdup_printf("(%s)__t->%s[%ld]", type, table, n);
  if (len && type[len - 1] == '&') {
    type[len - 1] = 0;
    return sm_strdup_printf("*(%s *)__t->%s[%ld]", type, table, n);
  }
  return NULL;
}

struct param_result {
  char *arg;   /* C++ argument expression */
  char *error; /* diagnostic */
};

/* Reads one parameter (tokens a..b-1) and returns its argument expression. */
static struct param_result parse_param(const struct scanner *s, int a, int b,
                                       struct sm_kernel_info *info, struct edits *e) {
  struct param_result r = {0};
  int attr = -1;
  for (int i = a; i + 1 < b; i++)
    if (token_is(s, i, "[") && token_is(s, i + 1, "[")) {
      attr = i;
      break;
    }
  if (attr < 0) {
    r.error = diagnose(s, a,
                       "softmetal: kernel parameter without an attribute "
                       "([[buffer(n)]], [[threadgroup(n)]] or a position attribute)");
    return r;
  }
  int name = attr - 1;
  if (name <= a || s->tokens[name].kind != TOKEN_IDENT) {
    r.error = diagnose(s, a, "softmetal: cannot read this kernel parameter's name");
    return r;
  }
  /* The attribute is softmetal's business, not clang's: [[threadgroup(0)]]
   * would even expand the address-space macro. Drop it from the C++. */
  int attr_end = matching(s, attr);
  if (attr_end < 0 || attr_end > b) {
    r.error = diagnose(s, attr, "unterminated attribute");
    return r;
  }
  size_t from = s->tokens[attr].start;
  add_edit(e, from, s->tokens[attr_end].start + 1 - from, NULL);
  char *type = span_text(s, a, name);
  char *attr_name = token_text(s, attr + 2);
  long index = -1;
  if (token_is(s, attr + 3, "(") && s->tokens[attr + 4].kind == TOKEN_NUMBER)
    index = strtol(s->src + s->tokens[attr + 4].start, NULL, 0);
  const char *expr;
  if (!strcmp(attr_name, "buffer") || !strcmp(attr_name, "threadgroup")) {
    bool is_buffer = attr_name[0] == 'b';
    if (index < 0 || index >= AC_MAX_BUFFER_SLOTS) {
      r.error = diagnose(s, attr + 2, "'%s' attribute index must be in 0..%d", attr_name,
                         AC_MAX_BUFFER_SLOTS - 1);
    } else {
      uint32_t *mask = is_buffer ? &info->buffer_mask : &info->threadgroup_mask;
      if (*mask & (1u << index))
        r.error = diagnose(s, attr + 2, "'%s' index %ld is used twice", attr_name, index);
      *mask |= 1u << index;
      r.arg = binding_arg(type, is_buffer ? "buffers" : "threadgroups", index);
      if (!r.arg && !r.error)
        r.error = diagnose(s, a,
                           "softmetal: a [[%s(n)]] parameter must be a pointer or a "
                           "reference",
                           attr_name);
    }
  } else if ((expr = position_expr(attr_name))) {
    strip_const(type);
    char x[96], y[96], z[96];
    snprintf(x, sizeof x, expr, 0, 0, 0);
    snprintf(y, sizeof y, expr, 1, 1, 1);
    snprintf(z, sizeof z, expr, 2, 2, 2);
    r.arg = sm_strdup_printf("metal::__sm_pos<%s>(%s, %s, %s)", type, x, y, z);
  } else if ((expr = scalar_expr(attr_name))) {
    strip_const(type);
    r.arg = sm_strdup_printf("(%s)%s", type, expr);
  } else {
    r.error =
        diagnose(s, attr + 2, "softmetal: unsupported kernel parameter attribute '%s'", attr_name);
  }
  free(type);
  free(attr_name);
  return r;
}

/* ---- threadgroup variables in kernel bodies ------------------------------------------------ */
struct tg_state {
  const char *kernel;
  int count;            /* declarations so far */
  struct sm_text decls; /* typedefs and offsets, inserted before the kernel */
};

/* Rewrites `threadgroup T a[N], b;` (tokens first..semi-1) if it declares
 * threadgroup variables (not pointers). Returns false to leave it alone. */
static bool rewrite_tg_decl(const struct scanner *s, int first, int semi, struct tg_state *st,
                            struct edits *e) {
  for (int i = first; i < semi; i++)
    if (token_is(s, i, "*") || token_is(s, i, "&") || token_is(s, i, "(") || token_is(s, i, "="))
      return false;
  /* Type: tokens after `threadgroup` up to the first declarator's name. */
  int name = -1;
  for (int i = first + 1; i < semi; i++) {
    if (token_is(s, i, "[") || token_is(s, i, ",")) break;
    if (s->tokens[i].kind == TOKEN_IDENT) name = i;
  }
  if (name <= first + 1) return false;
  char *type = span_text(s, first + 1, name);
  struct sm_text out = {0};
  int i = name;
  while (i < semi) {
    int end = i;
    while (end < semi && !token_is(s, end, ","))
      end++;
    char *var = token_text(s, i);
    char *dims = end > i + 1 ? span_text(s, i + 1, end) : strdup("");
    int k = st->count++;
    if (k == 0)
      sm_text_printf(&st->decls, "constexpr unsigned long __sm_tgend_%s_0 = 0; ", st->kernel);
    sm_text_printf(&st->decls,
                   "typedef %s __sm_tg_%s_%d %s; "
                   "constexpr unsigned long __sm_tgoff_%s_%d = metal::__sm_align_up("
                   "__sm_tgend_%s_%d, alignof(__sm_tg_%s_%d)); "
                   "constexpr unsigned long __sm_tgend_%s_%d = __sm_tgoff_%s_%d + "
                   "sizeof(__sm_tg_%s_%d); ",
                   type, st->kernel, k, dims, st->kernel, k, st->kernel, k, st->kernel, k,
                   st->kernel, k + 1, st->kernel, k, st->kernel, k);
    sm_text_printf(&out,
                   "%sthreadgroup __sm_tg_%s_%d &%s = *(threadgroup __sm_tg_%s_%d *)"
                   "(__sm_threadgroup_base() + __sm_tgoff_%s_%d)",
                   out.length ? "; " : "", st->kernel, k, var, st->kernel, k, st->kernel, k);
    free(var);
    free(dims);
    i = end + 1;
  }
  free(type);
  size_t from = s->tokens[first].start;
  add_edit(e, from, s->tokens[semi].start - from, out.data);
  return true;
}

static void rewrite_body(const struct scanner *s, int open, int close, struct tg_state *st,
                         struct edits *e) {
  for (int i = open + 1; i < close; i++) {
    if (!token_is(s, i, "threadgroup")) continue;
    if (!(token_is(s, i - 1, "{") || token_is(s, i - 1, ";") || token_is(s, i - 1, "}"))) continue;
    int semi = i;
    while (semi < close && !token_is(s, semi, ";"))
      semi++;
    if (semi < close) rewrite_tg_decl(s, i, semi, st, e);
  }
}

/* ---- kernels ----------------------------------------------------------------------------------
 */
/* Handles the kernel whose `kernel` token is k. Returns the index after it. */
static int translate_kernel(const struct scanner *s, int k, struct sm_translation *out,
                            struct edits *e, struct sm_text *entries, char **error) {
  int name = k + 2, open = k + 3;
  if (!token_is(s, k + 1, "void") || s->tokens[name].kind != TOKEN_IDENT ||
      !token_is(s, open, "(")) {
    *error = diagnose(s, k, "softmetal: expected 'kernel void NAME(' here");
    return s->count;
  }
  int close = matching(s, open);
  int body = close + 1;
  if (close < 0 || !token_is(s, body, "{")) {
    *error = diagnose(s, name, "softmetal: cannot find the body of this kernel");
    return s->count;
  }
  int end = matching(s, body);
  if (end < 0) {
    *error = diagnose(s, body, "unbalanced braces in kernel body");
    return s->count;
  }
  out->kernels = realloc(out->kernels, (size_t)(out->kernel_count + 1) * sizeof *out->kernels);
  if (!out->kernels) abort();
  struct sm_kernel_info *info = &out->kernels[out->kernel_count++];
  *info = (struct sm_kernel_info){.name = token_text(s, name)};
  /* [[max_total_threads_per_threadgroup(N)]] kernel void ... */
  if (k >= 8 && token_is(s, k - 8, "[") && token_is(s, k - 7, "[") &&
      token_is(s, k - 6, "max_total_threads_per_threadgroup") && token_is(s, k - 5, "(") &&
      s->tokens[k - 4].kind == TOKEN_NUMBER && token_is(s, k - 3, ")")) {
    long n = strtol(s->src + s->tokens[k - 4].start, NULL, 0);
    if (n < 1 || n > AC_MAX_THREADS_PER_THREADGROUP) {
      *error = diagnose(s, k - 4, "max_total_threads_per_threadgroup must be in 1..%d",
                        AC_MAX_THREADS_PER_THREADGROUP);
      return s->count;
    }
    info->max_threads = (unsigned)n;
  }

  struct sm_text args = {0};
  int a = open + 1, depth = 0;
  for (int i = open + 1; i <= close && !*error; i++) {
    if (token_is(s, i, "(") || token_is(s, i, "[") || token_is(s, i, "<")) depth++;
    if (token_is(s, i, ")") || token_is(s, i, "]") || token_is(s, i, ">")) depth--;
    bool split = (depth == 0 && token_is(s, i, ",")) || i == close;
    if (!split || (i == close && i == a)) continue;
    struct param_result r = parse_param(s, a, i, info, e);
    if (r.error)
      *error = r.error;
    else
      sm_text_printf(&args, "%s%s", args.length ? ",\n    " : "", r.arg);
    free(r.arg);
    a = i + 1;
  }
  struct tg_state st = {.kernel = info->name};
  if (!*error) rewrite_body(s, body, end, &st, e);
  if (st.count)
    add_edit(e, s->tokens[k].start, 0, st.decls.data);
  else
    free(st.decls.data);
  /* __sm_entry_NAME runs one thread (fibers); __sm_group_NAME runs all threads
   * of a group in a loop, with the kernel inlined into it (no barriers). */
  const char *call_args = args.data ? args.data : "";
  sm_text_printf(entries,
                 "extern \"C\" __attribute__((visibility(\"default\"))) void "
                 "__sm_entry_%s(const __sm_thread *__t) {\n  %s(%s);\n}\n"
                 "extern \"C\" __attribute__((visibility(\"default\"))) void "
                 "__sm_group_%s(const __sm_thread *__group) {\n"
                 "  __sm_thread __sm_cur = *__group;\n"
                 "  const __sm_thread *__t = &__sm_cur;\n"
                 "  __sm_cur.index = 0;\n"
                 "  for (unsigned __z = 0; __z < __group->bdim[2]; __z++)\n"
                 "    for (unsigned __y = 0; __y < __group->bdim[1]; __y++)\n"
                 "      for (unsigned __x = 0; __x < __group->bdim[0]; __x++, __sm_cur.index++) {\n"
                 "        __sm_cur.tid[0] = __x, __sm_cur.tid[1] = __y, __sm_cur.tid[2] = __z;\n"
                 "        %s(%s);\n"
                 "      }\n"
                 "}\n"
                 /* one thread at (x, tid.y, tid.z): the vectorizer's input (vector mode) */
                 "extern \"C\" __attribute__((visibility(\"hidden\"))) void "
                 "__sm_lane_%s(const __sm_thread *__group, unsigned __x, unsigned __index) {\n"
                 "  __sm_thread __sm_cur = *__group;\n"
                 "  const __sm_thread *__t = &__sm_cur;\n"
                 "  __sm_cur.tid[0] = __x, __sm_cur.index = __index;\n"
                 "  %s(%s);\n"
                 "}\n"
                 "extern \"C\" __attribute__((visibility(\"default\"))) const unsigned long "
                 "__sm_tgstatic_%s = ",
                 info->name, info->name, call_args, info->name, info->name, call_args, info->name,
                 info->name, call_args, info->name);
  if (st.count)
    sm_text_printf(entries, "metal::__sm_align_up(__sm_tgend_%s_%d, 16);\n", info->name, st.count);
  else
    sm_text_printf(entries, "0;\n");
  free(args.data);
  return end + 1;
}

/* ---- which functions need fibers --------------------------------------------------------
 * A kernel runs its threads as fibers if it may reach a barrier or SIMD-group
 * function: directly, or through file-scope functions that do (by name, so
 * all overloads count; to a fixpoint). A barrier name outside any file-scope
 * function body (a struct method, a namespace, a macro) makes every kernel of
 * the library use fibers: conservative, never wrong. The same analysis tells
 * which kernels may spin waiting for another group (an atomic function or a
 * volatile access): their groups must be able to park (fiber.c, pool.c). */
struct function_range {
  int name, open, close; /* token indices: name, body braces */
  bool barrier;          /* marked: reaches what the analysis looks for */
};

static int find_functions(const struct scanner *s, struct function_range **out) {
  int count = 0, capacity = 0, depth = 0;
  *out = NULL;
  for (int i = 0; i < s->count; i++) {
    if (token_is(s, i, "{")) depth++;
    if (token_is(s, i, "}")) depth--;
    if (depth != 0 || s->tokens[i].kind != TOKEN_IDENT || !token_is(s, i + 1, "(")) continue;
    int close = matching(s, i + 1);
    if (close < 0 || !token_is(s, close + 1, "{")) continue;
    int end = matching(s, close + 1);
    if (end < 0) break;
    if (count == capacity) {
      capacity = capacity ? capacity * 2 : 16;
      *out = realloc(*out, (size_t)capacity * sizeof **out);
      if (!*out) abort();
    }
    (*out)[count++] = (struct function_range){i, close + 1, end, false};
    i = end;
  }
  return count;
}

static bool is_barrier_name(const struct scanner *s, int i);

/* Marks functions that may reach a token `wanted` accepts; returns false if one
 * appears outside every file-scope function. */
static bool mark_functions(const struct scanner *s, struct function_range *f, int n,
                           bool (*wanted)(const struct scanner *, int)) {
  bool attributed = true;
  for (int k = 0; k < n; k++)
    f[k].barrier = false;
  for (int i = 0; i < s->count; i++) {
    if (!wanted(s, i)) continue;
    int k = 0;
    while (k < n && !(f[k].open < i && i < f[k].close))
      k++;
    if (k == n)
      attributed = false;
    else
      f[k].barrier = true;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 0; k < n; k++) {
      if (f[k].barrier) continue;
      for (int i = f[k].open + 1; i < f[k].close && !f[k].barrier; i++) {
        if (s->tokens[i].kind != TOKEN_IDENT) continue;
        for (int m = 0; m < n; m++) {
          const struct token *a = &s->tokens[i], *b = &s->tokens[f[m].name];
          if (f[m].barrier && a->length == b->length &&
              !memcmp(s->src + a->start, s->src + b->start, a->length)) {
            f[k].barrier = changed = true;
            break;
          }
        }
      }
    }
  }
  return attributed;
}

/* Whether kernel `name` is a marked function (or `all`). */
static bool kernel_marked(const struct scanner *s, const struct function_range *f, int n,
                          const char *name, bool all) {
  for (int m = 0; m < n && !all; m++) {
    const struct token *t = &s->tokens[f[m].name];
    if (f[m].barrier && strlen(name) == t->length && !memcmp(name, s->src + t->start, t->length))
      return true;
  }
  return all;
}

static bool is_spin_token(const struct scanner *s, int i) {
  const struct token *t = &s->tokens[i];
  return t->kind == TOKEN_IDENT && ((t->length > 7 && !strncmp(s->src + t->start, "atomic_", 7)) ||
                                    token_is(s, i, "volatile"));
}

/* Sets uses_barriers and may_spin on every kernel of out. */
static void analyse_barriers(const struct scanner *s, struct sm_translation *out) {
  struct function_range *f;
  int n = find_functions(s, &f);
  bool all = !mark_functions(s, f, n, is_barrier_name) || s->macro_barrier;
  for (int k = 0; k < out->kernel_count; k++)
    out->kernels[k].uses_barriers = kernel_marked(s, f, n, out->kernels[k].name, all);
  all = !mark_functions(s, f, n, is_spin_token) || s->macro_spin;
  for (int k = 0; k < out->kernel_count; k++)
    out->kernels[k].may_spin = kernel_marked(s, f, n, out->kernels[k].name, all);
  free(f);
}

static int compare_edits(const void *a, const void *b) {
  size_t x = ((const struct edit *)a)->at, y = ((const struct edit *)b)->at;
  return x < y ? -1 : x > y;
}

static bool is_barrier_name(const struct scanner *s, int i) {
  const struct token *t = &s->tokens[i];
  const char *p = s->src + t->start;
  return t->kind == TOKEN_IDENT &&
         (token_is(s, i, "threadgroup_barrier") || token_is(s, i, "simdgroup_barrier") ||
          (t->length > 5 && !strncmp(p, "simd_", 5)) ||
          (t->length > 5 && !strncmp(p, "quad_", 5)) ||
          /* SIMD-group matrices (simdgroup_load, simdgroup_float8x8 ...): their lanes'
           * positions and exchanges need fibers too; not the position attribute */
          (t->length > 10 && !strncmp(p, "simdgroup_", 10) &&
           !token_is(s, i, "simdgroup_index_in_threadgroup")));
}

/* C++ that MSL does not have, and clang would accept (or fail on obscurely
 * when the library is loaded, as `new` needs the C++ runtime). */
static char *forbidden_keyword(const struct scanner *s) {
  static const char *const words[] = {"goto",  "new", "delete", "virtual",      "thread_local",
                                      "throw", "try", "catch",  "dynamic_cast", "typeid"};
  for (int i = 0; i < s->count; i++) {
    if (s->tokens[i].kind != TOKEN_IDENT) continue;
    for (size_t w = 0; w < sizeof words / sizeof *words; w++)
      if (token_is(s, i, words[w]))
        return diagnose(s, i, "'%s' is not supported in the Metal Shading Language", words[w]);
  }
  return NULL;
}

/* MSL: "variables in program scope must be declared in the constant address
 * space". clang would make a file-scope device or threadgroup variable one
 * object shared by every thread of every group. */
static char *program_scope_variable(const struct scanner *s) {
  int depth = 0;
  for (int i = 0; i < s->count; i++) {
    if (token_is(s, i, "{")) depth++;
    if (token_is(s, i, "}")) depth--;
    if (depth != 0 ||
        !(token_is(s, i, "device") || token_is(s, i, "threadgroup") || token_is(s, i, "thread")))
      continue;
    if (i > 0 && !token_is(s, i - 1, ";") && !token_is(s, i - 1, "}")) continue;
    int end = i;
    bool function = false;
    while (end < s->count && !token_is(s, end, ";") && !token_is(s, end, "{"))
      function |= token_is(s, end++, "(");
    if (!function)
      return diagnose(s, i, "program scope variable must reside in constant address space");
  }
  return NULL;
}

char *sm_translate(const char *msl, struct sm_translation *out) {
  memset(out, 0, sizeof *out);
  struct scanner s = {.src = msl};
  tokenize(&s);
  char *forbidden = forbidden_keyword(&s);
  if (!forbidden) forbidden = program_scope_variable(&s);
  if (forbidden) {
    free(s.tokens);
    return forbidden;
  }
  struct edits e = {0};
  struct sm_text entries = {0};
  char *error = NULL;
  int depth = 0;
  for (int i = 0; i < s.count && !error;) {
    if (token_is(&s, i, "{")) depth++;
    if (token_is(&s, i, "}")) depth--;
    if (!token_is(&s, i, "kernel")) {
      i++;
      continue;
    }
    if (depth != 0) {
      error = diagnose(&s, i, "softmetal: kernels must be declared at file scope");
      break;
    }
    i = translate_kernel(&s, i, out, &e, &entries, &error);
  }
  if (!error) analyse_barriers(&s, out);
  /* Apply edits in source order. */
  if (e.count)
    qsort(e.items, (size_t)e.count, sizeof *e.items, compare_edits); /* items may be NULL */
  const char *line = "#line 1 \"program_source\"\n";
  sm_text_append(&out->source, line, strlen(line));
  size_t pos = 0;
  for (int i = 0; i < e.count; i++) {
    sm_text_append(&out->source, msl + pos, e.items[i].at - pos);
    if (e.items[i].insert)
      sm_text_append(&out->source, e.items[i].insert, strlen(e.items[i].insert));
    pos = e.items[i].at + e.items[i].remove;
    free(e.items[i].insert);
  }
  sm_text_append(&out->source, msl + pos, strlen(msl + pos));
  sm_text_printf(&out->source,
                 "\n#line 1 \"softmetal_entries\"\n"
                 "__attribute__((visibility(\"default\"))) "
                 "struct __sm_runtime_table __sm_rt;\n%s",
                 entries.data ? entries.data : "");
  free(entries.data);
  free(e.items);
  free(s.tokens);
  if (error) sm_translation_free(out);
  return error;
}

void sm_translation_free(struct sm_translation *t) {
  free(t->source.data);
  for (int i = 0; i < t->kernel_count; i++)
    free(t->kernels[i].name);
  free(t->kernels);
  memset(t, 0, sizeof *t);
}
