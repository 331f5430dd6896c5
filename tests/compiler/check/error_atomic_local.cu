// CUDA's atomics are on global and shared memory; one on a local variable is an error at the
// user's line, also for a 64-bit one, which the device library implements (the location
// comes from the atomic, through the library's nodebug functions).
__global__ void count(unsigned long long *out, int n) {
  unsigned long long local[4] = {0, 0, 0, 0};
  for (int i = 0; i < n; i++)
    atomicAdd(&local[i & 3], 1ull);
  out[0] = local[n & 3];
}
// ERR: error_atomic_local.cu:7:5: error: atomic operation on private or parameter memory is not supported by Anchor's Metal backend
