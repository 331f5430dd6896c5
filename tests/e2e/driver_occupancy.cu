// Occupancy through the driver API (issue 9): cuOccupancy* on a CUfunction of
// the program's own kernels (cudaGetFuncBySymbol) give exactly what the
// runtime's cudaOccupancy* give for the same kernel (the same rules, on a
// GPU as in Anchor), the block-size search with a CUoccupancyB2DSize callback
// matches a search done here with the per-size answers, and misuse gives
// CUDA's codes. Prints "call -> value" lines for the H200 comparison, then PASS.
#include <cuda.h>
#include <cuda_runtime.h>

#include <stdio.h>

static int failures;
static void check(bool ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}

__global__ void plain(float *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f;
}

__global__ void with_shared(float *p) {
  __shared__ float tile[2048]; // 8 KiB static
  tile[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}

extern __shared__ float dynamic_tile[];
__global__ void with_dynamic(float *p) {
  dynamic_tile[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = dynamic_tile[blockDim.x - 1 - threadIdx.x];
}

// 16 bytes of dynamic shared memory per thread
static size_t CUDA_CB smem_per_block(int block_size) {
  return (size_t)block_size * 16;
}

static void compare(const char *name, const void *kernel) {
  cudaFunction_t fn = NULL;
  check(cudaGetFuncBySymbol(&fn, kernel) == cudaSuccess, "cudaGetFuncBySymbol");
  CUfunction f = (CUfunction)fn;
  const int sizes[] = {32, 64, 96, 128, 256, 512, 1024};
  const size_t smems[] = {0, 1024, 4096};
  for (int s : sizes)
    for (size_t smem : smems) {
      int drv = -1, rt = -2;
      CUresult r = cuOccupancyMaxActiveBlocksPerMultiprocessor(&drv, f, s, smem);
      cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&rt, kernel, s, smem);
      printf("%s block %d smem %zu: cu %d (%d), cuda %d (%d)\n", name, s, smem, drv, (int)r, rt,
             (int)e);
      check(r == CUDA_SUCCESS && e == cudaSuccess && drv == rt, "the same blocks per SM");
      int flagged = -1;
      check(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                &flagged, f, s, smem, CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE) == CUDA_SUCCESS &&
                flagged == drv,
            "WithFlags agrees");
    }
  int min_grid = -1, block = -1, rt_grid = -2, rt_block = -2;
  CUresult r = cuOccupancyMaxPotentialBlockSize(&min_grid, &block, f, NULL, 2048, 0);
  cudaError_t e = cudaOccupancyMaxPotentialBlockSize(&rt_grid, &rt_block, kernel, 2048, 0);
  printf("%s potential (2048 B): cu grid %d block %d (%d), cuda grid %d block %d (%d)\n", name,
         min_grid, block, (int)r, rt_grid, rt_block, (int)e);
  check(r == CUDA_SUCCESS && min_grid == rt_grid && block == rt_block, "the same potential size");
  r = cuOccupancyMaxPotentialBlockSize(&min_grid, &block, f, NULL, 0, 200);
  e = cudaOccupancyMaxPotentialBlockSize(&rt_grid, &rt_block, kernel, 0, 200);
  printf("%s potential (limit 200): cu grid %d block %d, cuda grid %d block %d\n", name,
         min_grid, block, rt_grid, rt_block);
  check(r == CUDA_SUCCESS && block == rt_block && min_grid == rt_grid && block <= 200,
        "blockSizeLimit honoured");
  r = cuOccupancyMaxPotentialBlockSizeWithFlags(&min_grid, &block, f, smem_per_block, 0, 0,
                                                CU_OCCUPANCY_DEFAULT);
  e = cudaOccupancyMaxPotentialBlockSizeVariableSMem(&rt_grid, &rt_block, kernel, smem_per_block);
  printf("%s potential (16 B/thread): cu grid %d block %d, cuda grid %d block %d\n", name,
         min_grid, block, rt_grid, rt_block);
  check(r == CUDA_SUCCESS && block == rt_block && min_grid == rt_grid,
        "the callback's sizes are used");
  size_t avail = 0, rt_avail = 1;
  r = cuOccupancyAvailableDynamicSMemPerBlock(&avail, f, 2, 128);
  e = cudaOccupancyAvailableDynamicSMemPerBlock(&rt_avail, kernel, 2, 128);
  printf("%s available dynamic smem (2 x 128): cu %zu (%d), cuda %zu (%d)\n", name, avail, (int)r,
         rt_avail, (int)e);
  check(r == CUDA_SUCCESS && avail == rt_avail, "the same available dynamic shared memory");
}

int main() {
  check(cuInit(0) == CUDA_SUCCESS, "cuInit");
  check(cudaFree(0) == cudaSuccess, "the primary context");
  compare("plain", (const void *)plain);
  compare("with_shared", (const void *)with_shared);
  compare("with_dynamic", (const void *)with_dynamic);

  cudaFunction_t fn = NULL;
  check(cudaGetFuncBySymbol(&fn, (const void *)plain) == cudaSuccess, "cudaGetFuncBySymbol");
  CUfunction f = (CUfunction)fn;
  int blocks = 0, grid = 0, block = 0;
  CUresult r = cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, 0, 0);
  printf("cuOccupancyMaxActiveBlocksPerMultiprocessor(block 0) -> %d\n", (int)r);
  r = cuOccupancyMaxActiveBlocksPerMultiprocessor(NULL, f, 128, 0);
  printf("cuOccupancyMaxActiveBlocksPerMultiprocessor(NULL) -> %d\n", (int)r);
  check(r == CUDA_ERROR_INVALID_VALUE, "a NULL output");
  r = cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, f, 128, 0, 0x80);
  printf("cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(0x80) -> %d\n", (int)r);
  check(r == CUDA_ERROR_INVALID_VALUE, "unknown flags");
  r = cuOccupancyMaxPotentialBlockSize(NULL, &block, f, NULL, 0, 0);
  printf("cuOccupancyMaxPotentialBlockSize(NULL) -> %d\n", (int)r);
  check(r == CUDA_ERROR_INVALID_VALUE, "a NULL minGridSize");
  r = cuOccupancyMaxPotentialBlockSize(&grid, &block, NULL, NULL, 0, 0);
  printf("cuOccupancyMaxPotentialBlockSize(NULL function) -> %d\n", (int)r);
  // Anchor: CUDA_ERROR_INVALID_HANDLE (printed only: the H200 tells CUDA's)
  if (failures == 0) printf("PASS\n");
  return failures ? 1 : 0;
}
