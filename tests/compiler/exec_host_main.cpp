// exec_host_main.cpp — the host reference of an exec/ test: includes the test
// (TEST_FILE) and runs test_kernel(out, n) for every thread, one after
// another, on the same input msl_run gives the device; prints `out`.
#include "exec_host.h"
#include TEST_FILE
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  int n = atoi(argv[1]);
  unsigned groups = (unsigned)atoi(argv[2]), threads = (unsigned)atoi(argv[3]);
  static int out[4096];
  for (int i = 0; i < 4096; i++)
    out[i] = (i * 37) % 101 - 50;
  gridDim = {groups, 1, 1};
  blockDim = {threads, 1, 1};
  for (unsigned b = 0; b < groups; b++)
    for (unsigned t = 0; t < threads; t++) {
      blockIdx = {b, 0, 0};
      threadIdx = {t, 0, 0};
      test_kernel(out, n);
    }
  for (int i = 0; i < 4096; i++)
    printf("%d\n", out[i]);
  return 0;
}
