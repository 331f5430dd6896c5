// Relaxed 32-bit atomics from many threads at once on device and threadgroup
// memory; only order-independent final values are checked (the host runs
// the threads one after another).
// EXEC: 1000 4 128
__device__ unsigned wrap_inc(unsigned *p, unsigned limit) {
#ifdef __CUDA_ARCH__
  return __nvvm_atom_inc_gen_ui(p, limit);
#else
  unsigned old = *p;
  *p = old >= limit ? 0 : old + 1;
  return old;
#endif
}

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = ((i * 37) % 101) - 50;  // the pattern, independent of updates
  __atomic_fetch_add(&out[2000 + (v & 31)], 1, __ATOMIC_RELAXED);
  __atomic_fetch_max(&out[2100], v * i, __ATOMIC_RELAXED);
  __atomic_fetch_min((unsigned *)&out[2101], (unsigned)(v * 3 + 1000), __ATOMIC_RELAXED);
  __atomic_fetch_and(&out[2102], ~(1 << (i & 31)) | (v & 1), __ATOMIC_RELAXED);
  __atomic_fetch_xor(&out[2103], v * 12345, __ATOMIC_RELAXED);
  __atomic_fetch_add((float *)&out[2104], (float)(v & 7), __ATOMIC_RELAXED);
  wrap_inc((unsigned *)&out[2105], 50u);
  // compare-and-swap loop: multiply-xor, order independent
  int old = out[2106];
  while (!__atomic_compare_exchange_n(&out[2106], &old, old ^ (i * 7 + 1), false,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
#ifdef __CUDA_ARCH__
  __shared__ int hist[16];
  if (threadIdx.x < 16) hist[threadIdx.x] = 0;
  __syncthreads();
  __atomic_fetch_add(&hist[(unsigned)v % 16], v, __ATOMIC_RELAXED);
  __syncthreads();
  if (threadIdx.x < 16) out[2200 + blockIdx.x * 16 + threadIdx.x] = hist[threadIdx.x];
#else
  if (threadIdx.x < 16) {
    int sum = 0;
    for (unsigned t = 0; t < blockDim.x; t++) {
      int j = blockIdx.x * blockDim.x + t, w = ((j * 37) % 101) - 50;
      if ((unsigned)w % 16 == threadIdx.x) sum += w;
    }
    out[2200 + blockIdx.x * 16 + threadIdx.x] = sum;
  }
#endif
}
