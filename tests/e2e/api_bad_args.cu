// api_bad_args.cu — issue 10: the runtime and driver API under bad arguments. Runs the
// table of api_bad_args_table.h (NULL outputs, freed and foreign pointers, zero and huge
// sizes, unaligned pointers, out-of-range enums and flags, wrong devices): one line per
// call, "call = code name", " ?" where the code is only printed (for the H200 run to
// settle). Then the process must still work: no sticky error, a round trip through
// device memory. Built by nvcc (-lcuda) and by anchorcc; the same table runs under
// ASan/UBSan in tests/runtime/test_bad_args.c with the calls CUDA leaves undefined.
// Prints PASS or FAIL lines.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>

#define BAD_ARGS_GUARD 1
#include "api_bad_args_table.h"

void bad_args_covered(const char *, size_t) {}

__global__ void kernel(int *out) {
  out[threadIdx.x] = (int)threadIdx.x;
}

int main() {
  setvbuf(stdout, NULL, _IOLBF, 0); // a crash must not cut the output (H200 run 3)
  bad_args_run((const void *)kernel);
  printf("%d calls\n", bad_args_calls);
  if (bad_args_crashes) {
    printf("%d call(s) crashed inside the library (lines \"= CRASH\")\n", bad_args_crashes);
#ifndef __NVCC__
    bad_args_failures += bad_args_crashes; // Anchor must never crash
#endif
  }
  if (bad_args_failures) {
    printf("FAIL (%d)\n", bad_args_failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
