// thrust_hip.hip — Thrust from a HIP program, as HIP projects spell it (rocThrust's headers
// are thrust/...; on HIP's NVIDIA platform they are NVIDIA's Thrust, here Debian's
// libthrust-dev over CUB): device_vector, transform, a sort with a comparator object,
// reduce, inclusive_scan and count_if on hipStream_t-ordered work, every value checked on
// the host.
#include <hip/hip_runtime.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>

struct Descending {
  __host__ __device__ bool operator()(int a, int b) const { return a > b; }
};
struct Scale {
  __host__ __device__ int operator()(int x) const { return 3 * x - 7; }
};
struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return x & 1; }
};

int main() {
  const int n = 3001; // not a power of two
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 1009 - 500;
  hipStream_t stream;
  if (hipStreamCreate(&stream) != hipSuccess) {
    printf("FAIL: hipStreamCreate\n");
    return 1;
  }
  thrust::device_vector<int> d(h.begin(), h.end());
  thrust::transform(thrust::cuda::par.on(stream), d.begin(), d.end(), d.begin(), Scale());
  thrust::sort(thrust::cuda::par.on(stream), d.begin(), d.end(), Descending());
  long long sum = thrust::reduce(thrust::cuda::par.on(stream), d.begin(), d.end(), 0LL);
  long long odd = thrust::count_if(thrust::cuda::par.on(stream), d.begin(), d.end(), IsOdd());
  thrust::device_vector<int> scan(n);
  thrust::inclusive_scan(thrust::cuda::par.on(stream), d.begin(), d.end(), scan.begin());
  if (hipStreamSynchronize(stream) != hipSuccess) {
    printf("FAIL: hipStreamSynchronize\n");
    return 1;
  }
  std::vector<int> want(n);
  std::transform(h.begin(), h.end(), want.begin(), [](int x) { return 3 * x - 7; });
  std::sort(want.begin(), want.end(), std::greater<int>());
  long long want_sum = std::accumulate(want.begin(), want.end(), 0LL);
  long long want_odd = std::count_if(want.begin(), want.end(), [](int x) { return x & 1; });
  std::vector<int> want_scan(n);
  std::partial_sum(want.begin(), want.end(), want_scan.begin());
  thrust::host_vector<int> got = d, got_scan = scan;
  for (int i = 0; i < n; i++)
    if (got[i] != want[i] || got_scan[i] != want_scan[i]) {
      printf("FAIL: [%d] sorted %d (want %d), scan %d (want %d)\n", i, got[i], want[i],
             got_scan[i], want_scan[i]);
      return 1;
    }
  if (sum != want_sum || odd != want_odd) {
    printf("FAIL: sum %lld (want %lld), odd %lld (want %lld)\n", sum, want_sum, odd, want_odd);
    return 1;
  }
  hipStreamDestroy(stream);
  printf("sum %lld, odd %lld\nPASS\n", sum, odd);
  return 0;
}
