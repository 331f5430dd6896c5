// thrust.cu — thrust::reduce and thrust::sort of N 32-bit keys (default 16 M) against
// std::reduce and std::sort on the same cores, as ratios measured in one run.
//
//   thrust [N] [RUNS]
//
// Thrust (Debian's libthrust-dev) runs on softmetal with anchorcc (on an NVIDIA GPU
// with nvcc). The host baselines use as many threads as softmetal has workers
// (SOFTMETAL_WORKERS, else the online CPUs): std::reduce of one slice per thread, then
// the partial sums; std::sort of one slice per thread, then std::inplace_merge of the
// slices pairwise. Each figure is the median of RUNS timed runs (default 3) after one
// untimed run (which, on softmetal, compiles the kernels). Every result is checked.
// thrust::sort with the default comparator is CUB's radix sort; with a comparator
// object it is Thrust's merge sort: both are measured.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/system_error.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <thread>
#include <vector>
#include <unistd.h>

static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
static int workers() {
  const char *w = getenv("SOFTMETAL_WORKERS");
  int n = w ? atoi(w) : (int)sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? n : 1;
}

struct Less { // a comparator object: Thrust's merge sort instead of the radix sort
  __host__ __device__ bool operator()(unsigned a, unsigned b) const { return a < b; }
};

// Times fn() `runs` times after one untimed call; the median in seconds.
template <class F> static double timed(int runs, F fn) {
  fn();
  std::vector<double> t;
  for (int r = 0; r < runs; r++) {
    double s = now();
    fn();
    t.push_back(now() - s);
  }
  return median(t);
}

static unsigned long long host_reduce(const std::vector<unsigned> &v, int threads) {
  std::vector<unsigned long long> part(threads);
  std::vector<std::thread> ts;
  size_t n = v.size();
  for (int t = 0; t < threads; t++)
    ts.emplace_back([&, t] {
      // the operator widens each key (std::plus<> would add two keys in 32 bits first)
      part[t] = std::reduce(v.begin() + n * t / threads, v.begin() + n * (t + 1) / threads, 0ULL,
                            [](unsigned long long a, unsigned long long b) { return a + b; });
    });
  for (auto &t : ts) t.join();
  return std::reduce(part.begin(), part.end(), 0ULL);
}

static void host_sort(std::vector<unsigned> &v, int threads) {
  size_t n = v.size();
  std::vector<size_t> cut(threads + 1);
  for (int t = 0; t <= threads; t++) cut[t] = n * t / threads;
  std::vector<std::thread> ts;
  for (int t = 0; t < threads; t++)
    ts.emplace_back([&, t] { std::sort(v.begin() + cut[t], v.begin() + cut[t + 1]); });
  for (auto &t : ts) t.join();
  for (int width = 1; width < threads; width *= 2) { // merge neighbours, in parallel
    ts.clear();
    for (int t = 0; t + width < threads; t += 2 * width) {
      size_t a = cut[t], m = cut[t + width], b = cut[std::min(t + 2 * width, threads)];
      ts.emplace_back([&v, a, m, b] { std::inplace_merge(v.begin() + a, v.begin() + m, v.begin() + b); });
    }
    for (auto &t : ts) t.join();
  }
}

int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoull(argv[1], 0, 10) : (16u << 20);
  int runs = argc > 2 ? atoi(argv[2]) : 3, threads = workers();
  std::vector<unsigned> keys(n);
  srand(1);
  for (auto &k : keys) k = ((unsigned)rand() << 16) ^ (unsigned)rand();
  std::vector<unsigned> sorted(keys);
  std::sort(sorted.begin(), sorted.end());
  unsigned long long sum = 0;
  for (unsigned k : keys) sum += k;
  printf("N = %zu 32-bit keys, %d host threads, median of %d runs\n", n, threads, runs);
  bool ok = true;

  thrust::device_vector<unsigned> d(keys.begin(), keys.end());
  unsigned long long got = 0;
  auto check = [&](bool good, const char *what) {
    if (!good) printf("wrong result: %s\n", what);
    ok &= good;
  };
  double t_reduce = timed(runs, [&] { got = thrust::reduce(d.begin(), d.end(), 0ULL); });
  check(got == sum, "thrust::reduce");
  double t_std_reduce = timed(runs, [&] { got = host_reduce(keys, threads); });
  check(got == sum, "std::reduce");
  printf("reduce:      thrust %8.2f ms  std %8.2f ms  ratio thrust/std %.2f\n", t_reduce * 1e3,
         t_std_reduce * 1e3, t_reduce / t_std_reduce);

  std::vector<unsigned> work;
  double t_std_sort = timed(runs, [&] { work = keys; host_sort(work, threads); });
  check(work == sorted, "std::sort");
  thrust::device_vector<unsigned> w(n);
  auto check_sorted = [&] {
    thrust::host_vector<unsigned> h = w;
    return std::equal(h.begin(), h.end(), sorted.begin());
  };
  try {
    double t = timed(runs, [&] { w = d; thrust::sort(w.begin(), w.end()); });
    check(check_sorted(), "thrust::sort");
    printf("sort radix:  thrust %8.2f ms  std %8.2f ms  ratio thrust/std %.2f\n", t * 1e3,
           t_std_sort * 1e3, t / t_std_sort);
  } catch (const thrust::system_error &e) {
    printf("sort radix:  not available: %s\n", e.what());
    cudaGetLastError();
  }
  double t_merge = timed(runs, [&] { w = d; thrust::sort(w.begin(), w.end(), Less()); });
  check(check_sorted(), "thrust::sort(comparator)");
  printf("sort merge:  thrust %8.2f ms  std %8.2f ms  ratio thrust/std %.2f\n", t_merge * 1e3,
         t_std_sort * 1e3, t_merge / t_std_sort);
  printf("%s\n", ok ? "PASS" : "FAIL: wrong results");
  return ok ? 0 : 1;
}
