// atomics_generic.cu — end-to-end test of atomics through pointers that point into shared
// memory for some threads and global memory for others (a select: Anchor's generic
// pointers, whose atomics test the address space at run time): 32-bit add, max, CAS, float
// add, relaxed __nv_atomic load and store, a 64-bit add (the device library's lock) and a
// 16-bit CAS (its word loop). Every total is exact. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>

typedef unsigned long long u64;

__global__ void mixed(unsigned *g, u64 *g64, float *gf, unsigned *out) {
  __shared__ unsigned s[4];
  __shared__ u64 s64[2];
  __shared__ float sf[2];
  if (threadIdx.x < 4) s[threadIdx.x] = 0;
  if (threadIdx.x < 2) s64[threadIdx.x] = 0, sf[threadIdx.x] = 0;
  __syncthreads();
  bool shared = threadIdx.x & 1;
  unsigned *p = shared ? &s[threadIdx.x & 2] : &g[threadIdx.x & 2];
  u64 *q = shared ? &s64[0] : &g64[0];
  float *f = shared ? &sf[0] : gf;
  atomicAdd(p, 1u);
  atomicAdd(q, 1ull << 32);
  atomicAdd(f, 0.5f);
  atomicMax(p + 1, threadIdx.x);
  atomicCAS(p + 1, 0u, 7u); // never 0 here: fails
  unsigned short *h = (unsigned short *)p; // the counter's high half: 0 until one CAS
  atomicCAS(h + 1, (unsigned short)0, (unsigned short)(1 + shared));
  __nv_atomic_store_n(p + 1, __nv_atomic_load_n(p + 1, __NV_ATOMIC_RELAXED), __NV_ATOMIC_RELAXED);
  __syncthreads();
  if (threadIdx.x == 0) {
    out[0] = s[0], out[1] = s[2], out[2] = (unsigned)(s64[0] >> 32), out[3] = (unsigned)sf[0];
    out[4] = s[1], out[5] = s[3];
  }
}

int main(void) {
  unsigned *g, *out;
  u64 *g64;
  float *gf;
  if (cudaMallocManaged(&g, 4 * sizeof(unsigned)) || cudaMallocManaged(&g64, sizeof(u64)) ||
      cudaMallocManaged(&gf, sizeof(float)) || cudaMallocManaged(&out, 6 * sizeof(unsigned))) {
    printf("FAIL: cudaMallocManaged\n");
    return 1;
  }
  for (int i = 0; i < 4; i++)
    g[i] = 0;
  *g64 = 0, *gf = 0.0f;
  mixed<<<1, 256>>>(g, g64, gf, out);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(e));
    return 1;
  }
  // 128 threads of each parity; of each, 64 with (tid & 2) == 0 and 64 with it set: the
  // counters 64, their high halves set to 2 (shared) or 1 (global) by the one CAS that found
  // them 0; the max words the largest tid of their group (1 mod 4: 253, 3 mod 4: 255;
  // global 252, 254).
  printf("shared 0x%x 0x%x %u %u | global 0x%x 0x%x %u %g | max %u %u %u %u\n", out[0], out[1],
         out[2], out[3], g[0], g[2], (unsigned)(*g64 >> 32), *gf, out[4], out[5], g[1], g[3]);
  if (out[0] != (2u << 16 | 64) || out[1] != (2u << 16 | 64) || out[2] != 128 || out[3] != 64 ||
      g[0] != (1u << 16 | 64) || g[2] != (1u << 16 | 64) || *g64 >> 32 != 128 || *gf != 64.0f ||
      out[4] != 253 || out[5] != 255 || g[1] != 252 || g[3] != 254) {
    printf("FAIL: totals\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
