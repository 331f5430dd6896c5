// early_exit_barrier.cu — threads that return early (the tail of the last block)
// before __syncthreads() calls the rest of the block still makes: the others must
// not deadlock, and shared memory written by the live threads before each barrier
// must be visible after it. Checked against the CPU; prints PASS or FAIL.
//
// Observed on a real GPU (2026-11-29, NVIDIA H200, CUDA 13.0.88, driver 580.159.04,
// nvcc -O2 -arch=sm_90): PASS, and compute-sanitizer --tool synccheck reports 0
// errors — threads that exited no longer take part in __syncthreads(). softmetal
// behaves the same (docs/softmetal.md); SOFTMETAL_DEBUG_BARRIERS=1 reports it.
#include <cstdio>
__global__ void partial_block(const int *in, int *out, int n) {
  __shared__ int buf[256];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (i >= n) return;                  // the tail of the last block leaves early
  buf[t] = in[i];
  __syncthreads();
  int live = min((int)blockDim.x, n - (int)(blockIdx.x * blockDim.x));
  out[i] = buf[(t + 1) % live] + buf[t];
  __syncthreads();
  buf[t] = out[i] * 2;
  __syncthreads();
  out[i] += buf[(t + live - 1) % live];
}
int main() {
  const int n = 1000, B = 256, G = (n + B - 1) / B;
  int h[n], r[n], *din, *dout;
  for (int i = 0; i < n; i++) h[i] = i * 7 + 3;
  cudaMalloc(&din, n * 4); cudaMalloc(&dout, n * 4);
  cudaMemcpy(din, h, n * 4, cudaMemcpyHostToDevice);
  partial_block<<<G, B>>>(din, dout, n);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) { printf("FAIL: %s\n", cudaGetErrorName(e)); return 1; }
  cudaMemcpy(r, dout, n * 4, cudaMemcpyDeviceToHost);
  for (int b = 0; b < G; b++) {
    int live = n - b * B < B ? n - b * B : B;
    for (int t = 0; t < live; t++) {
      int i = b * B + t;
      int o = h[b * B + (t + 1) % live] + h[i];
      int prev = (t + live - 1) % live, ip = b * B + prev;
      int op = h[b * B + (prev + 1) % live] + h[ip];
      int want = o + op * 2;
      if (r[i] != want) { printf("FAIL: out[%d] = %d, want %d\n", i, r[i], want); return 1; }
    }
  }
  printf("PASS\n");
  return 0;
}
