// Inline PTX, float instructions: add/sub/mul/fma/div/rcp/sqrt in the rounding modes, .ftz and
// .sat, min/max/abs/neg, copysign, testp, setp on floats, and cvt between floats and integers
// with rounding modifiers (and f32 <-> f16, f16x2), half add/sub/mul/neg/abs (also f16x2), over edge cases (signed zeros, subnormals, infinities, NaN, the
// largest values) and random bits, compared bit for bit (any NaN for a NaN) with the host
// computing in the same IEEE rounding mode (fesetround).
#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>

#define NOPS 40
#define N 512

__global__ void ops(const float *a, const float *b, const float *c, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  float x = a[i], y = b[i], z = c[i], r;
  unsigned *o = out + i * NOPS;
  int k;
  double d;
#define F(n) o[n] = __float_as_uint(r)
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(0);
  asm("add.rz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(1);
  asm("sub.rm.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(2);
  asm("mul.rp.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(3);
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(4);
  asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(x), "f"(y), "f"(z)); F(5);
  asm("fma.rz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(x), "f"(y), "f"(z)); F(6);
  asm("div.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(7);
  asm("rcp.rn.f32 %0, %1;" : "=f"(r) : "f"(x)); F(8);
  asm("sqrt.rn.f32 %0, %1;" : "=f"(r) : "f"(x)); F(9);
  asm("add.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(10);
  asm("add.sat.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(11);
  asm("min.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(12);
  asm("max.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(13);
  asm("abs.f32 %0, %1;" : "=f"(r) : "f"(x)); F(14);
  asm("neg.f32 %0, %1;" : "=f"(r) : "f"(x)); F(15);
  asm("copysign.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); F(16);
  asm("{ .reg .pred p; testp.finite.f32 p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(k) : "f"(x)); o[17] = k;
  asm("{ .reg .pred p; testp.subnormal.f32 p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(k) : "f"(x)); o[18] = k;
  asm("{ .reg .pred p; setp.ltu.f32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(k) : "f"(x), "f"(y)); o[19] = k;
  asm("{ .reg .pred p; setp.num.f32 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(k) : "f"(x), "f"(y)); o[20] = k;
  asm("cvt.rni.s32.f32 %0, %1;" : "=r"(k) : "f"(x)); o[21] = k;
  asm("cvt.rzi.u32.f32 %0, %1;" : "=r"(k) : "f"(x)); o[22] = k;
  asm("cvt.rmi.f32.f32 %0, %1;" : "=f"(r) : "f"(x)); F(23);
  asm("cvt.rz.f32.s32 %0, %1;" : "=f"(r) : "r"(__float_as_int(y))); F(24);
  asm("cvt.rn.f32.u32 %0, %1;" : "=f"(r) : "r"(__float_as_int(y))); F(25);
  asm("cvt.f64.f32 %0, %1;" : "=d"(d) : "f"(x));
  asm("cvt.rz.f32.f64 %0, %1;" : "=f"(r) : "d"(d * 3.0)); F(26);
  asm("cvt.rn.f32.f64 %0, %1;" : "=f"(r) : "d"(d * 3.0)); F(27);
  asm("mov.f32 %0, 0f3F800000;" : "=f"(r)); F(28);
  asm("{ .reg .f32 t; mul.rn.f32 t, %1, 0f40000000; sub.rn.f32 %0, t, %1; }" : "=f"(r) : "f"(x)); F(29);
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x)); o[30] = h;
  asm("cvt.f32.f16 %0, %1;" : "=f"(r) : "h"(h)); F(31);
  asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(k) : "f"(x), "f"(y)); o[32] = k;
  asm("cvt.rni.s32.f16 %0, %1;" : "=r"(k) : "h"(h)); o[33] = k;
  asm("cvt.f64.f16 %0, %1;" : "=d"(d) : "h"(h));
  o[34] = __float_as_uint((float)d);
  unsigned short hy, hs;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(hy) : "f"(y));
  asm("add.f16 %0, %1, %2;" : "=h"(hs) : "h"(h), "h"(hy)); o[35] = hs;
  asm("sub.rn.f16 %0, %1, %2;" : "=h"(hs) : "h"(h), "h"(hy)); o[36] = hs;
  asm("mul.rn.f16x2 %0, %1, %2;" : "=r"(k) : "r"((unsigned)h << 16 | hy), "r"((unsigned)hy << 16 | h)); o[37] = k;
  asm("neg.f16 %0, %1;" : "=h"(hs) : "h"(h)); o[38] = hs;
  asm("abs.f16x2 %0, %1;" : "=r"(k) : "r"((unsigned)h << 16 | hy)); o[39] = k;
}

static float bits(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
static unsigned ubits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static float ftz(float f) { return std::fabs(f) < 0x1p-126f ? std::copysign(0.0f, f) : f; }

/* binary16 of a float, to nearest even; and back (exact) */
static unsigned short to_half(float f) {
  unsigned x = ubits(f), sign = x >> 16 & 0x8000, e = x >> 23 & 0xff, m = x & 0x7fffff;
  if (e == 0xff) return sign | 0x7c00 | (m ? 0x200 : 0);
  if (e == 0 && m == 0) return sign;
  unsigned mant = e ? m | 0x800000 : m;
  int exp = e ? (int)e - 127 : -126;
  if (exp > 15) return sign | 0x7c00;
  int he = exp < -14 ? -14 : exp, sh = he - exp + 13;
  unsigned n = sh > 31 ? 0 : mant >> sh;
  if (sh <= 31) {
    unsigned rem = mant & ((1u << sh) - 1), half = 1u << (sh - 1);
    if (rem > half || (rem == half && (n & 1))) n++;
  }
  unsigned out = ((unsigned)(he + 14) << 10) + n;
  return sign | (out >= 0x7c00 ? 0x7c00 : out);
}
static float from_half(unsigned short h) {
  unsigned e = h >> 10 & 31, m = h & 1023;
  float v = e == 31 ? (m ? NAN : INFINITY) : e ? std::ldexp((float)(1024 + m), (int)e - 25) : std::ldexp((float)m, -24);
  return h & 0x8000 ? -v : v;
}

static volatile float vx, vy, vz;
static volatile double vd;
/* r is volatile: the operation must happen between the two fesetround calls. Without that,
 * gcc -O2 (nvcc's host compiler) computed it after the return to round-to-nearest, and the
 * directed-rounding rows (ops 1, 2, 26) disagreed with the H200 (nvcc 13.0, 2026-12-01),
 * which rounds as PTX says: e.g. sub.rm of 0 - 0 is -0, add.rz of 1 + -tiny is 0x3f7fffff. */
static float rounded(int mode, int op) {
  std::fesetround(mode);
  volatile float r;
  switch (op) {
  case 0: r = vx + vy; break;
  case 1: r = vx - vy; break;
  case 2: r = vx * vy; break;
  case 3: r = std::fma((float)vx, (float)vy, (float)vz); break;
  case 4: r = vx / vy; break;
  case 5: r = 1.0f / vx; break;
  case 6: r = std::sqrt((float)vx); break;
  case 7: r = (float)(int)ubits(vy); break;
  case 8: r = (float)ubits(vy); break;
  default: r = (float)vd; break;
  }
  std::fesetround(FE_TONEAREST);
  return r;
}

static void reference(float x, float y, float z, unsigned *o) {
  vx = x, vy = y, vz = z;
  o[0] = ubits(rounded(FE_TONEAREST, 0));
  o[1] = ubits(rounded(FE_TOWARDZERO, 0));
  o[2] = ubits(rounded(FE_DOWNWARD, 1));
  o[3] = ubits(rounded(FE_UPWARD, 2));
  o[4] = ubits(rounded(FE_TONEAREST, 2));
  o[5] = ubits(rounded(FE_TONEAREST, 3));
  o[6] = ubits(rounded(FE_TOWARDZERO, 3));
  o[7] = ubits(rounded(FE_TONEAREST, 4));
  o[8] = ubits(rounded(FE_TONEAREST, 5));
  o[9] = ubits(rounded(FE_TONEAREST, 6));
  o[10] = ubits(ftz(ftz(x) + ftz(y)));
  float s = x + y;
  o[11] = ubits(std::isnan(s) ? 0.0f : s <= 0 ? 0.0f : s > 1 ? 1.0f : s); /* -0 -> +0: see H200 */
  /* -0 below +0: min(+0, -0) = -0 and max(-0, +0) = +0 on the H200 (nvcc 13.0, 2026-12-01);
   * the host's fmin/fmax may return either zero */
  o[12] = x == y ? ubits(x) | ubits(y) : ubits(std::fmin(x, y));
  o[13] = x == y ? ubits(x) & ubits(y) : ubits(std::fmax(x, y));
  o[14] = ubits(std::fabs(x));
  o[15] = ubits(-x);
  o[16] = ubits(std::copysign(y, x));
  o[17] = std::isfinite(x);
  o[18] = std::fpclassify(x) == FP_SUBNORMAL;
  o[19] = !(x >= y);
  o[20] = !std::isnan(x) && !std::isnan(y);
  /* float -> integer: saturating, NaN -> 0 (PTX cvt) */
  float ri = std::nearbyint(x);
  o[21] = std::isnan(x) ? 0 : ri >= 0x1p31f ? 0x7fffffff : ri < -0x1p31f ? 0x80000000u : (unsigned)(int)ri;
  float tz = std::trunc(x);
  o[22] = std::isnan(x) ? 0 : tz >= 0x1p32f ? 0xffffffffu : tz <= 0 ? 0 : (unsigned)tz;
  o[23] = ubits(std::floor(x));
  o[24] = ubits(rounded(FE_TOWARDZERO, 7));
  o[25] = ubits(rounded(FE_TONEAREST, 8));
  vd = (double)x * 3.0;
  o[26] = ubits(rounded(FE_TOWARDZERO, 9));
  o[27] = ubits(rounded(FE_TONEAREST, 9));
  o[28] = 0x3f800000;
  o[29] = ubits(x * 2.0f - x);
  o[30] = to_half(x);
  o[31] = ubits(from_half((unsigned short)o[30]));
  o[32] = (unsigned)to_half(x) << 16 | to_half(y);
  float hx = from_half((unsigned short)o[30]), hr = std::nearbyint(hx);
  o[33] = std::isnan(hx) ? 0 : hr >= 0x1p31f ? 0x7fffffff : hr < -0x1p31f ? 0x80000000u : (unsigned)(int)hr;
  o[34] = o[31];
  float fx = from_half(to_half(x)), fy = from_half(to_half(y));
  o[35] = to_half(fx + fy);
  o[36] = to_half(fx - fy);
  unsigned short m = to_half(fx * fy);
  o[37] = (unsigned)m << 16 | m;
  o[38] = to_half(x) ^ 0x8000u;
  o[39] = ((unsigned)to_half(x) << 16 | to_half(y)) & 0x7fff7fffu;
}

static int same(unsigned got, unsigned want, int k) {
  if ((k >= 17 && k <= 22) || k == 33) return got == want;
  if (k == 30 && (want & 0x7c00) == 0x7c00 && (want & 0x3ff)) return (got & 0x7c00) == 0x7c00 && (got & 0x3ff);
  if (k == 35 || k == 36 || k == 38) return same(got << 16, want << 16, 32) && !(got >> 16);
  if (k == 32 || k == 37 || k == 39) { /* two halves, NaNs of any payload */
    for (int s = 0; s < 32; s += 16) {
      unsigned g = got >> s & 0xffff, w = want >> s & 0xffff;
      if ((w & 0x7c00) == 0x7c00 && (w & 0x3ff) ? !((g & 0x7c00) == 0x7c00 && (g & 0x3ff)) : g != w) return 0;
    }
    return 1;
  }
  if (std::isnan(bits(want))) return std::isnan(bits(got));
  return got == want;
}

int main() {
  static float a[N], b[N], c[N];
  static unsigned out[N * NOPS];
  const unsigned edge[] = {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3fc00000, 0x00000001,
                           0x80000123, 0x007fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x7f800000,
                           0xff800000, 0x7fc00000, 0x4f000000, 0xcf000001, 0x3dcccccd, 0x4b800001,
                           0x3f000000, 0x3effffff};
  const int ne = sizeof edge / sizeof *edge;
  unsigned seed = 7;
  for (int i = 0; i < N; i++) {
    unsigned r[3];
    for (int k = 0; k < 3; k++) {
      seed = seed * 1664525u + 1013904223u;
      r[k] = seed;
      if (k < 2 && (seed >> 28) < 4) r[k] = (r[k] & 0x807fffff) | (((seed >> 12) % 60 + 97) << 23);
    }
    if (i < ne * ne) r[0] = edge[i % ne], r[1] = edge[i / ne];
    a[i] = bits(r[0]), b[i] = bits(r[1]), c[i] = bits(r[2] & 0x80ffffff | 0x3f000000);
  }
  float *da, *db, *dc;
  unsigned *dout;
  cudaMalloc(&da, sizeof a); cudaMalloc(&db, sizeof b); cudaMalloc(&dc, sizeof c);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
  ops<<<N / 64, 64>>>(da, db, dc, dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    unsigned ref[NOPS];
    reference(a[i], b[i], c[i], ref);
    for (int k = 0; k < NOPS; k++)
      if (!same(out[i * NOPS + k], ref[k], k) && bad++ < 30)
        printf("op %d (a=%08x b=%08x c=%08x): got %08x, want %08x\n", k, ubits(a[i]), ubits(b[i]),
               ubits(c[i]), out[i * NOPS + k], ref[k]);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
