// CUB's device-wide algorithms (Debian's libcub-dev, unmodified) with the temporary-
// storage protocol (a first call with no storage asks the size; the second runs):
// DeviceReduce, DeviceScan, DeviceSegmentedReduce, DeviceSelect, DevicePartition, DeviceHistogram,
// DeviceRunLengthEncode, DeviceMergeSort, DeviceAdjacentDifference. Sizes 0, 1 and
// ones that are not powers of two; duplicate keys, 64-bit keys, custom operators.
// Every result is checked against a host reference. Valid CUDA for nvcc too.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <numeric>
#include "cccl_check.h"

struct IsOdd {
  __host__ __device__ bool operator()(const int &x) const { return x & 1; }
};
struct Greater { // a custom comparator: descending
  template <typename T> __host__ __device__ bool operator()(const T &a, const T &b) const {
    return a > b;
  }
};
struct AbsDiff {
  __host__ __device__ int operator()(const int &a, const int &b) const {
    return a > b ? a - b : b - a;
  }
};

static void test_reduce_scan(int n) {
  std::vector<int> h = random_ints(n, -100, 100, n);
  Buf<int> in(h), out(2), scan(n);
  WITH_TEMP([&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, in.d, out.d, n); });
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceReduce::Reduce(t, b, in.d, out.d + 1, n, MaxOp(), -1000);
  });
  std::vector<int> r = out.get();
  int s = std::accumulate(h.begin(), h.end(), 0), m = -1000;
  for (int x : h) m = std::max(m, x);
  same("DeviceReduce::Sum/Reduce(max)", n, r, std::vector<int>{s, m});
  WITH_TEMP([&](void *t, size_t &b) { return cub::DeviceScan::InclusiveSum(t, b, in.d, scan.d, n); });
  std::vector<int> w(n);
  std::partial_sum(h.begin(), h.end(), w.begin());
  same("DeviceScan::InclusiveSum", n, scan.get(), w);
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceScan::ExclusiveScan(t, b, in.d, scan.d, MaxOp(), -1000, n);
  });
  for (int i = 0, mm = -1000; i < n; i++) w[i] = mm, mm = std::max(mm, h[i]);
  same("DeviceScan::ExclusiveScan(max)", n, scan.get(), w);
}

static void test_segmented(int segments) {
  // segment i has (i * 37) % 50 items (some empty)
  std::vector<int> offsets(segments + 1, 0);
  for (int i = 0; i < segments; i++) offsets[i + 1] = offsets[i] + (i * 37) % 50;
  int n = offsets[segments];
  std::vector<int> h = random_ints(n, -1000, 1000, 5 + segments);
  Buf<int> in(h), off(offsets), sums(segments);
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceSegmentedReduce::Sum(t, b, in.d, sums.d, segments, off.d, off.d + 1);
  });
  std::vector<int> ws(segments);
  for (int i = 0; i < segments; i++) {
    ws[i] = std::accumulate(h.begin() + offsets[i], h.begin() + offsets[i + 1], 0);
  }
  same("DeviceSegmentedReduce::Sum", segments, sums.get(), ws);
}

static void test_select_partition(int n) {
  std::vector<int> h = random_ints(n, 0, 20, 9 + n);
  std::vector<unsigned char> flags(n);
  for (int i = 0; i < n; i++) flags[i] = (unsigned char)(i % 3 == 0);
  Buf<int> in(h), out(n), count(1);
  Buf<unsigned char> fl(flags);
  std::vector<int> w;
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceSelect::If(t, b, in.d, out.d, count.d, n, IsOdd());
  });
  for (int x : h) if (x & 1) w.push_back(x);
  int c = count.get()[0];
  if (same("DeviceSelect::If count", n, std::vector<int>{c}, std::vector<int>{(int)w.size()}))
    same("DeviceSelect::If", n, out.get(c), w);
  w.clear();
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceSelect::Flagged(t, b, in.d, fl.d, out.d, count.d, n);
  });
  for (int i = 0; i < n; i++) if (flags[i]) w.push_back(h[i]);
  c = count.get()[0];
  if (same("DeviceSelect::Flagged count", n, std::vector<int>{c}, std::vector<int>{(int)w.size()}))
    same("DeviceSelect::Flagged", n, out.get(c), w);
  w.clear();
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceSelect::Unique(t, b, in.d, out.d, count.d, n);
  });
  for (int i = 0; i < n; i++) if (i == 0 || h[i] != h[i - 1]) w.push_back(h[i]);
  c = count.get()[0];
  if (same("DeviceSelect::Unique count", n, std::vector<int>{c}, std::vector<int>{(int)w.size()}))
    same("DeviceSelect::Unique", n, out.get(c), w);
  // DevicePartition::If: selected first in order, the rest after them in reverse order
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DevicePartition::If(t, b, in.d, out.d, count.d, n, IsOdd());
  });
  w.clear();
  for (int x : h) if (x & 1) w.push_back(x);
  for (int i = n - 1; i >= 0; i--) if (!(h[i] & 1)) w.push_back(h[i]);
  c = count.get()[0];
  int odd = 0;
  for (int x : h) odd += x & 1;
  if (same("DevicePartition::If count", n, std::vector<int>{c}, std::vector<int>{odd}))
    same("DevicePartition::If", n, out.get(), w);
}

static void test_histogram_rle(int n) {
  std::vector<int> h = random_ints(n, 0, 99, 13 + n);
  for (int i = 0; i < n; i++) if (i % 7 < 3) h[i] = h[i - i % 7]; // runs
  Buf<int> in(h), hist(10), uniq(n), lens(n), runs(1);
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceHistogram::HistogramEven(t, b, in.d, hist.d, 11, 0, 100, n);
  });
  std::vector<int> wh(10, 0);
  for (int x : h) wh[x / 10]++;
  same("DeviceHistogram::HistogramEven", n, hist.get(), wh);
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceRunLengthEncode::Encode(t, b, in.d, uniq.d, lens.d, runs.d, n);
  });
  std::vector<int> wu, wl;
  for (int i = 0; i < n; i++)
    if (i == 0 || h[i] != h[i - 1]) wu.push_back(h[i]), wl.push_back(1);
    else wl.back()++;
  int r = runs.get()[0];
  if (same("DeviceRunLengthEncode::Encode runs", n, std::vector<int>{r}, std::vector<int>{(int)wu.size()})) {
    same("DeviceRunLengthEncode::Encode unique", n, uniq.get(r), wu);
    same("DeviceRunLengthEncode::Encode lengths", n, lens.get(r), wl);
  }
}

static void test_merge_sort_adjacent(int n) {
  std::vector<int> h = random_ints(n, -5000, 5000, 21 + n);
  std::vector<long long> h64(n);
  for (int i = 0; i < n; i++) h64[i] = (long long)h[i] * 1000000007LL;
  Buf<int> in(h), out(n);
  Buf<long long> k64(h64);
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceMergeSort::SortKeys(t, b, k64.d, n, Greater());
  });
  std::vector<long long> w64(h64);
  std::sort(w64.begin(), w64.end(), Greater());
  same("DeviceMergeSort::SortKeys 64-bit, custom comparator", n, k64.get(), w64);
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, in.d, out.d, n, AbsDiff());
  });
  std::vector<int> w(n);
  for (int i = 0; i < n; i++) w[i] = i == 0 ? h[0] : AbsDiff()(h[i], h[i - 1]);
  same("DeviceAdjacentDifference::SubtractLeftCopy", n, out.get(), w);
}

int main() {
  const int sizes[] = {0, 1, 1000, 12345};
  for (int n : sizes) {
    test_reduce_scan(n);
    test_select_partition(n);
    test_histogram_rle(n);
    test_merge_sort_adjacent(n);
    printf("n = %d done\n", n);
  }
  test_segmented(1);
  test_segmented(77);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
