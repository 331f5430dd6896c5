// spin_one_lane.cu — spin loops that only one thread of each block runs: thread 0 of each
// block waits for a flag another block sets (block b for block b + 1: the last block goes
// first, so in block order every earlier block really waits), then takes a global lock
// with atomicCAS, appends its block index to a list and bumps a volatile counter inside
// the lock, releases it and sets its own flag. softmetal's vectorizer takes such loops
// (at most one lane of a SIMD-group can run them, docs/softmetal.md "spin loops"); the
// kernel then runs as vector code with its SIMD-groups interleaved (a waiting group parks
// and the others run). Checked against the CPU: the list is blocks-1 .. 0, the counter is
// `blocks`, and every thread's values.
#include <cstdio>

// No shared memory, no barrier: the wait guarded by the linear thread index.
__global__ void chain_lock(int *flags, int *lock, volatile int *counter, int *order,
                           int *out) {
  int b = blockIdx.x, nb = gridDim.x;
  int tid = threadIdx.x + blockDim.x * threadIdx.y;
  int i = b * blockDim.x * blockDim.y + tid;
  if (tid == 0) {
    if (b + 1 < nb) {
      while (atomicAdd(&flags[b + 1], 0) == 0) {
      }
    }
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    __threadfence();
    int pos = *counter;
    order[pos] = b;
    *counter = pos + 1;
    __threadfence();
    atomicExch(lock, 0);
    atomicExch(&flags[b], 1);
  }
  out[i] = i * 3 + b;
}

// With shared memory and barriers: a chained scan. Each block sums its segment, thread 0
// waits for block b + 1's inclusive suffix sum (a volatile load), publishes its own, and
// the block adds the suffix after it to every element.
__global__ void chain_scan(const int *in, volatile int *suffix, volatile int *ready,
                           int *out) {
  __shared__ int part[256];
  __shared__ int after;
  int b = blockIdx.x, nb = gridDim.x, t = threadIdx.x, n = blockDim.x;
  int v = in[b * n + t];
  part[t] = v;
  __syncthreads();
  for (int s = n / 2; s > 0; s /= 2) {
    if (t < s) part[t] += part[t + s];
    __syncthreads();
  }
  if (t == 0) {
    int later = 0;
    if (b + 1 < nb) {
      while (ready[b + 1] == 0) {
      }
      __threadfence();
      later = suffix[b + 1];
    }
    suffix[b] = later + part[0];
    __threadfence();
    ready[b] = 1;
    after = later;
  }
  __syncthreads();
  out[b * n + t] = v + after;
}

int main() {
  const int blocks = 8, n = 128;
  int *flags, *lock, *counter, *order, *out, *in, *suffix, *ready;
  cudaMallocManaged(&flags, blocks * sizeof(int));
  cudaMallocManaged(&lock, sizeof(int));
  cudaMallocManaged(&counter, sizeof(int));
  cudaMallocManaged(&order, blocks * sizeof(int));
  cudaMallocManaged(&out, blocks * n * sizeof(int));
  cudaMallocManaged(&in, blocks * n * sizeof(int));
  cudaMallocManaged(&suffix, blocks * sizeof(int));
  cudaMallocManaged(&ready, blocks * sizeof(int));
  // 1-D blocks and 2-D blocks (32 x 4: each row one SIMD-group)
  for (int shape = 0; shape < 2; shape++) {
    for (int b = 0; b < blocks; b++)
      flags[b] = 0, order[b] = -1;
    *lock = 0, *counter = 0;
    dim3 block = shape ? dim3(32, n / 32) : dim3(n);
    chain_lock<<<blocks, block>>>(flags, lock, counter, order, out);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      printf("FAIL: chain_lock: %s\n", cudaGetErrorName(e));
      return 1;
    }
    if (*counter != blocks) {
      printf("FAIL: chain_lock counter %d, expected %d\n", *counter, blocks);
      return 1;
    }
    for (int k = 0; k < blocks; k++)
      if (order[k] != blocks - 1 - k) {
        printf("FAIL: chain_lock order[%d] = %d, expected %d\n", k, order[k], blocks - 1 - k);
        return 1;
      }
    for (int i = 0; i < blocks * n; i++)
      if (out[i] != i * 3 + i / n) {
        printf("FAIL: chain_lock out[%d] = %d, expected %d\n", i, out[i], i * 3 + i / n);
        return 1;
      }
  }
  for (int i = 0; i < blocks * n; i++)
    in[i] = (i * 7919) % 1000 - 500;
  for (int b = 0; b < blocks; b++)
    ready[b] = 0, suffix[b] = 0;
  chain_scan<<<blocks, n>>>(in, suffix, ready, out);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: chain_scan: %s\n", cudaGetErrorName(e));
    return 1;
  }
  long tail = 0; // the sum of the blocks after block b
  for (int b = blocks - 1; b >= 0; b--) {
    long sum = 0;
    for (int t = 0; t < n; t++) {
      int want = in[b * n + t] + (int)tail;
      if (out[b * n + t] != want) {
        printf("FAIL: chain_scan out[%d] = %d, expected %d\n", b * n + t, out[b * n + t], want);
        return 1;
      }
      sum += in[b * n + t];
    }
    if (suffix[b] != (int)(tail + sum)) {
      printf("FAIL: chain_scan suffix[%d] = %d, expected %ld\n", b, suffix[b], tail + sum);
      return 1;
    }
    tail += sum;
  }
  printf("PASS\n");
  return 0;
}
