/* ptx_float.c — inline PTX float arithmetic and conversions as IR
 * (ptx_xlate.h): .rn as LLVM's own operations, the directed modes and the
 * approximations as the device library's functions of the same semantics
 * (__fadd_rz, __frcp_rn, __expf...); cvt between every integer and float
 * type with its rounding and saturation. */
#include <stdio.h>
#include <string.h>

#include "ptx_xlate.h"

/* ---- float arithmetic --------------------------------------------------- */

/* The rounding mode's index (0 rn .. 3 rp), -1 when none given. */
static int rounding(ptx_xlate *x) {
  return ptx_mod_of(x, ptx_rounding_mods) - 1;
}

/* add sub mul fma mad div (float): rn is LLVM's own arithmetic (which
 * nothing contracts), the directed modes the device library's __fadd_rz...;
 * .ftz flushes operands and result, .sat clamps to [+0, 1]. */
/* add sub mul .f16 / .f16x2 (each lane): LLVM's half arithmetic, one
 * rounding to binary16 — the IR of cuda_fp16.h's __hadd/__hsub/__hmul. */
static int half_arith(ptx_xlate *x) {
  const char *name = x->st->parts[0];
  int pair = ptx_mod(x, "f16x2"), mode = rounding(x);
  if ((strcmp(name, "add") && strcmp(name, "sub") && strcmp(name, "mul")) || mode > 0 ||
      ptx_mod(x, "ftz") || ptx_mod(x, "sat") || !ptx_check_operands(x, 3, 3))
    return ptx_error(x, "this half-precision form of '%s'", name);
  ptx_type bt = {'b', pair ? 32 : 16};
  LLVMValueRef a = ptx_get(x, 1, bt), bv = ptx_get(x, 2, bt);
  if (!a || !bv) return 0;
  LLVMBuilderRef b = x->b;
  LLVMTypeRef wt = ptx_int_type(x, bt.bits), i16 = ptx_int_type(x, 16);
  LLVMTypeRef half = LLVMHalfTypeInContext(x->ctx->llctx);
  LLVMValueRef r = LLVMConstNull(wt);
  for (unsigned lane = 0; lane < (pair ? 2u : 1u); lane++) {
    LLVMValueRef shift = ptx_cint(x, wt, 16 * lane);
    LLVMValueRef ha =
        LLVMBuildBitCast(b, LLVMBuildTrunc(b, LLVMBuildLShr(b, a, shift, ""), i16, ""), half, "");
    LLVMValueRef hb =
        LLVMBuildBitCast(b, LLVMBuildTrunc(b, LLVMBuildLShr(b, bv, shift, ""), i16, ""), half, "");
    LLVMValueRef v = name[0] == 'a'   ? LLVMBuildFAdd(b, ha, hb, "")
                     : name[0] == 's' ? LLVMBuildFSub(b, ha, hb, "")
                                      : LLVMBuildFMul(b, ha, hb, "");
    v = LLVMBuildZExt(b, LLVMBuildBitCast(b, v, i16, ""), wt, "");
    r = LLVMBuildOr(b, r, LLVMBuildShl(b, v, shift, ""), "");
  }
  return ptx_put(x, 0, r, bt);
}

/* fma.rn{.sat,.relu} and min/max{.NaN} on .f16, .f16x2, .bf16, .bf16x2: per lane, the
 * device library's __anchor_ptx_<op>_<type> (devlib/ptx_half.cu), which is cuda_fp16.h's
 * or cuda_bf16.h's __hfma/__hfma_sat/__hfma_relu/__hmin/__hmax/__hmin_nan/__hmax_nan. */
int ptx_half_library(ptx_xlate *x) {
  static const char *const types[] = {"f16", "f16x2", "bf16", "bf16x2", NULL};
  int type = ptx_mod_of(x, types);
  if (!type) return -1;
  const char *name = x->st->parts[0];
  int fma = !strcmp(name, "fma"), pair = type == 2 || type == 4, bf = type >= 3;
  if (!fma && strcmp(name, "min") && strcmp(name, "max"))
    return ptx_error(x, "this half-precision form of '%s'", name);
  if (ptx_mod(x, "ftz")) return ptx_error(x, "'.ftz' on half-precision '%s'", name);
  char fn[48];
  if (fma) {
    int sat = ptx_mod(x, "sat"), relu = ptx_mod(x, "relu");
    if (!ptx_mod(x, "rn") || (sat && (relu || bf)))
      return ptx_error(x, "this half-precision form of '%s'", name);
    snprintf(fn, sizeof fn, "__anchor_ptx_fma%s_%s",
             sat    ? "_sat"
             : relu ? "_relu"
                    : "",
             bf ? "bf16" : "f16");
  } else {
    snprintf(fn, sizeof fn, "__anchor_ptx_%s%s_%s", name, ptx_mod(x, "NaN") ? "_nan" : "",
             bf ? "bf16" : "f16");
  }
  int n = fma ? 3 : 2;
  if (!ptx_check_operands(x, n + 1, n + 1)) return 0;
  ptx_type bt = {'b', pair ? 32 : 16};
  LLVMTypeRef wt = ptx_int_type(x, bt.bits), i16 = ptx_int_type(x, 16);
  LLVMValueRef src[3] = {NULL, NULL, LLVMConstNull(wt)};
  for (int k = 0; k < n; k++)
    if (!(src[k] = ptx_get(x, k + 1, bt))) return 0;
  LLVMBuilderRef b = x->b;
  LLVMValueRef r = LLVMConstNull(wt);
  for (unsigned lane = 0; lane < (pair ? 2u : 1u); lane++) {
    LLVMValueRef shift = ptx_cint(x, wt, 16 * lane), args[3];
    for (int k = 0; k < 3; k++)
      args[k] = LLVMBuildTrunc(b, LLVMBuildLShr(b, src[k], shift, ""), i16, "");
    LLVMValueRef v = LLVMBuildZExt(b, ptx_call_devlib(x, fn, i16, args, 3), wt, "");
    r = LLVMBuildOr(b, r, LLVMBuildShl(b, v, shift, ""), "");
  }
  return ptx_put(x, 0, r, bt);
}

int ptx_float_arith(ptx_xlate *x, ptx_type t) {
  const char *name = x->st->parts[0];
  int fma = !strcmp(name, "fma") || !strcmp(name, "mad"), div = !strcmp(name, "div");
  int n = fma ? 3 : 2;
  if (t.bits == 16) return half_arith(x);
  if (!ptx_check_operands(x, n + 1, n + 1)) return ptx_error(x, "the type of '%s'", name);
  int mode = rounding(x), ftz = ptx_mod(x, "ftz"), sat = ptx_mod(x, "sat");
  int approx = div ? ptx_mod(x, "approx") : 0, full = div ? ptx_mod(x, "full") : 0;
  int d = t.bits == 64;
  if (d && (ftz || sat || approx || full)) return ptx_error(x, "a modifier of '%s.f64'", name);
  if ((fma || (div && !approx && !full)) && mode < 0)
    return ptx_error(x, "'%s' without a rounding mode", name);
  if ((approx || full) && mode >= 0) return ptx_error(x, "the modifiers of '%s'", name);
  LLVMValueRef v[3];
  if (!ptx_float_sources(x, t, ftz, v, n)) return 0;
  LLVMTypeRef lt = ptx_ltype(x, t);
  LLVMBuilderRef b = x->b;
  char fn[48];
  LLVMValueRef r;
  if (approx || full) {
    r = ptx_call_devlib(x, approx ? "__anchor_fdividef" : "__anchor_fdiv_full", lt, v, 2);
  } else if (mode <= 0 && !fma) {
    r = !strcmp(name, "add")   ? LLVMBuildFAdd(b, v[0], v[1], "")
        : !strcmp(name, "sub") ? LLVMBuildFSub(b, v[0], v[1], "")
        : !strcmp(name, "mul") ? LLVMBuildFMul(b, v[0], v[1], "")
                               : LLVMBuildFDiv(b, v[0], v[1], "");
  } else if (fma && mode == 0) {
    r = ptx_call_intrinsic(x, "llvm.fma", &lt, 1, v, 3);
  } else {
    const char *op = fma ? (d ? "fma" : "fmaf") : NULL;
    char opbuf[32];
    if (!op) {
      snprintf(opbuf, sizeof opbuf, "%c%.8s", d ? 'd' : 'f', name);
      op = opbuf;
    }
    snprintf(fn, sizeof fn, "__anchor_%s_%s", op, ptx_rounding_names[mode]);
    r = ptx_call_devlib(x, fn, lt, v, (unsigned)n);
  }
  return ptx_float_result(x, r, t, ftz, sat);
}

/* rcp sqrt rsqrt ex2 lg2 sin cos tanh: the device library's function of the
 * same semantics (an .approx is within PTX's bound). */
int ptx_op_float_unary(ptx_xlate *x) {
  const char *name = x->st->parts[0];
  ptx_type t;
  if (!ptx_one_type(x, &t, "f", 32) || !ptx_check_operands(x, 2, 2)) return 0;
  int approx = ptx_mod(x, "approx"), mode = rounding(x), ftz = ptx_mod(x, "ftz");
  int d = t.bits == 64;
  const char *fn = NULL;
  char buf[48];
  if (!strcmp(name, "rcp") || !strcmp(name, "sqrt")) {
    if (approx == (mode >= 0) || (d && approx)) return ptx_error(x, "the modifiers of '%s'", name);
    int sqrt = name[0] == 's';
    if (approx || mode == 0)
      fn = sqrt ? (d ? "__anchor_dsqrt_rn" : "__anchor_sqrtf")
                : (d ? "__anchor_drcp_rn" : "__anchor_frcp_rn");
    else {
      snprintf(buf, sizeof buf, "__anchor_%c%s_%s", d ? 'd' : 'f', name, ptx_rounding_names[mode]);
      fn = buf;
    }
  } else {
    if (!approx || mode >= 0 || d) return ptx_error(x, "the modifiers or type of '%s'", name);
    static const char *const names[][2] = {
        {"rsqrt", "__anchor_rsqrtf"}, {"ex2", "__anchor_exp2f"},  {"lg2", "__anchor___log2f"},
        {"sin", "__anchor___sinf"},   {"cos", "__anchor___cosf"}, {"tanh", "__anchor_tanhf"}};
    for (unsigned k = 0; k < sizeof names / sizeof *names; k++)
      if (!strcmp(name, names[k][0])) fn = names[k][1];
  }
  if (d && ftz) return ptx_error(x, "'.ftz' on '%s.f64'", name);
  LLVMValueRef v;
  if (!fn || !ptx_float_sources(x, t, ftz, &v, 1)) return fn ? 0 : ptx_unsupported(x);
  return ptx_float_result(x, ptx_call_devlib(x, fn, ptx_ltype(x, t), &v, 1), t, ftz, 0);
}

/* ---- conversions -------------------------------------------------------- */

static int cvt_int_int(ptx_xlate *x, ptx_type dt, ptx_type at, int sat) {
  LLVMValueRef a = ptx_get(x, 1, at);
  if (!a) return 0;
  LLVMTypeRef lt = LLVMTypeOf(a);
  int s = at.kind == 's', ds = dt.kind == 's';
  if (sat) {
    unsigned W = at.bits, D = dt.bits;
    if (s && (!ds || D < W)) { /* lower bound */
      long long lo = ds ? -(1ll << (D - 1)) : 0;
      LLVMValueRef args[2] = {a, LLVMConstInt(lt, (unsigned long long)lo, 1)};
      a = ptx_call_intrinsic(x, "llvm.smax", &lt, 1, args, 2);
    }
    if ((s ? W - 1 : W) > (ds ? D - 1 : D)) { /* upper bound */
      unsigned long long hi = ds ? (1ull << (D - 1)) - 1 : (D == 64 ? ~0ull : (1ull << D) - 1);
      LLVMValueRef args[2] = {a, LLVMConstInt(lt, hi, 0)};
      a = ptx_call_intrinsic(x, s ? "llvm.smin" : "llvm.umin", &lt, 1, args, 2);
    }
  }
  return ptx_put(x, 0, ptx_cast(x, a, ptx_ltype(x, dt), s), dt);
}

/* cvt.{irnd}.int.float: the device library's saturating __float2int_rz...;
 * 8- and 16-bit results through 32 bits, clamped. */
static int cvt_float_int(ptx_xlate *x, ptx_type dt, ptx_type at, int ftz) {
  int mode = ptx_mod_of(x, ptx_int_rounding_mods) - 1;
  if (mode < 0) return ptx_error(x, "the rounding of '%s'", "cvt");
  LLVMValueRef a = ptx_get(x, 1, at);
  if (!a) return 0;
  if (at.bits == 16) /* a half is exactly a float */
    a = LLVMBuildFPExt(x->b, a, ptx_f32(x), ""), at.bits = 32;
  if (ftz) a = ptx_flush(x, a);
  ptx_type wt = {dt.kind, dt.bits == 64 ? 64 : 32};
  char fn[48];
  snprintf(fn, sizeof fn, "__anchor_%s2%s_%s", at.bits == 64 ? "double" : "float",
           wt.bits == 64 ? (dt.kind == 's' ? "ll" : "ull") : (dt.kind == 's' ? "int" : "uint"),
           ptx_rounding_names[mode]);
  LLVMValueRef r = ptx_call_devlib(x, fn, ptx_ltype(x, wt), &a, 1);
  if (dt.bits < 32) {
    LLVMTypeRef lt = LLVMTypeOf(r);
    long long lo = dt.kind == 's' ? -(1ll << (dt.bits - 1)) : 0;
    long long hi = dt.kind == 's' ? (1ll << (dt.bits - 1)) - 1 : (1ll << dt.bits) - 1;
    LLVMValueRef args[2] = {r, LLVMConstInt(lt, (unsigned long long)hi, 1)};
    r = ptx_call_intrinsic(x, dt.kind == 's' ? "llvm.smin" : "llvm.umin", &lt, 1, args, 2);
    if (dt.kind == 's') {
      args[0] = r, args[1] = LLVMConstInt(lt, (unsigned long long)lo, 1);
      r = ptx_call_intrinsic(x, "llvm.smax", &lt, 1, args, 2);
    }
    r = LLVMBuildTrunc(x->b, r, ptx_ltype(x, dt), "");
  }
  return ptx_put(x, 0, r, dt);
}

static int cvt_int_float(ptx_xlate *x, ptx_type dt, ptx_type at, int sat) {
  int mode = rounding(x);
  if (mode < 0 || dt.bits == 16) return ptx_error(x, "the rounding of '%s'", "cvt");
  ptx_type wt = {at.kind == 'b' ? 'u' : at.kind, at.bits == 64 ? 64 : 32};
  LLVMValueRef a = ptx_get(x, 1, at);
  if (!a) return 0;
  a = ptx_cast(x, a, ptx_ltype(x, wt), at.kind == 's');
  const char *src =
      wt.bits == 64 ? (wt.kind == 's' ? "ll" : "ull") : (wt.kind == 's' ? "int" : "uint");
  char fn[48];
  if (dt.bits == 64 && wt.bits == 32)
    snprintf(fn, sizeof fn, "__anchor_%s2double_rn", src); /* exact */
  else
    snprintf(fn, sizeof fn, "__anchor_%s2%s_%s", src, dt.bits == 64 ? "double" : "float",
             ptx_rounding_names[mode]);
  LLVMValueRef r = ptx_call_devlib(x, fn, ptx_ltype(x, dt), &a, 1);
  return ptx_float_result(x, r, dt, 0, sat);
}

static int cvt_float_float(ptx_xlate *x, ptx_type dt, ptx_type at, int ftz, int sat) {
  if (dt.bits == 16 || at.bits == 16) {
    /* f32 -> f16: __float2half_rn (fptrunc); f16 -> f32/f64: exact (fpext) */
    int mode = dt.bits == 16 ? rounding(x) : -1;
    if ((dt.bits == 16 ? at.bits != 32 || mode != 0 : dt.bits == 16) || sat)
      return ptx_error(x, "this half-precision form of '%s'", "cvt");
    LLVMValueRef a = ptx_get(x, 1, at);
    if (!a) return 0;
    if (ftz && at.bits == 32) a = ptx_flush(x, a);
    LLVMTypeRef lt = ptx_ltype(x, dt);
    return ptx_put(
        x, 0, dt.bits == 16 ? LLVMBuildFPTrunc(x->b, a, lt, "") : LLVMBuildFPExt(x->b, a, lt, ""),
        dt);
  }
  LLVMValueRef a = ptx_get(x, 1, at);
  if (!a) return 0;
  if (ftz && at.bits == 32) a = ptx_flush(x, a);
  LLVMTypeRef lt = ptx_ltype(x, dt);
  LLVMValueRef r;
  if (dt.bits == at.bits) {
    int mode = ptx_mod_of(x, ptx_int_rounding_mods) - 1;
    static const char *const intr[] = {"llvm.rint", "llvm.trunc", "llvm.floor", "llvm.ceil"};
    r = mode < 0 ? a : ptx_call_intrinsic(x, intr[mode], &lt, 1, &a, 1);
  } else if (dt.bits == 64) {
    r = LLVMBuildFPExt(x->b, a, lt, "");
  } else {
    int mode = rounding(x);
    if (mode < 0) return ptx_error(x, "the rounding of '%s'", "cvt");
    char fn[48];
    snprintf(fn, sizeof fn, "__anchor_double2float_%s", ptx_rounding_names[mode]);
    r = ptx_call_devlib(x, fn, lt, &a, 1);
  }
  return ptx_float_result(x, r, dt, ftz && dt.bits == 32, sat);
}

/* cvt{.rnd}{.ftz}{.sat}.dtype.atype d, a */
/* cvt.rn{.relu}.f16x2.f32 d, a, b: a's half in the upper 16 bits, b's in
 * the lower (two __float2half_rn). */
static int cvt_f16x2(ptx_xlate *x) {
  ptx_type ts[3], f = {'f', 32};
  if (ptx_types(x, ts, 3) != 1 || ts[0].kind != 'f' || ts[0].bits != 32 || rounding(x) != 0 ||
      !ptx_check_operands(x, 3, 3))
    return ptx_error(x, "this form of '%s'", "cvt.f16x2");
  LLVMValueRef a = ptx_get(x, 1, f), bv = ptx_get(x, 2, f);
  if (!a || !bv) return 0;
  LLVMTypeRef half = LLVMHalfTypeInContext(x->ctx->llctx), u = ptx_i32(x);
  LLVMValueRef hi = ptx_cast(x, LLVMBuildFPTrunc(x->b, a, half, ""), u, 0);
  LLVMValueRef lo = ptx_cast(x, LLVMBuildFPTrunc(x->b, bv, half, ""), u, 0);
  LLVMValueRef r = LLVMBuildOr(x->b, LLVMBuildShl(x->b, hi, ptx_cint(x, u, 16), ""), lo, "");
  return ptx_put(x, 0, r, (ptx_type){'b', 32});
}

int ptx_op_cvt(ptx_xlate *x) {
  if (ptx_mod(x, "f16x2")) return cvt_f16x2(x);
  ptx_type ts[3];
  if (ptx_types(x, ts, 3) != 2 || !ptx_check_operands(x, 2, 2))
    return ptx_error(x, "the types of '%s'", "cvt");
  ptx_type dt = ts[0], at = ts[1];
  if (dt.kind == 'p' || at.kind == 'p') return ptx_error(x, "the types of '%s'", "cvt");
  int ftz = ptx_mod(x, "ftz"), sat = ptx_mod(x, "sat");
  if (dt.kind != 'f' && at.kind != 'f')
    return !ftz ? cvt_int_int(x, dt, at, sat) : ptx_error(x, "'.ftz' on '%s'", "cvt");
  if (dt.kind != 'f') return cvt_float_int(x, dt, at, ftz);
  if (at.kind != 'f') return cvt_int_float(x, dt, at, sat);
  return cvt_float_float(x, dt, at, ftz, sat);
}
