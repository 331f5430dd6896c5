// 64-, 16- and 8-bit atomics (the device library's lock table and CAS loops) from many
// threads at once on device and threadgroup memory; order-independent final values only
// (the host runs the threads one after another). Needs MSL 3.2 (the locks' fences).
// EXEC: 1000 4 128
typedef unsigned long long u64;

__global__ void test_kernel(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = ((i * 37) % 101) - 50;
  u64 *wide = (u64 *)&out[2000]; // 8-byte aligned: out is
  __atomic_fetch_add(&wide[0], (u64)(v + 50) << 30, __ATOMIC_RELAXED);
  __atomic_fetch_max((long long *)&wide[1], (long long)v * 0x100000000ll, __ATOMIC_RELAXED);
  __atomic_fetch_xor(&wide[2], (u64)(i * 2654435761u) << 17, __ATOMIC_RELAXED);
  __atomic_fetch_add((double *)&wide[4], (double)v, __ATOMIC_RELAXED); // starts tiny
  unsigned short *halves = (unsigned short *)&out[2010];
  __atomic_fetch_add(&halves[i & 1], (unsigned short)(v & 15), __ATOMIC_RELAXED);
  __atomic_fetch_or(&halves[2 + (i & 1)], (unsigned short)(1u << (i % 16)), __ATOMIC_RELAXED);
  unsigned char *bytes = (unsigned char *)&out[2012];
  __atomic_fetch_add(&bytes[i & 3], (unsigned char)(v & 7), __ATOMIC_RELAXED);
  __atomic_fetch_min((signed char *)&bytes[4 + (i & 3)], (signed char)v, __ATOMIC_RELAXED);
#ifdef __CUDA_ARCH__
  __shared__ u64 block_sum;
  if (threadIdx.x == 0) block_sum = 0;
  __syncthreads();
  __atomic_fetch_add(&block_sum, (u64)(v + 50) << 33, __ATOMIC_RELAXED);
  __syncthreads();
  if (threadIdx.x == 0) {
    out[2100 + 2 * blockIdx.x] = (int)(unsigned)block_sum;
    out[2101 + 2 * blockIdx.x] = (int)(unsigned)(block_sum >> 32);
  }
#else
  if (threadIdx.x == 0) {
    u64 sum = 0;
    for (unsigned t = 0; t < blockDim.x; t++) {
      int j = blockIdx.x * blockDim.x + t, w = ((j * 37) % 101) - 50;
      sum += (u64)(w + 50) << 33;
    }
    out[2100 + 2 * blockIdx.x] = (int)(unsigned)sum;
    out[2101 + 2 * blockIdx.x] = (int)(unsigned)(sum >> 32);
  }
#endif
}
