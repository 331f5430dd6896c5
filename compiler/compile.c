/* compile.c — msl_compile_file: the passes in order (see msl_internal.h). */
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

/* Emit every kernel. Kernels whose CFG structured emission cannot follow
 * (msl_structurable, decided before anything is emitted) are emitted after
 * structurizecfg, the others before it, as their CFG stands (structurizecfg
 * runs on the whole module but would only make their MSL longer). */
static int emit(msl_ctx *ctx) {
  unsigned char *later = calloc(ctx->nkernels + 1, 1);
  int any = 0, ok = later != NULL;
  for (unsigned k = 0; ok && k < ctx->nkernels; k++)
    if (!msl_structurable(ctx->kernels[k].fn)) later[k] = 1, any = 1;
  for (unsigned k = 0; ok && k < ctx->nkernels; k++)
    if (!later[k]) ok = msl_emit_kernel(ctx, &ctx->kernels[k]);
  if (ok && any) ok = pipeline_structurize(ctx);
  for (unsigned k = 0; ok && k < ctx->nkernels; k++)
    if (later[k]) ok = msl_emit_kernel(ctx, &ctx->kernels[k]);
  free(later);
  if (ok) msl_emit_module(ctx);
  return ok;
}

static int dump_ir(msl_ctx *ctx, const char *path) {
  char *message = NULL;
  if (!path) return 1;
  if (LLVMPrintModuleToFile(ctx->mod, path, &message)) {
    diag_error(ctx, NULL, "cannot write '%s': %s", path, message ? message : "");
    LLVMDisposeMessage(message);
    return 0;
  }
  return 1;
}

/* --fp64=MODE after the pipeline (retype_fp64.c): error checks, demote
 * and fast retype every double. The retyped code calls device-library
 * helpers (__anchor_fdiv_rn, __anchor_dd_*): when it does, the library is
 * linked a second time and the pipeline run again to inline them. */
static int fp64_mode(msl_ctx *ctx, const msl_options *o) {
  int relink = 0;
  switch (o->fp64) {
  case MSL_FP64_ERROR: return fp64_check_error(ctx);
  case MSL_FP64_DEMOTE:
  case MSL_FP64_FAST:
    return fp64_retype(ctx, o->fp64 == MSL_FP64_FAST, &relink) &&
           (!relink || (devlib_link(ctx, o->devlib_path) && pipeline_run(ctx)));
  case MSL_FP64_EXACT: break;
  }
  return 1;
}

/* The atomics Metal has no instruction for, and orderings stronger than relaxed
 * (lower_atomics_order.c, lower_atomics_wide.c): before the device library is linked (the
 * calls they make are what links it) and again after, for the library's own code (its
 * device services may use them); the second run leaves the user's code as it is. */
static int lower_atomics_early(msl_ctx *ctx) {
  return lower_atomics_order(ctx) && lower_atomics_wide(ctx);
}

static int demote_calls(msl_ctx *ctx) {
  return fp64_demote_calls(ctx, 0);
}
static int retype_demote(msl_ctx *ctx) {
  int relink;
  return fp64_retype(ctx, 0, &relink);
}
static int retype_fast(msl_ctx *ctx) {
  int relink;
  return fp64_retype(ctx, 1, &relink);
}

/* The IR->IR passes that can run alone, by name. */
static const struct {
  const char *name;
  int (*run)(msl_ctx *ctx);
} passes[] = {{"lower-switches", lower_switches},
              {"lower-ftz", lower_ftz},
              {"lower-asm", lower_asm},
              {"lower-div", lower_div},
              {"lower-convert", lower_convert},
              {"lower-math", lower_math},
              {"lower-fp64", lower_fp64},
              {"lower-memory", lower_memory},
              {"lower-atomics", lower_atomics},
              {"lower-atomics-order", lower_atomics_order},
              {"lower-atomics-wide", lower_atomics_wide},
              {"lower-libcalls", lower_libcalls},
              {"lower-vector-memory", lower_vector_memory},
              {"vectorize-memory", pipeline_vectorize},
              {"lower-vector-ops", lower_vector_ops},
              {"lower-unaligned", lower_unaligned},
              {"lower-int-widths", lower_int_widths},
              {"fp64-check-error", fp64_check_error},
              {"fp64-demote-calls", demote_calls},
              {"retype-fp64-demote", retype_demote},
              {"retype-fp64-fast", retype_fast}};

static int run_one_pass(msl_ctx *ctx, const char *name, const char *ir_path) {
  if (!ir_path) return diag_error(ctx, NULL, "--run-pass needs --emit-llvm FILE");
  strbuf known = {0};
  for (unsigned k = 0; k < sizeof passes / sizeof *passes; k++) {
    if (!strcmp(passes[k].name, name)) {
      strbuf_free(&known);
      return passes[k].run(ctx) && dump_ir(ctx, ir_path);
    }
    strbuf_printf(&known, "%s%s", k ? ", " : "", passes[k].name);
  }
  diag_error(ctx, NULL, "unknown pass '%s' (%s)", name, known.data);
  strbuf_free(&known);
  return 0;
}

msl_status msl_compile_file(const char *path, msl_output *out) {
  return msl_compile(path, NULL, out);
}

/* The status of a compilation; frees ctx. */
static msl_status finish(msl_ctx *ctx, int ok, msl_output *out) {
  msl_status status = {0, NULL};
  if (ok && !ctx->failed && ctx->diags.len)
    status.message = strbuf_take(&ctx->diags); /* warnings */
  if (!ok || ctx->failed) {
    msl_output_free(out);
    status.failed = 1;
    status.message = strbuf_take(&ctx->diags);
    if (!status.message[0]) {
      free(status.message);
      status.message = strdup("error: internal error without a diagnostic\n");
    }
  }
  module_free(ctx);
  return status;
}

msl_status msl_compile(const char *path, const msl_options *options, msl_output *out) {
  msl_options defaults = {0};
  if (!options) options = &defaults;
  msl_ctx ctx = {0};
  memset(out, 0, sizeof *out);
  int ok = module_load(&ctx, path);
  if (ok && options->source_name)
    LLVMSetSourceFileName(ctx.mod, options->source_name, strlen(options->source_name));
  ok = ok && module_find_kernels(&ctx);
  if (ok && options->run_pass) {
    ok = run_one_pass(&ctx, options->run_pass, options->llvm_ir_path);
    return finish(&ctx, ok, out);
  }
  ok = ok && lower_ftz(&ctx) && lower_asm(&ctx) && lower_div(&ctx) && lower_convert(&ctx) &&
       lower_atomics_early(&ctx) && lower_libcalls(&ctx) &&
       devlib_link(&ctx, options->devlib_path) && lower_atomics_early(&ctx) &&
       (options->fp64 != MSL_FP64_DEMOTE || fp64_demote_calls(&ctx, 0)) &&
       (options->fp64 != MSL_FP64_FAST || fp64_demote_calls(&ctx, 1));
  for (unsigned k = 0; ok && k < ctx.nkernels; k++)
    ok = abi_param_layout(&ctx, &ctx.kernels[k]);
  ok = ok && pipeline_run(&ctx) && fp64_mode(&ctx, options) && lower_unaligned(&ctx) &&
       lower_int_widths(&ctx) && lower_math(&ctx) && lower_fp64(&ctx) && lower_memory(&ctx) &&
       lower_atomics(&ctx) && pipeline_vectorize(&ctx) && module_collect_globals(&ctx) &&
       emit(&ctx) && dump_ir(&ctx, options->llvm_ir_path) &&
       msl_verify_source(&ctx, ctx.msl.data) && msl_table_write(&ctx, out);
  return finish(&ctx, ok, out);
}

void msl_status_free(msl_status *status) {
  free(status->message);
  status->message = NULL;
}

void msl_output_free(msl_output *out) {
  free(out->blob);
  free(out->msl);
  memset(out, 0, sizeof *out);
}
