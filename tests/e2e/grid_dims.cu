// grid_dims.cu — end-to-end test of the built-in index variables in every dimension:
// a 2-D and a 3-D launch where each thread records threadIdx, blockIdx, blockDim and
// gridDim (x, y, z), and a 1-D launch of 70,001 blocks, more than the 65,535 that the
// y and z dimensions allow, where each thread records its global index.
// Checks every recorded value on the CPU; prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { FIELDS = 12 }; // tid xyz, bid xyz, bdim xyz, gdim xyz

// Every thread of the grid writes its 12 built-ins at its own linear position.
__global__ void record_builtins(unsigned *out) {
  unsigned tx = threadIdx.x + blockIdx.x * blockDim.x;
  unsigned ty = threadIdx.y + blockIdx.y * blockDim.y;
  unsigned tz = threadIdx.z + blockIdx.z * blockDim.z;
  unsigned width = gridDim.x * blockDim.x, height = gridDim.y * blockDim.y;
  unsigned *p = out + FIELDS * (tx + width * (ty + height * tz));
  p[0] = threadIdx.x;
  p[1] = threadIdx.y;
  p[2] = threadIdx.z;
  p[3] = blockIdx.x;
  p[4] = blockIdx.y;
  p[5] = blockIdx.z;
  p[6] = blockDim.x;
  p[7] = blockDim.y;
  p[8] = blockDim.z;
  p[9] = gridDim.x;
  p[10] = gridDim.y;
  p[11] = gridDim.z;
}

// A 2-D image whose size is not a multiple of the block: threads outside stay idle.
__global__ void fill_image(int *img, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    img[y * w + x] = y * 10000 + x;
}

// One element per thread of a long 1-D grid; block 0's thread 0 reports gridDim.x.
__global__ void long_grid(unsigned *out, unsigned *grid_x, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = blockIdx.x * 64u + threadIdx.x;
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0)
    *grid_x = gridDim.x;
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

static int run_builtins(dim3 grid, dim3 block, const char *name) {
  size_t threads = (size_t)grid.x * grid.y * grid.z * block.x * block.y * block.z;
  size_t bytes = threads * FIELDS * sizeof(unsigned);
  unsigned *host = (unsigned *)malloc(bytes), *dev;
  if (check(cudaMalloc((void **)&dev, bytes), "cudaMalloc") ||
      check(cudaMemset(dev, 0xee, bytes), "cudaMemset"))
    return 1;
  record_builtins<<<grid, block>>>(dev);
  if (check(cudaGetLastError(), name) || check(cudaDeviceSynchronize(), name) ||
      check(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  unsigned width = grid.x * block.x, height = grid.y * block.y;
  for (unsigned bz = 0; bz < grid.z; bz++)
    for (unsigned by = 0; by < grid.y; by++)
      for (unsigned bx = 0; bx < grid.x; bx++)
        for (unsigned z = 0; z < block.z; z++)
          for (unsigned y = 0; y < block.y; y++)
            for (unsigned x = 0; x < block.x; x++) {
              unsigned tx = bx * block.x + x, ty = by * block.y + y, tz = bz * block.z + z;
              const unsigned *p = host + FIELDS * (tx + width * (ty + height * tz));
              unsigned want[FIELDS] = {x, y, z, bx, by, bz, block.x, block.y, block.z,
                                       grid.x, grid.y, grid.z};
              for (int f = 0; f < FIELDS; f++) {
                if (p[f] != want[f]) {
                  printf("FAIL: %s: block (%u,%u,%u) thread (%u,%u,%u) field %d = %u, "
                         "expected %u\n", name, bx, by, bz, x, y, z, f, p[f], want[f]);
                  return 1;
                }
              }
            }
  cudaFree(dev);
  free(host);
  return 0;
}

static int run_image(void) {
  const int w = 333, h = 97;
  size_t bytes = (size_t)w * h * sizeof(int);
  int *host = (int *)malloc(bytes), *dev;
  if (check(cudaMalloc((void **)&dev, bytes), "cudaMalloc") ||
      check(cudaMemset(dev, 0, bytes), "cudaMemset"))
    return 1;
  dim3 block(16, 8), grid((w + 15) / 16, (h + 7) / 8);
  fill_image<<<grid, block>>>(dev, w, h);
  if (check(cudaGetLastError(), "fill_image") || check(cudaDeviceSynchronize(), "fill_image") ||
      check(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (host[y * w + x] != y * 10000 + x) {
        printf("FAIL: fill_image (%d,%d) = %d, expected %d\n", x, y, host[y * w + x],
               y * 10000 + x);
        return 1;
      }
  cudaFree(dev);
  free(host);
  return 0;
}

static int run_long_grid(void) {
  const unsigned blocks = 70001, block = 64, n = blocks * block - 17;
  size_t bytes = (size_t)n * sizeof(unsigned);
  unsigned *host = (unsigned *)malloc(bytes), *dev, *dgrid, grid_x = 0;
  if (check(cudaMalloc((void **)&dev, bytes), "cudaMalloc") ||
      check(cudaMalloc((void **)&dgrid, sizeof(unsigned)), "cudaMalloc") ||
      check(cudaMemset(dev, 0xff, bytes), "cudaMemset") ||
      check(cudaMemset(dgrid, 0, sizeof(unsigned)), "cudaMemset"))
    return 1;
  long_grid<<<blocks, block>>>(dev, dgrid, n);
  if (check(cudaGetLastError(), "long_grid") || check(cudaDeviceSynchronize(), "long_grid") ||
      check(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(&grid_x, dgrid, sizeof(unsigned), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  if (grid_x != blocks) {
    printf("FAIL: long_grid gridDim.x = %u, expected %u\n", grid_x, blocks);
    return 1;
  }
  for (unsigned i = 0; i < n; i++)
    if (host[i] != i) {
      printf("FAIL: long_grid out[%u] = %u, expected %u\n", i, host[i], i);
      return 1;
    }
  cudaFree(dev);
  cudaFree(dgrid);
  free(host);
  return 0;
}

int main(void) {
  if (run_builtins(dim3(7, 5), dim3(16, 8), "2-D grid (7,5) x block (16,8)") ||
      run_builtins(dim3(3, 4, 5), dim3(4, 3, 2), "3-D grid (3,4,5) x block (4,3,2)") ||
      run_builtins(dim3(2, 3, 2), dim3(5, 1, 7), "3-D grid (2,3,2) x block (5,1,7)") ||
      run_builtins(dim3(1, 1, 70), dim3(1, 2, 1), "grid (1,1,70) x block (1,2,1)") ||
      run_image() || run_long_grid())
    return 1;
  printf("PASS\n");
  return 0;
}
