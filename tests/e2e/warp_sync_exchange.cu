// warp_sync_exchange.cu — lanes exchanging values through shared memory inside a warp,
// with no barrier and no __syncwarp: lane i writes s[i], then reads s[i ^ 1] (its
// neighbour's value) and s[i ^ 31]. Hardware executes the warp's lanes in lockstep, so
// every read sees the neighbour's write. Two kernels: one without any barrier, one
// whose blocks of 128 threads also synchronise with __syncthreads between rounds
// (each warp exchanges within itself). Prints PASS or FAIL.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void exchange(const int *in, int *out) {
  __shared__ int s[32];
  volatile int *v = s;
  unsigned lane = threadIdx.x;
  int x = in[blockIdx.x * 32 + lane];
  v[lane] = x;
  int a = v[lane ^ 1];
  int b = v[lane ^ 31];
  out[blockIdx.x * 32 + lane] = a * 1000 + b;
}

__global__ void exchange_rounds(const int *in, int *out, int rounds) {
  __shared__ int s[128];
  volatile int *v = s;
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  int x = in[blockIdx.x * 128 + t];
  for (int r = 0; r < rounds; r++) {
    v[t] = x;
    x = v[warp * 32 + (lane ^ (1u << (r % 5)))] + r; // a butterfly within the warp
    __syncthreads();
  }
  out[blockIdx.x * 128 + t] = x;
}

static int check(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 0;
  printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return 1;
}

int main(void) {
  enum { N = 128 * 64, ROUNDS = 7 };
  int *h = (int *)malloc(N * sizeof(int)), *got = (int *)malloc(N * sizeof(int));
  for (int i = 0; i < N; i++) h[i] = (i * 37) % 991;
  int *d_in, *d_out;
  if (check(cudaMalloc(&d_in, N * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc(&d_out, N * sizeof(int)), "cudaMalloc") ||
      check(cudaMemcpy(d_in, h, N * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy"))
    return 1;
  int bad = 0;
  exchange<<<N / 32, 32>>>(d_in, d_out);
  if (check(cudaDeviceSynchronize(), "exchange") ||
      check(cudaMemcpy(got, d_out, N * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy"))
    return 1;
  for (int i = 0; i < N; i++) {
    int base = i - i % 32, lane = i % 32;
    int want = h[base + (lane ^ 1)] * 1000 + h[base + (lane ^ 31)];
    if (got[i] != want && bad++ < 5) printf("exchange[%d] = %d, want %d\n", i, got[i], want);
  }
  exchange_rounds<<<N / 128, 128>>>(d_in, d_out, ROUNDS);
  if (check(cudaDeviceSynchronize(), "exchange_rounds") ||
      check(cudaMemcpy(got, d_out, N * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy"))
    return 1;
  int *x = (int *)malloc(N * sizeof(int)), *y = (int *)malloc(N * sizeof(int));
  for (int i = 0; i < N; i++) x[i] = h[i];
  for (int r = 0; r < ROUNDS; r++) {
    for (int i = 0; i < N; i++) {
      int base = i - i % 32, lane = i % 32;
      y[i] = x[base + (lane ^ (1 << (r % 5)))] + r;
    }
    for (int i = 0; i < N; i++) x[i] = y[i];
  }
  for (int i = 0; i < N; i++)
    if (got[i] != x[i] && bad++ < 10)
      printf("exchange_rounds[%d] = %d, want %d\n", i, got[i], x[i]);
  if (bad) {
    printf("FAIL: %d wrong values\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
