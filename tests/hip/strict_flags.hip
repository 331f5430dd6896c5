// strict_flags.hip — a HIP program built the way strict projects build
// (tests/hip/Makefile: -ffast-math and clang's pickiest warnings, -Werror):
// the build must see no warning from Anchor's headers or HIP's, only from the
// program's own code (it has none). Checks a small kernel's results exactly
// (integers and values exact in float, so -ffast-math cannot change them).
#include <hip/hip_complex.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#include <hip/hip_vector_types.h>
#include <hip/math_functions.h>

#include <cstdio>

namespace cg = cooperative_groups;

__global__ void scale_and_sum(const float *in, float *out, int *block_sums, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int partial[256];
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const float x = i < n ? in[i] : 0.0f;
  const hipFloatComplex c = make_hipFloatComplex(x, 1.0f);
  const float y = hipCrealf(hipCmulf(c, make_hipFloatComplex(2.0f, 0.0f))) +
                  __half2float(__float2half(0.5f)) + sqrtf(4.0f);
  if (i < n) out[i] = y;
  partial[threadIdx.x] = i < n ? static_cast<int>(x) : 0;
  block.sync();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    block.sync();
  }
  if (threadIdx.x == 0) block_sums[blockIdx.x] = partial[0];
}

int main() {
  constexpr int n = 1000, threads = 256, blocks = (n + threads - 1) / threads;
  float host_in[n], host_out[n];
  int host_sums[blocks];
  for (int i = 0; i < n; ++i) host_in[i] = static_cast<float>(i % 97);
  float *in = nullptr, *out = nullptr;
  int *sums = nullptr;
  if (hipMalloc(&in, sizeof host_in) != hipSuccess || hipMalloc(&out, sizeof host_out) != hipSuccess ||
      hipMalloc(&sums, sizeof host_sums) != hipSuccess)
    return 1;
  if (hipMemcpy(in, host_in, sizeof host_in, hipMemcpyHostToDevice) != hipSuccess) return 1;
  hipLaunchKernelGGL(scale_and_sum, dim3(blocks), dim3(threads), 0, nullptr, in, out, sums, n);
  if (hipGetLastError() != hipSuccess || hipDeviceSynchronize() != hipSuccess) return 1;
  if (hipMemcpy(host_out, out, sizeof host_out, hipMemcpyDeviceToHost) != hipSuccess ||
      hipMemcpy(host_sums, sums, sizeof host_sums, hipMemcpyDeviceToHost) != hipSuccess)
    return 1;
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (host_out[i] != 2.0f * host_in[i] + 2.5f) ++bad;
  for (int b = 0; b < blocks; ++b) {
    int expect = 0;
    for (int i = b * threads; i < n && i < (b + 1) * threads; ++i) expect += static_cast<int>(host_in[i]);
    if (host_sums[b] != expect) ++bad;
  }
  if (hipFree(in) != hipSuccess || hipFree(out) != hipSuccess || hipFree(sums) != hipSuccess) return 1;
  std::printf("%d mismatches\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
