// load_malloc.cu — issue 10, the runtime under load: cudaMalloc/cudaFree churn: 3,000 random operations with sizes from 1 byte to nearly all free memory (contents at both ends and non-overlap checked), then fragmentation: the memory in 64 blocks, every other one freed, the holes refilled, and one block of nearly all of it after freeing everything.
// The code is tests/e2e/load_table.h's, which tests/runtime/test_load.c also runs under
// ASan/LSan. Prints PASS or FAIL lines.
#include <cuda_runtime.h>
#include <stdio.h>

#include "load_table.h"

__global__ void add(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += v;
}

int main() {
  int failures = load_churn(12345, 3000);
  failures += load_fragment();
  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
