/* lower_int_widths.c — IR->IR, after the LLVM pipeline: every integer of a
 * width MSL has no type for (i2, i24, i33, i65, i67 ...; MSL has bool,
 * uchar, ushort, uint, ulong) computed in types it has, bit-exactly.
 *
 * clang -O3 forms such widths from ordinary code: scalar evolution's closed
 * forms of sums (a loop `s += j` becomes (n*(n-1))/2 computed in i33, or
 * i65/i67 for 64-bit sums and higher powers, so that the product cannot
 * wrap before the division), instcombine's narrowing of masked values, bit
 * fields. A data layout naming the legal widths (n8:16:32:64) does not stop
 * them (scalar evolution ignores it), so the backend legalises them here, as
 * a code generator's type legaliser does:
 *   - N < 64 is promoted: an iN value lives in the next of i8/i16/i32/i64
 *     (its carrier), zero-extended (the bits above N are 0). Operations that
 *     can carry into the high bits (add, sub, mul, shl, and the signed
 *     operations' results) are masked back; signed operations (ashr, sdiv,
 *     srem, signed compares, sext, sitofp) first sign-extend from bit N-1.
 *   - N > 128 is refused (an error at the user's line, not yet legalised).
 *   - 64 < N <= 128 is expanded: a pair of i64 words (lo, hi), hi holding
 *     bits 64..N-1 zero-extended; add/sub with carry, mul from 32-bit
 *     partial products, shifts across the words, compares word by word.
 *     Divisions and remainders of such values are refused (no source has
 *     shown them; a library routine would be needed).
 *   - Memory: a load or store of iN accesses LLVM's store size of iN
 *     (ceil(N/8) bytes): one access when that is 1, 2, 4 or 8 bytes, two i64
 *     for 16, else byte by byte.
 * Values of legal types that iN values flow into (trunc to i32, icmp, a GEP
 * index, ptrtoint/inttoptr, int/float conversions) take the legal value.
 * Anything else on such a width (atomics, aggregates, vectors, calls of
 * other functions, intrinsics without a rule here) is an error at the
 * user's line naming the operation. nuw/nsw/exact flags are dropped (the
 * new code is exact without them). Undef and poison become 0 (a refinement). */
#include <assert.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

typedef struct {
  LLVMValueRef lo, hi; /* hi: only for widths over 64 */
} wide_value;

typedef struct {
  msl_ctx *ctx;
  LLVMBuilderRef b;
  LLVMTypeRef i64, i8;
  ptrmap index; /* odd-width value -> index into values */
  wide_value *values;
  unsigned nvalues, cap;
  LLVMValueRef at;    /* the instruction being rewritten (diagnostics) */
  LLVMValueRef *dead; /* old instructions, erased at the end */
  unsigned ndead, capdead;
  int failed;
} widen;

static int is_odd_type(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return 0;
  unsigned n = LLVMGetIntTypeWidth(t);
  return n != 1 && n != 8 && n != 16 && n != 32 && n != 64;
}

/* The first odd width inside t; 0 for none. */
static unsigned odd_width(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return is_odd_type(t) ? LLVMGetIntTypeWidth(t) : 0;
  case LLVMVectorTypeKind:
  case LLVMArrayTypeKind: return odd_width(LLVMGetElementType(t));
  case LLVMStructTypeKind:
    for (unsigned k = 0, n = LLVMCountStructElementTypes(t); k < n; k++) {
      unsigned w = odd_width(LLVMStructGetTypeAtIndex(t, k));
      if (w) return w;
    }
    return 0;
  default: return 0;
  }
}

/* Any odd width inside t (vector elements, struct fields): what the pass
 * cannot rewrite when it is not a plain integer. */
static int has_odd_type(LLVMTypeRef t) {
  return odd_width(t) != 0;
}

static unsigned bits_of(LLVMValueRef v) {
  return LLVMGetIntTypeWidth(LLVMTypeOf(v));
}

/* The carrier of an iN with N <= 64: the next MSL integer. */
static unsigned carrier_bits(unsigned n) {
  return n <= 8 ? 8 : n <= 16 ? 16 : n <= 32 ? 32 : 64;
}

static LLVMTypeRef int_type(widen *w, unsigned bits) {
  return LLVMIntTypeInContext(w->ctx->llctx, bits);
}

static LLVMValueRef constant(widen *w, unsigned bits, unsigned long long v) {
  return LLVMConstInt(int_type(w, bits), v, 0);
}

static unsigned long long low_mask(unsigned n) {
  return n >= 64 ? ~0ull : (1ull << n) - 1;
}

static LLVMValueRef mask_to(widen *w, LLVMValueRef x, unsigned n) {
  unsigned c = bits_of(x);
  return n >= c ? x : LLVMBuildAnd(w->b, x, constant(w, c, low_mask(n)), "");
}

/* x (of width c) sign-extended in place from bit n-1. */
static LLVMValueRef sign_in(widen *w, LLVMValueRef x, unsigned n) {
  unsigned c = bits_of(x);
  if (n >= c) return x;
  LLVMValueRef s = constant(w, c, c - n);
  return LLVMBuildAShr(w->b, LLVMBuildShl(w->b, x, s, ""), s, "");
}

static void push_dead(widen *w, LLVMValueRef i) {
  if (w->ndead == w->capdead) {
    w->capdead = w->capdead ? 2 * w->capdead : 64;
    w->dead = realloc(w->dead, sizeof *w->dead * w->capdead);
  }
  w->dead[w->ndead++] = i;
}

static void record(widen *w, LLVMValueRef old, wide_value v) {
  if (w->nvalues == w->cap) {
    w->cap = w->cap ? 2 * w->cap : 64;
    w->values = realloc(w->values, sizeof *w->values * w->cap);
  }
  ptrmap_set(&w->index, old, (int)w->nvalues);
  w->values[w->nvalues++] = v;
}

/* An error at the instruction being rewritten: `what` on its odd width. */
static int fail(widen *w, const char *what) {
  LLVMValueRef at = w->at;
  if (!w->failed) {
    unsigned n = odd_width(LLVMTypeOf(at));
    for (unsigned k = 0, count = (unsigned)LLVMGetNumOperands(at); !n && k < count; k++) {
      LLVMValueRef x = LLVMGetOperand(at, k);
      if (!LLVMIsABasicBlock(x)) n = odd_width(LLVMTypeOf(x));
    }
    diag_error(w->ctx, at, "%s on a %u-bit integer is not supported by Anchor's Metal backend",
               what, n);
  }
  w->failed = 1;
  return 0;
}

/* The value of v in the representation of its width: odd widths mapped (a
 * constant converted), legal ones as they are. */
static wide_value value_of(widen *w, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (!is_odd_type(t)) return (wide_value){v, NULL};
  unsigned n = LLVMGetIntTypeWidth(t);
  int k = ptrmap_get(&w->index, v, -1);
  if (k >= 0) return w->values[k];
  if (LLVMIsAConstantInt(v) && n <= 64)
    return (wide_value){constant(w, carrier_bits(n), LLVMConstIntGetZExtValue(v)), NULL};
  if (LLVMIsAConstantInt(v)) {
    /* The builder folds operations on constants: no instruction is made. */
    LLVMValueRef lo = LLVMBuildTrunc(w->b, v, w->i64, "");
    LLVMValueRef hi =
        LLVMBuildTrunc(w->b, LLVMBuildLShr(w->b, v, LLVMConstInt(t, 64, 0), ""), w->i64, "");
    return (wide_value){lo, hi};
  }
  /* undef, poison, and an instruction of an unreachable block not yet
   * visited: any value is right there. */
  if (!LLVMIsUndef(v) && !LLVMIsPoison(v) && !LLVMIsAInstruction(v))
    fail(w, "a constant expression");
  if (n <= 64) return (wide_value){constant(w, carrier_bits(n), 0), NULL};
  return (wide_value){LLVMConstInt(w->i64, 0, 0), LLVMConstInt(w->i64, 0, 0)};
}

/* The low word of a width-n value as i64, extended from n bits. */
static LLVMValueRef low64(widen *w, wide_value v, unsigned n, int is_signed) {
  if (n > 64) return v.lo;
  LLVMValueRef x = v.lo;
  if (is_signed && bits_of(x) != n) x = sign_in(w, x, n); /* a carrier */
  if (bits_of(x) == 64) return x;
  return is_signed ? LLVMBuildSExt(w->b, x, w->i64, "") : LLVMBuildZExt(w->b, x, w->i64, "");
}

/* The high word (bits 64..127) of a width-n value, extended. */
static LLVMValueRef high64(widen *w, wide_value v, unsigned n, int is_signed) {
  if (n <= 64)
    return is_signed ? LLVMBuildAShr(w->b, low64(w, v, n, 1), constant(w, 64, 63), "")
                     : constant(w, 64, 0);
  return is_signed ? sign_in(w, v.hi, n - 64) : v.hi;
}

/* The width-m value of the 128-bit number (lo, hi), truncated. */
static wide_value from128(widen *w, LLVMValueRef lo, LLVMValueRef hi, unsigned m) {
  if (m > 64) return (wide_value){lo, mask_to(w, hi, m - 64)};
  if (!is_odd_type(int_type(w, m)))
    return (wide_value){m == 64 ? lo : LLVMBuildTrunc(w->b, lo, int_type(w, m), ""), NULL};
  unsigned c = carrier_bits(m);
  LLVMValueRef x = c == 64 ? lo : LLVMBuildTrunc(w->b, lo, int_type(w, c), "");
  return (wide_value){mask_to(w, x, m), NULL};
}

/* A narrow odd value in its carrier, sign-extended there when asked. */
static LLVMValueRef in_carrier(widen *w, wide_value v, unsigned n, int is_signed) {
  return is_signed ? sign_in(w, v.lo, n) : v.lo;
}

/* Result of `old`: odd widths recorded, legal ones replace old's uses. */
static void result(widen *w, LLVMValueRef old, wide_value v) {
  if (is_odd_type(LLVMTypeOf(old)))
    record(w, old, v);
  else
    LLVMReplaceAllUsesWith(old, v.lo);
  push_dead(w, old);
}

/* ---- 128-bit words ------------------------------------------------------ */

/* The high 64 bits of the 128-bit product of two i64, from 32-bit halves. */
static LLVMValueRef mul_high(widen *w, LLVMValueRef x, LLVMValueRef y) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef m32 = constant(w, 64, 0xffffffffull), s32 = constant(w, 64, 32);
  LLVMValueRef x0 = LLVMBuildAnd(b, x, m32, ""), x1 = LLVMBuildLShr(b, x, s32, "");
  LLVMValueRef y0 = LLVMBuildAnd(b, y, m32, ""), y1 = LLVMBuildLShr(b, y, s32, "");
  LLVMValueRef p00 = LLVMBuildMul(b, x0, y0, ""), p01 = LLVMBuildMul(b, x0, y1, "");
  LLVMValueRef p10 = LLVMBuildMul(b, x1, y0, ""), p11 = LLVMBuildMul(b, x1, y1, "");
  /* each term < 2^32: the sum cannot wrap */
  LLVMValueRef mid = LLVMBuildAdd(
      b, LLVMBuildAdd(b, LLVMBuildLShr(b, p00, s32, ""), LLVMBuildAnd(b, p01, m32, ""), ""),
      LLVMBuildAnd(b, p10, m32, ""), "");
  LLVMValueRef hi = LLVMBuildAdd(b, p11, LLVMBuildLShr(b, p01, s32, ""), "");
  hi = LLVMBuildAdd(b, hi, LLVMBuildLShr(b, p10, s32, ""), "");
  return LLVMBuildAdd(b, hi, LLVMBuildLShr(b, mid, s32, ""), "");
}

/* (lo, hi) shifted by s (< 128; an i64): shl, lshr or ashr (hi then already
 * sign-extended to 64 bits). */
static wide_value shift128(widen *w, LLVMOpcode op, LLVMValueRef lo, LLVMValueRef hi,
                           LLVMValueRef s) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef c64 = constant(w, 64, 64), zero = constant(w, 64, 0);
  LLVMValueRef big = LLVMBuildICmp(b, LLVMIntUGE, s, c64, "");
  /* in-range amounts for each case: s & 63, and 64 - s for the spill */
  LLVMValueRef s63 = LLVMBuildAnd(b, s, constant(w, 64, 63), "");
  LLVMValueRef back = LLVMBuildAnd(b, LLVMBuildSub(b, c64, s63, ""), constant(w, 64, 63), "");
  LLVMValueRef nlo, nhi;
  if (op == LLVMShl) {
    LLVMValueRef spill = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, s63, zero, ""), zero,
                                         LLVMBuildLShr(b, lo, back, ""), "");
    LLVMValueRef small_hi = LLVMBuildOr(b, LLVMBuildShl(b, hi, s63, ""), spill, "");
    nlo = LLVMBuildSelect(b, big, zero, LLVMBuildShl(b, lo, s63, ""), "");
    nhi = LLVMBuildSelect(b, big, LLVMBuildShl(b, lo, s63, ""), small_hi, "");
  } else {
    int arith = op == LLVMAShr;
    LLVMValueRef fill = arith ? LLVMBuildAShr(b, hi, constant(w, 64, 63), "") : zero;
    LLVMValueRef spill = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, s63, zero, ""), zero,
                                         LLVMBuildShl(b, hi, back, ""), "");
    LLVMValueRef hi_s = arith ? LLVMBuildAShr(b, hi, s63, "") : LLVMBuildLShr(b, hi, s63, "");
    nlo =
        LLVMBuildSelect(b, big, hi_s, LLVMBuildOr(b, LLVMBuildLShr(b, lo, s63, ""), spill, ""), "");
    nhi = LLVMBuildSelect(b, big, fill, hi_s, "");
  }
  return (wide_value){nlo, nhi};
}

/* ---- instructions ------------------------------------------------------- */

static int is_signed_op(LLVMOpcode op) {
  return op == LLVMAShr || op == LLVMSDiv || op == LLVMSRem;
}

static int binary(widen *w, LLVMValueRef i, LLVMOpcode op) {
  unsigned n = LLVMGetIntTypeWidth(LLVMTypeOf(i));
  wide_value x = value_of(w, LLVMGetOperand(i, 0)), y = value_of(w, LLVMGetOperand(i, 1));
  LLVMBuilderRef b = w->b;
  if (n <= 64) {
    int sgn = is_signed_op(op);
    LLVMValueRef r = LLVMBuildBinOp(b, op, in_carrier(w, x, n, sgn),
                                    in_carrier(w, y, n, sgn && op != LLVMAShr), "");
    /* zero-extended operands keep these results within n bits */
    int fits = op == LLVMAnd || op == LLVMOr || op == LLVMXor || op == LLVMLShr || op == LLVMUDiv ||
               op == LLVMURem;
    result(w, i, (wide_value){fits ? r : mask_to(w, r, n), NULL});
    return 1;
  }
  LLVMValueRef r_lo, r_hi;
  switch (op) {
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
    r_lo = LLVMBuildBinOp(b, op, x.lo, y.lo, "");
    r_hi = LLVMBuildBinOp(b, op, x.hi, y.hi, "");
    break;
  case LLVMAdd: {
    r_lo = LLVMBuildAdd(b, x.lo, y.lo, "");
    LLVMValueRef carry = LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntULT, r_lo, x.lo, ""), w->i64, "");
    r_hi = LLVMBuildAdd(b, LLVMBuildAdd(b, x.hi, y.hi, ""), carry, "");
    break;
  }
  case LLVMSub: {
    r_lo = LLVMBuildSub(b, x.lo, y.lo, "");
    LLVMValueRef borrow =
        LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntULT, x.lo, y.lo, ""), w->i64, "");
    r_hi = LLVMBuildSub(b, LLVMBuildSub(b, x.hi, y.hi, ""), borrow, "");
    break;
  }
  case LLVMMul:
    r_lo = LLVMBuildMul(b, x.lo, y.lo, "");
    r_hi = LLVMBuildAdd(
        b, mul_high(w, x.lo, y.lo),
        LLVMBuildAdd(b, LLVMBuildMul(b, x.lo, y.hi, ""), LLVMBuildMul(b, x.hi, y.lo, ""), ""), "");
    break;
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr: {
    /* an amount >= n is poison: any result is right */
    LLVMValueRef hi = op == LLVMAShr ? sign_in(w, x.hi, n - 64) : x.hi;
    LLVMValueRef s = LLVMBuildAnd(b, y.lo, constant(w, 64, 127), "");
    wide_value r = shift128(w, op, x.lo, hi, s);
    r_lo = r.lo, r_hi = r.hi;
    break;
  }
  default: return fail(w, "division or remainder");
  }
  result(w, i, from128(w, r_lo, r_hi, n));
  return 1;
}

static int icmp_signed(LLVMIntPredicate p) {
  return p == LLVMIntSGT || p == LLVMIntSGE || p == LLVMIntSLT || p == LLVMIntSLE;
}

/* x p y for width-n values; an i1. */
static LLVMValueRef compare(widen *w, LLVMIntPredicate p, wide_value x, wide_value y, unsigned n) {
  LLVMBuilderRef b = w->b;
  int sgn = icmp_signed(p);
  if (n <= 64) return LLVMBuildICmp(b, p, in_carrier(w, x, n, sgn), in_carrier(w, y, n, sgn), "");
  LLVMValueRef xh = high64(w, x, n, sgn), yh = high64(w, y, n, sgn);
  if (p == LLVMIntEQ || p == LLVMIntNE) {
    LLVMValueRef l = LLVMBuildICmp(b, p, x.lo, y.lo, ""), h = LLVMBuildICmp(b, p, xh, yh, "");
    return p == LLVMIntEQ ? LLVMBuildAnd(b, l, h, "") : LLVMBuildOr(b, l, h, "");
  }
  /* the high words decide unless equal; then the low words, unsigned */
  static const LLVMIntPredicate low[][2] = {{LLVMIntSGT, LLVMIntUGT}, {LLVMIntSGE, LLVMIntUGE},
                                            {LLVMIntSLT, LLVMIntULT}, {LLVMIntSLE, LLVMIntULE},
                                            {LLVMIntUGT, LLVMIntUGT}, {LLVMIntUGE, LLVMIntUGE},
                                            {LLVMIntULT, LLVMIntULT}, {LLVMIntULE, LLVMIntULE}};
  LLVMIntPredicate lp = p;
  for (unsigned k = 0; k < sizeof low / sizeof *low; k++)
    if (low[k][0] == p) lp = low[k][1];
  LLVMIntPredicate strict = p == LLVMIntSGE || p == LLVMIntSGT   ? LLVMIntSGT
                            : p == LLVMIntSLE || p == LLVMIntSLT ? LLVMIntSLT
                            : p == LLVMIntUGE || p == LLVMIntUGT ? LLVMIntUGT
                                                                 : LLVMIntULT;
  LLVMValueRef heq = LLVMBuildICmp(b, LLVMIntEQ, xh, yh, "");
  return LLVMBuildSelect(b, heq, LLVMBuildICmp(b, lp, x.lo, y.lo, ""),
                         LLVMBuildICmp(b, strict, xh, yh, ""), "");
}

static wide_value select_value(widen *w, LLVMValueRef c, wide_value x, wide_value y) {
  wide_value r = {LLVMBuildSelect(w->b, c, x.lo, y.lo, ""), NULL};
  if (x.hi) r.hi = LLVMBuildSelect(w->b, c, x.hi, y.hi, "");
  return r;
}

static LLVMValueRef intrinsic(widen *w, const char *name, LLVMTypeRef t, LLVMValueRef *args,
                              unsigned nargs) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(w->ctx->mod, id, &t, 1);
  return LLVMBuildCall2(w->b, LLVMIntrinsicGetType(w->ctx->llctx, id, &t, 1), fn, args, nargs, "");
}

/* 2^e (e an i64 in 0..64) as a float or double: its exponent field. */
static LLVMValueRef power_of_two(widen *w, LLVMTypeRef to, LLVMValueRef e) {
  int is_double = LLVMGetTypeKind(to) == LLVMDoubleTypeKind;
  unsigned bits = is_double ? 64 : 32;
  LLVMValueRef biased = LLVMBuildAdd(w->b, e, constant(w, 64, is_double ? 1023 : 127), "");
  if (!is_double) biased = LLVMBuildTrunc(w->b, biased, int_type(w, 32), "");
  LLVMValueRef field = LLVMBuildShl(w->b, biased, constant(w, bits, is_double ? 52 : 23), "");
  return LLVMBuildBitCast(w->b, field, to, "");
}

/* uitofp/sitofp of a 65..128-bit value to float or double, rounded once: the
 * magnitude's top 64 bits (the bits below ORed into bit 0, which only ever acts as the
 * sticky bit) converted by the 64-bit conversion, then scaled by a power of two
 * (exact). */
static int wide_to_float(widen *w, LLVMValueRef i, wide_value x, unsigned n, int is_signed) {
  LLVMTypeRef to = LLVMTypeOf(i);
  LLVMTypeKind kind = LLVMGetTypeKind(to);
  if (kind != LLVMFloatTypeKind && kind != LLVMDoubleTypeKind)
    return fail(w, "conversion to this floating-point type");
  LLVMBuilderRef b = w->b;
  LLVMValueRef zero = constant(w, 64, 0), lo = x.lo, hi = high64(w, x, n, is_signed);
  LLVMValueRef negative = NULL;
  if (is_signed) { /* the magnitude, as an unsigned 128-bit number */
    negative = LLVMBuildICmp(b, LLVMIntSLT, hi, zero, "");
    LLVMValueRef nlo = LLVMBuildSub(b, zero, lo, "");
    LLVMValueRef borrow = LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntNE, lo, zero, ""), w->i64, "");
    LLVMValueRef nhi = LLVMBuildSub(b, LLVMBuildSub(b, zero, hi, ""), borrow, "");
    lo = LLVMBuildSelect(b, negative, nlo, lo, "");
    hi = LLVMBuildSelect(b, negative, nhi, hi, "");
  }
  LLVMValueRef f = LLVMConstInt(LLVMInt1TypeInContext(w->ctx->llctx), 0, 0);
  LLVMValueRef args[2] = {hi, f};
  LLVMValueRef lead = intrinsic(w, "llvm.ctlz", w->i64, args, 2); /* 64 when hi is 0 */
  LLVMValueRef small = LLVMBuildICmp(b, LLVMIntEQ, hi, zero, "");
  LLVMValueRef s = LLVMBuildAnd(b, lead, constant(w, 64, 63), "");
  wide_value top = shift128(w, LLVMShl, lo, hi, s);
  LLVMValueRef sticky = LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntNE, top.lo, zero, ""), w->i64, "");
  LLVMValueRef word = LLVMBuildSelect(b, small, lo, LLVMBuildOr(b, top.hi, sticky, ""), "");
  LLVMValueRef r = LLVMBuildUIToFP(b, word, to, "");
  LLVMValueRef scale = power_of_two(w, to, LLVMBuildSub(b, constant(w, 64, 64), s, ""));
  r = LLVMBuildSelect(b, small, r, LLVMBuildFMul(b, r, scale, ""), "");
  if (negative) r = LLVMBuildSelect(b, negative, LLVMBuildFNeg(b, r, ""), r, "");
  result(w, i, (wide_value){r, NULL});
  return 1;
}

static int cast(widen *w, LLVMValueRef i, LLVMOpcode op) {
  LLVMValueRef src = LLVMGetOperand(i, 0);
  LLVMTypeRef to = LLVMTypeOf(i);
  LLVMBuilderRef b = w->b;
  if (op == LLVMPtrToInt) {
    result(w, i,
           from128(w, LLVMBuildPtrToInt(b, src, w->i64, ""), constant(w, 64, 0),
                   LLVMGetIntTypeWidth(to)));
    return 1;
  }
  unsigned k = bits_of(src);
  wide_value x = value_of(w, src);
  int sgn = op == LLVMSExt || op == LLVMSIToFP;
  if (op == LLVMIntToPtr) {
    result(w, i, (wide_value){LLVMBuildIntToPtr(b, low64(w, x, k, 0), to, ""), NULL});
    return 1;
  }
  if (op == LLVMUIToFP || op == LLVMSIToFP) {
    if (k > 64) return wide_to_float(w, i, x, k, sgn);
    LLVMValueRef v = low64(w, x, k, sgn);
    result(w, i,
           (wide_value){sgn ? LLVMBuildSIToFP(b, v, to, "") : LLVMBuildUIToFP(b, v, to, ""), NULL});
    return 1;
  }
  if (op == LLVMFPToUI || op == LLVMFPToSI) {
    unsigned m = LLVMGetIntTypeWidth(to);
    if (m > 64) return fail(w, "conversion from floating point");
    LLVMValueRef v = op == LLVMFPToSI ? LLVMBuildFPToSI(b, src, w->i64, "")
                                      : LLVMBuildFPToUI(b, src, w->i64, "");
    result(w, i, from128(w, v, constant(w, 64, 0), m));
    return 1;
  }
  if (op != LLVMTrunc && op != LLVMZExt && op != LLVMSExt) return fail(w, "this conversion");
  unsigned m = LLVMGetIntTypeWidth(to);
  if (k <= 64 && m <= 64) { /* within one word: no detour through i64 */
    LLVMValueRef v = sgn ? in_carrier(w, x, k, 1) : x.lo;
    unsigned c = is_odd_type(to) ? carrier_bits(m) : m, have = bits_of(v);
    LLVMTypeRef t = int_type(w, c);
    if (have > c) v = LLVMBuildTrunc(b, v, t, "");
    if (have < c) v = sgn ? LLVMBuildSExt(b, v, t, "") : LLVMBuildZExt(b, v, t, "");
    /* a zero-extended value of fewer bits already fits */
    result(w, i, (wide_value){op == LLVMZExt ? v : mask_to(w, v, m), NULL});
    return 1;
  }
  result(w, i, from128(w, low64(w, x, k, sgn), high64(w, x, k, sgn), m));
  return 1;
}

static unsigned store_bytes(widen *w, LLVMTypeRef t) {
  return (unsigned)LLVMStoreSizeOfType(w->ctx->layout, t);
}

static LLVMValueRef byte_pointer(widen *w, LLVMValueRef p, unsigned offset) {
  return lower_byte_pointer(w->ctx, w->b, p, offset);
}

static int load(widen *w, LLVMValueRef i) {
  if (LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic) return fail(w, "an atomic load");
  unsigned n = LLVMGetIntTypeWidth(LLVMTypeOf(i)), s = store_bytes(w, LLVMTypeOf(i));
  unsigned align = LLVMGetAlignment(i);
  LLVMValueRef p = LLVMGetOperand(i, 0), word[2] = {constant(w, 64, 0), constant(w, 64, 0)};
  if (s == 1 || s == 2 || s == 4 || s == 8 || s == 16) {
    unsigned piece = s == 16 ? 8 : s;
    for (unsigned k = 0; k * piece < s; k++) {
      LLVMValueRef l = LLVMBuildLoad2(w->b, int_type(w, 8 * piece), byte_pointer(w, p, 8 * k), "");
      lower_copy_access(i, l, k ? (align < 8 ? align : 8) : align);
      word[k] = piece == 8 ? l : LLVMBuildZExt(w->b, l, w->i64, "");
    }
  } else {
    for (unsigned k = 0; k < s; k++) {
      LLVMValueRef l = LLVMBuildLoad2(w->b, w->i8, byte_pointer(w, p, k), "");
      lower_copy_access(i, l, 1);
      LLVMValueRef v =
          LLVMBuildShl(w->b, LLVMBuildZExt(w->b, l, w->i64, ""), constant(w, 64, 8 * (k % 8)), "");
      word[k / 8] = LLVMBuildOr(w->b, word[k / 8], v, "");
    }
  }
  result(w, i, from128(w, word[0], word[1], n));
  return 1;
}

static int store(widen *w, LLVMValueRef i) {
  if (LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic) return fail(w, "an atomic store");
  LLVMValueRef v = LLVMGetOperand(i, 0), p = LLVMGetOperand(i, 1);
  unsigned n = bits_of(v), s = store_bytes(w, LLVMTypeOf(v)), align = LLVMGetAlignment(i);
  wide_value x = value_of(w, v);
  LLVMValueRef word[2] = {low64(w, x, n, 0), high64(w, x, n, 0)};
  if (s == 1 || s == 2 || s == 4 || s == 8 || s == 16) {
    unsigned piece = s == 16 ? 8 : s;
    for (unsigned k = 0; k * piece < s; k++) {
      LLVMValueRef part =
          piece == 8 ? word[k] : LLVMBuildTrunc(w->b, word[k], int_type(w, 8 * piece), "");
      lower_copy_access(i, LLVMBuildStore(w->b, part, byte_pointer(w, p, 8 * k)),
                        k ? (align < 8 ? align : 8) : align);
    }
  } else {
    for (unsigned k = 0; k < s; k++) {
      LLVMValueRef bits = word[k / 8];
      if (k % 8) bits = LLVMBuildLShr(w->b, bits, constant(w, 64, 8 * (k % 8)), "");
      LLVMValueRef byte = LLVMBuildTrunc(w->b, bits, w->i8, "");
      lower_copy_access(i, LLVMBuildStore(w->b, byte, byte_pointer(w, p, k)), 1);
    }
  }
  push_dead(w, i);
  return 1;
}

/* Bit counts and reversals of a narrow odd value in its carrier c. */
static LLVMValueRef narrow_bits(widen *w, const char *base, LLVMValueRef x, unsigned n) {
  LLVMTypeRef t = LLVMTypeOf(x);
  unsigned c = bits_of(x);
  LLVMValueRef f = LLVMConstInt(LLVMInt1TypeInContext(w->ctx->llctx), 0, 0);
  LLVMValueRef args[2] = {x, f};
  if (!strcmp(base, "llvm.ctpop")) return intrinsic(w, base, t, args, 1);
  if (!strcmp(base, "llvm.ctlz"))
    return LLVMBuildSub(w->b, intrinsic(w, base, t, args, 2), constant(w, c, c - n), "");
  if (!strcmp(base, "llvm.cttz")) {
    /* a stop bit at n: a zero input gives n */
    args[0] = LLVMBuildOr(w->b, x, constant(w, c, 1ull << n), "");
    return intrinsic(w, base, t, args, 2);
  }
  /* bswap, bitreverse: the n bits end at the carrier's top */
  return LLVMBuildLShr(w->b, intrinsic(w, base, t, args, 1), constant(w, c, c - n), "");
}

static int call(widen *w, LLVMValueRef i) {
  LLVMValueRef callee = LLVMGetCalledValue(i);
  size_t len = 0;
  const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
  unsigned n = is_odd_type(LLVMTypeOf(i)) ? LLVMGetIntTypeWidth(LLVMTypeOf(i)) : 0;
  if (!LLVMGetIntrinsicID(callee)) return fail(w, "a call");
  if (!n || LLVMGetNumArgOperands(i) < 1 || !is_odd_type(LLVMTypeOf(LLVMGetOperand(i, 0))))
    return fail(w, name);
  static const char *const counts[] = {"llvm.ctpop", "llvm.ctlz", "llvm.cttz", "llvm.bswap",
                                       "llvm.bitreverse"};
  static const struct {
    const char *name;
    LLVMIntPredicate p;
  } minmax[] = {{"llvm.umin", LLVMIntULT},
                {"llvm.umax", LLVMIntUGT},
                {"llvm.smin", LLVMIntSLT},
                {"llvm.smax", LLVMIntSGT}};
  wide_value x = value_of(w, LLVMGetOperand(i, 0));
  for (unsigned k = 0; k < sizeof minmax / sizeof *minmax; k++) {
    size_t l = strlen(minmax[k].name);
    if (len > l && !strncmp(name, minmax[k].name, l) && name[l] == '.') {
      wide_value y = value_of(w, LLVMGetOperand(i, 1));
      result(w, i, select_value(w, compare(w, minmax[k].p, x, y, n), x, y));
      return 1;
    }
  }
  if (!strncmp(name, "llvm.abs.", 9)) {
    wide_value zero = value_of(w, LLVMConstInt(LLVMTypeOf(i), 0, 0));
    LLVMValueRef neg = compare(w, LLVMIntSLT, x, zero, n);
    LLVMValueRef lo = LLVMBuildSub(w->b, constant(w, 64, 0), low64(w, x, n, 1), "");
    LLVMValueRef hi = LLVMBuildSub(
        w->b, LLVMBuildSub(w->b, constant(w, 64, 0), high64(w, x, n, 1), ""),
        LLVMBuildZExt(w->b,
                      LLVMBuildICmp(w->b, LLVMIntNE, low64(w, x, n, 1), constant(w, 64, 0), ""),
                      w->i64, ""),
        "");
    result(w, i, select_value(w, neg, from128(w, lo, hi, n), x));
    return 1;
  }
  for (unsigned k = 0; k < sizeof counts / sizeof *counts; k++) {
    size_t l = strlen(counts[k]);
    if (len <= l || strncmp(name, counts[k], l) || name[l] != '.') continue;
    if (n > 64 && k == 0) {
      LLVMValueRef sum = LLVMBuildAdd(w->b, intrinsic(w, counts[k], w->i64, &x.lo, 1),
                                      intrinsic(w, counts[k], w->i64, &x.hi, 1), "");
      result(w, i, (wide_value){sum, constant(w, 64, 0)});
      return 1;
    }
    if (n > 64) break;
    result(w, i, (wide_value){narrow_bits(w, counts[k], x.lo, n), NULL});
    return 1;
  }
  return fail(w, name[0] ? name : "a call");
}

/* The widest odd integer width among i's result and operands; 0 for none. */
static unsigned widest_odd(LLVMValueRef i) {
  unsigned n = odd_width(LLVMTypeOf(i));
  for (unsigned k = 0, count = (unsigned)LLVMGetNumOperands(i); k < count; k++) {
    LLVMValueRef x = LLVMGetOperand(i, k);
    unsigned m = LLVMIsABasicBlock(x) ? 0 : odd_width(LLVMTypeOf(x));
    if (m > n) n = m;
  }
  return n;
}

static int instruction(widen *w, LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  LLVMBuilderRef b = w->b;
  /* Values are at most two 64-bit words (wide_value): wider ones (Csmith's packed
   * bit-field structs give i176) are refused here, before any rule indexes a third word. */
  if (widest_odd(i) > 128) return fail(w, "an operation beyond 128 bits");
  switch (op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem: return binary(w, i, op);
  case LLVMICmp: {
    LLVMValueRef x = LLVMGetOperand(i, 0);
    if (LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMIntegerTypeKind) return fail(w, "a comparison");
    result(w, i,
           (wide_value){compare(w, LLVMGetICmpPredicate(i), value_of(w, x),
                                value_of(w, LLVMGetOperand(i, 1)), bits_of(x)),
                        NULL});
    return 1;
  }
  case LLVMSelect:
    if (!is_odd_type(LLVMTypeOf(i))) return fail(w, "a select");
    result(w, i,
           select_value(w, LLVMGetOperand(i, 0), value_of(w, LLVMGetOperand(i, 1)),
                        value_of(w, LLVMGetOperand(i, 2))));
    return 1;
  case LLVMFreeze: {
    wide_value x = value_of(w, LLVMGetOperand(i, 0));
    x.lo = LLVMBuildFreeze(b, x.lo, "");
    if (x.hi) x.hi = LLVMBuildFreeze(b, x.hi, "");
    result(w, i, x);
    return 1;
  }
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMUIToFP:
  case LLVMSIToFP:
  case LLVMFPToUI:
  case LLVMFPToSI: return cast(w, i, op);
  case LLVMLoad: return is_odd_type(LLVMTypeOf(i)) ? load(w, i) : fail(w, "a load");
  case LLVMStore:
    return is_odd_type(LLVMTypeOf(LLVMGetOperand(i, 0))) ? store(w, i) : fail(w, "a store");
  case LLVMGetElementPtr:
    /* indices are sign-extended (or truncated) to the index width */
    for (unsigned k = 1, count = (unsigned)LLVMGetNumOperands(i); k < count; k++) {
      LLVMValueRef x = LLVMGetOperand(i, k);
      if (is_odd_type(LLVMTypeOf(x))) LLVMSetOperand(i, k, low64(w, value_of(w, x), bits_of(x), 1));
    }
    return 1;
  case LLVMCall: return call(w, i);
  default:
    return fail(w, LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVectorTypeKind ? "a vector"
                                                                        : "this operation");
  }
}

static int touches_odd(LLVMValueRef i) {
  if (has_odd_type(LLVMTypeOf(i))) return 1;
  for (unsigned k = 0, n = (unsigned)LLVMGetNumOperands(i); k < n; k++) {
    LLVMValueRef x = LLVMGetOperand(i, k);
    if (!LLVMIsABasicBlock(x) && has_odd_type(LLVMTypeOf(x))) return 1;
  }
  return 0;
}

/* ---- functions ---------------------------------------------------------- */

/* Blocks in reverse post-order (definitions before their non-phi uses),
 * then the unreachable ones. */
static unsigned block_order(LLVMValueRef fn, LLVMBasicBlockRef *order) {
  unsigned nblocks = LLVMCountBasicBlocks(fn), count = 0, depth = 0;
  LLVMBasicBlockRef *blocks = malloc(sizeof *blocks * nblocks);
  LLVMBasicBlockRef *stack = malloc(sizeof *stack * nblocks);
  unsigned *next = calloc(nblocks, sizeof *next);
  unsigned char *seen = calloc(nblocks, 1);
  ptrmap number = {0};
  LLVMGetBasicBlocks(fn, blocks);
  for (unsigned k = 0; k < nblocks; k++)
    ptrmap_set(&number, blocks[k], (int)k);
  unsigned post = nblocks; /* filled from the end: reverse post-order */
  stack[depth++] = blocks[0];
  seen[0] = 1;
  while (depth) {
    LLVMBasicBlockRef bb = stack[depth - 1];
    unsigned k = (unsigned)ptrmap_get(&number, bb, 0);
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    unsigned nsucc = term ? LLVMGetNumSuccessors(term) : 0;
    if (next[k] < nsucc) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(term, next[k]++);
      unsigned sk = (unsigned)ptrmap_get(&number, s, 0);
      if (!seen[sk]) seen[sk] = 1, stack[depth++] = s;
    } else {
      order[--post] = bb;
      depth--;
      count++;
    }
  }
  /* reachable blocks occupy order[post..nblocks); move them to the front */
  memmove(order, order + post, sizeof *order * count);
  for (unsigned k = 0; k < nblocks; k++)
    if (!seen[k]) order[count++] = blocks[k];
  ptrmap_free(&number);
  free(blocks), free(stack), free(next), free(seen);
  return count;
}

static void make_phis(widen *w, LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && LLVMIsAPHINode(i);
       i = LLVMGetNextInstruction(i)) {
    if (!is_odd_type(LLVMTypeOf(i))) continue;
    unsigned n = LLVMGetIntTypeWidth(LLVMTypeOf(i));
    LLVMPositionBuilderBefore(w->b, i);
    LLVMSetCurrentDebugLocation2(w->b, LLVMInstructionGetDebugLoc(i));
    wide_value v = {LLVMBuildPhi(w->b, n > 64 ? w->i64 : int_type(w, carrier_bits(n)), ""), NULL};
    if (n > 64) v.hi = LLVMBuildPhi(w->b, w->i64, "");
    record(w, i, v);
  }
}

static void fill_phis(widen *w, LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && LLVMIsAPHINode(i);
       i = LLVMGetNextInstruction(i)) {
    if (!is_odd_type(LLVMTypeOf(i))) continue;
    wide_value phi = w->values[ptrmap_get(&w->index, i, 0)];
    w->at = i;
    for (unsigned k = 0, n = LLVMCountIncoming(i); k < n; k++) {
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(i, k);
      wide_value v = value_of(w, LLVMGetIncomingValue(i, k));
      LLVMAddIncoming(phi.lo, &v.lo, &from, 1);
      if (phi.hi) LLVMAddIncoming(phi.hi, &v.hi, &from, 1);
    }
    push_dead(w, i);
  }
}

static int function(widen *w, LLVMValueRef fn) {
  for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a))
    if (has_odd_type(LLVMTypeOf(a))) {
      w->failed = 1;
      return diag_error(w->ctx, NULL,
                        "a %u-bit integer parameter of '%s' is not supported by Anchor's Metal "
                        "backend",
                        odd_width(LLVMTypeOf(a)), LLVMGetValueName2(fn, &(size_t){0}));
    }
  unsigned nblocks = LLVMCountBasicBlocks(fn);
  LLVMBasicBlockRef *order = malloc(sizeof *order * (nblocks ? nblocks : 1));
  block_order(fn, order);
  for (unsigned k = 0; k < nblocks; k++)
    make_phis(w, order[k]);
  for (unsigned k = 0; k < nblocks && !w->failed; k++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(order[k]); i && !w->failed;
         i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAPHINode(i) || !touches_odd(i)) continue;
      LLVMPositionBuilderBefore(w->b, i);
      LLVMSetCurrentDebugLocation2(w->b, LLVMInstructionGetDebugLoc(i));
      w->at = i;
      LLVMTypeRef t = LLVMTypeOf(i);
      if (has_odd_type(t) && !is_odd_type(t) && !LLVMIsACallInst(i))
        fail(w, LLVMGetTypeKind(t) == LLVMVectorTypeKind ? "a vector" : "an aggregate");
      else
        instruction(w, i);
    }
  for (unsigned k = 0; k < nblocks && !w->failed; k++)
    fill_phis(w, order[k]);
  free(order);
  return !w->failed;
}

int lower_int_widths(msl_ctx *ctx) {
  widen w = {.ctx = ctx,
             .b = LLVMCreateBuilderInContext(ctx->llctx),
             .i64 = LLVMInt64TypeInContext(ctx->llctx),
             .i8 = LLVMInt8TypeInContext(ctx->llctx)};
  for (LLVMValueRef fn = LLVMGetFirstFunction(ctx->mod); fn && !w.failed;
       fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn)) function(&w, fn);
  if (!w.failed) {
    /* old values first lose their uses (all among themselves), then go */
    for (unsigned k = 0; k < w.ndead; k++)
      if (LLVMGetTypeKind(LLVMTypeOf(w.dead[k])) != LLVMVoidTypeKind)
        LLVMReplaceAllUsesWith(w.dead[k], LLVMGetPoison(LLVMTypeOf(w.dead[k])));
    for (unsigned k = 0; k < w.ndead; k++)
      LLVMInstructionEraseFromParent(w.dead[k]);
  }
  LLVMDisposeBuilder(w.b);
  ptrmap_free(&w.index);
  free(w.values);
  free(w.dead);
  return !w.failed;
}
