/* ptx_integer.c — inline PTX integer instructions as IR (ptx_xlate.h):
 * add/sub/mul/mad with .lo .hi .wide .sat and carry chains (the carry an i1
 * register), mul24, sad, div/rem, min/max/abs/neg, logic, shifts clamped as
 * PTX clamps them, bfe/bfi/bfind, and the device library's integer
 * intrinsics for popc clz brev prmt shf dp4a dp2a (one implementation for
 * CUDA's __popc... and PTX); lop3 as its minterms. */
#include <stdio.h>
#include <string.h>

#include "ptx_xlate.h"

/* ---- integer arithmetic ------------------------------------------------ */

static LLVMValueRef carry_in(ptx_xlate *x, LLVMTypeRef t) {
  return LLVMBuildZExt(x->b, LLVMBuildLoad2(x->b, ptx_int_type(x, 1), x->carry, ""), t, "");
}

static void carry_out(ptx_xlate *x, LLVMValueRef c) {
  LLVMBuildStore(x->b, c, x->carry);
}

/* a + b (+ carry in) with the carry out when asked; sub: a - b (- borrow). */
static LLVMValueRef add_carry(ptx_xlate *x, LLVMValueRef a, LLVMValueRef bv, int sub, int cin,
                              int cout) {
  LLVMBuilderRef b = x->b;
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMValueRef r = sub ? LLVMBuildSub(b, a, bv, "") : LLVMBuildAdd(b, a, bv, "");
  LLVMValueRef c1 =
      sub ? LLVMBuildICmp(b, LLVMIntULT, a, bv, "") : LLVMBuildICmp(b, LLVMIntULT, r, a, "");
  if (cin) {
    LLVMValueRef c = carry_in(x, t);
    LLVMValueRef r2 = sub ? LLVMBuildSub(b, r, c, "") : LLVMBuildAdd(b, r, c, "");
    LLVMValueRef c2 =
        sub ? LLVMBuildICmp(b, LLVMIntULT, r, c, "") : LLVMBuildICmp(b, LLVMIntULT, r2, r, "");
    c1 = LLVMBuildOr(b, c1, c2, "");
    r = r2;
  }
  if (cout) carry_out(x, c1);
  return r;
}

/* add/sub/addc/subc .s .u .b 16..64, .cc, .sat (s32) ; float forms elsewhere. */
int ptx_float_arith(ptx_xlate *x, ptx_type t);

int ptx_op_add(ptx_xlate *x) {
  const char *name = x->st->parts[0];
  int sub = name[0] == 's', with_carry = name[strlen(name) - 1] == 'c' && strlen(name) == 4;
  if (!with_carry && ptx_mod(x, "f16x2")) return ptx_float_arith(x, (ptx_type){'f', 16});
  ptx_type ts[2];
  if (ptx_types(x, ts, 2) != 1) return ptx_error(x, "the types of '%s'", name);
  ptx_type t = ts[0];
  if (t.kind == 'f' && !with_carry) return ptx_float_arith(x, t);
  if (!ptx_check_operands(x, 3, 3) || t.kind == 'p' || t.kind == 'f' || t.bits < 16)
    return ptx_error(x, "the type of '%s'", name);
  int cc = ptx_mod(x, "cc"), sat = ptx_mod(x, "sat");
  LLVMValueRef a = ptx_get(x, 1, t), bv = ptx_get(x, 2, t);
  if (!a || !bv) return 0;
  if (sat) {
    if (t.kind != 's' || t.bits != 32 || cc || with_carry)
      return ptx_error(x, "'.sat' on '%s'", name);
    LLVMTypeRef w = ptx_int_type(x, 64);
    LLVMValueRef a64 = LLVMBuildSExt(x->b, a, w, ""), b64 = LLVMBuildSExt(x->b, bv, w, "");
    LLVMValueRef r = sub ? LLVMBuildSub(x->b, a64, b64, "") : LLVMBuildAdd(x->b, a64, b64, "");
    LLVMValueRef args[2] = {r, LLVMConstInt(w, 0x7fffffff, 1)};
    r = ptx_call_intrinsic(x, "llvm.smin", &w, 1, args, 2);
    args[0] = r, args[1] = LLVMConstInt(w, (unsigned long long)-0x80000000ll, 1);
    r = ptx_call_intrinsic(x, "llvm.smax", &w, 1, args, 2);
    return ptx_put(x, 0, LLVMBuildTrunc(x->b, r, ptx_i32(x), ""), t);
  }
  return ptx_put(x, 0, add_carry(x, a, bv, sub, with_carry, cc), t);
}

/* The high half of the 2N-bit product of a and b (N bits). */
static LLVMValueRef mul_hi(ptx_xlate *x, LLVMValueRef a, LLVMValueRef bv, ptx_type t) {
  LLVMTypeRef lt = LLVMTypeOf(a);
  if (t.bits == 64) {
    LLVMValueRef args[2] = {a, bv};
    return ptx_call_devlib(x, t.kind == 's' ? "__anchor_mul64hi" : "__anchor_umul64hi", lt, args,
                           2);
  }
  LLVMTypeRef w = ptx_int_type(x, 2 * t.bits);
  int s = t.kind == 's';
  LLVMValueRef aw = s ? LLVMBuildSExt(x->b, a, w, "") : LLVMBuildZExt(x->b, a, w, "");
  LLVMValueRef bw = s ? LLVMBuildSExt(x->b, bv, w, "") : LLVMBuildZExt(x->b, bv, w, "");
  LLVMValueRef p = LLVMBuildMul(x->b, aw, bw, "");
  return LLVMBuildTrunc(x->b, LLVMBuildLShr(x->b, p, ptx_cint(x, w, t.bits), ""), lt, "");
}

/* mul/mad .lo .hi .wide; mad.cc, madc (carry through the final add). */
int ptx_op_mul(ptx_xlate *x) {
  const char *name = x->st->parts[0];
  int mad = name[1] == 'a', madc = !strcmp(name, "madc");
  if (!strcmp(name, "fma")) {
    int half = ptx_half_library(x);
    if (half >= 0) return half;
  }
  if (!madc && ptx_mod(x, "f16x2")) return ptx_float_arith(x, (ptx_type){'f', 16});
  ptx_type ts[2];
  if (ptx_types(x, ts, 2) != 1) return ptx_error(x, "the types of '%s'", name);
  ptx_type t = ts[0];
  if (t.kind == 'f' && !madc) return ptx_float_arith(x, t);
  if (!ptx_check_operands(x, mad || madc ? 4 : 3, mad || madc ? 4 : 3) || t.kind == 'p' ||
      t.bits < 16)
    return ptx_error(x, "the type of '%s'", name);
  static const char *const halves[] = {"lo", "hi", "wide", NULL};
  int half = ptx_mod_of(x, halves), cc = ptx_mod(x, "cc");
  if (!half) return ptx_error(x, "'%s' without .lo, .hi or .wide", name);
  if ((cc || madc) && half == 3) return ptx_error(x, "the carry of '%s.wide'", name);
  LLVMValueRef a = ptx_get(x, 1, t), bv = ptx_get(x, 2, t);
  if (!a || !bv) return 0;
  LLVMValueRef p;
  ptx_type rt = t;
  if (half == 1) {
    p = LLVMBuildMul(x->b, a, bv, "");
  } else if (half == 2) {
    p = mul_hi(x, a, bv, t);
  } else {
    if (t.bits == 64) return ptx_error(x, "'.wide' on 64-bit '%s'", name);
    rt.bits = 2 * t.bits;
    LLVMTypeRef w = ptx_ltype(x, rt);
    int s = t.kind == 's';
    LLVMValueRef aw = s ? LLVMBuildSExt(x->b, a, w, "") : LLVMBuildZExt(x->b, a, w, "");
    LLVMValueRef bw = s ? LLVMBuildSExt(x->b, bv, w, "") : LLVMBuildZExt(x->b, bv, w, "");
    p = LLVMBuildMul(x->b, aw, bw, "");
  }
  if (mad || madc) {
    LLVMValueRef c = ptx_get(x, 3, rt);
    if (!c) return 0;
    p = add_carry(x, p, c, 0, madc, cc);
  }
  return ptx_put(x, 0, p, rt);
}

/* mul24/mad24 .lo: the device library's __[u]mul24. */
int ptx_op_mul24(ptx_xlate *x) {
  ptx_type t;
  int mad = x->st->parts[0][1] == 'a';
  if (!ptx_one_type(x, &t, "su", 32) || t.bits != 32 || !ptx_check_operands(x, 3 + mad, 3 + mad))
    return 0;
  if (!ptx_mod(x, "lo")) return ptx_error(x, "'%s' without .lo", x->st->parts[0]);
  LLVMValueRef args[2] = {ptx_get(x, 1, t), ptx_get(x, 2, t)};
  if (!args[0] || !args[1]) return 0;
  LLVMValueRef r =
      ptx_call_devlib(x, t.kind == 's' ? "__anchor_mul24" : "__anchor_umul24", ptx_i32(x), args, 2);
  if (mad) {
    LLVMValueRef c = ptx_get(x, 3, t);
    if (!c) return 0;
    r = LLVMBuildAdd(x->b, r, c, "");
  }
  return ptx_put(x, 0, r, t);
}

/* sad: |a - b| + c, the device library's __sad / __usad. */
int ptx_op_sad(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "su", 32) || t.bits != 32 || !ptx_check_operands(x, 4, 4)) return 0;
  LLVMValueRef args[3] = {ptx_get(x, 1, t), ptx_get(x, 2, t), ptx_get(x, 3, t)};
  if (!args[0] || !args[1] || !args[2]) return 0;
  return ptx_put(
      x, 0,
      ptx_call_devlib(x, t.kind == 's' ? "__anchor_sad" : "__anchor_usad", ptx_i32(x), args, 3), t);
}

/* div, rem on integers (float div: ptx_float_arith). */
int ptx_op_div(ptx_xlate *x) {
  ptx_type ts[2];
  if (ptx_types(x, ts, 2) != 1) return ptx_error(x, "the types of '%s'", x->st->parts[0]);
  ptx_type t = ts[0];
  int rem = x->st->parts[0][0] == 'r';
  if (t.kind == 'f' && !rem) return ptx_float_arith(x, t);
  if (!ptx_check_operands(x, 3, 3) || t.kind == 'f' || t.kind == 'p' || t.bits < 16)
    return ptx_error(x, "the type of '%s'", x->st->parts[0]);
  LLVMValueRef a = ptx_get(x, 1, t), bv = ptx_get(x, 2, t);
  if (!a || !bv) return 0;
  int s = t.kind == 's';
  LLVMValueRef r = rem ? (s ? LLVMBuildSRem(x->b, a, bv, "") : LLVMBuildURem(x->b, a, bv, ""))
                       : (s ? LLVMBuildSDiv(x->b, a, bv, "") : LLVMBuildUDiv(x->b, a, bv, ""));
  return ptx_put(x, 0, r, t);
}

/* min, max, abs, neg: integer and float. */
int ptx_op_minmax(ptx_xlate *x) {
  int max = x->st->parts[0][1] == 'a', half = ptx_half_library(x);
  if (half >= 0) return half;
  ptx_type ts[2];
  if (ptx_types(x, ts, 2) != 1) return ptx_error(x, "the types of '%s'", x->st->parts[0]);
  ptx_type t = ts[0];
  if (!ptx_check_operands(x, 3, 3)) return 0;
  LLVMTypeRef lt = ptx_ltype(x, t);
  if (t.kind == 'f') {
    if (t.bits == 16) return ptx_error(x, "the type of '%s'", x->st->parts[0]);
    int ftz = ptx_mod(x, "ftz");
    LLVMValueRef v[2];
    if (!ptx_float_sources(x, t, ftz, v, 2)) return 0;
    /* minnum/maxnum, with -0 below +0 (the H200: min(+0, -0) = -0, max(-0, +0) = +0):
     * on equal operands the OR (min) or AND (max) of their bits, which is either one
     * unless they are zeros of both signs */
    LLVMValueRef r = ptx_call_intrinsic(x, max ? "llvm.maxnum" : "llvm.minnum", &lt, 1, v, 2);
    LLVMTypeRef it = ptx_int_type(x, t.bits);
    LLVMValueRef ia = LLVMBuildBitCast(x->b, v[0], it, ""),
                 ib = LLVMBuildBitCast(x->b, v[1], it, "");
    LLVMValueRef both = max ? LLVMBuildAnd(x->b, ia, ib, "") : LLVMBuildOr(x->b, ia, ib, "");
    r = LLVMBuildSelect(x->b, LLVMBuildFCmp(x->b, LLVMRealOEQ, v[0], v[1], ""),
                        LLVMBuildBitCast(x->b, both, lt, ""), r, "");
    return ptx_float_result(x, r, t, 0, 0);
  }
  if (t.kind == 'p' || t.bits < 16) return ptx_error(x, "the type of '%s'", x->st->parts[0]);
  LLVMValueRef v[2] = {ptx_get(x, 1, t), ptx_get(x, 2, t)};
  if (!v[0] || !v[1]) return 0;
  const char *intr =
      t.kind == 's' ? (max ? "llvm.smax" : "llvm.smin") : (max ? "llvm.umax" : "llvm.umin");
  return ptx_put(x, 0, ptx_call_intrinsic(x, intr, &lt, 1, v, 2), t);
}

int ptx_op_absneg(ptx_xlate *x) {
  int neg = x->st->parts[0][0] == 'n';
  ptx_type t;
  int pair = ptx_mod(x, "f16x2");
  if (pair) t = (ptx_type){'f', 16};
  if ((!pair && !ptx_one_type(x, &t, "sf", 16)) || !ptx_check_operands(x, 2, 2)) return 0;
  LLVMTypeRef lt = ptx_ltype(x, t);
  if (t.kind == 'f' && t.bits == 16) { /* __hneg / __habs: the sign bit of each half */
    ptx_type bt = {'b', pair ? 32 : 16};
    LLVMValueRef v = ptx_get(x, 1, bt);
    if (!v || ptx_mod(x, "ftz")) return v ? ptx_error(x, "'.ftz' on '%s.f16'", x->st->parts[0]) : 0;
    LLVMTypeRef wt = ptx_int_type(x, bt.bits);
    unsigned long long sign = pair ? 0x80008000u : 0x8000u;
    v = neg ? LLVMBuildXor(x->b, v, ptx_cint(x, wt, sign), "")
            : LLVMBuildAnd(x->b, v, ptx_cint(x, wt, ~sign & (pair ? 0xffffffffu : 0xffffu)), "");
    return ptx_put(x, 0, v, bt);
  }
  if (t.kind == 'f') {
    int ftz = ptx_mod(x, "ftz");
    LLVMValueRef v;
    if (!ptx_float_sources(x, t, ftz, &v, 1)) return 0;
    v = neg ? LLVMBuildFNeg(x->b, v, "") : ptx_call_intrinsic(x, "llvm.fabs", &lt, 1, &v, 1);
    return ptx_float_result(x, v, t, 0, 0);
  }
  LLVMValueRef v = ptx_get(x, 1, t);
  if (!v) return 0;
  if (neg) return ptx_put(x, 0, LLVMBuildNeg(x->b, v, ""), t);
  LLVMValueRef args[2] = {v, LLVMConstInt(ptx_int_type(x, 1), 0, 0)};
  return ptx_put(x, 0, ptx_call_intrinsic(x, "llvm.abs", &lt, 1, args, 2), t);
}

/* and or xor not cnot: .b16 .b32 .b64 .pred. */
int ptx_op_logic(ptx_xlate *x) {
  const char *name = x->st->parts[0];
  ptx_type t;
  if (!ptx_one_type(x, &t, "bp", 1)) return 0;
  int unary = !strcmp(name, "not") || !strcmp(name, "cnot");
  if (!ptx_check_operands(x, unary ? 2 : 3, unary ? 2 : 3)) return 0;
  if (t.kind == 'b' && t.bits < 16) return ptx_error(x, "the type of '%s'", name);
  LLVMValueRef a = ptx_get(x, 1, t), bv = unary ? NULL : ptx_get(x, 2, t), r;
  if (!a || (!unary && !bv)) return 0;
  LLVMTypeRef lt = ptx_ltype(x, t);
  if (!strcmp(name, "not"))
    r = LLVMBuildNot(x->b, a, "");
  else if (!strcmp(name, "cnot")) {
    if (t.kind == 'p') return ptx_error(x, "the type of '%s'", name);
    r = LLVMBuildZExt(x->b, LLVMBuildICmp(x->b, LLVMIntEQ, a, LLVMConstNull(lt), ""), lt, "");
  } else if (!strcmp(name, "and"))
    r = LLVMBuildAnd(x->b, a, bv, "");
  else if (!strcmp(name, "or"))
    r = LLVMBuildOr(x->b, a, bv, "");
  else
    r = LLVMBuildXor(x->b, a, bv, "");
  return ptx_put(x, 0, r, t);
}

/* shl / shr: PTX clamps the shift amount (u32) to the width: shl and shr.u
 * give 0, shr.s the sign, where LLVM's shifts would be poison. */
int ptx_op_shift(ptx_xlate *x) {
  int left = x->st->parts[0][2] == 'l';
  ptx_type t;
  if (!ptx_one_type(x, &t, left ? "b" : "bsu", 16) || !ptx_check_operands(x, 3, 3)) return 0;
  LLVMTypeRef lt = ptx_ltype(x, t);
  LLVMValueRef a = ptx_get(x, 1, t), n = ptx_get(x, 2, (ptx_type){'u', 32});
  if (!a || !n) return 0;
  LLVMValueRef big = LLVMBuildICmp(x->b, LLVMIntUGT, n, ptx_cint(x, ptx_i32(x), t.bits - 1), "");
  LLVMValueRef amount = LLVMBuildSelect(x->b, big, ptx_cint(x, ptx_i32(x), t.bits - 1), n, "");
  amount = ptx_cast(x, amount, lt, 0);
  if (t.kind == 's') return ptx_put(x, 0, LLVMBuildAShr(x->b, a, amount, ""), t);
  LLVMValueRef r = left ? LLVMBuildShl(x->b, a, amount, "") : LLVMBuildLShr(x->b, a, amount, "");
  return ptx_put(x, 0, LLVMBuildSelect(x->b, big, LLVMConstNull(lt), r, ""), t);
}

/* The mask of the low n bits (n: ptx_i32, any value; >= bits: all ones) in type lt. */
static LLVMValueRef low_mask(ptx_xlate *x, LLVMValueRef n, LLVMTypeRef lt) {
  unsigned bits = ptx_type_bits(lt);
  LLVMValueRef full = LLVMBuildICmp(x->b, LLVMIntUGE, n, ptx_cint(x, ptx_i32(x), bits), "");
  LLVMValueRef safe =
      ptx_cast(x, LLVMBuildSelect(x->b, full, ptx_cint(x, ptx_i32(x), 0), n, ""), lt, 0);
  LLVMValueRef m =
      LLVMBuildSub(x->b, LLVMBuildShl(x->b, ptx_cint(x, lt, 1), safe, ""), ptx_cint(x, lt, 1), "");
  return LLVMBuildSelect(x->b, full, LLVMConstAllOnes(lt), m, "");
}

/* bfe: bits [pos, pos + len) of a (pos, len: the low 8 bits of b and c),
 * zero- or sign-extended from the last bit taken (PTX's sbit: the msb when
 * the field runs past it; 0 when len is 0, so an empty field gives 0 in .s32
 * and .s64 too, as the PTX ISA says and the H200 does). */
int ptx_op_bfe(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "su", 32) || !ptx_check_operands(x, 4, 4)) return 0;
  LLVMTypeRef lt = ptx_ltype(x, t), u = ptx_i32(x);
  LLVMValueRef a = ptx_get(x, 1, t), pos = ptx_get(x, 2, (ptx_type){'u', 32}),
               len = ptx_get(x, 3, (ptx_type){'u', 32});
  if (!a || !pos || !len) return 0;
  LLVMBuilderRef b = x->b;
  pos = LLVMBuildAnd(b, pos, ptx_cint(x, u, 0xff), "");
  len = LLVMBuildAnd(b, len, ptx_cint(x, u, 0xff), "");
  LLVMValueRef msb = ptx_cint(x, u, t.bits - 1);
  LLVMValueRef past = LLVMBuildICmp(b, LLVMIntUGT, pos, msb, "");
  LLVMValueRef shifted = LLVMBuildSelect(
      b, past, LLVMConstNull(lt),
      LLVMBuildLShr(b, a, ptx_cast(x, LLVMBuildSelect(b, past, ptx_cint(x, u, 0), pos, ""), lt, 0),
                    ""),
      "");
  /* bits actually in the field: min(len, bits - pos) */
  LLVMValueRef room = LLVMBuildSelect(b, past, ptx_cint(x, u, 0),
                                      LLVMBuildSub(b, ptx_cint(x, u, t.bits), pos, ""), "");
  LLVMValueRef args[2] = {len, room};
  LLVMValueRef k = ptx_call_intrinsic(x, "llvm.umin", &u, 1, args, 2);
  LLVMValueRef mask = low_mask(x, k, lt);
  LLVMValueRef r = LLVMBuildAnd(b, shifted, mask, "");
  if (t.kind == 's') {
    LLVMValueRef top = LLVMBuildSub(b, LLVMBuildAdd(b, pos, len, ""), ptx_cint(x, u, 1), "");
    LLVMValueRef idx = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, top, msb, ""), msb, top, "");
    LLVMValueRef bit =
        LLVMBuildAnd(b, LLVMBuildLShr(b, a, ptx_cast(x, idx, lt, 0), ""), ptx_cint(x, lt, 1), "");
    LLVMValueRef sbit = LLVMBuildAnd(b, LLVMBuildICmp(b, LLVMIntNE, bit, LLVMConstNull(lt), ""),
                                     LLVMBuildICmp(b, LLVMIntNE, len, ptx_cint(x, u, 0), ""), "");
    r = LLVMBuildSelect(b, sbit, LLVMBuildOr(b, r, LLVMBuildNot(b, mask, ""), ""), r, "");
  }
  return ptx_put(x, 0, r, t);
}

/* bfi: b with bits [pos, pos + len) from the low bits of a (f); bits past
 * the msb are dropped. */
int ptx_op_bfi(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "b", 32) || !ptx_check_operands(x, 5, 5)) return 0;
  LLVMTypeRef lt = ptx_ltype(x, t), u = ptx_i32(x);
  LLVMValueRef f = ptx_get(x, 1, t), base = ptx_get(x, 2, t),
               pos = ptx_get(x, 3, (ptx_type){'u', 32}), len = ptx_get(x, 4, (ptx_type){'u', 32});
  if (!f || !base || !pos || !len) return 0;
  LLVMBuilderRef b = x->b;
  pos = LLVMBuildAnd(b, pos, ptx_cint(x, u, 0xff), "");
  len = LLVMBuildAnd(b, len, ptx_cint(x, u, 0xff), "");
  LLVMValueRef past = LLVMBuildICmp(b, LLVMIntUGT, pos, ptx_cint(x, u, t.bits - 1), "");
  LLVMValueRef p = ptx_cast(x, LLVMBuildSelect(b, past, ptx_cint(x, u, 0), pos, ""), lt, 0);
  LLVMValueRef mask = LLVMBuildShl(b, low_mask(x, len, lt), p, "");
  mask = LLVMBuildSelect(b, past, LLVMConstNull(lt), mask, "");
  LLVMValueRef r = LLVMBuildOr(b, LLVMBuildAnd(b, base, LLVMBuildNot(b, mask, ""), ""),
                               LLVMBuildAnd(b, LLVMBuildShl(b, f, p, ""), mask, ""), "");
  return ptx_put(x, 0, r, t);
}

/* bfind: the position of the most significant non-sign bit, 0xffffffff if
 * none; .shiftamt: the left shift that makes it the msb. */
int ptx_op_bfind(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "su", 32) || !ptx_check_operands(x, 2, 2)) return 0;
  int shiftamt = ptx_mod(x, "shiftamt");
  LLVMTypeRef lt = ptx_ltype(x, t), u = ptx_i32(x);
  LLVMValueRef a = ptx_get(x, 1, t);
  if (!a) return 0;
  LLVMBuilderRef b = x->b;
  if (t.kind == 's')
    a = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, a, LLVMConstNull(lt), ""),
                        LLVMBuildNot(b, a, ""), a, "");
  LLVMValueRef clz = ptx_call_devlib(x, t.bits == 64 ? "__anchor_clzll" : "__anchor_clz", u, &a, 1);
  LLVMValueRef none = LLVMBuildICmp(b, LLVMIntEQ, a, LLVMConstNull(lt), "");
  LLVMValueRef r = shiftamt ? clz : LLVMBuildSub(b, ptx_cint(x, u, t.bits - 1), clz, "");
  return ptx_put(x, 0, LLVMBuildSelect(b, none, LLVMConstAllOnes(u), r, ""), (ptx_type){'u', 32});
}

/* popc, clz, brev: the device library's __popc/__clz/__brev (and ll). */
int ptx_op_bits(ptx_xlate *x) {
  const char *name = x->st->parts[0];
  ptx_type t;
  if (!ptx_one_type(x, &t, "b", 32) || !ptx_check_operands(x, 2, 2)) return 0;
  LLVMValueRef a = ptx_get(x, 1, t);
  if (!a) return 0;
  char fn[64];
  snprintf(fn, sizeof fn, "__anchor_%.20s%s", name, t.bits == 64 ? "ll" : "");
  int brev = !strcmp(name, "brev");
  LLVMValueRef r = ptx_call_devlib(x, fn, brev ? ptx_ltype(x, t) : ptx_i32(x), &a, 1);
  return ptx_put(x, 0, r, brev ? t : (ptx_type){'u', 32});
}

/* prmt.b32: the default mode is __byte_perm on the selectors' low 3 bits
 * plus their sign-replicating bit 3; the other modes __byte_perm with the
 * selectors the mode gives for c[1:0]. */
int ptx_op_prmt(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "b", 32) || t.bits != 32 || !ptx_check_operands(x, 4, 4)) return 0;
  LLVMValueRef args[3] = {ptx_get(x, 1, t), ptx_get(x, 2, t), ptx_get(x, 3, t)};
  if (!args[0] || !args[1] || !args[2]) return 0;
  LLVMValueRef sel = args[2];
  LLVMBuilderRef b = x->b;
  LLVMTypeRef u = ptx_i32(x);
  /* the modes: four byte selectors by c[1:0] (PTX ISA, prmt), d.b3 .. d.b0 as hex digits */
  static const char *const modes[] = {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16", NULL};
  static const unsigned selectors[][4] = {
      {0x3210, 0x4321, 0x5432, 0x6543}, {0x5670, 0x6701, 0x7012, 0x0123},
      {0x0000, 0x1111, 0x2222, 0x3333}, {0x3210, 0x3211, 0x3222, 0x3333},
      {0x0000, 0x1110, 0x2210, 0x3210}, {0x1010, 0x3232, 0x1010, 0x3232}};
  int mode = ptx_mod_of(x, modes);
  if (mode) {
    LLVMValueRef low = LLVMBuildAnd(b, sel, ptx_cint(x, u, 3), ""),
                 pick = ptx_cint(x, u, selectors[mode - 1][0]);
    for (unsigned k = 1; k < 4; k++)
      pick = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, low, ptx_cint(x, u, k), ""),
                             ptx_cint(x, u, selectors[mode - 1][k]), pick, "");
    args[2] = pick;
    return ptx_put(x, 0, ptx_call_devlib(x, "__anchor_byte_perm", u, args, 3), t);
  }
  args[2] = LLVMBuildAnd(b, sel, ptx_cint(x, u, 0x7777), "");
  LLVMValueRef r = ptx_call_devlib(x, "__anchor_byte_perm", u, args, 3);
  /* a selector's bit 3: the selected byte's sign bit replicated (which
   * __byte_perm, reading 3 bits, leaves out) */
  for (unsigned k = 0; k < 4; k++) {
    LLVMValueRef sign = LLVMBuildAnd(b, LLVMBuildLShr(b, sel, ptx_cint(x, u, 4 * k + 3), ""),
                                     ptx_cint(x, u, 1), "");
    LLVMValueRef msb =
        LLVMBuildAnd(b, LLVMBuildLShr(b, r, ptx_cint(x, u, 8 * k + 7), ""), ptx_cint(x, u, 1), "");
    LLVMValueRef fill =
        LLVMBuildShl(b, LLVMBuildMul(b, msb, ptx_cint(x, u, 0xff), ""), ptx_cint(x, u, 8 * k), "");
    LLVMValueRef replaced =
        LLVMBuildOr(b, LLVMBuildAnd(b, r, ptx_cint(x, u, ~(0xffu << 8 * k)), ""), fill, "");
    r = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntNE, sign, ptx_cint(x, u, 0), ""), replaced, r,
                        "");
  }
  return ptx_put(x, 0, r, t);
}

/* lop3.b32 d, a, b, c, lut: the OR of the minterms the LUT selects (bit i:
 * a = i & 4, b = i & 2, c = i & 1 — the LUT is F(0xF0, 0xCC, 0xAA)). */
int ptx_op_lop3(ptx_xlate *x) {
  ptx_type t;
  long long lut;
  if (!ptx_one_type(x, &t, "b", 32) || t.bits != 32 || !ptx_check_operands(x, 5, 5) ||
      !ptx_immediate(x, 4, &lut))
    return 0;
  LLVMValueRef v[3] = {ptx_get(x, 1, t), ptx_get(x, 2, t), ptx_get(x, 3, t)};
  if (!v[0] || !v[1] || !v[2]) return 0;
  LLVMBuilderRef b = x->b;
  LLVMValueRef r = ptx_cint(x, ptx_i32(x), 0);
  for (int i = 0; i < 8; i++) {
    if (!(lut >> i & 1)) continue;
    LLVMValueRef term = LLVMConstAllOnes(ptx_i32(x));
    for (int k = 0; k < 3; k++) {
      LLVMValueRef s = (i >> (2 - k) & 1) ? v[k] : LLVMBuildNot(b, v[k], "");
      term = LLVMBuildAnd(b, term, s, "");
    }
    r = LLVMBuildOr(b, r, term, "");
  }
  return ptx_put(x, 0, r, t);
}

/* shf.{l,r}.{wrap,clamp}.b32: __funnelshift_{l,lc,r,rc}. */
int ptx_op_shf(ptx_xlate *x) {
  ptx_type t;
  if (!ptx_one_type(x, &t, "b", 32) || t.bits != 32 || !ptx_check_operands(x, 4, 4)) return 0;
  static const char *const dirs[] = {"l", "r", NULL}, *const kinds[] = {"wrap", "clamp", NULL};
  int dir = ptx_mod_of(x, dirs), kind = ptx_mod_of(x, kinds);
  if (!dir || !kind) return ptx_error(x, "'%s' without a direction and mode", "shf");
  char fn[40];
  snprintf(fn, sizeof fn, "__anchor_funnelshift_%s%s", dir == 1 ? "l" : "r", kind == 2 ? "c" : "");
  LLVMValueRef args[3] = {ptx_get(x, 1, t), ptx_get(x, 2, t), ptx_get(x, 3, t)};
  if (!args[0] || !args[1] || !args[2]) return 0;
  return ptx_put(x, 0, ptx_call_devlib(x, fn, ptx_i32(x), args, 3), t);
}

/* dp4a / dp2a.{lo,hi}: both sources signed or both unsigned. */
int ptx_op_dp(ptx_xlate *x) {
  int four = x->st->parts[0][2] == '4';
  ptx_type ts[3];
  if (ptx_types(x, ts, 3) != 2 || ts[0].kind != ts[1].kind || ts[0].bits != 32 ||
      ts[1].bits != 32 || !strchr("su", ts[0].kind))
    return ptx_error(x, "the types of '%s' (mixed signedness)", x->st->parts[0]);
  if (!ptx_check_operands(x, 4, 4)) return 0;
  static const char *const halves[] = {"lo", "hi", NULL};
  int half = four ? 0 : ptx_mod_of(x, halves);
  if (!four && !half) return ptx_error(x, "'%s' without .lo or .hi", "dp2a");
  char fn[40];
  snprintf(fn, sizeof fn, "__anchor_%sdp%s", ts[0].kind == 'u' ? "u" : "",
           four        ? "4a"
           : half == 1 ? "2a_lo"
                       : "2a_hi");
  LLVMValueRef args[3] = {ptx_get(x, 1, ts[0]), ptx_get(x, 2, ts[0]), ptx_get(x, 3, ts[0])};
  if (!args[0] || !args[1] || !args[2]) return 0;
  return ptx_put(x, 0, ptx_call_devlib(x, fn, ptx_i32(x), args, 3), ts[0]);
}

/* The scalar video instructions on whole 32-bit words (CUB's IADD3 is
 * vadd.u32.u32.u32.add, its SHR_ADD vshr.u32.u32.u32.clamp.add): vadd vsub
 * vabsdiff vmin vmax, and vshl/vshr with .clamp (amount at most 32) or
 * .wrap (amount mod 32). The sources are extended by their types, so the
 * intermediate is exact in 64 bits, then the optional secondary .add/.min/
 * .max with c (extended by the result type), and the low 32 bits kept. For
 * .min/.max the intermediate is first wrapped to the result type's 32 bits:
 * the H200 (nvcc 13.0) gives vadd.s32.s32.s32.max(0x7fffffff, 1, 0) = 0 and
 * vsub.u32.u32.u32.min(0, 1, c) = c, where the exact value would not (the
 * PTX ISA does not give the intermediate's width).
 * Byte and half-word selectors (a.b0...) and .sat are not translated. */
int ptx_op_video(ptx_xlate *x) {
  const char *name = x->st->parts[0];
  int shift = !strcmp(name, "vshl") || !strcmp(name, "vshr");
  ptx_type ts[4];
  if (ptx_types(x, ts, 4) != 3) return ptx_error(x, "the types of '%s'", name);
  for (int k = 0; k < 3; k++)
    if (ts[k].bits != 32 || !strchr("su", ts[k].kind) || (shift && k == 2 && ts[k].kind != 'u'))
      return ptx_error(x, "the types of '%s'", name);
  static const char *const second[] = {"add", "min", "max", NULL}, *const modes[] = {"clamp",
                                                                                     "wrap", NULL};
  int op2 = ptx_mod_of(x, second), mode = shift ? ptx_mod_of(x, modes) : 0;
  if (shift && (!mode || op2 > 1)) return ptx_error(x, "the form of '%s'", name);
  if (!ptx_check_operands(x, op2 ? 4 : 3, op2 ? 4 : 3)) return 0;
  LLVMBuilderRef b = x->b;
  LLVMTypeRef w = ptx_int_type(x, 64), u = ptx_i32(x);
  LLVMValueRef a = ptx_get(x, 1, ts[1]), bv = ptx_get(x, 2, ts[2]);
  if (!a || !bv) return 0;
  LLVMValueRef a64 = ptx_cast(x, a, w, ts[1].kind == 's'),
               b64 = ptx_cast(x, bv, w, ts[2].kind == 's');
  LLVMValueRef t, args[2];
  if (shift) {
    LLVMValueRef n =
        mode == 1 ? LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, bv, ptx_cint(x, u, 32), ""),
                                    ptx_cint(x, u, 32), bv, "")
                  : LLVMBuildAnd(b, bv, ptx_cint(x, u, 31), "");
    n = LLVMBuildZExt(b, n, w, "");
    t = name[3] == 'l' ? LLVMBuildShl(b, a64, n, "") : LLVMBuildAShr(b, a64, n, "");
  } else if (!strcmp(name, "vadd")) {
    t = LLVMBuildAdd(b, a64, b64, "");
  } else if (!strcmp(name, "vsub")) {
    t = LLVMBuildSub(b, a64, b64, "");
  } else if (!strcmp(name, "vabsdiff")) {
    LLVMValueRef gt = LLVMBuildICmp(b, LLVMIntSGT, a64, b64, "");
    t = LLVMBuildSelect(b, gt, LLVMBuildSub(b, a64, b64, ""), LLVMBuildSub(b, b64, a64, ""), "");
  } else {
    args[0] = a64, args[1] = b64;
    t = ptx_call_intrinsic(x, name[2] == 'i' ? "llvm.smin" : "llvm.smax", &w, 1, args, 2);
  }
  if (op2) {
    LLVMValueRef c = ptx_get(x, 3, ts[0]);
    if (!c) return 0;
    if (op2 > 1) t = ptx_cast(x, LLVMBuildTrunc(b, t, u, ""), w, ts[0].kind == 's');
    args[0] = t, args[1] = ptx_cast(x, c, w, ts[0].kind == 's');
    t = op2 == 1 ? LLVMBuildAdd(b, t, args[1], "")
                 : ptx_call_intrinsic(x, op2 == 2 ? "llvm.smin" : "llvm.smax", &w, 1, args, 2);
  }
  return ptx_put(x, 0, LLVMBuildTrunc(b, t, u, ""), ts[0]);
}
