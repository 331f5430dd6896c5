// Two translation units, each with its own __managed__ variables (one
// `static` of the same name in both): each unit's host code and kernels see
// its own. Compiled separately (no -rdc; the units share no managed variable).
#include <cstdio>

static __managed__ int x = 1;
__managed__ int only_a = 10;

__global__ void add_a() {
  x += 1;
  only_a += 1;
}

int run_b(); // managed_twofile_b.cu: its own x (100) after a kernel added 2

int main() {
  add_a<<<1, 1>>>();
  cudaError_t e = cudaDeviceSynchronize();
  int b = run_b();
  if (e != cudaSuccess || x != 2 || only_a != 11 || b != 102) {
    printf("FAIL: %s, x %d (want 2), only_a %d (want 11), b's x %d (want 102)\n",
           cudaGetErrorString(e), x, only_a, b);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
