// volatile_shared_spin.cu — issue 10: threads of a block wait, between two
// __syncthreads(), on a volatile __shared__ flag that another thread of the
// block sets (the hand-off of a merge-path kernel: a producer thread publishes
// a split point, the others spin until it appears). Legal on a GPU, where the
// warps run concurrently; softmetal used to run each waiting thread until it
// blocked, so a spinning fiber never let the producer run (no finish within
// 10 minutes). With SIMD-groups in lockstep (softmetal/lockstep.c) each
// volatile shared access is a step, and the producer gets its turn.
// Checked against a host reference; builds with nvcc too.
#include <cstdio>
#include <cstdlib>

constexpr int kThreads = 256, kBlocks = 8, kItems = 4096;

// Each block merges two sorted runs (a: evens, b: odds of its slice). The
// last thread computes the split of its block's output by a binary search and
// publishes it through a volatile flag; every other thread spins on the flag,
// then all merge their part around the split.
__global__ void merge_blocks(const int *a, const int *b, int *out, int *splits) {
  __shared__ volatile int ready;
  __shared__ volatile int split;
  const int n = kItems / kBlocks / 2; // items per run in this block
  const int *ra = a + blockIdx.x * n, *rb = b + blockIdx.x * n;
  int *ro = out + blockIdx.x * 2 * n;
  if (threadIdx.x == 0) ready = 0;
  __syncthreads();
  if (threadIdx.x == blockDim.x - 1) { // the producer: merge-path split at the middle
    int diag = n, lo = 0, hi = n;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (ra[mid] < rb[diag - 1 - mid]) lo = mid + 1; else hi = mid;
    }
    split = lo;
    __threadfence_block();
    ready = 1;
  } else {
    while (ready == 0) { /* spin on the volatile flag */ }
  }
  __syncthreads();
  int s = split;
  if (threadIdx.x == 0) splits[blockIdx.x] = s;
  // thread 0 merges the first half (diag n), thread 1 the second; the rest idle
  if (threadIdx.x < 2) {
    int i = threadIdx.x == 0 ? 0 : s, j = threadIdx.x == 0 ? 0 : n - s;
    int ie = threadIdx.x == 0 ? s : n, je = threadIdx.x == 0 ? n - s : n;
    int k = threadIdx.x == 0 ? 0 : n;
    while (i < ie || j < je) {
      if (j >= je || (i < ie && ra[i] < rb[j])) ro[k++] = ra[i++]; else ro[k++] = rb[j++];
    }
  }
}

int main() {
  const int half = kItems / 2;
  int *a, *b, *out, *splits;
  cudaMallocManaged(&a, half * sizeof(int));
  cudaMallocManaged(&b, half * sizeof(int));
  cudaMallocManaged(&out, kItems * sizeof(int));
  cudaMallocManaged(&splits, kBlocks * sizeof(int));
  const int n = kItems / kBlocks / 2;
  for (int blk = 0; blk < kBlocks; blk++)
    for (int i = 0; i < n; i++) {
      a[blk * n + i] = blk * 100000 + 2 * i * 3;     // sorted
      b[blk * n + i] = blk * 100000 + 2 * i * 2 + 1; // sorted, different density
    }
  merge_blocks<<<kBlocks, kThreads>>>(a, b, out, splits);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(e));
    return 1;
  }
  int bad = 0;
  for (int blk = 0; blk < kBlocks; blk++) {
    // host reference: std merge of the two runs
    int i = 0, j = 0, k = 0;
    const int *ra = a + blk * n, *rb = b + blk * n;
    while (i < n || j < n) {
      int v = (j >= n || (i < n && ra[i] < rb[j])) ? ra[i++] : rb[j++];
      if (out[blk * 2 * n + k++] != v) bad++;
    }
  }
  printf("split of block 0: %d; wrong outputs: %d of %d\n", splits[0], bad, kItems);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
