// wmma_gemm.cu — what nvcuda::wmma costs on Anchor (issue 16, docs/wmma.md): C = A * B of
// N x N half matrices into float, one warp per 16 x 16 tile of C (A row-major, B
// column-major, straight from device memory, m16n16k16 mma_sync along K), against the same
// product with one thread per element of C and a float fma loop (the "CUDA cores" form).
// Reports GFLOP/s (2 N^3 per product) of each; the results are checked against each other
// (equal within 1e-3 relative: both accumulate exact half products in float).
//
//   wmma_gemm [N] [RUNS]      (N a multiple of 16, default 256; RUNS default 3)
//
// Median of RUNS timed launches after one untimed launch (on softmetal, which compiles the
// MSL). With nvcc on an NVIDIA GPU the wmma kernel uses the tensor cores.
#include <mma.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace nvcuda;

__global__ void gemm_wmma(const __half *a, const __half *b, float *c, int n) {
  int tile_m = blockIdx.y * 16, tile_n = (blockIdx.x * blockDim.y + threadIdx.y) * 16;
  if (tile_n >= n) return;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < n; k += 16) {
    wmma::load_matrix_sync(fa, a + (size_t)tile_m * n + k, n);
    wmma::load_matrix_sync(fb, b + (size_t)tile_n * n + k, n);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + (size_t)tile_m * n + tile_n, acc, n, wmma::mem_row_major);
}

__global__ void gemm_fma(const __half *a, const __half *b, float *c, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n || col >= n) return;
  float acc = 0;
  for (int k = 0; k < n; k++)
    acc = fmaf(__half2float(a[(size_t)row * n + k]), __half2float(b[(size_t)col * n + k]), acc);
  c[(size_t)row * n + col] = acc;
}

static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <class Launch> static double median_seconds(int runs, Launch launch) {
  launch();
  cudaDeviceSynchronize();
  std::vector<double> t;
  for (int r = 0; r < runs; r++) {
    double t0 = now();
    launch();
    cudaDeviceSynchronize();
    t.push_back(now() - t0);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 256, runs = argc > 2 ? atoi(argv[2]) : 3;
  if (n <= 0 || n % 16 || runs <= 0) {
    printf("usage: wmma_gemm [N (multiple of 16)] [RUNS]\n");
    return 2;
  }
  size_t nn = (size_t)n * n;
  std::vector<__half> ha(nn), hb(nn);
  for (size_t i = 0; i < nn; i++) {
    ha[i] = __float2half((float)((i * 37) % 17) / 16.0f - 0.5f);
    hb[i] = __float2half((float)((i * 11) % 13) / 12.0f - 0.5f);
  }
  __half *a, *b;
  float *c1, *c2;
  cudaMalloc(&a, nn * sizeof(__half));
  cudaMalloc(&b, nn * sizeof(__half));
  cudaMalloc(&c1, nn * sizeof(float));
  cudaMalloc(&c2, nn * sizeof(float));
  cudaMemcpy(a, ha.data(), nn * sizeof(__half), cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb.data(), nn * sizeof(__half), cudaMemcpyHostToDevice);
  int warps = 4; /* warps per block, side by side along n */
  dim3 wgrid((n / 16 + warps - 1) / warps, n / 16), wblock(32, warps);
  double tw = median_seconds(runs, [&] { gemm_wmma<<<wgrid, wblock>>>(a, b, c1, n); });
  dim3 fgrid((n + 15) / 16, (n + 15) / 16), fblock(16, 16);
  double tf = median_seconds(runs, [&] { gemm_fma<<<fgrid, fblock>>>(a, b, c2, n); });
  std::vector<float> r1(nn), r2(nn);
  cudaMemcpy(r1.data(), c1, nn * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(r2.data(), c2, nn * sizeof(float), cudaMemcpyDeviceToHost);
  size_t wrong = 0;
  for (size_t i = 0; i < nn; i++)
    if (std::fabs(r1[i] - r2[i]) > 1e-3f * (1.0f + std::fabs(r2[i]))) wrong++;
  double flop = 2.0 * n * (double)n * n;
  printf(
      "N %d: wmma %.3f ms (%.3f GFLOP/s), fma loop %.3f ms (%.3f GFLOP/s), ratio fma/wmma %.2f\n",
      n, tw * 1e3, flop / tw * 1e-9, tf * 1e3, flop / tf * 1e-9, tf / tw);
  printf("%s\n", wrong ? "FAIL (results differ)" : "checked");
  cudaFree(a), cudaFree(b), cudaFree(c1), cudaFree(c2);
  return wrong ? 1 : 0;
}
