/* ptx_parse.c — PTX statements of an inline asm string (ptx.h): comments
 * dropped; statements end at ';'; '{' and '}' at a statement's start open
 * and close register scopes; `name:` defines a label; `@p` / `@!p` guard an
 * instruction; `.reg .type a, b<4>;` declares registers; `.pragma` hints are
 * dropped; an instruction is its opcode (split at '.') and comma-separated
 * operands. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

typedef struct parser {
  const char *p;
  char *error;
  unsigned n;
  ptx_program *prog;
} parser;

static int fail(parser *ps, const char *fmt, const char *what) {
  snprintf(ps->error, ps->n, fmt, what);
  return 0;
}

static void skip_space(parser *ps) {
  for (;;) {
    while (isspace((unsigned char)*ps->p))
      ps->p++;
    if (ps->p[0] == '/' && ps->p[1] == '/') {
      while (*ps->p && *ps->p != '\n')
        ps->p++;
    } else if (ps->p[0] == '/' && ps->p[1] == '*') {
      const char *end = strstr(ps->p + 2, "*/");
      ps->p = end ? end + 2 : ps->p + strlen(ps->p);
    } else {
      return;
    }
  }
}

static ptx_stmt *new_stmt(parser *ps, ptx_stmt_kind kind) {
  ptx_program *prog = ps->prog;
  if (prog->count == prog->cap) {
    prog->cap = prog->cap ? 2 * prog->cap : 16;
    prog->stmts = realloc(prog->stmts, sizeof *prog->stmts * (size_t)prog->cap);
    if (!prog->stmts) abort();
  }
  ptx_stmt *s = &prog->stmts[prog->count++];
  memset(s, 0, sizeof *s);
  s->kind = kind;
  return s;
}

static int is_name_char(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.';
}

/* A register name at s (%name, $k, or a plain identifier: PTX's own names
 * need no %) into out; its length, 0 if none. */
static size_t reg_name(const char *s, char *out) {
  size_t k = 1;
  int sigil = *s == '%' || *s == '$';
  if (!sigil && !isalpha((unsigned char)*s) && *s != '_') return 0;
  while (is_name_char(s[k]) && k + 1 < PTX_NAME)
    k++;
  if (sigil && k == 1) return 0;
  memcpy(out, s, k);
  out[k] = 0;
  return k;
}

/* A literal at *s: an integer (decimal, 0x hex, 0b binary, octal, optional
 * U suffix, optional '-'), a float 0fXXXXXXXX / 0dXXXXXXXXXXXXXXXX or a
 * decimal with '.' or an exponent. */
static int literal(const char *s, ptx_operand *op) {
  int neg = 0;
  if (*s == '-') neg = 1, s++;
  if (s[0] == '0' && (s[1] == 'f' || s[1] == 'F' || s[1] == 'd' || s[1] == 'D')) {
    size_t digits = s[1] == 'f' || s[1] == 'F' ? 8 : 16;
    for (size_t k = 0; k < digits; k++)
      if (!isxdigit((unsigned char)s[2 + k])) return 0;
    if (s[2 + digits]) return 0;
    op->kind = PTX_FIMM;
    op->fbits = digits == 8 ? 32 : 64;
    op->fbits_value = strtoull(s + 2, NULL, 16);
    if (neg) op->fbits_value ^= 1ull << (op->fbits - 1);
    return 1;
  }
  if (!isdigit((unsigned char)*s) && *s != '.') return 0;
  char *end;
  if (strpbrk(s, ".eE") && !(s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))) {
    op->kind = PTX_FIMM;
    op->fvalue = strtod(s, &end);
    if (neg) op->fvalue = -op->fvalue;
    return *end == 0;
  }
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    base = 16, s += 2;
  else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
    base = 2, s += 2;
  else if (s[0] == '0' && s[1])
    base = 8;
  unsigned long long v = strtoull(s, &end, base);
  if (*end == 'U' || *end == 'u') end++;
  if (*end) return 0;
  op->kind = PTX_IMM;
  op->imm = neg ? -(long long)v : (long long)v;
  return 1;
}

/* Copy s[0..n) without surrounding spaces into buf (size cap). */
static void trimmed(const char *s, size_t n, char *buf, size_t cap) {
  while (n && isspace((unsigned char)*s))
    s++, n--;
  while (n && isspace((unsigned char)s[n - 1]))
    n--;
  if (n >= cap) n = cap - 1;
  memcpy(buf, s, n);
  buf[n] = 0;
}

static int operand(parser *ps, const char *s, ptx_operand *op, int in_vector);

/* [base], [base+imm], [base-imm], [imm] */
static int address(parser *ps, const char *s, ptx_operand *op) {
  char inner[128];
  size_t n = strlen(s);
  if (s[n - 1] != ']') return fail(ps, "cannot read the address '%s'", s);
  trimmed(s + 1, n - 2, inner, sizeof inner);
  op->kind = PTX_ADDR;
  int named =
      inner[0] == '%' || inner[0] == '$' || isalpha((unsigned char)inner[0]) || inner[0] == '_';
  char *cut = named ? strpbrk(inner + 1, "+-") : NULL;
  ptx_operand off = {0};
  if (named) {
    char base[128];
    trimmed(inner, cut ? (size_t)(cut - inner) : strlen(inner), base, sizeof base);
    if (reg_name(base, op->name) != strlen(base))
      return fail(ps, "cannot read the address '%s'", s);
    if (!cut) return 1;
    char rest[128];
    trimmed(cut + 1, strlen(cut + 1), rest, sizeof rest);
    if (!literal(rest, &off) || off.kind != PTX_IMM)
      return fail(ps, "cannot read the address offset in '%s'", s);
    op->imm = *cut == '-' ? -off.imm : off.imm;
    return 1;
  }
  if (!literal(inner, &off) || off.kind != PTX_IMM)
    return fail(ps, "cannot read the address '%s' (a variable name is not supported)", s);
  op->imm = off.imm;
  return 1;
}

/* {a, b, ...} */
static int vector(parser *ps, const char *s, ptx_operand *op) {
  size_t n = strlen(s);
  if (s[n - 1] != '}') return fail(ps, "cannot read the vector operand '%s'", s);
  op->kind = PTX_VEC;
  op->elems = calloc(PTX_MAX_ELEMS, sizeof *op->elems);
  if (!op->elems) abort();
  const char *p = s + 1, *end = s + n - 1;
  while (p < end) {
    const char *comma = memchr(p, ',', (size_t)(end - p));
    const char *stop = comma ? comma : end;
    char elem[128];
    trimmed(p, (size_t)(stop - p), elem, sizeof elem);
    if (op->nelems == PTX_MAX_ELEMS) return fail(ps, "too many elements in '%s'", s);
    if (!operand(ps, elem, &op->elems[op->nelems++], 1)) return 0;
    p = comma ? comma + 1 : end;
  }
  return 1;
}

/* A register operand at s (`%r`, `$0`, or a name declared without %), or a pair `a|b`
 * (setp's two predicates); the whole of s must be read. */
static int register_operand(parser *ps, const char *s, ptx_operand *op) {
  size_t k = reg_name(s, op->name);
  op->kind = PTX_REG;
  if (s[k] == '|') {
    size_t k2 = reg_name(s + k + 1, op->name2);
    if (!k2 || s[k + 1 + k2]) return fail(ps, "cannot read the operand '%s'", s);
    op->pair = 1;
    return 1;
  }
  if (!k || s[k]) return fail(ps, "cannot read the operand '%s'", s);
  return 1;
}

static int operand(parser *ps, const char *s, ptx_operand *op, int in_vector) {
  memset(op, 0, sizeof *op);
  if (!*s) return fail(ps, "an empty operand%s", "");
  if (*s == '[' && !in_vector) return address(ps, s, op);
  if (*s == '{' && !in_vector) return vector(ps, s, op);
  if (!strcmp(s, "_")) {
    op->kind = PTX_SINK;
    return 1;
  }
  if (*s == '!') op->negated = 1, s++;
  if (*s == '%' || *s == '$') {
    return register_operand(ps, s, op);
  }
  if (literal(s, op)) return !op->negated || fail(ps, "cannot read the operand '%s'", s);
  if (isalpha((unsigned char)*s) || *s == '_') { /* a register declared without %, or a label */
    return register_operand(ps, s, op);
  }
  return fail(ps, "cannot read the operand '%s'", s);
}

/* The operands of `s` (after the opcode), split at top-level commas. */
static int operands(parser *ps, ptx_stmt *st, const char *s) {
  int depth = 0;
  const char *start = s;
  for (const char *p = s;; p++) {
    if (*p == '[' || *p == '{') depth++;
    if (*p == ']' || *p == '}') depth--;
    if ((*p == ',' && depth == 0) || !*p) {
      char text[160];
      trimmed(start, (size_t)(p - start), text, sizeof text);
      if (!*text && !*p && st->noperands == 0) return 1; /* no operands */
      if (st->noperands == PTX_MAX_OPERANDS) return fail(ps, "too many operands in '%s'", st->text);
      if (!operand(ps, text, &st->operands[st->noperands++], 0)) return 0;
      if (!*p) return 1;
      start = p + 1;
    }
  }
}

/* .reg .TYPE a, b<4>; */
static int declaration(parser *ps, ptx_stmt *st, const char *s) {
  if (strncmp(s, ".reg", 4) || !isspace((unsigned char)s[4]))
    return fail(ps, "the directive in '%s' is not supported", st->text);
  s += 4;
  while (isspace((unsigned char)*s))
    s++;
  if (*s != '.') return fail(ps, "cannot read the declaration '%s'", st->text);
  size_t k = 1;
  while (isalnum((unsigned char)s[k]))
    k++;
  if (k - 1 >= sizeof st->parts[0]) return fail(ps, "cannot read the declaration '%s'", st->text);
  memcpy(st->parts[0], s + 1, k - 1);
  st->nparts = 1;
  s += k;
  st->kind = PTX_DECL;
  while (*s) {
    while (isspace((unsigned char)*s) || *s == ',')
      s++;
    if (!*s) break;
    if (st->noperands == PTX_MAX_OPERANDS)
      return fail(ps, "too many names in '%s' (at most 8 per declaration)", st->text);
    ptx_operand *op = &st->operands[st->noperands++];
    memset(op, 0, sizeof *op);
    op->kind = PTX_REG;
    size_t n = reg_name(s, op->name);
    if (!n) return fail(ps, "cannot read the declaration '%s'", st->text);
    s += n;
    if (*s == '<') {
      char *end;
      op->imm = strtol(s + 1, &end, 10);
      if (*end != '>' || op->imm <= 0 || op->imm > 1024)
        return fail(ps, "cannot read the declaration '%s'", st->text);
      s = end + 1;
    }
  }
  return st->noperands ? 1 : fail(ps, "cannot read the declaration '%s'", st->text);
}

/* One statement's text (no ';'), non-empty, not a brace. */
static int statement(parser *ps, const char *s) {
  ptx_stmt *st = new_stmt(ps, PTX_INSTR);
  snprintf(st->text, sizeof st->text, "%.*s", (int)sizeof st->text - 1, s);
  if (*s == '@') {
    s++;
    if (*s == '!') st->pred_negated = 1, s++;
    size_t k = reg_name(s, st->pred);
    if (!k) return fail(ps, "cannot read the guard of '%s'", st->text);
    s += k;
    while (isspace((unsigned char)*s))
      s++;
    snprintf(st->text, sizeof st->text, "%.*s", (int)sizeof st->text - 1, s);
  }
  if (!strncmp(s, ".pragma", 7) && !st->pred[0]) { /* a hint ("nounroll"): nothing to translate */
    ps->prog->count--;
    return 1;
  }
  if (*s == '.') return !st->pred[0] ? declaration(ps, st, s) : fail(ps, "cannot read '%s'", s);
  size_t k = 0;
  while (s[k] && !isspace((unsigned char)s[k]))
    k++;
  char opcode[160];
  trimmed(s, k, opcode, sizeof opcode);
  for (char *part = opcode; part;) {
    char *dot = strchr(part, '.');
    if (dot) *dot = 0;
    if (st->nparts == PTX_MAX_PARTS || strlen(part) >= sizeof st->parts[0] || !*part)
      return fail(ps, "cannot read the instruction '%s'", st->text);
    strcpy(st->parts[st->nparts++], part);
    part = dot ? dot + 1 : NULL;
  }
  return operands(ps, st, s + k);
}

int ptx_parse(const char *text, ptx_program *prog, char *error, unsigned n) {
  parser ps = {text, error, n, prog};
  for (;;) {
    skip_space(&ps);
    if (!*ps.p) return 1;
    if (*ps.p == ';') {
      ps.p++;
      continue;
    }
    if (*ps.p == '{' || *ps.p == '}') {
      new_stmt(&ps, *ps.p == '{' ? PTX_OPEN : PTX_CLOSE);
      ps.p++;
      continue;
    }
    /* a label: name ':' */
    size_t k = 0;
    while (isalnum((unsigned char)ps.p[k]) || ps.p[k] == '_' || ps.p[k] == '$')
      k++;
    if (k && ps.p[k] == ':' && ps.p[k + 1] != ':' &&
        (isalpha((unsigned char)*ps.p) || *ps.p == '_' || *ps.p == '$')) {
      ptx_stmt *st = new_stmt(&ps, PTX_LABEL_DEF);
      if (k >= PTX_NAME) return fail(&ps, "the label '%s' is too long", ps.p);
      memcpy(st->label, ps.p, k);
      snprintf(st->text, sizeof st->text, "%s", st->label);
      ps.p += k + 1;
      continue;
    }
    /* up to ';' (or a '}' closing a scope outside any operand) */
    const char *start = ps.p;
    int depth = 0;
    while (*ps.p && *ps.p != ';' && !(*ps.p == '}' && depth == 0)) {
      if (*ps.p == '{' || *ps.p == '[') depth++;
      if (*ps.p == '}' || *ps.p == ']') depth--;
      if (ps.p[0] == '/' && (ps.p[1] == '/' || ps.p[1] == '*')) break;
      ps.p++;
    }
    char buf[512];
    trimmed(start, (size_t)(ps.p - start), buf, sizeof buf);
    if (ps.p - start >= (long)sizeof buf)
      return fail(&ps, "the statement '%.60s...' is too long", buf);
    /* comments inside the statement: drop them and go on to the ';' */
    if (ps.p[0] == '/') {
      skip_space(&ps);
      if (*ps.p && *ps.p != ';' && *ps.p != '}')
        return fail(&ps, "cannot read the statement '%s' (a comment inside it)", buf);
    }
    if (*buf && !statement(&ps, buf)) return 0;
  }
}

void ptx_free(ptx_program *prog) {
  for (int s = 0; s < prog->count; s++)
    for (int k = 0; k < prog->stmts[s].noperands; k++)
      free(prog->stmts[s].operands[k].elems);
  free(prog->stmts);
  memset(prog, 0, sizeof *prog);
}
