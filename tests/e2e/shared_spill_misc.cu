// shared_spill_misc.cu — what else device code does with __shared__ data, on an array
// too large for a Metal threadgroup (44,800 bytes, so in device memory on Anchor):
// memset of the whole array, struct stores and struct copies, an inline-PTX ld.shared
// through __cvta_generic_to_shared, __syncthreads_or/_and, atomicInc, atomicCAS and a
// double atomicAdd on it, beside a small array that stays in threadgroup memory; two
// blocks, each on its own copy. Checked against a CPU reference. Also compiles with
// nvcc: nvcc -O2 -arch=sm_90 shared_spill_misc.cu. Prints PASS or FAIL.
#include <cstdio>
#include <cstring>

struct S {
  int a[3];
  double d;
};

__global__ void misc(int *out) {
  __shared__ S big[1400]; // 1400 x 32 = 44,800 bytes
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  if (t == 0) memset(big, 0, sizeof big);
  __syncthreads();
  S s;
  s.a[0] = (int)t + (int)blockIdx.x;
  s.a[1] = 2 * (int)t;
  s.a[2] = 3 * (int)t;
  s.d = t * 0.5;
  big[t] = s;
  __syncthreads();
  S r = big[(t + 1) % 256];
  tile[t] = r.a[0] + r.a[1] + r.a[2] + (int)(r.d * 2);
  unsigned v;
  unsigned address = (unsigned)__cvta_generic_to_shared(&big[t].a[1]);
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(address));
  int any = __syncthreads_or(v == 2 * t + 1);
  int all = __syncthreads_and(v == 2 * t);
  atomicInc((unsigned *)&big[300].a[0], 1000u);
  atomicCAS(&big[301].a[0], 0, 7);
  if (t < 3) atomicAdd(&big[302].d, 0.5);
  __syncthreads();
  out[blockIdx.x * 260 + t] = tile[t] + (int)v + any * 1000 + all * 10000;
  if (t == 0) {
    out[blockIdx.x * 260 + 256] = big[300].a[0];
    out[blockIdx.x * 260 + 257] = big[301].a[0];
    out[blockIdx.x * 260 + 258] = (int)(big[302].d * 2);
    out[blockIdx.x * 260 + 259] = big[1399].a[2]; // memset
  }
}

int main() {
  int *d, h[2 * 260];
  cudaMalloc(&d, sizeof h);
  cudaMemset(d, 0x55, sizeof h);
  misc<<<2, 256>>>(d);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  if (e != cudaSuccess) printf("FAIL: launch: %s\n", cudaGetErrorString(e)), bad++;
  for (int b = 0; b < 2; b++) {
    for (int t = 0; t < 256; t++) {
      int u = (t + 1) % 256, want = (u + b) + 2 * u + 3 * u + u + 2 * t + 10000;
      if (h[b * 260 + t] != want && bad++ < 8)
        printf("FAIL: block %d thread %d: %d, want %d\n", b, t, h[b * 260 + t], want);
    }
    const int want[4] = {256, 7, 3, 0}; // atomicInc (limit 1000), CAS, 3 x 0.5 x 2, memset
    for (int k = 0; k < 4; k++)
      if (h[b * 260 + 256 + k] != want[k] && bad++ < 8)
        printf("FAIL: block %d word %d: %d, want %d\n", b, k, h[b * 260 + 256 + k], want[k]);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
