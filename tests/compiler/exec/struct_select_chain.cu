// Nested ?: chains in a device function: SimplifyCFG turns the chain on
// (k >> 3) % 4 into a switch whose default is unreachable, so the CFG has a
// block ending in `unreachable` besides the return: both the post-dominators
// and structurizecfg (which leaves a function's top-level region alone) must
// cope with a second exit (the shape of tests/e2e's bit patterns).
__device__ unsigned long long pattern(unsigned k, unsigned width) {
  unsigned mant = width == 16 ? 10 : width == 32 ? 23 : 52;
  unsigned long long e = (k >> 1) % 4 == 0 ? 0 : (k >> 1) % 4 == 3 ? 77 : (1ull << mant) * 3;
  unsigned long long m = (k >> 3) % 4 == 0   ? 0
                         : (k >> 3) % 4 == 1 ? 1
                         : (k >> 3) % 4 == 2 ? 1ull << (mant - 1)
                                             : (1ull << mant) - 1;
  return e | m;
}

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned widths[3] = {16, 32, 64};
  unsigned long long p = pattern((unsigned)out[i] ^ (unsigned)i, widths[i % 3]);
  out[i] = (int)(p ^ (p >> 32));
}
