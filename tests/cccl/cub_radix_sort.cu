// CUB's radix sorts (Debian's libcub-dev, unmodified) with the temporary-storage
// protocol: DeviceRadixSort (pairs and descending keys, 32- and 64-bit keys with
// duplicates) and DeviceSegmentedRadixSort (empty segments included), sizes 0, 1 and
// ones that are not powers of two, checked against a host reference. Valid CUDA for
// nvcc too. On Anchor this needs more than Metal's 32 KiB of threadgroup memory
// (docs/cccl.md): CUB's sm_70 tuning ranks 6-bit digits in 256-thread blocks, 33,856
// bytes, which Anchor keeps in device memory (docs/compiler.md).
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <numeric>
#include "cccl_check.h"

template <typename K> static void test_radix_sort(int n, int seed) {
  std::vector<K> keys(n);
  std::vector<int> vals(n);
  srand(seed);
  for (int i = 0; i < n; i++)
    keys[i] = (K)((((uint64_t)rand() << 33) ^ ((uint64_t)rand() << 3)) % 1000003) - (K)500000,
    vals[i] = i;
  for (int i = 0; i < n; i += 3) keys[i] = keys[i / 2]; // duplicates
  Buf<K> kin(keys), kout(n);
  Buf<int> vin(vals), vout(n);
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceRadixSort::SortPairs(t, b, kin.d, kout.d, vin.d, vout.d, n);
  });
  std::vector<std::pair<K, int>> kv(n);
  for (int i = 0; i < n; i++) kv[i] = {keys[i], i};
  std::sort(kv.begin(), kv.end()); // (key, index): the stable order
  std::vector<K> wk(n);
  std::vector<int> wv(n);
  for (int i = 0; i < n; i++) wk[i] = kv[i].first, wv[i] = kv[i].second;
  const char *name = sizeof(K) == 8 ? "DeviceRadixSort::SortPairs 64-bit" : "DeviceRadixSort::SortPairs";
  if (same(name, n, kout.get(), wk)) same(name, n, vout.get(), wv);
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceRadixSort::SortKeysDescending(t, b, kin.d, kout.d, n);
  });
  std::reverse(wk.begin(), wk.end());
  same("DeviceRadixSort::SortKeysDescending", n, kout.get(), wk);
}

static void test_segmented_sort(int segments) {
  std::vector<int> offsets(segments + 1, 0); // segment i has (i * 37) % 50 items
  for (int i = 0; i < segments; i++) offsets[i + 1] = offsets[i] + (i * 37) % 50;
  int n = offsets[segments];
  std::vector<int> h(n);
  srand(5 + segments);
  for (auto &x : h) x = rand() % 2001 - 1000;
  Buf<int> in(h), off(offsets), sorted(n);
  WITH_TEMP([&](void *t, size_t &b) {
    return cub::DeviceSegmentedRadixSort::SortKeys(t, b, in.d, sorted.d, n, segments, off.d,
                                                   off.d + 1);
  });
  std::vector<int> w(h);
  for (int i = 0; i < segments; i++) std::sort(w.begin() + offsets[i], w.begin() + offsets[i + 1]);
  same("DeviceSegmentedRadixSort::SortKeys", segments, sorted.get(), w);
}

int main() {
  const int sizes[] = {0, 1, 1000, 12345};
  for (int n : sizes) {
    test_radix_sort<int>(n, 1);
    test_radix_sort<long long>(n, 2);
  }
  test_segmented_sort(1);
  test_segmented_sort(77);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
