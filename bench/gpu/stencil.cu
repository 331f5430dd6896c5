// bench/gpu/stencil.cu — 2-D 5-point stencil on 4096² floats (small: 256²):
//   stencil5: cudametal/bench_kernels.cu's kernel, every neighbour read from memory;
//   stencil5_smem: the same stencil from a shared-memory tile (32×8 block + halo).
#include "bench_gpu.h"

__global__ void stencil5(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= 0 || y <= 0 || x >= w - 1 || y >= h - 1) return;
  int i = y * w + x;
  out[i] = 0.5f * in[i] + 0.125f * (in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
}

#define BX 32
#define BY 8
__global__ void stencil5_smem(const float *__restrict__ in, float *__restrict__ out, int w,
                              int h) {
  __shared__ float tile[BY + 2][BX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
  // w and h are multiples of the block: every thread is inside the array.
  tile[ty + 1][tx + 1] = in[y * w + x];
  if (tx == 0) tile[ty + 1][0] = x > 0 ? in[y * w + x - 1] : 0.0f;
  if (tx == BX - 1) tile[ty + 1][BX + 1] = x < w - 1 ? in[y * w + x + 1] : 0.0f;
  if (ty == 0) tile[0][tx + 1] = y > 0 ? in[(y - 1) * w + x] : 0.0f;
  if (ty == BY - 1) tile[BY + 1][tx + 1] = y < h - 1 ? in[(y + 1) * w + x] : 0.0f;
  __syncthreads();
  if (x <= 0 || y <= 0 || x >= w - 1 || y >= h - 1) return;
  out[y * w + x] = 0.5f * tile[ty + 1][tx + 1] +
                   0.125f * (tile[ty + 1][tx] + tile[ty + 1][tx + 2] + tile[ty][tx + 1] +
                             tile[ty + 2][tx + 1]);
}

int main(int argc, char **argv) {
  bool small = bench_small_mode(argc, argv);
  int w = small ? 256 : 4096, h = w;
  size_t bytes = (size_t)w * h * 4;
  float *hin = (float *)malloc(bytes), *hout = (float *)malloc(bytes), *in, *out;
  for (int i = 0; i < w * h; i++) hin[i] = (float)(i % 13) + bench_hash01(i);
  CHECK(bench_malloc(&in, bytes));
  CHECK(bench_malloc(&out, bytes));
  CHECK(cudaMemcpy(in, hin, bytes, cudaMemcpyHostToDevice));
  dim3 block(BX, BY), grid(w / BX, h / BY);
  int bad = 0;
  auto check = [&] {
    CHECK(cudaMemcpy(hout, out, bytes, cudaMemcpyDeviceToHost));
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++) {
        int i = y * w + x;
        float ref = 0.5f * hin[i] + 0.125f * (hin[i - 1] + hin[i + 1] + hin[i - w] + hin[i + w]);
        bad += !bench_close(hout[i], ref, 1e-6, 1.0);
      }
  };
  CHECK(cudaMemset(out, 0, bytes));
  stencil5<<<grid, block>>>(in, out, w, h);
  check();
  bench_time("stencil5", small, [&] { stencil5<<<grid, block>>>(in, out, w, h); });
  bench_ops("stencil5", 8.0 * w * h, "byte");
  CHECK(cudaMemset(out, 0, bytes));
  stencil5_smem<<<grid, block>>>(in, out, w, h);
  check();
  bench_time("stencil5_smem", small, [&] { stencil5_smem<<<grid, block>>>(in, out, w, h); });
  bench_ops("stencil5_smem", 8.0 * w * h, "byte");
  cudaFree(in), cudaFree(out), free(hin), free(hout);
  return bench_result(bad, "stencil");
}
