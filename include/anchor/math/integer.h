/* anchor/math/integer.h — part of anchor/math_functions.h: the integer intrinsics of the CUDA
 * Math API ("Integer Intrinsics", "SIMD Intrinsics" with CUDA 12's DPX functions), all exact
 * (devlib/integer.cu). Written from the CUDA Math API documentation; where it leaves a case
 * open, the contract below says which reading Anchor implements. */
#ifndef ANCHOR_MATH_INTEGER_H
#define ANCHOR_MATH_INTEGER_H
#pragma GCC system_header

/* ---- bits ------------------------------------------------------------------------------- */
ANCHOR_DEVLIB int __anchor_popc(unsigned int x); /* number of set bits */
ANCHOR_DEVLIB int __anchor_popcll(unsigned long long x);
ANCHOR_DEVLIB int __anchor_clz(int x);         /* leading zero bits; 32 for 0 */
ANCHOR_DEVLIB int __anchor_clzll(long long x); /* 64 for 0 */
ANCHOR_DEVLIB int __anchor_ffs(int x);         /* lowest set bit, from 1; 0 for 0 */
ANCHOR_DEVLIB int __anchor_ffsll(long long x);
ANCHOR_DEVLIB unsigned int __anchor_brev(unsigned int x); /* bit n of the result: bit 31-n */
ANCHOR_DEVLIB unsigned long long __anchor_brevll(unsigned long long x);
/* Byte n of the result is byte s<4n+2:4n> of the 8 bytes y:x (x<7:0> is byte 0,
 * y<31:24> byte 7); the other bits of s are ignored. */
ANCHOR_DEVLIB unsigned int __anchor_byte_perm(unsigned int x, unsigned int y, unsigned int s);
/* PTX fns: the position of the |offset|-th set bit of mask counted from bit base (included),
 * upward for offset > 0, downward for offset < 0; offset 0: base if bit base is set; 0xffffffff
 * when there is none. base > 31 (undefined in CUDA) is taken mod 32. */
ANCHOR_DEVLIB unsigned int __anchor_fns(unsigned int mask, unsigned int base, int offset);
ANCHOR_DEVLIB unsigned short __anchor_nv_bswap16(unsigned short x); /* bytes reversed */
ANCHOR_DEVLIB unsigned int __anchor_nv_bswap32(unsigned int x);
ANCHOR_DEVLIB unsigned long long __anchor_nv_bswap64(unsigned long long x);

/* Funnel shifts of the 64 bits hi:lo: _l keeps the high 32 bits of hi:lo << n, _r the low 32
 * bits of hi:lo >> n; n = shift & 31 (wrapping), or min(shift, 32) for _lc/_rc (clamping: 32
 * gives lo for _lc, hi for _rc). */
ANCHOR_DEVLIB unsigned int __anchor_funnelshift_l(unsigned int lo, unsigned int hi,
                                                  unsigned int shift);
ANCHOR_DEVLIB unsigned int __anchor_funnelshift_lc(unsigned int lo, unsigned int hi,
                                                   unsigned int shift);
ANCHOR_DEVLIB unsigned int __anchor_funnelshift_r(unsigned int lo, unsigned int hi,
                                                  unsigned int shift);
ANCHOR_DEVLIB unsigned int __anchor_funnelshift_rc(unsigned int lo, unsigned int hi,
                                                   unsigned int shift);

/* ---- multiplies, averages, sums of absolute differences ---------------------------------- */
/* The low 32 bits of the product of x's and y's low 24 bits (sign-extended for __mul24). */
ANCHOR_DEVLIB int __anchor_mul24(int x, int y);
ANCHOR_DEVLIB unsigned int __anchor_umul24(unsigned int x, unsigned int y);
/* The high half of the full product. */
ANCHOR_DEVLIB int __anchor_mulhi(int x, int y);
ANCHOR_DEVLIB unsigned int __anchor_umulhi(unsigned int x, unsigned int y);
ANCHOR_DEVLIB long long __anchor_mul64hi(long long x, long long y);
ANCHOR_DEVLIB unsigned long long __anchor_umul64hi(unsigned long long x, unsigned long long y);
/* Averages without overflow: (x + y) >> 1 (__hadd, __uhadd) and (x + y + 1) >> 1 (__rhadd,
 * __urhadd) of the exact 33-bit sum; signed ones round toward minus infinity. */
ANCHOR_DEVLIB int __anchor_hadd(int x, int y);
ANCHOR_DEVLIB int __anchor_rhadd(int x, int y);
ANCHOR_DEVLIB unsigned int __anchor_uhadd(unsigned int x, unsigned int y);
ANCHOR_DEVLIB unsigned int __anchor_urhadd(unsigned int x, unsigned int y);
/* |x - y| + z mod 2^32, |x - y| exact. */
ANCHOR_DEVLIB unsigned int __anchor_sad(int x, int y, unsigned int z);
ANCHOR_DEVLIB unsigned int __anchor_usad(unsigned int x, unsigned int y, unsigned int z);

/* Dot products with 32-bit accumulate (mod 2^32): __dp4a sums the products of the four bytes
 * of a and b; __dp2a_lo/_hi those of the two halfwords of a with bytes 0, 1 (_lo) or 2, 3
 * (_hi) of b. Lanes signed for the int forms (__anchor_dp*), unsigned for the unsigned ones
 * (__anchor_udp*). */
ANCHOR_DEVLIB int __anchor_dp4a(int a, int b, int c);
ANCHOR_DEVLIB unsigned int __anchor_udp4a(unsigned int a, unsigned int b, unsigned int c);
ANCHOR_DEVLIB int __anchor_dp2a_lo(int a, int b, int c);
ANCHOR_DEVLIB int __anchor_dp2a_hi(int a, int b, int c);
ANCHOR_DEVLIB unsigned int __anchor_udp2a_lo(unsigned int a, unsigned int b, unsigned int c);
ANCHOR_DEVLIB unsigned int __anchor_udp2a_hi(unsigned int a, unsigned int b, unsigned int c);

ANCHOR_MATH int __popc(unsigned int x) {
  return __anchor_popc(x);
}
ANCHOR_MATH int __popcll(unsigned long long x) {
  return __anchor_popcll(x);
}
ANCHOR_MATH int __clz(int x) {
  return __anchor_clz(x);
}
ANCHOR_MATH int __clzll(long long x) {
  return __anchor_clzll(x);
}
ANCHOR_MATH int __ffs(int x) {
  return __anchor_ffs(x);
}
ANCHOR_MATH int __ffsll(long long x) {
  return __anchor_ffsll(x);
}
ANCHOR_MATH unsigned int __brev(unsigned int x) {
  return __anchor_brev(x);
}
ANCHOR_MATH unsigned long long __brevll(unsigned long long x) {
  return __anchor_brevll(x);
}
ANCHOR_MATH unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  return __anchor_byte_perm(x, y, s);
}
ANCHOR_MATH unsigned __fns(unsigned mask, unsigned base, int offset) {
  return __anchor_fns(mask, base, offset);
}
/* __nv_bswap*: host and device functions in CUDA; the host's are the compiler's builtins. */
ANCHOR_MATH unsigned short __nv_bswap16(unsigned short x) {
  return __anchor_nv_bswap16(x);
}
ANCHOR_MATH unsigned int __nv_bswap32(unsigned int x) {
  return __anchor_nv_bswap32(x);
}
ANCHOR_MATH unsigned long long __nv_bswap64(unsigned long long x) {
  return __anchor_nv_bswap64(x);
}
static __host__ __inline__ unsigned short __nv_bswap16(unsigned short x) {
  return __builtin_bswap16(x);
}
static __host__ __inline__ unsigned int __nv_bswap32(unsigned int x) {
  return __builtin_bswap32(x);
}
static __host__ __inline__ unsigned long long __nv_bswap64(unsigned long long x) {
  return __builtin_bswap64(x);
}
ANCHOR_MATH unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  return __anchor_funnelshift_l(lo, hi, shift);
}
ANCHOR_MATH unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
  return __anchor_funnelshift_lc(lo, hi, shift);
}
ANCHOR_MATH unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  return __anchor_funnelshift_r(lo, hi, shift);
}
ANCHOR_MATH unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
  return __anchor_funnelshift_rc(lo, hi, shift);
}
ANCHOR_MATH int __mul24(int x, int y) {
  return __anchor_mul24(x, y);
}
ANCHOR_MATH unsigned int __umul24(unsigned int x, unsigned int y) {
  return __anchor_umul24(x, y);
}
ANCHOR_MATH int __mulhi(int x, int y) {
  return __anchor_mulhi(x, y);
}
ANCHOR_MATH unsigned int __umulhi(unsigned int x, unsigned int y) {
  return __anchor_umulhi(x, y);
}
ANCHOR_MATH long long __mul64hi(long long x, long long y) {
  return __anchor_mul64hi(x, y);
}
ANCHOR_MATH unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return __anchor_umul64hi(x, y);
}
ANCHOR_MATH int __hadd(int x, int y) {
  return __anchor_hadd(x, y);
}
ANCHOR_MATH int __rhadd(int x, int y) {
  return __anchor_rhadd(x, y);
}
ANCHOR_MATH unsigned int __uhadd(unsigned int x, unsigned int y) {
  return __anchor_uhadd(x, y);
}
ANCHOR_MATH unsigned int __urhadd(unsigned int x, unsigned int y) {
  return __anchor_urhadd(x, y);
}
ANCHOR_MATH unsigned int __sad(int x, int y, unsigned int z) {
  return __anchor_sad(x, y, z);
}
ANCHOR_MATH unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return __anchor_usad(x, y, z);
}

/* The vector forms pack their lanes into a word (x in the low byte or halfword). */
#define ANCHOR_PACK4(v)                                                                            \
  ((unsigned int)(unsigned char)(v).x | (unsigned int)(unsigned char)(v).y << 8 |                  \
   (unsigned int)(unsigned char)(v).z << 16 | (unsigned int)(unsigned char)(v).w << 24)
#define ANCHOR_PACK2(v)                                                                            \
  ((unsigned int)(unsigned short)(v).x | (unsigned int)(unsigned short)(v).y << 16)
ANCHOR_MATH int __dp4a(int a, int b, int c) {
  return __anchor_dp4a(a, b, c);
}
ANCHOR_MATH unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
  return __anchor_udp4a(a, b, c);
}
ANCHOR_MATH int __dp4a(char4 a, char4 b, int c) {
  return __anchor_dp4a((int)ANCHOR_PACK4(a), (int)ANCHOR_PACK4(b), c);
}
ANCHOR_MATH unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
  return __anchor_udp4a(ANCHOR_PACK4(a), ANCHOR_PACK4(b), c);
}
ANCHOR_MATH int __dp2a_lo(int a, int b, int c) {
  return __anchor_dp2a_lo(a, b, c);
}
ANCHOR_MATH unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) {
  return __anchor_udp2a_lo(a, b, c);
}
ANCHOR_MATH int __dp2a_lo(short2 a, char4 b, int c) {
  return __anchor_dp2a_lo((int)ANCHOR_PACK2(a), (int)ANCHOR_PACK4(b), c);
}
ANCHOR_MATH unsigned int __dp2a_lo(ushort2 a, uchar4 b, unsigned int c) {
  return __anchor_udp2a_lo(ANCHOR_PACK2(a), ANCHOR_PACK4(b), c);
}
ANCHOR_MATH int __dp2a_hi(int a, int b, int c) {
  return __anchor_dp2a_hi(a, b, c);
}
ANCHOR_MATH unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) {
  return __anchor_udp2a_hi(a, b, c);
}
ANCHOR_MATH int __dp2a_hi(short2 a, char4 b, int c) {
  return __anchor_dp2a_hi((int)ANCHOR_PACK2(a), (int)ANCHOR_PACK4(b), c);
}
ANCHOR_MATH unsigned int __dp2a_hi(ushort2 a, uchar4 b, unsigned int c) {
  return __anchor_udp2a_hi(ANCHOR_PACK2(a), ANCHOR_PACK4(b), c);
}
#undef ANCHOR_PACK4
#undef ANCHOR_PACK2

/* ---- SIMD within a word ---------------------------------------------------------------------
 * Functions ending in 4 work on the 4 bytes of their operands, those ending in 2 on the 2
 * halfwords, each lane on its own ("s": lanes signed, "u": unsigned), results packed the same
 * way. Wrapping: vabs, vneg (the most negative lane stays), vadd, vsub. Saturating to the
 * lane's signed range: vabsss, vnegss, vaddss, vsubss; to its unsigned range: vaddus, vsubus.
 * vabsdiffs/u: |a - b| (exact: read unsigned). vavgu: (a + b + 1) >> 1; vhaddu: (a + b) >> 1;
 * vavgs: (a + b) / 2 with halves rounded away from zero. vmax/vmin. vsads/u: the sum of the
 * lanes' |a - b| (a plain integer). vcmpXX: all ones in lanes where a XX b, zero elsewhere;
 * vsetXX: 1 in those lanes (PTX vset2/vset4; the documentation's "returns 1 if all pairs
 * compare" is read per lane). The names give the signedness where the documentation's
 * summaries swap them (__vsetles2 "unsigned", __vsetleu2 "signed"). */
#define ANCHOR_SIMD1(name)                                                                         \
  ANCHOR_DEVLIB unsigned int __anchor_##name(unsigned int a);                                      \
  ANCHOR_MATH unsigned int __##name(unsigned int a) {                                              \
    return __anchor_##name(a);                                                                     \
  }
#define ANCHOR_SIMD2(name)                                                                         \
  ANCHOR_DEVLIB unsigned int __anchor_##name(unsigned int a, unsigned int b);                      \
  ANCHOR_MATH unsigned int __##name(unsigned int a, unsigned int b) {                              \
    return __anchor_##name(a, b);                                                                  \
  }
#define ANCHOR_SIMD_WIDTH(N)                                                                       \
  ANCHOR_SIMD1(vabs##N)                                                                            \
  ANCHOR_SIMD1(vabsss##N)                                                                          \
  ANCHOR_SIMD1(vneg##N)                                                                            \
  ANCHOR_SIMD1(vnegss##N)                                                                          \
  ANCHOR_SIMD2(vabsdiffs##N)                                                                       \
  ANCHOR_SIMD2(vabsdiffu##N)                                                                       \
  ANCHOR_SIMD2(vsads##N)                                                                           \
  ANCHOR_SIMD2(vsadu##N)                                                                           \
  ANCHOR_SIMD2(vadd##N)                                                                            \
  ANCHOR_SIMD2(vsub##N)                                                                            \
  ANCHOR_SIMD2(vaddss##N)                                                                          \
  ANCHOR_SIMD2(vsubss##N)                                                                          \
  ANCHOR_SIMD2(vaddus##N)                                                                          \
  ANCHOR_SIMD2(vsubus##N)                                                                          \
  ANCHOR_SIMD2(vavgs##N)                                                                           \
  ANCHOR_SIMD2(vavgu##N)                                                                           \
  ANCHOR_SIMD2(vhaddu##N)                                                                          \
  ANCHOR_SIMD2(vmaxs##N)                                                                           \
  ANCHOR_SIMD2(vmaxu##N)                                                                           \
  ANCHOR_SIMD2(vmins##N)                                                                           \
  ANCHOR_SIMD2(vminu##N)                                                                           \
  ANCHOR_SIMD2(vcmpeq##N)                                                                          \
  ANCHOR_SIMD2(vcmpne##N)                                                                          \
  ANCHOR_SIMD2(vcmplts##N)                                                                         \
  ANCHOR_SIMD2(vcmpltu##N)                                                                         \
  ANCHOR_SIMD2(vcmples##N)                                                                         \
  ANCHOR_SIMD2(vcmpleu##N)                                                                         \
  ANCHOR_SIMD2(vcmpgts##N)                                                                         \
  ANCHOR_SIMD2(vcmpgtu##N)                                                                         \
  ANCHOR_SIMD2(vcmpges##N)                                                                         \
  ANCHOR_SIMD2(vcmpgeu##N)                                                                         \
  ANCHOR_SIMD2(vseteq##N)                                                                          \
  ANCHOR_SIMD2(vsetne##N)                                                                          \
  ANCHOR_SIMD2(vsetlts##N)                                                                         \
  ANCHOR_SIMD2(vsetltu##N)                                                                         \
  ANCHOR_SIMD2(vsetles##N)                                                                         \
  ANCHOR_SIMD2(vsetleu##N)                                                                         \
  ANCHOR_SIMD2(vsetgts##N)                                                                         \
  ANCHOR_SIMD2(vsetgtu##N)                                                                         \
  ANCHOR_SIMD2(vsetges##N)                                                                         \
  ANCHOR_SIMD2(vsetgeu##N)
ANCHOR_SIMD_WIDTH(2)
ANCHOR_SIMD_WIDTH(4)
#undef ANCHOR_SIMD_WIDTH
#undef ANCHOR_SIMD1
#undef ANCHOR_SIMD2

/* ---- DPX (CUDA 12) ----------------------------------------------------------------------------
 * _s32/_u32: on 32-bit integers; _s16x2/_u16x2: per halfword as the SIMD functions. vimax3,
 * vimin3: max/min of three; vimax, vimin with _relu: max/min of two; _relu: then max with 0.
 * viaddmax/viaddmin: max/min(a + b, c), the sum wrapping around. vibmax/vibmin: max/min(a, b)
 * with *pred = (a >= b) (max) or (a <= b) (min), per halfword in *pred_hi, *pred_lo. */
/* CUDA declares the DPX functions __host__ __device__: the device ones are the library's, the
 * host ones below compute lane by lane. op: 0 max, 1 min; add: a + b (wrapping in the lane)
 * takes a's place and c b's; args: how many operands (2 or 3); w: lane width (32 or 16). */
static __host__ __inline__ long long __anchor_host_lane(unsigned int v, int w, int sign, int n) {
  unsigned int u = w == 32 ? v : (v >> (16 * n)) & 0xffffu;
  if (!sign) return u;
  return w == 32 ? (long long)(int)u : (long long)(short)(unsigned short)u;
}
static __host__ __inline__ long long __anchor_host_pick(int op, long long x, long long y) {
  return (op == 0) == (x > y) ? x : y;
}
static __host__ __inline__ unsigned int __anchor_host_dpx(unsigned int a, unsigned int b,
                                                          unsigned int c, int op, int args, int add,
                                                          int w, int sign, int relu) {
  unsigned int r = 0;
  for (int n = 0; n < 32 / w; n++) {
    unsigned int sum = w == 32 ? a + b : (a >> (16 * n)) + (b >> (16 * n));
    long long x = add ? __anchor_host_lane(w == 32 ? sum : sum & 0xffffu, w, sign, 0)
                      : __anchor_host_lane(a, w, sign, n);
    long long y = __anchor_host_lane(add ? c : b, w, sign, n);
    long long m = __anchor_host_pick(op, x, y);
    if (args == 3 && !add) m = __anchor_host_pick(op, m, __anchor_host_lane(c, w, sign, n));
    if (relu && m < 0) m = 0;
    r |= w == 32 ? (unsigned int)m : ((unsigned int)m & 0xffffu) << (16 * n);
  }
  return r;
}

#define ANCHOR_DPX3(name, T, op, add, w, sign, relu)                                               \
  ANCHOR_DEVLIB T __anchor_##name(T a, T b, T c);                                                  \
  ANCHOR_MATH T __##name(T a, T b, T c) {                                                          \
    return __anchor_##name(a, b, c);                                                               \
  }                                                                                                \
  static __host__ __inline__ T __##name(T a, T b, T c) {                                           \
    return (T)__anchor_host_dpx((unsigned int)a, (unsigned int)b, (unsigned int)c, op, 3, add, w,  \
                                sign, relu);                                                       \
  }
#define ANCHOR_DPX2(name, T, op, w)                                                                \
  ANCHOR_DEVLIB T __anchor_##name(T a, T b);                                                       \
  ANCHOR_MATH T __##name(T a, T b) {                                                               \
    return __anchor_##name(a, b);                                                                  \
  }                                                                                                \
  static __host__ __inline__ T __##name(T a, T b) {                                                \
    return (T)__anchor_host_dpx((unsigned int)a, (unsigned int)b, 0, op, 2, 0, w, 1, 1);           \
  }
/* __anchor_vib*: the result in the low 32 bits, the predicate(s) in bit 32 (the low
 * halfword's for 16x2) and bit 33 (the high halfword's). The host's: a >= b (max) or a <= b
 * (min) is whether the result is a. */
#define ANCHOR_DPX_PRED(name, T, op, sign)                                                         \
  ANCHOR_DEVLIB unsigned long long __anchor_##name(T a, T b);                                      \
  ANCHOR_MATH T __##name(T a, T b, bool *const pred) {                                             \
    unsigned long long r = __anchor_##name(a, b);                                                  \
    *pred = (r >> 32 & 1) != 0;                                                                    \
    return (T)(unsigned int)r;                                                                     \
  }                                                                                                \
  static __host__ __inline__ T __##name(T a, T b, bool *const pred) {                              \
    *pred = op == 0 ? a >= b : a <= b;                                                             \
    return (T)__anchor_host_dpx((unsigned int)a, (unsigned int)b, 0, op, 2, 0, 32, sign, 0);       \
  }
#define ANCHOR_DPX_PRED2(name, op, sign)                                                           \
  ANCHOR_DEVLIB unsigned long long __anchor_##name(unsigned int a, unsigned int b);                \
  ANCHOR_MATH unsigned int __##name(unsigned int a, unsigned int b, bool *const pred_hi,           \
                                    bool *const pred_lo) {                                         \
    unsigned long long r = __anchor_##name(a, b);                                                  \
    *pred_hi = (r >> 33 & 1) != 0;                                                                 \
    *pred_lo = (r >> 32 & 1) != 0;                                                                 \
    return (unsigned int)r;                                                                        \
  }                                                                                                \
  static __host__ __inline__ unsigned int __##name(unsigned int a, unsigned int b,                 \
                                                   bool *const pred_hi, bool *const pred_lo) {     \
    unsigned int r = __anchor_host_dpx(a, b, 0, op, 2, 0, 16, sign, 0);                            \
    *pred_hi = (r >> 16) == (a >> 16);                                                             \
    *pred_lo = (r & 0xffffu) == (a & 0xffffu);                                                     \
    return r;                                                                                      \
  }
ANCHOR_DPX3(vimax3_s32, int, 0, 0, 32, 1, 0)
ANCHOR_DPX3(vimax3_u32, unsigned int, 0, 0, 32, 0, 0)
ANCHOR_DPX3(vimax3_s16x2, unsigned int, 0, 0, 16, 1, 0)
ANCHOR_DPX3(vimax3_u16x2, unsigned int, 0, 0, 16, 0, 0)
ANCHOR_DPX3(vimin3_s32, int, 1, 0, 32, 1, 0)
ANCHOR_DPX3(vimin3_u32, unsigned int, 1, 0, 32, 0, 0)
ANCHOR_DPX3(vimin3_s16x2, unsigned int, 1, 0, 16, 1, 0)
ANCHOR_DPX3(vimin3_u16x2, unsigned int, 1, 0, 16, 0, 0)
ANCHOR_DPX3(vimax3_s32_relu, int, 0, 0, 32, 1, 1)
ANCHOR_DPX3(vimax3_s16x2_relu, unsigned int, 0, 0, 16, 1, 1)
ANCHOR_DPX3(vimin3_s32_relu, int, 1, 0, 32, 1, 1)
ANCHOR_DPX3(vimin3_s16x2_relu, unsigned int, 1, 0, 16, 1, 1)
ANCHOR_DPX2(vimax_s32_relu, int, 0, 32)
ANCHOR_DPX2(vimax_s16x2_relu, unsigned int, 0, 16)
ANCHOR_DPX2(vimin_s32_relu, int, 1, 32)
ANCHOR_DPX2(vimin_s16x2_relu, unsigned int, 1, 16)
ANCHOR_DPX3(viaddmax_s32, int, 0, 1, 32, 1, 0)
ANCHOR_DPX3(viaddmax_s32_relu, int, 0, 1, 32, 1, 1)
ANCHOR_DPX3(viaddmax_u32, unsigned int, 0, 1, 32, 0, 0)
ANCHOR_DPX3(viaddmax_s16x2, unsigned int, 0, 1, 16, 1, 0)
ANCHOR_DPX3(viaddmax_s16x2_relu, unsigned int, 0, 1, 16, 1, 1)
ANCHOR_DPX3(viaddmax_u16x2, unsigned int, 0, 1, 16, 0, 0)
ANCHOR_DPX3(viaddmin_s32, int, 1, 1, 32, 1, 0)
ANCHOR_DPX3(viaddmin_s32_relu, int, 1, 1, 32, 1, 1)
ANCHOR_DPX3(viaddmin_u32, unsigned int, 1, 1, 32, 0, 0)
ANCHOR_DPX3(viaddmin_s16x2, unsigned int, 1, 1, 16, 1, 0)
ANCHOR_DPX3(viaddmin_s16x2_relu, unsigned int, 1, 1, 16, 1, 1)
ANCHOR_DPX3(viaddmin_u16x2, unsigned int, 1, 1, 16, 0, 0)
ANCHOR_DPX_PRED(vibmax_s32, int, 0, 1)
ANCHOR_DPX_PRED(vibmax_u32, unsigned int, 0, 0)
ANCHOR_DPX_PRED(vibmin_s32, int, 1, 1)
ANCHOR_DPX_PRED(vibmin_u32, unsigned int, 1, 0)
ANCHOR_DPX_PRED2(vibmax_s16x2, 0, 1)
ANCHOR_DPX_PRED2(vibmax_u16x2, 0, 0)
ANCHOR_DPX_PRED2(vibmin_s16x2, 1, 1)
ANCHOR_DPX_PRED2(vibmin_u16x2, 1, 0)
#undef ANCHOR_DPX3
#undef ANCHOR_DPX2
#undef ANCHOR_DPX_PRED
#undef ANCHOR_DPX_PRED2

#endif
