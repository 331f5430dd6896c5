// i3_stencil2d.cu — end-to-end test of a 2-D 5x5 stencil (radius 2) through a shared
// tile with a halo: each 16x8 block loads a (16+4)x(8+4) tile — its own elements, the
// four edge halos and the four corner halos — with a cooperative strided loop, then
// one barrier, then each thread combines 25 neighbours with 25 distinct weights (so a
// wrong corner, edge or transposition changes the result). Outside the image reads 0.
// Sizes are not multiples of the block: 333x197, 17x5 (smaller than one block) and
// 1x1. Integer data, so the comparison with the CPU is exact for every pixel.
// Prints PASS or FAIL: <details>.
//
// Validated with nvcc -O2 -arch=sm_90 (CUDA 13.0, V13.0.88) on an NVIDIA H200 (driver
// 580.159.04), 2026-11-29 17:47 and 17:49 UTC: PASS (tests/e2e/i3_device_run.sh; log in
// tests/e2e/observed/h200-i3.log); compute-sanitizer racecheck and synccheck: 0 hazards,
// 0 errors (observed/h200-i3-sanitizer.log).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { BX = 16, BY = 8, R = 2, TW = BX + 2 * R, TH = BY + 2 * R };

__host__ __device__ int weight(int dy, int dx) { return (dy + R) * 5 + (dx + R) + 1; } // 1..25

__global__ void stencil(const int *in, int *out, int w, int h) {
  __shared__ int tile[TH][TW];
  int x0 = blockIdx.x * BX - R, y0 = blockIdx.y * BY - R;
  for (int ty = threadIdx.y; ty < TH; ty += BY)
    for (int tx = threadIdx.x; tx < TW; tx += BX) {
      int gx = x0 + tx, gy = y0 + ty;
      tile[ty][tx] = gx >= 0 && gx < w && gy >= 0 && gy < h ? in[gy * w + gx] : 0;
    }
  __syncthreads();
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  if (x >= w || y >= h)
    return;
  int s = 0;
  for (int dy = -R; dy <= R; dy++)
    for (int dx = -R; dx <= R; dx++)
      s += weight(dy, dx) * tile[threadIdx.y + R + dy][threadIdx.x + R + dx];
  out[y * w + x] = s;
}

static int check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(err));
    return 1;
  }
  return 0;
}

static int run(int w, int h) {
  size_t n = (size_t)w * h;
  int *img = (int *)malloc(n * sizeof(int)), *res = (int *)malloc(n * sizeof(int));
  for (size_t i = 0; i < n; i++)
    img[i] = (int)((i * 2654435761u) >> 20) % 1000 - 500;
  int *d_in = NULL, *d_out = NULL;
  int bad = check(cudaMalloc(&d_in, n * sizeof(int)), "cudaMalloc in") ||
            check(cudaMalloc(&d_out, n * sizeof(int)), "cudaMalloc out") ||
            check(cudaMemcpy(d_in, img, n * sizeof(int), cudaMemcpyHostToDevice), "copy in");
  if (!bad) {
    dim3 block(BX, BY), grid((w + BX - 1) / BX, (h + BY - 1) / BY);
    stencil<<<grid, block>>>(d_in, d_out, w, h);
    bad = check(cudaGetLastError(), "launch") ||
          check(cudaMemcpy(res, d_out, n * sizeof(int), cudaMemcpyDeviceToHost), "copy out");
  }
  for (int y = 0; y < h && !bad; y++)
    for (int x = 0; x < w && !bad; x++) {
      int s = 0;
      for (int dy = -R; dy <= R; dy++)
        for (int dx = -R; dx <= R; dx++) {
          int gx = x + dx, gy = y + dy;
          if (gx >= 0 && gx < w && gy >= 0 && gy < h)
            s += weight(dy, dx) * img[gy * w + gx];
        }
      if (res[y * w + x] != s) {
        printf("FAIL: %dx%d: out(%d,%d) = %d, expected %d\n", w, h, x, y, res[y * w + x], s);
        bad = 1;
      }
    }
  if (!bad)
    printf("%dx%d: all %zu pixels exact\n", w, h, n);
  cudaFree(d_in);
  cudaFree(d_out);
  free(img);
  free(res);
  return bad;
}

int main(void) {
  if (run(333, 197) || run(17, 5) || run(1, 1))
    return 1;
  printf("PASS\n");
  return 0;
}
