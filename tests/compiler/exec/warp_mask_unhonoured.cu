// A member mask that cannot be honoured at run time, because it names lanes that are
// in the other branch (on Volta and later they would meet the caller in the operation;
// lanes of an Apple SIMD-group run in lockstep and cannot), does what docs/compiler.md
// (Warps) documents: the operation runs over the lanes of the mask that are present
// (an Apple SIMD-group cannot tell such lanes from exited ones, which CUDA allows, so
// nothing is reported). The mask names the caller (a mask that does not is reported and
// fails the launch: tests/e2e/warp_mask_unhonoured.cu). Anchor-only behaviour (not
// nvcc's).
// EXEC: 1000 3 64
__device__ int pattern(int j) { return ((j * 37) % 101) - 50; }

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = pattern(i);
  unsigned lane = threadIdx.x % 32;
  // a tile mask of 16 or 8 lanes holding the caller, but half its lanes diverged
  unsigned m = (blockIdx.x % 2 ? 0x0000ffffu << (lane & 16u) : 0x000000ffu << (lane & 24u));
  int r = 0;
#ifdef __CUDA_ARCH__
  if (lane & 1) {
    r = (int)__ballot_sync(m, v > 0) + __reduce_add_sync(m, v) * 3 +
        __shfl_sync(m, v, (lane + 1) % 32) * 5 + __all_sync(m, v > -50) * 7;
  }
#else
  if (lane & 1) {
    int base = i - (int)lane, sum = 0, all = 1;
    unsigned ballot = 0, present = m & 0xaaaaaaaau; // the odd lanes of m
    for (int l = 0; l < 32; l++)
      if ((present >> l) & 1u) {
        ballot |= (unsigned)(pattern(base + l) > 0) << l;
        sum += pattern(base + l);
        all &= pattern(base + l) > -50;
      }
    // The source lane (lane + 1) is even: outside the present lanes, it reads the
    // caller's own value.
    r = (int)ballot + sum * 3 + v * 5 + all * 7;
  }
#endif
  if (i < n) out[i] = r;
}
