/* table.c — the device module blob (docs/design.md, "The device module"):
 * "ANCHMOD1", total length (u64 LE), then the kernel/param/global table and
 * the MSL source. */
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

static void put_table(msl_ctx *ctx, msl_buf *t) {
  /* MSL 3.1 is the baseline (decision 3); fences exist only from 3.2. */
  if (ctx->uses_fence) msl_buf_printf(t, "language 3.2\n");
  for (unsigned k = 0; k < ctx->nkernels; k++) {
    msl_kernel *kn = &ctx->kernels[k];
    msl_buf_printf(t, "kernel %s %u %u %d\n", kn->name, kn->param_bytes, kn->static_smem,
                   kn->dynamic_smem);
    for (unsigned p = 0; p < kn->nparams; p++)
      msl_buf_printf(t, "param %u %u\n", kn->params[p].offset, kn->params[p].size);
  }
  for (unsigned g = 0; g < ctx->nglobals; g++) {
    msl_global *gl = &ctx->globals[g];
    msl_buf_printf(t, "global %s %u %u %u %s %s\n", gl->name, gl->index, gl->size, gl->align,
                   gl->constant ? "constant" : "device", gl->init_hex);
  }
  msl_buf_printf(t, "msl %zu\n", ctx->msl.len);
}

int msl_table_write(msl_ctx *ctx, msl_output *out) {
  msl_buf table = {0};
  put_table(ctx, &table);
  size_t total = 16 + table.len + ctx->msl.len;
  unsigned char *blob = malloc(total);
  memcpy(blob, "ANCHMOD1", 8);
  for (int i = 0; i < 8; i++)
    blob[8 + i] = (unsigned char)((unsigned long long)total >> (8 * i));
  memcpy(blob + 16, table.data, table.len);
  memcpy(blob + 16 + table.len, ctx->msl.data, ctx->msl.len);
  msl_buf_free(&table);
  out->blob = blob;
  out->blob_size = total;
  out->msl_size = ctx->msl.len;
  out->msl = msl_buf_take(&ctx->msl);
  return 1;
}
