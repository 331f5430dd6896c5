// devlib/integer.cu — the integer intrinsics of Anchor's device library: bit
// counts and reversals, byte permutation, funnel shifts, high and 24-bit
// multiplies, averages, sums of absolute differences, the dot products
// __dp4a/__dp2a, the SIMD-within-a-word functions (__vadd2 ... __vsubus4) and
// CUDA 12's DPX functions (__vimax3_s32 ... __vibmin_u16x2). Declarations,
// contracts and CUDA's names: include/anchor/math/integer.h.
//
// Everything is exact integer arithmetic (32- and 64-bit), comparisons and
// the LLVM bit intrinsics the backend maps onto MSL (popcount, clz, ctz,
// reverse_bits, funnel shifts, min/max). No loops over lanes: the SIMD
// functions work on the whole word at once (SWAR), lanes kept apart by
// masking their top bits, as described at swar_add below.

// ---- bits ---------------------------------------------------------------------------------

extern "C" __device__ int __anchor_popc(unsigned int x) {
  return __builtin_popcount(x);
}

extern "C" __device__ int __anchor_popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}

// llvm.ctlz defined at zero (MSL clz(0) is the width): 32 for 0.
extern "C" __device__ int __anchor_clz(int x) {
  return __builtin_clzg((unsigned int)x, 32);
}

extern "C" __device__ int __anchor_clzll(long long x) {
  return __builtin_clzg((unsigned long long)x, 64);
}

// Position (from 1) of the least significant set bit; 0 for 0. Branch-free:
// x & -x isolates that bit 2^k, whose leading zeros are 31 - k (63 - k), and
// clz(0) is the width (llvm.ctlz defined at zero: MSL clz).
extern "C" __device__ int __anchor_ffs(int x) {
  unsigned int u = (unsigned int)x;
  return 32 - __builtin_clzg(u & (0u - u), 32);
}

extern "C" __device__ int __anchor_ffsll(long long x) {
  unsigned long long u = (unsigned long long)x;
  return 64 - __builtin_clzg(u & (0ull - u), 64);
}

// llvm.bitreverse: MSL reverse_bits.
extern "C" __device__ unsigned int __anchor_brev(unsigned int x) {
  return __builtin_bitreverse32(x);
}

extern "C" __device__ unsigned long long __anchor_brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}

// Byte n of the result is byte s<4n+2:4n> of y:x (CUDA Math API); bit 4n+3 and
// s's upper half are ignored. Selector bit 2 picks the word, bits 1:0 the
// byte in it: 32-bit shifts only. Unrolled by the optimiser.
extern "C" __device__ unsigned int __anchor_byte_perm(unsigned int x, unsigned int y,
                                                      unsigned int s) {
  unsigned int r = 0;
  for (int n = 0; n < 4; n++) {
    unsigned int sel = s >> (4 * n);
    unsigned int word = sel & 4 ? y : x;
    r |= (word >> (8 * (sel & 3)) & 0xffu) << (8 * n);
  }
  return r;
}

// Position of the n-th (n >= 1) set bit of m, counting from bit 0; 32 if m
// has fewer than n. Five halving steps: where the low half of the window
// holds fewer than n set bits, skip it (popcount, compare, select: no loop
// over bits).
static __device__ unsigned int nth_set_bit(unsigned int m, unsigned int n) {
  if ((unsigned int)__builtin_popcount(m) < n) return 32;
  unsigned int pos = 0;
  for (int w = 16; w >= 1; w >>= 1) {
    unsigned int low = (unsigned int)__builtin_popcount(m & ((1u << w) - 1));
    bool skip = n > low;
    n -= skip ? low : 0;
    m >>= skip ? w : 0;
    pos += skip ? w : 0;
  }
  return pos;
}

// __fns (PTX fns): offset > 0 counts set bits upward from base (base
// included), offset < 0 downward, offset 0 tests bit base alone; 0xffffffff
// when there are not that many. The downward search is the upward one on the
// bits at and below base, reversed (bit base becomes bit 0). base > 31 is
// undefined in CUDA; here it is taken mod 32.
extern "C" __device__ unsigned int __anchor_fns(unsigned int mask, unsigned int base, int offset) {
  base &= 31;
  if (offset == 0) return mask >> base & 1 ? base : 0xffffffffu;
  unsigned int n = offset > 0 ? (unsigned int)offset : 0u - (unsigned int)offset;
  unsigned int window = offset > 0 ? mask >> base : __builtin_bitreverse32(mask << (31 - base));
  unsigned int p = nth_set_bit(window, n);
  if (p == 32) return 0xffffffffu;
  return offset > 0 ? base + p : base - p;
}

// Byte order reversed (__nv_bswap16/32/64): llvm.bswap.
extern "C" __device__ unsigned short __anchor_nv_bswap16(unsigned short x) {
  return __builtin_bswap16(x);
}

extern "C" __device__ unsigned int __anchor_nv_bswap32(unsigned int x) {
  return __builtin_bswap32(x);
}

extern "C" __device__ unsigned long long __anchor_nv_bswap64(unsigned long long x) {
  return __builtin_bswap64(x);
}

// ---- funnel shifts: the 64 bits hi:lo shifted, one 32-bit half kept ----------------------
// In 32-bit operations (the idiom LLVM turns into llvm.fshl/fshr, which the
// backend emits as 32-bit shifts): n = 0 keeps hi (left) or lo (right); the
// clamped forms give lo (left) or hi (right) for shift >= 32.

static __device__ unsigned int shift_left(unsigned int lo, unsigned int hi, unsigned int n) {
  return n ? hi << n | lo >> (32 - n) : hi; // n < 32
}

static __device__ unsigned int shift_right(unsigned int lo, unsigned int hi, unsigned int n) {
  return n ? lo >> n | hi << (32 - n) : lo; // n < 32
}

extern "C" __device__ unsigned int __anchor_funnelshift_l(unsigned int lo, unsigned int hi,
                                                          unsigned int shift) {
  return shift_left(lo, hi, shift & 31);
}

extern "C" __device__ unsigned int __anchor_funnelshift_lc(unsigned int lo, unsigned int hi,
                                                           unsigned int shift) {
  return shift < 32 ? shift_left(lo, hi, shift) : lo;
}

extern "C" __device__ unsigned int __anchor_funnelshift_r(unsigned int lo, unsigned int hi,
                                                          unsigned int shift) {
  return shift_right(lo, hi, shift & 31);
}

extern "C" __device__ unsigned int __anchor_funnelshift_rc(unsigned int lo, unsigned int hi,
                                                           unsigned int shift) {
  return shift < 32 ? shift_right(lo, hi, shift) : hi;
}

// ---- multiplies -------------------------------------------------------------------------

// The low 32 bits of the product of the sign-extended low 24 bits.
extern "C" __device__ int __anchor_mul24(int x, int y) {
  int x24 = (int)((unsigned int)x << 8) >> 8, y24 = (int)((unsigned int)y << 8) >> 8;
  return (int)(unsigned int)((long long)x24 * y24);
}

extern "C" __device__ unsigned int __anchor_umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}

extern "C" __device__ int __anchor_mulhi(int x, int y) {
  return (int)(((long long)x * y) >> 32);
}

extern "C" __device__ unsigned int __anchor_umulhi(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x * y) >> 32);
}

// High 64 bits of the 128-bit product, from four 32x32->64 partial products
// (x = x1:x0, y = y1:y0): the middle column is summed below 2^34, so its
// carry into the high word is exact.
extern "C" __device__ unsigned long long __anchor_umul64hi(unsigned long long x,
                                                           unsigned long long y) {
  unsigned long long x0 = x & 0xffffffffu, x1 = x >> 32, y0 = y & 0xffffffffu, y1 = y >> 32;
  unsigned long long p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
  unsigned long long mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

// Signed: x*y = ux*uy - 2^64 (x<0 ? y : 0) - 2^64 (y<0 ? x : 0) (mod 2^128),
// ux, uy the unsigned readings of the bits.
extern "C" __device__ long long __anchor_mul64hi(long long x, long long y) {
  unsigned long long ux = (unsigned long long)x, uy = (unsigned long long)y;
  unsigned long long hi = __anchor_umul64hi(ux, uy);
  hi -= (unsigned long long)(x >> 63) & uy;
  hi -= (unsigned long long)(y >> 63) & ux;
  return (long long)hi;
}

// ---- averages and sums of absolute differences -----------------------------------------
// x + y = 2 (x & y) + (x ^ y) = 2 (x | y) - (x ^ y): halving without the
// 33rd bit. The shifts of signed values are arithmetic (floor).

extern "C" __device__ int __anchor_hadd(int x, int y) {
  return (x & y) + ((x ^ y) >> 1); // floor((x + y) / 2)
}

extern "C" __device__ int __anchor_rhadd(int x, int y) {
  return (x | y) - ((x ^ y) >> 1); // floor((x + y + 1) / 2)
}

extern "C" __device__ unsigned int __anchor_uhadd(unsigned int x, unsigned int y) {
  return (x & y) + ((x ^ y) >> 1);
}

extern "C" __device__ unsigned int __anchor_urhadd(unsigned int x, unsigned int y) {
  return (x | y) - ((x ^ y) >> 1);
}

// |x - y| + z mod 2^32; |x - y| < 2^32 is exact as an unsigned difference.
extern "C" __device__ unsigned int __anchor_sad(int x, int y, unsigned int z) {
  unsigned int d = x > y ? (unsigned int)x - (unsigned int)y : (unsigned int)y - (unsigned int)x;
  return d + z;
}

extern "C" __device__ unsigned int __anchor_usad(unsigned int x, unsigned int y, unsigned int z) {
  return (x > y ? x - y : y - x) + z;
}

// ---- dot products ------------------------------------------------------------------------
// Lanes taken apart by shifts (sign- or zero-extended), products summed with
// the accumulator mod 2^32.

static __device__ int sbyte(unsigned int v, int n) {
  return (int)(v << (24 - 8 * n)) >> 24;
}

static __device__ int shalf(unsigned int v, int n) {
  return (int)(v << (16 - 16 * n)) >> 16;
}

extern "C" __device__ int __anchor_dp4a(int a, int b, int c) {
  unsigned int ua = (unsigned int)a, ub = (unsigned int)b;
  int s = sbyte(ua, 0) * sbyte(ub, 0) + sbyte(ua, 1) * sbyte(ub, 1) + sbyte(ua, 2) * sbyte(ub, 2) +
          sbyte(ua, 3) * sbyte(ub, 3); // |s| <= 4 * 2^14
  return (int)((unsigned int)s + (unsigned int)c);
}

extern "C" __device__ unsigned int __anchor_udp4a(unsigned int a, unsigned int b, unsigned int c) {
  return (a & 0xffu) * (b & 0xffu) + (a >> 8 & 0xffu) * (b >> 8 & 0xffu) +
         (a >> 16 & 0xffu) * (b >> 16 & 0xffu) + (a >> 24) * (b >> 24) + c;
}

// Halfwords of a times bytes 0, 1 (lo) or 2, 3 (hi) of b.
extern "C" __device__ int __anchor_dp2a_lo(int a, int b, int c) {
  unsigned int ua = (unsigned int)a, ub = (unsigned int)b;
  int s = shalf(ua, 0) * sbyte(ub, 0) + shalf(ua, 1) * sbyte(ub, 1); // |s| <= 2^23
  return (int)((unsigned int)s + (unsigned int)c);
}

extern "C" __device__ int __anchor_dp2a_hi(int a, int b, int c) {
  unsigned int ua = (unsigned int)a, ub = (unsigned int)b;
  int s = shalf(ua, 0) * sbyte(ub, 2) + shalf(ua, 1) * sbyte(ub, 3);
  return (int)((unsigned int)s + (unsigned int)c);
}

extern "C" __device__ unsigned int __anchor_udp2a_lo(unsigned int a, unsigned int b,
                                                     unsigned int c) {
  return (a & 0xffffu) * (b & 0xffu) + (a >> 16) * (b >> 8 & 0xffu) + c;
}

extern "C" __device__ unsigned int __anchor_udp2a_hi(unsigned int a, unsigned int b,
                                                     unsigned int c) {
  return (a & 0xffffu) * (b >> 16 & 0xffu) + (a >> 16) * (b >> 24) + c;
}

// ---- SIMD within a word -----------------------------------------------------------------
// A word holds 4 byte lanes (functions ending in 4) or 2 halfword lanes
// (ending in 2). h has each lane's top bit set (0x80808080 or 0x80008000),
// t = lane width - 1. Lane-wise add: the low bits of every lane added with
// the top bits masked off cannot carry into the next lane; the top bits are
// then the xor of the operands' top bits and that carry. Lane-wise subtract
// likewise, with the top bits forced to 1 in a so that no lane borrows from
// the next. Comparisons give a word with only lane top bits set ("bits");
// full() widens that to whole lanes (0x80 - 0x01 | 0x80 = 0xff, within the
// lane).

#define H4 0x80808080u
#define H2 0x80008000u

static __device__ unsigned int swar_add(unsigned int a, unsigned int b, unsigned int h) {
  return ((a & ~h) + (b & ~h)) ^ ((a ^ b) & h);
}

static __device__ unsigned int swar_sub(unsigned int a, unsigned int b, unsigned int h) {
  return ((a | h) - (b & ~h)) ^ ((a ^ ~b) & h);
}

static __device__ unsigned int full(unsigned int m, int t) {
  return (m - (m >> t)) | m;
}

static __device__ unsigned int pick(unsigned int m, unsigned int x, unsigned int y) {
  return (x & m) | (y & ~m);
}

// Top bit of each lane where a < b (unsigned): the borrow out of the lane's
// top bit in a - b, from a's and b's top bits and the difference's.
static __device__ unsigned int ltu_bits(unsigned int a, unsigned int b, unsigned int h) {
  unsigned int d = swar_sub(a, b, h);
  return ((~a & b) | (~(a ^ b) & d)) & h;
}

// Signed: the unsigned order of the values with their sign bits flipped.
static __device__ unsigned int lts_bits(unsigned int a, unsigned int b, unsigned int h) {
  return ltu_bits(a ^ h, b ^ h, h);
}

// Top bit of each lane where a != b: the lane of a ^ b is not zero.
static __device__ unsigned int ne_bits(unsigned int a, unsigned int b, unsigned int h) {
  unsigned int x = a ^ b;
  return (((x & ~h) + ~h) | x) & h;
}

// Sum of the lanes of v (4 bytes or 2 halfwords), each taken unsigned.
static __device__ unsigned int lane_sum(unsigned int v, unsigned int h) {
  if (h == H4) v = (v & 0x00ff00ffu) + (v >> 8 & 0x00ff00ffu);
  return (v & 0xffffu) + (v >> 16);
}

static __device__ unsigned int v_neg(unsigned int a, unsigned int h) {
  return swar_sub(0, a, h);
}

// |a| per lane: a negated where negative (a ^ m) - m with m the lane mask;
// the most negative lane stays as it is (wrap-around).
static __device__ unsigned int v_abs(unsigned int a, unsigned int h, int t) {
  unsigned int m = full(a & h, t);
  return swar_sub(a ^ m, m, h);
}

// |a - b| per lane, exact in the lane's unsigned range (0 .. 2^w - 1):
// a - b mod 2^w, negated where a < b.
static __device__ unsigned int v_absdiff(unsigned int a, unsigned int b, unsigned int lt,
                                         unsigned int h, int t) {
  unsigned int m = full(lt, t);
  return swar_sub(swar_sub(a, b, h) ^ m, m, h);
}

// Signed saturation: where a lane overflowed (the top bits in ov), the
// largest value of a's sign (0x7f + 1 = 0x80 for a negative lane).
static __device__ unsigned int saturate_signed(unsigned int r, unsigned int a, unsigned int ov,
                                               unsigned int h, int t) {
  unsigned int limit = ((a & h) >> t) + ~h;
  return pick(full(ov, t), limit, r);
}

static __device__ unsigned int v_addss(unsigned int a, unsigned int b, unsigned int h, int t) {
  unsigned int s = swar_add(a, b, h);
  return saturate_signed(s, a, ~(a ^ b) & (a ^ s) & h, h, t);
}

static __device__ unsigned int v_subss(unsigned int a, unsigned int b, unsigned int h, int t) {
  unsigned int d = swar_sub(a, b, h);
  return saturate_signed(d, a, (a ^ b) & (a ^ d) & h, h, t);
}

static __device__ unsigned int v_addus(unsigned int a, unsigned int b, unsigned int h, int t) {
  unsigned int s = swar_add(a, b, h);
  unsigned int carry = ((a & b) | ((a | b) & ~s)) & h;
  return s | full(carry, t);
}

static __device__ unsigned int v_subus(unsigned int a, unsigned int b, unsigned int h, int t) {
  return swar_sub(a, b, h) & ~full(ltu_bits(a, b, h), t);
}

// Unsigned averages: (a + b) >> 1 and (a + b + 1) >> 1 per lane, from
// a + b = 2 (a & b) + (a ^ b) = 2 (a | b) - (a ^ b); lsb has each lane's bit
// 0, dropped before the shift so that no bit moves into the lane below.
static __device__ unsigned int v_haddu(unsigned int a, unsigned int b, unsigned int h, int t) {
  unsigned int lsb = h >> t;
  return (a & b) + (((a ^ b) & ~lsb) >> 1);
}

static __device__ unsigned int v_avgu(unsigned int a, unsigned int b, unsigned int h, int t) {
  unsigned int lsb = h >> t;
  return (a | b) - (((a ^ b) & ~lsb) >> 1);
}

// Signed rounded average, halves rounded away from zero: f = floor((a+b)/2)
// = (a & b) + ((a ^ b) >> 1), the shift arithmetic within each lane (the
// lane's top bit kept), exact in the lane's range; then +1 where a + b is odd
// and f >= 0 (f < 2^(w-1) - 1 then, so the lane cannot overflow).
static __device__ unsigned int v_avgs(unsigned int a, unsigned int b, unsigned int h, int t) {
  unsigned int lsb = h >> t, x = a ^ b;
  unsigned int half = ((x & ~lsb) >> 1) | (x & h);
  unsigned int f = swar_add(a & b, half, h);
  return f + (x & ~(f >> t) & lsb);
}

// The SIMD functions of one lane width: NAME ## N, h and t for that width.
#define ANCHOR_SIMD_FUNCTIONS(N, h, t)                                                             \
  extern "C" __device__ unsigned int __anchor_vabs##N(unsigned int a) {                            \
    return v_abs(a, h, t);                                                                         \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vabsss##N(unsigned int a) {                          \
    unsigned int r = v_abs(a, h, t); /* only the most negative lane keeps its top bit */           \
    return r - ((r & h) >> t);                                                                     \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vneg##N(unsigned int a) {                            \
    return v_neg(a, h);                                                                            \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vnegss##N(unsigned int a) {                          \
    unsigned int r = v_neg(a, h); /* negative both before and after: the most negative lane */     \
    return r - ((r & a & h) >> t);                                                                 \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vabsdiffs##N(unsigned int a, unsigned int b) {       \
    return v_absdiff(a, b, lts_bits(a, b, h), h, t);                                               \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vabsdiffu##N(unsigned int a, unsigned int b) {       \
    return v_absdiff(a, b, ltu_bits(a, b, h), h, t);                                               \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vsads##N(unsigned int a, unsigned int b) {           \
    return lane_sum(v_absdiff(a, b, lts_bits(a, b, h), h, t), h);                                  \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vsadu##N(unsigned int a, unsigned int b) {           \
    return lane_sum(v_absdiff(a, b, ltu_bits(a, b, h), h, t), h);                                  \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vadd##N(unsigned int a, unsigned int b) {            \
    return swar_add(a, b, h);                                                                      \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vsub##N(unsigned int a, unsigned int b) {            \
    return swar_sub(a, b, h);                                                                      \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vaddss##N(unsigned int a, unsigned int b) {          \
    return v_addss(a, b, h, t);                                                                    \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vsubss##N(unsigned int a, unsigned int b) {          \
    return v_subss(a, b, h, t);                                                                    \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vaddus##N(unsigned int a, unsigned int b) {          \
    return v_addus(a, b, h, t);                                                                    \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vsubus##N(unsigned int a, unsigned int b) {          \
    return v_subus(a, b, h, t);                                                                    \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vavgs##N(unsigned int a, unsigned int b) {           \
    return v_avgs(a, b, h, t);                                                                     \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vavgu##N(unsigned int a, unsigned int b) {           \
    return v_avgu(a, b, h, t);                                                                     \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vhaddu##N(unsigned int a, unsigned int b) {          \
    return v_haddu(a, b, h, t);                                                                    \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vmaxs##N(unsigned int a, unsigned int b) {           \
    return pick(full(lts_bits(a, b, h), t), b, a);                                                 \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vmaxu##N(unsigned int a, unsigned int b) {           \
    return pick(full(ltu_bits(a, b, h), t), b, a);                                                 \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vmins##N(unsigned int a, unsigned int b) {           \
    return pick(full(lts_bits(a, b, h), t), a, b);                                                 \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vminu##N(unsigned int a, unsigned int b) {           \
    return pick(full(ltu_bits(a, b, h), t), a, b);                                                 \
  }                                                                                                \
  ANCHOR_SIMD_COMPARE(N, eq, ~ne_bits(a, b, h) & h, t)                                             \
  ANCHOR_SIMD_COMPARE(N, ne, ne_bits(a, b, h), t)                                                  \
  ANCHOR_SIMD_COMPARE(N, lts, lts_bits(a, b, h), t)                                                \
  ANCHOR_SIMD_COMPARE(N, ltu, ltu_bits(a, b, h), t)                                                \
  ANCHOR_SIMD_COMPARE(N, gts, lts_bits(b, a, h), t)                                                \
  ANCHOR_SIMD_COMPARE(N, gtu, ltu_bits(b, a, h), t)                                                \
  ANCHOR_SIMD_COMPARE(N, les, ~lts_bits(b, a, h) & h, t)                                           \
  ANCHOR_SIMD_COMPARE(N, leu, ~ltu_bits(b, a, h) & h, t)                                           \
  ANCHOR_SIMD_COMPARE(N, ges, ~lts_bits(a, b, h) & h, t)                                           \
  ANCHOR_SIMD_COMPARE(N, geu, ~ltu_bits(a, b, h) & h, t)

// __vcmpXX: all ones in each lane where the comparison holds; __vsetXX: 1.
#define ANCHOR_SIMD_COMPARE(N, op, bits, t)                                                        \
  extern "C" __device__ unsigned int __anchor_vcmp##op##N(unsigned int a, unsigned int b) {        \
    return full(bits, t);                                                                          \
  }                                                                                                \
  extern "C" __device__ unsigned int __anchor_vset##op##N(unsigned int a, unsigned int b) {        \
    return (bits) >> t;                                                                            \
  }

ANCHOR_SIMD_FUNCTIONS(4, H4, 7)
ANCHOR_SIMD_FUNCTIONS(2, H2, 15)

#undef ANCHOR_SIMD_FUNCTIONS
#undef ANCHOR_SIMD_COMPARE

// ---- DPX (CUDA 12): three-way min/max, add then min/max, ReLU, min/max with
// which-operand predicates -----------------------------------------------------------------
// 32-bit forms are plain compares (llvm.smax & co: MSL selects); the 16x2
// forms are halfword SWAR as above. Sums wrap around.

static __device__ int max_s32(int a, int b) {
  return a > b ? a : b;
}
static __device__ int min_s32(int a, int b) {
  return a < b ? a : b;
}
static __device__ unsigned int max_u32(unsigned int a, unsigned int b) {
  return a > b ? a : b;
}
static __device__ unsigned int min_u32(unsigned int a, unsigned int b) {
  return a < b ? a : b;
}
static __device__ int wrap_add(int a, int b) {
  return (int)((unsigned int)a + (unsigned int)b);
}

static __device__ unsigned int max_s16x2(unsigned int a, unsigned int b) {
  return pick(full(lts_bits(a, b, H2), 15), b, a);
}
static __device__ unsigned int min_s16x2(unsigned int a, unsigned int b) {
  return pick(full(lts_bits(a, b, H2), 15), a, b);
}
static __device__ unsigned int max_u16x2(unsigned int a, unsigned int b) {
  return pick(full(ltu_bits(a, b, H2), 15), b, a);
}
static __device__ unsigned int min_u16x2(unsigned int a, unsigned int b) {
  return pick(full(ltu_bits(a, b, H2), 15), a, b);
}
// max(lane, 0): negative lanes cleared.
static __device__ unsigned int relu_s16x2(unsigned int a) {
  return a & ~full(a & H2, 15);
}

extern "C" __device__ int __anchor_vimax3_s32(int a, int b, int c) {
  return max_s32(max_s32(a, b), c);
}
extern "C" __device__ unsigned int __anchor_vimax3_u32(unsigned int a, unsigned int b,
                                                       unsigned int c) {
  return max_u32(max_u32(a, b), c);
}
extern "C" __device__ unsigned int __anchor_vimax3_s16x2(unsigned int a, unsigned int b,
                                                         unsigned int c) {
  return max_s16x2(max_s16x2(a, b), c);
}
extern "C" __device__ unsigned int __anchor_vimax3_u16x2(unsigned int a, unsigned int b,
                                                         unsigned int c) {
  return max_u16x2(max_u16x2(a, b), c);
}
extern "C" __device__ int __anchor_vimin3_s32(int a, int b, int c) {
  return min_s32(min_s32(a, b), c);
}
extern "C" __device__ unsigned int __anchor_vimin3_u32(unsigned int a, unsigned int b,
                                                       unsigned int c) {
  return min_u32(min_u32(a, b), c);
}
extern "C" __device__ unsigned int __anchor_vimin3_s16x2(unsigned int a, unsigned int b,
                                                         unsigned int c) {
  return min_s16x2(min_s16x2(a, b), c);
}
extern "C" __device__ unsigned int __anchor_vimin3_u16x2(unsigned int a, unsigned int b,
                                                         unsigned int c) {
  return min_u16x2(min_u16x2(a, b), c);
}
extern "C" __device__ int __anchor_vimax3_s32_relu(int a, int b, int c) {
  return max_s32(max_s32(max_s32(a, b), c), 0);
}
extern "C" __device__ unsigned int __anchor_vimax3_s16x2_relu(unsigned int a, unsigned int b,
                                                              unsigned int c) {
  return relu_s16x2(max_s16x2(max_s16x2(a, b), c));
}
extern "C" __device__ int __anchor_vimin3_s32_relu(int a, int b, int c) {
  return max_s32(min_s32(min_s32(a, b), c), 0);
}
extern "C" __device__ unsigned int __anchor_vimin3_s16x2_relu(unsigned int a, unsigned int b,
                                                              unsigned int c) {
  return relu_s16x2(min_s16x2(min_s16x2(a, b), c));
}
extern "C" __device__ int __anchor_vimax_s32_relu(int a, int b) {
  return max_s32(max_s32(a, b), 0);
}
extern "C" __device__ unsigned int __anchor_vimax_s16x2_relu(unsigned int a, unsigned int b) {
  return relu_s16x2(max_s16x2(a, b));
}
extern "C" __device__ int __anchor_vimin_s32_relu(int a, int b) {
  return max_s32(min_s32(a, b), 0);
}
extern "C" __device__ unsigned int __anchor_vimin_s16x2_relu(unsigned int a, unsigned int b) {
  return relu_s16x2(min_s16x2(a, b));
}

extern "C" __device__ int __anchor_viaddmax_s32(int a, int b, int c) {
  return max_s32(wrap_add(a, b), c);
}
extern "C" __device__ int __anchor_viaddmax_s32_relu(int a, int b, int c) {
  return max_s32(max_s32(wrap_add(a, b), c), 0);
}
extern "C" __device__ unsigned int __anchor_viaddmax_u32(unsigned int a, unsigned int b,
                                                         unsigned int c) {
  return max_u32(a + b, c);
}
extern "C" __device__ unsigned int __anchor_viaddmax_s16x2(unsigned int a, unsigned int b,
                                                           unsigned int c) {
  return max_s16x2(swar_add(a, b, H2), c);
}
extern "C" __device__ unsigned int __anchor_viaddmax_s16x2_relu(unsigned int a, unsigned int b,
                                                                unsigned int c) {
  return relu_s16x2(max_s16x2(swar_add(a, b, H2), c));
}
extern "C" __device__ unsigned int __anchor_viaddmax_u16x2(unsigned int a, unsigned int b,
                                                           unsigned int c) {
  return max_u16x2(swar_add(a, b, H2), c);
}
extern "C" __device__ int __anchor_viaddmin_s32(int a, int b, int c) {
  return min_s32(wrap_add(a, b), c);
}
extern "C" __device__ int __anchor_viaddmin_s32_relu(int a, int b, int c) {
  return max_s32(min_s32(wrap_add(a, b), c), 0);
}
extern "C" __device__ unsigned int __anchor_viaddmin_u32(unsigned int a, unsigned int b,
                                                         unsigned int c) {
  return min_u32(a + b, c);
}
extern "C" __device__ unsigned int __anchor_viaddmin_s16x2(unsigned int a, unsigned int b,
                                                           unsigned int c) {
  return min_s16x2(swar_add(a, b, H2), c);
}
extern "C" __device__ unsigned int __anchor_viaddmin_s16x2_relu(unsigned int a, unsigned int b,
                                                                unsigned int c) {
  return relu_s16x2(min_s16x2(swar_add(a, b, H2), c));
}
extern "C" __device__ unsigned int __anchor_viaddmin_u16x2(unsigned int a, unsigned int b,
                                                           unsigned int c) {
  return min_u16x2(swar_add(a, b, H2), c);
}

// __vibmax/__vibmin: the result in the low 32 bits, the predicates above
// (bit 32: a >= b for max, a <= b for min; 16x2: bit 32 the low halfword's,
// bit 33 the high halfword's). The header's wrappers store them.
static __device__ unsigned long long with_preds(unsigned int r, unsigned int p) {
  return (unsigned long long)p << 32 | r;
}
// Halfword predicate bits (bit 15, bit 31) as bits 0 and 1.
static __device__ unsigned int pred2(unsigned int bits) {
  return (bits >> 15 & 1u) | (bits >> 30 & 2u);
}

extern "C" __device__ unsigned long long __anchor_vibmax_s32(int a, int b) {
  return with_preds((unsigned int)max_s32(a, b), a >= b);
}
extern "C" __device__ unsigned long long __anchor_vibmax_u32(unsigned int a, unsigned int b) {
  return with_preds(max_u32(a, b), a >= b);
}
extern "C" __device__ unsigned long long __anchor_vibmin_s32(int a, int b) {
  return with_preds((unsigned int)min_s32(a, b), a <= b);
}
extern "C" __device__ unsigned long long __anchor_vibmin_u32(unsigned int a, unsigned int b) {
  return with_preds(min_u32(a, b), a <= b);
}
extern "C" __device__ unsigned long long __anchor_vibmax_s16x2(unsigned int a, unsigned int b) {
  unsigned int lt = lts_bits(a, b, H2);
  return with_preds(pick(full(lt, 15), b, a), pred2(~lt & H2));
}
extern "C" __device__ unsigned long long __anchor_vibmax_u16x2(unsigned int a, unsigned int b) {
  unsigned int lt = ltu_bits(a, b, H2);
  return with_preds(pick(full(lt, 15), b, a), pred2(~lt & H2));
}
extern "C" __device__ unsigned long long __anchor_vibmin_s16x2(unsigned int a, unsigned int b) {
  unsigned int gt = lts_bits(b, a, H2);
  return with_preds(pick(full(gt, 15), b, a), pred2(~gt & H2));
}
extern "C" __device__ unsigned long long __anchor_vibmin_u16x2(unsigned int a, unsigned int b) {
  unsigned int gt = ltu_bits(b, a, H2);
  return with_preds(pick(full(gt, 15), b, a), pred2(~gt & H2));
}
