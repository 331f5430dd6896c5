// cg_groups.cu — end-to-end test of cooperative groups: thread_block (ranks, indices,
// sizes, sync), tiled_partition<N> for N = 1, 2, 4, 8, 16, 32 (thread_rank, num_threads,
// size, meta_group_rank/size, shfl, shfl_up, shfl_down, shfl_xor, any, all, ballot,
// match_any, match_all, sync), cg::reduce with plus/less/greater/bit_and/bit_or/bit_xor,
// inclusive_scan / exclusive_scan, the dynamic tiled_partition(block, n),
// coalesced_threads() in a divergent branch (its ranks, shuffles, ballot, votes, match,
// reduce and scans, tiled_partition of it by ranks), labeled_partition, binary_partition,
// invoke_one / invoke_one_broadcast, memcpy_async + wait, this_grid()
// ranks, on 2-D blocks of 16x4 threads and of 8x6 (48 threads: a partial last warp; in a
// tile whose lanes do not all exist, only results that read no missing lane are checked).
// Values the CPU computes from the CUDA Programming Guide's semantics. Prints PASS or
// FAIL: <details>, and INFO lines with values CUDA leaves undefined (rank 0 of
// exclusive_scan) and this_grid().is_valid() without a cooperative launch.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace cg = cooperative_groups;

enum { PER_TILE = 24, TILE_BASE = 40, RESULTS = TILE_BASE + 6 * PER_TILE };
static const unsigned UNCHECKED = 0x7eadbeefu;

static __host__ __device__ unsigned fbits(float f) {
  unsigned u;
  memcpy(&u, &f, sizeof u);
  return u;
}

template <unsigned N> __device__ void tile_tests(const cg::thread_block &b, int v, unsigned *o) {
  cg::thread_block_tile<N> t = cg::tiled_partition<N>(b);
  unsigned r = (unsigned)t.thread_rank();
  o[0] = r;
  o[1] = (unsigned)t.num_threads() * 1000u + (unsigned)t.size();
  o[2] = (unsigned)t.meta_group_rank();
  o[3] = (unsigned)t.meta_group_size();
  o[4] = (unsigned)t.shfl(v, (int)((r * 3 + 1) % N));
  o[5] = (unsigned)t.shfl_up(v, 1);
  o[6] = (unsigned)t.shfl_down(v, 1);
  o[7] = (unsigned)t.shfl_xor(v, N / 2);
  o[8] = (unsigned)(t.any(v % 7 == 0) * 10 + t.all(v > -20));
  o[9] = t.ballot(v & 1);
  o[10] = t.match_any(v % 3);
  int p1 = 0, p2 = 0;
  o[11] = t.match_all(v > 1000 ? 1 : 0, p1);
  o[12] = t.match_all(v, p2);
  o[13] = (unsigned)(p1 * 2 + p2);
  t.sync();
  o[14] = (unsigned)cg::reduce(t, v, cg::plus<int>());
  o[15] = (unsigned)cg::reduce(t, v, cg::less<int>());
  o[16] = (unsigned)cg::reduce(t, v, cg::greater<int>());
  o[17] = cg::reduce(t, (unsigned)v | 0x100u, cg::bit_and<unsigned>());
  o[18] = cg::reduce(t, (unsigned)v, cg::bit_or<unsigned>());
  o[19] = cg::reduce(t, (unsigned)v, cg::bit_xor<unsigned>());
  o[20] = (unsigned)cg::inclusive_scan(t, v);
  o[21] = (unsigned)cg::exclusive_scan(t, v);
  o[22] = (unsigned)cg::inclusive_scan(t, v, cg::greater<int>());
  o[23] = fbits(cg::reduce(t, (float)v * 0.5f, cg::plus<float>()));
}

__global__ void groups(const int *in, unsigned *out) {
  __shared__ int staged[64];
  cg::thread_block b = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  unsigned rank = b.thread_rank();
  int v = in[grid.thread_rank()];
  unsigned *o = out + grid.thread_rank() * RESULTS;
  o[0] = rank;
  o[1] = b.size() * 1000u + (unsigned)b.num_threads();
  o[2] = b.group_index().x * 100u + b.thread_index().x * 10u + b.thread_index().y;
  o[3] = b.dim_threads().x * 100u + b.dim_threads().y * 10u + b.group_dim().z;
  o[4] = (unsigned)grid.thread_rank();
  o[5] = (unsigned)grid.size() * 1000u + (unsigned)grid.num_threads();
  o[6] = grid.block_rank() * 100u + grid.num_blocks();
  o[7] = grid.dim_blocks().x * 100u + grid.block_index().x;
  o[8] = grid.is_valid() ? 1u : 0u;
  cg::thread_group g16 = cg::tiled_partition(b, 16);
  o[9] = (unsigned)g16.thread_rank() * 100u + (unsigned)g16.size();
  g16.sync();
  cg::sync(b);
  // memcpy_async of this block's inputs into shared memory, read back rotated.
  cg::memcpy_async(b, staged, in + blockIdx.x * b.size(), sizeof(int) * b.size());
  cg::wait(b);
  o[10] = (unsigned)staged[(rank * 7 + 3) % b.size()];
  b.sync();
  if (v % 3 != 0) {
    cg::coalesced_group c = cg::coalesced_threads();
    o[11] = (unsigned)c.thread_rank();
    o[12] = (unsigned)c.size() * 1000u + (unsigned)c.num_threads();
    o[13] = (unsigned)c.shfl(v, 0);
    o[14] = (unsigned)c.shfl_up(v, 1);
    o[15] = (unsigned)c.shfl_down(v, 2);
    o[16] = c.ballot(v & 1);
    o[17] = (unsigned)(c.any(v % 5 == 0) * 10 + c.all(v < 60));
    o[18] = c.match_any(v & 3);
    o[19] = (unsigned)cg::reduce(c, v, cg::plus<int>());
    o[20] = (unsigned)cg::reduce(c, v, cg::greater<int>());
    o[21] = (unsigned)cg::inclusive_scan(c, v);
    o[22] = (unsigned)cg::exclusive_scan(c, v);
    cg::coalesced_group l = cg::labeled_partition(c, v & 3);
    o[23] = (unsigned)l.thread_rank() * 100u + (unsigned)l.size();
    o[24] = (unsigned)cg::reduce(l, v, cg::plus<int>());
    cg::coalesced_group p = cg::binary_partition(c, v > 10);
    o[25] = (unsigned)p.thread_rank() * 100u + (unsigned)p.size();
    o[26] = (unsigned)cg::reduce(p, v, cg::less<int>());
    cg::coalesced_group c4 = cg::tiled_partition(c, 4); // ranks of c by 4
    o[29] = (unsigned)c4.thread_rank() * 100u + (unsigned)c4.size() * 10u +
            (unsigned)c4.meta_group_rank() * 1000u + (unsigned)c4.meta_group_size() * 100000u;
    cg::thread_group g4 = cg::tiled_partition((const cg::thread_group &)c, 4);
    o[33] = (unsigned)g4.thread_rank() * 100u + (unsigned)g4.size();
    c4.sync();
    c.sync();
  } else {
    for (int k = 11; k <= 26; k++)
      o[k] = 0u;
    o[29] = o[33] = 0u;
  }
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(b);
  cg::coalesced_group lt = cg::labeled_partition(t8, v & 1);
  o[27] = (unsigned)lt.thread_rank() * 100u + (unsigned)lt.size();
  cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(t8); // a tile of a tile
  o[28] = (unsigned)t4.meta_group_rank() * 100u + (unsigned)t4.meta_group_size() * 10u +
          (unsigned)t4.thread_rank();
  // The elected thread is arbitrary: the values broadcast are the same in every thread.
  o[30] = (unsigned)cg::invoke_one_broadcast(t8,
                                             [&] { return (int)t8.meta_group_rank() * 2 + 1; });
  struct pair {
    int a;
    short b;
  };
  int uniform = (int)(blockIdx.x * 100 + t4.meta_group_rank());
  pair pr = cg::invoke_one_broadcast(t4, [](int x) { return pair{x, (short)-x}; }, uniform);
  o[31] = (unsigned)pr.a * 1000u + (unsigned)(pr.b + 100);
  __shared__ int elected[64];
  elected[rank] = 0;
  b.sync();
  cg::invoke_one(t8, [&](int x) { elected[rank] = x; }, 5);
  b.sync();
  int elected_sum = 0; // one thread of each tile of 8 wrote 5
  for (unsigned k = rank & ~7u; k < (rank & ~7u) + 8; k++)
    elected_sum += elected[k];
  o[32] = (unsigned)elected_sum;
  for (int k = 34; k < TILE_BASE; k++)
    o[k] = 0u;
  tile_tests<1>(b, v, o + TILE_BASE);
  tile_tests<2>(b, v, o + TILE_BASE + PER_TILE);
  tile_tests<4>(b, v, o + TILE_BASE + 2 * PER_TILE);
  tile_tests<8>(b, v, o + TILE_BASE + 3 * PER_TILE);
  tile_tests<16>(b, v, o + TILE_BASE + 4 * PER_TILE);
  tile_tests<32>(b, v, o + TILE_BASE + 5 * PER_TILE);
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

static unsigned nbits(unsigned m) {
  return (unsigned)__builtin_popcount(m);
}
// The lane of the rank-th member of mask, or -1.
static int nth(unsigned m, unsigned rank) {
  for (int k = 0; k < 32; k++)
    if ((m >> k) & 1u) {
      if (rank == 0)
        return k;
      rank--;
    }
  return -1;
}
static unsigned packbits(unsigned x, unsigned m) {
  unsigned r = 0, bit = 0;
  for (int k = 0; k < 32; k++)
    if ((m >> k) & 1u)
      r |= ((x >> k) & 1u) << bit++;
  return r;
}
static unsigned rank_in(unsigned m, int lane) {
  return nbits(m & ((1u << lane) - 1u));
}

// x: the block's values by linear rank; nt: its threads; t: the thread's rank.
static void expected(const int *x, int nt, int t, int blk, int blocks, int bx, int by,
                     unsigned *o) {
  int v = x[t], lane = t % 32, wbase = t - lane;
  int lanes = nt - wbase < 32 ? nt - wbase : 32; // lanes of this warp that exist
  for (int k = 0; k < RESULTS; k++)
    o[k] = 0u;
  o[0] = (unsigned)t;
  o[1] = (unsigned)nt * 1001u;
  o[2] = (unsigned)blk * 100u + (unsigned)(t % bx) * 10u + (unsigned)(t / bx);
  o[3] = (unsigned)bx * 100u + (unsigned)by * 10u + 1u;
  o[4] = (unsigned)(blk * nt + t);
  o[5] = (unsigned)(blocks * nt) * 1001u;
  o[6] = (unsigned)blk * 100u + (unsigned)blocks;
  o[7] = (unsigned)blocks * 100u + (unsigned)blk;
  o[8] = UNCHECKED; // printed instead
  o[9] = (unsigned)(lane % 16) * 100u + 16u;
  o[10] = (unsigned)x[(t * 7 + 3) % nt];
  if (v % 3 != 0) {
    unsigned c = 0;
    for (int k = 0; k < lanes; k++)
      c |= (unsigned)(x[wbase + k] % 3 != 0) << k;
    unsigned r = rank_in(c, lane), n = nbits(c);
    o[11] = r;
    o[12] = n * 1001u;
    o[13] = (unsigned)x[wbase + nth(c, 0)];
    o[14] = (unsigned)(r >= 1 ? x[wbase + nth(c, r - 1)] : v);
    o[15] = (unsigned)(r + 2 < n ? x[wbase + nth(c, r + 2)] : v);
    unsigned odd = 0, same = 0, lab = 0, big = 0;
    int sum = 0, mx = -1000000, any5 = 0, all60 = 1, incl = 0, excl = 0;
    for (int k = 0; k < 32; k++) {
      if (!((c >> k) & 1u))
        continue;
      int y = x[wbase + k];
      odd |= (unsigned)(y & 1) << k;
      same |= (unsigned)((y & 3) == (v & 3)) << k;
      lab |= (unsigned)((y & 3) == (v & 3)) << k;
      big |= (unsigned)((y > 10) == (v > 10)) << k;
      sum += y;
      mx = y > mx ? y : mx;
      any5 |= y % 5 == 0;
      all60 &= y < 60;
      if (k <= lane)
        incl += y;
      if (k < lane)
        excl += y;
    }
    o[16] = packbits(odd, c);
    o[17] = (unsigned)(any5 * 10 + all60);
    o[18] = packbits(same, c);
    o[19] = (unsigned)sum;
    o[20] = (unsigned)mx;
    o[21] = (unsigned)incl;
    o[22] = r == 0 ? UNCHECKED : (unsigned)excl;
    int lsum = 0, pmin = 1000000;
    for (int k = 0; k < 32; k++) {
      if ((lab >> k) & 1u)
        lsum += x[wbase + k];
      if ((big >> k) & 1u)
        pmin = x[wbase + k] < pmin ? x[wbase + k] : pmin;
    }
    o[23] = rank_in(lab, lane) * 100u + nbits(lab);
    o[24] = (unsigned)lsum;
    o[25] = rank_in(big, lane) * 100u + nbits(big);
    o[26] = (unsigned)pmin;
    unsigned c4 = n - r / 4 * 4 < 4 ? n - r / 4 * 4 : 4; // the size of its group of 4 ranks
    o[29] = (r % 4) * 100u + c4 * 10u + r / 4 * 1000u + (n + 3) / 4 * 100000u;
    o[33] = (r % 4) * 100u + c4;
  }
  {
    int base8 = lane & ~7;
    unsigned m = 0;
    for (int k = base8; k < base8 + 8 && k < lanes; k++)
      m |= (unsigned)((x[wbase + k] & 1) == (v & 1)) << k;
    o[27] = rank_in(m, lane) * 100u + nbits(m);
    o[28] = (unsigned)((t % 8) / 4) * 100u + 2u * 10u + (unsigned)(t % 4);
    o[30] = (unsigned)(t / 8 * 2 + 1);
    int uniform = blk * 100 + t % 8 / 4;
    o[31] = (unsigned)uniform * 1000u + (unsigned)(-uniform + 100);
    o[32] = 5u;
  }
  for (int s = 0; s < 6; s++) {
    int n = 1 << s, base = lane & ~(n - 1), r = lane - base;
    int complete = base + n <= lanes;
    unsigned *p = o + TILE_BASE + s * PER_TILE;
    const int *y = x + wbase + base; // the tile's values by rank
    int have = lanes - base < n ? lanes - base : n; // ranks that exist
    p[0] = (unsigned)r;
    p[1] = (unsigned)n * 1001u;
    p[2] = (unsigned)(t / n);
    p[3] = (unsigned)((nt + n - 1) / n);
    int src = (r * 3 + 1) % n;
    p[4] = src < have ? (unsigned)y[src] : UNCHECKED;
    p[5] = (unsigned)(r >= 1 ? y[r - 1] : v);
    p[6] = r + 1 < n ? (r + 1 < have ? (unsigned)y[r + 1] : UNCHECKED) : (unsigned)v;
    int flip = r ^ (n / 2);
    p[7] = flip < have ? (unsigned)y[flip] : UNCHECKED;
    unsigned ballot = 0, same3 = 0, and_ = 0xffffffffu, or_ = 0, xor_ = 0;
    int any7 = 0, all20 = 1, eq = 1, sum = 0, mn = 1000000, mx = -1000000, incl = 0, excl = 0,
        imax = -1000000;
    float fsum = 0.0f;
    for (int k = 0; k < have; k++) {
      ballot |= (unsigned)(y[k] & 1) << k;
      same3 |= (unsigned)(y[k] % 3 == v % 3) << k;
      any7 |= y[k] % 7 == 0;
      all20 &= y[k] > -20;
      eq &= y[k] == y[0];
      sum += y[k];
      mn = y[k] < mn ? y[k] : mn;
      mx = y[k] > mx ? y[k] : mx;
      and_ &= (unsigned)y[k] | 0x100u;
      or_ |= (unsigned)y[k];
      xor_ ^= (unsigned)y[k];
      fsum += (float)y[k] * 0.5f;
      if (k <= r) {
        incl += y[k];
        imax = y[k] > imax ? y[k] : imax;
      }
      if (k < r)
        excl += y[k];
    }
    unsigned tile = n == 32 ? 0xffffffffu : (1u << n) - 1u;
    p[8] = (unsigned)(any7 * 10 + all20);
    p[9] = ballot;
    p[10] = same3;
    p[11] = complete ? tile : UNCHECKED; // all values 0: every lane agrees
    p[12] = complete ? (eq ? tile : 0u) : UNCHECKED;
    p[13] = complete ? 2u + (unsigned)eq : UNCHECKED;
    p[14] = complete ? (unsigned)sum : UNCHECKED;
    p[15] = complete ? (unsigned)mn : UNCHECKED;
    p[16] = complete ? (unsigned)mx : UNCHECKED;
    p[17] = complete ? and_ : UNCHECKED;
    p[18] = complete ? or_ : UNCHECKED;
    p[19] = complete ? xor_ : UNCHECKED;
    p[20] = (unsigned)incl;
    p[21] = r == 0 ? UNCHECKED : (unsigned)excl;
    p[22] = (unsigned)imax;
    p[23] = complete ? fbits(fsum) : UNCHECKED;
  }
}

static int run(int bx, int by, int blocks, unsigned seed) {
  int nt = bx * by, n = nt * blocks;
  int *in = (int *)malloc(n * sizeof(int));
  unsigned *out = (unsigned *)malloc((size_t)n * RESULTS * sizeof(unsigned));
  unsigned s = seed;
  for (int i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    in[i] = (int)((s >> 8) % 90u) - 25;
  }
  for (int i = 0; i < 8 && i < n; i++) // one tile of 8 (and smaller ones) of equal values
    in[i] = 13;
  int *din;
  unsigned *dout;
  if (check(cudaMalloc((void **)&din, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, (size_t)n * RESULTS * sizeof(unsigned)), "cudaMalloc") ||
      check(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  groups<<<blocks, dim3(bx, by)>>>(din, dout);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "groups") ||
      check(cudaMemcpy(out, dout, (size_t)n * RESULTS * sizeof(unsigned), cudaMemcpyDeviceToHost),
            "memcpy"))
    return 1;
  printf("INFO: block %dx%d: this_grid().is_valid() = %u; exclusive_scan at rank 0 of tile<8>: "
         "%d, of the coalesced group: %d\n",
         bx, by, out[8], (int)out[TILE_BASE + 3 * PER_TILE + 21], (int)out[22]);
  int bad = 0;
  for (int blk = 0; blk < blocks && !bad; blk++)
    for (int t = 0; t < nt && !bad; t++) {
      unsigned want[RESULTS];
      expected(in + blk * nt, nt, t, blk, blocks, bx, by, want);
      const unsigned *got = out + ((size_t)blk * nt + t) * RESULTS;
      for (int k = 0; k < RESULTS; k++)
        if (want[k] != UNCHECKED && got[k] != want[k]) {
          int tile = k >= TILE_BASE ? 1 << ((k - TILE_BASE) / PER_TILE) : 0;
          printf("FAIL: block %dx%d, block %d, thread %d: result %d (tile %d, item %d) = 0x%08x, "
                 "expected 0x%08x\n",
                 bx, by, blk, t, k, tile, k >= TILE_BASE ? (k - TILE_BASE) % PER_TILE : k,
                 got[k], want[k]);
          bad = 1;
          break;
        }
    }
  cudaFree(din);
  cudaFree(dout);
  free(in);
  free(out);
  return bad;
}

int main(void) {
  if (run(16, 4, 3, 99u) || run(8, 6, 3, 7u))
    return 1;
  printf("PASS\n");
  return 0;
}
