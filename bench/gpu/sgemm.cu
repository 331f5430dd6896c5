// bench/gpu/sgemm.cu — single-precision C = A·B, row-major n×n:
//   sgemm_tiled16_1024, sgemm_tiled16_4096: 16×16 shared-memory tiles, one output per
//     thread (cudametal/bench_kernels.cu's kernel);
//   sgemm_reg_4096: 64×64 block tiles, 16×16 threads, 4×4 outputs per thread in registers,
//     float4 loads of A and B (what a tuned-by-hand SGEMM looks like).
// Small: n = 128 for all three. Checked at 256 sampled entries against a double sum.
#include "bench_gpu.h"

#define TILE 16
__global__ void sgemm_tiled16(const float *__restrict__ A, const float *__restrict__ B,
                              float *__restrict__ C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

#define BM 64
#define BK 16
__global__ void __launch_bounds__(256) sgemm_reg(const float *__restrict__ A,
                                                 const float *__restrict__ B,
                                                 float *__restrict__ C, int n) {
  __shared__ float As[BK][BM + 4]; // A's tile transposed: As[k][m]
  __shared__ float Bs[BK][BM];
  int tx = threadIdx.x % 16, ty = threadIdx.x / 16, tid = threadIdx.x;
  int row0 = blockIdx.y * BM, col0 = blockIdx.x * BM;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < n; k0 += BK) {
    { // A: 64 rows × 16 k = 256 float4, one per thread (row tid/4, k (tid%4)*4)
      int r = tid / 4, c = (tid % 4) * 4;
      float4 v = *(const float4 *)&A[(size_t)(row0 + r) * n + k0 + c];
      As[c + 0][r] = v.x, As[c + 1][r] = v.y, As[c + 2][r] = v.z, As[c + 3][r] = v.w;
    }
    { // B: 16 k × 64 columns = 256 float4 (k tid/16, column (tid%16)*4)
      int r = tid / 16, c = (tid % 16) * 4;
      *(float4 *)&Bs[r][c] = *(const float4 *)&B[(size_t)(k0 + r) * n + col0 + c];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; k++) {
      float a[4], b[4];
#pragma unroll
      for (int i = 0; i < 4; i++) a[i] = As[k][ty * 4 + i], b[i] = Bs[k][tx * 4 + i];
#pragma unroll
      for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; i++)
    *(float4 *)&C[(size_t)(row0 + ty * 4 + i) * n + col0 + tx * 4] =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
}

static int run(const char *name, int n, bool reg, bool small) {
  size_t bytes = (size_t)n * n * 4;
  float *hA = (float *)malloc(bytes), *hB = (float *)malloc(bytes), *hC = (float *)malloc(bytes);
  for (size_t i = 0; i < (size_t)n * n; i++)
    hA[i] = bench_hash01((unsigned)i) - 0.5f, hB[i] = bench_hash01((unsigned)i + 0x9e3779b9u) - 0.5f;
  float *A, *B, *C;
  CHECK(bench_malloc(&A, bytes));
  CHECK(bench_malloc(&B, bytes));
  CHECK(bench_malloc(&C, bytes));
  CHECK(cudaMemcpy(A, hA, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, hB, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(C, 0, bytes));
  auto launch = [&] {
    if (reg)
      sgemm_reg<<<dim3(n / BM, n / BM), 256>>>(A, B, C, n);
    else
      sgemm_tiled16<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(A, B, C, n);
  };
  launch();
  CHECK(cudaMemcpy(hC, C, bytes, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int s = 0; s < 256; s++) {
    int i = (s * 131 + 7) % n, j = (s * 71 + 3) % n;
    double ref = 0, mag = 0;
    for (int k = 0; k < n; k++)
      ref += (double)hA[(size_t)i * n + k] * hB[(size_t)k * n + j],
          mag += std::fabs((double)hA[(size_t)i * n + k] * hB[(size_t)k * n + j]);
    // float accumulation of n products: within n * 2^-24 of the sum of magnitudes
    if (!(std::fabs(hC[(size_t)i * n + j] - ref) <= mag * n * 6e-8 + 1e-6)) {
      if (bad < 4) printf("%s: C[%d][%d] = %.9g, want %.9g\n", name, i, j, hC[(size_t)i * n + j], ref);
      bad++;
    }
  }
  bench_time(name, small, launch);
  bench_ops(name, 2.0 * n * n * n, "flop");
  cudaFree(A), cudaFree(B), cudaFree(C), free(hA), free(hB), free(hC);
  return bad;
}

int main(int argc, char **argv) {
  bool small = bench_small_mode(argc, argv);
  int bad = 0;
  bad += run("sgemm_tiled16_1024", small ? 128 : 1024, false, small);
  bad += run("sgemm_tiled16_4096", small ? 128 : 4096, false, small);
  bad += run("sgemm_reg_4096", small ? 128 : 4096, true, small);
  return bench_result(bad, "sgemm");
}
