/* kernel.c — one MSL kernel per CUDA kernel: the fixed signature of
 * docs/design.md, parameters read from the CUDA parameter block, thread
 * arrays for allocas, threadgroup arrays for __shared__ variables, then the
 * structured body (structurize.c) checked by verify.c. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "msl_internal.h"

/* ---- the prologue's templates ------------------------------------------
 * (msl_inst_template_args) Declarations at the top of the kernel body and
 * the private copies of by-value parameters: %V the argument's or
 * alloca's variable; %a0 an array's length in ulongs or a slot's offset
 * in anchor_priv, %a1 a parameter's size, %a2 its offset in the
 * parameter block, %a3 its MSL type. */
/* ulong2: 16-byte aligned, as the vector accesses into it need (pipeline_vectorize) */
static const char smem_text[] = "threadgroup ulong2 anchor_smem[%a0];";
static const char priv_text[] = "ulong anchor_priv[%a0];";
static const char private_slot_text[] = "thread uchar* %V = (thread uchar*)anchor_priv + %a0;";
static const char param_copy_text[] =
    "for (uint k = 0; k < %a1u; k++) %V[k] = anchor_params[%a2u + k];"; /* a body line */
static const char param_byval_text[] = "constant uchar* %V = anchor_params + %a2;";
static const char param_bool_text[] = "bool %V = anchor_params[%a2] != 0;";
static const char param_text[] = "%a3 %V = *reinterpret_cast<constant %a3*>(anchor_params + %a2);";
static const char sync_text[] = "threadgroup atomic_uint anchor_sync[4];";

/* Template t for value v (NULL: none) as a declaration line of f, or with
 * body set as a line of its body. */
static void put_line(msl_func *f, LLVMValueRef v, const char *t, const char *const *args,
                     int body) {
  msl_inst in = {f, v, {0}, 1, MSL_SPACE_NONE, 0, 0};
  msl_inst_template_args(&in, t, args);
  assert(in.ok && in.e.data);
  if (body)
    msl_emit_line(f, "%s", in.e.data);
  else
    strbuf_printf(&f->text.decls, "  %s\n", in.e.data);
  strbuf_free(&in.e);
}

/* A number for a template. */
typedef struct number {
  char text[24];
} number;
static number num(unsigned long long x) {
  number n;
  snprintf(n.text, sizeof n.text, "%llu", x);
  return n;
}

/* ---- kernels ------------------------------------------------------------ */

/* Static __shared__ variables share one threadgroup array, anchor_smem,
 * each at a 16-byte aligned offset (f->layout.smem maps the global to it; -1 marks
 * extern __shared__, which is anchor_dyn_smem). One base per space lets a
 * generic pointer name any of them by offset (addrspace.c). Those that do
 * not fit in threadgroup memory are in the block's device slice instead
 * (smem_spill.c, f->layout.spill). collect_shared lists them in order of
 * first use. */
typedef struct shared_list {
  smem_var *vars;
  unsigned count, cap;
} shared_list;

static void collect_shared(msl_func *f, LLVMValueRef v, shared_list *list, int depth) {
  if (depth > 16) return;
  if (LLVMIsAGlobalVariable(v)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(v)) != AC_NVPTX_SHARED ||
        ptrmap_get(&f->layout.smem, v, -2) != -2)
      return;
    LLVMTypeRef ty = LLVMGlobalGetValueType(v);
    unsigned long long size = LLVMABISizeOfType(f->ctx->layout, ty);
    if (LLVMIsDeclaration(v) || size == 0) { /* extern __shared__ T x[]; */
      ptrmap_set(&f->layout.smem, v, -1);
      f->kernel->dynamic_smem = 1;
      return;
    }
    LLVMValueRef init = LLVMGetInitializer(v);
    if (init && !LLVMIsUndef(init) && !LLVMIsPoison(init))
      diag_error(f->ctx, v, "initialised __shared__ variable " NOT_SUPPORTED);
    ptrmap_set(&f->layout.smem, v, -3); /* seen; smem_layout gives the offset */
    if (list->count == list->cap) {
      list->cap = list->cap ? list->cap * 2 : 16;
      list->vars = realloc(list->vars, list->cap * sizeof *list->vars);
    }
    list->vars[list->count++] = (smem_var){v, (size + 15) / 16 * 16, size};
    return;
  }
  if (LLVMIsAConstantExpr(v) || LLVMIsAConstantStruct(v) || LLVMIsAConstantArray(v))
    for (int k = 0; k < LLVMGetNumOperands(v); k++)
      collect_shared(f, LLVMGetOperand(v, k), list, depth + 1);
}

/* The block's slot of the launch's overflow area (common/abi.h
 * AC_ABI_CONTEXT_SPILL; smem_spill.c's msl_spill_prelude): claimed by the
 * kernel's first statements, which every thread runs; a block that found
 * none (the failure is reported) returns. %a0 the context word, %a1 the
 * slice's bytes. */
static const char spill_shared_text[] = "threadgroup uint anchor_spill_shared[4];";
static const char spill_claim_text[] =
    "uint anchor_spill_slot = anchor_spill_claim(" AC_ABI_CONTEXT ", %a0u, " AC_ABI_THREAD_ID
    ".x + " AC_ABI_BLOCK_DIM ".x * (" AC_ABI_THREAD_ID ".y + " AC_ABI_BLOCK_DIM
    ".y * " AC_ABI_THREAD_ID ".z), " AC_ABI_BLOCK_DIM ".x * " AC_ABI_BLOCK_DIM
    ".y * " AC_ABI_BLOCK_DIM ".z, anchor_spill_shared);";
/* ... or through anchor_smem's first word, which the kernel's own code may
 * write only after every thread has read it */
static const char spill_claim_borrow_text[] =
    "uint anchor_spill_slot = anchor_spill_claim(" AC_ABI_CONTEXT ", %a0u, " AC_ABI_THREAD_ID
    ".x + " AC_ABI_BLOCK_DIM ".x * (" AC_ABI_THREAD_ID ".y + " AC_ABI_BLOCK_DIM
    ".y * " AC_ABI_THREAD_ID ".z), " AC_ABI_BLOCK_DIM ".x * " AC_ABI_BLOCK_DIM
    ".y * " AC_ABI_BLOCK_DIM ".z, (threadgroup uint*)anchor_smem);";
static const char spill_borrow_barrier_text[] = "threadgroup_barrier(mem_flags::mem_threadgroup);";
static const char spill_none_text[] = "if (anchor_spill_slot == 0xFFFFFFFFu) return;";
static const char spill_text[] = "ulong anchor_spill = anchor_spill_slot_address(" AC_ABI_CONTEXT
                                 ", %a0u, anchor_spill_slot, %a1ul);";

/* The same in a dynamic-spill variant, whose slice also holds the launch's
 * dynamic shared memory (context word AC_ABI_CONTEXT_SHARED, in bytes)
 * after the %a1 static bytes. */
static const char spill_dynamic_text[] =
    "ulong anchor_spill = anchor_spill_slot_address(" AC_ABI_CONTEXT
    ", %a0u, anchor_spill_slot, %a1ul + ((" AC_ABI_CONTEXT
    "[" AC_ABI_STR(AC_ABI_CONTEXT_SHARED) "] + 15ul) & ~15ul));";

static int find_shared(msl_func *f) {
  shared_list list = {0};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      for (int k = 0; k < LLVMGetNumOperands(i); k++)
        collect_shared(f, LLVMGetOperand(i, k), &list, 0);
  int ok = !f->ctx->failed && smem_layout(f, list.vars, list.count);
  f->kernel->cuda_smem = smem_cuda_bytes(f, list.vars, list.count);
  free(list.vars);
  if (!ok) return 0;
  if (f->layout.dynamic_in_device) /* extern __shared__ after the static spill */
    for (size_t k = 0; k < f->layout.smem.cap; k++)
      if (f->layout.smem.keys[k] && f->layout.smem.values[k] == -1)
        ptrmap_set(&f->layout.spill, f->layout.smem.keys[k], (int)f->kernel->spill_bytes);
  number pairs = num((f->kernel->static_smem + 15) / 16);
  if (f->kernel->static_smem) put_line(f, NULL, smem_text, (const char *const[]){pairs.text}, 0);
  if (!f->layout.dynamic_in_device && !f->kernel->spill_bytes) return 1;
  /* a slot of the overflow area: its index in 16 bytes of threadgroup memory,
   * counted like anchor_sync, or in anchor_smem's first word (smem_layout) */
  number word = num(AC_ABI_CONTEXT_SPILL(f->ctx->nglobals)), bytes = num(f->kernel->spill_bytes);
  const char *const args[] = {word.text, bytes.text};
  f->layout.spill_slot = 1;
  f->ctx->preludes |= MSL_PRELUDE_SPILL | MSL_PRELUDE_FENCE;
  if (f->layout.spill_slot_borrows) {
    put_line(f, NULL, spill_claim_borrow_text, args, 0);
    put_line(f, NULL, spill_borrow_barrier_text, NULL, 0);
  } else {
    put_line(f, NULL, spill_shared_text, NULL, 0);
    f->kernel->static_smem += 16;
    put_line(f, NULL, spill_claim_text, args, 0);
  }
  put_line(f, NULL, spill_none_text, NULL, 0);
  put_line(f, NULL, f->layout.dynamic_in_device ? spill_dynamic_text : spill_text, args, 0);
  return 1;
}

/* Private memory is one thread array, anchor_priv: every alloca and every
 * by-value parameter that needs a private copy gets a 16-byte aligned slot
 * (f->layout.private_offset). Returns the array's size in bytes, 0 on error. */
static unsigned long long layout_private(msl_func *f, int *ok) {
  unsigned long long total = 0;
  *ok = 1;
  for (unsigned p = 0; p < f->kernel->nparams; p++) {
    LLVMValueRef arg = LLVMGetParam(f->fn, p);
    if (f->kernel->params[p].byval && ptrmap_get(&f->spaces.private_copy, arg, 0)) {
      ptrmap_set(&f->layout.private_offset, arg, (int)total);
      total += (f->kernel->params[p].size + 15) / 16 * 16;
    }
  }
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsAAllocaInst(i)) continue;
      LLVMValueRef count = LLVMGetOperand(i, 0);
      if (!LLVMIsAConstantInt(count)) {
        *ok = diag_error(f->ctx, i, "variable-length stack array " NOT_SUPPORTED);
        return 0;
      }
      unsigned long long size = LLVMABISizeOfType(f->ctx->layout, LLVMGetAllocatedType(i)) *
                                LLVMConstIntGetZExtValue(count);
      ptrmap_set(&f->layout.private_offset, i, (int)total);
      total += (size + 15) / 16 * 16;
    }
  return total;
}

/* Parameters are read from the CUDA parameter block at their offsets. */
static int emit_params(msl_func *f) {
  msl_kernel *k = f->kernel;
  for (unsigned p = 0; p < k->nparams; p++) {
    LLVMValueRef arg = LLVMGetParam(f->fn, p);
    unsigned off = k->params[p].offset, size = k->params[p].size;
    if (!LLVMGetFirstUse(arg)) continue;
    ptrmap_set(&f->text.declared, arg, 1);
    number slot = num((unsigned long long)ptrmap_get(&f->layout.private_offset, arg, 0));
    number nsize = num(size), noff = num(off);
    const char *args[] = {slot.text, nsize.text, noff.text, NULL};
    if (k->params[p].byval && ptrmap_get(&f->spaces.private_copy, arg, 0)) {
      put_line(f, arg, private_slot_text, args, 0);
      put_line(f, arg, param_copy_text, args, 1);
    } else if (k->params[p].byval) {
      put_line(f, arg, param_byval_text, args, 0);
    } else {
      LLVMTypeRef ty = LLVMTypeOf(arg);
      if (!(args[3] = msl_value_type(f, arg, ty, MSL_SPACE_DEVICE))) return 0;
      put_line(f, arg, msl_int_bits(ty) == 1 ? param_bool_text : param_text, args, 0);
    }
  }
  return 1;
}

/* allocas that survived SROA: pointers into anchor_priv. */
static int emit_allocas(msl_func *f) {
  int ok;
  unsigned long long total = layout_private(f, &ok);
  if (!ok) return 0;
  number ulongs = num(total / 8);
  if (total) put_line(f, NULL, priv_text, (const char *const[]){ulongs.text}, 0);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsAAllocaInst(i)) continue;
      ptrmap_set(&f->text.declared, i, 1);
      number slot = num((unsigned long long)ptrmap_get(&f->layout.private_offset, i, 0));
      put_line(f, i, private_slot_text, (const char *const[]){slot.text}, 0);
    }
  return 1;
}

/* The MSL function name is the kernel's device name (docs/design.md): it
 * must be an identifier and not one of MSL's own keywords. */
static int valid_identifier(const char *s) {
  static const char *const reserved[] = {
      "kernel",   "vertex",      "fragment", "device",
      "constant", "threadgroup", "thread",   "threadgroup_imageblock",
      "ray_data", "object_data", "visible",  "stitchable"};
  for (unsigned i = 0; i < sizeof reserved / sizeof *reserved; i++)
    if (!strcmp(s, reserved[i])) return 0;
  if (!*s || (*s >= '0' && *s <= '9')) return 0;
  for (; *s; s++)
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9')))
      return 0;
  return 1;
}

/* The kernel ABI's signature (common/abi.h), then the body's brace. A
 * __launch_bounds__ maximum becomes the pipeline's thread limit, which the
 * runtime reports (cudaFuncGetAttributes) and enforces on launches. */
static void put_signature(strbuf *o, msl_kernel *k, const char *name, int dynamic_smem) {
  if (k->max_threads)
    strbuf_printf(o, "[[max_total_threads_per_threadgroup(%u)]]\n", k->max_threads);
  size_t n = ac_abi_signature(NULL, 0, name, dynamic_smem);
  char *text = malloc(n + 1);
  ac_abi_signature(text, n + 1, name, dynamic_smem);
  strbuf_put(o, text);
  strbuf_put(o, "{\n");
  free(text);
}

/* One MSL function of kernel k into out: the kernel itself, or (variant)
 * its dynamic-spill variant (common/abi.h AC_ABI_DYNAMIC_SPILL_SUFFIX). */
static int emit_function(msl_ctx *ctx, msl_kernel *k, int variant, strbuf *out) {
  msl_func f = {0};
  f.ctx = ctx;
  f.kernel = k;
  f.fn = k->fn;
  f.layout.dynamic_in_device = variant;
  k->static_smem = 0;
  k->spill_bytes = 0;
  k->dynamic_smem = 0;
  ctx->diag_at = k->fn; /* until emit.c names an instruction */
  /* the shared layout first: a spilled variable is a device pointer */
  int ok = find_shared(&f) && msl_addrspace_analyze(&f) && cfg_build(ctx, k->fn, &f.cfg);
  if (ok)
    ok = !ctx->failed && emit_allocas(&f) && emit_params(&f) && msl_structurize(&f) &&
         msl_verify_function(&f);
  if (ok && f.text.uses_sync_counter) {
    /* 16 bytes declared, 16 counted: the table's static byte count is the
     * exact size of the threadgroup memory the MSL declares. */
    put_line(&f, NULL, sync_text, NULL, 0);
    k->static_smem += 16;
  }
  if (ok) {
    strbuf name = {0};
    strbuf_printf(&name, "%s%s", k->name, variant ? AC_ABI_DYNAMIC_SPILL_SUFFIX : "");
    put_signature(out, k, name.data, k->dynamic_smem && !variant);
    strbuf_free(&name);
    strbuf_put(out, f.text.decls.data ? f.text.decls.data : "");
    strbuf_put(out, f.text.body.data ? f.text.body.data : "");
    strbuf_put(out, "}\n\n");
  }
  msl_scopes_free(&f.scopes);
  cfg_free(&f.cfg);
  ptrmap_free(&f.text.value_id);
  ptrmap_free(&f.text.declared);
  ptrmap_free(&f.spaces.space);
  ptrmap_free(&f.spaces.private_copy);
  ptrmap_free(&f.layout.smem);
  ptrmap_free(&f.layout.spill);
  ptrmap_free(&f.layout.private_offset);
  ptrmap_free(&f.spaces.mask);
  strbuf_free(&f.text.decls);
  strbuf_free(&f.text.body);
  ctx->diag_at = NULL; /* later errors are about the module, not this kernel */
  return ok;
}

int msl_emit_kernel(msl_ctx *ctx, msl_kernel *k) {
  assert(k->fn && k->name && k->nparams == LLVMCountParams(k->fn));
  if (!valid_identifier(k->name))
    return diag_error(ctx, k->fn,
                      "kernel name '%s' is not a valid MSL function name (it is an MSL "
                      "keyword or not an identifier)",
                      k->name);
  strbuf text = {0};
  int ok = emit_function(ctx, k, 0, &text);
  if (ok && k->dynamic_smem) {
    /* extern __shared__ beyond threadgroup memory: the same kernel with its
     * dynamic memory in device memory, for launches whose static + dynamic
     * bytes do not fit (smem_spill.c); the table keeps the kernel's facts */
    msl_kernel facts = *k;
    ok = emit_function(ctx, k, 1, &text);
    k->static_smem = facts.static_smem;
    k->spill_bytes = facts.spill_bytes;
    k->dynamic_smem = facts.dynamic_smem;
    k->cuda_smem = facts.cuda_smem;
  }
  if (ok) {
    free(k->msl);
    k->msl = strbuf_take(&text);
  }
  strbuf_free(&text);
  return ok;
}

void msl_emit_module(msl_ctx *ctx) {
  /* Name the CUDA source (the IR's source_filename), not the .ll it came through. */
  size_t len = 0;
  const char *source = LLVMGetSourceFileName(ctx->mod, &len);
  if (!source || !len) source = ctx->path, len = strlen(source);
  const char *base = source;
  for (size_t k = 0; k < len; k++)
    if (source[k] == '/') base = source + k + 1;
  strbuf_printf(&ctx->msl, "// MSL generated by anchor-msl from %.*s. Do not edit.\n",
                (int)(len - (size_t)(base - source)), base);
  strbuf_put(&ctx->msl, "#include <metal_stdlib>\nusing namespace metal;\n\n");
  static const struct {
    unsigned bit;
    const char *text;
  } preludes[] = {{MSL_PRELUDE_FP64, msl_fp64_prelude},
                  {MSL_PRELUDE_MATH, msl_math_prelude},
                  {MSL_PRELUDE_WARP, msl_warp_prelude},
                  {MSL_PRELUDE_FENCE, msl_fence_prelude},
                  {MSL_PRELUDE_SPILL, msl_spill_prelude},
                  {MSL_PRELUDE_TEXTURE, msl_texture_prelude},
                  {MSL_PRELUDE_TEXFILTER, msl_texfilter_prelude},
                  {MSL_PRELUDE_SIMDGROUP_MATRIX, msl_simdgroup_matrix_prelude}};
  for (unsigned p = 0; p < sizeof preludes / sizeof *preludes; p++)
    if (ctx->preludes & preludes[p].bit) {
      strbuf_put(&ctx->msl, preludes[p].text);
      strbuf_put(&ctx->msl, "\n");
    }
  msl_emit_texture_records(ctx);
  for (unsigned k = 0; k < ctx->nkernels; k++)
    strbuf_put(&ctx->msl, ctx->kernels[k].msl ? ctx->kernels[k].msl : "");
}
