// vector_atomics.cu — atomics in kernels softmetal's vector mode vectorizes (each active
// lane performs its atomic in turn, docs/softmetal.md), and a spin lock it must leave to the
// scalar threads (a lane holding the lock would wait for lanes spinning on it: vector_trace.sh
// checks the reason). Each result against a CPU reference.
#include <cstdio>
#include <cstdlib>

static int failures = 0;
static void check(const char *what, long bad) {
  if (bad) {
    printf("%s: %ld wrong\n", what, bad);
    failures++;
  }
}

// A histogram: grid-stride loop, shared-memory bins, then global bins.
__global__ void k_histogram(const unsigned char *in, int n, unsigned *bins) {
  __shared__ unsigned local[64];
  for (int b = threadIdx.x; b < 64; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[in[i] % 64], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 64; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

// Stream compaction: each kept element takes the slot atomicAdd returns.
__global__ void k_compact(const int *in, int n, int *out, int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0) out[atomicAdd(count, 1)] = in[i];
}

// Min, max, exchange, and, or, xor, inc on one word per block (uniform addresses: every
// active lane's operation counts).
__global__ void k_mixed(const int *in, int *mins, int *maxs, unsigned *ors, unsigned *ands,
                        unsigned *xors, unsigned *incs, int *last) {
  int b = blockIdx.x, i = b * blockDim.x + threadIdx.x;
  atomicMin(&mins[b], in[i]);
  atomicMax(&maxs[b], in[i]);
  atomicOr(&ors[b], 1u << (threadIdx.x % 32));
  atomicAnd(&ands[b], ~(1u << (threadIdx.x % 32)) | 0x80000000u);
  atomicXor(&xors[b], (unsigned)in[i]);
  atomicInc(&incs[b], 1000000u);
  if (threadIdx.x == 7) atomicExch(&last[b], in[i]);
}

// A float sum through atomicAdd on floats (result depends on order: checked against a bound).
__global__ void k_fsum(const float *in, int n, float *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(sum, in[i]);
}

// A spin lock per block: the loop's exit depends on atomicCAS (kept scalar in vector mode).
__global__ void k_spinlock(int *lock, int *counter) {
  bool done = false;
  while (!done) {
    if (atomicCAS(&lock[blockIdx.x], 0, 1) == 0) {
      counter[blockIdx.x] += threadIdx.x + 1;
      __threadfence();
      atomicExch(&lock[blockIdx.x], 0);
      done = true;
    }
  }
}

// An election: one thread per block wins atomicCAS(flag, 7, tid + 100) — a compare-and-swap
// with a constant expected value and no loop of the program's own (the MSL's retry of
// spurious failures is no spin loop: vector code); every loser records what it observed.
__global__ void k_elect(int *flag, int *winner, int *seen) {
  int old = atomicCAS(&flag[blockIdx.x], 7, (int)threadIdx.x + 100);
  if (old == 7) atomicAdd(&winner[blockIdx.x], 1);
  seen[blockIdx.x * blockDim.x + threadIdx.x] = old;
}

template <class T> static T *alloc(size_t n) {
  T *p;
  if (cudaMallocManaged(&p, n * sizeof(T)) != cudaSuccess) {
    printf("FAIL: cudaMallocManaged\n");
    exit(1);
  }
  return p;
}

int main() {
  { // k_histogram
    int n = 100003;
    unsigned char *in = alloc<unsigned char>(n);
    unsigned *bins = alloc<unsigned>(64), want[64] = {0};
    for (int i = 0; i < n; i++)
      in[i] = (unsigned char)((i * 2654435761u) >> 24), want[in[i] % 64]++;
    for (int b = 0; b < 64; b++)
      bins[b] = 0;
    k_histogram<<<8, 128>>>(in, n, bins);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int b = 0; b < 64; b++)
      bad += bins[b] != want[b];
    check("k_histogram", bad);
  }
  { // k_compact
    int n = 5000;
    int *in = alloc<int>(n), *out = alloc<int>(n), *count = alloc<int>(1);
    for (int i = 0; i < n; i++)
      in[i] = i * 7 + 1;
    *count = 0;
    k_compact<<<(n + 255) / 256, 256>>>(in, n, out, count);
    cudaDeviceSynchronize();
    int want = 0;
    long sum = 0, want_sum = 0, bad = 0;
    for (int i = 0; i < n; i++)
      if (in[i] % 3 == 0) want++, want_sum += in[i];
    for (int k = 0; k < *count && k < n; k++)
      sum += out[k], bad += out[k] % 3 != 0;
    check("k_compact", bad + (*count != want) + (sum != want_sum));
  }
  { // k_mixed
    int blocks = 6, t = 96, n = blocks * t;
    int *in = alloc<int>(n), *mins = alloc<int>(blocks), *maxs = alloc<int>(blocks),
        *last = alloc<int>(blocks);
    unsigned *ors = alloc<unsigned>(blocks), *ands = alloc<unsigned>(blocks),
             *xors = alloc<unsigned>(blocks), *incs = alloc<unsigned>(blocks);
    for (int i = 0; i < n; i++)
      in[i] = (i * 7919) % 2001 - 1000;
    for (int b = 0; b < blocks; b++)
      mins[b] = 1 << 30, maxs[b] = -(1 << 30), ors[b] = 0, ands[b] = ~0u, xors[b] = 0,
      incs[b] = 0, last[b] = 0;
    k_mixed<<<blocks, t>>>(in, mins, maxs, ors, ands, xors, incs, last);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int b = 0; b < blocks; b++) {
      int mn = 1 << 30, mx = -(1 << 30);
      unsigned x = 0;
      for (int k = 0; k < t; k++)
        mn = in[b * t + k] < mn ? in[b * t + k] : mn, mx = in[b * t + k] > mx ? in[b * t + k] : mx,
        x ^= (unsigned)in[b * t + k];
      bad += mins[b] != mn || maxs[b] != mx || ors[b] != 0xffffffffu || ands[b] != 0x80000000u ||
             xors[b] != x || incs[b] != (unsigned)t || last[b] != in[b * t + 7];
    }
    check("k_mixed", bad);
  }
  { // k_fsum
    int n = 4096;
    float *in = alloc<float>(n), *sum = alloc<float>(1);
    for (int i = 0; i < n; i++)
      in[i] = (float)(i % 10); // exact in float in any order: integers below 2^24
    *sum = 0.0f;
    k_fsum<<<n / 128, 128>>>(in, n, sum);
    cudaDeviceSynchronize();
    float want = 0.0f;
    for (int i = 0; i < n; i++)
      want += in[i];
    check("k_fsum", *sum != want);
  }
  { // k_spinlock
    int blocks = 4, t = 64;
    int *lock = alloc<int>(blocks), *counter = alloc<int>(blocks);
    for (int b = 0; b < blocks; b++)
      lock[b] = 0, counter[b] = 0;
    k_spinlock<<<blocks, t>>>(lock, counter);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int b = 0; b < blocks; b++)
      bad += counter[b] != t * (t + 1) / 2;
    check("k_spinlock", bad);
  }
  { // k_elect
    int blocks = 5, t = 96;
    int *flag = alloc<int>(blocks), *winner = alloc<int>(blocks), *seen = alloc<int>(blocks * t);
    for (int b = 0; b < blocks; b++)
      flag[b] = 7, winner[b] = 0;
    k_elect<<<blocks, t>>>(flag, winner, seen);
    cudaDeviceSynchronize();
    long bad = 0;
    for (int b = 0; b < blocks; b++) {
      // exactly one thread saw 7; every other saw the winner's value, which flag holds
      int sevens = 0, w = flag[b] - 100;
      bad += winner[b] != 1 || w < 0 || w >= t;
      for (int k = 0; k < t; k++)
        sevens += seen[b * t + k] == 7, bad += seen[b * t + k] != 7 && seen[b * t + k] != flag[b];
      bad += sevens != 1 || (w >= 0 && w < t && seen[b * t + w] != 7);
    }
    check("k_elect", bad);
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(e));
    return 1;
  }
  if (failures) {
    printf("FAIL\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
