/* lower_libcalls.c — IR->IR, before devlib.c: the C library's and the
 * PTX runtime's functions that device code calls and Anchor's device library
 * implements (printf's vprintf, malloc/free and operator new/delete, glibc's
 * assert hook, llvm.trap, the clock registers) become calls of their
 * __anchor_* definitions (include/anchor/device_services.h; devlib/printf.cu,
 * assert.cu, clock.cu, heap.cu), which devlib_link then links and the
 * pipeline inlines. One table, by callee name; a call whose callee has no
 * row stays as it is (check_calls reports what is left undefined).
 *
 *   vprintf(format, buffer)  -> __anchor_vprintf(format, buffer, bytes): the
 *                               size of the argument buffer clang packed (its
 *                               alloca's type; 0 for none), so the device
 *                               never reads past it
 *   operator delete(p, size) -> __anchor_free(p): the size argument dropped
 *                               (and the alignment of the aligned forms)
 *   llvm.nvvm.read.ptx.sreg.clock -> the low 32 bits of __anchor_clock64()
 *   llvm.nvvm.nanosleep      -> removed: CUDA promises a sleep in [0, 2t]
 *                               and Metal has no way to sleep a thread */
#include <assert.h>
#include <string.h>

#include "msl_internal.h"

typedef enum {
  LIBCALL_SAME,    /* the same arguments and result */
  LIBCALL_VPRINTF, /* (format, buffer) + the buffer's size in bytes */
  LIBCALL_FIRST,   /* only the first argument (sized operator delete) */
  LIBCALL_TRUNC32, /* the i64 result truncated to the call's i32 */
  LIBCALL_REMOVE,  /* no code at all (the call has no result) */
} libcall_kind;

typedef enum {
  SIG_VPRINTF,
  SIG_MALLOC,
  SIG_MALLOC_ALIGNED,
  SIG_FREE,
  SIG_ASSERT,
  SIG_VOID,
  SIG_U64
} libcall_sig;

static const struct {
  const char *name, *target;
  libcall_kind kind;
  libcall_sig sig;
} rows[] = {
    {"vprintf", "__anchor_vprintf", LIBCALL_VPRINTF, SIG_VPRINTF},
    {"malloc", "__anchor_malloc", LIBCALL_SAME, SIG_MALLOC},
    {"_Znwm", "__anchor_malloc", LIBCALL_SAME, SIG_MALLOC}, /* operator new(size_t) */
    {"_Znam", "__anchor_malloc", LIBCALL_SAME, SIG_MALLOC}, /* operator new[](size_t) */
    /* ... (size_t, align_val_t): over-aligned types */
    {"_ZnwmSt11align_val_t", "__anchor_malloc_aligned", LIBCALL_SAME, SIG_MALLOC_ALIGNED},
    {"_ZnamSt11align_val_t", "__anchor_malloc_aligned", LIBCALL_SAME, SIG_MALLOC_ALIGNED},
    {"free", "__anchor_free", LIBCALL_SAME, SIG_FREE},
    {"_ZdlPv", "__anchor_free", LIBCALL_SAME, SIG_FREE},   /* operator delete(void *) */
    {"_ZdaPv", "__anchor_free", LIBCALL_SAME, SIG_FREE},   /* operator delete[](void *) */
    {"_ZdlPvm", "__anchor_free", LIBCALL_FIRST, SIG_FREE}, /* ... (void *, size_t) */
    {"_ZdaPvm", "__anchor_free", LIBCALL_FIRST, SIG_FREE},
    {"_ZdlPvSt11align_val_t", "__anchor_free", LIBCALL_FIRST, SIG_FREE}, /* (void *, align) */
    {"_ZdaPvSt11align_val_t", "__anchor_free", LIBCALL_FIRST, SIG_FREE},
    {"_ZdlPvmSt11align_val_t", "__anchor_free", LIBCALL_FIRST, SIG_FREE}, /* (p, size, align) */
    {"_ZdaPvmSt11align_val_t", "__anchor_free", LIBCALL_FIRST, SIG_FREE},
    {"__assert_fail", "__anchor_assert_fail", LIBCALL_SAME, SIG_ASSERT},
    {"llvm.trap", "__anchor_trap", LIBCALL_SAME, SIG_VOID},
    {"llvm.nvvm.read.ptx.sreg.clock64", "__anchor_clock64", LIBCALL_SAME, SIG_U64},
    {"llvm.nvvm.read.ptx.sreg.clock", "__anchor_clock64", LIBCALL_TRUNC32, SIG_U64},
    {"llvm.nvvm.read.ptx.sreg.globaltimer", "__anchor_globaltimer", LIBCALL_SAME, SIG_U64},
    {"llvm.nvvm.nanosleep", NULL, LIBCALL_REMOVE, SIG_VOID},
};

/* The device library's signature of a target. */
static LLVMTypeRef signature(msl_ctx *ctx, libcall_sig sig) {
  LLVMContextRef c = ctx->llctx;
  LLVMTypeRef ptr = LLVMPointerTypeInContext(c, 0), i32 = LLVMInt32TypeInContext(c),
              i64 = LLVMInt64TypeInContext(c), v = LLVMVoidTypeInContext(c);
  switch (sig) {
  case SIG_VPRINTF: return LLVMFunctionType(i32, (LLVMTypeRef[]){ptr, ptr, i32}, 3, 0);
  case SIG_MALLOC: return LLVMFunctionType(ptr, (LLVMTypeRef[]){i64}, 1, 0);
  case SIG_MALLOC_ALIGNED: return LLVMFunctionType(ptr, (LLVMTypeRef[]){i64, i64}, 2, 0);
  case SIG_FREE: return LLVMFunctionType(v, (LLVMTypeRef[]){ptr}, 1, 0);
  case SIG_ASSERT: return LLVMFunctionType(v, (LLVMTypeRef[]){ptr, ptr, i32, ptr}, 4, 0);
  case SIG_VOID: return LLVMFunctionType(v, NULL, 0, 0);
  case SIG_U64: return LLVMFunctionType(i64, NULL, 0, 0);
  }
  assert(!"a signature without its type");
  return NULL;
}

/* The bytes of printf's argument buffer: its alloca's size, 0 for a null
 * buffer (no arguments), ~0u when it is neither (no bound known). */
static unsigned buffer_bytes(msl_ctx *ctx, LLVMValueRef buffer) {
  if (LLVMIsAConstantPointerNull(buffer)) return 0;
  if (!LLVMIsAAllocaInst(buffer)) return ~0u;
  unsigned long long n = LLVMABISizeOfType(ctx->layout, LLVMGetAllocatedType(buffer));
  return n < ~0u ? (unsigned)n : ~0u;
}

static void visit(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i) {
  if (!LLVMIsACallInst(i) || !LLVMIsAFunction(LLVMGetCalledValue(i)) ||
      !LLVMIsDeclaration(LLVMGetCalledValue(i)))
    return; /* a definition of the program's own is its own */
  const char *callee = ir_callee_name(i);
  unsigned r = 0, nrows = sizeof rows / sizeof *rows;
  while (r < nrows && strcmp(rows[r].name, callee))
    r++;
  if (r == nrows) return;
  if (rows[r].kind == LIBCALL_REMOVE) {
    lower_replace(i, NULL);
    return;
  }
  LLVMTypeRef type = signature(ctx, rows[r].sig);
  unsigned n = LLVMCountParamTypes(type), have = (unsigned)LLVMGetNumArgOperands(i);
  LLVMValueRef args[4];
  for (unsigned k = 0; k < n && k < have; k++)
    args[k] = LLVMGetOperand(i, k);
  if (rows[r].kind == LIBCALL_VPRINTF)
    args[2] = LLVMConstInt(LLVMInt32TypeInContext(ctx->llctx), buffer_bytes(ctx, args[1]), 0);
  else if (have < n)
    return; /* not the C function of that name: leave it to check_calls */
  LLVMValueRef fn = lower_declare(ctx, rows[r].target, type, 0);
  LLVMValueRef call = lower_call(b, i, fn, args, n);
  if (rows[r].kind == LIBCALL_TRUNC32) call = LLVMBuildTrunc(b, call, LLVMTypeOf(i), "");
  lower_replace(i, LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVoidTypeKind ? NULL : call);
}

int lower_libcalls(msl_ctx *ctx) {
  return lower_each_instruction(ctx, visit);
}
