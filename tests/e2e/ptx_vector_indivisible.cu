// A 16-byte vector ld/st of inline PTX (st.cg.v2.u64, ld.cg.v2.u64, st/ld .v4.u32) is one
// access: a reader in another block never sees half of a writer's store. NVIDIA GPUs
// behave so and code relies on it (CUB's single-pass scans publish a tile's status and
// value in one st.cg.v2.u64, polled by other blocks with ld.cg.v2.u64). Block 0 stores
// pairs {i, ~i} (and quads) over and over while blocks 1.. load them and count the
// loads whose halves do not match; softmetal runs the blocks in parallel, so split
// accesses show up as torn reads. Also checks the values of a plain round trip, and the
// same through a pointer that may point to shared or global memory.
#include <cstdio>

__device__ __forceinline__ void st_v2(unsigned long long *p, unsigned long long a,
                                      unsigned long long b) {
  asm volatile("st.cg.v2.u64 [%0], {%1, %2};" ::"l"(p), "l"(a), "l"(b) : "memory");
}
__device__ __forceinline__ void ld_v2(const unsigned long long *p, unsigned long long &a,
                                      unsigned long long &b) {
  asm volatile("ld.cg.v2.u64 {%0, %1}, [%2];" : "=l"(a), "=l"(b) : "l"(p) : "memory");
}
__device__ __forceinline__ void st_v4(unsigned *p, unsigned a, unsigned b, unsigned c, unsigned d) {
  asm volatile("st.global.cg.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(a), "r"(b), "r"(c),
               "r"(d)
               : "memory");
}
__device__ __forceinline__ void ld_v4(const unsigned *p, unsigned &a, unsigned &b, unsigned &c,
                                      unsigned &d) {
  asm volatile("ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
               : "l"(p)
               : "memory");
}

__global__ void race(unsigned long long *pair, unsigned *quad, int iterations, unsigned *torn,
                     unsigned *seen) {
  if (blockIdx.x == 0) { // one writer thread
    if (threadIdx.x == 0)
      for (int i = 1; i <= iterations; i++) {
        st_v2(pair, (unsigned long long)i, ~(unsigned long long)i);
        st_v4(quad, i, ~i, i * 3u, i ^ 0x5a5a5a5au);
      }
    return;
  }
  unsigned bad = 0, nonzero = 0;
  for (int k = 0; k < iterations; k++) {
    unsigned long long a, b;
    ld_v2(pair, a, b);
    if (a != 0 || b != 0) nonzero++, bad += b != ~a;
    unsigned w, x, y, z;
    ld_v4(quad, w, x, y, z);
    if (w != 0) bad += x != ~w || y != w * 3u || z != (w ^ 0x5a5a5a5au);
  }
  atomicAdd(torn, bad);
  atomicAdd(seen, nonzero);
}

__global__ void round_trip(unsigned long long *g, int flag, unsigned long long *out) {
  __shared__ unsigned long long s[2 * 64];
  unsigned t = threadIdx.x;
  unsigned long long *p = (t & 1) == flag ? s + 2 * t : g + 2 * t; // either space
  st_v2(p, 1000ull * t + 1, 0xffff000000000000ull | t);
  __syncthreads();
  unsigned long long a, b;
  ld_v2(p, a, b);
  out[2 * t] = a, out[2 * t + 1] = b;
}

int main() {
  unsigned long long *pair, *g, *out;
  unsigned *quad, *counts;
  cudaMalloc(&pair, 16);
  cudaMalloc(&quad, 16);
  cudaMalloc(&counts, 8);
  cudaMalloc(&g, 64 * 16);
  cudaMalloc(&out, 64 * 16);
  cudaMemset(pair, 0, 16);
  cudaMemset(quad, 0, 16);
  cudaMemset(counts, 0, 8);
  const int iterations = 200000;
  race<<<4, 32>>>(pair, quad, iterations, counts, counts + 1);
  unsigned h[2];
  cudaMemcpy(h, counts, 8, cudaMemcpyDeviceToHost);
  printf("torn reads: %u (loads that saw a store: %u)\n", h[0], h[1]);
  round_trip<<<1, 64>>>(g, 1, out);
  unsigned long long r[128];
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (unsigned t = 0; t < 64; t++)
    bad += r[2 * t] != 1000ull * t + 1 || r[2 * t + 1] != (0xffff000000000000ull | t);
  cudaError_t e = cudaDeviceSynchronize();
  int ok = e == cudaSuccess && h[0] == 0 && bad == 0;
  printf("round trip errors: %d, %s\n", bad, cudaGetErrorString(e));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
