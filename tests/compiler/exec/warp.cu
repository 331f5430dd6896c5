// Warp (SIMD-group) operations with a full member mask: shuffles (idx, up,
// down, xor; a width-8 segment), ballot/any/all, a shuffle-down reduction.
// The host computes the expected values from the input pattern.
// EXEC: 1000 3 96
#define FULL 0xffffffffu
__device__ int pattern(int j) { return ((j * 37) % 101) - 50; }

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = pattern(i);
  unsigned lane = threadIdx.x % 32;
#ifdef __CUDA_ARCH__
  int s = v;
  for (int o = 16; o > 0; o >>= 1) s += __nvvm_shfl_sync_down_i32(FULL, s, o, 0x1f);
  int total = __nvvm_shfl_sync_idx_i32(FULL, s, 0, 0x1f);
  int seg = __nvvm_shfl_sync_idx_i32(FULL, v, 3, ((32 - 8) << 8) | 0x1f);
  int up = __nvvm_shfl_sync_up_i32(FULL, v, 1, 0);
  int down = __nvvm_shfl_sync_down_i32(FULL, v, 7, 0x1f);
  float x = __nvvm_shfl_sync_bfly_f32(FULL, (float)v * 0.5f, 5, 0x1f);
  unsigned ballot = __nvvm_vote_ballot_sync(FULL, v > 0);
  int any = __nvvm_vote_any_sync(FULL, v == 49), all = __nvvm_vote_all_sync(FULL, v > -48);
  __nvvm_bar_warp_sync(FULL);
#else
  int base = i - (int)lane, total = 0;
  unsigned ballot = 0;
  int any = 0, all = 1;
  for (int l = 0; l < 32; l++) {
    int w = pattern(base + l);
    total += w;
    ballot |= (unsigned)(w > 0) << l;
    any |= w == 49;
    all &= w > -48;
  }
  int seg = pattern(base + (int)(lane & ~7u) + 3);
  int up = lane >= 1 ? pattern(i - 1) : v;
  int down = lane + 7 < 32 ? pattern(i + 7) : v;
  float x = (float)pattern(base + (int)(lane ^ 5)) * 0.5f;
#endif
  out[i] = total * 3 + seg * 5 + up * 7 + down * 11 + (int)(x * 4.0f) * 13 + (int)ballot + any * 17 +
           all * 19;
}
