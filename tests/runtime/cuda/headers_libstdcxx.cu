// headers_libstdcxx.cu — libstdc++ headers in a .cu file, which use the GNU
// attribute spelling __attribute__((__noinline__)) (<memory>'s shared_ptr)
// that a macro __noinline__ would break, together with CUDA's __noinline__
// and __forceinline__ qualifiers in device and host code. Threads launch
// kernels under a mutex; results are checked on the host. Compiles with
// nvcc as well; prints PASS or FAIL.
#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <cuda_runtime.h>

__device__ __noinline__ int square(int x) { return x * x; }
__host__ __device__ __forceinline__ int twice(int x) { return 2 * x; }
__device__ __attribute__((__noinline__)) int plus_one(int x) { return x + 1; }
__host__ __device__ __forceinline__ int mix(int x) { return twice(x) + 3; }
__attribute__((__noinline__)) static int host_side(int x) { return x - 1; }

__global__ void kernel(int *out, int n, int tag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = square(i) + plus_one(tag) + mix(i);
}

int main() {
  const int n = 256, workers = 4;
  std::vector<std::shared_ptr<std::vector<int>>> results;
  for (int t = 0; t < workers; t++) results.push_back(std::make_shared<std::vector<int>>(n));
  std::mutex lock;
  int launched = 0;
  std::function<void(int)> work = [&](int t) {
    int *dev = nullptr;
    if (cudaMalloc(&dev, n * sizeof(int)) != cudaSuccess) return;
    kernel<<<(n + 63) / 64, 64>>>(dev, n, t);
    cudaMemcpy(results[t]->data(), dev, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(dev);
    std::lock_guard<std::mutex> guard(lock);
    launched++;
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < workers; t++) threads.emplace_back(work, t);
  for (auto &th : threads) th.join();
  int bad = 0;
  for (int t = 0; t < workers; t++) {
    std::vector<int> expect(n);
    for (int i = 0; i < n; i++) expect[i] = i * i + (t + 1) + (2 * i + 3);
    std::vector<int> got = *results[t];
    bad += got != expect;
    std::sort(got.begin(), got.end());
    bad += !std::is_sorted(got.begin(), got.end());
  }
  bad += host_side(mix(1)) != 4;
  std::cout << "threads " << launched << ", mismatching result sets " << bad << std::endl;
  if (bad || launched != workers) {
    std::cout << "FAIL" << std::endl;
    return 1;
  }
  std::cout << "PASS" << std::endl;
  return 0;
}
