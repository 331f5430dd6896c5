// Thrust's CUDA backend (Debian's libthrust-dev, unmodified), the rest of the user
// surface: device_ptr and raw pointers with thrust::device, thrust::cuda::par.on(stream),
// a custom allocator (thrust::cuda::par(alloc) and device_vector's), the fancy iterators
// (counting, transform, zip, permutation, constant, discard), thrust::tuple,
// thrust::complex, thrust::random, functors and __device__ lambdas (nvcc needs
// --extended-lambda; nvcc's newer Thrust wants their return types written, as here).
// Every result is checked against a host reference. Valid CUDA for nvcc too
// (nvcc -O2 -arch=sm_90 --extended-lambda).
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/device_ptr.h>
#include <thrust/device_malloc_allocator.h>
#include <thrust/execution_policy.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/transform.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/for_each.h>
#include <thrust/copy.h>
#include <thrust/tuple.h>
#include <thrust/complex.h>
#include <thrust/random.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) printf("FAIL %s\n", what), failures++;
  else printf("ok   %s\n", what);
}
#define CHECK(x)                                                                              \
  do {                                                                                        \
    cudaError_t e_ = (x);                                                                     \
    if (e_ != cudaSuccess) {                                                                  \
      printf("FAIL: %s: %s (line %d)\n", #x, cudaGetErrorString(e_), __LINE__);               \
      exit(1);                                                                                \
    }                                                                                         \
  } while (0)

// An allocator that counts what it hands out (Thrust's custom-allocator protocol:
// value_type char, allocate/deallocate) — used as the temporary storage of algorithms.
struct CountingAllocator {
  typedef char value_type;
  long long *live, *calls;
  char *allocate(std::ptrdiff_t n) {
    char *p = nullptr;
    CHECK(cudaMalloc(&p, n));
    *live += n, ++*calls;
    return p;
  }
  void deallocate(char *p, size_t n) {
    CHECK(cudaFree(p));
    *live -= (long long)n;
  }
};

// A device_vector allocator deriving from Thrust's: counts constructions.
template <typename T> struct TrackedAllocator : thrust::device_malloc_allocator<T> {
  typedef thrust::device_malloc_allocator<T> super_t;
  typedef typename super_t::pointer pointer;
  typedef typename super_t::size_type size_type;
  static int allocations;
  pointer allocate(size_type n) {
    allocations++;
    return super_t::allocate(n);
  }
  template <typename U> struct rebind { typedef TrackedAllocator<U> other; };
};
template <typename T> int TrackedAllocator<T>::allocations = 0;

struct Triple {
  __host__ __device__ long long operator()(int x) const { return 3LL * x; }
};
struct ZipFma { // (a, b, c) -> a * b + c
  __host__ __device__ float operator()(const thrust::tuple<float, float, float> &t) const {
    return thrust::get<0>(t) * thrust::get<1>(t) + thrust::get<2>(t);
  }
};
struct Estimate { // Monte-Carlo: thread i draws 64 points, counts those in the circle
  __host__ __device__ unsigned operator()(unsigned i) const {
    thrust::default_random_engine rng(1234);
    rng.discard(128 * i);
    thrust::uniform_real_distribution<float> u(0.0f, 1.0f);
    unsigned in = 0;
    for (int k = 0; k < 64; k++) {
      float x = u(rng), y = u(rng);
      in += x * x + y * y <= 1.0f;
    }
    return in;
  }
};

int main() {
  const int n = 3001;
  // device_ptr over cudaMalloc'd memory, thrust::device on raw pointers
  int *raw = nullptr;
  CHECK(cudaMalloc(&raw, n * sizeof(int)));
  thrust::device_ptr<int> dp(raw);
  thrust::sequence(dp, dp + n, -100);
  long long want = 0;
  for (int i = 0; i < n; i++) want += i - 100;
  check(thrust::reduce(thrust::device, raw, raw + n, 0LL) == want, "device_ptr/raw pointer reduce");
  check(thrust::raw_pointer_cast(dp) == raw && dp[5] == -95, "device_ptr element access");

  // par.on(stream) and a custom allocator for temporaries
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  long long live = 0, calls = 0;
  CountingAllocator alloc{&live, &calls};
  thrust::device_vector<int> out(n);
  thrust::inclusive_scan(thrust::cuda::par(alloc).on(s), dp, dp + n, out.begin());
  CHECK(cudaStreamSynchronize(s));
  thrust::host_vector<int> h = out;
  bool ok = true;
  for (int i = 0, acc = 0; i < n; i++) acc += i - 100, ok &= h[i] == acc;
  check(ok, "inclusive_scan on par(alloc).on(stream)");
  check(calls > 0 && live == 0, "custom allocator gave and took back the temporaries");
  check(thrust::reduce(thrust::cuda::par.on(s), dp, dp + n) == (int)want, "reduce on par.on(stream)");
  {
    thrust::device_vector<float, TrackedAllocator<float>> tv(100, 2.5f);
    check(TrackedAllocator<float>::allocations == 1 && tv[99] == 2.5f,
          "device_vector with a custom allocator");
  }

  // counting + transform iterators: sum of 3i for i in [0, n)
  auto ti = thrust::make_transform_iterator(thrust::make_counting_iterator(0), Triple());
  check(thrust::reduce(ti, ti + n, 0LL) == 3LL * n * (n - 1) / 2, "counting + transform iterator");
  // zip iterator: a * b + c
  thrust::device_vector<float> a(n), b(n), c(n), r(n);
  thrust::sequence(a.begin(), a.end(), 0.5f);
  thrust::fill(b.begin(), b.end(), 2.0f);
  thrust::sequence(c.begin(), c.end(), 0.0f, -1.0f);
  auto z = thrust::make_zip_iterator(thrust::make_tuple(a.begin(), b.begin(), c.begin()));
  thrust::transform(z, z + n, r.begin(), ZipFma());
  thrust::host_vector<float> hr = r;
  ok = true;
  for (int i = 0; i < n; i++) ok &= hr[i] == (0.5f + i) * 2.0f - i;
  check(ok, "zip iterator + tuple");
  // permutation iterator: gather through a map; constant iterator; discard iterator
  thrust::device_vector<int> map(n);
  thrust::sequence(map.begin(), map.end(), n - 1, -1); // reversed
  auto perm = thrust::make_permutation_iterator(dp, map.begin());
  thrust::copy(perm, perm + n, out.begin());
  h = out;
  ok = true;
  for (int i = 0; i < n; i++) ok &= h[i] == (n - 1 - i) - 100;
  check(ok, "permutation iterator");
  thrust::transform(dp, dp + n, thrust::make_constant_iterator(7), out.begin(), thrust::multiplies<int>());
  h = out;
  ok = true;
  for (int i = 0; i < n; i++) ok &= h[i] == 7 * (i - 100);
  check(ok, "constant iterator");
  thrust::device_vector<int> keys(n), sums(n);
  thrust::transform(thrust::make_counting_iterator(0), thrust::make_counting_iterator(n), keys.begin(),
                    [] __device__(int i) -> int { return i / 10; });
  auto ends = thrust::reduce_by_key(keys.begin(), keys.end(), thrust::make_constant_iterator(1),
                                    thrust::make_discard_iterator(), sums.begin());
  thrust::host_vector<int> hs(sums.begin(), ends.second);
  ok = hs.size() == (size_t)(n + 9) / 10;
  for (size_t i = 0; ok && i < hs.size(); i++) ok &= hs[i] == (i + 1 < hs.size() ? 10 : n - 10 * (int)i);
  check(ok, "discard iterator (reduce_by_key counts only) and a __device__ lambda");

  // __device__ lambda with a capture, for_each
  int scale = 5;
  thrust::for_each(thrust::device, raw, raw + n, [scale] __device__(int &x) -> void { x = x * scale + 1; });
  h = thrust::host_vector<int>(dp, dp + n);
  ok = true;
  for (int i = 0; i < n; i++) ok &= h[i] == (i - 100) * 5 + 1;
  check(ok, "for_each with a capturing __device__ lambda");

  // thrust::complex: |z|^2 and z * conj(z)
  thrust::device_vector<thrust::complex<float>> zc(n);
  thrust::transform(thrust::make_counting_iterator(0), thrust::make_counting_iterator(n), zc.begin(),
                    [] __device__(int i) -> thrust::complex<float> {
                      thrust::complex<float> w(i * 0.25f, 1.0f - i);
                      return w * thrust::conj(w) + thrust::complex<float>(0.0f, thrust::norm(w));
                    });
  thrust::host_vector<thrust::complex<float>> hz = zc;
  ok = true;
  for (int i = 0; i < n; i++) {
    float re = i * 0.25f, im = 1.0f - i, nn = re * re + im * im;
    ok &= std::fabs(hz[i].real() - nn) <= 1e-6f * nn && std::fabs(hz[i].imag() - nn) <= 1e-6f * nn;
  }
  check(ok, "thrust::complex");
  thrust::complex<double> zd = thrust::exp(thrust::complex<double>(0.0, 3.141592653589793));
  check(std::fabs(zd.real() + 1.0) < 1e-12 && std::fabs(zd.imag()) < 1e-12, "thrust::complex<double> exp (host)");

  // thrust::random: the same engine on the device and on the host agree
  const int draws = 257;
  thrust::device_vector<unsigned> hits(draws);
  thrust::transform(thrust::make_counting_iterator(0u), thrust::make_counting_iterator((unsigned)draws),
                    hits.begin(), Estimate());
  thrust::host_vector<unsigned> hh = hits;
  ok = true;
  unsigned total = 0;
  for (int i = 0; i < draws; i++) ok &= hh[i] == Estimate()(i), total += hh[i];
  double pi = 4.0 * total / (64.0 * draws);
  printf("     Monte-Carlo pi from thrust::random: %.4f\n", pi);
  check(ok && std::fabs(pi - 3.14159) < 0.05, "thrust::random (device draws equal host draws)");

  // tuple on the device: min and max in one reduction
  auto mm = thrust::transform_reduce(
      dp, dp + n, [] __device__(int x) -> thrust::tuple<int, int> { return thrust::make_tuple(x, x); },
      thrust::make_tuple(1 << 30, -(1 << 30)),
      [] __device__(thrust::tuple<int, int> p, thrust::tuple<int, int> q) -> thrust::tuple<int, int> {
        return thrust::make_tuple(min(thrust::get<0>(p), thrust::get<0>(q)),
                                  max(thrust::get<1>(p), thrust::get<1>(q)));
      });
  check(thrust::get<0>(mm) == -100 * 5 + 1 && thrust::get<1>(mm) == (n - 1 - 100) * 5 + 1,
        "thrust::tuple reduction with __device__ lambdas");

  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(raw));
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
