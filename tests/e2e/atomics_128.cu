// atomics_128.cu — CUDA's 16-byte atomics (compute capability 9.x): __nv_atomic_load and
// __nv_atomic_store of a 16-byte struct are never torn (writers store pairs {k, ~k},
// readers in other blocks check every pair they load; the last pair stored is whole).
// (16-byte exchange and compare-exchange need sm_90, which Anchor's headers, sm_75's,
// reject as nvcc -arch=sm_75 does.) Prints PASS or FAIL: <details>.
#include <cstdio>
#include <cuda_runtime.h>

struct alignas(16) Pair {
  unsigned long long lo, hi;
};

enum { BLOCKS = 32, THREADS = 64, ROUNDS = 16 };

__global__ void torn(Pair *slot, unsigned *bad, unsigned *loads) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned r = 0; r < ROUNDS; r++) {
    if (blockIdx.x % 2 == 0) {
      unsigned long long k = ((unsigned long long)t << 32 | r) * 0x9e3779b97f4a7c15ull;
      Pair v = {k, ~k};
      __nv_atomic_store(slot, &v, __NV_ATOMIC_RELEASE);
    } else {
      Pair v;
      __nv_atomic_load(slot, &v, __NV_ATOMIC_ACQUIRE);
      if (v.hi != ~v.lo) atomicAdd(bad, 1u);
      atomicAdd(loads, 1u);
    }
  }
}

int main() {
  Pair *slot;
  unsigned *bad, *loads;
  cudaMallocManaged(&slot, sizeof(Pair));
  cudaMallocManaged(&bad, sizeof(unsigned));
  cudaMallocManaged(&loads, sizeof(unsigned));
  *slot = Pair{5, ~5ull};
  *bad = *loads = 0;
  torn<<<BLOCKS, THREADS>>>(slot, bad, loads);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(e));
    return 1;
  }
  printf("loads %u, torn %u, last %016llx %016llx\n", *loads, *bad, slot->hi, slot->lo);
  int ok = *bad == 0 && *loads == BLOCKS / 2 * THREADS * ROUNDS && slot->hi == ~slot->lo &&
           slot->lo != 5;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
