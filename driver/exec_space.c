/* exec_space.c — nvcc's redeclaration rule for execution spaces, made clang's.
 *
 * nvcc lets a function declared `__host__ __device__` (or `__device__`, `__global__`,
 * `__host__`) be defined later without execution-space attributes: the definition keeps
 * the first declaration's space. libcu++ 1.8.1 relies on it (<cuda/std/complex> declares
 * operator* and operator/ __host__ __device__ and defines them bare), and so does Thrust
 * in the other direction (thrust/complex.h declares its stream operators __host__ and
 * defines them bare: they stay host). clang has no such rule: it reads the bare
 * definition as a __host__ overload of the declaration (an error when the declaration is
 * __host__ __device__). So the device front end runs this pass over the source the
 * asm-dialect step wrote (plan.c): libclang parses it with the device job's own flags
 * (function bodies skipped: only declarations matter), and for each function or function
 * template definition — free functions, members defined in or out of their class,
 * operators, constructors, friends — that has no execution-space attribute while the
 * first declaration of the same entity (the same USR: clang's USRs leave execution spaces
 * out) has some, the declaration's attributes are written before the definition's
 * declaration specifiers (after its template parameter lists and C++11 attributes).
 *
 * Locations stay the user's: the attributes go on a line of their own, followed by
 * `#line N` (N the definition's presumed line; the current file name and its system-header
 * state stay) and the rest of the line indented to its old column, so every diagnostic
 * still names the user's file:line:col. A definition written by a macro expansion is left
 * alone (its text is not in this file). If libclang cannot parse the file, the file is
 * left as it is and the compile that follows reports what is wrong. */
#include "driver.h"

#include <clang-c/Index.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SPACE_HOST = 1, SPACE_DEVICE = 2, SPACE_GLOBAL = 4, SPACE_SEEN = 8 };

/* USR -> the execution spaces of the entity's first declaration (SPACE_SEEN always set). */
typedef struct first_decl {
  char *usr;
  unsigned spaces;
} first_decl;

typedef struct insertion {
  unsigned offset; /* in the file */
  unsigned line;   /* presumed line and column of that offset */
  unsigned column;
  unsigned spaces;
} insertion;

typedef struct pass {
  CXTranslationUnit tu;
  CXFile file;
  const char *text; /* the file's contents */
  size_t size;
  first_decl *decls; /* open addressing, capacity a power of two */
  size_t ndecls, cap;
  insertion *ins;
  size_t nins, capins;
} pass;

static size_t hash(const char *s) {
  size_t h = 1469598103934665603u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211u;
  return h;
}

static void *grow(void *p, size_t n) {
  p = realloc(p, n);
  if (!p) {
    drv_error("out of memory");
    abort();
  }
  return p;
}

/* The slot of usr (empty if absent). */
static first_decl *lookup(pass *ps, const char *usr) {
  size_t i = hash(usr) & (ps->cap - 1);
  while (ps->decls[i].usr && strcmp(ps->decls[i].usr, usr))
    i = (i + 1) & (ps->cap - 1);
  return &ps->decls[i];
}

static first_decl *find_or_add(pass *ps, const char *usr) {
  if (2 * (ps->ndecls + 1) > ps->cap) {
    first_decl *old = ps->decls;
    size_t oldcap = ps->cap;
    ps->cap = oldcap ? 2 * oldcap : 1024;
    ps->decls = grow(NULL, ps->cap * sizeof *ps->decls);
    memset(ps->decls, 0, ps->cap * sizeof *ps->decls);
    for (size_t k = 0; k < oldcap; k++)
      if (old[k].usr) *lookup(ps, old[k].usr) = old[k];
    free(old);
  }
  first_decl *d = lookup(ps, usr);
  if (!d->usr) {
    d->usr = strdup(usr);
    if (!d->usr) {
      drv_error("out of memory");
      abort();
    }
    ps->ndecls++;
  }
  return d;
}

static enum CXChildVisitResult attr_visitor(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  unsigned *spaces = data;
  switch (clang_getCursorKind(c)) {
  case CXCursor_CUDAHostAttr: *spaces |= SPACE_HOST; break;
  case CXCursor_CUDADeviceAttr: *spaces |= SPACE_DEVICE; break;
  case CXCursor_CUDAGlobalAttr: *spaces |= SPACE_GLOBAL; break;
  default: break;
  }
  return CXChildVisit_Continue;
}

static int is_function(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
         k == CXCursor_Destructor || k == CXCursor_ConversionFunction ||
         k == CXCursor_FunctionTemplate;
}

/* The offset before the declaration specifiers of the declaration at c: its extent's start
 * past `template <...>` parameter lists and `[[...]]` attributes. 0 with *ok unset when
 * the declaration does not start in this file's text. */
static unsigned decl_specifiers_start(pass *ps, CXCursor c, int *ok) {
  *ok = 0;
  CXSourceRange extent = clang_getCursorExtent(c);
  CXFile f, g;
  unsigned first, last;
  clang_getExpansionLocation(clang_getRangeStart(extent), &f, NULL, NULL, &first);
  clang_getExpansionLocation(clang_getCursorLocation(c), &g, NULL, NULL, &last);
  if (!f || !g || !clang_File_isEqual(f, ps->file) || !clang_File_isEqual(g, ps->file) ||
      last < first)
    return 0;
  CXSourceRange range = clang_getRange(clang_getLocationForOffset(ps->tu, ps->file, first),
                                       clang_getLocationForOffset(ps->tu, ps->file, last));
  CXToken *toks = NULL;
  unsigned n = 0;
  clang_tokenize(ps->tu, range, &toks, &n);
  unsigned i = 0;
  for (;;) {
    if (i >= n) break;
    CXString s = clang_getTokenSpelling(ps->tu, toks[i]);
    const char *t = clang_getCString(s);
    int is_template = !strcmp(t, "template"), is_attr = !strcmp(t, "[");
    clang_disposeString(s);
    if (is_template) { /* template < ... > : angle depth outside parentheses */
      int angle = 0, paren = 0;
      i++;
      for (; i < n; i++) {
        CXString u = clang_getTokenSpelling(ps->tu, toks[i]);
        const char *v = clang_getCString(u);
        if (!strcmp(v, "(") || !strcmp(v, "[") || !strcmp(v, "{"))
          paren++;
        else if (!strcmp(v, ")") || !strcmp(v, "]") || !strcmp(v, "}"))
          paren--;
        else if (!paren && !strcmp(v, "<"))
          angle++;
        else if (!paren && !strcmp(v, ">"))
          angle--;
        else if (!paren && !strcmp(v, ">>"))
          angle -= 2;
        clang_disposeString(u);
        if (angle <= 0 && !paren) break;
      }
      i++;
      continue;
    }
    if (is_attr && i + 1 < n) { /* [[ ... ]] */
      CXString u = clang_getTokenSpelling(ps->tu, toks[i + 1]);
      int second = !strcmp(clang_getCString(u), "[");
      clang_disposeString(u);
      if (!second) break;
      int depth = 0;
      for (; i < n; i++) {
        CXString w = clang_getTokenSpelling(ps->tu, toks[i]);
        const char *v = clang_getCString(w);
        if (!strcmp(v, "["))
          depth++;
        else if (!strcmp(v, "]"))
          depth--;
        clang_disposeString(w);
        if (!depth) break;
      }
      i++;
      continue;
    }
    break;
  }
  unsigned result = 0;
  if (i < n) {
    CXSourceLocation at = clang_getTokenLocation(ps->tu, toks[i]);
    CXFile g;
    clang_getSpellingLocation(at, &g, NULL, NULL, &result);
    *ok = g && clang_File_isEqual(g, ps->file);
  }
  clang_disposeTokens(ps->tu, toks, n);
  return result;
}

/* Is the declaration at c a definition? Function bodies are skipped, so
 * clang_isCursorDefinition says no, and the extent stops before the body: what follows
 * it is the body ('{', a constructor's ':' initializers, or a function-try-block). */
static int has_body(pass *ps, CXCursor c) {
  CXFile f;
  unsigned end;
  clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)), &f, NULL, NULL, &end);
  if (!f || !clang_File_isEqual(f, ps->file)) return 0;
  while (end < ps->size && isspace((unsigned char)ps->text[end]))
    end++;
  if (end >= ps->size) return 0;
  const char *p = ps->text + end;
  return *p == '{' || (*p == ':' && p[1] != ':') ||
         (!strncmp(p, "try", 3) && !isalnum((unsigned char)p[3]) && p[3] != '_');
}

static void add_insertion(pass *ps, CXCursor c, unsigned spaces) {
  int ok;
  unsigned off = decl_specifiers_start(ps, c, &ok);
  if (!ok) return;
  CXSourceLocation at = clang_getLocationForOffset(ps->tu, ps->file, off);
  unsigned line, column;
  clang_getPresumedLocation(at, NULL, &line, &column);
  if (ps->nins == ps->capins) {
    ps->capins = ps->capins ? 2 * ps->capins : 64;
    ps->ins = grow(ps->ins, ps->capins * sizeof *ps->ins);
  }
  ps->ins[ps->nins++] = (insertion){off, line, column, spaces};
}

/* A friend function template declared in a class template has its template parameters
 * one level deeper per enclosing class template than the same template declared in its
 * namespace (USR "t1.0" for "t0.0"): the USR of the namespace's declaration, in place.
 * (Parameters of the class itself stay: such a friend is no namespace template.) */
static void friend_usr(char *usr, CXCursor friend_decl) {
  unsigned depth = 0;
  for (CXCursor p = clang_getCursorLexicalParent(friend_decl);
       !clang_Cursor_isNull(p) && !clang_isTranslationUnit(clang_getCursorKind(p));
       p = clang_getCursorLexicalParent(p)) {
    enum CXCursorKind k = clang_getCursorKind(p);
    if (k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization) depth++;
  }
  if (!depth || depth > 9) return;
  for (char *p = usr; (p = strchr(p, 't')) != NULL; p++)
    if (p[1] >= '0' + (char)depth && p[1] <= '9' && p[2] == '.' && isdigit((unsigned char)p[3]))
      p[1] = (char)(p[1] - depth);
}

static enum CXChildVisitResult visitor(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  pass *ps = data;
  enum CXCursorKind kind = clang_getCursorKind(c);
  if (is_function(kind)) {
    CXString usr = clang_getCursorUSR(c);
    char *u = strdup(clang_getCString(usr) ? clang_getCString(usr) : "");
    if (!u) {
      drv_error("out of memory");
      abort();
    }
    if (clang_getCursorKind(parent) == CXCursor_FriendDecl) friend_usr(u, parent);
    if (*u) {
      unsigned spaces = 0;
      clang_visitChildren(c, attr_visitor, &spaces);
      first_decl *d = find_or_add(ps, u);
      if (!d->spaces)
        d->spaces = spaces | SPACE_SEEN;
      else if (!spaces && (d->spaces & ~SPACE_SEEN) && has_body(ps, c))
        add_insertion(ps, c, d->spaces & ~SPACE_SEEN);
    }
    clang_disposeString(usr);
    free(u);
    /* a function template's pattern is the template itself; local classes are not
     * redeclared elsewhere */
    return CXChildVisit_Continue;
  }
  switch (kind) {
  case CXCursor_Namespace:
  case CXCursor_LinkageSpec:
  case CXCursor_ClassDecl:
  case CXCursor_StructDecl:
  case CXCursor_UnionDecl:
  case CXCursor_ClassTemplate:
  case CXCursor_ClassTemplatePartialSpecialization:
  case CXCursor_FriendDecl:
  case CXCursor_UnexposedDecl: return CXChildVisit_Recurse;
  default: return CXChildVisit_Continue;
  }
}

static int by_offset(const void *a, const void *b) {
  unsigned x = ((const insertion *)a)->offset, y = ((const insertion *)b)->offset;
  return (x > y) - (x < y);
}

static int write_file(const char *path, const char *text, size_t n, const pass *ps) {
  FILE *out = fopen(path, "wb");
  if (!out) return drv_error("cannot write '%s': %s", path, strerror(errno));
  size_t from = 0;
  for (size_t k = 0; k < ps->nins; k++) {
    const insertion *in = &ps->ins[k];
    if (in->offset < from || in->offset > n) continue; /* the same place twice */
    fwrite(text + from, 1, in->offset - from, out);
    fputc('\n', out);
    if (in->spaces & SPACE_HOST) fputs("__attribute__((host)) ", out);
    if (in->spaces & SPACE_DEVICE) fputs("__attribute__((device)) ", out);
    if (in->spaces & SPACE_GLOBAL) fputs("__attribute__((global)) ", out);
    fprintf(out, "\n#line %u\n%*s", in->line, (int)(in->column - 1), "");
    from = in->offset;
  }
  fwrite(text + from, 1, n - from, out);
  if (fclose(out) != 0) return drv_error("cannot write '%s'", path);
  return 0;
}

int drv_exec_space_rewrite(const char *in_path, const char *out_path, int argc,
                           const char *const *argv) {
  const char *path = in_path;
  if (drv_make_parent_dir(out_path)) return 1;
  size_t n = 0;
  char *text = drv_read_file(path, &n);
  if (!text) return drv_error("cannot read '%s': %s", path, strerror(errno));
  CXIndex index = clang_createIndex(0, 0);
  pass ps = {.text = text, .size = n};
  enum CXErrorCode err = clang_parseTranslationUnit2(
      index, path, argv, argc, NULL, 0,
      CXTranslationUnit_SkipFunctionBodies | CXTranslationUnit_KeepGoing |
          CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles,
      &ps.tu);
  int rc = 0;
  if (err == CXError_Success && ps.tu) {
    ps.file = clang_getFile(ps.tu, path);
    if (ps.file) clang_visitChildren(clang_getTranslationUnitCursor(ps.tu), visitor, &ps);
    if (ps.nins) qsort(ps.ins, ps.nins, sizeof *ps.ins, by_offset);
    clang_disposeTranslationUnit(ps.tu);
  }
  if (ps.nins || strcmp(in_path, out_path)) rc = write_file(out_path, text, n, &ps);
  clang_disposeIndex(index);
  for (size_t k = 0; k < ps.cap; k++)
    free(ps.decls[k].usr);
  free(ps.decls);
  free(ps.ins);
  free(text);
  return rc;
}
