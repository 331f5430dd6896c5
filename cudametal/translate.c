/* cudametal/translate.c — MSL -> CUDA C++ for NVRTC (see cm.h).
 *
 * The prelude (msl/metal_stdlib) makes Anchor's MSL valid CUDA C++ compiled with
 * -default-device; what the preprocessor cannot do is done here on the text:
 *  1. MSL's vector type names (float4, uint3, packed_float3 ...) become msl_float4 ...:
 *     CUDA predefines types of those names with another layout;
 *  2. `[[max_total_threads_per_threadgroup(N)]] kernel void NAME(params)` becomes a
 *     __device__ function cm_kernel_NAME(params without attributes), and a wrapper
 *     `extern "C" __global__ __launch_bounds__(N) NAME(const __grid_constant__ cm_args)`
 *     is appended that builds each argument: a [[buffer(n)]] from the bound address
 *     (or the setBytes copy inside the parameter block), a [[threadgroup(n)]] from the
 *     dynamic shared memory at its offset, a position attribute from
 *     threadIdx/blockIdx/blockDim/gridDim;
 *  3. `threadgroup T name[N];` in a kernel body becomes `__shared__ __align__(16) T ...`;
 *  4. big inline helpers used at many places are kept out of line (outline.c).
 * Line numbers are kept (nothing inserted before the last kernel's end but on the same
 * lines), so NVRTC's diagnostics point at the MSL's lines.
 */
#include "cm.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct text {
  char *data;
  size_t length, capacity;
};

static void put(struct text *t, const char *s, size_t n) {
  if (t->length + n + 1 > t->capacity) {
    size_t cap = t->capacity ? t->capacity : 4096;
    while (cap < t->length + n + 1)
      cap *= 2;
    char *d = realloc(t->data, cap);
    if (!d) abort();
    t->data = d;
    t->capacity = cap;
  }
  memcpy(t->data + t->length, s, n);
  t->length += n;
  t->data[t->length] = 0;
}
static void puts_(struct text *t, const char *s) {
  put(t, s, strlen(s));
}
static void putf(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(struct text *t, const char *fmt, ...) {
  char small[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < (int)sizeof small) {
    put(t, small, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big) abort();
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  put(t, big, (size_t)n);
  free(big);
}

static bool ident_start(char c) {
  return isalpha((unsigned char)c) || c == '_';
}
static bool ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_';
}

/* Whether the identifier s[0..n) is an MSL vector type name. */
static bool vector_type(const char *s, size_t n) {
  static const char *const scalars[] = {"bool", "char", "uchar", "short", "ushort", "int",
                                        "uint", "long", "ulong", "half",  "float"};
  if (n > 7 && !memcmp(s, "packed_", 7)) s += 7, n -= 7;
  if (n < 2 || s[n - 1] < '2' || s[n - 1] > '4') return false;
  for (size_t i = 0; i < sizeof scalars / sizeof *scalars; i++)
    if (strlen(scalars[i]) == n - 1 && !memcmp(s, scalars[i], n - 1)) return true;
  return false;
}

/* Pass 1: vector type names renamed (comments and literals kept as they are). */
static char *rename_vectors(const char *src) {
  struct text t = {0};
  put(&t, "", 0);
  for (size_t i = 0; src[i];) {
    size_t lit = cm_skip_literal(src + i);
    if (lit) {
      put(&t, src + i, lit);
      i += lit;
    } else if (ident_start(src[i]) && (i == 0 || !ident_char(src[i - 1]))) {
      size_t n = 0;
      while (ident_char(src[i + n]))
        n++;
      if (vector_type(src + i, n)) {
        const char *s = src + i;
        size_t m = n;
        if (m > 7 && !memcmp(s, "packed_", 7)) s += 7, m -= 7; /* same layout here */
        puts_(&t, "msl_");
        put(&t, s, m);
      } else {
        put(&t, src + i, n);
      }
      i += n;
    } else {
      put(&t, src + i, 1);
      i++;
    }
  }
  return t.data;
}

static int line_of(const char *src, size_t pos, int *col) {
  int line = 1;
  size_t last = 0;
  for (size_t i = 0; i < pos; i++)
    if (src[i] == '\n') line++, last = i + 1;
  *col = (int)(pos - last) + 1;
  return line;
}

static char *diag(const char *src, size_t pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static char *diag(const char *src, size_t pos, const char *fmt, ...) {
  int col, line = line_of(src, pos, &col);
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  struct text t = {0};
  putf(&t, "program_source:%d:%d: error: %s", line, col, msg);
  return t.data;
}

static size_t skip_space(const char *s, size_t i) {
  for (;;) {
    while (isspace((unsigned char)s[i]))
      i++;
    size_t lit = (s[i] == '/') ? cm_skip_literal(s + i) : 0;
    if (!lit) return i;
    i += lit;
  }
}
static bool word_at(const char *s, size_t i, const char *w) {
  size_t n = strlen(w);
  return !strncmp(s + i, w, n) && !ident_char(s[i + n]) && (i == 0 || !ident_char(s[i - 1]));
}

/* The position attributes: the expression of (x, y, z) for each. */
struct position {
  const char *attr, *x, *y, *z;
};
#define CM_LINEAR "(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))"
#define CM_THREADS "(blockDim.x * blockDim.y * blockDim.z)"
static const struct position positions[] = {
    {"thread_position_in_threadgroup", "threadIdx.x", "threadIdx.y", "threadIdx.z"},
    {"threadgroup_position_in_grid", "blockIdx.x", "blockIdx.y", "blockIdx.z"},
    {"threads_per_threadgroup", "blockDim.x", "blockDim.y", "blockDim.z"},
    {"threadgroups_per_grid", "gridDim.x", "gridDim.y", "gridDim.z"},
    {"thread_position_in_grid", "(blockIdx.x * blockDim.x + threadIdx.x)",
     "(blockIdx.y * blockDim.y + threadIdx.y)", "(blockIdx.z * blockDim.z + threadIdx.z)"},
    {"threads_per_grid", "(gridDim.x * blockDim.x)", "(gridDim.y * blockDim.y)",
     "(gridDim.z * blockDim.z)"},
    {"thread_index_in_threadgroup", CM_LINEAR, "0u", "0u"},
    {"thread_index_in_simdgroup", "(" CM_LINEAR " % 32u)", "0u", "0u"},
    {"simdgroup_index_in_threadgroup", "(" CM_LINEAR " / 32u)", "0u", "0u"},
    {"threads_per_simdgroup", "32u", "0u", "0u"},
    {"thread_execution_width", "32u", "0u", "0u"},
    {"simdgroups_per_threadgroup", "((" CM_THREADS " + 31u) / 32u)", "0u", "0u"},
};

/* One kernel parameter: declaration text (without attribute) and its binding. */
struct param {
  char *decl; /* "constant uchar *anchor_params" */
  char *type; /* "constant uchar *" (the declarator's name removed) */
  enum { P_BUFFER, P_THREADGROUP, P_POSITION } kind;
  int index;
  const struct position *position;
};

static char *dup_trim(const char *s, size_t n) {
  while (n && isspace((unsigned char)*s))
    s++, n--;
  while (n && isspace((unsigned char)s[n - 1]))
    n--;
  char *d = malloc(n + 1);
  if (!d) abort();
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

/* Parses one parameter text [s, s+n) at src offset pos. NULL or a diagnostic. */
static char *parse_param(const char *src, size_t pos, size_t n, struct param *p) {
  const char *s = src + pos;
  const char *open = NULL;
  for (size_t i = 0; i + 1 < n; i++)
    if (s[i] == '[' && s[i + 1] == '[') {
      open = s + i;
      break;
    }
  if (!open) return diag(src, pos, "kernel parameter without an attribute");
  const char *close = strstr(open, "]]");
  if (!close || close > s + n) return diag(src, pos, "unterminated attribute");
  p->decl = dup_trim(s, (size_t)(open - s));
  char *attr = dup_trim(open + 2, (size_t)(close - open - 2));
  size_t dn = strlen(p->decl);
  while (dn && ident_char(p->decl[dn - 1]))
    dn--;
  p->type = dup_trim(p->decl, dn);
  char *err = NULL;
  int index;
  if (sscanf(attr, "buffer(%d)", &index) == 1) {
    p->kind = P_BUFFER;
    p->index = index;
    if (index < 0 || index > CM_MAX_BUFFERS) err = diag(src, pos, "buffer index %d", index);
  } else if (sscanf(attr, "threadgroup(%d)", &index) == 1) {
    p->kind = P_THREADGROUP;
    p->index = index;
    if (index < 0 || index > CM_MAX_THREADGROUPS)
      err = diag(src, pos, "threadgroup index %d", index);
  } else {
    p->kind = P_POSITION;
    p->position = NULL;
    for (size_t i = 0; i < sizeof positions / sizeof *positions; i++)
      if (!strcmp(attr, positions[i].attr)) p->position = &positions[i];
    if (!p->position) err = diag(src, pos, "unsupported kernel parameter attribute '%s'", attr);
  }
  free(attr);
  return err;
}

static void free_params(struct param *ps, int n) {
  for (int i = 0; i < n; i++)
    free(ps[i].decl), free(ps[i].type);
  free(ps);
}

/* The wrapper kernel for one MSL kernel. */
static void emit_wrapper(struct text *w, const char *name, unsigned max_threads,
                         const struct param *ps, int n) {
  puts_(w, "\nextern \"C\" __global__ void ");
  if (max_threads) putf(w, "__launch_bounds__(%u) ", max_threads);
  putf(w, "%s(const __grid_constant__ cm_args cm_a) {\n  cm_kernel_%s(", name, name);
  for (int i = 0; i < n; i++) {
    const struct param *p = &ps[i];
    if (i) puts_(w, ",\n    ");
    size_t tl = strlen(p->type);
    bool ref = tl && p->type[tl - 1] == '&';
    if (p->kind == P_BUFFER || p->kind == P_THREADGROUP) {
      const char *addr = p->kind == P_BUFFER ? "cm_buffer(cm_a, %d)" : "cm_threadgroup(cm_a, %d)";
      if (ref) {
        putf(w, "*(%.*s*)", (int)(tl - 1), p->type);
      } else {
        putf(w, "(%s)", p->type);
      }
      putf(w, addr, p->index);
    } else {
      putf(w, "cm_position<%s>(%s, %s, %s)", p->type, p->position->x, p->position->y,
           p->position->z);
    }
  }
  puts_(w, ");\n}\n");
}

char *cm_translate(const char *msl, struct cm_translation *out) {
  memset(out, 0, sizeof *out);
  char *src = rename_vectors(msl);
  struct text t = {0}, wrappers = {0};
  put(&t, "", 0);
  put(&wrappers, "", 0);
  char *err = NULL;
  int depth = 0, kernel_depth = -1; /* depth of the kernel body's braces, or -1 */
  unsigned pending_max = 0;
  size_t i = 0, copied = 0;
  bool statement_start = true;
  while (src[i] && !err) {
    size_t lit = cm_skip_literal(src + i);
    if (lit) {
      i += lit;
      continue;
    }
    char c = src[i];
    if (c == '#' && statement_start) { /* a preprocessor line: as it is */
      while (src[i] && src[i] != '\n')
        i++;
      continue;
    }
    if (c == '[' && src[i + 1] == '[' && depth == 0) {
      size_t a = skip_space(src, i + 2);
      unsigned n;
      if (sscanf(src + a, "max_total_threads_per_threadgroup(%u)", &n) == 1) {
        const char *e = strstr(src + a, "]]");
        if (!e) {
          err = diag(src, i, "unterminated attribute");
          break;
        }
        put(&t, src + copied, i - copied);
        i = (size_t)(e - src) + 2;
        copied = i;
        pending_max = n;
        continue;
      }
    }
    if (ident_start(c) && (i == 0 || !ident_char(src[i - 1]))) {
      size_t n = 0;
      while (ident_char(src[i + n]))
        n++;
      if (depth == 0 && word_at(src, i, "kernel")) {
        size_t v = skip_space(src, i + n);
        if (!word_at(src, v, "void")) {
          err = diag(src, v, "a kernel must return void");
          break;
        }
        size_t nm = skip_space(src, v + 4), ne = nm;
        while (ident_char(src[ne]))
          ne++;
        size_t open = skip_space(src, ne);
        if (ne == nm || src[open] != '(') {
          err = diag(src, nm, "expected a kernel name and '('");
          break;
        }
        char *name = dup_trim(src + nm, ne - nm);
        /* Parameters up to the matching ')'. */
        struct param *ps = NULL;
        int np = 0, level = 0;
        size_t j = open + 1, start = j;
        for (; src[j]; j++) {
          if (src[j] == '(' || src[j] == '[')
            level++;
          else if (src[j] == ')' || src[j] == ']') {
            if (level == 0) break;
            level--;
          }
          if ((src[j] == ',' && level == 0) || (src[j + 1] == ')' && level == 0)) {
            size_t end = src[j] == ',' ? j : j + 1;
            struct param p = {0};
            size_t ps0 = skip_space(src, start);
            if (end > ps0) {
              err = parse_param(src, ps0, end - ps0, &p);
              ps = realloc(ps, (size_t)(np + 1) * sizeof *ps);
              if (!ps) abort();
              ps[np++] = p;
              if (err) break;
            }
            start = j + 1;
          }
        }
        if (!err && src[j] != ')') err = diag(src, open, "unterminated kernel parameter list");
        if (err) {
          free_params(ps, np);
          free(name);
          break;
        }
        /* The signature, rewritten on its own lines (newlines kept). */
        put(&t, src + copied, i - copied);
        putf(&t, "static __device__ __forceinline__ void cm_kernel_%s(", name);
        /* A constant buffer is never written by the kernel: __restrict__ lets NVRTC keep
         * its values (Anchor's parameter block, the CPU<->GPU delta anchor_ctx[0] read by
         * every access) in registers across stores instead of reloading them. */
        for (int k = 0; k < np; k++) {
          size_t tl = strlen(ps[k].type);
          if (ps[k].kind == P_BUFFER && !strncmp(ps[k].type, "constant ", 9) && tl &&
              ps[k].type[tl - 1] == '*')
            putf(&t, "%s%s __restrict__ %s", k ? ", " : "", ps[k].type, ps[k].decl + tl);
          else
            putf(&t, "%s%s", k ? ", " : "", ps[k].decl);
        }
        puts_(&t, ")");
        for (size_t q = i; q <= j; q++)
          if (src[q] == '\n') puts_(&t, "\n");
        i = copied = j + 1;
        struct cm_kernel_info info = {name, 0, 0, pending_max};
        for (int k = 0; k < np; k++) {
          if (ps[k].kind == P_BUFFER) info.buffer_mask |= 1u << ps[k].index;
          if (ps[k].kind == P_THREADGROUP) info.threadgroup_mask |= 1u << ps[k].index;
        }
        emit_wrapper(&wrappers, name, pending_max, ps, np);
        free_params(ps, np);
        pending_max = 0;
        out->kernels =
            realloc(out->kernels, (size_t)(out->kernel_count + 1) * sizeof *out->kernels);
        if (!out->kernels) abort();
        out->kernels[out->kernel_count++] = info;
        kernel_depth = 0;
        statement_start = false;
        continue;
      }
      if (kernel_depth > 0 && statement_start && word_at(src, i, "threadgroup")) {
        /* A variable (no '*' or '&' before its name's '[' or ';') becomes __shared__. */
        size_t k = i + n;
        bool pointer = false;
        while (src[k] && src[k] != ';' && src[k] != '[' && src[k] != '=') {
          if (src[k] == '*' || src[k] == '&' || src[k] == '(') pointer = true;
          k++;
        }
        if (!pointer) {
          put(&t, src + copied, i - copied);
          puts_(&t, "__shared__ __align__(16)");
          copied = i + n;
        }
      }
      statement_start = false;
      i += n;
      continue;
    }
    if (c == '{') {
      depth++;
      if (kernel_depth == 0) kernel_depth = depth;
    } else if (c == '}') {
      if (depth == kernel_depth) kernel_depth = -1;
      depth--;
    }
    if (c == '{' || c == '}' || c == ';' || c == '\n')
      statement_start = true;
    else if (!isspace((unsigned char)c))
      statement_start = false;
    i++;
  }
  if (err) {
    free(t.data);
    free(wrappers.data);
    free(src);
    cm_translation_free(out);
    return err;
  }
  put(&t, src + copied, strlen(src + copied));
  put(&t, wrappers.data, wrappers.length);
  free(wrappers.data);
  free(src);
  /* CUDAMETAL_OUTLINE=off (an experiment: every helper inlined, as before outline.c) lets
   * one GPU run time the kernels both ways; anything but `on`/`off` is an error. */
  const char *outline = getenv("CUDAMETAL_OUTLINE");
  if (outline && *outline && strcmp(outline, "on") && strcmp(outline, "off")) {
    free(t.data);
    cm_translation_free(out);
    struct text e = {0};
    putf(&e, "program_source:1:1: error: CUDAMETAL_OUTLINE must be `on` or `off`, not `%s`",
         outline);
    return e.data;
  }
  if (outline && !strcmp(outline, "off")) {
    out->source = t.data;
  } else {
    out->source = cm_outline(t.data);
    free(t.data);
  }
  return NULL;
}

void cm_translation_free(struct cm_translation *t) {
  for (int i = 0; i < t->kernel_count; i++)
    free(t->kernels[i].name);
  free(t->kernels);
  free(t->source);
  memset(t, 0, sizeof *t);
}
