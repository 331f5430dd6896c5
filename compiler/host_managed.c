/* host_managed.c — the host-side pass for __managed__ variables
 * (anchor-msl --host in.bc -o out.bc; docs/design.md, "Managed variables").
 *
 * include/anchor/qualifiers.h spells __managed__ as __device__ plus
 * annotate("anchor.managed"), so clang emits an ordinary device global (the
 * device side needs nothing more: it lives in the arena) and, on the host,
 * the usual shadow registered with __cudaRegisterVar plus an entry in
 * llvm.global.annotations. This pass, run on the host front end's IR before
 * any optimisation, gives each marked shadow S a slot, an internal global
 * pointer initialised to &S, and
 * - turns S's __cudaRegisterVar call into __cudaRegisterManagedVar(handle,
 *   &slot, &S, name, ext, size, constant, global): the runtime initialises
 *   S from the module's initialiser and later points the slot at the
 *   variable's arena storage;
 * - rewrites every other use of S in a function into a load of the slot
 *   (constant expressions around S — GEPs, casts, arithmetic, compares —
 *   become instructions on the loaded pointer).
 * A use it cannot rewrite (S's address in another global's initialiser, an
 * alias, a vector or aggregate constant holding it) is a located error:
 * "file.cu:L: error: ...", the line of the variable's declaration. */
#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "anchor_msl.h"

#define MARKER "anchor.managed"
/* Under -rdc (qualifiers.h), the section that also marks an extern
 * __managed__ declaration, which carries no annotation: ELF's, Mach-O's. */
#define MARKER_SECTION ".data.anchor.managed"
#define MARKER_SECTION_MACHO "__DATA,__anchor_managed"

typedef struct {
  LLVMValueRef shadow, slot;
  char file[512];
  unsigned line;
  bool external; /* -rdc: an extern declaration; the defining unit has the slot */
} managed_var;

typedef struct {
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  managed_var *vars;
  size_t count;
  char *error; /* the first diagnostic */
} host_ctx;

static void host_error(host_ctx *c, const managed_var *v, const char *what) {
  if (c->error) return;
  size_t len;
  const char *name = LLVMGetValueName2(v->shadow, &len);
  size_t size = strlen(v->file) + len + strlen(what) + 96;
  c->error = malloc(size);
  if (c->error)
    snprintf(c->error, size, "%s:%u: error: __managed__ variable '%.*s': %s\n", v->file, v->line,
             (int)len, name, what);
}

/* The C string a constant pointer (a global holding a constant array of
 * i8) points at, into buf; false when it is not one. */
static bool constant_string(LLVMValueRef p, char *buf, size_t size) {
  while (p && LLVMIsAConstantExpr(p))
    p = LLVMGetOperand(p, 0);
  if (!p || !LLVMIsAGlobalVariable(p)) return false;
  LLVMValueRef init = LLVMGetInitializer(p);
  if (!init || !LLVMIsAConstantDataSequential(init)) return false;
  size_t len;
  const char *s = LLVMGetAsString(init, &len);
  if (!s) return false;
  size_t n = strnlen(s, len);
  if (n >= size) n = size - 1;
  memcpy(buf, s, n);
  buf[n] = 0;
  return true;
}

static LLVMValueRef strip_casts(LLVMValueRef v) {
  while (v && LLVMIsAConstantExpr(v) &&
         (LLVMGetConstOpcode(v) == LLVMBitCast || LLVMGetConstOpcode(v) == LLVMAddrSpaceCast))
    v = LLVMGetOperand(v, 0);
  return v;
}

/* -rdc: the extern __managed__ declarations, marked by their section only
 * (defined in another unit, they get no annotation). */
static bool find_managed_declarations(host_ctx *c) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
    const char *section = LLVMGetSection(g);
    if (!LLVMIsDeclaration(g) || !section ||
        (strcmp(section, MARKER_SECTION) != 0 && strcmp(section, MARKER_SECTION_MACHO) != 0))
      continue;
    managed_var *grown = realloc(c->vars, (c->count + 1) * sizeof *grown);
    if (!grown) return false;
    c->vars = grown;
    managed_var *v = &c->vars[c->count++];
    memset(v, 0, sizeof *v);
    v->shadow = g;
    v->external = true;
    size_t len;
    const char *file = LLVMGetSourceFileName(c->mod, &len);
    snprintf(v->file, sizeof v->file, "%.*s", (int)len, file);
  }
  return true;
}

/* The shadows llvm.global.annotations marks "anchor.managed". */
static bool find_managed(host_ctx *c) {
  LLVMValueRef annotations = LLVMGetNamedGlobal(c->mod, "llvm.global.annotations");
  LLVMValueRef table = annotations ? LLVMGetInitializer(annotations) : NULL;
  if (!table) return find_managed_declarations(c);
  int n = LLVMGetNumOperands(table);
  c->vars = calloc((size_t)n + 1, sizeof *c->vars);
  if (!c->vars) return false;
  for (int i = 0; i < n; i++) {
    LLVMValueRef entry = LLVMGetOperand(table, (unsigned)i);
    if (LLVMGetNumOperands(entry) < 4) continue;
    char marker[64];
    if (!constant_string(LLVMGetOperand(entry, 1), marker, sizeof marker) ||
        strcmp(marker, MARKER) != 0)
      continue;
    LLVMValueRef g = strip_casts(LLVMGetOperand(entry, 0));
    if (!g || !LLVMIsAGlobalVariable(g)) continue;
    managed_var *v = &c->vars[c->count++];
    v->shadow = g;
    if (!constant_string(LLVMGetOperand(entry, 2), v->file, sizeof v->file))
      snprintf(v->file, sizeof v->file, "<input>");
    v->line = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(entry, 3));
  }
  return find_managed_declarations(c);
}

static bool uses_value(LLVMValueRef v, LLVMValueRef g, int depth) {
  if (v == g) return true;
  if (depth > 16 || !LLVMIsAConstant(v) || LLVMIsAGlobalValue(v)) return false;
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++)
    if (uses_value(LLVMGetOperand(v, (unsigned)i), g, depth + 1)) return true;
  return false;
}

/* Rebuilds v (g itself, or a constant expression over it) as instructions
 * at the builder's position on the slot's value; NULL when it cannot. */
static LLVMValueRef materialize(host_ctx *c, LLVMValueRef v, const managed_var *m,
                                LLVMValueRef loaded) {
  if (v == m->shadow) return loaded;
  if (!uses_value(v, m->shadow, 0)) return v;
  if (!LLVMIsAConstantExpr(v)) return NULL;
  LLVMOpcode op = LLVMGetConstOpcode(v);
  int n = LLVMGetNumOperands(v);
  LLVMValueRef ops[16];
  if (n > 16) return NULL;
  for (int i = 0; i < n; i++)
    if (!(ops[i] = materialize(c, LLVMGetOperand(v, (unsigned)i), m, loaded))) return NULL;
  switch (op) {
  case LLVMGetElementPtr:
    return LLVMIsInBounds(v) ? LLVMBuildInBoundsGEP2(c->b, LLVMGetGEPSourceElementType(v), ops[0],
                                                     ops + 1, (unsigned)n - 1, "")
                             : LLVMBuildGEP2(c->b, LLVMGetGEPSourceElementType(v), ops[0], ops + 1,
                                             (unsigned)n - 1, "");
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMTrunc: return LLVMBuildCast(c->b, op, ops[0], LLVMTypeOf(v), "");
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMXor:
  case LLVMShl: return LLVMBuildBinOp(c->b, op, ops[0], ops[1], "");
  case LLVMICmp: return LLVMBuildICmp(c->b, LLVMGetICmpPredicate(v), ops[0], ops[1], "");
  default: return NULL;
  }
}

/* Each operand of inst that refers to m's shadow becomes a load of the slot. */
static void rewrite_instruction(host_ctx *c, LLVMValueRef inst, const managed_var *m) {
  int n = LLVMGetNumOperands(inst);
  for (int i = 0; i < n; i++) {
    LLVMValueRef op = LLVMGetOperand(inst, (unsigned)i);
    if (!uses_value(op, m->shadow, 0)) continue;
    if (LLVMIsAPHINode(inst))
      LLVMPositionBuilderBefore(
          c->b, LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(inst, (unsigned)i)));
    else
      LLVMPositionBuilderBefore(c->b, inst);
    LLVMValueRef loaded = LLVMBuildLoad2(c->b, LLVMTypeOf(m->slot), m->slot, "");
    LLVMSetAlignment(loaded, 8);
    LLVMValueRef replacement = materialize(c, op, m, loaded);
    if (!replacement) {
      host_error(c, m, "used in a constant expression Anchor cannot rewrite");
      return;
    }
    LLVMSetOperand(inst, (unsigned)i, replacement);
  }
}

/* NVIDIA's argument list; clang may have declared the name with HIP's (it
 * emits no call to it for CUDA), so the call names its own type. */
static LLVMTypeRef register_managed_type(host_ctx *c) {
  LLVMContextRef cx = LLVMGetModuleContext(c->mod);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(cx, 0), i32 = LLVMInt32TypeInContext(cx);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(cx);
  LLVMTypeRef params[8] = {ptr, ptr, ptr, ptr, i32, i64, i32, i32};
  return LLVMFunctionType(LLVMVoidTypeInContext(cx), params, 8, 0);
}

static LLVMValueRef register_managed_function(host_ctx *c) {
  LLVMTypeRef type = register_managed_type(c);
  LLVMValueRef f = LLVMGetNamedFunction(c->mod, "__cudaRegisterManagedVar");
  if (f && LLVMGlobalGetValueType(f) != type && !LLVMGetFirstUse(f) && LLVMIsDeclaration(f)) {
    LLVMDeleteFunction(f); /* clang's unused declaration, HIP's argument list */
    f = NULL;
  }
  return f ? f : LLVMAddFunction(c->mod, "__cudaRegisterManagedVar", type);
}

/* __cudaRegisterVar(handle, &S, dev, name, ext, size, constant, global) ->
 * __cudaRegisterManagedVar(handle, &slot, &S, name, ext, size, constant, global). */
static bool rewrite_registration(host_ctx *c, LLVMValueRef call, const managed_var *m) {
  if (LLVMGetNumArgOperands(call) != 8) return false;
  LLVMValueRef args[8];
  for (unsigned i = 0; i < 8; i++)
    args[i] = LLVMGetOperand(call, i);
  args[2] = m->shadow;
  args[1] = m->slot;
  LLVMValueRef f = register_managed_function(c);
  LLVMPositionBuilderBefore(c->b, call);
  LLVMBuildCall2(c->b, register_managed_type(c), f, args, 8, "");
  LLVMInstructionEraseFromParent(call);
  return true;
}

static bool is_call_to(LLVMValueRef inst, const char *name) {
  if (!LLVMIsACallInst(inst)) return false;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  size_t len;
  const char *n = callee ? LLVMGetValueName2(callee, &len) : NULL;
  return n && strcmp(n, name) == 0;
}

/* Stores, at the builder's position, every part of init (a constant of
 * type at byte offset in the stack copy base) that refers to m's shadow,
 * rebuilt on the slot's value; false when one cannot be. */
static bool store_managed_parts(host_ctx *c, LLVMTargetDataRef layout, LLVMValueRef init,
                                LLVMValueRef base, unsigned long long offset, const managed_var *m,
                                LLVMValueRef loaded) {
  if (!uses_value(init, m->shadow, 0)) return true;
  LLVMTypeRef type = LLVMTypeOf(init);
  LLVMTypeKind kind = LLVMGetTypeKind(type);
  if (kind == LLVMStructTypeKind || kind == LLVMArrayTypeKind) {
    unsigned n = (unsigned)LLVMGetNumOperands(init);
    for (unsigned i = 0; i < n; i++) {
      unsigned long long at = kind == LLVMStructTypeKind
                                  ? LLVMOffsetOfElement(layout, type, i)
                                  : i * LLVMABISizeOfType(layout, LLVMGetElementType(type));
      if (!store_managed_parts(c, layout, LLVMGetOperand(init, i), base, offset + at, m, loaded))
        return false;
    }
    return true;
  }
  LLVMValueRef value = materialize(c, init, m, loaded);
  if (!value) return false;
  LLVMContextRef cx = LLVMGetModuleContext(c->mod);
  LLVMValueRef index = LLVMConstInt(LLVMInt64TypeInContext(cx), offset, 0);
  LLVMValueRef at = LLVMBuildInBoundsGEP2(c->b, LLVMInt8TypeInContext(cx), base, &index, 1, "");
  LLVMSetAlignment(LLVMBuildStore(c->b, value, at), 1);
  return true;
}

/* g, a private or internal constant whose initialiser refers to m's shadow
 * and whose every use is an instruction (clang's copy source for a local
 * aggregate's initialiser): each use becomes a stack copy of g with the
 * slot's pointers stored over the shadow's. False when g is not such. */
static bool local_constant_copied(host_ctx *c, LLVMValueRef g, const managed_var *m) {
  LLVMLinkage linkage = LLVMGetLinkage(g);
  if (!LLVMIsGlobalConstant(g) || (linkage != LLVMPrivateLinkage && linkage != LLVMInternalLinkage))
    return false;
  size_t count = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u), count++)
    if (!LLVMIsAInstruction(LLVMGetUser(u)) || LLVMIsAPHINode(LLVMGetUser(u))) return false;
  /* the users first: each copy adds a use of g (its memcpy's source) */
  LLVMValueRef *users = calloc(count + 1, sizeof *users);
  if (!users) return false;
  size_t n_users = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    bool seen = false;
    for (size_t k = 0; k < n_users && !seen; k++)
      seen = users[k] == user;
    if (!seen) users[n_users++] = user;
  }
  LLVMTargetDataRef layout = LLVMCreateTargetData(LLVMGetDataLayoutStr(c->mod));
  LLVMTypeRef type = LLVMGlobalGetValueType(g);
  LLVMContextRef cx = LLVMGetModuleContext(c->mod);
  bool ok = true;
  for (size_t k = 0; k < n_users && ok; k++) {
    LLVMValueRef inst = users[k];
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
    LLVMValueRef first = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
    LLVMPositionBuilderBefore(c->b, first);
    LLVMValueRef copy = LLVMBuildAlloca(c->b, type, "");
    unsigned align = LLVMGetAlignment(g);
    LLVMSetAlignment(copy, align ? align : 8);
    LLVMPositionBuilderBefore(c->b, inst);
    LLVMValueRef size =
        LLVMConstInt(LLVMInt64TypeInContext(cx), LLVMABISizeOfType(layout, type), 0);
    LLVMBuildMemCpy(c->b, copy, align ? align : 1, g, align ? align : 1, size);
    LLVMValueRef loaded = LLVMBuildLoad2(c->b, LLVMTypeOf(m->slot), m->slot, "");
    LLVMSetAlignment(loaded, 8);
    ok = store_managed_parts(c, layout, LLVMGetInitializer(g), copy, 0, m, loaded);
    unsigned n = (unsigned)LLVMGetNumOperands(inst);
    for (unsigned i = 0; i < n; i++)
      if (LLVMGetOperand(inst, i) == g) LLVMSetOperand(inst, i, copy);
  }
  LLVMDisposeTargetData(layout);
  free(users);
  return ok;
}

/* The metadata globals whose references to a shadow stay as they are. */
static bool harmless_global(LLVMValueRef g) {
  size_t len;
  const char *name = LLVMGetValueName2(g, &len);
  return !strcmp(name, "llvm.global.annotations") || !strcmp(name, "llvm.used") ||
         !strcmp(name, "llvm.compiler.used") ||
         !strcmp(name, "__clang_gpu_used_external"); /* -rdc: clang's list of extern
                                                      * device variables the host uses */
}

static void rewrite_var(host_ctx *c, managed_var *m) {
  LLVMContextRef cx = LLVMGetModuleContext(c->mod);
  size_t len;
  const char *name = LLVMGetValueName2(m->shadow, &len);
  char slot_name[600];
  snprintf(slot_name, sizeof slot_name, "%.*s.anchor.managed", (int)len, name);
  m->slot = LLVMAddGlobal(c->mod, LLVMPointerTypeInContext(cx, 0), slot_name);
  LLVMSetAlignment(m->slot, 8);
  if (m->external) {
    /* -rdc: the slot is the defining unit's, external there (below) */
    LLVMSetLinkage(m->slot, LLVMExternalLinkage);
  } else {
    /* An external shadow (-rdc; without it clang's shadows are internal)
     * gets an external slot, which the units declaring it extern use. */
    bool exported = LLVMGetLinkage(m->shadow) == LLVMExternalLinkage;
    LLVMSetLinkage(m->slot, exported ? LLVMExternalLinkage : LLVMInternalLinkage);
    if (exported) LLVMSetVisibility(m->slot, LLVMGetVisibility(m->shadow));
    LLVMSetInitializer(m->slot, m->shadow);
    /* clang gives host shadows an undef initialiser; the runtime fills it. */
    if (LLVMGetInitializer(m->shadow))
      LLVMSetInitializer(m->shadow, LLVMConstNull(LLVMGlobalGetValueType(m->shadow)));
    LLVMSetGlobalConstant(m->shadow, 0);
  }

  bool registered = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f && !c->error; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && !c->error;
         bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef next;
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !c->error; i = next) {
        next = LLVMGetNextInstruction(i);
        if (is_call_to(i, "__cudaRegisterVar") && LLVMGetOperand(i, 1) == m->shadow) {
          if (!rewrite_registration(c, i, m)) host_error(c, m, "unexpected __cudaRegisterVar call");
          registered = true;
        } else if (!is_call_to(i, "__cudaRegisterManagedVar"))
          rewrite_instruction(c, i, m);
      }
    }
  if (m->external)
    ; /* registered by the unit that defines it */
  else if (LLVMIsDeclaration(m->shadow))
    host_error(c, m, "an extern __managed__ variable needs relocatable device code (-rdc)");
  else if (!registered)
    host_error(c, m, "no registration found (is it a __device__ variable?)");
  /* What is left: uses in other globals' initialisers. A local aggregate
   * initialised with &x (`int *a[2] = {&x, &y};`) is a private constant
   * clang copies from: each use gets a copy on the stack with the pointers
   * the slots give. Any other is an error. */
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g && !c->error; g = LLVMGetNextGlobal(g)) {
    if (g == m->slot || harmless_global(g) || !LLVMGetInitializer(g)) continue;
    if (!uses_value(LLVMGetInitializer(g), m->shadow, 0)) continue;
    if (!local_constant_copied(c, g, m)) {
      size_t len;
      const char *name = LLVMGetValueName2(g, &len);
      char what[400];
      snprintf(what, sizeof what,
               "its address or value initialises '%.*s', a variable of static storage duration "
               "(not allowed in CUDA)",
               (int)(len < 200 ? len : 200), name);
      host_error(c, m, what);
    }
  }
  if (!c->error && LLVMGetFirstGlobalAlias(c->mod))
    for (LLVMValueRef a = LLVMGetFirstGlobalAlias(c->mod); a; a = LLVMGetNextGlobalAlias(a))
      if (uses_value(LLVMAliasGetAliasee(a), m->shadow, 0))
        host_error(c, m, "an alias of it is not supported");
}

/* -rdc: clang's module ctor calls __cudaRegisterLinkedBinary<id> instead. */
static bool calls_linked_registration(LLVMValueRef inst) {
  if (!LLVMIsACallInst(inst)) return false;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  size_t len;
  const char *n = callee ? LLVMGetValueName2(callee, &len) : NULL;
  return n && !strncmp(n, "__cudaRegisterLinkedBinary", 26);
}

/* Whether f calls __cudaRegisterFatBinary itself (clang's module ctor). */
static bool registers_module(LLVMValueRef f) {
  for (LLVMBasicBlockRef bb = f ? LLVMGetFirstBasicBlock(f) : NULL; bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (is_call_to(i, "__cudaRegisterFatBinary") || calls_linked_registration(i)) return true;
  return false;
}

/* The constructor registering the module runs first among the unit's
 * constructors of its priority (llvm.global_ctors runs in order), so that
 * dynamic initialisers of the unit read a managed variable's initialiser
 * (the registration puts it in the shadow) and their writes reach it. */
static void register_first(host_ctx *c) {
  LLVMValueRef ctors = LLVMGetNamedGlobal(c->mod, "llvm.global_ctors");
  LLVMValueRef table = ctors ? LLVMGetInitializer(ctors) : NULL;
  if (!table || !LLVMIsAConstantArray(table)) return;
  unsigned n = (unsigned)LLVMGetNumOperands(table);
  LLVMValueRef *entries = calloc(n + 1, sizeof *entries);
  if (!entries) return;
  unsigned k = 0;
  for (int pass = 0; pass < 2; pass++)
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef e = LLVMGetOperand(table, i);
      bool registering =
          LLVMGetNumOperands(e) >= 2 && registers_module(strip_casts(LLVMGetOperand(e, 1)));
      if (registering == (pass == 0)) entries[k++] = e;
    }
  LLVMSetInitializer(ctors, LLVMConstArray2(LLVMGetElementType(LLVMTypeOf(table)), entries, k));
  free(entries);
}

int msl_host_managed(const char *input, const char *output, char **message) {
  *message = NULL;
  LLVMContextRef cx = LLVMContextCreate();
  LLVMMemoryBufferRef buf = NULL;
  char *err = NULL;
  host_ctx c = {0};
  int status = 1;
  if (LLVMCreateMemoryBufferWithContentsOfFile(input, &buf, &err) ||
      LLVMParseBitcodeInContext2(cx, buf, &c.mod)) {
    size_t size = strlen(input) + (err ? strlen(err) : 0) + 64;
    *message = malloc(size);
    if (*message)
      snprintf(*message, size, "anchor-msl: error: cannot read '%s' %s\n", input, err ? err : "");
    LLVMDisposeMessage(err);
    goto done;
  }
  c.b = LLVMCreateBuilderInContext(cx);
  if (!find_managed(&c)) goto done;
  for (size_t i = 0; i < c.count && !c.error; i++)
    rewrite_var(&c, &c.vars[i]);
  if (c.count) register_first(&c);
  if (c.error) {
    *message = c.error;
    c.error = NULL;
    goto done;
  }
  char *invalid = NULL;
  if (LLVMVerifyModule(c.mod, LLVMReturnStatusAction, &invalid)) {
    size_t size = strlen(invalid) + 64;
    *message = malloc(size);
    if (*message) snprintf(*message, size, "anchor-msl: internal error: host pass: %s\n", invalid);
    LLVMDisposeMessage(invalid);
    goto done;
  }
  LLVMDisposeMessage(invalid);
  if (LLVMWriteBitcodeToFile(c.mod, output) != 0) {
    size_t size = strlen(output) + 64;
    *message = malloc(size);
    if (*message) snprintf(*message, size, "anchor-msl: error: cannot write '%s'\n", output);
    goto done;
  }
  status = 0;
done:
  if (c.b) LLVMDisposeBuilder(c.b);
  if (c.mod) LLVMDisposeModule(c.mod);
  if (buf) LLVMDisposeMemoryBuffer(buf);
  free(c.vars);
  free(c.error);
  LLVMContextDispose(cx);
  return status;
}
