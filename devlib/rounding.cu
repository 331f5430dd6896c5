// devlib/rounding.cu — arithmetic in CUDA's four rounding modes and every
// conversion between float, double and the integer types, all correctly
// rounded in their mode (bit-exact), from operations Metal defines exactly.
// Declarations and contracts: include/anchor/math/rounding.h.
//
// Method (written for Anchor from IEEE 754's definitions):
// - Directed results from the round-to-nearest one. An operation's exact value
//   v is s + e, s = RN(v) and |e| <= ulp(s)/2; the directed result is s or its
//   neighbour on e's side, so only the sign of e is needed: for + and - the
//   exact error of TwoSum (six RN additions), for * the exact fma(a, b, -s),
//   for / the remainder fma(-q, y, x) (its sign times y's), for sqrt
//   fma(-s, s, x). The neighbour is one step of the bits (integer +-1). An
//   overflow to infinity (finite operands) is an error of the opposite sign
//   (RZ: the largest finite value, as IEEE 754 says).
// - Where the error term is not exact (products and quotients near or below
//   the subnormal range, float fma), float uses integer arithmetic (the exact
//   significand product or quotient, or the aligned exact sum with a sticky
//   bit, rounded by round_pack in the mode) and double scales the operands
//   into [1, 2) (exact: exponent fields), computes the RN result there, and
//   rounds the scaled value once into the format (round_scaled), which
//   recovers the lost error's sign exactly.
// - double fma in the directed modes: the exact error of an fma by Boldo and
//   Muller's ErrFma ("An efficient algorithm for the exact error of fma", two
//   fmas, two TwoSums and a few additions) in a scaled space where nothing
//   underflows; a term below 2^-200 of the other only decides the sign.
// - Integer -> float/double: the magnitude's leading bits with the rest as
//   round and sticky bits, in integer arithmetic. Float/double -> integer: the
//   exact rintf/truncf/ceilf/floorf (double: the software binary64's), then
//   CUDA's saturation (PTX cvt: out-of-range values clamp to the type's range)
//   before the (then exact) conversion. A NaN gives what the H200 gives: 0
//   from a float to a 32-bit type, the top bit alone from a double to any
//   type and from a float to a 64-bit one (tests/e2e/math_rounding.cu).
// Doubles are Anchor's software binary64 (correctly rounded + - * / sqrt fma);
// no float function here touches a double.

#include "internal/f32_bits.h" // F_INF, F_NAN, RN..RD, f_unpack, f_overflow, round_pack

// ---- float ---------------------------------------------------------------------------

static __device__ unsigned int fbits(float x) {
  return __builtin_bit_cast(unsigned int, x);
}
static __device__ float ffrom(unsigned int u) {
  return __builtin_bit_cast(float, u);
}

// The value s + e (s = RN of it, e its error: only e's sign, dir = -1, 0, 1,
// matters) in mode M: s or its neighbour on e's side. s may be a signed zero
// carrying the value's sign (an underflow), or an infinity for an overflow
// (dir then opposite to s).
template <int M> static __device__ float f_fix(float s, int dir) {
  unsigned int u = fbits(s);
  int neg = (int)(u >> 31);
  // away: the exact value lies farther from zero than s; toward: nearer.
  int away = neg ? dir < 0 : dir > 0, toward = neg ? dir > 0 : dir < 0;
  if (M == RZ) return toward ? ffrom(u - 1) : s;
  if (M == RU) return (neg ? toward : away) ? ffrom(neg ? u - 1 : u + 1) : s;
  if (M == RD) return (neg ? away : toward) ? ffrom(neg ? u + 1 : u - 1) : s;
  return s;
}

static __device__ int f_isinf(float x) {
  return (fbits(x) & 0x7fffffffu) == F_INF;
}
static __device__ int f_isnan(float x) {
  return (fbits(x) & 0x7fffffffu) > F_INF;
}

static __device__ int fsign(float e) {
  return (e > 0.0f) - (e < 0.0f);
}

template <int M> static __device__ float f_add(float a, float b) {
  float s = a + b;
  if (M == RN) return s;
  if (s == 0.0f) return M == RD ? -((-a) + (-b)) : s; // exact; RD: -0 unless both +0
  float bb = s - a;
  float e = (a - (s - bb)) + (b - bb); // TwoSum: a + b - s exactly (s finite)
  int dir = fsign(e);
  if (f_isinf(s)) dir = !f_isinf(a) && !f_isinf(b) ? -fsign(s) : 0;
  return f_fix<M>(s, dir);
}

// The exact product of finite non-zero a and b in mode M (integer).
template <int M> static __device__ float f_mul_int(float a, float b) {
  unsigned int ua = fbits(a), ub = fbits(b), ma, mb;
  int ea, eb;
  f_unpack(ua & 0x7fffffffu, &ma, &ea);
  f_unpack(ub & 0x7fffffffu, &mb, &eb);
  unsigned int sign = (ua ^ ub) & 0x80000000u;
  return ffrom(round_pack<M>(sign, (unsigned long long)ma * mb, ea + eb, 0));
}

// Products of at least 2^-100 have an exact fma error (every bit of a*b lies
// at or above 2^-148); smaller or zero ones with non-zero operands take the
// integer path.
template <int M> static __device__ float f_mul(float a, float b) {
  float p = a * b;
  if (M == RN) return p;
  unsigned int ap = fbits(p) & 0x7fffffffu, aa = fbits(a) & 0x7fffffffu,
               ab = fbits(b) & 0x7fffffffu;
  if (ap >= fbits(0x1p-100f) && ap < F_INF) return f_fix<M>(p, fsign(__builtin_fmaf(a, b, -p)));
  if (ap == F_INF) return aa < F_INF && ab < F_INF ? f_fix<M>(p, -fsign(p)) : p;
  if (ap > F_INF || aa == 0 || ab == 0) return p; // NaN, exact zero
  return f_mul_int<M>(a, b);
}

// fma in mode M: integer arithmetic on the exact product (48 bits) and c,
// aligned with their leading bits at 2^61, the smaller shifted right with its
// lost bits or-ed into bit 0 (they can only matter as a sticky bit: a shift of
// more than 13 leaves the result above 2^60, its rounding point above 2^36).
template <int M> static __device__ float f_fma(float a, float b, float c) {
  if (M == RN) return __builtin_fmaf(a, b, c);
  unsigned int ua = fbits(a), ub = fbits(b), uc = fbits(c);
  unsigned int aa = ua & 0x7fffffffu, ab = ub & 0x7fffffffu, ac = uc & 0x7fffffffu;
  if (aa >= F_INF || ab >= F_INF || ac >= F_INF) return __builtin_fmaf(a, b, c); // exact
  if (aa == 0 || ab == 0) return f_add<M>(a * b, c); // the product is an exact zero
  if (ac == 0) return f_mul<M>(a, b);                // a*b is not zero: its sign wins
  unsigned int ma, mb, mc;
  int ea, eb, ec;
  f_unpack(aa, &ma, &ea);
  f_unpack(ab, &mb, &eb);
  f_unpack(ac, &mc, &ec);
  unsigned long long p = (unsigned long long)ma * mb; // in [2^46, 2^48)
  int sh = __builtin_clzll(p) - 2;
  unsigned long long xp = p << sh, xc = (unsigned long long)mc << 38;
  int ep = ea + eb - sh, ecc = ec - 38;
  unsigned int sp = (ua ^ ub) & 0x80000000u, sc = uc & 0x80000000u;
  // big: the operand of larger magnitude (equal leading bits: compare exponents).
  int p_big = ep > ecc || (ep == ecc && xp >= xc);
  unsigned long long big = p_big ? xp : xc, small = p_big ? xc : xp;
  int eg = p_big ? ep : ecc, d = p_big ? ep - ecc : ecc - ep;
  unsigned int sign = p_big ? sp : sc;
  if (d > 63) {
    small = 1;
  } else if (d > 0) {
    small = (small >> d) | ((small & ((1ull << d) - 1)) != 0);
  }
  unsigned long long s = sp == sc ? big + small : big - small;
  if (s == 0) return ffrom(M == RD ? 0x80000000u : 0u); // exact cancellation
  return ffrom(round_pack<M>(sign, s, eg, 0));
}

// x / y in mode M: the 39- or 40-bit integer quotient of the significands and
// the remainder's non-zeroness, rounded by round_pack.
template <int M> static __device__ float f_div(float x, float y) {
  unsigned int ux = fbits(x), uy = fbits(y);
  unsigned int sign = (ux ^ uy) & 0x80000000u, ax = ux & 0x7fffffffu, ay = uy & 0x7fffffffu;
  if (ax > F_INF || ay > F_INF) return ffrom(F_NAN);
  if (ax == F_INF) return ffrom(ay == F_INF ? F_NAN : sign | F_INF);
  if (ay == F_INF) return ffrom(sign);
  if (ay == 0) return ffrom(ax == 0 ? F_NAN : sign | F_INF);
  if (ax == 0) return ffrom(sign);
  unsigned int mx, my;
  int ex, ey;
  f_unpack(ax, &mx, &ex);
  f_unpack(ay, &my, &ey);
  unsigned long long n = (unsigned long long)mx << 39;
  unsigned long long q = n / my, rem = n - q * my;
  return ffrom(round_pack<M>(sign, q, ex - ey - 39, rem != 0));
}

// sqrt in mode M: the correctly rounded root s and the sign of x - s*s
// (exact by fma: x is scaled by 2^100 below 2^-100, so every bit of s*s lies
// above 2^-150; the root is scaled back exactly by 2^-50).
template <int M> static __device__ float f_sqrt(float x) {
  if (M == RN || fbits(x) - 1u >= F_INF - 1u) return __anchor_sqrtf(x); // not in (0, inf)
  float scale = 1.0f;
  if (x < 0x1p-100f) x *= 0x1p100f, scale = 0x1p-50f;
  float s = __anchor_sqrtf(x);
  return f_fix<M>(s, fsign(__builtin_fmaf(-s, s, x))) * scale;
}

// ---- double --------------------------------------------------------------------------

typedef unsigned long long u64;

static __device__ u64 dbits(double x) {
  return __builtin_bit_cast(u64, x);
}
static __device__ double dfrom(u64 u) {
  return __builtin_bit_cast(double, u);
}

#define D_INF 0x7ff0000000000000ull

// (integer tests: the backend has no llvm.is.fpclass, which LLVM makes of
// float tests such as x != x || fabs(x) == inf)
static __device__ int d_isinf(double x) {
  return (dbits(x) & 0x7fffffffffffffffull) == D_INF;
}
static __device__ int d_isnan(double x) {
  return (dbits(x) & 0x7fffffffffffffffull) > D_INF;
}
static __device__ int d_finite(double x) {
  return (dbits(x) & 0x7fffffffffffffffull) < D_INF;
}

static __device__ int dsign(double e) {
  return (e > 0.0) - (e < 0.0);
}

template <int M> static __device__ double d_fix(double s, int dir) {
  u64 u = dbits(s);
  int neg = (int)(u >> 63);
  int away = neg ? dir < 0 : dir > 0, toward = neg ? dir > 0 : dir < 0;
  if (M == RZ) return toward ? dfrom(u - 1) : s;
  if (M == RU) return (neg ? toward : away) ? dfrom(neg ? u - 1 : u + 1) : s;
  if (M == RD) return (neg ? away : toward) ? dfrom(neg ? u + 1 : u - 1) : s;
  return s;
}

// x (finite, non-zero) = m * 2^e with |m| in [1, 2), m keeping x's sign.
static __device__ double d_split(double x, int *e) {
  u64 u = dbits(x);
  int k = 0;
  if (((u >> 52) & 0x7ff) == 0) x *= 0x1p64, u = dbits(x), k = 64; // subnormal: exact
  *e = (int)((u >> 52) & 0x7ff) - 1023 - k;
  return dfrom((u & 0x800fffffffffffffull) | 0x3ff0000000000000ull);
}

// 2^k for k in [-1022, 1023].
static __device__ double d_pow2(int k) {
  return dfrom((u64)(k + 1023) << 52);
}

// The value (v + err) * 2^E in mode M, where v is finite and non-zero and err
// (only its sign, dir) is at most half an ulp of v. v*2^E is rounded once (RN)
// into the format; if that rounded away bits (a subnormal result), the
// difference v - q*2^-E (exact) is a non-zero multiple of ulp(v) and outweighs
// err; an overflow is an error of the opposite sign.
template <int M> static __device__ double round_scaled(double v, int dir, int E) {
  int ev;
  v = d_split(v, &ev);
  E += ev; // now |v| in [1, 2)
  if (E > 1023) return d_fix<M>(dfrom((dbits(v) & (1ull << 63)) | D_INF), -dsign(v));
  if (E >= -1022) return d_fix<M>(v * d_pow2(E), dir); // exact
  if (E < -1080) return d_fix<M>(v * 0.0, dsign(v));   // below half the smallest subnormal
  double q = v * 0x1p-1000 * d_pow2(E + 1000);         // first factor exact, second rounds
  if (q == 0.0) return d_fix<M>(q, dsign(v));
  double diff = v - q * d_pow2(-E - 1000) * 0x1p1000; // exact
  return d_fix<M>(q, diff != 0.0 ? dsign(diff) : dir);
}

template <int M> static __device__ double d_add(double a, double b) {
  double s = a + b;
  if (M == RN) return s;
  if (s == 0.0) return M == RD ? -((-a) + (-b)) : s;
  double bb = s - a;
  double e = (a - (s - bb)) + (b - bb);
  int dir = dsign(e);
  if (d_isinf(s)) dir = !d_isinf(a) && !d_isinf(b) ? -dsign(s) : 0;
  return d_fix<M>(s, dir);
}

// Products of at least 2^-900 have an exact fma error (every bit of a*b at or
// above 2^-1008); others with finite non-zero operands are scaled.
template <int M> static __device__ double d_mul(double a, double b) {
  double p = a * b;
  if (M == RN) return p;
  u64 ap = dbits(p) & ~(1ull << 63);
  if (ap >= dbits(0x1p-900) && ap < D_INF) return d_fix<M>(p, dsign(__builtin_fma(a, b, -p)));
  if (d_isnan(p) || a == 0.0 || b == 0.0 || d_isinf(a) || d_isinf(b)) return p; // exact
  int ea, eb;
  double ma = d_split(a, &ea), mb = d_split(b, &eb), v = ma * mb;
  return round_scaled<M>(v, dsign(__builtin_fma(ma, mb, -v)), ea + eb);
}

// x / y: the remainder x - q*y is exact by fma when |x| >= 2^-960 and q is a
// normal number (every bit of q*y at or above 2^-1074); otherwise the
// operands are scaled into [1, 2).
template <int M> static __device__ double d_div(double x, double y) {
  double q = x / y;
  if (M == RN) return q;
  u64 aq = dbits(q) & ~(1ull << 63), ax = dbits(x) & ~(1ull << 63);
  if (aq >= dbits(0x1p-1022) && aq < D_INF && ax >= dbits(0x1p-960))
    return d_fix<M>(q, dsign(__builtin_fma(-q, y, x)) * dsign(y));
  if (d_isnan(q) || x == 0.0 || y == 0.0 || d_isinf(x) || d_isinf(y)) return q; // exact
  int ex, ey;
  double mx = d_split(x, &ex), my = __builtin_fabs(d_split(y, &ey));
  if (y < 0.0) mx = -mx;
  double v = mx / my;
  return round_scaled<M>(v, dsign(__builtin_fma(-v, my, mx)), ex - ey);
}

template <int M> static __device__ double d_sqrt(double x) {
  if (M == RN || dbits(x) - 1 >= D_INF - 1) return __anchor_sqrt(x); // not in (0, inf)
  double scale = 1.0;
  if (x < 0x1p-900) x *= 0x1p1000, scale = 0x1p-500;
  double s = __anchor_sqrt(x);
  return d_fix<M>(s, dsign(__builtin_fma(-s, s, x))) * scale;
}

// The sign of a*b + c - RN(a*b + c), exact (Boldo & Muller's ErrFma), for
// operands where nothing underflows or overflows.
static __device__ int d_fma_err(double a, double b, double c, double r1) {
  double u1 = a * b, u2 = __builtin_fma(a, b, -u1);
  double al1 = c + u2, t = al1 - c, al2 = (c - (al1 - t)) + (u2 - t);
  double be1 = u1 + al1, t2 = be1 - u1, be2 = (u1 - (be1 - t2)) + (al1 - t2);
  double g = (be1 - r1) + be2;
  return dsign(g + al2);
}

// fma in mode M: a = ma*2^ea, b = mb*2^eb, c = mc*2^ec (m in [1, 2)); with
// T the larger of ea+eb and ec, everything is divided by 2^T. A term below
// 2^-200 of the other only decides the error's sign; otherwise both lie in
// [2^-202, 4) and ErrFma is exact there.
template <int M> static __device__ double d_fma(double a, double b, double c) {
  double r = __builtin_fma(a, b, c);
  if (M == RN) return r;
  if (!d_finite(a) || !d_finite(b) || !d_finite(c)) return r; // exact
  if (a == 0.0 || b == 0.0) return d_add<M>(a * b, c);
  if (c == 0.0) return d_mul<M>(a, b);
  int ea, eb, ec;
  double ma = d_split(a, &ea), mb = d_split(b, &eb), mc = d_split(c, &ec);
  int ep = ea + eb;
  if (ec > ep + 200) return d_fix<M>(c, dsign(ma * mb)); // |a*b| < 2^-199 |c| <= ulp(c)/2^147
  if (ep > ec + 200) {
    double v = ma * mb, e = __builtin_fma(ma, mb, -v);
    return round_scaled<M>(v, e != 0.0 ? dsign(e) : dsign(c), ep);
  }
  int T = ep > ec ? ep : ec;
  double sb = mb * d_pow2(ep - T), sc = mc * d_pow2(ec - T); // exact: >= 2^-200
  double r1 = __builtin_fma(ma, sb, sc);
  if (r1 == 0.0) return M == RD ? -0.0 : 0.0; // exact cancellation
  return round_scaled<M>(r1, d_fma_err(ma, sb, sc, r1), T);
}

// ---- conversions ---------------------------------------------------------------------

// The float (bits) of sign `sign` and magnitude m (integer) in mode M.
template <int M> static __device__ float f_from_u64(unsigned int sign, u64 m) {
  if (m == 0) return 0.0f;
  // Below 2^63 as it is; above, halved with the last bit kept as a sticky bit
  // (it lies 39 bits below the rounding point).
  return ffrom(m >> 63 ? round_pack<M>(sign, (m >> 1) | (m & 1), 1, 0)
                       : round_pack<M>(sign, m, 0, 0));
}

// The double of sign `sign` (bit 63) and magnitude m in mode M.
template <int M> static __device__ double d_from_u64(u64 sign, u64 m) {
  if (m == 0) return 0.0;
  int top = 63 - __builtin_clzll(m), shift = top - 52;
  u64 kept = m, rest = 0, half = 1;
  if (shift <= 0) {
    kept = m << -shift;
  } else {
    kept = m >> shift, rest = m & ((1ull << shift) - 1), half = 1ull << (shift - 1);
  }
  if (M == RN) kept += rest > half || (rest == half && (kept & 1));
  if (M == RU) kept += rest != 0 && !sign;
  if (M == RD) kept += rest != 0 && sign;
  return dfrom(sign | (((u64)(top + 1022) << 52) + kept));
}

// float -> integer: t = x rounded to an integer in mode M (exact), saturated.
template <int M> static __device__ float f_round_int(float x) {
  return M == RN   ? __builtin_rintf(x)
         : M == RZ ? __builtin_truncf(x)
         : M == RU ? __builtin_ceilf(x)
                   : __builtin_floorf(x);
}
template <int M> static __device__ double d_round_int(double x) {
  return M == RN   ? __builtin_rint(x)
         : M == RZ ? __builtin_trunc(x)
         : M == RU ? __builtin_ceil(x)
                   : __builtin_floor(x);
}

template <int M> static __device__ int f2i(float x) {
  float t = f_round_int<M>(x);
  if (f_isnan(t)) return 0;
  if (t >= 0x1p31f) return 0x7fffffff;
  if (t < -0x1p31f) return (int)0x80000000u;
  return (int)t;
}
template <int M> static __device__ unsigned int f2u(float x) {
  float t = f_round_int<M>(x);
  if (!(t > 0.0f)) return 0; // NaN, zero, negative
  if (t >= 0x1p32f) return 0xffffffffu;
  return (unsigned int)t;
}
template <int M> static __device__ long long f2ll(float x) {
  float t = f_round_int<M>(x);
  if (f_isnan(t)) return (long long)0x8000000000000000ull;
  if (t >= 0x1p63f) return 0x7fffffffffffffffll;
  if (t < -0x1p63f) return (long long)0x8000000000000000ull;
  return (long long)t;
}
template <int M> static __device__ unsigned long long f2ull(float x) {
  float t = f_round_int<M>(x);
  if (f_isnan(t)) return 0x8000000000000000ull;
  if (!(t > 0.0f)) return 0;
  if (t >= 0x1p64f) return 0xffffffffffffffffull;
  return (unsigned long long)t;
}
template <int M> static __device__ int d2i(double x) {
  double t = d_round_int<M>(x);
  if (d_isnan(t)) return (int)0x80000000u;
  if (t >= 0x1p31) return 0x7fffffff;
  if (t < -0x1p31) return (int)0x80000000u;
  return (int)t;
}
template <int M> static __device__ unsigned int d2u(double x) {
  double t = d_round_int<M>(x);
  if (d_isnan(t)) return 0x80000000u;
  if (!(t > 0.0)) return 0;
  if (t >= 0x1p32) return 0xffffffffu;
  return (unsigned int)t;
}
template <int M> static __device__ long long d2ll(double x) {
  double t = d_round_int<M>(x);
  if (d_isnan(t)) return (long long)0x8000000000000000ull;
  if (t >= 0x1p63) return 0x7fffffffffffffffll;
  if (t < -0x1p63) return (long long)0x8000000000000000ull;
  return (long long)t;
}
template <int M> static __device__ unsigned long long d2ull(double x) {
  double t = d_round_int<M>(x);
  if (d_isnan(t)) return 0x8000000000000000ull;
  if (!(t > 0.0)) return 0;
  if (t >= 0x1p64) return 0xffffffffffffffffull;
  return (unsigned long long)t;
}

// double -> float: f = RN(x); x - f is exact in double (both are multiples of
// x's last bit, and it is below half of f's ulp, so it has at most 30 bits).
template <int M> static __device__ float d2f(double x) {
  float f = (float)x;
  if (M == RN || d_isnan(x)) return f;
  int dir = dsign(x - (double)f);
  if (f_isinf(f) && !d_isinf(x)) dir = -fsign(f); // overflow
  return f_fix<M>(f, dir);
}

// ---- the library's functions ---------------------------------------------------------

#define ANCHOR_MODES(X) X(rn, RN) X(rz, RZ) X(ru, RU) X(rd, RD)

#define ANCHOR_ARITH(sfx, M)                                                                       \
  extern "C" __device__ float __anchor_fadd_##sfx(float a, float b) {                              \
    return f_add<M>(a, b);                                                                         \
  }                                                                                                \
  extern "C" __device__ float __anchor_fsub_##sfx(float a, float b) {                              \
    return f_add<M>(a, -b);                                                                        \
  }                                                                                                \
  extern "C" __device__ float __anchor_fmul_##sfx(float a, float b) {                              \
    return f_mul<M>(a, b);                                                                         \
  }                                                                                                \
  extern "C" __device__ float __anchor_fmaf_##sfx(float a, float b, float c) {                     \
    return f_fma<M>(a, b, c);                                                                      \
  }                                                                                                \
  /* __fmaf_ieee_##sfx: the same, never flushed under -ftz=true (compiler/lower_ftz.c) */        \
  extern "C" __device__ float __anchor_fmaf_ieee_##sfx(float a, float b, float c) {                \
    return f_fma<M>(a, b, c);                                                                      \
  }                                                                                                \
  extern "C" __device__ double __anchor_dadd_##sfx(double a, double b) {                           \
    return d_add<M>(a, b);                                                                         \
  }                                                                                                \
  extern "C" __device__ double __anchor_dsub_##sfx(double a, double b) {                           \
    return d_add<M>(a, -b);                                                                        \
  }                                                                                                \
  extern "C" __device__ double __anchor_dmul_##sfx(double a, double b) {                           \
    return d_mul<M>(a, b);                                                                         \
  }                                                                                                \
  extern "C" __device__ double __anchor_fma_##sfx(double a, double b, double c) {                 \
    return d_fma<M>(a, b, c);                                                                      \
  }                                                                                                \
  extern "C" __device__ double __anchor_ddiv_##sfx(double a, double b) {                           \
    return d_div<M>(a, b);                                                                         \
  }                                                                                                \
  extern "C" __device__ double __anchor_drcp_##sfx(double a) {                                     \
    return d_div<M>(1.0, a);                                                                       \
  }                                                                                                \
  extern "C" __device__ double __anchor_dsqrt_##sfx(double a) {                                    \
    return d_sqrt<M>(a);                                                                           \
  }                                                                                                \
  extern "C" __device__ int __anchor_float2int_##sfx(float x) {                                    \
    return f2i<M>(x);                                                                              \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_float2uint_##sfx(float x) {                          \
    return f2u<M>(x);                                                                              \
  }                                                                                                \
  extern "C" __device__ long long __anchor_float2ll_##sfx(float x) {                               \
    return f2ll<M>(x);                                                                             \
  }                                                                                                \
  extern "C" __device__ unsigned long long __anchor_float2ull_##sfx(float x) {                     \
    return f2ull<M>(x);                                                                            \
  }                                                                                                \
  extern "C" __device__ int __anchor_double2int_##sfx(double x) {                                  \
    return d2i<M>(x);                                                                              \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_double2uint_##sfx(double x) {                        \
    return d2u<M>(x);                                                                              \
  }                                                                                                \
  extern "C" __device__ long long __anchor_double2ll_##sfx(double x) {                             \
    return d2ll<M>(x);                                                                             \
  }                                                                                                \
  extern "C" __device__ unsigned long long __anchor_double2ull_##sfx(double x) {                   \
    return d2ull<M>(x);                                                                            \
  }                                                                                                \
  extern "C" __device__ float __anchor_int2float_##sfx(int x) {                                    \
    return f_from_u64<M>(x < 0 ? 0x80000000u : 0u,                                                 \
                         x < 0 ? 0ull - (u64)(long long)x : (u64)(long long)x);                    \
  }                                                                                                \
  extern "C" __device__ float __anchor_uint2float_##sfx(unsigned int x) {                          \
    return f_from_u64<M>(0u, x);                                                                   \
  }                                                                                                \
  extern "C" __device__ float __anchor_ll2float_##sfx(long long x) {                               \
    return f_from_u64<M>(x < 0 ? 0x80000000u : 0u, x < 0 ? 0ull - (u64)x : (u64)x);                \
  }                                                                                                \
  extern "C" __device__ float __anchor_ull2float_##sfx(unsigned long long x) {                     \
    return f_from_u64<M>(0u, x);                                                                   \
  }                                                                                                \
  extern "C" __device__ double __anchor_ll2double_##sfx(long long x) {                             \
    return d_from_u64<M>(x < 0 ? 1ull << 63 : 0ull, x < 0 ? 0ull - (u64)x : (u64)x);               \
  }                                                                                                \
  extern "C" __device__ double __anchor_ull2double_##sfx(unsigned long long x) {                   \
    return d_from_u64<M>(0ull, x);                                                                 \
  }                                                                                                \
  extern "C" __device__ float __anchor_double2float_##sfx(double x) {                              \
    return d2f<M>(x);                                                                              \
  }
ANCHOR_MODES(ANCHOR_ARITH)
#undef ANCHOR_ARITH

// The float division, reciprocal and square root in the directed modes (round
// to nearest: f32_div.cu, f32_sqrt.cu).
#define ANCHOR_DIRECTED(sfx, M)                                                                    \
  extern "C" __device__ float __anchor_fdiv_##sfx(float a, float b) {                              \
    return f_div<M>(a, b);                                                                         \
  }                                                                                                \
  extern "C" __device__ float __anchor_frcp_##sfx(float a) {                                       \
    return f_div<M>(1.0f, a);                                                                      \
  }                                                                                                \
  extern "C" __device__ float __anchor_fsqrt_##sfx(float a) {                                      \
    return f_sqrt<M>(a);                                                                           \
  }
ANCHOR_DIRECTED(rz, RZ)
ANCHOR_DIRECTED(ru, RU)
ANCHOR_DIRECTED(rd, RD)
#undef ANCHOR_DIRECTED

extern "C" __device__ double __anchor_int2double_rn(int x) {
  return (double)x; // exact
}
extern "C" __device__ double __anchor_uint2double_rn(unsigned int x) {
  return (double)x; // exact
}
