// shared_spill_dynamic.cu — dynamic shared memory (extern __shared__) beyond a Metal
// threadgroup's 32 KiB: 40 KiB without an opt-in (CUDA allows 48 KiB per block), the
// largest opt-in the device reports (cudaFuncSetAttribute MaxDynamicSharedMemorySize up
// to cudaDevAttrMaxSharedMemoryPerBlockOptin: 100 KiB where the device allows it, as an
// H100/H200 does; above the opt-in it must be refused), a kernel with 40 KiB of static
// and 8 KiB of dynamic memory, and small launches of the same kernels; through <<<>>>,
// cudaLaunchKernel, a stream and a graph; with barriers and shared atomics (int, float,
// 64-bit) on the memory, 2-D grids. Checks cudaFuncGetAttributes, the device limits and
// that occupancy calls a launchable configuration resident. Every value against a CPU
// reference. Also compiles with nvcc: nvcc -O2 -arch=sm_90 shared_spill_dynamic.cu.
// Prints PASS or FAIL.
#include <cstdio>
#include <cstring>
#include <vector>

extern __shared__ int dyn[];

enum { THREADS = 128, GX = 3, GY = 2, BLOCKS = GX * GY };

// Each block: n ints of dynamic memory filled, reversed through a barrier, counted
// with atomics into a small static array, and summed.
__global__ void reverse_count(const int *in, int *out, unsigned long long *wide, int n) {
  __shared__ int hist[8];
  __shared__ unsigned long long total;
  __shared__ float ftotal;
  unsigned t = threadIdx.x, block = blockIdx.y * gridDim.x + blockIdx.x;
  for (int i = t; i < n; i += THREADS) dyn[i] = in[i] * 3 + (int)block;
  if (t < 8) hist[t] = 0;
  if (t == 0) total = 0, ftotal = 0.0f;
  __syncthreads();
  int mine = 0;
  for (int i = t; i < n; i += THREADS) mine += dyn[n - 1 - i];
  __syncthreads();
  for (int i = t; i < n; i += THREADS) {
    atomicAdd(&dyn[(i * 13) % n], 1);
    atomicAdd(&hist[dyn[i] & 7], 0); // reads it too
  }
  __syncthreads();
  for (int i = t; i < n; i += THREADS) atomicAdd(&hist[dyn[i] & 7], 1);
  atomicAdd(&total, (unsigned long long)mine);
  atomicAdd(&ftotal, 0.25f);
  __syncthreads();
  for (int i = t; i < n; i += THREADS) out[block * n + i] = dyn[i];
  if (t < 8) out[BLOCKS * n + block * 8 + t] = hist[t];
  if (t == 0) {
    wide[block * 2] = total;
    wide[block * 2 + 1] = (unsigned long long)(ftotal * 4.0f);
  }
}

// 40 KiB of static memory plus dynamic memory.
__global__ void static_and_dynamic(int *out, int n) {
  __shared__ int fixed[10240];
  unsigned t = threadIdx.x, block = blockIdx.y * gridDim.x + blockIdx.x;
  for (int i = t; i < 10240; i += THREADS) fixed[i] = i + (int)block;
  for (int i = t; i < n; i += THREADS) dyn[i] = -i;
  __syncthreads();
  for (int i = t; i < n; i += THREADS) atomicAdd(&dyn[i], fixed[(i * 7) % 10240]);
  __syncthreads();
  for (int i = t; i < n; i += THREADS) out[block * n + i] = dyn[(i + 1) % n];
}

static int failures;
static void expect(bool ok, const char *what, long long got, long long want) {
  if (!ok && failures++ < 12) printf("FAIL: %s: got %lld, want %lld\n", what, got, want);
}

static std::vector<int> input(int n) {
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = (int)((i * 2654435761u) >> 20);
  return in;
}

static void check_reverse_count(const char *how, int n, const std::vector<int> &in,
                                const std::vector<int> &out,
                                const std::vector<unsigned long long> &wide) {
  for (int block = 0; block < BLOCKS; block++) {
    std::vector<int> d(n);
    for (int i = 0; i < n; i++) d[i] = in[i] * 3 + block;
    unsigned long long total = 0;
    for (int i = 0; i < n; i++) total += (unsigned long long)(long long)d[i];
    for (int i = 0; i < n; i++) d[(i * 13) % n] += 1;
    int hist[8] = {0};
    for (int i = 0; i < n; i++) hist[d[i] & 7]++;
    char what[96];
    for (int i = 0; i < n; i++) {
      snprintf(what, sizeof what, "%s n=%d block %d dyn[%d]", how, n, block, i);
      expect(out[block * n + i] == d[i], what, out[block * n + i], d[i]);
    }
    for (int k = 0; k < 8; k++) {
      snprintf(what, sizeof what, "%s n=%d block %d hist[%d]", how, n, block, k);
      expect(out[BLOCKS * n + block * 8 + k] == hist[k], what, out[BLOCKS * n + block * 8 + k],
             hist[k]);
    }
    // each thread's partial sum is an int (no thread's overflows for these inputs)
    snprintf(what, sizeof what, "%s n=%d block %d 64-bit total", how, n, block);
    expect(wide[block * 2] == total, what, (long long)wide[block * 2], (long long)total);
    snprintf(what, sizeof what, "%s n=%d block %d float total", how, n, block);
    expect(wide[block * 2 + 1] == THREADS, what, (long long)wide[block * 2 + 1], THREADS);
  }
}

// Runs reverse_count with n ints of dynamic memory in one of three ways; checks it.
static void run_reverse_count(const char *how, int n, cudaStream_t s) {
  std::vector<int> in = input(n), out(BLOCKS * n + BLOCKS * 8, 0x55);
  std::vector<unsigned long long> wide(BLOCKS * 2, 1);
  int *din, *dout;
  unsigned long long *dwide;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, out.size() * sizeof(int));
  cudaMalloc(&dwide, wide.size() * sizeof(unsigned long long));
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  size_t bytes = (size_t)n * sizeof(int);
  dim3 grid(GX, GY);
  cudaError_t e;
  if (!strcmp(how, "<<<>>>")) {
    reverse_count<<<grid, THREADS, bytes>>>(din, dout, dwide, n);
    e = cudaGetLastError();
  } else if (!strcmp(how, "cudaLaunchKernel")) {
    void *args[] = {&din, &dout, &dwide, &n};
    e = cudaLaunchKernel((const void *)reverse_count, grid, dim3(THREADS), args, bytes, s);
  } else { // a graph of the launch, replayed twice
    cudaGraph_t g;
    cudaGraphExec_t x;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    reverse_count<<<grid, THREADS, bytes, s>>>(din, dout, dwide, n);
    cudaStreamEndCapture(s, &g);
    e = cudaGraphInstantiate(&x, g, 0);
    for (int r = 0; r < 2 && e == cudaSuccess; r++) e = cudaGraphLaunch(x, s);
    if (e == cudaSuccess) e = cudaStreamSynchronize(s);
    cudaGraphExecDestroy(x);
    cudaGraphDestroy(g);
  }
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  char what[64];
  snprintf(what, sizeof what, "%s with %zu bytes: launch", how, bytes);
  expect(e == cudaSuccess, what, e, cudaSuccess);
  if (e != cudaSuccess) printf("  (%s)\n", cudaGetErrorString(e));
  cudaMemcpy(out.data(), dout, out.size() * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(wide.data(), dwide, wide.size() * sizeof(unsigned long long),
             cudaMemcpyDeviceToHost);
  check_reverse_count(how, n, in, out, wide);
  cudaFree(din);
  cudaFree(dout);
  cudaFree(dwide);
}

int main() {
  int per_block = 0, optin = 0;
  cudaDeviceGetAttribute(&per_block, cudaDevAttrMaxSharedMemoryPerBlock, 0);
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  // CUDA: 48 KiB per block on every GPU; the opt-in depends on the GPU (sm_75 64 KiB,
  // sm_90 227 KiB). Anchor models sm_75.
  printf("device: sharedMemPerBlock %d, sharedMemPerBlockOptin %d\n", per_block, optin);
  expect(per_block == 49152, "cudaDevAttrMaxSharedMemoryPerBlock", per_block, 49152);
  expect(optin >= per_block, "cudaDevAttrMaxSharedMemoryPerBlockOptin", optin, per_block);

  cudaFuncAttributes a;
  cudaFuncGetAttributes(&a, reverse_count);
  int statics = (int)a.sharedSizeBytes;
  printf("reverse_count: sharedSizeBytes %zu, maxDynamicSharedSizeBytes %d\n", a.sharedSizeBytes,
         a.maxDynamicSharedSizeBytes);
  expect(a.maxDynamicSharedSizeBytes == 49152 - statics, "default maxDynamicSharedSizeBytes",
         a.maxDynamicSharedSizeBytes, 49152 - statics);
  // CUDA's count (H100, CUDA 13): hist (32) + total (8) + ftotal (4) at their alignments,
  // rounded up to 16 where the dynamic memory starts
  expect(statics == 48, "reverse_count sharedSizeBytes", statics, 48);
  expect(a.maxDynamicSharedSizeBytes == 49104, "reverse_count maxDynamicSharedSizeBytes",
         a.maxDynamicSharedSizeBytes, 49104);

  cudaStream_t s;
  cudaStreamCreate(&s);
  const char *ways[] = {"<<<>>>", "cudaLaunchKernel", "graph"};
  // small (threadgroup memory on Metal) and 40 KiB (above it), no opt-in needed
  for (const char *how : ways) {
    run_reverse_count(how, 1000, s);
    run_reverse_count(how, 10240, s);
  }
  int blocks = -1;
  cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reverse_count, THREADS,
                                                                40960);
  printf("occupancy with 40 KiB of dynamic memory: %d blocks per multiprocessor\n", blocks);
  expect(e == cudaSuccess && blocks >= 1, "occupancy at 40 KiB", blocks, 1);

  // above 48 KiB: refused without an opt-in
  int n = 100 * 1024 / 4;
  reverse_count<<<1, THREADS, 100 * 1024>>>(nullptr, nullptr, nullptr, n);
  e = cudaGetLastError();
  expect(e == cudaErrorInvalidValue, "100 KiB without an opt-in", e, cudaErrorInvalidValue);
  // the opt-in: 100 KiB where the device allows it, else its largest
  int want = 100 * 1024 <= optin - statics ? 100 * 1024 : (optin - statics) / 16 * 16;
  e = cudaFuncSetAttribute(reverse_count, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           optin - statics + 1);
  expect(e == cudaErrorInvalidValue, "opt-in above sharedMemPerBlockOptin", e,
         cudaErrorInvalidValue);
  cudaGetLastError();
  e = cudaFuncSetAttribute(reverse_count, cudaFuncAttributeMaxDynamicSharedMemorySize, want);
  expect(e == cudaSuccess, "opt-in", e, cudaSuccess);
  cudaFuncGetAttributes(&a, reverse_count);
  expect(a.maxDynamicSharedSizeBytes == want, "maxDynamicSharedSizeBytes after the opt-in",
         a.maxDynamicSharedSizeBytes, want);
  printf("opt-in launches with %d bytes of dynamic memory\n", want);
  for (const char *how : ways) run_reverse_count(how, want / 4, s);

  // 40 KiB static + 8 KiB dynamic (and + 1 KiB)
  cudaFuncGetAttributes(&a, static_and_dynamic);
  printf("static_and_dynamic: sharedSizeBytes %zu\n", a.sharedSizeBytes);
  expect(a.sharedSizeBytes == 40960, "static_and_dynamic sharedSizeBytes",
         (long long)a.sharedSizeBytes, 40960);
  for (int m : {256, 2048}) {
    std::vector<int> out(BLOCKS * m);
    int *dout;
    cudaMalloc(&dout, out.size() * sizeof(int));
    static_and_dynamic<<<dim3(GX, GY), THREADS, m * sizeof(int), s>>>(dout, m);
    e = cudaStreamSynchronize(s);
    expect(e == cudaSuccess, "static_and_dynamic launch", e, cudaSuccess);
    cudaMemcpy(out.data(), dout, out.size() * sizeof(int), cudaMemcpyDeviceToHost);
    for (int block = 0; block < BLOCKS; block++)
      for (int i = 0; i < m; i++) {
        int j = (i + 1) % m, v = -j + ((j * 7) % 10240 + block);
        char what[80];
        snprintf(what, sizeof what, "static_and_dynamic m=%d block %d [%d]", m, block, i);
        expect(out[block * m + i] == v, what, out[block * m + i], v);
      }
    cudaFree(dout);
  }
  // 40 KiB static + 8 KiB + 16 bytes: over the 48 KiB default
  static_and_dynamic<<<1, THREADS, 8192 + 16>>>(nullptr, 0);
  e = cudaGetLastError();
  expect(e == cudaErrorInvalidValue, "48 KiB + 16 bytes without an opt-in", e,
         cudaErrorInvalidValue);
  cudaStreamDestroy(s);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
