// spin_wait_in_block.cu — threads of one block waiting for each other through device
// memory, with no shared memory and no barrier: thread t spins until thread t + 1 of its
// block has published a value (a chain from the block's last thread down to thread 0).
// Correct on GPUs with independent thread scheduling (Volta and later; Apple GPUs run a
// spinning SIMD-group's other lanes too): each thread's value is the sum of the thread
// indices from t to the block's end. softmetal must not run such a kernel's threads one
// after another (the first would spin forever): the vectorizer refuses the spin loop and
// softmetal runs the threads as fibers in lockstep, each atomic a step (docs/softmetal.md).
#include <cstdio>
#include <cstdlib>

__global__ void chain(int *flags, int *value) {
  int n = blockDim.x, t = threadIdx.x;
  int *f = flags + blockIdx.x * n, *v = value + blockIdx.x * n;
  int mine = t;
  if (t + 1 < n) {
    while (atomicAdd(&f[t + 1], 0) == 0) {
    }
    __threadfence();
    mine += ((volatile int *)v)[t + 1];
  }
  ((volatile int *)v)[t] = mine;
  __threadfence();
  atomicExch(&f[t], 1);
}

// The same with the wait on a volatile load and the chain running up (thread t waits for
// t - 1), blocks of 96 threads (three SIMD-groups, the last waiting on the first).
__global__ void chain_up(volatile int *flags, volatile int *value) {
  int n = blockDim.x, t = threadIdx.x;
  volatile int *f = flags + blockIdx.x * n, *v = value + blockIdx.x * n;
  int mine = t;
  if (t > 0) {
    while (f[t - 1] == 0) {
    }
    __threadfence();
    mine += v[t - 1];
  }
  v[t] = mine;
  __threadfence();
  f[t] = 1;
}

// Resets the flags (a plain kernel: softmetal's vector mode runs it vectorized).
__global__ void clear(int *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    flags[i] = 0;
}

static int check(const char *what, const int *v, int blocks, int n, bool down) {
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < n; t++) {
      long want = down ? (long)(n - 1 + t) * (n - t) / 2 : (long)t * (t + 1) / 2;
      if (v[b * n + t] != want) {
        printf("FAIL: %s block %d thread %d: %d, expected %ld\n", what, b, t, v[b * n + t], want);
        return 1;
      }
    }
  return 0;
}

int main() {
  const int blocks = 6, n = 128, n_up = 96;
  int *flags, *value;
  cudaMallocManaged(&flags, blocks * n * sizeof(int));
  cudaMallocManaged(&value, blocks * n * sizeof(int));
  clear<<<(blocks * n + 255) / 256, 256>>>(flags, blocks * n);
  chain<<<blocks, n>>>(flags, value);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: chain: %s\n", cudaGetErrorName(e));
    return 1;
  }
  if (check("chain", value, blocks, n, true)) return 1;
  clear<<<(blocks * n + 255) / 256, 256>>>(flags, blocks * n);
  chain_up<<<blocks, n_up>>>(flags, value);
  e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: chain_up: %s\n", cudaGetErrorName(e));
    return 1;
  }
  if (check("chain_up", value, blocks, n_up, false)) return 1;
  printf("PASS\n");
  return 0;
}
