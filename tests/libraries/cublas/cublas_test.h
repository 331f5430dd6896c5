// cublas_test.h — what the cuBLAS tests share: checks that print the failing call,
// random data, device buffers, and error bounds. Host code; each test program includes
// it once. Compiles with anchorcc (softmetal) and with nvcc against NVIDIA's cuBLAS.
#pragma once
#include <cblas.h>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>

static int failures = 0;

#define CHECK_CUDA(call)                                                                           \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      printf("FAIL %s:%d: %s -> %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));         \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)
#define CHECK_BLAS(call)                                                                           \
  do {                                                                                             \
    cublasStatus_t s_ = (call);                                                                    \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                             \
      printf("FAIL %s:%d: %s -> %s\n", __FILE__, __LINE__, #call, cublasGetStatusName(s_));        \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)
#define EXPECT_STATUS(call, want)                                                                  \
  do {                                                                                             \
    cublasStatus_t s_ = (call);                                                                    \
    if (s_ != (want)) {                                                                            \
      printf("FAIL %s:%d: %s -> %s, expected %s\n", __FILE__, __LINE__, #call,                     \
             cublasGetStatusName(s_), #want);                                                      \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

// A fixed pseudo-random sequence (the same on every machine): uniform in [-1, 1).
static unsigned long long rng_state = 88172645463325252ull;
static double uniform() {
  rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
  return (double)(rng_state >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

// Element traits of the four BLAS types: real part type, epsilon, random values.
template <class T> struct elem;
template <> struct elem<float> {
  typedef float real;
  static float random() { return (float)uniform(); }
  static double re(float v) { return v; }
  static double im(float) { return 0; }
  static const char *name() { return "S"; }
};
template <> struct elem<double> {
  typedef double real;
  static double random() { return uniform(); }
  static double re(double v) { return v; }
  static double im(double) { return 0; }
  static const char *name() { return "D"; }
};
template <> struct elem<cuComplex> {
  typedef float real;
  static cuComplex random() { return make_cuComplex((float)uniform(), (float)uniform()); }
  static double re(cuComplex v) { return v.x; }
  static double im(cuComplex v) { return v.y; }
  static const char *name() { return "C"; }
};
template <> struct elem<cuDoubleComplex> {
  typedef double real;
  static cuDoubleComplex random() { return make_cuDoubleComplex(uniform(), uniform()); }
  static double re(cuDoubleComplex v) { return v.x; }
  static double im(cuDoubleComplex v) { return v.y; }
  static const char *name() { return "Z"; }
};
template <class T> static double eps() {
  return sizeof(typename elem<T>::real) == 4 ? 5.96e-8 : 1.11e-16;
}
template <class T> static double abs_of(T v) {
  return std::hypot(elem<T>::re(v), elem<T>::im(v));
}

template <class T> static std::vector<T> random_vector(size_t n) {
  std::vector<T> v(n);
  for (auto &e : v)
    e = elem<T>::random();
  return v;
}

template <class T> static T *to_device(const std::vector<T> &h) {
  T *d;
  CHECK_CUDA(cudaMalloc(&d, h.size() * sizeof(T) + 16));
  CHECK_CUDA(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T> static std::vector<T> to_host(const T *d, size_t n) {
  std::vector<T> h(n);
  CHECK_CUDA(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

// |got - want| <= bound (per part); prints the first few failures of a check.
template <class T> static bool close(T got, T want, double bound) {
  double dr = std::fabs(elem<T>::re(got) - elem<T>::re(want)),
         di = std::fabs(elem<T>::im(got) - elem<T>::im(want));
  return dr <= bound && di <= bound; // NaN fails
}
template <class T>
static void expect_close(const char *what, const std::vector<T> &got, const std::vector<T> &want,
                         const std::vector<double> &bound) {
  int bad = 0;
  for (size_t i = 0; i < got.size(); i++)
    if (!close(got[i], want[i], bound[i]) && bad++ < 3)
      printf("FAIL %s[%zu]: got (%.17g, %.17g) want (%.17g, %.17g) bound %.3g\n", what, i,
             elem<T>::re(got[i]), elem<T>::im(got[i]), elem<T>::re(want[i]), elem<T>::im(want[i]),
             bound[i]);
  if (bad) failures++;
}
template <class T>
static void expect_equal(const char *what, const std::vector<T> &got, const std::vector<T> &want) {
  if (got.size() != want.size() || memcmp(got.data(), want.data(), got.size() * sizeof(T)) != 0) {
    printf("FAIL %s: not bit-identical\n", what);
    failures++;
  }
}
// cuBLAS's enums as OpenBLAS's cblas takes them
static inline CBLAS_TRANSPOSE cop(cublasOperation_t op) {
  return op == CUBLAS_OP_N ? CblasNoTrans : op == CUBLAS_OP_T ? CblasTrans : CblasConjTrans;
}
static inline CBLAS_UPLO cuplo(cublasFillMode_t u) {
  return u == CUBLAS_FILL_MODE_UPPER ? CblasUpper : CblasLower;
}
static inline CBLAS_DIAG cdiag(cublasDiagType_t d) {
  return d == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit;
}
static inline CBLAS_SIDE cside(cublasSideMode_t s) {
  return s == CUBLAS_SIDE_LEFT ? CblasLeft : CblasRight;
}

static int finish(const char *name) {
  if (failures) {
    printf("FAIL %s: %d check(s) failed\n", name, failures);
    return 1;
  }
  printf("%s: all checks passed\nPASS\n", name);
  return 0;
}
