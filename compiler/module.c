/* module.c — load and verify the input IR; find the kernels and the module's
 * __device__/__constant__ variables (with their initial bytes). */
#include <assert.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"
#include "target.h"

int module_load(msl_ctx *ctx, const char *path) {
  assert(path && !ctx->llctx && !ctx->mod && "a zeroed ctx, loaded once");
  LLVMMemoryBufferRef mem = NULL;
  char *message = NULL;
  ctx->path = path;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &mem, &message)) {
    diag_error(ctx, NULL, "cannot read input: %s", message ? message : "unknown error");
    LLVMDisposeMessage(message);
    return 0;
  }
  ctx->llctx = LLVMContextCreate();
  /* LLVMParseIRInContext takes ownership of the buffer; it reads .ll and .bc. */
  if (LLVMParseIRInContext(ctx->llctx, mem, &ctx->mod, &message)) {
    diag_error(ctx, NULL, "invalid LLVM IR: %s", message ? message : "unknown error");
    LLVMDisposeMessage(message);
    return 0;
  }
  if (LLVMVerifyModule(ctx->mod, LLVMReturnStatusAction, &message)) {
    diag_error(ctx, NULL, "LLVM IR does not verify: %s", message);
    LLVMDisposeMessage(message);
    return 0;
  }
  LLVMDisposeMessage(message);
  const char *triple = LLVMGetTarget(ctx->mod);
  if (strncmp(triple, "nvptx", 5) != 0)
    return diag_error(ctx, NULL, "input is not NVPTX device IR (target triple '%s')", triple);
  ctx->layout = LLVMGetModuleDataLayout(ctx->mod);
  return 1;
}

static void add_kernel(msl_ctx *ctx, LLVMValueRef fn) {
  assert(LLVMIsAFunction(fn));
  for (unsigned i = 0; i < ctx->nkernels; i++)
    if (ctx->kernels[i].fn == fn) return;
  ctx->kernels = realloc(ctx->kernels, (ctx->nkernels + 1) * sizeof *ctx->kernels);
  msl_kernel *k = &ctx->kernels[ctx->nkernels++];
  memset(k, 0, sizeof *k);
  size_t len;
  k->fn = fn;
  k->name = LLVMGetValueName2(fn, &len);
}

/* The function a node of nvvm.annotations marks as a kernel, NULL if it
 * marks none. The node is {ptr @f, !"key", value, !"key", value, ...}, with
 * as many pairs as clang has hints (maxntid*, minctasm, ...). */
static LLVMValueRef annotated_kernel(LLVMValueRef node) {
  unsigned nops = LLVMGetMDNodeNumOperands(node);
  if (nops < 2) return NULL;
  /* LLVMGetMDNodeOperands writes every operand: the array holds them all. */
  LLVMValueRef *ops = calloc(nops, sizeof *ops);
  if (!ops) abort(); /* out of memory: nothing sensible to report */
  LLVMGetMDNodeOperands(node, ops);
  LLVMValueRef kernel = NULL;
  if (ops[0] && LLVMIsAFunction(ops[0]))
    for (unsigned j = 1; j < nops && !kernel; j += 2) {
      unsigned len = 0;
      const char *key = ops[j] ? LLVMGetMDString(ops[j], &len) : NULL;
      if (key && len == 6 && !memcmp(key, "kernel", 6)) kernel = ops[0];
    }
  free(ops);
  return kernel;
}

/* __launch_bounds__(n): nodes {ptr @f, !"maxntidx", i32 n} (and maxntidy,
 * maxntidz): the kernel's threads per block are at most their product. */
static void launch_bounds(msl_ctx *ctx, LLVMValueRef node) {
  unsigned nops = LLVMGetMDNodeNumOperands(node);
  if (nops < 3) return;
  LLVMValueRef *ops = calloc(nops, sizeof *ops);
  if (!ops) abort(); /* out of memory: nothing sensible to report */
  LLVMGetMDNodeOperands(node, ops);
  msl_kernel *k = NULL;
  for (unsigned i = 0; ops[0] && i < ctx->nkernels && !k; i++)
    if (ctx->kernels[i].fn == ops[0]) k = &ctx->kernels[i];
  for (unsigned j = 1; k && j + 1 < nops; j += 2) {
    unsigned len = 0;
    const char *key = ops[j] ? LLVMGetMDString(ops[j], &len) : NULL;
    if (!key || len != 8 || memcmp(key, "maxntid", 7) != 0 || !ops[j + 1] ||
        !LLVMIsAConstantInt(ops[j + 1]))
      continue;
    unsigned long long n = LLVMConstIntGetZExtValue(ops[j + 1]);
    unsigned prior = k->max_threads ? k->max_threads : 1;
    unsigned long long total = n * prior;
    k->max_threads = total > 0 && total < AC_MAX_THREADS_PER_THREADGROUP
                         ? (unsigned)total
                         : AC_MAX_THREADS_PER_THREADGROUP;
  }
  free(ops);
}

/* !nvvm.annotations = !{!{ptr @f, !"kernel", i32 1}, ...} (clang 19); newer
 * clangs use the ptx_kernel calling convention instead. */
int module_find_kernels(msl_ctx *ctx) {
  assert(ctx->mod && ctx->nkernels == 0);
  const char *md = "nvvm.annotations";
  unsigned n = LLVMGetNamedMetadataNumOperands(ctx->mod, md);
  LLVMValueRef *nodes = calloc(n ? n : 1, sizeof *nodes);
  LLVMGetNamedMetadataOperands(ctx->mod, md, nodes);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef fn = annotated_kernel(nodes[i]);
    if (fn) add_kernel(ctx, fn);
  }
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    if (LLVMGetFunctionCallConv(fn) == AC_NVPTX_KERNEL_CALLCONV && !LLVMIsDeclaration(fn))
      add_kernel(ctx, fn);
  for (unsigned i = 0; i < n; i++)
    launch_bounds(ctx, nodes[i]);
  free(nodes);
  for (unsigned i = 0; i < ctx->nkernels; i++) {
    LLVMValueRef fn = ctx->kernels[i].fn;
    if (LLVMIsDeclaration(fn))
      return diag_error(ctx, fn, "kernel '%s' has no definition in this translation unit",
                        ctx->kernels[i].name);
    if (LLVMGetTypeKind(LLVMGetReturnType(LLVMGlobalGetValueType(fn))) != LLVMVoidTypeKind)
      return diag_error(ctx, fn, "kernel '%s' does not return void", ctx->kernels[i].name);
  }
  return 1;
}

/* ---- initial bytes of a global ---------------------------------------- */

static void put_bytes(unsigned char *dst, unsigned long long v, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    dst[i] = (unsigned char)(v >> (8 * i)); /* NVPTX is little endian */
}

/* An integer constant wider than 64 bits (i128, i65 ...), 64 bits at a time: the
 * builder folds shifts and truncations of constants, inserting nothing. */
static void put_wide_int(msl_ctx *ctx, LLVMValueRef c, unsigned char *dst, unsigned size) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx->llctx);
  LLVMTypeRef ty = LLVMTypeOf(c), i64 = LLVMInt64TypeInContext(ctx->llctx);
  memset(dst, 0, size);
  for (unsigned k = 0; 8 * k < size && 64 * k < LLVMGetIntTypeWidth(ty); k++) {
    LLVMValueRef shifted = LLVMBuildLShr(b, c, LLVMConstInt(ty, 64ull * k, 0), "");
    LLVMValueRef word = LLVMBuildTrunc(b, shifted, i64, "");
    put_bytes(dst + 8 * k, LLVMConstIntGetZExtValue(word), size - 8 * k < 8 ? size - 8 * k : 8);
  }
  LLVMDisposeBuilder(b);
}

/* The global being serialised and where its bytes start. */
typedef struct init_state {
  msl_ctx *ctx;
  msl_global *gl;
  unsigned char *base;
} init_state;

/* The global variable a constant address points into and the offset from its
 * start (through casts and constant GEPs); NULL for anything else. */
static LLVMValueRef address_of(msl_ctx *ctx, LLVMValueRef c, long long *offset) {
  if (LLVMIsAGlobalVariable(c) || LLVMIsAFunction(c)) return c;
  if (!LLVMIsAConstantExpr(c)) return NULL;
  switch (LLVMGetConstOpcode(c)) {
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMPtrToInt:
  case LLVMIntToPtr: return address_of(ctx, LLVMGetOperand(c, 0), offset);
  case LLVMAdd: /* (uintptr_t)&g + 4 */
  case LLVMSub: {
    LLVMValueRef k = LLVMGetOperand(c, 1);
    if (!LLVMIsAConstantInt(k)) return NULL;
    long long by = LLVMConstIntGetSExtValue(k);
    *offset += LLVMGetConstOpcode(c) == LLVMAdd ? by : -by;
    return address_of(ctx, LLVMGetOperand(c, 0), offset);
  }
  case LLVMGetElementPtr: {
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(c);
    unsigned n = (unsigned)LLVMGetNumOperands(c);
    for (unsigned k = 1; k < n; k++) {
      LLVMValueRef idx = LLVMGetOperand(c, k);
      if (!LLVMIsAConstantInt(idx)) return NULL;
      if (k > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
        unsigned field = (unsigned)LLVMConstIntGetZExtValue(idx);
        *offset += (long long)LLVMOffsetOfElement(ctx->layout, ty, field);
        ty = LLVMStructGetTypeAtIndex(ty, field);
        continue;
      }
      if (k > 1) {
        if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind && LLVMGetTypeKind(ty) != LLVMVectorTypeKind)
          return NULL;
        ty = LLVMGetElementType(ty);
      }
      *offset += LLVMConstIntGetSExtValue(idx) * (long long)LLVMABISizeOfType(ctx->layout, ty);
    }
    return address_of(ctx, LLVMGetOperand(c, 0), offset);
  }
  default: return NULL;
  }
}

/* An address in an initialiser (8 bytes at dst): recorded for the loader,
 * which stores the target's CUDA address there (common/module.h). */
static int serialize_address(init_state *st, LLVMValueRef c, unsigned char *dst) {
  msl_ctx *ctx = st->ctx;
  LLVMValueRef var = st->gl->var;
  /* (int *)0x1000: the integer itself */
  if (LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMIntToPtr &&
      LLVMIsAConstantInt(LLVMGetOperand(c, 0)) &&
      LLVMABISizeOfType(ctx->layout, LLVMTypeOf(c)) == 8) {
    put_bytes(dst, LLVMConstIntGetZExtValue(LLVMGetOperand(c, 0)), 8);
    return 1;
  }
  long long offset = 0;
  LLVMValueRef target = address_of(ctx, c, &offset);
  if (target && LLVMIsAFunction(target))
    return diag_error(ctx, var,
                      "initialising a device variable with the address of a function is not "
                      "supported by Anchor's Metal backend");
  int index = target ? ptrmap_get(&ctx->global_index, target, -1) : -1;
  if (index < 0 || LLVMABISizeOfType(ctx->layout, LLVMTypeOf(c)) != 8)
    return diag_error(ctx, var,
                      "initialising a device variable with this address is not supported by "
                      "Anchor's Metal backend");
  msl_global *gl = st->gl;
  gl->addresses = realloc(gl->addresses, (gl->naddresses + 1) * sizeof *gl->addresses);
  if (!gl->addresses) abort();
  gl->addresses[gl->naddresses++] =
      (struct msl_address){(unsigned)(dst - st->base), (unsigned)index, (unsigned long long)offset};
  memset(dst, 0, 8);
  return 1;
}

static int serialize(init_state *st, LLVMValueRef c, unsigned char *dst) {
  msl_ctx *ctx = st->ctx;
  LLVMValueRef var = st->gl->var;
  LLVMTypeRef ty = LLVMTypeOf(c);
  unsigned size = (unsigned)LLVMABISizeOfType(ctx->layout, ty);
  if (LLVMIsNull(c) || LLVMIsUndef(c) || LLVMIsPoison(c) || LLVMIsAConstantAggregateZero(c)) {
    memset(dst, 0, size);
    return 1;
  }
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind:
    /* (uintptr_t)&g, (uintptr_t)&g + 4 */
    if (LLVMIsAConstantExpr(c)) return serialize_address(st, c, dst);
    if (!LLVMIsAConstantInt(c)) break;
    if (LLVMGetIntTypeWidth(ty) > 64)
      put_wide_int(ctx, c, dst, size);
    else
      put_bytes(dst, LLVMConstIntGetZExtValue(c), size);
    return 1;
  case LLVMHalfTypeKind:
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind: {
    LLVMBool loses;
    double d = LLVMConstRealGetDouble(c, &loses);
    if (LLVMGetTypeKind(ty) == LLVMDoubleTypeKind) {
      memcpy(dst, &d, 8);
    } else if (LLVMGetTypeKind(ty) == LLVMFloatTypeKind) {
      float f = (float)d;
      memcpy(dst, &f, 4);
    } else {
      put_bytes(dst, fp16_from_double(d), 2); /* fp16.c */
    }
    return 1;
  }
  case LLVMArrayTypeKind:
  case LLVMVectorTypeKind: {
    LLVMTypeRef elem = LLVMGetElementType(ty);
    unsigned n = LLVMGetTypeKind(ty) == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(ty)
                                                          : LLVMGetVectorSize(ty);
    unsigned stride = (unsigned)LLVMABISizeOfType(ctx->layout, elem);
    memset(dst, 0, size);
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef e = LLVMGetAggregateElement(c, i);
      if (!serialize(st, e, dst + (size_t)i * stride)) return 0;
    }
    return 1;
  }
  case LLVMStructTypeKind: {
    memset(dst, 0, size);
    unsigned n = LLVMCountStructElementTypes(ty);
    for (unsigned i = 0; i < n; i++) {
      unsigned long long off = LLVMOffsetOfElement(ctx->layout, ty, i);
      if (!serialize(st, LLVMGetOperand(c, i), dst + off)) return 0;
    }
    return 1;
  }
  case LLVMPointerTypeKind: return serialize_address(st, c, dst);
  default: break;
  }
  return diag_error(ctx, var,
                    "this initialiser of a device variable is not supported by "
                    "Anchor's Metal backend");
}

/* The initial bytes of gl's variable (malloc'd, gl->size of them, with its
 * addresses), 0 after an error. */
static int init_bytes(msl_ctx *ctx, msl_global *gl) {
  LLVMValueRef init = LLVMGetInitializer(gl->var);
  gl->init = calloc(gl->size ? gl->size : 1, 1);
  if (!gl->init) abort();
  init_state st = {ctx, gl, gl->init};
  return serialize(&st, init, gl->init);
}

static int is_metadata_global(LLVMValueRef g) {
  const char *section = LLVMGetSection(g);
  size_t len;
  const char *name = LLVMGetValueName2(g, &len);
  return (section && !strcmp(section, "llvm.metadata")) || !strncmp(name, "llvm.", 5);
}

/* Every global that is not __shared__ lives in device memory and gets a slot
 * in the context buffer; addrspace(4) ones are __constant__. Every global
 * has its index before any initialiser is read: one may hold the address of
 * a later one. */
int module_collect_globals(msl_ctx *ctx) {
  assert(ctx->mod && ctx->layout && ctx->nglobals == 0);
  for (LLVMValueRef g = LLVMGetFirstGlobal(ctx->mod); g; g = LLVMGetNextGlobal(g)) {
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    if (as == AC_NVPTX_SHARED || is_metadata_global(g)) continue;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (LLVMIsDeclaration(g))
      return diag_error(ctx, g,
                        "external device variable '%s' (separate compilation) is not "
                        "supported by Anchor's Metal backend without relocatable device "
                        "code (-rdc=true)",
                        name);
    if (LLVMIsThreadLocal(g))
      return diag_error(ctx, g, "thread-local variable '%s' is not supported", name);
    LLVMTypeRef ty = LLVMGlobalGetValueType(g);
    msl_global gl = {0};
    gl.var = g;
    gl.name = name;
    gl.index = ctx->nglobals;
    gl.size = (unsigned)LLVMABISizeOfType(ctx->layout, ty);
    gl.align = LLVMGetAlignment(g);
    if (!gl.align) gl.align = LLVMABIAlignmentOfType(ctx->layout, ty);
    gl.constant = as == AC_NVPTX_CONSTANT;
    ctx->globals = realloc(ctx->globals, (ctx->nglobals + 1) * sizeof *ctx->globals);
    ctx->globals[ctx->nglobals] = gl;
    ptrmap_set(&ctx->global_index, g, (int)ctx->nglobals);
    ctx->nglobals++;
  }
  for (unsigned i = 0; i < ctx->nglobals; i++)
    if (!init_bytes(ctx, &ctx->globals[i])) return 0;
  return 1;
}

void module_free(msl_ctx *ctx) {
  for (unsigned i = 0; i < ctx->nkernels; i++)
    free(ctx->kernels[i].params), free(ctx->kernels[i].msl);
  free(ctx->kernels);
  for (unsigned i = 0; i < ctx->nglobals; i++)
    free(ctx->globals[i].init), free(ctx->globals[i].addresses);
  free(ctx->globals);
  ptrmap_free(&ctx->global_index);
  if (ctx->mod) LLVMDisposeModule(ctx->mod);
  if (ctx->llctx) LLVMContextDispose(ctx->llctx);
  strbuf_free(&ctx->diags);
  strbuf_free(&ctx->msl);
}
