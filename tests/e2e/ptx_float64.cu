// Inline PTX, double-precision and approximate float instructions: add/mul/fma/div/rcp/sqrt
// .f64 in the rounding modes, the directed f32 div/rcp/sqrt, cvt between doubles and 32/64-bit
// integers (saturating, every rounding), testp/setp/min/abs/neg on doubles (and testp.normal
// .f32) — bit for bit with the host in the same IEEE rounding mode — and
// ex2/lg2/sin/cos/tanh/rsqrt .approx.f32, div.approx/div.full within the PTX ISA's error bounds.
#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>

#define NOPS 27
#define NAPPROX 8
#define N 512
typedef unsigned long long u64;

__global__ void ops(const double *a, const double *b, const double *c, u64 *out, float *approx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  double x = a[i], y = b[i], z = c[i], r;
  float fx = (float)x, fy = (float)y, f;
  u64 *o = out + i * NOPS;
  long long l;
  unsigned long long ul;
  int k;
#define D(n) o[n] = __double_as_longlong(r)
  asm("add.rn.f64 %0, %1, %2;" : "=d"(r) : "d"(x), "d"(y)); D(0);
  asm("add.rz.f64 %0, %1, %2;" : "=d"(r) : "d"(x), "d"(y)); D(1);
  asm("add.rm.f64 %0, %1, %2;" : "=d"(r) : "d"(x), "d"(y)); D(2);
  asm("mul.rp.f64 %0, %1, %2;" : "=d"(r) : "d"(x), "d"(y)); D(3);
  asm("fma.rn.f64 %0, %1, %2, %3;" : "=d"(r) : "d"(x), "d"(y), "d"(z)); D(4);
  asm("fma.rz.f64 %0, %1, %2, %3;" : "=d"(r) : "d"(x), "d"(y), "d"(z)); D(5);
  asm("div.rn.f64 %0, %1, %2;" : "=d"(r) : "d"(x), "d"(y)); D(6);
  asm("div.rz.f64 %0, %1, %2;" : "=d"(r) : "d"(x), "d"(y)); D(7);
  asm("rcp.rn.f64 %0, %1;" : "=d"(r) : "d"(x)); D(8);
  asm("sqrt.rn.f64 %0, %1;" : "=d"(r) : "d"(x)); D(9);
  asm("sqrt.rp.f32 %0, %1;" : "=f"(f) : "f"(fx)); o[10] = __float_as_uint(f);
  asm("rcp.rz.f32 %0, %1;" : "=f"(f) : "f"(fx)); o[11] = __float_as_uint(f);
  asm("div.rp.f32 %0, %1, %2;" : "=f"(f) : "f"(fx), "f"(fy)); o[12] = __float_as_uint(f);
  asm("cvt.rni.s64.f64 %0, %1;" : "=l"(l) : "d"(x)); o[13] = l;
  asm("cvt.rzi.u64.f64 %0, %1;" : "=l"(ul) : "d"(x)); o[14] = ul;
  asm("cvt.rpi.s32.f64 %0, %1;" : "=r"(k) : "d"(x)); o[15] = (unsigned)k;
  asm("cvt.rn.f64.s64 %0, %1;" : "=d"(r) : "l"(__double_as_longlong(y))); D(16);
  asm("cvt.rz.f64.u64 %0, %1;" : "=d"(r) : "l"(__double_as_longlong(y))); D(17);
  asm("cvt.rn.f64.s32 %0, %1;" : "=d"(r) : "r"((int)__double_as_longlong(y))); D(18);
  asm("cvt.rmi.f64.f64 %0, %1;" : "=d"(r) : "d"(x)); D(19);
  asm("{ .reg .pred p; testp.normal.f64 p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(k) : "d"(x)); o[20] = k;
  asm("{ .reg .pred p; setp.gtu.f64 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(k) : "d"(x), "d"(y)); o[21] = k;
  asm("min.f64 %0, %1, %2;" : "=d"(r) : "d"(x), "d"(y)); D(22);
  asm("abs.f64 %0, %1;" : "=d"(r) : "d"(x)); D(23);
  asm("neg.f64 %0, %1;" : "=d"(r) : "d"(x)); D(24);
  asm("sub.rp.f64 %0, %1, %2;" : "=d"(r) : "d"(x), "d"(y)); D(25);
  asm("{ .reg .pred p; testp.normal.f32 p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(k) : "f"(fx)); o[26] = k;

  /* approximations, on inputs in the ranges their bounds are stated for */
  float t = (float)(i % 64) / 64.0f; /* [0, 1) */
  float *p = approx + i * NAPPROX;
  asm("ex2.approx.f32 %0, %1;" : "=f"(p[0]) : "f"(20.0f * t - 10.0f));
  asm("lg2.approx.f32 %0, %1;" : "=f"(p[1]) : "f"(0.5f + 1.5f * t));
  asm("sin.approx.f32 %0, %1;" : "=f"(p[2]) : "f"(6.2f * t - 3.1f));
  asm("cos.approx.f32 %0, %1;" : "=f"(p[3]) : "f"(6.2f * t - 3.1f));
  asm("tanh.approx.f32 %0, %1;" : "=f"(p[4]) : "f"(8.0f * t - 4.0f));
  asm("rsqrt.approx.f32 %0, %1;" : "=f"(p[5]) : "f"(0.01f + 100.0f * t));
  asm("div.approx.f32 %0, %1, %2;" : "=f"(p[6]) : "f"(fx), "f"(1.0f + t));
  asm("div.full.f32 %0, %1, %2;" : "=f"(p[7]) : "f"(fx), "f"(-3.0f + t));
}

static u64 dbits(double d) { u64 u; memcpy(&u, &d, 8); return u; }
static unsigned fbits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static double dval(u64 u) { double d; memcpy(&d, &u, 8); return d; }

static volatile double vx, vy, vz;
static volatile float fx, fy;
static volatile long long vl;
static volatile unsigned long long vu;
static volatile int vi;
/* r is volatile: the operation must happen between the two fesetround calls. Without that,
 * gcc -O2 (nvcc's host compiler) computed it after the return to round-to-nearest, and the
 * directed-rounding rows (ops 1, 2, 11, 25) disagreed with the H200 (nvcc 13.0, 2026-12-01),
 * which rounds as PTX says: e.g. add.rm of -1 + 1 is -0, rcp.rz.f32 of 0.1f is 0x411fffff. */
static u64 in_mode(int mode, int op) {
  std::fesetround(mode);
  volatile u64 r;
  switch (op) {
  case 0: r = dbits(vx + vy); break;
  case 1: r = dbits(vx * vy); break;
  case 2: r = dbits(std::fma((double)vx, (double)vy, (double)vz)); break;
  case 3: r = dbits(vx / vy); break;
  case 4: r = dbits(1.0 / vx); break;
  case 5: r = dbits(std::sqrt((double)vx)); break;
  case 6: r = fbits(std::sqrt((float)fx)); break;
  case 7: r = fbits(1.0f / fx); break;
  case 8: r = fbits(fx / fy); break;
  case 9: r = dbits((double)vl); break;
  case 10: r = dbits((double)vu); break;
  case 11: r = dbits((double)vi); break;
  default: r = dbits(vx - vy); break;
  }
  std::fesetround(FE_TONEAREST);
  return r;
}

static void reference(double x, double y, double z, u64 *o) {
  vx = x, vy = y, vz = z, fx = (float)x, fy = (float)y;
  o[0] = in_mode(FE_TONEAREST, 0); o[1] = in_mode(FE_TOWARDZERO, 0); o[2] = in_mode(FE_DOWNWARD, 0);
  o[3] = in_mode(FE_UPWARD, 1); o[4] = in_mode(FE_TONEAREST, 2); o[5] = in_mode(FE_TOWARDZERO, 2);
  o[6] = in_mode(FE_TONEAREST, 3); o[7] = in_mode(FE_TOWARDZERO, 3); o[8] = in_mode(FE_TONEAREST, 4);
  o[9] = in_mode(FE_TONEAREST, 5); o[10] = in_mode(FE_UPWARD, 6); o[11] = in_mode(FE_TOWARDZERO, 7);
  o[12] = in_mode(FE_UPWARD, 8);
  /* double -> integer: saturating; NaN -> the top bit alone (as an H200: include/anchor/math/rounding.h) */
  double n = std::nearbyint(x), t = std::trunc(x), c = std::ceil(x);
  o[13] = std::isnan(x) ? 0x8000000000000000ull : n >= 0x1p63 ? 0x7fffffffffffffffull : n < -0x1p63 ? 0x8000000000000000ull : (u64)(long long)n;
  o[14] = std::isnan(x) ? 0x8000000000000000ull : t >= 0x1p64 ? ~0ull : t <= 0 ? 0 : (u64)t;
  o[15] = std::isnan(x) ? 0x80000000u : c >= 0x1p31 ? 0x7fffffffu : c < -0x1p31 ? 0x80000000u : (unsigned)(int)c;
  vl = (long long)dbits(y), vu = dbits(y), vi = (int)dbits(y);
  o[16] = in_mode(FE_TONEAREST, 9); o[17] = in_mode(FE_TOWARDZERO, 10); o[18] = in_mode(FE_TONEAREST, 11);
  o[19] = dbits(std::floor(x));
  /* zeros count as normal: the PTX ISA's special case for testp, and the H200's answer
   * (nvcc 13.0, 2026-12-01) */
  o[20] = std::isnormal(x) || x == 0;
  o[21] = !(x <= y);
  /* -0 below +0: min(+0, -0) = -0 on the H200 (nvcc 13.0, 2026-12-01); the host's fmin may
   * return either zero */
  o[22] = x == y ? dbits(x) | dbits(y) : dbits(std::fmin(x, y));
  o[23] = dbits(std::fabs(x)); o[24] = dbits(-x);
  o[25] = in_mode(FE_UPWARD, 12);
  float f = (float)x; /* zeros are normal for .f32 too (the PTX ISA's special case) */
  o[26] = std::isnormal(f) || f == 0;
}

static int same(u64 got, u64 want, int k) {
  if (k == 13 || k == 14 || k == 15 || k == 20 || k == 21 || k == 26) return got == want;
  int f32 = k >= 10 && k <= 12;
  if (f32 ? std::isnan(*(float *)&want) : std::isnan(dval(want)))
    return f32 ? std::isnan(*(float *)&got) : std::isnan(dval(got));
  return got == want;
}

int main() {
  static double a[N], b[N], c[N];
  static u64 out[N * NOPS];
  static float approx[N * NAPPROX];
  const u64 edge[] = {0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
                      0x0000000000000001ull, 0x800fffffffffffffull, 0x0010000000000000ull,
                      0x7fefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                      0x7ff8000000000000ull, 0x43e0000000000000ull, 0xc3e0000000000001ull,
                      0x41dfffffffc00000ull, 0x3fe0000000000000ull, 0x4330000000000001ull,
                      0x3fb999999999999aull, 0x43f0000000000000ull};
  const int ne = sizeof edge / sizeof *edge;
  u64 seed = 3;
  for (int i = 0; i < N; i++) {
    u64 r[3];
    for (int k = 0; k < 3; k++) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      r[k] = seed;
      if ((seed >> 60) < 8) r[k] = (r[k] & 0x800fffffffffffffull) | ((u64)((seed >> 20) % 200 + 923) << 52);
    }
    if (i < ne * ne) r[0] = edge[i % ne], r[1] = edge[i / ne];
    a[i] = dval(r[0]), b[i] = dval(r[1]), c[i] = dval(r[2]);
  }
  double *da, *db, *dc;
  u64 *dout;
  float *dapprox;
  cudaMalloc(&da, sizeof a); cudaMalloc(&db, sizeof b); cudaMalloc(&dc, sizeof c);
  cudaMalloc(&dout, sizeof out); cudaMalloc(&dapprox, sizeof approx);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
  ops<<<N / 64, 64>>>(da, db, dc, dout, dapprox);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(approx, dapprox, sizeof approx, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    u64 ref[NOPS];
    reference(a[i], b[i], c[i], ref);
    for (int k = 0; k < NOPS; k++)
      if (!same(out[i * NOPS + k], ref[k], k) && bad++ < 30)
        printf("op %d (a=%016llx b=%016llx c=%016llx): got %016llx, want %016llx\n", k, dbits(a[i]),
               dbits(b[i]), dbits(c[i]), out[i * NOPS + k], ref[k]);
    /* approximations: the PTX ISA's bounds (relative unless noted) */
    double t = (double)(float)((float)(i % 64) / 64.0f);
    float fx = (float)a[i];
    double x[NAPPROX] = {20.0f * (float)t - 10.0f, 0.5f + 1.5f * (float)t, 6.2f * (float)t - 3.1f,
                         6.2f * (float)t - 3.1f, 8.0f * (float)t - 4.0f, 0.01f + 100.0f * (float)t};
    double want[NAPPROX] = {std::exp2((float)x[0]), std::log2((float)x[1]), std::sin((float)x[2]),
                            std::cos((float)x[3]), std::tanh((float)x[4]), 1.0 / std::sqrt((float)x[5]),
                            (double)fx / (1.0f + (float)t), (double)fx / (-3.0f + (float)t)};
    double tol[NAPPROX] = {0x1p-22, 0x1p-22, 0x1p-20, 0x1p-20, 0x1p-10, 0x1p-22, 0x1p-22, 0x1p-22};
    int absolute[NAPPROX] = {0, 1, 1, 1, 0, 0, 0, 0};
    for (int k = 0; k < NAPPROX; k++) {
      double got = approx[i * NAPPROX + k];
      if (!std::isfinite(want[k]) || std::fabs(want[k]) > 1e30 || std::fabs(want[k]) < 1e-30) continue;
      double err = std::fabs(got - want[k]) / (absolute[k] ? 1.0 : std::fabs(want[k]));
      if (!(err <= tol[k]) && bad++ < 30)
        printf("approx %d (input %d): got %.9g, want %.9g\n", k, i, got, want[k]);
    }
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
