// nvcc's redeclaration rule: a function declared with execution-space attributes and
// defined later without them keeps the first declaration's space (docs/driver.md,
// "Execution spaces and undefined values"). Each form below is defined bare after an
// attributed declaration; the kernel calls the device ones, the host the host ones, and
// every result is checked against the host's arithmetic. clang alone rejects every
// __host__ __device__ form ("__host__ function 'f' cannot overload __host__ __device__
// function 'f'") and leaves the __device__ one undefined on the device.
#include <cstdio>

// a free function
__host__ __device__ int twice(int x);
int twice(int x) { return 2 * x; }

// __device__ only (nvcc warns that the definition is then __host__ __device__; for the
// device it is the declaration's function either way)
__device__ int thrice(int x);
int thrice(int x) { return 3 * x; }

// a function template
template <class T> __host__ __device__ T add(T a, T b);
template <class T> T add(T a, T b) { return a + b; }

// members defined out of their class: a function, an operator, a member template, a
// constructor
struct S {
  int v;
  __host__ __device__ S(int x);
  __host__ __device__ int get() const;
  __host__ __device__ S operator+(const S &o) const;
  template <class U> __host__ __device__ U scaled(U k) const;
};
S::S(int x) : v(x) {}
int S::get() const { return v; }
S S::operator+(const S &o) const { return S(v + o.v); }
template <class U> U S::scaled(U k) const { return U(v) * k; }

// a class template's member and a friend operator template (as <cuda/std/complex>)
template <class T> struct W {
  T v;
  __host__ __device__ T twice() const;
  template <class U> friend __host__ __device__ W<U> operator*(W<U> a, W<U> b);
};
template <class T> T W<T>::twice() const { return v + v; }
template <class U> W<U> operator*(W<U> a, W<U> b) { return W<U>{a.v * b.v}; }

// in a namespace, with a multi-line template head
namespace ns {
template <class T, int N> __host__ __device__ T power(T x);
template <class T,
          int N>
inline T power(T x) {
  T r = 1;
  for (int i = 0; i < N; i++) r *= x;
  return r;
}
}  // namespace ns

// declared __host__, defined bare: stays host (Thrust's complex stream operators)
__host__ int host_only(int x);
int host_only(int x) { return x + 1; }

__global__ void k(int *out, double *outd, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  S a(i), b(4);
  W<int> w{i}, w2{6};
  out[8 * i + 0] = twice(i);
  out[8 * i + 1] = thrice(i);
  out[8 * i + 2] = add(i, 7);
  out[8 * i + 3] = (a + b).get();
  out[8 * i + 4] = a.scaled(5);
  out[8 * i + 5] = w.twice();
  out[8 * i + 6] = (w * w2).v;
  out[8 * i + 7] = ns::power<int, 3>(i);
  outd[i] = add(0.5 * i, 0.25);
}

int main() {
  const int n = 1000;
  int *d, h[8 * n];
  double *dd, hd[n];
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&dd, sizeof hd);
  k<<<(n + 127) / 128, 128>>>(d, dd, n);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
  int bad = e != cudaSuccess;
  for (int i = 0; i < n; i++) {
    S a(i), b(4);
    W<int> w{i}, w2{6};
    int want[8] = {2 * i, 3 * i, i + 7, i + 4, 5 * i, 2 * i, 6 * i, i * i * i};
    // the host sees the same functions (the __host__ __device__ ones)
    int host[8] = {twice(i), 3 * i, add(i, 7), (a + b).get(), a.scaled(5), w.twice(),
                   (w * w2).v, ns::power<int, 3>(i)};
    for (int j = 0; j < 8; j++)
      if (h[8 * i + j] != want[j] || host[j] != want[j]) {
        if (bad++ < 10)
          printf("i=%d form %d: device %d host %d want %d\n", i, j, h[8 * i + j], host[j], want[j]);
      }
    if (hd[i] != 0.5 * i + 0.25 && bad++ < 10) printf("i=%d double: %g\n", i, hd[i]);
  }
  if (host_only(41) != 42) bad++;
  printf("%s\n", bad ? "FAIL" : "PASS");
  cudaFree(d);
  cudaFree(dd);
  return bad != 0;
}
