// plain_libstdcxx.cpp — a plain C++ file (no CUDA compilation) including
// the runtime and driver headers and NVTX before libstdc++ headers that use
// the GNU spelling __attribute__((__noinline__)) (<memory>), and glibc's
// <sys/cdefs.h>. Must compile warning-free (-Wall -Wextra -Werror).
#include <cuda.h>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <sys/cdefs.h>
#include <thread>
#include <vector>

__attribute__((__noinline__)) static int twice(int x) { return 2 * x; }

int main() {
  std::shared_ptr<int> p = std::make_shared<int>(21);
  std::function<int(int)> f = twice;
  std::vector<int> v{3, 1, 2};
  std::sort(v.begin(), v.end());
  nvtxRangePushA("main");
  nvtxRangePop();
  cudaExtent e = make_cudaExtent(1, 2, 3);
  return f(*p) == 42 && v[0] == 1 && e.depth == 3 ? 0 : 1;
}
