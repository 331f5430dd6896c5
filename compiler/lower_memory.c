/* lower_memory.c — IR->IR: memcpy, memmove and memset intrinsics as calls
 * of the helpers anchor_memcpy.U, anchor_memmove.U and anchor_memset.U
 * (dst, src or byte value, length), where U is the copy unit in bytes: the
 * widest of 1, 2, 4 or 8 that the call's alignments and a constant length
 * allow (variable lengths go byte by byte). That is all the IR knows; the
 * loops themselves depend on the pointers' MSL address spaces, which only
 * emission knows, so the helpers' rows (intrinsics.c) spell them. The rest
 * of the intrinsic's name (its overload suffix) is kept, so that one helper
 * name has one signature; the volatile flag is dropped (MSL loops of plain
 * accesses, as before). */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <string.h>

#include "msl_internal.h"

static unsigned call_align(LLVMValueRef call, unsigned arg) {
  unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, arg + 1, kind);
  return a ? (unsigned)LLVMGetEnumAttributeValue(a) : 1;
}

static unsigned copy_unit(LLVMValueRef len, unsigned align) {
  if (!LLVMIsAConstantInt(len)) return 1;
  unsigned long long n = LLVMConstIntGetZExtValue(len);
  unsigned unit = 8;
  while (unit > 1 && (align % unit || n % unit))
    unit /= 2;
  return unit;
}

static const struct {
  const char *intrinsic, *helper;
  int copies; /* has a source pointer (its alignment counts) */
} kinds[] = {{"llvm.memcpy", "anchor_memcpy", 1},
             {"llvm.memmove", "anchor_memmove", 1},
             {"llvm.memset", "anchor_memset", 0}};

static void lower(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef call, unsigned kind,
                  const char *suffix) {
  LLVMValueRef args[3] = {LLVMGetOperand(call, 0), LLVMGetOperand(call, 1),
                          LLVMGetOperand(call, 2)};
  unsigned align = call_align(call, 0);
  if (kinds[kind].copies && call_align(call, 1) < align) align = call_align(call, 1);
  char name[128];
  snprintf(name, sizeof name, "%s.%u%s", kinds[kind].helper, copy_unit(args[2], align), suffix);
  LLVMTypeRef params[3] = {LLVMTypeOf(args[0]), LLVMTypeOf(args[1]), LLVMTypeOf(args[2])};
  LLVMTypeRef type = LLVMFunctionType(LLVMVoidTypeInContext(ctx->llctx), params, 3, 0);
  lower_call(b, call, lower_declare(ctx, name, type, 0), args, 3);
  lower_replace(call, NULL); /* the intrinsics return void */
}

/* A memcpy/memmove/memset intrinsic, whatever its overload suffix. */
static void visit(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i) {
  if (!LLVMIsACallInst(i)) return;
  const char *name = ir_callee_name(i);
  for (unsigned k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    size_t n = strlen(kinds[k].intrinsic);
    if (!strncmp(name, kinds[k].intrinsic, n) && name[n] == '.') {
      lower(ctx, b, i, k, name + n);
      return;
    }
  }
}

int lower_memory(msl_ctx *ctx) {
  return lower_each_instruction(ctx, visit);
}
