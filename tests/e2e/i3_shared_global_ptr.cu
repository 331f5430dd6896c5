// i3_shared_global_ptr.cu — end-to-end test of generic pointers that may point to
// shared or to global memory: the same __device__ functions (one __noinline__, so a
// real call with a pointer of unknown address space; one inlined) are called with a
// __shared__ array and with device memory; a `?:` chooses per thread between a shared
// and a global pointer, which is then read through, written through, and passed on.
// Every output is compared with the CPU. Prints PASS or FAIL: <details>.
//
// Validated with nvcc -O2 -arch=sm_90 (CUDA 13.0, V13.0.88) on an NVIDIA H200 (driver
// 580.159.04), 2026-11-29 17:47 and 17:49 UTC: PASS (tests/e2e/i3_device_run.sh; log in
// tests/e2e/observed/h200-i3.log); compute-sanitizer racecheck and synccheck: 0 hazards,
// 0 errors (observed/h200-i3-sanitizer.log).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { BLOCK = 128, N = 1000, OUTS = 6 };

// Weighted sum of p[t], p[t+1], ..., p[t+4] (indices modulo BLOCK).
__device__ __noinline__ int window(const int *p, int t) {
  int s = 0;
  for (int j = 0; j < 5; j++)
    s += (j + 1) * p[(t + j) % BLOCK];
  return s;
}

// Adds k to *p and returns the new value; inlined.
__device__ __forceinline__ int bump(int *p, int k) {
  *p += k;
  return *p;
}

__global__ void mix(const int *in, int *scratch, int *out, int n) {
  __shared__ int tile[BLOCK];
  int t = threadIdx.x, i = blockIdx.x * BLOCK + t;
  int *g = scratch + blockIdx.x * BLOCK; // this block's slice of global scratch
  tile[t] = i < n ? in[i] : 0;
  g[t] = 3 * (i < n ? in[i] : 0) + 1;
  __syncthreads();
  int from_shared = window(tile, t);
  int from_global = window(g, t);
  int *p = (t & 1) ? tile : g; // ?: between a shared and a global pointer
  int chosen_read = p[(t + 7) % BLOCK];
  int chosen_call = window(p, (t + 3) % BLOCK);
  __syncthreads();
  // Each thread bumps its own slot, in shared or global memory depending on t.
  int *q = (t % 3 == 0) ? &tile[t] : &g[t];
  int bumped = bump(q, t + 1000);
  __syncthreads();
  if (i < n) {
    int *o = out + (size_t)i * OUTS;
    o[0] = from_shared;
    o[1] = from_global;
    o[2] = chosen_read;
    o[3] = chosen_call;
    o[4] = bumped;
    o[5] = tile[(t + 1) % BLOCK] * 7 + g[(t + 2) % BLOCK]; // neighbours' bumps are visible
  }
}

static int check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(err));
    return 1;
  }
  return 0;
}

static int cpu_window(const int *p, int t) {
  int s = 0;
  for (int j = 0; j < 5; j++)
    s += (j + 1) * p[(t + j) % BLOCK];
  return s;
}

int main(void) {
  int blocks = (N + BLOCK - 1) / BLOCK;
  static int in[N], out[N * OUTS];
  for (int i = 0; i < N; i++)
    in[i] = (i * 37) % 101 - 50;
  int *d_in = NULL, *d_scratch = NULL, *d_out = NULL;
  if (check(cudaMalloc(&d_in, sizeof in), "cudaMalloc in") ||
      check(cudaMalloc(&d_scratch, blocks * BLOCK * sizeof(int)), "cudaMalloc scratch") ||
      check(cudaMalloc(&d_out, sizeof out), "cudaMalloc out") ||
      check(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice), "copy in"))
    return 1;
  mix<<<blocks, BLOCK>>>(d_in, d_scratch, d_out, N);
  if (check(cudaGetLastError(), "launch") ||
      check(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost), "copy out"))
    return 1;
  for (int b = 0; b < blocks; b++) {
    int tile[BLOCK], g[BLOCK];
    for (int t = 0; t < BLOCK; t++) {
      int i = b * BLOCK + t, v = i < N ? in[i] : 0;
      tile[t] = v;
      g[t] = 3 * v + 1;
    }
    int want[BLOCK][OUTS];
    for (int t = 0; t < BLOCK; t++) {
      const int *p = (t & 1) ? tile : g;
      want[t][0] = cpu_window(tile, t);
      want[t][1] = cpu_window(g, t);
      want[t][2] = p[(t + 7) % BLOCK];
      want[t][3] = cpu_window(p, (t + 3) % BLOCK);
    }
    for (int t = 0; t < BLOCK; t++) {
      int *q = (t % 3 == 0) ? &tile[t] : &g[t];
      *q += t + 1000;
      want[t][4] = *q;
    }
    for (int t = 0; t < BLOCK; t++)
      want[t][5] = tile[(t + 1) % BLOCK] * 7 + g[(t + 2) % BLOCK];
    for (int t = 0; t < BLOCK && b * BLOCK + t < N; t++)
      for (int j = 0; j < OUTS; j++) {
        int i = b * BLOCK + t;
        if (out[i * OUTS + j] != want[t][j]) {
          printf("FAIL: element %d output %d = %d, expected %d\n", i, j, out[i * OUTS + j],
                 want[t][j]);
          return 1;
        }
      }
  }
  cudaFree(d_in);
  cudaFree(d_scratch);
  cudaFree(d_out);
  printf("PASS\n");
  return 0;
}
