// MSL 3.1 atomics are relaxed only: a seq_cst atomic cannot be honoured.
__global__ void count(int *c) {
  __atomic_fetch_add(c, 1, __ATOMIC_SEQ_CST);
}
// ERR: error_atomic_order.cu:3:3: error: atomic operation with an ordering stronger than relaxed (acquire, release or seq_cst) is not supported by Anchor's Metal backend
