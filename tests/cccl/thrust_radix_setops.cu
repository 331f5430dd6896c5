// Thrust's algorithms whose CUB/Thrust tunings for sm_70+ need more than 32 KiB of
// shared memory per block (Metal's limit; CUDA allows 48 KiB static): thrust::sort,
// sort_by_key and stable_sort with the default or thrust::greater comparators on
// arithmetic keys (CUB's radix sort: 33,856 bytes), and the set operations (Thrust's
// SetOpAgent). Sizes 0, 1 and ones that are not powers of two, duplicates, 64-bit
// keys; checked against std::. Valid CUDA (nvcc -O2 -arch=sm_90). On Anchor the shared
// memory above 32 KiB is in device memory (docs/cccl.md).
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/set_operations.h>
#include <thrust/functional.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "cccl_check.h"

template <typename V, typename W> static void expect(const char *what, int n, const V &got, const W &want) {
  std::vector<typename W::value_type> g(got.begin(), got.end());
  bool ok = g.size() == want.size();
  for (size_t i = 0; ok && i < want.size(); i++) ok = g[i] == want[i];
  if (!ok) printf("FAIL %s (n=%d)\n", what, n), failures++;
}

static void test(int n) {
  std::vector<int> h = random_ints(n, -1000, 1000, n + 1), w(h);
  thrust::device_vector<int> d(h.begin(), h.end());
  thrust::sort(d.begin(), d.end());
  std::sort(w.begin(), w.end());
  expect("sort", n, d, w);
  d.assign(h.begin(), h.end());
  thrust::sort(d.begin(), d.end(), thrust::greater<int>());
  std::sort(w.begin(), w.end(), std::greater<int>());
  expect("sort(greater)", n, d, w);
  // sort_by_key on 64-bit keys with duplicates: values follow, in stable order
  std::vector<long long> k(n);
  std::vector<int> v(n);
  for (int i = 0; i < n; i++) k[i] = (long long)h[i] * 3000000019LL, v[i] = i;
  thrust::device_vector<long long> dk(k.begin(), k.end());
  thrust::device_vector<int> dv(v.begin(), v.end());
  thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin());
  std::vector<std::pair<long long, int>> kv(n);
  for (int i = 0; i < n; i++) kv[i] = {k[i], i};
  std::sort(kv.begin(), kv.end());
  std::vector<long long> wk(n);
  std::vector<int> wv(n);
  for (int i = 0; i < n; i++) wk[i] = kv[i].first, wv[i] = kv[i].second;
  expect("stable_sort_by_key 64-bit keys", n, dk, wk);
  expect("stable_sort_by_key values", n, dv, wv);
  // set operations on sorted ranges with duplicates
  std::vector<int> x = random_ints(n, -100, 100, 3), y = random_ints(n / 2 + 1, -100, 100, 4);
  std::sort(x.begin(), x.end()), std::sort(y.begin(), y.end());
  thrust::device_vector<int> dx(x.begin(), x.end()), dy(y.begin(), y.end()), ds(x.size() + y.size());
  std::vector<int> ws(x.size() + y.size());
  auto e1 = thrust::set_union(dx.begin(), dx.end(), dy.begin(), dy.end(), ds.begin());
  ws.resize(std::set_union(x.begin(), x.end(), y.begin(), y.end(), ws.begin()) - ws.begin());
  expect("set_union", n, thrust::device_vector<int>(ds.begin(), e1), ws);
  ws.resize(x.size() + y.size());
  auto e2 = thrust::set_intersection(dx.begin(), dx.end(), dy.begin(), dy.end(), ds.begin());
  ws.resize(std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), ws.begin()) - ws.begin());
  expect("set_intersection", n, thrust::device_vector<int>(ds.begin(), e2), ws);
  ws.resize(x.size() + y.size());
  auto e3 = thrust::set_difference(dx.begin(), dx.end(), dy.begin(), dy.end(), ds.begin());
  ws.resize(std::set_difference(x.begin(), x.end(), y.begin(), y.end(), ws.begin()) - ws.begin());
  expect("set_difference", n, thrust::device_vector<int>(ds.begin(), e3), ws);
}

int main() {
  const int sizes[] = {0, 1, 1000, 5001};
  for (int n : sizes) test(n), printf("n = %d done\n", n);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
