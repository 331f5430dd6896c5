// cccl_check.h — what the tests/cccl programs share: CHECK (a failing CUDA call ends the
// program), the failure count with expect_eq/same, MaxOp, Buf<T> (a device array filled
// from and read back into host vectors), WITH_TEMP (CUB's temporary-storage protocol: ask
// the size, allocate, call again) and random_ints. Header-only, plain CUDA: the programs
// also build with nvcc (tests/cccl/h200.sh).
#ifndef CCCL_CHECK_H
#define CCCL_CHECK_H
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    cudaError_t e_ = (x);                                                                          \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL: %s: %s (line %d)\n", #x, cudaGetErrorString(e_), __LINE__);                    \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

template <typename T> struct Buf {
  T *d = nullptr;
  size_t n;
  explicit Buf(size_t n_) : n(n_) { CHECK(cudaMalloc(&d, (n ? n : 1) * sizeof(T))); }
  explicit Buf(const std::vector<T> &h) : Buf(h.size()) {
    if (n) CHECK(cudaMemcpy(d, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  }
  std::vector<T> get(size_t m = (size_t)-1) const {
    if (m == (size_t)-1) m = n;
    std::vector<T> h(m);
    if (m) CHECK(cudaMemcpy(h.data(), d, m * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
  ~Buf() { cudaFree(d); }
};

// The temporary-storage protocol: CALL(temp, bytes) twice.
#define WITH_TEMP(CALL)                                                                            \
  do {                                                                                             \
    void *temp_ = nullptr;                                                                         \
    size_t bytes_ = 0;                                                                             \
    CHECK(CALL(temp_, bytes_));                                                                    \
    CHECK(cudaMalloc(&temp_, bytes_ ? bytes_ : 1));                                                \
    CHECK(CALL(temp_, bytes_));                                                                    \
    CHECK(cudaDeviceSynchronize());                                                                \
    CHECK(cudaFree(temp_));                                                                        \
  } while (0)

static inline std::vector<int> random_ints(size_t n, int lo, int hi, unsigned seed) {
  std::vector<int> v(n);
  srand(seed);
  for (auto &x : v)
    x = lo + rand() % (hi - lo + 1);
  return v;
}

// Failures counted by expect_eq and same (each program ends non-zero when any).
inline int failures = 0;

// Every element of got equals want's; prints "ok   WHAT" or the first difference.
template <typename T>
static void expect_eq(const char *what, const std::vector<T> &got, const std::vector<T> &want) {
  for (size_t i = 0; i < want.size(); i++)
    if (got[i] != want[i]) {
      printf("FAIL %s: [%zu] = %lld, expected %lld\n", what, i, (long long)got[i],
             (long long)want[i]);
      failures++;
      return;
    }
  printf("ok   %s\n", what);
}

// The same check, silent when it holds, naming the size n when it does not.
template <typename T>
static bool same(const char *what, int n, const std::vector<T> &got, const std::vector<T> &want) {
  for (size_t i = 0; i < want.size(); i++)
    if (!(got[i] == want[i])) {
      printf("FAIL %s (n=%d): [%zu] = %lld, expected %lld\n", what, n, i, (long long)got[i],
             (long long)want[i]);
      failures++;
      return false;
    }
  return true;
}

// A maximum for CUB's reductions and scans with a user operator.
struct MaxOp {
  template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const {
    return a < b ? b : a;
  }
};
#endif
