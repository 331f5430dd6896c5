/* lower_memory.c — IR->IR: memcpy, memmove and memset intrinsics as calls
 * of the helpers anchor_memcpy.U, anchor_memmove.U and anchor_memset.U
 * (dst, src or byte value, length), where U is the copy unit in bytes: the
 * widest of 1, 2, 4 or 8 that the call's alignments and a constant length
 * allow (variable lengths go byte by byte). That is all the IR knows; the
 * loops themselves depend on the pointers' MSL address spaces, which only
 * emission knows, so the helpers' rows (intrinsics.c) spell them. The rest
 * of the intrinsic's name (its overload suffix) is kept, so that one helper
 * name has one signature; the volatile flag is dropped (MSL loops of plain
 * accesses, as before).
 * A short copy or fill of a constant length (at most INLINE_BYTES, in units of
 * 4 or 8 bytes: a struct or float4/double2 assignment) is instead written out as
 * its loads and stores of the unit's integer, every load before the first store
 * (right for memmove too), each at the alignment its offset keeps: no loop, and
 * pipeline_vectorize (passes.c) can join them into vector accesses (a `float4`
 * copied into shared memory becomes one 16-byte load and one 16-byte store). */
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

enum { INLINE_BYTES = 32 };

/* The alignment of `pointer + offset` when pointer has alignment align. */
static unsigned offset_align(unsigned align, unsigned long long offset) {
  while (offset % align)
    align /= 2;
  return align;
}

/* The inline form of a short memcpy/memmove (kind copies) or memset of a
 * constant byte: 1 when written, 0 to leave the call to the helpers. */
static int inline_short(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef call, int copies,
                        unsigned dst_align, unsigned src_align) {
  LLVMValueRef len = LLVMGetOperand(call, 2), value = LLVMGetOperand(call, 1);
  unsigned align = copies && src_align < dst_align ? src_align : dst_align;
  unsigned unit = copy_unit(len, align);
  if (unit < 4 || LLVMConstIntGetZExtValue(LLVMGetOperand(call, 3)) ||
      (!copies && !LLVMIsAConstantInt(value)))
    return 0;
  unsigned long long n = LLVMConstIntGetZExtValue(len), count = n / unit;
  if (n == 0 || n > INLINE_BYTES) return 0;
  LLVMTypeRef type = LLVMIntTypeInContext(ctx->llctx, unit * 8);
  LLVMValueRef loaded[INLINE_BYTES / 4];
  LLVMPositionBuilderBefore(b, call);
  for (unsigned long long k = 0; copies && k < count; k++) {
    LLVMValueRef from = lower_byte_pointer(ctx, b, LLVMGetOperand(call, 1), k * unit);
    loaded[k] = LLVMBuildLoad2(b, type, from, "");
    LLVMSetAlignment(loaded[k], offset_align(src_align, k * unit));
    LLVMInstructionSetDebugLoc(loaded[k], LLVMInstructionGetDebugLoc(call));
  }
  unsigned long long byte = copies ? 0 : LLVMConstIntGetZExtValue(value) & 0xFF, fill = 0;
  for (unsigned k = 0; k < unit; k++)
    fill = fill << 8 | byte;
  for (unsigned long long k = 0; k < count; k++) {
    LLVMValueRef to = lower_byte_pointer(ctx, b, LLVMGetOperand(call, 0), k * unit);
    LLVMValueRef v = copies ? loaded[k] : LLVMConstInt(type, fill, 0);
    LLVMValueRef store = LLVMBuildStore(b, v, to);
    LLVMSetAlignment(store, offset_align(dst_align, k * unit));
    LLVMInstructionSetDebugLoc(store, LLVMInstructionGetDebugLoc(call));
  }
  lower_replace(call, NULL);
  return 1;
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
  if (inline_short(ctx, b, call, kinds[kind].copies, align, call_align(call, 1))) return;
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
