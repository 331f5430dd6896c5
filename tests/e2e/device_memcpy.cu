// device_memcpy.cu — memcpy and memset called in device code, as CUDA allows: a double's
// bits copied into an integer (type punning through memcpy), a private array filled by
// memset, and variable-length copies (5..11 bytes) from it into device memory, whose
// untouched tail must keep what cudaMemset put there. Checked byte for byte against the
// CPU; prints PASS or FAIL: <details>.
//
// Observed on a real GPU (2026-11-29 18:19 UTC, NVIDIA H200, driver 580.159.04, CUDA 13.0.88,
// nvcc -O2 -arch=sm_90): PASS.
#include <cstdio>
#include <cstring>
__global__ void k(const double *in, unsigned long long *bits, unsigned char *bytes, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long u;
  memcpy(&u, &in[i], sizeof u);
  bits[i] = u;
  unsigned char local[12];
  memset(local, i & 0xff, sizeof local);
  memcpy(bytes + 12 * i, local, 5 + i % 7);
}
int main() {
  const int n = 300;
  double h[n]; for (int i = 0; i < n; i++) h[i] = i * 1.25 - 7;
  double *din; unsigned long long *dbits, hb[n]; unsigned char *dbytes, hy[12 * n];
  cudaMalloc(&din, sizeof h); cudaMalloc(&dbits, sizeof hb); cudaMalloc(&dbytes, sizeof hy);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(dbytes, 0xAB, sizeof hy);
  k<<<3, 128>>>(din, dbits, dbytes, n);
  cudaMemcpy(hb, dbits, sizeof hb, cudaMemcpyDeviceToHost);
  cudaMemcpy(hy, dbytes, sizeof hy, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    unsigned long long want; std::memcpy(&want, &h[i], 8);
    if (hb[i] != want) { printf("FAIL: bits[%d]\n", i); return 1; }
    for (int b = 0; b < 12; b++) {
      unsigned char w = b < 5 + i % 7 ? (unsigned char)(i & 0xff) : 0xAB;
      if (hy[12 * i + b] != w) { printf("FAIL: bytes[%d][%d] = %d, want %d\n", i, b, hy[12*i+b], w); return 1; }
    }
  }
  printf("PASS\n");
}
