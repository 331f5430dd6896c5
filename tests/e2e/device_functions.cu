// device_functions.cu — end-to-end test of __device__ functions: calls several levels
// deep, helpers taking pointers (to device memory and to a thread's local variables,
// so one helper is used with pointers into two different places), structs passed and
// returned by value, __forceinline__ and __noinline__ helpers, a function template and
// __host__ __device__ functions shared with the CPU reference.
// Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

struct Pair {
  int lo;
  int hi;
};

struct Acc {
  long long sum;
  int count;
  short last;
};

// Shared with the host: the reference runs exactly this code.
__host__ __device__ int mix(int a, int b) { return (a * 31) ^ (b + 7); }

__host__ __device__ Pair make_pair_of(int v) {
  Pair p;
  p.lo = v & 0xffff;
  p.hi = v >> 16; // arithmetic shift for negative v
  return p;
}

template <typename T> __host__ __device__ T clamp_to(T v, T lo, T hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// Level 4: the leaf, never inlined.
__device__ __noinline__ int leaf(int x, int y) { return mix(x, y) - (x & 15); }

// Level 3: always inlined, calls the leaf twice.
__device__ __forceinline__ int level3(int x) { return leaf(x, x + 1) + leaf(x >> 2, 3); }

// Level 2: accumulates into a struct through a pointer (the caller's local variable).
__device__ __noinline__ void accumulate(Acc *acc, int v) {
  acc->sum += v;
  acc->count += 1;
  acc->last = (short)v;
}

// Writes through whichever pointer it is given: a local variable or device memory.
__device__ __noinline__ void store_twice(int *dst, int v) {
  dst[0] = v;
  dst[1] = v * 2;
}

// Takes a struct by value and returns another.
__device__ __noinline__ Pair swap_and_add(Pair p, int k) {
  Pair r;
  r.lo = p.hi + k;
  r.hi = p.lo - k;
  return r;
}

// Level 1: uses everything above.
__device__ int level1(int x, const int *table, int *scratch) {
  Acc acc = {0, 0, 0};
  for (int k = 0; k < 4; k++)
    accumulate(&acc, level3(x + k) + table[k]);
  int local[2];
  store_twice(local, (int)acc.sum);  // pointer to thread-private memory
  store_twice(scratch, acc.count);   // pointer to device memory
  Pair p = swap_and_add(make_pair_of(local[1] + scratch[1]), acc.last);
  return clamp_to(p.lo + p.hi, -100000, 100000) + clamp_to<int>(local[0], -5, 5);
}

__global__ void run_levels(const int *in, const int *table, int *scratch, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = level1(in[i], table, scratch + 2 * i);
}

// The host reference: the same sequence written out for the CPU.
static int host_leaf(int x, int y) { return mix(x, y) - (x & 15); }
static int host_level3(int x) { return host_leaf(x, x + 1) + host_leaf(x >> 2, 3); }
static int host_level1(int x, const int *table) {
  long long sum = 0;
  int count = 0;
  short last = 0;
  for (int k = 0; k < 4; k++) {
    int v = host_level3(x + k) + table[k];
    sum += v;
    count += 1;
    last = (short)v;
  }
  int local0 = (int)sum, local1 = (int)sum * 2;
  Pair q = make_pair_of(local1 + count * 2);
  Pair p;
  p.lo = q.hi + last;
  p.hi = q.lo - last;
  return clamp_to(p.lo + p.hi, -100000, 100000) + clamp_to<int>(local0, -5, 5);
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

int main(void) {
  const int n = 5000;
  const int table[4] = {3, -17, 1000, -4096};
  int *in = (int *)malloc(n * sizeof(int)), *out = (int *)malloc(n * sizeof(int));
  int *scratch = (int *)malloc(2 * n * sizeof(int));
  for (int i = 0; i < n; i++)
    in[i] = (int)(i * 2654435761u) >> 12; // about +-2^19, half of them negative
  int *din, *dtable, *dscratch, *dout;
  if (check(cudaMalloc((void **)&din, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dtable, sizeof table), "cudaMalloc") ||
      check(cudaMalloc((void **)&dscratch, 2 * n * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dtable, table, sizeof table, cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  run_levels<<<(n + 95) / 96, 96>>>(din, dtable, dscratch, dout, n);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "kernel") ||
      check(cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(scratch, dscratch, 2 * n * sizeof(int), cudaMemcpyDeviceToHost),
            "memcpy"))
    return 1;
  for (int i = 0; i < n; i++) {
    int want = host_level1(in[i], table);
    if (out[i] != want || scratch[2 * i] != 4 || scratch[2 * i + 1] != 8) {
      printf("FAIL: element %d (in %d): got %d, expected %d; scratch %d %d, expected 4 8\n", i,
             in[i], out[i], want, scratch[2 * i], scratch[2 * i + 1]);
      return 1;
    }
  }
  cudaFree(din);
  cudaFree(dtable);
  cudaFree(dscratch);
  cudaFree(dout);
  free(in);
  free(out);
  free(scratch);
  printf("PASS\n");
  return 0;
}
