// HIP port of a block reduction: dynamic shared memory (HIP_DYNAMIC_SHARED and
// extern __shared__), HIP's legacy shuffles without a mask (__shfl_down,
// __shfl_xor, __shfl with HIP's default width and an explicit one) and the
// forms with a mask, a launch with hipLaunchKernelGGL and one with <<<>>>.
// Checked against a CPU sum.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t e_ = (call);                                                                        \
    if (e_ != hipSuccess) {                                                                        \
      printf("FAIL: %s: %s (%s)\n", #call, hipGetErrorName(e_), hipGetErrorString(e_));            \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

// Partial sums per block: each warp reduces with __shfl_down, warp sums meet
// in dynamic shared memory, the first warp reduces those with __shfl_xor.
__global__ void block_sum(const int *in, long long *partial, int n) {
  HIP_DYNAMIC_SHARED(long long, warp_sums)
  int tid = hipThreadIdx_x;
  int i = hipBlockIdx_x * hipBlockDim_x + tid;
  long long v = 0;
  for (; i < n; i += hipBlockDim_x * hipGridDim_x) v += in[i];
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset);
  if (tid % warpSize == 0) warp_sums[tid / warpSize] = v;
  __syncthreads();
  int warps = hipBlockDim_x / warpSize;
  if (tid < warpSize) {
    v = tid < warps ? warp_sums[tid] : 0;
    for (int mask = warpSize / 2; mask > 0; mask /= 2) v += __shfl_xor(v, mask);
    if (tid == 0) partial[hipBlockIdx_x] = v;
  }
}

// The second pass in one block, with extern __shared__ (the CUDA spelling
// HIP accepts too).
__global__ void final_sum(const long long *partial, long long *out, int n) {
  extern __shared__ long long buf[];
  int tid = threadIdx.x;
  buf[tid] = tid < n ? partial[tid] : 0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s) buf[tid] += buf[tid + s];
    __syncthreads();
  }
  if (tid == 0) *out = buf[0];
}

// __shfl with the default width (warpSize: lane 0's value to all) and with a
// width of 8 (each group of 8 lanes reads its own first lane); the forms with
// a mask (CUDA's, which HIP's NVIDIA path keeps).
__global__ void broadcast(int *out) {
  int lane = threadIdx.x % warpSize;
  int v = 100 + lane;
  out[threadIdx.x] = __shfl(v, 0);
  out[blockDim.x + threadIdx.x] = __shfl(v, 0, 8);
  out[2 * blockDim.x + threadIdx.x] = __shfl_up(v, 1, 16);
  out[3 * blockDim.x + threadIdx.x] = __shfl_down_sync(0xffffffffu, v, 3) +
                                      __shfl_xor_sync(0xffffffffu, v, 1) * 1000;
}

int main() {
  const int n = 1 << 20, threads = 256, blocks = 64;
  std::vector<int> host(n);
  long long expect = 0;
  for (int i = 0; i < n; i++) {
    host[i] = (i * 7919) % 1000 - 500;
    expect += host[i];
  }
  int *d_in;
  long long *d_partial, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_partial, blocks * sizeof(long long)));
  CHECK(hipMalloc(&d_out, sizeof(long long)));
  CHECK(hipMemcpy(d_in, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
  size_t shared = (threads / 32) * sizeof(long long);
  hipLaunchKernelGGL(block_sum, dim3(blocks), dim3(threads), shared, 0, d_in, d_partial, n);
  CHECK(hipGetLastError());
  final_sum<<<1, blocks, blocks * sizeof(long long)>>>(d_partial, d_out, blocks);
  CHECK(hipGetLastError());
  long long got = 0;
  CHECK(hipMemcpy(&got, d_out, sizeof got, hipMemcpyDeviceToHost));
  int ok = got == expect;
  printf("sum %lld, expected %lld\n", got, expect);

  const int bt = 64;
  int *d_b, hb[4 * bt];
  CHECK(hipMalloc(&d_b, sizeof hb));
  hipLaunchKernelGGL(broadcast, dim3(1), dim3(bt), 0, 0, d_b);
  CHECK(hipMemcpy(hb, d_b, sizeof hb, hipMemcpyDeviceToHost));
  for (int t = 0; t < bt; t++) {
    int lane = t % 32;
    int up = lane % 16 >= 1 ? 100 + lane - 1 : 100 + lane;
    int masked = (lane + 3 < 32 ? 100 + lane + 3 : 100 + lane) + (100 + (lane ^ 1)) * 1000;
    if (hb[t] != 100 || hb[bt + t] != 100 + lane / 8 * 8 || hb[2 * bt + t] != up ||
        hb[3 * bt + t] != masked) {
      printf("thread %d: __shfl %d, __shfl width 8 %d, __shfl_up width 16 %d, masked %d\n", t,
             hb[t], hb[bt + t], hb[2 * bt + t], hb[3 * bt + t]);
      ok = 0;
    }
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_partial));
  CHECK(hipFree(d_out));
  CHECK(hipFree(d_b));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
