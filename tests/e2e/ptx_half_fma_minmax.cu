// ptx_half_fma_minmax.cu — inline PTX fma.rn{.sat,.relu} and min/max{.NaN} on .f16,
// .f16x2, .bf16 and .bf16x2, and the special registers %smid/%nsmid. Two checks: (1) over
// random and edge-case inputs (signed zeros, NaN, infinities, subnormals, values whose
// fma differs from a rounded multiply-add) each PTX instruction gives the bits of the
// cuda_fp16.h / cuda_bf16.h function nvcc's headers implement with it (__hfma,
// __hfma_sat, __hfma_relu, __hmin, __hmax, __hmin_nan, __hmax_nan and their x2 forms), per
// lane; (2) rows of exact values the CPU knows (fma(1.5, 3, 0.25) = 4.75, min(-0, +0) =
// -0, max(+0, -0) = +0, a NaN operand of min gives the other, of min.NaN the canonical NaN
// 0x7fff, relu of a negative result +0, sat clamps to 1, the lanes of x2 kept apart).
// %smid must be below %nsmid (printed: Anchor gives 0 of 1; an NVIDIA GPU its SM).
// Prints PASS or FAIL: <details>.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 512, OPS = 22 };

__device__ unsigned short hb(__half h) { return __half_as_ushort(h); }
__device__ unsigned short bb(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }
__device__ unsigned pack(unsigned short lo, unsigned short hi) { return (unsigned)hi << 16 | lo; }

// out[i*OPS*2 + 2k]: the PTX result of op k, [.. + 1]: the header function's.
__global__ void run(const unsigned *in, unsigned *out, unsigned *sm) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  unsigned a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2], *o = out + (size_t)i * OPS * 2;
  unsigned short ha = (unsigned short)a, hbv = (unsigned short)b, hc = (unsigned short)c, r;
  unsigned r2;
  __half xa = __ushort_as_half(ha), xb = __ushort_as_half(hbv), xc = __ushort_as_half(hc);
  __nv_bfloat16 ya = __ushort_as_bfloat16(ha), yb = __ushort_as_bfloat16(hbv),
                yc = __ushort_as_bfloat16(hc);
  __half2 pa = __halves2half2(__ushort_as_half((unsigned short)a), __ushort_as_half(a >> 16));
  __half2 pb = __halves2half2(__ushort_as_half((unsigned short)b), __ushort_as_half(b >> 16));
  __half2 pc = __halves2half2(__ushort_as_half((unsigned short)c), __ushort_as_half(c >> 16));
  __nv_bfloat162 qa = __halves2bfloat162(ya, __ushort_as_bfloat16(a >> 16));
  __nv_bfloat162 qb = __halves2bfloat162(yb, __ushort_as_bfloat16(b >> 16));
  __nv_bfloat162 qc = __halves2bfloat162(yc, __ushort_as_bfloat16(c >> 16));
#define H2(v) pack(hb(__low2half(v)), hb(__high2half(v)))
#define B2(v) pack(bb(__low2bfloat16(v)), bb(__high2bfloat16(v)))
  int k = 0;
  asm("fma.rn.f16 %0, %1, %2, %3;" : "=h"(r) : "h"(ha), "h"(hbv), "h"(hc)); o[k++] = r; o[k++] = hb(__hfma(xa, xb, xc));
  asm("fma.rn.sat.f16 %0, %1, %2, %3;" : "=h"(r) : "h"(ha), "h"(hbv), "h"(hc)); o[k++] = r; o[k++] = hb(__hfma_sat(xa, xb, xc));
  asm("fma.rn.relu.f16 %0, %1, %2, %3;" : "=h"(r) : "h"(ha), "h"(hbv), "h"(hc)); o[k++] = r; o[k++] = hb(__hfma_relu(xa, xb, xc));
  asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(r2) : "r"(a), "r"(b), "r"(c)); o[k++] = r2; o[k++] = H2(__hfma2(pa, pb, pc));
  asm("fma.rn.relu.f16x2 %0, %1, %2, %3;" : "=r"(r2) : "r"(a), "r"(b), "r"(c)); o[k++] = r2; o[k++] = H2(__hfma2_relu(pa, pb, pc));
  asm("min.f16 %0, %1, %2;" : "=h"(r) : "h"(ha), "h"(hbv)); o[k++] = r; o[k++] = hb(__hmin(xa, xb));
  asm("max.f16 %0, %1, %2;" : "=h"(r) : "h"(ha), "h"(hbv)); o[k++] = r; o[k++] = hb(__hmax(xa, xb));
  asm("min.NaN.f16 %0, %1, %2;" : "=h"(r) : "h"(ha), "h"(hbv)); o[k++] = r; o[k++] = hb(__hmin_nan(xa, xb));
  asm("max.NaN.f16x2 %0, %1, %2;" : "=r"(r2) : "r"(a), "r"(b)); o[k++] = r2; o[k++] = H2(__hmax2_nan(pa, pb));
  asm("min.f16x2 %0, %1, %2;" : "=r"(r2) : "r"(a), "r"(b)); o[k++] = r2; o[k++] = H2(__hmin2(pa, pb));
  asm("fma.rn.bf16 %0, %1, %2, %3;" : "=h"(r) : "h"(ha), "h"(hbv), "h"(hc)); o[k++] = r; o[k++] = bb(__hfma(ya, yb, yc));
  asm("fma.rn.relu.bf16 %0, %1, %2, %3;" : "=h"(r) : "h"(ha), "h"(hbv), "h"(hc)); o[k++] = r; o[k++] = bb(__hfma_relu(ya, yb, yc));
  asm("fma.rn.bf16x2 %0, %1, %2, %3;" : "=r"(r2) : "r"(a), "r"(b), "r"(c)); o[k++] = r2; o[k++] = B2(__hfma2(qa, qb, qc));
  asm("fma.rn.relu.bf16x2 %0, %1, %2, %3;" : "=r"(r2) : "r"(a), "r"(b), "r"(c)); o[k++] = r2; o[k++] = B2(__hfma2_relu(qa, qb, qc));
  asm("min.bf16 %0, %1, %2;" : "=h"(r) : "h"(ha), "h"(hbv)); o[k++] = r; o[k++] = bb(__hmin(ya, yb));
  asm("max.bf16 %0, %1, %2;" : "=h"(r) : "h"(ha), "h"(hbv)); o[k++] = r; o[k++] = bb(__hmax(ya, yb));
  asm("min.NaN.bf16 %0, %1, %2;" : "=h"(r) : "h"(ha), "h"(hbv)); o[k++] = r; o[k++] = bb(__hmin_nan(ya, yb));
  asm("max.NaN.bf16 %0, %1, %2;" : "=h"(r) : "h"(ha), "h"(hbv)); o[k++] = r; o[k++] = bb(__hmax_nan(ya, yb));
  asm("min.bf16x2 %0, %1, %2;" : "=r"(r2) : "r"(a), "r"(b)); o[k++] = r2; o[k++] = B2(__hmin2(qa, qb));
  asm("max.bf16x2 %0, %1, %2;" : "=r"(r2) : "r"(a), "r"(b)); o[k++] = r2; o[k++] = B2(__hmax2(qa, qb));
  asm("min.NaN.bf16x2 %0, %1, %2;" : "=r"(r2) : "r"(a), "r"(b)); o[k++] = r2; o[k++] = B2(__hmin2_nan(qa, qb));
  asm("max.f16x2 %0, %1, %2;" : "=r"(r2) : "r"(a), "r"(b)); o[k++] = r2; o[k++] = H2(__hmax2(pa, pb));
  if (i == 0) {
    unsigned smid, nsmid;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    asm volatile("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
    sm[0] = smid, sm[1] = nsmid;
  }
}

static unsigned rng = 12345u;
static unsigned next(void) {
  rng = rng * 1664525u + 1013904223u;
  return rng;
}

static const char *const names[OPS] = {
    "fma.rn.f16", "fma.rn.sat.f16", "fma.rn.relu.f16", "fma.rn.f16x2", "fma.rn.relu.f16x2",
    "min.f16", "max.f16", "min.NaN.f16", "max.NaN.f16x2", "min.f16x2", "fma.rn.bf16",
    "fma.rn.relu.bf16", "fma.rn.bf16x2", "fma.rn.relu.bf16x2", "min.bf16", "max.bf16",
    "min.NaN.bf16", "max.NaN.bf16", "min.bf16x2", "max.bf16x2", "min.NaN.bf16x2", "max.f16x2"};

// Exact rows: inputs (a, b, c) and the expected PTX result of op k.
struct exact { unsigned a, b, c; int op; unsigned want; };
static const exact rows[] = {
    {0x3e00, 0x4200, 0x3400, 0, 0x44c0},           // f16 fma(1.5, 3, 0.25) = 4.75
    {0x3e00, 0x4200, 0x3400, 1, 0x3c00},           // sat: 1
    {0xbe00, 0x4200, 0x3400, 2, 0x0000},           // relu(-4.25) = +0
    {0x42003e00, 0x3c004200, 0x3c003400, 3, 0x440044c0}, // lanes: lo 1.5*3+.25, hi 3*1+1
    {0x8000, 0x0000, 0, 5, 0x8000},                // min(-0, +0) = -0
    {0x0000, 0x8000, 0, 6, 0x0000},                // max(+0, -0) = +0
    {0x7e00, 0x3c00, 0, 5, 0x3c00},                // min(NaN, 1) = 1
    {0x7e00, 0x3c00, 0, 7, 0x7fff},                // min.NaN(NaN, 1) = canonical NaN
    {0x3c007e00, 0x40003c00, 0, 8, 0x40007fff},    // max.NaN lanes: (NaN, 1) -> NaN, (1, 2) -> 2
    {0x3fc0, 0x4040, 0x3e80, 10, 0x4098},          // bf16 fma(1.5, 3, 0.25) = 4.75
    {0xbfc0, 0x4040, 0x3e80, 11, 0x0000},          // bf16 relu(-4.25) = +0
    {0x8000, 0x0000, 0, 14, 0x8000},               // bf16 min(-0, +0) = -0
    {0x7fc0, 0x3f80, 0, 15, 0x3f80},               // bf16 max(NaN, 1) = 1
    {0x7fc0, 0x3f80, 0, 16, 0x7fff},               // bf16 min.NaN -> canonical NaN
    {0x3f80ff80, 0x40000000, 0, 18, 0x3f80ff80},   // bf16x2 min: lo min(-inf, +0) = -inf, hi min(1, 2) = 1
};

int main(void) {
  enum { ROWS = sizeof rows / sizeof rows[0] };
  unsigned *in = (unsigned *)malloc(3 * N * sizeof(unsigned));
  static const unsigned short edge[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00,
                                        0x0001, 0x8001, 0x03ff, 0x7bff, 0x3555, 0x4248, 0x7f80,
                                        0xff80, 0x7fc0, 0x0080, 0x3f80, 0xbf80, 0x3c01};
  const unsigned nedge = sizeof edge / sizeof edge[0];
  for (unsigned i = 0; i < N; i++)
    for (unsigned j = 0; j < 3; j++) {
      unsigned v = next();
      if (i < nedge * nedge) // pairs of edge values in a and b, both lanes
        v = j == 0 ? edge[i % nedge] * 0x10001u : j == 1 ? edge[i / nedge] * 0x10001u : v;
      in[3 * i + j] = v;
    }
  for (unsigned r = 0; r < ROWS; r++) { // the exact rows at the end
    unsigned i = N - ROWS + r;
    in[3 * i] = rows[r].a, in[3 * i + 1] = rows[r].b, in[3 * i + 2] = rows[r].c;
  }
  unsigned *din, *dout, *dsm, sm[2], *out = (unsigned *)malloc((size_t)N * OPS * 2 * sizeof(unsigned));
  cudaMalloc((void **)&din, 3 * N * sizeof(unsigned));
  cudaMalloc((void **)&dout, (size_t)N * OPS * 2 * sizeof(unsigned));
  cudaMalloc((void **)&dsm, sizeof sm);
  cudaMemcpy(din, in, 3 * N * sizeof(unsigned), cudaMemcpyHostToDevice);
  run<<<(N + 127) / 128, 128>>>(din, dout, dsm);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: launch: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaMemcpy(out, dout, (size_t)N * OPS * 2 * sizeof(unsigned), cudaMemcpyDeviceToHost);
  cudaMemcpy(sm, dsm, sizeof sm, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (unsigned i = 0; i < N && bad < 10; i++)
    for (int k = 0; k < OPS; k++) {
      unsigned ptx = out[(size_t)i * OPS * 2 + 2 * k], fn = out[(size_t)i * OPS * 2 + 2 * k + 1];
      if (ptx != fn) {
        printf("FAIL: %s of %08x %08x %08x: PTX %08x, header function %08x\n", names[k],
               in[3 * i], in[3 * i + 1], in[3 * i + 2], ptx, fn);
        bad++;
      }
    }
  for (unsigned r = 0; r < ROWS; r++) {
    unsigned i = N - ROWS + r, got = out[(size_t)i * OPS * 2 + 2 * rows[r].op];
    if (got != rows[r].want) {
      printf("FAIL: %s of %08x %08x %08x = %08x, expected %08x\n", names[rows[r].op], rows[r].a,
             rows[r].b, rows[r].c, got, rows[r].want);
      bad++;
    }
  }
  printf("%%smid = %u, %%nsmid = %u\n", sm[0], sm[1]);
  if (sm[0] >= sm[1]) {
    printf("FAIL: %%smid %u not below %%nsmid %u\n", sm[0], sm[1]);
    bad++;
  }
  if (bad)
    return 1;
  printf("PASS\n");
  return 0;
}
