// bitonic_sort.cu — end-to-end test of an algorithm made of many dependent launches:
// a bitonic sort of 2^16 (key, value) pairs of 64-bit keys. Each merge step is one
// launch over global memory; once the compare distance fits in a block, the remaining
// steps of that stage run in one launch in shared memory with __syncthreads between
// them. Checked against qsort on the CPU (keys are distinct, so the order of the
// values is determined). Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { LOG_N = 16, N = 1 << LOG_N, BLOCK = 256, SHARED = 2 * BLOCK };

// One compare-exchange step over the whole array at distance j within stage k.
__global__ void step_global(long long *keys, int *values, int j, int k) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned partner = i ^ j;
  if (partner > i) {
    bool ascending = (i & k) == 0;
    long long a = keys[i], b = keys[partner];
    if ((a > b) == ascending) {
      keys[i] = b;
      keys[partner] = a;
      int v = values[i];
      values[i] = values[partner];
      values[partner] = v;
    }
  }
}

// All steps of stage k with distance j0 and below, on SHARED elements per block.
__global__ void steps_shared(long long *keys, int *values, int j0, int k) {
  __shared__ long long sk[SHARED];
  __shared__ int sv[SHARED];
  unsigned base = blockIdx.x * SHARED;
  for (int r = threadIdx.x; r < SHARED; r += BLOCK) {
    sk[r] = keys[base + r];
    sv[r] = values[base + r];
  }
  __syncthreads();
  for (int j = j0; j > 0; j /= 2) {
    for (int r = threadIdx.x; r < SHARED; r += BLOCK) {
      unsigned i = base + r, partner = i ^ j;
      if (partner > i) {
        unsigned pr = partner - base;
        bool ascending = (i & k) == 0;
        long long a = sk[r], b = sk[pr];
        if ((a > b) == ascending) {
          sk[r] = b;
          sk[pr] = a;
          int v = sv[r];
          sv[r] = sv[pr];
          sv[pr] = v;
        }
      }
    }
    __syncthreads();
  }
  for (int r = threadIdx.x; r < SHARED; r += BLOCK) {
    keys[base + r] = sk[r];
    values[base + r] = sv[r];
  }
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

struct Pair {
  long long key;
  int value;
};

static int by_key(const void *x, const void *y) {
  long long a = ((const Pair *)x)->key, b = ((const Pair *)y)->key;
  return (a > b) - (a < b);
}

int main(void) {
  long long *keys = (long long *)malloc(N * sizeof(long long));
  int *values = (int *)malloc(N * sizeof(int));
  Pair *ref = (Pair *)malloc(N * sizeof(Pair));
  for (int i = 0; i < N; i++) {
    // A bijection of i (odd multiplier mod 2^32), spread into signed 64-bit keys.
    unsigned h = (unsigned)i * 2654435761u;
    keys[i] = (long long)((unsigned long long)(long long)(int)h << 20) ^ i;
    values[i] = i;
    ref[i].key = keys[i];
    ref[i].value = i;
  }
  qsort(ref, N, sizeof(Pair), by_key);
  long long *dkeys;
  int *dvalues;
  if (check(cudaMalloc((void **)&dkeys, N * sizeof(long long)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dvalues, N * sizeof(int)), "cudaMalloc") ||
      check(cudaMemcpy(dkeys, keys, N * sizeof(long long), cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dvalues, values, N * sizeof(int), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  int launches = 0;
  for (int k = 2; k <= N; k *= 2) {
    int j = k / 2;
    for (; j >= SHARED; j /= 2, launches++)
      step_global<<<N / BLOCK, BLOCK>>>(dkeys, dvalues, j, k);
    steps_shared<<<N / SHARED, BLOCK>>>(dkeys, dvalues, j, k);
    launches++;
  }
  if (check(cudaGetLastError(), "launches") || check(cudaDeviceSynchronize(), "sort") ||
      check(cudaMemcpy(keys, dkeys, N * sizeof(long long), cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(values, dvalues, N * sizeof(int), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int i = 0; i < N; i++)
    if (keys[i] != ref[i].key || values[i] != ref[i].value) {
      printf("FAIL: position %d holds (%lld, %d), expected (%lld, %d)\n", i, keys[i], values[i],
             ref[i].key, ref[i].value);
      return 1;
    }
  cudaFree(dkeys);
  cudaFree(dvalues);
  free(keys);
  free(values);
  free(ref);
  printf("bitonic_sort: %d elements, %d launches\nPASS\n", N, launches);
  return 0;
}
