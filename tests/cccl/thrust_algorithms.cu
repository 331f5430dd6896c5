// Thrust's CUDA backend (Debian's libthrust-dev, unmodified): device_vector and
// host_vector, transform, reduce, transform_reduce, inclusive/exclusive scan and their
// _by_key forms, sort/stable_sort/sort_by_key with custom comparators (merge sort),
// merge, copy_if, remove_if, unique, partition, gather/scatter, sequence, fill,
// count_if, min/max/minmax_element, binary searches, reduce_by_key.
// Sizes 0, 1 and ones that are not powers of two, with duplicates and 64-bit keys;
// every result is checked against a host (std::) reference. Valid CUDA for nvcc too.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/transform.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/merge.h>
#include <thrust/copy.h>
#include <thrust/remove.h>
#include <thrust/unique.h>
#include <thrust/partition.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/fill.h>
#include <thrust/count.h>
#include <thrust/extrema.h>
#include <thrust/binary_search.h>
#include <thrust/functional.h>
#include <thrust/execution_policy.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>
#include "cccl_check.h"

template <typename V, typename W> static void expect(const char *what, int n, const V &got, const W &want) {
  std::vector<typename W::value_type> g(got.begin(), got.end());
  bool ok = g.size() == want.size();
  size_t i = 0;
  for (; ok && i < want.size(); i++) ok = g[i] == want[i];
  if (!ok) {
    printf("FAIL %s (n=%d): size %zu/%zu, first difference at %zu\n", what, n, g.size(),
           want.size(), i ? i - 1 : 0);
    failures++;
  }
}
static void expect_value(const char *what, int n, long long got, long long want) {
  if (got != want) {
    printf("FAIL %s (n=%d): %lld, expected %lld\n", what, n, got, want);
    failures++;
  }
}

struct Square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};
struct IsEven {
  __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};
struct AbsLess { // a custom comparator
  __host__ __device__ bool operator()(int a, int b) const {
    return (a < 0 ? -a : a) < (b < 0 ? -b : b);
  }
};
struct GreaterOp { // a custom comparator (thrust::greater<int> would take the radix sort)
  __host__ __device__ bool operator()(int a, int b) const { return a > b; }
};
struct ModLess { // compares only x % 16: many ties, so stability shows
  __host__ __device__ bool operator()(long long a, long long b) const {
    return (a & 15) < (b & 15);
  }
};

static void test_basic(int n) {
  std::vector<int> h = random_ints(n, -1000, 1000, n + 1);
  thrust::device_vector<int> d(h.begin(), h.end()), out(n);
  // transform, reduce, transform_reduce
  thrust::transform(d.begin(), d.end(), out.begin(), Square());
  std::vector<int> w(n);
  std::transform(h.begin(), h.end(), w.begin(), Square());
  expect("transform", n, out, w);
  expect_value("reduce", n, thrust::reduce(d.begin(), d.end()), std::accumulate(h.begin(), h.end(), 0));
  expect_value("reduce(max)", n, thrust::reduce(d.begin(), d.end(), -5000, thrust::maximum<int>()),
               std::accumulate(h.begin(), h.end(), -5000, [](int a, int b) { return std::max(a, b); }));
  long long sq = 0;
  for (int x : h) sq += (long long)x * x;
  expect_value("transform_reduce", n,
               thrust::transform_reduce(thrust::device, d.begin(), d.end(), Square(), 0, thrust::plus<int>()),
               sq);
  // scans
  thrust::inclusive_scan(d.begin(), d.end(), out.begin());
  std::partial_sum(h.begin(), h.end(), w.begin());
  expect("inclusive_scan", n, out, w);
  thrust::exclusive_scan(d.begin(), d.end(), out.begin(), 7);
  for (int i = 0, s = 7; i < n; i++) w[i] = s, s += h[i];
  expect("exclusive_scan", n, out, w);
  // by-key scans and reduce_by_key: keys in runs
  std::vector<int> hk(n);
  for (int i = 0; i < n; i++) hk[i] = i / 7 + (i % 13 == 0);
  thrust::device_vector<int> dk(hk.begin(), hk.end());
  thrust::inclusive_scan_by_key(dk.begin(), dk.end(), d.begin(), out.begin());
  for (int i = 0; i < n; i++) w[i] = (i && hk[i] == hk[i - 1] ? w[i - 1] : 0) + h[i];
  expect("inclusive_scan_by_key", n, out, w);
  thrust::exclusive_scan_by_key(dk.begin(), dk.end(), d.begin(), out.begin());
  for (int i = 0; i < n; i++) w[i] = i && hk[i] == hk[i - 1] ? w[i - 1] + h[i - 1] : 0;
  expect("exclusive_scan_by_key", n, out, w);
  thrust::device_vector<int> rk(n), rv(n);
  auto ends = thrust::reduce_by_key(dk.begin(), dk.end(), d.begin(), rk.begin(), rv.begin());
  std::vector<int> wk, wv;
  for (int i = 0; i < n; i++)
    if (i && hk[i] == hk[i - 1]) wv.back() += h[i];
    else wk.push_back(hk[i]), wv.push_back(h[i]);
  expect_value("reduce_by_key count", n, ends.first - rk.begin(), (long long)wk.size());
  rk.resize(wk.size()), rv.resize(wv.size());
  expect("reduce_by_key keys", n, rk, wk);
  expect("reduce_by_key values", n, rv, wv);
  // sequence, fill, count_if, extrema
  thrust::sequence(out.begin(), out.end(), 3, 2);
  for (int i = 0; i < n; i++) w[i] = 3 + 2 * i;
  expect("sequence", n, out, w);
  thrust::fill(out.begin(), out.end(), 42);
  expect("fill", n, out, std::vector<int>(n, 42));
  expect_value("count_if", n, thrust::count_if(d.begin(), d.end(), IsEven()),
               std::count_if(h.begin(), h.end(), IsEven()));
  if (n) {
    expect_value("min_element", n, thrust::min_element(d.begin(), d.end()) - d.begin(),
                 std::min_element(h.begin(), h.end()) - h.begin());
    expect_value("max_element", n, thrust::max_element(d.begin(), d.end()) - d.begin(),
                 std::max_element(h.begin(), h.end()) - h.begin());
    auto mm = thrust::minmax_element(d.begin(), d.end(), AbsLess());
    // Thrust's minmax_element gives the first smallest and the first largest (std's
    // gives the last largest): min_element's and max_element's answers
    expect_value("minmax_element min", n, mm.first - d.begin(),
                 std::min_element(h.begin(), h.end(), AbsLess()) - h.begin());
    expect_value("minmax_element max", n, mm.second - d.begin(),
                 std::max_element(h.begin(), h.end(), AbsLess()) - h.begin());
  }
}

static void test_sorting(int n) {
  std::vector<int> h = random_ints(n, -500, 500, n + 2);
  thrust::device_vector<int> d(h.begin(), h.end());
  std::vector<int> w(h);
  thrust::sort(d.begin(), d.end(), AbsLess());
  std::sort(w.begin(), w.end(), AbsLess());
  thrust::host_vector<int> got = d;
  bool ok = true; // sort is not stable: |x| order, and the same multiset
  for (int i = 1; i < n; i++) ok &= !AbsLess()(got[i], got[i - 1]);
  std::vector<int> a(got.begin(), got.end()), b(h);
  std::sort(a.begin(), a.end()), std::sort(b.begin(), b.end());
  if (!ok || a != b) printf("FAIL sort(custom comparator) (n=%d)\n", n), failures++;
  // stable_sort of 64-bit keys on x % 16: equal keys keep their order
  std::vector<long long> h64(n);
  for (int i = 0; i < n; i++) h64[i] = (long long)h[i] * 4000000011LL;
  thrust::device_vector<long long> d64(h64.begin(), h64.end());
  thrust::stable_sort(d64.begin(), d64.end(), ModLess());
  std::vector<long long> w64(h64);
  std::stable_sort(w64.begin(), w64.end(), ModLess());
  expect("stable_sort(64-bit, custom)", n, d64, w64);
  // sort_by_key with a comparator: values follow keys (distinct keys: order unique)
  std::vector<int> keys(n), vals(n);
  for (int i = 0; i < n; i++) keys[i] = (i * 7919) % (n ? n : 1) - n / 2, vals[i] = i;
  thrust::device_vector<int> dk(keys.begin(), keys.end()), dv(vals.begin(), vals.end());
  thrust::sort_by_key(dk.begin(), dk.end(), dv.begin(), GreaterOp());
  std::vector<std::pair<int, int>> kv(n);
  for (int i = 0; i < n; i++) kv[i] = {keys[i], vals[i]};
  std::sort(kv.begin(), kv.end(), [](auto x, auto y) { return x.first > y.first; });
  std::vector<int> wk(n), wv(n);
  for (int i = 0; i < n; i++) wk[i] = kv[i].first, wv[i] = kv[i].second;
  expect("sort_by_key(custom) keys", n, dk, wk);
  expect("sort_by_key(custom) values", n, dv, wv);
  // merge of two sorted ranges (custom comparator)
  std::vector<int> x = random_ints(n, -100, 100, 3), y = random_ints(n / 2 + 1, -100, 100, 4);
  std::sort(x.begin(), x.end(), thrust::greater<int>()), std::sort(y.begin(), y.end(), thrust::greater<int>());
  thrust::device_vector<int> dx(x.begin(), x.end()), dy(y.begin(), y.end()), dm(x.size() + y.size());
  thrust::merge(dx.begin(), dx.end(), dy.begin(), dy.end(), dm.begin(), thrust::greater<int>());
  std::vector<int> wm(x.size() + y.size());
  std::merge(x.begin(), x.end(), y.begin(), y.end(), wm.begin(), thrust::greater<int>());
  expect("merge", n, dm, wm);
  // binary searches in a sorted (ascending) vector
  std::sort(x.begin(), x.end());
  dx.assign(x.begin(), x.end());
  std::vector<int> q = random_ints(50, -120, 120, 5);
  thrust::device_vector<int> dq(q.begin(), q.end()), lo(q.size()), hi(q.size());
  thrust::device_vector<bool> found(q.size());
  thrust::lower_bound(dx.begin(), dx.end(), dq.begin(), dq.end(), lo.begin());
  thrust::upper_bound(dx.begin(), dx.end(), dq.begin(), dq.end(), hi.begin());
  thrust::binary_search(dx.begin(), dx.end(), dq.begin(), dq.end(), found.begin());
  std::vector<int> wl(q.size()), wh(q.size());
  std::vector<bool> wf(q.size());
  for (size_t i = 0; i < q.size(); i++) {
    wl[i] = std::lower_bound(x.begin(), x.end(), q[i]) - x.begin();
    wh[i] = std::upper_bound(x.begin(), x.end(), q[i]) - x.begin();
    wf[i] = std::binary_search(x.begin(), x.end(), q[i]);
  }
  expect("lower_bound", n, lo, wl);
  expect("upper_bound", n, hi, wh);
  expect("binary_search", n, found, wf);
}

static void test_selection(int n) {
  std::vector<int> h = random_ints(n, 0, 9, n + 3);
  thrust::device_vector<int> d(h.begin(), h.end()), out(n);
  std::vector<int> w;
  auto e = thrust::copy_if(d.begin(), d.end(), out.begin(), IsEven());
  std::copy_if(h.begin(), h.end(), std::back_inserter(w), IsEven());
  expect("copy_if", n, thrust::device_vector<int>(out.begin(), e), w);
  thrust::device_vector<int> r = d;
  r.erase(thrust::remove_if(r.begin(), r.end(), IsEven()), r.end());
  w.assign(h.begin(), h.end());
  w.erase(std::remove_if(w.begin(), w.end(), IsEven()), w.end());
  expect("remove_if", n, r, w);
  r = d;
  r.erase(thrust::unique(r.begin(), r.end()), r.end());
  w.assign(h.begin(), h.end());
  w.erase(std::unique(w.begin(), w.end()), w.end());
  expect("unique", n, r, w);
  r = d;
  auto mid = thrust::stable_partition(r.begin(), r.end(), IsEven());
  w.assign(h.begin(), h.end());
  auto wmid = std::stable_partition(w.begin(), w.end(), IsEven());
  expect_value("stable_partition point", n, mid - r.begin(), wmid - w.begin());
  expect("stable_partition", n, r, w);
  r = d;
  mid = thrust::partition(r.begin(), r.end(), IsEven());
  thrust::host_vector<int> p = r;
  bool ok = mid - r.begin() == wmid - w.begin();
  for (int i = 0; i < n; i++) ok &= IsEven()(p[i]) == (i < mid - r.begin());
  std::vector<int> a(p.begin(), p.end()), b(h);
  std::sort(a.begin(), a.end()), std::sort(b.begin(), b.end());
  if (!ok || a != b) printf("FAIL partition (n=%d)\n", n), failures++;
  // gather and scatter through a permutation
  std::vector<int> map(n);
  for (int i = 0; i < n; i++) map[i] = (int)(((long long)i * 7919 + 3) % (n ? n : 1));
  std::vector<bool> seen(n); // 7919 is prime: a permutation unless n is a multiple
  bool perm = true;
  for (int m : map) perm &= !seen[m], seen[m] = true;
  thrust::device_vector<int> dmap(map.begin(), map.end());
  thrust::gather(dmap.begin(), dmap.end(), d.begin(), out.begin());
  w.resize(n);
  for (int i = 0; i < n; i++) w[i] = h[map[i]];
  expect("gather", n, out, w);
  if (perm) {
    thrust::scatter(d.begin(), d.end(), dmap.begin(), out.begin());
    for (int i = 0; i < n; i++) w[map[i]] = h[i];
    expect("scatter", n, out, w);
  }
}

int main() {
  const int sizes[] = {0, 1, 1000, 5001};
  for (int n : sizes) {
    test_basic(n);
    test_sorting(n);
    test_selection(n);
    printf("n = %d done\n", n);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
