// Inline PTX on shared memory through state-space addresses (__cvta_generic_to_shared, as
// real code writes it, also with offsets added in C++): st.shared/ld.shared with offsets,
// atom.shared, cp.async.ca/cg with commit_group/wait_group (zero-filling past src-size, also
// a src-size in a register: the zero-fill idiom), then atom.global exch/inc/dec/min/max/and/
// or/xor/add.f32 and vote.sync.any/all, compared with what the CUDA semantics give.
#include <cstdio>

#define THREADS 64

__global__ void kernel(const unsigned *src, unsigned *out, unsigned *g, float *fsum) {
  __shared__ unsigned tile[THREADS + 1]; /* thread 63 reads [a+4], past its element */
  /* cp.async wants its shared destination aligned to the copy size (16 for .cg) and its
   * global source too: the first version read src + 200 + tid with cp-size 8 (odd threads
   * 4-byte aligned only) into arrays of 4-byte alignment, and on the H200 (nvcc 13.0,
   * 2026-12-01) the kernel faulted (misaligned address) and every value was garbage. */
  __shared__ __align__(16) unsigned copy[THREADS * 3];
  __shared__ unsigned counter;
  unsigned tid = threadIdx.x;
  unsigned a = (unsigned)__cvta_generic_to_shared(&tile[tid]);
  if (tid == 0) asm volatile("st.shared.u32 [%0], 0;" ::"r"((unsigned)__cvta_generic_to_shared(&counter)) : "memory");
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(a), "r"(tid * 5u + 1) : "memory");
  /* 16 bytes per thread for the first half, 4 of 8 bytes (the rest zero) for the second */
  if (tid < THREADS / 2)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&copy[4 * tid])),
                 "l"(src + 4 * tid) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, 4;" ::"r"((unsigned)__cvta_generic_to_shared(&copy[2 * tid + 64])),
                 "l"(src + 2 * tid + 136) : "memory");
  /* the zero-fill idiom: src-size in a register, 16 or 0 */
  __shared__ __align__(16) unsigned filled[THREADS * 4];
  unsigned fill = tid % 3 ? 16 : 0;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"((unsigned)__cvta_generic_to_shared(&filled[4 * tid])),
               "l"(src + 4 * (tid % 50)), "r"(fill) : "memory");
  unsigned part = tid % 5; /* a src-size of 0..4 bytes: the bytes past it are zero */
  __shared__ unsigned partial[THREADS];
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"((unsigned)__cvta_generic_to_shared(&partial[tid])),
               "l"(src + tid), "r"(part) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  asm volatile("bar.sync 0;" ::: "memory");
  unsigned next, old = 0;
  unsigned base = (unsigned)__cvta_generic_to_shared(tile);
  asm volatile("ld.shared.u32 %0, [%1+4];" : "=r"(next) : "r"(a) : "memory");
  asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(old) : "r"((unsigned)__cvta_generic_to_shared(&counter)), "r"(tid) : "memory");
  unsigned first;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(first) : "r"(base) : "memory");
  unsigned two;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(two) : "r"(base + 4 * ((tid + 2) % THREADS)) : "memory");
  asm volatile("bar.sync 0;" ::: "memory");
  out[6 * THREADS + 1 + tid] = two;
  out[tid * 4 + 0] = tid + 1 < THREADS ? next : 0;
  out[tid * 4 + 1] = first;
  out[tid * 4 + 2] = copy[2 * tid];
  out[tid * 4 + 3] = copy[2 * tid + 1];
  out[5 * THREADS + 1 + tid] = copy[2 * THREADS + tid];
  out[7 * THREADS + 1 + tid] = filled[4 * tid] + filled[4 * tid + 3];
  out[8 * THREADS + 1 + tid] = partial[tid];
  if (tid == 0) out[4 * THREADS] = counter;

  asm volatile("atom.global.exch.b32 %0, [%1], %2;" : "=r"(old) : "l"(g + 0), "r"(tid + 100) : "memory");
  asm volatile("atom.global.inc.u32 %0, [%1], 9;" : "=r"(old) : "l"(g + 1) : "memory");
  asm volatile("atom.global.dec.u32 %0, [%1], 100;" : "=r"(old) : "l"(g + 2) : "memory");
  asm volatile("atom.global.min.s32 %0, [%1], %2;" : "=r"(old) : "l"(g + 3), "r"(50 - (int)tid) : "memory");
  asm volatile("atom.global.max.s32 %0, [%1], %2;" : "=r"(old) : "l"(g + 4), "r"((int)tid - 50) : "memory");
  asm volatile("atom.global.and.b32 %0, [%1], %2;" : "=r"(old) : "l"(g + 5), "r"(~(1u << (tid % 32))) : "memory");
  asm volatile("atom.global.or.b32 %0, [%1], %2;" : "=r"(old) : "l"(g + 6), "r"(1u << (tid % 32)) : "memory");
  asm volatile("atom.global.xor.b32 %0, [%1], %2;" : "=r"(old) : "l"(g + 7), "r"(tid) : "memory");
  float f;
  asm volatile("atom.global.add.f32 %0, [%1], %2;" : "=f"(f) : "l"(fsum), "f"(0.5f) : "memory");
  if (f < 0) out[0] = 12345; /* never: the old values are multiples of 0.5 >= 0 */
  unsigned any, all;
  asm volatile("{ .reg .pred p, q; setp.eq.u32 p, %2, 5; vote.sync.any.pred q, p, 0xffffffff; selp.u32 %0, 1, 0, q;\n\t"
               "vote.sync.all.pred q, !p, 0xffffffff; selp.u32 %1, 1, 0, q; }"
               : "=r"(any), "=r"(all) : "r"(tid % 32));
  out[4 * THREADS + 1 + tid] = any << 1 | all | (old & 0);
}

int main() {
  unsigned src[300];
  for (int i = 0; i < 300; i++) src[i] = 0x1000 + i * 3;
  unsigned *dsrc, *dout, *dg;
  float *dfsum;
  const int nout = 4 * THREADS + 1 + 5 * THREADS;
  cudaMalloc(&dsrc, sizeof src);
  cudaMalloc(&dout, sizeof(unsigned) * nout);
  cudaMalloc(&dg, sizeof(unsigned) * 8);
  cudaMalloc(&dfsum, sizeof(float));
  cudaMemcpy(dsrc, src, sizeof src, cudaMemcpyHostToDevice);
  unsigned g0[8] = {0, 0, 0, 1000, (unsigned)-1000, 0xffffffffu, 0, 0};
  cudaMemcpy(dg, g0, sizeof g0, cudaMemcpyHostToDevice);
  cudaMemset(dfsum, 0, sizeof(float));
  kernel<<<1, THREADS>>>(dsrc, dout, dg, dfsum);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("kernel: %s\nFAIL\n", cudaGetErrorString(err));
    return 1;
  }
  unsigned out[nout], g[8];
  float fsum;
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(g, dg, sizeof g, cudaMemcpyDeviceToHost);
  cudaMemcpy(&fsum, dfsum, sizeof fsum, cudaMemcpyDeviceToHost);
  int bad = 0;
  unsigned copy[THREADS * 3] = {0};
  for (int t = 0; t < THREADS / 2; t++)
    for (int k = 0; k < 4; k++) copy[4 * t + k] = src[4 * t + k];
  for (int t = THREADS / 2; t < THREADS; t++) copy[2 * t + 64] = src[2 * t + 136], copy[2 * t + 65] = 0;
  for (int t = 0; t < THREADS; t++) {
    unsigned want[4] = {t + 1 < THREADS ? (t + 1) * 5u + 1 : 0, 1, copy[2 * t], copy[2 * t + 1]};
    for (int k = 0; k < 4; k++)
      if (out[4 * t + k] != want[k] && bad++ < 20) printf("thread %d value %d: %u, want %u\n", t, k, out[4 * t + k], want[k]);
    if (out[5 * THREADS + 1 + t] != copy[2 * THREADS + t] && bad++ < 20)
      printf("thread %d copy %u, want %u\n", t, out[5 * THREADS + 1 + t], copy[2 * THREADS + t]);
    if (out[6 * THREADS + 1 + t] != ((t + 2) % THREADS) * 5u + 1 && bad++ < 20)
      printf("thread %d base+offset read %u\n", t, out[6 * THREADS + 1 + t]);
    unsigned fwant = t % 3 ? src[4 * (t % 50)] + src[4 * (t % 50) + 3] : 0;
    if (out[7 * THREADS + 1 + t] != fwant && bad++ < 20) printf("thread %d zero-fill copy %u, want %u\n", t, out[7 * THREADS + 1 + t], fwant);
    unsigned pmask = t % 5 >= 4 ? 0xffffffffu : (1u << (8 * (t % 5))) - 1;
    if (out[8 * THREADS + 1 + t] != (src[t] & pmask) && bad++ < 20)
      printf("thread %d partial copy %08x, want %08x\n", t, out[8 * THREADS + 1 + t], src[t] & pmask);
    unsigned vote = 2u | 0u; /* some lane has tid%32 == 5; not all lanes differ from 5 */
    if (out[4 * THREADS + 1 + t] != vote && bad++ < 20) printf("thread %d vote %u\n", t, out[4 * THREADS + 1 + t]);
  }
  if (out[4 * THREADS] != THREADS * (THREADS - 1) / 2 && bad++ < 20) printf("shared counter %u\n", out[4 * THREADS]);
  /* inc wraps at 9 (64 increments: 64 mod 10 = 4); dec from 0 wraps to 100 then counts down */
  unsigned xr = 0;
  for (int t = 0; t < THREADS; t++) xr ^= t;
  unsigned gwant[8] = {0, 4, 100 - 63, (unsigned)(50 - 63), (unsigned)(63 - 50), 0, 0xffffffffu, xr};
  for (int k = 1; k < 8; k++)
    if (g[k] != gwant[k] && bad++ < 20) printf("atomic %d: %u, want %u\n", k, g[k], gwant[k]);
  if ((g[0] < 100 || g[0] >= 100 + THREADS) && bad++ < 20) printf("exch left %u\n", g[0]);
  if (fsum != 0.5f * THREADS && bad++ < 20) printf("float sum %g\n", fsum);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
