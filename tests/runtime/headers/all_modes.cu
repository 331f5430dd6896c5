// tests/runtime/headers/all_modes.cu — Anchor's CUDA headers in a CUDA
// translation unit, compiled for the device and for the host (-fsyntax-only,
// -Wall -Wextra -Werror): qualifiers, builtin variables and their
// conversions, warpSize on the device and cudaDeviceProp::warpSize on the
// host, vector types, <<<>>> with 2 to 4 arguments, the C++ template
// conveniences of cuda_runtime.h.
#include <cuda_runtime.h>
#include <device_launch_parameters.h>
#include <vector_types.h>
#include <cuda_profiler_api.h>
#include <cuda_fp16.h>

__device__ int table[4] = {1, 2, 3, 4};
__constant__ float factor = 2.0f;

__device__ __forceinline__ int lane() { return min(threadIdx.x % warpSize, 31u); }
__host__ __device__ int clamp_both_sides(int v) { return max(min(v, 10), 0); } // host and device
__global__ void warps(int *p, double *d) {
  int v = p[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  d[threadIdx.x] = __shfl_sync(0xffffffffu, d[threadIdx.x], 0, 16);
  if (__all_sync(__activemask(), v > 0) && __ballot_sync(0xffffffffu, v) != 0) __syncwarp();
  p[threadIdx.x] = v;
}
__global__ void halves(__half *h, __half2 *h2) {
  h[threadIdx.x] = h[threadIdx.x] * __float2half(2.0f) + __hfma(h[0], h[1], h[2]);
  h2[threadIdx.x] = __hadd2(h2[threadIdx.x], __floats2half2_rn(1.0f, 2.0f));
}

__global__ void __launch_bounds__(256) kernel(float4 *out, int2 shift, dim3 shape) {
  uint3 t = threadIdx;
  dim3 b = blockDim;
  int i = blockIdx.x * b.x + t.x;
  if (i < (int)(shape.x * gridDim.x))
    out[i] = make_float4(fmaxf(factor, 0.0f), (float)__ldg(&table[i % 4]),
                         (float)(lane() + shift.x), floorf((float)shift.y) + __popc(i));
}

int main() {
  float4 *out = nullptr;
  cudaMalloc(&out, 256 * sizeof(float4));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  kernel<<<2, 128>>>(out, make_int2(1, 2), dim3(128));
  kernel<<<dim3(2, 1), dim3(128), 0>>>(out, make_int2(1, 2), dim3(128));
  kernel<<<2, 128, 0, stream>>>(out, make_int2(1, 2), dim3(128));
  int2 shift = make_int2(3, 4);
  dim3 shape(128);
  void *args[] = {&out, &shift, &shape};
  cudaLaunchKernel(kernel, dim3(2), dim3(128), args);
  cudaLaunchKernel((const void *)kernel, dim3(2), dim3(128), args, 0, stream);
  float f = 3.0f;
  cudaMemcpyToSymbol(factor, &f, sizeof f);
  cudaMemcpyFromSymbol(&f, table, sizeof f, 4);
  void *address;
  size_t size;
  cudaGetSymbolAddress(&address, table);
  cudaGetSymbolSize(&size, table);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, kernel);
  int min_grid, block_size, active;
  cudaOccupancyMaxPotentialBlockSize(&min_grid, &block_size, kernel, 0, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, kernel, block_size, 0);
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
  cudaFuncSetCacheConfig(kernel, cudaFuncCachePreferL1);
  float *pitched;
  size_t pitch;
  cudaMallocPitch(&pitched, &pitch, 100, 10);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  float4 *pooled;
  cudaMallocAsync(&pooled, 64, stream);
  cudaFreeAsync(pooled, stream);
  int *managed, *pinned;
  cudaMallocManaged(&managed, 16);
  cudaMallocHost(&pinned, 16);
  cudaHostAlloc(&pinned, 16, cudaHostAllocDefault);
  cudaMemPrefetchAsync(managed, 16, 0);              // CUDA 12 form
  cudaMemPrefetchAsync(managed, 16, cudaCpuDeviceId, stream);
  cudaMemAdvise(managed, 16, cudaMemAdviseSetReadMostly, 0);
  cudaMemLocation where = {cudaMemLocationTypeDevice, 0}; // CUDA 13 form
  cudaMemPrefetchAsync(managed, 16, where, 0, stream);
  int clamped = clamp_both_sides(42) + (int)fabsf(-1.0f) + abs(-2); // host: libm/libc
  cudaProfilerStart();
  cudaDeviceSynchronize();
  cudaProfilerStop();
  return prop.warpSize == 32 && size == 16 && clamped == 13 ? 0 : 1;
}
