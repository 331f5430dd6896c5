/* table.c — the device module anchor-msl produces: the kernels' and
 * globals' facts and the MSL source, serialised by the one writer of the
 * format (common/module.h). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "msl_internal.h"
#include "target.h"

int msl_table_write(msl_ctx *ctx, msl_output *out) {
  assert(!ctx->failed && (!ctx->msl.data || strlen(ctx->msl.data) == ctx->msl.len));
  ac_module m = {0};
  /* MSL 3.1 is the baseline (decision 3); fences exist only from 3.2. */
  m.language_major =
      (ctx->preludes & MSL_PRELUDE_FENCE) ? AC_MSL_FENCE_MAJOR : AC_MSL_BASELINE_MAJOR;
  m.language_minor =
      (ctx->preludes & MSL_PRELUDE_FENCE) ? AC_MSL_FENCE_MINOR : AC_MSL_BASELINE_MINOR;
  m.kernel_count = ctx->nkernels;
  m.global_count = ctx->nglobals;
  m.kernels = calloc(ctx->nkernels + 1, sizeof *m.kernels);
  m.globals = calloc(ctx->nglobals + 1, sizeof *m.globals);
  ac_param *params = NULL;
  unsigned nparams = 0;
  for (unsigned k = 0; k < ctx->nkernels; k++)
    nparams += ctx->kernels[k].nparams;
  params = calloc(nparams + 1, sizeof *params);
  int ok = m.kernels && m.globals && params;
  for (unsigned k = 0, next = 0; ok && k < ctx->nkernels; k++) {
    const msl_kernel *kn = &ctx->kernels[k];
    ac_kernel *out_kernel = &m.kernels[k];
    out_kernel->name = (char *)kn->name; /* only read by the writer */
    out_kernel->param_bytes = kn->param_bytes;
    out_kernel->static_smem_bytes = kn->static_smem;
    out_kernel->dynamic_smem = kn->dynamic_smem;
    out_kernel->max_threads = kn->max_threads;
    out_kernel->spill_bytes = kn->spill_bytes;
    out_kernel->cuda_smem_bytes = kn->cuda_smem;
    out_kernel->param_count = kn->nparams;
    out_kernel->params = params + next;
    for (unsigned p = 0; p < kn->nparams; p++, next++)
      params[next] = (ac_param){kn->params[p].offset, kn->params[p].size};
  }
  unsigned naddresses = 0;
  for (unsigned g = 0; g < ctx->nglobals; g++)
    naddresses += ctx->globals[g].naddresses;
  ac_address *addresses = calloc(naddresses + 1, sizeof *addresses);
  ok = ok && addresses;
  for (unsigned g = 0, next = 0; ok && g < ctx->nglobals; g++) {
    const msl_global *gl = &ctx->globals[g];
    m.globals[g] = (ac_global){(char *)gl->name, gl->index, gl->size,       gl->align,
                               gl->constant,     gl->init,  gl->naddresses, addresses + next};
    for (unsigned a = 0; a < gl->naddresses; a++, next++)
      addresses[next] =
          (ac_address){gl->addresses[a].offset, gl->addresses[a].target, gl->addresses[a].addend};
  }
  m.msl = ctx->msl.data ? ctx->msl.data : (char *)"";
  m.msl_length = ctx->msl.len;
  unsigned char *blob = NULL;
  size_t size = 0;
  ok = ok && ac_module_write(&m, &blob, &size);
  free(m.kernels);
  free(m.globals);
  free(params);
  free(addresses);
  if (!ok) return diag_error(ctx, NULL, "out of memory writing the device module");
  out->blob = blob;
  out->blob_size = size;
  out->msl_size = ctx->msl.len;
  out->msl = strbuf_take(&ctx->msl);
  return 1;
}
