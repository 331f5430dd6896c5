/* wmma.c — the rows of the SIMD-group matrix intrinsics (issue 16, docs/wmma.md,
 * docs/compiler.md "Warp matrix operations"): calls of __anchor_sgmma_f32 and
 * __anchor_sgmma_f16, which include/mma.h's mma_sync makes once per (output tile, k tile),
 * as calls of the prelude's anchor_sgmma_f32/_f16: one MSL simdgroup_multiply_accumulate
 * on simdgroup_float8x8 / simdgroup_half8x8 matrices built from the lane's pair of
 * elements (thread_elements()), the result's pair returned. Each argument and the result
 * is a ulong: two floats' bits (element 0 in the low word), or two halves' bits in the
 * low 32 bits. The matrices never leave the helper, so no MSL matrix type crosses the
 * emitter's value model; the lane layout is the one thread_elements() has (mma.h). */
#include <string.h>

#include "msl_internal.h"

void msl_emit_simdgroup_mma(msl_inst *in) {
  const char *name = ir_callee_name(in->i);
  const char *kind = name + strlen("__anchor_sgmma_");
  if (strcmp(kind, "f32") && strcmp(kind, "f16")) {
    msl_inst_unsupported(in, name);
    return;
  }
  msl_inst_template_args(in, "anchor_sgmma_%a0(%0, %1, %2)", (const char *const[]){kind});
}

/* Element j of a pair: thread_elements()[j] on both sides, moved as scalars (no MSL vector
 * value per lane, which softmetal's vectorizer would not take). Appended once
 * (MSL_PRELUDE_SIMDGROUP_MATRIX). */
const char msl_simdgroup_matrix_prelude[] =
    "inline ulong anchor_sgmma_f32(ulong a, ulong b, ulong c) {\n"
    "  simdgroup_float8x8 ma, mb, mc;\n"
    "  ma.thread_elements()[0] = as_type<float>((uint)a);\n"
    "  ma.thread_elements()[1] = as_type<float>((uint)(a >> 32));\n"
    "  mb.thread_elements()[0] = as_type<float>((uint)b);\n"
    "  mb.thread_elements()[1] = as_type<float>((uint)(b >> 32));\n"
    "  mc.thread_elements()[0] = as_type<float>((uint)c);\n"
    "  mc.thread_elements()[1] = as_type<float>((uint)(c >> 32));\n"
    "  simdgroup_multiply_accumulate(mc, ma, mb, mc);\n"
    "  return (ulong)as_type<uint>(mc.thread_elements()[0]) |\n"
    "         (ulong)as_type<uint>(mc.thread_elements()[1]) << 32;\n"
    "}\n"
    "inline ulong anchor_sgmma_f16(ulong a, ulong b, ulong c) {\n"
    "  simdgroup_half8x8 ma, mb, mc;\n"
    "  ma.thread_elements()[0] = as_type<half>((ushort)a);\n"
    "  ma.thread_elements()[1] = as_type<half>((ushort)(a >> 16));\n"
    "  mb.thread_elements()[0] = as_type<half>((ushort)b);\n"
    "  mb.thread_elements()[1] = as_type<half>((ushort)(b >> 16));\n"
    "  mc.thread_elements()[0] = as_type<half>((ushort)c);\n"
    "  mc.thread_elements()[1] = as_type<half>((ushort)(c >> 16));\n"
    "  simdgroup_multiply_accumulate(mc, ma, mb, mc);\n"
    "  return (ulong)as_type<ushort>(mc.thread_elements()[0]) |\n"
    "         (ulong)as_type<ushort>(mc.thread_elements()[1]) << 16;\n"
    "}\n";
