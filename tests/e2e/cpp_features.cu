// cpp_features.cu — end-to-end test of the C++ that CUDA device code commonly uses:
// templated kernels instantiated for several types and block sizes, a class with
// member functions and operator overloads, references as parameters, namespaces,
// constexpr values and functions, default arguments, static member functions, and a
// launch through cudaLaunchKernel with an explicit argument array.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

namespace geom {

struct Vec2 {
  int x, y;
  __host__ __device__ Vec2() : x(0), y(0) {}
  __host__ __device__ Vec2(int x_, int y_) : x(x_), y(y_) {}
  __host__ __device__ Vec2 operator+(const Vec2 &o) const { return Vec2(x + o.x, y + o.y); }
  __host__ __device__ Vec2 operator*(int k) const { return Vec2(x * k, y * k); }
  __host__ __device__ Vec2 &operator+=(const Vec2 &o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  __host__ __device__ int dot(const Vec2 &o) const { return x * o.x + y * o.y; }
  __host__ __device__ static Vec2 unit_x() { return Vec2(1, 0); }
};

constexpr int kScale = 3;
__host__ __device__ constexpr int square(int v) { return v * v; }

__host__ __device__ void swap_into(Vec2 &a, Vec2 &b) { // references
  Vec2 t = a;
  a = b;
  b = t;
}

__host__ __device__ int weigh(const Vec2 &v, int w = 2) { return v.dot(v) * w; }

} // namespace geom

__host__ __device__ int vec_result(int i) {
  using geom::Vec2;
  Vec2 a(i, -i), b(i % 7, 3);
  a += b * geom::kScale;
  Vec2 c = a + Vec2::unit_x();
  geom::swap_into(a, c);
  return geom::weigh(a) + geom::weigh(c, 5) + geom::square(b.x) + a.dot(c);
}

__global__ void vec_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = vec_result(i);
}

// One kernel template, several element types and a compile-time unroll factor.
template <typename T, int UNROLL> __global__ void axpb(const T *x, T *y, T a, T b, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * UNROLL;
#pragma unroll
  for (int k = 0; k < UNROLL; k++)
    if (base + k < n)
      y[base + k] = a * x[base + k] + b;
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

// Runs axpb<T, UNROLL> on 1000 elements and checks every result exactly.
template <typename T, int UNROLL> static int test_axpb(T a, T b, const char *name) {
  const int n = 1000;
  T x[n], y[n];
  for (int i = 0; i < n; i++)
    x[i] = (T)(i % 50);
  T *dx, *dy;
  if (check(cudaMalloc((void **)&dx, sizeof x), "cudaMalloc") ||
      check(cudaMalloc((void **)&dy, sizeof y), "cudaMalloc") ||
      check(cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  int threads = 64, blocks = (n + threads * UNROLL - 1) / (threads * UNROLL);
  axpb<T, UNROLL><<<blocks, threads>>>(dx, dy, a, b, n);
  if (check(cudaGetLastError(), name) || check(cudaDeviceSynchronize(), name) ||
      check(cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int i = 0; i < n; i++) {
    T want = (T)(a * x[i] + b); // small integers: exact in every type used
    if (y[i] != want) {
      printf("FAIL: %s y[%d] = %g, expected %g\n", name, i, (double)y[i], (double)want);
      return 1;
    }
  }
  cudaFree(dx);
  cudaFree(dy);
  return 0;
}

static int test_vec(void) {
  const int n = 3000;
  int *out = (int *)malloc(n * sizeof(int)), *dout;
  if (check(cudaMalloc((void **)&dout, n * sizeof(int)), "cudaMalloc"))
    return 1;
  // The same launch spelled out through the runtime API.
  int count = n;
  void *args[] = {&dout, &count};
  if (check(cudaLaunchKernel((const void *)vec_kernel, dim3((n + 127) / 128), dim3(128), args,
                             0, 0),
            "cudaLaunchKernel") ||
      check(cudaDeviceSynchronize(), "vec_kernel") ||
      check(cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int i = 0; i < n; i++)
    if (out[i] != vec_result(i)) {
      printf("FAIL: vec_kernel out[%d] = %d, expected %d\n", i, out[i], vec_result(i));
      return 1;
    }
  cudaFree(dout);
  free(out);
  return 0;
}

int main(void) {
  if (test_vec() || test_axpb<int, 1>(3, -7, "axpb<int,1>") ||
      test_axpb<int, 4>(-2, 100, "axpb<int,4>") ||
      test_axpb<float, 3>(0.5f, 0.25f, "axpb<float,3>") ||
      test_axpb<short, 2>(3, 1, "axpb<short,2>") ||
      test_axpb<unsigned long long, 5>(7ull, 9ull, "axpb<ull,5>"))
    return 1;
  printf("PASS\n");
  return 0;
}
