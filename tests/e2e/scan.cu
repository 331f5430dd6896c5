// scan.cu — end-to-end test of a multi-pass algorithm: an inclusive prefix sum of
// 1,000,001 integers. Pass 1 scans each 512-element block in shared memory
// (Hillis-Steele with double buffering, __syncthreads between steps) and stores block
// totals; pass 2 scans the totals recursively with the same kernel; pass 3 adds each
// block's offset. Compared with the CPU element by element. Prints PASS or FAIL.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

enum { BLOCK = 512 };

// Inclusive scan of each block's BLOCK elements; totals[blockIdx.x] = the block's sum.
__global__ void scan_blocks(const long long *in, long long *out, long long *totals, int n) {
  __shared__ long long buf[2][BLOCK];
  int t = threadIdx.x, i = blockIdx.x * BLOCK + t;
  int cur = 0;
  buf[cur][t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < BLOCK; offset *= 2) {
    long long v = buf[cur][t];
    if (t >= offset)
      v += buf[cur][t - offset];
    buf[1 - cur][t] = v;
    cur = 1 - cur;
    __syncthreads();
  }
  if (i < n)
    out[i] = buf[cur][t];
  if (t == BLOCK - 1 && totals != NULL)
    totals[blockIdx.x] = buf[cur][t];
}

// out[i] += the inclusive scan of the totals of all earlier blocks.
__global__ void add_offsets(long long *out, const long long *scanned_totals, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n && blockIdx.x > 0)
    out[i] += scanned_totals[blockIdx.x - 1];
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

// Scans d_in[0..n) into d_out on the device, recursing on the block totals.
static int device_scan(const long long *d_in, long long *d_out, int n) {
  int blocks = (n + BLOCK - 1) / BLOCK;
  if (blocks == 1) {
    scan_blocks<<<1, BLOCK>>>(d_in, d_out, NULL, n);
    return check(cudaGetLastError(), "scan_blocks");
  }
  long long *totals, *scanned;
  if (check(cudaMalloc((void **)&totals, blocks * sizeof(long long)), "cudaMalloc") ||
      check(cudaMalloc((void **)&scanned, blocks * sizeof(long long)), "cudaMalloc"))
    return 1;
  scan_blocks<<<blocks, BLOCK>>>(d_in, d_out, totals, n);
  if (check(cudaGetLastError(), "scan_blocks") || device_scan(totals, scanned, blocks))
    return 1;
  add_offsets<<<blocks, BLOCK>>>(d_out, scanned, n);
  if (check(cudaGetLastError(), "add_offsets") || check(cudaDeviceSynchronize(), "scan"))
    return 1;
  cudaFree(totals);
  cudaFree(scanned);
  return 0;
}

int main(void) {
  const int n = 1000001;
  long long *in = (long long *)malloc(n * sizeof(long long));
  long long *out = (long long *)malloc(n * sizeof(long long));
  for (int i = 0; i < n; i++)
    in[i] = (long long)((i * 2654435761u) % 100003) - 50000 + ((i % 1000 == 0) ? 1LL << 33 : 0);
  long long *din, *dout;
  if (check(cudaMalloc((void **)&din, n * sizeof(long long)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, n * sizeof(long long)), "cudaMalloc") ||
      check(cudaMemcpy(din, in, n * sizeof(long long), cudaMemcpyHostToDevice), "memcpy") ||
      device_scan(din, dout, n) || check(cudaDeviceSynchronize(), "scan") ||
      check(cudaMemcpy(out, dout, n * sizeof(long long), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  long long sum = 0;
  for (int i = 0; i < n; i++) {
    sum += in[i];
    if (out[i] != sum) {
      printf("FAIL: scan[%d] = %lld, expected %lld\n", i, out[i], sum);
      return 1;
    }
  }
  cudaFree(din);
  cudaFree(dout);
  free(in);
  free(out);
  printf("PASS\n");
  return 0;
}
