// cudametal/bench_kernels.cu — the kernels run_h200.sh times side by side: built by anchorcc
// (run through cudametal) and by nvcc, on the same GPU, same inputs. Each kernel is
// checked against the CPU, then timed with CUDA events over REPS launches; prints
// "TIME <kernel> <ms per launch>" lines and PASS when every check held.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CHECK(x)                                                                      \
  do {                                                                                \
    cudaError_t e_ = (x);                                                             \
    if (e_ != cudaSuccess) {                                                          \
      printf("FAIL: %s: %s\n", #x, cudaGetErrorString(e_));                           \
      exit(1);                                                                        \
    }                                                                                 \
  } while (0)

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

#define TILE 16
__global__ void sgemm_tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

__global__ void reduce_sum(const int *in, unsigned long long *out, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  int v = 0;
  if (i < n) v = in[i];
  if (i + (int)blockDim.x < n) v += in[i + blockDim.x];
  s[threadIdx.x] = v;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if ((int)threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, (unsigned long long)s[0]);
}

__global__ void stencil5(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= 0 || y <= 0 || x >= w - 1 || y >= h - 1) return;
  int i = y * w + x;
  out[i] = 0.5f * in[i] + 0.125f * (in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
}

static float time_ms(cudaEvent_t a, cudaEvent_t b, int reps) {
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, a, b));
  return ms / reps;
}

int main() {
  bool ok = true;
  cudaEvent_t t0, t1;
  CHECK(cudaEventCreate(&t0));
  CHECK(cudaEventCreate(&t1));
  const int REPS = 20;
  {  // vector add, 16M floats
    int n = 1 << 24;
    float *a, *b, *c;
    CHECK(cudaMalloc(&a, n * 4));
    CHECK(cudaMalloc(&b, n * 4));
    CHECK(cudaMalloc(&c, n * 4));
    float *h = (float *)malloc(n * 4);
    for (int i = 0; i < n; i++) h[i] = (float)(i % 1000);
    CHECK(cudaMemcpy(a, h, n * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, h, n * 4, cudaMemcpyHostToDevice));
    vector_add<<<n / 256, 256>>>(a, b, c, n);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaEventRecord(t0));
    for (int r = 0; r < REPS; r++) vector_add<<<n / 256, 256>>>(a, b, c, n);
    CHECK(cudaEventRecord(t1));
    CHECK(cudaEventSynchronize(t1));
    printf("TIME vector_add_16M %.4f\n", time_ms(t0, t1, REPS));
    CHECK(cudaMemcpy(h, c, n * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i += 4099)
      if (h[i] != 2.0f * (float)(i % 1000)) ok = false;
    cudaFree(a), cudaFree(b), cudaFree(c), free(h);
  }
  {  // tiled SGEMM 1024x1024
    int n = 1024;
    size_t bytes = (size_t)n * n * 4;
    float *hA = (float *)malloc(bytes), *hB = (float *)malloc(bytes), *hC = (float *)malloc(bytes);
    for (int i = 0; i < n * n; i++) hA[i] = (float)(i % 7) * 0.25f, hB[i] = (float)(i % 5) * 0.5f;
    float *A, *B, *C;
    CHECK(cudaMalloc(&A, bytes));
    CHECK(cudaMalloc(&B, bytes));
    CHECK(cudaMalloc(&C, bytes));
    CHECK(cudaMemcpy(A, hA, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(B, hB, bytes, cudaMemcpyHostToDevice));
    dim3 grid(n / TILE, n / TILE), block(TILE, TILE);
    sgemm_tiled<<<grid, block>>>(A, B, C, n);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaEventRecord(t0));
    for (int r = 0; r < REPS; r++) sgemm_tiled<<<grid, block>>>(A, B, C, n);
    CHECK(cudaEventRecord(t1));
    CHECK(cudaEventSynchronize(t1));
    printf("TIME sgemm_tiled_1024 %.4f\n", time_ms(t0, t1, REPS));
    CHECK(cudaMemcpy(hC, C, bytes, cudaMemcpyDeviceToHost));
    for (int s = 0; s < 64; s++) {
      int i = (s * 131) % n, j = (s * 71) % n;
      double ref = 0;
      for (int k = 0; k < n; k++) ref += (double)hA[i * n + k] * hB[k * n + j];
      if (fabs(ref - hC[i * n + j]) > 1e-3 * fabs(ref) + 1e-3) ok = false;
    }
    cudaFree(A), cudaFree(B), cudaFree(C), free(hA), free(hB), free(hC);
  }
  {  // reduction, 16M ints
    int n = 1 << 24;
    int *h = (int *)malloc(n * 4), *in;
    unsigned long long *out, result = 0, ref = 0;
    for (int i = 0; i < n; i++) h[i] = i % 100, ref += (unsigned long long)(i % 100);
    CHECK(cudaMalloc(&in, n * 4));
    CHECK(cudaMalloc(&out, 8));
    CHECK(cudaMemcpy(in, h, n * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(out, 0, 8));
    int blocks = n / 512;
    reduce_sum<<<blocks, 256>>>(in, out, n);
    CHECK(cudaMemcpy(&result, out, 8, cudaMemcpyDeviceToHost));
    if (result != ref) ok = false;
    CHECK(cudaEventRecord(t0));
    for (int r = 0; r < REPS; r++) reduce_sum<<<blocks, 256>>>(in, out, n);
    CHECK(cudaEventRecord(t1));
    CHECK(cudaEventSynchronize(t1));
    printf("TIME reduce_16M %.4f\n", time_ms(t0, t1, REPS));
    cudaFree(in), cudaFree(out), free(h);
  }
  {  // 5-point stencil, 4096x4096
    int w = 4096, h = 4096;
    size_t bytes = (size_t)w * h * 4;
    float *hin = (float *)malloc(bytes), *hout = (float *)malloc(bytes), *in, *out;
    for (int i = 0; i < w * h; i++) hin[i] = (float)(i % 13);
    CHECK(cudaMalloc(&in, bytes));
    CHECK(cudaMalloc(&out, bytes));
    CHECK(cudaMemcpy(in, hin, bytes, cudaMemcpyHostToDevice));
    dim3 block(32, 8), grid(w / 32, h / 8);
    stencil5<<<grid, block>>>(in, out, w, h);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaEventRecord(t0));
    for (int r = 0; r < REPS; r++) stencil5<<<grid, block>>>(in, out, w, h);
    CHECK(cudaEventRecord(t1));
    CHECK(cudaEventSynchronize(t1));
    printf("TIME stencil5_4096 %.4f\n", time_ms(t0, t1, REPS));
    CHECK(cudaMemcpy(hout, out, bytes, cudaMemcpyDeviceToHost));
    for (int s = 1; s < 1000; s++) {
      int x = 1 + (s * 37) % (w - 2), y = 1 + (s * 53) % (h - 2), i = y * w + x;
      float ref = 0.5f * hin[i] + 0.125f * (hin[i - 1] + hin[i + 1] + hin[i - w] + hin[i + w]);
      if (fabsf(ref - hout[i]) > 1e-4f) ok = false;
    }
    cudaFree(in), cudaFree(out), free(hin), free(hout);
  }
  printf("%s\n", ok ? "PASS" : "FAIL: a result differs from the CPU's");
  return ok ? 0 : 1;
}
