// Inline PTX, integer instructions: each translated instruction over edge-case and random
// inputs, compared with a host model of the PTX ISA's definition (add/sub with .cc carry
// chains, mul .lo/.hi/.wide, mad, bfe, bfi, bfind, brev, clz, popc, prmt, lop3, shf, shl/shr
// past the width, min/max/abs/neg, setp/selp, cvt with .sat, dp4a, a 128-bit bignum add, and
// prmt's six modes: their selector table is checked here against the PTX ISA's, as Anchor
// reads it — the H200 run is what confirms it).
#include <cstdio>
#include <cstdint>
#include <cstring>

#define NOPS 46
#define N 256

__global__ void ops(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  unsigned x = a[i], y = b[i], z = c[i], r, s;
  unsigned *o = out + i * NOPS;
  unsigned long long w;
  asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y)); o[0] = r;
  asm("sub.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y)); o[1] = r;
  asm("add.cc.u32 %0, %2, %3;\n\taddc.u32 %1, 0, 0;" : "=r"(r), "=r"(s) : "r"(x), "r"(y));
  o[2] = r; o[3] = s;
  asm("sub.cc.u32 %0, %2, %3;\n\tsubc.u32 %1, 0, 0;" : "=r"(r), "=r"(s) : "r"(x), "r"(y));
  o[4] = r; o[5] = s;
  asm("mul.lo.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y)); o[6] = r;
  asm("mul.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y)); o[7] = r;
  asm("mul.hi.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y)); o[8] = r;
  asm("mul.wide.s32 %0, %1, %2;" : "=l"(w) : "r"(x), "r"(y)); o[9] = (unsigned)w; o[10] = (unsigned)(w >> 32);
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[11] = r;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y & 0x3f), "r"(z & 0x3f)); o[12] = r;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y & 0x3f), "r"(z & 0x3f)); o[13] = r;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(x), "r"(y), "r"(z & 0x3f), "r"((z >> 8) & 0x3f)); o[14] = r;
  asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(x)); o[15] = r;
  asm("bfind.s32 %0, %1;" : "=r"(r) : "r"(x)); o[16] = r;
  asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(x)); o[17] = r;
  asm("brev.b32 %0, %1;" : "=r"(r) : "r"(x)); o[18] = r;
  asm("clz.b32 %0, %1;" : "=r"(r) : "r"(x)); o[19] = r;
  asm("popc.b32 %0, %1;" : "=r"(r) : "r"(x)); o[20] = r;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[21] = r;
  asm("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[22] = r; // majority
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(x), "r"(y), "r"(z), "n"(0x96)); o[23] = r; // xor3
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[24] = r;
  asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z & 63)); o[25] = r;
  asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y & 63)); o[26] = r;
  asm("shr.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y & 63)); o[27] = r;
  asm("shr.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y & 63)); o[28] = r;
  asm("min.s32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y)); o[29] = r;
  asm("max.u32 %0, %1, %2;" : "=r"(r) : "r"(x), "r"(y)); o[30] = r;
  asm("abs.s32 %0, %1;" : "=r"(r) : "r"(x)); o[31] = r;
  asm("neg.s32 %0, %1;" : "=r"(r) : "r"(x)); o[32] = r;
  asm("{\n\t.reg .pred p, q;\n\tsetp.lt.s32 p|q, %1, %2;\n\tselp.u32 %0, 7, 9, q;\n\t}"
      : "=r"(r) : "r"(x), "r"(y)); o[33] = r;
  asm("{ .reg .pred p; setp.hi.u32 p, %1, %2; @p mov.u32 %0, 1; @!p mov.u32 %0, 2; }"
      : "=r"(r) : "r"(x), "r"(y)); o[34] = r;
  asm("cvt.sat.s8.s32 %0, %1;" : "=r"(r) : "r"(x)); o[35] = r;
  asm("cvt.u16.u32 %0, %1;" : "=r"(r) : "r"(x)); o[36] = r;
  asm("cvt.s32.s16 %0, %1;" : "=r"(r) : "r"(x)); o[37] = r;
  asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[38] = r;
  asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(w) : "r"(x), "r"(y), "l"((unsigned long long)z << 20));
  o[39] = (unsigned)(w >> 13);
  asm("prmt.b32.f4e %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[40] = r;
  asm("prmt.b32.b4e %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[41] = r;
  asm("prmt.b32.rc8 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[42] = r;
  asm("prmt.b32.ecl %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[43] = r;
  asm("prmt.b32.ecr %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[44] = r;
  asm("prmt.b32.rc16 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); o[45] = r;
}

// 4x32-bit limb addition with a carry chain: the shape of bignum kernels.
__global__ void bignum(const unsigned *a, const unsigned *b, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N / 4) return;
  const unsigned *x = a + 4 * i, *y = b + 4 * i;
  unsigned *o = out + 5 * i;
  asm("add.cc.u32 %0, %5, %9;\n\t"
      "addc.cc.u32 %1, %6, %10;\n\t"
      "addc.cc.u32 %2, %7, %11;\n\t"
      "addc.cc.u32 %3, %8, %12;\n\t"
      "addc.u32 %4, 0, 0;"
      : "=r"(o[0]), "=r"(o[1]), "=r"(o[2]), "=r"(o[3]), "=r"(o[4])
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(y[3]));
}

// ---- host model of the PTX ISA's definitions ----
static unsigned bfe(unsigned a, unsigned pos, unsigned len, int sign) {
  pos &= 0xff, len &= 0xff;
  unsigned sbit = 0;
  /* an empty field (len 0) gives 0 for .s32 too: the PTX ISA's "sbit = 0 when len == 0",
   * and what the H200 gives (nvcc 13.0, 2026-12-01; e.g. bfe.s32 of 0xdeadbeef at pos 2) */
  if (sign && len) sbit = pos + len - 1 > 31u ? a >> 31 : a >> (pos + len - 1) & 1;
  unsigned d = 0;
  for (unsigned k = 0; k < 32; k++) {
    unsigned bit = (k < len && pos + k <= 31) ? a >> (pos + k) & 1 : sbit;
    d |= bit << k;
  }
  return d;
}
static unsigned bfi(unsigned f, unsigned b, unsigned pos, unsigned len) {
  pos &= 0xff, len &= 0xff;
  for (unsigned k = 0; k < len && pos + k <= 31; k++) b = (b & ~(1u << (pos + k))) | (f >> k & 1) << (pos + k);
  return b;
}
static unsigned bfind(unsigned a, int sign, int shiftamt) {
  if (sign && (int)a < 0) a = ~a;
  if (!a) return 0xffffffffu;
  unsigned p = 31;
  while (!(a >> p & 1)) p--;
  return shiftamt ? 31 - p : p;
}
static unsigned prmt(unsigned a, unsigned b, unsigned s) {
  unsigned long long v = (unsigned long long)b << 32 | a;
  unsigned d = 0;
  for (int k = 0; k < 4; k++) {
    unsigned sel = s >> (4 * k) & 0xf, byte = v >> (8 * (sel & 7)) & 0xff;
    if (sel & 8) byte = byte & 0x80 ? 0xff : 0;
    d |= byte << (8 * k);
  }
  return d;
}
/* prmt's modes: the byte of {b, a} each result byte takes, by c[1:0] (PTX ISA table) */
static unsigned prmt_mode(unsigned a, unsigned b, unsigned c, int mode) {
  static const unsigned char table[6][4][4] = {
      {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},  /* f4e: d.b0 first */
      {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},  /* b4e */
      {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},  /* rc8 */
      {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},  /* ecl */
      {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},  /* ecr */
      {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}}; /* rc16 */
  unsigned long long v = (unsigned long long)b << 32 | a;
  unsigned d = 0;
  for (int k = 0; k < 4; k++) d |= (unsigned)(v >> (8 * table[mode][c & 3][k]) & 0xff) << (8 * k);
  return d;
}
static unsigned lop3(unsigned a, unsigned b, unsigned c, unsigned lut) {
  unsigned d = 0;
  for (int k = 0; k < 32; k++) {
    unsigned idx = (a >> k & 1) << 2 | (b >> k & 1) << 1 | (c >> k & 1);
    d |= (lut >> idx & 1) << k;
  }
  return d;
}
static unsigned shf_l_wrap(unsigned lo, unsigned hi, unsigned n) {
  n &= 31;
  unsigned long long v = (unsigned long long)hi << 32 | lo;
  return (unsigned)((v << n) >> 32);
}
static unsigned shf_r_clamp(unsigned lo, unsigned hi, unsigned n) {
  if (n > 32) n = 32;
  unsigned long long v = (unsigned long long)hi << 32 | lo;
  return (unsigned)(v >> n);
}
static int dp4a(unsigned a, unsigned b, int c) {
  for (int k = 0; k < 4; k++) c += (int)(signed char)(a >> 8 * k) * (int)(signed char)(b >> 8 * k);
  return c;
}

static void reference(unsigned x, unsigned y, unsigned z, unsigned *o) {
  long long sx = (int)x, sy = (int)y;
  o[0] = x + y; o[1] = x - y;
  o[2] = x + y; o[3] = (unsigned long long)x + y > 0xffffffffull;
  o[4] = x - y; o[5] = 0u - (x < y);
  o[6] = x * y; o[7] = (unsigned)(((unsigned long long)x * y) >> 32);
  o[8] = (unsigned)((unsigned long long)(sx * sy) >> 32);
  o[9] = (unsigned)(sx * sy); o[10] = (unsigned)((unsigned long long)(sx * sy) >> 32);
  o[11] = x * y + z;
  o[12] = bfe(x, y & 0x3f, z & 0x3f, 0); o[13] = bfe(x, y & 0x3f, z & 0x3f, 1);
  o[14] = bfi(x, y, z & 0x3f, (z >> 8) & 0x3f);
  o[15] = bfind(x, 0, 0); o[16] = bfind(x, 1, 0); o[17] = bfind(x, 0, 1);
  unsigned rv = 0;
  for (int k = 0; k < 32; k++) rv |= (x >> k & 1) << (31 - k);
  o[18] = rv;
  o[19] = x ? 31 - bfind(x, 0, 0) : 32;
  unsigned pc = 0;
  for (int k = 0; k < 32; k++) pc += x >> k & 1;
  o[20] = pc;
  o[21] = prmt(x, y, z);
  o[22] = lop3(x, y, z, 0xE8); o[23] = x ^ y ^ z;
  o[24] = shf_l_wrap(x, y, z); o[25] = shf_r_clamp(x, y, z & 63);
  o[26] = (y & 63) > 31 ? 0 : x << (y & 63);
  o[27] = (unsigned)((int)x >> ((y & 63) > 31 ? 31 : (y & 63)));
  o[28] = (y & 63) > 31 ? 0 : x >> (y & 63);
  o[29] = (int)x < (int)y ? x : y; o[30] = x > y ? x : y;
  o[31] = (int)x < 0 ? 0u - x : x; o[32] = 0u - x;
  o[33] = (int)x < (int)y ? 9 : 7;
  o[34] = x > y ? 1 : 2;
  /* a result narrower than its register: sign-extended for a signed type (PTX ISA, operand
   * size exceeding instruction-type size) */
  o[35] = (unsigned)(int)(sx < -128 ? -128 : sx > 127 ? 127 : sx);
  o[36] = x & 0xffff;
  o[37] = (unsigned)(int)(short)x;
  o[38] = (unsigned)dp4a(x, y, (int)z);
  o[39] = (unsigned)(((unsigned long long)x * y + ((unsigned long long)z << 20)) >> 13);
  for (int m = 0; m < 6; m++) o[40 + m] = prmt_mode(x, y, z, m);
}

int main() {
  static unsigned a[N], b[N], c[N], out[N * NOPS], big[5 * N / 4];
  const unsigned edge[] = {0, 1, 2, 31, 32, 33, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff,
                           0xfffffffe, 0x12345678, 0xdeadbeef, 0x00ff00ff, 0x8000, 0xffff};
  unsigned seed = 12345;
  for (int i = 0; i < N; i++) {
    if (i < 16 * 16) {
      a[i] = edge[i % 16], b[i] = edge[(i / 16) % 16];
    }
    seed = seed * 1664525u + 1013904223u;
    c[i] = seed;
    if (i >= 128) {
      seed = seed * 1664525u + 1013904223u; a[i] = seed;
      seed = seed * 1664525u + 1013904223u; b[i] = seed;
    }
  }
  unsigned *da, *db, *dc, *dout, *dbig;
  cudaMalloc(&da, sizeof a); cudaMalloc(&db, sizeof b); cudaMalloc(&dc, sizeof c);
  cudaMalloc(&dout, sizeof out); cudaMalloc(&dbig, sizeof big);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
  ops<<<N / 64, 64>>>(da, db, dc, dout);
  bignum<<<1, N / 4>>>(da, db, dbig);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(big, dbig, sizeof big, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    unsigned ref[NOPS];
    reference(a[i], b[i], c[i], ref);
    for (int k = 0; k < NOPS; k++)
      if (out[i * NOPS + k] != ref[k] && bad++ < 20)
        printf("op %d (a=%08x b=%08x c=%08x): got %08x, want %08x\n", k, a[i], b[i], c[i],
               out[i * NOPS + k], ref[k]);
  }
  for (int i = 0; i < N / 4; i++) {
    unsigned long long carry = 0;
    for (int k = 0; k < 4; k++) {
      unsigned long long s = (unsigned long long)a[4 * i + k] + b[4 * i + k] + carry;
      if (big[5 * i + k] != (unsigned)s && bad++ < 20) printf("bignum %d limb %d wrong\n", i, k);
      carry = s >> 32;
    }
    if (big[5 * i + 4] != carry && bad++ < 20) printf("bignum %d carry wrong\n", i);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
