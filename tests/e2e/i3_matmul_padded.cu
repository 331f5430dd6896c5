// i3_matmul_padded.cu — end-to-end test of a tiled matrix multiply whose two shared
// tiles are padded ([TILE][TILE+1]): A's tile is stored as loaded, B's tile is stored
// transposed (so the padding column is what a bank-conflict-free version needs, and
// the indexing of a padded 2-D __shared__ array really matters). Two barriers per step
// over K; edges zero-filled; sizes not multiples of the tile: 67x45 * 45x93, 130x17 *
// 17x33 and 1x1 * 1x1. Integer-valued floats keep every product and sum exact, so each
// element is compared bit for bit with the CPU. Prints PASS or FAIL: <details>.
//
// Validated with nvcc -O2 -arch=sm_90 (CUDA 13.0, V13.0.88) on an NVIDIA H200 (driver
// 580.159.04), 2026-11-29 17:47 and 17:49 UTC: PASS (tests/e2e/i3_device_run.sh; log in
// tests/e2e/observed/h200-i3.log); compute-sanitizer racecheck and synccheck: 0 hazards,
// 0 errors (observed/h200-i3-sanitizer.log).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { TILE = 16 };

// C (m x p) = A (m x k) * B (k x p), row-major; one thread per element of C.
__global__ void matmul_padded(const float *A, const float *B, float *C, int m, int k, int p) {
  __shared__ float As[TILE][TILE + 1];
  __shared__ float Bt[TILE][TILE + 1]; // Bt[col][row]: B's tile transposed
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < k; k0 += TILE) {
    As[ty][tx] = row < m && k0 + tx < k ? A[row * k + k0 + tx] : 0.0f;
    Bt[tx][ty] = k0 + ty < k && col < p ? B[(k0 + ty) * p + col] : 0.0f;
    __syncthreads();
    for (int j = 0; j < TILE; j++)
      acc += As[ty][j] * Bt[tx][j];
    __syncthreads();
  }
  if (row < m && col < p)
    C[row * p + col] = acc;
}

static int check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(err));
    return 1;
  }
  return 0;
}

static float small_int(unsigned *state) { // -8..8: all sums stay exact in float
  *state = *state * 1103515245u + 12345u;
  return (float)((int)((*state >> 16) % 17) - 8);
}

static int run(int m, int k, int p, unsigned seed) {
  size_t na = (size_t)m * k, nb = (size_t)k * p, nc = (size_t)m * p;
  float *a = (float *)malloc(na * sizeof(float)), *b = (float *)malloc(nb * sizeof(float));
  float *c = (float *)malloc(nc * sizeof(float));
  float *dA = NULL, *dB = NULL, *dC = NULL;
  for (size_t i = 0; i < na; i++)
    a[i] = small_int(&seed);
  for (size_t i = 0; i < nb; i++)
    b[i] = small_int(&seed);
  int bad = check(cudaMalloc(&dA, na * sizeof(float)), "cudaMalloc A") ||
            check(cudaMalloc(&dB, nb * sizeof(float)), "cudaMalloc B") ||
            check(cudaMalloc(&dC, nc * sizeof(float)), "cudaMalloc C") ||
            check(cudaMemcpy(dA, a, na * sizeof(float), cudaMemcpyHostToDevice), "copy A") ||
            check(cudaMemcpy(dB, b, nb * sizeof(float), cudaMemcpyHostToDevice), "copy B") ||
            check(cudaMemset(dC, 0xff, nc * sizeof(float)), "memset C");
  if (!bad) {
    dim3 block(TILE, TILE), grid((p + TILE - 1) / TILE, (m + TILE - 1) / TILE);
    matmul_padded<<<grid, block>>>(dA, dB, dC, m, k, p);
    bad = check(cudaGetLastError(), "launch") ||
          check(cudaMemcpy(c, dC, nc * sizeof(float), cudaMemcpyDeviceToHost), "copy C");
  }
  for (int i = 0; i < m && !bad; i++)
    for (int j = 0; j < p && !bad; j++) {
      float want = 0.0f;
      for (int q = 0; q < k; q++)
        want += a[i * k + q] * b[q * p + j];
      if (c[i * p + j] != want) {
        printf("FAIL: %dx%d * %dx%d: C[%d][%d] = %g, expected %g\n", m, k, k, p, i, j,
               c[i * p + j], want);
        bad = 1;
      }
    }
  if (!bad)
    printf("%dx%d * %dx%d: all %zu elements exact\n", m, k, k, p, nc);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  free(a);
  free(b);
  free(c);
  return bad;
}

int main(void) {
  if (run(67, 45, 93, 1) || run(130, 17, 33, 2) || run(1, 1, 1, 3))
    return 1;
  printf("PASS\n");
  return 0;
}
