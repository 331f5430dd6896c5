// warp_sync_transpose.cu — a DCT-8x8-style pass inside a warp, with no barrier: each
// warp holds four 8x8 blocks in shared memory, one row per lane (lane = 8 * block + row).
// Every lane transforms its row, writes it, then reads its column (written by the
// other seven lanes of its block) and transforms that: the transpose between the row
// and column passes relies on the warp's lanes executing in lockstep, as hardware does.
// Integer transform (exact); checked against a CPU reference. Prints PASS or FAIL.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { WARPS = 2, THREADS = 32 * WARPS, GROUPS = 64 };

__constant__ int coef[8][8];

__device__ void transform8(const int *x, int *y) {
  for (int k = 0; k < 8; k++) {
    int acc = 0;
    for (int j = 0; j < 8; j++) acc += coef[k][j] * x[j];
    y[k] = acc;
  }
}

__global__ void dct_rows_cols(const int *in, int *out) {
  __shared__ int tile[WARPS * 4][8][9]; // padded rows, as DCT kernels do
  volatile int(*v)[8][9] = tile;
  unsigned t = threadIdx.x, warp = t / 32, lane = t % 32;
  unsigned blk = warp * 4 + lane / 8, row = lane % 8;
  const int *src = in + ((size_t)blockIdx.x * WARPS * 4 + blk) * 64;
  int x[8], y[8];
  for (int j = 0; j < 8; j++) x[j] = src[row * 8 + j];
  transform8(x, y);
  for (int j = 0; j < 8; j++) v[blk][row][j] = y[j];
  for (int j = 0; j < 8; j++) x[j] = v[blk][j][row]; // column `row`: the other lanes' rows
  transform8(x, y);
  int *dst = out + ((size_t)blockIdx.x * WARPS * 4 + blk) * 64;
  for (int j = 0; j < 8; j++) dst[j * 8 + row] = y[j];
}

static int check(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 0;
  printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return 1;
}

int main(void) {
  int c[8][8];
  for (int k = 0; k < 8; k++)
    for (int j = 0; j < 8; j++) c[k][j] = ((k * 3 + j * 5) % 7) - 3;
  const int blocks = GROUPS * WARPS * 4, n = blocks * 64;
  int *h = (int *)malloc(n * sizeof(int)), *got = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 255 - 128;
  int *d_in, *d_out;
  if (check(cudaMemcpyToSymbol(coef, c, sizeof c), "cudaMemcpyToSymbol") ||
      check(cudaMalloc(&d_in, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc(&d_out, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy"))
    return 1;
  dct_rows_cols<<<GROUPS, THREADS>>>(d_in, d_out);
  if (check(cudaDeviceSynchronize(), "dct_rows_cols") ||
      check(cudaMemcpy(got, d_out, n * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy"))
    return 1;
  int bad = 0;
  for (int b = 0; b < blocks; b++) {
    int r[8][8], o[8][8];
    for (int i = 0; i < 8; i++)
      for (int k = 0; k < 8; k++) {
        int acc = 0;
        for (int j = 0; j < 8; j++) acc += c[k][j] * h[b * 64 + i * 8 + j];
        r[i][k] = acc; // row pass
      }
    for (int col = 0; col < 8; col++)
      for (int k = 0; k < 8; k++) {
        int acc = 0;
        for (int j = 0; j < 8; j++) acc += c[k][j] * r[j][col];
        o[k][col] = acc; // column pass
      }
    for (int i = 0; i < 64; i++)
      if (got[b * 64 + i] != o[i / 8][i % 8] && bad++ < 5)
        printf("block %d [%d][%d] = %d, want %d\n", b, i / 8, i % 8, got[b * 64 + i],
               o[i / 8][i % 8]);
  }
  if (bad) {
    printf("FAIL: %d wrong values\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
