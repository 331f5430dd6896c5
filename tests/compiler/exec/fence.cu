// __threadfence() between threadgroups, message passing: each thread of
// block 0 writes its payload word, fences, then raises its flag; the same
// thread of block 1 spins on that (volatile) flag, fences, then reads the
// payload with a plain load. The module asks for MSL 3.2 (its table line
// "language 3.2", read by msl_run as by libanchor), so the fences are
// atomic_thread_fence (softmetal: a real seq_cst fence). The spin is bounded:
// if block 1 runs while block 0 has not started (no co-residency guarantee),
// it reports -1 ("not observed") instead of hanging. Two groups: softmetal
// claims them in order, so with one worker block 0 has finished before block
// 1 starts, and with two they run at the same time.
// EXEC: 1000 2 64
__device__ int payload[64];
__device__ int flags[64];

__global__ void test_kernel(int *out, int n) {
  unsigned t = threadIdx.x, b = blockIdx.x;
#ifdef __CUDA_ARCH__
  if (b == 0) {
    payload[t] = (int)(t * 7 + 3);
    __threadfence();
    *(volatile int *)&flags[t] = 1;
    out[t] = (int)t;
  } else {
    int seen = 0;
    for (int spin = 0; spin < (1 << 26) && !seen; spin++)
      seen = *(volatile int *)&flags[t];
    __threadfence();
    out[64 + t] = seen ? payload[t] : -1;
  }
#else
  out[b * 64 + t] = b == 0 ? (int)t : (int)(t * 7 + 3);
#endif
}
