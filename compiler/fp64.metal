// fp64.metal — IEEE 754 binary64 arithmetic on 64-bit integers, for GPUs
// without double (ARCHITECTURE.md decision 7). anchor-msl prepends this to
// the MSL of a module that computes on doubles; a double is carried as its
// ulong bits. Every result is the correctly rounded one (round to nearest,
// ties to even), subnormals included; NaN results are the default NaN
// 0x7FF8000000000000 (CUDA's propagation of payloads is not reproduced).
//
// Written for Anchor after the classic software-float structure (unpack,
// align with a sticky bit, operate, normalise, round once); it is valid MSL
// and valid host C++ (tests/compiler/fp64_host_test.cpp checks it against
// the host's hardware doubles).
//
// Internal convention of anchor_f64_round: `sig` has its leading one at bit
// 62 and ten extra bits below the 52 fraction bits; `exp` is the biased
// exponent minus one, so that adding the rounded significand (implicit one
// at bit 52) to exp << 52 yields the encoding.

#define ANCHOR_F64_NAN 0x7FF8000000000000ul
#define ANCHOR_F64_SIGN 0x8000000000000000ul

inline uint anchor_clz64(ulong a) {
  uint hi = (uint)(a >> 32), lo = (uint)a;
  return hi ? (uint)clz(hi) : 32u + (uint)clz(lo);
}

// a >> dist, with every bit shifted out ORed into bit 0 (dist may be >= 64).
inline ulong anchor_shift_right_jam(ulong a, int dist) {
  if (dist <= 0)
    return a;
  if (dist >= 63)
    return a != 0 ? 1ul : 0ul;
  return (a >> dist) | ((a << (64 - dist)) != 0 ? 1ul : 0ul);
}

inline ulong anchor_f64_pack(ulong sign, long exp, ulong sig) {
  return (sign << 63) + ((ulong)exp << 52) + sig;
}

inline ulong anchor_f64_round(ulong sign, long exp, ulong sig) {
  ulong round_bits = sig & 0x3FFul;
  if (exp < 0 || exp >= 0x7FD) {
    if (exp < 0) {  // subnormal or zero result: denormalise first, then round
      sig = anchor_shift_right_jam(sig, (int)(exp < -64 ? 64 : -exp));
      exp = 0;
      round_bits = sig & 0x3FFul;
    } else if (exp > 0x7FD || sig + 0x200ul >= 0x8000000000000000ul) {
      return anchor_f64_pack(sign, 0x7FF, 0);  // overflow to infinity
    }
  }
  sig = (sig + 0x200ul) >> 10;
  if (round_bits == 0x200ul)
    sig &= ~1ul;  // a tie: to even
  if (sig == 0)
    exp = 0;
  return anchor_f64_pack(sign, exp, sig);
}

// Like anchor_f64_round, for a significand not yet normalised to bit 62.
inline ulong anchor_f64_normalize_round(ulong sign, long exp, ulong sig) {
  int shift = (int)anchor_clz64(sig) - 1;
  exp -= shift;
  if (shift >= 10 && exp >= 0 && exp < 0x7FD)  // exact: no rounding needed
    return anchor_f64_pack(sign, sig ? exp : 0, sig << (shift - 10));
  return anchor_f64_round(sign, exp, sig << shift);
}

inline bool anchor_f64_isnan(ulong a) {
  return (a & ~ANCHOR_F64_SIGN) > 0x7FF0000000000000ul;
}

// |a| + |b| with the sign of a (a and b have the same sign).
inline ulong anchor_f64_add_magnitudes(ulong a, ulong b, ulong sign) {
  long exp_a = (long)((a >> 52) & 0x7FF), exp_b = (long)((b >> 52) & 0x7FF);
  ulong sig_a = a & 0xFFFFFFFFFFFFFul, sig_b = b & 0xFFFFFFFFFFFFFul;
  long diff = exp_a - exp_b, exp;
  ulong sig;
  if (diff == 0) {
    if (exp_a == 0)  // both subnormal: the sum is exact (it may carry into normal)
      return (sign << 63) + sig_a + sig_b;
    if (exp_a == 0x7FF)
      return (sig_a | sig_b) ? ANCHOR_F64_NAN : a;
    exp = exp_a;
    sig = (0x0020000000000000ul + sig_a + sig_b) << 9;
  } else {
    sig_a <<= 9;
    sig_b <<= 9;
    if (diff < 0) {
      if (exp_b == 0x7FF)
        return sig_b ? ANCHOR_F64_NAN : anchor_f64_pack(sign, 0x7FF, 0);
      exp = exp_b;
      sig_a = exp_a ? sig_a + 0x2000000000000000ul : sig_a << 1;
      sig_a = anchor_shift_right_jam(sig_a, (int)(-diff > 64 ? 64 : -diff));
    } else {
      if (exp_a == 0x7FF)
        return sig_a ? ANCHOR_F64_NAN : a;
      exp = exp_a;
      sig_b = exp_b ? sig_b + 0x2000000000000000ul : sig_b << 1;
      sig_b = anchor_shift_right_jam(sig_b, (int)(diff > 64 ? 64 : diff));
    }
    sig = 0x2000000000000000ul + sig_a + sig_b;
    if (sig < 0x4000000000000000ul) {
      exp--;
      sig <<= 1;
    }
  }
  return anchor_f64_round(sign, exp, sig);
}

// |a| - |b|, the result taking the sign of a unless |b| > |a|.
inline ulong anchor_f64_sub_magnitudes(ulong a, ulong b, ulong sign) {
  long exp_a = (long)((a >> 52) & 0x7FF), exp_b = (long)((b >> 52) & 0x7FF);
  ulong sig_a = a & 0xFFFFFFFFFFFFFul, sig_b = b & 0xFFFFFFFFFFFFFul;
  long diff = exp_a - exp_b, exp;
  ulong sig;
  if (diff == 0) {
    if (exp_a == 0x7FF)
      return ANCHOR_F64_NAN;  // inf - inf, or a NaN
    if (sig_a == sig_b)
      return 0;  // exact zero: +0 when rounding to nearest
    if (exp_a)
      exp_a--;
    if (sig_b > sig_a) {
      sign ^= 1;
      sig = sig_b - sig_a;
    } else {
      sig = sig_a - sig_b;
    }
    int shift = (int)anchor_clz64(sig) - 11;
    exp = exp_a - shift;
    if (exp < 0) {
      shift = (int)exp_a;
      exp = 0;
    }
    return anchor_f64_pack(sign, exp, sig << shift);
  }
  sig_a <<= 10;
  sig_b <<= 10;
  if (diff < 0) {
    sign ^= 1;
    if (exp_b == 0x7FF)
      return sig_b ? ANCHOR_F64_NAN : anchor_f64_pack(sign, 0x7FF, 0);
    sig_a = exp_a ? sig_a + 0x4000000000000000ul : sig_a << 1;
    sig_a = anchor_shift_right_jam(sig_a, (int)(-diff > 64 ? 64 : -diff));
    sig_b |= 0x4000000000000000ul;
    exp = exp_b;
    sig = sig_b - sig_a;
  } else {
    if (exp_a == 0x7FF)
      return sig_a ? ANCHOR_F64_NAN : a;
    sig_b = exp_b ? sig_b + 0x4000000000000000ul : sig_b << 1;
    sig_b = anchor_shift_right_jam(sig_b, (int)(diff > 64 ? 64 : diff));
    sig_a |= 0x4000000000000000ul;
    exp = exp_a;
    sig = sig_a - sig_b;
  }
  return anchor_f64_normalize_round(sign, exp - 1, sig);
}

inline ulong anchor_f64_add(ulong a, ulong b) {
  if (anchor_f64_isnan(a) || anchor_f64_isnan(b))
    return ANCHOR_F64_NAN;
  ulong sign_a = a >> 63, sign_b = b >> 63;
  return sign_a == sign_b ? anchor_f64_add_magnitudes(a, b, sign_a)
                          : anchor_f64_sub_magnitudes(a, b, sign_a);
}

inline ulong anchor_f64_sub(ulong a, ulong b) {
  return anchor_f64_add(a, anchor_f64_isnan(b) ? b : b ^ ANCHOR_F64_SIGN);
}

// The 128-bit product of two 64-bit integers, from 32-bit halves.
inline void anchor_mul64(ulong a, ulong b, thread ulong &hi, thread ulong &lo) {
  ulong a0 = a & 0xFFFFFFFFul, a1 = a >> 32, b0 = b & 0xFFFFFFFFul, b1 = b >> 32;
  ulong p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  ulong mid = (p00 >> 32) + (p01 & 0xFFFFFFFFul) + (p10 & 0xFFFFFFFFul);
  lo = (mid << 32) | (p00 & 0xFFFFFFFFul);
  hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

// Significand with the implicit one at bit 52 and unbiased-for-us exponent
// of a finite non-zero number; subnormals are normalised.
inline ulong anchor_f64_unpack(ulong a, thread long &exp) {
  exp = (long)((a >> 52) & 0x7FF);
  ulong sig = a & 0xFFFFFFFFFFFFFul;
  if (exp == 0) {
    int shift = (int)anchor_clz64(sig) - 11;
    exp = 1 - shift;
    return sig << shift;
  }
  return sig | 0x0010000000000000ul;
}

inline ulong anchor_f64_mul(ulong a, ulong b) {
  ulong sign = (a ^ b) >> 63;
  if (anchor_f64_isnan(a) || anchor_f64_isnan(b))
    return ANCHOR_F64_NAN;
  bool inf_a = (a & ~ANCHOR_F64_SIGN) == 0x7FF0000000000000ul;
  bool inf_b = (b & ~ANCHOR_F64_SIGN) == 0x7FF0000000000000ul;
  bool zero_a = (a << 1) == 0, zero_b = (b << 1) == 0;
  if (inf_a || inf_b)
    return (zero_a || zero_b) ? ANCHOR_F64_NAN : anchor_f64_pack(sign, 0x7FF, 0);
  if (zero_a || zero_b)
    return sign << 63;
  long exp_a, exp_b;
  ulong sig_a = anchor_f64_unpack(a, exp_a), sig_b = anchor_f64_unpack(b, exp_b);
  ulong hi, lo;
  anchor_mul64(sig_a << 10, sig_b << 11, hi, lo);
  ulong sig = hi | (lo != 0 ? 1ul : 0ul);
  long exp = exp_a + exp_b - 0x3FF;
  if (sig < 0x4000000000000000ul) {
    exp--;
    sig <<= 1;
  }
  return anchor_f64_round(sign, exp, sig);
}

inline ulong anchor_f64_div(ulong a, ulong b) {
  ulong sign = (a ^ b) >> 63;
  if (anchor_f64_isnan(a) || anchor_f64_isnan(b))
    return ANCHOR_F64_NAN;
  bool inf_a = (a & ~ANCHOR_F64_SIGN) == 0x7FF0000000000000ul;
  bool inf_b = (b & ~ANCHOR_F64_SIGN) == 0x7FF0000000000000ul;
  bool zero_a = (a << 1) == 0, zero_b = (b << 1) == 0;
  if (inf_a)
    return inf_b ? ANCHOR_F64_NAN : anchor_f64_pack(sign, 0x7FF, 0);
  if (inf_b)
    return sign << 63;
  if (zero_b)
    return zero_a ? ANCHOR_F64_NAN : anchor_f64_pack(sign, 0x7FF, 0);
  if (zero_a)
    return sign << 63;
  long exp_a, exp_b;
  ulong sig_a = anchor_f64_unpack(a, exp_a), sig_b = anchor_f64_unpack(b, exp_b);
  long exp = exp_a - exp_b + 0x3FE;
  if (sig_a < sig_b) {
    exp--;
    sig_a <<= 1;
  }
  // Restoring division: sig_b <= r < 2 sig_b; 63 quotient bits, the first
  // one at bit 62, then a sticky bit for the remainder.
  ulong r = sig_a, q = 0;
  for (int i = 0; i < 63; i++) {
    q <<= 1;
    if (r >= sig_b) {
      r -= sig_b;
      q |= 1;
    }
    r <<= 1;
  }
  return anchor_f64_round(sign, exp, q | (r != 0 ? 1ul : 0ul));
}

// Square root, correctly rounded: the 63-bit integer square root of the
// significand scaled to 2^124..2^126, bit by bit, with a sticky remainder
// (a square root is never exactly halfway between two doubles).
inline ulong anchor_f64_sqrt(ulong a) {
  if (anchor_f64_isnan(a))
    return ANCHOR_F64_NAN;
  if ((a << 1) == 0 || a == 0x7FF0000000000000ul)
    return a;  // +-0 and +inf are their own roots
  if (a >> 63)
    return ANCHOR_F64_NAN;
  long exp;
  ulong sig = anchor_f64_unpack(a, exp);
  long e = exp - 0x3FF;
  if (e & 1) {  // make the exponent even
    sig <<= 1;
    e -= 1;
  }
  ulong root = 0, rem_hi = 0, rem_lo = 0;  // rem < 2^66: two words
  for (int i = 62; i >= 0; i--) {
    int shift = 2 * i - 72;  // the radicand is sig << 72
    ulong pair = shift >= 0 ? (sig >> shift) & 3ul : 0ul;
    rem_hi = (rem_hi << 2) | (rem_lo >> 62);
    rem_lo = (rem_lo << 2) | pair;
    ulong trial_hi = root >> 62, trial_lo = (root << 2) | 1ul;
    if (rem_hi > trial_hi || (rem_hi == trial_hi && rem_lo >= trial_lo)) {
      ulong borrow = rem_lo < trial_lo ? 1ul : 0ul;
      rem_lo -= trial_lo;
      rem_hi -= trial_hi + borrow;
      root = (root << 1) | 1ul;
    } else {
      root <<= 1;
    }
  }
  return anchor_f64_round(0, e / 2 + 0x3FE, root | ((rem_hi | rem_lo) != 0 ? 1ul : 0ul));
}

// ---- fused multiply-add on 128-bit intermediates ------------------------------

// (hi:lo) >> dist with the shifted-out bits ORed into bit 0; dist >= 0.
inline void anchor_shr128_jam(thread ulong &hi, thread ulong &lo, long dist) {
  if (dist <= 0)
    return;
  if (dist >= 128) {
    lo = (hi | lo) != 0 ? 1ul : 0ul;
    hi = 0;
  } else if (dist >= 64) {
    ulong lost = lo | (dist > 64 ? hi << (128 - dist) : 0ul);
    lo = (dist == 64 ? hi : hi >> (dist - 64)) | (lost != 0 ? 1ul : 0ul);
    hi = 0;
  } else {
    ulong lost = lo << (64 - dist);
    lo = (lo >> dist) | (hi << (64 - dist)) | (lost != 0 ? 1ul : 0ul);
    hi >>= dist;
  }
}

// a * b + c rounded once.
inline ulong anchor_f64_fma(ulong a, ulong b, ulong c) {
  if (anchor_f64_isnan(a) || anchor_f64_isnan(b) || anchor_f64_isnan(c))
    return ANCHOR_F64_NAN;
  ulong sign_p = (a ^ b) >> 63, sign_c = c >> 63;
  bool inf_a = (a << 1) == 0xFFE0000000000000ul, inf_b = (b << 1) == 0xFFE0000000000000ul;
  bool inf_c = (c << 1) == 0xFFE0000000000000ul;
  bool zero_a = (a << 1) == 0, zero_b = (b << 1) == 0;
  if (inf_a || inf_b) {
    if (zero_a || zero_b || (inf_c && sign_c != sign_p))
      return ANCHOR_F64_NAN;
    return anchor_f64_pack(sign_p, 0x7FF, 0);
  }
  if (inf_c)
    return c;
  if (zero_a || zero_b)  // an exact zero product: the sum's sign rules apply
    return anchor_f64_add(sign_p << 63, c);
  if ((c << 1) == 0)
    return anchor_f64_mul(a, b);
  long exp_a, exp_b, exp_c;
  ulong sig_a = anchor_f64_unpack(a, exp_a), sig_b = anchor_f64_unpack(b, exp_b);
  ulong sig_c = anchor_f64_unpack(c, exp_c);
  // Both terms as 128-bit integers with two bits of headroom:
  // product p = sig_a * sig_b << 20, scale 2^(exp_p); c = sig_c << 72.
  ulong p_hi, p_lo;
  anchor_mul64(sig_a, sig_b, p_hi, p_lo);
  p_hi = (p_hi << 20) | (p_lo >> 44);
  p_lo <<= 20;
  long exp_p = exp_a + exp_b - 2046 - 104 - 20;
  ulong c_hi = sig_c << 8, c_lo = 0;
  long exp_cs = exp_c - 1075 - 72;
  long e = exp_p;
  if (exp_p >= exp_cs) {
    anchor_shr128_jam(c_hi, c_lo, exp_p - exp_cs);
  } else {
    anchor_shr128_jam(p_hi, p_lo, exp_cs - exp_p);
    e = exp_cs;
  }
  ulong hi, lo, sign = sign_p;
  if (sign_p == sign_c) {
    lo = p_lo + c_lo;
    hi = p_hi + c_hi + (lo < p_lo ? 1ul : 0ul);
  } else {
    bool c_bigger = c_hi > p_hi || (c_hi == p_hi && c_lo > p_lo);
    ulong x_hi = c_bigger ? c_hi : p_hi, x_lo = c_bigger ? c_lo : p_lo;
    ulong y_hi = c_bigger ? p_hi : c_hi, y_lo = c_bigger ? p_lo : c_lo;
    lo = x_lo - y_lo;
    hi = x_hi - y_hi - (x_lo < y_lo ? 1ul : 0ul);
    if (c_bigger)
      sign = sign_c;
    if ((hi | lo) == 0)
      return 0;  // exact cancellation: +0 when rounding to nearest
  }
  // Normalise to a 64-bit significand with its leading one at bit 62.
  long lead = hi ? 127 - (long)anchor_clz64(hi) : 63 - (long)anchor_clz64(lo);
  long shift = lead - 62;
  ulong sig;
  if (shift > 0) {
    anchor_shr128_jam(hi, lo, shift);
    sig = lo;
  } else {
    sig = lo << -shift;
  }
  return anchor_f64_round(sign, e + shift + 1084, sig);
}

inline ulong anchor_f64_neg(ulong a) { return a ^ ANCHOR_F64_SIGN; }
inline ulong anchor_f64_abs(ulong a) { return a & ~ANCHOR_F64_SIGN; }

inline bool anchor_f64_unordered(ulong a, ulong b) {
  return anchor_f64_isnan(a) || anchor_f64_isnan(b);
}

inline bool anchor_f64_eq(ulong a, ulong b) {  // ordered ==
  return !anchor_f64_unordered(a, b) && (a == b || ((a | b) << 1) == 0);
}

inline bool anchor_f64_lt(ulong a, ulong b) {  // ordered <
  if (anchor_f64_unordered(a, b))
    return false;
  bool sign_a = (a >> 63) != 0, sign_b = (b >> 63) != 0;
  if (sign_a != sign_b)
    return sign_a && ((a | b) << 1) != 0;
  return a != b && (sign_a != (a < b));
}

inline bool anchor_f64_le(ulong a, ulong b) {
  return anchor_f64_lt(a, b) || anchor_f64_eq(a, b);
}

inline ulong anchor_f64_min(ulong a, ulong b) {  // llvm.minnum: a NaN loses
  if (anchor_f64_isnan(a))
    return anchor_f64_isnan(b) ? ANCHOR_F64_NAN : b;
  if (anchor_f64_isnan(b))
    return a;
  return anchor_f64_lt(b, a) ? b : a;
}

inline ulong anchor_f64_max(ulong a, ulong b) {  // llvm.maxnum
  if (anchor_f64_isnan(a))
    return anchor_f64_isnan(b) ? ANCHOR_F64_NAN : b;
  if (anchor_f64_isnan(b))
    return a;
  return anchor_f64_lt(a, b) ? b : a;
}

// ---- conversions ------------------------------------------------------------

inline ulong anchor_f64_from_u64(ulong a) {
  if (a >> 63)
    return anchor_f64_round(0, 0x43D, anchor_shift_right_jam(a, 1));
  return a ? anchor_f64_normalize_round(0, 0x43C, a) : 0ul;
}

inline ulong anchor_f64_from_i64(long a) {
  ulong sign = a < 0 ? 1ul : 0ul;
  ulong mag = sign ? 0ul - (ulong)a : (ulong)a;
  if (mag >> 63)  // -2^63
    return anchor_f64_pack(1, 0x43E, 0);
  return mag ? anchor_f64_normalize_round(sign, 0x43C, mag) : 0ul;
}

// Truncation toward zero; out-of-range values (undefined in CUDA) saturate.
inline ulong anchor_f64_to_u64(ulong a) {
  long exp = (long)((a >> 52) & 0x7FF);
  ulong sig = (a & 0xFFFFFFFFFFFFFul) | 0x0010000000000000ul;
  if (exp < 0x3FF || anchor_f64_isnan(a))
    return 0;
  if (a >> 63)
    return 0;
  long shift = exp - 0x433;
  if (shift >= 12)
    return 0xFFFFFFFFFFFFFFFFul;
  return shift >= 0 ? sig << shift : sig >> -shift;
}

inline long anchor_f64_to_i64(ulong a) {
  ulong mag = anchor_f64_to_u64(a & ~ANCHOR_F64_SIGN);
  if (anchor_f64_isnan(a))
    return 0;
  if (a >> 63)
    return mag > 0x8000000000000000ul ? (long)0x8000000000000000ul : (long)(0ul - mag);
  return mag > 0x7FFFFFFFFFFFFFFFul ? 0x7FFFFFFFFFFFFFFFl : (long)mag;
}

inline ulong anchor_f64_from_f32(float f) {
  uint u = as_type<uint>(f);
  ulong sign = (ulong)(u >> 31);
  uint exp = (u >> 23) & 0xFF, frac = u & 0x7FFFFF;
  if (exp == 0xFF)
    return frac ? ANCHOR_F64_NAN : anchor_f64_pack(sign, 0x7FF, 0);
  if (exp == 0) {
    if (frac == 0)
      return sign << 63;
    int shift = (int)clz(frac) - 8;  // normalise the subnormal
    frac = (frac << shift) & 0x7FFFFF;
    return anchor_f64_pack(sign, 0x380 - shift + 1, (ulong)frac << 29);
  }
  return anchor_f64_pack(sign, (long)exp + 0x380, (ulong)frac << 29);
}

// Round a float significand (leading one at bit 30, 7 extra bits) and pack;
// exp is the biased float exponent minus one.
inline float anchor_f32_round(uint sign, long exp, uint sig) {
  uint round_bits = sig & 0x7Fu;
  if (exp < 0 || exp >= 0xFD) {
    if (exp < 0) {
      int dist = (int)(exp < -32 ? 32 : -exp);
      sig = dist >= 31 ? (sig != 0 ? 1u : 0u) : (sig >> dist) | ((sig << (32 - dist)) != 0 ? 1u : 0u);
      exp = 0;
      round_bits = sig & 0x7Fu;
    } else if (exp > 0xFD || sig + 0x40u >= 0x80000000u) {
      return as_type<float>((sign << 31) | 0x7F800000u);
    }
  }
  sig = (sig + 0x40u) >> 7;
  if (round_bits == 0x40u)
    sig &= ~1u;
  if (sig == 0)
    exp = 0;
  return as_type<float>((sign << 31) + ((uint)exp << 23) + sig);
}

inline float anchor_f64_to_f32(ulong a) {
  uint sign = (uint)(a >> 63);
  long exp = (long)((a >> 52) & 0x7FF);
  ulong frac = a & 0xFFFFFFFFFFFFFul;
  if (exp == 0x7FF)
    return as_type<float>(frac ? 0x7FC00000u : (sign << 31) | 0x7F800000u);
  ulong sig = anchor_shift_right_jam(frac, 22);  // 30 bits plus sticky
  if (exp == 0 && sig == 0)
    return as_type<float>(sign << 31);
  return anchor_f32_round(sign, exp - 0x381, (uint)sig | 0x40000000u);
}

// ---- rounding to integral values and remainder (all exact) ---------------------

inline ulong anchor_f64_trunc(ulong a) {
  long exp = (long)((a >> 52) & 0x7FF);
  if (anchor_f64_isnan(a))
    return ANCHOR_F64_NAN;
  if (exp >= 0x433)  // already integral (or infinite)
    return a;
  if (exp < 0x3FF)
    return a & ANCHOR_F64_SIGN;
  ulong fraction_mask = (1ul << (0x433 - exp)) - 1;
  return a & ~fraction_mask;
}

// |a - trunc(a)| compared with one half: -1 below, 0 equal, 1 above.
inline int anchor_f64_fraction_vs_half(ulong a, ulong t) {
  ulong diff = anchor_f64_abs(anchor_f64_sub(a, t));  // exact
  return diff == 0x3FE0000000000000ul ? 0 : anchor_f64_lt(diff, 0x3FE0000000000000ul) ? -1 : 1;
}

inline ulong anchor_f64_floor(ulong a) {
  ulong t = anchor_f64_trunc(a);
  return (a >> 63) && t != a && !anchor_f64_isnan(a) ? anchor_f64_sub(t, 0x3FF0000000000000ul) : t;
}

inline ulong anchor_f64_ceil(ulong a) {
  ulong t = anchor_f64_trunc(a);
  if (!(a >> 63) && t != a && !anchor_f64_isnan(a))
    return anchor_f64_add(t, 0x3FF0000000000000ul);
  return t;
}

inline ulong anchor_f64_round_away(ulong a) {  // round(): halves away from zero
  ulong t = anchor_f64_trunc(a);
  if (t == a || anchor_f64_isnan(a) || anchor_f64_fraction_vs_half(a, t) < 0)
    return t;
  return anchor_f64_add(t, (a & ANCHOR_F64_SIGN) | 0x3FF0000000000000ul);
}

inline ulong anchor_f64_rint(ulong a) {  // rint(): halves to even
  ulong t = anchor_f64_trunc(a);
  if (t == a || anchor_f64_isnan(a))
    return t;
  int c = anchor_f64_fraction_vs_half(a, t);
  if (c < 0 || (c == 0 && (anchor_f64_to_u64(anchor_f64_abs(t)) & 1) == 0))
    return t;
  return anchor_f64_add(t, (a & ANCHOR_F64_SIGN) | 0x3FF0000000000000ul);
}

// fmod: a - trunc(a / b) * b, exact, with the sign of a.
inline ulong anchor_f64_fmod(ulong a, ulong b) {
  if (anchor_f64_isnan(a) || anchor_f64_isnan(b) || (b << 1) == 0 ||
      (a << 1) == 0xFFE0000000000000ul)
    return ANCHOR_F64_NAN;
  if ((b << 1) == 0xFFE0000000000000ul || (a << 1) == 0)
    return a;
  if (anchor_f64_lt(anchor_f64_abs(a), anchor_f64_abs(b)))
    return a;
  long exp_a, exp_b;
  ulong r = anchor_f64_unpack(a, exp_a), sig_b = anchor_f64_unpack(b, exp_b);
  for (long d = exp_a - exp_b; d > 0; d--) {  // long division, keeping the remainder
    if (r >= sig_b)
      r -= sig_b;
    r <<= 1;
  }
  if (r >= sig_b)
    r -= sig_b;
  ulong sign = a >> 63;
  return r ? anchor_f64_normalize_round(sign, exp_b + 9, r) : sign << 63;
}
