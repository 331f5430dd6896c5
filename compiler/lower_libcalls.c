/* lower_libcalls.c — IR->IR, before devlib.c: the C library's and the
 * PTX runtime's functions that device code calls and Anchor's device library
 * implements (printf's vprintf, malloc/free and operator new/delete, glibc's
 * assert hook, llvm.trap, the clock registers) become calls of their
 * __anchor_* definitions (include/anchor/device_services.h; devlib/printf.cu,
 * clock.cu, heap.cu), which devlib_link then links and the
 * pipeline inlines. One table, by callee name; a call whose callee has no
 * row stays as it is (check_calls reports what is left undefined).
 *
 *   vprintf(format, buffer)  -> __anchor_vprintf(format, buffer, bytes): the
 *                               size of the argument buffer clang packed (its
 *                               alloca's type; 0 for none), so the device
 *                               never reads past it; with a constant format
 *                               (a string literal: the usual case) the format
 *                               is walked here instead and the record written
 *                               piece by piece (__anchor_printf_*: no walk at
 *                               run time; a %s string's pointer is a value,
 *                               never stored, so one in a thread's own array
 *                               or in shared memory prints too)
 *   operator delete(p, size) -> __anchor_free(p): the size argument dropped
 *                               (and the alignment of the aligned forms)
 *   llvm.nvvm.read.ptx.sreg.clock -> the low 32 bits of __anchor_clock64()
 *   llvm.nvvm.nanosleep      -> removed: CUDA promises a sleep in [0, 2t]
 *                               and Metal has no way to sleep a thread */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <string.h>

#include "msl_internal.h"
#include "printf_grammar.h"

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

bool lower_libcall_known(const char *name) {
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
    if (!strcmp(rows[i].name, name)) return true;
  return false;
}

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

/* ---- printf with a constant format ------------------------------------------------ */

enum { LIBCALL_MAX_ARGS = 32 }; /* common/abi.h's AC_ABI_PRINTF_MAX_ARGS */

/* One argument a format consumes: its offset and bytes in clang's buffer,
 * and whether it is a %s string. */
typedef struct {
  unsigned offset, bytes;
  int string;
} printf_slot;

/* The arguments format f (NUL-terminated) consumes, by CUDA's grammar
 * (common/printf_grammar.h, which devlib/printf.cu's walk reads too), each at the
 * next offset aligned to its 4 or 8 bytes; at most LIBCALL_MAX_ARGS, into slots;
 * their number. */
static int format_slots(const char *f, printf_slot *slots) {
  unsigned offset = 0;
  int n = 0;
  for (const char *p = f; p && *p;) {
    if (*p++ != '%') continue;
    ac_printf_conversion c;
    p = ac_printf_read_conversion(p, &c);
    if (!c.type) continue; /* consumes nothing (or the format ended: p is null) */
    if (c.star && n < LIBCALL_MAX_ARGS) {
      slots[n] = (printf_slot){(offset + 3) & ~3u, 4, 0};
      offset = slots[n++].offset + 4;
    }
    if (n >= LIBCALL_MAX_ARGS) continue;
    unsigned b = c.bytes;
    slots[n++] = (printf_slot){(offset + b - 1) & ~(b - 1), b, c.type == 's'};
    offset = slots[n - 1].offset + b;
  }
  return n;
}

static LLVMValueRef call_devlib(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef at, const char *name,
                                LLVMTypeRef result, LLVMTypeRef *params, LLVMValueRef *args,
                                unsigned n) {
  LLVMValueRef fn = lower_declare(ctx, name, LLVMFunctionType(result, params, n, 0), 0);
  return lower_call(b, at, fn, args, n);
}

/* vprintf(format, buffer) with a constant format: the record written piece
 * by piece (devlib/printf.cu's __anchor_printf_*), each argument loaded from
 * clang's buffer at its constant offset (so that the buffer goes away and a
 * %s string's address is never stored), the format's bytes as constant
 * words; printf's value the number of arguments consumed. 0 when it does
 * not apply (the format is not a constant string, the buffer no alloca). */
static int vprintf_constant(msl_ctx *ctx, LLVMBuilderRef b, LLVMValueRef i, LLVMValueRef *args) {
  LLVMValueRef format = args[0], buffer = args[1];
  int has_buffer = !LLVMIsAConstantPointerNull(buffer);
  if (!LLVMIsAGlobalVariable(format) || !LLVMIsGlobalConstant(format) ||
      (has_buffer && !LLVMIsAAllocaInst(buffer)))
    return 0;
  LLVMValueRef init = LLVMGetInitializer(format);
  if (!init || !LLVMIsAConstantDataSequential(init) || !LLVMIsConstantString(init)) return 0;
  size_t len;
  const char *text = LLVMGetAsString(init, &len);
  if (!memchr(text, '\0', len)) return 0;
  printf_slot slots[LIBCALL_MAX_ARGS];
  int n = format_slots(text, slots);
  unsigned long long buffer_bytes =
      has_buffer ? LLVMABISizeOfType(ctx->layout, LLVMGetAllocatedType(buffer)) : 0;
  LLVMContextRef c = ctx->llctx;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(c), i32 = LLVMInt32TypeInContext(c),
              i64 = LLVMInt64TypeInContext(c), ptr = LLVMPointerTypeInContext(c, 0),
              v = LLVMVoidTypeInContext(c);
  LLVMPositionBuilderBefore(b, i);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(i));
  /* the arguments (0 or NULL past the buffer's end, as the run-time walk) */
  LLVMValueRef values[LIBCALL_MAX_ARGS];
  for (int k = 0; k < n; k++) {
    if (slots[k].offset + slots[k].bytes > buffer_bytes) {
      values[k] = slots[k].string ? LLVMConstPointerNull(ptr) : LLVMConstInt(i64, 0, 0);
      continue;
    }
    LLVMValueRef offset = LLVMConstInt(i64, slots[k].offset, 0);
    LLVMValueRef at = LLVMBuildGEP2(b, i8, buffer, &offset, 1, "");
    LLVMTypeRef type = slots[k].string ? ptr : slots[k].bytes == 8 ? i64 : i32;
    LLVMValueRef value = LLVMBuildLoad2(b, type, at, "");
    LLVMSetAlignment(value, slots[k].bytes);
    values[k] = slots[k].string || slots[k].bytes == 8 ? value : LLVMBuildZExt(b, value, i64, "");
  }
  /* the record's bytes: header, format, a slot per argument, the strings */
  unsigned long long format_bytes = (strlen(text) + 1 + 7) & ~7ull;
  LLVMValueRef lengths[LIBCALL_MAX_ARGS], seven = LLVMConstInt(i64, 7, 0),
                                          mask = LLVMConstInt(i64, ~7ull, 0);
  LLVMValueRef total = LLVMConstInt(i64, 8 + format_bytes + 8ull * (unsigned)n, 0);
  for (int k = 0; k < n; k++) {
    if (!slots[k].string) continue;
    lengths[k] = call_devlib(ctx, b, i, "__anchor_printf_strlen", i64, &ptr, &values[k], 1);
    LLVMPositionBuilderBefore(b, i);
    LLVMValueRef padded = LLVMBuildAnd(b, LLVMBuildAdd(b, lengths[k], seven, ""), mask, "");
    total = LLVMBuildAdd(b, total, padded, "");
  }
  LLVMValueRef record = call_devlib(ctx, b, i, "__anchor_printf_begin", ptr, &i64, &total, 1);
  LLVMTypeRef word_params[] = {ptr, i64, i64}, string_params[] = {ptr, i64, ptr, i64};
  for (unsigned long long w = 0; w < format_bytes / 8; w++) {
    unsigned long long bits = 0;
    for (unsigned k = 0; k < 8 && w * 8 + k < len; k++)
      bits |= (unsigned long long)(unsigned char)text[w * 8 + k] << (8 * k);
    if (w * 8 + 8 > strlen(text) + 1) /* past the NUL: zeros */
      for (unsigned k = 0; k < 8; k++)
        if (w * 8 + k > strlen(text)) bits &= ~(0xffull << (8 * k));
    LLVMValueRef word_args[] = {record, LLVMConstInt(i64, 8 + 8 * w, 0),
                                LLVMConstInt(i64, bits, 0)};
    call_devlib(ctx, b, i, "__anchor_printf_word", v, word_params, word_args, 3);
  }
  LLVMValueRef at = LLVMConstInt(i64, 8 + format_bytes, 0), eight = LLVMConstInt(i64, 8, 0);
  for (int k = 0; k < n; k++) {
    if (slots[k].string) {
      LLVMValueRef string_args[] = {record, at, values[k], lengths[k]};
      call_devlib(ctx, b, i, "__anchor_printf_string", v, string_params, string_args, 4);
      LLVMPositionBuilderBefore(b, i);
      LLVMValueRef padded = LLVMBuildAnd(b, LLVMBuildAdd(b, lengths[k], seven, ""), mask, "");
      at = LLVMBuildAdd(b, LLVMBuildAdd(b, at, eight, ""), padded, "");
    } else {
      LLVMValueRef word_args[] = {record, at, values[k]};
      call_devlib(ctx, b, i, "__anchor_printf_word", v, word_params, word_args, 3);
      LLVMPositionBuilderBefore(b, i);
      at = LLVMBuildAdd(b, at, eight, "");
    }
  }
  LLVMTypeRef end_params[] = {ptr, i64};
  LLVMValueRef end_args[] = {record, total};
  call_devlib(ctx, b, i, "__anchor_printf_end", v, end_params, end_args, 2);
  lower_replace(i, LLVMConstInt(i32, (unsigned)n, 0));
  return 1;
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
  if (rows[r].kind == LIBCALL_VPRINTF) {
    args[2] = LLVMConstInt(LLVMInt32TypeInContext(ctx->llctx), buffer_bytes(ctx, args[1]), 0);
    if (vprintf_constant(ctx, b, i, args)) return;
  } else if (have < n)
    return; /* not the C function of that name: leave it to check_calls */
  LLVMValueRef fn = lower_declare(ctx, rows[r].target, type, 0);
  LLVMValueRef call = lower_call(b, i, fn, args, n);
  if (rows[r].kind == LIBCALL_TRUNC32) call = LLVMBuildTrunc(b, call, LLVMTypeOf(i), "");
  lower_replace(i, LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVoidTypeKind ? NULL : call);
}

int lower_libcalls(msl_ctx *ctx) {
  lower_each_instruction(ctx, visit);
  /* No check after a trap or failed assert: on an H100 (CUDA 13, 2026-12-06,
   * e2e.trap_rest_of_grid) every other block of the grid still ran, so the rest of a
   * dispatch runs on here too. */
  /* CUDA's limits rule: cudaLimitPrintfFifoSize / MallocHeapSize are refused after the
   * launch of a kernel that contains printf / malloc or free, called or not: such a
   * kernel's first thread marks the service used when it starts. */
  static const char *const printing[] = {"__anchor_vprintf", "__anchor_printf_begin", NULL};
  lower_start_kernels_reaching(ctx, printing, "__anchor_printf_mark");
  static const char *const allocating[] = {"__anchor_malloc", "__anchor_malloc_aligned",
                                           "__anchor_free", NULL};
  lower_start_kernels_reaching(ctx, allocating, "__anchor_heap_mark");
  return 1;
}
