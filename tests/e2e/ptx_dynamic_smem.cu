// ptx_dynamic_smem.cu — inline PTX's %dynamic_smem_size is the launch's dynamic shared
// memory in bytes (CCCL's cuda::ptx::get_sreg_dynamic_smem_size reads it so): kernels
// launched with 0, 16, 1000 (CUDA does not round it) and 12288 bytes, through <<<>>>,
// cudaLaunchKernel and a graph, each thread checking it and using the memory. Also
// compiles with nvcc: nvcc -O2 -arch=sm_90 ptx_dynamic_smem.cu. Prints PASS or FAIL.
#include <cstdio>

extern __shared__ unsigned char dyn[];

__global__ void report(unsigned *out) {
  unsigned n;
  asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(n));
  for (unsigned i = threadIdx.x; i < n; i += blockDim.x)
    dyn[i] = (unsigned char)(i * 7u + blockIdx.x);
  __syncthreads();
  unsigned sum = 0;
  for (unsigned i = 0; i < n; i++)
    sum += dyn[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = n ^ (sum << 16);
}

static unsigned want(unsigned n, unsigned block) {
  unsigned sum = 0;
  for (unsigned i = 0; i < n; i++)
    sum += (unsigned char)(i * 7u + block);
  return n ^ (sum << 16);
}

static int check(const char *how, unsigned n, const unsigned *h) {
  for (unsigned b = 0; b < 2; b++)
    for (unsigned t = 0; t < 64; t++)
      if (h[b * 64 + t] != want(n, b)) {
        printf("FAIL: %s, %u bytes: block %u thread %u read %08x, want %08x\n", how, n, b, t,
               h[b * 64 + t], want(n, b));
        return 1;
      }
  return 0;
}

int main() {
  unsigned *d, h[128];
  cudaMalloc(&d, sizeof h);
  const unsigned sizes[] = {0, 16, 1000, 12288};
  int failures = 0;
  for (unsigned n : sizes) {
    report<<<2, 64, n>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) printf("FAIL: <<<>>> %u bytes: %s\n", n, cudaGetErrorName(e));
    failures += e != cudaSuccess || check("<<<>>>", n, h);
    void *args[] = {&d};
    e = cudaLaunchKernel((const void *)report, dim3(2), dim3(64), args, n, 0);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    failures += e != cudaSuccess || check("cudaLaunchKernel", n, h);
  }
  cudaStream_t s;
  cudaGraph_t g;
  cudaGraphExec_t x;
  cudaStreamCreate(&s);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  report<<<2, 64, 1000, s>>>(d);
  cudaStreamEndCapture(s, &g);
  cudaError_t e = cudaGraphInstantiate(&x, g, 0);
  if (e == cudaSuccess) e = cudaGraphLaunch(x, s);
  if (e == cudaSuccess) e = cudaStreamSynchronize(s);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  failures += e != cudaSuccess || check("graph", 1000, h);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
