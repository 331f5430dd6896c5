// warp_ops.cu — end-to-end test of warp-level functions with the full mask: __shfl_sync
// (broadcast and an arbitrary lane permutation), __shfl_up_sync / __shfl_down_sync
// (lanes whose source is outside the warp or segment keep their own value),
// __shfl_xor_sync butterfly reductions, segment widths 8 and 16, shuffles of int,
// unsigned, float, long long and double, __ballot_sync, __all_sync, __any_sync,
// __activemask and __syncwarp, with blocks of several warps. The CPU computes every
// expected value from CUDA's documented semantics. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RESULTS = 16, FULL = 0xffffffffu };

__global__ void warp_ops(const int *in, long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = in[i];
  long long *o = out + (long long)i * RESULTS;
  o[0] = __shfl_sync(FULL, v, 7);                         // broadcast lane 7
  o[1] = __shfl_sync(FULL, v, (lane * 5 + 3) % 32);       // permutation
  o[2] = __shfl_up_sync(FULL, v, 3);                      // lanes 0..2 keep v
  o[3] = __shfl_down_sync(FULL, v, 5);                    // lanes 27..31 keep v
  int sum = v;
  for (int m = 16; m > 0; m /= 2)
    sum += __shfl_xor_sync(FULL, sum, m);                 // every lane gets the warp sum
  o[4] = sum;
  o[5] = __shfl_down_sync(FULL, v, 2, 8);                 // within segments of 8
  o[6] = __shfl_sync(FULL, v, 3, 16);                     // lane 3 of each half-warp
  o[7] = __shfl_xor_sync(FULL, (unsigned)v, 1, 16);
  float f = (float)v * 0.5f;
  o[8] = (long long)(__shfl_down_sync(FULL, f, 1) * 4.0f);
  long long big = (long long)v * 1000000007LL;
  o[9] = __shfl_sync(FULL, big, 31 - lane);
  double d = (double)v * 0.25;
  o[10] = (long long)(__shfl_up_sync(FULL, d, 1) * 8.0);
  o[11] = (long long)__ballot_sync(FULL, v & 1);
  o[12] = __all_sync(FULL, v > -1000000) * 10 + __any_sync(FULL, v % 97 == 0);
  o[13] = (long long)__activemask();
  o[14] = __all_sync(FULL, (v & 3) != 3) * 10 + __any_sync(FULL, v == 123456789);
  __syncwarp();
  o[15] = __popc(__ballot_sync(FULL, lane < (v & 31)));
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

// Expected results for the thread at index i, whose warp starts at index w.
static void expected(const int *in, int i, long long *o) {
  int w = i - i % 32, lane = i % 32, v = in[i];
  o[0] = in[w + 7];
  o[1] = in[w + (lane * 5 + 3) % 32];
  o[2] = lane >= 3 ? in[i - 3] : v;
  o[3] = lane + 5 < 32 ? in[i + 5] : v;
  int sum = 0;
  for (int k = 0; k < 32; k++)
    sum += in[w + k];
  o[4] = sum;
  o[5] = lane % 8 + 2 < 8 ? in[i + 2] : v;
  o[6] = in[w + (lane / 16) * 16 + 3];
  o[7] = (long long)(unsigned)in[w + ((lane % 16) ^ 1) + (lane / 16) * 16];
  o[8] = (long long)((lane + 1 < 32 ? (float)in[i + 1] * 0.5f : (float)v * 0.5f) * 4.0f);
  o[9] = (long long)in[w + 31 - lane] * 1000000007LL;
  o[10] = (long long)((lane >= 1 ? (double)in[i - 1] * 0.25 : (double)v * 0.25) * 8.0);
  unsigned ballot = 0, below = 0;
  int all_big = 1, any97 = 0, all_not3 = 1, any_magic = 0;
  for (int k = 0; k < 32; k++) {
    int x = in[w + k];
    ballot |= (unsigned)(x & 1) << k;
    below |= (unsigned)(k < (x & 31)) << k;
    all_big &= x > -1000000;
    any97 |= x % 97 == 0;
    all_not3 &= (x & 3) != 3;
    any_magic |= x == 123456789;
  }
  o[11] = (long long)ballot;
  o[12] = all_big * 10 + any97;
  o[13] = (long long)FULL;
  o[14] = all_not3 * 10 + any_magic;
  o[15] = __builtin_popcount(below);
}

int main(void) {
  const int blocks = 37, threads = 96, n = blocks * threads;
  int *in = (int *)malloc(n * sizeof(int));
  long long *out = (long long *)malloc((size_t)n * RESULTS * sizeof(long long));
  unsigned s = 7777u;
  for (int i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    in[i] = (int)(s >> 8) % 200000 - 100000;
  }
  // Make the votes differ between warps: one warp all even and > -1000000 ...
  for (int k = 0; k < 32; k++)
    in[64 + k] = 2 * k;
  in[200] = 123456789; // ... and one warp where __any_sync finds the magic value.
  int *din;
  long long *dout;
  if (check(cudaMalloc((void **)&din, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, (size_t)n * RESULTS * sizeof(long long)), "cudaMalloc") ||
      check(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  warp_ops<<<blocks, threads>>>(din, dout, n);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "warp_ops") ||
      check(cudaMemcpy(out, dout, (size_t)n * RESULTS * sizeof(long long),
                       cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int i = 0; i < n; i++) {
    long long want[RESULTS];
    expected(in, i, want);
    for (int k = 0; k < RESULTS; k++)
      if (out[(size_t)i * RESULTS + k] != want[k]) {
        printf("FAIL: thread %d (lane %d) result %d = %lld, expected %lld\n", i, i % 32, k,
               out[(size_t)i * RESULTS + k], want[k]);
        return 1;
      }
  }
  cudaFree(din);
  cudaFree(dout);
  free(in);
  free(out);
  printf("PASS\n");
  return 0;
}
