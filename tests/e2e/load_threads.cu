// load_threads.cu — issue 10, the runtime under load: 16 host threads, each with its own non-blocking stream: 20 rounds of a copy in, 8 dependent kernels, a copy out and an event, every element checked against the CPU's sum.
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
  int failures = load_threads((const void *)add, 16, 20);
  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
