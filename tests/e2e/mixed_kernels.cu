// mixed_kernels.cu — the CUDA half of the mixed program (see mixed_main.cpp): a kernel
// and a host launcher with C++ linkage that the plain C++ file calls.
#include <cuda_runtime.h>

__global__ void square_minus(const int *in, int *out, int n, int offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * in[i] - offset;
}

cudaError_t launch_square_minus(const int *in, int *out, int n, int offset) {
  square_minus<<<(n + 255) / 256, 256>>>(in, out, n, offset);
  return cudaGetLastError();
}
