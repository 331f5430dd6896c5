// shared_spill_slots.cu — a kernel with 44 KiB of static __shared__ data (more than a
// Metal threadgroup's 32 KiB, so Anchor keeps it in device memory) over a grid of 2^20
// blocks: 2^20 x 44 KiB = 44 GiB, more than the device memory of most machines, so the
// program only runs where the spilled data takes a slot per *resident* block (CUDA
// keeps shared memory per resident block too). Each block writes its shared data,
// reads what its other threads wrote across __syncthreads, and threads return early:
// some before the first barrier, the odd ones after it (a block's slot must only be
// given back by its last thread). Every block's result is checked against a CPU
// reference. Then launches back to back on one stream: a kernel with a different
// slice (36 KiB, 256 threads: fewer, larger slots), the first kernel again, and a
// kernel whose extern __shared__ memory (40 KiB, opted in) does not fit, over 2^14
// blocks: each must find its slots free. Also compiles with nvcc:
// nvcc -O2 -arch=sm_90 shared_spill_slots.cu. Prints PASS or FAIL.
#include <cstdio>
#include <cstdlib>
#include <vector>

enum {
  WORDS = 11264, // 44 KiB of unsigned
  THREADS = 32,
  ACTIVE = 24,  // threads t >= ACTIVE return at once
  PER = 4,      // words each active thread writes
  STRIDE = 2816, // WORDS / PER
  STEP = 117,   // t * STEP < STRIDE: the words are distinct, spread over the array
  GX = 1024,
  GY = 1024,
  WIDE_WORDS = 4608, // 36 KiB of unsigned long long
  WIDE_THREADS = 256,
  WIDE_BLOCKS = 2048,
  DYN_BYTES = 40960,
  DYN_THREADS = 64,
  DYN_BLOCKS = 16384,
  DYN_STEP = 97,
};

__host__ __device__ unsigned position(unsigned t, unsigned k) { return k * STRIDE + t * STEP; }
__host__ __device__ unsigned value(unsigned block, unsigned t, unsigned k) {
  return block * 131u + t * 7u + k;
}

__global__ void many(unsigned *out) {
  __shared__ unsigned s[WORDS];
  unsigned t = threadIdx.x, block = blockIdx.y * gridDim.x + blockIdx.x;
  if (t >= ACTIVE) return; // early, before any barrier
  for (unsigned k = 0; k < PER; k++)
    s[position(t, k)] = value(block, t, k);
  if (t == 0) s[WORDS - 1] = block ^ 0x5a5a5a5au;
  __syncthreads();
  unsigned sum = 0;
  for (unsigned k = 0; k < PER; k++)
    sum += s[position(ACTIVE - 1 - t, k)] * (k + 1);
  unsigned last = s[WORDS - 1];
  __syncthreads();
  if (t & 1) return; // the odd threads leave while the even ones still use the slot
  s[position(t, 0)] = sum;
  __syncthreads();
  if (t == 0) {
    unsigned r = last;
    for (unsigned u = 0; u < ACTIVE; u += 2)
      r += s[position(u, 0)] * (u + 3);
    out[block] = r;
  }
}

unsigned many_reference(unsigned block) {
  unsigned r = block ^ 0x5a5a5a5au;
  for (unsigned u = 0; u < ACTIVE; u += 2) {
    unsigned sum = 0;
    for (unsigned k = 0; k < PER; k++)
      sum += value(block, ACTIVE - 1 - u, k) * (k + 1);
    r += sum * (u + 3);
  }
  return r;
}

// 36 KiB in one array: every thread writes 18 words, then sums a rotated set of them.
__global__ void wide(unsigned long long *out) {
  __shared__ unsigned long long w[WIDE_WORDS];
  unsigned t = threadIdx.x, block = blockIdx.x;
  for (unsigned i = t; i < WIDE_WORDS; i += WIDE_THREADS)
    w[i] = (unsigned long long)block << 32 | i;
  __syncthreads();
  unsigned long long sum = 0;
  for (unsigned i = t; i < WIDE_WORDS; i += WIDE_THREADS)
    sum += w[(i + 1000) % WIDE_WORDS];
  out[block * WIDE_THREADS + t] = sum;
}

unsigned long long wide_reference(unsigned block, unsigned t) {
  unsigned long long sum = 0;
  for (unsigned i = t; i < WIDE_WORDS; i += WIDE_THREADS)
    sum += (unsigned long long)block << 32 | ((i + 1000) % WIDE_WORDS);
  return sum;
}

// Dynamic shared memory beyond 32 KiB (Anchor's dynamic-spill variant): the first
// 8 threads return at once; the others write every DYN_STEP-th word and the last,
// and thread 8 checks them.
__global__ void dynamic(unsigned *out) {
  extern __shared__ unsigned d[];
  unsigned t = threadIdx.x, n = DYN_BYTES / 4;
  if (t < 8) return;
  for (unsigned i = (t - 8) * DYN_STEP; i < n; i += (DYN_THREADS - 8) * DYN_STEP)
    d[i] = blockIdx.x + i * 3u;
  if (t == 9) d[n - 1] = blockIdx.x + (n - 1) * 3u;
  __syncthreads();
  if (t == 8) {
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i += DYN_STEP)
      bad += d[i] != blockIdx.x + i * 3u;
    bad += d[n - 1] != blockIdx.x + (n - 1) * 3u;
    out[blockIdx.x] = bad ? 0xFFFFFFFFu : blockIdx.x;
  }
}

static bool ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return true;
  printf("%s: %s\n", what, cudaGetErrorString(e));
  return false;
}

static bool check_many(const std::vector<unsigned> &got, const char *what) {
  size_t wrong = 0;
  for (unsigned b = 0; b < GX * GY; b++)
    if (got[b] != many_reference(b) && wrong++ < 5)
      printf("%s: block %u: %u, expected %u\n", what, b, got[b], many_reference(b));
  if (wrong) printf("%s: %zu blocks wrong\n", what, wrong);
  return wrong == 0;
}

int main() {
  const size_t blocks = (size_t)GX * GY;
  cudaDeviceProp prop;
  if (!ok(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties")) return 1;
  // What a slice per block would take (printed, not checked: machines differ).
  printf("grid of %zu blocks x %zu bytes of static shared data = %zu MiB; device memory %zu MiB\n",
         blocks, (size_t)WORDS * 4, blocks * WORDS * 4 >> 20, (size_t)prop.totalGlobalMem >> 20);
  unsigned *out, *dout;
  unsigned long long *wout;
  if (!ok(cudaMalloc(&out, blocks * sizeof *out), "cudaMalloc") ||
      !ok(cudaMalloc(&wout, (size_t)WIDE_BLOCKS * WIDE_THREADS * sizeof *wout), "cudaMalloc") ||
      !ok(cudaMalloc(&dout, DYN_BLOCKS * sizeof *dout), "cudaMalloc"))
    return 1;
  bool pass = true;
  std::vector<unsigned> got(blocks);

  cudaMemset(out, 0, blocks * sizeof *out);
  many<<<dim3(GX, GY), THREADS>>>(out);
  pass &= ok(cudaGetLastError(), "many: launch") && ok(cudaDeviceSynchronize(), "many: run");
  pass &= ok(cudaMemcpy(got.data(), out, blocks * sizeof *out, cudaMemcpyDeviceToHost), "copy");
  pass &= check_many(got, "many");

  // back to back on one stream: other slices, then the first kernel again
  cudaStream_t stream;
  pass &= ok(cudaStreamCreate(&stream), "cudaStreamCreate");
  pass &= ok(cudaFuncSetAttribute(dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, DYN_BYTES),
             "cudaFuncSetAttribute");
  cudaMemsetAsync(out, 0, blocks * sizeof *out, stream);
  wide<<<WIDE_BLOCKS, WIDE_THREADS, 0, stream>>>(wout);
  pass &= ok(cudaGetLastError(), "wide: launch");
  many<<<dim3(GX, GY), THREADS, 0, stream>>>(out);
  pass &= ok(cudaGetLastError(), "many again: launch");
  dynamic<<<DYN_BLOCKS, DYN_THREADS, DYN_BYTES, stream>>>(dout);
  pass &= ok(cudaGetLastError(), "dynamic: launch");
  pass &= ok(cudaStreamSynchronize(stream), "stream: run");
  std::vector<unsigned long long> wgot((size_t)WIDE_BLOCKS * WIDE_THREADS);
  std::vector<unsigned> dgot(DYN_BLOCKS);
  pass &= ok(cudaMemcpy(wgot.data(), wout, wgot.size() * sizeof wgot[0], cudaMemcpyDeviceToHost),
             "copy");
  pass &= ok(cudaMemcpy(got.data(), out, blocks * sizeof *out, cudaMemcpyDeviceToHost), "copy");
  pass &= ok(cudaMemcpy(dgot.data(), dout, DYN_BLOCKS * sizeof *dout, cudaMemcpyDeviceToHost),
             "copy");
  pass &= check_many(got, "many again");
  size_t wrong = 0;
  for (unsigned b = 0; b < WIDE_BLOCKS; b++)
    for (unsigned t = 0; t < WIDE_THREADS; t++)
      if (wgot[(size_t)b * WIDE_THREADS + t] != wide_reference(b, t) && wrong++ < 5)
        printf("wide: block %u thread %u: %llu, expected %llu\n", b, t,
               wgot[(size_t)b * WIDE_THREADS + t], wide_reference(b, t));
  for (unsigned b = 0; b < DYN_BLOCKS; b++)
    if (dgot[b] != b && wrong++ < 5) printf("dynamic: block %u: %u\n", b, dgot[b]);
  if (wrong) printf("wide/dynamic: %zu wrong\n", wrong);
  pass &= wrong == 0;
  cudaStreamDestroy(stream);
  cudaFree(out);
  cudaFree(wout);
  cudaFree(dout);
  printf(pass ? "PASS\n" : "FAIL\n");
  return pass ? 0 : 1;
}
