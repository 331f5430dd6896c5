// math_integer.cu — end-to-end test of every integer intrinsic of the CUDA
// Math API in Anchor's device library: the "Integer Intrinsics" (__popc ...
// __usad, __fns, __dp4a/__dp2a in all their overloads, __nv_bswap*), the "SIMD
// Intrinsics" (__vabs2 ... __vsubus4) and CUDA 12's DPX functions
// (__vimax3_s32 ... __vibmin_u16x2).
// Each is compared exactly with a host reference written here from the
// documentation's definition: one bit, byte or lane at a time, in wider
// integers (a lane's exact value, then wrapped, clamped or compared as the
// documentation says), never the device's word-at-a-time code.
// Inputs (a, b, c): every pair of some 40 edge words (0, 1, -1, INT_MIN,
// INT_MAX, 0x80/0x7f/0xff/0x01 byte lanes, 0x8000/0x7fff/0xffff halfword
// lanes, shift counts around 32 and 64), every pair of bytes in every byte
// lane (65,536 words: the byte functions exhaustively), then random words whose lanes are
// often edge lanes or copies of the other operand's lane (so that equal
// lanes, saturation and sign boundaries occur), xorshift with a fixed seed;
// c is a small shift count for a quarter of them (funnel shifts at 0..70).
// Readings where the documentation leaves room, all listed in
// include/anchor/math/integer.h: __hadd/__rhadd round toward minus
// infinity; __vavgs2/4 rounds halves away from zero; __vset* give 1 per lane;
// DPX sums wrap around.
// Expectations come from CUDA's Math API documentation.
// Prints the number of inputs and functions, then PASS; or each wrong
// function's first mismatch and count, then FAIL: <details>.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { N_BYTE_PAIRS = 1 << 16, N_RANDOM = 1 << 17 };

// ---- device: every function, results one word each -----------------------------------------

#define SIMD_FUNCTIONS(X)                                                                          \
  X(vabs, 1)                                                                                       \
  X(vabsss, 1)                                                                                     \
  X(vneg, 1)                                                                                       \
  X(vnegss, 1)                                                                                     \
  X(vabsdiffs, 2)                                                                                  \
  X(vabsdiffu, 2)                                                                                  \
  X(vsads, 2)                                                                                      \
  X(vsadu, 2)                                                                                      \
  X(vadd, 2)                                                                                       \
  X(vsub, 2) X(vaddss, 2) X(vsubss, 2) X(vaddus, 2) X(vsubus, 2) X(vavgs, 2) X(vavgu, 2)           \
      X(vhaddu, 2) X(vmaxs, 2) X(vmaxu, 2) X(vmins, 2) X(vminu, 2) X(vcmpeq, 2) X(vcmpne, 2)       \
          X(vcmplts, 2) X(vcmpltu, 2) X(vcmples, 2) X(vcmpleu, 2) X(vcmpgts, 2) X(vcmpgtu, 2)      \
              X(vcmpges, 2) X(vcmpgeu, 2) X(vseteq, 2) X(vsetne, 2) X(vsetlts, 2) X(vsetltu, 2)    \
                  X(vsetles, 2) X(vsetleu, 2) X(vsetgts, 2) X(vsetgtu, 2) X(vsetges, 2)            \
                      X(vsetgeu, 2)

#define COUNT(name, args) +2
enum { N_SIMD = 0 SIMD_FUNCTIONS(COUNT) };
#undef COUNT

#define CALL_1(name) __##name(x)
#define CALL_2(name) __##name(x, y)
#define SIMD_CALL(name, args) o[k++] = CALL_##args(name##2), o[k++] = CALL_##args(name##4);
__global__ void simd(const unsigned *a, const unsigned *b, unsigned *r, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], *o = r + (size_t)i * N_SIMD;
  int k = 0;
  SIMD_FUNCTIONS(SIMD_CALL)
}
#undef SIMD_CALL

// __fns's offset: mostly within -41..41, every fifth one any int.
static __host__ __device__ int fns_offset(unsigned z) {
  return z % 5 == 0 ? (int)z : (int)(z % 83) - 41;
}

enum { N_INT = 45 };
__global__ void integer(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *r,
                        unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], z = c[i], *o = r + (size_t)i * N_INT;
  int sx = (int)x, sy = (int)y, sz = (int)z;
  unsigned long long X = (unsigned long long)y << 32 | x, Y = (unsigned long long)z << 32 | y;
  int k = 0;
  o[k++] = (unsigned)__popc(x);
  o[k++] = (unsigned)__clz(sx);
  o[k++] = (unsigned)__ffs(sx);
  o[k++] = __brev(x);
  o[k++] = __byte_perm(x, y, z);
  o[k++] = __fns(x, y & 31, fns_offset(z));
  o[k++] = __nv_bswap16((unsigned short)x);
  o[k++] = __nv_bswap32(x);
  o[k++] = __funnelshift_l(x, y, z);
  o[k++] = __funnelshift_lc(x, y, z);
  o[k++] = __funnelshift_r(x, y, z);
  o[k++] = __funnelshift_rc(x, y, z);
  o[k++] = (unsigned)__mul24(sx, sy);
  o[k++] = __umul24(x, y);
  o[k++] = (unsigned)__mulhi(sx, sy);
  o[k++] = __umulhi(x, y);
  o[k++] = (unsigned)__hadd(sx, sy);
  o[k++] = (unsigned)__rhadd(sx, sy);
  o[k++] = __uhadd(x, y);
  o[k++] = __urhadd(x, y);
  o[k++] = __sad(sx, sy, z);
  o[k++] = __usad(x, y, z);
  o[k++] = (unsigned)__dp4a(sx, sy, sz);
  o[k++] = __dp4a(x, y, z);
  char4 c4x = make_char4((signed char)x, (signed char)(x >> 8), (signed char)(x >> 16),
                         (signed char)(x >> 24));
  char4 c4y = make_char4((signed char)y, (signed char)(y >> 8), (signed char)(y >> 16),
                         (signed char)(y >> 24));
  uchar4 u4x = make_uchar4((unsigned char)x, (unsigned char)(x >> 8), (unsigned char)(x >> 16),
                           (unsigned char)(x >> 24));
  uchar4 u4y = make_uchar4((unsigned char)y, (unsigned char)(y >> 8), (unsigned char)(y >> 16),
                           (unsigned char)(y >> 24));
  short2 s2x = make_short2((short)x, (short)(x >> 16));
  ushort2 u2x = make_ushort2((unsigned short)x, (unsigned short)(x >> 16));
  o[k++] = (unsigned)__dp4a(c4x, c4y, sz);
  o[k++] = __dp4a(u4x, u4y, z);
  o[k++] = (unsigned)__dp2a_lo(sx, sy, sz);
  o[k++] = __dp2a_lo(x, y, z);
  o[k++] = (unsigned)__dp2a_lo(s2x, c4y, sz);
  o[k++] = __dp2a_lo(u2x, u4y, z);
  o[k++] = (unsigned)__dp2a_hi(sx, sy, sz);
  o[k++] = __dp2a_hi(x, y, z);
  o[k++] = (unsigned)__dp2a_hi(s2x, c4y, sz);
  o[k++] = __dp2a_hi(u2x, u4y, z);
  o[k++] = (unsigned)__popcll(X);
  o[k++] = (unsigned)__clzll((long long)X);
  o[k++] = (unsigned)__ffsll((long long)X);
  unsigned long long wide[] = {__brevll(X), __nv_bswap64(X),
                               (unsigned long long)__mul64hi((long long)X, (long long)Y),
                               __umul64hi(X, Y)};
  for (int w = 0; w < 4; w++)
    o[k++] = (unsigned)wide[w], o[k++] = (unsigned)(wide[w] >> 32);
}

// DPX functions are __host__ __device__ in CUDA: the same calls run in the
// kernel and on the host.
enum { N_DPX = 44 };
static __host__ __device__ void dpx_all(unsigned x, unsigned y, unsigned z, unsigned *o) {
  int sx = (int)x, sy = (int)y, sz = (int)z, k = 0;
  o[k++] = (unsigned)__vimax3_s32(sx, sy, sz);
  o[k++] = __vimax3_u32(x, y, z);
  o[k++] = __vimax3_s16x2(x, y, z);
  o[k++] = __vimax3_u16x2(x, y, z);
  o[k++] = (unsigned)__vimin3_s32(sx, sy, sz);
  o[k++] = __vimin3_u32(x, y, z);
  o[k++] = __vimin3_s16x2(x, y, z);
  o[k++] = __vimin3_u16x2(x, y, z);
  o[k++] = (unsigned)__vimax3_s32_relu(sx, sy, sz);
  o[k++] = __vimax3_s16x2_relu(x, y, z);
  o[k++] = (unsigned)__vimin3_s32_relu(sx, sy, sz);
  o[k++] = __vimin3_s16x2_relu(x, y, z);
  o[k++] = (unsigned)__vimax_s32_relu(sx, sy);
  o[k++] = __vimax_s16x2_relu(x, y);
  o[k++] = (unsigned)__vimin_s32_relu(sx, sy);
  o[k++] = __vimin_s16x2_relu(x, y);
  o[k++] = (unsigned)__viaddmax_s32(sx, sy, sz);
  o[k++] = (unsigned)__viaddmax_s32_relu(sx, sy, sz);
  o[k++] = __viaddmax_u32(x, y, z);
  o[k++] = __viaddmax_s16x2(x, y, z);
  o[k++] = __viaddmax_s16x2_relu(x, y, z);
  o[k++] = __viaddmax_u16x2(x, y, z);
  o[k++] = (unsigned)__viaddmin_s32(sx, sy, sz);
  o[k++] = (unsigned)__viaddmin_s32_relu(sx, sy, sz);
  o[k++] = __viaddmin_u32(x, y, z);
  o[k++] = __viaddmin_s16x2(x, y, z);
  o[k++] = __viaddmin_s16x2_relu(x, y, z);
  o[k++] = __viaddmin_u16x2(x, y, z);
  bool p = false, q = false;
  o[k++] = (unsigned)__vibmax_s32(sx, sy, &p);
  o[k++] = p;
  o[k++] = __vibmax_u32(x, y, &p);
  o[k++] = p;
  o[k++] = (unsigned)__vibmin_s32(sx, sy, &p);
  o[k++] = p;
  o[k++] = __vibmin_u32(x, y, &p);
  o[k++] = p;
  o[k++] = __vibmax_s16x2(x, y, &p, &q);
  o[k++] = 2u * p + q;
  o[k++] = __vibmax_u16x2(x, y, &p, &q);
  o[k++] = 2u * p + q;
  o[k++] = __vibmin_s16x2(x, y, &p, &q);
  o[k++] = 2u * p + q;
  o[k++] = __vibmin_u16x2(x, y, &p, &q);
  o[k++] = 2u * p + q;
}

__global__ void dpx(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *r,
                    unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dpx_all(a[i], b[i], c[i], r + (size_t)i * N_DPX);
}

// ---- host references --------------------------------------------------------------------------

// Lane n of v (w bits wide), read signed or unsigned.
static int64_t lane(uint32_t v, int w, int sign, int n) {
  uint32_t u = (v >> (w * n)) & (uint32_t)(((uint64_t)1 << w) - 1);
  return sign && u >> (w - 1) ? (int64_t)u - ((int64_t)1 << w) : (int64_t)u;
}
static int64_t clamp(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : v > hi ? hi : v;
}
static int64_t max64(int64_t a, int64_t b) {
  return a > b ? a : b;
}
static int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

enum simd_op {
#define ENUM(name, args) OP_##name,
  SIMD_FUNCTIONS(ENUM)
#undef ENUM
};
static const char *const simd_names[] = {
#define NAME(name, args) #name,
    SIMD_FUNCTIONS(NAME)
#undef NAME
};

// The documented value of lane n of __<op><2 or 4>(x, y) (the exact result
// before it is stored in w bits), or for vsads/vsadu the lane's term.
static int64_t simd_lane(int op, uint32_t x, uint32_t y, int w, int n) {
  int64_t smax = ((int64_t)1 << (w - 1)) - 1, smin = -smax - 1, umax = ((int64_t)1 << w) - 1;
  int64_t sa = lane(x, w, 1, n), sb = lane(y, w, 1, n), ua = lane(x, w, 0, n),
          ub = lane(y, w, 0, n);
  int64_t s = sa + sb;
  switch (op) {
  case OP_vabs: return sa < 0 ? -sa : sa;
  case OP_vabsss: return clamp(sa < 0 ? -sa : sa, smin, smax);
  case OP_vneg: return -sa;
  case OP_vnegss: return clamp(-sa, smin, smax);
  case OP_vabsdiffs:
  case OP_vsads: return sa > sb ? sa - sb : sb - sa;
  case OP_vabsdiffu:
  case OP_vsadu: return ua > ub ? ua - ub : ub - ua;
  case OP_vadd: return ua + ub;
  case OP_vsub: return ua - ub;
  case OP_vaddss: return clamp(sa + sb, smin, smax);
  case OP_vsubss: return clamp(sa - sb, smin, smax);
  case OP_vaddus: return clamp(ua + ub, 0, umax);
  case OP_vsubus: return clamp(ua - ub, 0, umax);
  case OP_vavgs: return s >= 0 ? (s + 1) / 2 : -((-s + 1) / 2); // halves away from zero
  case OP_vavgu: return (ua + ub + 1) / 2;
  case OP_vhaddu: return (ua + ub) / 2;
  case OP_vmaxs: return max64(sa, sb);
  case OP_vmaxu: return max64(ua, ub);
  case OP_vmins: return min64(sa, sb);
  case OP_vminu: return min64(ua, ub);
  }
  int set = op >= OP_vseteq;
  int cmp = set ? op - OP_vseteq : op - OP_vcmpeq, truth = 0;
  switch (cmp) {
  case 0: truth = ua == ub; break;
  case 1: truth = ua != ub; break;
  case 2: truth = sa < sb; break;
  case 3: truth = ua < ub; break;
  case 4: truth = sa <= sb; break;
  case 5: truth = ua <= ub; break;
  case 6: truth = sa > sb; break;
  case 7: truth = ua > ub; break;
  case 8: truth = sa >= sb; break;
  case 9: truth = ua >= ub; break;
  }
  return truth ? (set ? 1 : -1) : 0;
}

static uint32_t simd_ref(int op, uint32_t x, uint32_t y, int w) {
  uint32_t r = 0, mask = (1u << w) - 1;
  int64_t sum = 0;
  for (int n = 0; n < 32 / w; n++) {
    int64_t v = simd_lane(op, x, y, w, n);
    sum += v;
    r |= ((uint32_t)v & mask) << (w * n);
  }
  return op == OP_vsads || op == OP_vsadu ? (uint32_t)sum : r;
}

static int bit(uint64_t v, int k) {
  return (int)(v >> k & 1);
}
static int popc_ref(uint64_t v, int width) {
  int c = 0;
  for (int k = 0; k < width; k++)
    c += bit(v, k);
  return c;
}
static int clz_ref(uint64_t v, int width) {
  int c = 0;
  for (int k = width - 1; k >= 0 && !bit(v, k); k--)
    c++;
  return c;
}
static int ffs_ref(uint64_t v, int width) {
  for (int k = 0; k < width; k++)
    if (bit(v, k)) return k + 1;
  return 0;
}
static uint64_t reverse_ref(uint64_t v, int width) {
  uint64_t r = 0;
  for (int k = 0; k < width; k++)
    if (bit(v, k)) r |= 1ull << (width - 1 - k);
  return r;
}
static uint64_t bswap_ref(uint64_t v, int bytes) {
  uint64_t r = 0;
  for (int k = 0; k < bytes; k++)
    r |= (v >> (8 * k) & 0xff) << (8 * (bytes - 1 - k));
  return r;
}
static uint32_t byte_perm_ref(uint32_t x, uint32_t y, uint32_t s) {
  unsigned char in[8];
  for (int k = 0; k < 4; k++)
    in[k] = (unsigned char)(x >> (8 * k)), in[4 + k] = (unsigned char)(y >> (8 * k));
  uint32_t r = 0;
  for (int n = 0; n < 4; n++)
    r |= (uint32_t)in[(s >> (4 * n)) & 7] << (8 * n);
  return r;
}
// PTX fns, as its pseudo-code: walk from base towards bit 31 (offset > 0) or
// bit 0 (offset < 0), counting set bits.
static uint32_t fns_ref(uint32_t mask, uint32_t base, int offset) {
  if (offset == 0) return bit(mask, (int)base) ? base : 0xffffffffu;
  int64_t count = (offset > 0 ? (int64_t)offset : -(int64_t)offset) - 1;
  for (int pos = (int)base; pos >= 0 && pos < 32; pos += offset > 0 ? 1 : -1)
    if (bit(mask, pos) && count-- == 0) return (uint32_t)pos;
  return 0xffffffffu;
}
// hi:lo shifted left by n, most significant 32 bits; right: least significant.
static uint32_t funnel_ref(uint32_t lo, uint32_t hi, uint32_t n, int left) {
  unsigned __int128 v = (unsigned __int128)hi << 32 | lo;
  return left ? (uint32_t)((v << n) >> 32) : (uint32_t)(v >> n);
}
static int64_t sext24(uint32_t v) {
  return lane(v, 24, 1, 0);
}
// Sum of products of lanes of a (wa bits) and lanes first.. of b (8 bits), plus c, mod 2^32.
static uint32_t dot_ref(uint32_t a, int wa, uint32_t b, int first, uint32_t c, int sign) {
  int64_t s = sign ? (int64_t)(int32_t)c : (int64_t)c;
  for (int n = 0; n < 32 / wa; n++)
    s += lane(a, wa, sign, n) * lane(b, 8, sign, first + n);
  return (uint32_t)s;
}

static void integer_ref(uint32_t x, uint32_t y, uint32_t z, uint32_t *o) {
  int32_t sx = (int32_t)x, sy = (int32_t)y;
  uint64_t X = (uint64_t)y << 32 | x, Y = (uint64_t)z << 32 | y;
  int k = 0;
  o[k++] = (uint32_t)popc_ref(x, 32);
  o[k++] = (uint32_t)clz_ref(x, 32);
  o[k++] = (uint32_t)ffs_ref(x, 32);
  o[k++] = (uint32_t)reverse_ref(x, 32);
  o[k++] = byte_perm_ref(x, y, z);
  o[k++] = fns_ref(x, y & 31, fns_offset(z));
  o[k++] = (uint32_t)bswap_ref(x & 0xffff, 2);
  o[k++] = (uint32_t)bswap_ref(x, 4);
  o[k++] = funnel_ref(x, y, z & 31, 1);
  o[k++] = funnel_ref(x, y, z < 32 ? z : 32, 1);
  o[k++] = funnel_ref(x, y, z & 31, 0);
  o[k++] = funnel_ref(x, y, z < 32 ? z : 32, 0);
  o[k++] = (uint32_t)(sext24(x) * sext24(y));
  o[k++] = (uint32_t)((uint64_t)(x & 0xffffff) * (y & 0xffffff));
  o[k++] = (uint32_t)(((int64_t)sx * sy) >> 32);
  o[k++] = (uint32_t)(((uint64_t)x * y) >> 32);
  int64_t ssum = (int64_t)sx + sy;
  uint64_t usum = (uint64_t)x + y;
  o[k++] = (uint32_t)(ssum >= 0 ? ssum / 2 : -((-ssum + 1) / 2)); // floor
  o[k++] = (uint32_t)(ssum + 1 >= 0 ? (ssum + 1) / 2 : -((-(ssum + 1) + 1) / 2));
  o[k++] = (uint32_t)(usum / 2);
  o[k++] = (uint32_t)((usum + 1) / 2);
  o[k++] = (uint32_t)((sx > sy ? (int64_t)sx - sy : (int64_t)sy - sx) + z);
  o[k++] = (uint32_t)((x > y ? (uint64_t)x - y : (uint64_t)y - x) + z);
  o[k++] = dot_ref(x, 8, y, 0, z, 1);
  o[k++] = dot_ref(x, 8, y, 0, z, 0);
  o[k++] = dot_ref(x, 8, y, 0, z, 1);
  o[k++] = dot_ref(x, 8, y, 0, z, 0);
  for (int hi = 0; hi < 2; hi++) {
    o[k++] = dot_ref(x, 16, y, 2 * hi, z, 1);
    o[k++] = dot_ref(x, 16, y, 2 * hi, z, 0);
    o[k++] = dot_ref(x, 16, y, 2 * hi, z, 1);
    o[k++] = dot_ref(x, 16, y, 2 * hi, z, 0);
  }
  o[k++] = (uint32_t)popc_ref(X, 64);
  o[k++] = (uint32_t)clz_ref(X, 64);
  o[k++] = (uint32_t)ffs_ref(X, 64);
  __int128 sp = (__int128)(int64_t)X * (int64_t)Y;
  unsigned __int128 up = (unsigned __int128)X * Y;
  uint64_t wide[] = {reverse_ref(X, 64), bswap_ref(X, 8), (uint64_t)(sp >> 64),
                     (uint64_t)(up >> 64)};
  for (int w = 0; w < 4; w++)
    o[k++] = (uint32_t)wide[w], o[k++] = (uint32_t)(wide[w] >> 32);
  if (k != N_INT) abort();
}

static void dpx_ref(uint32_t x, uint32_t y, uint32_t z, uint32_t *o) {
  int k = 0;
  uint32_t v[3] = {x, y, z};
  // DPX: vimax3, vimin3 (s32, u32, s16x2, u16x2), the _relu forms
  for (int mn = 0; mn < 2; mn++)
    for (int form = 0; form < 4; form++) {
      int w = form < 2 ? 32 : 16, sign = form % 2 == 0;
      uint32_t r = 0;
      for (int n = 0; n < 32 / w; n++) {
        int64_t m = lane(v[0], w, sign, n);
        for (int j = 1; j < 3; j++)
          m = mn ? min64(m, lane(v[j], w, sign, n)) : max64(m, lane(v[j], w, sign, n));
        r |= (uint32_t)(w == 32 ? m : m & 0xffff) << (w * n);
      }
      o[k++] = r;
    }
  for (int args = 3; args >= 2; args--)
    for (int mn = 0; mn < 2; mn++)
      for (int w = 32; w >= 16; w -= 16) {
        uint32_t r = 0;
        for (int n = 0; n < 32 / w; n++) {
          int64_t m = lane(v[0], w, 1, n);
          for (int j = 1; j < args; j++)
            m = mn ? min64(m, lane(v[j], w, 1, n)) : max64(m, lane(v[j], w, 1, n));
          m = max64(m, 0);
          r |= (uint32_t)(w == 32 ? m : m & 0xffff) << (w * n);
        }
        o[k++] = r;
      }
  // viaddmax, viaddmin: s32, s32_relu, u32, s16x2, s16x2_relu, u16x2
  static const int forms[6][3] = {{32, 1, 0}, {32, 1, 1}, {32, 0, 0},
                                  {16, 1, 0}, {16, 1, 1}, {16, 0, 0}};
  for (int mn = 0; mn < 2; mn++)
    for (int f = 0; f < 6; f++) {
      int w = forms[f][0], sign = forms[f][1], relu = forms[f][2];
      uint32_t r = 0;
      for (int n = 0; n < 32 / w; n++) {
        // a + b wraps around in the lane, then is compared as a lane value
        uint32_t sum = (uint32_t)(lane(x, w, 0, n) + lane(y, w, 0, n)) << (w * n);
        int64_t s = lane(sum, w, sign, n), c = lane(z, w, sign, n);
        int64_t m = mn ? min64(s, c) : max64(s, c);
        if (relu) m = max64(m, 0);
        r |= (uint32_t)(w == 32 ? m : m & 0xffff) << (w * n);
      }
      o[k++] = r;
    }
  // vibmax, vibmin: s32, u32, then s16x2, u16x2 (predicates hi, lo as 2 hi + lo)
  for (int w = 32; w >= 16; w -= 16)
    for (int mn = 0; mn < 2; mn++)
      for (int sign = 1; sign >= 0; sign--) {
        uint32_t r = 0, p = 0;
        for (int n = 0; n < 32 / w; n++) {
          int64_t a = lane(x, w, sign, n), b = lane(y, w, sign, n);
          int64_t m = mn ? min64(a, b) : max64(a, b);
          r |= (uint32_t)(w == 32 ? m : m & 0xffff) << (w * n);
          p |= (uint32_t)(mn ? a <= b : a >= b) << n;
        }
        o[k++] = r;
        o[k++] = p;
      }
  if (k != N_DPX) abort();
}

// The device's dpx kernel runs vibmax_s32, vibmax_u32, vibmin_s32, vibmin_u32,
// then the 16x2 ones in that order: dpx_ref's w/mn/sign loops give max s, max u,
// min s, min u for each width.
static const char *const int_names[N_INT] = {"__popc",
                                             "__clz",
                                             "__ffs",
                                             "__brev",
                                             "__byte_perm",
                                             "__fns",
                                             "__nv_bswap16",
                                             "__nv_bswap32",
                                             "__funnelshift_l",
                                             "__funnelshift_lc",
                                             "__funnelshift_r",
                                             "__funnelshift_rc",
                                             "__mul24",
                                             "__umul24",
                                             "__mulhi",
                                             "__umulhi",
                                             "__hadd",
                                             "__rhadd",
                                             "__uhadd",
                                             "__urhadd",
                                             "__sad",
                                             "__usad",
                                             "__dp4a(int)",
                                             "__dp4a(unsigned)",
                                             "__dp4a(char4)",
                                             "__dp4a(uchar4)",
                                             "__dp2a_lo(int)",
                                             "__dp2a_lo(unsigned)",
                                             "__dp2a_lo(short2)",
                                             "__dp2a_lo(ushort2)",
                                             "__dp2a_hi(int)",
                                             "__dp2a_hi(unsigned)",
                                             "__dp2a_hi(short2)",
                                             "__dp2a_hi(ushort2)",
                                             "__popcll",
                                             "__clzll",
                                             "__ffsll",
                                             "__brevll lo",
                                             "__brevll hi",
                                             "__nv_bswap64 lo",
                                             "__nv_bswap64 hi",
                                             "__mul64hi lo",
                                             "__mul64hi hi",
                                             "__umul64hi lo",
                                             "__umul64hi hi"};
static const char *const dpx_names[N_DPX] = {
    "__vimax3_s32",         "__vimax3_u32",         "__vimax3_s16x2",
    "__vimax3_u16x2",       "__vimin3_s32",         "__vimin3_u32",
    "__vimin3_s16x2",       "__vimin3_u16x2",       "__vimax3_s32_relu",
    "__vimax3_s16x2_relu",  "__vimin3_s32_relu",    "__vimin3_s16x2_relu",
    "__vimax_s32_relu",     "__vimax_s16x2_relu",   "__vimin_s32_relu",
    "__vimin_s16x2_relu",   "__viaddmax_s32",       "__viaddmax_s32_relu",
    "__viaddmax_u32",       "__viaddmax_s16x2",     "__viaddmax_s16x2_relu",
    "__viaddmax_u16x2",     "__viaddmin_s32",       "__viaddmin_s32_relu",
    "__viaddmin_u32",       "__viaddmin_s16x2",     "__viaddmin_s16x2_relu",
    "__viaddmin_u16x2",     "__vibmax_s32",         "__vibmax_s32 pred",
    "__vibmax_u32",         "__vibmax_u32 pred",    "__vibmin_s32",
    "__vibmin_s32 pred",    "__vibmin_u32",         "__vibmin_u32 pred",
    "__vibmax_s16x2",       "__vibmax_s16x2 preds", "__vibmax_u16x2",
    "__vibmax_u16x2 preds", "__vibmin_s16x2",       "__vibmin_s16x2 preds",
    "__vibmin_u16x2",       "__vibmin_u16x2 preds"};

// ---- inputs ---------------------------------------------------------------------------------

static const uint32_t edge[] = {
    0u,          1u,          0xffffffffu, 0x80000000u, 0x7fffffffu, 0x80000001u, 0xfffffffeu,
    0x80808080u, 0x7f7f7f7fu, 0xffffffu,   0x01010101u, 0xfefefefeu, 0x807f7f80u, 0x7f80807fu,
    0x00ff00ffu, 0xff00ff00u, 0x80008000u, 0x7fff7fffu, 0x0000ffffu, 0xffff0000u, 0x7fff8000u,
    0x80007fffu, 0x00010001u, 0xfffefffeu, 0x00800080u, 0xff7fff7fu, 0x00800000u, 0x00ffffffu,
    0xff800000u, 0x12345678u, 2u,          31u,         32u,         33u,         63u,
    64u,         65u,         0x40u,       0xc0c0c0c0u, 0x7fff0001u};
enum { N_EDGE = sizeof edge / sizeof edge[0] };

static uint32_t next(uint32_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}

// A random word whose bytes are often edge lanes or copies of other's bytes.
static uint32_t lanes_word(uint32_t *s, uint32_t other) {
  static const uint8_t special[] = {0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff};
  uint32_t r = next(s), pick = next(s);
  for (int n = 0; n < 4; n++, pick >>= 8) {
    uint32_t byte;
    switch (pick & 7) {
    case 0: byte = special[(pick >> 3) % 7]; break;
    case 1: byte = (other >> (8 * n)) & 0xff; break;
    case 2: byte = ((other >> (8 * n)) + (pick >> 3 & 1 ? 1 : 0xff)) & 0xff; break;
    default: continue;
    }
    r = (r & ~(0xffu << (8 * n))) | byte << (8 * n);
  }
  return r;
}

// Prints the first mismatch of each function and how many it had.
static void check(const char *const *names, int per, const uint32_t *got, const uint32_t *want,
                  const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n,
                  unsigned *bad) {
  for (int k = 0; k < per; k++) {
    unsigned count = 0, first = 0;
    for (unsigned i = 0; i < n; i++)
      if (got[(size_t)i * per + k] != want[(size_t)i * per + k] && count++ == 0) first = i;
    if (!count) continue;
    size_t j = (size_t)first * per + k;
    printf("mismatch: %s(0x%08x, 0x%08x, 0x%08x) = 0x%08x, want 0x%08x (%u inputs wrong)\n",
           names[k], a[first], b[first], c[first], got[j], want[j], count);
    *bad += count;
  }
}

int main(void) {
  const unsigned n = N_EDGE * N_EDGE + N_BYTE_PAIRS + N_RANDOM;
  uint32_t *ha = (uint32_t *)malloc(n * 4), *hb = (uint32_t *)malloc(n * 4),
           *hc = (uint32_t *)malloc(n * 4);
  uint32_t seed = 0x1234567u;
  for (unsigned i = 0; i < n; i++) {
    if (i < N_EDGE * N_EDGE) {
      ha[i] = edge[i / N_EDGE], hb[i] = edge[i % N_EDGE];
      hc[i] = edge[(i * 7 + i / N_EDGE) % N_EDGE];
    } else if (i < N_EDGE * N_EDGE + N_BYTE_PAIRS) {
      // every pair of bytes (p, q) in every byte lane: lane k holds p + 37k, q + 91k
      uint32_t j = i - N_EDGE * N_EDGE, p = j >> 8, q = j & 255;
      ha[i] = hb[i] = 0;
      for (int k = 0; k < 4; k++)
        ha[i] |= ((p + 37 * k) & 255) << (8 * k), hb[i] |= ((q + 91 * k) & 255) << (8 * k);
      hc[i] = next(&seed);
    } else {
      ha[i] = next(&seed);
      hb[i] = lanes_word(&seed, ha[i]);
      ha[i] = lanes_word(&seed, hb[i]);
      hc[i] = i % 4 == 0 ? next(&seed) % 71 : lanes_word(&seed, ha[i]);
    }
  }
  const int per[3] = {N_SIMD, N_INT, N_DPX};
  unsigned bad = 0;
  unsigned *da, *db, *dc, *dr;
  cudaMalloc(&da, n * 4);
  cudaMalloc(&db, n * 4);
  cudaMalloc(&dc, n * 4);
  cudaMalloc(&dr, (size_t)n * N_SIMD * 4);
  cudaMemcpy(da, ha, n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, hc, n * 4, cudaMemcpyHostToDevice);
  uint32_t *got = (uint32_t *)malloc((size_t)n * N_SIMD * 4),
           *want = (uint32_t *)malloc((size_t)n * N_SIMD * 4);
  const char *simd_full[N_SIMD], *host_dpx_names[N_DPX];
  static char host_text[N_DPX][40];
  for (int k = 0; k < N_DPX; k++) {
    snprintf(host_text[k], sizeof host_text[k], "host %s", dpx_names[k]);
    host_dpx_names[k] = host_text[k];
  }
  static char simd_text[N_SIMD][24];
  for (int k = 0; k < N_SIMD; k++) {
    snprintf(simd_text[k], sizeof simd_text[k], "__%s%d", simd_names[k / 2], k % 2 ? 4 : 2);
    simd_full[k] = simd_text[k];
  }
  for (int kernel = 0; kernel < 3; kernel++) {
    unsigned blocks = (n + 255) / 256;
    if (kernel == 0) simd<<<blocks, 256>>>(da, db, dr, n);
    if (kernel == 1) integer<<<blocks, 256>>>(da, db, dc, dr, n);
    if (kernel == 2) dpx<<<blocks, 256>>>(da, db, dc, dr, n);
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
      printf("FAIL: kernel %d: %s\n", kernel, cudaGetErrorString(err));
      return 1;
    }
    cudaMemcpy(got, dr, (size_t)n * per[kernel] * 4, cudaMemcpyDeviceToHost);
    for (unsigned i = 0; i < n; i++) {
      uint32_t *w = want + (size_t)i * per[kernel];
      if (kernel == 0)
        for (int k = 0; k < N_SIMD; k++)
          w[k] = simd_ref(k / 2, ha[i], hb[i], k % 2 ? 8 : 16);
      if (kernel == 1) integer_ref(ha[i], hb[i], hc[i], w);
      if (kernel == 2) dpx_ref(ha[i], hb[i], hc[i], w);
    }
    const char *const *names = kernel == 0 ? simd_full : kernel == 1 ? int_names : dpx_names;
    check(names, per[kernel], got, want, ha, hb, hc, n, &bad);
    if (kernel == 2) { // the host versions, against the same references
      for (unsigned i = 0; i < n; i++)
        dpx_all(ha[i], hb[i], hc[i], got + (size_t)i * N_DPX);
      check(host_dpx_names, N_DPX, got, want, ha, hb, hc, n, &bad);
    }
  }
  for (unsigned i = 0; i < n; i++) { // __nv_bswap* are host functions too
    uint64_t X = (uint64_t)hb[i] << 32 | ha[i];
    if (__nv_bswap16((unsigned short)ha[i]) != bswap_ref(ha[i] & 0xffff, 2) ||
        __nv_bswap32(ha[i]) != bswap_ref(ha[i], 4) || __nv_bswap64(X) != bswap_ref(X, 8)) {
      if (bad++ == 0) printf("mismatch: host __nv_bswap*(0x%016llx)\n", (unsigned long long)X);
    }
  }
  if (bad) {
    printf("FAIL: %u mismatches over %u inputs\n", bad, n);
    return 1;
  }
  printf("%u inputs, %d functions and overloads compared\nPASS\n", n,
         N_SIMD + N_INT - 4 + N_DPX - 8);
  return 0;
}
