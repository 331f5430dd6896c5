// A generic pointer that may point into private memory has no CUDA address:
// storing it to memory is an error.
__global__ void leak(int **out, int *g, int sel) {
  int local[4] = {1, 2, 3, 4};
  local[sel & 3] = sel;
  out[0] = sel ? local : g;
}
// ERR: error_generic_store.cu:6:10: error: storing the address of private or shared memory is not supported by Anchor's Metal backend
