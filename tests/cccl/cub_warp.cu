// CUB's warp-wide primitives (Debian's libcub-dev, unmodified): WarpReduce and WarpScan
// on full warps and logical warps of 8 and 16 (also partial reductions), WarpExchange,
// WarpLoad/WarpStore in each algorithm, in 1-D and 2-D blocks. Every output is checked
// against a host reference. Valid CUDA for nvcc too (its newer CUB).
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include "cccl_check.h"

// ---- WarpReduce / WarpScan on logical warps of W lanes, block BX x BY -------------
// out per thread: inclusive sum, exclusive max-scan; per logical warp: sum, max,
// and the sum of its first `valid` lanes.
template <int W, int BX, int BY>
__global__ void warp_kernel(const int *in, int *incl, int *emax, int *wsum, int *wmax,
                            int *wpart, int valid) {
  constexpr int THREADS = BX * BY, WARPS = THREADS / W;
  typedef cub::WarpReduce<int, W> WR;
  typedef cub::WarpScan<int, W> WS;
  __shared__ typename WR::TempStorage rtmp[WARPS];
  __shared__ typename WS::TempStorage stmp[WARPS];
  int t = threadIdx.x + threadIdx.y * BX, w = t / W, lane = t % W;
  int g = blockIdx.x * THREADS + t;
  int x = in[g];
  int s = WR(rtmp[w]).Sum(x);
  int m = WR(rtmp[w]).Reduce(x, MaxOp());
  int p = WR(rtmp[w]).Sum(x, valid);
  int a, b;
  WS(stmp[w]).InclusiveSum(x, a);
  WS(stmp[w]).ExclusiveScan(x, b, -1000000, MaxOp());
  incl[g] = a;
  emax[g] = b;
  if (lane == 0) {
    int gw = blockIdx.x * WARPS + w;
    wsum[gw] = s, wmax[gw] = m, wpart[gw] = p;
  }
}
template <int W, int BX, int BY> static void test_warp(const char *name) {
  constexpr int THREADS = BX * BY, WARPS = THREADS / W, blocks = 2, n = THREADS * blocks;
  const int valid = W - 3;
  std::vector<int> h = random_ints(n, -999, 999, 1 + W * 7 + BX);
  Buf<int> in(h), incl(n), emax(n), wsum(WARPS * blocks), wmax(WARPS * blocks),
      wpart(WARPS * blocks);
  warp_kernel<W, BX, BY><<<blocks, dim3(BX, BY)>>>(in.d, incl.d, emax.d, wsum.d, wmax.d,
                                                    wpart.d, valid);
  CHECK(cudaGetLastError());
  std::vector<int> wi(n), we(n), ws(WARPS * blocks), wm(WARPS * blocks), wp(WARPS * blocks);
  for (int gw = 0; gw < WARPS * blocks; gw++) {
    int s = 0, m = -1000000, p = 0;
    for (int l = 0; l < W; l++) {
      int i = gw * W + l;
      we[i] = m;
      s += h[i], m = std::max(m, h[i]);
      wi[i] = s;
      if (l < valid) p += h[i];
    }
    ws[gw] = s, wm[gw] = m, wp[gw] = p;
  }
  char what[160];
  snprintf(what, sizeof what, "%s inclusive sum", name), expect_eq(what, incl.get(), wi);
  snprintf(what, sizeof what, "%s exclusive max", name), expect_eq(what, emax.get(), we);
  snprintf(what, sizeof what, "%s reduce sum", name), expect_eq(what, wsum.get(), ws);
  snprintf(what, sizeof what, "%s reduce max", name), expect_eq(what, wmax.get(), wm);
  snprintf(what, sizeof what, "%s partial sum", name), expect_eq(what, wpart.get(), wp);
}

// ---- WarpLoad -> WarpExchange -> WarpStore ---------------------------------------
// Each logical warp loads its tile (algorithm LA), turns blocked into striped and back
// with WarpExchange, adds the lane, and stores it (algorithm SA); the last tile of the
// grid is partial.
template <int W, int IPT, cub::WarpLoadAlgorithm LA, cub::WarpStoreAlgorithm SA, int BX, int BY>
__global__ void warp_io_kernel(const int *in, int *out, int n) {
  constexpr int THREADS = BX * BY, WARPS = THREADS / W, TILE = W * IPT;
  typedef cub::WarpLoad<int, IPT, LA, W> WL;
  typedef cub::WarpStore<int, IPT, SA, W> WSt;
  typedef cub::WarpExchange<int, IPT, W> WE;
  __shared__ typename WL::TempStorage ltmp[WARPS];
  __shared__ typename WSt::TempStorage stmp[WARPS];
  __shared__ typename WE::TempStorage etmp[WARPS];
  int t = threadIdx.x + threadIdx.y * BX, w = t / W, lane = t % W;
  int base = (blockIdx.x * WARPS + w) * TILE;
  int valid = n - base < TILE ? (n - base > 0 ? n - base : 0) : TILE;
  int items[IPT];
  WL(ltmp[w]).Load(in + base, items, valid, -5);
  if (LA == cub::WARP_LOAD_STRIPED) { // items[i] is element i * W + lane of the tile
    WE(etmp[w]).StripedToBlocked(items, items);
    for (int i = 0; i < IPT; i++) items[i] += 1000 * (lane * IPT + i); // + its tile position
    WE(etmp[w]).BlockedToStriped(items, items);
  } else { // blocked: items[i] is element lane * IPT + i of the tile
    WE(etmp[w]).BlockedToStriped(items, items);
    for (int i = 0; i < IPT; i++) items[i] += 1000 * (i * W + lane);
    WE(etmp[w]).StripedToBlocked(items, items);
  }
  WSt(stmp[w]).Store(out + base, items, valid);
}
template <int W, int IPT, cub::WarpLoadAlgorithm LA, cub::WarpStoreAlgorithm SA, int BX, int BY>
static void test_warp_io(const char *name) {
  constexpr int THREADS = BX * BY, WARPS = THREADS / W, TILE = W * IPT;
  const int blocks = 2, n = blocks * WARPS * TILE - TILE / 2 - 1;
  std::vector<int> h = random_ints(n, -500, 500, 3 + W + IPT);
  Buf<int> in(h), out(std::vector<int>(blocks * WARPS * TILE, 77));
  warp_io_kernel<W, IPT, LA, SA, BX, BY><<<blocks, dim3(BX, BY)>>>(in.d, out.d, n);
  CHECK(cudaGetLastError());
  std::vector<int> want(blocks * WARPS * TILE, 77);
  for (int i = 0; i < n; i++) want[i] = h[i] + 1000 * (i % TILE);
  expect_eq(name, out.get(), want);
}

int main() {
  using namespace cub;
  test_warp<32, 128, 1>("WarpReduce/Scan 32 lanes, 128");
  test_warp<16, 64, 1>("WarpReduce/Scan 16 lanes, 64");
  test_warp<8, 16, 4>("WarpReduce/Scan 8 lanes, 16x4");
  test_warp<32, 32, 3>("WarpReduce/Scan 32 lanes, 32x3");

  test_warp_io<32, 4, WARP_LOAD_DIRECT, WARP_STORE_DIRECT, 64, 1>("WarpLoad/Store direct 32");
  test_warp_io<32, 4, WARP_LOAD_STRIPED, WARP_STORE_STRIPED, 64, 1>("WarpLoad/Store striped 32");
  test_warp_io<16, 4, WARP_LOAD_VECTORIZE, WARP_STORE_VECTORIZE, 32, 2>(
      "WarpLoad/Store vectorize 16, 32x2");
  test_warp_io<32, 3, WARP_LOAD_TRANSPOSE, WARP_STORE_TRANSPOSE, 32, 2>(
      "WarpLoad/Store transpose 32, 32x2");
  test_warp_io<8, 2, WARP_LOAD_TRANSPOSE, WARP_STORE_DIRECT, 16, 2>(
      "WarpLoad transpose/Store direct 8, 16x2");

  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
