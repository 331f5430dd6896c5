/* abi.c — the CUDA parameter block of a kernel, computed from its IR
 * signature exactly as nvcc lays it out: parameters in order, each at the
 * next offset aligned to its own alignment. A by-value struct (ptr byval(T)
 * align A) occupies sizeof(T) bytes aligned to A; scalars and pointers use the
 * datalayout's size and ABI alignment. */
#include <stdlib.h>

#include "msl_internal.h"

static unsigned param_attr(LLVMValueRef fn, unsigned index, const char *kind,
                           LLVMAttributeRef *attr) {
  unsigned id = LLVMGetEnumAttributeKindForName(kind, __builtin_strlen(kind));
  *attr = LLVMGetEnumAttributeAtIndex(fn, index + 1, id);
  return *attr != NULL;
}

int abi_param_layout(msl_ctx *ctx, msl_kernel *k) {
  unsigned n = LLVMCountParams(k->fn);
  k->params = calloc(n ? n : 1, sizeof *k->params);
  k->nparams = n;
  unsigned offset = 0;
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef arg = LLVMGetParam(k->fn, i);
    LLVMTypeRef ty = LLVMTypeOf(arg);
    msl_param *p = &k->params[i];
    LLVMAttributeRef byval, align;
    if (param_attr(k->fn, i, "byval", &byval)) {
      LLVMTypeRef inner = LLVMGetTypeAttributeValue(byval);
      p->byval = 1;
      p->size = (unsigned)LLVMABISizeOfType(ctx->layout, inner);
      p->align = param_attr(k->fn, i, "align", &align) ? (unsigned)LLVMGetEnumAttributeValue(align)
                                                       : LLVMABIAlignmentOfType(ctx->layout, inner);
    } else {
      switch (LLVMGetTypeKind(ty)) {
      case LLVMIntegerTypeKind:
      case LLVMHalfTypeKind:
      case LLVMFloatTypeKind:
      case LLVMDoubleTypeKind:
      case LLVMPointerTypeKind: break;
      default:
        return diag_error(ctx, k->fn,
                          "kernel parameter %u of '%s' has a type that is not "
                          "supported by Anchor's Metal backend",
                          i + 1, k->name);
      }
      if (LLVMGetTypeKind(ty) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) > 64)
        return diag_error(ctx, k->fn,
                          "128-bit kernel parameter is not supported by Anchor's "
                          "Metal backend");
      p->size = (unsigned)LLVMABISizeOfType(ctx->layout, ty);
      p->align = LLVMABIAlignmentOfType(ctx->layout, ty);
    }
    if (!p->align) p->align = 1;
    offset = (offset + p->align - 1) / p->align * p->align;
    p->offset = offset;
    offset += p->size;
  }
  k->param_bytes = offset;
  return 1;
}
