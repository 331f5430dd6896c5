// devlib/internal/f32_bits.h — float bit-level helpers shared by the device
// library's sources (devlib/f32_div.cu, devlib/rounding.cu): unpacking a float
// into an integer significand and exponent, and rounding an exact integer
// value back into a float in any of CUDA's four rounding modes. Internal to
// the library: included by devlib/*.cu only, never by users' code (it is not
// under include/ and is not installed). Everything here is static and exact
// (integer arithmetic and bit casts).
#ifndef ANCHOR_DEVLIB_INTERNAL_F32_BITS_H
#define ANCHOR_DEVLIB_INTERNAL_F32_BITS_H

#define F_INF 0x7f800000u
#define F_NAN 0x7fffffffu // CUDA's canonical NaN

// The rounding modes (the template argument M below).
enum { RN = 0, RZ = 1, RU = 2, RD = 3 };

// |x| (bits a, finite, non-zero) = m * 2^e with m in [2^23, 2^24).
static __device__ void f_unpack(unsigned int a, unsigned int *m, int *e) {
  if (a >> 23) {
    *m = (a & 0x7fffffu) | 0x800000u;
    *e = (int)(a >> 23) - 150;
  } else {
    int sh = __builtin_clz(a) - 8;
    *m = a << sh;
    *e = -149 - sh;
  }
}

// The overflowed result of sign `sign` in mode M: infinity, or the largest
// finite value where M rounds toward zero.
template <int M> static __device__ unsigned int f_overflow(unsigned int sign) {
  int to_inf = M == RN || (M == RU && !sign) || (M == RD && sign);
  return sign | (to_inf ? F_INF : F_INF - 1);
}

// The float (bits) (s + d) * 2^e in mode M with sign bit `sign`, where
// 0 < s < 2^63 and d in [0, 1) is non-zero exactly when `sticky`. Subnormal
// results, underflow to zero and overflow follow M (RN: ties to even).
template <int M>
static __device__ unsigned int round_pack(unsigned int sign, unsigned long long s, int e,
                                          int sticky) {
  int top = 63 - __builtin_clzll(s); // the value is in [2^(top+e), 2^(top+e+1))
  int exp = top + e;
  if (exp > 127) return f_overflow<M>(sign);
  int normal = exp >= -126;
  int shift = normal ? top - 23 : -149 - e; // bits of s below the last kept one
  unsigned long long kept, rest = 0, half = 1;
  if (shift <= 0) {
    kept = s << -shift; // exact
  } else if (shift > top + 1) {
    kept = 0, rest = 1, half = 2, sticky = 1; // below half the smallest subnormal
  } else {
    kept = s >> shift, rest = s & ((1ull << shift) - 1), half = 1ull << (shift - 1);
  }
  int inexact = rest != 0 || sticky;
  if (M == RN) kept += rest > half || (rest == half && (sticky || (kept & 1)));
  if (M == RU) kept += inexact && !sign;
  if (M == RD) kept += inexact && sign;
  // A normal kept has its leading bit at 2^23, which adds one to the exponent
  // field; a carry to 2^24 adds one more (up to infinity).
  unsigned int bits =
      normal ? ((unsigned int)(exp + 126) << 23) + (unsigned int)kept : (unsigned int)kept;
  return sign | bits;
}

#endif
