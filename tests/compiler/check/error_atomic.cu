// 64-bit atomics have no MSL 3.1 equivalent (no 64-bit add or CAS).
__global__ void count(unsigned long long *c) {
  __atomic_fetch_add(c, 1ull, __ATOMIC_RELAXED);
}
// ERR: error_atomic.cu:3:3: error: 64-bit atomic operation is not supported by Anchor's Metal backend
