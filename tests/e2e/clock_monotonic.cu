// clock64(), clock(), %globaltimer and __nanosleep(): within a thread each
// clock64() read is at least the previous one and the last exceeds the first
// (CUDA's counters advance; Anchor's count reads, docs/runtime.md "Device
// services"), clock()'s 32 bits advance modulo 2^32, %globaltimer (read as
// the PTX register it is) never goes back, and __nanosleep returns. The
// distance of %globaltimer from the host's clock is printed, not checked.
#include <cstdio>
#include <ctime>

enum { BLOCKS = 4, THREADS = 64, READS = 16 };

__device__ __forceinline__ unsigned long long global_timer(void) {
#if defined(__clang__)
  return __nvvm_read_ptx_sreg_globaltimer(); // what clang spells the register
#else
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
#endif
}

__global__ void clocks(long long *c64, unsigned *c32, unsigned long long *timer) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < READS; k++) {
    c64[t * READS + k] = clock64();
    c32[t * READS + k] = (unsigned)clock();
    timer[t * READS + k] = global_timer();
    if (k == READS / 2) __nanosleep(1000);
  }
}

int main() {
  const int n = BLOCKS * THREADS * READS;
  long long *c64;
  unsigned *c32;
  unsigned long long *timer;
  if (cudaMalloc(&c64, n * sizeof *c64) != cudaSuccess ||
      cudaMalloc(&c32, n * sizeof *c32) != cudaSuccess ||
      cudaMalloc(&timer, n * sizeof *timer) != cudaSuccess)
    return 1;
  struct timespec before;
  clock_gettime(CLOCK_REALTIME, &before);
  clocks<<<BLOCKS, THREADS>>>(c64, c32, timer);
  static long long h64[n];
  static unsigned h32[n];
  static unsigned long long ht[n];
  bool ok = cudaDeviceSynchronize() == cudaSuccess &&
            cudaMemcpy(h64, c64, sizeof h64, cudaMemcpyDeviceToHost) == cudaSuccess &&
            cudaMemcpy(h32, c32, sizeof h32, cudaMemcpyDeviceToHost) == cudaSuccess &&
            cudaMemcpy(ht, timer, sizeof ht, cudaMemcpyDeviceToHost) == cudaSuccess;
  int bad64 = 0, bad32 = 0, badt = 0;
  for (int t = 0; t < BLOCKS * THREADS; t++) {
    const long long *a = h64 + t * READS;
    const unsigned *b = h32 + t * READS;
    const unsigned long long *g = ht + t * READS;
    for (int k = 1; k < READS; k++) {
      bad64 += a[k] < a[k - 1];
      bad32 += (unsigned)(b[k] - b[k - 1]) >= 0x80000000u;
      badt += g[k] < g[k - 1];
    }
    bad64 += a[READS - 1] <= a[0];
    bad32 += b[READS - 1] == b[0];
  }
  double host_ns = before.tv_sec * 1e9 + before.tv_nsec;
  printf("threads %d: clock64 out of order %d, clock %d, globaltimer %d; "
         "globaltimer - host time at launch: %.3f s\n",
         BLOCKS * THREADS, bad64, bad32, badt, ((double)ht[0] - host_ns) / 1e9);
  ok = ok && bad64 == 0 && bad32 == 0 && badt == 0;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
