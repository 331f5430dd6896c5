// bench/gpu/stream.cu — memory-bound kernels: vector add and the STREAM triad
// (a = b + s*c) with scalar float loads, and the triad with float4 loads (does the
// anchorcc build keep the 16-byte vector accesses?). 32 M floats per array (small: 1 M).
#include "bench_gpu.h"

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void triad(float *__restrict__ a, const float *__restrict__ b,
                      const float *__restrict__ c, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + s * c[i];
}

__global__ void triad4(float4 *__restrict__ a, const float4 *__restrict__ b,
                       const float4 *__restrict__ c, float s, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 x = b[i], y = c[i];
    a[i] = make_float4(x.x + s * y.x, x.y + s * y.y, x.z + s * y.z, x.w + s * y.w);
  }
}

int main(int argc, char **argv) {
  bool small = bench_small_mode(argc, argv);
  int n = small ? 1 << 20 : 1 << 25;
  size_t bytes = (size_t)n * 4;
  float *ha = (float *)malloc(bytes), *hb = (float *)malloc(bytes), *hc = (float *)malloc(bytes);
  for (int i = 0; i < n; i++) hb[i] = (float)(i % 1000), hc[i] = bench_hash01(i);
  float *a, *b, *c;
  CHECK(bench_malloc(&a, bytes));
  CHECK(bench_malloc(&b, bytes));
  CHECK(bench_malloc(&c, bytes));
  CHECK(cudaMemcpy(b, hb, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(c, hc, bytes, cudaMemcpyHostToDevice));
  const float s = 3.0f;
  int bad = 0;
  int blocks = (n + 255) / 256, blocks4 = (n / 4 + 255) / 256;

  // Check each kernel once, then time it.
  vector_add<<<blocks, 256>>>(b, c, a, n);
  CHECK(cudaMemcpy(ha, a, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) bad += ha[i] != hb[i] + hc[i];
  bench_time("vector_add", small, [&] { vector_add<<<blocks, 256>>>(b, c, a, n); });
  bench_ops("vector_add", 12.0 * n, "byte");

  // s * c[i] + b[i]: nvcc may contract it into one fma, Anchor does not (both are
  // CUDA-conforming): compare within 1 ulp of the magnitude.
  CHECK(cudaMemset(a, 0, bytes));
  triad<<<blocks, 256>>>(a, b, c, s, n);
  CHECK(cudaMemcpy(ha, a, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) bad += !bench_close(ha[i], hb[i] + s * hc[i], 1e-6, 1.0);
  bench_time("triad_f32", small, [&] { triad<<<blocks, 256>>>(a, b, c, s, n); });
  bench_ops("triad_f32", 12.0 * n, "byte");

  CHECK(cudaMemset(a, 0, bytes));
  triad4<<<blocks4, 256>>>((float4 *)a, (const float4 *)b, (const float4 *)c, s, n / 4);
  CHECK(cudaMemcpy(ha, a, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) bad += !bench_close(ha[i], hb[i] + s * hc[i], 1e-6, 1.0);
  bench_time("triad_f32x4", small, [&] {
    triad4<<<blocks4, 256>>>((float4 *)a, (const float4 *)b, (const float4 *)c, s, n / 4);
  });
  bench_ops("triad_f32x4", 12.0 * n, "byte");

  cudaFree(a), cudaFree(b), cudaFree(c), free(ha), free(hb), free(hc);
  return bench_result(bad, "stream");
}
