// 128-bit atomics (CUDA: compute capability 9.x) have no Metal counterpart and no lock-table
// implementation in Anchor: a located error, before the device library is linked.
__global__ void swap(unsigned __int128 *p, unsigned __int128 v) {
  p[1] = __atomic_exchange_n(p, v, __ATOMIC_RELAXED);
}
// ERR: error_atomic.cu:4:10: error: 128-bit atomic operation is not supported by Anchor's Metal backend
