// matmul_tiled.cu — end-to-end test of a classic CUDA kernel: C = A x B with 16x16
// shared-memory tiles, two __syncthreads per tile step, matrix sizes that are not
// multiples of the tile (zero-padded loads), compared with a naive one-thread-per-
// element kernel and with the CPU. The inputs are small integers stored as floats, so
// every partial sum is an integer below 2^24 and exact in any order or with FMA:
// results are compared exactly. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { TILE = 16 };

__global__ void matmul_tiled(const float *a, const float *b, float *c, int m, int k, int n) {
  __shared__ float ta[TILE][TILE];
  __shared__ float tb[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < (k + TILE - 1) / TILE; t++) {
    int ak = t * TILE + threadIdx.x, bk = t * TILE + threadIdx.y;
    ta[threadIdx.y][threadIdx.x] = (row < m && ak < k) ? a[row * k + ak] : 0.0f;
    tb[threadIdx.y][threadIdx.x] = (bk < k && col < n) ? b[bk * n + col] : 0.0f;
    __syncthreads();
    for (int j = 0; j < TILE; j++)
      sum += ta[threadIdx.y][j] * tb[j][threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n)
    c[row * n + col] = sum;
}

__global__ void matmul_naive(const float *a, const float *b, float *c, int m, int k, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < m && col < n) {
    float sum = 0.0f;
    for (int j = 0; j < k; j++)
      sum += a[row * k + j] * b[j * n + col];
    c[row * n + col] = sum;
  }
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  const int m = 123, k = 77, n = 201;
  float *a = (float *)malloc(m * k * sizeof(float)), *b = (float *)malloc(k * n * sizeof(float));
  float *c1 = (float *)malloc(m * n * sizeof(float)), *c2 = (float *)malloc(m * n * sizeof(float));
  for (int i = 0; i < m * k; i++)
    a[i] = (float)(i % 9 - 4);
  for (int i = 0; i < k * n; i++)
    b[i] = (float)((i * 5) % 11 - 5);
  float *da, *db, *dc1, *dc2;
  if (check(cudaMalloc((void **)&da, m * k * sizeof(float)), "cudaMalloc") ||
      check(cudaMalloc((void **)&db, k * n * sizeof(float)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dc1, m * n * sizeof(float)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dc2, m * n * sizeof(float)), "cudaMalloc") ||
      check(cudaMemcpy(da, a, m * k * sizeof(float), cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(db, b, k * n * sizeof(float), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (m + TILE - 1) / TILE);
  matmul_tiled<<<grid, block>>>(da, db, dc1, m, k, n);
  matmul_naive<<<dim3((n + 31) / 32, (m + 7) / 8), dim3(32, 8)>>>(da, db, dc2, m, k, n);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "matmul") ||
      check(cudaMemcpy(c1, dc1, m * n * sizeof(float), cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(c2, dc2, m * n * sizeof(float), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float want = 0.0f;
      for (int x = 0; x < k; x++)
        want += a[i * k + x] * b[x * n + j];
      if (c1[i * n + j] != want || c2[i * n + j] != want) {
        printf("FAIL: C[%d][%d]: tiled %g, naive %g, expected %g\n", i, j, c1[i * n + j],
               c2[i * n + j], want);
        return 1;
      }
    }
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc1);
  cudaFree(dc2);
  free(a);
  free(b);
  free(c1);
  free(c2);
  printf("PASS\n");
  return 0;
}
