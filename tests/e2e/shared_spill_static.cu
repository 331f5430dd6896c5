// shared_spill_static.cu — kernels with more static __shared__ data than a Metal
// threadgroup holds (32 KiB; CUDA allows 48 KiB per block): 40 KiB in three arrays and
// the whole 48 KiB in one, each block on its own copy (a 2-D grid of 3 x 2 blocks, run
// at once), written and read across threads through __syncthreads and __syncwarp,
// shared atomics of every kind CUDA has on them (32-bit int add/max/CAS/exchange, float
// add, 64-bit add and CAS), __syncthreads_count, a device function called with
// pointers into two different arrays (a generic pointer), through <<<>>>, a stream and a
// graph of two concurrent branches; cudaFuncGetAttributes' sharedSizeBytes; no memory
// kept after many launches. Every value is checked against a CPU
// reference. Also compiles with nvcc: nvcc -O2 -arch=sm_90 shared_spill_static.cu.
// Prints PASS or FAIL.
#include <cstdio>
#include <cstring>

enum { THREADS = 256, GX = 3, GY = 2, BLOCKS = GX * GY, A_INTS = 6144, B_INTS = 2048 };

// 40 KiB: a (24 KiB), b and c (8 KiB each). At most 32 KiB fit a Metal threadgroup.
__global__ void forty(const int *in, int *out, float *fout, unsigned long long *lout) {
  __shared__ int a[A_INTS];
  __shared__ float b[B_INTS];
  __shared__ unsigned c[B_INTS];
  __shared__ unsigned long long wide[2];
  __shared__ int hist[16];
  unsigned t = threadIdx.x, block = blockIdx.y * gridDim.x + blockIdx.x;
  for (unsigned i = t; i < A_INTS; i += THREADS) a[i] = in[i] + (int)block;
  for (unsigned i = t; i < B_INTS; i += THREADS) {
    b[i] = 0.5f * (float)i;
    c[i] = 0;
  }
  if (t < 16) hist[t] = 0;
  if (t < 2) wide[t] = 0;
  __syncthreads();
  // every thread reads what others wrote (reversed), into the other arrays
  for (unsigned i = t; i < B_INTS; i += THREADS) {
    atomicAdd(&c[i], (unsigned)a[A_INTS - 1 - i]);
    atomicAdd(&c[(i * 7) % B_INTS], 1u);
    atomicAdd(&b[(i * 3) % B_INTS], 1.0f);
    atomicAdd(&hist[a[i] & 15], 1);
  }
  atomicAdd(&wide[0], 0x100000000ull + t);
  unsigned long long seen = wide[1];
  for (;;) { // 64-bit CAS: a running maximum of t * 2^33
    unsigned long long want = (unsigned long long)t << 33;
    if (seen >= want) break;
    unsigned long long old = atomicCAS(&wide[1], seen, want);
    if (old == seen) break;
    seen = old;
  }
  atomicMax(&a[3000], (int)(t * 3)); // a[2048, 4096) is read by no thread above
  __syncthreads();
  int busy = __syncthreads_count(c[t] & 1);
  if (t == 0) {
    atomicExch(&a[3001], busy);
    atomicCAS(&a[3002], a[3002], -7);
  }
  __syncwarp();
  __syncthreads();
  for (unsigned i = t; i < B_INTS; i += THREADS) {
    out[block * (A_INTS + B_INTS + 16) + i] = (int)c[i];
    fout[block * B_INTS + i] = b[i];
  }
  for (unsigned i = t; i < A_INTS; i += THREADS)
    out[block * (A_INTS + B_INTS + 16) + B_INTS + i] = a[i];
  if (t < 16) out[block * (A_INTS + B_INTS + 16) + B_INTS + A_INTS + t] = hist[t];
  if (t < 2) lout[block * 2 + t] = wide[t];
}

// The whole 48 KiB in one array (CUDA's maximum); a device function adds through
// pointers into it and into a small array beside it.
__device__ void bump(int *p, int by) { atomicAdd(p, by); }

__global__ void fortyeight(int *out) {
  __shared__ int big[12288 - 8];
  __shared__ int small[8];
  unsigned t = threadIdx.x, block = blockIdx.y * gridDim.x + blockIdx.x;
  for (unsigned i = t; i < 12288 - 8; i += blockDim.x) big[i] = (int)(i ^ block);
  if (t < 8) small[t] = 0;
  __syncthreads();
  int *where = (t & 1) ? &big[t] : &small[t & 7];
  bump(where, (int)block + 1);
  __syncthreads();
  int sum = 0;
  for (unsigned i = t; i < 12288 - 8; i += blockDim.x) sum += big[(i * 5) % (12288 - 8)];
  out[block * blockDim.x + t] = sum + small[t & 7];
}

static int failures;
static void expect(bool ok, const char *what, long long got, long long want) {
  if (!ok && failures++ < 10) printf("FAIL: %s: got %lld, want %lld\n", what, got, want);
}

static void check_forty(const char *how, const int *in, const int *out, const float *fout,
                        const unsigned long long *lout) {
  for (int block = 0; block < BLOCKS; block++) {
    int a[A_INTS];
    unsigned c[B_INTS] = {0};
    float b[B_INTS];
    int hist[16] = {0};
    for (int i = 0; i < A_INTS; i++) a[i] = in[i] + block;
    for (int i = 0; i < B_INTS; i++) b[i] = 0.5f * (float)i;
    for (int i = 0; i < B_INTS; i++) {
      c[i] += (unsigned)a[A_INTS - 1 - i];
      c[(i * 7) % B_INTS] += 1;
      b[(i * 3) % B_INTS] += 1.0f;
      hist[a[i] & 15]++;
    }
    int busy = 0;
    for (int t = 0; t < THREADS; t++) busy += c[t] & 1;
    int max = (THREADS - 1) * 3;
    a[3000] = a[3000] > max ? a[3000] : max;
    a[3001] = busy;
    a[3002] = -7;
    const int *o = out + block * (A_INTS + B_INTS + 16);
    char what[96];
    for (int i = 0; i < B_INTS; i++) {
      snprintf(what, sizeof what, "%s block %d c[%d]", how, block, i);
      expect(o[i] == (int)c[i], what, o[i], (int)c[i]);
      snprintf(what, sizeof what, "%s block %d b[%d] (x2)", how, block, i);
      expect(fout[block * B_INTS + i] == b[i], what, (long long)(2 * fout[block * B_INTS + i]),
             (long long)(2 * b[i]));
    }
    for (int i = 0; i < A_INTS; i++) {
      snprintf(what, sizeof what, "%s block %d a[%d]", how, block, i);
      expect(o[B_INTS + i] == a[i], what, o[B_INTS + i], a[i]);
    }
    for (int i = 0; i < 16; i++) {
      snprintf(what, sizeof what, "%s block %d hist[%d]", how, block, i);
      expect(o[B_INTS + A_INTS + i] == hist[i], what, o[B_INTS + A_INTS + i], hist[i]);
    }
    unsigned long long w0 = 0x100000000ull * THREADS + (unsigned long long)THREADS * (THREADS - 1) / 2;
    unsigned long long w1 = (unsigned long long)(THREADS - 1) << 33;
    snprintf(what, sizeof what, "%s block %d 64-bit add", how, block);
    expect(lout[block * 2] == w0, what, (long long)lout[block * 2], (long long)w0);
    snprintf(what, sizeof what, "%s block %d 64-bit CAS maximum", how, block);
    expect(lout[block * 2 + 1] == w1, what, (long long)lout[block * 2 + 1], (long long)w1);
  }
}

int main() {
  static int in[A_INTS], out[BLOCKS * (A_INTS + B_INTS + 16)];
  static float fout[BLOCKS * B_INTS];
  static unsigned long long lout[BLOCKS * 2];
  for (int i = 0; i < A_INTS; i++) in[i] = (i * 2654435761u) >> 12;
  int *din, *dout;
  float *dfout;
  unsigned long long *dlout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dfout, sizeof fout);
  cudaMalloc(&dlout, sizeof lout);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);

  cudaFuncAttributes attr;
  cudaError_t e = cudaFuncGetAttributes(&attr, forty);
  expect(e == cudaSuccess, "cudaFuncGetAttributes(forty)", e, 0);
  // CUDA: the static bytes, exactly (nvcc 13 / sm_90: 40960 + 16 + 64)
  printf("forty: sharedSizeBytes %zu, maxDynamicSharedSizeBytes %d\n", attr.sharedSizeBytes,
         attr.maxDynamicSharedSizeBytes);
  // (the 16-byte counter Anchor's __syncthreads_count uses in threadgroup memory is not
  // counted: CUDA's numbers, H100, CUDA 13)
  expect(attr.sharedSizeBytes == 40960 + 16 + 64, "forty sharedSizeBytes",
         (long long)attr.sharedSizeBytes, 40960 + 16 + 64);
  expect(attr.maxDynamicSharedSizeBytes == 8112, "forty maxDynamicSharedSizeBytes",
         attr.maxDynamicSharedSizeBytes, 8112);

  // <<<>>>, then a stream, then a graph of two launches
  forty<<<dim3(GX, GY), THREADS>>>(din, dout, dfout, dlout);
  e = cudaDeviceSynchronize();
  expect(e == cudaSuccess, "forty <<<>>>", e, 0);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost);
  cudaMemcpy(lout, dlout, sizeof lout, cudaMemcpyDeviceToHost);
  check_forty("<<<>>>", in, out, fout, lout);

  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMemsetAsync(dout, 0, sizeof out, s);
  forty<<<dim3(GX, GY), THREADS, 0, s>>>(din, dout, dfout, dlout);
  e = cudaStreamSynchronize(s);
  expect(e == cudaSuccess, "forty on a stream", e, 0);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost);
  cudaMemcpy(lout, dlout, sizeof lout, cudaMemcpyDeviceToHost);
  check_forty("stream", in, out, fout, lout);

  static int out48[BLOCKS * 128];
  int *dout48;
  cudaMalloc(&dout48, sizeof out48);
  cudaGraph_t g;
  cudaGraphExec_t x;
  cudaMemset(dout, 0, sizeof out);
  // two branches that run at once (a fork and a join), each kernel with its own area
  cudaStream_t s2;
  cudaEvent_t fork, join;
  cudaStreamCreate(&s2);
  cudaEventCreateWithFlags(&fork, cudaEventDisableTiming);
  cudaEventCreateWithFlags(&join, cudaEventDisableTiming);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cudaEventRecord(fork, s);
  cudaStreamWaitEvent(s2, fork, 0);
  forty<<<dim3(GX, GY), THREADS, 0, s>>>(din, dout, dfout, dlout);
  fortyeight<<<dim3(GX, GY), 128, 0, s2>>>(dout48);
  cudaEventRecord(join, s2);
  cudaStreamWaitEvent(s, join, 0);
  cudaStreamEndCapture(s, &g);
  e = cudaGraphInstantiate(&x, g, 0);
  expect(e == cudaSuccess, "cudaGraphInstantiate", e, 0);
  for (int r = 0; r < 2; r++) e = cudaGraphLaunch(x, s);
  if (e == cudaSuccess) e = cudaStreamSynchronize(s);
  expect(e == cudaSuccess, "graph", e, 0);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(fout, dfout, sizeof fout, cudaMemcpyDeviceToHost);
  cudaMemcpy(lout, dlout, sizeof lout, cudaMemcpyDeviceToHost);
  cudaMemcpy(out48, dout48, sizeof out48, cudaMemcpyDeviceToHost);
  check_forty("graph", in, out, fout, lout);
  e = cudaFuncGetAttributes(&attr, fortyeight);
  printf("fortyeight: sharedSizeBytes %zu\n", attr.sharedSizeBytes);
  expect(e == cudaSuccess && attr.sharedSizeBytes == 49152, "fortyeight sharedSizeBytes",
         (long long)attr.sharedSizeBytes, 49152);
  for (int block = 0; block < BLOCKS; block++) {
    static int big[12288 - 8];
    int small[8] = {0};
    for (int i = 0; i < 12288 - 8; i++) big[i] = i ^ block;
    for (int t = 0; t < 128; t++) {
      if (t & 1)
        big[t] += block + 1;
      else
        small[t & 7] += block + 1;
    }
    for (int t = 0; t < 128; t++) {
      int sum = 0;
      for (int i = t; i < 12288 - 8; i += 128) sum += big[(i * 5) % (12288 - 8)];
      sum += small[t & 7];
      char what[64];
      snprintf(what, sizeof what, "fortyeight block %d thread %d", block, t);
      expect(out48[block * 128 + t] == sum, what, out48[block * 128 + t], sum);
    }
  }
  // Many launches and graph replays: whatever holds the memory beyond 32 KiB is given
  // back (the device's free memory does not shrink by more than one launch's worth).
  // Each measure follows one launch on an idle device (Anchor gives its idle overflow
  // areas back at the next launch that needs one, as a pool with release threshold 0
  // does, and may still hold the last one's, 6 x 48 KiB; CUDA holds nothing).
  size_t free0 = 0, free1 = 0, total = 0;
  cudaDeviceSynchronize();
  fortyeight<<<dim3(GX, GY), 128>>>(dout48);
  cudaDeviceSynchronize();
  cudaMemGetInfo(&free0, &total);
  for (int r = 0; r < 100; r++) {
    fortyeight<<<dim3(GX, GY), 128, 0, r & 1 ? s : 0>>>(dout48);
    if (r % 10 == 0) cudaGraphLaunch(x, s);
  }
  e = cudaDeviceSynchronize();
  expect(e == cudaSuccess, "100 launches", e, 0);
  fortyeight<<<dim3(GX, GY), 128>>>(dout48);
  cudaDeviceSynchronize();
  cudaMemGetInfo(&free1, &total);
  printf("free memory before %zu, after 100 launches %zu\n", free0, free1);
  expect(free1 + BLOCKS * 49152 + 4096 >= free0, "free memory after 100 launches",
         (long long)free1, (long long)free0);
  cudaGraphExecDestroy(x);
  cudaGraphDestroy(g);
  cudaEventDestroy(fork);
  cudaEventDestroy(join);
  cudaStreamDestroy(s2);
  cudaStreamDestroy(s);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
