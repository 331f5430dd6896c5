// i3_scan_exclusive.cu — end-to-end test of an exclusive prefix sum built from three
// kernels, with dynamic shared memory (extern __shared__, its size given at each
// launch) and recursion on the host side:
//   make_input   fills the input on the device from a hash (the CPU uses the same
//                __host__ __device__ function);
//   scan_blocks  Blelloch (work-efficient) exclusive scan of 2*blockDim.x elements per
//                block in extern __shared__ memory, one barrier per level of the up- and
//                down-sweep; writes each block's total;
//   add_offsets  adds the exclusive scan of the block totals to each block.
// The block totals are scanned by calling the same host function recursively, until
// one block holds everything. n = 1,000,003 with 64 threads needs three levels
// (1,000,003 -> 7,813 totals -> 62 totals -> one block), i.e. two levels of recursion;
// the block size shrinks for small levels, so the dynamic shared size differs from
// launch to launch. A second run uses 256 threads and n = 300,001. 32-bit unsigned sums
// wrap identically on both sides. Every element is compared with the CPU.
// Prints PASS or FAIL: <details>.
//
// Validated with nvcc -O2 -arch=sm_90 (CUDA 13.0, V13.0.88) on an NVIDIA H200 (driver
// 580.159.04), 2026-11-29 17:47 and 17:49 UTC: PASS (tests/e2e/i3_device_run.sh; log in
// tests/e2e/observed/h200-i3.log); compute-sanitizer racecheck and synccheck: 0 hazards,
// 0 errors (observed/h200-i3-sanitizer.log).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__host__ __device__ unsigned input_value(unsigned i) {
  unsigned x = i * 2654435761u + 12345u;
  x ^= x >> 13;
  x *= 0x5bd1e995u;
  x ^= x >> 15;
  return x & 0xfffff; // up to 2^20: the running sum wraps around 2^32 many times
}

__global__ void make_input(unsigned *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    in[i] = input_value((unsigned)i);
}

// Exclusive scan of this block's m = 2*blockDim.x elements (blockDim.x a power of two);
// sums[blockIdx.x] = their total. buf has m elements (the launch's dynamic size).
__global__ void scan_blocks(const unsigned *in, unsigned *out, unsigned *sums, int n) {
  extern __shared__ unsigned buf[];
  int m = 2 * blockDim.x, t = threadIdx.x;
  int base = blockIdx.x * m;
  int a = t, b = t + blockDim.x;
  buf[a] = base + a < n ? in[base + a] : 0;
  buf[b] = base + b < n ? in[base + b] : 0;
  int offset = 1;
  for (int d = m >> 1; d > 0; d >>= 1) { // up-sweep: partial sums in a tree
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      buf[bi] += buf[ai];
    }
    offset <<= 1;
  }
  if (t == 0) {
    sums[blockIdx.x] = buf[m - 1];
    buf[m - 1] = 0;
  }
  for (int d = 1; d < m; d <<= 1) { // down-sweep: distribute the prefixes
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      unsigned x = buf[ai];
      buf[ai] = buf[bi];
      buf[bi] += x;
    }
  }
  __syncthreads();
  if (base + a < n)
    out[base + a] = buf[a];
  if (base + b < n)
    out[base + b] = buf[b];
}

// out[i] += offsets[block of i], where a block covers m elements.
__global__ void add_offsets(unsigned *out, const unsigned *offsets, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] += offsets[i / m];
}

static int check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(err));
    return 1;
  }
  return 0;
}

static int launches, max_depth;

// Exclusive scan of in[0..n) into out (device pointers), max_threads per block (a power
// of two); depth counts the recursion.
static int scan(const unsigned *in, unsigned *out, int n, int max_threads, int depth) {
  if (depth > max_depth)
    max_depth = depth;
  int threads = max_threads;
  while (threads > 1 && 2 * (threads / 2) >= n) // the smallest power of two with 2*threads >= n
    threads /= 2;
  int m = 2 * threads, blocks = (n + m - 1) / m;
  unsigned *sums = NULL;
  if (check(cudaMalloc(&sums, blocks * sizeof(unsigned)), "cudaMalloc sums"))
    return 1;
  scan_blocks<<<blocks, threads, m * sizeof(unsigned)>>>(in, out, sums, n);
  launches++;
  int bad = check(cudaGetLastError(), "scan_blocks launch");
  if (!bad && blocks > 1) {
    unsigned *offsets = NULL;
    bad = check(cudaMalloc(&offsets, blocks * sizeof(unsigned)), "cudaMalloc offsets");
    if (!bad)
      bad = scan(sums, offsets, blocks, max_threads, depth + 1);
    if (!bad) {
      add_offsets<<<(n + 127) / 128, 128>>>(out, offsets, n, m);
      launches++;
      bad = check(cudaGetLastError(), "add_offsets launch");
    }
    cudaFree(offsets);
  }
  cudaFree(sums);
  return bad;
}

static int run(int n, int max_threads, int want_depth) {
  unsigned *d_in = NULL, *d_out = NULL;
  unsigned *h = (unsigned *)malloc(n * sizeof(unsigned));
  if (!h || check(cudaMalloc(&d_in, n * sizeof(unsigned)), "cudaMalloc in") ||
      check(cudaMalloc(&d_out, n * sizeof(unsigned)), "cudaMalloc out"))
    return 1;
  make_input<<<(n + 255) / 256, 256>>>(d_in, n);
  launches = 0;
  max_depth = 0;
  int bad = check(cudaGetLastError(), "make_input launch") || scan(d_in, d_out, n, max_threads, 0) ||
            check(cudaMemcpy(h, d_out, n * sizeof(unsigned), cudaMemcpyDeviceToHost), "copy back");
  if (!bad && max_depth != want_depth) {
    printf("FAIL: n=%d threads=%d recursed %d levels, expected %d\n", n, max_threads, max_depth,
           want_depth);
    bad = 1;
  }
  unsigned sum = 0;
  for (int i = 0; i < n && !bad; i++) {
    if (h[i] != sum) {
      printf("FAIL: n=%d threads=%d out[%d] = %u, expected %u\n", n, max_threads, i, h[i], sum);
      bad = 1;
    }
    sum += input_value((unsigned)i);
  }
  if (!bad)
    printf("n=%d threads=%d: %d launches, %d levels of recursion, total %u\n", n, max_threads,
           launches, max_depth, sum);
  cudaFree(d_in);
  cudaFree(d_out);
  free(h);
  return bad;
}

int main(void) {
  int bad = run(1000003, 64, 2);
  if (!bad)
    bad = run(300001, 256, 2);
  if (!bad)
    bad = run(5, 64, 0); // one block smaller than the block
  if (bad)
    return 1;
  printf("PASS\n");
  return 0;
}
