// shared_memory.cu — end-to-end test of __shared__ memory and __syncthreads: a tree
// reduction per block in a static __shared__ array, a matrix transpose through a padded
// 2-D shared tile, and extern __shared__ (dynamic) memory sized at launch, with
// different sizes in successive launches, holding two arrays of different types.
// Checks every result against the CPU; prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { BLOCK = 256, TILE = 32, TILE_ROWS = 8 };

// Sum of each block's 2*BLOCK elements; the tree halves the active threads each step.
__global__ void block_sums(const int *in, int n, long long *sums) {
  __shared__ long long partial[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * 2 * BLOCK + t;
  long long v = 0;
  if (i < n)
    v += in[i];
  if (i + BLOCK < n)
    v += in[i + BLOCK];
  partial[t] = v;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (t < stride)
      partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0)
    sums[blockIdx.x] = partial[0];
}

// out = in transposed; a block moves one TILE x TILE tile with TILE x TILE_ROWS threads.
// The +1 column keeps the tile's columns in different banks (harmless elsewhere).
__global__ void transpose(const float *in, float *out, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += TILE_ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += TILE_ROWS)
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Dynamic shared memory: `count` ints then `count` shorts. Each thread writes its slot,
// then reads its mirror's slot (written by another thread) after the barrier.
__global__ void mirror(int *out, int count) {
  extern __shared__ int dyn[];
  short *shorts = (short *)(dyn + count);
  int t = threadIdx.x;
  dyn[t] = t * 7 + blockIdx.x;
  shorts[t] = (short)(1000 - t);
  __syncthreads();
  int m = count - 1 - t;
  out[blockIdx.x * count + t] = dyn[m] * 10000 + shorts[m];
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

static int test_reduction(void) {
  const int n = 1000037, blocks = (n + 2 * BLOCK - 1) / (2 * BLOCK);
  int *in = (int *)malloc(n * sizeof(int));
  long long *sums = (long long *)malloc(blocks * sizeof(long long));
  for (int i = 0; i < n; i++)
    in[i] = (i % 2001) * 1000 - 1000000 + (i & 7);
  int *din;
  long long *dsums;
  if (check(cudaMalloc((void **)&din, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dsums, blocks * sizeof(long long)), "cudaMalloc") ||
      check(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  block_sums<<<blocks, BLOCK>>>(din, n, dsums);
  if (check(cudaGetLastError(), "block_sums launch") ||
      check(cudaDeviceSynchronize(), "block_sums") ||
      check(cudaMemcpy(sums, dsums, blocks * sizeof(long long), cudaMemcpyDeviceToHost),
            "memcpy"))
    return 1;
  for (int b = 0; b < blocks; b++) {
    long long want = 0;
    for (int i = b * 2 * BLOCK; i < (b + 1) * 2 * BLOCK && i < n; i++)
      want += in[i];
    if (sums[b] != want) {
      printf("FAIL: block_sums[%d] = %lld, expected %lld\n", b, sums[b], want);
      return 1;
    }
  }
  cudaFree(din);
  cudaFree(dsums);
  free(in);
  free(sums);
  return 0;
}

static int test_transpose(void) {
  const int w = 1000, h = 333; // neither a multiple of the tile
  size_t bytes = (size_t)w * h * sizeof(float);
  float *in = (float *)malloc(bytes), *out = (float *)malloc(bytes);
  for (int i = 0; i < w * h; i++)
    in[i] = (float)i * 0.5f;
  float *din, *dout;
  if (check(cudaMalloc((void **)&din, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, bytes), "cudaMalloc") ||
      check(cudaMemcpy(din, in, bytes, cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  dim3 grid((w + TILE - 1) / TILE, (h + TILE - 1) / TILE), block(TILE, TILE_ROWS);
  transpose<<<grid, block>>>(din, dout, w, h);
  if (check(cudaGetLastError(), "transpose launch") ||
      check(cudaDeviceSynchronize(), "transpose") ||
      check(cudaMemcpy(out, dout, bytes, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (out[x * h + y] != in[y * w + x]) {
        printf("FAIL: transpose out[%d][%d] = %g, expected %g\n", x, y, out[x * h + y],
               in[y * w + x]);
        return 1;
      }
  cudaFree(din);
  cudaFree(dout);
  free(in);
  free(out);
  return 0;
}

static int test_dynamic(void) {
  const int counts[3] = {64, 1000, 7};
  const int blocks = 3;
  for (int c = 0; c < 3; c++) {
    int count = counts[c];
    size_t smem = count * (sizeof(int) + sizeof(short));
    int *dout, *out = (int *)malloc(blocks * count * sizeof(int));
    if (check(cudaMalloc((void **)&dout, blocks * count * sizeof(int)), "cudaMalloc"))
      return 1;
    mirror<<<blocks, count, smem>>>(dout, count);
    if (check(cudaGetLastError(), "mirror launch") || check(cudaDeviceSynchronize(), "mirror") ||
        check(cudaMemcpy(out, dout, blocks * count * sizeof(int), cudaMemcpyDeviceToHost),
              "memcpy"))
      return 1;
    for (int b = 0; b < blocks; b++)
      for (int t = 0; t < count; t++) {
        int m = count - 1 - t;
        int want = (m * 7 + b) * 10000 + (short)(1000 - m);
        if (out[b * count + t] != want) {
          printf("FAIL: mirror (%d threads, %zu bytes) block %d thread %d = %d, expected %d\n",
                 count, smem, b, t, out[b * count + t], want);
          return 1;
        }
      }
    cudaFree(dout);
    free(out);
  }
  return 0;
}

int main(void) {
  if (test_reduction() || test_transpose() || test_dynamic())
    return 1;
  printf("PASS\n");
  return 0;
}
