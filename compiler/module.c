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
  free(nodes);
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn; fn = LLVMGetNextFunction(fn))
    if (LLVMGetFunctionCallConv(fn) == AC_NVPTX_KERNEL_CALLCONV && !LLVMIsDeclaration(fn))
      add_kernel(ctx, fn);
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

static int serialize(msl_ctx *ctx, LLVMValueRef var, LLVMValueRef c, unsigned char *dst) {
  LLVMTypeRef ty = LLVMTypeOf(c);
  unsigned size = (unsigned)LLVMABISizeOfType(ctx->layout, ty);
  if (LLVMIsNull(c) || LLVMIsUndef(c) || LLVMIsPoison(c) || LLVMIsAConstantAggregateZero(c)) {
    memset(dst, 0, size);
    return 1;
  }
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind:
    if (!LLVMIsAConstantInt(c) || LLVMGetIntTypeWidth(ty) > 64) break;
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
      if (!serialize(ctx, var, e, dst + (size_t)i * stride)) return 0;
    }
    return 1;
  }
  case LLVMStructTypeKind: {
    memset(dst, 0, size);
    unsigned n = LLVMCountStructElementTypes(ty);
    for (unsigned i = 0; i < n; i++) {
      unsigned long long off = LLVMOffsetOfElement(ctx->layout, ty, i);
      if (!serialize(ctx, var, LLVMGetOperand(c, i), dst + off)) return 0;
    }
    return 1;
  }
  case LLVMPointerTypeKind:
    return diag_error(ctx, var,
                      "initialising a device variable with an address is not "
                      "supported by Anchor's Metal backend");
  default: break;
  }
  return diag_error(ctx, var,
                    "this initialiser of a device variable is not supported by "
                    "Anchor's Metal backend");
}

/* The initial bytes of var (malloc'd, size of them), NULL after an error. */
static unsigned char *init_bytes(msl_ctx *ctx, LLVMValueRef var, unsigned size) {
  LLVMValueRef init = LLVMGetInitializer(var);
  unsigned char *bytes = calloc(size ? size : 1, 1);
  if (!serialize(ctx, var, init, bytes)) {
    free(bytes);
    return NULL;
  }
  return bytes;
}

static int is_metadata_global(LLVMValueRef g) {
  const char *section = LLVMGetSection(g);
  size_t len;
  const char *name = LLVMGetValueName2(g, &len);
  return (section && !strcmp(section, "llvm.metadata")) || !strncmp(name, "llvm.", 5);
}

/* Every global that is not __shared__ lives in device memory and gets a slot
 * in the context buffer; addrspace(4) ones are __constant__. */
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
                        "supported by Anchor's Metal backend",
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
    gl.init = init_bytes(ctx, g, gl.size);
    if (!gl.init) return 0;
    ctx->globals = realloc(ctx->globals, (ctx->nglobals + 1) * sizeof *ctx->globals);
    ctx->globals[ctx->nglobals] = gl;
    ptrmap_set(&ctx->global_index, g, (int)ctx->nglobals);
    ctx->nglobals++;
  }
  return 1;
}

void module_free(msl_ctx *ctx) {
  for (unsigned i = 0; i < ctx->nkernels; i++)
    free(ctx->kernels[i].params), free(ctx->kernels[i].msl);
  free(ctx->kernels);
  for (unsigned i = 0; i < ctx->nglobals; i++)
    free(ctx->globals[i].init);
  free(ctx->globals);
  ptrmap_free(&ctx->global_index);
  if (ctx->mod) LLVMDisposeModule(ctx->mod);
  if (ctx->llctx) LLVMContextDispose(ctx->llctx);
  strbuf_free(&ctx->diags);
  strbuf_free(&ctx->msl);
}
