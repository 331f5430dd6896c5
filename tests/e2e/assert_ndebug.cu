// assert() under NDEBUG: no code at all, as in C (the expression is not
// even evaluated), so a false assertion neither prints nor fails the
// launch; and without NDEBUG (assert_fail.cu) the same assert fails.
#define NDEBUG
#include <cassert>
#include <cstdio>

__global__ void quiet(int *count) {
  assert(atomicAdd(count, 1) < 0); // false, and never evaluated
  atomicAdd(count + 1, 1);
}

int main() {
  int *count, host[2] = {-1, -1};
  if (cudaMalloc(&count, sizeof host) != cudaSuccess) return 1;
  cudaMemset(count, 0, sizeof host);
  quiet<<<4, 32>>>(count);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(host, count, sizeof host, cudaMemcpyDeviceToHost);
  bool ok = e == cudaSuccess && host[0] == 0 && host[1] == 128;
  printf("sync %s, assert expression evaluated %d times, threads %d\n%s\n", cudaGetErrorName(e),
         host[0], host[1], ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
