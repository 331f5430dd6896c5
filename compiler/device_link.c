/* device_link.c — relocatable device code (anchorcc -rdc=true; docs/design.md,
 * "Relocatable device code").
 *
 * msl_rdc_object (anchor-msl --rdc-object): one translation unit's device IR
 * -> the blob a -rdc object embeds instead of a module (common/module.h,
 * AC_RDC_MAGIC): the IR stays untranslated, as nvcc's -rdc objects hold
 * relocatable device code.
 *
 * msl_device_link (anchor-msl --device-link, nvlink's part): reads every
 * object and archive member of a link, takes the blobs of their
 * __nv_relfatbin sections and the module ids clang gave them (the
 * __fatbinwrap<id> symbols), checks that each device symbol is defined once
 * and every one used is defined, links the IR into one module (written as
 * bitcode: the backend translates it to MSL once) and writes the
 * registration source: __cudaRegisterLinkedBinary<id> for each id, which
 * registers the one linked module (embedded with #embed) and hands its
 * handle to the unit's callback, so the unit's kernels and variables are
 * registered against it. */
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Object.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "msl_internal.h"
#include "target.h"

/* ---- diagnostics ------------------------------------------------------------------ */

typedef struct {
  strbuf messages; /* "anchor-msl: error: ...\n" lines */
  int errors;
} link_diags;

static void link_error(link_diags *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void link_error(link_diags *d, const char *fmt, ...) {
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  strbuf_printf(&d->messages, "anchor-msl: error: %s\n", line);
  d->errors++;
}

/* An error at a source location ("file.cu:L:C: ", or "" for none: then
 * anchor-msl's prefix, as link_error). */
static void link_error_at(link_diags *d, const char *location, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void link_error_at(link_diags *d, const char *location, const char *fmt, ...) {
  char line[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (*location)
    strbuf_printf(&d->messages, "%serror: %s\n", location, line);
  else
    strbuf_printf(&d->messages, "anchor-msl: error: %s\n", line);
  d->errors++;
}

/* The diagnostics as the caller's *message (heap; NULL when there are none). */
static char *take_messages(link_diags *d) {
  if (!d->errors) {
    strbuf_free(&d->messages);
    return NULL;
  }
  return strbuf_take(&d->messages);
}

static bool read_whole_file(const char *path, unsigned char **data, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  size_t cap = 1 << 16, len = 0;
  unsigned char *buf = malloc(cap);
  size_t got;
  while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
    len += got;
    if (len == cap) {
      unsigned char *bigger = realloc(buf, cap *= 2);
      if (!bigger) free(buf);
      buf = bigger;
    }
  }
  bool ok = buf && !ferror(f);
  fclose(f);
  if (!ok) {
    free(buf);
    return false;
  }
  *data = buf;
  *size = len;
  return true;
}

/* ---- msl_rdc_object ------------------------------------------------------------------ */

int msl_rdc_object(const char *input, const char *output, char **message) {
  link_diags d = {0};
  LLVMContextRef cx = LLVMContextCreate();
  LLVMMemoryBufferRef in = NULL, bitcode = NULL;
  LLVMModuleRef mod = NULL;
  char *err = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(input, &in, &err)) {
    link_error(&d, "cannot read '%s': %s", input, err ? err : "");
  } else if (LLVMParseIRInContext(cx, in, &mod, &err)) { /* takes the buffer */
    link_error(&d, "'%s' is not LLVM IR: %s", input, err ? err : "");
  } else {
    bitcode = LLVMWriteBitcodeToMemoryBuffer(mod);
    size_t size = LLVMGetBufferSize(bitcode);
    unsigned char header[AC_RDC_HEADER_SIZE];
    memcpy(header, AC_RDC_MAGIC, 8);
    uint64_t total = (uint64_t)size + AC_RDC_HEADER_SIZE;
    for (int i = 0; i < 8; i++)
      header[8 + i] = (unsigned char)(total >> (8 * i));
    FILE *f = fopen(output, "wb");
    bool ok = f && fwrite(header, 1, sizeof header, f) == sizeof header &&
              fwrite(LLVMGetBufferStart(bitcode), 1, size, f) == size;
    if (f && fclose(f) != 0) ok = false;
    if (!ok) link_error(&d, "cannot write '%s'", output);
  }
  LLVMDisposeMessage(err);
  if (bitcode) LLVMDisposeMemoryBuffer(bitcode);
  if (mod) LLVMDisposeModule(mod);
  LLVMContextDispose(cx);
  *message = take_messages(&d);
  return d.errors ? 1 : 0;
}

/* ---- reading objects and archives ------------------------------------------------------ */

/* One translation unit's device IR found in an object. */
typedef struct {
  LLVMModuleRef mod;
  char *origin; /* "a.o" or "libx.a(b.o)" */
} link_unit;

typedef struct {
  LLVMContextRef cx;
  link_unit *units;
  size_t unit_count;
  char **ids; /* clang's module ids (__nv_<hex>), each once */
  size_t id_count;
  link_diags diags;
} link_state;

static void add_id(link_state *s, const char *id) {
  for (size_t i = 0; i < s->id_count; i++)
    if (!strcmp(s->ids[i], id)) return;
  for (const char *p = id; *p; p++) /* it becomes part of a C identifier */
    if (!(*p == '_' || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
          (*p >= 'A' && *p <= 'Z')))
      return;
  char **grown = realloc(s->ids, (s->id_count + 1) * sizeof *grown);
  if (!grown) abort();
  s->ids = grown;
  s->ids[s->id_count++] = strdup(id);
}

/* clang's -fgpu-rdc list of the external device symbols the unit's host
 * code uses (kept alive through llvm.compiler.used until the device link):
 * after the link it only holds addresses of kernels, which no device
 * variable may, so it goes, with its entry in llvm.compiler.used. */
static void drop_used_external(LLVMModuleRef mod) {
  LLVMValueRef list = LLVMGetNamedGlobal(mod, "__clang_gpu_used_external");
  if (!list || LLVMGetLinkage(list) != LLVMInternalLinkage) return;
  LLVMValueRef used = LLVMGetNamedGlobal(mod, "llvm.compiler.used");
  LLVMValueRef table = used ? LLVMGetInitializer(used) : NULL;
  if (table) {
    unsigned n = (unsigned)LLVMGetNumOperands(table), kept = 0;
    LLVMValueRef *entries = calloc(n + 1, sizeof *entries);
    if (!entries) abort();
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef e = LLVMGetOperand(table, i);
      LLVMValueRef base = e;
      while (base && LLVMIsAConstantExpr(base))
        base = LLVMGetOperand(base, 0);
      if (base != list) entries[kept++] = e;
    }
    LLVMTypeRef element = LLVMGetElementType(LLVMTypeOf(table));
    const char *section = LLVMGetSection(used);
    char *section_copy = section ? strdup(section) : NULL;
    LLVMDeleteGlobal(used);
    if (kept) {
      LLVMValueRef array = LLVMConstArray2(element, entries, kept);
      LLVMValueRef fresh = LLVMAddGlobal(mod, LLVMTypeOf(array), "llvm.compiler.used");
      LLVMSetLinkage(fresh, LLVMAppendingLinkage);
      if (section_copy) LLVMSetSection(fresh, section_copy);
      LLVMSetInitializer(fresh, array);
    }
    free(section_copy);
    free(entries);
  }
  /* what still names it is the old list's constant, dead */
  if (LLVMGetFirstUse(list)) LLVMReplaceAllUsesWith(list, LLVMGetPoison(LLVMTypeOf(list)));
  LLVMDeleteGlobal(list);
}

/* clang 19 under -fgpu-rdc gives a static __device__ variable the host
 * uses (registers) a unit-unique name, <name>__static__<cuid hash>, but code
 * generated before the host use was seen (a kernel above the host function
 * that names the variable) still refers to <name>, an external declaration
 * no unit defines. Each such declaration becomes the unit's own renamed
 * definition, which is what the host registered. */
static void resolve_externalized_statics(LLVMModuleRef mod) {
  LLVMValueRef next;
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = next) {
    next = LLVMGetNextGlobal(g);
    if (!LLVMIsDeclaration(g)) continue;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    LLVMValueRef renamed = NULL;
    for (LLVMValueRef d = LLVMGetFirstGlobal(mod); d; d = LLVMGetNextGlobal(d)) {
      size_t dlen;
      const char *dname = LLVMGetValueName2(d, &dlen);
      if (!LLVMIsDeclaration(d) && dlen > len + 10 && !memcmp(dname, name, len) &&
          !memcmp(dname + len, "__static__", 10) && LLVMTypeOf(d) == LLVMTypeOf(g)) {
        renamed = d;
        break;
      }
    }
    if (!renamed) continue;
    LLVMReplaceAllUsesWith(g, renamed);
    LLVMDeleteGlobal(g);
  }
}

/* The blobs of one __nv_relfatbin section (several when objects were
 * combined, each aligned to 8 with zero bytes between). */
static void read_blobs(link_state *s, const unsigned char *data, size_t size, const char *origin) {
  size_t pos = 0;
  while (pos < size) {
    if (data[pos] == 0) {
      pos++;
      continue;
    }
    uint64_t total = 0;
    if (size - pos >= AC_RDC_HEADER_SIZE)
      for (int i = 0; i < 8; i++)
        total |= (uint64_t)data[pos + 8 + i] << (8 * i);
    if (size - pos < AC_RDC_HEADER_SIZE || memcmp(data + pos, AC_RDC_MAGIC, 8) != 0 ||
        total < AC_RDC_HEADER_SIZE || total > size - pos) {
      link_error(&s->diags,
                 "'%s': its relocatable device code is not Anchor's (compile it with "
                 "anchorcc -rdc=true)",
                 origin);
      return;
    }
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
        (const char *)data + pos + AC_RDC_HEADER_SIZE, total - AC_RDC_HEADER_SIZE, origin);
    LLVMModuleRef mod = NULL;
    bool bad = LLVMParseBitcodeInContext2(s->cx, buf, &mod);
    LLVMDisposeMemoryBuffer(buf);
    if (bad) {
      link_error(&s->diags, "'%s': its device code is not readable LLVM bitcode", origin);
      return;
    }
    link_unit *grown = realloc(s->units, (s->unit_count + 1) * sizeof *grown);
    if (!grown) abort();
    s->units = grown;
    drop_used_external(mod);
    resolve_externalized_statics(mod);
    s->units[s->unit_count++] = (link_unit){mod, strdup(origin)};
    pos += total;
  }
}

/* One object file (anything LLVM cannot read as one is not: skipped). */
static void read_object(link_state *s, const unsigned char *data, size_t size, const char *origin) {
  if (size >= 4 && !memcmp(data, "BC\xc0\xde", 4)) return; /* bitcode (-flto): no device code */
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRange((const char *)data, size, origin, 0);
  char *err = NULL;
  LLVMBinaryRef bin = LLVMCreateBinary(buf, NULL, &err);
  LLVMDisposeMessage(err);
  if (!bin) {
    LLVMDisposeMemoryBuffer(buf);
    return;
  }
  LLVMBinaryType type = LLVMBinaryGetType(bin);
  if (type >= LLVMBinaryTypeCOFF && type <= LLVMBinaryTypeWasm) { /* object files */
    LLVMSectionIteratorRef sec = LLVMObjectFileCopySectionIterator(bin);
    for (; !LLVMObjectFileIsSectionIteratorAtEnd(bin, sec); LLVMMoveToNextSection(sec)) {
      const char *name = LLVMGetSectionName(sec);
      if (name && !strcmp(name, "__nv_relfatbin"))
        read_blobs(s, (const unsigned char *)LLVMGetSectionContents(sec),
                   (size_t)LLVMGetSectionSize(sec), origin);
    }
    LLVMDisposeSectionIterator(sec);
    LLVMSymbolIteratorRef sym = LLVMObjectFileCopySymbolIterator(bin);
    for (; !LLVMObjectFileIsSymbolIteratorAtEnd(bin, sym); LLVMMoveToNextSymbol(sym)) {
      const char *name = LLVMGetSymbolName(sym);
      if (!name) continue;
      if (name[0] == '_' && !strncmp(name + 1, "__fatbinwrap", 12)) name++; /* Mach-O's '_' */
      if (!strncmp(name, "__fatbinwrap", 12) && name[12]) add_id(s, name + 12);
    }
    LLVMDisposeSymbolIterator(sym);
  }
  LLVMDisposeBinary(bin);
  LLVMDisposeMemoryBuffer(buf);
}

static unsigned long long decimal(const unsigned char *p, size_t n) {
  unsigned long long v = 0;
  for (size_t i = 0; i < n && p[i] >= '0' && p[i] <= '9'; i++)
    v = v * 10 + (p[i] - '0');
  return v;
}

/* A Unix archive ("!<arch>\n"; GNU and BSD member names): every member. */
static void read_archive(link_state *s, const unsigned char *data, size_t size, const char *path) {
  const unsigned char *names = NULL; /* GNU's "//" long-name table */
  size_t names_size = 0;
  size_t pos = 8;
  while (pos + 60 <= size) {
    const unsigned char *h = data + pos;
    size_t member = (size_t)decimal(h + 48, 10);
    size_t start = pos + 60;
    if (member > size - start) break;
    char name[256];
    size_t skip = 0; /* BSD: the name's bytes open the member */
    if (h[0] == '/' && h[1] == '/' && h[2] == ' ') {
      names = data + start;
      names_size = member;
      name[0] = 0;
    } else if (h[0] == '/' && h[1] >= '0' && h[1] <= '9' && names) {
      size_t at = (size_t)decimal(h + 1, 15), n = 0;
      while (at + n < names_size && names[at + n] != '/' && names[at + n] != '\n' &&
             n < sizeof name - 1)
        n++;
      memcpy(name, names + (at < names_size ? at : 0), n);
      name[n] = 0;
    } else if (h[0] == '#' && h[1] == '1' && h[2] == '/') {
      skip = (size_t)decimal(h + 3, 13);
      size_t n = skip < sizeof name - 1 ? skip : sizeof name - 1;
      if (skip > member) break;
      memcpy(name, data + start, n);
      name[n] = 0;
    } else {
      size_t n = 0;
      while (n < 16 && h[n] != '/' && h[n] != ' ')
        n++;
      memcpy(name, h, n);
      name[n] = 0;
    }
    /* "/" and "/SYM64/" (symbol tables), "//", "__.SYMDEF": no objects */
    if (name[0] && strncmp(name, "__.SYMDEF", 9) != 0) {
      char origin[1024];
      snprintf(origin, sizeof origin, "%s(%s)", path, name);
      read_object(s, data + start + skip, member - skip, origin);
    }
    pos = start + member + (member & 1);
  }
}

static void read_input(link_state *s, const char *path) {
  unsigned char *data;
  size_t size;
  if (!read_whole_file(path, &data, &size)) {
    link_error(&s->diags, "cannot read '%s'", path);
    return;
  }
  if (size >= 8 && !memcmp(data, "!<arch>\n", 8))
    read_archive(s, data, size, path);
  else
    read_object(s, data, size, path);
  free(data);
}

/* ---- symbol resolution (nvlink's checks) ---------------------------------------------- */

typedef enum { SYM_USE, SYM_WEAK, SYM_STRONG } sym_kind;

typedef struct {
  const char *name;
  LLVMValueRef value;
  size_t unit;
  sym_kind kind;
  bool function;
} link_symbol;

/* "file.cu:L:C: " of the first instruction using v (directly or through
 * constant expressions) that has a debug location, into buf; false if none. */
static bool use_location(LLVMValueRef v, char *buf, size_t size, int depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user)) {
      unsigned len = 0;
      const char *file = LLVMGetDebugLocFilename(user, &len);
      unsigned line = LLVMGetDebugLocLine(user);
      if (file && len && line) {
        snprintf(buf, size, "%.*s:%u:%u: ", (int)len, file, line, LLVMGetDebugLocColumn(user));
        return true;
      }
    } else if (depth < 4 && LLVMIsAConstantExpr(user) && use_location(user, buf, size, depth + 1)) {
      return true;
    }
  }
  return false;
}

static int compare_symbols(const void *a, const void *b) {
  const link_symbol *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  if (c) return c;
  return x->unit < y->unit ? -1 : x->unit > y->unit;
}

/* What the backend provides itself: LLVM's intrinsics, the device library
 * (__anchor_*, linked by devlib.c) and the C library functions
 * lower_libcalls maps onto it (printf, malloc, assert ...). */
static bool provided(const char *name) {
  return !strncmp(name, "llvm.", 5) || !strncmp(name, "__anchor_", 9) || lower_libcall_known(name);
}

/* Whether something that stays uses v: an instruction, or a global's
 * initialiser, directly or through constants (constant expressions left by a
 * dropped __clang_gpu_used_external still name it, and do not count). */
static bool live_use(LLVMValueRef v, int depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAInstruction(user) || LLVMIsAGlobalValue(user)) return true;
    if (depth < 8 && LLVMIsAConstant(user) && live_use(user, depth + 1)) return true;
  }
  return false;
}

static void add_symbol(link_symbol **syms, size_t *count, size_t *cap, LLVMValueRef v, size_t unit,
                       bool function) {
  LLVMLinkage linkage = LLVMGetLinkage(v);
  if (linkage == LLVMInternalLinkage || linkage == LLVMPrivateLinkage) return;
  size_t len;
  const char *name = LLVMGetValueName2(v, &len);
  if (!len || (!strncmp(name, "llvm.", 5) && !function)) return; /* llvm.used & co. */
  /* extern __shared__ arrays: every unit's name for the launch's dynamic
   * shared memory, defined by none */
  if (!function && LLVMGetPointerAddressSpace(LLVMTypeOf(v)) == AC_NVPTX_SHARED) return;
  sym_kind kind;
  if (LLVMIsDeclaration(v)) {
    /* a declaration nothing uses (a kernel the host launches, a variable
     * only the host names) needs no device definition */
    if (provided(name) || !live_use(v, 0)) return;
    kind = SYM_USE;
  } else {
    kind = linkage == LLVMExternalLinkage ? SYM_STRONG : SYM_WEAK;
  }
  if (*count == *cap) {
    *cap = *cap ? *cap * 2 : 256;
    link_symbol *grown = realloc(*syms, *cap * sizeof *grown);
    if (!grown) abort();
    *syms = grown;
  }
  (*syms)[(*count)++] = (link_symbol){name, v, unit, kind, function};
}

/* Every external device symbol defined at most once (weak and linkonce
 * definitions merge) and every one used defined somewhere; each violation
 * is an error naming the symbol and the objects, as nvlink's. */
static void check_symbols(link_state *s) {
  link_symbol *syms = NULL;
  size_t count = 0, cap = 0;
  for (size_t u = 0; u < s->unit_count; u++) {
    for (LLVMValueRef f = LLVMGetFirstFunction(s->units[u].mod); f; f = LLVMGetNextFunction(f))
      add_symbol(&syms, &count, &cap, f, u, true);
    for (LLVMValueRef g = LLVMGetFirstGlobal(s->units[u].mod); g; g = LLVMGetNextGlobal(g))
      add_symbol(&syms, &count, &cap, g, u, false);
  }
  if (count) qsort(syms, count, sizeof *syms, compare_symbols);
  for (size_t i = 0; i < count;) {
    size_t end = i;
    while (end < count && !strcmp(syms[end].name, syms[i].name))
      end++;
    const link_symbol *first_def = NULL, *first_use = NULL;
    for (size_t k = i; k < end; k++) {
      const link_symbol *y = &syms[k];
      const char *what = y->function ? "function" : "variable";
      if (y->kind == SYM_USE && !first_use) first_use = y;
      if (y->kind != SYM_USE && !first_def) first_def = y;
      if (y->kind == SYM_STRONG)
        for (size_t j = i; j < k; j++)
          if (syms[j].kind == SYM_STRONG) {
            link_error(&s->diags,
                       "multiple definition of device %s '%s' in '%s', first defined in '%s'", what,
                       y->name, s->units[y->unit].origin, s->units[syms[j].unit].origin);
            break;
          }
    }
    if (first_use && !first_def) {
      char location[600] = "";
      use_location(first_use->value, location, sizeof location, 0);
      link_error_at(&s->diags, location, "undefined reference to device %s '%s' in '%s'",
                    first_use->function ? "function" : "variable", first_use->name,
                    s->units[first_use->unit].origin);
    }
    i = end;
  }
  free(syms);
}

/* ---- the registration source ------------------------------------------------------ */

static bool write_registration(const link_state *s, const char *path, const char *module_name) {
  FILE *f = fopen(path, "w");
  if (!f) return false;
  fprintf(f, "/* Written by anchor-msl --device-link (anchorcc's device link): registers\n"
             " * the linked device module once, for every -rdc unit that clang's\n"
             " * constructors announce through __cudaRegisterLinkedBinary<id>.\n"
             " * anchorcc compiles it with -w (#embed is C23's, an extension in C++). */\n"
             "#ifdef __cplusplus\n"
             "extern \"C\" {\n"
             "#endif\n");
  if (s->id_count) {
    fprintf(f,
            "void **__cudaRegisterFatBinary(void *);\n"
            "void __cudaRegisterFatBinaryEnd(void **);\n"
            "void __cudaUnregisterFatBinary(void **);\n"
            "int atexit(void (*)(void));\n"
            "static const unsigned char anchor_module[] __attribute__((aligned(16))) = {\n"
            "#embed \"%s\"\n"
            "};\n"
            "static const struct {\n"
            "  int magic, version;\n"
            "  const void *data;\n"
            "  void *unused;\n"
            "} anchor_wrapper = {%d, %d, anchor_module, 0};\n"
            "static void **anchor_handle;\n"
            "static void anchor_unregister(void) { __cudaUnregisterFatBinary(anchor_handle); }\n"
            "static void **anchor_linked_handle(void) {\n"
            "  if (!anchor_handle) {\n"
            "    anchor_handle = __cudaRegisterFatBinary((void *)&anchor_wrapper);\n"
            "    atexit(anchor_unregister);\n"
            "  }\n"
            "  return anchor_handle;\n"
            "}\n",
            module_name, (int)AC_FATBIN_MAGIC, AC_FATBIN_VERSION);
  }
  for (size_t i = 0; i < s->id_count; i++)
    fprintf(f,
            "__attribute__((visibility(\"hidden\"))) void __cudaRegisterLinkedBinary%s(\n"
            "    void (*callback)(void **), void *fatbin, void *id, void (*dummy)(void **)) {\n"
            "  (void)fatbin, (void)id, (void)dummy;\n"
            "  callback(anchor_linked_handle());\n"
            "  __cudaRegisterFatBinaryEnd(anchor_handle);\n"
            "}\n",
            s->ids[i]);
  fprintf(f, "#ifdef __cplusplus\n"
             "}\n"
             "#endif\n");
  return fclose(f) == 0;
}

/* <dir>/<stem>.bc -> "<stem>.anchormod" (heap): the module the backend
 * writes next to the linked IR, which the source #embeds. */
static char *module_name_for(const char *output) {
  const char *slash = strrchr(output, '/');
  const char *base = slash ? slash + 1 : output;
  size_t n = strlen(base);
  if (n > 3 && !strcmp(base + n - 3, ".bc")) n -= 3;
  char *name = malloc(n + sizeof ".anchormod");
  if (!name) abort();
  memcpy(name, base, n);
  memcpy(name + n, ".anchormod", sizeof ".anchormod");
  return name;
}

/* An empty nvptx module, for a link without relocatable device code. */
static LLVMModuleRef empty_module(LLVMContextRef cx) {
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("anchor-device-link", cx);
  LLVMSetTarget(m, "nvptx64-nvidia-cuda");
  LLVMSetDataLayout(m, "e-i64:64-i128:128-v16:16-v32:32-n16:32:64");
  return m;
}

int msl_device_link(const char *const *inputs, size_t count, const char *output,
                    const char *registration, char **message) {
  link_state s = {0};
  s.cx = LLVMContextCreate();
  for (size_t i = 0; i < count; i++)
    read_input(&s, inputs[i]);
  if (!s.diags.errors) check_symbols(&s);
  LLVMModuleRef linked = NULL;
  if (!s.diags.errors) {
    linked = s.unit_count ? s.units[0].mod : empty_module(s.cx);
    if (s.unit_count) s.units[0].mod = NULL;
    for (size_t u = 1; u < s.unit_count && !s.diags.errors; u++) {
      if (LLVMLinkModules2(linked, s.units[u].mod))
        link_error(&s.diags, "cannot link the device code of '%s'", s.units[u].origin);
      s.units[u].mod = NULL; /* LLVMLinkModules2 destroyed it */
    }
  }
  if (!s.diags.errors && LLVMWriteBitcodeToFile(linked, output) != 0)
    link_error(&s.diags, "cannot write '%s'", output);
  char *module_name = module_name_for(output);
  if (!s.diags.errors && !write_registration(&s, registration, module_name))
    link_error(&s.diags, "cannot write '%s'", registration);
  free(module_name);
  if (linked) LLVMDisposeModule(linked);
  for (size_t u = 0; u < s.unit_count; u++) {
    if (s.units[u].mod) LLVMDisposeModule(s.units[u].mod);
    free(s.units[u].origin);
  }
  free(s.units);
  for (size_t i = 0; i < s.id_count; i++)
    free(s.ids[i]);
  free(s.ids);
  LLVMContextDispose(s.cx);
  int status = s.diags.errors ? 1 : 0;
  *message = take_messages(&s.diags);
  return status;
}
