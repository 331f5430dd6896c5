// Inline PTX warp match and reduce: match.any.sync.b32/.b64, match.all.sync.b32 (with and
// without its predicate) and redux.sync add/min/max/and/or/xor (.u32, .s32, .b32), over the
// whole warp and over the even lanes alone (a member mask of 0x55555555, the odd lanes not
// running), compared with the PTX ISA's definitions computed on the host. Anchor's
// translations call the device library's implementation that __match_any_sync and
// __reduce_*_sync use too (devlib/warp.cu).
#include <cstdio>

#define NOPS 16
#define THREADS 64
#define BLOCKS 2
#define N (THREADS * BLOCKS)
typedef unsigned long long u64;

/* the values each lane gives (warp w, lane l): groups of equal values */
__host__ __device__ static unsigned v32(int w, int l) { return (unsigned)(l * 3 % 7) + (w & 1) * 100u; }
__host__ __device__ static u64 v64(int w, int l) {
  return (u64)(unsigned)(l % 3 + w) << 32 | (unsigned)(l % 2); /* equal low words, other high ones */
}
__host__ __device__ static unsigned same(int w, int l) { return w % 2 == 0 || l != 5 ? 42u : 1u; }

__global__ void ops(const unsigned *in, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, w = i / 32, l = i % 32;
  unsigned *o = out + i * NOPS, r, p;
  unsigned x = in[i];
  asm volatile("match.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(v32(w, l))); o[0] = r;
  asm volatile("match.any.sync.b64 %0, %1, 0xffffffff;" : "=r"(r) : "l"(v64(w, l))); o[1] = r;
  asm volatile("{ .reg .pred q; match.all.sync.b32 %0|q, %2, 0xffffffff; selp.u32 %1, 1, 0, q; }"
               : "=r"(r), "=r"(p) : "r"(same(w, l)));
  o[2] = r, o[3] = p;
  asm volatile("match.all.sync.b32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(same(w, l) + (l == 31))); o[4] = r;
  asm volatile("redux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(x)); o[5] = r;
  asm volatile("redux.sync.min.s32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(x)); o[6] = r;
  asm volatile("redux.sync.max.s32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(x)); o[7] = r;
  asm volatile("redux.sync.min.u32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(x)); o[8] = r;
  asm volatile("redux.sync.max.u32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(x)); o[9] = r;
  asm volatile("redux.sync.and.b32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(x | 0x80000001u)); o[10] = r;
  asm volatile("redux.sync.or.b32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(x & 0x0f0f0f0fu)); o[11] = r;
  asm volatile("redux.sync.xor.b32 %0, %1, 0xffffffff;" : "=r"(r) : "r"(x)); o[12] = r;
  o[13] = o[14] = o[15] = 0;
  if (l % 2 == 0) { /* the even lanes alone */
    asm volatile("match.any.sync.b32 %0, %1, 0x55555555;" : "=r"(r) : "r"(v32(w, l))); o[13] = r;
    asm volatile("redux.sync.add.u32 %0, %1, 0x55555555;" : "=r"(r) : "r"(x)); o[14] = r;
    asm volatile("redux.sync.min.s32 %0, %1, 0x55555555;" : "=r"(r) : "r"(x)); o[15] = r;
  }
}

int main() {
  static unsigned in[N], out[N * NOPS];
  unsigned seed = 11;
  for (int i = 0; i < N; i++) {
    seed = seed * 1664525u + 1013904223u;
    in[i] = seed;
  }
  in[3] = 0x80000000u, in[40] = 0x7fffffffu, in[70] = 0, in[101] = 0xffffffffu;
  unsigned *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  ops<<<BLOCKS, THREADS>>>(din, dout);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("kernel: %s\nFAIL\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    int w = i / 32, l = i % 32;
    const unsigned *x = in + w * 32;
    unsigned ref[NOPS] = {0};
    int all = 1, all31 = 1;
    for (int k = 0; k < 32; k++) {
      if (v32(w, k) == v32(w, l)) ref[0] |= 1u << k;
      if (v64(w, k) == v64(w, l)) ref[1] |= 1u << k;
      all &= same(w, k) == same(w, 0);
      all31 &= same(w, k) + (k == 31) == same(w, 0);
    }
    ref[2] = all ? 0xffffffffu : 0, ref[3] = all, ref[4] = all31 ? 0xffffffffu : 0;
    unsigned add = 0, umin = ~0u, umax = 0, band = ~0u, bor = 0, bxor = 0;
    int smin = 0x7fffffff, smax = (int)0x80000000;
    for (int k = 0; k < 32; k++) {
      add += x[k], bxor ^= x[k], band &= x[k] | 0x80000001u, bor |= x[k] & 0x0f0f0f0fu;
      umin = x[k] < umin ? x[k] : umin, umax = x[k] > umax ? x[k] : umax;
      smin = (int)x[k] < smin ? (int)x[k] : smin, smax = (int)x[k] > smax ? (int)x[k] : smax;
    }
    ref[5] = add, ref[6] = (unsigned)smin, ref[7] = (unsigned)smax, ref[8] = umin, ref[9] = umax;
    ref[10] = band, ref[11] = bor, ref[12] = bxor;
    if (l % 2 == 0) {
      unsigned eadd = 0;
      int emin = 0x7fffffff;
      for (int k = 0; k < 32; k += 2) {
        if (v32(w, k) == v32(w, l)) ref[13] |= 1u << k;
        eadd += x[k], emin = (int)x[k] < emin ? (int)x[k] : emin;
      }
      ref[14] = eadd, ref[15] = (unsigned)emin;
    }
    for (int k = 0; k < NOPS; k++)
      if (out[i * NOPS + k] != ref[k] && bad++ < 30)
        printf("thread %d op %d: got %08x, want %08x\n", i, k, out[i * NOPS + k], ref[k]);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
