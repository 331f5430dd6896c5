// load_launches.cu — issue 10, the runtime under load: 100,000 tiny launches (1 block of 128 threads, 32 of them adding 1) on the legacy stream, then one synchronisation: every element must be 100,000; the time per launch is printed (docs/testing.md has softmetal's).
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
  int failures = load_launches((const void *)add, 100000);
  if (failures) {
    printf("FAIL (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
