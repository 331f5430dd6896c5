/* fp64.c — the emitter's rows for the software binary64 helpers that
 * lower_fp64.c calls (ARCHITECTURE.md decision 7): each anchor_f64_* name's
 * MSL text, a call into the fp64.metal prelude (embedded at build time as
 * msl_fp64_prelude, emitted once when used). A double is carried as its
 * ulong bits. Comparisons are spelled with the prelude's eq/lt/le/unordered
 * (ordered predicates are false and unordered ones true on NaN), integer
 * conversions through its 64-bit ones. What fp64.metal does not implement
 * yet (the transcendental math library, conversion to half) is an error
 * naming the operation. */
#include <string.h>

#include "msl_internal.h"

#define F64(t) {t, NULL, NULL, NULL, MSL_ROW_PURE | MSL_ROW_DOUBLE_OK, MSL_PRELUDE_FP64}
#define F64_I1(t, t_i1) {t, t_i1, NULL, NULL, MSL_ROW_PURE | MSL_ROW_DOUBLE_OK, MSL_PRELUDE_FP64}

static const struct {
  const char *name; /* before any .iN suffix */
  msl_row row;
} rows[] = {
    {"anchor_f64_add", F64("anchor_f64_add(%0, %1)")},
    {"anchor_f64_sub", F64("anchor_f64_sub(%0, %1)")},
    {"anchor_f64_mul", F64("anchor_f64_mul(%0, %1)")},
    {"anchor_f64_div", F64("anchor_f64_div(%0, %1)")},
    {"anchor_f64_fmod", F64("anchor_f64_fmod(%0, %1)")},
    {"anchor_f64_neg", F64("anchor_f64_neg(%0)")},
    {"anchor_f64_abs", F64("anchor_f64_abs(%0)")},
    {"anchor_f64_min", F64("anchor_f64_min(%0, %1)")},
    {"anchor_f64_max", F64("anchor_f64_max(%0, %1)")},
    {"anchor_f64_copysign", F64("((%0 & ~ANCHOR_F64_SIGN) | (%1 & ANCHOR_F64_SIGN))")},
    {"anchor_f64_sqrt", F64("anchor_f64_sqrt(%0)")},
    {"anchor_f64_trunc", F64("anchor_f64_trunc(%0)")},
    {"anchor_f64_floor", F64("anchor_f64_floor(%0)")},
    {"anchor_f64_ceil", F64("anchor_f64_ceil(%0)")},
    {"anchor_f64_round_away", F64("anchor_f64_round_away(%0)")},
    {"anchor_f64_rint", F64("anchor_f64_rint(%0)")},
    {"anchor_f64_fma", F64("anchor_f64_fma(%0, %1, %2)")},
    {"anchor_f64_cmp_false", F64("false")},
    {"anchor_f64_cmp_true", F64("true")},
    {"anchor_f64_cmp_oeq", F64("anchor_f64_eq(%0, %1)")},
    {"anchor_f64_cmp_ogt", F64("anchor_f64_lt(%1, %0)")},
    {"anchor_f64_cmp_oge", F64("anchor_f64_le(%1, %0)")},
    {"anchor_f64_cmp_olt", F64("anchor_f64_lt(%0, %1)")},
    {"anchor_f64_cmp_ole", F64("anchor_f64_le(%0, %1)")},
    {"anchor_f64_cmp_one", F64("(!anchor_f64_unordered(%0, %1) && !anchor_f64_eq(%0, %1))")},
    {"anchor_f64_cmp_ord", F64("!anchor_f64_unordered(%0, %1)")},
    {"anchor_f64_cmp_uno", F64("anchor_f64_unordered(%0, %1)")},
    {"anchor_f64_cmp_ueq", F64("(anchor_f64_unordered(%0, %1) || anchor_f64_eq(%0, %1))")},
    {"anchor_f64_cmp_ugt", F64("!anchor_f64_le(%0, %1)")},
    {"anchor_f64_cmp_uge", F64("!anchor_f64_lt(%0, %1)")},
    {"anchor_f64_cmp_ult", F64("!anchor_f64_le(%1, %0)")},
    {"anchor_f64_cmp_ule", F64("!anchor_f64_lt(%1, %0)")},
    {"anchor_f64_cmp_une", F64("!anchor_f64_eq(%0, %1)")},
    {"anchor_f64_from_i64", F64("anchor_f64_from_i64(%s0)")},
    {"anchor_f64_from_int", F64("anchor_f64_from_i64((long)%s0)")},
    {"anchor_f64_from_uint", F64("anchor_f64_from_u64((ulong)%0)")},
    {"anchor_f64_to_int", F64_I1("(%T)(%S)anchor_f64_to_i64(%0)", "(anchor_f64_to_i64(%0) != 0)")},
    {"anchor_f64_to_uint", F64_I1("(%T)anchor_f64_to_u64(%0)", "(anchor_f64_to_u64(%0) != 0)")},
    {"anchor_f64_from_half", F64("anchor_f64_from_f32((float)%0)")},
    {"anchor_f64_from_f32", F64("anchor_f64_from_f32(%0)")},
    {"anchor_f64_to_f32", F64("anchor_f64_to_f32(%0)")},
};

const msl_row *msl_fp64_row(const char *name) {
  if (strncmp(name, "anchor_f64_", 11)) return NULL;
  const char *dot = strchr(name, '.');
  size_t n = dot ? (size_t)(dot - name) : strlen(name);
  for (unsigned k = 0; k < sizeof rows / sizeof *rows; k++)
    if (strlen(rows[k].name) == n && !strncmp(rows[k].name, name, n)) return &rows[k].row;
  return NULL;
}

void msl_double_unsupported(msl_inst *in) {
  if (LLVMIsACallInst(in->i)) {
    const char *name = ir_callee_name(in->i);
    in->ok = 0;
    diag_error(in->f->ctx, in->i, "double-precision '%s' " NOT_SUPPORTED, name);
  } else if (LLVMGetInstructionOpcode(in->i) == LLVMFPTrunc) {
    msl_inst_unsupported(in, "conversion of double to half");
  } else {
    msl_inst_unsupported(in, "this double-precision conversion");
  }
}
