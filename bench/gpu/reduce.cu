// bench/gpu/reduce.cu — reductions of 16 M ints (small: 1 M):
//   reduce_i32_shfl: grid-stride sums, warp shuffles, per-warp partials in shared memory,
//     one 32-bit atomicAdd per block (no 64-bit atomics);
//   reduce_f32_2pass: the same block reduction of floats into per-block partials, then a
//     second one-block kernel over the partials (no atomics at all; one step = 2 launches);
//   reduce_u64_atomic: cudametal/bench_kernels.cu's shared-memory tree and one 64-bit
//     atomicAdd per block: on Metal a 64-bit atomic is Anchor's lock (docs/devlib.md
//     "Atomics"), the known cost that the two rows above avoid.
#include "bench_gpu.h"

__device__ __forceinline__ int warp_sum(int v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}
__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}

// Block sum (blockDim.x a multiple of 32, at most 1024): every thread gets the total.
template <class T> __device__ T block_sum(T v) {
  __shared__ T partial[32];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  v = warp_sum(v);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  T t = lane < (int)(blockDim.x >> 5) ? partial[lane] : T(0);
  t = warp_sum(t);
  __syncthreads(); // partial is reused by the next call
  return t;
}

__global__ void reduce_i32_shfl(const int *in, int *out, int n) {
  int v = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    v += in[i];
  v = block_sum(v);
  if (threadIdx.x == 0) atomicAdd(out, v);
}

__global__ void reduce_f32_partials(const float *in, float *partials, int n) {
  float v = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    v += in[i];
  v = block_sum(v);
  if (threadIdx.x == 0) partials[blockIdx.x] = v;
}
__global__ void reduce_f32_final(const float *partials, float *out, int m) {
  float v = 0;
  for (int i = threadIdx.x; i < m; i += blockDim.x) v += partials[i];
  v = block_sum(v);
  if (threadIdx.x == 0) *out = v;
}

__global__ void reduce_u64_atomic(const int *in, unsigned long long *out, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  int v = 0;
  if (i < n) v = in[i];
  if (i + (int)blockDim.x < n) v += in[i + blockDim.x];
  s[threadIdx.x] = v;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if ((int)threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, (unsigned long long)s[0]);
}

int main(int argc, char **argv) {
  bool small = bench_small_mode(argc, argv);
  int n = small ? 1 << 20 : 1 << 24;
  int *hi = (int *)malloc((size_t)n * 4);
  float *hf = (float *)malloc((size_t)n * 4);
  long long ref_i = 0;
  double ref_f = 0, ref_abs = 0;
  for (int i = 0; i < n; i++) {
    hi[i] = i % 100;
    ref_i += hi[i];
    hf[i] = bench_hash01(i) - 0.25f;
    ref_f += hf[i];
    ref_abs += std::fabs((double)hf[i]);
  }
  int *in_i, *out_i;
  float *in_f, *partials, *out_f;
  unsigned long long *out_u;
  const int blocks = 1024, threads = 256; // grid-stride: 1024 blocks cover the GPU
  CHECK(bench_malloc(&in_i, (size_t)n * 4));
  CHECK(bench_malloc(&in_f, (size_t)n * 4));
  CHECK(bench_malloc(&partials, blocks * 4));
  CHECK(bench_malloc(&out_i, 4));
  CHECK(bench_malloc(&out_f, 4));
  CHECK(bench_malloc(&out_u, 8));
  CHECK(cudaMemcpy(in_i, hi, (size_t)n * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(in_f, hf, (size_t)n * 4, cudaMemcpyHostToDevice));
  int bad = 0;

  CHECK(cudaMemset(out_i, 0, 4));
  reduce_i32_shfl<<<blocks, threads>>>(in_i, out_i, n);
  int got_i = 0;
  CHECK(cudaMemcpy(&got_i, out_i, 4, cudaMemcpyDeviceToHost));
  if ((long long)got_i != ref_i) printf("reduce_i32_shfl: %d, want %lld\n", got_i, ref_i), bad++;
  bench_time("reduce_i32_shfl", small, [&] { reduce_i32_shfl<<<blocks, threads>>>(in_i, out_i, n); });
  bench_ops("reduce_i32_shfl", 4.0 * n, "byte");

  reduce_f32_partials<<<blocks, threads>>>(in_f, partials, n);
  reduce_f32_final<<<1, 1024>>>(partials, out_f, blocks);
  float got_f = 0;
  CHECK(cudaMemcpy(&got_f, out_f, 4, cudaMemcpyDeviceToHost));
  // float sums in another order: within n * 2^-24 of the sum of magnitudes.
  if (!(std::fabs(got_f - ref_f) <= ref_abs * 1e-6 + 1e-3))
    printf("reduce_f32_2pass: %.9g, want %.9g\n", got_f, ref_f), bad++;
  bench_time("reduce_f32_2pass", small, [&] {
    reduce_f32_partials<<<blocks, threads>>>(in_f, partials, n);
    reduce_f32_final<<<1, 1024>>>(partials, out_f, blocks);
  });
  bench_ops("reduce_f32_2pass", 4.0 * n, "byte");

  CHECK(cudaMemset(out_u, 0, 8));
  reduce_u64_atomic<<<n / 512, 256>>>(in_i, out_u, n);
  unsigned long long got_u = 0;
  CHECK(cudaMemcpy(&got_u, out_u, 8, cudaMemcpyDeviceToHost));
  if ((long long)got_u != ref_i) printf("reduce_u64_atomic: %llu, want %lld\n", got_u, ref_i), bad++;
  bench_time("reduce_u64_atomic", small, [&] { reduce_u64_atomic<<<n / 512, 256>>>(in_i, out_u, n); });
  bench_ops("reduce_u64_atomic", 4.0 * n, "byte");

  cudaFree(in_i), cudaFree(in_f), cudaFree(partials), cudaFree(out_i), cudaFree(out_f);
  cudaFree(out_u), free(hi), free(hf);
  return bench_result(bad, "reduce");
}
