// devlib/basic.cu — the exact functions of Anchor's device library, float and
// double: remainders (fmod, remainder, remquo), exponent manipulation (frexp,
// ldexp/scalbn/scalbln, ilogb, logb), nextafter, fdim, modf, nan, and the
// conversions to integers (lrint, llrint, lround, llround). Every result is
// exact or correctly rounded by definition (bit for bit), made from integer
// arithmetic on the bits, comparisons and the exact rounding functions; no
// float division, no libm. The double functions use 64-bit integers and
// bit casts (and software binary64 only where an exact operation is enough).
// The functions that map onto one LLVM intrinsic (floor, fmin, copysign, ...)
// are written in the header. Declarations and contracts:
// include/anchor/math/basic.h.

#define F32_SIGN 0x80000000u
#define F32_INF 0x7f800000u
#define F32_NAN 0x7fffffffu // CUDA's canonical NaN
#define F64_SIGN 0x8000000000000000ull
#define F64_INF 0x7ff0000000000000ull
#define F64_NAN 0x7fffffffffffffffull

static __device__ __inline__ unsigned int f32_bits(float x) {
  return __builtin_bit_cast(unsigned int, x);
}
static __device__ __inline__ float f32_from(unsigned int u) {
  return __builtin_bit_cast(float, u);
}
static __device__ __inline__ unsigned long long f64_bits(double x) {
  return __builtin_bit_cast(unsigned long long, x);
}
static __device__ __inline__ double f64_from(unsigned long long u) {
  return __builtin_bit_cast(double, u);
}

// ---- float: unpacking and packing -------------------------------------------------
// |x| (bits a, finite, non-zero) = m * 2^e with m in [2^23, 2^24).
static __device__ __inline__ void f32_unpack(unsigned int a, unsigned int *m, int *e) {
  if (a >> 23) {
    *m = (a & 0x7fffffu) | 0x800000u;
    *e = (int)(a >> 23) - 150;
  } else {
    int s = __builtin_clz(a) - 8;
    *m = a << s;
    *e = -149 - s;
  }
}

// The bits of r * 2^e for r < 2^25 when that value is a float (an integer multiple
// of 2^-149 with at most 24 significant bits, below 2^128). A subnormal's e may be
// below -149 (an unpacked subnormal's): the bits shifted out are zeros.
static __device__ __inline__ unsigned int f32_pack_exact(unsigned int r, int e) {
  if (r == 0) return 0;
  int s = __builtin_clz(r) - 8; // r << s has its leading bit at 2^23 (s >= -1)
  int e2 = e - s;
  if (e2 < -149) return e >= -149 ? r << (e + 149) : r >> (-149 - e); // subnormal
  unsigned int m = s >= 0 ? r << s : r >> 1;
  return ((unsigned int)(e2 + 149) << 23) + m;
}

// The bits of m * 2^e rounded to nearest even (m in [2^23, 2^24), any e): overflow
// gives infinity, underflow a subnormal or zero (the sign is the caller's).
static __device__ __inline__ unsigned int f32_round_pack(unsigned int m, int e) {
  if (e >= -149) return e > 104 ? F32_INF : ((unsigned int)(e + 149) << 23) + m;
  int shift = -149 - e; // bits of m below the last subnormal one
  if (shift > 25) return 0;
  unsigned int kept = m >> shift, rest = m & ((1u << shift) - 1), half = 1u << (shift - 1);
  return kept + (rest > half || (rest == half && (kept & 1)));
}

// ---- double: unpacking and packing ------------------------------------------------
// |x| (bits a, finite, non-zero) = m * 2^e with m in [2^52, 2^53).
static __device__ __inline__ void f64_unpack(unsigned long long a, unsigned long long *m, int *e) {
  if (a >> 52) {
    *m = (a & 0xfffffffffffffull) | 0x10000000000000ull;
    *e = (int)(a >> 52) - 1075;
  } else {
    int s = __builtin_clzll(a) - 11;
    *m = a << s;
    *e = -1074 - s;
  }
}

// The bits of r * 2^e for r < 2^54 when that value is a double (as f32_pack_exact).
static __device__ __inline__ unsigned long long f64_pack_exact(unsigned long long r, int e) {
  if (r == 0) return 0;
  int s = __builtin_clzll(r) - 11; // s >= -1
  int e2 = e - s;
  if (e2 < -1074) return e >= -1074 ? r << (e + 1074) : r >> (-1074 - e);
  unsigned long long m = s >= 0 ? r << s : r >> 1;
  return ((unsigned long long)(e2 + 1074) << 52) + m;
}

// The bits of m * 2^e rounded to nearest even (m in [2^52, 2^53), any e).
static __device__ __inline__ unsigned long long f64_round_pack(unsigned long long m, int e) {
  if (e >= -1074) return e > 971 ? F64_INF : ((unsigned long long)(e + 1074) << 52) + m;
  int shift = -1074 - e;
  if (shift > 54) return 0;
  unsigned long long kept = m >> shift, rest = m & ((1ull << shift) - 1),
                     half = 1ull << (shift - 1);
  return kept + (rest > half || (rest == half && (kept & 1)));
}

// ---- remainders -----------------------------------------------------------------------
// fmod, remainder and remquo share one exact integer reduction. For finite x, y != 0
// with |x| = mx * 2^ex, |y| = my * 2^ey (significands normalised), and ex >= ey:
// |x| = (mx * 2^(ex-ey)) * 2^ey, so |x| mod |y| = (mx * 2^d mod my) * 2^ey with
// d = ex - ey, computed by long division in chunks of k bits: r = (r * 2^k) mod my,
// which keeps r < my, with r * 2^k within 64 bits (k = 39 for float, 11 for double).
// The common case, |x| and |y| within 2^39 (2^11) of each other, is one step. The
// chunk quotients give the integral quotient's low 3 bits (q), all that remquo stores
// under nvcc (its PTX masks the quotient with 7; glibc keeps 31 bits). The result is an
// integer times 2^ey below |y|: a float (double), so it is exact.

// The reduction of float magnitudes: returns r (|x| mod |y| = r * 2^*unit), sets *q to
// the low 3 bits of the quotient. For remainder, the caller's `nearest` asks that r be
// replaced by the signed nearest remainder: its magnitude is returned and *negate set.
static __device__ __inline__ unsigned int f32_reduce(unsigned int ax, unsigned int ay, int nearest,
                                                     int *unit, unsigned int *q, int *negate) {
  unsigned int mx, my;
  int ex, ey;
  f32_unpack(ax, &mx, &ex);
  f32_unpack(ay, &my, &ey);
  *q = 0, *negate = 0;
  unsigned long long m = my;
  int d = ex - ey;
  if (d < 0) {
    // |x| < |y|: fmod is x. The nearest remainder is x too unless |x| > |y|/2, which
    // needs ex = ey - 1: then, in units of 2^ex, |y| = 2 my and |x| - |y| = mx - 2my.
    if (!nearest || d < -1) {
      *unit = ex;
      return mx;
    }
    m = (unsigned long long)my << 1;
    ey = ex;
    d = 0;
  }
  unsigned long long r = mx, qq = 0;
  if (r >= m) r -= m, qq = 1; // mx < 2 my: one subtraction is the first step
  while (d > 0) {
    int k = d < 39 ? d : 39;
    unsigned long long t = r << k, c = t / m;
    r = t - c * m;
    qq = ((qq << k) + c) & 7;
    d -= k;
  }
  if (nearest && (2 * r > m || (2 * r == m && (qq & 1)))) {
    r = m - r, qq++;
    *negate = 1;
  }
  *unit = ey;
  *q = (unsigned int)qq & 7;
  return (unsigned int)r;
}

// NaN when x is NaN or infinite or y NaN or zero; x when y is infinite (for fmod and
// remainder; remquo's quotient is 0 then). Otherwise the reduction, with x's sign
// (flipped for a negative nearest remainder).
static __device__ __inline__ float f32_remainder(float x, float y, int nearest, int *quo) {
  unsigned int ux = f32_bits(x), uy = f32_bits(y);
  unsigned int ax = ux & ~F32_SIGN, ay = uy & ~F32_SIGN, sign = ux & F32_SIGN;
  *quo = 0;
  if (ax >= F32_INF || ay > F32_INF || ay == 0) return f32_from(F32_NAN);
  if (ay == F32_INF || ax == 0) return x;
  int unit, negate;
  unsigned int q, r = f32_reduce(ax, ay, nearest, &unit, &q, &negate);
  *quo = ((ux ^ uy) & F32_SIGN) ? -(int)q : (int)q;
  return f32_from((negate ? sign ^ F32_SIGN : sign) | f32_pack_exact(r, unit));
}

extern "C" __device__ float __anchor_fmodf(float x, float y) {
  int quo;
  return f32_remainder(x, y, 0, &quo);
}
extern "C" __device__ float __anchor_remainderf(float x, float y) {
  int quo;
  return f32_remainder(x, y, 1, &quo);
}
extern "C" __device__ float __anchor_remquof(float x, float y, int *quo) {
  return f32_remainder(x, y, 1, quo);
}

// The product a * b (< 2^128) as hi * 2^64 + lo, from 32-bit halves.
static __device__ __inline__ void mul_64x64(unsigned long long a, unsigned long long b,
                                            unsigned long long *hi, unsigned long long *lo) {
  unsigned long long a0 = a & 0xffffffffull, a1 = a >> 32, b0 = b & 0xffffffffull, b1 = b >> 32;
  unsigned long long p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
  unsigned long long mid = (p00 >> 32) + (p01 & 0xffffffffull) + (p10 & 0xffffffffull);
  *lo = (mid << 32) | (p00 & 0xffffffffull);
  *hi = a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

// The same for doubles: significands below 2^53, chunks of 11 bits by integer division;
// for exponent differences over 22, chunks of 51 bits whose quotient comes from a
// reciprocal instead (Barrett's reduction): mu = 2^105 * RN(1/m), an integer in (2^52,
// 2^53] (the software binary64 division, correctly rounded, once per call) with mu =
// (2^105 / m)(1 + e), |e| <= 2^-53. For r < m and k <= 51, Q = r * 2^k / m < 2^51 and
// c = floor(r * mu / 2^(105-k)) (a 106-bit product) is within Q * 2^-53 <= 1/4 of Q
// before the floor: floor(Q) - 1 <= c <= floor(Q) + 1, so r * 2^k - c m lies in (-m, 2m),
// exact in 64-bit wrapping arithmetic, and one step up or down gives the remainder. 42
// chunks at most instead of 191 divisions.
static __device__ __inline__ unsigned long long f64_reduce(unsigned long long ax,
                                                           unsigned long long ay, int nearest,
                                                           int *unit, unsigned int *q,
                                                           int *negate) {
  unsigned long long mx, my;
  int ex, ey;
  f64_unpack(ax, &mx, &ex);
  f64_unpack(ay, &my, &ey);
  *q = 0, *negate = 0;
  unsigned long long m = my;
  int d = ex - ey;
  if (d < 0) {
    if (!nearest || d < -1) {
      *unit = ex;
      return mx;
    }
    m = my << 1;
    ey = ex;
    d = 0;
  }
  unsigned long long r = mx, qq = 0;
  if (r >= m) r -= m, qq = 1;
  if (d > 22) {
    unsigned long long mu = f64_bits(1.0 / (double)m); // m = my < 2^53: exact as a double
    mu = m == 1ull << 52 ? 1ull << 53 : (mu & 0xfffffffffffffull) | 1ull << 52;
    while (d > 0) {
      int k = d < 51 ? d : 51, s = 105 - k; // 54 <= s <= 104
      unsigned long long hi, lo;
      mul_64x64(r, mu, &hi, &lo);
      unsigned long long c = s >= 64 ? hi >> (s - 64) : hi << (64 - s) | lo >> s;
      unsigned long long t = (r << k) - c * m; // mod 2^64
      if ((long long)t < 0)
        t += m, c--;
      else if (t >= m)
        t -= m, c++;
      r = t;
      qq = ((qq << k) + c) & 7;
      d -= k;
    }
  }
  while (d > 0) {
    int k = d < 11 ? d : 11;
    unsigned long long t = r << k, c = t / m;
    r = t - c * m;
    qq = ((qq << k) + c) & 7;
    d -= k;
  }
  if (nearest && (2 * r > m || (2 * r == m && (qq & 1)))) {
    r = m - r, qq++;
    *negate = 1;
  }
  *unit = ey;
  *q = (unsigned int)qq & 7;
  return r;
}

static __device__ __inline__ double f64_remainder(double x, double y, int nearest, int *quo) {
  unsigned long long ux = f64_bits(x), uy = f64_bits(y);
  unsigned long long ax = ux & ~F64_SIGN, ay = uy & ~F64_SIGN, sign = ux & F64_SIGN;
  *quo = 0;
  if (ax >= F64_INF || ay > F64_INF || ay == 0) return f64_from(F64_NAN);
  if (ay == F64_INF || ax == 0) return x;
  int unit, negate;
  unsigned int q;
  unsigned long long r = f64_reduce(ax, ay, nearest, &unit, &q, &negate);
  *quo = ((ux ^ uy) & F64_SIGN) ? -(int)q : (int)q;
  return f64_from((negate ? sign ^ F64_SIGN : sign) | f64_pack_exact(r, unit));
}

extern "C" __device__ double __anchor_fmod(double x, double y) {
  int quo;
  return f64_remainder(x, y, 0, &quo);
}
extern "C" __device__ double __anchor_remainder(double x, double y) {
  int quo;
  return f64_remainder(x, y, 1, &quo);
}
extern "C" __device__ double __anchor_remquo(double x, double y, int *quo) {
  return f64_remainder(x, y, 1, quo);
}

// ---- exponents ----------------------------------------------------------------------
// frexp: x = f * 2^e with |f| in [0.5, 1); zeros, infinities and NaNs give x + x (a
// quiet NaN) with e = 0, as nvcc's code.
extern "C" __device__ float __anchor_frexpf(float x, int *e) {
  unsigned int u = f32_bits(x), a = u & ~F32_SIGN;
  *e = 0;
  if (a == 0 || a >= F32_INF) return x + x;
  unsigned int m;
  int ex;
  f32_unpack(a, &m, &ex); // |x| = m * 2^ex = (m * 2^-24) * 2^(ex + 24)
  *e = ex + 24;
  return f32_from((u & F32_SIGN) | (126u << 23) | (m & 0x7fffffu));
}
extern "C" __device__ double __anchor_frexp(double x, int *e) {
  unsigned long long u = f64_bits(x), a = u & ~F64_SIGN;
  *e = 0;
  if (a == 0 || a >= F64_INF) return x + x;
  unsigned long long m;
  int ex;
  f64_unpack(a, &m, &ex);
  *e = ex + 53;
  return f64_from((u & F64_SIGN) | (1022ull << 52) | (m & 0xfffffffffffffull));
}

// ldexp/scalbn: x * 2^n correctly rounded (overflow to infinity, subnormal results
// rounded to nearest even). n is clamped first to a range beyond which every result
// is an overflow or zero anyway (|n| > 300 for float, 2200 for double).
extern "C" __device__ float __anchor_ldexpf(float x, int n) {
  unsigned int u = f32_bits(x), a = u & ~F32_SIGN;
  if (a == 0 || a >= F32_INF) return x;
  n = n > 300 ? 300 : n < -300 ? -300 : n;
  unsigned int m;
  int e;
  f32_unpack(a, &m, &e);
  return f32_from((u & F32_SIGN) | f32_round_pack(m, e + n));
}
extern "C" __device__ double __anchor_ldexp(double x, int n) {
  unsigned long long u = f64_bits(x), a = u & ~F64_SIGN;
  if (a == 0 || a >= F64_INF) return x;
  n = n > 2200 ? 2200 : n < -2200 ? -2200 : n;
  unsigned long long m;
  int e;
  f64_unpack(a, &m, &e);
  return f64_from((u & F64_SIGN) | f64_round_pack(m, e + n));
}
extern "C" __device__ float __anchor_scalblnf(float x, long n) {
  return __anchor_ldexpf(x, n > 300 ? 300 : n < -300 ? -300 : (int)n);
}
extern "C" __device__ double __anchor_scalbln(double x, long n) {
  return __anchor_ldexp(x, n > 2200 ? 2200 : n < -2200 ? -2200 : (int)n);
}

// ilogb: the exponent of x as an int (subnormals normalised); INT_MIN for zero and
// NaN, INT_MAX for infinities (CUDA's and glibc's FP_ILOGB0 and FP_ILOGBNAN).
extern "C" __device__ int __anchor_ilogbf(float x) {
  unsigned int a = f32_bits(x) & ~F32_SIGN;
  if (a == 0 || a > F32_INF) return -2147483647 - 1;
  if (a == F32_INF) return 2147483647;
  return a >> 23 ? (int)(a >> 23) - 127 : -118 - __builtin_clz(a);
}
extern "C" __device__ int __anchor_ilogb(double x) {
  unsigned long long a = f64_bits(x) & ~F64_SIGN;
  if (a == 0 || a > F64_INF) return -2147483647 - 1;
  if (a == F64_INF) return 2147483647;
  return a >> 52 ? (int)(a >> 52) - 1023 : -1011 - __builtin_clzll(a);
}

// logb: the same exponent as a float (exact: |e| < 2^24); -inf for zeros, +inf for
// infinities, NaN for NaN.
extern "C" __device__ float __anchor_logbf(float x) {
  unsigned int a = f32_bits(x) & ~F32_SIGN;
  if (a == 0) return f32_from(F32_SIGN | F32_INF);
  if (a >= F32_INF) return a == F32_INF ? f32_from(F32_INF) : f32_from(F32_NAN);
  return (float)__anchor_ilogbf(x);
}
extern "C" __device__ double __anchor_logb(double x) {
  unsigned long long a = f64_bits(x) & ~F64_SIGN;
  if (a == 0) return f64_from(F64_SIGN | F64_INF);
  if (a >= F64_INF) return a == F64_INF ? f64_from(F64_INF) : f64_from(F64_NAN);
  return (double)__anchor_ilogb(x);
}

// ---- neighbours, differences, parts -------------------------------------------------------
// nextafter: the next value after x towards y; y when x == y (so the sign of a zero y is
// kept); the smallest subnormal of y's sign from a zero x; NaN when either is NaN.
// Stepping the bits of a finite x by one in the direction of |x|'s growth or shrinking
// gives the neighbour (the largest finite value steps to infinity).
extern "C" __device__ float __anchor_nextafterf(float x, float y) {
  unsigned int ux = f32_bits(x), uy = f32_bits(y);
  if ((ux & ~F32_SIGN) > F32_INF || (uy & ~F32_SIGN) > F32_INF) return f32_from(F32_NAN);
  if (x == y) return y;
  if ((ux & ~F32_SIGN) == 0) return f32_from((uy & F32_SIGN) | 1);
  return f32_from((x < y) == (x > 0.0f) ? ux + 1 : ux - 1);
}
extern "C" __device__ double __anchor_nextafter(double x, double y) {
  unsigned long long ux = f64_bits(x), uy = f64_bits(y);
  if ((ux & ~F64_SIGN) > F64_INF || (uy & ~F64_SIGN) > F64_INF) return f64_from(F64_NAN);
  if (ux == uy || ((ux | uy) & ~F64_SIGN) == 0) return y; // x == y, integer compares
  if ((ux & ~F64_SIGN) == 0) return f64_from((uy & F64_SIGN) | 1);
  // x < y for finite non-NaN bits: compare as sign-magnitude integers.
  int x_neg = (int)(ux >> 63), y_neg = (int)(uy >> 63);
  int less = x_neg != y_neg ? x_neg : (x_neg ? ux > uy : ux < uy);
  return f64_from(less == !x_neg ? ux + 1 : ux - 1);
}

// fdim: x - y (one correctly rounded subtraction) when x > y, +0 otherwise, NaN when
// either is NaN.
extern "C" __device__ float __anchor_fdimf(float x, float y) {
  if (x != x || y != y) return f32_from(F32_NAN);
  return x > y ? x - y : 0.0f;
}
extern "C" __device__ double __anchor_fdim(double x, double y) {
  if (x != x || y != y) return f64_from(F64_NAN);
  return x > y ? x - y : 0.0;
}

// modf: the integral part (trunc, exact) stored, the fractional part x - trunc(x)
// (exact: both in one binade's grid) returned with x's sign; ±inf gives ±0 and ±inf,
// NaN gives NaN twice.
extern "C" __device__ float __anchor_modff(float x, float *ip) {
  float t = __builtin_truncf(x);
  *ip = t;
  unsigned int a = f32_bits(x) & ~F32_SIGN;
  if (a > F32_INF) return f32_from(F32_NAN);
  return __builtin_copysignf(a == F32_INF ? 0.0f : x - t, x);
}
extern "C" __device__ double __anchor_modf(double x, double *ip) {
  unsigned long long u = f64_bits(x), a = u & ~F64_SIGN;
  double t = __builtin_trunc(x);
  *ip = t;
  if (a > F64_INF) return f64_from(F64_NAN);
  if (a == F64_INF) return f64_from(u & F64_SIGN);
  return f64_from((u & F64_SIGN) | (f64_bits(x - t) & ~F64_SIGN));
}

// ---- nan(tagp) ------------------------------------------------------------------------
// A quiet NaN whose payload is the tag read as C's strtoull(tagp, 0, 0) does for
// glibc's nan(): decimal, 0x/0X hexadecimal or 0-prefixed octal digits; a tag that is
// anything else (or empty) gives payload 0. The payload keeps the low bits below the
// quiet bit. A constant tag (the usual nan("")) folds away.
static __device__ __inline__ int nan_tag(const char *tag, unsigned long long *payload) {
  unsigned long long v = 0;
  int base = 10;
  if (tag[0] == '0' && (tag[1] == 'x' || tag[1] == 'X')) {
    base = 16;
    tag += 2;
    if (!*tag) return 0;
  } else if (tag[0] == '0') {
    base = 8;
  }
  for (; *tag; tag++) {
    int c = *tag, digit;
    if (c >= '0' && c <= '9')
      digit = c - '0';
    else if (c >= 'a' && c <= 'f')
      digit = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      digit = c - 'A' + 10;
    else
      return 0;
    if (digit >= base) return 0;
    v = v * (unsigned long long)base + (unsigned long long)digit;
  }
  *payload = v;
  return 1;
}
extern "C" __device__ float __anchor_nanf(const char *tag) {
  unsigned long long p = 0;
  if (!nan_tag(tag, &p)) p = 0;
  return f32_from(0x7fc00000u | ((unsigned int)p & 0x3fffffu));
}
extern "C" __device__ double __anchor_nan(const char *tag) {
  unsigned long long p = 0;
  if (!nan_tag(tag, &p)) p = 0;
  return f64_from(0x7ff8000000000000ull | (p & 0x7ffffffffffffull));
}

// ---- conversions to integers --------------------------------------------------------------
// lrint/llrint: rint (to nearest even) then the conversion; lround/llround: round (half
// away from zero) then the conversion. The integral value is converted exactly when it
// is in range. Outside it CUDA's documentation says "undefined"; Anchor gives what
// nvcc's code gives on the H200: saturation to the extremes (PTX's cvt, and lroundf's
// own clamps), and INT64_MIN for a NaN (cvt from float or double to a 64-bit integer
// gives the top bit alone, as tests/e2e/math_rounding.cu measured; lroundf's code
// returns it explicitly). long is 64 bits, like long long.
static __device__ __inline__ long long f32_to_i64_sat(float r) {
  if (r != r) return -0x7fffffffffffffffll - 1;
  if (r >= 0x1p63f) return 0x7fffffffffffffffll;
  if (r < -0x1p63f) return -0x7fffffffffffffffll - 1;
  return (long long)r;
}
static __device__ __inline__ long long f64_to_i64_sat(double r) {
  if (r != r) return -0x7fffffffffffffffll - 1;
  if (r >= 0x1p63) return 0x7fffffffffffffffll;
  if (r < -0x1p63) return -0x7fffffffffffffffll - 1;
  return (long long)r;
}
extern "C" __device__ long long __anchor_llrintf(float x) {
  return f32_to_i64_sat(__builtin_rintf(x));
}
extern "C" __device__ long long __anchor_llroundf(float x) {
  return f32_to_i64_sat(__builtin_roundf(x));
}
extern "C" __device__ long long __anchor_llrint(double x) {
  return f64_to_i64_sat(__builtin_rint(x));
}
extern "C" __device__ long long __anchor_llround(double x) {
  return f64_to_i64_sat(__builtin_round(x));
}
