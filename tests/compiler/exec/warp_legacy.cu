// The legacy warp functions without a mask (__shfl, __shfl_up, __shfl_down, __shfl_xor,
// __ballot, __any, __all), which HIP and pre-Volta CUDA code use and nvcc no longer
// declares for compute_70 and above: they act on the active lanes. Blocks of 96 threads.
// The host computes the expected values from the input pattern.
// EXEC: 1000 3 96
__device__ int pattern(int j) { return ((j * 37) % 101) - 50; }

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = pattern(i);
  unsigned lane = threadIdx.x % 32;
#ifdef __CUDA_ARCH__
  int s = v;
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor(s, o);
  int bcast = __shfl(v, 5), seg = __shfl(v, 3, 8);
  int up = __shfl_up(v, 2), down = __shfl_down(v, 3, 16);
  double d = __shfl_down((double)v * 0.5, 1);
  long long big = __shfl((long long)v << 33, 31 - (int)lane);
  unsigned ballot = __ballot(v > 0);
  int any = __any(v == 49), all = __all(v > -48);
#else
  int base = i - (int)lane, s = 0;
  unsigned ballot = 0;
  int any = 0, all = 1;
  for (int l = 0; l < 32; l++) {
    int w = pattern(base + l);
    s += w;
    ballot |= (unsigned)(w > 0) << l;
    any |= w == 49;
    all &= w > -48;
  }
  int bcast = pattern(base + 5), seg = pattern(base + (int)(lane & ~7u) + 3);
  int up = lane >= 2 ? pattern(i - 2) : v;
  int down = lane % 16 + 3 < 16 ? pattern(i + 3) : v;
  double d = (lane + 1 < 32 ? pattern(i + 1) : v) * 0.5;
  long long big = (long long)pattern(base + 31 - (int)lane) << 33;
#endif
  if (i < n)
    out[i] = s * 3 + bcast * 5 + seg * 7 + up * 11 + down * 13 + (int)(d * 4.0) * 17 +
             (int)(big >> 33) * 19 + (int)ballot + any * 23 + all * 29;
}
