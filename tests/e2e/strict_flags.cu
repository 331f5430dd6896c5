// strict_flags.cu — built with fast math and the host compiler's pickiest
// warnings as errors (tests/e2e/CMakeLists.txt: -use_fast_math, --Werror
// all-warnings, -Xcompiler -Wall,-Wextra,-Wshadow,-Wold-style-cast,...): the
// build must see no warning from Anchor's headers, only from the program's own
// code (it has none). Checks a small kernel's results exactly (values exact in
// float, so fast math cannot change them).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuComplex.h>
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <math_constants.h>

#include <cstdio>

namespace cg = cooperative_groups;

__global__ void scale_and_sum(const float *in, float *out, int *block_sums, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ int partial[32];
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const float x = i < n ? in[i] : 0.0f;
  const cuFloatComplex c = cuCmulf(make_cuFloatComplex(x, 1.0f), make_cuFloatComplex(2.0f, 0.0f));
  const float y = cuCrealf(c) + __half2float(__float2half(0.25f)) +
                  __bfloat162float(__float2bfloat16(0.25f)) + sqrtf(4.0f);
  if (i < n) out[i] = y;
  const int warp_sum = cg::reduce(warp, i < n ? static_cast<int>(x) : 0, cg::plus<int>());
  if (warp.thread_rank() == 0) partial[warp.meta_group_rank()] = warp_sum;
  block.sync();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (unsigned w = 0; w < warp.meta_group_size(); ++w) sum += partial[w];
    block_sums[blockIdx.x] = sum;
  }
}

int main() {
  constexpr int n = 1000, threads = 256, blocks = (n + threads - 1) / threads;
  static float host_in[n], host_out[n];
  int host_sums[blocks];
  for (int i = 0; i < n; ++i) host_in[i] = static_cast<float>(i % 97);
  float *in = nullptr, *out = nullptr;
  int *sums = nullptr;
  if (cudaMalloc(&in, sizeof host_in) != cudaSuccess || cudaMalloc(&out, sizeof host_out) != cudaSuccess ||
      cudaMalloc(&sums, sizeof host_sums) != cudaSuccess)
    return 1;
  if (cudaMemcpy(in, host_in, sizeof host_in, cudaMemcpyHostToDevice) != cudaSuccess) return 1;
  scale_and_sum<<<blocks, threads>>>(in, out, sums, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) return 1;
  if (cudaMemcpy(host_out, out, sizeof host_out, cudaMemcpyDeviceToHost) != cudaSuccess ||
      cudaMemcpy(host_sums, sums, sizeof host_sums, cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (host_out[i] != 2.0f * host_in[i] + 2.5f) ++bad;
  for (int b = 0; b < blocks; ++b) {
    int expect = 0;
    for (int i = b * threads; i < n && i < (b + 1) * threads; ++i) expect += static_cast<int>(host_in[i]);
    if (host_sums[b] != expect) ++bad;
  }
  if (cudaFree(in) != cudaSuccess || cudaFree(out) != cudaSuccess || cudaFree(sums) != cudaSuccess) return 1;
  std::printf("%d mismatches (CUDART_PI_F %.6f)\n%s\n", bad, static_cast<double>(CUDART_PI_F),
              bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
