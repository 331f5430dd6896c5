// math_fp16_ref.h — host references for tests/e2e/math_half.cu and math_bf16.cu: binary16
// and bfloat16 operations computed from their definitions in long double and double (libm)
// and rounded once, independent of cuda_fp16.h/cuda_bf16.h (under nvcc most of CUDA's
// functions are device-only, so the tests' host side cannot call them). V is the 16-bit
// value type (its bits are an unsigned short), P its significand bits, EMIN its smallest
// normal exponent, EMAX its largest exponent, ONE the bits of 1.0.
#include <math.h>
#include <string.h>

// A device result g of the operation called name against the reference w: the *_approx
// functions may be CUDA's hardware approximation (tanh.approx), 1 ulp from the correctly
// rounded value on the H200 for some inputs; Anchor's are correctly rounded.
static inline bool fp16_ref_approx_ok(const char *name, unsigned short g, unsigned short w) {
  return strstr(name, "_approx") && ((g ^ w) & 0x8000) == 0 && (g > w ? g - w : w - g) <= 1;
}

template <class V, class V2, int P, int EMIN, int EMAX, unsigned ONE> struct Fp16Ref {
  typedef long double LD;
  enum { rn = 0, rz = 1, ru = 2, rd = 3 };
  static unsigned short bits(V v) {
    unsigned short u;
    memcpy(&u, &v, 2);
    return u;
  }
  static V make(unsigned u) {
    unsigned short s = (unsigned short)u;
    V v;
    memcpy(&v, &s, 2);
    return v;
  }
  static LD value(V v) {
    unsigned u = bits(v), s = u >> 15, e = (u >> (P - 1)) & ((1u << (16 - P)) - 1),
             m = u & ((1u << (P - 1)) - 1);
    unsigned emax_field = (1u << (16 - P)) - 1;
    LD r = e == emax_field ? (m ? (LD)NAN : (LD)INFINITY)
           : e == 0        ? ldexpl((LD)m, EMIN - (P - 1))
                           : ldexpl((LD)(m | 1u << (P - 1)), (int)e - (1 - EMIN) - (P - 1));
    return s ? -r : r;
  }
  static float to_float(V v) { return (float)value(v); }
  static bool isnan_(V v) { return value(v) != value(v); }
  // v rounded once in mode m (NaN: the canonical 0x7fff).
  static V round(LD v, int m) {
    if (v != v) return make(0x7fffu);
    unsigned sign = signbit(v) ? 0x8000u : 0u;
    LD a = fabsl(v);
    if (a == 0) return make(sign);
    bool up = m == ru ? !sign : m == rd ? sign != 0 : false;
    if (isinf(a)) return make(sign | inf_bits()); // exact in every mode
    int e = ilogbl(a);
    if (e < EMIN) e = EMIN;
    LD ulp = ldexpl(1, e - (P - 1)), q = a / ulp;
    LD r = m == rn ? nearbyintl(q) : up ? ceill(q) : truncl(q);
    LD res = r * ulp;
    if (res >= ldexpl(1, EMAX + 1)) return make(sign | (m == rn || up ? inf_bits() : max_bits()));
    return make(sign | encode(res));
  }
  static unsigned inf_bits() { return ((1u << (16 - P)) - 1) << (P - 1); }
  static unsigned max_bits() { return inf_bits() - 1; }
  static unsigned encode(LD res) { // res > 0, representable
    if (res < ldexpl(1, EMIN)) return (unsigned)(res / ldexpl(1, EMIN - (P - 1)));
    int e = ilogbl(res);
    unsigned m = (unsigned)(res / ldexpl(1, e - (P - 1))) - (1u << (P - 1));
    return (unsigned)(e - EMIN + 1) << (P - 1) | m;
  }
  static V rnd(LD v) { return round(v, rn); }

  // ---- arithmetic --------------------------------------------------------------------------
  static V add(V a, V b) { return rnd(value(a) + value(b)); }
  static V sub(V a, V b) { return rnd(value(a) - value(b)); }
  static V mul(V a, V b) { return rnd(value(a) * value(b)); }
  static V div(V a, V b) { return rnd(value(a) / value(b)); }
  // The product is exact in long double; the sum is kept exact as s + e (TwoSum). s rounds
  // correctly unless it is a midpoint between two 16-bit values while e != 0 (no long
  // double lies between s and the exact sum): then the sign of e decides.
  static V fma(V a, V b, V c) {
    LD p = value(a) * value(b), z = value(c), s = p + z;
    if (!isfinite(s) || !isfinite(p)) return rnd(s);
    LD bp = s - z, bz = s - bp, e = (p - bp) + (z - bz);
    V lo = round(s, rd), hi = round(s, ru);
    if (e != 0 && bits(lo) != bits(hi) && value(lo) + value(hi) == 2 * s) return e > 0 ? hi : lo;
    return rnd(s);
  }
  static V neg(V a) { return make(bits(a) ^ 0x8000u); }
  static V sat(V r) {
    LD f = value(r);
    return f > 1 ? make(ONE) : f > 0 ? r : make(0); // NaN and -0 give +0, as on the H200
  }
  static V relu(V r) {
    LD f = value(r);
    return f != f ? make(0x7fffu) : f < 0 ? make(0) : r;
  }
  static V max(V a, V b) {
    LD x = value(a), y = value(b);
    if (x != x) return y != y ? make(0x7fffu) : b;
    if (y != y || x > y) return a;
    if (x == y) return make(bits(a) & bits(b));
    return b;
  }
  static V min(V a, V b) {
    LD x = value(a), y = value(b);
    if (x != x) return y != y ? make(0x7fffu) : b;
    if (y != y || x < y) return a;
    if (x == y) return make(bits(a) | bits(b));
    return b;
  }
  static V max_nan(V a, V b) { return isnan_(a) || isnan_(b) ? make(0x7fffu) : max(a, b); }
  static V min_nan(V a, V b) { return isnan_(a) || isnan_(b) ? make(0x7fffu) : min(a, b); }
  // CUDA's documented __hcmadd: fma(-a.y, b.y, fma(a.x, b.x, c.x)) + i fma(a.y, b.x,
  // fma(a.x, b.y, c.y)).
  static V2 cmadd(V2 a, V2 b, V2 c) {
    return pair(fma(neg(a.y), b.y, fma(a.x, b.x, c.x)), fma(a.y, b.x, fma(a.x, b.y, c.y)));
  }

  // ---- math (libm in double, rounded once) -------------------------------------------------
  static double d(V a) { return (double)value(a); }
  static V exp_(V a) { return rnd(::exp(d(a))); }
  static V exp2_(V a) { return rnd(::exp2(d(a))); }
  static V exp10_(V a) { return rnd(::pow(10.0, d(a))); }
  static V log_(V a) { return rnd(::log(d(a))); }
  static V log2_(V a) { return rnd(::log2(d(a))); }
  static V log10_(V a) { return rnd(::log10(d(a))); }
  static V sin_(V a) { return rnd(::sin(d(a))); }
  static V cos_(V a) { return rnd(::cos(d(a))); }
  static V tanh_(V a) { return rnd(::tanh(d(a))); }
  static V rsqrt_(V a) { return rnd(1.0 / ::sqrt(d(a))); }
  static V sqrt_(V a) { return rnd(::sqrt(d(a))); }
  static V rcp_(V a) { return rnd(1.0 / d(a)); }
  static V ceil_(V a) { return rnd(ceill(value(a))); }
  static V floor_(V a) { return rnd(floorl(value(a))); }
  static V trunc_(V a) { return rnd(truncl(value(a))); }
  static V rint_(V a) { return rnd(nearbyintl(value(a))); }

  // ---- comparisons ----------------------------------------------------------------------
  static bool eq(V a, V b) { return value(a) == value(b); }
  static bool ne(V a, V b) { return value(a) < value(b) || value(a) > value(b); }
  static bool lt(V a, V b) { return value(a) < value(b); }
  static bool le(V a, V b) { return value(a) <= value(b); }
  static bool gt(V a, V b) { return value(a) > value(b); }
  static bool ge(V a, V b) { return value(a) >= value(b); }
  static bool equ(V a, V b) { return !ne(a, b); }
  static bool neu(V a, V b) { return !eq(a, b); }
  static bool ltu(V a, V b) { return !ge(a, b); }
  static bool leu(V a, V b) { return !gt(a, b); }
  static bool gtu(V a, V b) { return !le(a, b); }
  static bool geu(V a, V b) { return !lt(a, b); }

  // ---- conversions -------------------------------------------------------------------------
  // To integers: rounded in mode m, saturated as PTX cvt (NaN: 0, 64-bit: 0x8000...).
  static LD rmode(V a, int m) {
    LD v = value(a);
    return m == rn ? nearbyintl(v) : m == rz ? truncl(v) : m == ru ? ceill(v) : floorl(v);
  }
  static long long to_signed(V a, int m, long long lo, long long hi) {
    LD r = rmode(a, m);
    return r != r ? 0 : r >= (LD)hi ? hi : r <= (LD)lo ? lo : (long long)r;
  }
  static unsigned long long to_unsigned(V a, int m, unsigned long long hi) {
    LD r = rmode(a, m);
    return r != r || r <= 0 ? 0 : r >= (LD)hi ? hi : (unsigned long long)r;
  }
  static long long to_ll(V a, int m) {
    LD r = rmode(a, m);
    return r != r || r < -0x1p63L ? (long long)0x8000000000000000ull
           : r >= 0x1p63L         ? 0x7fffffffffffffffll
                                  : (long long)r;
  }
  static unsigned long long to_ull(V a, int m) {
    LD r = rmode(a, m);
    return r != r         ? 0x8000000000000000ull
           : r <= 0       ? 0ull
           : r >= 0x1p64L ? 0xffffffffffffffffull
                          : (unsigned long long)r;
  }

  // ---- pairs -------------------------------------------------------------------------------
  static V2 pair(V x, V y) {
    V2 p;
    p.x = x, p.y = y;
    return p;
  }
  static V lo(V2 p) { return p.x; }
  static V hi(V2 p) { return p.y; }
  static V flag(bool b) { return make(b ? ONE : 0u); }
  static V2 map1(V (*f)(V), V2 a) { return pair(f(a.x), f(a.y)); }
  static V2 map2(V (*f)(V, V), V2 a, V2 b) { return pair(f(a.x, b.x), f(a.y, b.y)); }
  static V2 map3(V (*f)(V, V, V), V2 a, V2 b, V2 c) {
    return pair(f(a.x, b.x, c.x), f(a.y, b.y, c.y));
  }
  static V2 cmp2(bool (*f)(V, V), V2 a, V2 b) { return pair(flag(f(a.x, b.x)), flag(f(a.y, b.y))); }
  static bool cmpb(bool (*f)(V, V), V2 a, V2 b) { return f(a.x, b.x) && f(a.y, b.y); }
  static unsigned cmpmask(bool (*f)(V, V), V2 a, V2 b) { return mask(f(a.x, b.x), f(a.y, b.y)); }
  static V2 isnan2(V2 a) { return pair(flag(isnan_(a.x)), flag(isnan_(a.y))); }
  static V add_sat(V a, V b) { return sat(add(a, b)); }
  static V sub_sat(V a, V b) { return sat(sub(a, b)); }
  static V mul_sat(V a, V b) { return sat(mul(a, b)); }
  static V fma_sat(V a, V b, V c) { return sat(fma(a, b, c)); }
  static V fma_relu(V a, V b, V c) { return relu(fma(a, b, c)); }
  // t++, ++t, --t as the tests' kernels spell them
  static V incs(V a) { return sub(add(add(a, make(ONE)), make(ONE)), make(ONE)); }
  static unsigned mask(bool lo, bool hi) { return (lo ? 0xffffu : 0u) | (hi ? 0xffff0000u : 0u); }
};

// A plain pair for the host side (the tests' __half2 / __nv_bfloat162 stand-in).
template <class V> struct Fp16RefPair {
  V x, y;
};
