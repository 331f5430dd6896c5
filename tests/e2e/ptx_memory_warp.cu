// Inline PTX, memory and warp instructions: special registers (%laneid %tid %ntid %ctaid
// %lanemask_lt %warpid %nwarpid), prefetch, nanosleep, ld.global.nc.L1::no_allocate.v4.f32,
// st.global.v2, generic ld/st on __shared__ memory with bar.sync, atom (add, cas, exch, max)
// and red, shfl.sync.bfly/idx/up (with its predicate) reductions, vote.sync.ballot,
// activemask, membar, bar.red.{popc,and,or}, a loop written with labels and a predicated bra,
// cvta.to.global.
#include <cstdio>

#define THREADS 128
#define BLOCKS 2

__global__ void kernel(const float4 *in, float *vsum, unsigned *regs, unsigned *counters,
                       unsigned *warp, int *loops, unsigned *shfl) {
  __shared__ unsigned tile[THREADS];
  unsigned lane, tid, ntid, ctaid, lt;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm("mov.u32 %0, %%tid.x;" : "=r"(tid));
  asm("mov.u32 %0, %%ntid.x;" : "=r"(ntid));
  asm("mov.u32 %0, %%ctaid.x;" : "=r"(ctaid));
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  unsigned g = ctaid * ntid + tid;
  unsigned *r = regs + 4 * g;
  asm volatile("st.global.v2.u32 [%0], {%1, %2};" ::"l"(r), "r"(lane), "r"(tid) : "memory");
  asm volatile("st.global.u32 [%0+8], %1;" ::"l"(r), "r"(ctaid) : "memory");
  asm volatile("st.global.u32 [%0+12], %1;" ::"l"(r), "r"(lt) : "memory");

  float a, b, c, d;
  asm volatile("prefetch.global.L2 [%0];" ::"l"(in + g));
  asm volatile("nanosleep.u32 %0;" ::"r"(tid));
  asm("ld.global.nc.L1::no_allocate.v4.f32 {%0, %1, %2, %3}, [%4];"
      : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "l"(in + g));
  float s = a + b + c + d;
  for (int m = 16; m > 0; m >>= 1) {
    float o;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=f"(o) : "f"(s), "r"(m));
    s += o;
  }
  if (lane == 0) vsum[g / 32] = s;

  /* shared memory through generic addresses, a barrier between */
  asm volatile("st.u32 [%0], %1;" ::"l"(&tile[tid]), "r"(tid * 3u) : "memory");
  asm volatile("bar.sync 0;" ::: "memory");
  unsigned nb;
  asm volatile("ld.u32 %0, [%1];" : "=r"(nb) : "l"(&tile[(tid + 1) % THREADS]) : "memory");
  warp[g * 4 + 0] = nb;

  unsigned old;
  asm volatile("atom.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(counters) : "memory");
  asm volatile("red.global.add.u32 [%0], %1;" ::"l"(counters + 1), "r"(tid) : "memory");
  asm volatile("atom.global.max.u32 %0, [%1], %2;" : "=r"(old) : "l"(counters + 2), "r"(g) : "memory");
  asm volatile("membar.gl;" ::: "memory");
  /* a lock-free increment with cas, in a loop of labels */
  asm volatile("{\n\t.reg .pred done;\n\t.reg .u32 seen, want;\n"
               "retry:\n\t"
               "ld.volatile.global.u32 seen, [%1];\n\t"
               "add.u32 want, seen, 2;\n\t"
               "atom.global.cas.b32 %0, [%1], seen, want;\n\t"
               "setp.ne.u32 done, %0, seen;\n\t"
               "@done bra retry;\n\t}"
               : "=r"(old) : "l"(counters + 3) : "memory");
  if (old % 2) counters[3] = 1; /* never: every value it saw was even */
  unsigned ballot, active;
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }"
               : "=r"(ballot) : "r"(lane & 1));
  asm volatile("activemask.b32 %0;" : "=r"(active));
  unsigned from0;
  asm volatile("shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;" : "=r"(from0) : "r"(tid * 7));
  /* shfl's predicate: whether the source lane was in range (up by 3 in segments of 8) */
  unsigned upv, inrange;
  asm volatile("{ .reg .pred p; shfl.sync.up.b32 %0|p, %2, 3, 0x1800, 0xffffffff;\n\t"
               "selp.u32 %1, 1, 0, p; }"
               : "=r"(upv), "=r"(inrange) : "r"(tid));
  shfl[2 * g] = upv;
  shfl[2 * g + 1] = inrange;
  warp[g * 4 + 1] = ballot;
  warp[g * 4 + 2] = active;
  warp[g * 4 + 3] = from0;

  /* %warpid: one number per warp (not its value: NVIDIA's is the warp's hardware slot), below
   * %nwarpid */
  unsigned wid, nwid, wid0;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(wid));
  asm volatile("mov.u32 %0, %%nwarpid;" : "=r"(nwid));
  asm volatile("shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;" : "=r"(wid0) : "r"(wid));
  shfl[2 * g + 1] |= (wid == wid0 && wid < nwid) << 1;
  /* barrier reductions: __syncthreads_count / _and / _or */
  unsigned odd, all_small, any_zero;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %3, 0; bar.red.popc.u32 %0, 0, p;\n\t"
               "setp.lt.u32 p, %4, 1000; bar.red.and.pred q, 0, p; selp.u32 %1, 1, 0, q;\n\t"
               "setp.eq.u32 p, %4, 0; bar.red.or.pred q, 0, !p; selp.u32 %2, 1, 0, q; }"
               : "=r"(odd), "=r"(all_small), "=r"(any_zero) : "r"(tid & 1), "r"(tid) : "memory");
  shfl[2 * g] += (odd << 8) | (all_small << 16) | (any_zero << 17);
  /* sum 1..n with a counted loop written in PTX */
  int n = (int)(tid % 10), sum;
  asm("{\n\t.reg .s32 i;\n\t.reg .pred p;\n\t"
      "mov.s32 %0, 0;\n\tmov.s32 i, 1;\n"
      "L_top:\n\t"
      "setp.gt.s32 p, i, %1;\n\t"
      "@p bra L_end;\n\t"
      "add.s32 %0, %0, i;\n\t"
      "add.s32 i, i, 1;\n\t"
      "bra.uni L_top;\n"
      "L_end:\n\t}"
      : "=r"(sum) : "r"(n));
  unsigned long long gp;
  asm("cvta.to.global.u64 %0, %1;" : "=l"(gp) : "l"(loops));
  loops[g] = sum + (gp == (unsigned long long)loops ? 0 : 1000);
}

int main() {
  const int n = THREADS * BLOCKS;
  static float4 in[n];
  for (int i = 0; i < n; i++) in[i] = make_float4(i, 0.5f, -1.0f, 2.0f * (i % 3));
  float4 *din;
  float *dsum;
  unsigned *dregs, *dcount, *dwarp;
  int *dloops;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dsum, sizeof(float) * n / 32);
  cudaMalloc(&dregs, sizeof(unsigned) * 4 * n);
  cudaMalloc(&dcount, sizeof(unsigned) * 4);
  cudaMalloc(&dwarp, sizeof(unsigned) * 4 * n);
  cudaMalloc(&dloops, sizeof(int) * n);
  unsigned *dshfl;
  cudaMalloc(&dshfl, sizeof(unsigned) * 2 * n);
  cudaMemset(dcount, 0, sizeof(unsigned) * 4);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  kernel<<<BLOCKS, THREADS>>>(din, dsum, dregs, dcount, dwarp, dloops, dshfl);
  static float sum[n / 32];
  static unsigned regs[4 * n], count[4], warp[4 * n];
  static int loops[n];
  static unsigned shfl[2 * n];
  cudaMemcpy(shfl, dshfl, sizeof shfl, cudaMemcpyDeviceToHost);
  cudaMemcpy(sum, dsum, sizeof sum, cudaMemcpyDeviceToHost);
  cudaMemcpy(regs, dregs, sizeof regs, cudaMemcpyDeviceToHost);
  cudaMemcpy(count, dcount, sizeof count, cudaMemcpyDeviceToHost);
  cudaMemcpy(warp, dwarp, sizeof warp, cudaMemcpyDeviceToHost);
  cudaMemcpy(loops, dloops, sizeof loops, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int g = 0; g < n; g++) {
    unsigned tid = g % THREADS, lane = tid % 32;
    unsigned want[4] = {lane, tid, (unsigned)(g / THREADS), (1u << lane) - 1};
    for (int k = 0; k < 4; k++)
      if (regs[4 * g + k] != want[k] && bad++ < 20)
        printf("thread %d register %d: %u, want %u\n", g, k, regs[4 * g + k], want[k]);
    unsigned wwant[4] = {((tid + 1) % THREADS) * 3, 0xaaaaaaaau, 0xffffffffu, (tid - lane) * 7};
    for (int k = 0; k < 4; k++)
      if (warp[4 * g + k] != wwant[k] && bad++ < 20)
        printf("thread %d warp value %d: %08x, want %08x\n", g, k, warp[4 * g + k], wwant[k]);
    unsigned in = lane % 8 >= 3;
    unsigned reds = (THREADS / 2) << 8 | 1u << 16 | 1u << 17;
    if ((shfl[2 * g] != (in ? tid - 3 : tid) + reds || shfl[2 * g + 1] != (in | 2u)) && bad++ < 20)
      printf("thread %d shfl.up: %u %u\n", g, shfl[2 * g], shfl[2 * g + 1]);
    int lw = (int)(tid % 10) * (int)(tid % 10 + 1) / 2;
    if (loops[g] != lw && bad++ < 20) printf("thread %d loop: %d, want %d\n", g, loops[g], lw);
  }
  for (int w = 0; w < n / 32; w++) {
    float want = 0;
    for (int i = w * 32; i < w * 32 + 32; i++) want += in[i].x + in[i].y + in[i].z + in[i].w;
    if (sum[w] != want && bad++ < 20) printf("warp %d sum %g, want %g\n", w, sum[w], want);
  }
  unsigned tsum = BLOCKS * (THREADS * (THREADS - 1) / 2);
  unsigned cwant[4] = {(unsigned)n, tsum, (unsigned)n - 1, 2u * n};
  for (int k = 0; k < 4; k++)
    if (count[k] != cwant[k] && bad++ < 20) printf("counter %d: %u, want %u\n", k, count[k], cwant[k]);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
