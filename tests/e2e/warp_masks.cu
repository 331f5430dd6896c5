// warp_masks.cu — end-to-end test of warp functions under member masks other than all
// lanes, and in partial last warps (blocks of 64, 48, 100, 16 and 7 threads):
//  - __activemask() at the top of the kernel (only the lanes that exist);
//  - masks computed by __ballot_sync, used inside the branch whose lanes they name:
//    __ballot_sync, __shfl_sync, __reduce_{add,min,max,and,or,xor}_sync,
//    __match_any_sync, __any_sync/__all_sync/__uni_sync under that mask;
//  - the constant mask 0x0000ffff under if (lane < 16);
//  - tile masks (aligned groups of 2, 4, 8, 16, 32 lanes) with width=: __shfl_sync,
//    __shfl_down_sync, __shfl_xor_sync, __reduce_add_sync, __ballot_sync;
//  - __match_any_sync / __match_all_sync on unsigned, int, long long,
//    unsigned long long, float and double (full mask);
//  - the masks returned in a partial warp: __ballot_sync(FULL, 1), __match_any_sync and
//    __match_all_sync under the full mask and under 0x0000ffff (which names lanes that
//    do not exist in blocks of 7 threads): only the lanes that exist.
// A lane that does not exist (past the block's last thread) is inactive: ballots have
// zeros there and reductions and matches leave it out. A shuffle whose source lane does
// not exist is undefined in CUDA: those results are not checked. Values the CPU computes
// from CUDA's documented semantics. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RESULTS = 54, FULL = 0xffffffffu, UNCHECKED = 0x7eadbeef };

__device__ unsigned tile_mask(int lane, int w) {
  return (w == 32 ? FULL : (1u << w) - 1u) << (lane & ~(w - 1));
}

__global__ void warp_masks(const int *in, unsigned *out) {
  int tid = threadIdx.x, lane = tid % 32;
  int i = blockIdx.x * blockDim.x + tid;
  int v = in[i];
  unsigned *o = out + (size_t)i * RESULTS;
  o[0] = __activemask();
  unsigned odd = __ballot_sync(FULL, v & 1);
  o[1] = odd;
  if (v & 1) {
    o[2] = __ballot_sync(odd, v & 2);
    o[3] = (unsigned)__shfl_sync(odd, v, __ffs(odd) - 1);
    o[4] = (unsigned)__reduce_add_sync(odd, v);
    o[5] = (unsigned)__reduce_min_sync(odd, v);
    o[6] = __match_any_sync(odd, v % 3);
    o[7] = __any_sync(odd, v % 5 == 0) * 100 + __all_sync(odd, v > -40) * 10 +
           __uni_sync(odd, v > 1000);
    o[8] = __reduce_or_sync(odd, (unsigned)v);
    o[9] = __reduce_xor_sync(odd, (unsigned)v);
  } else {
    unsigned even = ~odd & __activemask();
    o[2] = __ballot_sync(even, v & 2);
    o[3] = (unsigned)__shfl_sync(even, v, 31 - __clz(even));
    o[4] = __reduce_add_sync(even, (unsigned)v);
    o[5] = __reduce_max_sync(even, (unsigned)v);
    o[6] = __match_any_sync(even, (unsigned)v % 4u);
    o[7] = __any_sync(even, v % 5 == 0) * 100 + __all_sync(even, v > -40) * 10 +
           __uni_sync(even, v < 1000);
    o[8] = __reduce_and_sync(even, (unsigned)v);
    o[9] = (unsigned)__reduce_max_sync(even, v);
  }
  for (int t = 0; t < 5; t++) {
    int w = 2 << t;
    unsigned tm = tile_mask(lane, w);
    unsigned *p = o + 10 + 4 * t;
    p[0] = (unsigned)__shfl_sync(tm, v, (lane * 3 + 1) % w, w);
    p[1] = (unsigned)__shfl_down_sync(tm, v, 1, w) ^ (unsigned)__shfl_xor_sync(tm, v, w / 2, w);
    p[2] = (unsigned)__reduce_add_sync(tm, v);
    p[3] = __ballot_sync(tm, v & 1);
  }
  o[30] = __match_any_sync(FULL, (unsigned)v % 4u);
  o[31] = __match_any_sync(FULL, v % 3);
  o[32] = __match_any_sync(FULL, (long long)(v % 3) << 40 | (v & 1));
  o[33] = __match_any_sync(FULL, (unsigned long long)(v % 2) << 33);
  o[34] = __match_any_sync(FULL, (float)(v % 5) * 0.5f);
  o[35] = __match_any_sync(FULL, (double)(v % 2) * 0.25);
  int pred = 0;
  o[36] = __match_all_sync(FULL, blockIdx.x % 2 ? 7u : (unsigned)v, &pred);
  o[37] = (unsigned)pred;
  o[38] = __match_all_sync(FULL, blockIdx.x % 2 ? 3.5 : (double)v, &pred);
  o[39] = (unsigned)pred;
  o[40] = __match_all_sync(FULL, blockIdx.x % 2 ? 9ll : (long long)v << 32, &pred);
  o[41] = (unsigned)pred;
  o[42] = __match_all_sync(FULL, blockIdx.x % 2 ? -1.0f : (float)v, &pred);
  o[43] = (unsigned)pred;
  o[44] = (unsigned)__reduce_add_sync(FULL, v);
  o[45] = (unsigned)__reduce_min_sync(FULL, v);
  o[46] = __reduce_max_sync(FULL, (unsigned)v);
  o[47] = __all_sync(FULL, v > -1000) * 10 + __any_sync(FULL, v == 49);
  // A constant mask that is exactly the lanes running the branch.
  o[48] = o[49] = 0;
  if (lane < 16) {
    o[48] = (unsigned)__shfl_sync(0x0000ffffu, v, 15 - lane);
    o[49] = __ballot_sync(0x0000ffffu, v & 1) + (unsigned)__reduce_add_sync(0x0000ffffu, v) * 65536u;
  }
  // Masks returned in a partial warp (the lanes that exist, see expected()).
  o[50] = __ballot_sync(FULL, 1);
  o[51] = __match_any_sync(FULL, 42u);
  o[52] = o[53] = 0;
  if (lane < 16) {
    int p16 = 0;
    o[52] = __match_all_sync(0x0000ffffu, 5u, &p16);
    o[53] = (unsigned)p16;
  }
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

// The lanes of a set (bit k: lane k) whose values satisfy a predicate, and friends.
typedef struct {
  const int *v; // the warp's values, v[k] for lane k
  int lanes;    // lanes that exist
} warp;

static unsigned exist(const warp *w) {
  return w->lanes == 32 ? FULL : (1u << w->lanes) - 1u;
}

// Expected results for lane `lane` of warp w in block b; UNCHECKED where CUDA is undefined.
static void expected(const warp *w, int lane, int b, unsigned *o) {
  const int *x = w->v;
  int v = x[lane];
  unsigned ex = exist(w), odd = 0;
  for (int k = 0; k < w->lanes; k++)
    odd |= (unsigned)(x[k] & 1) << k;
  o[0] = ex;
  o[1] = odd;
  unsigned m = v & 1 ? odd : ~odd & ex;
  unsigned b2 = 0, ormask = 0, andmask = FULL, xorsum = 0, match = 0, sum = 0, umax = 0;
  int imin = 0x7fffffff, imax = -0x7fffffff - 1, any5 = 0, all40 = 1;
  int first = -1, last = -1;
  for (int k = 0; k < 32; k++) {
    if (!((m >> k) & 1))
      continue;
    int y = x[k];
    if (first < 0)
      first = k;
    last = k;
    b2 |= (unsigned)((y & 2) != 0) << k;
    sum += (unsigned)y;
    imin = y < imin ? y : imin;
    imax = y > imax ? y : imax;
    umax = (unsigned)y > umax ? (unsigned)y : umax;
    ormask |= (unsigned)y;
    andmask &= (unsigned)y;
    xorsum ^= (unsigned)y;
    any5 |= y % 5 == 0;
    all40 &= y > -40;
    if (v & 1 ? y % 3 == v % 3 : (unsigned)y % 4u == (unsigned)v % 4u)
      match |= 1u << k;
  }
  o[2] = b2;
  o[3] = (unsigned)x[v & 1 ? first : last];
  o[4] = sum;
  o[5] = v & 1 ? (unsigned)imin : umax;
  o[6] = match;
  o[7] = (unsigned)(any5 * 100 + all40 * 10 + 1); // v > 1000 is false for all, v < 1000 true
  o[8] = v & 1 ? ormask : andmask;
  o[9] = v & 1 ? xorsum : (unsigned)imax;
  for (int t = 0; t < 5; t++) {
    int tw = 2 << t, base = lane & ~(tw - 1), in_tile = lane - base;
    unsigned *p = o + 10 + 4 * t;
    int src = base + (lane * 3 + 1) % tw;
    p[0] = src < w->lanes ? (unsigned)x[src] : UNCHECKED;
    int down = in_tile + 1 < tw ? lane + 1 : lane, flip = base + (in_tile ^ (tw / 2));
    p[1] = down < w->lanes && flip < w->lanes ? (unsigned)x[down] ^ (unsigned)x[flip] : UNCHECKED;
    unsigned tsum = 0, tballot = 0;
    for (int k = base; k < base + tw && k < w->lanes; k++) {
      tsum += (unsigned)x[k];
      tballot |= (unsigned)(x[k] & 1) << k;
    }
    p[2] = tsum;
    p[3] = tballot;
  }
  unsigned m30 = 0, m31 = 0, m32 = 0, m33 = 0, m34 = 0, m35 = 0, s = 0, umx = 0;
  int mn = 0x7fffffff, all1000 = 1, any49 = 0;
  int same_u = 1, same_d = 1, same_l = 1, same_f = 1;
  for (int k = 0; k < w->lanes; k++) {
    int y = x[k];
    m30 |= (unsigned)((unsigned)y % 4u == (unsigned)v % 4u) << k;
    m31 |= (unsigned)(y % 3 == v % 3) << k;
    m32 |= (unsigned)((y % 3 == v % 3) && ((y & 1) == (v & 1))) << k;
    m33 |= (unsigned)(y % 2 == v % 2) << k;
    float fy = (float)(y % 5) * 0.5f, fv = (float)(v % 5) * 0.5f;
    m34 |= (unsigned)(memcmp(&fy, &fv, sizeof fy) == 0) << k;
    double dy = (double)(y % 2) * 0.25, dv = (double)(v % 2) * 0.25;
    m35 |= (unsigned)(memcmp(&dy, &dv, sizeof dy) == 0) << k;
    same_u &= y == x[0];
    same_d &= y == x[0];
    same_l &= y == x[0];
    same_f &= (float)y == (float)x[0];
    s += (unsigned)y;
    mn = y < mn ? y : mn;
    umx = (unsigned)y > umx ? (unsigned)y : umx;
    all1000 &= y > -1000;
    any49 |= y == 49;
  }
  o[30] = m30, o[31] = m31, o[32] = m32, o[33] = m33, o[34] = m34, o[35] = m35;
  int p36 = b % 2 ? 1 : same_u, p38 = b % 2 ? 1 : same_d, p40 = b % 2 ? 1 : same_l,
      p42 = b % 2 ? 1 : same_f;
  // __match_all_sync returns the lanes of the mask that exist, not the mask: in a
  // partial warp (16 lanes, blocks of 48) __match_all_sync(0xffffffff, 7u, &p) returned
  // 0x0000ffff, observed on the H200 with nvcc 13.0 (2026-12-01).
  o[36] = p36 ? ex : 0, o[37] = (unsigned)p36;
  o[38] = p38 ? ex : 0, o[39] = (unsigned)p38;
  o[40] = p40 ? ex : 0, o[41] = (unsigned)p40;
  o[42] = p42 ? ex : 0, o[43] = (unsigned)p42;
  o[44] = s, o[45] = (unsigned)mn, o[46] = umx;
  o[47] = (unsigned)(all1000 * 10 + any49);
  o[48] = o[49] = 0;
  if (lane < 16) {
    o[48] = 15 - lane < w->lanes ? (unsigned)x[15 - lane] : UNCHECKED;
    unsigned b16 = 0, s16 = 0;
    for (int k = 0; k < 16 && k < w->lanes; k++) {
      b16 |= (unsigned)(x[k] & 1) << k;
      s16 += (unsigned)x[k];
    }
    o[49] = b16 + s16 * 65536u;
  }
  // The same rule as o[36] (observed on the H200 with nvcc 13.0, 2026-12-01) for the
  // other mask-returning operations: the lanes that exist. o[50] and o[51] follow from
  // what the H200 showed for o[0] and o[30]; o[52] (a mask naming lanes past a block of
  // 7 threads) is the rule of o[36] applied to a partial mask, to be confirmed on the
  // next H200 run.
  o[50] = ex;
  o[51] = ex;
  o[52] = o[53] = 0;
  if (lane < 16) {
    o[52] = 0x0000ffffu & ex;
    o[53] = 1;
  }
}

static int run(int threads, int blocks, unsigned seed) {
  int n = threads * blocks;
  int *in = (int *)malloc(n * sizeof(int));
  unsigned *out = (unsigned *)malloc((size_t)n * RESULTS * sizeof(unsigned));
  unsigned s = seed;
  for (int i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    in[i] = (int)((s >> 8) % 100u) - 30;
  }
  for (int i = 0; i < n && i < threads; i++) // block 0's first warp: all equal values
    if (i < 32)
      in[i] = 11;
  int *din;
  unsigned *dout;
  if (check(cudaMalloc((void **)&din, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, (size_t)n * RESULTS * sizeof(unsigned)), "cudaMalloc") ||
      check(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  warp_masks<<<blocks, threads>>>(din, dout);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "warp_masks") ||
      check(cudaMemcpy(out, dout, (size_t)n * RESULTS * sizeof(unsigned), cudaMemcpyDeviceToHost),
            "memcpy"))
    return 1;
  int bad = 0;
  for (int b = 0; b < blocks && !bad; b++)
    for (int base = 0; base < threads && !bad; base += 32) {
      warp w = {in + b * threads + base, threads - base < 32 ? threads - base : 32};
      for (int lane = 0; lane < w.lanes && !bad; lane++) {
        unsigned want[RESULTS];
        expected(&w, lane, b, want);
        const unsigned *got = out + ((size_t)b * threads + base + lane) * RESULTS;
        for (int k = 0; k < RESULTS; k++)
          if (want[k] != (unsigned)UNCHECKED && got[k] != want[k]) {
            printf("FAIL: block size %d, block %d, thread %d: result %d = 0x%08x, expected "
                   "0x%08x\n",
                   threads, b, base + lane, k, got[k], want[k]);
            bad = 1;
            break;
          }
      }
    }
  cudaFree(din);
  cudaFree(dout);
  free(in);
  free(out);
  return bad;
}

int main(void) {
  static const int sizes[] = {64, 48, 100, 16, 7};
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
    if (run(sizes[k], 3, 12345u + k))
      return 1;
  printf("PASS\n");
  return 0;
}
