// CUB's block-wide primitives (Debian's libcub-dev, unmodified) in 1-D and 2-D
// blocks: BlockReduce, BlockScan (each algorithm), BlockLoad/BlockStore (each
// algorithm, full and partial tiles), BlockExchange, BlockRadixSort (32- and 64-bit
// keys, key-value, descending), BlockHistogram (sort and atomic), BlockDiscontinuity
// and BlockAdjacentDifference. Every output is checked against a host reference.
// Valid CUDA for nvcc too (its newer CUB): only API both versions have is used.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <algorithm>
#include "cccl_check.h"

struct DiffOp {
  template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const {
    return a - b;
  }
};
struct NotEqual {
  template <typename T> __host__ __device__ bool operator()(const T &a, const T &b) const {
    return a != b;
  }
};

// A device buffer holding a host vector.
template <int BX, int BY> __device__ int linear_tid() { return threadIdx.x + threadIdx.y * BX; }

// ---- BlockReduce: sum, max, and sum of a partial tile (num_valid) ----------------
template <int BX, int BY, int IPT, cub::BlockReduceAlgorithm ALG>
__global__ void reduce_kernel(const int *in, int *out, int valid) {
  typedef cub::BlockReduce<int, BX, ALG, BY> BR;
  __shared__ typename BR::TempStorage tmp;
  const int tile = BX * BY * IPT, t = linear_tid<BX, BY>();
  int items[IPT];
  cub::LoadDirectBlocked(t, in + blockIdx.x * tile, items);
  int s = BR(tmp).Sum(items);
  __syncthreads();
  int m = BR(tmp).Reduce(items, MaxOp());
  __syncthreads();
  int p = BR(tmp).Sum(t < valid ? items[0] : 0, valid); // only the first `valid` threads
  if (t == 0) {
    out[blockIdx.x * 3 + 0] = s;
    out[blockIdx.x * 3 + 1] = m;
    out[blockIdx.x * 3 + 2] = p;
  }
}
template <int BX, int BY, int IPT, cub::BlockReduceAlgorithm ALG>
static void test_reduce(const char *name) {
  const int threads = BX * BY, tile = threads * IPT, blocks = 3, valid = threads - 5;
  std::vector<int> h = random_ints(tile * blocks, -1000, 1000, 11 + threads);
  Buf<int> in(h), out(blocks * 3);
  reduce_kernel<BX, BY, IPT, ALG><<<blocks, dim3(BX, BY)>>>(in.d, out.d, valid);
  CHECK(cudaGetLastError());
  std::vector<int> want(blocks * 3);
  for (int b = 0; b < blocks; b++) {
    int s = 0, m = h[b * tile], p = 0;
    for (int i = 0; i < tile; i++) s += h[b * tile + i], m = std::max(m, h[b * tile + i]);
    for (int t = 0; t < valid; t++) p += h[b * tile + t * IPT];
    want[b * 3] = s, want[b * 3 + 1] = m, want[b * 3 + 2] = p;
  }
  expect_eq(name, out.get(), want);
}

// ---- BlockScan: inclusive/exclusive sum, exclusive max-scan, block aggregate ------
template <int BX, int BY, int IPT, cub::BlockScanAlgorithm ALG>
__global__ void scan_kernel(const int *in, int *incl, int *excl, int *mx, int *agg) {
  typedef cub::BlockScan<int, BX, ALG, BY> BS;
  __shared__ typename BS::TempStorage tmp;
  const int tile = BX * BY * IPT, t = linear_tid<BX, BY>();
  int items[IPT], a[IPT], b[IPT], c[IPT], aggregate;
  cub::LoadDirectBlocked(t, in + blockIdx.x * tile, items);
  BS(tmp).InclusiveSum(items, a);
  __syncthreads();
  BS(tmp).ExclusiveSum(items, b, aggregate);
  __syncthreads();
  BS(tmp).ExclusiveScan(items, c, INT_MIN, MaxOp());
  cub::StoreDirectBlocked(t, incl + blockIdx.x * tile, a);
  cub::StoreDirectBlocked(t, excl + blockIdx.x * tile, b);
  cub::StoreDirectBlocked(t, mx + blockIdx.x * tile, c);
  if (t == 0) agg[blockIdx.x] = aggregate;
}
template <int BX, int BY, int IPT, cub::BlockScanAlgorithm ALG>
static void test_scan(const char *name) {
  const int tile = BX * BY * IPT, blocks = 2, n = tile * blocks;
  std::vector<int> h = random_ints(n, -50, 100, 7 + tile);
  Buf<int> in(h), incl(n), excl(n), mx(n), agg(blocks);
  scan_kernel<BX, BY, IPT, ALG><<<blocks, dim3(BX, BY)>>>(in.d, incl.d, excl.d, mx.d, agg.d);
  CHECK(cudaGetLastError());
  std::vector<int> wi(n), we(n), wm(n), wa(blocks);
  for (int b = 0; b < blocks; b++) {
    int s = 0, m = INT_MIN;
    for (int i = b * tile; i < (b + 1) * tile; i++) {
      we[i] = s, wm[i] = m;
      s += h[i], m = std::max(m, h[i]);
      wi[i] = s;
    }
    wa[b] = s;
  }
  char what[160];
  snprintf(what, sizeof what, "%s inclusive", name), expect_eq(what, incl.get(), wi);
  snprintf(what, sizeof what, "%s exclusive", name), expect_eq(what, excl.get(), we);
  snprintf(what, sizeof what, "%s exclusive max", name), expect_eq(what, mx.get(), wm);
  snprintf(what, sizeof what, "%s aggregate", name), expect_eq(what, agg.get(), wa);
}

// ---- BlockLoad/BlockStore: a copy through each algorithm pair, full and partial ---
template <int BX, int BY, int IPT, cub::BlockLoadAlgorithm LA, cub::BlockStoreAlgorithm SA>
__global__ void load_store_kernel(const int *in, int *out, int n) {
  typedef cub::BlockLoad<int, BX, IPT, LA, BY> BL;
  typedef cub::BlockStore<int, BX, IPT, SA, BY> BSt;
  __shared__ union {
    typename BL::TempStorage load;
    typename BSt::TempStorage store;
  } tmp;
  const int tile = BX * BY * IPT, base = blockIdx.x * tile;
  int items[IPT];
  int valid = n - base < tile ? n - base : tile;
  if (valid == tile)
    BL(tmp.load).Load(in + base, items);
  else
    BL(tmp.load).Load(in + base, items, valid, -7);
  for (int i = 0; i < IPT; i++) items[i] = items[i] * 2 + 1;
  __syncthreads();
  if (valid == tile)
    BSt(tmp.store).Store(out + base, items);
  else
    BSt(tmp.store).Store(out + base, items, valid);
}
template <int BX, int BY, int IPT, cub::BlockLoadAlgorithm LA, cub::BlockStoreAlgorithm SA>
static void test_load_store(const char *name) {
  const int tile = BX * BY * IPT, n = tile * 2 + tile / 3 + 1; // a partial last tile
  std::vector<int> h = random_ints(n, -100000, 100000, 5 + tile);
  Buf<int> in(h), out(std::vector<int>(n + tile, 12345));
  load_store_kernel<BX, BY, IPT, LA, SA><<<(n + tile - 1) / tile, dim3(BX, BY)>>>(in.d, out.d, n);
  CHECK(cudaGetLastError());
  std::vector<int> want(n + tile, 12345);
  for (int i = 0; i < n; i++) want[i] = h[i] * 2 + 1;
  expect_eq(name, out.get(), want);
}

// ---- BlockExchange: striped -> blocked -> warp-striped -> blocked -> scatter ------
template <int BX, int BY, int IPT> __global__ void exchange_kernel(const int *in, int *out) {
  typedef cub::BlockExchange<int, BX, IPT, false, BY> BE;
  __shared__ typename BE::TempStorage tmp;
  const int tile = BX * BY * IPT, t = linear_tid<BX, BY>();
  int items[IPT];
  cub::LoadDirectStriped<BX * BY>(t, in + blockIdx.x * tile, items);
  BE(tmp).StripedToBlocked(items); // now blocked: items[i] = in[t * IPT + i]
  int ranks[IPT];
  for (int i = 0; i < IPT; i++) ranks[i] = tile - 1 - (t * IPT + i); // reverse the tile
  __syncthreads();
  BE(tmp).ScatterToBlocked(items, ranks);
  __syncthreads();
  BE(tmp).BlockedToStriped(items);
  cub::StoreDirectStriped<BX * BY>(t, out + blockIdx.x * tile, items);
}
template <int BX, int BY, int IPT> static void test_exchange(const char *name) {
  const int tile = BX * BY * IPT, blocks = 2, n = tile * blocks;
  std::vector<int> h = random_ints(n, 0, 1 << 30, 3 + tile);
  Buf<int> in(h), out(n);
  exchange_kernel<BX, BY, IPT><<<blocks, dim3(BX, BY)>>>(in.d, out.d);
  CHECK(cudaGetLastError());
  std::vector<int> want(n);
  for (int b = 0; b < blocks; b++)
    for (int i = 0; i < tile; i++) want[b * tile + i] = h[b * tile + tile - 1 - i];
  expect_eq(name, out.get(), want);
}

// ---- BlockRadixSort: keys ascending; key-value descending ------------------------
template <typename K, int BX, int BY, int IPT>
__global__ void radix_kernel(const K *keys, K *sorted, K *desc_keys, int *desc_vals) {
  typedef cub::BlockRadixSort<K, BX, IPT, cub::NullType, 4, true, cub::BLOCK_SCAN_WARP_SCANS,
                              cudaSharedMemBankSizeFourByte, BY>
      BRS; // keys only
  typedef cub::BlockRadixSort<K, BX, IPT, int, 4, true, cub::BLOCK_SCAN_WARP_SCANS,
                              cudaSharedMemBankSizeFourByte, BY>
      BRSKV; // keys and values
  __shared__ union {
    typename BRS::TempStorage keys;
    typename BRSKV::TempStorage pairs;
  } tmp;
  const int tile = BX * BY * IPT, t = linear_tid<BX, BY>();
  K k[IPT];
  int v[IPT];
  cub::LoadDirectBlocked(t, keys + blockIdx.x * tile, k);
  BRS(tmp.keys).Sort(k);
  cub::StoreDirectBlocked(t, sorted + blockIdx.x * tile, k);
  cub::LoadDirectBlocked(t, keys + blockIdx.x * tile, k);
  for (int i = 0; i < IPT; i++) v[i] = t * IPT + i;
  __syncthreads();
  BRSKV(tmp.pairs).SortDescendingBlockedToStriped(k, v);
  cub::StoreDirectStriped<BX * BY>(t, desc_keys + blockIdx.x * tile, k);
  cub::StoreDirectStriped<BX * BY>(t, desc_vals + blockIdx.x * tile, v);
}
template <typename K, int BX, int BY, int IPT> static void test_radix(const char *name) {
  const int tile = BX * BY * IPT, blocks = 2, n = tile * blocks;
  std::vector<K> h(n);
  srand(99 + tile);
  for (auto &x : h) // duplicates, negatives, full 64-bit range
    x = (K)(((uint64_t)rand() << 40) ^ ((uint64_t)rand() << 9) ^ (uint64_t)(rand() % 37)) -
        (K)((uint64_t)1 << (sizeof(K) * 8 - 2));
  for (int i = 0; i < n; i += 5) h[i] = h[(i * 7) % n]; // more duplicates
  Buf<K> keys(h), sorted(n), dk(n);
  Buf<int> dv(n);
  radix_kernel<K, BX, BY, IPT><<<blocks, dim3(BX, BY)>>>(keys.d, sorted.d, dk.d, dv.d);
  CHECK(cudaGetLastError());
  std::vector<K> ws(h), wk(n);
  std::vector<int> wv(n);
  for (int b = 0; b < blocks; b++) {
    std::sort(ws.begin() + b * tile, ws.begin() + (b + 1) * tile);
    std::vector<std::pair<K, int>> kv(tile);
    for (int i = 0; i < tile; i++) kv[i] = {h[b * tile + i], i};
    // descending by key, equal keys in input order (radix sort is stable)
    std::sort(kv.begin(), kv.end(), [](const std::pair<K, int> &a, const std::pair<K, int> &c) {
      return a.first != c.first ? a.first > c.first : a.second < c.second;
    });
    for (int i = 0; i < tile; i++) wk[b * tile + i] = kv[i].first, wv[b * tile + i] = kv[i].second;
  }
  char what[160];
  snprintf(what, sizeof what, "%s ascending", name), expect_eq(what, sorted.get(), ws);
  snprintf(what, sizeof what, "%s descending keys", name), expect_eq(what, dk.get(), wk);
  snprintf(what, sizeof what, "%s descending values", name), expect_eq(what, dv.get(), wv);
}

// ---- BlockHistogram: 64 bins of byte samples -------------------------------------
template <int BX, int BY, int IPT, cub::BlockHistogramAlgorithm ALG>
__global__ void histogram_kernel(const unsigned char *in, unsigned *hist) {
  typedef cub::BlockHistogram<unsigned char, BX, IPT, 64, ALG, BY> BH;
  __shared__ typename BH::TempStorage tmp;
  __shared__ unsigned bins[64];
  const int tile = BX * BY * IPT, t = linear_tid<BX, BY>();
  unsigned char s[IPT];
  cub::LoadDirectStriped<BX * BY>(t, in + blockIdx.x * tile, s);
  BH(tmp).Histogram(s, bins);
  __syncthreads();
  for (int i = t; i < 64; i += BX * BY) hist[blockIdx.x * 64 + i] = bins[i];
}
template <int BX, int BY, int IPT, cub::BlockHistogramAlgorithm ALG>
static void test_histogram(const char *name) {
  const int tile = BX * BY * IPT, blocks = 3, n = tile * blocks;
  std::vector<unsigned char> h(n);
  srand(42);
  for (auto &x : h) x = (unsigned char)(rand() % 64 < 48 ? rand() % 64 : 17); // a heavy bin
  Buf<unsigned char> in(h);
  Buf<unsigned> out(64 * blocks);
  histogram_kernel<BX, BY, IPT, ALG><<<blocks, dim3(BX, BY)>>>(in.d, out.d);
  CHECK(cudaGetLastError());
  std::vector<unsigned> want(64 * blocks, 0);
  for (int i = 0; i < n; i++) want[(i / tile) * 64 + h[i]]++;
  expect_eq(name, out.get(), want);
}

// ---- BlockDiscontinuity (head and tail flags) and BlockAdjacentDifference --------
template <int BX, int BY, int IPT>
__global__ void discontinuity_kernel(const int *in, int *heads, int *tails, int *left) {
  typedef cub::BlockDiscontinuity<int, BX, BY> BD;
  typedef cub::BlockAdjacentDifference<int, BX, BY> BAD;
  __shared__ union {
    typename BD::TempStorage d;
    typename BAD::TempStorage a;
  } tmp;
  const int tile = BX * BY * IPT, t = linear_tid<BX, BY>();
  int items[IPT], h[IPT], tl[IPT], l[IPT];
  cub::LoadDirectBlocked(t, in + blockIdx.x * tile, items);
  BD(tmp.d).FlagHeadsAndTails(h, tl, items, NotEqual());
  __syncthreads();
  BAD(tmp.a).SubtractLeft(items, l, DiffOp());
  cub::StoreDirectBlocked(t, heads + blockIdx.x * tile, h);
  cub::StoreDirectBlocked(t, tails + blockIdx.x * tile, tl);
  cub::StoreDirectBlocked(t, left + blockIdx.x * tile, l);
}
template <int BX, int BY, int IPT> static void test_discontinuity(const char *name) {
  const int tile = BX * BY * IPT, blocks = 2, n = tile * blocks;
  std::vector<int> h = random_ints(n, 0, 3, 77); // runs of equal values
  Buf<int> in(h), heads(n), tails(n), left(n);
  discontinuity_kernel<BX, BY, IPT><<<blocks, dim3(BX, BY)>>>(in.d, heads.d, tails.d, left.d);
  CHECK(cudaGetLastError());
  std::vector<int> wh(n), wt(n), wl(n);
  for (int i = 0; i < n; i++) {
    int p = i % tile;
    wh[i] = p == 0 || h[i - 1] != h[i];
    wt[i] = p == tile - 1 || h[i + 1] != h[i];
    wl[i] = p == 0 ? h[i] : h[i] - h[i - 1];
  }
  char what[160];
  snprintf(what, sizeof what, "%s heads", name), expect_eq(what, heads.get(), wh);
  snprintf(what, sizeof what, "%s tails", name), expect_eq(what, tails.get(), wt);
  snprintf(what, sizeof what, "%s subtract-left", name), expect_eq(what, left.get(), wl);
}

int main() {
  using namespace cub;
  test_reduce<128, 1, 4, BLOCK_REDUCE_RAKING>("BlockReduce raking 128");
  test_reduce<96, 1, 3, BLOCK_REDUCE_WARP_REDUCTIONS>("BlockReduce warp-reductions 96");
  test_reduce<32, 4, 2, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>("BlockReduce commutative 32x4");
  test_reduce<16, 5, 1, BLOCK_REDUCE_WARP_REDUCTIONS>("BlockReduce warp-reductions 16x5");

  test_scan<128, 1, 4, BLOCK_SCAN_RAKING>("BlockScan raking 128");
  test_scan<64, 1, 3, BLOCK_SCAN_RAKING_MEMOIZE>("BlockScan raking-memoize 64");
  test_scan<96, 1, 2, BLOCK_SCAN_WARP_SCANS>("BlockScan warp-scans 96");
  test_scan<16, 6, 3, BLOCK_SCAN_WARP_SCANS>("BlockScan warp-scans 16x6");
  test_scan<32, 3, 1, BLOCK_SCAN_RAKING>("BlockScan raking 32x3");

  test_load_store<128, 1, 4, BLOCK_LOAD_DIRECT, BLOCK_STORE_DIRECT>("Load/Store direct");
  test_load_store<128, 1, 4, BLOCK_LOAD_STRIPED, BLOCK_STORE_STRIPED>("Load/Store striped");
  test_load_store<64, 1, 4, BLOCK_LOAD_VECTORIZE, BLOCK_STORE_VECTORIZE>("Load/Store vectorize");
  test_load_store<96, 1, 3, BLOCK_LOAD_TRANSPOSE, BLOCK_STORE_TRANSPOSE>("Load/Store transpose");
  test_load_store<64, 1, 5, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE>(
      "Load/Store warp-transpose");
  test_load_store<128, 1, 3, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
                  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED>("Load/Store warp-transpose-timesliced");
  test_load_store<32, 4, 2, BLOCK_LOAD_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE>(
      "Load/Store transpose 32x4");

  test_exchange<128, 1, 4>("BlockExchange 128");
  test_exchange<16, 4, 3>("BlockExchange 16x4");

  test_radix<int, 128, 1, 4>("BlockRadixSort int 128");
  test_radix<long long, 64, 1, 3>("BlockRadixSort int64 64");
  test_radix<unsigned, 32, 3, 2>("BlockRadixSort uint 32x3");

  test_histogram<128, 1, 4, BLOCK_HISTO_SORT>("BlockHistogram sort");
  test_histogram<128, 1, 4, BLOCK_HISTO_ATOMIC>("BlockHistogram atomic");
  test_histogram<32, 2, 3, BLOCK_HISTO_ATOMIC>("BlockHistogram atomic 32x2");

  test_discontinuity<128, 1, 3>("BlockDiscontinuity 128");
  test_discontinuity<32, 4, 2>("BlockDiscontinuity 32x4");

  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
