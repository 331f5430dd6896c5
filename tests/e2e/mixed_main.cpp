// mixed_main.cpp — plain C++ host file of a mixed program (with mixed_kernels.cu): it
// includes only cuda_runtime.h, allocates and copies through the runtime API, and calls
// a launcher compiled from the .cu file; built with `anchorcc -c` (or nvcc -c) like a
// .cu file and linked with it. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <vector>

// Defined in mixed_kernels.cu: out[i] = in[i] * in[i] - offset for i < n.
cudaError_t launch_square_minus(const int *in, int *out, int n, int offset);

int main() {
  const int n = 4321, offset = 17;
  std::vector<int> in(n), out(n, 0);
  for (int i = 0; i < n; i++)
    in[i] = i - 2000;
  int *din = nullptr, *dout = nullptr;
  cudaError_t err;
  if ((err = cudaMalloc(&din, n * sizeof(int))) != cudaSuccess ||
      (err = cudaMalloc(&dout, n * sizeof(int))) != cudaSuccess ||
      (err = cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice)) != cudaSuccess ||
      (err = launch_square_minus(din, dout, n, offset)) != cudaSuccess ||
      (err = cudaDeviceSynchronize()) != cudaSuccess ||
      (err = cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost)) !=
          cudaSuccess) {
    printf("FAIL: %s (%s)\n", cudaGetErrorString(err), cudaGetErrorName(err));
    return 1;
  }
  for (int i = 0; i < n; i++)
    if (out[i] != in[i] * in[i] - offset) {
      printf("FAIL: out[%d] = %d, expected %d\n", i, out[i], in[i] * in[i] - offset);
      return 1;
    }
  cudaFree(din);
  cudaFree(dout);
  printf("PASS\n");
  return 0;
}
