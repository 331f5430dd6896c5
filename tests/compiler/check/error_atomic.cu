__global__ void count(int *c) {
  __atomic_fetch_add(c, 1, __ATOMIC_RELAXED);
}
// ERR: error_atomic.cu:2:3: error: atomic operation is not supported by Anchor's Metal backend
