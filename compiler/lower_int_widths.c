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
 *   - N > 64 is expanded: ceil(N/64) i64 words, the top one holding the bits
 *     from 64*(words-1) to N-1 zero-extended; add/sub with carry chains, mul
 *     as rows of partial products (each 64x64->128 from 32-bit halves),
 *     shifts by stages of whole words then across neighbouring words, compares
 *     word by word from the top. Up to 1024 bits (16 words; Csmith's packed
 *     bit-field structs give i176, whose loads, shifts, masks and stores of
 *     the storage unit this covers); wider is an error at the user's line.
 *     Divisions and remainders of such values are refused (no source has
 *     shown them; a library routine would be needed).
 *   - Memory: a load or store of iN accesses LLVM's store size of iN
 *     (ceil(N/8) bytes): one access when that is 1, 2, 4 or 8 bytes, i64
 *     words for a multiple of 8, else byte by byte.
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

/* The widest width legalised: values are at most this many 64-bit words. */
enum { MAX_WORDS = 16, MAX_BITS = 64 * MAX_WORDS };

typedef struct {
  /* w[0]: the carrier of a width up to 64, or the lowest word of a wider value; w[k]:
   * bits 64k.. (the top word zero-extended from the width's last bits); NULL past the
   * value's words */
  LLVMValueRef w[MAX_WORDS];
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

/* The 64-bit words of a width-n value (1 up to 64 bits). */
static unsigned words_of(unsigned n) {
  return (n + 63) / 64;
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

static wide_value one_word(LLVMValueRef v) {
  return (wide_value){{v}};
}

/* The value of v in the representation of its width: odd widths mapped (a
 * constant converted), legal ones as they are. */
static wide_value value_of(widen *w, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (!is_odd_type(t)) return one_word(v);
  unsigned n = LLVMGetIntTypeWidth(t);
  int k = ptrmap_get(&w->index, v, -1);
  if (k >= 0) return w->values[k];
  if (LLVMIsAConstantInt(v) && n <= 64)
    return one_word(constant(w, carrier_bits(n), LLVMConstIntGetZExtValue(v)));
  wide_value r = {{0}};
  if (LLVMIsAConstantInt(v)) {
    /* The builder folds operations on constants: no instruction is made. */
    for (unsigned j = 0; j < words_of(n); j++)
      r.w[j] = LLVMBuildTrunc(w->b, LLVMBuildLShr(w->b, v, LLVMConstInt(t, 64ull * j, 0), ""),
                              w->i64, "");
    return r;
  }
  /* undef, poison, and an instruction of an unreachable block not yet
   * visited: any value is right there. */
  if (!LLVMIsUndef(v) && !LLVMIsPoison(v) && !LLVMIsAInstruction(v))
    fail(w, "a constant expression");
  if (n <= 64) return one_word(constant(w, carrier_bits(n), 0));
  for (unsigned j = 0; j < words_of(n); j++)
    r.w[j] = constant(w, 64, 0);
  return r;
}

/* The low word of a width-n value as i64, extended from n bits. */
static LLVMValueRef low64(widen *w, wide_value v, unsigned n, int is_signed) {
  if (n > 64) return v.w[0];
  LLVMValueRef x = v.w[0];
  if (is_signed && bits_of(x) != n) x = sign_in(w, x, n); /* a carrier */
  if (bits_of(x) == 64) return x;
  return is_signed ? LLVMBuildSExt(w->b, x, w->i64, "") : LLVMBuildZExt(w->b, x, w->i64, "");
}

/* The first count 64-bit words of the width-n value v extended (with its sign or
 * zeros) to any width: out[k] holds bits 64k..64k+63. */
static void words(widen *w, wide_value v, unsigned n, int is_signed, unsigned count,
                  LLVMValueRef *out) {
  unsigned have = words_of(n);
  for (unsigned k = 0; k < have && k < count; k++)
    out[k] = k ? v.w[k] : low64(w, v, n, is_signed);
  if (have > count) return;
  LLVMValueRef top = out[have - 1];
  if (have > 1 && is_signed) out[have - 1] = top = sign_in(w, top, n - 64 * (have - 1));
  if (have == count) return;
  LLVMValueRef fill =
      is_signed ? LLVMBuildAShr(w->b, top, constant(w, 64, 63), "") : constant(w, 64, 0);
  for (unsigned k = have; k < count; k++)
    out[k] = fill;
}

/* The width-m value of the number in 64-bit words (at least as many as m needs),
 * truncated. */
static wide_value from_words(widen *w, const LLVMValueRef *word, unsigned m) {
  wide_value r = {{0}};
  if (m > 64) {
    unsigned count = words_of(m);
    for (unsigned k = 0; k < count; k++)
      r.w[k] = word[k];
    r.w[count - 1] = mask_to(w, word[count - 1], m - 64 * (count - 1));
    return r;
  }
  LLVMValueRef lo = word[0];
  if (!is_odd_type(int_type(w, m)))
    return one_word(m == 64 ? lo : LLVMBuildTrunc(w->b, lo, int_type(w, m), ""));
  unsigned c = carrier_bits(m);
  LLVMValueRef x = c == 64 ? lo : LLVMBuildTrunc(w->b, lo, int_type(w, c), "");
  return one_word(mask_to(w, x, m));
}

/* A narrow odd value in its carrier, sign-extended there when asked. */
static LLVMValueRef in_carrier(widen *w, wide_value v, unsigned n, int is_signed) {
  return is_signed ? sign_in(w, v.w[0], n) : v.w[0];
}

/* Result of `old`: odd widths recorded, legal ones replace old's uses. */
static void result(widen *w, LLVMValueRef old, wide_value v) {
  if (is_odd_type(LLVMTypeOf(old)))
    record(w, old, v);
  else
    LLVMReplaceAllUsesWith(old, v.w[0]);
  push_dead(w, old);
}

/* ---- numbers of 64-bit words -------------------------------------------- */

/* r = x + y or x - y (op: LLVMAdd, LLVMSub) over count words (r may be x or y), the
 * carry or borrow out of the top word dropped. */
static void carry_words(widen *w, LLVMOpcode op, const LLVMValueRef *x, const LLVMValueRef *y,
                        unsigned count, LLVMValueRef *r) {
  LLVMBuilderRef b = w->b;
  int add = op == LLVMAdd;
  LLVMValueRef in = NULL;
  for (unsigned k = 0; k < count; k++) {
    LLVMValueRef s = LLVMBuildBinOp(b, op, x[k], y[k], ""), t = s;
    /* out of this word: x + y wraps below x; x - y borrows when x < y */
    LLVMValueRef c =
        k + 1 < count ? LLVMBuildICmp(b, LLVMIntULT, add ? s : x[k], add ? x[k] : y[k], "") : NULL;
    if (in) {
      t = LLVMBuildBinOp(b, op, s, in, "");
      /* the same for the carry or borrow coming in */
      if (c) c = LLVMBuildOr(b, c, LLVMBuildICmp(b, LLVMIntULT, add ? t : s, add ? s : in, ""), "");
    }
    in = c ? LLVMBuildZExt(b, c, w->i64, "") : NULL;
    r[k] = t;
  }
}

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

/* r = x * y over count words, truncated: row i (x[i] times y, placed at word i) is
 * the low words of the partial products plus their high words one word up. */
static void mul_words(widen *w, const LLVMValueRef *x, const LLVMValueRef *y, unsigned count,
                      LLVMValueRef *r) {
  LLVMValueRef acc[MAX_WORDS];
  for (unsigned i = 0; i < count; i++) {
    unsigned len = count - i;
    LLVMValueRef row[MAX_WORDS], high[MAX_WORDS];
    for (unsigned j = 0; j < len; j++)
      row[j] = LLVMBuildMul(w->b, x[i], y[j], "");
    for (unsigned j = 0; j + 1 < len; j++)
      high[j] = mul_high(w, x[i], y[j]);
    carry_words(w, LLVMAdd, row + 1, high, len - 1, row + 1);
    if (i == 0)
      memcpy(acc, row, sizeof *row * len);
    else
      carry_words(w, LLVMAdd, acc + i, row, len, acc + i);
  }
  memcpy(r, acc, sizeof *acc * count);
}

/* The count-word number x shifted by s (an i64; only its bits below 64 * count's next
 * power of two are looked at): shl, lshr or ashr (x's top word then already
 * sign-extended to 64 bits). Whole words move in stages of 1, 2, 4 ... words (selects on
 * the amount's bits 6, 7 ...), then bits across neighbouring words; a constant amount
 * moves them without selects. */
static void shift_words(widen *w, LLVMOpcode op, const LLVMValueRef *x, unsigned count,
                        LLVMValueRef s, LLVMValueRef *r) {
  LLVMBuilderRef b = w->b;
  LLVMValueRef zero = constant(w, 64, 0), cur[MAX_WORDS], next[MAX_WORDS];
  LLVMValueRef fill =
      op == LLVMAShr ? LLVMBuildAShr(b, x[count - 1], constant(w, 64, 63), "") : zero;
  int known = LLVMIsAConstantInt(s) != NULL;
  unsigned long long amount = known ? LLVMConstIntGetZExtValue(s) : 0;
  memcpy(cur, x, sizeof *x * count);
  for (unsigned d = 1; d < count; d *= 2) {
    if (known && !(amount & 64ull * d)) continue;
    LLVMValueRef on =
        known ? NULL
              : LLVMBuildICmp(b, LLVMIntNE, LLVMBuildAnd(b, s, constant(w, 64, 64ull * d), ""),
                              zero, "");
    for (unsigned k = 0; k < count; k++) {
      LLVMValueRef moved =
          op == LLVMShl ? (k >= d ? cur[k - d] : zero) : (k + d < count ? cur[k + d] : fill);
      next[k] = known ? moved : LLVMBuildSelect(b, on, moved, cur[k], "");
    }
    memcpy(cur, next, sizeof *cur * count);
  }
  if (known && !(amount & 63)) {
    memcpy(r, cur, sizeof *cur * count);
    return;
  }
  /* in-range amounts: s & 63, and 64 - s for the bits crossing a word boundary (none when
   * s & 63 is 0) */
  LLVMValueRef s63 =
      known ? constant(w, 64, amount & 63) : LLVMBuildAnd(b, s, constant(w, 64, 63), "");
  LLVMValueRef back = known ? constant(w, 64, 64 - (amount & 63))
                            : LLVMBuildAnd(b, LLVMBuildSub(b, constant(w, 64, 64), s63, ""),
                                           constant(w, 64, 63), "");
  LLVMValueRef none = known ? NULL : LLVMBuildICmp(b, LLVMIntEQ, s63, zero, "");
  for (unsigned k = 0; k < count; k++) {
    LLVMValueRef spill;
    if (op == LLVMShl) {
      r[k] = LLVMBuildShl(b, cur[k], s63, "");
      if (k == 0) continue;
      spill = LLVMBuildLShr(b, cur[k - 1], back, "");
    } else if (k + 1 == count) {
      r[k] = op == LLVMAShr ? LLVMBuildAShr(b, cur[k], s63, "") : LLVMBuildLShr(b, cur[k], s63, "");
      continue;
    } else {
      r[k] = LLVMBuildLShr(b, cur[k], s63, "");
      spill = LLVMBuildShl(b, cur[k + 1], back, "");
    }
    if (!known) spill = LLVMBuildSelect(b, none, zero, spill, "");
    r[k] = LLVMBuildOr(b, r[k], spill, "");
  }
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
    result(w, i, one_word(fits ? r : mask_to(w, r, n)));
    return 1;
  }
  unsigned count = words_of(n);
  LLVMValueRef r[MAX_WORDS];
  switch (op) {
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
    for (unsigned k = 0; k < count; k++)
      r[k] = LLVMBuildBinOp(b, op, x.w[k], y.w[k], "");
    break;
  case LLVMAdd:
  case LLVMSub: carry_words(w, op, x.w, y.w, count, r); break;
  case LLVMMul: mul_words(w, x.w, y.w, count, r); break;
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr: {
    /* an amount >= n is poison: any result is right */
    LLVMValueRef v[MAX_WORDS];
    words(w, x, n, op == LLVMAShr, count, v);
    shift_words(w, op, v, count, y.w[0], r);
    break;
  }
  default: return fail(w, "division or remainder");
  }
  result(w, i, from_words(w, r, n));
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
  unsigned count = words_of(n);
  LLVMValueRef xw[MAX_WORDS], yw[MAX_WORDS];
  words(w, x, n, sgn, count, xw);
  words(w, y, n, sgn, count, yw);
  if (p == LLVMIntEQ || p == LLVMIntNE) {
    LLVMValueRef r = LLVMBuildICmp(b, p, xw[0], yw[0], "");
    for (unsigned k = 1; k < count; k++) {
      LLVMValueRef c = LLVMBuildICmp(b, p, xw[k], yw[k], "");
      r = p == LLVMIntEQ ? LLVMBuildAnd(b, r, c, "") : LLVMBuildOr(b, r, c, "");
    }
    return r;
  }
  /* the highest unequal word decides, the top one signed for signed compares, those below
   * unsigned; all equal: the lowest words' compare (ge/le then hold) */
  static const LLVMIntPredicate low[][2] = {{LLVMIntSGT, LLVMIntUGT}, {LLVMIntSGE, LLVMIntUGE},
                                            {LLVMIntSLT, LLVMIntULT}, {LLVMIntSLE, LLVMIntULE},
                                            {LLVMIntUGT, LLVMIntUGT}, {LLVMIntUGE, LLVMIntUGE},
                                            {LLVMIntULT, LLVMIntULT}, {LLVMIntULE, LLVMIntULE}};
  LLVMIntPredicate lp = p;
  for (unsigned k = 0; k < sizeof low / sizeof *low; k++)
    if (low[k][0] == p) lp = low[k][1];
  int greater = p == LLVMIntSGE || p == LLVMIntSGT || p == LLVMIntUGE || p == LLVMIntUGT;
  LLVMIntPredicate strict_top =
      sgn ? (greater ? LLVMIntSGT : LLVMIntSLT) : (greater ? LLVMIntUGT : LLVMIntULT);
  LLVMIntPredicate strict = greater ? LLVMIntUGT : LLVMIntULT;
  LLVMValueRef r = LLVMBuildICmp(b, lp, xw[0], yw[0], "");
  for (unsigned k = 1; k < count; k++) {
    LLVMValueRef eq = LLVMBuildICmp(b, LLVMIntEQ, xw[k], yw[k], "");
    LLVMValueRef decided = LLVMBuildICmp(b, k + 1 == count ? strict_top : strict, xw[k], yw[k], "");
    r = LLVMBuildSelect(b, eq, r, decided, "");
  }
  return r;
}

static wide_value select_value(widen *w, LLVMValueRef c, wide_value x, wide_value y) {
  wide_value r = {{0}};
  for (unsigned k = 0; k < MAX_WORDS && x.w[k]; k++)
    r.w[k] = LLVMBuildSelect(w->b, c, x.w[k], y.w[k], "");
  return r;
}

static LLVMValueRef intrinsic(widen *w, const char *name, LLVMTypeRef t, LLVMValueRef *args,
                              unsigned nargs) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(w->ctx->mod, id, &t, 1);
  return LLVMBuildCall2(w->b, LLVMIntrinsicGetType(w->ctx->llctx, id, &t, 1), fn, args, nargs, "");
}

/* 2^e (e an i64 in 0..largest) as a float or double: its exponent field, e clamped
 * to the type's largest exponent (the callers' numbers are then at least 2^63 times
 * it: infinity either way). */
static LLVMValueRef power_of_two(widen *w, LLVMTypeRef to, LLVMValueRef e, unsigned largest) {
  int is_double = LLVMGetTypeKind(to) == LLVMDoubleTypeKind;
  unsigned bits = is_double ? 64 : 32;
  LLVMValueRef most = constant(w, 64, is_double ? 1023 : 127);
  if (largest > (is_double ? 1023u : 127u))
    e = LLVMBuildSelect(w->b, LLVMBuildICmp(w->b, LLVMIntUGT, e, most, ""), most, e, "");
  LLVMValueRef biased = LLVMBuildAdd(w->b, e, constant(w, 64, is_double ? 1023 : 127), "");
  if (!is_double) biased = LLVMBuildTrunc(w->b, biased, int_type(w, 32), "");
  LLVMValueRef field = LLVMBuildShl(w->b, biased, constant(w, bits, is_double ? 52 : 23), "");
  return LLVMBuildBitCast(w->b, field, to, "");
}

/* uitofp/sitofp of a value over 64 bits to float or double, rounded once: the
 * magnitude's top 64 bits (shifted up by its leading zeros; the bits below ORed into
 * bit 0, which only ever acts as the sticky bit) converted by the 64-bit conversion,
 * then scaled by a power of two (exact, or infinity when the number is beyond the
 * type). A magnitude below 2^64 is converted as it is. */
static int wide_to_float(widen *w, LLVMValueRef i, wide_value x, unsigned n, int is_signed) {
  LLVMTypeRef to = LLVMTypeOf(i);
  LLVMTypeKind kind = LLVMGetTypeKind(to);
  if (kind != LLVMFloatTypeKind && kind != LLVMDoubleTypeKind)
    return fail(w, "conversion to this floating-point type");
  LLVMBuilderRef b = w->b;
  unsigned count = words_of(n);
  LLVMValueRef zero = constant(w, 64, 0), m[MAX_WORDS];
  words(w, x, n, is_signed, count, m);
  LLVMValueRef negative = NULL;
  if (is_signed) { /* the magnitude, as an unsigned number */
    LLVMValueRef zeros[MAX_WORDS] = {0}, neg[MAX_WORDS];
    for (unsigned k = 0; k < count; k++)
      zeros[k] = zero;
    negative = LLVMBuildICmp(b, LLVMIntSLT, m[count - 1], zero, "");
    carry_words(w, LLVMSub, zeros, m, count, neg);
    for (unsigned k = 0; k < count; k++)
      m[k] = LLVMBuildSelect(b, negative, neg[k], m[k], "");
  }
  /* lead: the leading zeros of the number (below 64 * (count - 1) unless small) */
  LLVMValueRef f = LLVMConstInt(LLVMInt1TypeInContext(w->ctx->llctx), 0, 0);
  LLVMValueRef small = LLVMConstInt(LLVMInt1TypeInContext(w->ctx->llctx), 1, 0), lead = zero;
  for (unsigned k = 1; k < count; k++) {
    LLVMValueRef args[2] = {m[k], f};
    LLVMValueRef z = LLVMBuildAdd(b, intrinsic(w, "llvm.ctlz", w->i64, args, 2),
                                  constant(w, 64, 64ull * (count - 1 - k)), "");
    LLVMValueRef nonzero = LLVMBuildICmp(b, LLVMIntNE, m[k], zero, "");
    lead = LLVMBuildSelect(b, nonzero, z, lead, "");
    small = LLVMBuildAnd(b, small, LLVMBuildNot(b, nonzero, ""), "");
  }
  LLVMValueRef top[MAX_WORDS];
  shift_words(w, LLVMShl, m, count, lead, top);
  LLVMValueRef below = top[0];
  for (unsigned k = 1; k + 1 < count; k++)
    below = LLVMBuildOr(b, below, top[k], "");
  LLVMValueRef sticky = LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntNE, below, zero, ""), w->i64, "");
  LLVMValueRef word =
      LLVMBuildSelect(b, small, m[0], LLVMBuildOr(b, top[count - 1], sticky, ""), "");
  LLVMValueRef r = LLVMBuildUIToFP(b, word, to, "");
  LLVMValueRef scale = power_of_two(
      w, to, LLVMBuildSub(b, constant(w, 64, 64ull * (count - 1)), lead, ""), 64 * (count - 1));
  r = LLVMBuildSelect(b, small, r, LLVMBuildFMul(b, r, scale, ""), "");
  if (negative) r = LLVMBuildSelect(b, negative, LLVMBuildFNeg(b, r, ""), r, "");
  result(w, i, one_word(r));
  return 1;
}

static int cast(widen *w, LLVMValueRef i, LLVMOpcode op) {
  LLVMValueRef src = LLVMGetOperand(i, 0);
  LLVMTypeRef to = LLVMTypeOf(i);
  LLVMBuilderRef b = w->b;
  LLVMValueRef word[MAX_WORDS];
  if (op == LLVMPtrToInt) {
    unsigned m = LLVMGetIntTypeWidth(to);
    words(w, one_word(LLVMBuildPtrToInt(b, src, w->i64, "")), 64, 0, words_of(m), word);
    result(w, i, from_words(w, word, m));
    return 1;
  }
  unsigned k = bits_of(src);
  wide_value x = value_of(w, src);
  int sgn = op == LLVMSExt || op == LLVMSIToFP;
  if (op == LLVMIntToPtr) {
    result(w, i, one_word(LLVMBuildIntToPtr(b, low64(w, x, k, 0), to, "")));
    return 1;
  }
  if (op == LLVMUIToFP || op == LLVMSIToFP) {
    if (k > 64) return wide_to_float(w, i, x, k, sgn);
    LLVMValueRef v = low64(w, x, k, sgn);
    result(w, i, one_word(sgn ? LLVMBuildSIToFP(b, v, to, "") : LLVMBuildUIToFP(b, v, to, "")));
    return 1;
  }
  if (op == LLVMFPToUI || op == LLVMFPToSI) {
    unsigned m = LLVMGetIntTypeWidth(to);
    if (m > 64) return fail(w, "conversion from floating point");
    LLVMValueRef v = op == LLVMFPToSI ? LLVMBuildFPToSI(b, src, w->i64, "")
                                      : LLVMBuildFPToUI(b, src, w->i64, "");
    result(w, i, from_words(w, &v, m));
    return 1;
  }
  if (op != LLVMTrunc && op != LLVMZExt && op != LLVMSExt) return fail(w, "this conversion");
  unsigned m = LLVMGetIntTypeWidth(to);
  if (k <= 64 && m <= 64) { /* within one word: no detour through i64 */
    LLVMValueRef v = sgn ? in_carrier(w, x, k, 1) : x.w[0];
    unsigned c = is_odd_type(to) ? carrier_bits(m) : m, have = bits_of(v);
    LLVMTypeRef t = int_type(w, c);
    if (have > c) v = LLVMBuildTrunc(b, v, t, "");
    if (have < c) v = sgn ? LLVMBuildSExt(b, v, t, "") : LLVMBuildZExt(b, v, t, "");
    /* a zero-extended value of fewer bits already fits */
    result(w, i, one_word(op == LLVMZExt ? v : mask_to(w, v, m)));
    return 1;
  }
  words(w, x, k, sgn, words_of(m), word);
  result(w, i, from_words(w, word, m));
  return 1;
}

static unsigned store_bytes(widen *w, LLVMTypeRef t) {
  return (unsigned)LLVMStoreSizeOfType(w->ctx->layout, t);
}

static LLVMValueRef byte_pointer(widen *w, LLVMValueRef p, unsigned offset) {
  return lower_byte_pointer(w->ctx, w->b, p, offset);
}

/* The pieces a load or store of s bytes is made of: one access of 1, 2, 4 or 8 bytes,
 * 64-bit words for a multiple of 8, else bytes. */
static unsigned piece_bytes(unsigned s) {
  return s == 1 || s == 2 || s == 4 || s % 8 == 0 ? (s < 8 ? s : 8) : 1;
}

static int load(widen *w, LLVMValueRef i) {
  if (LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic) return fail(w, "an atomic load");
  unsigned n = LLVMGetIntTypeWidth(LLVMTypeOf(i)), s = store_bytes(w, LLVMTypeOf(i));
  unsigned align = LLVMGetAlignment(i), piece = piece_bytes(s);
  LLVMValueRef p = LLVMGetOperand(i, 0), word[MAX_WORDS];
  for (unsigned k = 0; k < words_of(n); k++)
    word[k] = constant(w, 64, 0);
  for (unsigned k = 0; k * piece < s; k++) {
    LLVMValueRef l =
        LLVMBuildLoad2(w->b, int_type(w, 8 * piece), byte_pointer(w, p, piece * k), "");
    if (piece == 1 && s > 1) {
      lower_copy_access(i, l, 1);
      LLVMValueRef v =
          LLVMBuildShl(w->b, LLVMBuildZExt(w->b, l, w->i64, ""), constant(w, 64, 8 * (k % 8)), "");
      word[k / 8] = LLVMBuildOr(w->b, word[k / 8], v, "");
    } else {
      lower_copy_access(i, l, k ? (align < 8 ? align : 8) : align);
      word[k] = piece == 8 ? l : LLVMBuildZExt(w->b, l, w->i64, "");
    }
  }
  result(w, i, from_words(w, word, n));
  return 1;
}

static int store(widen *w, LLVMValueRef i) {
  if (LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic) return fail(w, "an atomic store");
  LLVMValueRef v = LLVMGetOperand(i, 0), p = LLVMGetOperand(i, 1);
  unsigned n = bits_of(v), s = store_bytes(w, LLVMTypeOf(v)), align = LLVMGetAlignment(i);
  unsigned piece = piece_bytes(s);
  LLVMValueRef word[MAX_WORDS];
  words(w, value_of(w, v), n, 0, (s + 7) / 8, word);
  for (unsigned k = 0; k * piece < s; k++) {
    LLVMValueRef bits = word[piece * k / 8];
    if (piece == 1 && k % 8) bits = LLVMBuildLShr(w->b, bits, constant(w, 64, 8 * (k % 8)), "");
    if (piece < 8) bits = LLVMBuildTrunc(w->b, bits, int_type(w, 8 * piece), "");
    LLVMValueRef st = LLVMBuildStore(w->b, bits, byte_pointer(w, p, piece * k));
    lower_copy_access(i, st, piece == 1 && s > 1 ? 1 : k ? (align < 8 ? align : 8) : align);
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
    unsigned count = words_of(n);
    LLVMValueRef xw[MAX_WORDS], zw[MAX_WORDS] = {0}, r[MAX_WORDS];
    words(w, x, n, 1, count, xw);
    for (unsigned k = 0; k < count; k++)
      zw[k] = constant(w, 64, 0);
    carry_words(w, LLVMSub, zw, xw, count, r);
    result(w, i, select_value(w, neg, from_words(w, r, n), x));
    return 1;
  }
  for (unsigned k = 0; k < sizeof counts / sizeof *counts; k++) {
    size_t l = strlen(counts[k]);
    if (len <= l || strncmp(name, counts[k], l) || name[l] != '.') continue;
    if (n > 64 && k == 0) { /* the sum of the words' counts */
      LLVMValueRef word[MAX_WORDS] = {intrinsic(w, counts[k], w->i64, &x.w[0], 1)};
      for (unsigned j = 1; j < words_of(n); j++) {
        word[0] = LLVMBuildAdd(w->b, word[0], intrinsic(w, counts[k], w->i64, &x.w[j], 1), "");
        word[j] = constant(w, 64, 0);
      }
      result(w, i, from_words(w, word, n));
      return 1;
    }
    if (n > 64) break;
    result(w, i, one_word(narrow_bits(w, counts[k], x.w[0], n)));
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
  /* Values are at most MAX_WORDS 64-bit words (wide_value): wider ones are refused here,
   * before any rule indexes past them. */
  if (widest_odd(i) > MAX_BITS) return fail(w, "an operation beyond 1024 bits");
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
           one_word(compare(w, LLVMGetICmpPredicate(i), value_of(w, x),
                            value_of(w, LLVMGetOperand(i, 1)), bits_of(x))));
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
    for (unsigned k = 0; k < MAX_WORDS && x.w[k]; k++)
      x.w[k] = LLVMBuildFreeze(b, x.w[k], "");
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
    w->at = i;
    if (n > MAX_BITS) {
      fail(w, "a phi beyond 1024 bits");
      return;
    }
    LLVMPositionBuilderBefore(w->b, i);
    LLVMSetCurrentDebugLocation2(w->b, LLVMInstructionGetDebugLoc(i));
    wide_value v = {{0}};
    for (unsigned k = 0; k < words_of(n); k++)
      v.w[k] = LLVMBuildPhi(w->b, n > 64 ? w->i64 : int_type(w, carrier_bits(n)), "");
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
      for (unsigned j = 0; j < MAX_WORDS && phi.w[j]; j++)
        LLVMAddIncoming(phi.w[j], &v.w[j], &from, 1);
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
  for (unsigned k = 0; k < nblocks && !w->failed; k++)
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
